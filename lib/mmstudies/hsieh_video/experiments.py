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


def prefetch_fractions(points: int) -> np.ndarray:
    """The amounts pre-fetched in Figure 4.15's study, as fractions of the client buffer (the thesis gives none).

    Geometric from 1/64 to 3/4 of the buffer: a pre-fetch of the whole buffer leaves no room for the
    data that arrives during playback.

    >>> prefetch_fractions(3).round(6).tolist()  # 1/64, the geometric mean (3/256) ** 0.5, 3/4
    [0.015625, 0.108253, 0.75]
    """
    return np.geomspace(1.0 / 64.0, 0.75, int(points))


def prefetch_study(A: np.ndarray, B: float, fractions, *, m: int, step: float, lows) -> pd.DataFrame:
    """Figure 4.15 by the thesis's mechanism: for each amount pre-fetched ``fraction x B``, the least rates.

    Each row is :func:`.analytic.prefetch_rates`; ``Q`` is in bytes, the delays each scheme's
    pre-fetch takes (``p_pcbr``, ``p_pdcbr``) in frame times.
    """
    return pd.DataFrame([an.prefetch_rates(A, float(f) * B, B, m=m, step=step, lows=lows) for f in fractions])


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
            ciw_frames: int, seed: int, trace_file: str = "", trace_digest: str = "", reference_fps: float = 30.0,
            fixed_buffer_control: str = "prefetch") -> dict:
    """Every computation of the chapter; returns plain tables (cached by the notebook).

    ``trace_digest`` (a hash of the reader's file) only keys the cache, so an edited file is re-read.
    ``fixed_buffer_control`` is Figure 4.15's control variable: ``"prefetch"`` (the thesis's, seed
    line 1471: the amount pre-fetched before playback) or ``"startup"`` (our earlier reading: a
    start-up delay swept directly, the least-buffer low rate).
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
    fractions = prefetch_fractions(fixed_buffer_points)
    mults = 1.0 + fixed_rate_step * np.arange(int(fixed_rate_points))
    fixed_buffer, fixed_rate = {}, {}

    def fixed_buffer_of(A: np.ndarray, B: float) -> pd.DataFrame:
        if fixed_buffer_control == "prefetch":
            return prefetch_study(A, B, fractions, m=m, step=pcbr_step, lows=lows)
        return fixed_buffer_study(A, B, delays, m=m, step=pcbr_step, lows=lows)

    for name in STUDY_47:
        A = an.cumulative(traces[name].sizes)
        B = float(inputs["studies"].loc[name, "fixed_buffer_MB"]) * fixed_buffer_scale * an.MBYTE
        cap = float(inputs["studies"].loc[name, "buffer_cap_MB"]) * buffer_cap_scale * an.MBYTE
        fixed_buffer[name] = fixed_buffer_of(A, B)
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
                    "fixed_buffer": fixed_buffer_of(A, user_buffer_mb * an.MBYTE),
                    "fixed_rate": fixed_rate_study(A, user_cap_mb * an.MBYTE, mults, m=m, lows=lows)}
        timing["reader's trace"] = (time.perf_counter() - t0, time.process_time() - c0)
    return {"traces": traces, "study": study, "adv_long": adv_long, "mtv_p10": mtv_p10, "fixed_buffer": fixed_buffer,
            "fixed_rate": fixed_rate, "delays": delays, "multipliers": mults.tolist(), "equivalence": equivalence,
            "spot": spot, "user": user_out, "timing": timing, "Ps": Ps, "fixed_buffer_control": fixed_buffer_control}


def write_trace_csv(trace: tr.Trace, path: Path) -> Path:
    """Write a trace in the reader's format (header ``bytes``, one size per line)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("bytes\n" + "\n".join(str(int(x)) if float(x).is_integer() else repr(float(x))
                                          for x in trace.sizes) + "\n")
    return path


def finite_or_nan(x) -> float:
    return float(x) if x is not None and math.isfinite(float(x)) else math.nan


