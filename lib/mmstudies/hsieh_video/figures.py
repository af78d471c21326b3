"""All drawing for the Hsieh video chapter: functions returning matplotlib Figures.

Inputs are in bytes and frame times (as :mod:`.analytic` computes them); each function takes
the frame rate and converts to Mbit/s, MBytes (2^20 bytes) and seconds for the axes. Every
plot of a synthetic trace says so in its title.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from mmperf.plotting import arrow, blank_axes, box

from . import analytic as an

COLOURS = {"CBR": "#0072B2", "PCBR": "#D55E00", "PDCBR": "#009E73", "PDCBR low": "#56B4E9",
           "consumption": "#333333", "reference": "#999999"}


def _staircase(A: np.ndarray, P: float, n_max: int):
    """Consumption curve: A_{n-1} just before n + P, A_n from n + P on (time 0 = transmission start)."""
    t = [0.0]
    y = [0.0]
    for n in range(1, n_max + 1):
        t += [n + P, n + P]
        y += [A[n - 1], A[n]]
    return np.array(t), np.array(y)


def _log_ticks(axis) -> None:
    """Label a log axis with plain numbers at 1, 2, 5 (under a decade and a half), 1, 3 (under three
    decades) or 1 per decade, and no minor labels: matplotlib labels minor ticks of a short log axis
    as 3x10^-2, 4x10^-2, ..., which run into each other."""
    low, high = sorted(axis.get_view_interval())
    decades = np.log10(high / low) if low > 0 else 10.0
    subs = (1.0, 2.0, 5.0) if decades < 1.5 else (1.0, 3.0) if decades < 3 else (1.0,)
    axis.set_major_locator(LogLocator(base=10, subs=subs))
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    axis.set_minor_formatter(NullFormatter())


def delivery_model(A: np.ndarray, P: float, rate: float, buffer: float, fps: float, n_max: int = 24):
    """The thesis's Figure 4.1, reconstructed: consumption, a delivery curve and the reference curve."""
    fig, ax = plt.subplots(figsize=(6.7, 4.0))
    t, y = _staircase(A, P, n_max)
    s = an.schedule(A, rate, 0.0)
    tt = np.linspace(0, n_max + P, 600)
    d = s.delivered(A, tt)
    ax.fill_between(t, y / 1e3, (y + buffer) / 1e3, step=None, color="#e8eef7", label="feasible band")
    ax.plot(t, y / 1e3, color=COLOURS["consumption"], label="consumption curve")
    ax.plot(t, (y + buffer) / 1e3, color=COLOURS["reference"], ls="--", label="reference = consumption + buffer")
    ax.plot(tt, d / 1e3, color=COLOURS["PCBR"], label="delivery curve (PCBR)")
    ax.axvline(P + 1, color="#777", lw=0.8, ls=":")
    # above the curves, which start low: the legend goes to the empty lower right
    ax.text(P + 1, ax.get_ylim()[1] * 0.95, " first frame consumed", fontsize=9, color="#555", va="top")
    ax.set_xlabel(f"time (frame times of {1000 / fps:.2f} ms)")
    ax.set_ylabel("cumulative data (kbytes)")
    ax.set_title("Synthetic mtv trace, first frames: the delivery curve must stay in the band", fontsize=10)
    ax.legend(fontsize=9, loc="lower right")
    fig.tight_layout()
    return fig


