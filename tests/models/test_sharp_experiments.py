"""Tests of the replications, long runs and sweeps (lib/mmstudies/sharp/experiments.py)."""

import pytest

from mmperf.data import load_table
from mmstudies import sharp

COMMON = dict(p_spike=1 / 1500, frame_rate_fps=25.0, warmup_frames=20, seed=1, measured_load=0.10)


@pytest.fixture(scope="module")
def paper():
    return sharp.stage_stats(load_table("sharp", "table1"))


def test_checked_subset_runs_ciw_and_equals_the_recursion(paper):
    out = sharp.replicate_pipeline(background_load=0.10, queue_capacity=10, sink_policy="newest",
                                   frames_per_replication=500, replications=6, table1_stats=paper,
                                   ciw_checked=2, **COMMON)
    runs = out["runs"]
    assert list(runs["engine"]) == ["ciw", "ciw", "recursion", "recursion", "recursion", "recursion"]
    checked = runs[runs["checked"]]
    assert len(checked) == 2 and (checked["same_fate"] == 1.0).all() and (checked["max_abs_diff_ms"] < 1e-9).all()


def test_replications_where_queues_fill_run_through_ciw(paper):
    """Overload with capacity 1: the newest-frame sink meets a frame in service and one waiting, so every
    replication must run through Ciw, and none is reported as checked equal."""
    out = sharp.replicate_pipeline(background_load=0.35, queue_capacity=1, sink_policy="newest",
                                   frames_per_replication=500, replications=3, table1_stats=paper,
                                   ciw_checked=1, **COMMON)
    runs = out["runs"]
    assert runs["queues_can_fill"].all() and (runs["engine"] == "ciw").all() and not runs["checked"].any()


def test_sink_utilisation_matches_the_utilisation_law(paper):
    """Utilisation of the sink = mean (dec + pres) / period = 32.6 / 40 = 0.815 when nothing is dropped.

    Power: the sink time per frame has sd sqrt(1.57^2 + 1.5^2) = 2.17 ms, so the utilisation over
    5 x 1000 frames has sd 2.17 / 40 / sqrt(5000) = 0.00077. The tolerance 0.004 is 5.2 sd (a false alarm
    has probability below 1e-6) and a 5 % error in either rate (0.041) lies 53 sd outside it, so it is
    caught with power 1 - 1e-300."""
    runs = sharp.replicate_pipeline(background_load=0.10, queue_capacity=10, sink_policy="newest",
                                    frames_per_replication=1000, replications=5, table1_stats=paper,
                                    ciw_checked=1, **COMMON)["runs"]
    assert runs["sink_utilisation"].mean() == pytest.approx(0.815, abs=0.004)
    assert runs["dropped"].sum() == 0


def test_mean_delay_is_stage_sum_plus_waits(paper):
    """Little's decomposition: each shown frame's delay is its stage times plus its waits, so the mean delay
    equals the mean stage sum plus the mean wait (to rounding)."""
    runs = sharp.replicate_pipeline(background_load=0.10, queue_capacity=10, sink_policy="newest",
                                    frames_per_replication=800, replications=2, table1_stats=paper,
                                    ciw_checked=1, **COMMON)["runs"]
    for _, r in runs.iterrows():
        parts = sum(r[f"{s}_mean"] for s in ("sl_src", "net", "sl_dst", "dec", "pres")) + r["wait_mean"]
        assert r["e2e_mean"] == pytest.approx(parts, abs=1e-9)


def test_loss_rises_past_the_bound_beyond_saturation(paper):
    """Above the saturation load (0.2665 at 25 frames/s) the sink is offered more than it can do and is
    (almost) never idle, so it shows one frame per mean service time and drops 1 - 1/rho of them; at load
    0.35 rho = 32.6 * 0.9 / 0.65 / 40 = 1.1285, a loss of 0.1138. Power: over 20,000 frames the shown count's
    relative sd is (3.0 / 36.1) / sqrt(17,700) = 0.06 %, so the band of 0.005 is wide for noise and for an
    idle-time correction, while a 5 % error in the sink rate moves the loss by 0.04 and is caught. Well below
    saturation (load 0) loss stays under 1e-3."""
    sweep = sharp.loss_sweep(loads=[0.0, 0.35], p_spike=1 / 1500, frame_rate_fps=25.0, frames=20000, seed=3,
                             table1_stats=paper, measured_load=0.10, workers=1)
    assert sweep.loc[0, "loss_rate"] < 1e-3
    assert sweep.loc[1, "loss_rate"] == pytest.approx(1 - 1 / 1.1285, abs=0.005)
    assert sharp.first_load_over(sweep, 1e-3) == 0.35


# ----------------------------------------------------------------------------- the chapter's steps
import math  # noqa: E402

import pandas as pd  # noqa: E402

from mmstudies.sharp import experiments  # noqa: E402
from mmstudies.sharp.config import StageStats, load_inputs  # noqa: E402


class FakeChapter:
    """Just the chapter record the steps write to."""

    def __init__(self):
        self.metrics, self.units, self.undefined_metrics, self.warnings, self.glued = {}, {}, {}, [], {}

    def metric(self, name, value, unit=""):
        value = float(value)
        assert math.isfinite(value), name
        self.metrics[name] = value
        if unit:
            self.units[name] = unit
        return value

    def undefined(self, name, reason):
        self.undefined_metrics[name] = reason
        return math.nan

    def warn(self, what, why):
        self.warnings.append((what, why))

    def glue(self, name, value):
        self.glued[name] = value
        return value


def _params(**changes):
    return {"frame_rate_fps": 25.0, "background_load": 0.1, "queue_capacity": 10, "sink_policy": "newest",
            "p_spike": 0.000667, "frames_per_replication": 1500, "warmup_frames": 25, "replications": 100,
            "ciw_checked_replications": 5, "long_run_frames": 2000000, "sweep_frames": 200000,
            "one_way_limit_ms": 150.0, "seed": 1} | changes


def test_start_at_the_papers_setting_is_stable():
    """Sink mean 19.5 + 13.1 = 32.6 ms per 40 ms frame at the measured load: offered 0.815; saturation where
    32.6 x 0.9 / (1 - L) = 40, L = 1 - 0.9 x 32.6 / 40 = 0.2665."""
    ch = FakeChapter()
    r = experiments.start(ch, _params())
    assert r.unstable is None and ch.warnings == []
    assert ch.metrics["offered_sink_utilisation"] == pytest.approx(0.815)
    assert ch.metrics["load_at_saturation"] == pytest.approx(0.2665)
    assert ch.glued["frame_period_ms"] == 40.0 and ch.glued["paper_frame_kbytes"] == 16.5


def test_start_with_an_overloaded_fifo_sink_has_no_steady_state():
    """60 frames/s: 32.6 / 16.67 = 1.956 of the sink's capacity, and 32.6 x 0.9 > 16.67 at every load."""
    ch = FakeChapter()
    r = experiments.start(ch, _params(frame_rate_fps=60.0, sink_policy="fifo"))
    assert ch.metrics["offered_sink_utilisation"] == pytest.approx(1.956)
    assert r.unstable == ("station sink t6 is offered utilisation 1.956 >= 1: its queue grows with the run, so "
                          "delays through it have no steady-state mean")
    assert [w[0] for w in ch.warnings] == ["station sink t6 has no steady state", "No saturation load"]
    assert "load_at_saturation" in ch.undefined_metrics and "load_at_saturation" not in ch.metrics
    newest = FakeChapter()
    assert experiments.start(newest, _params(frame_rate_fps=60.0)).unstable is None   # drops frames instead
    assert newest.warnings[0][0] == "Sink overloaded"


def test_stations_are_the_four_nodes_with_the_sink_bounded_only_by_the_newest_frame_policy():
    """Rates per ms at 25 frames/s: 0.025 arrivals; Stream Layer 1 / 0.05 = 20 -> utilisation 0.00125; the sink
    1 / 32.6 -> 0.025 x 32.6 = 0.815; the network a pure delay (utilisation 0)."""
    from mmstudies.sharp.config import load_inputs

    s = experiments.stations(_params(), load_inputs())
    assert [x.name for x in s] == list(experiments.STATIONS)
    assert [round(x.utilisation, 5) for x in s] == [0.00125, 0.0, 0.00125, 0.815]
    assert s[3].bounded and not experiments.stations(_params(sink_policy="fifo"), load_inputs())[3].bounded


def test_side_by_side_sets_each_table1_row_beside_ours():
    paper = {k: StageStats(1.0, 3.0, 2.0, 0.5) for k in ("sl", "net", "dec", "pres", "e2e")}
    m = pd.Series({f"{s}_{c}": float(i) for i, s in enumerate(("sl_src", "net", "dec", "pres", "e2e"))
                   for c in ("min", "mean", "max", "sd")})
    t = experiments.side_by_side(paper, m, None)
    assert list(t["stage"]) == ["Stream layer", "Network transmission", "Video decoding", "Video presentation",
                                "End-to-end video"]
    assert list(t["role"]) == ["input (target)"] * 4 + ["mean, sd: the inputs' sums; min, max: the model's"]
    assert list(t["mean: ours"]) == [0.0, 1.0, 2.0, 3.0, 4.0] and set(t["sd: paper"]) == {0.5}
    assert math.isnan(experiments.side_by_side(paper, m, "unstable").loc[4, "max: ours"])


def test_overload_load_is_just_past_saturation_within_bounds():
    assert experiments.overload_load(0.2665, 0.1) == 0.3       # 0.2665 + 0.035 = 0.3015 -> 0.30
    assert experiments.overload_load(0.88, 0.1) == 0.9         # capped at 0.9
    assert experiments.overload_load(0.0, 0.2) == 0.2          # no saturation load: the run's own load


def test_trace_times_from_figure_8s_events():
    """Video source at 560 and 600 ms, video in at 581 and 621: round trip 21 ms, period 40 ms; the sink is
    busy from 581 to the second release at 613.5: 32.5 ms; audio from 567 to 632 in six gaps: 65 / 6 ms."""
    t = experiments.trace_times(load_inputs().events)
    assert t == {"rtt": 21.0, "busy": 32.5, "video_period": 40.0, "audio_gap": pytest.approx(65 / 6)}


def test_budget_parts_add_up_to_the_limit():
    """Table 1: 0.05 + 10.5 + 19.5 + 13.1 = 43.15 ms itemised of 44.4; 400 km at 5 us/km = 2 ms of propagation."""
    paper = load_inputs().paper
    parts = experiments.paper_budget(paper, 2.0, 43.15, 150.0)
    assert parts["network: hosts, routers, reflector"] == pytest.approx(8.5)
    assert parts["not itemised in Table 1"] == pytest.approx(1.25)
    assert sum(parts.values()) == pytest.approx(150.0)
    assert experiments.paper_budget(paper, 2.0, 43.15, 40.0)["margin to the limit"] == 0.0


def _budget_run(unstable=None):
    m = pd.Series({"sl_src_mean": 0.05, "sl_dst_mean": 0.05, "net_mean": 10.5, "wait_mean": 0.0, "dec_mean": 19.5,
                   "pres_mean": 13.1, "e2e_mean": 43.2, "e2e_p99": 140.0})
    r = experiments.start(FakeChapter(), _params())
    r.S = pd.DataFrame({"mean": m})
    r.unstable, r.e2e_mean, r.e2e_p99, r.paper_stage_sum = unstable, 43.2, 149.0, 43.15
    return r


