"""Steady state checked, not assumed: stations' offered utilisation, drift with run length, trends."""

import numpy as np
import pytest

from mmperf import queueing as q
from mmperf import steady
from mmperf.stats import mean_ci


def test_utilisation_by_hand():
    """lambda = 18/s into 2 servers of 10/s: rho = 18 / 20 = 0.9."""
    assert steady.Station("disk", 18.0, 10.0, servers=2).utilisation == pytest.approx(0.9)
    assert steady.Station("dead", 1.0, 0.0).utilisation == float("inf")


@pytest.mark.parametrize(("rho", "bounded", "steady_", "loses"), [
    (0.999, False, True, False), (1.0, False, False, False), (1.5, False, False, False),
    (1.0, True, True, True), (0.5, True, True, False)])
def test_the_verdict_at_and_around_one(rho, bounded, steady_, loses):
    check = steady.check_station(steady.Station("s", rho * 10, 10.0, bounded=bounded))
    assert (check.steady, check.loses_work) == (steady_, loses)
    assert (check.reason is None) == steady_
    if not steady_:
        assert "station s" in check.reason and ">= 1" in check.reason


def test_a_margin_moves_the_threshold():
    assert not steady.check_station(steady.Station("s", 9.6, 10.0), margin=0.05).steady
    assert steady.check_station(steady.Station("s", 9.4, 10.0), margin=0.05).steady


def test_unsteady_lists_only_the_overloaded():
    checks = steady.check_stations([steady.Station("a", 1, 2), steady.Station("b", 2, 2),
                                    steady.Station("c", 3, 2, bounded=True)])
    assert [c.station for c in steady.unsteady(checks)] == ["b"]


def test_drift_by_hand():
    """117.7 +- 2.0 then 132.9 +- 2.5: difference 15.2, half-width sqrt(4 + 6.25) = 3.2: drift."""
    d = steady.run_length_drift((117.7, 2.0), (132.9, 2.5), "receive delay")
    assert d.difference == pytest.approx(15.2) and d.half_width == pytest.approx(3.2016, abs=1e-4)
    assert d.drifts and "receive delay drifts" in d.reason
    assert not steady.run_length_drift((10.0, 1.0), (10.5, 1.0)).drifts  # 0.5 < 1.41


def _mm1_waits(rho: float, customers: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return q.lindley_waits(rng.exponential(1.0, customers), rng.exponential(rho, customers))


def test_a_stable_queue_does_not_drift_and_a_critical_one_does():
    """M/M/1 by the exact Lindley recursion, 40 replications each of n and 2n customers (warm-up: the
    first tenth dropped). At rho = 0.5 the mean wait (theory 1.0) is the same at both lengths: no drift
    is found (false alarms at the 95 % level: 5 %; with this seed none). At rho = 1 the mean wait grows
    like sqrt(n) (a null-recurrent queue): from 4,000 to 8,000 customers by a factor of about 1.4, far
    beyond the intervals (each about +-8 % of the mean with 40 replications), so drift is found."""
    def estimate(rho, n):
        means = [float(_mm1_waits(rho, n, seed)[n // 10:].mean()) for seed in range(40)]
        return mean_ci(means)

    assert not steady.run_length_drift(estimate(0.5, 4000), estimate(0.5, 8000)).drifts
    assert steady.run_length_drift(estimate(1.0, 4000), estimate(1.0, 8000)).drifts


def test_batch_means_find_the_trend_of_a_critical_queue():
    """One long M/M/1 run: at rho = 1.2 the waits grow linearly (slope 0.2 per customer), found; at
    rho = 0.5 the batch means of 20 batches of 5,000 waits have no significant slope."""
    assert steady.batch_means_trend(_mm1_waits(1.2, 100_000, 1)).trends
    assert not steady.batch_means_trend(_mm1_waits(0.5, 100_000, 1)).trends


def test_batch_means_refuses_too_few_observations():
    with pytest.raises(ValueError, match="batches = 20 is not allowed"):
        steady.batch_means_trend([1.0] * 10)
