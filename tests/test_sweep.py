"""Parameter sweeps (issues 16 and 22): points, seeds, bad options, local and Dask execution, interruption,
resume, failures, every chapter swept, comparison."""

import csv
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from mmbook import design, sweep
from mmbook import params as params_mod
from mmbook.cli import main
from mmbook.params import ChapterSpec, ParamSpec
from mmbook.runner import run_chapter

MMBOOK = str(Path(sys.executable).parent / "mmbook")
DASK = str(Path(sys.executable).parent / "dask")


def _find_spec(name: str):
    """``importlib.util.find_spec``, None also when the parent package is missing (a chapter whose study package
    is not named after it, such as the foundations chapters, has no checks table found by its name)."""
    import importlib.util

    try:
        return importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None


def _spec(seed_max: float | None = None) -> ChapterSpec:
    params = {"rate": ParamSpec("rate", "float", 1.0, help="h", min=0, max=10),
              "n": ParamSpec("n", "int", 2, help="h", min=1, max=100),
              "seed": ParamSpec("seed", "int", 1, help="h", min=0, max=seed_max)}
    return ChapterSpec("demo", "Demo", 1, None, (), params)


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("mmbook: error: ")
    return lines[0]


# -- points and seeds ------------------------------------------------------------------------------------

def test_grid_is_the_cartesian_product_on_top_of_fixed_values():
    points = sweep.grid_points(_spec(), [("rate", ["1", "2"]), ("n", ["3", "4", "5"])], {"seed": 7})
    assert len(points) == 6
    assert {(p.overrides["rate"], p.overrides["n"]) for p in points} == {
        (r, n) for r in (1.0, 2.0) for n in (3, 4, 5)}
    assert all(p.overrides["seed"] == 7 for p in points)
    with pytest.raises(sweep.SweepError, match="given twice"):
        sweep.grid_points(_spec(), [("rate", ["1"])], {"rate": 2})
    with pytest.raises(sweep.SweepError, match="no parameter 'speed'"):
        sweep.grid_points(_spec(), [("speed", ["1"])], {})


def test_grid_values_that_read_the_same_are_refused():
    with pytest.raises(sweep.SweepError, match=r"^--grid rate: 2.0 is listed 3 times \('2', '2.0', '0.2e1'\); "
                                               r"list each value once$"):
        sweep.grid_points(_spec(), [("rate", ["2", "2.0", "0.2e1"])], {})
    with pytest.raises(sweep.SweepError, match=r"--grid n: parameter 'n' = '?3.5'? is not allowed"):
        sweep.grid_points(_spec(), [("n", ["3", "3.5"])], {})
    with pytest.raises(sweep.SweepError, match="an empty value between commas"):
        sweep.parse_grid("rate=1,,2")


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


def test_a_seed_is_derived_inside_the_chapters_range():
    """The seed is low + (the SeedSequence's first 64-bit word) mod (high - low + 1): recomputed by hand here
    for a chapter whose seed allows 0..1,000,000 (the cap of five of the eight chapters)."""
    spec = _spec(seed_max=1_000_000)
    assert sweep.seed_range(spec) == (0, 1_000_000)
    points = sweep.prepare(spec, sweep.grid_points(spec, [("rate", ["1", "2", "3", "4", "5", "6"])], {}))
    for point in points:
        canonical = json.dumps({"rate": point.overrides["rate"]}, sort_keys=True)
        import hashlib

        digest = hashlib.sha256(canonical.encode()).digest()
        words = [int.from_bytes(digest[i:i + 4], "little") for i in range(0, 16, 4)]
        word = int(np.random.SeedSequence([1, *words]).generate_state(1, dtype=np.uint64)[0])
        assert point.seed == word % 1_000_001
        assert 0 <= point.seed <= 1_000_000 and point.values["seed"] == point.seed
    # "230" and "230.0" are one point with one seed
    same = sweep.prepare(spec, [sweep.Point({"rate": "3"})])[0]
    assert same.seed == [p for p in points if p.overrides["rate"] == 3.0][0].seed
    # exclusive bounds and no maximum
    excl = ChapterSpec("d", "D", 1, None, (), {"seed": ParamSpec("seed", "int", 5, help="h", min=2, max=9,
                                                                 min_exclusive=True, max_exclusive=True)})
    assert sweep.seed_range(excl) == (3, 8)
    assert sweep.seed_range(_spec()) == (0, sweep.SEED_CEILING)
    assert sweep.seed_range(ChapterSpec("d", "D", 1, None, (), {})) is None


