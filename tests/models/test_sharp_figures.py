"""Every Sharp figure is legible where the book shows it (lib/mmstudies/sharp/figures.py)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mmperf.plotting import check_legible, check_overprint, use_book_style  # noqa: E402
from mmstudies.sharp import figures  # noqa: E402


@pytest.mark.parametrize("make", [figures.draw_site_layout, figures.draw_stream_concepts,
                                  lambda: figures.draw_backbone(622, 100, 400),
                                  lambda: figures.draw_site_architecture(10)])
def test_schematics_are_legible(make):
    use_book_style()
    fig = make()
    assert check_legible(fig) == []
    assert check_overprint(fig) == []  # issue 25: the site's microphone label spilled out of its box
    assert fig.get_size_inches()[0] <= 6.9
    plt.close(fig)


def test_every_figure_of_the_chapter_has_its_alt_text():
    """The notebook passes figures.ALT[name] for each figure it shows; every name it shows has one."""
    import re
    from pathlib import Path

    notebook = (Path(__file__).resolve().parents[2] / "notebooks" / "sharp.md").read_text()
    shown = set(re.findall(r"```\{glue:figure\} (fig-sharp-[a-z0-9-]+)", notebook))
    assert shown == set(figures.ALT) and len(shown) == 10
    assert all(len(alt) > 80 and alt.endswith(".") for alt in figures.ALT.values())


def test_budget_names_the_reach_in_the_legend_and_draws_nothing_over_a_text():
    """Parts adding to 40 ms at 400 km and 5 us/km: the mean reaches 150 ms after (150 - 40) / 0.005 = 22,000
    km more, at 22,400 km; the distance is a legend entry (issue 25: the 99th-percentile line ran through the
    label beside the point)."""
    use_book_style()
    parts = {"video decoding": 30.0, "video presentation": 10.0}
    fig, _ = figures.plot_budget(parts, parts, 150.0, 40.0, 46.0, 400.0, 5.0, 40.0)
    legend = [t.get_text() for t in fig.axes[1].get_legend().get_texts()]
    assert "ours: mean reaches the limit at 22,400 km" in legend
    assert not any("km" in t.get_text() for t in fig.axes[1].texts)
    assert check_overprint(fig) == [] and check_legible(fig) == []
    plt.close(fig)
