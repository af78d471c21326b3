"""The functions behind the Huynh chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run's record
(:class:`mmperf.checktable.RunRecord`: the parameters, and in ``extra`` the raw sweeps ``runs``, their
summary ``main``, the paper's values ``v``, the model configuration ``base``, the confidence ``level``, the
paper's frame rates present in the sweep ``rates`` and ``na``, why the delay checks do not apply when a
station of the paper's grid is overloaded) and returns :class:`mmperf.checktable.Ours`. The claims, paper
values, places, kinds, tolerances and conditions are in the table, not here. :func:`run_record` recomputes
a run from the data and the parameters without a notebook (for the independence audit);
:func:`chapter_record` wraps a notebook's own results.

A simulated ordering "A < B" is decided by the interval of the paired difference B - A over replications
(replication r of every configuration uses the same seed): the claim holds when the whole interval has the
paper's sign, fails when the whole interval has the other sign, and is undecided when it contains 0.

Examples
--------
>>> sign(1.0, 0.5), sign(-1.0, 0.5), sign(0.2, 0.5)
(1, -1, 0)
>>> decide([1, 1]), decide([1, 0]), decide([1, 0, -1])
(True, None, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord
from mmperf.stats import mean_ci
from mmperf.tables import sig, signed

from .model import CATEGORIES, _slug

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)
LOCATE, MOVE = "locate", "move"
DIST, CENT = "distributed", "centralized"
HOSTS = ("386", "486")
UNDEFINED = "not computable: no frame of some configuration left the network (an overloaded device)"



# -- helpers: paired replications ---------------------------------------------------------------------

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


def sign(m: float, h: float) -> int:
    """+1 if the interval m +- h lies above 0, -1 if below, 0 if it contains 0 (or is not a number)."""
    return 1 if m - h > 0 else -1 if m + h < 0 else 0


def decide(signs: list[int]) -> bool | None:
    """All +1: holds; any -1: fails; otherwise undecided (an interval contains 0)."""
    if any(s < 0 for s in signs):
        return False
    return True if all(s > 0 for s in signs) else None


def within_tenth(r: float, hw: float) -> int:
    """+1 if the interval r +- hw (per cent) lies within +-10 %, -1 if wholly outside, 0 otherwise.

    Examples
    --------
    >>> within_tenth(3.0, 1.0), within_tenth(-12.0, 1.0), within_tenth(9.5, 1.0)
    (1, -1, 0)
    """
    return 1 if abs(r) + hw <= 10 else -1 if abs(r) - hw > 10 else 0


def _at(m: str, h: str, f: float, mix: str = DIST) -> dict:
    return dict(io_mode=m, host=h, frame_rate=f, mixing=mix)


def _ms(x: tuple[float, float]) -> str:
    return f"{1e3 * x[0]:.1f} ± {1e3 * x[1]:.1f} ms"


def _R(run: RunRecord) -> Reps:
    return Reps(run["runs"]["main"], run["level"])


def _top(run: RunRecord) -> float:
    return max(run["rates"])


def _interval(value: float, half: float, n: int, na: str | None, note: str = "") -> Ours:
    """A simulated value with its interval, or undefined (not applicable) with the reason."""
    if na or not (np.isfinite(value) and np.isfinite(half)):
        return Ours(float(value), undefined=na or UNDEFINED, note=note)
    return Ours(float(value), low=value - half, high=value + half, basis="simulated", n=n, note=note)


def _claim(words: str, holds: bool | None, run: RunRecord, simulated: bool = True) -> Ours:
    """A qualitative verdict; a simulated one is not applicable when a station is overloaded."""
    words = words.replace("nan", "undefined")
    return Ours(words, holds=holds, undefined=run["na"] if simulated else None)


# -- exact checks: the utilisation law on the paper's numbers and the calibration ----------------------

def metric(run: RunRecord, name: str) -> Ours:
    """A metric of the run, as it is (computed by :func:`metrics`)."""
    return Ours(run.metrics[name])


def mc_ratio(run: RunRecord, num: dict, den: dict) -> Ours:
    """A ratio of two Micro Channel utilisations (utilisation law) at 30 frames/s, distributed."""
    from . import analytic as A

    top = run["v"]["frame_rate_high"]
    b = run["base"]
    return Ours(A.channel_utilisation(b.with_(frame_rate=top, mixing=DIST, **num))
                / A.channel_utilisation(b.with_(frame_rate=top, mixing=DIST, **den)))


def simulated_metric(run: RunRecord, name: str, mode: str, host: str, rate: str) -> Ours:
    """A utilisation (per cent) of the main sweep, Locate or Move, distributed, at the paper's named rate."""
    R = _R(run)
    m, hw = R.mean(name, **_at(mode, host, run["v"][rate]))
    return Ours(100 * m, low=100 * (m - hw), high=100 * (m + hw), basis="simulated", n=R.n())


