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
    """The largest difference to two significant digits as the book writes numbers (mmperf.tables.sig):
    2e-12 is 2.0×10⁻¹² and 0.5 is 0.50 (issue 25: they printed "2.0e-12" and "5.0e-01")."""
    agree = [{"frames": 1000, "frames_differing": 0, "max_abs_diff": 0.0}] * 3
    assert text.ciw_text(agree).startswith("Across 3,000 frame deliveries, Ciw and the recurrences agree on every "
                                           "frame exactly, and")
    rounding = [{"frames": 10, "frames_differing": 0, "max_abs_diff": 2e-12}]
    assert "agree on every frame (largest difference 2.0×10⁻¹² frame times, floating-point rounding)" in \
        text.ciw_text(rounding)
    differ = [{"frames": 10, "frames_differing": 0, "max_abs_diff": 0.0},
              {"frames": 10, "frames_differing": 1, "max_abs_diff": 0.5}]
    assert "Ciw and the recurrences DISAGREE (largest difference 0.50 frame times" in text.ciw_text(differ)


def test_quoted_text_ratios_by_hand():
    """adv: 2120 / 2000 - 1 = 6 %, 4 MB / 0.5 MB = 8.0; mtv: 10000 / 4000 = 2.50, 30 / 0.1 = 300."""
    adv = {"P": 60.0, "r_cbr": 2000.0, "r_pcbr": 2120.0, "b_cbr": 4 * MB, "b_pcbr": 0.5 * MB}
    mtv = {"r_cbr": 4000.0, "r_pcbr": 10000.0, "b_cbr": 30 * MB, "b_pcbr": 0.1 * MB}
    s = text.quoted_text(adv, mtv, {"mtv_cbr_buffer_MB": 37.5, "mtv_cbr_rate_Mbps": 0.96})
    assert "needs 6 % more rate with PCBR than with CBR and 8.0 times less buffer" in s
    assert "at the long start-up delay (60 frame times; the thesis's is 300)" in s
    assert "PCBR needs 2.50 times CBR's rate and 300 times less buffer" in s
    assert "mtv CBR buffer of 37.5 MB at 0.96 Mbit/s" in s


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

def test_high_last_and_mbytes_agree_with_analytic():
    assert text.high_last(1, 0.05) == 1.0
    assert an.mbytes(MB) == 1.0
