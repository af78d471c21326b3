"""Queueing helpers: closed forms by hand, the exact Lindley recursion against Ciw, and seeded Ciw runs
against queueing theory sized by a power calculation.

Power calculation for the simulation tests (shared by all of them). A pilot of 8 replications of
6,000 time units (warm-up 500) gave a replication-to-replication standard deviation of the mean sojourn
of about 5 % of its value (M/M/1 at utilisation 0.5: 4.97 %; M/M/2 at 0.75: 5.13 %). With REPS = 24
replications the standard error of their mean is about 5 % / sqrt(24) = 1.02 %. Each test rejects when
the analytic value lies outside the replications' 99 % t interval (t = 2.807 for 23 degrees of freedom,
so |error| > 2.86 %), a false alarm rate of 1 %. A 5 % error in the quantity moves the mean by 4.9
standard errors, so it is detected with probability P(Z > 2.807 - 4.9) = 0.98. Each quantity is chosen so
that a 5 % error in any one rate moves it by at least 5 %: per-station mean sojourns (a 5 % error in
mu_i moves 1/(mu_i - lambda) by 6-10 % at these loads), per-station utilisations (exactly 5 %) and the
arrival rate (the number of arrivals, 5 %).
"""

import ciw
import numpy as np
import pytest

from mmperf import queueing as q
from mmperf.stats import mean_ci

REPS, MAX_TIME, WARMUP, SEED = 24, 6000.0, 500.0, 20261122
LEVEL = 0.99


def _run_stats(network_factory, stations: int):
    """Per replication: each station's mean sojourn and utilisation, the end-to-end sojourn, the time-
    average number in the system, the fraction of customers that waited, and the arrival rate."""
    def run(seed):
        records = q.simulate(network_factory(), max_time=MAX_TIME, warmup=WARMUP, seed=seed)
        window = MAX_TIME - WARMUP
        out = {}
        for node in range(1, stations + 1):
            at = records[records["node"] == node]
            out[f"W{node}"] = float(at["sojourn"].mean())
            out[f"rho{node}"] = float(at["service_time"].sum() / window / network_factory().service_centres[
                node - 1].number_of_servers)
            out[f"waited{node}"] = float((at["waiting_time"] > 1e-12).mean())
        per_customer = records.groupby("id_number")["sojourn"].agg(["sum", "count"])
        done = per_customer.loc[per_customer["count"] == stations, "sum"]
        out["W"] = float(done.mean())
        out["L"] = float(records["sojourn"].sum() / window)  # Little: time-average number in system
        out["lam"] = float((records["node"] == 1).sum() / window)
        return out

    runs, _ = q.replicate(run, replications=REPS, seed=SEED)
    return runs


def _assert_theory_in_interval(values, theory, what):
    mean, half = mean_ci(np.asarray(values), LEVEL)
    assert abs(mean - theory) <= half, f"{what}: simulated {mean:.4f} +- {half:.4f}, theory {theory:.4f}"


# --- exact, hand-computed closed forms ---

def test_mm1_by_hand():
    m = q.mm1(arrival_rate=3.0, service_rate=4.0)  # rho 0.75, L = 3, W = 1, Wq = 0.75
    assert (m.rho, m.L, m.W, m.Wq, m.Lq) == pytest.approx((0.75, 3.0, 1.0, 0.75, 2.25))


def test_mmc_by_hand_erlang_c_and_little():
    """c = 2, lambda = 1.5, mu = 1: a = 1.5, rho = 0.75,
    C = (a^2/2!)/(1-rho) / (1 + a + (a^2/2!)/(1-rho)) = 4.5 / 7 = 0.642857,
    Wq = C / (c mu - lambda) = 0.642857 / 0.5 = 1.285714, W = 2.285714,
    Lq = lambda Wq = 1.928571, L = lambda W = 3.428571 (Little)."""
    m = q.mmc(1.5, 1.0, 2)
    assert q.erlang_c(2, 1.5) == pytest.approx(4.5 / 7)
    assert (m.rho, m.Wq, m.W, m.Lq, m.L) == pytest.approx((0.75, 9 / 7, 16 / 7, 27 / 14, 24 / 7))
    assert q.mmc(0.5, 1.0, 1).W == pytest.approx(q.mm1(0.5, 1.0).W)


def test_md1_half_of_mm1_wait():
    assert q.md1(0.5, 1.0).Wq == pytest.approx(q.mm1(0.5, 1.0).Wq / 2)


def test_tandem_adds_stations_and_reports_the_bottleneck():
    """lambda = 0.5, mu = (1, 2): W = 1/0.5 + 1/1.5 = 2.6667; rho = max(0.5, 0.25) = 0.5 (not the sum 0.75)."""
    t = q.tandem(0.5, [1.0, 2.0])
    assert t.W == pytest.approx(2.0 + 2.0 / 3.0)
    assert t.rho == pytest.approx(0.5)
    assert t.L == pytest.approx(1.0 + 1.0 / 3.0)  # 0.5/0.5 + 0.25/0.75


