"""The chapter's reproduction scorecard: the notes' headline numbers (H) and orderings (Q).

Every check states its kind of evidence (:mod:`mmperf.checks`): the anchors used to calibrate
a hardware number (:mod:`.calibration`) are ``target``; numbers that follow from the paper's
own numbers and the calibration by the utilisation law are ``arithmetic``; statements that hold
by the model's design are ``construction``; the delay orderings and the rest are
``prediction``. A simulated comparison uses the replications' confidence interval: an
ordering "A < B" is decided by the interval of the paired difference B - A over replications
(replication r of every configuration uses the same seed), so it is ``reproduced`` when the
whole interval has the paper's sign, ``not reproduced`` when the whole interval has the other
sign, and ``inconclusive`` when it contains 0. "About equal" is a relative difference within
10 % (a judgement: the paper prints no delay values), tested the same way.

Examples
--------
>>> round(crossing([0, 30, 60, 90], [0.2, 0.5, 0.9, 1.0], 0.95), 6)
75.0
>>> overlap((1.0, 0.1), (1.3, 0.1))
False
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd

from mmperf.stats import mean_ci
from mmperf.tables import signed

from .model import CATEGORIES, _slug

DELAYS = ("delay_send", "delay_recv", "delay_ft")
UTILS = ("util_channel", "util_host", "util_host_busy", "util_memory", "util_disk", "util_ring",
         "util_video_adapter", "util_ring_adapter", "host_ft_share", "util_host_without_ft")
COMPONENTS = tuple(f"comp_{k}_{_slug(c)}" for k in ("send", "recv") for c in CATEGORIES)
MAIN_METRICS = list(DELAYS + UTILS + COMPONENTS) + ["out_bit_rate_mbit_s", "decompress_service_mean",
                                                   "max_outstanding", "conservation_ok"]


def crossing(x, y, level: float) -> float:
    """First x where the piecewise-linear curve y(x) reaches ``level`` (NaN if it never does)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    for i in range(1, len(x)):
        if y[i] >= level > y[i - 1]:
            return float(x[i - 1] + (level - y[i - 1]) * (x[i] - x[i - 1]) / (y[i] - y[i - 1]))
    return float("nan")


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Do two (mean, half-width) intervals overlap?"""
    return abs(a[0] - b[0]) <= a[1] + b[1]


def about_equal(a: float, b: float, rel: float = 0.10) -> bool:
    return abs(a - b) <= rel * max(abs(a), abs(b))


class Lookup:
    """Mean and CI of a metric for one configuration of a summary frame."""

    def __init__(self, summary: pd.DataFrame):
        self.s = summary

    def row(self, **where) -> pd.Series:
        mask = np.ones(len(self.s), bool)
        for k, v in where.items():
            mask &= (self.s[k] == v).to_numpy()
        rows = self.s[mask]
        if len(rows) != 1:
            raise KeyError(f"{where}: {len(rows)} rows")
        return rows.iloc[0]

    def __call__(self, metric: str, **where) -> tuple[float, float]:
        r = self.row(**where)
        return float(r[f"{metric}_mean"]), float(r[f"{metric}_ci"])

    def m(self, metric: str, **where) -> float:
        return self(metric, **where)[0]



LOCATE, MOVE = "locate", "move"
DIST, CENT = "distributed", "centralized"
HOSTS = ("386", "486")


class Reps:
    """Per-replication values of one sweep (raw runs), paired across configurations by replication."""

    def __init__(self, runs: pd.DataFrame, level: float):
        self.runs, self.level = runs, level

    def vals(self, metric: str, **where) -> np.ndarray:
        mask = np.ones(len(self.runs), bool)
        for k, v in where.items():
            mask &= (self.runs[k] == v).to_numpy()
        rows = self.runs[mask].sort_values("replication")
        if rows.empty or rows["replication"].duplicated().any():
            raise KeyError(f"{where}: {len(rows)} rows")
        return rows[metric].to_numpy(dtype=float)

    def n(self) -> int:
        return int(self.runs["replication"].nunique())

    def ci(self, values) -> tuple[float, float]:
        return mean_ci(np.asarray(values, float), self.level)

    def mean(self, metric: str, **where) -> tuple[float, float]:
        return self.ci(self.vals(metric, **where))

    def diff(self, metric: str, a: dict, b: dict) -> tuple[float, float]:
        """Mean and CI half-width of b - a, paired by replication."""
        return self.ci(self.vals(metric, **b) - self.vals(metric, **a))

    def rel(self, metric: str, a: dict, b: dict) -> tuple[float, float]:
        """Mean and CI of (b - a) / a in per cent, paired by replication."""
        va, vb = self.vals(metric, **a), self.vals(metric, **b)
        return self.ci(100.0 * (vb - va) / va)


UNDEFINED = "not computable: no frame of some configuration left the network (an overloaded device)"


def sim_kw(ours: float, half: float, n: int, na: str | None) -> dict:
    """Keywords of a simulated check: its interval, or not applicable when the run has no value."""
    if not (np.isfinite(ours) and np.isfinite(half)):
        return dict(basis="exact", na_reason=na or UNDEFINED)
    return dict(basis="simulated", ci_half_width=half, n=n, na_reason=na)


class _Clean:
    """The scorecard, with 'nan' in a claim's text written as 'undefined'."""

    def __init__(self, sc):
        self.sc = sc

    def claim(self, *args, ours: str, holds, **kw):
        if re.search(r"\bnan\b", ours):
            kw.setdefault("na_reason", None)
            kw["na_reason"] = kw["na_reason"] or UNDEFINED
            ours = re.sub(r"[+-]?\bnan\b", "undefined", ours)
        return self.sc.claim(*args, ours=ours, holds=holds, **kw)

    def __getattr__(self, name):
        return getattr(self.sc, name)


