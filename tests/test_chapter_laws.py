"""The operational laws chapter executes with changed parameters and its record follows the run."""

import pytest
from conftest import run_chapter

SMALL = ["customers", "400", "replications", "3"]


@pytest.mark.slow
def test_one_frame_in_flight_and_a_busier_queue(tmp_path):
    """frames_in_flight = 1: MVA is the serial sum, Eq. 1 = 1/(1/200 + 1/240 + 1/230); rho = 0.9: the M/M/1
    mean wait is 0.9/0.1 = 9 service times; the paper's setting is unchanged, so the four paper checks apply."""
    r = run_chapter("laws", tmp_path / "run", *SMALL, "frames_in_flight", "1", "rho", "0.9")
    m = r["metrics"]
    assert m["mva_mbps"] == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 230))
    assert m["theory_wait"] == pytest.approx(9.0)
    checks = {c["id"]: c for c in r["checks"]}
    assert checks["eq1-predicts-measured"]["status"] == "reproduced"
    assert [j["holds"] for j in r["judgements"] if j["name"] == "laws_eq1_judgement"] == [True]
