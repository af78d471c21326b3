"""The Hsieh video checks table (``checks.yml`` + ``checks.py``) on small, made-up results whose verdicts are set by hand.

Every trace is studied at the start-up delays P = 1, 10 and 20 frame times. The "good" results below are
chosen so that each ordering the thesis states holds; each test then breaks one of them and checks that
exactly the matching check changes its verdict. The thesis's own numbers (the arithmetic checks) come
from the transcribed values, so their verdicts are derived from the printed numbers.
"""

from __future__ import annotations

import dataclasses
import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from mmbook.params import load_chapter
from mmperf import checktable
from mmperf.checktable import RunRecord
from mmperf.data import load_values
from mmstudies.hsieh_video import checks, text
from mmstudies.hsieh_video.experiments import MJPEG, MPEG1, MPEG2, STUDY_47

FPS = 30.0
PS = [1, 10, 20]
MB = 1048576.0


def _study_row(kind: str) -> pd.DataFrame:
    """Rates and buffers at P = 1, 10, 20 with every ordering of the thesis holding.

    Rates: PCBR >= PDCBR high >= CBR >= PDCBR low, CBR rate falling with P; at P = 20 the PCBR rate is
    1.02 x CBR (within the 5 % of 'about the same').
    """
    r_cbr = [100.0, 90.0, 80.0]
    df = pd.DataFrame({"P": PS, "r_cbr": r_cbr, "r_pcbr": [150.0, 120.0, 81.6], "r_high": [110.0, 95.0, 81.0],
                       "r_low": [50.0, 40.0, 30.0]})
    if kind == "mpeg1":
        # CBR >= PDCBR >= PCBR; CBR buffer falls, PCBR buffer grows with P
        df["b_cbr"], df["b_pdcbr"], df["b_pcbr"] = [5000.0, 4000.0, 3000.0], [900.0, 950.0, 990.0], [100.0, 200.0, 300.0]
        df["b1"], df["b2"] = [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]
    elif kind == "mpeg2":
        # CBR buffer lowest at P = 10 (first falls, then rises); b2 > b1 at P = 1, b1 >= b2 at P = 20;
        # CBR >= PCBR >= PDCBR; PDCBR's rate and buffer both at most PCBR's
        df["b_cbr"], df["b_pcbr"], df["b_pdcbr"] = [1000.0, 800.0, 900.0], [900.0, 700.0, 850.0], [800.0, 600.0, 700.0]
        df["b1"], df["b2"] = [100.0, 500.0, 900.0], [1000.0, 500.0, 100.0]
    else:
        # M-JPEG: both PCR-assist buffers below the CBR buffer
        df["b_cbr"], df["b_pcbr"], df["b_pdcbr"] = [1000.0] * 3, [500.0] * 3, [400.0] * 3
        df["b1"], df["b2"] = [1.0] * 3, [1.0] * 3
    return df


def _trace(mean_bytes: float, n: int = 4) -> SimpleNamespace:
    return SimpleNamespace(sizes=np.full(n, float(mean_bytes)), n_frames=n)


def good_results() -> dict:
    study = {}
    for names, kind in ((MPEG1, "mpeg1"), (MPEG2, "mpeg2"), (MJPEG, "mjpeg")):
        for name in names:
            study[name] = _study_row(kind)
    # Section 4.7.1: PDCBR lower at the shortest delay, within 5 % of PCBR at the longest
    fixed_buffer = {n: pd.DataFrame({"P": [2, 30], "r_pcbr": [200.0, 100.0], "r_high": [150.0, 103.0]})
                    for n in STUDY_47}
    # Section 4.7.2: PDCBR shorter by more than one frame time; adv similar (within 10 %) at R_average,
    # shorter at the highest rate; backdraft no difference (within one frame time)
    fixed_rate = {n: pd.DataFrame({"multiplier": [1.0, 1.1], "p_pcbr": [20.0, 10.0], "p_pdcbr": [15.0, 5.0]})
                  for n in STUDY_47}
    fixed_rate["adv"] = pd.DataFrame({"multiplier": [1.0, 1.1], "p_pcbr": [20.0, 10.0], "p_pdcbr": [19.0, 5.0]})
    fixed_rate["backdraft"] = pd.DataFrame({"multiplier": [1.0, 1.1], "p_pcbr": [20.0, 10.0],
                                            "p_pdcbr": [19.5, 10.5]})
    # mean rates: bytes x 8 x 30 / 1e6 Mbit/s; 13750 B -> 3.3, 12500 B -> 3.0; adv 2000 B -> 0.48 below
    # 0.516 (16317 + 300) / 16317 = 0.5255; mtv 3750 B -> 0.9 below 0.96 x 40010 / 40000 = 0.96024
    traces = {"backdraft": _trace(13750.0), "fugitive": _trace(12500.0), "adv": _trace(2000.0),
              "mtv": _trace(3750.0)}
    adv_long = {"b_cbr": 4.0 * MB, "b_cbr_uncapped": 5.0 * MB, "b_pcbr": 0.5 * MB, "b_pdcbr": 0.6 * MB,
                "r_cbr": 2000.0, "r_pcbr": 2120.0}
    mtv_p10 = {"b_cbr": 30.0 * MB, "r_cbr": 4000.0, "b_pcbr": 0.1 * MB, "r_pcbr": 10000.0}
    equivalence = [{"video": "horse", "scheme": s, "frames": 200, "max_abs_diff": 0.0, "frames_differing": 0,
                    "feasible_ciw": True, "feasible_recurrence": True} for s in ("CBR", "PCBR", "PDCBR")]
    spot = [{"video": "horse", "P": 1, "cbr_rate_rel_diff": 0.0, "cbr_buf_rel_diff": 1e-12, "pcbr_ok": True,
             "pcbr_buf_rel_diff": 0.0, "pdcbr_ok": True, "pdcbr_buf_rel_diff": 0.0}]
    return {"study": study, "fixed_buffer": fixed_buffer, "fixed_rate": fixed_rate, "traces": traces,
            "adv_long": adv_long, "mtv_p10": mtv_p10, "equivalence": equivalence, "spot": spot, "user": None}


def inputs() -> dict:
    """The transcribed values; a made-up Tables 4.2-4.4 whose frame rates are known: 3000 frames in
    100 s is 30 frames/s, 1440 frames in 1 min is 24 frames/s."""
    names = MPEG1 + MPEG2 + MJPEG
    stats = pd.DataFrame({"video": names, "length": [100.0] * 4 + [1.0] * 4 + [100.0] * 2,
                          "length_unit": ["s"] * 4 + ["min"] * 4 + ["s"] * 2,
                          "n_frames": [3000] * 4 + [1440] * 4 + [3000] * 2})
    return {"values": load_values("hsieh", "video_values"), "stats": stats}


DEFAULTS = {k: v for k, v in load_chapter("hsieh-video").defaults().items() if k != "output_dir"}


