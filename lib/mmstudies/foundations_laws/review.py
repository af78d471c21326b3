"""The independent replication review of the operational laws chapter's checks (issue 23, item 7): its constants.

The reviewer's per-check record is ``data/zeadally/review-laws.csv`` (declared in
``data/zeadally/provenance-review-laws.yml``; the chapter's checks are on Zeadally's data path, so the record
sits with Zeadally's data), read against seed 002: for each of the 6 checks of ``checks.yml`` (all of them:
fewer than the 30 a review samples) the source line read, four answers, yes or no (is the paper value what the
paper prints there, is the kind right, is the verdict right at its tolerance with a sound reason, are the
conditions complete), a note and, for a disagreement, the change the review made ("fixed: ...") or "open". Its
last three columns hold the author's response to each disagreement (fixed, answered or open, a reason, the change).
:mod:`mmperf.review` counts the agreement and composes the page's review rows from it, so the agreement the page
shows is counted, not typed.
"""

from __future__ import annotations

from mmperf import review

#: the review's words: the record, what was read and the date (the record's rows were read on this day); the
#: summary with the author's responses
TEXT = review.ReviewText(record="data/zeadally/review-laws.csv",
                         seed="seed 002 (Zeadally et al.; the M/M/1 check against the theory it cites)",
                         date="2026-11-26", summary=review.SUMMARY_WITH_RESPONSE)

#: the record's name in ``data/zeadally/provenance-review-laws.yml``
RECORD_TABLE = "review_laws"


def load_record():
    """The reviewer's per-check record, as written (``data/zeadally/review-laws.csv``)."""
    return review.read_record("zeadally", RECORD_TABLE)


def review_table(check_ids):
    """The page's review table, computed from the record; ``check_ids`` are the checks table's ids.

    A reviewed id that the table does not have raises ValueError (the record and the table must agree).

    Examples
    --------
    >>> from mmstudies.foundations_laws import checks
    >>> table = review_table(c.id for c in checks.table().checks)
    >>> list(table.columns), table.loc[0, "finding"].startswith("Independent review (2026-11-26, 6 checks sampled")
    (['finding', 'response', 'change'], True)
    """
    return review.review_table(load_record(), TEXT, check_ids)
