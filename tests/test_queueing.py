"""Queueing helpers: closed forms by hand, and seeded Ciw runs against queueing theory.

Tolerance for the simulation tests: the mean over 5 independent replications (seeded, a warm-up of
500 time units discarded) must lie within 5 % of the analytic mean sojourn time, and the analytic value
must lie inside the replications' 99 % confidence interval widened by that same 5 %.
"""

import ciw
import pytest

from mmperf import queueing as q
from mmperf.stats import mean_ci

REPS, MAX_TIME, WARMUP, SEED = 5, 6000.0, 500.0, 20261122
REL_TOL = 0.05


def _mean_sojourn(network_factory, stations=1):
    def run(seed):
        records = q.simulate(network_factory(), max_time=MAX_TIME, warmup=WARMUP, seed=seed)
        # Sojourn through the whole line, for customers that completed every station.
        per_customer = records.groupby("id_number")["sojourn"].agg(["sum", "count"])
        return {"W": float(per_customer.loc[per_customer["count"] == stations, "sum"].mean())}

    runs, summary = q.replicate(run, replications=REPS, seed=SEED)
    return runs["W"].to_numpy(), summary.loc["W", "mean"]


def _assert_matches_theory(values, theory):
    mean, half = mean_ci(values, 0.99)
    assert mean == pytest.approx(theory, rel=REL_TOL)
    assert abs(mean - theory) <= half + REL_TOL * theory


# --- exact, hand-computed closed forms ---

def test_mm1_by_hand():
    m = q.mm1(arrival_rate=3.0, service_rate=4.0)  # rho 0.75, L = 3, W = 1, Wq = 0.75
    assert (m.rho, m.L, m.W, m.Wq, m.Lq) == pytest.approx((0.75, 3.0, 1.0, 0.75, 2.25))


def test_mmc_reduces_to_mm1_and_erlang_c_by_hand():
    assert q.mmc(0.5, 1.0, 1).W == pytest.approx(q.mm1(0.5, 1.0).W)
    # c = 2, a = 1.5: C = (a^2/2!)/(1-rho) / (1 + a + (a^2/2)/(1-rho)) = 4.5/(1+1.5+4.5) = 0.642857
    assert q.erlang_c(2, 1.5) == pytest.approx(0.642857, abs=1e-6)


def test_md1_half_of_mm1_wait():
    assert q.md1(0.5, 1.0).Wq == pytest.approx(q.mm1(0.5, 1.0).Wq / 2)


def test_tandem_adds_stations():
    assert q.tandem(0.5, [1.0, 2.0]).W == pytest.approx(2.0 + 2.0 / 3.0)


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


# --- deterministic Ciw cases: exact ---

def test_deterministic_single_server_is_exact():
    net = ciw.create_network(arrival_distributions=[ciw.dists.Deterministic(2.0)],
                             service_distributions=[q.service_distribution(1.0)], number_of_servers=[1])
    records = q.simulate(net, max_time=200.0, warmup=10.0, seed=1)
    assert (records["waiting_time"] == 0).all()
    assert records["sojourn"].tolist() == pytest.approx([1.0] * len(records))


def test_deterministic_tandem_sojourn_is_sum_of_services():
    net = ciw.create_network(
        arrival_distributions=[ciw.dists.Deterministic(3.0), None],
        service_distributions=[q.service_distribution(1.0), q.service_distribution(2.0)],
        routing=[[0.0, 1.0], [0.0, 0.0]], number_of_servers=[1, 1])
    records = q.simulate(net, max_time=300.0, warmup=10.0, seed=1)
    done = records.groupby("id_number")["sojourn"].agg(["sum", "count"])
    assert done.loc[done["count"] == 2, "sum"].tolist() == pytest.approx([3.0] * int((done["count"] == 2).sum()))


def test_gamma_distribution_has_requested_mean():
    ciw.seed(3)
    d = q.service_distribution(2.0, cv=0.5)
    samples = [d.sample() for _ in range(20000)]
    assert sum(samples) / len(samples) == pytest.approx(2.0, rel=0.02)


# --- seeded simulation against theory ---

def test_mm1_simulation_matches_theory():
    values, _ = _mean_sojourn(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5)],
        service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[1]))
    _assert_matches_theory(values, q.mm1(0.5, 1.0).W)


def test_md1_simulation_matches_theory():
    values, _ = _mean_sojourn(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5)],
        service_distributions=[q.service_distribution(1.0)], number_of_servers=[1]))
    _assert_matches_theory(values, q.md1(0.5, 1.0).W)


def test_mmc_simulation_matches_theory():
    values, _ = _mean_sojourn(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(1.5)],
        service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[2]))
    _assert_matches_theory(values, q.mmc(1.5, 1.0, 2).W)


def test_tandem_simulation_matches_jackson():
    values, _ = _mean_sojourn(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5), None],
        service_distributions=[ciw.dists.Exponential(1.0), ciw.dists.Exponential(2.0)],
        routing=[[0.0, 1.0], [0.0, 0.0]], number_of_servers=[1, 1]), stations=2)
    _assert_matches_theory(values, q.tandem(0.5, [1.0, 2.0]).W)


def test_same_seed_same_numbers():
    def factory():
        return ciw.create_network(arrival_distributions=[ciw.dists.Exponential(0.5)],
                                  service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[1])
    a = q.simulate(factory(), max_time=500.0, warmup=0.0, seed=7)["sojourn"].tolist()
    b = q.simulate(factory(), max_time=500.0, warmup=0.0, seed=7)["sojourn"].tolist()
    assert a == b
