"""Tests of mmstudies.huynh.review: the independent review's record and the page's review rows from it."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from mmperf.review import CRITERIA
from mmstudies.huynh import checks
from mmstudies.huynh.review import TEXT, review_table

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "data" / "huynh" / "review-huynh.csv"
PAGE = ROOT / "notebooks" / "huynh.md"


def _record_rows() -> list[dict[str, str]]:
    """The record read with the csv module, not through the code under test."""
    with RECORD.open(newline="") as f:
        return list(csv.DictReader(f))


def _ids() -> list[str]:
    return [spec.id for spec in checks.table().checks]


def test_the_record_covers_every_check_of_the_table_once():
    """The table has 43 checks, more than the 30 a review must sample: all are read, each once, with its line."""
    rows = _record_rows()
    ids = [row["check_id"] for row in rows]
    assert sorted(ids) == sorted(_ids()) and len(ids) == len(set(ids)) == 43
    assert all(row["source_line"].startswith("seed 000 line") for row in rows)
    assert all(row[c] in ("yes", "no") for row in rows for c in CRITERIA)
    assert all(row["note"].strip() for row in rows)
    for row in rows:   # a disagreement says what became of it; an agreement has nothing to change
        agrees = all(row[c] == "yes" for c in CRITERIA)
        assert (row["change"] == "") == agrees, row["check_id"]
        assert agrees or row["change"] == "open" or row["change"].startswith("fixed: "), row["check_id"]


def test_the_pages_review_summary_is_counted_from_the_record():
    """The summary row's numbers are counted here from the CSV, as recorded and after the author's response (a
    disagreement answered or fixed counts as agreeing after it); one row follows per disagreeing check, in order."""
    rows = _record_rows()
    disagree = [r for r in rows if not all(r[c] == "yes" for c in CRITERIA)]
    n, k = len(rows), len(rows) - len(disagree)
    counts = {w: sum(r["response"] == w for r in disagree) for w in ("fixed", "answered", "open")}
    assert sum(counts.values()) == len(disagree) and all(r["response"] == "" for r in rows if r not in disagree)
    after = k + counts["fixed"] + counts["answered"]
    table = review_table(_ids())
    assert list(table.columns) == ["finding", "response", "change"]
    assert table.loc[0, "finding"] == (f"Independent review ({TEXT.date}, {n} checks sampled, {k} agree = "
                                       f"{100 * k / n:.0f} %; after the author's response {after} of {n} = "
                                       f"{100 * after / n:.0f} %)")
    assert table.loc[0, "response"].startswith("Every check of checks.yml read against seed 000")
    assert table.loc[0, "change"] == (f"{counts['fixed']} fixed, {counts['answered']} answered, {counts['open']} "
                                      "open (rows below)")
    assert [f.split(" (")[0] for f in table["finding"][1:]] == [r["check_id"] for r in disagree]
    assert list(table["response"][1:]) == [
        "fixed in the review" if not r["response_reason"] else f"fixed by the author: {r['response_reason']}"
        for r in disagree]


def test_the_record_refuses_a_check_the_table_does_not_have():
    with pytest.raises(ValueError, match="checks the checks table does not have"):
        review_table(["mc-max"])


def test_the_reviews_fixes_are_in_the_checks_table():
    """The five fixes the record calls 'fixed': each is what the table now says."""
    table = checks.table()
    assert table.spec("move-cpu-max").conditions == {"frames": 2000}     # the paper's run length, seed line 160
    assert "'125 ms'" in table.spec("stage-delay-8").reason and "two decimals" not in table.spec("stage-delay-8").reason
    q6 = table.spec("q6-recv-modes")
    assert q6.location == "Section 5.5, Fig. 9b" and "performs better than the Locate Mode at all frame rates" in q6.source
    assert "At 30 frames/s, the time delay difference" in table.spec("q7-mixing-gap").source
    assert table.spec("q19-affine").paper.startswith("'does not change in a linear fashion'")


def test_the_page_composes_its_independent_review_from_the_record():
    """The page calls review_table and types no agreement count or percentage in its review section."""
    page = PAGE.read_text(encoding="utf-8")
    start = page.index("## Review")
    section = page[start:page.index("\n## ", start + 1)]
    assert "review_record.review_table(" in section
    assert not re.search(r"\d+(\.\d+)? ?%", section) and not re.search(r"\b\d+ (checks|agree)\b", section)
