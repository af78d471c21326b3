"""The Zeadally chapter executes with changed parameters and its record follows the run."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

MMBOOK = str(Path(sys.executable).with_name("mmbook"))
SMALL = ["-p", "sim_frames", "200", "-p", "replications", "2"]


def _run(tmp_path: Path, *params: str) -> dict:
    out = tmp_path / "run"
    subprocess.run([MMBOOK, "run", "zeadally", *SMALL, *params, "--output", str(out)], check=True,
                   capture_output=True, text=True, timeout=300)
    return json.loads((out / "results.json").read_text())


@pytest.mark.slow
def test_bus_twice_as_fast(tmp_path):
    """Z_XF doubled: Eq. 1 = 1/(1/200 + 1/240 + 1/460); the paper's 74 is now arithmetic that fails."""
    r = _run(tmp_path, "-p", "z_xf_mbps", "460")
    m = r["metrics"]
    assert r["parameters"]["z_xf_mbps"] == 460.0 and "z_xf_mbps" in r["defaults_differ"]
    assert m["eq1_mbps"] == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 460), rel=1e-9)
    assert m["ciw_serial_eq1_mbps"] == pytest.approx(m["eq1_mbps"], rel=1e-6)
    assert m["ciw_pipelined_det_mbps"] == pytest.approx(200, rel=1e-6)   # Z_NA still the slowest
    checks = {c["what"]: c for c in r["checks"]}
    eq1 = checks["Eq. 1 evaluated at the measured stage throughputs"]
    assert (eq1["evidence"], eq1["status"]) == ("arithmetic", "not reproduced")
    assert set(r["headline"]) == {"reproduced", "checked"}
    assert all(c["evidence"] for c in r["checks"])


@pytest.mark.slow
def test_negative_overhead_is_undefined_with_a_warning(tmp_path):
    """Issue 9's case: -p z_na_mbps 150 -p z_xf_mbps 300 leaves Eq. 2 below the measured 105 Mbit/s."""
    r = _run(tmp_path, "-p", "z_na_mbps", "150", "-p", "z_xf_mbps", "300")
    assert "t0_shm_ms" in r["undefined"] and "t0_shm_ms" not in r["metrics"]
    assert any("negative per-frame overhead" in w["what"] for w in r["warnings"])
    assert all(v >= 0 for k, v in r["metrics"].items() if k.startswith("t0_"))


@pytest.mark.slow
def test_bad_parameter_refused_before_running(tmp_path):
    for args in (["-p", "z_na_mbps", "-5"], ["-p", "service_cv", "0.5", "-p", "replications", "1"]):
        p = subprocess.run([MMBOOK, "run", "zeadally", *args, "--output", str(tmp_path / "bad")],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode != 0
        assert args[1] in p.stderr + p.stdout
        assert not (tmp_path / "bad" / "results.json").exists()
