"""The Huynh sweeps: replications, seeds, summaries with hand-checked intervals."""

from __future__ import annotations

import pandas as pd
import pytest

from mmperf.stats import mean_ci
from mmstudies.huynh.config import Config
from mmstudies.huynh.experiments import (
    main_configs,
    run_chapter_sweep,
    run_configs,
    summarise,
    summarise_all,
)


def test_replication_r_uses_seed_plus_r_whatever_the_workers():
    a = run_configs([Config(frames=120)], replications=2, seed=3, workers=1, progress=False)
    b = run_configs([Config(frames=120)], replications=2, seed=3, workers=2, progress=False)
    pd.testing.assert_frame_equal(a.drop(columns=["seconds", "cpu_seconds"]), b.drop(columns=["seconds", "cpu_seconds"]))
    assert list(a["replication"]) == [0, 1] and a["delay_recv"].iloc[0] != a["delay_recv"].iloc[1]


def test_summarise_is_the_student_t_interval_per_group():
    """Group a: (1, 2, 3) -> mean 2, half-width t(0.95, 2) / sqrt(3) = 2.484; group b: one value, width 0."""
    runs = pd.DataFrame({"g": ["a", "a", "a", "b"], "x": [1.0, 2.0, 3.0, 5.0]})
    s = summarise(runs, ["g"], ["x"], level=0.95)
    assert (s["x_mean"].iloc[0], s["x_ci"].iloc[0]) == pytest.approx(mean_ci([1.0, 2.0, 3.0], 0.95))
    assert s["x_ci"].iloc[0] == pytest.approx(2.484, abs=1e-3)
    assert (s["x_mean"].iloc[1], s["x_ci"].iloc[1], s["n"].iloc[1]) == (5.0, 0.0, 1)
    # added from the mutation run (2026-11-26, fourth session)
    _summarise_at_another_level_and_two_metrics_side_by_side()


def test_main_configs_cover_modes_hosts_rates_and_schemes():
    cfgs = main_configs([8.0, 30.0], Config())
    assert len(cfgs) == 2 * 2 * 2 * 2
    assert {(c.io_mode, c.host, c.frame_rate, c.mixing) for c in cfgs} == {
        (m, h, f, x) for m in ("locate", "move") for h in ("386", "486") for f in (8.0, 30.0)
        for x in ("centralized", "distributed")}


def test_chapter_sweep_parts_and_summaries():
    base = dict(file_transfer=True, frame_kb=8.0, host_vc_kloc=15.0, adapter_vc_kloc=1.0, participants=3,
                frames=200, pipeline_model="frame_time")
    focus = dict(host="386", mixing="distributed", frame_rate=30.0)
    res = run_chapter_sweep(frame_rates=[8.0, 30.0], base=base, replications=2, seed=1, workers=1,
                            frame_rate=30.0, sweep_frames=200, adapter_klocs=[1.0, 16.0], focus=focus)
    assert set(res) == {"main", "adapter_kloc", "single", "pipeline", "drift", "timing"}
    assert len(res["main"]) == 16 * 2 and len(res["adapter_kloc"]) == 2 * 2 * 2
    assert (res["main"]["conservation_ok"] == 1.0).all()
    s = summarise_all(res, 0.9)
    assert set(s) == {"main", "adapter_kloc", "single", "pipeline", "drift"}
    assert (s["main"]["n"] == 2).all()
    # pipeline: 2 modes x 2 rates x (frame_latency and frame_time at 200 and 400 frames, compute_time at 200);
    # drift: the headline point in both modes at twice the run (400 frames); 2 replications each
    assert list(res["timing"]["runs"]) == [32, 8, 24, 2 * 2 * 5 * 2, 2 * 2]
    assert set(res["drift"]["frames"]) == {400}


# -- what the page reads off the runs (moved from the notebook) ---------------------------------

def test_chapter_grid_adds_the_single_point_and_the_paper_anchors_once_sorted():
    from mmstudies.huynh.experiments import chapter_grid

    v = {"frame_rate_low": 8.0, "frame_rate_high": 30.0}
    assert chapter_grid([15, 30], 8, v) == [8.0, 15.0, 30.0]
    assert chapter_grid([45.0], 20.0, v) == [8.0, 20.0, 30.0, 45.0]


