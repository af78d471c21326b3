"""Tests of the replications, long runs and sweeps (lib/mmstudies/sharp/experiments.py)."""

import pytest

from mmperf.data import load_table
from mmstudies import sharp

COMMON = dict(p_spike=1 / 1500, frame_rate_fps=25.0, warmup_frames=20, seed=1, measured_load=0.10)


@pytest.fixture(scope="module")
def paper():
    return sharp.stage_stats(load_table("sharp", "table1"))


def test_checked_subset_runs_ciw_and_equals_the_recursion(paper):
    out = sharp.replicate_pipeline(background_load=0.10, queue_capacity=10, sink_policy="newest",
                                   frames_per_replication=500, replications=6, table1_stats=paper,
                                   ciw_checked=2, **COMMON)
    runs = out["runs"]
    assert list(runs["engine"]) == ["ciw", "ciw", "recursion", "recursion", "recursion", "recursion"]
    checked = runs[runs["checked"]]
    assert len(checked) == 2 and (checked["same_fate"] == 1.0).all() and (checked["max_abs_diff_ms"] < 1e-9).all()


def test_replications_where_queues_fill_run_through_ciw(paper):
    """Overload with capacity 1: the newest-frame sink meets a frame in service and one waiting, so every
    replication must run through Ciw, and none is reported as checked equal."""
    out = sharp.replicate_pipeline(background_load=0.35, queue_capacity=1, sink_policy="newest",
                                   frames_per_replication=500, replications=3, table1_stats=paper,
                                   ciw_checked=1, **COMMON)
    runs = out["runs"]
    assert runs["queues_can_fill"].all() and (runs["engine"] == "ciw").all() and not runs["checked"].any()


def test_sink_utilisation_matches_the_utilisation_law(paper):
    """Utilisation of the sink = mean (dec + pres) / period = 32.6 / 40 = 0.815 when nothing is dropped.

    Power: the sink time per frame has sd sqrt(1.57^2 + 1.5^2) = 2.17 ms, so the utilisation over
    5 x 1000 frames has sd 2.17 / 40 / sqrt(5000) = 0.00077. The tolerance 0.004 is 5.2 sd (a false alarm
    has probability below 1e-6) and a 5 % error in either rate (0.041) lies 53 sd outside it, so it is
    caught with power 1 - 1e-300."""
    runs = sharp.replicate_pipeline(background_load=0.10, queue_capacity=10, sink_policy="newest",
                                    frames_per_replication=1000, replications=5, table1_stats=paper,
                                    ciw_checked=1, **COMMON)["runs"]
    assert runs["sink_utilisation"].mean() == pytest.approx(0.815, abs=0.004)
    assert runs["dropped"].sum() == 0


def test_mean_delay_is_stage_sum_plus_waits(paper):
    """Little's decomposition: each shown frame's delay is its stage times plus its waits, so the mean delay
    equals the mean stage sum plus the mean wait (to rounding)."""
    runs = sharp.replicate_pipeline(background_load=0.10, queue_capacity=10, sink_policy="newest",
                                    frames_per_replication=800, replications=2, table1_stats=paper,
                                    ciw_checked=1, **COMMON)["runs"]
    for _, r in runs.iterrows():
        parts = sum(r[f"{s}_mean"] for s in ("sl_src", "net", "sl_dst", "dec", "pres")) + r["wait_mean"]
        assert r["e2e_mean"] == pytest.approx(parts, abs=1e-9)


def test_loss_rises_past_the_bound_beyond_saturation(paper):
    """Above the saturation load (0.2665 at 25 frames/s) the sink is offered more than it can do and is
    (almost) never idle, so it shows one frame per mean service time and drops 1 - 1/rho of them; at load
    0.35 rho = 32.6 * 0.9 / 0.65 / 40 = 1.1285, a loss of 0.1138. Power: over 20,000 frames the shown count's
    relative sd is (3.0 / 36.1) / sqrt(17,700) = 0.06 %, so the band of 0.005 is wide for noise and for an
    idle-time correction, while a 5 % error in the sink rate moves the loss by 0.04 and is caught. Well below
    saturation (load 0) loss stays under 1e-3."""
    sweep = sharp.loss_sweep(loads=[0.0, 0.35], p_spike=1 / 1500, frame_rate_fps=25.0, frames=20000, seed=3,
                             table1_stats=paper, measured_load=0.10, workers=1)
    assert sweep.loc[0, "loss_rate"] < 1e-3
    assert sweep.loc[1, "loss_rate"] == pytest.approx(1 - 1 / 1.1285, abs=0.005)
    assert sharp.first_load_over(sweep, 1e-3) == 0.35
