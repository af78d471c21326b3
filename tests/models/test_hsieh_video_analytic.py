"""CBR, PCBR and PDCBR schedules (lib/mmperf/models/hsieh_video/analytic.py).

Hand-worked trace used below (frame sizes in bytes, time in frame times, rates in bytes per
frame time, start-up delay P = 1 so frame n is consumed at n + 1):

    S = [1, 4, 1, 1],  A = [0, 1, 5, 6, 7]

* CBR: R_CBR(1) = max(1/2, 5/3, 6/4, 7/5) = 5/3. Delivered just before each consumption
  min(R (n+1), 7) = 10/3, 5, 20/3, 7 against A_{n-1} = 0, 1, 5, 6: gaps 10/3, 4, 5/3, 1; buffer 4.
* PCBR at R = 2: frame 1 is sent 0-0.5, ahead of its PCR clock (0.5 < 1), so frame 2 is held
  until 1 and sent 1-3; 3 >= 2 (behind), so frame 3 follows at once 3-3.5, then frame 4 3.5-4.
  Done times 0.5, 3, 3.5, 4 against deadlines n + 1 = 2, 3, 4, 5: no starvation; lateness
  max(done_n - n) = 1. D(2), D(3), D(4), D(5) = 3, 5, 7, 7, so gaps 3, 4, 2, 1; buffer 4.
  Eqs. 4.4-4.5 by hand: S-bar = 1, 2, 2, 2 with S-hat = 0, 0, 2, 1, 0: D(k) = 1, 3, 5, 7. Same.
* PCBR at R = 5/3 (the CBR rate): frame 2 is held to 1 and needs 4 / (5/3) = 2.4, done at
  3.4 > 3: starvation. The smallest rate on the 1 % grid is 2 = 5/3 x 1.20, i.e. k = 20.
* PDCBR with R_high = 2, R_low = 1: frame 1 at 2 (0-0.5, ahead), so frame 2 goes at R_low:
  0.5-4.5, done 2.5 frame times after its frame number: starvation at P = 1, fine at P = 3.
  Then frame 3 (behind: 4.5 >= 2) at 2: 4.5-5, frame 4 at 2: 5-5.5. At P = 3 the consumptions
  are at 4, 5, 6, 7 with D = 4.5, 6, 7, 7 and A_{n-1} = 0, 1, 5, 6: buffer 5.
"""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mmperf.models.hsieh_video import analytic as an

HAND = [1.0, 4.0, 1.0, 1.0]


@pytest.fixture
def A():
    return an.cumulative(HAND)


def test_hand_cbr(A):
    assert an.cbr_rate(A, 1) == pytest.approx(5 / 3)
    assert an.cbr_buffer(A, 1) == pytest.approx(4.0)
    assert an.reference_cbr(HAND, 1) == pytest.approx((5 / 3, 4.0))
    np.testing.assert_allclose(an.cbr_gaps(A, 1), [10 / 3, 4.0, 5 / 3, 1.0])


def test_hand_pcbr_all_implementations(A):
    s = an.schedule(A, 2.0, 0.0)
    np.testing.assert_allclose(s.start, [0.0, 1.0, 3.0, 3.5])
    np.testing.assert_allclose(s.done, [0.5, 3.0, 3.5, 4.0])
    assert s.lateness == pytest.approx(1.0)
    assert an.evaluate(A, 2.0, 0.0, P=1) == (an.OK, pytest.approx(4.0), pytest.approx(1.0))
    start, finish = an.pcbr_departures(A, 2.0)
    np.testing.assert_allclose(finish, [0.5, 3.0, 3.5, 4.0])
    ok, buf, D = an.reference_pcbr_eq44(HAND, 2.0, 1)
    assert ok and buf == pytest.approx(4.0)
    np.testing.assert_allclose(D[:4], [1.0, 3.0, 5.0, 7.0])
    ok, buf, D = an.reference_dual_rate_algorithm(HAND, 2.0, 0.0, 1)
    assert ok and buf == pytest.approx(4.0)
    np.testing.assert_allclose(D[:4], [1.0, 3.0, 5.0, 7.0])


def test_hand_pcbr_starves_at_the_cbr_rate_and_search_finds_k20(A):
    assert an.evaluate(A, 5 / 3, 0.0, P=1)[0] == an.STARVED
    rate, k = an.pcbr_min_rate(A, 1, step=0.01)
    assert k == 20 and rate == pytest.approx(2.0)


