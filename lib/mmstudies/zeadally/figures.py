"""Every figure of the Zeadally chapter: functions that return a matplotlib Figure.

The schematics (the paper's Figures 1, 2, 3 and 8) are redrawn from the captions and the text
with :func:`mmperf.plotting.box` and :func:`mmperf.plotting.arrow`; the charts draw the paper's
transcribed values beside this run's results. All figures are at most 6.7 in wide (charts under
constrained layout 6.6 in, :data:`CONSTRAINED_WIDTH_IN`) with text of at least 8 pt, so that they read
at 9 pt or more where the book shows them (:func:`mmperf.plotting.check_legible`). No figure carries the paper's figure number: the captions
in the chapter say which of the paper's figures each reconstructs.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from mmperf.plotting import arrow, blank_axes, box, label_assumption, paper_marker_style

BLUE, ORANGE, VERMILION, SKY, GREEN = "#0072B2", "#E69F00", "#D55E00", "#56B4E9", "#009E73"
NOTE = {"fontsize": 9, "color": "#555555", "style": "italic"}
#: width of a chart laid out by constrained layout, which fills the figure to 3/72 in of its edges: savefig's
#: tight box adds 0.1 in on each side, so 6.6 in saves 739 px at 110 dpi, inside the book's 740 px column
#: (6.7 in saved 749 px and was shown shrunk)
CONSTRAINED_WIDTH_IN = 6.6


def _canvas(width: float, height: float, figsize: tuple[float, float]):
    fig, ax = plt.subplots(figsize=figsize)
    blank_axes(ax, (0, width), (0, height), equal=True)
    return fig, ax


# ----------------------------------------------------------------------------------------------
# Schematics
# ----------------------------------------------------------------------------------------------

def bottlenecks():
    """The paper's Figure 1: the network-to-display path and where each level's bottleneck lies."""
    fig, ax = _canvas(12.5, 3.9, (6.7, 2.3))
    stages = [("Network\n(Ethernet,\nFDDI,\nJetstream)", "#dbe9f6"), ("OS kernel\n(TCP/IP,\ncopies,\nchecksum)", "#fde8d0"),
              ("Application\n(visual-\nisation)", "#e2f0d9"), ("X server", "#e2f0d9"), ("Frame\nbuffer /\ndisplay", "#eeeeee")]
    xs = [0.1, 2.65, 5.2, 7.75, 10.3]
    for (text, colour), x in zip(stages, xs, strict=True):
        box(ax, (x, 1.35), 2.05, 1.9, text, colour=colour, fontsize=9)
    for x0, x1 in zip(xs[:-1], xs[1:], strict=True):
        arrow(ax, (x0 + 2.1, 2.3), (x1 - 0.05, 2.3))
    for x, text in ((1.12, "network\nbottleneck"), (3.67, "OS\nbottleneck"), (7.5, "application / presentation\nbottleneck")):
        ax.text(x, 1.15, text, ha="center", va="top", fontsize=9, color=VERMILION, style="italic")
    return fig


def architecture(z_na_mbps: float, z_ax_mbps: float, z_xf_mbps: float):
    """The paper's Figure 2: HP 9000/700 data paths A-D, annotated with this run's stage throughputs."""
    fig, ax = _canvas(12, 8.2, (6.7, 4.7))
    box(ax, (0.1, 6.0), 2.6, 1.1, "CPU\n(PA-RISC)", fontsize=9)
    box(ax, (8.9, 6.0), 3.0, 1.1, "Main\nmemory", fontsize=9)
    box(ax, (3.5, 5.9), 4.2, 1.3, "Memory and system\nbus controller", colour="#fde8d0", fontsize=9)
    box(ax, (3.0, 4.1), 2.4, 0.8, "bus interface", colour="#f3f3f3", fontsize=9)
    box(ax, (5.9, 4.1), 2.4, 0.8, "bus interface", colour="#f3f3f3", fontsize=9)
    ax.plot([0.1, 11.9], [3.4, 3.4], color="#333333", linewidth=3)
    ax.text(11.9, 3.5, "SGC system bus", ha="right", va="bottom", fontsize=9)
    for x in (4.2, 7.1):
        arrow(ax, (x, 5.9), (x, 4.9), style="<|-|>")
        arrow(ax, (x, 4.1), (x, 3.45), style="<|-|>")
    arrow(ax, (2.7, 6.55), (3.5, 6.55), style="<|-|>")
    arrow(ax, (7.7, 6.55), (8.9, 6.55), style="<|-|>")
    box(ax, (0.1, 1.3), 2.9, 1.4, "Network\nadapter\n(Afterburner)", colour="#dbe9f6", fontsize=9)
    box(ax, (3.3, 1.3), 2.6, 1.4, "Graphics\nboard (frame\nbuffer)", colour="#e2f0d9", fontsize=9)
    box(ax, (6.2, 1.3), 2.3, 1.4, "EISA\ninterface", colour="#f3f3f3", fontsize=9)
    box(ax, (9.0, 1.3), 2.9, 1.4, "Parallax\nvideo board\n(M-JPEG)", colour="#e2f0d9", fontsize=9)
    for x in (1.55, 4.6, 7.35):
        arrow(ax, (x, 2.7), (x, 3.35), style="<|-|>")
    arrow(ax, (8.5, 2.0), (9.0, 2.0), style="<|-|>")
    ax.text(0.1, 0.55, f"A: network → application, Z = {z_na_mbps:g} Mbit/s;  "
            f"B: application → X server, Z = {z_ax_mbps:g} Mbit/s\n"
            f"C: X server → frame buffer, Z = {z_xf_mbps:g} Mbit/s;  D: memory → video board (no number)",
            fontsize=8.5, va="center")
    for label, (x, y) in {"A": (2.0, 2.85), "B": (8.1, 7.2), "C": (5.05, 2.85), "D": (8.1, 2.85)}.items():
        ax.text(x, y, label, fontsize=11, fontweight="bold", color=VERMILION)
    return fig


def protocol_stacks():
    """The paper's Figure 3: single-copy and two-copy stacks under a modified IP layer."""
    fig, ax = _canvas(12, 6.0, (6.7, 3.5))
    box(ax, (0.2, 4.6), 3.6, 1.0, "Visualisation app", colour="#e2f0d9", fontsize=9)
    box(ax, (4.2, 4.6), 3.6, 1.0, "other applications", colour="#e2f0d9", fontsize=9)
    box(ax, (8.2, 4.6), 3.6, 1.0, "NFS client\n(video files)", colour="#e2f0d9", fontsize=9)
    box(ax, (0.2, 3.2), 3.6, 0.9, "single-copy TCP", colour="#dbe9f6", fontsize=9)
    box(ax, (4.2, 3.2), 3.6, 0.9, "single-copy UDP", colour="#dbe9f6", fontsize=9)
    box(ax, (8.2, 3.2), 3.6, 0.9, "two-copy UDP", colour="#fde8d0", fontsize=9)
    box(ax, (0.2, 1.7), 11.6, 1.0, "modified IP: NFS packets → two-copy UDP;\nall others → single-copy stacks",
        colour="#f3f3f3", fontsize=9)
    box(ax, (0.2, 0.2), 11.6, 0.9, "network driver / Afterburner + Jetstream adapter", colour="#f3f3f3", fontsize=9)
    for x in (2.0, 6.0, 10.0):
        arrow(ax, (x, 4.6), (x, 4.1), style="<|-|>")
        arrow(ax, (x, 3.2), (x, 2.7), style="<|-|>")
    arrow(ax, (6.0, 1.7), (6.0, 1.1), style="<|-|>")
    return fig