def test_budget_margins_and_distances():
    """Mean 43.2 ms: margin 106.8 ms, which fibre at 5 us/km uses up 21,360 km beyond the measured 400 km;
    the 99th percentile 149 ms leaves 1 ms: 200 km more, 600 km."""
    ch, r = FakeChapter(), _budget_run()
    experiments.budget(ch, r)
    assert ch.metrics["propagation_measured_ms"] == 2.0
    assert ch.metrics["margin_ms"] == pytest.approx(106.8) and ch.metrics["margin_p99_ms"] == pytest.approx(1.0)
    assert ch.metrics["max_distance_km"] == pytest.approx(21760.0)
    assert ch.metrics["max_distance_p99_km"] == pytest.approx(600.0)
    assert ch.metrics["sink_share"] == pytest.approx(32.6 / 43.2)
    assert ch.metrics["middleware_share"] == pytest.approx(0.1 / 43.2)
    assert r.ours_parts["margin to the limit"] == pytest.approx(150.0 - 43.2)
    assert ch.glued["sharp_budget_sentence"].endswith("at a separation of about 600 km. ")


def test_budget_limit_missed_is_undefined_and_warned():
    """151 ms at 400 km misses the limit there (no margin) but meets it at 400 - 1 / 0.005 = 200 km; 153 ms
    needs 400 - 3 / 0.005 = -200 km: missed at any distance."""
    ch, r = FakeChapter(), _budget_run()
    r.e2e_p99 = 151.0
    experiments.budget(ch, r)
    assert "margin_p99_ms" in ch.undefined_metrics and ch.metrics["max_distance_p99_km"] == pytest.approx(200.0)
    assert ch.warnings == []
    ch, r = FakeChapter(), _budget_run()
    r.e2e_p99 = 153.0
    experiments.budget(ch, r)
    assert "margin_p99_ms" in ch.undefined_metrics and "max_distance_p99_km" in ch.undefined_metrics
    assert ch.warnings == [("Limit missed at any distance", "the 99th percentile delay (153.0 ms) exceeds the "
                            "150 ms limit even with the sites side by side")]
    assert ch.glued["sharp_budget_sentence"].endswith("The 99th percentile delay misses the 150 ms limit at any "
                                                      "distance. ")


def test_budget_without_steady_state_reports_nothing_of_ours():
    ch, r = FakeChapter(), _budget_run(unstable="no steady state")
    experiments.budget(ch, r)
    assert r.ours_parts is None and set(ch.metrics) == {"propagation_measured_ms"}
    assert set(ch.undefined_metrics) == {"margin_ms", "margin_p99_ms", "max_distance_km", "max_distance_p99_km",
                                         "middleware_share", "sink_share"}
    assert ch.glued["sharp_budget_sentence"] == "In this run the budget is not computed: no steady state."


def test_paper_arithmetic():
    """3.30 Mbit/s / 8 / 25 = 16,500 bytes; 16,508 bytes of UDP datagram in 1480-byte fragments: 12;
    670 kbit/s over 10 ms = 837.5 bytes; CD mono 44.1 kHz x 16 bit = 705.6 kbit/s."""
    ch = FakeChapter()
    r = experiments.start(FakeChapter(), _params())
    experiments.paper_arithmetic(ch, r)
    assert ch.metrics == {"frame_bytes": pytest.approx(16500.0), "ip_fragments_frame": 12.0,
                          "audio_bytes_per_period": 837.5, "cd_mono_kbps": pytest.approx(705.6)}
    assert r.arithmetic["frags"] == 12.0


@pytest.mark.parametrize("loss, first, metric", [
    ((0.0, 0.0, 0.0), None, None),              # no load passes the bound: undefined, outside the grid
    ((0.01, 0.02, 0.03), None, None),           # loss above the bound at load 0: no margin
    ((0.0, 0.0005, 0.002), 0.3, 0.3),           # the third load is the first above
])
def test_load_sweep_reports_the_first_load_over_the_bound_or_why_not(monkeypatch, loss, first, metric):
    sweep = pd.DataFrame({"background_load": [0.0, 0.1, 0.3], "loss_rate": list(loss), "exact": [True] * 3})
    monkeypatch.setattr(experiments, "cached", lambda func, **kw: sweep)
    ch = FakeChapter()
    r = experiments.start(FakeChapter(), _params())
    experiments.load_sweep(ch, r)
    if metric is None:
        assert "load_at_loss_bound" in ch.undefined_metrics
        assert ch.warnings[0][0] == "Answer outside the search grid"
        assert ch.glued["sharp_cliff_sentence"].startswith("In this run ")
    else:
        assert ch.metrics["load_at_loss_bound"] == metric and ch.warnings == []
        assert ch.glued["sharp_cliff_sentence"].startswith("Loss first passes 0.001 at a background load of 0.300")


def test_frame_loss_counts_dropped_and_rejected_and_refuses_an_inexact_long_run(monkeypatch):
    long = pd.DataFrame({"frames": [1000, 1000], "dropped": [1, 0], "late": [2, 0], "exact": [True, False]})
    monkeypatch.setattr(experiments, "cached", lambda func, **kw: long)
    r = experiments.start(FakeChapter(), _params())
    r.runs = pd.DataFrame({"dropped": [1, 0], "rejected": [0, 2], "late_rate": [0.002, 0.0], "frames": [1500, 1500]})
    ch = FakeChapter()
    experiments.frame_loss(ch, r)
    assert (r.lost, r.late, r.n_frames) == (3, 3, 3000)
    assert ch.metrics["loss_reps"] == pytest.approx(0.001)
    assert ch.metrics["long_run_hours"] == pytest.approx(2000 * 40 / 3.6e6)
    assert {"loss_long", "loss_long_upper", "late_rate_long"} <= set(ch.undefined_metrics)
    assert ch.warnings[0][0] == "Long run not exact"
    assert "A longer run" not in ch.glued["sharp_loss_sentence"]


# -- added from the mutation run (2026-11-27, part B) -------------------------------------------

def _inputs(**changes):
    """The study's inputs with some fields changed (a what-if of the measured reference load, say)."""
    import dataclasses

    return dataclasses.replace(load_inputs(), **changes)


def test_start_hands_the_stations_check_and_the_text_the_runs_own_values(monkeypatch):
    """A chapter record with ``stations`` gets the four stations' checks (and start warns nothing itself); the prose
    gets the sink's 19.5 + 13.1 = 32.6 ms; the overload warning is asked with the offered 0.815 and the run's policy."""
    from mmperf import steady
    from mmstudies.sharp import text

    asked = []
    monkeypatch.setattr(text, "sink_overload_warning", lambda offered, policy: asked.append((offered, policy)))

    class StationsChapter(FakeChapter):
        def stations(self, checks):
            self.checks = checks

    ch = StationsChapter()
    r = experiments.start(ch, _params(sink_policy="fifo"))
    assert ch.checks == steady.check_stations(experiments.stations(_params(sink_policy="fifo"), load_inputs()))
    assert [c.station for c in ch.checks] == list(experiments.STATIONS) and ch.warnings == []
    assert ch.glued["paper_sink_mean"] == pytest.approx(32.6) and r.sink_mean == pytest.approx(32.6)
    assert asked == [(pytest.approx(0.815), "fifo")]


def test_start_at_another_measured_load_uses_it_everywhere():
    """Measured at load 0.2 instead of 0.1: the stretch at the run's 0.1 is 0.8 / 0.9, so the sink is offered
    32.6 x 0.8 / 0.9 / 40 = 0.72444 and saturates where 0.8 x 32.6 / (1 - L) = 40: L = 1 - 0.652 = 0.348. The
    stations: sink 0.025 x 32.6 x 0.8 / 0.9 = 0.72444, Stream Layer 0.025 x 0.05 x 0.8 / 0.9 = 0.00111."""
    inp = _inputs(reference_load=0.2)
    ch = FakeChapter()
    r = experiments.start(ch, _params(), inp)
    assert ch.metrics == {"offered_sink_utilisation": pytest.approx(32.6 * 0.8 / 0.9 / 40),
                          "load_at_saturation": pytest.approx(0.348)}
    assert r.offered_util == ch.metrics["offered_sink_utilisation"] and r.sat_load == pytest.approx(0.348)
    assert ch.glued["reference_load"] == 0.2 and ch.warnings == []
    assert [round(x.utilisation, 5) for x in experiments.stations(_params(), inp)] == [0.00111, 0.0, 0.00111, 0.72444]


def test_stations_stretch_the_service_times_by_the_background_load():
    """At background load 0.3 (measured at 0.1) every CPU-bound time is stretched by 0.9 / 0.7 = 9 / 7: the sink is
    offered 0.025 x 32.6 x 9 / 7 = 1.04786 and the Stream Layer 0.025 x 0.05 x 9 / 7 = 0.00161; the network stays a
    pure delay."""
    s = experiments.stations(_params(background_load=0.3), load_inputs())
    assert [x.utilisation for x in s] == [pytest.approx(0.025 * 0.05 * 9 / 7), 0.0, pytest.approx(0.025 * 0.05 * 9 / 7),
                                          pytest.approx(0.025 * 32.6 * 9 / 7)]
    assert [x.service_rate for x in s] == [pytest.approx(7 / 9 / 0.05), math.inf, pytest.approx(7 / 9 / 0.05),
                                           pytest.approx(7 / 9 / 32.6)]


def test_start_without_a_saturation_load_says_why_in_full():
    """60 frames/s with a FIFO sink: offered 32.6 x 60 / 1000 = 1.956, and 0.9 x 32.6 > 16.67 ms at every load."""
    ch = FakeChapter()
    experiments.start(ch, _params(frame_rate_fps=60.0, sink_policy="fifo"))
    assert ch.warnings == [
        ("station sink t6 has no steady state", "station sink t6 is offered utilisation 1.956 >= 1: its queue grows "
         "with the run, so delays through it have no steady-state mean"),
        ("No saturation load", "the sink's mean time exceeds the frame period at every background load")]
    assert ch.undefined_metrics == {"load_at_saturation": "at 60 frames/s the sink is saturated even with no "
                                                          "background load"}


def test_start_a_sink_saturated_exactly_at_no_load_has_no_saturation_load():
    """Measured at load 0.5, the sink's 32.6 ms take 32.6 x 0.5 = 16.3 ms at no load, exactly the period at
    1000 / 16.3 frames/s: the saturation load is 0, which is no load to report."""
    ch = FakeChapter()
    r = experiments.start(ch, _params(frame_rate_fps=1000 / 16.3), _inputs(reference_load=0.5))
    assert r.sat_load == 0.0 and "load_at_saturation" not in ch.metrics
    assert ch.undefined_metrics == {"load_at_saturation": "at 61.3497 frames/s the sink is saturated even with no "
                                                          "background load"}
    assert ch.warnings[-1] == ("No saturation load", "the sink's mean time exceeds the frame period at every "
                               "background load")


def test_start_joins_the_reasons_of_every_unsteady_station(monkeypatch):
    """Two unbounded stations offered 2 and 3 times their capacity: the run's reason names both, joined by '; '."""
    from mmperf import steady

    two = [steady.Station("a", 2.0, 1.0), steady.Station("b", 3.0, 1.0)]
    monkeypatch.setattr(experiments, "stations", lambda params, inputs: two)
    r = experiments.start(FakeChapter(), _params())
    a, b = (steady.check_station(s).reason for s in two)
    assert r.unstable == f"{a}; {b}" and a.startswith("station a is offered utilisation 2.000 >= 1")


def _budget_units():
    return {"propagation_measured_ms": "ms", "margin_ms": "ms", "margin_p99_ms": "ms", "max_distance_km": "km",
            "max_distance_p99_km": "km"}


