"""Jitter metrics of a media stream and the jitter-compensation buffer (Claypool 1997, 3.3 and 5.6.4).

A trace is the sequence of packet *interarrival times* ``x_1 ... x_n`` at the receiver
(microseconds). The six metrics of thesis section 3.3:

- :func:`jitter_range` - the "range": the maximum interarrival time (Table 3.2 caption), or
  the textbook max - min (``definition="max-min"``); the thesis uses both wordings.
- :func:`variance` - sum of squared deviations over ``n - 1`` (the thesis's chosen measure).
- :func:`std_dev` - its square root.
- :func:`absolute_deviation` - ``sum |x_i - mean|`` exactly as printed, with no ``1/n``.
- :func:`gaps_per_second` - late frames per second under the I-policy with a fixed buffer.
- :func:`compensation_area` - the area under the jitter-compensation curve.

The buffer functions (thesis 5.6.4): :func:`lateness` of each frame against the nominal
sending period, :func:`dropped_percent` (the I-policy: a frame later than the buffer is
dropped), :func:`compensation_curve` (dropped % over a sweep of buffers) and
:func:`optimal_buffer` (the point of the curve nearest the origin once buffer and drops are
normalised by their acceptable limits).

How "late" is measured is not stated in the thesis; ``reference="min"`` (default) measures
each frame's extra delay against the earliest-arriving frame, ``reference="first"`` against
the first frame of the trace. Both are labelled assumptions in the chapter.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

RANGE_DEFINITIONS = ("max", "max-min")
LATENESS_REFERENCES = ("min", "first")
METRIC_NAMES = ("Range", "Variance", "Stddev", "Absdev", "Gaps", "Area")


def _as_trace(interarrivals: Sequence[float]) -> np.ndarray:
    x = np.asarray(interarrivals, dtype=float)
    if x.ndim != 1 or x.size < 2:
        raise ValueError(f"a trace needs at least 2 interarrival times, got {x.size}")
    if not np.all(np.isfinite(x)) or np.any(x < 0):
        raise ValueError("interarrival times must be finite and >= 0")
    return x


def interarrival_times(arrival_times: Sequence[float]) -> np.ndarray:
    """Differences of consecutive arrival times (in arrival order).

    Examples
    --------
    >>> interarrival_times([0, 160, 330, 480]).tolist()
    [160.0, 170.0, 150.0]
    """
    return np.diff(np.asarray(arrival_times, dtype=float))


def jitter_range(interarrivals: Sequence[float], definition: str = "max") -> float:
    """The range: the maximum interarrival time, or max - min.

    Examples
    --------
    >>> jitter_range([10, 15, 15, 15, 20]), jitter_range([10, 15, 15, 15, 20], "max-min")
    (20.0, 10.0)
    """
    x = _as_trace(interarrivals)
    if definition == "max":
        return float(x.max())
    if definition == "max-min":
        return float(x.max() - x.min())
    raise ValueError(f"definition must be one of {RANGE_DEFINITIONS}, got {definition!r}")


def variance(interarrivals: Sequence[float]) -> float:
    """Sample variance of the interarrival times (divisor ``n - 1``).

    Examples
    --------
    >>> variance([10, 15, 15, 15, 20]), variance([10, 10, 15, 20, 20])
    (12.5, 25.0)
    """
    x = _as_trace(interarrivals)
    return float(np.var(x, ddof=1))


def std_dev(interarrivals: Sequence[float]) -> float:
    """Sample standard deviation of the interarrival times.

    Examples
    --------
    >>> std_dev([10, 10, 15, 20, 20])
    5.0
    """
    return float(np.sqrt(variance(interarrivals)))


def absolute_deviation(interarrivals: Sequence[float]) -> float:
    """``sum |x_i - mean|`` as printed in the thesis (no division by n).

    Examples
    --------
    >>> absolute_deviation([10, 15, 15, 15, 20]), absolute_deviation([10, 10, 15, 20, 20])
    (10.0, 20.0)
    """
    x = _as_trace(interarrivals)
    return float(np.abs(x - x.mean()).sum())


def positive_deviation_variance(interarrivals: Sequence[float]) -> float:
    """Variance of the interarrival times above the mean (the thesis's mini-experiment measure).

    Section 3.3 subtracts the mean and drops the points below zero, to avoid the reflection
    effect; we take the sample variance of the kept deviations (0 if fewer than two remain).

    Examples
    --------
    >>> positive_deviation_variance([100, 100, 130, 70, 160, 40])
    450.0
    """
    x = _as_trace(interarrivals)
    d = x - x.mean()
    kept = d[d > 0]
    return float(np.var(kept, ddof=1)) if kept.size >= 2 else 0.0


def lateness(interarrivals: Sequence[float], period: float, reference: str = "min") -> np.ndarray:
    """Extra delay of every frame (frame 0 included) against a perfectly periodic playout.

    Frame ``i`` arrives at ``a_i = a_0 + x_1 + ... + x_i``; its lateness is
    ``(a_i - a_0) - i * period`` shifted so that the reference frame is on time: the earliest
    frame (``"min"``, so lateness is never negative) or the first frame (``"first"``).

    Examples
    --------
    >>> lateness([160, 200, 120, 160], 160).tolist()
    [0.0, 0.0, 40.0, 0.0, 0.0]
    >>> lateness([100, 220, 160], 160, reference="first").tolist()
    [0.0, -60.0, 0.0, 0.0]
    """
    x = _as_trace(interarrivals)
    if not period > 0:
        raise ValueError(f"period must be > 0, got {period}")
    if reference not in LATENESS_REFERENCES:
        raise ValueError(f"reference must be one of {LATENESS_REFERENCES}, got {reference!r}")
    offsets = np.concatenate([[0.0], np.cumsum(x - period)])
    if reference == "min":
        offsets = offsets - offsets.min()
    # Differences below a billionth of the period are floating-point rounding, not lateness.
    offsets[np.abs(offsets) < 1e-9 * period] = 0.0
    return offsets


def dropped_percent(late_by: Sequence[float], buffer: float) -> float:
    """Percentage of frames the I-policy drops with a playout buffer: those later than ``buffer``.

    Examples
    --------
    >>> dropped_percent([0, 10, 50, 120], buffer=40)
    50.0
    """
    late = np.asarray(late_by, dtype=float)
    return float(100.0 * np.mean(late > buffer))


def compensation_curve(late_by: Sequence[float], buffers: Sequence[float]) -> np.ndarray:
    """Dropped-frame percentage for each buffer of a sweep (the jitter-compensation curve).

    Examples
    --------
    >>> compensation_curve([0, 10, 50, 120], [0, 40, 100, 200]).tolist()
    [75.0, 50.0, 25.0, 0.0]
    """
    late = np.sort(np.asarray(late_by, dtype=float))
    b = np.asarray(buffers, dtype=float)
    # frames later than b = n - (number <= b)
    return 100.0 * (late.size - np.searchsorted(late, b, side="right")) / late.size


def compensation_area(late_by: Sequence[float], buffers: Sequence[float]) -> float:
    """Area under the compensation curve: trapezoid integral of dropped % over the buffer sweep.

    Units are %-points times the buffer unit (our reading; the thesis calls the area "square
    microseconds" without defining it).

    Examples
    --------
    >>> compensation_area([0, 10, 50, 120], [0, 40, 100, 200])
    6000.0
    """
    b = np.asarray(buffers, dtype=float)
    curve = compensation_curve(late_by, b)
    return float(np.sum((curve[1:] + curve[:-1]) / 2 * np.diff(b)))


def optimal_buffer(late_by: Sequence[float], buffers: Sequence[float], buffer_limit: float,
                   drop_limit_pct: float) -> tuple[float, float, float]:
    """The buffer nearest the origin after normalising buffer and drops by their limits.

    Returns ``(buffer, dropped_percent, distance)``; ties go to the smallest buffer.

    Examples
    --------
    >>> optimal_buffer([0, 10, 50, 120], [0, 40, 100, 200], buffer_limit=230, drop_limit_pct=6)
    (200.0, 0.0, 0.8695652173913043)
    """
    b = np.asarray(buffers, dtype=float)
    curve = compensation_curve(late_by, b)
    distance = np.hypot(b / buffer_limit, curve / drop_limit_pct)
    i = int(np.argmin(distance))
    return float(b[i]), float(curve[i]), float(distance[i])


def gaps_per_second(interarrivals: Sequence[float], period: float, buffer: float,
                    reference: str = "min", time_unit: float = 1e6) -> float:
    """Playout gaps per second: frames later than ``buffer`` (each one a gap) per trace second.

    ``time_unit`` is the number of trace time units in one second (1e6 for microseconds).

    Examples
    --------
    >>> gaps_per_second([160, 400, 160, 160], period=160, buffer=200, time_unit=880)
    3.0
    """
    x = _as_trace(interarrivals)
    late = lateness(x, period, reference)
    return float(np.sum(late > buffer) / (x.sum() / time_unit))


def all_metrics(interarrivals: Sequence[float], *, period: float, gap_buffer: float,
                buffers: Sequence[float], range_definition: str = "max",
                reference: str = "min", time_unit: float = 1e6) -> dict[str, float]:
    """The six jitter metrics of one trace, keyed as in Table 3.2.

    Examples
    --------
    >>> m = all_metrics([160.0] * 10, period=160, gap_buffer=250, buffers=[0, 100, 230],
    ...                 range_definition="max-min")
    >>> [m[k] for k in METRIC_NAMES]
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    """
    x = _as_trace(interarrivals)
    late = lateness(x, period, reference)
    return {
        "Range": jitter_range(x, range_definition),
        "Variance": variance(x),
        "Stddev": std_dev(x),
        "Absdev": absolute_deviation(x),
        "Gaps": gaps_per_second(x, period, gap_buffer, reference, time_unit),
        "Area": compensation_area(late, buffers),
    }