def cbr_hull(A: np.ndarray, P: float, fps: float, n_max: int | None = None):
    """The thesis's Figure 4.2, reconstructed: the CBR line of largest slope, point H, gaps b1 and b2."""
    N = len(A) - 1
    n_max = N if n_max is None else n_max
    A = A[: n_max + 1]
    r = an.cbr_rate(A, P)
    b1, b2, h = an.cbr_b1_b2(A, P)
    gaps = an.cbr_gaps(A, P)
    fig, ax = plt.subplots(figsize=(6.7, 4.0))
    t, y = _staircase(A, P, n_max)
    ax.plot(t, y / 1e3, color=COLOURS["consumption"], label="consumption curve")
    tt = np.array([0.0, n_max + P])
    ax.plot(tt, np.minimum(r * tt, A[-1]) / 1e3, color=COLOURS["CBR"], label=f"CBR delivery, R_CBR = {an.mbps(r, fps):.2f} Mbit/s")
    ax.plot([h + P], [A[h] / 1e3], "o", color=COLOURS["CBR"], ms=7)
    ax.annotate("H", (h + P, A[h] / 1e3), xytext=(6, -14), textcoords="offset points", fontsize=10)
    for label, rng in (("b1", range(0, h)), ("b2", range(h, n_max))):
        if len(rng) == 0:
            continue
        i = max(rng, key=lambda k: gaps[k])
        n = i + 1
        ax.annotate("", xy=(n + P, A[n - 1] / 1e3), xytext=(n + P, (A[n - 1] + gaps[i]) / 1e3),
                    arrowprops=dict(arrowstyle="<->", color="#D55E00"))
        # above the CBR line, left of the arrow's top: clear of both the line and the staircase
        ax.annotate(label, (n + P, (A[n - 1] + gaps[i]) / 1e3), xytext=(-4, 6), textcoords="offset points",
                    ha="right", va="bottom", color="#D55E00", fontsize=10)
    ax.plot([0], [0], "s", color="black")
    ax.set_ylim(top=A[-1] / 1e3 * 1.12)   # room for b2's label over the last frames
    # the empty upper left (the legend goes to the lower right, below the curves)
    ax.annotate("t: transmission starts", (0, 0), xytext=(0.03, 0.6), textcoords="axes fraction", fontsize=9,
                arrowprops=dict(arrowstyle="->", color="#555", lw=0.8))
    ax.set_xlabel("time (frame times)")
    ax.set_ylabel("cumulative data (kbytes)")
    ax.set_title(f"Synthetic mtv trace, first {n_max} frames, P = {P:g}: buffer = max(b1, b2)", fontsize=10)
    ax.legend(fontsize=9, loc="lower right")
    fig.tight_layout()
    return fig


def cbr_vs_startup(study: dict[str, pd.DataFrame], names: list[str], fps: float):
    """The thesis's Figure 4.3 regenerated on synthetic traces: R_CBR (Mbit/s) and buffer (Mbit) against P."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.4))
    for name in names:
        df = study[name]
        axes[0].plot(df["P"], [an.mbps(r, fps) for r in df["r_cbr"]], label=name)
        axes[1].plot(df["P"], df["b_cbr"] * 8 / 1e6, label=name)
    axes[0].set_ylabel("minimum CBR rate (Mbit/s)")
    axes[1].set_ylabel("CBR buffer (Mbit)")
    for ax in axes:
        ax.set_xlabel("start-up delay (frame times)")
    axes[1].legend(fontsize=9, title="synthetic", title_fontsize=9)
    fig.tight_layout()
    return fig


def system_schematics():
    """The thesis's Figures 4.4-4.6 redrawn: end-to-end model, TS encoder/decoder, TS from PES."""
    fig, axes = plt.subplots(3, 1, figsize=(6.7, 7.2))
    ax = blank_axes(axes[0], (0, 10), (0, 2.4))
    # short labels that fit their boxes at the book's width; the caption names the 27 MHz counter and AAL5
    steps = [("storage", "#f3e6cc"), ("server", "#e8eef7"), ("PCR-\nassist\nNIC", "#fde8d0"),
             ("ATM\nnetwork", "#e3f1e8"), ("client\nNIC", "#e8eef7"), ("buffer", "#fde8d0"),
             ("MPEG-2\ndecoder", "#e8eef7")]
    w = 1.25
    for i, (txt, colour) in enumerate(steps):
        box(ax, (0.1 + i * 1.42, 0.8), w, 0.9, txt, colour=colour, size=9)
        if i:
            arrow(ax, (0.1 + (i - 1) * 1.42 + w, 1.25), (0.1 + i * 1.42, 1.25))
    ax.set_title("After Figure 4.4: end-to-end model of MPEG-2 over ATM", fontsize=10)
    ax = blank_axes(axes[1], (0, 10), (0, 2.4))
    # the time stamps the mux writes (PCR, PTS, DTS) and the clock the decoders recover are in the caption
    enc = [("video,\naudio,\ntext", 0.1), ("encoders", 1.7), ("PES\npacket-\nisers", 3.3), ("TS\nmux", 4.9)]
    for txt, x in enc:
        box(ax, (x, 0.7), 1.25, 1.1, txt, size=9)
    for (_, x0), (_, x1) in zip(enc[:-1], enc[1:], strict=True):
        arrow(ax, (x0 + 1.25, 1.25), (x1, 1.25))
    box(ax, (7.1, 0.7), 1.2, 1.1, "TS\ndemux", colour="#fde8d0", size=9)
    box(ax, (8.65, 0.7), 1.25, 1.1, "decoders", colour="#fde8d0", size=9)
    arrow(ax, (6.15, 1.25), (7.1, 1.25))
    ax.text(6.625, 1.35, "TS", ha="center", va="bottom", fontsize=9)
    arrow(ax, (8.3, 1.25), (8.65, 1.25))
    ax.set_title("After Figure 4.5: MPEG-2 encoder and decoder for Transport Streams", fontsize=10)
    ax = blank_axes(axes[2], (0, 10), (0, 2.6))
    for i, txt in enumerate(["video PES", "audio PES 1", "audio PES 2", "data PES"]):
        box(ax, (0.1, 0.1 + i * 0.6), 1.8, 0.45, txt, size=9)
        arrow(ax, (1.9, 0.32 + i * 0.6), (3.2, 1.25))
    box(ax, (3.2, 0.9), 1.4, 0.7, "multiplex", size=9)
    for j in range(4):
        x = 5.0 + j * 1.22
        box(ax, (x, 0.95), 0.22, 0.6, "", colour="#fde8d0", size=9)
        box(ax, (x + 0.22, 0.95), 0.95, 0.6, "184 B", colour="#e3f1e8", size=9)
    arrow(ax, (4.6, 1.25), (5.0, 1.25))
    ax.text(5.0, 1.7, "188 B packets: 4 B header + 184 B", fontsize=9)
    ax.set_title("After Figure 4.6: a Transport Stream from packetised elementary streams", fontsize=10)
    fig.tight_layout()
    return fig


