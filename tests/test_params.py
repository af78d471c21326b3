"""Parameter specifications: coercion, ranges, and the messages users see."""

import pytest

from mmbook.params import ParameterError, ParamSpec, load_chapter, parse_number, resolve_file, split_list


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


def test_book_part_is_foundations_or_studies_and_foundations_come_first(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "_config.yml").write_text("title: t\n")
    for name, extra in (("study", "order: 1\n"), ("laws", "order: 50\nbook_part: foundations\n"),
                        ("bad", "order: 2\nbook_part: appendix\n")):
        (tmp_path / "notebooks" / f"{name}.yml").write_text(f"title: X\n{extra}parameters: {{}}\n")
        (tmp_path / "notebooks" / f"{name}.md").write_text("# X\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    assert load_chapter("laws").book_part == "foundations" and load_chapter("study").book_part == "studies"
    with pytest.raises(ValueError, match="book_part must be one of foundations, studies, got 'appendix'"):
        load_chapter("bad")
    from mmbook.params import chapter_names

    assert chapter_names() == ["laws", "study", "bad"]


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


@pytest.mark.parametrize("text, kind, expected", [
    ("15", "float", 15.0), ("-2.5", "float", -2.5), (".5", "float", 0.5), ("5.", "float", 5.0),
    ("1e3", "float", 1000.0), ("+1E-3", "float", 0.001), (" 7 ", "int", 7), ("3e3", "int", 3000),
    ("3000.0", "int", 3000), ("017", "int", 17),
])
def test_parse_number_reads_decimal_literals(text, kind, expected):
    value = parse_number(text, kind)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize("text", ["2_5", "\uff13\uff10", "\u0663", "0x10", "0b11", "0o17", "1:30", "inf", "-inf",
                                  "nan", "NaN", "", " ", "1e", "e3", "1.2.3", "--1", "1,5", "15 fps", "\u00bd"])
def test_parse_number_refuses_everything_else(text):
    """Python's float() reads '2_5' as 25, '\uff13\uff10' (full-width) as 30 and '\u0663' (Arabic-Indic three) as 3;
    int(x, 0) reads '0x10' as 16; YAML 1.1 reads '1:30' as 90. None of them is a decimal literal."""
    with pytest.raises(ValueError, match="is not a decimal number"):
        parse_number(text)


def test_parse_number_refuses_a_fraction_for_a_whole_number_and_allows_infinity_only_when_asked():
    with pytest.raises(ValueError):
        parse_number("7.5", "int")
    assert parse_number("-inf", allow_infinite=True) == float("-inf")
    assert parse_number(".inf", allow_infinite=True) == float("inf")
    with pytest.raises(ValueError):
        parse_number("nan", allow_infinite=True)
    spec = ParamSpec("bound", "float", 1.0, help="h", allow_infinite=True)
    assert spec.coerce("inf") == float("inf")
    with pytest.raises(ParameterError, match="finite"):
        spec.coerce(float("nan"))


@pytest.mark.parametrize("text", ["8,,30", "8,15,", ",8", "[8,,30]", "[]", "", "[8, 15", " , "])
def test_lists_with_an_empty_item_are_refused(text):
    with pytest.raises(ValueError):
        split_list(text)
    p = ParamSpec("frame_rates", "list[float]", [8.0], help="frame rates", min=1, max=60)
    with pytest.raises(ParameterError, match="'frame_rates' = .* is not allowed: expected a"):
        p.coerce(text)


def test_list_items_follow_the_same_number_rule():
    p = ParamSpec("frame_rates", "list[int]", [8], help="h", min=1, max=60)
    assert p.coerce("8, 15,30") == [8, 15, 30] and p.coerce("[8, 15]") == [8, 15]
    with pytest.raises(ParameterError, match="'frame_rates' = '2_5'"):
        p.coerce("8,2_5")
    assert ParamSpec("names", "list[str]", ["a"], help="h").coerce("['a, b', c]") == ["a, b", "c"]


def test_file_parameters_resolve_against_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "trace.csv").write_text("100\n")
    monkeypatch.chdir(tmp_path)
    p = ParamSpec("trace_file", "file", "", help="a trace")
    assert p.coerce("trace.csv") == str(tmp_path / "trace.csv")
    assert p.coerce("") == "" and p.allowed() == "the path of an existing file, or '' for none"
    with pytest.raises(ParameterError, match=r"parameter 'trace_file': no such file: nosuch.csv \(looked for "
                                             + str(tmp_path / "nosuch.csv").replace("/", "/") + r"\)"):
        p.coerce("nosuch.csv")
    with pytest.raises(ParameterError, match="is a folder, not a file"):
        p.coerce(str(tmp_path))
    assert resolve_file("trace.csv", base=tmp_path) == str(tmp_path / "trace.csv")


def test_every_file_like_parameter_of_the_book_is_declared_as_a_file():
    """A parameter named *_file or *_path in a chapter's specification has type file, so the runner resolves
    it against the reader's working folder (hsieh-video's trace_file was a plain str)."""
    from mmbook.params import chapter_names

    for chapter in chapter_names():
        for name, p in load_chapter(chapter).parameters.items():
            if name.endswith(("_file", "_path")):
                assert p.type == "file", f"{chapter}: {name} is {p.type}"


def test_package_defaults_to_the_chapter_name_and_may_be_named(tmp_path, monkeypatch):
    """A chapter's study package is its name with '-' as '_' unless its spec names another (Part I's chapters
    live in mmstudies.foundations_*); a package that is no Python identifier is refused."""
    (tmp_path / "data").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "_config.yml").write_text("title: t\n")
    for name, extra in (("my-study", ""), ("laws", "package: foundations_laws\n"), ("bad", "package: a-b\n")):
        (tmp_path / "notebooks" / f"{name}.yml").write_text(f"title: X\n{extra}parameters: {{}}\n")
        (tmp_path / "notebooks" / f"{name}.md").write_text("# X\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    assert load_chapter("my-study").package == "my_study"
    assert load_chapter("laws").package == "foundations_laws"
    with pytest.raises(ValueError, match="package must be a Python identifier"):
        load_chapter("bad")


def test_a_headline_metric_named_as_a_parameter_is_refused_before_anything_runs(tmp_path, monkeypatch, capsys):
    """The spec's headline names a metric 'rate', which is also a parameter: load_chapter refuses the spec with one
    line naming the file, the name and the rule, and `mmbook run` exits 2 having written nothing."""
    from mmbook.cli import main

    (tmp_path / "data").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "_config.yml").write_text("title: t\n")
    spec = tmp_path / "notebooks" / "x.yml"
    spec.write_text("title: X\nheadline: [wait_ms, rate]\n"
                    "parameters:\n  rate:\n    type: float\n    default: 1.0\n    help: arrivals per second\n")
    (tmp_path / "notebooks" / "x.md").write_text("# X\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    message = (f"{spec}: headline metric 'rate' has the name of a parameter; a metric's name must differ from every "
               "parameter's")
    with pytest.raises(ParameterError) as caught:
        load_chapter("x")
    assert str(caught.value) == message
    out = tmp_path / "out"
    assert main(["run", "x", "--output", str(out)]) == 2
    assert capsys.readouterr().err == f"mmbook: error: {message}\n"
    assert not out.exists()
