"""Closed forms of Hsieh (1997), thesis chapters 2-3, and the book's own models of them.

Units: message sizes in byte, times in seconds (``_us``/``_ms`` in a name say otherwise),
rates in byte/s (``_Bps``), Mbit/s (``_mbps``, 10^6 bit/s) or MByte/s (``_MBps``). The thesis's
Chapter 3 states that a MByte/s is 2^20 byte/s (seed line 986); Chapter 2 does not state the
base of Table 2.6, so :func:`to_bytes_per_s` takes it as a parameter.

Contents

- the thesis's empirical metrics r_max, n_1/2 and t0 against the Hockney form
  ``RTT(M) = a + 2 M / r_inf`` (the book's model, not the thesis's);
- the equal-hop model of PVM's Normal route (three software hops) against the Direct route;
- the multicast lines of Eq. 2.2 and the least-squares line of the five quoted points;
- the tunnelling efficiency of Eqs. 3.1-3.2, the IP-routing efficiency against the MTU
  (Figure 3.4) under two header accountings, and their crossover;
- unit conversions of the quoted throughputs, bandwidth-delay products and window caps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from mmperf.data import load_table

STUDY = "hsieh"
MEBI = 2 ** 20
#: message size whose round trip the thesis calls t0 (seed line 616)
T0_MESSAGE_BYTES = 16
#: AAL5 trailer, LLC/SNAP header, IP and TCP headers (byte): standards, not stated in the thesis
AAL5_TRAILER = 8
LLC_SNAP = 8
IP_HEADER = 20
TCP_HEADER = 20
CELL_PAYLOAD = 48
#: SONET STS-Nc: 260 of every 270 columns carry payload (155.52 -> 149.76 Mbit/s); external
SONET_PAYLOAD_FRACTION = 26 / 27


# ----------------------------------------------------------------------------------------------
# Units
# ----------------------------------------------------------------------------------------------

def to_bytes_per_s(value: float, unit: str, mbyte_base: str = "binary") -> float:
    """Convert a rate in ``Mbit/s`` or ``MByte/s`` to byte/s.

    Examples
    --------
    >>> to_bytes_per_s(8.0, "Mbit/s")
    1000000.0
    >>> to_bytes_per_s(1.0, "MByte/s")
    1048576.0
    >>> to_bytes_per_s(1.0, "MByte/s", "decimal")
    1000000.0
    """
    if unit == "Mbit/s":
        return float(value) * 1e6 / 8
    if unit == "MByte/s":
        if mbyte_base not in ("binary", "decimal"):
            raise ValueError(f"mbyte_base must be 'binary' or 'decimal', got {mbyte_base!r}")
        return float(value) * (MEBI if mbyte_base == "binary" else 1e6)
    raise ValueError(f"unknown rate unit {unit!r}")


def mbyte_to_mbit(mbyte_per_s: float) -> float:
    """MByte/s (2^20 byte/s, the thesis's Chapter 3) to Mbit/s (10^6 bit/s).

    Examples
    --------
    >>> round(mbyte_to_mbit(13.27), 3)
    111.317
    """
    return float(mbyte_per_s) * MEBI * 8 / 1e6


def rounding_band_mbit(mbyte_per_s: float, decimals: int) -> float:
    """Half-width in Mbit/s that the printed rounding of a MByte/s value allows.

    A value printed with ``decimals`` decimals is known to +-0.5 units of its last digit.

    Examples
    --------
    >>> round(rounding_band_mbit(13.47, 2), 4)
    0.0419
    """
    return mbyte_to_mbit(0.5 * 10 ** (-decimals))


# ----------------------------------------------------------------------------------------------
# Tables 2.2, 2.3, 2.5, 2.6 as one long table
# ----------------------------------------------------------------------------------------------

#: platform id -> (thesis table, platform as printed, network)
PLATFORMS = {
    "aal5_normal": ("2.2", "PVM-ATM using AAL5", "ATM"),
    "aal4_normal": ("2.2", "PVM-ATM using AAL4", "ATM"),
    "tcp_atm_normal": ("2.2", "PVM-TCP-ATM", "ATM"),
    "tcp_eth_normal": ("2.2", "PVM-TCP-Ethernet", "Ethernet"),
    "aal5_direct": ("2.3", "PVM-ATM using AAL5", "ATM"),
    "aal4_direct": ("2.3", "PVM-ATM using AAL4", "ATM"),
    "tcp_atm_direct": ("2.3", "PVM/TCP/ATM", "ATM"),
    "tcp_eth_direct": ("2.3", "PVM/TCP/Ethernet", "Ethernet"),
    "pvm_eth_normal": ("2.5", "PVM 3.3.4", "Ethernet"),
    "lla_eth_normal": ("2.5", "PVM/LLA", "Ethernet"),
    "pvm_eth_direct": ("2.5", "PVM 3.3.4", "Ethernet"),
    "lla_eth_direct": ("2.5", "PVM/LLA", "Ethernet"),
    "pvm_hippi_normal": ("2.6", "PVM 3.3.4", "HIPPI"),
    "untuned_hippi_normal": ("2.6", "un-tuned PVM/LLA", "HIPPI"),
    "tuned_hippi_normal": ("2.6", "tuned PVM/LLA", "HIPPI"),
    "pvm_hippi_direct": ("2.6", "PVM 3.3.4", "HIPPI"),
    "untuned_hippi_direct": ("2.6", "un-tuned PVM/LLA", "HIPPI"),
    "tuned_hippi_direct": ("2.6", "tuned PVM/LLA", "HIPPI"),
}

#: Normal-route id -> Direct-route id of the same platform (the pairs the equal-hop model predicts)
ROUTE_PAIRS = {k: k.replace("_normal", "_direct") for k in PLATFORMS if k.endswith("_normal")}


def platform_table(mbyte_base: str = "binary") -> pd.DataFrame:
    """Every row of Tables 2.2, 2.3, 2.5 and 2.6 in one long frame, rates also in byte/s.

    Columns: ``id, table, mode, network, platform, r_max, r_unit, r_Bps, n_half_bytes, t0_us,
    seed_line``.

    Examples
    --------
    >>> t = platform_table().set_index("id")
    >>> float(t.loc["aal5_direct", "r_max"]), float(t.loc["aal5_direct", "r_Bps"])
    (27.202, 3400250.0)
    >>> len(t)
    18
    """
    raw = {"2.2": load_table(STUDY, "msg_table2_2"), "2.3": load_table(STUDY, "msg_table2_3"),
           "2.5": load_table(STUDY, "msg_table2_5"), "2.6": load_table(STUDY, "msg_table2_6")}
    rows = []
    for pid, (table, platform, network) in PLATFORMS.items():
        mode = "Normal" if pid.endswith("_normal") else "Direct"
        df = raw[table].set_index("platform")
        r = df.loc[platform]
        if table in ("2.2", "2.3"):
            r_max, unit, n_half, t0 = r["r_max_Mbit_s"], "Mbit/s", r["n_half_bytes"], r["t0_us"]
        else:
            pre = mode.lower() + "_"
            unit = "Mbit/s" if table == "2.5" else "MByte/s"
            col = "r_max_Mbit_s" if table == "2.5" else "r_max_MByte_s"
            r_max, n_half, t0 = r[pre + col], r[pre + "n_half_bytes"], r[pre + "t0_us"]
        rows.append({"id": pid, "table": table, "mode": mode, "network": network, "platform": platform,
                     "r_max": float(r_max), "r_unit": unit, "r_Bps": to_bytes_per_s(r_max, unit, mbyte_base),
                     "n_half_bytes": float(n_half), "t0_us": float(t0), "seed_line": str(r["seed_line"])})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------------------------
# Hockney form, fitted to the thesis's empirical metrics
# ----------------------------------------------------------------------------------------------

def intercept_from_t0(t0_s: float, r_Bps: float, m0: float = T0_MESSAGE_BYTES) -> float:
    """Zero-length round-trip intercept ``a`` such that ``a + 2 m0 / r = t0`` (t0 is a 16-byte RTT).

    Examples
    --------
    >>> intercept_from_t0(1e-3, 32e6)
    0.000999
    """
    return float(t0_s) - 2.0 * m0 / float(r_Bps)


def hockney_rtt(m: float | np.ndarray, a_s: float, r_Bps: float) -> float | np.ndarray:
    """Round-trip time of an M-byte echo: ``a + 2 M / r``.

    Examples
    --------
    >>> hockney_rtt(1000, 0.001, 1e6)
    0.003
    """
    return a_s + 2.0 * np.asarray(m, dtype=float) / r_Bps if np.ndim(m) else a_s + 2.0 * float(m) / r_Bps


def echo_throughput(m: float | np.ndarray, rtt_s: float | np.ndarray) -> float | np.ndarray:
    """The thesis's throughput of an echo: ``2 M / RTT`` (seed line 565).

    Examples
    --------
    >>> echo_throughput(1000, 0.004)
    500000.0
    """
    return 2.0 * np.asarray(m, dtype=float) / rtt_s if np.ndim(m) else 2.0 * float(m) / float(rtt_s)


def hockney_n_half(a_s: float, r_Bps: float) -> float:
    """Half-performance length of the Hockney form: the M with ``2M/RTT(M) = r/2``, i.e. ``a r / 2``.

    Derivation: ``2M / (a + 2M/r) = r/2``  =>  ``4M = a r + 2M``  =>  ``M = a r / 2``.

    Examples
    --------
    >>> hockney_n_half(0.002, 1e6)
    1000.0
    """
    return float(a_s) * float(r_Bps) / 2.0


def empirical_n_half(a_s: float, r_Bps: float, m_max: float) -> tuple[float, float]:
    """The thesis's definitions applied to a Hockney curve measured up to ``m_max`` bytes.

    r_max is the throughput of the largest message (seed line 613), n_1/2 the size reaching half
    of it (line 615): ``R = 2 m_max / RTT(m_max)`` and ``M = R a / (4 - 2 R / r)``.
    Returns ``(r_max_Bps, n_half_bytes)``; both tend to ``(r, a r / 2)`` as ``m_max`` grows.

    Examples
    --------
    >>> r, n = empirical_n_half(0.002, 1e6, 1e9)
    >>> round(r), round(n)
    (999999, 1000)
    """
    big = float(echo_throughput(m_max, hockney_rtt(m_max, a_s, r_Bps)))
    return big, big * a_s / (4.0 - 2.0 * big / r_Bps)


def hockney_comparison(table: pd.DataFrame) -> pd.DataFrame:
    """Add the Hockney prediction of n_1/2 from each row's (t0, r_max) and the ratio table/Hockney.

    ``a_us`` is the zero-length intercept, ``n_half_hockney`` = a r / 2, ``ratio`` = table n_1/2
    over it, and ``a_eff_us`` = 2 n_1/2 / r, the intercept that would reproduce the table's n_1/2
    (the notes' generator B).

    Examples
    --------
    >>> h = hockney_comparison(platform_table()).set_index("id")
    >>> float(round(h.loc["aal5_normal", "ratio"], 2)), float(round(h.loc["lla_eth_direct", "ratio"], 2))
    (2.07, 1.09)
    """
    df = table.copy()
    df["a_us"] = [1e6 * intercept_from_t0(t * 1e-6, r) for t, r in zip(df["t0_us"], df["r_Bps"], strict=True)]
    df["n_half_hockney"] = [hockney_n_half(a * 1e-6, r) for a, r in zip(df["a_us"], df["r_Bps"], strict=True)]
    df["ratio"] = df["n_half_bytes"] / df["n_half_hockney"]
    df["a_eff_us"] = 2e6 * df["n_half_bytes"] / df["r_Bps"]
    return df


# ----------------------------------------------------------------------------------------------
# PVM routes: the equal-hop model (the book's, calibrated on the Direct route only)
# ----------------------------------------------------------------------------------------------

def route_stage_times(route: str, m: float, a_direct_s: float, r_direct_Bps: float,
                      unix_hop_factor: float = 1.0) -> list[float]:
    """One-way stage times (s) of an M-byte message on PVM's Normal or Direct route.

    The Direct route (task -> task over TCP or the ATM API) is one hop whose one-way time is
    half the Direct round trip, ``a/2 + M/r``. The Normal route (task -> pvmd -> pvmd -> task,
    seed line 435) is that network hop plus two local Unix-domain hops, each assumed to cost
    ``unix_hop_factor`` times the network hop (fixed and per-byte parts alike). The factor is
    our assumption: the thesis measures no single hop.

    Examples
    --------
    >>> route_stage_times("direct", 1000, 0.002, 1e6)
    [0.002]
    >>> [round(t, 6) for t in route_stage_times("normal", 1000, 0.002, 1e6, 0.5)]
    [0.001, 0.002, 0.001]
    """
    if unix_hop_factor < 0:
        raise ValueError(f"unix_hop_factor must be >= 0, got {unix_hop_factor}")
    hop = a_direct_s / 2.0 + float(m) / r_direct_Bps
    if route == "direct":
        return [hop]
    if route == "normal":
        return [unix_hop_factor * hop, hop, unix_hop_factor * hop]
    raise ValueError(f"route must be 'normal' or 'direct', got {route!r}")


def equal_hop_prediction(direct: pd.Series, unix_hop_factor: float = 1.0) -> dict[str, float]:
    """Normal-route r_max and t0 predicted from a Direct-route row by the equal-hop model.

    One message in flight (the echo protocol), so the three hops add: the intercept and the
    time per byte are both ``1 + 2 f`` times the Direct ones.

    Examples
    --------
    >>> row = pd.Series({"t0_us": 1000.0, "r_Bps": 1e6, "r_max": 8.0})
    >>> p = equal_hop_prediction(row)
    >>> round(p["r_ratio"], 3), round(p["t0_us"], 1), round(p["r_max"], 4)
    (3.0, 3000.0, 2.6667)
    """
    k = 1.0 + 2.0 * unix_hop_factor
    a = intercept_from_t0(direct["t0_us"] * 1e-6, direct["r_Bps"])
    r_normal = direct["r_Bps"] / k
    t0_normal = k * a + 2.0 * T0_MESSAGE_BYTES / r_normal
    return {"r_ratio": k, "r_Bps": float(r_normal), "r_max": float(direct["r_max"]) / k,
            "t0_us": float(1e6 * t0_normal), "t0_ratio": float(1e6 * t0_normal / direct["t0_us"])}


# ----------------------------------------------------------------------------------------------
# Multicast (Eq. 2.2)
# ----------------------------------------------------------------------------------------------

def line(n: float | np.ndarray, const: float, slope: float) -> float | np.ndarray:
    """``const + slope * n``.

    >>> line(4, 70, 37)
    218
    """
    return const + slope * n


def eq22_gain(n: float | np.ndarray, num=(70.0, 37.0), den=(95.83, 4.17)) -> float | np.ndarray:
    """The gain factor of Eq. 2.2: ``(70 + 37 n) / (95.83 + 4.17 n)``.

    Examples
    --------
    >>> round(eq22_gain(4), 4), round(eq22_gain(10), 4)
    (1.9376, 3.1993)
    """
    return line(n, *num) / line(n, *den)


def ols_line(x: Sequence[float], y: Sequence[float]):
    """Least-squares line through points (statsmodels OLS); returns the fitted results object.

    Examples
    --------
    >>> fit = ols_line([1, 2, 3, 4, 5], [108, 130, 184, 235, 290])
    >>> [round(float(v), 1) for v in fit.params]
    [48.7, 46.9]
    """
    import statsmodels.api as sm

    x = np.asarray(x, dtype=float)
    return sm.OLS(np.asarray(y, dtype=float), sm.add_constant(x)).fit()


# ----------------------------------------------------------------------------------------------
# HIPPI over ATM (Eqs. 3.1-3.2, Figure 3.4)
# ----------------------------------------------------------------------------------------------

def cells_for(pdu_payload_bytes: float, trailer: int = AAL5_TRAILER, cell_payload: int = CELL_PAYLOAD) -> int:
    """ATM cells of an AAL5 PDU carrying ``pdu_payload_bytes`` (payload + trailer, padded).

    Examples
    --------
    >>> cells_for(1032), cells_for(2056)
    (22, 43)
    """
    return int(math.ceil((pdu_payload_bytes + trailer) / cell_payload))


def tunnel_cells(hpdu_bytes: int, data_bytes: int = 61440, header_cells: int = 3,
                 hb_header: int = 8) -> int:
    """Cells needed to tunnel ``data_bytes`` of TCP data in H-PDUs of ``hpdu_bytes`` (Eqs. 3.1-3.2).

    The data travel as HIPPI-PH bursts of up to ``hpdu_bytes - 8`` bytes, one H-PDU (burst plus
    HB_Header) per AAL5 PDU; the protocol headers take ``header_cells`` cells (3 in the thesis).
    A last, partial burst is carried in a shorter H-PDU.

    Examples
    --------
    >>> tunnel_cells(1032), tunnel_cells(2056)
    (1323, 1293)
    """
    burst = hpdu_bytes - hb_header
    if burst <= 0:
        raise ValueError(f"hpdu_bytes must exceed the {hb_header}-byte HB_Header, got {hpdu_bytes}")
    full, rest = divmod(int(data_bytes), burst)
    cells = header_cells + full * cells_for(hpdu_bytes)
    if rest:
        cells += cells_for(rest + hb_header)
    return cells


def tunnel_utilisation(hpdu_bytes: int, data_bytes: int = 61440, header_cells: int = 3) -> float:
    """Channel utilisation of HIPPI tunnelling: data bytes over the cell payload bytes sent.

    Examples
    --------
    >>> round(tunnel_utilisation(1032), 4), round(tunnel_utilisation(2056), 5)
    (0.9675, 0.98995)
    """
    return float(data_bytes) / (tunnel_cells(hpdu_bytes, data_bytes, header_cells) * CELL_PAYLOAD)


#: The header accountings of Figure 3.4's IP-routing curve; the first is the text's reading (the default).
ACCOUNTINGS = ("ip_fragments", "tcp_per_packet")


def ip_routing_cells(mtu: int, data_bytes: int = 61440, accounting: str = "ip_fragments") -> int:
    """Cells to carry ``data_bytes`` of TCP data through the IP router with a given MTU (Figure 3.4).

    The thesis describes one IP datagram cut up by the router: "an IP packet is segmented into a
    number of data packets with the size up to MTU size" (seed line 926), with the GigaRouters doing
    "fragmentation and re-assembly" (line 1096). Two readings of the headers:

    ``ip_fragments`` (the text's reading, the default): one TCP segment (20-byte header) is one IP
    datagram, cut into fragments of 8-byte-aligned data, each with a 20-byte IP header;
    ``tcp_per_packet`` (a what-if, the study notes' assumption A): the data are cut into packets of
    at most ``MTU - 40`` data bytes, each with its own 20-byte IP and 20-byte TCP header.
    Either way each packet also carries an 8-byte LLC/SNAP header and the 8-byte AAL5 trailer
    and is padded to whole cells.

    Examples
    --------
    >>> ip_routing_cells(8192), ip_routing_cells(8192, accounting="tcp_per_packet")
    (1287, 1290)
    """
    mtu = int(mtu)
    if accounting == "tcp_per_packet":
        per = mtu - IP_HEADER - TCP_HEADER
        if per <= 0:
            raise ValueError(f"MTU {mtu} leaves no room for data after 40 header bytes")
        full, rest = divmod(int(data_bytes), per)
        sizes = [mtu] * full + ([rest + IP_HEADER + TCP_HEADER] if rest else [])
    elif accounting == "ip_fragments":
        per = (mtu - IP_HEADER) // 8 * 8
        if per <= 0:
            raise ValueError(f"MTU {mtu} leaves no room for fragment data after the IP header")
        full, rest = divmod(int(data_bytes) + TCP_HEADER, per)
        sizes = [per + IP_HEADER] * full + ([rest + IP_HEADER] if rest else [])
    else:
        raise ValueError(f"accounting must be one of {ACCOUNTINGS}, got {accounting!r}")
    return sum(cells_for(s + LLC_SNAP) for s in sizes)


def ip_routing_utilisation(mtu: int, data_bytes: int = 61440, accounting: str = "ip_fragments") -> float:
    """Channel utilisation of IP routing at a given MTU (see :func:`ip_routing_cells`).

    Examples
    --------
    >>> round(ip_routing_utilisation(8192), 4), round(ip_routing_utilisation(8192, accounting="tcp_per_packet"), 4)
    (0.9946, 0.9922)
    """
    return float(data_bytes) / (ip_routing_cells(mtu, data_bytes, accounting) * CELL_PAYLOAD)


def crossover_mtu(u_tunnel: float, mtus: Sequence[int], data_bytes: int = 61440,
                  accounting: str = "ip_fragments") -> tuple[float, float]:
    """First MTU at which IP routing beats tunnelling, and the MTU beyond which it always does.

    Returns ``(first, always)``; NaN where the MTU range never (or not always) reaches it.
    Because cells are whole, the IP curve is a sawtooth, so the two can differ.

    Examples
    --------
    >>> crossover_mtu(0.98995, range(576, 65281))
    (4444.0, 8780.0)
    >>> crossover_mtu(0.98995, range(576, 65281), accounting="tcp_per_packet")
    (6223.0, 10274.0)
    """
    mtus = np.asarray(list(mtus), dtype=int)
    u = np.array([ip_routing_utilisation(m, data_bytes, accounting) for m in mtus])
    above = u > u_tunnel
    first = float(mtus[np.argmax(above)]) if above.any() else math.nan
    if not above.any() or not above[-1]:
        return first, math.nan
    below = np.flatnonzero(~above)
    always = float(mtus[below[-1] + 1]) if below.size else float(mtus[0])
    return first, always


def aal_rate_mbps(link_mbps: float) -> float:
    """Rate available to the AAL on a SONET STS-Nc link: payload columns x 48/53.

    Examples
    --------
    >>> round(aal_rate_mbps(155.52), 3), round(aal_rate_mbps(622.08), 2)
    (135.632, 542.53)
    """
    return float(link_mbps) * SONET_PAYLOAD_FRACTION * CELL_PAYLOAD / 53


# ----------------------------------------------------------------------------------------------
# TCP windows
# ----------------------------------------------------------------------------------------------

def bdp_bytes(rate_mbps: float, rtt_ms: float) -> float:
    """Bandwidth-delay product in byte.

    Examples
    --------
    >>> bdp_bytes(800, 2.6)
    260000.0
    >>> round(bdp_bytes(155.52, 2.75))
    53460
    """
    return float(rate_mbps) * 1e6 * float(rtt_ms) * 1e-3 / 8


def window_cap_MBps(window_kb: float, rtt_ms: float) -> float:
    """Throughput cap of a window-limited sender, W / RTT, in MByte/s (2^20; window in KByte = 1024 byte).

    Examples
    --------
    >>> round(window_cap_MBps(64, 2.6), 2)
    24.04
    """
    return float(window_kb) * 1024 / (float(rtt_ms) * 1e-3) / MEBI


def fit_rtt_eff(windows_kb: Sequence[float], caps_MBps: Sequence[float]):
    """Fit ``cap = W / RTT_eff`` through the origin (statsmodels OLS); returns (RTT_eff ms, its SE ms, fit).

    The slope is 1/RTT_eff in MByte/s per KByte; the SE of RTT_eff follows by the delta method.

    Examples
    --------
    >>> rtt, se, _ = fit_rtt_eff([64, 128, 256], [7.5, 14, 27])
    >>> round(rtt, 2), round(se, 2)
    (9.15, 0.17)
    """
    import statsmodels.api as sm

    w = np.asarray(windows_kb, dtype=float) * 1024 / MEBI        # window in MByte
    fit = sm.OLS(np.asarray(caps_MBps, dtype=float), w).fit()
    slope = float(fit.params[0])
    se = float(fit.bse[0]) if len(w) > 1 else math.nan
    return 1e3 / slope, 1e3 * se / slope ** 2, fit