def test_budget_sentence_units_and_papers_parts_in_full():
    """Mean 43.2 ms: 106.8 ms of margin, used up at 400 + 106.8 x 200 = 21,760 km, beyond the measured 400 km (so the
    sentence adds that distance is not the software's limit); the 99th percentile 149 ms: 600 km."""
    from mmstudies.sharp import text

    ch, r = FakeChapter(), _budget_run()
    experiments.budget(ch, r)
    assert ch.units == _budget_units()
    assert r.paper_parts == experiments.paper_budget(load_inputs().paper, 2.0, 43.15, 150.0)
    assert ch.glued["sharp_budget_sentence"] == (
        text.budget_shares_sentence(sink_share=32.6 / 43.2, middleware_share=0.1 / 43.2, distance_km=400.0,
                                    prop_ms=2.0, net_mean=10.5)
        + "Against a 150 ms limit the margin on the mean is 107 ms, which propagation alone would use up at a "
          "separation of about 21,760 km. "
        + "For distance, the software is not the limit at these parameters; longer routes through more routers, and "
          "the jitter they add, would be. "
        + "Against a 150 ms limit the margin on the 99th percentile is 1 ms, which propagation alone would use up at "
          "a separation of about 600 km. ")


def test_budget_at_the_edges_of_the_limit():
    """Mean exactly 150 ms: no margin (undefined), the limit met at exactly the measured 400 km (a distance, but not
    beyond 400 km: no sentence on distance); 99th percentile 152 ms: 400 - 2 x 200 = 0 km, missed at any distance.
    Then the 99th percentile at 151.999 ms: 400 - 1.999 x 200 = 0.2 km, still a distance."""
    ch, r = FakeChapter(), _budget_run()
    r.e2e_mean, r.e2e_p99 = 150.0, 152.0
    experiments.budget(ch, r)
    why = "the 99th percentile delay (152.0 ms) exceeds the 150 ms limit even with the sites side by side"
    assert ch.undefined_metrics == {"margin_ms": "the mean delay exceeds the 150 ms limit",
                                    "margin_p99_ms": "the 99th percentile delay exceeds the 150 ms limit",
                                    "max_distance_p99_km": why}
    assert ch.metrics["max_distance_km"] == 400.0 and ch.warnings == [("Limit missed at any distance", why)]
    assert ch.units == {"propagation_measured_ms": "ms", "max_distance_km": "km"}
    assert ch.glued["sharp_budget_sentence"].endswith(
        "Against a 150 ms limit the margin on the mean is 0 ms, which propagation alone would use up at a separation "
        "of about 400 km. The 99th percentile delay misses the 150 ms limit at any distance. ")
    ch, r = FakeChapter(), _budget_run()
    r.e2e_p99 = 151.999
    experiments.budget(ch, r)
    assert ch.metrics["max_distance_p99_km"] == pytest.approx(0.2) and ch.warnings == []


def test_budget_without_steady_state_gives_the_reason_for_each():
    ch, r = FakeChapter(), _budget_run(unstable="no steady state")
    experiments.budget(ch, r)
    assert ch.undefined_metrics == {n: "no steady state" for n in ("margin_ms", "margin_p99_ms", "max_distance_km",
                                                                   "max_distance_p99_km", "middleware_share",
                                                                   "sink_share")}
    assert ch.units == {"propagation_measured_ms": "ms"}
    assert r.paper_parts == experiments.paper_budget(load_inputs().paper, 2.0, 43.15, 150.0)


def test_paper_budget_names_every_part():
    """Table 1: stream layer 0.05, network 10.5 of which 2 ms propagation, decoding 19.5, presentation 13.1;
    44.4 - 43.15 = 1.25 ms not itemised; 150 - 44.4 = 105.6 ms of margin."""
    assert experiments.paper_budget(load_inputs().paper, 2.0, 43.15, 150.0) == {
        "stream layer (both sides)": 0.05, "network: propagation": 2.0,
        "network: hosts, routers, reflector": pytest.approx(8.5), "video decoding": 19.5, "video presentation": 13.1,
        "not itemised in Table 1": pytest.approx(1.25), "margin to the limit": pytest.approx(105.6)}


def test_first_load_over_is_strictly_over_the_bound():
    sweep = pd.DataFrame({"background_load": [0.0, 0.1, 0.2], "loss_rate": [0.0, 0.001, 0.002]})
    assert experiments.first_load_over(sweep, 0.001) == 0.2


def test_frame_loss_long_run_hours_exactly(monkeypatch):
    """90,000 frames of 40 ms are 3,600,000 ms: one hour."""
    long = pd.DataFrame({"frames": [45000, 45000], "dropped": [0, 0], "late": [0, 0], "exact": [True, True]})
    monkeypatch.setattr(experiments, "cached", lambda func, **kw: long)
    r = experiments.start(FakeChapter(), _params())
    r.runs = pd.DataFrame({"dropped": [0, 0], "rejected": [0, 0], "late_rate": [0.0, 0.0], "frames": [1500, 1500]})
    ch = FakeChapter()
    experiments.frame_loss(ch, r)
    assert ch.metrics["long_run_hours"] == 1.0 and ch.units["long_run_hours"] == "h"


def test_loss_grid_rounds_to_four_places_and_adds_loads_at_saturation_zero():
    """At 20 ms per frame the sink (32.61 ms) is saturated at every load: 0, the measured 0.10004 to four places
    (0.1), 0.2 and 0.4. At 100 ms, saturation 1 - 0.9 x 0.3261 = 0.70651, every point to four places. Measured at
    0.5, a 40 ms sink over a 20 ms period saturates at exactly 0: the clamped offsets 0, 0.015, 0.03, 0.06, the
    measured 0.5, and 0.2 and 0.4 as for a sink saturated at every load."""
    assert experiments.loss_grid(32.6, 20.0, 0.10004) == [0.0, 0.1, 0.2, 0.4]
    assert experiments.loss_grid(32.61, 100.0, 0.1) == [0.0, 0.1, 0.4065, 0.5065, 0.5865, 0.6265, 0.6565, 0.6765,
                                                         0.6915, 0.7065, 0.7215, 0.7365, 0.7665]
    assert experiments.loss_grid(40.0, 20.0, 0.5) == [0.0, 0.015, 0.03, 0.06, 0.2, 0.4, 0.5]


def test_max_queue_is_zero_when_nobody_waits_or_nobody_came():
    assert experiments.max_queue(pd.DataFrame({"x_arrive": [0.0, 5.0], "x_wait": [0.0, 0.0]}), "x") == 0
    assert experiments.max_queue(pd.DataFrame({"x_arrive": [math.nan], "x_wait": [math.nan]}), "x") == 0


def _fake_policy_demo(monkeypatch):
    calls = []
    fifo = pd.DataFrame({"fate": ["shown", "shown"], "e2e": [40.0, 90.0]})
    newest = pd.DataFrame({"fate": ["shown", "dropped"], "e2e": [40.0, math.nan]})

    def cached(func, **kw):
        calls.append(kw)
        return {"fifo": fifo, "newest": newest}

    monkeypatch.setattr(experiments, "cached", cached)
    return calls


def test_overload_of_a_sink_saturated_at_every_load_runs_at_the_runs_own_load(monkeypatch):
    """60 frames/s: no saturation load, so the demonstration runs at the run's 0.2, where the sink is offered
    32.6 x (0.9 / 0.8) x 60 / 1000 = 2.2005."""
    calls = _fake_policy_demo(monkeypatch)
    r = experiments.start(FakeChapter(), _params(frame_rate_fps=60.0, background_load=0.2))
    ch = FakeChapter()
    experiments.overload(ch, r)
    assert calls[0]["background_load"] == 0.2 and ch.metrics["overload_load"] == 0.2
    assert ch.metrics["overload_offered_utilisation"] == pytest.approx(2.2005)


def test_overload_at_another_measured_load(monkeypatch):
    """Measured at 0.2: saturation at 0.348, the demonstration at 0.348 + 0.035 = 0.383 -> 0.38, where the sink is
    offered 32.6 x (0.8 / 0.62) / 40 = 1.05161."""
    _fake_policy_demo(monkeypatch)
    r = experiments.start(FakeChapter(), _params(), _inputs(reference_load=0.2))
    ch = FakeChapter()
    experiments.overload(ch, r)
    assert ch.metrics["overload_load"] == 0.38
    assert ch.metrics["overload_offered_utilisation"] == pytest.approx(32.6 * 0.8 / 0.62 / 40)


def test_policy_demo_fits_the_stages_to_the_given_table(monkeypatch):
    got = []
    monkeypatch.setattr(experiments, "fit_stages", lambda stats, p: ("fitted", stats, p))
    monkeypatch.setattr(experiments, "sample_stage_times", lambda *a: got.append(a) or "times")
    monkeypatch.setattr(experiments, "run_pipeline", lambda times, **kw: kw["sink_policy"])
    experiments.policy_demo(p_spike=0.002, frame_rate_fps=25.0, background_load=0.3, queue_capacity=4, frames=90,
                            seed=11, table1_stats="paper", measured_load=0.1)
    assert got == [(("fitted", "paper", 0.002), 90, 11, 0.3, 0.1)]


# -- added from the mutation run (2026-11-26, fourth session) -----------------------------------

def _runs(**changes):
    """Two replications made by hand (the columns replicate_pipeline returns that the steps read)."""
    cols = {"replication": [0, 1], "engine": ["ciw", "recursion"], "queues_can_fill": [False, False],
            "checked": [True, False], "same_fate": [1.0, math.nan], "max_abs_diff_ms": [1e-12, math.nan],
            "frames": [1500.0, 1500.0], "e2e_mean": [40.0, 42.0], "e2e_sd": [3.0, 5.0], "e2e_min": [38.0, 39.0],
            "e2e_max": [60.0, 62.0], "e2e_p99": [50.0, 52.0], "wait_mean": [0.2, 0.4], "sink_wait_mean": [0.1, 0.3],
            "sink_utilisation": [0.8, 0.82], "delivered_fps": [25.0, 25.0],
            "max_queue_sl_src": [1.0, 2.0], "max_queue_sl_dst": [3.0, 0.0]}
    for st, mean in (("sl_src", 0.05), ("net", 10.5), ("sl_dst", 0.05), ("dec", 19.5), ("pres", 13.1)):
        cols |= {f"{st}_mean": [mean - 0.5, mean + 0.5], f"{st}_sd": [1.0, 3.0], f"{st}_min": [0.0, 0.0],
                 f"{st}_max": [2 * mean, 2 * mean]}
    return pd.DataFrame(cols | changes)


def _fake_cached(monkeypatch, runs, long_e2e):
    calls = []

    def cached(func, **kw):
        calls.append((func.__name__, kw))
        if kw["ciw_checked"] == 0:
            return {"runs": pd.DataFrame({"e2e_mean": long_e2e})}
        return {"runs": runs}

    monkeypatch.setattr(experiments, "cached", cached)
    return calls


T1 = 12.706204736   # t(0.975, 1 degree of freedom): two replications, sd sqrt(2) of (x, x + 2) -> half-width T1


