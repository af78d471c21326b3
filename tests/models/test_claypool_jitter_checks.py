"""The claypool-jitter checks table (``checks.yml`` and :mod:`mmstudies.claypool_jitter.checks`): kinds, tolerances and
the review's findings, on a fake run whose every value is chosen by hand (the audit itself: test_evidence_audit.py)."""

from __future__ import annotations

import numpy as np
import pytest
from test_claypool_jitter_scoring import _chapter, _results, score

from mmstudies.claypool_jitter import checks
from mmstudies.claypool_jitter.config import MACHINES


def _by_id(R=None, **metrics):
    ch = _chapter()
    ch.metrics.update(metrics)
    score(ch, R or _results())
    return {c.id: c for c in ch.scorecard.checks}


def test_every_check_has_a_kind_a_place_a_source_and_a_reason_when_it_has_a_tolerance():
    table = checks.table()
    assert len(table.checks) == 44 and sum(c.kind == "prediction" for c in table.checks) == 26
    for c in table.checks:
        assert c.source.startswith("seed 001 line"), c.id
        assert c.tolerance == "qualitative" or c.reason.strip(), c.id


def test_construction_is_not_scored_as_prediction():
    """Issue 24: 'lines meet at load 1', r(SPECint92, 1/variance) and '1/variance rises with bandwidth' hold by
    construction in the time-slice generator, and so do the nice crossing and the two Fig 3.14 checks."""
    by = _by_id()
    for cid in ("lines-meet-at-load-1", "power-r", "bandwidth-rises", "nice-x-intercept", "hardware-needs-years",
                "realtime-today", "priority-ordering"):
        assert by[cid].evidence == "construction", cid


def test_the_independent_reviews_kind_fixes():
    """Independent review (issue 23 item 7; data/claypool/review-claypool-jitter.csv): the time-slice rules make the
    four load slopes equal and the nice line flat, so 'slopes fall with power' and 'nice jitter grows with load'
    are construction, not predictions; the priority order is quoted from seed line 888, not 891 (the Fig. 3.11
    caption)."""
    table = {c.id: c for c in checks.table().checks}
    assert table["slopes-fall-with-power"].kind == "construction"
    assert table["nice-grows-with-load"].kind == "construction"
    assert table["priority-ordering"].source.startswith("seed 001 line 888:")
    by = _by_id()
    assert by["slopes-fall-with-power"].evidence == by["nice-grows-with-load"].evidence == "construction"


def test_power_check_compares_with_the_closed_form_of_table_3_3():
    """Without counters and stalls the variance is 2 (E[S]^2 + E[R]^2), both means proportional to 1/SPECint92,
    so 1/variance is proportional to SPECint92^2. By hand: x = 8.6, 13.8, 21.8, 64.0 (mean 27.05) and y = x^2 =
    73.96, 190.44, 475.24, 4096 (mean 1208.91): Sxy = 144,964, Sxx = 1,908.8, Syy = 11,198,953, so
    r = 144,964 / sqrt(1,908.8 x 11,198,953) = 0.9915."""
    spec = np.array(list(MACHINES.values()))
    by_hand = float(np.corrcoef(spec, spec ** 2)[0, 1])
    assert by_hand == pytest.approx(0.9915, abs=5e-5)
    power = _by_id(ours_r_power=0.99)["power-r"]
    assert power.derived == pytest.approx(by_hand, abs=1e-9)
    assert power.status == "holds"


def test_the_table_5_4_proxy_r_rounds_to_0_99_not_0_98():
    """Issue 24: r of 1/network jitter (411.37, 58.33, 28.62) against bandwidth (10, 266, 800) is 0.9894, which
    rounds to 0.99: against the printed 0.98 with the two-decimal rounding (±0.005) it is not reproduced."""
    bw = np.array([10.0, 266.0, 800.0])
    r = float(np.corrcoef(bw, 1 / np.array([411.37, 58.33, 28.62]))[0, 1])
    assert round(r, 4) == 0.9894
    c = _by_id(table54_r_bandwidth=r)["table54-bandwidth-r"]
    assert (c.evidence, c.status, c.tolerance) == ("arithmetic", "not reproduced", "±0.005")


