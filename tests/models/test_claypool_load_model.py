"""The Ciw counter model (``claypool_load.model``) against the analytic processor share.

Power: a replication of H = 60 s has H/T = 375 component periods; with gamma work of coefficient of
variation 0.5 the sd of the reported load is about u x 0.5 / sqrt(375) = 0.026 u. The mean of 20
replications has sd <= 0.026 x 0.9 / sqrt(20) = 0.0052 at u <= 0.9, so a tolerance of 0.02 is about
four standard deviations (two-sided miss probability ~1e-4 per check), while a wrong share (e.g.
reporting u instead of 1/2 at u = 0.9, off by 0.4) is 80 sd away.
"""

import numpy as np
import pytest

from mmperf.stats import mean_ci
from mmstudies.claypool_load import analytic as an
from mmstudies.claypool_load import model


@pytest.mark.parametrize("u", [0.1, 0.3, 0.7, 0.9])
def test_one_process_component_reports_min_of_u_and_half(u):
    reps = model.replicate(u, 1, replications=20, seed=11, horizon_s=60.0)
    m, h = mean_ci([x["measured"] for x in reps])
    assert abs(m - an.measured_load(u, 1)) < 0.02
    assert h < 0.02


def test_one_process_per_job_reports_the_true_load_below_saturation():
    reps = model.replicate(0.3, 3, replications=20, seed=5, horizon_s=60.0, one_process=False)
    assert abs(mean_ci([x["measured"] for x in reps])[0] - 0.3) < 0.02


def test_deterministic_response_time_is_stretched_by_the_sharers():
    """cv = 0, u = 0.2, one counter: each job of 32 ms shares the processor with one counter and takes
    64 ms < 160 ms, so every response is exactly (k+1) w."""
    out = model.simulate(0.2, 1, cv=0.0, horizon_s=20.0)
    assert out["mean_response_s"] == pytest.approx(2 * 0.2 * 0.16, rel=1e-9)


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session). Deterministic work (cv = 0) or Ciw's own gamma draws, over short horizons, so
# every value is worked by hand. A counter arrives at 1e-9 s and shares the processor equally (ciw.PSNode) with
# every job in service; the component's jobs arrive at T, 2T, ... (T = period_s = 0.16 s); the reported load is
# 1 - (counters' work / counters) / (H / counters) = (H - counters' work) / H, i.e. the component's completed and
# partial work over H (plus 1e-9 / H, the instant before the counters arrive).


def test_loads_outside_the_open_interval_are_refused_with_the_value():
    for u in (0.0, 1.0, -0.1, 1.5):
        with pytest.raises(ValueError, match=rf"^u must be in \(0, 1\), got {u}$"):
            model.simulate(u)


def test_light_deterministic_load_is_the_jobs_work_over_the_horizon():
    """u = 0.2: each job is w = 0.2 x 0.16 = 0.032 s of work. With k counters it gets 1/(k + 1) of the
    processor and takes (k + 1) w < T, so jobs never overlap: 0.064 s with one counter, 0.096 s with two.
    H = 20.1 s: jobs arrive at 0.16, ..., 0.16 x 125 = 20.0 and the last ends at 20.064 (or 20.096) < H, so 125
    jobs finish and the load is 125 x 0.032 / 20.1 = 4 / 20.1 = 0.199005, whatever the number of counters.
    (With a counter's work of 1e12 s this read 0.199438: the float spacing of 1e12 is 1.2e-4 s.)"""
    for counters, response in ((1, 0.064), (2, 0.096)):
        out = model.simulate(0.2, counters, cv=0.0, horizon_s=20.1)
        assert out["jobs"] == 125
        assert out["mean_response_s"] == pytest.approx(response, rel=1e-12)
        assert out["measured"] == pytest.approx(4.0 / 20.1, abs=1e-8)


def test_one_process_component_saturates_at_half_with_one_counter():
    """u = 0.6 (w = 0.096 s), one process: a job takes 2w = 0.192 s > T, so from 0.16 s the component always has
    a job in service and the next waits (capacity counters + 1 = 2). Job k ends at 0.16 + 0.192 k: 82 end by
    H = 16 s, with responses 0.16 + 0.192 k - 0.16 k = 0.16 + 0.032 k, mean 0.16 + 0.032 x 83 / 2 = 1.488 s. The
    counter works alone until 0.16 s and half the time after: 0.16 + 15.84 / 2 = 8.08 s; load 1 - 8.08 / 16 =
    0.495."""
    out = model.simulate(0.6, 1, cv=0.0, horizon_s=16.0)
    assert out["jobs"] == 82
    assert out["mean_response_s"] == pytest.approx(1.488, rel=1e-12)
    assert out["measured"] == pytest.approx(0.495, abs=1e-8)


