"""Every figure of the claypool-jitter chapter: functions that return a matplotlib Figure.

Captions live in the chapter; titles here never carry the thesis's figure numbers (the book's
numbers come from the page), only what is drawn.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import seaborn as sns

from mmperf import jitter
from mmperf.plotting import PALETTE, blank_axes, label_assumption, paper_marker_style
from mmstudies.claypool_jitter.analytic import confidence_band
from mmstudies.claypool_jitter.config import ENVIRONMENTS, MACHINES, NETWORKS, PRIORITIES

SIM_LABEL = "our simulation, not thesis data"


def _paper(**kw) -> dict:
    return {**paper_marker_style(), **kw}


def streams() -> plt.Figure:
    """Schematic of a jitter-free stream and a stream with one late frame (thesis Figs 3.1, 3.2)."""
    fig, axes = plt.subplots(2, 1, figsize=(6.7, 3.8))
    for ax, late, title in ((axes[0], {}, "a jitter-free stream: constant delay"),
                            (axes[1], {2: 0.7}, "a stream with jitter: frame 2 arrives late")):
        blank_axes(ax, (-1.6, 5.4), (-0.45, 1.35))
        for i in range(5):
            r = 0.6 + i + late.get(i, 0.0)
            ax.annotate("", xy=(r, 0.0), xytext=(i, 1.0),
                        arrowprops={"arrowstyle": "->", "color": PALETTE[3] if i in late else PALETTE[0]})
            ax.text(i, 1.1, f"$s_{i}$", ha="center", fontsize=10)
            ax.text(r, -0.3, f"$r_{i}$", ha="center", fontsize=10)
        ax.axhline(1.0, color="grey", lw=0.8)
        ax.axhline(0.0, color="grey", lw=0.8)
        ax.text(-0.4, 1.0, "sender", va="center", ha="right", fontsize=10)
        ax.text(-0.4, 0.0, "receiver", va="center", ha="right", fontsize=10)
        ax.set_title(title, fontsize=10.5)
    fig.tight_layout()
    return fig


def mechanisms(L: int, quantum_ms: float) -> plt.Figure:
    """Schematic of the time-slice generator: where the receive process waits under each priority."""
    fig, axes = plt.subplots(3, 1, figsize=(6.7, 3.9), sharex=True)
    span = (L + 1.6) * quantum_ms
    arrive = 0.35 * quantum_ms
    for ax, prio in zip(axes, PRIORITIES, strict=True):
        ax.set_xlim(0, span)
        ax.set_ylim(0, 1)
        ax.set_yticks([])
        ax.set_ylabel(prio, rotation=0, ha="right", va="center", fontsize=10)
        ax.grid(False)
        start = {"default": L * quantum_ms, "nice": quantum_ms, "realtime": arrive}[prio]
        t, k = 0.0, 0
        while t < span:
            if prio == "realtime" and t <= arrive < t + quantum_ms:
                ax.broken_barh([(t, arrive - t)], (0.25, 0.5), color=PALETTE[k % L + 4 if L else 0], alpha=0.5)
                ax.broken_barh([(arrive, 12)], (0.25, 0.5), color=PALETTE[3])
                ax.broken_barh([(arrive + 12, t + quantum_ms - arrive)], (0.25, 0.5), color=PALETTE[k % L + 4],
                               alpha=0.5)
                t += quantum_ms + 12
                k += 1
                continue
            if abs(t - start) < 1e-9 and prio != "realtime":
                ax.broken_barh([(t, 12)], (0.25, 0.5), color=PALETTE[3])
                t += 12
                continue
            ax.broken_barh([(t, quantum_ms)], (0.25, 0.5), color=PALETTE[k % L + 4], alpha=0.5)
            if t + quantum_ms <= span:  # the slice cut by the right edge keeps its colour, not its label
                ax.text(t + quantum_ms / 2, 0.5, f"c{k % L + 1}", ha="center", va="center", fontsize=9)
            t += quantum_ms
            k += 1
        ax.axvline(arrive, color="black", lw=1)
        ax.annotate("", xy=(start, 0.9), xytext=(arrive, 0.9),
                    arrowprops={"arrowstyle": "->", "color": "black"})
    axes[0].text(arrive, 1.02, "frame arrives", fontsize=9, ha="left", va="bottom", transform=axes[0].transData)
    axes[-1].set_xlabel(f"time (ms): {L} counters c1..c{L}, slice {quantum_ms:g} ms; red = receive process")
    fig.tight_layout()
    return fig


def reflection(slow_us: np.ndarray, fast_us: np.ndarray) -> plt.Figure:
    """Interarrival times of a 160 ms and a 30 ms stream (the reflection effect, thesis Fig 3.3)."""
    fig, ax = plt.subplots(figsize=(6.7, 3.4))
    ax.plot(np.arange(len(slow_us)), slow_us / 1000, marker="o", ms=3, label="period 160 ms")
    ax.plot(np.arange(len(fast_us)), fast_us / 1000, marker="s", ms=3, label="period 30 ms")
    ax.set_xlabel("packet number")
    ax.set_ylabel("interarrival time (ms)")
    ax.set_ylim(-10, 1.3 * max(slow_us.max(), fast_us.max()) / 1000)
    ax.legend(loc="upper left", ncol=2)
    label_assumption(ax, SIM_LABEL, corner="upper right")
    fig.tight_layout()
    return fig


def packet_rate(mini1: pd.DataFrame, mini2: pd.DataFrame, paper_r: tuple[float, float],
                ours_r: tuple[float, float]) -> plt.Figure:
    """Variance of positive deviations against the time between packets (thesis Figs 3.4, 3.5)."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.4), sharey=True)
    for ax, d, rp, ro, title in ((axes[0], mini1, paper_r[0], ours_r[0], "three size/rate pairs"),
                                 (axes[1], mini2, paper_r[1], ours_r[1], "1280-byte packets")):
        ax.plot(d["period_ms"], d["positive_dev_variance"] / 1e6, "o", color=PALETTE[0], label="our runs")
        ax.set_title(f"{title}\nr thesis {rp:+.2f}, ours {ro:+.2f}", fontsize=10)
        ax.set_xlabel("time between packets (ms)")
    axes[0].set_ylabel("variance of positive\ndeviations (ms²)")
    label_assumption(axes[1], SIM_LABEL, corner="upper right")
    fig.tight_layout()
    return fig


