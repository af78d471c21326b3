"""The Hsieh video studies: each study function on a four-frame trace worked by hand, and ``run_all`` at the
smallest sizes (its shapes, its grids, seeds, the reader's-trace path)."""

from __future__ import annotations

import math
import time

import numpy as np
import pandas as pd
import pytest

from mmstudies.hsieh_video import analytic as an
from mmstudies.hsieh_video import experiments as ex
from mmstudies.hsieh_video import traces as tr

#: frame sizes 1000, 3000, 2000, 500 bytes: A = 0, 1000, 4000, 6000, 6500; R_average = 6500 / 4 = 1625
A = an.cumulative([1000.0, 3000.0, 2000.0, 500.0])
HIGHS, LOWS = an.pdcbr_grid(3, 0.05, 0.25)

SMALL = dict(fps=30.0, pcr_interval_frames=1, startup_max_frames=6, adv_long_startup_frames=40, pcbr_step=0.01,
             pdcbr_high_values=5, pdcbr_high_step=0.01, pdcbr_low_step=0.25, fixed_buffer_scale=1.0,
             fixed_buffer_points=3, fixed_buffer_max_s=2.0, fixed_rate_points=3, fixed_rate_step=0.05,
             buffer_cap_scale=1.0, user_buffer_mb=4.0, user_cap_mb=8.0, cap_delivery_at_eof=True,
             synthetic_length_scale=0.02, synthetic_variability=1.0, ciw_frames=100, seed=1)


@pytest.fixture()   # per test (0.2 s each): mutmut maps a module-scoped fixture's calls to its first test only
def run():
    return ex.run_all(**SMALL)


# ------------------------------------------------------------------ inputs ------------------------------

def test_load_inputs_one_row_per_trace_in_table_order():
    inp = ex.load_inputs()
    assert [r["video"] for r in inp["rows"]] == ex.ALL
    rows = {r["video"]: r for r in inp["rows"]}
    # Table 4.2: mtv has 40000 frames, pattern IBB(PBB)^4; Table 4.4: backdraft is M-JPEG, all I frames
    assert (rows["mtv"]["n_frames"], rows["mtv"]["picture_pattern"]) == (40000, "IBB(PBB)^4")
    assert (rows["backdraft"]["encoding"], rows["backdraft"]["picture_pattern"]) == ("M-JPEG", "I")
    assert {r["encoding"] for r in inp["rows"]} <= set(inp["classes"])
    assert list(inp["studies"].dropna(subset=["fixed_buffer_MB"]).index) == ex.STUDY_47
    assert sorted(ex.MPEG1 + ex.MPEG2 + ex.MJPEG) == sorted(ex.ALL) and len(set(ex.ALL)) == 10


# ------------------------------------------------------------------ the studies on a hand trace ---------

def test_section46_cbr_columns_by_hand():
    """P = 1: R_CBR = max_n A_n / (n + 1) = max(500, 1333, 1500, 1300) = 1500 at frame 3; gaps
    min(1500 (n + 1), 6500) - A_{n-1} = 3000, 3500, 2000, 500: b1 = 3500, b2 = 500, buffer 3500."""
    df = ex.section46(A, [1], m=1, pcbr_step=0.01, highs=HIGHS, lows=LOWS, cap=True)
    assert list(df.columns) == ["P", "r_cbr", "b_cbr", "b1", "b2", "tangent_frame", "r_pcbr", "k_pcbr", "b_pcbr",
                                "r_high", "r_low", "b_pdcbr"]
    row = df.iloc[0]
    assert (row["r_cbr"], row["b_cbr"], row["b1"], row["b2"], row["tangent_frame"]) == (1500.0, 3500.0, 3500.0,
                                                                                         500.0, 3)
    # the PCBR rate is on the grid R_CBR (1 + 0.01 k) and at least R_CBR
    assert row["r_pcbr"] == pytest.approx(1500.0 * (1 + 0.01 * row["k_pcbr"]))
    # without the end-of-file cap the last gap is 1500 x 5 - 6000 = 1500 (capped: 500)
    assert ex.section46(A, [1], m=1, pcbr_step=0.01, highs=HIGHS, lows=LOWS, cap=False).iloc[0]["b2"] == 1500.0


def test_fixed_rate_study_delay_is_the_schedules_lateness():
    """PCBR at R_average = 1625: unit n starts at max(n - 1, previous finish); finishes 8/13, 1 + 24/13 = 37/13,
    37/13 + 16/13 = 53/13, 53/13 + 4/13 = 57/13. Lateness max(done_n - n) = 53/13 - 3 = 14/13.
    At 2 x R_average every frame is done before its deadline: the delay is clamped at 0."""
    df = ex.fixed_rate_study(A, 1e12, [1.0, 2.0], m=1, lows=LOWS)
    assert list(df.columns) == ["multiplier", "rate", "p_pcbr", "p_pdcbr", "r_low"]
    assert df["rate"].tolist() == [1625.0, 3250.0]
    assert df["p_pcbr"].iloc[0] == pytest.approx(14 / 13)
    assert df["p_pcbr"].iloc[1] == 0.0
    # a zero buffer cap cannot be met
    none = ex.fixed_rate_study(A, 0.0, [1.0], m=1, lows=LOWS)
    assert math.isnan(none["p_pcbr"].iloc[0]) and math.isnan(none["p_pdcbr"].iloc[0])