def simplified_architecture():
    """The paper's Figure 8: CPU, memory and I/O all joined through one controller (the bottleneck)."""
    fig, ax = _canvas(10, 4.2, (5.6, 2.4))
    box(ax, (0.1, 2.4), 2.5, 1.1, "CPU", fontsize=9.5)
    box(ax, (7.4, 2.4), 2.5, 1.1, "Memory", fontsize=9.5)
    box(ax, (3.4, 2.25), 3.2, 1.4, "System and memory\nbus controller", colour="#fde8d0", fontsize=9.5)
    box(ax, (3.4, 0.2), 3.2, 1.2, "I/O: network,\ngraphics, video", colour="#dbe9f6", fontsize=9.5)
    arrow(ax, (2.6, 2.95), (3.4, 2.95), style="<|-|>")
    arrow(ax, (6.6, 2.95), (7.4, 2.95), style="<|-|>")
    arrow(ax, (5.0, 2.25), (5.0, 1.4), style="<|-|>")
    return fig


# ----------------------------------------------------------------------------------------------
# Charts of the paper's values and this run's results
# ----------------------------------------------------------------------------------------------

def raw_maxima(networks: pd.DataFrame):
    """The paper's Figure 4 reduced to the text: two-copy TCP maxima beside nominal data rates (log scale)."""
    nets = networks.set_index("network")
    fig, ax = plt.subplots(figsize=(6.7, 3.9))
    x = np.arange(len(nets))
    ax.bar(x - 0.2, nets["max_data_rate_Mbit_s"], 0.4, color="#dddddd", edgecolor="#666666",
           label="nominal maximum data rate (paper)")
    ax.bar(x + 0.2, nets["raw_two_copy_32kb_Mbit_s"], 0.4, color=BLUE,
           label="two-copy TCP maximum, 32 KB buffer (paper)")
    ax.set_yscale("log")
    ax.set_ylim(1, 5000)
    ax.set_xticks(x, nets.index)
    ax.set_ylabel("throughput (Mbit/s, log scale)")
    for xi, v in zip(x, nets["raw_two_copy_32kb_Mbit_s"], strict=True):
        ax.text(xi + 0.2, v * 1.15, f"{v:g}", ha="center", fontsize=9)
    ax.legend(loc="upper left")
    return fig


