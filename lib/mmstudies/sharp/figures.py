"""Every figure of the Sharp & Todirica chapter: schematics redrawn from the text, and results.

Each function returns a matplotlib Figure at most 6.7 in wide with text of at least 8 pt (9 pt or
more where the book shows it; see :mod:`mmperf.plotting`). Schematics use the shared
:func:`mmperf.plotting.box`, :func:`~mmperf.plotting.arrow` and :func:`~mmperf.plotting.blank_axes`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf.plotting import arrow, blank_axes, box, paper_marker_style

from .analytic import distance_for_limit, e2e_at_distance
from .config import TABLE1_ROWS, StageStats


def draw_site_layout():
    """Schematic after Figure 1: a typical VSR site, drawn from the description at seed line 35."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    blank_axes(ax, (0, 10), (0, 7), equal=True)
    ax.add_patch(Rectangle((0.2, 0.2), 9.6, 6.6, fill=False, lw=2, ec="#555"))
    box(ax, (2.5, 6.0), 5.0, 0.45, "large screen (remote sites' video)", fc="#dde8f3")
    box(ax, (4.6, 5.35), 0.8, 0.45, "camera", fc="#fde9c9", fontsize=8)
    for x in (0.6, 8.6):
        box(ax, (x, 5.4), 0.8, 0.7, "loud-\nspeaker", fc="#e7f4ec", fontsize=8)
    box(ax, (2.0, 1.8), 6.0, 1.6, "", fc="#f4efe6")
    ax.text(5.0, 3.2, "ordinary table", ha="center", fontsize=8, color="#666")
    box(ax, (4.2, 2.3), 1.6, 0.65, "microphone\n(or array)", fc="#fde9c9", fontsize=8)
    box(ax, (2.3, 2.0), 1.3, 0.6, "writing\ntablet", fc="#eee", fontsize=8)
    box(ax, (6.4, 2.0), 1.3, 0.6, "keyboard", fc="#eee", fontsize=8)
    for x in (3.0, 5.0, 7.0):
        ax.add_patch(Circle((x, 1.2), 0.35, fc="#cfd8e3", ec="#335"))
    ax.text(5.0, 0.45, "participants", ha="center", fontsize=8)
    box(ax, (8.6, 1.0), 1.0, 1.0, "standard\nPC", fc="#eef3f8", fontsize=8)
    ax.set_title("A VSR site, drawn from the text", fontsize=10)
    return fig


def _socket(ax, x, y, kind, label="", r=0.22):
    """Our glyphs: a filled circle for an OutSocket, a hollow one for an InSocket."""
    from matplotlib.patches import Circle

    ax.add_patch(Circle((x, y), r, fc="#335" if kind == "out" else "white", ec="#335", lw=1.5, zorder=3))
    if label:
        ax.text(x, y - r - 0.12, label, ha="center", va="top", fontsize=8)


def draw_stream_concepts():
    """Schematics after Figures 2, 3 and 4: two sites, a connection, and a multicast connection."""
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(6.7, 5.6))
    grid = fig.add_gridspec(2, 2, height_ratios=[1.15, 1])
    axes = [fig.add_subplot(grid[0, :]), fig.add_subplot(grid[1, 0]), fig.add_subplot(grid[1, 1])]
    ax = axes[0]
    blank_axes(ax, (0, 10), (0, 5), equal=True)
    for x0, site in ((0.2, "Site A"), (5.4, "Site B")):
        box(ax, (x0, 0.3), 4.4, 4.2, "", fc="#fafafa", ec="#999")
        ax.text(x0 + 2.2, 4.2, site, ha="center", fontsize=9, weight="bold")
    box(ax, (0.6, 1.6), 1.6, 1.4, "video\ncomponent", fc="#dde8f3")
    box(ax, (2.8, 1.6), 1.6, 1.4, "network\ncomponent", fc="#e7f4ec")
    box(ax, (5.8, 1.6), 1.6, 1.4, "network\ncomponent", fc="#e7f4ec")
    box(ax, (8.0, 1.6), 1.6, 1.4, "video\ncomponent", fc="#dde8f3")
    arrow(ax, (2.2, 2.6), (2.8, 2.6))
    arrow(ax, (2.8, 2.0), (2.2, 2.0))
    arrow(ax, (4.4, 2.6), (5.8, 2.6), "UDP/IP")
    arrow(ax, (5.8, 2.0), (4.4, 2.0))
    arrow(ax, (7.4, 2.6), (8.0, 2.6))
    arrow(ax, (8.0, 2.0), (7.4, 2.0))
    ax.set_title("two sites, four system components", fontsize=10)
    ax = axes[1]
    blank_axes(ax, (0, 4), (0, 3), equal=True)
    _socket(ax, 0.8, 1.5, "out", "OutSocket")
    _socket(ax, 3.2, 1.5, "in", "InSocket")
    arrow(ax, (1.05, 1.5), (2.95, 1.5), "connection")
    ax.set_title("a connection (glyphs are ours)", fontsize=10)
    ax = axes[2]
    blank_axes(ax, (0, 5.2), (0, 3.6), equal=True)
    _socket(ax, 0.7, 1.8, "out", "OutSocket")
    for y in (0.6, 1.8, 3.0):
        _socket(ax, 3.2, y, "in")
        arrow(ax, (0.95, 1.8), (2.95, y))
    ax.text(3.55, 1.8, "InSockets\n(3 drawn;\nnumber not\ngiven)", fontsize=8, va="center")
    ax.set_title("one stream, several destinations", fontsize=10)
    fig.tight_layout()
    return fig