def stage_delay(run: RunRecord, rate: str) -> Ours:
    """The decompression stage's mean service (ms), Locate 386, distributed."""
    return Ours(1e3 * _R(run).mean("decompress_service_mean", **_at(LOCATE, "386", run["v"][rate]))[0])


# -- orderings of simulated delays ------------------------------------------------------------------

def codec_share(run: RunRecord) -> Ours:
    """The codec's share of each delay at 30 frames/s, smallest over modes, hosts, schemes and directions."""
    R, top = _R(run), _top(run)
    shares = {(mix, m, h, k): R.ci(100 * R.vals(f"comp_{k}_compress_decompress", **_at(m, h, top, mix))
                                   / R.vals(f"delay_{k}", **_at(m, h, top, mix)))
              for mix in (DIST, CENT) for m in (LOCATE, MOVE) for h in HOSTS for k in ("send", "recv")}
    worst = min(shares, key=lambda key: shares[key][0])
    mix, mode, host, kind = worst
    note = f"smallest share: {'receive' if kind == 'recv' else 'send'}, {mode.title()} {host}, {mix}"
    return _interval(*shares[worst], R.n(), run["na"], note)


def q1_falling(run: RunRecord) -> Ours:
    """Do both delays fall from each paper rate to the next, in every configuration?"""
    R, rates = _R(run), run["rates"]
    bad, signs = [], []
    for mix in (DIST, CENT):
        for m in (LOCATE, MOVE):
            for h in HOSTS:
                for k in ("delay_send", "delay_recv"):
                    for f1, f2 in zip(rates, rates[1:], strict=False):
                        s = sign(*R.diff(k, _at(m, h, f2, mix), _at(m, h, f1, mix)))
                        signs.append(s)
                        if s <= 0:
                            bad.append(f"{k[6:]} {m}-{h} {mix[:4]} {f1:g}->{f2:g}")
    return _claim("all fall" if not bad else "not falling (or undecided): " + "; ".join(bad), decide(signs), run)


def q2_spread(run: RunRecord) -> Ours:
    """Centralized send delay: largest relative difference (per cent) of any mode and host to Move-486."""
    R = _R(run)
    cells = []
    for f in run["rates"]:
        ref = _at(MOVE, "486", f, CENT)
        for m, h in ((LOCATE, "386"), (LOCATE, "486"), (MOVE, "386")):
            r, hw = R.rel("delay_send", ref, _at(m, h, f, CENT))
            cells.append((abs(r), hw, f"{m}-{h} {f:g}/s"))
    big = max(cells)
    return _interval(big[0], big[1], R.n(), run["na"], big[2])


def q3_send_modes(run: RunRecord) -> Ours:
    """Distributed send (386): Locate within 10 % of Move below the top rate, above it at the top."""
    R, top = _R(run), _top(run)
    parts, signs = [], []
    for f in run["rates"]:
        r, hw = R.rel("delay_send", _at(MOVE, "386", f), _at(LOCATE, "386", f))
        parts.append(f"{f:g}/s: Locate {signed(r, 1)} ± {hw:.1f} % vs Move")
        signs.append(within_tenth(r, hw) if f < top else sign(r, hw))
    return _claim("; ".join(parts), decide(signs), run)