def test_separate_jobs_share_the_processor_by_their_number():
    """Three counters, u = 0.9 (w = 0.144 s), H = 0.95 s. One process per job: n jobs in service get n / (n + 3)
    of the processor, and none finishes by H (the first has 0.16 (1/4 + 1/5 + 1/6 + 1/7) + 0.15 / 8 = 0.1415 s
    < w): the component does 0.16 (1/4 + 2/5 + 3/6 + 4/7) + 0.15 x 5/8 = 0.3691786 s, load 0.3691786 / 0.95 =
    0.3886090. One process (capacity 4): one job at a time with 1/4 of the processor from 0.16 s: load 0.25 x
    0.79 / 0.95 = 0.2078947; the first job ends at 0.16 + 4 x 0.144 = 0.736 s (response 0.576 s), the second is
    still in service at H."""
    separate = model.simulate(0.9, 3, cv=0.0, horizon_s=0.95, one_process=False)
    work = 0.16 * (1 / 4 + 2 / 5 + 3 / 6 + 4 / 7) + 0.15 * 5 / 8
    assert separate["jobs"] == 0 and np.isnan(separate["mean_response_s"])
    assert separate["measured"] == pytest.approx(work / 0.95, abs=1e-8)
    one = model.simulate(0.9, 3, cv=0.0, horizon_s=0.95, one_process=True)
    assert one["jobs"] == 1 and one["mean_response_s"] == pytest.approx(0.576, rel=1e-12)
    assert one["measured"] == pytest.approx(0.25 * 0.79 / 0.95, abs=1e-8)


def test_separate_jobs_below_saturation_do_all_their_work():
    """One counter, u = 0.6, one process per job, H = 3.359 s (1 ms before the 21st arrival). A job alone with
    the counter runs at 1/2, and the next arrival finds it with r left: it ends after 3r at 1/3, and the newcomer
    then has r done and runs 0.16 - 3r at 1/2, so the next arrival finds it with r' = 0.096 - r - (0.16 - 3r) / 2
    = 0.016 + r / 2 left; from r = 0.016 (second arrival), r -> 0.032 - 0.016 / 2^(k-1), 0.032 within 3e-8 at the
    20th job. At H that job has 0.032 + 0.001 / 2 = 0.0325 s left and 19 jobs ended: the component did
    20 x 0.096 - 0.0325 = 1.8875 s, load 1.8875 / 3.359 = 0.5619232."""
    out = model.simulate(0.6, 1, cv=0.0, horizon_s=3.359, one_process=False)
    assert out["jobs"] == 19
    assert out["measured"] == pytest.approx(1.8875 / 3.359, abs=1e-7)


def test_gamma_work_is_ciws_draws_of_mean_u_period_and_cv():
    """cv = 0.5: the work is Gamma(shape 1 / 0.5^2 = 4, scale w / 4), mean w = 0.032 s (cv = 0.25: shape 16), drawn by Ciw from
    Python's random after ciw.seed(seed), one draw per job in arrival order (the counters' work is
    deterministic: no draws). At u = 0.2 with one counter each job takes twice its work, and every draw is below
    T / 2, so jobs never overlap: the mean response is 2 x the mean draw, and the load is the 25 jobs' work
    (arrivals 0.16 ... 4.0, the last ending before H = 4.05) over H."""
    import random

    random.seed(7)
    draws = [random.gammavariate(4.0, 0.032 / 4.0) for _ in range(25)]
    assert 2 * max(draws) < 0.16 and 4.0 + 2 * draws[-1] < 4.05
    out = model.simulate(0.2, 1, cv=0.5, horizon_s=4.05, seed=7)
    assert out["jobs"] == 25
    assert out["mean_response_s"] == pytest.approx(2 * sum(draws) / 25, rel=1e-9)
    assert out["measured"] == pytest.approx(sum(draws) / 4.05, abs=1e-8)
    random.seed(7)                                  # cv = 0.25: shape 1 / 0.25^2 = 16 (not 1 / 0.25 x 2 = 8)
    draws = [random.gammavariate(16.0, 0.032 / 16.0) for _ in range(25)]
    assert 2 * max(draws) < 0.16 and 4.0 + 2 * draws[-1] < 4.05
    assert model.simulate(0.2, 1, cv=0.25, horizon_s=4.05, seed=7)["mean_response_s"] == \
        pytest.approx(2 * sum(draws) / 25, rel=1e-9)


def test_defaults_are_one_counter_t_016_h_60_cv_05_one_process_seed_1():
    """A call without them equals one that spells them out (mutmut keeps the signature: a default is tested by
    what a call without it does)."""
    spelled = model.simulate(0.3, 1, period_s=0.16, horizon_s=60.0, cv=0.5, one_process=True, seed=1)
    assert model.simulate(0.3) == spelled
    assert 370 <= spelled["jobs"] <= 375     # arrivals at 0.16 ... 60.0: 375, a few still queued at the end


def test_replicate_and_sweep_use_consecutive_seeds_and_pass_every_argument():
    """replicate: seeds seed, seed + 1, ...; sweep: load j starts at seed + 1000 j, one row per replication with
    its load (a float) and index; the keyword arguments reach simulate."""
    kw = dict(horizon_s=2.0, cv=0.8, one_process=False)
    reps = model.replicate(0.3, 2, replications=3, seed=4, **kw)
    assert reps == [model.simulate(0.3, 2, seed=s, **kw) for s in (4, 5, 6)]
    assert reps[0] != reps[1]
    assert model.replicate(0.3, horizon_s=2.0) == [model.simulate(0.3, 1, seed=s, horizon_s=2.0)
                                                  for s in (1, 2, 3, 4, 5)]
    rows = model.sweep([0.2, 1 / 2], 2, replications=2, seed=3, **kw)
    expected = [{"u": u, "replication": i, **model.simulate(u, 2, seed=s, **kw)}
                for u, seeds in ((0.2, (3, 4)), (0.5, (1003, 1004))) for i, s in enumerate(seeds)]
    assert rows == expected and all(type(r["u"]) is float for r in rows)
    assert model.sweep(np.array([0.2]), horizon_s=2.0) == [
        {"u": 0.2, "replication": i, **model.simulate(0.2, 1, seed=1 + i, horizon_s=2.0)} for i in range(5)]
