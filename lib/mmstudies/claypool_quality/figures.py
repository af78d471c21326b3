"""Every figure of the claypool-quality chapter; each function returns a matplotlib Figure.

The figures follow the book's style (:mod:`mmperf.plotting`): at most 6.7 in wide, no text under
8 pt (9 pt at display size), legends beside or below the data, and the paper's figure numbers only
in the book's captions, never in a plot title. Schematics use the shared ``box``/``arrow``/
``blank_axes`` helpers.
"""

from __future__ import annotations

import numpy as np

from mmperf import quality as qm
from mmperf.plotting import PALETTE, arrow, blank_axes, box, label_assumption, paper_marker_style

from . import analytic as an
from .experiments import Run, vc_curve

SMALL = 8.5   # the smallest font used (9.7 pt at display size for figures up to 6.7 in wide)


def _plt():
    import matplotlib.pyplot as plt

    return plt


def _legend_below(ax, ncol: int = 1, **kw):
    """A legend under the axes, so it never covers data."""
    return ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.17), ncol=ncol, fontsize=9, **kw)


# ----------------------------------------------------------------------------- chapter 1
def fig1_1(r: Run):
    """The paper's Figure 1.1 (bars, log scale): text exact, the other media under labelled assumptions."""
    from matplotlib.patches import Patch

    page = r.extra["fig1_1"]
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.2))
    names = list(page)
    colours = [PALETTE[0]] + [PALETTE[1]] * (len(names) - 1)
    bars = ax.bar(names, [page[n] for n in names], color=colours, edgecolor="black", lw=0.6)
    for b in bars:
        ax.text(b.get_x() + b.get_width() / 2, b.get_height() * 1.3, f"{b.get_height():,.0f}", ha="center",
                fontsize=SMALL)
    ax.set_yscale("log")
    ax.set_ylabel("bytes to convey one page")
    ax.set_ylim(1e3, 1e9)
    ax.set_title("Bytes for one 66 x 80 character page, by medium")
    _legend_below(ax, ncol=2, handles=[Patch(fc=PALETTE[0], ec="black", label="exact (66 x 80 bytes)"),
                                       Patch(fc=PALETTE[1], ec="black", label="under our assumptions")])
    return fig


def fig1_2():
    """The paper's Figure 1.2 as a schematic: predicting applications before and after the method."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    blank_axes(ax, (-0.03, 1.0))
    for x0, title, after in ((0.0, "Before", False), (0.51, "After", True)):
        ax.text(x0 + 0.24, 0.95, title, ha="center", fontsize=11, weight="bold")
        box(ax, (x0 + 0.0, 0.3), 0.13, 0.56, "Multi-\nmedia\n(future\napps)\n\nA    B", fc="#f3f3f3",
            fontsize=SMALL)
        tool = "quality\nplanning\nmodel" if after else "ad hoc\nestimate\nper app"
        box(ax, (x0 + 0.165, 0.44), 0.115, 0.28, tool, fc="#e3ecf7" if after else "#fbe0d6", fontsize=SMALL)
        for y, app in ((0.78, "A"), (0.38, "B")):
            arrow(ax, (x0 + 0.13, y), (x0 + 0.165, 0.58))
            arrow(ax, (x0 + 0.28, 0.58), (x0 + 0.315, y))
            ax.text(x0 + 0.32, y, f"users of {app}:\nlatency,\njitter, loss", va="center", fontsize=SMALL)
        ax.text(x0 + 0.24, 0.12, "one model, any application" if after else "each application alone",
                ha="center", fontsize=9, style="italic")
    return fig


# ----------------------------------------------------------------------------- chapter 2
def fig2_1():
    """The paper's Figure 2.1 as a schematic: user requirements and system predictions feed the metric."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 2.9))
    blank_axes(ax, (-0.03, 1.03), (-0.03, 1.0))
    box(ax, (0.0, 0.6), 0.26, 0.34, "User requirements:\nacceptable latency,\njitter, data loss")
    box(ax, (0.0, 0.06), 0.26, 0.34, "System (predicted):\nlatency, jitter,\ndata loss")
    box(ax, (0.4, 0.3), 0.3, 0.4, "Quality metric\n$Q = \\sqrt{\\sum_k (c_k/m_k)^2}$", fc="#e3ecf7")
    box(ax, (0.78, 0.3), 0.22, 0.4, "Application\nquality\n(acceptable\nif Q < 1)", fc="#d9f2e3")
    arrow(ax, (0.26, 0.77), (0.4, 0.62), "limits $m_k$", offset=(0.0, 0.05))
    arrow(ax, (0.26, 0.23), (0.4, 0.38), "values $c_k$", offset=(0.0, -0.14))
    arrow(ax, (0.7, 0.5), (0.78, 0.5))
    return fig


