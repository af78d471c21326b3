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
