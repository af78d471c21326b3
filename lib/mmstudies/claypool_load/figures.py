"""Every figure of the claypool-load chapter: functions of a :class:`~.experiments.Run` returning a Figure."""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np

from mmperf.plotting import arrow, blank_axes, box, label_assumption

from . import analytic as an
from .experiments import PARTICIPANTS, Run

BLUE, ORANGE, GREEN, RED, GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#555555"


def _chain(ax, labels, y=0.5, h=0.28):
    n = len(labels)
    w = 0.9 / n
    blank_axes(ax)
    for i, text in enumerate(labels):
        x = 0.05 + i * (0.9 / n)
        box(ax, (x, y - h / 2), w * 0.85, h, text, size=9)
        if i:
            arrow(ax, (x - w * 0.15, y), (x, y))


def method() -> plt.Figure:
    """Figures 4.1 and 4.3 of the thesis redrawn: the planning method and the planning model."""
    fig, axes = plt.subplots(2, 1, figsize=(6.7, 3.4))
    _chain(axes[0], ["application", "model", "micro\nexperiments", "macro\nexperiments", "predictions"])
    axes[0].set_title("the method (section 4.1)")
    _chain(axes[1], ["users", "apps", "user\nreq.", "system\nreq.", "archi-\ntecture", "hard-\nware", "quality"])
    axes[1].set_title("the model (section 4.3)")
    return fig


def counter(r: Run) -> plt.Figure:
    """Figure 4.4 as columns and Figure 4.5's prediction curve with the caption's 8 % band."""
    inp = r.inputs
    fig, (a, b) = plt.subplots(1, 2, figsize=(6.7, 3.2))
    vals = [inp.v("text_bare_Mcount_per_s"), inp.v("text_two_counters_Mcount_per_s"),
            inp.v("text_two_counters_Mcount_per_s"), inp.v("text_send_Mcount_per_s")]
    a.bar(range(4), vals, color=[BLUE, ORANGE, ORANGE, GREEN])
    a.set_xticks(range(4), ["bare", "counter\n1", "counter\n2", "with\nsend"])  # two lines: room at 390 px
    a.set_ylabel("million counts per second")
    a.set_title("counter columns (section 4.5)")
    n = np.arange(0, 5)
    pred = [an.counter_prediction(r["bare_ipx_per_s"], int(k)) for k in n]
    b.plot(n, np.array(pred) / 1e6, "o-", color=BLUE, label="bare/(N+1)")
    frac = inp.v("fig4_5_largest_ci_pct") / 100
    b.fill_between(n, np.array(pred) / 1e6 * (1 - frac), np.array(pred) / 1e6 * (1 + frac), color=BLUE, alpha=0.15,
                   label="largest interval")
    b.set_xlabel("other counters N")
    b.set_ylabel("count per second (million)")
    b.set_title("prediction, IPX")
    b.legend(loc="upper right")
    fig.tight_layout()
    return fig


def ciw(r: Run) -> plt.Figure:
    """Ciw counters: reported load against the component's true load, with the analytic shares."""
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    k = int(r.params["counter_other_counters"])
    u = np.linspace(0, 1, 101)
    ax.plot(u, u, color=GREY, ls="--", label="true load (component higher priority)")
    ax.plot(u, np.minimum(u, 1 / (k + 1)), color=BLUE, label="analytic, one process")
    ax.plot(u, 0 * u, color=RED, ls=":", label="component lower priority")
    for comp, colour, marker in (("one process", BLUE, "o"), ("one process per job", ORANGE, "s")):
        rows = [s for s in r.extra["ciw"] if s["component"] == comp]
        ax.errorbar([s["u"] for s in rows], [s["mean"] for s in rows], yerr=[s["ci"] for s in rows], fmt=marker,
                    color=colour, capsize=3, label=f"Ciw, {comp}")
    ax.set_xlabel("true component load u")
    ax.set_ylabel("load the counter reports")
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.05, 1.0)
    ax.legend(loc="upper left", fontsize=8.5, frameon=False)
    return fig