def draw_backbone(stm4_mbps: float, fe_mbps: float, distance_km: float):
    """Schematic after Figure 6: only the nodes and links the text names (seed line 162)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.0, 3.8))
    blank_axes(ax, (0, 10), (0, 6), equal=True)
    nodes = {"Aarhus": (2.0, 4.6), "Odense": (3.2, 1.6), "Lyngby (DTU)": (8.2, 2.4)}
    for name, (x, y) in nodes.items():
        box(ax, (x - 0.9, y - 0.35), 1.8, 0.7, name, fc="#dde8f3", fontsize=8.5)
    (ax_, ay), (ox, oy), (lx, ly) = nodes["Aarhus"], nodes["Odense"], nodes["Lyngby (DTU)"]
    ax.plot([lx - 0.9, ox + 0.9], [ly, oy], color="#0072B2", lw=2.5)
    ax.plot([ox, ax_], [oy + 0.35, ay - 0.35], color="#0072B2", lw=2.5, label=f"STM-4c, {stm4_mbps:g} Mbit/s")
    ax.plot([lx - 0.6, ax_ + 0.9], [ly + 0.35, ay], color="#D55E00", lw=2, ls="--",
            label=f"IP network, double {fe_mbps:g} Mbit/s Fast Ethernet")
    ax.text(5.6, 4.0, f"about {distance_km:g} km\n(paper)", fontsize=8, ha="center", color="#333")
    ax.legend(loc="lower center", fontsize=8, bbox_to_anchor=(0.5, -0.08))
    ax.set_title("The links named in the text (other backbone nodes not given)", fontsize=10)
    return fig


def draw_site_architecture(queue_capacity: int):
    """Schematic after Figure 7 (video half), with the Ciw node each part maps to."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    # 6.9 in: with equal aspect the tight box is about 5.5 in (shown at full size); at 6.7 in "s31" met the note
    fig, ax = plt.subplots(figsize=(6.9, 4.4))
    blank_axes(ax, (0, 17), (-0.4, 6.4), equal=True)
    box(ax, (0.2, 0.8), 3.0, 4.6, "", fc="#f5f8fc", ec="#6a7f99")
    ax.text(1.7, 5.1, "C1 video", ha="center", fontsize=9, weight="bold")
    box(ax, (7.0, 0.8), 5.6, 4.6, "", fc="#f3faf5", ec="#6a9977")
    ax.text(9.8, 5.1, "C3 network component", ha="center", fontsize=9, weight="bold")
    sockets = {"s11": (2.6, 3.9, "out"), "s12": (2.6, 1.7, "in"), "s31": (7.6, 3.9, "in"),
               "n31": (12.0, 3.9, "out"), "n32": (12.0, 1.7, "in"), "s32": (7.6, 1.7, "out")}
    for name, (x, y, kind) in sockets.items():
        _socket(ax, x, y, kind, name)
    for x, y, name in ((4.0, 3.65, "c13"), (4.0, 1.45, "c31")):
        ax.add_patch(Rectangle((x, y), 2.2, 0.5, fc="white", ec="#333", hatch="////", lw=1))
        ax.text(x + 1.1, y + 0.65, f"{name}: queue of {queue_capacity}", ha="center", fontsize=8)
    arrow(ax, (2.85, 3.9), (4.0, 3.9))
    arrow(ax, (6.2, 3.9), (7.35, 3.9))
    arrow(ax, (7.35, 1.7), (6.2, 1.7))
    arrow(ax, (4.0, 1.7), (2.85, 1.7))
    arrow(ax, (7.85, 3.9), (11.75, 3.9), "internal", offset=(0, 0.1))
    arrow(ax, (11.75, 1.7), (7.85, 1.7), "internal", offset=(0, 0.1))
    arrow(ax, (12.25, 3.9), (16.5, 3.9), "UDP out", offset=(0.3, 0.1))
    arrow(ax, (16.5, 1.7), (12.25, 1.7), "UDP in", offset=(0.3, 0.1))
    ax.text(1.2, 1.7, "sink t6:\ndecode +\npresent", ha="center", va="center", fontsize=8, color="#D55E00")
    ax.text(1.2, 3.9, "source:\ncapture", ha="center", va="center", fontsize=8)
    ax.text(9.8, 2.8, "one thread per socket\n(only t6 is numbered in the text)", ha="center", va="center",
            fontsize=8, color="#555")
    spans = [("Ciw node 1: SL_src", 2.6, 12.0, 5.75, "#0072B2"), ("node 2: NET", 12.0, 16.5, 5.75, "#009E73"),
             ("Ciw node 3: SL_dst", 12.0, 4.0, 0.45, "#E69F00"), ("node 4: SINK", 4.0, 0.3, 0.45, "#D55E00")]
    for text, x0, x1, y, colour in spans:
        ax.plot([x0, x1], [y, y], color=colour, lw=4, alpha=0.6, solid_capstyle="butt")
        ax.text((x0 + x1) / 2, y + (0.12 if y > 3 else -0.45), text, ha="center", fontsize=8, color=colour)
    ax.set_title("Video half of a site, with our Ciw nodes (audio component C2 omitted)", fontsize=10)
    return fig


