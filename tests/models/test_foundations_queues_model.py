"""The single-queue simulation (Ciw) against theory, and the Lindley run.

Power calculation. A pilot of 8 replications of 3,000 mean service times gave a replication-to-replication
relative standard deviation of 6.2 % for the loss fraction of M/M/3/3 at offered load 1.5 and 1.9 % for the
utilisation of M/M/1/4 at r = 0.9. With 24 replications their standard errors are 1.27 % and 0.39 %. Each test
rejects when theory lies outside the replications' 99 % t interval (t = 2.807 for 23 degrees of freedom), a
false-alarm rate of 1 %. A 5 % error in the loss moves the mean by 3.9 standard errors and is detected with
probability P(Z > 2.807 - 3.94) = 0.87; a 5 % error in the utilisation (12.8 standard errors) with probability
above 0.999.
"""

import random

import numpy as np
import pytest

from mmperf.stats import mean_ci
from mmstudies.foundations_queues import analytic, model

REPS, LENGTH, SEED = 24, 3000.0, 20261126


def _inside(values, theory):
    mean, half = mean_ci(np.asarray(values), 0.99)
    return abs(mean - theory) <= half, (mean, half, theory)


def test_erlang_loss_system_in_ciw():
    runs = model.replicate_queue(1.5, servers=3, service_cv=1.0, capacity=3, sim_time=LENGTH, replications=REPS,
                                 seed=SEED)
    ok, detail = _inside(runs["loss"], analytic.erlang_b(3, 1.5))
    assert ok, detail
    assert (runs["Wq"] == 0).all()   # no waiting room: nobody waits


def test_finite_buffer_utilisation_in_ciw():
    runs = model.replicate_queue(0.9, servers=1, service_cv=1.0, capacity=4, sim_time=LENGTH, replications=REPS,
                                 seed=SEED)
    ok, detail = _inside(runs["utilisation"], analytic.mm1k(0.9, 1.0, 4).utilisation)
    assert ok, detail


def test_deterministic_service_at_low_load_by_hand():
    """Service of exactly 1 (cv 0): every sojourn is at least 1, and every customer who did not wait has a
    sojourn of exactly 1."""
    runs = model.run_once(0.05, 1, 0.0, None, 400.0, 2)
    assert runs["W"] >= 1.0 and runs["loss"] == 0.0


def test_lindley_run_is_seeded_and_exact_at_deterministic_service():
    """Same seed, same waits. With cv 0 each service is 1, so a customer arriving a gap g after its predecessor
    (who waited w) waits max(0, w + 1 - g): checked on the run's own gaps, regenerated from the seed."""
    a, b = model.lindley_run(0.6, 500, seed=4, service_cv=0.0), model.lindley_run(0.6, 500, seed=4, service_cv=0.0)
    assert np.array_equal(a, b)
    gaps = np.random.default_rng(4).exponential(1 / 0.6, 500)
    expected = [0.0]
    for g in gaps[1:]:
        expected.append(max(0.0, expected[-1] + 1.0 - g))
    assert a == pytest.approx(expected)


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session): exact, cheap cases. With deterministic service (cv 0) Ciw draws nothing but the
# interarrival times, from Python's random after ciw.seed(seed), so the arrivals are the running sums of
# random.expovariate(rate) and every record follows by hand: FCFS over identical servers of service 1, a
# customer starts at max(arrival, the earliest a server is free) and an arrival that finds `capacity` customers
# in the system is lost. Ciw records only what is finished by the run's end.


def _replay(rate, servers, capacity, sim_time, seed):
    """run_once's five numbers, worked out from the seeded arrivals as the comment above says."""
    random.seed(seed)
    arrivals, t = [], random.expovariate(rate)
    while t < sim_time:
        arrivals.append(t)
        t += random.expovariate(rate)
    free, departures, waits, lost = [0.0] * servers, [], [], 0
    for a in arrivals:
        if capacity is not None and sum(d > a for d in departures) >= capacity:
            lost += a >= sim_time / 10
            continue
        k = free.index(min(free))
        start = max(a, free[k])
        free[k] = start + 1.0
        departures.append(start + 1.0)
        if a >= sim_time / 10 and start + 1.0 <= sim_time:       # warm-up: the first tenth
            waits.append(start - a)
    waits = np.array(waits)
    window = sim_time - sim_time / 10
    return {"W": float(np.mean(waits + 1.0)), "Wq": float(np.mean(waits)), "waited": float(np.mean(waits > 1e-12)),
            "utilisation": len(waits) / window / servers, "loss": lost / (lost + len(waits))}


