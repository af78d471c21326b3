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

from .config import HOSTS, IO_MODES, MIXINGS, PIPELINE_MODELS, Config, check_config
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


def single_configs(base: Config, frame_rate: float, sweep_frames: int) -> list[Config]:
    """One chain at a time (Fig. 10): outgoing, incoming, file transfer; both modes and hosts, centralized.

    The file-transfer chain alone is the file transfer, whatever ``file_transfer`` says.
    """
    return [base.with_(io_mode=m, host=h, frame_rate=frame_rate, mixing="centralized", streams=(s,),
                       frames=sweep_frames, file_transfer=base.file_transfer or s == "ft")
            for m in IO_MODES for h in HOSTS for s in ("out", "in", "ft")]


def run_chapter_sweep(*, frame_rates: list[float], base: dict, replications: int, seed: int,
                      workers: int, frame_rate: float, sweep_frames: int,
                      adapter_klocs: list[float], focus: dict | None = None) -> dict[str, pd.DataFrame]:
    """Every simulation the chapter shows, in one call (so the notebook can cache it).

    Returns frames ``main`` (Figs. 4, 6-9, 11, 12), ``adapter_kloc`` (Fig. 5, delay panel),
    ``single`` (Fig. 10), ``pipeline`` (the pipeline-semantics sensitivity: the three readings
    of :func:`~.config.codec_times`, each at ``sweep_frames`` frames and the two that keep a
    frame one frame time also at twice that), ``drift`` (the headline configuration ``focus``
    (``host``, ``mixing``, ``frame_rate``), both modes, at twice the main run length: the
    run-length check of the headline delays) and ``timing`` (wall-clock and CPU seconds per part). Fig. 5's CPU panel is not simulated: the host's
    utilisation against the path length is the utilisation law's, exactly
    (:func:`.analytic.host_kloc_sweep`).
    """
    b = Config(**base)
    parts = {
        "main": main_configs(frame_rates, b),
        "adapter_kloc": [b.with_(io_mode="move", host=h, mixing="distributed", frame_rate=frame_rate,
                                 adapter_vc_kloc=float(k), frames=sweep_frames)
                         for h in HOSTS for k in adapter_klocs],
        "single": single_configs(b, frame_rate, sweep_frames),
        "pipeline": [b.with_(io_mode=m, host="386", mixing="distributed", frame_rate=float(f), pipeline_model=p,
                             frames=n)
                     for m in IO_MODES for f in frame_rates for p in PIPELINE_MODELS
                     for n in ((sweep_frames,) if p == "compute_time" else (sweep_frames, 2 * sweep_frames))],
    }
    if focus is not None:
        parts["drift"] = [b.with_(io_mode=m, host=focus["host"], mixing=focus["mixing"],
                                  frame_rate=float(focus["frame_rate"]), frames=2 * b.frames) for m in IO_MODES]
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
             "pipeline": ["io_mode", "pipeline_model", "frames", "frame_rate"],
             "drift": ["io_mode", "host", "mixing", "frame_rate", "frames"]}
    return {name: summarise(results[name], by, metrics, level) for name, by in group.items() if name in results}


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


def overload(grid: list[float], base: Config) -> tuple[list[tuple[str, str]], str | None]:
    """The warnings for stations at offered load >= 1 in the main sweep, and why the delay checks do not apply.

    Returns ``(warnings, na_delays)``: ``warnings`` a list of ``(what, why)`` for ``ch.warn`` and
    ``na_delays`` the reason handed to the scorecard, or ``([], None)`` when every station has a
    steady state. A queueing station (the worst, by offered load, is named) has no steady state at
    a load of 1 or more; the token ring is a pure delay in the model, so its overload is a separate
    warning: the paper's "token waiting negligible" cannot hold there.

    Examples
    --------
    >>> overload([30.0], Config())
    ([], None)
    >>> warnings, na = overload([30.0], Config(host_vc_kloc=120.0))   # (90 * 145 + 30 * 30) / 8550 KLOCS/s
    >>> na
    'host CPU overloaded (load 1.63) in Locate 386, distributed, 30 frames/s'
    >>> overload([30.0], Config(pipeline_model="frame_time"))[1][:52]
    'i750 compression overloaded (load 1.00) in Locate 38'
    """
    from .analytic import RING, overloaded

    over = overloaded(main_configs(grid, base))
    warnings, reasons = [], []
    for ring, why in ((False, "at an offered load of 1 or more a queue grows for as long as frames arrive, so "
                              "its delays have no steady-state mean; the delay checks are marked not applicable"),
                      (True, "the model treats the token ring as a pure delay (the paper: token waiting "
                             "negligible, seed line 76); at an offered load of 1 or more that cannot hold, and "
                             "the model's delays leave out the ring's queue; the delay checks are marked not "
                             "applicable")):
        group = [o for o in over if (o[1] == RING) == ring]
        if not group:
            continue
        cfg, device, rho = max(group, key=lambda x: x[2])
        where = f"{cfg.io_mode.title()} {cfg.host}, {cfg.mixing}, {cfg.frame_rate:g} frames/s"
        what = (f"the token ring is offered {rho:.2f} of its capacity ({where})" if ring else
                f"{len(group)} station(s) overloaded in the main sweep (worst: {device} at load {rho:.2f}, {where})")
        warnings.append((what, why))
        reasons.append(f"{device} overloaded (load {rho:.2f}) in {where}")
    return warnings, "; ".join(reasons) or None


