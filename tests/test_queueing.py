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


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---

def test_require_positive_accepts_numbers_and_names_the_parameter():
    """Ints, floats and numpy numbers come back as Python floats; bools, text, 0, negatives, NaN and
    infinity are refused with the parameter's name and the value's repr."""
    assert q.require_positive("r", 3) == 3.0 and type(q.require_positive("r", np.int64(3))) is float
    assert q.require_positive("r", np.float64(2.5)) == 2.5
    assert q.require_positive("r", 1e-300) == 1e-300
    for bad, shown in [(True, "True"), ("2", "'2'"), (0, "0"), (-1.5, "-1.5"), (float("nan"), "nan"),
                       (float("inf"), "inf"), (None, "None")]:
        with pytest.raises(ValueError) as err:
            q.require_positive("rate", bad)
        assert str(err.value) == f"rate must be a finite number > 0, got {shown}"


def test_require_stable_message_and_edge():
    """Utilisation 1 is unstable (no steady state); just below 1 is accepted. The message names the
    system, prints the utilisation to 4 significant digits and says why."""
    q.require_stable(0.999)
    with pytest.raises(ValueError) as err:
        q.require_stable(1.0)
    assert str(err.value) == ("queue is unstable: utilisation 1 >= 1 "
                              "(arrival rate must be below total service rate)")
    with pytest.raises(ValueError) as err:
        q.require_stable(1.23456, "M/M/9 queue")
    assert str(err.value).startswith("M/M/9 queue is unstable: utilisation 1.235 >= 1 (")


def test_erlang_c_three_servers_by_hand():
    """c = 3, a = 2: a^c/c! / (1 - rho) = (8/6) / (1/3) = 4 and sum_{k<3} a^k/k! = 1 + 2 + 2 = 5, so
    C = 4 / (5 + 4) = 4/9. One server: C = rho (an M/M/1 arrival waits when the server is busy)."""
    assert q.erlang_c(3, 2.0) == pytest.approx(4 / 9)
    assert q.erlang_c(1, 0.3) == pytest.approx(0.3)
    assert q.erlang_c(2.0, 1.0) == pytest.approx(1 / 3)   # whole-number float accepted
    with pytest.raises(ValueError) as err:
        q.erlang_c(0, 1.0)
    assert str(err.value) == "servers must be a whole number >= 1, got 0"
    with pytest.raises(ValueError) as err:
        q.erlang_c(2, 2.0)
    assert str(err.value) == ("M/M/c queue is unstable: utilisation 1 >= 1 "
                              "(arrival rate must be below total service rate)")


def test_mmc_every_field_by_hand():
    """M/M/3, lambda = 2, mu = 1: C = 4/9 (above), Wq = C / (c mu - lambda) = 4/9, W = 13/9,
    Lq = lambda Wq = 8/9, L = lambda W = 26/9, rho = 2/3. M/M/2 with lambda = 2, mu = 2: a = 1,
    C = 1/3, Wq = (1/3) / (4 - 2) = 1/6, W = 1/6 + 1/2 = 2/3, Lq = 1/3, L = 4/3, rho = 1/2."""
    m = q.mmc(2.0, 1.0, 3)
    assert (m.rho, m.L, m.Lq, m.W, m.Wq) == pytest.approx((2 / 3, 26 / 9, 8 / 9, 13 / 9, 4 / 9))
    m = q.mmc(2.0, 2.0, 2)
    assert (m.rho, m.L, m.Lq, m.W, m.Wq) == pytest.approx((1 / 2, 4 / 3, 1 / 3, 2 / 3, 1 / 6))
    with pytest.raises(ValueError) as err:
        q.mmc(1.0, 0.0, 2)
    assert str(err.value) == "service_rate must be a finite number > 0, got 0.0"
    with pytest.raises(ValueError) as err:
        q.mmc(0.0, 1.0, 2)
    assert str(err.value) == "arrival_rate must be a finite number > 0, got 0.0"


def test_mm1_messages_in_full():
    with pytest.raises(ValueError) as err:
        q.mm1(1.0, 0)
    assert str(err.value) == "service_rate must be a finite number > 0, got 0"
    with pytest.raises(ValueError) as err:
        q.mm1(3.0, 2.0)
    assert str(err.value) == ("M/M/1 queue is unstable: utilisation 1.5 >= 1 "
                              "(arrival rate must be below total service rate)")


