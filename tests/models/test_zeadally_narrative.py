"""The Zeadally chapter's run-dependent sentences (zeadally.narrative): each branch chosen by the run's
values, with the numbers as printed, on a Chapter whose metrics and checks are set by hand."""

from __future__ import annotations

import dataclasses
import types

import pytest

from mmbook.chapter import Chapter
from mmperf.checktable import TableCheck
from mmstudies.zeadally import narrative

#: the paper's values as the notebook passes them (data/zeadally/parameters.csv)
P = {"z_na_single_copy_256kb": 200.0, "z_ax": 240.0, "z_xf": 230.0, "eq1_r": 74.0, "eq2_r": 107.0,
     "fps_single_copy_256kb": 33.0, "fps_single_copy_256kb_shm": 50.0}
#: Eq. 1 at 200/240/230: 1 / (1/200 + 1/240 + 1/230) = 27600 / (138 + 115 + 120) = 27600 / 373 = 73.9946;
#: Eq. 2 at 200/230: 46000 / 430 = 106.9767
EQ1, EQ2 = 27600 / 373, 46000 / 430


@pytest.fixture
def make(tmp_path):
    def make(parameters=None, **metrics):
        ch = Chapter("zeadally", parameters or {}, tmp_path / "out")
        ch.metrics.update(metrics)
        return ch
    return make


def _as_table_check(ch, check_id: str) -> None:
    """The scorecard's last check, given the id it has in the checks table (ch.judge finds a check by its id)."""
    ch.scorecard.checks[-1] = TableCheck(**dataclasses.asdict(ch.scorecard.checks[-1]), id=check_id)


def _eq_metrics(**changes):
    m = {"eq1_mbps": EQ1, "eq1_fps": 35.04, "eq2_mbps": EQ2, "eq2_fps": 50.66, "gap_eq1_mbps": 4.6, "gap_eq2_mbps": 1.4,
         "measured_no_shm_mbps": 69.4, "measured_shm_mbps": 105.6}
    m.update(changes)
    return m


# ----------------------------------------------------------------------------- equations
def test_equations_at_the_papers_stage_throughputs(make):
    """Eq. 1 = 73.99 and Eq. 2 = 106.98 round to the paper's 74 and 107; both bound the measurements."""
    text = narrative.equations(make(**_eq_metrics()), P)
    assert text == (
        "With Z_NA = 200, Z_AX = 240 and Z_XF = 230 Mbit/s, Eq. 1 gives 73.99 Mbit/s (35.0 frames/s) and Eq. 2 "
        "gives 106.98 Mbit/s (50.7 frames/s). These are the paper's stage throughputs, and the paper rounds the "
        "results to 74 and 107 Mbit/s (Section 5). "
        "The measured 33 frames/s without shared memory (Section 5) are 69.4 Mbit/s at this run's frame size; "
        "Eq. 1 lies 4.60 Mbit/s above them. "
        "The measured 50 frames/s with shared memory (Section 5) are 105.6 Mbit/s at this run's frame size; "
        "Eq. 2 lies 1.40 Mbit/s above them.")


def test_equations_that_do_not_round_to_the_papers_say_so(make):
    """74.5 rounds to 74 (banker's rounding of .5 to even) but 74.6 rounds to 75."""
    assert narrative.equations(make(**_eq_metrics(eq1_mbps=74.5)), P).count("do not round") == 0
    text = narrative.equations(make(**_eq_metrics(eq1_mbps=74.6)), P)
    assert "(Section 5); our values do not round to them." in text
    text = narrative.equations(make(**_eq_metrics(eq2_mbps=107.6)), P)
    assert "our values do not round to them." in text


def test_equations_at_other_stage_throughputs_answer_a_different_question(make):
    ch = make({"z_na_mbps": 100.0}, **_eq_metrics(eq1_mbps=52.3))
    text = narrative.equations(ch, P)
    assert text.startswith("With Z_NA = 100, Z_AX = 240 and Z_XF = 230 Mbit/s, Eq. 1 gives 52.30 Mbit/s")
    assert ("The paper's 74 and 107 Mbit/s (Section 5) are Eq. 1 and Eq. 2 at its own measured stage "
            "throughputs of 200, 240 and 230 Mbit/s (Section 5); this run's differ, so our values answer "
            "a different question.") in text
    assert "These are the paper's stage throughputs" not in text


