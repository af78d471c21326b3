"""The Sharp & Todirica chapter's scorecard summary, coverage and review table.

The checks themselves are data: ``checks.yml`` beside this module, computed by :mod:`.checks` and added
to the scorecard by the notebook (``ch.score_table``). :func:`summarise` records the headline and glues
the scorecard's sentences; :func:`add_coverage` records what the chapter does with each numbered table
and figure of the paper (:data:`COVERAGE`); :func:`review_table` is the page's review table: the
findings of issue 24 (:data:`REVIEW`) and the independent review's summary and disagreements, computed
from its per-check record ``data/sharp/review-sharp.csv`` (:mod:`mmperf.review`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pandas as pd

from mmperf import review

from . import text


def summarise(ch: Any) -> dict[str, int]:
    """Record the headline (``predictions_reproduced``, ``predictions_checked``) and glue the scorecard's
    sentences (headline, summary, calibration targets, mismatches); returns the headline."""
    head = ch.scorecard.headline()
    ch.metric("predictions_reproduced", head["reproduced"])
    ch.metric("predictions_checked", head["checked"])
    not_applicable = sum(c.evidence == "prediction" and c.status == "not applicable" for c in ch.scorecard.checks)
    ch.metric("predictions_not_applicable", not_applicable)
    ch.glue("sharp_headline_sentence", text.headline_sentence(head["reproduced"], head["checked"], not_applicable))
    ch.glue("sharp_scorecard_summary", ch.scorecard_summary())
    ch.glue("sharp_targets_sentence", text.targets_sentence(ch.scorecard.checks))
    ch.glue("sharp_mismatch_sentence", text.mismatch_sentence(ch.scorecard.checks))
    return head


def judge_trace(ch: Any) -> str:
    """Glue ``sharp_trace_judgement``: whether Figure 8's event times agree with Table 1, one sentence per check
    that compares them (trace-round-trip, trace-sink-busy), each composed from its verdict."""
    parts = []
    for check, what in (("trace-round-trip", "round trip"), ("trace-sink-busy", "sink busy time")):
        parts.append(ch.judge(f"The traced {what} agrees with Table 1.", check=check, status=("reproduced",))
                     + ch.judge(f"The traced {what} lies outside the spread of Table 1's standard deviations.",
                                check=check, status=("not reproduced",)))
    return ch.glue("sharp_trace_judgement", " ".join(p for p in parts if p))


#: What the chapter does with each numbered table and figure of the paper: ``(item, category, how,
#: note)``, grouped by the part of the chapter that covers them.
COVERAGE = {
    "schematics": [
        ("The paper's Figure 1 (site layout)", "redrawn schematic", "boxes drawn from the description at seed line 35",
         "fig-sharp-site"),
        ("The paper's Figure 2 (two sites, four components)", "redrawn schematic", "boxes and arrows from Section 2",
         "fig-sharp-streams, top"),
        ("The paper's Figure 3 (OutSocket to InSocket)", "redrawn schematic",
         "two glyphs and an arrow; the glyph shapes are ours", "fig-sharp-streams, lower left"),
        ("The paper's Figure 4 (one OutSocket, several InSockets)", "redrawn schematic",
         "fan-out to three InSockets; the number drawn in the paper is not given", "fig-sharp-streams, lower right"),
        ("The paper's Figure 5 (set-up code)", "computed from transcribed data",
         "listing transcribed verbatim in the text of this chapter", "not executed (C++)"),
        ("The paper's Figure 6 (Danish Research Network backbone)", "redrawn schematic",
         "only Lyngby, Odense, Aarhus and the two link types named at seed line 162",
         "the rest of the map is not given"),
        ("The paper's Figure 7 (software architecture of a site)", "redrawn schematic",
         "sockets, queues and internal connections from Figure 5's code, mapped to the model's nodes",
         "thread numbers other than t6 are not given"),
        ("The paper's Figure 10 (photograph of a session)", "not reproducible", "a photograph; nothing to compute",
         ""),
    ],
    "table1": [
        ("The paper's Table 1, four stage rows", "computed from transcribed data",
         "transcribed (data/sharp/table1.csv) and re-rendered; they are the model's inputs, and our "
         "simulated statistics of them are calibration targets", "table-sharp-table1, table-sharp-table1-ours"),
        ("The paper's Table 1, end-to-end row", "reconstructed under a labelled assumption",
         "its mean and sd are Table 1's stage rows summed (arithmetic, not a model result); its minimum and "
         "maximum per sample come from the model under assumptions A1-A2 (spiked stage times, independent "
         "stages)", "table-sharp-table1-ours, fig-sharp-table1"),
    ],
    "values": [
        ("Numbers in the text (bandwidths, packets, platform)", "computed from transcribed data",
         "data/sharp/values.csv, one label per value; used in the checks below"),
    ],
    "trace": [
        ("The paper's Figure 8 (LTT trace, 80 ms)", "computed from transcribed data",
         "timeline redrawn from the event times stated in the text (data/sharp/fig8_events.csv), "
         "with the model's mean times beside them", "raw trace not given; curves between events not drawn"),
        ("The paper's Figure 9 (close-up of Figure 8)", "reconstructed under a labelled assumption",
         "zoom of the redrawn timeline; the interval shown in the paper is not given, ours is chosen",
         "fig-sharp-trace, lower panel"),
    ],
}


def add_coverage(ch: Any, group: str) -> None:
    """Add the :data:`COVERAGE` entries of ``group`` to ``ch.coverage``, in order.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> added = []
    >>> add_coverage(SimpleNamespace(coverage=SimpleNamespace(add=lambda *a: added.append(a))), "table1")
    >>> [a[0] for a in added]
    ["The paper's Table 1, four stage rows", "The paper's Table 1, end-to-end row"]
    """
    for entry in COVERAGE[group]:
        ch.coverage.add(*entry)


#: The replication review's findings for this chapter (issues 24 and 23) and what was done: (finding,
#: response, change).
REVIEW = [
    ("The end-to-end mean, its sd and 'about 40 ms' are the sum of Table 1's fitted stage rows, scored as "
     "predictions",
     "Agreed: the stage distributions are fitted to Table 1's min, mean and sd, so the end-to-end mean and sd are "
     "the table's own sums",
     "Scored as arithmetic (checks e2e-mean, e2e-sd, about-40-ms); the predictions are the extremes and frame loss"),
    ("The LTT-overhead check rests on an assumed slowdown law",
     "Agreed: our number is assumption A6 applied to 2.5 % more load; the paper measured no distortion",
     "Scored as construction (ltt-overhead), applicable only at the paper's setting; the sentence names A6"),
    ("The interactivity check compares with an external limit (ITU-T G.114)",
     "Agreed: the paper gives no limit",
     "Scored as not comparable (interactivity)"),
    ("'11 vs 12 Ethernet packets' is too strict",
     "Agreed: 3.15-3.50 Mbit/s at 25 frames/s give 15.75-17.5 kbyte frames, which need 11-12 fragments",
     "Our value is the interval 11-12: inconclusive (ethernet-packets); inconsistency 1 rewritten"),
    ("Coverage says the end-to-end row is 'computed from the model'",
     "Agreed: its mean and sd are Table 1's sums; only its min and max come from the model",
     "Coverage: 'reconstructed under a labelled assumption', saying which statistic is which"),
    ("The chapter does not say plainly what the model adds",
     "Agreed",
     "A paragraph 'What the model adds' (frame loss, the extremes of a sample, what-ifs) before the results"),
    ("At background load 0.3 a +24.8 ms gap is explained by Table 1's 1.25 ms residual, a higher simulated "
     "minimum by reasoning about a lower one, and the LTT check is 'reproduced' while loss rises 0.046 -> 0.08",
     "Agreed: the sentences were written for the default point",
     "The gap is compared only at the paper's setting and explained by the residual only when it fits it; the "
     "minimum's cause is given only for its direction; the Table 1 checks and the LTT check are not applicable "
     "away from 25 frames/s and load 0.10"),
    ("At load 0.9 and 60 frames/s Exercise 1 reads 'L = 1 - 0.90 x 32.6 / 16.7 = none'",
     "Agreed",
     "The solution prints the negative load and says the sink is saturated at every load"),
    ("Citation slips: Table 1 cited at lines 166-173 (definitions; the values are at 150-154); the Stream layer "
     "row cited at line 172",
     "Agreed",
     "The checks table cites lines 150-154 per row; the page cites line 150"),
    ("Issue 23: at 20 frames/s 'full frame rate: not reproduced (25 vs 20)' with no frame lost",
     "Agreed: the paper's 25 frames/s is a condition of the check, not a value a what-if must meet",
     "Every check of the paper's setting declares frame_rate_fps 25 and background_load 0.1 as conditions; a run "
     "that changes them reports it not applicable; 'full frame rate' is arithmetic (capture rate x (1 - loss))"),
    ("Issue 23: steady state assumed, not checked",
     "The model's queues are bounded except a FIFO sink's",
     "The four stations are declared (mmperf.steady); a FIFO sink at utilisation >= 1 makes every delay undefined "
     "with the station named; the end-to-end mean is compared with twice the run length (drift -> undefined)"),
]


#: The independent review's words: its per-check record, what was read, its date and its four questions.
REVIEW_TEXT = review.ReviewText(record="data/sharp/review-sharp.csv", seed="seed 003", date="2026-11-26",
                                criteria={**review.CRITERIA, "verdict_ok": "verdict or tolerance reason"},
                                summary=review.SUMMARY_WITH_RESPONSE)
#: The date of the independent review whose per-check record is ``data/sharp/review-sharp.csv``.
REVIEW_DATE = REVIEW_TEXT.date


def review_sample() -> pd.DataFrame:
    """The independent review's per-check record (``data/sharp/review-sharp.csv``, table ``review_sharp``)."""
    return review.read_record("sharp", "review_sharp")