def sign(m: float, h: float) -> int:
    """+1 if the interval m +- h lies above 0, -1 if below, 0 if it contains 0."""
    return 1 if m - h > 0 else -1 if m + h < 0 else 0


def decide(signs: list[int]) -> bool | None:
    """All +1: holds; any -1: fails; otherwise undecided (an interval contains 0)."""
    if any(s < 0 for s in signs):
        return False
    return True if all(s > 0 for s in signs) else None


def _ms(x: tuple[float, float]) -> str:
    return f"{1e3 * x[0]:.1f} ± {1e3 * x[1]:.1f} ms"


def record_checks(sc, *, runs: dict[str, pd.DataFrame], main: pd.DataFrame, host_kloc: pd.DataFrame,
                  v: dict[str, float], level: float, base, frame_rate: float,
                  na_delays: str | None = None) -> dict[str, float]:
    """Record every check of the chapter on the scorecard ``sc``; return the numbers used.

    ``runs`` are the raw sweeps of :func:`.experiments.run_chapter_sweep` (one row per
    replication), ``main`` the summary of ``runs["main"]``, ``host_kloc`` the exact CPU sweep
    (:func:`.analytic.host_kloc_sweep`), ``base`` the chapter's :class:`~.config.Config`.
    The paper's rates 8 and 30 frames/s are always in the main sweep (the notebook adds them); checks are judged
    at the paper's rates only (8, 15, 30), never at a rate a what-if adds.
    ``na_delays`` (a reason) marks every delay check ``not applicable``: a device is overloaded
    in some configuration, so its delays grow with the run length and decide nothing.
    """
    from . import analytic as A

    R = Reps(runs["main"], level)
    n = R.n()
    # The paper's study ran at 8, 15 and 30 frames/s: its claims are judged there, never at a rate a what-if adds.
    paper_rates = {v["frame_rate_low"], v["frame_rate_mid"], v["frame_rate_high"]}
    rates = sorted(f for f in set(runs["main"]["frame_rate"]) if f in paper_rates)
    lo_f, hi_f = v["frame_rate_low"], v["frame_rate_high"]
    at = lambda m, h, f, mix=DIST: dict(io_mode=m, host=h, frame_rate=f, mixing=mix)  # noqa: E731
    got: dict[str, float] = {}
    sim = dict(basis="simulated", n=n)
    way = (f"{base.participants}-way distributed" + (" + file transfers" if base.file_transfer else ""))

    # -- Micro Channel (H5-H7) --------------------------------------------------------------
    mc = {(m, h, f, x): A.channel_utilisation(base.with_(io_mode=m, host=h, frame_rate=f, mixing=x))
          for m in (LOCATE, MOVE) for h in HOSTS for f in rates for x in (DIST, CENT)}
    mc_max = max(mc.values())
    got["mc_max_pct"] = 100 * mc_max
    sc.within("Micro Channel utilisation never exceeds 20 % (largest over every configuration)",
              "Section 5.1 (seed line 195); Section 6 (seed line 325)", paper="<= 20 %", ours=100 * mc_max,
              low=0, high=v["anchor_mc_max_pct"], unit="%", evidence="arithmetic",
              reason="the paper's own bound",
              note="the utilisation law on the paper's bytes and channel rates (bytes moved / channel rate), "
                   "like its sibling channel ratios: arithmetic, not a test of the queueing model")
    for h in HOSTS:
        ratio = mc[(MOVE, h, hi_f, DIST)] / mc[(LOCATE, h, hi_f, DIST)]
        got[f"mc_move_over_locate_{h}"] = ratio
        sc.compare(f"Move / Locate Micro Channel utilisation, {h}, 30 frames/s", "Section 5.1 (seed line 195)",
                   paper=v["anchor_move_mc_saving"], ours=ratio, tol=0.05, unit="ratio", evidence="construction",
                   reason="the paper's '50 %' is a round number",
                   note="holds by construction: the model moves every Locate transfer twice over the channel, "
                        "every Move transfer once, and no control traffic")
    for m in (LOCATE, MOVE):
        ratio = mc[(m, "386", hi_f, DIST)] / mc[(m, "486", hi_f, DIST)]
        got[f"mc_386_over_486_{m}"] = ratio
        sc.compare(f"386 / 486 Micro Channel utilisation, {m.title()}, 30 frames/s", "Section 5.1 (seed line 195)",
                   paper=v["anchor_mc_386_over_486"], ours=ratio, tol=0.1, unit="ratio", evidence="construction",
                   reason="'threefold' is a round number",
                   note="holds by construction: the ratio of the channel rates, 40 / 13.33")

    # -- host CPU (H8-H11, H13) -------------------------------------------------------------
    for h, tol in (("386", 1.0), ("486", 4.0)):
        sat = A.saturation_kloc(h, base, hi_f, level=1.0)
        got[f"cpu_saturation_kloc_{h}"] = sat
        sc.compare(f"{h} host CPU saturates at this VC path length (Locate, {way}, 30 frames/s)",
                   "Section 5.2 (seed line 199)" + ("; Section 6 (seed line 323)" if h == "386" else ""),
                   paper=v[f"anchor_cpu_saturation_{h}_kloc"], ours=sat, tol=tol, unit="KLOCS/frame",
                   evidence="target", reason="calibrated exactly; the tolerance only absorbs rounding",
                   note="calibrates the host's instruction rate (utilisation law, exact)")
    u15 = A.host_utilisation(base.with_(io_mode=LOCATE, host="386", frame_rate=hi_f, mixing=DIST,
                                        host_vc_kloc=v["vc_kloc_locate"]))
    got["cpu_386_15kloc_pct"] = 100 * u15
    sc.within("386 host CPU at the measured 15 KLOCS/frame, 30 frames/s: not a bottleneck",
              "Section 5.2 (seed line 199)", paper="'not likely to be a system bottleneck'", ours=100 * u15,
              low=0, high=70, unit="%", evidence="arithmetic",
              reason="judgement: 'not a bottleneck' read as below 70 %",
              note="utilisation law on the calibrated instruction rate: 15 of the 60 KLOCS that saturate it")
    move_cpu = max(A.host_utilisation(base.with_(io_mode=MOVE, host=h, frame_rate=f, mixing=x))
                   for h in HOSTS for f in rates for x in (DIST, CENT))
    got["move_cpu_max_pct"] = 100 * move_cpu
    sc.within("Move Mode host CPU utilisation, largest over every configuration", "Section 5.2 (seed line 201)",
              paper="< 0.01 %", ours=100 * move_cpu, low=0, high=v["anchor_move_cpu_max_pct"], unit="%",
              evidence="construction", reason="the paper's own bound",
              note="holds by construction: the host runs only the start-up code (5 KLOCS per stream)")
    for f, key, evidence in ((hi_f, "anchor_ft_share_30_pct", "target"), (lo_f, "anchor_ft_share_8_pct", "arithmetic")):
        share = 100 * A.ft_share(base.with_(io_mode=LOCATE, host="386", frame_rate=f, mixing=DIST))
        got[f"ft_share_{int(f)}_pct"] = share
        sc.compare(f"File transfers' share of host CPU, {f:g} frames/s (Locate)", "Section 5.2 (seed line 205)",
                   paper=v[key], ours=share, tol=5, unit="%", evidence=evidence,
                   reason="the paper says 'roughly' / 'almost'",
                   note="calibrates the per-request SCB/interrupt overhead" if evidence == "target" else
                   "utilisation-law arithmetic of the calibration at 30 frames/s, not a test of the queueing model")

    # -- adapter saturation (H12): the utilisation law, so no grid of path lengths decides it
    knee = A.adapter_saturation_kloc(base.with_(io_mode=MOVE, host="386", frame_rate=hi_f, mixing=DIST))
    got["adapter_knee_kloc"] = knee
    sc.compare("Move receive/decompress delay rises dramatically beyond this 80C186 path length: where the video "
               "adapter's 80C186 saturates (Move, 30 frames/s)",
               "Section 5.2 (seed line 201); Section 6 (seed line 323)", paper=v["anchor_adapter_knee_kloc"],
               ours=knee, tol=0.5, unit="KLOCS/frame", evidence="target",
               reason="calibrated exactly; the tolerance only absorbs rounding",
               note="calibrates the 80C186's instruction rate (utilisation law, exact)")

    # -- memory, disk, ring (H14-H17) -------------------------------------------------------
    for h, tol in (("386", 5), ("486", 3)):
        m, hw = R.mean("util_memory", **at(LOCATE, h, hi_f))
        got[f"mem_{h}_pct"] = 100 * m
        sc.compare(f"Memory utilisation, Locate {h}, 30 frames/s", "Section 5.3 (seed line 211)",
                   paper=v[f"anchor_mem_{h}_pct"], ours=100 * m, tol=tol, unit="%", evidence="target",
                   ci_half_width=100 * hw, reason="the paper says 'approaches'", **sim,
                   note="calibrates the memory controller's time per byte")
    move_mem = 100 * float(main.loc[main["io_mode"] == MOVE, "util_memory_mean"].max())
    got["move_mem_max_pct"] = move_mem
    sc.within("Move Mode memory utilisation, largest over every configuration", "Section 5.3 (seed line 211)",
              paper="near zero", ours=move_mem, low=0, high=1, unit="%", evidence="construction",
              reason="judgement: 'near zero' read as below 1 %",
              note="holds by construction: Move transfers never touch system memory in the model")
    m, hw = R.mean("util_disk", **at(LOCATE, "386", hi_f))
    got["disk_pct"] = 100 * m
    sc.compare("Disk utilisation by the background file transfers", "Section 5.3 (seed line 211)",
               paper=v["anchor_disk_pct"], ours=100 * m, tol=3, unit="%", evidence="target",
               ci_half_width=100 * hw, reason="the paper rounds to whole per cent; judgement", **sim,
               note="calibrates the disk service time")
    m, hw = R.mean("util_ring", **at(LOCATE, "386", hi_f))
    got["ring_30_pct"] = 100 * m
    sc.compare(f"Token-ring utilisation, {way}, 30 frames/s",
               "Section 5.3 (seed line 213); Section 6 (seed line 325)", paper=v["anchor_ring_30_pct"],
               ours=100 * m, tol=5, unit="%", evidence="target", ci_half_width=100 * hw,
               reason="judgement: 'up to 53 %'", **sim, note="calibrates the per-packet overhead")
    ring8 = 100 * A.ring_utilisation(base.with_(io_mode=LOCATE, host="386", frame_rate=lo_f, mixing=DIST))
    got["ring_8_pct"] = ring8
    sc.compare(f"Token-ring utilisation, {way}, 8 frames/s", "Section 5.3 (seed line 213)",
               paper=v["anchor_ring_8_pct"], ours=ring8, tol=2, unit="%", evidence="arithmetic",
               reason="the paper rounds to whole per cent; judgement",
               note="utilisation-law arithmetic of the overhead fitted at 30 frames/s, not a test of the queueing model")

    # -- stage delay and bit rate (H18, H4) -------------------------------------------------
    for f, key in ((lo_f, "anchor_stage_delay_8_ms"), (hi_f, "anchor_stage_delay_30_ms")):
        d = 1e3 * R.mean("decompress_service_mean", **at(LOCATE, "386", f))[0]
        got[f"stage_delay_{int(f)}_ms"] = d
        sc.compare(f"Decompression stage delay without queueing, {f:g} frames/s", "Section 5.5 (seed lines 246-248)",
                   paper=v[key], ours=d, tol=0.05, unit="ms", evidence="construction",
                   reason="the paper prints two decimals",
                   note="holds by construction: the stage is modelled as 1/f (pipeline semantics A1)")
    kb = v["bytes_per_kb"]
    rate = 8.0 * v["frame_kb_mean"] * kb * hi_f / 1e6
    got["bit_rate_mbit_s"] = rate
    sc.compare("Bit rate of one stream: 8 kB frames at 30 frames/s", "Section 2 (seed line 102); Table 1 (seed line 176)",
               paper=v["stream_bit_rate_mbit_s"], ours=rate, rel=0.05, unit="Mbit/s", evidence="arithmetic",
               reason="the paper rounds to one decimal ('2.0'); 1 kB = 1024 bytes is our reading")
    _record_orderings(sc, R, Reps(runs["single"], level), rates, main, got, level, na_delays)
    return got


