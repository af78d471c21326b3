"""Tests of mmstudies.zeadally.review: the independent review's record and the page's review rows from it."""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

import pandas as pd
import pytest

from mmperf.review import CRITERIA, agreement
from mmperf.review import review_rows as _review_rows
from mmstudies.zeadally import checks
from mmstudies.zeadally.review import TEXT, review_table

REVIEW_DATE = TEXT.date


def review_rows(sample, date):
    """The page's rows of ``sample`` in this chapter's words, dated ``date``."""
    return _review_rows(sample, dataclasses.replace(TEXT, date=date))

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "data" / "zeadally" / "review-zeadally.csv"


def _record_rows() -> list[dict[str, str]]:
    """The record read with the csv module, not through the code under test."""
    with RECORD.open(newline="") as f:
        return list(csv.DictReader(f))


def test_the_record_covers_every_check_of_the_table_once():
    """43 checks, more than the 30 a review must sample: all are read, each once, each with the line read."""
    rows = _record_rows()
    ids = [row["check_id"] for row in rows]
    assert sorted(ids) == sorted(spec.id for spec in checks.table().checks) and len(ids) == len(set(ids)) == 43
    assert all(row["source_line"].startswith("seed 002 line") for row in rows)
    assert all(row[c] in ("yes", "no") for row in rows for c in CRITERIA)
    assert all(row["note"].strip() for row in rows)


def test_the_pages_review_summary_is_counted_from_the_record():
    """The summary row's numbers are counted here from the CSV; one row follows per disagreeing check, in order."""
    rows = _record_rows()
    disagree = [r for r in rows if not all(r[c] == "yes" for c in CRITERIA)]
    n, k = len(rows), len(rows) - len(disagree)
    table = review_table()
    assert list(table.columns) == ["finding", "response", "change"]
    after = k + sum(r["response"] in ("fixed", "answered") for r in disagree)
    assert table.loc[0, "finding"] == (f"Independent review ({REVIEW_DATE}, {n} checks sampled, {k} agree = "
                                       f"{100 * k / n:.0f} %; after the author's response {after} of {n} = "
                                       f"{100 * after / n:.0f} %)")
    assert [f.split(" (")[0] for f in table["finding"][1:]] == [r["check_id"] for r in disagree]
    counts = [sum(r["response"] == w for r in disagree) for w in ("fixed", "answered", "open")]
    assert table.loc[0, "change"] == "{} fixed, {} answered, {} open (rows below)".format(*counts)
    assert all(resp == "open" or resp.startswith(("fixed in the review", "fixed by the author", "answered by the"))
               for resp in table["response"][1:])


def test_every_disagreement_is_decided_by_the_author():
    """Issue 23 item 7: each disagreeing row says fixed or answered (with a reason unless the review fixed it);
    agreeing rows say nothing."""
    for r in _record_rows():
        agrees = all(r[c] == "yes" for c in CRITERIA)
        assert (r["response"] == "") == agrees, r["check_id"]
        if not agrees:
            assert r["response"] in ("fixed", "answered"), r["check_id"]
            assert r["change"].startswith("fixed") or r["response_reason"].strip(), r["check_id"]


def test_the_authors_kind_decisions_are_in_the_checks_table():
    """The response to four kind findings: the three drop checks not comparable (they fail by the fair-sharing
    assumption, whatever the inputs), the graphics direction construction (fixed by the calibration)."""
    kinds = {spec.id: spec.kind for spec in checks.table().checks}
    assert [kinds[c] for c in ("ps-vg-dropped", "ps-vgs-dropped", "shm-reduces-drops")] == ["not comparable"] * 3
    assert kinds["shm-improves-graphics"] == "construction"


def test_a_disagreement_without_a_response_is_refused():
    sample = pd.DataFrame({"check_id": ["a"], "source_line": ["seed 002 line 1"], "paper_value_ok": ["no"],
                           "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": ["n"],
                           "change": ["open"], "response": [""]})
    with pytest.raises(ValueError, match=r"column 'response' must be one of fixed, answered, open"):
        agreement(sample)


def test_the_summary_follows_the_record_when_it_changes():
    """A made-up record of four checks: a wrong kind (open) and a wrong place (fixed) give 2 of 4 = 50 %;
    turning the open one to agree gives 3 of 4 = 75 % and one disagreement row."""
    sample = pd.DataFrame({"check_id": ["a", "b", "c", "d"], "source_line": ["seed 002 line 1"] * 4,
                           "paper_value_ok": ["yes", "yes", "no", "yes"], "kind_ok": ["yes", "no", "yes", "yes"],
                           "verdict_ok": ["yes"] * 4, "conditions_ok": ["yes"] * 4,
                           "note": ["n"] * 4, "change": ["", "open", "fixed: location", ""]})
    a = agreement(sample)
    assert (a["sampled"], a["agree"], a["percent"], a["fixed"], a["open"]) == (4, 2, 50.0, 1, 1)
    rows = review_rows(sample, "2026-01-01")
    assert rows[0][0] == ("Independent review (2026-01-01, 4 checks sampled, 2 agree = 50 %; after the author's "
                          "response 3 of 4 = 75 %)")
    assert rows[0][2] == "1 fixed, 0 answered, 1 open (rows below)"
    assert [r[:2] for r in rows[1:]] == [("b (kind; seed 002 line 1): n", "open"),
                                         ("c (paper value; seed 002 line 1): n", "fixed in the review")]
    sample.loc[1, "kind_ok"] = "yes"
    rows = review_rows(sample, "2026-01-01")
    assert rows[0][0].startswith("Independent review (2026-01-01, 4 checks sampled, 3 agree = 75 %;") and len(rows) == 2


def test_an_answer_other_than_yes_or_no_is_refused_naming_the_column_and_check():
    sample = pd.DataFrame({"check_id": ["a"], "source_line": ["seed 002 line 1"], "paper_value_ok": ["maybe"],
                           "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": ["n"],
                           "change": [""]})
    with pytest.raises(ValueError, match=r"column 'paper_value_ok' must be yes or no; check\(s\) a"):
        agreement(sample)


def test_the_review_fixes_are_in_the_checks_table():
    """The record's fixed rows are true of checks.yml: Table 1 values sit in Section 7's text, not Figure 7."""
    specs = {spec.id: spec for spec in checks.table().checks}
    for network in ("ethernet", "fddi", "jetstream"):
        spec = specs[f"final-over-{network}"]
        assert "Figure 7" not in spec.location and spec.source.startswith("seed 002 line 168:")
    assert specs["ciw-pipelined"].source.startswith("seed 002 line 183:")


def test_the_page_shows_the_review_table_from_the_record():
    """The page draws its review table with review.review_table(), which reads the record: no number typed."""
    page = (ROOT / "notebooks" / "zeadally.md").read_text()
    assert 'ch.table(review.review_table(), "zeadally_review"' in page
    assert "Independent review (" not in page
