"""The Ciw generator (the chapter's first model, ``generator = "ciw"``) and the generator dispatch."""

from __future__ import annotations

import numpy as np
import pytest

from mmperf import jitter
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


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session): the network of one condition read back from Ciw, an exact trace length, the
# dispatch and the metrics' plumbing.

def test_network_of_one_condition_by_hand():
    """SPECint92 43.6 (twice the IPX), load average 3, a 10 Mbit/s link 40 % busy, 100 ms frames of 1250 B;
    12,500 B netperf messages, 20 ms bursts on the IPX, 2.5 ms sender noise. Then: a message takes 8 x 12500 /
    10^4 = 10 ms, arriving at 0.4 / 10 per ms; the counters are busy 3 / (1 + 3) = 0.75 in bursts of 20 x 21.8 /
    43.6 = 10 ms, arriving at 0.075 per ms; a frame waits a gamma sender delay (mean 5 ms, cv 2.5 / 5 = 0.5: shape
    4, scale 1.25), takes 8 x 1250 / 10^4 = 1 ms on the link and half the IPX's receive cost on the CPU."""
    system = cj.EndSystem(specint92=43.6, processor_load=3.0, network_load=0.4, period_ms=100.0, frame_bytes=1250)
    mech = cj.Mechanisms(cross_message_bytes=12500.0, cpu_burst_ms=20.0, environment_sd_ms=2.5)
    net = model.build_network(system, mech)
    audio, cross, counter = (net.customer_classes[c] for c in ("audio", "cross", "counter"))
    assert audio.arrival_distributions[0].value == 100.0 and audio.arrival_distributions[1:] == [None, None]
    assert cross.arrival_distributions[0] is None and cross.arrival_distributions[2] is None
    assert cross.arrival_distributions[1].rate == pytest.approx(0.04)
    assert counter.arrival_distributions[:2] == [None, None]
    assert counter.arrival_distributions[2].rate == pytest.approx(0.075)
    env, link, cpu = audio.service_distributions
    assert (env.shape, env.scale) == pytest.approx((4.0, 1.25))
    assert (link.value, cpu.value) == (pytest.approx(1.0), pytest.approx(cj.RECEIVE_COST_MS / 2))
    assert cross.service_distributions[1].rate == pytest.approx(0.1)
    assert counter.service_distributions[2].rate == pytest.approx(0.1)
    assert [r.probs[:-1] for r in audio.routing.routers] == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    for cls in (cross, counter):
        assert [r.probs[:-1] for r in cls.routing.routers] == [[0.0] * 3] * 3
    assert [c.number_of_servers for c in net.service_centres] == [float("inf"), 1, 1]


def test_quiet_conditions_have_no_cross_traffic_no_counters_and_a_fixed_sender_delay():
    """No sender noise: a fixed 5 ms; 1 ms of noise: gamma of cv 1 / 5, shape 25, scale 5 / 25 = 0.2."""
    net = model.build_network(cj.EndSystem(), QUIET)
    assert net.customer_classes["cross"].arrival_distributions == [None, None, None]
    assert net.customer_classes["counter"].arrival_distributions == [None, None, None]
    assert net.customer_classes["audio"].service_distributions[0].value == 5.0
    one = model.build_network(cj.EndSystem(), cj.Mechanisms(environment_sd_ms=1.0)).customer_classes["audio"]
    assert (one.service_distributions[0].shape, one.service_distributions[0].scale) == pytest.approx((25.0, 0.2))


def test_priorities_put_the_counters_behind_and_realtime_preempts_them():
    """default: one priority class; nice: the counters (class 1) behind audio and cross traffic (class 0), no
    preemption; realtime: the same, and the CPU (node 3) preempts and resumes the counters."""
    def classes(priority):
        net = model.build_network(cj.EndSystem(processor_load=1.0, priority=priority), cj.Mechanisms())
        return ({c: k.priority_class for c, k in net.customer_classes.items()},
                [s.priority_preempt for s in net.service_centres])
    assert classes("default") == ({"audio": 0, "counter": 0, "cross": 0}, [False, False, False])
    assert classes("nice") == ({"audio": 0, "counter": 1, "cross": 0}, [False, False, False])
    assert classes("realtime") == ({"audio": 0, "counter": 1, "cross": 0}, [False, False, "resume"])
    with pytest.raises(ValueError, match=r"^priority must be one of \('default', 'nice', 'realtime'\), got 'urgent'$"):
        model.build_network(cj.EndSystem(priority="urgent"), cj.Mechanisms())


