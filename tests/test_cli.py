"""The command line's own parsing (the runs themselves: tests/test_runner.py and tests/test_sweep.py)."""

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