def scheme_curve(A: np.ndarray, P: float, r_high: float, r_low: float, fps: float, n_max: int, title: str):
    """The thesis's Figures 4.7 and 4.8, regenerated: delivery with PCR observations, and consumption."""
    s = an.schedule(A[: n_max + 1], r_high, r_low)
    fig, ax = plt.subplots(figsize=(6.7, 3.9))
    t, y = _staircase(A, P, n_max)
    ax.plot(t, y / 1e3, color=COLOURS["consumption"], label="consumption curve")
    tt = np.linspace(0, n_max + P, 1200)
    ax.plot(tt, s.delivered(A[: n_max + 1], tt) / 1e3, color=COLOURS["PCBR" if r_low == 0 else "PDCBR"],
            label="delivery curve")
    ax.plot(s.finish, A[1: n_max + 1] / 1e3, "o", ms=4, color="black", label="PCR observed (unit sent)")
    for k in range(1, n_max + 1):
        ax.axvline(k, color="#ddd", lw=0.6, zorder=0)
    ax.set_xlabel("time (frame times; grey lines: PCR clock)")
    ax.set_ylabel("cumulative data (kbytes)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=9, loc="upper left")
    fig.tight_layout()
    return fig


def comparison(study: dict[str, pd.DataFrame], names: list[str], fps: float, paper_points: dict | None = None,
               synthetic: bool = True):
    """Figures 4.9/4.10, 4.12/4.13 and 4.14 regenerated: buffer (left) and rates (right) against P.

    Each row's left title names the trace, with "(synthetic)" when ``synthetic`` and the name does not say
    so already; the right title says "rates" only, so the two titles of a row never crowd each other."""
    fig, axes = plt.subplots(len(names), 2, figsize=(6.7, 2.35 * len(names) + 0.6), squeeze=False)
    for row, name in zip(axes, names, strict=True):
        df = study[name]
        ax = row[0]
        for col, label, lw in (("b_cbr", "CBR", 4.0), ("b_pdcbr", "PDCBR", 1.6), ("b_pcbr", "PCBR", 1.6)):
            ax.plot(df["P"], df[col] / an.MBYTE, color=COLOURS[label], label=label, lw=lw,
                    alpha=0.45 if label == "CBR" else 1.0)
        ax.set_yscale("log")
        ax.autoscale_view()
        _log_ticks(ax.yaxis)
        ax.set_ylabel("buffer (MB)")
        said = " (synthetic)" if synthetic and "synthetic" not in name else ""
        ax.set_title(f"{name}{said}: buffer", fontsize=10, loc="left")
        ax = row[1]
        for col, label, key in (("r_pcbr", "PCBR", "PCBR"), ("r_high", "PDCBR high", "PDCBR"),
                                ("r_cbr", "CBR", "CBR"), ("r_low", "PDCBR low", "PDCBR low")):
            ax.plot(df["P"], [an.mbps(r, fps) for r in df[col]], color=COLOURS[key], label=label,
                    ls="--" if label == "PDCBR low" else "-")
        ax.set_ylabel("rate (Mbit/s)")
        ax.set_title("rates", fontsize=10, loc="left")
    for ax in axes[-1]:
        ax.set_xlabel("start-up delay (frame times)")
    handles, labels = axes[0][1].get_legend_handles_labels()
    labels = ["PCBR", "PDCBR (buffer; high rate)", "CBR", "PDCBR low rate"]
    fig.legend(handles, labels, loc="lower center", ncols=4, fontsize=9, frameon=False)
    fig.tight_layout(rect=(0, 0.07 if len(names) > 1 else 0.14, 1, 1))
    return fig


def t260_trace(sizes: np.ndarray, fps: float):
    """The thesis's Figure 4.11 regenerated on the synthetic t260: frame size averaged over every 10 frames."""
    n = len(sizes) // 10 * 10
    avg = sizes[:n].reshape(-1, 10).mean(axis=1)
    fig, ax = plt.subplots(figsize=(6.7, 3.0))
    ax.plot(np.arange(len(avg)) * 10, avg / 1e3, lw=0.6, color=COLOURS["CBR"])
    ax.set_xlabel("frame")
    ax.set_ylabel("mean frame size (kbytes)")
    ax.set_ylim(0, avg.max() / 1e3 * 1.2)
    ax.set_title("Synthetic t260 (near-CBR MPEG-2 class), averaged over every 10 frames", fontsize=10)
    fig.tight_layout()
    return fig


def fixed_buffer(results: dict[str, pd.DataFrame], buffers_mb: dict[str, float], fps: float):
    """The thesis's Figure 4.15 regenerated: minimum rates for a fixed client buffer.

    Against the amount pre-fetched before playback (the thesis's control, results with a ``Q``
    column) or against the start-up delay (our option ``startup``, results with a ``P`` column).
    """
    names = list(results)
    prefetch = "Q" in results[names[0]]
    fig, axes = plt.subplots(3, 2, figsize=(6.7, 7.6))
    for ax, name in zip(axes.flat, names, strict=True):
        df = results[name]
        x = df["Q"] / an.MBYTE if prefetch else df["P"] / fps
        ax.plot(x, [an.mbps(r, fps) for r in df["r_pcbr"]], "o-", ms=3, color=COLOURS["PCBR"], label="PCBR")
        ax.plot(x, [an.mbps(r, fps) for r in df["r_high"]], "s-", ms=3, color=COLOURS["PDCBR"], label="PDCBR high")
        ax.plot(x, [an.mbps(r, fps) for r in df["r_low"]], "^--", ms=3, color=COLOURS["PDCBR low"], label="PDCBR low")
        ax.set_xscale("log")
        ax.autoscale_view()
        _log_ticks(ax.xaxis)
        ax.set_title(f"{name} (synthetic), buffer {buffers_mb[name]:g} MB", fontsize=10, loc="left")
    for ax in axes[-1]:
        ax.set_xlabel("amount pre-fetched (MB)" if prefetch else "start-up delay (s)")
    for ax in axes[:, 0]:
        ax.set_ylabel("rate (Mbit/s)")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncols=3, fontsize=9, frameon=False)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig


