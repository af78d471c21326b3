"""The hsieh-video exercises' answers, each checked by hand or by an independent computation at the exercise's
own setting (derivations in the tests; no frozen output of the code). Exercise 7 reads this run's figure and
is answered by the chapter's own metrics."""

import math

import numpy as np
import pytest

from mmstudies.hsieh_video import analytic as an
from mmstudies.hsieh_video import exercises
from mmstudies.hsieh_video import experiments as ex
from mmstudies.hsieh_video import traces as tr


@pytest.fixture(scope="module")
def mtv():
    return an.cumulative(exercises.stand_ins(["mtv"])["mtv"].sizes)


def brute_cbr(A, P, cap=True):
    """Eq. 4.2 term by term: R = max A_n / (n + P); B = max_n [min((P + n) R, A_N) - A_{n-1}]."""
    n = np.arange(1, len(A))
    rate = max(A[k] / (k + P) for k in n)
    line = (P + n) * rate
    return rate, float(np.max((np.minimum(line, A[-1]) if cap else line) - A[:-1]))


def smallest_grid_rate(A, P, m, step=0.01):
    """The first R_CBR (1 + step k) whose PCBR schedule (numpy running maximum, not the compiled kernel) is
    nowhere late, found by walking k up."""
    base = brute_cbr(A, P)[0]
    k = 0
    while an.pcbr_lateness(A, base * (1 + step * k), m) > P + an.EPS:
        k += 1
    return base * (1 + step * k)


def test_the_answers_use_the_runs_stand_ins():
    """Building only the traces an exercise needs gives the same frames as the chapter's run, which builds all
    ten (each trace has its own seed): so each answer is what a re-run at the exercise's setting computes."""
    inputs = ex.load_inputs()
    every = tr.build_synthetic_traces(inputs["rows"], inputs["classes"], reference_fps=30.0, seed=1, variability=0.3)
    some = exercises.stand_ins(["adv", "mtv"], variability=0.3)
    for name in ("adv", "mtv"):
        assert np.array_equal(some[name].sizes, every[name].sizes)


def test_ex1_largest_slope_by_hand():
    """A = 10, 20, 30, 90 at P = 1: slopes 10/2, 20/3, 30/4, 90/5, so R = 18 at H = 4; gaps
    min(18 (1 + n), 90) - A_{n-1} = 36 - 0, 54 - 10, 72 - 20, 90 - 30: the buffer is 60."""
    a = exercises.hand_answers()
    assert a["ex_hand_cbr_rate_kb"] == pytest.approx(18.0)
    assert a["ex_hand_tangent"] == 4
    assert a["ex_hand_cbr_buffer_kb"] == pytest.approx(60.0)


def test_ex2_go_and_stop_by_hand():
    """The 60 kB frame is released at 3 and consumed at 5: R >= 60 / 2 = 30. At 30 the earlier frames are done
    at 1/3, 4/3 and 7/3, before its release, so 30 suffices; on the 0.01 % grid of R_CBR = 18 the first rate
    at or above 30 is 18 (1 + 6667e-4)."""
    a = exercises.hand_answers()
    assert a["ex_hand_pcbr_rate_kb"] == pytest.approx(18 * (1 + 6667e-4))
    A = an.cumulative(exercises.HAND_SIZES_KB)
    assert an.pcbr_lateness(A, 30.0) == pytest.approx(1.0)          # frame 4 done exactly at 5 = 4 + P
    assert an.pcbr_lateness(A, 29.9) > 1.0


def test_ex3_counts_are_on_the_mpeg1_stand_ins():
    """The exercise counts four traces; the counts are at most four. The PCBR rates its ordering rests on match
    the numpy schedule's smallest grid rate on the smooth mtv (the compiled kernel against the running maximum)."""
    a = exercises.order_answers(max_p=2)
    assert a["ex_order_traces"] == 4 and 0 <= a["ex_order_holds_smooth"] <= 4 and 0 <= a["ex_order_holds_default"] <= 4
    A = an.cumulative(exercises.stand_ins(["mtv"], variability=0.3)["mtv"].sizes)
    row = ex.section46(A, [2], m=1, pcbr_step=0.01, highs=np.array([1.0]), lows=np.array([0.5]), cap=True).iloc[0]
    assert row["r_pcbr"] == pytest.approx(smallest_grid_rate(A, 2, 1))


