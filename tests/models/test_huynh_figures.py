"""The Huynh figures: each builds from a tiny sweep and is legible at the book's column width."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mmperf.plotting import check_legible, check_overprint, use_book_style  # noqa: E402
from mmstudies.huynh import analytic as A  # noqa: E402
from mmstudies.huynh import figures as F  # noqa: E402
from mmstudies.huynh.config import Config, paper_values  # noqa: E402
from mmstudies.huynh.experiments import run_chapter_sweep, summarise_all  # noqa: E402


@pytest.fixture(scope="module")
def summaries():
    use_book_style()
    base = dict(file_transfer=True, frame_kb=8.0, host_vc_kloc=15.0, adapter_vc_kloc=1.0, participants=3,
                frames=200, pipeline_model="frame_time")
    res = run_chapter_sweep(frame_rates=[8.0, 15.0, 30.0], base=base, replications=2, seed=1, workers=1,
                            frame_rate=30.0, sweep_frames=200, adapter_klocs=[1.0, 16.0, 20.0])
    return summarise_all(res, 0.9)


def _figures(S):
    v, main = paper_values(), S["main"]
    return {
        "system": F.fig_system(), "dataflow": F.fig_dataflow(), "scb": F.fig_scb(),
        "channel": F.fig_channel(main, "distributed", v),
        "kloc": F.fig_kloc(A.host_kloc_sweep(Config(), [0.0, 60.0, 300.0], 30.0), S["adapter_kloc"], v),
        "host": F.fig_host_cpu(main), "util": F.fig_utilisation(main, "386", v),
        "send": F.fig_delay(main, "delay_send", "386", "compress/send"),
        "recv": F.fig_delay(main, "delay_recv", "386", "receive/decompress", v),
        "single": F.fig_single(S["single"]), "comp": F.fig_components(main, "distributed", 30.0),
        "pipe": F.fig_pipeline(S["pipeline"], 200),
    }


def test_every_figure_builds_fits_the_column_and_is_legible(summaries):
    for name, fig in _figures(summaries).items():
        assert fig.get_size_inches()[0] <= 6.9 + 1e-9, name
        assert check_legible(fig) == [], name
        assert check_overprint(fig) == [], name  # issue 25: no text over text, legend, edge or box
        assert not any("Fig." in t.get_text() for ax in fig.axes for t in [ax.title]), name
        plt.close(fig)


def test_every_figure_has_alt_text_and_a_glue_figure_on_the_page():
    import re
    from pathlib import Path

    page = (Path(__file__).parents[2] / "notebooks" / "huynh.md").read_text()
    assert set(F.ALT) == set(re.findall(r"```\{glue:figure\} (fig-huynh-[a-z-]+)", page))
    assert all(len(text) > 80 for text in F.ALT.values())
    assert list(F.schematics()) == ["fig-huynh-system", "fig-huynh-dataflow", "fig-huynh-scb"]
