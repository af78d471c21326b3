"""The chapter's figures: redrawn schematics (Figs. 1-3) and the model's curves (Figs. 4-12).

Our values are coloured lines with 90 % confidence-interval error bars; values the paper
prints are hollow black markers (:func:`mmperf.plotting.paper_marker_style`).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from mmperf.plotting import PALETTE, arrow, blank_axes, box, paper_marker_style

from .model import CATEGORIES, _slug

SERIES = [("locate", "386", "-", "o"), ("locate", "486", "--", "s"), ("move", "386", "-.", "^"),
          ("move", "486", ":", "D")]
CAT_COLOURS = dict(zip(CATEGORIES, ["#CC79A7", "#D55E00", "#0072B2", "#E69F00", "#009E73", "#999999"],
                       strict=True))


def _sel(df: pd.DataFrame, **where) -> pd.DataFrame:
    mask = np.ones(len(df), bool)
    for k, v in where.items():
        mask &= (df[k] == v).to_numpy()
    return df[mask].sort_values(df.columns[0] if "frame_rate" not in df else "frame_rate")


def _line(ax, df, metric, label, colour, ls="-", marker="o", scale=1.0, x="frame_rate"):
    d = df.sort_values(x)
    ax.errorbar(d[x], scale * d[f"{metric}_mean"], yerr=scale * d[f"{metric}_ci"], label=label, color=colour,
                linestyle=ls, marker=marker, capsize=3)


def _paper(ax, xs, ys, label="paper (stated in text)"):
    style = paper_marker_style()
    style["label"] = label
    ax.plot(xs, ys, zorder=5, **style)


def _rate_axis(ax, rates):
    ax.set_xlabel("frame rate (frames/s)")
    ax.set_xticks(sorted(rates))


# -- schematics (Figs. 1-3) ---------------------------------------------------------------------

def _box(ax, xy, w, h, text, colour="#e8f0fa", size=9.5):
    box(ax, xy, w, h, text, fc=colour, size=max(size, 9.0))


def _arrow(ax, a, b, colour="#333333", style="-|>", ls="-", text=None, rad=0.0):
    arrow(ax, a, b, text or "", colour=colour, style=style, ls=ls, rad=rad, mutation_scale=11,
          offset=(0, 0.005))


def _blank(ax, bottom=0.0):
    blank_axes(ax, (-0.02, 1.02), (bottom, 1.0))


def fig_system():
    """Fig. 1 redrawn: one participant's PS/2 with the DVI, token-ring and SCSI-2 adapters."""
    fig, ax = plt.subplots(figsize=(6.7, 4.6))
    _blank(ax, bottom=-0.08)
    _box(ax, (0.03, 0.70), 0.26, 0.19, "host CPU\ni386DX 25 MHz /\ni486DX 50 MHz")
    _box(ax, (0.34, 0.70), 0.40, 0.19, "system memory\n(dual-path controller:\nhost FIFO + channel FIFO)")
    box(ax, (0.03, 0.50), 0.94, 0.07, "Micro Channel (13.33 MB/s on the 386, 40 MB/s streaming on the 486)",
        fc="#fff2cc", size=9)
    _box(ax, (0.01, 0.12), 0.40, 0.28, "", "#e6f5ec")
    ax.text(0.21, 0.37, "DVI video adapter", ha="center", fontsize=9, weight="bold")
    _box(ax, (0.025, 0.16), 0.12, 0.15, "80C186\n(SCB)", size=9)
    _box(ax, (0.15, 0.16), 0.12, 0.15, "i750\nPB + DB", size=9)
    _box(ax, (0.28, 0.16), 0.11, 0.15, "VRAM", size=9)
    _box(ax, (0.43, 0.14), 0.29, 0.24, "token-ring adapter\n80C186 + buffer\n(hypothetical,\n32-bit)", "#e6f5ec")
    _box(ax, (0.75, 0.14), 0.24, 0.24, "SCSI-2 adapter\n80C186", "#e6f5ec")
    _box(ax, (0.76, -0.06), 0.22, 0.09, "SCSI disk", "#f3e6f5")
    _box(ax, (0.43, -0.06), 0.29, 0.09, "16 Mbit/s token ring", "#f3e6f5")
    _box(ax, (0.01, -0.06), 0.17, 0.08, "camera", "#f3e6f5")
    _box(ax, (0.22, -0.06), 0.17, 0.08, "monitor", "#f3e6f5")
    for x in (0.16, 0.54):
        _arrow(ax, (x, 0.70), (x, 0.57), style="<|-|>")
    for x in (0.21, 0.575, 0.87):
        _arrow(ax, (x, 0.50), (x, 0.40 if x == 0.21 else 0.38), style="<|-|>")
    _arrow(ax, (0.575, 0.14), (0.575, 0.04), style="<|-|>")
    _arrow(ax, (0.87, 0.14), (0.87, 0.04), style="<|-|>")
    _arrow(ax, (0.10, 0.03), (0.10, 0.11))
    _arrow(ax, (0.30, 0.11), (0.30, 0.03))
    return fig