def single_copy_raw(two_copy_32: float, single_copy_32: float, single_copy_256: float):
    """The paper's Figure 5 reduced to the text, for Jetstream; the 32 KB single-copy bar is derived."""
    fig, ax = plt.subplots(figsize=(6.7, 3.9))
    labels = ["two-copy\n32 KB", "single-copy\n32 KB", "single-copy\n256 KB"]
    values = [two_copy_32, single_copy_32, single_copy_256]
    kinds = ["paper", "derived", "paper"]
    bars = ax.bar(labels, values, color=[BLUE, "white", BLUE], edgecolor=BLUE, hatch=[None, "//", None])
    top = max(values) * 1.45
    for b, v, k in zip(bars, values, kinds, strict=True):
        ax.text(b.get_x() + b.get_width() / 2, v + 0.02 * top, f"{v:.0f}\n({k})", ha="center", fontsize=9)
    ax.set_ylabel("raw TCP throughput (Mbit/s)")
    ax.set_ylim(0, top)
    label_assumption(ax, "hatched: derived from 'almost 56 %' with an assumed baseline", corner="upper left")
    return fig


def model_vs_measured(mvm: pd.DataFrame):
    """Eq. 1 / Eq. 2 (bars, ours) against every measured configuration (hollow markers, paper)."""
    fig, ax = plt.subplots(figsize=(CONSTRAINED_WIDTH_IN, 4.6))
    y = np.arange(len(mvm))[::-1]
    ax.barh(y + 0.18, mvm["predicted_mbps"], 0.36, color=BLUE, label="Eq. 1 / Eq. 2 (ours, this run)")
    ax.plot(mvm["measured_mbps"], y - 0.18, **paper_marker_style() | {"label": "measured (paper)"})
    right = max(mvm["predicted_mbps"].max(), mvm["measured_mbps"].max())
    for yi, r in zip(y, mvm.itertuples(), strict=True):
        ax.text(max(r.predicted_mbps, r.measured_mbps) + 0.02 * right, yi, f"× {r.ratio:.2f}", va="center",
                fontsize=9)
    labels = [f"{c.replace(', 32 KB', '').replace(', 256 KB', '')}\n({e}, Z_NA = {zn:g})"
              for c, e, zn in zip(mvm["config"], mvm["equation"], mvm["z_na_mbps"], strict=True)]
    ax.set_yticks(y, labels, fontsize=9)
    ax.set_xlabel("visualisation throughput (Mbit/s); × = model / measured")
    ax.set_xlim(0, right * 1.25)
    fig.legend(loc="outside lower center", ncol=2, fontsize=9)
    fig.set_layout_engine("constrained")
    return fig


