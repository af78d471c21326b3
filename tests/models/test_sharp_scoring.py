"""The Sharp & Todirica chapter's scorecard summary, coverage and review table (sharp.scoring).

The checks themselves are tested in test_sharp_checks.py (the checks table).
"""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd
import pytest

from mmbook.chapter import Chapter
from mmstudies.sharp import checks
from mmstudies.sharp.scoring import (
    COVERAGE,
    REVIEW,
    REVIEW_DATE,
    add_coverage,
    independent_review_rows,
    review_agreement,
    review_table,
    summarise,
)

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
    """Issue 24 names nine findings for this chapter (plus issue 23's frame-rate and steady-state ones); the
    independent review's rows follow them."""
    table = review_table()
    assert list(table.columns) == ["finding", "response", "change"]
    assert len(REVIEW) == 11 and list(table["finding"][:11]) == [row[0] for row in REVIEW]
    assert table["finding"].is_unique
    assert all(all(cell.strip() for cell in row) for row in REVIEW)


# ----------------------------------------------------------------------------- the independent review

RECORD = Path(__file__).resolve().parents[2] / "data" / "sharp" / "review-sharp.csv"
CRITERIA = ("paper_value_ok", "kind_ok", "verdict_ok", "conditions_ok")


def _record_rows() -> list[dict[str, str]]:
    with RECORD.open(newline="") as f:
        return list(csv.DictReader(f))


def test_the_review_record_covers_every_check_once():
    """The table has 37 checks, fewer than 30 beyond: all are sampled, each once, each with the line read."""
    ids = [row["check_id"] for row in _record_rows()]
    assert sorted(ids) == sorted(spec.id for spec in checks.table().checks) and len(ids) == len(set(ids))
    assert all(row["source_line"].startswith("seed 003 line") for row in _record_rows())
    assert all(row[c] in ("yes", "no") for row in _record_rows() for c in CRITERIA)


def test_the_pages_review_summary_is_counted_from_the_record():
    """The summary row is counted from the CSV (read here with the csv module, not through the code under test):
    a check agrees when all four answers are yes; one row follows per disagreeing check."""
    rows = _record_rows()
    n, k = len(rows), sum(all(r[c] == "yes" for c in CRITERIA) for r in rows)
    after = k + sum(r["response"] in ("fixed", "answered") for r in rows)
    table = review_table()
    summary = table[table["finding"].str.startswith("Independent review (")]
    assert list(summary["finding"]) == [f"Independent review ({REVIEW_DATE}, {n} checks sampled, {k} agree = "
                                        f"{100 * k / n:.0f} %; after the author's response {after} of {n} = "
                                        f"{100 * after / n:.0f} %)"]
    disagreements = table.iloc[summary.index[0] + 1:]
    assert len(disagreements) == n - k
    assert [f.split(" (")[0] for f in disagreements["finding"]] == [
        r["check_id"] for r in rows if not all(r[c] == "yes" for c in CRITERIA)]
    assert all(resp == "open" or resp.startswith(("fixed in the review", "fixed by the author", "answered by the"))
               for resp in disagreements["response"])


def test_every_disagreement_has_a_response_and_none_is_open():
    """The author decided every finding of the independent review (issue 23 item 7): each disagreeing row of the
    record says fixed or answered, with a reason where the author (not the review) fixed it; agreeing rows say
    nothing."""
    rows = _record_rows()
    for r in rows:
        agrees = all(r[c] == "yes" for c in CRITERIA)
        assert (r["response"] == "") == agrees, r["check_id"]
        if not agrees:
            assert r["response"] in ("fixed", "answered"), r["check_id"]
            assert r["change"].startswith("fixed") or r["response_reason"].strip(), r["check_id"]


def test_the_decided_kinds_are_in_the_checks_table():
    """The author's response to three findings: the two drop checks construction, the sample pairing not
    comparable."""
    kinds = {spec.id: spec.kind for spec in checks.table().checks}
    assert (kinds["loss-dropped"], kinds["loss-long"], kinds["sample-supports-bound"]) == (
        "construction", "construction", "not comparable")


