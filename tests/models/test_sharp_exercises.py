"""The Sharp chapter's exercise answers, derived by hand (or by an independent computation) at each exercise's
own setting: the chapter's defaults (25 frames/s, the measured load 0.10, Table 1) and the exercise's change."""

import math

import numpy as np
import pytest
from scipy import stats

from mmbook.params import load_chapter
from mmstudies.sharp import exercises, experiments
from mmstudies.sharp.config import load_inputs

DEFAULTS = load_chapter("sharp").defaults()


@pytest.fixture(scope="module")
def ans():
    return exercises.answers(DEFAULTS)


def test_ex1_saturation_load(ans):
    """Decoding 19.5 + presentation 13.1 = 32.6 ms per frame at L0 = 0.10; the period is 40 ms:
    L = 1 - 0.9 x 32.6 / 40 = 0.2665."""
    assert (ans["ex1_sink_ms"], ans["ex1_period_ms"], ans["ex1_ref_load"]) == pytest.approx((32.6, 40.0, 0.10))
    assert ans["ex1_sat_load"] == pytest.approx(0.2665, abs=1e-12)


def _upper(k, n):
    """The exact two-sided 95 % upper bound, straight from the beta quantile (not the study's function)."""
    return 1.0 if k == n else stats.beta.ppf(0.975, k + 1, n - k)


def test_ex3_frames_needed(ans):
    """No loss: 1 - 0.025^(1/n) < 0.001 from n > ln 0.025 / ln 0.999 = 3687.0; the bisection stops within
    0.1 %. At a rate of 5e-4 the bound is below 0.001 at the answer and not 1 % earlier; 40 ms a frame."""
    assert 3687 <= ans["ex3_n_zero"] <= 3687 * 1.001 + 1
    n = int(ans["ex3_n_rate"])
    assert _upper(round(5e-4 * n), n) < 1e-3
    early = int(0.99 * n)
    assert _upper(round(5e-4 * early), early) >= 1e-3
    assert ans["ex3_minutes_rate"] == pytest.approx(n * 0.040 / 60, rel=1e-12)
    assert ans["ex3_cp_sample"] == pytest.approx(1 - 0.025 ** (1 / 1500), rel=1e-9)


def test_ex5_network_or_decoder(ans):
    """Network mean 10.5 ms halved saves 5.25; decoding 19.5 halved saves 9.75; the sink's offered utilisation
    32.6 / 40 = 0.815 falls to 22.85 / 40 = 0.57125, its saturation load rising to 1 - 0.9 x 22.85 / 40."""
    assert (ans["ex5_half_net_ms"], ans["ex5_half_dec_ms"]) == pytest.approx((5.25, 9.75))
    assert ans["ex5_util_now"] == pytest.approx(0.815, rel=1e-12)
    assert ans["ex5_util_half"] == pytest.approx(0.57125, rel=1e-12)
    assert ans["ex5_sat_half"] == pytest.approx(1 - 0.9 * 22.85 / 40, rel=1e-12)


def test_ex7_exempt_saturation_load(ans):
    """Decoding unstretched: 19.5 + 13.1 x 0.9 / (1 - L) = 40 gives L = 1 - 0.9 x 13.1 / 20.5 = 0.42488; a
    decoder slower than the frame period leaves no such load."""
    assert ans["ex7_sat_load_exempt"] == pytest.approx(1 - 0.9 * 13.1 / 20.5, rel=1e-12)
    assert ans["ex7_sat_load"] == ans["ex1_sat_load"]
    assert exercises.exempt_saturation_load(45.0, 13.1, 40.0, 0.1) == -math.inf


def test_ex8_distance(ans):
    """Margin 150 - 44.4 = 105.6 ms at 5 us/km = 21,120 km beyond the measured 400 km: 21,520 km."""
    assert ans["ex8_distance_km"] == pytest.approx(400 + 105.6 * 1000 / 5, rel=1e-12)


def test_exempt_sampling_unstretches_only_the_exempt_stages():
    """At load 0.55 (stretch 0.9 / 0.45 = 2) the same draws: decoding as measured, presentation doubled."""
    from mmstudies.sharp.analytic import fit_stages
    from mmstudies.sharp.model import sample_stage_times

    inp = load_inputs()
    dists = fit_stages(inp.paper, 0.000667)
    ext = exercises.sample_stage_times_exempt(dists, 50, 3, 0.55, 0.10)
    base = sample_stage_times(dists, 50, 3)
    assert np.allclose(ext["dec"], base["dec"]) and np.allclose(ext["pres"], 2 * base["pres"])
    assert np.allclose(ext["net"], base["net"])


