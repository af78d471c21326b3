"""The Huynh chapter's simulations: CPU time, events, and the lean loop against Ciw.

Issue 11 asked for the chapter with a cold simulation cache in at most 60 CPU-seconds on the
reference machine (it took about 240, with 14.45 M Ciw events). Measured on 2026-11-22 with
``MMPERF_NO_SIMCACHE=1 /usr/bin/time -v .venv/bin/mmbook run huynh --output /tmp/huynh-w/x``
(user + sys of every process, the machine shared with other jobs): 48.0 CPU-s (46.1 user + 1.9
sys; an earlier run under heavier load 52.0), of which the simulations 37.7 (11.8 M events on the
lean loop, 310 runs): 0.80 of the budget, 5.0 times less than before. Where the time went:

- the host-CPU sweep of Fig. 5a (70 runs) is gone: the utilisation law gives it exactly
  (:func:`mmstudies.huynh.analytic.host_kloc_sweep`);
- every other run uses :mod:`mmstudies.huynh.lean` (checked record for record against the
  Ciw model by ``tests/models/test_huynh_lean.py``), several times cheaper per replication.

This script runs every simulation of the chapter with the default parameters (no cache) and
reports CPU seconds per part, then times one replication (Locate, 386, 30 frames/s,
distributed) on both engines and gives the ratio, which depends less on the machine and its
load than the absolute numbers.

Usage: ``.venv/bin/python -m benchmarks.bench_huynh`` (prints JSON).
"""

from __future__ import annotations

import json
import resource
import time

from mmbook.params import load_chapter
from mmstudies.huynh.config import Config
from mmstudies.huynh.experiments import run_chapter_sweep
from mmstudies.huynh.model import run_once

#: the chapter's cold-cache CPU budget (issue 11) and the last measurement (see the docstring)
BUDGET_CPU_S = 60.0
MEASURED_CHAPTER_CPU_S = 48.0
BEFORE_CHAPTER_CPU_S = 240.0


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def engine_ratio(repeats: int = 3) -> dict:
    """CPU seconds of one default replication on Ciw and on the lean loop (best of ``repeats``)."""
    out = {}
    for engine in ("ciw", "lean"):
        best = float("inf")
        for _ in range(repeats):
            start = time.process_time()
            run_once(Config(), seed=1, engine=engine)
            best = min(best, time.process_time() - start)
        out[f"{engine}_cpu_s"] = round(best, 3)
    out["ciw_over_lean"] = round(out["ciw_cpu_s"] / out["lean_cpu_s"], 2)
    return out


def main() -> dict:
    spec = load_chapter("huynh")
    p = spec.defaults()
    base = dict(file_transfer=p["file_transfer"], frame_kb=p["frame_kb"], host_vc_kloc=p["host_vc_kloc"],
                adapter_vc_kloc=p["adapter_vc_kloc"], participants=p["participants"], frames=p["frames"],
                pipeline_model=p["pipeline_model"])
    grid = sorted(set(p["frame_rates"]) | {p["frame_rate"], 8.0, 30.0})
    cpu0, wall0 = _cpu(), time.perf_counter()
    results = run_chapter_sweep(frame_rates=grid, base=base, replications=p["replications"], seed=p["seed"],
                                workers=p["workers"], frame_rate=p["frame_rate"], sweep_frames=p["sweep_frames"],
                                adapter_klocs=p["adapter_klocs"])
    cpu, wall = _cpu() - cpu0, time.perf_counter() - wall0
    timing = results["timing"]
    return {
        "sweep_cpu_s_all_processes": round(cpu, 1),
        "sweep_wall_s": round(wall, 1),
        "runs": int(timing["runs"].sum()),
        "events": int(timing["events"].sum()),
        "parts": {row.part: {"cpu_s": round(row.cpu_seconds, 1), "runs": int(row.runs), "events": int(row.events)}
                  for row in timing.itertuples()},
        "one_replication": engine_ratio(),
        "chapter_cpu_s_measured": MEASURED_CHAPTER_CPU_S,
        "chapter_cpu_budget_s": BUDGET_CPU_S,
        "chapter_cpu_before_over_after": round(BEFORE_CHAPTER_CPU_S / MEASURED_CHAPTER_CPU_S, 1),
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
