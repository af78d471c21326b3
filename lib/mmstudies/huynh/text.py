"""Sentences of the chapter composed from the run (so a what-if never reads a stale number).

Each function takes the run's metrics (``ch.metrics``), the scorecard or a few values and
returns Markdown text that the notebook glues into its prose.

Examples
--------
>>> verdict_phrase("reproduced")
'as the paper says'
>>> pct(12.345)
'12.3 %'
"""

from __future__ import annotations

import math

_VERDICT = {
    "reproduced": "as the paper says",
    "not reproduced": "unlike the paper",
    "inconclusive": "which this run cannot decide",
    "not applicable": "which this run does not judge (see the warnings)",
    "target met": "the calibration target, met",
    "target missed": "the calibration target, missed",
    "holds": "as the model's construction makes it",
    "fails": "against the model's construction",
    "not comparable": "not comparable",
}


def verdict_phrase(status: str) -> str:
    return _VERDICT.get(status, status)


def pct(x: float, digits: int = 1) -> str:
    return "undefined" if x is None or not math.isfinite(x) else f"{x:.{digits}f} %"


def ms(x: float, digits: int = 1) -> str:
    return "undefined" if x is None or not math.isfinite(x) else f"{x:.{digits}f} ms"


def status(sc, prefix: str, suffix: str = "") -> str:
    """Status of the first check whose description starts with ``prefix`` (and ends with ``suffix``)."""
    return next((c.status for c in sc.checks if c.what.startswith(prefix) and c.what.endswith(suffix)), "")


def simulation_summary(runs: int, events: float, cpu_s: float, wall_s: float, workers: int, conservation: float,
                       max_outstanding: float) -> str:
    held = "held for every run" if conservation == 1.0 else "FAILED in at least one run"
    return (f"The chapter simulates {runs:,} replications ({events:,.0f} events on the lean loop; "
            f"{cpu_s:.0f} s of CPU time and {wall_s:.0f} s of wall time over {workers} process"
            f"{'es' if workers != 1 else ''} when the simulation cache was filled). Conservation (every frame "
            f"that entered a run left it or is counted as still inside) {held}, and in Locate Mode no device "
            f"ever had more than {max_outstanding:.0f} outstanding request"
            f"{'s' if max_outstanding != 1 else ''}.")


def channel_text(m: dict, sc) -> str:
    return (f"The largest channel utilisation in any configuration is {pct(m['mc_max_pct'])}, "
            f"{verdict_phrase(status(sc, 'Micro Channel utilisation never'))} (never above 20 %, Section 5.1). "
            f"The Move/Locate ratio on the i386 is {m['mc_move_over_locate_386']:.2f} and the i386/i486 ratio "
            f"in Locate Mode {m['mc_386_over_486_locate']:.2f}: both hold by construction (every Locate "
            "transfer crosses the channel twice and every Move transfer once; the second ratio is the ratio "
            "of the channel rates), so the scorecard shows them as sanity checks, not as evidence.")