def figure6_points(model6: dict[tuple[str, str], float], stated: pd.DataFrame, small_kb: float = 32.0,
                   unix_max_kb: float = 48.0):
    """The paper's Figure 6: the three stated points and Eq. 1/2 at the small socket buffer (derived)."""
    fig, ax = plt.subplots(figsize=(CONSTRAINED_WIDTH_IN, 4.4))
    colours = {("two-copy", "no SHM"): ORANGE, ("two-copy", "SHM"): VERMILION,
               ("single-copy", "no SHM"): SKY, ("single-copy", "SHM"): BLUE}
    nudge = {("two-copy", "no SHM"): 0.93, ("two-copy", "SHM"): 0.97, ("single-copy", "no SHM"): 1.03,
             ("single-copy", "SHM"): 1.07}   # side by side, so that equal values stay visible
    for (copy, shm), v in model6.items():
        ax.plot(small_kb * nudge[(copy, shm)], v, marker="D", linestyle="none", color=colours[(copy, shm)],
                label=f"Eq. 1/2, {copy}, {shm} (derived)")
    ax.plot(stated["socket_buffer_KB"], stated["throughput_Mbit_s"],
            **paper_marker_style() | {"label": "stated in the text (paper)"})
    for _, r in stated.iterrows():
        left = r["socket_buffer_KB"] > unix_max_kb
        ax.annotate(f"{r['copy_mode']}-copy, {'SHM' if r['shm'] else 'no SHM'}", (r["socket_buffer_KB"],
                    r["throughput_Mbit_s"]), textcoords="offset points", xytext=(-8, 8) if left else (12, -4),
                    ha="right" if left else "left", fontsize=9)
    ax.axvline(unix_max_kb, color="#999999", linestyle=":", linewidth=1)
    ax.text(unix_max_kb * 1.04, 4, "standard UNIX maximum", fontsize=9, color="#555555")
    ax.set_xscale("log", base=2)
    ticks = sorted({small_kb, unix_max_kb, 64.0, 128.0, 256.0})
    ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
    ax.minorticks_off()
    ax.set_xlim(small_kb / 1.3, 256 * 1.3)
    ax.set_xlabel("socket buffer size (KByte)")
    ax.set_ylabel("visualisation throughput (Mbit/s)")
    top = max(max(model6.values()), stated["throughput_Mbit_s"].max())
    ax.set_ylim(0, top * 1.25)
    fig.legend(loc="outside lower center", ncol=2, fontsize=9)
    fig.set_layout_engine("constrained")
    return fig


def optimisation_staircase(figure7: pd.DataFrame):
    """The paper's Figure 7 (a table printed as a figure): throughput per level, log scale (paper values).

    Each bar is labelled with its option alone and coloured by its level (the legend names the levels):
    labels of the form "Operating system: Single-copy TCP/IP" made the figure 8 in wide, so the book
    shrank it to 0.6 of its size and its text to 9 px.
    """
    from matplotlib.patches import Patch

    colour = {"Network": "#dddddd", "Operating system": ORANGE, "Application": BLUE}
    fig, ax = plt.subplots(figsize=(6.6, 4.2))
    yy = np.arange(len(figure7))[::-1]
    ax.barh(yy, figure7["throughput_Mbit_s"], color=[colour[lv] for lv in figure7["level"]], edgecolor="#555555")
    for yi, v in zip(yy, figure7["throughput_Mbit_s"], strict=True):
        ax.text(v * 1.1, yi, f"{v:g}", va="center", fontsize=10)
    ax.set_xscale("log")
    ax.set_xlim(5, 5000)
    ax.set_yticks(yy, list(figure7["option"]), fontsize=10)
    ax.set_xlabel("throughput (Mbit/s, log scale; paper values)")
    ax.legend(handles=[Patch(facecolor=c, edgecolor="#555555", label=level) for level, c in colour.items()],
              loc="lower right", fontsize=10, title="level", title_fontsize=10)
    return fig


