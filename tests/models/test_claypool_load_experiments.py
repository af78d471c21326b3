"""claypool-load ``run``: the Ciw summary from made-up replications, the what-if against the base, the
chapter 6 and 7 numbers worked by hand from the transcribed inputs, warnings and undefined values."""

from __future__ import annotations

import dataclasses
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


_INPUTS = []


@pytest.fixture(autouse=True)
def _inputs_read_once(monkeypatch):
    """The transcribed inputs are read once for the file (0.4 s a read) and handed to every run: the module's
    functions never change them (each table is copied before a column is added)."""
    if not _INPUTS:
        _INPUTS.append(ex.load_inputs())
    monkeypatch.setattr(ex, "load_inputs", lambda: _INPUTS[0])


@pytest.fixture
def base():
    # one run per test, not per file: mutmut maps a function to the tests that call it, and a module-scoped
    # fixture would call run() in the first test only
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


# ------------------------------------------------------------------ added from the mutation run (2026-11-26, fourth session)
# _audio on its own, at the defaults unless said otherwise. IPX costs at 1280 B, ms per packet (Table 5.2):
# record 0.597 + 0.00169 x 1280 = 2.7602, Differential 0.003 x 1280 = 3.84, send 0.210 + 0.0001 x 1280 = 0.338,
# receive 0.187 + 0.000103 x 1280 = 0.31884, mix 0.00245 x 1280 = 3.136, play 0.726 + 0.00103 x 1280 = 2.0444;
# n = 8000 x 200 / 1280 = 1250 packets in the 200-s conversation.

def _audio_run(**params) -> ex.Run:
    r = ex.Run({**ex.DEFAULTS, **params}, ex.load_inputs())
    ex._audio(r)
    return r


def test_audio_loads_and_shares_at_eight_people_by_hand():
    """Without deletion, N = 8, N-2 mixes: 1250 (2.7602 + 7 x 0.338 + 7 x 0.31884 + 6 x 3.136 + 2.0444) =
    1250 x 28.21848 = 35273.1 ms, of which the mix 1250 x 18.816 = 23520 ms (66.680 %); with N-1 mixes
    21.952 of 31.35448 ms a packet (70.012 %). With deletion (7/8 x 0.85 x 1250 = 929.6875 packets sent,
    received, played): record and deletion 1250 x 6.6002 = 8250.25 ms, send and receive 929.6875 x 0.65684 =
    610.65594 ms, play 929.6875 x 2.0444 = 1900.65312 ms; 10761.559 ms in all."""
    r = _audio_run()
    V = r.values
    assert V["load_nosd_s"] == pytest.approx(35.2731)
    assert V["load_sd_s"] == pytest.approx(10.7615590625)
    assert r.extra["comp_no"]["mix"] == pytest.approx(23520 / 1000)
    assert r.extra["comp_sd"]["deletion"] == pytest.approx(4.8)
    assert V["mix_share_n8_pct"] == pytest.approx(100 * 23520 / 35273.1)
    assert V["mix_share_n8_other_rule_pct"] == pytest.approx(100 * 21.952 / 31.35448)
    assert V["sd_comm_share_pct"] == pytest.approx(100 * 610.65594 / 10761.5590625, rel=1e-7)
    assert V["sd_recplay_share_pct"] == pytest.approx(100 * (3450.25 + 1900.65312) / 10761.5590625, rel=1e-7)
    assert V["sd_deletion_share_pct"] == pytest.approx(100 * 4800 / 10761.5590625)
    assert r.extra["costs"] == ex.load_inputs().costs("IPX") and r.extra["base"].participants == 8
    # the other rule is N-2 when the chapter's rule is N-1: the share of the N-2 mix is again 66.680 %
    assert _audio_run(mix_rule="N-1").values["mix_share_n8_other_rule_pct"] == pytest.approx(100 * 23520 / 35273.1)


def test_audio_shares_stay_at_eight_people_whatever_the_participants():
    r = _audio_run(participants=4)
    assert r.values["mix_share_n8_pct"] == pytest.approx(100 * 23520 / 35273.1)
    assert r.values["sd_deletion_share_pct"] == pytest.approx(100 * 4800 / 10761.5590625)
    # N = 4 without deletion: 1250 (2.7602 + 3 x 0.65684 + 2 x 3.136 + 2.0444) = 16308.9 ms
    assert r.values["load_nosd_s"] == pytest.approx(16.3089)


def test_audio_two_people_break_even_and_figure_5_10_by_hand():
    """N = 2: all deleted, record and deletion only, 8250.25 ms; without deletion 1250 x (2.7602 + 0.338 +
    0.31884 + 2.0444) = 6826.8 ms (no mix). Figure 5.10 at f = 0: 8250.25 + 1/2 x 1250 x 2.70124 = 9938.525 ms
    at N = 2; 8250.25 + 3/4 x 1250 x 2.70124 = 10782.6625 ms at N = 4; 8250.25 + 7/8 x 1250 x 2.70124 =
    11204.73125 ms at N = 8. Deletion lowers the load from N = 3 on."""
    r = _audio_run()
    assert r["n2_sd_at_f1_s"] == pytest.approx(8.25025)
    assert r["n2_nosd_s"] == pytest.approx(6.8268)
    assert r["sd_break_even_n"] == 3.0
    assert list(r.extra["fig5_10_f"]) == pytest.approx([i / 20 for i in range(21)])
    f510 = r.extra["fig5_10"]
    assert sorted(f510) == [2, 4, 8] and all(len(f510[n][0]) == 21 for n in f510)
    assert [f510[n][0][0] for n in (2, 4, 8)] == pytest.approx([9.938525, 10.7826625, 11.20473125])
    assert [f510[n][0][-1] for n in (2, 4, 8)] == pytest.approx([8.25025] * 3)
    assert f510[2][0][10] == pytest.approx(8.25025 + 0.5 * 0.5 * 1250 * 2.70124 / 1000)
    assert [f510[n][1] for n in (2, 4, 8)] == pytest.approx([6.8268, 16.3089, 35.2731])
    assert r.extra["sd_always_better_4_8"] is True


