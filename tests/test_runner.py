"""The chapter runner and the `mmbook` command on a tiny demo project: outputs, what-if pages, bad input,
failing cells, protected folders (issue 9 items 4-6)."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from mmbook.cli import main
from mmbook.params import ParameterError
from mmbook.runner import MARKER, ChapterRunError, OutputError, run_chapter

pytestmark = pytest.mark.slow
MMBOOK = str(Path(sys.executable).parent / "mmbook")


def test_run_writes_notebook_page_figures_and_results(demo_project):
    out = demo_project / "runs" / "a"
    result = run_chapter("demo", {"rate": "1.5"}, out)
    assert sorted(p.name for p in out.iterdir()) == sorted([MARKER, "coverage.json", "demo.html", "demo.ipynb",
                                                            "demo.md", "figures", "results.json"])
    results = json.loads((out / "results.json").read_text())
    assert results["parameters"] == {"rate": 1.5, "scale": 1.0, "fail": False}
    assert results["defaults_differ"] == {"rate": {"default": 1.0, "value": 1.5}}
    assert results["metrics"]["mm1_wait"] == pytest.approx(2.0)  # 1 / (2 - 1.5)
    assert results["checks"][0]["status"] == "not reproduced" and results["checks"][0]["evidence"] == "prediction"
    assert results["headline"] == {"reproduced": 0, "checked": 1}
    assert (out / "figures" / "fig-demo-line.png").stat().st_size > 1000
    assert (out / "figures" / "fig-demo-line.svg").is_file()
    figures = json.loads((out / "coverage.json").read_text())["figures"]
    assert figures[0]["alt"] == "a straight line" and figures[0]["cell"] is not None
    assert result.results == results
    page = (out / "demo.html").read_text()
    assert "data:image/png;base64" in page
    assert "{glue" not in page and "The wait is 2.00" in page
    # A what-if reads as a what-if: banner with the changed parameter, headline default vs this run.
    assert "differs from the book" in page and "Run this chapter yourself" in page
    assert "Headline results" in page
    # issue 24: the run box repeats this run (its value of rate), not the book's example
    assert "mmbook run demo --output runs/demo -p rate 1.5</code>" in page


def test_unstable_point_is_a_warning_and_undefined_not_a_number(demo_project):
    out = demo_project / "runs" / "unstable"
    results = run_chapter("demo", {"rate": 3}, out).results
    assert results["undefined"] == {"mm1_wait": "the queue is unstable"}
    assert "mm1_wait" not in results["metrics"]
    assert results["warnings"] == [{"what": "queue unstable", "why": "arrival rate 3.0 >= service rate 2"}]
    assert results["checks"][0]["status"] == "not applicable"
    page = (out / "demo.html").read_text()
    assert "Warnings of this run" in page and "The wait is undefined" in page


def test_bad_parameter_stops_before_anything_is_written(demo_project, capsys):
    out = demo_project / "runs" / "bad"
    assert main(["run", "demo", "-p", "rate", "-3", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert "parameter 'rate' = -3.0 is not allowed: expected 0 < value <= 10" in err
    assert not out.exists()
    with pytest.raises(ParameterError, match="no parameter 'speed'"):
        run_chapter("demo", {"speed": 1}, out)


@pytest.mark.parametrize("args, message", [
    (["-p", "rate", "-inf"], "parameter 'rate' = '-inf' is not allowed: expected a finite number"),
    (["-p", "rate", "1", "-p", "rate", "2"], "parameter 'rate' is given twice"),
    (["-p", "rate", "x"], "parameter 'rate' = 'x' is not allowed: expected a number"),
])
def test_command_line_values_are_refused_in_one_line(demo_project, capsys, args, message):
    out = demo_project / "runs" / "x"
    assert main(["run", "demo", *args, "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("content, message", [
    (b"rate: [1, 2\n", "line 2: malformed YAML"),
    (b"rate:\n\t1.5\n", "line 2: indented with a tab"),
    (b"rate: 1\nrate: 2\n", "line 2: parameter 'rate' is given twice (first on line 1)"),
    (b"rate: \xff\xfe\n", "is not UTF-8 text"),
    (b"- 1\n- 2\n", "must map names to values"),
])
def test_parameter_file_errors_name_the_file_and_line(demo_project, tmp_path, capsys, content, message):
    pfile = tmp_path / "p.yaml"
    pfile.write_bytes(content)
    assert main(["run", "demo", "-f", str(pfile), "--output", str(demo_project / "runs" / "f")]) == 2
    err = capsys.readouterr().err.strip()
    assert str(pfile) in err and message in err and len(err.splitlines()) == 1


def test_parameter_file_folder_and_duplicate_with_command_line(demo_project, tmp_path, capsys):
    assert main(["run", "demo", "-f", str(tmp_path), "--output", str(demo_project / "runs" / "f")]) == 2
    assert "is a folder" in capsys.readouterr().err
    pfile = tmp_path / "p.yaml"
    pfile.write_text("rate: 0.5\n")
    assert main(["run", "demo", "-f", str(pfile), "-p", "rate", "1", "--output", str(demo_project / "r")]) == 2
    assert "given twice (-p and the file" in capsys.readouterr().err


def test_values_parse_the_same_from_file_and_command_line(demo_project, tmp_path):
    from mmbook.cli import read_parameter_file
    from mmbook.params import ParamSpec

    pfile = tmp_path / "p.yaml"
    pfile.write_text("n: 3000.0\nb: yes\n")
    from_file = read_parameter_file(pfile)
    whole = ParamSpec("n", "int", 1, help="h")
    assert whole.coerce("3000.0") == whole.coerce(from_file["n"]) == 3000
    flag = ParamSpec("b", "bool", False, help="h")
    assert flag.coerce("yes") is flag.coerce(from_file["b"]) is True


def test_failing_cell_keeps_log_and_notebook_and_a_later_success_clears_them(demo_project):
    out = demo_project / "runs" / "boom"
    with pytest.raises(ChapterRunError, match=r"chapter 'demo' failed in cell \[\d+\] `if fail:` "
                                              r"\(RuntimeError: asked to fail\)"):
        run_chapter("demo", {"fail": True}, out)
    assert not out.exists()
    log = demo_project / "runs" / "boom.error.log"
    failed = demo_project / "runs" / "boom.failed.ipynb"
    assert "asked to fail" in log.read_text() and "Traceback" in log.read_text()
    assert "asked to fail" in failed.read_text()  # the user can open it at the failing cell
    assert not [p for p in (demo_project / "runs").iterdir() if p.name.endswith(".partial")]
    run_chapter("demo", None, out)
    assert not log.exists() and not failed.exists()


def test_output_never_deletes_what_mmbook_did_not_write(demo_project, capsys):
    mine = demo_project / "mine"
    mine.mkdir()
    (mine / "results.json").write_text("{}")  # looks like a run, but has no marker
    (mine / "thesis.tex").write_text("precious")
    assert main(["run", "demo", "--output", str(mine)]) == 2
    assert "did not write" in capsys.readouterr().err
    assert (mine / "thesis.tex").read_text() == "precious"
    # Replacing our own run removes only our own files.
    out = demo_project / "runs" / "again"
    run_chapter("demo", {"rate": 1.5}, out)
    (out / "notes.txt").write_text("mine")
    run_chapter("demo", None, out)
    assert (out / "notes.txt").read_text() == "mine"
    assert json.loads((out / "results.json").read_text())["parameters"]["rate"] == 1.0


def test_unwritable_output_check(demo_project, monkeypatch):
    """An output folder this user cannot write is refused before anything runs (tested through os.access:
    the test suite runs as root in CI, and root can write anywhere)."""
    from mmbook import runner

    monkeypatch.setattr(runner.os, "access", lambda *a, **k: False)
    with pytest.raises(OutputError, match="cannot write there"):
        runner.check_output_dir(demo_project / "somewhere" / "run")


def test_run_never_writes_into_the_book_build(demo_project):
    with pytest.raises(OutputError, match="inside the book's default build"):
        run_chapter("demo", None, demo_project / "_build" / "chapters" / "demo")


def test_unknown_chapter_and_structured_params_listing(demo_project, capsys):
    assert main(["params", "nosuch"]) == 2
    assert "no chapter 'nosuch'; chapters are: demo" in capsys.readouterr().err
    assert main(["params", "demo", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["parameters"][0] == {
        "name": "rate", "type": "float", "default": 1.0, "min": 0.0, "max": 10.0, "min_exclusive": True,
        "max_exclusive": False, "choices": None, "unit": "1/s", "allowed": "0 < value <= 10",
        "help": "Arrival rate (per second)"}


def test_help_lists_exit_codes_and_cache_folder(capsys):
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    text = capsys.readouterr().out
    assert "130" in text and "interrupted" in text and "MMPERF_CACHE_DIR" in text


def test_ctrl_c_exits_130_and_leaves_nothing(demo_project, tmp_path):
    """SIGINT while the kernel runs: exit 130, one line, no partial folder, no kernel left behind."""
    slow = demo_project / "notebooks" / "demo.md"
    slow.write_text(slow.read_text().replace('if fail:\n', 'import time\ntime.sleep(60)\nif fail:\n'))
    out = demo_project / "runs" / "int"
    short_tmp = Path(tempfile.mkdtemp(prefix="t", dir="/tmp"))  # IPC socket paths must stay short
    env = {**os.environ, "TMPDIR": str(short_tmp)}
    # SIGINT restored to its default in the child: a test run started in the background by a
    # non-interactive shell inherits SIGINT ignored, and Python then keeps ignoring it (no Ctrl-C to test).
    proc = subprocess.Popen([MMBOOK, "run", "demo", "--output", str(out)], env=env, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while time.time() < deadline and not list((demo_project / "runs").glob(".int.*.partial/*.ipynb")):
        time.sleep(0.5)
    time.sleep(3)  # the kernel is now inside time.sleep(60)
    children = _descendants(proc.pid)
    assert any("mmbook.kernel" in _command_line(pid) for pid in children), children  # the kernel runs
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "mmbook: interrupted; no partial output was kept"
    assert not out.exists() and not list((demo_project / "runs").glob(".int.*"))
    assert not list(short_tmp.glob("mmperf-kernel-*"))  # no temporary folders left behind
    time.sleep(1)
    assert [pid for pid in children if _alive(pid)] == []  # the kernel and its helpers are gone
    short_tmp.rmdir()


def test_no_empty_kernel_folders_after_a_run(demo_project, monkeypatch):
    short_tmp = Path(tempfile.mkdtemp(prefix="t", dir="/tmp"))
    monkeypatch.setattr(tempfile, "tempdir", str(short_tmp))
    run_chapter("demo", None, demo_project / "runs" / "k")
    assert list(short_tmp.iterdir()) == []
    short_tmp.rmdir()


def test_a_long_tmpdir_falls_back_to_a_short_kernel_folder(monkeypatch, tmp_path):
    from mmbook.adapter import new_kernel_dir

    long_dir = tmp_path / ("x" * 80)
    long_dir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(long_dir))
    folder = new_kernel_dir()
    assert len(str(folder / "kernel-1234567-12")) < 107
    folder.rmdir()


def test_run_writes_nothing_into_the_book_build(demo_project):
    run_chapter("demo", {"rate": 1.5}, demo_project / "runs" / "b")
    assert not (demo_project / "_build").exists()


def test_a_kernel_that_dies_fails_the_run_instead_of_hanging(demo_project):
    """A cell that kills its own kernel (as the out-of-memory killer would): the run fails in seconds with
    a message saying the kernel died, and leaves no partial folder."""
    nb = demo_project / "notebooks" / "demo.md"
    nb.write_text(nb.read_text().replace('if fail:\n', 'import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n'
                                         'if fail:\n'))
    start = time.perf_counter()
    with pytest.raises(ChapterRunError, match="the kernel died"):
        run_chapter("demo", None, demo_project / "runs" / "dead")
    assert time.perf_counter() - start < 120
    assert not (demo_project / "runs" / "dead").exists()


def test_the_books_own_build_folder_from_before_markers_is_replaced(demo_project):
    """A book build folder written before runs were marked (no .mmbook-run.json) belongs to mmbook: the book's
    build replaces it instead of refusing, while a user's run still may not write there."""
    old = demo_project / "_build" / "chapters" / "demo"
    old.mkdir(parents=True)
    (old / "results.json").write_text("{}")
    (old / "stale.png").write_text("old")
    run_chapter("demo", None, old, allow_book_build=True)
    assert not (old / "stale.png").exists() and (old / MARKER).is_file()
    with pytest.raises(OutputError, match="inside the book's default build"):
        run_chapter("demo", None, old)


