"""Sweeps of the model: replications in parallel processes, means and confidence intervals.

Replication ``r`` of every configuration uses seed ``seed + r`` (common random numbers: the
configurations of one replication see the same frame sizes and phases, which sharpens the
comparisons between modes and hosts).

Examples
--------
>>> from mmstudies.huynh.config import Config
>>> runs = run_configs([Config(frames=150, io_mode="move")], replications=2, seed=3, workers=1,
...                    progress=False)
>>> sorted(runs["replication"])
[0, 1]
>>> s = summarise(runs, ["io_mode"], ["util_host"], level=0.9)
>>> float(s["util_host_mean"].iloc[0]) < 1e-3    # start-up code only (5 KLOCS per stream)
True
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

import pandas as pd

from mmperf.parallel import pmap
from mmperf.stats import summarize

from .config import HOSTS, IO_MODES, MIXINGS, Config, check_config
from .model import run_once
from .scoring import Lookup


def _task(args: tuple[dict, int]) -> dict:
    cfg_dict, seed = args
    cfg = Config(**cfg_dict)
    start, cpu = time.perf_counter(), time.process_time()
    out = run_once(cfg, seed)
    out["seconds"] = time.perf_counter() - start
    out["cpu_seconds"] = time.process_time() - cpu   # unaffected by other processes on the machine
    return out


def run_configs(configs: list[Config], *, replications: int, seed: int, workers: int = 2,
                progress: bool = True, label: str = "Huynh sweep") -> pd.DataFrame:
    """Run every configuration ``replications`` times; one row per (configuration, replication).

    Runs go to ``workers`` processes (:func:`mmperf.parallel.pmap`); a plain-text bar shows
    progress. Every configuration is checked before the first run starts.
    """
    for cfg in configs:
        check_config(cfg)
    tasks, keys = [], []
    for cfg in configs:
        for r in range(replications):
            tasks.append((_cfg_dict(cfg), seed + r))
            keys.append((cfg, r))
    results = pmap(_task, tasks, workers=workers, progress=progress, label=label)
    rows = []
    for (cfg, r), out in zip(keys, results, strict=True):
        row = {**_cfg_dict(cfg), "replication": r}
        row["streams"] = "+".join(cfg.streams)
        rows.append({**row, **out})
    return pd.DataFrame(rows)


def _cfg_dict(cfg: Config) -> dict:
    d = asdict(cfg)
    d["streams"] = tuple(cfg.streams)
    return d


def summarise(runs: pd.DataFrame, by: list[str], metrics: list[str], level: float) -> pd.DataFrame:
    """Per group: ``<metric>_mean`` and ``<metric>_ci`` (Student-t half-width at ``level``) and ``n``.

    The wide form of :func:`mmperf.stats.summarize`, one pair of columns per metric.
    """
    out = None
    for m in metrics:
        s = summarize(runs, list(by), m, level).rename(columns={"mean": f"{m}_mean", "ci_half_width": f"{m}_ci"})
        out = s if out is None else out.merge(s.drop(columns="n"), on=list(by), how="left")
    return out


# -- the chapter's experiments -----------------------------------------------------------------

def main_configs(frame_rates: list[float], base: Config, modes=IO_MODES, hosts=HOSTS,
                 mixings=MIXINGS) -> list[Config]:
    """Modes x hosts x frame rates x mixing schemes (Figs. 4, 6-9, 11, 12)."""
    return [base.with_(io_mode=m, host=h, frame_rate=float(f), mixing=x)
            for x in mixings for m in modes for h in hosts for f in frame_rates]


def run_chapter_sweep(*, frame_rates: list[float], base: dict, replications: int, seed: int,
                      workers: int, frame_rate: float, sweep_frames: int,
                      adapter_klocs: list[float]) -> dict[str, pd.DataFrame]:
    """Every simulation the chapter shows, in one call (so the notebook can cache it).

    Returns frames ``main`` (Figs. 4, 6-9, 11, 12), ``adapter_kloc`` (Fig. 5, delay panel),
    ``single`` (Fig. 10), ``pipeline`` (the pipeline-semantics sensitivity) and ``timing``
    (wall-clock and CPU seconds per part). Fig. 5's CPU panel is not simulated: the host's
    utilisation against the path length is the utilisation law's, exactly
    (:func:`.analytic.host_kloc_sweep`).
    """
    b = Config(**base)
    parts = {
        "main": main_configs(frame_rates, b),
        "adapter_kloc": [b.with_(io_mode="move", host=h, mixing="distributed", frame_rate=frame_rate,
                                 adapter_vc_kloc=float(k), frames=sweep_frames)
                         for h in HOSTS for k in adapter_klocs],
        # the file-transfer chain alone is the file transfer, whatever file_transfer says
        "single": [b.with_(io_mode=m, host=h, frame_rate=frame_rate, mixing="centralized", streams=(s,),
                           frames=sweep_frames, file_transfer=b.file_transfer or s == "ft")
                   for m in IO_MODES for h in HOSTS for s in ("out", "in", "ft")],
        "pipeline": [b.with_(io_mode=m, host="386", mixing="distributed", frame_rate=float(f),
                             pipeline_model="compute_time", frames=sweep_frames)
                     for m in IO_MODES for f in frame_rates]
        + [b.with_(io_mode=m, host="386", mixing="distributed", frame_rate=float(f), frames=n)
           for m in IO_MODES for f in frame_rates for n in sorted({sweep_frames, b.frames})
           if n != b.frames],
    }
    out, timing = {}, {}
    for name, configs in parts.items():
        start = time.perf_counter()
        out[name] = run_configs(configs, replications=replications, seed=seed, workers=workers,
                                label=f"Huynh {name}")
        timing[name] = time.perf_counter() - start
    out["timing"] = pd.DataFrame({"part": list(timing), "seconds": list(timing.values()),
                                  "cpu_seconds": [float(out[p]["cpu_seconds"].sum()) for p in timing],
                                  "runs": [len(out[p]) for p in timing],
                                  "events": [int(out[p]["events"].sum()) for p in timing]})
    return out


def summarise_all(results: dict[str, pd.DataFrame], level: float) -> dict[str, pd.DataFrame]:
    """Means and CIs of every part of :func:`run_chapter_sweep` (the keys it returns, minus timing)."""
    from .scoring import MAIN_METRICS

    metrics = [m for m in MAIN_METRICS if m in results["main"]]
    group = {"main": ["mixing", "io_mode", "host", "frame_rate"],
             "adapter_kloc": ["host", "adapter_vc_kloc"],
             "single": ["io_mode", "host", "streams"],
             "pipeline": ["io_mode", "pipeline_model", "frames", "frame_rate"]}
    return {name: summarise(results[name], by, metrics, level) for name, by in group.items()}


# -- what the page reads off the runs ------------------------------------------------------------
#
# Each function below returns rows ``(name, value, unit, reason)`` for :func:`record`: ``reason`` is
# why the value may be undefined at some parameters (NaN then becomes an undefined metric with that
# reason), or ``None`` for a value that is always defined (a NaN there is a bug and must stop the run).

def record(ch: Any, rows: Iterable[tuple[str, float, str, str | None]]) -> None:
    """Record every row on the chapter ``ch``: ``ch.metric`` or ``ch.value_or_undefined``, in order.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> seen = []
    >>> ch = SimpleNamespace(metric=lambda n, v, unit="": seen.append((n, v, unit)),
    ...                      value_or_undefined=lambda n, v, why, unit="": seen.append((n, v, unit, why)))
    >>> record(ch, [("a_ms", 1.5, "ms", None), ("b", float("nan"), "", "no frames")])
    >>> seen
    [('a_ms', 1.5, 'ms'), ('b', nan, '', 'no frames')]
    """
    for name, value, unit, reason in rows:
        if reason is None:
            ch.metric(name, value, unit=unit)
        else:
            ch.value_or_undefined(name, value, reason, unit=unit)


def chapter_grid(frame_rates: Iterable[float], frame_rate: float, v: dict[str, float]) -> list[float]:
    """The frame rates of the main sweep: the chapter's list, its single-point rate and the paper's anchors.

    The anchor rates (8 and 30 frames/s, ``frame_rate_low`` and ``frame_rate_high``) are always
    simulated because the scorecard compares at them.

    Examples
    --------
    >>> chapter_grid([15, 8.0], 20, {"frame_rate_low": 8.0, "frame_rate_high": 30.0})
    [8.0, 15.0, 20.0, 30.0]
    """
    return sorted(set(float(f) for f in frame_rates) | {float(frame_rate), v["frame_rate_low"], v["frame_rate_high"]})


def overload(grid: list[float], base: Config) -> tuple[tuple[str, str] | None, str | None]:
    """The warning for devices at offered load >= 1 in the main sweep, and why the delay checks do not apply.

    Returns ``(warning, na_delays)``: ``warning`` is ``(what, why)`` for ``ch.warn`` and
    ``na_delays`` the reason handed to the scorecard, or ``(None, None)`` when no device is
    overloaded. The worst device (highest load) is named.

    Examples
    --------
    >>> overload([30.0], Config())
    (None, None)
    >>> warning, na = overload([30.0], Config(host_vc_kloc=120.0))   # (90 * 145 + 30 * 30) / 8550 KLOCS/s
    >>> na
    'host CPU overloaded (load 1.63) in Locate 386, distributed, 30 frames/s'
    """
    from .analytic import overloaded

    over = overloaded(main_configs(grid, base))
    if not over:
        return None, None
    cfg, device, rho = max(over, key=lambda x: x[2])
    where = f"{cfg.io_mode.title()} {cfg.host}, {cfg.mixing}, {cfg.frame_rate:g} frames/s"
    warning = (f"{len(over)} device(s) overloaded in the main sweep (worst: {device} at load {rho:.2f}, {where})",
               "at an offered load of 1 or more a queue grows for as long as frames arrive, so the delays depend "
               "on the run length; the delay checks are marked not applicable")
    return warning, f"{device} overloaded (load {rho:.2f}) in {where}"


def run_metrics(results: dict[str, pd.DataFrame]) -> list[tuple[str, float, str, None]]:
    """The cost and the sanity of the runs: time, events, runs, conservation, Locate's outstanding requests.

    ``conservation_all`` is the smallest ``conservation_ok`` of any run (1 when every frame that
    entered a run left it or is counted inside); ``max_outstanding_locate`` the most requests
    any device had outstanding in Locate Mode (the one-request rule makes it 1).

    Examples
    --------
    >>> timing = pd.DataFrame({"seconds": [1.0, 2.0], "cpu_seconds": [0.5, 1.5], "events": [10, 20],
    ...                        "runs": [2, 3]})
    >>> main = pd.DataFrame({"io_mode": ["locate", "move"], "max_outstanding": [1, 4],
    ...                      "conservation_ok": [1.0, 1.0]})
    >>> [(n, v) for n, v, _, _ in run_metrics({"main": main, "single": main.iloc[:1], "timing": timing})]
    [('simulation_wall_s', 3.0), ('simulation_cpu_s', 2.0), ('simulated_events', 30.0), ('runs', 5.0), \
('conservation_all', 1.0), ('max_outstanding_locate', 1.0)]
    """
    timing = results["timing"]
    conservation = float(min(r["conservation_ok"].min() for k, r in results.items() if k != "timing"))
    return [("simulation_wall_s", float(timing["seconds"].sum()), "s", None),
            ("simulation_cpu_s", float(timing["cpu_seconds"].sum()), "s", None),
            ("simulated_events", float(timing["events"].sum()), "", None),
            ("runs", float(timing["runs"].sum()), "", None),
            ("conservation_all", conservation, "", None),
            ("max_outstanding_locate",
             float(results["main"].query("io_mode == 'locate'")["max_outstanding"].max()), "", None)]


# How the timing table is shown (keyword arguments of ``ch.table``).
TIMING_FORMAT = {"formats": {"runs": "int", "events": "int", "CPU time": ".1f", "wall time": ".1f"},
                 "units": {"CPU time": "s", "wall time": "s"}}


def timing_table(timing: pd.DataFrame) -> pd.DataFrame:
    """The runs' cost per sweep, with the page's column names: sweep, runs, events, CPU time, wall time.

    Examples
    --------
    >>> t = pd.DataFrame({"part": ["main"], "seconds": [2.0], "cpu_seconds": [1.0], "runs": [4], "events": [9]})
    >>> list(timing_table(t).columns)
    ['sweep', 'runs', 'events', 'CPU time', 'wall time']
    """
    shown = timing.rename(columns={"part": "sweep", "seconds": "wall time", "cpu_seconds": "CPU time"})
    return shown[["sweep", "runs", "events", "CPU time", "wall time"]]


_NO_FRAME = "no frame of this stream left the network in these runs (an overloaded device: see the warnings)"


def delay_metrics(main: Lookup, focus: dict, file_transfer: bool) -> list[tuple[str, float, str, str]]:
    """The headline delays (ms) at the focus configuration: mean, CI half-width and both modes' means.

    For each of ``delay_send``, ``delay_recv`` and ``delay_ft``: ``<k>_ms``, ``<k>_ci_ms``,
    ``<k>_locate_ms`` and ``<k>_move_ms``. ``focus`` holds ``io_mode``, ``host``, ``mixing`` and
    ``frame_rate``; ``main`` is a :class:`.scoring.Lookup` of the main sweep's summary.

    Examples
    --------
    >>> s = pd.DataFrame({"io_mode": ["locate", "move"], "host": "386", "mixing": "distributed",
    ...                   "frame_rate": 30.0, "delay_send_mean": [0.040, 0.035], "delay_send_ci": [0.002, 0.001],
    ...                   "delay_recv_mean": [0.1, 0.09], "delay_recv_ci": 0.01,
    ...                   "delay_ft_mean": float("nan"), "delay_ft_ci": float("nan")})
    >>> focus = dict(io_mode="locate", host="386", mixing="distributed", frame_rate=30.0)
    >>> rows = delay_metrics(Lookup(s), focus, file_transfer=False)
    >>> [(n, round(v, 6)) for n, v, _, _ in rows[:4]]
    [('delay_send_ms', 40.0), ('delay_send_ci_ms', 2.0), ('delay_send_locate_ms', 40.0), ('delay_send_move_ms', 35.0)]
    >>> rows[-1][0], rows[-1][3]
    ('delay_ft_move_ms', 'no file transfers in this run (file_transfer is off)')
    """
    rows = []
    for k in ("delay_send", "delay_recv", "delay_ft"):
        reason = ("no file transfers in this run (file_transfer is off)" if k == "delay_ft" and not file_transfer
                  else _NO_FRAME)
        rows.append((f"{k}_ms", 1e3 * main.m(k, **focus), "ms", reason))
        rows.append((f"{k}_ci_ms", 1e3 * main(k, **focus)[1], "ms", reason))
        for m in IO_MODES:
            rows.append((f"{k}_{m}_ms", 1e3 * main.m(k, **{**focus, "io_mode": m}), "ms", reason))
    return rows


COMPONENT_SLUGS = ("operating_system_queuing", "data_transfers", "video_mixing")


def component_metrics(main: Lookup, frame_rate: float) -> list[tuple[str, float, str, str]]:
    """Delay components (ms) the prose names: ``c_<send|recv>_<component>_<mode>_ms``, i386, distributed.

    The components are OS queueing, data transfers and video mixing (:data:`COMPONENT_SLUGS`),
    at the single-point ``frame_rate``, both modes; 12 rows.

    Examples
    --------
    >>> cols = {f"comp_{k}_{s}_{x}": 0.001 for k in ("send", "recv") for s in COMPONENT_SLUGS for x in ("mean", "ci")}
    >>> s = pd.DataFrame({"io_mode": ["locate", "move"], "host": "386", "mixing": "distributed",
    ...                   "frame_rate": 15.0, **cols})
    >>> rows = component_metrics(Lookup(s), 15)
    >>> len(rows), rows[0][0], round(rows[0][1], 6)
    (12, 'c_send_operating_system_queuing_locate_ms', 1.0)
    """
    at = dict(host="386", mixing="distributed", frame_rate=float(frame_rate))
    return [(f"c_{kind}_{slug}_{m}_ms", 1e3 * main.m(f"comp_{kind}_{slug}", io_mode=m, **at), "ms",
             "no frame of this stream finished")
            for kind in ("send", "recv") for m in IO_MODES for slug in COMPONENT_SLUGS]


def pipeline_metrics(pipeline: pd.DataFrame, main: Lookup, top: float,
                     sweep_frames: int) -> list[tuple[str, float, str, str]]:
    """Receive delay (ms) at the top frame rate under the two pipeline readings (i386, Locate, distributed).

    ``recv_compute_time_ms`` from the sensitivity runs (``pipeline``, the summary of
    :func:`run_chapter_sweep`'s ``pipeline`` part, runs of ``sweep_frames`` frames) and
    ``recv_frame_time_ms`` from the main sweep (``main``).

    Examples
    --------
    >>> p = pd.DataFrame({"io_mode": ["locate"], "pipeline_model": ["compute_time"], "frames": [200],
    ...                   "frame_rate": [30.0], "delay_recv_mean": [0.02], "delay_recv_ci": [0.0]})
    >>> m = pd.DataFrame({"io_mode": ["locate"], "host": ["386"], "mixing": ["distributed"],
    ...                   "frame_rate": [30.0], "delay_recv_mean": [0.1], "delay_recv_ci": [0.0]})
    >>> [(n, round(v, 6)) for n, v, _, _ in pipeline_metrics(p, Lookup(m), 30.0, 200)]
    [('recv_compute_time_ms', 20.0), ('recv_frame_time_ms', 100.0)]
    """
    no_frames = "no received frame left the network in these runs (an overloaded device: see the warnings)"
    compute = Lookup(pipeline).m("delay_recv", io_mode="locate", pipeline_model="compute_time",
                                 frames=sweep_frames, frame_rate=top)
    frame_time = main.m("delay_recv", io_mode="locate", host="386", mixing="distributed", frame_rate=top)
    return [("recv_compute_time_ms", 1e3 * compute, "ms", no_frames),
            ("recv_frame_time_ms", 1e3 * frame_time, "ms", no_frames)]
