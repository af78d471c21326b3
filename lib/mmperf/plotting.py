"""The book's figure style: one look for every chapter, colour-blind-safe, readable in print.

Call :func:`use_book_style` once at the top of a notebook (in a hidden cell).
"""

from __future__ import annotations

import matplotlib as mpl
from cycler import cycler

# Okabe-Ito palette: distinguishable with the common colour-vision deficiencies.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]

BOOK_RC = {
    "figure.figsize": (7.0, 4.2),
    "figure.dpi": 110,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "font.size": 10.5,
    "axes.titlesize": 11.5,
    "axes.labelsize": 10.5,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "lines.linewidth": 1.8,
    "lines.markersize": 6,
    "axes.prop_cycle": cycler(color=PALETTE),
    "svg.fonttype": "none",
}


def use_book_style() -> None:
    """Apply the book's matplotlib style (idempotent).

    Examples
    --------
    >>> use_book_style()
    >>> import matplotlib as mpl
    >>> mpl.rcParams["axes.spines.top"]
    False
    """
    mpl.rcParams.update(BOOK_RC)


def paper_marker_style() -> dict:
    """Style for values printed in the paper (hollow black markers), so they read apart from ours."""
    return {"marker": "o", "markerfacecolor": "none", "markeredgecolor": "black", "color": "black",
            "linestyle": "none", "markersize": 8, "label": "paper"}


def label_assumption(ax, text: str = "reconstructed under a labelled assumption",
                     corner: str = "lower right") -> None:
    """Stamp a figure whose content rests on an assumption, so it is never mistaken for the paper's.

    ``corner`` is one of "lower right" (default), "lower left", "upper right", "upper left";
    a light box keeps the stamp readable where it crosses data.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> label_assumption(ax, "assumed", corner="upper left")
    >>> ax.texts[-1].get_text(), ax.texts[-1].get_position()
    ('assumed', (0.01, 0.99))
    >>> plt.close(fig)
    """
    vertical, horizontal = corner.split()
    x, y = (0.01 if horizontal == "left" else 0.99), (0.99 if vertical == "upper" else 0.01)
    ax.text(x, y, text, transform=ax.transAxes, ha=horizontal, va="top" if vertical == "upper" else "bottom",
            fontsize=8, color="#555555", style="italic",
            bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none", "alpha": 0.8})
