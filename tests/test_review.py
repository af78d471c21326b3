"""Tests of mmperf.review: an independent review's record, the agreement counted from it and the page's rows.

Hand-computed cases on small made-up records, then every study's real record: it loads, names only checks of
its table, and the page's summary row is recounted here with the csv module (not through the code under test).
"""

from __future__ import annotations

import csv
import dataclasses
import re
from pathlib import Path

import pandas as pd
import pytest

from mmperf import review
from mmperf.review import CRITERIA, ReviewText, agreement, review_rows, review_table

ROOT = Path(__file__).resolve().parents[1]

TEXT = ReviewText(record="data/x/review-x.csv", seed="seed 009", date="2026-01-01")


def _record(**columns) -> pd.DataFrame:
    """A made-up record of len(check_id) checks, every answer yes unless given."""
    n = len(columns["check_id"])
    base = {"check_id": None, "source_line": [f"seed 009 line {i + 1}" for i in range(n)],
            **{c: ["yes"] * n for c in CRITERIA}, "note": ["n"] * n, "change": [""] * n}
    return pd.DataFrame({**base, **columns})


# ----------------------------------------------------------------------------- hand-computed cases
def test_agreement_as_recorded_counts_the_reviews_own_fixes():
    """Four checks: b wrong on its kind (open), c on its paper value (fixed by the review): 2 of 4 = 50 % agree;
    after the fix 3 of 4 = 75 %."""
    r = _record(check_id=list("abcd"), paper_value_ok=["yes", "yes", "no", "yes"],
                kind_ok=["yes", "no", "yes", "yes"], change=["", "open", "fixed: location", ""])
    a = agreement(r)
    assert (a["sampled"], a["agree"], a["percent"], a["fixed"], a["fixed_in_review"], a["answered"], a["open"],
            a["agree_after"], a["percent_after"]) == (4, 2, 50.0, 1, 1, 0, 1, 3, 75.0)
    assert a["disagree_on"] == {"paper_value_ok": 1, "kind_ok": 1, "verdict_ok": 0, "conditions_ok": 0}


def test_agreement_after_the_authors_response():
    """Four checks: a agrees, b fixed by the author, c answered, d open: 1 of 4 = 25 % as recorded; 3 of 4 = 75 %
    when an answer counts as agreeing, 2 of 4 = 50 % when it does not."""
    r = _record(check_id=list("abcd"), paper_value_ok=["yes", "no", "no", "no"], change=["", "open", "open", "open"],
                response=["", "fixed", "answered", "open"])
    a = agreement(r)
    assert (a["agree"], a["percent"], a["fixed"], a["fixed_in_review"], a["answered"], a["open"]) == (
        1, 25.0, 1, 0, 1, 1)
    assert (a["agree_after"], a["percent_after"]) == (3, 75.0)
    assert agreement(r, answered_agrees=False)["agree_after"] == 2


def test_four_disagreements_answered_four_ways():
    """One agreement and four disagreements: fixed by the review, fixed by the author, answered, open: 1 of 5 = 20 %
    as recorded, 4 of 5 = 80 % after the response; each row says what became of it."""
    text = dataclasses.replace(TEXT, summary=review.SUMMARY_SAMPLE_WITH_RESPONSE)
    r = _record(check_id=list("abcde"), paper_value_ok=["yes", "no", "no", "no", "no"],
                change=["", "fixed: line", "open", "open", "open"], response=["", "fixed", "fixed", "answered", "open"],
                response_reason=["", "", "agreed", "the text says so", ""],
                response_change=["", "", "re-classified", "", ""])
    rows = review_rows(r, text, n_table=5)
    assert rows[0][0] == ("Independent review (2026-01-01, 5 checks sampled, 1 agree = 20 %; after the author's "
                          "response 4 of 5 = 80 %)")
    assert rows[0][2] == "2 fixed, 1 answered, 1 open (rows below)"
    assert [row[1:] for row in rows[1:]] == [("fixed in the review", "fixed: line"),
                                             ("fixed by the author: agreed", "re-classified"),
                                             ("answered by the author: the text says so",
                                              "none: answered from the source text"),
                                             ("open", "open")]


