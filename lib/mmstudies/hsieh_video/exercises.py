"""The chapter's exercises, each answered at the setting its exercise states (not at the run's parameters).

Every function runs the study's model at one exercise's own setting, on the synthetic stand-ins built with
that setting; the notebook glues what they return, so a solution stays true when the defaults change. The
figure-reading exercise is the one answered from this run (it reads this run's figure).

The *extend* exercise gives the PCR-assist counter a lead: loaded with ``PCR_1`` plus ``L`` frame times, it
lets the interface send up to ``L`` frames ahead of the stream's clock. In :func:`.analytic.pcbr_departures`
that is one changed line, the release times ``g m`` becoming ``max(g m - L, 0)``; :func:`pcbr_lead_departures`
is that function with the lead as a parameter.
"""

from __future__ import annotations

import math

import numpy as np

from mmstudies.hsieh_video import analytic as an
from mmstudies.hsieh_video import checks
from mmstudies.hsieh_video import experiments as ex
from mmstudies.hsieh_video import traces as tr

#: The thesis's defaults that the exercises keep (the chapter's parameter defaults).
FPS, SEED, PCBR_STEP = 30.0, 1, 0.01
#: Exercises 1-2 (by hand): a four-frame trace (kB) and its start-up delay (frame times).
HAND_SIZES_KB, HAND_P = (10.0, 10.0, 10.0, 60.0), 1
#: Exercise 3: smoother stand-ins, the start-up delays 1..this, and the four MPEG-1 stand-ins it counts.
ORDER_VARIABILITY, ORDER_MAX_P = 0.3, 10
#: Exercise 4: the adv stand-in at the thesis's long start-up delay (frame times).
CAP_P = 300
#: Exercise 5: the mtv stand-in at ten frame times, a PCR every other frame.
PCR_P, PCR_M = 10, 2
#: Exercise 6: every tenth frame of the adv stand-in ten times larger, at ten frame times.
SPIKE_EVERY, SPIKE_FACTOR, SPIKE_P = 10, 10.0, 10
#: Exercise 8 (extend): the counter's lead (frame times) on the mtv stand-in at a start-up delay of two frame times.
LEAD_FRAMES, LEAD_P = 2, 2
#: Exercise 9 (design): the share to be shown and the confidence of the one-sided bound.
DESIGN_SHARE, DESIGN_CONFIDENCE, DESIGN_HAVE = 0.7, 0.95, 4


def stand_ins(names, variability: float = 1.0, seed: int = SEED) -> dict[str, tr.Trace]:
    """The named synthetic stand-ins at full length (each trace's own seed, so the others need not be built)."""
    inputs = ex.load_inputs()
    rows = [r for r in inputs["rows"] if r["video"] in set(names)]
    return tr.build_synthetic_traces(rows, inputs["classes"], reference_fps=FPS, seed=seed, variability=variability)


def hand_answers() -> dict[str, float]:
    """Exercises 1-2 on the four-frame trace: R_CBR, its buffer (Eq. 4.2, capped) and PCBR's least rate, the
    latter on a fine grid of R_CBR (a 0.01 % step, so the hand answer is met within it).

    >>> a = hand_answers()
    >>> round(a["ex_hand_cbr_rate_kb"], 6), round(a["ex_hand_cbr_buffer_kb"], 6)
    (18.0, 60.0)
    """
    A = an.cumulative(HAND_SIZES_KB)
    r_cbr = an.cbr_rate(A, HAND_P)
    r_pcbr, _ = an.pcbr_min_rate(A, HAND_P, step=1e-4)
    return {"ex_hand_p": HAND_P, "ex_hand_cbr_rate_kb": r_cbr, "ex_hand_cbr_buffer_kb": an.cbr_buffer(A, HAND_P),
            "ex_hand_tangent": an.cbr_tangent_frame(A, HAND_P), "ex_hand_pcbr_rate_kb": r_pcbr}


