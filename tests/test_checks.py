"""Scorecard and coverage: kinds of evidence, equivalence-test verdicts, Fisher z bands, headline counts.

Every expected value below is worked by hand in the test's docstring or comment.
"""

import math

import pytest

from mmperf.checks import (
    EVIDENCE,
    Check,
    Coverage,
    Scorecard,
    equivalence,
    fisher_band,
    headline,
    predictions_headline,
    replications_needed,
    summary_sentence,
)


def _compare(sc, ours, **kw):
    args = {"paper": 10.0, "tol": 0.5, "evidence": "prediction", "reason": "test band"} | kw
    return sc.compare("x", "s", ours=ours, **args)


def test_exact_values_inside_and_outside_the_band():
    """Band [9.5, 10.5]: 10.5 is on the edge (inside), 10.51 outside; relative 10 % of 100 is +-10."""
    sc = Scorecard("t")
    assert _compare(sc, 10.5).status == "reproduced"
    assert _compare(sc, 10.51).status == "not reproduced"
    assert sc.compare("c", "s", paper=100, ours=109, rel=0.1, evidence="prediction", reason="r").status \
        == "reproduced"
    assert sc.compare("d", "s", paper=100, ours=111, rel=0.1, evidence="prediction", reason="r").status \
        == "not reproduced"


@pytest.mark.parametrize("ours, half, status", [
    (10.0, 0.3, "reproduced"),       # [9.7, 10.3] inside [9.5, 10.5]
    (11.2, 0.3, "not reproduced"),   # [10.9, 11.5] wholly above 10.5
    (8.6, 0.3, "not reproduced"),    # [8.3, 8.9] wholly below 9.5
    (10.4, 0.3, "inconclusive"),     # [10.1, 10.7] straddles 10.5
    (10.7, 0.3, "inconclusive"),     # [10.4, 11.0] straddles 10.5 from outside: cannot decide either
])
def test_simulated_verdicts_follow_the_equivalence_test(ours, half, status):
    sc = Scorecard("t")
    check = _compare(sc, ours, basis="simulated", ci_half_width=half, n=5)
    assert check.status == status
    assert (check.ci_low, check.ci_high) == pytest.approx((ours - half, ours + half))


def test_inconclusive_says_how_many_replications_would_decide():
    """ours 10.4, h 0.3 from n = 5; margin to the band edge 0.1; h falls as 1/sqrt(n): n = 5 * (0.3/0.1)^2 = 45."""
    sc = Scorecard("t")
    assert _compare(sc, 10.4, basis="simulated", ci_half_width=0.3, n=5).needed_n == 45
    assert replications_needed(10, 1.0, 0.5) == 40
    assert replications_needed(10, 1.0, 0.0) is None


def test_outside_but_straddling_also_says_how_many_would_decide():
    """ours 10.7 (outside the band [9.5, 10.5]), h 0.3 from n = 5: the distance to the edge is 0.2, so
    n = 5 * (0.3 / 0.2)^2 = 11.25 -> 12 replications would exclude the band."""
    sc = Scorecard("t")
    assert _compare(sc, 10.7, basis="simulated", ci_half_width=0.3, n=5).needed_n == 12


def test_an_absolute_band_on_a_percentage_is_in_points():
    sc = Scorecard("t")
    assert sc.compare("share", "s", paper=40, ours=42, tol=5, unit="%", evidence="prediction",
                      reason="r").tolerance == "±5 percentage points"


def test_a_correlation_from_three_points_gets_no_verdict():
    sc = Scorecard("t")
    check = sc.correlation("r", "Fig", paper_r=0.99, ours_r=0.98, n_paper=3, ours_ci=(0.97, 0.99))
    assert check.status == "inconclusive" and "excludes nothing" in check.reason


def test_equivalence_edges():
    assert equivalence(1, 2, 1, 2) is True
    assert equivalence(0, 0.99, 1, 2) is False
    assert equivalence(0, 1, 1, 2) is None  # touching counts as overlap
    assert equivalence(math.nan, 1, 0, 2) is False


def test_fisher_band_worked_by_hand():
    """r = 0.5, n = 28: z = atanh(0.5) = 0.549306, se = 1/5 = 0.2, z +- 1.959964 * 0.2 = (0.157313, 0.941299),
    tanh -> (0.156028, 0.735818)."""
    lo, hi = fisher_band(0.5, 28)
    assert lo == pytest.approx(0.156028, abs=1e-5) and hi == pytest.approx(0.735818, abs=1e-5)
    assert fisher_band(0.9, 3) == (-1.0, 1.0)  # too few points: nothing excluded


