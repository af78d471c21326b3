"""The Hsieh messaging experiments at the smallest sizes: shapes, closed forms that hold exactly
(deterministic Ciw runs equal the sums of stage times, noiseless data fit exactly), the thesis's
numbers worked by hand, and seeds."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from mmstudies.hsieh_messaging import analytic, synthetic, tcp
from mmstudies.hsieh_messaging import experiments as ex


def test_values_merge_both_tables():
    v = ex.values()
    # Eq. 2.2 from the chapter 2 table, the window caps from the chapter 3 table
    assert (v["eq22_num_const_ms"], v["eq22_num_slope_ms"], v["eq22_den_const_ms"], v["eq22_den_slope_ms"]) == \
        (70.0, 37.0, 95.83, 4.17)
    assert (v["lan_cap_w64_MBps"], v["tun_cap_w128_MBps"]) == (7.5, 8.35)
    assert all(isinstance(x, float) for x in v.values())


def test_pair_of_keeps_underscores_in_the_base():
    assert ex.pair_of("aal5_direct") == ("aal5_normal", "aal5_direct")
    assert ex.pair_of("tuned_hippi_normal") == ("tuned_hippi_normal", "tuned_hippi_direct")


def test_equal_hop_table_one_row_per_pair_with_the_model_ratio_1_plus_2f():
    t = analytic.platform_table("binary").set_index("id")
    df = ex.equal_hop_table("binary", 0.5)
    assert df["pair"].tolist() == [k.rsplit("_", 1)[0] for k in analytic.ROUTE_PAIRS]
    # three hops in series, each local hop f = 0.5 times the network hop: 1 + 2 x 0.5 = 2 x the time per byte
    assert (df["r_ratio_model"] == 2.0).all()
    aal5 = df.set_index("pair").loc["aal5"]
    assert aal5["r_ratio_table"] == t.loc["aal5_direct", "r_Bps"] / t.loc["aal5_normal", "r_Bps"]
    assert aal5["t0_ratio_table"] == t.loc["aal5_normal", "t0_us"] / t.loc["aal5_direct", "t0_us"]
    assert (aal5["table"], aal5["platform"]) == ("2.2", "PVM-ATM using AAL5")
    # f = 0: the Normal route is the Direct one
    assert np.allclose(ex.equal_hop_table("binary", 0.0)[["r_ratio_model", "t0_ratio_model"]], 1.0)


def test_synthetic_experiment_noiseless_data_are_fitted_exactly():
    """With noise_cv = 0 every RTT is a + 2M/r: every fit method returns the generator's a and r."""
    out = ex.synthetic_experiment("aal5_direct", "binary", "A", 1.0, 1.0, 0.0, 2, 4, 10, "wls", 2, 1)
    truth = out["truth"]
    assert out["sizes"].tolist() == [2.0 ** k for k in range(4, 11)]
    assert len(out["data"]) == 7 * 2
    for m in synthetic.FIT_METHODS:
        assert out["fits"][m]["a_s"] == pytest.approx(truth["a_s"], rel=1e-6)
        assert out["fits"][m]["r_Bps"] == pytest.approx(truth["r_Bps"], rel=1e-6)
    # generator A: r = the row's r, a = t0 - 32 / r
    row = analytic.platform_table("binary").set_index("id").loc["aal5_direct"]
    assert truth["r_Bps"] == row["r_Bps"]
    assert truth["a_s"] == pytest.approx(row["t0_us"] * 1e-6 - 32 / row["r_Bps"])
    assert out["row"]["platform"] == row["platform"]
    # the recovery study: data_sets rows per method, labelled
    assert out["recovery"]["method"].tolist() == ["ols", "ols", "wls", "wls", "rlm", "rlm"]


def test_synthetic_experiment_factors_and_seeds():
    base = ex.synthetic_experiment("aal5_direct", "binary", "A", 2.0, 1.0, 0.05, 2, 4, 8, "wls", 1, 3)
    row = analytic.platform_table("binary").set_index("id").loc["aal5_direct"]
    assert base["truth"]["r_Bps"] == 2.0 * row["r_Bps"]
    same = ex.synthetic_experiment("aal5_direct", "binary", "A", 2.0, 1.0, 0.05, 2, 4, 8, "wls", 1, 3)
    other = ex.synthetic_experiment("aal5_direct", "binary", "A", 2.0, 1.0, 0.05, 2, 4, 8, "wls", 1, 4)
    pd.testing.assert_frame_equal(same["data"], base["data"])
    pd.testing.assert_frame_equal(same["recovery"], base["recovery"])
    assert not np.array_equal(other["data"]["rtt_s"], base["data"]["rtt_s"])


@pytest.fixture(scope="module")
def routes():
    return ex.route_experiment("aal5_direct", "binary", 1.0, 0.0, 5, 0.5, 100, 1, 1, sizes=(16.0, 65536.0))