def test_run_box_and_source_notebook_are_cached_per_user(tmp_path, monkeypatch):
    """The run box and the converted notebook are made once and then read from the per-user cache; the
    cached box equals a fresh one."""
    from mmbook import pages, runner
    from mmbook.params import load_chapter

    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "cache"))
    spec = load_chapter("zeadally")
    first = pages.cached_run_box(spec, book=False)
    assert first == pages.run_box(spec, book=False)
    assert pages.cached_run_box(spec, book=True) != first  # the book's links differ
    monkeypatch.setattr(pages, "run_box", lambda *a: (_ for _ in ()).throw(AssertionError("made again")))
    assert pages.cached_run_box(spec, book=False) == first
    runner.write_source_notebook(spec.notebook, tmp_path / "a.ipynb")
    monkeypatch.setattr(runner, "notebook_from_myst", lambda *a: (_ for _ in ()).throw(AssertionError("again")))
    runner.write_source_notebook(spec.notebook, tmp_path / "b.ipynb")
    assert (tmp_path / "a.ipynb").read_bytes() == (tmp_path / "b.ipynb").read_bytes()
    assert len(list((tmp_path / "cache" / "notebooks").glob("zeadally-*.ipynb"))) == 1


def test_the_run_box_never_prints_an_empty_value_and_quotes_for_the_shell():
    """hsieh-video's first parameter is trace_file (default ''): the box printed `-p trace_file ` (exit 2 when
    pasted). Every chapter's example command now splits, as a shell splits it, into name-value pairs that are
    all non-empty, and a value with a space stays one word."""
    import shlex

    from mmbook.pages import example_arguments, run_box
    from mmbook.params import ChapterSpec, ParamSpec, chapter_names, load_chapter

    for chapter in chapter_names():
        spec = load_chapter(chapter)
        words = shlex.split(example_arguments(spec))
        assert len(words) == 3 and words[0] == "-p" and words[2].strip(), (chapter, words)
        assert words[1] in spec.parameters and spec.parameters[words[1]].coerce(words[2]) is not None
    video = run_box(load_chapter("hsieh-video"), book=False)
    assert "-p trace_file" not in video and "-p fps 30" in video
    spec = ChapterSpec("x", "X", 1, None, (), {"f": ParamSpec("f", "file", "", help="h"),
                                               "s": ParamSpec("s", "str", "two words", help="h")})
    assert shlex.split(example_arguments(spec)) == ["-p", "s", "two words"]


