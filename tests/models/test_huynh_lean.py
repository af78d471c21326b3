"""The lean event loop against the Ciw model: the same records, node visit by node visit.

The chapter runs every replication on :mod:`mmstudies.huynh.lean` (several times faster
than Ciw). It is only allowed to because these tests run both engines on the same
configurations and seeds and require every frame's every node visit (node, arrival, service
start, service end) to agree to 1e-9 s, and the run's counts (arrived, finished, still
inside, largest number of outstanding requests per device) to be equal. The configurations
cover both modes, both hosts, both mixing schemes, more participants, both pipeline readings,
fixed and exponential frame sizes, and an overloaded host cut off before it drains.
"""

from __future__ import annotations

import pytest

from mmstudies.huynh import model as M
from mmstudies.huynh.config import Config
from mmstudies.huynh.lean import Rec, simulate_lean

CASES = [
    Config(frames=150),
    Config(frames=150, io_mode="move", host="486", mixing="centralized"),
    Config(frames=120, io_mode="locate", host="486", participants=4),
    Config(frames=120, io_mode="move", participants=5, pipeline_model="compute_time"),
    Config(frames=120, frame_rate=8.0, frame_size="deterministic", mixing="centralized"),
    Config(frames=120, io_mode="move", adapter_vc_kloc=18.0),           # video 80C186 overloaded
    Config(frames=100, streams=("ft",), file_transfer=True),
]


def _by_frame(run):
    return {(ind.customer_class, ind.frame_index): [tuple(r) for r in ind.data_records] for ind in run.individuals}


@pytest.mark.parametrize("cfg", CASES, ids=lambda c: f"{c.io_mode}-{c.host}-{c.mixing}-{c.participants}-{c.frames}")
def test_lean_loop_gives_ciws_records(cfg):
    lean = simulate_lean(cfg, seed=4)
    ciw_run = M.ciw_run(M.simulate(cfg, seed=4))
    assert (lean.arrived, lean.finished, lean.in_system, lean.max_outstanding) == \
        (ciw_run.arrived, ciw_run.finished, ciw_run.in_system, ciw_run.max_outstanding)
    a, b = _by_frame(lean), _by_frame(ciw_run)
    assert a.keys() == b.keys()
    visits = 0
    for key, recs in a.items():
        other = b[key]
        assert len(recs) == len(other), key
        for r, s in zip(recs, other, strict=True):
            assert r[0] == s[0], key
            assert r[1:] == pytest.approx(s[1:], abs=1e-9), key
            visits += 1
    assert visits > 1000


def test_overloaded_host_cut_off_at_the_end_gives_the_same_frames_still_inside():
    cfg = Config(frames=200, host_vc_kloc=120)      # host at load 1.6: frames pile up
    lean, ciw_run = simulate_lean(cfg, seed=5, drain=0.0), M.ciw_run(M.simulate(cfg, seed=5, drain=0.0))
    assert lean.in_system == ciw_run.in_system > 0
    assert _by_frame(lean).keys() == _by_frame(ciw_run).keys()


def test_the_summary_is_the_same_from_either_engine():
    cfg = Config(frames=150, io_mode="locate", mixing="distributed")
    a, b = M.run_once(cfg, seed=6, engine="lean"), M.run_once(cfg, seed=6, engine="ciw")
    for k in a:
        if k != "events":        # the engines count events differently (Ciw also counts zero-time steps)
            assert a[k] == pytest.approx(b[k], rel=1e-9, abs=1e-12), k


def test_records_name_their_fields():
    r = Rec(5, 1.0, 1.5, 2.5)
    assert (r.waiting_time, r.service_time, r.time_blocked, r.exit_date) == (0.5, 1.0, 0.0, 2.5)


def test_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="engine must be"):
        M.simulate_run(Config(frames=100), seed=1, engine="resq")
