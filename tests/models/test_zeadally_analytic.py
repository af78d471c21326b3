"""Zeadally closed forms: Eq. 1/2, every measured configuration, Table 2 arithmetic (all worked by hand)."""

from fractions import Fraction

import pytest

from mmperf.data import load_table, load_values, validate_study
from mmperf.models.zeadally import analytic as a


def test_data_validates():
    assert "table1" in validate_study("zeadally")
    assert list(load_table("zeadally", "table1")["network"]) == ["Ethernet", "FDDI", "Jetstream"]
    assert load_values("zeadally", "parameters")["z_na_single_copy_256kb"].label == "paper"


def test_eq1_eq2_exact():
    """Exact rational arithmetic: 1/200 + 1/240 + 1/230 over the common denominator 27600 is (138 + 115 + 120)/27600 = 373/27600,
    so R = 27600/373 = 73.9946 Mbit/s, which the paper rounds to 74 (seed line 118). Eq. 2:
    1/200 + 1/230 = (23 + 20)/4600 = 43/4600, R = 4600/43 = 106.977, the paper's 107 (seed line 140).
    """
    assert Fraction(1, 200) + Fraction(1, 240) + Fraction(1, 230) == Fraction(373, 27600)
    assert a.eq1_throughput(200, 240, 230) == pytest.approx(27600 / 373, rel=1e-14)
    assert a.eq2_throughput(200, 230) == pytest.approx(4600 / 43, rel=1e-14)
    assert round(27600 / 373) == 74 and round(4600 / 43) == 107


def test_serial_and_pipelined_forms():
    """Two equal stages halve the rate; the pipeline runs at the slowest stage; shared memory drops AX."""
    assert a.serial_throughput([100, 100]) == 50
    assert a.pipelined_throughput([300, 120, 500]) == 120
    assert list(a.stage_rates(1, 2, 3, use_shm=True)) == ["NA", "XF"]
    with pytest.raises(ValueError, match="stage throughput"):
        a.serial_throughput([200, 0])
    with pytest.raises(ValueError, match="at least one"):
        a.pipelined_throughput([])


def test_conversions():
    """33 frames/s x 2.1 Mbit = 69.3 Mbit/s (seed line 112); 105 Mbit/s / 2.1 Mbit = 50 frames/s (line 140)."""
    assert a.throughput_mbps(33) == pytest.approx(69.3, rel=1e-12)
    assert a.frame_rate(105) == pytest.approx(50, rel=1e-12)
    assert a.frame_bits(512, 512, 8) == 2**21
    assert a.frame_time_ms(210) == pytest.approx(10.0)


def test_model_on_every_configuration():
    """Each row recomputed independently from the transcribed Z_NA, Z_AX = 240 and Z_XF = 230.

    Ethernet: 1/(1/9.6 + 1/240 + 1/230) = 8.875; FDDI: 1/(1/74 + ...) = 45.397, 1.965 x the measured 23.1;
    two-copy Jetstream: 1/(1/90 + ...) = 50.954. ``t0`` is measured minus model frame time, e.g. for
    Ethernet 1000/4 - 1000 x 2.1 / 8.875 = 13.37 ms.
    """
    df = a.model_vs_measured(a.measured_configurations(), 240, 230).set_index("config")
    for net, z_na, measured, fps in (("Ethernet", 9.6, 8.4, 4), ("FDDI", 74, 23.1, 11), ("Jetstream", 90, 46.2, 22)):
        row = df.loc[f"{net}, two-copy, 32 KB"]
        expected = 1 / (1 / z_na + 1 / 240 + 1 / 230)
        assert row["predicted_mbps"] == pytest.approx(expected, rel=1e-12)
        assert row["ratio"] == pytest.approx(expected / measured, rel=1e-12)
        assert row["t0_ms"] == pytest.approx(1000 / fps - 2100 / expected, rel=1e-12)
    assert df.loc["FDDI, two-copy, 32 KB", "ratio"] == pytest.approx(1.965, abs=0.001)
    shm = df.loc["Jetstream, single-copy, 256 KB, X SHM"]
    assert shm["equation"] == "Eq. 2" and shm["predicted_mbps"] == pytest.approx(4600 / 43)


def test_negative_overhead_is_visible():
    """A slow Z_NA makes the model slower than the measurement: t0 < 0 (the chapter must warn)."""
    df = a.model_vs_measured(a.measured_configurations(), 240, 230, z_na_single_copy_mbps=100).set_index("config")
    assert df.loc["Jetstream, single-copy, 256 KB", "t0_ms"] < 0


def test_regression_points():
    """The shared-memory row: 2.1 Mbit at 200 Mbit/s is 10.5 ms; its frame time is 1000/50 = 20 ms."""
    pts = a.regression_points(a.measured_configurations()).set_index("config")
    row = pts.loc["Jetstream, single-copy, 256 KB, X SHM"]
    assert (row["na_ms"], row["frame_ms"], row["no_shm"]) == (pytest.approx(10.5), pytest.approx(20.0), 0.0)


def test_table2_additive_demand():
    """Worked by hand from Table 2 (seed lines 151-154).

    Per-frame CPU: video (42 + 48) % x 1000 ms / 30 = 30 ms; graphics (27 + 66) % x 1000 / 33 = 28.18 ms;
    graphics with shared memory (40 + 54) % x 1000 / 50 = 18.8 ms. Combined without SHM: 26 x 28.18 +
    30 x 0.61 x 30 = 732.7 + 549 = 1281.7 ms per s = 128.17 %; with SHM: 35 x 18.8 + 30 x 0.9 x 30 =
    658 + 810 = 1468 ms per s = 146.8 %. Measured busy: 34 + 56 = 90 % and 41 + 50 = 91 %.
    """
    c = a.table2_checks(load_table("zeadally", "table2"))
    assert c["video_cpu_ms_per_frame"] == pytest.approx(30.0)
    assert c["graphics_cpu_ms_per_frame"] == pytest.approx(930 / 33)
    assert c["additive_demand_pct_no_shm"] == pytest.approx((26 * 930 / 33 + 30 * 0.61 * 30) / 10)
    assert c["additive_demand_pct_shm"] == pytest.approx((35 * 18.8 + 30 * 0.9 * 30) / 10)
    assert (c["measured_busy_pct_no_shm"], c["measured_busy_pct_shm"]) == (90, 91)
    assert c["graphics_drop_pct_no_shm"] == pytest.approx(100 * 7 / 33)


def test_cpu_sharing_setups_off_cpu_time():
    """A graphics frame off the CPU takes the rest of its frame: 1000/33 - 930/33 = 70/33 ms."""
    s = a.cpu_sharing_setups(load_table("zeadally", "table2"))
    assert s["GRAPHICS"][2] == pytest.approx(70 / 33)
    assert s["GRAPHICS-SHARED-M"][2] == pytest.approx(20 - 18.8)
