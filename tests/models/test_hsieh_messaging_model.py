"""Hsieh chapters 2-3: the Ciw models against exact sums and the Jackson tandem result."""

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