def test_replications_record_engines_delays_and_table1_sums_by_hand(monkeypatch):
    """e2e means 40 and 42: mean 41, half-width T1; at twice the run 41.5 and 42.5: 42 +- T1 / 2, no drift.
    Stage means 0.05 + 10.5 + 0.05 + 19.5 + 13.1 = 43.2; Table 1's own: 43.15 of 44.4 (residual 1.25), independent
    sd sqrt(0.03^2 + 0.96^2 + 1.57^2 + 1.5^2) = 2.3743; the sink's 32.6 ms of 40."""
    from mmstudies.sharp import text

    calls = _fake_cached(monkeypatch, _runs(), [41.5, 42.5])
    r = experiments.start(FakeChapter(), _params())
    ch = FakeChapter()
    experiments.replications(ch, r)
    paper = load_inputs().paper
    assert calls[0] == ("replicate_pipeline", dict(
        p_spike=0.000667, frame_rate_fps=25.0, background_load=0.1, queue_capacity=10, sink_policy="newest",
        frames_per_replication=1500, warmup_frames=25, replications=100, seed=1, table1_stats=paper, measured_load=0.1,
        ciw_checked=5))
    assert calls[1] == ("replicate_pipeline", dict(
        p_spike=0.000667, frame_rate_fps=25.0, background_load=0.1, queue_capacity=10, sink_policy="newest",
        frames_per_replication=3000, warmup_frames=25, replications=20, seed=5001, table1_stats=paper,
        measured_load=0.1, ciw_checked=0))
    assert len(calls) == 2 and ch.warnings == [] and ch.undefined_metrics == {}
    expected = {"replications_by_recursion": 1, "replications_by_ciw": 1, "replications_checked_equal": 1,
                "e2e_mean_twice_length_ms": 42.0,
                "e2e_mean_ms": 41.0, "e2e_sd_ms": 4.0, "e2e_min_ms": 38.5, "e2e_max_ms": 61.0, "e2e_p99_ms": 51.0,
                "wait_mean_ms": 0.3, "sink_wait_mean_ms": 0.2, "e2e_mean_ci_ms": T1, "e2e_sd_ci_ms": T1,
                "sink_utilisation": 0.81, "sink_utilisation_ci": T1 / 100, "delivered_fps": 25.0,
                "sl_src_mean_ms": 0.05, "sl_src_sd_ms": 2.0, "net_mean_ms": 10.5, "net_sd_ms": 2.0,
                "sl_dst_mean_ms": 0.05, "sl_dst_sd_ms": 2.0, "dec_mean_ms": 19.5, "dec_sd_ms": 2.0,
                "pres_mean_ms": 13.1, "pres_sd_ms": 2.0, "stage_mean_sum_ms": 43.2, "paper_stage_mean_sum_ms": 43.15,
                "paper_residual_ms": 1.25, "paper_sd_independent_ms": 2.374321, "paper_sink_utilisation": 0.815,
                "max_queue_seen": 3.0, "frames_simulated": 3000.0}
    assert list(ch.metrics) == list(expected)
    assert ch.metrics == {k: pytest.approx(v, abs=1e-6) for k, v in expected.items()}
    assert {k for k, u in ch.units.items()} == {
        "e2e_mean_twice_length_ms", "e2e_mean_ms", "e2e_sd_ms", "e2e_min_ms", "e2e_max_ms", "e2e_p99_ms",
        "wait_mean_ms", "sink_wait_mean_ms", "e2e_mean_ci_ms", "e2e_sd_ci_ms", "delivered_fps", "sl_src_mean_ms",
        "sl_src_sd_ms", "net_mean_ms", "net_sd_ms", "sl_dst_mean_ms", "sl_dst_sd_ms", "dec_mean_ms", "dec_sd_ms",
        "pres_mean_ms", "pres_sd_ms"}
    assert set(ch.units.values()) == {"ms", "frames/s"} and ch.units["delivered_fps"] == "frames/s"
    assert ch.glued == {"sharp_engine_sentence": text.engine_sentence(
        n_runs=2, n_ciw=1, n_checked=1, n_equal=1, worst_ms=1e-12, ciw_checked=5, n_fill=0, queue_capacity=10)}
    assert (r.e2e_mean, r.e2e_p99, r.unstable) == (41.0, 51.0, None)
    assert (r.drift.short_mean, r.drift.long_mean, r.drift.drifts) == (41.0, 42.0, False)
    assert r.drift.half_width == pytest.approx(T1 * math.sqrt(1.25))
    assert r.S.loc["e2e_mean", "mean"] == 41.0 and r.runs.equals(_runs())
    assert list(r.ours_t1.index) == ["sl", "net", "dec", "pres", "e2e"] and list(r.ours_t1.columns) == ["min", "mean",
                                                                                                       "max"]
    assert r.ours_t1.loc["e2e"].tolist() == [38.5, 41.0, 61.0] and r.ours_t1.loc["net"].tolist() == [0.0, 10.5, 21.0]
    assert r.side.equals(experiments.side_by_side(paper, r.S["mean"], None))


def test_replications_of_an_overloaded_sink_whose_queue_fills_are_unstable(monkeypatch):
    """60 frames/s, newest-frame sink: offered 1.956 (start warns, no station unsteady); a replication whose queue
    fills makes the run unstable: every delay undefined, no run at twice the length."""
    calls = _fake_cached(monkeypatch, _runs(queues_can_fill=[True, False], checked=[False, False],
                                            same_fate=[math.nan, math.nan]), [0.0, 0.0])
    r = experiments.start(FakeChapter(), _params(frame_rate_fps=60.0))
    ch = FakeChapter()
    experiments.replications(ch, r)
    why = ("the sink is offered 1.96 of its capacity (at least 1) and its queue of 10 fills, so frames back up behind "
           "it (blocking) and every delay grows with the length of the run")
    assert len(calls) == 1 and r.unstable == why and r.drift is None
    assert ch.warnings == [("Sink unstable", why), ("Queues fill", "a bounded queue of 10 filled in 1 replications; "
                                                    "they ran through Ciw (blocking and rejected captures)")]
    assert ch.undefined_metrics == {n: why for n in ("e2e_mean_ms", "e2e_sd_ms", "e2e_min_ms", "e2e_max_ms",
                                                     "e2e_p99_ms", "wait_mean_ms", "sink_wait_mean_ms",
                                                     "e2e_mean_ci_ms", "e2e_sd_ci_ms")}
    assert math.isnan(r.e2e_mean) and math.isnan(r.e2e_p99) and "e2e_mean_twice_length_ms" not in ch.metrics
    assert ch.metrics["replications_checked_equal"] == 0 and ch.metrics["replications_by_ciw"] == 1
    assert math.isnan(r.ours_t1.loc["e2e", "mean"])


def test_replications_that_drift_or_disagree_are_warned(monkeypatch):
    """At twice the run 60 and 62 ms against 40 and 42: the difference 20 exceeds T1 * sqrt(2) = 17.97."""
    _fake_cached(monkeypatch, _runs(same_fate=[0.0, math.nan], max_abs_diff_ms=[2.5, math.nan]), [60.0, 62.0])
    r = experiments.start(FakeChapter(), _params())
    ch = FakeChapter()
    experiments.replications(ch, r)
    why = ("the end-to-end mean drifts with the run length (41 at the chapter's run length, 61 at twice it; the "
           "difference +20 exceeds its interval +-18): not a steady-state mean")
    assert r.unstable == why and ch.metrics["e2e_mean_twice_length_ms"] == 61.0
    assert ch.warnings == [("End-to-end delay drifts with the run length", why),
                           ("Recursion and Ciw disagree", "1 checked replications differ frame by frame")]
    assert ch.metrics["replications_checked_equal"] == 0 and ch.undefined_metrics["e2e_mean_ms"] == why
    from mmstudies.sharp import text

    assert ch.glued["sharp_engine_sentence"] == text.engine_sentence(
        n_runs=2, n_ciw=1, n_checked=1, n_equal=0, worst_ms=2.5, ciw_checked=5, n_fill=0, queue_capacity=10)


def test_stage_fits_glue_how_far_table1s_maxima_lie_above_the_means():
    """(max - mean) / sd: stream layer (0.13 - 0.05) / 0.03 = 2.667 (the lowest), network (20.1 - 10.5) / 0.96 = 10.0
    (the highest), decoding 6.05, presentation 9.4; a normal sample of 1500 frames would reach about 3.36."""
    from mmstudies.sharp.analytic import expected_max_normal

    ch = FakeChapter()
    table = experiments.stage_fits(ch, experiments.start(FakeChapter(), _params()))
    assert table["max in sd above mean"].tolist() == pytest.approx([8 / 3, 10.0, 9.5 / 1.57, 9.4])
    assert ch.glued == {"z_max_sample": expected_max_normal(1500), "z_max_low": pytest.approx(8 / 3),
                        "z_max_high": pytest.approx(10.0)}
    assert ch.glued["z_max_sample"] == pytest.approx(3.356, abs=1e-3)


def test_overload_runs_both_sinks_just_past_saturation_by_hand(monkeypatch):
    """Saturation at 0.2665: the demonstration at 0.30, where the sink is offered 32.6 x 0.9 / 0.7 / 40 = 1.0479."""
    calls = []
    fifo = pd.DataFrame({"fate": ["shown", "shown", "rejected", "shown"], "e2e": [40.0, 90.0, math.nan, 130.0]})
    newest = pd.DataFrame({"fate": ["shown", "dropped", "shown", "shown"], "e2e": [40.0, math.nan, 75.0, 50.0]})

    def cached(func, **kw):
        calls.append((func.__name__, kw))
        return {"fifo": fifo, "newest": newest}

    monkeypatch.setattr(experiments, "cached", cached)
    r = experiments.start(FakeChapter(), _params())
    ch = FakeChapter()
    experiments.overload(ch, r)
    assert calls == [("policy_demo", dict(p_spike=0.000667, frame_rate_fps=25.0, background_load=0.3, queue_capacity=10,
                                          frames=1500, seed=1, table1_stats=load_inputs().paper, measured_load=0.1))]
    assert ch.metrics == {"overload_load": 0.3, "overload_offered_utilisation": pytest.approx(32.6 * 0.9 / 0.7 / 40),
                          "overload_fifo_e2e_last_ms": 130.0, "overload_newest_e2e_max_ms": 75.0,
                          "overload_newest_loss": 0.25, "overload_fifo_loss": 0.25}
    assert ch.units == {"overload_fifo_e2e_last_ms": "ms", "overload_newest_e2e_max_ms": "ms"}
    assert (r.overload_load, r.policy["fifo"] is fifo) == (0.3, True)


def test_trace_records_figure_8_beside_the_models_means():
    """Figure 8: round trip 21 ms, t6 busy 32.5 ms, period 40 ms, audio gap 65 / 6 ms; the model's round trip
    sl_src + 2 net + sl_dst = 0.05 + 21 + 0.05 = 21.1 ms and its sink time 19.5 + 13.1 = 32.6 ms."""
    r = experiments.start(FakeChapter(), _params())
    r.S = pd.DataFrame({"mean": pd.Series({"sl_src_mean": 0.05, "net_mean": 10.5, "sl_dst_mean": 0.05,
                                           "dec_mean": 19.5, "pres_mean": 13.1})})
    ch = FakeChapter()
    experiments.trace(ch, r)
    assert ch.metrics == {"trace_round_trip_ms": 21.0, "trace_t6_busy_ms": 32.5, "trace_video_period_ms": 40.0,
                          "trace_audio_gap_mean_ms": pytest.approx(65 / 6), "model_round_trip_ms": pytest.approx(21.1),
                          "model_sink_busy_ms": pytest.approx(32.6)}
    assert r.trace == {"rtt": 21.0, "busy": 32.5, "video_period": 40.0, "audio_gap": pytest.approx(65 / 6),
                       "model_rtt": pytest.approx(21.1), "model_busy": pytest.approx(32.6)}