def test_correlation_check_uses_the_sampling_band():
    """Paper r = 0.9 from 12 points: band (0.674, 0.972). Ours 0.85 +- 0.02 over replications: inside."""
    sc = Scorecard("t")
    assert sc.correlation("r", "T", paper_r=0.9, ours_r=0.85, n_paper=12, ours_ci=(0.83, 0.87)).status \
        == "reproduced"
    assert sc.correlation("r", "T", paper_r=0.9, ours_r=0.3, n_paper=12, ours_ci=(0.25, 0.35)).status \
        == "not reproduced"
    # our own r from 12 points has a wide interval too: (0.33, 0.88) straddles 0.674
    assert sc.correlation("r", "T", paper_r=0.9, ours_r=0.7, n_paper=12, n_ours=12).status == "inconclusive"


def test_kinds_of_evidence_have_their_own_status_words():
    sc = Scorecard("t")
    assert _compare(sc, 10, evidence="target").status == "target met"
    assert _compare(sc, 12, evidence="target").status == "target missed"
    assert _compare(sc, 10, evidence="construction").status == "holds"
    assert _compare(sc, 12, evidence="construction").status == "fails"
    assert _compare(sc, 10, evidence="arithmetic").status == "reproduced"
    assert _compare(sc, 10, evidence="transcription").status == "reproduced"
    nc = sc.not_comparable("typo", "line 3", paper=11, ours=12, reason="the seed misprints the sum")
    assert nc.status == "not comparable" and nc.evidence == "not comparable"
    assert sc.claim("c", "s", paper="A < B", ours="?", holds=None, evidence="prediction").status == "inconclusive"


def test_not_applicable_is_not_counted():
    sc = Scorecard("t")
    check = _compare(sc, 99, na_reason="the queue is unstable")
    assert check.status == "not applicable" and "unstable" in check.note
    _compare(sc, 10)
    assert sc.headline() == {"reproduced": 1, "checked": 1}


def test_headline_counts_only_predictions():
    records = [{"evidence": e, "status": "reproduced"} for e in EVIDENCE if e != "not comparable"]
    records.append({"evidence": "prediction", "status": "not reproduced"})
    assert headline(records) == {"reproduced": 1, "checked": 2}
    text = summary_sentence(records)
    assert text.startswith("The model reproduces 1 of 2 predictions")
    assert "1 calibration target" in text and "1 construction (sanity) check" in text


def test_bad_arguments_are_refused():
    sc = Scorecard("t")
    with pytest.raises(ValueError, match="exactly one of tol"):
        sc.compare("a", "s", paper=1, ours=1, evidence="prediction", reason="r")
    with pytest.raises(ValueError, match="kind must be one of"):
        sc.compare("a", "s", paper=1, ours=1, tol=1, kind="guess", evidence="prediction", reason="r")
    with pytest.raises(ValueError, match="evidence must be one of"):
        sc.compare("a", "s", paper=1, ours=1, tol=1, evidence="hunch", reason="r")
    with pytest.raises(ValueError, match="needs a reason"):
        sc.compare("a", "s", paper=1, ours=1, tol=1, evidence="prediction", reason=" ")
    with pytest.raises(ValueError, match="needs its ci_half_width"):
        sc.compare("a", "s", paper=1, ours=1, tol=1, evidence="prediction", reason="r", basis="simulated")
    with pytest.raises(TypeError):
        sc.compare("a", "s", paper=1, ours=1, tol=1, role="target")  # the old API is gone
    with pytest.raises(ValueError, match="category must be one of"):
        Coverage("t").add("Fig 1", "made up", "somehow")


def test_nan_is_never_reproduced_and_range_checks():
    sc = Scorecard("t")
    assert _compare(sc, math.nan).status == "not reproduced"
    kw = {"paper": "<= 20 %", "low": 0, "high": 20, "evidence": "prediction", "reason": "the paper's bound"}
    assert sc.within("u", "s", ours=19.0, **kw).status == "reproduced"
    assert sc.within("u", "s", ours=21.0, **kw).status == "not reproduced"
    assert sc.within("u", "s", ours=19.0, basis="simulated", ci_half_width=2, **kw).status == "inconclusive"


def test_table_shows_interval_reason_and_evidence():
    sc = Scorecard("t")
    _compare(sc, 10.0, basis="simulated", ci_half_width=0.25, n=4)
    table = sc.table()
    assert list(table.columns) == ["what", "where", "paper", "ours", "tolerance", "reason", "evidence", "status",
                                   "note"]
    assert table.loc[0, "ours"] == "10 [9.75, 10.25]"