def model5_1() -> plt.Figure:
    """Figure 5.1 redrawn."""
    fig, ax = plt.subplots(figsize=(6.7, 1.6))
    _chain(ax, ["record", "silence\ndeletion", "send", "receive", "mix", "play\n(write)"])
    return fig


def deletion_algorithms(seed: int = 1) -> plt.Figure:
    """Figures 5.2-5.5 on a synthetic energy trace (labelled; no parameter is in the seed)."""
    rng = np.random.default_rng(seed)
    t = np.arange(400)
    speech = (np.sin(t / 25) > 0.2).astype(float)
    energy = np.abs(rng.normal(0, 0.15, t.size)) + speech * np.abs(rng.normal(1.0, 0.4, t.size))
    fig, axes = plt.subplots(2, 2, figsize=(6.7, 4.4), sharex=True)
    thr = 0.5
    ax = axes[0, 0]
    ax.plot(t, energy, color=GREY, lw=0.8)
    ax.axhline(thr, color=RED)
    ax.set_title("Absolute: energy vs threshold")
    cnt, c = [], 20
    for e in energy:
        c = 20 if e > thr else max(c - 1, 0)
        cnt.append(c)
    axes[0, 1].plot(t, cnt, color=BLUE)
    axes[0, 1].set_title("Ham: counter reset by sound")
    ew, acc = [], 0.0
    for e in energy:
        acc = 0.9 * acc + 0.1 * e
        ew.append(acc)
    axes[1, 0].plot(t, ew, color=GREEN)
    axes[1, 0].axhline(thr, color=RED)
    axes[1, 0].set_title("Exponential: weighted energy")
    diff = np.abs(np.diff(energy, prepend=energy[0]))
    axes[1, 1].plot(t, diff, color=ORANGE, lw=0.8)
    axes[1, 1].axhline(0.3, color=RED)
    axes[1, 1].set_title("Differential: energy change")
    for a in axes[1]:
        a.set_xlabel("byte")
    label_assumption(axes[0, 0], "synthetic trace")
    fig.tight_layout()
    return fig


def fig5_6(r: Run) -> plt.Figure:
    """Processor time to run each deletion algorithm over 300 s of sound (Table 5.2 per-byte costs)."""
    fig, ax = plt.subplots(figsize=(6.0, 3.2))
    t52 = r.inputs.table5_2.set_index("operation")
    nbytes = 300 * r.inputs.v("audio_rate_Bps")
    x = np.arange(len(an.ALGORITHMS))
    for j, (m, colour) in enumerate((("SLC", ORANGE), ("IPX", BLUE))):
        ax.bar(x + 0.38 * j, [t52.loc[a, f"{m}_per_byte_ms"] * nbytes / 1000 for a in an.ALGORITHMS], 0.38,
               color=colour, label=m)
    ax.set_xticks(x + 0.19, an.ALGORITHMS)
    ax.set_ylabel("processor s per 300 s of sound")
    ax.legend(loc="upper left")
    return fig


def _stack(ax, costs, base, silence, order):
    Ns = list(PARTICIPANTS)
    comps = [an.audio_components(costs, base.but(participants=n, silence=silence)) for n in Ns]
    bottom = np.zeros(len(Ns))
    for name in order:
        v = np.array([c.get(name, 0.0) for c in comps])
        ax.fill_between(Ns, bottom, bottom + v, label=name, alpha=0.8)
        bottom = bottom + v
    ax.set_xlabel("participants")
    ax.set_ylabel("processor s per 200 s")