def _record_orderings(sc, R: Reps, S: Reps, rates: list[float], main: pd.DataFrame, got: dict,
                      level: float, na: str | None = None) -> None:
    sc = _Clean(sc)
    d, c = DIST, CENT
    top = max(rates)
    n = R.n()
    at = lambda m, h, f, mix=d: dict(io_mode=m, host=h, frame_rate=f, mixing=mix)  # noqa: E731
    judge10 = "judgement: 'no significant difference' / 'essentially the same' read as within 10 %"

    # Key claim of the abstract (seed line 5) and the conclusion (seed line 327)
    shares = {}
    for mix in (d, c):
        for m in (LOCATE, MOVE):
            for h in HOSTS:
                for k in ("send", "recv"):
                    codec = R.vals(f"comp_{k}_compress_decompress", **at(m, h, top, mix))
                    total = R.vals(f"delay_{k}", **at(m, h, top, mix))
                    shares[(mix, m, h, k)] = R.ci(100 * codec / total)
    worst = min(shares, key=lambda key: shares[key][0])
    m_, h_ = shares[worst]
    # an overloaded station leaves no steady-state share to report (the check below is not applicable)
    got["codec_share_min_pct"] = float("nan") if na else m_
    got["codec_share_min_ci_pct"] = float("nan") if na else h_
    mix, mode, host, kind = worst
    sc.within("Compression and decompression dominate both delays: codec share of the delay, smallest over "
              "modes, hosts, schemes and both directions, 30 frames/s",
              "Abstract (seed line 5); Section 5.4 (seed line 217); Section 6 (seed line 327)",
              paper="'the key factor ... nothing else matters much'", ours=m_, low=50, high=100, unit="%",
              evidence="prediction", **sim_kw(m_, h_, n, na),
              reason="the paper's own reading of its claim: 'most of the time is spent in compressing the video "
                     "frames' (seed line 217), so the codec takes more than half of each delay",
              note=f"smallest share: {'receive' if kind == 'recv' else 'send'}, {mode.title()} {host}, {mix}")

    # Q1
    worst_q1, signs = [], []
    for mix in (d, c):
        for m in (LOCATE, MOVE):
            for h in HOSTS:
                for k in ("delay_send", "delay_recv"):
                    for f1, f2 in zip(rates, rates[1:], strict=False):
                        s = sign(*R.diff(k, at(m, h, f2, mix), at(m, h, f1, mix)))   # slower rate minus faster
                        signs.append(s)
                        if s <= 0:
                            worst_q1.append(f"{k[6:]} {m}-{h} {mix[:4]} {f1:g}->{f2:g}")
    sc.claim("Q1 delays fall as the frame rate rises, every configuration",
             "Sections 5.4, 5.5 (seed lines 217, 246); Section 6 (seed line 327)", paper="negative slopes",
             ours="all fall" if not worst_q1 else "not falling (or undecided): " + "; ".join(worst_q1),
             holds=decide(signs), evidence="construction", na_reason=na,
             note="holds by construction: each codec stage lasts one frame time, 1/f, which dominates both delays "
                  "(the paper: 'since the pipeline runs at the frame rate', seed line 327)")
    # Q2: centralized send, Locate ~ Move and 386 ~ 486, at every rate
    cells, signs = [], []
    for f in rates:
        ref = at(MOVE, "486", f, c)
        for m, h in ((LOCATE, "386"), (LOCATE, "486"), (MOVE, "386")):
            r, hw = R.rel("delay_send", ref, at(m, h, f, c))
            cells.append((abs(r), hw, f"{m}-{h} {f:g}/s"))
    big = max(cells)
    got["q2_spread_pct"] = big[0]
    sc.within("Q2 centralized compress/send: Locate ~ Move and 386 ~ 486 (largest relative difference to Move-486)",
              "Section 5.4 (seed line 217)", paper="no significant difference", ours=big[0], low=0, high=10,
              unit="%", evidence="prediction", reason=judge10, note=big[2], **sim_kw(big[0], big[1], n, na))
    # Q3
    parts, signs = [], []
    for f in rates:
        lo_, mo_ = at(LOCATE, "386", f), at(MOVE, "386", f)
        r, hw = R.rel("delay_send", mo_, lo_)
        parts.append(f"{f:g}/s: Locate {signed(r, 1)} ± {hw:.1f} % vs Move")
        key = f"{f:g}".replace(".", "_")
        got[f"q3_{key}_pct"], got[f"q3_{key}_ci_pct"] = r, hw
        if f < top:
            signs.append(1 if abs(r) + hw <= 10 else -1 if abs(r) - hw > 10 else 0)
        else:
            signs.append(sign(r, hw))
    sc.claim("Q3 distributed compress/send (386): Locate ~ Move below 30 frames/s, Move < Locate at 30",
             "Section 5.4 (seed line 229)", paper="Move lower only at 30 frames/s", ours="; ".join(parts),
             holds=decide(signs), evidence="prediction", na_reason=na, reason=judge10 + "; " + ci_reason(level, n, "paired"))
    # Q4
    parts, signs = [], []
    for f in rates:
        r, hw = R.rel("delay_send", at(LOCATE, "386", f, c), at(LOCATE, "386", f, d))
        parts.append(f"{f:g}/s: distributed {signed(r, 1)} ± {hw:.1f} %")
        signs.append(sign(r, hw) if f == top else (1 if abs(r) + hw <= 10 else -1 if abs(r) - hw > 10 else 0))
    sc.claim("Q4 compress/send (Locate 386): distributed > centralized at 30 frames/s, equal at lower rates",
             "Section 5.4 (seed line 229)", paper="distributed higher at 30 only", ours="; ".join(parts),
             holds=decide(signs), evidence="prediction", na_reason=na, reason=judge10 + "; " + ci_reason(level, n, "paired"))
    # Q5: centralized receive: no significant difference, Locate-386 'slightly worse' than Move
    cells = []
    for f in rates:
        for mh in ((MOVE, "386"), (MOVE, "486")):
            r, hw = R.rel("delay_recv", at(*mh, f, c), at(LOCATE, "386", f, c))
            cells.append((r, hw, f"{f:g}/s vs {mh[0].title()}-{mh[1]}"))
    big = max(cells, key=lambda x: abs(x[0]))
    got["q5_locate386_over_move_pct"] = big[0]
    sc.within("Q5 centralized receive/decompress: Locate-386 only slightly worse than Move (largest relative "
              "difference)", "Section 5.5 (seed line 235)",
              paper="no significant difference; Locate-386 'slightly worse'", ours=big[0], low=0, high=10,
              unit="%", evidence="prediction", note=big[2], **sim_kw(big[0], big[1], n, na),
              reason="judgement: 'no significant difference' and 'slightly worse' read as 0 to 10 % worse")
    # Q6
    parts, signs = [], []
    for mix in (c, d):
        for f in rates:
            dm, hw = R.diff("delay_recv", at(MOVE, "386", f, mix), at(LOCATE, "386", f, mix))
            signs.append(sign(dm, hw))
            parts.append(f"{mix[:4]} {f:g}/s {signed(1e3 * dm, 1)} ± {1e3 * hw:.1f} ms")
    sc.claim("Q6 386 receive/decompress: Move < Locate at every rate, both schemes", "Section 5.5 (seed line 235)",
             paper="Move lower everywhere", ours="Locate - Move: " + "; ".join(parts), holds=decide(signs),
             evidence="prediction", na_reason=na, reason=ci_reason(level, n, "paired differences"))
    # Q7
    gaps = {f: R.diff("delay_recv", at(LOCATE, "386", f, c), at(LOCATE, "386", f, d)) for f in rates}
    signs = [sign(*g) for g in gaps.values()]
    lower = [f for f in rates if f < top]
    signs += [sign(*R.ci(R.vals("delay_recv", **at(LOCATE, "386", top, d)) - R.vals("delay_recv", **at(LOCATE, "386", top, c))
                         - R.vals("delay_recv", **at(LOCATE, "386", f, d)) + R.vals("delay_recv", **at(LOCATE, "386", f, c))))
              for f in lower]
    sc.claim("Q7 receive/decompress (Locate 386): centralized < distributed, the gap largest at 30 frames/s",
             "Section 5.5 (seed line 235)", paper="gap positive, largest at 30",
             ours="gaps " + ", ".join(f"{f:g}/s {_ms(g)}" for f, g in gaps.items()), holds=decide(signs),
             evidence="prediction", na_reason=na, reason=ci_reason(level, n, "paired differences"))
    # Q8, Q9 (single streams)
    signs8, signs9, parts = [], [], []
    for m in (LOCATE, MOVE):
        for h in HOSTS:
            snd = S.vals("delay_send", io_mode=m, host=h, streams="out")
            rcv = S.vals("delay_recv", io_mode=m, host=h, streams="in")
            signs8.append(sign(*S.ci(rcv - snd)))
    for h in HOSTS:
        lo_ = S.vals("delay_ft", io_mode=LOCATE, host=h, streams="ft")
        mo_ = S.vals("delay_ft", io_mode=MOVE, host=h, streams="ft")
        signs9.append(sign(*S.ci(lo_ - mo_)))
        parts.append(f"{h}: Locate {_ms(S.ci(lo_))}, Move {_ms(S.ci(mo_))}")
        got[f"ft_delay_ratio_{h}"] = float(np.mean(mo_) / np.mean(lo_))
    sc.claim("Q8 single stream: compress/send < receive/decompress", "Section 5.5 (seed line 250)", paper="send lower",
             ours=f"receive - send interval above 0 in {sum(s > 0 for s in signs8)} of {len(signs8)} configurations",
             holds=decide(signs8), evidence="prediction", na_reason=na, reason=ci_reason(level, S.n(), "paired differences"))
    sc.claim("Q9 file-transfer delay: Move much lower than Locate", "Section 5.5 (seed line 256); Section 6 (seed line 337)",
             paper="Move much better", ours="; ".join(parts), holds=decide(signs9), evidence="prediction", na_reason=na,
             reason=ci_reason(level, S.n(), "paired differences"))

    # Q10-Q17 at the top rate, distributed
    def comp(kind, cat, m, h, mix=d):
        return R.vals(f"comp_{kind}_{_slug(cat)}", **at(m, h, top, mix))

    signs = [sign(*R.diff(k, at(LOCATE, "486", top), at(LOCATE, "386", top))) for k in ("delay_send", "delay_recv")]
    sc.claim("Q10 Locate delays lower on the 486 than the 386", "Section 5.6 (seed line 264); Section 6 (seed line 339)",
             paper="486 lower", ours="386 - 486: " + ", ".join(
                 _ms(R.diff(k, at(LOCATE, "486", top), at(LOCATE, "386", top))) for k in ("delay_send", "delay_recv")),
             holds=decide(signs), evidence="prediction", na_reason=na, reason=ci_reason(level, n, "paired differences"))
    cells = [R.rel(k, at(MOVE, "386", top), at(MOVE, "486", top)) for k in ("delay_send", "delay_recv")]
    big = max(cells, key=lambda x: abs(x[0]))
    sc.within("Q11 Move delays about equal on the 386 and 486 (largest relative difference)",
              "Section 5.6 (seed line 271); Section 6 (seed line 339)", paper="approximately the same",
              ours=abs(big[0]), low=0, high=10, unit="%", evidence="prediction",
              reason="judgement: 'approximately the same' read as within 10 %", **sim_kw(big[0], big[1], n, na))
    osq = max(float(np.max(comp(k, CATEGORIES[1], MOVE, h))) for k in ("send", "recv") for h in HOSTS)
    sc.claim("Q12 Move Mode has no OS-queueing component", "Section 5.6 (seed line 271)", paper="none",
             ours=f"largest {1e3 * osq:.3f} ms", holds=osq == 0, evidence="construction",
             note="holds by construction: Move Mode has no driver queues in the model")
    codec = [float(np.mean(comp("send", CATEGORIES[5], m, h))) for m in (LOCATE, MOVE) for h in HOSTS]
    sc.claim("Q13 compression component equal across modes and systems", "Section 5.6 (seed lines 269, 273)",
             paper="the same", ours="compress ms: " + ", ".join(f"{1e3 * x:.1f}" for x in codec),
             holds=max(codec) / min(codec) - 1 < 0.01, evidence="construction",
             note="holds by construction: periodic arrivals and a service of at most 1/f never queue (D/D/1)")
    parts, sa, sb = [], [], []
    for h in HOSTS:
        for k in ("send", "recv"):
            dl, dm = comp(k, CATEGORIES[2], LOCATE, h), comp(k, CATEGORIES[2], MOVE, h)
            ql = comp(k, CATEGORIES[1], LOCATE, h)
            sa.append(sign(*R.ci(dm - dl)))
            sb.append(sign(*R.ci(dl + ql - dm)))
            parts.append(f"{k}-{h}: L {1e3 * dl.mean():.1f}+{1e3 * ql.mean():.1f}, M {1e3 * dm.mean():.1f}")
    sc.claim("Q14a data-transfer component: Move > Locate (pipe queueing included)", "Section 5.6 (seed line 295)",
             paper="Move larger", ours="ms " + "; ".join(parts), holds=decide(sa), evidence="prediction", na_reason=na,
             reason=ci_reason(level, n, "paired differences"))
    sc.claim("Q14b Locate data transfers + OS queueing > Move data transfers + pipe queueing",
             "Section 5.6 (seed line 315)", paper="Locate sum larger", ours="see Q14a", holds=decide(sb),
             evidence="prediction", na_reason=na, reason=ci_reason(level, n, "paired differences"))
    sw = {(m, h): sum(comp(k, cat, m, h) for k in ("send", "recv") for cat in (CATEGORIES[3], CATEGORIES[4]))
          for m in (LOCATE, MOVE) for h in HOSTS}
    signs = [sign(*R.ci(sw[(LOCATE, h)] - sw[(MOVE, h)])) for h in HOSTS]
    sc.claim("Q15 VC + network software component: Move < Locate", "Section 5.6 (seed lines 273, 295)",
             paper="Move smaller", ours=", ".join(f"{m}-{h} {1e3 * x.mean():.1f} ms" for (m, h), x in sw.items()),
             holds=decide(signs), evidence="prediction", na_reason=na, reason=ci_reason(level, n, "paired differences"))
    qs = [(comp("send", CATEGORIES[1], LOCATE, h), comp("recv", CATEGORIES[1], LOCATE, h)) for h in HOSTS]
    sc.not_comparable("Q16 Locate OS queueing: the network driver's (send) against the 'SCSI disk device driver' "
                      "(receive)", "Section 5.6 (seed line 269)", paper="send larger",
                      ours=", ".join(f"send {1e3 * a.mean():.2f} / recv {1e3 * b.mean():.2f} ms" for a, b in qs),
                      reason="the paper compares with the SCSI disk driver's queue, which no received frame passes "
                             "(it is not on the receive path): the comparison it means cannot be told")
    mix_send = max(float(np.max(comp("send", CATEGORIES[0], m, h))) for m in (LOCATE, MOVE) for h in HOSTS)
    mix_cent = max(float(np.max(comp("recv", CATEGORIES[0], m, h, c))) for m in (LOCATE, MOVE) for h in HOSTS)
    mix_dist = min(float(np.min(comp("recv", CATEGORIES[0], m, h))) for m in (LOCATE, MOVE) for h in HOSTS)
    sc.claim("Q17 mixing component only in receive/decompress with distributed mixing",
             "Section 5.6 (seed lines 315, 317)", paper="receive, distributed only",
             ours=f"send {mix_send:.3g} s, centralized {mix_cent:.3g} s, distributed min {1e3 * mix_dist:.1f} ms",
             holds=mix_send == 0 and mix_cent == 0 and mix_dist > 0, evidence="construction",
             note="holds by construction: mixing is modelled only in the distributed receive chain")
    # Q18-Q20 utilisations: the utilisation law, so construction
    L = Lookup(main)
    ok = all(L.m("util_host", **at(LOCATE, h, f, c)) < L.m("util_host", **at(LOCATE, h, f, d))
             for f in rates for h in HOSTS)
    sc.claim("Q18 Locate host CPU: centralized < distributed", "Section 5.2 (seed line 207)", paper="centralized lower",
             ours="lower at every rate and host" if ok else "not lower everywhere", holds=ok, evidence="construction",
             note="holds by construction: centralized mixing has one incoming stream instead of two")
    g = main[(main["io_mode"] == LOCATE) & (main["host"] == "386") & (main["mixing"] == d)]
    slope, intercept = np.polyfit(g["frame_rate"], g["util_host_mean"], 1)
    got["cpu_intercept_pct"] = 100 * intercept
    sc.claim("Q19 Locate host CPU vs frame rate is affine with a positive intercept (386, distributed)",
             "Section 5.2 (seed line 203)", paper="not proportional",
             ours=f"U = {100 * intercept:.1f} % + {100 * slope:.2f} % x f", holds=bool(intercept > 0.01),
             evidence="construction", note="holds by construction: the file transfers' constant load is the intercept")
    ok = all((np.diff(gg.sort_values("frame_rate")["util_memory_mean"].to_numpy()) > 0).all()
             for _, gg in main[main["io_mode"] == LOCATE].groupby(["host", "mixing"]))
    sc.claim("Q20 Locate memory utilisation rises with the frame rate", "Section 5.3 (seed line 211)", paper="rises",
             ours="rises for every host and scheme" if ok else "does not rise everywhere", holds=ok,
             evidence="construction", note="holds by construction: memory traffic is proportional to the frame rate "
                                           "plus the constant file transfers")


