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


# -- added from the mutation run (2026-11-26, fourth session) ------------------------------------------------------
# Each check function on a record made by hand (a Run with only what the function reads), compared in full; the
# Table 7.2 recount on the chapter's own inputs; run_record at the audit's size (no Ciw runs, about a second).

import math  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pandas as pd  # noqa: E402

from mmperf.checktable import Ours, RunRecord  # noqa: E402


def _rec(metrics=None, undefined=None, parameters=None, inputs=None, **extra) -> RunRecord:
    r = SimpleNamespace(extra=extra, inputs=inputs)
    return RunRecord(dict(parameters or {}), dict(metrics or {}), dict(undefined or {}), {"r": r})


def _inputs(**values):
    return SimpleNamespace(v=lambda name: float(values[name]))


def test_metrics_as_they_are_or_their_stand_ins():
    run = _rec({"x": 2.5}, {"y": "none at these parameters"})
    assert checks.metric(run, "x") == Ours(2.5)
    y = checks.metric(run, "y")
    assert math.isnan(y.value) and y.undefined == "none at these parameters" and y.note == ""
    assert checks.participants_or_never(run, "x") == Ours(2.5)
    assert checks.participants_or_never(run, "y") == Ours(math.inf, note="none at these parameters")
    assert checks.soldiers_or_none(run, "x") == Ours(2.5)
    assert checks.soldiers_or_none(run, "y") == Ours(0.0, note="none at these parameters")
    assert checks.words(run, "ambiguous") == Ours("ambiguous")


def test_pass_through_values_by_hand():
    run = _rec({"bare_ipx_per_s": 1.5e6, "text_send_load_ms_per_s": 5.88, "table5_2_send_load_ms_per_s": 2.06,
                "flying_per_server_mbps": 576.0, "dsp_user_reduction_pct": 44.6, "sd_deletion_share_pct": 44.5},
               parameters={"vc_read_bytes_per_frame": 2088, "vc_header_bytes": 28.0, "vc_count_rule": "N-1"},
               users={"week": 200}, t61=pd.DataFrame({"compression": ["none", "70 %"], "ours_mbps": [24.0, 7.5]}),
               t62_sums={"none": 3.25}, vc_sat={("3 updates/s", "Ethernet"): 120}, t72_ours={"Receive": 24})
    assert checks.bare_per_s(run) == Ours(1.5e6)
    assert checks.send_example(run) == Ours(5.88, note="Table 5.2's IPX send line gives 2.1 ms/s for the same sender "
                                                       "(errata)")
    assert checks.per_server_at_75(run) == Ours(576.0)
    assert checks.dsp_reduction_is_the_share(run) == Ours(44.6, reference=44.5)
    assert checks.read_bytes_per_frame(run) == Ours(2088.0) and type(checks.read_bytes_per_frame(run).value) is float
    assert checks.users(run, "week") == Ours(200.0) and type(checks.users(run, "week").value) is float
    assert checks.table6_throughput(run, "t61", "70 %") == Ours(7.5)
    assert checks.table6_2_sum(run, "none") == Ours(3.25)
    assert checks.saturation(run, "3 updates/s", "Ethernet") == Ours(120.0, note="header bytes per update: 28 (not "
                                                                                 "in the seed)")
    assert checks.table7_2_count(run, "Receive") == Ours(24.0, note="count rule N-1")
    assert checks.network_orders(run) == Ours("N(N-1) streams against N-1 streams", holds=True)


def test_ciw_report_by_hand():
    rows = [{"component": "one process", "u": 0.2, "mean": 0.25, "ci": 0.125, "n": 10, "analytic": 0.2},
            {"component": "one process", "u": 0.3, "mean": 0.5, "ci": 0.0, "n": 10, "analytic": 0.3},
            {"component": "separate", "u": 0.2, "mean": 0.75, "ci": 0.0, "n": 10, "analytic": 0.2}]
    run = _rec(parameters={"counter_other_counters": 1.0}, ciw=rows)
    assert checks.ciw(run, "one process", 0.2) == Ours(
        0.25, low=0.125, high=0.375, basis="simulated", n=10, reference=0.2,
        note="1 other counter(s); analytic min(u, 1/(k+1)) for one process, u for one process per job")
    assert checks.ciw(run, "separate", 0.2).value == 0.75 and checks.ciw(run, "one process", 0.3).value == 0.5
    no_run = checks.ciw(_rec(parameters={"counter_other_counters": 1.0}), "one process", 0.2)
    assert math.isnan(no_run.value) and no_run.undefined == "the Ciw counter model was not run (the audit's size)"
    assert math.isnan(checks.ciw(run, "one process", 0.25).value)


