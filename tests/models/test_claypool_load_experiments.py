"""claypool-load ``run``: the Ciw summary from made-up replications, the what-if against the base, the
chapter 6 and 7 numbers worked by hand from the transcribed inputs, warnings and undefined values."""

from __future__ import annotations

import math

import pytest

from mmperf.stats import mean_ci
from mmstudies.claypool_load import analytic as an
from mmstudies.claypool_load import experiments as ex


def _rows(k: int = 1, tweak: dict | None = None) -> list[dict]:
    """Two replications per (component, load), each reporting exactly the analytic value, except the
    (one_process, u) pairs in ``tweak``, which report the two values given."""
    rows = []
    for one in (True, False):
        for u in ex.CIW_LOADS:
            exact = min(u, 1 / (k + 1)) if one else u
            vals = (tweak or {}).get((one, u), (exact, exact))
            rows += [{"u": u, "replication": i, "measured": x, "one_process": one} for i, x in enumerate(vals)]
    return rows


@pytest.fixture(scope="module")
def base():
    return ex.run({}, ciw_rows=_rows())


# ------------------------------------------------------------------ chapter 4: the counter -------------

def test_ciw_summary_means_intervals_and_the_analytic_line():
    """One counter (k = 1): one process reports min(u, 1/2) = 0.1, 0.3, 0.5, 0.5; one process per job
    reports u. At u = 0.9 (one process) the replications say 0.5 and 0.7: mean 0.6, error 0.1,
    half-width t(0.975, 1) x 0.1414 / sqrt(2) = 12.706 x 0.1."""
    r = ex.run({}, ciw_rows=_rows(tweak={(True, 0.9): (0.5, 0.7)}))
    s = r.extra["ciw"]
    assert [(x["component"], x["u"]) for x in s] == [("one process", u) for u in ex.CIW_LOADS] + \
        [("one process per job", u) for u in ex.CIW_LOADS]
    assert [x["analytic"] for x in s] == [0.1, 0.3, 0.5, 0.5, 0.1, 0.3, 0.7, 0.9]
    assert all(x["n"] == 2 for x in s)
    assert s[3]["mean"] == pytest.approx(0.6) and s[3]["ci"] == pytest.approx(mean_ci([0.5, 0.7])[1])
    assert s[3]["ci"] == pytest.approx(12.7062 * 0.1, abs=1e-4)
    assert s[0]["ci"] == 0.0
    assert r["counter_ciw_max_abs_err"] == pytest.approx(0.1)
    assert r["counter_saturation_share"] == 0.5


def test_three_other_counters_cap_the_one_process_report_at_a_quarter():
    r = ex.run({"counter_other_counters": 3}, ciw_rows=_rows(k=3))
    assert [x["analytic"] for x in r.extra["ciw"][:4]] == [0.1, 0.25, 0.25, 0.25]
    assert r["counter_saturation_share"] == 0.25 and r["counter_ciw_max_abs_err"] == 0.0


def test_counter_numbers_from_table_5_1(base):
    # Table 5.1: 340539937 counts in 200 s on the IPX, 123924595 on the SLC
    assert base["bare_ipx_per_s"] == pytest.approx(340539937 / 200)
    assert base["bare_slc_per_s"] == pytest.approx(123924595 / 200)
    # Figure 4.5: bare / (n + 1) with n other counters
    assert base.extra["fig4_5"] == [(n, pytest.approx(340539937 / 200 / (n + 1))) for n in range(5)]
    assert base["fig4_5_pred_n1"] == pytest.approx(340539937 / 400)
    # section 4.5: (1.7 - 1.69) / 1.7 of a second = 5.88 ms per second
    assert base["text_send_load_ms_per_s"] == pytest.approx(1000 * 0.01 / 1.7)
    # a 1280-byte send every 160 ms: 6.25 per second x the Table 5.2 line
    t52 = base.inputs.table5_2.set_index("operation")
    send = t52.loc["Send", "IPX_per_packet_ms"] + 1280 * t52.loc["Send", "IPX_per_byte_ms"]
    assert base["table5_2_send_load_ms_per_s"] == pytest.approx(6.25 * send)