FIG8_ROWS = ["audio_src", "audio_in", "video_src", "video_in", "t6_release", "net_burst"]
FIG8_LABELS = {"audio_src": "audio source", "audio_in": "audio in -> sink", "video_src": "video source",
               "video_in": "video in -> sink (t6)", "t6_release": "t6 releases resources",
               "net_burst": "network interrupt burst"}


def draw_trace(events: pd.DataFrame, sink_busy_ms: float, round_trip_ms: float, zoom: tuple[float, float]):
    """Figures 8 and 9 redrawn from the event times stated in the text (ms, assuming the unit is us).

    Bars: t6 busy from each "video in" event to the next "t6 release" event (read from the
    text); hatched where the start or end lies outside the window. The orange bars are the
    model's mean sink time and mean reflected round trip, drawn from each video-source event.
    """
    import matplotlib.pyplot as plt

    t = events.assign(ms=events["time_us"] / 1000.0)
    fig, axes = plt.subplots(2, 1, figsize=(6.7, 7.6), gridspec_kw={"height_ratios": [1.3, 1]})
    rows = FIG8_ROWS + ["t6_busy", "model"]
    labels = [FIG8_LABELS[r] for r in FIG8_ROWS] + ["t6 busy (from the events)", "model: mean times (ours)"]
    starts = sorted(t.loc[t["series"] == "video_in", "ms"])
    ends = sorted(t.loc[t["series"] == "t6_release", "ms"])
    video_src = sorted(t.loc[t["series"] == "video_src", "ms"])
    for ax, (lo, hi) in zip(axes, [(555.0, 640.0), zoom], strict=True):
        for i, r in enumerate(FIG8_ROWS):
            x = t.loc[t["series"] == r, "ms"]
            ax.plot(x, [i] * len(x), "x" if r == "net_burst" else "|", color="#009E73" if r == "net_burst" else "black",
                    ms=11, mew=2)
        y = rows.index("t6_busy")
        ax.barh(y, ends[0] - lo, left=lo, height=0.5, color="#CC79A7", alpha=0.4, hatch="//", edgecolor="#CC79A7")
        ax.barh(y, ends[1] - starts[0], left=starts[0], height=0.5, color="#CC79A7")
        ax.barh(y, hi - starts[1], left=starts[1], height=0.5, color="#CC79A7", alpha=0.4, hatch="//",
                edgecolor="#CC79A7")
        ax.text(starts[0] + (ends[1] - starts[0]) / 2, y, f"{ends[1] - starts[0]:.1f} ms", ha="center",
                va="center", fontsize=8, color="white", clip_on=True)
        y = rows.index("model")
        for v in video_src:
            ax.barh(y + 0.15, round_trip_ms, left=v, height=0.3, color="#56B4E9")
            ax.barh(y - 0.15, sink_busy_ms, left=v + round_trip_ms, height=0.3, color="#E69F00")
        ax.set_yticks(range(len(rows)), labels, fontsize=8)
        ax.set_xlim(lo, hi)
        ax.set_ylim(-0.6, len(rows) - 0.4)
        ax.invert_yaxis()
        ax.set_xlabel("time in the trace (ms; the text's units taken as microseconds)")
        ax.grid(axis="y", visible=False)
    axes[0].set_title("Event times from the text (80 ms, two video frames)", fontsize=10)
    axes[1].set_title(f"Close-up of {zoom[0]:g}-{zoom[1]:g} ms (window chosen by us)",
                      fontsize=10)
    from matplotlib.patches import Patch

    axes[0].legend(handles=[Patch(color="#56B4E9", label=f"model: reflected round trip, {round_trip_ms:.1f} ms"),
                            Patch(color="#E69F00", label=f"model: sink decode + present, {sink_busy_ms:.1f} ms")],
                   loc="upper left", bbox_to_anchor=(0.0, -0.16), ncols=1, fontsize=8)
    fig.tight_layout()
    return fig