def fig_dataflow():
    """The paper's Fig. 2 redrawn: the path of one compressed frame, Locate Mode vs Move Mode."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 4.0))
    for ax, mode in zip(axes, ("Locate Mode", "Move Mode"), strict=True):
        blank_axes(ax, (-0.02, 1.02), (-0.02, 1.0))
        tint = "#fde9e0" if mode == "Locate Mode" else "#eeeeee"
        _box(ax, (0.0, 0.68), 0.40, 0.20, "video\nadapter\n(VRAM)")
        _box(ax, (0.60, 0.68), 0.40, 0.20, "token-ring\nadapter")
        _box(ax, (0.25, 0.36), 0.50, 0.13, "system memory", tint)
        _box(ax, (0.25, 0.02), 0.50, 0.12, "host CPU", tint)
        if mode == "Locate Mode":
            _arrow(ax, (0.14, 0.68), (0.32, 0.49), PALETTE[0])
            ax.text(0.27, 0.60, "DMA 1", fontsize=9, color=PALETTE[0], ha="left", va="center")
            _arrow(ax, (0.68, 0.49), (0.86, 0.68), PALETTE[0])
            ax.text(0.73, 0.60, "DMA 2", fontsize=9, color=PALETTE[0], ha="right", va="center")
            _arrow(ax, (0.30, 0.14), (0.06, 0.68), PALETTE[3], ls="--", rad=-0.25)
            _arrow(ax, (0.70, 0.14), (0.94, 0.68), PALETTE[3], ls="--", rad=0.25)
            ax.text(0.5, 0.22, "control blocks,\ninterrupts", fontsize=9, color=PALETTE[3], ha="center",
                    va="center")
        else:
            _arrow(ax, (0.40, 0.83), (0.60, 0.83), PALETTE[0])
            _arrow(ax, (0.40, 0.73), (0.60, 0.73), PALETTE[3], ls="--")
            ax.text(0.5, 0.92, "peer-to-peer DMA", fontsize=9, color=PALETTE[0], ha="center")
            ax.text(0.5, 0.56, "control element\nvia delivery pipe", fontsize=9, color=PALETTE[3], ha="center",
                    va="center")
        ax.set_title(mode)
    fig.suptitle("Data flow of an outgoing frame (incoming frames take the reverse path)", y=1.03)
    return fig


def fig_scb():
    """The paper's Fig. 3 redrawn: (a) Locate-Mode control block; (b) Move-Mode delivery pipes."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 4.0))
    ax = axes[0]
    blank_axes(ax, (-0.02, 1.02), (-0.06, 1.0))
    _box(ax, (0.0, 0.66), 0.42, 0.24, "host CPU:\nbuilds the\ncontrol block")
    _box(ax, (0.56, 0.66), 0.44, 0.24, "memory:\ncontrol block,\ndata buffer")
    _box(ax, (0.20, -0.04), 0.60, 0.28, "I/O adapter\n(80C186): one\nrequest per device")
    _arrow(ax, (0.42, 0.80), (0.56, 0.80))
    ax.text(0.49, 0.92, "write", fontsize=9, ha="center")
    _arrow(ax, (0.28, 0.66), (0.40, 0.22), PALETTE[3])
    ax.text(0.36, 0.46, "attention", fontsize=9, color=PALETTE[3])
    _arrow(ax, (0.74, 0.66), (0.62, 0.22), PALETTE[0])
    ax.text(0.72, 0.40, "fetch", fontsize=9, color=PALETTE[0])
    _arrow(ax, (0.24, 0.10), (0.06, 0.66), PALETTE[2], ls="--", rad=-0.3)
    ax.text(-0.02, 0.26, "I/O done\ninterrupt", fontsize=9, color=PALETTE[2])
    ax.set_title("a  Locate Mode")
    ax = axes[1]
    blank_axes(ax, (-0.02, 1.02), (-0.06, 1.0))
    _box(ax, (0.30, 0.72), 0.4, 0.18, "host CPU")
    _box(ax, (0.0, 0.10), 0.36, 0.2, "adapter A")
    _box(ax, (0.64, 0.10), 0.36, 0.2, "adapter B")
    for a, b, r in (((0.38, 0.72), (0.15, 0.30), 0.15), ((0.62, 0.72), (0.85, 0.30), -0.15),
                    ((0.36, 0.20), (0.64, 0.20), 0.25)):
        _arrow(ax, a, b, PALETTE[0], rad=r)
        _arrow(ax, b, a, PALETTE[3], rad=r)
    ax.text(0.5, -0.04, "delivery pipes: FIFO,\none per direction", ha="center", fontsize=9)
    ax.set_title("b  Move Mode")
    fig.suptitle("Subsystem control block architecture")
    return fig