# --- tests added from the mutation run (benchmarks/mutation-report.md) ------------------------------
# Each one states its expected values by hand; the whole user-facing error messages are matched.


def _record(check):
    from dataclasses import asdict

    return asdict(check)


def test_compare_records_every_field_absolute_and_relative():
    """Absolute band: paper 10 ms +- 0.5, ours 10.2 -> inside; the tolerance reads "±0.5 ms". Relative:
    10 % of |-100| is 10, so the band is [-110, -90] and -95 is inside (a band built from the signed
    paper value, -10, would be empty and fail); its tolerance reads "±10 %"."""
    sc = Scorecard("chap")
    assert sc.chapter == "chap" and sc.checks == []
    c = sc.compare("delay", "Table 2", paper=10, ours=10.2, tol=0.5, unit="ms", evidence="prediction",
                   reason="the paper rounds to 0.5 ms", note="n.b.")
    assert _record(c) == {
        "what": "delay", "where": "Table 2", "paper": 10.0, "ours": 10.2, "tolerance": "±0.5 ms",
        "reason": "the paper rounds to 0.5 ms", "evidence": "prediction", "kind": "paper", "status": "reproduced",
        "unit": "ms", "basis": "exact", "ci_low": None, "ci_high": None, "n": None, "needed_n": None,
        "note": "n.b."}
    r = sc.compare("loss", "Fig. 3", paper=-100, ours=-95, rel=0.1, evidence="arithmetic", reason="r",
                   kind="derived")
    assert (r.tolerance, r.status, r.kind, r.evidence, r.unit) == ("±10 %", "reproduced", "derived", "arithmetic", "")
    assert sc.checks == [c, r]


def test_simulated_compare_records_interval_n_and_needed_n_on_either_side():
    """Band [9.5, 10.5]. ours 9.6 +- 0.3 (n = 5) straddles 9.5; the margin to the nearer edge is 0.1, so
    n = 5 (0.3 / 0.1)^2 = 45. ours 10.5 +- 0.3 sits on the edge: margin 0, no n decides (None).
    Without n no estimate is made."""
    sc = Scorecard("t")
    c = _compare(sc, 9.6, basis="fitted", ci_half_width=0.3, n=5)
    assert (c.status, c.basis, c.n, c.needed_n) == ("inconclusive", "fitted", 5, 45)
    assert (c.ci_low, c.ci_high) == pytest.approx((9.3, 9.9))
    assert _compare(sc, 10.5, basis="simulated", ci_half_width=0.3, n=5).needed_n is None
    assert _compare(sc, 10.4, basis="simulated", ci_half_width=0.3).needed_n is None
    # a decided simulated check records no needed_n
    assert _compare(sc, 10.0, basis="simulated", ci_half_width=0.3, n=5).needed_n is None
    # a simulated check with half-width 0 is a point: 10.0 inside
    z = _compare(sc, 10.0, basis="simulated", ci_half_width=0.0, n=5)
    assert (z.status, z.ci_low, z.ci_high) == ("reproduced", 10.0, 10.0)


def test_within_records_its_range_and_text_paper_value():
    """Range [0, 20] % written "[0, 20] %"; the paper's text value is kept as text."""
    sc = Scorecard("t")
    c = sc.within("util", "Section 4", paper="never above 20 %", ours=12, low=0, high=20, unit="%",
                  evidence="transcription", reason="the paper's bound", kind="external", note="x")
    assert _record(c) == {
        "what": "util", "where": "Section 4", "paper": "never above 20 %", "ours": 12.0,
        "tolerance": "[0, 20] %", "reason": "the paper's bound", "evidence": "transcription", "kind": "external",
        "status": "reproduced", "unit": "%", "basis": "exact", "ci_low": None, "ci_high": None, "n": None,
        "needed_n": None, "note": "x"}
    s = sc.within("util", "s", paper="<= 20", ours=19.5, low=0, high=20, evidence="prediction", reason="r",
                  basis="simulated", ci_half_width=1.0, n=4, na_reason="unstable")
    assert (s.status, s.n, s.note) == ("not applicable", 4, "not applicable: unstable")


def test_correlation_records_every_field():
    """Paper r = 0.9 from n = 12: z = atanh(0.9) = 1.472219, se = 1/sqrt(9) = 1/3, the 95 % band is
    tanh(z -+ 1.959964/3) = (0.674470, 0.971903), printed "[0.67, 0.97]". Our interval (0.83, 0.87)
    lies inside."""
    sc = Scorecard("t")
    c = sc.correlation("r(load, delay)", "Table 3", paper_r=0.9, ours_r=0.85, n_paper=12, ours_ci=(0.83, 0.87),
                       n_ours=30, note="n.b.")
    assert _record(c) == {
        "what": "r(load, delay)", "where": "Table 3", "paper": 0.9, "ours": 0.85, "tolerance": "[0.67, 0.97]",
        "reason": "95% Fisher-z band of the paper's r from n = 12 points", "evidence": "prediction",
        "kind": "paper", "status": "reproduced", "unit": "", "basis": "fitted", "ci_low": 0.83, "ci_high": 0.87,
        "n": 30, "needed_n": None, "note": "n.b."}
    assert sc.checks == [c]


