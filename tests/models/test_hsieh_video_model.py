"""The schemes as Ciw queues equal the recurrences frame by frame (lib/mmstudies/hsieh_video/model.py).

Hand case (sizes 1, 4, 1, 1 bytes; time in frame times): PCBR at 2 bytes per frame time is a FIFO
queue with arrivals at 0, 1, 2, 3 and services 0.5, 2, 0.5, 0.5: starts 0, 1, 3, 3.5 and departures
0.5, 3, 3.5, 4; sojourns 0.5, 2, 1.5, 1, so with P = 1 every sojourn is <= P + 1 = 2 (no
starvation) and with P = 0 frame 2 (sojourn 2 > 1) starves. The same numbers as the hand-worked
schedule in test_hsieh_video_analytic.py.

The seeded synthetic traces below are compared with the recurrences exactly: unit start and
finish times computed by Ciw and by the kernel agree to the last bit on these traces, so the
tolerance (1e-9 frame times) only absorbs the frame-level interpolation.
"""

import numpy as np
import pytest

from mmstudies.hsieh_video import analytic as an
from mmstudies.hsieh_video import model as mo
from mmstudies.hsieh_video import traces as tr

SHAPES = {
    "MPEG-1": tr.TraceShape(1.0, 0.40, 0.20, 0.45, 0.80, 0.15, 6.0, 0.02, 2.5),
    "MPEG-2": tr.TraceShape(1.0, 0.75, 0.60, 0.10, 0.50, 0.05, 8.0, 0.0, 1.0),
    "M-JPEG": tr.TraceShape(1.0, 1.0, 1.0, 0.25, 0.80, 0.05, 6.0, 0.01, 1.8),
}
PATTERNS = {"MPEG-1": "IBB(PBB)^4", "MPEG-2": "IBB(PBB)^3", "M-JPEG": "I"}


def test_hand_case_pcbr_queue():
    A = an.cumulative([1.0, 4.0, 1.0, 1.0])
    recs = mo.ciw_pcbr(A, 2.0)
    np.testing.assert_allclose(recs["start"], [0.0, 1.0, 3.0, 3.5])
    np.testing.assert_allclose(recs["finish"], [0.5, 3.0, 3.5, 4.0])
    assert mo.sojourn_feasible(recs, 1) and not mo.sojourn_feasible(recs, 0)


@pytest.mark.parametrize("cls", list(SHAPES))
@pytest.mark.parametrize("m", [1, 2])
@pytest.mark.parametrize("seed", [1, 2])
def test_ciw_equals_recurrences_frame_by_frame(cls, m, seed):
    trace = tr.make_synthetic("x", cls, 1500, PATTERNS[cls], SHAPES[cls], 1.0, 30.0, seed=seed)
    A = an.cumulative(trace.sizes)
    r = an.cbr_rate(A, 5)
    # PCBR at 1.2 R_CBR
    recs, s = mo.ciw_pcbr(A, 1.2 * r, m), an.schedule(A, 1.2 * r, 0.0, m)
    np.testing.assert_allclose(recs["start"], s.start, rtol=0, atol=1e-9)
    np.testing.assert_allclose(recs["finish"], s.finish, rtol=0, atol=1e-9)
    np.testing.assert_allclose(mo.frames_from_units(A, recs, m), s.done, rtol=0, atol=1e-9)
    # PDCBR at (1.1, 0.5) x R_CBR
    recs, s = mo.ciw_pdcbr(A, 1.1 * r, 0.55 * r, m), an.schedule(A, 1.1 * r, 0.55 * r, m)
    np.testing.assert_allclose(recs["finish"], s.finish, rtol=0, atol=1e-9)
    np.testing.assert_allclose(recs["rate"], s.rate, rtol=1e-12)
    # CBR: every frame present at 0, departures A_n / R
    recs = mo.ciw_cbr(A, r)
    np.testing.assert_allclose(recs["finish"], A[1:] / r, rtol=1e-12)


def test_pcbr_sojourn_criterion_equals_recurrence_feasibility():
    trace = tr.make_synthetic("y", "MPEG-1", 2000, PATTERNS["MPEG-1"], SHAPES["MPEG-1"], 0.6, 30.0, seed=3)
    A = an.cumulative(trace.sizes)
    for P in (1, 5, 20):
        rate, k = an.pcbr_min_rate(A, P)
        assert mo.sojourn_feasible(mo.ciw_pcbr(A, rate), P)
        if k > 0:
            assert not mo.sojourn_feasible(mo.ciw_pcbr(A, an.grid_rate(an.cbr_rate(A, P), 0.01, k - 1)), P)


def test_pdcbr_queue_refuses_zero_low_rate():
    with pytest.raises(ValueError, match="r_low > 0"):
        mo.ciw_pdcbr(an.cumulative([1.0, 2.0]), 2.0, 0.0)


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session)

def test_pdcbr_refusal_names_the_pcbr_queue_whole():
    with pytest.raises(ValueError, match=r"^the PDCBR queue needs r_low > 0 \(r_low = 0 is PCBR: use the PCBR queue\)$"):
        mo.ciw_pdcbr(an.cumulative([1.0, 2.0]), 2.0, -1.0)


def test_frames_from_units_default_is_one_frame_per_unit():
    """With one frame per customer (m = 1), frame n is delivered when its customer finishes: 0.5, 3, 3.5, 4
    (test_hand_case_pcbr_queue); a call without m must read the records the same way."""
    A = an.cumulative([1.0, 4.0, 1.0, 1.0])
    recs = mo.ciw_pcbr(A, 2.0)
    np.testing.assert_allclose(mo.frames_from_units(A, recs), [0.5, 3.0, 3.5, 4.0], rtol=0, atol=1e-12)


def test_records_are_one_row_per_unit_with_named_columns_only():
    recs = mo.ciw_cbr(an.cumulative([2.0, 1.0, 1.0]), rate=2.0)
    assert list(recs.columns) == ["unit", "arrival", "start", "service", "finish"]
    assert recs.index.tolist() == [0, 1, 2] and recs["unit"].tolist() == [1, 2, 3]
