"""The claypool-jitter chapter executes through `mmbook run` with defaults-like and changed parameters."""

import json

import pytest

from mmbook.cli import main

# Short traces, two replications, three loads and two years keep the executions quick.
SMALL = {"run_length_s": "30", "replications": "2", "years": "2", "max_load": "3", "sensitivity_replications": "1"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("claypool-jitter")
    results = {}
    for name, extra in (("base", {}), ("loaded", {"processor_load": "3", "gap_limit_pct": "3"}),
                        ("ciw", {"generator": "ciw", "run_length_s": "15", "sensitivity_replications": "0"})):
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
    assert runs["loaded"]["defaults_differ"]["processor_load"] == {"default": 1.0, "value": 3.0}
    # Three counters instead of one: every default-priority frame waits two more slices.
    assert c["ours_drop_pct_at_100ms"] > b["ours_drop_pct_at_100ms"]
    # Transcribed-data arithmetic does not depend on the simulation.
    assert c["printed_chain_slope"] == b["printed_chain_slope"] == pytest.approx(0.005247)
    assert b["table54_r_bandwidth"] == pytest.approx(0.989, abs=0.001)


@pytest.mark.slow
def test_every_check_has_a_kind_and_both_generators_score(runs):
    for name in ("base", "ciw"):
        checks = runs[name]["checks"]
        assert len(checks) >= 40
        for h in ("H1", "H2", "H3", "H4", "H5", "H6", "H21", "H22", "H23", "H27"):
            assert any(c["what"].startswith(h) for c in checks), h
        assert all(c["evidence"] for c in checks)
        assert not any(c["evidence"] == "target" for c in checks)        # nothing calibrated
        head = runs[name]["headline"]
        assert 0 <= head["reproduced"] <= head["checked"]
        assert runs[name]["metrics"]["predictions_checked"] == head["checked"]


def test_bad_parameters_are_refused_with_the_promised_message(tmp_path, capsys):
    assert main(["run", "claypool-jitter", "-p", "processor_load", "-2", "--output", str(tmp_path / "a")]) == 2
    assert "processor_load" in capsys.readouterr().err
    assert main(["run", "claypool-jitter", "-p", "annual_growth", "4", "--output", str(tmp_path / "b")]) == 2
    assert "annual_growth**years" in capsys.readouterr().err
    assert main(["run", "claypool-jitter", "-p", "generator", "magic", "--output", str(tmp_path / "c")]) == 2
    assert "generator" in capsys.readouterr().err
    assert main(["run", "claypool-jitter", "-p", "default_wakeup", "fifo", "--output", str(tmp_path / "d")]) == 2
    assert "default_wakeup" in capsys.readouterr().err
    assert not any((tmp_path / d).exists() for d in "abcd")
