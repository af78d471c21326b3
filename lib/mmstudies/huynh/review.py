"""The independent replication review of the huynh chapter's checks (issue 23, item 7), as data.

The reviewer's per-check record is ``data/huynh/review-huynh.csv`` (declared in ``data/huynh/provenance-review.yml``): for each
sampled check of ``checks.yml`` the source line read and four answers, yes or no (is the paper value what the
source prints there, is the kind right, is the verdict right at its tolerance with a sound reason, are the
conditions complete), a note and, for a disagreement, the change made ("fixed: ...") or "open". A check agrees
when all four answers are yes. The page's review rows are computed here from that record, so the agreement it
shows is counted, not typed.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

#: the date of the review (the record's rows were read against seed 000 on this day)
REVIEW_DATE = "2026-11-26"

#: the record's name in ``data/huynh/provenance-review.yml``
RECORD_TABLE = "review_huynh"

#: the four questions of the review: record column -> the words a disagreement row uses
CRITERIA = {"paper_value_ok": "paper value", "kind_ok": "kind", "verdict_ok": "verdict",
            "conditions_ok": "conditions"}


def load_record() -> pd.DataFrame:
    """The reviewer's per-check record, as written (``data/huynh/review-huynh.csv``)."""
    from mmperf.data import load_table

    return load_table("huynh", RECORD_TABLE)


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


def _change(value: Any) -> str:
    return value.strip() if isinstance(value, str) and value.strip() else ""


def agreement(record: pd.DataFrame) -> dict[str, Any]:
    """How many reviewed checks agree (all four answers yes), the share in per cent, and the fixed and open ones.

    Examples
    --------
    Three checks, one wrong on its kind (open) and one on its paper value (fixed): 1 of 3 agree, 2 after the fix.

    >>> r = pd.DataFrame({"check_id": ["a", "b", "c"], "paper_value_ok": ["yes", "yes", "no"],
    ...                   "kind_ok": ["yes", "no", "yes"], "verdict_ok": ["yes"] * 3,
    ...                   "conditions_ok": ["yes"] * 3, "change": ["", "open", "fixed: location"]})
    >>> a = agreement(r)
    >>> (a["sampled"], a["agree"], round(a["percent"], 1), a["fixed"], a["open"], a["after_fixes"])
    (3, 1, 33.3, 1, 1, 2)
    """
    answers = _answers(record)
    agrees = answers.all(axis=1)
    change = record["change"].map(_change).str.lower()
    fixed = int((~agrees & change.str.startswith("fixed")).sum())
    n, k = len(record), int(agrees.sum())
    return {"sampled": n, "agree": k, "percent": 100.0 * k / n if n else float("nan"),
            "disagree_on": {c: int((~answers[c]).sum()) for c in CRITERIA},
            "fixed": fixed, "open": n - k - fixed, "after_fixes": k + fixed}


def review_rows(record: pd.DataFrame, n_table: int, date: str = REVIEW_DATE) -> list[tuple[str, str, str]]:
    """The page's review rows (finding, response, change): one summary row, then one per disagreeing check.

    ``n_table`` is the number of checks in the chapter's table (the summary says how many of them were read).

    Examples
    --------
    >>> r = pd.DataFrame({"check_id": ["a", "b"], "source_line": ["seed 000 line 1", "seed 000 line 2"],
    ...                   "paper_value_ok": ["yes", "no"], "kind_ok": ["yes"] * 2, "verdict_ok": ["yes"] * 2,
    ...                   "conditions_ok": ["yes"] * 2, "note": ["fine", "wrong line"], "change": ["", "open"]})
    >>> rows = review_rows(r, 2, "2026-01-01")
    >>> rows[0][0]
    'Independent review (2026-01-01, 2 checks sampled, 1 agree = 50.0 %)'
    >>> rows[1]
    ('b (paper value; seed 000 line 2): wrong line', 'open', 'open')
    """
    a = agreement(record)
    answers = _answers(record)
    failing = ", ".join(f"{CRITERIA[c]} {n}" for c, n in a["disagree_on"].items() if n) or "none"
    scope = (f"all {n_table} checks of checks.yml" if a["sampled"] == n_table
             else f"{a['sampled']} of the {n_table} checks of checks.yml")
    after = (f"; after the review's fixes {a['after_fixes']} of {a['sampled']} agree "
             f"({100.0 * a['after_fixes'] / a['sampled']:.1f} %)" if a["sampled"] else "")
    rows = [(f"Independent review ({date}, {a['sampled']} checks sampled, {a['agree']} agree = "
             f"{a['percent']:.1f} %)",
             f"A reviewer who did not write the chapter read {scope} against seed 000 at the cited lines "
             f"(per check: data/huynh/review-huynh.csv). Disagreements by question: {failing}",
             f"{a['fixed']} fixed in the review, {a['open']} open (rows below){after}")]
    for i, rec in record.iterrows():
        wrong = [words for column, words in CRITERIA.items() if not answers.loc[i, column]]
        if not wrong:
            continue
        change = _change(rec["change"]) or "open"
        response = "fixed in the review" if change.lower().startswith("fixed") else "open"
        rows.append((f"{rec['check_id']} ({', '.join(wrong)}; {rec['source_line']}): {rec['note']}", response,
                     change))
    return rows


def review_table(check_ids) -> pd.DataFrame:
    """The page's review table, computed from the record; ``check_ids`` are the checks table's ids.

    A reviewed id that the table does not have raises ValueError (the record and the table must agree).
    """
    record = load_record()
    ids = list(check_ids)
    unknown = sorted(set(record["check_id"]) - set(ids))
    if unknown:
        raise ValueError(f"data/huynh/review-huynh.csv names checks the checks table does not have: {unknown}")
    return pd.DataFrame(review_rows(record, len(set(ids))), columns=["finding", "response", "change"])
