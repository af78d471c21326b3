"""Closed forms and exact arithmetic of the claypool-jitter chapter (hand-computed cases)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from mmperf import jitter
from mmperf.data import load_table, load_values
from mmstudies import claypool_jitter as cj
from mmstudies.claypool_jitter import analytic


def test_counter_share_and_expected_stalls():
    """(1 - 0.1) / 3 = 0.3; 0.5 per minute over 120 s = 1 stall."""
    assert cj.counter_share(3, 0.1) == pytest.approx(0.3)
    assert cj.expected_stalls(0.5, 120) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        cj.counter_share(0, 0.1)


def test_idle_variance_closed_form_by_hand():
    """IPX at 1280 B: send 0.338 ms, receive 0.31884 ms; 2 (0.338^2 + 0.31884^2) ms^2 = 431,806 µs²;
    on an SLC both scale by 21.8/8.6, the variance by its square."""
    v = cj.idle_variance_us2(cj.EndSystem())
    assert v == pytest.approx(2 * (0.338**2 + 0.31884**2) * 1e6, rel=1e-9)
    assert cj.idle_variance_us2(cj.EndSystem(specint92=8.6)) == pytest.approx(v * (21.8 / 8.6) ** 2)


def test_scaling_exponent_recovers_a_power_law():
    assert cj.scaling_exponent([8.6, 21.8, 64.0], [1 / 8.6, 1 / 21.8, 1 / 64.0]) == pytest.approx(1.0)


def test_fisher_ci_by_hand():
    """r = 0.9, n = 12: atanh = 1.4722, se = 1/3, z ± 1.96 se -> tanh gives (0.674, 0.972)."""
    lo, hi = cj.fisher_ci(0.9, 12)
    assert (round(lo, 3), round(hi, 3)) == (0.674, 0.972)


def test_fit_line_and_band():
    """y = 2x + 1 exactly: slope 2, intercept 1, r 1, x-intercept -0.5."""
    f = cj.fit_line([1, 2, 3, 4], [3, 5, 7, 9])
    assert (f["slope"], f["intercept"], f["x_intercept"]) == pytest.approx((2.0, 1.0, -0.5))
    band = cj.confidence_band([1, 2, 3, 4, 5], [2.1, 3.9, 6.2, 7.8, 10.1], [0, 3, 6])
    assert (band["low"] < band["fit"]).all() and (band["fit"] < band["high"]).all()


def test_x_intercept_ci_of_an_exact_line_is_exact():
    est, half = analytic.x_intercept_ci([1, 2, 3, 4, 5], [0, 2, 4, 6, 8])
    assert est == pytest.approx(1.0) and half == pytest.approx(0.0, abs=1e-9)


def test_correlation_matrix_and_pairs_layout():
    rng = np.random.default_rng(1)
    runs = pd.DataFrame(rng.normal(size=(30, 6)), columns=list(jitter.METRIC_NAMES))
    ours = cj.correlation_matrix(runs)
    assert np.allclose(np.diag(ours), 1.0)
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    pairs = cj.pairwise_comparison(ours, paper)
    assert len(pairs) == 15
    assert pairs.loc[pairs["pair"] == "Range-Area", "paper_r"].item() == 0.34   # row Range, as printed


def test_additivity_table_and_error_ci_by_hand():
    """Processor 2, network 3, both 5: predicted 5, error 0; with both = 4 the error is +25 %."""
    add = pd.DataFrame({"network": ["Ethernet"] * 2, "case": ["processor", "both"], "Variance": [2.0, 5.0]})
    net = pd.DataFrame({"network": ["Ethernet", "Ethernet"], "network_load": [0.0, 0.5], "Variance": [0.1, 3.0]})
    t = cj.additivity_table(add, net).set_index("network")
    assert t.loc["Ethernet", "predicted_jitter"] == 5.0 and t.loc["Ethernet", "error_pct"] == 0.0
    add2 = pd.DataFrame({"network": ["Ethernet"] * 4, "case": ["processor"] * 2 + ["both"] * 2,
                         "Variance": [2.0, 2.0, 4.0, 4.0]})
    net2 = pd.DataFrame({"network": ["Ethernet"] * 2, "network_load": [0.5, 0.5], "Variance": [3.0, 3.0]})
    e = cj.additivity_error_ci(add2, net2).iloc[0]
    assert e["error_pct"] == pytest.approx(25.0) and e["ci_half_width_pct"] == pytest.approx(0.0)


def test_additivity_error_ci_propagates_the_spread():
    """Both-loaded variances 4 ± 1 (sd 1.414, n 2): se of the mean 1; d err/dB = -100 * 5 / 16 = -31.25,
    so se(err) = 31.25 and the half-width is t(0.975, 1) * 31.25 = 12.706 * 31.25."""
    add = pd.DataFrame({"network": ["Ethernet"] * 4, "case": ["processor"] * 2 + ["both"] * 2,
                        "Variance": [2.0, 2.0, 3.0, 5.0]})
    net = pd.DataFrame({"network": ["Ethernet"] * 2, "network_load": [0.5, 0.5], "Variance": [3.0, 3.0]})
    e = cj.additivity_error_ci(add, net).iloc[0]
    assert e["ci_half_width_pct"] == pytest.approx(12.7062 * 31.25, rel=1e-3)


def test_printed_chain_matches_the_thesis_substitution():
    """26.5 x 0.000198 = 0.005247; 26.5 x 1,590,000 - 624,000 = 41,511,000; at area 75,000 the Buf line
    gives 26.5 x 75,000 - 624,000 = 1,363,500; at 1e9 the Area line gives 198,000 + 1,590,000."""
    v = {**{k: float(x) for k, x in load_values("claypool", "jitter_values").items()},
         **{k: float(x) for k, x in load_values("claypool", "ch3_values").items()}}
    c = cj.printed_chain(v)
    assert c["chain_slope"] == pytest.approx(v["buf_jitter_slope"], rel=0.001)
    assert c["chain_intercept"] == pytest.approx(v["buf_jitter_intercept"], rel=0.001)
    assert c["buffer_at_area_threshold_us"] == pytest.approx(1_363_500)
    assert c["area_at_jitter_threshold"] == pytest.approx(1_788_000)


def test_first_year_below():
    years = pd.DataFrame({"priority": ["default"] * 3, "year": [0, 1, 2], "Variance": [5e9, 2e9, 5e8]})
    assert cj.first_year_below(years, "default", 1e9) == 2.0
    assert math.isnan(cj.first_year_below(years, "default", 1e8))


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---
T_975_1 = 12.706204736174707     # Student t quantiles (scipy.stats.t.ppf), used as constants of the hand sums
T_975_2 = 4.302652729749462
T_95_1 = 6.313751514675041
Z_975, Z_95 = 1.959963984540054, 1.6448536269514722


def test_counter_share_one_counter_and_message():
    """One counter takes all but the receiver's share: 1 - 0.25; none is refused with the whole message."""
    assert cj.counter_share(1, 0.25) == 0.75
    with pytest.raises(ValueError, match=r"^needs at least one counter$"):
        cj.counter_share(0, 0.25)


