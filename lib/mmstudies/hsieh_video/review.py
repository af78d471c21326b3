"""The independent replication review of the hsieh-video chapter's checks (issue 23, item 7): its constants.

The reviewer's per-check record is ``data/hsieh/review-hsieh-video.csv`` (declared in
``data/hsieh/provenance-review-video.yml``), read against seed 004; its last columns hold the author's response to each
disagreement (fixed, answered or open, a reason and the change). :mod:`mmperf.review` counts the agreement
and composes the page's review rows from it, so the agreement the page shows is counted, not typed.
"""

from __future__ import annotations

from mmperf import review

#: the review's words: the record, what was read and the date (the record's rows were read on this day)
TEXT = review.ReviewText(record="data/hsieh/review-hsieh-video.csv", seed="seed 004", date="2026-11-26",
                         summary=review.SUMMARY_SAMPLE_WITH_RESPONSE)


def review_table(check_ids):
    """The page's review table, computed from the record; ``check_ids`` are the checks table's ids."""
    return review.review_table(review.read_record("hsieh", "review_hsieh_video"), TEXT, check_ids)