def test_audio_improvements_at_eight_people_by_hand():
    """N = 8. Figure 5.11, N = 6 without deletion at 8x: 1250 (2.7602 + 5 x 0.65684 + 4 x 3.136 + 2.0444) / 8 =
    3223.875 ms, 1.6119 % of 200 s. A protocol 8x faster saves 7/8 of send and receive: 7 x 0.65684 x 7/8 of
    28.21848 (14.257 %), 610.65594 x 7/8 of 10761.559 ms (4.965 %). Multicast sends once, not 7 times: 6 x 0.338
    of 28.21848 (7.187 %); with deletion 6/8 x 0.85 x 1250 x 0.338 = 269.34375 ms (2.503 %). DSP deletion in user
    space removes the deletion cost (44.603 %). An audio device 8x faster: 7/8 of record and play, 5350.90312 ms
    (43.507 %). 90 % deleted instead of 15 %: 8250.25 + 7/8 x 0.1 x 1250 x 2.70124 = 8545.698 ms (20.591 %)."""
    r = _audio_run()
    V = r.values
    assert V["fig5_11_nosd_8x_pct"] == pytest.approx(100 * 1250 * (2.7602 + 5 * 0.65684 + 4 * 3.136 + 2.0444) / 8
                                                     / 1000 / 200)
    assert V["protocol_gain_nosd_pct"] == pytest.approx(100 * 7 * 0.65684 * 7 / 8 / 28.21848)
    assert V["protocol_gain_sd_pct"] == pytest.approx(100 * 610.65594 * 7 / 8 / 10761.5590625, rel=1e-7)
    assert V["multicast_gain_nosd_pct"] == pytest.approx(100 * 6 * 0.338 / 28.21848)
    assert V["multicast_gain_sd_pct"] == pytest.approx(100 * 269.34375 / 10761.5590625)
    assert V["dsp_user_reduction_pct"] == pytest.approx(100 * 4800 / 10761.5590625)
    assert V["audio8_reduction_pct"] == pytest.approx(100 * (3450.25 + 1900.65312) * 7 / 8 / 10761.5590625, rel=1e-7)
    assert V["better_sd_gain_pct"] == pytest.approx(100 * (1 - (8250.25 + 7 / 8 * 0.1 * 1250 * 2.70124)
                                                           / 10761.5590625))
    # Table 5.2's record per byte: 0.0145 / 0.00169
    assert V["record_ratio_slc_ipx"] == pytest.approx(0.0145 / 0.00169)


def test_audio_dsp_settings_against_the_analytic_model():
    """The kernel DSP and DSP compression at the chapter's ratio, against the analytic model at N = 8."""
    inp = ex.load_inputs()
    costs = inp.costs("IPX")
    n8 = ex.base_audio(ex.DEFAULTS, inp)
    sd = an.audio_load(costs, n8)
    r = _audio_run()
    assert r["dsp_kernel_reduction_pct"] == pytest.approx(
        100 * (1 - an.audio_load(costs, n8.but(dsp_silence="kernel")) / sd))
    assert r["dsp_compression_reduction_pct"] == pytest.approx(100 * (1 - an.audio_load(costs, n8.but(
        dsp_silence="kernel", dsp_compression=True, dsp_compression_ratio=0.5)) / sd))
    assert r["dsp_kernel_reduction_pct"] == pytest.approx(67.059986, abs=1e-6)
    assert r["dsp_compression_reduction_pct"] == pytest.approx(73.877167, abs=1e-6)
    other = _audio_run(compression_ratio=0.25)["dsp_compression_reduction_pct"]
    assert other == pytest.approx(100 * (1 - an.audio_load(costs, n8.but(
        dsp_silence="kernel", dsp_compression=True, dsp_compression_ratio=0.25)) / sd))
    assert other < r["dsp_compression_reduction_pct"]


