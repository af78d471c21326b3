"""Tests of the Sharp & Todirica Ciw model (lib/mmstudies/sharp/model.py) and its agreement
with the exact recursion (lib/mmstudies/sharp/analytic.py)."""

import math

import ciw
import numpy as np
import pandas as pd
import pytest

from mmperf.data import load_table
from mmstudies import sharp
from mmstudies.sharp import model as sharp_model
from mmstudies.sharp.analytic import SpikedGamma
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


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session): stage times drawn by hand, and the newest-frame sink's records and Ciw's counts on
# the hand cases above (frames every 20 ms, 1 ms network, a 50 ms sink).

def _constant(value):
    """A SpikedGamma that always draws ``value`` (a gamma of scale 0, no spikes)."""
    return SpikedGamma(shift=value, shape=1.0, scale=0.0, p_spike=0.0, spike_low=0.0, spike_high=1.0)


def test_stage_times_are_stretched_on_the_cpu_stages_only():
    """Stream layer 0.5 ms (both ends), network 10, decoding 20, presentation 13. Without a background load the
    measured condition holds (no stretch); at load 0.55 against a measured 0.2 the CPU stages run
    (1 - 0.2) / (1 - 0.55) = 16/9 times slower and the network keeps its 10 ms."""
    dists = {"sl": _constant(0.5), "net": _constant(10.0), "dec": _constant(20.0), "pres": _constant(13.0)}
    plain = sharp.sample_stage_times(dists, 3, seed=1)
    assert {k: v.tolist() for k, v in plain.items()} == {"sl_src": [0.5] * 3, "net": [10.0] * 3, "sl_dst": [0.5] * 3,
                                                         "dec": [20.0] * 3, "pres": [13.0] * 3}
    s = 0.8 / 0.45
    loaded = sharp.sample_stage_times(dists, 2, seed=1, background_load=0.55, measured_load=0.2)
    expected = {"sl_src": 0.5 * s, "net": 10.0, "sl_dst": 0.5 * s, "dec": 20.0 * s, "pres": 13.0 * s}
    assert {k: v.tolist() for k, v in loaded.items()} == {k: [pytest.approx(x, rel=1e-12)] * 2 for k, x in expected.items()}


def test_stage_times_are_drawn_from_the_seed_stage_by_stage():
    """One generator, default_rng(seed), draws the stages in the order sl_src, net, sl_dst, dec, pres."""
    d = {k: SpikedGamma(1.0, 2.0, 0.5 + i, 0.1, 5.0, 6.0) for i, k in enumerate(("sl", "net", "dec", "pres"))}
    rng = np.random.default_rng(9)
    expected = {stage: d[src].sample(rng, 4) for stage, src in (("sl_src", "sl"), ("net", "net"), ("sl_dst", "sl"),
                                                                   ("dec", "dec"), ("pres", "pres"))}
    got = sharp.sample_stage_times(d, 4, seed=9)
    assert list(got) == list(expected) and all(np.array_equal(got[k], expected[k]) for k in expected)
    assert not np.array_equal(sharp.sample_stage_times(d, 4, seed=10)["net"], got["net"])


def _with_records(monkeypatch, times, period, **kwargs):
    """run_pipeline's frame table and the Ciw records it was made from."""
    seen = {}
    real = sharp_model.simulate

    def spy(network, **kw):
        seen["records"] = real(network, **kw)
        return seen["records"]

    monkeypatch.setattr(sharp_model, "simulate", spy)
    frames = sharp.run_pipeline(times, frame_period=period, **kwargs)
    return frames, seen["records"].set_index(["id_number", "record_type", "node"]).sort_index()


def test_a_superseded_frame_gets_a_renege_record_at_the_sink(monkeypatch):
    """Frame 2 reaches the sink at 41, waits behind frame 1 (in service 21-71), and is dropped at 61 when frame 3
    arrives: its record says so (waited 20 ms, left at 61, to the exit, nothing served), and the sink then holds
    frame 1 and frame 3: frame 3 finds one frame there (after the drop), frame 4 (at 81) one (frame 3, in service
    71-121)."""
    t = sharp.deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0, "pres": 0.0}, 4)
    frames, rec = _with_records(monkeypatch, t, 20.0)
    drop = rec.loc[(2, "renege", 4)]
    assert (drop["customer_class"], drop["original_customer_class"]) == ("Customer", "Customer")
    assert (drop["arrival_date"], drop["waiting_time"], drop["exit_date"], drop["destination"]) == (41.0, 20.0, 61.0, -1)
    assert drop["queue_size_at_arrival"] == 1
    assert all(np.isnan(drop[c]) for c in ("service_start_date", "service_time", "service_end_date", "time_blocked",
                                           "queue_size_at_departure", "server_id"))
    sink = rec.xs(("service", 4), level=("record_type", "node"))
    assert sink["queue_size_at_arrival"].to_dict() == {1: 0, 3: 1, 4: 1}
    assert frames.loc[frames["fate"] == "dropped", "arrive_sink"].tolist() == [41.0]