def test_mg1_and_md1_every_field_by_hand():
    """P-K: Wq = lambda E[S]^2 (1 + scv) / (2 (1 - rho)). lambda = 0.25, E[S] = 2, scv = 0.5: rho = 0.5,
    Wq = 0.25 * 4 * 1.5 / 1 = 1.5, W = 3.5, Lq = 0.375, L = 0.875. M/D/1 with lambda = 0.5, mu = 2:
    E[S] = 0.5, rho = 0.25, Wq = 0.5 * 0.25 / (2 * 0.75) = 1/12, W = 7/12, Lq = 1/24, L = 7/24."""
    m = q.mg1(0.25, 2.0, 0.5)
    assert (m.rho, m.L, m.Lq, m.W, m.Wq) == pytest.approx((0.5, 0.875, 0.375, 3.5, 1.5))
    d = q.md1(0.5, 2.0)
    assert (d.rho, d.L, d.Lq, d.W, d.Wq) == pytest.approx((0.25, 7 / 24, 1 / 24, 7 / 12, 1 / 12))
    assert q.mg1(0.5, 1.0, 0.0).Wq == pytest.approx(0.5)   # scv 0 is allowed (deterministic)
    for call, message in [
        (lambda: q.mg1(0.5, 1.0, -1.0), "service_scv must be >= 0, got -1.0"),
        (lambda: q.mg1(0.5, 0.0, 1.0), "mean_service must be a finite number > 0, got 0.0"),
        (lambda: q.mg1(0.0, 1.0, 1.0), "arrival_rate must be a finite number > 0, got 0.0"),
        (lambda: q.mg1(1.0, 1.0, 1.0), "M/G/1 queue is unstable: utilisation 1 >= 1 "
                                       "(arrival rate must be below total service rate)"),
        (lambda: q.md1(0.5, 0), "service_rate must be a finite number > 0, got 0"),
        (lambda: q.tandem(1.0, []), "service_rates must list at least one station"),
    ]:
        with pytest.raises(ValueError) as err:
            call()
        assert str(err.value) == message


def test_tandem_every_field_by_hand():
    """lambda = 0.5. Station mu = 1: rho 0.5, L 1, Lq 0.5, W 2, Wq 1. Station mu = 2: rho 0.25, L 1/3,
    Lq 1/12, W 2/3, Wq 1/6. The line: rho = max = 0.5 whichever station comes first; the rest add."""
    for rates in ([1.0, 2.0], [2.0, 1.0]):
        t = q.tandem(0.5, rates)
        assert (t.rho, t.L, t.Lq, t.W, t.Wq) == pytest.approx((0.5, 4 / 3, 7 / 12, 8 / 3, 7 / 6))


def test_lindley_by_hand_idle_periods_and_refusals():
    """W_n = max(0, W_{n-1} + S_{n-1} - A_n). Gaps 0, 1, 5, 1 and services 3, 1, 1, 1: W = 0, 2,
    max(0, 2 + 1 - 5) = 0, max(0, 0 + 1 - 1) = 0. Gaps 0, 1, 1, 1, services 3, 1, 2, 1: 0, 2, 2, 3.
    The first gap only places the first arrival: it never changes a wait."""
    assert q.lindley_waits([0.0, 1.0, 5.0, 1.0], [3.0, 1.0, 1.0, 1.0]).tolist() == [0.0, 2.0, 0.0, 0.0]
    assert q.lindley_waits([0, 1, 1, 1], [3, 1, 2, 1]).tolist() == [0.0, 2.0, 2.0, 3.0]
    assert q.lindley_waits([7.0, 1.0], [3.0, 1.0]).tolist() == [0.0, 2.0]
    assert q.lindley_waits([2.0], [9.0]).tolist() == [0.0]
    empty = q.lindley_waits([], [])
    assert empty.shape == (0,) and empty.dtype == float
    for a, s in [([1.0, 2.0], [1.0]), ([[1.0]], [[1.0]])]:
        with pytest.raises(ValueError) as err:
            q.lindley_waits(a, s)
        assert str(err.value) == "interarrival and service must be one-dimensional and of equal length"


def test_service_distribution_parameters():
    """Gamma with mean m and cv: shape k = 1/cv^2, scale m/k (mean k * scale = m, variance k scale^2 =
    m^2 cv^2). cv = 0.5, m = 2: k = 4, scale 0.5. cv = 1, m = 3: k = 1, scale 3 (exponential). cv = 0:
    deterministic at m."""
    g = q.service_distribution(2.0, cv=0.5)
    assert isinstance(g, ciw.dists.Gamma) and (g.shape, g.scale) == pytest.approx((4.0, 0.5))
    e = q.service_distribution(3.0, cv=1.0)
    assert (e.shape, e.scale) == pytest.approx((1.0, 3.0))
    d = q.service_distribution(2, cv=0)
    assert isinstance(d, ciw.dists.Deterministic) and d.value == 2.0
    for mean, cv, message in [
        (1.0, -0.1, "cv (coefficient of variation) must be a finite number >= 0, got -0.1"),
        (1.0, float("nan"), "cv (coefficient of variation) must be a finite number >= 0, got nan"),
        (1.0, float("inf"), "cv (coefficient of variation) must be a finite number >= 0, got inf"),
        (0.0, 0.5, "mean service time must be a finite number > 0, got 0.0"),
    ]:
        with pytest.raises(ValueError) as err:
            q.service_distribution(mean, cv)
        assert str(err.value) == message


