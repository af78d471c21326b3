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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import yaml

from mmperf import checktable, steady
from mmperf.parallel import pmap
from mmperf.simcache import cached
from mmperf.stats import mean_ci

from . import text
from .analytic import (
    clopper_pearson,
    cpu_stretch,
    distance_for_limit,
    exact_for_capacity,
    expected_max_normal,
    fit_stages,
    fits_table,
    ip_fragments,
    offered_sink_utilisation,
    pipeline_recursion,
    saturation_load,
    two_point_fit,
)
from .config import TABLE1_ROWS, Inputs, StageStats, load_inputs
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


# ----------------------------------------------------------------------------- the chapter's steps
# Each step below runs one part of the chapter (through the simulation cache), records its metrics,
# undefined metrics and warnings in the chapter record ``ch`` (any object with ``metric``,
# ``undefined``, ``warn``, ``glue`` and ``metrics``, such as :class:`mmbook.chapter.Chapter`), glues
# the sentences :mod:`.text` composes, and keeps on the :class:`Run` what later steps, the figures and
# the scorecard need. The steps are called in the notebook's order, which is the order of the metrics
# in the chapter's results.

#: Figure 8's event series, as named in ``data/sharp/fig8_events.csv``.
TRACE_SERIES = ("video_src", "video_in", "t6_release", "audio_src")
#: Uncompressed mono CD audio: 44.1 kHz of 16-bit samples (external), in kbit/s.
CD_MONO_KBPS = 44.1 * 16


@dataclass
class Run:
    """One chapter run: the parameters, the inputs and what each step leaves for the later ones.

    Set by :func:`start`: ``period_ms`` (the frame period), ``sink_mean`` (Table 1's decoding plus
    presentation mean), ``offered_util``, ``sat_load`` and ``unstable`` (the reason the run has no
    steady state, or None). The other fields are filled by the steps named in their comments.
    """

    params: dict[str, Any]
    inputs: Inputs
    period_ms: float
    sink_mean: float
    offered_util: float
    sat_load: float
    unstable: str | None = None
    # replications()
    sim: dict | None = None
    drift: steady.DriftCheck | None = None
    runs: pd.DataFrame | None = None
    S: pd.DataFrame | None = None
    e2e_mean: float = math.nan
    e2e_p99: float = math.nan
    stage_sum: float = math.nan
    paper_stage_sum: float = math.nan
    side: pd.DataFrame | None = None
    ours_t1: pd.DataFrame | None = None
    # frame_loss()
    cp_hi_sample: float = math.nan
    lost: int = 0
    late: int = 0
    n_frames: int = 0
    long_n: int = 0
    long_lost: int = 0
    long_exact: bool = False
    # load_sweep() and overload()
    sweep: pd.DataFrame | None = None
    first_over: float = math.nan
    overload_load: float = math.nan
    policy: dict | None = None
    # trace()
    trace: dict = field(default_factory=dict)
    # tracer_overhead()
    ltt: dict = field(default_factory=dict)
    base_mean: float = math.nan
    # budget()
    ours_parts: dict | None = None
    paper_parts: dict | None = None
    # paper_arithmetic()
    arithmetic: dict = field(default_factory=dict)

    @property
    def paper(self) -> dict[str, StageStats]:
        return self.inputs.paper

    @property
    def V(self) -> dict[str, float]:
        return self.inputs.V

    @property
    def bound(self) -> float:
        """The paper's frame-loss bound (1e-3)."""
        return self.inputs.V["frame_loss_bound"]

    def common(self) -> dict[str, Any]:
        """The keyword arguments every simulation of this run shares."""
        p = self.params
        return {"p_spike": p["p_spike"], "frame_rate_fps": p["frame_rate_fps"], "table1_stats": self.paper,
                "measured_load": self.inputs.reference_load, "queue_capacity": p["queue_capacity"]}


