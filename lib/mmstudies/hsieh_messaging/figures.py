"""Every figure of the chapter: functions returning a matplotlib Figure (no data work here).

Figure widths stay at or below 6.7 in so that text is at least 9 pt at display size.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mmperf.plotting import arrow, blank_axes, box, label_assumption
from mmstudies.hsieh_messaging import analytic

BLUE, ORANGE, GREEN, RED, GREY, PURPLE = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#777777", "#CC79A7"
COLOURS = [BLUE, ORANGE, GREEN, RED, PURPLE, GREY]


def _plt():
    import matplotlib.pyplot as plt

    return plt


def matplotlib_ticker():
    import matplotlib.ticker

    return matplotlib.ticker


def _stamp(fig, text: str) -> None:
    """A labelled-assumption note under the axes (never over the data), short enough to end before the
    figure's right edge: one running to the edge widens the saved figure past the book's 740 px column."""
    fig.text(0.01, 0.005, text, fontsize=9, style="italic", color="#555555", ha="left", va="bottom")


def _legend_below(fig, ax, ncol: int = 3, bottom: float = 0.22) -> None:
    """One legend for the figure, under the axes and above the line :func:`_stamp` may write."""
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=ncol, fontsize=9, frameon=False,
               bbox_to_anchor=(0.5, 0.045))
    fig.subplots_adjust(bottom=bottom)


# ----------------------------------------------------------------------------------------------
# schematics
# ----------------------------------------------------------------------------------------------

def routes_schematic():
    """Figures 2.1-2.3 redrawn: PVM's protocol hierarchy and the Normal and Direct routes."""
    plt = _plt()
    fig, (left, right) = plt.subplots(1, 2, figsize=(6.7, 3.6), gridspec_kw={"width_ratios": [1, 1.35]})
    blank_axes(left, (0, 10), (0, 10))
    left.set_title("Protocol hierarchy (Fig. 2.1)", fontsize=10)
    box(left, (0.3, 8.2), 9.4, 1.3, "PVM task (libpvm)\nand pvmd", fc="#e2f0d9")
    box(left, (0.3, 5.9), 4.4, 1.8, "Fore ATM API\n/ HP LLA", fc="#dbe9f6")
    box(left, (5.3, 5.9), 4.4, 1.8, "BSD sockets:\nTCP, UDP,\nUnix", fc="#fde8d0")
    box(left, (5.3, 3.7), 4.4, 1.7, "IP", fc="#fde8d0")
    box(left, (0.3, 1.0), 9.4, 2.2, "network: ATM (AAL4/5),\nHIPPI, Ethernet", fc="#eeeeee")
    left.text(2.5, 4.4, "bypass", ha="center", fontsize=9, style="italic", color=RED)
    arrow(left, (2.5, 5.9), (2.5, 3.2), colour=RED)
    blank_axes(right, (-0.4, 12.3), (0, 10))
    right.set_title("Normal and Direct routes (Figs. 2.2-2.3)", fontsize=10)
    for y, label in ((6.4, "Normal"), (1.6, "Direct")):
        right.text(0.1, y + 1.9, label, fontsize=10, weight="bold")
    for x, label, fc in ((0.0, "task", "#e2f0d9"), (3.3, "pvmd", "#fde8d0"), (6.6, "pvmd", "#fde8d0"),
                         (9.9, "task", "#e2f0d9")):
        box(right, (x, 6.4), 2.0, 1.2, label, fc=fc)
    for x0, label in ((2.0, "Unix"), (5.3, "UDP"), (8.6, "Unix")):
        arrow(right, (x0, 7.0), (x0 + 1.3, 7.0), label, style="<|-|>", offset=(0, 0.7))
    box(right, (0.0, 1.6), 2.0, 1.2, "task", fc="#e2f0d9")
    box(right, (9.9, 1.6), 2.0, 1.2, "task", fc="#e2f0d9")
    arrow(right, (2.0, 2.2), (9.9, 2.2), "TCP (or ATM API / LLA)", style="<|-|>", offset=(0, 0.3))
    right.text(6.0, 4.6, "host A          host B", ha="center", fontsize=9, color=GREY)
    return fig


