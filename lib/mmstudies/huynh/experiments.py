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
from dataclasses import asdict

import pandas as pd

from mmperf.parallel import pmap
from mmperf.stats import summarize

from .config import HOSTS, IO_MODES, MIXINGS, Config, check_config
from .model import run_once


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