def test_a_change_the_review_made_counts_as_fixed_whatever_the_response():
    r = _record(check_id=["a"], kind_ok=["no"], change=["fixed: kind"], response=["answered"])
    a = agreement(r)
    assert (a["fixed"], a["fixed_in_review"], a["answered"], a["agree_after"]) == (1, 1, 0, 1)


def test_a_blank_response_is_refused_or_open_as_the_chapter_says():
    r = _record(check_id=["a", "b"], kind_ok=["yes", "no"], change=["", "open"], response=["", ""])
    with pytest.raises(ValueError, match=r"column 'response' must be one of fixed, answered, open .* check\(s\) b"):
        agreement(r)
    assert agreement(r, blank_is_open=True)["open"] == 1
    agreeing_with_a_response = _record(check_id=["a"], response=["fixed"])
    with pytest.raises(ValueError, match=r"check\(s\) a$"):
        agreement(agreeing_with_a_response)


def test_an_answer_other_than_yes_or_no_is_refused_naming_the_column_and_check():
    with pytest.raises(ValueError, match=r"column 'paper_value_ok' must be yes or no; check\(s\) a say otherwise"):
        agreement(_record(check_id=["a", "b"], paper_value_ok=["maybe", "yes"]))


def test_the_rows_as_recorded():
    """Summary: 2 of 4 agree = 50.0 %, all 4 checks read; one row per disagreement, in the record's order."""
    r = _record(check_id=list("abcd"), paper_value_ok=["yes", "yes", "no", "yes"],
                kind_ok=["yes", "no", "yes", "yes"], note=["n", "wrong kind", "wrong line", "n"],
                change=["", "open", "fixed: location", ""])
    rows = review_rows(r, TEXT, n_table=4)
    assert rows[0] == ("Independent review (2026-01-01, 4 checks sampled, 2 agree = 50.0 %)",
                       "A reviewer who did not write the chapter read all 4 checks of checks.yml against seed 009 "
                       "at the cited lines (per check: data/x/review-x.csv). Disagreements by question: "
                       "paper value 1, kind 1",
                       "1 fixed in the review, 1 open (rows below); after the review's fixes 3 of 4 agree (75.0 %)")
    assert rows[1:] == [("b (kind; seed 009 line 2): wrong kind", "open", "open"),
                        ("c (paper value; seed 009 line 3): wrong line", "fixed in the review", "fixed: location")]
    r.loc[1, ["kind_ok", "change"]] = ["yes", ""]
    rows = review_rows(r, TEXT, n_table=6)
    assert rows[0][0].endswith("3 agree = 75.0 %)") and "4 of the 6 checks" in rows[0][1] and len(rows) == 2


def test_the_rows_with_the_authors_response():
    """1 of 4 agree = 25 %; after the response (fixed and answered count) 3 of 4 = 75 %."""
    text = dataclasses.replace(TEXT, summary=review.SUMMARY_WITH_RESPONSE)
    r = _record(check_id=list("abcd"), paper_value_ok=["yes", "no", "no", "no"], change=["", "open", "open", "open"],
                response=["", "fixed", "answered", "open"], response_reason=["", "r1", "r2", ""],
                response_change=["", "c1", "", ""])
    rows = review_rows(r, text)
    assert rows[0][0] == ("Independent review (2026-01-01, 4 checks sampled, 1 agree = 25 %; after the author's "
                          "response 3 of 4 = 75 %)")
    assert rows[0][2] == "1 fixed, 1 answered, 1 open (rows below)"
    assert [row[1:] for row in rows[1:]] == [("fixed by the author: r1", "c1"),
                                             ("answered by the author: r2", "none: answered from the source text"),
                                             ("open", "open")]


