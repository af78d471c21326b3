"""The quality metric of Claypool (1997) section 2.3: exact cases at the limits and invariants."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf import quality as qm

LIMITS = {"latency_ms": 230.0, "jitter_pct": 10.0, "gaps_pct": 6.0}
finite = st.floats(min_value=0.0, max_value=1e6, allow_nan=False, allow_infinity=False)
positive = st.floats(min_value=1e-3, max_value=1e6, allow_nan=False, allow_infinity=False)
points = st.lists(finite, min_size=1, max_size=5)


# --- exact cases at the limits -------------------------------------------------------------
def test_the_ideal_point_has_quality_zero():
    assert qm.quality_from_values({k: 0.0 for k in LIMITS}, LIMITS) == 0.0


@pytest.mark.parametrize("axis", list(LIMITS))
def test_one_axis_exactly_at_its_limit_others_ideal_is_exactly_one(axis):
    values = {k: (LIMITS[k] if k == axis else 0.0) for k in LIMITS}
    assert qm.quality_from_values(values, LIMITS) == 1.0
    assert not qm.is_acceptable(1.0)            # the strict reading: "under 1"
    assert qm.is_acceptable(1.0, strict=False)


def test_a_point_exactly_at_every_limit_is_sqrt_k_and_unacceptable():
    q = qm.quality_from_values(dict(LIMITS), LIMITS)
    assert q == pytest.approx(math.sqrt(3), abs=1e-15)
    assert not qm.is_acceptable(q)
    assert qm.quality([1.0, 1.0]) == pytest.approx(math.sqrt(2), abs=1e-15)


def test_the_audio_limits_of_section_5_6_4():
    # 230 ms and 6 %: (115 ms, 0 %) is half-way; (138 ms, 4.8 %) is the 3-4-5 point on the circle.
    assert qm.quality_from_values({"latency_ms": 115.0, "gaps_pct": 0.0}, LIMITS) == 0.5
    q = qm.quality([qm.normalise(138.0, 230.0), qm.normalise(4.8, 6.0)])
    assert q == pytest.approx(1.0, abs=1e-12)


def test_just_inside_and_just_outside_the_boundary():
    assert qm.is_acceptable(qm.quality([0.6, 0.8 - 1e-9]))
    assert not qm.is_acceptable(qm.quality([0.6, 0.8 + 1e-9]))


def test_ranged_axis_exact_ends_and_beyond_the_ideal():
    assert qm.shortfall(30.0, ideal=30.0, limit=3.0) == 0.0
    assert qm.shortfall(3.0, ideal=30.0, limit=3.0) == 1.0
    assert qm.shortfall(45.0, ideal=30.0, limit=3.0) == 0.0
    assert qm.shortfall(20.0, ideal=720.0, limit=20.0) == 1.0
    assert qm.shortfall(0.0, ideal=720.0, limit=20.0) == pytest.approx(720 / 700)


def test_box_corner_is_inside_the_limits_but_unacceptable():
    assert qm.quality([0.9, 0.9]) > 1 and qm.quality([0.9, 0.9], norm="max") < 1


def test_limit_on_axis_what_if():
    assert qm.limit_on_axis([0.5]) * 230 == pytest.approx(230 * math.sqrt(0.75))
    assert qm.limit_on_axis([1.0, 0.1]) == 0.0


def test_vectorised_over_points():
    q = qm.quality(np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 0.0]]))
    assert np.allclose(q, [1.0, 1.0, 0.0])
    assert list(qm.is_acceptable(q)) == [False, False, True]


@pytest.mark.parametrize("bad", [
    lambda: qm.normalise(1.0, 0.0),
    lambda: qm.normalise(-1.0, 230.0),
    lambda: qm.shortfall(10.0, ideal=3.0, limit=30.0),
    lambda: qm.quality([-0.1, 0.2]),
    lambda: qm.quality([0.1], norm="manhattan"),
    lambda: qm.quality([float("nan")]),
])
def test_bad_input_is_refused(bad):
    with pytest.raises(ValueError):
        bad()


def test_missing_limit_names_the_axis():
    with pytest.raises(KeyError, match="jitter"):
        qm.quality_from_values({"jitter": 1.0}, {"latency_ms": 230.0})


# --- invariants (hypothesis) ---------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(points)
def test_quality_is_non_negative_and_zero_only_at_the_origin(x):
    q = qm.quality(x)
    assert q >= 0
    assert (q == 0) == all(v == 0 for v in x)


@settings(max_examples=200, deadline=None)
@given(points, st.integers(min_value=0, max_value=4), st.floats(min_value=0, max_value=1e3))
def test_quality_is_monotone_in_each_axis(x, i, bump):
    i = i % len(x)
    y = list(x)
    y[i] += bump
    assert qm.quality(y) >= qm.quality(x)


@settings(max_examples=200, deadline=None)
@given(points, st.floats(min_value=0, max_value=1e3))
def test_quality_scales_linearly_with_the_point(x, c):
    assert qm.quality([c * v for v in x]) == pytest.approx(c * qm.quality(x), rel=1e-9, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(finite, positive, positive)
def test_scaling_value_and_limit_together_leaves_quality_unchanged(v, m, c):
    assert qm.normalise(c * v, c * m) == pytest.approx(qm.normalise(v, m), rel=1e-12)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(finite, finite, finite), min_size=3, max_size=3))
def test_distance_is_a_metric(pts):
    x, y, z = (np.array(p) for p in pts)
    lims = [230.0, 10.0, 6.0]
    dxy, dyx = qm.distance(x, y, lims), qm.distance(y, x, lims)
    assert qm.distance(x, x, lims) == 0.0
    assert dxy == pytest.approx(dyx)
    assert qm.distance(x, z, lims) <= dxy + qm.distance(y, z, lims) + 1e-9 * (1 + dxy)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=1.5), min_size=2, max_size=2),
       st.lists(st.floats(min_value=0, max_value=1.5), min_size=2, max_size=2))
def test_acceptable_region_is_convex(a, b):
    if qm.is_acceptable(qm.quality(a)) and qm.is_acceptable(qm.quality(b)):
        mid = [(u + v) / 2 for u, v in zip(a, b, strict=True)]
        assert qm.is_acceptable(qm.quality(mid))


@settings(max_examples=100, deadline=None)
@given(points)
def test_max_norm_never_exceeds_euclidean(x):
    assert qm.quality(x, norm="max") <= qm.quality(x) + 1e-12


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---------------
def _message(call, error=ValueError):
    with pytest.raises(error) as err:
        call()
    return err.value.args[0]


def test_refusals_name_the_argument_in_full():
    nan, inf = float("nan"), float("inf")
    assert _message(lambda: qm.normalise(1.0, 0.0)) == "limit must be > 0, got 0.0"
    assert _message(lambda: qm.normalise([1.0, 2.0], [3.0, 0.0])) == "limit must be > 0, got [3.0, 0.0]"
    assert _message(lambda: qm.normalise(-1.0, 230.0)) == \
        "value must be >= 0 (the ideal of a cost axis is 0), got -1.0"
    assert _message(lambda: qm.normalise(nan, 1.0)) == "value must be finite, got nan"
    assert _message(lambda: qm.normalise(1.0, inf)) == "limit must be finite, got inf"
    assert _message(lambda: qm.shortfall(10.0, ideal=3.0, limit=30.0)) == \
        "ideal (3.0) must exceed limit (30.0) on a ranged axis"
    assert _message(lambda: qm.shortfall(10.0, ideal=30.0, limit=30.0)) == \
        "ideal (30.0) must exceed limit (30.0) on a ranged axis"
    assert _message(lambda: qm.shortfall(-1.0, ideal=30.0, limit=3.0)) == "value must be >= 0, got -1.0"
    assert _message(lambda: qm.shortfall(1.0, ideal=nan, limit=3.0)) == "ideal must be finite, got nan"
    assert _message(lambda: qm.quality([0.1], norm="manhattan")) == \
        "norm must be one of ('euclidean', 'max'), got 'manhattan'"
    assert _message(lambda: qm.quality([-0.1, 0.2])) == "normalised components must be >= 0"
    assert _message(lambda: qm.quality([nan])) == "normalised must be finite, got [nan]"
    assert _message(lambda: qm.quality([0.1, 0.2], weights=[1.0, -1.0])) == "weights must be >= 0"
    assert _message(lambda: qm.quality([0.1, 0.2], weights=[1.0, nan])) == "weights must be finite, got [1.0, nan]"
    assert _message(lambda: qm.distance([1.0, 1.0], [0.0, 0.0], [0.0, 1.0])) == "limits must be > 0, got [0.0, 1.0]"
    assert _message(lambda: qm.quality_from_values({"jitter": 1.0, "a": 1.0}, {"latency_ms": 230.0, "a": 1.0}),
                    KeyError) == "no acceptable limit given for axis/axes ['jitter']; limits are for ['a', 'latency_ms']"


def test_zero_is_a_valid_value_and_results_keep_their_shape():
    """0 is the ideal of a cost axis and a possible delivered amount: accepted. Scalars come back as
    Python floats, arrays as arrays: 0/5, 5/5, 10/5 = 0, 1, 2; shortfalls from ideal 30 over 27:
    (30-30)/27 = 0, 27/27 = 1, 13.5/27 = 0.5, 0 beyond the ideal, and 30/27 at 0 frames/s."""
    assert type(qm.normalise(0.0, 5.0)) is float and qm.normalise(0.0, 5.0) == 0.0
    assert qm.normalise(np.array([0.0, 5.0, 10.0]), 5.0).tolist() == [0.0, 1.0, 2.0]
    assert type(qm.shortfall(16.5, 30.0, 3.0)) is float
    assert qm.shortfall(np.array([30.0, 3.0, 16.5, 60.0, 0.0]), 30.0, 3.0).tolist() == \
        pytest.approx([0.0, 1.0, 0.5, 0.0, 30 / 27])


def test_weights_scalar_input_and_the_scaled_norm():
    """Weights multiply the components: (0.6, 0.8) weighted (2, 0.5) is (1.2, 0.4), quality
    sqrt(1.44 + 0.16) = 1.264911, max norm 1.2. A scalar is one axis. Components of 1e200 or 1e-200
    neither overflow nor underflow: quality 1e200 sqrt(2) and 1e-200 sqrt(2). All zeros give 0."""
    assert qm.quality([0.6, 0.8], weights=[2.0, 0.5]) == pytest.approx(1.264911, abs=1e-6)
    assert qm.quality([0.6, 0.8], norm="max", weights=[2.0, 0.5]) == 1.2
    assert qm.quality([0.6, 0.8], weights=[0.0, 1.0]) == pytest.approx(0.8)
    assert qm.quality(0.7) == 0.7 and type(qm.quality(0.7)) is float
    assert qm.quality([1e200, 1e200]) == pytest.approx(1e200 * math.sqrt(2))
    assert qm.quality([1e-200, 1e-200]) == pytest.approx(1e-200 * math.sqrt(2))
    assert qm.quality([0.0, 0.0]) == 0.0
    assert qm.quality([[0.0, 0.0], [3.0, 4.0]]).tolist() == [0.0, 5.0]
    assert qm.quality([[0.0, 0.0], [3.0, 4.0]], norm="max").tolist() == [0.0, 4.0]


def test_distance_and_quality_from_values_pass_the_norm():
    """Points (230, 0) and (0, 6) with limits 230 ms and 6 %: normalised differences 1 and 1:
    Euclidean sqrt(2), max 1. Order does not matter (absolute differences)."""
    assert qm.distance([0.0, 6.0], [230.0, 0.0], [230.0, 6.0]) == pytest.approx(math.sqrt(2))
    assert qm.distance([230.0, 0.0], [0.0, 6.0], [230.0, 6.0], norm="max") == 1.0
    assert qm.distance([115.0, 0.0], [0.0, 0.0], [230.0, 6.0]) == 0.5
    assert qm.quality_from_values({"latency_ms": 115.0, "gaps_pct": 6.0}, LIMITS, norm="max") == 1.0


def test_is_acceptable_arrays_and_limit_on_axis_values():
    """Arrays keep their shape under both readings. limit_on_axis: sqrt(1 - 0.3^2 - 0.4^2) =
    sqrt(0.75) = 0.866025; others exactly on the circle (0.6, 0.8) leave 0."""
    assert qm.is_acceptable(np.array([0.5, 1.0, 1.5]), strict=False).tolist() == [True, True, False]
    assert qm.is_acceptable(np.array([0.5, 1.0, 1.5])).tolist() == [True, False, False]
    assert type(qm.is_acceptable(0.5)) is bool
    assert qm.limit_on_axis([0.3, 0.4]) == pytest.approx(math.sqrt(0.75))
    assert qm.limit_on_axis([0.6, 0.8]) == pytest.approx(0.0, abs=1e-7)
    assert qm.limit_on_axis([0.0, 0.0]) == 1.0


def test_metric_properties_and_convexity_small_cases():
    """One point: nothing to compare, every property holds vacuously; two points: no triple. Convexity:
    two acceptable points at 0.9 on one axis have their midpoint at 0.9 (acceptable); with none
    acceptable there is nothing to check; with one there are no midpoints."""
    expected = {"identity": True, "non_negative": True, "symmetry": True, "triangle": True}
    assert qm.check_metric_properties([[1.0, 2.0]], [230.0, 6.0]) == expected
    assert qm.check_metric_properties([[1.0, 2.0], [3.0, 1.0]], [230.0, 6.0]) == expected
    assert qm.check_convexity([[0.9, 0.0], [0.9, 0.0]]) == (2, True)
    assert qm.check_convexity([[0.0, 0.95], [0.95, 0.0]]) == (2, True)   # midpoint 0.672 from the origin
    assert qm.check_convexity([[2.0, 0.0], [0.0, 3.0]]) == (0, True)
    assert qm.check_convexity([[0.5, 0.0], [3.0, 0.0]]) == (1, True)


def test_limit_on_axis_and_convexity_name_their_argument():
    nan = float("nan")
    assert _message(lambda: qm.limit_on_axis([nan])) == "other_normalised must be finite, got [nan]"
    assert _message(lambda: qm.check_convexity([[nan, 0.0]])) == "normalised_points must be finite, got [[nan, 0.0]]"


def test_convexity_with_four_acceptable_points():
    """Four acceptable points (quality 0.1, 0.5, 0.9 and 0.5) give three consecutive midpoints, all
    acceptable; the unacceptable point (2, 2) is left out before pairing."""
    pts = [[0.1, 0.0], [0.0, 0.5], [2.0, 2.0], [0.9, 0.0], [0.3, 0.4]]
    assert qm.check_convexity(pts) == (4, True)


def test_shortfall_names_value_and_limit():
    nan = float("nan")
    assert _message(lambda: qm.shortfall(nan, ideal=30.0, limit=3.0)) == "value must be finite, got nan"
    assert _message(lambda: qm.shortfall(1.0, ideal=30.0, limit=nan)) == "limit must be finite, got nan"


def test_metric_properties_on_repeated_and_collinear_points():
    """Two equal consecutive points are at distance 0 (non-negative, not positive). Points (0, 0),
    (115, 3), (230, 6) lie on one line: in normalised units (0, 0), (0.5, 0.5), (1, 1), so
    D(0, 2) = sqrt(2) equals D(0, 1) + D(1, 2) = 2 * sqrt(2) / 2 exactly (halving is exact in floating
    point): the triangle inequality holds with equality and must be accepted. The argument is named in
    the refusal."""
    expected = {"identity": True, "non_negative": True, "symmetry": True, "triangle": True}
    assert qm.check_metric_properties([[1.0, 2.0], [1.0, 2.0]], [230.0, 6.0]) == expected
    assert qm.check_metric_properties([[0.0, 0.0], [115.0, 3.0], [230.0, 6.0]], [230.0, 6.0]) == expected
    assert _message(lambda: qm.check_metric_properties([[float("nan"), 0.0]], [1.0, 1.0])) == \
        "points must be finite, got [[nan, 0.0]]"


def test_distance_names_each_argument_and_accepts_small_limits():
    """Limits below 1 are valid (e.g. a loss limit of 0.5 %): (0.25, 0) from the origin with limits
    (0.5, 1) is 0.5. Each argument is named when it is not finite."""
    nan = float("nan")
    assert qm.distance([0.25, 0.0], [0.0, 0.0], [0.5, 1.0]) == 0.5
    assert _message(lambda: qm.distance([nan], [0.0], [1.0])) == "x must be finite, got [nan]"
    assert _message(lambda: qm.distance([0.0], [nan], [1.0])) == "y must be finite, got [nan]"
    assert _message(lambda: qm.distance([0.0], [0.0], [nan])) == "limits must be finite, got [nan]"


# --- added from the mutation run (2026-11-26, fourth session) ---------------------------------------------
# check_metric_properties is a checker: the real `distance` is a metric, so only a distance that is not one
# shows that each property is checked on every consecutive pair or triple, with its own tolerance. Three
# points stand for their indices 0, 1, 2; the fake distance reads a table (1.0 between distinct points, 0.0
# from a point to itself, unless the case says otherwise).

_ALL_HOLD = {"identity": True, "non_negative": True, "symmetry": True, "triangle": True}


@pytest.mark.parametrize(("table", "expected"), [
    # d(1, 2) = d(2, 1) = -1: the last pair is negative (symmetric: |-1 - -1| = 0 <= 1e-12 (1 - 1) = 0), and the
    # triangle 0 -> 1 -> 2 fails: d(0, 2) = 1 > 1 - 1 + 1e-12
    ({(1, 2): -1.0, (2, 1): -1.0}, {**_ALL_HOLD, "non_negative": False, "triangle": False}),
    # the last pair asymmetric by 0.5, far beyond 1e-12 (1 + 1)
    ({(1, 2): 1.0, (2, 1): 1.5}, {**_ALL_HOLD, "symmetry": False}),
    # a difference exactly the tolerance, 1e-12 (1 + 0) at distance 0, is accepted
    ({(1, 2): 0.0, (2, 1): 1e-12}, _ALL_HOLD),
    # 1.5e-12 at distance 0 is beyond 1e-12 (1 + 0)
    ({(1, 2): 0.0, (2, 1): 1.5e-12}, {**_ALL_HOLD, "symmetry": False}),
    # 1.5e-12 at distance d(1, 2) = 1 is within 1e-12 (1 + 1), whatever d(1, 0) (0 here)
    ({(0, 1): 0.0, (1, 0): 0.0, (1, 2): 1.0, (2, 1): 1.0 + 1.5e-12}, _ALL_HOLD),
    # d(0, 2) = 2.5 > d(0, 1) + d(1, 2) = 2 (the slack is 1e-12, not 1)
    ({(0, 2): 2.5, (2, 0): 2.5}, {**_ALL_HOLD, "triangle": False}),
    # a triangle exactly at its slack: 1e-12 <= 0 + 0 + 1e-12 holds
    ({(0, 1): 0.0, (1, 0): 0.0, (1, 2): 0.0, (2, 1): 0.0, (0, 2): 1e-12, (2, 0): 1e-12}, _ALL_HOLD),
])
def test_check_metric_properties_finds_each_broken_property(monkeypatch, table, expected):
    def fake_distance(x, y, limits):
        i, j = int(x[0]), int(y[0])
        return table.get((i, j), 0.0 if i == j else 1.0)

    monkeypatch.setattr(qm, "distance", fake_distance)
    assert qm.check_metric_properties([[0.0], [1.0], [2.0]], [1.0]) == expected


@pytest.mark.parametrize(("acceptable", "expected"), [
    # the midpoint 3 of the last two points is not acceptable: not convex (the midpoints with the first
    # point, 1 and 2, would be)
    ({0.0, 1.0, 2.0, 4.0}, (3, False)),
    # both midpoints, 1 and 3, are acceptable (a third of the sums, 2/3 and 2, would not be)
    ({0.0, 1.0, 2.0, 3.0, 4.0}, (3, True)),
])
def test_check_convexity_pairs_consecutive_points_at_their_midpoints(monkeypatch, acceptable, expected):
    """check_convexity on a region that is not a ball: one-coordinate points 0, 2, 4, with a quality of 0.5
    (acceptable) on the listed coordinates and 2 elsewhere."""
    def fake_quality(x):
        return np.array([0.5 if float(t) in acceptable else 2.0 for t in np.asarray(x)[:, 0]])

    monkeypatch.setattr(qm, "quality", fake_quality)
    assert qm.check_convexity([[0.0], [2.0], [4.0]]) == expected