def order_answers(variability: float = ORDER_VARIABILITY, max_p: int = ORDER_MAX_P) -> dict[str, float]:
    """Exercise 3: on how many MPEG-1 stand-ins H29's rate order holds at every start-up delay 1..``max_p``,
    at ``variability`` and at the default variability (Section 4.6's searches on the thesis's grids)."""
    highs, lows = an.pdcbr_grid()
    out = {"ex_order_variability": variability, "ex_order_max_p": max_p, "ex_order_traces": len(ex.MPEG1)}
    for key, v in (("smooth", variability), ("default", 1.0)):
        traces = stand_ins(ex.MPEG1, v)
        holds = [checks.h29_detail(ex.section46(an.cumulative(traces[n].sizes), list(range(1, max_p + 1)), m=1,
                                                pcbr_step=PCBR_STEP, highs=highs, lows=lows, cap=True))[0]
                 for n in ex.MPEG1]
        out[f"ex_order_holds_{key}"] = sum(h is True for h in holds)
    return out


def cap_answers() -> dict[str, float]:
    """Exercise 4: the adv stand-in's CBR buffer at the long delay, with and without the end-of-file cap (MB)."""
    A = an.cumulative(stand_ins(["adv"])["adv"].sizes)
    return {"ex_cap_p": CAP_P, "ex_cap_capped_mb": an.mbytes(an.cbr_buffer(A, CAP_P, cap=True)),
            "ex_cap_uncapped_mb": an.mbytes(an.cbr_buffer(A, CAP_P, cap=False))}


def pcr_answers() -> dict[str, float]:
    """Exercise 5: PCBR's least rate (Mbit/s) and buffer (MB) for the mtv stand-in at ten frame times with a
    PCR every frame and every other frame."""
    A = an.cumulative(stand_ins(["mtv"])["mtv"].sizes)
    out = {"ex_pcr_p": PCR_P, "ex_pcr_m": PCR_M}
    for key, m in (("one", 1), ("two", PCR_M)):
        r, _ = an.pcbr_min_rate(A, PCR_P, PCBR_STEP, m)
        out[f"ex_pcr_rate_{key}_mbps"] = an.mbps(r, FPS)
        out[f"ex_pcr_buffer_{key}_mb"] = an.mbytes(an.evaluate(A, r, 0.0, PCR_P, m)[1])
    return out


def spiky(sizes: np.ndarray, every: int = SPIKE_EVERY, factor: float = SPIKE_FACTOR) -> np.ndarray:
    """Every ``every``-th frame (the 10th, 20th, ...) made ``factor`` times larger.

    >>> spiky(np.ones(4), every=2, factor=3.0).tolist()
    [1.0, 3.0, 1.0, 3.0]
    """
    out = np.asarray(sizes, dtype=float).copy()
    out[every - 1::every] *= factor
    return out


def spike_answers() -> dict[str, float]:
    """Exercise 6: each scheme's rate at ten frame times on the adv stand-in and on its spiky copy (Mbit/s)."""
    sizes = stand_ins(["adv"])["adv"].sizes
    highs, lows = an.pdcbr_grid()
    out = {"ex_spike_every": SPIKE_EVERY, "ex_spike_factor": SPIKE_FACTOR, "ex_spike_p": SPIKE_P}
    for key, s in (("plain", sizes), ("spiky", spiky(sizes))):
        row = an.compare_schemes(an.cumulative(s), [SPIKE_P], m=1, pcbr_step=PCBR_STEP, highs=highs, lows=lows)[0]
        for scheme, column in (("cbr", "r_cbr"), ("pcbr", "r_pcbr"), ("high", "r_high")):
            out[f"ex_spike_{scheme}_{key}_mbps"] = an.mbps(row[column], FPS)
    for scheme in ("cbr", "pcbr", "high"):
        out[f"ex_spike_{scheme}_ratio"] = out[f"ex_spike_{scheme}_spiky_mbps"] / out[f"ex_spike_{scheme}_plain_mbps"]
    return out


def pcbr_lead_departures(A: np.ndarray, rate: float, lead: float = 0.0) -> np.ndarray:
    """Finish times (frame times) of every frame under PCBR whose counter runs ``lead`` frame times ahead:
    :func:`.analytic.pcbr_departures` (a PCR every frame) with the release ``g`` replaced by ``max(g - lead, 0)``.

    >>> pcbr_lead_departures(an.cumulative([2.0, 1.0, 1.0]), rate=2.0).tolist()         # as pcbr_departures
    [1.0, 1.5, 2.5]
    >>> pcbr_lead_departures(an.cumulative([2.0, 1.0, 1.0]), rate=2.0, lead=5).tolist()  # all at once: CBR
    [1.0, 1.5, 2.0]
    """
    C = np.asarray(A[1:], dtype=float)
    Cprev = np.asarray(A[:-1], dtype=float)
    release = np.maximum(np.arange(len(C), dtype=float) - lead, 0.0)
    return C / rate + np.maximum.accumulate(release - Cprev / rate)


