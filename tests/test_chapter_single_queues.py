"""Executes the single-queues chapter with changed parameters through `mmbook run` (slow)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMALL = ("replications", "2", "sim_time", "300", "long_customers", "5000")


def _run(tmp_path: Path, *params: str) -> dict:
    args = [sys.executable, "-m", "mmbook.cli", "run", "single-queues", "--output", str(tmp_path)]
    for i in range(0, len(params), 2):
        args += ["-p", params[i], params[i + 1]]
    subprocess.run(args, check=True, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return json.loads((tmp_path / "results.json").read_text())


@pytest.mark.slow
def test_a_busier_queue_by_hand(tmp_path):
    """At utilisation 0.9: M/M/1 W = 1 / (1 - 0.9) = 10; M/G/1 with C_s^2 = 2: Wq = 0.9 x 3 / (2 x 0.1) = 13.5;
    M/M/1/5 blocking 0.9^5 x 0.1 / (1 - 0.9^6) = 0.059049 / 0.468559 = 0.12602."""
    m = _run(tmp_path, *SMALL, "utilisation", "0.9")["metrics"]
    assert m["mm1_w_theory"] == pytest.approx(10.0)
    assert m["mg1_wq_theory"] == pytest.approx(13.5)
    assert m["loss_theory"] == pytest.approx(0.9**5 * 0.1 / (1 - 0.9**6))