def test_the_rows_with_the_authors_note():
    """A chapter whose author answers in a note: the note is the response, the change says what the review asked."""
    text = dataclasses.replace(TEXT, reason_column="response_note", cells=review.note_cells,
                               fixed_in_review="Fixed by the review.", blank_is_open=True)
    r = _record(check_id=list("abc"), kind_ok=["no"] * 3, change=["fixed: kind", "open: kind x", "open: y"],
                response=["fixed", "fixed", ""], response_note=["", "Fixed: kind x.", "not yet"],
                response_change=["", "checks.yml", ""])
    assert [row[1:] for row in review_rows(r, text)[1:]] == [
        ("Fixed by the review.", "fixed: kind"), ("Fixed: kind x.", "checks.yml (the review asked: open: kind x)"),
        ("open: not yet", "open: y")]


def test_the_table_refuses_a_check_the_checks_table_does_not_have():
    r = _record(check_id=["a", "gone"])
    with pytest.raises(ValueError, match=r"data/x/review-x.csv names checks the checks table does not have: \['gone'\]"):
        review_table(r, TEXT, ["a", "b"])
    renamed = r.assign(current_id=["", "b"])
    assert list(review_table(renamed, TEXT, ["a", "b"]).columns) == ["finding", "response", "change"]


# ----------------------------------------------------------------------------- every study's record
def _rows(path: str) -> list[dict[str, str]]:
    with (ROOT / path).open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _ids(study: str) -> list[str]:
    import importlib

    return [spec.id for spec in importlib.import_module(f"mmstudies.{study}.checks").table().checks]


#: study package, data folder, record table, record path, the source text its lines cite
RECORDS = [
    ("claypool_quality", "claypool", "review_claypool_quality", "data/claypool/review-claypool-quality.csv", "seed 001"),
    ("claypool_jitter", "claypool", "review_claypool_jitter", "data/claypool/review-claypool-jitter.csv", "seed 001"),
    ("claypool_load", "claypool", "review_claypool_load", "data/claypool/review-claypool-load.csv", "seed 001"),
    ("hsieh_video", "hsieh", "review_hsieh_video", "data/hsieh/review-hsieh-video.csv", "seed 004"),
    ("hsieh_messaging", "hsieh", "review_hsieh_messaging", "data/hsieh/review-hsieh-messaging.csv", "seed 004"),
    ("sharp", "sharp", "review_sharp", "data/sharp/review-sharp.csv", "seed 003"),
    ("zeadally", "zeadally", "review_zeadally", "data/zeadally/review-zeadally.csv", "seed 002"),
    ("huynh", "huynh", "review_huynh", "data/huynh/review-huynh.csv", "seed 000"),
    ("foundations_laws", "zeadally", "review_laws", "data/zeadally/review-laws.csv", "seed 002"),
]


@pytest.mark.parametrize(("study", "folder", "table", "path", "seed"), RECORDS, ids=[r[0] for r in RECORDS])
def test_every_studys_record_loads_and_names_only_its_checks(study, folder, table, path, seed):
    """The record loads through its provenance file with the CSV's rows; each check once, each in the checks
    table (or renamed to one), each with its line, four yes/no answers, a note; a disagreement says what became
    of it."""
    raw = _rows(path)
    record = review.read_record(folder, table)
    assert list(record["check_id"]) == [r["check_id"] for r in raw] and len(raw) == len(set(record["check_id"]))
    review.check_ids_known(record, _ids(study), path)
    assert all(r["source_line"].strip() for r in raw)
    assert sum(seed in r["source_line"] for r in raw) > len(raw) / 2      # most lines read in its source text
    assert all(r[c] in ("yes", "no") for r in raw for c in CRITERIA) and all(r["note"].strip() for r in raw)
    for r in raw:
        agrees = all(r[c] == "yes" for c in CRITERIA)
        assert agrees or r["change"].startswith(("open", "fixed")), r["check_id"]
    a = agreement(record, blank_is_open=True)
    assert a["agree"] == sum(all(r[c] == "yes" for c in CRITERIA) for r in raw)


