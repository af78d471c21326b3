"""The single-queue simulation (Ciw) against theory, and the Lindley run.

Power calculation. A pilot of 8 replications of 3,000 mean service times gave a replication-to-replication
relative standard deviation of 6.2 % for the loss fraction of M/M/3/3 at offered load 1.5 and 1.9 % for the
utilisation of M/M/1/4 at r = 0.9. With 24 replications their standard errors are 1.27 % and 0.39 %. Each test
rejects when theory lies outside the replications' 99 % t interval (t = 2.807 for 23 degrees of freedom), a
false-alarm rate of 1 %. A 5 % error in the loss moves the mean by 3.9 standard errors and is detected with
probability P(Z > 2.807 - 3.94) = 0.87; a 5 % error in the utilisation (12.8 standard errors) with probability
above 0.999.
"""

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
