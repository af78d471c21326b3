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
    """By hand: xbar = 1.5, ybar = 4.25, Sxx = 5, Sxy = 11.5, so slope 2.3 and intercept 0.8; residuals
    0.2, -0.1, -0.4, 0.3, SSR = 0.30, s^2 = 0.30 / 2 = 0.15; se(slope) = sqrt(0.15 / 5) = 0.173205,
    se(const) = sqrt(0.15 (1/4 + 1.5^2 / 5)) = 0.324037; t_{0.975, 2} = 4.302653, so the intervals are
    2.3 +- 0.745241 and 0.8 +- 1.394219."""
    assert fit.is_demonstration
    assert fit.verdict == ("demonstration only: 4 points, 2 coefficients, 2 residual degree(s) of freedom; "
                           "the intervals are not evidence")
    assert (fit.n, fit.df_resid, fit.level, fit.y, fit.x) == (4, 2, 0.95, "y", ("x",))
    assert fit.coef("x") == pytest.approx(2.3) and fit.coef("const") == pytest.approx(0.8)
    assert fit.coefficients.loc["x", ["ci_low", "ci_high"]].tolist() == pytest.approx([1.554759, 3.045241])
    assert fit.coefficients.loc["const", ["ci_low", "ci_high"]].tolist() == pytest.approx([-0.594219, 2.194219])
    assert fit.fitted["residual"].tolist() == pytest.approx([0.2, -0.1, -0.4, 0.3])


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


# --- tests added from the mutation run (benchmarks/mutation-report.md) ------------------------------


def test_level_changes_the_interval_width():
    """Same data as above at level 0.90: t_{0.95, 2} = 2.919986, so the slope interval is
    2.3 +- 2.919986 * 0.173205 = 2.3 +- 0.505757."""
    df = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0], "y": [1.0, 3.0, 5.0, 8.0]})
    fit = fit_ols(df, "y", ["x"], level=0.90)
    assert fit.level == 0.90
    assert fit.coefficients.loc["x", ["ci_low", "ci_high"]].tolist() == pytest.approx([1.794243, 2.805757])


def test_inference_threshold_is_ten_residual_degrees_of_freedom():
    """y = 1 + 2x + e with e alternating +1, -1: 12 points, 2
    coefficients -> 10 residual degrees of freedom, enough for inference; 11 points -> 9, a
    demonstration."""
    x = np.arange(12.0)
    df = pd.DataFrame({"x": x, "y": 1 + 2 * x + np.array([1, -1] * 6)})
    fit = fit_ols(df, "y", ["x"])
    assert not fit.is_demonstration
    assert fit.verdict == "12 points, 10 residual degrees of freedom"
    short = fit_ols(df.iloc[:11], "y", ["x"])
    assert short.is_demonstration and short.df_resid == 9


def test_two_points_two_coefficients_have_no_interval_and_labels_are_carried():
    """Two points determine the line exactly (y = 1 + 2x through (1, 3) and (2, 5)); no residual
    degrees of freedom, so no interval (NaN). The label column comes first in `fitted`, whose index is
    reset to 0..n-1 whatever the data's index."""
    df = pd.DataFrame({"name": ["a", "b"], "x": [1.0, 2.0], "y": [3.0, 5.0]}, index=[10, 20])
    fit = fit_ols(df, "y", ["x"], label="name")
    assert fit.df_resid == 0
    assert fit.coef("const") == pytest.approx(1.0) and fit.coef("x") == pytest.approx(2.0)
    assert fit.coefficients[["ci_low", "ci_high"]].isna().all().all()
    assert list(fit.fitted.columns) == ["name", "observed", "fitted", "residual"]
    assert list(fit.fitted.index) == [0, 1]
    assert fit.fitted["name"].tolist() == ["a", "b"]
    assert fit.fitted["observed"].tolist() == [3.0, 5.0]
    assert fit.fitted["fitted"].tolist() == pytest.approx([3.0, 5.0])


def test_error_messages_in_full():
    df = pd.DataFrame({"x": [1.0, 1.0, 1.0], "y": [1.0, 2.0, 3.0]})
    cases = [
        ((df, "y", ["nope"]), {}, "fit_ols: columns ['nope'] are not in the data (have ['x', 'y'])"),
        ((df, "y", ["x"]), {"label": "who"}, "fit_ols: columns ['who'] are not in the data (have ['x', 'y'])"),
        ((df.assign(y=[1.0, np.nan, 2.0]), "y", ["x"]), {}, "fit_ols: y and ['x'] must be finite numbers"),
        ((df.assign(x=[1.0, np.inf, 2.0]), "y", ["x"]), {}, "fit_ols: y and ['x'] must be finite numbers"),
        ((df.iloc[:1], "y", ["x"]), {}, "fit_ols: 1 points cannot determine 2 coefficients"),
        ((df, "y", ["x"]), {}, "fit_ols: the 3 points do not determine the 2 coefficients (design matrix rank 1); "
                               "a regressor is constant or collinear"),
    ]
    for args, kwargs, message in cases:
        with pytest.raises(ValueError) as err:
            fit_ols(*args, **kwargs)
        assert str(err.value) == message
    # exactly as many points as coefficients is allowed (n == k)
    assert fit_ols(pd.DataFrame({"x": [0.0, 1.0], "y": [1.0, 2.0]}), "y", ["x"]).df_resid == 0


