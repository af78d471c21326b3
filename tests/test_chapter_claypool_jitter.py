"""The claypool-jitter chapter executes through `mmbook run` with changed parameters."""

import json

import pytest

from mmperf.cli import main

# Small runs (short traces, two replications, three years) keep the pair of executions quick.
SMALL = {"run_seconds": "20", "replications": "2", "years": "3", "max_load": "3"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("claypool-jitter")
    results = {}
    for name, extra in (("base", {}), ("loaded", {"processor_load": "3", "gap_limit_pct": "3"})):
        args = ["run", "claypool-jitter", "--output", str(out / name)]
        for k, v in {**SMALL, **extra}.items():
            args += ["-p", k, v]
        assert main(args) == 0
        results[name] = json.loads((out / name / "results.json").read_text())
    return results


@pytest.mark.slow
def test_changed_parameters_move_the_results_the_expected_way(runs):
    b, c = runs["base"]["metrics"], runs["loaded"]["metrics"]
    assert runs["loaded"]["parameters"]["processor_load"] == 3.0
    # More receiver load: more frames late at 100 ms and a longer buffer before no frame is dropped.
    assert c["ours_drop_pct_at_100ms"] > b["ours_drop_pct_at_100ms"]
    assert c["ours_zero_drop_buffer_ms"] > b["ours_zero_drop_buffer_ms"]
    # Real-time priority stays below the threshold today whatever the load (preemption).
    assert c["ours_first_year_realtime"] == 0
    # Default priority needs at least as many years of hardware growth at the higher load.
    assert c["ours_first_year_default"] >= b["ours_first_year_default"]
    # Transcribed-data arithmetic does not depend on the simulation.
    assert c["printed_chain_slope"] == b["printed_chain_slope"] == pytest.approx(0.005247)
    assert b["table54_r_bandwidth"] == pytest.approx(0.989, abs=0.001)


@pytest.mark.slow
def test_every_check_and_coverage_item_is_recorded(runs, tmp_path):
    checks = runs["base"]["checks"]
    assert len(checks) >= 40
    for h in ("H1", "H2", "H3", "H4", "H5", "H6", "H21", "H22", "H23", "H27"):
        assert any(c["what"].startswith(h) for c in checks), h
    assert all(c["status"] in ("reproduced", "not reproduced") for c in checks)   # nothing calibrated


def test_bad_parameters_are_refused_with_the_promised_message(tmp_path, capsys):
    assert main(["run", "claypool-jitter", "-p", "processor_load", "-2", "--output", str(tmp_path / "a")]) == 2
    assert "processor_load" in capsys.readouterr().err
    assert main(["run", "claypool-jitter", "-p", "annual_growth", "4", "--output", str(tmp_path / "b")]) == 2
    assert "annual_growth**years" in capsys.readouterr().err
    assert main(["run", "claypool-jitter", "-p", "priority", "urgent", "--output", str(tmp_path / "c")]) == 2
    assert "priority" in capsys.readouterr().err
    assert not any((tmp_path / d).exists() for d in "abc")
