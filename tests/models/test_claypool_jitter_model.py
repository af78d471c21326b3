"""The Ciw generator (the chapter's first model, ``generator = "ciw"``) and the generator dispatch."""

from __future__ import annotations

import numpy as np
import pytest

from mmstudies import claypool_jitter as cj
from mmstudies.claypool_jitter import model

QUIET = cj.Mechanisms(environment_sd_ms=0.0)
SETTINGS = cj.MetricSettings()


def test_idle_system_without_noise_gives_a_perfectly_periodic_trace():
    """No sender noise, no counters, quiet link: every interarrival is exactly the period."""
    x = cj.ciw_trace(cj.EndSystem(), QUIET, run_length_s=5, warmup_s=1, seed=3)
    assert np.allclose(x, 160_000)
    m = cj.trace_metrics(x, 160.0, SETTINGS)
    assert m["Variance"] == pytest.approx(0.0, abs=1e-6)
    assert m["Gaps"] == 0.0 and m["Area"] == 0.0 and m["optimal_buffer_us"] == 0.0


def test_trace_length_matches_run_length():
    """16 s at one frame per 160 ms is 100 frames (the warm-up frames excluded)."""
    for generator in cj.GENERATORS:
        x, _ = cj.simulate_trace(cj.EndSystem(processor_load=1.0), cj.Mechanisms(), generator=generator,
                                 run_length_s=16, warmup_s=2, seed=1)
        assert abs(len(x) + 1 - 100) <= 2, generator


def test_realtime_frames_never_wait_for_the_counters():
    """Preemptive priority: without sender noise the only jitter left is the (zero) network."""
    x = cj.ciw_trace(cj.EndSystem(processor_load=5.0, priority="realtime"), QUIET, run_length_s=10,
                     warmup_s=1, seed=2)
    assert np.allclose(x, 160_000, atol=1e-6)


def test_counter_utilisation_and_burst_scaling():
    """M/M/1 reading of a load average: rho = L / (1 + L); bursts are fixed work, so 1/SPECint92."""
    assert cj.counter_utilisation(0.0) == 0.0
    assert cj.counter_utilisation(3.0) == 0.75
    with pytest.raises(ValueError, match="processor_load"):
        cj.counter_utilisation(-1)
    assert cj.burst_ms(43.6, 20.0) == pytest.approx(10.0)


def test_ciw_load_and_priority_move_jitter_the_expected_way():
    def var(system):
        return np.mean([np.var(cj.ciw_trace(system, cj.Mechanisms(), run_length_s=30, warmup_s=2, seed=s))
                        for s in range(3)])
    assert var(cj.EndSystem(processor_load=4.0)) > 2 * var(cj.EndSystem(processor_load=0.5))
    assert var(cj.EndSystem(processor_load=3.0, priority="realtime")) < 0.05 * var(cj.EndSystem(processor_load=3.0))


def test_unknown_priority_and_generator_are_refused():
    with pytest.raises(ValueError, match="priority"):
        model.build_network(cj.EndSystem(priority="urgent"), cj.Mechanisms())
    with pytest.raises(ValueError, match="generator"):
        cj.simulate_trace(cj.EndSystem(), cj.Mechanisms(), generator="magic", run_length_s=5, warmup_s=0, seed=1)


def test_dispatch_reports_the_load_each_generator_uses():
    """Ciw: the load average is its input; time-slice: counters plus the receiver's runnable share."""
    _, load_ciw = cj.simulate_trace(cj.EndSystem(processor_load=2.5), cj.Mechanisms(), generator="ciw",
                                    run_length_s=5, warmup_s=0, seed=1)
    _, load_ts = cj.simulate_trace(cj.EndSystem(processor_load=2.5), cj.Mechanisms(), generator="timeslice",
                                   run_length_s=5, warmup_s=0, seed=1)
    assert load_ciw == 2.5
    assert 2.0 <= load_ts < 3.0     # round(2.5) = 2 counters
