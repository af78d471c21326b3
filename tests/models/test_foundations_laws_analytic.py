"""The operational laws chapter's closed forms: exact, hand-computed cases."""

import math

import pandas as pd
import pytest

from mmstudies.foundations_laws import analytic as a


def test_laws_by_hand():
    """U = X S: 40 jobs/s of 15 ms each keep a device 60 % busy; N = X R: 40 jobs/s staying 0.5 s are 20 jobs;
    X_k = V_k X: 4 visits per job at 40 jobs/s are 160 visits/s."""
    assert a.utilisation(40.0, 0.015) == pytest.approx(0.6)
    assert a.littles_law_population(40.0, 0.5) == pytest.approx(20.0)
    assert a.forced_flow(40.0, 4.0) == pytest.approx(160.0)


def test_zeadally_demands_and_eq1():
    """2.1 Mbit at 200, 240, 230 Mbit/s: 10.5, 8.75 and 9.1304 ms; Eq. 1 = 1/(1/200 + 1/240 + 1/230)
    = 1 / 0.0135145 = 73.9946 Mbit/s (the paper: 74)."""
    d = a.stage_demands([200.0, 240.0, 230.0], 2.1e6)
    assert [round(x * 1000, 4) for x in d] == [10.5, 8.75, 9.1304]
    assert a.serial_throughput_mbps([200.0, 240.0, 230.0]) == pytest.approx(73.9946, abs=1e-4)
    assert a.bottleneck_index(d) == 0
    assert a.knee_population(d) == pytest.approx((10.5 + 8.75 + 2.1e6 / 230e6 * 1000) / 10.5)


def test_stage_rate_must_be_positive():
    with pytest.raises(ValueError, match="stage rate 0"):
        a.stage_demands([200.0, 0.0], 2e6)


def test_data_path_bounds_two_equal_stages():
    """Two stages of 2e6 bit at 200 Mbit/s (D = 10 ms each): N = 1, X = 1/(20 ms) = 100 Mbit/s; N = 2, MVA
    R_k = 10 (1 + 1/2) = 15 ms, X = 2 / 30 ms = 133.33 Mbit/s; asymptotic upper bound min(1/10 ms, 2/20 ms)
    = 200 Mbit/s; lower bound N / (N D) = 100 Mbit/s."""
    df = a.data_path_bounds([200.0, 200.0], 2e6, 2)
    assert df["mva"].tolist() == pytest.approx([100.0, 400 / 3])
    assert df["asym_high"].tolist() == pytest.approx([100.0, 200.0])
    assert df["asym_low"].tolist() == pytest.approx([100.0, 100.0])
    assert (df["bjb_low"] <= df["mva"] + 1e-9).all() and (df["mva"] <= df["bjb_high"] + 1e-9).all()


def test_weighted_line_by_hand():
    """x = 0, 1, 2; y = 0, 1, 3. OLS: xbar = 1, ybar = 4/3, Sxy = (-1)(-4/3) + 0 + 1 (5/3) = 3, Sxx = 2, so
    b1 = 1.5, b0 = 4/3 - 1.5 = -1/6; residuals 1/6, -1/3, 1/6, SSE = 1/6, s^2 = 1/6, se(b1) = sqrt(s^2 / Sxx)
    = sqrt(1/12). WLS with sigma = (1, 1, 1/2) (weights 1, 1, 4): sum w = 6, xbar_w = (0 + 1 + 8)/6 = 3/2,
    ybar_w = (0 + 1 + 12)/6 = 13/6, Sxy_w = sum w (x - xbar_w) y = 0 + (-1/2)(1) + 4 (1/2)(3) = 11/2,
    Sxx_w = 9/4 + 1/4 + 4/4 = 7/2, b1 = 11/7, b0 = 13/6 - (11/7)(3/2), se(b1) = sqrt(1 / Sxx_w) = sqrt(2/7)."""
    ols = a.weighted_line([0, 1, 2], [0, 1, 3])
    assert (ols["b1"], ols["b0"]) == pytest.approx((1.5, -1 / 6))
    assert ols["se_b1"] == pytest.approx(math.sqrt(1 / 12)) and ols["sse"] == pytest.approx(1 / 6)
    wls = a.weighted_line([0, 1, 2], [0, 1, 3], [1.0, 1.0, 0.5])
    assert wls["b1"] == pytest.approx(11 / 7)
    assert wls["b0"] == pytest.approx(13 / 6 - 11 / 7 * 3 / 2)
    assert wls["se_b1"] == pytest.approx(math.sqrt(2 / 7))


def test_weighted_line_refuses_bad_sigma():
    with pytest.raises(ValueError, match="sigma"):
        a.weighted_line([0, 1, 2], [0, 1, 3], [1.0, 0.0, 1.0])


def test_se_from_ci95():
    """A 95 % interval 10 ± 1.96 has standard error 1 (normal approximation)."""
    assert a.se_from_ci95(10 - a.Z95, 10 + a.Z95) == pytest.approx(1.0)


def test_factorial_effects_zeadally_table2():
    """Graphics frame rates of Zeadally's Table 2 (video -/+, shm -/+): 33, 26, 50, 35 frames/s.
    q0 = 144/4 = 36; q_video = (-33 + 26 - 50 + 35)/4 = -5.5; q_shm = (-33 - 26 + 50 + 35)/4 = 6.5;
    q_int = (33 - 26 - 50 + 35)/4 = -2. SST = 4 (30.25 + 42.25 + 4) = 306; shares 121/306, 169/306, 16/306."""
    df = pd.DataFrame({"v": [-1, 1, -1, 1], "s": [-1, -1, 1, 1], "y": [33, 26, 50, 35]})
    q = a.factorial_effects(df, ["v", "s"], "y").set_index("effect")
    assert q["q"].tolist() == pytest.approx([36.0, -5.5, 6.5, -2.0])
    assert q.loc["v", "fraction"] == pytest.approx(121 / 306)
    assert q.loc["s", "fraction"] == pytest.approx(169 / 306)
    assert q.loc["v s", "fraction"] == pytest.approx(16 / 306)


def test_factorial_refuses_incomplete_design():
    df = pd.DataFrame({"v": [-1, 1, -1, -1], "s": [-1, -1, 1, 1], "y": [1, 2, 3, 4]})
    with pytest.raises(ValueError, match="appears twice"):
        a.factorial_effects(df, ["v", "s"], "y")
    with pytest.raises(ValueError, match="full 2"):
        a.factorial_effects(df.iloc[:3], ["v", "s"], "y")


def test_mva_lies_within_every_bound_at_the_paper_rates():
    """Balanced job bounds contain the exact product-form throughput, and the asymptotic bounds contain both,
    at every population (Zahorjan et al.); equality at N = 1, where all equal 1/D."""
    df = a.data_path_bounds([200.0, 240.0, 230.0], 2.1e6, 64)
    eps = 1e-9
    assert (df["asym_low"] <= df["bjb_low"] + eps).all() and (df["bjb_low"] <= df["mva"] + eps).all()
    assert (df["mva"] <= df["bjb_high"] + eps).all() and (df["bjb_high"] <= df["asym_high"] + eps).all()
    assert df.loc[0, ["asym_low", "asym_high", "bjb_low", "bjb_high", "mva"]].tolist() == pytest.approx(
        [1 / (1 / 200 + 1 / 240 + 1 / 230)] * 5)