def test_equation_below_the_measurement_is_not_an_upper_bound(make):
    """A negative gap prints its size and the consequence; a gap of exactly 0 still 'lies above'."""
    text = narrative.equations(make(**_eq_metrics(gap_eq1_mbps=-2.3, gap_eq2_mbps=0.0)), P)
    assert ("Eq. 1 lies 2.30 Mbit/s below them, so with these stage throughputs the model is not the upper bound "
            "the paper's argument needs.") in text
    assert "Eq. 2 lies 0.00 Mbit/s above them." in text


# ----------------------------------------------------------------------------- overheads
def test_overhead_that_shrinks_with_shared_memory(make):
    text = narrative.overheads(make(t0_no_shm_ms=2.123, t0_shm_ms=0.5))
    assert text == ("In frame times, the model leaves a fixed overhead of 2.12 ms per frame without shared memory "
                    "and 0.50 ms with it. The overhead shrinks with shared memory, as the paper explains: removing "
                    "the IPC copy also removed the X server's memory allocation (Section 5).")


@pytest.mark.parametrize("shm", [1.0, 1.5])
def test_overhead_that_does_not_shrink(make, shm):
    """Equal overheads do not shrink (strict comparison)."""
    text = narrative.overheads(make(t0_no_shm_ms=1.0, t0_shm_ms=shm))
    assert text.endswith(" The overhead does not shrink with shared memory here, against the paper's explanation "
                         "(Section 5).")


def test_overhead_undefined_with_shared_memory(make):
    ch = make(t0_no_shm_ms=3.1)
    ch.undefined_metrics["t0_shm_ms"] = "the model is slower than the measurement"
    assert narrative.overheads(ch) == (
        "In frame times the model is slower than the measurement with shared memory: it leaves no fixed overhead "
        "to explain, so the paper's explanation of the gap by unmodelled overheads (Section 5) does "
        "not apply at these parameters (see the warning at the top of the page). Without shared memory the model "
        "leaves 3.10 ms per frame.")


def test_overhead_undefined_both_ways(make):
    ch = make()
    ch.undefined_metrics.update(t0_no_shm_ms="slower", t0_shm_ms="slower")
    text = narrative.overheads(ch)
    assert text.startswith("In frame times the model is slower than the measurement without shared memory and with "
                           "shared memory: ")
    assert text.endswith("(see the warning at the top of the page).")


# ----------------------------------------------------------------------------- every configuration
def _config_checks(ch, statuses):
    """Eq. 1 checks on the two-copy runs; ours chosen 5 % (reproduced) or 20 % (not) above paper 10."""
    for net in ("Ethernet", "Jetstream", "FDDI"):
        ours = 10.5 if statuses[net] == "reproduced" else 12.0
        c = ch.scorecard.compare(f"Eq. 1 on two-copy {net} (Z_NA = its raw two-copy maximum) vs measured", "x",
                                 paper=10.0, ours=ours, rel=0.1, evidence="prediction", reason="r")
        assert c.status == statuses[net]
        _as_table_check(ch, f"eq1-two-copy-{net.lower()}")


