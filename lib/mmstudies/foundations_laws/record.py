"""The chapter's metrics, recorded from :func:`mmstudies.foundations_laws.experiments.compute` (the notebook
passes its :class:`mmbook.chapter.Chapter`, the audit a :class:`mmperf.checktable.Recorder`)."""

from __future__ import annotations

from typing import Any


def metrics(ch, r: dict[str, Any], paper: dict[str, float]) -> None:
    """Record every number the chapter states from the result ``r`` of ``compute``."""
    ch.metric("serial_eq1_mbps", r["eq1_mbps"], unit="Mbit/s")
    ch.metric("serial_eq2_mbps", r["eq2_mbps"], unit="Mbit/s")
    ch.metric("mva1_mbps", float(r["bounds"]["mva"].iloc[0]), unit="Mbit/s")
    ch.metric("mva_mbps", r["mva_mbps"], unit="Mbit/s")
    ch.metric("asym_high_mbps", r["asym_high_mbps"], unit="Mbit/s")
    ch.metric("bottleneck_mbps", r["bottleneck_mbps"], unit="Mbit/s")
    ch.metric("knee_frames", r["knee_frames"], unit="frames")
    ch.metric("measured_mbps", paper["mbps_single_copy_256kb"], unit="Mbit/s")
    ch.metric("measured_shm_mbps", paper["mbps_single_copy_256kb_shm"], unit="Mbit/s")
    ch.metric("measured_fps", paper["fps_single_copy_256kb"], unit="frames/s")
    for stage, u in zip(("na", "ax", "xf"), r["utilisations_measured"], strict=True):
        ch.metric(f"u_{stage}_pct", 100 * u, unit="%")
    m = r["measurement"]
    ch.metric("sim_wait_mean", m["mean"], unit="service times")
    ch.metric("sim_wait_half", m["half"], unit="service times")
    ch.metric("sim_wait_all_mean", m["mean_all"], unit="service times")
    ch.metric("sim_wait_all_half", m["half_all"], unit="service times")
    ch.metric("theory_wait", m["theory"], unit="service times")
    ch.metric("warmup_customers", m["cut"], unit="customers")
    ch.metric("replications_needed", r["replications_needed"])
    c = r["claypool"]
    for fit in ("ols", "wls"):
        ch.metric(f"{fit}_slope", c[fit]["b1"])
        ch.metric(f"{fit}_slope_se", c[fit]["se_b1"])
        ch.metric(f"{fit}_intercept", c[fit]["b0"], unit="s")
    ch.metric("wls_tightest_resid", c["tightest_resid_wls"], unit="s")
    q = r["factorial"].set_index("effect")
    ch.metric("factorial_mean_fps", q.loc["I", "q"], unit="frames/s")
    for name, key in (("video", "video"), ("shm", "shm"), ("interaction", "video shm")):
        ch.metric(f"{name}_effect_fps", q.loc[key, "q"], unit="frames/s")
        ch.metric(f"{name}_fraction_pct", 100 * q.loc[key, "fraction"], unit="%")
