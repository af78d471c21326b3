"""Replications, long runs and sweeps of the Sharp & Todirica pipeline.

Replications run through the exact recursion
(:func:`~mmstudies.sharp.analytic.pipeline_recursion`), which gives the Ciw model's times frame
by frame whenever no bounded queue fills. Ciw (:func:`~mmstudies.sharp.model.run_pipeline`)
runs a replication when the recursion finds that a queue could fill there (then only Ciw is
exact), and for a stated subset - the first ``ciw_checked`` replications - whose frames are
compared with the recursion's (the comparison is recorded per replication and tested).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mmperf.parallel import pmap
from mmperf.stats import mean_ci

from .analytic import clopper_pearson, exact_for_capacity, fit_stages, pipeline_recursion, saturation_load
from .config import StageStats
from .model import run_pipeline, sample_stage_times

#: Columns compared between Ciw and the recursion (NaN equal to NaN).
COMPARED = ("arrive_sink", "sink_start", "display", "e2e", "sl_src_wait", "sl_dst_wait")


def summarise_run(frames: pd.DataFrame, frame_period: float, warmup_frames: int) -> dict[str, float]:
    """Per-run metrics on the frames captured after ``warmup_frames``.

    ``late_rate`` counts shown frames whose presentation ended after the next frame reached
    the sink (the paper's "failure to complete decoding before the arrival of the next frame",
    seed line 205).
    """
    f = frames[frames["frame"] > warmup_frames]
    shown = f[f["fate"] == "shown"]
    n = len(f)
    nxt = frames.set_index("frame")["arrive_sink"]
    next_arrival = shown["frame"].add(1).map(nxt)
    late = (shown["display"] > next_arrival).sum()
    span = n * frame_period
    sink_busy = (shown["display"] - shown["sink_start"]).sum()
    out = {
        "frames": float(n),
        "shown": float(len(shown)),
        "dropped": float((f["fate"] == "dropped").sum()),
        "rejected": float((f["fate"] == "rejected").sum()),
        "loss_rate": float((n - len(shown)) / n),
        "late_rate": float(late / n),
        "delivered_fps": float(len(shown) / span * 1000.0),
        "sink_utilisation": float(sink_busy / span),
        "e2e_mean": float(shown["e2e"].mean()),
        "e2e_sd": float(shown["e2e"].std(ddof=1)),
        "e2e_min": float(shown["e2e"].min()),
        "e2e_max": float(shown["e2e"].max()),
        "e2e_p99": float(shown["e2e"].quantile(0.99)),
    }
    stage_cols = {"sl_src": shown["sl_src_service"], "net": shown["net_service"],
                  "sl_dst": shown["sl_dst_service"], "dec": shown["dec"], "pres": shown["pres"],
                  "wait": shown["sl_src_wait"] + shown["sl_src_blocked"] + shown["net_blocked"]
                  + shown["sl_dst_wait"] + shown["sl_dst_blocked"] + shown["sink_wait"]}
    for stage, x in stage_cols.items():
        out[f"{stage}_mean"] = float(x.mean())
        out[f"{stage}_sd"] = float(x.std(ddof=1))
        out[f"{stage}_min"] = float(x.min())
        out[f"{stage}_max"] = float(x.max())
    out["sink_wait_mean"] = float(shown["sink_wait"].mean())
    out["max_queue_sl_src"] = float(max_queue(f, "sl_src"))
    out["max_queue_sl_dst"] = float(max_queue(f, "sl_dst"))
    return out


def max_queue(f: pd.DataFrame, node: str) -> int:
    """Largest number of frames waiting (not in service) at a single-server node.

    Examples
    --------
    Two frames arrive at 0 and 1, the first served 0-3, the second waits 1-3: one waiting at most.

    >>> max_queue(pd.DataFrame({"x_arrive": [0.0, 1.0], "x_wait": [0.0, 2.0]}), "x")
    1
    """
    arrive = f[f"{node}_arrive"].dropna().to_numpy()
    start = (f[f"{node}_arrive"] + f[f"{node}_wait"]).dropna().to_numpy()
    events = np.concatenate([np.column_stack([arrive, np.ones_like(arrive)]),
                             np.column_stack([start, -np.ones_like(start)])])
    events = events[np.lexsort((events[:, 1], events[:, 0]))]
    return int(np.max(np.cumsum(events[:, 1]), initial=0))


def frames_differ(a: pd.DataFrame, b: pd.DataFrame) -> tuple[bool, float]:
    """(same fate for every frame, largest absolute difference over :data:`COMPARED`, NaN = NaN)."""
    same = bool((a["fate"].to_numpy() == b["fate"].to_numpy()).all())
    worst = 0.0
    for c in COMPARED:
        x, y = a[c].to_numpy(dtype=float), b[c].to_numpy(dtype=float)
        both_nan = np.isnan(x) & np.isnan(y)
        if (np.isnan(x) ^ np.isnan(y)).any():
            return False, math.inf
        d = np.abs(x - y)[~both_nan]
        worst = max(worst, float(d.max(initial=0.0)))
    return same, worst


def _replication(task: dict) -> dict:
    times = sample_stage_times(task["dists"], task["n"], task["seed"], task["load"], task["measured_load"])
    rec, peaks = pipeline_recursion(times, task["period"], task["policy"])
    exact = exact_for_capacity(peaks, task["capacity"])
    row = {"replication": task["i"], "seed": task["seed"], "engine": "recursion", "queues_can_fill": not exact,
           "checked": False, "same_fate": math.nan, "max_abs_diff_ms": math.nan,
           **{f"peak_{k}": float(v) for k, v in peaks.items()}}
    frames = rec
    if task["check"] or not exact:
        frames = run_pipeline(times, frame_period=task["period"], queue_capacity=task["capacity"],
                              sink_policy=task["policy"], seed=task["seed"])
        row["engine"] = "ciw"
        if exact:
            same, worst = frames_differ(frames, rec)
            row.update(checked=True, same_fate=float(same), max_abs_diff_ms=worst)
    row.update(summarise_run(frames, task["period"], task["warmup"]))
    kept = frames[(frames["frame"] > task["warmup"]) & (frames["fate"] == "shown")]
    return {"row": row, "e2e": kept["e2e"].to_numpy(), "frames": frames if task["i"] == 0 else None}


def replicate_pipeline(*, p_spike: float, frame_rate_fps: float, background_load: float,
                       queue_capacity: int, sink_policy: str, frames_per_replication: int,
                       warmup_frames: int, replications: int, seed: int,
                       table1_stats: dict[str, StageStats], measured_load: float,
                       ciw_checked: int = 5) -> dict[str, object]:
    """Independent replications of the pipeline (seeds ``seed``, ``seed + 1``, ...).

    Each replication runs through the exact recursion; through Ciw instead when a queue could
    fill (``queues_can_fill``), and through both for the first ``ciw_checked`` replications, which
    record whether Ciw and the recursion agree frame by frame (``same_fate``, ``max_abs_diff_ms``).
    Returns ``runs`` (one row per replication), ``e2e`` (the delay of every shown frame after
    warm-up, all replications) and ``frames0`` (replication 0, frame by frame).
    """
    period = 1000.0 / frame_rate_fps
    dists = fit_stages(table1_stats, p_spike)
    tasks = [{"i": i, "seed": seed + i, "dists": dists, "n": frames_per_replication + warmup_frames,
              "load": background_load, "measured_load": measured_load, "period": period,
              "policy": sink_policy, "capacity": queue_capacity, "warmup": warmup_frames,
              "check": i < ciw_checked} for i in range(replications)]
    out = pmap(_replication, tasks, workers=1)
    return {"runs": pd.DataFrame([o["row"] for o in out]), "e2e": np.concatenate([o["e2e"] for o in out]),
            "frames0": out[0]["frames"]}


def _long_replication(task: dict) -> dict:
    times = sample_stage_times(task["dists"], task["n"], task["seed"], task["load"], task["measured_load"])
    f, peaks = pipeline_recursion(times, task["period"], "newest")
    shown = f[f["fate"] == "shown"]
    next_arrival = shown["frame"].add(1).map(f.set_index("frame")["arrive_sink"])
    late = int((shown["display"] > next_arrival).sum())
    dropped = int(task["n"] - len(shown))
    return {"replication": task["i"], "frames": task["n"], "dropped": dropped, "late": late,
            "loss_rate": dropped / task["n"], "late_rate": late / task["n"],
            "e2e_mean": float(shown["e2e"].mean()), "peak_sink": peaks["sink"],
            "exact": exact_for_capacity(peaks, task["capacity"])}


def long_run_loss(*, p_spike: float, frame_rate_fps: float, background_load: float, total_frames: int,
                  replications: int, seed: int, table1_stats: dict[str, StageStats], measured_load: float,
                  queue_capacity: int = 10, workers: int | None = 1) -> pd.DataFrame:
    """Frame loss of the paper's newest-frame sink over many frames (exact recursion); one row per replication.

    Columns ``frames``, ``dropped``, ``late``, ``loss_rate``, ``late_rate``, ``e2e_mean``, ``exact``
    (False where a queue of ``queue_capacity`` would have filled: the recursion is then not the
    Ciw model). Seeds start at ``seed + 1000`` so they never reuse the replications' draws.
    """
    period = 1000.0 / frame_rate_fps
    dists = fit_stages(table1_stats, p_spike)
    per = max(1, total_frames // replications)
    tasks = [{"i": i, "seed": seed + 1000 + i, "dists": dists, "n": per, "load": background_load,
              "measured_load": measured_load, "period": period, "capacity": queue_capacity}
             for i in range(replications)]
    return pd.DataFrame(pmap(_long_replication, tasks, workers=workers))


def loss_grid(sink_mean_ms: float, frame_period_ms: float, measured_load: float, top: float = 0.95) -> list[float]:
    """Background loads to sweep: 0, the measured load, and points clustered around sink saturation.

    The grid follows the frame rate: it is dense just below the load at which the stretched sink
    time fills the frame period (where loss climbs), and never leaves ``[0, top]``.

    Examples
    --------
    >>> g = loss_grid(32.6, 40.0, 0.10)      # saturation at 0.2665
    >>> g[0], 0.1 in g, max(g) < 0.4
    (0.0, True, True)
    >>> max(loss_grid(32.6, 1000.0, 0.10))   # 1 frame/s: saturation (0.97) lies beyond the grid's top
    0.95
    """
    sat = saturation_load(sink_mean_ms, frame_period_ms, measured_load)
    offsets = (-0.30, -0.20, -0.12, -0.08, -0.05, -0.03, -0.015, 0.0, 0.015, 0.03, 0.06)
    points = {0.0, round(measured_load, 4)} | {round(min(max(sat + d, 0.0), top), 4) for d in offsets}
    if sat <= 0:
        points |= {0.2, 0.4}
    return sorted(points)


def loss_sweep(*, loads: list[float], p_spike: float, frame_rate_fps: float, frames: int, seed: int,
               table1_stats: dict[str, StageStats], measured_load: float, queue_capacity: int = 10,
               workers: int | None = None) -> pd.DataFrame:
    """Loss and late-frame rates of the newest-frame sink against background CPU load (one long run per load)."""
    tasks = [dict(p_spike=p_spike, frame_rate_fps=frame_rate_fps, background_load=load, total_frames=frames,
                  replications=5, seed=seed + 100 * j, table1_stats=table1_stats, measured_load=measured_load,
                  queue_capacity=queue_capacity) for j, load in enumerate(loads)]
    results = pmap(_sweep_point, tasks, workers=workers)
    rows = []
    for load, r in zip(loads, results, strict=True):
        d, m = int(r["dropped"].sum()), int(r["frames"].sum())
        lo, hi = clopper_pearson(d, m)
        rows.append({"background_load": load, "frames": m, "dropped": d, "loss_rate": d / m,
                     "loss_low": lo, "loss_high": hi, "late_rate": r["late"].sum() / m,
                     "e2e_mean": float(r["e2e_mean"].mean()), "exact": bool(r["exact"].all())})
    return pd.DataFrame(rows)


def _sweep_point(kwargs: dict) -> pd.DataFrame:
    return long_run_loss(**kwargs)


def first_load_over(sweep: pd.DataFrame, bound: float) -> float:
    """The smallest swept load whose loss rate exceeds ``bound`` (NaN when none does).

    Examples
    --------
    >>> first_load_over(pd.DataFrame({"background_load": [0.0, 0.2, 0.3], "loss_rate": [0, 1e-4, 0.01]}), 1e-3)
    0.3
    """
    over = sweep[sweep["loss_rate"] > bound]
    return float(over["background_load"].min()) if len(over) else math.nan


def policy_demo(*, p_spike: float, frame_rate_fps: float, background_load: float, queue_capacity: int,
                frames: int, seed: int, table1_stats: dict[str, StageStats],
                measured_load: float) -> dict[str, pd.DataFrame]:
    """The same frames through a newest-frame sink and a FIFO sink (Ciw: queues fill here), keyed by policy."""
    times = sample_stage_times(fit_stages(table1_stats, p_spike), frames, seed, background_load, measured_load)
    return {policy: run_pipeline(times, frame_period=1000.0 / frame_rate_fps, queue_capacity=queue_capacity,
                                 sink_policy=policy, seed=seed) for policy in ("newest", "fifo")}


def summary_with_ci(runs: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Mean, t-based CI half-width and standard deviation of every numeric column over replications.

    Examples
    --------
    >>> s = summary_with_ci(pd.DataFrame({"replication": [0, 1, 2], "x": [1.0, 2.0, 3.0]}))
    >>> float(s.loc["x", "mean"]), round(float(s.loc["x", "ci_half_width"]), 3), float(s.loc["x", "sd"])
    (2.0, 2.484, 1.0)
    """
    rows = {}
    for c in runs.columns:
        if c == "replication" or not pd.api.types.is_numeric_dtype(runs[c]) or pd.api.types.is_bool_dtype(runs[c]):
            continue
        x = runs[c].dropna().to_numpy(dtype=float)
        if x.size == 0:
            continue
        mean, half = mean_ci(x, level)
        rows[c] = {"mean": mean, "ci_half_width": half, "sd": float(x.std(ddof=1)) if x.size > 1 else 0.0}
    return pd.DataFrame.from_dict(rows, orient="index")
