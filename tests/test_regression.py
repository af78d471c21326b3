"""The shared OLS helper: exact fits, honest reporting, leave-one-out."""

import numpy as np
import pandas as pd
import pytest

from mmperf.regression import fit_ols, leave_one_out


def test_exact_line_is_recovered():
    df = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0, 5.0], "y": [5.0, 7.0, 9.0, 11.0, 13.0]})
    fit = fit_ols(df, "y", ["x"])
    assert fit.coef("const") == pytest.approx(3.0)
    assert fit.coef("x") == pytest.approx(2.0)
    assert np.allclose(fit.fitted["residual"], 0.0)


def test_tiny_fit_is_reported_as_demonstration():
    df = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0], "y": [1.0, 3.0, 5.0, 8.0]})
    fit = fit_ols(df, "y", ["x"])
    assert fit.is_demonstration
    assert "demonstration only" in fit.verdict
    low, high = fit.coefficients.loc["x", ["ci_low", "ci_high"]]
    assert low < fit.coef("x") < high


def test_collinear_or_too_few_points_are_refused():
    df = pd.DataFrame({"x": [1.0, 1.0, 1.0], "y": [1.0, 2.0, 3.0]})
    with pytest.raises(ValueError, match="do not determine"):
        fit_ols(df, "y", ["x"])
    with pytest.raises(ValueError, match="cannot determine"):
        fit_ols(df.iloc[:1], "y", ["x"])
    with pytest.raises(ValueError, match="not in the data"):
        fit_ols(df, "y", ["nope"])


def test_leave_one_out_hand_computed():
    df = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0], "y": [1.0, 3.0, 5.0, 8.0]})
    loo = leave_one_out(df, "y", ["x"])
    # Leaving out x=3: the line through (0,1),(1,3),(2,5) is y = 1 + 2x -> 7.
    assert loo["predicted"].iloc[3] == pytest.approx(7.0)
    assert loo["error"].iloc[3] == pytest.approx(-1.0)