def test_route_experiment_deterministic_echo_equals_the_stage_sums(routes):
    """cv = 0: the Ciw round trip is twice the sum of the one-way stages. Direct: one hop a/2 + M/r, so its
    RTT is a + 2M/r, the Hockney RTT of the Direct row itself; Normal with f = 1: three equal hops, 3 x."""
    echo = routes["echo"]
    assert echo[["m_bytes", "route"]].values.tolist() == [[16.0, "normal"], [16.0, "direct"],
                                                          [65536.0, "normal"], [65536.0, "direct"]]
    assert np.allclose(echo["rtt_sim_s"], echo["rtt_exact_s"], rtol=1e-9, atol=0)
    assert (echo["ci_half_width"] == 0).all()
    d = echo[echo["route"] == "direct"]
    assert np.allclose(d["rtt_exact_s"], d["rtt_table_s"], rtol=1e-12)
    n = echo[echo["route"] == "normal"]
    assert np.allclose(n["rtt_exact_s"].to_numpy(), 3 * d["rtt_exact_s"].to_numpy(), rtol=1e-12)
    assert routes["pair"] == ("aal5_normal", "aal5_direct") and routes["stream_message_bytes"] == 65536.0


def test_route_experiment_stream_and_jackson(routes):
    t = analytic.platform_table("binary").set_index("id").loc["aal5_direct"]
    a = analytic.intercept_from_t0(t["t0_us"] * 1e-6, t["r_Bps"])
    hop = a / 2 + 65536 / t["r_Bps"]
    s = routes["stream"]
    # every stage equals the network hop (f = 1): capacity 1 / hop, sums 3 hops and 1 hop
    assert s["normal"]["capacity_per_s"] == pytest.approx(1 / hop) and s["direct"]["capacity_per_s"] == pytest.approx(1 / hop)
    assert s["normal"]["sum_s"] == pytest.approx(3 * hop) and s["direct"]["sum_s"] == pytest.approx(hop)
    assert s["normal"]["ci_half_width"] == 0.0          # route_cv = 0
    # every message is served for exactly the three hops (cv = 0); waiting can only add to that
    assert s["normal"]["sojourn_s"] >= 3 * hop * (1 - 1e-9)
    j = routes["jackson"]
    # at least 5 replications; the load is 0.5 of the slowest stage: lambda = 0.5 / hop;
    # M/M/1 tandem of three stages: 3 / (1/hop - 0.5/hop) = 6 hop
    assert (j["n"], j["load"]) == (5, 0.5)
    assert j["arrival_rate"] == pytest.approx(0.5 / hop)
    assert j["exact_s"] == pytest.approx(6 * hop)


def test_route_experiment_without_unix_hops_normal_is_direct():
    out = ex.route_experiment("aal5_direct", "binary", 0.0, 0.0, 4, 0.5, 60, 1, 1, sizes=(1024.0,))
    e = out["echo"].set_index("route")
    # f = 0: the local hops have zero time and are left out, the routes coincide
    assert e.loc["normal", "rtt_exact_s"] == e.loc["direct", "rtt_exact_s"]
    assert out["stream"]["normal"]["sum_s"] == out["stream"]["direct"]["sum_s"]


def test_multicast_experiment_least_squares_and_deterministic_lines():
    out = ex.multicast_experiment(4, 0.0, 1, 1)
    # the errata: least squares through the five 64 KB points gives 48.7 + 46.9 n
    assert out["ols_const"] == pytest.approx(48.7, abs=0.05) and out["ols_slope"] == pytest.approx(46.9, abs=0.05)
    assert len(out["ols_se"]) == 2 and out["num"] == (70.0, 37.0) and out["den"] == (95.83, 4.17)
    assert out["ns"].tolist() == list(range(1, 11))
    # Eq. 2.2 gain at n = 4: (70 + 148) / (95.83 + 16.68) = 218 / 112.51
    assert out["gain"][3] == pytest.approx(218 / 112.51)
    # deterministic jobs: serial 70 + 37 x 4 = 218 ms, parallel 95.83 + 4.17 x 4 = 112.51 ms
    assert out["sim"]["serial"]["time_ms"] == pytest.approx(218.0)
    assert out["sim"]["parallel"]["time_ms"] == pytest.approx(112.51)
    assert ex.multicast_experiment(12, 0.0, 1, 1)["ns"].tolist() == list(range(1, 13))


