"""An independent replication review of a chapter's checks, as data: its per-check record, the agreement counted
from it and the page's review rows composed from it (issue 23 item 7; issue 27 items 1 and 3).

A reviewer who did not write a chapter reads checks of its ``checks.yml`` against the source text at the cited
line and writes one CSV row per check (``data/<study>/review-<chapter>.csv``, declared in the study's provenance
file): the ``check_id``, the ``source_line`` read, four answers yes or no (:data:`CRITERIA`: is the paper value
what the source prints there, is the kind right, is the verdict right at its tolerance with a sound reason, are
the conditions complete), a ``note`` and, for a disagreement, the ``change`` the review made ("fixed: ...") or
"open". A check agrees when all four answers are yes. Optional last columns hold the author's response to each
disagreement (``response``: one of :data:`RESPONSES`; ``response_reason`` or ``response_note``;
``response_change``) and, for a check renamed since, its ``current_id``.

Every number a page shows about the review is counted here from the record (:func:`agreement`), never typed;
the words around them are each study's constants (:class:`ReviewText`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

#: the four questions of the review (columns of the record, each yes or no) -> the words a disagreement row uses
CRITERIA = {"paper_value_ok": "paper value", "kind_ok": "kind", "verdict_ok": "verdict",
            "conditions_ok": "conditions"}

#: the author's responses to a disagreement (column ``response``); empty where the reviewer agrees
RESPONSES = ("fixed", "answered", "open")

#: the columns of a review table
COLUMNS = ["finding", "response", "change"]


def read_record(folder: str, table: str) -> pd.DataFrame:
    """The reviewer's per-check record as written: table ``table`` of ``data/<folder>/`` (its provenance file).

    Examples
    --------
    >>> record = read_record("zeadally", "review_zeadally")
    >>> list(record.columns[:3])
    ['check_id', 'source_line', 'paper_value_ok']
    """
    from mmperf.data import load_table

    return load_table(folder, table)


def text_column(record: pd.DataFrame, name: str) -> pd.Series:
    """A text column of the record, stripped; "" where a cell is empty or the record has no such column.

    Examples
    --------
    >>> list(text_column(pd.DataFrame({"note": [" a ", None]}), "note")), list(text_column(pd.DataFrame(
    ...     {"note": ["a"]}), "response"))
    (['a', ''], [''])
    """
    if name not in record:
        return pd.Series([""] * len(record), index=record.index, dtype=object)
    return record[name].fillna("").astype(str).str.strip()


def answers(record: pd.DataFrame) -> pd.DataFrame:
    """The four answers as booleans (yes = True); anything but yes or no is refused, naming the column and checks.

    Examples
    --------
    >>> r = pd.DataFrame({"check_id": ["a", "b"], "paper_value_ok": ["yes", " No"], "kind_ok": ["yes"] * 2,
    ...                   "verdict_ok": ["yes"] * 2, "conditions_ok": ["yes", "maybe"]})
    >>> answers(r)
    Traceback (most recent call last):
    ...
    ValueError: review record: column 'conditions_ok' must be yes or no; check(s) b say otherwise
    >>> answers(r.assign(conditions_ok="yes"))["paper_value_ok"].tolist()
    [True, False]
    """
    out = {}
    for column in CRITERIA:
        words = record[column].astype(str).str.strip().str.lower()
        bad = ~words.isin(("yes", "no"))
        if bad.any():
            raise ValueError(f"review record: column {column!r} must be yes or no; check(s) "
                             f"{', '.join(map(str, record.loc[bad, 'check_id']))} say otherwise")
        out[column] = words == "yes"
    return pd.DataFrame(out, index=record.index)


def fixed_in_review(record: pd.DataFrame) -> pd.Series:
    """Where the review's own ``change`` starts with "fixed" (the review made the change itself)."""
    return text_column(record, "change").str.lower().str.startswith("fixed")


