"""Closed forms and exact arithmetic of the claypool-jitter chapter (no simulation here).

Correlations and least-squares fits over runs, the additivity table, the years to the
threshold, the printed section 5.6.4 chain, and the expectations the generator's mechanisms are
tested against (a counter's share under round robin, the stall process's mean count and length).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mmperf import jitter
from mmperf.regression import fit_ols
from mmstudies.claypool_jitter.config import NETWORKS


def counter_share(n_counters: int, receiver_share: float) -> float:
    """Processor share of each of ``n`` always-runnable counters under round robin.

    The receive process takes ``receiver_share`` of the processor; the counters split the rest
    equally (one slice each per turn of the robin; the thesis's own counter model, Fig 4.5, is the
    same equal split, seed line 1103).

    Examples
    --------
    >>> counter_share(4, 0.002)
    0.2495
    """
    if n_counters < 1:
        raise ValueError("needs at least one counter")
    return (1.0 - receiver_share) / n_counters


def expected_stalls(rate_per_min: float, seconds: float) -> float:
    """Mean number of stalls of a Poisson stall process in ``seconds``.

    Examples
    --------
    >>> expected_stalls(1.0, 600)
    10.0
    """
    return rate_per_min * seconds / 60.0


def scaling_exponent(specint92, variance) -> float:
    """Exponent ``k`` of ``variance ~ SPECint92**-k`` (least squares on logarithms).

    Examples
    --------
    >>> round(scaling_exponent([10, 20, 40], [4.0, 1.0, 0.25]), 6)
    2.0
    """
    x, y = np.log(np.asarray(specint92, float)), np.log(np.asarray(variance, float))
    return float(-np.polyfit(x, y, 1)[0])


def fisher_ci(r: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """Fisher-z confidence interval of a Pearson r from ``n`` points (NaN-free for |r| < 1).

    Examples
    --------
    >>> lo, hi = fisher_ci(0.5, 103)          # atanh 0.5493 +- 1.96 / 10, back through tanh
    >>> round(lo, 3), round(hi, 3)
    (0.339, 0.632)
    """
    from scipy import stats

    r = max(min(r, 0.999999), -0.999999)
    z, se = math.atanh(r), 1.0 / math.sqrt(max(n - 3, 1))
    q = stats.norm.ppf(0.5 + level / 2)
    return math.tanh(z - q * se), math.tanh(z + q * se)


def correlation_matrix(runs: pd.DataFrame) -> pd.DataFrame:
    """Pearson correlation among the six metrics over runs (Table 3.2 layout)."""
    names = list(jitter.METRIC_NAMES)
    return runs[names].astype(float).corr(method="pearson")


def pairwise_comparison(ours: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """The 15 metric pairs: the paper's r (upper triangle, as printed), ours and the difference.

    Examples
    --------
    >>> names = list(jitter.METRIC_NAMES)
    >>> eye = pd.DataFrame(np.eye(6), index=names, columns=names)
    >>> float(pairwise_comparison(eye, eye)["difference"].abs().max())
    0.0
    """
    names = list(jitter.METRIC_NAMES)
    rows = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p, o = float(paper.loc[a, b]), float(ours.loc[a, b])
            rows.append({"pair": f"{a}-{b}", "paper_r": p, "ours_r": o, "difference": o - p})
    return pd.DataFrame(rows)


def fit_line(x, y) -> dict:
    """Least-squares line ``y = a + b x`` (:func:`mmperf.regression.fit_ols`) with r and x-intercept.

    Examples
    --------
    >>> f = fit_line([1, 2, 3, 4], [3, 5, 7, 9])
    >>> round(f["slope"], 6), round(f["intercept"], 6), round(f["r"], 6), round(f["x_intercept"], 6)
    (2.0, 1.0, 1.0, -0.5)
    """
    data = pd.DataFrame({"x": np.asarray(x, dtype=float), "y": np.asarray(y, dtype=float)})
    fit = fit_ols(data, "y", ["x"])
    slope, intercept = fit.coef("x"), fit.coef("const")
    r = float(np.corrcoef(data["x"], data["y"])[0, 1])
    return {"slope": slope, "intercept": intercept, "r": r, "r2": r * r, "n": fit.n,
            "slope_ci_low": float(fit.coefficients.loc["x", "ci_low"]),
            "slope_ci_high": float(fit.coefficients.loc["x", "ci_high"]),
            "x_intercept": -intercept / slope if slope != 0 else float("nan"), "verdict": fit.verdict}


def confidence_band(x, y, x_grid) -> pd.DataFrame:
    """Least-squares line and its 95 % confidence band on ``x_grid`` (as drawn in Figs 3.6, 3.9, 5.22).

    Examples
    --------
    >>> band = confidence_band([1, 2, 3, 4], [3, 5, 7, 9.5], [0, 5])
    >>> bool((band["low"] <= band["fit"]).all() and (band["fit"] <= band["high"]).all())
    True
    """
    import statsmodels.api as sm

    model = sm.OLS(np.asarray(y, dtype=float), sm.add_constant(np.asarray(x, dtype=float))).fit()
    grid = np.asarray(x_grid, dtype=float)
    pred = model.get_prediction(sm.add_constant(grid, has_constant="add")).summary_frame(alpha=0.05)
    return pd.DataFrame({"x": grid, "fit": pred["mean"].to_numpy(), "low": pred["mean_ci_lower"].to_numpy(),
                         "high": pred["mean_ci_upper"].to_numpy()})


def group_fits(runs: pd.DataFrame, by: str, x: str, y: str) -> pd.DataFrame:
    """One least-squares line per group (e.g. variance vs load per machine)."""
    rows = []
    for key, g in runs.groupby(by, sort=False):
        f = fit_line(g[x], g[y])
        rows.append({by: key, **f})
    return pd.DataFrame(rows)


def additivity_table(additivity: pd.DataFrame, network: pd.DataFrame) -> pd.DataFrame:
    """Our Table 5.4: mean variance with processor loaded, network loaded, both; predicted = sum."""
    proc = additivity[additivity["case"] == "processor"].groupby("network", sort=False)["Variance"].mean()
    both = additivity[additivity["case"] == "both"].groupby("network", sort=False)["Variance"].mean()
    net = network[network["network_load"] > 0].groupby("network", sort=False)["Variance"].mean()
    out = pd.DataFrame({"network": list(NETWORKS), "bandwidth_Mbit_s": list(NETWORKS.values())})
    out["processor_jitter"] = out["network"].map(proc)
    out["network_jitter"] = out["network"].map(net)
    out["predicted_jitter"] = out["processor_jitter"] + out["network_jitter"]
    out["actual_jitter"] = out["network"].map(both)
    out["error_pct"] = 100 * (out["predicted_jitter"] - out["actual_jitter"]) / out["actual_jitter"]
    return out


def first_year_below(years: pd.DataFrame, priority: str, threshold: float) -> float:
    """First simulated year whose variance is at or below ``threshold`` (NaN if none)."""
    g = years[years["priority"] == priority].sort_values("year")
    hit = g[g["Variance"] <= threshold]
    return float(hit["year"].iloc[0]) if len(hit) else float("nan")


def printed_chain(v: dict) -> dict:
    """Arithmetic on the printed 5.6.4 regressions that exposes their clash with section 3.7.

    ``v`` maps names of ``jitter_values``/``ch3_values`` to numbers.

    Examples
    --------
    >>> c = printed_chain({"buf_area_slope": 26.5, "buf_area_intercept": -624000,
    ...     "area_jitter_slope": 0.000198, "area_jitter_intercept": 1590000,
    ...     "area_no_buffer": 75000, "jitter_threshold_us2": 1e9})
    >>> round(c["chain_slope"], 6), c["chain_intercept"], c["buffer_at_area_threshold_us"]
    (0.005247, 41511000.0, 1363500.0)
    """
    a1, b1 = v["buf_area_slope"], v["buf_area_intercept"]
    a2, b2 = v["area_jitter_slope"], v["area_jitter_intercept"]
    return {
        "chain_slope": a1 * a2,
        "chain_intercept": a1 * b2 + b1,
        "buffer_at_area_threshold_us": a1 * v["area_no_buffer"] + b1,
        "area_for_zero_buffer": -b1 / a1,
        "area_at_jitter_threshold": a2 * v["jitter_threshold_us2"] + b2,
        "buffer_at_jitter_threshold_us": a1 * (a2 * v["jitter_threshold_us2"] + b2) + b1,
    }


def additivity_error_ci(additivity: pd.DataFrame, network: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Per network: error of predicted (processor + network) against actual, in %, with its CI half-width.

    The half-width propagates the three means' standard errors (independent runs) through
    ``100 (P + N - B) / B`` to first order, with Student t on the smallest replication count.

    Examples
    --------
    >>> add = pd.DataFrame({"network": ["Ethernet"] * 4, "case": ["processor"] * 2 + ["both"] * 2,
    ...                     "Variance": [1.0, 1.0, 3.0, 3.0]})
    >>> net = pd.DataFrame({"network": ["Ethernet"] * 2, "network_load": [0.5, 0.5], "Variance": [2.0, 2.0]})
    >>> additivity_error_ci(add, net)[["error_pct", "ci_half_width_pct"]].values.tolist()
    [[0.0, 0.0]]
    """
    from scipy import stats

    rows = []
    for name in NETWORKS:
        p = additivity[(additivity["network"] == name) & (additivity["case"] == "processor")]["Variance"]
        b = additivity[(additivity["network"] == name) & (additivity["case"] == "both")]["Variance"]
        nn = network[(network["network"] == name) & (network["network_load"] > 0)]["Variance"]
        if min(len(p), len(b), len(nn)) == 0:
            continue
        P, B, N = p.mean(), b.mean(), nn.mean()
        se2 = sum((g.var(ddof=1) / len(g)) if len(g) > 1 else 0.0 for g in (p, nn))
        err = 100.0 * (P + N - B) / B
        # d err / dB = -100 (P + N) / B^2; d err / dP = d err / dN = 100 / B
        se = math.sqrt((100.0 / B) ** 2 * se2 + (100.0 * (P + N) / B**2) ** 2 *
                       ((b.var(ddof=1) / len(b)) if len(b) > 1 else 0.0))
        df = max(min(len(p), len(b), len(nn)) - 1, 1)
        rows.append({"network": name, "error_pct": err,
                     "ci_half_width_pct": float(stats.t.ppf(0.5 + level / 2, df) * se), "n": min(len(p), len(b))})
    return pd.DataFrame(rows)