def fig5_7_8(r: Run) -> plt.Figure:
    fig, (a, b) = plt.subplots(1, 2, figsize=(6.7, 3.4), sharey=True)
    _stack(a, r.extra["costs"], r.extra["base"], False, ["record", "send", "receive", "mix", "play"])
    a.set_title("without deletion")
    _stack(b, r.extra["costs"], r.extra["base"], True, ["record", "deletion", "send", "receive", "play"])
    b.set_title("with deletion")
    a.legend(loc="upper left", fontsize=8.5, frameon=False)
    b.legend(loc="upper left", fontsize=8.5, frameon=False)
    fig.tight_layout()
    return fig


def _totals(ax, costs, base, variants, styles):
    Ns = list(PARTICIPANTS)
    for (label, kw), (colour, ls) in zip(variants, styles, strict=True):
        ax.plot(Ns, [an.audio_load(costs, base.but(participants=n, **kw)) for n in Ns], color=colour, ls=ls,
                label=label)
    ax.set_xlabel("participants")
    ax.set_ylabel("processor s per 200 s")
    ax.legend(loc="upper left", fontsize=8.5, frameon=False)


def fig5_9_10(r: Run) -> plt.Figure:
    c, b = r.extra["costs"], r.extra["base"]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(6.7, 3.4))
    _totals(a1, c, b, [("no deletion", {"silence": False}), ("deletion", {})], [(RED, "-"), (BLUE, "-")])
    fs = 100 * r.extra["fig5_10_f"]
    for (n, (sd, no)), colour in zip(r.extra["fig5_10"].items(), (RED, GREEN, BLUE), strict=True):
        a2.plot(fs, sd, color=colour, label=f"N = {n}")
        a2.axhline(no, color=colour, ls="--")
    a2.set_xlabel("packets removed (%)")
    a2.set_ylabel("processor s per 200 s")
    a2.legend(loc="upper right", fontsize=8.5, frameon=False)
    fig.tight_layout()
    return fig


def fig5_11_13(r: Run) -> plt.Figure:
    c, b = r.extra["costs"], r.extra["base"]
    fig, axes = plt.subplots(1, 3, figsize=(6.7, 3.2))
    s = np.array([1, 2, 4, 8, 16])
    n6 = b.but(participants=int(r.inputs.v("fig5_11_n")))
    axes[0].plot(s, [an.audio_load(c, n6.but(silence=False, cpu_speedup=float(x))) for x in s], color=RED,
                 label="no deletion")
    axes[0].plot(s, [an.audio_load(c, n6.but(cpu_speedup=float(x))) for x in s], color=BLUE, label="deletion")
    axes[0].set_xscale("log", base=2)
    axes[0].set_xlabel("processor speed-up")
    axes[0].set_ylabel("processor s per 200 s")
    axes[0].legend(loc="upper right", fontsize=8.5, frameon=False)
    _totals(axes[1], c, b, [("no del.", {"silence": False}), ("no del., 8x", {"silence": False, "protocol_speedup": 8.0}),
                            ("del.", {}), ("del., 8x", {"protocol_speedup": 8.0})],
            [(RED, "-"), (RED, ":"), (BLUE, "-"), (BLUE, ":")])
    _totals(axes[2], c, b, [("no del.", {"silence": False}), ("no del., mc", {"silence": False, "multicast": True}),
                            ("del.", {}), ("del., mc", {"multicast": True})],
            [(RED, "-"), (RED, ":"), (BLUE, "-"), (BLUE, ":")])
    axes[1].set_ylabel("")
    axes[2].set_ylabel("")
    fig.tight_layout()
    return fig


