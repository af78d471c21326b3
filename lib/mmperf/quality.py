"""The application-quality metric of Claypool (1997), thesis section 2.3.

Each quality component (latency, jitter, data loss, and any application-specific axis such
as missed dead-reckoning updates) is one axis of a "quality space". The best value of every
axis sits at the origin and each axis is scaled by the user's acceptable limit, so that the
limit lies at 1 on every axis. Quality is the Euclidean distance of an operating point from
the origin; a point is acceptable when that distance is below 1 ("Any quality value under 1
is considered acceptable", thesis section 5.6.4). Lower is better.

Two kinds of axis appear in the thesis:

- *cost axes* whose ideal is 0 (latency in ms, audio gaps in %): the normalised value is
  ``value / limit`` (:func:`normalise`);
- *ranged axes* whose ideal is a positive amount of delivered data (frame rate, Mbit/s): the
  normalised value is the shortfall from the ideal over the shortfall at the limit,
  ``(ideal - value) / (ideal - limit)``, and zero beyond the ideal (:func:`shortfall`). The
  thesis gives both ends (3 and 30 frames/s; 20 and 720 Mbit/s) but not this linear
  mapping, which is our labelled assumption.

The thesis leaves the boundary ``Q == 1`` unspecified; :func:`is_acceptable` uses the
strict reading by default. The ``"max"`` norm (a box-shaped acceptable region) is offered
only for teaching the contrast; it is not the thesis's metric.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

NORMS = ("euclidean", "max")


def _as_array(x, name: str) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {x!r}")
    return arr


def normalise(value, limit):
    """Scale a cost axis (ideal 0) so that the acceptable limit maps to 1.

    Parameters
    ----------
    value : float or array_like
        The predicted amount on this axis (>= 0), e.g. latency in ms.
    limit : float or array_like
        The largest acceptable amount (> 0), in the same unit.

    Returns
    -------
    float or numpy.ndarray
        ``value / limit``.

    Examples
    --------
    >>> normalise(115.0, 230.0)
    0.5
    >>> normalise([0.0, 6.0, 12.0], 6.0).tolist()
    [0.0, 1.0, 2.0]
    """
    v = _as_array(value, "value")
    m = _as_array(limit, "limit")
    if np.any(m <= 0):
        raise ValueError(f"limit must be > 0, got {limit!r}")
    if np.any(v < 0):
        raise ValueError(f"value must be >= 0 (the ideal of a cost axis is 0), got {value!r}")
    out = v / m
    return float(out) if out.ndim == 0 else out


def shortfall(value, ideal, limit):
    """Normalise a ranged axis: 0 at (or beyond) the ideal, 1 at the acceptable limit.

    Used for frame rate (ideal 30, limit 3 frames/s, thesis section 7.6.3) and delivered
    bandwidth (ideal 720, limit 20 Mbit/s, thesis section 6.5.5). The linear mapping is an
    assumption: the thesis states the two end points only.

    Examples
    --------
    >>> shortfall(30.0, ideal=30.0, limit=3.0)
    0.0
    >>> shortfall(3.0, ideal=30.0, limit=3.0)
    1.0
    >>> shortfall(16.5, ideal=30.0, limit=3.0)
    0.5
    >>> shortfall(60.0, ideal=30.0, limit=3.0)   # more than useful adds nothing
    0.0
    """
    v = _as_array(value, "value")
    ideal_a = _as_array(ideal, "ideal")
    limit_a = _as_array(limit, "limit")
    if np.any(ideal_a <= limit_a):
        raise ValueError(f"ideal ({ideal!r}) must exceed limit ({limit!r}) on a ranged axis")
    if np.any(v < 0):
        raise ValueError(f"value must be >= 0, got {value!r}")
    out = np.maximum(ideal_a - v, 0.0) / (ideal_a - limit_a)
    return float(out) if out.ndim == 0 else out


def quality(normalised: Sequence | np.ndarray, norm: str = "euclidean", weights=None):
    """Quality of operating point(s) given already-normalised axis values.

    Parameters
    ----------
    normalised : array_like, shape (..., K)
        The K normalised components (each >= 0; 1 is the acceptable limit) along the last axis.
    norm : {"euclidean", "max"}
        ``"euclidean"`` is the thesis's metric (distance to the origin). ``"max"`` (largest
        component, a box-shaped acceptable region) is for teaching only.
    weights : array_like, optional
        Per-axis weights; the thesis uses equal weights ("treats the fundamental components
        equally"), which is the default.

    Returns
    -------
    float or numpy.ndarray
        The quality value(s); lower is better, below 1 is acceptable.

    Examples
    --------
    >>> quality([1.0, 0.0, 0.0])
    1.0
    >>> round(quality([0.6, 0.8]), 12)
    1.0
    >>> quality([0.6, 0.8], norm="max")
    0.8
    """
    if norm not in NORMS:
        raise ValueError(f"norm must be one of {NORMS}, got {norm!r}")
    x = _as_array(normalised, "normalised")
    if x.ndim == 0:
        x = x[None]
    if np.any(x < 0):
        raise ValueError("normalised components must be >= 0")
    if weights is not None:
        w = _as_array(weights, "weights")
        if np.any(w < 0):
            raise ValueError("weights must be >= 0")
        x = x * w
    biggest = np.max(x, axis=-1)
    if norm == "max":
        out = biggest
    else:
        # Scale by the largest component first so tiny or huge values neither underflow nor overflow.
        scale = np.where(biggest > 0, biggest, 1.0)
        ratio = x / np.expand_dims(scale, -1)
        out = scale * np.sqrt(np.sum(ratio * ratio, axis=-1)) * (biggest > 0)
    return float(out) if np.ndim(out) == 0 else out


def quality_from_values(values: Mapping[str, float], limits: Mapping[str, float], **kwargs) -> float:
    """Quality of one operating point given raw cost-axis values and their limits.

    Every key of ``values`` needs a limit; ``limits`` may name axes the point does not use
    (they are then at their ideal, 0).

    Examples
    --------
    >>> quality_from_values({"latency_ms": 230.0, "gaps_pct": 6.0},
    ...                     {"latency_ms": 230.0, "gaps_pct": 6.0}) == 2 ** 0.5
    True
    >>> quality_from_values({"latency_ms": 115.0}, {"latency_ms": 230.0, "gaps_pct": 6.0})
    0.5
    """
    missing = sorted(set(values) - set(limits))
    if missing:
        raise KeyError(f"no acceptable limit given for axis/axes {missing}; limits are for {sorted(limits)}")
    return quality([normalise(values[k], limits[k]) for k in values], **kwargs)


def distance(x, y, limits, norm: str = "euclidean") -> float:
    """The metric D(x, y) of thesis section 2.3 between two operating points (raw units).

    Quality is ``distance(point, ideal)``; the function itself satisfies the four metric
    properties the thesis lists (identity, symmetry, non-negativity, triangle inequality).

    Examples
    --------
    >>> distance([230.0, 0.0], [0.0, 6.0], limits=[230.0, 6.0]) == 2 ** 0.5
    True
    """
    xa, ya, m = _as_array(x, "x"), _as_array(y, "y"), _as_array(limits, "limits")
    if np.any(m <= 0):
        raise ValueError(f"limits must be > 0, got {limits!r}")
    return quality(np.abs(xa - ya) / m, norm=norm)


def is_acceptable(q, strict: bool = True):
    """Whether quality ``q`` is acceptable: ``q < 1`` (strict, default) or ``q <= 1``.

    The thesis says "under 1" (section 5.6.4) but never treats a point exactly on the
    boundary; the strict reading is our choice.

    Examples
    --------
    >>> is_acceptable(0.99), is_acceptable(1.0), is_acceptable(1.0, strict=False)
    (True, False, True)
    """
    q_arr = np.asarray(q, dtype=float)
    out = q_arr < 1.0 if strict else q_arr <= 1.0
    return bool(out) if out.ndim == 0 else out


def limit_on_axis(other_normalised: Sequence[float]) -> float:
    """How far one axis may go (normalised) before the point leaves the acceptable region.

    Given the other axes' normalised values, the remaining allowance on one axis is
    ``sqrt(1 - sum(others**2))`` (0 if the others alone are already unacceptable). This is
    the "what-if" question: with 3 % gaps, how much latency can an audioconference afford?

    Examples
    --------
    >>> limit_on_axis([0.0])
    1.0
    >>> round(limit_on_axis([0.6]), 12)
    0.8
    >>> limit_on_axis([1.2])
    0.0
    """
    x = _as_array(other_normalised, "other_normalised")
    rest = 1.0 - float(np.sum(x * x))
    return float(np.sqrt(rest)) if rest > 0 else 0.0


def check_metric_properties(points, limits) -> dict[str, bool]:
    """Check the four metric properties of section 2.3 on a sample of points (raw units).

    Identity and non-negativity on every point, symmetry on consecutive pairs and the
    triangle inequality on consecutive triples.

    Examples
    --------
    >>> check_metric_properties([[0, 0], [230, 6], [115, 3], [10, 1]], [230, 6])
    {'identity': True, 'non_negative': True, 'symmetry': True, 'triangle': True}
    """
    pts = _as_array(points, "points")
    n = len(pts)

    def d(i, j):
        return distance(pts[i], pts[j], limits)

    return {
        "identity": all(d(i, i) == 0 for i in range(n)),
        "non_negative": all(d(i, i + 1) >= 0 for i in range(n - 1)),
        "symmetry": all(abs(d(i, i + 1) - d(i + 1, i)) <= 1e-12 * (1 + d(i, i + 1)) for i in range(n - 1)),
        "triangle": all(d(i, i + 2) <= d(i, i + 1) + d(i + 1, i + 2) + 1e-12 for i in range(n - 2)),
    }


def check_convexity(normalised_points) -> tuple[int, bool]:
    """Whether the midpoints of consecutive acceptable points are acceptable (convex region).

    Returns the number of acceptable points used and the verdict.

    Examples
    --------
    >>> check_convexity([[0.1, 0.2], [0.9, 0.1], [2.0, 2.0], [0.3, 0.9]])
    (3, True)
    """
    x = _as_array(normalised_points, "normalised_points")
    acc = x[is_acceptable(quality(x))]
    mids = (acc[:-1] + acc[1:]) / 2
    return len(acc), bool(np.all(is_acceptable(quality(mids)))) if len(mids) else True