def multicast_schematic():
    """Figure 2.4 redrawn: two-phase multicast, serial sends (PVM) or one parallel send (ATM)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 3.3))
    blank_axes(ax, (0, 14), (-1.2, 6))
    box(ax, (0.2, 2.3), 2.6, 1.4, "sender task\n+ its pvmd", fc="#e2f0d9")
    hosts = [("host X: tasks 1-3", 4.7), ("host Y: tasks 4-5", 2.6), ("host Z: tasks 6-9", 0.5)]
    for i, (label, y) in enumerate(hosts):
        box(ax, (9.6, y), 4.2, 0.9, label, fc="#fde8d0")
        arrow(ax, (2.8, 3.0), (9.6, y + 0.45), colour=BLUE)
        ax.text(9.4, y + 0.75, f"send {i + 1}" if i < 2 else "send N", ha="right", va="bottom", fontsize=9,
                color=BLUE)
    ax.text(7.0, -0.9, "Phase I: task-id lists, Phase II: data; each N serial sends in PVM,\n"
            "one simultaneous send through the ATM switch in the re-implementation", ha="center", fontsize=9)
    return fig


def hippi_schematic():
    """Figures 3.1, 3.2, 3.3 and 3.5 redrawn: tunnelling and routing stacks, and the testbed chain."""
    plt = _plt()
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(6.7, 5.2), gridspec_kw={"height_ratios": [1.6, 1]})
    blank_axes(top, (0, 14), (0, 8))
    top.set_title("Tunnelling (Fig. 3.1) and IP routing (Fig. 3.2) stacks", fontsize=10)
    tunnel = ["TCP", "IP", "LLC/SNAP", "HIPPI-LE", "HIPPI-FP", "HIPPI-PH in H-PDU", "AAL5", "ATM"]
    routed = ["IP-PDU", "LLC/SNAP", "AAL5 (one IP PDU)", "ATM", "PHY"]
    for i, layer in enumerate(tunnel):
        box(top, (0.3, 7.0 - i * 0.85), 4.6, 0.7, layer, fc="#dbe9f6" if i >= 5 else "#e2f0d9", size=9)
    top.text(2.6, 0.05, "host data inside H-PDUs (8-byte HB_Header)", ha="center", fontsize=9)
    for i, layer in enumerate(routed):
        box(top, (8.6, 7.0 - i * 1.0), 5.0, 0.8, layer, fc="#fde8d0" if i >= 2 else "#e2f0d9", size=9)
    top.text(11.1, 1.3, "router: store and forward,\nfragments to the ATM MTU", ha="center", fontsize=9)
    blank_axes(bottom, (0, 14), (0, 4))
    bottom.set_title("The testbed (Figs. 3.3 and 3.5)", fontsize=10)
    chain = ["SGI\nChallenge", "Giga-\nRouter", "HP BSTS\n(analyser)", "Giga-\nRouter", "SGI\nChallenge"]
    xs = [0.1, 3.0, 5.9, 8.8, 11.7]
    for x, label in zip(xs, chain, strict=True):
        box(bottom, (x, 1.2), 2.2, 1.6, label, fc="#eeeeee", size=9)
    for x0, x1, label in ((2.3, 3.0, "HIPPI"), (5.2, 5.9, "OC-3"), (8.1, 8.8, "OC-3"), (11.0, 11.7, "HIPPI")):
        arrow(bottom, (x0, 2.0), (x1, 2.0), label, style="<|-|>", offset=(0, 0.9), fontsize=9)
    bottom.text(1.2, 0.5, "UMN EE/CS", ha="center", fontsize=9)
    bottom.text(12.8, 0.5, "MSCI", ha="center", fontsize=9)
    bottom.text(7.0, 0.5, "US WEST COMPASS Lab", ha="center", fontsize=9)
    return fig


# ----------------------------------------------------------------------------------------------
# Chapter 2 curves
# ----------------------------------------------------------------------------------------------

def _sizes(lo=4, hi=24):
    return 2.0 ** np.linspace(lo, hi, 200)


def table_curves(hockney: pd.DataFrame, tables: tuple[str, ...], unit: str, ncols: int = 2):
    """Hockney throughput curves of every row of the given tables, with the table's n_1/2 marked.

    Solid: the Hockney form from (t0, r_max); the marker: the table's n_1/2 at r_max/2, where the
    measured curve passed; the cross: the Hockney curve's own n_1/2.
    """
    plt = _plt()
    groups = [(t, mode) for t in tables for mode in ("Normal", "Direct")
              if ((hockney["table"] == t) & (hockney["mode"] == mode)).any()]
    if tables == ("2.2", "2.3"):
        groups = [("2.2", "Normal"), ("2.3", "Direct")]
    nrows = int(np.ceil(len(groups) / ncols))
    fig, axes = plt.subplots(nrows, ncols, figsize=(6.7, 2.9 * nrows), squeeze=False)
    m = _sizes()
    for ax, (t, mode) in zip(axes.flat, groups, strict=False):
        rows = hockney[(hockney["table"] == t) & (hockney["mode"] == mode)]
        unit = rows["r_unit"].iloc[0]
        for colour, (_, row) in zip(COLOURS, rows.iterrows(), strict=False):
            scale = row["r_max"] / row["r_Bps"]      # plot in the table's own unit
            a = row["a_us"] * 1e-6
            thr = analytic.echo_throughput(m, analytic.hockney_rtt(m, a, row["r_Bps"])) * scale
            ax.plot(m, thr, color=colour, label=row["platform"])
            ax.plot(row["n_half_bytes"], row["r_Bps"] * scale / 2, "o", color=colour, mfc="white", ms=6)
            ax.plot(row["n_half_hockney"], row["r_Bps"] * scale / 2, "x", color=colour, ms=6)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("message size (byte)")
        ax.set_ylabel(f"throughput ({unit})")
        ax.set_title(f"Table {t}, {mode} route", fontsize=10)
        ax.legend(loc="lower right", fontsize=9, frameon=True)
        ax.set_xlim(2 ** 3, 2 ** 30)     # room on the right for the legend, clear of the curves' rise
        ax.set_xticks([2 ** 4, 2 ** 10, 2 ** 16, 2 ** 22], ["16", "1K", "64K", "4M"])
    for ax in list(axes.flat)[len(groups):]:
        ax.set_visible(False)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    _stamp(fig, "Hockney curves from each table row's t0 and r_max, not the measured curves")
    return fig


def table_round_trips(hockney: pd.DataFrame):
    """Figures 2.8, 2.10 and 2.12 reconstructed: round trip against message size for every row of Tables 2.5
    (Ethernet) and 2.6 (HIPPI, with the un-tuned 4 KB and tuned 48 KB PVM/LLA rows of Figure 2.12), both
    routes, from the Hockney form ``a + 2M/r`` with ``a = t0 - 32/r``; the circle is each row's t0 at 16 bytes.
    """
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.6), sharey=True)
    m = _sizes(4, 22)
    styles = {"Normal": "--", "Direct": "-"}
    for ax, t, title in ((axes[0], "2.5", "Table 2.5: Ethernet (Fig. 2.8)"),
                         (axes[1], "2.6", "Table 2.6: HIPPI (Figs. 2.10, 2.12)")):
        rows = hockney[hockney["table"] == t]
        platforms = list(dict.fromkeys(rows["platform"]))
        for colour, platform in zip(COLOURS, platforms, strict=False):
            for _, row in rows[rows["platform"] == platform].iterrows():
                rtt_ms = analytic.hockney_rtt(m, row["a_us"] * 1e-6, row["r_Bps"]) * 1e3
                ax.plot(m, rtt_ms, styles[row["mode"]], color=colour,
                        label=f"{platform}, {row['mode']}")
                ax.plot(16, row["t0_us"] / 1e3, "o", color=colour, mfc="white", ms=5)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks([2 ** 4, 2 ** 10, 2 ** 16, 2 ** 22], ["16", "1K", "64K", "4M"])
        ax.set_xlabel("message size (byte)")
        ax.set_title(title, fontsize=10)
        ax.legend(loc="upper left", fontsize=8, frameon=True)
    axes[0].set_ylabel("round trip (ms)")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    _stamp(fig, "Hockney round trips from each row's t0 and r_max (circles: t0); the measured curves are lost")
    return fig


def ip_routing_throughput(rtt_ms: float, r_MBps: float, tunnel_rtt_ms: float, tunnel_r_MBps: float):
    """Figure 3.17 reconstructed: TCP throughput over IP routing against message size, 1 KB-64 KB (left) and
    64 KB-2 MB (right), as the Hockney curve through the quoted short-message round trip and 2 MB throughput,
    beside the tunnel's curve built the same way; the quoted 2 MB values are marked."""
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.4))
    for ax, (lo, hi) in zip(axes, ((10, 16), (16, 21)), strict=True):
        m = 2.0 ** np.linspace(lo, hi, 120)
        for colour, label, rtt, r in ((BLUE, "IP routing", rtt_ms, r_MBps),
                                      (ORANGE, "tunnelling", tunnel_rtt_ms, tunnel_r_MBps)):
            thr = analytic.echo_throughput(m, analytic.hockney_rtt(m, rtt * 1e-3, r * analytic.MEBI)) / analytic.MEBI
            ax.plot(m, thr, color=colour, label=label)
            if hi == 21:
                ax.plot(2 * 2 ** 20, r, "o", color=colour, mfc="white", ms=7)
        ax.set_xscale("log", base=2)
        ticks = [2 ** k for k in range(lo, hi + 1, 2)]
        ax.set_xticks(ticks, [f"{t // 1024}K" if t < 2 ** 20 else f"{t // 2 ** 20}M" for t in ticks])
        ax.set_xlabel("message size (byte)")
    axes[0].set_ylabel("throughput (MByte/s, 2^20)")
    axes[1].legend(loc="lower right", fontsize=9, frameon=True)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    _stamp(fig, "Hockney curves through the quoted round trip and 2 MB throughput (circles), not the measured ones")
    return fig