# -- model curves (Figs. 4-12) ----------------------------------------------------------------

def fig_channel(main: pd.DataFrame, mixing: str, v: dict):
    """Fig. 4a: Micro Channel utilisation vs frame rate, four series."""
    fig, ax = plt.subplots()
    for i, (m, h, ls, mk) in enumerate(SERIES):
        _line(ax, _sel(main, io_mode=m, host=h, mixing=mixing), "util_channel", f"{m.title()} ({h})",
              PALETTE[i], ls, mk, 100)
    ax.axhline(v["anchor_mc_max_pct"], color="black", lw=0.8, ls="--")
    ax.text(max(main["frame_rate"]), v["anchor_mc_max_pct"] + 0.4, "paper: never exceeds 20 %", fontsize=9,
            ha="right")
    _rate_axis(ax, main["frame_rate"].unique())
    ax.set_ylabel("Micro Channel utilisation (%)")
    ax.set_title(f"Micro Channel utilisation ({mixing} mixing, file transfers on)")
    ax.set_ylim(0, max(24.0, 1.2 * ax.get_ylim()[1]))
    ax.legend(loc="upper left", bbox_to_anchor=(0.0, 0.80), ncol=2)
    return fig


def fig_kloc(host_kloc: pd.DataFrame, adapter_kloc: pd.DataFrame, v: dict):
    """The paper's Fig. 5: (a) host CPU vs host VC path length (Locate, utilisation law);
    (b) Move receive delay vs 80C186 path length (simulated). Panels one above the other."""
    fig, (a, b) = plt.subplots(2, 1, figsize=(6.7, 7.2))
    for i, h in enumerate(("386", "486")):
        _line(a, host_kloc[host_kloc["host"] == h], "util_host_busy", f"Locate ({h})", PALETTE[i],
              "-" if h == "386" else "--", "o", 100, x="host_vc_kloc")
        _line(b, adapter_kloc[adapter_kloc["host"] == h], "delay_recv", f"Move ({h})", PALETTE[i + 2],
              "-" if h == "386" else "--", "^", 1e3, x="adapter_vc_kloc")
    _paper(a, [v["anchor_cpu_saturation_386_kloc"], v["anchor_cpu_saturation_486_kloc"]], [100, 100],
           "paper: about 100 % at 60 / 240 KLOCS")
    a.axvline(v["vc_kloc_locate"], color="grey", lw=0.8, ls=":")
    a.text(v["vc_kloc_locate"] + 4, 60, "measured\nP2P: 15", fontsize=9, va="top")
    a.set_xlabel("VC code on the host (KLOCS/frame)")
    a.set_ylabel("host CPU (%)")
    a.set_ylim(0, 112)
    a.set_title("a  host CPU, Locate Mode (utilisation law)")
    a.legend(loc="lower right")
    b.axvline(v["anchor_adapter_knee_kloc"], color="black", lw=0.8, ls="--")
    delays = adapter_kloc["delay_recv_mean"].to_numpy(dtype=float)
    if np.any(np.isfinite(delays) & (delays > 0)):  # a log axis needs one positive delay
        b.set_yscale("log")
    else:  # every point is unstable (delays undefined): say so rather than draw empty log axes
        b.text(0.5, 0.5, "no stable point: the receive queue\ngrows at every path length", ha="center",
               va="center", fontsize=10, transform=b.transAxes)
    b.text(v["anchor_adapter_knee_kloc"] - 0.3, 0.97, "paper: knee at 16", fontsize=9, ha="right", va="top",
           transform=b.get_xaxis_transform())
    b.set_xlabel("VC code on the video adapter's 80C186 (KLOCS/frame)")
    b.set_ylabel("receive delay (ms)")
    b.set_title("b  receive/decompress delay, Move Mode (simulated)")
    b.legend(loc="center left")
    fig.subplots_adjust(hspace=0.45)
    return fig


