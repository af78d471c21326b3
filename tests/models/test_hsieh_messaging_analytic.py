"""Hsieh chapters 2-3: exact hand-computed cases of the closed forms (derivations in the docstrings)."""

import math

import numpy as np
import pytest

from mmstudies.hsieh_messaging import analytic as a


def test_eq31_eq32_exact():
    """Eq. 3.1: 61440 / ((3 + 22 x 60) x 48) = 61440 / 63504; Eq. 3.2: 61440 / ((3 + 43 x 30) x 48) = 61440 / 62064.

    22 cells = ceil((1032 + 8) / 48); 60 bursts = 61440 / 1024; 43 cells = ceil((2056 + 8) / 48);
    30 bursts = 61440 / 2048.
    """
    assert a.tunnel_cells(1032) == 3 + 22 * 60
    assert a.tunnel_cells(2056) == 3 + 43 * 30
    assert a.tunnel_utilisation(1032) == pytest.approx(61440 / 63504, rel=1e-15)
    assert a.tunnel_utilisation(2056) == pytest.approx(61440 / 62064, rel=1e-15)
    assert round(a.tunnel_utilisation(1032), 4) == 0.9675       # printed, seed line 920
    assert round(a.tunnel_utilisation(2056), 4) == 0.9899       # printed, seed line 924 (truncated 0.98995)


def test_tunnel_partial_burst_and_header_cells():
    """1024 data bytes in 2056-byte H-PDUs: one partial burst of 1024 B -> ceil((1024+8+8)/48) = 22 cells, +3."""
    assert a.tunnel_cells(2056, data_bytes=1024, header_cells=3) == 25
    assert a.tunnel_cells(2056, data_bytes=61440, header_cells=0) == 43 * 30


def test_aal_rate_of_sonet():
    """OC-3c: 155.52 x 260/270 = 149.76 Mbit/s of payload, x 48/53 = 135.632 (seed line 918)."""
    assert a.aal_rate_mbps(155.52) == pytest.approx(149.76 * 48 / 53, rel=1e-12)
    assert round(a.aal_rate_mbps(155.52), 3) == 135.632


def test_bandwidth_delay_products():
    """800e6 bit/s x 2.6e-3 s / 8 = 260,000 B (seed line 1022); 155.52e6 x 2.75e-3 / 8 = 53,460 B (line 1050)."""
    assert a.bdp_bytes(800, 2.6) == pytest.approx(260_000, rel=1e-12)
    assert a.bdp_bytes(155.52, 2.75) == pytest.approx(53_460, rel=1e-12)


def test_multicast_gain_at_4_and_10():
    """G(4) = (70 + 148) / (95.83 + 16.68) = 218 / 112.51; G(10) = 440 / 137.53 (Eq. 2.2)."""
    assert a.eq22_gain(4) == pytest.approx(218 / 112.51, rel=1e-12)
    assert a.eq22_gain(10) == pytest.approx(440 / 137.53, rel=1e-12)
    assert round(a.eq22_gain(4), 2) == 1.94 and round(a.eq22_gain(10), 1) == 3.2


def test_multicast_ols_by_hand():
    """Points (1,108) ... (5,290): x mean 3, y mean 189.4; Sxy = 469, Sxx = 10 -> slope 46.9, intercept 48.7."""
    fit = a.ols_line([1, 2, 3, 4, 5], [108, 130, 184, 235, 290])
    assert float(fit.params[1]) == pytest.approx(46.9, abs=1e-12)
    assert float(fit.params[0]) == pytest.approx(189.4 - 3 * 46.9, abs=1e-12)


def test_hockney_identity_on_a_hand_made_row():
    """Row: t0 = 2032 us (RTT of 16 B), r = 1e6 B/s. Intercept a = 2032e-6 - 32/1e6 = 2 ms.

    n_1/2 = a r / 2 = 1000 B, and the echo throughput there is 2000 / (0.002 + 0.002) = 5e5 = r/2.
    """
    intercept = a.intercept_from_t0(2032e-6, 1e6)
    assert intercept == pytest.approx(0.002, rel=1e-12)
    n = a.hockney_n_half(intercept, 1e6)
    assert n == pytest.approx(1000, rel=1e-12)
    assert a.echo_throughput(n, a.hockney_rtt(n, intercept, 1e6)) == pytest.approx(5e5, rel=1e-12)
    r_emp, n_emp = a.empirical_n_half(intercept, 1e6, 1e12)
    assert r_emp == pytest.approx(1e6, rel=1e-8) and n_emp == pytest.approx(1000, rel=1e-6)