def test_multicast_simulation_uses_the_transcribed_eq22(monkeypatch):
    """The simulated multicasts take their job times from the values table, not from the model's
    defaults: with Eq. 2.2's constants changed to 100 + 10 n and 50 + 5 n, deterministic jobs give
    100 + 10 x 3 = 130 ms (serial) and 50 + 5 x 3 = 65 ms (parallel) at n = 3."""
    real = ex.values()
    changed = {**real, "eq22_num_const_ms": 100.0, "eq22_num_slope_ms": 10.0,
               "eq22_den_const_ms": 50.0, "eq22_den_slope_ms": 5.0}
    monkeypatch.setattr(ex, "values", lambda: changed)
    out = ex.multicast_experiment(3, 0.0, 1, 1)
    assert out["sim"]["serial"]["time_ms"] == pytest.approx(130.0)
    assert out["sim"]["parallel"]["time_ms"] == pytest.approx(65.0)


def test_overhead_experiment_eq31_and_the_mtu_grid():
    out = ex.overhead_experiment(2056, 61440, 3, "tcp_per_packet", 576, 65280, 155.52)
    # Eq. 3.1: 1032-byte H-PDUs take 1323 cells of 48 bytes for 61440 data bytes
    assert out["u_1032"] == 61440 / (1323 * 48)
    assert out["u_chosen"] == out["u_2056"] == pytest.approx(0.98995, abs=5e-6)
    # SONET: 155.52 x 26/27 x 48/53 = 135.632 Mbit/s to the AAL
    assert out["aal_mbps"] == pytest.approx(155.52 * 26 / 27 * 48 / 53)
    assert out["ceiling_mbps"] == pytest.approx(out["u_2056"] * out["aal_mbps"])
    # step (65280 - 576) // 4000 = 16: 576, 592, ..., 65280 (4045 MTUs)
    c = out["curves"]
    assert list(c.columns) == ["mtu", *analytic.ACCOUNTINGS]
    assert (len(c), c["mtu"].iloc[0], c["mtu"].iloc[-1], c["mtu"].iloc[1] - c["mtu"].iloc[0]) == (4045, 576, 65280, 16)
    # the crossover is searched on every MTU, not the plotted grid (the docstring example of crossover_mtu)
    assert out["crossover"]["tcp_per_packet"] == (6223.0, 10274.0)
    assert out["u_ip_8k"] == analytic.ip_routing_utilisation(8192, 61440, "tcp_per_packet")
    # a narrow range: the step is 1
    small = ex.overhead_experiment(2056, 61440, 3, "ip_fragments", 1000, 1010, 155.52)
    assert small["curves"]["mtu"].tolist() == list(range(1000, 1011))


def test_window_experiment_bdps_caps_and_windows():
    out = ex.window_experiment(2.6, 2.75, 800, 155.52, 2056, 3, 100, 61440)
    # BDP: 800 Mbit/s x 2.6 ms / 8 = 260000 bytes; 155.52 x 2.75 / 8 = 53460
    assert out["bdp_lan_bytes"] == pytest.approx(260000.0) and out["bdp_tunnel_bytes"] == pytest.approx(53460.0)
    assert (out["fits"]["lan"]["points"], out["fits"]["tunnel"]["points"]) == (3, 2)
    caps = out["caps"]
    assert caps[["network", "window_kb"]].values.tolist() == [["HIPPI LAN", 256], ["HIPPI LAN", 128], ["HIPPI LAN", 64],
                                                              ["HIPPI tunnelling", 128], ["HIPPI tunnelling", 64]]
    # naive cap W / RTT: 64 KB / 2.6 ms = 65536 / 0.0026 / 2^20 = 24.04 MB/s
    assert caps.iloc[2]["naive_MBps"] == pytest.approx(64 * 1024 / 0.0026 / 2 ** 20)
    # fitted through the origin: cap = W / RTT_eff, so the fitted caps are proportional to W
    lan = caps[caps["network"] == "HIPPI LAN"]
    assert np.allclose(lan["fitted_MBps"] / lan["window_kb"], lan["fitted_MBps"].iloc[0] / 256)
    assert out["ceiling_MBps"] == pytest.approx(analytic.tunnel_utilisation(2056) * analytic.aal_rate_mbps(155.52)
                                                * 1e6 / 8 / 2 ** 20)
    assert sorted(out["trace"]) == [64.0, 100.0, 512.0]
    assert out["sim_windows"].tolist() == [32, 64, 100, 128, 256, 512, 1024]
    assert len(out["sim_MBps"]) == 7 and out["window_kb"] == 100.0
    # the chosen window's throughput is one of the simulated ones
    assert out["window_MBps"] == pytest.approx(out["sim_MBps"][2])
    # no rate can exceed the tunnel's ceiling
    assert (out["sim_MBps"] <= out["ceiling_MBps"] * (1 + 1e-9)).all()