def record(res: dict, **parameters) -> RunRecord:
    inp = inputs()
    return RunRecord({**DEFAULTS, **parameters}, {}, {}, {"res": res, "V": {k: float(v) for k, v in inp["values"].items()},
                                                          "stats": inp["stats"]})


def evaluated(res: dict, **parameters) -> dict:
    return {c.id: c for c in checktable.evaluate(checks.table(), record(res, **parameters))}


def test_the_table_has_no_prediction_and_every_thesis_observation_is_not_comparable():
    """Issue 24: the thesis's traces are not available, so no check is a prediction of its numbers."""
    kinds = {c.id: c.kind for c in checks.table().checks}
    assert "prediction" not in kinds.values()
    assert all(kinds[k] == "not comparable" for k in kinds if k.startswith(("h29-", "h30-", "h31-", "fixed-", "quoted-")))
    assert kinds["h32-cbr-rate-falls"] == "construction"
    assert {kinds["h33-mean-backdraft"], kinds["h33-mean-fugitive"], kinds["mpeg2-buffer-reduction"]} == {"target"}
    # nothing was calibrated to PDCBR's row: the method's result on the stand-ins (the second review's finding)
    assert kinds["mpeg2-buffer-reduction-pdcbr"] == "not comparable"


def test_h29_detail_names_the_failing_and_the_missing_delays():
    df = pd.DataFrame({"P": [1, 2, 3, 4], "r_pcbr": [3.0, 3.0, 3.0, 3.0], "r_high": [2.0, 4.0, 2.0, math.nan],
                       "r_cbr": [1.0, 1.0, 1.0, 1.0], "r_low": [0.5, 0.5, 1.5, 0.5]})
    holds, words, share = checks.h29_detail(df)
    assert holds is False
    assert words == ("holds at 1 of 3 start-up delays; PDCBR high > PCBR at P = 2; PDCBR low > CBR at P = 3; "
                     "no feasible PDCBR pair at P = 4")
    assert share == pytest.approx(1 / 3)


def test_good_results_make_every_method_check_hold():
    ours = text.method_results(record(good_results()))
    method = {k: v for k, v in ours.items() if v.holds is not None}
    assert len(method) == 10 + 4 + 4 + 4 + 4 + 4 + 3 + 2 + 6 + 6 + 1 + 3 + 1 + 2, sorted(ours)
    assert all(v.holds for v in method.values()), [k for k, v in method.items() if not v.holds]
    # only P = 20 is beyond ten frame times: PCBR / CBR = 81.6 / 80
    assert ours["mpeg2-rates-equal"].value == f"largest PCBR / CBR rate {81.6 / 80.0:.3f}"


def test_arithmetic_checks_at_the_thesis_numbers():
    c = evaluated(good_results())
    assert c["frame-time"].status == "reproduced" and c["ten-frame-times"].status == "reproduced"
    assert c["transport-packet"].status == "reproduced"
    # 4.75 / 0.675 = 7.04, not the 6.5 the text prints; 0.547 / 0.516 - 1 = 6.0 %
    assert c["adv-buffer-reduction"].status == "not reproduced" and c["adv-buffer-reduction"].ours == pytest.approx(4.75 / 0.675)
    assert c["adv-rate-increase"].status == "reproduced"
    assert c["mpeg1-buffer-reduction-vs-mtv"].status == "not reproduced"   # 37.5 / 0.107 = 350 > 10
    assert c["mpeg1-rate-increase-vs-mtv"].status == "not reproduced"      # 2.57 / 0.96 = 2.68 > 2
    # the made-up tables: 3000 frames / 100 s = 30 frames/s; 1440 frames / 1 min = 24 frames/s
    assert [c[f"implied-fps-4-{k}"].status for k in (2, 3, 4)] == ["reproduced", "not reproduced", "reproduced"]


def test_targets_and_their_conditions():
    c = evaluated(good_results())
    # 13750 B x 8 x 30 / 1e6 = 3.3 Mbit/s; 12500 B -> 3.0
    assert c["h33-mean-backdraft"].status == "target met" and c["h33-mean-fugitive"].status == "target met"
    # MPEG-2 reductions 1 - b_pcbr / b_cbr: 1 - 900/1000, 1 - 700/800, 1 - 850/900 = 10, 12.5, 5.6 % -> median 10 %
    assert c["mpeg2-buffer-reduction"].ours == pytest.approx(10.0) and c["mpeg2-buffer-reduction"].status == "target met"
    # the review: line 1409's 5-20 % is for both PCR-assist schemes, so PDCBR has its own row. 1 - b_pdcbr / b_cbr:
    # 1 - 800/1000, 1 - 600/800, 1 - 700/900 = 20, 25, 22.2 % -> median 22.2 %, shown beside [5, 20], not scored
    # (a second review: nothing was calibrated to it, so it is no target)
    assert c["mpeg2-buffer-reduction-pdcbr"].ours == pytest.approx(100 * (1 - 700 / 900))
    assert c["mpeg2-buffer-reduction-pdcbr"].status == "not comparable"
    assert "PCBR's median 10 %" in c["mpeg2-buffer-reduction-pdcbr"].note
    # at 24 frames/s the M-JPEG means are not the thesis's setting: not applicable, never 'target missed'
    c24 = evaluated(good_results(), fps=24.0)
    assert c24["h33-mean-backdraft"].status == "not applicable" and "fps = 24" in c24["h33-mean-backdraft"].note


def test_a_broken_ordering_turns_only_its_own_checks():
    res = good_results()
    res["study"]["mtv"].loc[1, "b_pcbr"] = 50.0      # PCBR buffer falls from 100 to 50: H31 fails for mtv only
    res["study"]["horse"]["b_cbr"] = [1000.0, 900.0, 800.0]   # no interior minimum: the U-shape fails for horse
    res["study"]["adv"].loc[2, "r_cbr"] = 95.0        # CBR rate rises 90 -> 95 (+5.6 %): H32 fails
    ours = text.method_results(record(res))
    assert {n: ours[f"h31-pcbr-buffer-grows-{n}"].holds for n in MPEG1} == {n: n != "mtv" for n in MPEG1}
    assert ours["h31-pcbr-buffer-grows-mtv"].value == "1 of 2 steps non-decreasing"
    assert ours["cbr-buffer-u-shape-horse"].holds is False and ours["cbr-buffer-u-shape-acup"].holds is True
    assert ours["h32-cbr-rate-falls"].holds is False
    assert ours["h32-cbr-rate-falls"].value == f"largest relative step {5 / 90:+.2e}"
    assert evaluated(res)["h32-cbr-rate-falls"].status == "fails"


def test_the_readers_trace_is_its_own_condition():
    c = evaluated(good_results())
    assert c["h29-rate-order-reader"].status == "not comparable" and "no trace file" in c["h29-rate-order-reader"].note


