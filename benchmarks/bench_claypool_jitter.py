"""Claypool jitter: the cost of the chapter's default run, and the two trace generators compared.

Run: ``.venv/bin/python benchmarks/bench_claypool_jitter.py`` (add ``--full`` to time a complete
``mmbook run claypool-jitter`` with a cold simulation cache). Reported:

- one 200-s trace at three counters, default priority, by the time-slice recursion and by Ciw, and
  their ratio (the recursion is exact for round-robin slices, so Ciw is not needed for it);
- the whole default simulation (``simulate_study``, the chapter's default parameters) and the
  sensitivity runs of Table 3.2, in one process;
- with ``--full``, the wall time of the default chapter run, which the chapter must keep within two
  minutes on the reference machine.

Recorded on the reference machine (2 cores shared with seven other sessions), 2026-11-22, with
``--full``: one 200-s trace at three counters takes 1.3 ms by the recursion and 707 ms by Ciw
(535x); the default simulation 5.0 s and the sensitivity runs 19.0 s in one process; the default
chapter run with a cold simulation cache 49.6 s wall (within the two minutes). A 60-s Ciw chapter
run (``-p generator ciw -p run_length_s 60 -p replications 3``) took 3 min 8 s.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mmbook.params import load_chapter
from mmperf.data import load_table
from mmstudies import claypool_jitter as cj


def _best(run, repeats: int) -> float:
    laps = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        laps.append(time.perf_counter() - start)
    return min(laps)


def _study_kwargs() -> dict:
    p = load_chapter("claypool-jitter").defaults()
    pick = lambda keys: {k: p[k] for k in keys}  # noqa: E731
    return {
        "seed": p["seed"], "replications": p["replications"], "run_length_s": p["run_length_s"],
        "warmup_s": p["warmup_s"], "generator": p["generator"],
        "featured": pick(("specint92", "processor_load", "priority", "network_Mbps", "network_load", "period_ms",
                          "frame_bytes")),
        "mechanisms": pick(("quantum_ms", "stall_rate_per_min", "stall_mean_ms", "stall_distribution",
                            "cross_message_bytes", "cpu_burst_ms", "environment_sd_ms")),
        "settings": pick(("gap_buffer_ms", "buffer_max_ms", "latency_limit_ms", "gap_limit_pct", "range_definition",
                          "lateness_reference")),
        "loaded_network_utilisation": p["loaded_network_utilisation"], "light_load": p["light_load"],
        "years": p["years"], "annual_growth": p["annual_growth"],
        "miniexp1": [(160.0, 1280), (100.0, 4000), (33.0, 6000)],
        "miniexp2": [(30.0, 1280), (70.0, 1280), (110.0, 1280), (160.0, 1280)],
        "loads": [float(x) for x in range(1, p["max_load"] + 1)], "workers": 1,
    }


def main(full: bool = False) -> dict:
    system, mech = cj.EndSystem(processor_load=3.0), cj.Mechanisms()
    ts = _best(lambda: cj.generate(system, mech, run_length_s=200, warmup_s=5, seed=1), 5)
    ciw_t = _best(lambda: cj.ciw_trace(system, mech, run_length_s=200, warmup_s=5, seed=1), 1)
    kw = _study_kwargs()
    start = time.perf_counter()
    cj.simulate_study(**kw)
    study_s = time.perf_counter() - start
    p = load_chapter("claypool-jitter").defaults()
    start = time.perf_counter()
    cj.sensitivity(seed=1, replications=p["sensitivity_replications"], warmup_s=kw["warmup_s"],
                   featured=kw["featured"], mechanisms=kw["mechanisms"], settings=kw["settings"],
                   paper=load_table("claypool", "ch3_table3_2").set_index("measure"),
                   loaded_network_utilisation=kw["loaded_network_utilisation"], light_load=kw["light_load"],
                   loads=kw["loads"], run_lengths=[60.0, 200.0, 600.0], stall_rates=[0.0, 0.25, 1.0, 4.0],
                   quanta=[20.0, 50.0, 100.0, 200.0], run_length_s=kw["run_length_s"], workers=1)
    sens_s = time.perf_counter() - start
    out = {"timeslice_trace_ms": round(ts * 1000, 2), "ciw_trace_ms": round(ciw_t * 1000, 1),
           "ciw_over_timeslice": round(ciw_t / ts, 1), "default_study_s": round(study_s, 2),
           "sensitivity_s": round(sens_s, 2)}
    if full:
        root = Path(__file__).resolve().parent.parent
        env = {**os.environ, "MMPERF_CACHE_DIR": tempfile.mkdtemp()}
        start = time.perf_counter()
        subprocess.run([str(root / ".venv/bin/mmbook"), "run", "claypool-jitter", "--output",
                        str(Path(tempfile.mkdtemp()) / "run")], check=True, env=env, capture_output=True)
        out["default_chapter_run_s"] = round(time.perf_counter() - start, 1)
        out["within_two_minutes"] = out["default_chapter_run_s"] <= 120
    return out


if __name__ == "__main__":
    print(json.dumps(main(full="--full" in sys.argv), indent=2))
