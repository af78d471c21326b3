"""Every chapter's notebook agrees with its parameter specification."""

import ast

import jupytext
import pytest

from mmbook.params import chapter_names, load_chapter

CHAPTERS = chapter_names()


def _parameters_cell(spec):
    nb = jupytext.read(spec.notebook)
    cells = [c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(cells) == 1, f"{spec.notebook.name}: exactly one cell must be tagged 'parameters'"
    return cells[0].source, nb


def test_there_are_chapters():
    assert CHAPTERS


@pytest.mark.parametrize("name", CHAPTERS)
def test_parameters_cell_matches_spec(name):
    spec = load_chapter(name)
    source, _ = _parameters_cell(spec)
    namespace: dict = {}
    exec(compile(ast.parse(source), spec.notebook.name, "exec"), {}, namespace)
    assert set(namespace) == set(spec.parameters) | {"output_dir"}, (
        f"{name}: parameters cell names differ from {name}.yml")
    assert namespace["output_dir"] is None
    for pname, pspec in spec.parameters.items():
        assert pspec.coerce(namespace[pname]) == pspec.default, f"{name}: default of {pname} differs from yml"


@pytest.mark.parametrize("name", CHAPTERS)
def test_chapter_validates_first_and_saves(name):
    spec = load_chapter(name)
    _, nb = _parameters_cell(spec)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    params_at = next(i for i, c in enumerate(nb.cells) if "parameters" in c.metadata.get("tags", []))
    next_code = next(c.source for c in nb.cells[params_at + 1:] if c.cell_type == "code")
    assert f'Chapter.start("{name}", globals())' in next_code, (
        f"{name}: the cell after the parameters must call Chapter.start to validate them")
    assert any("ch.save()" in c for c in code), f"{name}: the notebook never calls ch.save()"
    text = spec.notebook.read_text()
    assert "!pip" not in text and "%pip" not in text, f"{name}: notebooks must not install packages"
