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

from mmperf.tables import sig

from . import analytic as an
from . import checks
from . import experiments as ex
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
               f" (largest difference {sig(eq['max_abs_diff'].max(), 2)} frame times, floating-point rounding)") + ", and "
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


READER_METRICS = (("cbr_rate_mbps", "r_cbr", "Mbit/s"), ("cbr_buffer_mb", "b_cbr", "MB"),
                  ("pcbr_rate_mbps", "r_pcbr", "Mbit/s"), ("pcbr_buffer_mb", "b_pcbr", "MB"),
                  ("pdcbr_high_mbps", "r_high", "Mbit/s"), ("pdcbr_low_mbps", "r_low", "Mbit/s"),
                  ("pdcbr_buffer_mb", "b_pdcbr", "MB"))


def reader_point(study: pd.DataFrame, startup: int = 10) -> pd.Series:
    """The reader's Section 4.6 row at ten frame times, or at the longest delay studied if shorter.

    >>> float(reader_point(pd.DataFrame({"P": [1.0, 2.0], "r_cbr": [5.0, 4.0]}))["P"])
    2.0
    """
    rows = study[study["P"] <= startup]
    return rows.iloc[-1]


def record_reader(ch, res: dict, trace_file: str, fps: float) -> tuple[str, pd.DataFrame]:
    """Glue ``reader_text`` for the reader's-trace section; return the trace's name and Section 4.6 study.

    With a trace file its summary (frames, mean rate, peak frame) and its CBR, PCBR and PDCBR results at
    ten frame times (or the longest delay studied) are metrics ``reader_*``. Without one the synthetic adv
    trace is written to ``ch.output_dir`` in the reader's format and read back, and adv's study stands in.
    """
    if res["user"] is None:
        demo = ex.write_trace_csv(res["traces"]["adv"], ch.output_dir / "adv-synthetic.csv")
        back = tr.read_trace_file(demo)
        same = bool(np.array_equal(back.sizes, res["traces"]["adv"].sizes))
        ch.glue("reader_text", reader_demo_text(demo.name, back.n_frames, same))
        return "adv (synthetic, via the file)", res["study"]["adv"]
    u = res["user"]
    s = tr.trace_statistics(u["trace"], fps)
    ch.metric("reader_frames", s["n_frames"], unit="frames")
    ch.metric("reader_mean_mbps", s["mean_rate_Mbps"], unit="Mbit/s")
    ch.metric("reader_peak_frame_bytes", float(u["trace"].sizes.max()), unit="bytes")
    row = reader_point(u["study"])
    ch.metric("reader_startup_frames", float(row["P"]), unit="frames")
    for name, column, unit in READER_METRICS:
        value = an.mbytes(row[column]) if unit == "MB" else an.mbps(row[column], fps)
        ch.value_or_undefined(f"reader_{name}", value, "no feasible PDCBR pair on this run's grid", unit=unit)
    ch.glue("reader_text", reader_trace_text(Path(trace_file).name, s, fps)
            + f" At {int(row['P'])} frame times it needs {an.mbps(row['r_cbr'], fps):.3g} Mbit/s and "
            f"{an.mbytes(row['b_cbr']):.3g} MB with CBR, {an.mbps(row['r_pcbr'], fps):.3g} Mbit/s and "
            f"{an.mbytes(row['b_pcbr']):.3g} MB with PCBR"
            + ("; PDCBR has no feasible pair on this run's grid." if math.isnan(row["r_high"]) else
               f", and {an.mbps(row['r_high'], fps):.3g} / {an.mbps(row['r_low'], fps):.3g} Mbit/s and "
               f"{an.mbytes(row['b_pdcbr']):.3g} MB with PDCBR (the metrics reader_* in results.json).")
            + " The thesis's checks do not apply to it: it is not one of the thesis's traces.")
    return u["trace"].name, u["study"]


def method_results(run) -> dict:
    """Our result of every method check (a check of the thesis's method on our traces), by check id."""
    tab = checks.table()
    return {c.id: tab.function(c.compute)(run, **c.args) for c in tab.checks
            if c.kind in ("not comparable", "construction")}