#: the studies whose page shows its review with ``<study>.review.review_table``: record path, source text, notebook
STUDY_TABLES = {
    "claypool_quality": ("data/claypool/review-claypool-quality.csv", "seed 001", "notebooks/claypool-quality.md"),
    "foundations_laws": ("data/zeadally/review-laws.csv", "seed 002", "notebooks/laws.md"),
    "hsieh_video": ("data/hsieh/review-hsieh-video.csv", "seed 004", "notebooks/hsieh-video.md"),
    "huynh": ("data/huynh/review-huynh.csv", "seed 000", "notebooks/huynh.md"),
}


@pytest.mark.parametrize("study", sorted(STUDY_TABLES))
def test_the_pages_review_summary_is_counted_from_the_record(study):
    """The summary row's numbers are counted here from the CSV, as recorded and after the author's response (fixed
    and answered count as agreeing); one row follows per disagreeing check, in order. A summary that says every
    check was read (``SUMMARY_WITH_RESPONSE``) needs a record of every check of the table."""
    import importlib

    module = importlib.import_module(f"mmstudies.{study}.review")
    path, seed, _ = STUDY_TABLES[study]
    raw = _rows(path)
    # each row cites a line of the source text, the book's model, or says why it cites none
    assert all(r["source_line"].startswith((seed + " line", "model (book)", "none: ")) for r in raw)
    disagree = [r for r in raw if not all(r[c] == "yes" for c in CRITERIA)]
    n, k = len(raw), len(raw) - len(disagree)
    for r in raw:   # the author's response: one per disagreement, with its reason unless the review fixed it
        assert (r["response"] == "") == (r not in disagree), r["check_id"]
        if r["response"] in ("fixed", "answered") and not r["change"].startswith("fixed"):
            assert r["response_reason"].strip() and r["response_change"].strip(), r["check_id"]
    count = {w: sum(r["response"] == w for r in disagree) for w in ("fixed", "answered", "open")}
    after = k + count["fixed"] + count["answered"]
    ids = _ids(study)
    table = module.review_table(ids)
    assert list(table.columns) == ["finding", "response", "change"]
    assert table.loc[0, "finding"] == (f"Independent review ({module.TEXT.date}, {n} checks sampled, {k} agree = "
                                       f"{100 * k / n:.0f} %; after the author's response {after} of {n} = "
                                       f"{100 * after / n:.0f} %)")
    if module.TEXT.summary == review.SUMMARY_WITH_RESPONSE:
        assert sorted(r["check_id"] for r in raw) == sorted(ids)
        assert table.loc[0, "response"].startswith(f"Every check of checks.yml read against {seed}")
    else:
        scope = f"all {n} checks" if n == len(ids) else f"{n} of the {len(ids)} checks"
        assert f"{scope} of checks.yml" in table.loc[0, "response"]
    assert table.loc[0, "change"] == (f"{count['fixed']} fixed, {count['answered']} answered, {count['open']} open "
                                      "(rows below)")
    assert [f.split(" (")[0] for f in table["finding"][1:]] == [r["check_id"] for r in disagree]
    assert list(table["response"][1:]) == [
        "fixed in the review" if r["change"].startswith("fixed") else
        "open" if r["response"] == "open" else f"{r['response']} by the author: {r['response_reason']}"
        for r in disagree]
    with pytest.raises(ValueError, match="checks the checks table does not have"):
        module.review_table(ids[:1])


#: the studies whose author answers the review in notes (``text.INDEPENDENT_REVIEW``, a
#: :func:`mmperf.review.noted_review_text`): record table, record path
NOTED_REVIEWS = {
    "claypool_jitter": ("review_claypool_jitter", "data/claypool/review-claypool-jitter.csv"),
    "claypool_load": ("review_claypool_load", "data/claypool/review-claypool-load.csv"),
}


