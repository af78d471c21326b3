"""Every figure of the chapter draws from small inputs and is legible at display size."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from mmperf.data import load_table  # noqa: E402
from mmperf.plotting import check_legible, check_overprint, use_book_style  # noqa: E402
from mmstudies import claypool_jitter as cj  # noqa: E402
from mmstudies.claypool_jitter import figures  # noqa: E402


def _check(fig):
    problems = check_legible(fig) + check_overprint(fig)  # issue 25: no text over text, a legend or an edge
    plt.close(fig)
    assert not problems, problems


def test_schematics_and_note_are_legible():
    use_book_style()
    _check(figures.streams())
    _check(figures.mechanisms(3, 100.0))
    _check(figures.note("skipped"))


def test_data_figures_are_legible():
    use_book_style()
    rng = np.random.default_rng(0)
    x = 160_000 + rng.normal(0, 5000, 100)
    _check(figures.reflection(x, 30_000 + rng.normal(0, 3000, 60)))
    mini = pd.DataFrame({"period_ms": [30, 70, 160], "positive_dev_variance": [1e6, 2e6, 1.5e6]})
    _check(figures.packet_rate(mini, mini, (-0.02, 0.09), (0.1, 0.2)))
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    _check(figures.correlation_heatmaps(paper, paper, 10))
    proc = pd.DataFrame([{"machine": m, "load": L + rng.uniform(0, 0.3), "processor_load": L, "specint92": s,
                          "Variance": 1e10 * (L - 0.8) + rng.uniform(0, 1e9)}
                         for m, s in cj.MACHINES.items() for L in range(1, 7)])
    pfits = cj.group_fits(proc, "machine", "load", "Variance")
    _check(figures.load_lines(proc, pfits, 6, 0.98))
    prio = proc.assign(priority=np.repeat(cj.PRIORITIES, 8)[: len(proc)])
    prfits = cj.group_fits(prio, "priority", "load", "Variance").set_index("priority")
    _check(figures.priority(prio, prfits, 6, (3.5e10, 8e8)))
    power = pd.DataFrame({"specint92": list(cj.MACHINES.values()), "Variance": [4e6, 2e6, 1e6, 3e5]})
    _check(figures.power(power, cj.fit_line(power["specint92"], 1 / power["Variance"]), 0.98))
    env = {(k, 0): x for k in range(5)}
    _check(figures.environments(env, 160.0, 200.0))
    yr = pd.DataFrame({"priority": ["default"] * 3 + ["realtime"] * 3, "year": [0, 1, 2] * 2,
                       "Variance": [3e9, 2e9, 1.5e9, 1e8, 1e8, 1e8]})
    _check(figures.years(yr, 1e9, 5, 2.0))


def test_compensation_spreads_the_curves_near_zero_drops():
    """Issue 25 (Fig. 3.12): curves that rise almost vertically below 1 % dropped were squeezed against x = 0
    on a linear axis; the axis is linear to 1 % and logarithmic above, with ticks 0, 0.5, 1, 10, 100."""
    use_book_style()
    buffers = np.linspace(0, 230, 24)
    curves = np.array([np.clip(100 - buffers, 0.1, 100), np.clip(100 - 1.1 * buffers, 0.2, 100)])
    runs = pd.DataFrame({"optimal_drop_pct": [0.3, 0.5], "optimal_buffer_us": [100_000, 98_000]})
    fig = figures.compensation(curves, buffers, runs, {"drop_pct": 2.0, "buffer_ms": 100.0, "zero_drop_ms": 200.0})
    ax = fig.axes[0]
    assert ax.get_xscale() == "symlog"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "0.5", "1", "10", "100"]
    _check(fig)


def test_sensitivity_panels_carry_no_note_over_their_edges():
    """Nine panels a third of a 6.7 in figure wide: the line key is in the caption, nothing crosses an edge."""
    use_book_style()
    rows = [{"parameter": param, "pair": pair, "value": value, "ours_r": 0.5 + 0.1 * k, "paper_r": 0.6}
            for param, values in (("run_length_s", (20, 60, 180)), ("stall_rate_per_min", (0, 2, 4)),
                                  ("quantum_ms", (10, 20, 40)))
            for k, pair in enumerate(("Range-Variance", "Gaps-Variance", "Variance-Std"))
            for value in values]
    fig = figures.sensitivity(pd.DataFrame(rows), {"run_length_s": 60, "stall_rate_per_min": 2, "quantum_ms": 20})
    assert not any(t.get_text().startswith("solid") for ax in fig.axes for t in ax.texts)
    _check(fig)


def test_networks_fits_the_column_as_saved():
    """Issue 25: the saved PNG (tight box plus savefig's pad on each side, at figure.dpi) of Figs 3.12-3.13 is
    inside the book's 740 px column; the right panel's title "thesis r = 0.98 from three points", wider than
    its axes, ran to 6.72 in of a 6.7 in figure and saved it 744 px wide (746 px in the build)."""
    from types import SimpleNamespace

    from mmperf.plotting import BOOK_COLUMN_PX

    use_book_style()
    rng = np.random.default_rng(0)
    rows = [{"network": n, "system": SimpleNamespace(network_load=load)} for n in cj.NETWORKS for load in (False, True)]
    traces = {(k, 0): 160_000 + rng.normal(0, 5000, 300) for k in range(len(rows))}
    loaded = pd.DataFrame({"network_Mbps": list(cj.NETWORKS.values()), "Variance": [4e6, 2e6, 1e6]})
    fig = figures.networks(traces, rows, 160.0, 750_000.0, loaded, {"intercept": 2e-7, "slope": 1e-9, "r": 0.98},
                           None, 0.98)
    fig.canvas.draw()
    saved_in = fig.get_tightbbox(fig.canvas.get_renderer()).width + 2 * plt.rcParams["savefig.pad_inches"]
    assert round(saved_in * fig.dpi) <= BOOK_COLUMN_PX, f"saved {saved_in * fig.dpi:.1f} px wide"
    _check(fig)