def test_correlation_level_point_estimate_target_and_not_applicable():
    """At level 0.90 the normal quantile is 1.644854: band tanh(1.472219 -+ 1.644854/3) = (0.727754,
    0.965448), printed "[0.73, 0.97]". Ours 0.70 with no interval and no n is a point: outside that band,
    though inside the 95 % band (0.674, 0.972). Ours 0.8 as a target inside -> "target met"."""
    sc = Scorecard("t")
    c = sc.correlation("r", "T", paper_r=0.9, ours_r=0.70, n_paper=12, level=0.90)
    assert (c.tolerance, c.reason, c.status) == (
        "[0.73, 0.97]", "90% Fisher-z band of the paper's r from n = 12 points", "not reproduced")
    assert (c.ci_low, c.ci_high, c.n) == (0.70, 0.70, None)
    assert sc.correlation("r", "T", paper_r=0.9, ours_r=0.70, n_paper=12).status == "reproduced"
    t = sc.correlation("r", "T", paper_r=0.9, ours_r=0.8, n_paper=12, evidence="target", kind="assumption")
    assert (t.status, t.evidence, t.kind) == ("target met", "target", "assumption")
    na = sc.correlation("r", "T", paper_r=0.9, ours_r=0.1, n_paper=12, na_reason="too few points", note="m")
    assert (na.status, na.note) == ("not applicable", "not applicable: too few points; m")
    with pytest.raises(ValueError) as err:
        sc.correlation("r", "T", paper_r=0.9, ours_r=0.8, n_paper=12, kind="guess")
    assert str(err.value) == "kind must be one of ('paper', 'derived', 'assumption', 'external'), got 'guess'"


def test_claim_records_every_field():
    """A claim is qualitative: tolerance and default reason "qualitative"; holds False is "not
    reproduced"; a truthy non-bool counts as holding; not applicable joins the reason into the note."""
    sc = Scorecard("t")
    c = sc.claim("order", "Sec. 2", paper="A < B", ours="A 1 < B 2", holds=True, evidence="prediction",
                 note="n")
    assert _record(c) == {
        "what": "order", "where": "Sec. 2", "paper": "A < B", "ours": "A 1 < B 2", "tolerance": "qualitative",
        "reason": "qualitative", "evidence": "prediction", "kind": "paper", "status": "reproduced", "unit": "",
        "basis": "exact", "ci_low": None, "ci_high": None, "n": None, "needed_n": None, "note": "n"}
    f = sc.claim("o", "s", paper="p", ours="o", holds=False, evidence="construction", reason="by design",
                 kind="assumption")
    assert (f.status, f.reason, f.kind) == ("fails", "by design", "assumption")
    assert sc.claim("o", "s", paper="p", ours="o", holds=1, evidence="target").status == "target met"
    assert sc.claim("o", "s", paper="p", ours="o", holds=0, evidence="prediction").status == "not reproduced"
    na = sc.claim("o", "s", paper="p", ours="o", holds=True, evidence="prediction", na_reason="no data")
    assert (na.status, na.note) == ("not applicable", "not applicable: no data")
    assert len(sc.checks) == 5
    with pytest.raises(ValueError) as err:
        sc.claim("o", "s", paper="p", ours="o", holds=True, evidence="hunch")
    assert str(err.value) == ("evidence must be one of ('prediction', 'arithmetic', 'transcription', "
                              "'construction', 'target', 'not comparable'), got 'hunch'")


def test_not_comparable_records_every_field():
    """Numbers become floats, text and booleans stay text; the tolerance is a dash."""
    sc = Scorecard("t")
    c = sc.not_comparable("sum", "line 3", paper=11, ours="12 (recomputed)", reason="the seed misprints it",
                          kind="derived", note="n")
    assert _record(c) == {
        "what": "sum", "where": "line 3", "paper": 11.0, "ours": "12 (recomputed)", "tolerance": "—",
        "reason": "the seed misprints it", "evidence": "not comparable", "kind": "derived",
        "status": "not comparable", "unit": "", "basis": "exact", "ci_low": None, "ci_high": None, "n": None,
        "needed_n": None, "note": "n"}
    b = sc.not_comparable("flag", "l", paper=True, ours=2.5, reason="r")
    assert (b.paper, b.ours, b.kind) == ("True", 2.5, "paper")
    assert sc.checks == [c, b]
    with pytest.raises(ValueError) as err:
        sc.not_comparable("sum", "l", paper=1, ours=2, reason="  ")
    assert str(err.value) == "sum: a not-comparable check needs its reason"
    with pytest.raises(ValueError, match="^kind must be one of"):
        sc.not_comparable("sum", "l", paper=1, ours=2, reason="r", kind="guess")