def test_fixed_buffer_study_one_row_per_delay_nan_when_the_buffer_is_too_small():
    big = ex.fixed_buffer_study(A, 1e12, [1, 2], m=1, step=0.01, lows=LOWS)
    assert big["P"].tolist() == [1.0, 2.0]
    # with no buffer limit the PCBR rate is Section 4.6's minimum
    r46 = ex.section46(A, [1, 2], m=1, pcbr_step=0.01, highs=HIGHS, lows=LOWS, cap=True)["r_pcbr"]
    assert big["r_pcbr"].tolist() == pytest.approx(r46.tolist())
    # 1 byte of buffer: frame 1 alone is 1000 bytes
    tiny = ex.fixed_buffer_study(A, 1.0, [1], m=1, step=0.01, lows=LOWS)
    assert math.isnan(tiny["r_pcbr"].iloc[0]) and math.isnan(tiny["r_high"].iloc[0])


def test_ciw_equivalence_matches_the_recurrence_frame_by_frame():
    rows = ex.ciw_equivalence(A, 5.0, m=1, pcbr_step=0.01, highs=HIGHS, lows=LOWS)
    assert [r["scheme"] for r in rows] == ["CBR", "PCBR", "PDCBR"]
    for r in rows:
        assert r["frames"] == 4 and r["frames_differing"] == 0 and r["max_abs_diff"] <= 1e-9
        assert r["feasible_ciw"] is True and r["feasible_recurrence"] is True


def test_reference_spot_checks_agree_with_the_fast_code():
    rows = ex.reference_spot_checks(A, [1, 3], m=1, pcbr_step=0.01, highs=HIGHS, lows=LOWS, cap=True)
    assert [r["P"] for r in rows] == [1, 3]
    for r in rows:
        assert r["pcbr_ok"] and r["pdcbr_ok"]
        assert max(r["cbr_rate_rel_diff"], r["cbr_buf_rel_diff"], r["pcbr_buf_rel_diff"], r["pdcbr_buf_rel_diff"]) < 1e-9


# ------------------------------------------------------------------ run_all -----------------------------

def test_run_all_shapes_and_grids(run):
    assert set(run["study"]) == set(ex.ALL) and run["Ps"] == [1, 2, 3, 4, 5, 6]
    for df in run["study"].values():
        assert df["P"].tolist() == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    # lengths: max(round(n x 0.02), min(n, 300)): mtv 800, adv round(326.34) = 326, horse (897) 300, t260 1042
    n = {k: t.n_frames for k, t in run["traces"].items()}
    assert (n["mtv"], n["adv"], n["horse"], n["t260"], n["acup"]) == (800, 326, 300, 1042, 300)
    # start-up delays: geomspace(1/30, 2, 3) s = 1/30, sqrt(2/30) = 0.258, 2 s -> frames 1, 7.75 -> 8, 60
    assert run["delays"] == [1, 8, 60]
    assert run["multipliers"] == pytest.approx([1.0, 1.05, 1.10])
    assert set(run["fixed_buffer"]) == set(run["fixed_rate"]) == set(ex.STUDY_47)
    # Figure 4.15 by default pre-fetches 1/64, sqrt(1/64 x 3/4) = 0.108 and 3/4 of mtv's 2 MB buffer
    assert run["fixed_buffer_control"] == "prefetch"
    assert run["fixed_buffer"]["mtv"]["Q"].to_numpy() == pytest.approx(np.array([1 / 64, 0.75 ** 0.5 / 8, 0.75])
                                                                         * 2 * 2**20)
    # the fixed-rate grid is R_average x multiplier, R_average = total bytes / frames
    adv = run["traces"]["adv"].sizes
    assert run["fixed_rate"]["adv"]["rate"].to_numpy() == pytest.approx(adv.sum() / adv.size * np.array([1, 1.05, 1.1]))
    # Ciw runs: horse, adv, backdraft x (CBR, PCBR, PDCBR when a pair exists), 100 frames each
    eq = pd.DataFrame(run["equivalence"])
    assert set(eq["video"]) == {"horse", "adv", "backdraft"} and (eq["frames"] == 100).all()
    assert (eq["frames_differing"] == 0).all()
    assert [(r["video"], r["P"]) for r in run["spot"]] == [("horse", 1), ("horse", 10), ("6trans", 1), ("6trans", 10)]
    assert run["adv_long"]["P"] == 40.0 and run["mtv_p10"]["P"] == 10.0
    assert run["user"] is None
    assert list(run["timing"]) == ["setup", "section 4.6", "section 4.7", "Ciw and references"]