def test_ex4_cap_by_eq42_term_by_term():
    a = exercises.cap_answers()
    A = an.cumulative(exercises.stand_ins(["adv"])["adv"].sizes)
    assert a["ex_cap_capped_mb"] == pytest.approx(brute_cbr(A, 300)[1] / 2**20)
    assert a["ex_cap_uncapped_mb"] == pytest.approx(brute_cbr(A, 300, cap=False)[1] / 2**20)
    assert a["ex_cap_uncapped_mb"] >= a["ex_cap_capped_mb"]        # the cap only lowers the line


def test_ex5_pcr_every_other_frame(mtv):
    """The rate is the smallest grid rate whose schedule of PCR intervals is nowhere late (numpy path); earlier
    release cannot raise it, nor lower the buffer."""
    a = exercises.pcr_answers()
    for key, m in (("one", 1), ("two", 2)):
        assert a[f"ex_pcr_rate_{key}_mbps"] == pytest.approx(smallest_grid_rate(mtv, 10, m) * 30 * 8 / 1e6)
    assert a["ex_pcr_rate_two_mbps"] <= a["ex_pcr_rate_one_mbps"]
    assert a["ex_pcr_buffer_two_mb"] >= a["ex_pcr_buffer_one_mb"]


def test_ex6_spiky_rates():
    a = exercises.spike_answers()
    sizes = exercises.stand_ins(["adv"])["adv"].sizes
    spiky = sizes.astype(float).copy()
    spiky[9::10] *= 10
    for key, s in (("plain", sizes), ("spiky", spiky)):
        A = an.cumulative(s)
        assert a[f"ex_spike_cbr_{key}_mbps"] == pytest.approx(brute_cbr(A, 10)[0] * 30 * 8 / 1e6)
        assert a[f"ex_spike_pcbr_{key}_mbps"] == pytest.approx(smallest_grid_rate(A, 10, 1) * 30 * 8 / 1e6)
    assert a["ex_spike_pcbr_ratio"] == pytest.approx(a["ex_spike_pcbr_spiky_mbps"] / a["ex_spike_pcbr_plain_mbps"])


def test_ex8_lead_by_hand():
    """Trace 10, 10, 10, 60 at P = 1 with a lead of one frame: releases 0, 0, 1, 2. The large frame, released at
    2 and due at 5, needs R >= 60 / 3 = 20; at 20 the others are done at 0.5, 1 and 1.5, so 20 suffices."""
    A = an.cumulative(exercises.HAND_SIZES_KB)
    assert exercises.pcbr_lead_departures(A, 20.0, lead=1).tolist() == [0.5, 1.0, 1.5, 5.0]
    assert exercises.pcbr_lead_min_rate(A, 1, lead=1, step=1e-4) == pytest.approx(20.0, abs=18e-4)


def test_ex8_lead_zero_is_pcbr_and_an_unbounded_lead_is_cbr(mtv):
    a = exercises.lead_answers()
    _, finish = an.pcbr_departures(mtv, 1000.0)
    assert np.allclose(exercises.pcbr_lead_departures(mtv, 1000.0), finish)
    assert a["ex_lead_rate_zero_mbps"] == pytest.approx(an.mbps(an.pcbr_min_rate(mtv, 2)[0], 30.0))
    assert exercises.pcbr_lead_min_rate(mtv, 2, lead=math.inf) == pytest.approx(brute_cbr(mtv, 2)[0])
    assert a["ex_lead_rate_shifted_mbps"] <= a["ex_lead_rate_mbps"] * 1.01 + 1e-12 <= a["ex_lead_rate_zero_mbps"] * 1.01


def test_ex9_traces_needed():
    """0.7^8 = 0.0576 > 0.05 >= 0.7^9 = 0.0404: nine traces; four give 0.05^(1/4) = 0.4729."""
    assert 0.7 ** 8 > 0.05 >= 0.7 ** 9
    a = exercises.design_answers()
    assert a["ex_design_traces"] == 9
    assert a["ex_design_bound_have"] == pytest.approx(0.05 ** 0.25)
