"""Closed forms and exact arithmetic of the claypool-jitter chapter (hand-computed cases)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from mmperf import jitter
from mmperf.data import load_table, load_values
from mmperf.models import claypool_jitter as cj
from mmperf.models.claypool_jitter import analytic


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