def verdicts(ours: dict, prefix: str) -> str:
    """On how many stand-ins the method checks whose id starts with ``prefix`` hold, and which.

    >>> from mmperf.checktable import Ours
    >>> o = {"h30-x-mtv": Ours("", holds=True), "h30-x-adv": Ours("", holds=False), "h30-x-soccer": Ours("", holds=None)}
    >>> verdicts(o, "h30-x-")
    'holds on 1 of 3 stand-ins (mtv); fails on adv'
    """
    sub = {k[len(prefix):]: v for k, v in ours.items() if k.startswith(prefix) and not k.endswith("-reader")}
    good = [k for k, v in sub.items() if v.holds is True]
    bad = [k for k, v in sub.items() if v.holds is False]
    return (f"holds on {len(good)} of {len(sub)} stand-ins" + (f" ({', '.join(good)})" if good else "")
            + (f"; fails on {', '.join(bad)}" if bad else ""))


def ordering_text(ours: dict, h29_share_value: float, high_last_value: float) -> str:
    """The orderings H29-H32 on the stand-ins, and why the rate order fails where it does."""
    h32 = ours["h32-cbr-rate-falls"]
    return ("* **Rate order** (H29): " + verdicts(ours, "h29-rate-order-") + ".\n"
            "* **MPEG-1 buffer order** CBR, PDCBR, PCBR (H30): " + verdicts(ours, "h30-buffer-order-") + ".\n"
            "* **PCBR buffer grows with the start-up delay** (H31, MPEG-1): " + verdicts(ours, "h31-pcbr-buffer-grows-")
            + ".\n* **CBR rate falls with the start-up delay** (H32): "
            + ("holds on every trace, as Eq. 4.2 guarantees (a theorem, not evidence)." if h32.holds else
               "FAILS, which Eq. 4.2 forbids: a bug.")
            + "\n\nThese are checks of the thesis's method on our stand-ins, not of what the thesis saw on its traces. "
            + (f"On average over the ten stand-ins the full rate order holds at {100 * h29_share_value:.0f} % of the "
               "start-up delays with a feasible PDCBR pair." if math.isfinite(h29_share_value) else
               "No start-up delay has a feasible PDCBR pair on this run's grid.")
            + (" Where it fails, it fails in two ways. *PDCBR low above CBR*: with R_high capped at "
               f"{high_last_value:.2f} R_CBR, no pair with a low rate below R_CBR survives a long heavy stretch, so the "
               "least-buffer pair keeps its low rate near or above R_CBR. *PDCBR high above PCBR*: a higher R_high with "
               "a much lower R_low can need less buffer than PCBR's go-and-stop at its minimum rate, and the thesis's "
               "rule picks the least buffer, not the least rate."
               if math.isfinite(h29_share_value) and h29_share_value < 1 else ""))


def cbr_trend_text(ours: dict, horse: pd.DataFrame, fps: float) -> str:
    """Section 4.2's trends on the MPEG-2 stand-ins (``horse``: its Section 4.6 study)."""
    return (f"On the synthetic MPEG-2 traces the CBR rate falls slowly with the start-up delay (horse: "
            f"{an.mbps(horse['r_cbr'].iloc[0], fps):.3g} Mbit/s at one frame time, "
            f"{an.mbps(horse['r_cbr'].iloc[-1], fps):.3g} at {int(horse['P'].iloc[-1])}). The CBR buffer's first "
            "falling and then rising " + verdicts(ours, "cbr-buffer-u-shape-").replace("holds", "shows", 1)
            + "; the thesis saw this shape on its four MPEG-2 traces (Section 4.2), which we do not have.")


