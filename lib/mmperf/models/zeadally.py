"""Zeadally, Gheorghiu and Levi: the network-to-display data path of a bus-based workstation.

The paper's model (its Eq. 1 and Eq. 2) adds the *inverse* throughputs of the stages a frame
passes through, because one CPU and one memory/system-bus controller carry every stage in turn:

.. math:: 1/R = 1/Z_{NA} + 1/Z_{AX} + 1/Z_{XF}

(network -> application, application -> X server, X server -> frame buffer); the X shared
memory extension removes the middle term (Eq. 2). This module holds

- the equations and their application to every configuration the paper measured,
- a fixed-plus-per-byte regression on the paper's own points (a demonstration, tiny n),
- a Ciw model of the data path: the serial path (one frame in flight, which *is* Eq. 1) and
  the pipelined what-if of a switched architecture (a tandem with blocking, whose throughput
  is ``min Z`` for deterministic stages),
- a clearly qualitative processor-sharing model of the CPU contention of Table 2,
- the chapter's cross-parameter check and the redrawn schematic figures.

Units: throughputs in Mbit/s (10^6 bit/s), frame sizes in bit, times in seconds unless a
name says ``_ms``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import ciw
import numpy as np
import pandas as pd

from mmperf import queueing
from mmperf.data import load_table, load_values
from mmperf.params import ParameterError
from mmperf.regression import fit_ols, leave_one_out

STUDY = "zeadally"

#: The paper converts every frame rate with "almost 2.1 Mbit per frame" (512 x 512 x 8 = 2,097,152 bit).
FRAME_BITS_PAPER = 2.1e6

STAGE_NAMES = {"NA": "network -> application", "AX": "application -> X server",
               "XF": "X server -> frame buffer"}


# ----------------------------------------------------------------------------------------------
# Eq. 1 and Eq. 2
# ----------------------------------------------------------------------------------------------

def stage_rates(z_na_mbps: float, z_ax_mbps: float, z_xf_mbps: float, use_shm: bool = False) -> dict[str, float]:
    """The stages a frame passes through, in order, with their throughputs (Mbit/s).

    With the X shared memory extension the application -> X server copy disappears.

    Examples
    --------
    >>> stage_rates(200, 240, 230)
    {'NA': 200.0, 'AX': 240.0, 'XF': 230.0}
    >>> stage_rates(200, 240, 230, use_shm=True)
    {'NA': 200.0, 'XF': 230.0}
    """
    rates = {"NA": z_na_mbps, "AX": z_ax_mbps, "XF": z_xf_mbps}
    for key, value in rates.items():
        queueing.require_positive(f"Z_{key} (Mbit/s)", value)
    if use_shm:
        del rates["AX"]
    return {k: float(v) for k, v in rates.items()}


def serial_throughput(rates: Sequence[float]) -> float:
    """Throughput of stages done one after another by the same resources: ``1 / sum(1/Z)``.

    Examples
    --------
    >>> round(serial_throughput([200, 240, 230]), 2)
    73.99
    """
    rates = [queueing.require_positive("stage throughput", z) for z in rates]
    if not rates:
        raise ValueError("at least one stage is needed")
    return 1.0 / sum(1.0 / z for z in rates)


def pipelined_throughput(rates: Sequence[float]) -> float:
    """Throughput of the same stages overlapped on independent paths (a switched bus): ``min Z``.

    This is our extrapolation of the paper's Section 7, not a formula the paper writes.

    Examples
    --------
    >>> pipelined_throughput([200, 240, 230])
    200.0
    """
    return float(min(queueing.require_positive("stage throughput", z) for z in rates))


def eq1_throughput(z_na_mbps: float, z_ax_mbps: float, z_xf_mbps: float) -> float:
    """The paper's Eq. 1 (no X shared memory): ``1/R = 1/Z_NA + 1/Z_AX + 1/Z_XF``.

    Examples
    --------
    >>> round(eq1_throughput(200, 240, 230), 3)
    73.995
    """
    return serial_throughput(stage_rates(z_na_mbps, z_ax_mbps, z_xf_mbps).values())


def eq2_throughput(z_na_mbps: float, z_xf_mbps: float) -> float:
    """The paper's Eq. 2 (with X shared memory): ``1/R = 1/Z_NA + 1/Z_XF``.

    Examples
    --------
    >>> round(eq2_throughput(200, 230), 3)
    106.977
    """
    return serial_throughput([z_na_mbps, z_xf_mbps])


def frame_rate(mbps: float, frame_bits: float = FRAME_BITS_PAPER) -> float:
    """Frames per second carried by a throughput of ``mbps`` Mbit/s.

    Examples
    --------
    >>> frame_rate(105.0)
    50.0
    """
    return float(mbps) * 1e6 / queueing.require_positive("frame_bits", frame_bits)


def throughput_mbps(fps: float, frame_bits: float = FRAME_BITS_PAPER) -> float:
    """Throughput (Mbit/s) of ``fps`` frames per second, the paper's conversion.

    Examples
    --------
    >>> round(throughput_mbps(33), 6)
    69.3
    """
    return float(fps) * queueing.require_positive("frame_bits", frame_bits) / 1e6


def frame_bits(width: int, height: int, bits_per_pixel: int) -> int:
    """Size of an uncompressed frame in bit.

    Examples
    --------
    >>> frame_bits(512, 512, 8)
    2097152
    """
    return int(width) * int(height) * int(bits_per_pixel)


# ----------------------------------------------------------------------------------------------
# Every measured configuration, beside the model
# ----------------------------------------------------------------------------------------------

def measured_configurations() -> pd.DataFrame:
    """The five visualisation configurations the paper measured, with the Z_NA we pair them with.

    Table 1 gives three two-copy configurations (32 KB socket buffer); Section 5 gives the two
    single-copy ones (256 KB). The paper applies Eq. 1 only to the single-copy configuration
    with Z_NA = 200 Mbit/s. For Table 1 we pair each network with its two-copy raw TCP
    maximum (Figure 4 text); that pairing is ours (``z_na_source`` says so).

    Examples
    --------
    >>> list(measured_configurations()["config"])[:2]
    ['Ethernet, two-copy, 32 KB', 'FDDI, two-copy, 32 KB']
    """
    table1 = load_table(STUDY, "table1")
    networks = load_table(STUDY, "networks").set_index("network")
    values = load_values(STUDY, "parameters")
    rows = []
    for _, r in table1.iterrows():
        rows.append({"config": f"{r['network']}, two-copy, 32 KB", "network": r["network"],
                     "copy_mode": "two", "shm": False,
                     "z_na_mbps": float(networks.loc[r["network"], "raw_two_copy_32kb_Mbit_s"]),
                     "z_na_source": "raw two-copy maximum (our pairing, derived)",
                     "measured_fps": float(r["frame_rate_fps"]),
                     "measured_mbps": float(r["throughput_Mbit_s"])})
    for shm, fps_key, mbps_key in ((False, "fps_single_copy_256kb", "mbps_single_copy_256kb"),
                                   (True, "fps_single_copy_256kb_shm", "mbps_single_copy_256kb_shm")):
        rows.append({"config": f"Jetstream, single-copy, 256 KB{', X SHM' if shm else ''}",
                     "network": "Jetstream", "copy_mode": "single", "shm": shm,
                     "z_na_mbps": float(values["z_na_single_copy_256kb"]),
                     "z_na_source": "measured stage throughput (paper)",
                     "measured_fps": float(values[fps_key]), "measured_mbps": float(values[mbps_key])})
    return pd.DataFrame(rows)


def model_vs_measured(configs: pd.DataFrame, z_ax_mbps: float, z_xf_mbps: float,
                      z_na_single_copy_mbps: float | None = None,
                      frame_bits: float = FRAME_BITS_PAPER) -> pd.DataFrame:
    """Apply Eq. 1 (or Eq. 2 where X SHM is used) to every configuration.

    ``z_na_single_copy_mbps`` replaces the paper's 200 Mbit/s for the single-copy rows (the
    chapter's ``z_na_mbps`` parameter). Adds the predicted throughput and frame rate, the
    ratio predicted/measured and ``t0_ms``, the measured frame time minus the model's (the
    fixed per-frame overhead the model leaves out).

    Examples
    --------
    >>> df = model_vs_measured(measured_configurations(), 240, 230)
    >>> [round(x, 1) for x in df["predicted_mbps"]]
    [8.9, 45.4, 51.0, 74.0, 107.0]
    """
    df = configs.copy()
    if z_na_single_copy_mbps is not None:
        df.loc[df["copy_mode"] == "single", "z_na_mbps"] = float(z_na_single_copy_mbps)
    df["predicted_mbps"] = [
        serial_throughput(stage_rates(z, z_ax_mbps, z_xf_mbps, use_shm=bool(shm)).values())
        for z, shm in zip(df["z_na_mbps"], df["shm"], strict=True)
    ]
    df["equation"] = np.where(df["shm"], "Eq. 2", "Eq. 1")
    df["predicted_fps"] = df["predicted_mbps"] * 1e6 / frame_bits
    df["ratio"] = df["predicted_mbps"] / df["measured_mbps"]
    df["t0_ms"] = 1000.0 / df["measured_fps"] - 1000.0 / df["predicted_fps"]
    return df


# ----------------------------------------------------------------------------------------------
# Fixed-plus-per-byte regression (a demonstration on five points)
# ----------------------------------------------------------------------------------------------

def regression_points(configs: pd.DataFrame, frame_bits: float = FRAME_BITS_PAPER) -> pd.DataFrame:
    """Per-frame times of the measured configurations, for the cost regression.

    ``frame_ms`` is the measured time per frame; ``na_ms`` the network -> application time of
    one frame at Z_NA; ``no_shm`` is 1 where the application -> X server copy is still made.

    Examples
    --------
    >>> pts = regression_points(measured_configurations())
    >>> round(float(pts["na_ms"].iloc[4]), 3), int(pts["no_shm"].iloc[4])
    (10.5, 0)
    """
    return pd.DataFrame({
        "config": configs["config"],
        "frame_ms": 1000.0 / configs["measured_fps"],
        "na_ms": frame_bits / configs["z_na_mbps"] / 1e3,
        "no_shm": (~configs["shm"].astype(bool)).astype(float),
    })


def fit_frame_cost(points: pd.DataFrame, exclude: Sequence[str] = ()):
    """Fit ``frame_ms = b0 + b1 * na_ms + b2 * no_shm`` by OLS (statsmodels).

    ``b0`` is the fixed time per frame (the X server -> frame buffer copy plus overheads),
    ``b1`` the weight of the network stage (1 if the serial-sum form holds), ``b2`` the extra
    time of the application -> X server copy. Returns an :class:`mmperf.regression.OLSFit`.

    Examples
    --------
    >>> fit = fit_frame_cost(regression_points(measured_configurations()), exclude=["FDDI"])
    >>> round(fit.coef("na_ms"), 3), fit.n
    (1.051, 4)
    """
    keep = ~points["config"].str.startswith(tuple(exclude)) if exclude else slice(None)
    return fit_ols(points[keep].reset_index(drop=True), "frame_ms", ["na_ms", "no_shm"], label="config")


def loo_frame_cost(points: pd.DataFrame, exclude: Sequence[str] = ()) -> pd.DataFrame:
    """Leave-one-out predictions of the frame-cost regression (frame times in ms)."""
    keep = ~points["config"].str.startswith(tuple(exclude)) if exclude else slice(None)
    return leave_one_out(points[keep].reset_index(drop=True), "frame_ms", ["na_ms", "no_shm"], label="config")


def implied_stage_rates(fit, frame_bits: float = FRAME_BITS_PAPER) -> dict[str, float]:
    """Stage throughputs the fit implies (Mbit/s), to set beside the paper's measured ones.

    The intercept is the X server -> frame buffer time *plus* any fixed overhead, and the
    ``no_shm`` step is the IPC copy plus its overhead, so both implied rates are lower bounds
    of the pure copy rates.

    Examples
    --------
    >>> fit = fit_frame_cost(regression_points(measured_configurations()), exclude=["FDDI"])
    >>> {k: round(v) for k, v in implied_stage_rates(fit).items()}
    {'z_xf_mbps': 234, 'z_ax_mbps': 189}
    """
    return {"z_xf_mbps": frame_bits / fit.coef("const") / 1e3,
            "z_ax_mbps": frame_bits / fit.coef("no_shm") / 1e3}


# ----------------------------------------------------------------------------------------------
# Ciw: the data path as a queueing network
# ----------------------------------------------------------------------------------------------

def _data_path_network(stage_times: Sequence[float], service_cv: float, frames_in_flight: int,
                       blocking: bool) -> ciw.Network:
    """A closed loop of ``frames_in_flight`` frames through one single-server node per stage.

    The frames enter once at time ~0 (a ``Sequential`` arrival that never repeats within the
    run) and are routed from the last stage back to the first: the next frame is fetched as
    soon as a frame reaches the display, i.e. a saturating source. With ``blocking`` the stages
    after the first hold one frame and no queue, so a finished frame blocks its stage until the
    next is free (Ciw's blocking after service).
    """
    n = len(stage_times)
    never = 1e18
    arrivals = [ciw.dists.Sequential([1e-12] * frames_in_flight + [never])] + [None] * (n - 1)
    routing = [[1.0 if j == (i + 1) % n else 0.0 for j in range(n)] for i in range(n)]
    capacities = [float("inf")] + [0 if blocking else float("inf")] * (n - 1)
    return ciw.create_network(
        arrival_distributions=arrivals,
        service_distributions=[queueing.service_distribution(t, service_cv) for t in stage_times],
        number_of_servers=[1] * n,
        routing=routing,
        queue_capacities=capacities,
    )


def simulate_data_path(rates_mbps: Sequence[float], frame_bits: float = FRAME_BITS_PAPER,
                       mode: str = "serial", service_cv: float = 0.0, frames: int = 2000,
                       seed: int = 1) -> dict[str, float]:
    """One seeded Ciw run of the data path; returns its throughput.

    ``mode="serial"``: one frame in flight, so stage times add up exactly as in Eq. 1.
    ``mode="pipelined"``: twice as many frames in flight as stages and blocking between
    stages (a switched architecture in which every path can be used at once).
    The run lasts ``frames`` frames of the analytic rate; the first 10 % is warm-up.
    Throughput is measured from completions at the last stage after warm-up:
    ``(m - 1) / (t_last - t_first)`` frames/s.

    Examples
    --------
    >>> r = simulate_data_path([200, 240, 230], frames=200)
    >>> round(r["throughput_mbps"], 3)
    73.995
    >>> round(simulate_data_path([200, 240, 230], mode="pipelined", frames=200)["throughput_mbps"], 6)
    200.0
    """
    if mode not in ("serial", "pipelined"):
        raise ValueError(f"mode must be 'serial' or 'pipelined', got {mode!r}")
    if frames < 50:
        raise ValueError(f"frames must be >= 50 for a measurable run, got {frames}")
    rates = [queueing.require_positive("stage throughput", z) for z in rates_mbps]
    stage_times = [frame_bits / (z * 1e6) for z in rates]
    serial = mode == "serial"
    in_flight = 1 if serial else 2 * len(rates)
    analytic = serial_throughput(rates) if serial else pipelined_throughput(rates)
    max_time = frames * frame_bits / (analytic * 1e6)
    warmup = 0.1 * max_time
    net = _data_path_network(stage_times, service_cv, in_flight, blocking=not serial)
    records = queueing.simulate(net, max_time=max_time, warmup=warmup, seed=seed)
    done = np.sort(records.loc[records["node"] == len(rates), "exit_date"].to_numpy(dtype=float))
    if len(done) < 2:
        raise RuntimeError("the data-path simulation completed fewer than two frames after warm-up")
    fps = (len(done) - 1) / (done[-1] - done[0])
    return {"throughput_fps": float(fps), "throughput_mbps": float(fps * frame_bits / 1e6),
            "frames_measured": float(len(done))}


def replicate_data_path(rates_mbps: Sequence[float], frame_bits: float, mode: str, service_cv: float,
                        frames: int, replications: int, seed: int) -> pd.DataFrame:
    """Mean and 95 % CI of the Ciw data-path throughput over independent seeded replications.

    With deterministic service (cv = 0) every replication gives the same number.
    """
    _, summary = queueing.replicate(
        lambda s: simulate_data_path(list(rates_mbps), frame_bits, mode, service_cv, frames, s),
        replications=replications, seed=seed)
    return summary


def variability_sweep(rates_mbps: Sequence[float], frame_bits: float, cvs: Sequence[float], frames: int,
                      replications: int, seed: int) -> pd.DataFrame:
    """Serial and pipelined throughput (mean, CI half width) for each service-time CV."""
    rows = []
    for cv in cvs:
        for mode in ("serial", "pipelined"):
            s = replicate_data_path(rates_mbps, frame_bits, mode, float(cv), frames, replications, seed)
            rows.append({"service_cv": float(cv), "mode": mode,
                         "mbps": s.loc["throughput_mbps", "mean"],
                         "ci_half_width": s.loc["throughput_mbps", "ci_half_width"],
                         "replications": int(s.loc["throughput_mbps", "n"])})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------------------------
# Table 2: CPU contention (descriptive, and a qualitative processor-sharing model)
# ----------------------------------------------------------------------------------------------

def table2_checks(table2: pd.DataFrame, video_fps: float = 30.0) -> dict[str, float]:
    """Derived arithmetic on Table 2, including the additive CPU-demand test that fails.

    Per-frame CPU costs are taken from the single-application columns as if their whole-system
    CPU busy percentage were the application's demand; the combined runs should then need
    the sum of the demands. The measured combined CPU is about 90 %, the sum is far above
    100 %, so the single-application percentages are not additive demands.

    Examples
    --------
    >>> c = table2_checks(load_table("zeadally", "table2"))
    >>> round(c["additive_demand_pct_no_shm"]), round(c["additive_demand_pct_shm"])
    (128, 147)
    """
    t = table2.set_index("configuration")
    busy = (t["cpu_user_pct"] + t["cpu_system_pct"]) * 10.0   # ms of CPU per second
    video_ms = busy["VIDEO"] / video_fps
    graphics_ms = busy["GRAPHICS"] / t.loc["GRAPHICS", "graphics_fps"]
    graphics_shm_ms = busy["GRAPHICS-SHARED-M"] / t.loc["GRAPHICS-SHARED-M", "graphics_fps"]

    def demand(config: str, per_frame_graphics: float) -> float:
        video_shown = video_fps * (1 - t.loc[config, "video_frames_dropped_pct"] / 100)
        return (t.loc[config, "graphics_fps"] * per_frame_graphics + video_shown * video_ms) / 10.0

    return {
        "video_cpu_ms_per_frame": float(video_ms),
        "graphics_cpu_ms_per_frame": float(graphics_ms),
        "graphics_shm_cpu_ms_per_frame": float(graphics_shm_ms),
        "additive_demand_pct_no_shm": float(demand("VIDEO+GRAPHICS", graphics_ms)),
        "additive_demand_pct_shm": float(demand("VIDEO+GRAPHICS-SHARED-M", graphics_shm_ms)),
        "measured_busy_pct_no_shm": float(busy["VIDEO+GRAPHICS"] / 10.0),
        "measured_busy_pct_shm": float(busy["VIDEO+GRAPHICS-SHARED-M"] / 10.0),
        "graphics_drop_pct_no_shm": float(100 * (1 - t.loc["VIDEO+GRAPHICS", "graphics_fps"]
                                                 / t.loc["GRAPHICS", "graphics_fps"])),
        "graphics_drop_pct_shm": float(100 * (1 - t.loc["VIDEO+GRAPHICS-SHARED-M", "graphics_fps"]
                                              / t.loc["GRAPHICS-SHARED-M", "graphics_fps"])),
    }


class DeadlinePSNode(ciw.PSNode):
    """A processor-sharing node whose customers may renege *while in service*.

    Ciw's :class:`ciw.PSNode` serves everyone present at once and never lets them renege
    (Ciw only reneges customers waiting for a server). A video frame with a playout deadline
    must leave the CPU when the deadline passes, finished or not, so this node makes every
    customer eligible to renege and re-shares the CPU among those left.
    """

    def begin_service_if_possible_accept(self, next_individual):
        super().begin_service_if_possible_accept(next_individual)
        next_individual.reneging_date = self.get_reneging_date(next_individual) if self.reneging else math.inf

    def update_next_renege_time(self):
        if not self.reneging:
            return
        best = math.inf
        for ind in self.all_individuals:
            if ind.reneging_date < best:
                self.possible_next_events["renege"] = ([ind], ind.reneging_date)
                best = ind.reneging_date
            elif ind.reneging_date == best and not math.isinf(best):
                self.possible_next_events["renege"][0].append(ind)

    def renege(self):
        super().renege()
        # Credit the others with the work done at the old sharing level, then re-share.
        self.update_all_service_end_dates()


def simulate_cpu_sharing(video_cpu_ms: float | None, graphics_cpu_ms: float | None, graphics_io_ms: float,
                         video_fps: float = 30.0, deadline_ms: float = 1000 / 30, run_s: float = 60.0,
                         warmup_s: float = 5.0, video_cv: float = 0.0, seed: int = 1) -> dict[str, float]:
    """Qualitative model of Table 2: video and graphics sharing one processor-sharing CPU.

    Video frames arrive every ``1/video_fps`` s, each needing ``video_cpu_ms`` of CPU, and are
    dropped (renege) if not finished ``deadline_ms`` after arrival. Graphics is a saturating
    stream with one frame in flight: ``graphics_cpu_ms`` on the CPU, then ``graphics_io_ms``
    off it (transfers the CPU does not do), then the next frame. ``None`` leaves an
    application out. Returns the graphics frame rate, the percentage of video frames dropped
    and the video frames shown per second.

    Examples
    --------
    >>> r = simulate_cpu_sharing(None, 28.0, 2.0, run_s=3.0, warmup_s=0.3)
    >>> round(r["graphics_fps"], 3), r["video_dropped_pct"]
    (33.333, 0.0)
    """
    if video_cpu_ms is None and graphics_cpu_ms is None:
        raise ValueError("simulate at least one of video and graphics")
    if warmup_s < 0 or warmup_s >= run_s:
        raise ValueError(f"warmup_s must be in [0, run_s); got {warmup_s}, run_s={run_s}")
    never = 1e18
    arrivals, services, routing, reneging = {}, {}, {}, {}
    if video_cpu_ms is not None:
        rate = queueing.require_positive("video_fps", video_fps)
        arrivals["video"] = [ciw.dists.Deterministic(1 / rate), None]
        services["video"] = [queueing.service_distribution(video_cpu_ms / 1e3, video_cv),
                             ciw.dists.Deterministic(0.0)]
        routing["video"] = [[0.0, 0.0], [0.0, 0.0]]
        reneging["video"] = [ciw.dists.Deterministic(deadline_ms / 1e3), None]
    if graphics_cpu_ms is not None:
        arrivals["graphics"] = [ciw.dists.Sequential([1e-9, never]), None]
        services["graphics"] = [ciw.dists.Deterministic(graphics_cpu_ms / 1e3),
                                ciw.dists.Deterministic(max(graphics_io_ms, 0.0) / 1e3)]
        routing["graphics"] = [[0.0, 1.0], [1.0, 0.0]]
        reneging["graphics"] = [None, None]
    net = ciw.create_network(arrival_distributions=arrivals, service_distributions=services,
                             routing=routing, reneging_time_distributions=reneging,
                             number_of_servers=[float("inf"), float("inf")])
    ciw.seed(int(seed))
    sim = ciw.Simulation(net, node_class=[DeadlinePSNode, ciw.Node])
    sim.simulate_until_max_time(run_s)
    rec = pd.DataFrame(sim.get_all_records())
    rec = rec[(rec["node"] == 1) & (rec["arrival_date"] >= warmup_s)]
    window = run_s - warmup_s
    video = rec[rec["customer_class"] == "video"]
    graphics = rec[rec["customer_class"] == "graphics"]
    dropped = float((video["record_type"] == "renege").sum())
    return {
        "graphics_fps": float((graphics["record_type"] == "service").sum()) / window,
        "video_dropped_pct": 100.0 * dropped / len(video) if len(video) else 0.0,
        "video_shown_fps": float((video["record_type"] == "service").sum()) / window,
    }


def cpu_sharing_scenarios(deadline_ms: float, video_cv: float = 0.0, run_s: float = 60.0,
                          seed: int = 1) -> pd.DataFrame:
    """Run the processor-sharing model for the five columns of Table 2.

    Per-frame CPU costs come from the single-application columns (:func:`table2_checks`);
    the time a graphics frame spends off the CPU is the rest of its measured frame time.

    Examples
    --------
    >>> df = cpu_sharing_scenarios(1000 / 30, run_s=6.0).set_index("configuration")
    >>> round(float(df.loc["GRAPHICS", "graphics_fps"]), 1), float(df.loc["VIDEO", "video_dropped_pct"])
    (33.0, 0.0)
    """
    table2 = load_table(STUDY, "table2")
    c = table2_checks(table2)
    t = table2.set_index("configuration")
    g_io = 1000 / t.loc["GRAPHICS", "graphics_fps"] - c["graphics_cpu_ms_per_frame"]
    gs_io = 1000 / t.loc["GRAPHICS-SHARED-M", "graphics_fps"] - c["graphics_shm_cpu_ms_per_frame"]
    v = c["video_cpu_ms_per_frame"]
    setups = {
        "VIDEO": (v, None, 0.0),
        "GRAPHICS": (None, c["graphics_cpu_ms_per_frame"], g_io),
        "VIDEO+GRAPHICS": (v, c["graphics_cpu_ms_per_frame"], g_io),
        "GRAPHICS-SHARED-M": (None, c["graphics_shm_cpu_ms_per_frame"], gs_io),
        "VIDEO+GRAPHICS-SHARED-M": (v, c["graphics_shm_cpu_ms_per_frame"], gs_io),
    }
    rows = []
    for name, (vid, gr, io) in setups.items():
        r = simulate_cpu_sharing(vid, gr, io, deadline_ms=deadline_ms, run_s=run_s, warmup_s=0.1 * run_s,
                                 video_cv=video_cv, seed=seed)
        rows.append({"configuration": name,
                     "graphics_fps": r["graphics_fps"] if gr is not None else np.nan,
                     "video_dropped_pct": r["video_dropped_pct"] if vid is not None else np.nan,
                     "video_cpu_ms": vid, "graphics_cpu_ms": gr, "graphics_off_cpu_ms": io})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------------------------
# Parameters
# ----------------------------------------------------------------------------------------------

def validate_parameters(values: dict[str, Any]) -> None:
    """Cross-parameter checks of the chapter (single ranges are in ``notebooks/zeadally.yml``).

    Raises
    ------
    mmperf.params.ParameterError
        naming the parameters and the allowed combination.

    Examples
    --------
    >>> validate_parameters({"service_cv": 0.5, "replications": 1, "sim_frames": 2000})
    Traceback (most recent call last):
    ...
    mmperf.params.ParameterError: service_cv = 0.5 > 0 makes the simulation random: replications must be >= 2 for a confidence interval (got 1)
    """
    cv = float(values.get("service_cv", 0.0))
    reps = int(values.get("replications", 1))
    if cv > 0 and reps < 2:
        raise ParameterError(f"service_cv = {cv:g} > 0 makes the simulation random: replications must be "
                             f">= 2 for a confidence interval (got {reps})")
    if "frame_bits" in values and "z_na_mbps" in values:
        # A frame must take at least a microsecond on the fastest stage, or Ciw's times
        # underflow against the run length; this only refuses absurd combinations.
        fastest = max(values["z_na_mbps"], values.get("z_ax_mbps", 0), values.get("z_xf_mbps", 0))
        if values["frame_bits"] / (fastest * 1e6) < 1e-6:
            raise ParameterError(f"frame_bits = {values['frame_bits']:g} is too small for stage rates up to "
                                 f"{fastest:g} Mbit/s: a frame must take at least 1 microsecond per stage")


# ----------------------------------------------------------------------------------------------
# Redrawn schematics (Figures 1, 2, 3 and 8): boxes and arrows from the captions and the text
# ----------------------------------------------------------------------------------------------

def _box(ax, x: float, y: float, w: float, h: float, text: str, colour: str = "#e8eef7",
         fontsize: float = 9.0) -> tuple[float, float, float, float]:
    from matplotlib.patches import FancyBboxPatch

    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.08",
                                facecolor=colour, edgecolor="#333333", linewidth=1.0))
    ax.text(x + w / 2, y + h / 2, text, ha="center", va="center", fontsize=fontsize)
    return (x, y, w, h)


def _arrow(ax, start: tuple[float, float], end: tuple[float, float], text: str = "", colour: str = "#333333",
           offset: tuple[float, float] = (0.0, 0.12), style: str = "-|>", fontsize: float = 8.5) -> None:
    from matplotlib.patches import FancyArrowPatch

    ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=12, color=colour, linewidth=1.4))
    if text:
        ax.text((start[0] + end[0]) / 2 + offset[0], (start[1] + end[1]) / 2 + offset[1], text, ha="center",
                va="bottom", fontsize=fontsize, color=colour)


def _canvas(width: float, height: float, figsize: tuple[float, float]):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=figsize)
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_aspect("equal")
    ax.axis("off")
    return fig, ax


def draw_bottlenecks():
    """Figure 1 redrawn: the network-to-display path and where each level's bottleneck lies."""
    fig, ax = _canvas(12, 3.6, (8.5, 2.6))
    stages = [("Network\n(Ethernet, FDDI,\nJetstream)", "#dbe9f6"), ("OS kernel\n(TCP/IP, copies,\nchecksum)", "#fde8d0"),
              ("Application\n(visualisation)", "#e2f0d9"), ("X server", "#e2f0d9"), ("Frame buffer\n/ display", "#eeeeee")]
    xs = [0.2, 2.6, 5.0, 7.4, 9.8]
    for (text, colour), x in zip(stages, xs, strict=True):
        _box(ax, x, 1.2, 2.0, 1.3, text, colour)
    for x0, x1 in zip(xs[:-1], xs[1:], strict=True):
        _arrow(ax, (x0 + 2.05, 1.85), (x1 - 0.05, 1.85))
    for x, text in ((0.2, "network\nbottleneck"), (2.6, "OS bottleneck"), (6.2, "application / presentation\nbottleneck")):
        ax.text(x + 1.0, 0.85, text, ha="center", va="top", fontsize=8.5, color="#D55E00", style="italic")
    ax.text(6, 3.3, "Redrawn from the caption of Figure 1 (the image is not in the seed)", ha="center",
            fontsize=8, color="#555555", style="italic")
    return fig


def draw_architecture(z_na_mbps: float = 200.0, z_ax_mbps: float = 240.0, z_xf_mbps: float = 230.0):
    """Figure 2 redrawn: HP 9000/700 data paths A-D, annotated with the stage throughputs."""
    fig, ax = _canvas(12, 7.4, (8.5, 5.3))
    _box(ax, 0.3, 5.6, 2.0, 1.0, "CPU\n(99 MHz PA-RISC)")
    _box(ax, 8.6, 5.6, 2.6, 1.0, "Main memory\n(128 MB)")
    _box(ax, 3.6, 5.5, 3.8, 1.2, "Memory and system\nbus controller", "#fde8d0")
    _box(ax, 3.0, 3.7, 2.2, 0.8, "bus interface", "#f3f3f3", 8.5)
    _box(ax, 5.8, 3.7, 2.2, 0.8, "bus interface", "#f3f3f3", 8.5)
    ax.plot([0.3, 11.7], [3.0, 3.0], color="#333333", linewidth=3)
    ax.text(11.7, 3.1, "SGC system bus (about 1 Gbit/s;\nCPU memory<->I/O at most 400 Mbit/s)", ha="right",
            va="bottom", fontsize=8)
    for x in (4.1, 6.9):
        _arrow(ax, (x, 5.5), (x, 4.5), style="<|-|>")
        _arrow(ax, (x, 3.7), (x, 3.05), style="<|-|>")
    _arrow(ax, (2.3, 6.1), (3.6, 6.1), style="<|-|>")
    _arrow(ax, (7.4, 6.1), (8.6, 6.1), style="<|-|>")
    _box(ax, 0.3, 1.0, 2.6, 1.2, "Network adapter\n(Afterburner +\nJetstream)", "#dbe9f6")
    _box(ax, 3.6, 1.0, 2.2, 1.2, "Graphics board\n(frame buffer)", "#e2f0d9")
    _box(ax, 6.5, 1.0, 2.0, 1.2, "EISA\ninterface", "#f3f3f3")
    _box(ax, 9.1, 1.0, 2.6, 1.2, "Parallax video\nboard (M-JPEG)", "#e2f0d9")
    for x in (1.6, 4.7, 7.5):
        _arrow(ax, (x, 2.2), (x, 2.95), style="<|-|>")
    _arrow(ax, (8.5, 1.6), (9.1, 1.6), style="<|-|>")
    ax.text(0.2, 0.35, f"A: network -> application (memory), Z = {z_na_mbps:g} Mbit/s    "
            f"B: application -> X server, Z = {z_ax_mbps:g} Mbit/s\n"
            f"C: X server -> frame buffer, Z = {z_xf_mbps:g} Mbit/s    D: memory -> Parallax board (no number given)",
            fontsize=8.2, va="center")
    for label, (x, y) in {"A": (1.9, 2.45), "B": (8.0, 6.7), "C": (5.05, 2.45), "D": (8.0, 2.45)}.items():
        ax.text(x, y, label, fontsize=11, fontweight="bold", color="#D55E00")
    ax.text(6, 7.25, "Redrawn from the caption and Sections 3-4; every path crosses the bus controller",
            ha="center", fontsize=8, color="#555555", style="italic")
    return fig


def draw_protocol_stacks():
    """Figure 3 redrawn: single-copy and two-copy stacks under a modified IP layer."""
    fig, ax = _canvas(12, 6.4, (8.0, 4.3))
    _box(ax, 0.4, 4.6, 3.2, 0.9, "Visualisation app", "#e2f0d9")
    _box(ax, 4.4, 4.6, 3.2, 0.9, "other applications", "#e2f0d9")
    _box(ax, 8.4, 4.6, 3.2, 0.9, "NFS client\n(video files)", "#e2f0d9")
    _box(ax, 0.4, 3.2, 3.2, 0.9, "single-copy TCP", "#dbe9f6")
    _box(ax, 4.4, 3.2, 3.2, 0.9, "single-copy UDP", "#dbe9f6")
    _box(ax, 8.4, 3.2, 3.2, 0.9, "two-copy UDP", "#fde8d0")
    _box(ax, 0.4, 1.8, 11.2, 0.9, "modified IP: NFS packets -> two-copy UDP; all others -> single-copy stacks",
         "#f3f3f3")
    _box(ax, 0.4, 0.4, 11.2, 0.9, "network driver / Afterburner + Jetstream adapter", "#f3f3f3")
    for x in (2.0, 6.0, 10.0):
        _arrow(ax, (x, 4.6), (x, 4.1), style="<|-|>")
        _arrow(ax, (x, 3.2), (x, 2.7), style="<|-|>")
    _arrow(ax, (6.0, 1.8), (6.0, 1.3), style="<|-|>")
    ax.text(6, 6.0, "Redrawn from the caption of Figure 3 and Section 4", ha="center", fontsize=8,
            color="#555555", style="italic")
    return fig


def draw_simplified_architecture():
    """Figure 8 redrawn: CPU, memory and I/O all joined through one controller (the bottleneck)."""
    fig, ax = _canvas(10, 4.6, (6.5, 3.0))
    _box(ax, 0.3, 2.6, 2.4, 1.1, "CPU")
    _box(ax, 7.3, 2.6, 2.4, 1.1, "Memory")
    _box(ax, 3.6, 2.5, 2.8, 1.3, "System and memory\nbus controller", "#fde8d0")
    _box(ax, 3.6, 0.4, 2.8, 1.1, "I/O: network,\ngraphics, video", "#dbe9f6")
    _arrow(ax, (2.7, 3.15), (3.6, 3.15), style="<|-|>")
    _arrow(ax, (6.4, 3.15), (7.3, 3.15), style="<|-|>")
    _arrow(ax, (5.0, 2.5), (5.0, 1.5), style="<|-|>")
    ax.text(5.0, 4.2, "Redrawn from the caption of Figure 8 and Section 7", ha="center", fontsize=8,
            color="#555555", style="italic")
    return fig