def fig5_14_17(r: Run) -> plt.Figure:
    c, b = r.extra["costs"], r.extra["base"]
    rho = float(r.params["compression_ratio"])
    fig, axes = plt.subplots(2, 2, figsize=(6.7, 5.4))
    _totals(axes[0, 0], c, b, [("deletion", {})] + [(f"{int(100 * x)} % compr.", {"silence": False,
                                                                                    "compression_ratio": x})
                                                   for x in (0.3, 0.7, 0.9)],
            [(BLUE, "-"), (ORANGE, "-"), (RED, "--"), (GREEN, ":")])
    _totals(axes[0, 1], c, b, [("no deletion", {"silence": False}), ("software", {}), ("DSP, user call",
                                                                                      {"dsp_silence": "user"}),
                               ("DSP, kernel", {"dsp_silence": "kernel"})],
            [(RED, "-"), (BLUE, "-"), (GREEN, "--"), (ORANGE, ":")])
    _totals(axes[1, 0], c, b, [("software deletion", {}), ("DSP deletion", {"dsp_silence": "kernel"}),
                               (f"DSP del. + {rho:g} compr.", {"dsp_silence": "kernel", "dsp_compression": True,
                                                               "dsp_compression_ratio": rho})],
            [(BLUE, "-"), (GREEN, "--"), (ORANGE, ":")])
    axes[1, 0].legend(loc="center right", fontsize=8.5, frameon=False)
    _totals(axes[1, 1], c, b, [("software mixing", {"silence": False}), ("hardware mixing", {"silence": False,
                                                                                             "hw_mixing": True}),
                               ("deletion", {})], [(RED, "-"), (ORANGE, "--"), (BLUE, "-")])
    fig.tight_layout()
    return fig


def fig5_18_20(r: Run) -> plt.Figure:
    c, b, inp = r.extra["costs"], r.extra["base"], r.inputs
    t52 = inp.table5_2.set_index("operation")
    fig, axes = plt.subplots(1, 3, figsize=(6.7, 3.2))
    x = np.linspace(0, 2000, 50)
    slc, ipx = t52.loc["Record", "SLC_per_byte_ms"], t52.loc["Record", "IPX_per_byte_ms"]
    ipc = slc * inp.v("record_ratio_slc") / inp.v("record_ratio_ipc")
    for name, slope, colour, ls in (("SLC", slc, ORANGE, "-"), ("IPC (from ratio)", ipc, GREEN, "--"),
                                    ("IPX", ipx, BLUE, "-")):
        axes[0].plot(x, slope * x, color=colour, ls=ls, label=name)
    axes[0].set_xlabel("bytes")
    axes[0].set_ylabel("record ms (per-byte part)")
    axes[0].legend(loc="upper left", fontsize=8.5, frameon=False)
    _totals(axes[1], c, b, [("no del.", {"silence": False}), ("no del., 8x", {"silence": False,
                                                                             "audio_device_speedup": 8.0}),
                            ("del.", {}), ("del., 8x", {"audio_device_speedup": 8.0})],
            [(RED, "-"), (RED, ":"), (BLUE, "-"), (BLUE, ":")])
    _totals(axes[2], c, b, [(f"{int(100 * f)} % deleted", {"frac_deleted": f}) for f in (0.15, 0.6, 0.9)],
            [(BLUE, "-"), (GREEN, "--"), (ORANGE, ":")])
    axes[2].set_ylabel("")
    fig.tight_layout()
    return fig


def network(r: Run) -> plt.Figure:
    inp, p = r.inputs, r.params
    Ns = np.arange(2, 21)
    f = float(p["frac_deleted"])
    fig, ax = plt.subplots(figsize=(6.0, 3.4))
    for label, sil, mc, colour, ls in (("unicast, no deletion", False, False, RED, "-"),
                                       ("multicast, no deletion", False, True, RED, ":"),
                                       ("unicast, deletion", True, False, BLUE, "-"),
                                       ("multicast, deletion", True, True, BLUE, ":")):
        ax.plot(Ns, [an.network_load_kbps(int(n), inp.v("voice_kbps"), sil, f, mc) / 1000 for n in Ns], color=colour,
                ls=ls, label=label)
    ax.axhline(inp.v("ethernet_mbps"), color=GREY, ls="--")
    ax.text(2.2, inp.v("ethernet_mbps") * 1.1, "Ethernet", fontsize=9)
    ax.set_yscale("log")
    ax.set_xlabel("participants")
    ax.set_ylabel("aggregate Mbit/s")
    # legend and the assumption stamp outside the data: nothing is drawn over a curve
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8.5, frameon=False)
    ax.set_title("reconstructed under a labelled assumption", loc="right", fontsize=8, color=GREY, style="italic")
    fig.tight_layout()
    return fig


