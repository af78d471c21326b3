"""The claypool-load checks table (checks.yml + checks.py): verdicts at the thesis's setting, applicability.

The run uses made-up Ciw replications that report exactly the analytic shares (the Ciw model is tested in
test_claypool_load_model.py); every other value is the model's.
"""

import pytest

from mmperf import checktable
from mmperf.checks import EVIDENCE
from mmstudies.claypool_load import checks
from mmstudies.claypool_load import experiments as ex


def _rows():
    return [{"u": u, "replication": i, "measured": min(u, 0.5) if one else u, "one_process": one}
            for one in (True, False) for u in ex.CIW_LOADS for i in range(2)]


def _evaluate(params=None):
    r = ex.run(params or {}, ciw_rows=_rows())
    run = checktable.RunRecord(dict(r.params), dict(r.values), dict(r.undefined), {"r": r})
    return {c.id: c for c in checktable.evaluate(checks.table(), run)}


@pytest.fixture(scope="module")
def default():
    return _evaluate()


def test_the_table_loads_and_every_check_has_a_kind_and_a_reason(default):
    assert len(default) == len(checks.table().checks) == 80
    for c in default.values():
        assert c.evidence in EVIDENCE and c.reason.strip(), c.id


def test_table_5_3_re_prediction_is_scored_against_the_measurements(default):
    """Errors of our re-prediction (1280 B, 10 % deleted; derived in test_claypool_load_experiments.py): SLC
    +17.3/+15.8/+37.1/+13.6/+8.3 %, IPX -9.7/-22.5 %: inside the thesis's 10 % only SLC None and IPX Differential."""
    ids = [k for k in default if k.startswith("table5-3-repredicted-")]
    assert len(ids) == 7 and all(default[k].evidence == "prediction" for k in ids)
    inside = sorted(k for k in ids if default[k].status == "reproduced")
    assert inside == ["table5-3-repredicted-ipx-differential", "table5-3-repredicted-slc-none"]
    assert default["table5-3-most-within-10"].status == "reproduced"   # the printed column: 4 of 7


def test_mix_share_is_judged_against_over_70_percent(default):
    """66.68 % (N-2) is below 'over 70 %' (seed line 1453): not reproduced; N-1 gives 70.01 %: inside 70-75 %."""
    assert default["mix-share-70"].status == "not reproduced"
    assert default["mix-share-70"].ours == pytest.approx(66.68, abs=0.01)
    assert _evaluate({"mix_rule": "N-1"})["mix-share-70"].status == "reproduced"


def test_table_7_2_counts_under_the_n_minus_1_rule(default):
    """9 soldiers, 3 updates/s, 3 frames/s, the 8 others: Receive = Update = 8 x 3 = 24 against the measured 25
    (-4 %, inside 10 %); Compute = 8 x 3 = 24 against 28 (-14.3 %, outside). The printed column counts N: 27."""
    assert default["table7-2-receive"].ours == 24 and default["table7-2-receive"].status == "reproduced"
    assert default["table7-2-compute"].ours == 24 and default["table7-2-compute"].status == "not reproduced"
    assert default["table7-2-printed-counts"].evidence == "arithmetic"
    assert default["table7-2-printed-counts"].status == "reproduced"
    assert default["table7-2-read"].evidence == "target" and default["table7-2-setting-rows"].evidence == "target"
    # the rule is our assumption (a parameter), not the thesis's setting: the N reading is judged against the same
    # measurements, 27 against 25 (+8 %) and 28 (-3.6 %), both inside 10 %
    other = _evaluate({"vc_count_rule": "N"})
    assert other["table7-2-receive"].ours == 27 and other["table7-2-receive"].status == "reproduced"
    assert other["table7-2-compute"].status == "reproduced"


def test_saturation_counts_are_arithmetic(default):
    sat = [c for k, c in default.items() if k.startswith("saturation-")]
    assert len(sat) == 6 and all(c.evidence == "arithmetic" for c in sat)
    # T1 at 30 updates/s: 1.5e6 / (30 x 144 x 8) = 43.4 soldiers, inside about 50 / 1.41 = 35.5 to 70.5
    t1 = default["saturation-t1-no-dr"]
    assert t1.ours == pytest.approx(1.5e6 / (30 * 144 * 8)) and t1.status == "reproduced"