def test_audio_compression_and_hardware_mixing_against_deletion_by_hand():
    """70 % compression without deletion, N = 5, against deletion; its slope from 9 to 10 people; hardware
    mixing without deletion (N-1 plays, no mix component) heavier than deletion from N = 3 on, not at N = 2."""
    inp = ex.load_inputs()
    costs = inp.costs("IPX")
    b = ex.base_audio(ex.DEFAULTS, inp)
    r = _audio_run()

    def L(**kw):
        return an.audio_load(costs, b.but(**kw))
    assert r.extra["compression70_load_at_5_s"] == pytest.approx(L(participants=5, silence=False,
                                                                  compression_ratio=0.7))
    assert r.extra["compression70_load_at_5_s"] == pytest.approx(21.31491)
    assert r.extra["sd_load_at_5_s"] == pytest.approx(L(participants=5)) == pytest.approx(10.546304)
    assert r.extra["compression70_slope_s"] == pytest.approx(L(participants=10, silence=False, compression_ratio=0.7)
                                                             - L(participants=9, silence=False, compression_ratio=0.7))
    assert r.extra["compression70_slope_s"] == pytest.approx(3.20969)
    assert r.extra["sd_slope_s"] == pytest.approx(L(participants=10) - L(participants=9))
    assert r.extra["sd_slope_s"] == pytest.approx(0.0318896389, rel=1e-8)
    assert r.extra["compression_scales_worse"] is True and r.extra["compression70_beats_at"] == []
    assert r["hw_mix_worse_from_n"] == 3.0
    assert L(participants=2, silence=False, hw_mixing=True) <= L(participants=2)
    assert L(participants=3, silence=False, hw_mixing=True) > L(participants=3)


def test_audio_when_deletion_costs_more_than_it_saves_the_reasons_are_given():
    """A deletion algorithm costing 1 ms a byte (1280 ms a packet): deletion never pays, so the break-even and
    the hardware-mixing comparison are undefined, each with its reason, and deletion is no better at 4 and 8."""
    inp = ex.load_inputs()
    t52 = inp.table5_2.copy()
    t52.loc[t52.operation == "Differential", "IPX_per_byte_ms"] = 1.0
    r = ex.Run(dict(ex.DEFAULTS), dataclasses.replace(inp, table5_2=t52))
    ex._audio(r)
    assert r.undefined == {"sd_break_even_n": "silence deletion never lowers the load up to 100 participants",
                           "hw_mix_worse_from_n": "hardware mixing stays below silence deletion up to 10 participants"}
    assert "sd_break_even_n" not in r.values and "hw_mix_worse_from_n" not in r.values
    assert r.extra["sd_always_better_4_8"] is False
    # 1250 x 1280 ms of deletion: the whole load is above the conversation, a warning says so
    assert [w[0] for w in r.warnings] == ["audioconference load above the processor"]
    assert r.warnings[0][1] == ("the what-if load exceeds the conversation length: the processor saturates and the "
                                "thesis's linear model no longer describes what happens (data would be lost)")


def _audio_with(operation: str, per_byte_ms: float, **params) -> ex.Run:
    """_audio on the IPX with one per-byte cost of Table 5.2 replaced."""
    inp = ex.load_inputs()
    t52 = inp.table5_2.copy()
    t52.loc[t52.operation == operation, "IPX_per_byte_ms"] = per_byte_ms
    r = ex.Run({**ex.DEFAULTS, **params}, dataclasses.replace(inp, table5_2=t52))
    ex._audio(r)
    return r


def test_audio_compression_beats_deletion_where_playing_a_byte_is_dear():
    """Deletion plays (N-1)/N (1-f) n packets of P bytes, 70 % compression n packets of 0.3 P. At 0.01 ms a
    played byte and nothing deleted, compression is lighter at N = 2 and 3 only (the list holds exactly the N
    where it is); at 1 ms a byte it is lighter everywhere, and deletion's load grows faster from 9 to 10 people
    (its played share grows by 9/10 - 8/9 of n P bytes), so compression no longer scales worse."""
    r = _audio_with("Play", 0.01, frac_deleted=0.0)
    costs, b = r.extra["costs"], r.extra["base"]
    lighter = [n for n in ex.PARTICIPANTS if an.audio_load(costs, b.but(participants=n, silence=False,
               compression_ratio=0.7)) < an.audio_load(costs, b.but(participants=n))]
    assert r.extra["compression70_beats_at"] == lighter == [2, 3]
    dear = _audio_with("Play", 1.0)
    assert dear.extra["compression70_beats_at"] == list(range(2, 11))
    assert dear.extra["compression_scales_worse"] is False
    assert dear.extra["sd_slope_s"] > dear.extra["compression70_slope_s"]


def test_audio_hardware_mixing_from_the_first_n_that_is_worse():
    """On the SLC (Table 5.2's SLC column) hardware mixing is worse than deletion from N = 2 already, so the
    smallest such N, 2, is reported; with no deletion cost (Absolute on the IPX at 0.000164 ms a byte)
    break-even is at 2 too."""
    r = _audio_run(machine="SLC")
    assert r["hw_mix_worse_from_n"] == 2.0 and isinstance(r["hw_mix_worse_from_n"], float)
    assert r["sd_break_even_n"] == 2.0
    assert r.extra["costs"] == ex.load_inputs().costs("SLC")
    assert _audio_run(frac_deleted=0.0)["hw_mix_worse_from_n"] == 4.0


