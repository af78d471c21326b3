"""The Ciw trace generator (``generator = "ciw"``, the chapter's first generator, kept for comparison).

**Our simulation, not the thesis's data.** The thesis measured real workstations and printed
no traces; this model generates traces with the same structure so that the six jitter metrics,
their correlations and the chapter-3 relations can be recomputed and compared. Every modelling
choice below is a labelled assumption of the chapter.

The stream: a ``frame_bytes`` datagram every ``period_ms`` (thesis: 1280 B every 160 ms). Each
frame visits three Ciw nodes (time unit: millisecond):

1. **sender** - infinite-server node; a random delay with standard deviation
   ``environment_sd_ms`` stands for the timer, operating-system and LAN noise present even on
   an idle system (gamma distributed, mean :data:`ENVIRONMENT_MEAN_MS`).
2. **network link** - one FIFO server. The frame needs ``8 * frame_bytes / bandwidth``;
   background "netperf" messages arrive as a Poisson stream, exponential in size with mean
   ``cross_message_bytes``, at the rate that keeps the link busy ``network_load`` of the time.
3. **receiver CPU** - one server shared with the "counter processes". The CPU demand the
   counters put in front of the receive process arrives as Poisson bursts, exponential in length
   with mean ``cpu_burst_ms * 21.8 / SPECint92`` (a fixed amount of work, so a faster processor
   has shorter bursts). The burst utilisation is ``L / (1 + L)`` for a Unix load average ``L``,
   the M/M/1 relation between utilisation and mean number in system. Priorities: ``default``
   - the frame queues FIFO with the bursts; ``nice`` - the frame goes ahead of waiting bursts
   but waits for the one in service (non-preemptive priority); ``realtime`` - the frame
   preempts the bursts (preemptive-resume priority).

The receive timestamps are the exit times from the CPU, in arrival order. This generator has no
receiver stalls; ``stall_factor`` and the time-slice mechanisms do not apply to it.
"""

from __future__ import annotations

import ciw
import numpy as np

from mmperf import jitter
from mmperf.queueing import service_distribution, simulate
from mmstudies.claypool_jitter import timeslice
from mmstudies.claypool_jitter.config import (
    ENVIRONMENT_MEAN_MS,
    GENERATORS,
    PRIORITIES,
    RECEIVE_COST_MS,
    REFERENCE_SPECINT92,
    EndSystem,
    Mechanisms,
    MetricSettings,
    transmission_ms,
)


def counter_utilisation(load_average: float) -> float:
    """CPU share of the counter bursts for a Unix load average (M/M/1: ``L / (1 + L)``).

    Examples
    --------
    >>> counter_utilisation(1.0), round(counter_utilisation(6.0), 4)
    (0.5, 0.8571)
    """
    if load_average < 0:
        raise ValueError(f"processor_load must be >= 0, got {load_average}")
    return load_average / (1.0 + load_average)


MIN_BURST_MS = 1.0   # resolution floor: shorter bursts (very fast machines) would mean millions of Ciw events


def burst_ms(specint92: float, cpu_burst_ms: float) -> float:
    """Mean counter burst on a machine: fixed work, so inversely proportional to SPECint92.

    Floored at :data:`MIN_BURST_MS` (the same processor share in fewer, longer bursts), which only
    matters beyond about 400 SPECint92 at the default ``cpu_burst_ms``.

    Examples
    --------
    >>> burst_ms(21.8, 19.0), round(burst_ms(8.6, 19.0), 2), burst_ms(2000.0, 20.0)
    (19.0, 48.16, 1.0)
    """
    return max(cpu_burst_ms * REFERENCE_SPECINT92 / specint92, MIN_BURST_MS)


def _priority_classes(priority: str):
    if priority == "default":
        return None
    if priority not in PRIORITIES:
        raise ValueError(f"priority must be one of {PRIORITIES}, got {priority!r}")
    # The cross traffic shares the audio's priority so that the link stays FIFO.
    levels = {"audio": 0, "cross": 0, "counter": 1}
    preempt = "resume" if priority == "realtime" else False
    return (levels, [False, False, preempt])