def _deterministic(gap, service):
    return ciw.create_network(arrival_distributions=[ciw.dists.Deterministic(gap)],
                              service_distributions=[ciw.dists.Deterministic(service)], number_of_servers=[1])


def test_simulate_warmup_window_and_sojourn_by_hand():
    """Arrivals every 0.5 with service 1: the server is always busy after the first arrival, customer k
    (arriving at 0.5 k) leaves at 0.5 + k and waits 0.5 (k - 1), so its sojourn is exit minus arrival.
    With warm-up 2.0 the first record is the customer arriving at exactly 2.0 (>= warm-up)."""
    records = q.simulate(_deterministic(0.5, 1.0), max_time=20.0, warmup=2.0, seed=1)
    assert records["arrival_date"].min() == pytest.approx(2.0)
    assert records["sojourn"].tolist() == pytest.approx((records["exit_date"] - records["arrival_date"]).tolist())
    first = records.sort_values("arrival_date").iloc[0]
    assert first["waiting_time"] == pytest.approx(1.5)    # k = 4: 0.5 * 3
    assert q.simulate(_deterministic(100.0, 1.0), max_time=50.0, warmup=0.0, seed=1).empty
    for warmup, max_time in [(-1.0, 10.0), (10.0, 10.0)]:
        with pytest.raises(ValueError) as err:
            q.simulate(_deterministic(1.0, 0.5), max_time=max_time, warmup=warmup, seed=1)
        assert str(err.value) == f"warmup must be in [0, max_time); got warmup={warmup}, max_time={max_time}"


def test_replicate_seeds_summary_and_level():
    """run_one(seed) = seed for seeds 10, 11, 12: mean 11, s = 1, half-width t_{0.975,2}/sqrt(3) =
    4.302653 / 1.732051 = 2.484138; at level 0.90 t_{0.95,2} = 2.919986 gives 1.685854."""
    runs, summary = q.replicate(lambda s: {"x": float(s)}, replications=3, seed=10)
    assert runs.to_dict("list") == {"replication": [0, 1, 2], "x": [10.0, 11.0, 12.0]}
    assert list(summary.index) == ["x"] and list(summary.columns) == ["mean", "ci_half_width", "n"]
    assert summary.loc["x", "mean"] == 11.0 and summary.loc["x", "n"] == 3
    assert summary.loc["x", "ci_half_width"] == pytest.approx(2.484138, abs=1e-6)
    _, s90 = q.replicate(lambda s: {"x": float(s)}, replications=3, seed=10, level=0.90)
    assert s90.loc["x", "ci_half_width"] == pytest.approx(1.685854, abs=1e-6)
    runs1, s1 = q.replicate(lambda s: {"x": float(s)}, replications=1, seed=4)
    assert runs1["x"].tolist() == [4.0] and (s1.loc["x", "mean"], s1.loc["x", "ci_half_width"]) == (4.0, 0.0)
    with pytest.raises(ValueError) as err:
        q.replicate(lambda s: {"x": 1.0}, replications=0, seed=1)
    assert str(err.value) == "replications must be >= 1, got 0"


def test_erlang_c_with_no_load_never_waits():
    """Offered load 0 (no arrivals): Erlang B is 0 after the first step of the recursion, b = 0 / (1 + 0),
    so C = 0 / (1 - 0 + 0) = 0: nobody waits."""
    assert q.erlang_c(2, 0.0) == 0.0


def test_simulate_passes_its_keyword_arguments_to_ciw():
    """`exact=10` asks Ciw for exact decimal arithmetic: the records' times come back as Decimals."""
    from decimal import Decimal

    records = q.simulate(_deterministic(0.5, 1.0), max_time=5.0, warmup=0.0, seed=1, exact=10)
    assert isinstance(records["arrival_date"].iloc[0], Decimal)


# --- product-form networks: exact MVA, bounds, Jackson ---------------------------------------------

def test_mva_two_queues_by_hand():
    """D = (1, 2), Z = 0. n = 1: R = (1, 2), X = 1/3, Q = (1/3, 2/3). n = 2: R = (1 x 4/3, 2 x 5/3) =
    (4/3, 10/3), sum 14/3, X = 2 / (14/3) = 3/7, Q = X R = (4/7, 10/7)."""
    one, two = q.mva([1.0, 2.0], 2)
    assert one.throughput == pytest.approx(1 / 3) and one.queue_length == pytest.approx((1 / 3, 2 / 3))
    assert two.residence == pytest.approx((4 / 3, 10 / 3))
    assert two.throughput == pytest.approx(3 / 7)
    assert two.queue_length == pytest.approx((4 / 7, 10 / 7))
    assert two.utilisation == pytest.approx((3 / 7, 6 / 7))


