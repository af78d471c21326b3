"""Queueing models: closed-form results and seeded Ciw simulations of the same systems.

Analytic results (all times in the units of ``1/rate``):

- :func:`mm1`, :func:`mmc` (Erlang C), :func:`md1` and :func:`mg1` (Pollaczek-Khinchine),
- :func:`tandem` (a Jackson line of M/M/1 stations), :func:`jackson` (an open Jackson network with
  routing and feedback, M/M/c stations),
- :func:`mva` and :func:`mva_multiclass` (exact mean-value analysis of closed product-form networks with
  queueing and delay stations), :func:`asymptotic_bounds` and :func:`balanced_job_bounds`.

Ciw helpers:

- :func:`service_distribution` - a Ciw distribution with a given mean and coefficient of
  variation (deterministic at cv = 0, gamma otherwise).
- :func:`simulate` - one seeded Ciw run with a warm-up, returning per-customer records.
- :func:`replicate` - several independent seeded runs of any model, with t-based CIs.

Every function rejects a non-positive rate or an unstable load (utilisation >= 1) with a
message naming the parameter, before any simulation starts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ciw
import numpy as np
import pandas as pd

from mmperf.stats import mean_ci


@dataclass(frozen=True)
class QueueMetrics:
    """Steady-state means of a queue: utilisation, numbers in system/queue, sojourn and wait."""

    rho: float
    L: float
    Lq: float
    W: float
    Wq: float


def require_positive(name: str, value: float) -> float:
    """Return ``value`` as float, or raise naming the parameter.

    Examples
    --------
    >>> require_positive("arrival_rate", 2)
    2.0
    >>> require_positive("arrival_rate", -1)
    Traceback (most recent call last):
    ...
    ValueError: arrival_rate must be a finite number > 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, int | float | np.number) or not math.isfinite(value) \
            or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0, got {value!r}")
    return float(value)


def require_stable(rho: float, what: str = "queue") -> None:
    """Raise when a utilisation is at or above 1 (no steady state exists)."""
    if rho >= 1:
        raise ValueError(f"{what} is unstable: utilisation {rho:.4g} >= 1 "
                         "(arrival rate must be below total service rate)")


def mm1(arrival_rate: float, service_rate: float) -> QueueMetrics:
    """M/M/1 queue.

    Examples
    --------
    >>> m = mm1(1.0, 2.0)
    >>> m.rho, m.L, m.W, m.Wq
    (0.5, 1.0, 1.0, 0.5)
    """
    lam = require_positive("arrival_rate", arrival_rate)
    mu = require_positive("service_rate", service_rate)
    rho = lam / mu
    require_stable(rho, "M/M/1 queue")
    L = rho / (1 - rho)
    W = L / lam
    return QueueMetrics(rho, L, L - rho, W, W - 1 / mu)


def erlang_c(servers: int, offered_load: float) -> float:
    """Probability that an arrival waits in M/M/c (Erlang C), ``offered_load = lambda/mu``.

    Examples
    --------
    >>> round(erlang_c(2, 1.0), 6)
    0.333333
    """
    c, a = int(servers), float(offered_load)
    if c < 1:
        raise ValueError(f"servers must be a whole number >= 1, got {servers!r}")
    require_stable(a / c, "M/M/c queue")
    # Stable recursion for Erlang B, then convert to C.
    b = 1.0
    for k in range(1, c + 1):
        b = a * b / (k + a * b)
    rho = a / c
    return b / (1 - rho + rho * b)


def mmc(arrival_rate: float, service_rate: float, servers: int) -> QueueMetrics:
    """M/M/c queue.

    Examples
    --------
    >>> m = mmc(1.0, 1.0, 2)
    >>> round(m.Wq, 6), round(m.W, 6)
    (0.333333, 1.333333)
    """
    lam = require_positive("arrival_rate", arrival_rate)
    mu = require_positive("service_rate", service_rate)
    c = int(servers)
    pw = erlang_c(c, lam / mu)
    Wq = pw / (c * mu - lam)
    return QueueMetrics(lam / (c * mu), lam * (Wq + 1 / mu), lam * Wq, Wq + 1 / mu, Wq)


