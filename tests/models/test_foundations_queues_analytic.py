"""Closed forms and output statistics of the single-queues chapter, by hand."""

import math

import numpy as np
import pytest

from mmstudies.foundations_queues import analytic


def test_mm1k_by_hand():
    """r = 1/2, K = 2: weights 1, 1/2, 1/4 sum to 7/4, so p = (4/7, 2/7, 1/7); blocking 1/7, L = 2/7 + 2/7 =
    4/7, throughput = 1 x 6/7 with lambda = 1 and mu = 2, utilisation 3/7, W = L / throughput = 2/3."""
    m = analytic.mm1k(1.0, 2.0, 2)
    assert (m.blocking, m.L, m.throughput, m.utilisation, m.W) == pytest.approx((1 / 7, 4 / 7, 6 / 7, 3 / 7, 2 / 3))


def test_mm1k_overload_has_a_steady_state():
    """r = 2, K = 1: p = (1/3, 2/3), blocking 2/3 (Erlang B with one server, a / (1 + a))."""
    assert analytic.mm1k(2.0, 1.0, 1).blocking == pytest.approx(2 / 3)
    assert analytic.mm1k(2.0, 1.0, 1).blocking == pytest.approx(analytic.erlang_b(1, 2.0))


def test_mm1k_tends_to_mm1_as_the_buffer_grows():
    """At r = 0.5 and K = 60 the truncated geometric is the M/M/1 distribution to 1e-18: L = r / (1 - r) = 1."""
    m = analytic.mm1k(0.5, 1.0, 60)
    assert m.L == pytest.approx(1.0) and m.blocking < 1e-17


def test_erlang_b_by_hand_and_refusals():
    """c = 2, a = 1: (1/2) / (1 + 1 + 1/2) = 1/5. c = 3, a = 2: (8/6) / (1 + 2 + 2 + 8/6) = 4/19."""
    assert analytic.erlang_b(2, 1.0) == pytest.approx(0.2)
    assert analytic.erlang_b(3, 2.0) == pytest.approx(4 / 19)
    for call, message in [(lambda: analytic.erlang_b(0, 1.0), "servers = 0 is not allowed"),
                          (lambda: analytic.erlang_b(2, -1.0), "offered_load = -1.0 is not allowed"),
                          (lambda: analytic.mm1k(1.0, 1.0, 0), "capacity = 0 is not allowed")]:
        with pytest.raises(ValueError, match=message):
            call()


def test_batch_means_by_hand():
    """Six values in three batches of two: means 1.5, 3.5, 5.5, mean 3.5, s = 2, half width
    t_{0.975,2} x 2 / sqrt(3) = 4.302653 x 1.154701 = 4.968275; lag-1 correlation of (1.5, 3.5) with
    (3.5, 5.5) is 1. A seventh value is dropped (it does not fill a batch)."""
    b = analytic.batch_means([1, 2, 3, 4, 5, 6, 100], batches=3)
    assert b.batch_means == (1.5, 3.5, 5.5) and b.mean == 3.5
    assert b.half_width == pytest.approx(4.968275, abs=1e-6)
    assert b.lag1_correlation == pytest.approx(1.0)
    with pytest.raises(ValueError, match="batches = 1 is not allowed"):
        analytic.batch_means([1.0, 2.0], 1)


def test_batch_means_widen_the_naive_interval_of_correlated_output():
    """An AR(1) series with coefficient 0.9 has an asymptotic variance of its mean (1 + 0.9) / (1 - 0.9) = 19
    times that of independent values, so the batch-means half width is about sqrt(19) = 4.4 times the naive
    one; 200,000 values in 20 batches leave the ratio's standard error near 16 %, so [2.5, 7] cannot pass an
    estimator that ignores the correlation (ratio 1)."""
    rng = np.random.default_rng(3)
    noise = rng.normal(size=200_000)
    x = np.empty_like(noise)
    x[0] = noise[0]
    for i in range(1, x.size):
        x[i] = 0.9 * x[i - 1] + noise[i]
    b = analytic.batch_means(x, 20)
    naive = 1.96 * x.std(ddof=1) / math.sqrt(x.size)
    assert 2.5 < b.half_width / naive < 7


def test_replications_needed_and_power_by_hand():
    """z_0.975 = 1.959964, z_0.8 = 0.841621, sum 2.801585, squared 7.848879. s = 0.2, delta = 0.05: 16 x
    7.848879 = 125.6, so 126; delta = 0.025: 502.3, so 503. Power with n = 126: Phi(0.05 sqrt(126) / 0.2 -
    1.959964) = Phi(0.846240) = 0.8013."""
    assert analytic.replications_needed(0.2) == 126
    assert analytic.replications_needed(0.2, relative_error=0.025) == 503
    assert analytic.power_of_test(0.2, 126) == pytest.approx(0.8013, abs=1e-4)
    with pytest.raises(ValueError, match="relative_sd = 0 is not allowed"):
        analytic.replications_needed(0)