def test_tracer_overhead_by_hand(monkeypatch):
    """The tracer's 2.5 % more load: at 0.1 the frame-weighted mean (40 x 100 + 43 x 300) / 400 = 42.25 ms, at
    0.125 (44 x 100 + 46 x 300) / 400 = 45.5 ms: a shift of 3.25 ms (7.69 %); drops 4 of 400 and 10 of 400."""
    from mmstudies.sharp import text

    calls = []
    runs = {0.1: pd.DataFrame({"e2e_mean": [40.0, 43.0], "frames": [100, 300], "dropped": [1, 3]}),
            0.125: pd.DataFrame({"e2e_mean": [44.0, 46.0], "frames": [100, 300], "dropped": [4, 6]})}

    def cached(func, **kw):
        calls.append((func.__name__, kw))
        return runs[round(kw["background_load"], 6)]

    monkeypatch.setattr(experiments, "cached", cached)
    r = experiments.start(FakeChapter(), _params())
    ch = FakeChapter()
    experiments.tracer_overhead(ch, r)
    common = dict(p_spike=0.000667, frame_rate_fps=25.0, table1_stats=load_inputs().paper, measured_load=0.1,
                  queue_capacity=10, total_frames=200000, replications=5, seed=7001)
    assert calls == [("long_run_loss", common | {"background_load": 0.1}),
                     ("long_run_loss", common | {"background_load": pytest.approx(0.125)})]
    assert r.base_mean == 42.25
    assert r.ltt == {"d_mean": 3.25, "rel": pytest.approx(3.25 / 42.25), "loss_base": 0.01, "loss_ltt": 0.025}
    assert ch.metrics == {"ltt_mean_shift_ms": 3.25} and ch.units == {"ltt_mean_shift_ms": "ms"}
    assert ch.glued == {"sharp_ltt_sentence": text.ltt_sentence(3.25, 3.25 / 42.25, 0.01, 0.025)}
    # the tracer's load is capped at 0.95
    calls.clear()
    runs[0.95] = runs[0.125]
    runs[0.94] = runs[0.1]
    experiments.tracer_overhead(FakeChapter(), experiments.start(FakeChapter(), _params(background_load=0.94)))
    assert [kw["background_load"] for _, kw in calls] == [0.94, 0.95]


def test_result_sentences_hand_the_text_every_number_by_hand(monkeypatch):
    """At background load 0.3 (not the paper's 0.1): the CPU stretch (1 - 0.1) / (1 - 0.3) = 1.2857 and the sink's
    slack 40 - 32.6 x 1.2857 = -1.914 ms; the Stream Layer's two-point fit on (0.04, 0.13, mean 0.05): p = 1/9."""
    seen = {}

    class Text:     # each sentence keeps its arguments and returns its own name
        def __getattr__(self, f):
            return lambda **kw: seen.setdefault(f, kw) and f

    fake = Text()
    r = experiments.start(FakeChapter(), _params(background_load=0.3))
    r2 = experiments.start(FakeChapter(), _params())
    monkeypatch.setattr(experiments, "text", fake)
    r.S = pd.DataFrame({"mean": pd.Series({"wait_mean": 0.3, "sink_wait_mean": 0.2, "e2e_sd": 4.0, "e2e_min": 38.5}),
                        "ci_half_width": pd.Series({"e2e_mean": 1.5, "e2e_sd": 0.25, "sink_utilisation": 0.01})})
    r.e2e_mean, r.stage_sum, r.paper_stage_sum = 41.0, 43.2, 43.15
    ch = FakeChapter()
    ch.metrics = {"paper_sd_independent_ms": 2.37, "sink_utilisation": 0.81, "max_queue_seen": 3.0}
    experiments.result_sentences(ch, r)
    assert ch.glued == {"sl_two_point_p": pytest.approx(1 / 9), "sl_two_point_mean": pytest.approx(0.05),
                        "sl_two_point_sd": pytest.approx(0.09 * math.sqrt(8) / 9), "sharp_e2e_sentence": "e2e_sentence",
                        "sharp_spread_sentence": "spread_sentence", "sharp_util_sentence": "util_sentence"}
    differs = ["background_load = 0.3 (the paper: 0.1)"]
    assert seen["e2e_sentence"] == dict(e2e_mean=41.0, ci_half_width=1.5, paper_e2e_mean=44.4, stage_sum=43.2,
                                        wait_mean=0.3, sink_wait_mean=0.2, gap_ms=pytest.approx(3.4),
                                        paper_stage_sum=43.15, differs=differs, unstable=None)
    assert seen["spread_sentence"] == dict(sd=4.0, sd_ci=0.25, paper_sd=2.33, sd_independent=2.37, e2e_min=38.5,
                                           paper_min=41.3, stretch=pytest.approx(0.9 / 0.7), differs=differs,
                                           unstable=None)
    assert seen["util_sentence"] == dict(sink_util=0.81, sink_util_ci=0.01, offered_util=pytest.approx(1.0479, abs=1e-4),
                                         paper_dec_mean=19.5, paper_pres_mean=13.1, period_ms=40.0,
                                         slack_ms=pytest.approx(40 - 32.6 * 0.9 / 0.7), max_queue=3.0,
                                         queue_capacity=10, at_paper_setting=False)
    # without the independent sd recorded the sentence is told NaN; at the paper's setting it says so
    seen.clear()
    r = r2
    r.S, r.e2e_mean, r.stage_sum, r.paper_stage_sum = pd.DataFrame({"mean": pd.Series(
        {"wait_mean": 0.3, "sink_wait_mean": 0.2, "e2e_sd": 4.0, "e2e_min": 38.5}), "ci_half_width": pd.Series(
        {"e2e_mean": 1.5, "e2e_sd": 0.25, "sink_utilisation": 0.01})}), 41.0, 43.2, 43.15
    ch.metrics = {"sink_utilisation": 0.81, "max_queue_seen": 3.0}
    experiments.result_sentences(ch, r)
    assert math.isnan(seen["spread_sentence"]["sd_independent"]) and seen["spread_sentence"]["differs"] == []
    assert seen["util_sentence"]["at_paper_setting"] is True
    assert seen["util_sentence"]["slack_ms"] == pytest.approx(40 - 32.6)


class _Text:
    """A stand-in for the text module: each sentence keeps its arguments and returns its own name."""

    def __init__(self):
        self.seen = {}

    def __getattr__(self, f):
        return lambda **kw: self.seen.setdefault(f, kw) and f


def test_frame_loss_records_and_sentences_in_full_by_hand(monkeypatch):
    """Replications: 1 dropped + 2 rejected = 3 lost and round(0.002 x 1500) = 3 late of 3000 frames. The long run:
    1 dropped and 2 late of 2000 frames, i.e. 2000 x 40 ms = 0.0222 h. The paper's 0 losses in 1500 frames have the
    upper bound 1 - 0.025^(1/1500) = 0.002456 (Clopper-Pearson, 95 %)."""
    from mmstudies.sharp.analytic import clopper_pearson

    calls = []
    long = pd.DataFrame({"frames": [1000, 1000], "dropped": [1, 0], "late": [2, 0], "exact": [True, True]})

    def cached(func, **kw):
        calls.append((func.__name__, kw))
        return long

    monkeypatch.setattr(experiments, "cached", cached)
    r = experiments.start(FakeChapter(), _params())
    r.runs = pd.DataFrame({"dropped": [1, 0], "rejected": [0, 2], "late_rate": [0.002, 0.0], "frames": [1500, 1500]})
    text = _Text()
    monkeypatch.setattr(experiments, "text", text)
    ch = FakeChapter()
    experiments.frame_loss(ch, r)
    assert calls == [("long_run_loss", dict(p_spike=0.000667, frame_rate_fps=25.0, table1_stats=load_inputs().paper,
                                            measured_load=0.1, queue_capacity=10, background_load=0.1,
                                            total_frames=2000000, replications=20, seed=1))]
    lo, hi = clopper_pearson(3, 3000)
    long_hi = clopper_pearson(1, 2000)[1]
    assert ch.metrics == {"cp_upper_sample": pytest.approx(1 - 0.025 ** (1 / 1500)), "lost_frames_reps": 3.0,
                          "late_frames_reps": 3.0, "loss_reps": 0.001, "loss_reps_upper": hi, "late_rate_reps": 0.001,
                          "long_run_frames_used": 2000.0, "long_run_hours": pytest.approx(2000 * 40 / 3.6e6),
                          "loss_long": 0.0005, "loss_long_upper": long_hi, "late_rate_long": 0.001}
    assert ch.units == {"long_run_hours": "h"} and ch.undefined_metrics == {} and ch.warnings == []
    assert (r.cp_hi_sample, r.lost, r.late, r.n_frames, r.long_n, r.long_lost, r.long_exact) == (
        pytest.approx(1 - 0.025 ** (1 / 1500)), 3, 3, 3000, 2000, 1, True)
    assert ch.glued == {"sharp_loss_sentence": "loss_sentence", "sharp_late_sentence": "late_sentence"}
    assert text.seen["loss_sentence"] == dict(lost=3, n_frames=3000, n_reps=2, frames_per_rep=1500, hi_reps=hi,
                                              lo_reps=lo, long_exact=True, long_lost=1, long_n=2000, long_hi=long_hi,
                                              period_ms=40.0, bound=0.001, unstable=None, differs=[])
    assert text.seen["late_sentence"] == dict(late=3, n_frames=3000, long_exact=True, late_long=2, long_n=2000,
                                              bound=0.001, unstable=None)
    # an unstable run away from the paper's setting, with a long run that is not the model
    long["exact"] = [True, False]
    r.params = _params(background_load=0.3)
    r.unstable = "no steady state"
    text.seen.clear()
    ch = FakeChapter()
    experiments.frame_loss(ch, r)
    why = ("with queues of 10 a frame would find the sink full, where Ciw blocks and the recursion supersedes: the "
           "long run is not the model")
    assert ch.undefined_metrics == {"loss_reps": "no steady state", "loss_reps_upper": "no steady state",
                                    "late_rate_reps": "no steady state", "loss_long": why, "loss_long_upper": why,
                                    "late_rate_long": why}
    assert ch.warnings == [("Long run not exact", why)] and r.long_exact is False
    assert text.seen["loss_sentence"]["unstable"] == "no steady state" and text.seen["loss_sentence"]["long_exact"] is False
    assert text.seen["loss_sentence"]["differs"] == ["background_load = 0.3 (the paper: 0.1)"]
    assert text.seen["late_sentence"]["unstable"] == "no steady state"


def test_paper_setting_is_read_from_the_e2e_mean_check():
    from mmperf.checktable import CheckSpec

    assert experiments._paper_setting() == CheckSpec("e2e-mean", "", 44.4, "", "", "arithmetic", "",
                                                     conditions={"frame_rate_fps": 25, "background_load": 0.1})


