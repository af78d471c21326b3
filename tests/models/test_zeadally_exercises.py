"""The Zeadally chapter's exercise answers, each derived by hand at the exercise's own setting.

The setting is the paper's (Section 5): Z_NA = 200, Z_AX = 240, Z_XF = 230 Mbit/s, a frame of 2.1 Mbit,
33 frames/s measured without shared memory, video at 30 frames/s; each exercise changes one thing.
"""

import pytest

from mmstudies.zeadally import exercises, model


def _par(*z):
    """Serial stages add their inverse throughputs (Eq. 1)."""
    return 1 / sum(1 / x for x in z)


#: made-up simulated answers (exercises 3-4), for the sentences that need them beside the closed forms
PIPE = {"ex4_buffer_frames": 2.0, "ex4_buffered_mbps": 160.0, "ex4_bare_mbps": 125.0, "ex4_recovered_pct": 50.0}


@pytest.fixture(scope="module")
def ans():
    return exercises.answers()


def test_ex1_bus_twice_as_fast(ans):
    """Z_XF = 460: Eq. 1 = 1/(1/200 + 1/240 + 1/460) = 88.18; Eq. 2 = 200 x 460 / 660 = 139.39 Mbit/s
    = 66.38 frames/s of 2.1 Mbit; the pipeline is min(200, 240, 460) = min(200, 240, 230) = 200."""
    assert ans["ex1_xf_mbps"] == 460.0
    assert ans["ex1_eq1_mbps"] == pytest.approx(_par(200, 240, 460), rel=1e-12)
    assert ans["ex1_eq1_mbps"] == pytest.approx(88.179, abs=1e-3)
    assert ans["ex1_eq2_mbps"] == pytest.approx(200 * 460 / 660, rel=1e-12)
    assert ans["ex1_eq2_fps"] == pytest.approx(200 * 460 / 660 / 2.1, rel=1e-12)
    assert ans["ex1_eq1_now_mbps"] == pytest.approx(_par(200, 240, 230), rel=1e-12)
    assert (ans["ex1_pipe_now_mbps"], ans["ex1_pipe_mbps"]) == (200.0, 200.0)


def test_ex2_where_to_spend_the_effort(ans):
    """Eq. 2 = 200 x 230 / 430; Z_NA doubled 400 x 230 / 630 = 146.03; both doubled 400 x 460 / 860 = twice
    Eq. 2; Z_NA infinite leaves Z_XF = 230."""
    assert ans["ex2_eq2_mbps"] == pytest.approx(200 * 230 / 430, rel=1e-12)
    assert ans["ex2_na2_mbps"] == pytest.approx(400 * 230 / 630, rel=1e-12)
    assert ans["ex2_all2_mbps"] == pytest.approx(2 * ans["ex2_eq2_mbps"], rel=1e-12)
    assert ans["ex2_inf_na_mbps"] == 230.0


def test_ex5_fair_share(ans):
    """A 30 frames/s deadline of 33.33 ms, half of it 16.67 ms; Table 2's video alone is 42 % user + 48 %
    system = 900 ms of CPU per second = 30 ms per frame, more than the half share."""
    assert ans["ex5_deadline_ms"] == pytest.approx(1000 / 30, rel=1e-12)
    assert ans["ex5_half_deadline_ms"] == pytest.approx(1000 / 60, rel=1e-12)
    assert ans["ex5_table2_demand_ms"] == pytest.approx(30.0, rel=1e-12)
    assert "no frame finishes in time" in exercises.solution_texts(ans | PIPE)["ex5_text"]


def test_ex6_fddi_ratio(ans):
    """FDDI's raw two-copy maximum is 74 Mbit/s (Table 1 measures 23.1 Mbit/s): Eq. 1 =
    1/(1/74 + 1/240 + 1/230) = 45.40 Mbit/s, ratio 45.40 / 23.1 = 1.965."""
    model_mbps = _par(74, 240, 230)
    assert ans["ex6_fddi_model_mbps"] == pytest.approx(model_mbps, rel=1e-9)
    assert ans["ex6_fddi_measured_mbps"] == 23.1
    assert ans["ex6_fddi_ratio"] == pytest.approx(model_mbps / 23.1, rel=1e-9)


def test_ex7_fixed_cost_or_per_byte(ans):
    """Eq. 1 = 73.995 Mbit/s: a 2.1 Mbit frame takes 28.380 ms, the measured 1/33 s = 30.303 ms, so t0 =
    1.923 ms. A quarter frame (0.525 Mbit) takes 7.095 ms + t0 = 9.018 ms: 58.22 Mbit/s; per byte: 73.995."""
    eq1 = _par(200, 240, 230)
    t0 = 1 / 33 - 2.1 / eq1
    assert ans["ex7_t0_ms"] == pytest.approx(1000 * t0, rel=1e-9)
    assert ans["ex7_t0_ms"] == pytest.approx(1.9226, abs=1e-4)
    quarter = 2.1 / 4
    assert ans["ex7_fixed_mbps"] == pytest.approx(quarter / (quarter / eq1 + t0), rel=1e-9)
    assert ans["ex7_fixed_fps"] == pytest.approx(1 / (quarter / eq1 + t0), rel=1e-9)
    assert ans["ex7_perbyte_mbps"] == pytest.approx(eq1, rel=1e-12)
    assert ans["ex7_difference_mbps"] == pytest.approx(eq1 - ans["ex7_fixed_mbps"], rel=1e-12)


