"""The Huynh chapter executed through ``mmbook run`` with changed parameters (slow)."""

from __future__ import annotations

import json
import re

import pytest

from mmbook.cli import main

pytestmark = pytest.mark.slow

# The runs share the build's simulation cache (keyed on parameters and code): the independence audit of the
# checks table is computed at the paper's setting whatever the run's parameters, once per code version, by
# `make book`; an empty cache per test recomputed it (about a minute) in each test.

SMALL = ["-p", "frames", "300", "-p", "replications", "2", "-p", "sweep_frames", "200",
         "-p", "host_klocs", "0,60,240,300", "-p", "adapter_klocs", "1,16,20"]


def test_chapter_runs_with_smaller_frames_and_results_move_as_expected(tmp_path):
    out = tmp_path / "run"
    assert main(["run", "huynh", *SMALL, "-p", "frame_kb", "4", "--output", str(out)]) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["parameters"]["frame_kb"] == 4.0
    assert results["defaults_differ"]["frame_kb"] == {"default": 8.0, "value": 4.0}
    m = results["metrics"]
    # Half the bytes per frame: memory 2 x (90 x 4096 + 30 x 4096) B/s x 203.45 ns/B = 20.0 %
    # (35 % with 8 kB frames), channel 2 x 491 520 B/s / 13.33 MB/s = 7.4 % (12.9 %), exact by the
    # utilisation law; the ring loses the frames' payload share.
    assert m["mem_386_pct"] == pytest.approx(20.0, abs=2.0)
    assert m["mc_max_pct"] == pytest.approx(100 * 2 * 120 * 4096 / 13.33e6, rel=1e-9)
    assert m["ring_30_pct"] < 45
    assert m["conservation_all"] == 1.0 and m["max_outstanding_locate"] == 1.0
    checks = {c["what"]: c for c in results["checks"]}
    # the target is the paper's 35 % with 8 kB frames: at 4 kB it is not judged (checks.yml, conditions)
    assert checks["Memory utilisation, Locate 386, 30 frames/s"]["status"] == "not applicable"
    assert "frame_kb = 4 (the paper: 8)" in checks["Memory utilisation, Locate 386, 30 frames/s"]["note"]
    assert {c["evidence"] for c in results["checks"]} <= {"prediction", "arithmetic", "construction", "target",
                                                          "not comparable"}
    # every prediction is conditioned on the paper's 8 kB frames: at 4 kB none applies, so none is counted
    assert results["headline"]["checked"] == sum(c["evidence"] == "prediction" and c["status"] != "not applicable"
                                                 for c in results["checks"]) == 0
    assert m["predictions_reproduced"] == results["headline"]["reproduced"]
    assert results["warnings"] == []
    figures = sorted(p.name for p in (out / "figures").iterdir())
    assert "fig-huynh-channel.png" in figures and len(figures) == 2 * 13
    page = re.sub(r'data:[^"]+', "", (out / "huynh.html").read_text())     # without the embedded images
    assert "{glue" not in page and not re.search(r"\bnan\b", page, re.I)


def test_an_overloaded_adapter_is_warned_and_its_delay_checks_not_judged(tmp_path):
    """Move Mode with 30 KLOCS per frame on the video 80C186: offered load 90 x 30.5 / 1485 = 1.85."""
    out = tmp_path / "run"
    assert main(["run", "huynh", *SMALL, "-p", "adapter_vc_kloc", "30", "--output", str(out)]) == 0
    results = json.loads((out / "results.json").read_text())
    assert any("video adapter 80C186" in w["what"] for w in results["warnings"])
    q5 = next(c for c in results["checks"] if c["what"].startswith("Q5 "))
    assert q5["status"] == "not applicable"
    assert all(c["status"] != "not applicable" for c in results["checks"] if c["evidence"] == "target")
    # the headline point is Locate: its delays stand; Move's receive delay passes the overloaded 80C186
    assert "delay_send_ms" in results["metrics"] and "delay_recv_locate_ms" in results["metrics"]
    assert "station video adapter 80C186, Move" in results["undefined"]["delay_recv_move_ms"]
    assert "video adapter 80C186, Move" in results["delay_stations"]["delay_recv_move_ms"]


def test_the_stage_busy_one_frame_time_is_reported_without_a_steady_state(tmp_path):
    """pipeline_model frame_time: each codec station is offered f x 1/f = 1, so every headline delay through
    it is undefined (with the station named), the delay checks are not applicable, and no sentence prints
    'undefined ±'."""
    out = tmp_path / "run"
    assert main(["run", "huynh", *SMALL, "-p", "pipeline_model", "frame_time", "--output", str(out)]) == 0
    results = json.loads((out / "results.json").read_text())
    for name in ("delay_send_ms", "delay_recv_ms", "delay_recv_move_ms"):
        assert name not in results["metrics"] and "offered utilisation 1.000" in results["undefined"][name]
    assert any("i750 decompression" in w["what"] or "i750 compression" in w["what"] for w in results["warnings"])
    q6 = next(c for c in results["checks"] if c["what"].startswith("Q6 "))
    assert q6["status"] == "not applicable"
    page = re.sub(r'data:[^"]+', "", (out / "huynh.html").read_text())
    assert "undefined ±" not in page and "undefined &plusmn;" not in page


def test_bad_parameter_is_refused_before_running(tmp_path, capsys):
    out = tmp_path / "bad"
    assert main(["run", "huynh", "-p", "frame_rate", "-5", "--output", str(out)]) == 2
    assert "parameter 'frame_rate' = -5.0 is not allowed: expected 1 <= value <= 60" in capsys.readouterr().err
    assert main(["run", "huynh", "-p", "adapter_klocs", "16,16", "--output", str(out)]) == 2
    assert "at least two different path lengths" in capsys.readouterr().err
    assert not out.exists()