def test_correlations_are_compared_through_the_fisher_band_of_the_printed_r():
    """The fake run has our r equal to the printed one from 150 runs: inside the band from 52, so reproduced;
    with three points (Fig 3.13) the band is [-1, 1] and decides nothing."""
    by = _by_id()
    c = by["table32-range-variance"]
    assert c.status == "reproduced" and c.tolerance.startswith("95 % Fisher-z band of the paper's r from n = 52")
    assert by["buffer-area-r"].status == "reproduced"


def test_a_changed_buffer_sweep_makes_the_buffer_checks_not_applicable():
    """buffer_max_ms = 300 is not the thesis's 230 ms sweep: the checks that read the optimal buffer or the area
    are not applicable, not 'not reproduced'."""
    ch = _chapter()
    ch.parameters = {**ch.parameters, "buffer_max_ms": 300.0}
    score(ch, _results())
    by = {c.id: c for c in ch.scorecard.checks}
    assert by["buffer-area-r"].status == "not applicable" and "buffer_max_ms = 300" in by["buffer-area-r"].note
    assert by["table32-variance-area"].status == "not applicable"


def test_censored_optima_are_named_in_the_buffer_check():
    by = _by_id(pooled_optimum_at_top=7)
    assert "7 of 150 runs have their optimal buffer at the top of the sweep (230 ms)" in by["buffer-area-r"].note


def test_fig_5_23_r_is_scored_once_as_table_3_2_variance_area():
    """The audit's test c: r(jitter, area) over the pooled runs is Table 3.2's Variance-Area r, and both print 0.95."""
    ids = [c.id for c in checks.table().checks]
    assert "area-jitter-r" not in ids and "table32-variance-area" in ids


def test_figure_3_7_is_one_prediction_over_the_four_classes():
    """Independent review: the time-slice rules make the four load lines one line, so Fig. 3.7's printed range
    0.97-0.99 is one check over the four classes, not three predictions. By hand (Fisher z, 1.96 / sqrt(n - 3)):
    the printed ends from 6 points give the band [tanh(atanh 0.97 - 1.1316), tanh(atanh 0.99 + 1.1316)] =
    [0.745, 0.999]; a class r of 0.97 from 18 points has the interval tanh(2.0923 -+ 0.5061) = [0.919, 0.989],
    inside; an r of 0.5 from 18 points reaches down to tanh(0.5493 - 0.5061) = 0.043, wholly below 0.745 only
    if its upper end is too: tanh(1.0554) = 0.784, so it straddles (inconclusive); an r of 0.2 lies wholly below
    (tanh(0.2027 + 0.5061) = 0.610): not reproduced."""
    table = {c.id: c for c in checks.table().checks}
    assert not {"load-r-ipc", "load-r-ipx", "load-r-sparc5"} & set(table)
    assert table["load-r-four-classes"].kind == "prediction"
    assert _by_id()["load-r-four-classes"].status == "reproduced"
    for r, status in ((0.5, "inconclusive"), (0.2, "not reproduced")):
        R = _results()
        R["class_r"] = {**R["class_r"], "IPX": r}
        assert _by_id(R)["load-r-four-classes"].status == status, r


def test_non_range_pairs_are_those_seed_line_773_means():
    """Independent review: line 773 prints 0.72-0.99 for the pairs without Range, Gaps-Absdev (0.66) excepted. On
    the fake run every r is the printed one, so the lowest of those pairs is Gaps-Area, 0.72, at the band's edge;
    Gaps-Absdev at 0.66 would have been the minimum had it been counted."""
    c = _by_id()["non-range-correlate-well"]
    assert c.paper == "0.72 to 0.99" and c.ours == pytest.approx(0.72) and "Gaps-Area" in c.note