def test_load_sweep_runs_the_grid_and_warns_in_full(monkeypatch):
    """The grid follows the frame rate (loss_grid at 32.6 ms of 40, the measured load 0.1); no load over the bound
    names the grid's top, and an inexact sweep is warned."""
    calls = []
    sweep = pd.DataFrame({"background_load": [0.0, 0.1, 0.3], "loss_rate": [0.0, 0.0, 0.0],
                          "exact": [True, False, True]})

    def cached(func, **kw):
        calls.append((func.__name__, kw))
        return sweep

    monkeypatch.setattr(experiments, "cached", cached)
    r = experiments.start(FakeChapter(), _params())
    ch = FakeChapter()
    experiments.load_sweep(ch, r)
    loads = experiments.loss_grid(32.6, 40.0, 0.1)
    assert calls == [("loss_sweep", dict(loads=loads, frames=200000, seed=1, p_spike=0.000667, frame_rate_fps=25.0,
                                         table1_stats=load_inputs().paper, measured_load=0.1, queue_capacity=10))]
    why = (f"no background load up to {max(loads):.2f} (the top of the search grid) makes the newest-frame sink lose "
           "more than 0.001 of the frames at 25 frames/s")
    assert ch.undefined_metrics == {"load_at_loss_bound": why}
    assert ch.warnings == [("Answer outside the search grid", why),
                           ("Load sweep not exact everywhere", "at some loads a queue of 10 would fill; the sweep's "
                            "recursion supersedes where Ciw would block")]
    assert ch.glued == {"sharp_cliff_sentence": f"In this run {why}."}
    assert math.isnan(r.first_over) and r.sweep is sweep
    # loss over the bound at no load at all
    sweep["loss_rate"] = [0.01, 0.02, 0.03]
    sweep["exact"] = True
    ch = FakeChapter()
    experiments.load_sweep(ch, r)
    why = "loss exceeds 0.001 even with no background load at 25 frames/s"
    assert ch.undefined_metrics == {"load_at_loss_bound": why}
    assert ch.warnings == [("Answer outside the search grid", why)]
    assert ch.glued == {"sharp_cliff_sentence": f"In this run {why}: there is no margin at all."}


def test_paper_arithmetic_keeps_what_it_records():
    """Table 1's text: 3.30 Mbit/s / 8 / 25 = 16,500 bytes a frame; 12 fragments; 670 kbit/s x 10 ms = 837.5 bytes.
    A frame of 17,752 bytes still fits 12 fragments of 1480 (17,752 + 8 = 12 x 1480), one byte more needs 13."""
    import dataclasses

    r = experiments.start(FakeChapter(), _params())
    ch = FakeChapter()
    experiments.paper_arithmetic(ch, r)
    assert r.arithmetic == {"frame_bytes": pytest.approx(16500.0, abs=1e-6), "frags": 12.0, "audio_bytes": 837.5}
    assert ch.metrics["frame_bytes"] == pytest.approx(16500.0, abs=1e-6)
    r.inputs = dataclasses.replace(r.inputs, V=r.V | {"video_frame_kbytes": 17.752})
    experiments.paper_arithmetic(ch, r)
    assert r.arithmetic["frags"] == 12.0
    r.inputs = dataclasses.replace(r.inputs, V=r.V | {"video_frame_kbytes": 17.753})
    experiments.paper_arithmetic(ch, r)
    assert r.arithmetic["frags"] == 13.0


def test_model_budget_names_every_part_and_no_negative_margin():
    m = pd.Series({"sl_src_mean": 0.05, "sl_dst_mean": 0.05, "net_mean": 10.0, "wait_mean": 0.5, "dec_mean": 20.0,
                   "pres_mean": 10.0})
    assert experiments.model_budget(m, 1.0, 150.0) == {
        "stream layer (both sides)": pytest.approx(0.1), "network: propagation": 1.0,
        "network: hosts, routers, reflector": 9.0, "queueing waits": 0.5, "video decoding": 20.0,
        "video presentation": 10.0, "margin to the limit": pytest.approx(109.4)}
    assert experiments.model_budget(m, 1.0, 40.0)["margin to the limit"] == 0.0      # 40.6 ms over a 40 ms limit
    assert experiments.model_budget(m, 1.0, 41.1)["margin to the limit"] == pytest.approx(0.5)


def test_loss_grid_by_hand():
    """At 10 frames/s the sink saturates at 1 - 0.9 x 32.6 / 100 = 0.7066: the offsets -0.30 ... +0.06 around it,
    with 0 and the measured 0.1; at 50 frames/s it is saturated at every load (1 - 0.9 x 32.6 / 20 < 0): 0, 0.1,
    0.2 and 0.4."""
    assert experiments.loss_grid(32.6, 100.0, 0.1) == [0.0, 0.1, 0.4066, 0.5066, 0.5866, 0.6266, 0.6566, 0.6766,
                                                        0.6916, 0.7066, 0.7216, 0.7366, 0.7666]
    assert experiments.loss_grid(32.6, 20.0, 0.1) == [0.0, 0.1, 0.2, 0.4]
    assert experiments.loss_grid(32.6, 100.0, 0.1, top=0.7) == [0.0, 0.1, 0.4066, 0.5066, 0.5866, 0.6266, 0.6566,
                                                                 0.6766, 0.6916, 0.7]


def test_delay_metrics_go_through_the_chapters_delay_with_the_stations_and_the_drift():
    """A chapter with ``delay`` (mmbook.chapter.Chapter's rule) gets every delay through it, with the four stations
    and the run-length check; only the intervals and the other metrics are recorded directly."""
    from mmperf.steady import run_length_drift

    class DelayChapter(FakeChapter):
        def __init__(self):
            super().__init__()
            self.delays = []

        def delay(self, name, value, through, drift=None, unit="ms"):
            self.delays.append((name, value, through, drift))

    r = experiments.start(FakeChapter(), _params())
    r.drift = run_length_drift((41.0, 1.0), (41.5, 1.0), "the end-to-end mean")
    m = _runs().drop(columns=["engine", "queues_can_fill", "checked"]).mean()
    h = m * 0 + 0.5
    ch = DelayChapter()
    experiments._delay_metrics(ch, r, m, h)
    stations = ("stream layer (source)", "network", "stream layer (destination)", "sink t6")
    assert ch.delays == [("e2e_mean_ms", 41.0, stations, r.drift), ("e2e_sd_ms", 4.0, stations, r.drift),
                         ("e2e_min_ms", 38.5, stations, r.drift), ("e2e_max_ms", 61.0, stations, r.drift),
                         ("e2e_p99_ms", 51.0, stations, r.drift), ("wait_mean_ms", pytest.approx(0.3), stations, r.drift),
                         ("sink_wait_mean_ms", pytest.approx(0.2), stations, r.drift)]
    assert list(ch.metrics)[:5] == ["e2e_mean_ci_ms", "e2e_sd_ci_ms", "sink_utilisation", "sink_utilisation_ci",
                                    "delivered_fps"]
    assert "e2e_mean_ms" not in ch.metrics and ch.undefined_metrics == {}
    r.unstable = "no steady state"
    ch = DelayChapter()
    experiments._delay_metrics(ch, r, m, h)
    assert len(ch.delays) == 7 and ch.undefined_metrics == {n: "no steady state" for n in (
        "e2e_mean_ms", "e2e_sd_ms", "e2e_min_ms", "e2e_max_ms", "e2e_p99_ms", "wait_mean_ms", "sink_wait_mean_ms",
        "e2e_mean_ci_ms", "e2e_sd_ci_ms")}


def _fake_pmap(monkeypatch, results):
    seen = []

    def pmap(func, tasks, workers=None, progress=False, label="runs"):
        tasks = list(tasks)
        seen.append((func.__name__, tasks, workers))
        return [results(t) for t in tasks]

    monkeypatch.setattr(experiments, "pmap", pmap)
    return seen


def test_loss_sweep_tasks_and_rows_by_hand(monkeypatch):
    """Two loads, seeds 3 and 103; at 0.2: 5 + 1 dropped of 2 x 1000 frames, 2 late: loss 0.003, late 0.001."""
    from mmstudies.sharp.analytic import clopper_pearson

    paper = load_inputs().paper
    out = {0.0: pd.DataFrame({"frames": [1000, 1000], "dropped": [0, 0], "late": [0, 0], "e2e_mean": [40.0, 41.0],
                              "exact": [True, True]}),
           0.2: pd.DataFrame({"frames": [1000, 1000], "dropped": [5, 1], "late": [2, 0], "e2e_mean": [50.0, 53.0],
                              "exact": [True, False]})}
    seen = _fake_pmap(monkeypatch, lambda t: out[t["background_load"]])
    sweep = experiments.loss_sweep(loads=[0.0, 0.2], p_spike=0.001, frame_rate_fps=25.0, frames=2000, seed=3,
                                   table1_stats=paper, measured_load=0.1, workers=1)
    common = dict(p_spike=0.001, frame_rate_fps=25.0, total_frames=2000, replications=5, table1_stats=paper,
                  measured_load=0.1, queue_capacity=10)
    assert seen == [("_sweep_point", [common | {"background_load": 0.0, "seed": 3},
                                      common | {"background_load": 0.2, "seed": 103}], 1)]
    lo, hi = clopper_pearson(6, 2000)
    assert sweep.to_dict("records") == [
        {"background_load": 0.0, "frames": 2000, "dropped": 0, "loss_rate": 0.0, "loss_low": 0.0,
         "loss_high": clopper_pearson(0, 2000)[1], "late_rate": 0.0, "e2e_mean": 40.5, "exact": True},
        {"background_load": 0.2, "frames": 2000, "dropped": 6, "loss_rate": 0.003, "loss_low": lo, "loss_high": hi,
         "late_rate": 0.001, "e2e_mean": 51.5, "exact": False}]
    # the queues' default is 10 and the workers' None (all the machine's)
    experiments.loss_sweep(loads=[0.0], p_spike=0.001, frame_rate_fps=25.0, frames=2000, seed=3, table1_stats=paper,
                           measured_load=0.1, queue_capacity=4)
    assert seen[-1][1][0]["queue_capacity"] == 4 and seen[-1][2] is None


def test_long_run_loss_tasks_by_hand(monkeypatch):
    """2001 frames in 4 replications: 500 each, seeds seed + 1000 + i; 25 frames/s: a period of 40 ms."""
    seen = _fake_pmap(monkeypatch, lambda t: {"replication": t["i"], "n": t["n"]})
    paper = load_inputs().paper
    runs = experiments.long_run_loss(p_spike=0.001, frame_rate_fps=25.0, background_load=0.2, total_frames=2001,
                                     replications=4, seed=7, table1_stats=paper, measured_load=0.1)
    (name, tasks, workers), = seen
    assert (name, workers) == ("_long_replication", 1)
    assert [{k: v for k, v in t.items() if k != "dists"} for t in tasks] == [
        {"i": i, "seed": 1007 + i, "n": 500, "load": 0.2, "measured_load": 0.1, "period": 40.0, "capacity": 10}
        for i in range(4)]
    assert runs.to_dict("records") == [{"replication": i, "n": 500} for i in range(4)]
    experiments.long_run_loss(p_spike=0.001, frame_rate_fps=25.0, background_load=0.2, total_frames=3,
                              replications=4, seed=7, table1_stats=paper, measured_load=0.1, workers=2)
    assert seen[-1][2] == 2 and [t["n"] for t in seen[-1][1]] == [1, 1, 1, 1]     # at least one frame each


def test_long_replication_counts_by_hand(monkeypatch):
    """Four frames: shown, dropped, shown, shown; frame 1's display at 45 ms is after frame 2's arrival at 40 (late),
    frame 3's at 90 is before frame 4's arrival at 100, frame 4 has no next frame."""
    got = {}

    def sample(dists, n, seed, load, measured_load):
        got["sample"] = (dists, n, seed, load, measured_load)
        return "times"

    frames = pd.DataFrame({"frame": [1, 2, 3, 4], "fate": ["shown", "dropped", "shown", "shown"],
                           "arrive_sink": [0.0, 40.0, 80.0, 100.0], "display": [45.0, math.nan, 90.0, 130.0],
                           "e2e": [40.0, math.nan, 42.0, 47.0]})

    def recursion(times, period, policy):
        got["recursion"] = (times, period, policy)
        return frames, {"sink": 3, "sl_src": 1, "sl_dst": 1}

    monkeypatch.setattr(experiments, "sample_stage_times", sample)
    monkeypatch.setattr(experiments, "pipeline_recursion", recursion)
    row = experiments._long_replication({"i": 2, "seed": 9, "dists": "d", "n": 4, "load": 0.2, "measured_load": 0.1,
                                         "period": 40.0, "capacity": 10})
    assert got == {"sample": ("d", 4, 9, 0.2, 0.1), "recursion": ("times", 40.0, "newest")}
    assert row == {"replication": 2, "frames": 4, "dropped": 1, "late": 1, "loss_rate": 0.25, "late_rate": 0.25,
                   "e2e_mean": 43.0, "peak_sink": 3, "exact": True}
    frames.loc[2, "display"] = 100.0          # frame 3 displayed exactly at frame 4's arrival: not late
    assert experiments._long_replication({"i": 0, "seed": 9, "dists": "d", "n": 4, "load": 0.2, "measured_load": 0.1,
                                          "period": 40.0, "capacity": 10})["late"] == 1