def test_banded_error_messages_in_full():
    sc = Scorecard("t")
    cases = [
        ({"reason": " "}, "a: every tolerance needs a reason"),
        ({"evidence": "not comparable"}, "a: use Scorecard.not_comparable for a not-comparable value"),
        ({"basis": "simulated"}, "a: a simulated value needs its ci_half_width"),
        ({"basis": "fitted"}, "a: a fitted value needs its ci_half_width"),
        ({"basis": "guessed"}, "basis must be one of ('exact', 'simulated', 'fitted'), got 'guessed'"),
        ({"tol": None}, "a: give exactly one of tol (absolute) or rel (relative)"),
        ({"rel": 0.1}, "a: give exactly one of tol (absolute) or rel (relative)"),
    ]
    for extra, message in cases:
        args = {"paper": 1, "ours": 1, "tol": 1, "evidence": "prediction", "reason": "r"} | extra
        with pytest.raises(ValueError) as err:
            sc.compare("a", "s", **args)
        assert str(err.value) == message
    with pytest.raises(ValueError) as err:
        sc.within("a", "s", paper="p", ours=1, low=0, high=2, evidence="prediction", reason="")
    assert str(err.value) == "a: every tolerance needs a reason"
    assert sc.checks == []


def test_replications_needed_edges():
    """n (h / target)^2 rounded up, at least n + 1: 10 (0.5/1)^2 = 2.5 -> 3, but at least 11.
    (2.1 / 0.3)^2 = 49 exactly, though in floating point it is 49.000000000000014 (rounding to 9
    decimals first keeps it at 49, not 50). No estimate for n < 1, an infinite or NaN half-width, or a
    non-positive target."""
    assert replications_needed(10, 0.5, 1.0) == 11
    assert replications_needed(1, 2.1, 0.3) == 49
    assert replications_needed(1, 1.0, 0.5) == 4
    assert replications_needed(0, 1.0, 0.5) is None
    assert replications_needed(1, math.inf, 0.5) is None
    assert replications_needed(1, math.nan, 0.5) is None
    assert replications_needed(1, 1.0, -0.5) is None


def test_equivalence_nan_anywhere_and_strict_edges():
    for i in range(4):
        args = [0.0, 1.0, 0.0, 2.0]
        args[i] = math.nan
        assert equivalence(*args) is False
    assert equivalence(2.0, 3.0, 0.0, 2.0) is None      # touches the upper edge from outside
    assert equivalence(2.01, 3.0, 0.0, 2.0) is False
    assert equivalence(0.0, 2.0, 0.0, 2.0) is True
    assert equivalence(-0.01, 1.0, 0.0, 2.0) is None
    assert equivalence(0.5, 2.01, 0.0, 2.0) is None


def test_fisher_band_level_edges_and_clipping():
    """n = 4 is the first n with a band: se = 1, r = 0.5: tanh(0.549306 -+ 1.959964) =
    (-0.887634, 0.986859). At level 0.90, n = 12, r = 0.9: (0.727754, 0.965448) (z and se as above,
    quantile 1.644854). r = 1 is clipped to 0.999999: atanh = 7.254329, band tanh(7.254329 -+ 0.653321)
    = (0.9999963, 0.9999997): finite, not a division by zero."""
    assert fisher_band(0.5, 4) == pytest.approx((-0.887634, 0.986859), abs=1e-6)
    assert fisher_band(0.9, 12, 0.90) == pytest.approx((0.727754, 0.965448), abs=1e-6)
    lo, hi = fisher_band(1.0, 12)
    assert lo == pytest.approx(0.9999963, abs=1e-7) and hi == pytest.approx(0.9999997, abs=1e-7)
    lo, hi = fisher_band(-1.0, 12)
    assert lo == pytest.approx(-0.9999997, abs=1e-7) and hi == pytest.approx(-0.9999963, abs=1e-7)


