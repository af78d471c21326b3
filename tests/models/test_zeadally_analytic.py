"""Zeadally closed forms: Eq. 1/2, every measured configuration, Table 2 arithmetic (all worked by hand)."""

from fractions import Fraction

import pytest

from mmperf.data import load_table, load_values, validate_study
from mmstudies.zeadally import analytic as a


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


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---


def test_require_positive_names_the_parameter_and_refuses_non_finite_and_zero():
    """0, negatives, inf and NaN are refused with the whole message; the smallest positive float passes."""
    for bad, shown in ((0, "0"), (-1.5, "-1.5"), (float("inf"), "inf"), (float("nan"), "nan")):
        with pytest.raises(ValueError) as err:
            a.require_positive("Z_NA", bad)
        assert str(err.value) == f"Z_NA must be a finite positive number, got {shown}"
    assert a.require_positive("x", 5e-324) == 5e-324
    assert type(a.require_positive("x", 3)) is float


def test_stage_rates_defaults_to_no_shared_memory_and_names_the_stage_in_errors():
    """Without ``use_shm`` all three stages are kept, in the order NA, AX, XF, as floats."""
    assert a.stage_rates(200, 240, 230) == {"NA": 200.0, "AX": 240.0, "XF": 230.0}
    assert a.stage_rates(200, 240, 230, use_shm=False) == {"NA": 200.0, "AX": 240.0, "XF": 230.0}
    assert a.stage_rates(200, 240, 230, use_shm=True) == {"NA": 200.0, "XF": 230.0}
    for args, name in (((0, 240, 230), "Z_NA"), ((200, -1, 230), "Z_AX"), ((200, 240, 0), "Z_XF")):
        bad = [x for x in args if x <= 0][0]
        with pytest.raises(ValueError) as err:
            a.stage_rates(*args)
        assert str(err.value) == f"{name} (Mbit/s) must be a finite positive number, got {bad}"
    # the shared-memory path still validates the dropped stage (a bad Z_AX is a bad input either way)
    with pytest.raises(ValueError, match=r"^Z_AX \(Mbit/s\) must"):
        a.stage_rates(200, 0, 230, use_shm=True)


def test_serial_and_pipelined_messages_and_single_stages():
    """One stage of Z runs at Z both ways; no stage at all, or a bad one, is refused with the whole message."""
    assert a.serial_throughput([80]) == 80.0 and a.pipelined_throughput([80]) == 80.0
    assert type(a.pipelined_throughput([80])) is float
    # 1/(1/60 + 1/120 + 1/40) = 1/(6/120) = 20; the pipeline runs at min = 40
    assert a.serial_throughput(iter([60, 120, 40])) == pytest.approx(20.0, rel=1e-15)
    assert a.pipelined_throughput(iter([60, 120, 40])) == 40.0
    for f in (a.serial_throughput, a.pipelined_throughput):
        with pytest.raises(ValueError) as err:
            f([])
        assert str(err.value) == "at least one stage is needed"
        with pytest.raises(ValueError) as err:
            f([100, -2])
        assert str(err.value) == "stage throughput must be a finite positive number, got -2"


def test_conversions_default_frame_size_and_messages():
    """The default frame is the paper's 2.1e6 bit; another frame size scales each conversion.

    frame_rate(100, 2e6) = 100e6 / 2e6 = 50 frames/s; throughput_mbps(25, 4e6) = 25 x 4 = 100 Mbit/s;
    frame_time_ms(100, 5e5) = 5e5 bit / 100e6 bit/s = 5 ms; at the default 2.1 Mbit, 42 Mbit/s carry 20
    frames/s and take 50 ms per frame.
    """
    assert a.FRAME_BITS_PAPER == 2.1e6
    assert a.frame_rate(42) == pytest.approx(20.0, rel=1e-15)
    assert a.frame_rate(100, 2e6) == pytest.approx(50.0, rel=1e-15)
    assert a.throughput_mbps(25, 4e6) == pytest.approx(100.0, rel=1e-15)
    assert a.throughput_mbps(20) == pytest.approx(42.0, rel=1e-15)
    assert a.frame_time_ms(42) == pytest.approx(50.0, rel=1e-15)
    assert a.frame_time_ms(100, 5e5) == pytest.approx(5.0, rel=1e-15)
    assert a.frame_bits(640, 480, 24) == 640 * 480 * 24 == 7372800
    for f in (a.frame_rate, a.throughput_mbps, a.frame_time_ms):
        with pytest.raises(ValueError) as err:
            f(10, 0)
        assert str(err.value) == "frame_bits must be a finite positive number, got 0"
    with pytest.raises(ValueError) as err:
        a.frame_time_ms(0)
    assert str(err.value) == "throughput must be a finite positive number, got 0"