class _Chapter:
    """What text.record_results uses of a chapter record: metrics, glue, warnings and the scorecard."""

    def __init__(self, res: dict):
        self.metrics, self.undefined, self.glued, self.warnings = {}, {}, {}, []
        self.scorecard = SimpleNamespace(to_records=lambda: [
            {"id": c.id, "evidence": c.evidence, "status": c.status} for c in checktable.evaluate(checks.table(),
                                                                                               record(res))])

    def metric(self, name, value, unit=""):
        self.metrics[name] = value

    def value_or_undefined(self, name, value, reason, unit=""):
        if isinstance(value, float) and math.isnan(value):
            self.undefined[name] = reason
        else:
            self.metrics[name] = value

    def glue(self, name, value):
        self.glued[name] = value

    def warn(self, what, why):
        self.warnings.append(what)


def test_record_results_metrics_and_sentences_by_hand():
    """good_results: rates in bytes per frame time x 8 x 30 / 1e6 (4000 -> 0.96, 10000 -> 2.4 Mbit/s), buffers / 2^20."""
    res = {**good_results(), "timing": {"setup": (1.0, 2.0)}}
    ch = _Chapter(res)
    text.record_results(ch, res, record(res), {"mtv_cbr_buffer_MB": 37.5, "mtv_cbr_rate_Mbps": 0.96}, DEFAULTS)
    m = ch.metrics
    assert m["mtv_p10_cbr_buffer_mb"] == 30.0 and m["mtv_p10_pcbr_buffer_mb"] == pytest.approx(0.1)
    assert m["mtv_p10_cbr_rate_mbps"] == pytest.approx(0.96) and m["mtv_p10_pcbr_rate_mbps"] == pytest.approx(2.4)
    assert m["adv_long_pcbr_rate_increase"] == pytest.approx(0.06) and m["ordering_h29_share"] == 1.0
    assert m["predictions_on_thesis_data"] == 0
    # 10 arithmetic + 3 targets (PCBR's MPEG-2 reduction, the two M-JPEG means) use the thesis's printed numbers
    # (PDCBR's reduction is shown beside the thesis's range: not comparable, the second review)
    assert m["checks_using_thesis_numbers"] == 13
    g = ch.glued
    assert "(predictions reproduced / applicable: 0 / 0)" in g["scorecard_text"]
    assert "h33-mean-backdraft target met" in g["targets_text"]
    assert "holds on 10 of 10 stand-ins" in g["ordering_text"] and "fails in two ways" not in g["ordering_text"]
    assert "the pattern holds on 6 of 6 stand-ins" in g["section47_text"]


# -- added from the mutation run (2026-11-27) ------------------------------------------------------------------
# Each check function on results made by hand, its Ours compared whole (run_record, which runs the whole chapter,
# is left to test_evidence_audit.py and the chapter's tests).

Ours = checktable.Ours
JUST_BELOW = 1 - 0.5e-9        # within REL = 1e-9 of equality: counts as equal
WELL_BELOW = 1 - 2e-9          # beyond REL


def _run(fps=30.0, **extra) -> RunRecord:
    return RunRecord({"fps": fps}, {}, {}, extra)


def _nan_with(ours, **fields):
    assert isinstance(ours.value, float) and math.isnan(ours.value)
    assert checktable.Ours(0.0, **fields) == dataclasses.replace(ours, value=0.0)


def test_fmt_p_lists_six_delays_at_most():
    assert checks._fmt_p([]) == "none"
    assert checks._fmt_p([1.0, 2, 3, 4, 5, 6]) == "1, 2, 3, 4, 5, 6"
    assert checks._fmt_p([1, 2, 3, 4, 5, 6, 7]) == "1, 2, 3, 4, 5, 6 ..."


def test_h29_detail_tolerance_and_each_failure_in_words():
    def df(r_pcbr, r_high, r_cbr, r_low):
        return pd.DataFrame({"P": [5], "r_pcbr": [r_pcbr], "r_high": [r_high], "r_cbr": [r_cbr], "r_low": [r_low]})

    assert checks.h29_detail(df(JUST_BELOW, 1.0, JUST_BELOW, JUST_BELOW ** 2)) == (
        True, "holds at 1 of 1 start-up delays", 1.0)
    assert checks.h29_detail(df(WELL_BELOW, 1.0, 0.5, 0.25)) == (
        False, "holds at 0 of 1 start-up delays; PDCBR high > PCBR at P = 5", 0.0)
    assert checks.h29_detail(df(2.0, 1.0, 1 / WELL_BELOW, 0.25)) == (
        False, "holds at 0 of 1 start-up delays; PDCBR high < CBR at P = 5", 0.0)
    assert checks.h29_detail(df(2.0, 1.0, 0.5, 0.5 / WELL_BELOW)) == (
        False, "holds at 0 of 1 start-up delays; PDCBR low > CBR at P = 5", 0.0)
    holds, words, share = checks.h29_detail(df(2.0, math.nan, 0.5, 0.25))
    assert (holds, words) == (None, "no feasible PDCBR pair at any start-up delay") and math.isnan(share)


def test_h29_share_averages_the_stand_ins_with_a_pair():
    study = {n: _study_row("mpeg1") for n in MPEG1 + MPEG2 + MJPEG}
    study["horse"] = study["horse"].assign(r_low=[50.0, 95.0, 30.0])          # fails at P = 10: share 2/3
    study["acup"] = study["acup"].assign(r_high=math.nan)                      # no pair: left out
    assert checks.h29_share(study) == pytest.approx((8 + 2 / 3) / 9)
    assert math.isnan(checks.h29_share({n: study["acup"] for n in study}))


def test_buffer_order_within_rel():
    df = pd.DataFrame({"x": [1.0, 1.0, 1.0], "y": [1.0, 1 / WELL_BELOW, 0.5], "z": [JUST_BELOW, 0.5, 0.5 / WELL_BELOW]})
    assert checks.buffer_order(df.assign(x=[JUST_BELOW, 1.0, 1.0]), ("x", "y", "z")).tolist() == [True, False, False]


def test_reader_rate_order_names_the_file():
    from pathlib import Path

    user = {"trace": Path("some/dir/mine.txt"), "study": _study_row("mpeg1")}
    assert checks.reader_rate_order(_run(res={"user": user})) == Ours("mine.txt: holds at 3 of 3 start-up delays",
                                                                      holds=True)
    assert checks.reader_rate_order(_run(res={"user": None})) == Ours("no trace file",
                                                                      undefined="no trace file was given")


def _one(df, trace="mtv", **res):
    return _run(res={"study": {trace: df}, **res})