def host_text(m: dict, sc, undefined: dict, frame_rate: float) -> str:
    """The host and adapter paragraph: the anchors at the paper's 30 frames/s (with their statuses), the same
    saturation points at this run's frame rate (the rate Fig. 5 is drawn at) and the host's offered load at the
    headline configuration, each judgement only where its record supports it.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> c = lambda what, status: SimpleNamespace(what=what, status=status)
    >>> sc = SimpleNamespace(checks=[c("386 host CPU saturates", "target met"), c("486 host CPU saturates", "target met"),
    ...                              c("386 host CPU at the measured", "reproduced")])
    >>> m = dict(cpu_saturation_kloc_386=60.0, cpu_saturation_kloc_486=240.0, cpu_386_15kloc_pct=52.6,
    ...          move_cpu_max_pct=0.002, adapter_knee_kloc=16.0, cpu_saturation_kloc_386_run=102.0,
    ...          cpu_saturation_kloc_486_run=380.0, adapter_saturation_kloc_run=25.0, host_load_focus_pct=113.0)
    >>> text = host_text(m, sc, {}, 20.0)
    >>> "at this run's 20 frames/s" in text and "overloaded" in text
    True
    >>> "102 KLOCS/frame" in text
    True
    """
    anchors = verdict_phrase(status(sc, "386 host CPU saturates")) if status(sc, "386 host CPU saturates") == \
        status(sc, "486 host CPU saturates") else "one calibration target met and one missed"
    bottleneck = status(sc, "386 host CPU at the measured")
    verdict = {"reproduced": "not the bottleneck there, as the paper says (Section 5.2)",
               "not reproduced": "busier than the paper's 'not likely to be a system bottleneck' (Section 5.2) "
                                 "allows"}.get(bottleneck, verdict_phrase(bottleneck))
    here = ""
    if frame_rate != 30.0:
        here = (f" At this run's {frame_rate:g} frames/s, the rate Fig. 5 is drawn at, the i386 saturates at "
                f"{m['cpu_saturation_kloc_386_run']:.0f} KLOCS/frame and the i486 at "
                f"{m['cpu_saturation_kloc_486_run']:.0f}.")
    load = m.get("host_load_focus_pct", float("nan"))
    focus = ("" if not math.isfinite(load) else
             f" At the headline configuration the Locate host is offered {pct(load, 0)} of its capacity"
             + (": it is overloaded, and its queue has no steady state (see the warnings)." if load >= 100 else "."))
    return (f"At the paper's top frame rate of 30 frames/s, where the paper states its anchors, the host saturates at "
            f"{m['cpu_saturation_kloc_386']:.0f} KLOCS/frame on the i386 and {m['cpu_saturation_kloc_486']:.0f} on "
            f"the i486: {anchors}.{here} At the measured path length and 30 frames/s the i386 is "
            f"{pct(m['cpu_386_15kloc_pct'], 0)} busy, {verdict}; this is the utilisation law on the calibrated "
            f"rate (arithmetic).{focus} In Move Mode the host only runs the start-up code of each stream: "
            f"{m['move_cpu_max_pct']:.4f} % at most. Move's receive delay rises steeply where the video adapter's "
            f"80C186 saturates: at {m['adapter_knee_kloc']:.1f} KLOCS/frame at 30 frames/s by the utilisation law "
            f"({verdict_phrase(status(sc, 'Move receive/decompress delay rises'))})"
            + (f", and at {m['adapter_saturation_kloc_run']:.1f} at this run's {frame_rate:g} frames/s."
               if frame_rate != 30.0 else "."))


def utilisation_text(m: dict, sc) -> str:
    share8 = verdict_phrase(status(sc, "File transfers' share of host CPU, 8"))
    return (f"The file transfers' share of the host CPU is {pct(m['ft_share_30_pct'])} at 30 frames/s (the "
            f"target) and {pct(m['ft_share_8_pct'])} at 8 frames/s, "
            f"{share8} ('almost 50 %', "
            f"Section 5.2). Memory is at {pct(m['mem_386_pct'])} (i386) and {pct(m['mem_486_pct'])} (i486) at 30 "
            f"frames/s, disk {pct(m['disk_pct'])} and the ring {pct(m['ring_30_pct'])} (targets), and the ring "
            f"{pct(m['ring_8_pct'])} at 8 frames/s, {verdict_phrase(status(sc, 'Token-ring utilisation', '8 frames/s'))}. "
            "The two 8 frames/s numbers are not predictions of the queueing model: they are the "
            "utilisation law applied to the calibration, so they test only the calibration's arithmetic "
            "against the paper's. Without a per-packet overhead the bits alone would fill "
            f"{pct(m['ring_no_overhead_30_pct'], 0)} of the ring at 30 frames/s; the fitted overhead of "
            f"{m['cal_ring_overhead_bytes']:.0f} bytes per packet is large for a token-ring frame header, so "
            "read it as everything else the ring carries, not as a header size.")


