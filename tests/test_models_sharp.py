"""Tests of the Sharp & Todirica pipeline model (lib/mmperf/models/sharp.py)."""

import numpy as np
import pytest

from mmperf.data import load_table
from mmperf.models import sharp
from mmperf.params import ParameterError, load_chapter

MEANS = {"sl_src": 0.05, "net": 10.5, "sl_dst": 0.05, "dec": 19.5, "pres": 13.1}


@pytest.fixture(scope="module")
def paper():
    return sharp.stage_stats(load_table("sharp", "table1"))


def test_deterministic_stages_end_to_end_is_sum_of_stage_means():
    # No contention at 40 ms per frame: every frame's delay is exactly the sum of the stages.
    frames = sharp.run_pipeline(sharp.deterministic_stage_times(MEANS, 50), frame_period=40.0)
    assert (frames["fate"] == "shown").all()
    np.testing.assert_allclose(frames["e2e"], sum(MEANS.values()), atol=1e-9)


def test_random_stages_without_contention_mean_is_sum_of_stage_means(paper):
    dists = sharp.fit_stages(paper, 1 / 1500)
    times = sharp.sample_stage_times(dists, 3000, seed=3)
    # A long frame period removes all waiting, so the mean delay is the mean of the stage sums.
    frames = sharp.run_pipeline(times, frame_period=200.0)
    expected = sum(times[s] for s in sharp.PIPELINE_STAGES).mean()
    assert frames["e2e"].mean() == pytest.approx(expected, abs=1e-9)


def test_newest_policy_never_shows_older_frame_after_newer(paper):
    dists = sharp.fit_stages(paper, 0.005)
    times = sharp.sample_stage_times(dists, 1500, seed=5, background_load=0.35)   # overloaded
    times["net"] = times["net"] * np.random.default_rng(1).uniform(0.2, 6.0, 1500)  # re-order frames
    frames = sharp.run_pipeline(times, frame_period=40.0)
    shown = frames[frames["fate"] == "shown"].sort_values("display")
    assert (np.diff(shown["frame"].to_numpy()) > 0).all()
    assert (frames["fate"] == "dropped").sum() > 0


@pytest.mark.parametrize("load,policy", [(0.10, "newest"), (0.35, "newest"), (0.35, "fifo")])
def test_frame_conservation(paper, load, policy):
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 1 / 1500), 800, seed=7, background_load=load)
    frames = sharp.run_pipeline(times, frame_period=40.0, queue_capacity=3, sink_policy=policy)
    counts = frames["fate"].value_counts()
    assert counts.sum() == 800
    assert set(counts.index) <= {"shown", "dropped", "rejected"}   # nothing left in flight
    assert counts.get("shown", 0) + counts.get("dropped", 0) + counts.get("rejected", 0) == 800


def test_recursion_matches_ciw_frame_by_frame(paper):
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 0.002), 1500, seed=11, background_load=0.30)
    ciw_frames = sharp.run_pipeline(times, frame_period=40.0)
    rec = sharp.newest_frame_recursion(times, 40.0)
    assert list(ciw_frames["fate"]) == list(rec["fate"])
    np.testing.assert_allclose(ciw_frames["display"], rec["display"], atol=1e-9)


def test_hand_computed_newest_frame_case():
    # Frames every 20 ms (captured at 20, 40, 60, 80), 1 ms network, sink takes 50 ms: frame 1 is shown
    # 21-71; frame 2 (at 41) waits and is superseded by frame 3 (at 61), shown 71-121; frame 4 (at 81)
    # waits and, with no newer frame, is shown 121-171.
    t = sharp.deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0, "pres": 0.0}, 4)
    frames = sharp.run_pipeline(t, frame_period=20.0)
    assert list(frames["fate"]) == ["shown", "dropped", "shown", "shown"]
    np.testing.assert_allclose(frames["display"].to_numpy()[[0, 2, 3]], [71.0, 121.0, 171.0])


def test_fit_matches_table1_moments(paper):
    for key in ("sl", "net", "dec", "pres"):
        d = sharp.fit_spiked_gamma(paper[key], 1 / 1500)
        assert d.mean == pytest.approx(paper[key].mean, abs=1e-12)
        assert d.sd == pytest.approx(paper[key].sd, abs=1e-12)
        x = d.sample(np.random.default_rng(0), 200_000)
        assert x.mean() == pytest.approx(paper[key].mean, rel=0.01)
        assert x.std() == pytest.approx(paper[key].sd, rel=0.05)


def test_sink_utilisation_matches_theory(paper):
    # Utilisation of the sink = mean (dec + pres) / period when nothing is dropped.
    runs = sharp.replicate_pipeline(p_spike=1 / 1500, frame_rate_fps=25.0, background_load=0.10, queue_capacity=10,
                                    sink_policy="newest", frames_per_replication=1000, warmup_frames=20,
                                    replications=5, seed=1, table1_stats=paper)["runs"]
    theory = (paper["dec"].mean + paper["pres"].mean) / 40.0
    assert runs["sink_utilisation"].mean() == pytest.approx(theory, abs=0.01)


def test_golden_default_replication(paper):
    # Golden values: computed by this code (seed 1, 1000 frames, 20 warm-up), then frozen.
    runs = sharp.replicate_pipeline(p_spike=0.000667, frame_rate_fps=25.0, background_load=0.10, queue_capacity=10,
                                    sink_policy="newest", frames_per_replication=1000, warmup_frames=20,
                                    replications=1, seed=1, table1_stats=paper)["runs"]
    assert runs["e2e_mean"].iloc[0] == pytest.approx(GOLDEN_E2E_MEAN, abs=1e-9)
    assert runs["dropped"].iloc[0] == 0


def test_cpu_stretch_and_distance_helpers():
    assert sharp.cpu_stretch(0.10) == 1.0
    with pytest.raises(ValueError, match="background_load"):
        sharp.cpu_stretch(1.0)
    assert sharp.distance_for_limit(44.4, 150, 400, 5) == pytest.approx(21520.0)
    assert sharp.ip_fragments(16500) == 12


def test_bad_parameters_are_refused():
    spec = load_chapter("sharp")
    with pytest.raises(ParameterError, match="p_spike"):
        spec.resolve({"p_spike": 0.03})
    with pytest.raises(ParameterError, match="warmup_frames"):
        spec.resolve({"warmup_frames": 2000, "frames_per_replication": 1500})
    with pytest.raises(ParameterError, match="background_load"):
        spec.resolve({"background_load": 1.2})
    with pytest.raises(ParameterError, match="sink_policy"):
        spec.resolve({"sink_policy": "oldest"})


GOLDEN_E2E_MEAN = 43.20571622335999  # computed by the code at commit time, then frozen