def flying_model() -> plt.Figure:
    fig, axes = plt.subplots(3, 1, figsize=(6.7, 3.0))
    _chain(axes[0], ["read", "render", "send"])
    _chain(axes[1], ["read", "render", "compress", "send"])
    _chain(axes[2], ["read", "decompress", "render", "compress", "send"])
    for a, t in zip(axes, ("no compression", "network compression", "network and disk compression"), strict=True):
        a.set_title(t, fontsize=9.5)
    fig.tight_layout()
    return fig


def fig6_3_6(r: Run) -> plt.Figure:
    inp = r.inputs
    oc = inp.u6[inp.u6.table == "U6-d"]
    per = r["flying_remote_mbps"]
    rho = float(r.params["flying_compression"])
    users = r["flying_users"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(6.7, 3.4))
    U = np.arange(1, 1001)
    S = np.arange(1, 201)
    a.plot(U, per * U, color=RED, label="uncompressed")
    a.plot(U, per * (1 - rho) * U, color=BLUE, label="compressed")
    b.plot(S, users * per / S, color=RED)
    b.plot(S, users * per * (1 - rho) / S, color=BLUE)
    for ax in (a, b):
        for row in oc.itertuples():
            ax.axhline(row.value, color=GREY, ls=":", lw=0.8)
        ax.set_yscale("log")
        ax.set_xscale("log")
    a.set_xlabel("simultaneous users")
    a.set_ylabel("Mbit/s")
    b.set_xlabel("servers")
    b.set_ylabel("Mbit/s per server")
    a.legend(loc="upper left", fontsize=8.5, frameon=False)
    fig.tight_layout()
    return fig


DISK_DEMAND_MBPS = 80.0   # per user; not in the seed: inferred from the stated server counts (study notes 2.8)
DISK_ARRAY_MBPS = 14.5    # direct I/O per array (section 6.5.3)


def fig6_7_10(r: Run) -> plt.Figure:
    """Disk and processor capacity against users and servers (the thesis's Figures 6.7-6.10), labelled.

    Disk demand per user is inferred (about 80 Mbit/s, see :data:`DISK_DEMAND_MBPS`); the processor
    lines are the IPX (Table 6.1), a 20-processor Indigo 2 (section 6.5.4) and one- and two-processor
    Indigo 2s with flying hardware (Table 6.3; the caption names the two-processor line).
    """
    inp = r.inputs
    rho = float(r.params["flying_compression"])
    users = r["flying_users"]
    per = r["flying_remote_mbps"]
    t61 = inp.table6_1.set_index("compression")
    t63 = inp.table6_3.set_index("compression")
    U = np.arange(1, 1001)
    S = np.arange(1, 201)
    fig, axes = plt.subplots(2, 2, figsize=(6.7, 5.4))
    disks = {"1 array": DISK_ARRAY_MBPS, "4 arrays": 4 * DISK_ARRAY_MBPS, "8 arrays": 8 * DISK_ARRAY_MBPS}
    procs = {"IPX": float(t61.loc["None", "Mbits_per_second"]),
             "Indigo 2 x20": r["flying_indigo20_mbps"],
             "Indigo 2 + hw": float(t63.loc["None", "Mbits_per_second"]),
             "2 x Indigo 2 + hw": 2 * float(t63.loc["None", "Mbits_per_second"])}
    for row, (demand, lines, what) in enumerate(((DISK_DEMAND_MBPS, disks, "disk"), (per, procs, "processor"))):
        a, b = axes[row]
        a.plot(U, demand * U, color=RED, label="uncompressed")
        a.plot(U, demand * (1 - rho) * U, color=BLUE, label="compressed")
        b.plot(S, users * demand / S, color=RED)
        b.plot(S, users * demand * (1 - rho) / S, color=BLUE)
        for ax in (a, b):
            for v in lines.values():
                ax.axhline(v, color=GREY, ls=":", lw=0.8)
            ax.set_xscale("log")
            ax.set_yscale("log")
        # names in the right margin, beside their lines where no curve runs; of two lines a factor 2 apart
        # the lower name sits below its line, the upper above
        beside = b.get_yaxis_transform()
        for name, v in lines.items():
            below = name in ("Indigo 2 + hw", "4 arrays")
            b.text(1.02, v / 1.05 if below else v * 1.05, name, fontsize=8.5, transform=beside,
                   va="top" if below else "bottom")
        a.set_ylabel(f"{what} Mbit/s")
        b.set_ylabel("Mbit/s per server")
        a.legend(loc="upper left", fontsize=8.5, frameon=False)
    axes[1, 0].set_xlabel("simultaneous users")
    axes[1, 1].set_xlabel("servers")
    axes[0, 0].set_title("disk demand inferred", loc="right", fontsize=8, color=GREY, style="italic")  # off the data
    fig.tight_layout()
    return fig