def test_summary_sentence_singular_plural_and_every_noun():
    """One prediction is singular; with nothing besides predictions the sentence ends with a full stop;
    every other kind of evidence has its own noun and plural; not-comparable values carry no status."""
    one = [{"evidence": "prediction", "status": "reproduced"}]
    assert summary_sentence(one) == "The model reproduces 1 of 1 prediction it was not calibrated to."
    two = [{"evidence": "prediction", "status": "not reproduced"},
           {"evidence": "prediction", "status": "inconclusive"},
           {"evidence": "prediction", "status": "not reproduced"}]
    assert summary_sentence(two) == ("The model reproduces 0 of 3 predictions it was not calibrated to "
                                     "(2 not reproduced, 1 inconclusive).")
    many = [{"evidence": "arithmetic", "status": "reproduced"}, {"evidence": "arithmetic", "status": "reproduced"},
            {"evidence": "transcription", "status": "reproduced"},
            {"evidence": "transcription", "status": "not reproduced"},
            {"evidence": "construction", "status": "holds"}, {"evidence": "construction", "status": "fails"},
            {"evidence": "target", "status": "target met"}, {"evidence": "target", "status": "target missed"},
            {"evidence": "not comparable", "status": "not comparable"},
            {"evidence": "not comparable", "status": "not comparable"}]
    assert summary_sentence(many) == (
        "The chapter has no prediction the model was not calibrated to; besides them, "
        "2 arithmetic checks (2 reproduced), 2 transcription checks (1 reproduced, 1 not reproduced), "
        "2 construction (sanity) checks (1 holds, 1 fails), 2 calibration targets (1 target met, "
        "1 target missed), 2 paper values that are not comparable.")
    singles = [{"evidence": e, "status": s} for e, s in [
        ("transcription", "reproduced"), ("target", "target met"), ("not comparable", "not comparable")]]
    assert summary_sentence(singles) == (
        "The chapter has no prediction the model was not calibrated to; besides them, "
        "1 transcription check (1 reproduced), 1 calibration target (1 target met), "
        "1 paper value that is not comparable.")


def test_counts_totals_and_records():
    """Three checks (a prediction reproduced, one not, a target met), counted per evidence and status; totals list every
    status, zeros included."""
    sc = Scorecard("t")
    _compare(sc, 10.0)
    _compare(sc, 12.0)
    _compare(sc, 10.0, evidence="target")
    assert sc.counts() == {"prediction": {"reproduced": 1, "not reproduced": 1}, "target": {"target met": 1}}
    totals = sc.totals()
    assert totals == {"reproduced": 1, "not reproduced": 1, "inconclusive": 0, "not applicable": 0,
                      "target met": 1, "target missed": 0, "holds": 0, "fails": 0, "not comparable": 0}
    assert [r["ours"] for r in sc.to_records()] == [10.0, 12.0, 10.0]


def test_table_keeps_exact_numbers_and_text_as_they_are():
    """An exact check has no interval, so its number is shown as is; a claim's text too."""
    sc = Scorecard("t")
    _compare(sc, 10.25, note="n")
    sc.claim("c", "s", paper="A < B", ours="A < B here", holds=True, evidence="prediction")
    table = sc.table()
    assert table["ours"].tolist() == [10.25, "A < B here"]
    assert table.loc[0].tolist() == ["x", "s", 10.0, 10.25, "±0.5", "test band", "prediction", "reproduced", "n"]


def test_coverage_records_and_messages():
    cov = Coverage("ch")
    assert cov.chapter == "ch" and cov.items == []
    item = cov.add("Figure 2", "redrawn schematic", "plotting.box", note="n")
    assert (item.item, item.category, item.how, item.note) == ("Figure 2", "redrawn schematic", "plotting.box", "n")
    assert cov.add("Table 1", "computed from the model", "model.run").note == ""
    assert cov.to_records() == [
        {"item": "Figure 2", "category": "redrawn schematic", "how": "plotting.box", "note": "n"},
        {"item": "Table 1", "category": "computed from the model", "how": "model.run", "note": ""}]
    assert cov.table().values.tolist() == [["Figure 2", "redrawn schematic", "plotting.box", "n"],
                                           ["Table 1", "computed from the model", "model.run", ""]]
    assert list(Coverage("e").table().columns) == ["item", "category", "how", "note"]
    with pytest.raises(ValueError) as err:
        cov.add("Fig 3", "redrawn schematic", "  ")
    assert str(err.value) == "Fig 3: a 'redrawn schematic' item needs how it is regenerated in `how`"
    with pytest.raises(ValueError) as err:
        cov.add("Fig 4", "made up", "x")
    assert str(err.value) == ("Fig 4: category must be one of ('computed from the model', 'computed from "
                              "transcribed data', 'reconstructed under a labelled assumption', 'redrawn schematic', "
                              "'not reproducible'), got 'made up'")
    assert len(cov.items) == 2