def test_every_configuration_in_words(make):
    ch = make(eq1_eth_mbps=8.456, eq1_eth_over_pct=5.4, eq1_jet2_mbps=40.0, eq1_jet2_over_pct=-12.6,
              eq1_fddi_mbps=60.0, eq1_fddi_over_pct=112.0, eq1_fddi_ratio=2.12, t0_jet2_ms=4.56)
    _config_checks(ch, {"Ethernet": "reproduced", "Jetstream": "not reproduced", "FDDI": "not reproduced"})
    assert narrative.every_configuration(ch) == (
        "Eq. 1 then gives: for Ethernet it predicts 8.46 Mbit/s, 5 % too high (within ±10 %); for two-copy "
        "Jetstream it predicts 40.00 Mbit/s, 13 % too low (outside ±10 %); for FDDI it predicts 60.00 Mbit/s, "
        "112 % too high (outside ±10 %). On two-copy Jetstream that leaves 4.6 ms per frame unmodelled. It fails "
        "for FDDI, by a factor of 2.12. The paper does not discuss this. Whatever slowed the FDDI runs (the EISA "
        "FDDI adapter, or contention on its bus, are guesses) is not in the stage throughputs, and we do not tune "
        "anything to hide it.")


def test_every_configuration_without_the_fddi_failure_or_jetstream_overhead(make):
    """A ratio of exactly 1.5 is not a failure (strictly above 1.5 is); no t0_jet2_ms, no Jetstream sentence."""
    ch = make(eq1_eth_mbps=9.0, eq1_eth_over_pct=1.0, eq1_jet2_mbps=40.0, eq1_jet2_over_pct=2.0,
              eq1_fddi_mbps=60.0, eq1_fddi_over_pct=3.0, eq1_fddi_ratio=1.5)
    _config_checks(ch, {"Ethernet": "reproduced", "Jetstream": "reproduced", "FDDI": "reproduced"})
    text = narrative.every_configuration(ch)
    assert text.endswith("for FDDI it predicts 60.00 Mbit/s, 3 % too high (within ±10 %).")
    assert "unmodelled" not in text and "It fails" not in text


def test_every_configuration_needs_its_checks(make):
    ch = make(eq1_eth_mbps=9.0, eq1_eth_over_pct=1.0)
    with pytest.raises(ValueError, match="no check 'eq1-two-copy-ethernet' on the scorecard"):
        narrative.every_configuration(ch)


# ----------------------------------------------------------------------------- figure 6
def _fig6(make, margin, holds):
    ch = make(fig6_two_shm=107.0, fig6_one_noshm=100.0, fig6_margin=margin, fig6_margin_pct=margin,
              model_error_pct=8.0)
    ch.scorecard.claim("Below 48 KB, two-copy + SHM beats single-copy without SHM", "x", paper="p", ours="o",
                       holds=holds, evidence="prediction")
    _as_table_check(ch, "figure6-order")
    return narrative.figure6(ch)


def test_figure6_decided_and_inconclusive(make):
    assert _fig6(make, 7.0, True) == (
        "Using the derived single-copy rate at the small buffer, the model gives 107.0 Mbit/s for two-copy with "
        "shared memory and 100.0 Mbit/s for single-copy without it: the paper's ordering, by 7.0 Mbit/s (7 %). "
        "That margin is outside the model's largest error on the other configurations (8 %), so the check is "
        "decided: reproduced.")
    assert _fig6(make, -3.0, None).endswith(
        "the opposite of the paper's ordering, by 3.0 Mbit/s (3 %). That margin is inside the model's largest "
        "error on the other configurations (8 %), so the check is inconclusive.")
    assert _fig6(make, -12.0, False).endswith("so the check is decided: not reproduced.")
    assert "the opposite of the paper's ordering" in _fig6(make, 0.0, None)  # no margin is not the paper's ordering


# ----------------------------------------------------------------------------- regression
def _reg(**changes):
    m = {"reg_b1": 1.02, "reg_b1_ci": 0.05, "reg_b0_ms": 9.123, "reg_b0_ci_ms": 3.0, "xf_frame_ms": 9.18,
         "reg_z_xf_implied": 231.4, "reg_b2_ms": 8.76, "reg_b2_ci_ms": 2.04, "reg_z_ax_implied": 241.0,
         "reg_all_b2_ms": 12.34, "reg_loo_max_err_pct": 6.4, "reg_loo_undetermined": 1.0}
    m.update(changes)
    return m