def stations(params: dict[str, Any], inputs: Inputs) -> list[steady.Station]:
    """The model's four nodes as :class:`mmperf.steady.Station` records (rates per ms), from Table 1's means.

    The Stream Layer queues are bounded (a full first queue loses the capture, A7; the second blocks);
    the network is a pure delay (infinite servers); the newest-frame sink bounds its queue by dropping
    frames, a FIFO sink does not (its backlog grows until the bounded queues block the capture).

    Examples
    --------
    >>> from mmstudies.sharp.config import load_inputs
    >>> s = stations({"frame_rate_fps": 25.0, "background_load": 0.1, "sink_policy": "fifo"}, load_inputs())
    >>> [(x.name, round(x.utilisation, 3), x.bounded) for x in s]
    [('stream layer (source)', 0.001, True), ('network', 0.0, True), ('stream layer (destination)', 0.001, True), ('sink t6', 0.815, False)]
    """
    paper, stretch = inputs.paper, cpu_stretch(params["background_load"], inputs.reference_load)
    rate = params["frame_rate_fps"] / 1000.0
    sl = 1.0 / (paper["sl"].mean * stretch)
    sink = 1.0 / ((paper["dec"].mean + paper["pres"].mean) * stretch)
    return [steady.Station("stream layer (source)", rate, sl, bounded=True),
            steady.Station("network", rate, math.inf, bounded=True),
            steady.Station("stream layer (destination)", rate, sl, bounded=True),
            steady.Station("sink t6", rate, sink, bounded=params["sink_policy"] == "newest")]


def start(ch: Any, params: dict[str, Any], inputs: Inputs | None = None) -> Run:
    """Load the inputs, glue the numbers the prose quotes and judge the stations' steady state (closed form).

    Records ``offered_sink_utilisation`` and ``load_at_saturation`` (undefined when the sink is
    saturated at every load); records the stations (:func:`stations`, ``ch.stations`` where the record
    has it) and warns for a station without a steady state and for an overloaded newest-frame sink.
    """
    inp = inputs or load_inputs()
    period_ms = 1000.0 / params["frame_rate_fps"]
    paper, ref_load = inp.paper, inp.reference_load
    sink_mean = paper["dec"].mean + paper["pres"].mean
    for name, value in text.prose_values(params, inp, period_ms, sink_mean).items():
        ch.glue(name, value)
    offered = ch.metric("offered_sink_utilisation",
                        offered_sink_utilisation(sink_mean, period_ms, params["background_load"], ref_load))
    checks = steady.check_stations(stations(params, inp))
    if hasattr(ch, "stations"):
        ch.stations(checks)
    else:  # a record without the chapter's API (the audit's): the same warnings
        for c in steady.unsteady(checks):
            ch.warn(f"station {c.station} has no steady state", c.reason)
    unsteady = steady.unsteady(checks)
    unstable = "; ".join(c.reason for c in unsteady) if unsteady else None
    warning = text.sink_overload_warning(offered, params["sink_policy"])
    if warning and not unsteady:
        ch.warn(*warning)
    sat = saturation_load(sink_mean, period_ms, ref_load)
    if sat > 0:
        ch.metric("load_at_saturation", sat)
    else:
        ch.undefined("load_at_saturation", f"at {params['frame_rate_fps']:g} frames/s the sink is saturated even "
                     "with no background load")
        ch.warn("No saturation load", "the sink's mean time exceeds the frame period at every background load")
    return Run(params=params, inputs=inp, period_ms=period_ms, sink_mean=sink_mean, offered_util=offered,
               sat_load=sat, unstable=unstable)


def stage_fits(ch: Any, r: Run) -> pd.DataFrame:
    """The fitted stage family per Table 1 row (:func:`~mmstudies.sharp.analytic.fits_table`); glues how far
    the rows' maxima lie above their means (``z_max_low``, ``z_max_high``) and what a normal sample of the
    paper's size would give (``z_max_sample``)."""
    table = fits_table(r.paper, r.params["p_spike"])
    z = table["max in sd above mean"]
    ch.glue("z_max_sample", expected_max_normal(int(r.V["measured_frames"])))
    ch.glue("z_max_low", float(z.min()))
    ch.glue("z_max_high", float(z.max()))
    return table


def _delay_metrics(ch: Any, r: Run, m: pd.Series, h: pd.Series) -> None:
    """The end-to-end delay metrics (undefined without a steady state) and the per-stage statistics."""
    delay_metrics = {"e2e_mean_ms": "e2e_mean", "e2e_sd_ms": "e2e_sd", "e2e_min_ms": "e2e_min",
                     "e2e_max_ms": "e2e_max", "e2e_p99_ms": "e2e_p99", "wait_mean_ms": "wait_mean",
                     "sink_wait_mean_ms": "sink_wait_mean"}
    for name, col in delay_metrics.items():
        if hasattr(ch, "delay"):  # the chapter's record: a delay is a number only through steady stations
            ch.delay(name, m[col], through=STATIONS, drift=r.drift)
        if r.unstable:
            ch.undefined(name, r.unstable)
        elif not hasattr(ch, "delay"):
            ch.metric(name, m[col], unit="ms")
    for name, col in {"e2e_mean_ci_ms": "e2e_mean", "e2e_sd_ci_ms": "e2e_sd"}.items():
        if r.unstable:
            ch.undefined(name, r.unstable)
        else:
            ch.metric(name, h[col], unit="ms")
    ch.metric("sink_utilisation", m["sink_utilisation"])
    ch.metric("sink_utilisation_ci", h["sink_utilisation"])
    ch.metric("delivered_fps", m["delivered_fps"], unit="frames/s")
    for st in ("sl_src", "net", "sl_dst", "dec", "pres"):
        ch.metric(f"{st}_mean_ms", m[f"{st}_mean"], unit="ms")
        ch.metric(f"{st}_sd_ms", m[f"{st}_sd"], unit="ms")


