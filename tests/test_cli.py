"""The command line's own parsing (the runs themselves: tests/test_runner.py and tests/test_sweep.py)."""

import json
from pathlib import Path

import pytest

from mmbook.cli import UsageError, _join_param_pairs, main, read_parameter_file
from mmbook.params import ParameterError, ParamSpec


def test_param_pairs_keep_values_that_start_with_a_dash():
    assert _join_param_pairs(["run", "c", "-p", "x", "-3", "-p", "y", "-inf"]) == [
        "run", "c", "--param=x=-3", "--param=y=-inf"]
    with pytest.raises(UsageError, match="needs a NAME and a VALUE"):
        _join_param_pairs(["run", "c", "-p", "x"])


def test_file_numbers_follow_the_strict_rule_and_otherwise_stay_text(tmp_path):
    """YAML 1.1 reads 0x10 as 16, 1_000 as 1000, 017 as 15 (octal) and 1:30 as 90; a parameter file keeps
    each as the text typed, so a numeric parameter refuses it and a text parameter keeps it as written."""
    f = tmp_path / "p.yaml"
    f.write_text("a: 0x10\nb: 1_000\nc: 017\nd: 1:30\ne: .nan\nf: 2.5\ng: 15\nh: 1e3\ni: true\n")
    assert read_parameter_file(f) == {"a": "0x10", "b": "1_000", "c": 17, "d": "1:30", "e": ".nan", "f": 2.5,
                                      "g": 15, "h": "1e3", "i": True}
    with pytest.raises(ParameterError, match="'x' = '0x10' is not allowed: expected a number written as a decimal"):
        ParamSpec("x", "float", 1.0, help="h").coerce("0x10")
    assert ParamSpec("x", "float", 1.0, help="h").coerce("1e3") == 1000.0
    assert ParamSpec("s", "str", "a", help="h").coerce("0x10") == "0x10"


