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
            f"{verdict_phrase(status(sc, 'Micro Channel utilisation never'))} (never above 20 %, seed line 195). "
            f"The Move/Locate ratio on the i386 is {m['mc_move_over_locate_386']:.2f} and the i386/i486 ratio "
            f"in Locate Mode {m['mc_386_over_486_locate']:.2f}: both hold by construction (every Locate "
            "transfer crosses the channel twice and every Move transfer once; the second ratio is the ratio "
            "of the channel rates), so the scorecard shows them as sanity checks, not as evidence.")


def host_text(m: dict, sc, undefined: dict) -> str:
    knee = ("undefined (the delay does not double inside the swept path lengths)" if "adapter_knee_kloc" in undefined
            else f"{m['adapter_knee_kloc']:.1f} KLOCS/frame")
    return (f"The host saturates at {m['cpu_saturation_kloc_386']:.0f} KLOCS/frame on the i386 and "
            f"{m['cpu_saturation_kloc_486']:.0f} on the i486: the calibration targets, met by construction of "
            f"the calibration. At the measured path length the i386 is {pct(m['cpu_386_15kloc_pct'], 0)} busy at "
            f"the paper's top frame rate, so the CPU is not the bottleneck, "
            f"{verdict_phrase(status(sc, '386 host CPU at the measured'))}; this is the utilisation law on the "
            f"calibrated rate (arithmetic). In Move Mode the host only runs the start-up code of each stream: "
            f"{m['move_cpu_max_pct']:.4f} % at most. Move's receive delay doubles at {knee}.")


def utilisation_text(m: dict, sc) -> str:
    share8 = verdict_phrase(status(sc, "File transfers' share of host CPU, 8"))
    return (f"The file transfers' share of the host CPU is {pct(m['ft_share_30_pct'])} at 30 frames/s (the "
            f"target) and {pct(m['ft_share_8_pct'])} at 8 frames/s, "
            f"{share8} ('almost 50 %', seed line "
            f"205). Memory is at {pct(m['mem_386_pct'])} (i386) and {pct(m['mem_486_pct'])} (i486) at 30 "
            f"frames/s, disk {pct(m['disk_pct'])} and the ring {pct(m['ring_30_pct'])} (targets), and the ring "
            f"{pct(m['ring_8_pct'])} at 8 frames/s, {verdict_phrase(status(sc, 'Token-ring utilisation', '8 frames/s'))}. "
            "The two 8 frames/s numbers are not predictions of the queueing model: they are the "
            "utilisation law applied to the calibration, so they test only the calibration's arithmetic "
            "against the paper's. Without a per-packet overhead the bits alone would fill "
            f"{pct(m['ring_no_overhead_30_pct'], 0)} of the ring at 30 frames/s; the fitted overhead of "
            f"{m['cal_ring_overhead_bytes']:.0f} bytes per packet is large for a token-ring frame header, so "
            "read it as everything else the ring carries, not as a header size.")


def delay_text(m: dict, undefined: dict, sc, focus: str) -> str:
    def val(name):
        return "undefined" if name in undefined else ms(m[name])

    share = status(sc, "Compression and decompression dominate")
    ft = ("" if "delay_ft_ms" in undefined else
          f" The file transfer takes {val('delay_ft_ms')} in the same configuration.")
    return (f"At the headline configuration ({focus}) the compress/send delay is {val('delay_send_ms')} ± "
            f"{val('delay_send_ci_ms')} and the receive/decompress delay {val('delay_recv_ms')} ± "
            f"{val('delay_recv_ci_ms')}. In the same configuration Move Mode's delays are "
            f"{val('delay_send_move_ms')} (send) and {val('delay_recv_move_ms')} (receive) against Locate's "
            f"{val('delay_send_locate_ms')} and {val('delay_recv_locate_ms')}.{ft} The paper's key claim, that "
            "compression and decompression dominate and nothing else matters much: the codec's smallest share "
            f"of a delay at the top frame rate is {pct(m.get('codec_share_min_pct', float('nan')))} ± "
            f"{pct(m.get('codec_share_min_ci_pct', float('nan')))}, {verdict_phrase(share)} (the check asks for at "
            "least three quarters).")


def _g(m: dict, name: str) -> float:
    return m.get(name, float("nan"))


def ratio(x: float) -> str:
    return "undefined" if not math.isfinite(x) else f"{x:.2f}"


def ft_text(m: dict) -> str:
    return (f"Run alone, the Move file transfer's delay is {ratio(_g(m, 'ft_delay_ratio_386'))} of Locate's on the "
            f"i386 and {ratio(_g(m, 'ft_delay_ratio_486'))} on the i486 (check Q9 judges the difference).")


def components_text(m: dict) -> str:
    c = {k: _g(m, f"c_{k}_ms") for k in (f"{kind}_{slug}_{mode}" for kind in ("send", "recv")
                                          for slug in ("operating_system_queuing", "data_transfers", "video_mixing")
                                          for mode in ("locate", "move"))}
    return (f"On the i386 with distributed mixing, OS queueing adds {ms(c['send_operating_system_queuing_locate'])} "
            f"to a sent frame and {ms(c['recv_operating_system_queuing_locate'])} to a received one in "
            f"Locate Mode; data transfers take {ms(c['send_data_transfers_locate'])} and "
            f"{ms(c['recv_data_transfers_locate'])}. Move Mode has no OS queueing; its data transfers, "
            f"delivery-pipe queueing included, take {ms(c['send_data_transfers_move'])} and "
            f"{ms(c['recv_data_transfers_move'])}. Mixing (the join's wait plus the mixing stage) adds "
            f"{ms(c['recv_video_mixing_locate'])} to a received frame. The compression bar is exactly one "
            "frame time in every configuration: periodic arrivals never queue.")


def pipeline_text(m: dict) -> str:
    return (f"With the compute-time reading the receive delay is {ms(_g(m, 'recv_compute_time_ms'))} against "
            f"{ms(_g(m, 'recv_frame_time_ms'))} with stages of one frame time (i386, Locate, distributed, top rate).")


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


def ex3_text(pipeline, grid: list[float]) -> str:
    """Exercise 3's solution: the compute-time receive delay at the lowest and highest swept frame rate, per mode.

    ``pipeline`` is the summary of the pipeline-sensitivity runs (i386, distributed); the
    compute-time rows of each mode, in frame-rate order, give the first and last delay.

    Examples
    --------
    >>> import pandas as pd
    >>> p = pd.DataFrame({"pipeline_model": "compute_time", "io_mode": ["locate", "locate", "move", "move"],
    ...                   "frame_rate": [30.0, 8.0, 8.0, 30.0], "delay_recv_mean": [0.02, 0.03, 0.025, 0.015]})
    >>> ex3_text(p, [8.0, 30.0])
    'Locate: 30.0 ms at 8 frames/s, 20.0 ms at 30; Move: 25.0 ms at 8 frames/s, 15.0 ms at 30'
    """
    falls = {}
    for m in ("locate", "move"):
        g = pipeline[(pipeline["pipeline_model"] == "compute_time") & (pipeline["io_mode"] == m)]
        d = g.sort_values("frame_rate")["delay_recv_mean"].to_numpy()
        falls[m] = (d[0], d[-1])
    return "; ".join(f"{m.title()}: {ms(1e3 * a)} at {min(grid):g} frames/s, {ms(1e3 * b)} at {max(grid):g}"
                     for m, (a, b) in falls.items())


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