def test_run_all_relations_that_hold_on_any_trace(run):
    for df in run["study"].values():
        # R_CBR(P) = max_n A_n / (n + P) can only fall as P grows; PCBR's grid starts at R_CBR
        assert (np.diff(df["r_cbr"]) <= 0).all()
        assert (df["r_pcbr"] >= df["r_cbr"]).all()
        # the CBR buffer is the larger of its two parts
        assert (df["b_cbr"] == np.maximum(df["b1"], df["b2"])).all()
    # capping the delivery at the end of the file can only lower the CBR buffer
    assert run["adv_long"]["b_cbr_uncapped"] >= run["adv_long"]["b_cbr"]
    # mtv_p10 is Section 4.6 at P = 10, beyond the study's 6: its CBR rate is no higher
    assert run["mtv_p10"]["r_cbr"] <= run["study"]["mtv"]["r_cbr"].iloc[-1]


@pytest.mark.slow
def test_run_all_seeds(run):
    again = ex.run_all(**SMALL)
    for name in ex.ALL:
        pd.testing.assert_frame_equal(again["study"][name], run["study"][name])
    other = ex.run_all(**{**SMALL, "seed": 2})
    assert not np.array_equal(other["traces"]["mtv"].sizes, run["traces"]["mtv"].sizes)
    assert not other["study"]["mtv"].equals(run["study"]["mtv"])


def test_reader_trace_runs_the_same_studies(run, tmp_path):
    """The synthetic adv written in the reader's format and read back gives Section 4.6 identical to adv's."""
    path = ex.write_trace_csv(run["traces"]["adv"], tmp_path / "sub" / "adv.csv")
    out = ex.run_all(**{**SMALL, "trace_file": str(path), "fixed_buffer_max_s": 1.0 / 15,
                        "fixed_buffer_control": "startup"})
    user = out["user"]
    assert np.array_equal(user["trace"].sizes, run["traces"]["adv"].sizes)
    pd.testing.assert_frame_equal(user["study"], run["study"]["adv"])
    # the labelled option 'startup': 2 frame times at most: geomspace(1/30, 1/15, 3) s -> frames 1, 1.41 -> 1, 2
    assert user["fixed_buffer"]["P"].tolist() == [1.0, 2.0] and len(user["fixed_rate"]) == 3
    assert "reader's trace" in out["timing"]


def test_write_trace_csv_whole_bytes_without_decimals(tmp_path):
    t = tr.Trace("x", np.array([1200.0, 800.5, 3.0]), "", "MPEG-1", True, "")
    path = ex.write_trace_csv(t, tmp_path / "a" / "b.csv")
    assert path.read_text() == "bytes\n1200\n800.5\n3\n"
    assert tr.read_trace_file(path).sizes.tolist() == [1200.0, 800.5, 3.0]


def test_finite_or_nan():
    assert ex.finite_or_nan(3) == 3.0 and ex.finite_or_nan("2.5") == 2.5
    assert all(math.isnan(ex.finite_or_nan(x)) for x in (None, math.inf, -math.inf, math.nan))


# ------------------------------------------------------------- shown tables and demos ------------------------

def test_trace_table_paper_columns_and_frames_per_length(run):
    """frames / length is the thesis's frame count over its length in seconds (minutes x 60)."""
    inputs = ex.load_inputs()
    t = ex.trace_table(inputs, run["traces"], 30.0)
    assert t["video"].tolist() == ex.ALL
    stats = inputs["stats"].set_index("video")
    for row in t.to_dict("records"):
        st = stats.loc[row["video"]]
        secs = st["length"] * (60.0 if st["length_unit"] == "min" else 1.0)
        assert row["frames / length"] == pytest.approx(st["n_frames"] / secs)
        assert row["frames (paper)"] == st["n_frames"]
        assert row["frames (ours)"] == len(run["traces"][row["video"]].sizes)
    assert set(ex.TRACE_TABLE_FORMAT["formats"]) <= set(t.columns)


def test_quoted_table_units_and_the_long_delay_label():
    """2^20 bytes = 1 MB; 12500 bytes per frame time x 8 x 30 / 1e6 = 3 Mbit/s."""
    row = {"b_cbr": 2.0 * an.MBYTE, "b_pcbr": an.MBYTE / 4, "r_cbr": 12500.0, "r_pcbr": 25000.0}
    vals = dict.fromkeys(("adv_cbr_buffer_MB", "adv_pcr_buffer_MB", "adv_cbr_rate_Mbps", "adv_pcr_rate_Mbps",
                          "mtv_cbr_buffer_MB", "mtv_cbr_rate_Mbps", "mtv_pcbr_buffer_MB", "mtv_pcbr_rate_Mbps"), 7.0)
    t = ex.quoted_table(row, row, vals, 30.0, 300)
    assert t["ours (synthetic)"].tolist() == pytest.approx([2.0, 0.25, 3.0, 6.0, 2.0, 3.0, 0.25, 6.0])
    assert t["quantity"][0] == "adv, P = 300: CBR buffer" and t["quantity"][4] == "mtv, P = 10: CBR buffer"
    t = ex.quoted_table(row, row, vals, 30.0, 40)
    assert t["quantity"][3] == "adv, P = 40 (thesis: 300): PCR-assist rate (PCBR)"
    assert t["quantity"][4] == "mtv, P = 10: CBR buffer"


