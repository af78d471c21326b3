"""The chapter's exercises 3 and 5-8, each answered at the setting its exercise states (exercises 1, 2 and 4
are :func:`.analytic.exercise_metrics`, on the paper's values and the calibration), and the solutions' sentences
that judge, each composed from the numbers it judges (:func:`ex2_text`, :func:`ex4_text`, :func:`ex5_text`,
:func:`solution_texts`) so that it stays true when the defaults or the data change.

The settings are the paper's three-way conference with file transfers (:class:`.config.Config`'s defaults)
and the change each exercise names. Every answer but exercise 3's is the utilisation law or a codec time,
exact and cheap; exercise 3 runs the lean event loop at short runs (:data:`EX3`), through
:func:`mmperf.simcache.cached` in the notebook. This module is no part of the chapter's simulations, so editing
it re-runs none of them.

The extension of exercise 6 (:func:`host_work_per_s`) lets a Locate request cost the host ``overheads`` times
the per-request overhead S instead of twice (issue and completion): one S models completion interrupts
coalesced with the next request's issue.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from .analytic import adapter_saturation_kloc, host_utilisation
from .config import Config, calibration, codec_times, paper_values

#: exercise 3: the compute-time reading, both modes, at the paper's two frame rates, in short runs
EX3 = {"frames": 300, "replications": 3, "seed": 1, "frame_rates": (8.0, 30.0)}
#: exercise 5: the frame rate read off Figure 6a (i386, distributed, Locate)
EX5_FRAME_RATE = 15.0
#: exercise 6: host overheads S per Locate request in the extension (the model: 2)
EX6_OVERHEADS = 1
#: exercise 8: the frame rate at which the Move video adapter's path length is asked
EX8_FRAME_RATE = 15.0


def host_work_per_s(cfg: Config, overheads: float = 2) -> tuple[float, float]:
    """Host instructions per second (video, file transfers) in Locate Mode with ``overheads`` x S per request.

    With ``overheads=2`` this is :func:`.analytic.host_work_per_s` (VC + network + 2 S per frame,
    file system + network + 2 S per file request); the calibrated S and instruction rates stay as they are.

    Examples
    --------
    At 30 frames/s, three streams and 15 KLOCS: 90 x (15 + 5 + 10) + 30 x (5 + 5 + 10) KLOCS/s with one S:

    >>> [x / 1000 for x in host_work_per_s(Config(), overheads=1)]
    [2700.0, 600.0]
    """
    v, s = paper_values(), calibration().host_overhead_kloc
    streams = 1 + cfg.n_incoming
    ft = v["file_transfer_rate"] if cfg.file_transfer else 0.0
    video = cfg.frame_rate * streams * (cfg.host_vc_kloc + v["net_kloc"] + overheads * s)
    return 1000.0 * video, 1000.0 * ft * (v["fs_kloc"] + v["net_kloc"] + overheads * s)


def saturation_kloc(cfg: Config, overheads: float = 2) -> float:
    """The VC path length at which the Locate host saturates, with ``overheads`` x S per request (exact: the
    host's work is affine in the path length)."""
    ips = calibration().host_ips_386 if cfg.host == "386" else calibration().host_ips_486
    u0 = sum(host_work_per_s(cfg.with_(host_vc_kloc=0.0), overheads)) / ips
    u1 = sum(host_work_per_s(cfg.with_(host_vc_kloc=1.0), overheads)) / ips
    return (1.0 - u0) / (u1 - u0)


def answers() -> dict[str, float]:
    """The closed-form answers of exercises 5-8.

    Examples
    --------
    Exercise 8 by hand: the anchor (16 KLOCS at 30 frames/s) gives 16.5 KLOCS of adapter work per frame at
    30 frames/s; at 15 frames/s twice that, less the 0.5 KLOCS control element:

    >>> answers()["ex8_sat_kloc"]
    32.5
    """
    cal = calibration()
    paper = Config()
    fig = paper.with_(frame_rate=EX5_FRAME_RATE)
    out = {"ex5_frame_rate": EX5_FRAME_RATE, "ex5_host_pct": 100 * host_utilisation(fig)}
    out.update(ex6_overheads=float(EX6_OVERHEADS),
               ex6_host_pct=100 * sum(host_work_per_s(paper, EX6_OVERHEADS)) / cal.host_ips_386,
               ex6_host_now_pct=100 * sum(host_work_per_s(paper)) / cal.host_ips_386,
               ex6_sat_kloc=saturation_kloc(paper, EX6_OVERHEADS), ex6_sat_now_kloc=saturation_kloc(paper))
    low, high = EX3["frame_rates"]
    for reading in ("frame_latency", "compute_time"):
        stage = {f: sum(codec_times(paper.with_(frame_rate=f, pipeline_model=reading))[1::2]) for f in (low, high)}
        out[f"ex7_{reading}_low_ms"], out[f"ex7_{reading}_high_ms"] = 1e3 * stage[low], 1e3 * stage[high]
        out[f"ex7_{reading}_diff_ms"] = 1e3 * (stage[low] - stage[high])
    out.update(ex7_low_fps=low, ex7_high_fps=high)
    out.update(ex8_frame_rate=EX8_FRAME_RATE,
               ex8_sat_kloc=adapter_saturation_kloc(paper.with_(io_mode="move", frame_rate=EX8_FRAME_RATE)),
               ex8_sat_anchor_kloc=adapter_saturation_kloc(paper.with_(io_mode="move")))
    return out


def compute_time_runs(frames: int, replications: int, seed: int) -> pd.DataFrame:
    """Exercise 3: the receive/decompress delay under the compute-time reading, i386, distributed, both modes,
    at the paper's two frame rates: mean over ``replications`` lean runs of ``frames`` frames (seeds ``seed``
    onward, as the chapter's own runs of these configurations). One row per (mode, frame rate)."""
    from .experiments import run_configs

    configs = [Config(io_mode=m, frame_rate=f, pipeline_model="compute_time", frames=frames)
               for m in ("locate", "move") for f in EX3["frame_rates"]]
    runs = run_configs(configs, replications=replications, seed=seed, workers=1, progress=False)
    return runs.groupby(["io_mode", "frame_rate"], as_index=False)["delay_recv"].mean()


def ex3_answers(delays: pd.DataFrame) -> dict[str, float]:
    """The receive delays of :func:`compute_time_runs` in ms, named ``ex3_<mode>_<low|high>_ms``."""
    low, high = EX3["frame_rates"]
    by = delays.set_index(["io_mode", "frame_rate"])["delay_recv"]
    return {f"ex3_{m}_{name}_ms": 1e3 * float(by[(m, f)]) for m in ("locate", "move")
            for name, f in (("low", low), ("high", high))}


def solution_texts(a: dict[str, Any]) -> dict[str, str]:
    """The sentences that compare values: exercise 3's direction per mode, exercise 7's two readings."""
    low, high = EX3["frame_rates"]
    parts = []
    for m in ("locate", "move"):
        d_low, d_high = a[f"ex3_{m}_low_ms"], a[f"ex3_{m}_high_ms"]
        trend = "lower" if d_high < d_low else "higher"
        parts.append(f"{m.title()} Mode's receive delay is {d_low:.1f} ms at {low:g} frames/s and {d_high:.1f} ms "
                     f"at {high:g}, {trend} at the higher frame rate")
    falling = [m for m in ("locate", "move") if a[f"ex3_{m}_high_ms"] < a[f"ex3_{m}_low_ms"]]
    verdict = ("so the paper's 'the higher the frame rate, the lower the time delays' survives in both modes"
               if len(falling) == 2 else
               "so the paper's 'the higher the frame rate, the lower the time delays' survives in neither mode"
               if not falling else
               f"so the paper's 'the higher the frame rate, the lower the time delays' survives only in "
               f"{falling[0].title()} Mode")
    fl, ct = a["ex7_frame_latency_diff_ms"], a["ex7_compute_time_diff_ms"]
    ex7 = (f"the chapter's reading predicts the decompression stage {fl:.1f} ms longer at {low:g} frames/s than at "
           f"{high:g}, the compute-time reading {ct:.1f} ms")
    return {"huynh_ex3_text": "; ".join(parts) + ", " + verdict + ".", "huynh_ex7_text": ex7}


def ex2_text(ratio: float, clock_386_mhz: float, clock_486_mhz: float) -> str:
    """Exercise 2: where the calibrated i486/i386 instruction-rate ratio lies against what the processors suggest.

    The clock ratio alone (Section 2's clocks) is the lower reference; the clock ratio doubled is the upper one,
    the i486 executing common instructions in about half the i386's cycles (a property of the two processors,
    not a number of the paper).

    Examples
    --------
    >>> ex2_text(24.75 / 8.55, 25, 50)[:97]
    'The ratio is 2.89: between the clock ratio of 2.0 (Section 2: 25 and 50 MHz) and the 4.0 that the'
    >>> ex2_text(1.5, 25, 50).split(":")[1][:37]
    ' below the clock ratio of 2.0 (Sectio'
    >>> "above" in ex2_text(5.0, 25, 50)
    True
    """
    clock = clock_486_mhz / clock_386_mhz
    refs = (f"the clock ratio of {clock:.1f} (Section 2: {clock_386_mhz:g} and {clock_486_mhz:g} MHz)",
            f"the {2 * clock:.1f} that the clock ratio and about half the cycles per instruction give")
    if ratio < clock:
        where = (f"below {refs[0]}: the anchors make the i486 do less per cycle than the i386, which the two "
                 "processors' designs do not explain")
    elif ratio <= 2 * clock:
        where = f"between {refs[0]} and {refs[1]}, so the two anchors are consistent with the two processors"
    else:
        where = (f"above {refs[1]}: more than the two processors explain (their caches differ too, 64 kB "
                 "against 256 kB, Section 2)")
    return f"The ratio is {ratio:.2f}: {where}."


def ex4_text(m: dict[str, float], verdict: str) -> str:
    """Exercise 4's conclusion, composed from its numbers: whether Move still has the smaller software
    component on the i486 (``verdict``, :func:`.text.ex4_verdict`), and only when it no longer has, the
    reading under which the paper's statements fit.

    Examples
    --------
    >>> m = {"ex4_net_ms": 3.7, "ex4_locate_486_ms": 1.6}
    >>> ex4_text(m, "no longer")[:87]
    'So Move would no longer have the smaller software component on the i486 (3.7 ms of netw'
    >>> "only fit" in ex4_text(m, "no longer"), "only fit" in ex4_text(m, "still")
    (True, False)
    """
    text = (f"So Move would {verdict} have the smaller software component on the i486 ({m['ex4_net_ms']:.1f} ms of "
            f"network code per packet against Locate's {m['ex4_locate_486_ms']:.1f} ms per frame), and its file "
            "transfers would each carry two 80C186 code paths.")
    if verdict == "no longer":
        text += (" The paper's statements only fit if Move Mode's per-frame adapter code is its own estimate of "
                 "one KLOC per frame (Section 5.2) and no network code.")
    return text


def ex5_point(main: pd.DataFrame, frame_rate: float = EX5_FRAME_RATE) -> tuple[float, float] | None:
    """Exercise 5: the simulated host utilisation (%) of panel (a) of the host-CPU figure (Locate, i386,
    distributed) at ``frame_rate`` and its interval's half-width (%), or None when the run has no such point."""
    row = main[(main["io_mode"] == "locate") & (main["host"] == "386") & (main["mixing"] == "distributed")
               & (main["frame_rate"] == frame_rate)]
    if row.empty:
        return None
    return 100 * float(row["util_host_mean"].iloc[0]), 100 * float(row["util_host_ci"].iloc[0])


def ex5_text(point: tuple[float, float] | None, law_pct: float, default_pct: float,
             frame_rate: float = EX5_FRAME_RATE) -> str:
    """Exercise 5: this run's simulated point (``point``, :func:`ex5_point`) against the utilisation law at the
    run's own setting (``law_pct``); the law at the defaults the exercise names is ``default_pct``.

    Examples
    --------
    >>> ex5_text((31.62, 0.10), 31.58, 31.58)
    "In this run's figure the simulated point at 15 frames/s is 31.62 % ± 0.10 %, 0.04 percentage points above the law, within its interval."
    >>> ex5_text((31.5791, 0.0001), 31.5789, 31.5789)
    "In this run's figure the simulated point at 15 frames/s is 31.58 %, on the law to a hundredth of a percentage point."
    >>> ex5_text(None, 31.58, 31.58)
    'This run simulates no point at 15 frames/s (its frame_rates), so its figure has none to compare.'
    >>> ex5_text((40.0, 0.1), 40.1, 31.58).endswith("the defaults' 31.6 %).")
    True
    """
    if point is None:
        return f"This run simulates no point at {frame_rate:g} frames/s (its frame_rates), so its figure has none to compare."
    sim, half = point
    gap = sim - law_pct
    if abs(gap) < 0.005:     # the host's work per frame is fixed: the point can sit on the law to the digit shown
        text = (f"In this run's figure the simulated point at {frame_rate:g} frames/s is {sim:.2f} %, on the law to a "
                "hundredth of a percentage point")
    else:
        side = "above" if gap > 0 else "below"
        inside = "within" if abs(gap) <= half else "outside"
        text = (f"In this run's figure the simulated point at {frame_rate:g} frames/s is {sim:.2f} % ± {half:.2f} %, "
                f"{abs(gap):.2f} percentage points {side} the law, {inside} its interval")
    if abs(law_pct - default_pct) > 1e-9:
        text += f" (this run's parameters move the law to {law_pct:.1f} % from the defaults' {default_pct:.1f} %)"
    return text + "."