def test_mva_delay_station_and_think_time_by_hand():
    """A queue of demand 1 beside a delay station of demand 3 is the same network as the queue with think
    time Z = 3. n = 1: X = 1/4, Q = 1/4. n = 2: R = 1 x 5/4, X = 2 / (5/4 + 3) = 8/17."""
    with_delay = q.mva([1.0, 3.0], 2, kinds=["queue", "delay"])[-1]
    with_think = q.mva([1.0], 2, think_time=3.0)[-1]
    assert with_delay.throughput == pytest.approx(8 / 17) == with_think.throughput
    assert with_delay.residence[1] == pytest.approx(3.0)  # no queueing at a delay station
    assert with_think.response == pytest.approx(5 / 4)


@pytest.mark.parametrize("seed", range(20))
def test_mva_conserves_jobs_and_respects_the_bounds(seed):
    """Random networks: the jobs at the stations and at the terminals add up to the population (Little's
    law at every station summed), no utilisation exceeds 1, and the asymptotic and balanced job bounds
    bracket the exact throughput and response time at every population."""
    rng = np.random.default_rng(seed)
    demands = list(rng.uniform(0.05, 2.0, size=int(rng.integers(1, 6))))
    think = float(rng.choice([0.0, rng.uniform(0.1, 10.0)]))
    for m in q.mva(demands, 25, think_time=think):
        assert sum(m.queue_length) + m.throughput * think == pytest.approx(m.n)
        assert max(m.utilisation) <= 1 + 1e-12
        for bounds in (q.asymptotic_bounds(demands, m.n, think), q.balanced_job_bounds(demands, m.n, think)):
            assert bounds.throughput_low <= m.throughput * (1 + 1e-9)
            assert m.throughput <= bounds.throughput_high * (1 + 1e-9)
            assert bounds.response_low <= m.response * (1 + 1e-9)
            assert m.response <= bounds.response_high * (1 + 1e-9)


def test_the_bounds_by_hand():
    """D = (0.2, 0.1), Z = 1, N = 10: D = 0.3, D_max = 0.2, D_avg = 0.15, s = 1 + 1/3 = 4/3, o = 1 + 1/0.3
    = 13/3. Asymptotic: X in [10/4, min(5, 10/1.3)] = [2.5, 5]; R in [max(0.3, 1), 3]. Balanced: X >= 10 /
    (1.3 + 9 x 0.2 x 3/4) = 10/2.65; X <= min(5, 10 / (1.3 + 9 x 0.15 x 3/13)) = 5; R <= 0.3 + 1.35 = 1.65;
    R >= max(2 - 1, 0.3 + 9 x 0.15 x 3/13) = 1."""
    a = q.asymptotic_bounds([0.2, 0.1], 10, 1.0)
    assert (a.throughput_low, a.throughput_high, a.response_low, a.response_high) == pytest.approx(
        (2.5, 5.0, 1.0, 3.0))
    b = q.balanced_job_bounds([0.2, 0.1], 10, 1.0)
    assert (b.throughput_low, b.throughput_high, b.response_high) == pytest.approx((10 / 2.65, 5.0, 1.65))
    assert b.response_low == pytest.approx(1.0)


def test_mva_multiclass_by_hand():
    """One queue, classes A (D = 1) and B (D = 2), one job each, Z = 0. Alone: Q(1,0) = Q(0,1) = 1.
    Together: R_A = 1 x (1 + 1) = 2, R_B = 2 x (1 + 1) = 4, X = (1/2, 1/4); Q = 1/2 x 2 + 1/4 x 4 = 2 (both
    jobs), U = 1/2 + 2/4 = 1."""
    m = q.mva_multiclass([[1.0], [2.0]], [1, 1])
    assert m.response == pytest.approx((2.0, 4.0))
    assert m.throughput == pytest.approx((0.5, 0.25))
    assert m.queue_length == pytest.approx((2.0,)) and m.utilisation == pytest.approx((1.0,))


@pytest.mark.parametrize("seed", range(5))
def test_identical_classes_add_up_to_one_class(seed):
    """Classes with the same demands and think time are one class: the multi-class throughputs at (a, b)
    add to the single-class throughput at a + b, split in proportion to the populations."""
    rng = np.random.default_rng(seed)
    demands = list(rng.uniform(0.1, 1.0, size=3))
    a, b = (int(x) for x in rng.integers(1, 5, size=2))
    m = q.mva_multiclass([demands, demands], [a, b], think_times=[0.5, 0.5])
    single = q.mva(demands, a + b, think_time=0.5)[-1]
    assert sum(m.throughput) == pytest.approx(single.throughput)
    assert m.throughput[0] / m.throughput[1] == pytest.approx(a / b)
    assert m.queue_length == pytest.approx(single.queue_length)


