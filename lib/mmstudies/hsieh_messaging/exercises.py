"""The chapter's exercises, each answered at the setting its exercise states (not at the run's parameters).

Every function here runs the study's model at one exercise's own setting; the notebook glues what they return,
so a solution stays true when the chapter's defaults change. The settings are module constants, named by the
exercise that states them. Exercise 6 (reading Figure 3.4 of this run) is the one answer taken from the run.

The *extend* exercise (IPv6 headers on Figure 3.4's IP-routing curve) changes one line of
:func:`mmstudies.hsieh_messaging.analytic.ip_routing_cells`; :func:`ip_fragment_cells` is that function's
``ip_fragments`` branch with the header size as a parameter, so the extension runs without editing the model.
"""

from __future__ import annotations

import math

import numpy as np

from mmstudies.hsieh_messaging import analytic, experiments, synthetic

#: Exercise nhalf: Table 2.3, PVM-ATM over AAL5, Direct route (seed line 600): r_max (bit/s), t0 (s), n_1/2 (byte).
NHALF_R_MAX_BIT_S, NHALF_T0_S, NHALF_TABLE_BYTES = 27.202e6, 1905.5e-6, 7867
#: Exercise oc12: the OC-12 line rate (Mbit/s), the thesis's H-PDU (byte) and short tunnel round trip (ms).
OC12_MBPS, OC12_HPDU_BYTES, OC12_TUNNEL_RTT_MS = 622.08, 2056, 2.75
#: Exercise gain3: Eq. 2.2's lines (seed line 633), numerator 70 + 37 n and denominator 95.83 + 4.17 n ms.
EQ22_NUM, EQ22_DEN, GAIN_TARGET = (70.0, 37.0), (95.83, 4.17), 3.0
#: Exercise mtu32k: a 32 KB HIPPI MTU tunnelled in 2056-byte H-PDUs with the thesis's 3 header cells.
MTU32K_DATA_BYTES, MTU32K_HPDU_BYTES = 32768, 2056
#: Exercise ipv6: the IPv6 header (byte) against IPv4's, at the thesis's 2056-byte H-PDUs and 61440-byte MTU.
IPV6_HEADER, IPV4_HEADER = 40, analytic.IP_HEADER
#: Exercise gainfig: the host count at which the gain is read off the chapter's figure of Eq. 2.2.
GAIN_FIGURE_N = 7
#: Figure 3.4's MTU range at the thesis's setting (the chapter's defaults mtu_min and mtu_max).
MTU_RANGE = (576, 65280)
#: Exercise wls: the noise of the re-run; every other synthetic setting is the thesis's default.
WLS_SETTING = {"platform": "aal5_direct", "mbyte_base": "binary", "generator": "A", "r_max_factor": 1.0,
               "t0_factor": 1.0, "noise_cv": 0.15, "repetitions": 30, "msg_log2_min": 4, "msg_log2_max": 22,
               "recovery_sets": 40, "seed": 1}
#: Exercise design: the pilot (noise, repetitions per size) and the target relative half width of r's 95 % interval.
DESIGN_NOISE_CV, DESIGN_PILOT_REPETITIONS, DESIGN_TARGET = 0.03, 5, 0.005


def gain_bound(target: float, num=EQ22_NUM, den=EQ22_DEN) -> float:
    """The host count ``n`` at which Eq. 2.2's gain equals ``target``:
    ``(c_n + s_n n) / (c_d + s_d n) = g`` gives ``n = (g c_d - c_n) / (s_n - g s_d)``.

    >>> round(gain_bound(3.0), 4)   # (287.49 - 70) / (37 - 12.51) = 217.49 / 24.49
    8.8808
    """
    return (target * den[0] - num[0]) / (num[1] - target * den[1])