def test_expected_stalls_per_minute():
    """3 a minute over 20 s: 1."""
    assert analytic.expected_stalls(3.0, 20.0) == 1.0


def test_scaling_exponent_of_integer_inputs():
    """variance = SPECint92^-3 through (1, 1), (2, 1/8), (4, 1/64): k = 3; intercept log 1 = 0 is not k."""
    assert analytic.scaling_exponent([1, 2, 4], [1, 0.125, 0.015625]) == pytest.approx(3.0)
    assert analytic.scaling_exponent([1, 2, 4], [2, 0.25, 0.03125]) == pytest.approx(3.0)   # times 2: same k


def test_fisher_ci_clamps_and_small_n():
    """r = ±1 is clamped to ±0.999999 (atanh finite); n <= 4 uses se = 1 (n - 3 floored at 1); n = 19 gives
    se = 1/4; level 0.90 uses z = 1.6449."""
    z1 = math.atanh(0.999999)
    assert cj.fisher_ci(1.0, 103) == pytest.approx((math.tanh(z1 - Z_975 / 10), math.tanh(z1 + Z_975 / 10)))
    assert cj.fisher_ci(-1.0, 103) == pytest.approx((math.tanh(-z1 - Z_975 / 10), math.tanh(-z1 + Z_975 / 10)))
    for n in (2, 3, 4):
        assert cj.fisher_ci(0.0, n) == pytest.approx((math.tanh(-Z_975), math.tanh(Z_975)))
    assert cj.fisher_ci(0.0, 19) == pytest.approx((math.tanh(-Z_975 / 4), math.tanh(Z_975 / 4)))
    assert cj.fisher_ci(0.0, 19, level=0.90) == pytest.approx((math.tanh(-Z_95 / 4), math.tanh(Z_95 / 4)))


