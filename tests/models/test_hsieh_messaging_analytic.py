"""Hsieh chapters 2-3: exact hand-computed cases of the closed forms (derivations in the docstrings)."""

import math

import pytest

from mmperf.models.hsieh_messaging import analytic as a


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
    """MTU 8192, accounting A: 8152 data B per packet -> 7 full packets (57064 B) + 4376 B.

    Full packet: 8192 + 8 LLC + 8 trailer = 8208 B = 171 cells; last: 4376 + 40 + 16 = 4432 -> 93 cells;
    7 x 171 + 93 = 1290 cells. Accounting B: fragments of 8168 data B (8-aligned), 61460 B -> 7 x 8168 +
    4284: 7 x ceil((8188 + 16) / 48) = 7 x 171 + ceil((4304 + 16) / 48) = 90 -> 1287.
    """
    assert a.ip_routing_cells(8192) == 7 * 171 + 93
    assert a.ip_routing_cells(8192, accounting="ip_fragments") == 7 * 171 + 90
    with pytest.raises(ValueError, match="accounting"):
        a.ip_routing_cells(8192, accounting="guess")


def test_crossovers_of_figure_34():
    first, always = a.crossover_mtu(a.tunnel_utilisation(2056), range(576, 65281))
    assert first == 6223 and always == 10274
    assert a.ip_routing_utilisation(6222) <= a.tunnel_utilisation(2056) < a.ip_routing_utilisation(6223)
    first_b, _ = a.crossover_mtu(a.tunnel_utilisation(2056), range(576, 65281), accounting="ip_fragments")
    assert first_b == 4444
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