@pytest.mark.parametrize("study", sorted(NOTED_REVIEWS))
def test_the_noted_reviews_summary_is_counted_from_the_record(study):
    """The page's summary row takes every number from the record: recounted here with the csv module from its
    yes/no columns (a check agrees when all four are yes; an answered disagreement does not count as agreeing);
    flipping one check's flag moves the summary, so the row cannot hold typed numbers."""
    import importlib

    from mmperf.data import load_table

    words = importlib.import_module(f"mmstudies.{study}.text").INDEPENDENT_REVIEW
    table, path = NOTED_REVIEWS[study]
    raw = _rows(path)
    agree = sum(all(r[k] == "yes" for k in CRITERIA) for r in raw)
    fixed = sum(not all(r[k] == "yes" for k in CRITERIA) and r["change"].startswith("fixed") for r in raw)
    ids = _ids(study)
    assert len(raw) >= 30 and {r.get("current_id") or r["check_id"] for r in raw} <= set(ids)
    rows = review.checked_rows(load_table("claypool", table), words, ids)
    assert rows[0][0] == (f"Independent review (2026-11-26, {len(raw)} checks sampled, {agree} agree = "
                          f"{100 * agree / len(raw):.1f} %)")
    disagree = [r for r in raw if not all(r[k] == "yes" for k in CRITERIA)]
    after = agree + sum(r["change"].startswith("fixed") or r["response"] == "fixed" for r in disagree)
    answered = sum(r["response"] == "answered" and not r["change"].startswith("fixed") for r in disagree)
    assert (f"{len(raw) - agree} disagree: {fixed} fixed by the review; the author's response fixed "
            f"{after - agree - fixed} more, answered {answered} with a reason and left "
            f"{len(disagree) - (after - agree) - answered} open") in rows[0][1]
    assert rows[0][2].startswith(f"after the author's response {after} of {len(raw)} agree "
                                 f"({100 * after / len(raw):.1f} %)")
    assert len(rows) == 1 + len(raw) - agree                     # one row per disagreement
    responses = {r["check_id"]: r for r in raw}
    for row in rows[1:]:
        rec = responses[row[0].split(" ")[2].rstrip(":")]
        assert row[1] == ("Fixed by the review." if rec["change"].startswith("fixed") else rec["response_note"])
    flipped = load_table("claypool", table)
    first_agreeing = next(i for i, r in enumerate(raw) if all(r[k] == "yes" for k in CRITERIA))
    flipped.loc[first_agreeing, "kind_ok"] = "no"
    assert review.checked_rows(flipped, words, ids)[0][0].endswith(
        f"{agree - 1} agree = {100 * (agree - 1) / len(raw):.1f} %)")
    with pytest.raises(ValueError, match="checks the checks table does not have"):
        review.checked_rows(load_table("claypool", table), words, ids[:1])


#: each review's page, and the call that composes its review from the record
PAGES = {**{study: (page, "review_record.review_table(") for study, (_, _, page) in STUDY_TABLES.items()},
         **{study: (f"notebooks/{study.replace('_', '-')}.md",
                    f'review.checked_rows(load_table("claypool", "{table}"), text.INDEPENDENT_REVIEW')
            for study, (table, _) in NOTED_REVIEWS.items()}}


@pytest.mark.parametrize("study", sorted(PAGES))
def test_the_page_composes_its_independent_review_from_the_record(study):
    """The page composes its review rows from the record and types no agreement count or percentage in its
    review section."""
    page, call = PAGES[study]
    text = (ROOT / page).read_text(encoding="utf-8")
    start = text.index("## Review")
    section = text[start:text.index("\n## ", start + 1)]
    assert call in section
    assert not re.search(r"\d+(\.\d+)? ?%", section) and not re.search(r"\b\d+ (checks|agree)\b", section)


