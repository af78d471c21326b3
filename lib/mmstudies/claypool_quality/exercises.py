"""The chapter's exercises: each answer computed at the exercise's own settings, never at the run's.

The hand, design and extend exercises use the thesis's limits (``quality_limits.csv``: 230 ms, 6 %, 10 %); the
re-run exercises the chapter's defaults with one parameter changed (:func:`.experiments.exercise_whatifs`); the
figure exercise reads this run's figure and says so. :func:`answers` returns the numbers, glued ``exN_...``.
"""

from __future__ import annotations

import math

from mmperf import quality as qm

from .data import Inputs

#: the settings the exercises name: exercise 1's gap rate, exercise 5's operating point (latency ms, gaps %,
#: jitter %), exercise 7's weight on the gap axis, exercise 8's wanted precision of the latency allowance (ms)
EXERCISE_SETTINGS = {"ex1_gaps_pct": 3.0, "ex5_point": (138.0, 3.6, 4.0), "ex7_gap_weight": 1.5,
                     "ex7_latency_ms": 150.0, "ex8_precision_ms": 10.0}


def latency_allowance(gaps_pct: float, latency_limit_ms: float, gaps_limit_pct: float, gap_weight: float = 1.0,
                      norm: str = "euclidean") -> float:
    """The latency (ms) a conference with ``gaps_pct`` gaps can afford before ``Q`` reaches one (0 if none).

    ``gap_weight`` multiplies the scaled gap axis, as ``mmperf.quality.quality``'s weights do (exercise 7's
    extension: the thesis weighs every axis one "in the absence of user studies to the contrary"). With the
    max norm the axes do not interact.

    Examples
    --------
    >>> round(latency_allowance(3.0, 230.0, 6.0), 2)            # sqrt(1 - 0.5^2) x 230
    199.19
    >>> round(latency_allowance(3.0, 230.0, 6.0, gap_weight=1.5), 2)   # sqrt(1 - 0.75^2) x 230
    152.13
    >>> latency_allowance(3.0, 230.0, 6.0, norm="max")
    230.0
    """
    x = gap_weight * qm.normalise(gaps_pct, gaps_limit_pct)
    if x >= 1:
        return 0.0
    return latency_limit_ms * (1.0 if norm == "max" else qm.limit_on_axis([x]))


def weighted_quality(latency_ms: float, gaps_pct: float, latency_limit_ms: float, gaps_limit_pct: float,
                     gap_weight: float) -> float:
    """Exercise 7: the two-axis quality with the gap axis weighted by ``gap_weight``.

    Examples
    --------
    >>> round(weighted_quality(115.0, 3.0, 230.0, 6.0, 1.0) ** 2, 12)    # 0.5^2 + 0.5^2
    0.5
    """
    x = [qm.normalise(latency_ms, latency_limit_ms), qm.normalise(gaps_pct, gaps_limit_pct)]
    return float(qm.quality(x, weights=[1.0, gap_weight]))


def allowance_sensitivity(gaps_pct: float, latency_limit_ms: float, gaps_limit_pct: float) -> float:
    """Exercise 8: how many ms the latency allowance moves per percentage point of the gap limit.

    With ``x = g / m_g`` the allowance is ``m_L sqrt(1 - x^2)``; its derivative in ``m_g`` is
    ``m_L x^2 / (m_g sqrt(1 - x^2))``.

    Examples
    --------
    >>> round(allowance_sensitivity(3.0, 230.0, 6.0), 3)        # 230 x 0.25 / (6 x 0.866)
    11.066
    """
    x = gaps_pct / gaps_limit_pct
    return latency_limit_ms * x * x / (gaps_limit_pct * math.sqrt(1 - x * x))


def box_fraction(axes: int) -> float:
    """Exercise 9: the share of the box of the limits that the Euclidean metric accepts (the unit ball's
    positive part over the unit cube): pi/4 with two axes, pi/6 with three.

    Examples
    --------
    >>> round(box_fraction(2), 4), round(box_fraction(3), 4)
    (0.7854, 0.5236)
    """
    return math.pi ** (axes / 2) / math.gamma(axes / 2 + 1) / 2**axes


