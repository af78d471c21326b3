"""The functions behind the operational laws chapter's checks table (``checks.yml`` beside this module).

Zeadally's Eq. 1 and Eq. 2 are the service demand law on a serial path (one frame in flight): recomputing the
paper's 74 and 107 Mbit/s is ``arithmetic``; comparing them with the throughputs the paper measured on the
whole path is a ``prediction`` (the stage rates were measured one stage at a time). Exact MVA at one frame in
flight equals Eq. 1, and the simulated M/M/1 queue's mean wait equals ``rho / (1 - rho)``, by construction.
"""

from __future__ import annotations

from typing import Any

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)



def metric(run: RunRecord, name: str) -> Ours:
    """A metric of the run, as it is."""
    return Ours(run.metrics[name])


def equals(run: RunRecord, name: str, reference: str) -> Ours:
    """A metric with the closed form it equals by construction as the reference."""
    return Ours(run.metrics[name], reference=run.metrics[reference])


def simulated_wait(run: RunRecord) -> Ours:
    """The replicated mean wait (warm-up deleted), its interval, and the M/M/1 theory as the reference."""
    mean, half = run.metrics["sim_wait_mean"], run.metrics["sim_wait_half"]
    return Ours(mean, low=mean - half, high=mean + half, basis="simulated", n=int(run.parameters["replications"]),
                reference=run.metrics["theory_wait"])


def chapter_record(ch, result: dict[str, Any]) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics), {"result": result})


def load_inputs() -> tuple[dict[str, float], dict[str, Any]]:
    """Zeadally's values and the two tables the chapter reads (Zeadally's Table 2, Claypool's Table 5.3)."""
    from mmperf.data import load_table, load_values

    paper = {k: float(v) for k, v in load_values("zeadally", "parameters").items()}
    tables = {"table2": load_table("zeadally", "table2"), "table5_3": load_table("claypool", "load_table5_3")}
    return paper, tables


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it."""
    from mmstudies.foundations_laws import experiments, record

    paper, tables = load_inputs()
    result = experiments.compute(parameters, paper, tables)
    rec = checktable.Recorder()
    record.metrics(rec, result, paper)
    return RunRecord(dict(parameters), dict(rec.metrics), dict(rec.undefined_metrics), {"result": result})