def q4_send_mixing(run: RunRecord) -> Ours:
    """Send (Locate 386): distributed above centralized by more than the 10 % band at the top rate, within
    10 % below it. One reading of "equal" at every rate: a difference inside the band that the check calls
    equal at the lower rates is not "higher" at the top rate either (the independent review's finding)."""
    R, top = _R(run), _top(run)
    parts, signs = [], []
    for f in run["rates"]:
        r, hw = R.rel("delay_send", _at(LOCATE, "386", f, CENT), _at(LOCATE, "386", f, DIST))
        parts.append(f"{f:g}/s: distributed {signed(r, 1)} ± {hw:.1f} %")
        signs.append(sign(r - 10.0, hw) if f == top else within_tenth(r, hw))
    return _claim("; ".join(parts), decide(signs), run)


def q5_recv_locate386(run: RunRecord) -> Ours:
    """Centralized receive: Locate-386 over Move (either host), per cent, the largest in size."""
    R = _R(run)
    cells = []
    for f in run["rates"]:
        for mh in ((MOVE, "386"), (MOVE, "486")):
            r, hw = R.rel("delay_recv", _at(*mh, f, CENT), _at(LOCATE, "386", f, CENT))
            cells.append((r, hw, f"{f:g}/s vs {mh[0].title()}-{mh[1]}"))
    big = max(cells, key=lambda x: abs(x[0]))
    return _interval(big[0], big[1], R.n(), run["na"], big[2])


def q6_recv_modes(run: RunRecord) -> Ours:
    """386 receive: Locate minus Move above zero at every rate, both schemes."""
    R = _R(run)
    parts, signs = [], []
    for mix in (CENT, DIST):
        for f in run["rates"]:
            dm, hw = R.diff("delay_recv", _at(MOVE, "386", f, mix), _at(LOCATE, "386", f, mix))
            signs.append(sign(dm, hw))
            parts.append(f"{mix[:4]} {f:g}/s {signed(1e3 * dm, 1)} ± {1e3 * hw:.1f} ms")
    return _claim("Locate - Move: " + "; ".join(parts), decide(signs), run)


def q7_mixing_gap(run: RunRecord) -> Ours:
    """Receive (Locate 386): distributed minus centralized positive, and largest at the top rate."""
    R, top, rates = _R(run), _top(run), run["rates"]
    gaps = {f: R.diff("delay_recv", _at(LOCATE, "386", f, CENT), _at(LOCATE, "386", f, DIST)) for f in rates}
    signs = [sign(*g) for g in gaps.values()]

    def gap(f):
        return R.vals("delay_recv", **_at(LOCATE, "386", f, DIST)) - R.vals("delay_recv", **_at(LOCATE, "386", f, CENT))

    signs += [sign(*R.ci(gap(top) - gap(f))) for f in rates if f < top]
    return _claim("gaps " + ", ".join(f"{f:g}/s {_ms(g)}" for f, g in gaps.items()), decide(signs), run)


def _single(run: RunRecord) -> Reps:
    return Reps(run["runs"]["single"], run["level"])


def q8_single_stream(run: RunRecord) -> Ours:
    """One stream at a time: receive/decompress minus compress/send above zero in every mode and host."""
    S = _single(run)
    diffs = {(m, h): S.ci(S.vals("delay_recv", io_mode=m, host=h, streams="in")
                          - S.vals("delay_send", io_mode=m, host=h, streams="out"))
             for m in (LOCATE, MOVE) for h in HOSTS}
    return _claim("receive - send: " + ", ".join(f"{m.title()}-{h} {signed(1e3 * d[0], 1)} ± {1e3 * d[1]:.1f} ms"
                                                  for (m, h), d in diffs.items()),
                  decide([sign(*d) for d in diffs.values()]), run)