def test_hockney_mismatch_of_the_atm_tables():
    """Table 2.3 AAL5: r = 27.202e6/8 B/s, t0 = 1905.5 us -> a = 1905.5e-6 - 32/r; n_1/2 = a r / 2 = 3224 B; table 7867."""
    h = a.hockney_comparison(a.platform_table()).set_index("id")
    r = 27.202e6 / 8
    expected = (1905.5e-6 - 32 / r) * r / 2
    assert h.loc["aal5_direct", "n_half_hockney"] == pytest.approx(expected, rel=1e-12)
    atm = h[(h["network"] == "ATM")]
    assert (atm["ratio"] > 2).all() and (atm["ratio"] < 3.3).all()
    assert h.loc["lla_eth_direct", "ratio"] == pytest.approx(382 / ((661e-6 - 32 / (8.879e6 / 8)) * 8.879e6 / 16))


def test_units_of_chapter_3():
    """13.27 MByte/s x 2^20 x 8 / 1e6 = 111.317 Mbit/s; the rounding of 13.47 allows +-0.005 x 8.388608 Mbit/s."""
    assert a.mbyte_to_mbit(13.27) == pytest.approx(13.27 * 8.388608, rel=1e-12)
    assert a.rounding_band_mbit(13.47, 2) == pytest.approx(0.005 * 8.388608, rel=1e-12)
    assert a.to_bytes_per_s(3.39, "MByte/s", "decimal") == pytest.approx(3.39e6)


def test_ip_routing_accountings_by_hand():
    """MTU 8192, the text's reading (IP fragments of one datagram, the default): fragments of 8168 data B
    (8-aligned), 61460 B -> 7 x 8168 + 4284: 7 x ceil((8188 + 16) / 48) = 7 x 171 + ceil((4304 + 16) / 48) = 90
    -> 1287. The what-if (TCP header per packet): 8152 data B per packet -> 7 full packets (57064 B) + 4376 B;
    full packet 8192 + 8 LLC + 8 trailer = 8208 B = 171 cells; last 4376 + 40 + 16 = 4432 -> 93 cells; 1290.
    """
    assert a.ip_routing_cells(8192) == 7 * 171 + 90
    assert a.ip_routing_cells(8192, accounting="tcp_per_packet") == 7 * 171 + 93
    with pytest.raises(ValueError, match="accounting"):
        a.ip_routing_cells(8192, accounting="guess")