def test_overload_names_the_worst_device_with_its_load_by_hand():
    from mmstudies.huynh.experiments import overload

    assert overload([8.0, 30.0], Config()) == ([], None)
    # 120 KLOCS/frame on the i386 at 30 frames/s: host work 90 * (120 + 5 + 2*10) + 30 * (5 + 5 + 2*10)
    # = 13950 KLOCS/s against 8550 KLOCS/s (the calibrated rate): load 1.63; at 8 frames/s it is lower.
    warnings, na = overload([8.0, 30.0], Config(host_vc_kloc=120.0))
    assert na == "host CPU overloaded (load 1.63) in Locate 386, distributed, 30 frames/s"
    assert len(warnings) == 1
    assert warnings[0][0].endswith("(worst: host CPU at load 1.63, Locate 386, distributed, 30 frames/s)")
    assert "not applicable" in warnings[0][1]
    # added from the mutation run (2026-11-26, fourth session)
    _load_metrics_take_the_focus_in_locate_mode_whatever_the_base()


def test_overload_warns_about_the_ring_on_its_own():
    """The ring is a pure delay in the model: 60 frames/s, 32 kB frames make it 8 x (3 x 60 x 32768 + 30 x 4096 +
    210 h) / 16e6 > 1, a warning that names the ring and the paper's assumption, apart from the queues'."""
    from mmstudies.huynh.experiments import overload

    warnings, na = overload([60.0], Config(frame_kb=32.0, host_vc_kloc=0.0))
    ring = [w for w in warnings if w[0].startswith("the token ring is offered")]
    assert len(ring) == 1 and "pure delay" in ring[0][1] and "token waiting negligible" in ring[0][1]
    assert "token ring overloaded" in na
    # added from the mutation run (2026-11-26, fourth session)
    _overload_warnings_in_full_and_the_ring_alone()


def test_run_metrics_sums_timing_and_takes_the_worst_run():
    from mmstudies.huynh.experiments import run_metrics

    timing = pd.DataFrame({"seconds": [1.5, 2.0], "cpu_seconds": [1.0, 3.0], "events": [100, 50], "runs": [4, 2]})
    main = pd.DataFrame({"io_mode": ["locate", "locate", "move"], "max_outstanding": [1, 1, 3],
                         "conservation_ok": [1.0, 1.0, 1.0]})
    single = pd.DataFrame({"conservation_ok": [1.0, 0.0]})
    got = {n: (x, u) for n, x, u, _ in run_metrics({"main": main, "single": single, "timing": timing})}
    assert got == {"simulation_wall_s": (3.5, "s"), "simulation_cpu_s": (4.0, "s"), "simulated_events": (150.0, ""),
                   "runs": (6.0, ""), "conservation_all": (0.0, ""), "max_outstanding_locate": (1.0, "")}


def test_timing_table_renames_and_orders_the_columns():
    from mmstudies.huynh.experiments import timing_table

    t = pd.DataFrame({"part": ["main"], "seconds": [2.0], "cpu_seconds": [1.0], "runs": [4], "events": [9]})
    assert timing_table(t).iloc[0].tolist() == ["main", 4, 9, 1.0, 2.0]


def _summary(**cols):
    base = {"io_mode": ["locate", "move"], "host": "386", "mixing": "distributed", "frame_rate": 30.0}
    return pd.DataFrame({**base, **cols})


class _Ch:
    """The chapter's delay API, as far as record_delays uses it (mmbook.chapter.Chapter.delay's rule)."""

    def __init__(self, checks):
        self.checks = {c.station: c for c in checks}
        self.metrics, self.undefined_metrics = {}, {}

    def delay(self, name, value, through, drift=None, unit="ms"):
        reasons = [self.checks[s].reason for s in through if not self.checks[s].steady]
        if drift is not None and drift.drifts:
            reasons.append(drift.reason)
        if reasons:
            self.undefined(name, "; ".join(reasons))
        else:
            self.metrics[name] = value

    def undefined(self, name, reason):
        self.undefined_metrics[name] = reason