def quality_space(limits: dict, point: dict | None = None, extra_points: dict | None = None,
                  extra_q: dict | None = None, title: str = "Application quality space"):
    """The acceptable region as the unit sphere octant in normalised axes (the paper's Figures 2.2 and 7.9).

    ``limits`` and ``point`` map three axis labels to the limit and the operating point's value
    (raw units); ``extra_points`` maps a label to normalised ``(x, y, z)``. The legend sits under
    the plot.
    """
    plt = _plt()
    fig = plt.figure(figsize=(6.4, 5.8))
    ax = fig.add_subplot(projection="3d")
    u, v = np.meshgrid(np.linspace(0, np.pi / 2, 30), np.linspace(0, np.pi / 2, 30))
    ax.plot_surface(np.cos(u) * np.sin(v), np.sin(u) * np.sin(v), np.cos(v), color="#009E73", alpha=0.25,
                    linewidth=0)
    labels = list(limits)

    def axis_label(k):
        return k if limits[k] == 1 else f"{k} / {limits[k]:g}"

    # labelpad: in 3-D the axis labels otherwise sit on the tick labels
    ax.set_xlabel(axis_label(labels[0]), fontsize=9, labelpad=12)
    ax.set_ylabel(axis_label(labels[1]), fontsize=9, labelpad=12)
    ax.set_zlabel(axis_label(labels[2]), fontsize=9, labelpad=8)
    top = 1.3
    if point is not None:
        xyz = [point[k] / limits[k] for k in labels]
        q = qm.quality(xyz)
        ax.scatter(*xyz, color="#D55E00", s=50, depthshade=False,
                   label=f"what-if point, Q = {q:.2f} ({'acceptable' if q < 1 else 'unacceptable'})")
        ax.plot([0, xyz[0]], [0, xyz[1]], [0, xyz[2]], color="#D55E00", ls="--", lw=1)
        top = max(top, *xyz)
    for i, (name, xyz) in enumerate((extra_points or {}).items()):
        q = (extra_q or {}).get(name, qm.quality(xyz))
        ax.scatter(*xyz, s=45, depthshade=False, marker="os^D"[i % 4], label=f"{name}: Q = {q:.2f}")
        top = max(top, *xyz)
    top = min(top * 1.05, 8.0)
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_zlim(0, top)
    ax.set_title(title + "\n(green: acceptable, distance to the origin < 1)", fontsize=10.5)
    entries = (point is not None) + len(extra_points or {})
    if entries:
        fig.legend(loc="lower center", ncol=1, fontsize=9)
        fig.subplots_adjust(bottom=0.02 + 0.04 * entries, top=0.95)
    return fig


def fig2_2(r: Run):
    """The paper's Figure 2.2 regenerated: the three-axis space with the chapter's what-if point."""
    p = r.params
    return quality_space({"latency (ms)": p["latency_limit_ms"], "jitter (%)": p["jitter_limit_pct"],
                          "data loss (%)": p["gaps_limit_pct"]},
                         point={"latency (ms)": p["whatif_latency_ms"], "jitter (%)": p["whatif_jitter_pct"],
                                "data loss (%)": p["whatif_gaps_pct"]},
                         title="Application quality space")


def geometry(r: Run):
    """The audio quality plane: the thesis's circle, the box of the limits, iso-quality curves, the what-if."""
    p = r.params
    lat, gap = p["latency_limit_ms"], p["gaps_limit_pct"]
    wl, wg, norm = p["whatif_latency_ms"], p["whatif_gaps_pct"], p["metric_norm"]
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 5.0))
    t = np.linspace(0, np.pi / 2, 200)
    for qv, ls in ((0.5, ":"), (1.0, "-"), (1.5, ":")):
        ax.plot(lat * qv * np.cos(t), gap * qv * np.sin(t), color="#009E73", ls=ls, lw=1.8 if qv == 1 else 1,
                label="Q = 1 (thesis: Euclidean)" if qv == 1 else ("Q = 0.5 and 1.5" if qv == 0.5 else None))
    ax.fill_between(lat * np.cos(t), gap * np.sin(t), color="#009E73", alpha=0.15)
    ax.plot([0, lat, lat], [gap, gap, 0], color="#555555", ls="--", lw=1, label="box of the limits (max norm)")
    q = r["whatif_quality_2d"]
    ax.plot(wl, wg, "o", color="#D55E00", ms=8, label=f"what-if point: Q = {q:.2f} ({norm})")
    ax.plot([100], [2], **{**paper_marker_style(), "label": "the thesis's Figure 5.21 reading (100 ms, 2 %)"})
    ax.set_xlabel("latency (ms)")
    ax.set_ylabel("audio gaps (% of frames)")
    ax.set_xlim(0, max(1.6 * lat, wl * 1.1))
    ax.set_ylim(0, max(1.6 * gap, wg * 1.1))
    _legend_below(ax, ncol=2)
    ax.set_title("Audioconference quality plane")
    return fig