def test_the_base_seed_must_lie_in_the_chapters_range():
    spec = _spec(seed_max=1_000_000)
    assert sweep.base_seed(spec, None, {}) == 1 and sweep.base_seed(spec, 0, {}) == 0
    with pytest.raises(sweep.SweepError, match=r"^--seed -5: expected a whole number with 0 <= value <= "
                                               r"1,000,000 \(the range of demo's parameter 'seed'\)$"):
        sweep.base_seed(spec, -5, {})
    with pytest.raises(sweep.SweepError, match="--seed 1000001: expected"):
        sweep.base_seed(spec, 1_000_001, {})
    with pytest.raises(sweep.SweepError, match="--seed and -p/-f seed are both given"):
        sweep.base_seed(spec, 3, {"seed": 4})
    unseeded = ChapterSpec("d", "D", 1, None, (), {})
    with pytest.raises(sweep.SweepError, match="no seed parameter"):
        sweep.base_seed(unseeded, -1, {})
    # a different base seed gives different point seeds
    a = sweep.prepare(spec, [sweep.Point({"rate": 1.0})], base=1)[0].seed
    b = sweep.prepare(spec, [sweep.Point({"rate": 1.0})], base=2)[0].seed
    assert a != b


def test_an_invalid_point_stops_the_sweep_naming_it():
    spec = _spec()
    with pytest.raises(sweep.SweepError, match=r"--grid rate: parameter 'rate' = '?11(\.0)?'? is not allowed"):
        sweep.prepare(spec, sweep.grid_points(spec, [("rate", ["1", "11"])], {}))
    with pytest.raises(sweep.SweepError, match=r"point 2 \(\{\"rate\": 11.0\}\) is not valid: parameter 'rate'"):
        sweep.prepare(spec, [sweep.Point({"rate": 1.0}), sweep.Point({"rate": 11.0})])


# -- options checked before anything runs ------------------------------------------------------------------

