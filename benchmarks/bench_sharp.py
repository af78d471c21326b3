"""Sharp: one replication (1,525 frames, defaults) by the exact recursion against Ciw, as a ratio.

Run: ``.venv/bin/python benchmarks/bench_sharp.py``. Both engines see the same frames and, with no
queue filling, give the same times (tests/models/test_sharp_model.py checks this frame by frame).
"""

from __future__ import annotations

import time

from mmperf.data import load_table
from mmstudies import sharp


def main(repeats: int = 5) -> None:
    paper = sharp.stage_stats(load_table("sharp", "table1"))
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 0.000667), 1525, seed=1)
    best = {}
    for name, run in (("recursion", lambda: sharp.pipeline_recursion(times, 40.0, "newest")),
                      ("ciw", lambda: sharp.run_pipeline(times, frame_period=40.0, queue_capacity=10))):
        laps = []
        for _ in range(repeats):
            start = time.perf_counter()
            run()
            laps.append(time.perf_counter() - start)
        best[name] = min(laps)
    print(f"recursion {best['recursion'] * 1000:.1f} ms, Ciw {best['ciw'] * 1000:.1f} ms per replication: "
          f"Ciw / recursion = {best['ciw'] / best['recursion']:.0f}x")


if __name__ == "__main__":
    main()