def fig_host_cpu(main: pd.DataFrame):
    """Fig. 6: Locate host CPU vs frame rate; (a) distributed, (b) centralized."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.6), sharey=True)
    for ax, mix, tag in zip(axes, ("distributed", "centralized"), "ab", strict=True):
        for i, h in enumerate(("386", "486")):
            _line(ax, _sel(main, io_mode="locate", host=h, mixing=mix), "util_host", f"Locate ({h})", PALETTE[i],
                  "-" if h == "386" else "--", "o", 100)
        _rate_axis(ax, main["frame_rate"].unique())
        ax.set_title(f"{tag}  {mix} mixing")
        ax.legend()
    axes[0].set_ylabel("host CPU utilisation (%)")
    fig.suptitle("Host processor utilisation (Move Mode: below 0.01 %, not drawn)", fontsize=10)
    return fig


def fig_utilisation(main: pd.DataFrame, host: str, v: dict):
    """Fig. 7: (a) host CPU with and without file transfers; (b) memory, disk and ring."""
    fig, (a, b) = plt.subplots(1, 2, figsize=(6.7, 3.9))
    d = _sel(main, io_mode="locate", host=host, mixing="distributed")
    _line(a, d, "util_host", "with file transfers", PALETTE[0], "-", "o", 100)
    _line(a, d, "util_host_without_ft", "without file transfers", PALETTE[1], "--", "s", 100)
    _rate_axis(a, main["frame_rate"].unique())
    a.set_ylabel("host CPU utilisation (%)")
    a.set_title(f"a  host CPU, Locate {host}")
    a.legend()
    for i, h in enumerate(("386", "486")):
        _line(b, _sel(main, io_mode="locate", host=h, mixing="distributed"), "util_memory", f"memory, Locate ({h})",
              PALETTE[i], "-" if h == "386" else "--", "o", 100)
    _line(b, _sel(main, io_mode="move", host="386", mixing="distributed"), "util_memory", "memory, Move (386)",
          PALETTE[2], "-.", "^", 100)
    _line(b, d, "util_disk", "disk", PALETTE[3], ":", "D", 100)
    _line(b, d, "util_ring", "token ring", PALETTE[4], "-", "v", 100)
    _paper(b, [30, 30, 30, 8, 30], [v["anchor_mem_386_pct"], v["anchor_mem_486_pct"], v["anchor_disk_pct"],
                                    v["anchor_ring_8_pct"], v["anchor_ring_30_pct"]])
    _rate_axis(b, main["frame_rate"].unique())
    b.set_ylabel("utilisation (%)")
    b.set_title("b  memory, disk and token ring")
    b.set_ylim(-2, max(105.0, 1.9 * b.get_ylim()[1]))
    b.legend(fontsize=9, loc="upper left", handlelength=1.5)
    fig.suptitle("Fully distributed mixing (3-way), file transfers on", fontsize=10)
    return fig


def fig_delay(main: pd.DataFrame, metric: str, host: str, title: str, v: dict | None = None):
    """Figs. 8 and 9: (a) centralized, four series; (b) one host, modes x mixing schemes."""
    fig, (a, b) = plt.subplots(1, 2, figsize=(6.7, 3.9), sharey=True)
    for i, (m, h, ls, mk) in enumerate(SERIES):
        _line(a, _sel(main, io_mode=m, host=h, mixing="centralized"), metric, f"{m.title()} ({h})", PALETTE[i],
              ls, mk, 1e3)
    pairs = [("locate", "centralized"), ("locate", "distributed"), ("move", "centralized"), ("move", "distributed")]
    for i, (m, mix) in enumerate(pairs):
        _line(b, _sel(main, io_mode=m, host=host, mixing=mix), metric, f"{m.title()} ({mix})", PALETTE[i],
              ["-", "--", "-.", ":"][i], "os^D"[i], 1e3)
    rates = np.linspace(min(main["frame_rate"]), max(main["frame_rate"]), 50)
    for ax in (a, b):
        ax.plot(rates, 1e3 / rates, color="grey", lw=0.8, ls=":", label="one stage, 1/f (lower bound)")
        _rate_axis(ax, main["frame_rate"].unique())
        ax.set_ylim(0, 1.35 * ax.get_ylim()[1])         # room for the legend above the curves
        ax.legend(loc="upper right", fontsize=9)
    if v is not None:
        _paper(b, [8, 30], [v["anchor_stage_delay_8_ms"], v["anchor_stage_delay_30_ms"]],
               "paper: stage delay 125 / 33.33 ms")
    a.set_ylabel(f"{title} delay (ms)")
    a.set_title("a  centralized mixing")
    b.set_title(f"b  {host} system")
    return fig


def fig_single(single: pd.DataFrame):
    """Fig. 10: single data stream at the chapter's frame rate, grouped bars."""
    fig, ax = plt.subplots()
    groups = [("delay_send", "out", "compress/send"), ("delay_recv", "in", "receive/decompress"),
              ("delay_ft", "ft", "video file transfer")]
    order = [("locate", "386"), ("move", "386"), ("locate", "486"), ("move", "486")]
    width = 0.2
    for j, (m, h) in enumerate(order):
        ys, es = [], []
        for metric, stream, _ in groups:
            r = single[(single["io_mode"] == m) & (single["host"] == h) & (single["streams"] == stream)].iloc[0]
            ys.append(1e3 * r[f"{metric}_mean"])
            es.append(1e3 * r[f"{metric}_ci"])
        ax.bar(np.arange(3) + (j - 1.5) * width, ys, width, yerr=es, capsize=3, label=f"{m.title()} - {h}",
               color=PALETTE[j], hatch=["", "//", "..", "xx"][j], edgecolor="white")
    ax.set_xticks(range(3), [g[2] for g in groups])
    ax.set_ylabel("delay (ms)")
    ax.set_title("General time delays, one data stream at a time")
    ax.legend()
    return fig


