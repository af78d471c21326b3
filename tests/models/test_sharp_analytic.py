"""Tests of the closed forms of the Sharp & Todirica model (lib/mmperf/models/sharp/analytic.py)."""

import math

import numpy as np
import pytest

from mmperf.data import load_table
from mmperf.models import sharp
from mmperf.params import ParameterError, load_chapter


@pytest.fixture(scope="module")
def paper():
    return sharp.stage_stats(load_table("sharp", "table1"))


def test_fit_matches_table1_moments(paper):
    """The fit solves the mixture's first two moments exactly; a sample of 200,000 draws then has a mean
    within 1 % (the sampling sd of the mean is sd / sqrt(n), at most 0.15 % of the mean here) and an sd
    within 5 % (the spike term makes the sample sd heavy-tailed)."""
    for key in ("sl", "net", "dec", "pres"):
        d = sharp.fit_spiked_gamma(paper[key], 1 / 1500)
        assert d.mean == pytest.approx(paper[key].mean, abs=1e-12)
        assert d.sd == pytest.approx(paper[key].sd, abs=1e-12)
        x = d.sample(np.random.default_rng(0), 200_000)
        assert x.mean() == pytest.approx(paper[key].mean, rel=0.01)
        assert x.std() == pytest.approx(paper[key].sd, rel=0.05)
        assert x.min() >= paper[key].min - 1e-12


def test_declared_spike_range_stays_feasible(paper):
    """notebooks/sharp.yml caps p_spike at 0.015, below the tightest row's feasibility limit."""
    limit = min(sharp.max_feasible_p_spike(paper[k]) for k in ("sl", "net", "dec", "pres"))
    assert load_chapter("sharp").parameters["p_spike"].max < limit
    sharp.fit_stages(paper, load_chapter("sharp").parameters["p_spike"].max)


def test_cpu_stretch_saturation_and_distance_by_hand():
    """cpu_stretch(L) = 0.9 / (1 - L); saturation 1 - 0.9 * 32.6 / 40 = 0.2665; at 60 frames/s the
    sink's 32.6 * 0.9 / 0.9 = 32.6 ms exceeds the 16.7 ms period (utilisation 1.956): no saturation load;
    distance 400 + (150 - 44.4) / 0.005 = 21,520 km."""
    assert sharp.cpu_stretch(0.10, 0.10) == 1.0
    assert sharp.cpu_stretch(0.55, 0.10) == pytest.approx(2.0)
    with pytest.raises(ValueError, match="background_load"):
        sharp.cpu_stretch(1.0)
    assert sharp.saturation_load(32.6, 40.0, 0.10) == pytest.approx(0.2665)
    assert sharp.saturation_load(32.6, 1000 / 60, 0.10) < 0
    assert sharp.offered_sink_utilisation(32.6, 1000 / 60, 0.10, 0.10) == pytest.approx(1.956)
    assert sharp.distance_for_limit(44.4, 150, 400, 5) == pytest.approx(21520.0)
    assert sharp.ip_fragments(16500) == 12 and sharp.ip_fragments(16272) == 11 and sharp.ip_fragments(16273) == 12


def test_clopper_pearson_zero_events_closed_form():
    """With k = 0 the upper bound is 1 - (alpha/2)^(1/n) exactly."""
    assert sharp.clopper_pearson(0, 1500)[1] == pytest.approx(1 - 0.025 ** (1 / 1500), rel=1e-9)


def test_loss_grid_brackets_saturation_at_every_declared_rate():
    """The search grid follows the frame rate: at every rate whose saturation load lies inside [0, 0.95]
    the grid has points on both sides of it (so the loss bound's crossing can be found)."""
    for fps in (1, 10, 15, 20, 25, 30, 60):
        period = 1000 / fps
        sat = sharp.saturation_load(32.6, period, 0.10)
        grid = sharp.loss_grid(32.6, period, 0.10)
        assert min(grid) == 0.0 and max(grid) <= 0.95
        if 0 < sat < 0.9:
            assert min(grid) < sat < max(grid)


def test_two_point_fit_by_hand(paper):
    p, mean, sd = sharp.two_point_fit(paper["sl"])
    assert p == pytest.approx(1 / 9) and mean == pytest.approx(0.05)
    assert sd == pytest.approx(0.09 * math.sqrt(8 / 81))


def test_bad_parameters_are_refused_without_importing_the_model():
    spec = load_chapter("sharp")
    assert spec.validate is None
    with pytest.raises(ParameterError, match="p_spike"):
        spec.resolve({"p_spike": 0.03})
    with pytest.raises(ParameterError, match="warmup_frames"):
        spec.resolve({"warmup_frames": 2000, "frames_per_replication": 1500})
    with pytest.raises(ParameterError, match="ciw_checked"):
        spec.resolve({"replications": 3, "ciw_checked_replications": 5})
    with pytest.raises(ParameterError, match="sink_policy"):
        spec.resolve({"sink_policy": "oldest"})