def side_by_side(paper: dict[str, StageStats], m: pd.Series, unstable: str | None) -> pd.DataFrame:
    """Table 1 beside the same statistics from our replications (``m``: the means of
    :func:`summary_with_ci`); the end-to-end row is NaN without a steady state.

    Examples
    --------
    >>> paper = {k: StageStats(1.0, 3.0, 2.0, 0.5) for k in ("sl", "net", "dec", "pres", "e2e")}
    >>> m = pd.Series({f"{s}_{c}": 9.0 for s in ("sl_src", "net", "dec", "pres", "e2e")
    ...                for c in ("min", "mean", "max", "sd")})
    >>> t = side_by_side(paper, m, "no steady state")
    >>> t.loc[0, "role"], float(t.loc[0, "mean: paper"]), float(t.loc[0, "mean: ours"]), math.isnan(t.loc[4, "mean: ours"])
    ('input (target)', 2.0, 9.0, True)
    """
    rows = []
    for k, stage in (("sl", "sl_src"), ("net", "net"), ("dec", "dec"), ("pres", "pres"), ("e2e", "e2e")):
        row = {"stage": TABLE1_ROWS[k],
               "role": "input (target)" if k != "e2e" else "mean, sd: the inputs' sums; min, max: the model's"}
        for col in ("min", "mean", "max", "sd"):
            row[f"{col}: paper"] = getattr(paper[k], col)
            row[f"{col}: ours"] = math.nan if (unstable and k == "e2e") else m[f"{stage}_{col}"]
        rows.append(row)
    return pd.DataFrame(rows)


#: The stations every end-to-end delay passes through (the names :func:`stations` gives them).
STATIONS = ("stream layer (source)", "network", "stream layer (destination)", "sink t6")
#: At most this many replications of twice the run length check the end-to-end mean for drift.
DRIFT_REPLICATIONS = 20


def run_length_check(r: Run, mean: float, half_width: float) -> steady.DriftCheck:
    """The end-to-end mean at the chapter's run length against the same at twice it (cached, recursion only
    unless a queue could fill, seeds from ``seed + 5000``): :func:`mmperf.steady.run_length_drift`."""
    p = r.params
    n = min(p["replications"], DRIFT_REPLICATIONS)
    long = cached(replicate_pipeline, p_spike=p["p_spike"], frame_rate_fps=p["frame_rate_fps"],
                  background_load=p["background_load"], queue_capacity=p["queue_capacity"],
                  sink_policy=p["sink_policy"], frames_per_replication=2 * p["frames_per_replication"],
                  warmup_frames=p["warmup_frames"], replications=n, seed=p["seed"] + 5000,
                  table1_stats=r.paper, measured_load=r.inputs.reference_load, ciw_checked=0)
    x = long["runs"]["e2e_mean"].to_numpy(dtype=float)
    return steady.run_length_drift((mean, half_width), mean_ci(x), "the end-to-end mean")