def test_indigo2_1000_is_scored_once_with_the_n_minus_1_rule(default):
    """735.19 soldiers (test_claypool_load_analytic.py) against 'about 1000' +-10 %: not reproduced; a what-if frame
    rate makes it not applicable, naming the parameter."""
    c = default["indigo2-1000"]
    assert c.evidence == "prediction" and c.ours == pytest.approx(735.19, abs=0.01) and c.status == "not reproduced"
    na = _evaluate({"vc_fps": 10.0})["indigo2-1000"]
    assert na.status == "not applicable" and na.not_applicable == ("vc_fps = 10 (the paper: 4)",)


def test_section_5_6_statements_are_not_scored_on_another_machine():
    c = _evaluate({"machine": "SLC"})
    for key in ("mix-share-70", "comm-share-2", "break-even-3", "dsp-halves", "audio-device-halves",
                "better-deletion-10", "faster-protocol-slight", "multicast-slight"):
        assert c[key].status == "not applicable", key
    assert c["table5-3-most-within-10"].status == "reproduced"   # Table 5.3 does not depend on the parameter


def test_verdicts_at_the_thesis_values(default):
    """The compression claim fails; 6.5x is not its SPEC ratio (92.2 / 22.4 = 4.12); the send example is
    (1.7 - 1.69) / 1.7 s = 5.9 ms/s, not 'about 1'; break-even at 3 participants; 4680 not comparable."""
    assert default["compression-70-beats"].status == "not reproduced"
    assert default["indigo2-speed"].status == "not reproduced"
    assert default["send-example"].ours == pytest.approx(1000 * 0.01 / 1.7)
    assert default["send-example"].status == "not reproduced"
    assert default["break-even-3"].status == "reproduced"
    assert default["servers-4680"].status == "not comparable"
    assert default["ciw-one-70"].status == "holds"


def test_the_independent_reviews_fixes(default):
    """Independent review (issue 23 item 7; data/claypool/review-claypool-load.csv). 'No soldier on a Personal Iris'
    is the thesis's own sum: Table 7.1's render, 305 ms x 4 frames/s = 1220 ms, already exceeds the second before any
    soldier, and only the paper's settings move it: arithmetic, still holding. The Remote/Local table (720, 11520)
    is printed in section 6.5.1 (seed lines 1719-1722), not 6.1."""
    table = {c.id: c for c in checks.table().checks}
    assert table["personal-iris-none"].kind == "arithmetic"
    assert 305 * 4 > 1000
    c = default["personal-iris-none"]
    assert c.evidence == "arithmetic" and c.status == "reproduced" and c.ours.startswith("none (1228 ms")
    assert table["remote-flying"].location == table["local-flying"].location == "Section 6.5.1, unnumbered table U6-c"


def test_the_independent_reviews_open_findings_as_decided(default):
    """Independent review (data/claypool/review-claypool-load.csv), the author's response:

    dsp-halves: with a zero-cost user-level call the reduction is the deletion component's share, the number
    deletion-share-under-50 scores: one prediction counted twice, now construction (our reduction against our
    share, which it equals). table6-3-network: by hand 24 / 0.0150 = 1600.0 Mbit/s against the printed 1608, 0.50 %
    below; the printed seconds (three significant digits) and Mbit/s (to the unit) allow 0.33 % + 0.03 %, so the
    printed throughput cannot come from the printed time: not reproduced. Its sibling 24 / 0.0170 = 1411.8 against
    1416 (0.30 %) lies inside its own band (0.29 % + 0.04 %)."""
    dsp, share = default["dsp-halves"], default["deletion-share-under-50"]
    assert (dsp.evidence, dsp.status) == ("construction", "holds")
    assert dsp.ours == pytest.approx(share.ours, abs=1e-9) and dsp.derived == pytest.approx(share.ours, abs=1e-9)
    net, none = default["table6-3-network"], default["table6-3-none"]
    assert net.ours == pytest.approx(24 / 0.0150) and (1608 - 24 / 0.0150) / 1608 == pytest.approx(0.004975, abs=1e-6)
    assert (net.evidence, net.status) == ("arithmetic", "not reproduced")
    assert none.ours == pytest.approx(24 / 0.0170) and none.status == "reproduced"