# ----------------------------------------------------------------------------- the reviews' fixes, in the tables
def test_the_claypool_quality_reviews_fix_is_in_the_table():
    """The review's one fix: the 'indistinguishable' sentence is seed line 2125, not 2121."""
    from mmstudies.claypool_quality import checks

    spec = checks.table().spec("eth-atm")
    assert spec.source.startswith("seed line 2125: 'The quality prediction curves for the Ethernet and the ATM are "
                                  "indistinguishable")


def test_the_hsieh_video_reviews_fixes_are_in_the_table():
    """Three citation slips (the sentences are at lines 1375, 1407 and 1431/1439), H32's place (Eq. 4.2 is the
    buffer; the rate is defined in Section 4.2, line 1195 of the source text), and the conditions of the quoted numbers (the thesis's one-frame
    PCR spacing and 30 frames/s, line 1334) and of Section 4.7's studies (lines 1465-1487)."""
    from mmstudies.hsieh_video import checks

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
    from mmstudies.hsieh_video import checks

    t = checks.table()
    params = {"pcr_interval_frames": 2, "fps": 30.0, "adv_long_startup_frames": 300}
    assert differing(t.spec("quoted-mtv-pcbr-buffer"), params) == ["pcr_interval_frames = 2 (the paper: 1)"]
    assert differing(t.spec("quoted-adv-cbr-buffer"), params) == []


def test_the_hsieh_video_sample_has_30_or_more_checks_of_every_kind():
    """43 of the table's checks at the review (at least 30 must be sampled): every arithmetic check and target
    (mpeg2-buffer-reduction-pdcbr, the target added in the author's response, read by a second reviewer), and at
    least one check of every other kind and not-comparable family."""
    from mmstudies.hsieh_video import checks

    ids = [row["check_id"] for row in _rows("data/hsieh/review-hsieh-video.csv")]
    table = checks.table()
    assert len(ids) == 43 >= 30
    kinds = {spec.id: spec.kind for spec in table.checks}
    assert {kinds[i] for i in ids} == set(kinds.values())
    for kind in ("arithmetic", "target"):
        assert {i for i in kinds if kinds[i] == kind} <= set(ids), kind
    families = {spec.id.rsplit("-", 1)[0] for spec in table.checks if spec.id.startswith(("h29-", "h30-", "h31-",
                "cbr-buffer-", "b2-then-b1-", "mjpeg-less-buffer-", "fixed-buffer-", "fixed-rate-"))}
    assert all(any(i.startswith(f + "-") for i in ids) for f in families), families


def test_the_second_reviews_finding_on_the_pdcbr_target_is_counted_and_shown():
    """The row added after the review (PDCBR's buffer reduction) was read by a second reviewer: paper value,
    verdict and conditions agree, the kind does not (a row nothing was calibrated to is no target); the author
    re-classified it not comparable. So the record holds 43 checks of which 32 agree as recorded (the first
    review's 32 of 42) and 43 after the author's response; the page's summary and its own row say so."""
    from mmstudies.hsieh_video import checks
    from mmstudies.hsieh_video import review as hv_review

    record = review.read_record("hsieh", "review_hsieh_video")
    row = record.set_index("check_id").loc["mpeg2-buffer-reduction-pdcbr"]
    assert [row[c] for c in CRITERIA] == ["yes", "no", "yes", "yes"] and row["response"] == "fixed"
    a = agreement(record)
    assert (a["sampled"], a["agree"], a["open"], a["agree_after"]) == (43, 32, 0, 43)
    assert a["disagree_on"]["kind_ok"] >= 1
    table = hv_review.review_table(s.id for s in checks.table().checks)
    assert table.loc[0, "finding"].startswith("Independent review (2026-11-26, 43 checks sampled, 32 agree = 74 %; "
                                              "after the author's response 43 of 43 = 100 %)")
    last = table.iloc[-1]
    assert last["finding"].startswith("mpeg2-buffer-reduction-pdcbr") and last["response"].startswith("fixed by the author")