def test_hand_pdcbr(A):
    assert an.evaluate(A, 2.0, 1.0, P=1)[0] == an.STARVED
    status, buf, late = an.evaluate(A, 2.0, 1.0, P=3)
    assert status == an.OK and buf == pytest.approx(5.0) and late == pytest.approx(2.5)
    np.testing.assert_allclose(an.schedule(A, 2.0, 1.0).done, [0.5, 4.5, 5.0, 5.5])
    ok, buf, _ = an.reference_dual_rate_algorithm(HAND, 2.0, 1.0, 3)
    assert ok and buf == pytest.approx(5.0)
    assert not an.reference_dual_rate_algorithm(HAND, 2.0, 1.0, 1)[0]


def test_cap_matters_only_when_a_big_frame_sets_the_rate():
    # S = [4, 1, 1], P = 0: R = 4; uncapped gaps 4, 8 - 4, 12 - 5 = 4, 4, 7; capped at A_N = 6: 4, 2, 1.
    A = an.cumulative([4.0, 1.0, 1.0])
    assert an.cbr_buffer(A, 0, cap=False) == 7.0
    assert an.cbr_buffer(A, 0, cap=True) == 4.0
    # the capped CBR is the dual-rate schedule with R_low = R_high = R
    assert an.evaluate(A, 4.0, 4.0, P=0)[1] == 4.0


def test_b1_b2_decomposition():
    # S = [1, 1, 6, 1, 1], P = 1: slopes A_n/(n+1) = 1/2, 2/3, 8/4, 9/5, 10/6 -> H = frame 3, R = 2.
    # gaps min(2(n+1), 10) - A_{n-1} = 4, 5, 6, 10 - 8 = 2, 10 - 9 = 1: b1 = 6 (at H), b2 = 2.
    b1, b2, h = an.cbr_b1_b2(an.cumulative([1.0, 1.0, 6.0, 1.0, 1.0]), 1)
    assert (b1, b2, h) == (6.0, 2.0, 3)


def test_pdcbr_grid_search_on_hand_trace(A):
    # At P = 3: R_CBR = max(1/4, 5/5, 6/6, 7/7) = 1. The least buffer over the 20 x 19 grid must be
    # at least the hand-worked PCBR-like lower bound (frame 1 must be there by 4: buffer >= 1).
    choice = an.pdcbr_least_buffer(A, 3, an.cbr_rate(A, 3), *an.pdcbr_grid())
    assert choice is not None
    ok, buf, _ = an.reference_dual_rate_algorithm(HAND, choice.r_high, choice.r_low, 3)
    assert ok and buf == pytest.approx(choice.buffer)


# ----------------------------------------------------------------------------------------------
# Fast implementations equal the plain-Python references, on random traces
# ----------------------------------------------------------------------------------------------
sizes_st = st.lists(st.integers(min_value=1, max_value=5000), min_size=1, max_size=60).map(
    lambda xs: [float(x) for x in xs])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sizes=sizes_st, P=st.integers(0, 12), f_high=st.floats(0.3, 3.0), f_low=st.floats(0.0, 1.0),
       m=st.sampled_from([1, 2, 3]))