def test_pcbr_demo_rate_is_the_minimum_on_the_first_frames():
    """A = 0, 1000, 4000, 6000, 6500 at P = 2: frame n must be out by n + 2, so on frames 1-2 the
    CBR bound is max(1000 / 3, 4000 / 4) = 1000, and PCBR (frame 2 released at 1) needs
    max(1000 / 3, 3000 / 3) = 1000 too; the 1 % search starts at R_CBR, so the answer is 1000."""
    assert ex.pcbr_demo_rate(A, 2) == pytest.approx(1000.0)
    assert ex.pcbr_demo_rate(A, 2) <= ex.pcbr_demo_rate(A, 4)


def test_pdcbr_demo_choice_falls_back_to_the_thesis_grid_only_without_a_pair():
    choice, note = ex.pdcbr_demo_choice(A, 4, 20, 0.01, 0.05)
    assert note == "" and choice is not None
    assert choice.r_high >= an.cbr_rate(A, 2) * (1 - 1e-12)


def test_study47_mb_scales_each_study_trace():
    studies = pd.DataFrame({"fixed_buffer_MB": [2.0, 1.0, 4.0, 4.0, 4.0, 4.0]}, index=ex.STUDY_47)
    assert ex.study47_mb(studies, "fixed_buffer_MB", 0.5) == {"mtv": 1.0, "adv": 0.5, "silence": 2.0,
                                                               "soccer": 2.0, "backdraft": 2.0, "fugitive": 2.0}


def test_ciw_table_renames_the_columns_the_page_shows():
    t = ex.ciw_table([{"video": "adv", "scheme": "PCBR", "frames": 5, "max_abs_diff": 0.0, "frames_differing": 0,
                       "feasible_ciw": True, "feasible_recurrence": True}])
    assert t.columns.tolist() == ["video", "scheme", "frames", "largest |Ciw - recurrence|", "frames differing",
                                  "no starvation (Ciw)", "no starvation (recurrence)"]


# --- added from the mutation run (2026-11-26, mut4b) ---

#: a second small setting whose every knob differs from a default of the functions run_all calls
OTHER = {**SMALL, "pcr_interval_frames": 2, "pcbr_step": 0.02, "pdcbr_high_values": 4, "pdcbr_high_step": 0.02,
         "pdcbr_low_step": 0.2, "fixed_buffer_scale": 0.5, "buffer_cap_scale": 2.0, "synthetic_variability": 0.5,
         "cap_delivery_at_eof": True, "startup_max_frames": 3, "adv_long_startup_frames": 20}


def test_run_all_is_made_of_the_study_functions():
    """run_all's tables recomputed from its traces with the study functions and the run's settings: the
    traces at 30 fps and the variability given; each Section 4.6 table on the grid pdcbr_grid(values, high
    step, low step); adv at the long delay with its uncapped CBR buffer; mtv at 10; Figure 4.15 and 4.16 at
    the buffers and caps of the studies table times their scales (MB of 2^20 bytes)."""
    start = time.perf_counter()
    out = ex.run_all(**OTHER)
    elapsed = time.perf_counter() - start
    inputs = ex.load_inputs()
    traces = tr.build_synthetic_traces(inputs["rows"], inputs["classes"], reference_fps=30.0, seed=1,
                                       length_scale=0.02, variability=0.5)
    for name in ex.ALL:
        assert np.array_equal(out["traces"][name].sizes, traces[name].sizes)
    highs, lows = an.pdcbr_grid(4, 0.02, 0.2)
    kw = dict(m=2, pcbr_step=0.02, highs=highs, lows=lows, cap=True)
    mtv = an.cumulative(traces["mtv"].sizes)
    pd.testing.assert_frame_equal(out["study"]["mtv"], ex.section46(mtv, [1, 2, 3], **kw))
    assert out["mtv_p10"] == ex.section46(mtv, [10], **kw).iloc[0].to_dict()
    adv = an.cumulative(traces["adv"].sizes)
    long = ex.section46(adv, [20], **kw).iloc[0].to_dict()
    assert {k: v for k, v in out["adv_long"].items() if k != "b_cbr_uncapped"} == pytest.approx(long, nan_ok=True)
    assert out["adv_long"]["b_cbr_uncapped"] == an.cbr_buffer(adv, 20, cap=False)
    studies = inputs["studies"]
    fractions = ex.prefetch_fractions(3)
    for name in ("adv", "backdraft"):
        A = an.cumulative(traces[name].sizes)
        B = float(studies.loc[name, "fixed_buffer_MB"]) * 0.5 * an.MBYTE
        cap = float(studies.loc[name, "buffer_cap_MB"]) * 2.0 * an.MBYTE
        pd.testing.assert_frame_equal(out["fixed_buffer"][name],
                                      ex.prefetch_study(A, B, fractions, m=2, step=0.02, lows=lows))
        pd.testing.assert_frame_equal(out["fixed_rate"][name],
                                      ex.fixed_rate_study(A, cap, [1.0, 1.05, 1.1], m=2, lows=lows))
    # each part's timing is (wall, CPU) seconds spent in it: non-negative and within the whole call's
    for part, (wall, cpu) in out["timing"].items():
        assert 0 <= wall <= elapsed and 0 <= cpu <= elapsed * 2 + 1, part
    assert set(out["timing"]) == {"setup", "section 4.6", "section 4.7", "Ciw and references"}


