"""The independent replication review of the Zeadally chapter's checks (issue 23, item 7), as data.

The reviewer's per-check record is ``data/zeadally/review-zeadally.csv`` (declared in
``provenance-review.yml``): for each check of ``checks.yml`` the source line read and four answers, yes or no
(is the paper value what the source prints there, is the kind right, is the verdict right at its tolerance
with a sound reason, are the conditions complete), a note and, for a disagreement, the change made or "open".
A check agrees when all four answers are yes. The record's last columns hold the author's response to each
disagreement (fixed, answered or open, a reason and the change). The page's review rows are computed here from
that record, so the agreement it shows, as recorded and after the response, is counted, not typed.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

#: the date of the review (the record's rows were read against seed 002 on this day)
REVIEW_DATE = "2026-11-26"

#: the four questions of the review: record column -> the words a disagreement row uses
CRITERIA = {"paper_value_ok": "paper value", "kind_ok": "kind", "verdict_ok": "verdict",
            "conditions_ok": "conditions"}


def load_record() -> pd.DataFrame:
    """The reviewer's per-check record, as transcribed (``data/zeadally/review-zeadally.csv``)."""
    from mmperf.data import load_table

    return load_table("zeadally", "review_zeadally")


def _answers(record: pd.DataFrame) -> pd.DataFrame:
    """The four answers as booleans; anything but yes or no is refused, naming the column and the checks."""
    answers = {}
    for column in CRITERIA:
        words = record[column].astype(str).str.strip().str.lower()
        bad = ~words.isin(("yes", "no"))
        if bad.any():
            raise ValueError(f"review record: column {column!r} must be yes or no; check(s) "
                             f"{', '.join(map(str, record.loc[bad, 'check_id']))} say otherwise")
        answers[column] = words == "yes"
    return pd.DataFrame(answers, index=record.index)


#: the author's responses to a disagreement (column ``response``); empty where the reviewer agrees
RESPONSES = ("fixed", "answered", "open")


def _responses(record: pd.DataFrame, agrees: pd.Series) -> pd.Series:
    """The ``response`` column (a record without it: "fixed" where the review's change starts with "fixed",
    else "open"). A disagreement needs one of :data:`RESPONSES`, an agreeing check none."""
    if "response" in record:
        words = record["response"].fillna("").astype(str).str.strip().str.lower()
    else:
        change = record["change"].fillna("").astype(str).str.strip().str.lower()
        words = change.str.startswith("fixed").map({True: "fixed", False: "open"}).where(~agrees, "")
    bad = record.loc[(~agrees & ~words.isin(RESPONSES)) | (agrees & (words != "")), "check_id"].tolist()
    if bad:
        raise ValueError(f"review record: column 'response' must be one of {', '.join(RESPONSES)} for a "
                         f"disagreement and empty for an agreeing check; check(s) {', '.join(map(str, bad))}")
    return words


def agreement(record: pd.DataFrame) -> dict[str, Any]:
    """How many reviewed checks agree (all four answers yes), the share in per cent, the disagreements by the
    author's response (fixed, answered, open), and the agreement after that response (fixed and answered count).

    Examples
    --------
    Three checks, one wrong on its kind (open) and one on its paper value (fixed): 1 of 3 agree, 2 of 3 after.

    >>> r = pd.DataFrame({"check_id": ["a", "b", "c"], "paper_value_ok": ["yes", "yes", "no"],
    ...                   "kind_ok": ["yes", "no", "yes"], "verdict_ok": ["yes"] * 3,
    ...                   "conditions_ok": ["yes"] * 3, "change": ["", "open", "fixed: location"]})
    >>> a = agreement(r)
    >>> (a["sampled"], a["agree"], round(a["percent"], 1), a["fixed"], a["open"], a["agree_after"])
    (3, 1, 33.3, 1, 1, 2)
    """
    answers = _answers(record)
    agrees = answers.all(axis=1)
    responses = _responses(record, agrees)
    n = len(record)
    counts = {word: int((responses == word).sum()) for word in RESPONSES}
    after = int(agrees.sum()) + counts["fixed"] + counts["answered"]
    return {"sampled": n, "agree": int(agrees.sum()),
            "percent": 100.0 * float(agrees.sum()) / n if n else float("nan"),
            "disagree_on": {c: int((~answers[c]).sum()) for c in CRITERIA}, **counts,
            "agree_after": after, "percent_after": 100.0 * after / n if n else float("nan")}


def _response_cells(rec: pd.Series, response: str) -> tuple[str, str]:
    """(response, change) of one disagreement row: the review's own fix, or the author's response with its
    reason and change."""
    change = rec["change"].strip() if isinstance(rec["change"], str) else ""
    if response == "fixed" and change.lower().startswith("fixed"):
        return "fixed in the review", change
    if response == "open":
        return "open", "open"
    reason = str(rec.get("response_reason", "") or "").strip()
    made = str(rec.get("response_change", "") or "").strip()
    return (f"{response} by the author: {reason}" if reason else f"{response} by the author",
            made or ("none: answered from the source text" if response == "answered" else "see the response"))


def review_rows(record: pd.DataFrame, date: str = REVIEW_DATE) -> list[tuple[str, str, str]]:
    """The page's review rows (finding, response, change): one summary row (agreement as recorded and after the
    author's response), then one per disagreeing check.

    Examples
    --------
    >>> r = pd.DataFrame({"check_id": ["a", "b"], "source_line": ["seed 002 line 1", "seed 002 line 2"],
    ...                   "paper_value_ok": ["yes", "no"], "kind_ok": ["yes"] * 2, "verdict_ok": ["yes"] * 2,
    ...                   "conditions_ok": ["yes"] * 2, "note": ["fine", "wrong line"], "change": ["", "open"]})
    >>> rows = review_rows(r, "2026-01-01")
    >>> rows[0][0]
    "Independent review (2026-01-01, 2 checks sampled, 1 agree = 50 %; after the author's response 1 of 2 = 50 %)"
    >>> rows[1]
    ('b (paper value; seed 002 line 2): wrong line', 'open', 'open')
    """
    a = agreement(record)
    answers = _answers(record)
    responses = _responses(record, answers.all(axis=1))
    failing = ", ".join(f"{CRITERIA[c]} {n}" for c, n in a["disagree_on"].items() if n) or "none"
    rows = [(f"Independent review ({date}, {a['sampled']} checks sampled, {a['agree']} agree = "
             f"{a['percent']:.0f} %; after the author's response {a['agree_after']} of {a['sampled']} = "
             f"{a['percent_after']:.0f} %)",
             "Every check of checks.yml read against seed 002 at its cited line (per check: "
             f"data/zeadally/review-zeadally.csv). Disagreements by question: {failing}",
             f"{a['fixed']} fixed, {a['answered']} answered, {a['open']} open (rows below)")]
    for i, rec in record.iterrows():
        wrong = [words for column, words in CRITERIA.items() if not answers.loc[i, column]]
        if not wrong:
            continue
        response, change = _response_cells(rec, responses[i])
        rows.append((f"{rec['check_id']} ({', '.join(wrong)}; {rec['source_line']}): {rec['note']}", response,
                     change))
    return rows


def review_table() -> pd.DataFrame:
    """The page's review table, computed from the record."""
    return pd.DataFrame(review_rows(load_record()), columns=["finding", "response", "change"])
