"""The chapter's studies: inputs, Section 4.6 (rates and buffers against start-up delay), Section 4.7.1
(fixed buffer), Section 4.7.2 (fixed rate), the Ciw equivalence runs and the timing.

All results are in bytes and frame times; the chapter converts to Mbit/s, MBytes and seconds with
the chapter's frame rate. :func:`run_all` is what the notebook caches.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np
import pandas as pd

from mmperf.data import load_table, load_values

from . import analytic as an
from . import model as mo
from . import traces as tr

MPEG1 = ["mtv", "adv", "silence", "soccer"]
MPEG2 = ["6trans", "horse", "t260", "acup"]
MJPEG = ["backdraft", "fugitive"]
ALL = MPEG1 + MPEG2 + MJPEG
#: the six traces of the Section 4.7 studies (Figures 4.15 and 4.16)
STUDY_47 = ["mtv", "adv", "silence", "soccer", "backdraft", "fugitive"]


def load_inputs() -> dict:
    """Transcribed tables and values, and the synthetic-trace rows (one per trace)."""
    t41 = load_table("hsieh", "video_table4_1")
    stats = pd.concat([load_table("hsieh", f"video_table4_{k}") for k in (2, 3, 4)], ignore_index=True)
    syn = load_table("hsieh", "video_synthetic").set_index("video")
    cls = load_table("hsieh", "video_synthetic_classes").set_index("class")
    studies = load_table("hsieh", "video_studies").set_index("video")
    classes = {c: tr.TraceShape(**{k: float(v) for k, v in cls.loc[c].items()}) for c in cls.index}
    enc = t41.set_index("video")["encoding"]
    rows = [{"video": r.video, "encoding": enc[r.video], "n_frames": int(r.n_frames),
             "picture_pattern": r.picture_pattern, "mean_rate_Mbps": float(syn.loc[r.video, "mean_rate_Mbps"])}
            for r in stats.itertuples()]
    return {"table4_1": t41, "stats": stats, "synthetic": syn, "classes": classes, "studies": studies,
            "rows": rows, "values": load_values("hsieh", "video_values")}


def section46(A: np.ndarray, Ps, *, m: int, pcbr_step: float, highs, lows, cap: bool) -> pd.DataFrame:
    """Rates and buffers of the three schemes for each start-up delay (Section 4.6's method)."""
    return pd.DataFrame(an.compare_schemes(A, Ps, m=m, pcbr_step=pcbr_step, highs=highs, lows=lows, cap=cap))


def fixed_buffer_study(A: np.ndarray, B: float, delays, *, m: int, step: float, lows) -> pd.DataFrame:
    """Figure 4.15: for each start-up delay, the minimum PCBR rate and PDCBR pair with buffer <= B."""
    return pd.DataFrame([an.fixed_buffer_rates(A, float(P), B, m=m, step=step, lows=lows) for P in delays])


def fixed_rate_study(A: np.ndarray, cap: float, multipliers, *, m: int, lows) -> pd.DataFrame:
    """Figure 4.16: for each rate ``R_average x multiplier``, the minimum start-up delay (frame times)."""
    r_avg = A[-1] / (len(A) - 1)
    rows = []
    for k in multipliers:
        row = an.fixed_rate_delays(A, r_avg * float(k), cap, m=m, lows=lows)
        rows.append({"multiplier": float(k), **row})
    return pd.DataFrame(rows)


def ciw_equivalence(A: np.ndarray, P: float, *, m: int, pcbr_step: float, highs, lows) -> list[dict]:
    """Run the three schemes as Ciw queues at the rates Section 4.6 picks; compare with the kernel."""
    r_cbr = an.cbr_rate(A, P)
    r_pcbr, _ = an.pcbr_min_rate(A, P, pcbr_step, m, r_cbr=r_cbr)
    pd_choice = an.pdcbr_least_buffer(A, P, r_cbr, highs, lows, m)
    out = []
    runs = [("CBR", mo.ciw_cbr(A, r_cbr), an.schedule(A, r_cbr, r_cbr, 1), 1),
            ("PCBR", mo.ciw_pcbr(A, r_pcbr, m), an.schedule(A, r_pcbr, 0.0, m), m)]
    if pd_choice is not None:
        runs.append(("PDCBR", mo.ciw_pdcbr(A, pd_choice.r_high, pd_choice.r_low, m),
                     an.schedule(A, pd_choice.r_high, pd_choice.r_low, m), m))
    for scheme, recs, sched, mm in runs:
        done_ciw = mo.frames_from_units(A, recs, mm)
        diff = np.abs(done_ciw - sched.done)
        out.append({"scheme": scheme, "frames": len(A) - 1, "max_abs_diff": float(diff.max()),
                    "frames_differing": int((diff > 1e-9).sum()),
                    "feasible_ciw": bool(np.all(done_ciw <= np.arange(1, len(A)) + P + an.EPS)),
                    "feasible_recurrence": bool(sched.lateness <= P + an.EPS)})
    return out


def reference_spot_checks(A: np.ndarray, Ps, *, m: int, pcbr_step: float, highs, lows, cap: bool) -> list[dict]:
    """The fast searches' answers re-evaluated with the plain-Python references (a few start-up delays)."""
    sizes = np.diff(A).tolist()
    out = []
    for P in Ps:
        row = an.compare_schemes(A, [P], m=m, pcbr_step=pcbr_step, highs=highs, lows=lows, cap=cap)[0]
        r_ref, b_ref = an.reference_cbr(sizes, P, cap)
        ok_p, b_p, _ = an.reference_dual_rate_algorithm(sizes, row["r_pcbr"], 0.0, int(P), m)
        if math.isnan(row["r_high"]):            # no feasible PDCBR pair on this grid: nothing to re-check
            ok_d, b_d = True, row["b_pdcbr"]
        else:
            ok_d, b_d, _ = an.reference_dual_rate_algorithm(sizes, row["r_high"], row["r_low"], int(P), m)
        out.append({"P": P, "cbr_rate_rel_diff": abs(row["r_cbr"] / r_ref - 1), "cbr_buf_rel_diff": abs(row["b_cbr"] / b_ref - 1),
                    "pcbr_ok": ok_p, "pcbr_buf_rel_diff": abs(row["b_pcbr"] / b_p - 1),
                    "pdcbr_ok": ok_d, "pdcbr_buf_rel_diff": 0.0 if math.isnan(b_d) else abs(row["b_pdcbr"] / b_d - 1)})
    return out


def run_all(*, fps: float, pcr_interval_frames: int, startup_max_frames: int, adv_long_startup_frames: int,
            pcbr_step: float, pdcbr_high_values: int, pdcbr_high_step: float, pdcbr_low_step: float,
            fixed_buffer_scale: float, fixed_buffer_points: int, fixed_buffer_max_s: float, fixed_rate_points: int,
            fixed_rate_step: float, buffer_cap_scale: float, user_buffer_mb: float, user_cap_mb: float,
            cap_delivery_at_eof: bool, synthetic_length_scale: float, synthetic_variability: float,
            ciw_frames: int, seed: int, trace_file: str = "", trace_digest: str = "", reference_fps: float = 30.0) -> dict:
    """Every computation of the chapter; returns plain tables (cached by the notebook).

    ``trace_digest`` (a hash of the reader's file) only keys the cache, so an edited file is re-read.
    """
    timing = {}
    t0, c0 = time.perf_counter(), time.process_time()
    inputs = load_inputs()
    traces = tr.build_synthetic_traces(inputs["rows"], inputs["classes"], reference_fps=reference_fps, seed=seed,
                                       length_scale=synthetic_length_scale, variability=synthetic_variability)
    user = tr.read_trace_file(trace_file) if trace_file else None
    m = int(pcr_interval_frames)
    highs, lows = an.pdcbr_grid(pdcbr_high_values, pdcbr_high_step, pdcbr_low_step)
    Ps = list(range(1, int(startup_max_frames) + 1))
    an.evaluate(an.cumulative([1.0, 2.0]), 1.0, 0.5, 1.0)        # compile the kernel once
    timing["setup"] = (time.perf_counter() - t0, time.process_time() - c0)

    t0, c0 = time.perf_counter(), time.process_time()
    study = {name: section46(an.cumulative(t.sizes), Ps, m=m, pcbr_step=pcbr_step, highs=highs, lows=lows,
                             cap=cap_delivery_at_eof) for name, t in traces.items()}
    A_adv = an.cumulative(traces["adv"].sizes)
    adv_long = section46(A_adv, [adv_long_startup_frames], m=m, pcbr_step=pcbr_step, highs=highs, lows=lows,
                         cap=cap_delivery_at_eof).iloc[0].to_dict()
    adv_long["b_cbr_uncapped"] = an.cbr_buffer(A_adv, adv_long_startup_frames, cap=False)
    A_mtv = an.cumulative(traces["mtv"].sizes)
    mtv_p10 = section46(A_mtv, [10], m=m, pcbr_step=pcbr_step, highs=highs, lows=lows,
                        cap=cap_delivery_at_eof).iloc[0].to_dict()
    timing["section 4.6"] = (time.perf_counter() - t0, time.process_time() - c0)

    t0, c0 = time.perf_counter(), time.process_time()
    delays_s = np.geomspace(1.0 / fps, fixed_buffer_max_s, int(fixed_buffer_points))
    delays = sorted({max(1, int(round(d * fps))) for d in delays_s})
    mults = 1.0 + fixed_rate_step * np.arange(int(fixed_rate_points))
    fixed_buffer, fixed_rate = {}, {}
    for name in STUDY_47:
        A = an.cumulative(traces[name].sizes)
        B = float(inputs["studies"].loc[name, "fixed_buffer_MB"]) * fixed_buffer_scale * an.MBYTE
        cap = float(inputs["studies"].loc[name, "buffer_cap_MB"]) * buffer_cap_scale * an.MBYTE
        fixed_buffer[name] = fixed_buffer_study(A, B, delays, m=m, step=pcbr_step, lows=lows)
        fixed_rate[name] = fixed_rate_study(A, cap, mults, m=m, lows=lows)
    timing["section 4.7"] = (time.perf_counter() - t0, time.process_time() - c0)

    t0, c0 = time.perf_counter(), time.process_time()
    equivalence = []
    for name in ("horse", "adv", "backdraft"):
        sizes = traces[name].sizes[:ciw_frames]
        for row in ciw_equivalence(an.cumulative(sizes), 5.0, m=m, pcbr_step=pcbr_step, highs=highs, lows=lows):
            equivalence.append({"video": name, **row})
    spot = []
    for name in ("horse", "6trans"):
        A = an.cumulative(traces[name].sizes)
        for row in reference_spot_checks(A, [1, 10], m=m, pcbr_step=pcbr_step, highs=highs, lows=lows,
                                         cap=cap_delivery_at_eof):
            spot.append({"video": name, **row})
    timing["Ciw and references"] = (time.perf_counter() - t0, time.process_time() - c0)

    user_out = None
    t0, c0 = time.perf_counter(), time.process_time()
    if user is not None:
        A = an.cumulative(user.sizes)
        user_out = {"trace": user, "study": section46(A, Ps, m=m, pcbr_step=pcbr_step, highs=highs, lows=lows,
                                                       cap=cap_delivery_at_eof),
                    "fixed_buffer": fixed_buffer_study(A, user_buffer_mb * an.MBYTE, delays, m=m, step=pcbr_step,
                                                       lows=lows),
                    "fixed_rate": fixed_rate_study(A, user_cap_mb * an.MBYTE, mults, m=m, lows=lows)}
        timing["reader's trace"] = (time.perf_counter() - t0, time.process_time() - c0)
    return {"traces": traces, "study": study, "adv_long": adv_long, "mtv_p10": mtv_p10, "fixed_buffer": fixed_buffer,
            "fixed_rate": fixed_rate, "delays": delays, "multipliers": mults.tolist(), "equivalence": equivalence,
            "spot": spot, "user": user_out, "timing": timing, "Ps": Ps}


def write_trace_csv(trace: tr.Trace, path: Path) -> Path:
    """Write a trace in the reader's format (header ``bytes``, one size per line)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("bytes\n" + "\n".join(str(int(x)) if float(x).is_integer() else repr(float(x))
                                          for x in trace.sizes) + "\n")
    return path


def finite_or_nan(x) -> float:
    return float(x) if x is not None and math.isfinite(float(x)) else math.nan
