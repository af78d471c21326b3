"""The numbers and sentences the Hsieh video chapter prints, taken from its run.

The ``record_*`` functions take the chapter record ``ch`` (an :class:`mmbook.chapter.Chapter`, used
only through ``metric``, ``value_or_undefined``, ``warn`` and ``glue``) and record one part of the
page's metrics and glued values under the names the page uses. The ``*_text`` functions compose
the sentences that state a result or judge agreement with the thesis from the run's numbers and
check statuses, so a what-if run never prints a sentence its numbers contradict. Nothing here
computes a model or draws.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from . import analytic as an
from . import experiments as ex
from . import scoring
from . import traces as tr
from .experiments import ALL, MJPEG


def cap_text(cap_delivery_at_eof: bool) -> str:
    """How this run's CBR delivery ends.

    >>> cap_text(True)
    'capped at the end of the file'
    >>> cap_text(False)
    'not capped (Eq. 4.2 taken literally)'
    """
    return "capped at the end of the file" if cap_delivery_at_eof else "not capped (Eq. 4.2 taken literally)"


def high_last(pdcbr_high_values: int, pdcbr_high_step: float) -> float:
    """The largest R_high of the PDCBR grid, as a multiple of R_CBR.

    >>> high_last(20, 0.01)
    1.19
    """
    return 1 + pdcbr_high_step * (pdcbr_high_values - 1)


def record_setup(ch, P: dict) -> None:
    """Glue the run's settings the prose quotes (``P``: the chapter's parameters)."""
    ch.glue("fps_param", P["fps"])
    ch.glue("frame_ms", 1000 / P["fps"])
    ch.glue("p_max", P["startup_max_frames"])
    ch.glue("p_long", P["adv_long_startup_frames"])
    ch.glue("n_highs", P["pdcbr_high_values"])
    ch.glue("n_lows", len(an.pdcbr_grid(P["pdcbr_high_values"], P["pdcbr_high_step"], P["pdcbr_low_step"])[1]))
    ch.glue("high_last", high_last(P["pdcbr_high_values"], P["pdcbr_high_step"]))
    ch.glue("pcr_frames", P["pcr_interval_frames"])
    ch.glue("cap_text", cap_text(P["cap_delivery_at_eof"]))


def ciw_text(equivalence: list[dict]) -> str:
    """The sentence on Ciw against the recurrences, from the equivalence runs (one dict per run).

    >>> eq = [{"frames": 100, "frames_differing": 0, "max_abs_diff": 0.0},
    ...       {"frames": 200, "frames_differing": 0, "max_abs_diff": 0.0}]
    >>> ciw_text(eq)
    'Across 300 frame deliveries, Ciw and the recurrences agree on every frame exactly, and they agree on feasibility in every run.'
    """
    eq = pd.DataFrame(equivalence)
    same = bool((eq["frames_differing"] == 0).all())
    return (f"Across {int(eq['frames'].sum()):,} frame deliveries, "
            + ("Ciw and the recurrences agree on every frame" if same else "Ciw and the recurrences DISAGREE")
            + (" exactly" if eq["max_abs_diff"].max() == 0 else
               f" (largest difference {eq['max_abs_diff'].max():.1e} frame times, floating-point rounding)") + ", and "
            + "they agree on feasibility in every run.")


def reader_demo_text(file_name: str, n_frames: int, same: bool) -> str:
    """The reader's-trace section when no file was given: the synthetic adv written and read back.

    >>> "(1,200 frames) and read back identical, frame for frame" in reader_demo_text("adv.csv", 1200, True)
    True
    >>> "read back NOT identical" in reader_demo_text("adv.csv", 1200, False)
    True
    """
    return (f"No trace file was given, so this section shows the file format with the synthetic adv "
            f"trace: written to `{file_name}` ({n_frames:,} frames) and read back "
            + ("identical, frame for frame" if same else "NOT identical") + "; its results are adv's above.")


def reader_trace_text(file_name: str, s: dict, fps: float) -> str:
    """The reader's trace described by :func:`.traces.trace_statistics` ``s``.

    >>> reader_trace_text("my.csv", {"n_frames": 1500, "length_s": 50.0, "mean_rate_Mbps": 1.234,
    ...                              "cv": 0.5, "peak_to_mean": 3.0}, 30.0)
    'The trace `my.csv` has 1,500 frames (50.0 s at 30 frames/s), a mean rate of 1.23 Mbit/s, a coefficient of variation of 0.50 and a peak frame 3.0 times the mean.'
    """
    return (f"The trace `{file_name}` has {s['n_frames']:,} frames "
            f"({s['length_s']:.1f} s at {fps:g} frames/s), a mean rate of {s['mean_rate_Mbps']:.3g} Mbit/s, "
            f"a coefficient of variation of {s['cv']:.2f} and a peak frame {s['peak_to_mean']:.1f} times the mean.")


def record_reader(ch, res: dict, trace_file: str, fps: float) -> tuple[str, pd.DataFrame]:
    """Glue ``reader_text`` for the reader's-trace section; return the trace's name and Section 4.6 study.

    Without a trace file the synthetic adv trace is written to ``ch.output_dir`` in the reader's format
    and read back, and adv's study stands in.
    """
    if res["user"] is None:
        demo = ex.write_trace_csv(res["traces"]["adv"], ch.output_dir / "adv-synthetic.csv")
        back = tr.read_trace_file(demo)
        same = bool(np.array_equal(back.sizes, res["traces"]["adv"].sizes))
        ch.glue("reader_text", reader_demo_text(demo.name, back.n_frames, same))
        return "adv (synthetic, via the file)", res["study"]["adv"]
    u = res["user"]
    ch.glue("reader_text", reader_trace_text(Path(trace_file).name, tr.trace_statistics(u["trace"], fps), fps))
    scoring.score_reader(ch, u["trace"].name, u["study"])
    return u["trace"].name, u["study"]


def verdicts(recs: pd.DataFrame, prefix: str) -> str:
    """On how many traces the checks whose name starts with ``prefix`` hold, and which.

    The trace is the last ``": "``-separated part of a check's name; the reader's trace is left out.

    >>> recs = pd.DataFrame({"what": ["H30 x: mtv", "H30 x: adv", "H30 x: soccer", "H31: mtv"],
    ...                      "status": ["reproduced", "not reproduced", "inconclusive", "reproduced"]})
    >>> verdicts(recs, "H30")
    'holds on 1 of 3 traces (mtv); fails on adv'
    """
    sub = recs[recs["what"].str.startswith(prefix) & ~recs["what"].str.contains("reader's trace")]
    good = sub[sub["status"] == "reproduced"]["what"].str.split(": ").str[-1].tolist()
    bad = sub[sub["status"] == "not reproduced"]["what"].str.split(": ").str[-1].tolist()
    return (f"holds on {len(good)} of {len(sub)} traces" + (f" ({', '.join(good)})" if good else "")
            + (f"; fails on {', '.join(bad)}" if bad else ""))


def ordering_text(recs: pd.DataFrame, h29_share: float, high_last_value: float) -> str:
    """The orderings H29-H32 on the stand-ins, and why the rate order fails where it does."""
    h32_ok = (recs[recs["what"].str.startswith("H32")]["status"] == "reproduced").all()
    return ("* **Rate order** (H29): " + verdicts(recs, "H29 ") + ".\n"
            "* **MPEG-1 buffer order** CBR, PDCBR, PCBR (H30): " + verdicts(recs, "H30") + ".\n"
            "* **PCBR buffer grows with the start-up delay** (H31, MPEG-1): " + verdicts(recs, "H31") + ".\n"
            "* **CBR rate falls with the start-up delay** (H32): "
            + ("holds on every trace, as Eq. 4.2 guarantees." if h32_ok else "FAILS, which Eq. 4.2 forbids: a bug.")
            + "\n\n"
            + (f"On average over the ten traces the full rate order holds at {100 * h29_share:.0f} % of the "
               "start-up delays with a feasible PDCBR pair. " if math.isfinite(h29_share) else
               "No start-up delay has a feasible PDCBR pair on this run's grid. ")
            + "It fails in two ways. *PDCBR low above CBR*: with R_high capped at "
            f"{high_last_value:.2f} R_CBR, no pair with a low rate below R_CBR survives a long "
            "heavy stretch, so the least-buffer pair keeps its low rate near or above R_CBR (and then needs about CBR's "
            "buffer). *PDCBR high above PCBR*: a higher R_high with a much lower R_low can need less buffer than PCBR's "
            "go-and-stop at its minimum rate, and the thesis's rule picks the least buffer, not the least rate.")


def cbr_trend_text(recs: pd.DataFrame, horse: pd.DataFrame, fps: float) -> str:
    """Section 4.2's trends on the MPEG-2 stand-ins (``horse``: its Section 4.6 study)."""
    u_sub = recs[recs["what"].str.startswith("CBR buffer first falls")]
    u_good = u_sub[u_sub["status"] == "reproduced"]["what"].str.split(": ").str[-1].tolist()
    return (f"On the synthetic MPEG-2 traces the CBR rate falls slowly with the start-up delay (horse: "
            f"{an.mbps(horse['r_cbr'].iloc[0], fps):.3g} Mbit/s at one frame time, "
            f"{an.mbps(horse['r_cbr'].iloc[-1], fps):.3g} at {int(horse['P'].iloc[-1])}). The CBR buffer first falls "
            f"and then rises on {len(u_good)} of {len(u_sub)} of them" + (f" ({', '.join(u_good)})" if u_good else "")
            + "; the thesis saw this shape on its four MPEG-2 traces (seed line 1207).")


