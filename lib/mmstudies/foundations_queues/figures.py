"""Every figure of the single-queues chapter: functions that return a matplotlib Figure (at most 6.7 in wide,
text of at least 8 pt, labels beside their curves or in a legend where four curves crowd)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

BLUE, ORANGE, VERMILION, SKY, GREEN, PURPLE = "#0072B2", "#E69F00", "#D55E00", "#56B4E9", "#009E73", "#CC79A7"


def waits(curves: pd.DataFrame, table: pd.DataFrame, utilisation: float):
    """Mean wait in the queue against utilisation for M/M/1, M/D/1, M/G/1 and M/M/c (theory, lines), with
    this run's simulated mean waits at its utilisation (points with 95 % intervals)."""
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    models = [c for c in curves.columns if c not in ("utilisation", "blocking")]
    colours = dict(zip(models, (BLUE, GREEN, ORANGE, PURPLE), strict=False))
    top = 0.0
    for name in models:
        ax.plot(curves["utilisation"], curves[name], color=colours[name], lw=1.6, label=name)
    sims = {r["model"]: r for r in table.to_dict("records")}
    for name in models:
        row = sims.get(name)
        if row is None:
            continue
        wq, half = row["W_sim"] - 1.0, row["W_half"]
        ax.errorbar([utilisation], [wq], yerr=[[half], [half]], fmt="o", ms=4, color=colours[name], capsize=3)
        top = max(top, wq + half)
    ymax = max(2.5 * max(top, 1.0), 5.0)
    ax.set_ylim(0, ymax)
    ax.set_xlim(0, 1)
    ax.legend([plt.Line2D([], [], color=colours[m], lw=1.6) for m in models], models, loc="upper left",
              frameon=False, fontsize=9)
    ax.set_xlabel("utilisation per server ρ")
    ax.set_ylabel("mean wait in queue\n(mean service times)")
    fig.tight_layout()
    return fig


def loss(curves: pd.DataFrame, row: dict, utilisation: float, buffer: int):
    """Blocking probability of M/M/1/K against utilisation (theory) and this run's simulated loss."""
    fig, ax = plt.subplots(figsize=(6.0, 3.0))
    ax.plot(curves["utilisation"], curves["blocking"], color=BLUE, lw=1.6)
    ax.errorbar([utilisation], [row["sim"]], yerr=[[row["half"]], [row["half"]]], fmt="o", ms=4, color=VERMILION,
                capsize=3)
    ax.annotate(f"M/M/1/{buffer}, theory", (curves["utilisation"].iloc[-8], curves["blocking"].iloc[-8]),
                xytext=(-10, 8), textcoords="offset points", ha="right", color=BLUE, fontsize=9)
    ax.annotate("simulated (Ciw)", (utilisation, row["sim"]), xytext=(8, -14), textcoords="offset points",
                color=VERMILION, fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("offered utilisation ρ")
    ax.set_ylabel("fraction of arrivals lost")
    fig.tight_layout()
    return fig


def batches(run: dict, theory: float):
    """The batch means of one long run, their mean and 95 % interval, and the theory's mean wait."""
    bm = run["batch"]
    fig, ax = plt.subplots(figsize=(6.0, 3.0))
    index = np.arange(1, len(bm.batch_means) + 1)
    ax.plot(index, bm.batch_means, "o", ms=4, color=BLUE)
    ax.axhspan(bm.mean - bm.half_width, bm.mean + bm.half_width, color=SKY, alpha=0.3, lw=0)
    ax.axhline(theory, color=VERMILION, lw=1.2, ls="--")
    ax.annotate("theory", (index[-1], theory), xytext=(4, 3), textcoords="offset points", color=VERMILION,
                fontsize=9)
    ax.set_xlim(0, index[-1] + 3)
    ax.set_xlabel("batch")
    ax.set_ylabel("mean wait in the batch\n(mean service times)")
    fig.tight_layout()
    return fig


def run_length(curve: pd.DataFrame):
    """Relative 95 % half width of the mean wait from one run of fixed length, against utilisation."""
    fig, ax = plt.subplots(figsize=(6.0, 3.0))
    ax.plot(curve["utilisation"], 100 * curve["relative_half"], "o-", ms=4, color=BLUE)
    ax.set_yscale("log")
    ax.set_xlabel("utilisation ρ")
    ax.set_ylabel("95 % half width\n(% of the mean wait)")
    fig.tight_layout()
    return fig