def fixed_rate(results: dict[str, pd.DataFrame], caps_mb: dict[str, float], fps: float):
    """The thesis's Figure 4.16 regenerated: minimum start-up delay for a fixed rate, with a buffer cap."""
    names = list(results)
    fig, axes = plt.subplots(3, 2, figsize=(6.7, 7.6))
    for ax, name in zip(axes.flat, names, strict=True):
        df = results[name]
        ax.plot(df["multiplier"], df["p_pcbr"] / fps, "o-", ms=3, color=COLOURS["PCBR"], label="PCBR")
        ax.plot(df["multiplier"], df["p_pdcbr"] / fps, "s--", ms=3, color=COLOURS["PDCBR"], label="PDCBR")
        ax.set_title(f"{name} (synthetic), cap {caps_mb[name]:g} MB", fontsize=10, loc="left")
    for ax in axes[-1]:
        ax.set_xlabel("rate / R_average")
    for ax in axes[:, 0]:
        ax.set_ylabel("start-up delay (s)")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncols=2, fontsize=9, frameon=False)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig


def queue_view(A: np.ndarray, rate: float, P: float, ciw_recs: pd.DataFrame, n_max: int = 300):
    """PCBR as a queue: each frame's sojourn time from Ciw and from the recurrence, against the bound P + 1."""
    s = an.schedule(A, rate, 0.0)
    n = np.arange(1, len(A))
    fig, ax = plt.subplots(figsize=(6.7, 3.4))
    soj_rec = s.finish - (n - 1)
    soj_ciw = (ciw_recs["finish"] - ciw_recs["arrival"]).to_numpy()
    ax.plot(n[:n_max], soj_rec[:n_max], color=COLOURS["PCBR"], lw=2.5, alpha=0.5, label="recurrence (Eqs. 4.4-4.5)")
    ax.plot(n[:n_max], soj_ciw[:n_max], ".", ms=3, color="black", label="Ciw queue")
    ax.axhline(P + 1, color="#D55E00", ls="--", label=f"no starvation iff sojourn <= P + 1 = {P + 1:g}")
    ax.set_xlabel("frame (customer)")
    ax.set_ylabel("sojourn (frame times)")
    ax.set_title("Synthetic adv: PCBR at its minimum rate as a FIFO queue", fontsize=10)
    ax.legend(fontsize=9, loc="upper right")
    fig.tight_layout()
    return fig