def fig2_3():
    """The paper's Figure 2.3 as a schematic: insufficient, scarce and abundant resources over time."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.2))
    x = np.linspace(0, 10, 200)
    low, high = 1.0 * 1.35**x, 4.0 * 1.35**x
    ax.fill_between(x, high, 150, color="#D55E00", alpha=0.25, label="insufficient resources")
    ax.fill_between(x, low, high, color="#E69F00", alpha=0.3, label="region of scarce resources")
    ax.fill_between(x, 0.3, low, color="#009E73", alpha=0.25, label="abundant resources")
    for y, name in ((60, "Virtual Cockpit"), (6, "audio, video"), (0.6, "text, graphics")):
        ax.text(0.3, y, name, fontsize=9)
    ax.set_yscale("log")
    ax.set_ylim(0.3, 150)
    ax.set_xlim(0, 10)
    ax.set_xlabel("year (and the capacity increase it brings)")
    ax.set_ylabel("capacity demand (relative)")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.minorticks_off()
    _legend_below(ax, ncol=3)
    ax.set_title("Resources over time (curves illustrative, not data)")
    return fig


TAXONOMY = {
    "Capacity": {"Increase capacity": "better, more or\nspecialised hardware",
                 "Decrease demand": "multicast;\nvoluntary data loss",
                 "Shift demand": "compression;\nclient vs server;\ndead reckoning"},
    "Scheduling": {"Real-time priorities": "Solaris, YARTOS,\nREETHER, RTP",
                   "Playout policies": "buffering, E/I-policy,\nqueue monitoring",
                   "CM file systems": "disk scheduling,\nlayout (Zebra)",
                   "Synchronisation": "interleaved (MPEG),\ntimed (vat)"},
    "Reservation": {"Immediate": "SRP, Yau & Lam,\nST-II",
                    "Advance": "Tenet suite 2"},
}


def fig2_4():
    """The paper's Figure 2.4 as a schematic: three categories, sub-categories and examples (section 2.4)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 5.4))
    blank_axes(ax, (-0.02, 1.02))
    width = 0.32
    for i, (cat, subs) in enumerate(TAXONOMY.items()):
        x = i * (width + 0.02)
        box(ax, (x, 0.9), width, 0.08, cat, fc="#cfe0f1", fontsize=10.5)
        h = 0.86 / len(subs)
        for j, (sub, ex) in enumerate(subs.items()):
            y = 0.86 - (j + 1) * h + 0.015
            box(ax, (x + 0.005, y), width - 0.01, h - 0.03, "", fc="#f7f7f7")
            ax.text(x + width / 2, y + (h - 0.03) * 0.8, sub, ha="center", va="center", fontsize=9, weight="bold")
            ax.text(x + width / 2, y + (h - 0.03) * 0.38, ex, ha="center", va="center", fontsize=SMALL,
                    style="italic")
    return fig


# ----------------------------------------------------------------------------- audio
def _quality_axes(ax, ylabel="predicted quality Q (lower is better)"):
    ax.axhline(1.0, color="black", lw=1.0, ls="-")
    ax.set_ylabel(ylabel)


def fig5_24(r: Run):
    """The paper's Figure 5.24: Q versus SPECint92 (Ethernet fixed) and versus bandwidth (IPX fixed)."""
    A, inp, aset = r.anchors(), r.inputs, r.extra["aset"]
    kappa, n = r["audio_kappa_ms2_per_load"], float(A["fig5_24_users"])
    ipx, eth, anchor = float(A["fig5_24_ipx_specint92"]), float(A["fig5_24_ethernet_Mbit_s"]), float(
        A["fig5_24_specint92_acceptable"])
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.8))
    x = np.geomspace(5, 2000, 120)
    ax.plot(x, [an.audio_quality(kappa, ipx, b, n, inp, aset) for b in x], "-",
            label=f"IPX fixed (SPECint92 {ipx:g}); x: network Mbit/s")
    ax.plot(x, [an.audio_quality(kappa, s, eth, n, inp, aset) for s in x], "--",
            label=f"Ethernet fixed ({eth:g} Mbit/s); x: SPECint92")
    ax.plot([anchor], [1.0], **{**paper_marker_style(), "label": f"thesis: acceptable from SPECint92 {anchor:g}"})
    ax.set_xscale("log")
    ax.set_xlabel("SPECint92 (dashed) or network bandwidth in Mbit/s (solid)")
    ax.set_ylim(0, 3)
    _quality_axes(ax)
    _legend_below(ax, ncol=1)
    ax.set_title(f"Audioconference quality, {n:g} users (reconstruction)")
    label_assumption(ax, "jitter scale calibrated to the SPECint92 = 40 anchor", corner="upper right")
    return fig