def replications(ch: Any, r: Run) -> None:
    """Run the replications (cached); record which engine ran them, the delay and stage metrics and
    Table 1's own sums; glue ``sharp_engine_sentence``; warn when queues fill, when the engines disagree
    and when the sink is unstable because its queue fills (which makes the run ``unstable``)."""
    p = r.params
    r.sim = cached(replicate_pipeline, p_spike=p["p_spike"], frame_rate_fps=p["frame_rate_fps"],
                   background_load=p["background_load"], queue_capacity=p["queue_capacity"],
                   sink_policy=p["sink_policy"], frames_per_replication=p["frames_per_replication"],
                   warmup_frames=p["warmup_frames"], replications=p["replications"], seed=p["seed"],
                   table1_stats=r.paper, measured_load=r.inputs.reference_load,
                   ciw_checked=p["ciw_checked_replications"])
    runs = r.runs = r.sim["runs"]
    r.S = summary_with_ci(runs)
    m, h = r.S["mean"], r.S["ci_half_width"]
    capacity = p["queue_capacity"]
    # Which engine ran what, and whether the checked subset agreed.
    n_ciw = int((runs["engine"] == "ciw").sum())
    n_fill = int(runs["queues_can_fill"].sum())
    checked = runs[runs["checked"]]
    n_checked, n_equal = len(checked), int((checked["same_fate"] == 1.0).sum())
    worst = float(checked["max_abs_diff_ms"].max()) if n_checked else 0.0
    ch.metric("replications_by_recursion", len(runs) - n_ciw)
    ch.metric("replications_by_ciw", n_ciw)
    ch.metric("replications_checked_equal", n_equal)
    ch.glue("sharp_engine_sentence", text.engine_sentence(
        n_runs=len(runs), n_ciw=n_ciw, n_checked=n_checked, n_equal=n_equal, worst_ms=worst,
        ciw_checked=p["ciw_checked_replications"], n_fill=n_fill, queue_capacity=capacity))
    if r.unstable is None and r.offered_util >= 1 and n_fill:
        r.unstable = (f"the sink is offered {r.offered_util:.2f} of its capacity (at least 1) and its queue of "
                      f"{capacity} fills, so frames back up behind it (blocking) and every delay grows with the "
                      "length of the run")
        ch.warn("Sink unstable", r.unstable)
    r.drift = run_length_check(r, m["e2e_mean"], h["e2e_mean"]) if r.unstable is None else None
    if r.drift is not None:
        ch.metric("e2e_mean_twice_length_ms", r.drift.long_mean, unit="ms")
        if r.drift.drifts:
            r.unstable = r.drift.reason
            ch.warn("End-to-end delay drifts with the run length", r.drift.reason)
    if n_checked and n_equal < n_checked:
        ch.warn("Recursion and Ciw disagree", f"{n_checked - n_equal} checked replications differ frame by frame")
    if n_fill:
        ch.warn("Queues fill", f"a bounded queue of {capacity} filled in {n_fill} replications; they ran "
                "through Ciw (blocking and rejected captures)")
    _delay_metrics(ch, r, m, h)
    r.e2e_mean = math.nan if r.unstable else m["e2e_mean"]
    r.e2e_p99 = math.nan if r.unstable else m["e2e_p99"]
    paper = r.paper
    r.stage_sum = ch.metric("stage_mean_sum_ms", sum(m[f"{s}_mean"] for s in ("sl_src", "net", "sl_dst", "dec",
                                                                               "pres")))
    r.paper_stage_sum = ch.metric("paper_stage_mean_sum_ms", sum(paper[k].mean for k in ("sl", "net", "dec", "pres")))
    ch.metric("paper_residual_ms", paper["e2e"].mean - r.paper_stage_sum)
    ch.metric("paper_sd_independent_ms", math.sqrt(sum(paper[k].sd ** 2 for k in ("sl", "net", "dec", "pres"))))
    ch.metric("paper_sink_utilisation", r.sink_mean / r.V["frame_period_ms"])
    ch.metric("max_queue_seen", max(runs["max_queue_sl_src"].max(), runs["max_queue_sl_dst"].max()))
    ch.metric("frames_simulated", runs["frames"].sum())
    r.side = side_by_side(paper, m, r.unstable)
    ours = r.side.set_index(pd.Index(["sl", "net", "dec", "pres", "e2e"]))[["min: ours", "mean: ours", "max: ours"]]
    ours.columns = ["min", "mean", "max"]
    r.ours_t1 = ours


def _paper_setting() -> checktable.CheckSpec:
    """The conditions of the end-to-end mean's check in ``checks.yml`` (the paper's setting), read as data."""
    entries = yaml.safe_load(Path(__file__).with_name("checks.yml").read_text(encoding="utf-8"))["checks"]
    conditions = next(e["conditions"] for e in entries if e["id"] == "e2e-mean")
    return checktable.CheckSpec("e2e-mean", "", 44.4, "", "", "arithmetic", "", conditions=conditions)


_PAPER_SETTING = _paper_setting()


def paper_setting_differs(params: dict[str, Any]) -> list[str]:
    """The conditions of Table 1's end-to-end check (the paper's setting) that ``params`` change, in words.

    Examples
    --------
    >>> paper_setting_differs({"frame_rate_fps": 25.0, "background_load": 0.1})
    []
    >>> paper_setting_differs({"frame_rate_fps": 25.0, "background_load": 0.3})
    ['background_load = 0.3 (the paper: 0.1)']
    """
    return checktable.differing(_PAPER_SETTING, params)