def build_network(system: EndSystem, assumptions: Mechanisms) -> ciw.Network:
    """The three-node Ciw network of one condition (time unit: ms)."""
    rho_cpu = counter_utilisation(system.processor_load)
    cross_ms = transmission_ms(assumptions.cross_message_bytes, system.network_Mbps)
    burst = burst_ms(system.specint92, assumptions.cpu_burst_ms)
    env = (ciw.dists.Deterministic(ENVIRONMENT_MEAN_MS) if assumptions.environment_sd_ms == 0
           else service_distribution(ENVIRONMENT_MEAN_MS, assumptions.environment_sd_ms / ENVIRONMENT_MEAN_MS))
    unused = ciw.dists.Deterministic(1.0)   # a class never visits that node
    arrivals = {
        "audio": [ciw.dists.Deterministic(system.period_ms), None, None],
        "cross": [None, ciw.dists.Exponential(system.network_load / cross_ms) if system.network_load > 0 else None,
                  None],
        "counter": [None, None, ciw.dists.Exponential(rho_cpu / burst) if rho_cpu > 0 else None],
    }
    services = {
        "audio": [env, ciw.dists.Deterministic(transmission_ms(system.frame_bytes, system.network_Mbps)),
                  ciw.dists.Deterministic(RECEIVE_COST_MS * REFERENCE_SPECINT92 / system.specint92)],
        "cross": [unused, ciw.dists.Exponential(1.0 / cross_ms), unused],
        "counter": [unused, unused, ciw.dists.Exponential(1.0 / burst)],
    }
    routing = {
        "audio": [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
        "cross": [[0.0] * 3 for _ in range(3)],
        "counter": [[0.0] * 3 for _ in range(3)],
    }
    kwargs = {}
    classes = _priority_classes(system.priority)
    if classes is not None:
        kwargs["priority_classes"] = classes
    return ciw.create_network(arrival_distributions=arrivals, service_distributions=services,
                              routing=routing, number_of_servers=[float("inf"), 1, 1], **kwargs)


def ciw_trace(system: EndSystem, assumptions: Mechanisms, *, run_length_s: float, warmup_s: float,
              seed: int) -> np.ndarray:
    """Interarrival times (microseconds) of the frames sent after the warm-up (Ciw generator).

    Examples
    --------
    >>> x = ciw_trace(EndSystem(), Mechanisms(environment_sd_ms=0.0), run_length_s=2, warmup_s=0.5, seed=1)
    >>> np.allclose(x, 160_000)
    True
    """
    max_time = 1000.0 * (warmup_s + run_length_s)
    records = simulate(build_network(system, assumptions), max_time=max_time,
                       warmup=1000.0 * warmup_s, seed=seed)
    audio = records[(records["customer_class"] == "audio") & (records["node"] == 3)]
    received = np.sort(audio["exit_date"].to_numpy())
    return 1000.0 * np.diff(received)


def simulate_trace(system: EndSystem, mech: Mechanisms, *, generator: str, run_length_s: float,
                   warmup_s: float, seed: int) -> tuple[np.ndarray, float]:
    """One trace (interarrival times, µs) and the load average ``w`` would report.

    ``generator="timeslice"`` is the exact recursion of :mod:`.timeslice` (the default);
    ``"ciw"`` the Ciw model above, whose load average is its input ``processor_load``.

    Examples
    --------
    >>> x, load = simulate_trace(EndSystem(processor_load=2), Mechanisms(), generator="timeslice",
    ...                          run_length_s=5, warmup_s=1, seed=1)
    >>> len(x) > 25, load > 2
    (True, True)
    """
    if generator == "timeslice":
        x, detail = timeslice.generate(system, mech, run_length_s=run_length_s, warmup_s=warmup_s, seed=seed)
        return x, detail.load_average
    if generator == "ciw":
        return ciw_trace(system, mech, run_length_s=run_length_s, warmup_s=warmup_s, seed=seed), \
            float(system.processor_load)
    raise ValueError(f"generator must be one of {GENERATORS}, got {generator!r}")


def trace_metrics(x_us: np.ndarray, period_ms: float, settings: MetricSettings) -> dict[str, float]:
    """Six metrics, optimal buffer and its drops, and the positive-deviation variance of a trace."""
    period = 1000.0 * period_ms
    buffers = settings.buffers_us()
    out = jitter.all_metrics(x_us, period=period, gap_buffer=1000.0 * settings.gap_buffer_ms,
                             buffers=buffers, range_definition=settings.range_definition,
                             reference=settings.lateness_reference)
    late = jitter.lateness(x_us, period, settings.lateness_reference)
    b, d, q = jitter.optimal_buffer(late, buffers, 1000.0 * settings.latency_limit_ms, settings.gap_limit_pct)
    out.update({"optimal_buffer_us": b, "optimal_drop_pct": d, "optimal_distance": q,
                "positive_dev_variance": jitter.positive_deviation_variance(x_us)})
    return out