def quoted_text(adv: dict, mtv: dict, values: dict) -> str:
    """The quoted adv and mtv points set against the thesis's (``values``: the transcribed values)."""
    return (f"For adv at the long start-up delay the stand-in needs "
            f"{100 * (adv['r_pcbr'] / adv['r_cbr'] - 1):.0f} % more rate with PCBR than with CBR and "
            f"{adv['b_cbr'] / adv['b_pcbr']:.1f} times less buffer (the thesis: 6 % and 7.04 times, seed line 1374). For "
            f"mtv at ten frame times PCBR needs {mtv['r_pcbr'] / mtv['r_cbr']:.2f} times CBR's rate and "
            f"{mtv['b_cbr'] / mtv['b_pcbr']:.0f} times less buffer (the thesis: 2.68 and 350, seed line 1387). The "
            f"thesis's mtv CBR buffer of {values['mtv_cbr_buffer_MB']:g} MB at {values['mtv_cbr_rate_Mbps']:g} Mbit/s "
            "says its trace has a long quiet stretch before a heavy one, which nothing in the thesis lets us calibrate.")


def section47_text(recs: pd.DataFrame) -> str:
    """Section 4.7's two patterns on the stand-ins, from the fixed-buffer and fixed-rate checks.

    >>> recs = pd.DataFrame({"what": ["Fixed buffer: mtv", "Fixed buffer: adv", "Fixed rate: mtv"],
    ...                      "status": ["reproduced", "reproduced", "not reproduced"]})
    >>> print(section47_text(recs))
    The thesis found PDCBR needing lower rates than PCBR at short start-up delays for a fixed buffer (seed line 1473); on the stand-ins this holds for 2 of 2 traces. For a fixed rate the thesis's pattern (seed line 1489) holds for 0 of 1 traces.
    """
    fb = recs[recs["what"].str.startswith("Fixed buffer")]
    fr = recs[recs["what"].str.startswith("Fixed rate")]
    n_fb_ok = int((fb["status"] == "reproduced").sum())
    return (f"The thesis found PDCBR needing lower rates than PCBR at short start-up delays for a fixed "
            f"buffer (seed line 1473); on the stand-ins this holds for {n_fb_ok} of {len(fb)} traces."
            + (" Where it fails, PDCBR has no feasible pair at the shortest delays: a large frame sent at the low rate "
               "takes long, so PDCBR must keep its low rate high, and then its buffer overflows first."
               if n_fb_ok < len(fb) else "")
            + f" For a fixed rate the thesis's pattern (seed line 1489) holds for "
            f"{int((fr['status'] == 'reproduced').sum())} of {len(fr)} traces.")


