"""Scorecard and coverage: kinds of evidence, equivalence-test verdicts, Fisher z bands, headline counts.

Every expected value below is worked by hand in the test's docstring or comment.
"""

import math

import pytest

from mmperf.checks import (
    EVIDENCE,
    Coverage,
    Scorecard,
    equivalence,
    fisher_band,
    headline,
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