def ci_reason(level: float, n: int, what: str = "") -> str:
    return f"{level:.0%} CI of {n} replications" + (f" ({what})" if what else "")


# Why a check can fail in this reconstruction; shown in the chapter only for the checks that do.
_ANCHOR = ("The calibration fits this anchor in the paper's configuration (three-way distributed conference, "
           "8 kB frames, file transfers at 30 requests/s, 15 KLOCS of host code); a run that changes the "
           "configuration moves it, as it should.")
EXPLANATIONS = {
    "386 host CPU saturates": _ANCHOR, "486 host CPU saturates": _ANCHOR, "File transfers' share": _ANCHOR,
    "Memory utilisation": _ANCHOR, "Disk utilisation": _ANCHOR, "Token-ring utilisation": _ANCHOR,
    "Move receive/decompress delay rises": _ANCHOR,
    "386 host CPU at the measured": "The host's load grows with the frame rate, the conference size and the "
                                    "frames' code; at the paper's settings it is about half the i386.",
    "Micro Channel utilisation never": "More bytes per frame (frame_kb) or a larger conference than the paper's.",
    "Compression and decompression dominate": "The codec part of a delay is its stage's frame time plus the "
        "i750's queue; the rest is host, memory, channel and adapter work and queueing. Where the other "
        "categories together exceed half a delay, the codec no longer takes 'most of the time' in this "
        "calibration.",
    "Move Mode host CPU": "Only the start-up code (5 KLOCS per stream) runs on the host; over short runs "
                         "(few frames) it is a larger share of the window.",
    "Q1": "Each codec stage lasts one frame time; queueing elsewhere that grows faster than 1/f falls would "
          "reverse the slope (a heavily loaded station).",
    "Q8": "A single incoming stream queues at the decompression stage's i750 behind jittered arrivals; the "
          "outgoing one, captured at exactly the frame rate, never queues at compression.",
    "Q10": "The 486's faster host and memory shorten every Locate step.",
    "Q12": "Move Mode has no driver queues in the model.",
    "Q18": "Centralized mixing has one incoming stream instead of two.",
    "Q2": "Locate's frame path adds host code (VC + network + 2 S) and two trips through the memory "
          "controller that Move skips: several milliseconds, more than a tenth of a delay of one frame time "
          "at the top rate, and the paper's replications and run length make the intervals narrow enough to resolve it. The paper's 'no "
          "significant difference' suggests its per-frame Locate overheads were smaller than our calibration "
          "(which fits the host rate to the saturation anchors, not to delays).",
    "Q3": "The mode difference at 8 and 15 frames/s is the same few milliseconds of Locate overhead as in Q2; "
          "relative to stage delays of one frame time it is small but can exceed a tenth.",
    "Q4": "Distributed mixing adds one incoming stream's work; at 30 frames/s the extra contention on the "
          "compress/send path (host, memory, ring adapter) is only a few milliseconds in our calibration.",
    "Q5": "The paper's Fig. 9a has no significant difference and Locate-386 only slightly worse. In the model "
          "a Locate-386 frame's host code (VC + network + 2 S), memory and channel steps add several "
          "milliseconds that Move's path does not have, more than a tenth of a delay at the higher rates.",
    "Q6": "Move's receive path now carries Table 1's network code on the ring adapter's 80C186 (5 KLOCS per "
          "packet); where it costs more than Locate's host steps the ordering flips, and an interval that "
          "contains zero cannot decide.",
    "Q7": "The gap is the mixing stage (8.33 ms), the join's wait for the slower frame and the extra "
          "queueing at the decompression i750 that the join's jitter causes; none of these grows "
          "with the frame rate in our calibration, where the shared resources stay lightly loaded at the "
          "top rate (see the utilisation figures). The paper's growing gap implies more contention at 30 "
          "frames/s than its printed utilisations give our model.",
    "Q9": "The Move file transfer saves the host code, the memory trips and (with ft_overlap) the serial "
          "disk-then-ring order, but runs Table 1's file-system and network code on two 80C186s (exercise 4).",
    "Q11": "Move's path does not touch the host; only the channel speed differs, by under a millisecond.",
    "Q13": "The compression stage has no queue (D/D/1) in either mode.",
    "Q14a": "In our model the delivery pipes hardly ever queue: the 80C186s are lightly loaded at the "
            "paper's estimate of 1 KLOC per frame (seed line 201), while each Locate transfer crosses the channel and the memory "
            "controller twice. The paper's larger Move data-transfer component implies much busier "
            "adapters than its 1 KLOC estimate gives, which the paper does not quantify.",
    "Q14b": "See Q14a.",
    "Q15": "Move's software is the 1 KLOC of VC code plus Table 1's 5 KLOCS of network code at 80C186 speed; "
           "Locate's is VC + network + 2 S on the host (exercise 4 computes both): on the faster i486 host "
           "Locate's is the smaller.",
    "Q16": "Both directions share the ring adapter's token in our model, and a received frame must also "
           "wait for the video adapter's token that outgoing frames hold during their DMA; the paper's "
           "sentence compares with the 'SCSI disk device driver', which a received frame never uses "
           "(an error in the paper), so its intended comparison is unclear.",
    "Q17": "Mixing is modelled only under distributed mixing.",
    "Q19": "The file transfers' constant load gives the intercept.",
    "Q20": "Memory traffic is proportional to the frame rate plus the constant file transfers.",
}