def responses(record: pd.DataFrame, agrees: pd.Series, blank_is_open: bool = False) -> pd.Series:
    """The author's response to each check, lower case: one of :data:`RESPONSES` for a disagreement, "" for an
    agreeing check.

    A record without a ``response`` column: "fixed" where the review's change starts with "fixed", else "open".
    A disagreement with an empty response is refused, unless ``blank_is_open`` (then it is "open"); so is an
    agreeing check with a response. ValueError names the checks.

    Examples
    --------
    >>> r = pd.DataFrame({"check_id": ["a", "b", "c"], "change": ["", "fixed: x", "open"]})
    >>> responses(r, pd.Series([True, False, False])).tolist()
    ['', 'fixed', 'open']
    >>> r["response"] = ["", "fixed", ""]
    >>> responses(r, pd.Series([True, False, False]), blank_is_open=True).tolist()
    ['', 'fixed', 'open']
    >>> responses(r, pd.Series([True, False, False]))
    Traceback (most recent call last):
    ...
    ValueError: review record: column 'response' must be one of fixed, answered, open for a disagreement and empty for an agreeing check; check(s) c
    """
    if "response" in record:
        words = text_column(record, "response").str.lower()
        if blank_is_open:
            words = words.where((words != "") | agrees, "open")
    else:
        words = fixed_in_review(record).map({True: "fixed", False: "open"}).where(~agrees, "")
    bad = record.loc[(~agrees & ~words.isin(RESPONSES)) | (agrees & (words != "")), "check_id"].tolist()
    if bad:
        raise ValueError(f"review record: column 'response' must be one of {', '.join(RESPONSES)} for a "
                         f"disagreement and empty for an agreeing check; check(s) {', '.join(map(str, bad))}")
    return words


def agreement(record: pd.DataFrame, answered_agrees: bool = True, blank_is_open: bool = False) -> dict[str, Any]:
    """The review's counts from its record: what agrees as recorded and after the author's response.

    ``sampled`` checks; ``agree`` (all four answers yes) and ``percent``; ``disagree_on`` (checks failing each
    question); the disagreements by what became of them: ``fixed`` (by the review's own change or by the
    author's response), of those ``fixed_in_review``, ``answered`` (a reason given, nothing changed) and
    ``open``; ``agree_after`` (agree + fixed, + answered if ``answered_agrees``: a chapter may hold that the
    reviewer has not read the answer) and ``percent_after``. Percentages are NaN for an empty record.
    ``blank_is_open`` as in :func:`responses`.

    Examples
    --------
    Four checks: one agrees; b is fixed by the review; c answered; d fixed by the author: 1 of 4 agree, 4 after
    (3 when an answer does not count).

    >>> r = pd.DataFrame({"check_id": list("abcd"), "paper_value_ok": ["yes", "no", "yes", "yes"],
    ...                   "kind_ok": ["yes", "yes", "no", "no"], "verdict_ok": ["yes"] * 4,
    ...                   "conditions_ok": ["yes"] * 4, "change": ["", "fixed: x", "open", "open"],
    ...                   "response": ["", "fixed", "answered", "fixed"]})
    >>> a = agreement(r)
    >>> a["agree"], a["percent"], a["fixed"], a["fixed_in_review"], a["answered"], a["open"], a["agree_after"]
    (1, 25.0, 2, 1, 1, 0, 4)
    >>> agreement(r, answered_agrees=False)["agree_after"]
    3
    """
    yes = answers(record)
    agrees = yes.all(axis=1)
    words = responses(record, agrees, blank_is_open)
    disagree = ~agrees
    by_review = disagree & fixed_in_review(record)
    fixed = by_review | (disagree & (words == "fixed"))
    answered = disagree & ~fixed & (words == "answered")
    n, k = len(record), int(agrees.sum())
    after = k + int(fixed.sum()) + (int(answered.sum()) if answered_agrees else 0)
    return {"sampled": n, "agree": k, "percent": 100.0 * k / n if n else float("nan"),
            "disagree_on": {c: int((~yes[c]).sum()) for c in CRITERIA},
            "fixed": int(fixed.sum()), "fixed_in_review": int(by_review.sum()), "answered": int(answered.sum()),
            "open": int((disagree & ~fixed & ~answered).sum()),
            "agree_after": after, "percent_after": 100.0 * after / n if n else float("nan")}


def check_ids_known(record: pd.DataFrame, check_ids: Iterable[str], record_path: str) -> None:
    """Refuse a record naming a check the checks table does not have (ValueError naming them). A check renamed
    since the review is looked up by its ``current_id`` where the record gives one.

    Examples
    --------
    >>> check_ids_known(pd.DataFrame({"check_id": ["a", "old"], "current_id": ["", "b"]}), ["a", "b"], "r.csv")
    >>> check_ids_known(pd.DataFrame({"check_id": ["a", "c"]}), ["a", "b"], "r.csv")
    Traceback (most recent call last):
    ...
    ValueError: r.csv names checks the checks table does not have: ['c']
    """
    current = text_column(record, "current_id")
    now = current.where(current != "", record["check_id"])
    unknown = sorted(set(now) - set(check_ids))
    if unknown:
        raise ValueError(f"{record_path} names checks the checks table does not have: {unknown}")


