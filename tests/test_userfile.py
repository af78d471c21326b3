"""Tests of mmbook.userfile: one reader of the YAML files a user gives the CLI, one line per refusal."""

from __future__ import annotations

import dataclasses

import pytest

from mmbook.userfile import FileKind, read_yaml


class Refused(ValueError):
    pass


KIND = FileKind(name="toy file", example="toy.yml", error=Refused, missing=" (--template {path} writes one)",
                twice="{path}, line {line}: {key!r} twice (first on line {first})")


def _file(tmp_path, content: str | bytes):
    path = tmp_path / "t.yml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_a_mapping_an_empty_file_and_the_numbers_yaml_reads(tmp_path):
    assert read_yaml(_file(tmp_path, "a: 1\nb: 0x10\n"), KIND) == {"a": 1, "b": 16}
    assert read_yaml(_file(tmp_path, ""), KIND) is None


def test_strict_numbers_keep_what_is_not_a_decimal_literal_as_text(tmp_path):
    """0x10 and 1_000 stay text, 17 and 2.5 are numbers (mmbook.params.parse_number)."""
    strict = dataclasses.replace(KIND, strict_numbers=True)
    assert read_yaml(_file(tmp_path, "a: 0x10\nb: 1_000\nc: 17\nd: 2.5\n"), strict) == {
        "a": "0x10", "b": "1_000", "c": 17, "d": 2.5}


@pytest.mark.parametrize(("content", "message"), [
    ("a: 1\nb: 2\na: 3\n", "{path}, line 3: 'a' twice (first on line 1)"),
    ("a: 1\n\tb: 2\n", "{path}, line 2: indented with a tab; YAML allows spaces only"),
    ("a: [1\n", "{path}, line 2: malformed YAML (expected ',' or ']', but got '<stream end>')"),
    (b"a: \xff\n", "toy file {path} is not UTF-8 text (byte 3); save it as UTF-8"),
])
def test_a_bad_file_is_one_line_naming_it_and_what_is_wrong(tmp_path, content, message):
    path = _file(tmp_path, content)
    with pytest.raises(Refused) as caught:
        read_yaml(path, KIND)
    assert str(caught.value) == message.format(path=path)


def test_a_folder_and_a_missing_file_are_refused_with_the_kinds_words(tmp_path):
    with pytest.raises(Refused) as caught:
        read_yaml(tmp_path, KIND)
    assert str(caught.value) == f"toy file {tmp_path} is a folder; give a YAML file such as toy.yml"
    missing = tmp_path / "no.yml"
    with pytest.raises(Refused) as caught:
        read_yaml(missing, KIND)
    assert str(caught.value) == f"toy file {missing} does not exist (--template {missing} writes one)"