def test_quiet_trace_keeps_the_frames_received_inside_the_window():
    """Frames sent at 160 k ms reach the CPU 5 + 1.024 ms later (160 k + 6.024) and leave it 0.31884 ms after that
    (160 k + 6.34284). Warm-up 0.966 s: records from 966 ms on, so frame 6 (CPU at 966.024) is the first kept; run
    1.919 s: the run ends at 2885 ms, so frame 17 (leaving 2726.34) is the last, frame 18 (2886.34) is not.
    12 frames, 11 interarrivals of exactly 160,000 us. (Both edges lie within 1 ms of a frame, so a warm-up or an
    end off by a thousandth moves a frame in or out.)"""
    x = cj.ciw_trace(cj.EndSystem(), QUIET, run_length_s=1.919, warmup_s=0.966, seed=3)
    assert len(x) == 11 and np.allclose(x, 160_000, rtol=0, atol=1e-6)


def test_dispatch_passes_every_argument_to_its_generator():
    system, mech = cj.EndSystem(processor_load=2), cj.Mechanisms()
    x, load = cj.simulate_trace(system, mech, generator="ciw", run_length_s=4, warmup_s=1, seed=5)
    assert np.array_equal(x, cj.ciw_trace(system, mech, run_length_s=4, warmup_s=1, seed=5))
    assert isinstance(load, float) and load == 2.0
    y, load_ts = cj.simulate_trace(system, mech, generator="timeslice", run_length_s=4, warmup_s=1, seed=5)
    z, detail = cj.timeslice.generate(system, mech, run_length_s=4, warmup_s=1, seed=5)
    assert np.array_equal(y, z) and load_ts == detail.load_average
    with pytest.raises(ValueError, match=r"^generator must be one of \('timeslice', 'ciw'\), got 'magic'$"):
        cj.simulate_trace(system, mech, generator="magic", run_length_s=5, warmup_s=0, seed=1)
    with pytest.raises(ValueError, match=r"^processor_load must be >= 0, got -1$"):
        cj.counter_utilisation(-1)


def test_trace_metrics_pass_every_setting_on():
    """Every setting differs from its default, in the units the library takes (us): the six metrics with a
    50 ms gap buffer, buffers 0-20 ms, the 'max-min' range and lateness against the first frame; the optimal
    buffer under a 15 ms latency limit and 10 % gaps; the positive-deviation variance. The trace runs ahead of its
    first frame (down to -60 ms), so 'first' and 'min' give different lateness, and frame 4 is 50.02 ms late
    against the first frame, just beyond the 50 ms gap buffer."""
    x = np.array([160_000.0, 110_000.0, 150_000.0, 270_020.0, 100_000.0, 170_000.0, 160_000.0])
    s = cj.MetricSettings(gap_buffer_ms=50.0, buffer_max_ms=20.0, latency_limit_ms=15.0, gap_limit_pct=10.0,
                          range_definition="max-min", lateness_reference="first")
    buffers = 1000.0 * np.arange(0.0, 21.0)
    expected = jitter.all_metrics(x, period=160_000.0, gap_buffer=50_000.0, buffers=buffers,
                                  range_definition="max-min", reference="first")
    b, d, q = jitter.optimal_buffer(jitter.lateness(x, 160_000.0, "first"), buffers, 15_000.0, 10.0)
    expected.update({"optimal_buffer_us": b, "optimal_drop_pct": d, "optimal_distance": q,
                     "positive_dev_variance": jitter.positive_deviation_variance(x)})
    got = cj.trace_metrics(x, 160.0, s)
    assert got == expected
    assert got["Gaps"] > 0                     # frame 4 is 50.02 ms later than frame 1's schedule: one gap
    assert got != cj.trace_metrics(x, 160.0, SETTINGS)      # the settings matter on this trace