def quoted_text(adv: dict, mtv: dict, values: dict) -> str:
    """The quoted adv and mtv points set against the thesis's (``values``: the transcribed values)."""
    long_frames = int(adv.get("P", 300))
    which = "" if long_frames == 300 else f" ({long_frames} frame times; the thesis's is 300)"
    return (f"For adv at the long start-up delay{which} the stand-in needs "
            f"{100 * (adv['r_pcbr'] / adv['r_cbr'] - 1):.0f} % more rate with PCBR than with CBR and "
            f"{adv['b_cbr'] / adv['b_pcbr']:.1f} times less buffer (the thesis: 6 % and 7.04 times, Section 4.6.1). For "
            f"mtv at ten frame times PCBR needs {mtv['r_pcbr'] / mtv['r_cbr']:.2f} times CBR's rate and "
            f"{mtv['b_cbr'] / mtv['b_pcbr']:.0f} times less buffer (the thesis: 2.68 and 350, Section 4.6.1). The "
            f"thesis's mtv CBR buffer of {values['mtv_cbr_buffer_MB']:g} MB at {values['mtv_cbr_rate_Mbps']:g} Mbit/s "
            "says its trace has a long quiet stretch before a heavy one, which nothing in the thesis lets us calibrate.")


def section47_text(ours: dict, control: str) -> str:
    """Section 4.7's two patterns on the stand-ins, from the fixed-buffer and fixed-rate method checks.

    >>> from mmperf.checktable import Ours
    >>> o = {"fixed-buffer-mtv": Ours("", holds=True), "fixed-buffer-adv": Ours("", holds=True),
    ...      "fixed-rate-mtv": Ours("", holds=False)}
    >>> print(section47_text(o, "prefetch"))
    The thesis found PDCBR needing lower rates than PCBR at short start-up delays for a fixed buffer (Section 4.7.1); on the stand-ins, with the amount pre-fetched as the control, the pattern holds on 2 of 2 stand-ins (mtv, adv). For a fixed rate the thesis's pattern (Section 4.7.2) holds on 0 of 1 stand-ins; fails on mtv.
    """
    how = "the amount pre-fetched" if control == "prefetch" else "the start-up delay (our option)"
    fb = verdicts(ours, "fixed-buffer-")
    return (f"The thesis found PDCBR needing lower rates than PCBR at short start-up delays for a fixed "
            f"buffer (Section 4.7.1); on the stand-ins, with {how} as the control, the pattern {fb}. "
            f"For a fixed rate the thesis's pattern (Section 4.7.2) {verdicts(ours, 'fixed-rate-')}.")


def adv_uncapped_text(adv: dict) -> str:
    """The remark on H25: adv's CBR buffer at the long delay with and without the end-of-file cap.

    >>> "a CBR buffer of 3.00 MB at the long delay instead of 1.00 MB" in adv_uncapped_text(
    ...     {"b_cbr": 2**20, "b_cbr_uncapped": 3 * 2**20})
    True
    """
    return (f"A remark on H25: taken literally (no end-of-file cap), Eq. 4.2 gives the synthetic adv "
            f"a CBR buffer of {an.mbytes(adv['b_cbr_uncapped']):.2f} MB at the long delay instead of "
            f"{an.mbytes(adv['b_cbr']):.2f} MB. Whether the thesis's 4.75 MB (Section 4.6.1) includes such an "
            "after-the-end gap cannot be told without its trace.")


def timing_text(timing: dict) -> str:
    """The run's wall and CPU seconds per part.

    >>> print(timing_text({"setup": (1.25, 1.0), "section 4.6": (10.0, 19.5)}))
    Computation in this run (wall / CPU seconds): setup 1.2 / 1.0; section 4.6 10.0 / 19.5 (cached runs show the first run's times).
    """
    return ("Computation in this run (wall / CPU seconds): " + "; ".join(
        f"{k} {w:.1f} / {c:.1f}" for k, (w, c) in timing.items()) + " (cached runs show the first run's times).")


def buffers_text(mb: dict[str, float]) -> str:
    """The Section 4.7 buffers of this run, grouped by size.

    >>> buffers_text({"mtv": 2.0, "adv": 1.0, "silence": 4.0, "soccer": 4.0})
    'mtv 2 MB; adv 1 MB; silence and soccer 4 MB'
    """
    groups: dict[float, list[str]] = {}
    for name, v in mb.items():
        groups.setdefault(float(v), []).append(name)
    return "; ".join(f"{' and '.join(names) if len(names) < 3 else ', '.join(names[:-1]) + ' and ' + names[-1]} "
                     f"{v:g} MB" for v, names in groups.items())


