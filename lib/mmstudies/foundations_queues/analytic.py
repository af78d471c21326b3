"""Closed forms for one queue that :mod:`mmperf.queueing` does not hold, and the statistics of a simulation's
output: batch means and the power of a test. All times are in units of the mean service time unless a
function says otherwise; nothing here simulates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

from mmperf import queueing
from mmperf.stats import mean_ci


@dataclass(frozen=True)
class LossQueue:
    """Steady state of a queue with a finite capacity: blocking probability, carried load and means."""

    blocking: float      # probability that an arrival finds the system full and is lost
    throughput: float    # accepted arrivals per unit time, lambda (1 - blocking)
    utilisation: float   # per server, busy fraction
    L: float             # mean number in the system
    W: float             # mean sojourn of an accepted customer (Little: L / throughput)


def mm1k(arrival_rate: float, service_rate: float, capacity: int) -> LossQueue:
    """M/M/1/K: one exponential server and room for ``capacity`` customers in all (the one in service
    included); an arrival that finds ``capacity`` customers is lost.

    With ``r = lambda / mu`` the number in the system is a truncated geometric distribution,
    ``p_n = r^n (1 - r) / (1 - r^(K+1))`` for ``r != 1`` and ``1 / (K + 1)`` at ``r = 1``; the blocking
    probability is ``p_K`` (PASTA: Poisson arrivals see time averages). It exists at any load, even
    ``r >= 1``, since the buffer bounds the queue.

    Examples
    --------
    At ``r = 1`` and ``K = 4`` every state has probability 1/5, so a fifth of the arrivals are lost:

    >>> m = mm1k(1.0, 1.0, 4)
    >>> round(m.blocking, 12), round(m.L, 12)
    (0.2, 2.0)

    With ``K = 1`` (no waiting room) it is Erlang's loss formula for one server, ``r / (1 + r)``:

    >>> round(mm1k(1.0, 3.0, 1).blocking, 12)
    0.25
    """
    lam = queueing.require_positive("arrival_rate", arrival_rate)
    mu = queueing.require_positive("service_rate", service_rate)
    if int(capacity) != capacity or capacity < 1:
        raise ValueError(f"capacity = {capacity!r} is not allowed: expected an integer >= 1")
    k, r = int(capacity), lam / mu
    weights = np.array([r**n for n in range(k + 1)], dtype=float)
    p = weights / weights.sum()
    blocking = float(p[-1])
    throughput = lam * (1 - blocking)
    L = float(np.dot(np.arange(k + 1), p))
    return LossQueue(blocking, throughput, throughput / mu, L, L / throughput)


def erlang_b(servers: int, offered_load: float) -> float:
    """Erlang's loss formula: the blocking probability of M/M/c/c (``c`` servers, no waiting room) at
    offered load ``a = lambda / mu``, ``B = (a^c / c!) / sum_{k<=c} a^k / k!``, by the stable recursion
    ``B_k = a B_{k-1} / (k + a B_{k-1})`` from ``B_0 = 1``. It holds for any service distribution with
    that mean (insensitivity).

    Examples
    --------
    ``c = 3``, ``a = 2``: ``(8/6) / (1 + 2 + 2 + 8/6) = 4/19``.

    >>> round(erlang_b(3, 2.0), 12) == round(4 / 19, 12)
    True
    """
    if int(servers) != servers or servers < 1:
        raise ValueError(f"servers = {servers!r} is not allowed: expected an integer >= 1")
    if not math.isfinite(offered_load) or offered_load < 0:
        raise ValueError(f"offered_load = {offered_load!r} is not allowed: expected a finite number >= 0")
    b = 1.0
    for k in range(1, int(servers) + 1):
        b = offered_load * b / (k + offered_load * b)
    return b


@dataclass(frozen=True)
class BatchMeans:
    """The batch-means estimate of a steady-state mean from one long run."""

    mean: float
    half_width: float
    batch_means: tuple[float, ...]
    lag1_correlation: float   # of consecutive batch means; near 0 when the batches are long enough


def batch_means(values: Sequence[float], batches: int, level: float = 0.95) -> BatchMeans:
    """Split one run's consecutive observations into ``batches`` equal batches; their means are nearly
    independent when each batch is much longer than the correlation time of the output, so a Student-t
    interval over the batch means is a confidence interval for the steady-state mean (the remainder of
    ``len(values) / batches`` at the end is dropped).

    Examples
    --------
    Batches (1, 3) and (5, 7) have means 2 and 6: the mean is 4, and with one degree of freedom the 95 %
    half width is ``t_{0.975,1} x s / sqrt(2) = 12.7062 x 2.8284 / 1.4142 = 25.41``.

    >>> b = batch_means([1.0, 3.0, 5.0, 7.0], batches=2)
    >>> b.batch_means, b.mean, round(b.half_width, 2)
    ((2.0, 6.0), 4.0, 25.41)
    """
    x = np.asarray(values, dtype=float)
    if int(batches) != batches or batches < 2 or x.size < batches:
        raise ValueError(f"batches = {batches!r} is not allowed: expected an integer from 2 to the "
                         f"{x.size} observations")
    size = x.size // int(batches)
    means = x[: size * int(batches)].reshape(int(batches), size).mean(axis=1)
    mean, half = mean_ci(means, level)
    lag1 = float(np.corrcoef(means[:-1], means[1:])[0, 1]) if batches >= 3 and np.ptp(means) > 0 else 0.0
    return BatchMeans(mean, half, tuple(float(m) for m in means), lag1)


def replications_needed(relative_sd: float, relative_error: float = 0.05, alpha: float = 0.05,
                        power: float = 0.8) -> int:
    """Replications a two-sided test at ``alpha`` needs to detect a relative error ``relative_error`` in a
    mean with probability ``power``, when one replication's value has relative standard deviation
    ``relative_sd``: ``n = ((z_{1 - alpha/2} + z_{power}) relative_sd / relative_error)^2``, rounded up
    (normal approximation; with few replications the t quantiles ask for a few more).

    Examples
    --------
    A replication spread of 10 %: ``((1.95996 + 0.84162) x 0.10 / 0.05)^2 = 31.4``, so 32 replications.

    >>> replications_needed(0.10)
    32
    """
    if not math.isfinite(relative_sd) or relative_sd <= 0:
        raise ValueError(f"relative_sd = {relative_sd!r} is not allowed: expected a finite number > 0")
    if not 0 < relative_error or not 0 < alpha < 1 or not 0 < power < 1:
        raise ValueError("relative_error must be > 0, alpha and power in (0, 1)")
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    return int(math.ceil((z * relative_sd / relative_error) ** 2 - 1e-9))


def power_of_test(relative_sd: float, replications: int, relative_error: float = 0.05,
                  alpha: float = 0.05) -> float:
    """Probability that ``replications`` replications detect a relative error ``relative_error`` with a
    two-sided test at ``alpha`` (normal approximation, the far tail ignored):
    ``Phi(relative_error sqrt(n) / relative_sd - z_{1 - alpha/2})``.

    Examples
    --------
    With the spread and the count of :func:`replications_needed`'s example the power is just above 0.8,
    ``Phi(0.05 sqrt(32) / 0.10 - 1.95996) = Phi(0.8685)``:

    >>> round(power_of_test(0.10, 32), 3)
    0.807
    """
    if replications < 1 or relative_sd <= 0:
        raise ValueError("replications must be >= 1 and relative_sd > 0")
    shift = relative_error * math.sqrt(replications) / relative_sd
    return float(stats.norm.cdf(shift - stats.norm.ppf(1 - alpha / 2)))