def test_regression_sentence_with_every_part(make):
    assert narrative.regression(make(**_reg())) == (
        "Without FDDI, β1 = 1.020 ± 0.050 (95 % interval): the serial-sum value of one is inside it. The intercept, "
        "9.12 ± 3.00 ms, is to be compared with the 9.18 ms a frame takes at this run's Z_XF; as a rate it is "
        "231 Mbit/s. The no-SHM step, 8.8 ± 2.0 ms, implies 241 Mbit/s for the IPC copy including its overheads. "
        "With all points (FDDI included) β2 becomes 12.3 ms. The intervals are wide because a fit of three "
        "coefficients to four points has one residual degree of freedom; the regression checks in the scorecard "
        "say so by being inconclusive where the interval straddles the band. Left out one at a time, each point "
        "that can be left out is predicted to within 6 % of its frame time. One point cannot be left out at all: "
        "the shared-memory configuration is the only one that fixes β2, and without it the fit is not determined.")


def test_regression_one_is_inside_up_to_the_interval_edge(make):
    """|b1 - 1| <= ci: 1.25 with 0.25 is inside (all exact in binary), 1.25 with 0.125 outside."""
    assert "the serial-sum value of one is inside it" in narrative.regression(make(**_reg(reg_b1=1.25, reg_b1_ci=0.25)))
    assert "the serial-sum value of one is outside it" in narrative.regression(
        make(**_reg(reg_b1=1.25, reg_b1_ci=0.125)))
    assert "is inside it" in narrative.regression(make(**_reg(reg_b1=0.75, reg_b1_ci=0.25)))


def test_regression_without_implied_rates_and_with_several_undetermined_points(make):
    m = _reg(reg_loo_undetermined=2.0)
    for k in ("reg_z_xf_implied", "reg_z_ax_implied", "reg_loo_max_err_pct"):
        del m[k]
    ch = make(**m)
    ch.undefined_metrics["reg_z_xf_implied"] = "the intercept is negative"
    text = narrative.regression(ch)
    assert "at this run's Z_XF; it implies no rate (the intercept is negative)." in text
    assert "The no-SHM step" not in text and "Left out one at a time" not in text
    assert text.endswith(" 2 points cannot be left out at all: the shared-memory configuration is the only one "
                         "that fixes β2, and without it the fit is not determined.")
    assert "cannot be left out" not in narrative.regression(make(**_reg(reg_loo_undetermined=0.0)))


# ----------------------------------------------------------------------------- simulation and variability
def _sim(**changes):
    m = {"ciw_serial_eq1_mbps": EQ1, "eq1_mbps": EQ1, "ciw_serial_eq2_mbps": EQ2, "eq2_mbps": EQ2,
         "ciw_pipelined_det_mbps": 200.0, "pipelined_analytic_mbps": 200.0, "pipelined_analytic_fps": 94.7,
         "serial_selected_analytic_mbps": 80.0}
    m.update(changes)
    return m


def test_simulation_agrees_and_speed_up(make):
    """Speed-up 200 / 80 = 2.5."""
    assert narrative.simulation(make(**_sim())) == (
        "With deterministic stages the serial Ciw model gives 73.995 Mbit/s for the Eq. 1 path (Eq. 1: 73.995) and "
        "106.977 Mbit/s for the Eq. 2 path (Eq. 2: 106.977); they agree up to floating-point rounding. The "
        "pipelined what-if gives 200.00 Mbit/s against min Z = 200 Mbit/s (95 frames/s). This hypothetical "
        "switched host would move the slowest stage's full rate instead of the serial sum, 2.50 times as much.")


def test_simulation_differs_beyond_a_relative_1e_minus_6(make):
    """Relative difference 2e-6 differs; 5e-7 agrees."""
    assert "they differ beyond rounding." in narrative.simulation(make(**_sim(ciw_serial_eq2_mbps=EQ2 * (1 + 2e-6))))
    assert "they agree up to" in narrative.simulation(make(**_sim(ciw_serial_eq1_mbps=EQ1 * (1 - 5e-7))))