def load_metrics(base: Config, focus: dict) -> list[tuple[str, float, str, None]]:
    """Saturation points at the run's frame rate (the rate Fig. 5 is drawn at) and the Locate host's offered load
    at the headline configuration, by the utilisation law (exact).

    Examples
    --------
    >>> rows = load_metrics(Config(), dict(host="386", mixing="distributed", frame_rate=30.0))
    >>> [(n, round(x, 6)) for n, x, _, _ in rows]     # the anchors at 30 frames/s; 15 of 28.5 KLOCS
    [('cpu_saturation_kloc_386_run', 60.0), ('cpu_saturation_kloc_486_run', 240.0), \
('adapter_saturation_kloc_run', 16.0), ('host_load_focus_pct', 52.631579)]
    """
    from .analytic import adapter_saturation_kloc, host_utilisation, saturation_kloc

    f = float(focus["frame_rate"])
    at = base.with_(io_mode="locate", host=focus["host"], mixing=focus["mixing"], frame_rate=f)
    return [("cpu_saturation_kloc_386_run", saturation_kloc("386", base, f), "KLOCS/frame", None),
            ("cpu_saturation_kloc_486_run", saturation_kloc("486", base, f), "KLOCS/frame", None),
            ("adapter_saturation_kloc_run",
             adapter_saturation_kloc(base.with_(io_mode="move", mixing="distributed", frame_rate=f)), "KLOCS/frame",
             None),
            ("host_load_focus_pct", 100 * host_utilisation(at, saturate=False), "%", None)]


def paper_grid(grid: list[float], v: dict[str, float]) -> list[float]:
    """The rates of the main sweep at which the paper's claims are judged: its own 8, 15 and 30 frames/s.

    Examples
    --------
    >>> paper_grid([8.0, 20.0, 30.0, 55.0], {"frame_rate_low": 8.0, "frame_rate_mid": 15.0, "frame_rate_high": 30.0})
    [8.0, 30.0]
    """
    return [f for f in grid if f in (v["frame_rate_low"], v["frame_rate_mid"], v["frame_rate_high"])]


def focus_stations(base: Config, focus: dict) -> list:
    """The stations of the headline configuration in both modes (:func:`.analytic.stations`).

    Examples
    --------
    >>> names = [s.name for s in focus_stations(Config(), dict(host="386", mixing="distributed", frame_rate=30.0))]
    >>> names[0], names[-1]
    ('i750 compression, Locate', 'disk, Move')
    """
    from .analytic import stations

    return [s for m in IO_MODES for s in stations(base.with_(io_mode=m, host=focus["host"], mixing=focus["mixing"],
                                                               frame_rate=float(focus["frame_rate"])))]


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