def test_record_delays_in_ms_with_both_modes_and_the_reasons(monkeypatch):
    from mmperf.steady import check_stations
    from mmstudies.huynh.experiments import focus_stations, record_delays
    from mmstudies.huynh.scoring import Lookup

    s = _summary(delay_send_mean=[0.040, 0.035], delay_send_ci=[0.002, 0.001], delay_recv_mean=[0.1, 0.09],
                 delay_recv_ci=[0.01, 0.02], delay_ft_mean=[0.3, 0.2], delay_ft_ci=[0.03, 0.02])
    focus = dict(io_mode="move", host="386", mixing="distributed", frame_rate=30.0)
    base = Config(frames=200)
    # at twice the run: send and ft unchanged, the receive delay 100 -> 150 ms (Locate), beyond its interval
    drift = _summary(frames=400, delay_send_mean=[0.040, 0.035], delay_send_ci=[0.002, 0.001],
                     delay_recv_mean=[0.15, 0.09], delay_recv_ci=[0.01, 0.02], delay_ft_mean=[0.3, 0.2],
                     delay_ft_ci=[0.03, 0.02])
    ch = _Ch(check_stations(focus_stations(base, focus)))
    record_delays(ch, Lookup(s), drift, focus, base)
    got = {n: round(x, 9) for n, x in ch.metrics.items()}
    assert got == {"delay_send_ms": 35.0, "delay_send_ci_ms": 1.0, "delay_send_locate_ms": 40.0,
                   "delay_send_move_ms": 35.0, "delay_recv_ms": 90.0, "delay_recv_ci_ms": 20.0,
                   "delay_recv_move_ms": 90.0, "delay_ft_ms": 200.0,
                   "delay_ft_ci_ms": 20.0, "delay_ft_locate_ms": 300.0, "delay_ft_move_ms": 200.0}
    assert "drifts with the run length" in ch.undefined_metrics["delay_recv_locate_ms"]
    # frame_time: the codec stations at load 1, every delay through them undefined, naming the station
    slow = Config(frames=200, pipeline_model="frame_time", file_transfer=False)
    ch = _Ch(check_stations(focus_stations(slow, focus)))
    record_delays(ch, Lookup(s), None, focus, slow)
    assert "station i750 compression, Move" in ch.undefined_metrics["delay_send_ms"]
    assert "station i750 decompression, Move" in ch.undefined_metrics["delay_recv_ms"]
    assert ch.undefined_metrics["delay_ft_ms"] == "no file transfers in this run (file_transfer is off)"
    assert not ch.metrics
    # added from the mutation run (2026-11-26, fourth session)
    _focus_stations_are_the_focus_configurations_in_both_modes_whatever_the_base()
    _record_delays_with_the_focus_in_locate_mode_and_a_drift_at_the_edge()
    _record_delays_through_an_overloaded_ring_at_the_focus_not_the_base()
    _record_delays_at_a_ring_load_of_exactly_one(monkeypatch)


def test_component_metrics_names_order_and_values():
    from mmstudies.huynh.experiments import COMPONENT_SLUGS, component_metrics
    from mmstudies.huynh.scoring import Lookup

    cols = {}
    for i, (k, s) in enumerate((k, s) for k in ("send", "recv") for s in COMPONENT_SLUGS):
        cols[f"comp_{k}_{s}_mean"] = [0.001 * i, 0.001 * i + 0.0005]
        cols[f"comp_{k}_{s}_ci"] = 0.0
    rows = component_metrics(Lookup(_summary(**cols)), 30)
    assert [n for n, *_ in rows[:4]] == ["c_send_operating_system_queuing_locate_ms", "c_send_data_transfers_locate_ms",
                                         "c_send_video_mixing_locate_ms", "c_send_operating_system_queuing_move_ms"]
    assert round(rows[4][1], 9) == 1.5          # send, data transfers (i = 1), Move: 1 ms + 0.5 ms
    assert round(rows[-1][1], 9) == 5.5         # recv, video mixing (i = 5), Move
    assert len(rows) == 12
    # added from the mutation run (2026-11-26, fourth session)
    _component_metrics_read_the_i386_distributed_at_the_rate_in_full()