def trace_table(inputs: dict, traces: dict, fps: float, user: tr.Trace | None = None) -> pd.DataFrame:
    """Tables 4.1-4.4 (the columns marked "paper") beside the statistics of the synthetic traces.

    "frames / length" is our arithmetic on the thesis's numbers (the frame rate its tables imply).
    ``inputs`` is :func:`load_inputs`, ``traces`` the run's synthetic traces by name; a reader's trace
    ``user`` gets a last row of its own (frames, mean rate, variation, peak; no thesis columns).
    """
    rows = []
    stats = inputs["stats"].set_index("video")
    t41 = inputs["table4_1"].set_index("video")
    for name in ALL:
        s = tr.trace_statistics(traces[name], fps)
        st = stats.loc[name]
        secs = st["length"] * (60.0 if st["length_unit"] == "min" else 1.0)
        rows.append({"video": name, "encoding": t41.loc[name, "encoding"], "content": t41.loc[name, "content"],
                     "length (paper)": f"{st['length']:g} {st['length_unit']}",
                     "picture (paper)": f"{st['picture_width_px']}x{st['picture_height_px']}",
                     "pattern (paper)": st["picture_pattern"], "frames (paper)": int(st["n_frames"]),
                     "frames / length": int(st["n_frames"]) / secs, "frames (ours)": s["n_frames"],
                     "mean rate (ours)": s["mean_rate_Mbps"], "cv (ours)": s["cv"],
                     "peak / mean (ours)": s["peak_to_mean"]})
    if user is not None:
        s = tr.trace_statistics(user, fps)
        rows.append({"video": user.name, "encoding": "reader's trace", "content": user.source,
                     "length (paper)": "", "picture (paper)": "", "pattern (paper)": "", "frames (paper)": None,
                     "frames / length": None, "frames (ours)": s["n_frames"], "mean rate (ours)": s["mean_rate_Mbps"],
                     "cv (ours)": s["cv"], "peak / mean (ours)": s["peak_to_mean"]})
    return pd.DataFrame(rows)


#: How the page shows :func:`trace_table` (``ch.table`` keyword arguments).
TRACE_TABLE_FORMAT = {
    "formats": {"frames / length": ".2f", "mean rate (ours)": "sig3", "cv (ours)": ".2f", "peak / mean (ours)": "sig3",
                "frames (paper)": "int", "frames (ours)": "int"},
    "units": {"frames / length": "fps", "mean rate (ours)": "Mbit/s"}}


def quoted_table(adv: dict, mtv: dict, values: dict, fps: float, long_frames: int) -> pd.DataFrame:
    """The points the thesis quotes (H25-H28) beside ours: adv at the long delay, mtv at ten frame times.

    ``adv`` and ``mtv`` are Section 4.6 rows (bytes, bytes per frame time), ``values`` the transcribed
    thesis values; a long delay other than the thesis's 300 frame times is named in the rows.

    >>> row = {"b_cbr": 2**20, "b_pcbr": 2**19, "r_cbr": 1e5 / 8, "r_pcbr": 2e5 / 8}
    >>> vals = {k: 1.0 for k in ("adv_cbr_buffer_MB", "adv_pcr_buffer_MB", "adv_cbr_rate_Mbps", "adv_pcr_rate_Mbps",
    ...         "mtv_cbr_buffer_MB", "mtv_cbr_rate_Mbps", "mtv_pcbr_buffer_MB", "mtv_pcbr_rate_Mbps")}
    >>> t = quoted_table(row, row, vals, 10.0, 200)
    >>> t["ours (synthetic)"].tolist()
    [1.0, 0.5, 1.0, 2.0, 1.0, 1.0, 0.5, 2.0]
    >>> t["quantity"][0]
    'adv, P = 200 (thesis: 300): CBR buffer'
    """
    def mbit(r):
        return an.mbps(r, fps)

    mb = an.mbytes
    V = values
    quoted = pd.DataFrame([
        {"quantity": "adv, P = 300: CBR buffer", "unit": "MB", "thesis": V["adv_cbr_buffer_MB"],
         "ours (synthetic)": mb(adv["b_cbr"])},
        {"quantity": "adv, P = 300: PCR-assist buffer (PCBR)", "unit": "MB", "thesis": V["adv_pcr_buffer_MB"],
         "ours (synthetic)": mb(adv["b_pcbr"])},
        {"quantity": "adv, P = 300: CBR rate", "unit": "Mbit/s", "thesis": V["adv_cbr_rate_Mbps"],
         "ours (synthetic)": mbit(adv["r_cbr"])},
        {"quantity": "adv, P = 300: PCR-assist rate (PCBR)", "unit": "Mbit/s", "thesis": V["adv_pcr_rate_Mbps"],
         "ours (synthetic)": mbit(adv["r_pcbr"])},
        {"quantity": "mtv, P = 10: CBR buffer", "unit": "MB", "thesis": V["mtv_cbr_buffer_MB"],
         "ours (synthetic)": mb(mtv["b_cbr"])},
        {"quantity": "mtv, P = 10: CBR rate", "unit": "Mbit/s", "thesis": V["mtv_cbr_rate_Mbps"],
         "ours (synthetic)": mbit(mtv["r_cbr"])},
        {"quantity": "mtv, P = 10: PCBR buffer", "unit": "MB", "thesis": V["mtv_pcbr_buffer_MB"],
         "ours (synthetic)": mb(mtv["b_pcbr"])},
        {"quantity": "mtv, P = 10: PCBR rate", "unit": "Mbit/s", "thesis": V["mtv_pcbr_rate_Mbps"],
         "ours (synthetic)": mbit(mtv["r_pcbr"])},
    ])
    if long_frames != 300:
        quoted["quantity"] = quoted["quantity"].str.replace("P = 300", f"P = {long_frames} (thesis: 300)")
    return quoted