def mismatches(sc) -> pd.DataFrame:
    """Every check this run does not settle in the paper's favour, with the reason the model gives.

    Lists the statuses not reproduced, target missed, fails and inconclusive (with the
    replications that would decide), never the not-applicable ones (the warnings say why).
    """
    rows = []
    for c in sc.checks:
        if c.status in ("not reproduced", "target missed", "fails", "inconclusive"):
            key = next((k for k in sorted(EXPLANATIONS, key=len, reverse=True) if c.what.startswith(k)), None)
            why = EXPLANATIONS[key] if key else "See the discussion above."
            if c.status == "inconclusive":
                why = ("The confidence interval straddles the tolerance band's edge"
                       + (f"; about {c.needed_n} replications would decide" if c.needed_n else "")
                       + ". " + why)
            ours = f"{c.ours:.4g} {c.unit}".strip() if isinstance(c.ours, float) else str(c.ours)
            rows.append({"check": c.what, "status": c.status, "paper": str(c.paper), "ours": ours, "why": why})
    return pd.DataFrame(rows, columns=["check", "status", "paper", "ours", "why"])


def check_metric_rows(got: dict[str, float]) -> list[tuple[str, float, str, str]]:
    """The numbers :func:`record_checks` used, as rows for :func:`.experiments.record` (no unit).

    Each may be undefined at some parameters (no frame of a configuration left the network).

    Examples
    --------
    >>> check_metric_rows({"mc_max_pct": 12.0, "q5_locate386_over_move_pct": float("nan")})[1][3]
    'not computable at these parameters'
    """
    return [(name, value, "", "not computable at these parameters") for name, value in got.items()]