def test_record_raises_through_metric_for_a_row_without_reason():
    from mmstudies.huynh.experiments import record

    calls = []

    class Fake:
        def metric(self, name, value, unit=""):
            calls.append(("metric", name, unit))

        def value_or_undefined(self, name, value, reason, unit=""):
            calls.append(("maybe", name, reason))

    record(Fake(), [("a", 1.0, "s", None), ("b", 2.0, "", "why")])
    assert calls == [("metric", "a", "s"), ("maybe", "b", "why")]
    # added from the mutation run (2026-11-26, fourth session)
    _record_passes_the_unit_of_a_row_that_may_be_undefined()


# -- added from the mutation run (2026-11-26, fourth session) -----------------------------------

def _fake_runs(monkeypatch):
    """run_once and pmap of the experiments module replaced: each run returns numbers made of its configuration
    and seed (no simulation), and pmap runs in order here, keeping what it was called with."""
    import mmstudies.huynh.experiments as ex

    calls, pmaps = [], []

    def run_once(cfg, seed):
        calls.append((cfg, seed))
        return {"events": cfg.frames + seed, "conservation_ok": 1.0, "max_outstanding": 1.0,
                "delay_recv": float(seed) + cfg.frame_rate, "util_host": cfg.adapter_vc_kloc}

    def pmap(func, tasks, workers=None, progress=False, label="runs"):
        tasks = list(tasks)
        pmaps.append((label, workers, progress, len(tasks)))
        return [func(t) for t in tasks]

    monkeypatch.setattr(ex, "run_once", run_once)
    monkeypatch.setattr(ex, "pmap", pmap)
    return calls, pmaps


