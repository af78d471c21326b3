"""Reading a YAML file a user gives the CLI: ``mmbook run -f`` parameter files, ``mmbook check`` answers files.

One reader, one set of refusals: a folder, a missing file, bytes that are not UTF-8, an unreadable file, a line
indented with a tab, malformed YAML and a key given twice each stop with one line naming the file (and the line)
and what is allowed, raised as the caller's own error (the CLI turns it into exit status 2). What a file of each
kind is called, its example name and the words for a repeated key are the caller's (:class:`FileKind`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mmbook import params as params_mod


@dataclass(frozen=True)
class FileKind:
    """The words and rules of one kind of user file.

    ``twice`` is a ``str.format`` template with the fields ``path``, ``line``, ``key`` and ``first`` (the line
    the key was first given on); ``missing`` follows "does not exist" (field ``path``); ``strict_numbers``
    reads a number only when written as a decimal literal (:func:`mmbook.params.parse_number`)."""

    name: str                       #: "parameter file", "answers file"
    example: str                    #: a file name to suggest when given a folder
    twice: str                      #: the refusal of a key given twice
    error: type[Exception]          #: what is raised
    missing: str = ""               #: a hint after "... does not exist"
    strict_numbers: bool = False


class _UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses a key given twice in one mapping (YAML itself keeps the last)."""

    kind: FileKind


def _construct_unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False):
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise loader.kind.error(loader.kind.twice.format(path=loader.name, line=key_node.start_mark.line + 1,
                                                             key=key, first=seen[key]))
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping)


class _StrictNumberLoader(_UniqueKeyLoader):
    """:class:`_UniqueKeyLoader` that reads a number only when written as a decimal literal."""


def _construct_strict_number(loader: _UniqueKeyLoader, node: yaml.ScalarNode) -> Any:
    """A number only when written as a decimal literal (:func:`mmbook.params.parse_number`); anything else YAML 1.1
    would read as a number (``0x10``, ``1_000``, ``017`` as octal, ``1:30``, ``.nan``) stays the text it is, which
    a numeric parameter then refuses and a text parameter keeps as typed."""
    kind = "int" if node.tag.endswith(":int") else "float"
    try:
        return params_mod.parse_number(node.value, kind)
    except ValueError:
        return node.value


_StrictNumberLoader.add_constructor("tag:yaml.org,2002:int", _construct_strict_number)
_StrictNumberLoader.add_constructor("tag:yaml.org,2002:float", _construct_strict_number)


def _tab_indented_line(text: str) -> int | None:
    """The number of the first line whose indentation holds a tab, or None.

    Examples
    --------
    >>> _tab_indented_line("a: 1\\nb:\\n\\tc: 2\\n"), _tab_indented_line("a: 1\\t# a tab after the value\\n")
    (3, None)
    """
    return next((i for i, line in enumerate(text.splitlines(), 1) if "\t" in line[: len(line) - len(line.lstrip())]),
                None)


def read_yaml(path: Path, kind: FileKind) -> Any:
    """The YAML document of ``path`` (None for an empty file), refusing what cannot be meant with ``kind.error``.

    Examples
    --------
    >>> import tempfile
    >>> kind = FileKind("answers file", "answers.yml", "{path}, line {line}: {key} is answered twice", ValueError)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "a.yml").write_text("ex-1: 2.5\\nex-1: 3\\n")
    ...     read_yaml(Path(d) / "a.yml", kind)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: .../a.yml, line 2: ex-1 is answered twice
    """
    if path.is_dir():
        raise kind.error(f"{kind.name} {path} is a folder; give a YAML file such as {kind.example}")
    if not path.is_file():
        raise kind.error(f"{kind.name} {path} does not exist{kind.missing.format(path=path)}")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise kind.error(f"{kind.name} {path} is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    except OSError as exc:
        raise kind.error(f"{kind.name} {path} cannot be read: {exc.strerror}") from None
    tab_line = _tab_indented_line(text)
    if tab_line is not None:
        raise kind.error(f"{path}, line {tab_line}: indented with a tab; YAML allows spaces only")
    loader = (_StrictNumberLoader if kind.strict_numbers else _UniqueKeyLoader)(text)
    loader.name, loader.kind = str(path), kind
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f", line {mark.line + 1}" if mark else ""
        raise kind.error(f"{path}{where}: malformed YAML ({exc.problem or exc.context})") from None
    except yaml.YAMLError as exc:
        raise kind.error(f"{path}: malformed YAML ({exc})") from None
    finally:
        loader.dispose()