def topology(r: Run) -> plt.Figure:
    """Figures 6.13 and 6.15: the section 6.6 topology with its four printed bandwidths (backbone, NAPs,
    individual connections, 50 processor servers), as printed and with the relaxations."""
    inp = r.inputs
    fig, axes = plt.subplots(1, 2, figsize=(6.7, 3.2))
    relax = (1 - inp.u6_value("U6-f", "8 bit color: network")) * (1 - inp.u6_value("U6-f", "3 frames/sec: all")) * (
        1 - inp.u6_value("U6-f", "half-flying: network"))
    for ax, factor, title in ((axes[0], 1.0, "as printed"), (axes[1], relax, "relaxed (our arithmetic)")):
        blank_axes(ax)
        bb = inp.u6_value("U6-e", "Backbone") * factor
        nap = inp.u6_value("U6-e", "NAPs") * factor
        ind = inp.u6_value("U6-e", "Individual Connections") * factor
        servers = inp.u6_value("U6-e", "50 Processor Servers") * factor
        box(ax, (0.1, 0.75), 0.8, 0.15, f"backbone {bb:,.0f}", size=9)
        for i in range(6):
            x = 0.04 + i * 0.16
            box(ax, (x, 0.45), 0.13, 0.15, "NAP", size=8.5)
            arrow(ax, (x + 0.065, 0.6), (x + 0.065, 0.75), style="-")
        ax.text(0.5, 0.33, f"each NAP {nap:,.0f} Mbit/s", ha="center", fontsize=9)
        ax.text(0.5, 0.2, f"each user {ind:,.1f} Mbit/s", ha="center", fontsize=9)
        # the fourth printed bandwidth, drawn although no reading of section 6.6 derives it (43200 / 50 = 864)
        # (as printed, not derivable: the caption says so)
        ax.text(0.5, 0.0, f"50 processor servers\n{servers:,.0f} Mbit/s", ha="center", va="bottom", fontsize=9)
        ax.set_title(title, fontsize=10)
    return fig


