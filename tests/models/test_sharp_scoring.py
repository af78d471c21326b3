"""The Sharp & Todirica chapter's scorecard summary, coverage and review table (sharp.scoring).

The checks themselves are tested in test_sharp_checks.py (the checks table).
"""

from __future__ import annotations

import pytest

from mmbook.chapter import Chapter
from mmstudies.sharp.scoring import COVERAGE, REVIEW, add_coverage, review_table, summarise

# ----------------------------------------------------------------------------- headline and coverage


def test_summarise_records_the_headline_and_glues_the_sentences(tmp_path):
    """Two predictions, one reproduced and one not; one target missed: the headline is 1 of 2."""
    ch = Chapter("sharp", {}, tmp_path / "out")
    sc = ch.scorecard
    sc.compare("p1", "here", paper=1.0, ours=1.0, tol=0.1, evidence="prediction", reason="r")
    sc.compare("p2", "here", paper=1.0, ours=2.0, tol=0.1, evidence="prediction", reason="r")
    sc.compare("t1", "here", paper=1.0, ours=2.0, tol=0.1, evidence="target", reason="r")
    assert summarise(ch) == {"reproduced": 1, "checked": 2}
    assert ch.metrics["predictions_reproduced"] == 1.0 and ch.metrics["predictions_checked"] == 2.0
    assert ch.metrics["predictions_not_applicable"] == 0.0


def test_coverage_groups_add_every_numbered_item_once(tmp_path):
    """Figures 1-10 and Table 1 (two rows) of the paper, and the text's numbers: 13 entries, each category valid
    (Coverage.add refuses an unknown one)."""
    ch = Chapter("sharp", {}, tmp_path / "out")
    for group in ("schematics", "table1", "values", "trace"):
        add_coverage(ch, group)
    items = [c.item for c in ch.coverage.items]
    assert len(items) == len(set(items)) == 13 == sum(len(v) for v in COVERAGE.values())
    assert sum(f"Figure {n} " in i for i in items for n in range(1, 11)) == 10
    with pytest.raises(KeyError):
        add_coverage(ch, "figure 11")


def test_review_table_lists_every_finding_once():
    """Issue 24 names nine findings for this chapter (plus issue 23's frame-rate and steady-state ones)."""
    table = review_table()
    assert list(table.columns) == ["finding", "response", "change"]
    assert len(table) == len(REVIEW) == 11 and table["finding"].is_unique
    assert all(all(cell.strip() for cell in row) for row in REVIEW)
