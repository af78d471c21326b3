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


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_stage_rates_below_one_are_allowed_and_refusal_in_full():
    """Half a Mbit/s moves a 1 Mbit frame in 1e6 / 0.5e6 = 2 s; a rate of 0 is refused with the whole message."""
    assert a.stage_demands([0.5], 1e6) == (2.0,)
    with pytest.raises(ValueError) as refused:
        a.stage_demands([200.0, 0.0], 2e6)
    assert str(refused.value) == "stage rate 0.0 Mbit/s is not allowed: expected a finite number > 0"


def test_knee_population_adds_the_think_time():
    """N* = (D + Z) / D_max = (1 + 2 + 1 + 2) / 2 = 3."""
    assert a.knee_population([1.0, 2.0, 1.0], think_time=2.0) == 3.0


def test_data_path_bounds_with_think_time_by_hand():
    """Two stages of D = 10 ms (2e6 bit at 200 Mbit/s), Z = 20 ms; a frame is 2 Mbit, so X frames/s is 2 X
    Mbit/s. N = 1: every bound and MVA are 1 / (D + Z) = 1 / 40 ms = 25 frames/s = 50 Mbit/s. N = 2: MVA
    Q_k(1) = 25 x 0.01 = 0.25, R = 2 x 10 x 1.25 = 25 ms, X = 2 / 45 ms = 44.444 frames/s = 800/9 Mbit/s;
    asymptotic low N / (N D + Z) = 2 / 60 ms = 200/3 Mbit/s, high min(1 / 10 ms, 2 / 40 ms) = 100 Mbit/s; balanced
    job bounds with s = 1 + Z / (N D) = 1.5 and o = 1 + Z / D = 2: low 2 / (40 + 10 / 1.5 ms) = 600/7 Mbit/s,
    high 2 / (40 + 10 / 2 ms) = 800/9 Mbit/s (the balanced network meets it)."""
    df = a.data_path_bounds([200.0, 200.0], 2e6, 2, think_time=0.02)
    assert df.columns.tolist() == ["frames", "asym_low", "asym_high", "bjb_low", "bjb_high", "mva"]
    assert df["frames"].tolist() == [1, 2]
    assert df["mva"].tolist() == pytest.approx([50.0, 800 / 9], rel=1e-12)
    assert df["asym_low"].tolist() == pytest.approx([50.0, 200 / 3], rel=1e-12)
    assert df["asym_high"].tolist() == pytest.approx([50.0, 100.0], rel=1e-12)
    assert df["bjb_low"].tolist() == pytest.approx([50.0, 600 / 7], rel=1e-12)
    assert df["bjb_high"].tolist() == pytest.approx([50.0, 800 / 9], rel=1e-12)


def test_weighted_line_ols_on_four_points_by_hand():
    """x = 0, 1, 2, 3; y = 0, 1, 1, 3: xbar = 1.5, ybar = 1.25, Sxx = 5, Sxy = sum (x - xbar) y = -0.5 + 0.5 + 4.5
    = 4.5, b1 = 0.9, b0 = 1.25 - 1.35 = -0.1; fitted -0.1, 0.8, 1.7, 2.6, residuals 0.1, 0.2, -0.7, 0.4, SSE =
    0.70, s^2 = 0.70 / 2 = 0.35; se(b1) = sqrt(0.35 / 5) = sqrt(0.07), se(b0) = sqrt(0.35 (1/4 + 2.25/5)) =
    sqrt(0.245). The keys are b0, b1, se_b0, se_b1 and sse."""
    fit = a.weighted_line([0, 1, 2, 3], [0, 1, 1, 3])
    assert sorted(fit) == ["b0", "b1", "se_b0", "se_b1", "sse"]
    assert (fit["b0"], fit["b1"], fit["sse"]) == pytest.approx((-0.1, 0.9, 0.70), rel=1e-12)
    assert (fit["se_b0"], fit["se_b1"]) == pytest.approx((math.sqrt(0.245), math.sqrt(0.07)), rel=1e-12)


