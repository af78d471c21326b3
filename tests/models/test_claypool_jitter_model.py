"""The Ciw media-stream model of the claypool-jitter chapter: structure, determinism, analysis helpers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mmperf import jitter
from mmperf.data import load_table, load_values
from mmperf.models import claypool_jitter as cj
from mmperf.params import ParameterError, load_chapter

QUIET = cj.Assumptions(environment_sd_ms=0.0)
SETTINGS = cj.MetricSettings()


def test_idle_system_without_noise_gives_a_perfectly_periodic_trace():
    x = cj.simulate_trace(cj.EndSystem(), QUIET, run_seconds=5, warmup_seconds=1, seed=3)
    assert np.allclose(x, 160_000)
    m = cj.trace_metrics(x, 160.0, SETTINGS)
    assert m["Variance"] == pytest.approx(0.0, abs=1e-6)
    assert m["Gaps"] == 0.0 and m["Area"] == 0.0 and m["optimal_buffer_us"] == 0.0


def test_same_seed_same_trace_and_different_seed_different_trace():
    system = cj.EndSystem(processor_load=2.0)
    a = cj.simulate_trace(system, cj.Assumptions(), run_seconds=10, warmup_seconds=1, seed=7)
    b = cj.simulate_trace(system, cj.Assumptions(), run_seconds=10, warmup_seconds=1, seed=7)
    c = cj.simulate_trace(system, cj.Assumptions(), run_seconds=10, warmup_seconds=1, seed=8)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_trace_length_matches_run_length():
    x = cj.simulate_trace(cj.EndSystem(processor_load=1.0), cj.Assumptions(), run_seconds=16, warmup_seconds=2,
                          seed=1)
    assert abs(len(x) + 1 - 100) <= 2       # 16 s / 0.16 s = 100 frames


def _mean_variance(system, reps=3, seconds=30):
    return np.mean([jitter.variance(cj.simulate_trace(system, cj.Assumptions(), run_seconds=seconds,
                                                      warmup_seconds=2, seed=s)) for s in range(reps)])


def test_load_priority_and_power_move_jitter_the_expected_way():
    low = _mean_variance(cj.EndSystem(processor_load=0.5))
    high = _mean_variance(cj.EndSystem(processor_load=4.0))
    assert high > 2 * low
    default = _mean_variance(cj.EndSystem(processor_load=3.0))
    realtime = _mean_variance(cj.EndSystem(processor_load=3.0, priority="realtime"))
    assert realtime < 0.05 * default
    fast = _mean_variance(cj.EndSystem(processor_load=3.0, specint92=64.0))
    assert fast < default


def test_realtime_frames_never_wait_for_the_counters():
    # preemptive priority: with no sender noise the only jitter left is the (zero) network
    x = cj.simulate_trace(cj.EndSystem(processor_load=5.0, priority="realtime"), QUIET, run_seconds=10,
                          warmup_seconds=1, seed=2)
    assert np.allclose(x, 160_000, atol=1e-6)


def test_loaded_slow_network_adds_jitter_fast_network_less():
    quiet = _mean_variance(cj.EndSystem())
    ethernet = _mean_variance(cj.EndSystem(network_load=0.5))
    hippi = _mean_variance(cj.EndSystem(network_load=0.5, network_Mbps=800.0))
    assert ethernet > 10 * quiet
    assert hippi < ethernet


def test_counter_utilisation_and_burst_scaling():
    assert cj.counter_utilisation(0.0) == 0.0
    assert cj.counter_utilisation(3.0) == 0.75
    with pytest.raises(ValueError, match="processor_load"):
        cj.counter_utilisation(-1)
    assert cj.burst_ms(43.6, 20.0) == pytest.approx(10.0)


def test_unknown_priority_is_refused():
    with pytest.raises(ValueError, match="priority"):
        cj.build_network(cj.EndSystem(priority="urgent"), cj.Assumptions())


def test_designs_cover_the_thesis_experiments():
    loads = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert len(cj.processor_design(loads)) == 4 * 6
    assert len(cj.priority_design(loads, 21.8)) == 3 * 6
    assert len(cj.network_design(0.5, 21.8)) == 3 * 2
    specs = {r["system"].specint92 for r in cj.power_design(0.25)}
    table33 = load_table("claypool", "ch3_table3_3")
    assert specs == set(table33["SPECint92"])          # the model's machines are Table 3.3's
    years = cj.years_design(cj.EndSystem(), 3, 2.0)
    assert max(r["system"].specint92 for r in years) == pytest.approx(21.8 * 8)


def test_run_design_is_deterministic_and_independent_of_workers():
    rows = cj.priority_design([1.0, 3.0], 21.8)[:2]
    kw = {"replications": 2, "run_seconds": 10, "warmup_seconds": 1, "seed": 5}
    a, _ = cj.run_design(rows, cj.Assumptions(), SETTINGS, **kw)
    b, _ = cj.run_design(rows, cj.Assumptions(), SETTINGS, workers=2, **kw)
    pd.testing.assert_frame_equal(a, b)
    assert list(a["replication"]) == [0, 1, 0, 1]


def test_correlation_pipeline_is_deterministic_for_a_seed():
    rows = cj.processor_design([1.0, 4.0])
    kw = {"replications": 2, "run_seconds": 10, "warmup_seconds": 1, "seed": 11}
    a, _ = cj.run_design(rows, cj.Assumptions(), SETTINGS, **kw)
    b, _ = cj.run_design(rows, cj.Assumptions(), SETTINGS, **kw)
    ca, cb = cj.correlation_matrix(a), cj.correlation_matrix(b)
    pd.testing.assert_frame_equal(ca, cb)
    assert list(ca.columns) == list(jitter.METRIC_NAMES)
    assert np.allclose(np.diag(ca), 1.0)
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    pairs = cj.pairwise_comparison(ca, paper)
    assert len(pairs) == 15
    assert pairs.loc[pairs["pair"] == "Range-Area", "paper_r"].item() == 0.34   # row Range, as printed


def test_fit_line_and_band():
    f = cj.fit_line([1, 2, 3, 4, 5], [2.1, 3.9, 6.2, 7.8, 10.1])
    assert f["slope"] == pytest.approx(1.99, abs=0.01)
    assert 0.99 < f["r"] <= 1.0
    band = cj.confidence_band([1, 2, 3, 4, 5], [2.1, 3.9, 6.2, 7.8, 10.1], [0, 3, 6])
    assert (band["low"] < band["fit"]).all() and (band["fit"] < band["high"]).all()


def test_additivity_table_sums_processor_and_network():
    add = pd.DataFrame({"network": ["Ethernet", "Ethernet"], "case": ["processor", "both"], "Variance": [2.0, 5.0]})
    net = pd.DataFrame({"network": ["Ethernet", "Ethernet"], "network_load": [0.0, 0.5], "Variance": [0.1, 3.0]})
    t = cj.additivity_table(add, net).set_index("network")
    assert t.loc["Ethernet", "predicted_jitter"] == 5.0
    assert t.loc["Ethernet", "error_pct"] == 0.0


def test_printed_chain_matches_the_thesis_substitution():
    v = {**{k: float(x) for k, x in load_values("claypool", "jitter_values").items()},
         **{k: float(x) for k, x in load_values("claypool", "ch3_values").items()}}
    c = cj.printed_chain(v)
    assert c["chain_slope"] == pytest.approx(v["buf_jitter_slope"], rel=0.001)
    assert c["chain_intercept"] == pytest.approx(v["buf_jitter_intercept"], rel=0.001)
    assert c["buffer_at_area_threshold_us"] == pytest.approx(1_363_500)
    assert c["area_at_jitter_threshold"] == pytest.approx(1_788_000)


def test_first_year_below():
    years = pd.DataFrame({"priority": ["default"] * 3, "year": [0, 1, 2], "Variance": [5e9, 2e9, 5e8]})
    assert cj.first_year_below(years, "default", 1e9) == 2.0
    assert np.isnan(cj.first_year_below(years, "default", 1e8))


def test_validate_parameters_refuses_bad_combinations():
    ok = load_chapter("claypool-jitter").defaults()
    cj.validate_parameters(ok)
    with pytest.raises(ParameterError, match="annual_growth"):
        cj.validate_parameters({**ok, "annual_growth": 4.0, "years": 6})
    with pytest.raises(ParameterError, match="network_load"):
        cj.validate_parameters({**ok, "network_load": 0.95, "network_Mbps": 1.0, "frame_bytes": 65000})
    with pytest.raises(ParameterError, match="fewer than 50 frames"):
        cj.validate_parameters({**ok, "run_seconds": 10.0, "period_ms": 1000.0})


def test_chapter_resolve_reports_the_parameter_and_range():
    spec = load_chapter("claypool-jitter")
    with pytest.raises(ParameterError, match="processor_load"):
        spec.resolve({"processor_load": -1})
    with pytest.raises(ParameterError, match="priority"):
        spec.resolve({"priority": "urgent"})
