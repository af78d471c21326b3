"""Replication statistics: means and Student-t confidence intervals."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy import stats


def mean_ci(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """Mean and confidence half-width of independent replications (Student t).

    Parameters
    ----------
    values : sequence of float
        One number per independent replication.
    level : float
        Confidence level in (0, 1).

    Returns
    -------
    (mean, half_width) : tuple of float
        ``half_width`` is 0 for a single replication or identical values, NaN never.

    Examples
    --------
    >>> m, h = mean_ci([1.0, 2.0, 3.0], level=0.95)
    >>> round(m, 3), round(h, 3)
    (2.0, 2.484)
    """
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level}")
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        raise ValueError("mean_ci needs at least one value")
    mean = float(x.mean())
    if x.size == 1:
        return mean, 0.0
    sem = float(x.std(ddof=1)) / np.sqrt(x.size)
    return mean, float(stats.t.ppf(0.5 + level / 2, df=x.size - 1) * sem)


def summarize(df: pd.DataFrame, by: str | list[str], value: str, level: float = 0.95) -> pd.DataFrame:
    """Per-group mean, CI half-width, and number of replications of ``value``.

    Examples
    --------
    >>> df = pd.DataFrame({"g": ["a", "a", "b", "b"], "x": [1.0, 3.0, 5.0, 5.0]})
    >>> summarize(df, "g", "x")[["g", "mean", "n"]].values.tolist()
    [['a', 2.0, 2], ['b', 5.0, 2]]
    """
    rows = []
    for key, group in df.groupby(by, sort=True):
        mean, half = mean_ci(group[value].to_numpy(), level)
        keys = key if isinstance(key, tuple) else (key,)
        names = by if isinstance(by, list) else [by]
        rows.append({**dict(zip(names, keys, strict=True)), "mean": mean, "ci_half_width": half,
                     "n": len(group)})
    return pd.DataFrame(rows)