def test_the_section_3_7_thresholds_are_arithmetic_on_the_printed_lines():
    """Independent review: recomputing the thesis's own printed lines is arithmetic, and it fails. By hand:
    Buf. = 26.5 x 75,000 - 624,000 = 1,363,500 us, far above 'virtually no buffering' (read as at most 23 ms);
    Area = 0.000198 x 10^9 + 1,590,000 = 1,788,000, not the printed 75,000 (1 %)."""
    by = _by_id()
    area, jitter = by["area-threshold-contradiction"], by["jitter-threshold-contradiction"]
    assert (area.evidence, area.status) == ("arithmetic", "not reproduced")
    assert area.ours == pytest.approx(26.5 * 75_000 - 624_000)
    assert (jitter.evidence, jitter.status) == ("arithmetic", "not reproduced")
    assert jitter.ours == pytest.approx(0.000198 * 1e9 + 1_590_000)
    assert _by_id(printed_area_at_jitter_threshold=75_500)["jitter-threshold-contradiction"].status == "reproduced"


# -- added from the mutation run (2026-11-26, fourth session) ------------------------------------------------------
# Each check function on a record made by hand, compared in full (value, interval, basis, count, words).

import math  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pandas as pd  # noqa: E402

from mmperf.checktable import Ours, RunRecord  # noqa: E402
from mmstudies.claypool_jitter.analytic import fisher_ci  # noqa: E402

PAIRS = pd.DataFrame([{"pair": "Range-Max", "ours_r": 0.1}, {"pair": "A-B", "ours_r": 0.5},
                      {"pair": "C-D", "ours_r": 0.3}, {"pair": "E-F", "ours_r": 0.9}])


def _rec(metrics=None, undefined=None, parameters=None, **R):
    return RunRecord(dict(parameters or {}), dict(metrics or {}), dict(undefined or {}), {"R": R})


def _fitted(r, n):
    low, high = fisher_ci(r, n)
    return Ours(r, low=low, high=high, basis="fitted", n=n)


def test_fisher_intervals_of_our_correlations_by_hand():
    """r = 0.5 from 28 points: atanh(0.5) = 0.5493 +- 1.96 / sqrt(25) = 0.392 -> tanh(0.1573) = 0.1560 and
    tanh(0.9413) = 0.7358."""
    low, high = fisher_ci(0.5, 28)
    assert (low, high) == (pytest.approx(0.1560, abs=1e-4), pytest.approx(0.7358, abs=1e-4))
    run = _rec({"ours_r_exp1": 0.5}, pairs=PAIRS, n_pooled=28, n_exp1=28, n_load_points=28,
               class_r={"SLC": 0.5, "IPC": 0.9})
    assert checks.table32_pair(run, "A-B") == Ours(0.5, low=low, high=high, basis="fitted", n=28)
    assert type(checks.table32_pair(run, "A-B").n) is int
    assert checks.correlation(run, "ours_r_exp1", "n_exp1") == Ours(0.5, low=low, high=high, basis="fitted", n=28)
    assert checks.class_r(run, "SLC") == Ours(0.5, low=low, high=high, basis="fitted", n=28)
    assert checks.lowest_other_r(run) == Ours(0.3, low=fisher_ci(0.3, 28)[0], high=fisher_ci(0.3, 28)[1],
                                              basis="fitted", n=28, note="lowest: C-D")
    assert checks.lowest_other_r(run, ("C-D",)) == Ours(0.5, low=low, high=high, basis="fitted", n=28,
                                                        note="lowest: A-B")


def test_metric_and_range_and_lines_by_hand():
    run = _rec({"x": 2.5, "ours_meet_spread_load": 0.25}, {"y": "no value"})
    assert checks.metric(run, "x") == Ours(2.5)
    y = checks.metric(run, "y")
    assert math.isnan(y.value) and y.undefined == "no value"
    m = {"ours_range_r_min": 0.2, "ours_range_r_max": 0.3, "ours_other_r_min": 0.7, "ours_other_r_max": 0.99}
    assert checks.range_correlates_less(_rec(m)) == Ours("Range r 0.20-0.30; others 0.70-0.99", holds=True)
    assert checks.range_correlates_less(_rec({**m, "ours_range_r_max": 0.7})).holds is False
    note = "a time slice lasts as long on every machine, so the four lines are one line"
    assert checks.lines_meet(run) == Ours("fitted lines at load 1 lie 0.25 load units apart", holds=True, note=note)
    assert checks.lines_meet(_rec({"ours_meet_spread_load": 0.5})).holds is False