def test_chapter_sweep_configurations_and_timing_with_the_runs_faked(monkeypatch):
    """Every part's configurations, seeds and timing row, by hand (the runs themselves are faked: fast)."""
    calls, pmaps = _fake_runs(monkeypatch)
    base = dict(frames=150, file_transfer=False, host="486", mixing="centralized")
    focus = dict(host="386", mixing="distributed", frame_rate=8)
    res = run_chapter_sweep(frame_rates=[8, 30.0], base=base, replications=2, seed=5, workers=3, frame_rate=15.0,
                            sweep_frames=100, adapter_klocs=[1, 16.0], focus=focus)
    assert list(res) == ["main", "adapter_kloc", "single", "pipeline", "drift", "timing"]
    assert pmaps == [("Huynh main", 3, True, 32), ("Huynh adapter_kloc", 3, True, 8), ("Huynh single", 3, True, 24),
                     ("Huynh pipeline", 3, True, 40), ("Huynh drift", 3, True, 4)]
    assert [s for _, s in calls[:4]] == [5, 6, 5, 6]
    main = res["main"]
    assert list(main[["mixing", "io_mode", "host", "frame_rate", "replication"]].itertuples(index=False, name=None))[:5] \
        == [("centralized", "locate", "386", 8.0, 0), ("centralized", "locate", "386", 8.0, 1),
            ("centralized", "locate", "386", 30.0, 0), ("centralized", "locate", "386", 30.0, 1),
            ("centralized", "locate", "486", 8.0, 0)]
    assert all(type(c.frame_rate) is float for c, _ in calls)
    assert (main["frames"] == 150).all() and list(main["events"][:2]) == [155, 156]
    ad = res["adapter_kloc"]
    assert list(ad[["io_mode", "host", "mixing", "frame_rate", "adapter_vc_kloc", "frames"]].drop_duplicates()
                .itertuples(index=False, name=None)) == [
        ("move", "386", "distributed", 15.0, 1.0, 100), ("move", "386", "distributed", 15.0, 16.0, 100),
        ("move", "486", "distributed", 15.0, 1.0, 100), ("move", "486", "distributed", 15.0, 16.0, 100)]
    assert all(type(c.adapter_vc_kloc) is float for c, _ in calls[32:40])
    single = res["single"].drop_duplicates(["io_mode", "host", "streams"])
    assert list(single[["io_mode", "host", "streams", "file_transfer"]].itertuples(index=False, name=None))[:3] == [
        ("locate", "386", "out", False), ("locate", "386", "in", False), ("locate", "386", "ft", True)]
    assert set(single["mixing"]) == {"centralized"} and set(single["frame_rate"]) == {15.0}
    assert set(single["frames"]) == {100} and len(single) == 12
    pipe = res["pipeline"].drop_duplicates(["io_mode", "frame_rate", "pipeline_model", "frames"])
    assert list(pipe[["io_mode", "frame_rate", "pipeline_model", "frames"]].itertuples(index=False, name=None))[:5] == [
        ("locate", 8.0, "frame_latency", 100), ("locate", 8.0, "frame_latency", 200),
        ("locate", 8.0, "frame_time", 100), ("locate", 8.0, "frame_time", 200), ("locate", 8.0, "compute_time", 100)]
    assert set(pipe["host"]) == {"386"} and set(pipe["mixing"]) == {"distributed"} and len(pipe) == 20
    drift = res["drift"]
    assert list(drift[["io_mode", "host", "mixing", "frame_rate", "frames", "replication"]]
                .itertuples(index=False, name=None)) == [
        ("locate", "386", "distributed", 8.0, 300, 0), ("locate", "386", "distributed", 8.0, 300, 1),
        ("move", "386", "distributed", 8.0, 300, 0), ("move", "386", "distributed", 8.0, 300, 1)]
    assert type(drift["frame_rate"].iloc[0]) is not str and all(type(c.frame_rate) is float for c, _ in calls[-4:])
    timing = res["timing"]
    assert list(timing.columns) == ["part", "seconds", "cpu_seconds", "runs", "events"]
    assert list(timing["part"]) == ["main", "adapter_kloc", "single", "pipeline", "drift"]
    assert list(timing["runs"]) == [32, 8, 24, 40, 4]
    # events: frames + seed per run, seeds 5 and 6 alternately: main 32 * 150 + 16 * 11, adapter 8 * 100 + 4 * 11,
    # single 24 * 100 + 12 * 11, pipeline 4 * (2 * (100 + 200) + 100) * 2 + 20 * 11, drift 4 * 300 + 2 * 11
    assert list(timing["events"]) == [4976, 844, 2532, 5820, 1222]
    assert all(0 <= x < 60 for x in timing["seconds"])
    assert list(timing["cpu_seconds"]) == [float(res[p]["cpu_seconds"].sum()) for p in timing["part"]]
    assert all(0 <= x < 60 for x in res["main"]["seconds"])
    assert all(0 <= x < 0.5 for x in res["main"]["cpu_seconds"])    # a faked run takes microseconds of CPU
    s = summarise_all(res, 0.9)
    assert list(s["drift"].iloc[:, :5].itertuples(index=False, name=None)) == [
        ("locate", "386", "distributed", 8.0, 300), ("move", "386", "distributed", 8.0, 300)]
    assert list(s["drift"]["delay_recv_mean"]) == [13.5, 13.5] and list(s["drift"]["n"]) == [2, 2]
    # without a focus there is no drift part
    res = run_chapter_sweep(frame_rates=[8.0], base=base, replications=1, seed=1, workers=1, frame_rate=8.0,
                            sweep_frames=100, adapter_klocs=[1.0])
    assert list(res) == ["main", "adapter_kloc", "single", "pipeline", "timing"]
    s = summarise_all(res, 0.9)
    assert list(s) == ["main", "adapter_kloc", "single", "pipeline"]
    assert list(s["main"].columns) == ["mixing", "io_mode", "host", "frame_rate", "delay_recv_mean", "delay_recv_ci",
                                       "n", "util_host_mean", "util_host_ci", "max_outstanding_mean",
                                       "max_outstanding_ci", "conservation_ok_mean", "conservation_ok_ci"]
    # added from the mutation run (2026-11-26, fourth session)
    _pipeline_metrics_rows_in_full_at_the_top_rate_in_locate_mode()


def test_run_configs_checks_every_configuration_before_the_first_run(monkeypatch):
    from mmperf.errors import ParameterError

    calls, pmaps = _fake_runs(monkeypatch)
    with pytest.raises(ParameterError, match=r"^frame_rate = -1 is not allowed: expected 1 <= frame_rate <= 60 "
                                             r"\(frames/s\)$"):
        run_configs([Config(frames=100), Config(frame_rate=-1)], replications=1, seed=1, workers=1)
    assert calls == [] and pmaps == []
    runs = run_configs([Config(frames=100, streams=("out", "ft"))], replications=1, seed=7)
    assert pmaps == [("Huynh sweep", 2, True, 1)]
    assert runs["streams"].tolist() == ["out+ft"] and calls[0][1] == 7 and calls[0][0].streams == ("out", "ft")
    # added from the mutation run (2026-11-26, fourth session)
    _run_configs_refuses_results_that_do_not_match_the_tasks(monkeypatch)