def adv_uncapped_text(adv: dict) -> str:
    """The remark on H25: adv's CBR buffer at the long delay with and without the end-of-file cap.

    >>> "a CBR buffer of 3.00 MB at the long delay instead of 1.00 MB" in adv_uncapped_text(
    ...     {"b_cbr": 2**20, "b_cbr_uncapped": 3 * 2**20})
    True
    """
    return (f"A remark on H25: taken literally (no end-of-file cap), Eq. 4.2 gives the synthetic adv "
            f"a CBR buffer of {an.mbytes(adv['b_cbr_uncapped']):.2f} MB at the long delay instead of "
            f"{an.mbytes(adv['b_cbr']):.2f} MB. Whether the thesis's 4.75 MB (seed line 1374) includes such an "
            "after-the-end gap cannot be told without its trace.")


def timing_text(timing: dict) -> str:
    """The run's wall and CPU seconds per part.

    >>> print(timing_text({"setup": (1.25, 1.0), "section 4.6": (10.0, 19.5)}))
    Computation in this run (wall / CPU seconds): setup 1.2 / 1.0; section 4.6 10.0 / 19.5 (cached runs show the first run's times).
    """
    return ("Computation in this run (wall / CPU seconds): " + "; ".join(
        f"{k} {w:.1f} / {c:.1f}" for k, (w, c) in timing.items()) + " (cached runs show the first run's times).")