def test_a_response_is_required_for_a_disagreement_and_refused_for_an_agreement():
    sample = pd.DataFrame({"check_id": ["a", "b"], "source_line": ["seed 003 line 1"] * 2,
                           "paper_value_ok": ["yes", "no"], "kind_ok": ["yes"] * 2, "verdict_ok": ["yes"] * 2,
                           "conditions_ok": ["yes"] * 2, "note": ["n"] * 2, "change": ["", "open"],
                           "response": ["fixed", "maybe"]})
    with pytest.raises(ValueError, match="column 'response' must be one of fixed, answered, open .* check\\(s\\) a, b"):
        review_agreement(sample)


def test_the_agreement_after_the_response_counts_fixed_and_answered():
    """Four checks: one agrees, one fixed, one answered, one open: 1 of 4 = 25 % as recorded, 3 of 4 = 75 % after;
    the answered row shows the author's reason and 'none' as its change."""
    sample = pd.DataFrame({"check_id": list("abcd"), "source_line": ["seed 003 line 1"] * 4,
                           "paper_value_ok": ["yes", "no", "no", "no"], "kind_ok": ["yes"] * 4,
                           "verdict_ok": ["yes"] * 4, "conditions_ok": ["yes"] * 4, "note": ["n"] * 4,
                           "change": ["", "open", "open", "open"], "response": ["", "fixed", "answered", "open"],
                           "response_reason": ["", "r1", "r2", ""], "response_change": ["", "c1", "", ""]})
    a = review_agreement(sample)
    assert (a["agree"], a["agree_after"], a["percent_after"], a["fixed"], a["answered"], a["open"]) == (
        1, 3, 75.0, 1, 1, 1)
    rows = independent_review_rows(sample, "2026-01-01")
    assert rows[0][2] == "1 fixed, 1 answered, 1 open (rows below)"
    assert [r[1:] for r in rows[1:]] == [("fixed by the author: r1", "c1"),
                                         ("answered by the author: r2", "none: answered from the source text"),
                                         ("open", "open")]


def test_the_summary_follows_the_record_when_it_changes():
    """Made-up record of four checks: one wrong kind (open), one wrong conditions (fixed): 2 of 4 agree = 50 %,
    then flipping the open one to agree gives 3 of 4 = 75 % and one disagreement row."""
    sample = pd.DataFrame({"check_id": ["a", "b", "c", "d"], "source_line": ["seed 003 line 1"] * 4,
                           "paper_value_ok": ["yes"] * 4, "kind_ok": ["yes", "no", "yes", "yes"],
                           "verdict_ok": ["yes"] * 4, "conditions_ok": ["yes", "yes", "no", "yes"],
                           "note": ["n"] * 4, "change": ["", "open", "fixed: conditions", ""]})
    a = review_agreement(sample)
    assert (a["sampled"], a["agree"], a["percent"], a["fixed"], a["open"]) == (4, 2, 50.0, 1, 1)
    rows = independent_review_rows(sample, "2026-01-01")
    assert rows[0][0] == ("Independent review (2026-01-01, 4 checks sampled, 2 agree = 50 %; after the author's "
                          "response 3 of 4 = 75 %)")
    assert rows[0][2] == "1 fixed, 0 answered, 1 open (rows below)"
    assert [r[:2] for r in rows[1:]] == [("b (kind; seed 003 line 1): n", "open"),
                                         ("c (conditions; seed 003 line 1): n", "fixed in the review")]
    sample.loc[1, "kind_ok"] = "yes"
    rows = independent_review_rows(sample, "2026-01-01")
    assert rows[0][0].startswith("Independent review (2026-01-01, 4 checks sampled, 3 agree = 75 %;") and len(rows) == 2


def test_an_answer_other_than_yes_or_no_is_refused_naming_the_column_and_check():
    sample = pd.DataFrame({"check_id": ["a"], "source_line": ["seed 003 line 1"], "paper_value_ok": ["maybe"],
                           "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": ["n"],
                           "change": [""]})
    with pytest.raises(ValueError, match="column 'paper_value_ok' must be yes or no; check\\(s\\) a"):
        review_agreement(sample)


def test_the_page_shows_the_review_table_from_the_record():
    """The page draws its review table with scoring.review_table(), which reads the record: no number typed."""
    page = (Path(__file__).resolve().parents[2] / "notebooks" / "sharp.md").read_text()
    assert "ch.table(scoring.review_table()," in page
    assert "Independent review (" not in page
