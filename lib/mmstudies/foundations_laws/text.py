"""The operational laws chapter's sentences that depend on the run, composed from its values (the notebook
glues them; no number in them is typed)."""

from __future__ import annotations

from typing import Any

import pandas as pd

from mmperf.tables import sig
from mmstudies.foundations_laws import solutions as s

STAGES = ("network-to-application", "application-to-X-server", "X-server-to-frame-buffer")


def bottleneck(r: dict[str, Any]) -> str:
    k = r["bottleneck"]
    return (f"The {STAGES[k]} stage has the largest demand, {1000 * r['demands'][k]:.2f} ms per frame, so no "
            f"number of frames in flight can carry more than its {r['rates'][k]:.0f} Mbit/s; the bounds cross at "
            f"N* = {r['knee_frames']:.2f} frames.")


def utilisations(r: dict[str, Any], fps: float) -> str:
    us = r["utilisations_measured"]
    parts = ", ".join(f"{100 * u:.1f} % for the {name} stage" for name, u in zip(STAGES, us, strict=True))
    return (f"At the measured {fps:.0f} frames/s the utilisation law gives {parts}. They add to "
            f"{100 * sum(us):.1f} %: with one frame in flight the stages take turns, so their utilisations "
            f"can add to at most 100 %.")


def measurement(m: dict[str, Any], rho: float) -> str:
    inside = abs(m["mean"] - m["theory"]) <= m["half"]
    return (f"With the first {m['cut']} customers of each replication deleted, the {m['n']} replications give a "
            f"mean wait of {sig(m['mean'], 3)} ± {sig(m['half'], 2)} service times (95 % interval); M/M/1 theory at "
            f"rho = {rho:g} gives {sig(m['theory'], 3)}, {'inside' if inside else 'outside'} the interval. Keeping "
            f"every customer gives {sig(m['mean_all'], 3)} ± {sig(m['half_all'], 2)}.")


def regression(c: dict[str, Any]) -> str:
    ols, wls = c["ols"], c["wls"]
    chi2_df = wls["chi2"] / (len(c["points"]) - 2)
    return (f"Ordinary least squares gives measured = {sig(ols['b0'], 3)} s + {ols['b1']:.3f} × predicted (slope "
            f"standard error {sig(ols['se_b1'], 2)}); weighting each point by its printed interval gives "
            f"{sig(wls['b0'], 3)} s + {wls['b1']:.3f} × predicted (standard error {sig(wls['se_b1'], 2)}). The weighted "
            f"fit's chi-square per degree of freedom is {sig(chi2_df, 3)}: near 1 the printed intervals would explain "
            f"the scatter; far above 1 the line misses the points by more than their measurement error, and the "
            f"weighted standard error is too small by about the square root of that ratio.")


def factorial(q: pd.DataFrame) -> str:
    e = q.set_index("effect")
    return (f"The mean of the four runs is {e.loc['I', 'q']:.1f} frames/s. Turning video on changes the graphics "
            f"rate by {2 * e.loc['video', 'q']:+.1f} frames/s on average (effect q = {e.loc['video', 'q']:+.2f}), "
            f"X shared memory by {2 * e.loc['shm', 'q']:+.1f} (q = {e.loc['shm', 'q']:+.2f}), with an interaction "
            f"q = {e.loc['video shm', 'q']:+.2f}. Shared memory explains {100 * e.loc['shm', 'fraction']:.1f} % "
            f"of the variation, video {100 * e.loc['video', 'fraction']:.1f} % and the interaction "
            f"{100 * e.loc['video shm', 'fraction']:.1f} %.")