def test_kernel_equals_reference_algorithm(sizes, P, f_high, f_low, m):
    A = an.cumulative(sizes)
    r_high = an.cbr_rate(A, P) * f_high
    r_low = 0.0 if f_low < 0.1 else r_high * f_low
    status, buf, late = an.evaluate(A, r_high, r_low, P, m)
    ok, ref_buf, _ = an.reference_dual_rate_algorithm(sizes, r_high, r_low, P, m)
    assert (status == an.OK) == ok
    if ok:
        assert buf == pytest.approx(ref_buf, rel=1e-9, abs=1e-6)
        s = an.schedule(A, r_high, r_low, m)
        assert s.buffer(A, P) == pytest.approx(buf, rel=1e-9, abs=1e-6)
        assert s.lateness == pytest.approx(late, rel=1e-9, abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(sizes=sizes_st, P=st.integers(0, 12), f=st.floats(0.5, 4.0))
def test_pcbr_closed_form_equals_eq44_and_kernel(sizes, P, f):
    A = an.cumulative(sizes)
    rate = an.cbr_rate(A, P) * f
    ok, ref_buf, _ = an.reference_pcbr_eq44(sizes, rate, P)
    status, buf, late = an.evaluate(A, rate, 0.0, P)
    assert (status == an.OK) == ok
    assert (an.pcbr_lateness(A, rate) <= P + an.EPS) == ok
    start, _ = an.pcbr_departures(A, rate)
    np.testing.assert_allclose(start, an.schedule(A, rate, 0.0).start, rtol=1e-12, atol=1e-9)
    if ok:
        assert buf == pytest.approx(ref_buf, rel=1e-9, abs=1e-6)


@settings(max_examples=100, deadline=None)
@given(sizes=sizes_st, P=st.integers(0, 30))
def test_cbr_equals_reference(sizes, P):
    A = an.cumulative(sizes)
    r, b = an.reference_cbr(sizes, P)
    assert an.cbr_rate(A, P) == pytest.approx(r, rel=1e-12)
    assert an.cbr_buffer(A, P) == pytest.approx(b, rel=1e-9, abs=1e-9)
    assert an.cbr_rates(A, [P])[0] == pytest.approx(r, rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(1, 5000), min_size=2, max_size=25).map(lambda xs: [float(x) for x in xs]),
       P=st.integers(1, 6))
def test_searches_equal_plain_python_searches(sizes, P):
    """Bisection PCBR search = the thesis's linear search; pruned PDCBR search = exhaustive search."""
    A = an.cumulative(sizes)
    r_cbr = an.cbr_rate(A, P)
    k = 0
    while not an.reference_pcbr_eq44(sizes, an.grid_rate(r_cbr, 0.01, k), P)[0]:
        k += 1
    assert an.pcbr_min_rate(A, P, 0.01)[1] == k
    highs, lows = an.pdcbr_grid(5, 0.04, 0.25)      # a coarse grid keeps the plain search short
    best, pick = math.inf, None
    for h in highs:
        for lo in lows:
            ok, buf, _ = an.reference_dual_rate_algorithm(sizes, r_cbr * h, r_cbr * h * lo, P)
            if ok and buf < best - 1e-9:
                best, pick = buf, (r_cbr * h, r_cbr * h * lo)
    choice = an.pdcbr_least_buffer(A, P, r_cbr, highs, lows)
    if pick is None:
        assert choice is None
    else:
        assert choice.buffer == pytest.approx(best, rel=1e-9)


# ----------------------------------------------------------------------------------------------
# Properties that hold on every trace (theorems of the model)
# ----------------------------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(sizes=sizes_st)
def test_cbr_rate_non_increasing_in_startup_delay(sizes):
    rates = an.cbr_rates(an.cumulative(sizes), np.arange(0, 40))
    assert np.all(np.diff(rates) <= 1e-12 * rates[:-1])


@settings(max_examples=80, deadline=None)
@given(sizes=sizes_st, P=st.integers(0, 10), m=st.sampled_from([1, 2]))
def test_no_scheme_beats_the_cbr_line(sizes, P, m):
    """Every rate is at most R_high, so D(t) <= R_high t: R_high < R_CBR(P) always starves."""
    A = an.cumulative(sizes)
    r = an.cbr_rate(A, P) * (1 - 1e-6)
    assert an.evaluate(A, r, 0.0, P, m)[0] == an.STARVED
    assert an.evaluate(A, r, 0.5 * r, P, m)[0] == an.STARVED
    assert an.evaluate(A, r, r, P, m)[0] == an.STARVED


@settings(max_examples=80, deadline=None)
@given(sizes=sizes_st, P=st.integers(0, 10), f=st.floats(1.0, 3.0), f_low=st.floats(0.0, 1.0))
def test_buffer_of_a_fixed_schedule_grows_with_startup_delay(sizes, P, f, f_low):
    A = an.cumulative(sizes)
    r = an.cbr_rate(A, 0) * f
    s = an.schedule(A, r, 0.0 if f_low < 0.05 else r * f_low)
    assert s.buffer(A, P + 1) >= s.buffer(A, P) - 1e-9


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sizes=st.lists(st.integers(1, 5000), min_size=2, max_size=40).map(lambda xs: [float(x) for x in xs]),
       P=st.integers(1, 10))