def mg1(arrival_rate: float, mean_service: float, service_scv: float) -> QueueMetrics:
    """M/G/1 queue by Pollaczek-Khinchine; ``service_scv`` is the squared coefficient of variation.

    Examples
    --------
    >>> round(mg1(0.5, 1.0, 1.0).Wq, 6)   # exponential service: equals M/M/1
    1.0
    """
    lam = require_positive("arrival_rate", arrival_rate)
    s = require_positive("mean_service", mean_service)
    if service_scv < 0:
        raise ValueError(f"service_scv must be >= 0, got {service_scv!r}")
    rho = lam * s
    require_stable(rho, "M/G/1 queue")
    Wq = lam * s * s * (1 + service_scv) / (2 * (1 - rho))
    return QueueMetrics(rho, lam * (Wq + s), lam * Wq, Wq + s, Wq)


def md1(arrival_rate: float, service_rate: float) -> QueueMetrics:
    """M/D/1 queue (deterministic service).

    Examples
    --------
    >>> md1(0.5, 1.0).Wq
    0.5
    """
    return mg1(arrival_rate, 1 / require_positive("service_rate", service_rate), 0.0)


def tandem(arrival_rate: float, service_rates: Sequence[float]) -> QueueMetrics:
    """A Jackson line of M/M/1 stations: sojourn times add (Burke's theorem).

    ``rho`` is the largest station utilisation (the bottleneck).

    Examples
    --------
    >>> round(tandem(1.0, [2.0, 4.0]).W, 6)
    1.333333
    """
    stations = [mm1(arrival_rate, mu) for mu in service_rates]
    if not stations:
        raise ValueError("service_rates must list at least one station")
    return QueueMetrics(max(s.rho for s in stations), sum(s.L for s in stations),
                        sum(s.Lq for s in stations), sum(s.W for s in stations), sum(s.Wq for s in stations))


def lindley_waits(interarrival: Sequence[float], service: Sequence[float]) -> np.ndarray:
    """Exact waiting times of a FCFS single-server queue, vectorised (Lindley's recursion).

    Customer ``n`` arrives ``interarrival[n]`` after customer ``n-1`` (the first at ``interarrival[0]``)
    and needs ``service[n]``. With ``W_0 = 0`` and ``W_n = max(0, W_{n-1} + S_{n-1} - A_n)``, the
    partial sums ``U_n = sum_{k<=n} (S_{k-1} - A_k)`` give ``W_n = U_n - min(0, min_{k<=n} U_k)``: one
    cumulative sum and one running minimum, with no Python loop. It is what Ciw computes event by event
    for one FCFS server, at a fraction of the cost (a test shows the two equal customer by customer).

    Examples
    --------
    Worked by hand: arrivals at 0, 1, 2 (gaps 0, 1, 1), services 3, 1, 1: the second waits 3 - 1 = 2,
    the third 2 + 1 - 1 = 2.

    >>> lindley_waits([0.0, 1.0, 1.0], [3.0, 1.0, 1.0]).tolist()
    [0.0, 2.0, 2.0]
    """
    a = np.asarray(interarrival, dtype=float)
    s = np.asarray(service, dtype=float)
    if a.shape != s.shape or a.ndim != 1:
        raise ValueError("interarrival and service must be one-dimensional and of equal length")
    if a.size == 0:
        return a.copy()
    steps = np.concatenate(([0.0], s[:-1] - a[1:]))
    u = np.cumsum(steps)
    return u - np.minimum(np.minimum.accumulate(u), 0.0)


def service_distribution(mean: float, cv: float = 0.0) -> ciw.dists.Distribution:
    """A Ciw distribution with the given mean and coefficient of variation.

    ``cv = 0`` gives :class:`ciw.dists.Deterministic`; ``cv > 0`` a gamma distribution
    (shape ``1/cv**2``), which is exponential at ``cv = 1``.

    Examples
    --------
    >>> service_distribution(2.0).sample()
    2.0
    """
    mean = require_positive("mean service time", mean)
    if not math.isfinite(cv) or cv < 0:
        raise ValueError(f"cv (coefficient of variation) must be a finite number >= 0, got {cv!r}")
    if cv == 0:
        return ciw.dists.Deterministic(mean)
    shape = 1.0 / cv**2
    return ciw.dists.Gamma(shape, mean / shape)


