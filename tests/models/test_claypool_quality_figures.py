"""Every figure of the claypool-quality chapter is legible and keeps the paper's numbers out of titles."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mmperf.plotting import FULL_SIZE_WIDTH_IN, check_legible, check_overprint, use_book_style  # noqa: E402
from mmstudies.claypool_quality import experiments as ex  # noqa: E402
from mmstudies.claypool_quality import figures  # noqa: E402

WITH_RUN = ["fig1_1", "fig2_2", "geometry", "fig5_24", "fig5_25", "fig5_26", "fig6_11", "fig6_12", "fig7_6",
            "fig7_7", "fig7_8", "fig7_9"]
SCHEMATIC = ["fig1_2", "fig2_1", "fig2_3", "fig2_4"]


@pytest.fixture(scope="module")
def run():
    use_book_style()
    return ex.run()


@pytest.mark.parametrize("name", WITH_RUN + SCHEMATIC)
def test_figure_is_legible_and_titled_without_the_papers_number(run, name):
    fig = getattr(figures, name)(run) if name in WITH_RUN else getattr(figures, name)()
    try:
        assert fig.get_size_inches()[0] <= FULL_SIZE_WIDTH_IN
        assert check_legible(fig) == []
        assert check_overprint(fig) == []  # issue 25: nothing drawn over text, a legend or an edge
        titles = [ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else [])
        assert not any("Fig" in t for t in titles), titles
    finally:
        plt.close(fig)
