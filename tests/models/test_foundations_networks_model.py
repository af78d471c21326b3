"""The closed station in Ciw against exact MVA: agreement where product form holds (exponential codec), a
gap where it fails (deterministic codec).

Power calculation. A pilot of 8 replications of 20 s at N = 4, Z = 33.3 ms (exponential codec) gave a
replication relative standard deviation of the throughput of 2.6 %. With 16 replications the standard error is
0.64 %; the test rejects when MVA lies outside the replications' 99 % t interval (t = 2.947 for 15 degrees of
freedom, +-1.9 %), a false-alarm rate of 1 %, and a 5 % error (7.8 standard errors) is detected with probability
P(Z > 2.947 - 7.8) > 0.999. The same interval for the deterministic codec must lie wholly above MVA: the chapter's
default run measured a gap of 7 % at this population, 3.6 times the half width.
"""

import numpy as np

from mmperf import queueing
from mmperf.stats import mean_ci
from mmstudies.foundations_networks import analytic, model

REPS, RUN_S, SEED = 16, 20.0, 20261126


def _throughput(deterministic: bool):
    runs = model.replicate(model.closed_run, REPS, SEED, times=analytic.station_times(), population=4,
                           think_ms=33.3, run_s=RUN_S, deterministic=deterministic)
    return mean_ci(np.asarray(runs["throughput"]), 0.99)


def test_mva_matches_ciw_where_product_form_holds():
    exact = 1000 * queueing.mva(list(analytic.station_times().demands), 4, think_time=33.3)[-1].throughput
    mean, half = _throughput(deterministic=False)
    assert abs(mean - exact) <= half, (mean, half, exact)


def test_a_deterministic_codec_beats_mva():
    exact = 1000 * queueing.mva(list(analytic.station_times().demands), 4, think_time=33.3)[-1].throughput
    mean, half = _throughput(deterministic=True)
    assert mean - half > exact, (mean, half, exact)


def test_one_frame_never_queues():
    """N = 1 with a deterministic codec: a lone frame never waits, so its response time is the sum of its
    service times, 16.66 ms plus exponential transfers of means 0.6146 and 4.096 ms; over 20 s (about 350 cycles)
    the mean transfer part is within 15 % of 4.71 ms (its standard error is about 4.1 / sqrt(350) = 0.22 ms)."""
    r = model.closed_run(analytic.station_times(), 1, 33.3, 20.0, seed=3)
    assert abs(r["response_ms"] - 16.66 - 4.7106) < 0.15 * 4.7106
