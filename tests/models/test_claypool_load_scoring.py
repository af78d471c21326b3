"""The claypool-load coverage list (scoring.coverage): every table and figure of chapters 4-7, honestly categorised."""

import re

from mmperf.checks import Coverage
from mmstudies.claypool_load import scoring


class _Record:
    def __init__(self):
        self.coverage = Coverage("claypool-load")


def _coverage():
    rec = _Record()
    scoring.coverage(rec)
    return {i.item: i for i in rec.coverage.items}


def test_coverage_lists_every_table_and_figure_of_chapters_4_to_7():
    items = list(_coverage())
    assert len(items) == len(set(items))
    wanted = {f"Figure 4.{i}" for i in range(1, 6)} | {f"Figure 5.{i}" for i in range(1, 27)} | \
             {f"Figure 6.{i}" for i in range(1, 16)} | {f"Figure 7.{i}" for i in range(1, 10)} | \
             {f"Table {t}" for t in ("5.1", "5.2", "5.3", "5.4", "6.1", "6.2", "6.3", "7.1", "7.2")}
    assert wanted <= set(items)
    assert sum(bool(re.match("Unnumbered table U6-[a-f]", i)) for i in items) == 6


def test_figures_of_the_labelled_counting_rules_are_reconstructions():
    """Issue 24: Figs 5.7-5.13, 5.15, 5.17, 5.19 and 5.20 rest on labelled counting rules (mix rule, one talker at a
    time): 'reconstructed under a labelled assumption', not 'computed from the model'."""
    cov = _coverage()
    for f in ("5.7", "5.8", "5.9", "5.10", "5.11", "5.12", "5.13", "5.15", "5.17", "5.19", "5.20"):
        assert cov[f"Figure {f}"].category == "reconstructed under a labelled assumption", f
    assert "re-prediction of all seven runs" in cov["Table 5.3"].how
