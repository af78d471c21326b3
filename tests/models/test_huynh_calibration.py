"""The Huynh data and the calibration of the numbers the paper does not print, by hand."""

from __future__ import annotations

import pytest

from mmperf.data import load_table, load_values, validate_study
from mmstudies.huynh import calibration
from mmstudies.huynh.calibration import host_overhead_kloc

KB = 1024


def test_data_loads_with_provenance_and_labels():
    assert sorted(validate_study("huynh")) == ["parameters", "review_huynh", "table1"]
    t1 = load_table("huynh", "table1")
    assert len(t1) == 13 and set(t1["label"]) == {"paper"}
    values = load_values("huynh", "parameters")
    assert values["compress_ms"].value == 16.66 and values["compress_ms"].label == "paper"
    assert values["adapter_scb_kloc"].label == "assumption"
    assert {v.label for v in values.values()} <= {"paper", "assumption"}
    # the 15 frames/s of the validation runs is stated at seed line 166 (not 168)
    assert "L166" in values["frame_rate_mid"].source and "L168" not in values["frame_rate_mid"].source


def test_calibration_hand_computed():
    c = calibration()
    # S from "file transfers = 20 % of host CPU at 30 frames/s": 12 S = 120 (notes 2.8).
    assert c.host_overhead_kloc == pytest.approx(10.0)
    # 30*3*(60+5+20) + 30*(5+5+20) = 8550 KLOCS/s; 486: 30*3*(240+25) + 900 = 24750.
    assert c.host_ips_386 == pytest.approx(8.55e6)
    assert c.host_ips_486 == pytest.approx(24.75e6)
    mem_bytes = 2 * (90 * 8 * KB + 30 * 4 * KB)          # 1 720 320 B/s
    assert c.mem_s_per_byte_386 == pytest.approx(0.35 / mem_bytes)
    assert c.mem_s_per_byte_386 * 1e9 == pytest.approx(203.45, abs=0.01)
    assert c.mem_s_per_byte_486 * 1e9 == pytest.approx(58.13, abs=0.01)
    assert c.disk_service_s == pytest.approx(0.008)
    assert c.ring_overhead_bytes == pytest.approx((0.53 * 2e6 - 860160) / 120)
    assert c.adapter_ips == pytest.approx(90 * 16.5e3)


def test_no_positive_overhead_gives_an_impossible_share():
    """A share the video load alone exceeds cannot be reached: 90 frames/s x 20 KLOCS vs 30 x 10."""
    with pytest.raises(ValueError, match="no positive per-request overhead"):
        host_overhead_kloc(share=0.9, f=30, n_video=3, vc=15, net=5, fs=5, ft_rate=30)


def test_ring_without_overhead_is_the_bits_alone():
    from mmstudies.huynh.calibration import ring_no_overhead_pct
    from mmstudies.huynh.config import paper_values

    # 8 bits x (3 streams x 30 frames/s x 8192 B + 30 requests/s x 4096 B) over 16 Mbit/s
    assert ring_no_overhead_pct(paper_values()) == pytest.approx(100 * 8 * (3 * 30 * 8192 + 30 * 4096) / 16e6,
                                                                 rel=1e-12)


def test_calibration_table_rows_units_and_values():
    from mmstudies.huynh.calibration import calibration_table
    from mmstudies.huynh.config import calibration as calibrated

    t = calibration_table(calibrated())
    assert list(t.columns) == ["calibrated number (derived)", "value", "unit", "paper anchor used"]
    assert t["unit"].tolist() == ["KLOCS", "M instr/s", "M instr/s", "ns/byte", "ns/byte", "ms", "bytes", "M instr/s"]
    # by hand: S = 10 KLOCS; 386 at 90 x (60 + 5 + 20) + 30 x 30 = 8550 KLOCS/s; 486 at 90 x 265 + 900;
    # disk 0.24 / 30 requests/s = 8 ms; 80C186 at 30 x 3 x 16.5 KLOCS/s
    assert t["value"].tolist() == pytest.approx([10.0, 8.55, 24.75, t["value"][3], t["value"][4], 8.0,
                                                 t["value"][6], 1.485], rel=1e-9)
    # memory: 35 % and 10 % of 2 x (3 x 30 x 8192 + 30 x 4096) B/s, in ns per byte
    assert t["value"][3] == pytest.approx(0.35 / 1720320 * 1e9, rel=1e-12)
    assert t["value"][4] == pytest.approx(0.10 / 1720320 * 1e9, rel=1e-12)