#: How many sampled checks agree, as recorded and after the author's response (:func:`mmperf.review.agreement`).
review_agreement = review.agreement


def independent_review_rows(sample: pd.DataFrame, date: str = REVIEW_DATE) -> list[tuple[str, str, str]]:
    """The review table's rows for the independent review (:func:`mmperf.review.review_rows`): one summary row
    (the agreement as the reviewer recorded it, and after the author's response), then one row per disagreeing
    check.

    Examples
    --------
    >>> s = pd.DataFrame({"check_id": ["a", "b"], "source_line": ["seed 003 line 1", "seed 003 line 2"],
    ...                   "paper_value_ok": ["yes", "no"], "kind_ok": ["yes"] * 2, "verdict_ok": ["yes"] * 2,
    ...                   "conditions_ok": ["yes"] * 2, "note": ["fine", "wrong line"], "change": ["", "open"]})
    >>> rows = independent_review_rows(s, "2026-01-01")
    >>> rows[0][0]
    "Independent review (2026-01-01, 2 checks sampled, 1 agree = 50 %; after the author's response 1 of 2 = 50 %)"
    >>> rows[1]
    ('b (paper value; seed 003 line 2): wrong line', 'open', 'open')
    """
    return review.review_rows(sample, dataclasses.replace(REVIEW_TEXT, date=date))


def review_table(sample: pd.DataFrame | None = None) -> pd.DataFrame:
    """The review table: the findings of issue 24 (:data:`REVIEW`), then the independent review's rows
    (:func:`independent_review_rows` of ``sample``, by default the record :func:`review_sample`), as a data
    frame with columns ``finding``, ``response``, ``change``.

    Examples
    --------
    >>> t = review_table()
    >>> list(t.columns), int(t["finding"].str.startswith("Independent review (").sum())
    (['finding', 'response', 'change'], 1)
    """
    rows = REVIEW + independent_review_rows(review_sample() if sample is None else sample)
    return pd.DataFrame(rows, columns=["finding", "response", "change"])