def test_a_frame_older_than_one_accepted_is_dropped_on_arrival(monkeypatch):
    """Frame 2's network takes 30 ms: it reaches the sink at 70, after frame 3 (61), which waits behind frame 1:
    frame 2 is dropped at once (arrival 70, no wait, the sink holding two frames), frame 3 is shown 71-121."""
    t = sharp.deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0, "pres": 0.0}, 3)
    t["net"] = np.array([1.0, 30.0, 1.0])
    frames, rec = _with_records(monkeypatch, t, 20.0)
    assert list(frames["fate"]) == ["shown", "dropped", "shown"]
    np.testing.assert_allclose(frames["display"].to_numpy(), [71.0, np.nan, 121.0])
    drop = rec.loc[(2, "renege", 4)]
    assert (drop["arrival_date"], drop["waiting_time"], drop["exit_date"], drop["queue_size_at_arrival"]) == \
        (70.0, 0.0, 70.0, 2)
    assert frames.loc[1, "arrive_sink"] == 70.0


def test_dropped_frames_leave_uncompleted_and_the_sink_ends_empty():
    """Ciw's own counts on the first hand case: four frames reach the exit, three of them completed (frame 2 was
    dropped at 61, its exit date); the sink holds nobody at the end."""
    t = sharp.deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0, "pres": 0.0}, 4)
    ciw.seed(0)
    sim = ciw.Simulation(sharp_model.build_network(t, 20.0, 4),
                         node_class=[ciw.Node, ciw.Node, ciw.Node, sharp_model.NewestFrameNode])
    sim.simulate_until_max_time(500.0)
    done = sim.nodes[-1]
    assert (done.number_of_individuals, done.number_of_completed_individuals) == (4, 3)
    assert {ind.id_number: ind.exit_date for ind in done.all_individuals}[2] == 61.0
    assert sim.nodes[4].number_of_individuals == 0 and sim.nodes[4].newest_accepted == 4
    (drop,) = [r for r in sim.get_all_records() if r.record_type == "renege"]     # floats, NaN where nothing happened
    unset = (drop.service_start_date, drop.service_time, drop.service_end_date, drop.time_blocked,
             drop.queue_size_at_departure, drop.server_id)
    assert all(isinstance(x, float) and math.isnan(x) for x in unset)


