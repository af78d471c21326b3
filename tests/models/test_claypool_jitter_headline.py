"""The chapter's default headline metrics (``headline:`` of notebooks/claypool-jitter.yml), each pinned by a
derivation written here: a closed form, a hand argument about the time-slice rules, or an independent recount.

``ours_range_r_max``, ``ours_r_load_min`` and ``ours_x_intercept_default`` have no closed form: each is recounted
here from the simulated runs of a small study by a computation of its own (numpy's corrcoef and polyfit on the runs'
columns, not the chapter's fitting helpers); their mechanisms are tested one by one in
test_claypool_jitter_timeslice.py.
``predictions_reproduced`` is a count of the checks table's statuses (test_claypool_jitter_checks.py).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mmbook.params import load_chapter
from mmperf.data import load_table
from mmstudies import claypool_jitter as cj
from mmstudies.claypool_jitter import experiments as ex
from mmstudies.claypool_jitter.config import MACHINES, MetricSettings
from mmstudies.claypool_jitter.data import load_inputs

DEFAULTS = load_chapter("claypool-jitter").defaults()


def _featured_optimum_ms(quantum_ms: float, replications: int = 3) -> float:
    """The headline ``ours_optimal_buffer_ms`` as the chapter computes it: the mean optimal buffer of the featured
    traces (default priority, one counter, IPX, 160 ms, stalls once a minute), here with ``quantum_ms``."""
    mech = cj.Mechanisms(**{**ex._pick(DEFAULTS, ex.MECHANISM_KEYS), "quantum_ms": quantum_ms})
    feat = cj.EndSystem(**ex._pick(DEFAULTS, ex.FEATURED_KEYS))
    runs, _ = ex.run_design([{"experiment": "featured", "system": feat}], mech,
                            MetricSettings(**ex._pick(DEFAULTS, ex.SETTING_KEYS)), generator="timeslice",
                            replications=replications, run_length_s=200.0, warmup_s=5.0, seed=DEFAULTS["seed"],
                            workers=1)
    return float(runs["optimal_buffer_us"].mean() / 1000)


@pytest.mark.parametrize("quantum_ms", [100.0, 50.0])
def test_optimal_buffer_is_one_time_slice(quantum_ms):
    """``ours_optimal_buffer_ms`` (101 ms at the defaults). Derivation: with one counter a woken receive process
    waits for the rest of the running slice, and the next frame comes T = 160 ms later, so successive waits move
    by (T mod q) plus the random host work: the waits wander over one slice, [0, q). The lateness of the frames
    therefore covers [0, q) plus the host work (under a millisecond) and the rare stalls. A stall delays about one
    frame a minute out of 375 (0.27 % of frames), so dropping those costs (0.27/6)^2 ~ 0.002 on the normalised
    drop axis, while cutting a slice's worth of buffer drops tens of percent: the optimum sits at the end of the
    slice, q to q + 5 ms (the host work's tail and a stall's neighbours)."""
    optimum = _featured_optimum_ms(quantum_ms)
    assert quantum_ms - 2.0 <= optimum <= quantum_ms + 5.0


def test_power_r_is_the_closed_form_of_table_3_3():
    """``ours_r_power`` (0.99 at the defaults). Derivation: on the isolated system (no stalls) with light_load =
    0.25 the time-slice generator runs round(0.25) = 0 counters, so the only jitter is the exponential send and
    receive work, whose variance is 2 (E[S]^2 + E[R]^2) with both means proportional to 1/SPECint92: 1/variance
    is proportional to SPECint92^2. By hand (see test_claypool_jitter_checks.py) r(x, x^2) over 8.6, 13.8, 21.8,
    64.0 is 0.9915. Each simulated variance comes from 1,234 interarrival times (200 s at 160 ms, after 2.5 s),
    so it scatters by a few per cent; the tolerance 0.01 in r is our judgement of that scatter."""
    spec = np.array(list(MACHINES.values()))
    closed = float(np.corrcoef(spec, spec ** 2)[0, 1])
    runs, _ = ex.run_design(ex.power_design(DEFAULTS["light_load"]), cj.Mechanisms(**ex._pick(DEFAULTS, ex.MECHANISM_KEYS)),
                            MetricSettings(**ex._pick(DEFAULTS, ex.SETTING_KEYS)), generator="timeslice",
                            replications=2, run_length_s=200.0, warmup_s=5.0, seed=7, workers=1)
    ours = ex.fit_line(runs["specint92"], 1 / runs["Variance"])["r"]
    assert closed == pytest.approx(0.9915, abs=5e-5)
    assert ours == pytest.approx(closed, abs=0.01)


@pytest.fixture(scope="module")
def small_study():
    """The chapter's findings on a small study (two traces per condition, 10 s each, up to two counters)."""
    p = {**DEFAULTS, "replications": 2, "run_length_s": 10.0, "warmup_s": 1.0, "max_load": 2, "years": 1,
         "sensitivity_replications": 0}
    return ex.run(p, load_inputs())