def _var(**changes):
    m = {"service_cv_used": 0.3, "ciw_serial_mbps": 74.04, "ciw_serial_ci_mbps": 0.25, "ciw_pipelined_mbps": 190.0,
         "ciw_pipelined_ci_mbps": 1.5, "pipelined_speedup": 2.5678, "pipelined_cv1_mbps": 150.0,
         "pipelined_cv1_ci_mbps": 4.0, "pipelined_cv1_loss_pct": 25.0, "pipelined_analytic_mbps": 200.0}
    m.update(changes)
    return m


def test_variability_with_a_loss_to_blocking(make):
    """Half-width 4 of 200 Mbit/s = 2 %; a 25 % loss exceeds it."""
    assert narrative.variability(make(**_var())) == (
        "With this run's service_cv = 0.3, the serial path gives 74.0 ± 0.2 Mbit/s and the pipelined path "
        "190.0 ± 1.5 Mbit/s, a speed-up of 2.57. At a coefficient of variation of one (exponential stages) the "
        "pipeline delivers 150 ± 4 Mbit/s, 25 % below min Z: the pipeline loses throughput to blocking, because a "
        "stage that finishes early has to wait for its successor and one that finishes late starves it.")


@pytest.mark.parametrize("loss", [2.0, 1.0])
def test_variability_loss_within_the_interval_is_no_loss(make, loss):
    """Loss 2 % equal to the 2 % half-width (4 / 200) is not distinguishable (strict), nor is 1 %."""
    assert narrative.variability(make(**_var(pipelined_cv1_loss_pct=loss))).endswith(
        "Mbit/s, not distinguishable from min Z at this run length and number of replications, so this run shows "
        "no loss to blocking.")


# ----------------------------------------------------------------------------- CPU model and Table 2
def _cpu(**changes):
    m = {"ps_video_graphics_graphics_fps": 20.04, "ps_video_graphics_shared_m_graphics_fps": 24.96,
         "ps_video_graphics_video_dropped_pct": 50.0, "ps_video_graphics_shared_m_video_dropped_pct": 50.0}
    m.update(changes)
    return m


def test_cpu_model_meets_targets_improves_graphics_but_not_video(make):
    ch = make(**_cpu())
    ch.scorecard.compare("PS calibration", "x", paper=1.0, ours=1.0, tol=0.1, evidence="target", reason="r")
    assert narrative.cpu_model(ch) == (
        "It meets all its calibration targets. Run together, the model drops 50 % of the video frames against the "
        "paper's 39 % and the visualisation falls to 20.0 frames/s against 26 (Table 2). With "
        "shared memory the model's visualisation improves, to 25.0 frames/s (paper: 35); its video drops 50 % of "
        "the frames (paper: 10 %), no improvement. Under egalitarian sharing a greedy competitor takes half the CPU "
        "whatever its per-frame cost, so the paper's improvement must come from something this model lacks, such "
        "as the kernel (system-mode) work that shared memory removes and that the video player cannot share "
        "fairly. The visualisation's direction is the calibration's, not a test: with video frames always on the "
        "CPU, the visualisation's cycle is its CPU time stretched by the sharing plus its off-CPU time, both fitted to "
        "its single-application columns, where shared memory is already faster (the scorecard shows it as "
        "construction).")


def test_cpu_model_missing_targets_and_an_improvement(make):
    """Two targets: one met, one missed -> 'misses 1 of its 2'; an inconclusive target counts as missed too."""
    ch = make(**_cpu(ps_video_graphics_shared_m_graphics_fps=20.04, ps_video_graphics_shared_m_video_dropped_pct=10.0))
    ch.scorecard.compare("PS met", "x", paper=1.0, ours=1.0, tol=0.1, evidence="target", reason="r")
    ch.scorecard.compare("PS missed", "x", paper=1.0, ours=2.0, tol=0.1, evidence="target", reason="r")
    text = narrative.cpu_model(ch)
    assert text.startswith("It misses 1 of its 2 calibration targets at these parameters (PS missed), so its other "
                           "results mean little here. ")
    assert "the model's visualisation does not improve, to 20.0 frames/s" in text  # equal is no improvement
    assert text.endswith("its video drops 10 % of the frames (paper: 10 %), an improvement.")
    ch.scorecard.compare("PS undecided", "x", paper=1.0, ours=1.1, tol=0.1, evidence="target", reason="r",
                         basis="simulated", ci_half_width=0.05)
    assert narrative.cpu_model(ch).startswith("It misses 2 of its 3 calibration targets at these parameters "
                                              "(PS missed; PS undecided)")