def targets_text(records: list[dict]) -> str:
    """The calibration targets' statuses at this run's parameters.

    >>> targets_text([{"evidence": "target", "status": "target met", "id": "h33-mean-backdraft"},
    ...               {"evidence": "target", "status": "not applicable", "id": "h33-mean-fugitive"}])
    'the M-JPEG means and the MPEG-2 buffer reduction are targets the stand-ins are built to meet (in this run: h33-mean-backdraft target met, h33-mean-fugitive not applicable)'
    """
    targets = [r for r in records if r["evidence"] == "target"]
    return ("the M-JPEG means and the MPEG-2 buffer reduction are targets the stand-ins are built to meet (in this "
            "run: " + ", ".join(f"{r['id']} {r['status']}" for r in targets) + ")")


def headline_text(records: list[dict]) -> str:
    """How many checks use the thesis's data, and what the others are (issue 24: the headline must say it).

    >>> headline_text([{"evidence": "arithmetic", "status": "reproduced"}, {"evidence": "target", "status": "target met"},
    ...                {"evidence": "not comparable", "status": "not comparable"}])
    "None of the chapter's 3 checks is a prediction: the thesis's traces are not in our source, so no check can set the model against the thesis's data (predictions reproduced / applicable: 0 / 0). 2 checks use the thesis's numbers: 1 arithmetic (1 reproduced) and 1 calibration target (1 target met); 1 statement of what the thesis saw on its traces is not comparable, each shown beside what the same method gives on our stand-ins; 0 construction checks test the model against itself."
    """
    def count(kind):
        group = [r for r in records if r["evidence"] == kind]
        by = {}
        for r in group:
            by[r["status"]] = by.get(r["status"], 0) + 1
        return len(group), ", ".join(f"{v} {k}" for k, v in by.items())

    n_ar, ar = count("arithmetic")
    n_t, t = count("target")
    n_nc, _ = count("not comparable")
    n_c, _ = count("construction")
    n_p, _ = count("prediction")
    return (f"None of the chapter's {len(records)} checks is a prediction: the thesis's traces are not in our source, "
            "so no check can set the model against the thesis's data (predictions reproduced / applicable: "
            f"0 / {n_p}). {n_ar + n_t} checks use the thesis's numbers: {n_ar} arithmetic ({ar}) and {n_t} "
            f"calibration target{'s' if n_t != 1 else ''} ({t}); {n_nc} statement{'s' if n_nc != 1 else ''} of what "
            "the thesis saw on its traces " + ("is" if n_nc == 1 else "are") + " not comparable, each shown beside "
            f"what the same method gives on our stand-ins; {n_c} construction checks test the model against itself.")


def fixed_buffer_method_text(control: str, n_points: int, max_delay_s: float) -> str:
    """How this run searches Figure 4.15's rates, for its control variable.

    >>> "amount of data pre-fetched" in fixed_buffer_method_text("prefetch", 8, 20.0)
    True
    >>> "our earlier reading" in fixed_buffer_method_text("startup", 8, 20.0)
    True
    """
    if control == "prefetch":
        return ("As the thesis does (Section 4.7.1: 'The start-up delay is controlled by the amount of data "
                "pre-fetched into the receiver's buffer'), playback waits until an amount of data has been "
                f"pre-fetched; this run tries {n_points} amounts, geometric from 1/64 to 3/4 of the buffer (the "
                "thesis gives no grid), and the start-up delay is then the time each scheme's schedule takes to "
                "deliver that amount. Rates are searched on a grid of one-per-cent steps of the mean rate from 10 % "
                "below it; among feasible low rates the one with the least buffer is kept (our rule; the thesis "
                "states none). The option `fixed_buffer_control = startup` sweeps the start-up delay directly "
                "instead (our earlier reading).")
    return (f"With the option `fixed_buffer_control = startup` (our earlier reading, not the thesis's mechanism) this "
            f"run sweeps {n_points} start-up delays up to {max_delay_s:g} s directly, searches rates on a grid of "
            "one-per-cent steps from R_CBR(P) (a lower bound for every scheme) and keeps the feasible low rate with "
            "the least buffer. The thesis's control is the amount pre-fetched (Section 4.7.1), the default.")