@pytest.mark.parametrize(("call", "message"), [
    (lambda: q.mm1(-1.0, 2.0), "arrival_rate must be a finite number > 0"),
    (lambda: q.mm1(2.0, 2.0), "unstable: utilisation 1 >= 1"),
    (lambda: q.mmc(3.0, 1.0, 2), "unstable"),
    (lambda: q.mg1(0.5, 1.0, -1.0), "service_scv must be >= 0"),
    (lambda: q.service_distribution(1.0, cv=-0.1), "cv"),
    (lambda: q.tandem(1.0, []), "at least one station"),
])
def test_bad_input_is_refused_clearly(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --- exact methods against Ciw, customer by customer ---

def test_deterministic_single_server_is_exact():
    net = ciw.create_network(arrival_distributions=[ciw.dists.Deterministic(2.0)],
                             service_distributions=[q.service_distribution(1.0)], number_of_servers=[1])
    records = q.simulate(net, max_time=200.0, warmup=10.0, seed=1)
    assert (records["waiting_time"] == 0).all()
    assert records["sojourn"].tolist() == pytest.approx([1.0] * len(records))


def test_lindley_recursion_equals_ciw_customer_by_customer():
    """Ciw replays the same sampled gaps and services (Sequential distributions); its waits equal the
    vectorised recursion's to rounding."""
    rng = np.random.default_rng(5)
    gaps, services = rng.exponential(1 / 0.8, 3000), rng.exponential(1.0, 3000)
    net = ciw.create_network(arrival_distributions=[ciw.dists.Sequential(list(gaps))],
                             service_distributions=[ciw.dists.Sequential(list(services))],
                             number_of_servers=[1])
    sim = ciw.Simulation(net)
    sim.simulate_until_max_customers(2000, method="Finish")
    records = sorted(sim.get_all_records(), key=lambda r: r.arrival_date)
    ciw_waits = np.array([r.waiting_time for r in records])
    ours = q.lindley_waits(gaps, services)[: len(ciw_waits)]
    assert np.allclose(ciw_waits, ours, atol=1e-6)


def test_gamma_distribution_has_requested_mean_and_cv():
    """20,000 draws: the sample mean's relative standard error is cv/sqrt(n) = 0.35 %, so +-2 % is over 5
    standard errors; the sample cv of a gamma with cv 0.5 has a standard error of about 0.3 %, so +-3 %
    catches a shape computed as 1/cv instead of 1/cv^2 (cv would be 0.71)."""
    ciw.seed(3)
    d = q.service_distribution(2.0, cv=0.5)
    samples = np.array([d.sample() for _ in range(20000)])
    assert samples.mean() == pytest.approx(2.0, rel=0.02)
    assert samples.std(ddof=1) / samples.mean() == pytest.approx(0.5, rel=0.03)


# --- seeded simulation against theory (power calculation in the module docstring) ---

def test_mm1_simulation_matches_theory():
    runs = _run_stats(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5)],
        service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[1]), stations=1)
    theory = q.mm1(0.5, 1.0)
    _assert_theory_in_interval(runs["W1"], theory.W, "M/M/1 sojourn")
    _assert_theory_in_interval(runs["rho1"], theory.rho, "M/M/1 utilisation")
    _assert_theory_in_interval(runs["L"], theory.L, "M/M/1 number in system (Little)")
    _assert_theory_in_interval(runs["lam"], 0.5, "arrival rate")


def test_md1_simulation_matches_theory():
    runs = _run_stats(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5)],
        service_distributions=[q.service_distribution(1.0)], number_of_servers=[1]), stations=1)
    _assert_theory_in_interval(runs["W1"], q.md1(0.5, 1.0).W, "M/D/1 sojourn")


def test_mmc_simulation_matches_erlang_c():
    runs = _run_stats(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(1.5)],
        service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[2]), stations=1)
    theory = q.mmc(1.5, 1.0, 2)
    _assert_theory_in_interval(runs["W1"], theory.W, "M/M/2 sojourn")
    _assert_theory_in_interval(runs["waited1"], q.erlang_c(2, 1.5), "M/M/2 probability of waiting")
    _assert_theory_in_interval(runs["L"], theory.L, "M/M/2 number in system (Little)")


def test_tandem_simulation_matches_jackson_station_by_station():
    runs = _run_stats(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5), None],
        service_distributions=[ciw.dists.Exponential(1.0), ciw.dists.Exponential(2.0)],
        routing=[[0.0, 1.0], [0.0, 0.0]], number_of_servers=[1, 1]), stations=2)
    for node, mu in ((1, 1.0), (2, 2.0)):
        station = q.mm1(0.5, mu)
        _assert_theory_in_interval(runs[f"W{node}"], station.W, f"tandem station {node} sojourn")
        _assert_theory_in_interval(runs[f"rho{node}"], station.rho, f"tandem station {node} utilisation")
    _assert_theory_in_interval(runs["W"], q.tandem(0.5, [1.0, 2.0]).W, "tandem end-to-end sojourn")


def test_same_seed_same_numbers():
    def factory():
        return ciw.create_network(arrival_distributions=[ciw.dists.Exponential(0.5)],
                                  service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[1])
    a = q.simulate(factory(), max_time=500.0, warmup=0.0, seed=7)["sojourn"].tolist()
    b = q.simulate(factory(), max_time=500.0, warmup=0.0, seed=7)["sojourn"].tolist()
    assert a == b
