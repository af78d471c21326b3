"""Synthetic echo measurements and their statsmodels fits (clearly synthetic: no curve data survive).

The thesis prints no data for Figures 2.5-2.13, only the summaries r_max, n_1/2 and t0 of
Tables 2.2-2.6. :func:`generate` makes echo round trips from the Hockney form calibrated to one
table row, with multiplicative lognormal noise (the thesis states no noise level or repetition
count for Chapter 2; Chapter 3 uses 30 runs per point). :func:`fit` recovers the intercept and
rate by OLS, WLS (weights 1/RTT^2, for relative noise) or a robust Huber fit (RLM).

Generators:

``A`` matches the row's t0 and r_max (the intercept makes RTT(16 B) = t0); it then predicts
its own n_1/2 = a r / 2, which disagrees with the tables for ATM.
``B`` matches r_max and n_1/2: intercept ``a_eff = 2 n_1/2 / r``; it then misses t0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from mmstudies.hsieh_messaging import analytic

FIT_METHODS = ("ols", "wls", "rlm")
GENERATORS = ("A", "B")


def message_sizes(log2_min: int, log2_max: int) -> np.ndarray:
    """Powers of two from ``2**log2_min`` to ``2**log2_max`` bytes (the thesis's grid is not given).

    >>> message_sizes(4, 6).tolist()
    [16.0, 32.0, 64.0]
    """
    if log2_min > log2_max:
        raise ValueError(f"log2_min ({log2_min}) must not exceed log2_max ({log2_max})")
    return 2.0 ** np.arange(int(log2_min), int(log2_max) + 1)


def generator_parameters(row: pd.Series, generator: str = "A", r_factor: float = 1.0,
                         t0_factor: float = 1.0) -> dict[str, float]:
    """True intercept ``a_s`` and rate ``r_Bps`` of the synthetic generator for a table row.

    ``r_factor`` and ``t0_factor`` scale the row's r_max and t0 (the chapter's what-if knobs).

    Examples
    --------
    >>> row = pd.Series({"r_Bps": 1e6, "t0_us": 2000.0, "n_half_bytes": 3000.0})
    >>> generator_parameters(row, "A")
    {'a_s': 0.001968, 'r_Bps': 1000000.0}
    >>> generator_parameters(row, "B")
    {'a_s': 0.006, 'r_Bps': 1000000.0}
    """
    r = float(row["r_Bps"]) * r_factor
    if generator == "A":
        a = analytic.intercept_from_t0(float(row["t0_us"]) * 1e-6 * t0_factor, r)
    elif generator == "B":
        a = 2.0 * float(row["n_half_bytes"]) / r
    else:
        raise ValueError(f"generator must be one of {GENERATORS}, got {generator!r}")
    if a <= 0:
        raise ValueError(f"the generator's intercept is {a:.3g} s <= 0: t0 too small for this r_max")
    return {"a_s": float(a), "r_Bps": float(r)}


def generate(sizes: Sequence[float], a_s: float, r_Bps: float, noise_cv: float, repetitions: int,
             seed: int) -> pd.DataFrame:
    """Synthetic echo round trips: ``RTT = (a + 2M/r) * e``, ``e`` lognormal with mean 1 and CV ``noise_cv``.

    One row per message size and repetition: ``m_bytes, rtt_s, throughput_Bps``.

    Examples
    --------
    >>> d = generate([16, 1024], 0.001, 1e6, 0.0, 2, 1)
    >>> d["rtt_s"].round(9).tolist()
    [0.001032, 0.001032, 0.003048, 0.003048]
    """
    rng = np.random.default_rng(seed)
    m = np.repeat(np.asarray(sizes, dtype=float), int(repetitions))
    mean = a_s + 2.0 * m / r_Bps
    if noise_cv > 0:
        sigma = math.sqrt(math.log1p(noise_cv ** 2))
        e = rng.lognormal(-sigma ** 2 / 2, sigma, size=m.size)
    else:
        e = np.ones_like(m)
    rtt = mean * e
    return pd.DataFrame({"m_bytes": m, "rtt_s": rtt, "throughput_Bps": 2.0 * m / rtt})


def fit(data: pd.DataFrame, method: str = "wls") -> dict[str, float]:
    """Fit ``RTT = a + b M`` and return ``a``, ``r = 2/b``, ``n_1/2 = a r / 2`` with standard errors.

    ``ols`` - ordinary least squares; ``wls`` - weights ``1/RTT_ols_fitted^2`` (the noise is
    relative, so the variance grows with the mean); ``rlm`` - Huber robust regression. SEs of
    r and n_1/2 by the delta method.

    Examples
    --------
    >>> d = generate([16, 1024, 65536], 0.001, 1e6, 0.0, 3, 1)
    >>> f = fit(d, "ols")
    >>> round(f["a_s"], 9), round(f["r_Bps"]), round(f["n_half_bytes"], 3)
    (0.001, 1000000, 500.0)
    """
    import statsmodels.api as sm

    x = sm.add_constant(data["m_bytes"].to_numpy(dtype=float))
    y = data["rtt_s"].to_numpy(dtype=float)
    if method == "ols":
        res = sm.OLS(y, x).fit()
    elif method == "wls":
        first = sm.OLS(y, x).fit()
        w = 1.0 / np.maximum(first.fittedvalues, 1e-12) ** 2
        res = sm.WLS(y, x, weights=w).fit()
    elif method == "rlm":
        res = sm.RLM(y, x, M=sm.robust.norms.HuberT()).fit()
    else:
        raise ValueError(f"method must be one of {FIT_METHODS}, got {method!r}")
    a, b = (float(v) for v in res.params)
    cov = np.asarray(res.cov_params())
    se_a, se_b = (float(math.sqrt(max(cov[i, i], 0.0))) for i in range(2))
    r = 2.0 / b if b > 0 else math.nan
    se_r = 2.0 * se_b / b ** 2 if b > 0 else math.nan
    n_half = a * r / 2.0
    # n_1/2 = a / b: gradient (1/b, -a/b^2)
    g = np.array([1.0 / b, -a / b ** 2]) if b > 0 else np.array([math.nan, math.nan])
    se_n = float(math.sqrt(max(g @ cov @ g, 0.0))) if b > 0 else math.nan
    return {"a_s": a, "a_se": se_a, "r_Bps": r, "r_se": se_r, "n_half_bytes": n_half, "n_half_se": se_n,
            "method": method, "n": int(len(y))}


def empirical_metrics(data: pd.DataFrame) -> dict[str, float]:
    """The thesis's own definitions applied to synthetic data (seed lines 613-616).

    r_max: mean throughput at the largest message; t0: mean RTT of the 16-byte message (NaN if
    the grid has none); n_1/2: the size where the mean throughput first reaches r_max/2, by
    linear interpolation in log2(size) between grid points (NaN if never or at the first point).

    Examples
    --------
    >>> d = generate(message_sizes(4, 24), 0.002, 1e6, 0.0, 1, 1)
    >>> e = empirical_metrics(d)
    >>> round(e["t0_s"], 6), round(e["n_half_bytes"])
    (0.002032, 999)
    """
    mean = data.groupby("m_bytes")["throughput_Bps"].mean()
    rtt = data.groupby("m_bytes")["rtt_s"].mean()
    r_max = float(mean.iloc[-1])
    t0 = float(rtt.loc[16.0]) if 16.0 in rtt.index else math.nan
    half = r_max / 2.0
    above = np.flatnonzero(mean.to_numpy() >= half)
    if above.size == 0 or above[0] == 0:
        n_half = math.nan
    else:
        i = above[0]
        x0, x1 = np.log2(mean.index[i - 1]), np.log2(mean.index[i])
        y0, y1 = mean.iloc[i - 1], mean.iloc[i]
        n_half = float(2 ** (x0 + (half - y0) * (x1 - x0) / (y1 - y0)))
    return {"r_max_Bps": r_max, "t0_s": t0, "n_half_bytes": n_half}


def recovery_study(sizes: Sequence[float], a_s: float, r_Bps: float, noise_cv: float, repetitions: int,
                   method: str, data_sets: int, seed: int) -> pd.DataFrame:
    """Generate ``data_sets`` independent synthetic data sets, fit each; one row per data set.

    Columns: the estimates and SEs of :func:`fit`, ``z_a`` and ``z_r`` (estimate minus truth over
    SE) and ``covered_a``/``covered_r`` (the 95 % interval holds the truth).

    Examples
    --------
    >>> rs = recovery_study([16, 1024, 65536], 0.001, 1e6, 0.02, 5, "wls", 3, 1)
    >>> len(rs), bool(rs["covered_r"].dtype == bool)
    (3, True)
    """
    rows = []
    for k in range(int(data_sets)):
        f = fit(generate(sizes, a_s, r_Bps, noise_cv, repetitions, seed + 1000 * k), method)
        f["z_a"] = (f["a_s"] - a_s) / f["a_se"] if f["a_se"] > 0 else 0.0
        f["z_r"] = (f["r_Bps"] - r_Bps) / f["r_se"] if f["r_se"] > 0 else 0.0
        rows.append(f)
    df = pd.DataFrame(rows)
    df["covered_a"] = df["z_a"].abs() <= 1.96
    df["covered_r"] = df["z_r"].abs() <= 1.96
    return df