def _record_passes_the_unit_of_a_row_that_may_be_undefined():
    from mmstudies.huynh.experiments import record

    calls = []

    class Fake:
        def metric(self, name, value, unit=""):
            calls.append(("metric", name, value, unit))

        def value_or_undefined(self, name, value, reason, unit=""):
            calls.append(("maybe", name, value, reason, unit))

    record(Fake(), [("b_ms", 2.0, "ms", "why")])
    assert calls == [("maybe", "b_ms", 2.0, "why", "ms")]


_QUEUE_WHY = ("at an offered load of 1 or more a queue grows for as long as frames arrive, so its delays have no "
              "steady-state mean; the delay checks are marked not applicable")
_RING_WHY = ("the model treats the token ring as a pure delay (the paper: token waiting negligible, seed line 76); at "
             "an offered load of 1 or more that cannot hold, and the model's delays leave out the ring's queue; the "
             "delay checks are marked not applicable")


def _overload_warnings_in_full_and_the_ring_alone():
    """16 kB frames at 60 frames/s: the memory controller at 1.25 and the ring at 1.71 (distributed: 3 streams of
    16 kB both ways); 24 kB at 30 frames/s: the ring alone, at 1.27, no queue overloaded."""
    from mmstudies.huynh.experiments import overload

    warnings, na = overload([60.0], Config(frame_kb=16.0, host_vc_kloc=0.0))
    assert warnings == [
        ("1 station(s) overloaded in the main sweep (worst: memory controller at load 1.25, Locate 386, distributed, "
         "60 frames/s)", _QUEUE_WHY),
        ("the token ring is offered 1.71 of its capacity (Locate 386, distributed, 60 frames/s)", _RING_WHY)]
    assert na == ("memory controller overloaded (load 1.25) in Locate 386, distributed, 60 frames/s; "
                  "token ring overloaded (load 1.71) in Locate 386, distributed, 60 frames/s")
    assert overload([30.0], Config(frame_kb=24.0, host_vc_kloc=0.0)) == (
        [("the token ring is offered 1.27 of its capacity (Locate 386, distributed, 30 frames/s)", _RING_WHY)],
        "token ring overloaded (load 1.27) in Locate 386, distributed, 30 frames/s")


def _load_metrics_take_the_focus_in_locate_mode_whatever_the_base():
    """From a base in Move Mode on the i486, centralized, at 8 frames/s: the saturation points at the focus's 30
    frames/s (60 and 240 KLOCS/frame on the hosts, 16 on the adapter, the calibration's anchors) and the host's
    offered load at the focus (Locate, i386, distributed), not capped at 1: with 120 KLOCS/frame
    (90 * (120 + 5 + 2 * 10) + 30 * (5 + 5 + 2 * 10)) / 8550 = 1.6316."""
    from mmstudies.huynh.experiments import load_metrics

    base = Config(io_mode="move", host="486", mixing="centralized", frame_rate=8.0, host_vc_kloc=120.0)
    rows = load_metrics(base, dict(host="386", mixing="distributed", frame_rate=30))
    assert rows == [("cpu_saturation_kloc_386_run", pytest.approx(60.0), "KLOCS/frame", None),
                    ("cpu_saturation_kloc_486_run", pytest.approx(240.0), "KLOCS/frame", None),
                    ("adapter_saturation_kloc_run", pytest.approx(16.0), "KLOCS/frame", None),
                    ("host_load_focus_pct", pytest.approx(100 * 13950 / 8550), "%", None)]


def _focus_stations_are_the_focus_configurations_in_both_modes_whatever_the_base():
    from mmstudies.huynh.analytic import stations
    from mmstudies.huynh.experiments import focus_stations

    base = Config(host="486", mixing="centralized", frame_rate=8.0)
    got = focus_stations(base, dict(host="386", mixing="distributed", frame_rate=30))
    assert got == stations(Config(io_mode="locate")) + stations(Config(io_mode="move"))