def test_class_range_three_ways_by_hand():
    """Printed 0.97-0.99 from 6 points, ours from 30: 0.985 and 0.99 inside; 0.5 wholly below; 0.9 straddles."""
    def ranged(**rs):
        return checks.class_r_range(_rec(class_r=rs, n_load_points=30), 0.97, 0.99, 6)
    assert ranged(SLC=0.985, IPC=0.99) == Ours("r 0.985-0.990 over 2 classes (SLC 0.985, IPC 0.990)", holds=True)
    assert ranged(SLC=0.985, IPC=0.5).holds is False
    assert ranged(SLC=0.5, IPC=0.985).value == "r 0.500-0.985 over 2 classes (SLC 0.500, IPC 0.985)"
    low = checks.fisher_band(0.97, 6)[0]
    straddling = next(r / 1000 for r in range(999, 0, -1) if fisher_ci(r / 1000, 30)[0] < low < fisher_ci(r / 1000,
                                                                                                           30)[1])
    assert ranged(SLC=0.985, IPC=straddling).holds is None


def test_class_range_at_its_edges():
    """An interval that touches the band is inside it, and one that touches it from outside is not wholly outside.
    Ours and the printed r from the same 6 points: the class at 0.97 (or 0.99) has the band's own low (high) end;
    from 12 points with the printed 0.9-0.95, r = 0.1640801103081898 ends exactly at the band's low end
    (tanh(atanh(0.9) - 2 x 1.96 / 3)) and r = 0.9962484167624089 begins exactly at its high end (floats found
    by search)."""
    def ranged(r, low, high, n):
        return checks.class_r_range(_rec(class_r={"SLC": r}, n_load_points=n), low, high, n).holds
    assert ranged(0.97, 0.97, 0.99, 6) is True and ranged(0.99, 0.97, 0.99, 6) is True
    below, above = 0.1640801103081898, 0.9962484167624089
    assert fisher_ci(below, 12)[1] == checks.fisher_band(0.9, 12)[0]
    assert fisher_ci(above, 12)[0] == checks.fisher_band(0.95, 12)[1]
    assert ranged(below, 0.9, 0.95, 12) is None and ranged(above, 0.9, 0.95, 12) is None


def test_slopes_fall_by_hand():
    """Decided only when falling and separated agree: positive and falling with the SLC's interval above the Sparc 5's
    holds; neither fails; one without the other (or intervals that touch) is undecided."""
    slopes = pd.Series({"SLC": 4.0, "IPC": 3.0, "IPX": 2.0, "Sparc 5": 1.0})
    apart, overlap = {"SLC": (3.5, 4.5), "Sparc 5": (0.5, 1.5)}, {"SLC": (1.5, 4.5), "Sparc 5": (0.5, 1.5)}
    words = "SLC 4.00 × 10⁰, IPC 3.00 × 10⁰, IPX 2.00 × 10⁰, Sparc 5 1.00 × 10⁰; SLC and Sparc 5 slope CIs "
    assert checks.slopes_fall(_rec(slopes=slopes, slope_ci=apart)) == Ours(words + "apart", holds=True)
    assert checks.slopes_fall(_rec(slopes=slopes, slope_ci=overlap)) == Ours(words + "overlap", holds=None)
    touching = {"SLC": (1.5, 4.5), "Sparc 5": (0.5, 1.5)}
    assert checks.slopes_fall(_rec(slopes=slopes, slope_ci=touching)).holds is None
    rising = pd.Series({"SLC": 1.0, "IPC": 3.0, "IPX": 2.0, "Sparc 5": 4.0})
    assert checks.slopes_fall(_rec(slopes=rising, slope_ci=overlap)).holds is False
    assert checks.slopes_fall(_rec(slopes=rising, slope_ci=apart)).holds is None
    negative = pd.Series({"SLC": 0.0, "IPC": -1.0, "IPX": -2.0, "Sparc 5": -3.0})   # falling, but not positive
    assert checks.slopes_fall(_rec(slopes=negative, slope_ci=apart)).holds is None
    to_zero = pd.Series({"SLC": 3.0, "IPC": 2.0, "IPX": 1.0, "Sparc 5": 0.0})   # a zero slope is not positive
    assert checks.slopes_fall(_rec(slopes=to_zero, slope_ci=apart)).holds is None
    equal = pd.Series({"SLC": 2.0, "IPC": 2.0, "IPX": 2.0, "Sparc 5": 2.0})   # weakly falling counts as falling
    assert checks.slopes_fall(_rec(slopes=equal, slope_ci=apart)).holds is True