def test_table_5_3_columns_by_hand():
    """The seven printed runs: errors (predicted - actual) / actual, 'within 10 %' at |error| <= 10, 4 of 7;
    the packet sizes implied by the no-deletion predictions (SLC 49.92 s, IPX 6.96 s), and the deleted shares
    they imply for each algorithm."""
    r = _audio_run()
    t = r.extra["t53"].set_index(["machine", "algorithm"])
    assert r["table5_3_rows"] == 7 and r["table5_3_within10_count"] == 4
    assert isinstance(r["table5_3_rows"], int) and isinstance(r["table5_3_within10_count"], int)
    assert isinstance(r["table5_3_repredicted_within10_count"], int)
    assert t.loc[("SLC", "Differential"), "error_pct"] == pytest.approx(100 * (54.92 - 49.02) / 49.02)
    assert t.loc[("IPX", "Differential"), "error_pct"] == pytest.approx(100 * (10.63 - 12.50) / 12.50)
    assert list(t.within_10) == [True, False, True, True, True, False, False]
    assert list(t.repredicted_within_10) == [False, False, False, False, True, True, False]
    # IPX, no deletion, two people: 1.6e6 / P packets of 1.72 ms (0.597 + 0.210 + 0.187 + 0.726) plus 0.002923 ms a
    # byte (0.00169 + 0.0001 + 0.000103 + 0.00103) for 1.6e6 bytes; 6960 ms solved for P
    inp = ex.load_inputs()
    assert r["implied_packet_ipx"] == pytest.approx(an.implied_packet_bytes(inp.costs("IPX"), 6.96, 8000.0, 200.0))
    assert r["implied_packet_slc"] == pytest.approx(an.implied_packet_bytes(inp.costs("SLC"), 49.92, 8000.0, 200.0))
    assert r["implied_packet_ipx"] == pytest.approx(1.72 * 1.6e6 / (6960 - 0.002923 * 1.6e6))
    assert r["implied_packet_slc"] == pytest.approx(1414.6432574, rel=1e-9)
    assert t.loc[("IPX", "Differential"), "implied_deleted_share"] == pytest.approx(an.implied_deleted_share(
        inp.costs("IPX"), "Differential", r["implied_packet_ipx"], 10.63, 8000.0, 200.0))
    assert t.loc[("SLC", "Ham"), "implied_deleted_share"] == pytest.approx(an.implied_deleted_share(
        inp.costs("SLC"), "Ham", r["implied_packet_slc"], 49.34, 8000.0, 200.0))
    assert list(t.implied_deleted_share.round(6).fillna(-1)) == [0.356613, 0.155326, 0.644865, 0.303985, -1,
                                                                 0.326258, -1]
    assert t.loc[("SLC", "Absolute"), "repredicted_error_pct"] == pytest.approx(100 * (52.586745 - 44.84) / 44.84)


def test_audio_warnings_at_the_edges_of_the_fitted_packet_sizes():
    assert _audio_run(packet_bytes=515.0).warnings == []
    assert _audio_run(packet_bytes=2000.0).warnings == []
    assert _audio_run(packet_bytes=2000.5).warnings == [("packet size outside the fitted range",
                                                         "Table 5.2 was fitted on 515-2000 bytes")]
    assert [w[0] for w in _audio_run(packet_bytes=514.5).warnings] == ["packet size outside the fitted range"]


def test_audio_whatif_takes_every_improvement_and_its_percentages():
    """The what-if at multicast, 8x protocol: without deletion 1250 (2.7602 + 0.338/8 + 7 x 0.31884/8 + 6 x
    3.136 + 2.0444) ms; with deletion, 8250.25 + 929.6875 (0.31884 / 8 + 2.0444) + 1/8 x 0.85 x 1250 x 0.338 / 8."""
    r = _audio_run(multicast=True, protocol_speedup=8.0)
    nosd = 1250 * (2.7602 + 0.338 / 8 + 7 * 0.31884 / 8 + 6 * 3.136 + 2.0444)
    sd = 8250.25 + 929.6875 * (0.31884 / 8 + 2.0444) + 0.85 * 1250 / 8 * 0.338 / 8
    assert r["whatif_load_nosd_s"] == pytest.approx(nosd / 1000)
    assert r["whatif_load_sd_s"] == pytest.approx(sd / 1000)
    assert r["whatif_load_nosd_pct"] == pytest.approx(100 * nosd / 1000 / 200)
    assert r["whatif_load_sd_pct"] == pytest.approx(100 * sd / 1000 / 200)
    assert r.extra["whatif"].multicast is True and r.extra["whatif"].protocol_speedup == 8.0
    assert r["load_sd_s"] == pytest.approx(10.7615590625)
    # the warning looks at the larger of the two percentages: at 0.1x without deletion 176 %, with it 53.8 %
    slow = _audio_run(cpu_speedup=0.1)
    assert slow["whatif_load_sd_pct"] < 100 < slow["whatif_load_nosd_pct"] and len(slow.warnings) == 1
    # at 0.3x: 58.8 % and 17.9 %, no warning
    assert _audio_run(cpu_speedup=0.3).warnings == []


def test_run_without_rows_simulates_unless_told_not_to(monkeypatch):
    """run() with no Ciw rows calls ciw_sweep with the run's parameters (replaced here by a recorder); with
    counter_sims false nothing is simulated and the Ciw error is undefined, with its reason."""
    seen = []

    def sweep(p):
        seen.append(p)
        return _rows()
    monkeypatch.setattr(ex, "ciw_sweep", sweep)
    r = ex.run()
    assert seen == [ex.DEFAULTS] and r.extra["ciw_rows"] == _rows() and r["counter_ciw_max_abs_err"] == 0.0
    assert r.params == ex.DEFAULTS and r.undefined == {"vc_pi_soldier_limit": "even zero soldiers need more than "
                                                                              "the processor at 4 frames/s"}
    ex.run({"counter_replications": 3})
    assert seen[-1]["counter_replications"] == 3
    none = ex.run({"counter_sims": False})
    assert len(seen) == 2 and none.extra["ciw"] == [] and none.extra["ciw_rows"] == []
    assert none.undefined["counter_ciw_max_abs_err"] == "the Ciw counter model was not run"
    assert "counter_ciw_max_abs_err" not in none.values and none["counter_saturation_share"] == 0.5