def simulate(network: ciw.Network, *, max_time: float, warmup: float, seed: int,
             **simulation_kwargs) -> pd.DataFrame:
    """Run one seeded Ciw simulation; return the records of customers that arrived after ``warmup``.

    Columns are those of :class:`ciw.DataRecord` (``arrival_date``, ``waiting_time``,
    ``service_time``, ``exit_date``, ``node``, ``customer_class``, ...) plus ``sojourn``.
    """
    if warmup < 0 or warmup >= max_time:
        raise ValueError(f"warmup must be in [0, max_time); got warmup={warmup}, max_time={max_time}")
    ciw.seed(int(seed))
    sim = ciw.Simulation(network, **simulation_kwargs)
    sim.simulate_until_max_time(max_time)
    records = pd.DataFrame(sim.get_all_records())
    if records.empty:
        return records
    records = records[records["arrival_date"] >= warmup].copy()
    records["sojourn"] = records["waiting_time"] + records["service_time"]
    return records


def replicate(run_one: Callable[[int], dict[str, float]], *, replications: int, seed: int,
              level: float = 0.95) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Run ``run_one(seed_i)`` for independent seeds ``seed, seed+1, ...``.

    Returns ``(runs, summary)``: one row per replication, and per metric its mean, CI half
    width at ``level`` and the number of replications.

    Examples
    --------
    >>> runs, summary = replicate(lambda s: {"x": float(s)}, replications=3, seed=10)
    >>> float(summary.loc["x", "mean"])
    11.0
    """
    if replications < 1:
        raise ValueError(f"replications must be >= 1, got {replications}")
    runs = pd.DataFrame([{"replication": i, **run_one(seed + i)} for i in range(replications)])
    metrics = [c for c in runs.columns if c != "replication"]
    rows = {m: dict(zip(("mean", "ci_half_width"), mean_ci(runs[m].to_numpy(), level), strict=True))
            | {"n": replications} for m in metrics}
    return runs, pd.DataFrame.from_dict(rows, orient="index")


# ----------------------------------------------------------------------------- product-form networks
@dataclass(frozen=True)
class ClosedNetworkMetrics:
    """Exact mean-value analysis of a closed single-class network at population ``n``.

    ``throughput`` is jobs per unit time, ``response`` the mean time from leaving the terminals (think
    stations) to returning to them, and ``residence``, ``queue_length`` and ``utilisation`` have one entry
    per station, in the order given.
    """

    n: int
    throughput: float
    response: float
    residence: tuple[float, ...]
    queue_length: tuple[float, ...]
    utilisation: tuple[float, ...]


def _require_kinds(kinds: Sequence[str] | None, count: int) -> tuple[str, ...]:
    kinds = tuple(kinds) if kinds is not None else ("queue",) * count
    if len(kinds) != count:
        raise ValueError(f"kinds: {len(kinds)} given for {count} stations")
    for kind in kinds:
        if kind not in ("queue", "delay"):
            raise ValueError(f"kinds: {kind!r} is not allowed: expected 'queue' or 'delay'")
    return kinds


def _require_demands(demands: Sequence[float]) -> tuple[float, ...]:
    values = tuple(float(d) for d in demands)
    if not values:
        raise ValueError("demands: at least one station is needed")
    for d in values:
        if not math.isfinite(d) or d < 0:
            raise ValueError(f"demands: {d!r} is not allowed: expected finite numbers >= 0")
    return values


def mva(demands: Sequence[float], population: int, think_time: float = 0.0,
        kinds: Sequence[str] | None = None) -> list[ClosedNetworkMetrics]:
    """Exact mean-value analysis (Reiser and Lavenberg) of a closed single-class product-form network.

    Station ``k`` has service demand ``demands[k]`` (visits times mean service time per visit) and is a
    single-server queueing station (``"queue"``: FCFS with exponential service, or processor sharing) or a
    delay station (``"delay"``: infinite servers). ``think_time`` is the terminals' mean think time ``Z``.
    The recursion over the population, from an empty network, is exact:

    ``R_k(n) = D_k (1 + Q_k(n - 1))`` at a queue (``D_k`` at a delay station),
    ``X(n) = n / (Z + sum_k R_k(n))`` and ``Q_k(n) = X(n) R_k(n)`` (Little's law at every station).

    Returns the metrics at every population ``1 .. population``.

    Examples
    --------
    One queue, no think time: every job is always at the queue, so ``X = 1 / D`` at any population.

    >>> [round(m.throughput, 6) for m in mva([0.5], 3)]
    [2.0, 2.0, 2.0]

    Two equal queues with two jobs: ``R_k(2) = D (1 + 1/2)``, ``X(2) = 2 / (3 D) = 2/3`` for ``D = 1``.

    >>> round(mva([1.0, 1.0], 2)[-1].throughput, 12)
    0.666666666667
    """
    demands = _require_demands(demands)
    kinds = _require_kinds(kinds, len(demands))
    if int(population) != population or population < 1:
        raise ValueError(f"population = {population!r} is not allowed: expected an integer >= 1")
    if not math.isfinite(think_time) or think_time < 0:
        raise ValueError(f"think_time = {think_time!r} is not allowed: expected a finite number >= 0")
    queue = [0.0] * len(demands)
    out = []
    for n in range(1, int(population) + 1):
        residence = [d * (1 + q) if kind == "queue" else d for d, q, kind in zip(demands, queue, kinds,
                                                                                   strict=True)]
        cycle = think_time + sum(residence)
        throughput = n / cycle
        queue = [throughput * r for r in residence]
        out.append(ClosedNetworkMetrics(n=n, throughput=throughput, response=sum(residence),
                                        residence=tuple(residence), queue_length=tuple(queue),
                                        utilisation=tuple(throughput * d for d in demands)))
    return out


@dataclass(frozen=True)
class MulticlassMetrics:
    """Exact multi-class MVA at one population vector: per class, and per class and station."""

    population: tuple[int, ...]
    throughput: tuple[float, ...]
    response: tuple[float, ...]
    residence: tuple[tuple[float, ...], ...]   # [class][station]
    queue_length: tuple[float, ...]             # per station, all classes
    utilisation: tuple[float, ...]              # per station, all classes


def mva_multiclass(demands: Sequence[Sequence[float]], population: Sequence[int],
                   think_times: Sequence[float] | None = None,
                   kinds: Sequence[str] | None = None) -> MulticlassMetrics:
    """Exact mean-value analysis of a closed multi-class product-form network.

    ``demands[c][k]`` is class ``c``'s service demand at station ``k``; ``population[c]`` its number of
    jobs, ``think_times[c]`` its think time. Queueing stations serve the classes by processor sharing (or
    FCFS with the same exponential service time for every class), so the network has product form. The
    recursion runs over every population vector below ``population`` (arrival theorem):

    ``R_ck(n) = D_ck (1 + Q_k(n - e_c))``, ``X_c(n) = n_c / (Z_c + sum_k R_ck(n))``,
    ``Q_k(n) = sum_c X_c(n) R_ck(n)``.

    Its cost grows with the product of ``population[c] + 1``: meant for a few classes of tens of jobs.

    Examples
    --------
    With one class it is :func:`mva`:

    >>> m = mva_multiclass([[1.0, 1.0]], [2])
    >>> round(m.throughput[0], 12) == round(mva([1.0, 1.0], 2)[-1].throughput, 12)
    True

    Two identical classes of one job each on one queue: together they are one class of two jobs, whose
    throughput at a single queue is ``1 / D``; each class gets half.

    >>> [round(x, 12) for x in mva_multiclass([[2.0], [2.0]], [1, 1]).throughput]
    [0.25, 0.25]
    """
    rows = [_require_demands(row) for row in demands]
    stations = len(rows[0])
    if any(len(row) != stations for row in rows):
        raise ValueError("demands: every class needs a demand at every station")
    kinds = _require_kinds(kinds, stations)
    pops = tuple(int(p) for p in population)
    if len(pops) != len(rows) or any(p < 0 or p != q for p, q in zip(pops, population, strict=True)):
        raise ValueError(f"population = {list(population)!r} is not allowed: expected one integer >= 0 per class")
    thinks = tuple(float(z) for z in (think_times if think_times is not None else [0.0] * len(rows)))
    if len(thinks) != len(rows) or any(not math.isfinite(z) or z < 0 for z in thinks):
        raise ValueError("think_times: expected one finite number >= 0 per class")

    import itertools

    queue: dict[tuple[int, ...], tuple[float, ...]] = {}
    result = None
    for vector in itertools.product(*(range(p + 1) for p in pops)):  # every vector after those below it
        throughput, residence = [], []
        for c, n_c in enumerate(vector):
            if n_c == 0:
                throughput.append(0.0)
                residence.append((0.0,) * stations)
                continue
            before = queue[tuple(v - (i == c) for i, v in enumerate(vector))]
            r = tuple(d * (1 + q) if kind == "queue" else d for d, q, kind in zip(rows[c], before, kinds,
                                                                                    strict=True))
            residence.append(r)
            throughput.append(n_c / (thinks[c] + sum(r)))
        queue[vector] = tuple(sum(throughput[c] * residence[c][k] for c in range(len(rows)))
                              for k in range(stations))
        if vector == pops:
            result = MulticlassMetrics(
                population=pops, throughput=tuple(throughput),
                response=tuple(sum(r) for r in residence), residence=tuple(residence),
                queue_length=queue[vector],
                utilisation=tuple(sum(throughput[c] * rows[c][k] for c in range(len(rows)))
                                  for k in range(stations)))
    return result


@dataclass(frozen=True)
class Bounds:
    """Lower and upper bounds on a closed network's throughput and response time at population ``n``."""

    n: int
    throughput_low: float
    throughput_high: float
    response_low: float
    response_high: float


def asymptotic_bounds(demands: Sequence[float], population: int, think_time: float = 0.0) -> Bounds:
    """Asymptotic bounds of a closed network of queueing stations (operational analysis; no
    distributional assumption): with ``D`` the total and ``D_max`` the largest demand,

    ``N / (N D + Z) <= X(N) <= min(1 / D_max, N / (D + Z))`` and
    ``max(D, N D_max - Z) <= R(N) <= N D``.

    Examples
    --------
    >>> b = asymptotic_bounds([0.2, 0.1], 10, think_time=1.0)
    >>> round(b.throughput_high, 6), round(b.response_low, 6)
    (5.0, 1.0)
    """
    demands = _require_demands(demands)
    total, largest, n, z = sum(demands), max(demands), int(population), float(think_time)
    return Bounds(n=n, throughput_low=n / (n * total + z), throughput_high=min(1 / largest, n / (total + z)),
                  response_low=max(total, n * largest - z), response_high=n * total)


def balanced_job_bounds(demands: Sequence[float], population: int, think_time: float = 0.0) -> Bounds:
    """Balanced job bounds (Zahorjan, Sevcik, Eager and Galler, 1982) of a closed network of single-server
    queueing stations with terminals of think time ``Z``: a balanced network, whose demands all equal
    ``D_avg = D / K``, performs better than the given one, and one with ``D / D_max`` stations of demand
    ``D_max`` performs worse. With ``s = 1 + Z / (N D)`` (pessimistic) and ``o = 1 + Z / D`` (optimistic),
    both 1 without terminals:

    ``N / (D + Z + (N - 1) D_max / s) <= X(N) <= min(1 / D_max, N / (D + Z + (N - 1) D_avg / o))``,
    ``max(N D_max - Z, D + (N - 1) D_avg / o) <= R(N) <= D + (N - 1) D_max / s``.

    Examples
    --------
    A balanced network meets its optimistic bound: two stations of demand 1, two jobs, no think time give
    ``X(2) = 2 / (2 + 1) = 2/3``, the exact value (see :func:`mva`).

    >>> round(balanced_job_bounds([1.0, 1.0], 2).throughput_high, 12)
    0.666666666667
    """
    demands = _require_demands(demands)
    total, largest, n, z = sum(demands), max(demands), int(population), float(think_time)
    if total == 0:
        raise ValueError("demands: at least one station needs a positive demand")
    average = total / len(demands)
    s, o = 1 + z / (n * total), 1 + z / total
    return Bounds(n=n,
                  throughput_low=n / (total + z + (n - 1) * largest / s),
                  throughput_high=min(1 / largest, n / (total + z + (n - 1) * average / o)),
                  response_low=max(n * largest - z, total + (n - 1) * average / o),
                  response_high=total + (n - 1) * largest / s)


@dataclass(frozen=True)
class OpenNetworkMetrics:
    """An open Jackson network's steady state: per station, and the network's mean response time."""

    arrival_rate: tuple[float, ...]
    stations: tuple[QueueMetrics, ...]
    response: float
    number_in_system: float


def jackson(external_rates: Sequence[float], routing: Sequence[Sequence[float]],
            service_rates: Sequence[float], servers: Sequence[int] | None = None) -> OpenNetworkMetrics:
    """An open Jackson network: Poisson arrivals from outside at rate ``external_rates[i]`` into station
    ``i``, routing probabilities ``routing[i][j]`` from ``i`` to ``j`` (a row's remainder leaves the
    network), and M/M/c stations. The traffic equations ``lambda = gamma + lambda P`` give each station's
    arrival rate; each station then behaves as an M/M/c queue (Jackson's theorem). The network's mean
    response time is ``sum_i L_i / sum_i gamma_i`` (Little's law).

    Raises ``ValueError`` naming the station when one is unstable (utilisation >= 1).

    Examples
    --------
    A line of two M/M/1 stations is the tandem of :func:`tandem`:

    >>> net = jackson([1.0, 0.0], [[0, 1], [0, 0]], [2.0, 4.0])
    >>> round(net.response, 12) == round(tandem(1.0, [2.0, 4.0]).W, 12)
    True

    Feedback: a station whose jobs return with probability 1/2 sees twice the outside rate.

    >>> jackson([1.0], [[0.5]], [4.0]).arrival_rate
    (2.0,)
    """
    gamma = np.asarray(external_rates, dtype=float)
    p = np.asarray(routing, dtype=float)
    mu = np.asarray(service_rates, dtype=float)
    count = len(gamma)
    if p.shape != (count, count) or len(mu) != count:
        raise ValueError(f"routing must be {count} x {count} and service_rates {count} long")
    if (gamma < 0).any() or (p < 0).any() or (p.sum(axis=1) > 1 + 1e-12).any():
        raise ValueError("external rates and routing probabilities must be >= 0, each routing row sums to <= 1")
    c = [1] * count if servers is None else [int(s) for s in servers]
    lam = np.linalg.solve((np.eye(count) - p).T, gamma)
    stations = []
    for i in range(count):
        if lam[i] >= c[i] * mu[i]:
            raise ValueError(f"station {i}: utilisation {lam[i] / (c[i] * mu[i]):.3g} >= 1 (arrival rate "
                             f"{lam[i]:.4g}, capacity {c[i] * mu[i]:.4g}): the network has no steady state")
        if lam[i] == 0:
            stations.append(QueueMetrics(rho=0.0, L=0.0, Lq=0.0, W=1 / mu[i], Wq=0.0))
        else:
            stations.append(mmc(float(lam[i]), float(mu[i]), c[i]) if c[i] > 1 else mm1(float(lam[i]), float(mu[i])))
    total_in = sum(s.L for s in stations)
    return OpenNetworkMetrics(arrival_rate=tuple(float(x) for x in lam), stations=tuple(stations),
                              response=float(total_in / gamma.sum()), number_in_system=float(total_in))