def test_measured_configurations_every_field():
    """Table 1 (fps, Mbit/s) with the networks' raw two-copy maxima 9.6, 74, 90 Mbit/s as Z_NA, then the
    two single-copy rows of Section 5 (33 and 50 frames/s, 69.3 and 105 Mbit/s) at the measured 200 Mbit/s."""
    two = "raw two-copy maximum (our pairing, derived)"
    paper = "measured stage throughput (paper)"
    expected = [
        {"config": "Ethernet, two-copy, 32 KB", "network": "Ethernet", "copy_mode": "two", "shm": False,
         "z_na_mbps": 9.6, "z_na_source": two, "measured_fps": 4.0, "measured_mbps": 8.4},
        {"config": "FDDI, two-copy, 32 KB", "network": "FDDI", "copy_mode": "two", "shm": False,
         "z_na_mbps": 74.0, "z_na_source": two, "measured_fps": 11.0, "measured_mbps": 23.1},
        {"config": "Jetstream, two-copy, 32 KB", "network": "Jetstream", "copy_mode": "two", "shm": False,
         "z_na_mbps": 90.0, "z_na_source": two, "measured_fps": 22.0, "measured_mbps": 46.2},
        {"config": "Jetstream, single-copy, 256 KB", "network": "Jetstream", "copy_mode": "single", "shm": False,
         "z_na_mbps": 200.0, "z_na_source": paper, "measured_fps": 33.0, "measured_mbps": 69.3},
        {"config": "Jetstream, single-copy, 256 KB, X SHM", "network": "Jetstream", "copy_mode": "single",
         "shm": True, "z_na_mbps": 200.0, "z_na_source": paper, "measured_fps": 50.0, "measured_mbps": 105.0},
    ]
    df = a.measured_configurations()
    assert list(df.columns) == list(expected[0])
    assert df.to_dict("records") == expected


def test_model_vs_measured_single_copy_override_equations_and_frame_size():
    """``z_na_single_copy_mbps`` = 100 replaces Z_NA on the two single-copy rows only.

    Eq. 1: 1/100 + 1/240 + 1/230 = (276 + 115 + 120)/27600 = 511/27600, R = 27600/511 = 54.012 Mbit/s;
    Eq. 2: 1/100 + 1/230 = 33/2300, R = 2300/33 = 69.697. The two-copy rows keep 9.6, 74, 90. With a frame
    of 1e6 bit the predicted frame rate is R frames/s, e.g. 2300/33 for the shared-memory row, and
    t0 = 1000/50 - 1000 x 33/2300 = 20 - 14.348 = 5.652 ms.
    """
    df = a.model_vs_measured(a.measured_configurations(), 240, 230, z_na_single_copy_mbps=100, frame_bits=1e6)
    assert list(df["z_na_mbps"]) == [9.6, 74.0, 90.0, 100.0, 100.0]
    assert list(df["equation"]) == ["Eq. 1", "Eq. 1", "Eq. 1", "Eq. 1", "Eq. 2"]
    assert df["predicted_mbps"].iloc[3] == pytest.approx(27600 / 511, rel=1e-14)
    assert df["predicted_mbps"].iloc[4] == pytest.approx(2300 / 33, rel=1e-14)
    assert df["predicted_mbps"].iloc[0] == pytest.approx(1 / (1 / 9.6 + 1 / 240 + 1 / 230), rel=1e-14)
    assert df["predicted_fps"].iloc[4] == pytest.approx(2300 / 33, rel=1e-14)
    assert df["t0_ms"].iloc[4] == pytest.approx(20 - 1000 * 33 / 2300, rel=1e-13)
    assert df["ratio"].iloc[3] == pytest.approx(27600 / 511 / 69.3, rel=1e-14)
    # the default frame is 2.1e6 bit: 2300/33 Mbit/s carry 2300/33/2.1 frames/s
    df = a.model_vs_measured(a.measured_configurations(), 240, 230, z_na_single_copy_mbps=100)
    assert df["predicted_fps"].iloc[4] == pytest.approx(2300 / 33 / 2.1, rel=1e-14)
    # without the override the single-copy rows keep the paper's 200 Mbit/s
    assert list(a.model_vs_measured(a.measured_configurations(), 240, 230)["z_na_mbps"]) == [
        9.6, 74.0, 90.0, 200.0, 200.0]