def result_sentences(ch: Any, r: Run) -> None:
    """Glue the Stream Layer's two-point fit and the end-to-end mean, spread and sink-utilisation sentences."""
    paper, S = r.paper, r.S
    m, h = S["mean"], S["ci_half_width"]
    for name, value in zip(("sl_two_point_p", "sl_two_point_mean", "sl_two_point_sd"), two_point_fit(paper["sl"]),
                           strict=True):
        ch.glue(name, value)
    differs = paper_setting_differs(r.params)
    ch.glue("sharp_e2e_sentence", text.e2e_sentence(
        e2e_mean=r.e2e_mean, ci_half_width=h["e2e_mean"], paper_e2e_mean=paper["e2e"].mean, stage_sum=r.stage_sum,
        wait_mean=m["wait_mean"], sink_wait_mean=m["sink_wait_mean"], gap_ms=paper["e2e"].mean - r.e2e_mean,
        paper_stage_sum=r.paper_stage_sum, differs=differs, unstable=r.unstable))
    stretch = cpu_stretch(r.params["background_load"], r.inputs.reference_load)
    ch.glue("sharp_spread_sentence", text.spread_sentence(
        sd=m["e2e_sd"], sd_ci=h["e2e_sd"], paper_sd=paper["e2e"].sd,
        sd_independent=ch.metrics.get("paper_sd_independent_ms", math.nan), e2e_min=m["e2e_min"],
        paper_min=paper["e2e"].min, stretch=stretch, differs=differs, unstable=r.unstable))
    slack = r.period_ms - r.sink_mean * stretch
    ch.glue("sharp_util_sentence", text.util_sentence(
        sink_util=ch.metrics["sink_utilisation"], sink_util_ci=h["sink_utilisation"], offered_util=r.offered_util,
        paper_dec_mean=paper["dec"].mean, paper_pres_mean=paper["pres"].mean, period_ms=r.period_ms,
        slack_ms=slack, max_queue=ch.metrics["max_queue_seen"], queue_capacity=r.params["queue_capacity"],
        at_paper_setting=not differs))


def frame_loss(ch: Any, r: Run) -> None:
    """The frame-loss claim: the paper's sample, our replications and a long exact run (cached).

    Records ``cp_upper_sample``, the replications' lost and late frames and rates, and the long
    run's (undefined where a queue would fill there); glues ``sharp_loss_sentence`` and
    ``sharp_late_sentence``.
    """
    p, runs, bound = r.params, r.runs, r.bound
    r.cp_hi_sample = ch.metric("cp_upper_sample", clopper_pearson(0, int(r.V["measured_frames"]))[1])
    r.lost = int(runs["dropped"].sum() + runs["rejected"].sum())
    r.late = int(round((runs["late_rate"] * runs["frames"]).sum()))
    r.n_frames = n = int(runs["frames"].sum())
    lo_r, hi_r = clopper_pearson(r.lost, n)
    ch.metric("lost_frames_reps", r.lost)
    ch.metric("late_frames_reps", r.late)
    if r.unstable:
        for name in ("loss_reps", "loss_reps_upper", "late_rate_reps"):
            ch.undefined(name, r.unstable)
    else:
        ch.metric("loss_reps", r.lost / n)
        ch.metric("loss_reps_upper", hi_r)
        ch.metric("late_rate_reps", r.late / n)
    long = cached(long_run_loss, **(r.common() | {"background_load": p["background_load"],
                                                  "total_frames": p["long_run_frames"], "replications": 20,
                                                  "seed": p["seed"]}))
    r.long_n, r.long_lost, late_long = int(long["frames"].sum()), int(long["dropped"].sum()), int(long["late"].sum())
    r.long_exact = bool(long["exact"].all())
    long_hi = clopper_pearson(r.long_lost, r.long_n)[1]
    ch.metric("long_run_frames_used", r.long_n)
    ch.metric("long_run_hours", r.long_n * r.period_ms / 3.6e6, unit="h")
    if r.long_exact:
        ch.metric("loss_long", r.long_lost / r.long_n)
        ch.metric("loss_long_upper", long_hi)
        ch.metric("late_rate_long", late_long / r.long_n)
    else:
        why = (f"with queues of {p['queue_capacity']} a frame would find the sink full, where Ciw blocks and the "
               "recursion supersedes: the long run is not the model")
        ch.warn("Long run not exact", why)
        for name in ("loss_long", "loss_long_upper", "late_rate_long"):
            ch.undefined(name, why)
    ch.glue("sharp_loss_sentence", text.loss_sentence(
        lost=r.lost, n_frames=n, n_reps=len(runs), frames_per_rep=p["frames_per_replication"], hi_reps=hi_r,
        lo_reps=lo_r, long_exact=r.long_exact, long_lost=r.long_lost, long_n=r.long_n, long_hi=long_hi,
        period_ms=r.period_ms, bound=bound, unstable=r.unstable, differs=paper_setting_differs(p)))
    ch.glue("sharp_late_sentence", text.late_sentence(late=r.late, n_frames=n, long_exact=r.long_exact,
                                                      late_long=late_long, long_n=r.long_n, bound=bound,
                                                      unstable=r.unstable))