def test_rate_orderings_that_are_theorems(sizes, P):
    """PCBR >= CBR and PDCBR high >= CBR hold on every trace; PCBR's search is feasible."""
    A = an.cumulative(sizes)
    row = an.compare_schemes(A, [P])[0]
    assert row["r_pcbr"] >= row["r_cbr"] * (1 - 1e-12)
    assert row["r_high"] >= row["r_cbr"] * (1 - 1e-12)
    assert row["b_pdcbr"] > 0 and row["b_pcbr"] > 0


# The thesis's other orderings (H29: PCBR >= PDCBR high, CBR >= PDCBR low; H30: CBR buffer >=
# PDCBR buffer) are properties of its traces, not theorems of the model: with the thesis's grid
# (R_high <= 1.19 R_CBR) and least-buffer rule they fail on some traces. The three traces below
# were found by a seeded random search over short integer traces (numpy default_rng(0) and (1),
# uniform sizes 1..9); each assertion is the failure, recomputed here, not a frozen number.
COUNTEREXAMPLES = [
    # PDCBR's least-buffer pair uses R_high > R_PCBR: R_CBR = R_PCBR = 6, the best pair has
    # R_high = 1.17 x 6 = 7.02 (a higher R_high with a low R_low gives less buffer than PCBR).
    ("high>pcbr", [6.0, 9.0, 7.0, 6.0, 5.0, 6.0, 9.0], 1),
    # PDCBR needs more buffer than CBR.
    ("bpd>bcbr", [6.0, 5.0, 3.0, 3.0, 1.0, 1.0, 1.0, 2.0, 8.0, 6.0], 3),
    # No pair with R_low < R_CBR is feasible at P = 1 (the heavy end needs a cushion built at
    # R_low), so the least-buffer pair has R_low > R_CBR.
    ("low>cbr", [1.0, 8.0, 9.0, 4.0, 6.0, 2.0, 2.0, 9.0, 4.0, 8.0, 6.0, 4.0, 6.0, 3.0, 4.0, 6.0, 7.0, 4.0, 15.0,
                 3.0, 27.0, 3.0], 1),
]


@pytest.mark.parametrize("what,sizes,P", COUNTEREXAMPLES)
def test_thesis_orderings_are_not_theorems(what, sizes, P):
    row = an.compare_schemes(an.cumulative(sizes), [P])[0]
    holds = {"high>pcbr": row["r_high"] > row["r_pcbr"], "bpd>bcbr": row["b_pdcbr"] > row["b_cbr"],
             "low>cbr": row["r_low"] > row["r_cbr"]}
    assert holds[what]
    # the reference implementation agrees that the chosen pair is feasible with that buffer
    ok, buf, _ = an.reference_dual_rate_algorithm(sizes, row["r_high"], row["r_low"], P)
    assert ok and buf == pytest.approx(row["b_pdcbr"], rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(1, 5000), min_size=2, max_size=40).map(lambda xs: [float(x) for x in xs]))
def test_pcbr_buffer_grows_with_startup_delay_while_its_rate_stays(sizes):
    """H31's mechanism: at an unchanged PCBR rate the schedule is the same and a longer delay only adds
    buffer. (Across a step down of the rate the buffer can fall: H31 is not a theorem.)"""
    A = an.cumulative(sizes)
    rows = an.compare_schemes(A, list(range(1, 12)))
    for a, b in zip(rows[:-1], rows[1:], strict=True):
        if b["r_pcbr"] == a["r_pcbr"]:
            assert b["b_pcbr"] >= a["b_pcbr"] - 1e-9


def test_pcbr_buffer_on_a_seeded_mpeg1_like_trace():
    """On a seeded MPEG-1-like synthetic trace the PCBR buffer grows with P at every step where the rate
    stays, and over the whole range 1-30 it grows (first vs last)."""
    from mmperf.models.hsieh_video import traces as tr

    shape = tr.TraceShape(1.0, 0.40, 0.20, 0.45, 0.80, 0.15, 6.0, 0.02, 2.5)
    t = tr.make_synthetic("mtv", "MPEG-1", 3000, "IBB(PBB)^4", shape, 0.6, 30.0, seed=1)
    rows = an.compare_schemes(an.cumulative(t.sizes), list(range(1, 31)), highs=[1.0], lows=[0.5])
    assert rows[-1]["b_pcbr"] > rows[0]["b_pcbr"]
    for a, b in zip(rows[:-1], rows[1:], strict=True):
        if b["r_pcbr"] == a["r_pcbr"]:
            assert b["b_pcbr"] >= a["b_pcbr"]