def record_delays(ch: Any, main: Lookup, drift: pd.DataFrame | None, focus: dict, base: Config) -> None:
    """The headline delays (ms) at the focus configuration, each through :meth:`ch.delay`.

    For each of ``delay_send``, ``delay_recv`` and ``delay_ft``: ``<k>_ms`` and ``<k>_ci_ms`` (the focus
    mode) and ``<k>_locate_ms``, ``<k>_move_ms``. Each is a number only when every station it passes
    through (:data:`.analytic.DELAY_STATIONS`, recorded with ``ch.stations``) is steady, the ring is not
    overloaded, and the mean at the run length does not drift from the mean at twice it
    (:func:`mmperf.steady.run_length_drift` on ``drift``, the summary of the ``drift`` runs).
    """
    from mmperf.steady import run_length_drift

    from .analytic import DELAY_STATIONS, RING, offered_loads, station_name

    for k in ("delay_send", "delay_recv", "delay_ft"):
        for m in IO_MODES:
            at = {**focus, "io_mode": m}
            names = [f"{k}_{m}_ms"] + ([f"{k}_ms", f"{k}_ci_ms"] if m == focus["io_mode"] else [])
            cfg = base.with_(io_mode=m, host=focus["host"], mixing=focus["mixing"], frame_rate=float(focus["frame_rate"]))
            ring = offered_loads(cfg)[RING]
            if k == "delay_ft" and not base.file_transfer:
                for name in names:
                    ch.undefined(name, "no file transfers in this run (file_transfer is off)")
                continue
            if ring >= 1:
                for name in names:
                    ch.undefined(name, f"the token ring is offered {ring:.2f} of its capacity: the model's pure "
                                       "delay leaves out its queue")
                continue
            mean, half = main(k, **at)
            check = None
            if drift is not None:
                long = Lookup(drift)(k, **at, frames=2 * base.frames)
                check = run_length_drift((1e3 * mean, 1e3 * half), (1e3 * long[0], 1e3 * long[1]),
                                         f"{k[6:]} delay ({m.title()})")
            through = [station_name(d, m) for d in DELAY_STATIONS[k]]
            for name, value in zip(names, (mean, mean, half), strict=False):
                ch.delay(name, 1e3 * value, through=through, drift=check)


COMPONENT_SLUGS = ("operating_system_queuing", "data_transfers", "video_mixing")


def component_metrics(main: Lookup, frame_rate: float, na: str | None = None) -> list[tuple[str, float, str, str]]:
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
    >>> component_metrics(Lookup(s), 15, na="host CPU overloaded")[0][3]
    'no steady state: host CPU overloaded'
    """
    at = dict(host="386", mixing="distributed", frame_rate=float(frame_rate))
    if na:      # a station of the sweep is overloaded: no component is a steady-state mean
        return [(f"c_{kind}_{slug}_{m}_ms", float("nan"), "ms", f"no steady state: {na}")
                for kind in ("send", "recv") for m in IO_MODES for slug in COMPONENT_SLUGS]
    return [(f"c_{kind}_{slug}_{m}_ms", 1e3 * main.m(f"comp_{kind}_{slug}", io_mode=m, **at), "ms",
             "no frame of this stream finished")
            for kind in ("send", "recv") for m in IO_MODES for slug in COMPONENT_SLUGS]


def pipeline_metrics(pipeline: pd.DataFrame, top: float, sweep_frames: int) -> list[tuple[str, float, str, str]]:
    """Receive delay (ms) at the top frame rate under the three pipeline readings (i386, Locate, distributed).

    ``recv_<reading>_ms`` at ``sweep_frames`` frames for each reading of :func:`~.config.codec_times`,
    and ``recv_<reading>_long_ms`` at twice that (each followed by its ``_ci_ms``) for the two that keep a frame one frame time
    (``pipeline`` is the summary of :func:`run_chapter_sweep`'s ``pipeline`` part). These are the
    sensitivity runs, shown as such: the run-length comparison is the point of them.

    Examples
    --------
    >>> p = pd.DataFrame({"io_mode": "locate", "pipeline_model": ["compute_time", "frame_time", "frame_time"],
    ...                   "frames": [200, 200, 400], "frame_rate": 30.0, "delay_recv_mean": [0.02, 0.1, 0.12],
    ...                   "delay_recv_ci": 0.0})
    >>> [(n, round(v, 6)) for n, v, _, _ in pipeline_metrics(p, 30.0, 200)][::2]
    [('recv_frame_time_ms', 100.0), ('recv_frame_time_long_ms', 120.0), ('recv_compute_time_ms', 20.0)]
    """
    no_frames = "no received frame left the network in these runs (an overloaded device: see the warnings)"
    look = Lookup(pipeline)
    rows = []
    for reading in PIPELINE_MODELS:
        for n, suffix in ((sweep_frames, ""), (2 * sweep_frames, "_long")):
            sel = (pipeline["pipeline_model"] == reading) & (pipeline["frames"] == n)
            if sel.any():
                value, half = look("delay_recv", io_mode="locate", pipeline_model=reading, frames=n, frame_rate=top)
                rows.append((f"recv_{reading}{suffix}_ms", 1e3 * value, "ms", no_frames))
                rows.append((f"recv_{reading}{suffix}_ci_ms", 1e3 * half, "ms", no_frames))
    return rows
