"""The claypool-jitter scorecard's summaries and the coverage list.

The checks themselves are data: ``checks.yml`` beside this module, with their functions in :mod:`.checks`
(the notebook adds them with ``ch.score_table``). :func:`by_headline` counts statuses per headline result,
:func:`record_headline` records the headline counts once every check is in, and :func:`coverage` lists every
numbered table and figure of the thesis's chapter 3 and section 5.6.4.
"""

from __future__ import annotations


def by_headline(sc):
    """Counts of statuses per headline result (H-number) of the study notes."""
    import pandas as pd

    rows: dict[str, dict[str, int]] = {}
    for c in sc.checks:
        h = c.what.split()[0]
        row = rows.setdefault(h, {"headline": h, "reproduced": 0, "not reproduced": 0, "inconclusive": 0,
                                  "other": 0})
        key = c.status if c.status in ("reproduced", "not reproduced", "inconclusive") else "other"
        row[key] += 1
    return pd.DataFrame(list(rows.values()))


def record_headline(ch) -> dict:
    """Record ``predictions_reproduced`` / ``predictions_checked`` and glue ``scorecard_summary``.

    Call after :func:`score`; returns the scorecard's headline counts.
    """
    head = ch.scorecard.headline()
    ch.metric("predictions_reproduced", head["reproduced"])
    ch.metric("predictions_checked", head["checked"])
    ch.glue("scorecard_summary", ch.scorecard_summary())
    return head


_RECONSTRUCTED = "reconstructed under a labelled assumption"
_TRANSCRIBED = "computed from transcribed data"
_SCHEMATIC = "redrawn schematic"

#: every numbered table and figure of the thesis's chapter 3 and section 5.6.4: (item, category, how)
COVERAGE = [
    ("Table 3.1", _TRANSCRIBED, "data/claypool/ch3_table3_1.csv, shown as printed"),
    ("Table 3.2", _RECONSTRUCTED,
     "printed matrix transcribed; our matrix from the six metrics on simulated traces, pair by pair"),
    ("Table 3.3", _TRANSCRIBED, "data/claypool/ch3_table3_3.csv; SPECint92 drives the host work"),
    ("Table 5.4", _RECONSTRUCTED,
     "transcribed; our counterpart from processor-, network- and both-loaded simulated runs"),
    ("Figure 3.1", _SCHEMATIC, "matplotlib timeline"),
    ("Figure 3.2", _SCHEMATIC, "matplotlib timeline"),
    ("Figure 3.3", _RECONSTRUCTED, "our traces at 160 ms and 30 ms"),
    ("Figure 3.4", _RECONSTRUCTED, "simulated mini-experiment 1; thesis gives only r"),
    ("Figure 3.5", _RECONSTRUCTED, "simulated mini-experiment 2; thesis gives only r"),
    ("Figure 3.6", _RECONSTRUCTED, "simulated SLC runs, statsmodels line and 95 % CI"),
    ("Figure 3.7", _RECONSTRUCTED, "simulated runs of the four Sun classes, one line each; by construction the "
     "four lines are nearly one line (a time slice lasts as long on every machine; only the sub-millisecond host "
     "work scales with SPECint92)"),
    ("Figure 3.8", _RECONSTRUCTED, "five simulated traces at illustrative settings"),
    ("Figure 3.9", _RECONSTRUCTED, "simulated isolated runs, 1/variance vs SPECint92 with 95 % CI"),
    ("Figure 3.10", _RECONSTRUCTED, "simulated default / nice / real-time runs on the thesis's axis; the nice and "
     "real-time lines are flat by construction (at most one slice's wait; no wait), and the default line rests on "
     "our tail-of-queue assumption (default_wakeup)"),
    ("Figure 3.11", _RECONSTRUCTED, "same, on the thesis's zoomed axis; flat nice and real-time lines by "
     "construction"),
    ("Figure 3.12", _RECONSTRUCTED, "six simulated traces, offsets as printed"),
    ("Figure 3.13", _RECONSTRUCTED, "simulated loaded runs, least-squares line"),
    ("Figure 3.14", _RECONSTRUCTED, "featured condition re-simulated with power and bandwidth growing yearly; "
     "flat by construction: faster hardware does not shorten a time slice (default) and real-time jitter is the "
     "stalls only"),
    ("Figure 5.21", _RECONSTRUCTED,
     "compensation curves of the featured simulated traces; thesis readings as markers"),
    ("Figure 5.22", _RECONSTRUCTED, "our runs and fit; thesis line as printed"),
    ("Figure 5.23", _RECONSTRUCTED, "our runs and fit; thesis line as printed"),
]


def coverage(ch) -> None:
    """Add every item of :data:`COVERAGE` to ``ch.coverage``, in the thesis's order."""
    for item in COVERAGE:
        ch.coverage.add(*item)
