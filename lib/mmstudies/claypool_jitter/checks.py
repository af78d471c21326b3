"""The functions behind the claypool-jitter chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run's record (:class:`mmperf.checktable.RunRecord`:
the parameters, the metrics, and the findings ``R`` of :func:`mmstudies.claypool_jitter.experiments.analyse` in
``extra``) and returns :class:`mmperf.checktable.Ours`. The claims, paper values, places, kinds, tolerances and
conditions are in the table, not here. :func:`run_record` recomputes a run from the data and the parameters without
a notebook (for the independence audit); :func:`chapter_record` wraps a notebook's own results.

Kinds of evidence, in short (the table says it per check): the thesis printed no traces, so our correlation
coefficients are predictions of a trace generator built from its text, compared through the Fisher-z band of the
printed r (``{fisher: n}``). Some of its relations hold in the time-slice generator by construction: the four
machines' load lines are one line (a time slice lasts as long on every machine), 1/variance of an isolated machine
is the closed form of Table 3.3's SPECint92 (no counters, no stalls), a FIFO link's jitter falls with bandwidth, and
the priority rules build the ordering in. The printed section 5.6.4 chain and Table 5.4 are arithmetic.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from mmperf import checktable
from mmperf.checks import fisher_band
from mmperf.checktable import Ours, RunRecord
from mmstudies.claypool_jitter.analytic import fisher_ci
from mmstudies.claypool_jitter.config import MACHINES, EndSystem
from mmstudies.claypool_jitter.text import sci
from mmstudies.claypool_jitter.timeslice import idle_variance_us2

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)



def _r(r: float, n: int) -> Ours:
    """Our correlation coefficient with its 95 % Fisher-z interval from our ``n`` points."""
    low, high = fisher_ci(r, n)
    return Ours(float(r), low=low, high=high, basis="fitted", n=int(n))


# -- arithmetic on the thesis's printed numbers -------------------------------------------------------

def metric(run: RunRecord, name: str) -> Ours:
    """A metric of the run, as it is."""
    if name in run.undefined:
        return Ours(float("nan"), undefined=run.undefined[name])
    return Ours(run.metrics[name])


# -- Table 3.2 and the relations of chapter 3 ---------------------------------------------------------

def table32_pair(run: RunRecord, pair: str) -> Ours:
    """Our r of one pair of Table 3.2's metrics over the pooled chapter-3 runs, with its Fisher-z interval."""
    pairs = run["R"]["pairs"].set_index("pair")
    return _r(pairs.loc[pair, "ours_r"], run["R"]["n_pooled"])


def range_correlates_less(run: RunRecord) -> Ours:
    """Does Range correlate less with every metric than the others do with each other?"""
    m = run.metrics
    return Ours(f"Range r {m['ours_range_r_min']:.2f}-{m['ours_range_r_max']:.2f}; others "
                f"{m['ours_other_r_min']:.2f}-{m['ours_other_r_max']:.2f}",
                holds=m["ours_range_r_max"] < m["ours_other_r_min"])


def lowest_other_r(run: RunRecord, excluded: tuple[str, ...] = ()) -> Ours:
    """The lowest r among the pairs without Range, leaving out the ``excluded`` pairs (the pairs seed line 773 does
    not count among those that "correlate well"), with its Fisher-z interval."""
    pairs = run["R"]["pairs"]
    kept = pairs[~pairs["pair"].str.startswith("Range") & ~pairs["pair"].isin(list(excluded))]
    lowest = kept.loc[kept["ours_r"].idxmin()]
    ours = _r(lowest["ours_r"], run["R"]["n_pooled"])
    return Ours(ours.value, low=ours.low, high=ours.high, basis=ours.basis, n=ours.n, note=f"lowest: {lowest['pair']}")


def correlation(run: RunRecord, name: str, points: str) -> Ours:
    """A correlation metric of the run, with its Fisher-z interval from the run's ``R[points]`` points."""
    return _r(run.metrics[name], run["R"][points])


def class_r(run: RunRecord, machine: str) -> Ours:
    """r(load, variance) of one Sun class, from its simulated points."""
    R = run["R"]
    return _r(R["class_r"][machine], R["n_load_points"])