def test_jackson_feedback_by_hand():
    """gamma = (0.5, 0), P = [[0.2, 0.8], [0.1, 0]]: lambda_1 = 0.5 + 0.2 lambda_1 + 0.1 lambda_2 and
    lambda_2 = 0.8 lambda_1, so lambda_1 = 0.5 / 0.72 = 0.69444 and lambda_2 = 0.55556. With mu = (1.4, 1.1)
    each station is M/M/1: W_i = 1 / (mu_i - lambda_i); the network's response time is (L_1 + L_2) / 0.5."""
    net = q.jackson([0.5, 0.0], [[0.2, 0.8], [0.1, 0.0]], [1.4, 1.1])
    lam1 = 0.5 / 0.72
    assert net.arrival_rate == pytest.approx((lam1, 0.8 * lam1))
    assert net.stations[0].W == pytest.approx(1 / (1.4 - lam1))
    l_total = lam1 / (1.4 - lam1) + 0.8 * lam1 / (1.1 - 0.8 * lam1)
    assert net.response == pytest.approx(l_total / 0.5)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: q.mva([1.0], 0), "population = 0 is not allowed"),
    (lambda: q.mva([-1.0], 2), "demands: -1.0 is not allowed"),
    (lambda: q.mva([1.0], 2, kinds=["fifo"]), "kinds: 'fifo' is not allowed"),
    (lambda: q.mva_multiclass([[1.0], [1.0, 2.0]], [1, 1]), "every class needs a demand at every station"),
    (lambda: q.jackson([2.0], [[0.0]], [1.0]), "station 0: utilisation 2 >= 1"),
    (lambda: q.jackson([1.0], [[0.7, 0.7]], [1.0]), "routing must be 1 x 1"),
])
def test_network_input_is_refused_clearly(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def _closed_cycle(population: int, service_rates: list[float]) -> ciw.Network:
    """A closed cyclic network on Ciw: ``population`` customers arrive at once at the start (a Sequential
    arrival distribution whose next gap is longer than any run) and are routed round the cycle for ever."""
    k = len(service_rates)
    return ciw.create_network(
        arrival_distributions=[ciw.dists.Sequential([1e-9] * population + [1e9])] + [None] * (k - 1),
        service_distributions=[ciw.dists.Exponential(mu) for mu in service_rates],
        routing=[[1.0 if j == (i + 1) % k else 0.0 for j in range(k)] for i in range(k)],
        number_of_servers=[1] * k)


def test_mva_matches_a_closed_ciw_network():
    """Two exponential FCFS stations in a cycle (mu = 1 and 2, so D = 1 and 0.5) with N = 2 jobs: MVA gives
    X = 6/7, R = (5/3, 2/3) per visit (see test_mva_two_queues_by_hand for the method).

    Power: a pilot of 8 replications of 6,000 time units (warm-up 500) gave replication standard
    deviations of 1.4 % (throughput), 1.9 % (station 1's sojourn) and 1.2 % (station 2's) of their
    values. With 24 replications the 99 % t interval is at most 2.807 x 1.9 % / sqrt(24) = 1.1 % wide each
    side, so a 5 % error in MVA's value lies outside it with probability above 0.99; false alarms 1 %.
    """
    def run(seed):
        records = q.simulate(_closed_cycle(2, [1.0, 2.0]), max_time=MAX_TIME, warmup=WARMUP, seed=seed)
        out = {"X": float((records["node"] == 1).sum() / (MAX_TIME - WARMUP))}
        for node in (1, 2):
            out[f"R{node}"] = float(records.loc[records["node"] == node, "sojourn"].mean())
        return out

    runs, _ = q.replicate(run, replications=REPS, seed=SEED)
    exact = q.mva([1.0, 0.5], 2)[-1]
    _assert_theory_in_interval(runs["X"], exact.throughput, "closed cycle throughput")
    _assert_theory_in_interval(runs["R1"], exact.residence[0], "closed cycle station 1 sojourn")
    _assert_theory_in_interval(runs["R2"], exact.residence[1], "closed cycle station 2 sojourn")


def test_jackson_matches_ciw_with_feedback():
    """The feedback network of test_jackson_feedback_by_hand on Ciw: each station's mean sojourn per visit
    and utilisation against Jackson's theorem. Power: both stations run at utilisation about 0.5, the
    setting of the module's power calculation (5 % replication spread, 24 replications: a 5 % error is
    detected with probability 0.98, false alarms 1 %)."""
    runs = _run_stats(lambda: ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.5), None],
        service_distributions=[ciw.dists.Exponential(1.4), ciw.dists.Exponential(1.1)],
        routing=[[0.2, 0.8], [0.1, 0.0]], number_of_servers=[1, 1]), stations=2)
    net = q.jackson([0.5, 0.0], [[0.2, 0.8], [0.1, 0.0]], [1.4, 1.1])
    for node in (1, 2):
        _assert_theory_in_interval(runs[f"W{node}"], net.stations[node - 1].W, f"station {node} sojourn")
        _assert_theory_in_interval(runs[f"rho{node}"], net.stations[node - 1].rho, f"station {node} utilisation")
    _assert_theory_in_interval(runs["L"], net.number_in_system, "number in the network (Little)")