def delay_text(m: dict, undefined: dict, sc, focus: str) -> str:
    """The headline delays, each a number with its interval or the word undefined with its reason, and the key claim.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> m = dict(delay_send_ms=50.0, delay_send_ci_ms=1.0, delay_send_move_ms=45.0, delay_send_locate_ms=50.0,
    ...          delay_recv_locate_ms=60.0, delay_recv_move_ms=52.0, codec_share_min_pct=55.0,
    ...          codec_share_min_ci_pct=2.0)
    >>> u = {"delay_recv_ms": "station host CPU, Locate is offered utilisation 1.130 >= 1"}
    >>> text = delay_text(m, u | {"delay_recv_ci_ms": "x", "delay_ft_ms": "off"}, SimpleNamespace(checks=[]), "F")
    >>> "undefined ±" in text, "50.0 ms ± 1.0 ms" in text, "undefined (station host CPU" in text
    (False, True, True)
    """
    def val(name):
        return "undefined" if name in undefined else ms(m[name])

    def with_ci(name):
        if name in undefined:
            return f"undefined ({undefined[name]})"
        return f"{ms(m[name])} ± {val(name.replace('_ms', '_ci_ms'))}"

    share = status(sc, "Compression and decompression dominate")
    ft = ("" if "delay_ft_ms" in undefined else
          f" The file transfer takes {val('delay_ft_ms')} in the same configuration.")
    key = (" The paper's key claim, that compression and decompression dominate, is not judged at these "
           "parameters (see the warnings)." if share == "not applicable" else
           "" if "codec_share_min_pct" in undefined or not math.isfinite(m.get("codec_share_min_pct", float("nan")))
           else f" The paper's key claim, that compression and decompression dominate and nothing else matters much: "
                f"the codec's smallest share of a delay at the paper's top frame rate (30 frames/s) is {pct(m['codec_share_min_pct'])} ± "
                f"{pct(m['codec_share_min_ci_pct'])}, {verdict_phrase(share)} (the check asks for more than half: "
                "'most of the time', Section 5.4).")
    def pair(mode):
        send, recv = f"delay_send_{mode}_ms", f"delay_recv_{mode}_ms"
        if send in undefined and recv in undefined:
            return "undefined (see above)" if mode in focus.lower() else "undefined (see the warnings)"
        return f"{val(send)} (send) and {val(recv)} (receive)"

    return (f"At the headline configuration ({focus}) the compress/send delay is {with_ci('delay_send_ms')} and the "
            f"receive/decompress delay {with_ci('delay_recv_ms')}. In the same configuration Move Mode's delays are "
            f"{pair('move')}, Locate's {pair('locate')}.{ft}{key}")


def move_wins_text(m: dict, na: str | None = None) -> str:
    """Where Move's distributed send delay is lower than Locate's (check Q3's intervals), against the paper's
    'at the high rate of 30 frames/s' (Section 6).

    Examples
    --------
    >>> move_wins_text({"q3_8_pct": 3.2, "q3_8_ci_pct": 4.0, "q3_15_pct": 12.7, "q3_15_ci_pct": 2.4,
    ...                 "q3_30_pct": 16.0, "q3_30_ci_pct": 3.0})[:104]
    "On the i386 with distributed mixing Move's compress/send delay is lower than Locate's at 15, 30 frames/s"
    """
    if na:
        return ""
    keys = {float(k[3:-4].replace("_", ".")): k[3:-4] for k in m
            if k.startswith("q3_") and k.endswith("_pct") and not k.endswith("_ci_pct")}
    rates = sorted(keys)
    if not rates:
        return ""

    def rel(f, ci=""):
        return m[f"q3_{keys[f]}{ci}_pct"]

    wins = [f for f in rates if rel(f) - rel(f, "_ci") > 0]
    cells = "; ".join(f"{f:g} frames/s: Locate {rel(f):+.1f} ± {rel(f, '_ci'):.1f} %" for f in rates)
    if not wins:
        where = "at none of the simulated frame rates"
    elif wins == [max(rates)]:
        where = f"only at {max(rates):g} frames/s, as the paper says"
    else:
        where = ("at " + ", ".join(f"{f:g}" for f in wins) + " frames/s, not only at the high rate the paper names")
    return (f"On the i386 with distributed mixing Move's compress/send delay is lower than Locate's {where} "
            f"(the paper: Move performs better 'at the high rate of 30 frames/s', Section 6; ours: {cells}; "
            "check Q3 counts a difference within a tenth as 'about equal').")


