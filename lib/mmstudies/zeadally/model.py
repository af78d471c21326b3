"""Ciw models of the Zeadally study: the data path as a queueing network, and CPU sharing (Table 2).

- The serial data path (one frame in flight) *is* Eq. 1; the pipelined what-if of a switched
  architecture (a tandem with blocking) has throughput ``min Z`` for deterministic stages.
- A clearly qualitative processor-sharing model of the CPU contention of Table 2.

Ciw (and :mod:`mmperf.queueing`, which imports it) is imported inside the functions, so a chapter
run that takes these results from the simulation cache never imports it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import numpy as np
import pandas as pd

from mmperf.data import load_table
from mmperf.parallel import pmap
from mmstudies.zeadally.analytic import (
    FRAME_BITS_PAPER,
    STUDY,
    cpu_sharing_setups,
    pipelined_throughput,
    require_positive,
    serial_throughput,
)

MODES = ("serial", "pipelined")


def _data_path_network(stage_times: Sequence[float], service_cv: float, frames_in_flight: int, blocking: bool,
                       buffer_frames: int = 0):
    """A closed loop of ``frames_in_flight`` frames through one single-server node per stage.

    The frames enter once at time ~0 (a ``Sequential`` arrival that never repeats within the
    run) and are routed from the last stage back to the first: the next frame is fetched as
    soon as a frame reaches the display, i.e. a saturating source. With ``blocking`` the stages
    after the first hold one frame and a queue of ``buffer_frames`` (none by default), so a finished
    frame blocks its stage until the next has room (Ciw's blocking after service).
    """
    import ciw

    from mmperf import queueing

    n = len(stage_times)
    never = 1e18
    arrivals = [ciw.dists.Sequential([1e-12] * frames_in_flight + [never])] + [None] * (n - 1)
    routing = [[1.0 if j == (i + 1) % n else 0.0 for j in range(n)] for i in range(n)]
    capacities = [float("inf")] + [int(buffer_frames) if blocking else float("inf")] * (n - 1)
    return ciw.create_network(
        arrival_distributions=arrivals,
        service_distributions=[queueing.service_distribution(t, service_cv) for t in stage_times],
        number_of_servers=[1] * n,
        routing=routing,
        queue_capacities=capacities,
    )


def simulate_data_path(rates_mbps: Sequence[float], frame_bits: float = FRAME_BITS_PAPER,
                       mode: str = "serial", service_cv: float = 0.0, frames: int = 2000,
                       seed: int = 1, buffer_frames: int = 0) -> dict[str, float]:
    """One seeded Ciw run of the data path; returns its throughput.

    ``mode="serial"``: one frame in flight, so stage times add up exactly as in Eq. 1.
    ``mode="pipelined"``: twice as many frames in flight as stages and blocking between
    stages (a switched architecture in which every path can be used at once).
    ``buffer_frames`` (pipelined only; the extension of the chapter's exercise 4) gives every stage after
    the first a queue of that many frames, and puts as many more frames in flight as the buffers hold, so
    that the source still saturates the pipeline. The run lasts ``frames`` frames of the analytic rate; the first 10 % is warm-up.
    Throughput is measured from completions at the last stage after warm-up:
    ``(m - 1) / (t_last - t_first)`` frames/s.

    Examples
    --------
    Deterministic stages: the serial loop's cycle is the sum of the stage times (Eq. 1,
    73.995 Mbit/s by hand) and the pipeline is paced by the slowest stage (200 Mbit/s):

    >>> r = simulate_data_path([200, 240, 230], frames=200)
    >>> round(r["throughput_mbps"], 3)
    73.995
    >>> round(simulate_data_path([200, 240, 230], mode="pipelined", frames=200)["throughput_mbps"], 6)
    200.0
    """
    from mmperf import queueing

    if mode not in MODES:
        raise ValueError(f"mode must be 'serial' or 'pipelined', got {mode!r}")
    if frames < 50:
        raise ValueError(f"frames must be >= 50 for a measurable run, got {frames}")
    if buffer_frames < 0 or int(buffer_frames) != buffer_frames or (buffer_frames and mode == "serial"):
        raise ValueError(f"buffer_frames must be a whole number >= 0, and 0 in serial mode, got {buffer_frames}")
    rates = [require_positive("stage throughput", z) for z in rates_mbps]
    stage_times = [frame_bits / (z * 1e6) for z in rates]
    serial = mode == "serial"
    in_flight = 1 if serial else 2 * len(rates) + int(buffer_frames) * (len(rates) - 1)
    analytic = serial_throughput(rates) if serial else pipelined_throughput(rates)
    max_time = frames * frame_bits / (analytic * 1e6)
    warmup = 0.1 * max_time
    net = _data_path_network(stage_times, service_cv, in_flight, blocking=not serial, buffer_frames=buffer_frames)
    records = queueing.simulate(net, max_time=max_time, warmup=warmup, seed=seed)
    done = np.sort(records.loc[records["node"] == len(rates), "exit_date"].to_numpy(dtype=float))
    if len(done) < 2:
        raise RuntimeError("the data-path simulation completed fewer than two frames after warm-up")
    fps = (len(done) - 1) / (done[-1] - done[0])
    return {"throughput_fps": float(fps), "throughput_mbps": float(fps * frame_bits / 1e6),
            "frames_measured": float(len(done))}


def _one_run(task: tuple) -> float:
    rates, frame_bits, mode, cv, frames, seed, buffer_frames = task
    return simulate_data_path(list(rates), frame_bits, mode, cv, frames, seed, buffer_frames)["throughput_mbps"]


def replicate_data_path(rates_mbps: Sequence[float], frame_bits: float, mode: str, service_cv: float,
                        frames: int, replications: int, seed: int, buffer_frames: int = 0) -> dict[str, float]:
    """Mean and 95 % CI half-width of the Ciw data-path throughput over seeded replications.

    Replication ``i`` uses seed ``seed + i``. With deterministic service (cv = 0) every
    replication gives the same number and the half-width is 0. ``buffer_frames`` as in
    :func:`simulate_data_path`. Returns ``mean``,
    ``ci_half_width`` (Mbit/s) and ``n``.
    """
    tasks = [(tuple(rates_mbps), frame_bits, mode, float(service_cv), int(frames), int(seed) + i, int(buffer_frames))
             for i in range(int(replications))]
    from mmperf.stats import mean_ci

    values = pmap(_one_run, tasks, workers=1)
    mean, half = mean_ci(values)
    return {"mean": mean, "ci_half_width": half, "n": len(values)}


def variability_sweep(rates_mbps: Sequence[float], frame_bits: float, cvs: Sequence[float], frames: int,
                      replications: int, seed: int) -> pd.DataFrame:
    """Serial and pipelined throughput (mean, CI half-width) for each service-time CV."""
    rows = []
    for cv in cvs:
        for mode in MODES:
            s = replicate_data_path(rates_mbps, frame_bits, mode, float(cv), frames, replications, seed)
            rows.append({"service_cv": float(cv), "mode": mode, "mbps": s["mean"],
                         "ci_half_width": s["ci_half_width"], "replications": s["n"]})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------------------------
# Table 2: a qualitative processor-sharing model of the CPU
# ----------------------------------------------------------------------------------------------

@cache
def deadline_ps_node():
    """The Ciw node class of the CPU: processor sharing, customers may renege *while in service*.

    Ciw's :class:`ciw.PSNode` serves everyone present at once and never lets them renege
    (Ciw only reneges customers waiting for a server). A video frame with a playout deadline
    must leave the CPU when the deadline passes, finished or not, so this node makes every
    customer eligible to renege and re-shares the CPU among those left. (Built on first use, so
    that importing this module does not import Ciw.)
    """
    import ciw

    class DeadlinePSNode(ciw.PSNode):
        def begin_service_if_possible_accept(self, next_individual):
            super().begin_service_if_possible_accept(next_individual)
            next_individual.reneging_date = (self.get_reneging_date(next_individual) if self.reneging
                                             else math.inf)

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

    return DeadlinePSNode


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
    Graphics alone cycles every 28 + 2 = 30 ms, i.e. 33.333 frames/s:

    >>> r = simulate_cpu_sharing(None, 28.0, 2.0, run_s=3.0, warmup_s=0.3)
    >>> round(r["graphics_fps"], 3), r["video_dropped_pct"]
    (33.333, 0.0)
    """
    import ciw

    from mmperf import queueing

    if video_cpu_ms is None and graphics_cpu_ms is None:
        raise ValueError("simulate at least one of video and graphics")
    if warmup_s < 0 or warmup_s >= run_s:
        raise ValueError(f"warmup_s must be in [0, run_s); got {warmup_s}, run_s={run_s}")
    never = 1e18
    arrivals, services, routing, reneging = {}, {}, {}, {}
    if video_cpu_ms is not None:
        rate = require_positive("video_fps", video_fps)
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
    sim = ciw.Simulation(net, node_class=[deadline_ps_node(), ciw.Node])
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
    """Run the processor-sharing model for the five columns of Table 2 (inputs: :func:`cpu_sharing_setups`).

    Examples
    --------
    >>> df = cpu_sharing_scenarios(1000 / 30, run_s=6.0).set_index("configuration")
    >>> round(float(df.loc["GRAPHICS", "graphics_fps"]), 1), float(df.loc["VIDEO", "video_dropped_pct"])
    (33.0, 0.0)
    """
    rows = []
    for name, (vid, gr, io) in cpu_sharing_setups(load_table(STUDY, "table2")).items():
        r = simulate_cpu_sharing(vid, gr, io, deadline_ms=deadline_ms, run_s=run_s, warmup_s=0.1 * run_s,
                                 video_cv=video_cv, seed=seed)
        rows.append({"configuration": name,
                     "graphics_fps": r["graphics_fps"] if gr is not None else np.nan,
                     "video_dropped_pct": r["video_dropped_pct"] if vid is not None else np.nan,
                     "video_cpu_ms": vid, "graphics_cpu_ms": gr, "graphics_off_cpu_ms": io})
    return pd.DataFrame(rows)
