"""Tests of the Sharp & Todirica Ciw model (lib/mmstudies/sharp/model.py) and its agreement
with the exact recursion (lib/mmstudies/sharp/analytic.py)."""

import numpy as np
import pytest

from mmperf.data import load_table
from mmstudies import sharp
from mmstudies.sharp.experiments import frames_differ

MEANS = {"sl_src": 0.05, "net": 10.5, "sl_dst": 0.05, "dec": 19.5, "pres": 13.1}


@pytest.fixture(scope="module")
def paper():
    return sharp.stage_stats(load_table("sharp", "table1"))


def test_deterministic_stages_end_to_end_is_sum_of_stage_means():
    """No contention at 40 ms per frame (sink 32.6 ms): every delay is the sum 0.05 + 10.5 + 0.05 + 19.5 + 13.1."""
    frames = sharp.run_pipeline(sharp.deterministic_stage_times(MEANS, 50), frame_period=40.0)
    assert (frames["fate"] == "shown").all()
    np.testing.assert_allclose(frames["e2e"], 43.2, atol=1e-9)


def test_random_stages_without_contention_delay_is_each_frames_stage_sum(paper):
    """With a 200 ms period no frame waits (largest stage sum far below it), so each frame's delay equals
    its own drawn stage sum, exactly."""
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 1 / 1500), 3000, seed=3)
    frames = sharp.run_pipeline(times, frame_period=200.0)
    expected = sum(times[s] for s in sharp.PIPELINE_STAGES)
    np.testing.assert_allclose(frames["e2e"].to_numpy(), expected, atol=1e-9)


def test_newest_policy_never_shows_older_frame_after_newer(paper):
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 0.005), 1500, seed=5, background_load=0.35)
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
    assert set(counts.index) <= {"shown", "dropped", "rejected"}   # nothing left in flight
    assert counts.sum() == 800


@pytest.mark.parametrize("load,policy,period", [(0.30, "newest", 40.0), (0.10, "newest", 40.0),
                                                (0.10, "fifo", 40.0), (0.20, "fifo", 45.0)])
def test_recursion_equals_ciw_frame_by_frame_when_no_queue_fills(paper, load, policy, period):
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 0.002), 1500, seed=11, background_load=load)
    times["net"] = times["net"] * np.random.default_rng(2).uniform(0.5, 2.0, 1500)  # some re-ordering
    rec, peaks = sharp.pipeline_recursion(times, period, policy)
    assert sharp.exact_for_capacity(peaks, 10)
    ciw_frames = sharp.run_pipeline(times, frame_period=period, queue_capacity=10, sink_policy=policy)
    same, worst = frames_differ(ciw_frames, rec)
    assert same and worst < 1e-9


def test_recursion_flags_a_full_queue_where_ciw_blocks(paper):
    """Capacity 1 with the newest-frame sink: Ciw blocks a frame that finds one in service and one waiting,
    where the recursion would supersede. The recursion's peak (2) exceeds the capacity, and the two differ."""
    times = sharp.sample_stage_times(sharp.fit_stages(paper, 0.002), 1500, seed=13, background_load=0.35)
    rec, peaks = sharp.pipeline_recursion(times, 40.0, "newest")
    assert peaks["sink"] == 2 and not sharp.exact_for_capacity(peaks, 1)
    ciw_frames = sharp.run_pipeline(times, frame_period=40.0, queue_capacity=1, sink_policy="newest")
    assert frames_differ(ciw_frames, rec) != (True, 0.0)
    assert frames_differ(ciw_frames, rec)[1] > 1e-6 or not frames_differ(ciw_frames, rec)[0]


def test_hand_computed_newest_frame_case():
    """Frames every 20 ms (captured at 20, 40, 60, 80), 1 ms network, sink takes 50 ms: frame 1 is shown
    21-71; frame 2 (at 41) waits and is superseded by frame 3 (at 61), shown 71-121; frame 4 (at 81)
    waits and, with no newer frame, is shown 121-171."""
    t = sharp.deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0, "pres": 0.0}, 4)
    frames = sharp.run_pipeline(t, frame_period=20.0)
    assert list(frames["fate"]) == ["shown", "dropped", "shown", "shown"]
    np.testing.assert_allclose(frames["display"].to_numpy()[[0, 2, 3]], [71.0, 121.0, 171.0])


def test_hand_computed_fifo_case():
    """Same frames with a FIFO sink: all shown, back to back from 21: 71, 121, 171, 221."""
    t = sharp.deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0, "pres": 0.0}, 4)
    frames = sharp.run_pipeline(t, frame_period=20.0, sink_policy="fifo")
    np.testing.assert_allclose(frames["display"].to_numpy(), [71.0, 121.0, 171.0, 221.0])
    rec, peaks = sharp.pipeline_recursion(t, 20.0, "fifo")
    np.testing.assert_allclose(rec["display"].to_numpy(), [71.0, 121.0, 171.0, 221.0])
    assert peaks["sink"] == 2    # frame 3 (at 61) finds frame 1 in service and frame 2 waiting