# ----------------------------------------------------------------------------- the page's words
#: the summary row of a review without the author's responses (the review's own fixes only)
SUMMARY_AS_RECORDED = (
    "Independent review ({date}, {sampled} checks sampled, {agree} agree = {percent:.1f} %)",
    "A reviewer who did not write the chapter read {scope} against {seed} at the cited lines (per check: "
    "{record}). Disagreements by question: {failing}",
    "{fixed} fixed in the review, {open} open (rows below); after the review's fixes {agree_after} of {sampled} "
    "agree ({percent_after:.1f} %)")

#: the summary row of a review of a sample of the checks, with the author's responses (answered counts as agreeing)
SUMMARY_SAMPLE_WITH_RESPONSE = (
    "Independent review ({date}, {sampled} checks sampled, {agree} agree = {percent:.0f} %; after the author's "
    "response {agree_after} of {sampled} = {percent_after:.0f} %)",
    SUMMARY_AS_RECORDED[1],
    "{fixed} fixed, {answered} answered, {open} open (rows below)")

#: the summary row of a review with the author's responses (answered counts as agreeing)
SUMMARY_WITH_RESPONSE = (
    "Independent review ({date}, {sampled} checks sampled, {agree} agree = {percent:.0f} %; after the author's "
    "response {agree_after} of {sampled} = {percent_after:.0f} %)",
    "Every check of checks.yml read against {seed} at its cited line (per check: {record}). Disagreements by "
    "question: {failing}",
    "{fixed} fixed, {answered} answered, {open} open (rows below)")


def author_cells(rec: pd.Series, response: str, text: ReviewText) -> tuple[str, str]:
    """(response, change) of one disagreement row: the review's own fix; "open"; or the author's response with
    its reason (column ``text.reason_column``) and change (``response_change``).

    Examples
    --------
    >>> t = ReviewText(record="r.csv", seed="seed 001", date="d")
    >>> author_cells(pd.Series({"change": "fixed: x"}), "fixed", t)
    ('fixed in the review', 'fixed: x')
    >>> author_cells(pd.Series({"change": "open", "response_reason": "the text says so"}), "answered", t)
    ('answered by the author: the text says so', 'none: answered from the source text')
    """
    change = rec["change"].strip() if isinstance(rec["change"], str) else ""
    if response == "fixed" and change.lower().startswith("fixed"):
        return text.fixed_in_review, change
    if response == "open":
        return "open", change or "open"
    reason = str(rec.get(text.reason_column, "") or "").strip()
    made = str(rec.get("response_change", "") or "").strip()
    words = {"response": response, "Response": response.capitalize(), "reason": reason}
    return ((text.by_author if reason else text.by_author_bare).format(**words),
            made or ("none: answered from the source text" if response == "answered" else "see the response"))


def note_cells(rec: pd.Series, response: str, text: ReviewText) -> tuple[str, str]:
    """(response, change) of one disagreement row where the author's response is a note in its own words
    (column ``text.reason_column``): the review's own fix; "open" with the note; or the note, the change cell
    saying what the response changed and what the review asked.

    Examples
    --------
    >>> t = ReviewText(record="r.csv", seed="seed 001", date="d", reason_column="response_note",
    ...                fixed_in_review="Fixed by the review.", cells=note_cells)
    >>> note_cells(pd.Series({"change": "open: x", "response_note": "Fixed: y", "response_change": "z"}),
    ...            "fixed", t)
    ('Fixed: y', 'z (the review asked: open: x)')
    >>> note_cells(pd.Series({"change": "open: x", "response_note": ""}), "open", t)
    ('open', 'open: x')
    """
    change = rec["change"] if isinstance(rec["change"], str) and rec["change"].strip() else "open"
    note = str(rec.get(text.reason_column, "") or "").strip()
    done = str(rec.get("response_change", "") or "").strip()
    if change.lower().startswith("fixed"):
        return text.fixed_in_review, change
    answer = ("open" + (f": {note}" if note else "")) if response == "open" else (note or "open")
    return answer, f"{done} (the review asked: {change})" if done else change