def test_littles_law_at_every_station_of_a_closed_ciw_network():
    """Issue 26 item 2: the exact MVA's number at each station, Q_k = X R_k (Little's law at every station),
    against the time-average number Ciw keeps at that station, measured independently of X and R (the area
    under each station's occupancy: every visit's time there over the window), and Little's law inside the
    simulation itself (the time average equals the measured visit rate times the measured mean sojourn).

    Network: the cycle of test_mva_matches_a_closed_ciw_network with N = 3 jobs, D = (1, 0.5). MVA by hand:
    n = 1: R = (1, 0.5), X = 2/3, Q = (2/3, 1/3); n = 2: R = (5/3, 2/3), X = 6/7, Q = (10/7, 4/7);
    n = 3: R = (17/7, 11/14), sum 45/14, X = 14/15, Q = (34/15, 11/15) = (2.2667, 0.7333).

    Power: a pilot of 8 replications of 3,000 time units (warm-up 300) gave replication standard deviations
    of 0.94 % (station 1) and 2.9 % (station 2) of the mean numbers. With 12 replications the standard error is
    at most 2.9 % / sqrt(12) = 0.85 %; the test rejects outside the 99 % t interval (t = 3.106 for 11 degrees
    of freedom, +-2.6 %), so false alarms are 1 % and a 5 % error in Q_k (5.9 standard errors) is detected
    with probability P(Z > 3.106 - 5.9) > 0.99.
    """
    max_time, warmup, reps = 3000.0, 300.0, 12
    window = max_time - warmup

    def run(seed):
        records = q.simulate(_closed_cycle(3, [1.0, 2.0]), max_time=max_time, warmup=warmup, seed=seed)
        out = {}
        for node in (1, 2):
            at = records[records["node"] == node]
            out[f"L{node}"] = float((np.minimum(at["exit_date"], max_time) - at["arrival_date"]).sum() / window)
            out[f"XR{node}"] = float(len(at) / window * at["sojourn"].mean())
        return out

    runs, _ = q.replicate(run, replications=reps, seed=SEED)
    exact = q.mva([1.0, 0.5], 3)[-1]
    assert exact.queue_length == pytest.approx((34 / 15, 11 / 15))
    assert exact.throughput == pytest.approx(14 / 15)
    for node in (1, 2):
        _assert_theory_in_interval(runs[f"L{node}"], exact.queue_length[node - 1], f"station {node} number (MVA)")
        # Little's law inside the simulation: the two estimates of one station's number are the same
        # quantity; they differ only by the visits cut by the window's ends (under 0.1 % here)
        assert runs[f"L{node}"].to_numpy() == pytest.approx(runs[f"XR{node}"].to_numpy(), rel=0.01)


# --- added from the mutation run of 2026-11-26 (mut4c): multi-class MVA's refusals, zero classes and delay
# stations, and the bounds where the terms the earlier tests never reached decide them


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"demands": [[1.0], [1.0, 2.0]], "population": [1, 1]},
     "demands: every class needs a demand at every station"),
    ({"demands": [[1.0], [2.0]], "population": [1]},
     "population = [1] is not allowed: expected one integer >= 0 per class"),
    ({"demands": [[1.0], [2.0]], "population": [-1, 1]},
     "population = [-1, 1] is not allowed: expected one integer >= 0 per class"),
    ({"demands": [[1.0], [2.0]], "population": [1.5, 1]},
     "population = [1.5, 1] is not allowed: expected one integer >= 0 per class"),
    ({"demands": [[1.0], [2.0]], "population": [1, 1], "think_times": [0.5]},
     "think_times: expected one finite number >= 0 per class"),
    ({"demands": [[1.0], [2.0]], "population": [1, 1], "think_times": [-1.0, 0.0]},
     "think_times: expected one finite number >= 0 per class"),
    ({"demands": [[1.0], [2.0]], "population": [1, 1], "think_times": [np.inf, 0.0]},
     "think_times: expected one finite number >= 0 per class"),
])
def test_mva_multiclass_refusals_in_full(kwargs, message):
    with pytest.raises(ValueError) as err:
        q.mva_multiclass(**kwargs)
    assert str(err.value) == message