def test_workers_are_bounded_by_the_machine():
    sweep.check_workers(None, None)
    sweep.check_workers(1, None)
    sweep.check_workers(sweep.max_workers(), None)
    cores = os.cpu_count()
    for bad in (0, -1, 1000, cores + 1):
        with pytest.raises(sweep.SweepError, match=rf"^--workers {bad}: expected a whole number from 1 to {cores} "):
            sweep.check_workers(bad, None)
    with pytest.raises(sweep.SweepError, match="with --scheduler the cluster's workers run the points"):
        sweep.check_workers(2, "tcp://127.0.0.1:8786")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_scheduler_addresses():
    assert sweep.parse_scheduler("tcp://10.0.0.5:8786") == ("10.0.0.5", 8786)
    assert sweep.parse_scheduler("tls://h.example:1") == ("h.example", 1)
    for bad in ("not a url", "tcp://host", "http://h:1", "10.0.0.5:8786", "tcp://:8786", "tcp://h:99999",
                "tcp://h:1/x"):
        with pytest.raises(sweep.SweepError, match="expected a Dask scheduler address tcp://HOST:PORT"):
            sweep.parse_scheduler(bad)
    port = _closed_port()
    start = time.monotonic()
    with pytest.raises(sweep.SweepError, match=rf"--scheduler tcp://127.0.0.1:{port}: no Dask scheduler answers "
                                               r"there \(connection refused\)"):
        sweep.check_scheduler(f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - start < 2


def test_plot_must_name_a_recorded_metric(demo_project):
    spec = params_mod.load_chapter("demo")
    sweep.check_plot(spec, ["mm1_wait"])
    with pytest.raises(sweep.SweepError, match=r"^--plot no_such_metric: chapter 'demo' records no metric of "
                                               r"that name; its headline metrics are mm1_wait$"):
        sweep.check_plot(spec, ["mm1_wait", "no_such_metric"])
    # once the book is built, every metric of the default build counts
    built = demo_project / "_build" / "chapters" / "demo"
    built.mkdir(parents=True)
    (built / "results.json").write_text(json.dumps({"metrics": {"other": 1.0}, "undefined": {"gone": "why"}}))
    sweep.check_plot(spec, ["other", "gone"])
    with pytest.raises(sweep.SweepError, match=r"or any of the 3 metrics of its results.json"):
        sweep.check_plot(spec, ["nope"])


def test_bad_sweep_options_exit_2_with_one_line_and_nothing_written(demo_project, capsys, tmp_path):
    out = demo_project / "sweep"
    base = ["sweep", "demo", "--grid", "rate=0.5,1.5", "--output", str(out)]
    cases = {
        ("--grid", "rate"): "expected NAME=V1,V2",
        ("--scheduler", "not a url"): "--scheduler 'not a url': expected a Dask scheduler address tcp://HOST:PORT",
        ("--scheduler", f"tcp://127.0.0.1:{_closed_port()}"): "no Dask scheduler answers there",
        ("--seed", "-5"): "--seed -5: expected a whole number with 0 <= value <= 4,294,967,295",
        ("--workers", "0"): "--workers 0: expected a whole number from 1 to",
        ("--workers", "-1"): "--workers -1: expected a whole number from 1 to",
        ("--workers", "1000"): "--workers 1000: expected a whole number from 1 to",
        ("--workers", "1", "--scheduler", "tcp://127.0.0.1:1"): "--workers 1: with --scheduler",
        ("--plot", "no_such_metric"): "--plot no_such_metric: chapter 'demo' records no metric of that name",
        ("--force",): "--force goes with --resume",
    }
    for extra, message in cases.items():
        args = ["sweep", "demo", "--grid", "rate", "--output", str(out)] if extra[0] == "--grid" else [*base, *extra]
        assert main(args) == 2, extra
        assert message in _one_line_error(capsys), extra
        assert not out.exists(), extra
    assert main(["sweep", "demo", "--grid", "rate=1,1.0,1e0", "--output", str(out)]) == 2
    assert "--grid rate: 1.0 is listed 3 times ('1', '1.0', '1e0'); list each value once" in _one_line_error(capsys)
    assert main(["sweep", "demo", "--grid", "rate=1,99", "--output", str(out)]) == 2
    assert re.search(r"--grid rate: parameter 'rate' = '?99(\.0)?'? is not allowed", _one_line_error(capsys))
    # output folders a sweep must not write into
    assert main(["sweep", "demo", "--grid", "rate=1,1.5", "--output", str(demo_project / "_build" / "newrun")]) == 2
    assert "is inside the book's build folder" in _one_line_error(capsys)
    assert not (demo_project / "_build").exists()
    long_name = tmp_path / ("x" * 256)
    assert main(["sweep", "demo", "--grid", "rate=1,1.5", "--output", str(long_name)]) == 2
    assert "is 256 bytes long; file and folder names may have at most 255 bytes" in _one_line_error(capsys)
    link = tmp_path / "dangling"
    link.symlink_to(tmp_path / "nowhere")
    assert main(["sweep", "demo", "--grid", "rate=1,1.5", "--output", str(link)]) == 2
    assert f"--output {link} is a symbolic link to {tmp_path / 'nowhere'}, which does not exist" in \
        _one_line_error(capsys)
    assert not (tmp_path / "nowhere").exists()
    afile = tmp_path / "afile"
    afile.write_text("mine")
    assert main(["sweep", "demo", "--grid", "rate=1,1.5", "--output", str(afile / "sub")]) == 2
    assert "is a file, not a folder" in _one_line_error(capsys)
    assert afile.read_text() == "mine"


def test_seed_out_of_a_real_chapters_range_exits_2(capsys, tmp_path):
    """The real chapters: sharp caps its seed at 1,000,000 (checked before anything runs: no output)."""
    out = tmp_path / "s"
    for bad in ("-5", "1000001"):
        assert main(["sweep", "sharp", "--grid", "frame_rate_fps=15,25", "--seed", bad, "--output", str(out)]) == 2
        assert (f"--seed {bad}: expected a whole number with 0 <= value <= 1,000,000 (the range of sharp's "
                "parameter 'seed')") in _one_line_error(capsys)
    assert main(["sweep", "sharp", "--grid", "frame_rate_fps=15,25", "--plot", "no_such_metric", "--output",
                 str(out)]) == 2
    assert "its headline metrics are e2e_mean_ms" in _one_line_error(capsys)
    assert not out.exists()


def test_build_and_sweep_import_in_one_direction():
    """build uses sweep's public functions; sweep imports neither build nor the cli (issue 22)."""
    import ast

    from mmbook import build

    source = Path(sweep.__file__).read_text()
    imported = {n.module for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)}
    assert not {"mmbook.build", "mmbook.cli"} & imported and "mmperf.fingerprint" in imported
    used = {n.attr for n in ast.walk(ast.parse(Path(build.__file__).read_text()))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "sweep"}
    assert used and not [name for name in used if name.startswith("_")]