def test_mpeg1_buffer_checks_by_hand():
    df = pd.DataFrame({"P": [1, 2, 3, 4], "b_cbr": [9.0, 8.0, 7.0 / WELL_BELOW, 5.0],
                       "b_pdcbr": [5.0, math.nan, 7.0, 5.0 * JUST_BELOW], "b_pcbr": [1.0, 2.0, 3.0, 5.0]})
    # rows P = 1, 3, 4 have a pair: 9 >= 5 >= 1; 7 / (1 - 2e-9) >= 7 >= 3; 5 >= 5 (1 - 5e-10) >= 5 within REL
    assert checks.buffer_order_mpeg1(_one(df), "mtv") == Ours("holds at 3 of 3 start-up delays", holds=True)
    bad = df.assign(b_cbr=[9.0, 8.0, 7.0 * WELL_BELOW, 5.0])
    assert checks.buffer_order_mpeg1(_one(bad), "mtv") == Ours("holds at 2 of 3 start-up delays", holds=False)
    # PCBR's buffer 1, 2, 3, 5: grows; a fall within REL of its later value still counts as non-decreasing
    assert checks.pcbr_buffer_grows(_one(df), "mtv") == Ours("3 of 3 steps non-decreasing", holds=True)
    tiny = df.assign(b_pcbr=[2.0, 2.0 * JUST_BELOW, 3.0, 1.0])
    assert checks.pcbr_buffer_grows(_one(tiny), "mtv") == Ours("2 of 3 steps non-decreasing", holds=False)
    # CBR's buffer 9, 8, 7.000000014, 5: falls; a rise within REL of its earlier value counts as non-increasing
    assert checks.cbr_buffer_falls(_one(df), "mtv") == Ours("3 of 3 steps non-increasing", holds=True)
    up = df.assign(b_cbr=[8.0, 8.0 / JUST_BELOW, 8.0 / WELL_BELOW / JUST_BELOW, 9.0])
    assert checks.cbr_buffer_falls(_one(up), "mtv") == Ours("1 of 3 steps non-increasing", holds=False)


def test_cbr_u_shape_needs_an_interior_minimum():
    df = pd.DataFrame({"P": [2, 5, 9], "b_cbr": [3.0, 1.0, 2.0]})
    assert checks.cbr_buffer_u_shape(_one(df, "horse"), "horse") == Ours("minimum at P = 5 of 2-9", holds=True)
    first = df.assign(b_cbr=[1.0, 2.0, 3.0])
    assert checks.cbr_buffer_u_shape(_one(first, "horse"), "horse") == Ours("minimum at P = 2 of 2-9", holds=False)
    last = df.assign(b_cbr=[3.0, 2.0, 1.0])
    assert checks.cbr_buffer_u_shape(_one(last, "horse"), "horse") == Ours("minimum at P = 9 of 2-9", holds=False)


def test_b2_then_b1_by_hand():
    df = pd.DataFrame({"P": [1, 5, 20], "b1": [1000.0, 0.0, 3000.0], "b2": [2500.0, 0.0, 3000.0]})
    words = "P = 1: b1 1.0 kB, b2 2.5 kB; P = 20: b1 3.0 kB, b2 3.0 kB"
    big = pd.DataFrame({"P": [1, 20], "b1": [100000.0, 300000.0], "b2": [200000.0, 100000.0]})
    assert checks.b2_then_b1(_one(big, "horse"), "horse") == Ours(
        "P = 1: b1 100.0 kB, b2 200.0 kB; P = 20: b1 300.0 kB, b2 100.0 kB", holds=True)
    assert checks.b2_then_b1(_one(df, "horse"), "horse") == Ours(words, holds=True)
    tie = df.assign(b2=[1000.0, 0.0, 3000.0])
    assert checks.b2_then_b1(_one(tie, "horse"), "horse") == Ours(
        "P = 1: b1 1.0 kB, b2 1.0 kB; P = 20: b1 3.0 kB, b2 3.0 kB", holds=False)
    late = df.assign(b2=[2500.0, 0.0, 3100.0])
    assert checks.b2_then_b1(_one(late, "horse"), "horse") == Ours(
        "P = 1: b1 1.0 kB, b2 2.5 kB; P = 20: b1 3.0 kB, b2 3.1 kB", holds=False)


def _mpeg2(rows):
    """One row per MPEG-2 stand-in (r_high NaN rows are no pair)."""
    cols = ("P", "r_high", "r_pcbr", "r_cbr", "b_cbr", "b_pcbr", "b_pdcbr")
    return {"study": {n: pd.DataFrame([dict(zip(cols, r, strict=True))]) for n, r in zip(MPEG2, rows, strict=True)}}


def test_mpeg2_orders_over_the_pairs_by_hand():
    ok, bad = (20, 1.0, 1.0, 1.0, 3.0, 2.0, 1.0), (20, 2.0, 1.0, 1.0, 1.0, 2.0, 3.0)
    nopair = (20, math.nan, 1.0, 1.0, 1.0, 2.0, 3.0)
    half = _run(res=_mpeg2([ok, ok, bad, bad]))
    assert checks.mpeg2_buffer_order(half) == Ours("50% of (trace, start-up delay) pairs", holds=False)
    assert checks.pdcbr_outperforms_mpeg2(half) == Ours(
        "both lower or equal at 50% of (trace, start-up delay) pairs", holds=False)
    most = _run(res=_mpeg2([ok, ok, bad, nopair]))         # the NaN row is left out: 2 of 3
    assert checks.mpeg2_buffer_order(most) == Ours("67% of (trace, start-up delay) pairs", holds=True)
    assert checks.pdcbr_outperforms_mpeg2(most) == Ours(
        "both lower or equal at 67% of (trace, start-up delay) pairs", holds=True)
    # PDCBR's rate and buffer just above PCBR's, within REL: still 'lower or equal'
    near = (20, 1 / JUST_BELOW, 1.0, 1.0, 3.0, 2.0, 2.0 / JUST_BELOW)
    far = (20, 1 / WELL_BELOW, 1.0, 1.0, 3.0, 2.0, 2.0)
    far_b = (20, 1.0, 1.0, 1.0, 3.0, 2.0, 2.0 / WELL_BELOW)
    assert checks.pdcbr_outperforms_mpeg2(_run(res=_mpeg2([near, near, far, far_b]))) == Ours(
        "both lower or equal at 50% of (trace, start-up delay) pairs", holds=False)


def test_mpeg2_rates_equal_beyond_ten_frame_times():
    rows = [(10, 1.0, 2.0, 1.0, 1, 1, 1), (11, 1.0, 1.05, 1.0, 1, 1, 1), (12, 1.0, 1.02, 1.0, 1, 1, 1),
            (30, math.nan, 9.0, 1.0, 1, 1, 1)]
    run = _run(res=_mpeg2(rows))
    assert checks.mpeg2_rates_equal(run) == Ours("largest PCBR / CBR rate 1.050", holds=True)
    assert checks.mpeg2_rates_equal(run, beyond=9) == Ours("largest PCBR / CBR rate 2.000", holds=False)
    assert checks.mpeg2_rates_equal(run, beyond=12) == Ours(
        "no start-up delay beyond ten frame times in this run",
        undefined="the run studies no start-up delay beyond ten frame times")