def plot_table1(paper: dict[str, StageStats], ours: pd.DataFrame):
    """Table 1 per stage: the paper's min, mean, max (hollow black) next to ours (filled).

    ``ours`` is indexed by Table 1 key with columns ``min, mean, max`` (averages over
    replications of the per-replication statistic).
    """
    import matplotlib.pyplot as plt

    keys = ["sl", "net", "dec", "pres", "e2e"]
    fig, axes = plt.subplots(len(keys), 1, figsize=(6.7, 5.6))
    for ax, k in zip(axes, keys, strict=True):
        p, o = paper[k], ours.loc[k]
        style = paper_marker_style()
        ax.plot([p.min, p.max], [1, 1], color="black", lw=1)
        ax.plot([p.min, p.mean, p.max], [1, 1, 1], **style)
        ax.plot([o["min"], o["max"]], [0, 0], color="#0072B2", lw=1)
        ax.plot([o["min"], o["mean"], o["max"]], [0, 0, 0], "o", color="#0072B2", label="ours (Ciw)")
        ax.set_yticks([0, 1], ["ours", "paper"], fontsize=8)
        ax.set_ylim(-0.7, 1.7)
        ax.set_title(TABLE1_ROWS[k], fontsize=9, loc="left", pad=2)
        ax.grid(axis="y", visible=False)
        lo, hi = min(p.min, o["min"]), max(p.max, o["max"])
        ax.set_xlim(lo - 0.08 * (hi - lo), hi + 0.08 * (hi - lo))
    axes[-1].set_xlabel("time (ms): min, mean, max per 1500-frame sample")
    axes[0].legend(loc="upper right", fontsize=8, ncols=2)
    fig.tight_layout()
    return fig


