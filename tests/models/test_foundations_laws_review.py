"""Tests of mmstudies.foundations_laws.review: the independent review's record and the fixes it made (the page's review
rows from the record: tests/test_review.py, with every other study's)."""

from __future__ import annotations

import csv
from pathlib import Path

from mmperf.review import CRITERIA
from mmstudies.foundations_laws import checks

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "data" / "zeadally" / "review-laws.csv"


def test_the_record_reads_all_six_checks_and_the_author_answers_each_disagreement():
    """The table has 6 checks, fewer than the 30 a review must sample: all are read (tests/test_review.py checks
    each once, in the table, with four answers and a note), five at a seed 002 line, the M/M/1 check against the
    theory it cites; the author's response fills the three last columns of each disagreement, and only of those."""
    with RECORD.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(checks.table().checks) == 6
    assert sum(row["source_line"].startswith("seed 002 line") for row in rows) == 5
    for row in rows:   # a disagreement says what became of it; an agreement has nothing to change
        agrees = all(row[c] == "yes" for c in CRITERIA)
        assert (row["change"] == "") == agrees and (row["response"] == "") == agrees, row["check_id"]
        assert row["response"] in ("", "fixed", "answered", "open")
        assert agrees or row["change"].startswith(("open: ", "fixed: ")), row["check_id"]


def test_the_author_re_classified_the_paper_comparisons_as_arithmetic():
    """The response to the two disagreements: the paper's own comparisons of its formulas with its measurements are
    arithmetic, as in the zeadally chapter, so this chapter has no prediction."""
    table = checks.table()
    assert [table.spec(i).kind for i in ("eq1-predicts-measured", "eq2-predicts-measured")] == ["arithmetic"] * 2
    assert not [c.id for c in table.checks if c.kind == "prediction"]


def test_the_reviews_fixes_are_in_the_checks_table():
    """The part of the two open rows the review fixed: the frame size is a condition of both comparisons with the
    measured throughputs (33 and 50 frames/s x 2.1 Mbit)."""
    table = checks.table()
    for check_id in ("eq1-predicts-measured", "eq2-predicts-measured"):
        assert table.spec(check_id).conditions["frame_bits"] == 2100000