def q9_file_transfer(run: RunRecord) -> Ours:
    """The file-transfer chain alone: Locate minus Move above zero on both hosts."""
    S = _single(run)
    signs, parts = [], []
    for h in HOSTS:
        lo_ = S.vals("delay_ft", io_mode=LOCATE, host=h, streams="ft")
        mo_ = S.vals("delay_ft", io_mode=MOVE, host=h, streams="ft")
        signs.append(sign(*S.ci(lo_ - mo_)))
        parts.append(f"{h}: Locate {_ms(S.ci(lo_))}, Move {_ms(S.ci(mo_))}")
    return _claim("; ".join(parts), decide(signs), run)


def q10_locate_hosts(run: RunRecord) -> Ours:
    """Locate at the top rate, distributed: 386 minus 486 above zero for both delays (construction: the 486
    serves every station faster with the same arrivals)."""
    R, top = _R(run), _top(run)
    diffs = [R.diff(k, _at(LOCATE, "486", top), _at(LOCATE, "386", top)) for k in ("delay_send", "delay_recv")]
    return _claim("386 - 486: " + ", ".join(_ms(d) for d in diffs), decide([sign(*d) for d in diffs]), run)


def q11_move_hosts(run: RunRecord) -> Ours:
    """Move at the top rate: the larger relative difference (per cent) of 486 to 386 over both delays."""
    R, top = _R(run), _top(run)
    cells = [R.rel(k, _at(MOVE, "386", top), _at(MOVE, "486", top)) for k in ("delay_send", "delay_recv")]
    big = max(cells, key=lambda x: abs(x[0]))
    return _interval(abs(big[0]), big[1], R.n(), run["na"])


def _comp(run: RunRecord, kind: str, cat: str, m: str, h: str, mix: str = DIST) -> np.ndarray:
    return _R(run).vals(f"comp_{kind}_{_slug(cat)}", **_at(m, h, _top(run), mix))


def q12_move_no_os_queue(run: RunRecord) -> Ours:
    """The largest OS-queueing component of Move Mode (must be zero)."""
    osq = max(float(np.max(_comp(run, k, CATEGORIES[1], MOVE, h))) for k in ("send", "recv") for h in HOSTS)
    return _claim(f"largest {1e3 * osq:.3f} ms", osq == 0, run)


def q13_compress_equal(run: RunRecord) -> Ours:
    """The compression component across modes and hosts: equal within 1 %."""
    codec = [float(np.mean(_comp(run, "send", CATEGORIES[5], m, h))) for m in (LOCATE, MOVE) for h in HOSTS]
    return _claim("compress ms: " + ", ".join(f"{1e3 * x:.1f}" for x in codec), max(codec) / min(codec) - 1 < 0.01, run)


def _transfer_parts(run: RunRecord) -> tuple[list[str], list[int], list[int]]:
    R = _R(run)
    parts, sa, sb = [], [], []
    for h in HOSTS:
        for k in ("send", "recv"):
            dl, dm = _comp(run, k, CATEGORIES[2], LOCATE, h), _comp(run, k, CATEGORIES[2], MOVE, h)
            ql = _comp(run, k, CATEGORIES[1], LOCATE, h)
            sa.append(sign(*R.ci(dm - dl)))
            sb.append(sign(*R.ci(dl + ql - dm)))
            parts.append(f"{k}-{h}: L {1e3 * dl.mean():.1f}+{1e3 * ql.mean():.1f}, M {1e3 * dm.mean():.1f}")
    return parts, sa, sb


def q14a_transfer(run: RunRecord) -> Ours:
    """Data-transfer component: Move minus Locate above zero (send and receive, both hosts)."""
    parts, sa, _ = _transfer_parts(run)
    return _claim("ms " + "; ".join(parts), decide(sa), run)