def x_intercept_ci(x, y, level: float = 0.95, n_boot: int = 400, seed: int = 0) -> tuple[float, float]:
    """Point estimate and bootstrap half-width of a least-squares line's x-intercept.

    Resamples the points with replacement (percentile interval, half its width); a resample whose
    slope is zero is skipped.

    Examples
    --------
    >>> est, half = x_intercept_ci([1, 2, 3, 4], [1, 2, 3, 4])
    >>> round(est, 6), round(half, 6)
    (0.0, 0.0)
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    b, a = np.polyfit(x, y, 1)
    est = -a / b if b != 0 else math.nan
    rng = np.random.default_rng(seed)
    vals = []
    for _ in range(n_boot):
        i = rng.integers(0, len(x), len(x))
        if np.ptp(x[i]) == 0:
            continue
        bb, aa = np.polyfit(x[i], y[i], 1)
        if bb != 0:
            vals.append(-aa / bb)
    if not vals:
        return est, math.nan
    lo, hi = np.percentile(vals, [50 * (1 - level), 50 * (1 + level)])
    return float(est), float((hi - lo) / 2)


#: the thesis's two samples with the same spread but not the same dispersion (seed line 771)
RANGE_EXAMPLE_SAMPLES = ([10, 15, 15, 15, 20], [10, 10, 15, 20, 20])


def range_example(samples=RANGE_EXAMPLE_SAMPLES) -> pd.DataFrame:
    """The thesis's range example: both range definitions, the variance and Absdev of each sample.

    Examples
    --------
    >>> t = range_example()
    >>> t["range (max-min)"].tolist(), t["variance"].tolist(), t["absdev"].tolist()
    ([10.0, 10.0], [12.5, 25.0], [10.0, 20.0])
    """
    return pd.DataFrame({
        "sample": ["{" + ", ".join(str(x) for x in s) + "}" for s in samples],
        "range (max)": [jitter.jitter_range(s) for s in samples],
        "range (max-min)": [jitter.jitter_range(s, "max-min") for s in samples],
        "variance": [jitter.variance(s) for s in samples],
        "absdev": [jitter.absolute_deviation(s) for s in samples],
    })