def test_correlation_matrix_is_pearson_by_hand():
    """A metric against its square over 1..4: deviations (-1.5, -.5, .5, 1.5) and (-6.5, -3.5, 1.5, 8.5), cross
    sum 25, squares 5 and 129: r = 25 / sqrt(645) = 0.98437 (Spearman would say 1). Integer columns work."""
    names = list(jitter.METRIC_NAMES)
    runs = pd.DataFrame({m: [1, 2, 3, 4] for m in names})
    runs[names[1]] = [1, 4, 9, 16]
    runs[names[2]] = [4, 3, 2, 1]
    runs["label"] = ["a", "b", "c", "d"]                    # other columns are ignored
    c = cj.correlation_matrix(runs)
    assert list(c.index) == names and list(c.columns) == names
    assert c.loc[names[0], names[1]] == pytest.approx(25 / math.sqrt(645))
    assert c.loc[names[0], names[2]] == pytest.approx(-1.0)


def test_pairwise_comparison_reads_the_upper_triangle():
    """Pairs in row order (a before b in METRIC_NAMES), values read at [a, b] of both tables, difference ours - paper."""
    names = list(jitter.METRIC_NAMES)
    ours = pd.DataFrame(np.arange(36.0).reshape(6, 6), index=names, columns=names)        # [i, j] = 6 i + j
    paper = pd.DataFrame(np.arange(36.0).reshape(6, 6).T / 100, index=names, columns=names)  # [i, j] = (6 j + i)/100
    got = cj.pairwise_comparison(ours, paper)
    expected = [(f"{names[i]}-{names[j]}", (6 * j + i) / 100, 6.0 * i + j) for i in range(6) for j in range(i + 1, 6)]
    assert list(got.columns) == ["pair", "paper_r", "ours_r", "difference"]
    assert list(got["pair"]) == [e[0] for e in expected]
    assert got["paper_r"].tolist() == pytest.approx([e[1] for e in expected])
    assert got["ours_r"].tolist() == pytest.approx([e[2] for e in expected])
    assert got["difference"].tolist() == pytest.approx([e[2] - e[1] for e in expected])


def test_fit_line_every_field_by_hand():
    """(1, 1), (2, 3), (3, 2), (4, 4): deviations of x (-1.5, -.5, .5, 1.5), of y (-1.5, .5, -.5, 1.5): Sxy = 4,
    Sxx = Syy = 5, slope 0.8, intercept 2.5 - 0.8 x 2.5 = 0.5, r = 4/5, x-intercept -0.625. Residuals
    (-.3, .9, -.9, .3): SSE 1.8, s^2 = 0.9, se(slope) = sqrt(0.9/5); 95 % with t(2) = 4.3027."""
    f = cj.fit_line([1, 2, 3, 4], [1, 3, 2, 4])
    half = T_975_2 * math.sqrt(0.18)
    assert f == pytest.approx({"slope": 0.8, "intercept": 0.5, "r": 0.8, "r2": 0.64, "n": 4,
                               "slope_ci_low": 0.8 - half, "slope_ci_high": 0.8 + half, "x_intercept": -0.625,
                               "verdict": f["verdict"]})
    assert f["verdict"].startswith("demonstration only: 4 points, 2 coefficients, 2 residual")