def test_serial_stream_layers_have_one_server_each():
    """A 30 ms stream layer (source side, then destination side) behind frames every 20 ms: frames queue there, one
    at a time. Captured at 20, 40, 60, served 20-50, 50-80, 80-110, 1 ms network, 5 ms sink: shown at 56, 86, 116,
    delays 36, 46, 56 ms (two servers would give 36 ms each)."""
    for slow in ("sl_src", "sl_dst"):
        means = {"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 5.0, "pres": 0.0, slow: 30.0}
        frames = sharp.run_pipeline(sharp.deterministic_stage_times(means, 3), frame_period=20.0)
        np.testing.assert_allclose(frames["e2e"].to_numpy(), [36.0, 46.0, 56.0])


def test_a_full_capture_queue_rejects_a_frame_with_the_default_capacity_of_ten():
    """Stream layer 30.5 ms, frames every 20 ms: the frames admitted are served back to back from 20, the i-th
    ending at 20 + 30.5 i. Frame k (at 20 k) finds k - 1 - floor((20 k - 20) / 30.5) frames there while none was
    rejected: 10 for frame 30 (29 - 19), 11 for frame 31 (30 - 19), which a queue of 10 behind one server
    rejects; frame 32 finds 30 - floor(620 / 30.5) = 10 and is admitted. With room for 11, none is rejected."""
    t = sharp.deterministic_stage_times({"sl_src": 30.5, "net": 1.0, "sl_dst": 0.0, "dec": 5.0, "pres": 0.0}, 32)
    fates = sharp.run_pipeline(t, frame_period=20.0)["fate"].tolist()
    assert fates == ["shown"] * 30 + ["rejected", "shown"]
    assert set(sharp.run_pipeline(t, frame_period=20.0, queue_capacity=11)["fate"]) == {"shown"}
    assert sharp_model.build_network(t, 20.0, 32).service_centres[0].queueing_capacity == 10


def test_one_frame_at_a_sub_millisecond_period_is_drained_and_recorded_from_time_zero():
    """One frame captured at 0.1 ms with 5 ms of stages: the run lasts (1 + 2) x 0.1 + 5 + 1 = 6.3 ms, past its
    display at 5.1 ms, and keeps the records from time 0 (the capture at 0.1 ms included); captured at 100 ms, the
    run lasts 306 ms."""
    t = sharp.deterministic_stage_times({"sl_src": 1.0, "net": 2.0, "sl_dst": 0.5, "dec": 1.0, "pres": 0.5}, 1)
    frames = sharp.run_pipeline(t, frame_period=0.1)
    assert frames["fate"].tolist() == ["shown"]
    assert (frames.loc[0, "sl_src_arrive"], frames.loc[0, "display"]) == (pytest.approx(0.1), pytest.approx(5.1))
    slow = sharp.run_pipeline(t, frame_period=100.0)      # (1 + 2) x 100 + 5 + 1 = 306 ms, past the display at 105
    assert slow["fate"].tolist() == ["shown"] and slow.loc[0, "display"] == pytest.approx(105.0)


def test_an_unknown_sink_policy_is_refused_by_name():
    t = sharp.deterministic_stage_times(MEANS, 2)
    with pytest.raises(ValueError, match=r"^sink_policy must be one of \('newest', 'fifo'\), got 'lifo'$"):
        sharp.run_pipeline(t, frame_period=40.0, sink_policy="lifo")


def test_frame_table_of_records_made_by_hand():
    """Frame 1 passed all four nodes (captured 40, sink 52-85 after 2 ms waiting): shown, delay 45 ms; frame 2 is
    still between nodes 2 and 3 (in flight: no sink columns, no delay); frame 3 was rejected at the capture queue.
    Decoding and presentation times are kept for shown frames only, as floats (integer times too, even where every frame is shown)."""
    def rec(i, node, arrive, wait, service, kind="service"):
        return {"id_number": i, "node": node, "record_type": kind, "arrival_date": arrive, "waiting_time": wait,
                "service_time": service, "time_blocked": 0.0, "exit_date": arrive + wait + service}
    records = pd.DataFrame([rec(1, 1, 40.0, 0.0, 0.5), rec(1, 2, 40.5, 0.0, 10.0), rec(1, 3, 50.5, 0.0, 1.5),
                            rec(1, 4, 52.0, 2.0, 31.0), rec(2, 1, 80.0, 0.0, 0.5), rec(2, 2, 80.5, 0.0, 10.0),
                            rec(3, 1, 120.0, 0.0, 0.0, "rejection")])
    times = {"net": np.zeros(3), "dec": np.array([20.0, 21.0, 22.0]), "pres": np.array([11.0, 12.0, 13.0])}
    df = sharp_model.frame_table(records, times, 40.0)
    assert df["fate"].tolist() == ["shown", "in flight", "rejected"]
    assert df["capture"].tolist() == [40.0, 80.0, 120.0]
    np.testing.assert_array_equal(df["net_arrive"], [40.5, 80.5, np.nan])
    np.testing.assert_array_equal(df["net_service"], [10.0, 10.0, np.nan])
    np.testing.assert_array_equal(df["sl_dst_exit"], [52.0, np.nan, np.nan])
    np.testing.assert_array_equal(df["sink_blocked"], [0.0, np.nan, np.nan])
    np.testing.assert_array_equal(df["sink_start"], [54.0, np.nan, np.nan])
    np.testing.assert_array_equal(df["e2e"], [45.0, np.nan, np.nan])
    np.testing.assert_array_equal(df["dec"], [20.0, np.nan, np.nan])
    np.testing.assert_array_equal(df["pres"], [11.0, np.nan, np.nan])
    one = sharp_model.frame_table(records[records["id_number"] == 1], {"net": np.zeros(1), "dec": np.array([20]),
                                                                     "pres": np.array([11])}, 40.0)
    assert one["fate"].tolist() == ["shown"]
    assert (one["dec"].dtype, one["pres"].dtype) == (float, float) and one.loc[0, "dec"] == 20.0
