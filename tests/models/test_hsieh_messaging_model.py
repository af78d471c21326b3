"""Hsieh chapters 2-3: the Ciw models against exact sums and the Jackson tandem result."""

import math

import numpy as np
import pytest

from mmperf.stats import mean_ci
from mmstudies.hsieh_messaging import analytic as a
from mmstudies.hsieh_messaging import model as m


@pytest.mark.parametrize("route", ["normal", "direct"])
@pytest.mark.parametrize("size", [16, 65536])
def test_deterministic_echo_is_the_sum_of_stage_times(route, size):
    """One message in flight, deterministic stages: every round trip is 2 x the one-way sum."""
    stages = a.route_stage_times(route, size, 0.0019, 3.4e6, 1.0)
    r = m.simulate_echo(stages, messages=30, cv=0.0, seed=4)
    assert r["rtt_s"] == pytest.approx(2 * sum(stages), rel=1e-9)


def test_echo_with_variability_keeps_the_mean():
    """With gamma stages (cv = 1) and one message in flight there is no queueing, so E[RTT] = 2 sum.

    10 seeded replications of 200 echoes; per-replication SD about 2.5 % of the mean (measured),
    so a 99 % t-interval is about +-2.6 %: the test fails by chance about 1 % of the time per seed set,
    and the seeds are fixed.
    """
    stages = [0.001, 0.002, 0.001]
    v = [m.simulate_echo(stages, 200, 1.0, s)["rtt_s"] for s in range(1, 11)]
    mean, half = mean_ci(v, level=0.99)
    assert abs(mean - 0.008) <= half


def test_stream_matches_jackson_tandem():
    """Exponential stages 1, 2, 1 ms, Poisson arrivals 300/s: W = 1/700 + 1/200 + 1/700 s = 7.857 ms.

    Power: 10 replications of 4000 messages have an SD of about 4 % of W each (measured), so the
    99 % interval is about +-4 %; we add 1 % of W for the finite-horizon and warm-up bias.
    """
    stages = [0.001, 0.002, 0.001]
    w = m.jackson_sojourn(stages, 300.0)
    assert w == pytest.approx(1 / 700 + 1 / 200 + 1 / 700)
    v = [m.simulate_stream(stages, 300.0, 1.0, 4000, s)["sojourn_s"] for s in range(1, 11)]
    mean, half = mean_ci(v, level=0.99)
    assert abs(mean - w) <= half + 0.01 * w


def test_stream_refuses_an_unstable_line():
    with pytest.raises(ValueError, match="unstable"):
        m.simulate_stream([0.001, 0.004], 300.0)


def test_deterministic_stream_capacity_is_the_slowest_stage():
    """Deterministic stages and a load of 0.9 of the slowest: throughput = arrival rate (below capacity)."""
    r = m.simulate_stream([0.001, 0.002, 0.001], 450.0, cv=0.0, customers=3000, seed=2)
    assert r["throughput"] == pytest.approx(450.0, rel=0.05)


@pytest.mark.parametrize("n", [1, 4, 10])
def test_deterministic_multicast_is_eq22(n):
    """Serial: 70 + 37 n ms; parallel: 95.83 + 4.17 n ms (the numerator and denominator of Eq. 2.2)."""
    assert m.simulate_multicast(n, "serial") == pytest.approx(70 + 37 * n, abs=1e-6)
    assert m.simulate_multicast(n, "parallel") == pytest.approx(95.83 + 4.17 * n, abs=1e-6)


def test_parallel_multicast_waits_for_the_slowest_receiver():
    """With variability the parallel multicast's mean exceeds its deterministic time (E[max] > max E)."""
    v = [m.simulate_multicast(8, "parallel", cv=0.5, seed=s) for s in range(1, 31)]
    mean, half = mean_ci(v)
    assert mean - half > 95.83 + 4.17 * 8
    assert np.isfinite(mean)


def test_seeded_runs_repeat():
    a1 = m.simulate_stream([0.001, 0.002], 200.0, 0.7, 500, 9)
    a2 = m.simulate_stream([0.001, 0.002], 200.0, 0.7, 500, 9)
    assert a1 == a2


# --- added from the mutation run (2026-11-26, mut4b): exact cases the seeded replications cannot pin ---


