"""The frame-cost regression against an independent least-squares solution."""

import numpy as np
import pytest

from mmstudies.zeadally import analytic as a
from mmstudies.zeadally import costfit


def _points():
    return a.regression_points(a.measured_configurations())


def test_fit_matches_numpy_least_squares():
    """The same four points (FDDI out) solved by numpy.linalg.lstsq: no frozen numbers."""
    pts = _points()
    keep = pts[~pts["config"].str.startswith("FDDI")]
    X = np.column_stack([np.ones(len(keep)), keep["na_ms"], keep["no_shm"]])
    beta = np.linalg.lstsq(X, keep["frame_ms"].to_numpy(), rcond=None)[0]
    fit = costfit.fit_frame_cost(pts, exclude=["FDDI"])
    assert [fit.coef("const"), fit.coef("na_ms"), fit.coef("no_shm")] == pytest.approx(list(beta), rel=1e-9)
    assert (fit.n, fit.df_resid) == (4, 1)


def test_summary_intervals_are_t_intervals_from_standard_errors():
    """Half-width = t(0.975, df) x se, with se from sigma^2 (X'X)^-1 computed here by hand."""
    from scipy import stats

    pts = _points()
    keep = pts[~pts["config"].str.startswith("FDDI")]
    X = np.column_stack([np.ones(len(keep)), keep["na_ms"], keep["no_shm"]])
    y = keep["frame_ms"].to_numpy()
    beta = np.linalg.lstsq(X, y, rcond=None)[0]
    resid = y - X @ beta
    df = len(y) - 3
    se = np.sqrt(resid @ resid / df * np.diag(np.linalg.inv(X.T @ X)))
    s = costfit.frame_cost_summary(pts)
    half = s["fit"]["coefficients"]["ci_half_width"].to_numpy()
    assert half == pytest.approx(stats.t.ppf(0.975, df) * se, rel=1e-6)
    assert s["fit_all"]["n"] == 5 and s["loo"]["predicted"].isna().sum() == 1


def test_implied_rates():
    """2.1 Mbit in 10 ms is 210 Mbit/s; a non-positive coefficient implies no rate."""
    r = costfit.implied_stage_rates(10.0, 21.0)
    assert r == {"z_xf_mbps": pytest.approx(210.0), "z_ax_mbps": pytest.approx(100.0)}
    assert np.isnan(costfit.implied_stage_rates(0.0, 1.0)["z_xf_mbps"])