def vc_schematics(seed: int = 2) -> plt.Figure:
    """Figures 7.1-7.3: dead reckoning on a synthetic path, the error triangles, the model."""
    rng = np.random.default_rng(seed)
    fig, axes = plt.subplots(1, 3, figsize=(6.7, 2.8))
    t = np.linspace(0, 10, 400)
    y = 3 * np.sin(t / 1.5) + rng.normal(0, 0.03, t.size)
    dy = 2 * np.cos(t / 1.5)
    thr, last, dr = 1.0, (0.0, y[0], dy[0]), []
    for ti, yi, di in zip(t, y, dy, strict=True):
        pred = last[1] + last[2] * (ti - last[0])
        if abs(yi - pred) > thr:
            last = (ti, yi, di)
            pred = yi
        dr.append(pred)
    axes[0].plot(t, y, color=GREY, label="actual")
    axes[0].plot(t, dr, color=BLUE, ls="--", label="reckoned")
    axes[0].set_xlabel("time (s)")
    axes[0].set_ylabel("position (m)")
    axes[0].set_title("update when error > 1 m", fontsize=9.5)
    err = np.abs(np.array(y) - np.array(dr))
    axes[1].plot(t, err, color=ORANGE)
    axes[1].axhline(thr, color=RED, ls=":")
    axes[1].set_xlabel("time (s)")
    axes[1].set_ylabel("error (m)")
    axes[1].set_title("error triangles", fontsize=9.5)
    blank_axes(axes[2])
    for i, (name, y0) in enumerate((("send", 0.8), ("receive, update", 0.5), ("read, reckon,\nrender, display", 0.15))):
        box(axes[2], (0.05, y0), 0.9, 0.2 if i < 2 else 0.25, name, size=9)
    axes[2].set_title("model groups", fontsize=9.5)
    label_assumption(axes[0], "synthetic path")
    fig.tight_layout()
    return fig


def fig7_4(r: Run) -> plt.Figure:
    inp, p = r.inputs, r.params
    N = np.logspace(0, 5, 200)
    h = float(p["vc_header_bytes"])
    pdu = inp.v("vc_pdu_bytes")
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for u, colour, label in ((inp.v("vc_updates_no_dr"), RED, "30/s multicast"),
                             (inp.v("vc_updates_max_dr"), ORANGE, "17/s multicast"),
                             (inp.v("vc_updates_avg_dr"), BLUE, "3/s multicast")):
        ax.plot(N, an.vc_bandwidth_mbps(N, u, pdu, h), color=colour, label=label)
    ax.plot(N, an.vc_bandwidth_mbps(N, inp.v("vc_updates_avg_dr"), pdu, h, multicast=False), color=GREEN, ls="--",
            label="3/s unicast")
    for link, name in (("t1", "T1"), ("ethernet", "Ethernet"), ("atm", "ATM")):
        ax.axhline(inp.v(f"{link}_mbps"), color=GREY, ls=":")
        ax.text(1.3, inp.v(f"{link}_mbps") * 1.15, name, fontsize=9)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_ylim(1e-3, 1e4)
    ax.set_xlabel("soldiers")
    ax.set_ylabel("Mbit/s")
    ax.legend(loc="lower right", fontsize=8.5, frameon=False)
    return fig


def fig7_5(r: Run) -> plt.Figure:
    c, v, p = r.inputs.vc_costs, r.extra["vc"], r.params
    N = np.logspace(0, 4.5, 200)
    comps = [an.vc_components_ms_per_s(c, float(n), v) for n in N]
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    bottom = np.zeros(N.size)
    for name, colour in (("send", GREEN), ("receive", ORANGE), ("display", BLUE)):
        top = bottom + np.array([x[name] for x in comps]) / 1000
        ax.plot(N, top, color=colour, label=name)
        bottom = top
    ax.axhline(1.0, color=GREY, ls=":")
    ax.text(1.3, 0.85, "Personal Iris", fontsize=9, va="top")
    ax.axhline(float(p["vc_speedup"]), color=GREY, ls="--")
    ax.text(1.3, float(p["vc_speedup"]) * 1.1, "Indigo 2", fontsize=9)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("soldiers")
    ax.set_ylabel("Personal Iris s per s")
    ax.legend(loc="lower right", fontsize=8.5, frameon=False)
    lim = r.extra["vc_limits"]["indigo2"]
    if math.isfinite(lim):
        ax.axvline(lim, color=RED, ls=":", lw=0.8)
    return fig
