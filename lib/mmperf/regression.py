"""Small ordinary-least-squares fits, reported honestly.

The studies in this book give a handful of measured points, not samples. A fit on five points
with three coefficients is a *demonstration* of a model's form, not statistical inference:
:func:`fit_ols` says so in :attr:`OLSFit.verdict` whenever the residual degrees of freedom are
few, and offers the coefficients with their confidence intervals, fitted against observed
values and a leave-one-out check (how well each point is predicted when it is left out).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

# statsmodels (about a second of CPU to import) is imported inside fit_ols, where a fit is made: a chapter that
# imports this module but finds its fits in the simulation cache never loads it (tests/test_regression.py).

#: Below this many residual degrees of freedom a fit is reported as a demonstration only.
MIN_RESIDUAL_DF_FOR_INFERENCE = 10


@dataclass(frozen=True)
class OLSFit:
    """The result of :func:`fit_ols`.

    Attributes
    ----------
    coefficients : DataFrame
        One row per regressor: ``coef``, ``ci_low``, ``ci_high`` (NaN when there are no
        residual degrees of freedom).
    fitted : DataFrame
        The data's ``label`` (if any), ``observed``, ``fitted`` and ``residual``.
    n : int
        Number of points.
    df_resid : int
        Residual degrees of freedom (points minus coefficients).
    level : float
        Confidence level of the intervals.
    """

    coefficients: pd.DataFrame
    fitted: pd.DataFrame
    n: int
    df_resid: int
    level: float
    y: str
    x: tuple[str, ...]

    @property
    def is_demonstration(self) -> bool:
        """True when the fit has too few residual degrees of freedom to support inference."""
        return self.df_resid < MIN_RESIDUAL_DF_FOR_INFERENCE

    @property
    def verdict(self) -> str:
        """One sentence on what the fit can and cannot say."""
        if self.is_demonstration:
            return (f"demonstration only: {self.n} points, {len(self.x) + 1} coefficients, "
                    f"{self.df_resid} residual degree(s) of freedom; the intervals are not evidence")
        return f"{self.n} points, {self.df_resid} residual degrees of freedom"

    def coef(self, name: str) -> float:
        """The fitted coefficient ``name`` (``"const"`` for the intercept)."""
        return float(self.coefficients.loc[name, "coef"])


def fit_ols(data: pd.DataFrame, y: str, x: list[str], label: str | None = None,
            level: float = 0.95) -> OLSFit:
    """Fit ``y = const + sum(b_i * x_i)`` by ordinary least squares (statsmodels).

    Parameters
    ----------
    data : DataFrame
        One row per point.
    y, x : str, list of str
        Response and regressor column names (an intercept is always added).
    label : str, optional
        Column naming each point, carried into :attr:`OLSFit.fitted`.
    level : float
        Confidence level of the coefficient intervals.

    Raises
    ------
    ValueError
        if a column is missing, a value is not finite, or the points do not determine the
        coefficients (fewer points than coefficients, or collinear regressors).

    Examples
    --------
    >>> df = pd.DataFrame({"bytes": [1.0, 2.0, 3.0, 4.0], "ms": [3.0, 5.0, 7.0, 9.0]})
    >>> fit = fit_ols(df, "ms", ["bytes"])
    >>> round(fit.coef("const"), 6), round(fit.coef("bytes"), 6)
    (1.0, 2.0)
    >>> fit.is_demonstration
    True
    """
    import statsmodels.api as sm

    missing = [c for c in [y, *x, *([label] if label else [])] if c not in data.columns]
    if missing:
        raise ValueError(f"fit_ols: columns {missing} are not in the data (have {list(data.columns)})")
    values = data[[y, *x]].astype(float)
    if not np.isfinite(values.to_numpy()).all():
        raise ValueError(f"fit_ols: {y} and {x} must be finite numbers")
    n, k = len(values), len(x) + 1
    if n < k:
        raise ValueError(f"fit_ols: {n} points cannot determine {k} coefficients")
    design = sm.add_constant(values[x], has_constant="add")
    rank = int(np.linalg.matrix_rank(design.to_numpy()))
    if rank < k:
        # statsmodels would silently return a minimum-norm (pseudo-inverse) solution.
        raise ValueError(f"fit_ols: the {n} points do not determine the {k} coefficients "
                         f"(design matrix rank {rank}); a regressor is constant or collinear")
    result = sm.OLS(values[y], design).fit()
    df_resid = n - k
    coefficients = pd.DataFrame({"coef": result.params})
    if df_resid > 0:
        ci = result.conf_int(alpha=1 - level)
        coefficients["ci_low"], coefficients["ci_high"] = ci[0], ci[1]
    else:
        coefficients["ci_low"] = coefficients["ci_high"] = np.nan
    fitted = pd.DataFrame({"observed": values[y], "fitted": result.fittedvalues})
    fitted["residual"] = fitted["observed"] - fitted["fitted"]
    if label:
        fitted.insert(0, label, data[label].to_numpy())
    return OLSFit(coefficients, fitted.reset_index(drop=True), n, df_resid, level, y, tuple(x))


def leave_one_out(data: pd.DataFrame, y: str, x: list[str], label: str | None = None) -> pd.DataFrame:
    """Predict each point from a fit to all the others.

    Returns one row per point: ``observed``, ``predicted`` (NaN where the remaining points
    cannot determine the coefficients, e.g. the only point with some regressor value was left
    out) and ``error``.

    Examples
    --------
    >>> df = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0], "y": [1.0, 3.0, 5.0, 8.0]})
    >>> loo = leave_one_out(df, "y", ["x"])
    >>> [round(v, 3) for v in loo["predicted"]]
    [0.333, 3.143, 5.571, 7.0]
    """
    rows = []
    for i in range(len(data)):
        rest = data.drop(index=data.index[i])
        point = data.iloc[[i]]
        try:
            fit = fit_ols(rest, y, x)
        except ValueError:
            predicted = float("nan")
        else:
            beta = fit.coefficients["coef"]
            predicted = float(beta["const"] + sum(beta[c] * float(point[c].iloc[0]) for c in x))
        row = {"observed": float(point[y].iloc[0]), "predicted": predicted}
        if label:
            row = {label: point[label].iloc[0], **row}
        rows.append(row)
    out = pd.DataFrame(rows)
    out["error"] = out["predicted"] - out["observed"]
    return out