def _g(m: dict, name: str) -> float:
    return m.get(name, float("nan"))


def ratio(x: float) -> str:
    return "undefined" if not math.isfinite(x) else f"{x:.2f}"


def ft_text(m: dict) -> str:
    return (f"Run alone, the Move file transfer's delay is {ratio(_g(m, 'ft_delay_ratio_386'))} of Locate's on the "
            f"i386 and {ratio(_g(m, 'ft_delay_ratio_486'))} on the i486 (check Q9 judges the difference).")


def _unsteady(na: str | None, what: str) -> str:
    """The sentence that replaces a reading of simulated delays when a station of the sweep is overloaded."""
    return (f"{what} are not read at these parameters: {na}, so the delays of the sweep have no steady-state "
            "mean (see the warnings).")


def components_text(m: dict, na: str | None = None) -> str:
    """The delay components the prose names, or why they are not read (``na``: an overloaded station).

    Examples
    --------
    >>> components_text({}, "host CPU overloaded (load 6.95) in Locate 386, distributed, 60 frames/s")[:60]
    'The delay components are not read at these parameters: host '
    """
    if na:
        return _unsteady(na, "The delay components")
    c = {k: _g(m, f"c_{k}_ms") for k in (f"{kind}_{slug}_{mode}" for kind in ("send", "recv")
                                          for slug in ("operating_system_queuing", "data_transfers", "video_mixing")
                                          for mode in ("locate", "move"))}
    return (f"On the i386 with distributed mixing, OS queueing adds {ms(c['send_operating_system_queuing_locate'])} "
            f"to a sent frame and {ms(c['recv_operating_system_queuing_locate'])} to a received one in "
            f"Locate Mode; data transfers take {ms(c['send_data_transfers_locate'])} and "
            f"{ms(c['recv_data_transfers_locate'])}. Move Mode has no OS queueing; its data transfers, "
            f"delivery-pipe queueing included, take {ms(c['send_data_transfers_move'])} and "
            f"{ms(c['recv_data_transfers_move'])}. Mixing (the join's wait plus the mixing stage) adds "
            f"{ms(c['recv_video_mixing_locate'])} to a received frame. The compression bar is the same in every "
            "configuration, the stage's own time without any wait: frames captured at exactly the frame rate "
            "never queue there.")


def pipeline_text(m: dict, n: int, na: str | None = None) -> str:
    """The sensitivity runs' receive delays (i386, Locate, distributed, top rate) and, for the two readings that
    keep a frame one frame time, whether the delay drifts from ``n`` frames to twice that
    (:func:`mmperf.steady.run_length_drift` on the two intervals).

    Examples
    --------
    >>> m = {"recv_frame_latency_ms": 60.0, "recv_frame_latency_long_ms": 60.2, "recv_frame_time_ms": 90.0,
    ...      "recv_frame_time_long_ms": 101.0, "recv_compute_time_ms": 38.0}
    >>> m.update({k.replace("_ms", "_ci_ms"): 1.0 for k in list(m)})
    >>> text = pipeline_text(m, 300)
    >>> "60.2 ms over 600 with the chapter's reading: no drift detectable beyond" in text
    True
    >>> "whole frame time: it drifts with the run length" in text
    True
    """
    from mmperf.steady import run_length_drift

    if na:
        return _unsteady(na, "The sensitivity runs")

    def drift(reading):
        a, b = f"recv_{reading}_ms", f"recv_{reading}_long_ms"
        values = [_g(m, k) for k in (a, b, a.replace("_ms", "_ci_ms"), b.replace("_ms", "_ci_ms"))]
        if not all(math.isfinite(x) for x in values):
            return ""
        check = run_length_drift((values[0], values[2]), (values[1], values[3]))
        return (": it drifts with the run length" if check.drifts
                else ": no drift detectable beyond the two intervals")

    return (f"At the top frame rate (i386, Locate, distributed) the receive delay is "
            f"{ms(_g(m, 'recv_frame_latency_ms'))} over {n} frames and {ms(_g(m, 'recv_frame_latency_long_ms'))} "
            f"over {2 * n} with the chapter's reading{drift('frame_latency')}; "
            f"{ms(_g(m, 'recv_frame_time_ms'))} and {ms(_g(m, 'recv_frame_time_long_ms'))} with a stage busy the "
            f"whole frame time{drift('frame_time')}; and {ms(_g(m, 'recv_compute_time_ms'))} with the compute "
            "time alone.")