def record_section47(ch, res: dict, studies: pd.DataFrame, P: dict) -> None:
    """Glue Section 4.7's settings as this run has them: the buffers, the caps and the search."""
    ch.glue("fixed_buffers_text", buffers_text(ex.study47_mb(studies, "fixed_buffer_MB", P["fixed_buffer_scale"])))
    ch.glue("caps_text", buffers_text(ex.study47_mb(studies, "buffer_cap_MB", P["buffer_cap_scale"])))
    ch.glue("fixed_buffer_method_text", fixed_buffer_method_text(res.get("fixed_buffer_control", "prefetch"),
                                                                 P["fixed_buffer_points"], P["fixed_buffer_max_s"]))
    ch.glue("n_rates", P["fixed_rate_points"])


def record_results(ch, res: dict, run, values: dict, P: dict) -> None:
    """The chapter's metrics, warnings and closing sentences (``run``: the checks table's record of this run).

    Call after ``ch.score_table``. ``values`` are the transcribed thesis values, ``P`` the chapter's parameters.
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
    share = checks.h29_share(study)
    ch.value_or_undefined("ordering_h29_share", share, "no start-up delay has a feasible PDCBR pair on "
                          "the grid of this run", unit="fraction")
    ch.metric("mpeg2_pcbr_buffer_reduction_median", float(checks.mpeg2_reductions(study).median()), unit="fraction")
    records = ch.scorecard.to_records()
    ch.metric("predictions_on_thesis_data", sum(r["evidence"] == "prediction" for r in records), unit="checks")
    ch.metric("checks_using_thesis_numbers", sum(r["evidence"] in ("arithmetic", "target") for r in records),
              unit="checks")
    for table_name in ("4_2", "4_3"):
        ch.glue(f"fps_{table_name}", checks.implied_fps(run, "Table " + table_name.replace("_", ".")).value)
    for name in MJPEG:
        ch.metric(f"{name}_mean_mbps", checks.mjpeg_mean(run, name).value, unit="Mbit/s")
    for name in ALL:
        if study[name]["b_pdcbr"].isna().any():
            ch.warn(f"PDCBR grid: {name}",
                    "no feasible (R_high, R_low) pair at some start-up delays; those points are missing")
    ours = method_results(run)
    ch.glue("ordering_text", ordering_text(ours, share, high_last(P["pdcbr_high_values"], P["pdcbr_high_step"])))
    ch.glue("cbr_trend_text", cbr_trend_text(ours, study["horse"], fps))
    ch.glue("quoted_text", quoted_text(adv, mtv, values))
    ch.glue("section47_text", section47_text(ours, res.get("fixed_buffer_control", "prefetch")))
    ch.glue("adv_uncapped_text", adv_uncapped_text(adv))
    ch.glue("targets_text", targets_text(records))
    ch.glue("scorecard_text", headline_text(records))
    ch.glue("timing_text", timing_text(res["timing"]))


def review_rows(res: dict, records: list[dict], P: dict) -> list[tuple[str, str, str]]:
    """The chapter's answer to issue 24: (finding, response, change) per finding, composed from the run.

    ``records`` are the scorecard's records (with the checks table's ids), ``P`` the parameters.
    """
    by_id = {r.get("id"): r for r in records}
    kinds = {}
    for r in records:
        kinds[r["evidence"]] = kinds.get(r["evidence"], 0) + 1
    t260 = res["study"]["t260"]
    red = checks.mpeg2_reductions(res["study"])
    red_pdcbr = checks.mpeg2_reductions(res["study"], "b_pdcbr").dropna()
    pdcbr_median = f"{100 * red_pdcbr.median():.0f} %" if len(red_pdcbr) else "undefined (no feasible pair)"
    targets = ", ".join(f"{k} {by_id[k]['status']}" for k in ("h33-mean-backdraft", "h33-mean-fugitive") if k in by_id)
    user = res["user"]
    return [
        ("'Tests on synthetic stand-in traces (H29-H31, the U-shape, rate equality, fixed rate) are method checks on "
         "our traces, not predictions of the thesis's numbers'",
         f"Fixed. Every statement of what the thesis saw on its traces is now 'not comparable' "
         f"({kinds.get('not comparable', 0)} checks in this run), with the same method's result on our stand-ins shown "
         "beside it; the page calls them checks of the method.",
         "checks.yml (kind), checks.py; the ordering and Section 4.7 sentences say 'on the stand-ins'"),
        ("'H32 is a theorem of Eq. 4.2 (construction)'",
         f"Fixed: construction, shown but not counted (in this run: {by_id.get('h32-cbr-rate-falls', {}).get('status')}).",
         "checks.yml: h32-cbr-rate-falls"),
        ("'H33 is met by construction (target)'; 'the M-JPEG means are targets ...' beside '2 target missed'",
         f"Fixed: targets, with the thesis's frame rate as their condition, so a run at another frame rate reports "
         f"them not applicable instead of missed; the sentence is composed from their records (in this run: {targets}).",
         "checks.yml (conditions: fps 30); text.targets_text"),
        ("'The headline must say how many checks use the thesis's data'",
         f"Fixed: the scorecard's first sentence says so: {kinds.get('prediction', 0)} predictions (none can use the "
         f"thesis's data), {kinds.get('arithmetic', 0) + kinds.get('target', 0)} checks use its printed numbers "
         "(arithmetic and targets); metrics predictions_on_thesis_data and checks_using_thesis_numbers.",
         "text.headline_text; results.json metrics"),
        ("'Fig. 4.15: the thesis's control variable is the amount pre-fetched (Section 4.7.1)'",
         f"Fixed: the default control is the amount pre-fetched (this run: {res.get('fixed_buffer_control', 'prefetch')}); "
         "the start-up delay of each scheme is the time its schedule takes to deliver that amount. Our earlier "
         "start-up-delay sweep with the least-buffer rule is the labelled option fixed_buffer_control = startup.",
         "analytic.prefetch_time, analytic.prefetch_rates, experiments.prefetch_study; tests by brute force"),
        ("'The MPEG-2 stand-in class gives a CBR buffer above 10 MB for t260 and up to 100 % buffer reduction, "
         "against the thesis's 5-20 % (Section 4.6.2)'",
         f"Fixed: the MPEG-2 class has a GOP rate control (a CBR encoder's), so the cumulative data stays near the "
         f"constant-rate line. In this run t260's largest CBR buffer is {an.mbytes(t260['b_cbr'].max()):.2f} MB and "
         f"PCBR's median MPEG-2 buffer reduction {100 * red.median():.0f} % (a calibration target, "
         f"{by_id.get('mpeg2-buffer-reduction', {}).get('status')}) and PDCBR's {pdcbr_median} (the thesis states the "
         f"range for both schemes; {by_id.get('mpeg2-buffer-reduction-pdcbr', {}).get('status')}, nothing was set "
         "to meet it); the shortest "
         "delays still reduce more.",
         "traces.rate_controlled; data/hsieh/video_synthetic_classes.csv (gop_rate_control); test of the drift bound"),
        ("'Fig. 4.11 plots a made-up trace: an illustration'",
         "Fixed: the caption says it is an illustration on our stand-in, and the coverage row says 'not reproducible'.",
         "scoring.COVERAGE; the figure's caption"),
        ("'a client buffer of 2 MB (mtv), 1 MB (adv) or 4 MB' is typed and stays when the run doubles the buffers",
         "Fixed: the buffers and caps are composed from this run's scales, the thesis's values beside them.",
         "text.record_section47, text.buffers_text"),
        ("'at the default the minimum PCBR rate for mtv at ten frame times is 1.49 Mbit/s' (the default gives 1.86)",
         "Fixed: the exercise's solution computes PCBR's rate for mtv at ten frame times at its own setting, a PCR "
         "every frame and every other frame, whatever this run's parameters.", "exercises.pcr_answers"),
        ("'A reader's trace file is used but its results are nowhere in results.json and it is missing from the "
         "traces table'",
         ("Fixed: the trace has a row of the traces table (frames, mean rate, variation, peak / mean) and its "
          "CBR, PCBR and PDCBR results are metrics reader_*; no thesis check applies to it"
          + (f" (this run: {user['trace'].name}, {user['trace'].n_frames:,} frames)." if user else
             " (this run has no trace file).")),
         "experiments.trace_table, text.record_reader; tests/test_chapter_hsieh_video.py"),
    ]
