"""Every chapter's notebook agrees with its parameter specification."""

import ast
import re

import jupytext
import pytest

from mmbook.params import chapter_names, load_chapter
from mmperf import paths

CHAPTERS = chapter_names()
NOTEBOOKS = paths.project_root() / "notebooks"


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


# ----------------------------------------------------------------------------- narrative and calls
#: the most lines of code a chapter notebook may hold (issue 27 item 3): the logic lives in its study's modules
MAX_CODE_LINES = 150


def code_lines(notebook) -> int:
    """The lines of code of a notebook: the non-blank lines of its code cells' sources, as jupytext reads the
    ``{code-cell}`` blocks (the cells' options, such as ``:tags:``, are metadata, not code)."""
    nb = jupytext.read(notebook)
    return sum(1 for cell in nb.cells if cell.cell_type == "code" for line in cell.source.splitlines() if line.strip())


def test_code_lines_counts_non_blank_lines_of_code_cells_only(tmp_path):
    """Two code cells of 2 and 1 non-blank lines (a blank line and the tags not counted), prose and a fenced
    Python block that is not a code cell: 3."""
    nb = tmp_path / "toy.md"
    nb.write_text("# T\n\n```{code-cell} ipython3\n:tags: [remove-cell]\nx = 1\n\ny = 2\n```\n\nText.\n\n"
                  "```python\nnot = 'a cell'\n```\n\n```{code-cell} ipython3\nprint(x + y)\n```\n")
    assert code_lines(nb) == 3


@pytest.mark.parametrize("name", CHAPTERS)
def test_chapter_notebook_is_narrative_and_calls(name):
    """No chapter notebook holds more than MAX_CODE_LINES lines of code."""
    n = code_lines(load_chapter(name).notebook)
    assert n <= MAX_CODE_LINES, (f"{name}: {n} lines of code in its notebook, more than {MAX_CODE_LINES}; move logic "
                                 f"into lib/mmstudies/")


# ----------------------------------------------------------------------------- words a reader sees
#: the study's text called "seed" (the word is the random-number generator's: "the base seed", "seeded"), and
#: a source text's line number cited in prose: a reader holding the paper finds a section, table, figure,
#: equation or page, never a line of our extraction (issue 25 items 6 and 8; line numbers stay in the
#: provenance fields: a check's ``source``, a CSV's provenance)
STUDY_SEED = re.compile(r"\b[Tt]he seed\b(?!\s+(?:parameter|of the))|(?<![`\w])seed's\b|\bseeds?\s+(?:\d{3}\s+)?lines?\s+\d")
LINE_CITATION = re.compile(r"(?<!algorithm's )\b(?:seed\s+(?:\d{3}\s+)?)?lines?\s+\d{2,4}\b")  # an algorithm's own lines are the paper's
CODE_CELL = re.compile(r"```\{code-cell\}.*?\n```", re.S)


def reader_problems(text: str) -> list[str]:
    """What in ``text`` calls the source text "seed" or cites a line of it (grep the notebook for it)."""
    return [m[0] for pattern in (STUDY_SEED, LINE_CITATION) for m in pattern.finditer(text)]


def test_reader_problems_finds_what_it_should():
    """Four hits: "the seed" and "seed line 1" (the study's text called seed), "seed line 12" and "line 875"
    (line citations); the generator's seed, code and a section are none."""
    text = "As the seed says (seed line 12), line 875 reads"
    assert reader_problems(text) == ["the seed", "seed line 1", "seed line 12", "line 875"]
    assert reader_problems("the base seed, seeded runs, `seed`, Section 5.6.1 (Table 2, Figure 5.14)") == []


@pytest.mark.parametrize("name", chapter_names())
def test_notebook_prose_cites_the_paper_not_source_text_lines(name):
    """The notebook's Markdown (what the page and the downloadable .md/.ipynb show as text; code cells are
    code) never says "the seed" for the source text nor cites a line of it."""
    text = CODE_CELL.sub("", (NOTEBOOKS / f"{name}.md").read_text(encoding="utf-8"))
    assert reader_problems(text) == [], name


def test_checks_notes_and_claims_cite_the_paper_not_source_text_lines():
    """A check's ``claim``, ``note`` and ``reason`` are shown on the scorecard; its ``source`` keeps the line."""
    import yaml

    bad = {}
    for table in sorted((NOTEBOOKS.parent / "lib" / "mmstudies").glob("*/checks.yml")):
        for check in yaml.safe_load(table.read_text(encoding="utf-8")).get("checks", []):
            for field in ("claim", "note", "reason"):
                found = reader_problems(str(check.get(field) or ""))
                if found:
                    bad[f"{table.parent.name}/{check['id']}.{field}"] = found
    assert not bad, bad


#: a glue:text format that can print e-notation: type e/E ("5e-04", "-7.892e+09") or g/G with a precision
#: (``.3g`` gives "4.35e+03" from 1000 up); a bare ``:g`` (six digits, e-notation only below 10^-4 or from 10^6)
#: is left to parameters whose ranges stay between
E_NOTATION_FORMAT = re.compile(r"\{glue:text\}`(?P<name>[^`:]+):(?P<spec>[^`]*(?:[eE]|\.\d+[gG]))`")


def test_e_notation_format_finds_what_it_should():
    hits = [m["spec"] for m in E_NOTATION_FORMAT.finditer(
        "{glue:text}`a:.0e` {glue:text}`b:.3E` {glue:text}`c:.3g` {glue:text}`d:g` {glue:text}`e:.2f` "
        "{glue:text}`f_text` {glue:text}`g:,.0f`")]
    assert hits == [".0e", ".3E", ".3g"]


@pytest.mark.parametrize("name", CHAPTERS)
def test_no_glued_number_is_formatted_in_e_notation(name):
    """Issue 25: a reader sees 0.0005 or 5 × 10⁻⁴, never "5e-04": a number that may need a power of ten is
    glued as text composed with the book's number formatting (mmperf.tables.sig, or the chapter's own)."""
    text = (NOTEBOOKS / f"{name}.md").read_text(encoding="utf-8")
    assert [m[0] for m in E_NOTATION_FORMAT.finditer(text)] == [], name
