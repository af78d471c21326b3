"""The independent replication review of the huynh chapter's checks (issue 23, item 7): its constants.

The reviewer's per-check record is ``data/huynh/review-huynh.csv`` (declared in
``data/huynh/provenance-review.yml``), read against seed 000: for each of the 43 checks of ``checks.yml`` the
source line read, four answers, yes or no (is the paper value what the paper prints there, is the kind right, is
the verdict right at its tolerance with a sound reason, are the conditions complete), a note and, for a
disagreement, the change the review made ("fixed: ...") or "open"; its last columns hold the author's response to
each disagreement (fixed, answered or open, a reason and the change).
:mod:`mmperf.review` counts the agreement and composes the page's review rows from it, so the agreement the page
shows is counted, not typed.
"""

from __future__ import annotations

from mmperf import review

#: the review's words: the record, what was read and the date (the record's rows were read on this day)
TEXT = review.ReviewText(record="data/huynh/review-huynh.csv", seed="seed 000", date="2026-11-26",
                         summary=review.SUMMARY_WITH_RESPONSE)

#: the record's name in ``data/huynh/provenance-review.yml``
RECORD_TABLE = "review_huynh"


def load_record():
    """The reviewer's per-check record, as written (``data/huynh/review-huynh.csv``)."""
    return review.read_record("huynh", RECORD_TABLE)


def review_table(check_ids):
    """The page's review table, computed from the record; ``check_ids`` are the checks table's ids.

    A reviewed id that the table does not have raises ValueError (the record and the table must agree).
    """
    return review.review_table(load_record(), TEXT, check_ids)