# The chapter's coverage of the paper: (item, how, detail[, caveat]) for ``ch.coverage.add``, in page order.
COVERAGE = [
    ("Table 1", "computed from transcribed data", "data/huynh/table1.csv, re-rendered as printed"),
    ("Fig. 1", "redrawn schematic", "matplotlib boxes from section 2 (fig-huynh-system)"),
    ("Fig. 2", "redrawn schematic", "matplotlib, both modes (fig-huynh-dataflow)"),
    ("Fig. 3", "redrawn schematic", "matplotlib, a Locate / b Move (fig-huynh-scb)"),
    ("Fig. 4a", "computed from the model", "Micro Channel utilisation, 4 series, CIs (fig-huynh-channel)"),
    ("Fig. 4b", "not reproducible", "never cited in the text and its caption is lost; content unknown"),
    ("Fig. 5", "reconstructed under a labelled assumption",
     "(a) host CPU by the utilisation law (exact), (b) Move receive delay simulated with shorter runs, both "
     "at the single-point frame rate (fig-huynh-kloc)",
     "frame rate of the sweeps not given; the anchors are calibration targets"),
    ("Fig. 6a, 6b", "computed from the model", "Locate host CPU vs frame rate (fig-huynh-host-cpu)"),
    ("Fig. 7a", "computed from the model", "host CPU with / without file transfers (fig-huynh-utilisation)",
     "which host is shown is not given: the chapter's host parameter"),
    ("Fig. 7b", "computed from the model", "memory, disk, ring (fig-huynh-utilisation)"),
    ("Fig. 8a, 8b", "computed from the model", "compress/send delay (fig-huynh-send-delay)",
     "8b's host not given: the chapter's host parameter"),
    ("Fig. 9a, 9b", "computed from the model", "receive/decompress delay (fig-huynh-recv-delay)"),
    ("Fig. 10", "reconstructed under a labelled assumption", "one chain at a time (fig-huynh-single)",
     "'single data stream' read as each chain run alone"),
    ("Fig. 11a-d", "computed from the model", "stacked components, distributed (fig-huynh-components-distributed)",
     "panel lettering conflicts between caption and text"),
    ("Fig. 12a-d", "computed from the model", "stacked components, centralized (fig-huynh-components-centralized)"),
    ("Pipeline sensitivity (not in the paper)", "reconstructed under a labelled assumption",
     "stage = one frame time vs i750 compute time, two run lengths (fig-huynh-pipeline)"),
]


def add_coverage(ch: Any) -> None:
    """Add every :data:`COVERAGE` entry to ``ch.coverage``, in order.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> added = []
    >>> add_coverage(SimpleNamespace(coverage=SimpleNamespace(add=lambda *a: added.append(a))))
    >>> len(added), added[5][:2]
    (16, ('Fig. 4b', 'not reproducible'))
    """
    for entry in COVERAGE:
        ch.coverage.add(*entry)
