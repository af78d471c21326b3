"""The Huynh chapter's exercises 3 and 5-8, each derived by hand at the exercise's own setting (exercises 1, 2
and 4 are tested in test_huynh_analytic.py::test_exercise_metrics_by_hand).

By hand from the paper's anchors (the calibration's derivation): the per-request overhead is S = 10 KLOCS
(file transfers 20 % of the host at 30 frames/s); the i386 saturates at 60 KLOCS, so it executes
90 x (60 + 5 + 2 x 10) + 30 x (5 + 5 + 2 x 10) = 8,550 KLOCS/s; the video adapter's 80C186 saturates at
16 KLOCS + a 0.5 KLOCS control element per frame at 3 x 30 frames/s, so it executes 90 x 16.5 = 1,485 KLOCS/s.
"""

import pytest

from mmstudies.huynh import exercises
from mmstudies.huynh.config import Config, calibration


@pytest.fixture(scope="module")
def ans():
    return exercises.answers()


def test_the_calibration_the_derivations_rest_on():
    cal = calibration()
    assert cal.host_overhead_kloc == pytest.approx(10.0, rel=1e-9)
    assert cal.host_ips_386 == pytest.approx(8.55e6, rel=1e-9)
    assert cal.adapter_ips == pytest.approx(1.485e6, rel=1e-9)


def test_ex5_host_at_15_frames(ans):
    """3 streams x 15 frames/s x (15 + 5 + 20) + 30 x (5 + 5 + 20) = 2,700 KLOCS/s of 8,550: 31.58 %."""
    assert ans["ex5_host_pct"] == pytest.approx(100 * 2700 / 8550, rel=1e-9)


def test_ex6_one_overhead_per_request(ans):
    """One S: 90 x (15 + 5 + 10) + 30 x (5 + 5 + 10) = 3,300 KLOCS/s, 38.60 %; two: 4,500, 52.63 %.
    Saturation with one S: 90 (K + 15) + 600 = 8,550 gives K = 73.33 KLOCS; with two the anchor's 60."""
    assert ans["ex6_host_pct"] == pytest.approx(100 * 3300 / 8550, rel=1e-9)
    assert ans["ex6_host_now_pct"] == pytest.approx(100 * 4500 / 8550, rel=1e-9)
    assert ans["ex6_sat_kloc"] == pytest.approx(7950 / 90 - 15, rel=1e-9)
    assert ans["ex6_sat_now_kloc"] == pytest.approx(60.0, rel=1e-9)


def test_extension_with_two_overheads_is_the_model():
    """overheads=2 is the published model (analytic.host_work_per_s), for every host, mixing and rate."""
    from mmstudies.huynh import analytic

    for cfg in (Config(), Config(host="486", frame_rate=8.0), Config(mixing="centralized", file_transfer=False)):
        assert exercises.host_work_per_s(cfg) == pytest.approx(analytic.host_work_per_s(cfg), rel=1e-12)


def test_ex7_decompression_stage_by_reading(ans):
    """The chapter's reading: one frame time, 1000/8 - 1000/30 = 91.67 ms apart; compute time: 8.33 ms at both."""
    assert ans["ex7_frame_latency_low_ms"] == pytest.approx(125.0, rel=1e-12)
    assert ans["ex7_frame_latency_diff_ms"] == pytest.approx(1000 / 8 - 1000 / 30, rel=1e-12)
    assert (ans["ex7_compute_time_low_ms"], ans["ex7_compute_time_diff_ms"]) == pytest.approx((8.33, 0.0))


def test_ex8_adapter_budget(ans):
    """1,485 KLOCS/s over 3 x 15 frames/s = 33 KLOCS per frame, less the 0.5 control element: 32.5."""
    assert ans["ex8_sat_kloc"] == pytest.approx(1485 / 45 - 0.5, rel=1e-9)
    assert ans["ex8_sat_anchor_kloc"] == pytest.approx(16.0, rel=1e-9)


def test_solution_texts_follow_the_values(ans):
    """Exercise 3's verdict names the modes whose delay falls with the frame rate, and only those."""
    rising = {"ex3_locate_low_ms": 30.0, "ex3_locate_high_ms": 35.0, "ex3_move_low_ms": 25.0,
              "ex3_move_high_ms": 26.0}
    t = exercises.solution_texts(ans | rising)
    assert t["huynh_ex3_text"].startswith("Locate Mode's receive delay is 30.0 ms at 8 frames/s and 35.0 ms at 30, "
                                          "higher at the higher frame rate;")
    assert t["huynh_ex3_text"].endswith("survives in neither mode.")
    one = exercises.solution_texts(ans | rising | {"ex3_move_high_ms": 20.0})["huynh_ex3_text"]
    assert one.endswith("survives only in Move Mode.")
    both = exercises.solution_texts(ans | rising | {"ex3_move_high_ms": 20.0, "ex3_locate_high_ms": 20.0})
    assert both["huynh_ex3_text"].endswith("survives in both modes.")
    assert "91.7 ms longer at 8 frames/s than at 30, the compute-time reading 0.0 ms" in t["huynh_ex7_text"]


