"""Executes the hsieh-video chapter through `mmbook run`: defaults, changed parameters, a reader's trace
file, and a malformed trace file refused before anything is computed."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import default_run

ROOT = Path(__file__).resolve().parents[1]
SMALL = ("synthetic_length_scale", "0.05", "startup_max_frames", "12", "fixed_buffer_points", "4",
         "fixed_rate_points", "5", "ciw_frames", "300", "adv_long_startup_frames", "60")


def _run(out: Path, *params: str, check: bool = True) -> subprocess.CompletedProcess:
    args = [sys.executable, "-m", "mmbook.cli", "run", "hsieh-video", "--output", str(out)]
    for i in range(0, len(params), 2):
        args += ["-p", params[i], params[i + 1]]
    return subprocess.run(args, check=check, cwd=ROOT, capture_output=True, text=True, timeout=900)


def _results(out: Path) -> dict:
    return json.loads((out / "results.json").read_text())


def _construction_holds(results: dict) -> None:
    cons = [c for c in results["checks"] if c["evidence"] == "construction"]
    assert cons and all(c["status"] == "holds" for c in cons), [c["what"] for c in cons if c["status"] != "holds"]


@pytest.mark.slow
def test_default_run(tmp_path):
    r = _results(default_run("hsieh-video", tmp_path))  # the book's build at the defaults when it is current
    _construction_holds(r)
    m = r["metrics"]
    # theorems of the model: PCBR never needs less rate than CBR, and holding ahead-of-schedule data
    # keeps PCBR's buffer below CBR's at the same start-up delay on the default traces
    assert m["mtv_p10_pcbr_rate_mbps"] >= m["mtv_p10_cbr_rate_mbps"]
    assert m["mtv_p10_pcbr_buffer_mb"] < m["mtv_p10_cbr_buffer_mb"]
    assert abs(m["backdraft_mean_mbps"] - 3.3) < 0.05 and abs(m["fugitive_mean_mbps"] - 3.0) < 0.05
    # the thesis's traces are not in the source: no check is a prediction (issue 24), and the page says so
    assert r["headline"]["checked"] == 0 and m["predictions_on_thesis_data"] == 0
    targets = {c["id"]: c["status"] for c in r["checks"] if c["evidence"] == "target"}
    assert targets == {"h33-mean-backdraft": "target met", "h33-mean-fugitive": "target met",
                       "mpeg2-buffer-reduction": "target met"}
    # PDCBR's median reduction (22 % at the defaults) is shown beside the thesis's 5-20 %, not scored (the review)
    assert {c["id"]: c["status"] for c in r["checks"]}["mpeg2-buffer-reduction-pdcbr"] == "not comparable"


@pytest.mark.slow
def test_changed_parameters(tmp_path):
    _run(tmp_path / "base", *SMALL)
    _run(tmp_path / "changed", *SMALL, "cap_delivery_at_eof", "false", "pcr_interval_frames", "2")
    base, changed = _results(tmp_path / "base"), _results(tmp_path / "changed")
    _construction_holds(changed)
    assert changed["defaults_differ"]["pcr_interval_frames"]["value"] == 2
    # without the end-of-file cap the CBR line can only rise: the buffer cannot shrink
    assert changed["metrics"]["adv_long_cbr_buffer_mb"] >= base["metrics"]["adv_long_cbr_buffer_mb"] - 1e-12
    # a PCR every other frame lets PCBR hold only between pairs: the second frame of a pair is released
    # with the first, one frame time earlier, so a FIFO server delivers every frame no later and the
    # minimum rate on the same grid cannot rise
    assert changed["metrics"]["mtv_p10_pcbr_rate_mbps"] <= base["metrics"]["mtv_p10_pcbr_rate_mbps"] + 1e-12


@pytest.mark.slow
def test_reader_trace_file(tmp_path):
    rng = np.random.default_rng(5)
    sizes = np.tile([24000, 6000, 6000, 12000, 6000, 6000], 100) * rng.uniform(0.7, 1.3, 600)
    f = tmp_path / "mytrace.csv"
    f.write_text("bytes\n" + "\n".join(str(int(x)) for x in sizes) + "\n")
    _run(tmp_path / "run", *SMALL, "trace_file", str(f))
    r = _results(tmp_path / "run")
    _construction_holds(r)
    reader = next(c for c in r["checks"] if c["id"] == "h29-rate-order-reader")
    assert reader["status"] == "not comparable" and reader["ours"].startswith("mytrace: holds at")
    m = r["metrics"]
    # the reader's trace is its own condition: its summary and its three schemes' results are metrics
    assert m["reader_frames"] == 600 and m["reader_peak_frame_bytes"] == pytest.approx(sizes.astype(int).max())
    assert m["reader_mean_mbps"] == pytest.approx(sizes.astype(int).mean() * 8 * 30 / 1e6)
    assert m["reader_startup_frames"] == 10 and m["reader_pcbr_rate_mbps"] >= m["reader_cbr_rate_mbps"]
    table = (tmp_path / "run" / "tables" / "table-hsieh-video-traces.csv").read_text()
    assert "mytrace" in table
    assert (tmp_path / "run" / "figures" / "fig-hsieh-video-reader.png").is_file()


@pytest.mark.parametrize("text,expected", [("bytes\n1000\n-3\n", "line 3"), ("1000\nabc\n", "line 2")])
def test_malformed_trace_file_is_refused_before_running(tmp_path, text, expected):
    f = tmp_path / "bad.csv"
    f.write_text(text)
    out = _run(tmp_path / "run", "trace_file", str(f), check=False)
    assert out.returncode != 0
    msg = out.stdout + out.stderr
    assert "trace_file" in msg and str(f) in msg and expected in msg
    assert not (tmp_path / "run" / "results.json").exists()
