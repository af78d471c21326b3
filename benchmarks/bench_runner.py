"""The runner's fixed costs, as ratios to a floor measured in the same run.

The floor is papermill executing a one-cell notebook in this environment (kernel start, one cell,
kernel stop). Reported as multiples of the floor (targets from issue 11):

- ``noop_build``: ``mmbook build`` when no input changed (target: at most 1x the floor);
- ``run_zeadally_warm``: ``mmbook run zeadally`` with a warm simulation cache (target: at most 5x);

and, for sweeps (issue 16): the speed-up of a local sweep with 2 workers over 1 (4 points of the fast
``zeadally`` chapter) and the overhead per point (sweep time per point minus a single run's time).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from mmperf import paths

MMBOOK = str(Path(sys.executable).parent / "mmbook")


def floor_seconds() -> float:
    """papermill executing a one-cell notebook with the runner's kernel manager."""
    import papermill as pm

    with tempfile.TemporaryDirectory() as tmp:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        source, target = Path(tmp) / "a.ipynb", Path(tmp) / "b.ipynb"
        nbformat.write(nb, source)
        start = time.perf_counter()
        pm.execute_notebook(str(source), str(target), kernel_name="python3", progress_bar=False,
                            kernel_manager_class="mmbook.adapter.LocalKernelManager",
                            request_save_on_cell_execute=False)
        return time.perf_counter() - start


def _timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=paths.project_root())
    return time.perf_counter() - start


def main() -> dict:
    # The smallest of several timings: this machine's noise (page cache, other tenants) only adds time.
    floor = min(floor_seconds() for _ in range(5))
    report: dict = {"floor_s": round(floor, 2)}
    if (paths.build_dir() / "html" / "index.html").is_file():
        _timed([MMBOOK, "build"])  # settle: the first build after a change may render
        noop = min(_timed([MMBOOK, "build"]) for _ in range(2))
        report["noop_build_x_floor"] = round(noop / floor, 2)
    else:
        report["noop_build_x_floor"] = "skipped: build the book first (make book)"
    with tempfile.TemporaryDirectory() as tmp:
        _timed([MMBOOK, "run", "zeadally", "--output", f"{tmp}/warm"])  # warms the simulation cache
        single = min(_timed([MMBOOK, "run", "zeadally", "--output", f"{tmp}/z{i}"]) for i in range(3))
        report["run_zeadally_warm_x_floor"] = round(single / floor, 2)
        grid = ["--grid", "z_xf_mbps=115,230,345,460"]
        # warm the simulation cache for these points first, so both timed sweeps do the same work
        _timed([MMBOOK, "sweep", "zeadally", *grid, "--workers", "2", "--output", f"{tmp}/s0"])
        one = _timed([MMBOOK, "sweep", "zeadally", *grid, "--workers", "1", "--output", f"{tmp}/s1"])
        two = _timed([MMBOOK, "sweep", "zeadally", *grid, "--workers", "2", "--output", f"{tmp}/s2"])
        report["sweep_speedup_2_over_1_workers"] = round(one / two, 2)
        report["sweep_overhead_per_point_s"] = round(one / 4 - single, 2)
    return report


if __name__ == "__main__":
    print(main())
