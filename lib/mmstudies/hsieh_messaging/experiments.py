"""The chapter's experiments, each a function of the chapter's parameters returning plain data,
and the tables the chapter shows, assembled from the transcribed data and those results.

Every experiment here is deterministic given its arguments (seeded), so the notebook runs it
through the simulation cache with :func:`run`.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from mmperf import steady
from mmperf.data import load_table, load_values
from mmperf.simcache import cached
from mmstudies.hsieh_messaging import analytic, model, synthetic, tcp

STUDY = "hsieh"


def run(experiment: Callable[..., Any], params: dict[str, Any]) -> Any:
    """``experiment`` called through the simulation cache with its arguments taken from ``params``.

    Every argument of ``experiment`` that ``params`` names is passed; the others keep their
    defaults. Extra entries of ``params`` are ignored, so the chapter passes all its parameters.

    Examples
    --------
    >>> import os, tempfile
    >>> os.environ["MMPERF_CACHE_DIR"] = tempfile.mkdtemp()
    >>> run(chapter3_hockney, {"hippi_rate_mbps": 800.0, "seed": 1}).shape
    (5, 7)
    >>> del os.environ["MMPERF_CACHE_DIR"]
    """
    names = inspect.signature(experiment).parameters
    return cached(experiment, **{k: params[k] for k in names if k in params})


def values() -> dict[str, float]:
    """Every unnumbered statement of chapters 1-3 as ``name -> float`` (both values tables)."""
    out = {k: float(v) for k, v in load_values(STUDY, "msg_values").items()}
    out.update({k: float(v) for k, v in load_values(STUDY, "msg_values_ch3").items()})
    return out


def pair_of(platform: str) -> tuple[str, str]:
    """(Normal id, Direct id) of the platform's table row.

    >>> pair_of("aal5_direct")
    ('aal5_normal', 'aal5_direct')
    """
    base = platform.rsplit("_", 1)[0]
    return f"{base}_normal", f"{base}_direct"


# ----------------------------------------------------------------------------------------------
# Chapter 2: point to point
# ----------------------------------------------------------------------------------------------

def equal_hop_table(mbyte_base: str, unix_hop_factor: float, platforms: pd.DataFrame | None = None) -> pd.DataFrame:
    """For every Normal/Direct pair: the tables' ratios and the equal-hop model's predictions.

    ``platforms`` is :func:`analytic.platform_table` at ``mbyte_base`` when the caller has it already.
    """
    t = (analytic.platform_table(mbyte_base) if platforms is None else platforms).set_index("id")
    rows = []
    for normal, direct in analytic.ROUTE_PAIRS.items():
        p = analytic.equal_hop_prediction(t.loc[direct], unix_hop_factor)
        rows.append({"pair": normal.rsplit("_", 1)[0], "table": t.loc[normal, "table"],
                     "platform": t.loc[normal, "platform"], "network": t.loc[normal, "network"],
                     "r_ratio_table": t.loc[direct, "r_Bps"] / t.loc[normal, "r_Bps"],
                     "r_ratio_model": p["r_ratio"],
                     "t0_ratio_table": t.loc[normal, "t0_us"] / t.loc[direct, "t0_us"],
                     "t0_ratio_model": p["t0_ratio"]})
    return pd.DataFrame(rows)


def synthetic_experiment(platform: str, mbyte_base: str, generator: str, r_max_factor: float, t0_factor: float,
                         noise_cv: float, repetitions: int, msg_log2_min: int, msg_log2_max: int,
                         fit_method: str, recovery_sets: int, seed: int) -> dict:
    """Synthetic echo data for one table row, the three fits, the thesis's empirical metrics, and
    a recovery study of every fit method."""
    row = analytic.platform_table(mbyte_base).set_index("id").loc[platform]
    truth = synthetic.generator_parameters(row, generator, r_max_factor, t0_factor)
    sizes = synthetic.message_sizes(msg_log2_min, msg_log2_max)
    data = synthetic.generate(sizes, truth["a_s"], truth["r_Bps"], noise_cv, repetitions, seed)
    fits = {m: synthetic.fit(data, m) for m in synthetic.FIT_METHODS}
    empirical = synthetic.empirical_metrics(data)
    recovery = []
    for m in synthetic.FIT_METHODS:
        rs = synthetic.recovery_study(sizes, truth["a_s"], truth["r_Bps"], noise_cv, repetitions, m,
                                      recovery_sets, seed + 7919)
        rs["method"] = m
        recovery.append(rs)
    return {"row": row.to_dict(), "truth": truth, "sizes": sizes, "data": data, "fits": fits,
            "empirical": empirical, "recovery": pd.concat(recovery, ignore_index=True)}


def _direct_hop(platform: str, mbyte_base: str) -> tuple[pd.DataFrame, str, str, float, float]:
    """The platform table, the pair's ids, and the Direct row's Hockney intercept (s) and rate (byte/s)."""
    t = analytic.platform_table(mbyte_base).set_index("id")
    normal_id, direct_id = pair_of(platform)
    d = t.loc[direct_id]
    return t, normal_id, direct_id, analytic.intercept_from_t0(d["t0_us"] * 1e-6, d["r_Bps"]), d["r_Bps"]


def stream_stages(platform: str, mbyte_base: str, unix_hop_factor: float, stream_load: float,
                  m_bytes: float = 65536.0) -> dict[str, Any]:
    """The message streams' stage times (s) on both routes and their arrival rate (messages/s).

    The arrival rate is ``stream_load`` over the Normal route's slowest stage; a stage of zero time (a
    free local hop, ``unix_hop_factor = 0``) is left out.

    Examples
    --------
    >>> s = stream_stages("aal5_direct", "binary", 1.0, 0.5)
    >>> [round(float(t / s["direct"][0]), 12) for t in s["normal"]], round(float(s["arrival_rate"] * s["direct"][0]), 12)
    ([1.0, 1.0, 1.0], 0.5)
    """
    _, _, _, a_d, r_d = _direct_hop(platform, mbyte_base)
    normal = [x for x in analytic.route_stage_times("normal", m_bytes, a_d, r_d, unix_hop_factor) if x > 0]
    direct = analytic.route_stage_times("direct", m_bytes, a_d, r_d, unix_hop_factor)
    return {"normal": normal, "direct": direct, "arrival_rate": stream_load / max(normal)}


#: The stations of the two message streams: the Normal route's task->pvmd, pvmd->pvmd and pvmd->task hops
#: (a free local hop is left out) and the Direct route's one hop.
NORMAL_STATIONS = ("local hop (sender)", "network hop (Normal)", "local hop (receiver)")


def route_stations(platform: str, mbyte_base: str, unix_hop_factor: float, stream_load: float
                   ) -> list[steady.StationCheck]:
    """Each stream stage as a station, with its offered utilisation, checked before the simulation.

    Examples
    --------
    >>> [round(float(c.utilisation), 12) for c in route_stations("aal5_direct", "binary", 1.0, 0.7)]
    [0.7, 0.7, 0.7, 0.7]
    """
    s = stream_stages(platform, mbyte_base, unix_hop_factor, stream_load)
    names = [n for n, f in zip(NORMAL_STATIONS, (unix_hop_factor, 1.0, unix_hop_factor), strict=True) if f > 0]
    stations = [steady.Station(n, s["arrival_rate"], 1.0 / t) for n, t in zip(names, s["normal"], strict=True)]
    stations.append(steady.Station("network hop (Direct)", s["arrival_rate"], 1.0 / s["direct"][0]))
    return steady.check_stations(stations)


def route_experiment(platform: str, mbyte_base: str, unix_hop_factor: float, route_cv: float,
                     route_messages: int, stream_load: float, stream_messages: int, replications: int,
                     seed: int, sizes=(16.0, 1024.0, 8192.0, 65536.0, 262144.0)) -> dict:
    """Ciw echo over both routes of the platform's pair (stage times from the Direct row), the
    exact sums, and a message stream on each route at ``stream_load`` of the Normal route's
    slowest stage, with a batch-means trend test of its sojourns; plus a Jackson-line validation
    at exponential service."""
    t, normal_id, direct_id, a_d, r_d = _direct_hop(platform, mbyte_base)

    def table_rtt(m: float, pid: str) -> float:
        row = t.loc[pid]
        return analytic.hockney_rtt(m, analytic.intercept_from_t0(row["t0_us"] * 1e-6, row["r_Bps"]), row["r_Bps"])

    rows = []
    for m in sizes:
        for route in ("normal", "direct"):
            stages = [x for x in analytic.route_stage_times(route, m, a_d, r_d, unix_hop_factor) if x > 0]
            sim = model.replicate_echo(stages, route_messages, route_cv, replications, seed)
            rows.append({"m_bytes": m, "route": route, "rtt_exact_s": 2 * sum(stages), "rtt_sim_s": sim["rtt_s"],
                         "ci_half_width": sim["ci_half_width"],
                         "rtt_table_s": table_rtt(m, normal_id if route == "normal" else direct_id)})
    echo = pd.DataFrame(rows)
    m_stream = 65536.0
    st = stream_stages(platform, mbyte_base, unix_hop_factor, stream_load, m_stream)
    positive, lam = st["normal"], st["arrival_rate"]
    stream = {}
    for route, stages in (("normal", positive), ("direct", st["direct"])):
        runs = [model.simulate_stream(stages, lam, max(route_cv, 1e-9) if route_cv > 0 else 0.0,
                                      stream_messages, seed + i) for i in range(replications)]
        soj = [r["sojourn_s"] for r in runs]
        stream[route] = {"sojourn_s": float(np.mean(soj)),
                         "ci_half_width": float(_half(soj)) if route_cv > 0 else 0.0,
                         "capacity_per_s": 1.0 / max(stages), "sum_s": float(sum(stages)),
                         "trend": _trend([r["sojourns_s"] for r in runs])}
    # validation against the Jackson line at a fixed load of 0.5 of the slowest stage and at least 5
    # replications: the 95 % interval (about +-4 % of the mean for 3000 messages) can decide against a 10 % band
    lam_j = 0.5 / max(positive)
    jack = [model.simulate_stream(positive, lam_j, 1.0, stream_messages, seed + 100 + i)
            for i in range(max(replications, 5))]
    jack_runs = [r["sojourn_s"] for r in jack]
    jackson = {"sim_s": float(np.mean(jack_runs)), "ci_half_width": float(_half(jack_runs)),
               "exact_s": model.jackson_sojourn(positive, lam_j), "load": 0.5, "arrival_rate": lam_j,
               "n": len(jack_runs), "trend": _trend([r["sojourns_s"] for r in jack])}
    return {"echo": echo, "stream": stream, "jackson": jackson, "pair": (normal_id, direct_id),
            "stream_message_bytes": m_stream}


def _trend(runs: list[list[float]], batches: int = 10) -> dict[str, Any]:
    """Batch-means trend test (:func:`mmperf.steady.batch_means_trend`) of the replications' sojourns,
    averaged message by message over the replications (each in order of arrival).

    A run too short for ``batches`` batches gives no test (``trends`` False, ``p_value`` NaN).
    """
    n = min(len(r) for r in runs)
    if n < batches:
        return {"trends": False, "p_value": math.nan, "slope": math.nan}
    mean = np.mean([r[:n] for r in runs], axis=0)
    tr = steady.batch_means_trend(mean, batches=batches)
    return {"trends": tr.trends, "p_value": tr.p_value, "slope": tr.slope}


def _half(values) -> float:
    from mmperf.stats import mean_ci

    return mean_ci(values)[1] if len(values) > 1 else math.nan


def multicast_experiment(n_receivers: int, multicast_cv: float, replications: int, seed: int,
                         sims: bool = True) -> dict:
    """Eq. 2.2, the OLS line of the 64 KB points, and the Ciw serial and parallel multicasts (``sims``;
    without them ``sim`` is empty)."""
    v = values()
    pts = load_table(STUDY, "msg_multicast")
    fit = analytic.ols_line(pts["remote_hosts"].astype(float), pts["time_64kb_ms"])
    num = (v["eq22_num_const_ms"], v["eq22_num_slope_ms"])
    den = (v["eq22_den_const_ms"], v["eq22_den_slope_ms"])
    ns = np.arange(1, max(10, n_receivers) + 1)
    sim = {}
    for mode in ("serial", "parallel") if sims else ():
        # the job times come from the transcribed Eq. 2.2 (the model's defaults equal them today)
        sim[mode] = model.replicate_multicast(n_receivers, mode, multicast_cv, replications, seed, num, den)
    return {"points": pts, "ols_const": float(fit.params.iloc[0] if hasattr(fit.params, "iloc") else fit.params[0]),
            "ols_slope": float(fit.params.iloc[1] if hasattr(fit.params, "iloc") else fit.params[1]),
            "ols_se": [float(x) for x in fit.bse], "num": num, "den": den, "ns": ns,
            "gain": analytic.eq22_gain(ns.astype(float), num, den), "sim": sim, "n": n_receivers}


# ----------------------------------------------------------------------------------------------
# Chapter 3
# ----------------------------------------------------------------------------------------------

def overhead_experiment(hpdu_bytes: int, data_bytes: int, header_cells: int, header_accounting: str,
                        mtu_min: int, mtu_max: int, link_rate_mbps: float) -> dict:
    """Eqs. 3.1-3.2 at the parameters, Figure 3.4's curves under both accountings, the crossovers."""
    u_small = analytic.tunnel_utilisation(1032, data_bytes, header_cells)
    u_large = analytic.tunnel_utilisation(2056, data_bytes, header_cells)
    u_chosen = analytic.tunnel_utilisation(hpdu_bytes, data_bytes, header_cells)
    step = max(1, (mtu_max - mtu_min) // 4000)
    mtus = np.arange(mtu_min, mtu_max + 1, step)
    curves = pd.DataFrame({"mtu": mtus})
    full = np.arange(mtu_min, mtu_max + 1)
    cross = {}
    for acc in analytic.ACCOUNTINGS:
        curves[acc] = [analytic.ip_routing_utilisation(int(m), data_bytes, acc) for m in mtus]
        cross[acc] = analytic.crossover_mtu(u_chosen, full, data_bytes, acc)
    aal = analytic.aal_rate_mbps(link_rate_mbps)
    return {"u_1032": u_small, "u_2056": u_large, "u_chosen": u_chosen, "curves": curves, "crossover": cross,
            "aal_mbps": aal, "ceiling_mbps": u_chosen * aal,
            "u_ip_8k": analytic.ip_routing_utilisation(8192, data_bytes, header_accounting)}


def window_caps(lan_rtt_ms: float, tunnel_rtt_ms: float, hippi_rate_mbps: float, link_rate_mbps: float,
                hpdu_bytes: int, header_cells: int) -> dict:
    """BDPs, the thesis's window caps, the naive caps W / RTT_short and the fitted ones W / RTT_eff, and
    the tunnel's ceiling (the part of :func:`window_experiment` without the simulated sender)."""
    v = values()
    lan_caps = {256: v["lan_cap_w256_MBps"], 128: v["lan_cap_w128_MBps"], 64: v["lan_cap_w64_MBps"]}
    tun_caps = {128: v["tun_cap_w128_MBps"], 64: v["tun_cap_w64_MBps"]}
    fits = {}
    for name, caps in (("lan", lan_caps), ("tunnel", tun_caps)):
        rtt, se, _ = analytic.fit_rtt_eff(list(caps), list(caps.values()))
        fits[name] = {"rtt_eff_ms": rtt, "se_ms": se, "points": len(caps)}
    ceiling_MBps = analytic.tunnel_utilisation(hpdu_bytes, 61440, header_cells) \
        * analytic.aal_rate_mbps(link_rate_mbps) * 1e6 / 8 / analytic.MEBI
    rows = []
    for name, caps, rtt in (("HIPPI LAN", lan_caps, lan_rtt_ms), ("HIPPI tunnelling", tun_caps, tunnel_rtt_ms)):
        key = "lan" if name == "HIPPI LAN" else "tunnel"
        for w, cap in caps.items():
            rows.append({"network": name, "window_kb": w, "cap_paper_MBps": cap,
                         "naive_MBps": analytic.window_cap_MBps(w, rtt),
                         "fitted_MBps": analytic.window_cap_MBps(w, fits[key]["rtt_eff_ms"])})
    return {"bdp_lan_bytes": analytic.bdp_bytes(hippi_rate_mbps, lan_rtt_ms),
            "bdp_tunnel_bytes": analytic.bdp_bytes(link_rate_mbps, tunnel_rtt_ms),
            "fits": fits, "caps": pd.DataFrame(rows), "ceiling_MBps": ceiling_MBps}


def window_experiment(lan_rtt_ms: float, tunnel_rtt_ms: float, hippi_rate_mbps: float, link_rate_mbps: float,
                      hpdu_bytes: int, header_cells: int, window_kb: float, mss_bytes: int) -> dict:
    """:func:`window_caps` and the illustrative window-limited sender (with the tunnel's fitted round trip)."""
    out = window_caps(lan_rtt_ms, tunnel_rtt_ms, hippi_rate_mbps, link_rate_mbps, hpdu_bytes, header_cells)
    fits, ceiling_MBps = out["fits"], out["ceiling_MBps"]
    link_Bps = ceiling_MBps * analytic.MEBI
    trace = {w: tcp.echo_trace(1_048_576, int(w * 1024), mss_bytes, link_Bps, fits["tunnel"]["rtt_eff_ms"] * 1e-3)
             for w in sorted({64.0, 512.0, float(window_kb)})}
    sim_windows = np.array([32, 64, 128, 256, 512, 1024, float(window_kb)])
    sim_windows = np.unique(sim_windows)
    sim_thr = tcp.window_throughputs(sim_windows, 2 * 1_048_576, mss_bytes, link_Bps,
                                     fits["tunnel"]["rtt_eff_ms"] * 1e-3) / analytic.MEBI
    return {**out, "trace": trace, "sim_windows": sim_windows, "sim_MBps": sim_thr,
            "window_kb": float(window_kb),
            "window_MBps": float(tcp.transfer_throughput(2 * 1_048_576, int(window_kb * 1024), mss_bytes, link_Bps,
                                                         fits["tunnel"]["rtt_eff_ms"] * 1e-3) / analytic.MEBI)}


def chapter3_hockney(hippi_rate_mbps: float) -> pd.DataFrame:
    """Hockney curves of Chapter 3 built from two quoted numbers each (short RTT and the largest
    throughput), and their predictions at the other quoted sizes."""
    v = values()
    cases = [("HIPPI LAN, HIPPI-FP", v["lan_rtt_fp_ms"], v["lan_16m_fp_MBps"],
              [(65536, v["lan_64k_fp_MBps"], "more than"), (2 * 2 ** 20, v["lan_2m_fp_MBps"], "equal")]),
             ("HIPPI LAN, TCP", v["lan_rtt_tcp_ms"], v["lan_16m_tcp_MBps"],
              [(65536, v["lan_64k_tcp_MBps"], "more than"), (2 * 2 ** 20, v["lan_2m_tcp_MBps"], "equal")]),
             ("Tunnelling, TCP", v["tun_rtt_tcp_bdp_ms"], v["tun_2m_tcp_MBps"],
              [(65536, v["tun_64k_tcp_MBps"], "equal")])]
    rows = []
    for name, rtt_ms, r_MBps, quoted in cases:
        r = r_MBps * analytic.MEBI
        a = rtt_ms * 1e-3
        for m, paper, rel in quoted:
            pred = analytic.echo_throughput(m, analytic.hockney_rtt(m, a, r)) / analytic.MEBI
            rows.append({"case": name, "rtt_ms": rtt_ms, "r_inf_MBps": r_MBps, "m_bytes": m,
                         "paper_MBps": paper, "relation": rel, "hockney_MBps": pred})
    return pd.DataFrame(rows)


def errata() -> pd.DataFrame:
    """Inconsistencies, slips and OCR damage in thesis chapters 1-3 (notes Appendix A, checked against the seed)."""
    rows = [
        ("405-409", "Table 2.1", "header row and one cell are OCR noise; footnote 2 text missing",
         "read as the consistent matrix of data/hsieh/msg_table2_1.csv"),
        ("589, 598", "Tables 2.2, 2.3", "titles garbled ('Normai nou', 'Table 2.9. Direct House')",
         "the clean captions at lines 596 and 605: Normal Route, Direct Route"),
        ("593, 602", "Tables 2.2, 2.3", "'PVM-TCP-ATM' in one table, 'PVM/TCP/ATM' in the other",
         "the same platform"),
        ("626", "Section 2.3.5.4", "1 MB multicast: three values ('108, 3200, 3850') for five host counts",
         "unrecoverable; not used"),
        ("626-628", "Eq. 2.1", "the explanatory sentence is truncated and names T_acknowledgment for T_multicast",
         "T_total = T_multicast (sending) + T_acknowledgment (receiving the acknowledgements)"),
        ("633, 626", "Eq. 2.2", "numerator 70 + 37n does not follow from the five quoted 64 KB times",
         "least squares gives 48.7 + 46.9n; both are shown"),
        ("626, 633", "Eq. 2.2", "denominator spread from 1 to 4 hosts is 12.5 ms; the text says about 20 ms",
         "shown as a check"),
        ("739", "Table 2.5", "title garbled ('Lable 2.5 ... over Ether.')", "List of Tables, line 154"),
        ("796", "Table 2.6", "caption 'over of' [sic]; MBytes/sec base not stated in Chapter 2",
         "parameter mbyte_base (default 2^20, as Chapter 3 states at line 986)"),
        ("763, 786", "Section 2.4", "un-tuned peak 11.72 MByte/s in the text, 11.763 in Table 2.6",
         "recorded as not comparable"),
        ("1002", "Section 3.3.2", "644.363 Mbit/s is 80.55 % of 800, printed 80.05 %", "a slip"),
        ("1020", "Section 3.3.2.1", "'scale factor can be up to 8'", "a multiplier of 8 (RFC 1323 shift 3)"),
        ("1096", "Section 3.4.1", "'Figure 3.16 and Figure 3.17 depict the achievable throughput'",
         "Figure 3.16 is the RTT figure; both throughput panels are Figure 3.17"),
        ("1096", "Section 3.4.1", "'our argument in Section 3.4'", "the argument is in Section 3.2.4"),
        ("1106", "Section 3.4.1.1", "'Figure 3.14 in Section 4.3.1'", "Section 3.3.3.1"),
        ("616", "Section 2.3.5.3", "t0 is a 16-byte round trip, not Hockney's zero-length one-way time",
         "the book converts: a = t0 - 32/r"),
    ]
    return pd.DataFrame(rows, columns=["seed lines", "where", "the seed says", "our reading"])


# ----------------------------------------------------------------------------------------------
# Tables the chapter shows
# ----------------------------------------------------------------------------------------------

#: Column headers of Tables 2.5 and 2.6, which give both routes side by side.
ROUTE_HEADERS = {f"{route}_{q}": f"{route.capitalize()} {label}" for route in ("normal", "direct")
                 for q, label in (("r_max_Mbit_s", "r_max (Mbit/s)"), ("r_max_MByte_s", "r_max (MByte/s)"),
                                  ("n_half_bytes", "n_1/2 (byte)"), ("t0_us", "t0 (µs)"))}

#: How Tables 2.2 and 2.3 are shown (keyword arguments of the chapter's table helper).
ROUTE_TABLE_FORMAT = {"units": {"r_max_Mbit_s": "", "n_half_bytes": "byte", "t0_us": "µs"},
                      "formats": {"r_max_Mbit_s": ".3f", "n_half_bytes": "int", "t0_us": "sig5"}}


def table2_1() -> pd.DataFrame:
    """Table 2.1, the transport matrix, with its first column named for the page.

    >>> table2_1().columns[0]
    'from / to'
    """
    return load_table(STUDY, "msg_table2_1").rename(columns={"endpoint": "from / to"})


def seed_table(key: str) -> pd.DataFrame:
    """A transcribed table without its ``seed_line`` column (Tables 2.2-2.4).

    >>> "seed_line" in seed_table("msg_table2_4").columns
    False
    """
    return load_table(STUDY, key).drop(columns=["seed_line"])


def both_routes_table(key: str) -> pd.DataFrame:
    """Table 2.5 or 2.6 (both routes side by side) with readable headers (:data:`ROUTE_HEADERS`).

    >>> list(both_routes_table("msg_table2_5").columns)[1]
    'Normal r_max (Mbit/s)'
    """
    return seed_table(key).rename(columns=ROUTE_HEADERS)


def rate_formats(table: pd.DataFrame) -> dict[str, str]:
    """Three decimals for every r_max column of ``table``, as the thesis prints them.

    >>> rate_formats(pd.DataFrame(columns=["platform", "Normal r_max (Mbit/s)", "Normal t0 (µs)"]))
    {'Normal r_max (Mbit/s)': '.3f'}
    """
    return {c: ".3f" for c in table.columns if "r_max" in c}


def fit_table(syn: dict, generator: str) -> pd.DataFrame:
    """The table row, the generator and every fit of :func:`synthetic_experiment` side by side.

    The table row's intercept is the exact Hockney one, ``a = t0 - 32 / r``; the generator's
    n_1/2 is the Hockney one of its parameters; a fit's columns are its estimates and 95 %
    half-widths (1.96 standard errors) in ms and Mbit/s.
    """
    row, truth = syn["row"], syn["truth"]
    row_r = row["r_Bps"]
    rows = [{"fit": "table row (t0 as a, r_max, n_1/2)",
             "a (ms)": analytic.intercept_from_t0(row["t0_us"] * 1e-6, row_r) * 1e3,
             "r (Mbit/s)": row_r * 8e-6, "n_1/2 (byte)": row["n_half_bytes"]},
            {"fit": f"generator {generator}", "a (ms)": truth["a_s"] * 1e3, "r (Mbit/s)": truth["r_Bps"] * 8e-6,
             "n_1/2 (byte)": analytic.hockney_n_half(truth["a_s"], truth["r_Bps"])}]
    rows += [{"fit": m.upper(), "a (ms)": f["a_s"] * 1e3, "95 % ± a (ms)": 1.96 * f["a_se"] * 1e3,
              "r (Mbit/s)": f["r_Bps"] * 8e-6, "95 % ± r (Mbit/s)": 1.96 * f["r_se"] * 8e-6,
              "n_1/2 (byte)": f["n_half_bytes"]} for m, f in syn["fits"].items()]
    return pd.DataFrame(rows)


#: Chapter 3's results quoted both in MByte/s and in Mbit/s: (what, MByte/s, Mbit/s, seed line).
QUOTED_TWICE = (("HIPPI-FP, LAN, 2 MB", 73.73, 618.47, 982), ("HIPPI-FP, LAN, 16 MB", 76.81, 644.363, 1002),
                ("TCP, tunnelling, 2 MB", 13.27, 111.32, 1046), ("TCP, IP routing, 2 MB", 13.47, 113.01, 1096))


def unit_checks_table() -> pd.DataFrame:
    """Every value of :data:`QUOTED_TWICE` converted from MByte/s (2^20 byte/s) to Mbit/s, with the
    rounding band of the printed MByte/s (half a unit of its second decimal, in Mbit/s)."""
    return pd.DataFrame([{"quoted": what, "seed line": line, "MByte/s (paper)": mb, "Mbit/s (paper)": paper_mbit,
                          "Mbit/s (ours)": analytic.mbyte_to_mbit(mb),
                          "band (Mbit/s)": analytic.rounding_band_mbit(mb, 2)}
                         for what, mb, paper_mbit, line in QUOTED_TWICE])
