"""Experiment designs and runs: both generators run from the chapter's own parameters."""

from __future__ import annotations

import pandas as pd
import pytest

from mmbook.params import load_chapter
from mmperf.data import load_table
from mmstudies import claypool_jitter as cj

SETTINGS = cj.MetricSettings()


def _chapter_kwargs(generator: str) -> dict:
    """The chapter's default parameters, with cost settings cut to a quick run."""
    p = load_chapter("claypool-jitter").defaults()
    featured = {k: p[k] for k in ("specint92", "processor_load", "priority", "network_Mbps", "network_load",
                                  "period_ms", "frame_bytes")}
    mechanisms = {k: p[k] for k in ("quantum_ms", "stall_rate_per_min", "stall_mean_ms", "stall_distribution",
                                    "cross_message_bytes", "cpu_burst_ms", "environment_sd_ms")}
    settings = {k: p[k] for k in ("gap_buffer_ms", "buffer_max_ms", "latency_limit_ms", "gap_limit_pct",
                                  "range_definition", "lateness_reference")}
    return {"seed": p["seed"], "replications": 2, "run_length_s": 10.0, "warmup_s": 1.0, "generator": generator,
            "featured": featured, "mechanisms": mechanisms, "settings": settings,
            "loaded_network_utilisation": p["loaded_network_utilisation"], "light_load": p["light_load"],
            "years": 2, "annual_growth": p["annual_growth"], "miniexp1": [(160.0, 1280), (33.0, 6000)],
            "miniexp2": [(30.0, 1280), (160.0, 1280)], "loads": [1.0, 2.0, 3.0], "workers": 1}


@pytest.mark.parametrize("generator", ["timeslice", "ciw"])
def test_both_generators_run_from_the_chapters_parameters(generator):
    study = cj.simulate_study(**_chapter_kwargs(generator))
    expected = {"processor": 4 * 3 * 2, "power": 4 * 2, "priority": 3 * 3 * 2, "network": 6 * 2,
                "additivity": 6 * 2, "miniexp1": 2 * 2, "miniexp2": 2 * 2, "environment": 5, "years": 2 * 3 * 2,
                "featured": 2}
    for name, n in expected.items():
        assert len(study[name]) == n, name
        assert study[name]["Variance"].notna().all()
    assert set(study["network_traces"]) == {(k, r) for k in range(6) for r in range(2)}
    pooled = cj.pooled_chapter3_runs(study)
    assert len(pooled) == (24 + 8 + 18 + 12)


def test_designs_cover_the_thesis_experiments():
    loads = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert len(cj.processor_design(loads)) == 4 * 6
    assert len(cj.priority_design(loads, 21.8)) == 3 * 6
    assert len(cj.network_design(0.5, 21.8)) == 3 * 2
    power = cj.power_design(0.25)
    assert {r["system"].specint92 for r in power} == set(load_table("claypool", "ch3_table3_3")["SPECint92"])
    assert all(r["system"].stall_factor == 0.0 for r in power)          # isolated: no stalls
    mini = cj.miniexp_design(cj.EndSystem(processor_load=3.0), [(30.0, 1280)], "m")
    assert mini[0]["system"].processor_load == 0.0                      # unloaded mini-experiments
    years = cj.years_design(cj.EndSystem(), 3, 2.0)
    assert max(r["system"].specint92 for r in years) == pytest.approx(21.8 * 8)


def test_run_design_is_deterministic_and_independent_of_workers():
    rows = cj.priority_design([1.0, 3.0], 21.8)[:2]
    kw = {"replications": 2, "run_length_s": 10, "warmup_s": 1, "seed": 5, "generator": "timeslice"}
    a, _ = cj.run_design(rows, cj.Mechanisms(), SETTINGS, workers=1, **kw)
    b, _ = cj.run_design(rows, cj.Mechanisms(), SETTINGS, workers=2, **kw)
    pd.testing.assert_frame_equal(a, b)
    assert list(a["replication"]) == [0, 1, 0, 1]


def test_sensitivity_varies_one_value_at_a_time():
    kw = _chapter_kwargs("timeslice")
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    sens = cj.sensitivity(seed=1, replications=1, warmup_s=1.0, featured=kw["featured"], mechanisms=kw["mechanisms"],
                          settings=kw["settings"], paper=paper, loaded_network_utilisation=0.5, light_load=0.25,
                          loads=[1.0, 2.0, 3.0], run_lengths=[10.0, 20.0], stall_rates=[0.0, 2.0], quanta=[50.0],
                          run_length_s=10.0, workers=1)
    assert len(sens) == 15 * 5
    assert set(sens["parameter"]) == {"run_length_s", "stall_rate_per_min", "quantum_ms"}
    assert sens["ours_r"].between(-1, 1).all()