def hockney_ratio(hockney: pd.DataFrame, rel: float):
    """Table n_1/2 over the Hockney prediction for every row, with the tolerance band."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 4.4))
    df = hockney.reset_index(drop=True)
    y = np.arange(len(df))[::-1]
    colours = {"ATM": RED, "Ethernet": BLUE, "HIPPI": GREEN}
    ax.axvspan(1 / (1 + rel), 1 + rel, color="#dddddd", alpha=0.6, lw=0)
    ax.axvline(1.0, color=GREY, lw=1)
    ax.scatter(df["ratio"], y, c=[colours[n] for n in df["network"]], s=40, zorder=3)
    ax.set_yticks(y, [f"T{t} {m[0]} {p}" for t, m, p in zip(df["table"], df["mode"], df["platform"], strict=True)],
                  fontsize=9)
    ax.set_xlabel("table n_1/2 / Hockney n_1/2 = a r / 2")
    ax.set_xscale("log", base=2)
    ax.set_xlim(0.5, 4)
    ax.set_xticks([0.5, 0.8, 1, 1.25, 2, 3, 4], ["0.5", "0.8", "1", "1.25", "2", "3", "4"])
    ax.xaxis.set_minor_locator(matplotlib_ticker().NullLocator())
    for net, c in colours.items():
        ax.scatter([], [], c=c, label=net)
    ax.legend(loc="lower right", frameon=True, fontsize=9)
    fig.tight_layout()
    return fig


def synthetic_fit(data: pd.DataFrame, fits: dict, truth: dict, row: dict, method: str):
    """Synthetic throughput points, the true curve and each fit's curve; residuals of the chosen fit."""
    plt = _plt()
    fig, (ax, res) = plt.subplots(2, 1, figsize=(6.7, 5.0), sharex=True, gridspec_kw={"height_ratios": [2.2, 1]})
    scale = 8e-6
    ax.plot(data["m_bytes"], data["throughput_Bps"] * scale, ".", color=GREY, ms=3, alpha=0.5,
            label="synthetic echoes")
    m = np.geomspace(data["m_bytes"].min(), data["m_bytes"].max(), 200)
    ax.plot(m, analytic.echo_throughput(m, analytic.hockney_rtt(m, truth["a_s"], truth["r_Bps"])) * scale,
            color="black", lw=2.5, alpha=0.35, label="generator")
    for colour, (name, f) in zip((BLUE, ORANGE, GREEN), fits.items(), strict=True):
        ax.plot(m, analytic.echo_throughput(m, analytic.hockney_rtt(m, f["a_s"], f["r_Bps"])) * scale,
                color=colour, lw=1.2, ls="--" if name != method else "-", label=f"{name.upper()} fit")
    ax.axhline(row["r_Bps"] * scale / 2, color=RED, lw=0.8, ls=":")
    ax.plot(row["n_half_bytes"], row["r_Bps"] * scale / 2, "o", mfc="white", color=RED, label="table n_1/2")
    ax.set_xscale("log", base=2)
    ax.set_ylabel("throughput (Mbit/s)")
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    label_assumption(ax, "synthetic data from a generator calibrated to the table", corner="lower right")
    f = fits[method]
    fitted = f["a_s"] + 2 * data["m_bytes"] / f["r_Bps"]
    res.plot(data["m_bytes"], 100 * (data["rtt_s"] / fitted - 1), ".", color=BLUE, ms=3, alpha=0.5)
    res.axhline(0, color=GREY, lw=1)
    res.set_ylabel(f"{method.upper()}\nresidual (%)")
    res.set_xlabel("message size (byte)")
    fig.tight_layout()
    return fig


