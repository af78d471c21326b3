"""The Huynh chapter's default simulation: wall time, Ciw events per second, where the time goes.

Runs every simulation of the chapter with the default parameters (``notebooks/huynh.yml``),
without the simulation cache, replications spread over ``workers`` processes; then profiles
one replication (Locate, 386, 30 frames/s, distributed) and groups its time by where it is
spent (Ciw's event loop and nodes, our custom nodes, the route builder, the summary).

Usage: ``.venv/bin/python -m benchmarks.bench_huynh`` (prints JSON). Numbers depend on the
machine and on what else runs on it.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import time

from mmperf.models.huynh.config import Config
from mmperf.models.huynh.experiments import run_chapter_sweep
from mmperf.models.huynh.model import run_once
from mmperf.params import load_chapter


def _profile_one() -> dict:
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    out = run_once(Config(), seed=1)
    profile.disable()
    wall = time.perf_counter() - start
    stats = pstats.Stats(profile)
    groups = {"ciw (event loop, nodes, records)": 0.0, "huynh custom nodes": 0.0, "huynh routes": 0.0,
              "huynh summary": 0.0, "other": 0.0}
    top = []
    for (file, line, func), (_, _, tottime, _, _) in stats.stats.items():
        if "/ciw/" in file:
            groups["ciw (event loop, nodes, records)"] += tottime
        elif file.endswith("huynh/nodes.py"):
            groups["huynh custom nodes"] += tottime
        elif file.endswith("huynh/model.py") and func in ("__call__", "outgoing", "incoming", "file_transfer",
                                                          "_locate_io", "_host", "host", "adapter", "ring"):
            groups["huynh routes"] += tottime
        elif file.endswith("huynh/model.py"):
            groups["huynh summary"] += tottime
        else:
            groups["other"] += tottime
        top.append((tottime, f"{file.split('site-packages/')[-1]}:{line}({func})"))
    total = sum(groups.values())
    top.sort(reverse=True)
    return {"events": int(out["events"]), "wall_s_profiled": round(wall, 2),
            "share_of_time": {k: round(v / total, 3) for k, v in groups.items()},
            "top_functions": [f"{name} {t:.2f}s" for t, name in top[:8]]}


def main() -> dict:
    spec = load_chapter("huynh")
    p = spec.defaults()
    base = dict(file_transfer=p["file_transfer"], frame_kb=p["frame_kb"], host_vc_kloc=p["host_vc_kloc"],
                adapter_vc_kloc=p["adapter_vc_kloc"], participants=p["participants"], frames=p["frames"],
                pipeline_model=p["pipeline_model"])
    grid = sorted(set(p["frame_rates"]) | {p["frame_rate"], 8.0, 30.0})
    start = time.perf_counter()
    results = run_chapter_sweep(frame_rates=grid, base=base, replications=p["replications"], seed=p["seed"],
                                workers=p["workers"], frame_rate=p["frame_rate"], sweep_frames=p["sweep_frames"],
                                host_klocs=p["host_klocs"], adapter_klocs=p["adapter_klocs"])
    wall = time.perf_counter() - start
    timing = results["timing"]
    events = int(timing["events"].sum())
    cpu = float(timing["cpu_seconds"].sum())
    return {
        "default_sweep_wall_s": round(wall, 1),
        "runs": int(timing["runs"].sum()),
        "workers": p["workers"],
        "events": events,
        "events_per_wall_s": round(events / wall),
        "events_per_cpu_s": round(events / cpu),
        "cpu_s_of_all_runs": round(cpu, 1),
        "wall_s_if_the_workers_had_the_cores_to_themselves": round(cpu / p["workers"], 1),
        "parts": {row.part: {"wall_s": round(row.seconds, 1), "cpu_s": round(row.cpu_seconds, 1),
                             "runs": int(row.runs), "events": int(row.events)}
                  for row in timing.itertuples()},
        "profile_one_replication": _profile_one(),
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
