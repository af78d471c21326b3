"""Parameter sweeps (issue 16): points, seeds, local and Dask execution, resume, failures, comparison."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mmbook import sweep
from mmbook.cli import main
from mmbook.params import ChapterSpec, ParamSpec
from mmbook.runner import run_chapter

MMBOOK = str(Path(sys.executable).parent / "mmbook")


def _spec() -> ChapterSpec:
    params = {"rate": ParamSpec("rate", "float", 1.0, help="h", min=0, max=10),
              "n": ParamSpec("n", "int", 2, help="h", min=1, max=100),
              "seed": ParamSpec("seed", "int", 1, help="h", min=0)}
    return ChapterSpec("demo", "Demo", 1, None, (), params)


def test_grid_is_the_cartesian_product_on_top_of_fixed_values():
    points = sweep.grid_points(_spec(), [("rate", ["1", "2"]), ("n", ["3", "4", "5"])], {"seed": 7})
    assert len(points) == 6
    assert {(p.overrides["rate"], p.overrides["n"]) for p in points} == {
        (r, n) for r in ("1", "2") for n in ("3", "4", "5")}
    assert all(p.overrides["seed"] == 7 for p in points)
    with pytest.raises(sweep.SweepError, match="given twice"):
        sweep.grid_points(_spec(), [("rate", ["1"])], {"rate": 2})
    with pytest.raises(sweep.SweepError, match="no parameter 'speed'"):
        sweep.grid_points(_spec(), [("speed", ["1"])], {})


def test_latin_hypercube_hits_every_stratum_once():
    """A Latin hypercube of 10 points over [0, 10): each of the ten intervals [k, k+1) holds one point."""
    points = sweep.sample_points(_spec(), [("rate", (0.0, 10.0))], 10, {}, seed=3)
    strata = sorted(int(p.overrides["rate"]) for p in points)
    assert strata == list(range(10))
    with pytest.raises(sweep.SweepError, match="only numeric"):
        sweep.sample_points(ChapterSpec("d", "D", 1, None, (), {"on": ParamSpec("on", "bool", False, help="h")}),
                            [("on", None)], 3, {})


def test_seeds_depend_on_the_point_not_its_position():
    spec = _spec()
    a = sweep.prepare(spec, sweep.grid_points(spec, [("rate", ["1", "2", "3"])], {}))
    b = sweep.prepare(spec, list(reversed(sweep.grid_points(spec, [("rate", ["1", "2", "3"])], {}))))
    assert {p.point_id: p.seed for p in a} == {p.point_id: p.seed for p in b}
    assert len({p.seed for p in a}) == 3


def test_an_invalid_point_stops_the_sweep_naming_it():
    spec = _spec()
    with pytest.raises(sweep.SweepError, match=r"point 2 \(\{\"rate\": \"11\"\}\) is not valid: parameter 'rate'"):
        sweep.prepare(spec, sweep.grid_points(spec, [("rate", ["1", "11"])], {}))


def test_bad_options_exit_2_before_anything_runs(demo_project, capsys):
    out = demo_project / "sweep"
    assert main(["sweep", "demo", "--grid", "rate", "--output", str(out)]) == 2
    assert "expected NAME=V1,V2" in capsys.readouterr().err
    assert main(["sweep", "demo", "--grid", "rate=1,99", "--output", str(out)]) == 2
    assert "is not valid" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.slow
def test_local_sweep_equals_single_runs_and_dask_gives_identical_results(demo_project, tmp_path):
    out = tmp_path / "local"
    assert main(["sweep", "demo", "--grid", "rate=0.5,1.5", "--grid", "scale=1,2", "--output", str(out),
                 "--workers", "2"]) == 0
    rows = (out / "results.csv").read_text().splitlines()
    assert rows[0] == "point,status,rate,scale,fail,mm1_wait" and len(rows) == 5
    for line in rows[1:]:
        point, status, rate, scale, _, wait = line.split(",")
        single = run_chapter("demo", {"rate": float(rate), "scale": float(scale)}, tmp_path / f"single-{point}")
        assert status == "ok" and float(wait) == single.results["metrics"]["mm1_wait"]
        assert (out / "points" / point / "demo.html").is_file()
    manifest = [json.loads(x) for x in (out / "manifest.jsonl").read_text().splitlines()]
    assert {m["status"] for m in manifest} == {"ok"} and all("numpy" in m["versions"] for m in manifest)
    assert "<img" in (out / "index.html").read_text()  # the headline metric plotted

    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster:
        remote = tmp_path / "dask"
        assert main(["sweep", "demo", "--grid", "rate=0.5,1.5", "--grid", "scale=1,2", "--output", str(remote),
                     "--scheduler", cluster.scheduler_address]) == 0
    assert (remote / "results.csv").read_bytes() == (out / "results.csv").read_bytes()
    assert sorted(p.name for p in (remote / "points").iterdir()) == sorted(p.name for p in (out / "points").iterdir())


@pytest.mark.slow
def test_resume_runs_only_missing_points_and_a_failing_point_keeps_the_others(demo_project, tmp_path, capsys):
    out = tmp_path / "s"
    assert main(["sweep", "demo", "--grid", "rate=0.5,1.5", "--output", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    # an interrupted sweep: one point's folder is lost; the sweep is completed with a third point added
    lost = sorted((out / "points").iterdir())[0]
    for f in sorted(lost.rglob("*"), reverse=True):
        f.unlink() if f.is_file() else f.rmdir()
    lost.rmdir()
    assert main(["sweep", "demo", "--grid", "rate=0.5,1.5,1.8", "--output", str(out), "--resume"]) == 0
    assert "3 points (2 run, 1 resumed), 0 failed" in capsys.readouterr().err
    # a failing point: reported, exit 1, the other point completes
    bad = tmp_path / "bad"
    assert main(["sweep", "demo", "--grid", "fail=false,true", "--output", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "1 failed" in err and "asked to fail" in err
    manifest = [json.loads(x) for x in (bad / "manifest.jsonl").read_text().splitlines()]
    assert sorted(m["status"] for m in manifest) == ["failed", "ok"]
    assert [m["failing_cell"] for m in manifest if m["status"] == "failed"][0]
    assert "Failed points" in (bad / "index.html").read_text()


def test_points_run_in_processes_not_threads():
    """Ciw seeds the global `random`: each point must be its own process (`mmbook run`), never a thread."""
    source = Path(sweep.__file__).read_text()
    assert "subprocess.run(cmd" in source and "run_chapter(" not in source.split("def run_point")[1].split("def ")[0]


def test_cli_sweep_help_mentions_dask():
    proc = subprocess.run([MMBOOK, "sweep", "--help"], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"})
    assert proc.returncode == 0 and "--scheduler" in proc.stdout and "Dask" in proc.stdout