def recovery(rec: pd.DataFrame):
    """z-scores (estimate - truth) / SE of every fit method over the recovery data sets."""
    import seaborn as sns

    plt = _plt()
    long = pd.concat([rec.assign(parameter="intercept a", z=rec["z_a"]),
                      rec.assign(parameter="rate r", z=rec["z_r"])], ignore_index=True)
    long["method"] = long["method"].str.upper()
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    ax.axhspan(-1.96, 1.96, color="#dddddd", alpha=0.6, lw=0)
    # seaborn jitters the points with NumPy's global generator: seeded here (and put back afterwards), the
    # figure is the same on every run instead of depending on whatever drew random numbers before it
    state = np.random.get_state()  # noqa: NPY002 - the legacy global generator is the one seaborn uses
    np.random.seed(0)  # noqa: NPY002
    try:
        sns.stripplot(data=long, x="method", y="z", hue="parameter", dodge=True, ax=ax, size=3.5, alpha=0.7,
                      palette=[BLUE, ORANGE])
    finally:
        np.random.set_state(state)  # noqa: NPY002
    ax.set_ylabel("(estimate - truth) / SE")
    ax.set_xlabel("")
    ax.set_yscale("symlog", linthresh=3)
    ax.legend(loc="upper left", frameon=True, fontsize=9, bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    return fig


def multicast(m: dict):
    """The 64 KB points, the OLS line, Eq. 2.2's two lines; the gain curve."""
    plt = _plt()
    fig, (ax, gx) = plt.subplots(1, 2, figsize=(6.7, 3.3))
    pts = m["points"]
    n = np.arange(1, 11)
    ax.plot(pts["remote_hosts"], pts["time_64kb_ms"], "o", color="black", label="thesis, 64 KB (text)")
    ax.plot(n, m["ols_const"] + m["ols_slope"] * n, color=BLUE, label="least squares")
    ax.plot(n, m["num"][0] + m["num"][1] * n, color=RED, ls="--", label="Eq. 2.2 numerator")
    ax.plot(n, m["den"][0] + m["den"][1] * n, color=GREEN, ls="-.", label="Eq. 2.2 denominator")
    ax.set_xlabel("remote receiving hosts n")
    ax.set_ylabel("multicast time (ms)")
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    gx.plot(m["ns"], m["gain"], "o-", color=PURPLE, ms=4)
    gx.axhline(1, color=GREY, lw=0.8)
    gx.set_xlabel("remote receiving hosts n")
    gx.set_ylabel("gain factor, Eq. 2.2")
    fig.tight_layout()
    return fig


def routes(echo: pd.DataFrame, pair: tuple[str, str]):
    """Round trips on both routes: the equal-hop tandem in Ciw against the table rows' Hockney lines."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 3.6))
    for route, colour in (("normal", RED), ("direct", BLUE)):
        d = echo[echo["route"] == route]
        ax.plot(d["m_bytes"], d["rtt_table_s"] * 1e3, color=colour, lw=1.2, label=f"{route}: table row (Hockney)")
        ax.errorbar(d["m_bytes"], d["rtt_sim_s"] * 1e3, yerr=d["ci_half_width"] * 1e3, fmt="o", color=colour,
                    mfc="white", label=f"{route}: Ciw equal-hop tandem")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("message size (byte)")
    ax.set_ylabel("round trip (ms)")
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    fig.tight_layout()
    return fig


# ----------------------------------------------------------------------------------------------
# Chapter 3
# ----------------------------------------------------------------------------------------------

def overhead(o: dict, accounting: str):
    """Figure 3.4: utilisation against MTU for IP routing (both accountings) and the tunnel lines."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 3.8))
    c = o["curves"]
    other = [a for a in analytic.ACCOUNTINGS if a != accounting][0]
    ax.plot(c["mtu"], c[accounting], color=BLUE, lw=1.2, label=f"IP routing ({accounting.replace('_', ' ')})")
    ax.plot(c["mtu"], c[other], color=GREY, lw=0.9, ls="--", label=f"IP routing ({other.replace('_', ' ')})")
    ax.axhline(o["u_2056"], color=RED, label="tunnelling, 2056-byte H-PDU")
    ax.axhline(o["u_1032"], color=ORANGE, ls="-.", label="tunnelling, 1032-byte H-PDU")
    first = o["crossover"][accounting][0]
    if np.isfinite(first):
        ax.axvline(first, color=BLUE, lw=0.8, ls=":")
    ax.set_xscale("log", base=2)
    ax.set_ylim(max(0.8, float(c[accounting].min()) - 0.01), 1.0)
    ax.set_xlabel("MTU of the IP router (byte)")
    ax.set_ylabel("channel utilisation")
    ax.legend(loc="lower right", fontsize=9, frameon=True)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    _stamp(fig, "IP fragments: the text's reading (line 926); TCP per packet: a what-if; headers not printed")
    return fig


def chapter3_curves(ch3: pd.DataFrame):
    """Hockney curves of Chapter 3 from two quoted numbers each, with every quoted point."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.7, 3.8))
    m = 2.0 ** np.linspace(5, 24, 200)
    for colour, (case, d) in zip((BLUE, ORANGE, GREEN), ch3.groupby("case", sort=False), strict=False):
        r = d["r_inf_MBps"].iloc[0] * analytic.MEBI
        a = d["rtt_ms"].iloc[0] * 1e-3
        ax.plot(m, analytic.echo_throughput(m, analytic.hockney_rtt(m, a, r)) / analytic.MEBI, color=colour,
                label=case)
        for _, row in d.iterrows():
            marker = "^" if row["relation"] == "more than" else "o"
            ax.plot(row["m_bytes"], row["paper_MBps"], marker, color=colour, mfc="white", ms=7)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("message size (byte)")
    ax.set_ylabel("throughput (MByte/s, 2^20)")
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    _stamp(fig, "lines: Hockney from the quoted RTT and top throughput; marks: quoted (triangles: 'more than')")
    return fig


def windows(w: dict):
    """Window caps: the thesis's, naive W/RTT_short, W/fitted RTT_eff, and the simulated sender."""
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 4.0), sharey=True)
    caps = w["caps"]
    ws = np.geomspace(16, 1024, 100)
    for ax, (name, key) in zip(axes, (("HIPPI LAN", "lan"), ("HIPPI tunnelling", "tunnel")), strict=True):
        d = caps[caps["network"] == name]
        rtt_short = d["window_kb"].iloc[0] * 1024 / (d["naive_MBps"].iloc[0] * analytic.MEBI) * 1e3
        ax.plot(ws, [analytic.window_cap_MBps(x, rtt_short) for x in ws], color=GREY, ls="--", label="W / RTT_short")
        ax.plot(ws, [analytic.window_cap_MBps(x, w["fits"][key]["rtt_eff_ms"]) for x in ws], color=BLUE,
                label="W / RTT_eff (fitted)")
        ax.plot(d["window_kb"], d["cap_paper_MBps"], "o", color="black", label="thesis caps")
        if key == "tunnel":
            ax.axhline(w["ceiling_MBps"], color=RED, lw=1, label="tunnel ceiling")
            ax.plot(w["sim_windows"], w["sim_MBps"], "s", color=GREEN, mfc="white", label="window sender (sim.)")
        ax.set_xscale("log", base=2)
        ax.set_ylim(0, 60)
        ax.set_xlabel("TCP window (KByte)")
        ax.set_title(name, fontsize=10)
    axes[0].set_ylabel("throughput cap (MByte/s)")
    fig.tight_layout(rect=(0, 0.16, 1, 1))
    _legend_below(fig, axes[1], ncol=3, bottom=0.3)
    return fig