def test_run_all_startup_control_and_the_readers_trace_use_the_grid_given(tmp_path):
    """Figure 4.15 swept by start-up delay (the 'startup' reading): fixed_buffer_study at the delays of the
    run, with the run's low-rate grid; the reader's trace gets the same studies at its own buffer and cap."""
    path = ex.write_trace_csv(tr.Trace("mine", np.array([1000.0, 3000.0, 2000.0, 500.0] * 20), "", "MPEG-1",
                                       False, ""), tmp_path / "mine.csv")
    out = ex.run_all(**{**OTHER, "fixed_buffer_control": "startup", "trace_file": str(path)})
    highs, lows = an.pdcbr_grid(4, 0.02, 0.2)
    A = an.cumulative(out["traces"]["mtv"].sizes)
    B = float(ex.load_inputs()["studies"].loc["mtv", "fixed_buffer_MB"]) * 0.5 * an.MBYTE
    pd.testing.assert_frame_equal(out["fixed_buffer"]["mtv"],
                                  ex.fixed_buffer_study(A, B, out["delays"], m=2, step=0.02, lows=lows))
    U = an.cumulative(out["user"]["trace"].sizes)
    pd.testing.assert_frame_equal(out["user"]["fixed_buffer"],
                                  ex.fixed_buffer_study(U, 4.0 * an.MBYTE, out["delays"], m=2, step=0.02, lows=lows))
    pd.testing.assert_frame_equal(out["user"]["fixed_rate"],
                                  ex.fixed_rate_study(U, 8.0 * an.MBYTE, [1.0, 1.05, 1.1], m=2, lows=lows))
    pd.testing.assert_frame_equal(out["user"]["study"],
                                  ex.section46(U, [1, 2, 3], m=2, pcbr_step=0.02, highs=highs, lows=lows, cap=True))


def test_fixed_buffer_and_prefetch_studies_pass_every_setting_on():
    """m = 2, a 2 % step and a low-rate grid of its own, against the analytic functions called directly."""
    lows = np.array([0.3, 0.6])
    fb = ex.fixed_buffer_study(A, 5000.0, [1, 2], m=2, step=0.02, lows=lows)
    assert fb.to_dict("records") == [an.fixed_buffer_rates(A, float(P), 5000.0, m=2, step=0.02, lows=lows)
                                     for P in (1, 2)]
    pf = ex.prefetch_study(A, 5000.0, [0.25, 0.5], m=2, step=0.02, lows=lows)
    assert pf.to_dict("records") == [an.prefetch_rates(A, f * 5000.0, 5000.0, m=2, step=0.02, lows=lows)
                                     for f in (0.25, 0.5)]


def test_trace_table_columns_and_the_readers_row():
    """Every column of the page's trace table; a paper row's strings as Table 4.1-4.4 give them; the reader's
    trace as a last row with its own statistics and no thesis columns."""
    inputs = ex.load_inputs()
    traces = tr.build_synthetic_traces(inputs["rows"], inputs["classes"], reference_fps=30.0, seed=1,
                                       length_scale=0.02)
    user = tr.Trace("mine", np.array([1000.0, 3000.0, 2000.0, 500.0]), "", "MPEG-1", False, "my file")
    t = ex.trace_table(inputs, traces, 25.0, user)
    assert t.columns.tolist() == ["video", "encoding", "content", "length (paper)", "picture (paper)",
                                  "pattern (paper)", "frames (paper)", "frames / length", "frames (ours)",
                                  "mean rate (ours)", "cv (ours)", "peak / mean (ours)"]
    st = inputs["stats"].set_index("video").loc["mtv"]
    t41 = inputs["table4_1"].set_index("video").loc["mtv"]
    mtv = t.set_index("video").loc["mtv"]
    assert (mtv["encoding"], mtv["content"]) == (t41["encoding"], t41["content"])
    assert mtv["length (paper)"] == f"{st['length']:g} {st['length_unit']}"
    assert mtv["picture (paper)"] == f"{st['picture_width_px']}x{st['picture_height_px']}"
    assert mtv["pattern (paper)"] == st["picture_pattern"] == "IBB(PBB)^4"
    s = tr.trace_statistics(traces["mtv"], 25.0)
    assert (mtv["mean rate (ours)"], mtv["cv (ours)"], mtv["peak / mean (ours)"]) == (
        s["mean_rate_Mbps"], s["cv"], s["peak_to_mean"])
    last = t.iloc[-1].to_dict()
    u = tr.trace_statistics(user, 25.0)
    assert len(t) == len(ex.ALL) + 1
    assert {k: last[k] for k in ("video", "encoding", "content", "length (paper)", "picture (paper)",
                                 "pattern (paper)", "frames (ours)", "mean rate (ours)", "cv (ours)",
                                 "peak / mean (ours)")} == {
        "video": "mine", "encoding": "reader's trace", "content": "my file", "length (paper)": "",
        "picture (paper)": "", "pattern (paper)": "", "frames (ours)": 4, "mean rate (ours)": u["mean_rate_Mbps"],
        "cv (ours)": u["cv"], "peak / mean (ours)": u["peak_to_mean"]}
    # 1000 + 3000 + 2000 + 500 bytes in 4 frames at 25 fps: 1625 x 8 x 25 / 1e6 = 0.325 Mbit/s
    assert u["mean_rate_Mbps"] == pytest.approx(0.325)
    assert pd.isna(last["frames (paper)"]) and pd.isna(last["frames / length"])