def test_summary_with_ci_skips_what_is_not_a_measurement():
    """Replication numbers, flags, words and empty columns are left out; a single value has sd 0."""
    runs = pd.DataFrame({"replication": [0, 1, 2], "flag": [True, False, True], "engine": ["a", "b", "c"],
                         "empty": [math.nan] * 3, "one": [math.nan, 2.0, math.nan], "x": [1, 2, 3]})
    s = experiments.summary_with_ci(runs, level=0.9)
    assert list(s.index) == ["one", "x"]
    assert s.loc["one"].tolist() == [2.0, 0.0, 0.0]
    assert s.loc["x", "mean"] == 2.0 and s.loc["x", "sd"] == 1.0
    assert s.loc["x", "ci_half_width"] == pytest.approx(2.919986 / math.sqrt(3))


def test_policy_demo_sends_the_same_frames_through_both_sinks(monkeypatch):
    """The stage times are drawn once (the fitted stages, the frames, the seed and both loads) and run through the
    newest-frame sink and the FIFO sink at the frame period 1000 / 25 = 40 ms, with the queue and the seed."""
    got = []
    monkeypatch.setattr(experiments, "fit_stages", lambda stats, p: ("fitted", p))
    monkeypatch.setattr(experiments, "sample_stage_times", lambda *a: got.append(("sample", a)) or "times")
    monkeypatch.setattr(experiments, "run_pipeline", lambda times, **kw: got.append(("run", times, kw)) or kw["sink_policy"])
    out = experiments.policy_demo(p_spike=0.002, frame_rate_fps=25.0, background_load=0.3, queue_capacity=4, frames=90,
                                  seed=11, table1_stats="paper", measured_load=0.1)
    assert out == {"newest": "newest", "fifo": "fifo"}
    assert got == [("sample", (("fitted", 0.002), 90, 11, 0.3, 0.1)),
                   ("run", "times", dict(frame_period=40.0, queue_capacity=4, sink_policy="newest", seed=11)),
                   ("run", "times", dict(frame_period=40.0, queue_capacity=4, sink_policy="fifo", seed=11))]


def test_run_common_is_what_every_simulation_of_the_run_shares():
    r = experiments.start(FakeChapter(), _params(p_spike=0.002, frame_rate_fps=30.0, queue_capacity=4))
    assert r.common() == {"p_spike": 0.002, "frame_rate_fps": 30.0, "table1_stats": load_inputs().paper,
                          "measured_load": 0.1, "queue_capacity": 4}
    assert r.bound == 0.001 and r.V["frame_period_ms"] == 40.0


# -- added from the mutation run (2026-11-27, part A) -------------------------------------------
import numpy as np  # noqa: E402


def _frame_table():
    """Six frames captured every 40 ms (frame k at 40 k), the first one the warm-up. Frames 2, 4 and 5 are shown,
    3 is dropped at the sink, 6 rejected at the capture queue (no node times, no sink arrival). Each shown frame's
    display is its sink start plus dec and pres, and its e2e the display less its capture."""
    nan = math.nan
    return pd.DataFrame({
        "frame": [1, 2, 3, 4, 5, 6],
        "capture": [40.0, 80.0, 120.0, 160.0, 200.0, 240.0],
        "fate": ["shown", "shown", "dropped", "shown", "shown", "rejected"],
        "arrive_sink": [60.0, 100.0, 140.0, 180.0, 220.0, nan],
        "sink_start": [60.0, 110.0, nan, 185.0, 220.0, nan],
        "display": [110.0, 150.0, nan, 220.0, 250.0, nan],
        "e2e": [70.0, 70.0, nan, 60.0, 50.0, nan],
        "dec": [30.0, 25.0, nan, 20.0, 20.0, nan],
        "pres": [20.0, 15.0, nan, 15.0, 10.0, nan],
        "sink_wait": [0.0, 10.0, nan, 5.0, 0.0, nan],
        "sl_src_arrive": [40.0, 80.0, 120.0, 160.0, 200.0, nan],
        "sl_src_wait": [0.0, 0.0, 0.0, 0.0, 0.0, nan],
        "sl_src_blocked": [0.0, 0.0, 0.0, 2.0, 0.0, nan],
        "sl_src_service": [5.0, 1.0, 1.0, 2.0, 3.0, nan],
        "net_blocked": [0.0, 0.0, 0.0, 0.0, 4.0, nan],
        "net_service": [10.0, 10.0, 10.0, 12.0, 14.0, nan],
        "sl_dst_arrive": [50.0, 91.0, 131.0, 174.0, 221.0, nan],
        "sl_dst_wait": [0.0, 8.0, 0.0, 0.0, 0.0, nan],
        "sl_dst_blocked": [0.0, 0.0, 0.0, 16.0, 0.0, nan],
        "sl_dst_service": [5.0, 0.5, 1.0, 1.0, 1.5, nan],
    })


def test_summarise_run_of_a_frame_table_by_hand():
    """After the warm-up frame: 5 frames in 5 x 40 = 200 ms, 3 shown (frames 2, 4, 5), 1 dropped, 1 rejected: loss
    2 / 5 = 0.4, 3 / 200 ms = 15 frames/s, the sink busy 40 + 35 + 30 = 105 ms of 200 (0.525). Late: frame 2's
    display 150 is after frame 3's arrival 140; frame 4's display 220 is exactly frame 5's arrival (not late);
    frame 5's next frame never reached the sink: 1 late of 5, 0.2. e2e 70, 60, 50: mean 60, sd 10, p99 at 1.98
    of the sorted positions 60 + 0.98 x 10 = 69.8. The waits, sl_src_wait + sl_src_blocked + net_blocked +
    sl_dst_wait + sl_dst_blocked + sink_wait: frame 2 8 + 10 = 18, frame 4 2 + 16 + 5 = 23, frame 5 4: mean 15,
    sd sqrt((9 + 64 + 121) / 2) = sqrt(97); dec 25, 20, 20 and pres 15, 15, 10: sd sqrt((50 / 3) / 2) = 5 / sqrt(3) each. One frame
    waits at the destination's Stream Layer (frame 2, 91-99 ms), none at the source's."""
    out = experiments.summarise_run(_frame_table(), 40.0, 1)
    sd_dec = 5 / math.sqrt(3)
    assert out == pytest.approx({
        "frames": 5.0, "shown": 3.0, "dropped": 1.0, "rejected": 1.0, "loss_rate": 0.4, "late_rate": 0.2,
        "delivered_fps": 15.0, "sink_utilisation": 0.525, "e2e_mean": 60.0, "e2e_sd": 10.0, "e2e_min": 50.0,
        "e2e_max": 70.0, "e2e_p99": 69.8,
        "sl_src_mean": 2.0, "sl_src_sd": 1.0, "sl_src_min": 1.0, "sl_src_max": 3.0,
        "net_mean": 12.0, "net_sd": 2.0, "net_min": 10.0, "net_max": 14.0,
        "sl_dst_mean": 1.0, "sl_dst_sd": 0.5, "sl_dst_min": 0.5, "sl_dst_max": 1.5,
        "dec_mean": 65 / 3, "dec_sd": sd_dec, "dec_min": 20.0, "dec_max": 25.0,
        "pres_mean": 40 / 3, "pres_sd": sd_dec, "pres_min": 10.0, "pres_max": 15.0,
        "wait_mean": 15.0, "wait_sd": math.sqrt(97), "wait_min": 4.0, "wait_max": 23.0,
        "sink_wait_mean": 5.0, "max_queue_sl_src": 0.0, "max_queue_sl_dst": 1.0}, rel=1e-12)
    # with no warm-up the first frame counts too: 6 frames, 4 shown, and its display 110 after frame 2's arrival 100
    out = experiments.summarise_run(_frame_table(), 40.0, 0)
    assert (out["frames"], out["shown"], out["late_rate"], out["delivered_fps"]) == (6.0, 4.0, 2 / 6, 4 / 240 * 1000)


def _fake_engines(monkeypatch, same=(True, 0.5)):
    """The sampling, the recursion, Ciw, the comparison and the summary faked: each records its arguments."""
    got = {"run": [], "differ": [], "summary": []}
    rec = pd.DataFrame({"frame": [1, 2, 3, 4], "fate": ["shown", "shown", "dropped", "shown"],
                        "e2e": [11.0, 22.0, math.nan, 44.0]})
    ciw = rec.assign(e2e=[10.0, 20.0, math.nan, 40.0])

    def sample(dists, n, seed, load, measured_load):
        got["sample"] = (dists, n, seed, load, measured_load)
        return "times"

    def recursion(times, period, policy):
        got["recursion"] = (times, period, policy)
        return rec, {"sink": 3, "sl_src": 1, "sl_dst": 2}

    def run_pipeline(times, *, frame_period, queue_capacity, sink_policy, seed):
        got["run"].append((times, frame_period, queue_capacity, sink_policy, seed))
        return ciw

    def differ(a, b):
        got["differ"].append((a, b))
        return same

    def summary(frames, period, warmup):
        got["summary"].append((frames, period, warmup))
        return {"frames": 3.0}

    monkeypatch.setattr(experiments, "sample_stage_times", sample)
    monkeypatch.setattr(experiments, "pipeline_recursion", recursion)
    monkeypatch.setattr(experiments, "run_pipeline", run_pipeline)
    monkeypatch.setattr(experiments, "frames_differ", differ)
    monkeypatch.setattr(experiments, "summarise_run", summary)
    return got, rec, ciw


def test_replication_runs_the_engines_with_the_tasks_settings_by_hand(monkeypatch):
    """A FIFO sink at 0.3 (measured 0.1), seed 7, 50 ms a frame, one warm-up frame. Checked (replication 0, peaks 3,
    1, 2 within queues of 10): through both engines, Ciw's frames kept and compared with the recursion's; the kept
    delays are the frames after the warm-up that were shown: Ciw's 20 and 40."""
    got, rec, ciw = _fake_engines(monkeypatch)
    task = {"i": 0, "seed": 7, "dists": "d", "n": 4, "load": 0.3, "measured_load": 0.1, "period": 50.0,
            "policy": "fifo", "capacity": 10, "warmup": 1, "check": True}
    out = experiments._replication(task)
    assert got["sample"] == ("d", 4, 7, 0.3, 0.1) and got["recursion"] == ("times", 50.0, "fifo")
    assert got["run"] == [("times", 50.0, 10, "fifo", 7)]
    assert len(got["differ"]) == 1 and got["differ"][0][0] is ciw and got["differ"][0][1] is rec
    assert len(got["summary"]) == 1 and got["summary"][0][0] is ciw and got["summary"][0][1:] == (50.0, 1)
    assert out["row"] == {"replication": 0, "seed": 7, "engine": "ciw", "queues_can_fill": False, "checked": True,
                          "same_fate": 1.0, "max_abs_diff_ms": 0.5, "peak_sink": 3.0, "peak_sl_src": 1.0,
                          "peak_sl_dst": 2.0, "frames": 3.0}
    assert out["e2e"].tolist() == [20.0, 40.0] and out["frames"] is ciw