def test_fit_line_flat_has_no_x_intercept():
    """x = -1, 1, -1, 1 against y = 1, 1, 2, 2: slope exactly 0 (the means of y at both x agree): NaN, not a division."""
    f = cj.fit_line([-1, 1, -1, 1], [1, 1, 2, 2])
    assert f["slope"] == 0.0 and f["intercept"] == pytest.approx(1.5)
    assert math.isnan(f["x_intercept"])


def test_confidence_band_by_hand_at_one_point():
    """Same four points: at the mean x = 2.5 the fit is 2.5 and the 95 % band is t(2) sqrt(s^2/n) =
    4.3027 sqrt(0.9/4) either side; at x = 0: 0.5 ± 4.3027 sqrt(0.9 (1/4 + 2.5^2/5)). A one-point grid needs the
    constant column added though the grid is constant."""
    band = cj.confidence_band([1, 2, 3, 4], [1, 3, 2, 4], [2.5])
    assert list(band.columns) == ["x", "fit", "low", "high"]
    h = T_975_2 * math.sqrt(0.9 / 4)
    assert band.iloc[0].tolist() == pytest.approx([2.5, 2.5, 2.5 - h, 2.5 + h])
    band2 = cj.confidence_band([1, 2, 3, 4], [1, 3, 2, 4], [0, 2.5])
    h0 = T_975_2 * math.sqrt(0.9 * (0.25 + 2.5**2 / 5))
    assert band2["low"].tolist() == pytest.approx([0.5 - h0, 2.5 - h])
    assert band2["high"].tolist() == pytest.approx([0.5 + h0, 2.5 + h])


def test_group_fits_keeps_the_order_of_appearance():
    """Group "z" (y = 2x + 1) first, then "a" (y = 3 - x); one row each, keyed by the grouping column."""
    runs = pd.DataFrame({"machine": ["z", "z", "z", "a", "a", "a"], "load": [0, 1, 2, 0, 1, 2],
                         "var": [1, 3, 5, 3, 2, 1]})
    g = analytic.group_fits(runs, "machine", "load", "var")
    assert g["machine"].tolist() == ["z", "a"]
    assert g["slope"].tolist() == pytest.approx([2.0, -1.0])
    assert g["intercept"].tolist() == pytest.approx([1.0, 3.0])
    assert g["x_intercept"].tolist() == pytest.approx([-0.5, 3.0])


def test_additivity_table_by_hand_per_network():
    """Ethernet: processor (1 + 3)/2 = 2, network (loaded runs only; the idle 0-load run of 100 is left out) 3,
    both (4 + 6)/2 = 5 (wrong case names ignored): predicted 5, error 0. HIPPI: 1 + 2 = 3 against 4: -25 %.
    Fibre Channel has no runs: NaN, but its row is there, in NETWORKS order with its bandwidth."""
    add = pd.DataFrame({"network": ["Ethernet"] * 5 + ["HIPPI"] * 2,
                        "case": ["processor", "processor", "both", "both", "network", "processor", "both"],
                        "Variance": [1.0, 3.0, 4.0, 6.0, 50.0, 1.0, 4.0]})
    net = pd.DataFrame({"network": ["Ethernet", "Ethernet", "HIPPI"], "network_load": [0.0, 0.5, 0.25],
                        "Variance": [100.0, 3.0, 2.0]})
    t = cj.additivity_table(add, net)
    assert t["network"].tolist() == ["Ethernet", "Fibre Channel", "HIPPI"]
    assert t["bandwidth_Mbit_s"].tolist() == [10.0, 266.0, 800.0]
    e, h = t.iloc[0], t.iloc[2]
    assert (e.processor_jitter, e.network_jitter, e.predicted_jitter, e.actual_jitter, e.error_pct) == (
        2.0, 3.0, 5.0, 5.0, 0.0)
    assert (h.processor_jitter, h.network_jitter, h.predicted_jitter, h.actual_jitter, h.error_pct) == (
        1.0, 2.0, 3.0, 4.0, -25.0)
    assert t.iloc[1][["processor_jitter", "network_jitter", "actual_jitter"]].isna().all()