def test_mjpeg_less_buffer_strictly():
    df = pd.DataFrame({"b_cbr": [5.0, 5.0, 5.0], "b_pcbr": [4.0, 4.0, 1.0], "b_pdcbr": [4.0, math.nan, 1.0]})
    assert checks.mjpeg_less_buffer(_one(df, "fugitive"), "fugitive") == Ours(
        "both below CBR at 2 of 2 start-up delays", holds=True)
    for col, tied in (("b_pcbr", [5.0, 4.0, 1.0]), ("b_pdcbr", [5.0, math.nan, 1.0])):
        tie = df.assign(**{col: tied})
        assert checks.mjpeg_less_buffer(_one(tie, "fugitive"), "fugitive") == Ours(
            "both below CBR at 1 of 2 start-up delays", holds=False), col


def test_fixed_buffer_pattern_by_hand():
    """Rates in bytes per frame time at 30 frames/s: 2500 B -> 0.60 Mbit/s, 2000 B -> 0.48 Mbit/s."""
    df = pd.DataFrame({"P": [3, 15, 30, 45], "r_pcbr": [math.nan, 2500.0, 1000.0, 900.0],
                       "r_high": [1.0, 2000.0, 1040.0, math.nan]})
    fb = {"adv": df}
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": fb}), "adv") == Ours(
        "shortest feasible delay 0.50 s: PCBR 0.60 Mbit/s, PDCBR 0.48 Mbit/s", holds=True)
    # at 25 frames/s: 15 / 25 = 0.60 s, 2500 x 8 x 25 / 1e6 = 0.50 Mbit/s
    assert checks.fixed_buffer_pattern(_run(25.0, res={"fixed_buffer": fb}), "adv").value == \
        "shortest feasible delay 0.60 s: PCBR 0.50 Mbit/s, PDCBR 0.40 Mbit/s"
    for last_high, holds in ((1060.0, False), (960.0, True), (940.0, False)):
        fb2 = {"adv": df.assign(r_high=[1.0, 2000.0, last_high, math.nan])}
        assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": fb2}), "adv").holds is holds, last_high
    equal = {"adv": df.assign(r_high=[1.0, 2500.0, 1000.0, math.nan])}
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": equal}), "adv").holds is False
    none = {"adv": df.assign(r_high=[1.0, math.nan, 1000.0, math.nan])}
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": none}), "adv") == Ours(
        "shortest feasible delay 0.50 s: PCBR 0.60 Mbit/s, PDCBR none", holds=False)
    no_both = {"adv": df.assign(r_pcbr=[math.nan, 2500.0, math.nan, math.nan],
                                r_high=[1.0, math.nan, 1000.0, 900.0])}
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": no_both}), "adv").holds is False
    # by pre-fetch Q (bytes): 3 x 2^20 B is 3 MB
    q = {"mtv": pd.DataFrame({"Q": [1.0, 3.0 * 2 ** 20], "r_pcbr": [math.nan, 2500.0], "r_high": [math.nan, 2000.0]})}
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": q}), "mtv") == Ours(
        "smallest feasible pre-fetch 3 MB: PCBR 0.60 Mbit/s, PDCBR 0.48 Mbit/s", holds=False)
    empty = {"mtv": df.assign(r_pcbr=math.nan)}
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": empty}), "mtv") == Ours(
        "no point of the grid meets the buffer", holds=None)


def test_fixed_rate_pattern_by_hand():
    """Start-up delays in frame times; at 30 frames/s a difference of 3 frames is 0.10 s."""
    def fr(trace, p_pcbr, p_pdcbr, fps=30.0):
        df = pd.DataFrame({"p_pcbr": p_pcbr, "p_pdcbr": p_pdcbr})
        return checks.fixed_rate_pattern(_run(fps, res={"fixed_rate": {trace: df}}), trace)

    assert fr("mtv", [10.0, 20.0, math.nan], [7.0, 18.0, 1.0]) == Ours(
        "PDCBR shorter by +0.07 to +0.10 s over 2 rates (negative: longer)", holds=True)
    assert fr("mtv", [10.0, 20.0], [7.0, 19.0]).holds is False                      # 1 frame: not more than one
    assert fr("mtv", [10.0, 20.0], [7.0, 18.0], fps=20.0).value == \
        "PDCBR shorter by +0.10 to +0.15 s over 2 rates (negative: longer)"
    assert fr("backdraft", [10.0, 20.0], [11.0, 19.0]) == Ours(
        "PDCBR shorter by -0.03 to +0.03 s over 2 rates (negative: longer)", holds=True)
    assert fr("backdraft", [10.0, 20.0], [11.5, 19.0]).holds is False
    assert fr("backdraft", [10.0, 20.0], [8.5, 19.0]).holds is False
    # adv: |d| within 10 % of PCBR's delay at the first rate, more than a frame shorter at the last
    assert fr("adv", [20.0, 10.0], [18.0, 8.5]).holds is True
    assert fr("adv", [20.0, 10.0], [22.0, 8.5]).holds is True
    assert fr("adv", [20.0, 10.0], [17.9, 8.5]).holds is False
    assert fr("adv", [20.0, 10.0], [18.0, 9.0]).holds is False
    assert fr("adv", [math.nan], [1.0]) == Ours("no rate of the grid meets the buffer cap", holds=None)


def test_quoted_numbers_on_the_stand_ins():
    res = {"adv_long": {"b_cbr": 4.0 * MB, "b_pcbr": 0.5 * MB, "r_cbr": 2000.0, "r_pcbr": 2500.0},
           "mtv_p10": {"b_cbr": 30.0 * MB, "b_pcbr": 0.25 * MB, "r_cbr": 4000.0, "r_pcbr": 10000.0}}
    note = "on the synthetic stand-in"
    want = {"adv_cbr_buffer": 4.0, "adv_pcbr_buffer": 0.5, "adv_cbr_rate": 0.48, "adv_pcbr_rate": 0.6,
            "mtv_cbr_buffer": 30.0, "mtv_cbr_rate": 0.96, "mtv_pcbr_buffer": 0.25, "mtv_pcbr_rate": 2.4}
    for name, value in want.items():
        ours = checks.quoted(_run(res=res), name)
        assert (ours.value, ours.note) == (pytest.approx(value, rel=1e-12), note), name
        assert ours == Ours(ours.value, note=note) and type(ours.value) is float
    assert checks.quoted(_run(25.0, res=res), "mtv_pcbr_rate").value == pytest.approx(2.0, rel=1e-12)


