"""The independent replication review of the Zeadally chapter's checks (issue 23, item 7): its constants.

The reviewer's per-check record is ``data/zeadally/review-zeadally.csv`` (declared in ``provenance-review.yml``),
every check of ``checks.yml`` read against seed 002; its last columns hold the author's response to each
disagreement (fixed, answered or open, a reason and the change). :mod:`mmperf.review` counts the agreement, as
recorded and after the response, and composes the page's review rows from it: counted, not typed.
"""

from __future__ import annotations

from mmperf import review

#: the review's words: the record, what was read and the date (the record's rows were read on this day)
TEXT = review.ReviewText(record="data/zeadally/review-zeadally.csv", seed="seed 002", date="2026-11-26",
                         summary=review.SUMMARY_WITH_RESPONSE)


def review_table():
    """The page's review table, computed from the record."""
    return review.review_table(review.read_record("zeadally", "review_zeadally"), TEXT)