def scorecard_intro(sc, n_mismatch: int) -> str:
    head = sc.headline()
    return (f"This run reproduces {head['reproduced']} of the {head['checked']} predictions it checks "
            f"(the delay orderings and the paper's key claim; calibration targets, arithmetic and construction "
            f"checks are counted apart). {n_mismatch} check{'s' if n_mismatch != 1 else ''} this run does not "
            "settle in the paper's favour "
            f"{'is' if n_mismatch == 1 else 'are'} listed below with the reason the model gives; the list is "
            "computed from this run's scorecard, so it changes with the parameters.")


def simulation_text(m: dict, workers: int) -> str:
    """:func:`simulation_summary` from the run's metrics (``runs``, ``simulated_events``, ``simulation_*_s``, ...).

    Examples
    --------
    >>> m = dict(runs=4.0, simulated_events=1234.0, simulation_cpu_s=3.2, simulation_wall_s=2.0,
    ...          conservation_all=1.0, max_outstanding_locate=1.0)
    >>> simulation_text(m, 1)[:73]
    'The chapter simulates 4 replications (1,234 events on the lean loop; 3 s '
    """
    return simulation_summary(int(m["runs"]), m["simulated_events"], m["simulation_cpu_s"], m["simulation_wall_s"],
                              workers, m["conservation_all"], m["max_outstanding_locate"])


def focus_text(io_mode: str, host: str, mixing: str, frame_rate: float) -> str:
    """The headline configuration in words.

    Examples
    --------
    >>> focus_text("move", "486", "centralized", 15.0)
    'Move Mode, 486, centralized mixing, 15 frames/s'
    """
    return f"{io_mode.title()} Mode, {host}, {mixing} mixing, {frame_rate:g} frames/s"


def ex4_verdict(m: dict) -> str:
    """Exercise 4: would Move ``still`` or ``no longer`` have the smaller software component on the i486?

    Move's network code per packet on the 80C186 (``ex4_net_ms``) against Locate's host code
    per frame on the i486 (``ex4_locate_486_ms``).

    Examples
    --------
    >>> ex4_verdict({"ex4_net_ms": 2.0, "ex4_locate_486_ms": 1.5}), ex4_verdict({"ex4_net_ms": 1.0,
    ...                                                                         "ex4_locate_486_ms": 1.5})
    ('no longer', 'still')
    """
    return "no longer" if m["ex4_net_ms"] > m["ex4_locate_486_ms"] else "still"


