"""The time-slice generator: each mechanism alone against its analytic expectation (seeded).

Tolerances come from the sampling error of each estimate (power calculations in the docstrings)
or from the recursion's exactness (deterministic parts).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from mmstudies import claypool_jitter as cj
from mmstudies.claypool_jitter import timeslice

NO_STALLS = cj.Mechanisms(stall_rate_per_min=0.0)


@pytest.mark.parametrize("priority", ["default", "nice", "realtime"])
@pytest.mark.parametrize("n", [1, 2, 4])
def test_each_counter_gets_an_equal_share_under_round_robin(priority, n):
    """Every always-runnable counter gets ``(1 - receiver share) / n`` of the processor.

    Derivation: round robin gives each counter one slice per turn; the receive process takes
    ``receiver_busy / horizon``; without stalls nothing else runs (:func:`cj.counter_share`, the
    thesis's own equal split of seed line 1103). The recursion is exact, so the only deviation is
    the slice in progress at each end of the run: at most two slices, ``2 q / H`` = 0.1 % of a
    200-s run with q = 100 ms; the tolerance is 0.2 % of the horizon.
    """
    x, d = cj.generate(cj.EndSystem(processor_load=n, priority=priority), NO_STALLS, run_length_s=200,
                       warmup_s=0, seed=3)
    share = d.counter_cpu_ms / d.horizon_ms
    expected = cj.counter_share(n, d.receiver_busy_ms / d.horizon_ms)
    assert share == pytest.approx(np.full(n, expected), abs=0.002)
    assert d.counter_cpu_ms.sum() + d.receiver_busy_ms == pytest.approx(d.horizon_ms, rel=1e-3)


def test_default_priority_waits_for_every_other_counter_and_nice_for_the_running_slice():
    """Exact rule check: the receive process starts at the end of the running slice (nice) or after
    ``L - 1`` further slices (default); with q = 100 ms and L = 3 a default frame's delay is between
    200 and 300 ms plus the (sub-millisecond) host work, a nice frame's between 0 and 100 ms."""
    mech = cj.Mechanisms(stall_rate_per_min=0.0, quantum_ms=100.0)
    for prio, low, high in (("default", 200.0, 301.0), ("nice", 0.0, 101.0)):
        x, _ = cj.generate(cj.EndSystem(processor_load=3, priority=prio, period_ms=1000.0), mech,
                           run_length_s=100, warmup_s=0, seed=1)
        # one frame per second, far apart: each frame's delay is its wait; interarrivals differ by the waits
        delays = np.concatenate([[0.0], np.cumsum(x / 1000.0 - 1000.0)])
        spread = delays.max() - delays.min()
        assert spread <= high - low + 1.0
    # realtime never waits: the interarrival variance is the idle system's (see below)


def test_io_boost_reading_makes_default_priority_wait_only_for_the_running_slice():
    """Seed line 875's reading (``default_wakeup = "io-boost"``): an I/O-woken process outranks every user-mode
    process "regardless of its nice value", so a default-priority receive process waits for the running slice
    only, exactly as a niced one does. Derivation: both rules then start the receiver at the end of the running
    slice and hand the processor to the next counter afterwards, and the recursion draws its random numbers
    before the loop, so with the same seed the two traces are identical, draw for draw. Under our assumption
    (``tail``) three counters add two further 100-ms slices to each wait, so the traces differ; with one
    counter there is no further counter to wait for, and tail and io-boost coincide."""
    boost = cj.Mechanisms(stall_rate_per_min=0.0, default_wakeup="io-boost")
    tail = cj.Mechanisms(stall_rate_per_min=0.0, default_wakeup="tail")
    run = dict(run_length_s=60, warmup_s=1, seed=4)
    nice, _ = cj.generate(cj.EndSystem(processor_load=3, priority="nice"), boost, **run)
    default_boost, _ = cj.generate(cj.EndSystem(processor_load=3, priority="default"), boost, **run)
    default_tail, _ = cj.generate(cj.EndSystem(processor_load=3, priority="default"), tail, **run)
    assert np.array_equal(default_boost, nice)
    assert not np.allclose(default_tail, nice)
    one_tail, _ = cj.generate(cj.EndSystem(processor_load=1), tail, **run)
    one_boost, _ = cj.generate(cj.EndSystem(processor_load=1), boost, **run)
    assert np.array_equal(one_tail, one_boost)


def test_an_unknown_default_wakeup_is_refused():
    with pytest.raises(ValueError, match="default_wakeup must be one of tail, io-boost"):
        cj.generate(cj.EndSystem(), cj.Mechanisms(default_wakeup="fifo"), run_length_s=2, warmup_s=0, seed=1)


def test_realtime_receiver_never_sees_the_counters():
    """Preemption: with 5 counters, real-time, no stalls, the trace is the idle trace of the same seed
    shifted by nothing, so the variance equals the idle variance exactly (same random draws)."""
    busy, _ = cj.generate(cj.EndSystem(processor_load=5, priority="realtime"), NO_STALLS, run_length_s=60,
                          warmup_s=1, seed=9)
    idle, _ = cj.generate(cj.EndSystem(processor_load=0), NO_STALLS, run_length_s=60, warmup_s=1, seed=9)
    assert np.allclose(busy, idle)


def test_idle_system_jitter_matches_the_closed_form():
    """Idle, stall-free, quiet link: Var(x) = 2 (E[S]^2 + E[R]^2) (:func:`cj.idle_variance_us2`).

    Power: 40 traces of 200 s (about 50,000 frames). The standard error of the mean of the 40
    trace variances is measured and required below 1.5 % of the expectation, so a 5 % error in
    either cost sits 3.3 standard errors away and the 1.96-SE test detects it with probability
    about 0.91.
    """
    system = cj.EndSystem(specint92=8.6)
    v = np.array([np.var(cj.generate(system, NO_STALLS, run_length_s=200, warmup_s=0, seed=s)[0], ddof=1)
                  for s in range(40)])
    theory = cj.idle_variance_us2(system)
    se = v.std(ddof=1) / math.sqrt(len(v))
    assert se < 0.015 * theory
    assert abs(v.mean() - theory) < 1.96 * se


def test_stall_process_rate_and_mean_length():
    """Poisson stalls: count mean ``rate * H / 60`` and exponential lengths of mean ``stall_mean_ms``.

    Power: 300 runs of 600 s at 2 per minute give about 6,000 stalls; count and mean length both
    have relative standard errors of 1/sqrt(6000) = 1.3 % (Poisson; exponential with cv 1), so a 5 %
    error is 3.9 standard errors away and the 1.96-SE test detects it with probability 0.97.
    """
    rng = np.random.default_rng(12)
    counts, lengths = [], []
    for _ in range(300):
        s, d = timeslice.stall_process(rng, 600_000.0, 2.0, 250.0, "exponential")
        assert np.all(np.diff(s) >= 0) and np.all((s >= 0) & (s < 600_000.0))
        counts.append(len(s))
        lengths.extend(d)
    expected = cj.expected_stalls(2.0, 600.0)
    se_count = math.sqrt(expected / 300)
    assert abs(np.mean(counts) - expected) < 1.96 * se_count
    se_len = 250.0 / math.sqrt(len(lengths))
    assert abs(np.mean(lengths) - 250.0) < 1.96 * se_len
    _, const = timeslice.stall_process(rng, 600_000.0, 2.0, 250.0, "constant")
    assert np.all(const == 250.0)


def test_no_frame_is_stamped_inside_a_stall():
    """A stall holds the processor: no receive timestamp falls inside a stall, except for a frame
    whose processing began just before it (receive work is well under 5 ms on an IPX)."""
    mech = cj.Mechanisms(stall_rate_per_min=6.0, stall_mean_ms=300.0, stall_distribution="constant")
    _, d = cj.generate(cj.EndSystem(processor_load=0), mech, run_length_s=300, warmup_s=0, seed=4)
    assert len(d.stall_starts_ms) > 10
    for start, length in zip(d.stall_starts_ms, d.stall_lengths_ms, strict=True):
        inside = (d.stamps_ms > start + 5.0) & (d.stamps_ms < start + length)
        assert not inside.any()
    # and some frame waited for a stall: its stamp is just after a stall's end
    ends = d.stall_starts_ms + d.stall_lengths_ms
    assert any(((d.stamps_ms >= e) & (d.stamps_ms < e + 5.0)).any() for e in ends)


def test_stalls_raise_jitter_and_isolation_removes_them():
    with_stalls = cj.EndSystem(processor_load=0)
    isolated = cj.EndSystem(processor_load=0, stall_factor=0.0)
    mech = cj.Mechanisms(stall_rate_per_min=4.0)
    a = np.mean([np.var(cj.generate(with_stalls, mech, run_length_s=120, warmup_s=0, seed=s)[0]) for s in range(5)])
    b = np.mean([np.var(cj.generate(isolated, mech, run_length_s=120, warmup_s=0, seed=s)[0]) for s in range(5)])
    assert a > 100 * b
    assert b == pytest.approx(cj.idle_variance_us2(isolated), rel=0.25)


def test_load_average_counts_the_counters_and_the_receiver():
    """``w``'s load: L always-runnable counters plus the receive process's runnable share (< 1)."""
    for L in (0, 2, 5):
        _, d = cj.generate(cj.EndSystem(processor_load=L), NO_STALLS, run_length_s=60, warmup_s=0, seed=1)
        assert L <= d.load_average < L + 1


def test_link_lindley_recursion_by_hand():
    """Two frames 0.5 ms apart on a quiet 10 Mbit/s link: 1.024 ms each, so the second leaves at 2.048."""
    d = timeslice.link_departures(np.random.default_rng(0), np.array([0.0, 0.5]), cj.EndSystem(), 65536)
    assert d.tolist() == pytest.approx([1.024, 2.048])


def test_loaded_link_utilisation_matches_network_load():
    """Cross traffic at utilisation u keeps the link busy about u of the time: the audio frames' mean
    extra delay is positive and grows with u (M/G/1 waits grow with load)."""
    waits = []
    for u in (0.2, 0.6):
        system = cj.EndSystem(network_load=u)
        ready = np.arange(2000) * 160.0
        dep = timeslice.link_departures(np.random.default_rng(5), ready, system, 65536)
        waits.append(np.mean(dep - ready - cj.transmission_ms(1280, 10.0)))
    assert 0 < waits[0] < waits[1]


def test_same_seed_same_trace():
    a = cj.generate(cj.EndSystem(processor_load=2), cj.Mechanisms(), run_length_s=30, warmup_s=1, seed=7)[0]
    b = cj.generate(cj.EndSystem(processor_load=2), cj.Mechanisms(), run_length_s=30, warmup_s=1, seed=7)[0]
    c = cj.generate(cj.EndSystem(processor_load=2), cj.Mechanisms(), run_length_s=30, warmup_s=1, seed=8)[0]
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_costs_agree_with_table_5_2():
    assert cj.SEND_COST_MS == pytest.approx(0.210 + 0.000100 * 1280)
    assert cj.RECEIVE_COST_MS == pytest.approx(0.187 + 0.000103 * 1280)
    assert timeslice.cost_scale(cj.EndSystem()) == pytest.approx((cj.SEND_COST_MS, cj.RECEIVE_COST_MS))


def _stamps_with_link_delay(monkeypatch, load: int, delay_ms: float, frame: int = 20) -> tuple[np.ndarray, float]:
    """Receive stamps of a stall-free trace whose ``frame`` leaves the link ``delay_ms`` late, and its arrival.

    The link is quiet (no cross traffic), so ``link_departures`` draws nothing and the delayed and undelayed traces
    share every random draw: they differ only by the delay.
    """
    original, arrival = timeslice.link_departures, []

    def delayed(rng, ready, system, cross):
        out = original(rng, ready, system, cross).copy()
        out[frame] += delay_ms
        arrival.append(out[frame])
        return out

    monkeypatch.setattr(timeslice, "link_departures", delayed)
    _, detail = timeslice.generate(cj.EndSystem(processor_load=load), cj.Mechanisms(stall_rate_per_min=0.0),
                                   run_length_s=10, warmup_s=0.0, seed=3)
    return detail.stamps_ms, arrival[0]


def test_processor_wait_absorbs_a_network_delay(monkeypatch):
    """The generator couples processor and network jitter (the dependence seed line 1525 names: "our hypothesis
    will be false if processor jitter and network jitter are not independent"), so Table 5.4's additivity is a
    prediction of it, not its construction (independent review, additivity-ours).

    Derivation, exact: on an idle processor a frame is processed on arrival, so a link delay of 5 ms moves its
    receive stamp by exactly 5 ms and no other stamp (the next frame comes 160 ms later). With one counter the
    woken receive process waits for the rest of the running slice (seed lines 899-901); when that rest exceeds 5 ms
    (checked: the undelayed frame is stamped more than 5 + 1 ms after its arrival, the receive work being under a
    millisecond), the delayed frame still arrives inside the same slice and is processed at the same moment, so
    every stamp is unchanged. The network's jitter vanishes inside the processor's wait, so processor + network over-predicts.
    """
    idle, _ = _stamps_with_link_delay(monkeypatch, 0, 0.0)
    idle_late, _ = _stamps_with_link_delay(monkeypatch, 0, 5.0)
    moved = idle_late - idle
    assert moved[20] == pytest.approx(5.0, abs=1e-9)
    assert np.count_nonzero(np.abs(moved) > 1e-9) == 1

    loaded, arrival = _stamps_with_link_delay(monkeypatch, 1, 0.0)
    assert loaded[20] - arrival > 5.0 + 1.0          # the precondition: more than 5 ms of the slice left
    loaded_late, _ = _stamps_with_link_delay(monkeypatch, 1, 5.0)
    assert np.array_equal(loaded_late, loaded)
