"""Ciw models of PVM message passing (a labelled extension: the thesis has no queueing model).

- :func:`simulate_echo` - the echo protocol of seed lines 563-566 as a closed loop with one
  message in flight: the message crosses the route's stages to the server and back. With
  deterministic stages its round trip is exactly the sum of the stage times.
- :func:`simulate_stream` - a stream of messages offered to the route's stages (an open tandem
  line): with exponential stages it is a Jackson line whose mean sojourn is known
  (:func:`mmperf.queueing.tandem`); its capacity is the slowest stage, not the sum.
- :func:`simulate_multicast` - the multicast of Section 2.3.5.4 as serial sends (original PVM:
  one sender does every receiver's work in turn) or parallel sends (the ATM re-implementation:
  the receivers work at once, the sender then handles one acknowledgement each), with per-job
  times backed out of Eq. 2.2.

Times in seconds throughout.
"""

from __future__ import annotations

from collections.abc import Sequence

import ciw
import numpy as np

from mmperf import queueing
from mmperf.stats import mean_ci

NEVER = 1e18
#: Eq. 2.2's two lines (constant, per receiving host; ms), seed line 633, as data/hsieh/msg_values.csv
#: transcribes them (eq22_*): the defaults of the multicast functions below; the chapter passes the table's.
EQ22_NUM_MS = (70.0, 37.0)
EQ22_DEN_MS = (95.83, 4.17)


def _cycle_network(stage_times: Sequence[float], cv: float) -> ciw.Network:
    n = len(stage_times)
    arrivals = [ciw.dists.Sequential([1e-12, NEVER])] + [None] * (n - 1)
    routing = [[1.0 if j == (i + 1) % n else 0.0 for j in range(n)] for i in range(n)]
    return ciw.create_network(
        arrival_distributions=arrivals,
        service_distributions=[queueing.service_distribution(t, cv) for t in stage_times],
        number_of_servers=[1] * n,
        routing=routing,
    )


def simulate_echo(stage_times: Sequence[float], messages: int = 200, cv: float = 0.0,
                  seed: int = 1) -> dict[str, float]:
    """Round trips of one message echoed ``messages`` times over one-way ``stage_times``.

    The loop is: the stages out to the server, then the same stages back. Returns the mean
    round trip (s) over the echoes after the first, and how many were measured.

    Examples
    --------
    >>> r = simulate_echo([0.001, 0.002, 0.001], messages=20)
    >>> round(r["rtt_s"], 12), r["echoes"]
    (0.008, 19)
    """
    if messages < 3:
        raise ValueError(f"messages must be >= 3, got {messages}")
    stages = [queueing.require_positive("stage time", t) for t in stage_times]
    loop = list(stages) + list(reversed(stages))
    total = sum(loop)
    net = _cycle_network(loop, cv)
    ciw.seed(seed)
    sim = ciw.Simulation(net)
    # generous horizon: the cycle mean is ``total``; 3x covers variability at cv <= 2
    sim.simulate_until_max_time(total * messages * (1.0 + 3.0 * cv) + total)
    last = len(loop)
    ends = sorted(r.exit_date for r in sim.get_all_records() if r.node == last)
    ends = np.asarray(ends[:messages])
    if ends.size < 3:
        raise RuntimeError("too few echoes completed; lengthen the run")
    gaps = np.diff(ends)
    return {"rtt_s": float(gaps.mean()), "echoes": int(gaps.size)}


def replicate_echo(stage_times: Sequence[float], messages: int, cv: float, replications: int,
                   seed: int) -> dict[str, float]:
    """Mean round trip over seeded replications, with its 95 % confidence half-width.

    Examples
    --------
    >>> r = replicate_echo([0.001], 10, 0.0, 2, 1)
    >>> round(r["rtt_s"], 12), r["ci_half_width"]
    (0.002, 0.0)
    """
    values = [simulate_echo(stage_times, messages, cv, seed + i)["rtt_s"] for i in range(replications)]
    mean, half = mean_ci(values) if replications > 1 else (values[0], 0.0)
    half = 0.0 if cv == 0 else float(half)
    return {"rtt_s": float(mean), "ci_half_width": half, "n": replications}


def simulate_stream(stage_times: Sequence[float], arrival_rate: float, cv: float = 1.0,
                    customers: int = 4000, seed: int = 1) -> dict[str, float]:
    """An open tandem line: Poisson message arrivals through single-server stages.

    Returns the mean sojourn (s) of the messages after the first 10 % (warm-up), their sojourns in
    order of arrival (``sojourns_s``, for a batch-means check of steady state) and the throughput
    (messages/s). Refuses an unstable line (load of the slowest stage >= 1).

    Examples
    --------
    >>> r = simulate_stream([0.001, 0.002], 100.0, cv=0.0, customers=200)
    >>> r["load"]
    0.2
    """
    stages = [queueing.require_positive("stage time", t) for t in stage_times]
    lam = queueing.require_positive("arrival_rate", arrival_rate)
    load = lam * max(stages)
    queueing.require_stable(load, "message stream")
    n = len(stages)
    routing = [[1.0 if j == i + 1 else 0.0 for j in range(n)] for i in range(n)]
    net = ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(lam)] + [None] * (n - 1),
        service_distributions=[queueing.service_distribution(t, cv) for t in stages],
        number_of_servers=[1] * n,
        routing=routing,
    )
    horizon = customers / lam
    ciw.seed(seed)
    sim = ciw.Simulation(net)
    sim.simulate_until_max_time(horizon)
    recs = sim.get_all_records()
    warm = 0.1 * horizon
    arrive = {}
    done = {}
    for r in recs:
        if r.node == 1:
            arrive[r.id_number] = r.arrival_date
        if r.node == n:
            done[r.id_number] = r.exit_date
    soj = [done[i] - arrive[i] for i in sorted(done, key=lambda k: arrive.get(k, -1.0))
           if i in arrive and arrive[i] >= warm]
    exits = sorted(d for i, d in done.items() if d >= warm)
    thr = (len(exits) - 1) / (exits[-1] - exits[0]) if len(exits) > 1 else float("nan")
    return {"sojourn_s": float(np.mean(soj)), "throughput": float(thr), "load": float(round(load, 12)),
            "messages": len(soj), "sojourns_s": [float(x) for x in soj]}