def test_horse_and_mpeg1_ratios_by_hand():
    horse = pd.DataFrame({"P": [10, 20], "b_cbr": [1.0, 900.0], "b_pdcbr": [1.0, 400.0]})
    assert checks.horse_saving(_one(horse, "horse")) == Ours("CBR / PDCBR buffer = 2.25")
    assert checks.horse_saving(_one(horse, "horse"), startup=10) == Ours("CBR / PDCBR buffer = 1.00")
    assert checks.horse_saving(_one(horse.assign(P=[10, 30]), "horse")) == Ours(
        "start-up delay 20 not in the run", undefined="the run studies no start-up delay of 20")

    def mp1(b_cbr, b_pcbr, r_pcbr, P=10):
        return pd.DataFrame({"P": [1, P], "b_cbr": [1.0, b_cbr], "b_pcbr": [1.0, b_pcbr], "r_cbr": [1.0, 100.0],
                             "r_pcbr": [1.0, r_pcbr]})

    study = {"mtv": mp1(3000.0, 10.0, 250.0), "adv": mp1(4000.0, 40.0, 260.0), "silence": mp1(1.0, 1.0, 1.0, P=11),
             "soccer": mp1(600.0, 2.0, 255.0)}
    assert checks.mpeg1_p10_ratios(_run(res={"study": study})) == Ours(
        "buffer 100-300 times smaller, rate 2.50-2.60 times higher")
    none = {n: mp1(1.0, 1.0, 1.0, P=11) for n in MPEG1}
    assert checks.mpeg1_p10_ratios(_run(res={"study": none})) == Ours(
        "no start-up delay of ten frame times", undefined="the run studies no start-up delay of 10")
    assert checks.words(_run(), "a reading") == Ours("a reading")


def test_targets_by_hand():
    """13750 B a frame at 30 frames/s is 3.3 Mbit/s, at 24 frames/s 2.64."""
    traces = {"backdraft": _trace(13750.0)}
    assert checks.mjpeg_mean(_run(res={"traces": traces}), "backdraft").value == pytest.approx(3.3, rel=1e-12)
    assert checks.mjpeg_mean(_run(24.0, res={"traces": traces}), "backdraft") == Ours(13750.0 * 8 * 24.0 / 1e6)

    def mp2(b_pcbr, b_pdcbr):
        return pd.DataFrame({"b_cbr": [100.0, 100.0, 100.0], "b_pcbr": b_pcbr, "b_pdcbr": b_pdcbr})

    study = {n: mp2([90.0, 80.0, 70.0], [60.0, math.nan, 50.0]) for n in MPEG2}
    run = _run(res={"study": study})
    # PCBR: 10, 20, 30 % at each of 4 stand-ins: median 20, quartiles 10 and 30; PDCBR: 40, 50: median 45
    assert checks.mpeg2_reduction(run) == Ours(pytest.approx(20.0), note="quartiles 10-30 %; PDCBR's median 45 %")
    assert checks.mpeg2_reduction(run).value == pytest.approx(20.0)
    pd_ours = checks.mpeg2_reduction(run, "pdcbr")
    assert pd_ours == Ours(pd_ours.value, note="quartiles 40-50 %; PCBR's median 20 %")
    assert pd_ours.value == pytest.approx(45.0)
    nopd = _run(res={"study": {n: mp2([90.0, 80.0, 70.0], [math.nan] * 3) for n in MPEG2}})
    assert checks.mpeg2_reduction(nopd).note == "quartiles 10-30 %; PDCBR's median undefined (no pair)"
    _nan_with(checks.mpeg2_reduction(nopd, "pdcbr"),
              undefined="no MPEG-2 (trace, start-up delay) pair has a feasible PDCBR schedule in this run")


def test_arithmetic_by_hand():
    V = {"fps": 25.0, "mtv_startup_frames": 10.0, "tp_header_bytes": 4.0, "tp_payload_bytes": 184.0,
         "a": 3.0, "b": 2.0}
    run = RunRecord({}, {}, {}, {"V": V})
    assert checks.frame_time(run) == Ours(40.0)
    assert checks.ten_frames(run) == Ours(400.0)
    assert checks.tp_bytes(run) == Ours(188.0)
    assert checks.ratio(run, "a", "b") == Ours(1.5)
    assert checks.ratio(run, "a", "b", minus_one_pct=True) == Ours(50.0)
    stats = pd.DataFrame({"video": MPEG2 + MPEG1 + MJPEG, "length": [2.0, 1.0, 1.0, 1.0] + [100.0] * 4 + [10.0, 20.0],
                          "length_unit": ["min"] * 4 + ["s"] * 6,
                          "n_frames": [3000, 1440, 1800, 1800] + [3000, 2500, 2500, 3000] + [300, 600]})
    srun = RunRecord({}, {}, {}, {"stats": stats})
    # MPEG-2: 3000 / 120 = 25, 1440 / 60 = 24, 30, 30 -> 27.25; MPEG-1: 30, 25, 25, 30 -> 27.5; M-JPEG 30, 30
    assert checks.implied_fps(srun, "Table 4.3") == Ours(27.25)
    assert checks.implied_fps(srun, "Table 4.2") == Ours(27.5)
    assert checks.implied_fps(srun, "Table 4.4") == Ours(30.0)


def test_construction_checks_by_hand():
    # rises of 2^-40 = 9.09e-13 (within 1e-12) and 2^-39 = 1.82e-12 (beyond), exact in binary
    study = {"a": pd.DataFrame({"r_cbr": [1.0, 1.0 + 2 ** -40, 0.5]}), "b": pd.DataFrame({"r_cbr": [10.0, 9.0]})}
    assert checks.cbr_rate_falls(_run(res={"study": study})) == Ours("largest relative step +9.09e-13", holds=True)
    study["b"] = pd.DataFrame({"r_cbr": [4.0, 4.0 + 2 ** -37]})
    assert checks.cbr_rate_falls(_run(res={"study": study})) == Ours("largest relative step +1.82e-12", holds=False)

    def eq(scheme, frames, diff, differing=0, ciw=True, rec=True):
        return {"scheme": scheme, "frames": frames, "max_abs_diff": diff, "frames_differing": differing,
                "feasible_ciw": ciw, "feasible_recurrence": rec}

    rows = [eq("CBR", 100, 0.0), eq("CBR", 50, 2e-3), eq("PCBR", 7, 0.5, differing=1)]
    run = _run(res={"equivalence": rows})
    assert checks.ciw_equals(run, "CBR") == Ours("150 frames, largest difference 2.0e-03 frame times", holds=True)
    assert checks.ciw_equals(run, "PCBR") == Ours("7 frames, largest difference 5.0e-01 frame times", holds=False)
    assert checks.ciw_equals(run, "PDCBR") == Ours("no run", undefined="no feasible PDCBR run to compare")
    infeasible = _run(res={"equivalence": [eq("CBR", 100, 0.0), eq("CBR", 5, 0.0, ciw=False)]})
    assert checks.ciw_equals(infeasible, "CBR").holds is False

    def spot(cr=0.0, cb=0.0, pb=0.0, db=0.0, pok=True, dok=True):
        return {"cbr_rate_rel_diff": cr, "cbr_buf_rel_diff": cb, "pcbr_buf_rel_diff": pb, "pdcbr_buf_rel_diff": db,
                "pcbr_ok": pok, "pdcbr_ok": dok}

    good = [spot(cr=1e-12), spot(db=3e-10)]
    assert checks.fast_equals_reference(_run(res={"spot": good})) == Ours(
        "2 (trace, start-up delay) pairs, largest relative difference 3.0e-10", holds=True)
    for bad, worst in (([spot(cb=1e-9)], "1.0e-09"), ([spot(pb=2e-9)], "2.0e-09"), ([spot(pok=False)], "0.0e+00"),
                       ([spot(), spot(dok=False)], "0.0e+00")):
        ours = checks.fast_equals_reference(_run(res={"spot": bad}))
        assert ours == Ours(f"{len(bad)} (trace, start-up delay) pairs, largest relative difference {worst}",
                            holds=False), bad


