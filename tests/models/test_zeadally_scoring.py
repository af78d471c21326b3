"""The Zeadally scorecard and composed prose, built without Ciw from the analytic results.

The simulation results the scorecard reads are set to the analytic values with zero-width intervals
(what deterministic stages give, see test_zeadally_model.py); the processor-sharing results are a
short run of the model.
"""

import pytest

from mmbook.chapter import Chapter
from mmperf.checks import EVIDENCE
from mmperf.data import load_table, load_values
from mmstudies.zeadally import analytic as a
from mmstudies.zeadally import costfit, model, narrative, record, scoring


@pytest.fixture(scope="module")
def ps():
    return model.cpu_sharing_scenarios(1000 / 30, run_s=6.0).set_index("configuration")


def _chapter(tmp_path, ps, **overrides):
    ch = Chapter("zeadally", overrides, output_dir=tmp_path)
    p = ch.parameters
    P = {k: float(v) for k, v in load_values("zeadally", "parameters").items()}
    tables = {n: load_table("zeadally", n) for n in ("table1", "table2", "figure7", "networks")}
    tables["points"] = load_table("zeadally", "figure_points")
    exact = record.setting(ch, P, load_values("zeadally", "testbed"), tables["networks"], tables["points"])
    record.table1(ch, tables["table1"], p["frame_bits"])
    mvm = record.equations(ch, p, P, exact["exact_bits"])
    record.figure6(ch, p, tables["networks"], tables["points"])
    record.staircase(ch, tables["table1"])
    reg = costfit.frame_cost_summary(a.regression_points(mvm, p["frame_bits"]))
    record.regression(ch, reg, p["frame_bits"], p["z_xf_mbps"])
    r1 = list(a.stage_rates(p["z_na_mbps"], p["z_ax_mbps"], p["z_xf_mbps"]).values())
    r2 = list(a.stage_rates(p["z_na_mbps"], p["z_ax_mbps"], p["z_xf_mbps"], use_shm=True).values())
    exact_sim = {"serial_eq1": a.serial_throughput(r1), "serial_eq2": a.serial_throughput(r2),
                 "pipelined_det": a.pipelined_throughput(r1), "serial": a.serial_throughput(r1),
                 "pipelined": a.pipelined_throughput(r1)}
    sims = {k: {"mean": v, "ci_half_width": 0.0, "n": 2} for k, v in exact_sim.items()}
    import pandas as pd

    sweep = pd.DataFrame([{"service_cv": 1.0, "mode": "pipelined", "mbps": 0.6 * exact_sim["pipelined"],
                           "ci_half_width": 1.0}])
    record.simulation(ch, p, sims, sweep, r1)
    record.table2(ch, tables["table2"], ps, P, 1000 / 30)
    record.exercises(ch, p)
    scoring.score(ch, P, tables, ps, reg, sims)
    return ch, P


def test_every_check_has_evidence_reason_and_interval(tmp_path, ps):
    ch, _ = _chapter(tmp_path, ps)
    for c in ch.scorecard.checks:
        assert c.evidence in EVIDENCE and c.reason.strip()
        if c.basis != "exact":
            assert c.ci_low is not None and c.ci_high is not None, c.what


def test_kinds_settle_the_review(tmp_path, ps):
    """Issue 10: arithmetic and transcription are not predictions; Ciw = Eq. 1 is construction; 56 % is not comparable."""
    ch, _ = _chapter(tmp_path, ps)
    by = {c.what: c for c in ch.scorecard.checks}
    assert by["33 frames/s as Mbit/s (single-copy, 256 KB)"].evidence == "arithmetic"
    assert by["Eq. 1 evaluated at the measured stage throughputs"].evidence == "arithmetic"
    assert by["Section 6 text restates Table 2"].evidence == "transcription"
    assert by["Ciw serial path = Eq. 1"].evidence == "construction"
    assert by["Single-copy raises raw throughput by almost 56 % at 32 KB"].status == "not comparable"
    b1 = by["Regression: network-stage weight β1 (the serial sum predicts 1)"]
    assert b1.basis == "fitted" and b1.status == "inconclusive"   # 1.051 +- 0.090 straddles [0.9, 1.1]
    fddi = by["Eq. 1 on two-copy FDDI (Z_NA = its raw two-copy maximum) vs measured"]
    assert (fddi.evidence, fddi.status) == ("prediction", "not reproduced")
    head = ch.scorecard.headline()
    assert 0 < head["reproduced"] < head["checked"]


def test_negative_overhead_is_warned_and_not_reported(tmp_path, ps):
    """Issue 9: with Z_NA = 150 and Z_XF = 300, Eq. 2 = 1/(1/150 + 1/300) = 100 < the measured 105 Mbit/s.

    Eq. 1 = 70.59 Mbit/s is no longer the paper's 74, so the prose must not say "the paper rounds this".
    """
    ch, P = _chapter(tmp_path, ps, z_na_mbps=150.0, z_xf_mbps=300.0)
    assert ch.metrics["eq2_mbps"] == pytest.approx(100.0)
    assert "t0_shm_ms" in ch.undefined_metrics and "t0_shm_ms" not in ch.metrics
    assert ch.metrics["t0_no_shm_ms"] > 0
    assert any("negative per-frame overhead" in w["what"] for w in ch.warnings)
    shrink = next(c for c in ch.scorecard.checks if c.what.startswith("Shared memory also shrinks"))
    assert shrink.status == "not applicable"
    eq_text = narrative.equations(ch, P)
    assert "rounds" not in eq_text and "below them" in eq_text
    assert "no fixed overhead" in narrative.overheads(ch) and "-" not in narrative.overheads(ch).split("ms")[0]
    failed = sum(c.status == "not reproduced" and c.evidence == "prediction" for c in ch.scorecard.checks)
    words = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}
    assert narrative.mismatches(ch).startswith(f"{words.get(failed, failed)} prediction")


def test_default_prose_states_the_paper_rounding(tmp_path, ps):
    ch, P = _chapter(tmp_path, ps)
    assert "rounds the results to 74 and 107" in narrative.equations(ch, P)
    assert "shrinks with shared memory" in narrative.overheads(ch)
    for text in (narrative.every_configuration(ch), narrative.figure6(ch), narrative.regression(ch),
                 narrative.simulation(ch), narrative.variability(ch), narrative.cpu_model(ch),
                 narrative.mismatches(ch)):
        assert "\n" not in text and '"' not in text   # plain text, glued with glue:text