def test_ciw_sweep_rows_and_seeds():
    p = {"counter_replications": 2, "counter_run_s": 2.0}
    rows = ex.ciw_sweep(p)
    assert len(rows) == 2 * len(ex.CIW_LOADS) * 2
    assert [r["one_process"] for r in rows] == [True] * 8 + [False] * 8
    assert [r["u"] for r in rows[:8]] == [u for u in ex.CIW_LOADS for _ in range(2)]
    assert set(rows[0]) == {"u", "replication", "measured", "mean_response_s", "jobs", "one_process"}
    assert ex.ciw_sweep(p) == rows
    other = ex.ciw_sweep({**p, "seed": 2})
    assert [r["measured"] for r in other] != [r["measured"] for r in rows]


# ------------------------------------------------------------------ chapter 5: audio ---------------------

def test_loads_are_the_sums_of_their_components(base):
    assert base["load_nosd_s"] == pytest.approx(sum(base.extra["comp_no"].values()))
    assert base["load_sd_s"] == pytest.approx(sum(base.extra["comp_sd"].values()))
    # silence deletion: no mix component (seed lines 1348, 1381)
    assert base.extra["comp_sd"]["mix"] == 0.0
    shares = base["sd_comm_share_pct"] + base["sd_recplay_share_pct"] + base["sd_deletion_share_pct"]
    assert shares <= 100.0 + 1e-9


def test_whatif_at_the_defaults_is_the_base_and_a_faster_processor_divides_it(base):
    assert base["whatif_load_sd_s"] == base["load_sd_s"] and base["whatif_load_nosd_s"] == base["load_nosd_s"]
    # percentages of the 200-s conversation
    assert base["whatif_load_sd_pct"] == pytest.approx(100 * base["load_sd_s"] / 200)
    fast = ex.run({"cpu_speedup": 2.0}, ciw_rows=_rows())
    # every cost / s (seed line 1407): the what-if halves, the base stays
    assert fast["whatif_load_sd_s"] == pytest.approx(base["load_sd_s"] / 2)
    assert fast["whatif_load_nosd_s"] == pytest.approx(base["load_nosd_s"] / 2)
    assert fast["load_sd_s"] == base["load_sd_s"]
    assert fast.extra["whatif"].cpu_speedup == 2.0 and fast.extra["base"].cpu_speedup == 1.0


def test_table_5_3_errors_and_implied_packet_sizes(base):
    t = base.extra["t53"]
    row = t.iloc[0]
    assert row["error_pct"] == pytest.approx(100 * (row["predicted_s"] - row["actual_s"]) / row["actual_s"])
    assert base["table5_3_rows"] == len(t) and base["table5_3_within10_count"] == int((t["error_pct"].abs() <= 10).sum())
    none = t[t["algorithm"] == "None"]
    assert none["implied_deleted_share"].isna().all()


def test_table_5_3_repredicted_at_1280_bytes_and_10_percent_deleted(base):
    """All seven runs re-predicted from Table 5.2 (issue 24), by hand: n = 8000 x 200 / 1280 = 1250 packets.
    IPX, ms per packet: record 0.597 + 0.00169 x 1280 = 2.7602, send 0.210 + 0.128 = 0.338, receive 0.187 +
    0.13184 = 0.31884, play 0.726 + 1.3184 = 2.0444. None: 5.46144 x 1250 = 6.8268 s against 8.81 (-22.5 %).
    Differential (f = 0.10): (2.7602 + 0.003 x 1280) x 1250 + 2.70124 x 0.9 x 1250 = 11.289145 s against 12.50
    (-9.69 %, inside 10 %). SLC None: (19.37 + 1.05532 + 1.07512 + 18.796) x 1250 = 50.37055 s against 46.49
    (+8.35 %). Errors SLC +17/+16/+37/+14/+8 %, IPX -10/-22 %: 2 of 7 within 10 %."""
    t = base.extra["t53"].set_index(["machine", "algorithm"])
    assert t.loc[("IPX", "None"), "repredicted_s"] == pytest.approx(6.8268)
    assert t.loc[("IPX", "Differential"), "repredicted_s"] == pytest.approx(11.289145)
    assert t.loc[("SLC", "None"), "repredicted_s"] == pytest.approx(50.37055)
    assert t.loc[("IPX", "None"), "repredicted_error_pct"] == pytest.approx(100 * (6.8268 - 8.81) / 8.81)
    assert [round(x) for x in t.repredicted_error_pct] == [17, 16, 37, 14, 8, -10, -23]   # -22.5 rounds to -23
    assert base["table5_3_repredicted_within10_count"] == 2
    # the packet size is the chapter's parameter: at 640 bytes 2500 packets; the bytes, 8000 x 200 = 1.6e6, stay
    half = ex.run({"packet_bytes": 640.0}, ciw_rows=_rows()).extra["t53"].set_index(["machine", "algorithm"])
    assert half.loc[("IPX", "None"), "repredicted_s"] == pytest.approx(
        (0.597 + 0.210 + 0.187 + 0.726) * 2500 / 1000 + (0.00169 + 0.0001 + 0.000103 + 0.00103) * 1.6e6 / 1000)


