"""Constants and settings of the claypool-jitter model; every value says where it comes from.

Seed line numbers refer to ``shared/seeds/001_4093e964ebf1778f.txt`` (Claypool 1997).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

GENERATORS = ("timeslice", "ciw")
PRIORITIES = ("default", "nice", "realtime")
STALL_DISTRIBUTIONS = ("exponential", "constant")
#: How a default-priority receive process re-enters the processor when a frame wakes it (time-slice generator).
#: ``tail``: behind every runnable counter - OUR ASSUMPTION: the thesis states no rule for default priority
#: (seed line 873 describes the scheduling formula and the real-time class only). ``io-boost``: the reading of
#: seed line 875, "Any process that is suspended waiting for I/O will, upon being re-activated, have a higher
#: priority than any process that is in user-mode, regardless of its nice value": the woken receive process
#: then waits only for the running slice, as a niced one does.
DEFAULT_WAKEUPS = ("tail", "io-boost")

REFERENCE_SPECINT92 = 21.8      # Sun IPX (Table 3.3, seed line 801): the machine the costs refer to
# Table 5.2 IPX lines at 1280 B (seed lines 1339-1344; derived): per packet + per byte x 1280
SEND_COST_MS = 0.210 + 0.000100 * 1280      # 0.338 ms
RECEIVE_COST_MS = 0.187 + 0.000103 * 1280   # 0.319 ms
ENVIRONMENT_MEAN_MS = 5.0       # ciw generator only: mean sender delay (a constant adds no jitter)

#: Conditions of the designs described in sections 3.4-3.6 (one run each, our reading): 4 classes x 6
#: loads, 4 isolated classes, 3 priorities x 6 loads, 3 networks x 2 loads.
N_CHAPTER3_CONDITIONS = 4 * 6 + 4 + 3 * 6 + 3 * 2
MACHINES = {"SLC": 8.6, "IPC": 13.8, "IPX": 21.8, "Sparc 5": 64.0}      # Table 3.3 SPECint92
NETWORKS = {"Ethernet": 10.0, "Fibre Channel": 266.0, "HIPPI": 800.0}   # Section 3.6.1, seed line 911

# Figure 3.8 (seed lines 838-851): five environments, no numbers given. Our illustrative settings:
# (counter processes / load average, network share, stall-rate factor), noisiest first, following the
# text: multi-user runs carry the normal stall rate and one process of background load, and at night
# the jitter "appears no better than" during the day (seed line 842; backups and early-morning users),
# so Multi/Night repeats Multi/Day; single-user mode removes the background process ("only slightly
# better"); single-user at night has less network traffic and half the stalls ("noticeably less"); the
# dedicated, disconnected system has none ("almost jitter-free").
ENVIRONMENTS = {
    "Multi/Day": (1.0, 0.3, 1.0),
    "Multi/Night": (1.0, 0.3, 1.0),
    "Single/Day": (0.0, 0.3, 1.0),
    "Single/Night": (0.0, 0.1, 0.5),
    "Dedicated": (0.0, 0.0, 0.0),
}


@dataclass(frozen=True)
class EndSystem:
    """One experimental condition: machine, load, priority, network and whether stalls occur.

    ``stall_factor`` multiplies the stall rate (0 for the isolated single-user runs of Fig 3.9).
    """

    specint92: float = 21.8
    processor_load: float = 0.0
    priority: str = "default"
    network_Mbps: float = 10.0
    network_load: float = 0.0
    period_ms: float = 160.0
    frame_bytes: int = 1280
    stall_factor: float = 1.0


@dataclass(frozen=True)
class Mechanisms:
    """The generators' mechanism values (each a chapter parameter, each with its reason).

    Time-slice generator: ``quantum_ms`` (the time slice of the round robin), ``stall_rate_per_min``
    and ``stall_mean_ms`` / ``stall_distribution`` (rare receiver stalls). Ciw generator:
    ``cpu_burst_ms`` and ``environment_sd_ms``. Both: ``cross_message_bytes`` (netperf messages).
    ``default_wakeup`` (time-slice generator only) is the default-priority rule, one of
    :data:`DEFAULT_WAKEUPS`.
    """

    quantum_ms: float = 100.0
    stall_rate_per_min: float = 1.0
    stall_mean_ms: float = 200.0
    stall_distribution: str = "exponential"
    cross_message_bytes: float = 65536.0
    cpu_burst_ms: float = 20.0
    environment_sd_ms: float = 2.0
    default_wakeup: str = "tail"


@dataclass(frozen=True)
class MetricSettings:
    """How the six metrics and the optimal buffer are computed (thesis 3.3 and 5.6.4)."""

    gap_buffer_ms: float = 250.0
    buffer_max_ms: float = 230.0
    latency_limit_ms: float = 230.0
    gap_limit_pct: float = 6.0
    range_definition: str = "max"
    lateness_reference: str = "min"

    def buffers_us(self) -> np.ndarray:
        """The buffer sweep, 0 to ``buffer_max_ms`` in 1 ms steps (the last whole millisecond not above it),
        in microseconds.

        Examples
        --------
        >>> MetricSettings(buffer_max_ms=10.6).buffers_us()[-1]
        np.float64(10000.0)
        """
        return 1000.0 * np.arange(0.0, math.floor(self.buffer_max_ms + 1e-9) + 1.0, 1.0)


def transmission_ms(n_bytes: float, mbps: float) -> float:
    """Time to put ``n_bytes`` on a link of ``mbps`` Mbit/s, in ms.

    Examples
    --------
    >>> transmission_ms(1250, 10.0)
    1.0
    """
    return 8.0 * n_bytes / (mbps * 1000.0)


def host_cost_ms(cost_ipx_ms: float, specint92: float) -> float:
    """A fixed amount of work on a machine of ``specint92`` (the IPX cost scaled by 21.8/SPECint92).

    Examples
    --------
    >>> round(host_cost_ms(0.4, 8.6), 4)
    1.014
    """
    return cost_ipx_ms * REFERENCE_SPECINT92 / specint92
