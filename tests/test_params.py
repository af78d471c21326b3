"""Parameter specifications: coercion, ranges, and the messages users see."""

import pytest

from mmbook.params import ParameterError, ParamSpec, load_chapter


def test_float_range_inclusive_and_exclusive():
    p = ParamSpec("rate", "float", 1.0, help="a rate", min=0, min_exclusive=True, max=10)
    assert p.coerce("10") == 10.0
    with pytest.raises(ParameterError, match=r"'rate' = 0.0 is not allowed: expected 0 < value <= 10"):
        p.coerce(0)
    with pytest.raises(ParameterError, match="rate"):
        p.coerce(10.5)


def test_int_refuses_fractions_and_words():
    p = ParamSpec("reps", "int", 5, help="replications", min=1, max=100)
    assert p.coerce("7") == 7
    assert p.coerce(7.0) == 7
    with pytest.raises(ParameterError, match="a whole number"):
        p.coerce("7.5")
    with pytest.raises(ParameterError, match="reps"):
        p.coerce("many")


def test_bool_and_choices():
    b = ParamSpec("shm", "bool", True, help="use shared memory")
    assert b.coerce("false") is False and b.coerce("yes") is True
    with pytest.raises(ParameterError, match="true or false"):
        b.coerce("maybe")
    c = ParamSpec("host", "str", "386", help="host", choices=("386", "486"))
    assert c.coerce(486) == "486"
    with pytest.raises(ParameterError, match="one of '386', '486'"):
        c.coerce("586")


def test_list_parameters_from_command_line():
    p = ParamSpec("rates", "list[float]", [8.0], help="frame rates", min=1, max=60)
    assert p.coerce("8,15,30") == [8.0, 15.0, 30.0]
    assert p.coerce("[8, 15]") == [8.0, 15.0]
    with pytest.raises(ParameterError, match="rates"):
        p.coerce("8,100")
    with pytest.raises(ParameterError, match="non-empty list"):
        p.coerce([])


def test_nan_and_bool_are_not_numbers():
    p = ParamSpec("x", "float", 1.0, help="x")
    with pytest.raises(ParameterError, match="finite"):
        p.coerce("nan")
    with pytest.raises(ParameterError):
        p.coerce(True)


def test_help_is_required():
    with pytest.raises(ValueError, match="one-line meaning"):
        ParamSpec("x", "float", 1.0)


def test_unknown_parameter_lists_known_ones(demo_project):
    spec = load_chapter("demo")
    with pytest.raises(ParameterError, match=r"no parameter 'rat'; its parameters are: rate, scale, fail"):
        spec.resolve({"rat": 1})
    assert spec.resolve({"rate": "2"}) == {"rate": 2.0, "scale": 1.0, "fail": False}


def test_cross_parameter_rules_refuse_before_compute_without_importing_models():
    from mmbook.params import ChapterSpec

    params = {"warmup": ParamSpec("warmup", "int", 10, help="h", min=0),
              "frames": ParamSpec("frames", "int", 100, help="h", min=1)}
    rule = {"require": "warmup < frames", "message": "warmup must be smaller than frames"}
    spec = ChapterSpec("demo", "Demo", 1, None, (), params, rules=(rule,))
    assert spec.resolve({"warmup": 50})["warmup"] == 50
    with pytest.raises(ParameterError, match=r"warmup must be smaller than frames \(rule: warmup < frames; "
                                             r"values: warmup = 100, frames = 100\)"):
        spec.resolve({"warmup": 100})


def test_whole_numbers_read_alike_from_files_and_command_lines():
    p = ParamSpec("n", "int", 1, help="h")
    assert p.coerce("3000.0") == p.coerce(3000.0) == p.coerce("3000") == 3000
    with pytest.raises(ParameterError, match="a whole number"):
        p.coerce("3000.5")


def test_unknown_spec_keys_are_refused(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "_config.yml").write_text("title: t\n")
    (tmp_path / "notebooks" / "x.yml").write_text("title: X\nheadlines: [a]\nparameters: {}\n")
    (tmp_path / "notebooks" / "x.md").write_text("# X\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    with pytest.raises(ValueError, match="unknown keys \\['headlines'\\]"):
        load_chapter("x")


def test_unquoted_yaml_word_in_string_choices_is_refused(tmp_path, monkeypatch):
    """`choices: [off, shaping]` reads `off` as False: the spec is refused with the fix (quote it);
    quoted, it loads and offers the word."""
    (tmp_path / "data").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "_config.yml").write_text("title: t\n")
    (tmp_path / "notebooks" / "x.md").write_text("# X\n")
    spec = ("title: X\nparameters:\n  mode: {type: str, default: shaping, help: h, choices: [%s, shaping]}\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    (tmp_path / "notebooks" / "x.yml").write_text(spec % "off")
    with pytest.raises(ValueError, match="parameter 'mode': choice False is not a string .* quote it: \"off\""):
        load_chapter("x")
    (tmp_path / "notebooks" / "x.yml").write_text(spec % '"off"')
    assert load_chapter("x").parameters["mode"].choices == ("off", "shaping")