def _arrivals(rate, customers, seed):
    """The Poisson arrival dates Ciw draws for a one-stage ``simulate_stream`` at ``seed`` (a deterministic
    stage draws nothing, so a one-node line with the same arrival distribution and seed arrives alike; with
    more stages Ciw's routing draws from the same generator, so only one stage can be redrawn this way)."""
    import ciw

    net = ciw.create_network(arrival_distributions=[ciw.dists.Exponential(rate)],
                             service_distributions=[ciw.dists.Deterministic(1e-9)], number_of_servers=[1])
    ciw.seed(seed)
    sim = ciw.Simulation(net)
    sim.simulate_until_max_time(customers / rate)
    return sorted(r.arrival_date for r in sim.get_all_records())


def test_stream_at_low_load_by_hand():
    """One 3 ms deterministic stage, 1 message/s over 60 s: no two arrivals of seed 2 come within 4 ms, so
    every message is served without waiting and its sojourn is 3 ms exactly. The warm-up is the first 10 %
    of the horizon (6 s); a message counts when it arrived after it and left before the horizon; throughput
    is (exits - 1) over the span from the first to the last exit after the warm-up. Through stages of 1 and
    2 ms (and 1, 2 and 0.5 ms) every message of that seed crosses the line alone too: 3 (3.5) ms each."""
    arrive = _arrivals(1.0, 60, 2)
    assert min(np.diff(arrive)) > 0.004   # the premise: nobody waits
    r = m.simulate_stream([0.003], 1.0, cv=0.0, customers=60, seed=2)
    counted = [t for t in arrive if t >= 6.0 and t + 0.003 <= 60.0]
    assert r["messages"] == len(counted) == len(r["sojourns_s"]) > 30
    assert r["sojourns_s"] == pytest.approx([0.003] * len(counted), abs=1e-12)
    assert r["sojourn_s"] == pytest.approx(0.003, abs=1e-12)
    exits = [t + 0.003 for t in arrive if 6.0 <= t + 0.003 <= 60.0]
    assert r["throughput"] == pytest.approx((len(exits) - 1) / (exits[-1] - exits[0]), rel=1e-12)
    assert r["load"] == 0.003                # 1/s x the slowest stage, 3 ms
    two = m.simulate_stream([0.001, 0.002], 1.0, cv=0.0, customers=60, seed=2)
    assert two["sojourns_s"] == pytest.approx([0.003] * two["messages"], abs=1e-12) and two["messages"] > 30
    assert two["load"] == 0.002
    three = m.simulate_stream([0.001, 0.002, 0.0005], 1.0, cv=0.0, customers=60, seed=2)
    assert three["sojourns_s"] == pytest.approx([0.0035] * three["messages"], abs=1e-12)
    # the stages' cv is passed on: at cv = 1 no two sojourns are alike
    gamma = m.simulate_stream([0.003], 1.0, cv=1.0, customers=60, seed=2)
    assert len(set(gamma["sojourns_s"])) == gamma["messages"] > 30
    # one exit after the warm-up gives no throughput, two give 1 over their gap: arrivals of 1 ms messages
    # at 1/s over 3 s (warm-up 0.3 s), seed 1: 0.144 and 2.024 s; seed 5: 0.975 and 2.329 s
    one = m.simulate_stream([0.001], 1.0, cv=0.0, customers=3, seed=1)
    assert math.isnan(one["throughput"]) and one["messages"] == 1
    two_exits = [t + 0.001 for t in _arrivals(1.0, 3, 5)]
    assert len(two_exits) == 2 and two_exits[0] > 0.3
    two = m.simulate_stream([0.001], 1.0, cv=0.0, customers=3, seed=5)
    assert two["throughput"] == pytest.approx(1 / (two_exits[1] - two_exits[0]), rel=1e-12)
    # the load is rounded to 12 decimals (1/s x 0.1234567890123456 s)
    assert m.simulate_stream([0.1234567890123456], 1.0, cv=0.0, customers=3, seed=5)["load"] == 0.123456789012
    # the defaults: exponential stages (cv 1), 4000 customers, seed 1
    stages = [0.001, 0.002]
    assert m.simulate_stream(stages, 300.0) == m.simulate_stream(stages, 300.0, 1.0, 4000, 1)


