"""Hsieh video chapter: frame steps per second of the fast schedules against the plain-Python recurrences.

One synthetic MPEG-1 trace (the chapter's mtv stand-in, first ``frames`` frames). For PDCBR the
numba kernel (:func:`mmstudies.hsieh_video.analytic.evaluate`, no early exit: a feasible pair
and no buffer bound) is timed against the thesis's 18-line algorithm transcribed in plain Python
(:func:`reference_dual_rate_algorithm`); for PCBR the vectorised Lindley recursion
(:func:`pcbr_departures` + buffer) against Eqs. 4.4-4.6 in plain Python. Both sides compute the same
schedule (the script checks the buffers agree); the ratio is measured in one run, so it is
comparable across machines even though the absolute rates are not.

Usage: ``.venv/bin/python -m benchmarks.bench_hsieh_video`` (prints JSON).
"""

from __future__ import annotations

import json
import time

from mmstudies.hsieh_video import analytic as an
from mmstudies.hsieh_video import experiments as ex
from mmstudies.hsieh_video import traces as tr


def _rate(func, frames: int, min_seconds: float = 0.5) -> tuple[float, object]:
    """Frame steps per second of ``func()`` (repeated until ``min_seconds`` have passed)."""
    out = func()                        # warm-up (compiles the kernel)
    runs, start = 0, time.perf_counter()
    while True:
        out = func()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return runs * frames / elapsed, out


def main(frames: int = 20000, P: int = 30) -> dict:
    inputs = ex.load_inputs()
    trace = tr.build_synthetic_traces([r for r in inputs["rows"] if r["video"] == "mtv"], inputs["classes"],
                                      reference_fps=30.0, seed=1)["mtv"]
    sizes = trace.sizes[:frames]
    A = an.cumulative(sizes)
    r_cbr = an.cbr_rate(A, P)
    r_high, r_low = 1.19 * r_cbr, 0.95 * 1.19 * r_cbr        # feasible: both rates above R_CBR
    r_pcbr, _ = an.pcbr_min_rate(A, P)
    size_list = sizes.tolist()

    fast_pd, (status, buf_fast, _) = _rate(lambda: an.evaluate(A, r_high, r_low, P), frames)
    ref_pd, (ok, buf_ref, _) = _rate(lambda: an.reference_dual_rate_algorithm(size_list, r_high, r_low, P), frames)
    assert status == an.OK and ok and abs(buf_fast / buf_ref - 1) < 1e-9

    def pcbr_fast():
        start, _ = an.pcbr_departures(A, r_pcbr)
        import numpy as np
        return an.buffer_from_schedule(A, start, np.full(len(start), r_pcbr), P)

    fast_pc, b1 = _rate(pcbr_fast, frames)
    kern_pc, (_, b2, _) = _rate(lambda: an.evaluate(A, r_pcbr, 0.0, P), frames)
    ref_pc, (_, b3, _) = _rate(lambda: an.reference_pcbr_eq44(size_list, r_pcbr, P), frames)
    assert abs(b1 / b3 - 1) < 1e-9 and abs(b2 / b3 - 1) < 1e-9
    return {
        "trace": f"synthetic mtv, {frames} frames, start-up delay {P}",
        "pdcbr_kernel_frames_per_s": round(fast_pd),
        "pdcbr_plain_python_frames_per_s": round(ref_pd),
        "pdcbr_speed_ratio": round(fast_pd / ref_pd, 1),
        "pcbr_vectorised_frames_per_s": round(fast_pc),
        "pcbr_kernel_frames_per_s": round(kern_pc),
        "pcbr_plain_python_eq44_frames_per_s": round(ref_pc),
        "pcbr_speed_ratio_vectorised": round(fast_pc / ref_pc, 1),
        "pcbr_speed_ratio_kernel": round(kern_pc / ref_pc, 1),
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