def test_mean_below_bound_by_hand():
    """adv: bound 0.5 x (16317 + 300) / 16317; mtv: 0.96 x (40000 + 10) / 40000 = 0.96024."""
    V = {"adv_cbr_rate_Mbps": 0.5, "adv_startup_frames": 300.0, "mtv_cbr_rate_Mbps": 0.96, "mtv_startup_frames": 10.0}
    bound = 0.5 * 16617 / 16317
    at = bound * 1e6 / 8 / 30.0
    run = RunRecord({"fps": 24.0}, {}, {}, {"V": V, "res": {"traces": {"adv": _trace(at), "mtv": _trace(4001.0)}}})
    ours = checks.mean_below_bound(run, "adv")
    assert ours == Ours(f"{at * 8 * 30.0 / 1e6:.3f} Mbit/s against the bound {bound:.3f}", holds=ours.holds)
    assert ours.value == "0.509 Mbit/s against the bound 0.509"
    # 4001 B x 8 x 30 / 1e6 = 0.96024 Mbit/s, the bound to the last digit or so; 4002 B is above it
    assert checks.mean_below_bound(run, "mtv").value == "0.960 Mbit/s against the bound 0.960"
    above = RunRecord({}, {}, {}, {"V": V, "res": {"traces": {"mtv": _trace(4002.0)}}})
    assert checks.mean_below_bound(above, "mtv") == Ours("0.960 Mbit/s against the bound 0.960", holds=False)
    below = RunRecord({}, {}, {}, {"V": V, "res": {"traces": {"mtv": _trace(4000.0)}}})
    assert checks.mean_below_bound(below, "mtv") == Ours("0.960 Mbit/s against the bound 0.960", holds=True)
    adv_low = RunRecord({}, {}, {}, {"V": V, "res": {"traces": {"adv": _trace(2000.0)}}})
    assert checks.mean_below_bound(adv_low, "adv") == Ours("0.480 Mbit/s against the bound 0.509", holds=True)


def test_chapter_record_and_its_extra():
    class Chapter:
        parameters = {"fps": 30.0}
        metrics = {"m": 1.0}
        undefined_metrics = {"u": "why"}

    stats = pd.DataFrame({"video": ["x"]})
    res = {"study": {}}
    run = checks.chapter_record(Chapter(), res, {"values": {"a": 2, "b": 0.5}, "stats": stats})
    assert run.parameters == {"fps": 30.0} and run.metrics == {"m": 1.0} and run.undefined == {"u": "why"}
    assert run.extra["res"] is res and run.extra["stats"] is stats and run.extra["V"] == {"a": 2.0, "b": 0.5}
    assert type(run.extra["V"]["a"]) is float and set(run.extra) == {"res", "V", "stats"}


def test_inputs_digest_changes_with_every_input_it_reads():
    import hashlib

    frames = {k: pd.DataFrame({"x": [1.0, 2.0]}) for k in ("stats", "synthetic", "studies", "table4_1")}
    inp = {**frames, "values": {"b": 2, "a": 1.5}, "classes": {"mtv": "mpeg1", "acup": "mpeg2"}}
    rest = repr([[("a", 1.5), ("b", 2.0)], [("acup", "mpeg2"), ("mtv", "mpeg1")]])
    want = hashlib.sha256(b"".join(pd.util.hash_pandas_object(frames[k], index=True).to_numpy().tobytes()
                                   for k in ("stats", "synthetic", "studies", "table4_1")) + rest.encode()).hexdigest()
    assert checks._inputs_digest(inp) == want
    for k in frames:
        changed = {**inp, k: pd.DataFrame({"x": [1.0, 2.5]})}
        assert checks._inputs_digest(changed) != want, k
    assert checks._inputs_digest({**inp, "extra": pd.DataFrame({"y": [0]})}) == want


def test_orders_hold_at_exact_equality_and_read_only_their_own_columns():
    """Second round: each comparison at exact equality (the tolerance's own product, or zero), and a NaN in a
    column a check does not read, which must not drop its row."""
    rel = checks.REL
    df = pd.DataFrame({"x": [1 - rel, 2.0], "y": [1.0, 1 - rel], "z": [0.5, 1.0]})
    assert checks.buffer_order(df, ("x", "y", "z")).tolist() == [True, True]
    # PCBR's buffer flat at zero: non-decreasing; CBR's flat at zero: non-increasing
    zero = pd.DataFrame({"P": [1, 2], "b_pcbr": [0.0, 0.0], "b_cbr": [0.0, 0.0], "b_pdcbr": [0.0, 0.0]})
    assert checks.pcbr_buffer_grows(_one(zero), "mtv") == Ours("1 of 1 steps non-decreasing", holds=True)
    assert checks.cbr_buffer_falls(_one(zero), "mtv") == Ours("1 of 1 steps non-increasing", holds=True)
    # CBR's buffer 1 -> 1e9 (a rise) -> 1e9 + 0.5 (within 1e-9 of the step's own start, 1e9)
    rise = pd.DataFrame({"P": [1, 2, 3], "b_cbr": [1.0, 1e9, 1e9 + 0.5]})
    assert checks.cbr_buffer_falls(_one(rise), "mtv") == Ours("1 of 2 steps non-increasing", holds=False)
    # H32's tolerance: a relative step of exactly 1e-12 (1 / 1e12) still counts as not rising
    exact = {"a": pd.DataFrame({"r_cbr": [1e12, 1e12 + 1]})}
    assert checks.cbr_rate_falls(_run(res={"study": exact})) == Ours("largest relative step +1.00e-12", holds=True)
    # a NaN where no check looks (r_low) keeps the row
    other = pd.DataFrame({"P": [1, 2], "b_cbr": [9.0, 8.0], "b_pdcbr": [5.0, 4.0], "b_pcbr": [1.0, 2.0],
                          "r_low": [math.nan, 1.0]})
    assert checks.buffer_order_mpeg1(_one(other), "mtv") == Ours("holds at 2 of 2 start-up delays", holds=True)
    mj = pd.DataFrame({"b_cbr": [5.0, 5.0], "b_pcbr": [4.0, 4.0], "b_pdcbr": [4.0, 4.0], "r_low": [math.nan, 1.0]})
    assert checks.mjpeg_less_buffer(_one(mj, "fugitive"), "fugitive") == Ours(
        "both below CBR at 2 of 2 start-up delays", holds=True)


