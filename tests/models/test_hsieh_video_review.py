"""Tests of mmstudies.hsieh_video.review: the independent review's record and the page's review rows from it."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pandas as pd
import pytest

from mmstudies.hsieh_video import checks
from mmstudies.hsieh_video.review import CRITERIA, REVIEW_DATE, agreement, review_rows, review_table

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "data" / "hsieh" / "review-hsieh-video.csv"
PAGE = ROOT / "notebooks" / "hsieh-video.md"


def _record_rows() -> list[dict[str, str]]:
    """The record read with the csv module, not through the code under test."""
    with RECORD.open(newline="") as f:
        return list(csv.DictReader(f))


#: checks added to the table after the review, in the author's response to it (not in the reviewer's sample)
ADDED_AFTER_REVIEW = {"mpeg2-buffer-reduction-pdcbr": "PDCBR's reduction, the response to mpeg2-buffer-reduction"}


def _ids() -> list[str]:
    return [spec.id for spec in checks.table().checks]


def test_the_sample_has_30_or_more_checks_of_every_kind_each_once():
    """42 of the table's 80 checks at the review (at least 30 must be sampled): every arithmetic check and target
    (but those added in the response), and at least one check of every other kind and of every not-comparable
    family, each once, each with the line read."""
    rows = _record_rows()
    ids = [row["check_id"] for row in rows]
    table = checks.table()
    assert set(ids) <= set(_ids()) and len(ids) == len(set(ids)) == 42 >= 30
    kinds = {spec.id: spec.kind for spec in table.checks}
    sampled = {kinds[i] for i in ids}
    assert sampled == set(kinds.values())
    for kind in ("arithmetic", "target"):
        assert {i for i in kinds if kinds[i] == kind} - set(ADDED_AFTER_REVIEW) <= set(ids), kind
    families = {spec.id.rsplit("-", 1)[0] for spec in table.checks if spec.id.startswith(("h29-", "h30-", "h31-",
                "cbr-buffer-", "b2-then-b1-", "mjpeg-less-buffer-", "fixed-buffer-", "fixed-rate-"))}
    assert all(any(i.startswith(f + "-") for i in ids) for f in families), families
    assert all(row["source_line"].startswith(("seed 004 line", "model (book)")) for row in rows)
    assert all(row[c] in ("yes", "no") for row in rows for c in CRITERIA)
    assert all(row["note"].strip() for row in rows)
    for row in rows:   # a disagreement says what became of it; an agreement has nothing to change
        agrees = all(row[c] == "yes" for c in CRITERIA)
        assert (row["change"] == "") == agrees, row["check_id"]
        assert agrees or row["change"] == "open" or row["change"].startswith("fixed: "), row["check_id"]
        # the author's response, added after the review: one for every disagreement, with its reason unless the
        # review fixed it itself; none for an agreement
        assert (row["response"] == "") == agrees, row["check_id"]
        assert agrees or row["response"] in ("fixed", "answered", "open"), row["check_id"]
        if row["response"] in ("fixed", "answered") and not row["change"].startswith("fixed"):
            assert row["response_reason"].strip() and row["response_change"].strip(), row["check_id"]


def test_the_pages_review_summary_is_counted_from_the_record():
    """The summary row's numbers are counted here from the CSV, as recorded and after the author's response (fixed
    and answered count as agreeing); one row follows per disagreeing check, in order."""
    rows = _record_rows()
    disagree = [r for r in rows if not all(r[c] == "yes" for c in CRITERIA)]
    n, k = len(rows), len(rows) - len(disagree)
    count = {w: sum(r["response"] == w for r in disagree) for w in ("fixed", "answered", "open")}
    after = k + count["fixed"] + count["answered"]
    table = review_table(_ids())
    assert list(table.columns) == ["finding", "response", "change"]
    assert table.loc[0, "finding"] == (f"Independent review ({REVIEW_DATE}, {n} checks sampled, {k} agree = "
                                       f"{100 * k / n:.0f} %; after the author's response {after} of {n} = "
                                       f"{100 * after / n:.0f} %)")
    assert f"{n} of the {len(_ids())} checks of checks.yml" in table.loc[0, "response"]
    assert table.loc[0, "change"] == (f"{count['fixed']} fixed, {count['answered']} answered, {count['open']} open "
                                      "(rows below)")
    assert [f.split(" (")[0] for f in table["finding"][1:]] == [r["check_id"] for r in disagree]
    assert list(table["response"][1:]) == [
        "fixed in the review" if r["change"].startswith("fixed") else
        "open" if r["response"] == "open" else f"{r['response']} by the author: {r['response_reason']}"
        for r in disagree]


def test_the_summary_counts_the_authors_response():
    """A made-up record of four disagreements answered four ways and one agreement: 1 of 5 agree = 20 % as
    recorded; after the response the fixed (2: one by the review, one by the author) and the answered (1) count,
    4 of 5 = 80 %; the open one stays. A response on an agreeing check, or none on a disagreement, is refused."""
    sample = pd.DataFrame({"check_id": list("abcde"), "source_line": ["seed line 1"] * 5,
                           "paper_value_ok": ["yes", "no", "no", "no", "no"], "kind_ok": ["yes"] * 5,
                           "verdict_ok": ["yes"] * 5, "conditions_ok": ["yes"] * 5, "note": ["n"] * 5,
                           "change": ["", "fixed: line", "open", "open", "open"],
                           "response": ["", "fixed", "fixed", "answered", "open"],
                           "response_reason": ["", "", "agreed", "the text says so", ""],
                           "response_change": ["", "", "re-classified", "", ""]})
    a = agreement(sample)
    assert (a["agree"], a["fixed"], a["answered"], a["open"], a["agree_after"], a["percent_after"]) == (
        1, 2, 1, 1, 4, 80.0)
    rows = review_rows(sample, 5, "2026-01-01")
    assert rows[0][0] == ("Independent review (2026-01-01, 5 checks sampled, 1 agree = 20 %; after the author's "
                          "response 4 of 5 = 80 %)")
    assert rows[0][2] == "2 fixed, 1 answered, 1 open (rows below)"
    assert [r[1:] for r in rows[1:]] == [("fixed in the review", "fixed: line"),
                                         ("fixed by the author: agreed", "re-classified"),
                                         ("answered by the author: the text says so",
                                          "none: answered from the source text"),
                                         ("open", "open")]
    for bad in (["open", "fixed", "fixed", "answered", "open"], ["", "fixed", "", "answered", "open"]):
        with pytest.raises(ValueError, match="column 'response'"):
            agreement(sample.assign(response=bad))


def test_the_summary_follows_the_record_when_it_changes():
    """A made-up record of four checks: a wrong kind (open) and a wrong place (fixed) give 2 of 4 = 50 %
    (3 of 4 after the fix); turning the open one to agree gives 3 of 4 = 75 % and one disagreement row."""
    sample = pd.DataFrame({"check_id": ["a", "b", "c", "d"], "source_line": ["seed 004 line 1"] * 4,
                           "paper_value_ok": ["yes", "yes", "no", "yes"], "kind_ok": ["yes", "no", "yes", "yes"],
                           "verdict_ok": ["yes"] * 4, "conditions_ok": ["yes"] * 4,
                           "note": ["n"] * 4, "change": ["", "open", "fixed: location", ""]})
    a = agreement(sample)
    assert (a["sampled"], a["agree"], a["percent"], a["fixed"], a["open"], a["after_fixes"]) == (4, 2, 50.0, 1, 1, 3)
    rows = review_rows(sample, 4, "2026-01-01")
    assert rows[0][0] == "Independent review (2026-01-01, 4 checks sampled, 2 agree = 50.0 %)"
    assert "all 4 checks" in rows[0][1] and rows[0][2].startswith("1 fixed in the review, 1 open")
    sample.loc[1, ["kind_ok", "change"]] = ["yes", ""]
    rows = review_rows(sample, 6, "2026-01-01")
    assert rows[0][0].endswith("3 agree = 75.0 %)") and "4 of the 6 checks" in rows[0][1] and len(rows) == 2


def test_the_record_refuses_other_answers_and_unknown_checks():
    bad = pd.DataFrame({"check_id": ["a"], "source_line": ["seed 004 line 1"], "paper_value_ok": ["maybe"],
                        "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": ["n"],
                        "change": [""]})
    with pytest.raises(ValueError, match="paper_value_ok.*a"):
        agreement(bad)
    with pytest.raises(ValueError, match="checks the checks table does not have"):
        review_table(["frame-time"])


def test_the_reviews_fixes_are_in_the_table():
    """The review's fixes: three citation slips (the sentences are at lines 1375, 1407 and 1431/1439), H32's place
    (Eq. 4.2 is the buffer; the rate is defined in Section 4.2, line 1195 of the source text), and the conditions of the quoted numbers (the
    thesis's one-frame PCR spacing and 30 frames/s, line 1334) and of Section 4.7's studies (its buffers, control
    variable, caps and rate grid, lines 1465-1487)."""
    t = checks.table()
    assert t.spec("cbr-buffer-falls-mtv").source.startswith("seed 004 line 1375: ")
    assert t.spec("mpeg2-buffer-order").source.startswith("seed 004 line 1407: ")
    assert t.spec("mjpeg-less-buffer-fugitive").source.startswith("seed 004 lines 1431 and 1439: ")
    assert "Section 4.2" in t.spec("h32-cbr-rate-falls").reason and "Eq. 4.2" not in t.spec("h32-cbr-rate-falls").location
    assert t.spec("quoted-mtv-pcbr-rate").conditions == {"fps": 30.0, "pcr_interval_frames": 1}
    assert t.spec("quoted-adv-pcbr-buffer").conditions == {"adv_long_startup_frames": 300, "pcr_interval_frames": 1}
    assert t.spec("quoted-mtv-cbr-buffer").conditions == {}
    assert t.spec("fixed-buffer-soccer").conditions == {"fixed_buffer_scale": 1.0, "fixed_buffer_control": "prefetch"}
    assert t.spec("fixed-rate-mtv").conditions == {"buffer_cap_scale": 1.0, "fixed_rate_step": 0.01,
                                                   "fixed_rate_points": 25}


def test_a_what_if_of_the_thesis_setting_makes_the_quoted_pcbr_values_not_applicable():
    """At a PCR every two frames the thesis's PCBR numbers (one PCR per frame) are not judged, its CBR buffer is."""
    from mmperf.checktable import differing

    t = checks.table()
    params = {"pcr_interval_frames": 2, "fps": 30.0, "adv_long_startup_frames": 300}
    assert differing(t.spec("quoted-mtv-pcbr-buffer"), params) == ["pcr_interval_frames = 2 (the paper: 1)"]
    assert differing(t.spec("quoted-adv-cbr-buffer"), params) == []


def test_the_page_composes_its_independent_review_from_the_record():
    """The page calls review_table and types no agreement count or percentage in its review section."""
    page = PAGE.read_text(encoding="utf-8")
    start = page.index("## Review")
    section = page[start:page.index("\n## ", start + 1)]
    assert "review_record.review_table(" in section
    assert not re.search(r"\d+(\.\d+)? ?%", section) and not re.search(r"\b\d+ (checks|agree)\b", section)