def test_table2_demand(make):
    ch = make(t2_video_cpu_ms_per_frame=12.34, t2_graphics_cpu_ms_per_frame=20.0, t2_graphics_shm_cpu_ms_per_frame=15.55,
              t2_additive_demand_pct_no_shm=123.4, t2_additive_demand_pct_shm=98.6, t2_measured_busy_pct_no_shm=99.5,
              t2_measured_busy_pct_shm=100.0)
    assert narrative.table2_demand(ch) == (
        "Suppose each single-application column measured that application's CPU demand. Video would cost 12.3 ms "
        "of CPU per frame, the visualisation 20.0 ms without shared memory and 15.6 ms with it. The frames the "
        "combined runs actually delivered would then need 123 % and 99 % of one CPU, while the measured CPU was "
        "busy 100 % and 100 % of the time. The single-application percentages are therefore not demands.")


# ----------------------------------------------------------------------------- mismatches, exercises, summary
def test_mismatches_with_explanations_and_undecided(make):
    ch = make(eq1_fddi_ratio=2.1234, gap_eq1_mbps=-3.456)
    sc = ch.scorecard
    sc.compare("Eq. 1 on two-copy FDDI (Z_NA = its raw two-copy maximum) vs measured", "x", paper=10.0, ours=21.0,
               rel=0.1, evidence="prediction", reason="r")
    sc.compare("Eq. 1 on two-copy Jetstream (Z_NA = its raw two-copy maximum) vs measured", "x", paper=46.2,
               ours=51.0, rel=0.1, evidence="prediction", reason="r")
    sc.claim("Something new", "x", paper="p", ours="o", holds=False, evidence="prediction")
    sc.claim("Undecided one", "x", paper="p", ours="o", holds=None, evidence="prediction")
    sc.claim("An arithmetic failure is no prediction", "x", paper="p", ours="o", holds=False, evidence="arithmetic")
    assert narrative.mismatches(ch) == (
        "Three predictions are not reproduced: Eq. 1 on two-copy FDDI (Z_NA = its raw two-copy maximum) vs measured "
        "(FDDI is over-predicted 2.12-fold: something outside the stage throughputs (the EISA adapter or its bus, a "
        "guess) slowed those runs); Eq. 1 on two-copy Jetstream (Z_NA = its raw two-copy maximum) vs measured (the "
        "two-copy Jetstream run carries more unmodelled time per frame than the paper's own configuration); "
        "Something new (no explanation is prepared: the case arises only at these parameters, away from the paper "
        "setting). One prediction is inconclusive, because the interval straddles the tolerance band or the margin "
        "is inside the model error: Undecided one.")


def test_applicability_names_the_changed_parameters_and_the_audit(make, tmp_path):
    """Two predictions off the paper's setting (z_xf_mbps changed) and one audited: the sentence counts them."""
    from mmperf import checktable

    ch = make()
    table_file = tmp_path / "checks.yml"
    table_file.write_text(
        "study: zeadally\nchecks:\n" + "".join(
            f"  - {{id: c{i}, claim: 'Claim {i}', paper: 1, location: Table 1, source: 'line 1', kind: prediction,"
            f" compute: one, tolerance: {{abs: 0.5}}, reason: r, conditions: {{z_xf_mbps: {cond}}}}}\n"
            for i, cond in enumerate((230, 230, 999))))
    table = checktable.load(table_file, types.SimpleNamespace(one=lambda run: checktable.Ours(1.0)))
    audit = {"c0": checktable.AuditResult("c0", "prediction", "✓ fine", True, "fine"),
             "c1": checktable.AuditResult("c1", "prediction", "✗ construction", False, "construction")}
    ch.score_table(table, checktable.RunRecord({"z_xf_mbps": 999.0}, {}), audit)
    assert narrative.applicability(ch) == (
        "Two predictions are not applicable at these parameters, because this run changes z_xf_mbps from the "
        "paper's setting; they are listed below and not counted. The independence audit finds 1 of the 3 "
        "predictions independent of the paper value they are compared with and moved by the model's inputs; it "
        "questions Claim 1.")
    assert narrative.applicability(make()) == ""