def ip_fragment_cells(mtu: int, data_bytes: int = 61440, ip_header: int = IPV4_HEADER) -> int:
    """Cells of IP routing with fragments that each carry an ``ip_header``-byte header (the extension).

    :func:`analytic.ip_routing_cells`'s ``ip_fragments`` branch with ``analytic.IP_HEADER`` replaced by
    ``ip_header``: one TCP segment (20-byte header) cut into fragments of 8-byte-aligned data, each with
    the IP header, an 8-byte LLC/SNAP header and the AAL5 trailer, padded to whole cells.

    Examples
    --------
    >>> ip_fragment_cells(8192) == analytic.ip_routing_cells(8192)    # IPv4: the model unchanged
    True
    >>> ip_fragment_cells(1500, data_bytes=1480, ip_header=40)   # 1500 = 1456 + 44: ceil(1512/48) + ceil(100/48)
    35
    """
    per = (int(mtu) - ip_header) // 8 * 8
    if per <= 0:
        raise ValueError(f"MTU {mtu} leaves no room for fragment data after a {ip_header}-byte header")
    full, rest = divmod(int(data_bytes) + analytic.TCP_HEADER, per)
    sizes = [per + ip_header] * full + ([rest + ip_header] if rest else [])
    return sum(analytic.cells_for(s + analytic.LLC_SNAP) for s in sizes)


def first_crossover(u_tunnel: float, ip_header: int, mtus=range(MTU_RANGE[0], MTU_RANGE[1] + 1),
                    data_bytes: int = 61440) -> float:
    """The smallest MTU whose IP-routing utilisation (headers of ``ip_header`` bytes) beats ``u_tunnel``.

    >>> first_crossover(analytic.tunnel_utilisation(2056), IPV4_HEADER) == analytic.crossover_mtu(
    ...     analytic.tunnel_utilisation(2056), range(576, 65281))[0]
    True
    """
    for mtu in mtus:
        if data_bytes / (ip_fragment_cells(mtu, data_bytes, ip_header) * analytic.CELL_PAYLOAD) > u_tunnel:
            return float(mtu)
    return math.nan


def exercise_answers() -> dict[str, float]:
    """The answers that need no simulation, each at its exercise's setting (glue names as keys).

    >>> a = exercise_answers()
    >>> a["ex_gain3_n"], round(a["ex_mtu32k_u"], 5)
    (9, 0.98794)
    """
    r = NHALF_R_MAX_BIT_S / 8
    a_s = NHALF_T0_S - 32 / r
    nhalf = a_s * r / 2
    aal = analytic.aal_rate_mbps(OC12_MBPS)
    rtt_eff_tunnel = tunnel_rtt_eff_ms()
    bound = gain_bound(GAIN_TARGET)
    u_2056 = analytic.tunnel_utilisation(OC12_HPDU_BYTES)
    return {"ex_r_bps": r, "ex_a_us": a_s * 1e6, "ex_nhalf": nhalf, "ex_nhalf_table": NHALF_TABLE_BYTES,
            "ex_nhalf_ratio": NHALF_TABLE_BYTES / nhalf,
            "ex_oc12_aal": aal, "ex_oc12_ceiling": aal * analytic.tunnel_utilisation(OC12_HPDU_BYTES),
            "ex_oc12_bdp_kb": analytic.bdp_bytes(OC12_MBPS, OC12_TUNNEL_RTT_MS) / 1000,
            "ex_oc12_rtt_eff_ms": rtt_eff_tunnel,
            "ex_oc12_window_eff_kb": analytic.bdp_bytes(OC12_MBPS, rtt_eff_tunnel) / 1024,
            "ex_gainfig_n": GAIN_FIGURE_N, "ex_gainfig_gain": float(analytic.eq22_gain(GAIN_FIGURE_N)),
            "ex_gain3_target": GAIN_TARGET, "ex_gain3_bound": bound, "ex_gain3_n": math.floor(bound) + 1,
            "ex_mtu32k_bytes": MTU32K_DATA_BYTES,
            "ex_mtu32k_cells": analytic.tunnel_cells(MTU32K_HPDU_BYTES, MTU32K_DATA_BYTES),
            "ex_mtu32k_u": analytic.tunnel_utilisation(MTU32K_HPDU_BYTES, MTU32K_DATA_BYTES),
            "ex_mtu32k_u_61440": u_2056,
            "ex_ipv6_header": IPV6_HEADER,
            "ex_ipv6_first_v4": first_crossover(u_2056, IPV4_HEADER),
            "ex_ipv6_first_v6": first_crossover(u_2056, IPV6_HEADER),
            "ex_ipv6_u8k_v4": 61440 / (ip_fragment_cells(8192, ip_header=IPV4_HEADER) * analytic.CELL_PAYLOAD),
            "ex_ipv6_u8k_v6": 61440 / (ip_fragment_cells(8192, ip_header=IPV6_HEADER) * analytic.CELL_PAYLOAD)}