def load_sweep(ch: Any, r: Run) -> None:
    """Loss against background load (cached sweep): records ``load_at_loss_bound`` (undefined, with a
    warning, when the grid holds no such load or loss passes the bound at no load) and glues
    ``sharp_cliff_sentence``."""
    p, bound = r.params, r.bound
    loads = loss_grid(r.sink_mean, r.period_ms, r.inputs.reference_load)
    r.sweep = cached(loss_sweep, loads=loads, frames=p["sweep_frames"], seed=p["seed"], **r.common())
    r.first_over = first = first_load_over(r.sweep, bound)
    fps = p["frame_rate_fps"]
    if math.isnan(first):
        why = (f"no background load up to {max(loads):.2f} (the top of the search grid) makes the newest-frame sink "
               f"lose more than {bound:g} of the frames at {fps:g} frames/s")
        cliff = f"In this run {why}."
    elif first <= 0:
        why = f"loss exceeds {bound:g} even with no background load at {fps:g} frames/s"
        cliff = f"In this run {why}: there is no margin at all."
    else:
        why = None
        ch.metric("load_at_loss_bound", first)
        cliff = text.cliff_sentence(first, bound, r.sat_load, r.inputs.reference_load)
    if why:
        ch.undefined("load_at_loss_bound", why)
        ch.warn("Answer outside the search grid", why)
    if not bool(r.sweep["exact"].all()):
        ch.warn("Load sweep not exact everywhere", f"at some loads a queue of {p['queue_capacity']} would fill; the "
                "sweep's recursion supersedes where Ciw would block")
    ch.glue("sharp_cliff_sentence", cliff)


def overload_load(sat_load: float, background_load: float) -> float:
    """The background load of the policy demonstration: just past saturation (3.5 points), within [0, 0.9];
    the run's own load when the sink is saturated at every load.

    Examples
    --------
    >>> overload_load(0.2665, 0.1), overload_load(0.95, 0.1), overload_load(-0.2, 0.1)
    (0.3, 0.9, 0.1)
    """
    return round(min(max(sat_load + 0.035, 0.0), 0.9), 2) if sat_load > 0 else background_load


def overload(ch: Any, r: Run) -> None:
    """The same overloaded stream through the newest-frame and the FIFO sink (cached, Ciw); records the
    load, the offered utilisation, the FIFO sink's last delay, the newest-frame sink's worst delay and
    both losses."""
    p = r.params
    r.overload_load = load = overload_load(r.sat_load, p["background_load"])
    r.policy = pol = cached(policy_demo, p_spike=p["p_spike"], frame_rate_fps=p["frame_rate_fps"],
                            background_load=load, queue_capacity=p["queue_capacity"], frames=1500, seed=p["seed"],
                            table1_stats=r.paper, measured_load=r.inputs.reference_load)
    fifo_shown = pol["fifo"][pol["fifo"]["fate"] == "shown"]
    newest_shown = pol["newest"][pol["newest"]["fate"] == "shown"]
    ch.metric("overload_load", load)
    ch.metric("overload_offered_utilisation",
              offered_sink_utilisation(r.sink_mean, r.period_ms, load, r.inputs.reference_load))
    ch.metric("overload_fifo_e2e_last_ms", float(fifo_shown["e2e"].iloc[-1]), unit="ms")
    ch.metric("overload_newest_e2e_max_ms", float(newest_shown["e2e"].max()), unit="ms")
    ch.metric("overload_newest_loss", float((pol["newest"]["fate"] != "shown").mean()))
    ch.metric("overload_fifo_loss", float((pol["fifo"]["fate"] != "shown").mean()))