def test_bandwidth_and_nice_slope_decided_by_their_intervals():
    note = "a FIFO link's waits scale with 1/bandwidth, so this holds by construction"

    def bw(low, high):
        return checks.bandwidth_rises(_rec({"ours_r_bandwidth": 0.98}, bw_slope_ci=(low, high)))
    assert bw(1e-9, 2e-9) == Ours("r = 0.98; slope 95 % CI [1.00 × 10⁻⁹, 2.00 × 10⁻⁹]", holds=True, note=note)
    assert bw(0.0, 2e-9).holds is None and bw(-2e-9, -1e-9).holds is False and bw(-2e-9, 0.0).holds is None

    def nice(low, high):
        return checks.nice_grows(_rec(prio_slope_ci={"nice": (low, high)}))
    assert nice(5e7, 1.5e8) == Ours("nice slope 95 % CI [5.00 × 10⁷, 1.50 × 10⁸]", holds=True)
    assert nice(0.0, 1.5e8).holds is None and nice(-2.0, 0.0).holds is False and nice(-2.0, 1.0).holds is None
    assert nice(0.5, 2.0).holds is True   # any positive lower end, not only above 1


def test_x_axis_crossings_by_hand():
    def rec(est, half, low):
        return _rec(x_intercepts={"nice": (est, half)}, prio_slope_ci={"nice": (low, 1.0)}, n_prio_points=18)
    assert checks.nice_crossing(rec(2.25, 0.5, 0.1)) == Ours("crosses at load 2.25 ± 0.50", holds=True)
    assert checks.nice_crossing(rec(2.5, 0.5, 0.1)).holds is True
    assert checks.nice_crossing(rec(1.5, 0.5, 0.1)).holds is True
    assert checks.nice_crossing(rec(2.75, 0.5, 0.1)).holds is False
    none = Ours("no crossing: the nice line has no positive slope (its slope CI reaches zero)", holds=False)
    assert checks.nice_crossing(rec(2.0, 0.5, 0.0)) == none
    assert checks.nice_crossing(rec(2.0, math.inf, 0.1)) == none
    assert checks.x_intercept(rec(2.25, 0.5, 0.1), "nice") == Ours(2.25, low=1.75, high=2.75, basis="fitted", n=18)
    for no in (checks.x_intercept(rec(2.25, 0.5, 0.0), "nice"), checks.x_intercept(rec(2.25, math.inf, 0.1), "nice")):
        assert math.isnan(no.value) and (no.low, no.high, no.basis, no.n) == (None, None, "exact", None)
        assert no.note == "our line has no positive slope (its slope CI reaches zero), so no crossing"


def test_priorities_at_the_highest_load_by_hand():
    def rec(default, nice, realtime):
        return _rec(max_mean_variance={"default": (default, 1e9), "nice": (nice, 1e8), "realtime": (realtime, 1e6)},
                    replications=3)
    assert checks.priority_ordering(rec(3e10, 5e8, 1e7)) == Ours(
        "mean variance 3.00 × 10¹⁰ / 5.00 × 10⁸ / 1.00 × 10⁷ µs²", holds=True)
    assert checks.priority_ordering(rec(5e8, 5e8, 5e8)).holds is True
    assert checks.priority_ordering(rec(4e8, 5e8, 1e7)).holds is False
    assert checks.priority_ordering(rec(3e10, 5e8, 6e8)).holds is False
    assert checks.variance_at_top(rec(3e10, 5e8, 1e7), "default") == Ours(30.0, low=29.0, high=31.0,
                                                                           basis="simulated", n=3)