def class_r_range(run: RunRecord, low: float, high: float, n: int) -> Ours:
    """Do the four classes' r(load, variance) all lie in a printed range ``low``-``high`` of r's from ``n`` points?

    Each class's r has its Fisher-z interval from our points; the printed range is widened to the 95 % Fisher-z
    bands of its ends from ``n`` points (:func:`mmperf.checks.fisher_band`). Holds when every class's interval lies
    inside, fails when one lies wholly outside, undecided otherwise.

    Examples
    --------
    >>> R = {"class_r": {"SLC": 0.985, "IPC": 0.99}, "n_load_points": 30}
    >>> ours = class_r_range(RunRecord({}, {}, {}, {"R": R}), 0.97, 0.99, 6)
    >>> ours.value, ours.holds
    ('r 0.985-0.990 over 2 classes (SLC 0.985, IPC 0.990)', True)
    """
    R = run["R"]
    band_low, band_high = fisher_band(low, n)[0], fisher_band(high, n)[1]
    intervals = {m: fisher_ci(r, R["n_load_points"]) for m, r in R["class_r"].items()}
    inside = all(band_low <= lo and hi <= band_high for lo, hi in intervals.values())
    outside = any(hi < band_low or lo > band_high for lo, hi in intervals.values())
    rs = R["class_r"].values()
    words = (f"r {min(rs):.3f}-{max(rs):.3f} over {len(R['class_r'])} classes ("
             + ", ".join(f"{m} {r:.3f}" for m, r in R["class_r"].items()) + ")")
    return Ours(words, holds=True if inside else (False if outside else None))


def slopes_fall(run: RunRecord) -> Ours:
    """Are the four classes' slopes positive and falling with SPECint92? Decided only when the SLC's and the
    Sparc 5's slope intervals are apart."""
    R = run["R"]
    slopes, ci = R["slopes"], R["slope_ci"]
    falling = bool((slopes > 0).all() and slopes.is_monotonic_decreasing)
    separated = bool(ci["SLC"][0] > ci["Sparc 5"][1])
    words = ", ".join(f"{k} {sci(v)}" for k, v in slopes.items()) + (
        "; SLC and Sparc 5 slope CIs " + ("apart" if separated else "overlap"))
    return Ours(words, holds=(falling and separated) if falling == separated else None)


def lines_meet(run: RunRecord) -> Ours:
    """How far apart the four classes' lines are at load 1 (in load units); 'nearly the same' read as < 0.5."""
    spread = run.metrics["ours_meet_spread_load"]
    return Ours(f"fitted lines at load 1 lie {spread:.2f} load units apart", holds=spread < 0.5,
                note="a time slice lasts as long on every machine, so the four lines are one line")


def power_r(run: RunRecord) -> Ours:
    """r(SPECint92, 1/variance) on the isolated system, against the closed form it follows by construction.

    Without counters and stalls the only jitter is the send and receive work, whose variance is
    ``2 (E[S]^2 + E[R]^2)`` with both means proportional to 1/SPECint92 (:func:`idle_variance_us2`): the
    reference is the r of that closed form over the design's points (Table 3.3's four SPECint92, each repeated).
    """
    p, R = run.parameters, run["R"]
    if R["generator"] != "timeslice" or round(p["light_load"]) != 0:
        return Ours(run.metrics["ours_r_power"], undefined="the closed form holds only for the time-slice generator "
                    "without counters (light_load < 0.5)")
    spec = np.array(list(MACHINES.values()))
    inverse = np.array([1.0 / idle_variance_us2(EndSystem(specint92=s, period_ms=p["period_ms"],
                                                          frame_bytes=p["frame_bytes"])) for s in spec])
    reference = float(np.corrcoef(spec, inverse)[0, 1])   # repeating every point does not change r
    return Ours(run.metrics["ours_r_power"], reference=reference)


def bandwidth_rises(run: RunRecord) -> Ours:
    """Does 1/variance of our loaded networks rise with bandwidth? Decided by the slope's 95 % interval."""
    low, high = run["R"]["bw_slope_ci"]
    return Ours(f"r = {run.metrics['ours_r_bandwidth']:.2f}; slope 95 % CI [{sci(low)}, {sci(high)}]",
                holds=True if low > 0 else (False if high < 0 else None),
                note="a FIFO link's waits scale with 1/bandwidth, so this holds by construction")


# -- priorities -----------------------------------------------------------------------------------------

def nice_crossing(run: RunRecord) -> Ours:
    """Does the nice line cross the x-axis within half a load unit of two? No positive slope: no crossing."""
    R = run["R"]
    est, half = R["x_intercepts"]["nice"]
    if not (R["prio_slope_ci"]["nice"][0] > 0 and math.isfinite(half)):
        return Ours("no crossing: the nice line has no positive slope (its slope CI reaches zero)", holds=False)
    return Ours(f"crosses at load {est:.2f} ± {half:.2f}", holds=abs(est - 2.0) <= 0.5)


def x_intercept(run: RunRecord, priority: str) -> Ours:
    """Where the priority's fitted line crosses the x-axis, with its bootstrap interval; no crossing (a slope
    whose interval reaches zero) is a failure to show the thesis's crossing."""
    R = run["R"]
    est, half = R["x_intercepts"][priority]
    if not (R["prio_slope_ci"][priority][0] > 0 and math.isfinite(half)):
        return Ours(float("nan"), note="our line has no positive slope (its slope CI reaches zero), so no crossing")
    return Ours(float(est), low=est - half, high=est + half, basis="fitted", n=R["n_prio_points"])