def trace_times(events: pd.DataFrame) -> dict[str, float]:
    """What Figure 8's event times (microseconds) say, in ms: the video round trip (mean of video-in minus
    video-source), the sink's busy time (first video-in to second t6 release), the video period and the
    mean gap between audio-source events.

    Examples
    --------
    >>> ev = pd.DataFrame({"series": ["video_src", "video_src", "video_in", "video_in", "t6_release", "t6_release",
    ...                               "audio_src", "audio_src", "audio_src"],
    ...                    "time_us": [0, 40000, 21000, 61000, 10000, 52000, 0, 9000, 20000]})
    >>> trace_times(ev)
    {'rtt': 21.0, 'busy': 31.0, 'video_period': 40.0, 'audio_gap': 10.0}
    """
    ev = events.assign(ms=events["time_us"] / 1000)
    vs, vi, rel, aud = (sorted(ev.loc[ev.series == s, "ms"]) for s in TRACE_SERIES)
    return {"rtt": float(np.mean(np.subtract(vi, vs))), "busy": float(rel[1] - vi[0]),
            "video_period": float(vs[1] - vs[0]),
            "audio_gap": float(np.mean(np.diff(aud)))}


def trace(ch: Any, r: Run) -> None:
    """Figure 8's event times beside the model's mean round trip and sink time (all recorded)."""
    t = r.trace = trace_times(r.inputs.events)
    m = r.S["mean"]
    ch.metric("trace_round_trip_ms", t["rtt"])
    ch.metric("trace_t6_busy_ms", t["busy"])
    ch.metric("trace_video_period_ms", t["video_period"])
    ch.metric("trace_audio_gap_mean_ms", t["audio_gap"])
    t["model_rtt"] = ch.metric("model_round_trip_ms", m["sl_src_mean"] + 2 * m["net_mean"] + m["sl_dst_mean"])
    t["model_busy"] = ch.metric("model_sink_busy_ms", m["dec_mean"] + m["pres_mean"])


def _weighted_e2e_mean(run: pd.DataFrame) -> float:
    return float((run["e2e_mean"] * run["frames"]).sum() / run["frames"].sum())


def tracer_overhead(ch: Any, r: Run) -> None:
    """The same stream with the tracer's CPU share added to the background load (cached runs at both loads):
    records ``ltt_mean_shift_ms`` and glues ``sharp_ltt_sentence``."""
    p = r.params
    ltt_load = min(p["background_load"] + r.V["ltt_cpu_share_max"], 0.95)
    ltt_runs = {name: cached(long_run_loss, **(r.common() | {"background_load": load,
                                                             "total_frames": p["sweep_frames"], "replications": 5,
                                                             "seed": p["seed"] + 7000}))
                for name, load in (("base", p["background_load"]), ("ltt", ltt_load))}
    base_mean, ltt_mean = (_weighted_e2e_mean(run) for run in ltt_runs.values())
    r.base_mean = base_mean
    r.ltt = {"d_mean": ltt_mean - base_mean, "rel": (ltt_mean - base_mean) / base_mean,
             "loss_base": float(ltt_runs["base"]["dropped"].sum() / ltt_runs["base"]["frames"].sum()),
             "loss_ltt": float(ltt_runs["ltt"]["dropped"].sum() / ltt_runs["ltt"]["frames"].sum())}
    ch.metric("ltt_mean_shift_ms", r.ltt["d_mean"], unit="ms")
    ch.glue("sharp_ltt_sentence", text.ltt_sentence(**r.ltt))


def paper_budget(paper: dict[str, StageStats], prop_ms: float, paper_stage_sum: float,
                 limit_ms: float) -> dict[str, float]:
    """Where Table 1's one-way delay goes, with the unitemised residual and the margin to ``limit_ms``.

    Examples
    --------
    >>> paper = {k: StageStats(0, 0, v, 0) for k, v in (("sl", 1.0), ("net", 10.0), ("dec", 20.0), ("pres", 10.0),
    ...                                                  ("e2e", 45.0))}
    >>> paper_budget(paper, 1.0, 41.0, 150.0)["not itemised in Table 1"]
    4.0
    >>> paper_budget(paper, 1.0, 41.0, 150.0)["margin to the limit"], paper_budget(paper, 1.0, 41.0, 40.0)["margin to the limit"]
    (105.0, 0.0)
    """
    parts = {
        "stream layer (both sides)": paper["sl"].mean,
        "network: propagation": prop_ms,
        "network: hosts, routers, reflector": paper["net"].mean - prop_ms,
        "video decoding": paper["dec"].mean,
        "video presentation": paper["pres"].mean,
        "not itemised in Table 1": paper["e2e"].mean - paper_stage_sum,
    }
    parts["margin to the limit"] = max(limit_ms - paper["e2e"].mean, 0.0)
    return parts