def test_defaults_of_note_and_unit_are_empty():
    """Without `note` or `unit` the record holds empty strings (the table shows blank cells, not text)."""
    sc = Scorecard("t")
    checks = [
        sc.compare("a", "s", paper=1, ours=1, tol=1, evidence="prediction", reason="r"),
        sc.within("a", "s", paper="p", ours=1, low=0, high=2, evidence="prediction", reason="r"),
        sc.correlation("r", "T", paper_r=0.9, ours_r=0.85, n_paper=12),
        sc.claim("c", "s", paper="p", ours="o", holds=True, evidence="prediction"),
        sc.not_comparable("n", "s", paper=1, ours=2, reason="r"),
    ]
    assert [(c.note, c.unit) for c in checks] == [("", "")] * 5


def test_correlation_interval_from_our_own_points():
    """Ours r = 0.7 from n_ours = 12 points: tanh(atanh(0.7) -+ q/3) with atanh(0.7) = 0.867301 is
    (0.210772, 0.908806) at 95 % (q = 1.959964) and (0.308617, 0.888674) at 90 % (q = 1.644854)."""
    sc = Scorecard("t")
    c = sc.correlation("r", "T", paper_r=0.9, ours_r=0.7, n_paper=12, n_ours=12)
    assert (c.ci_low, c.ci_high) == pytest.approx((0.210772, 0.908806), abs=1e-6)
    c90 = sc.correlation("r", "T", paper_r=0.9, ours_r=0.7, n_paper=12, n_ours=12, level=0.90)
    assert (c90.ci_low, c90.ci_high) == pytest.approx((0.308617, 0.888674), abs=1e-6)


def test_counts_and_totals_add_up_repeated_statuses():
    """Two reproduced predictions are counted as 2, not 1."""
    sc = Scorecard("t")
    _compare(sc, 10.0)
    _compare(sc, 10.1)
    assert sc.counts() == {"prediction": {"reproduced": 2}}
    assert sc.totals()["reproduced"] == 2


def test_empty_scorecard_table_has_its_columns():
    table = Scorecard("t").table()
    assert table.empty
    assert list(table.columns) == ["what", "where", "paper", "ours", "tolerance", "reason", "evidence", "status",
                                   "note"]


def test_interval_shown_only_with_both_ends_and_a_number():
    """A Check built by hand with only one end of its interval, or with text as its value, is shown as
    its value (no interval to print)."""
    from mmperf.checks import Check, _with_interval

    base = {"what": "w", "where": "s", "paper": 1.0, "tolerance": "t", "reason": "r", "evidence": "prediction",
            "kind": "paper", "status": "reproduced", "basis": "simulated"}
    assert _with_interval(Check(ours=2.0, ci_low=1.0, ci_high=None, **base)) == 2.0
    assert _with_interval(Check(ours=2.0, ci_low=None, ci_high=3.0, **base)) == 2.0
    assert _with_interval(Check(ours="two", ci_low=1.0, ci_high=3.0, **base)) == "two"
    assert _with_interval(Check(ours=2.0, ci_low=1.0, ci_high=3.0, **base)) == "2 [1, 3]"


def test_replications_needed_rounds_up_not_to_nearest():
    """n = 1, h = 1, target 0.4: 1 * (1 / 0.4)^2 = 6.25 replications, rounded up to 7 (not to the
    nearest, 6)."""
    assert replications_needed(1, 1.0, 0.4) == 7


def test_nan_value_gets_the_failing_word_of_its_evidence():
    """A NaN result decides against the check, in the words of its kind of evidence."""
    sc = Scorecard("t")
    assert _compare(sc, math.nan, evidence="target").status == "target missed"
    assert _compare(sc, math.nan, evidence="construction").status == "fails"


def test_percentage_units_in_full():
    """Both spellings of a percentage unit, with stray spaces, read as percentage points; another unit
    is kept as given."""
    sc = Scorecard("t")
    kw = {"paper": 40, "ours": 42, "tol": 5, "evidence": "prediction", "reason": "r"}
    assert sc.compare("s", "s", unit="percent", **kw).tolerance == "±5 percentage points"
    assert sc.compare("s", "s", unit=" % ", **kw).tolerance == "±5 percentage points"
    assert sc.compare("s", "s", unit="ms", **kw).tolerance == "±5 ms"