def test_mismatches_when_everything_is_reproduced(make):
    ch = make()
    ch.scorecard.claim("Fine", "x", paper="p", ours="o", holds=True, evidence="prediction")
    assert narrative.mismatches(ch) == "Every prediction with a verdict is reproduced."
    for i in range(2):
        ch.scorecard.claim(f"Open {i}", "x", paper="p", ours="o", holds=None, evidence="prediction")
    assert narrative.mismatches(ch) == (
        "Every prediction with a verdict is reproduced. Two predictions are inconclusive, because the interval "
        "straddles the tolerance band or the margin is inside the model error: Open 0; Open 1.")


@pytest.mark.parametrize("n, words", [(1, "One prediction is"), (2, "Two predictions are"),
                                      (9, "Nine predictions are"), (10, "10 predictions are")])
def test_counting_words(make, n, words):
    ch = make()
    for i in range(n):
        ch.scorecard.claim(f"Claim {i}", "x", paper="p", ours="o", holds=False, evidence="prediction")
    assert narrative.mismatches(ch).startswith(f"{words} not reproduced: Claim 0 (no explanation is prepared")


def test_summary_counts_predictions_only(make):
    ch = make()
    ch.scorecard.claim("a", "x", paper="p", ours="o", holds=True, evidence="prediction")
    ch.scorecard.claim("b", "x", paper="p", ours="o", holds=False, evidence="prediction")
    ch.scorecard.claim("c", "x", paper="p", ours="o", holds=True, evidence="arithmetic")
    out = narrative.summary(ch)
    assert (out["reproduced"], out["checked"]) == (1, 2)
    assert out["sentence"] == ch.scorecard_summary()
    assert out["sentence"].startswith("The model reproduces 1 of 2 predictions")


def test_sentences_carry_no_markup(make):
    """Plain text for {glue:text}: no quotes around the whole, no backticks or markdown emphasis."""
    texts = [narrative.equations(make(**_eq_metrics()), P), narrative.overheads(make(t0_no_shm_ms=2.0, t0_shm_ms=1.0)),
             narrative.simulation(make(**_sim())), narrative.variability(make(**_var()))]
    for t in texts:
        assert "`" not in t and "**" not in t and not t.startswith(("'", '"'))


# ----------------------------------------------------------------------------- raw shares and the headline
@pytest.mark.parametrize("holds, text", [
    (True, "A faster wire helps less and less: each faster network delivers a smaller share of its data rate."),
    (False, "With these numbers a faster wire does not always deliver a smaller share of its data rate."),
])
def test_raw_shares_are_judged_from_their_check(make, holds, text):
    """The sentence follows the raw-share-falls check's verdict, and results.json keeps both judgements."""
    ch = make()
    ch.scorecard.claim("Raw two-copy TCP stays below each network's data rate", "x", paper="p", ours="o",
                       holds=holds, evidence="arithmetic")
    _as_table_check(ch, "raw-share-falls")
    assert narrative.raw_shares(ch) == text
    assert [j["holds"] for j in ch.judgements] == [holds, not holds]


def test_the_headline_counts_applicable_predictions(make):
    """Two predictions reproduced (1 within 1 +- 0.1), one not (2 outside it): 2 of 3."""
    ch = make()
    for ours in (1.0, 1.05, 2.0):
        ch.scorecard.compare("p", "x", paper=1.0, ours=ours, tol=0.1, evidence="prediction", reason="r")
    assert narrative.headline(ch) == "Headline: 2 of 3 applicable predictions reproduced."