# ------------------------------------------------------------------------------------------ exercises
def exercises(table5_3: pd.DataFrame) -> dict[str, str]:
    """Every exercise's solution, computed at the exercise's own settings."""
    us = s.utilisations()
    n = s.frames_in_path()
    xd, ud = s.disk()
    knee, bound = s.knee_and_bound()
    frames, mbps = s.frames_within()
    rel = s.relative_half_widths()
    bias = s.warmup_bias()
    w = s.weighted_fit_reading(table5_3)
    d = s.data_path_design().set_index("effect")
    top = d.drop("I")["fraction"].idxmax()
    return {
        "laws_ex_util_text": (f"D_k = 2.1 Mbit / Z_k, so U_k = 33 × D_k: {100 * us[0]:.1f} %, {100 * us[1]:.1f} % "
                         f"and {100 * us[2]:.1f} % (sum {100 * sum(us):.1f} %). The network-to-application stage "
                         f"is busiest because its rate is lowest; none is near full because the serial path "
                         f"keeps one frame in flight and the stages take turns."),
        "laws_ex_little_text": f"X = 150 / 2.1 frames/s, so N = X R = {n:.2f} frames on average.",
        "laws_ex_forced_text": (f"By forced flow the disk completes {xd:.0f} visits/s; by the utilisation law it is busy "
                           f"{100 * ud:.0f} % of the time."),
        "laws_ex_knee_text": (f"N* = D / D_max = {knee:.2f} frames. At N = 2 the bound is min(1 / D_max, 2 / D), "
                         f"{bound:.1f} Mbit/s: below the knee the population, not the bottleneck, limits."),
        "laws_ex_figure_text": (f"MVA first reaches 90 % of 200 Mbit/s at N = {frames} frames in flight "
                           f"({mbps:.1f} Mbit/s): the approach to the bottleneck's rate is slow, because the two "
                           f"other stages are nearly as slow and queues form at all three."),
        "laws_ex_rerun_text": (f"At rho = 0.8 the half-width is {100 * rel[0.8]['rel_half']:.1f} % of the mean; at "
                          f"rho = 0.9 it is {100 * rel[0.9]['rel_half']:.1f} %. Near saturation successive waits "
                          f"are more strongly correlated, so each replication's mean varies more."),
        "laws_ex_design_text": (f"n = ceil((t s / (0.05 × mean))^2) from the pilot gives {rel[0.9]['needed']} "
                           f"replications at rho = 0.9 (and {rel[0.8]['needed']} at rho = 0.8). Longer runs "
                           f"also shrink the interval and dilute the warm-up bias, which more replications of "
                           f"the same short length do not."),
        "laws_ex_warmup_text": (f"The mean wait is {bias['mean']:.2f} ± {bias['half']:.2f} against the theory's "
                           f"{bias['theory']:.1f}; the interval "
                           f"{'covers' if bias['covers'] else 'does not cover'} the theory. Every run starts "
                           f"empty, and 500 customers are too few for the queue to forget it: replications "
                           f"narrow the interval around a biased value."),
        "laws_ex_wls_text": (f"The weights are 1 / sigma^2, so {w['tightest']}, whose printed interval is the narrowest, "
                        f"weighs {w['weight_ratio']:.0f} times the next narrowest: the weighted line passes "
                        f"{abs(w['resid']):.3f} s from it where the ordinary line passes {abs(w['resid_ols']):.2f} s "
                        f"from it, and misses {w['worst']} by {abs(w['worst_resid']):.2f} s, "
                        f"{abs(w['worst_sigmas']):.0f} of its own standard errors. Chi-square per degree of "
                        f"freedom is {sig(w['chi2_per_df'], 3)}: the scatter is not measurement error, so the weighted "
                        f"standard error {sig(w['se_wls'], 2)} is far too small, and the ordinary one "
                        f"({sig(w['se_ols'], 2)}) is the more honest summary."),
        "laws_ex_extend_text": (f"The largest effect is {top!r} (q = {d.loc[top, 'q']:.1f} Mbit/s, "
                           f"{100 * d.loc[top, 'fraction']:.1f} % of the variation); the three-factor interaction "
                           f"explains {100 * d.loc['na xf shm', 'fraction']:.1f} %. Inverse rates add, so "
                           f"throughputs do not: interactions appear although every stage acts independently."),
    }
