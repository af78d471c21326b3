"""Closed forms of the operational laws chapter: the laws, the data path's demands and bounds, weighted
least squares with known variances, and the effects of a 2^k factorial design. No simulation here."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from mmperf.queueing import asymptotic_bounds, balanced_job_bounds, mva

#: the normal quantile of a two-sided 95 % interval (a printed interval's half-width / this = its standard error)
Z95 = 1.959963984540054


def utilisation(throughput: float, service_time: float) -> float:
    """The utilisation law ``U = X S``: the fraction of time a server is busy.

    >>> utilisation(30.0, 0.02)
    0.6
    """
    return throughput * service_time


def littles_law_population(throughput: float, response_time: float) -> float:
    """Little's law ``N = X R``: the mean number in a system from its throughput and mean time in it.

    >>> littles_law_population(50.0, 0.04)
    2.0
    """
    return throughput * response_time


def forced_flow(system_throughput: float, visits: float) -> float:
    """The forced flow law ``X_k = V_k X``: a device's throughput from the system's and the visits per job.

    >>> forced_flow(10.0, 3.0)
    30.0
    """
    return visits * system_throughput


def stage_demands(rates_mbps: Sequence[float], frame_bits: float) -> tuple[float, ...]:
    """Service demand per frame of each stage of a data path, in seconds: ``D_k = frame_bits / Z_k``.

    A stage that moves ``Z_k`` Mbit/s spends ``frame_bits / (Z_k 10^6)`` s on one frame (the service demand
    law ``D_k = V_k S_k`` with one visit per frame).

    >>> stage_demands([200.0, 100.0], 2e6)
    (0.01, 0.02)
    """
    for z in rates_mbps:
        if not math.isfinite(z) or z <= 0:
            raise ValueError(f"stage rate {z!r} Mbit/s is not allowed: expected a finite number > 0")
    return tuple(frame_bits / (z * 1e6) for z in rates_mbps)


def serial_throughput_mbps(rates_mbps: Sequence[float]) -> float:
    """Throughput of stages that handle one frame at a time in turn: inverse throughputs add (Zeadally's Eq. 1).

    >>> round(serial_throughput_mbps([200.0, 200.0]), 9)
    100.0
    """
    return 1.0 / sum(1.0 / z for z in rates_mbps)


def bottleneck_index(demands: Sequence[float]) -> int:
    """The index of the largest demand: the bottleneck, whose ``1 / D_max`` bounds the throughput.

    >>> bottleneck_index([0.01, 0.03, 0.02])
    1
    """
    return int(np.argmax(demands))


def knee_population(demands: Sequence[float], think_time: float = 0.0) -> float:
    """``N* = (D + Z) / D_max``: the population where the two asymptotic throughput bounds cross.

    >>> knee_population([1.0, 2.0, 1.0])
    2.0
    """
    return (sum(demands) + think_time) / max(demands)


def data_path_bounds(rates_mbps: Sequence[float], frame_bits: float, max_frames: int,
                     think_time: float = 0.0) -> pd.DataFrame:
    """The data path as a closed network with ``N = 1..max_frames`` frames in flight, in Mbit/s.

    Columns: ``frames``, the asymptotic bounds ``asym_low``/``asym_high``, the balanced job bounds
    ``bjb_low``/``bjb_high`` and exact MVA ``mva`` (product form: exponential service at each stage, an
    assumption). At ``N = 1`` MVA is the serial sum (Eq. 1); as ``N`` grows it approaches ``Z_min``.

    >>> df = data_path_bounds([200.0, 200.0], 2e6, 2)
    >>> [round(v, 6) for v in df["mva"]]
    [100.0, 133.333333]
    """
    demands = stage_demands(rates_mbps, frame_bits)
    to_mbps = frame_bits / 1e6
    exact = mva(demands, int(max_frames), think_time)
    rows = []
    for m in exact:
        a = asymptotic_bounds(demands, m.n, think_time)
        b = balanced_job_bounds(demands, m.n, think_time)
        rows.append({"frames": m.n, "asym_low": a.throughput_low * to_mbps, "asym_high": a.throughput_high * to_mbps,
                     "bjb_low": b.throughput_low * to_mbps, "bjb_high": b.throughput_high * to_mbps,
                     "mva": m.throughput * to_mbps})
    return pd.DataFrame(rows)


def weighted_line(x: Sequence[float], y: Sequence[float], sigma: Sequence[float] | None = None) -> dict[str, float]:
    """Fit ``y = b0 + b1 x`` by least squares, weighted by ``1 / sigma^2`` when the standard errors are given.

    With known standard errors the coefficients' covariance is ``(X' W X)^-1`` (no residual scale); without
    them (ordinary least squares) it is ``s^2 (X' X)^-1`` with ``s^2`` the residual mean square.
    Returns ``b0``, ``b1``, their standard errors ``se_b0``, ``se_b1`` and the weighted residual sum of
    squares ``chi2`` (with ``sigma``) or ``sse`` (without).

    Examples
    --------
    Three points on ``y = 1 + 2x``: both fits are exact.

    >>> fit = weighted_line([0.0, 1.0, 2.0], [1.0, 3.0, 5.0])
    >>> round(fit["b0"], 9), round(fit["b1"], 9)
    (1.0, 2.0)

    A point with a tiny standard error pulls the weighted line through it: with ``sigma = (1, 1, 0.001)`` on
    ``y = (0, 0, 3)`` at ``x = (0, 1, 2)``, the line nearly passes through ``(2, 3)``.

    >>> fit = weighted_line([0.0, 1.0, 2.0], [0.0, 0.0, 3.0], [1.0, 1.0, 0.001])
    >>> round(fit["b0"] + 2 * fit["b1"], 4)
    3.0
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    if x.shape != y.shape or x.size < 3:
        raise ValueError("weighted_line: x and y must have the same length, at least 3 points")
    design = np.column_stack([np.ones_like(x), x])
    if sigma is None:
        w = np.ones_like(x)
    else:
        s = np.asarray(sigma, float)
        w = 1.0 / s**2
        # a negative sigma has a positive weight, and an infinite one a zero weight: both are refused
        if not np.all(s > 0) or not np.all(np.isfinite(w)) or np.any(w <= 0):
            raise ValueError("weighted_line: every sigma must be a finite number > 0")
    xtwx = design.T @ (design * w[:, None])
    beta = np.linalg.solve(xtwx, design.T @ (w * y))
    resid = y - design @ beta
    rss = float(np.sum(w * resid**2))
    cov = np.linalg.inv(xtwx) * (rss / (x.size - 2) if sigma is None else 1.0)
    out = {"b0": float(beta[0]), "b1": float(beta[1]), "se_b0": math.sqrt(cov[0, 0]),
           "se_b1": math.sqrt(cov[1, 1])}
    out["sse" if sigma is None else "chi2"] = rss
    return out


def se_from_ci95(low: float, high: float) -> float:
    """The standard error of a value printed with a 95 % interval, by the normal approximation.

    >>> round(se_from_ci95(8.04, 11.96), 3)
    1.0
    """
    return (high - low) / (2 * Z95)


def factorial_effects(responses: pd.DataFrame, factors: Sequence[str], response: str) -> pd.DataFrame:
    """The effects of a 2^k factorial design (Jain's sign table) and the fraction of variation each explains.

    ``responses`` has one row per combination of the ``factors`` (coded -1 and +1) with its ``response``.
    Each effect is ``q = (1 / 2^k) sum(sign * y)`` over the rows, the sign being the product of the factors it
    names; the variation it explains is ``2^k q^2``, its fraction that over the total ``SST = sum_{j>0} 2^k q_j^2``.

    Examples
    --------
    The four corners of ``y = 40 + 20 xA + 10 xB + 5 xA xB`` (15, 45, 25, 75) give back its coefficients:

    >>> df = pd.DataFrame({"A": [-1, 1, -1, 1], "B": [-1, -1, 1, 1], "y": [15, 45, 25, 75]})
    >>> factorial_effects(df, ["A", "B"], "y")[["effect", "q"]].values.tolist()
    [['I', 40.0], ['A', 20.0], ['B', 10.0], ['A B', 5.0]]
    """
    k = len(factors)
    coded = responses[list(factors)].to_numpy(float)
    if len(responses) != 2**k or not np.all(np.isin(coded, (-1.0, 1.0))):
        raise ValueError(f"factorial_effects: need the {2**k} rows of a full 2^{k} design coded -1/+1")
    if len({tuple(r) for r in coded}) != 2**k:
        raise ValueError("factorial_effects: a combination of the factors appears twice")
    y = responses[response].to_numpy(float)
    rows = [{"effect": "I", "q": float(y.mean())}]
    for size in range(1, k + 1):
        for names in itertools.combinations(range(k), size):
            sign = np.prod(coded[:, list(names)], axis=1)
            rows.append({"effect": " ".join(factors[i] for i in names), "q": float(sign @ y / 2**k)})
    out = pd.DataFrame(rows)
    ss = 2**k * out["q"] ** 2
    sst = float(ss[1:].sum())
    out["fraction"] = np.where(out["effect"] == "I", np.nan, ss / sst if sst > 0 else np.nan)
    return out