def test_mva_multiclass_a_class_without_jobs_and_a_delay_station():
    """Classes A (D = (1, 3)) with one job and B (D = (2, 5)) with none; station 2 a delay station. B is
    absent: X_B = 0, R_B = (0, 0). A alone: R_A = (1, 3) (no queue ahead of it at either station), X_A = 1/4;
    Q = (1/4, 3/4), U = (1/4, 3/4). Were station 2 a queue the result would be the same at one job, so the
    second case has two jobs of A: R_A = (1 (1 + 1/4), 3) = (1.25, 3), X_A = 2 / 4.25."""
    m = q.mva_multiclass([[1.0, 3.0], [2.0, 5.0]], [1, 0], kinds=["queue", "delay"])
    assert m.population == (1, 0)
    assert m.throughput == pytest.approx((0.25, 0.0))
    assert m.residence == ((1.0, 3.0), (0.0, 0.0))
    assert m.response == pytest.approx((4.0, 0.0))
    assert m.queue_length == pytest.approx((0.25, 0.75)) and m.utilisation == pytest.approx((0.25, 0.75))
    two = q.mva_multiclass([[1.0, 3.0], [2.0, 5.0]], [2, 0], kinds=["queue", "delay"])
    assert two.residence[0] == pytest.approx((1.25, 3.0))
    assert two.throughput == pytest.approx((2 / 4.25, 0.0))


def test_asymptotic_bounds_where_the_population_term_decides():
    """D = (0.2, 0.1), N = 1, Z = 1: X <= min(1 / 0.2, 1 / 1.3) = 0.76923; without Z (the default 0): X <=
    min(5, 1 / 0.3) = 3.3333, X >= 1 / 0.3, R in [max(0.3, 0.2), 0.3]."""
    b = q.asymptotic_bounds([0.2, 0.1], 1, 1.0)
    assert b.n == 1 and b.throughput_high == pytest.approx(1 / 1.3)
    d = q.asymptotic_bounds([0.2, 0.1], 1)
    assert (d.throughput_low, d.throughput_high, d.response_low, d.response_high) == pytest.approx(
        (1 / 0.3, 1 / 0.3, 0.3, 0.3))
    assert q.asymptotic_bounds([0.2, 0.1], 10, 1.0).n == 10


def test_balanced_job_bounds_of_a_balanced_network_by_hand():
    """D = (1, 1), N = 2, Z = 0 (total demand exactly 1 x 2): s = o = 1, D_avg = D_max = 1. X in
    [2 / (2 + 1), min(1, 2 / (2 + 1))] = [2/3, 2/3]; R in [max(2 - 0, 2 + 1), 2 + 1] = [3, 3]: the balanced
    network meets both bounds. A total of exactly 1 (D = (0.5, 0.5), N = 1) is allowed."""
    b = q.balanced_job_bounds([1.0, 1.0], 2)
    assert b.n == 2
    assert (b.throughput_low, b.throughput_high, b.response_low, b.response_high) == pytest.approx(
        (2 / 3, 2 / 3, 3.0, 3.0))
    one = q.balanced_job_bounds([0.5, 0.5], 1)
    assert (one.throughput_low, one.response_high) == pytest.approx((1.0, 1.0))
    with pytest.raises(ValueError) as err:
        q.balanced_job_bounds([0.0, 0.0], 2)
    assert str(err.value) == "demands: at least one station needs a positive demand"


@pytest.mark.parametrize(("gamma", "routing"), [
    ([1.0, 0.0], [[0.6, 0.6], [0.0, 0.0]]),   # a row sums to 1.2, no entry negative
    ([1.0, 0.0], [[0.0, -0.1], [0.0, 0.0]]),  # a negative probability, rows below 1
    ([-1.0, 0.0], [[0.0, 0.5], [0.0, 0.0]]),  # a negative outside rate
])
def test_jackson_refuses_each_bad_rate_or_routing_row_on_its_own(gamma, routing):
    with pytest.raises(ValueError) as err:
        q.jackson(gamma, routing, [5.0, 5.0])
    assert str(err.value) == "external rates and routing probabilities must be >= 0, each routing row sums to <= 1"


def test_jackson_with_two_servers_at_a_station_by_hand():
    """One M/M/2 station, outside rate 1, mu = 1 (one server alone would be saturated): a = 1, Erlang C =
    (1/2 / (1 - 1/2)) / (1 + 1 + 1) = 1/3, Wq = C / (2 - 1) = 1/3, W = 4/3, L = 4/3, response 4/3."""
    net = q.jackson([1.0], [[0.0]], [1.0], servers=[2])
    assert net.stations[0].W == pytest.approx(4 / 3)
    assert (net.response, net.number_in_system) == pytest.approx((4 / 3, 4 / 3))