def test_table_5_3_by_hand():
    t53 = pd.DataFrame({"machine": ["IPX", "IPX", "SLC", "SLC"], "algorithm": ["A", "B", "A", "B"],
                        "within_10": [False, False, True, True], "repredicted_s": [10.5, 11.0, 12.0, 13.0],
                        "predicted_s": [10.0, 11.5, 12.0, 12.5], "repredicted_error_pct": [-2.34, 1.0, 0.0, 3.0]})
    run = _rec({"table5_3_within10_count": 3.0, "table5_3_rows": 4.0}, t53=t53)
    note = "2 of the 2 IPX rows (the machine of every prediction in section 5.6) are outside 10 %"
    assert checks.table5_3_most(run) == Ours("3 of 4 within 10 %", holds=True, note=note)
    half = checks.table5_3_most(_rec({"table5_3_within10_count": 2.0, "table5_3_rows": 4.0}, t53=t53))
    assert (half.value, half.holds) == ("2 of 4 within 10 %", False)
    assert checks.table5_3_repredicted(run, "IPX", "A") == Ours(10.5, note="printed prediction 10 s; ours -2.3 % "
                                                                           "from the measurement")
    assert checks.table5_3_repredicted(run, "SLC", "B") == Ours(13.0, note="printed prediction 12.5 s; ours +3.0 % "
                                                                           "from the measurement")


def test_section_5_6_by_hand():
    m = {"mix_share_n8_pct": 66.68, "mix_share_n8_other_rule_pct": 70.04, "n2_sd_at_f1_s": 8.25, "n2_nosd_s": 6.83,
         "x_gain_nosd_pct": 9.94, "x_gain_sd_pct": 3.0, "dsp_user_reduction_pct": 44.6, "dsp_kernel_reduction_pct": 54.5}
    assert checks.mix_share(_rec(m, parameters={"mix_rule": "N-2"})) == Ours(66.68, note="mix rule N-2; N-1 gives "
                                                                                         "70.0 %")
    assert checks.mix_share(_rec(m, parameters={"mix_rule": "N-1"})).note == "mix rule N-1; N-2 gives 70.0 %"
    assert checks.two_never(_rec(m)) == Ours("8.25 s with all packets removed against 6.83 s without deletion",
                                             holds=True)
    assert checks.two_never(_rec({**m, "n2_sd_at_f1_s": 6.83})).holds is False
    assert checks.slight_gain(_rec(m), "x") == Ours("9.9 % without deletion, 3.0 % with", holds=True)
    assert checks.slight_gain(_rec({**m, "x_gain_sd_pct": 10.0}), "x").holds is False
    assert checks.dsp_same(_rec(m)) == Ours("user-level call 45 %, in the kernel 54 % lower", holds=True)
    assert checks.dsp_same(_rec({**m, "dsp_kernel_reduction_pct": 54.6})).holds is False


def test_deletion_and_compression_by_hand():
    fig = {4: ([10.0, 10.84, 9.0], 16.3), 8: ([11.2, 11.0], 35.34)}
    words = "4 people: at most 10.8 s against 16.3 s; 8 people: at most 11.2 s against 35.3 s)"
    assert checks.four_eight_always(_rec(fig5_10=fig, sd_always_better_4_8=True)) == Ours(
        "lighter at every share 0-100 % (" + words, holds=True)
    assert checks.four_eight_always(_rec(fig5_10=fig, sd_always_better_4_8=False)) == Ours(
        "heavier at some share (" + words, holds=False)
    inputs = _inputs(compression_beats_sd_from_n=5)

    def beats(at):
        return checks.compression_beats(_rec(inputs=inputs, compression70_beats_at=at, compression70_load_at_5_s=21.34,
                                             sd_load_at_5_s=10.46))
    assert beats([5, 6, 7]) == Ours("beats it at 5, 6, 7 people; at 5 people 21.3 s against 10.5 s with deletion",
                                    holds=True)
    assert beats([6, 7]).holds is False and beats([4, 9]).holds is True
    assert beats([]) == Ours("never beats it (2-10 people); at 5 people 21.3 s against 10.5 s with deletion",
                             holds=False)
    X = {"compression70_slope_s": 3.214, "sd_slope_s": 0.031}
    assert checks.compression_worse(_rec(compression_scales_worse=True, **X)) == Ours(
        "steeper in participants: 3.21 s against 0.03 s per added participant", holds=True)
    assert checks.compression_worse(_rec(compression_scales_worse=False, **X)) == Ours(
        "not steeper in participants: 3.21 s against 0.03 s per added participant", holds=False)