def test_write_trace_csv_makes_missing_folders_and_writes_again(tmp_path):
    t = tr.Trace("x", np.array([5.0, 6.0]), "", "MPEG-1", True, "")
    path = ex.write_trace_csv(t, tmp_path / "a" / "b" / "c.csv")
    assert path.read_text() == "bytes\n5\n6\n"
    assert ex.write_trace_csv(t, tmp_path / "a" / "b" / "d.csv").read_text() == "bytes\n5\n6\n"


def test_pcbr_queue_demo_runs_the_minimum_rate_as_a_queue():
    """A = 0, 1000, 4000, 6000, 6500; the rate is pcbr_min_rate's at the delay, step and PCR interval given,
    and at m = 1 the Ciw records are the PCBR queue of the frames at that rate (the recurrence's finishes)."""
    from mmstudies.hsieh_video import model as mo

    A2, rate, recs = ex.pcbr_queue_demo(np.array([1000.0, 3000.0, 2000.0, 500.0]), 2, step=0.01, m=1)
    assert A2.tolist() == A.tolist()
    assert rate == an.pcbr_min_rate(A, 2, 0.01, 1)[0]
    pd.testing.assert_frame_equal(recs, mo.ciw_pcbr(A, rate))
    assert recs["finish"].to_numpy() == pytest.approx(an.schedule(A, rate, 0.0).finish, abs=1e-9)
    assert ex.pcbr_queue_demo(np.array([1000.0, 3000.0, 2000.0, 500.0]), 1, step=0.05, m=2)[1] == \
        an.pcbr_min_rate(A, 1, 0.05, 2)[0]


def test_pdcbr_demo_choice_on_the_first_frames_and_the_fallback_by_hand():
    """On the run's grid (here 20 highs 2 % apart, lows 10 % apart) the pair is pdcbr_least_buffer's on frames
    1..n only; a one-high grid (R_H = R_CBR) has no pair for this trace, so the thesis's grid is used and
    named."""
    def direct(n, grid, P=2):
        A_n = A[: n + 1]
        return an.pdcbr_least_buffer(A_n, P, an.cbr_rate(A_n, P), *grid)

    grid = an.pdcbr_grid(20, 0.02, 0.1)
    assert ex.pdcbr_demo_choice(A, 2, 20, 0.02, 0.1) == (direct(2, grid), "")
    assert direct(2, grid) != direct(3, grid) and direct(2, grid) != direct(2, an.pdcbr_grid())
    assert direct(4, an.pdcbr_grid(1, 0.01, 0.05)) is None
    assert ex.pdcbr_demo_choice(A, 4, 1, 0.01, 0.05) == (direct(4, an.pdcbr_grid()), " (thesis's grid)")
    assert ex.pdcbr_demo_choice(A, 4, 1, 0.01, 0.05, P=1) == (direct(4, an.pdcbr_grid(), P=1), " (thesis's grid)")
    assert direct(4, an.pdcbr_grid(), P=1) != direct(4, an.pdcbr_grid())


#: 40 frames of 500-5000 bytes (seeded) for the studies at a PCR interval of 2 frames and grids of their own
LONG = an.cumulative(np.random.default_rng(3).uniform(500, 5000, 40).round())
H2, L2 = an.pdcbr_grid(6, 0.03, 0.2)


def test_section46_and_fixed_rate_study_pass_every_setting_on():
    """m = 2, a 2 % PCBR step, grids of their own, no end-of-file cap: the analytic functions called directly."""
    df = ex.section46(LONG, [1, 4], m=2, pcbr_step=0.02, highs=H2, lows=L2, cap=False)
    pd.testing.assert_frame_equal(df, pd.DataFrame(an.compare_schemes(LONG, [1, 4], m=2, pcbr_step=0.02, highs=H2,
                                                                      lows=L2, cap=False)))
    assert not df.equals(ex.section46(LONG, [1, 4], m=1, pcbr_step=0.01, highs=None, lows=None, cap=True))
    r_avg = LONG[-1] / 40
    fr = ex.fixed_rate_study(LONG, 30000.0, [1.0, 1.2], m=2, lows=L2)
    pd.testing.assert_frame_equal(fr, pd.DataFrame(
        [{"multiplier": k, **an.fixed_rate_delays(LONG, r_avg * k, 30000.0, m=2, lows=L2)} for k in (1.0, 1.2)]))