def test_chapter3_hockney_by_hand():
    df = ex.chapter3_hockney(800)
    assert df["case"].tolist() == ["HIPPI LAN, HIPPI-FP"] * 2 + ["HIPPI LAN, TCP"] * 2 + ["Tunnelling, TCP"]
    assert df["relation"].tolist() == ["more than", "equal", "more than", "equal", "equal"]
    # HIPPI-FP at 64 KB: 2M = 0.125 MiB; a = 2.5 ms, r = 76.81 MB/s: 0.125 / (0.0025 + 0.125 / 76.81)
    assert df["hockney_MBps"].iloc[0] == pytest.approx(0.125 / (0.0025 + 0.125 / 76.81))
    # tunnelling TCP at 64 KB: a = 2.75 ms (the BDP's RTT), r = 13.27 MB/s (its 2 MB number)
    assert df["hockney_MBps"].iloc[4] == pytest.approx(0.125 / (0.00275 + 0.125 / 13.27))
    assert (df["paper_MBps"].iloc[4], df["m_bytes"].iloc[1]) == (7.97, 2 * 2 ** 20)


def test_errata_table():
    e = ex.errata()
    assert list(e.columns) == ["seed lines", "where", "the seed says", "our reading"]
    assert len(e) == 16 and e.notna().all().all()
    assert "48.7 + 46.9n" in e.set_index("seed lines").loc["633, 626", "our reading"]


def test_half_width_needs_two_values():
    assert math.isnan(ex._half([1.0]))
    # mean 2 of (1, 3): s = sqrt(2), t(0.975, 1) = 12.706: 12.706 x sqrt(2) / sqrt(2) = 12.706
    assert ex._half([1.0, 3.0]) == pytest.approx(12.7062, abs=1e-4)


# ----------------------------------------------------------------------------- run and the shown tables
_CALLS = []


def _probe(x, y=2, z=3):
    _CALLS.append((x, y, z))
    return x + 10 * y + 100 * z