@pytest.mark.slow
def test_simulated_answers_at_a_short_length():
    """At 5,000 frames (the code is the same at the defaults' length): exercise 2 is long_run_loss at 0.25 and
    at 0.10 called independently; exercise 6 is the sweep's first load over the bound; in exercise 7, exempting
    decoding can only shorten the sink's times (same draws), so it drops no more frames than the published
    model."""
    short = DEFAULTS | {"sweep_frames": 5000}
    s = exercises.simulated_answers(short)
    inp = load_inputs()
    common = dict(p_spike=DEFAULTS["p_spike"], frame_rate_fps=25.0, table1_stats=inp.paper, measured_load=0.1,
                  queue_capacity=DEFAULTS["queue_capacity"], total_frames=5000, replications=5,
                  seed=DEFAULTS["seed"] + 9000)
    at25 = experiments.long_run_loss(background_load=0.25, **common)
    at10 = experiments.long_run_loss(background_load=0.10, **common)
    mean = lambda df: float((df["e2e_mean"] * df["frames"]).sum() / df["frames"].sum())  # noqa: E731
    assert s["ex2_dropped"] == at25["dropped"].sum() and s["ex2_frames"] == 5000
    assert s["ex2_delta_ms"] == pytest.approx(mean(at25) - mean(at10), rel=1e-12)
    assert s["ex7_loss_exempt"] <= s["ex7_loss_base"]
    assert s["ex7_loss_base"] > 0, "at L = 0.35 the published model offers the sink 0.9 x 32.6 / 0.65 / 40 = 1.13"
    assert 0 < s["ex6_first_over"] <= 0.95
    texts = exercises.solution_texts(exercises.answers(short) | s, 1e-3)
    assert texts["sharp_ex2_text"].startswith("Over 5,000 frames at a background load of 0.25 the sink drops")


def test_the_answer_key_names_glued_answers(ans):
    """Every key of notebooks/sharp.yml's answers is a closed-form answer or one of the two simulated ones
    (test_simulated_answers_at_a_short_length computes them)."""
    key = load_chapter("sharp").answers
    assert len(key) >= 5
    closed = {e["glue"] for e in key.values()} - {"ex2_mean_ms", "ex6_first_over"}
    assert closed <= set(ans) and all(math.isfinite(ans[g]) for g in closed)


def test_ex3_rate_and_solution_rates_are_written_without_e_notation():
    """Issue 25: exercise 3's rate 5e-4 reads 0.0005 (it printed "5e-04"); a solution's rate 1.5e-5 reads
    1.5×10⁻⁵ (two significant digits, mmperf.tables.sig)."""
    a = {"ex2_frames": 200000.0, "ex2_load": 0.25, "ex2_dropped": 3.0, "ex2_loss": 1.5e-5, "ex2_loss_hi": 4.4e-5,
         "ex2_ref_load": 0.1, "ex2_ref_dropped": 0.0, "ex2_ref_mean_ms": 56.0, "ex2_mean_ms": 57.0, "ex2_delta_ms": 1.0,
         "ex3_rate": 5e-4, "ex4_mean_low_ms": 56.0, "ex4_mean_high_ms": 56.5, "ex4_late_low": 0.0, "ex4_late_high": 2e-6,
         "ex6_first_over": float("nan"), "ex1_sat_load": 0.27, "ex7_load": 0.35, "ex7_loss_base": 0.01,
         "ex7_loss_exempt": 0.002, "ex7_frames": 10000.0, "ex7_sat_load": 0.27, "ex7_sat_load_exempt": 0.3}
    texts = exercises.solution_texts(a, 1e-3)
    assert texts["ex3_rate_text"] == "0.0005"
    assert "a rate of 1.5×10⁻⁵ (95 % upper bound 4.4×10⁻⁵), below the paper's 0.001" in texts["sharp_ex2_text"]
    assert "goes from 0 to 2.0×10⁻⁶." in texts["sharp_ex4_text"]
