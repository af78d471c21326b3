"""Executes the sharp chapter with changed parameters through `mmbook run` (slow)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, *params: str) -> dict:
    args = [sys.executable, "-m", "mmperf.cli", "run", "sharp", "--output", str(tmp_path)]
    for i in range(0, len(params), 2):
        args += ["-p", params[i], params[i + 1]]
    subprocess.run(args, check=True, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return json.loads((tmp_path / "results.json").read_text())


@pytest.mark.slow
def test_heavier_background_load_raises_delay_and_loss(tmp_path):
    common = ("replications", "4", "long_run_frames", "20000")
    base = _run(tmp_path / "base", *common)["metrics"]
    loaded = _run(tmp_path / "loaded", *common, "background_load", "0.3")["metrics"]
    assert loaded["e2e_mean_ms"] > base["e2e_mean_ms"] + 5
    assert loaded["sink_utilisation"] > base["sink_utilisation"]
    assert loaded["loss_ciw"] > base["loss_ciw"]
    assert loaded["loss_ciw"] > 1e-3


def test_bad_parameter_is_refused_before_running(tmp_path):
    args = [sys.executable, "-m", "mmperf.cli", "run", "sharp", "--output", str(tmp_path), "-p", "p_spike", "0.03"]
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    assert "p_spike" in out.stdout + out.stderr
