"""The Zeadally chapter executes with changed parameters and its record follows the run."""

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_chapter

MMBOOK = str(Path(sys.executable).with_name("mmbook"))
SMALL = ["sim_frames", "200", "replications", "2"]


@pytest.mark.slow
def test_bus_twice_as_fast(tmp_path):
    """Z_XF doubled: Eq. 1 = 1/(1/200 + 1/240 + 1/460). The paper's 74 is Eq. 1 at Z_XF = 230, so the check is
    not applicable at these parameters (naming z_xf_mbps), and so is every check whose conditions name
    z_xf_mbps: none of them is 'not reproduced'. The predictions that remain are counted as applicable."""
    r = run_chapter("zeadally", tmp_path / "run", *SMALL, "z_xf_mbps", "460")
    m = r["metrics"]
    assert r["parameters"]["z_xf_mbps"] == 460.0 and "z_xf_mbps" in r["defaults_differ"]
    assert m["eq1_mbps"] == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 460), rel=1e-9)
    assert m["ciw_serial_eq1_mbps"] == pytest.approx(m["eq1_mbps"], rel=1e-6)
    assert m["ciw_pipelined_det_mbps"] == pytest.approx(200, rel=1e-6)   # Z_NA still the slowest
    checks = {c["id"]: c for c in r["checks"]}
    eq1 = checks["eq1-value"]
    assert (eq1["evidence"], eq1["status"], eq1["not_applicable"]) == \
        ("arithmetic", "not applicable", ["z_xf_mbps = 460 (the paper: 230)"])
    from mmstudies.zeadally import checks as zchecks

    with_xf = [c.id for c in zchecks.table().checks if "z_xf_mbps" in c.conditions]
    assert len(with_xf) >= 8
    assert all(checks[i]["status"] == "not applicable" for i in with_xf)
    preds = [c for c in r["checks"] if c["evidence"] == "prediction"]
    assert r["predictions"] == {"reproduced": sum(c["status"] == "reproduced" for c in preds),
                                "applicable": sum(c["status"] != "not applicable" for c in preds),
                                "not_applicable": sum(c["status"] == "not applicable" for c in preds)}
    assert r["predictions"]["not_applicable"] == 4   # three Eq. 1 two-copy runs and Figure 6's order
    assert all(c["evidence"] and c["audit"] for c in r["checks"])


@pytest.mark.slow
def test_run_record_recomputes_the_notebook_metrics(tmp_path):
    """The independence audit recomputes the chapter outside the notebook (checks.run_record): at the same
    parameters it must give the notebook's metrics, or the audit would audit something else."""
    from mmstudies.zeadally import checks as zchecks

    r = run_chapter("zeadally", tmp_path / "run", *SMALL)
    run = zchecks.run_record({**r["parameters"], "ps_run_s": 60.0})
    assert set(run.metrics) <= set(r["metrics"])
    for name in run.metrics:
        assert run.metrics[name] == pytest.approx(r["metrics"][name], rel=1e-9, abs=1e-12), name


@pytest.mark.slow
def test_negative_overhead_is_undefined_with_a_warning(tmp_path):
    """Issue 9's case: -p z_na_mbps 150 -p z_xf_mbps 300 leaves Eq. 2 below the measured 105 Mbit/s."""
    r = run_chapter("zeadally", tmp_path / "run", *SMALL, "z_na_mbps", "150", "z_xf_mbps", "300")
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