def test_an_undefined_check_is_null_with_its_reason_in_strict_json(demo_project):
    """The unstable demo point records its check with ours = NaN; results.json holds null and the reason,
    and parses with a strict parser (a bare NaN did not)."""
    from conftest import strict_json_load

    out = demo_project / "runs" / "unstable"
    run_chapter("demo", {"rate": 3}, out)
    results = strict_json_load((out / "results.json").read_text())
    assert results["checks"][0]["ours"] is None
    assert results["null_reasons"] == {"checks[0].ours": "not applicable: the queue is unstable"}
    with pytest.raises(ValueError, match="NaN is not JSON"):
        strict_json_load('{"ours": NaN}')


def test_sigterm_cleans_up_like_ctrl_c_and_exits_143(demo_project):
    """SIGTERM to the mmbook process alone (as `kill PID` or a batch system sends it) while the kernel runs:
    exit 143, one line, no hidden .NAME.*.partial folder, no lock file, no kernel left behind."""
    slow = demo_project / "notebooks" / "demo.md"
    slow.write_text(slow.read_text().replace('if fail:\n', 'import time\ntime.sleep(60)\nif fail:\n'))
    out = demo_project / "runs" / "term"
    short_tmp = Path(tempfile.mkdtemp(prefix="t", dir="/tmp"))
    env = {**os.environ, "TMPDIR": str(short_tmp)}
    proc = subprocess.Popen([MMBOOK, "run", "demo", "--output", str(out)], env=env, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline and not list((demo_project / "runs").glob(".term.*.partial/*.ipynb")):
        time.sleep(0.5)
    time.sleep(3)  # the kernel is now inside time.sleep(60)
    assert list((demo_project / "runs").glob(".term.lock"))  # the run holds its lock
    children = _descendants(proc.pid)
    assert any("mmbook.kernel" in _command_line(pid) for pid in children), children  # the kernel runs
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert err.strip().splitlines()[-1] == "mmbook: terminated (SIGTERM); no partial output was kept"
    assert not out.exists() and not list((demo_project / "runs").glob(".term*"))
    time.sleep(1)
    assert [pid for pid in children if _alive(pid)] == []  # the kernel and its helpers are gone
    shutil.rmtree(short_tmp)


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        out = subprocess.run(["pgrep", "-P", str(todo.pop())], capture_output=True, text=True).stdout.split()
        found += [int(x) for x in out]
        todo += [int(x) for x in out]
    return found


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie (an exited child nobody has reaped yet)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return not any(line.startswith("State:") and "Z" in line.split()[1] for line in status.splitlines())


def test_a_killed_runs_partial_folder_is_removed_by_the_next_run(demo_project):
    """SIGKILL cannot be cleaned up after: the next run into the same folder removes what it left, and only
    that (another output's partial folder and the user's hidden files stay)."""
    runs = demo_project / "runs"
    runs.mkdir()
    stale = runs / ".k.ab12cd_9.partial"
    (stale / "figures").mkdir(parents=True)
    (stale / "demo.ipynb").write_text("{}")
    other = runs / ".k.b.ab12cd_9.partial"  # a run into runs/k.b
    other.mkdir()
    mine = runs / ".k.notes"
    mine.write_text("the user's")
    run_chapter("demo", None, runs / "k")
    assert not stale.exists() and other.is_dir() and mine.read_text() == "the user's"
    assert sorted(p.name for p in runs.iterdir()) == [".k.b.ab12cd_9.partial", ".k.notes", "k"]


def test_a_second_run_into_the_same_folder_is_refused_while_the_first_holds_the_lock(demo_project, capsys):
    from mmbook.runner import OutputLock

    out = demo_project / "runs" / "busy"
    out.parent.mkdir()
    with OutputLock(out):
        assert main(["run", "demo", "--output", str(out)]) == 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert err == (f"mmbook: error: --output {out} is being written by another mmbook run (process "
                       f"{os.getpid()}); wait for it to finish or choose another folder")
        assert not out.exists()
    assert not (out.parent / ".busy.lock").exists()  # released and removed
    assert main(["run", "demo", "--output", str(out)]) == 0 and (out / "results.json").is_file()


def _no_chapter_may_run(monkeypatch):
    from mmbook import runner

    monkeypatch.setattr(runner, "_run_locked", lambda *a, **k: (_ for _ in ()).throw(AssertionError("ran")))
    monkeypatch.setattr(runner, "start_kernel", lambda *a, **k: (_ for _ in ()).throw(AssertionError("ran")))


@pytest.mark.parametrize("case, message", [
    ("long name", "a file name may have at most 255 bytes here"),
    ("dangling symlink", "is a symbolic link to {target}, which does not exist"),
    ("inside _build", "is inside the book's build folder ({build}), which `make clean` deletes"),
    ("a file", "exists and is not a folder"),
])
def test_bad_output_paths_are_refused_before_the_chapter_runs(demo_project, monkeypatch, capsys, case, message):
    _no_chapter_may_run(monkeypatch)
    target = demo_project / "elsewhere"
    out = {"long name": demo_project / "runs" / ("r" * 256), "dangling symlink": demo_project / "link",
           "inside _build": demo_project / "_build" / "newrun", "a file": demo_project / "file"}[case]
    if case == "dangling symlink":
        out.symlink_to(target)
    elif case == "a file":
        out.write_text("the user's")
    assert main(["run", "demo", "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert message.format(target=target, build=demo_project / "_build") in err and len(err.splitlines()) == 1
    assert not target.exists() and not (demo_project / "_build").exists()


def test_a_full_disk_while_writing_the_run_is_one_line_and_leaves_nothing(demo_project, monkeypatch, capsys):
    """The standalone page's write fails with ENOSPC (a monkeypatched write): exit 2, one line, no output
    folder, no partial folder, no lock file; an earlier run in the folder stays as it was."""
    import errno

    from mmbook import standalone

    out = demo_project / "runs" / "full"
    run_chapter("demo", {"rate": 1.5}, out)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(out / "demo.html"))
    monkeypatch.setattr(standalone, "export_html", full_disk)
    assert main(["run", "demo", "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"mmbook: error: --output {out}: cannot write the run (the disk is full")
    assert err[-1].endswith("nothing was kept") and not any("Traceback" in line for line in err)
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["full"]


def test_a_regular_file_as_cache_folder_runs_without_the_cache_and_says_so_once(demo_project, monkeypatch, capfd):
    """MMPERF_CACHE_DIR naming a regular file gave a traceback; now the run completes, one line says the
    cache is not used (from the runner; the kernel is told not to try), and the file is left as it was."""
    from mmperf import simcache

    monkeypatch.setattr(simcache, "_REPORTED", set())
    not_a_folder = demo_project / "cachefile"
    not_a_folder.write_text("the user's file")
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(not_a_folder))
    assert main(["run", "demo", "--output", str(demo_project / "runs" / "nc")]) == 0
    notices = [line for line in capfd.readouterr().err.splitlines() if "simulation cache" in line]
    assert notices == [f"mmperf.simcache: cannot use the cache folder {not_a_folder} (a file is in its place); "
                       "running without the simulation cache (set MMPERF_CACHE_DIR to a writable folder)"], notices
    assert not_a_folder.read_text() == "the user's file"
    assert (demo_project / "runs" / "nc" / "results.json").is_file()


@pytest.mark.slow
def test_the_chapters_own_exercise_command_with_a_relative_trace_file_runs(tmp_path):
    """hsieh-video's exercise tells the reader to run `mmbook run hsieh-video -p trace_file yourfile.csv`
    from their own folder; the kernel runs in notebooks/, where the relative name failed. Now the run
    completes and the reader's trace is used (cheapest settings of tests/test_chapter_hsieh_video.py)."""
    import numpy as np

    sizes = np.tile([24000, 6000, 6000, 12000, 6000, 6000], 100)
    (tmp_path / "yourfile.csv").write_text("bytes\n" + "\n".join(str(int(x)) for x in sizes) + "\n")
    small = ["synthetic_length_scale", "0.05", "startup_max_frames", "12", "fixed_buffer_points", "4",
             "fixed_rate_points", "5", "ciw_frames", "300", "adv_long_startup_frames", "60"]
    args = [MMBOOK, "run", "hsieh-video", "-p", "trace_file", "yourfile.csv", "--output", "runs/mine"]
    for i in range(0, len(small), 2):
        args += ["-p", small[i], small[i + 1]]
    proc = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads((tmp_path / "runs" / "mine" / "results.json").read_text())
    assert results["parameters"]["trace_file"] == str(tmp_path / "yourfile.csv")
    reader = [c for c in results["checks"] if "reader's trace" in c["what"]]
    assert reader and str(reader[0]["ours"]).startswith("yourfile:"), reader


def test_the_scorecard_page_reads_an_undefined_check_as_missing_not_none(demo_project):
    """A check whose `ours` is null in the strict results.json shows on the book's scorecard page as not
    applicable, never with 'None' or 'nan' for its value."""
    from mmbook.build import scorecard_page

    run_chapter("demo", {"rate": 3}, demo_project / "_build" / "chapters" / "demo", allow_book_build=True)
    page = scorecard_page(["demo"])
    row = page[page.index(">wait<"):].split("</tr>")[0]
    assert "not applicable" in row and "None" not in row and "nan" not in row.lower(), row


STUDENT_CELLS = '''
```{code-cell} ipython3
ch.glue("demo_answer", f"the wait is {2 * w:.3f} seconds at twice the scale")
```

```{exercise} Twice the scale
:label: ex-demo-scale
What is the wait at twice the scale?
```

```{solution} ex-demo-scale
:class: dropdown
Doubling the scale doubles every service time, so {glue:text}`demo_answer`.
```
'''


def test_a_student_run_keeps_the_exercise_and_leaks_no_solution(demo_project):
    """Issue 26 item 5: `mmbook run --student` leaves the solution (its words and its computed answer)
    out of every file of the run; the same run without --student shows it, closed."""
    notebook = demo_project / "notebooks" / "demo.md"
    notebook.write_text(notebook.read_text() + STUDENT_CELLS)
    answer = "the wait is 2.000 seconds at twice the scale"  # 2 x 1 / (2 - 1): the M/M/1 wait at rate 1
    full, student = demo_project / "runs" / "full", demo_project / "runs" / "student"
    run_chapter("demo", {}, full)
    run_chapter("demo", {}, student, student=True)
    page = (full / "demo.html").read_text()
    assert answer in page and '<details class="mm-solution">' in page
    for file in student.rglob("*"):
        if file.is_file() and file.suffix in (".html", ".ipynb", ".md", ".json"):
            text = file.read_text()
            assert answer not in text and "doubles every service time" not in text, file.name
    stored = [o.get("metadata", {}).get("scrapbook", {}).get("name") for c in
              json.loads((student / "demo.ipynb").read_text())["cells"] for o in c.get("outputs", [])]
    assert "demo_answer" not in stored and "wait_text" in stored  # the answer's output goes, the rest stays
    assert "Twice the scale" in (student / "demo.html").read_text()
