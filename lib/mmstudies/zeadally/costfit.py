"""A fixed-plus-per-byte regression on the paper's own points (a demonstration, tiny n).

``frame_ms = b0 + b1 * na_ms + b2 * no_shm`` fitted by OLS (statsmodels, through
:mod:`mmperf.regression`). statsmodels is imported only when a fit is computed, so a chapter
run that finds :func:`frame_cost_summary` in the simulation cache does not pay for the import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from mmstudies.zeadally.analytic import FRAME_BITS_PAPER

PREDICTORS = ["na_ms", "no_shm"]


def _keep(points: pd.DataFrame, exclude: Sequence[str]):
    return ~points["config"].str.startswith(tuple(exclude)) if exclude else slice(None)


def fit_frame_cost(points: pd.DataFrame, exclude: Sequence[str] = ()):
    """Fit ``frame_ms = b0 + b1 * na_ms + b2 * no_shm`` by OLS (statsmodels).

    ``b0`` is the fixed time per frame (the X server -> frame buffer copy plus overheads),
    ``b1`` the weight of the network stage (1 if the serial-sum form holds), ``b2`` the extra
    time of the application -> X server copy. Returns an :class:`mmperf.regression.OLSFit`.

    Examples
    --------
    >>> from mmstudies.zeadally.analytic import measured_configurations, regression_points
    >>> fit = fit_frame_cost(regression_points(measured_configurations()), exclude=["FDDI"])
    >>> round(fit.coef("na_ms"), 3), fit.n, fit.df_resid
    (1.051, 4, 1)
    """
    from mmperf.regression import fit_ols

    return fit_ols(points[_keep(points, exclude)].reset_index(drop=True), "frame_ms", PREDICTORS, label="config")


def loo_frame_cost(points: pd.DataFrame, exclude: Sequence[str] = ()) -> pd.DataFrame:
    """Leave-one-out predictions of the frame-cost regression (frame times in ms)."""
    from mmperf.regression import leave_one_out

    return leave_one_out(points[_keep(points, exclude)].reset_index(drop=True), "frame_ms", PREDICTORS,
                         label="config")


def implied_stage_rates(b0_ms: float, b2_ms: float, frame_bits: float = FRAME_BITS_PAPER) -> dict[str, float]:
    """Stage throughputs the fit implies (Mbit/s), NaN where a coefficient is not positive.

    The intercept is the X server -> frame buffer time *plus* any fixed overhead, and the
    ``no_shm`` step is the IPC copy plus its overhead, so both implied rates are lower bounds
    of the pure copy rates. A coefficient at or below zero implies no rate at all.

    Examples
    --------
    2.1 Mbit in 10 ms is 210 Mbit/s:

    >>> implied_stage_rates(10.0, 21.0)
    {'z_xf_mbps': 210.0, 'z_ax_mbps': 100.0}
    >>> implied_stage_rates(-1.0, 21.0)["z_xf_mbps"]
    nan
    """
    def rate(ms: float) -> float:
        return frame_bits / ms / 1e3 if ms > 0 else float("nan")

    return {"z_xf_mbps": rate(b0_ms), "z_ax_mbps": rate(b2_ms)}


def frame_cost_summary(points: pd.DataFrame, exclude: Sequence[str] = ("FDDI",)) -> dict[str, Any]:
    """Everything the chapter shows of the regression, as plain tables (cacheable, no statsmodels objects).

    Returns ``{"fit": {...}, "fit_all": {...}, "loo": DataFrame}``; each fit is a dict with
    ``coefficients`` (coef, ci_low, ci_high, ci_half_width per regressor, NaN where the fit has
    no residual degree of freedom), ``fitted``, ``n``, ``df_resid`` and ``verdict``.

    Examples
    --------
    >>> from mmstudies.zeadally.analytic import measured_configurations, regression_points
    >>> s = frame_cost_summary(regression_points(measured_configurations()))
    >>> s["fit"]["n"], s["fit_all"]["n"], list(s["fit"]["coefficients"].index)
    (4, 5, ['const', 'na_ms', 'no_shm'])
    """
    def plain(fit) -> dict[str, Any]:
        coefs = fit.coefficients.copy()
        coefs["ci_half_width"] = (coefs["ci_high"] - coefs["ci_low"]) / 2
        return {"coefficients": coefs, "fitted": fit.fitted.copy(), "n": int(fit.n),
                "df_resid": int(fit.df_resid), "verdict": fit.verdict}

    return {"fit": plain(fit_frame_cost(points, exclude)), "fit_all": plain(fit_frame_cost(points)),
            "loo": loo_frame_cost(points, exclude)}