def ciw_table(equivalence: list[dict]) -> pd.DataFrame:
    """The Ciw-against-recurrence runs with the page's column names.

    >>> ciw_table([{"video": "adv", "frames": 10, "max_abs_diff": 0.0, "frames_differing": 0}]).columns.tolist()
    ['video', 'frames', 'largest |Ciw - recurrence|', 'frames differing']
    """
    return pd.DataFrame(equivalence).rename(columns={
        "max_abs_diff": "largest |Ciw - recurrence|", "frames_differing": "frames differing",
        "feasible_ciw": "no starvation (Ciw)", "feasible_recurrence": "no starvation (recurrence)"})


#: How the page shows :func:`ciw_table`.
CIW_TABLE_FORMAT = {"formats": {"largest |Ciw - recurrence|": ".1e", "frames": "int"},
                    "units": {"largest |Ciw - recurrence|": "frame times"}}


def pcbr_demo_rate(A: np.ndarray, n_frames: int, P: float = 2) -> float:
    """PCBR's minimum rate (the 1 % search) on the first ``n_frames`` frames: the rate the page's demos draw.

    >>> pcbr_demo_rate(an.cumulative([100.0, 100.0, 100.0]), 2, P=0)   # frame 1 must go out in one frame time
    100.0
    """
    return an.pcbr_min_rate(A[: n_frames + 1], P)[0]


def pdcbr_demo_choice(A: np.ndarray, n_frames: int, high_values: int, high_step: float, low_step: float,
                      P: float = 2) -> tuple[an.PdcbrChoice, str]:
    """The least-buffer PDCBR pair on the first ``n_frames`` frames, and a note for the figure's title.

    On this run's grid if it has a feasible pair (note ``""``), else on the thesis's grid (note
    ``" (thesis's grid)"``), which always has one.
    """
    A_n = A[: n_frames + 1]
    choice = an.pdcbr_least_buffer(A_n, P, an.cbr_rate(A_n, P), *an.pdcbr_grid(high_values, high_step, low_step))
    if choice is not None:
        return choice, ""
    return an.pdcbr_least_buffer(A_n, P, an.cbr_rate(A_n, P), *an.pdcbr_grid()), " (thesis's grid)"


def pcbr_queue_demo(sizes: np.ndarray, P: float, *, step: float, m: int) -> tuple[np.ndarray, float, pd.DataFrame]:
    """PCBR at its minimum rate for start-up delay ``P`` run as a Ciw queue: (A, rate, Ciw records)."""
    A = an.cumulative(sizes)
    rate, _ = an.pcbr_min_rate(A, P, step, m)
    return A, rate, mo.ciw_pcbr(A, rate)


def study47_mb(studies: pd.DataFrame, column: str, scale: float) -> dict[str, float]:
    """The fixed buffers (``column="fixed_buffer_MB"``) or caps (``"buffer_cap_MB"``) of Section 4.7, scaled.

    >>> float(study47_mb(pd.DataFrame({"cap": [2.0] * 6}, index=STUDY_47), "cap", 1.5)["adv"])
    3.0
    """
    return {n: studies.loc[n, column] * scale for n in STUDY_47}