def test_first_year_below_is_inclusive_and_sorted_by_year():
    """Years given out of order and another priority's rows mixed in: the first year (by year) at or below."""
    years = pd.DataFrame({"priority": ["default", "default", "high", "default"], "year": [3, 1, 0, 2],
                          "Variance": [1.0, 5.0, 0.5, 2.0]})
    assert cj.first_year_below(years, "default", 2.0) == 2.0           # equal to the threshold counts
    assert cj.first_year_below(years, "default", 1.5) == 3.0
    assert cj.first_year_below(years, "high", 0.5) == 0.0


def test_printed_chain_every_entry_by_hand():
    """Buf = 2 Area - 4, Area = 3 Jitter + 5: chain slope 6, intercept 2 x 5 - 4 = 6; at area 7 the buffer is 10;
    zero buffer at area 2; at jitter 11 the area is 38 and the buffer 72."""
    c = cj.printed_chain({"buf_area_slope": 2.0, "buf_area_intercept": -4.0, "area_jitter_slope": 3.0,
                          "area_jitter_intercept": 5.0, "area_no_buffer": 7.0, "jitter_threshold_us2": 11.0})
    assert c == {"chain_slope": 6.0, "chain_intercept": 6.0, "buffer_at_area_threshold_us": 10.0,
                 "area_for_zero_buffer": 2.0, "area_at_jitter_threshold": 38.0, "buffer_at_jitter_threshold_us": 72.0}


def _add(p, b, network="Ethernet"):
    return pd.DataFrame({"network": [network] * (len(p) + len(b)), "case": ["processor"] * len(p) + ["both"] * len(b),
                         "Variance": [*p, *b]})


