"""The operational laws chapter's figures: functions that return a matplotlib Figure (legends, not labels on the
curves, so that nothing is drawn over anything at any parameters)."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from mmperf.plotting import paper_marker_style

BLUE, ORANGE, VERMILION, SKY, GREEN, GREY = "#0072B2", "#E69F00", "#D55E00", "#56B4E9", "#009E73", "#777777"


def bounds(table: pd.DataFrame, measured_mbps: float, measured_label: str):
    """Throughput of the data path against frames in flight: asymptotic and balanced job bounds, exact MVA, and
    the paper's measurement of the serial path at one frame in flight."""
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    n = table["frames"]
    ax.fill_between(n, table["asym_low"], table["asym_high"], color=SKY, alpha=0.25, label="asymptotic bounds")
    ax.plot(n, table["bjb_high"], color=GREEN, ls="--", label="balanced job bounds")
    ax.plot(n, table["bjb_low"], color=GREEN, ls="--")
    ax.plot(n, table["mva"], color=BLUE, marker="o", ms=4, label="exact MVA (exponential stages)")
    ax.plot([1], [measured_mbps], **(paper_marker_style() | {"label": measured_label}))
    ax.set_xlabel("frames in flight N")
    ax.set_ylabel("throughput (Mbit/s)")
    ax.set_ylim(0, 1.1 * float(table["asym_high"].max()))
    ax.legend(loc="lower right", fontsize=9)
    fig.tight_layout()
    return fig


def warmup(ensemble: pd.DataFrame, theory: float, cut: int):
    """The average wait over replications by customer number, from an empty start, against the steady state."""
    fig, ax = plt.subplots(figsize=(6.4, 3.3))
    ax.plot(ensemble["customer"], ensemble["wait"], color=BLUE, marker="o", ms=3, label="mean over replications")
    ax.axhline(theory, color=GREY, ls="--", label="steady-state mean wait")
    if cut > 0:
        ax.axvspan(0, cut, color=ORANGE, alpha=0.2, label="deleted as warm-up")
    ax.set_xlabel("customer number")
    ax.set_ylabel("wait (mean service times)")
    ax.set_ylim(0, 1.6 * max(theory, float(ensemble["wait"].max())))
    ax.legend(loc="upper right", fontsize=9)
    fig.tight_layout()
    return fig


def regression(fits: dict[str, Any]):
    """Claypool's measured processor time against his per-event prediction, with the ordinary and the weighted
    least-squares lines and the line of perfect prediction."""
    points = fits["points"]
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    x = points["predicted_s"].to_numpy()
    ax.errorbar(x, points["actual_s"], yerr=1.96 * points["sigma_s"], fmt="o", color=VERMILION, ms=5,
                label="measured, 95 % interval (Table 5.3)")
    grid = np.linspace(0, 1.1 * x.max(), 50)
    ax.plot(grid, grid, color=GREY, ls=":", label="actual = predicted")
    ax.plot(grid, fits["ols"]["b0"] + fits["ols"]["b1"] * grid, color=BLUE, label="ordinary least squares")
    ax.plot(grid, fits["wls"]["b0"] + fits["wls"]["b1"] * grid, color=GREEN, ls="--", label="weighted least squares")
    ax.set_xlabel("predicted processor time (s of a 200-s conversation)")
    ax.set_ylabel("measured time (s)")
    ax.legend(loc="upper left", fontsize=9)
    fig.tight_layout()
    return fig