@dataclass(frozen=True)
class ReviewText:
    """A chapter's words around its review's counts: where the record is, what was read, the review's date, the
    words of each question, the summary row's three templates (``str.format`` fields: every key of
    :func:`agreement`, ``date``, ``seed``, ``record``, ``scope``, ``failing``, ``disagree``, ``fixed_by_author``,
    ``n_table`` and any extra field passed to :func:`review_rows`), a disagreement row's finding template
    (fields ``check_id``, ``wrong``, ``source_line``, ``note``) and how its response cells are written."""

    record: str                     #: the record's path, as the page names it
    seed: str                       #: what was read ("seed 001", "the thesis (seed 001)")
    date: str                       #: the review's date
    criteria: dict[str, str] = field(default_factory=lambda: dict(CRITERIA))
    summary: tuple[str, str, str] = SUMMARY_AS_RECORDED
    finding: str = "{check_id} ({wrong}; {source_line}): {note}"
    fixed_in_review: str = "fixed in the review"
    by_author: str = "{response} by the author: {reason}"
    by_author_bare: str = "{response} by the author"
    reason_column: str = "response_reason"
    cells: Callable[[pd.Series, str, ReviewText], tuple[str, str]] = author_cells
    answered_agrees: bool = True    #: an answered disagreement counts as agreeing after the response
    blank_is_open: bool = False     #: an empty response to a disagreement means open (else it is refused)


def disagreements(record: pd.DataFrame, text: ReviewText) -> Iterator[tuple[pd.Series, list[str], str]]:
    """Each disagreeing check of the record in order: (its row, the words of the questions it fails, the
    author's response)."""
    yes = answers(record)
    words = responses(record, yes.all(axis=1), text.blank_is_open)
    for i, rec in record.iterrows():
        wrong = [text.criteria[c] for c in CRITERIA if not yes.loc[i, c]]
        if wrong:
            yield rec, wrong, words[i]


def review_rows(record: pd.DataFrame, text: ReviewText, n_table: int | None = None,
                **extra: Any) -> list[tuple[str, str, str]]:
    """The page's review rows (finding, response, change): one summary row, then one per disagreeing check.

    ``n_table`` is the number of checks in the chapter's table (field ``scope``: "all N checks of checks.yml"
    or "n of the N checks of checks.yml"); ``extra`` adds fields for the summary's templates.

    Examples
    --------
    Two checks, the second wrong on its paper value and open: 1 of 2 agree = 50 %.

    >>> r = pd.DataFrame({"check_id": ["a", "b"], "source_line": ["seed 001 line 1", "seed 001 line 2"],
    ...                   "paper_value_ok": ["yes", "no"], "kind_ok": ["yes"] * 2, "verdict_ok": ["yes"] * 2,
    ...                   "conditions_ok": ["yes"] * 2, "note": ["fine", "wrong line"], "change": ["", "open"]})
    >>> t = ReviewText(record="data/x/review-x.csv", seed="seed 001", date="2026-01-01")
    >>> rows = review_rows(r, t, n_table=2)
    >>> rows[0][0]
    'Independent review (2026-01-01, 2 checks sampled, 1 agree = 50.0 %)'
    >>> rows[0][2]
    "0 fixed in the review, 1 open (rows below); after the review's fixes 1 of 2 agree (50.0 %)"
    >>> rows[1]
    ('b (paper value; seed 001 line 2): wrong line', 'open', 'open')
    """
    a = agreement(record, text.answered_agrees, text.blank_is_open)
    n = a["sampled"]
    scope = ("" if n_table is None else f"all {n_table} checks of checks.yml" if n == n_table
             else f"{n} of the {n_table} checks of checks.yml")
    failing = ", ".join(f"{text.criteria[c]} {k}" for c, k in a["disagree_on"].items() if k) or "none"
    fields = {**a, "date": text.date, "seed": text.seed, "record": text.record, "scope": scope,
              "failing": failing, "disagree": n - a["agree"], "fixed_by_author": a["fixed"] - a["fixed_in_review"],
              "n_table": n_table, **extra}
    rows = [tuple(template.format(**fields) for template in text.summary)]
    for rec, wrong, response in disagreements(record, text):
        finding = text.finding.format(check_id=rec["check_id"], wrong=", ".join(wrong),
                                      source_line=rec["source_line"], note=rec["note"])
        rows.append((finding, *text.cells(rec, response, text)))
    return rows