def test_leave_one_out_every_point_labels_and_undetermined_fits():
    """x = 0, 1, 2, 3; y = 1, 3, 5, 8. Leaving out x = 0: the points (1,3), (2,5), (3,8) have slope
    Sxy/Sxx = 5/2 and intercept 16/3 - 5 = 1/3, so the prediction at 0 is 1/3. Leaving out x = 3:
    y = 1 + 2x predicts 7. The data's index (10, 20, ...) does not matter. With x = 0, 0, 1, leaving
    out the only x = 1 leaves a constant regressor: NaN there, while leaving out a 0 gives the line
    through the remaining two points: (0, 1), (1, 4) -> predicts 1 at x = 0 for observed 2."""
    df = pd.DataFrame({"p": list("abcd"), "x": [0.0, 1.0, 2.0, 3.0], "y": [1.0, 3.0, 5.0, 8.0]},
                      index=[10, 20, 30, 40])
    loo = leave_one_out(df, "y", ["x"], label="p")
    assert list(loo.columns) == ["p", "observed", "predicted", "error"]
    assert loo["p"].tolist() == list("abcd")
    assert loo["observed"].tolist() == [1.0, 3.0, 5.0, 8.0]
    assert loo["predicted"].iloc[0] == pytest.approx(1 / 3)
    assert loo["error"].iloc[0] == pytest.approx(1 / 3 - 1)
    assert loo["predicted"].iloc[3] == pytest.approx(7.0)
    odd = leave_one_out(pd.DataFrame({"x": [0.0, 0.0, 1.0], "y": [1.0, 2.0, 4.0]}), "y", ["x"])
    assert list(odd.columns) == ["observed", "predicted", "error"]
    assert odd["predicted"].iloc[0] == pytest.approx(2.0)   # line through (0, 2), (1, 4)
    assert odd["predicted"].iloc[1] == pytest.approx(1.0)   # line through (0, 1), (1, 4)
    assert np.isnan(odd["predicted"].iloc[2]) and np.isnan(odd["error"].iloc[2])


def test_leave_one_out_with_two_regressors():
    """y = 1 + 2a + 3b exactly on five points: every left-out point is predicted exactly."""
    a = np.array([0.0, 1.0, 0.0, 1.0, 2.0])
    b = np.array([0.0, 0.0, 1.0, 1.0, 3.0])
    df = pd.DataFrame({"a": a, "b": b, "y": 1 + 2 * a + 3 * b})
    loo = leave_one_out(df, "y", ["a", "b"])
    assert loo["predicted"].tolist() == pytest.approx((1 + 2 * a + 3 * b).tolist())
    assert loo["error"].tolist() == pytest.approx([0.0] * 5, abs=1e-9)


def test_one_residual_degree_of_freedom_has_an_interval():
    """x = 0, 1, 2; y = 0, 1, 3: xbar = 1, ybar = 4/3, Sxx = 2, Sxy = 3, slope 1.5, intercept -1/6;
    residuals 1/6, -1/3, 1/6, SSR = 1/6, s^2 = 1/6 over 1 degree of freedom; se(slope) = sqrt(1/12) =
    0.288675 and t_{0.975, 1} = 12.706205, so the slope interval is 1.5 +- 3.667965. With no residual
    degree of freedom the intervals are float NaN (not missing objects)."""
    fit = fit_ols(pd.DataFrame({"x": [0.0, 1.0, 2.0], "y": [0.0, 1.0, 3.0]}), "y", ["x"])
    assert fit.df_resid == 1
    assert fit.coefficients.loc["x", ["ci_low", "ci_high"]].tolist() == pytest.approx([-2.167965, 5.167965])
    exact = fit_ols(pd.DataFrame({"x": [0.0, 1.0], "y": [0.0, 1.0]}), "y", ["x"])
    assert exact.coefficients["ci_low"].dtype == float and exact.coefficients["ci_high"].dtype == float


def test_importing_the_module_leaves_statsmodels_unloaded_until_a_fit():
    """statsmodels costs about a second of CPU to import: a chapter that imports mmperf.regression but finds
    its fits in the simulation cache must not pay it. A fresh interpreter shows what an import loads."""
    import subprocess
    import sys

    code = ("import sys, pandas as pd; import mmperf.regression as r; before = 'statsmodels' in sys.modules; "
            "r.fit_ols(pd.DataFrame({'x': [0.0, 1.0, 2.0], 'y': [1.0, 3.0, 5.0]}), 'y', ['x']); "
            "print(before, 'statsmodels' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
