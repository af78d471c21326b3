"""The time-slice trace generator: an exact event recursion built from the thesis's own description.

**Our simulation, not the thesis's data.** Each mechanism cites the seed lines it rests on
(``shared/seeds/001_4093e964ebf1778f.txt``); each value that the text does not give is a chapter
parameter whose reason is stated in the chapter. Time unit: millisecond.

1. **Sender** (seed line 733: a user-level ``send`` process started by an interval timer). Frame
   ``i`` is handed to the network at ``i * period + S_i``; ``S_i`` is the send work of Table 5.2's
   IPX "Send" line at the frame size (0.338 ms at 1280 B, seed lines 1339-1344), scaled by
   21.8/SPECint92 (a fixed amount of work, seed line 657: faster processors have "higher
   throughput"), exponential around that mean (the thesis gives means only; the exponential is our
   assumption). The sending host is otherwise idle.
2. **Network** (seed lines 911-917, 938: one link per network, loaded by ``netperf`` traffic
   that "is often bursty"). One FIFO link at the network's bandwidth; the cross traffic is a
   Poisson stream of exponential messages (mean ``cross_message_bytes``) that keeps the link
   busy ``network_load`` of the time. Exact Lindley recursion over the merged arrivals.
3. **Receiver processor** (seed lines 815 and 879: load from "counter processes", a tight loop, so
   always runnable; seed line 873: the kernel chooses among runnable processes by priority and
   recent CPU use; seed lines 899-901: a process that becomes runnable "will complete its
   time-slice before the CPU reschedules"). ``L = round(processor_load)`` counters share the
   processor in round robin with a time slice of ``quantum_ms``; a slice in progress is never cut
   short except by a real-time process. When a frame reaches the receiving host and the receive
   process is asleep it becomes runnable:

   - ``default`` priority, ``default_wakeup = "tail"`` (**our assumption**: the thesis states no
     rule for a default-priority process; seed line 873 describes only the kernel's formula and the
     real-time class): it joins the tail of the run queue: it waits for the rest of the running
     counter's slice and one full slice of each of the other ``L - 1`` counters;
   - ``default`` priority, ``default_wakeup = "io-boost"`` (the reading of seed line 875: "Any
     process that is suspended waiting for I/O will, upon being re-activated, have a higher priority
     than any process that is in user-mode, regardless of its nice value"): the woken receive
     process outranks the counters and waits only for the rest of the running slice, as a niced
     one does;
   - ``nice``: it runs "ahead of other eligible runnable user-mode processes" (seed line 875), so
     it waits only for the rest of the running slice (seed lines 899-901);
   - ``realtime``: "a runnable real-time process runs before any other process" (seed line 873):
     it preempts the counter at once; the counter resumes its slice afterwards.

   Once running, the receive process takes every frame waiting in its socket, each costing the
   Table 5.2 IPX "Receive" work (0.319 ms at 1280 B) scaled by 21.8/SPECint92 and exponential
   around it, and stamps each with ``gettimeofday()`` (seed line 733) when it is done. It then
   sleeps, and the next counter starts a fresh slice.
4. **Receiver stalls** (seed line 621: "jitter on the order of a few hundred milliseconds ... using
   unloaded workstations on a quiet Ethernet"; seed line 659: kernel-mode work is not preempted,
   "latency on the order of 100 milliseconds"; seed lines 844-850: backups, other users, the
   network; they vanish only on the isolated single-user system). A Poisson stream of stalls,
   ``stall_rate_per_min`` per minute, each of length ``stall_mean_ms`` (exponential or constant),
   during which the receive process cannot run; a frame whose processing would start inside a
   stall starts at its end. Stalls hold every priority (kernel work is not preempted).

The trace is the list of interarrival times of the receive timestamps of the frames sent after the
warm-up, in microseconds. The recursion also reports each counter's processor time and the
receive process's runnable time, from which the Unix load average of ``w`` is read (seed line 822:
"the average number of jobs in the run queue").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mmstudies.claypool_jitter.config import (
    DEFAULT_WAKEUPS,
    EndSystem,
    Mechanisms,
    host_cost_ms,
    transmission_ms,
)


@dataclass
class Detail:
    """What the recursion saw besides the timestamps (for the tests and the load axis)."""

    horizon_ms: float
    counter_cpu_ms: np.ndarray        # processor time of each counter process
    receiver_busy_ms: float           # time spent receiving frames
    receiver_runnable_ms: float       # time runnable (waiting or running)
    stall_starts_ms: np.ndarray
    stall_lengths_ms: np.ndarray
    load_average: float               # counters + receive process, time-averaged
    stamps_ms: np.ndarray             # receive timestamps of every frame (warm-up included)


def cost_scale(system: EndSystem) -> float:
    """Per-byte-adjusted send and receive work at this frame size, as (send, receive) IPX ms."""
    send = 0.210 + 0.000100 * system.frame_bytes
    receive = 0.187 + 0.000103 * system.frame_bytes
    return send, receive


def stall_process(rng: np.random.Generator, horizon_ms: float, rate_per_min: float, mean_ms: float,
                  distribution: str) -> tuple[np.ndarray, np.ndarray]:
    """Poisson stall starts on ``[0, horizon_ms)`` and their lengths.

    Examples
    --------
    >>> s, d = stall_process(np.random.default_rng(1), 60_000, 0.0, 200, "exponential")
    >>> len(s), len(d)
    (0, 0)
    """
    if rate_per_min <= 0 or mean_ms <= 0:
        return np.empty(0), np.empty(0)
    n = rng.poisson(rate_per_min * horizon_ms / 60_000.0)
    starts = np.sort(rng.uniform(0.0, horizon_ms, n))
    if distribution == "exponential":
        lengths = rng.exponential(mean_ms, n)
    elif distribution == "constant":
        lengths = np.full(n, float(mean_ms))
    else:
        raise ValueError(f"stall_distribution must be exponential or constant, got {distribution!r}")
    return starts, lengths


def link_departures(rng: np.random.Generator, ready_ms: np.ndarray, system: EndSystem,
                    cross_message_bytes: float) -> np.ndarray:
    """FIFO link with Poisson cross traffic: departure time of each frame (exact Lindley recursion).

    Examples
    --------
    >>> d = link_departures(np.random.default_rng(0), np.array([0.0, 160.0]), EndSystem(), 65536)
    >>> d.round(3).tolist()                       # 1280 B at 10 Mbit/s = 1.024 ms each, no cross traffic
    [1.024, 161.024]
    """
    tx = transmission_ms(system.frame_bytes, system.network_Mbps)
    out = np.empty_like(ready_ms)
    order = np.argsort(ready_ms, kind="stable")
    if system.network_load <= 0:
        free = -math.inf
        for j in order:
            free = max(free, ready_ms[j]) + tx
            out[j] = free
        return out
    cross_ms = transmission_ms(cross_message_bytes, system.network_Mbps)
    horizon = float(ready_ms.max()) + 1.0
    rate = system.network_load / cross_ms
    n = rng.poisson(rate * horizon)
    c_arr = np.sort(rng.uniform(0.0, horizon, n))
    c_len = rng.exponential(cross_ms, n)
    free, k = -math.inf, 0
    for j in order:
        a = ready_ms[j]
        while k < n and c_arr[k] <= a:           # cross messages that arrive first are served first
            free = max(free, c_arr[k]) + c_len[k]
            k += 1
        free = max(free, a) + tx
        out[j] = free
    return out


def generate(system: EndSystem, mech: Mechanisms, *, run_length_s: float, warmup_s: float,
             seed: int) -> tuple[np.ndarray, Detail]:
    """Interarrival times (µs) of the frames sent after the warm-up, and the recursion's detail.

    Examples
    --------
    >>> m = Mechanisms(stall_rate_per_min=0.0)
    >>> x, d = generate(EndSystem(), m, run_length_s=2, warmup_s=0.5, seed=1)
    >>> len(x) + 1, bool(abs(x.mean() - 160_000) < 2_000), d.load_average < 0.01
    (12, True, True)
    """
    if system.priority not in ("default", "nice", "realtime"):
        raise ValueError(f"priority must be default, nice or realtime, got {system.priority!r}")
    if mech.default_wakeup not in DEFAULT_WAKEUPS:
        raise ValueError(f"default_wakeup must be one of {', '.join(DEFAULT_WAKEUPS)}, got {mech.default_wakeup!r}")
    rng = np.random.default_rng(seed)
    T = float(system.period_ms)
    horizon = 1000.0 * (warmup_s + run_length_s)
    n = int(math.ceil(horizon / T))
    send_ipx, recv_ipx = cost_scale(system)
    send_mean = host_cost_ms(send_ipx, system.specint92)
    recv_mean = host_cost_ms(recv_ipx, system.specint92)
    sent = np.arange(n) * T
    handed = sent + rng.exponential(send_mean, n)
    host = link_departures(rng, handed, system, mech.cross_message_bytes)
    order = np.argsort(host, kind="stable")
    arrivals = host[order]
    costs = rng.exponential(recv_mean, n)
    s_start, s_len = stall_process(rng, arrivals[-1] + 10 * T + 10 * mech.stall_mean_ms,
                                   mech.stall_rate_per_min * system.stall_factor, mech.stall_mean_ms,
                                   mech.stall_distribution)
    s_end = s_start + s_len
    L = int(round(system.processor_load))
    q = float(mech.quantum_ms)
    prio = system.priority
    counter_cpu = np.zeros(max(L, 1))
    cur = 0
    slice_start = 0.0
    slice_end = q * rng.uniform() if L else math.inf     # the slice in progress at time 0
    stamps = np.empty(n)
    i, free, sp = 0, -math.inf, 0
    busy = runnable = 0.0
    while i < n:
        ready = max(arrivals[i], free)
        nxt = cur
        if L:
            if slice_end <= ready:                        # counters rotated while the receiver slept
                k = int((ready - slice_end) // q) + 1
                counter_cpu[cur] += slice_end - slice_start
                for j in range(1, k):
                    counter_cpu[(cur + j) % L] += q
                cur = (cur + k) % L
                slice_start = slice_end + (k - 1) * q
                slice_end = slice_start + q
            nxt = cur
        if L and prio != "realtime":
            counter_cpu[cur] += slice_end - slice_start   # the running slice completes
            start = slice_end
            if prio == "default" and mech.default_wakeup == "tail":   # behind every other runnable counter
                for j in range(1, L):
                    counter_cpu[(cur + j) % L] += q
                start += (L - 1) * q
                nxt = cur                                 # the interrupted counter queued behind us
            else:
                nxt = (cur + 1) % L
        else:
            start = ready
        while sp < len(s_start) and s_end[sp] <= start:
            sp += 1
        j = sp
        while j < len(s_start) and s_start[j] <= start < s_end[j]:   # a stall holds the processor
            start = s_end[j]
            j += 1
        t = start
        first = arrivals[i]
        while i < n and arrivals[i] <= t:
            t += costs[i]
            stamps[i] = t
            i += 1
        busy += t - start
        runnable += t - first
        if L and prio != "realtime":
            cur, slice_start, slice_end = nxt, t, t + q
        elif L:
            slice_start += t - start                      # the preempted counter resumes its slice
            slice_end += t - start
        free = t
    end = float(stamps[-1])
    if L:
        counter_cpu[cur] += max(0.0, end - slice_start)   # the slice running at the end
    keep = sent[order] >= 1000.0 * warmup_s
    x = 1000.0 * np.diff(stamps[keep])
    load = L + runnable / end                             # counters are always in the run queue
    detail = Detail(end, counter_cpu[:L] if L else np.zeros(0), busy, runnable, s_start, s_len, float(load), stamps)
    return x, detail


def idle_variance_us2(system: EndSystem) -> float:
    """Interarrival variance (µs²) of an idle, stall-free system on a quiet link (closed form).

    Each frame's delay is ``S_i + tx + R_i`` with independent exponential send and receive work, so
    interarrival ``x_i = T + D_i - D_{i-1}`` has variance ``2 (E[S]^2 + E[R]^2)`` (an exponential's
    variance is its squared mean).

    Examples
    --------
    >>> round(idle_variance_us2(EndSystem()) / 1e3, 1)   # IPX, 1280 B: 2 (0.338^2 + 0.31884^2) ms^2
    431.8
    """
    send_ipx, recv_ipx = cost_scale(system)
    s, r = host_cost_ms(send_ipx, system.specint92), host_cost_ms(recv_ipx, system.specint92)
    return 2.0 * (s * s + r * r) * 1e6