def test_additivity_error_ci_every_term_by_hand():
    """P = 1, 2, 3 (mean 2, var 1, se^2 1/3); N = 2, 4 (mean 3, var 2, se^2 1; an idle run of 100 left out);
    B = 4, 5, 6 (mean 5, se^2 1/3). Error 100 (2 + 3 - 5)/5 = 0; se^2 = (100/5)^2 (1/3 + 1) + (100 x 5/25)^2 / 3
    = 400 x 5/3; df = min(3, 3, 2) - 1 = 1; n = min(#P, #B) = 3. At 90 %: t(0.95, 1)."""
    net = pd.DataFrame({"network": ["Ethernet"] * 3, "network_load": [0.0, 0.5, 0.5], "Variance": [100.0, 2.0, 4.0]})
    e = cj.additivity_error_ci(_add([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), net)
    assert e["network"].tolist() == ["Ethernet"]
    row = e.iloc[0]
    assert row["error_pct"] == 0.0 and row["n"] == 3
    assert row["ci_half_width_pct"] == pytest.approx(T_975_1 * math.sqrt(400 * 5 / 3))
    e90 = cj.additivity_error_ci(_add([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), net, level=0.90).iloc[0]
    assert e90["ci_half_width_pct"] == pytest.approx(T_95_1 * math.sqrt(400 * 5 / 3))


def test_additivity_error_ci_single_runs_and_missing_networks():
    """P = 1, 3 (se^2 1), one network run (its se^2 counts 0), B = 4, 6 (se^2 1): err 100 (2 + 3 - 5)/5 = 0,
    se^2 = 400 x 1 + 400 x 1, df floored at 1 (min count 1 gives 0). With P = 2, 3, 4, N = 2, 4, 6 and B = 4, 5, 6,
    7, 8 (mean 6, se^2 1/2): err 100 (3 + 4 - 6)/6, se^2 = (100/6)^2 (1/3 + 4/3) + (700/36)^2 / 2, df 2. HIPPI has
    runs only for the processor case and Fibre Channel none: both are left out."""
    net = pd.DataFrame({"network": ["Ethernet", "HIPPI"], "network_load": [0.5, 0.5], "Variance": [3.0, 3.0]})
    add = pd.concat([_add([1.0, 3.0], [4.0, 6.0]), _add([1.0], [], "HIPPI")])
    e = cj.additivity_error_ci(add, net)
    assert e["network"].tolist() == ["Ethernet"]
    assert e.iloc[0]["ci_half_width_pct"] == pytest.approx(T_975_1 * math.sqrt(800))
    net3 = pd.DataFrame({"network": ["Ethernet"] * 3, "network_load": [0.5] * 3, "Variance": [2.0, 4.0, 6.0]})
    e3 = cj.additivity_error_ci(_add([2.0, 3.0, 4.0], [4.0, 5.0, 6.0, 7.0, 8.0]), net3).iloc[0]
    assert e3["error_pct"] == pytest.approx(100 / 6)
    se = math.sqrt((100 / 6) ** 2 * (1 / 3 + 4 / 3) + (700 / 36) ** 2 / 2)
    assert e3["ci_half_width_pct"] == pytest.approx(T_975_2 * se)
    assert e3["n"] == 3


class _ScriptedRng:
    """Stands in for numpy's generator: hands out the given index arrays in turn and records the calls."""

    def __init__(self, draws):
        self.draws, self.calls = list(draws), []

    def integers(self, low, high, size):
        self.calls.append((low, high, size))
        return np.asarray(self.draws[(len(self.calls) - 1) % len(self.draws)])


def _script(monkeypatch, draws):
    seen = {}
    rng = _ScriptedRng(draws)

    def default_rng(seed):
        seen["seed"] = seed
        return rng
    monkeypatch.setattr(analytic.np.random, "default_rng", default_rng)
    return rng, seen


def test_x_intercept_ci_percentiles_by_hand(monkeypatch):
    """Points (0, 0), (1, 1), (2, 3): the full fit has slope 1.5 and intercept -1/6, x-intercept 1/9. Scripted
    resamples: {0, 0, 0} (one x: skipped), {0, 1, 1} (y = x: 0), {1, 2, 2} (y = 2x - 1: 0.5), {0, 2, 2}
    (y = 1.5 x: 0), {0, 1, 2} (1/9). Sorted 0, 0, 1/9, 0.5: the 2.5th percentile is at rank 0.075 (0) and the
    97.5th at rank 2.925: 1/9 + 0.925 (0.5 - 1/9); half the width. At level 0.5 the ranks are 0.75 and 2.25."""
    draws = [[0, 0, 0], [0, 1, 1], [1, 2, 2], [0, 2, 2], [0, 1, 2]]
    rng, seen = _script(monkeypatch, draws)
    est, half = analytic.x_intercept_ci([0, 1, 2], [0, 1, 3], n_boot=5, seed=7)
    assert seen["seed"] == 7 and rng.calls == [(0, 3, 3)] * 5
    assert est == pytest.approx(1 / 9)
    assert half == pytest.approx((1 / 9 + 0.925 * (0.5 - 1 / 9)) / 2)
    rng, _ = _script(monkeypatch, draws)
    _, half50 = analytic.x_intercept_ci([0, 1, 2], [0, 1, 3], level=0.5, n_boot=5)
    assert half50 == pytest.approx((1 / 9 + 0.25 * (0.5 - 1 / 9)) / 2)


def test_x_intercept_ci_defaults_and_no_usable_resample(monkeypatch):
    """By default 400 resamples from seed 0; when every resample has one x value there is no interval (NaN)."""
    rng, seen = _script(monkeypatch, [[1, 1, 1]])
    est, half = analytic.x_intercept_ci([0, 1, 2], [0, 1, 3])
    assert seen["seed"] == 0 and len(rng.calls) == 400
    assert est == pytest.approx(1 / 9) and math.isnan(half)


def test_fit_line_and_x_intercept_ci_with_a_slope_of_exactly_one(monkeypatch):
    """Points on y = x: the slope is 1 (exactly, in floating point, for these points) and the x-intercept 0;
    a slope of 1 is not a zero slope, so the x-intercept is a number and the resample is kept."""
    assert cj.fit_line([-1, 0, 1], [-1, 0, 1])["x_intercept"] == pytest.approx(0.0, abs=1e-12)
    _script(monkeypatch, [[0, 1, 2]])
    est, half = analytic.x_intercept_ci([-1, 1, 1], [-1, 1, 1], n_boot=1)
    assert est == pytest.approx(0.0, abs=1e-12) and half == pytest.approx(0.0, abs=1e-12)


def test_confidence_band_of_an_integer_grid_is_float():
    """The grid is returned as floats whatever its input type (x = 0 and 5: fits 0.5 and 4.5)."""
    band = cj.confidence_band([1, 2, 3, 4], [1, 3, 2, 4], [0, 5])
    assert band["x"].dtype == np.float64 and band["fit"].tolist() == pytest.approx([0.5, 4.5])


def test_additivity_error_ci_goes_on_past_a_network_without_runs():
    """Ethernet (first in NETWORKS) has no runs; HIPPI (last) still gets its row: 100 (1 + 2 - 4)/4 = -25 %."""
    net = pd.DataFrame({"network": ["HIPPI"], "network_load": [0.5], "Variance": [2.0]})
    e = cj.additivity_error_ci(_add([1.0], [4.0], "HIPPI"), net)
    assert e["network"].tolist() == ["HIPPI"] and e.iloc[0]["error_pct"] == -25.0


def test_additivity_error_ci_needs_all_three_cases():
    """A network is left out when any one of processor, both or network runs is missing: Ethernet lacks
    processor runs, Fibre Channel network runs; only HIPPI (one run of each, so no spread: half-width 0) stays."""
    add = pd.concat([_add([], [4.0, 6.0]), _add([1.0, 3.0], [4.0, 6.0], "Fibre Channel"), _add([1.0], [4.0], "HIPPI")])
    net = pd.DataFrame({"network": ["Ethernet", "HIPPI"], "network_load": [0.5, 0.5], "Variance": [3.0, 2.0]})
    e = cj.additivity_error_ci(add, net)
    assert e["network"].tolist() == ["HIPPI"]
    assert e.iloc[0]["ci_half_width_pct"] == 0.0 and e.iloc[0]["n"] == 1


def test_additivity_error_ci_degrees_of_freedom_from_the_smallest_group():
    """P = 1, 3 (two runs, se^2 1), N = 2, 2, 4, 4 and B = 4, 4, 6, 6 (four runs each, var 4/3, se^2 1/3):
    P = 2, N = 3, B = 5, error 0, se^2 = 400 (1 + 1/3) + 400/3, df = 2 - 1 = 1 (the processor runs are
    fewest). Swapping the roles (B with two runs, P and N with four) gives df 1 again, se^2 = 400 (2/3) + 400."""
    net4 = pd.DataFrame({"network": ["Ethernet"] * 4, "network_load": [0.5] * 4, "Variance": [2.0, 2.0, 4.0, 4.0]})
    e = cj.additivity_error_ci(_add([1.0, 3.0], [4.0, 4.0, 6.0, 6.0]), net4).iloc[0]
    assert e["ci_half_width_pct"] == pytest.approx(T_975_1 * math.sqrt(400 * (1 + 1 / 3) + 400 / 3))
    e2 = cj.additivity_error_ci(_add([1.0, 1.0, 3.0, 3.0], [4.0, 6.0]), net4).iloc[0]
    assert e2["ci_half_width_pct"] == pytest.approx(T_975_1 * math.sqrt(400 * (1 / 3 + 1 / 3) + 400))


def test_x_intercept_ci_interpolated_percentiles(monkeypatch):
    """Points (0, 1), (1, 2), (2, 4), (3, 7): full fit slope 10/5 = 2, intercept 3.5 - 3 = 0.5, x-intercept -0.25.
    Scripted resamples, each a pair of points twice (so the line through them): (0, 1) with (1, 2): -1;
    (0, 1) with (3, 7): -0.5; (1, 2) with (2, 4): 0; (2, 4) with (3, 7): 2/3; and one with a single x (skipped).
    Sorted -1, -0.5, 0, 2/3: at 95 % the ranks 0.075 and 2.925 give -1 + 0.075 x 0.5 and 0.925 x 2/3; at 50 %
    the ranks 0.75 and 2.25 give -0.625 and 1/6. The half-width is half their distance."""
    draws = [[0, 0, 1, 1], [0, 3, 0, 3], [2, 2, 2, 2], [1, 2, 1, 2], [2, 3, 3, 2]]
    _script(monkeypatch, draws)
    est, half = analytic.x_intercept_ci([0, 1, 2, 3], [1, 2, 4, 7], n_boot=5)
    assert est == pytest.approx(-0.25)
    assert half == pytest.approx((0.925 * 2 / 3 - (-1 + 0.075 * 0.5)) / 2, rel=1e-9)
    _script(monkeypatch, draws)
    _, half50 = analytic.x_intercept_ci([0, 1, 2, 3], [1, 2, 4, 7], level=0.5, n_boot=5)
    assert half50 == pytest.approx((1 / 6 + 0.625) / 2, rel=1e-9)


def test_x_intercept_ci_of_a_flat_line_is_nan(monkeypatch):
    """(-1, 1), (0, 0), (1, 1): slope exactly 0 (symmetric x), so no x-intercept; the only resample is the same
    flat line and is skipped, so there is no interval either."""
    _script(monkeypatch, [[0, 1, 2]])
    est, half = analytic.x_intercept_ci([-1, 0, 1], [1, 0, 1], n_boot=1)
    assert math.isnan(est) and math.isnan(half)


def test_range_example_is_the_theses_two_samples_by_hand():
    """Seed line 771: {10, 15, 15, 15, 20} and {10, 10, 15, 20, 20}, both of mean 15.

    Range: maximum 20 and max - min 10 for both. Variance: (25 + 0 + 0 + 0 + 25) / 4 = 12.5 and
    (25 + 25 + 0 + 25 + 25) / 4 = 25. Absdev, printed without 1/n: 5 + 0 + 0 + 0 + 5 = 10 and 5 * 4 = 20.
    """
    t = analytic.range_example()
    assert t["sample"].tolist() == ["{10, 15, 15, 15, 20}", "{10, 10, 15, 20, 20}"]
    assert t["range (max)"].tolist() == [20.0, 20.0]
    assert t["range (max-min)"].tolist() == [10.0, 10.0]
    assert t["variance"].tolist() == [12.5, 25.0]
    assert t["absdev"].tolist() == [10.0, 20.0]
    assert analytic.range_example(([1, 3],))["variance"].tolist() == [2.0]    # (1 + 1) / 1


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_x_intercept_ci_keeps_a_resample_whose_slope_is_exactly_one(monkeypatch):
    """Whether np.polyfit returns a slope of exactly 1.0 for points on y = x depends on the LAPACK build (on the
    reference machine it gives 1.0000000000000002 for the points of
    test_fit_line_and_x_intercept_ci_with_a_slope_of_exactly_one), so the fits are scripted: the full fit
    (slope 2, intercept 1) has x-intercept -0.5, and the one resample, a line of slope exactly 1 and intercept
    1, has x-intercept -1: it is kept (only a zero slope is skipped), so both percentiles are -1 and the
    half-width is 0, not NaN."""
    fits = iter([(2.0, 1.0), (1.0, 1.0)])
    monkeypatch.setattr(analytic.np, "polyfit", lambda x, y, deg: next(fits))
    _script(monkeypatch, [[0, 1]])
    est, half = analytic.x_intercept_ci([0.0, 1.0], [1.0, 3.0], n_boot=1)
    assert (est, half) == (-0.5, 0.0)
