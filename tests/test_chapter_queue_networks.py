"""Executes the queue-networks chapter with changed parameters through `mmbook run` (slow)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMALL = ("replications", "2", "run_s", "5", "max_population", "4")


def _run(tmp_path: Path, *params: str) -> dict:
    args = [sys.executable, "-m", "mmbook.cli", "run", "queue-networks", "--output", str(tmp_path)]
    for i in range(0, len(params), 2):
        args += ["-p", params[i], params[i + 1]]
    subprocess.run(args, check=True, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return json.loads((tmp_path / "results.json").read_text())


@pytest.mark.slow
def test_a_slower_sender_moves_the_knee(tmp_path):
    """think_ms = 100: N* = (16.66 + 0.61455 + 4.096 + 100) / 16.66 = 7.2851; the codec's capacity stays
    1000 / 16.66 = 60.02 frames/s whatever the think time."""
    m = _run(tmp_path, *SMALL, "think_ms", "100")["metrics"]
    demand = 16.66 + 8192 / 13.33e6 * 1000 + 8192 * 8 / 16e6 * 1000
    assert m["knee"] == pytest.approx((demand + 100) / 16.66)
    assert m["xmax"] == pytest.approx(1000 / 16.66)
