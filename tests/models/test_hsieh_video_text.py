"""The Hsieh video page's numbers and sentences (``hsieh_video.text``): every sentence on both sides of
its conditions, every recorded metric worked by hand from made-up results."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from mmstudies.hsieh_video import analytic as an
from mmstudies.hsieh_video import text
from mmstudies.hsieh_video.experiments import ALL

MB = float(2**20)


class Recorder:
    """A stand-in for the chapter record: keeps what is glued, recorded and warned."""

    def __init__(self, records=(), output_dir=None):
        self.glued, self.metrics, self.undefined, self.warnings = {}, {}, {}, []
        self.scorecard = SimpleNamespace(to_records=lambda: [{"what": w, "status": s} for w, s in records])
        self.output_dir = output_dir

    def glue(self, name, value):
        self.glued[name] = value

    def metric(self, name, value, unit=""):
        self.metrics[name] = (value, unit)

    def value_or_undefined(self, name, value, reason, unit=""):
        if math.isfinite(value):
            self.metrics[name] = (value, unit)
        else:
            self.undefined[name] = reason

    def warn(self, what, why):
        self.warnings.append(what)

    def scorecard_summary(self):
        return "summary"


def _recs(rows):
    return pd.DataFrame(rows, columns=["what", "status"])


# ----------------------------------------------------------------- settings ---------------------------------

def test_record_setup_glues_the_settings_by_hand():
    """30 frames/s: 1000 / 30 = 33.33 ms; 20 highs of step 0.01 end at 1.19; lows 0.05 .. 0.95 are 19."""
    ch = Recorder()
    text.record_setup(ch, {"fps": 30.0, "startup_max_frames": 30, "adv_long_startup_frames": 300,
                           "pdcbr_high_values": 20, "pdcbr_high_step": 0.01, "pdcbr_low_step": 0.05,
                           "pcr_interval_frames": 1, "cap_delivery_at_eof": False})
    g = ch.glued
    assert g["frame_ms"] == pytest.approx(1000 / 30)
    assert (g["fps_param"], g["p_max"], g["p_long"], g["n_highs"], g["pcr_frames"]) == (30.0, 30, 300, 20, 1)
    assert g["n_lows"] == 19
    assert g["high_last"] == pytest.approx(1.19)
    assert g["cap_text"] == "not capped (Eq. 4.2 taken literally)"


# ------------------------------------------------------------------ sentences -------------------------------

def test_ciw_text_agreement_rounding_and_disagreement():
    agree = [{"frames": 1000, "frames_differing": 0, "max_abs_diff": 0.0}] * 3
    assert text.ciw_text(agree).startswith("Across 3,000 frame deliveries, Ciw and the recurrences agree on every "
                                           "frame exactly, and")
    rounding = [{"frames": 10, "frames_differing": 0, "max_abs_diff": 2e-12}]
    assert "agree on every frame (largest difference 2.0e-12 frame times, floating-point rounding)" in \
        text.ciw_text(rounding)
    differ = [{"frames": 10, "frames_differing": 0, "max_abs_diff": 0.0},
              {"frames": 10, "frames_differing": 1, "max_abs_diff": 0.5}]
    assert "Ciw and the recurrences DISAGREE (largest difference 5.0e-01" in text.ciw_text(differ)


def test_verdicts_counts_names_and_leaves_out_the_readers_trace():
    recs = _recs([("H31 PCBR grows: mtv", "reproduced"), ("H31 PCBR grows: adv", "inconclusive"),
                  ("H31 PCBR grows: soccer", "not reproduced"), ("H31 on the reader's trace x: x", "reproduced"),
                  ("H30 order: mtv", "not reproduced")])
    assert text.verdicts(recs, "H31") == "holds on 1 of 3 traces (mtv); fails on soccer"
    assert text.verdicts(recs, "H30") == "holds on 0 of 1 traces; fails on mtv"
    assert text.verdicts(recs, "H99") == "holds on 0 of 0 traces"


def test_ordering_text_both_sides_of_h32_and_of_a_defined_share():
    ok = _recs([("H29 rate order: mtv", "reproduced"), ("H32 CBR rate falls: mtv", "reproduced")])
    s = text.ordering_text(ok, 0.25, 1.19)
    assert "* **Rate order** (H29): holds on 1 of 1 traces (mtv).\n" in s
    assert "holds on every trace, as Eq. 4.2 guarantees." in s
    assert "holds at 25 % of the start-up delays" in s
    assert "with R_high capped at 1.19 R_CBR" in s
    bad = _recs([("H32 CBR rate falls: mtv", "reproduced"), ("H32 CBR rate falls: adv", "not reproduced")])
    s = text.ordering_text(bad, math.nan, 1.5)
    assert "FAILS, which Eq. 4.2 forbids: a bug." in s
    assert "No start-up delay has a feasible PDCBR pair on this run's grid." in s
    assert "with R_high capped at 1.50 R_CBR" in s


def test_cbr_trend_text_by_hand():
    """12500 bytes per frame time at 30 frames/s = 12500 x 8 x 30 / 1e6 = 3 Mbit/s; 6250 -> 1.5."""
    horse = pd.DataFrame({"P": [1, 15, 30], "r_cbr": [12500.0, 9000.0, 6250.0]})
    recs = _recs([("CBR buffer first falls, then rises: horse", "reproduced"),
                  ("CBR buffer first falls, then rises: acup", "not reproduced")])
    s = text.cbr_trend_text(recs, horse, 30.0)
    assert "(horse: 3 Mbit/s at one frame time, 1.5 at 30)" in s
    assert "first falls and then rises on 1 of 2 of them (horse); the thesis" in s
    none = _recs([("CBR buffer first falls, then rises: acup", "not reproduced")])
    assert "rises on 0 of 1 of them; the thesis" in text.cbr_trend_text(none, horse, 30.0)


def test_quoted_text_ratios_by_hand():
    """adv: 2120 / 2000 - 1 = 6 %, 4 MB / 0.5 MB = 8.0; mtv: 10000 / 4000 = 2.50, 30 / 0.1 = 300."""
    adv = {"r_cbr": 2000.0, "r_pcbr": 2120.0, "b_cbr": 4 * MB, "b_pcbr": 0.5 * MB}
    mtv = {"r_cbr": 4000.0, "r_pcbr": 10000.0, "b_cbr": 30 * MB, "b_pcbr": 0.1 * MB}
    s = text.quoted_text(adv, mtv, {"mtv_cbr_buffer_MB": 37.5, "mtv_cbr_rate_Mbps": 0.96})
    assert "needs 6 % more rate with PCBR than with CBR and 8.0 times less buffer" in s
    assert "PCBR needs 2.50 times CBR's rate and 300 times less buffer" in s
    assert "mtv CBR buffer of 37.5 MB at 0.96 Mbit/s" in s


def test_section47_text_explains_a_failure_only_when_there_is_one():
    ok = _recs([("Fixed buffer: mtv", "reproduced"), ("Fixed rate: mtv", "reproduced"),
                ("Fixed rate: adv", "inconclusive")])
    s = text.section47_text(ok)
    assert "this holds for 1 of 1 traces. For a fixed rate" in s
    assert "holds for 1 of 2 traces." in s
    assert "Where it fails" not in s
    bad = _recs([("Fixed buffer: mtv", "reproduced"), ("Fixed buffer: adv", "not reproduced")])
    s = text.section47_text(bad)
    assert "this holds for 1 of 2 traces. Where it fails, PDCBR has no feasible pair" in s
    assert s.endswith("holds for 0 of 0 traces.")


def test_reader_texts():
    assert "written to `a.csv` (12,345 frames) and read back identical, frame for frame;" in \
        text.reader_demo_text("a.csv", 12345, True)
    s = text.reader_trace_text("t.txt", {"n_frames": 3000, "length_s": 100.0, "mean_rate_Mbps": 1.5,
                                         "cv": 0.25, "peak_to_mean": 4.0}, 30.0)
    assert s == ("The trace `t.txt` has 3,000 frames (100.0 s at 30 frames/s), a mean rate of 1.5 Mbit/s, "
                 "a coefficient of variation of 0.25 and a peak frame 4.0 times the mean.")


def test_record_reader_without_a_file_writes_and_reads_back_adv(tmp_path):
    adv = SimpleNamespace(sizes=np.array([1000.0, 2500.0, 300.0]), name="adv")
    study_adv = pd.DataFrame({"P": [1]})
    ch = Recorder(output_dir=tmp_path)
    name, study = text.record_reader(ch, {"user": None, "traces": {"adv": adv}, "study": {"adv": study_adv}},
                                     "", 30.0)
    assert name == "adv (synthetic, via the file)" and study is study_adv
    assert (tmp_path / "adv-synthetic.csv").read_text() == "bytes\n1000\n2500\n300\n"
    assert "written to `adv-synthetic.csv` (3 frames) and read back identical" in ch.glued["reader_text"]


# ------------------------------------------------------------------- results --------------------------------

def _results(b_pdcbr_missing=()):
    study = {n: pd.DataFrame({"P": [1, 2], "r_cbr": [12500.0, 6250.0],
                              "b_pdcbr": [np.nan if n in b_pdcbr_missing else 1.0, 1.0]}) for n in ALL}
    adv = {"r_cbr": 2000.0, "r_pcbr": 2120.0, "b_cbr": 4 * MB, "b_pcbr": 0.5 * MB, "b_cbr_uncapped": 5 * MB}
    mtv = {"r_cbr": 4000.0, "r_pcbr": 10000.0, "b_cbr": 30 * MB, "b_pcbr": 0.1 * MB}
    return {"study": study, "adv_long": adv, "mtv_p10": mtv, "timing": {"setup": (1.0, 2.0)}}


P = {"fps": 30.0, "pdcbr_high_values": 20, "pdcbr_high_step": 0.01}
EXTRA = {"h29_share": 0.5, "fps_4_2": 24.0, "fps_4_3": 25.0, "backdraft_mean_mbps": 3.3, "fugitive_mean_mbps": 3.0}


def test_record_results_metrics_by_hand():
    """Rates in bytes per frame time x 8 x 30 / 1e6: 4000 -> 0.96, 10000 -> 2.4 Mbit/s; buffers / 2^20."""
    recs = [("H29 rate order: mtv", "reproduced"), ("H29 rate order: adv", "not reproduced"),
            ("H29 rate order on the reader's trace x", "reproduced")]
    ch = Recorder(recs)
    text.record_results(ch, _results(), EXTRA, {"mtv_cbr_buffer_MB": 37.5, "mtv_cbr_rate_Mbps": 0.96}, P)
    m = {k: v for k, (v, _) in ch.metrics.items()}
    assert m["mtv_p10_cbr_buffer_mb"] == 30.0 and m["mtv_p10_pcbr_buffer_mb"] == pytest.approx(0.1)
    assert m["mtv_p10_cbr_rate_mbps"] == pytest.approx(0.96)
    assert m["mtv_p10_pcbr_rate_mbps"] == pytest.approx(2.4)
    assert (m["adv_long_cbr_buffer_mb"], m["adv_long_pcbr_buffer_mb"]) == (4.0, 0.5)
    assert m["adv_long_pcbr_rate_increase"] == pytest.approx(0.06)
    assert m["ordering_h29_share"] == 0.5
    assert (m["backdraft_mean_mbps"], m["fugitive_mean_mbps"]) == (3.3, 3.0)
    assert ch.metrics["adv_long_pcbr_rate_increase"][1] == "fraction"
    g = ch.glued
    assert (g["adv_b_cbr_mb"], g["adv_b_cbr_uncapped_mb"], g["fps_4_2"], g["fps_4_3"]) == (4.0, 5.0, 24.0, 25.0)
    assert (g["h29_holds_count"], g["h29_total"]) == (1, 2)          # the reader's trace is left out
    assert g["scorecard_text"] == "summary"
    assert g["timing_text"].startswith("Computation in this run (wall / CPU seconds): setup 1.0 / 2.0")
    assert ch.warnings == [] and ch.undefined == {}


def test_record_results_undefined_share_and_grid_warnings():
    ch = Recorder([("H32 CBR rate falls: mtv", "reproduced")])
    text.record_results(ch, _results(b_pdcbr_missing=("adv", "acup")), {**EXTRA, "h29_share": math.nan},
                        {"mtv_cbr_buffer_MB": 37.5, "mtv_cbr_rate_Mbps": 0.96}, P)
    assert "ordering_h29_share" in ch.undefined and "ordering_h29_share" not in ch.metrics
    assert ch.warnings == ["PDCBR grid: adv", "PDCBR grid: acup"]
    assert "No start-up delay has a feasible PDCBR pair" in ch.glued["ordering_text"]


def test_high_last_and_mbytes_agree_with_analytic():
    assert text.high_last(1, 0.05) == 1.0
    assert an.mbytes(MB) == 1.0