def fig_components(main: pd.DataFrame, mixing: str, frame_rate: float):
    """Figs. 11 and 12: stacked delay components; panels a Locate, b Move, c 386, d 486."""
    fig, axes = plt.subplots(2, 2, figsize=(6.7, 7.0), sharey=True)
    axes = axes.ravel()
    panels = [("a  Locate Mode", [("locate", "386"), ("locate", "486")]),
              ("b  Move Mode", [("move", "386"), ("move", "486")]),
              ("c  386 system", [("locate", "386"), ("move", "386")]),
              ("d  486 system", [("locate", "486"), ("move", "486")])]
    for ax, (title, configs) in zip(axes, panels, strict=True):
        labels, x = [], 0
        for m, h in configs:
            r = main[(main["io_mode"] == m) & (main["host"] == h) & (main["mixing"] == mixing)
                     & (main["frame_rate"] == frame_rate)].iloc[0]
            for kind in ("send", "recv"):
                bottom = 0.0
                for cat in CATEGORIES:
                    val = r[f"comp_{kind}_{_slug(cat)}_mean"]
                    ax.bar(x, val, 0.7, bottom=bottom, color=CAT_COLOURS[cat], label=cat if x == 0 else None)
                    bottom += val
                ax.errorbar(x, r[f"delay_{kind}_mean"], yerr=r[f"delay_{kind}_ci"], color="black", capsize=3)
                labels.append(f"{kind.upper()}\n{h if 'Mode' in title else m.title()}")
                x += 1
        ax.set_xticks(range(len(labels)), labels, fontsize=9)
        ax.set_title(title)
    axes[0].set_ylabel("time delay (s)")
    axes[2].set_ylabel("time delay (s)")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="upper center", ncol=2, fontsize=9, bbox_to_anchor=(0.5, 0.02))
    fig.subplots_adjust(hspace=0.55)
    fig.suptitle(f"Time delay components ({mixing} mixing, {frame_rate:g} frames/s)", fontsize=10)
    return fig


