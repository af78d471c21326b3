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
from mmstudies import claypool_jitter as cj
from mmstudies.claypool_jitter import experiments
from mmstudies.claypool_jitter.data import load_inputs


def _best(run, repeats: int) -> float:
    laps = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        laps.append(time.perf_counter() - start)
    return min(laps)


def main(full: bool = False) -> dict:
    system, mech = cj.EndSystem(processor_load=3.0), cj.Mechanisms()
    ts = _best(lambda: cj.generate(system, mech, run_length_s=200, warmup_s=5, seed=1), 5)
    ciw_t = _best(lambda: cj.ciw_trace(system, mech, run_length_s=200, warmup_s=5, seed=1), 1)
    p = load_chapter("claypool-jitter").defaults()
    inputs = load_inputs()
    start = time.perf_counter()
    cj.simulate_study(**experiments.study_arguments(p, inputs.v3), workers=1)
    study_s = time.perf_counter() - start
    start = time.perf_counter()
    cj.sensitivity(**experiments.sensitivity_arguments(p, inputs.table32), workers=1)
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