def test_ciw_sweep_passes_every_setting_to_the_model(monkeypatch):
    calls = []

    def sweep(loads, k, one_process, **kw):
        calls.append((loads, k, one_process, kw))
        return [{"u": loads[0], "measured": 0.0}]
    monkeypatch.setattr(ex.model, "sweep", sweep)
    rows = ex.ciw_sweep({"counter_replications": 4, "seed": 7, "counter_run_s": 30.0, "counter_cv": 0.25,
                         "counter_other_counters": 2})
    kw = dict(replications=4, seed=7, horizon_s=30.0, cv=0.25)
    assert calls == [(ex.CIW_LOADS, 2, True, kw), (ex.CIW_LOADS, 2, False, kw)]
    assert rows == [{"u": 0.1, "measured": 0.0, "one_process": True}, {"u": 0.1, "measured": 0.0, "one_process": False}]
    ex.ciw_sweep({})
    assert calls[-1] == (ex.CIW_LOADS, 1, False, dict(replications=10, seed=1, horizon_s=60.0, cv=0.5))


def test_vc_macro_table_and_loads_by_hand():
    """Table 7.2 at 3 updates/s and 9 soldiers (8 others): our Receive, Update and Compute 8 x 3 = 24 a second,
    Send, Render, Display 3, Read 2088 x 3 = 6264 bytes; the printed errors (actual - predicted) / predicted:
    Receive (25 - 27) / 27, Compute (28 - 27) / 27, Read (6354 - 6265) / 6265; 6265 / 3 = 2088.3 bytes a frame."""
    r = ex.Run(dict(ex.DEFAULTS), ex.load_inputs())
    ex._vc(r)
    t = r.extra["t72"].set_index("component")
    assert r.extra["t72_ours"] == {"Receive": 24.0, "Send": 3.0, "Update": 24.0, "Compute": 24.0, "Render": 3.0,
                                   "Display": 3.0, "Read": 6264.0}
    assert list(t["ours"]) == [24.0, 3.0, 24.0, 24.0, 3.0, 3.0, 6264.0]
    assert t.loc["Receive", "error_pct"] == pytest.approx(100 * -2 / 27)
    assert t.loc["Compute", "error_pct"] == pytest.approx(100 / 27)
    assert t.loc["Read", "error_pct"] == pytest.approx(100 * 89 / 6265)
    assert r["vc_read_bytes_implied"] == pytest.approx(6265 / 3)
    c = ex.load_inputs().vc_costs
    macro = an.VC(fps=3.0, updates=3.0, multicast=True, count_rule="N-1", read_bytes_per_frame=2088.0)
    assert r["vc_macro_load_ms_per_s"] == pytest.approx(sum(an.vc_components_ms_per_s(c, 9, macro).values()))
    assert r["vc_macro_load_ms_per_s"] == pytest.approx(972.191448)
    # no soldier, counted with N: the display, render and read of an empty scene at 4 frames/s
    assert r["vc_load_no_soldier_ms_per_s"] == pytest.approx(1228.217104)
    assert r["vc_load_no_soldier_ms_per_s"] == pytest.approx(sum(an.vc_components_ms_per_s(
        c, 0, an.VC(fps=4.0, updates=3.0, multicast=True, count_rule="N", read_bytes_per_frame=2088.0)).values()))
    assert r["vc_x15_soldier_limit"] == pytest.approx(an.vc_soldier_limit(c, an.VC(
        fps=4.0, updates=3.0, multicast=True, count_rule="N-1", read_bytes_per_frame=2088.0, speedup=97.5)))
    assert r.extra["vc"] == an.VC(fps=4.0, updates=3.0, multicast=True, count_rule="N-1", read_bytes_per_frame=2088.0)
    assert r.extra["vc_limits"]["indigo2"] == r["vc_indigo2_soldier_limit"]
    assert r.extra["vc_limits"]["x15"] == r["vc_x15_soldier_limit"]