def pcbr_lead_min_rate(A: np.ndarray, P: float, lead: float, step: float = PCBR_STEP) -> float:
    """The smallest ``R_CBR (1 + step k)`` at which no frame under PCBR with a ``lead`` is late:
    frame ``n`` (1-based) must be done by ``n + P``. Feasibility rises with ``k``, so bisection finds it."""
    base = an.cbr_rate(A, P)
    due = np.arange(1, len(A)) + P + an.EPS

    def feasible(k: int) -> bool:
        return bool(np.all(pcbr_lead_departures(A, an.grid_rate(base, step, k), lead) <= due))

    lo, hi = -1, 1
    while not feasible(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if feasible(mid) else (mid, hi)
    return an.grid_rate(base, step, hi)


def lead_answers() -> dict[str, float]:
    """Exercise 8: PCBR's least rate on the mtv stand-in at the exercise's start-up delay, without and with the
    lead; PCBR without a lead at the delay plus the lead (a lead moves every deadline but the first frames'
    later by the lead); and the CBR rate, the limit of an unbounded lead (Mbit/s)."""
    A = an.cumulative(stand_ins(["mtv"])["mtv"].sizes)
    return {"ex_lead_frames": LEAD_FRAMES, "ex_lead_p": LEAD_P,
            "ex_lead_rate_zero_mbps": an.mbps(pcbr_lead_min_rate(A, LEAD_P, 0.0), FPS),
            "ex_lead_rate_shifted_mbps": an.mbps(an.pcbr_min_rate(A, LEAD_P + LEAD_FRAMES, PCBR_STEP)[0], FPS),
            "ex_lead_rate_mbps": an.mbps(pcbr_lead_min_rate(A, LEAD_P, LEAD_FRAMES), FPS),
            "ex_lead_cbr_mbps": an.mbps(an.cbr_rate(A, LEAD_P), FPS)}


def traces_needed(share: float = DESIGN_SHARE, confidence: float = DESIGN_CONFIDENCE) -> int:
    """Independent traces that must all show a property before the one-sided lower bound on the share of
    traces with it reaches ``share``: all ``n`` hold with probability ``s^n``, so ``n >= ln(1 - c) / ln s``.

    >>> traces_needed(0.7, 0.95)     # ln 0.05 / ln 0.7 = 8.40
    9
    """
    return math.ceil(math.log(1 - confidence) / math.log(share) - 1e-12)


def design_answers() -> dict[str, float]:
    """Exercise 9: the traces needed, and the bound that the chapter's four MPEG-1 stand-ins give if all hold."""
    return {"ex_design_share": DESIGN_SHARE, "ex_design_confidence": DESIGN_CONFIDENCE,
            "ex_design_traces": traces_needed(), "ex_design_have": DESIGN_HAVE,
            "ex_design_bound_have": (1 - DESIGN_CONFIDENCE) ** (1 / DESIGN_HAVE)}


def figure_answers(mtv_p10: dict, fps: float) -> dict[str, float]:
    """Exercise 7 (read off this run's Figures 4.9-4.10): the run's PCBR and CBR rates for mtv at ten frame
    times (Mbit/s), under names of their own.

    >>> figure_answers({"r_pcbr": 1000.0, "r_cbr": 500.0}, 30.0)   # byte per frame time x 30 x 8 / 1e6
    {'ex_fig_pcbr_rate_mbps': 0.24, 'ex_fig_cbr_rate_mbps': 0.12}
    """
    return {"ex_fig_pcbr_rate_mbps": an.mbps(mtv_p10["r_pcbr"], fps), "ex_fig_cbr_rate_mbps": an.mbps(mtv_p10["r_cbr"], fps)}


def exercise_answers() -> dict[str, float]:
    """Every answer computed at its exercise's own setting (the notebook caches this)."""
    return (hand_answers() | order_answers() | cap_answers() | pcr_answers() | spike_answers() | lead_answers()
            | design_answers())