def fig_pipeline(pipeline: pd.DataFrame, sweep_frames: int):
    """Sensitivity: receive/decompress delay under the three pipeline readings, at two run lengths."""
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.9), sharey=True)
    # short labels (the caption says what each reading is): the legend's two columns stay inside the figure,
    # which is then shown at full size (the longer ones made it 8.1 in wide, its 9 pt legend read 8.8 pt)
    lines = [("frame_latency", sweep_frames, "i750 busy compute time", 0, "-", "o"),
             ("frame_latency", 2 * sweep_frames, "the same", 0, ":", "o"),
             ("frame_time", sweep_frames, "busy whole frame time", 1, "-", "s"),
             ("frame_time", 2 * sweep_frames, "the same", 1, ":", "s"),
             ("compute_time", sweep_frames, "compute time only", 2, "-.", "^")]
    for ax, m in zip(axes, ("locate", "move"), strict=True):
        for reading, n, label, colour, style, marker in lines:
            sel = pipeline[(pipeline["io_mode"] == m) & (pipeline["pipeline_model"] == reading)
                           & (pipeline["frames"] == n)]
            if len(sel):
                _line(ax, sel, "delay_recv", f"{label} ({n} frames)", PALETTE[colour], style, marker, 1e3)
        rates = np.sort(pipeline["frame_rate"].unique())
        grid = np.linspace(rates.min(), rates.max(), 50)
        ax.plot(grid, 1e3 / grid, color="grey", lw=0.8, ls=":", label="1/f")
        _rate_axis(ax, rates)
        ax.set_title(f"{m.title()} Mode, 386, distributed")
    axes[0].set_ylabel("receive delay (ms)")
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="upper center", ncol=2, fontsize=9, bbox_to_anchor=(0.5, -0.01))
    fig.suptitle("Pipeline semantics (assumption A1): stage time and run length")
    return fig