def correlation_heatmaps(paper: pd.DataFrame, ours: pd.DataFrame, n_runs: int) -> plt.Figure:
    """Table 3.2 as printed beside our correlation matrix (seaborn heatmaps)."""
    names = list(jitter.METRIC_NAMES)
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.6))
    for ax, mat, title in ((axes[0], paper.loc[names, names], "thesis, as printed"),
                           (axes[1], ours.loc[names, names], f"ours ({n_runs} simulated traces)")):
        sns.heatmap(mat.astype(float), vmin=0, vmax=1, cmap="viridis", annot=True, fmt=".2f", cbar=False,
                    annot_kws={"fontsize": 9}, ax=ax, square=True, xticklabels=names,
                    yticklabels=names if ax is axes[0] else False)
        ax.set_title(title, fontsize=10.5)
        ax.tick_params(axis="x", rotation=60, labelsize=9)
        ax.tick_params(axis="y", labelsize=9)
    fig.tight_layout()
    return fig


def sensitivity(sens: pd.DataFrame, defaults: dict[str, float]) -> plt.Figure:
    """Table 3.2's correlations against run length, stall rate and quantum; thesis values marked."""
    params = [("run_length_s", "run length (s)"), ("stall_rate_per_min", "stall rate (1/min)"),
              ("quantum_ms", "time slice (ms)")]
    groups = {"Range pairs": lambda p: p.startswith("Range"),
              "Gaps pairs": lambda p: "Gaps" in p and not p.startswith("Range"),
              "other pairs": lambda p: "Gaps" not in p and not p.startswith("Range")}
    fig, axes = plt.subplots(3, 3, figsize=(6.7, 6.6), sharey="row")
    for j, (param, label) in enumerate(params):
        d = sens[sens["parameter"] == param]
        for i, (gname, pick) in enumerate(groups.items()):
            ax = axes[i, j]
            for k, (_pair, g) in enumerate(d[d["pair"].map(pick)].groupby("pair", sort=False)):
                g = g.sort_values("value")
                colour = PALETTE[k % len(PALETTE)]
                ax.plot(g["value"], g["ours_r"], marker="o", ms=3, lw=1.2, color=colour)
                ax.axhline(float(g["paper_r"].iloc[0]), color=colour, ls=":", lw=1)
            ax.axvline(defaults[param], color="grey", lw=0.8)
            vals = sorted(d["value"].unique())
            span = vals[-1] - vals[0] if len(vals) > 1 else 1.0
            ticks = [v for i, v in enumerate(vals) if i == 0 or v - vals[i - 1] >= 0.12 * span]
            ax.set_xticks(ticks, [f"{v:g}" for v in ticks])
            ax.tick_params(axis="x", labelsize=9)
            ax.set_ylim(-0.1, 1.05)
            if j == 0:
                ax.set_ylabel(f"{gname}\nPearson r")
            if i == 2:
                ax.set_xlabel(label)
    # which line is which (solid ours, dotted the thesis's, grey the run's setting) is in the caption: a note in
    # a panel a third of the figure wide crossed the panel's edge
    fig.tight_layout()
    return fig