def test_table32_mean_abs_difference_is_the_mean_of_the_fifteen_gaps(small_study):
    """``table32_mean_abs_difference``: recomputed independently from the pooled runs with numpy's corrcoef and the
    transcribed Table 3.2 (upper triangle, 15 pairs), on a small study."""
    f = small_study
    pooled = ex.pooled_chapter3_runs(f.study)
    names = ["Range", "Variance", "Stddev", "Absdev", "Gaps", "Area"]
    ours = np.corrcoef(pooled[names].to_numpy(dtype=float).T)
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    gaps = [abs(ours[i, j] - paper.loc[a, b]) for i, a in enumerate(names) for j, b in enumerate(names) if j > i]
    assert len(gaps) == 15
    assert f.value("table32_mean_abs_difference") == pytest.approx(float(np.mean(gaps)), abs=1e-9)


def test_range_r_max_is_the_largest_r_of_range_with_the_five_others(small_study):
    """``ours_range_r_max``: the largest of Range's five correlations over the pooled runs of sections 3.4-3.6
    (processor, power, priority and network designs: the runs Table 3.2 pools, seed line 769), recounted with
    numpy's corrcoef of the Range column against each other metric."""
    f = small_study
    pooled = pd.concat([f.study[k] for k in ("processor", "power", "priority", "network")], ignore_index=True)
    others = ["Variance", "Stddev", "Absdev", "Gaps", "Area"]
    rs = [np.corrcoef(pooled["Range"].astype(float), pooled[o].astype(float))[0, 1] for o in others]
    assert len(pooled) == f.value("table32_runs")
    assert f.value("ours_range_r_max") == pytest.approx(max(rs), abs=1e-12)


def test_r_load_min_is_the_lowest_class_correlation_of_load_and_variance(small_study):
    """``ours_r_load_min``: per Sun class of Table 3.3, Pearson's r between the runs' measured Unix load and their
    variance (Figs 3.6-3.7), recounted with numpy's corrcoef; the headline is the lowest of the four."""
    proc = small_study.study["processor"]
    rs = {m: np.corrcoef(g["load"].astype(float), g["Variance"].astype(float))[0, 1]
          for m, g in proc.groupby("machine")}
    assert set(rs) == set(MACHINES)
    assert small_study.value("ours_r_load_min") == pytest.approx(min(rs.values()), abs=1e-12)


def test_x_intercept_default_is_where_the_default_line_meets_zero(small_study):
    """``ours_x_intercept_default``: the least-squares line of variance against load over the default-priority
    runs (Fig. 3.10) is v = a + b load, so it meets v = 0 at load -a/b; recounted with numpy's polyfit. Defined
    only where the line rises (b > 0): the chapter leaves it undefined when the slope's interval reaches zero."""
    f = small_study
    runs = f.study["priority"]
    d = runs[runs["priority"] == "default"]
    b, a = np.polyfit(d["load"].astype(float), d["Variance"].astype(float), 1)
    assert b > 0
    assert f.value("ours_x_intercept_default") == pytest.approx(-a / b, rel=1e-9)   # NaN (undefined) fails too