# The replication review of issue 24 (and issue 23 item 4) for this chapter: finding, response, change.
REVIEW = [
    ("Move Mode's network and file-system code set to 0 although Table 1 gives 5 KLOCS/request each and the "
     "text says only 'smaller' (Sections 5 and 5.6); Move's route a subset of Locate's by assumption",
     "fixed: Table 1's values apply in both modes by default; the zero is a labelled what-if",
     "parameter move_adapter_kloc (default 5, Table 1); the data's two assumption rows removed; the orderings "
     "in Move's favour (Q9, Q15 and others) are now decided by the model; test: Move's routes with 5 KLOCS"),
    ("The overlap of Move's file transfer with the disk read is hard-coded",
     "answered, and made an option: the paper says Move Mode 'allows these two slow subsystems to operate in "
     "parallel (one sending and the other one receiving data)' (Section 5.5)",
     "parameter ft_overlap (default on, the paper's text); off, the transmission follows the read as in Locate"),
    ("The codec stage at utilisation 1: its queue grows with the run (receive delay 117.7 ms at 2,000 frames, "
     "132.9 ms at 8,000); four checks decided by the run length",
     "fixed: the i750 is busy its compute time (Table 1's cycle shares) and a frame leaves the stage one frame "
     "time after it entered (the paper's 125 / 33.33 ms without queueing); the old reading stays as an option, "
     "reported as non-stationary",
     "pipeline_model frame_latency (default) / frame_time / compute_time; stations declared with "
     "mmperf.steady (ch.stations) and every headline delay recorded with ch.delay and a run-length check at "
     "twice the run; under frame_time the codec stations are unsteady and the delays undefined"),
    ("'Delays fall with frame rate' is construction (the 1/f stage dominates)",
     "fixed", "Q1 is a construction check"),
    ("'Micro Channel at most 20 %' is the utilisation law", "fixed", "the check is arithmetic, like its siblings"),
    ("The SCSI-driver comparison is not comparable (that driver is not on the receive path)",
     "fixed", "Q16 is not comparable, with the reason"),
    ("The 75 % threshold for 'nothing else matters much' is arbitrary",
     "fixed: the threshold comes from the paper's own reading, 'most of the time is spent in compressing' "
     "(Section 5.4)", "the key-claim check asks for a codec share above 50 %"),
    ("'Move wins at high frame rates', but the model says Move also wins at 15 frames/s",
     "fixed: the page says at which simulated rates Move's send delay is lower",
     "a sentence composed from check Q3's intervals (text.move_wins_text)"),
    ("What-if prose: the host saturation at 30 frames/s printed beside Fig. 5a drawn at the run's rate; "
     "'doubles at undefined' and a grid artefact (1.4 KLOCS) for the adapter knee; 'met by construction' "
     "beside 'target missed'; 'the CPU is not the bottleneck' with the host overloaded",
     "fixed", "the saturation points at the run's frame rate are given too (utilisation law); the adapter knee "
     "is the 80C186's saturation by the utilisation law (exact, no grid); the statuses and the host's offered "
     "load at the headline point are composed from their records"),
    ("A warning blames the token ring, which the model treats as a pure delay",
     "fixed", "the ring's overload is its own warning: the paper's 'token waiting negligible' cannot hold, and "
     "the delay checks are not applicable"),
    ("Overloaded host: send delay printed as 22,566 +- 167 ms and 'undefined +- undefined'",
     "fixed", "delays through an unsteady station are undefined with the station named; the sentence gives "
     "'undefined (reason)' once"),
    ("The run box shows '-p frame_rate 30' instead of the run's value",
     "fixed in the book engine: the box is the engine's ('Run this chapter yourself')",
     "the run box of a what-if shows the command that repeats the run, each changed parameter with this "
     "run's value (mmbook.pages); nothing in this chapter"),
    ("The 43 checks were scored in code (scoring.py), so no table showed each check's paper value, place, "
     "kind and conditions, and no audit tested the declared kinds (issue 23)",
     "fixed: the checks are data, and the independence audit runs on them at the paper's setting",
     "lib/mmstudies/huynh/checks.yml + checks.py (conditions: a what-if of the conference, the frames or the "
     "code per frame makes a check not applicable); the audit re-declared two checks: disk utilisation moves "
     "with the conference size (now a condition) and Q8's value is its four receive - send differences, not "
     "a count that no input moved"),
]


def review_rows() -> list[tuple[str, str, str]]:
    """The review table's rows (finding, response, change), in the order of the issue.

    Examples
    --------
    >>> rows = review_rows()
    >>> len(rows), all(len(r) == 3 and all(r) for r in rows)
    (13, True)
    """
    return list(REVIEW)
