"""The exercises' solutions, each computed at the exercise's own settings (never the chapter's defaults), so
that they stay true whatever the defaults become. The notebook glues their values; tests check each against a
hand computation."""

from __future__ import annotations

from typing import Any

import pandas as pd

from mmstudies.foundations_laws import analytic as a
from mmstudies.foundations_laws import experiments as e

#: the paper's setting (Zeadally, Section 5): stage rates in Mbit/s, the frame, the measured frame rate
PAPER_RATES = (200.0, 240.0, 230.0)
PAPER_FRAME_BITS = 2.1e6
PAPER_FPS = 33.0


def utilisations(fps: float = PAPER_FPS, rates: tuple[float, ...] = PAPER_RATES,
                 frame_bits: float = PAPER_FRAME_BITS) -> list[float]:
    """Exercise 1: each stage's utilisation ``U_k = X D_k`` at the measured frame rate."""
    return [a.utilisation(fps, d) for d in a.stage_demands(rates, frame_bits)]


def frames_in_path(mbps: float = 150.0, frame_bits: float = PAPER_FRAME_BITS, seconds: float = 0.060) -> float:
    """Exercise 2: Little's law ``N = X R`` with ``X`` in frames per second."""
    return a.littles_law_population(mbps * 1e6 / frame_bits, seconds)


def disk(system_per_s: float = 20.0, visits: float = 5.0, service_s: float = 0.008) -> tuple[float, float]:
    """Exercise 3: the disk's throughput by forced flow and its utilisation."""
    x = a.forced_flow(system_per_s, visits)
    return x, a.utilisation(x, service_s)


def knee_and_bound(rates: tuple[float, ...] = PAPER_RATES, frame_bits: float = PAPER_FRAME_BITS,
                   frames: int = 2) -> tuple[float, float]:
    """Exercise 4: ``N*`` and the asymptotic throughput bound at ``frames`` frames in flight (Mbit/s)."""
    demands = a.stage_demands(rates, frame_bits)
    bound = float(a.data_path_bounds(rates, frame_bits, frames)["asym_high"].iloc[-1])
    return a.knee_population(demands), bound


def frames_within(fraction: float = 0.9, rates: tuple[float, ...] = PAPER_RATES,
                  frame_bits: float = PAPER_FRAME_BITS, limit: int = 64) -> tuple[int, float]:
    """Exercise 5: the fewest frames in flight at which MVA reaches ``fraction`` of the bottleneck's rate, and
    its throughput there (``(0, nan)`` if not within ``limit``)."""
    table = a.data_path_bounds(rates, frame_bits, limit)
    hit = table[table["mva"] >= fraction * min(rates)]
    return (int(hit["frames"].iloc[0]), float(hit["mva"].iloc[0])) if len(hit) else (0, float("nan"))


def relative_half_widths(rhos=(0.8, 0.9), customers: int = 10000, warmup_fraction: float = 0.1,
                         replications: int = 20, seed: int = 1) -> dict[float, dict[str, float]]:
    """Exercises 6 and 7: per utilisation the mean wait, its half-width relative to the mean, the theory and
    the replications needed for a 5 % half-width."""
    out = {}
    for rho in rhos:
        m = e.measurement(rho, customers, warmup_fraction, replications, seed)
        out[rho] = {"mean": m["mean"], "rel_half": m["half"] / m["mean"], "theory": m["theory"],
                    "needed": e.replications_needed(m["runs"]["mean_wait"], 0.05)}
    return out


def warmup_bias(rho: float = 0.9, customers: int = 500, replications: int = 20, seed: int = 1) -> dict[str, float]:
    """Exercise 8: short runs from an empty start with nothing deleted, against the theory."""
    m = e.measurement(rho, customers, 0.0, replications, seed)
    return {"mean": m["mean"], "half": m["half"], "theory": m["theory"],
            "covers": bool(abs(m["mean"] - m["theory"]) <= m["half"])}


def weighted_fit_reading(table5_3: pd.DataFrame) -> dict[str, Any]:
    """Exercise 9: the point with the narrowest interval (its residual from both lines and its weight over the
    next narrowest), the point the weighted line misses most, and the fit's chi-square per degree of freedom."""
    fits = e.claypool_fits(table5_3)
    pts = fits["points"].set_index("run")
    resid = {fit: pts["actual_s"] - fits[fit]["b0"] - fits[fit]["b1"] * pts["predicted_s"] for fit in ("ols", "wls")}
    sigmas = pts["sigma_s"].sort_values()
    worst = resid["wls"].abs().idxmax()
    return {"tightest": fits["tightest"], "resid": fits["tightest_resid_wls"],
            "resid_ols": float(resid["ols"][fits["tightest"]]), "weight_ratio": float((sigmas.iloc[1] / sigmas.iloc[0]) ** 2),
            "worst": worst, "worst_resid": float(resid["wls"][worst]),
            "worst_sigmas": float(resid["wls"][worst] / pts.loc[worst, "sigma_s"]),
            "chi2_per_df": fits["wls"]["chi2"] / (len(table5_3) - 2),
            "se_wls": fits["wls"]["se_b1"], "se_ols": fits["ols"]["se_b1"]}


def data_path_design(low: tuple[float, float] = (200.0, 230.0), high: tuple[float, float] = (400.0, 460.0),
                     z_ax: float = 240.0) -> pd.DataFrame:
    """Exercise 10: a 2^3 design of the serial data path's throughput: ``z_na`` and ``z_xf`` at a low and a high
    level, and X shared memory off (the ``z_ax`` stage kept) or on (removed)."""
    rows = []
    for na in (-1, 1):
        for xf in (-1, 1):
            for shm in (-1, 1):
                rates = [low[0] if na < 0 else high[0], low[1] if xf < 0 else high[1]]
                if shm < 0:
                    rates.append(z_ax)
                rows.append({"na": na, "xf": xf, "shm": shm, "mbps": a.serial_throughput_mbps(rates)})
    return a.factorial_effects(pd.DataFrame(rows), ["na", "xf", "shm"], "mbps")


def answer_numbers(table5_3: pd.DataFrame) -> dict[str, float]:
    """The one number of each exercise that the auto-grader checks (``answers:`` in ``notebooks/laws.yml``),
    from the same functions as the solutions' text, at each exercise's own settings."""
    rel = relative_half_widths()
    design = data_path_design().set_index("effect").drop("I")
    return {"laws_ans_busiest_util_pct": 100 * max(utilisations()),
            "laws_ans_frames_in_path": frames_in_path(),
            "laws_ans_disk_util_pct": 100 * disk()[1],
            "laws_ans_knee": knee_and_bound()[0],
            "laws_ans_frames_within": float(frames_within()[0]),
            "laws_ans_rel_half_09_pct": 100 * rel[0.9]["rel_half"],
            "laws_ans_replications_09": float(rel[0.9]["needed"]),
            "laws_ans_warmup_mean": warmup_bias()["mean"],
            "laws_ans_top_effect_pct": 100 * float(design["fraction"].max())}