def test_stream_queues_by_hand():
    """One 2 ms stage at 400/s (load 0.8): messages wait, and each sojourn, listed in order of arrival, is
    the Lindley recursion's exit max(arrival, previous exit) + 2 ms minus the arrival, over the seeded
    arrivals after the warm-up (0.1 s) that left before the horizon (1 s)."""
    arrive = _arrivals(400.0, 400, 2)
    exits, free = [], 0.0
    for t in arrive:
        free = max(t, free) + 0.002
        exits.append(free)
    soj = [e - t for t, e in zip(arrive, exits, strict=True) if t >= 0.1 and e <= 1.0]
    r = m.simulate_stream([0.002], 400.0, cv=0.0, customers=400, seed=2)
    assert r["sojourns_s"] == pytest.approx(soj, abs=1e-12)
    assert r["sojourn_s"] == pytest.approx(np.mean(soj), abs=1e-12)
    assert max(soj) > 0.003                  # some waited
    assert r["load"] == 0.8


def test_stream_refusals_name_the_parameter():
    with pytest.raises(ValueError, match="^stage time must be a finite number > 0, got 0$"):
        m.simulate_stream([0.001, 0], 1.0)
    with pytest.raises(ValueError, match="^arrival_rate must be a finite number > 0, got -1$"):
        m.simulate_stream([0.001], -1)
    with pytest.raises(ValueError, match=r"^message stream is unstable: utilisation 1 >= 1"):
        m.simulate_stream([0.001, 0.002], 500.0)


def test_echo_counts_refusals_and_replications_by_hand():
    """``messages`` echoes give messages - 1 round trips; replications use seeds seed, seed + 1, ...; a
    deterministic echo has no interval; one replication has none either."""
    with pytest.raises(ValueError, match="^messages must be >= 3, got 2$"):
        m.simulate_echo([0.001], messages=2)
    with pytest.raises(ValueError, match=r"^stage time must be a finite number > 0, got 0\.0$"):
        m.simulate_echo([0.001, 0.0])
    three = m.simulate_echo([0.001, 0.002], messages=3)
    assert three == {"rtt_s": pytest.approx(0.006, abs=1e-15), "echoes": 2}
    assert m.simulate_echo([0.001, 0.002])["echoes"] == 199      # default: 200 messages
    r = m.replicate_echo([0.001, 0.002], 5, 0.0, 3, 7)
    assert r == {"rtt_s": pytest.approx(0.006, abs=1e-15), "ci_half_width": 0.0, "n": 3}
    values = [m.simulate_echo([0.001, 0.002], 5, 0.5, s)["rtt_s"] for s in (7, 8, 9)]
    assert len(set(values)) == 3                                # the seeds differ
    mean, half = mean_ci(values)
    r = m.replicate_echo([0.001, 0.002], 5, 0.5, 3, 7)
    assert r["rtt_s"] == pytest.approx(mean, rel=1e-12) and r["ci_half_width"] == pytest.approx(half, rel=1e-12)
    assert r["n"] == 3 and half > 0
    one = m.replicate_echo([0.001, 0.002], 5, 0.5, 1, 8)
    assert one == {"rtt_s": values[1], "ci_half_width": 0.0, "n": 1}
    # a gamma echo (cv = 2) of this seed: its first gap is a whole round trip of the variable stages
    var = m.simulate_echo([0.001, 0.002], messages=3, cv=2.0, seed=3)
    assert var["echoes"] == 2 and var["rtt_s"] != pytest.approx(0.006)
    # the horizon, (1 + 3 cv) mean round trips per message, lets every one of 20 variable echoes finish
    assert m.simulate_echo([0.001, 0.002], messages=20, cv=2.0, seed=3)["echoes"] == 19
    # the default seed is 1
    assert m.simulate_echo([0.001, 0.002], 5, 0.5) == m.simulate_echo([0.001, 0.002], 5, 0.5, seed=1)
    # two replications at cv = 1: the mean of both and their t-interval, which is not zero
    pair = [m.simulate_echo([0.001, 0.002], 5, 1.0, s)["rtt_s"] for s in (7, 8)]
    mean, half = mean_ci(pair)
    r = m.replicate_echo([0.001, 0.002], 5, 1.0, 2, 7)
    assert r["rtt_s"] == pytest.approx(mean, rel=1e-12) and r["ci_half_width"] == pytest.approx(half, rel=1e-12)
    assert half > 0


