"""CBR, PCBR and PDCBR schedules (lib/mmstudies/hsieh_video/analytic.py).

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

from mmstudies.hsieh_video import analytic as an

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
    from mmstudies.hsieh_video import traces as tr

    shape = tr.TraceShape(1.0, 0.40, 0.20, 0.45, 0.80, 0.15, 6.0, 0.02, 2.5)
    t = tr.make_synthetic("mtv", "MPEG-1", 3000, "IBB(PBB)^4", shape, 0.6, 30.0, seed=1)
    rows = an.compare_schemes(an.cumulative(t.sizes), list(range(1, 31)), highs=[1.0], lows=[0.5])
    assert rows[-1]["b_pcbr"] > rows[0]["b_pcbr"]
    for a, b in zip(rows[:-1], rows[1:], strict=True):
        if b["r_pcbr"] == a["r_pcbr"]:
            assert b["b_pcbr"] >= a["b_pcbr"]


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---
# Hand-worked on the module docstring's trace S = [1, 4, 1, 1] (A = [0, 1, 5, 6, 7]) unless stated.


@pytest.mark.parametrize("sizes,message", [
    ([], "a trace needs at least one frame"),
    ([[1.0, 2.0]], "a trace needs at least one frame"),
    ([1.0, 0.0], "frame sizes must be finite and positive"),
    ([1.0, -2.0], "frame sizes must be finite and positive"),
    ([1.0, math.inf], "frame sizes must be finite and positive"),
    ([math.nan, 1.0], "frame sizes must be finite and positive"),
])
def test_cumulative_refuses_with_the_whole_message(sizes, message):
    with pytest.raises(ValueError) as err:
        an.cumulative(sizes)
    assert str(err.value) == message


def test_cumulative_of_one_frame_and_the_units():
    """One frame is a trace; 8 bit x 30 frame/s / 1e6 per byte per frame; 2^20 B per MByte."""
    assert an.cumulative([3]).tolist() == [0.0, 3.0]
    assert an.mbps(1.0, 1.0) == 8e-6 and an.mbps(1e6, 0.5) == 4.0
    assert an.mbytes(2**19) == 0.5


def test_unit_bounds_edges_and_whole_message():
    """m = 1: every frame ends a unit; 6 frames in units of 3 end at 3, 6; 1 frame with m = 5 ends at 1."""
    assert an.unit_bounds(4, 1).tolist() == [1, 2, 3, 4]
    assert an.unit_bounds(6, 3).tolist() == [3, 6]
    assert an.unit_bounds(1, 5).tolist() == [1]
    with pytest.raises(ValueError) as err:
        an.unit_bounds(4, 0)
    assert str(err.value) == "the PCR interval must be at least one frame"


def test_cbr_rates_gaps_and_b1_b2_by_hand(A):
    """R_CBR(P) = max_n A_n / (n + P): P = 0: max(1, 5/2, 6/3, 7/4) = 2.5; P = 1: 5/3; P = 3: max(1/4, 5/5,
    6/6, 7/7) = 1 (a tie: the tangent frame is the first, 2).

    At a given rate 2 and P = 1 the deliveries 2 (n + 1) = 4, 6, 8, 10 are capped at A_N = 7: gaps 4 - 0,
    6 - 1, 7 - 5, 7 - 6 = 4, 5, 2, 1 (uncapped 4, 5, 3, 4).
    S = [1, 1, 1, 5], P = 0: slopes 1, 1, 1, 2, so H is the last frame: b2 = 0; gaps at R = 2: 2, 3, 4, 5.
    S = [4, 1, 1], P = 0: H = 1; capped gaps 4, 2, 1 -> (4, 2); uncapped 4, 4, 7 -> (4, 7).
    """
    np.testing.assert_allclose(an.cbr_rates(A, [0, 1, 3]), [2.5, 5 / 3, 1.0], rtol=1e-15)
    assert an.cbr_tangent_frame(A, 3) == 2 and an.cbr_tangent_frame(A, 1) == 2
    np.testing.assert_allclose(an.cbr_gaps(A, 1, rate=2.0), [4.0, 5.0, 2.0, 1.0], rtol=1e-15)
    np.testing.assert_allclose(an.cbr_gaps(A, 1, rate=2.0, cap=False), [4.0, 5.0, 3.0, 4.0], rtol=1e-15)
    assert an.cbr_buffer(A, 1, rate=2.0) == 5.0 and an.cbr_buffer(A, 1, rate=2.0, cap=False) == 5.0
    assert an.cbr_b1_b2(an.cumulative([1.0, 1.0, 1.0, 5.0]), 0) == (5.0, 0.0, 4)
    B = an.cumulative([4.0, 1.0, 1.0])
    assert an.cbr_b1_b2(B, 0) == (4.0, 2.0, 1)
    assert an.cbr_b1_b2(B, 0, cap=False) == (4.0, 7.0, 1)


def test_pcbr_in_units_of_two_frames(A):
    """m = 2: units of 5 B (frames 1-2) and 2 B (frames 3-4), released at 0 and 2.

    Rate 2: 0-2.5, then max(2.5, 2) = 2.5 to 3.5. Rate 5: 0-1, held to 2, 2-2.4; frames done at 1/5, 5/5,
    2 + 1/5, 2 + 2/5, minus n: -0.8, -1, -0.8, -1.6, so the lateness is -0.8 (m = 1 at rate 5: frames
    0-0.2, 1-1.8, 2-2.2, 3-3.2: -0.2). At R_CBR = 5/3 with m = 2, frame 2 is done at 3 = 2 + P and unit 2
    at 3 + 1.2 = 4.2 <= 5: feasible at P = 1, so the PCBR search stops at k = 0 (m = 1 needs k = 20).
    """
    start, finish = an.pcbr_departures(A, 2.0, 2)
    np.testing.assert_allclose(start, [0.0, 2.5]) and np.testing.assert_allclose(finish, [2.5, 3.5])
    start, finish = an.pcbr_departures(A, 5.0, 2)
    np.testing.assert_allclose(start, [0.0, 2.0]) and np.testing.assert_allclose(finish, [1.0, 2.4])
    np.testing.assert_allclose(an.frame_done(A, start, np.array([5.0, 5.0]), 2), [0.2, 1.0, 2.2, 2.4])
    assert an.pcbr_lateness(A, 5.0, 2) == pytest.approx(-0.8, rel=1e-12)
    assert an.pcbr_lateness(A, 5.0) == pytest.approx(-0.2, rel=1e-12)
    assert an.pcbr_min_rate(A, 1, m=2) == (pytest.approx(5 / 3, rel=1e-15), 0)
    assert an.evaluate(A, 5 / 3, 0.0, 1, m=2)[0] == an.OK
    s = an.schedule(A, 5.0, 0.0, 2)
    np.testing.assert_allclose(s.start, [0.0, 2.0]) and np.testing.assert_allclose(s.finish, [1.0, 2.4])
    np.testing.assert_allclose(s.delivered(A, [1.0, 2.2]), [5.0, 6.0])    # unit 2 at 5 B per frame time from 2


def test_delivery_curve_of_the_hand_pcbr(A):
    """PCBR at 2 (units start 0, 1, 3, 3.5): D = 0 before 0, 0.5 at 0.25, 1 from 0.5 to 1 (held), 3 at 2,
    5 at 3, 5.5 at 3.25 and 7 from 4 on. A schedule's lateness may be negative: at rate 10 the frames are
    done at 0.1, 1.4, 2.1, 3.1, i.e. 0.6 before their numbers at the latest."""
    s = an.schedule(A, 2.0, 0.0)
    np.testing.assert_allclose(s.delivered(A, [-1.0, 0.0, 0.25, 0.5, 1.0, 2.0, 3.0, 3.25, 10.0]),
                               [0.0, 0.0, 0.5, 1.0, 1.0, 3.0, 5.0, 5.5, 7.0], rtol=1e-15)
    np.testing.assert_allclose(an.delivered(A, s.start, s.rate, 2.0), [3.0])     # a scalar t
    # P = 2: D(3), D(4), D(5), D(6) = 5, 7, 7, 7 against A_{n-1} = 0, 1, 5, 6: gaps 5, 6, 2, 1
    assert s.buffer(A, 1) == 4.0 and an.buffer_from_schedule(A, s.start, s.rate, 2.0) == 6.0
    assert an.schedule(A, 10.0, 0.0).lateness == pytest.approx(-0.6, rel=1e-12)


def test_evaluate_stops_at_the_bound(A):
    """PCBR at 2, P = 1: gaps 3, 4, 2, 1 in order. A bound of 3 is exceeded at the second gap (status 2,
    buffer so far 4); a bound equal to the buffer is not exceeded."""
    assert an.evaluate(A, 2.0, 0.0, 1, bound=3.0) == (an.OVER_BOUND, 4.0, 1.0)
    assert an.evaluate(A, 2.0, 0.0, 1, bound=4.0) == (an.OK, 4.0, 1.0)


def test_pcbr_search_from_a_given_base_and_its_failure(A):
    """From a base of 1 the grid 1 + 0.01 k first reaches the feasible rate 2 at k = 100 (exponential search
    to 128, bisection down). With a zero step the grid never moves from the infeasible R_CBR = 5/3."""
    assert an.pcbr_min_rate(A, 1, r_cbr=1.0) == (pytest.approx(2.0, rel=1e-15), 100)
    assert an.grid_rate(2.0, 0.5, 3) == 5.0
    with pytest.raises(RuntimeError) as err:
        an.pcbr_min_rate(A, 1, step=0.0)
    assert str(err.value) == "PCBR rate search did not converge"


def test_pdcbr_grid_of_other_sizes_and_ties():
    """3 highs of step 0.1: 1.0, 1.1, 1.2; low step 0.25: 1/0.25 - 1 = 3 lows 0.25, 0.5, 0.75.

    At P = 3 with R_high = R_CBR = 1 every unit ends exactly at its PCR time (1, 5, 6, 7 against 1, 2, 3, 4:
    never ahead), so R_low is never used and every R_low ties at buffer 4 (D(t) = t: 4 - 0, 5 - 1, 6 - 5,
    7 - 6): the first in scan order is kept. Below R_CBR no pair is feasible: None.
    """
    highs, lows = an.pdcbr_grid(3, 0.1, 0.25)
    np.testing.assert_allclose(highs, [1.0, 1.1, 1.2], rtol=1e-15)
    np.testing.assert_allclose(lows, [0.25, 0.5, 0.75], rtol=1e-15)
    A = an.cumulative(HAND)
    assert an.pdcbr_least_buffer(A, 3, 1.0, [1.0], [0.25, 0.5]) == an.PdcbrChoice(1.0, 0.25, 4.0, 0, 0)
    assert an.pdcbr_least_buffer(A, 3, 1.0, [0.9], [0.25, 0.5]) is None


def test_compare_schemes_row_by_hand(A):
    """P = 1: R_CBR = 5/3 with gaps 10/3, 4, 5/3, 1 (tangent frame 2: b1 = 4, b2 = 5/3); PCBR k = 20, rate 2,
    buffer 4 (module docstring). PDCBR with R_high = 2: frame 1 is done at 0.5 (ahead), frame 2 at R_low
    must be done by 3: 0.5 + 4 / R_low <= 3 needs R_low >= 1.6. R_low = 1.6 (0.8 R_high): D(2) = 1 + 1.6 x 1.5
    = 3.4, D(3) = 5, D(4) = D(5) = 7: buffer max(3.4, 4, 2, 1) = 4. R_low = 0.5 R_high = 1 starves.
    With only R_high = 1.0 R_CBR and 1.2 R_CBR and R_low = 0.5 R_high nothing is feasible: NaN.
    A grid given for one axis only is kept; the thesis's grid fills the other (R_high = 1.00 R_CBR, no
    R_low of 0.05 .. 0.95 feasible, as R_high = R_CBR is PCBR's infeasible rate with less sent ahead).
    """
    row = an.compare_schemes(A, [1], highs=[1.2], lows=[0.5, 0.8])[0]
    expected = {"P": 1.0, "r_cbr": 5 / 3, "b_cbr": 4.0, "b1": 4.0, "b2": 5 / 3, "tangent_frame": 2, "r_pcbr": 2.0,
                "k_pcbr": 20, "b_pcbr": 4.0, "r_high": 2.0, "r_low": 1.6, "b_pdcbr": 4.0}
    assert row == pytest.approx(expected, rel=1e-12)
    none = an.compare_schemes(A, [1], highs=[1.0, 1.2], lows=[0.5])[0]
    assert math.isnan(none["r_high"]) and math.isnan(none["r_low"]) and math.isnan(none["b_pdcbr"])
    assert math.isnan(an.compare_schemes(A, [1], highs=[1.0])[0]["r_high"])
    # R_low = 0.9 R_high needs R_high >= (1 + 4/0.9) / 3 = 1.8148 (test_fixed_buffer_rates_by_hand): 1.09 R_CBR
    assert an.compare_schemes(A, [1], lows=[0.9])[0]["r_high"] == pytest.approx(5 / 3 * 1.09, rel=1e-12)
    # uncapped: 5/3 (n + 1) - A_{n-1} = 10/3 - 0, 5 - 1, 20/3 - 5, 25/3 - 6 = 10/3, 4, 5/3, 7/3: b2 = 7/3
    uncapped = an.compare_schemes(A, [1], highs=[1.2], lows=[0.8], cap=False)[0]
    assert uncapped["b_cbr"] == pytest.approx(4.0, rel=1e-12) and uncapped["b2"] == pytest.approx(7 / 3, rel=1e-12)
    # S = [4, 1, 1], P = 0 (test_cap_matters_only_when_a_big_frame_sets_the_rate): CBR buffer 7 without the cap
    big_first = an.cumulative([4.0, 1.0, 1.0])
    assert an.compare_schemes(big_first, [0], highs=[1.0], lows=[0.5], cap=False)[0]["b_cbr"] == 7.0
    assert an.compare_schemes(big_first, [0], highs=[1.0], lows=[0.5])[0]["b_cbr"] == 4.0
    assert an.compare_schemes(A, [1], m=2, highs=[1.2], lows=[0.8])[0]["k_pcbr"] == 0
    assert an.compare_schemes(A, [1], pcbr_step=0.1, highs=[1.2], lows=[0.8])[0]["k_pcbr"] == 2


def test_fixed_buffer_rates_by_hand(A):
    """P = 1, R_CBR = 5/3, R_low in {0.8, 0.9} x R_high. PCBR: rate 2 with buffer 4 (fits B = 4.5, not 3.9).

    PDCBR: frame 1 is done at 1 / R_high (ahead), frame 2 at R_low = x R_high by (1 + 4 / x) / R_high <= 3:
    x = 0.9 needs R_high >= (49/9) / 3 = 1.8148, first reached on the grid 5/3 (1 + 0.01 k) at k = 9
    (R_high = 1.81667); x = 0.8 needs R_high >= 2. With x = 0.9 frames 3 and 4 follow at R_high, and the
    largest gap is D(3) - A_1 = 5 + R_high (3 - (49/9) / R_high) - 1 = 3 R_high - 13/9 = 4.0056 <= 4.5.
    Below 4.0056 no pair fits (x = 0.8 gives 3 R_high - 2 >= 4): all NaN, after max(max_k, 2 k_PCBR) steps.
    With step 0.05: k = 2 (R_high = 1.8333, buffer 5.5 - 13/9).
    """
    out = an.fixed_buffer_rates(A, 1, 4.5, lows=[0.8, 0.9])
    rh = 5 / 3 * 1.09
    assert out == pytest.approx({"P": 1.0, "r_cbr": 5 / 3, "r_pcbr": 2.0, "r_high": rh, "r_low": 0.9 * rh,
                                 "b_pcbr": 4.0, "b_pdcbr": 3 * rh - 13 / 9, "k_max": 400}, rel=1e-12)
    nan = an.fixed_buffer_rates(A, 1, 3.9, lows=[0.8, 0.9], max_k=50)
    assert nan["k_max"] == 50 and nan["r_cbr"] == pytest.approx(5 / 3)
    assert all(math.isnan(nan[k]) for k in ("r_pcbr", "r_high", "r_low", "b_pcbr", "b_pdcbr"))
    assert an.fixed_buffer_rates(A, 1, 3.9, lows=[0.8, 0.9], max_k=5)["k_max"] == 40     # 2 x k_PCBR = 40
    coarse = an.fixed_buffer_rates(A, 1, 4.5, lows=[0.8, 0.9], step=0.05)
    assert coarse["r_high"] == pytest.approx(5 / 3 * 1.1, rel=1e-12)
    assert coarse["b_pdcbr"] == pytest.approx(5.5 - 13 / 9, rel=1e-12)
    assert an.fixed_buffer_rates(A, 1, 4.5, m=2, lows=[0.9])["r_pcbr"] == pytest.approx(5 / 3)   # m = 2: k = 0


def test_fixed_buffer_rates_default_grid(A):
    """With the thesis's R_low grid (0.05 .. 0.95) and B = 4.5: as in test_fixed_buffer_rates_by_hand, R_low =
    x R_high first fits when (1 + 4/x) / R_high <= 3; the largest x = 0.95 needs R_high >= 1.7368, first
    reached at k = 5 (R_high = 5/3 x 1.05 = 1.75), where no other x is feasible. Its gaps: D(2) = 1 + x R_high
    (2 - 1/R_high) = 3.375; D(3) - A_1 = 5 + 3 R_high - (1 + 4/x) - 1 = 3 R_high + 3 - 4/x = 4.0395 (the
    largest; frames 3 and 4 follow at R_high, done 3.549 and 4.120, D(4) - A_2 = 1.789, D(5) - A_3 = 1)."""
    out = an.fixed_buffer_rates(A, 1, 4.5)
    rh = 5 / 3 * 1.05
    assert out["r_high"] == pytest.approx(rh, rel=1e-12) and out["r_low"] == pytest.approx(0.95 * rh, rel=1e-12)
    assert out["b_pdcbr"] == pytest.approx(3 * rh + 3 - 4 / 0.95, rel=1e-12)


def test_fixed_rate_delays_by_hand(A):
    """Rate 2: PCBR lateness 1 (done 0.5, 3, 3.5, 4), buffer 4 at P = 1. PDCBR R_low = 1 (0.5): done 0.5,
    4.5, 5, 5.5, lateness 2.5; R_low = 1.6 (0.8): done 0.5, 3, 3.5, 4, lateness 1 with buffer 4: the shorter
    delay wins. Cap 3.9: nothing fits. Rate 10: PCBR frames done 0.1, 1.4, 2.1, 3.1 -> lateness -0.6, so
    P = 0 with buffer D(1..4) - A_{0..3} = 1, 4, 1, 1; PDCBR R_low = 5: frames 0-0.1, 0.1-0.9, 0.9-1.1,
    1.1-1.3 (each ahead), P = 0 and D(1) = 5.5: buffer max(5.5, 7 - 1, 1, 1) = 6 (fits a cap of 6, not 4.2).
    """
    out = an.fixed_rate_delays(A, 2.0, 4.2, lows=[0.5, 0.8])
    assert out == pytest.approx({"rate": 2.0, "p_pcbr": 1.0, "p_pdcbr": 1.0, "r_low": 1.6}, rel=1e-9)
    out = an.fixed_rate_delays(A, 2.0, 3.9, lows=[0.5, 0.8])
    assert out["rate"] == 2.0 and all(math.isnan(out[k]) for k in ("p_pcbr", "p_pdcbr", "r_low"))
    out = an.fixed_rate_delays(A, 10.0, 4.2, lows=[0.5])
    assert out["p_pcbr"] == 0.0 and math.isnan(out["p_pdcbr"])
    assert an.fixed_rate_delays(A, 10.0, 6.0, lows=[0.5]) == {"rate": 10.0, "p_pcbr": 0.0, "p_pdcbr": 0.0,
                                                              "r_low": 5.0}
    assert an.fixed_rate_delays(A, 5.0, 100.0, m=2, lows=[0.5])["p_pcbr"] == pytest.approx(0.0)  # lateness -0.8


def test_references_edges(A):
    """Eq. 4.2 without the cap: S = [4, 1, 1], P = 0 -> (4, 7). The algorithm refuses a zero or infinite
    R_high and a negative or NaN R_low (whole message); R_low = 0 is PCBR. A delivery short of a frame by
    less than EPS x R_max is on time: one 2-byte frame at rate 1 - 1e-12 has D(2) = 2 - 2e-12 by n + P = 2."""
    assert an.reference_cbr([4.0, 1.0, 1.0], 0, cap=False) == (4.0, 7.0)
    assert an.reference_cbr([4.0, 1.0, 1.0], 0) == (4.0, 4.0)
    # the rates are checked before the trace is read (an empty trace, so that a rate let through fails at once
    # instead of looping: with R_high = 0 the algorithm never advances)
    for r_high, r_low in [(math.inf, 1.0), (2.0, -1.0), (2.0, math.nan), (0.0, 1.0)]:
        with pytest.raises(ValueError) as err:
            an.reference_dual_rate_algorithm([], r_high, r_low, 1)
        assert str(err.value) == f"rates must be finite with r_high > 0 and r_low >= 0, got {r_high!r}, {r_low!r}"
    assert an.reference_dual_rate_algorithm(HAND, 2.0, 0.0, 1)[:2] == (True, 4.0)
    ok, buf, D = an.reference_pcbr_eq44([2.0], 1 - 1e-12, 1)
    assert ok and D[-1] == pytest.approx(2.0)
    ok, _, _ = an.reference_dual_rate_algorithm([2.0], 1 - 1e-12, 0.0, 1)
    assert ok
    assert not an.reference_pcbr_eq44([2.0], 1 - 1e-6, 1)[0]


def test_pcbr_lateness_in_units_of_two_frames():
    """S = [1, 1, 1, 4], m = 2, rate 2: unit 1 (2 B) 0-1, unit 2 (5 B) released at 2, 2-4.5; frames done 0.5, 1,
    2.5, 4.5, minus n: -0.5, -1, -0.5, 0.5 -> 0.5 (the frame-by-frame schedule would have frame 4 start at 3)."""
    assert an.pcbr_lateness(an.cumulative([1.0, 1.0, 1.0, 4.0]), 2.0, 2) == 0.5


def test_compare_schemes_in_units_of_two_frames(A):
    """m = 2, P = 1 (test_pcbr_in_units_of_two_frames): PCBR at R_CBR = 5/3 (k = 0) sends unit 1 (5 B) 0-3 and
    unit 2 3-4.2: D(2), D(3), D(4), D(5) = 10/3, 5, 20/3, 7 against 0, 1, 5, 6: buffer 4. PDCBR at R_high = 2:
    unit 1 0-2.5, finished after its PCR time 2 (behind), so unit 2 goes at R_high 2.5-3.5: D = 4, 6, 7, 7,
    gaps 4, 5, 2, 1: buffer 5 (frame by frame the same pair has buffer 4)."""
    row = an.compare_schemes(A, [1], m=2, highs=[1.2], lows=[0.8])[0]
    assert row["r_pcbr"] == pytest.approx(5 / 3, rel=1e-15) and row["b_pcbr"] == pytest.approx(4.0, rel=1e-12)
    assert row["r_high"] == pytest.approx(2.0, rel=1e-15) and row["b_pdcbr"] == pytest.approx(5.0, rel=1e-12)


def test_fixed_buffer_rates_grid_ends_and_ties(A):
    """P = 3: R_CBR = 1 and at R_high = 1 no unit is ever ahead (test_pdcbr_grid_of_other_sizes_and_ties), so
    k = 0 is feasible with buffer 4 for every R_low: the first R_low is kept.

    P = 1 with R_low = 0.05 R_high: frame 2 is done by 3 only if (1 + 4/0.05) / R_high <= 3, R_high >= 27 =
    5/3 x 16.2, i.e. k = 1520 exactly (the kernel's EPS absorbs the rounding of 5/3 x 16.2). The search goes up
    to k_max = max(max_k, 2 k_PCBR) inclusive: max_k = 1520 finds it, 1519 does not. Its buffer is D(3) - A_1 = 4
    (frame 2 ends at 3; D(2) = 1 + 1.35 x (2 - 1/27) = 3.65)."""
    tie = an.fixed_buffer_rates(A, 3, 4.5, lows=[0.25, 0.5])
    assert (tie["r_high"], tie["r_low"], tie["b_pdcbr"]) == (1.0, 0.25, 4.0)
    end = an.fixed_buffer_rates(A, 1, 4.5, lows=[0.05], max_k=1520)
    assert end["r_high"] == pytest.approx(27.0, rel=1e-12) and end["b_pdcbr"] == pytest.approx(4.0, rel=1e-12)
    assert math.isnan(an.fixed_buffer_rates(A, 1, 4.5, lows=[0.05], max_k=1519)["r_high"])


def test_fixed_rate_delays_default_grid_units_ties_and_cap(A):
    """Rate 2, the thesis's R_low grid: with R_low = 2x frame 2 is done at 0.5 + 2/x and the later frames follow
    at R_high, so the delay is 2/x - 1.5, least at x = 0.95 (0.6053), where the buffer is 4 <= 4.2
    (D(1.605) = 3.1, D(2.605) - 1 = 4, then 2 and 1).

    m = 2 at rate 2 (test_compare_schemes_in_units_of_two_frames): PCBR frames done 0.5, 2.5, 3, 3.5, delay 0.5;
    PDCBR's unit 1 ends at 2.5, behind its PCR time, so R_low is never used: delay 0.5 as well.
    A buffer equal to the cap is allowed: PCBR at 2 has buffer exactly 4 at P = 1, PDCBR with R_low = 1 exactly
    4 at P = 2.5 (D(3.5) = 1 + 3 = 4, D(4.5) - 1 = 4). At rate 1 no unit is ahead: every R_low gives delay 3
    (frame 2 done at 5), and the first R_low is kept."""
    out = an.fixed_rate_delays(A, 2.0, 4.2)
    assert out["p_pdcbr"] == pytest.approx(2 / 0.95 - 1.5, rel=1e-12) and out["r_low"] == pytest.approx(1.9)
    assert an.fixed_rate_delays(A, 2.0, 100.0, m=2, lows=[0.5]) == {"rate": 2.0, "p_pcbr": 0.5, "p_pdcbr": 0.5,
                                                                   "r_low": 1.0}
    assert an.fixed_rate_delays(A, 2.0, 4.0, lows=[0.5]) == {"rate": 2.0, "p_pcbr": 1.0, "p_pdcbr": 2.5,
                                                            "r_low": 1.0}
    assert an.fixed_rate_delays(A, 1.0, 4.2, lows=[0.25, 0.5]) == {"rate": 1.0, "p_pcbr": 3.0, "p_pdcbr": 3.0,
                                                                  "r_low": 0.25}


def test_frame_done_defaults_to_one_frame_units(A):
    """PCBR at 2 frame by frame (units start 0, 1, 3, 3.5): frames done at 0.5, 1 + 4/2 = 3, 3.5, 4."""
    s = an.schedule(A, 2.0, 0.0)
    np.testing.assert_allclose(an.frame_done(A, s.start, s.rate), [0.5, 3.0, 3.5, 4.0], rtol=1e-15)


def test_pcbr_search_first_step_and_its_limit(A):
    """From a base of 2 / 1.01 the grid's k = 0 (1.98) starves and k = 1 is exactly 2, PCBR's feasible rate at
    P = 1: the search returns k = 1 (neither 0 nor 2).

    The exponential search gives up once its bound passes 10^7: it checks k = 1, 2, 4, ..., 2^23 = 8,388,608.
    With step 2.4e-8 the rate 2 = 5/3 (1 + 0.2) needs k = 0.2 / 2.4e-8 = 8,333,333.3 -> 8,333,334 <= 2^23:
    found. With step 2e-8 it needs k = 10^7 > 2^23: 'did not converge'."""
    assert an.pcbr_min_rate(A, 1, r_cbr=2 / 1.01) == (pytest.approx(2.0, rel=1e-15), 1)
    assert an.pcbr_min_rate(A, 1, step=2.4e-8)[1] == 8_333_334
    with pytest.raises(RuntimeError, match="did not converge"):
        an.pcbr_min_rate(A, 1, step=2e-8)


def test_prefetch_time_is_where_the_delivery_curve_reaches_the_amount():
    """Independent computation: bisect the full schedule's delivery curve D(t) for D(t) = Q."""
    rng = np.random.default_rng(3)
    A = an.cumulative(rng.uniform(100.0, 900.0, 60))
    for r_high, r_low, m in ((600.0, 0.0, 1), (700.0, 200.0, 1), (650.0, 300.0, 2)):
        s = an.schedule(A, r_high, r_low, m)
        for Q in (50.0, 1234.5, 9000.0):
            lo, hi = 0.0, 200.0
            for _ in range(80):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if float(s.delivered(A, np.array([mid]))[0]) < Q else (lo, mid)
            assert an.prefetch_time(A, r_high, r_low, Q, m) == pytest.approx(hi, abs=1e-9)


def test_prefetch_rates_is_the_least_grid_rate_feasible_at_its_own_prefetch_delay():
    """Figure 4.15 by the thesis's mechanism (seed line 1471), checked by brute force on full schedules.

    For each grid rate R_average (1 + step k), the start-up delay is the time the schedule takes to deliver
    Q bytes; the rate is feasible if the full schedule's lateness is at most that delay and its buffer there
    at most B. The least feasible grid rate must be prefetch_rates' answer, for PCBR and for PDCBR's R_high.
    """
    rng = np.random.default_rng(11)
    A = an.cumulative(rng.choice([300.0, 900.0, 2400.0], 80))
    B, Q, step, lows = 6000.0, 2000.0, 0.05, np.array([0.25, 0.5, 0.75])
    out = an.prefetch_rates(A, Q, B, step=step, lows=lows, below_mean=0.10, max_k=60)
    base = A[-1] / 80

    def feasible(rh, rl):
        s = an.schedule(A, rh, rl)
        P = an.prefetch_time(A, rh, rl, Q)
        return s.lateness <= P + 1e-9 and s.buffer(A, P) <= B + 1e-9

    grid = [base * (1 + step * k) for k in range(-2, 61)]
    assert out["r_pcbr"] == pytest.approx(next(r for r in grid if feasible(r, 0.0)))
    assert out["r_high"] == pytest.approx(next(r for r in grid if any(feasible(r, r * lo) for lo in lows)))
    # the thesis's observation is not built in: a pre-fetch larger than the buffer is refused outright
    assert math.isnan(an.prefetch_rates(A, B * 1.5, B, step=step, lows=lows)["r_pcbr"])


# --- added from the mutation run (2026-11-27) ---
# S = [2, 8, 4, 2] (A = [0, 2, 10, 14, 16], mean 4 bytes per frame time): grid rates 4 (1 + 0.25 k) are 3, 4, 5, ...
PREFETCH = [2.0, 8.0, 4.0, 2.0]


def test_prefetch_time_by_hand_at_the_files_end_and_in_units():
    """PCBR at 4, frame by frame: frame 1 0-0.5, frame 2 held to 1 and sent 1-3, frame 3 3-4, frame 4 4-4.5.
    The whole file (Q = A_N = 16) is in at 4.5, and so is Q = A_N + EPS (EPS x 1/4 later); more is never in.
    Q = 6 is 4 bytes into frame 2: 1 + 4/4 = 2 frame by frame (the default), but 6/4 = 1.5 in units of two
    frames (unit 1 of 10 bytes 0-2.5).
    S = [2, 8, 4], m = 2 (three frames: the last unit is one frame): unit 1 0-2.5, unit 2 (4 bytes, released
    at 2) 2.5-3.5; Q = 12 is 2 bytes into it: 3.0."""
    A = an.cumulative(PREFETCH)
    assert an.prefetch_time(A, 4.0, 0.0, 16.0) == 4.5
    assert an.prefetch_time(A, 4.0, 0.0, 16.0 + an.EPS) == pytest.approx(4.5 + an.EPS / 4, rel=1e-12)
    assert an.prefetch_time(A, 4.0, 0.0, 16.0 + 2 * an.EPS) == math.inf
    assert an.prefetch_time(A, 4.0, 0.0, 6.0) == 2.0
    assert an.prefetch_time(A, 4.0, 0.0, 6.0, m=2) == 1.5
    assert an.prefetch_time(an.cumulative([2.0, 8.0, 4.0]), 4.0, 0.0, 12.0, m=2) == 3.0


def test_prefetch_rates_by_hand():
    """Q = 6, B = 10, step 0.25, 25 % below the mean (k from -1: rates 3, 4, 5, ...), R_low in {1/4, 1/2, 3/4}.

    PCBR at 3 (the grid's floor): frame 1 0-2/3, frame 2 held to 1, 1-11/3; Q = 6 is in at 1 + 4/3 = 7/3 = P.
    Frames 3 and 4 follow 11/3-5 and 5-17/3: lateness max(2/3 - 1, 11/3 - 2, 5 - 3, 17/3 - 4) = 2 <= 7/3.
    D(n + P) - A_{n-1} = D(10/3) - 0, D(13/3) - 2, D(16/3) - 10, D(19/3) - 14 = 9, 10, 5, 2: buffer 10 <= B.
    PDCBR: at R_high = 3 frame 1 is ahead (2/3 < 1), frame 2 at R_low = 2.25 ends 2/3 + 8/2.25 = 4.22 (P =
    2/3 + 4/2.25 = 2.44), frame 3 at 3 then ends 5.56 > 3 + P = 5.44: starved (lower R_low is later still).
    At R_high = 4, R_low = 2: frame 1 0-0.5, frame 2 0.5-4.5, Q = 6 in at 0.5 + 4/2 = 2.5 = P; frame 2 is done
    at 4.5 = 2 + P (on time, behind its PCR), frames 3 and 4 at 4: 4.5-5.5, 5.5-6; gaps D(3.5) - 0, D(4.5) - 2,
    D(5.5) - 10, D(6.5) - 14 = 8, 8, 4, 2. R_low = 1 starves frame 2 (done 8.5 > 2 + 4.5); R_low = 3 sends frame
    2 0.5-19/6 with P = 11/6, and D(2 + P) - 2 = 10 + 4 x 2/3 - 2 = 10.67 > B.
    B = 8: no PCBR rate of the scan fits (10 at 3 and 4; above, frame 2 is in by 1 + 8/R <= 3 and D(1 + P) =
    D(2 + 4/R) >= 10): NaN; PDCBR's pair stays.
    """
    A = an.cumulative(PREFETCH)
    kw = {"step": 0.25, "below_mean": 0.25, "lows": [0.25, 0.5, 0.75]}
    out = an.prefetch_rates(A, 6.0, 10.0, max_k=4, **kw)
    assert out == {"Q": 6.0, "r_average": 4.0, "r_pcbr": 3.0, "p_pcbr": pytest.approx(7 / 3, rel=1e-12),
                   "b_pcbr": 10.0, "r_high": 4.0, "r_low": 2.0, "p_pdcbr": 2.5, "b_pdcbr": 8.0,
                   "pcbr_at_floor": True, "pdcbr_at_floor": False}
    assert list(out) == ["Q", "r_average", "r_pcbr", "p_pcbr", "b_pcbr", "r_high", "r_low", "p_pdcbr", "b_pdcbr",
                         "pcbr_at_floor", "pdcbr_at_floor"]
    tight = an.prefetch_rates(A, 6.0, 8.0, max_k=4, **kw)
    assert all(math.isnan(tight[k]) for k in ("r_pcbr", "p_pcbr", "b_pcbr"))
    assert (tight["r_high"], tight["r_low"], tight["p_pdcbr"], tight["b_pdcbr"]) == (4.0, 2.0, 2.5, 8.0)
    assert tight["pcbr_at_floor"] is False and tight["pdcbr_at_floor"] is False
    # the scans end at max_k inclusive: PDCBR's R_high = 4 is k = 0; PCBR's 3 is k = -1
    last = an.prefetch_rates(A, 6.0, 10.0, max_k=0, **kw)
    assert (last["r_pcbr"], last["r_high"], last["r_low"]) == (3.0, 4.0, 2.0)
    first = an.prefetch_rates(A, 6.0, 10.0, max_k=-1, **kw)
    assert first["r_pcbr"] == 3.0 and math.isnan(first["r_high"]) and first["pdcbr_at_floor"] is False
    # Q = 4 (frame 1 and 2 bytes of frame 2): PCBR at 3 starves frame 3 (P = 1 + 2/3, frame 3 done at 5 > 4.67),
    # at 4 it fits (P = 1.5, buffer 10): k = 0, beyond a scan that ends at k = -1
    assert an.prefetch_rates(A, 4.0, 10.0, max_k=0, **kw)["r_pcbr"] == 4.0
    assert math.isnan(an.prefetch_rates(A, 4.0, 10.0, max_k=-1, **kw)["r_pcbr"])
    # Q = B = A_N, the whole file: every gap is A_N - A_{n-1} <= B, so the floor fits. PCBR at 3 has it in at
    # 17/3 (frames done 2/3, 11/3, 5, 17/3). PDCBR at 3: every R_low ties at buffer 16 and the first is kept,
    # R_low = 0.75: frame 1 0-2/3 (ahead), frame 2 at 0.75 2/3-34/3, frames 3 and 4 at 3 to 38/3 and 40/3 = P
    whole = an.prefetch_rates(A, 16.0, 16.0, max_k=4, **kw)
    assert whole == {"Q": 16.0, "r_average": 4.0, "r_pcbr": 3.0, "p_pcbr": pytest.approx(17 / 3, rel=1e-12),
                     "b_pcbr": 16.0, "r_high": 3.0, "r_low": 0.75, "p_pdcbr": pytest.approx(40 / 3, rel=1e-12),
                     "b_pdcbr": 16.0, "pcbr_at_floor": True, "pdcbr_at_floor": True}
    # a pre-fetch up to B + EPS is tried (here it is the whole file, EPS later); beyond, nothing is
    over = an.prefetch_rates(A, 16.0 + an.EPS, 16.0, max_k=4, **kw)
    assert (over["r_pcbr"], over["b_pcbr"], over["r_high"], over["r_low"]) == (3.0, 16.0, 3.0, 0.75)
    assert over["p_pcbr"] == pytest.approx(17 / 3, rel=1e-9)
    beyond = an.prefetch_rates(A, 16.0 + 2 * an.EPS, 16.0, max_k=4, **kw)
    assert all(math.isnan(beyond[k]) for k in ("r_pcbr", "p_pcbr", "b_pcbr", "r_high", "r_low", "p_pdcbr", "b_pdcbr"))


def test_prefetch_rates_ties_units_and_defaults():
    """Q = 8, B = 10, step 0.25, 50 % below the mean (k from -2: rate 2 first). At 2 no frame is ever ahead
    (frame 1 0-1, frame 2 1-5, frame 3 5-7, frame 4 7-8), so PCBR and every R_low give the same schedule:
    Q = 8 is in at 1 + 6/2 = 4 = P, lateness max(0, 3, 4, 4) = 4 <= P, gaps D(5) - 0, D(6) - 2, D(7) - 10,
    D(8) - 14 = 10, 10, 4, 2. Both are found at the floor, and of the tied R_low the first (1/4) is kept.

    m = 2, Q = 6, B = 12 (rates 3, 4, ...): PCBR at 3 sends unit 1 (10 bytes) 0-10/3, Q = 6 in at 2 = P; unit
    2 (released at 2) 10/3-16/3, frames done 2/3, 10/3, 14/3, 16/3: lateness 5/3 <= 2; D(3), D(4), D(5), D(6)
    = 9, 12, 15, 16 against 0, 2, 10, 14: buffer 10. Its PDCBR at R_high = 3 never has a unit ahead (unit 1
    ends at 10/3 > 2), so it is PCBR's schedule for every R_low: the first, 0.75, is kept.

    Defaults (step 0.01, 10 % below the mean, k up to 400, the thesis's R_low grid, m = 1): S = [101, 1, 1, 1,
    1, 1] (mean 106/6) and Q = 12.6: frame 1, done at 101/R, must be done by 1 + P = 1 + 12.6/R, so R >=
    88.4 = 5.0038 x mean: grid k = 401 (5.01 x mean = 88.51), one beyond the default scan. With max_k = 401
    both schemes take it (frame 1 ends after its PCR time: R_low is first used after frame 2, every R_low
    ties): P = 12.6/88.51, and the largest gap is D(1 + P) = 101 + 88.51 (1 + P) - 101 = 101.11 (frame 2,
    sent from 101/88.51, is still under way).
    """
    A = an.cumulative(PREFETCH)
    tie = an.prefetch_rates(A, 8.0, 10.0, step=0.25, below_mean=0.5, lows=[0.25, 0.5], max_k=4)
    assert tie == {"Q": 8.0, "r_average": 4.0, "r_pcbr": 2.0, "p_pcbr": 4.0, "b_pcbr": 10.0, "r_high": 2.0,
                   "r_low": 0.5, "p_pdcbr": 4.0, "b_pdcbr": 10.0, "pcbr_at_floor": True, "pdcbr_at_floor": True}
    units = an.prefetch_rates(A, 6.0, 12.0, m=2, step=0.25, below_mean=0.25, lows=[0.25, 0.5, 0.75], max_k=4)
    assert units == {"Q": 6.0, "r_average": 4.0, "r_pcbr": 3.0, "p_pcbr": 2.0, "b_pcbr": 10.0, "r_high": 3.0,
                     "r_low": 0.75, "p_pdcbr": 2.0, "b_pdcbr": 10.0, "pcbr_at_floor": True, "pdcbr_at_floor": True}
    S = an.cumulative([101.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    none = an.prefetch_rates(S, 12.6, 200.0)
    assert none["r_average"] == 106 / 6 and none["pcbr_at_floor"] is False and none["pdcbr_at_floor"] is False
    assert all(math.isnan(none[k]) for k in ("r_pcbr", "p_pcbr", "b_pcbr", "r_high", "r_low", "p_pdcbr", "b_pdcbr"))
    rate = 106 / 6 * 5.01
    found = an.prefetch_rates(S, 12.6, 200.0, max_k=401)
    assert found == pytest.approx({"Q": 12.6, "r_average": 106 / 6, "r_pcbr": rate, "p_pcbr": 12.6 / rate,
                                   "b_pcbr": 101.11, "r_high": rate, "r_low": 0.05 * rate, "p_pdcbr": 12.6 / rate,
                                   "b_pdcbr": 101.11, "pcbr_at_floor": False, "pdcbr_at_floor": False}, rel=1e-12)
