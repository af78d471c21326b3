"""The Zeadally chapter's computations as recorded into a Chapter (zeadally.record): metric names and values
computed by hand from the transcribed data, warnings and undefined metrics where the model is slower than the
measurement, and the tables returned.

Data used (data/zeadally): networks Ethernet 20 Mbaud x 0.5 (raw 9.6), FDDI 125 x 0.8 (raw 74), Jetstream
1000 x 0.8 (raw 90); Table 1 4, 11, 22 frames/s = 8.4, 23.1, 46.2 Mbit/s; Figure 5 single-copy 140.4 (32 KB)
and 200 (256 KB) Mbit/s; the paper's 33 and 50 frames/s; frames of 512 x 512 x 8 bit; the chapter's defaults
Z = 200 / 240 / 230 Mbit/s and 2.1e6 bit per frame.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mmbook.chapter import Chapter
from mmperf.data import load_table, load_values
from mmstudies.zeadally import analytic as a
from mmstudies.zeadally import record

P = {k: float(v.value) for k, v in load_values("zeadally", "parameters").items()}


def _par(*stages):
    """1 / (sum of 1/Z): the serial sum by hand."""
    return 1.0 / sum(1.0 / z for z in stages)


@pytest.fixture
def make(tmp_path):
    def make(**parameters):
        return Chapter("zeadally", parameters, tmp_path / "out")
    return make


@pytest.fixture(scope="module")
def tables():
    t = {n: load_table("zeadally", n) for n in ("table1", "table2", "networks")}
    t["points"] = load_table("zeadally", "figure_points")
    return t


# ----------------------------------------------------------------------------- setting
def test_setting_records_testbed_line_codes_and_raw_rates(make, tables):
    ch = make()
    out = record.setting(ch, P, load_values("zeadally", "testbed"), tables["networks"], tables["points"])
    assert out == {"exact_bits": 2_097_152.0}  # 512 x 512 x 8
    m = ch.metrics
    assert [m[k] for k in ("tb_cpu_mhz", "tb_memory_mb", "tb_vram_mb", "tb_sgc_mbps", "tb_cpu_io_mbps")] == [
        99.0, 128.0, 1.0, 1000.0, 400.0]
    assert (m["frame_bits_exact"], m["frame_mbit_exact"]) == (2_097_152.0, 2.097152)
    # nominal = Mbaud x coding efficiency; share = raw / nominal
    assert (m["nominal_ethernet_mbps"], m["raw_ethernet_mbps"], m["raw_share_ethernet_pct"]) == pytest.approx(
        (10.0, 9.6, 96.0))
    assert (m["nominal_fddi_mbps"], m["raw_fddi_mbps"], m["raw_share_fddi_pct"]) == pytest.approx((100.0, 74.0, 74.0))
    assert (m["nominal_jetstream_mbps"], m["raw_jetstream_mbps"], m["raw_share_jetstream_pct"]) == pytest.approx(
        (800.0, 90.0, 11.25))
    assert (m["single_copy_32kb_mbps"], m["single_copy_256kb_mbps"]) == (140.4, 200.0)
    assert ch.units["frame_bits_exact"] == "bit" and ch.units["raw_share_fddi_pct"] == "%"


def test_setting_names_metrics_after_any_network(make, tables):
    """A made-up network 'Token' at 16 Mbaud x 0.8 with raw 6.4: nominal 12.8, share 50 %."""
    nets = pd.DataFrame({"network": ["Token"], "signalling_Mbaud": [16.0], "coding_efficiency": [0.8],
                         "raw_two_copy_32kb_Mbit_s": [6.4]})
    ch = make()
    record.setting(ch, P, load_values("zeadally", "testbed"), nets, tables["points"])
    assert ch.metrics["nominal_token_mbps"] == pytest.approx(12.8)
    assert ch.metrics["raw_share_token_pct"] == pytest.approx(50.0)
    assert "nominal_ethernet_mbps" not in ch.metrics


# ----------------------------------------------------------------------------- table 1
def test_table1_recomputes_throughput_at_this_runs_frame_size(make, tables):
    """At 2.1e6 bit per frame: 4, 11, 22 frames/s -> 8.4, 23.1, 46.2 Mbit/s (the paper's own numbers); at the
    exact 2,097,152 bit 4 frames/s are 8.388608 Mbit/s."""
    ch = make()
    out = record.table1(ch, tables["table1"], 2.1e6)
    assert list(out.columns) == ["network", "frame rate", "throughput (paper)", "throughput (this run)"]
    assert out["throughput (this run)"].tolist() == pytest.approx([8.4, 23.1, 46.2])
    assert out["throughput (this run)"].tolist() == pytest.approx(out["throughput (paper)"].tolist())
    assert (ch.metrics["t1_ethernet_mbps"], ch.metrics["t1_fddi_mbps"], ch.metrics["t1_jetstream_mbps"]) == \
        pytest.approx((8.4, 23.1, 46.2))
    record.table1(ch, tables["table1"], 2_097_152)
    assert ch.metrics["t1_ethernet_mbps"] == pytest.approx(8.388608, abs=1e-12)
    assert "frame_rate_fps" in tables["table1"].columns  # the input is not renamed in place


# ----------------------------------------------------------------------------- equations
def test_equations_at_the_papers_stage_throughputs(make):
    """Eq. 1 = 27600 / 373 = 73.9946, Eq. 2 = 200 x 230 / 430 = 106.9767 Mbit/s; measured 33 x 2.1 = 69.3 and
    50 x 2.1 = 105 Mbit/s; gaps 4.6946 and 1.9767."""
    ch = make()
    p = ch.parameters
    mvm = record.equations(ch, p, P, 2_097_152.0)
    m = ch.metrics
    eq1, eq2 = 27600 / 373, 200 * 230 / 430
    assert (m["eq1_mbps"], m["eq2_mbps"]) == pytest.approx((eq1, eq2), rel=1e-12)
    assert (m["eq1_fps"], m["eq2_fps"]) == pytest.approx((eq1 / 2.1, eq2 / 2.1), rel=1e-12)
    assert (m["measured_no_shm_mbps"], m["measured_shm_mbps"]) == pytest.approx((69.3, 105.0), rel=1e-12)
    assert (m["measured_no_shm_exact_mbps"], m["measured_shm_exact_mbps"]) == pytest.approx(
        (33 * 2.097152, 50 * 2.097152), rel=1e-12)
    assert (m["gap_eq1_mbps"], m["gap_eq2_mbps"]) == pytest.approx((eq1 - 69.3, eq2 - 105.0), rel=1e-9)
    assert m["headline_model_mbps"] == pytest.approx(eq1)  # use_shm is false by default
    assert (m["z_na_used"], m["z_ax_used"], m["z_xf_used"]) == (200.0, 240.0, 230.0)
    assert len(mvm) == 5 and ch.warnings == [] and ch.undefined_metrics == {}


def test_equations_on_the_two_copy_runs(make):
    """Eq. 1 with Z_NA = each network's raw two-copy rate: Ethernet 1/(1/9.6 + 1/240 + 1/230) = 5520 / 622 =
    8.8746 against 8.4 (ratio 1.0565, 5.65 % over); FDDI against 23.1; Jetstream against 46.2."""
    ch = make()
    record.equations(ch, ch.parameters, P, 2_097_152.0)
    m = ch.metrics
    for key, raw, measured in (("eth", 9.6, 8.4), ("fddi", 74.0, 23.1), ("jet2", 90.0, 46.2)):
        r = _par(raw, 240, 230)
        assert m[f"eq1_{key}_mbps"] == pytest.approx(r, rel=1e-12)
        assert m[f"eq1_{key}_ratio"] == pytest.approx(r / measured, rel=1e-12)
        assert m[f"eq1_{key}_over_pct"] == pytest.approx(100 * (r / measured - 1), rel=1e-9)
    assert m["eq1_eth_mbps"] == pytest.approx(5520 / 622, rel=1e-12)
    assert m["eq1_eth_over_pct"] == pytest.approx(5.650, abs=1e-3)


def test_equations_per_frame_overheads(make):
    """t0 = measured frame time - model frame time (frame of 2.1 Mbit, so 2100 / R ms):
    no SHM 1000/33 - 2100 x 373/27600 = 30.30303 - 28.38043 = 1.92260 ms; SHM 20 - 2100 x 430/46000 = 0.36957;
    two-copy Jetstream 1000/22 - 2100 (1/90 + 1/240 + 1/230); Ethernet 250 - 2100 x 622/5520 = 13.36957."""
    ch = make()
    record.equations(ch, ch.parameters, P, 2_097_152.0)
    m = ch.metrics
    t0 = {"t0_no_shm_ms": 1000 / 33 - 2100 * 373 / 27600, "t0_shm_ms": 20 - 2100 * 430 / 46000,
          "t0_jet2_ms": 1000 / 22 - 2100 * (1 / 90 + 1 / 240 + 1 / 230), "t0_eth_ms": 250 - 2100 * 622 / 5520}
    for k, v in t0.items():
        assert m[k] == pytest.approx(v, rel=1e-9), k
        assert ch.units[k] == "ms"
    assert m["t0_no_shm_ms"] == pytest.approx(1.92260, abs=1e-5)
    assert (m["t0_min_ms"], m["t0_max_ms"]) == pytest.approx((t0["t0_shm_ms"], t0["t0_eth_ms"]))


def test_model_error_leaves_fddi_out(make):
    """Largest |ratio - 1| without FDDI: Ethernet 5.65 %, Jetstream two-copy 50.954 / 46.2 - 1 = 10.29 %,
    single-copy 73.995 / 69.3 - 1 = 6.77 %, with SHM 106.977 / 105 - 1 = 1.88 %: Jetstream's. FDDI's 96.5 %
    would otherwise win."""
    ch = make()
    record.equations(ch, ch.parameters, P, 2_097_152.0)
    assert ch.metrics["model_error_pct"] == pytest.approx(100 * (_par(90, 240, 230) / 46.2 - 1), rel=1e-9)
    assert ch.metrics["model_error_pct"] == pytest.approx(10.29, abs=0.01)
    assert ch.metrics["eq1_fddi_over_pct"] > ch.metrics["model_error_pct"]


def test_headline_follows_use_shm(make):
    ch = make(use_shm=True)
    record.equations(ch, ch.parameters, P, 2_097_152.0)
    assert ch.metrics["headline_model_mbps"] == pytest.approx(200 * 230 / 430)


def test_a_model_slower_than_the_measurement_is_warned_and_undefined(make):
    """Z = 150 / 240 / 300: Eq. 2 = 150 x 300 / 450 = 100 Mbit/s, 21 ms per 2.1-Mbit frame against the measured
    20 ms: t0 = -1 ms exactly, so 'by 1.00 ms' and no t0_shm_ms. Eq. 1 = 1200 / 17 = 70.59 > 69.3: t0_no_shm =
    1000/33 - 2100 x 17/1200 = 30.303 - 29.75 = 0.553 ms stays."""
    ch = make(z_na_mbps=150.0, z_xf_mbps=300.0)
    record.equations(ch, ch.parameters, P, 2_097_152.0)
    assert "t0_shm_ms" not in ch.metrics
    assert ch.undefined_metrics["t0_shm_ms"] == ("the model is slower than the measurement (Jetstream, single-copy, "
                                                 "256 KB, X SHM): no overhead is left to explain")
    assert ch.warnings == [{"what": "negative per-frame overhead (Jetstream, single-copy, 256 KB, X SHM)",
                            "why": "the model's frame time exceeds the measured one by 1.00 ms: with these stage "
                                   "throughputs the model is slower than the measurement, so the difference is no "
                                   "overhead"}]
    assert ch.metrics["t0_no_shm_ms"] == pytest.approx(1000 / 33 - 29.75, rel=1e-9)
    assert ch.metrics["t0_min_ms"] == pytest.approx(1000 / 33 - 29.75, rel=1e-9)  # the undefined one is left out


def test_no_positive_overhead_leaves_min_and_max_undefined(make):
    """Z_AX = Z_XF = 1 Mbit/s: every model frame takes more than 1 s, slower than every measurement."""
    ch = make(z_ax_mbps=1.0, z_xf_mbps=1.0)
    record.equations(ch, ch.parameters, P, 2_097_152.0)
    assert set(ch.undefined_metrics) == {"t0_no_shm_ms", "t0_shm_ms", "t0_jet2_ms", "t0_eth_ms", "t0_min_ms",
                                         "t0_max_ms"}
    assert ch.undefined_metrics["t0_min_ms"] == "no configuration leaves a positive per-frame overhead"
    assert len(ch.warnings) == 4


# ----------------------------------------------------------------------------- figure 6 and staircase
def test_figure6_at_the_small_socket_buffer(make, tables):
    """Two-copy Z_NA = 90 (Jetstream raw), single-copy 140.4 (Figure 5 at 32 KB):
    two-copy + SHM = 90 x 230 / 320 = 64.6875; single-copy no SHM = 1/(1/140.4 + 1/240 + 1/230) = 63.95;
    margin 0.7366 Mbit/s = 1.152 % of 63.95."""
    ch = make()
    model6 = record.figure6(ch, ch.parameters, tables["networks"], tables["points"])
    two_shm, one_noshm = 90 * 230 / 320, _par(140.4, 240, 230)
    assert model6[("two-copy", "SHM")] == pytest.approx(64.6875, rel=1e-12)
    assert model6[("two-copy", "no SHM")] == pytest.approx(_par(90, 240, 230), rel=1e-12)
    assert model6[("single-copy", "no SHM")] == pytest.approx(one_noshm, rel=1e-12)
    assert model6[("single-copy", "SHM")] == pytest.approx(140.4 * 230 / 370.4, rel=1e-12)
    m = ch.metrics
    assert (m["fig6_two_shm"], m["fig6_one_noshm"], m["fig6_one_shm"]) == pytest.approx(
        (two_shm, one_noshm, 140.4 * 230 / 370.4), rel=1e-12)
    assert m["fig6_margin"] == pytest.approx(two_shm - one_noshm, rel=1e-9)
    assert m["fig6_margin"] == pytest.approx(0.7366, abs=1e-4)
    assert m["fig6_margin_pct"] == pytest.approx(100 * (two_shm - one_noshm) / one_noshm, rel=1e-9)


def test_figure6_ordering_flips_with_a_fast_ipc_stage(make, tables):
    """Z_AX = 4000: single-copy no SHM = 1/(1/140.4 + 1/4000 + 1/230) = 85.31 > 64.69: negative margin."""
    ch = make(z_ax_mbps=4000.0)
    record.figure6(ch, ch.parameters, tables["networks"], tables["points"])
    assert ch.metrics["fig6_margin"] == pytest.approx(64.6875 - _par(140.4, 4000, 230), rel=1e-9)
    assert ch.metrics["fig6_margin"] < 0


def test_staircase_divides_the_final_throughput_by_each_table1_result(make, tables):
    """105 / 8.4 = 12.5, 105 / 23.1 = 4.545, 105 / 46.2 = 2.273."""
    ch = make()
    ch.metric("measured_shm_mbps", 105.0)
    record.staircase(ch, tables["table1"])
    assert ch.metrics["ratio_ethernet"] == pytest.approx(12.5, rel=1e-12)
    assert ch.metrics["ratio_fddi"] == pytest.approx(105 / 23.1, rel=1e-12)
    assert ch.metrics["ratio_jetstream"] == pytest.approx(105 / 46.2, rel=1e-12)


def test_staircase_needs_the_equations_first(make, tables):
    with pytest.raises(KeyError, match="measured_shm_mbps"):
        record.staircase(make(), tables["table1"])


# ----------------------------------------------------------------------------- regression
def _coefs(b0, b1, b2, half=(1.0, 0.1, 2.0)):
    c = pd.DataFrame({"coef": [b0, b1, b2], "ci_half_width": list(half)}, index=["const", "na_ms", "no_shm"])
    c["ci_low"], c["ci_high"] = c["coef"] - c["ci_half_width"], c["coef"] + c["ci_half_width"]
    return c


def _reg(b0=10.0, b2=21.0, predicted=(21.0, 37.0, np.nan)):
    loo = pd.DataFrame({"observed": [20.0, 40.0, 50.0], "predicted": list(predicted)})
    loo["error"] = loo["predicted"] - loo["observed"]
    return {"fit": {"coefficients": _coefs(b0, 1.05, b2), "n": 4, "df_resid": 1},
            "fit_all": {"coefficients": _coefs(12.0, 0.9, 30.0), "n": 5, "df_resid": 2}, "loo": loo}


def test_regression_metrics_and_implied_rates(make):
    """A 2.1-Mbit frame in 10 ms is 210 Mbit/s (intercept), in 21 ms 100 Mbit/s (no-SHM step); at Z_XF = 230 a
    frame takes 2100 / 230 = 9.1304 ms. Left out: errors 1/20 = 5 % and 3/40 = 7.5 %; one point undetermined."""
    ch = make()
    table = record.regression(ch, _reg(), 2.1e6, 230.0)
    m = ch.metrics
    assert (m["reg_n"], m["reg_df_resid"]) == (4.0, 1.0)
    assert (m["reg_b0_ms"], m["reg_b0_ci_ms"], m["reg_b1"], m["reg_b1_ci"], m["reg_b2_ms"], m["reg_b2_ci_ms"]) == (
        10.0, 1.0, 1.05, 0.1, 21.0, 2.0)
    assert (m["reg_all_b1"], m["reg_all_b2_ms"]) == (0.9, 30.0)
    assert m["xf_frame_ms"] == pytest.approx(2100 / 230, rel=1e-12)
    assert (m["reg_z_xf_implied"], m["reg_z_ax_implied"]) == pytest.approx((210.0, 100.0), rel=1e-12)
    assert m["reg_loo_undetermined"] == 1.0
    assert m["reg_loo_max_err_pct"] == pytest.approx(7.5, rel=1e-12)
    assert ch.warnings == []
    assert table["fit"].tolist() == ["without FDDI (n = 4)"] * 3 + ["all points (n = 5)"] * 3
    assert table["coefficient"].tolist() == ["β0 fixed (ms)", "β1 network-stage weight", "β2 no-SHM step (ms)"] * 2
    assert table["estimate"].tolist() == [10.0, 1.05, 21.0, 12.0, 0.9, 30.0]
    assert table["95 % CI low"].tolist() == pytest.approx([9.0, 0.95, 19.0, 11.0, 0.8, 28.0])
    assert list(table.columns) == ["fit", "coefficient", "estimate", "95 % CI low", "95 % CI high"]


@pytest.mark.parametrize("b0, b2, undefined, label", [
    (-1.0, 21.0, "reg_z_xf_implied", "intercept"),
    (10.0, 0.0, "reg_z_ax_implied", "no-SHM step"),   # zero is not positive either
])
def test_regression_coefficient_not_positive_implies_no_rate(make, b0, b2, undefined, label):
    ch = make()
    record.regression(ch, _reg(b0=b0, b2=b2), 2.1e6, 230.0)
    assert undefined not in ch.metrics
    assert ch.undefined_metrics[undefined] == f"the fitted {label} is not positive"
    assert ch.warnings == [{"what": f"regression {label} not positive",
                            "why": f"the fitted {label} is not positive, so it implies no stage throughput"}]


def test_regression_with_no_point_that_can_be_left_out(make):
    ch = make()
    record.regression(ch, _reg(predicted=(np.nan, np.nan, np.nan)), 2.1e6, 230.0)
    assert ch.metrics["reg_loo_undetermined"] == 3.0
    assert ch.undefined_metrics["reg_loo_max_err_pct"] == ("no point can be left out without leaving the fit "
                                                           "undetermined")


# ----------------------------------------------------------------------------- simulation
def test_simulation_metrics(make):
    """Rates 200 / 240 / 230: pipelined = min = 200 Mbit/s = 200 / 2.1 = 95.24 frames/s; serial = 27600 / 373;
    speed-up 185 / 74 = 2.5; the CV = 1 pipelined row (150 Mbit/s) is 25 % below 200."""
    ch = make(service_cv=0.5)
    sims = {"serial": {"mean": 74.0, "ci_half_width": 0.2}, "pipelined": {"mean": 185.0, "ci_half_width": 1.5}}
    sweep = pd.DataFrame({"service_cv": [0.5, 1.0, 1.0], "mode": ["pipelined", "serial", "pipelined"],
                          "mbps": [190.0, 70.0, 150.0], "ci_half_width": [1.0, 0.5, 4.0]})
    record.simulation(ch, ch.parameters, sims, sweep, [200.0, 240.0, 230.0])
    m = ch.metrics
    assert (m["sim_frames_used"], m["replications_used"], m["seed_used"], m["service_cv_used"]) == (
        2000.0, 5.0, 1.0, 0.5)
    assert (m["ciw_serial_mbps"], m["ciw_serial_ci_mbps"], m["ciw_pipelined_mbps"], m["ciw_pipelined_ci_mbps"]) == (
        74.0, 0.2, 185.0, 1.5)
    assert m["pipelined_analytic_mbps"] == 200.0
    assert m["pipelined_analytic_fps"] == pytest.approx(200 / 2.1, rel=1e-12)
    assert m["serial_selected_analytic_mbps"] == pytest.approx(27600 / 373, rel=1e-12)
    assert m["pipelined_speedup"] == pytest.approx(2.5, rel=1e-12)
    assert (m["pipelined_cv1_mbps"], m["pipelined_cv1_ci_mbps"]) == (150.0, 4.0)
    assert m["pipelined_cv1_loss_pct"] == pytest.approx(25.0, rel=1e-12)


def test_simulation_without_a_cv1_pipelined_row_fails(make):
    ch = make()
    sims = {"serial": {"mean": 74.0, "ci_half_width": 0.0}, "pipelined": {"mean": 200.0, "ci_half_width": 0.0}}
    sweep = pd.DataFrame({"service_cv": [1.0], "mode": ["serial"], "mbps": [70.0], "ci_half_width": [0.5]})
    with pytest.raises(IndexError):
        record.simulation(ch, ch.parameters, sims, sweep, [200.0, 240.0, 230.0])


# ----------------------------------------------------------------------------- table 2 and exercises
def test_table2_records_arithmetic_and_the_ps_results(make, tables):
    """Uncompressed video 512 x 380 x 24 bit x 30 frames/s = 140.0832 Mbit/s; video alone (42 + 48) % of a second
    over 30 frames = 30 ms per frame; the processor-sharing rows keyed in lower case with '+' and '-' as '_',
    missing values skipped."""
    ps = pd.DataFrame({"graphics_fps": [np.nan, 20.0, 24.5], "video_dropped_pct": [0.0, 50.0, np.nan]},
                      index=["VIDEO", "VIDEO+GRAPHICS", "VIDEO+GRAPHICS-SHARED-M"])
    ch = make()
    record.table2(ch, tables["table2"], ps, P, 1000 / 30)
    m = ch.metrics
    assert m["video_uncompressed_mbps"] == pytest.approx(140.0832, rel=1e-12)
    assert m["video_deadline_ms"] == pytest.approx(1000 / 30)
    assert m["t2_video_cpu_ms_per_frame"] == pytest.approx(30.0, rel=1e-12)
    assert m["t2_measured_busy_pct_no_shm"] == pytest.approx(90.0)  # 34 + 56
    assert {k: v for k, v in m.items() if k.startswith("ps_")} == {
        "ps_video_video_dropped_pct": 0.0, "ps_video_graphics_graphics_fps": 20.0,
        "ps_video_graphics_video_dropped_pct": 50.0, "ps_video_graphics_shared_m_graphics_fps": 24.5}
    assert {k[3:] for k in m if k.startswith("t2_")} == set(a.table2_checks(tables["table2"]))


def test_coverage_lists_every_table_and_figure_of_the_paper_once():
    """The paper has Tables 1-2 and Figures 1-8 (the source text's captions); each is covered once, with a
    category of the book's list, beside the model's equations."""
    from mmperf.checks import COVERAGE_CATEGORIES
    from mmstudies.zeadally import record

    items = [c[0] for c in record.COVERAGE]
    expected = ["Table 1", "Table 2", *(f"Figure {n}" for n in range(1, 9)), "Eq. 1 / Eq. 2"]
    assert sorted(items) == sorted(expected) and len(items) == len(set(items))
    assert all(c[1] in COVERAGE_CATEGORIES for c in record.COVERAGE)