def test_vc_parameters_reach_the_limits_and_the_saturation_grid():
    """A 2x Indigo 2 (30x for the third machine); 16 header bytes on a 144-byte PDU: 10e6 / (3 x 160 x 8) =
    2604.17 soldiers on Ethernet; without dead reckoning (30 updates/s) on a T1 1.5e6 / (30 x 1152) = 43.4; at
    the maximum (17) on ATM 155e6 / (17 x 1152) = 7914.6; unicast against the analytic model."""
    p = {**ex.DEFAULTS, "vc_speedup": 2.0, "vc_header_bytes": 16.0, "vc_fps": 1.0, "vc_updates": 2.0,
         "vc_multicast": False, "vc_count_rule": "N", "vc_read_bytes_per_frame": 1000.0}
    r = ex.Run(p, ex.load_inputs())
    ex._vc(r)
    c = ex.load_inputs().vc_costs
    v = an.VC(fps=1.0, updates=2.0, multicast=False, count_rule="N", read_bytes_per_frame=1000.0)
    assert r.extra["vc"] == v
    # Table 7.2's macro run keeps its own 3 updates a second (and frames), whatever the chapter's settings
    assert r.extra["t72_ours"] == an.vc_table7_2(dataclasses.replace(v, fps=3.0, updates=3.0), 9)
    assert r.extra["t72_ours"]["Send"] == 3.0
    assert r["vc_macro_load_ms_per_s"] == pytest.approx(sum(an.vc_components_ms_per_s(
        c, 9, dataclasses.replace(v, fps=3.0, updates=3.0)).values()))
    for name, s in (("pi", 1.0), ("indigo2", 2.0), ("x15", 30.0)):
        assert r[f"vc_{name}_soldier_limit"] == pytest.approx(an.vc_soldier_limit(c, dataclasses.replace(v, speedup=s)))
    row = dict((x[0], x[1:]) for x in r.extra["vc_limit_table"])[4]
    assert row == pytest.approx(tuple(an.vc_soldier_limit(c, dataclasses.replace(v, fps=4, speedup=s))
                                      for s in (1.0, 2.0, 30.0)), nan_ok=True)
    sat = r.extra["vc_sat"]
    assert sat[("avg_dr", "ethernet")] == pytest.approx(10e6 / (3 * 160 * 8)) == r["fig7_4_ethernet_avg_soldiers"]
    assert sat[("no_dr", "t1")] == pytest.approx(1.5e6 / (30 * 160 * 8))
    assert sat[("max_dr", "atm")] == pytest.approx(155e6 / (17 * 160 * 8))
    assert sat[("unicast", "ethernet")] == pytest.approx(an.vc_saturation_soldiers(10.0, 3.0, 144.0, 16.0,
                                                                                    multicast=False))
    assert sat[("unicast", "atm")] == pytest.approx(an.vc_saturation_soldiers(155.0, 3.0, 144.0, 16.0,
                                                                               multicast=False))
    assert sat[("unicast", "t1")] != sat[("avg_dr", "t1")]
    base = ex.Run(dict(ex.DEFAULTS), ex.load_inputs())
    ex._vc(base)
    assert base.extra["vc_sat"][("no_dr", "t1")] == pytest.approx(1.5e6 / (30 * 144 * 8))
    assert base.extra["vc_sat"][("max_dr", "atm")] == pytest.approx(155e6 / (17 * 1152))
    assert base.extra["vc_sat"][("avg_dr", "atm")] == pytest.approx(155e6 / (3 * 1152))
    assert base.extra["vc_sat"][("unicast", "t1")] == pytest.approx(21.339332469582075)


def test_vc_undefined_limit_names_its_machine_and_frame_rate():
    r = ex.Run({**ex.DEFAULTS, "vc_fps": 30.0}, ex.load_inputs())
    ex._vc(r)
    reason = "even zero soldiers need more than the processor at 30 frames/s"
    assert r.undefined == {"vc_pi_soldier_limit": reason, "vc_indigo2_soldier_limit": reason}
    assert math.isnan(r.extra["vc_limits"]["pi"]) and math.isnan(r.extra["vc_limits"]["indigo2"])
    assert "vc_indigo2_soldier_limit" not in r.values
    assert r["vc_x15_soldier_limit"] == pytest.approx(2773.584460728924)


def test_flying_tables_and_rates_by_hand():
    """Table 6.2's software components summed per compression: none 28.2 + 4.0 + 3.8 = 36.0 s; network 28.2 + 4.0
    + 8.2 + 1.1 = 41.5; network and disk 8.5 + 131 + 4.0 + 8.2 + 1.1 = 152.8. Hardware, over the Indigo-to-IPX
    ratio 4: (0.03 + 0.03 + 0.006) / 4 = 0.0165; (0.03 + 0.03 + 0.0002) / 4 = 0.01505; (0.009 + 0.03 + 0.0002) / 4
    = 0.0098. JPEG: 0.000338 ms a bit x 24e6 / 1000 = 8.112 s a frame; 0.000341 x 384e6 / 1000 = 130.944 s.
    The IPX's 0.74 Mbit/s against 720: 972.97x; 20 Indigo processors 0.74 x 4 x 20 = 59.2 Mbit/s."""
    r = ex.Run(dict(ex.DEFAULTS), ex.load_inputs())
    ex._flying(r)
    assert r.extra["t62_sums"] == pytest.approx({"None": 36.0, "Network": 41.5, "Network and Disk": 152.8})
    assert r.extra["t63_ours_s"] == pytest.approx({"None": 0.0165, "Network": 0.01505, "Network and Disk": 0.0098})
    assert list(r.extra["t63"]["ours_mbps"]) == pytest.approx([24 / 0.017, 24 / 0.015, 24 / 0.0066])
    assert list(r.extra["t61"]["ours_mbps"]) == pytest.approx([24 / 32.6, 24 / 40.4, 24 / 170.0])
    assert r["jpeg_compress_frame_s"] == pytest.approx(8.112, rel=1e-12)   # 1e6 bits a Mbit, not 1000001
    assert r["jpeg_decompress_region_s"] == pytest.approx(130.944, rel=1e-12)
    assert r["flying_render_ipx_s"] == pytest.approx(92.2 / 21.8)
    assert r["flying_speedup_needed"] == pytest.approx(720 / 0.74)
    assert r["flying_indigo20_mbps"] == pytest.approx(59.2)
    assert r["flying_local_mbps"] == pytest.approx(11520.0) and r["flying_remote_mbps"] == pytest.approx(720.0)
    more = ex.Run({**ex.DEFAULTS, "flying_servers": 100, "flying_usage": "month", "flying_compression": 0.5},
                  ex.load_inputs())
    ex._flying(more)
    # 50 users at 360 Mbit/s each: 18000 Mbit/s, 18000 / 622 = 28.9 -> 29 servers, 180 a server
    assert more["flying_users"] == 50.0 and more["flying_per_user_compressed_mbps"] == pytest.approx(360.0)
    assert more["flying_servers_needed"] == 29 and more["flying_per_server_mbps"] == pytest.approx(180.0)
    assert more["flying_backbone_mbps"] == pytest.approx(18000.0) and more["flying_nap_mbps"] == pytest.approx(3000.0)
    assert more["flying_per_topology_server_mbps"] == pytest.approx(360.0)