def tcp_trace(trace: dict):
    """Figure 3.15 illustrated: sequence and acknowledgement numbers against time, two windows."""
    plt = _plt()
    keys = [64.0, 512.0]
    fig, axes = plt.subplots(2, 1, figsize=(6.7, 5.0), sharex=True)
    for ax, k in zip(axes, keys, strict=True):
        tr = trace[k]
        for kind, colour, marker in (("seq", BLUE, "o"), ("ack", ORANGE, "s")):
            d = tr[tr["kind"] == kind]
            ax.plot(d["time_s"] * 1e3, d["number"] / 2 ** 20, marker, color=colour, ms=3,
                    label="sequence number" if kind == "seq" else "acknowledgement number")
        ax.set_ylabel("MByte")
        ax.set_title(f"window {k:.0f} KByte", fontsize=10)
    axes[-1].set_xlabel("time (ms)")
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    _legend_below(fig, axes[0], ncol=2, bottom=0.2)
    _stamp(fig, "illustrative model, not the analyser trace")
    return fig


#: The alternative text of every figure of the chapter, by the figure's name on the page.
ALT = {
    "fig-hsieh-messaging-routes-schematic":
        "Left: PVM's protocol stack with the ATM API or LLA bypassing the sockets and IP. Right: the "
        "Normal route task-pvmd-pvmd-task over Unix, UDP and Unix sockets, and the Direct route task-task.",
    "fig-hsieh-messaging-multicast-schematic":
        "A sender and its pvmd sending to three hosts X, Y and Z: N serial sends in PVM, one parallel "
        "send through the ATM switch in the re-implementation.",
    "fig-hsieh-messaging-hockney-ratio":
        "Dot plot: for each of the 18 table rows the ratio of the tabulated n_1/2 to the Hockney "
        "prediction a r / 2; ATM rows lie between 2 and 3.3, Ethernet rows near 1, HIPPI rows 0.6-1.7.",
    "fig-hsieh-messaging-atm-curves":
        "Two panels of Hockney throughput curves against message size for the four ATM and Ethernet "
        "platforms, Normal and Direct route, with the tabulated n_1/2 far to the right of the curves' own.",
    "fig-hsieh-messaging-lla-curves":
        "Four panels of Hockney throughput curves for PVM and PVM/LLA over Ethernet and HIPPI, Normal "
        "and Direct route, with tabulated and predicted n_1/2 marked.",
    "fig-hsieh-messaging-lla-rtt":
        "Two panels of round trip against message size on log axes: PVM and PVM/LLA over Ethernet (Table 2.5) "
        "and PVM, un-tuned and tuned PVM/LLA over HIPPI (Table 2.6), Normal dashed and Direct solid, t0 circled.",
    "fig-hsieh-messaging-ip-routing":
        "Two panels of TCP throughput against message size, 1 KB to 64 KB and 64 KB to 2 MB: Hockney curves for "
        "IP routing and for tunnelling, nearly equal, with the quoted 2 MB values circled.",
    "fig-hsieh-messaging-synthetic":
        "Synthetic echo throughput against message size with the generator curve and the OLS, WLS and RLM "
        "fits, and below them the chosen fit's relative residuals.",
    "fig-hsieh-messaging-recovery":
        "Strip plot of z-scores (estimate minus truth over standard error) for the intercept and the rate "
        "under OLS, WLS and RLM over many synthetic data sets; WLS stays within plus or minus 1.96.",
    "fig-hsieh-messaging-routes":
        "Round trip against message size on log axes for the Normal and Direct routes: lines from the table "
        "rows, open circles from the Ciw equal-hop tandem; the Direct points lie on their line by design.",
    "fig-hsieh-messaging-multicast":
        "Left: the five quoted 64 KB multicast times against hosts with the least-squares line and the two "
        "lines of Eq. 2.2. Right: the gain factor of Eq. 2.2 rising from about 1 at one host to 3.2 at ten.",
    "fig-hsieh-messaging-hippi-schematic":
        "Top: the tunnelling stack TCP, IP, LLC/SNAP, HIPPI-LE, HIPPI-FP, HIPPI-PH in H-PDUs, AAL5, ATM and "
        "the IP-routing stack. Bottom: SGI Challenge, GigaRouter, HP BSTS analyser, GigaRouter, SGI Challenge.",
    "fig-hsieh-messaging-overhead":
        "Channel utilisation against MTU on a log axis: the IP-routing sawtooth rising towards 1 under two "
        "header accountings, and two horizontal tunnelling lines for 1032- and 2056-byte H-PDUs.",
    "fig-hsieh-messaging-ch3-curves":
        "Throughput against message size: Hockney curves for HIPPI-FP and TCP on the LAN and TCP over the "
        "tunnel, with the quoted values as circles and lower bounds as triangles.",
    "fig-hsieh-messaging-windows":
        "Two panels of throughput cap against TCP window: the naive W over short RTT line far above the "
        "thesis's caps, the fitted W over RTT_eff line through them, and for the tunnel its ceiling and the "
        "simulated sender.",
    "fig-hsieh-messaging-tcp-trace":
        "Sequence and acknowledgement numbers against time for a 1 MB echo repeated twice, with a 64 KB "
        "window (slow steps) and a 512 KB window (fast rise).",
}