def test_weighted_line_wls_chi2_and_intercept_error_by_hand():
    """test_weighted_line_by_hand's WLS (weights 1, 1, 4 at x = 0, 1, 2): sum w = 6, sum w x = 9, sum w x^2 =
    17, det = 6 x 17 - 81 = 21, so se(b0) = sqrt(17/21). b0 = -4/21, b1 = 11/7 = 33/21: fitted -4/21, 29/21,
    62/21, residuals 4/21, -8/21, 1/21, chi2 = (16 + 64 + 4 x 1) / 441 = 4/21. The keys are b0, b1, se_b0,
    se_b1 and chi2."""
    fit = a.weighted_line([0, 1, 2], [0, 1, 3], [1.0, 1.0, 0.5])
    assert sorted(fit) == ["b0", "b1", "chi2", "se_b0", "se_b1"]
    assert (fit["b0"], fit["se_b0"], fit["chi2"]) == pytest.approx((-4 / 21, math.sqrt(17 / 21), 4 / 21), rel=1e-12)


def test_weighted_line_refusals_in_full():
    """Fewer than 3 points, or x and y of different lengths, are refused with one message; a sigma that is
    0, negative, not a number, infinite (weight 0) or so small that its weight overflows is refused with
    another."""
    for x, y in [([0.0, 1.0], [0.0, 1.0]), ([0.0, 1.0, 2.0], [0.0, 1.0, 2.0, 3.0])]:
        with pytest.raises(ValueError) as refused:
            a.weighted_line(x, y)
        assert str(refused.value) == "weighted_line: x and y must have the same length, at least 3 points"
    for bad in [0.0, -1.0, math.nan, math.inf, 1e-200]:
        with pytest.raises(ValueError) as refused:
            a.weighted_line([0, 1, 2], [0, 1, 3], [1.0, bad, 1.0])
        assert str(refused.value) == "weighted_line: every sigma must be a finite number > 0", bad


def test_factorial_effects_of_a_2_cubed_design_by_hand():
    """y = 10 + 4 xA + 2 xB + 1 xC + 0.5 xA xB xC at the eight corners: the effects give back the coefficients
    (the other interactions 0). SST = 8 (16 + 4 + 1 + 0.25) = 170: fractions 128/170, 32/170, 8/170, 0, 0, 0,
    2/170, and NaN for I (the mean explains no variation)."""
    corners = [(xa, xb, xc) for xc in (-1, 1) for xb in (-1, 1) for xa in (-1, 1)]
    df = pd.DataFrame(corners, columns=["A", "B", "C"])
    df["y"] = 10 + 4 * df["A"] + 2 * df["B"] + df["C"] + 0.5 * df["A"] * df["B"] * df["C"]
    out = a.factorial_effects(df, ["A", "B", "C"], "y")
    assert out["effect"].tolist() == ["I", "A", "B", "C", "A B", "A C", "B C", "A B C"]
    assert out["q"].tolist() == pytest.approx([10.0, 4.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.5], abs=1e-12)
    assert out["fraction"].dtype == float and math.isnan(out["fraction"][0])
    assert out["fraction"][1:].tolist() == pytest.approx(
        [128 / 170, 32 / 170, 8 / 170, 0.0, 0.0, 0.0, 2 / 170], abs=1e-12)
    with pytest.raises(ValueError) as refused:
        a.factorial_effects(df.iloc[:7], ["A", "B", "C"], "y")
    assert str(refused.value) == "factorial_effects: need the 8 rows of a full 2^3 design coded -1/+1"
    twice = pd.concat([df.iloc[:7], df.iloc[:1]])
    with pytest.raises(ValueError) as refused:
        a.factorial_effects(twice, ["A", "B", "C"], "y")
    assert str(refused.value) == "factorial_effects: a combination of the factors appears twice"


def test_factorial_fractions_of_small_and_of_no_variation():
    """y = 0, 0.1, 0, 0.1 at A = -1, 1, -1, 1: q_A = 0.2 / 4 = 0.05, the others 0, SST = 4 x 0.0025 = 0.01 (below
    1): A explains all of it. A constant response has no variation: every fraction is NaN."""
    df = pd.DataFrame({"A": [-1, 1, -1, 1], "B": [-1, -1, 1, 1], "y": [0.0, 0.1, 0.0, 0.1]})
    out = a.factorial_effects(df, ["A", "B"], "y")
    assert math.isnan(out["fraction"][0]) and out["fraction"][1:].tolist() == pytest.approx([1.0, 0.0, 0.0])
    flat = a.factorial_effects(df.assign(y=5.0), ["A", "B"], "y")
    assert flat["fraction"].isna().all()
