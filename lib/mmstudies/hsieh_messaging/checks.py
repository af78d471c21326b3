"""The functions behind the Hsieh messaging chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run's record (:class:`mmperf.checktable.RunRecord`:
the parameters, the metrics, and in ``extra`` the chapter's results: ``values`` (the unnumbered statements of
chapters 1-3), ``hockney`` (Tables 2.2-2.6 with the Hockney n_1/2), ``hops`` (the equal-hop route model),
``mcast``, ``overhead``, ``windows``, ``ch3`` and, in a notebook run, ``synth`` and ``routes``) and returns
:class:`mmperf.checktable.Ours`. The claims, paper values, places, kinds, tolerances and conditions are in the
table. :func:`run_record` recomputes a run from the data and the parameters without a notebook (for the
independence audit); :func:`chapter_record` wraps a notebook's own results.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord
from mmstudies.hsieh_messaging import analytic
from mmstudies.hsieh_messaging import experiments as ex

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)

#: The 64 KB multicast times to one to five hosts as the text prints them (seed line 626), in ms.
MULTICAST_TEXT_MS = (108, 130, 184, 235, 290)
#: Tolerance of the Hockney n_1/2 predictions (checks.yml says why) and of the equal-hop model, for the prose.
HOCKNEY_REL = 0.25
RATIO_REL = 0.25



def _rows(run: RunRecord):
    return run["hockney"].set_index("id")


# -- transcription: the text restates a table cell or a quoted value --------------------------------------

def cell(run: RunRecord, platform: str, column: str) -> Ours:
    """A cell of Tables 2.2-2.6 as transcribed (``r_max`` in the table's unit, ``t0_us``)."""
    return Ours(float(_rows(run).loc[platform, column]))


def quoted(run: RunRecord, name: str) -> Ours:
    """A value quoted in the text of chapters 1-3, as transcribed."""
    return Ours(float(run["values"][name]))


def multicast_points(run: RunRecord) -> Ours:
    """The five 64 KB multicast times as transcribed, against the text's (seed line 626)."""
    ours = [int(x) for x in run["mcast"]["points"]["time_64kb_ms"]]
    return Ours(", ".join(map(str, ours)) + " ms", holds=tuple(ours) == MULTICAST_TEXT_MS)


# -- arithmetic on Tables 2.2-2.6 --------------------------------------------------------------------------

def rate_difference(run: RunRecord, first: str, second: str) -> Ours:
    """r_max of one row minus another's, in the tables' unit."""
    r = _rows(run)["r_max"]
    return Ours(float(r[first] - r[second]))


def rate_share_pct(run: RunRecord, part: str, whole: str) -> Ours:
    """r_max of one row as a percentage of another's."""
    r = _rows(run)["r_max"]
    return Ours(float(100 * r[part] / r[whole]))


def rate_spread(run: RunRecord, platforms: list[str], limit: float) -> Ours:
    """The spread of several rows' r_max, and whether it is within ``limit``."""
    r = _rows(run)["r_max"][platforms]
    spread = float(r.max() - r.min())
    return Ours(f"spread {spread:.3f} Mbit/s", holds=spread <= limit)


def t0_order(run: RunRecord) -> Ours:
    """Does t0 fall AAL5 > AAL4 > TCP/ATM > TCP/Ethernet on both routes (Tables 2.2 and 2.3)?"""
    t0 = _rows(run)["t0_us"]
    order = all(t0[f"aal5_{m}"] > t0[f"aal4_{m}"] > t0[f"tcp_atm_{m}"] > t0[f"tcp_eth_{m}"] for m in ("normal", "direct"))
    return Ours("holds in Tables 2.2 and 2.3" if order else "order broken", holds=order)


def rate_ratio_above(run: RunRecord, first: str, second: str, factor: float) -> Ours:
    """r_max of one row over another's, and whether it exceeds ``factor``."""
    r = _rows(run)["r_max"]
    ratio = float(r[first] / r[second])
    return Ours(f"{r[first]:g} / {r[second]:g} = {ratio:.2f}", holds=ratio > factor)


def rate_gain_pct(run: RunRecord, before: str, after: str) -> Ours:
    """The r_max gain from one row to another, in per cent."""
    r = _rows(run)["r_max"]
    return Ours(float(100 * (r[after] / r[before] - 1)))


def t0_cut_pct(run: RunRecord, before: str, after: str) -> Ours:
    """The t0 reduction from one row to another, in per cent."""
    t0 = _rows(run)["t0_us"]
    return Ours(float(100 * (1 - t0[after] / t0[before])))


def t0_cut_within(run: RunRecord, before: str, after: str, up_to: str) -> Ours:
    """The 16-byte t0 cut, which must not exceed the text's "up to" maximum over message sizes."""
    cut = t0_cut_pct(run, before, after).value
    return Ours(f"t0 cut {cut:.1f} %", holds=cut <= run["values"][up_to])


def sp2_comparable(run: RunRecord) -> Ours:
    """Tuned PVM/LLA Direct against the IBM SP2 MPL: round trip within 5 % and throughput no lower."""
    h, v = _rows(run), run["values"]
    t0, r = h.loc["tuned_hippi_direct", "t0_us"], h.loc["tuned_hippi_direct", "r_max"]
    return Ours(f"{t0:g} us ({100 * (t0 / v['sp2_rtt_us'] - 1):+.1f} %), {r:g} MByte/s",
                holds=bool(abs(t0 / v["sp2_rtt_us"] - 1) < 0.05 and r >= v["sp2_MBps"]))


# -- predictions: the Hockney form and the equal-hop route model ----------------------------------------

def hockney_n_half(run: RunRecord, platform: str) -> Ours:
    """n_1/2 = a r / 2 of the Hockney curve through the row's t0 (a 16-byte round trip) and r_max."""
    return Ours(float(_rows(run).loc[platform, "n_half_hockney"]))


def _hop(run: RunRecord, pair: str):
    return run["hops"].set_index("pair").loc[pair]


def hop_r_ratio(run: RunRecord, pair: str) -> Ours:
    """Direct / Normal r_max of the equal-hop model (1 + 2f), calibrated on the Direct row only."""
    return Ours(float(_hop(run, pair)["r_ratio_model"]))


def hop_t0_ratio(run: RunRecord, pair: str) -> Ours:
    """Normal / Direct t0 of the equal-hop model, calibrated on the Direct row only."""
    return Ours(float(_hop(run, pair)["t0_ratio_model"]))


def direct_doubles(run: RunRecord) -> Ours:
    """The equal-hop model's Direct gain 1 + 2f against "more than twofold": true whenever f > 1/2, no data."""
    k = 1 + 2 * run.parameters["unix_hop_factor"]
    return Ours(f"equal-hop model: r_max ratio {k:.2f} = 1 + 2f", holds=k > 2)


# -- construction: the simulations against the closed forms -------------------------------------------------

#: Why a construction check has no value in a record computed without the simulations (the audit's size).
NOT_RUN = "the simulations were not run (the audit's size)"


def _not_run() -> Ours:
    # no model value to compare with either (NaN): the check is not applicable, with the reason
    return Ours(float("nan"), undefined=NOT_RUN, reference=float("nan"))


def echo_equals_sum(run: RunRecord) -> Ours:
    """The Ciw echo's round trip at the largest message against the sum of its stage times (one message in
    flight: no queueing), with its interval when the stages vary."""
    if "routes" not in run.extra:
        return _not_run()
    echo = run["routes"]["echo"]
    big = echo.iloc[int(echo["rtt_exact_s"].idxmax())]
    half = float(big["ci_half_width"])
    if half > 0:
        return Ours(float(big["rtt_sim_s"]), low=big["rtt_sim_s"] - half, high=big["rtt_sim_s"] + half,
                    basis="simulated", n=int(run.parameters["replications"]), reference=float(big["rtt_exact_s"]))
    return Ours(float(big["rtt_sim_s"]), reference=float(big["rtt_exact_s"]))


def jackson(run: RunRecord) -> Ours:
    """The Ciw message stream with exponential stages against the Jackson tandem's mean sojourn."""
    if "routes" not in run.extra:
        return _not_run()
    j = run["routes"]["jackson"]
    if j["trend"]["trends"]:
        return Ours(float("nan"), undefined="the simulated sojourns trend within the run (batch means)",
                    reference=j["exact_s"])
    return Ours(j["sim_s"], low=j["sim_s"] - j["ci_half_width"], high=j["sim_s"] + j["ci_half_width"],
                basis="simulated", n=int(j["n"]), reference=j["exact_s"])


def synthetic_rate(run: RunRecord) -> Ours:
    """The chosen fit's rate against the synthetic generator's, with the fit's 95 % interval."""
    if "synth" not in run.extra:
        return _not_run()
    s = run["synth"]
    fit, truth = s["fits"][run.parameters["fit_method"]], s["truth"]
    if run.parameters["noise_cv"] == 0 or not math.isfinite(fit["r_se"]) or fit["r_se"] <= 0:
        return Ours(float("nan"), undefined="noise-free synthetic data: every fit is exact, so nothing is tested",
                    reference=truth["r_Bps"])
    half = 1.96 * fit["r_se"]
    return Ours(fit["r_Bps"], low=fit["r_Bps"] - half, high=fit["r_Bps"] + half, basis="fitted", n=int(fit["n"]),
                reference=truth["r_Bps"])


def wls_coverage(run: RunRecord) -> Ours:
    """How often the WLS 95 % interval of r covers the generator's rate, against a binomial lower bound."""
    if "synth" not in run.extra:
        return _not_run()
    rec = run["synth"]["recovery"]
    sub = rec[rec["method"] == "wls"]
    n = len(sub)
    cover = float(sub["covered_r"].mean())
    low = 0.95 - 2.58 * math.sqrt(0.95 * 0.05 / n)
    if run.parameters["noise_cv"] == 0:
        return Ours(float("nan"), undefined="noise-free synthetic data: the standard errors are zero")
    return Ours(f"{100 * cover:.0f} % of {n} data sets (at least {100 * low:.0f} %)", holds=cover >= low)


def multicast_line(run: RunRecord, mode: str) -> Ours:
    """The Ciw serial or parallel multicast to n hosts against its line of Eq. 2.2."""
    m = run["mcast"]
    if mode not in m["sim"]:
        return _not_run()
    sim = m["sim"][mode]
    line = m["num"] if mode == "serial" else m["den"]
    exact = line[0] + line[1] * run.parameters["n_receivers"]
    half = float(sim.get("ci_half_width", 0.0) or 0.0)
    if half > 0 and math.isfinite(half):
        return Ours(sim["time_ms"], low=sim["time_ms"] - half, high=sim["time_ms"] + half, basis="simulated",
                    n=int(sim["n"]), reference=exact)
    return Ours(sim["time_ms"], reference=exact)


# -- multicast (Eq. 2.2) -----------------------------------------------------------------------------------------

def eq22_gain(run: RunRecord, hosts: float) -> Ours:
    """Eq. 2.2's gain at ``hosts`` receiving hosts."""
    m = run["mcast"]
    return Ours(float(analytic.eq22_gain(float(hosts), m["num"], m["den"])))


def multicast_ols(run: RunRecord, term: str) -> Ours:
    """The least-squares line of the five 64 KB times: its constant or its slope (ms, ms per host)."""
    return Ours(float(run["mcast"]["ols_const" if term == "const" else "ols_slope"]))


def multicast_mean_step(run: RunRecord) -> Ours:
    """The average increase per additional host of the five 64 KB times, (290 - 108) / 4."""
    return Ours(float(np.diff(run["mcast"]["points"]["time_64kb_ms"]).mean()))


def eq22_denominator_spread(run: RunRecord) -> Ours:
    """The re-implementation's time from one to four hosts by Eq. 2.2's denominator: three steps of its slope."""
    return Ours(float(3 * run["mcast"]["den"][1]))


# -- chapter 3: overhead, units, windows ---------------------------------------------------------------------

def tunnel_utilisation(run: RunRecord, hpdu: int) -> Ours:
    """Eq. 3.1 (1032-byte H-PDUs) or Eq. 3.2 (2056) at this run's header cells and data volume."""
    return Ours(float(run["overhead"]["u_1032" if hpdu == 1032 else "u_2056"]))


def aal_rate(run: RunRecord) -> Ours:
    """The AAL's rate on OC-3c from its line rate: x 260/270 (SONET payload) x 48/53 (cell payload)."""
    return Ours(analytic.aal_rate_mbps(run["values"]["oc3_mbps"]))


def crossover(run: RunRecord) -> Ours:
    """The first MTU at which IP routing beats tunnelling (this run's accounting), and from where it always does."""
    first, always = run["overhead"]["crossover"][run.parameters["header_accounting"]]
    if not math.isfinite(first):
        return Ours(float("nan"), undefined="IP routing never beats tunnelling in this run's MTU range")
    return Ours(first, note=f"beats it at every MTU from {always:,.0f} B" if math.isfinite(always) else "")


def ip_beats_tunnel_at_8k(run: RunRecord) -> Ours:
    """Channel utilisation of IP routing at an 8 KB MTU against tunnelling with this run's H-PDUs."""
    o = run["overhead"]
    return Ours(f"utilisation {o['u_ip_8k']:.4f} vs {o['u_chosen']:.4f}", holds=bool(o["u_ip_8k"] > o["u_chosen"]))


def mbyte_as_mbit(run: RunRecord, name: str) -> Ours:
    """A quoted MByte/s (2^20 byte/s, seed line 986) in Mbit/s."""
    return Ours(analytic.mbyte_to_mbit(run["values"][name]))


def share_pct(run: RunRecord, part: str, whole: str = "", whole_value: float = 0.0) -> Ours:
    """A quoted rate as a percentage of another quoted rate (``whole``) or of a fixed one (``whole_value``)."""
    v = run["values"]
    return Ours(float(100 * v[part] / (v[whole] if whole else whole_value)))


def below_ceiling(run: RunRecord) -> Ours:
    """The tunnel's measured TCP rate against its ceiling (Eq. 3.1/3.2 utilisation x the AAL rate)."""
    ceiling = run["overhead"]["ceiling_mbps"]
    measured = run["values"]["tun_2m_tcp_mbps"]
    return Ours(f"{measured:g} < {ceiling:.2f} Mbit/s", holds=bool(measured < ceiling))


def tunnel_fp_rtt(run: RunRecord) -> Ours:
    """The LAN's HIPPI-FP round trip plus the tunnel's 0.75 ms."""
    v = run["values"]
    return Ours(float(v["lan_rtt_fp_ms"] + v["tun_fp_extra_ms"]))


def bdp_kb(run: RunRecord, network: str) -> Ours:
    """Bandwidth-delay product in KBytes of 1000 byte (rate x round trip)."""
    return Ours(float(run["windows"][f"bdp_{network}_bytes"] / 1000))


def window_scale(run: RunRecord) -> Ours:
    """The largest window over 64 KB, against the text's "scale factor up to 8"."""
    v = run["values"]
    factor = v["window_max_kb"] / 64
    return Ours(f"{factor:.0f} (a multiplier; the RFC 1323 shift is 3)", holds=factor == v["window_scale_factor"])


def _cap(run: RunRecord, network: str, window: int):
    caps = run["windows"]["caps"]
    return caps[(caps["network"] == network) & (caps["window_kb"] == window)].iloc[0]


def naive_cap(run: RunRecord, network: str, window: int) -> Ours:
    """W / RTT_short: the cap a window allows with the short-message round trip the thesis quotes."""
    return Ours(float(_cap(run, network, window)["naive_MBps"]))


def fitted_cap(run: RunRecord, network: str, window: int) -> Ours:
    """W / RTT_eff with RTT_eff fitted to the thesis's caps: a calibration target, compared as it is (the fit's
    misfit is the point, not its sampling error)."""
    return Ours(float(_cap(run, network, window)["fitted_MBps"]))


def window_256_fills(run: RunRecord) -> Ours:
    """Does 256 KB / RTT_eff (fitted to the 64 and 128 KB caps) reach the tunnel's ceiling?"""
    w = run["windows"]
    cap = analytic.window_cap_MBps(256, w["fits"]["tunnel"]["rtt_eff_ms"])
    return Ours(f"W/RTT_eff = {cap:.1f} vs ceiling {w['ceiling_MBps']:.1f} MByte/s", holds=bool(cap >= w["ceiling_MBps"]))


def chapter3_hockney(run: RunRecord, case: str, m_bytes: int) -> Ours:
    """A Chapter 3 Hockney curve (through the quoted short round trip and largest rate) at ``m_bytes``."""
    c3 = run["ch3"]
    row = c3[(c3["case"] == case) & (c3["m_bytes"] == m_bytes)].iloc[0]
    if row["relation"] == "more than":
        return Ours(f"{row['hockney_MBps']:.1f} MByte/s", holds=bool(row["hockney_MBps"] > row["paper_MBps"]))
    return Ours(float(row["hockney_MBps"]))


def not_modelled(run: RunRecord, words: str = "not modelled") -> Ours:
    """A statement the chapter shows but cannot score (the table gives the reason)."""
    return Ours(words)


# -- the run's record ---------------------------------------------------------------------------------------------

def chapter_record(ch, results: dict[str, Any]) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`; ``results`` the dict of the
    chapter's experiment results, keys as in :func:`run_record`)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics), dict(results))


@functools.lru_cache(maxsize=16)
def _overhead(hpdu_bytes, data_bytes, header_cells, header_accounting, mtu_min, mtu_max, link_rate_mbps):
    # reads no data (Eqs. 3.1-3.2 and Figure 3.4 are closed forms of the parameters): safe to keep in memory
    return ex.overhead_experiment(hpdu_bytes, data_bytes, header_cells, header_accounting, mtu_min, mtu_max,
                                  link_rate_mbps)


class _Results(dict):
    """The chapter's results, each computed on first use (the audit reads only what a check needs)."""

    def __init__(self, makers: dict[str, Any]) -> None:
        super().__init__()
        self.makers = makers

    def __missing__(self, key: str) -> Any:
        self[key] = value = self.makers[key]()
        return value

    def __contains__(self, key: object) -> bool:
        return key in self.makers


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    Each result is computed when a check first reads it. ``sims: false`` in ``parameters`` (the audit's size)
    leaves out the synthetic fits, the Ciw routes and the Ciw multicasts, which only construction checks read.
    """
    p = dict(parameters)
    sims = bool(p.get("sims", True))
    res: _Results

    makers = {
        "values": ex.values,
        "platforms": lambda: analytic.platform_table(p["mbyte_base"]),
        "hockney": lambda: analytic.hockney_comparison(res["platforms"]),
        "hops": lambda: ex.equal_hop_table(p["mbyte_base"], p["unix_hop_factor"], res["platforms"]),
        "mcast": lambda: ex.multicast_experiment(p["n_receivers"], p["multicast_cv"], p["replications"], p["seed"],
                                                 sims=sims),
        "overhead": lambda: _overhead(*(p[k] for k in ("hpdu_bytes", "data_bytes", "header_cells",
                                                       "header_accounting", "mtu_min", "mtu_max", "link_rate_mbps"))),
        "windows": lambda: ex.window_caps(*(p[k] for k in ("lan_rtt_ms", "tunnel_rtt_ms", "hippi_rate_mbps",
                                                           "link_rate_mbps", "hpdu_bytes", "header_cells"))),
        "ch3": lambda: ex.chapter3_hockney(p["hippi_rate_mbps"])}
    if sims:
        makers["synth"] = lambda: ex.run(ex.synthetic_experiment, p)
        makers["routes"] = lambda: ex.run(ex.route_experiment, p)
    res = _Results(makers)
    return RunRecord(p, {}, {}, res)