def q14b_transfer_and_queue(run: RunRecord) -> Ours:
    """Locate's data transfer plus OS queueing minus Move's data transfer above zero."""
    parts, _, sb = _transfer_parts(run)
    return _claim("ms " + "; ".join(parts), decide(sb), run)


def q15_software(run: RunRecord) -> Ours:
    """VC + network software component (send + receive): Locate minus Move above zero on both hosts."""
    R = _R(run)
    sw = {(m, h): sum(_comp(run, k, cat, m, h) for k in ("send", "recv") for cat in (CATEGORIES[3], CATEGORIES[4]))
          for m in (LOCATE, MOVE) for h in HOSTS}
    signs = [sign(*R.ci(sw[(LOCATE, h)] - sw[(MOVE, h)])) for h in HOSTS]
    return _claim(", ".join(f"{m}-{h} {1e3 * x.mean():.1f} ms" for (m, h), x in sw.items()), decide(signs), run)


def q16_os_queues(run: RunRecord) -> Ours:
    """Locate's OS-queueing components, send and receive (shown; not compared)."""
    qs = [(_comp(run, "send", CATEGORIES[1], LOCATE, h), _comp(run, "recv", CATEGORIES[1], LOCATE, h)) for h in HOSTS]
    return Ours(", ".join(f"send {1e3 * a.mean():.2f} / recv {1e3 * b.mean():.2f} ms" for a, b in qs))


def q17_mixing_component(run: RunRecord) -> Ours:
    """The mixing component: zero on send and under centralized mixing, positive on distributed receive."""
    mix_send = max(float(np.max(_comp(run, "send", CATEGORIES[0], m, h))) for m in (LOCATE, MOVE) for h in HOSTS)
    mix_cent = max(float(np.max(_comp(run, "recv", CATEGORIES[0], m, h, CENT))) for m in (LOCATE, MOVE) for h in HOSTS)
    mix_dist = min(float(np.min(_comp(run, "recv", CATEGORIES[0], m, h))) for m in (LOCATE, MOVE) for h in HOSTS)
    return _claim(f"send {sig(mix_send, 3)} s, centralized {sig(mix_cent, 3)} s, distributed min {1e3 * mix_dist:.1f} ms",
                  mix_send == 0 and mix_cent == 0 and mix_dist > 0, run)


def q18_host_mixing(run: RunRecord) -> Ours:
    """Locate host CPU lower with centralized mixing at every paper rate and host."""
    main = run["main"]

    def u(h, f, mix):
        row = main[(main["io_mode"] == LOCATE) & (main["host"] == h) & (main["frame_rate"] == f) & (main["mixing"] == mix)]
        return float(row["util_host_mean"].iloc[0])

    ok = all(u(h, f, CENT) < u(h, f, DIST) for f in run["rates"] for h in HOSTS)
    return _claim("lower at every rate and host" if ok else "not lower everywhere", ok, run, simulated=False)


def q19_affine(run: RunRecord) -> Ours:
    """Locate 386 distributed host CPU against the frame rate: the fitted line and its intercept."""
    slope, intercept = _host_line(run)
    return _claim(f"U = {100 * intercept:.1f} % + {100 * slope:.2f} % x f", bool(intercept > 0.01), run, simulated=False)


def _host_line(run: RunRecord) -> tuple[float, float]:
    main = run["main"]
    g = main[(main["io_mode"] == LOCATE) & (main["host"] == "386") & (main["mixing"] == DIST)]
    slope, intercept = np.polyfit(g["frame_rate"], g["util_host_mean"], 1)
    return float(slope), float(intercept)


def q20_memory_rises(run: RunRecord) -> Ours:
    """Locate memory utilisation rises with the frame rate for every host and scheme."""
    main = run["main"]
    ok = all((np.diff(gg.sort_values("frame_rate")["util_memory_mean"].to_numpy()) > 0).all()
             for _, gg in main[main["io_mode"] == LOCATE].groupby(["host", "mixing"]))
    return _claim("rises for every host and scheme" if ok else "does not rise everywhere", ok, run, simulated=False)