def test_network_loads(base):
    # N = 8, 64 kbit/s: without deletion 8 x 7 streams = 3584; with deletion 7 x 0.85 x 64 = 380.8
    assert base["network_nosd_kbps_at_n"] == 3584.0
    assert base["network_sd_kbps_at_n"] == pytest.approx(380.8)
    mc = ex.run({"multicast": True, "participants": 4}, ciw_rows=_rows())
    # multicast, N = 4: 4 streams = 256; with deletion one stream x 0.85 = 54.4
    assert mc["network_nosd_kbps_at_n"] == 256.0 and mc["network_sd_kbps_at_n"] == pytest.approx(54.4)


def test_warnings_name_the_problem():
    small = ex.run({"packet_bytes": 400.0}, ciw_rows=_rows())
    assert small.warnings == [("packet size outside the fitted range", "Table 5.2 was fitted on 515-2000 bytes")]
    # a processor ten times slower: 17.6 % x 10 > 100 % of the conversation
    slow = ex.run({"cpu_speedup": 0.1}, ciw_rows=_rows())
    assert [w[0] for w in slow.warnings] == ["audioconference load above the processor"]
    assert slow["whatif_load_nosd_pct"] > 100


# ------------------------------------------------------------------ chapter 7: virtual cockpit -----------

def test_vc_limits_defined_or_explained():
    # 92.2 / 22.4 SPECint92
    r4 = ex.run({}, ciw_rows=_rows())
    assert r4["vc_spec_ratio"] == pytest.approx(92.2 / 22.4)
    # at 4 frames/s the Personal Iris cannot even draw an empty scene: undefined, with the reason
    assert r4.undefined == {"vc_pi_soldier_limit": "even zero soldiers need more than the processor at 4 frames/s"}
    assert math.isnan(r4.get("vc_pi_soldier_limit")) and math.isnan(r4.extra["vc_limits"]["pi"])
    r1 = ex.run({"vc_fps": 1.0}, ciw_rows=_rows())
    assert r1.undefined == {} and r1["vc_pi_soldier_limit"] < r1["vc_indigo2_soldier_limit"] < r1["vc_x15_soldier_limit"]
    # the limit table: one row per frame rate, three machines (the third is 15 x the second)
    t = r4.extra["vc_limit_table"]
    assert [row[0] for row in t] == [1, 2, 3, 4, 5, 8, 10, 15, 20, 30] and all(len(row) == 4 for row in t)
    assert t[0][1:] == pytest.approx((r1["vc_pi_soldier_limit"], r1["vc_indigo2_soldier_limit"],
                                      r1["vc_x15_soldier_limit"]))
    # the saturation grid: three dead-reckoning settings and unicast, three links
    assert len(r4.extra["vc_sat"]) == 12
    assert r4["fig7_4_ethernet_avg_soldiers"] == r4.extra["vc_sat"][("avg_dr", "ethernet")]


# ------------------------------------------------------------------ chapter 6: flying --------------------

def test_flying_numbers_by_hand(base):
    # 10000 people, 50 work hours a week: 200 users at once; a 24-Mbit frame at 30 frames/s = 720 Mbit/s,
    # 70 % compression: 216 Mbit/s each; 200 x 216 / 622 (OC-12) = 69.5 -> 70 servers; / 75 servers = 576
    assert base.extra["users"] == {"day": 1000.0, "week": 200.0, "month": 50.0}
    assert base["flying_users"] == 200.0
    assert base["flying_remote_mbps"] == 720.0 and base["flying_local_mbps"] == 384.0 * 30
    assert base["flying_per_user_compressed_mbps"] == pytest.approx(216.0)
    assert base["flying_servers_needed"] == 70
    assert base["flying_per_server_mbps"] == pytest.approx(576.0)
    assert base["flying_backbone_mbps"] == pytest.approx(43200.0)
    assert base["flying_nap_mbps"] == pytest.approx(43200.0 / 6) and base["flying_per_topology_server_mbps"] == \
        pytest.approx(43200.0 / 50)
    assert base["flying_render_ipx_s"] == pytest.approx(base.inputs.v("flying_render_indigo_s") * 92.2
                                                        / base.inputs.v("specint92_ipx"))
    # the Table 6.1 rates: 24 Mbit per frame over the seconds per frame
    t61 = base.extra["t61"]
    assert list(t61["ours_mbps"]) == pytest.approx(list(24.0 / t61["seconds_per_frame"]))