def load_lines(proc: pd.DataFrame, pfits: pd.DataFrame, max_load: float, r_paper_slc: float) -> plt.Figure:
    """Variance against load: the SLC with its band, and the four classes (thesis Figs 3.6, 3.7)."""
    fits = pfits.set_index("machine")
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.5), sharey=True)
    d = proc[proc["machine"] == "SLC"]
    f = fits.loc["SLC"]
    grid = np.linspace(max(0.0, f["x_intercept"]) if np.isfinite(f["x_intercept"]) else 0.0, max_load + 0.5, 60)
    band = confidence_band(d["load"], d["Variance"], grid)
    axes[0].plot(d["load"], d["Variance"] / 1e9, "o", ms=3, color=PALETTE[0], label="our runs")
    axes[0].plot(band["x"], band["fit"] / 1e9, color=PALETTE[0], label="least squares")
    axes[0].fill_between(band["x"], band["low"] / 1e9, band["high"] / 1e9, color=PALETTE[0], alpha=0.2,
                         label="95 % CI")
    axes[0].set_title(f"SLC: r ours {f['r']:.2f}, thesis {r_paper_slc:.2f}", fontsize=10)
    axes[0].legend(loc="upper left")
    for k, (m, g) in enumerate(proc.groupby("machine", sort=False)):
        fm = fits.loc[m]
        x0 = max(0.0, fm["x_intercept"]) if fm["slope"] > 0 else 0.0
        xs = np.linspace(x0, max_load + 0.5, 40)
        axes[1].plot(g["load"], g["Variance"] / 1e9, "o", ms=2.5, color=PALETTE[k], alpha=0.5)
        axes[1].plot(xs, (fm["intercept"] + fm["slope"] * xs) / 1e9, color=PALETTE[k],
                     label=f"{m} ({MACHINES[m]:g})")
    axes[1].set_title("four Sun classes (SPECint92)", fontsize=10)
    axes[1].legend(loc="upper left")
    for ax in axes:
        ax.set_xlabel("load average (w)")
        ax.set_ylim(bottom=0)
    axes[0].set_ylabel("variance (10⁹ µs²)")
    label_assumption(axes[1], SIM_LABEL)
    fig.tight_layout()
    return fig


def environments(traces: dict, period_ms: float, offset_ms: float) -> plt.Figure:
    """Five traces offset by 200 ms: the environments of thesis Fig 3.8 (illustrative settings)."""
    fig, ax = plt.subplots(figsize=(6.7, 4.2))
    names = list(ENVIRONMENTS)
    t_end = 0.0
    for k in range(len(names)):
        x = traces[(k, 0)]
        t = np.cumsum(x) / 1e6
        t_end = max(t_end, t[-1])
        level = (len(names) - 1 - k) * offset_ms
        ax.plot(t, np.clip(x / 1000 - period_ms, -0.48 * offset_ms, 0.48 * offset_ms) + level, lw=0.8, color=PALETTE[k])
    ax.set_yticks([(len(names) - 1 - k) * offset_ms for k in range(len(names))],
                  [f"{n}\n(load {ENVIRONMENTS[n][0]:g}, net {ENVIRONMENTS[n][1]:g},\nstalls x{ENVIRONMENTS[n][2]:g})"
                   for n in names], fontsize=9)
    ax.set_xlabel("time (s)")
    ax.set_title(f"interarrival − {period_ms:g} ms, traces offset by {offset_ms:g} ms (clipped at half the offset)",
                 fontsize=10)
    ax.set_xlim(0, t_end)
    ax.grid(False)
    fig.tight_layout()
    return fig


def power(power_runs: pd.DataFrame, fit: dict, r_paper: float) -> plt.Figure:
    """1/variance against SPECint92 on the isolated system (thesis Fig 3.9)."""
    grid = np.linspace(0, 70, 50)
    band = confidence_band(power_runs["specint92"], 1 / power_runs["Variance"], grid)
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    ax.plot(power_runs["specint92"], 1e6 / power_runs["Variance"], "o", color=PALETTE[0], label="our runs")
    ax.plot(band["x"], 1e6 * band["fit"], color=PALETTE[0], label=f"least squares, r = {fit['r']:.2f}")
    ax.fill_between(band["x"], 1e6 * band["low"], 1e6 * band["high"], color=PALETTE[0], alpha=0.2, label="95 % CI")
    ax.set_xlabel("SPECint92")
    ax.set_ylabel("1 / variance (1/ms²)")
    ax.set_title(f"thesis r = {r_paper:.2f}", fontsize=10)
    ax.legend(loc="upper left")
    label_assumption(ax, SIM_LABEL)
    fig.tight_layout()
    return fig


