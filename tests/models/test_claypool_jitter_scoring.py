"""The claypool-jitter scorecard's summaries and coverage (the checks themselves: test_claypool_jitter_checks.py)."""

from __future__ import annotations

import pandas as pd

from mmbook.params import load_chapter
from mmperf import checktable
from mmperf.checks import Scorecard
from mmperf.data import load_table, load_values
from mmstudies.claypool_jitter import checks, scoring


class FakeChapter:
    def __init__(self):
        self.scorecard = Scorecard("claypool-jitter")
        self.metrics = {}
        self.glued = {}
        self.parameters = load_chapter("claypool-jitter").defaults()
        self.undefined_metrics = {}

    def glue(self, name, value):
        self.glued[name] = value
        return value

    def scorecard_summary(self):
        return "summary."

    def judge(self, sentence, *, check=None, status=(), otherwise="", **_):
        """As :meth:`mmbook.chapter.Chapter.judge` for a check premise: the sentence where the check's status is
        one of ``status``, else ``otherwise``; a check not on the scorecard raises ValueError."""
        found = [c for c in self.scorecard.checks if getattr(c, "id", "") == check]
        if not found:
            raise ValueError(f"no check {check!r} on the scorecard")
        return sentence if found[0].status in status else otherwise


def _results(generator="timeslice"):
    v3 = {k: float(v) for k, v in load_values("claypool", "ch3_values").items()}
    vb = {k: float(v) for k, v in load_values("claypool", "jitter_values").items()}
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    names = list(paper.columns)
    pairs = pd.DataFrame([{"pair": f"{a}-{b}", "paper_r": float(paper.loc[a, b]), "ours_r": float(paper.loc[a, b]),
                           "difference": 0.0} for i, a in enumerate(names) for b in names[i + 1:]])
    slopes = pd.Series({"SLC": 4.0, "IPC": 3.0, "IPX": 2.0, "Sparc 5": 1.0})
    return {"v3": v3, "vb": vb, "generator": generator, "replications": 3, "pairs": pairs, "n_pooled": 150,
            "n_exp1": 9, "n_exp2": 12, "n_loads": 6, "n_load_points": 18,
            "class_r": {"SLC": 0.98, "IPC": 0.98, "IPX": 0.97, "Sparc 5": 0.99}, "slopes": slopes,
            "slope_ci": {m: (s - 0.1, s + 0.1) for m, s in slopes.items()}, "n_power": 12,
            "bw_slope_ci": (1e-9, 2e-9), "x_intercepts": {"default": (1.1, 0.2), "nice": (2.0, 3.0)},
            "prio_slopes": {"default": 1e10, "nice": 1e8, "realtime": 1e6},
            "prio_slope_ci": {"default": (9e9, 1.1e10), "nice": (5e7, 1.5e8), "realtime": (-1e6, 3e6)},
            "n_prio_points": 18, "max_mean_variance": {"default": (3e10, 1e9), "nice": (5e8, 1e8),
                                                       "realtime": (1e7, 1e6)},
            "first_year": {"default": None, "realtime": 0.0}, "worst_network": "HIPPI", "buffer_max_ms": 230.0,
            "default_wakeup": "tail", "reading": None}


def _chapter():
    ch = FakeChapter()
    ch.metrics.update(ours_range_r_min=0.2, ours_range_r_max=0.3, ours_other_r_min=0.7, ours_other_r_max=0.99,
                      ours_r_exp1=0.0, ours_r_exp2=0.1, ours_r_load_slc=0.98, ours_meet_spread_load=0.1,
                      ours_r_power=0.98, ours_r_bandwidth=0.98, table54_r_bandwidth=0.989,
                      ours_drop_pct_at_100ms=2.0, ours_zero_drop_buffer_ms=207.0, ours_zero_drop_buffer_ms_ci=125.0,
                      derived_seconds_per_drop=8.0, printed_chain_slope=0.005247, printed_chain_intercept=41_511_000,
                      printed_buffer_at_area_threshold_us=1_363_500, printed_area_at_jitter_threshold=1_788_000,
                      ours_buf_area_r=0.96, ours_area_jitter_r=0.95, table54_max_abs_error_pct=6.8,
                      ours_additivity_max_abs_error_pct=5.0, ours_additivity_ci_pct=61.0,
                      ours_optimal_buffer_ms=101.0, ours_optimal_buffer_ms_ci=0.6, pooled_optimum_at_top=0)
    return ch


def score(ch, R) -> None:
    """What the notebook's ``ch.score_table`` does, without the audit: every check of the table, for this run."""
    for check in checktable.evaluate(checks.table(), checks.chapter_record(ch, R)):
        ch.scorecard.add(check)


class RecordingChapter(FakeChapter):
    """A fake chapter that also records metrics and coverage items, as :class:`mmbook.chapter.Chapter` does."""

    def __init__(self):
        super().__init__()
        self.covered = []
        self.coverage = self

    def metric(self, name, value, unit=""):
        self.metrics[name] = float(value)
        return float(value)

    def add(self, item, category, how):
        self.covered.append((item, category, how))


def test_record_headline_counts_the_predictions_checked_and_reproduced():
    """Two predictions (one reproduced, one not) and one arithmetic check: the headline is 1 of 2."""
    ch = RecordingChapter()
    sc = ch.scorecard
    sc.compare("H0 a", "here", paper=1.0, ours=1.0, tol=0.1, evidence="prediction", reason="r")
    sc.compare("H0 b", "here", paper=1.0, ours=2.0, tol=0.1, evidence="prediction", reason="r")
    sc.compare("H0 c", "here", paper=1.0, ours=1.0, tol=0.1, evidence="arithmetic", reason="r")
    head = scoring.record_headline(ch)
    assert (head["reproduced"], head["checked"]) == (1, 2)
    assert ch.metrics == {"predictions_reproduced": 1.0, "predictions_checked": 2.0}
    assert ch.glued["scorecard_summary"] == "summary."


def test_coverage_lists_every_numbered_table_and_figure_once():
    """Tables 3.1-3.3 and 5.4, Figures 3.1-3.14 and 5.21-5.23: 4 + 14 + 3 = 21 items, in that order."""
    ch = RecordingChapter()
    scoring.coverage(ch)
    items = [c[0] for c in ch.covered]
    expected = (["Table 3.1", "Table 3.2", "Table 3.3", "Table 5.4"] + [f"Figure 3.{i}" for i in range(1, 15)]
                + ["Figure 5.21", "Figure 5.22", "Figure 5.23"])
    assert items == expected
    assert {c[1] for c in ch.covered} == {"computed from transcribed data", "redrawn schematic",
                                          "reconstructed under a labelled assumption"}
