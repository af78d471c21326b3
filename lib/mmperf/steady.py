"""Steady state, checked rather than assumed.

A simulated mean delay is a steady-state quantity only where every queue on the path is stable and the
estimate does not drift with the length of the run. This module gives a model the two checks:

- **Before any simulation**, :func:`check_stations` computes each declared station's offered utilisation
  from the model's rates. A station at or above 1 has no steady state unless the model bounds its queue (a
  finite buffer or a drop policy: ``bounded=True``), in which case its delays are steady but it loses work.
- **After a simulation**, :func:`run_length_drift` compares a quantity estimated at the chapter's run length
  with the same quantity at twice it (or :func:`batch_means_trend` looks for a trend within one run). A
  value that drifts beyond its interval is not a steady-state mean and must be reported as undefined.

A model declares its stations as :class:`Station` records; the chapter turns each
:class:`StationCheck` that is not steady into a warning naming the station and marks the delays through
it undefined, with the reason the check gives.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats


@dataclass(frozen=True)
class Station:
    """A station of a queueing model, as the model's rates define it.

    ``arrival_rate`` and ``service_rate`` are per server in the same time unit (jobs per second, say);
    ``servers`` is the number of parallel servers; ``bounded`` says that the model bounds the station's
    queue (a finite buffer, a drop policy), so that overload loses work instead of growing the queue.
    """

    name: str
    arrival_rate: float
    service_rate: float
    servers: int = 1
    bounded: bool = False

    @property
    def utilisation(self) -> float:
        """Offered utilisation ``lambda / (c mu)``; infinite for a station that cannot serve at all.

        Examples
        --------
        >>> Station("codec", arrival_rate=30.0, service_rate=30.0).utilisation
        1.0
        """
        capacity = self.servers * self.service_rate
        return math.inf if capacity == 0 else self.arrival_rate / capacity


@dataclass(frozen=True)
class StationCheck:
    """The verdict on one station: is a delay through it a steady-state quantity?"""

    station: str
    utilisation: float
    steady: bool
    loses_work: bool
    reason: str | None  # why delays through the station are undefined (None when they are defined)


def check_station(station: Station, margin: float = 0.0) -> StationCheck:
    """Whether ``station`` has a steady state: offered utilisation below ``1 - margin``, or a bounded queue.

    Examples
    --------
    >>> check_station(Station("host", 18.0, 30.0)).steady
    True
    >>> c = check_station(Station("codec", 30.0, 30.0))
    >>> c.steady, c.reason
    (False, 'station codec is offered utilisation 1.000 >= 1: its queue grows with the run, so delays through it have no steady-state mean')
    >>> check_station(Station("sink", 40.0, 30.0, bounded=True)).loses_work
    True
    """
    rho = station.utilisation
    overloaded = not rho < 1 - margin
    if not overloaded:
        return StationCheck(station.name, rho, True, False, None)
    if station.bounded:
        return StationCheck(station.name, rho, True, True, None)
    return StationCheck(station.name, rho, False, False,
                        f"station {station.name} is offered utilisation {rho:.3f} >= 1: its queue grows with "
                        "the run, so delays through it have no steady-state mean")


def check_stations(stations: Sequence[Station], margin: float = 0.0) -> list[StationCheck]:
    """:func:`check_station` for every station, in order."""
    return [check_station(s, margin) for s in stations]


def unsteady(checks: Sequence[StationCheck]) -> list[StationCheck]:
    """The checks of the stations without a steady state."""
    return [c for c in checks if not c.steady]


@dataclass(frozen=True)
class DriftCheck:
    """A quantity at the run length and at twice it: whether the difference exceeds its interval."""

    short_mean: float
    long_mean: float
    difference: float
    half_width: float
    drifts: bool
    reason: str | None


def run_length_drift(short: tuple[float, float], long: tuple[float, float], what: str = "the value"
                     ) -> DriftCheck:
    """Compare ``(mean, ci_half_width)`` at the run length (``short``) with the same at twice it (``long``).

    The two estimates come from independent runs, so the half-width of their difference is
    ``sqrt(h_short^2 + h_long^2)`` (at the level both intervals were computed at). A difference beyond it
    is drift: the quantity depends on the run length and is not a steady-state mean.

    Examples
    --------
    >>> run_length_drift((117.7, 2.0), (132.9, 2.5), "receive delay").drifts
    True
    >>> run_length_drift((50.1, 1.0), (49.6, 0.8)).drifts
    False
    """
    (m1, h1), (m2, h2) = short, long
    diff, half = m2 - m1, math.hypot(h1, h2)
    drifts = abs(diff) > half
    reason = (f"{what} drifts with the run length ({m1:.4g} at the chapter's run length, {m2:.4g} at twice "
              f"it; the difference {diff:+.3g} exceeds its interval +-{half:.2g}): not a steady-state mean"
              if drifts else None)
    return DriftCheck(m1, m2, diff, half, drifts, reason)


@dataclass(frozen=True)
class TrendCheck:
    """Batch means of one run and the slope of a line through them."""

    batch_means: tuple[float, ...]
    slope: float
    p_value: float
    trends: bool


def batch_means_trend(values: Sequence[float], batches: int = 20, level: float = 0.99) -> TrendCheck:
    """Split one run's consecutive observations into ``batches`` equal batches and test the slope of their
    means against zero (ordinary least squares, two-sided t test at ``level``). A significant slope means
    the run has not reached a steady state (or never will).

    Examples
    --------
    >>> batch_means_trend(list(range(2000)), batches=10).trends
    True
    >>> batch_means_trend([1.0, 2.0] * 1000, batches=10).trends
    False
    """
    x = np.asarray(values, dtype=float)
    if batches < 3 or x.size < batches:
        raise ValueError(f"batches = {batches} is not allowed: expected 3 <= batches <= {x.size} observations")
    size = x.size // batches
    means = x[: size * batches].reshape(batches, size).mean(axis=1)
    index = np.arange(batches, dtype=float)
    if np.ptp(means) == 0:
        return TrendCheck(tuple(means.tolist()), 0.0, 1.0, False)
    fit = stats.linregress(index, means)
    return TrendCheck(tuple(means.tolist()), float(fit.slope), float(fit.pvalue), bool(fit.pvalue < 1 - level))