def test_record_writes_values_then_undefined_then_warnings():
    calls = []

    class Chapter:
        def metric(self, name, value):
            calls.append(("metric", name, value))

        def undefined(self, name, reason):
            calls.append(("undefined", name, reason))

        def warn(self, what, why):
            calls.append(("warn", what, why))
    r = ex.Run({}, None, values={"a": 1.0, "b": 2.0}, undefined={"c": "why c"}, warnings=[("w", "why w")])
    ex.record(Chapter(), r)
    assert calls == [("metric", "a", 1.0), ("metric", "b", 2.0), ("undefined", "c", "why c"), ("warn", "w", "why w")]


def test_page_tables_by_hand(base):
    """Table 5.1 per second over its 200-s runs; Tables 6.1 and 6.3 with the sums above and 'None' shown as
    'none'; Table 5.3 under the page's headings, 'None' shown as 'no deletion'."""
    t51 = ex.table5_1(base)
    assert list(t51["per_second"]) == pytest.approx(list(base.inputs.table5_1.bare_count_200s / 200))
    assert list(t51["per_second"]) == pytest.approx([123924595 / 200, 340539937 / 200])
    t61 = ex.table6_1(base)
    assert list(t61["compression"]) == ["none", "Network", "Network and Disk"]
    assert list(t61["table_6_2_sum_s"]) == pytest.approx([36.0, 41.5, 152.8])
    t63 = ex.table6_3(base)
    assert list(t63["compression"]) == ["none", "Network", "Network and Disk"]
    assert list(t63["table_6_2_hw_sum_over_4_s"]) == pytest.approx([0.0165, 0.01505, 0.0098])
    t53 = ex.table5_3(base)
    assert list(t53.columns) == list(ex.TABLE5_3_HEADINGS.values())
    assert list(t53["algorithm"])[-2:] == ["Differential", "no deletion"]
    assert "None" in list(base.extra["t53"]["algorithm"])
    lim = ex.soldier_limits(base)
    assert list(lim.columns) == ["frames_per_s", "personal_iris", "indigo_2", "x15_indigo_2"]
    assert math.isnan(lim.iloc[3]["personal_iris"]) and lim.iloc[3]["indigo_2"] == pytest.approx(735.1917216)


def test_run_get_returns_a_value_that_is_there():
    r = ex.Run({}, None, values={"a": 1.0})
    assert r.get("a") == 1.0 and r.get("a", 2.0) == 1.0


def test_counting_rules_columns_and_rows_in_full():
    t = ex.counting_rules()
    assert list(t.columns) == ["component", "without_deletion", "with_deletion", "source", "label"]
    assert len(t) == len(ex.RULES) == 13
    assert t.iloc[3].tolist() == ["send", "(N-1) n; n with multicast", "(N-1)/N (1-f) n; (1-f) n/N with multicast",
                                  "one talker at a time, section 5.3 (seed line 1232); multicast, seed line 1419",
                                  "assumption"]
    assert t.iloc[-1].tolist() == ["DSP compression", "-", "send, receive, play at P(1-rho), no compression cost",
                                   "seed line 1451; rho is a parameter", "assumption"]


def test_flying_a_trickle_per_user_still_needs_one_server():
    """99.99 % compression: 720 x 0.0001 = 0.072 Mbit/s a user, 200 users 14.4 Mbit/s: one OC-12 server."""
    r = ex.Run({**ex.DEFAULTS, "flying_compression": 0.9999}, ex.load_inputs())
    ex._flying(r)
    assert r["flying_per_user_compressed_mbps"] == pytest.approx(0.072)
    assert r["flying_servers_needed"] == 1


def _audio_on(values: dict, **params) -> ex.Run:
    """_audio with some transcribed values replaced."""
    inp = ex.load_inputs()
    r = ex.Run({**ex.DEFAULTS, **params}, dataclasses.replace(inp, values={**inp.values, **values}))
    ex._audio(r)
    return r


def test_table_5_3_an_error_of_exactly_the_rule_counts_as_within():
    """'Within 10 %' is |error| <= the rule: with the rule set to the first run's own |error| (SLC Absolute,
    100 x 0.71 / 44.84 = 1.5834 %, ours 17.276 %) that run counts as within, on both columns."""
    first = _audio_run().extra["t53"].iloc[0]
    printed = _audio_on({"macro_within_pct": abs(first["error_pct"])}).extra["t53"]
    assert list(printed["within_10"]) == [True, False, False, False, False, False, False]
    ours = _audio_on({"macro_within_pct": abs(first["repredicted_error_pct"])}).extra["t53"]
    assert list(ours["repredicted_within_10"]) == [True, True, False, True, True, True, False]