# Alternative text of every figure, by its glue name: what the figure shows, for a reader who cannot see it.
ALT = {
    "fig-huynh-system": (
        "Schematic of one participant's PS/2: host CPU and system memory on the Micro Channel, with the DVI "
        "video adapter (80C186, i750, VRAM), the token-ring adapter and the SCSI-2 adapter below it, and the "
        "camera, monitor, token ring and disk attached to them."),
    "fig-huynh-dataflow": (
        "Two panels: in Locate Mode an outgoing frame goes from the video adapter to system memory and from "
        "there to the token-ring adapter, with the host CPU issuing control blocks; in Move Mode it goes "
        "directly from the video adapter to the token-ring adapter."),
    "fig-huynh-scb": (
        "Two panels: (a) Locate Mode, the host writes a control block to memory, the adapter fetches it and "
        "interrupts the host when done; (b) Move Mode, adapters exchange control elements through delivery "
        "pipes."),
    "fig-huynh-channel": (
        "Micro Channel utilisation against frame rate for Locate and Move Mode on both hosts: Locate on the "
        "i386 highest, Move on the i486 lowest, all far below the paper's 20 % line."),
    "fig-huynh-kloc": (
        "Left: host CPU utilisation rising linearly with the host's video-conferencing path length until it "
        "saturates, the i386 near the paper's 60 KLOCS and the i486 near 240. Right: Move Mode receive delay "
        "on a log scale, flat until the 80C186 path length nears 16 KLOCS, then rising steeply."),
    "fig-huynh-host-cpu": (
        "Locate Mode host CPU utilisation against frame rate, two panels (distributed, centralized mixing), "
        "straight lines for both hosts with a positive intercept."),
    "fig-huynh-utilisation": (
        "Left: host CPU with and without the file transfers against frame rate. Right: memory, disk and "
        "token-ring utilisation against frame rate, with the paper's stated values as hollow markers."),
    "fig-huynh-send-delay": (
        "Compress/send delay against frame rate, falling as one over the frame rate: (a) centralized mixing, "
        "four mode-host series close together; (b) one host, modes by mixing schemes."),
    "fig-huynh-recv-delay": (
        "Receive/decompress delay against frame rate, falling with the frame rate, Locate on the i386 "
        "highest, above the paper's no-queueing stage delays."),
    "fig-huynh-single": (
        "Bar chart of the send, receive and file-transfer delays with one stream at a time, for both modes "
        "and hosts; the Move file transfer is much shorter than the Locate one."),
    "fig-huynh-components-distributed": (
        "Stacked bars of the six delay components for send and receive, per mode and host, fully distributed "
        "mixing: compress/decompress is the largest part of every bar."),
    "fig-huynh-components-centralized": (
        "Stacked bars of the delay components, centralized mixing: no mixing component, compress/decompress "
        "the largest part."),
    "fig-huynh-pipeline": (
        "Receive/decompress delay against frame rate for both modes under three readings of the codec stage, "
        "each at two run lengths: a stage busy the whole frame time (the longer run higher: no steady state), "
        "a stage of one frame time whose i750 is busy only its compute time (the chapter's reading; both "
        "run lengths agree), and the compute time alone (lowest)."),
}


def schematics() -> dict:
    """The drawing functions of the redrawn schematics (the paper's Figs. 1-3), by glue name, in page order.

    Examples
    --------
    >>> list(schematics())
    ['fig-huynh-system', 'fig-huynh-dataflow', 'fig-huynh-scb']
    >>> all(name in ALT for name in schematics())
    True
    """
    return {"fig-huynh-system": fig_system, "fig-huynh-dataflow": fig_dataflow, "fig-huynh-scb": fig_scb}