def regression(fit_all: pd.DataFrame, fit: pd.DataFrame, loo: pd.DataFrame):
    """Fitted against measured time per frame for the cost regression (log axes)."""
    fig, ax = plt.subplots(figsize=(6.6, 4.6))
    values = pd.concat([fit_all["observed"], fit_all["fitted"], fit["fitted"], loo["predicted"].dropna()])
    positive = values[values > 0]
    lo, hi = float(positive.min()) / 1.4, float(positive.max()) * 1.4
    ax.plot([lo, hi], [lo, hi], color="#999999", linewidth=1, label="fitted = observed")
    ax.plot(fit_all["observed"], fit_all["fitted"], "s", color=ORANGE, label="OLS, all points (ours)")
    ax.plot(fit["observed"], fit["fitted"], "o", color=BLUE, label="OLS, without FDDI (ours)")
    ok = loo["predicted"].notna() & (loo["predicted"] > 0)
    ax.plot(loo.loc[ok, "observed"], loo.loc[ok, "predicted"], "x", color=VERMILION, markersize=9,
            label="leave-one-out prediction (ours)")
    for _, r in fit_all.iterrows():
        if r["fitted"] > 0:
            # a label in the right part of the log axes goes to the left of its point, never past the edge
            right = np.log(r["observed"] / lo) / np.log(hi / lo) > 0.6
            ax.annotate(r["config"].replace(", 32 KB", "").replace(", 256 KB", "").replace("Jetstream", "Jet"),
                        (r["observed"], r["fitted"]), textcoords="offset points", xytext=(-7 if right else 7, -4),
                        ha="right" if right else "left", fontsize=9)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ticks = [t for t in (10, 20, 30, 50, 100, 200, 300) if lo <= t <= hi]
    ax.set_xticks(ticks, [str(t) for t in ticks])
    ax.set_yticks(ticks, [str(t) for t in ticks])
    ax.minorticks_off()
    ax.set_xlabel("measured time per frame (ms, from the paper's frame rates)")
    ax.set_ylabel("fitted time per frame (ms)")
    ax.legend(loc="upper left", fontsize=9)
    return fig


def variability(sweep: pd.DataFrame, serial_analytic: float, pipelined_analytic: float):
    """Ciw throughput of the serial and pipelined data paths against the service-time CV, with 95 % CIs."""
    fig, ax = plt.subplots(figsize=(CONSTRAINED_WIDTH_IN, 4.4))
    for mode, colour, marker in (("serial", ORANGE, "s"), ("pipelined", BLUE, "o")):
        d = sweep[sweep["mode"] == mode].sort_values("service_cv")
        ax.fill_between(d["service_cv"], d["mbps"] - d["ci_half_width"], d["mbps"] + d["ci_half_width"],
                        color=colour, alpha=0.2, linewidth=0)
        ax.plot(d["service_cv"], d["mbps"], color=colour, marker=marker, label=f"Ciw, {mode} (ours, 95 % CI band)")
    ax.axhline(serial_analytic, color=ORANGE, linestyle="--", linewidth=1, label="serial sum, Eq. 1/2")
    ax.axhline(pipelined_analytic, color=BLUE, linestyle="--", linewidth=1, label="min Z (deterministic)")
    ax.set_xlabel("coefficient of variation of each stage's service time (assumption)")
    ax.set_ylabel("throughput (Mbit/s)")
    ax.set_ylim(0, max(pipelined_analytic, serial_analytic) * 1.15)
    fig.legend(loc="outside lower center", ncol=2, fontsize=9)
    fig.set_layout_engine("constrained")
    return fig


