"""Hsieh chapter 2: the synthetic generator and the statsmodels fits recover the generator's parameters."""

import math

import numpy as np
import pytest

from mmstudies.hsieh_messaging import analytic as a
from mmstudies.hsieh_messaging import synthetic as s

ROW = a.platform_table().set_index("id").loc["aal5_direct"]


def test_noise_free_fit_is_exact():
    g = s.generator_parameters(ROW, "A")
    d = s.generate(s.message_sizes(4, 20), g["a_s"], g["r_Bps"], 0.0, 3, 1)
    for method in ("ols", "wls"):
        f = s.fit(d, method)
        assert f["a_s"] == pytest.approx(g["a_s"], rel=1e-9)
        assert f["r_Bps"] == pytest.approx(g["r_Bps"], rel=1e-9)


def test_generator_b_reproduces_the_table_n_half():
    """Generator B sets a = 2 n_1/2 / r, so the Hockney n_1/2 = a r / 2 is the table's 7867 B."""
    g = s.generator_parameters(ROW, "B")
    assert a.hockney_n_half(g["a_s"], g["r_Bps"]) == pytest.approx(7867, rel=1e-12)


def test_noise_is_unbiased_with_the_stated_cv():
    d = s.generate([1024.0], 0.002, 1e6, 0.05, 20000, 3)
    ratio = d["rtt_s"] / (0.002 + 2048 / 1e6)
    assert ratio.mean() == pytest.approx(1.0, abs=0.002)      # SE of the mean 0.05/sqrt(2e4) = 0.00035
    assert ratio.std() == pytest.approx(0.05, rel=0.03)


def test_wls_recovers_parameters_within_standard_errors():
    """Coverage of the 95 % WLS intervals over 60 seeded data sets is consistent with 0.95.

    A binomial(60, 0.95) count lies in [52, 60] with probability 0.99, so we require >= 52 covered
    for both parameters; the mean z-scores are near 0 (|mean z| < 3/sqrt(60) = 0.39).
    """
    g = s.generator_parameters(ROW, "A")
    rs = s.recovery_study(s.message_sizes(4, 22), g["a_s"], g["r_Bps"], 0.03, 30, "wls", 60, 7)
    assert rs["covered_a"].sum() >= 52 and rs["covered_r"].sum() >= 52
    assert abs(rs["z_a"].mean()) < 0.39 and abs(rs["z_r"].mean()) < 0.39


@pytest.mark.parametrize("method", ["ols", "rlm"])
def test_other_fits_are_unbiased_but_their_ses_are_not_trusted(method):
    """OLS and RLM estimates are centred on the truth (mean within 3 empirical SEs of the mean)."""
    g = s.generator_parameters(ROW, "A")
    rs = s.recovery_study(s.message_sizes(4, 22), g["a_s"], g["r_Bps"], 0.03, 30, method, 40, 11)
    for col, true in (("a_s", g["a_s"]), ("r_Bps", g["r_Bps"])):
        se_mean = rs[col].std(ddof=1) / math.sqrt(len(rs))
        assert abs(rs[col].mean() - true) < 3 * se_mean + 1e-12


def test_empirical_metrics_follow_the_thesis_definitions():
    d = s.generate(s.message_sizes(4, 26), 0.002, 1e6, 0.0, 1, 1)
    e = s.empirical_metrics(d)
    assert e["t0_s"] == pytest.approx(0.002 + 32 / 1e6)
    assert e["r_max_Bps"] == pytest.approx(2 * 2 ** 26 / (0.002 + 2 ** 27 / 1e6))
    assert e["n_half_bytes"] == pytest.approx(1000, rel=0.05)   # log-interpolated between 512 and 1024


def test_bad_inputs():
    with pytest.raises(ValueError, match="method"):
        s.fit(s.generate([16, 32], 0.001, 1e6, 0.0, 2, 1), "lasso")
    with pytest.raises(ValueError, match="log2_min"):
        s.message_sizes(10, 4)
    with pytest.raises(ValueError, match="intercept"):
        s.generator_parameters(ROW, "A", t0_factor=0.01 / 1905.5 * 30)
    assert np.isnan(s.empirical_metrics(s.generate([2 ** 20], 0.001, 1e6, 0.0, 1, 1))["n_half_bytes"])