def tunnel_rtt_eff_ms() -> float:
    """The tunnel's effective round trip (ms), fitted to the thesis's two window caps (seed lines 1046-1050);
    it depends on no parameter of the chapter."""
    v = experiments.values()
    return analytic.fit_rtt_eff([128, 64], [v["tun_cap_w128_MBps"], v["tun_cap_w64_MBps"]])[0]


def wls_coverage(setting: dict | None = None) -> dict[str, float]:
    """Exercise wls at its own setting: the share (%) of recovery data sets whose 95 % interval of r covers
    the generator's r, per fit method, as :func:`experiments.synthetic_experiment` computes it for a re-run
    with ``-p noise_cv 0.15`` (the same data sets: same sizes, seeds and fits).

    Examples
    --------
    >>> c = wls_coverage({**WLS_SETTING, "recovery_sets": 3, "msg_log2_max": 12, "repetitions": 4})
    >>> sorted(c), all(0 <= v <= 100 for v in c.values())
    (['ex_wls_cover_ols_pct', 'ex_wls_cover_rlm_pct', 'ex_wls_cover_wls_pct', 'ex_wls_noise_cv'], True)
    """
    s = {**WLS_SETTING, **(setting or {})}
    row = analytic.platform_table(s["mbyte_base"]).set_index("id").loc[s["platform"]]
    truth = synthetic.generator_parameters(row, s["generator"], s["r_max_factor"], s["t0_factor"])
    sizes = synthetic.message_sizes(s["msg_log2_min"], s["msg_log2_max"])
    out = {"ex_wls_noise_cv": s["noise_cv"]}
    for method in synthetic.FIT_METHODS:
        rs = synthetic.recovery_study(sizes, truth["a_s"], truth["r_Bps"], s["noise_cv"], s["repetitions"], method,
                                      s["recovery_sets"], s["seed"] + 7919)
        out[f"ex_wls_cover_{method}_pct"] = 100 * float(rs["covered_r"].mean())
    return out


def design_repetitions(noise_cv: float = DESIGN_NOISE_CV, pilot: int = DESIGN_PILOT_REPETITIONS,
                       target: float = DESIGN_TARGET, seed: int = 1) -> dict[str, float]:
    """Exercise design: from a pilot of ``pilot`` echoes per size (the thesis's default grid, the AAL5 Direct
    row, generator A), the WLS relative half width ``h`` of r's 95 % interval, and the echoes per size that
    shrink it to ``target``: a half width falls as one over the square root of the data, so
    ``n = ceil(pilot (h / target)^2)``.

    Examples
    --------
    >>> d = design_repetitions(pilot=4)
    >>> d["ex_design_reps"] == math.ceil(4 * (d["ex_design_half_pct"] / 100 / DESIGN_TARGET) ** 2)
    True
    """
    row = analytic.platform_table("binary").set_index("id").loc["aal5_direct"]
    truth = synthetic.generator_parameters(row, "A", 1.0, 1.0)
    sizes = synthetic.message_sizes(4, 22)
    fit = synthetic.fit(synthetic.generate(sizes, truth["a_s"], truth["r_Bps"], noise_cv, pilot, seed), "wls")
    half = 1.96 * fit["r_se"] / fit["r_Bps"]
    return {"ex_design_noise_cv": noise_cv, "ex_design_pilot": pilot, "ex_design_half_pct": 100 * half,
            "ex_design_target_pct": 100 * target, "ex_design_sizes": len(np.asarray(sizes)),
            "ex_design_reps": math.ceil(pilot * (half / target) ** 2)}
