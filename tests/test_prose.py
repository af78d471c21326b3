"""Prose lint: no typed result in a chapter's text (issue 9 item 3), and no typed judgement in the text of a
chapter whose checks are a table (issue 23 item 5). Exact cases, then every chapter."""

import importlib.util

import pytest

from mmbook.params import chapter_names, load_chapter
from mmbook.prose import lint_judgement_text, lint_judgements, lint_notebook, lint_text, markdown_blocks


def _find_spec(name: str):
    """``importlib.util.find_spec``, None also when the parent package is missing (a chapter whose study package
    is not named after it, such as the foundations chapters, has no checks table found by its name)."""
    try:
        return importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None


@pytest.mark.parametrize("text", [
    "The model gives {glue:text}`eq1:.1f` Mbit/s.",
    "Table 2 and Figures 4.1-4.5 of the paper, Eq. 3, Section 3.4.1, Chapter 4.",
    "The paper prints 74 Mbit/s and 4.7 ms (seed line 104).",
    "Printed in 1997 for MPEG-1 over OC-3 on a SPECint92 of 25.2 (seed lines 20-24).",
    "Set `-p frame_rate 15` and compute $T = t_0 + n/r$ with $n = 2$.",
    "1. first step\n2. second step",
])
def test_allowed_forms(text):
    assert lint_text(text) == []


@pytest.mark.parametrize("text, numeral", [
    ("The model gives 70.59 Mbit/s.", "70.59"),
    ("One target is missed; 10 are.", "10"),
    ("Frames are dropped at a rate well above 10^-3.", "10"),
    ("Our loss is 2 % (see Table 3).", "2 %"),
])
def test_typed_results_are_found(text, numeral):
    assert [f.numeral for f in lint_text(text)][0] == numeral


def test_code_cells_and_code_blocks_are_not_prose():
    source = "# T\n\n```{code-cell} ipython3\nx = 42\n```\n\n```c++\nconnect(45678);\n```\n\nText 7.\n"
    blocks = markdown_blocks(source)
    assert "42" not in "".join(b for _, b in blocks) and "45678" not in "".join(b for _, b in blocks)
    assert [f.numeral for _, b in blocks for f in lint_text(b)] == ["7"]


def test_directive_bodies_are_prose():
    source = "```{solution} ex-1\n:class: dropdown\nThe loss is 0.002.\n```\n"
    assert [f.numeral for _, b in markdown_blocks(source) for f in lint_text(b)] == ["0.002"]


@pytest.mark.parametrize("name", chapter_names())
def test_chapter_prose_has_no_typed_results(name):
    findings = lint_notebook(load_chapter(name).notebook)
    assert not findings, f"{name}: {len(findings)} typed numerals:\n" + "\n".join(map(str, findings[:25]))


@pytest.mark.parametrize("text, words", [
    ("The model reproduces Table 2.", ["reproduces"]),
    ("Eq. 1 agrees with the measurement and the host saturates.", ["agrees", "saturates"]),
    ("Our delay exceeds the budget; the CPU is not the bottleneck.", ["exceeds", "is not the bottleneck"]),
    ("The bottleneck was the host and the loss is acceptable.", ["bottleneck was", "is acceptable"]),
    ("Ours is lower than the paper's due to the unmodelled copy.", ["due to"]),
    ("The gap remains, because the adapter is slow.", ["because"]),
])
def test_typed_judgements_are_found(text, words):
    assert [f.numeral for f in lint_judgement_text(text)] == words


@pytest.mark.parametrize("text", [
    "{glue:text}`zd_verdict_text` Both `reproduces` and $a \\text{ exceeds } b$ are code.",  # composed, code, maths
    "Their conclusion was that the bottleneck was the host (seed line 46).",  # the paper's own, with its place
    'The paper calls the loss "acceptable" and the result "reproduced".',     # quoted
    "Does the model reproduce Table 2?",                                      # a question
    "We model the stages as deterministic because the paper gives no distribution.",  # a reason, not a gap
    "The Reproduction scorecard lists what is reproducible.",                 # nouns and adjectives
])
def test_composed_quoted_and_attributed_judgements_are_allowed(text):
    assert lint_judgement_text(text) == []


def test_judgements_in_code_cells_are_not_prose_but_directive_bodies_are():
    source = ('```{code-cell} ipython3\nch.judge("It reproduces.", check="a", status=("reproduced",))\n```\n\n'
              "```{solution} ex-1\n:class: dropdown\nThe model agrees.\n```\n")
    found = [(f.numeral, f.line) for _, b in markdown_blocks(source) for f in lint_judgement_text(b, first_line=_)]
    assert found == [("agrees", 7)]


def _has_checks_table(name: str) -> bool:
    return _find_spec(f"mmstudies.{load_chapter(name).package}.checks") is not None


#: chapters held to the judgement lint: those whose study has a checks table (they join when it lands)
JUDGED = [n for n in chapter_names() if _has_checks_table(n)]


#: Chapters whose checks table landed before their text was freed of typed judgements, with the number of
#: typed judgements they still hold (the lint's findings on 2026-11-26, to be composed by each chapter's owner
#: with ch.judge). The count is exact: it may only be lowered, and the entry removed at zero.
PENDING: dict[str, int] = {}


@pytest.mark.parametrize("name", JUDGED)
def test_chapter_with_a_checks_table_types_no_judgement(name):
    findings = lint_judgements(load_chapter(name).notebook)
    allowed = PENDING.get(name, 0)
    listing = "\n".join(map(str, findings[:25]))
    assert len(findings) <= allowed, f"{name}: {len(findings)} typed judgements (allowed {allowed}):\n{listing}"
    assert len(findings) == allowed, (f"{name}: {len(findings)} typed judgements, fewer than PENDING's {allowed}: "
                                      "lower it (remove the entry at zero)")


def test_pending_chapters_have_a_checks_table():
    """PENDING lists only chapters held to the lint (a chapter without a checks table is not held yet)."""
    assert set(PENDING) <= set(JUDGED)