def test_table_7_1_and_7_2_by_hand():
    t72 = pd.DataFrame({"component": ["Send", "Receive", "Render", "Display", "Read"],
                        "predicted_per_s": [3.0, 24.0, 3.0, 3.0, 1.0], "error_pct": [1.0, -7.44, 0.0, 2.0, 5.0]})
    ours = {"Send": 3.0, "Render": 3.0, "Display": 3.0}
    assert checks.table7_2_setting_rows(_rec(t72=t72, t72_ours=ours)) == Ours("3, 3, 3", holds=True)
    assert checks.table7_2_setting_rows(_rec(t72=t72, t72_ours={**ours, "Display": 4.0})) == Ours("3, 3, 4",
                                                                                                   holds=False)
    assert checks.table7_2_within(_rec(t72=t72, inputs=_inputs(vc_within_pct=7.44))) == Ours(
        "largest difference 7.4 %", holds=True)
    assert checks.table7_2_within(_rec(t72=t72, inputs=_inputs(vc_within_pct=7.4))).holds is False

    def t71(ms, us, mr, ur):
        table = pd.DataFrame({"component": ["Multicast Send", "Unicast Send", "Multicast Receive", "Unicast Receive"],
                              "ci95_low": [ms[0], us[0], mr[0], ur[0]], "ci95_high": [ms[1], us[1], mr[1], ur[1]]})
        return _rec(inputs=SimpleNamespace(table7_1=table))
    run = t71((1.56, 1.58), (1.57, 1.59), (1.11, 1.13), (0.9, 0.928))
    assert checks.table7_1_send(run) == Ours("intervals [1.56, 1.58] and [1.57, 1.59] ms", holds=True)
    assert checks.table7_1_receive(run) == Ours("1.11 ms lower bound against 0.928 ms upper bound", holds=True)
    assert checks.table7_1_send(t71((1.56, 1.58), (1.58, 1.59), (1.0, 1.1), (0.9, 1.0))).holds is True
    assert checks.table7_1_send(t71((1.58, 1.59), (1.56, 1.58), (1.0, 1.1), (0.9, 1.0))).holds is True
    assert checks.table7_1_send(t71((1.56, 1.58), (1.59, 1.6), (1.0, 1.1), (0.9, 1.0))).holds is False
    assert checks.table7_1_send(t71((1.59, 1.6), (1.56, 1.58), (1.0, 1.1), (0.9, 1.0))).holds is False
    assert checks.table7_1_receive(t71((1, 2), (1, 2), (1.0, 1.1), (0.9, 1.0))).holds is False


def test_table_7_2_printed_counts_on_the_chapters_inputs():
    """Table 7.2's macro run: 9 soldiers, 3 updates/s and 3 frames/s, every soldier counted (N): Receive 9 x 3 =
    27 per second, Send 3, Render and Compute 27, Display and Read per frame 3 - the printed predictions."""
    r = ex.run({}, ciw_rows=_rows())
    run = RunRecord(dict(r.params), dict(r.values), dict(r.undefined), {"r": r})
    assert checks.table7_2_printed_counts(run) == Ours("27, 3, 27, 27, 3, 3", holds=True)
    t72 = r.extra["t72"].copy()
    t72.loc[t72.component == "Send", "predicted_per_s"] = 4.0
    r.extra["t72"] = t72
    assert checks.table7_2_printed_counts(run).holds is False


def test_table_7_2_printed_counts_follow_the_macro_runs_rates():
    """A macro run of 9 soldiers at 4 updates/s and 4 frames/s, every soldier counted: Receive, Update and Compute
    9 x 4 = 36 per second, Send, Render and Display 4 (Read, bytes per frame, is left out of the comparison)."""
    t72 = pd.DataFrame({"component": ["Receive", "Send", "Update", "Compute", "Render", "Display", "Read"],
                        "predicted_per_s": [36.0, 4.0, 36.0, 36.0, 4.0, 4.0, 1.0]})
    run = _rec(parameters={"vc_read_bytes_per_frame": 2088}, inputs=_inputs(vc_macro_updates=4, vc_macro_soldiers=9),
               t72=t72)
    assert checks.table7_2_printed_counts(run) == Ours("36, 4, 36, 36, 4, 4", holds=True)


def test_personal_iris_by_hand():
    run = _rec({"vc_load_no_soldier_ms_per_s": 1228.4}, vc_limits={"pi": math.inf})
    assert checks.personal_iris_none(run) == Ours("none (1228 ms of work per second with no soldier, against 1000)",
                                                  holds=True)
    some = _rec({"vc_load_no_soldier_ms_per_s": 400.0}, vc_limits={"pi": 12.0})
    assert checks.personal_iris_none(some) == Ours("12 soldiers (400 ms of work per second with no soldier, against "
                                                   "1000)", holds=False)


def test_records_by_hand_and_at_the_audits_size():
    ch = SimpleNamespace(parameters={"a": 1.0}, metrics={"x": 2.0}, undefined_metrics={"y": "none"})
    r = SimpleNamespace()
    run = checks.chapter_record(ch, r)
    assert run == RunRecord({"a": 1.0}, {"x": 2.0}, {"y": "none"}, {"r": r})
    assert run.parameters is not ch.parameters and run.metrics is not ch.metrics
    assert run.undefined is not ch.undefined_metrics
    params = {"counter_sims": False, "participants": 4}
    rec = checks.run_record(params)
    assert params == {"counter_sims": False, "participants": 4}
    assert rec.parameters == rec["r"].params and rec.parameters["participants"] == 4
    assert rec.metrics == rec["r"].values and rec.undefined == rec["r"].undefined
    assert rec.undefined == {"vc_pi_soldier_limit": "even zero soldiers need more than the processor at 4 frames/s",
                             "counter_ciw_max_abs_err": "the Ciw counter model was not run"}
    assert rec.parameters is not rec["r"].params and rec.metrics is not rec["r"].values
    assert list(rec.extra) == ["r"] and rec["r"].extra["ciw"] == []