def test_replication_not_checked_runs_the_recursion_or_ciw_where_a_queue_fills(monkeypatch):
    """Replication 1, not checked, queues of 10: the recursion alone, its delays 22 and 44, no frames kept (only
    replication 0's are), the comparison NaN. With queues of 2 the sink's peak of 3 could fill one: Ciw runs it, and
    it is not compared."""
    got, rec, ciw = _fake_engines(monkeypatch)
    task = {"i": 1, "seed": 8, "dists": "d", "n": 4, "load": 0.3, "measured_load": 0.1, "period": 50.0,
            "policy": "fifo", "capacity": 10, "warmup": 1, "check": False}
    out = experiments._replication(task)
    assert got["run"] == [] and got["differ"] == [] and got["summary"][0][0] is rec
    row = out["row"]
    assert math.isnan(row.pop("same_fate")) and math.isnan(row.pop("max_abs_diff_ms"))
    assert row == {"replication": 1, "seed": 8, "engine": "recursion", "queues_can_fill": False, "checked": False,
                   "peak_sink": 3.0, "peak_sl_src": 1.0, "peak_sl_dst": 2.0, "frames": 3.0}
    assert out["e2e"].tolist() == [22.0, 44.0] and out["frames"] is None
    out = experiments._replication(task | {"capacity": 2, "i": 2})
    assert got["run"] == [("times", 50.0, 2, "fifo", 8)] and got["differ"] == []
    row = out["row"]
    assert math.isnan(row.pop("same_fate")) and math.isnan(row.pop("max_abs_diff_ms"))
    assert row == {"replication": 2, "seed": 8, "engine": "ciw", "queues_can_fill": True, "checked": False,
                   "peak_sink": 3.0, "peak_sl_src": 1.0, "peak_sl_dst": 2.0, "frames": 3.0}
    assert out["e2e"].tolist() == [20.0, 40.0] and out["frames"] is None


def test_replicate_pipeline_tasks_and_result_by_hand(monkeypatch):
    """Seven replications from seed 3 at 20 frames/s (50 ms): seeds 3-9, 100 + 10 frames each, the first five
    checked by Ciw when ciw_checked is not given; run here (workers=1); the delays of all replications in order,
    replication 0's frames."""
    from mmstudies.sharp.analytic import fit_stages

    seen = _fake_pmap(monkeypatch, lambda t: {"row": {"replication": t["i"]}, "e2e": np.array([t["i"], t["i"] + 0.5]),
                                              "frames": f"frames of {t['i']}"})
    paper = load_inputs().paper
    out = experiments.replicate_pipeline(p_spike=0.002, frame_rate_fps=20.0, background_load=0.3, queue_capacity=4,
                                         sink_policy="fifo", frames_per_replication=100, warmup_frames=10,
                                         replications=7, seed=3, table1_stats=paper, measured_load=0.1)
    (name, tasks, workers), = seen
    assert (name, workers) == ("_replication", 1)
    assert all(t["dists"] == fit_stages(paper, 0.002) for t in tasks)
    assert [{k: v for k, v in t.items() if k != "dists"} for t in tasks] == [
        {"i": i, "seed": 3 + i, "n": 110, "load": 0.3, "measured_load": 0.1, "period": 50.0, "policy": "fifo",
         "capacity": 4, "warmup": 10, "check": i < 5} for i in range(7)]
    assert set(out) == {"runs", "e2e", "frames0"}
    assert out["runs"].to_dict("list") == {"replication": list(range(7))}
    assert out["e2e"].tolist() == [v for i in range(7) for v in (i, i + 0.5)]
    assert out["frames0"] == "frames of 0"


def _compared(**changes):
    """Two frames, the second dropped at the sink (no sink start, display or delay, and no sink wait)."""
    nan = math.nan
    cols = {"fate": ["shown", "dropped"], "arrive_sink": [60.0, 100.0], "sink_start": [60.0, nan],
            "display": [90.0, nan], "e2e": [50.0, nan], "sl_src_wait": [0.0, 1.0], "sl_dst_wait": [2.0, 0.0]}
    return pd.DataFrame(cols | changes)


def test_frames_differ_by_hand():
    """NaN where both tables have it is equal; the largest difference elsewhere is the answer (0.5 in arrive_sink
    beside 0.25 in e2e). A NaN in one table only is a different frame: (False, inf). A column NaN in both
    everywhere differs by nothing; a column of Python objects (None for missing) is compared as numbers."""
    assert experiments.frames_differ(_compared(), _compared()) == (True, 0.0)
    b = _compared(arrive_sink=[60.5, 100.0], e2e=[50.25, math.nan])
    assert experiments.frames_differ(_compared(), b) == (True, 0.5)
    assert experiments.frames_differ(b, _compared()) == (True, 0.5)
    assert experiments.frames_differ(_compared(), _compared(display=[math.nan, math.nan])) == (False, math.inf)
    assert experiments.frames_differ(_compared(fate=["dropped", "dropped"]), _compared()) == (False, 0.0)
    nan2 = dict(sink_start=[math.nan] * 2, display=[math.nan] * 2, e2e=[math.nan] * 2)
    assert experiments.frames_differ(_compared(**nan2), _compared(**nan2)) == (True, 0.0)
    objects = pd.Series([50.0, None], dtype=object)
    assert experiments.frames_differ(_compared(e2e=objects), _compared(e2e=[50.25, math.nan])) == (True, 0.25)
    assert experiments.frames_differ(_compared(e2e=[50.25, math.nan]), _compared(e2e=objects)) == (True, 0.25)


def test_summary_with_ci_of_two_values_and_of_single_precision():
    """Two values 1 and 3: sd sqrt(2), half-width T1 x sqrt(2) / sqrt(2); float32 columns are summarised in double precision: the sd of float32(0.1)
    and float32(0.2) is their difference over sqrt(2), as doubles."""
    runs = pd.DataFrame({"two": [1.0, 3.0], "f32": np.array([0.1, 0.2], dtype=np.float32)})
    s = experiments.summary_with_ci(runs)
    assert s.loc["two"].tolist() == [2.0, pytest.approx(T1), pytest.approx(math.sqrt(2))]
    a, b = float(np.float32(0.1)), float(np.float32(0.2))
    assert s.loc["f32", "mean"] == (a + b) / 2
    assert s.loc["f32", "sd"] == pytest.approx((b - a) / math.sqrt(2), rel=1e-14)


def test_replications_tell_the_text_every_count_when_checked_runs_disagree(monkeypatch):
    """Both replications by Ciw and both checked, the second differing by 2.5 ms: 0 by the recursion, 2 by Ciw, 1
    of 2 checked equal, so 2 - 1 = 1 differs; the worst difference 2.5 ms; no queue fills."""
    _fake_cached(monkeypatch, _runs(engine=["ciw", "ciw"], checked=[True, True], same_fate=[1.0, 0.0],
                                    max_abs_diff_ms=[1e-12, 2.5]), [41.5, 42.5])
    text = _Text()
    r = experiments.start(FakeChapter(), _params())
    monkeypatch.setattr(experiments, "text", text)
    ch = FakeChapter()
    experiments.replications(ch, r)
    assert [ch.metrics[k] for k in ("replications_by_recursion", "replications_by_ciw",
                                    "replications_checked_equal")] == [0.0, 2.0, 1.0]
    assert text.seen == {"engine_sentence": dict(n_runs=2, n_ciw=2, n_checked=2, n_equal=1, worst_ms=2.5,
                                                 ciw_checked=5, n_fill=0, queue_capacity=10)}
    assert ch.glued == {"sharp_engine_sentence": "engine_sentence"}
    assert ch.warnings == [("Recursion and Ciw disagree", "1 checked replications differ frame by frame")]


def test_replications_whose_queues_fill_below_the_sinks_capacity_stay_stable(monkeypatch):
    """At the paper's setting the sink is offered 0.815 of its capacity: a replication whose queue of 4 fills is
    warned, but the run keeps its steady state (the drift check runs). None checked: the worst difference 0."""
    calls = _fake_cached(monkeypatch, _runs(queues_can_fill=[True, False], checked=[False, False],
                                            same_fate=[math.nan, math.nan]), [41.5, 42.5])
    text = _Text()
    r = experiments.start(FakeChapter(), _params(queue_capacity=4))
    monkeypatch.setattr(experiments, "text", text)
    ch = FakeChapter()
    experiments.replications(ch, r)
    assert text.seen == {"engine_sentence": dict(n_runs=2, n_ciw=1, n_checked=0, n_equal=0, worst_ms=0.0,
                                                 ciw_checked=5, n_fill=1, queue_capacity=4)}
    assert ch.warnings == [("Queues fill", "a bounded queue of 4 filled in 1 replications; they ran through Ciw "
                            "(blocking and rejected captures)")]
    assert r.unstable is None and len(calls) == 2 and ch.metrics["e2e_mean_ms"] == 41.0


def test_replications_of_a_sink_offered_exactly_its_capacity_whose_queue_fills_are_unstable(monkeypatch):
    """Offered utilisation exactly 1 (at least 1) with a queue that fills: unstable, no run at twice the length."""
    calls = _fake_cached(monkeypatch, _runs(queues_can_fill=[True, False], checked=[False, False],
                                            same_fate=[math.nan, math.nan]), [41.5, 42.5])
    r = experiments.start(FakeChapter(), _params())
    r.offered_util = 1.0
    ch = FakeChapter()
    experiments.replications(ch, r)
    why = ("the sink is offered 1.00 of its capacity (at least 1) and its queue of 10 fills, so frames back up behind "
           "it (blocking) and every delay grows with the length of the run")
    assert r.unstable == why and len(calls) == 1 and r.drift is None
    assert ch.warnings[0] == ("Sink unstable", why)


def test_result_sentences_pass_the_unstable_run_and_the_measured_load_on(monkeypatch):
    """With the measured load 0.2 instead of the paper's 0.1, the CPU stretch at 0.3 is (1 - 0.2) / (1 - 0.3) = 8 / 7
    and the sink's slack 40 - 32.6 x 8 / 7; the run's reason for no steady state reaches both sentences."""
    import dataclasses

    text = _Text()
    r = experiments.start(FakeChapter(), _params(background_load=0.3))
    monkeypatch.setattr(experiments, "text", text)
    r.inputs = dataclasses.replace(r.inputs, reference_load=0.2)
    r.S = pd.DataFrame({"mean": pd.Series({"wait_mean": 0.3, "sink_wait_mean": 0.2, "e2e_sd": 4.0, "e2e_min": 38.5}),
                        "ci_half_width": pd.Series({"e2e_mean": 1.5, "e2e_sd": 0.25, "sink_utilisation": 0.01})})
    r.e2e_mean, r.stage_sum, r.paper_stage_sum, r.unstable = math.nan, 43.2, 43.15, "no steady state"
    ch = FakeChapter()
    ch.metrics = {"sink_utilisation": 0.81, "max_queue_seen": 3.0}
    experiments.result_sentences(ch, r)
    assert text.seen["e2e_sentence"]["unstable"] == "no steady state"
    assert text.seen["spread_sentence"]["unstable"] == "no steady state"
    assert text.seen["spread_sentence"]["stretch"] == pytest.approx(8 / 7)
    assert text.seen["util_sentence"]["slack_ms"] == pytest.approx(40 - 32.6 * 8 / 7)