def hand_answers(inputs: Inputs, settings: dict = EXERCISE_SETTINGS) -> dict[str, float]:
    """The answers that need no run of the model: exercises 1, 5, 7, 8 and 9 at the thesis's limits."""
    s = settings
    lat, gap, jit = (inputs.lim(k) for k in ("audio_latency_limit_ms", "audio_gaps_limit_pct", "vc_jitter_limit_pct"))
    out = {"ex_latency_limit_ms": lat, "ex_gaps_limit_pct": gap, "ex_jitter_limit_pct": jit}
    x = qm.normalise(s["ex1_gaps_pct"], gap)
    out |= {"ex1_gaps_pct": s["ex1_gaps_pct"], "ex1_gap_axis": x, "ex1_axis_allowance": qm.limit_on_axis([x]),
            "ex1_latency_allowance_ms": latency_allowance(s["ex1_gaps_pct"], lat, gap),
            "ex1_max_norm_allowance_ms": latency_allowance(s["ex1_gaps_pct"], lat, gap, norm="max")}
    latency, gaps, jitter = s["ex5_point"]
    axes = [qm.normalise(latency, lat), qm.normalise(gaps, gap), qm.normalise(jitter, jit)]
    out |= {"ex5_latency_ms": latency, "ex5_gaps_pct": gaps, "ex5_jitter_pct": jitter, "ex5_q": qm.quality(axes),
            "ex5_q_max": qm.quality(axes, norm="max")}
    w = s["ex7_gap_weight"]
    out |= {"ex7_gap_weight": w, "ex7_allowance_ms": latency_allowance(s["ex1_gaps_pct"], lat, gap, gap_weight=w),
            "ex7_latency_ms": s["ex7_latency_ms"],
            "ex7_q_weighted": weighted_quality(s["ex7_latency_ms"], s["ex1_gaps_pct"], lat, gap, w),
            "ex7_q_equal": weighted_quality(s["ex7_latency_ms"], s["ex1_gaps_pct"], lat, gap, 1.0)}
    slope = allowance_sensitivity(s["ex1_gaps_pct"], lat, gap)
    out |= {"ex8_precision_ms": s["ex8_precision_ms"], "ex8_ms_per_pct": slope,
            "ex8_gap_limit_precision_pct": s["ex8_precision_ms"] / slope}
    out |= {"ex9_fraction_2d_pct": 100 * box_fraction(2), "ex9_fraction_3d_pct": 100 * box_fraction(3)}
    return {k: float(v) for k, v in out.items()}


def run_answers(whatifs: dict, run_n_star: dict) -> dict:
    """The answers read from runs: exercises 3 and 4 from ``whatifs`` (:func:`.experiments.exercise_whatifs`, the
    defaults with one change each), exercise 6 from ``run_n_star``, this run's Figure 5.25 user limits (the figure
    exercise reads this run's figure). A number the model cannot give is left out; ``ex6_text`` says it in words."""
    out: dict = {}
    for key, run in (("ex3", whatifs["ex3"]), ("ex3_base", whatifs["base"])):
        out |= _finite(f"{key}_indigo2_soldiers", run.get("fig7_6_indigo2_max_soldiers"))
    out["ex3_speedup"] = float(whatifs["ex3"].params["vc_indigo2_speedup"])
    for key, run in (("ex4", whatifs["ex4"]), ("ex4_base", whatifs["base"])):
        out |= _finite(f"{key}_spec_threshold", run.get("fig5_24_spec_threshold"))
    users = run_n_star["Sparc 5 + Fibre Channel"]
    out |= _finite("ex6_sparc5_users", users) if users >= 2 else {}
    out["ex6_text"] = f"{users:.0f} users" if math.isfinite(users) and users >= 2 else "no conference size searched"
    return out


def answers(inputs: Inputs, whatifs: dict, run_n_star: dict, settings: dict = EXERCISE_SETTINGS) -> dict:
    """Every exercise's answer (:func:`hand_answers` and :func:`run_answers`), glued ``exN_...`` by the notebook."""
    return hand_answers(inputs, settings) | run_answers(whatifs, run_n_star)


def _finite(name: str, x: float) -> dict[str, float]:
    """``{name: x}``, or nothing where the model gives no number (the solution's sentence then says so)."""
    return {name: float(x)} if math.isfinite(x) else {}