def test_correlation_reason_at_three_and_four_points():
    """With n = 3 the reason says in full why there is no verdict. With n = 4 (se = 1) the band of
    r = 0.9 is tanh(1.472219 -+ 1.959964) = (-0.452424, 0.997913): our (0.5, 0.6) lies inside, a verdict
    is given and the reason carries no caveat."""
    sc = Scorecard("t")
    three = sc.correlation("r", "Fig", paper_r=0.99, ours_r=0.98, n_paper=3, ours_ci=(0.97, 0.99))
    assert three.reason == ("95% Fisher-z band of the paper's r from n = 3 points (with 3 points or fewer the band "
                            "excludes nothing: no verdict)")
    four = sc.correlation("r", "Fig", paper_r=0.9, ours_r=0.55, n_paper=4, ours_ci=(0.5, 0.6))
    assert (four.status, four.tolerance) == ("reproduced", "[-0.45, 1.00]")
    assert four.reason == "95% Fisher-z band of the paper's r from n = 4 points"


def test_needed_n_below_the_band_uses_the_nearer_edge():
    """ours 9.3 (below the band [9.5, 10.5]), h 0.3, n = 5: distances 0.2 to the lower edge and 1.2 to
    the upper; the nearer, 0.2, gives 5 (0.3 / 0.2)^2 = 11.25 -> 12."""
    sc = Scorecard("t")
    assert _compare(sc, 9.3, basis="simulated", ci_half_width=0.3, n=5).needed_n == 12


# --- added from the mutation run (2026-11-26, fourth session) ---------------------------------------------


def _built(**changes):
    """A check built elsewhere (as a checks table builds one): a valid simulated prediction unless changed."""
    fields = {"what": "mean delay", "where": "Table 1", "paper": 10.0, "ours": 10.1, "tolerance": "±0.5",
              "reason": "r", "evidence": "prediction", "kind": "paper", "status": "reproduced",
              "basis": "simulated", "ci_low": 9.9, "ci_high": 10.3, "n": 5}
    return Check(**{**fields, **changes})


def test_add_keeps_a_valid_check_and_returns_it():
    """A valid check (a simulated prediction of the paper) is appended as it is, and returned."""
    sc = Scorecard("t")
    first, second = _built(), _built(what="other", status="not applicable", evidence="target", kind="derived")
    assert sc.add(first) is first
    assert sc.add(second) is second
    assert sc.checks == [first, second]
    assert sc.checks[0] is first


def test_add_validates_kind_evidence_basis_and_status_with_whole_messages():
    """Each field of a built check is validated on its own, the others valid, with the whole message."""
    sc = Scorecard("t")
    with pytest.raises(ValueError) as kind:
        sc.add(_built(kind="model"))
    assert str(kind.value) == "kind must be one of ('paper', 'derived', 'assumption', 'external'), got 'model'"
    with pytest.raises(ValueError) as evidence:
        sc.add(_built(evidence="guess"))
    assert str(evidence.value) == ("evidence must be one of ('prediction', 'arithmetic', 'transcription', "
                                   "'construction', 'target', 'not comparable'), got 'guess'")
    with pytest.raises(ValueError) as basis:
        sc.add(_built(basis="guessed"))
    assert str(basis.value) == "basis must be one of ('exact', 'simulated', 'fitted'), got 'guessed'"
    with pytest.raises(ValueError) as status:
        sc.add(_built(status="maybe"))
    assert str(status.value) == (
        "mean delay: status must be one of ('reproduced', 'not reproduced', 'inconclusive', 'not applicable', "
        "'target met', 'target missed', 'holds', 'fails', 'not comparable'), got 'maybe'")
    assert sc.checks == []


def test_predictions_headline_counts_each_reproduced_prediction():
    """Three applicable predictions, two reproduced and one not (so counting the ones not reproduced gives 1,
    not 2); one not applicable; an arithmetic check reproduced is no prediction."""
    records = [{"evidence": "prediction", "status": "reproduced"},
               {"evidence": "prediction", "status": "reproduced"},
               {"evidence": "prediction", "status": "not reproduced"},
               {"evidence": "prediction", "status": "not applicable"},
               {"evidence": "arithmetic", "status": "reproduced"}]
    assert predictions_headline(records) == {"reproduced": 2, "applicable": 3, "not_applicable": 1}


def test_replications_needed_rounds_to_nine_decimals_before_ceil():
    """n = 1, target 1: h = 2.000000000075 gives n (h / target)^2 = 4.0000000003 (3e-10 above 4, rounding
    noise at 9 decimals): 4; h = 2.00000000075 gives 4.000000003 (3e-9 above, kept at 9 decimals): 5."""
    assert replications_needed(1, 2.000000000075, 1.0) == 4
    assert replications_needed(1, 2.00000000075, 1.0) == 5
