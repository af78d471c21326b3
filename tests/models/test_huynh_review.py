"""Tests of mmstudies.huynh.review: the independent review's record and the fixes it made (the page's review rows from
the record: tests/test_review.py, with every other study's)."""

from __future__ import annotations

import csv
from pathlib import Path

from mmperf.review import CRITERIA
from mmstudies.huynh import checks

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "data" / "huynh" / "review-huynh.csv"


def test_the_record_reads_every_one_of_the_43_checks_at_its_line():
    """The table has 43 checks, more than the 30 a review must sample: all are read, each at a seed 000 line
    (tests/test_review.py checks each once, in the table, with four answers and a note); an agreement has nothing
    to change, a disagreement is open or says what the review fixed."""
    with RECORD.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(checks.table().checks) == 43
    assert all(row["source_line"].startswith("seed 000 line") for row in rows)
    for row in rows:
        agrees = all(row[c] == "yes" for c in CRITERIA)
        assert (row["change"] == "") == agrees, row["check_id"]
        assert agrees or row["change"] == "open" or row["change"].startswith("fixed: "), row["check_id"]


def test_the_reviews_fixes_are_in_the_checks_table():
    """The five fixes the record calls 'fixed': each is what the table now says."""
    table = checks.table()
    assert table.spec("move-cpu-max").conditions == {"frames": 2000}     # the paper's run length, seed line 160
    assert "'125 ms'" in table.spec("stage-delay-8").reason and "two decimals" not in table.spec("stage-delay-8").reason
    q6 = table.spec("q6-recv-modes")
    assert q6.location == "Section 5.5, Fig. 9b" and "performs better than the Locate Mode at all frame rates" in q6.source
    assert "At 30 frames/s, the time delay difference" in table.spec("q7-mixing-gap").source
    assert table.spec("q19-affine").paper.startswith("'does not change in a linear fashion'")