def test_parameter_file_line_numbers(tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text("a: 1\nb: 2\na: 3\n")
    with pytest.raises(UsageError, match=r"p.yaml, line 3: parameter 'a' is given twice \(first on line 1\)"):
        read_parameter_file(f)
    f.write_text("")
    assert read_parameter_file(f) == {}


def test_list_and_params_of_the_real_book(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "zeadally" in out and "parameters)" in out
    assert main(["params", "zeadally"]) == 0
    assert "allowed:" in capsys.readouterr().out


def test_sweep_needs_a_grid_or_a_sample(demo_project, capsys):
    assert main(["sweep", "demo", "--output", str(demo_project / "s")]) == 2
    assert "needs --grid" in capsys.readouterr().err
    assert main(["sweep", "demo", "--sample", "3", "--output", str(demo_project / "s")]) == 2
    assert "needs the parameters to vary" in capsys.readouterr().err


@pytest.mark.parametrize("value, allowed", [
    ("2_5", "a number written as a decimal literal"),
    ("\uff13\uff10", "a number written as a decimal literal"),
    ("0x10", "a number written as a decimal literal"),
    ("inf", "a finite number (0 < value <= 10)"),
    ("nan", "a finite number (0 < value <= 10)"),
    ("8,,30", "a number written as a decimal literal"),
])
def test_run_refuses_numbers_that_are_not_decimal_literals(demo_project, capsys, value, allowed):
    out = demo_project / "runs" / "x"
    assert main(["run", "demo", "-p", "rate", value, "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"parameter 'rate' = {value!r} is not allowed: expected {allowed}" in err
    assert len(err.splitlines()) == 1 and not out.exists()


def test_a_list_with_an_empty_item_is_refused_by_the_real_chapter(tmp_path, capsys):
    """`-p frame_rates 8,,30` was read as [8, 30]."""
    out = tmp_path / "run"
    assert main(["run", "huynh", "-p", "frame_rates", "8,,30", "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "parameter 'frame_rates' = '8,,30' is not allowed: expected a list of float without empty items" in err
    assert "item 2 of '8,,30' is empty" in err and len(err.splitlines()) == 1 and not out.exists()


def test_a_relative_trace_file_is_resolved_against_the_working_folder(tmp_path, monkeypatch, capsys):
    """hsieh-video's kernel runs in notebooks/: the path the reader typed is made absolute before it starts,
    and a missing file is refused in one line before anything runs."""
    from mmbook.params import load_chapter

    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.csv").write_text("frame_bytes\n" + "\n".join(["12000", "3000", "2500"] * 40) + "\n")
    values = load_chapter("hsieh-video").resolve({"trace_file": "mine.csv"})
    assert values["trace_file"] == str(tmp_path / "mine.csv")
    assert main(["run", "hsieh-video", "-p", "trace_file", "missing.csv", "--output", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err.strip()
    assert f"parameter 'trace_file': no such file: missing.csv (looked for {tmp_path / 'missing.csv'})" in err
    assert len(err.splitlines()) == 1 and not (tmp_path / "r").exists()


# -- mmbook compare ---------------------------------------------------------------------------------------

def _run_folder(folder, chapter="demo", **metrics):
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps({"chapter": chapter, "metrics": metrics, "undefined": {}}))
    return folder


def test_compare_reports_the_change_of_a_relative_to_b(tmp_path, capsys):
    """A = 460 Mbit/s (a faster bus), B = 230: the change is (460 - 230) / 230 = +100 %, stated in the header;
    an unchanged metric is not listed."""
    a = _run_folder(tmp_path / "faster-bus", z_mbps=460.0, same=1.0)
    b = _run_folder(tmp_path / "default", z_mbps=230.0, same=1.0)
    out = tmp_path / "c.csv"
    assert main(["compare", str(a), str(b), "--output", str(out)]) == 0
    text = capsys.readouterr().out
    assert "change = (A - B) / |B|: positive when A is larger" in text
    row = next(line for line in text.splitlines() if line.startswith("z_mbps"))
    assert row.split()[1:] == ["460", "230", "+100.0", "%"] and "same" not in text
    assert out.read_text() == "metric,A,B,change (A - B) / |B|\nz_mbps,460.0,230.0,1.0\n"
    assert main(["compare", str(b), str(a)]) == 0  # the other way round: (230 - 460) / 460 = -50 %
    assert "-50.0 %" in capsys.readouterr().out


def test_compare_without_b_uses_the_books_default_build(demo_project, capsys):
    run = _run_folder(demo_project / "runs" / "x", mm1_wait=3.0)
    _run_folder(demo_project / "_build" / "chapters" / "demo", mm1_wait=2.0)
    assert main(["compare", str(run)]) == 0
    out = capsys.readouterr().out
    assert "B = the book's default build" in out and "+50.0 %" in out  # (3 - 2) / 2


@pytest.mark.parametrize("case, message", [
    ("missing", "A: {a} does not exist"),
    ("file", "A: {a} is a file, not a run folder"),
    ("empty", "A: {a} is not a run folder (no results.json)"),
    ("malformed", "{a}/results.json is not valid JSON (line 1, column 21"),
    ("no metrics", "{a}/results.json is not the results of a chapter run"),
    ("other chapter", "A ({a}) is a run of 'sharp' and B ({b}) of 'demo': compare two runs of the same chapter"),
    ("no default", "no default build of 'demo' to compare with"),
])
def test_compare_bad_folders_are_one_line(demo_project, capsys, case, message):
    a, b = demo_project / "a", _run_folder(demo_project / "b", mm1_wait=1.0)
    if case == "file":
        a.write_text("x")
    elif case == "empty":
        a.mkdir()
    elif case == "malformed":
        a.mkdir()
        (a / "results.json").write_text('{"metrics": {"x": 1,}}')
    elif case == "no metrics":
        a.mkdir()
        (a / "results.json").write_text("[1, 2]")
    elif case in ("other chapter", "no default"):
        _run_folder(a, chapter="sharp" if case == "other chapter" else "demo", mm1_wait=2.0)
    args = ["compare", str(a)] + ([] if case == "no default" else [str(b)])
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert message.format(a=a, b=b) in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("case, message", [
    ("exists", "is a file that exists; compare never overwrites"),
    ("folder", "is a folder; compare never overwrites"),
    ("no parent", "the folder {parent} does not exist"),
    ("long name", "the name is longer than the 255 bytes"),
    ("dangling symlink", "compare never overwrites"),
])
def test_compare_output_is_never_overwritten_and_bad_paths_are_one_line(tmp_path, capsys, case, message):
    a = _run_folder(tmp_path / "a", x=2.0)
    b = _run_folder(tmp_path / "b", x=1.0)
    out = tmp_path / "c.csv"
    if case == "exists":
        out.write_text("the user's own table\n")
    elif case == "folder":
        out.mkdir()
    elif case == "no parent":
        out = tmp_path / "nowhere" / "c.csv"
    elif case == "long name":
        out = tmp_path / ("c" * 256 + ".csv")
    elif case == "dangling symlink":
        out.symlink_to(tmp_path / "elsewhere.csv")
    assert main(["compare", str(a), str(b), "--output", str(out)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert message.format(parent=out.parent) in err and len(err.splitlines()) == 1, err
    assert captured.out == ""  # refused before anything was compared or printed
    if case == "exists":
        assert out.read_text() == "the user's own table\n"
    assert not (tmp_path / "elsewhere.csv").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_compare_on_a_full_disk_leaves_nothing_half_written(tmp_path, monkeypatch, capsys):
    """The write fails with ENOSPC after half the text reached the disk: one line, no file, no partial file."""
    import errno

    a = _run_folder(tmp_path / "a", x=2.0)
    b = _run_folder(tmp_path / "b", x=1.0)
    out = tmp_path / "c.csv"
    from mmbook import compare

    real_open = Path.open

    class Full:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])  # half of it reaches the disk, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")

    def open_on_a_full_disk(self, mode="r", *args, **kwargs):
        handle = real_open(self, mode, *args, **kwargs)
        return Full(handle) if "x" in mode or "w" in mode else handle
    monkeypatch.setattr(compare.Path, "open", open_on_a_full_disk)
    assert main(["compare", str(a), str(b), "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"--output {out}: cannot write (the disk is full); nothing was written" in err
    assert len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


@pytest.mark.slow
def test_compare_of_a_real_what_if_against_the_books_build_is_positive_where_the_metric_rises(demo_project, capsys):
    """The README's example on the demo chapter: the book's build at rate 1 has wait 1 / (2 - 1) = 1 s; a
    what-if at rate 1.5 has 1 / (2 - 1.5) = 2 s, so `compare` (B omitted) shows +100 %."""
    from mmbook.runner import run_chapter

    run_chapter("demo", None, demo_project / "_build" / "chapters" / "demo", allow_book_build=True)
    assert main(["run", "demo", "-p", "rate", "1.5", "--output", str(demo_project / "runs" / "busier")]) == 0
    capsys.readouterr()
    assert main(["compare", str(demo_project / "runs" / "busier")]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("mm1_wait"))
    assert row.split()[1:] == ["2", "1", "+100.0", "%"]


def test_run_puts_the_previous_sigterm_handler_back(demo_project):
    """`mmbook run` turns SIGTERM into a clean-up (exit 143) only while it runs: a process calling main() (a
    test runner, a notebook) keeps its own handler afterwards."""
    import signal

    before = signal.getsignal(signal.SIGTERM)
    assert main(["run", "demo", "-p", "rate", "-1", "--output", str(demo_project / "x")]) == 2
    assert signal.getsignal(signal.SIGTERM) is before


# ----------------------------------------------------------------------------- mmbook check (the grader)
SINGLE_QUEUES_BY_HAND = {
    "ex-single-queues-1": 10,          # W = 1 / (1 - 0.9)
    "ex-single-queues-2": 4.5 / 7,     # Erlang C, c 2, a 1.5: (a^2 / 2) / (1 - 0.75) = 4.5 over 1 + 1.5 + 4.5
    "ex-single-queues-3": 0.5,         # (1 + 0) / 2
    "ex-single-queues-4": 10,          # 0.8 / 0.2 x (1 + 4) / 2
    "ex-single-queues-5": 1 / 6,       # 1 / (K + 1), K 5
    "ex-single-queues-6": 10 / 11,     # rho / (1 - rho) = 10
    "ex-single-queues-7": 4 / 19,      # Erlang B, c 3, a 2: (8 / 6) / (1 + 2 + 2 + 8 / 6)
    "ex-single-queues-8": 126,         # ((1.96 + 0.84) x 0.2 / 0.05)^2 = 125.4, rounded up
}


def _answers_file(path, answers):
    path.write_text("".join(f"{label}: {value!r}\n" for label, value in answers.items()), encoding="utf-8")
    return path


@pytest.mark.slow
def test_check_a_right_and_a_wrong_answers_file_on_single_queues(tmp_path, capsys, monkeypatch):
    """Exercises 1-8 by hand (above); exercise 9 is a simulation's number, taken from the run's own glued
    value. Right: every line 'right', 9 of 9, exit 0. Wrong: exercise 1 at 13 (30 % above W = 10) and exercise 3
    at 0.45 (10 % below 0.5): the instructor's lines say by how much, the student's only the direction, exit 1.
    The second check reuses the first's model values (the book's build or the per-user cache): no run."""
    from mmbook import grading, runner

    ex9 = grading.model_values("single-queues")["ex9_length_factor"]
    right = _answers_file(tmp_path / "right.yml", {**SINGLE_QUEUES_BY_HAND, "ex-single-queues-9": ex9})
    assert main(["check", "single-queues", str(right), "--student"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ex-single-queues-{n}: right" for n in range(1, 10)] + ["9 of 9 right"]

    def no_run(*args, **kwargs):
        raise AssertionError("the second check ran the chapter again")
    monkeypatch.setattr(runner, "run_chapter", no_run)
    wrong = _answers_file(tmp_path / "wrong.yml", {**SINGLE_QUEUES_BY_HAND, "ex-single-queues-1": 13,
                                                   "ex-single-queues-3": 0.45})
    assert main(["check", "single-queues", str(wrong)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("ex-single-queues-1: wrong: expected within 2 % of the model's value, 10 mean service times; "
                      "yours is 30 % high")
    assert out[2] == "ex-single-queues-3: wrong: expected within 1 % of the model's value, 0.5; yours is 10 % low"
    assert out[-2] == "ex-single-queues-9: not answered" and out[-1] == "6 of 9 right (1 not answered)"
    assert main(["check", "single-queues", str(wrong), "--student"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("yours is too high") and out[2].endswith("yours is too low")
    assert not any("10 mean service times" in line or "0.5;" in line for line in out)


@pytest.mark.parametrize("argv, message", [
    (["check", "no-such-chapter", "a.yml"], "no chapter 'no-such-chapter'"),
    (["check", "single-queues", "missing.yml"], "answers file missing.yml does not exist"),
    (["check", "single-queues", "bad.yml"], "bad.yml: ex-single-queues-1: 'ten' is not a number"),
    (["check", "single-queues", "label.yml"], "label.yml: ex-laws-knee: chapter 'single-queues' has no exercise"),
    (["check", "single-queues", "latin1.yml"], "answers file latin1.yml is not UTF-8 text"),
    (["check", "single-queues"], "needs the answers file"),
    (["check", "single-queues", "--template", "bad.yml"], "--template bad.yml exists; it is never overwritten"),
])
def test_check_refuses_bad_input_in_one_line_before_anything_runs(tmp_path, capsys, monkeypatch, argv, message):
    from mmbook import grading

    def no_model(*args, **kwargs):
        raise AssertionError("bad input reached the model")
    monkeypatch.setattr(grading, "model_values", no_model)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yml").write_text("ex-single-queues-1: ten\n", encoding="utf-8")
    (tmp_path / "label.yml").write_text("ex-laws-knee: 2.7\n", encoding="utf-8")
    (tmp_path / "latin1.yml").write_bytes("ex-single-queues-1: 10 \xb5s\n".encode("latin-1"))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_check_template_writes_a_new_file_only(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["check", "queue-networks", "--template"]) == 0
    written = tmp_path / "queue-networks-answers.yml"
    assert "ex-queue-networks-9:" in written.read_text(encoding="utf-8")
    assert "mmbook check queue-networks queue-networks-answers.yml --student" in capsys.readouterr().err
    assert main(["check", "queue-networks", "mine.yml", "--template"]) == 0 and (tmp_path / "mine.yml").is_file()


def test_run_launches_the_kernel_before_pandas_is_imported(tmp_path):
    """`mmbook run` launches the chapter's kernel first thing, and pandas (about 0.4 s to import here) is not
    needed before it: the kernel imports pandas itself while the runner prepares. A fresh interpreter shows
    what the command has imported by the time it launches the kernel (faked here, so nothing runs)."""
    import subprocess
    import sys

    code = ("import sys\nfrom mmbook import cli, runner\nseen = []\n"
            "def launch(*args, **kwargs):\n    seen.append('pandas' in sys.modules)\n    raise KeyboardInterrupt\n"
            "runner.start_kernel = launch\n"
            f"try:\n    cli.main(['run', 'zeadally', '--output', {str(tmp_path / 'z')!r}])\n"
            "except BaseException:\n    pass\nprint(seen)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[-2] == "[False]"
