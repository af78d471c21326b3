"""The claypool-load chapter executes through `mmbook run` with default and changed parameters."""

import json

import pytest
from conftest import default_run

from mmbook.cli import main

pytestmark = pytest.mark.slow

CHANGED = {"cpu_speedup": "4", "multicast": "true", "participants": "12", "vc_fps": "10", "dsp_silence": "user",
           "counter_replications": "3", "counter_run_s": "20"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("claypool-load")
    default = default_run("claypool-load", out)  # the book's build at the defaults when it is current
    args = ["run", "claypool-load", "--output", str(out / "changed")]
    for name, value in CHANGED.items():
        args += ["-p", name, value]
    assert main(args) == 0
    return {k: json.loads((folder / "results.json").read_text())
            for k, folder in (("default", default), ("changed", out / "changed"))}


def test_default_run_states_the_thesis_values(runs):
    d = runs["default"]
    m = d["metrics"]
    assert m["table5_3_within10_count"] == 4 and m["table5_3_rows"] == 7
    assert m["mix_share_n8_pct"] == pytest.approx(66.68, abs=0.01)
    # (6500 - 1228.217104) / 7.18039 + 1, the N-1 others counted (tests/models/test_claypool_load_analytic.py)
    assert m["vc_indigo2_soldier_limit"] == pytest.approx(735.19, abs=0.01)
    assert "vc_pi_soldier_limit" in d["undefined"]
    assert all(c["evidence"] and c["reason"] for c in d["checks"])
    predictions = [c for c in d["checks"] if c["evidence"] == "prediction"]
    assert d["headline"]["checked"] == len(predictions)


def test_changed_parameters_move_the_results_the_expected_way(runs):
    d, c = runs["default"]["metrics"], runs["changed"]["metrics"]
    assert set(runs["changed"]["defaults_differ"]) == set(CHANGED)
    # a 4x processor, multicast and DSP deletion all lower the what-if load with deletion, even at 12 people
    assert c["whatif_load_sd_pct"] < d["whatif_load_sd_pct"]
    # more frames per second leave room for fewer soldiers
    assert c["vc_indigo2_soldier_limit"] < d["vc_indigo2_soldier_limit"]
    # the thesis's statements are scored at the thesis's settings, not the what-if ones
    assert c["mix_share_n8_pct"] == d["mix_share_n8_pct"]
    checks = {k["id"]: k for k in runs["changed"]["checks"]}
    assert checks["indigo2-1000"]["status"] == "not applicable"
    assert "vc_fps = 10 (the paper: 4)" in checks["indigo2-1000"]["note"]
    assert runs["changed"]["predictions"]["applicable"] < runs["default"]["predictions"]["applicable"]


def test_every_prediction_passes_the_audit(runs):
    predictions = [c for c in runs["default"]["checks"] if c["evidence"] == "prediction"]
    assert predictions and all(c["audit"].startswith("✓") for c in predictions)


def test_bad_parameters_are_refused(tmp_path, capsys):
    assert main(["run", "claypool-load", "-p", "dsp_silence", "off", "--output", str(tmp_path / "a")]) == 2
    assert "dsp_silence" in capsys.readouterr().err
    assert not (tmp_path / "a").exists()