#: The alternative text of every figure of the page, by figure name.
ALT = {
    "fig-hsieh-video-model": "Consumption staircase, a PCBR delivery curve above it and a dashed reference curve one "
    "buffer higher, with the feasible band between them shaded, for the first frames of the synthetic mtv trace.",
    "fig-hsieh-video-t260": "Frame size of the synthetic t260 trace averaged over every ten frames against the frame "
    "index: a nearly flat line with small fluctuations.",
    "fig-hsieh-video-cbr": "Consumption staircase of the first frames of the synthetic mtv trace, the CBR line from "
    "the start of transmission touching it at point H, and the gaps b1 and b2 marked.",
    "fig-hsieh-video-fig43": "Two panels against start-up delay in frame times for four synthetic MPEG-2 traces: the "
    "minimum CBR rate falls slowly; the CBR buffer in Mbit first falls and then rises.",
    "fig-hsieh-video-system": "Three block diagrams: the path from storage through server, PCR-assist network "
    "interface, ATM network, client interface and buffer to the decoder; an MPEG-2 encoder and decoder for Transport "
    "Streams; four packetised elementary streams multiplexed into 188-byte Transport Packets.",
    "fig-hsieh-video-pcbr": "First twelve frame times of the synthetic mtv trace: the PCBR delivery curve alternates "
    "between sending at one rate and holding flat, with a dot where each PCR is observed, above the consumption "
    "staircase.",
    "fig-hsieh-video-pdcbr": "First twelve frame times of the synthetic mtv trace: the PDCBR delivery curve changes "
    "slope between a high and a low rate at the PCR observations, above the consumption staircase.",
    "fig-hsieh-video-queue": "Sojourn time of each frame of the synthetic adv trace in the PCBR queue, from Ciw (dots) "
    "and from the recurrence (thick line), lying on each other and below the dashed bound P + 1.",
    "fig-hsieh-video-mpeg1": "Four rows, one per synthetic MPEG-1 trace: left, buffer in MB on a log scale against "
    "start-up delay for CBR, PDCBR and PCBR; right, the PCBR rate, PDCBR high and low rates and the CBR rate in "
    "Mbit/s.",
    "fig-hsieh-video-mpeg2": "Four rows, one per synthetic MPEG-2 trace: buffers (left) and rates (right) of the three "
    "schemes against the start-up delay.",
    "fig-hsieh-video-mjpeg": "Two rows for the synthetic M-JPEG traces: buffers (left) and rates (right) of the three "
    "schemes against the start-up delay.",
    "fig-hsieh-video-fixed-buffer": "Six panels, one per trace, of the minimum PCBR rate and the PDCBR high and low "
    "rates in Mbit/s against the amount of data pre-fetched before playback in MB (log scale; with the option "
    "fixed_buffer_control = startup, the start-up delay in seconds) for a fixed client buffer; points are missing "
    "where no rate of the grid fits the buffer.",
    "fig-hsieh-video-fixed-rate": "Six panels, one per trace, of the minimum start-up delay in seconds for PCBR and "
    "PDCBR against the transmission rate as a multiple of the average rate; points are missing where the buffer cap "
    "cannot be met.",
    "fig-hsieh-video-reader": "Buffer (left) and rates (right) of the three schemes against the start-up delay for the "
    "reader's trace, or for the synthetic adv trace read back from a file.",
}


def delivery_demo(A: np.ndarray, rate: float, fps: float, P: float = 2):
    """Figure 4.1's demo: the first frames of trace ``A`` sent by PCBR at ``rate`` (its minimum on 40 frames)."""
    A40 = A[:41]
    return delivery_model(A, P, rate, an.schedule(A40, rate, 0.0).buffer(A40, P), fps)


def cbr_demo(A: np.ndarray, fps: float, P: float = 3):
    """Figure 4.2's demo: the CBR line on the first (at most 90) frames of trace ``A``."""
    return cbr_hull(A, P, fps, n_max=min(len(A) - 1, 90))