@pytest.mark.slow
def test_ex3_runs_are_the_lean_model_at_the_exercise_setting():
    """Each (mode, rate) row is the mean receive delay of run_once at seeds 1, 2 (the chapter's seeding),
    i386, distributed, compute-time reading, 200 frames."""
    from mmstudies.huynh.model import run_once

    rows = exercises.compute_time_runs(frames=200, replications=2, seed=1)
    assert len(rows) == 4
    cfg = Config(io_mode="move", frame_rate=30.0, pipeline_model="compute_time", frames=200)
    direct = sum(run_once(cfg, s)["delay_recv"] for s in (1, 2)) / 2
    got = exercises.ex3_answers(rows)["ex3_move_high_ms"]
    assert got == pytest.approx(1e3 * direct, rel=1e-12)


def test_the_answer_key_names_glued_answers(ans):
    """Every key of notebooks/huynh.yml's answers is an answer of exercises.answers, of exercise 3's runs or of
    analytic.exercise_metrics (exercises 1, 2 and 4)."""
    import math

    from mmbook.params import load_chapter
    from mmstudies.huynh.analytic import exercise_metrics
    from mmstudies.huynh.config import paper_values

    metrics = {n: x for n, x, _, _ in exercise_metrics(paper_values(), calibration())}
    key = load_chapter("huynh").answers
    assert len(key) >= 5
    closed = {e["glue"] for e in key.values()} - {"ex3_move_high_ms"}
    assert closed <= set(ans) | set(metrics)
    assert all(math.isfinite((ans | metrics)[g]) for g in closed)


def test_ex2_text_places_the_ratio_against_the_two_processors():
    """The calibrated ratio 24.75 / 8.55 = 2.895 lies between the clock ratio 50 / 25 = 2 and twice it, 4; a
    ratio under 2 or over 4 gets the other two sentences, and none of them is the old hedge 'plausible'."""
    from mmstudies.huynh.config import paper_values

    v = paper_values()
    text = exercises.ex2_text(24.75 / 8.55, v["host_clock_386_mhz"], v["host_clock_486_mhz"])
    assert text.startswith("The ratio is 2.89: between the clock ratio of 2.0 (Section 2: 25 and 50 MHz) and the 4.0")
    assert exercises.ex2_text(1.9, 25, 50).startswith("The ratio is 1.90: below the clock ratio of 2.0")
    assert exercises.ex2_text(4.1, 25, 50).startswith("The ratio is 4.10: above the 4.0")
    assert exercises.ex2_text(4.0, 25, 50).startswith("The ratio is 4.00: between")   # the bound is inside
    assert not any("plausible" in exercises.ex2_text(r, 25, 50) for r in (1.9, 2.9, 4.1))


def test_ex4_text_states_the_papers_reading_only_when_move_loses():
    """At the paper's values the network code takes 5,500 / 1.485e6 s = 3.70 ms per packet against Locate's
    40,000 / 24.75e6 s = 1.62 ms per frame on the i486: 'no longer', and the reading that saves the paper's claim
    follows; with 'still' that reading is not printed."""
    m = {"ex4_net_ms": 1e3 * 5500 / 1.485e6, "ex4_locate_486_ms": 1e3 * 40000 / 24.75e6}
    lost = exercises.ex4_text(m, "no longer")
    assert lost.startswith("So Move would no longer have the smaller software component on the i486 (3.7 ms of "
                           "network code per packet against Locate's 1.6 ms per frame)")
    assert "The paper's statements only fit if" in lost
    kept = exercises.ex4_text(m | {"ex4_net_ms": 1.0}, "still")
    assert kept.startswith("So Move would still have") and "only fit" not in kept


def test_ex5_point_and_text_read_panel_a():
    """The point is the Locate, i386, distributed row at 15 frames/s of the run's summary (scaled to %); the
    sentence gives its distance to the law, inside or outside its interval, and names a law moved from the
    defaults; a run without 15 frames/s says so."""
    import pandas as pd

    main = pd.DataFrame({"mixing": ["distributed", "distributed", "centralized"], "io_mode": ["locate"] * 3,
                         "host": ["386", "486", "386"], "frame_rate": [15.0] * 3,
                         "util_host_mean": [0.3170, 0.2, 0.5], "util_host_ci": [0.0005, 0.1, 0.1]})
    assert exercises.ex5_point(main) == pytest.approx((31.70, 0.05))
    assert exercises.ex5_point(main, frame_rate=8.0) is None
    law = 100 * 2700 / 8550     # 31.58 %, test_ex5_host_at_15_frames
    outside = exercises.ex5_text(exercises.ex5_point(main), law, law)
    assert outside == ("In this run's figure the simulated point at 15 frames/s is 31.70 % ± 0.05 %, 0.12 percentage "
                       "points above the law, outside its interval.")
    assert exercises.ex5_text((31.5, 0.1), law, law).endswith("0.08 percentage points below the law, within its "
                                                             "interval.")
    on = exercises.ex5_text((law + 0.004, 0.0), law, law)     # a gap that rounds to 0.00: no interval judged
    assert on.endswith("is 31.58 %, on the law to a hundredth of a percentage point.")
    moved = exercises.ex5_text((40.0, 0.1), 40.0, law)
    assert moved.endswith("(this run's parameters move the law to 40.0 % from the defaults' 31.6 %).")
    assert exercises.ex5_text(None, law, law).startswith("This run simulates no point at 15 frames/s")