def table2_bars(table2: pd.DataFrame):
    """Table 2 as it is (paper values): CPU user/system bars; frame rate and video frames dropped beside them."""
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(CONSTRAINED_WIDTH_IN, 4.4), gridspec_kw={"width_ratios": [1.15, 1]})
    short = {"VIDEO": "V", "GRAPHICS": "G", "VIDEO+GRAPHICS": "V+G", "GRAPHICS-SHARED-M": "G-SHM",
             "VIDEO+GRAPHICS-SHARED-M": "V+G-\nSHM"}
    xx = np.arange(len(table2))
    names = [short.get(c, c) for c in table2["configuration"]]
    ax.bar(xx, table2["cpu_user_pct"], 0.6, color=SKY, label="user")
    ax.bar(xx, table2["cpu_system_pct"], 0.6, bottom=table2["cpu_user_pct"], color=BLUE, label="system")
    ax.set_xticks(xx, names, fontsize=9)
    ax.set_ylabel("CPU busy (%, paper)")
    ax.set_ylim(0, 125)
    ax.legend(loc="upper left", ncol=2, fontsize=9)
    w = 0.38
    ax2.bar(xx - w / 2, table2["graphics_fps"].fillna(0), w, color=ORANGE, label="graphics frames/s")
    ax2.bar(xx + w / 2, table2["video_frames_dropped_pct"].fillna(0), w, color=VERMILION,
            label="% video frames dropped")
    for xi, (g, v) in enumerate(zip(table2["graphics_fps"], table2["video_frames_dropped_pct"], strict=True)):
        if pd.isna(g):
            ax2.text(xi - w / 2, 1, "–", ha="center", fontsize=9)
        if pd.isna(v):
            ax2.text(xi + w / 2, 1, "–", ha="center", fontsize=9)
        elif v == 0:
            ax2.text(xi + w / 2, 1, "0", ha="center", fontsize=9, color=VERMILION)
    ax2.set_xticks(xx, names, fontsize=9)
    ax2.set_ylim(0, 75)
    ax2.set_ylabel("frames/s or % dropped (paper)")
    ax2.legend(loc="upper left", fontsize=9)
    fig.set_layout_engine("constrained")
    return fig


def cpu_model(ps: pd.DataFrame, table2: pd.DataFrame):
    """The processor-sharing model (bars, ours) against Table 2 (hollow markers, paper)."""
    t2 = table2.set_index("configuration")
    fig, axes = plt.subplots(1, 2, figsize=(CONSTRAINED_WIDTH_IN, 4.0))
    cfgs = ["GRAPHICS", "VIDEO+GRAPHICS", "GRAPHICS-SHARED-M", "VIDEO+GRAPHICS-SHARED-M"]
    xg = np.arange(len(cfgs))
    axes[0].bar(xg, ps.loc[cfgs, "graphics_fps"], 0.55, color=BLUE, label="PS model (ours)")
    axes[0].plot(xg, t2.loc[cfgs, "graphics_fps"], **paper_marker_style() | {"label": "Table 2 (paper)"})
    axes[0].set_xticks(xg, ["G", "V+G", "G-\nSHM", "V+G-\nSHM"])
    axes[0].set_ylabel("visualisation frames/s")
    axes[0].set_ylim(0, max(ps.loc[cfgs, "graphics_fps"].max(), t2.loc[cfgs, "graphics_fps"].max()) * 1.4)
    axes[0].legend(loc="upper left", fontsize=9)
    vc = ["VIDEO", "VIDEO+GRAPHICS", "VIDEO+GRAPHICS-SHARED-M"]
    xv = np.arange(len(vc))
    axes[1].bar(xv, ps.loc[vc, "video_dropped_pct"], 0.55, color=VERMILION, label="PS model (ours)")
    axes[1].plot(xv, t2.loc[vc, "video_frames_dropped_pct"], **paper_marker_style() | {"label": "Table 2 (paper)"})
    axes[1].set_xticks(xv, ["V", "V+G", "V+G-\nSHM"])
    axes[1].set_ylabel("% video frames dropped")
    axes[1].set_ylim(0, 140)
    axes[1].set_yticks([0, 25, 50, 75, 100])
    axes[1].legend(loc="upper left", fontsize=9)
    fig.set_layout_engine("constrained")
    return fig
