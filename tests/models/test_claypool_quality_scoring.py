"""The claypool-quality scorecard (``claypool_quality.scoring``): kinds of evidence and the review's findings."""

import pytest

from mmperf.checks import EVIDENCE, Coverage, Scorecard
from mmstudies.claypool_quality import experiments as ex
from mmstudies.claypool_quality import scoring


class _Record:
    def __init__(self):
        self.scorecard = Scorecard("claypool-quality")
        self.coverage = Coverage("claypool-quality")


def _score(params=None):
    rec = _Record()
    return rec, scoring.score(rec, ex.run(params))


@pytest.fixture(scope="module")
def default():
    return _score()


def test_every_check_has_a_kind_of_evidence_and_a_reason(default):
    rec, _ = default
    for c in rec.scorecard.checks:
        assert c.evidence in EVIDENCE and c.reason.strip()
        assert c.basis == "exact"   # nothing in this chapter is simulated or fitted


def test_the_review_findings_are_settled(default):
    """Issue 10: Q3 not comparable, Q8 not reproduced at zero users, Q11 a target (the OC-12 link was
    chosen after a miss) with the caption's clients shown, Q13 at +-10 % with its reason, Q17 construction."""
    _, c = default
    assert c["box"].status == "not comparable" and "ambiguous" in c["box"].reason
    assert c["ipx_small"].ours.startswith("not even") and c["ipx_small"].status == "not reproduced"
    assert c["crossover"].evidence == "target" and "OC-12" in c["crossover"].note
    assert c["crossover_other"].status == "not comparable" and c["crossover_other"].ours == "crossover at 1 client"
    assert c["fps_1000"].tolerance == "±10 %" and "about 1000" in c["fps_1000"].reason
    assert c["eth_atm"].evidence == "construction" and c["eth_atm"].status == "holds"
    assert {c[k].evidence for k in ("one_axis", "metric", "convex")} == {"construction"}
    assert {c[k].status for k in ("spec40", "i2_500")} == {"target met"}


def test_fps_1000_verdict_follows_the_band():
    """735 soldiers against 1000 +- 10 % (900-1100) is outside the band: not reproduced."""
    _, c = _score()
    assert c["fps_1000"].ours == pytest.approx(735.19, abs=0.1)
    assert c["fps_1000"].status == "not reproduced"


def test_the_headline_counts_predictions_only(default):
    rec, c = default
    predictions = [k for k, v in c.items() if v.evidence == "prediction"]
    head = rec.scorecard.headline()
    assert head["checked"] == len(predictions)
    assert head["reproduced"] == sum(c[k].status == "reproduced" for k in predictions)


def test_predictions_resting_on_a_failed_calibration_are_not_applicable():
    rec, c = _score({"vc_indigo2_speedup": 2.0})
    assert c["i2_500"].status == "target missed"
    for key in ("fps_1000", "x15", "pi_never", "rising", "atm_bends", "fig79_only", "fig79_atm", "fig79_unicast"):
        assert c[key].status == "not applicable", key
    assert c["sparc5"].status != "not applicable"   # the audio calibration still holds


def test_coverage_lists_every_figure_once():
    rec = _Record()
    scoring.coverage(rec)
    items = [i.item for i in rec.coverage.items]
    assert len(items) == len(set(items)) == 16
    assert "Figure 6.12" in items and "Table 1.1" in items