def _pipeline_metrics_rows_in_full_at_the_top_rate_in_locate_mode():
    """Locate at 30 frames/s is read; Move and 8 frames/s are in the frame too, and must not be."""
    from mmstudies.huynh.experiments import pipeline_metrics

    why = "no received frame left the network in these runs (an overloaded device: see the warnings)"
    p = pd.DataFrame({"io_mode": ["locate", "move", "locate"], "pipeline_model": "frame_latency", "frames": 200,
                      "frame_rate": [30.0, 30.0, 8.0], "delay_recv_mean": [0.05, 0.07, 0.09],
                      "delay_recv_ci": [0.004, 0.006, 0.008]})
    rows = [(n, round(v, 9), u, w) for n, v, u, w in pipeline_metrics(p, 30.0, 200)]
    assert rows == [("recv_frame_latency_ms", 50.0, "ms", why), ("recv_frame_latency_ci_ms", 4.0, "ms", why)]


def _record_delays_with_the_focus_in_locate_mode_and_a_drift_at_the_edge():
    """Focus in Locate Mode: the focus names take Locate's values. Receive delay 100 ms +- 30 at 200 frames,
    142.44 ms +- 30 at 400: the difference 42.44 exceeds sqrt(30^2 + 30^2) = 42.43, so it drifts (by 0.01 ms).
    The drift frame also holds a run at 600 frames, which must not be read."""
    from mmperf.steady import check_stations
    from mmstudies.huynh.experiments import focus_stations, record_delays
    from mmstudies.huynh.scoring import Lookup

    s = _summary(delay_send_mean=[0.040, 0.035], delay_send_ci=[0.002, 0.001], delay_recv_mean=[0.1, 0.09],
                 delay_recv_ci=[0.03, 0.02], delay_ft_mean=[0.3, 0.2], delay_ft_ci=[0.03, 0.02])
    drift = pd.concat([_summary(frames=f, delay_send_mean=[0.040, 0.035], delay_send_ci=[0.002, 0.001],
                                delay_recv_mean=[r, 0.09], delay_recv_ci=[0.03, 0.02], delay_ft_mean=[0.3, 0.2],
                                delay_ft_ci=[0.03, 0.02]) for f, r in ((400, 0.14244), (600, 0.1))])
    focus = dict(io_mode="locate", host="386", mixing="distributed", frame_rate=30.0)
    base = Config(frames=200)
    ch = _Ch(check_stations(focus_stations(base, focus)))
    record_delays(ch, Lookup(s), drift, focus, base)
    got = {n: round(x, 9) for n, x in ch.metrics.items()}
    assert got == {"delay_send_ms": 40.0, "delay_send_ci_ms": 2.0, "delay_send_locate_ms": 40.0,
                   "delay_send_move_ms": 35.0, "delay_recv_move_ms": 90.0, "delay_ft_ms": 300.0,
                   "delay_ft_ci_ms": 30.0, "delay_ft_locate_ms": 300.0, "delay_ft_move_ms": 200.0}
    why = ("recv delay (Locate) drifts with the run length (100 at the chapter's run length, 142.4 at twice it; the "
           "difference +42.4 exceeds its interval +-42): not a steady-state mean")
    assert ch.undefined_metrics == {"delay_recv_locate_ms": why, "delay_recv_ms": why, "delay_recv_ci_ms": why}


def _record_delays_through_an_overloaded_ring_at_the_focus_not_the_base():
    """24 kB frames: the ring is offered 1.27 at 30 frames/s distributed (the focus) but 0.30 at the base's 8 frames/s
    centralized; every delay of both modes is undefined for the ring, with its load."""
    from mmstudies.huynh.experiments import record_delays
    from mmstudies.huynh.scoring import Lookup

    s = _summary(delay_send_mean=[0.040, 0.035], delay_send_ci=[0.002, 0.001], delay_recv_mean=[0.1, 0.09],
                 delay_recv_ci=[0.03, 0.02], delay_ft_mean=[0.3, 0.2], delay_ft_ci=[0.03, 0.02])
    focus = dict(io_mode="move", host="386", mixing="distributed", frame_rate=30.0)
    base = Config(frames=200, frame_kb=24.0, mixing="centralized", frame_rate=8.0)
    ch = _Ch([])
    record_delays(ch, Lookup(s), None, focus, base)
    why = "the token ring is offered 1.27 of its capacity: the model's pure delay leaves out its queue"
    assert ch.metrics == {}
    assert ch.undefined_metrics == {f"{k}_{n}": why for k in ("delay_send", "delay_recv", "delay_ft")
                                    for n in ("locate_ms", "move_ms", "ms", "ci_ms")}