# -- runs of the demo chapter -------------------------------------------------------------------------------

HOLD_SPEC = """  hold:
    type: str
    default: ""
    help: "A file: while it exists, points with rate > 1 wait (interruption tests)"
"""
HOLD_CELL = """import os, time
while hold and rate > 1 and os.path.exists(hold):
    time.sleep(0.05)
if fail:"""


def _holding_demo(project: Path) -> Path:
    """The demo chapter with a ``hold`` parameter: its points with rate > 1 wait while the file exists."""
    spec = project / "notebooks" / "demo.yml"
    spec.write_text(spec.read_text() + HOLD_SPEC)
    notebook = project / "notebooks" / "demo.md"
    text = notebook.read_text().replace("fail = False\n", "fail = False\nhold = ''\n", 1)
    notebook.write_text(text.replace("if fail:", HOLD_CELL, 1))
    hold = project / "hold"
    hold.write_text("")
    return hold


def _manifest(out: Path) -> list[dict]:
    return [json.loads(x) for x in (out / "manifest.jsonl").read_text().splitlines() if x.strip()]


def _point_processes(marker: str) -> list[int]:
    """Our processes whose command line or environment mentions ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            text = (entry / "cmdline").read_bytes() + (entry / "environ").read_bytes()
        except OSError:
            continue
        if marker.encode() in text and b"mmbook" in (entry / "cmdline").read_bytes():
            found.append(int(entry.name))
    return found


def _wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


@pytest.mark.slow
@pytest.mark.parametrize(("signum", "target"), [(signal.SIGINT, "process"), (signal.SIGTERM, "group")])
def test_an_interrupted_sweep_keeps_finished_points_and_resume_runs_exactly_the_rest(
        demo_project, tmp_path, capsys, signum, target):
    hold = _holding_demo(demo_project)
    out = tmp_path / "s"
    args = ["sweep", "demo", "--grid", "rate=0.5,1.5,1.8", "-p", "hold", str(hold), "--output", str(out)]
    proc = subprocess.Popen([MMBOOK, *args, "--workers", "1"], stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    _wait_for(lambda: (out / "manifest.jsonl").is_file() and len(_manifest(out)) == 1, 120, "the first point")
    _wait_for(lambda: len(_point_processes(str(out / "points"))) > 0, 60, "the second point to start")
    start = time.monotonic()
    os.kill(proc.pid, signum) if target == "process" else os.killpg(proc.pid, signum)
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - start < 10
    assert proc.returncode == 128 + signum
    last = err.strip().splitlines()[-1]
    assert last == (f"mmbook: interrupted by {signal.Signals(signum).name}: 1 of 3 points finished and are kept in "
                    f"{out / 'manifest.jsonl'}; add --resume to the same command to run the other 2")
    kept = _manifest(out)
    assert [m["parameters"]["rate"] for m in kept] == [0.5] and kept[0]["status"] == "ok"
    assert sorted(p.name for p in (out / "points").iterdir()) == [kept[0]["id"]]  # no partial folder
    assert not (out / "results.csv").exists()
    _wait_for(lambda: not _point_processes(str(out / "points")), 5, "the stopped point's processes to end")

    # a resume with other points is refused, naming the difference; nothing changes
    before = (out / "manifest.jsonl").read_bytes()
    assert main(["sweep", "demo", "--grid", "rate=0.5,1.5", "-p", "hold", str(hold), "--output", str(out),
                 "--resume"]) == 2
    assert "--grid rate: earlier 0.5,1.5,1.8, now 0.5,1.5; resume with the same options, or add --force" in \
        _one_line_error(capsys)
    assert main([*args, "-p", "scale", "2", "--resume"]) == 2
    assert "-p/-f scale: earlier not given, now 2.0" in _one_line_error(capsys)
    assert main([*args, "--resume", "--seed", "3"]) == 2
    assert "--seed: earlier 0, now 3" in _one_line_error(capsys)
    assert (out / "manifest.jsonl").read_bytes() == before

    hold.unlink()
    assert main([*args, "--resume"]) == 0
    assert "3 points (2 run, 1 resumed), 0 failed" in capsys.readouterr().err
    done = _manifest(out)
    assert sorted(m["parameters"]["rate"] for m in done) == [0.5, 1.5, 1.8] and {m["status"] for m in done} == {"ok"}
    assert [m for m in done if m["id"] == kept[0]["id"]][0]["seconds"] == kept[0]["seconds"]  # not re-run
    assert len((out / "results.csv").read_text().splitlines()) == 4

    # --force runs a smaller grid and keeps the earlier rows: none is dropped
    assert main(["sweep", "demo", "--grid", "rate=0.5", "-p", "hold", str(hold), "--output", str(out), "--resume",
                 "--force"]) == 0
    assert "1 points (0 run, 1 resumed, 2 earlier points kept), 0 failed" in capsys.readouterr().err
    assert len((out / "results.csv").read_text().splitlines()) == 4 and len(_manifest(out)) == 3


@pytest.mark.slow
def test_a_failing_point_keeps_the_others(demo_project, tmp_path, capsys):
    bad = tmp_path / "bad"
    assert main(["sweep", "demo", "--grid", "fail=false,true", "--output", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "1 failed" in err and "asked to fail" in err
    manifest = _manifest(bad)
    assert sorted(m["status"] for m in manifest) == ["failed", "ok"]
    assert [m["failing_cell"] for m in manifest if m["status"] == "failed"][0]
    assert "Failed points" in (bad / "index.html").read_text()
    # a resume runs the failed point again (and only it)
    assert main(["sweep", "demo", "--grid", "fail=false,true", "--output", str(bad), "--resume"]) == 1
    assert "2 points (1 run, 1 resumed), 1 failed" in capsys.readouterr().err


# -- a Dask cluster of real processes on 127.0.0.1 -------------------------------------------------------

@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    """``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1 (each worker one thread), with the
    repository as their project root; yields the scheduler's address and the workers' cache folder."""
    folder = tmp_path_factory.mktemp("dask")
    env = {k: v for k, v in os.environ.items() if k != "MMPERF_ROOT"}
    env["MMPERF_CACHE_DIR"] = str(folder / "cache")
    file = folder / "scheduler.json"
    procs = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                               "--scheduler-file", str(file)], cwd=folder, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        _wait_for(file.is_file, 60, "the scheduler")
        for _ in range(2):
            procs.append(subprocess.Popen([DASK, "worker", "--scheduler-file", str(file), "--nthreads", "1",
                                           "--host", "127.0.0.1", "--no-dashboard"], cwd=folder, env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from distributed import Client

        address = json.loads(file.read_text())["address"]
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address, env["MMPERF_CACHE_DIR"]
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.mark.slow
def test_local_sweep_equals_single_runs_and_a_dask_cluster_gives_identical_results(demo_project, tmp_path,
                                                                                    dask_cluster):
    address, _ = dask_cluster
    out = tmp_path / "local"
    grid = ["--grid", "rate=0.5,1.5", "--grid", "scale=1,2"]
    assert main(["sweep", "demo", *grid, "--output", str(out), "--workers", "2"]) == 0
    rows = (out / "results.csv").read_text().splitlines()
    assert rows[0] == "point,status,rate,scale,fail,mm1_wait" and len(rows) == 5
    for line in rows[1:3]:
        point, status, rate, scale, _, wait = line.split(",")
        single = run_chapter("demo", {"rate": float(rate), "scale": float(scale)}, tmp_path / f"single-{point}")
        assert status == "ok" and float(wait) == single.results["metrics"]["mm1_wait"]
        assert (out / "points" / point / "demo.html").is_file()
    manifest = _manifest(out)
    assert {m["status"] for m in manifest} == {"ok"} and all("numpy" in m["versions"] for m in manifest)
    assert "<img" in (out / "index.html").read_text()  # the headline metric plotted

    remote = tmp_path / "dask"
    assert main(["sweep", "demo", *grid, "--output", str(remote), "--scheduler", address]) == 0
    assert (remote / "results.csv").read_bytes() == (out / "results.csv").read_bytes()
    assert sorted(p.name for p in (remote / "points").iterdir()) == sorted(p.name for p in (out / "points").iterdir())


@pytest.mark.slow
def test_an_interrupted_cluster_sweep_stops_the_workers_points_and_resumes(demo_project, tmp_path, capsys,
                                                                          dask_cluster):
    address, worker_cache = dask_cluster
    hold = _holding_demo(demo_project)
    out = tmp_path / "s"
    args = ["sweep", "demo", "--grid", "rate=0.5,1.5,1.8", "-p", "hold", str(hold), "--output", str(out),
            "--scheduler", address]
    proc = subprocess.Popen([MMBOOK, *args], stderr=subprocess.PIPE, text=True, start_new_session=True)
    _wait_for(lambda: (out / "manifest.jsonl").is_file() and len(_manifest(out)) == 1, 120, "the first point")
    _wait_for(lambda: len(_point_processes(f"MMPERF_CACHE_DIR={worker_cache}")) >= 2, 60,
              "both held points to run on the workers")
    start = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - start < 15
    assert proc.returncode == 130
    assert err.strip().splitlines()[-1].startswith("mmbook: interrupted by SIGINT: 1 of 3 points finished")
    assert [m["parameters"]["rate"] for m in _manifest(out)] == [0.5]
    _wait_for(lambda: not _point_processes(f"MMPERF_CACHE_DIR={worker_cache}"), 10,
              "the points on the workers to be stopped")

    hold.unlink()
    assert main([*args, "--resume"]) == 0
    assert "3 points (2 run, 1 resumed), 0 failed" in capsys.readouterr().err
    assert sorted(m["parameters"]["rate"] for m in _manifest(out)) == [0.5, 1.5, 1.8]


# -- every chapter of the book ---------------------------------------------------------------------------

def _random_point_params():
    """Every chapter, its id saying whether it has a checks table (then applicability is checked too)."""
    for name in params_mod.chapter_names():
        has_table = _find_spec(f"mmstudies.{params_mod.load_chapter(name).package}.checks") is not None
        yield pytest.param(name, id=name if has_table else f"{name}-no-checks-table")


#: chapters whose first sweep point is also run alone with ``mmbook run`` and compared to the last bit: the
#: three Part I chapters (seconds each), zeadally (float and bool parameters) and huynh (list parameters). A
#: sweep hands a point's parameters to ``mmbook run`` in one way for every chapter (``sweep.run_point``;
#: test_local_sweep_equals_single_runs_and_a_dask_cluster_gives_identical_results on the demo project), so the
#: other chapters would add a run each (20-40 s) and nothing new to compare.
EQUAL_TO_RUN = {"laws", "single-queues", "queue-networks", "zeadally", "huynh"}


@pytest.mark.slow
@pytest.mark.parametrize("chapter", list(_random_point_params()))
def test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run(chapter, tmp_path, monkeypatch,
                                                                             capsys):
    """Issue 22 (every chapter sweeps) and issue 23 item 6 (three seeded random points of the declared space),
    in one sweep per chapter: each point's results.json is strict JSON with a reason for every undefined
    value, no check is judged against conditions the run changed, no delay is a number through an unsteady
    station and every composed judgement agrees with its record (``design.result_problems``); each point
    has its own seed inside the chapter's range; for the chapters of EQUAL_TO_RUN, one point equals
    ``mmbook run`` at its parameters, to the last bit."""
    import test_design

    # the build's simulation cache: each chapter's independence audit (at the paper's setting, whatever the
    # point) is computed once by `make book`, not again here; the random points themselves are new keys
    spec = params_mod.load_chapter(chapter)
    points = [sweep.Point(p) for p in test_design._random_points(chapter)]
    out = tmp_path / "sweep"
    summary = sweep.run_sweep(chapter, points, out, workers=1, progress=False)
    assert (summary["points"], summary["failed"]) == (3, []), summary["failed"]
    with (out / "results.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert [r["status"] for r in rows] == ["ok"] * 3
    manifest = {m["id"]: m for m in _manifest(out)}
    table = test_design._checks_table(chapter)
    problems = []
    for row in rows:
        results = json.loads((out / "points" / row["point"] / "results.json").read_text())
        problems += [f"{chapter} point {row['point']} {manifest[row['point']]['parameters']}: {p}"
                     for p in design.result_problems(results, table)]
    assert not problems, "\n".join(problems)
    allowed = sweep.seed_range(spec)
    if allowed:  # every point has its own seed, inside the chapter's declared range
        seeds = [manifest[r["point"]]["seed"] for r in rows]
        assert len(set(seeds)) == 3 and all(allowed[0] <= s <= allowed[1] for s in seeds)
        assert [int(r["seed"]) for r in rows] == seeds
    if chapter not in EQUAL_TO_RUN:
        return
    point = manifest[rows[0]["point"]]
    single = tmp_path / "single"
    assert main(["run", chapter, *_cli_values(point["parameters"]), "--output", str(single)]) == 0
    results = json.loads((single / "results.json").read_text())
    metric_columns = [c for c in rows[0] if c not in ("point", "status", *spec.parameters)]
    assert set(results["metrics"]) == set(point["metrics"]) and set(point["metrics"]) <= set(metric_columns)
    for column in metric_columns:  # the same numbers, to the last bit (the CSV holds each float's repr)
        expected = results["metrics"].get(column)
        if expected is None:
            assert rows[0][column] == "", column
        elif isinstance(expected, bool):
            assert rows[0][column] == str(expected).lower(), column
        else:
            assert float(rows[0][column]) == expected, column


def _cli_values(values: dict) -> list[str]:
    args = []
    for name, value in values.items():
        args += ["-p", name, ",".join(map(repr, value)) if isinstance(value, list) else repr(value)
                 if isinstance(value, float) else str(value)]
    return args


# -- the command line --------------------------------------------------------------------------------------

def test_points_run_in_processes_not_threads():
    """Ciw seeds the global `random`: each point must be its own process (`mmbook run`), never a thread."""
    source = Path(sweep.__file__).read_text()
    assert "subprocess.Popen(cmd" in source and "run_chapter(" not in source.split("def run_point")[1].split("def ")[0]


def test_cli_sweep_help_mentions_dask():
    proc = subprocess.run([MMBOOK, "sweep", "--help"], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"})
    assert proc.returncode == 0 and "--scheduler" in proc.stdout and "Dask" in proc.stdout