def test_ciw_equivalence_and_spot_checks_at_a_pcr_interval_of_two():
    """At m = 2 Ciw's queues (units of two frames) and the recurrence agree frame by frame, every scheme is
    feasible at the delay, and the references confirm the fast searches' rates and buffers."""
    rows = ex.ciw_equivalence(LONG, 5.0, m=2, pcbr_step=0.02, highs=H2, lows=L2)
    assert [r["scheme"] for r in rows] == ["CBR", "PCBR", "PDCBR"]
    for r in rows:
        assert r["frames"] == 40 and r["frames_differing"] == 0 and r["max_abs_diff"] <= 1e-9
        assert r["feasible_ciw"] is True and r["feasible_recurrence"] is True
    spot = ex.reference_spot_checks(LONG, [2, 6], m=2, pcbr_step=0.02, highs=H2, lows=L2, cap=True)
    for r in spot:
        assert r["pcbr_ok"] and r["pdcbr_ok"]
        assert max(r["cbr_rate_rel_diff"], r["cbr_buf_rel_diff"], r["pcbr_buf_rel_diff"],
                   r["pdcbr_buf_rel_diff"]) <= 1e-9


def test_spot_checks_without_a_pdcbr_pair_count_no_difference():
    """A one-high grid (R_H = R_CBR) leaves PDCBR without a pair (NaN rates and buffer): nothing to re-check,
    so its difference is 0, not NaN."""
    rows = ex.reference_spot_checks(A, [2], m=1, pcbr_step=0.01, highs=np.array([1.0]), lows=LOWS, cap=True)
    assert rows[0]["pdcbr_ok"] is True and rows[0]["pdcbr_buf_rel_diff"] == 0.0


def test_quoted_table_whole_by_hand():
    """Each quoted point with its unit and its own thesis value (values 1-8 by key, so a swapped key shows);
    2^20 bytes is 1 MB, 12500 bytes per frame time at 30 fps is 3 Mbit/s."""
    keys = ("adv_cbr_buffer_MB", "adv_pcr_buffer_MB", "adv_cbr_rate_Mbps", "adv_pcr_rate_Mbps",
            "mtv_cbr_buffer_MB", "mtv_cbr_rate_Mbps", "mtv_pcbr_buffer_MB", "mtv_pcbr_rate_Mbps")
    vals = {k: float(i) for i, k in enumerate(keys, start=1)}
    adv = {"b_cbr": 2.0 * an.MBYTE, "b_pcbr": an.MBYTE / 4, "r_cbr": 12500.0, "r_pcbr": 25000.0}
    mtv = {"b_cbr": 3.0 * an.MBYTE, "b_pcbr": an.MBYTE / 2, "r_cbr": 25000.0, "r_pcbr": 37500.0}
    t = ex.quoted_table(adv, mtv, vals, 30.0, 300)
    expected = pd.DataFrame({
        "quantity": ["adv, P = 300: CBR buffer", "adv, P = 300: PCR-assist buffer (PCBR)", "adv, P = 300: CBR rate",
                     "adv, P = 300: PCR-assist rate (PCBR)", "mtv, P = 10: CBR buffer", "mtv, P = 10: CBR rate",
                     "mtv, P = 10: PCBR buffer", "mtv, P = 10: PCBR rate"],
        "unit": ["MB", "MB", "Mbit/s", "Mbit/s", "MB", "Mbit/s", "MB", "Mbit/s"],
        "thesis": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
        "ours (synthetic)": [2.0, 0.25, 3.0, 6.0, 3.0, 6.0, 0.5, 9.0]})
    pd.testing.assert_frame_equal(t, expected)


def test_load_inputs_stats_are_one_table_numbered_from_0():
    """Tables 4.2-4.4 joined into one, re-numbered 0-9 (not three indexes each from 0)."""
    stats = ex.load_inputs()["stats"]
    assert stats.index.tolist() == list(range(10)) and stats["video"].tolist() == ex.ALL


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_fixed_buffer_and_prefetch_studies_pass_their_step_on():
    """LONG at a 12000-byte buffer: a 5 % step gives other rates than the analytic functions' default 1 %
    (P = 2: R_PCBR = 1.10 R_CBR = 2812.807 at 5 %), so each row is the analytic call at the step given."""
    fb = ex.fixed_buffer_study(LONG, 12000.0, [2, 4], m=1, step=0.05, lows=L2)
    expected = [an.fixed_buffer_rates(LONG, float(P), 12000.0, m=1, step=0.05, lows=L2) for P in (2, 4)]
    pd.testing.assert_frame_equal(fb, pd.DataFrame(expected))
    assert fb.loc[0, "r_pcbr"] == pytest.approx(1.10 * fb.loc[0, "r_cbr"], rel=1e-12)
    assert fb.loc[0, "r_pcbr"] != an.fixed_buffer_rates(LONG, 2.0, 12000.0, m=1, lows=L2)["r_pcbr"]
    pf = ex.prefetch_study(LONG, 12000.0, [0.25, 0.5], m=1, step=0.05, lows=L2)
    expected = [an.prefetch_rates(LONG, f * 12000.0, 12000.0, m=1, step=0.05, lows=L2) for f in (0.25, 0.5)]
    pd.testing.assert_frame_equal(pf, pd.DataFrame(expected))
    default = [an.prefetch_rates(LONG, f * 12000.0, 12000.0, m=1, lows=L2) for f in (0.25, 0.5)]
    assert not pf.equals(pd.DataFrame(default))