def priority_ordering(run: RunRecord) -> Ours:
    """Mean variance at the highest load: default >= nice >= real-time?"""
    lv = {p: run["R"]["max_mean_variance"][p][0] for p in ("default", "nice", "realtime")}
    return Ours(f"mean variance {sci(lv['default'])} / {sci(lv['nice'])} / {sci(lv['realtime'])} µs²",
                holds=bool(lv["default"] >= lv["nice"] >= lv["realtime"]))


def nice_grows(run: RunRecord) -> Ours:
    """Does the nice line's slope exceed zero? Decided by its 95 % interval."""
    low, high = run["R"]["prio_slope_ci"]["nice"]
    return Ours(f"nice slope 95 % CI [{sci(low)}, {sci(high)}]",
                holds=True if low > 0 else (False if high <= 0 else None))


def variance_at_top(run: RunRecord, priority: str) -> Ours:
    """Mean variance of the priority's runs at the highest load, in 10^9 µs², with its 95 % interval."""
    R = run["R"]
    mean, half = R["max_mean_variance"][priority]
    return Ours(mean / 1e9, low=(mean - half) / 1e9, high=(mean + half) / 1e9, basis="simulated",
                n=R["replications"])


# -- the compensation buffer and the regressions -------------------------------------------------------

def drops_at_100ms(run: RunRecord) -> Ours:
    """Our featured traces' dropped percentage with a 100 ms buffer (not comparable: the trace is unstated)."""
    return Ours(round(run.metrics["ours_drop_pct_at_100ms"], 2))


def zero_drop_buffer(run: RunRecord) -> Ours:
    """The buffer that drops nothing in our featured traces (not comparable: the trace is unstated)."""
    m = run.metrics
    return Ours(f"{m['ours_zero_drop_buffer_ms']:.0f} ± {m['ours_zero_drop_buffer_ms_ci']:.0f} ms")


def buffer_correlation(run: RunRecord, name: str) -> Ours:
    """A correlation involving the optimal buffer or the area over the pooled runs; runs whose optimum sits at
    the top of the buffer sweep are censored there, so the value depends on ``buffer_max_ms``."""
    ours = _r(run.metrics[name], run["R"]["n_pooled"])
    top = int(run.metrics.get("pooled_optimum_at_top", 0))
    if top:
        ours = Ours(ours.value, low=ours.low, high=ours.high, basis="fitted", n=ours.n,
                    note=f"{top} of {run['R']['n_pooled']} runs have their optimal buffer at the top of the sweep "
                         f"({run.parameters['buffer_max_ms']:g} ms): their optimum is only 'at least' that, so this "
                         "r and its verdict move with buffer_max_ms")
    return ours


def additivity(run: RunRecord) -> Ours:
    """Our worst network's error of processor + network jitter against both, in %, with its 95 % interval."""
    m = run.metrics
    value, half = m["ours_additivity_max_abs_error_pct"], m["ours_additivity_ci_pct"]
    return Ours(value, low=value - half, high=value + half, basis="simulated", n=run["R"]["replications"],
                note=f"worst network: {run['R']['worst_network']}")


def hardware_needs_years(run: RunRecord) -> Ours:
    """Does default priority stay above the threshold beyond the thesis's five years?"""
    first = run["R"]["first_year"]["default"]
    words = "never below the threshold in the simulated years" if first is None else f"below in year {first:.0f}"
    return Ours(words, holds=first is None or first > 5)


def realtime_today(run: RunRecord) -> Ours:
    """Is real-time priority below the threshold in year 0?"""
    first = run["R"]["first_year"]["realtime"]
    return Ours("never below the threshold" if first is None else f"below in year {first:.0f}", holds=first == 0)


# -- the run's record ------------------------------------------------------------------------------------

def chapter_record(ch, R: dict) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`, ``R`` the findings' ``R``)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics), {"R": R})


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    The simulations go through the simulation cache, keyed on every input they read (the mini-experiments'
    transcribed intervals and sizes included), so a perturbed data value that feeds a simulation re-runs it.
    """
    from mmstudies.claypool_jitter import data, experiments

    p = dict(parameters)
    f = experiments.run(p, data.load_inputs())
    metrics = {k: v for k, (v, _, reason) in f.metrics.items() if not reason or math.isfinite(v)}
    undefined = {k: reason for k, (v, _, reason) in f.metrics.items() if reason and not math.isfinite(v)}
    return RunRecord(p, metrics, undefined, {"R": f.R})