def plot_e2e_distribution(e2e: np.ndarray, paper: StageStats):
    """Histogram of our simulated end-to-end delays with Table 1's end-to-end row overlaid."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.7, 3.8))
    ax.hist(e2e, bins=120, density=True, color="#0072B2", alpha=0.7, label="ours: simulated frames (Ciw)")
    top = ax.get_ylim()[1]
    style = paper_marker_style() | {"label": "paper: min, mean, max"}
    ax.plot([paper.min, paper.mean, paper.max], [top * 0.9] * 3, **style)
    ax.errorbar([paper.mean], [top * 0.8], xerr=[paper.sd], fmt="none", ecolor="black", capsize=4,
                label="paper: mean +- sd")
    ax.set_xlabel("end-to-end video delay (ms)")
    ax.set_ylabel("density (1/ms)")
    ax.set_yscale("log")
    ax.legend(fontsize=8)
    return fig


def plot_budget(stages_ours: dict[str, float] | None, stages_paper: dict[str, float], limit_ms: float,
                e2e_mean: float, e2e_p99: float, base_km: float, delay_us_per_km: float, paper_e2e: float):
    """The latency budget: where the one-way delay goes, and how far the sites could be apart.

    Returns ``(fig, table)``; ``stages_ours`` None (no steady state) draws the paper's bar only. A limit
    missed at any distance draws no crossing point.
    """
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(6.7, 7.2), gridspec_kw={"height_ratios": [1, 1.3]})
    colours = {"stream layer (both sides)": "#56B4E9", "network: propagation": "#009E73",
               "network: hosts, routers, reflector": "#8fd3b6", "queueing waits": "#F0E442",
               "video decoding": "#0072B2", "video presentation": "#E69F00", "not itemised in Table 1": "#bbbbbb",
               "margin to the limit": "white"}
    labelled = set()
    bars = [(1, stages_paper)] + ([(0, stages_ours)] if stages_ours else [])
    for y, parts in bars:
        left = 0.0
        for name, v in parts.items():
            ax.barh(y, v, left=left, color=colours[name], edgecolor="#333" if name == "margin to the limit" else None,
                    hatch="..." if name == "margin to the limit" else None,
                    label=None if name in labelled else name)
            labelled.add(name)
            left += v
    ax.axvline(limit_ms, color="#D55E00", lw=2)
    ax.text(limit_ms, 1.45, f"limit {limit_ms:g} ms (external) ", color="#D55E00", fontsize=9, va="bottom",
            ha="right")
    ax.set_yticks([0, 1], ["ours", "paper (Table 1)"])
    ax.set_xlabel("one-way delay (ms)")
    ax.set_ylim(-0.6, 1.9)
    ax.legend(fontsize=9, ncols=2, loc="upper center", bbox_to_anchor=(0.5, -0.3))
    ax.grid(axis="y", visible=False)
    ax2.axhline(limit_ms, color="#D55E00", lw=2, label=f"interactive limit {limit_ms:g} ms (external)")
    ax2.plot([base_km], [paper_e2e], **(paper_marker_style() | {"label": f"paper: Table 1 mean at {base_km:g} km"}))
    ax2.axvline(base_km, color="#777", ls=":", lw=1.5)
    reach = [distance_for_limit(v, limit_ms, base_km, delay_us_per_km) for v in (e2e_mean, e2e_p99)
             if stages_ours and np.isfinite(v)]
    d = np.linspace(0, max(reach + [4 * base_km]) * 1.15, 200)
    if stages_ours:
        ax2.plot(d, [e2e_at_distance(e2e_mean, x, base_km, delay_us_per_km) for x in d], label="ours: mean")
        ax2.plot(d, [e2e_at_distance(e2e_p99, x, base_km, delay_us_per_km) for x in d], ls="--",
                 label="ours: 99th percentile")
        far = distance_for_limit(e2e_mean, limit_ms, base_km, delay_us_per_km)
        if far > 0:
            # named in the legend, not beside the point, where the 99th-percentile line ran through the label
            ax2.plot([far], [limit_ms], "o", color="#0072B2", label=f"ours: mean reaches the limit at {far:,.0f} km")
    ax2.set_xlabel(f"site separation (km), fibre at {delay_us_per_km:g} µs/km (external)")
    ax2.set_ylabel("one-way video delay (ms)")
    ax2.set_ylim(0, max(limit_ms, paper_e2e, e2e_p99 if stages_ours else 0) * 1.25)
    ax2.legend(fontsize=9, loc="lower right")
    fig.tight_layout()
    names = list(dict.fromkeys(list(stages_paper) + list(stages_ours or {})))
    table = pd.DataFrame({"part": names})
    table["ours"] = [stages_ours.get(k, np.nan) if stages_ours else np.nan for k in names]
    table["ours (% of end-to-end)"] = [100 * v / e2e_mean if k != "margin to the limit" and stages_ours else np.nan
                                       for k, v in zip(names, table["ours"], strict=True)]
    table["paper"] = [stages_paper.get(k, np.nan) for k in names]
    table["paper (% of end-to-end)"] = [100 * v / paper_e2e if k != "margin to the limit" else np.nan
                                        for k, v in zip(names, table["paper"], strict=True)]
    return fig, table


def plot_loss_vs_load(sweep: pd.DataFrame, bound: float, measured_load: float, unresolved_upper: float):
    """Frame-loss and late-frame rates against background CPU load (fast recursion, Clopper-Pearson CIs)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.7, 5.6))
    seen = sweep[sweep["dropped"] > 0]
    none = sweep[sweep["dropped"] == 0]
    ax.errorbar(seen["background_load"], seen["loss_rate"],
                yerr=[seen["loss_rate"] - seen["loss_low"], seen["loss_high"] - seen["loss_rate"]],
                fmt="o-", capsize=3, label="ours: frames dropped by the newest-frame sink (95 % CI)")
    ax.plot(none["background_load"], none["loss_high"], "v", color="#0072B2", mfc="none",
            label="ours: no frame dropped; 95 % upper bound")
    ax.plot(sweep["background_load"], sweep["late_rate"], "s--", color="#E69F00",
            label="ours: finished after the next frame arrived (still shown)")
    ax.axhline(bound, color="black", lw=1.5, label="paper: loss < 1e-3")
    ax.axhline(unresolved_upper, color="#777", ls=":", label="best bound from 1500 frames with no loss")
    ax.axvline(measured_load, color="#777", lw=1)
    ax.text(measured_load, 2e-6, " load while Table 1\n was measured", fontsize=8, color="#555")
    ax.set_yscale("log")
    ax.set_ylim(1e-6, 3.0)
    ax.set_xlabel("CPU share of other processes (background load)")
    ax.set_ylabel("rate per captured frame")
    ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncols=1)
    fig.tight_layout()
    return fig