# -- the numbers the page reads ---------------------------------------------------------------------

def metrics(run: RunRecord) -> dict[str, float]:
    """The numbers the exact checks compare and the page's text reads (the old scorecard's ``got``)."""
    from . import analytic as A

    v, b, rates, na = run["v"], run["base"], run["rates"], run["na"]
    lo_f, hi_f = v["frame_rate_low"], v["frame_rate_high"]
    R, S = _R(run), _single(run)
    got: dict[str, float] = {}
    mc = [A.channel_utilisation(b.with_(io_mode=m, host=h, frame_rate=f, mixing=x))
          for m in (LOCATE, MOVE) for h in HOSTS for f in rates for x in (DIST, CENT)]
    got["mc_max_pct"] = 100 * max(mc)
    for h in HOSTS:
        got[f"mc_move_over_locate_{h}"] = mc_ratio(run, {"io_mode": MOVE, "host": h}, {"io_mode": LOCATE, "host": h}).value
    for m in (LOCATE, MOVE):
        got[f"mc_386_over_486_{m}"] = mc_ratio(run, {"io_mode": m, "host": "386"}, {"io_mode": m, "host": "486"}).value
    for h in HOSTS:
        got[f"cpu_saturation_kloc_{h}"] = A.saturation_kloc(h, b, hi_f, level=1.0)
    got["cpu_386_15kloc_pct"] = 100 * A.host_utilisation(b.with_(io_mode=LOCATE, host="386", frame_rate=hi_f,
                                                                 mixing=DIST, host_vc_kloc=v["vc_kloc_locate"]))
    got["move_cpu_max_pct"] = 100 * max(A.host_utilisation(b.with_(io_mode=MOVE, host=h, frame_rate=f, mixing=x))
                                        for h in HOSTS for f in rates for x in (DIST, CENT))
    for f in (hi_f, lo_f):
        got[f"ft_share_{int(f)}_pct"] = 100 * A.ft_share(b.with_(io_mode=LOCATE, host="386", frame_rate=f, mixing=DIST))
    got["adapter_knee_kloc"] = A.adapter_saturation_kloc(b.with_(io_mode=MOVE, host="386", frame_rate=hi_f,
                                                                 mixing=DIST))
    got["ring_8_pct"] = 100 * A.ring_utilisation(b.with_(io_mode=LOCATE, host="386", frame_rate=lo_f, mixing=DIST))
    got["bit_rate_mbit_s"] = 8.0 * b.frame_kb * v["bytes_per_kb"] * hi_f / 1e6
    main = run["main"]
    got["move_mem_max_pct"] = 100 * float(main.loc[main["io_mode"] == MOVE, "util_memory_mean"].max())
    for name, key in (("util_memory", "mem"), ("util_disk", "disk"), ("util_ring", "ring_30")):
        for h in (HOSTS if key == "mem" else ("386",)):
            got[f"{key}_{h}_pct" if key == "mem" else f"{key}_pct"] = 100 * R.mean(name, **_at(LOCATE, h, hi_f))[0]
    for f in (lo_f, hi_f):
        got[f"stage_delay_{int(f)}_ms"] = 1e3 * R.mean("decompress_service_mean", **_at(LOCATE, "386", f))[0]
    share = codec_share(run)
    got["codec_share_min_pct"] = float("nan") if na else float(share.value)
    got["codec_share_min_ci_pct"] = float("nan") if na else float(share.high - share.value) if share.high else float("nan")
    got["q2_spread_pct"] = float(q2_spread(run).value)
    for f in rates:
        r, hw = R.rel("delay_send", _at(MOVE, "386", f), _at(LOCATE, "386", f))
        key = f"{f:g}".replace(".", "_")
        got[f"q3_{key}_pct"], got[f"q3_{key}_ci_pct"] = r, hw
    got["q5_locate386_over_move_pct"] = float(q5_recv_locate386(run).value)
    for h in HOSTS:
        lo_ = S.vals("delay_ft", io_mode=LOCATE, host=h, streams="ft")
        mo_ = S.vals("delay_ft", io_mode=MOVE, host=h, streams="ft")
        got[f"ft_delay_ratio_{h}"] = float(np.mean(mo_) / np.mean(lo_))
    got["cpu_intercept_pct"] = 100 * _host_line(run)[1]
    return got