def jackson_sojourn(stage_times: Sequence[float], arrival_rate: float) -> float:
    """Mean sojourn of an M/M/1 tandem line: ``sum 1/(mu_i - lambda)`` (:func:`mmperf.queueing.tandem`).

    Examples
    --------
    >>> round(jackson_sojourn([0.001, 0.002], 100.0), 6)
    0.003611
    """
    return queueing.tandem(arrival_rate, [1.0 / t for t in stage_times]).W


def multicast_jobs(receivers: int, mode: str, num=EQ22_NUM_MS, den=EQ22_DEN_MS) -> dict[str, float]:
    """Per-job times (ms) of a multicast, backed out of Eq. 2.2's two lines.

    ``serial`` (original PVM): one set-up job of 70 ms and one 37 ms job per receiver, all at
    the sender. ``parallel`` (ATM re-implementation): every receiver's 95.83 ms of work runs at
    once, then the sender handles one 4.17 ms acknowledgement per receiver.

    Examples
    --------
    >>> multicast_jobs(3, "serial")
    {'setup_ms': 70.0, 'per_receiver_ms': 37.0, 'receivers': 3}
    """
    if receivers < 1:
        raise ValueError(f"receivers must be >= 1, got {receivers}")
    if mode == "serial":
        return {"setup_ms": float(num[0]), "per_receiver_ms": float(num[1]), "receivers": receivers}
    if mode == "parallel":
        return {"parallel_ms": float(den[0]), "ack_ms": float(den[1]), "receivers": receivers}
    raise ValueError(f"mode must be 'serial' or 'parallel', got {mode!r}")


def simulate_multicast(receivers: int, mode: str, cv: float = 0.0, seed: int = 1,
                       num=EQ22_NUM_MS, den=EQ22_DEN_MS) -> float:
    """Time (ms) until the last acknowledgement of one multicast, simulated in Ciw.

    Serial: ``receivers + 1`` jobs queue at one server (the sender). Parallel: ``receivers``
    jobs start at once on as many servers, then queue at the sender's acknowledgement server.
    With deterministic jobs the results are Eq. 2.2's lines exactly; with variability the
    parallel multicast waits for the slowest receiver.

    Examples
    --------
    >>> round(simulate_multicast(4, "serial"), 6), round(simulate_multicast(4, "parallel"), 6)
    (218.0, 112.51)
    """
    jobs = multicast_jobs(receivers, mode, num, den)
    eps = 1e-9
    if mode == "serial":
        k = receivers + 1
        # class 0: the set-up job (arrives first); class 1: one job per receiver
        net = ciw.create_network(
            arrival_distributions={"Class 0": [ciw.dists.Sequential([eps, NEVER])],
                                   "Class 1": [ciw.dists.Sequential([2 * eps] + [eps] * (k - 2) + [NEVER])]},
            service_distributions={"Class 0": [queueing.service_distribution(jobs["setup_ms"], cv)],
                                   "Class 1": [queueing.service_distribution(jobs["per_receiver_ms"], cv)]},
            number_of_servers=[1],
        )
        last_node = 1
    else:
        k = receivers
        net = ciw.create_network(
            arrival_distributions=[ciw.dists.Sequential([eps] * k + [NEVER]), None],
            service_distributions=[queueing.service_distribution(jobs["parallel_ms"], cv),
                                   queueing.service_distribution(jobs["ack_ms"], cv)],
            number_of_servers=[k, 1],
            routing=[[0.0, 1.0], [0.0, 0.0]],
        )
        last_node = 2
    ciw.seed(seed)
    sim = ciw.Simulation(net)
    sim.simulate_until_max_time(1e9)
    ends = [r.exit_date for r in sim.get_all_records() if r.node == last_node]
    if len(ends) != k:
        raise RuntimeError(f"expected {k} completed jobs, got {len(ends)}")
    return float(max(ends)) - eps   # time from the first job's arrival


def replicate_multicast(receivers: int, mode: str, cv: float, replications: int, seed: int,
                        num=EQ22_NUM_MS, den=EQ22_DEN_MS) -> dict[str, float]:
    """Mean multicast time (ms) over seeded replications with its 95 % half-width (``num`` and ``den``:
    Eq. 2.2's two lines, as for :func:`simulate_multicast`).

    Examples
    --------
    >>> round(replicate_multicast(2, "serial", 0.0, 2, 1)["time_ms"], 6)
    144.0
    """
    values = [simulate_multicast(receivers, mode, cv, seed + i, num, den) for i in range(replications)]
    if cv == 0 or replications < 2:
        return {"time_ms": float(np.mean(values)), "ci_half_width": 0.0, "n": replications}
    mean, half = mean_ci(values)
    return {"time_ms": float(mean), "ci_half_width": float(half), "n": replications}