def fig5_25(r: Run):
    """The paper's Figure 5.25: Q versus users for the three systems, with the thesis's user anchors."""
    A, inp, aset = r.anchors(), r.inputs, r.extra["aset"]
    kappa = r["audio_kappa_ms2_per_load"]
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.8))
    users = np.arange(2, 151)
    for name, (spec, bw) in r.extra["systems"].items():
        ax.plot(users, [an.audio_quality(kappa, spec, bw, n, inp, aset) for n in users], label=name)
    pm = paper_marker_style()
    ax.plot([A["fig5_25_sparc5_fc_max_users"]], [1.0], **{**pm, "label": "thesis: Sparc 5 + FC up to 30 users"})
    ax.plot([A["fig5_25_alpha_hippi_min_users"]], [1.0], **{**pm, "marker": ">",
                                                           "label": "thesis: Alpha + HIPPI over 70 users"})
    ax.set_xlabel("audioconference users")
    ax.set_ylim(0, 3)
    _quality_axes(ax)
    _legend_below(ax, ncol=2)
    ax.set_title("Audioconference quality versus users (reconstruction)")
    return fig


def fig5_26(r: Run):
    """The paper's Figure 5.26: Q versus background load for each system, plus the real-time IPX."""
    sweep = r.extra["sweep526"]
    n = r.inputs.ass("audio_fig5_26_users")
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.8))
    for name, q in sweep["curves"].items():
        ax.plot(sweep["loads"], q, label=name)
    ax.plot(sweep["loads"], sweep["realtime"], "k-.", label="IPX + Ethernet, real-time priority")
    ax.set_xlabel("background processor load (Unix load average)")
    ax.set_ylim(0, 2.5)
    _quality_axes(ax)
    _legend_below(ax, ncol=2)
    ax.set_title(f"Audioconference quality versus load, {n:g} users (reconstruction)")
    return fig


# ----------------------------------------------------------------------------- flying
FIG6_11_PROCESSORS = (1, 2, 4, 8, 16, 20, 40, 64)


def fig6_11(r: Run):
    """The paper's Figure 6.11: client quality plane (data reduction, client latency) with Indigo 2 clients."""
    fs = r.extra["fs"]
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.8))
    span = fs.max_useful_mbps - fs.min_useful_mbps
    t = np.linspace(0, np.pi / 2, 200)
    ax.plot(span * np.cos(t), fs.latency_limit_ms * np.sin(t), color="#009E73", label="Q = 1 (acceptable inside)")
    ax.fill_between(span * np.cos(t), fs.latency_limit_ms * np.sin(t), color="#009E73", alpha=0.15)
    for k in FIG6_11_PROCESSORS:
        p = an.flying_point(k, 1, True, fs, server_unlimited=True)
        ax.plot(p["reduction_mbps"], p["latency_ms"], "o", color="#0072B2")
        right = p["reduction_mbps"] > 0.6 * span  # a label near the right edge goes left of its point
        ax.annotate(f"{k:g} CPU{'s' if k != 1 else ''}", (p["reduction_mbps"], p["latency_ms"]),
                    textcoords="offset points", xytext=(-6 if right else 6, 2), ha="right" if right else "left",
                    fontsize=SMALL)
    ax.set_yscale("log")
    ax.set_xlabel("data reduction received by the client (Mbit/s below 720)")
    ax.set_ylabel("latency added by the client (ms)")
    ax.set_title("Flying: Indigo 2 clients decompressing JPEG (reconstruction)")
    _legend_below(ax)
    return fig