def plot_policy(newest: pd.DataFrame, fifo: pd.DataFrame, load: float):
    """End-to-end delay per frame under overload: newest-frame sink against a FIFO sink."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.7, 3.8))
    for df, name, colour in ((fifo, "FIFO sink", "#D55E00"), (newest, "newest-frame sink (paper)", "#0072B2")):
        shown = df[df["fate"] == "shown"]
        ax.plot(shown["capture"] / 1000, shown["e2e"], ".", ms=2.5, color=colour, label=name)
    ax.set_xlabel("capture time (s)")
    ax.set_ylabel("end-to-end delay of shown frames (ms)")
    ax.set_yscale("log")
    ax.set_title(f"Overload: background CPU load {load:g}", fontsize=10)
    ax.legend(fontsize=8, markerscale=4)
    return fig


#: The alternative text of every figure of the chapter, by figure name (what the figure shows, for a
#: reader who cannot see it).
ALT = {
    "fig-sharp-site": (
        "Schematic of a VSR teaching room: a large screen with a camera and two loudspeakers at the "
        "front, a table with microphone, writing tablet and keyboard, participants, and a standard PC."),
    "fig-sharp-streams": (
        "Three schematics: two sites each with a video and a network component joined over UDP/IP; an "
        "OutSocket joined to an InSocket by a connection; one OutSocket fanning out to three InSockets."),
    "fig-sharp-backbone": (
        "Schematic of the three backbone nodes the text names, Aarhus, Odense and Lyngby, joined by the "
        "STM-4c link, with the Fast Ethernet IP network drawn dashed from Lyngby to Aarhus."),
    "fig-sharp-architecture": (
        "Schematic of the video half of a site: the video component's source and sink sockets, two "
        "bounded connection queues, the network component's sockets and UDP links, with coloured spans "
        "marking the four queueing nodes of our model."),
    "fig-sharp-table1": (
        "Five small panels, one per Table 1 row, each showing the paper's minimum, mean and maximum as "
        "hollow black markers above ours as filled blue markers on a time axis in milliseconds."),
    "fig-sharp-e2e": (
        "Histogram, on a log density scale, of our simulated end-to-end delays, with the paper's minimum, "
        "mean and maximum and its mean plus or minus one standard deviation drawn above it."),
    "fig-sharp-loss": (
        "Log-scale plot of the frame-loss rate and the late-frame rate against the background CPU load, "
        "with 95 % intervals, the paper's bound as a horizontal line and the measured load marked."),
    "fig-sharp-policy": (
        "End-to-end delay of each shown frame against capture time under overload: the FIFO sink's "
        "delays climb steadily, the newest-frame sink's stay low and flat."),
    "fig-sharp-trace": (
        "Two timelines of thread events from the text: audio and video source and sink events, the sink "
        "thread's busy period, network interrupt bursts, and bars for the model's mean round trip and sink "
        "time; the lower panel zooms into fifteen milliseconds."),
    "fig-sharp-budget": (
        "Top: stacked horizontal bars of where the one-way delay goes, ours and the paper's, with the margin "
        "to the interactive limit. Bottom: our mean and 99th-percentile delay against site separation, "
        "crossing the limit line far beyond the measured distance."),
}