def metric_rows(got: dict[str, float]) -> list[tuple[str, float, str, str]]:
    """:func:`metrics` as rows for :func:`.experiments.record` (each may be undefined at some parameters).

    Examples
    --------
    >>> metric_rows({"mc_max_pct": 12.0, "q5_locate386_over_move_pct": float("nan")})[1][3]
    'not computable at these parameters'
    """
    return [(name, value, "", "not computable at these parameters") for name, value in got.items()]


# -- the run's record -------------------------------------------------------------------------------

def _extra(runs: dict[str, pd.DataFrame], v: dict[str, float], level: float, base, grid: list[float]) -> dict:
    from . import experiments as E

    rates = E.paper_grid(sorted(set(runs["main"]["frame_rate"])), v)
    main = runs["main_summary"] if "main_summary" in runs else E.summarise_all({"main": runs["main"]}, level)["main"]
    main = main[main["frame_rate"].isin(rates)]   # the paper's rates only, as every check
    return {"runs": runs, "main": main, "v": v, "level": level, "base": base, "rates": rates,
            "na": E.overload(E.paper_grid(grid, v), base)[1]}


def chapter_record(ch, runs: dict[str, pd.DataFrame], main: pd.DataFrame, v: dict[str, float], level: float,
                   base, grid: list[float]) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`), its metrics computed.

    ``runs`` are the sweeps of :func:`.experiments.run_chapter_sweep`, ``main`` the summary of ``runs["main"]``,
    ``grid`` the main sweep's frame rates.
    """
    run = RunRecord(dict(ch.parameters), {}, {}, _extra({"main": runs["main"], "single": runs["single"],
                                                          "main_summary": main}, v, level, base, grid))
    return _with_metrics(run)


def _with_metrics(run: RunRecord) -> RunRecord:
    """The run with :func:`metrics` filled in: ``got`` (every number, NaN where undefined) and the finite ones."""
    run.extra["got"] = metrics(run)
    run.metrics.update({k: x for k, x in run.extra["got"].items() if np.isfinite(x)})
    return run


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    Only the two sweeps the checks read are simulated (uncached: the audit perturbs the data they read):
    the main sweep and the single streams, at ``frames``, ``sweep_frames`` and ``replications``.
    """
    from . import experiments as E
    from .config import Config, paper_values

    p = dict(parameters)
    v = paper_values()
    base = Config(file_transfer=p["file_transfer"], frame_kb=p["frame_kb"], host_vc_kloc=p["host_vc_kloc"],
                  adapter_vc_kloc=p["adapter_vc_kloc"], participants=p["participants"], frames=p["frames"],
                  pipeline_model=p["pipeline_model"], move_adapter_kloc=p["move_adapter_kloc"],
                  ft_overlap=p["ft_overlap"])
    grid = E.paper_grid(E.chapter_grid(p["frame_rates"], p["frame_rate"], v), v)
    common = dict(replications=p["replications"], seed=p["seed"], workers=p.get("workers", 1), progress=False)
    runs = {"main": E.run_configs(E.main_configs(grid, base), **common),
            "single": E.run_configs(E.single_configs(base, float(p["frame_rate"]), p["sweep_frames"]), **common)}
    return _with_metrics(RunRecord(p, {}, {}, _extra(runs, v, float(p["ci_level"]), base, grid)))