def fig6_12(r: Run, c_max: int = 12):
    """The paper's Figure 6.12: quality versus clients with and without compression, one panel per client."""
    fs = r.extra["fs"]
    k = r.params["flying_client_processors"]
    options = {"parameter": k, "other reading": r.extra["flying_other_processors"]}
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 4.2), sharey=True)
    clients = np.arange(1, c_max + 1)
    for ax, (label, kk) in zip(axes, options.items(), strict=True):
        for compressed, style in ((False, "o-"), (True, "s--")):
            q = [an.flying_point(kk, c, compressed, fs)["quality"] for c in clients]
            ax.plot(clients, q, style, ms=4, label="compression" if compressed else "no compression")
            sat = an.flying_saturation_clients(compressed, kk, fs)
            if 1 <= sat <= c_max:
                ax.annotate("", xy=(sat, q[sat - 1]), xytext=(sat, q[sat - 1] + 0.25),
                            arrowprops={"arrowstyle": "->", "color": "black"})
        ax.set_xlabel("clients")
        ax.set_title(f"{kk:g}-processor clients ({label})", fontsize=10)
        ax.axhline(1.0, color="black", lw=1)
    axes[0].set_ylabel("predicted quality Q")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=2, fontsize=9)
    fig.subplots_adjust(bottom=0.24)
    return fig


# ----------------------------------------------------------------------------- virtual cockpit
def _vc_soldiers(curves: dict, title: str, ns, anchors: dict | None = None):
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.6, 4.8))
    for label, (q, style) in curves.items():
        ax.plot(ns, q, style, label=label)
    for i, (label, x) in enumerate((anchors or {}).items()):
        ax.plot([x], [1.0], **{**paper_marker_style(), "marker": "os"[i % 2], "label": label})
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_ylim(top=100)   # beyond this the processor has no time left to render at all
    ax.set_xlabel("soldiers")
    _quality_axes(ax)
    _legend_below(ax, ncol=2)
    ax.set_title(title)
    return fig


def fig7_6(r: Run):
    """The paper's Figure 7.6: Indigo 2s on Ethernet at 3 updates/s, with our best and worst cases."""
    x = r.extra
    i2, eth, u = x["i2"], x["eth"], x["u_avg"]
    return _vc_soldiers({"Indigo 2 (prediction)": (vc_curve(r, i2, eth, u), "-"),
                         "best case (Table 7.1 lower 95 % bounds)": (vc_curve(r, i2, eth, u, case="ci95_low"), ":"),
                         "worst case (upper 95 % bounds)": (vc_curve(r, i2, eth, u, case="ci95_high"), "--")},
                        "Indigo 2s on Ethernet, 3 updates/s (reconstruction)", x["vc_ns"],
                        {"thesis: acceptable to about 500 soldiers": r.anchors()["fig7_6_indigo2_max_soldiers"]})


def fig7_7(r: Run):
    """The paper's Figure 7.7: Personal Iris, Indigo 2 and 15 x Indigo 2 with a sufficient network."""
    x, A = r.extra, r.anchors()
    u = x["u_avg"]
    return _vc_soldiers({"Personal Iris": (vc_curve(r, 1.0, 1e9, u), "-"),
                         "Indigo 2": (vc_curve(r, x["i2"], 1e9, u), "-"),
                         "15 x Indigo 2": (vc_curve(r, x["f15"], 1e9, u), "-")},
                        "Three processors, network sufficient (reconstruction)", x["vc_ns"],
                        {"thesis: Indigo 2 about 500": A["fig7_6_indigo2_max_soldiers"],
                         "thesis: 15 x about 7000": A["fig7_7_15x_max_soldiers"]})


def fig7_8(r: Run):
    """The paper's Figure 7.8: 15 x processor at 17 updates/s on Ethernet and ATM."""
    x = r.extra
    return _vc_soldiers({"Ethernet": (vc_curve(r, x["f15"], x["eth"], x["u_max"]), "-"),
                         "ATM": (vc_curve(r, x["f15"], x["atm"], x["u_max"]), "--")},
                        "15 x processor, 17 updates/s (reconstruction)", x["vc_ns"])


def fig7_9(r: Run):
    """The paper's Figure 7.9: the four 100-soldier configurations in normalised (latency, jitter, frame loss)."""
    p79 = r.extra["p79"]
    axes3 = ["latency", "jitter", "frame_loss"]
    jit = 0.01 * r.params["jitter_limit_pct"] * r.extra["vs"].latency_limit_ms
    return quality_space({"latency / 300 ms": 1.0, f"jitter / {jit:g} ms": 1.0, "frame-rate loss": 1.0},
                         extra_points={k: tuple(p["axes"][a] for a in axes3) for k, p in p79.items()},
                         extra_q={k: p["quality"] for k, p in p79.items()},
                         title=f"Four {r.anchors()['fig7_9_soldiers']:.0f}-soldier configurations")