def review_table(record: pd.DataFrame, text: ReviewText, check_ids: Iterable[str] | None = None,
                 **extra: Any) -> pd.DataFrame:
    """The page's review table (columns :data:`COLUMNS`) from :func:`review_rows`. With ``check_ids`` (the
    checks table's ids) the record is first checked against them (:func:`check_ids_known`) and the summary's
    scope counts them.

    Examples
    --------
    >>> r = pd.DataFrame({"check_id": ["a"], "source_line": ["seed 001 line 1"], "paper_value_ok": ["yes"],
    ...                   "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": ["fine"],
    ...                   "change": [""]})
    >>> t = ReviewText(record="data/x/review-x.csv", seed="seed 001", date="2026-01-01")
    >>> review_table(r, t, ["a", "b"]).loc[0, "response"]
    'A reviewer who did not write the chapter read 1 of the 2 checks of checks.yml against seed 001 at the cited lines (per check: data/x/review-x.csv). Disagreements by question: none'
    """
    rows = review_rows(record, text, **extra) if check_ids is None else checked_rows(record, text, check_ids, **extra)
    return pd.DataFrame(rows, columns=COLUMNS)


def checked_rows(record: pd.DataFrame, text: ReviewText, check_ids: Iterable[str],
                 **extra: Any) -> list[tuple[str, str, str]]:
    """:func:`review_rows` of a record first checked against the checks table's ids ``check_ids``
    (:func:`check_ids_known`); the summary's scope counts them.

    Examples
    --------
    >>> r = pd.DataFrame({"check_id": ["a"], "source_line": ["seed 001 line 1"], "paper_value_ok": ["yes"],
    ...                   "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": ["fine"],
    ...                   "change": [""]})
    >>> t = ReviewText(record="data/x/review-x.csv", seed="seed 001", date="2026-01-01")
    >>> checked_rows(r, t, ["a"])[0][1].startswith("A reviewer who did not write the chapter read all 1 checks")
    True
    """
    ids = list(check_ids)
    check_ids_known(record, ids, text.record)
    return review_rows(record, text, len(set(ids)), **extra)


#: a disagreement row's finding, marked as the independent review's (for a table that mixes it with others)
FINDING_MARKED = "(independent review) {check_id}: {wrong} ({source_line}). {note}"


def noted_review_text(record: str, seed: str, date: str, read: str) -> ReviewText:
    """The words of a review whose author answers each disagreement in a note of their own words (column
    ``response_note``, :func:`note_cells`), where an answered disagreement does not count as agreeing (the
    reviewer has not read the answer) and an empty response means open. ``read`` opens the summary's second
    cell: what was read, against what (``str.format`` fields of :class:`ReviewText`).

    Examples
    --------
    >>> t = noted_review_text("data/x/review-x.csv", "seed 001", "2026-01-01", "Every check read. ")
    >>> r = pd.DataFrame({"check_id": ["a", "b"], "source_line": ["l1", "l2"], "paper_value_ok": ["yes", "no"],
    ...                   "kind_ok": ["yes"] * 2, "verdict_ok": ["yes"] * 2, "conditions_ok": ["yes"] * 2,
    ...                   "note": ["", "slip"], "change": ["", "open"], "response": ["", "answered"],
    ...                   "response_note": ["", "Answered: the text says so."]})
    >>> rows = review_rows(r, t)
    >>> rows[0][1]
    "Every check read. 1 disagree: 0 fixed by the review; the author's response fixed 0 more, answered 1 with a reason and left 0 open (rows below)."
    >>> rows[0][2], rows[1]
    ("after the author's response 1 of 2 agree (50.0 %); answered, not counted as agreeing: 1", ('(independent review) b: paper value or its place (l2). slip', 'Answered: the text says so.', 'open'))
    """
    return ReviewText(
        record=record, seed=seed, date=date, criteria={**CRITERIA, "paper_value_ok": "paper value or its place"},
        summary=("Independent review ({date}, {sampled} checks sampled, {agree} agree = {percent:.1f} %)",
                 read + "{disagree} disagree: {fixed_in_review} fixed by the review; the author's response fixed "
                 "{fixed_by_author} more, answered {answered} with a reason and left {open} open (rows below).",
                 "after the author's response {agree_after} of {sampled} agree ({percent_after:.1f} %); answered, "
                 "not counted as agreeing: {answered}"),
        finding=FINDING_MARKED, fixed_in_review="Fixed by the review.", reason_column="response_note",
        cells=note_cells, answered_agrees=False, blank_is_open=True)