def _run_configs_refuses_results_that_do_not_match_the_tasks(monkeypatch):
    import mmstudies.huynh.experiments as ex

    calls, _ = _fake_runs(monkeypatch)
    monkeypatch.setattr(ex, "pmap", lambda func, tasks, **kw: [func(t) for t in list(tasks)[:-1]])
    with pytest.raises(ValueError, match=r"^zip\(\) argument 2 is shorter than argument 1$"):
        run_configs([Config(frames=100)], replications=2, seed=1, workers=1)


def _summarise_at_another_level_and_two_metrics_side_by_side():
    """Group a: (1, 2, 3) at 90 %: t(0.95, 2) = 2.920, half-width 2.920 / sqrt(3) = 1.686; y beside x."""
    runs = pd.DataFrame({"g": ["a", "a", "a", "b"], "x": [1.0, 2.0, 3.0, 5.0], "y": [2.0, 4.0, 6.0, 1.0]})
    s = summarise(runs, ["g"], ["x", "y"], level=0.9)
    assert list(s.columns) == ["g", "x_mean", "x_ci", "n", "y_mean", "y_ci"]
    assert s["x_ci"].iloc[0] == pytest.approx(1.686, abs=1e-3) and s["y_ci"].iloc[0] == pytest.approx(3.372, abs=1e-3)
    assert list(s["y_mean"]) == [4.0, 1.0]


def _component_metrics_read_the_i386_distributed_at_the_rate_in_full():
    """The summary holds the i486, centralized and 8 frames/s too: only i386, distributed, 15 frames/s is read."""
    from mmstudies.huynh.experiments import COMPONENT_SLUGS, component_metrics
    from mmstudies.huynh.scoring import Lookup

    keys = [("386", "distributed", 15.0), ("486", "distributed", 15.0), ("386", "centralized", 15.0),
            ("386", "distributed", 8.0)]
    rows = [dict(io_mode=m, host=h, mixing=x, frame_rate=f) for h, x, f in keys for m in ("locate", "move")]
    s = pd.DataFrame(rows)
    for k in ("send", "recv"):
        for slug in COMPONENT_SLUGS:
            s[f"comp_{k}_{slug}_mean"] = [0.002 if i < 2 else 0.009 for i in range(len(s))]
            s[f"comp_{k}_{slug}_ci"] = 0.0
    got = component_metrics(Lookup(s), 15)
    names = [f"c_{k}_{slug}_{m}_ms" for k in ("send", "recv") for m in ("locate", "move") for slug in COMPONENT_SLUGS]
    assert [(n, round(v, 9), u, w) for n, v, u, w in got] == [(n, 2.0, "ms", "no frame of this stream finished")
                                                              for n in names]
    na = component_metrics(Lookup(s), 15, na="ring overloaded")
    assert [(n, u, w) for n, _, u, w in na] == [(n, "ms", "no steady state: ring overloaded") for n in names]
    assert all(v != v for _, v, _, _ in na)


def _record_delays_at_a_ring_load_of_exactly_one(monkeypatch):
    """At an offered load of exactly 1 the ring has no steady state either (the analytic loads faked to 1)."""
    import mmstudies.huynh.analytic as analytic
    from mmstudies.huynh.experiments import record_delays

    monkeypatch.setattr(analytic, "offered_loads", lambda cfg: {analytic.RING: 1.0})
    ch = _Ch([])
    record_delays(ch, None, None, dict(io_mode="move", host="386", mixing="distributed", frame_rate=30.0),
                  Config(frames=200))
    assert ch.metrics == {} and len(ch.undefined_metrics) == 12
    assert set(ch.undefined_metrics.values()) == {
        "the token ring is offered 1.00 of its capacity: the model's pure delay leaves out its queue"}