def _cells_by_hand(mtu: int, accounting: str) -> int:
    """An independent count of Figure 3.4's cells (not the module's code): every packet's bytes + 8 LLC/SNAP +
    8 AAL5 trailer, rounded up to 48-byte cells, over the packets that carry 61440 TCP data bytes."""
    total, packets = 61440, []
    if accounting == "ip_fragments":      # one datagram of 61440 + 20 TCP bytes, fragments of 8-aligned data
        left, per = total + 20, (mtu - 20) - (mtu - 20) % 8
        while left > 0:
            packets.append(min(per, left) + 20)
            left -= per
    else:                                 # every packet: 20 IP + 20 TCP header bytes
        left, per = total, mtu - 40
        while left > 0:
            packets.append(min(per, left) + 40)
            left -= per
    return sum(-(-(p + 16) // 48) for p in packets)


def test_crossovers_of_figure_34_derived_by_hand():
    """The 2056-byte tunnel (Eq. 3.2) sends 3 + 30 x 43 = 1293 cells (30 bursts of 2048 B, each AAL5 PDU 2064 B =
    43 cells), so IP routing beats it exactly when it needs at most 1292 cells.

    The text's reading (IP fragments), MTU 4444: fragments carry (4444 - 20) rounded down to 8 = 4424 B; the
    datagram's 61460 B = 13 x 4424 + 3948; a full fragment 4424 + 20 + 16 = 4460 B -> 93 cells, the last
    3948 + 36 = 3984 B = 83 cells: 13 x 93 + 83 = 1292 < 1293. MTU 4443: 4416-byte fragments, 13 x 4416 + 4052;
    13 x 93 + ceil(4088 / 48) = 1209 + 86 = 1295: not better. So the first crossing is 4444 B (issue 24: "under
    the text's reading the crossover is 4444 B, not 6223 B"); the independent count finds no smaller MTU.

    The what-if (TCP header per packet), MTU 6223: 6183 data B per packet, 61440 = 9 x 6183 + 5793; 9 x
    ceil(6239 / 48) = 9 x 130, last ceil(5849 / 48) = 122: 1292. MTU 6222: 9 x 130 + ceil(5858 / 48) = 1293, a
    tie, and a tie is not "beats".
    """
    tunnel = 3 + 30 * 43
    assert a.tunnel_cells(2056) == tunnel == 1293
    assert 13 * 93 + 83 == 1292 and 13 * 93 + 86 == 1295 and 9 * 130 + 122 == 1292 and 9 * 130 + 123 == 1293
    for acc, first, before in (("ip_fragments", 4444, 1295), ("tcp_per_packet", 6223, 1293)):
        assert _cells_by_hand(first, acc) == a.ip_routing_cells(first, accounting=acc) == 1292
        assert _cells_by_hand(first - 1, acc) == a.ip_routing_cells(first - 1, accounting=acc) == before
        by_hand = next(m for m in range(576, 65281) if _cells_by_hand(m, acc) < tunnel)
        assert by_hand == first
        got, always = a.crossover_mtu(a.tunnel_utilisation(2056), range(576, 65281), accounting=acc)
        assert got == first
        # "always": the last MTU that does not beat the tunnel, found by the independent count, plus one
        assert always == 1 + max(m for m in range(576, 65281) if _cells_by_hand(m, acc) >= tunnel)
    nan_first, nan_always = a.crossover_mtu(0.9999, range(576, 2000))
    assert math.isnan(nan_first) and math.isnan(nan_always)


def test_equal_hop_model():
    """Normal = 3 hops of the Direct hop at f = 1: intercept and time per byte triple."""
    row = {"t0_us": 1032.0, "r_Bps": 1e6, "r_max": 8.0}
    import pandas as pd

    p = a.equal_hop_prediction(pd.Series(row), 1.0)
    assert p["r_Bps"] == pytest.approx(1e6 / 3)
    # a_D = 1032e-6 - 32e-6 = 1 ms; a_N = 3 ms; t0_N = 3 ms + 32 / (1e6/3) = 3.096 ms
    assert p["t0_us"] == pytest.approx(3096.0)
    assert a.route_stage_times("normal", 0, 0.002, 1e6, 0.0) == [0.0, 0.001, 0.0]


def test_window_caps_and_fit():
    """64 KB / 2.6 ms = 65536 / 0.0026 B/s = 24.04 MByte/s; the fit passes through exact W/RTT data."""
    assert a.window_cap_MBps(64, 2.6) == pytest.approx(65536 / 0.0026 / 2 ** 20)
    rtt, se, _ = a.fit_rtt_eff([64, 128, 256], [a.window_cap_MBps(w, 9.0) for w in (64, 128, 256)])
    assert rtt == pytest.approx(9.0, rel=1e-12) and se == pytest.approx(0.0, abs=1e-9)


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---


def test_rate_units_defaults_and_whole_messages():
    """8 Mbit/s = 8e6 / 8 = 1e6 byte/s; 1 MByte/s = 2^20 byte/s by default (binary, Chapter 3) or 1e6 (decimal).

    The MByte base is checked only for MByte/s; both refusals name the parameter and the value.
    """
    assert a.to_bytes_per_s(8, "Mbit/s") == 1e6
    assert a.to_bytes_per_s(2.5, "MByte/s") == 2.5 * 1048576
    assert a.to_bytes_per_s(2.5, "MByte/s", mbyte_base="decimal") == 2.5e6
    assert a.to_bytes_per_s(8, "Mbit/s", mbyte_base="decimal") == 1e6
    with pytest.raises(ValueError) as err:
        a.to_bytes_per_s(1.0, "MByte/s", "metric")
    assert str(err.value) == "mbyte_base must be 'binary' or 'decimal', got 'metric'"
    with pytest.raises(ValueError) as err:
        a.to_bytes_per_s(1.0, "kbit/s")
    assert str(err.value) == "unknown rate unit 'kbit/s'"


def test_rounding_band_of_other_precisions():
    """Printed with 1 decimal a MByte/s value is known to +-0.05 MByte/s = 0.05 x 8.388608 Mbit/s; with 3, +-0.0005."""
    assert a.rounding_band_mbit(3.4, 1) == pytest.approx(0.05 * 8.388608, rel=1e-12)
    assert a.rounding_band_mbit(3.390, 3) == pytest.approx(0.0005 * 8.388608, rel=1e-12)


# the rows of data/hsieh/msg_table2_{2,3,5,6}.csv (Tables 2.2, 2.3, 2.5, 2.6 of the thesis), one per layout
# (a one-mode table, a Normal and a Direct column of the Mbit/s table 2.5, both modes of the MByte/s table 2.6):
# id -> (table, mode, network, platform, r_max, unit, r_Bps, n_half, t0_us, seed_line)
TABLE_ROWS = {
    "tcp_eth_normal": ("2.2", "Normal", "Ethernet", "PVM-TCP-Ethernet", 4.406, "Mbit/s", 4.406e6 / 8, 1948, 4053.5,
                       "594"),
    "tcp_atm_direct": ("2.3", "Direct", "ATM", "PVM/TCP/ATM", 20.826, "Mbit/s", 20.826e6 / 8, 7649, 1839, "602"),
    "pvm_eth_normal": ("2.5", "Normal", "Ethernet", "PVM 3.3.4", 6.514, "Mbit/s", 6.514e6 / 8, 797, 2226, "744"),
    "lla_eth_direct": ("2.5", "Direct", "Ethernet", "PVM/LLA", 8.879, "Mbit/s", 8.879e6 / 8, 382, 661, "745"),
    "untuned_hippi_normal": ("2.6", "Normal", "HIPPI", "un-tuned PVM/LLA", 3.390, "MByte/s", 3.390 * 2 ** 20, 1989,
                             1855, "793"),
    "tuned_hippi_direct": ("2.6", "Direct", "HIPPI", "tuned PVM/LLA", 16.103, "MByte/s", 16.103 * 2 ** 20, 7551, 540,
                           "794"),
}


def test_platform_table_rows_as_printed_in_the_thesis():
    t = a.platform_table()
    assert list(t.columns) == ["id", "table", "mode", "network", "platform", "r_max", "r_unit", "r_Bps",
                               "n_half_bytes", "t0_us", "seed_line"]
    assert t["id"].tolist() == list(a.PLATFORMS)
    t = t.set_index("id")
    for pid, (table, mode, network, platform, r_max, unit, r_bps, n_half, t0, line) in TABLE_ROWS.items():
        row = t.loc[pid]
        assert (row["table"], row["mode"], row["network"], row["platform"], row["r_unit"], row["seed_line"]) == (
            table, mode, network, platform, unit, line), pid
        assert row["r_max"] == r_max and row["n_half_bytes"] == n_half and row["t0_us"] == t0, pid
        assert row["r_Bps"] == pytest.approx(r_bps, rel=1e-15), pid
    assert (t["mode"] == "Normal").sum() == 9 and set(t["network"]) == {"ATM", "Ethernet", "HIPPI"}
    # the MByte base reaches only the MByte/s rows of Table 2.6
    dec = a.platform_table("decimal").set_index("id")
    assert dec.loc["tuned_hippi_direct", "r_Bps"] == pytest.approx(16.103e6, rel=1e-15)
    assert dec.loc["lla_eth_direct", "r_Bps"] == pytest.approx(8.879e6 / 8, rel=1e-15)


def test_hockney_forms_on_arrays_and_other_m0():
    """a + 2M/r at M = 0, 1000 with a = 1 ms, r = 1e6 B/s: 1 ms, 3 ms; 2M/RTT: 2000/0.004, 1000/0.001.

    With m0 = 100 the intercept is t0 - 200 / r = 1 ms - 0.2 ms = 0.8 ms.
    """
    np.testing.assert_allclose(a.hockney_rtt(np.array([0.0, 1000.0]), 0.001, 1e6), [0.001, 0.003], rtol=1e-15)
    np.testing.assert_allclose(a.echo_throughput(np.array([1000, 500]), np.array([0.004, 0.001])), [5e5, 1e6],
                               rtol=1e-15)
    assert a.intercept_from_t0(1e-3, 1e6, m0=100) == pytest.approx(8e-4, rel=1e-12)
    assert a.intercept_from_t0(1e-3, 1e6) == pytest.approx(1e-3 - 32e-6, rel=1e-12)     # m0 = 16 by default


def test_empirical_n_half_of_a_short_curve():
    """a = 2 ms, r = 1e6 B/s measured up to 1000 B: RTT(1000) = 4 ms, r_max = 2000 / 0.004 = 5e5 B/s.

    n_1/2 solves 2M / (a + 2M/r) = r_max / 2: 4M = r_max a + 2 M r_max / r, M = 5e5 x 0.002 / (4 - 1) = 1000/3;
    check: 2 (1000/3) / (0.002 + 0.002/3) = 2.5e5 = r_max / 2.
    """
    r_max, n_half = a.empirical_n_half(0.002, 1e6, 1000)
    assert r_max == pytest.approx(5e5, rel=1e-12)
    assert n_half == pytest.approx(1000 / 3, rel=1e-12)


def test_hockney_comparison_columns_on_a_hand_made_row():
    """t0 = 2032 us, r = 1e6 B/s: a = 2032 - 32 = 2000 us, n_1/2 Hockney = a r / 2 = 1000 B; a table n_1/2 of
    2000 B gives ratio 2 and a_eff = 2 x 2000 / 1e6 s = 4000 us. The input frame is left as it was."""
    import pandas as pd

    table = pd.DataFrame({"t0_us": [2032.0], "r_Bps": [1e6], "n_half_bytes": [2000.0]})
    h = a.hockney_comparison(table)
    assert h["a_us"].iloc[0] == pytest.approx(2000.0, rel=1e-12)
    assert h["n_half_hockney"].iloc[0] == pytest.approx(1000.0, rel=1e-12)
    assert h["ratio"].iloc[0] == pytest.approx(2.0, rel=1e-12)
    assert h["a_eff_us"].iloc[0] == pytest.approx(4000.0, rel=1e-12)
    assert list(table.columns) == ["t0_us", "r_Bps", "n_half_bytes"]


def test_route_stages_default_factor_and_whole_messages():
    """a = 2 ms, r = 1e6 B/s, M = 1000 B: the hop is 1 ms + 1 ms = 2 ms; the default factor 1 makes three equal hops."""
    assert a.route_stage_times("normal", 1000, 0.002, 1e6) == pytest.approx([0.002, 0.002, 0.002], rel=1e-15)
    with pytest.raises(ValueError) as err:
        a.route_stage_times("normal", 1000, 0.002, 1e6, -0.5)
    assert str(err.value) == "unix_hop_factor must be >= 0, got -0.5"
    with pytest.raises(ValueError) as err:
        a.route_stage_times("Direct", 1000, 0.002, 1e6)
    assert str(err.value) == "route must be 'normal' or 'direct', got 'Direct'"


def test_equal_hop_prediction_every_field():
    """Direct row t0 = 2032 us, r = 1e6 B/s (8 Mbit/s), so a = 2 ms. Default f = 1: k = 3, r_N = 1e6/3,
    r_max 8/3 Mbit/s, t0_N = 3 x 2 ms + 32 / (1e6/3) = 6.096 ms, t0 ratio 6096/2032 = 3.
    f = 0.25: k = 1.5, t0_N = 3 ms + 48 us = 3048 us, ratio 1.5."""
    import pandas as pd

    row = pd.Series({"t0_us": 2032.0, "r_Bps": 1e6, "r_max": 8.0})
    p = a.equal_hop_prediction(row)
    assert p == pytest.approx({"r_ratio": 3.0, "r_Bps": 1e6 / 3, "r_max": 8 / 3, "t0_us": 6096.0, "t0_ratio": 3.0},
                              rel=1e-12)
    q = a.equal_hop_prediction(row, 0.25)
    assert q == pytest.approx({"r_ratio": 1.5, "r_Bps": 1e6 / 1.5, "r_max": 8 / 1.5, "t0_us": 3048.0,
                               "t0_ratio": 1.5}, rel=1e-12)


def test_cells_for_at_the_cell_boundary_and_with_other_sizes():
    """40 B + 8 B trailer = 48 B = one cell; 41 B needs two. Without a trailer in 50-byte cells 100 B is 2 cells."""
    assert a.cells_for(40) == 1 and a.cells_for(41) == 2
    assert a.cells_for(100, trailer=0, cell_payload=50) == 2
    assert a.cells_for(101, trailer=0, cell_payload=50) == 3


def test_tunnel_cells_edges_and_header_size():
    """hpdu 8 leaves no burst (refused, whole message); hpdu 9 carries bursts of 1 B: 2 B -> 2 H-PDUs of 9 B,
    1 cell each (9 + 8 <= 48), + 3 header cells = 5.

    hpdu 100, 184 data B: bursts of 92 B -> 2 full H-PDUs of ceil(108/48) = 3 cells = 6. With a 0-byte HB
    header the bursts are 100 B: one full (3 cells) and a last of 84 B in ceil(92/48) = 2 cells = 5.
    93 data B: one full burst (3 cells) and 1 B in a 9-byte H-PDU (1 cell) = 4.
    """
    with pytest.raises(ValueError) as err:
        a.tunnel_cells(8)
    assert str(err.value) == "hpdu_bytes must exceed the 8-byte HB_Header, got 8"
    assert a.tunnel_cells(9, data_bytes=2) == 5
    assert a.tunnel_cells(100, data_bytes=184, header_cells=0) == 6
    assert a.tunnel_cells(100, data_bytes=184, header_cells=0, hb_header=0) == 5
    assert a.tunnel_cells(100, data_bytes=93, header_cells=0) == 4
    # a last burst of 40 B travels with its 8-byte HB header: 40 + 8 + 8 (trailer) = 56 B -> 2 cells (3 + 2 = 5)
    assert a.tunnel_cells(100, data_bytes=132, header_cells=0) == 5


def test_tunnel_utilisation_passes_its_arguments():
    """2056-byte H-PDUs without header cells: 61440 / (43 x 30 x 48); 1024 data B: 1024 / (25 x 48)."""
    assert a.tunnel_utilisation(2056, header_cells=0) == pytest.approx(61440 / (1290 * 48), rel=1e-15)
    assert a.tunnel_utilisation(2056, data_bytes=1024) == pytest.approx(1024 / (25 * 48), rel=1e-15)


def test_ip_routing_edges_and_whole_messages():
    """Accounting A: MTU 40 leaves 0 data bytes (refused); MTU 41 carries 1 B per packet: 2 B -> 2 packets of
    41 + 8 LLC + 8 trailer = 57 B, 2 cells each = 4.

    Accounting B: MTU 27 leaves 7 B, aligned down to 0 (refused); MTU 28 gives 8-byte fragments: 4 data B + 20
    TCP = 24 B -> 3 fragments of 28 + 16 = 44 B, 1 cell each = 3. MTU 37 leaves 17 B, aligned to 16: 252 + 20 =
    272 = 17 x 16 -> 17 fragments of 36 + 16 = 52 B, 2 cells each = 34 (unaligned, 16 of 17 B would be 32).
    """
    with pytest.raises(ValueError) as err:
        a.ip_routing_cells(40, accounting="tcp_per_packet")
    assert str(err.value) == "MTU 40 leaves no room for data after 40 header bytes"
    assert a.ip_routing_cells(41, data_bytes=2, accounting="tcp_per_packet") == 4
    with pytest.raises(ValueError) as err:
        a.ip_routing_cells(27, accounting="ip_fragments")
    assert str(err.value) == "MTU 27 leaves no room for fragment data after the IP header"
    assert a.ip_routing_cells(28, data_bytes=4, accounting="ip_fragments") == 3
    assert a.ip_routing_cells(37, data_bytes=252, accounting="ip_fragments") == 34
    with pytest.raises(ValueError) as err:
        a.ip_routing_cells(8192, accounting="guess")
    assert str(err.value) == "accounting must be one of ('ip_fragments', 'tcp_per_packet'), got 'guess'"


def test_ip_routing_utilisation_passes_its_arguments():
    """MTU 8192: 61440 / (1287 x 48) under the text's reading; one full packet of 8152 data B is 171 cells."""
    assert a.ip_routing_utilisation(8192) == pytest.approx(61440 / (1287 * 48), rel=1e-15)
    assert a.ip_routing_utilisation(8192, data_bytes=8152, accounting="tcp_per_packet") == pytest.approx(
        8152 / (171 * 48), rel=1e-15)


def test_crossover_edges():
    """Above everywhere: both are the first MTU. Above then below: first found, 'always' NaN. Equal utilisation
    is not 'beats' (strict). data_bytes and accounting reach the utilisation: one 8152-byte packet at MTU 8192
    is 171 cells (utilisation 8152 / 8208), above 0.99 but below 0.995."""
    assert a.crossover_mtu(0.5, [1000, 2000]) == (1000.0, 1000.0)
    u = a.tunnel_utilisation(2056)
    first, always = a.crossover_mtu(u, [4444, 4443])   # 1292 cells, then 1295 (derived above)
    assert first == 4444 and math.isnan(always)
    first, always = a.crossover_mtu(a.ip_routing_utilisation(8192), [8192])
    assert math.isnan(first) and math.isnan(always)
    per_packet = {"data_bytes": 8152, "accounting": "tcp_per_packet"}
    assert a.crossover_mtu(0.99, [8192], **per_packet) == (8192.0, 8192.0)
    assert math.isnan(a.crossover_mtu(0.995, [8192], **per_packet)[0])
    assert a.crossover_mtu(u, range(6200, 6300), accounting="tcp_per_packet")[0] == 6223


def test_fit_rtt_eff_standard_error_by_hand():
    """Windows 1024 and 2048 KB = 1 and 2 MByte, caps 1 and 2.2 MByte/s. Through the origin the slope is
    sum(w y) / sum(w^2) = 5.4 / 5 = 1.08; residuals -0.08, 0.04, s^2 = 0.008 / 1, se(slope) = sqrt(0.008 / 5)
    = 0.04. RTT = 1000 / 1.08 ms; delta method se = 1000 x 0.04 / 1.08^2 = 40 / 1.1664 ms. One point: no SE."""
    rtt, se, _ = a.fit_rtt_eff([1024, 2048], [1.0, 2.2])
    assert rtt == pytest.approx(1000 / 1.08, rel=1e-12)
    assert se == pytest.approx(40 / 1.1664, rel=1e-9)
    rtt1, se1, _ = a.fit_rtt_eff([1024], [2.0])
    assert rtt1 == pytest.approx(500.0, rel=1e-12) and math.isnan(se1)
    # 102.4 KB = 0.1 MByte with a cap of 0.3 MByte/s: RTT = 0.1 / 0.3 s = 1000/3 ms. The fitted value 0.1 x 3.0
    # misses 0.3 by one rounding unit, and statsmodels' SE of a fit without residual degrees of freedom is then
    # inf (0 / 0 = NaN only for an exact fit); one window still gives no SE.
    rtt1, se1, _ = a.fit_rtt_eff([102.4], [0.3])
    assert rtt1 == pytest.approx(1000 / 3, rel=1e-12) and math.isnan(se1)