def test_buffer_checks_by_hand():
    m = {"ours_drop_pct_at_100ms": 2.3456, "ours_zero_drop_buffer_ms": 207.4, "ours_zero_drop_buffer_ms_ci": 125.6,
         "ours_buf_area_r": 0.5}
    assert checks.drops_at_100ms(_rec(m)) == Ours(2.35)
    assert checks.zero_drop_buffer(_rec(m)) == Ours("207 ± 126 ms")
    low, high = fisher_ci(0.5, 28)
    assert checks.buffer_correlation(_rec(m, n_pooled=28), "ours_buf_area_r") == Ours(0.5, low=low, high=high,
                                                                                      basis="fitted", n=28)
    top = _rec({**m, "pooled_optimum_at_top": 3.0}, parameters={"buffer_max_ms": 230.0}, n_pooled=28)
    assert checks.buffer_correlation(top, "ours_buf_area_r") == Ours(
        0.5, low=low, high=high, basis="fitted", n=28,
        note="3 of 28 runs have their optimal buffer at the top of the sweep (230 ms): their optimum is only 'at "
             "least' that, so this r and its verdict move with buffer_max_ms")
    add = {"ours_additivity_max_abs_error_pct": 5.0, "ours_additivity_ci_pct": 1.5}
    assert checks.additivity(_rec(add, replications=3, worst_network="HIPPI")) == Ours(
        5.0, low=3.5, high=6.5, basis="simulated", n=3, note="worst network: HIPPI")


def test_hardware_years_by_hand():
    def rec(default, realtime):
        return _rec(first_year={"default": default, "realtime": realtime})
    assert checks.hardware_needs_years(rec(None, 0.0)) == Ours("never below the threshold in the simulated years",
                                                               holds=True)
    assert checks.hardware_needs_years(rec(6.0, 0.0)) == Ours("below in year 6", holds=True)
    assert checks.hardware_needs_years(rec(5.0, 0.0)) == Ours("below in year 5", holds=False)
    assert checks.realtime_today(rec(None, 0.0)) == Ours("below in year 0", holds=True)
    assert checks.realtime_today(rec(None, None)) == Ours("never below the threshold", holds=False)
    assert checks.realtime_today(rec(None, 1.0)) == Ours("below in year 1", holds=False)


def test_power_r_reference_only_for_the_time_slice_generator_without_counters():
    reason = "the closed form holds only for the time-slice generator without counters (light_load < 0.5)"
    p = {"light_load": 0.0, "period_ms": 30.0, "frame_bytes": 8000}
    for generator, light in (("ciw", 0.0), ("timeslice", 0.6), ("timeslice", 1.0)):
        assert checks.power_r(_rec({"ours_r_power": 0.9}, parameters={**p, "light_load": light},
                                   generator=generator)) == Ours(0.9, undefined=reason)
    # the generator runs round(light_load) counters, so 0.5 (rounded to even: 0) has none either
    for light in (0.0, 0.5):
        ours = checks.power_r(_rec({"ours_r_power": 0.9}, parameters={**p, "light_load": light}, generator="timeslice"))
        assert ours.value == 0.9 and ours.undefined is None and 0.9 < ours.reference < 1.0


def test_chapter_record_copies_the_notebooks_run():
    ch = SimpleNamespace(parameters={"a": 1.0}, metrics={"x": 2.0}, undefined_metrics={"y": "no value"})
    R = {"n_pooled": 150}
    run = checks.chapter_record(ch, R)
    assert run == RunRecord({"a": 1.0}, {"x": 2.0}, {"y": "no value"}, {"R": R})
    assert run.parameters is not ch.parameters and run.metrics is not ch.metrics
    assert run.undefined is not ch.undefined_metrics
