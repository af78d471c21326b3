"""The command line's own parsing (the runs themselves: tests/test_runner.py and tests/test_sweep.py)."""

import pytest

from mmbook.cli import UsageError, _join_param_pairs, _scalar, main, read_parameter_file


def test_param_pairs_keep_values_that_start_with_a_dash():
    assert _join_param_pairs(["run", "c", "-p", "x", "-3", "-p", "y", "-inf"]) == [
        "run", "c", "--param=x=-3", "--param=y=-inf"]
    with pytest.raises(UsageError, match="needs a NAME and a VALUE"):
        _join_param_pairs(["run", "c", "-p", "x"])


def test_scalars_read_like_yaml():
    assert _scalar("15") == 15 and _scalar("1e3") == 1000.0 and _scalar("false") is False
    assert _scalar("8,15,30") == "8,15,30" and _scalar("fifo") == "fifo" and _scalar("-inf") == "-inf"


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
