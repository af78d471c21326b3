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