@pytest.mark.parametrize("rate,servers,capacity,sim_time,seed", [
    (0.8, 1, None, 60.0, 3),      # M/D/1: queues form, nothing is lost
    (1.5, 2, 3, 40.0, 5),         # M/D/2/3: one waiting place, losses
    (0.9, 1, 1, 50.0, 8),         # M/D/1/1: no waiting at all
])
def test_run_once_equals_the_seeded_arrivals_worked_by_hand(rate, servers, capacity, sim_time, seed):
    out = model.run_once(rate, servers, 0.0, capacity, sim_time, seed)
    expected = _replay(rate, servers, capacity, sim_time, seed)
    assert out == pytest.approx(expected, rel=1e-12, abs=1e-12)
    assert (expected["loss"] > 0) == (capacity is not None)     # the case tests what it names
    assert expected["Wq"] > 0 or capacity == servers


def test_network_capacity_is_the_room_in_the_whole_system():
    """capacity counts the customers in service: Ciw's queue capacity is capacity - servers; None: unbounded.
    Service of mean 1 with the asked coefficient of variation (gamma of shape 1 / cv^2), Poisson arrivals."""
    bounded = model._network(1.5, 2, 0.5, 5)
    assert bounded.service_centres[0].number_of_servers == 2
    assert bounded.service_centres[0].queueing_capacity == 3
    assert model._network(1.5, 2, 0.5, None).service_centres[0].queueing_capacity == float("inf")
    cls = bounded.customer_classes["Customer"]
    assert cls.arrival_distributions[0].rate == 1.5
    service = cls.service_distributions[0]
    assert (service.shape, service.scale) == pytest.approx((4.0, 0.25))


def test_replicate_queue_defaults_and_consecutive_seeds():
    """Defaults: one server, exponential service (cv 1), no bound, 1000 time units, 4 replications, seed 1; run
    i has seed seed + i, one row each, in run_once's column order."""
    runs = model.replicate_queue(0.5, sim_time=30.0)
    assert list(runs.columns) == ["W", "Wq", "waited", "utilisation", "loss"]
    assert runs.to_dict("records") == [model.run_once(0.5, 1, 1.0, None, 30.0, s) for s in (1, 2, 3, 4)]
    assert model.replicate_queue(0.5, replications=1).to_dict("records") == [
        model.run_once(0.5, 1, 1.0, None, 1000.0, 1)]
    three = model.replicate_queue(0.7, 2, 0.0, 4, sim_time=40.0, replications=3, seed=9)
    assert three.to_dict("records") == [model.run_once(0.7, 2, 0.0, 4, 40.0, s) for s in (9, 10, 11)]


def test_lindley_run_gamma_services_by_the_recursion():
    """Gaps exponential of mean 1 / utilisation, then services gamma of shape 1 / cv^2 and scale cv^2 (mean 1),
    both from default_rng(seed) in that order; waits w_0 = 0, w_i = max(0, w_(i-1) + s_(i-1) - g_i). The default
    cv is 1 (exponential services)."""
    rng = np.random.default_rng(6)
    gaps, services = rng.exponential(1 / 0.8, 200), rng.gamma(4.0, 0.25, 200)
    expected = [0.0]
    for g, s in zip(gaps[1:], services[:-1], strict=True):
        expected.append(max(0.0, expected[-1] + s - g))
    assert model.lindley_run(0.8, 200, seed=6, service_cv=0.5) == pytest.approx(expected, rel=1e-12, abs=1e-12)
    rng = np.random.default_rng(6)
    gaps, services = rng.exponential(1 / 0.8, 50), rng.gamma(1.0, 1.0, 50)
    expected = [0.0]
    for g, s in zip(gaps[1:], services[:-1], strict=True):
        expected.append(max(0.0, expected[-1] + s - g))
    assert model.lindley_run(0.8, 50, seed=6) == pytest.approx(expected, rel=1e-12, abs=1e-12)