def test_regression_points_every_row_and_frame_size():
    """frame_ms = 1000/fps (250, 1000/11, 1000/22, 1000/33, 20); na_ms = 2.1e6 / (Z_NA x 1e3): Ethernet
    2100/9.6 = 218.75 ms, FDDI 2100/74, two-copy Jetstream 2100/90, single-copy 2100/200 = 10.5; only the
    shared-memory row has no_shm = 0. A frame of 1e6 bit at 200 Mbit/s takes 5 ms."""
    pts = a.regression_points(a.measured_configurations())
    assert list(pts.columns) == ["config", "frame_ms", "na_ms", "no_shm"]
    assert list(pts["frame_ms"]) == pytest.approx([250, 1000 / 11, 1000 / 22, 1000 / 33, 20], rel=1e-14)
    assert list(pts["na_ms"]) == pytest.approx([218.75, 2100 / 74, 2100 / 90, 10.5, 10.5], rel=1e-14)
    assert list(pts["no_shm"]) == [1.0, 1.0, 1.0, 1.0, 0.0]
    assert float(a.regression_points(a.measured_configurations(), frame_bits=1e6)["na_ms"].iloc[4]) == 5.0


def test_table2_checks_every_value_and_video_rate():
    """Every entry by hand (Table 2: user + system % of the CPU, graphics frames/s, video drops %).

    Graphics with shared memory: (40 + 54) % x 1000 ms / 50 = 18.8 ms per frame. Drops of graphics frames
    when video runs too: 1 - 26/33 = 7/33 = 21.21 % and 1 - 35/50 = 30 %. At a video rate of 45 frames/s
    the video frame costs 900/45 = 20 ms and the combined demand without SHM is
    (26 x 930/33 + 45 x 0.61 x 20)/10 = (732.73 + 549)/10 % (the shown video frames scale with the rate).
    """
    t2 = load_table("zeadally", "table2")
    c = a.table2_checks(t2)
    expected = {
        "video_cpu_ms_per_frame": 30.0, "graphics_cpu_ms_per_frame": 930 / 33, "graphics_shm_cpu_ms_per_frame": 18.8,
        "additive_demand_pct_no_shm": (26 * 930 / 33 + 30 * 0.61 * 30) / 10,
        "additive_demand_pct_shm": (35 * 18.8 + 30 * 0.9 * 30) / 10,
        "measured_busy_pct_no_shm": 90.0, "measured_busy_pct_shm": 91.0,
        "graphics_drop_pct_no_shm": 100 * 7 / 33, "graphics_drop_pct_shm": 30.0,
    }
    assert list(c) == list(expected)
    for k, v in expected.items():
        assert c[k] == pytest.approx(v, rel=1e-13), k
    c45 = a.table2_checks(t2, video_fps=45.0)
    assert c45["video_cpu_ms_per_frame"] == pytest.approx(20.0, rel=1e-14)
    assert c45["additive_demand_pct_no_shm"] == pytest.approx((26 * 930 / 33 + 45 * 0.61 * 20) / 10, rel=1e-13)
    assert c45["additive_demand_pct_shm"] == pytest.approx((35 * 18.8 + 45 * 0.9 * 20) / 10, rel=1e-13)


def test_cpu_sharing_setups_every_entry():
    """(video ms, graphics ms, off-CPU ms): video 30 ms; graphics 930/33 ms with 1000/33 - 930/33 = 70/33 ms
    off the CPU; with shared memory 18.8 ms and 20 - 18.8 = 1.2 ms; None where an application is absent."""
    s = a.cpu_sharing_setups(load_table("zeadally", "table2"))
    g, gs = (930 / 33, 70 / 33), (18.8, 1.2)
    expected = {"VIDEO": (30.0, None, 0.0), "GRAPHICS": (None, *g), "VIDEO+GRAPHICS": (30.0, *g),
                "GRAPHICS-SHARED-M": (None, *gs), "VIDEO+GRAPHICS-SHARED-M": (30.0, *gs)}
    assert list(s) == list(expected)
    for k, (v, gr, io) in expected.items():
        assert s[k][0] == (None if v is None else pytest.approx(v, rel=1e-14)), k
        assert s[k][1] == (None if gr is None else pytest.approx(gr, rel=1e-14)), k
        assert s[k][2] == pytest.approx(io, rel=1e-12), k
