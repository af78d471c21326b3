"""The six jitter metrics and the compensation-buffer functions (mmperf.jitter): exact cases and invariants."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf import jitter

THESIS_A = [10, 15, 15, 15, 20]   # the two samples of thesis section 3.3
THESIS_B = [10, 10, 15, 20, 20]


def test_thesis_range_example_same_range_different_dispersion():
    assert jitter.jitter_range(THESIS_A, "max-min") == jitter.jitter_range(THESIS_B, "max-min") == 10.0
    assert jitter.jitter_range(THESIS_A) == jitter.jitter_range(THESIS_B) == 20.0
    assert jitter.variance(THESIS_A) == 12.5        # 50 / 4
    assert jitter.variance(THESIS_B) == 25.0        # 100 / 4
    assert jitter.std_dev(THESIS_B) == 5.0
    assert jitter.absolute_deviation(THESIS_A) == 10.0   # no 1/n, as printed
    assert jitter.absolute_deviation(THESIS_B) == 20.0


def test_hand_computed_lateness_and_buffer_curve():
    # arrivals 0, 160, 360, 480, 640 for a 160 period: frame 2 is 40 late, frame 3 is back on time
    x = [160, 200, 120, 160]
    late = jitter.lateness(x, 160)
    assert late.tolist() == [0.0, 0.0, 40.0, 0.0, 0.0]
    assert jitter.dropped_percent(late, 39.9) == 20.0
    assert jitter.dropped_percent(late, 40.0) == 0.0          # "later than the buffer" is strict
    assert jitter.compensation_curve(late, [0, 20, 40, 60]).tolist() == [20.0, 20.0, 0.0, 0.0]
    # trapezoids: (20+20)/2*20 + (20+0)/2*20 + 0 = 600
    assert jitter.compensation_area(late, [0, 20, 40, 60]) == 600.0


def test_lateness_reference_first_versus_min():
    x = [100, 220, 160]          # frame 1 is 60 early, frame 2 back on schedule
    assert jitter.lateness(x, 160, "first").tolist() == [0.0, -60.0, 0.0, 0.0]
    assert jitter.lateness(x, 160, "min").tolist() == [60.0, 0.0, 60.0, 60.0]


def test_gaps_per_second_hand_computed():
    # 4 interarrivals summing to 1.0 s (in us); the frame after the 400,000 gap is 240,000 late
    x = [160_000, 400_000, 160_000, 280_000]
    late = jitter.lateness(x, 160_000)
    assert late.tolist() == [0.0, 0.0, 240_000.0, 240_000.0, 360_000.0]
    assert jitter.gaps_per_second(x, 160_000, 250_000) == 1.0       # only the last frame exceeds 250 ms
    assert jitter.gaps_per_second(x, 160_000, 200_000) == 3.0


def test_optimal_buffer_hand_computed():
    late = [0, 10, 50, 120]
    b, d, q = jitter.optimal_buffer(late, [0, 40, 100, 200], buffer_limit=230, drop_limit_pct=6)
    # distances: 75/6=12.5, hypot(40/230, 50/6), hypot(100/230, 25/6), hypot(200/230, 0)=0.8696
    assert (b, d) == (200.0, 0.0)
    assert q == pytest.approx(200 / 230)


def test_positive_deviation_variance_hand_computed():
    # mean 100; positive deviations 30 and 60 -> variance 450
    assert jitter.positive_deviation_variance([100, 100, 130, 70, 160, 40]) == 450.0
    assert jitter.positive_deviation_variance([5, 5, 5]) == 0.0


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="at least 2"):
        jitter.variance([1.0])
    with pytest.raises(ValueError, match=">= 0"):
        jitter.variance([1.0, -2.0])
    with pytest.raises(ValueError, match="definition"):
        jitter.jitter_range([1.0, 2.0], "iqr")
    with pytest.raises(ValueError, match="reference"):
        jitter.lateness([1.0, 2.0], 1.0, "median")
    with pytest.raises(ValueError, match="period"):
        jitter.lateness([1.0, 2.0], 0.0)


traces = st.lists(st.floats(min_value=1.0, max_value=1e6, allow_nan=False), min_size=2, max_size=60)
BUFFERS = np.linspace(0, 250_000, 26)


def _metrics(x, period=None, range_definition="max-min", reference="min"):
    period = float(np.mean(x)) if period is None else period
    return jitter.all_metrics(x, period=period, gap_buffer=250_000, buffers=BUFFERS,
                              range_definition=range_definition, reference=reference)


@settings(max_examples=60, deadline=None)
@given(traces, st.sampled_from(["max", "max-min"]), st.sampled_from(["min", "first"]))
def test_metrics_are_non_negative(x, range_definition, reference):
    assert all(v >= 0 for v in _metrics(x, range_definition=range_definition, reference=reference).values())


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=1.0, max_value=1e6), st.integers(min_value=2, max_value=200))
def test_periodic_trace_has_zero_jitter(period, n):
    m = _metrics([period] * n, period=period)
    # exactly zero up to floating-point rounding of the mean
    assert m["Variance"] == pytest.approx(0.0, abs=1e-20 * period**2)
    assert m["Stddev"] == pytest.approx(0.0, abs=1e-9 * period)
    assert m["Absdev"] == pytest.approx(0.0, abs=1e-9 * period * n)
    assert (m["Range"], m["Gaps"], m["Area"]) == (0.0, 0.0, 0.0)
    assert jitter.jitter_range([period] * n, "max") == period   # the "max" range is the period itself


@settings(max_examples=60, deadline=None)
@given(traces, st.floats(min_value=0.1, max_value=10.0))
def test_scale_behaviour(x, c):
    x = np.asarray(x)
    y = c * x
    assert jitter.variance(y) == pytest.approx(c * c * jitter.variance(x), rel=1e-9, abs=1e-6)
    assert jitter.std_dev(y) == pytest.approx(c * jitter.std_dev(x), rel=1e-9, abs=1e-6)
    assert jitter.absolute_deviation(y) == pytest.approx(c * jitter.absolute_deviation(x), rel=1e-9, abs=1e-6)
    assert jitter.jitter_range(y) == pytest.approx(c * jitter.jitter_range(x), rel=1e-12)
    assert jitter.jitter_range(y, "max-min") == pytest.approx(c * jitter.jitter_range(x, "max-min"),
                                                               rel=1e-9, abs=1e-6)
    # time-scaled trace with the buffer scaled alike: same drops; area scales by c
    period = float(x.mean())
    late_x, late_y = jitter.lateness(x, period), jitter.lateness(y, c * period)
    assert np.allclose(late_y, c * late_x, rtol=1e-9, atol=1e-6)
    # a grid offset by an odd fraction, so no lateness sits exactly on a buffer value
    b = np.linspace(0, 2 * period, 11) + 0.0123457 * period
    assert jitter.compensation_area(late_y, c * b) == pytest.approx(c * jitter.compensation_area(late_x, b),
                                                                     rel=1e-6, abs=1e-6)


@settings(max_examples=40, deadline=None)
@given(traces, st.floats(min_value=-1e5, max_value=1e5))
def test_dispersion_metrics_ignore_a_constant_shift(x, shift):
    x = np.asarray(x)
    y = x + shift
    if (y < 0).any():
        return
    assert jitter.variance(y) == pytest.approx(jitter.variance(x), rel=1e-6, abs=1e-3)
    assert jitter.absolute_deviation(y) == pytest.approx(jitter.absolute_deviation(x), rel=1e-6, abs=1e-3)


@settings(max_examples=40, deadline=None)
@given(traces)
def test_compensation_curve_is_non_increasing_and_ends_at_zero(x):
    late = jitter.lateness(x, float(np.mean(x)))
    b = np.linspace(0, late.max() + 1, 30)
    curve = jitter.compensation_curve(late, b)
    assert np.all(np.diff(curve) <= 0)
    assert curve[-1] == 0.0


@settings(max_examples=40, deadline=None)
@given(traces, st.floats(min_value=0.1, max_value=10.0))
def test_gaps_scale_with_time(x, c):
    # stretching time by c (buffer too) keeps the same late frames over a c-times longer trace
    x = np.asarray(x)
    period = float(x.mean())
    buffer = 0.5123457 * period
    g = jitter.gaps_per_second(x, period, buffer)
    assert jitter.gaps_per_second(c * x, c * period, c * buffer) == pytest.approx(g / c, rel=1e-9, abs=1e-12)


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---

def test_trace_refusals_in_full_and_the_smallest_trace():
    """Two interarrival times are the smallest trace (variance of 1 and 3 is 2); zero gaps are allowed;
    a 2-D array, one value, NaN, infinity or a negative gap is refused with the whole message."""
    assert jitter.variance([1.0, 3.0]) == 2.0
    assert jitter.variance([0.0, 2.0]) == 2.0
    for bad, message in [([1.0], "a trace needs at least 2 interarrival times, got 1"),
                         ([[1.0, 2.0], [3.0, 4.0]], "a trace needs at least 2 interarrival times, got 4"),
                         ([1.0, float("nan")], "interarrival times must be finite and >= 0"),
                         ([1.0, float("inf")], "interarrival times must be finite and >= 0"),
                         ([1.0, -2.0], "interarrival times must be finite and >= 0")]:
        with pytest.raises(ValueError) as err:
            jitter.variance(bad)
        assert str(err.value) == message
    with pytest.raises(ValueError) as err:
        jitter.jitter_range([1.0, 2.0], "iqr")
    assert str(err.value) == "definition must be one of ('max', 'max-min'), got 'iqr'"
    with pytest.raises(ValueError) as err:
        jitter.lateness([1.0, 2.0], 1.0, "median")
    assert str(err.value) == "reference must be one of ('min', 'first'), got 'median'"
    for period in (0.0, -1.0, float("nan")):
        with pytest.raises(ValueError) as err:
            jitter.lateness([1.0, 2.0], period)
        assert str(err.value) == f"period must be > 0, got {period}"


def test_interarrival_times_are_floats_in_order():
    out = jitter.interarrival_times([0, 160, 330, 480])
    assert out.dtype == float and out.tolist() == [160.0, 170.0, 150.0]


def test_lateness_rounding_threshold():
    """0.1 + 0.2 - 0.3 = 5.6e-17 in floating point: far below a billionth of the period 0.3, so it is
    rounding and is zeroed; a true lateness of 2e-9 s at period 1 s (twice the threshold) is kept."""
    assert jitter.lateness([0.1 + 0.2, 0.1 + 0.2], 0.3, "first").tolist() == [0.0, 0.0, 0.0]
    kept = jitter.lateness([1.0 + 2e-9, 1.0], 1.0, "first")
    assert kept[0] == 0.0 and kept[1] == pytest.approx(2e-9, rel=1e-6) and kept[2] == pytest.approx(2e-9, rel=1e-6)


def test_positive_deviation_variance_keeps_only_strictly_positive_deviations():
    """Mean of 0, 10, 20, 10 is 10: deviations -10, 0, 10, 0; only +10 is above the mean, so fewer than
    two remain and the result is 0 (counting the zeros would give the variance of 0, 10, 0 = 100/3)."""
    assert jitter.positive_deviation_variance([0, 10, 20, 10]) == 0.0


def test_optimal_buffer_distance_is_euclidean():
    """One buffer of 100 with drops 25 % (late 0, 10, 50, 120): distance hypot(100/230, 25/6) =
    4.189290, not the L1 sum 100/230 + 25/6 = 4.601449."""
    b, d, q = jitter.optimal_buffer([0, 10, 50, 120], [100], buffer_limit=230, drop_limit_pct=6)
    assert (b, d) == (100.0, 25.0)
    assert q == pytest.approx(4.189290, abs=1e-6)


def test_gaps_use_the_reference_and_the_time_unit():
    """x = 100, 220, 160 at period 160 (sum 480): lateness against the earliest frame 60, 0, 60, 60 and
    against the first frame 0, -60, 0, 0. Buffer 30: three gaps or none, over 480/480 = 1 second, or
    over 480/960 = 0.5 s (6 per second)."""
    x = [100, 220, 160]
    assert jitter.gaps_per_second(x, 160, 30, time_unit=480) == 3.0
    assert jitter.gaps_per_second(x, 160, 30, reference="first", time_unit=480) == 0.0
    assert jitter.gaps_per_second(x, 160, 30, time_unit=960) == 6.0


def test_all_metrics_by_hand():
    """x = 10, 10, 15, 20, 20 at period 15 (sum 75): range 20 (max) or 10 (max - min), variance 25,
    std 5, absolute deviation 20. Offsets 0, -5, -10, -10, -5, 0; against the earliest frame the
    lateness is 10, 5, 0, 0, 5, 10. Gap buffer 7, time unit 75: two frames late over 1 s -> 2.
    Buffers 0, 5, 10: dropped 4/6, 2/6, 0 of the frames (66.67 %, 33.33 %, 0 %); trapezoids
    (66.67 + 33.33)/2 * 5 + (33.33 + 0)/2 * 5 = 333.33. Against the first frame nothing is late."""
    kw = {"period": 15, "gap_buffer": 7, "buffers": [0, 5, 10], "time_unit": 75}
    m = jitter.all_metrics([10, 10, 15, 20, 20], **kw)
    assert list(m) == list(jitter.METRIC_NAMES)
    assert [m[k] for k in ("Range", "Variance", "Stddev", "Absdev", "Gaps")] == [20.0, 25.0, 5.0, 20.0, 2.0]
    assert m["Area"] == pytest.approx(1000 / 3)
    first = jitter.all_metrics([10, 10, 15, 20, 20], range_definition="max-min", reference="first", **kw)
    assert (first["Range"], first["Gaps"], first["Area"]) == (10.0, 0.0, 0.0)


def test_positive_deviation_variance_keeps_small_positive_deviations():
    """0, 2.5, 3.5 have mean 2: deviations -2, 0.5, 1.5; both positive ones are kept (0.5 too), and
    their sample variance is ((0.5 - 1)^2 + (1.5 - 1)^2) / 1 = 0.5."""
    assert jitter.positive_deviation_variance([0, 2.5, 3.5]) == 0.5


def test_gap_needs_lateness_strictly_beyond_the_buffer():
    """Lateness 0, 0, 40, 0, 0 (x = 160, 200, 120, 160 at period 160, sum 640): with a 40 buffer the
    frame 40 late still plays (strictly later than the buffer is a gap): 0 gaps; with 39, one gap in
    640/640 = 1 s."""
    x = [160, 200, 120, 160]
    assert jitter.gaps_per_second(x, 160, 40, time_unit=640) == 0.0
    assert jitter.gaps_per_second(x, 160, 39, time_unit=640) == 1.0


def test_all_metrics_default_time_unit_is_microseconds():
    """x = 160, 400, 160, 280 ms in microseconds sums to 1,000,000 us = 1 s; lateness 0, 0, 240, 240,
    360 ms; with a 250 ms gap buffer one frame is a gap: 1 gap per second."""
    m = jitter.all_metrics([160_000, 400_000, 160_000, 280_000], period=160_000, gap_buffer=250_000,
                           buffers=[0, 1])
    assert m["Gaps"] == 1.0


def test_rounding_threshold_scales_with_the_period():
    """At a 160,000 us period the rounding threshold is 1e-9 * 160,000 = 1.6e-4 us: offsets of 1e-5 us
    (x = 160,000.00001 then 159,999.99999) are rounding and read as on time."""
    assert jitter.lateness([160_000.00001, 159_999.99999], 160_000, "first").tolist() == [0.0, 0.0, 0.0]


# --- added from the mutation run (2026-11-26, fourth session) ---------------------------------------------


def test_lateness_of_exactly_a_billionth_of_the_period_is_kept():
    """Only differences *below* a billionth of the period are rounding noise. A period of 1 s in nanoseconds
    (1e9): a frame 1 ns late is late by exactly a billionth of the period (1e9 + 1 - 1e9 = 1 exactly), so it
    is kept, and so is the next frame's offset; 0.5 ns is below it and set to 0."""
    assert jitter.lateness([1e9 + 1.0, 1e9], 1e9, reference="first").tolist() == [0.0, 1.0, 1.0]
    assert jitter.lateness([1e9 + 0.5, 1e9], 1e9, reference="first").tolist() == [0.0, 0.0, 0.0]