def test_flying_full_compression_needs_no_server():
    r = ex.run({"flying_compression": 1.0, "flying_usage": "day"}, ciw_rows=_rows())
    assert r["flying_users"] == 1000.0
    assert r["flying_per_user_compressed_mbps"] == 0.0 and r["flying_servers_needed"] == 0


def test_run_lookup():
    r = ex.Run({}, None, values={"a": 1.0})
    assert r["a"] == 1.0 and math.isnan(r.get("b")) and r.get("b", 2) == 2
    with pytest.raises(KeyError):
        r["b"]


def test_base_audio_takes_the_parameters_and_the_transcribed_rate():
    inp = ex.load_inputs()
    a = ex.base_audio({**ex.DEFAULTS, "participants": 5, "mix_rule": "N-1"}, inp)
    assert a == an.Audio(participants=5, packet_bytes=1280.0, rate_Bps=8000.0, seconds=200.0,
                         algorithm="Differential", frac_deleted=0.15, mix_rule="N-1")
    w = ex.whatif_audio({**ex.DEFAULTS, "multicast": True, "dsp_silence": "kernel"}, a)
    assert (w.multicast, w.dsp_silence, w.participants) == (True, "kernel", 5)


def test_default_headline_metrics_by_hand(base):
    """Issue 27 item 4: every headline metric of notebooks/claypool-load.yml, worked by hand from Table 5.2,
    Table 7.1 and the chapter-6 and 7.6.1 numbers at the defaults (IPX, 8 people, 1280 B, Differential, 15 %
    deleted, unicast, N-2 mixes; 4 frames/s, 6.5x, multicast, the N-1 others; 200 users, 70 % compression).

    Audio, n = 8000 x 200 / 1280 = 1250 packets; ms per packet: record 0.597 + 0.00169 x 1280 = 2.7602,
    Differential 0.003 x 1280 = 3.84, send 0.338, receive 0.31884, mix 0.00245 x 1280 = 3.136, play 2.0444.
    With deletion (7/8 x 0.85 x 1250 = 929.6875 packets sent, received, played): 1250 (2.7602 + 3.84) +
    929.6875 (0.338 + 0.31884 + 2.0444) = 8250.25 + 2511.3092 = 10761.559 ms = 5.3808 % of 200 s. Without:
    1250 (2.7602 + 7 x 0.338 + 7 x 0.31884 + 6 x 3.136 + 2.0444) = 1250 x 28.21848 = 35273.1 ms = 17.6366 %.
    Table 5.3: printed errors +1.6, +12.0, +8.2, +1.8, +7.4, -15.0, -21.0 %: 4 within 10 %.
    Indigo 2: (6500 - 1228.217104) / 7.18039 + 1 = 735.19 (test_claypool_load_analytic.py).
    Ethernet at 3 updates/s: 10e6 / (3 x 144 x 8) = 2893.5 soldiers. Servers: 200 x 24 x 30 x 0.3 = 43200 Mbit/s
    over 622 per OC-12 = 69.45, so 70. The Ciw error is 0 with replications that report the analytic shares
    (the Ciw model itself is tested against them in test_claypool_load_model.py)."""
    assert base["whatif_load_sd_pct"] == pytest.approx(100 * (8250.25 + 929.6875 * 2.70124) / 1000 / 200)
    assert base["whatif_load_sd_pct"] == pytest.approx(5.3808, abs=1e-4)
    assert base["whatif_load_nosd_pct"] == pytest.approx(100 * 1250 * 28.21848 / 1000 / 200)
    assert base["whatif_load_nosd_pct"] == pytest.approx(17.6366, abs=1e-4)
    assert base["table5_3_within10_count"] == 4
    assert base["vc_indigo2_soldier_limit"] == pytest.approx((6500 - 1228.217104) / 7.18039 + 1)
    assert base["fig7_4_ethernet_avg_soldiers"] == pytest.approx(10e6 / (3 * 144 * 8))
    assert base["flying_servers_needed"] == math.ceil(200 * 24 * 30 * 0.3 / 622) == 70
    assert base["counter_ciw_max_abs_err"] == 0.0
