"""The chapter's computations, recorded into its :class:`mmbook.chapter.Chapter` (metrics, warnings).

Each function takes the chapter record ``ch`` and what it needs, records metrics (``ch.metric``),
metrics that cannot be computed at these parameters (``ch.undefined``) and instabilities
(``ch.warn``), and returns the tables the chapter shows. Nothing here draws or writes prose.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from mmstudies.zeadally import analytic as a


def _key(name: str) -> str:
    return name.lower().replace("+", "_").replace("-", "_")


def setting(ch, P: dict[str, float], testbed: dict[str, Any], networks: pd.DataFrame,
            points: pd.DataFrame) -> dict[str, float]:
    """Testbed, line codes, raw throughputs (Figures 4-5 as the text gives them)."""
    for name, key in (("tb_cpu_mhz", "cpu_clock"), ("tb_memory_mb", "main_memory"),
                      ("tb_vram_mb", "afterburner_vram"), ("tb_sgc_mbps", "sgc_bus_peak"),
                      ("tb_cpu_io_mbps", "cpu_memory_io_ceiling")):
        ch.metric(name, testbed[key].value)
    exact = a.frame_bits(P["frame_width"], P["frame_height"], P["frame_bpp"])
    ch.metric("frame_bits_exact", exact, unit="bit")
    ch.metric("frame_mbit_exact", exact / 1e6, unit="Mbit")
    nets = networks.set_index("network")
    for net, r in nets.iterrows():
        key = net.lower()
        coded = ch.metric(f"nominal_{key}_mbps", r["signalling_Mbaud"] * r["coding_efficiency"], unit="Mbit/s")
        ch.metric(f"raw_{key}_mbps", r["raw_two_copy_32kb_Mbit_s"], unit="Mbit/s")
        ch.metric(f"raw_share_{key}_pct", 100 * r["raw_two_copy_32kb_Mbit_s"] / coded, unit="%")
    fig5 = points[points["figure"] == "Figure 5"].set_index("socket_buffer_KB")
    ch.metric("single_copy_32kb_mbps", fig5.loc[32.0, "throughput_Mbit_s"], unit="Mbit/s")
    ch.metric("single_copy_256kb_mbps", fig5.loc[256.0, "throughput_Mbit_s"], unit="Mbit/s")
    return {"exact_bits": float(exact)}


def table1(ch, t1: pd.DataFrame, frame_bits: float) -> pd.DataFrame:
    """Table 1 with the throughput recomputed from the frame rate (and this run's frame size)."""
    out = t1.copy()
    out["recomputed"] = [a.throughput_mbps(f, frame_bits) for f in out["frame_rate_fps"]]
    for _, r in out.iterrows():
        ch.metric(f"t1_{r['network'].lower()}_mbps", r["recomputed"], unit="Mbit/s")
    return out.rename(columns={"frame_rate_fps": "frame rate", "throughput_Mbit_s": "throughput (paper)",
                               "recomputed": "throughput (this run)"})


def equations(ch, p: dict[str, Any], P: dict[str, float], exact_bits: float) -> pd.DataFrame:
    """Eq. 1 and Eq. 2 at this run's stage throughputs, and Eq. 1/2 on every measured configuration.

    The unmodelled time per frame ``t0`` (measured frame time minus the model's) is an overhead
    only when it is positive. A negative ``t0`` means the model is *slower* than the measurement:
    it is warned about and recorded as undefined, never reported as an overhead.
    """
    fb = p["frame_bits"]
    eq1 = ch.metric("eq1_mbps", a.eq1_throughput(p["z_na_mbps"], p["z_ax_mbps"], p["z_xf_mbps"]), unit="Mbit/s")
    eq2 = ch.metric("eq2_mbps", a.eq2_throughput(p["z_na_mbps"], p["z_xf_mbps"]), unit="Mbit/s")
    ch.metric("eq1_fps", a.frame_rate(eq1, fb), unit="frames/s")
    ch.metric("eq2_fps", a.frame_rate(eq2, fb), unit="frames/s")
    meas1 = ch.metric("measured_no_shm_mbps", a.throughput_mbps(P["fps_single_copy_256kb"], fb), unit="Mbit/s")
    meas2 = ch.metric("measured_shm_mbps", a.throughput_mbps(P["fps_single_copy_256kb_shm"], fb), unit="Mbit/s")
    ch.metric("measured_no_shm_exact_mbps", a.throughput_mbps(P["fps_single_copy_256kb"], exact_bits))
    ch.metric("measured_shm_exact_mbps", a.throughput_mbps(P["fps_single_copy_256kb_shm"], exact_bits))
    ch.metric("gap_eq1_mbps", eq1 - meas1, unit="Mbit/s")
    ch.metric("gap_eq2_mbps", eq2 - meas2, unit="Mbit/s")
    ch.metric("headline_model_mbps", eq2 if p["use_shm"] else eq1, unit="Mbit/s")
    for name in ("z_na", "z_ax", "z_xf"):
        ch.metric(f"{name}_used", p[f"{name}_mbps"], unit="Mbit/s")

    mvm = a.model_vs_measured(a.measured_configurations(), p["z_ax_mbps"], p["z_xf_mbps"],
                              z_na_single_copy_mbps=p["z_na_mbps"], frame_bits=fb)
    by = mvm.set_index("config")
    for net in ("Ethernet", "FDDI", "Jetstream"):
        row = by.loc[f"{net}, two-copy, 32 KB"]
        key = {"Ethernet": "eth", "FDDI": "fddi", "Jetstream": "jet2"}[net]
        ch.metric(f"eq1_{key}_mbps", row["predicted_mbps"], unit="Mbit/s")
        ch.metric(f"eq1_{key}_ratio", row["ratio"])
        ch.metric(f"eq1_{key}_over_pct", 100 * (row["ratio"] - 1), unit="%")
    overheads = {"t0_no_shm_ms": "Jetstream, single-copy, 256 KB",
                 "t0_shm_ms": "Jetstream, single-copy, 256 KB, X SHM",
                 "t0_jet2_ms": "Jetstream, two-copy, 32 KB",
                 "t0_eth_ms": "Ethernet, two-copy, 32 KB"}
    for name, config in overheads.items():
        t0 = float(by.loc[config, "t0_ms"])
        if t0 >= 0:
            ch.metric(name, t0, unit="ms")
        else:
            ch.warn(f"negative per-frame overhead ({config})",
                    f"the model's frame time exceeds the measured one by {-t0:.2f} ms: with these stage "
                    "throughputs the model is slower than the measurement, so the difference is no overhead")
            ch.undefined(name, f"the model is slower than the measurement ({config}): no overhead is left to explain")
    positive = [v for k, v in ch.metrics.items() if k in overheads]
    if positive:
        ch.metric("t0_min_ms", min(positive), unit="ms")
        ch.metric("t0_max_ms", max(positive), unit="ms")
    else:
        ch.undefined("t0_min_ms", "no configuration leaves a positive per-frame overhead")
        ch.undefined("t0_max_ms", "no configuration leaves a positive per-frame overhead")
    # the model's error on the configurations it describes (FDDI excluded: see the chapter)
    fit_rows = mvm[~mvm["config"].str.startswith("FDDI")]
    ch.metric("model_error_pct", 100 * float((fit_rows["ratio"] - 1).abs().max()), unit="%")
    return mvm


def figure6(ch, p: dict[str, Any], networks: pd.DataFrame, points: pd.DataFrame) -> dict[tuple[str, str], float]:
    """Eq. 1/2 at the small (32 KB) socket buffer: two-copy (paper's 90) and single-copy (derived) Z_NA."""
    fig5 = points[points["figure"] == "Figure 5"].set_index("socket_buffer_KB")
    z_single = float(fig5.loc[32.0, "throughput_Mbit_s"])
    z_two = float(networks.set_index("network").loc["Jetstream", "raw_two_copy_32kb_Mbit_s"])
    model6 = {
        ("two-copy", "SHM"): a.eq2_throughput(z_two, p["z_xf_mbps"]),
        ("two-copy", "no SHM"): a.eq1_throughput(z_two, p["z_ax_mbps"], p["z_xf_mbps"]),
        ("single-copy", "no SHM"): a.eq1_throughput(z_single, p["z_ax_mbps"], p["z_xf_mbps"]),
        ("single-copy", "SHM"): a.eq2_throughput(z_single, p["z_xf_mbps"]),
    }
    ch.metric("fig6_two_shm", model6[("two-copy", "SHM")], unit="Mbit/s")
    ch.metric("fig6_one_noshm", model6[("single-copy", "no SHM")], unit="Mbit/s")
    ch.metric("fig6_one_shm", model6[("single-copy", "SHM")], unit="Mbit/s")
    margin = ch.metric("fig6_margin", model6[("two-copy", "SHM")] - model6[("single-copy", "no SHM")],
                       unit="Mbit/s")
    ch.metric("fig6_margin_pct", 100 * margin / model6[("single-copy", "no SHM")], unit="%")
    return model6


def staircase(ch, table1_raw: pd.DataFrame) -> None:
    """The final throughput as a multiple of each unoptimised Table 1 result (Section 7)."""
    final = ch.metrics["measured_shm_mbps"]
    for net, mbps in zip(table1_raw["network"], table1_raw["throughput_Mbit_s"], strict=True):
        ch.metric(f"ratio_{net.lower()}", final / mbps)


def regression(ch, reg: dict[str, Any], frame_bits: float, z_xf_mbps: float) -> pd.DataFrame:
    """The cost regression's coefficients and what they imply; returns the coefficient table."""
    fit, fit_all, loo = reg["fit"], reg["fit_all"], reg["loo"]
    c, ca = fit["coefficients"], fit_all["coefficients"]
    ch.metric("reg_n", fit["n"])
    ch.metric("reg_df_resid", fit["df_resid"])
    b0 = ch.metric("reg_b0_ms", c.loc["const", "coef"], unit="ms")
    ch.metric("reg_b0_ci_ms", c.loc["const", "ci_half_width"], unit="ms")
    ch.metric("reg_b1", c.loc["na_ms", "coef"])
    ch.metric("reg_b1_ci", c.loc["na_ms", "ci_half_width"])
    b2 = ch.metric("reg_b2_ms", c.loc["no_shm", "coef"], unit="ms")
    ch.metric("reg_b2_ci_ms", c.loc["no_shm", "ci_half_width"], unit="ms")
    ch.metric("reg_all_b1", ca.loc["na_ms", "coef"])
    ch.metric("reg_all_b2_ms", ca.loc["no_shm", "coef"], unit="ms")
    ch.metric("xf_frame_ms", a.frame_time_ms(z_xf_mbps, frame_bits), unit="ms")
    from mmstudies.zeadally.costfit import implied_stage_rates

    implied = implied_stage_rates(b0, b2, frame_bits)
    for name, label in (("z_xf_mbps", "intercept"), ("z_ax_mbps", "no-SHM step")):
        metric = f"reg_{name.replace('_mbps', '')}_implied"
        if implied[name] == implied[name]:
            ch.metric(metric, implied[name], unit="Mbit/s")
        else:
            ch.warn(f"regression {label} not positive", f"the fitted {label} is not positive, so it implies no "
                    "stage throughput")
            ch.undefined(metric, f"the fitted {label} is not positive")
    ok = loo["predicted"].notna()
    ch.metric("reg_loo_undetermined", int((~ok).sum()))
    if ok.any():
        ch.metric("reg_loo_max_err_pct", 100 * float((loo.loc[ok, "error"].abs() / loo.loc[ok, "observed"]).max()),
                  unit="%")
    else:
        ch.undefined("reg_loo_max_err_pct", "no point can be left out without leaving the fit undetermined")
    names = {"const": "β0 fixed (ms)", "na_ms": "β1 network-stage weight", "no_shm": "β2 no-SHM step (ms)"}
    rows = []
    for label, f in (("without FDDI", fit), ("all points", fit_all)):
        for k, r in f["coefficients"].iterrows():
            rows.append({"fit": f"{label} (n = {f['n']})", "coefficient": names[k], "estimate": r["coef"],
                         "95 % CI low": r["ci_low"], "95 % CI high": r["ci_high"]})
    return pd.DataFrame(rows)


def simulation(ch, p: dict[str, Any], sims: dict[str, dict[str, float]], sweep: pd.DataFrame,
               rates_sel: list[float]) -> None:
    """Ciw results of the serial and pipelined data path."""
    ch.metric("sim_frames_used", p["sim_frames"])
    ch.metric("replications_used", p["replications"])
    ch.metric("seed_used", p["seed"])
    ch.metric("service_cv_used", p["service_cv"])
    for name, s in sims.items():
        ch.metric(f"ciw_{name}_mbps", s["mean"], unit="Mbit/s")
        ch.metric(f"ciw_{name}_ci_mbps", s["ci_half_width"], unit="Mbit/s")
    pip = ch.metric("pipelined_analytic_mbps", a.pipelined_throughput(rates_sel), unit="Mbit/s")
    ch.metric("pipelined_analytic_fps", a.frame_rate(pip, p["frame_bits"]), unit="frames/s")
    ch.metric("serial_selected_analytic_mbps", a.serial_throughput(rates_sel), unit="Mbit/s")
    ch.metric("pipelined_speedup", sims["pipelined"]["mean"] / sims["serial"]["mean"])
    cv1 = sweep[(sweep["service_cv"] == 1.0) & (sweep["mode"] == "pipelined")].iloc[0]
    ch.metric("pipelined_cv1_mbps", cv1["mbps"], unit="Mbit/s")
    ch.metric("pipelined_cv1_ci_mbps", cv1["ci_half_width"], unit="Mbit/s")
    ch.metric("pipelined_cv1_loss_pct", 100 * (1 - cv1["mbps"] / pip), unit="%")
    ch.glue("config_simulated", "Eq. 2 (with X shared memory)" if p["use_shm"] else "Eq. 1 (no X shared memory)")


def table2(ch, t2: pd.DataFrame, ps: pd.DataFrame, P: dict[str, float], deadline_ms: float) -> None:
    """Arithmetic on Table 2 and the processor-sharing model's results."""
    for k, v in a.table2_checks(t2).items():
        ch.metric(f"t2_{k}", v)
    ch.metric("video_deadline_ms", deadline_ms, unit="ms")
    ch.metric("video_uncompressed_mbps", P["video_width"] * P["video_height"] * P["video_bpp"] * P["video_fps"] / 1e6,
              unit="Mbit/s")
    for cfg, r in ps.iterrows():
        if pd.notna(r["graphics_fps"]):
            ch.metric(f"ps_{_key(cfg)}_graphics_fps", r["graphics_fps"], unit="frames/s")
        if pd.notna(r["video_dropped_pct"]):
            ch.metric(f"ps_{_key(cfg)}_video_dropped_pct", r["video_dropped_pct"], unit="%")


#: the coverage of every numbered table and figure of the paper (and the model's equations): item,
#: category, how the chapter regenerates it, and a note where part of it is not reproducible
COVERAGE: tuple[tuple[str, ...], ...] = (
    ('Table 1', 'computed from transcribed data', 'data/zeadally/table1.csv re-rendered; throughput recomputed from frame rate x frame_bits'),
    ('Table 2', 'computed from transcribed data', 'data/zeadally/table2.csv re-rendered and drawn; additive-demand arithmetic', 'the combined columns are also set against a qualitative processor-sharing model'),
    ('Figure 1', 'redrawn schematic', 'boxes and arrows from the caption'),
    ('Figure 2', 'redrawn schematic', "block diagram from the caption and Sections 3-4, paths A-C annotated with this run's Z values"),
    ('Figure 3', 'redrawn schematic', 'layered-stack diagram from the caption and Section 4'),
    ('Figure 4', 'computed from transcribed data', 'bar chart of the three maxima the text states, beside the nominal rates', 'the curves are not reproducible: the image and its axes are absent from the seed'),
    ('Figure 5', 'reconstructed under a labelled assumption', 'bars: two-copy at 32 KB and single-copy at 256 KB (paper), single-copy at 32 KB from the 56 % claim (derived, assumed baseline)', 'curves not reproducible'),
    ('Figure 6', 'reconstructed under a labelled assumption', 'the three stated points (paper) and Eq. 1/2 at 32 KB (model points)', 'curves and the 48 KB points are not reproducible'),
    ('Figure 7', 'computed from transcribed data', 'data/zeadally/figure7.csv drawn as a level-by-level bar chart'),
    ('Figure 8', 'redrawn schematic', 'block diagram from the caption and Section 7'),
    ('Eq. 1 / Eq. 2', 'computed from the model', 'mmstudies.zeadally.analytic, applied to every measured configuration, and the serial Ciw data path'),
)


def add_coverage(ch) -> None:
    """Record :data:`COVERAGE` in the chapter's coverage table, in the paper's order."""
    for item in COVERAGE:
        ch.coverage.add(*item)