def priority(prio: pd.DataFrame, prfits: pd.DataFrame, max_load: float, tops: tuple[float, float]) -> plt.Figure:
    """Variance against load for the three priorities on the thesis's two vertical scales."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.5))
    xs = np.linspace(0, max_load + 0.5, 60)
    for ax, top in zip(axes, tops, strict=True):
        for k, p in enumerate(PRIORITIES):
            g = prio[prio["priority"] == p]
            line = prfits.loc[p, "intercept"] + prfits.loc[p, "slope"] * xs
            ax.plot(g["load"], g["Variance"] / 1e9, "o", ms=2.5, color=PALETTE[k], alpha=0.5)
            ax.plot(xs[line >= 0], line[line >= 0] / 1e9, color=PALETTE[k], label=p)
        ax.set_ylim(0, top / 1e9)
        ax.set_title(f"thesis axis top {top / 1e9:g} × 10⁹ µs²", fontsize=10)
        ax.set_xlabel("load average (w)")
    axes[0].set_ylabel("variance (10⁹ µs²)")
    axes[0].legend(loc="upper left")
    label_assumption(axes[1], SIM_LABEL, corner="upper right")
    fig.tight_layout()
    return fig


def networks(traces: dict, rows: list[dict], period_ms: float, offset_us: float, loaded: pd.DataFrame, fit: dict,
             table54: pd.DataFrame, r_paper: float) -> plt.Figure:
    """Traces on three networks quiet and loaded, and 1/variance against bandwidth (Figs 3.12, 3.13)."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.8), gridspec_kw={"width_ratios": [1.15, 1]})
    labels = []
    for k, row in enumerate(rows):
        x = traces[(k, 0)]
        level = (len(rows) - 1 - k) * offset_us
        axes[0].plot(np.arange(len(x)), np.clip(x - period_ms * 1000, -0.48 * offset_us, 0.48 * offset_us) / 1e3 + level / 1e3,
                     lw=0.7, color=PALETTE[list(NETWORKS).index(row["network"])])
        labels.append(f"{row['network']}, {'load' if row['system'].network_load else 'no load'}")
    axes[0].set_yticks([(len(rows) - 1 - k) * offset_us / 1e3 for k in range(len(rows))], labels, fontsize=9)
    axes[0].set_xlabel("packet number")
    axes[0].grid(False)
    axes[0].set_title(f"offset {offset_us / 1e3:g} ms per trace", fontsize=10)
    axes[1].plot(loaded["network_Mbps"], 1e6 / loaded["Variance"], "o", color=PALETTE[0], label="our loaded runs")
    bgrid = np.linspace(0, 850, 50)
    axes[1].plot(bgrid, 1e6 * (fit["intercept"] + fit["slope"] * bgrid), color=PALETTE[0],
                 label=f"least squares, r = {fit['r']:.2f}")
    axes[1].set_xlabel("bandwidth (Mbit/s)")
    axes[1].set_ylabel("1 / variance (1/ms²)")
    axes[1].set_title(f"thesis r = {r_paper:.2f} (3 points)", fontsize=10)  # wider, it widened the figure past the column
    axes[1].set_ylim(bottom=0)
    axes[1].legend(loc="center left", fontsize=9)
    fig.tight_layout()
    return fig


def compensation(curves: np.ndarray, buffers_ms: np.ndarray, feat_runs: pd.DataFrame, readings: dict) -> plt.Figure:
    """Compensation curves of the featured traces with their optimal buffers (thesis Fig 5.21)."""
    fig, ax = plt.subplots(figsize=(6.7, 3.8))
    for r, curve in enumerate(curves):
        ax.plot(curve, buffers_ms, color=PALETTE[0], alpha=0.7, lw=1.2, label="our traces" if r == 0 else None)
    ax.plot(feat_runs["optimal_drop_pct"], feat_runs["optimal_buffer_us"] / 1000, "D", color=PALETTE[3],
            label="optimal buffer of each trace")
    ax.plot([readings["drop_pct"]], [readings["buffer_ms"]], **_paper(label="thesis: 100 ms drops 2 %"))
    ax.plot([0], [readings["zero_drop_ms"]], **_paper(marker="^", label="thesis: 0 % needs > 200 ms"))
    # the curves rise almost vertically below 1 % dropped: a linear scale there and a log scale above
    # spread them out instead of squeezing them against x = 0
    ax.set_xscale("symlog", linthresh=1.0, linscale=1.5)
    ax.set_xlim(-0.05, 100)
    ax.set_xticks([0, 0.5, 1, 10, 100], ["0", "0.5", "1", "10", "100"])
    ax.set_xlabel("dropped frames (%; linear to 1, log above)")
    ax.set_ylabel("buffering (ms)")
    ax.legend(loc="upper right")
    label_assumption(ax, SIM_LABEL, corner="lower right")
    fig.tight_layout()
    return fig


