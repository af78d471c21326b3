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


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_mm1k_refusals_name_the_rate():
    """The rates are checked by mmperf.queueing.require_positive, whose message names the parameter."""
    for call, message in [(lambda: analytic.mm1k(0.0, 1.0, 2), "arrival_rate must be a finite number > 0, got 0.0"),
                          (lambda: analytic.mm1k(1.0, -2.0, 2), "service_rate must be a finite number > 0, got -2.0")]:
        with pytest.raises(ValueError) as refused:
            call()
        assert str(refused.value) == message


def test_erlang_b_at_zero_and_light_load():
    """a = 0: B_1 = 0 / (1 + 0) = 0, and so on: nothing is lost (a load of 0 is allowed). c = 1, a = 1/2:
    B = 0.5 / 1.5 = 1/3 (a load below one Erlang is allowed too)."""
    assert analytic.erlang_b(2, 0.0) == 0.0
    assert analytic.erlang_b(1, 0.5) == pytest.approx(1 / 3, rel=1e-12)


def test_batch_means_one_value_per_batch_level_and_refusal():
    """Three values in three batches (one each) are allowed: means 1, 2, 3, mean 2, s = 1, half width
    t_{0.975,2} / sqrt(3) = 4.302653 / 1.732051 = 2.484138; four batches of three values are refused with the
    whole message. At level 0.90 the batches of test_batch_means_by_hand (s = 2) give t_{0.95,2} x 2 / sqrt(3) =
    2.919986 x 1.154701 = 3.371709."""
    b = analytic.batch_means([1.0, 2.0, 3.0], batches=3)
    assert b.batch_means == (1.0, 2.0, 3.0) and b.mean == 2.0
    assert b.half_width == pytest.approx(2.484138, abs=1e-6)
    with pytest.raises(ValueError) as refused:
        analytic.batch_means([1.0, 2.0, 3.0], batches=4)
    assert str(refused.value) == "batches = 4 is not allowed: expected an integer from 2 to the 3 observations"
    assert analytic.batch_means([1, 2, 3, 4, 5, 6, 100], 3, level=0.90).half_width == pytest.approx(3.371709, abs=1e-6)


def test_batch_means_lag1_correlation_by_hand_and_its_zero_cases():
    """Batch means 0.1, 0.3, 0.2, 0.4 (one value a batch, a spread below 1): the pairs (0.1, 0.3, 0.2) and
    (0.3, 0.2, 0.4) have deviations (-0.1, 0.1, 0) and (0, -0.1, 0.1), covariance -0.01 over variances 0.02
    each: r = -0.5. Two batches have one pair, and equal batch means have no spread: the correlation is then
    reported as 0, not computed (it would be NaN)."""
    assert analytic.batch_means([0.1, 0.3, 0.2, 0.4], 4).lag1_correlation == pytest.approx(-0.5, rel=1e-9)
    assert analytic.batch_means([1.0, 3.0, 5.0, 7.0], 2).lag1_correlation == 0.0
    assert analytic.batch_means([2.0] * 6, 3).lag1_correlation == 0.0


def test_replications_refusals_in_full_and_an_exact_square():
    """relative_error 0 or below, alpha or power 0, 1 or above are refused with one message. z = z_0.975 + z_0.8 =
    2.8015852181129683; relative_sd 0.1 and relative_error 0.1 z / 7 ask for (0.1 z / (0.1 z / 7))^2 = 49
    exactly: 49 replications, not 50."""
    message = "relative_error must be > 0, alpha and power in (0, 1)"
    for kwargs in [{"relative_error": 0.0}, {"relative_error": -0.05}, {"alpha": 0.0}, {"alpha": 1.0},
                   {"alpha": 1.5}, {"power": 0.0}, {"power": 1.0}, {"power": 1.5}]:
        with pytest.raises(ValueError) as refused:
            analytic.replications_needed(0.2, **kwargs)
        assert str(refused.value) == message, kwargs
    assert analytic.replications_needed(0.1, relative_error=0.1 * 2.8015852181129683 / 7) == 49


def test_power_of_one_replication_and_refusals_in_full():
    """One replication is allowed: Phi(0.05 x 1 / 0.2 - 1.959964) = Phi(-1.709964) = 0.043636. No replication,
    or a spread of 0, is refused with one message."""
    assert analytic.power_of_test(0.2, 1) == pytest.approx(0.043636, abs=1e-6)
    for args in [(0.2, 0), (0.0, 10), (-0.1, 10)]:
        with pytest.raises(ValueError) as refused:
            analytic.power_of_test(*args)
        assert str(refused.value) == "replications must be >= 1 and relative_sd > 0", args
