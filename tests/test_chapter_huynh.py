"""The Huynh chapter executed through ``mmbook run`` with changed parameters (slow)."""

from __future__ import annotations

import json

import pytest

from mmperf.cli import main

pytestmark = pytest.mark.slow

SMALL = ["-p", "frames", "300", "-p", "replications", "2", "-p", "sweep_frames", "200",
         "-p", "host_klocs", "0,60,240,300", "-p", "adapter_klocs", "1,16,20"]


def test_chapter_runs_with_smaller_frames_and_results_move_as_expected(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "run"
    assert main(["run", "huynh", *SMALL, "-p", "frame_kb", "4", "--output", str(out)]) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["parameters"]["frame_kb"] == 4.0
    m = results["metrics"]
    # Half the bytes per frame: memory 2 x (90 x 4096 + 30 x 4096) B/s x 203.45 ns/B = 20.0 %
    # (35 % with 8 kB frames), channel 7.4 % (12.9 %), ring without the frames' payload share.
    assert m["mem_386_pct"] == pytest.approx(20.0, abs=2.0)
    assert m["mc_max_pct"] == pytest.approx(7.4, abs=1.0)
    assert m["ring_30_pct"] < 45
    assert m["conservation_all"] == 1.0 and m["max_outstanding_locate"] == 1.0
    statuses = {c["what"]: c["status"] for c in results["checks"]}
    assert statuses["Memory utilisation, Locate 386, 30 frames/s"] == "target missed"
    figures = sorted(p.name for p in (out / "figures").iterdir())
    assert "fig-huynh-channel.png" in figures and len(figures) == 13
    assert "{glue" not in (out / "huynh.html").read_text()


def test_bad_parameter_is_refused_before_running(tmp_path, capsys):
    out = tmp_path / "bad"
    assert main(["run", "huynh", "-p", "frame_rate", "-5", "--output", str(out)]) == 2
    assert "parameter 'frame_rate' = -5.0 is not allowed: expected 1 <= value <= 60" in capsys.readouterr().err
    assert main(["run", "huynh", "-p", "frame_rates", "30", "--output", str(out)]) == 2
    assert "at least two different frame rates" in capsys.readouterr().err
    assert not out.exists()
