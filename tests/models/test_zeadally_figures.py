"""Every Zeadally figure draws, fits the book column, is legible (text >= 9 pt at display size) and draws no
text over another text, a legend or its axes' edge."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from mmperf.data import load_table  # noqa: E402
from mmperf.plotting import (  # noqa: E402
    BOOK_COLUMN_PX,
    FULL_SIZE_WIDTH_IN,
    check_legible,
    check_overprint,
    smallest_text_pt,
    use_book_style,
)
from mmstudies.zeadally import analytic as a  # noqa: E402
from mmstudies.zeadally import costfit, figures  # noqa: E402

#: the text column of a chapter page at a 1366 px laptop window (measured in the built book: 740.8 px)
LAPTOP_COLUMN_PX = BOOK_COLUMN_PX


def _all_figures():
    t2 = load_table("zeadally", "table2")
    points = load_table("zeadally", "figure_points")
    mvm = a.model_vs_measured(a.measured_configurations(), 240, 230)
    reg = costfit.frame_cost_summary(a.regression_points(mvm))
    sweep = pd.DataFrame([{"service_cv": cv, "mode": m, "mbps": v, "ci_half_width": 2.0}
                          for cv in (0.0, 0.5, 1.0) for m, v in (("serial", 74.0), ("pipelined", 200 - 60 * cv))])
    ps = pd.DataFrame({"configuration": t2["configuration"], "graphics_fps": [None, 33, 17, 50, 26],
                       "video_dropped_pct": [0, None, 100, None, 100]}).set_index("configuration")
    model6 = {("two-copy", "SHM"): 65.0, ("two-copy", "no SHM"): 51.0, ("single-copy", "no SHM"): 64.0,
              ("single-copy", "SHM"): 87.0}
    return {
        "bottlenecks": lambda: figures.bottlenecks(),
        "architecture": lambda: figures.architecture(200, 240, 230),
        "stacks": lambda: figures.protocol_stacks(),
        "simplified": lambda: figures.simplified_architecture(),
        "fig4": lambda: figures.raw_maxima(load_table("zeadally", "networks")),
        "fig5": lambda: figures.single_copy_raw(90, 140.4, 200),
        "mvm": lambda: figures.model_vs_measured(mvm),
        "fig6": lambda: figures.figure6_points(model6, points[points["figure"] == "Figure 6"]),
        "fig7": lambda: figures.optimisation_staircase(load_table("zeadally", "figure7")),
        "regression": lambda: figures.regression(reg["fit_all"]["fitted"], reg["fit"]["fitted"], reg["loo"]),
        "variability": lambda: figures.variability(sweep, 74.0, 200.0),
        "table2": lambda: figures.table2_bars(t2),
        "cpu": lambda: figures.cpu_model(ps, t2),
    }


@pytest.mark.parametrize("name", list(_all_figures()))
def test_figure_is_legible(name):
    use_book_style()
    fig = _all_figures()[name]()
    try:
        assert fig.get_figwidth() <= FULL_SIZE_WIDTH_IN
        # what the book shows is the tight box, labels included, shrunk to a 1366 px window's 740 px column
        # (measured): the smallest text must still read 10 CSS px (Figure 7's "Level: option" labels made it
        # 8 in wide; shown at 0.6 of its saved size, its 9 pt labels read 9 px)
        tight_px = fig.get_tightbbox(fig.canvas.get_renderer()).width * fig.dpi
        shown_px = smallest_text_pt(fig) * fig.dpi / 72 * min(1.0, LAPTOP_COLUMN_PX / tight_px)
        assert shown_px >= 10.0, f"{name}: smallest text {shown_px:.1f} px as shown"
        assert check_legible(fig) == []
        assert check_overprint(fig) == []
        # the page shows the PNG as saved: laid out (constrained layout runs at the draw), its tight box plus
        # savefig's pad on each side, in whole pixels at figure.dpi (6.7 in under constrained layout: 749 px)
        fig.canvas.draw()
        saved_px = (fig.get_tightbbox(fig.canvas.get_renderer()).width + 2 * plt.rcParams["savefig.pad_inches"])
        assert round(saved_px * fig.dpi) <= BOOK_COLUMN_PX, f"{name}: saved {saved_px * fig.dpi:.1f} px wide"
    finally:
        plt.close(fig)
