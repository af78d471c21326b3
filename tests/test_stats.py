"""Confidence intervals, checked against hand-computed values."""

import pytest

from mmperf.stats import mean_ci


def test_t_interval_by_hand():
    # mean 2, s = 1, n = 3, t_{0.975, 2} = 4.302653 -> half width 4.302653 / sqrt(3) = 2.484138
    mean, half = mean_ci([1.0, 2.0, 3.0], 0.95)
    assert mean == 2.0
    assert half == pytest.approx(2.484138, abs=1e-6)


def test_ninety_percent_interval_is_narrower():
    assert mean_ci([1.0, 2.0, 3.0], 0.90)[1] < mean_ci([1.0, 2.0, 3.0], 0.95)[1]


def test_single_value_and_bad_level():
    assert mean_ci([5.0]) == (5.0, 0.0)
    with pytest.raises(ValueError, match="level"):
        mean_ci([1.0, 2.0], 1.5)