def buffer_regressions(pooled: pd.DataFrame, buf_fit: dict, area_fit: dict, printed: dict,
                       buffer_max_ms: float) -> plt.Figure:
    """Optimal buffer against area and area against jitter, ours and as printed (Figs 5.22, 5.23)."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.7))
    A6, B3, J9 = 1e6, 1e3, 1e9
    xa = np.linspace(0, pooled["Area"].max() * 1.05, 50)
    band = confidence_band(pooled["Area"], pooled["optimal_buffer_us"], xa)
    axes[0].plot(pooled["Area"] / A6, pooled["optimal_buffer_us"] / B3, "o", ms=2.5, color=PALETTE[0], alpha=0.5,
                 label="our runs")
    axes[0].plot(band["x"] / A6, band["fit"] / B3, color=PALETTE[0], label=f"our fit, r = {buf_fit['r']:.2f}")
    axes[0].fill_between(band["x"] / A6, band["low"] / B3, band["high"] / B3, color=PALETTE[0], alpha=0.2)
    axes[0].plot(xa / A6, (printed["buf_area_slope"] * xa + printed["buf_area_intercept"]) / B3, "k--",
                 label="thesis line, as printed")
    axes[0].set_ylim(0, 1.25 * buffer_max_ms)
    axes[0].set_xlabel("area (10⁶ %·µs, ours)")
    axes[0].set_ylabel("optimal buffer (ms)")
    xj = np.linspace(0, pooled["Variance"].max() * 1.05, 50)
    band = confidence_band(pooled["Variance"], pooled["Area"], xj)
    axes[1].plot(pooled["Variance"] / J9, pooled["Area"] / A6, "o", ms=2.5, color=PALETTE[0], alpha=0.5,
                 label="our runs")
    axes[1].plot(band["x"] / J9, band["fit"] / A6, color=PALETTE[0], label=f"our fit, r = {area_fit['r']:.2f}")
    axes[1].fill_between(band["x"] / J9, band["low"] / A6, band["high"] / A6, color=PALETTE[0], alpha=0.2)
    axes[1].plot(xj / J9, (printed["area_jitter_slope"] * xj + printed["area_jitter_intercept"]) / A6, "k--",
                 label="thesis line, as printed")
    axes[1].set_xlabel("variance (10⁹ µs²)")
    axes[1].set_ylabel("area (10⁶)")
    axes[0].legend(loc="lower right", fontsize=9)
    axes[1].legend(loc="upper left", fontsize=9)
    fig.tight_layout()
    return fig


def years(yr: pd.DataFrame, threshold: float, years_paper: float, growth: float) -> plt.Figure:
    """Jitter at the featured load as power and bandwidth grow each year (thesis Fig 3.14)."""
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    for k, p in enumerate(("default", "realtime")):
        g = yr[yr["priority"] == p].groupby("year")["Variance"].mean()
        ax.semilogy(g.index, g.to_numpy(), marker="o", color=PALETTE[k], label=f"{p} priority (ours, mean)")
    ax.axhline(threshold, color="black", ls="--", label="threshold (thesis 10⁹ µs²)")
    ax.axvline(years_paper, color="grey", ls=":", label="thesis: not within 5 years without RT")
    ax.set_xlabel(f"years from now (x{growth:g} power and bandwidth per year)")
    ax.set_ylabel("variance (µs²)")
    ax.legend(loc="center right", fontsize=9)
    label_assumption(ax, SIM_LABEL, corner="lower left")
    fig.tight_layout()
    return fig


def note(text: str) -> plt.Figure:
    """An empty panel carrying a sentence (for a figure whose runs were skipped)."""
    fig, ax = plt.subplots(figsize=(6.7, 1.2))
    blank_axes(ax)
    ax.text(0.5, 0.5, text, ha="center", va="center", fontsize=10)
    return fig
