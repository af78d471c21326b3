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