def test_rate_order_is_h29_detail_on_the_trace():
    df = _study_row("mpeg1")
    df.loc[1, "r_low"] = 95.0
    assert checks.rate_order(_one(df, "soccer"), "soccer") == Ours(
        "holds at 2 of 3 start-up delays; PDCBR low > CBR at P = 10", holds=False)


def test_mpeg2_pairs_at_equality_and_nan_elsewhere():
    rel = checks.REL
    # PDCBR's rate and buffer exactly PCBR's x (1 + REL): lower or equal; a NaN in r_low keeps the pair
    eq = (20, 1 + rel, 1.0, 1.0, 3.0, 2.0, 2.0 * (1 + rel))
    res = _mpeg2([eq, eq, eq, (20, 5.0, 1.0, 1.0, 1.0, 2.0, 3.0)])
    res["study"]["acup"]["r_low"] = math.nan
    assert checks.pdcbr_outperforms_mpeg2(_run(res=res)) == Ours(
        "both lower or equal at 75% of (trace, start-up delay) pairs", holds=True)
    assert checks.mpeg2_buffer_order(_run(res=res)) == Ours("75% of (trace, start-up delay) pairs", holds=True)


def test_mpeg2_reductions_are_one_series_numbered_from_zero():
    df = pd.DataFrame({"b_cbr": [100.0, 200.0], "b_pcbr": [90.0, 150.0], "b_pdcbr": [50.0, 50.0]})
    red = checks.mpeg2_reductions({n: df for n in MPEG2})
    assert red.index.tolist() == list(range(8)) and red.tolist() == pytest.approx([0.1, 0.25] * 4)
    assert checks.mpeg2_reductions({n: df for n in MPEG2}, "b_pdcbr").tolist() == pytest.approx([0.5, 0.75] * 4)


def test_fixed_rate_pattern_reads_only_its_columns_and_adv_its_last_rate():
    df = pd.DataFrame({"multiplier": [math.nan, 1.1], "p_pcbr": [10.0, 20.0], "p_pdcbr": [7.0, 18.0]})
    assert checks.fixed_rate_pattern(_run(res={"fixed_rate": {"mtv": df}}), "mtv") == Ours(
        "PDCBR shorter by +0.07 to +0.10 s over 2 rates (negative: longer)", holds=True)
    adv = pd.DataFrame({"p_pcbr": [20.0, 15.0, 10.0], "p_pdcbr": [19.0, 10.0, 9.5]})   # the last rate: only 0.5
    assert checks.fixed_rate_pattern(_run(res={"fixed_rate": {"adv": adv}}), "adv").holds is False


def test_mpeg2_reduction_quartiles_and_the_other_median_in_whole_percent():
    """PCBR buffers 0.4, 0.3, 0.2 of CBR's at each of the four stand-ins: reductions 60, 70, 80 %, quartiles
    60 and 80, median 70; PDCBR's 0.3 and 0.4: 70 and 60, median 65."""
    df = pd.DataFrame({"b_cbr": [100.0, 100.0, 100.0], "b_pcbr": [40.0, 30.0, 20.0], "b_pdcbr": [30.0, 40.0, math.nan]})
    run = _run(res={"study": {n: df for n in MPEG2}})
    assert checks.mpeg2_reduction(run) == Ours(pytest.approx(70.0), note="quartiles 60-80 %; PDCBR's median 65 %")
    assert checks.mpeg2_reduction(run, "pdcbr") == Ours(pytest.approx(65.0),
                                                        note="quartiles 60-70 %; PCBR's median 70 %")


def test_mean_below_bound_at_the_bound_and_between_nearby_bounds():
    # a mean exactly at the bound (no start-up frames: the bound is the CBR rate, 2000 B x 8 x 30 = 0.48 Mbit/s)
    V = {"adv_cbr_rate_Mbps": 0.48, "adv_startup_frames": 0.0, "mtv_cbr_rate_Mbps": 0.96, "mtv_startup_frames": 10.0}
    run = RunRecord({}, {}, {}, {"V": V, "res": {"traces": {"adv": _trace(2000.0)}}})
    assert checks.mean_below_bound(run, "adv") == Ours("0.480 Mbit/s against the bound 0.480", holds=True)
    # the bound uses the trace's own frame count: 0.96 x 40010 / 40000 = 0.96024 Mbit/s; a mean 3e-9 below it
    # (above 0.96 x 40011 / 40001) holds, a mean 1e-7 above it does not
    bound = 0.96 * 40010 / 40000
    for mean, holds in ((bound - 3e-9, True), (bound + 1e-7, False)):
        t = {"mtv": _trace(mean * 1e6 / 8 / 30.0)}
        assert checks.mean_below_bound(RunRecord({}, {}, {}, {"V": V, "res": {"traces": t}}), "mtv").holds is holds
    adv_v = {**V, "adv_cbr_rate_Mbps": 0.5, "adv_startup_frames": 300.0}
    adv_bound = 0.5 * 16617 / 16317
    t = {"adv": _trace((adv_bound - 2e-7) * 1e6 / 8 / 30.0)}     # below it, above 0.5 x 16618 / 16318
    assert checks.mean_below_bound(RunRecord({}, {}, {}, {"V": adv_v, "res": {"traces": t}}), "adv").holds is True


def test_h29_detail_holds_at_exact_equality():
    rel = checks.REL
    df = pd.DataFrame({"P": [1, 2, 3], "r_pcbr": [1 - rel, 4.0, 4.0], "r_high": [1.0, 1 - rel, 2.0],
                       "r_cbr": [0.5, 1.0, 1 - rel], "r_low": [0.25, 0.5, 1.0]})
    assert checks.h29_detail(df) == (True, "holds at 3 of 3 start-up delays", 1.0)


def test_fixed_buffer_pattern_keeps_a_row_with_a_nan_elsewhere():
    df = pd.DataFrame({"P": [15, 30], "r_pcbr": [2500.0, 1000.0], "r_high": [2000.0, 1040.0], "r_low": [1.0, math.nan]})
    assert checks.fixed_buffer_pattern(_run(res={"fixed_buffer": {"adv": df}}), "adv") == Ours(
        "shortest feasible delay 0.50 s: PCBR 0.60 Mbit/s, PDCBR 0.48 Mbit/s", holds=True)
