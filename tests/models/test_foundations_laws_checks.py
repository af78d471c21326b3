"""The operational laws chapter's check functions (mmstudies.foundations_laws.checks) on records made by hand.

The chapter's verdicts at its defaults are in test_foundations_laws_headline.py (a whole chapter run); these are
the small exact cases that `make mutation` tests the module with (a run of ``run_record`` at 400 customers and 3
replications, about a second).
"""

import pytest

from mmbook.params import load_chapter
from mmperf import checktable
from mmperf.checktable import Ours, RunRecord
from mmperf.data import load_table
from mmstudies.foundations_laws import checks

# -- added from the mutation run (2026-11-26, fourth session) ------------------------------------------------------

RUN = RunRecord({"replications": 3.0}, {"x": 2.5, "theory": 3.0, "sim_wait_mean": 4.0, "sim_wait_half": 0.5,
                                        "theory_wait": 5.0})


def test_metric_is_the_runs_value_as_it_is():
    assert checks.metric(RUN, "x") == Ours(2.5)
    assert checks.metric(RUN, "theory") == Ours(3.0)


def test_equals_has_the_closed_form_as_its_reference():
    assert checks.equals(RUN, "x", "theory") == Ours(2.5, reference=3.0)


def test_simulated_wait_by_hand():
    """4 +- 0.5 over 3 replications (an int, from the parameters' 3.0), against the theory's 5."""
    ours = checks.simulated_wait(RUN)
    assert ours == Ours(4.0, low=3.5, high=4.5, basis="simulated", n=3, reference=5.0)
    assert type(ours.n) is int


class _Chapter:
    parameters = {"rho": 0.8}
    metrics = {"x": 1.0}
    undefined_metrics = {"y": "no value"}


def test_chapter_record_copies_the_notebooks_parameters_metrics_and_undefined():
    ch = _Chapter()
    run = checks.chapter_record(ch, {"a": 1})
    assert run == RunRecord({"rho": 0.8}, {"x": 1.0}, {"y": "no value"}, {"result": {"a": 1}})
    assert run.parameters is not ch.parameters and run.metrics is not ch.metrics
    assert run.undefined is not ch.undefined_metrics


def test_load_inputs_reads_zeadallys_values_and_the_two_tables():
    paper, tables = checks.load_inputs()
    assert paper["z_na_single_copy_256kb"] == 200.0 and paper["z_ax"] == 240.0 and paper["z_xf"] == 230.0
    assert paper["fps_single_copy_256kb"] == 33.0 and paper["mbps_single_copy_256kb"] == 69.3
    assert all(type(v) is float for v in paper.values())
    assert sorted(tables) == ["table2", "table5_3"]
    assert tables["table2"].equals(load_table("zeadally", "table2"))
    assert tables["table5_3"].equals(load_table("claypool", "load_table5_3"))


def test_run_record_recomputes_the_chapters_metrics_without_the_notebook():
    """Eq. 1 = 1/(1/200 + 1/240 + 1/230) = 73.9946 Mbit/s, Eq. 2 = 1/(1/200 + 1/230) = 106.977; the measured
    33 frames/s and 69.3 Mbit/s are the paper's; theory wait at rho 0.8: 0.8/0.2 = 4; 10 % of 400 customers
    are warm-up."""
    p = {**load_chapter("laws").defaults(), "customers": 400, "replications": 3}
    run = checks.run_record(p)
    assert run.parameters == p and run.parameters is not p
    m = run.metrics
    assert m["serial_eq1_mbps"] == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 230))
    assert m["serial_eq2_mbps"] == pytest.approx(1 / (1 / 200 + 1 / 230))
    assert (m["measured_fps"], m["measured_mbps"]) == (33.0, 69.3)
    assert m["theory_wait"] == pytest.approx(4.0) and m["warmup_customers"] == 40.0
    assert run.undefined == {}
    assert list(run.extra) == ["result"] and run["result"]["eq1_mbps"] == m["serial_eq1_mbps"]
    assert run["result"]["measurement"]["cut"] == 40
    statuses = {c.id: c.status for c in checktable.evaluate(checks.table(), run)}
    assert statuses["eq1-demand-law"] == "reproduced" and statuses["eq2-demand-law"] == "reproduced"
