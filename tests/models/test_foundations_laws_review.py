"""Tests of mmstudies.foundations_laws.review: the independent review's record and the page's review rows from it."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from mmperf.review import CRITERIA
from mmstudies.foundations_laws import checks
from mmstudies.foundations_laws.review import TEXT, review_table

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "data" / "zeadally" / "review-laws.csv"
PAGE = ROOT / "notebooks" / "laws.md"


def _record_rows() -> list[dict[str, str]]:
    """The record read with the csv module, not through the code under test."""
    with RECORD.open(newline="") as f:
        return list(csv.DictReader(f))


def _ids() -> list[str]:
    return [spec.id for spec in checks.table().checks]


def test_the_record_covers_every_check_of_the_table_once():
    """The table has 6 checks, fewer than the 30 a review must sample: all are read, each once, with its line;
    the author's response fills the three last columns of each disagreement, and only of those."""
    rows = _record_rows()
    ids = [row["check_id"] for row in rows]
    assert sorted(ids) == sorted(_ids()) and len(ids) == len(set(ids)) == 6
    assert sum(row["source_line"].startswith("seed 002 line") for row in rows) == 5   # the M/M/1 check cites theory
    assert all(row[c] in ("yes", "no") for row in rows for c in CRITERIA)
    assert all(row["note"].strip() for row in rows)
    for row in rows:   # a disagreement says what became of it; an agreement has nothing to change
        agrees = all(row[c] == "yes" for c in CRITERIA)
        assert (row["change"] == "") == agrees, row["check_id"]
        assert (row["response"] == "") == agrees and row["response"] in ("", "fixed", "answered", "open")
        assert agrees or row["change"].startswith(("open: ", "fixed: ")), row["check_id"]


def test_the_pages_review_summary_is_counted_from_the_record():
    """The summary row's numbers are counted here from the CSV, as recorded and after the author's response (a
    disagreement fixed or answered counts as agreeing after it); one row follows per disagreeing check, in order."""
    rows = _record_rows()
    disagree = [r for r in rows if not all(r[c] == "yes" for c in CRITERIA)]
    n, k = len(rows), len(rows) - len(disagree)
    counts = {w: sum(r["response"] == w for r in disagree) for w in ("fixed", "answered", "open")}
    after = k + counts["fixed"] + counts["answered"]
    table = review_table(_ids())
    assert list(table.columns) == ["finding", "response", "change"]
    assert table.loc[0, "finding"] == (f"Independent review ({TEXT.date}, {n} checks sampled, {k} agree = "
                                       f"{100 * k / n:.0f} %; after the author's response {after} of {n} = "
                                       f"{100 * after / n:.0f} %)")
    assert table.loc[0, "response"].startswith("Every check of checks.yml read against seed 002")
    assert table.loc[0, "change"] == (f"{counts['fixed']} fixed, {counts['answered']} answered, {counts['open']} "
                                      "open (rows below)")
    assert [f.split(" (")[0] for f in table["finding"][1:]] == [r["check_id"] for r in disagree]
    assert list(table["response"][1:]) == [f"fixed by the author: {r['response_reason']}" for r in disagree]


def test_the_author_re_classified_the_paper_comparisons_as_arithmetic():
    """The response to the two disagreements: the paper's own comparisons of its formulas with its measurements are
    arithmetic, as in the zeadally chapter, so this chapter has no prediction."""
    table = checks.table()
    assert [table.spec(i).kind for i in ("eq1-predicts-measured", "eq2-predicts-measured")] == ["arithmetic"] * 2
    assert not [c.id for c in table.checks if c.kind == "prediction"]


def test_the_record_refuses_a_check_the_table_does_not_have():
    with pytest.raises(ValueError, match="checks the checks table does not have"):
        review_table(["eq1-demand-law"])


def test_the_reviews_fixes_are_in_the_checks_table():
    """The part of the two open rows the review fixed: the frame size is a condition of both comparisons with the
    measured throughputs (33 and 50 frames/s x 2.1 Mbit)."""
    table = checks.table()
    for check_id in ("eq1-predicts-measured", "eq2-predicts-measured"):
        assert table.spec(check_id).conditions["frame_bits"] == 2100000


def test_the_page_composes_its_independent_review_from_the_record():
    """The page calls review_table and types no agreement count or percentage in its review section."""
    page = PAGE.read_text(encoding="utf-8")
    start = page.index("## Review")
    section = page[start:page.index("\n## ", start + 1)]
    assert "review_record.review_table(" in section
    assert not re.search(r"\d+(\.\d+)? ?%", section) and not re.search(r"\b\d+ (checks|agree)\b", section)
