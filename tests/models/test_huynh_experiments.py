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


def test_main_configs_cover_modes_hosts_rates_and_schemes():
    cfgs = main_configs([8.0, 30.0], Config())
    assert len(cfgs) == 2 * 2 * 2 * 2
    assert {(c.io_mode, c.host, c.frame_rate, c.mixing) for c in cfgs} == {
        (m, h, f, x) for m in ("locate", "move") for h in ("386", "486") for f in (8.0, 30.0)
        for x in ("centralized", "distributed")}


def test_chapter_sweep_parts_and_summaries():
    base = dict(file_transfer=True, frame_kb=8.0, host_vc_kloc=15.0, adapter_vc_kloc=1.0, participants=3,
                frames=200, pipeline_model="frame_time")
    res = run_chapter_sweep(frame_rates=[8.0, 30.0], base=base, replications=2, seed=1, workers=1,
                            frame_rate=30.0, sweep_frames=200, adapter_klocs=[1.0, 16.0])
    assert set(res) == {"main", "adapter_kloc", "single", "pipeline", "timing"}
    assert len(res["main"]) == 16 * 2 and len(res["adapter_kloc"]) == 2 * 2 * 2
    assert (res["main"]["conservation_ok"] == 1.0).all()
    s = summarise_all(res, 0.9)
    assert set(s) == {"main", "adapter_kloc", "single", "pipeline"}
    assert (s["main"]["n"] == 2).all()
    assert list(res["timing"]["runs"]) == [32, 8, 24, 8]


# -- what the page reads off the runs (moved from the notebook) ---------------------------------

def test_chapter_grid_adds_the_single_point_and_the_paper_anchors_once_sorted():
    from mmstudies.huynh.experiments import chapter_grid

    v = {"frame_rate_low": 8.0, "frame_rate_high": 30.0}
    assert chapter_grid([15, 30], 8, v) == [8.0, 15.0, 30.0]
    assert chapter_grid([45.0], 20.0, v) == [8.0, 20.0, 30.0, 45.0]


def test_overload_names_the_worst_device_with_its_load_by_hand():
    from mmstudies.huynh.experiments import overload

    assert overload([8.0, 30.0], Config()) == (None, None)
    # 120 KLOCS/frame on the i386 at 30 frames/s: host work 90 * (120 + 5 + 2*10) + 30 * (5 + 5 + 2*10)
    # = 13950 KLOCS/s against 8550 KLOCS/s (the calibrated rate): load 1.63; at 8 frames/s it is lower.
    warning, na = overload([8.0, 30.0], Config(host_vc_kloc=120.0))
    assert na == "host CPU overloaded (load 1.63) in Locate 386, distributed, 30 frames/s"
    assert warning[0].endswith("(worst: host CPU at load 1.63, Locate 386, distributed, 30 frames/s)")
    assert "not applicable" in warning[1]


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


def test_delay_metrics_in_ms_with_both_modes_and_the_reasons():
    from mmstudies.huynh.experiments import delay_metrics
    from mmstudies.huynh.scoring import Lookup

    s = _summary(delay_send_mean=[0.040, 0.035], delay_send_ci=[0.002, 0.001], delay_recv_mean=[0.1, 0.09],
                 delay_recv_ci=[0.01, 0.02], delay_ft_mean=[0.3, 0.2], delay_ft_ci=[0.03, 0.02])
    focus = dict(io_mode="move", host="386", mixing="distributed", frame_rate=30.0)
    rows = delay_metrics(Lookup(s), focus, file_transfer=True)
    got = {n: round(x, 9) for n, x, _, _ in rows}
    assert got == {"delay_send_ms": 35.0, "delay_send_ci_ms": 1.0, "delay_send_locate_ms": 40.0,
                   "delay_send_move_ms": 35.0, "delay_recv_ms": 90.0, "delay_recv_ci_ms": 20.0,
                   "delay_recv_locate_ms": 100.0, "delay_recv_move_ms": 90.0, "delay_ft_ms": 200.0,
                   "delay_ft_ci_ms": 20.0, "delay_ft_locate_ms": 300.0, "delay_ft_move_ms": 200.0}
    assert {u for _, _, u, _ in rows} == {"ms"}
    assert "overloaded" in rows[-1][3]
    off = delay_metrics(Lookup(s), focus, file_transfer=False)
    assert off[-1][3] == "no file transfers in this run (file_transfer is off)" and "overloaded" in off[0][3]


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