def record_results(ch, res: dict, extra: dict, values: dict, P: dict) -> None:
    """The chapter's metrics, warnings and closing sentences, after :func:`.scoring.score` (``extra``).

    ``values`` are the transcribed thesis values, ``P`` the chapter's parameters.
    """
    fps = P["fps"]
    adv, mtv, study = res["adv_long"], res["mtv_p10"], res["study"]
    ch.metric("mtv_p10_cbr_buffer_mb", an.mbytes(mtv["b_cbr"]), unit="MB")
    ch.metric("mtv_p10_cbr_rate_mbps", an.mbps(mtv["r_cbr"], fps), unit="Mbit/s")
    ch.metric("mtv_p10_pcbr_buffer_mb", an.mbytes(mtv["b_pcbr"]), unit="MB")
    ch.metric("mtv_p10_pcbr_rate_mbps", an.mbps(mtv["r_pcbr"], fps), unit="Mbit/s")
    ch.metric("adv_long_cbr_buffer_mb", an.mbytes(adv["b_cbr"]), unit="MB")
    ch.metric("adv_long_pcbr_buffer_mb", an.mbytes(adv["b_pcbr"]), unit="MB")
    ch.metric("adv_long_pcbr_rate_increase", adv["r_pcbr"] / adv["r_cbr"] - 1, unit="fraction")
    ch.value_or_undefined("ordering_h29_share", extra["h29_share"], "no start-up delay has a feasible PDCBR pair on "
                          "the grid of this run", unit="fraction")
    ch.glue("adv_b_cbr_mb", an.mbytes(adv["b_cbr"]))
    ch.glue("adv_b_cbr_uncapped_mb", an.mbytes(adv["b_cbr_uncapped"]))
    ch.glue("fps_4_2", extra["fps_4_2"])
    ch.glue("fps_4_3", extra["fps_4_3"])
    for name in MJPEG:
        ch.metric(f"{name}_mean_mbps", extra[f"{name}_mean_mbps"], unit="Mbit/s")
    for name in ALL:
        if study[name]["b_pdcbr"].isna().any():
            ch.warn(f"PDCBR grid: {name}",
                    "no feasible (R_high, R_low) pair at some start-up delays; those points are missing")
    recs = pd.DataFrame(ch.scorecard.to_records())
    h29 = recs[recs["what"].str.startswith("H29") & ~recs["what"].str.contains("reader")]
    ch.glue("h29_holds_count", int((h29["status"] == "reproduced").sum()))
    ch.glue("h29_total", len(h29))
    ch.glue("ordering_text", ordering_text(recs, extra["h29_share"], high_last(P["pdcbr_high_values"],
                                                                               P["pdcbr_high_step"])))
    ch.glue("cbr_trend_text", cbr_trend_text(recs, study["horse"], fps))
    ch.glue("quoted_text", quoted_text(adv, mtv, values))
    ch.glue("section47_text", section47_text(recs))
    ch.glue("adv_uncapped_text", adv_uncapped_text(adv))
    ch.glue("scorecard_text", ch.scorecard_summary())
    ch.glue("timing_text", timing_text(res["timing"]))