def test_table_5_3_uses_the_transcribed_conversation_length():
    """A 100-s conversation (half the thesis's): the implied packet sizes, our re-predictions and the implied
    deleted shares all take it (the analytic functions' own default is 200 s)."""
    r = _audio_on({"conversation_s": 100.0})
    inp = ex.load_inputs()
    t = r.extra["t53"].set_index(["machine", "algorithm"])
    assert r["implied_packet_ipx"] == pytest.approx(an.implied_packet_bytes(inp.costs("IPX"), 6.96, 8000.0, 100.0))
    assert r["implied_packet_slc"] == pytest.approx(an.implied_packet_bytes(inp.costs("SLC"), 49.92, 8000.0, 100.0))
    assert t.loc[("IPX", "None"), "repredicted_s"] == pytest.approx(6.8268 / 2)
    assert t.loc[("IPX", "Differential"), "implied_deleted_share"] == pytest.approx(an.implied_deleted_share(
        inp.costs("IPX"), "Differential", r["implied_packet_ipx"], 10.63, 8000.0, 100.0))
    assert t.loc[("IPX", "Differential"), "implied_deleted_share"] != pytest.approx(
        _audio_run().extra["t53"].iloc[5]["implied_deleted_share"])


def _audio_with_costs(costs: dict, **params) -> ex.Run:
    """_audio on the IPX with some lines of Table 5.2 replaced: {operation: (ms per packet, ms per byte)}."""
    inp = ex.load_inputs()
    t52 = inp.table5_2.copy()
    for op, (packet, byte) in costs.items():
        t52.loc[t52.operation == op, ["IPX_per_packet_ms", "IPX_per_byte_ms"]] = [packet, byte]
    r = ex.Run({**ex.DEFAULTS, **params}, dataclasses.replace(inp, table5_2=t52))
    ex._audio(r)
    return r


def test_deletion_better_at_four_and_eight_needs_both():
    """Figure 5.10's verdict asks deletion (at its heaviest, f = 0) to be lighter at both N = 4 and N = 8.
    Deleting at 15 ms a packet (0.01171875 ms a byte): without deletion minus with deletion, less the deletion
    cost, is 3 x 0.65684 + 2 x 3.136 + 2.0444 - 3/4 x 2.70124 = 8.261 ms a packet at N = 4 and 7 x 0.65684 +
    6 x 3.136 + 2.0444 - 7/8 x 2.70124 = 23.095 at N = 8: deletion pays at 8 only, so the verdict is False.
    With only playing costing (80.726 ms a packet) the gap is the play's 1/N, 20.18 ms at 4 and 10.09 at 8:
    deletion at 15 ms pays at 4 only, and the verdict is False again."""
    at8 = _audio_with_costs({"Differential": (0.0, 0.01171875)})
    assert at8.extra["fig5_10"][8][0][0] < at8.extra["fig5_10"][8][1]
    assert at8.extra["fig5_10"][4][0][0] > at8.extra["fig5_10"][4][1]
    assert at8.extra["sd_always_better_4_8"] is False
    quiet = {op: (0.0, 0.0) for op in ("Send", "Receive", "Mix")}
    at4 = _audio_with_costs({**quiet, "Play": (0.726, 0.0625), "Differential": (0.0, 0.01171875)})
    assert at4.extra["fig5_10"][4][0][0] < at4.extra["fig5_10"][4][1]
    assert at4.extra["fig5_10"][8][0][0] > at4.extra["fig5_10"][8][1]
    assert at4.extra["sd_always_better_4_8"] is False


def test_base_audio_reads_the_rate_length_and_algorithm_it_is_given():
    """Transcribed inputs other than the thesis's (4000 B/s, a 100-s conversation) and the Ham algorithm: the
    base takes them, not Audio's own defaults (8000 B/s, 200 s, Differential)."""
    inp = ex.load_inputs()
    other = dataclasses.replace(inp, values={**inp.values, "audio_rate_Bps": 4000.0, "conversation_s": 100.0})
    a = ex.base_audio({**ex.DEFAULTS, "silence_algorithm": "Ham"}, other)
    assert a == an.Audio(participants=8, packet_bytes=1280.0, rate_Bps=4000.0, seconds=100.0, algorithm="Ham",
                         frac_deleted=0.15, mix_rule="N-2")


def test_whatif_audio_takes_hardware_mixing_and_the_audio_device():
    b = ex.base_audio(ex.DEFAULTS, ex.load_inputs())
    w = ex.whatif_audio({**ex.DEFAULTS, "hw_mixing": True, "audio_device_speedup": 2.0}, b)
    assert w.hw_mixing is True and w.audio_device_speedup == 2.0
    assert w == b.but(hw_mixing=True, audio_device_speedup=2.0)


def test_audio_warning_just_above_the_processor():
    """At 0.1755x the load without deletion is 17.63655 / 0.1755 = 100.49 % of the conversation: warned."""
    r = _audio_run(cpu_speedup=0.1755)
    assert r["whatif_load_nosd_pct"] == pytest.approx(17.63655 / 0.1755)
    assert [w[0] for w in r.warnings] == ["audioconference load above the processor"]