def test_ex8_exact_frame(ans):
    """Measured 33 frames/s x 2.1 Mbit = 69.3 and x 2.097152 Mbit = 69.206 Mbit/s; Eq. 1 does not depend on the
    frame size, so the gap grows by 33 x (2.1 - 2.097152) = 0.094 Mbit/s."""
    eq1 = _par(200, 240, 230)
    assert ans["ex8_gap_paper_mbps"] == pytest.approx(eq1 - 69.3, rel=1e-9)
    assert ans["ex8_gap_exact_mbps"] == pytest.approx(eq1 - 33 * 2.097152, rel=1e-9)
    assert ans["ex8_frame_bits"] == 2097152
    assert exercises.solution_texts(ans | PIPE)["ex8_text"].startswith("The Eq. 1 gap widens from 4.69 to 4.79 Mbit/s")


def test_solution_texts_follow_the_values(ans):
    """The pipeline sentence says 'nothing changes' where min Z does not move and 'rises' where it does; the
    buffer sentence never claims a recovery it did not measure."""
    base = ans | PIPE
    assert "nothing changes (200 Mbit/s)" in exercises.solution_texts(base)["ex1_pipe_text"]
    rises = exercises.solution_texts(base | {"ex1_pipe_now_mbps": 150.0, "ex1_pipe_mbps": 200.0})
    assert "rises from 150 to 200 Mbit/s" in rises["ex1_pipe_text"]
    assert "recovering 50 %" in exercises.solution_texts(base)["ex4_text"]
    worse = exercises.solution_texts(base | {"ex4_buffered_mbps": 120.0, "ex4_recovered_pct": -6.7})
    assert "recovering nothing" in worse["ex4_text"]


def test_buffers_extension_deterministic_by_hand():
    """The extension (exercise 4) at deterministic stages: buffers cannot beat the slowest stage, and with
    them the pipeline still runs at exactly min Z = 200 Mbit/s (2.1 Mbit every 10.5 ms); a serial path with
    buffers is refused, as is a negative buffer."""
    r = model.simulate_data_path([200, 240, 230], mode="pipelined", frames=100, buffer_frames=2)
    assert r["throughput_mbps"] == pytest.approx(200.0, rel=1e-9)
    with pytest.raises(ValueError, match="buffer_frames"):
        model.simulate_data_path([200, 240], mode="serial", frames=60, buffer_frames=1)
    with pytest.raises(ValueError, match="buffer_frames"):
        model.simulate_data_path([200, 240], mode="pipelined", frames=60, buffer_frames=-1)


@pytest.mark.slow
def test_ex3_ex4_pipeline_answers_at_their_settings():
    """Exercise 3 is replicate_data_path at the paper's Eq. 1 rates, pipelined, cv 1, 2000 frames, 5
    replications from seed 1 (an independent call gives the same numbers); its loss is 1 - mean / 200.
    Exercise 4 at cv 1 with 1000 frames x 3: with two frames of buffer per stage the pipeline can only gain
    (blocking is rarer) and cannot pass min Z; the recovered share is (buffered - bare) / (200 - bare)."""
    from mmstudies.zeadally import analytic as a

    p = exercises.pipeline_answers()
    direct = model.replicate_data_path([200.0, 240.0, 230.0], a.FRAME_BITS_PAPER, "pipelined", 1.0, 2000, 5, 1)
    assert p["ex3_pipe_mbps"] == direct["mean"] and p["ex3_pipe_ci_mbps"] == direct["ci_half_width"]
    assert p["ex3_loss_pct"] == pytest.approx(100 * (1 - direct["mean"] / 200), rel=1e-12)
    assert p["ex3_serial_mbps"] == pytest.approx(_par(200, 240, 230), rel=1e-12)
    assert p["ex4_bare_mbps"] < p["ex4_buffered_mbps"] < 200.0
    assert p["ex4_recovered_pct"] == pytest.approx(
        100 * (p["ex4_buffered_mbps"] - p["ex4_bare_mbps"]) / (200 - p["ex4_bare_mbps"]), rel=1e-12)


def test_the_answer_key_names_glued_answers(ans):
    """Every key of notebooks/zeadally.yml's answers is a glued answer: a closed form here, or one of the two
    simulated answers (test_ex3_ex4_pipeline_answers_at_their_settings computes them)."""
    import math

    from mmbook.params import load_chapter

    key = load_chapter("zeadally").answers
    assert len(key) >= 5
    closed = {e["glue"] for e in key.values()} - {"ex3_pipe_mbps", "ex4_buffered_mbps"}
    assert closed <= set(ans) and all(math.isfinite(ans[g]) for g in closed)
