"""Every figure of the claypool-load chapter is legible and keeps the paper's numbers out of titles."""

import inspect

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mmperf.plotting import FULL_SIZE_WIDTH_IN, check_legible, check_overprint, use_book_style  # noqa: E402
from mmstudies.claypool_load import experiments as ex  # noqa: E402
from mmstudies.claypool_load import figures  # noqa: E402

NAMES = ["method", "counter", "ciw", "model5_1", "deletion_algorithms", "fig5_6", "fig5_7_8", "fig5_9_10", "fig5_11_13",
         "fig5_14_17", "fig5_18_20", "network", "flying_model", "fig6_3_6", "fig6_7_10", "topology", "vc_schematics", "fig7_4",
         "fig7_5"]


@pytest.fixture(scope="module")
def run():
    use_book_style()
    return ex.run({"counter_replications": 2, "counter_run_s": 10.0})


@pytest.mark.parametrize("name", NAMES)
def test_figure_is_legible_draws_nothing_over_a_text_and_is_titled_without_the_papers_number(run, name):
    f = getattr(figures, name)
    fig = f(run) if "r" in inspect.signature(f).parameters else f()
    try:
        assert fig.get_size_inches()[0] <= FULL_SIZE_WIDTH_IN
        assert check_legible(fig) == []
        assert check_overprint(fig) == []   # issue 25: Fig. 4.2's tick labels, the network legend, Fig. 6.13's notes
        titles = [ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else [])
        assert not any("Fig" in t for t in titles), titles
    finally:
        plt.close(fig)


def test_figure_6_13_draws_the_four_printed_bandwidths(run):
    """Section 6.6 prints four bandwidths (load_u6.csv, U6-e): backbone 43200, NAPs 7200, individual 216 and
    '50 Processor Servers' 4680 Mbit/s; the 'as printed' panel shows each of them (issue 24: it drew three)."""
    fig = figures.topology(run)
    try:
        words = " ".join(t.get_text() for t in fig.axes[0].texts)
        for printed in ("43,200", "7,200", "216.0", "4,680"):
            assert printed in words, printed
    finally:
        plt.close(fig)
