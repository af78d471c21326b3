"""The networks chapter's figures: functions returning a matplotlib Figure."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd

BLUE, ORANGE, VERMILION, GREY, GREEN = "#0072B2", "#E69F00", "#D55E00", "#777777", "#009E73"


def closed_throughput(table: pd.DataFrame, knee: float):
    """Throughput of the closed station against the population: exact MVA, the asymptotic upper bound, the
    balanced job bounds, and Ciw with a deterministic and with an exponential codec (95 % intervals)."""
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    n = table["population"]
    ax.plot(n, table["mva"], "-", color=BLUE, lw=1.8, label="exact MVA")
    ax.plot(n, table["asymptotic_high"], ":", color=GREY, lw=1.4, label="asymptotic bound")
    ax.fill_between(n, table["balanced_low"], table["balanced_high"], color=GREY, alpha=0.15, lw=0,
                    label="balanced job bounds")
    ax.errorbar(n, table["ciw_det"], yerr=table["ciw_det_half"], fmt="o", ms=4, color=VERMILION, capsize=3,
                label="Ciw, deterministic codec")
    ax.errorbar(n, table["ciw_exp"], yerr=table["ciw_exp_half"], fmt="s", ms=4, color=GREEN, capsize=3,
                label="Ciw, exponential codec")
    ax.axvline(knee, color=GREY, lw=0.8, ls="--")
    ax.set_xlabel("frames in flight N")
    ax.set_ylabel("throughput (frames/s)")
    ax.set_ylim(bottom=0)
    ax.legend(loc="lower right", frameon=False, fontsize=9)
    fig.tight_layout()
    return fig