def model_budget(m: pd.Series, prop_ms: float, limit_ms: float) -> dict[str, float]:
    """Where our mean one-way delay goes (``m``: the replications' means), with the margin to ``limit_ms``.

    Examples
    --------
    >>> m = pd.Series({"sl_src_mean": 0.05, "sl_dst_mean": 0.05, "net_mean": 10.0, "wait_mean": 0.5,
    ...                "dec_mean": 20.0, "pres_mean": 10.0})
    >>> b = model_budget(m, 1.0, 150.0)
    >>> float(b["network: hosts, routers, reflector"]), round(float(b["margin to the limit"]), 6)
    (9.0, 109.4)
    """
    parts = {
        "stream layer (both sides)": m["sl_src_mean"] + m["sl_dst_mean"],
        "network: propagation": prop_ms,
        "network: hosts, routers, reflector": m["net_mean"] - prop_ms,
        "queueing waits": m["wait_mean"],
        "video decoding": m["dec_mean"],
        "video presentation": m["pres_mean"],
    }
    parts["margin to the limit"] = max(limit_ms - sum(parts.values()), 0.0)
    return parts


def budget(ch: Any, r: Run) -> None:
    """The latency budget: records the propagation delay, the sink's and the middleware's shares and the
    margins and distances to the limit, for the mean and the 99th percentile (undefined, with a warning,
    when the limit is missed at any distance); glues ``sharp_budget_sentence``."""
    V, m, limit = r.V, r.S["mean"], r.params["one_way_limit_ms"]
    prop = ch.metric("propagation_measured_ms", V["distance_km"] * V["fibre_delay_us_per_km"] / 1000, unit="ms")
    r.paper_parts = paper_budget(r.paper, prop, r.paper_stage_sum, limit)
    if r.unstable:
        r.ours_parts = None
        for name in ("margin_ms", "margin_p99_ms", "max_distance_km", "max_distance_p99_km", "middleware_share",
                     "sink_share"):
            ch.undefined(name, r.unstable)
        ch.glue("sharp_budget_sentence", f"In this run the budget is not computed: {r.unstable}.")
        return
    r.ours_parts = model_budget(m, prop, limit)
    middleware = ch.metric("middleware_share", (m["sl_src_mean"] + m["sl_dst_mean"]) / r.e2e_mean)
    sink = ch.metric("sink_share", (m["dec_mean"] + m["pres_mean"]) / r.e2e_mean)
    sentence = text.budget_shares_sentence(sink_share=sink, middleware_share=middleware, distance_km=V["distance_km"],
                                           prop_ms=prop, net_mean=m["net_mean"])
    for label, value, suffix in (("mean", r.e2e_mean, ""), ("99th percentile", r.e2e_p99, "_p99")):
        margin = limit - value
        far = distance_for_limit(value, limit, V["distance_km"], V["fibre_delay_us_per_km"])
        if margin > 0:
            ch.metric(f"margin{suffix}_ms", margin, unit="ms")
        else:
            ch.undefined(f"margin{suffix}_ms", f"the {label} delay exceeds the {limit:g} ms limit")
        if far > 0:
            ch.metric(f"max_distance{suffix}_km", far, unit="km")
        else:
            why = (f"the {label} delay ({value:.1f} ms) exceeds the {limit:g} ms limit even with the "
                   "sites side by side")
            ch.undefined(f"max_distance{suffix}_km", why)
            ch.warn("Limit missed at any distance", why)
        sentence += text.budget_limit_sentence(label, value, limit, far)
        if label == "mean" and far > V["distance_km"]:
            sentence += ("For distance, the software is not the limit at these parameters; longer routes through "
                         "more routers, and the jitter they add, would be. ")
    ch.glue("sharp_budget_sentence", sentence)


def paper_arithmetic(ch: Any, r: Run) -> None:
    """Our arithmetic on the text's numbers: the encoded frame size, its IP fragments, the audio bytes per
    period and uncompressed mono CD audio (all recorded)."""
    V = r.V
    r.arithmetic = {
        "frame_bytes": ch.metric("frame_bytes", V["video_bw_avg_mbps"] * 1e6 / 8 / V["frame_rate_fps"]),
        "frags": ch.metric("ip_fragments_frame", ip_fragments(V["video_frame_kbytes"] * 1000)),
        "audio_bytes": ch.metric("audio_bytes_per_period",
                                 V["audio_bw_kbps"] * 1000 / 8 * V["audio_period_ms"] / 1000),
    }
    ch.metric("cd_mono_kbps", CD_MONO_KBPS)