def test_run_passes_the_named_parameters_and_caches(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("MMPERF_NO_SIMCACHE", raising=False)
    _CALLS.clear()
    params = {"x": 1, "z": 5, "seed": 9, "output_dir": None}     # y keeps its default; seed, output_dir ignored
    assert ex.run(_probe, params) == 1 + 20 + 500
    assert ex.run(_probe, params) == 521
    assert _CALLS == [(1, 2, 5)]                                 # the second call came from the cache
    assert ex.run(_probe, {**params, "x": 2}) == 522 and len(_CALLS) == 2


def ex_data(name):
    from mmperf import paths

    return paths.data_dir() / "hsieh" / name


def test_table2_1_and_seed_tables():
    assert ex.table2_1().columns[0] == "from / to"
    raw = pd.read_csv(ex_data("msg_table2_3.csv"))
    t23 = ex.seed_table("msg_table2_3")
    assert list(t23.columns) == ["platform", "r_max_Mbit_s", "n_half_bytes", "t0_us"]
    assert t23.iloc[0].tolist() == ["PVM-ATM using AAL5", 27.202, 7867, 1905.5]    # seed line 600
    assert len(t23) == len(raw)


def test_both_routes_table_headers_and_rate_formats():
    t25 = ex.both_routes_table("msg_table2_5")
    assert list(t25.columns) == ["platform", "Normal r_max (Mbit/s)", "Normal n_1/2 (byte)", "Normal t0 (µs)",
                                 "Direct r_max (Mbit/s)", "Direct n_1/2 (byte)", "Direct t0 (µs)"]
    assert t25.iloc[0].tolist() == ["PVM 3.3.4", 6.514, 797, 2226, 8.4, 540, 1045]    # seed line 744
    assert ex.rate_formats(t25) == {"Normal r_max (Mbit/s)": ".3f", "Direct r_max (Mbit/s)": ".3f"}
    assert "Normal r_max (MByte/s)" in ex.both_routes_table("msg_table2_6").columns


def test_fit_table_rows_by_hand():
    syn = {"row": {"r_Bps": 1e6, "t0_us": 1032.0, "n_half_bytes": 700.0},
           "truth": {"a_s": 0.001, "r_Bps": 1e6},
           "fits": {"ols": {"a_s": 0.002, "a_se": 1e-4, "r_Bps": 2e6, "r_se": 1e4, "n_half_bytes": 2000.0}}}
    t = ex.fit_table(syn, "A")
    assert t["fit"].tolist() == ["table row (t0 as a, r_max, n_1/2)", "generator A", "OLS"]
    assert t.loc[0, "a (ms)"] == pytest.approx(1.0)            # 1032 us - 32 byte / 1e6 byte/s = 1000 us
    assert t.loc[0, "r (Mbit/s)"] == 8.0 and t.loc[0, "n_1/2 (byte)"] == 700.0
    assert t.loc[1, "n_1/2 (byte)"] == pytest.approx(500.0)    # a r / 2 = 1e-3 x 1e6 / 2
    assert math.isnan(t.loc[1, "95 % ± a (ms)"])
    assert t.loc[2, ["a (ms)", "r (Mbit/s)", "n_1/2 (byte)"]].tolist() == [2.0, 16.0, 2000.0]
    assert t.loc[2, "95 % ± a (ms)"] == pytest.approx(0.196) and t.loc[2, "95 % ± r (Mbit/s)"] == pytest.approx(0.1568)


def test_unit_checks_table_by_hand():
    t = ex.unit_checks_table()
    assert t["seed line"].tolist() == [982, 1002, 1046, 1096]
    # 1 MByte/s = 2^20 x 8 / 1e6 = 8.388608 Mbit/s; half a unit of the second decimal is 0.005 MByte/s
    assert t["Mbit/s (ours)"].tolist() == pytest.approx([73.73 * 8.388608, 76.81 * 8.388608,
                                                         13.27 * 8.388608, 13.47 * 8.388608])
    assert t["band (Mbit/s)"].tolist() == pytest.approx([0.04194304] * 4)
    # 644.363 is inside the band of 76.81 (644.3389 +- 0.0419), the notes' "inconsistency" is not one
    row = t.set_index("quoted").loc["HIPPI-FP, LAN, 16 MB"]
    assert abs(row["Mbit/s (ours)"] - row["Mbit/s (paper)"]) <= row["band (Mbit/s)"]


# --- added from the mutation run (2026-11-26, mut4b) ---


def test_fit_table_generator_row_and_columns_by_hand():
    """The generator's row: a = 1 ms (1e-3 s x 1e3), r = 1e6 byte/s x 8e-6 = 8 Mbit/s; a fit's row has
    the two half-width columns, which the table and generator rows leave empty."""
    syn = {"row": {"r_Bps": 2e6, "t0_us": 1016.0, "n_half_bytes": 900.0},
           "truth": {"a_s": 0.001, "r_Bps": 1e6},
           "fits": {"wls": {"a_s": 0.003, "a_se": 2e-4, "r_Bps": 4e6, "r_se": 5e3, "n_half_bytes": 3000.0}}}
    t = ex.fit_table(syn, "B")
    assert list(t.columns) == ["fit", "a (ms)", "r (Mbit/s)", "n_1/2 (byte)", "95 % ± a (ms)", "95 % ± r (Mbit/s)"]
    assert t.loc[1, "fit"] == "generator B"
    assert t.loc[1, "a (ms)"] == pytest.approx(1.0, rel=1e-12)
    assert t.loc[1, "r (Mbit/s)"] == pytest.approx(8.0, rel=1e-12)
    # the table row: 1016 us - 32 byte / 2e6 byte/s = 1000 us; 2e6 x 8e-6 = 16 Mbit/s
    assert t.loc[0, "a (ms)"] == pytest.approx(1.0, rel=1e-12) and t.loc[0, "r (Mbit/s)"] == pytest.approx(16.0)
    assert t.loc[2, "fit"] == "WLS" and t.loc[2, "95 % ± r (Mbit/s)"] == pytest.approx(1.96 * 5e3 * 8e-6)


def test_unit_checks_table_columns():
    t = ex.unit_checks_table()
    assert list(t.columns) == ["quoted", "seed line", "MByte/s (paper)", "Mbit/s (paper)", "Mbit/s (ours)",
                               "band (Mbit/s)"]
    assert t["MByte/s (paper)"].tolist() == [73.73, 76.81, 13.27, 13.47]


def test_window_caps_fits_pass_the_fits_standard_errors_on():
    """Each fit through the origin is analytic.fit_rtt_eff of the thesis's (window, cap) points, with its
    standard error under ``se_ms`` (the LAN's three points leave one degree of freedom more than the
    tunnel's two)."""
    v = ex.values()
    out = ex.window_caps(2.6, 2.75, 800, 155.52, 2056, 3)
    lan = analytic.fit_rtt_eff([256, 128, 64], [v["lan_cap_w256_MBps"], v["lan_cap_w128_MBps"], v["lan_cap_w64_MBps"]])
    tun = analytic.fit_rtt_eff([128, 64], [v["tun_cap_w128_MBps"], v["tun_cap_w64_MBps"]])
    assert out["fits"]["lan"] == {"rtt_eff_ms": lan[0], "se_ms": lan[1], "points": 3}
    assert out["fits"]["tunnel"] == {"rtt_eff_ms": tun[0], "se_ms": tun[1], "points": 2}


def test_route_experiment_streams_and_jackson_are_the_models_runs():
    """route_experiment's streams and Jackson line, recomputed with the model: stream replication i has seed
    seed + i, Jackson's seed + 100 + i (at least five), the stages' cv is the route's (0 stays deterministic),
    the Jackson line runs at half the slowest stage's rate with exponential stages; the Normal row's table
    RTT comes from the Normal row of the table (a + 2M/r of that row)."""
    from mmstudies.hsieh_messaging import model

    args = ("aal5_direct", "binary", 1.0)
    st = ex.stream_stages(*args, 0.5)
    for cv in (0.0, 0.5):
        out = ex.route_experiment(*args, cv, 4, 0.5, 60, 2, 3, sizes=(16.0,))
        assert set(out) == {"echo", "stream", "jackson", "pair", "stream_message_bytes"}
        for route, stages in (("normal", st["normal"]), ("direct", st["direct"])):
            runs = [model.simulate_stream(stages, st["arrival_rate"], cv, 60, s) for s in (3, 4)]
            soj = [r["sojourn_s"] for r in runs]
            got = out["stream"][route]
            assert got == {"sojourn_s": pytest.approx(np.mean(soj), rel=1e-12),
                           "ci_half_width": pytest.approx(ex._half(soj) if cv else 0.0, rel=1e-12),
                           "capacity_per_s": pytest.approx(1 / max(stages), rel=1e-12),
                           "sum_s": pytest.approx(sum(stages), rel=1e-12),
                           "trend": ex._trend([r["sojourns_s"] for r in runs])}
            if cv:
                assert got["ci_half_width"] > 0
        lam_j = 0.5 / max(st["normal"])
        jack = [model.simulate_stream(st["normal"], lam_j, 1.0, 60, 103 + i) for i in range(5)]
        js = [r["sojourn_s"] for r in jack]
        j = out["jackson"]
        assert j["sim_s"] == pytest.approx(np.mean(js), rel=1e-12)
        assert j["ci_half_width"] == pytest.approx(ex._half(js), rel=1e-12)
        assert j["arrival_rate"] == pytest.approx(lam_j, rel=1e-12) and j["n"] == 5
        assert j["trend"] == ex._trend([r["sojourns_s"] for r in jack])
        assert j["exact_s"] == pytest.approx(model.jackson_sojourn(st["normal"], lam_j), rel=1e-12)
    t = analytic.platform_table("binary").set_index("id").loc["aal5_normal"]
    a_n = analytic.intercept_from_t0(t["t0_us"] * 1e-6, t["r_Bps"])
    normal = out["echo"].set_index("route").loc["normal"]
    assert normal["rtt_table_s"] == pytest.approx(a_n + 2 * 16 / t["r_Bps"], rel=1e-12)


def test_trend_by_hand():
    """Fewer messages than batches: no test; else steady.batch_means_trend over the message-by-message mean
    of the replications (cut to the shortest), in 10 batches by default."""
    from mmperf import steady

    short = ex._trend([[1.0] * 9, [2.0] * 12])
    assert short["trends"] is False and math.isnan(short["p_value"]) and math.isnan(short["slope"])
    assert set(short) == {"trends", "p_value", "slope"}
    a = [float(k) for k in range(10)]
    b = [2.0 * k + 1 for k in range(12)]
    tr = steady.batch_means_trend([(x + y) / 2 for x, y in zip(a, b[:10], strict=True)], batches=10)
    assert ex._trend([a, b]) == {"trends": tr.trends, "p_value": tr.p_value, "slope": tr.slope}
    assert tr.trends and tr.slope > 0
    five = steady.batch_means_trend([(x + y) / 2 for x, y in zip(a, b[:10], strict=True)], batches=5)
    assert ex._trend([a, b], batches=5)["p_value"] == five.p_value


def test_multicast_experiment_keys_gain_and_no_simulations(monkeypatch):
    """Eq. 2.2's gain uses the values table's numerator and denominator; sims=False runs no simulation."""
    out = ex.multicast_experiment(4, 0.0, 1, 1, sims=False)
    assert out["sim"] == {} and out["n"] == 4
    pd.testing.assert_frame_equal(out["points"], ex.load_table(ex.STUDY, "msg_multicast"))
    changed = {**ex.values(), "eq22_num_const_ms": 100.0, "eq22_num_slope_ms": 10.0,
               "eq22_den_const_ms": 50.0, "eq22_den_slope_ms": 5.0}
    monkeypatch.setattr(ex, "values", lambda: changed)
    out = ex.multicast_experiment(3, 0.0, 1, 1, sims=False)
    assert out["gain"][2] == pytest.approx((100 + 30) / (50 + 15), rel=1e-12)


def test_overhead_experiment_passes_header_cells_accounting_and_the_mtu_range():
    """Two header cells instead of three; a range of 4000-12000 MTUs is plotted every (8000 // 4000) = 2; each
    curve is ip_routing_utilisation of its accounting; the crossover is searched up to mtu_max itself:
    tcp_per_packet first beats 2056-byte tunnelling at 6223 (crossover_mtu's example), so a range ending
    there finds it and one ending at 6222 does not."""
    out = ex.overhead_experiment(2056, 61440, 2, "ip_fragments", 4000, 12000, 155.52)
    for key, h in (("u_1032", 1032), ("u_2056", 2056), ("u_chosen", 2056)):
        assert out[key] == analytic.tunnel_utilisation(h, 61440, 2)
    assert out["u_chosen"] != analytic.tunnel_utilisation(2056, 61440, 3)
    c = out["curves"]
    assert c["mtu"].iloc[1] - c["mtu"].iloc[0] == 2 and c["mtu"].iloc[-1] == 12000
    for acc in analytic.ACCOUNTINGS:
        assert c[acc].iloc[7] == analytic.ip_routing_utilisation(4014, 61440, acc)
    assert ex.overhead_experiment(2056, 61440, 3, "ip_fragments", 6000, 6223, 155.52)["crossover"][
        "tcp_per_packet"][0] == 6223.0
    assert math.isnan(ex.overhead_experiment(2056, 61440, 3, "ip_fragments", 6000, 6222, 155.52)["crossover"][
        "tcp_per_packet"][0])


def test_window_caps_and_experiment_recomputed_from_their_parts():
    """Each cap row's fitted cap uses its own network's fit; the ceiling uses the header cells given; the
    sender's traces and throughputs are tcp's at the ceiling's rate (MByte/s x 2^20) and the tunnel's
    fitted round trip (ms x 1e-3)."""
    from mmstudies.hsieh_messaging import tcp

    out = ex.window_experiment(2.6, 2.75, 800, 155.52, 2056, 2, 100, 61440)
    v = ex.values()
    caps = out["caps"]
    assert caps["cap_paper_MBps"].tolist() == [v["lan_cap_w256_MBps"], v["lan_cap_w128_MBps"],
                                               v["lan_cap_w64_MBps"], v["tun_cap_w128_MBps"], v["tun_cap_w64_MBps"]]
    for row in caps.itertuples():
        key = "lan" if row.network == "HIPPI LAN" else "tunnel"
        assert row.fitted_MBps == analytic.window_cap_MBps(row.window_kb, out["fits"][key]["rtt_eff_ms"])
    ceiling = analytic.tunnel_utilisation(2056, 61440, 2) * analytic.aal_rate_mbps(155.52) * 1e6 / 8 / analytic.MEBI
    assert out["ceiling_MBps"] == pytest.approx(ceiling, rel=1e-12)
    link, rtt = ceiling * analytic.MEBI, out["fits"]["tunnel"]["rtt_eff_ms"] * 1e-3
    for w in (64.0, 100.0, 512.0):
        pd.testing.assert_frame_equal(out["trace"][w], tcp.echo_trace(1_048_576, int(w * 1024), 61440, link, rtt))
    windows = np.array([32, 64, 100, 128, 256, 512, 1024], dtype=float)
    assert out["sim_MBps"] == pytest.approx(tcp.window_throughputs(windows, 2 * 1_048_576, 61440, link, rtt)
                                            / analytic.MEBI, rel=1e-12)
    assert out["window_MBps"] == pytest.approx(tcp.transfer_throughput(2 * 1_048_576, 100 * 1024, 61440, link, rtt)
                                               / analytic.MEBI, rel=1e-12)


def test_equal_hop_table_uses_the_platforms_given_and_names_the_network():
    t = analytic.platform_table("binary")
    df = ex.equal_hop_table("binary", 0.5, platforms=t)
    assert df.set_index("pair").loc["aal5", "network"] == t.set_index("id").loc["aal5_normal", "network"]
    doubled = t.assign(r_Bps=np.where(t["id"] == "aal5_direct", 2 * t["r_Bps"], t["r_Bps"]))
    ratio = ex.equal_hop_table("binary", 0.5, platforms=doubled).set_index("pair").loc["aal5", "r_ratio_table"]
    assert ratio == pytest.approx(2 * df.set_index("pair").loc["aal5", "r_ratio_table"], rel=1e-12)


def test_synthetic_experiment_is_made_of_the_synthetic_modules_parts():
    """t0_factor scales t0 (generator A); each fit is synthetic.fit with its method; the empirical metrics and
    the recovery study (seed + 7919, one block per method, re-indexed) are the synthetic module's."""
    out = ex.synthetic_experiment("aal5_direct", "binary", "A", 1.0, 2.0, 0.05, 2, 4, 8, "wls", 2, 5)
    row = analytic.platform_table("binary").set_index("id").loc["aal5_direct"]
    assert out["truth"] == synthetic.generator_parameters(row, "A", 1.0, 2.0)
    for m in synthetic.FIT_METHODS:
        assert out["fits"][m] == synthetic.fit(out["data"], m)
    assert out["fits"]["ols"] != out["fits"]["rlm"]
    assert out["empirical"] == synthetic.empirical_metrics(out["data"])
    parts = [synthetic.recovery_study(out["sizes"], out["truth"]["a_s"], out["truth"]["r_Bps"], 0.05, 2, m, 2,
                                      5 + 7919).assign(method=m) for m in synthetic.FIT_METHODS]
    pd.testing.assert_frame_equal(out["recovery"], pd.concat(parts, ignore_index=True))


def test_route_stations_names_and_stream_stages_default_size():
    """The stations are named hop by hop; a free local hop (factor 0) is no station. The streams' messages are
    64 KiB unless told: the Direct hop is a/2 + 65536 / r."""
    names = [c.station for c in ex.route_stations("aal5_direct", "binary", 0.5, 0.7)]
    assert names == ["local hop (sender)", "network hop (Normal)", "local hop (receiver)", "network hop (Direct)"]
    free = ex.route_stations("aal5_direct", "binary", 0.0, 0.7)
    assert [c.station for c in free] == ["network hop (Normal)", "network hop (Direct)"]
    t = analytic.platform_table("binary").set_index("id").loc["aal5_direct"]
    a = analytic.intercept_from_t0(t["t0_us"] * 1e-6, t["r_Bps"])
    s = ex.stream_stages("aal5_direct", "binary", 0.5, 0.7)
    assert s["direct"] == [pytest.approx(a / 2 + 65536 / t["r_Bps"], rel=1e-12)]
    assert s["normal"] == pytest.approx([0.5 * s["direct"][0], s["direct"][0], 0.5 * s["direct"][0]], rel=1e-12)


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_chapter3_hockney_whole_table_by_hand():
    """Every row: the case's short RTT (ms) and largest throughput (MByte/s, 2^20 bytes) from the values table,
    the quoted size (64 KiB or 2 MiB), the quoted throughput (MByte/s) and the Hockney echo throughput
    2m / (a + 2m / r) in MiB/s (the Mbit/s spelling of the 2 MB HIPPI-FP value, 587.5, is not read)."""
    rows = [("HIPPI LAN, HIPPI-FP", 2.5, 76.81, 65536, 20.0, "more than"),
            ("HIPPI LAN, HIPPI-FP", 2.5, 76.81, 2097152, 73.73, "equal"),
            ("HIPPI LAN, TCP", 2.6, 49.06, 65536, 17.0, "more than"),
            ("HIPPI LAN, TCP", 2.6, 49.06, 2097152, 44.57, "equal"),
            ("Tunnelling, TCP", 2.75, 13.27, 65536, 7.97, "equal")]
    expected = pd.DataFrame(
        [{"case": c, "rtt_ms": a, "r_inf_MBps": r, "m_bytes": m, "paper_MBps": p, "relation": rel,
          "hockney_MBps": (2 * m / 2 ** 20) / (a * 1e-3 + (2 * m / 2 ** 20) / r)} for c, a, r, m, p, rel in rows])
    pd.testing.assert_frame_equal(ex.chapter3_hockney(800), expected, check_exact=False, rtol=1e-12)


def test_window_experiment_windows_in_kib_and_a_2_mib_transfer():
    """A KByte is 1024 bytes: 119.9 KB is 122777 bytes, one whole 61440-byte segment per round (1025 bytes a KB
    would give 122897 bytes, two segments); the chosen window's throughput is a 2 MiB transfer's (at 300 KB a
    3 MiB transfer is faster)."""
    for w in (119.9, 300.0):
        out = ex.window_experiment(2.6, 2.75, 800, 155.52, 2056, 3, w, 61440)
        link, rtt = out["ceiling_MBps"] * analytic.MEBI, out["fits"]["tunnel"]["rtt_eff_ms"] * 1e-3
        pd.testing.assert_frame_equal(out["trace"][w], tcp.echo_trace(1_048_576, int(w * 1024), 61440, link, rtt))
        thr = tcp.transfer_throughput(2 * 1_048_576, int(w * 1024), 61440, link, rtt)
        assert out["window_MBps"] == pytest.approx(thr / analytic.MEBI, rel=1e-12)
    assert (int(119.9 * 1024), int(119.9 * 1024) // 61440, int(119.9 * 1025) // 61440) == (122777, 1, 2)
    assert tcp.transfer_throughput(3 * 1_048_576, 300 * 1024, 61440, link, rtt) != pytest.approx(thr, rel=1e-6)


def test_route_experiment_jackson_line_is_labelled_at_half_load():
    """The Jackson validation's record: its load is 0.5 of the slowest stage whatever the stream's load (0.8
    here), under the names the chapter reads (the module-scoped `routes` fixture reaches only the first test
    that uses it, so this test calls the experiment itself)."""
    j = ex.route_experiment("aal5_direct", "binary", 1.0, 0.0, 4, 0.8, 60, 1, 1, sizes=(16.0,))["jackson"]
    assert set(j) == {"sim_s", "ci_half_width", "exact_s", "load", "arrival_rate", "n", "trend"}
    assert j["load"] == 0.5 and j["n"] == 5