def test_jackson_station_without_arrivals_is_idle_by_hand():
    """Station 2 gets nothing (no outside arrivals, no routing into it): utilisation, queue and waits 0, and
    a sojourn of one service, 1 / mu_2 = 0.25; station 1 is M/M/1 at 1 / 2, L = 1; the network's response is
    L / gamma = 1."""
    net = q.jackson([1.0, 0.0], [[0.0, 0.0], [0.0, 0.0]], [2.0, 4.0])
    assert net.stations[1] == q.QueueMetrics(rho=0.0, L=0.0, Lq=0.0, W=0.25, Wq=0.0)
    assert (net.response, net.number_in_system) == pytest.approx((1.0, 1.0))


@pytest.mark.parametrize(("gamma", "mu", "servers", "message"), [
    ([1.0], [1.0], None, "station 0: utilisation 1 >= 1 (arrival rate 1, capacity 1): the network has no steady state"),
    ([6.0], [2.0], [2], "station 0: utilisation 1.5 >= 1 (arrival rate 6, capacity 4): the network has no steady "
                        "state"),
])
def test_jackson_unstable_station_message_in_full(gamma, mu, servers, message):
    """Exactly saturated (lambda = c mu) is refused too; utilisation lambda / (c mu), capacity c mu."""
    with pytest.raises(ValueError) as err:
        q.jackson(gamma, [[0.0]], mu, servers=servers)
    assert str(err.value) == message


# --- added from the mutation run (2026-11-26, fourth session) ---------------------------------------------


def test_jackson_single_server_station_is_mm1_to_the_last_bit():
    """A station with one server is computed by mm1 itself, not by mmc with c = 1: the two formulas agree
    in exact arithmetic (Erlang C with one server is rho) but round differently. At lambda = 2, mu = 5,
    M/M/1 gives Wq = W - 1 / mu = 0.13333333333333336 and Lq = L - rho = 0.2666666666666667, where the
    M/M/c route gives 0.13333333333333333 and 0.26666666666666666. Servers [1] and no servers are alike."""
    by_hand = q.mm1(2.0, 5.0)
    assert (by_hand.Wq, by_hand.Lq) == (0.13333333333333336, 0.2666666666666667)
    assert q.mmc(2.0, 5.0, 1) != by_hand   # the two routes differ in their last bits here
    assert q.jackson([2.0], [[0.0]], [5.0]).stations[0] == by_hand
    assert q.jackson([2.0], [[0.0]], [5.0], servers=[1]).stations[0] == by_hand


def test_mva_one_job_by_hand():
    """Population 1 is allowed and gives one result: D = (2, 0.5), Z = 1.5; the lone job never queues, so R =
    (2, 0.5), the cycle is 1.5 + 2.5 = 4, X = 1/4, Q = X R = (0.5, 0.125), U = X D = (0.5, 0.125)."""
    (m,) = q.mva([2.0, 0.5], 1, think_time=1.5)
    assert m.n == 1
    assert (m.throughput, m.response) == (0.25, 2.5)
    assert m.residence == (2.0, 0.5)
    assert m.queue_length == (0.5, 0.125) and m.utilisation == (0.5, 0.125)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"demands": [], "population": 1}, "demands: at least one station is needed"),
    ({"demands": [1.0, 2.0], "population": 1, "kinds": ["queue"]}, "kinds: 1 given for 2 stations"),
    ({"demands": [1.0], "population": 0}, "population = 0 is not allowed: expected an integer >= 1"),
    ({"demands": [1.0], "population": 1.5}, "population = 1.5 is not allowed: expected an integer >= 1"),
    ({"demands": [1.0], "population": 1, "think_time": -1.0},
     "think_time = -1.0 is not allowed: expected a finite number >= 0"),
    ({"demands": [1.0], "population": 1, "think_time": np.inf},
     "think_time = inf is not allowed: expected a finite number >= 0"),
])
def test_mva_refusals_in_full(kwargs, message):
    """Each bad argument on its own (the others valid), with the whole message."""
    with pytest.raises(ValueError) as err:
        q.mva(**kwargs)
    assert str(err.value) == message


def test_jackson_routing_row_tolerance_includes_its_edge():
    """A routing row may sum to 1 + 1e-12 (decimal probabilities that round above 1), the edge included:
    station 0 sends everything on with probability 1 + 1e-12, so station 1 sees 1.000000000001. A row
    summing to 1 + 1e-11 is beyond the tolerance and refused."""
    net = q.jackson([1.0, 0.0], [[0.0, 1 + 1e-12], [0.0, 0.0]], [2.0, 4.0])
    assert net.arrival_rate == (1.0, 1 + 1e-12)
    with pytest.raises(ValueError) as err:
        q.jackson([1.0, 0.0], [[0.0, 1 + 1e-11], [0.0, 0.0]], [2.0, 4.0])
    assert str(err.value) == "external rates and routing probabilities must be >= 0, each routing row sums to <= 1"