def test_multicast_jobs_and_their_simulation_by_hand():
    """Eq. 2.2's lines given as other numbers: serial 10 + 1 n, parallel 5 + 2 n (ms)."""
    assert m.multicast_jobs(2, "serial") == {"setup_ms": 70.0, "per_receiver_ms": 37.0, "receivers": 2}
    assert m.multicast_jobs(2, "parallel") == {"parallel_ms": 95.83, "ack_ms": 4.17, "receivers": 2}
    assert m.multicast_jobs(1, "parallel", (10, 1), (5, 2)) == {"parallel_ms": 5.0, "ack_ms": 2.0, "receivers": 1}
    assert m.multicast_jobs(1, "serial", (10, 1), (5, 2)) == {"setup_ms": 10.0, "per_receiver_ms": 1.0,
                                                             "receivers": 1}
    with pytest.raises(ValueError, match="^receivers must be >= 1, got 0$"):
        m.multicast_jobs(0, "serial")
    with pytest.raises(ValueError, match="^mode must be 'serial' or 'parallel', got 'both'$"):
        m.multicast_jobs(1, "both")
    for n in (1, 2, 3):
        assert m.simulate_multicast(n, "serial", num=(10, 1), den=(5, 2)) == pytest.approx(10 + n, abs=1e-9)
        assert m.simulate_multicast(n, "parallel", num=(10, 1), den=(5, 2)) == pytest.approx(5 + 2 * n, abs=1e-9)
    r = m.replicate_multicast(3, "serial", 0.0, 2, 1, (10, 1), (5, 2))
    assert r == {"time_ms": pytest.approx(13.0, abs=1e-9), "ci_half_width": 0.0, "n": 2}
    values = [m.simulate_multicast(3, "parallel", 0.5, s, (10, 1), (5, 2)) for s in (4, 5, 6)]
    assert len(set(values)) == 3
    mean, half = mean_ci(values)
    r = m.replicate_multicast(3, "parallel", 0.5, 3, 4, (10, 1), (5, 2))
    assert r == {"time_ms": pytest.approx(mean, rel=1e-12), "ci_half_width": pytest.approx(half, rel=1e-12),
                 "n": 3}
    one = m.replicate_multicast(3, "parallel", 0.5, 1, 5, (10, 1), (5, 2))
    assert one == {"time_ms": pytest.approx(values[1], rel=1e-12), "ci_half_width": 0.0, "n": 1}
    # the parallel jobs start together: 3 receivers of 5 ms, then 0.5 ms acknowledgements, 5 + 1.5 ms
    assert m.simulate_multicast(3, "parallel", num=(10, 1), den=(5, 0.5)) == pytest.approx(6.5, abs=1e-9)
    # each job's cv is passed on: with one job kind of 1 ns and the other of 10 ms, the time is (at cv 0.5)
    # a gamma draw, not 10 ms, or (3 receivers) a sum or maximum of draws, not 30 or 10 ms
    tiny = 1e-6
    assert abs(m.simulate_multicast(3, "serial", 0.5, 4, (10, tiny), (5, 2)) - 10) > 0.01
    assert abs(m.simulate_multicast(3, "serial", 0.5, 4, (tiny, 10), (5, 2)) - 30) > 0.01
    assert abs(m.simulate_multicast(3, "parallel", 0.5, 4, (10, 1), (10, tiny)) - 10) > 0.01
    assert abs(m.simulate_multicast(3, "parallel", 0.5, 4, (10, 1), (tiny, 10)) - 30) > 0.01
    # the default seed is 1
    assert m.simulate_multicast(3, "parallel", 0.5) == m.simulate_multicast(3, "parallel", 0.5, seed=1)
    # two replications at cv = 1: the mean and t-interval of both
    pair = [m.simulate_multicast(3, "serial", 1.0, s, (10, 1), (5, 2)) for s in (4, 5)]
    mean, half = mean_ci(pair)
    r = m.replicate_multicast(3, "serial", 1.0, 2, 4, (10, 1), (5, 2))
    assert r == {"time_ms": pytest.approx(mean, rel=1e-12), "ci_half_width": pytest.approx(half, rel=1e-12),
                 "n": 2}
    assert half > 0


def test_jackson_sojourn_by_hand():
    """Stages 1, 2, 1 ms at 300/s: 1/(1000 - 300) + 1/(500 - 300) + 1/(1000 - 300) s = 7.857 ms."""
    assert m.jackson_sojourn([0.001, 0.002, 0.001], 300.0) == pytest.approx(2 / 700 + 1 / 200, rel=1e-12)
    assert m.jackson_sojourn([0.004], 200.0) == pytest.approx(1 / (250 - 200), rel=1e-12)