#: seed 3 at a PCR interval of one frame: its synthetic adv and mtv end on frames where the end-of-file cap binds,
#: and mtv at P = 10 has no PDCBR pair on the run's grid (4 highs 2 % apart) but has one on the thesis's; at 2 % of
#: the studies table's buffer caps mtv's cap binds at R_average
SEED3 = {**SMALL, "seed": 3, "pdcbr_high_values": 4, "pdcbr_high_step": 0.02, "pdcbr_low_step": 0.2,
         "adv_long_startup_frames": 5, "buffer_cap_scale": 0.02}


def test_run_all_long_delay_and_mtv_at_10_use_the_cap_and_grid_given(tmp_path):
    """adv's uncapped CBR buffer at the long delay is cbr_buffer without the end-of-file cap (here larger than
    the capped one); mtv at P = 10 is Section 4.6 with the run's cap and PDCBR grid (uncapped, its b2 would be
    larger; on the thesis's grid it would find a pair). Each part's timing is the wall and CPU time spent in
    it: parts do not overlap, so their CPU times add up to at most the whole call's, which a CPU clock read
    as an offset (process time + its start) would exceed by twice the CPU time spent before the call (the
    reader's trace, a part of its own, included)."""
    path = ex.write_trace_csv(tr.Trace("mine", np.array([1000.0, 3000.0, 2000.0, 500.0] * 5), "", "MPEG-1", False,
                                       ""), tmp_path / "mine.csv")
    spin = time.process_time()
    while time.process_time() - spin < 0.2:   # so that the CPU clock does not start near 0
        pass
    wall0, cpu0 = time.perf_counter(), time.process_time()
    out = ex.run_all(**SEED3, trace_file=str(path))
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    assert list(out["timing"]) == ["setup", "section 4.6", "section 4.7", "Ciw and references", "reader's trace"]
    assert all(w >= 0 and c >= 0 for w, c in out["timing"].values())
    assert sum(w for w, _ in out["timing"].values()) <= wall
    assert sum(c for _, c in out["timing"].values()) <= cpu + 1e-9
    adv = an.cumulative(out["traces"]["adv"].sizes)
    assert out["adv_long"]["b_cbr_uncapped"] == an.cbr_buffer(adv, 5, cap=False) > an.cbr_buffer(adv, 5)
    mtv = an.cumulative(out["traces"]["mtv"].sizes)
    highs, lows = an.pdcbr_grid(4, 0.02, 0.2)
    kw = dict(m=1, pcbr_step=0.01, lows=lows)
    row = ex.section46(mtv, [10], highs=highs, cap=True, **kw).iloc[0]
    assert pd.Series(out["mtv_p10"]).equals(row)
    assert math.isnan(row["r_high"])
    assert not math.isnan(ex.section46(mtv, [10], highs=None, cap=True, **kw).iloc[0]["r_high"])
    assert ex.section46(mtv, [10], highs=highs, cap=False, **kw).iloc[0]["b2"] > row["b2"]
    # Figure 4.16's cap is the table's times the scale (MB of 2^20 bytes): at R_average it is too small for
    # any start-up delay, at 1.05 R_average it is not
    cap = float(ex.load_inputs()["studies"].loc["mtv", "buffer_cap_MB"]) * 0.02 * an.MBYTE
    fixed = out["fixed_rate"]["mtv"]
    pd.testing.assert_frame_equal(fixed, ex.fixed_rate_study(mtv, cap, [1.0, 1.05, 1.1], m=1, lows=lows))
    assert math.isnan(fixed.loc[0, "p_pcbr"]) and fixed.loc[1, "p_pcbr"] > 0


def test_section46_passes_its_low_rate_grid_on():
    """A one-value low-rate grid, R_L = 0.33 R_H, which the thesis's grid (0.05, 0.10, ...) does not hold: at
    P = 4 the least-buffer pair has that ratio; at P = 1 no pair of the grid is feasible."""
    df = ex.section46(LONG, [1, 4], m=1, pcbr_step=0.01, highs=H2, lows=np.array([0.33]), cap=True)
    pd.testing.assert_frame_equal(df, pd.DataFrame(an.compare_schemes(LONG, [1, 4], m=1, pcbr_step=0.01, highs=H2,
                                                                      lows=np.array([0.33]), cap=True)))
    assert math.isnan(df.loc[0, "r_high"]) and math.isnan(df.loc[0, "b_pdcbr"])
    assert df.loc[1, "r_low"] == pytest.approx(0.33 * df.loc[1, "r_high"], rel=1e-12)


def test_load_inputs_returns_every_table_by_its_name():
    """The synthetic-trace table by video and the values table as transcribed, under the names the chapter reads."""
    from mmperf.data import load_table, load_values

    inp = ex.load_inputs()
    assert set(inp) == {"table4_1", "stats", "synthetic", "classes", "studies", "rows", "values"}
    pd.testing.assert_frame_equal(inp["synthetic"], load_table("hsieh", "video_synthetic").set_index("video"))
    assert inp["values"] == load_values("hsieh", "video_values")
