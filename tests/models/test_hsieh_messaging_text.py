"""The Hsieh messaging chapter's numbers and sentences (hsieh_messaging.text): metric names and values
computed by hand from the transcribed tables or from small hand-made results, each sentence on both
sides of its threshold, and the undefined metrics and warnings.

Data used (data/hsieh): Table 2.2 PVM-ATM AAL4 Normal r_max 7.403 Mbit/s, PVM-TCP-Ethernet Normal 4.406;
Table 2.3 AAL5 Direct 27.202 Mbit/s, n_1/2 7867 bytes, t0 1905.5 us, TCP/ATM 20.826, TCP/Ethernet 8.312;
Table 2.5 Direct t0 1045 us (PVM) and 661 us (PVM/LLA); Table 2.6 Direct r_max 9.679 (PVM) and 16.103
(tuned PVM/LLA) MByte/s, t0 758 and 540 us.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from mmbook.chapter import Chapter
from mmperf.checks import Scorecard
from mmstudies.hsieh_messaging import analytic, text
from mmstudies.hsieh_messaging import experiments as ex


@pytest.fixture
def ch(tmp_path):
    """A chapter record whose glued texts are kept in ``ch.glued`` (metrics glue nothing outside a kernel)."""
    c = Chapter("hsieh-messaging", {}, tmp_path / "out")
    c.glued = {}

    def glue(name, value):
        c.glued[name] = value
        return value

    c.glue = glue
    return c


@pytest.fixture(scope="module")
def hock():
    return analytic.hockney_comparison(analytic.platform_table("binary"))


# ----------------------------------------------------------------------------- Tables 2.2-2.6
def test_mbyte_base_text_names_the_base():
    assert text.mbyte_base_text("binary") == "2^20 byte/s, as Chapter 3 states"
    assert text.mbyte_base_text("decimal") == "10^6 byte/s"


def test_table_claims_from_the_table_cells(ch, hock):
    text.record_table_claims(ch, hock)
    m = ch.metrics
    assert m["bypass_gain_mbps"] == pytest.approx(27.202 - 20.826, abs=1e-12)   # 6.376
    assert m["eth_over_atm_pct"] == pytest.approx(100 * 4.406 / 7.403)           # 59.5 %
    assert m["atm_over_eth_direct"] == pytest.approx(27.202 / 8.312)
    assert m["hippi_gain_pct"] == pytest.approx(100 * (16.103 / 9.679 - 1))      # 66.4 %
    assert m["hippi_rtt_cut_pct"] == pytest.approx(100 * (1 - 540 / 758))        # 28.8 %
    assert m["eth_rtt_cut_pct"] == pytest.approx(100 * (1 - 661 / 1045))         # 36.7 %
    assert ch.units["bypass_gain_mbps"] == "Mbit/s" and "atm_over_eth_direct" not in ch.units


def test_hockney_of_the_aal5_direct_row(ch, hock):
    text.record_hockney(ch, hock, "aal5_direct")
    r = 27.202e6 / 8                      # byte/s
    a = 1905.5e-6 - 32 / r                # the 16-byte round trip minus its 32 bytes of transfer
    n_half = a * r / 2
    assert ch.metrics["n_half_table_platform"] == 7867
    assert ch.metrics["n_half_hockney_platform"] == pytest.approx(n_half)
    assert ch.metrics["hockney_ratio_platform"] == pytest.approx(7867 / n_half)
    assert ch.glued["platform_text"] == "Table 2.3, Direct route, PVM-ATM using AAL5"
    atm = hock[hock["network"] == "ATM"]["ratio"]
    assert (ch.metrics["ratio_atm_min"], ch.metrics["ratio_atm_max"]) == (atm.min(), atm.max())
    assert ch.metrics["ratio_atm_min"] > 2    # the ATM rows rise two to three times more slowly
    assert ch.metrics["hockney_rel_tol_pct"] == 25.0


def test_platform_text():
    row = pd.Series({"table": "2.6", "mode": "Normal", "platform": "PVM 3.3.4"})
    assert text.platform_text(row) == "Table 2.6, Normal route, PVM 3.3.4"


# ----------------------------------------------------------------------------- synthetic fits
def _syn(a_fit=0.002, r_fit=1.01e6, emp_n_half=5000.0, emp_r=0.95e6):
    """A hand-made synthetic_experiment result: truth a = 1 ms, r = 1e6 byte/s."""
    fit = {"a_s": a_fit, "a_se": 1e-4, "r_Bps": r_fit, "r_se": 1e4, "n_half_bytes": a_fit * r_fit / 2}
    rec = pd.DataFrame({"method": ["ols", "ols", "wls", "wls", "rlm", "rlm"],
                        "covered_a": [True, False, True, True, False, False],
                        "covered_r": [False, False, True, True, True, False]})
    return {"truth": {"a_s": 0.001, "r_Bps": 1e6}, "data": pd.DataFrame({"m": range(12)}),
            "fits": {"ols": {**fit, "r_Bps": 0.97e6}, "wls": fit, "rlm": {**fit, "r_Bps": 1.02e6}},
            "empirical": {"n_half_bytes": emp_n_half, "r_max_Bps": emp_r}, "recovery": rec}


PARAMS = {"fit_method": "wls", "recovery_sets": 2, "noise_cv": 0.03}


def test_synthetic_metrics_sentences_and_coverage(ch):
    text.record_synthetic(ch, _syn(), PARAMS)
    m = ch.metrics
    assert m["syn_points"] == 12
    assert (m["syn_true_r_mbps"], m["syn_true_a_ms"]) == (8.0, 1.0)
    assert m["syn_fit_r_mbps"] == pytest.approx(8.08)
    assert m["syn_fit_r_ci_mbps"] == pytest.approx(1.96 * 1e4 * 8e-6)   # 0.1568
    assert m["syn_fit_a_ms"] == 2.0 and m["syn_fit_a_ci_ms"] == pytest.approx(0.196)
    assert m["syn_fit_n_half"] == pytest.approx(0.002 * 1.01e6 / 2)
    assert m["syn_worst_r_err_pct"] == pytest.approx(3.0)               # OLS at 0.97
    assert (m["cover_r_ols_pct"], m["cover_r_wls_pct"], m["cover_r_rlm_pct"]) == (0.0, 100.0, 50.0)
    assert (m["cover_a_ols_pct"], m["cover_a_wls_pct"], m["cover_a_rlm_pct"]) == (50.0, 100.0, 0.0)
    assert m["syn_emp_n_half"] == 5000.0 and m["syn_emp_rmax_mbps"] == pytest.approx(7.6)
    assert m["recovery_sets_used"] == 2
    assert ch.glued["fit_name"] == "WLS"
    assert ch.glued["syn_fit_a_sentence"] == "and $a$ = 2.0000 ± 0.1960 ms against 1.0000"
    assert ch.glued["syn_estimates_sentence"].startswith("All three estimates of $r$ lie within 3.0 %")
    assert ch.glued["syn_emp_sentence"].endswith("r_max = 7.600 Mbit/s and n_1/2 = 5,000 bytes.")
    assert ch.warnings == [] and ch.undefined_metrics == {}


def test_synthetic_negative_intercept_short_grid_and_no_noise(ch):
    text.record_synthetic(ch, _syn(a_fit=-0.0005, emp_n_half=math.nan, emp_r=0.8e6), {**PARAMS, "noise_cv": 0.0})
    why = "the WLS intercept is -0.5 ms: a negative fixed time is meaningless"
    assert ch.undefined_metrics == {"syn_fit_a_ms": why, "syn_fit_n_half": why,
                                    "syn_emp_n_half": "the smallest synthetic message already exceeds half of r_max"}
    assert [w["what"] for w in ch.warnings] == ["negative fitted intercept", "synthetic grid too short",
                                                "noise_cv = 0"]
    assert "reaches only 80 % of the generator's rate" in ch.warnings[1]["why"]
    assert ch.glued["syn_fit_a_sentence"].startswith("while its intercept is negative (-0.5 ms against 1.0000)")
    assert ch.glued["syn_emp_sentence"].startswith("The thesis's own n_1/2 is undefined on this grid")


def test_estimates_sentence_turns_at_five_percent():
    assert text.estimates_sentence(0.0499).startswith("All three estimates")
    assert text.estimates_sentence(0.05) == ("The estimates of $r$ miss the truth by up to 5.0 % here, and their "
                                             "intervals differ too.")


def test_worst_rate_error_is_the_largest_in_either_direction():
    fits = {"a": {"r_Bps": 0.5}, "b": {"r_Bps": 1.25}}
    assert text.worst_rate_error(fits, {"r_Bps": 1.0}) == 0.5


# ----------------------------------------------------------------------------- routes
def test_hop_claim_needs_a_gain_above_two():
    # 1 + 2 f > 2 exactly when f > 0.5
    assert text.hop_claim_sentence(0.5).startswith("With this factor the model predicts less")
    assert text.hop_claim_sentence(0.51).startswith("With this factor the model reproduces")


def test_hop_misses_at_the_tolerance_and_their_sentence():
    t = pd.DataFrame({"platform": ["A", "B", "C"], "table": ["2.2", "2.2", "2.5"],
                      "r_ratio_model": [3.0, 3.0, 3.0], "r_ratio_table": [2.4, 2.0, 4.5]})
    miss = text.hop_misses(t, 0.25)    # 3/2.4 = 1.25 (on the edge: kept), 3/2 = 1.5, 3/4.5 = 0.67
    assert miss["platform"].tolist() == ["B", "C"]
    assert text.hop_miss_sentence(miss) == ("It misses the r_max ratio by more than the tolerance for "
                                            "B (Table 2.2), C (Table 2.5).")


def test_record_hops(ch):
    hops = pd.DataFrame({"platform": ["A", "B"], "table": ["2.2", "2.5"], "r_ratio_model": [3.0, 3.0],
                         "r_ratio_table": [2.9, 1.5], "t0_ratio_table": [2.5, 1.2]})
    text.record_hops(ch, hops, 1.0)
    m = ch.metrics
    assert (m["unix_factor_used"], m["hop_model_ratio"]) == (1.0, 3.0)
    assert (m["hop_r_ratio_min"], m["hop_r_ratio_max"], m["hop_t0_ratio_min"], m["hop_t0_ratio_max"]) == \
        (1.5, 2.9, 1.2, 2.5)
    assert m["hop_r_misses"] == 1
    assert ch.glued["hop_miss_sentence"].endswith("for B (Table 2.5).")


def _routes(trend_normal=False):
    echo = pd.DataFrame({"m_bytes": [65536.0, 65536.0, 16.0], "route": ["normal", "direct", "normal"],
                         "rtt_sim_s": [0.06, 0.02, 0.001]})
    flat = {"trends": False, "p_value": 0.5, "slope": 0.0}
    return {"echo": echo, "pair": ("aal5_normal", "aal5_direct"),
            "stream": {"normal": {"capacity_per_s": 50.0, "sojourn_s": 0.05,
                                  "trend": {"trends": True, "p_value": 0.001, "slope": 1.0} if trend_normal else flat},
                       "direct": {"capacity_per_s": 100.0, "sojourn_s": 0.01, "trend": flat}},
            "jackson": {"exact_s": 0.1, "sim_s": 0.104, "ci_half_width": 0.005, "trend": flat}}


def test_record_routes(ch):
    """Stations at load 0.7 (steady) and no trend: the sojourns are numbers; 104 +- 5 ms holds 100 ms."""
    text.record_stations(ch, ex.route_stations("aal5_direct", "binary", 1.0, 0.7))
    text.record_routes(ch, _routes(), 0.7)
    m = ch.metrics
    assert (m["route_rtt_normal_64k_ms"], m["route_rtt_direct_64k_ms"]) == (60.0, 20.0)
    assert m["route_rtt_ratio_64k"] == pytest.approx(3.0)
    assert (m["stream_sojourn_normal_ms"], m["stream_sojourn_direct_ms"], m["stream_load_used"]) == (50.0, 10.0, 0.7)
    assert (m["jackson_exact_ms"], m["jackson_sim_ms"], m["jackson_ci_ms"]) == (100.0, 104.0, 5.0)
    assert ch.glued["route_pair_text"] == "aal5_normal / aal5_direct"
    assert ch.glued["stream_sentence"].startswith("Even pipelined")
    assert ch.glued["stream_sojourn_sentence"] == "(50.0 against 10.0 ms per message)"
    assert ch.glued["jackson_sentence"].endswith("104.0 ± 5.0 ms, whose 95 % interval holds 100.0 ms exactly.")


def test_a_trending_stream_is_undefined_with_its_reason(ch):
    text.record_stations(ch, ex.route_stations("aal5_direct", "binary", 1.0, 0.7))
    text.record_routes(ch, _routes(trend_normal=True), 0.7)
    assert "stream_sojourn_normal_ms" not in ch.metrics
    assert "trends within the run" in ch.undefined_metrics["stream_sojourn_normal_ms"]
    assert ch.metrics["stream_sojourn_direct_ms"] == 10.0
    assert "not a steady-state quantity" in ch.glued["stream_sojourn_sentence"]


def test_stream_sentence_at_one_percent_and_jackson_sentence_on_its_edge():
    """|1.5 - 1.0| = 0.5 is inside a half-width of 0.5 (the edge counts as inside); |0.25 - 1.0| = 0.75 is not."""
    assert text.stream_sentence(99.0, 100.0).startswith("Pipelined daemons would hide")
    assert text.stream_sentence(98.9, 100.0).startswith("Even pipelined")
    assert text.jackson_sentence({"sim_s": 1.5, "exact_s": 1.0, "ci_half_width": 0.5}).endswith(
        "whose 95 % interval holds 1,000.0 ms exactly.")
    assert text.jackson_sentence({"sim_s": 0.25, "exact_s": 1.0, "ci_half_width": 0.5}).endswith(
        "which lies beyond its 95 % interval from 1,000.0 ms.")


# ----------------------------------------------------------------------------- multicast
def test_record_multicast_at_the_thesis_lines(ch):
    mc = {"ols_const": 48.7, "ols_slope": 46.9, "points": pd.DataFrame({"time_64kb_ms": [108, 130, 184, 235, 290]}),
          "num": (70.0, 37.0), "den": (95.83, 4.17),
          "sim": {"serial": {"time_ms": 218.0}, "parallel": {"time_ms": 112.5}}}
    text.record_multicast(ch, mc, 4)
    m = ch.metrics
    assert m["mcast_mean_step"] == (290 - 108) / 4                     # 45.5 ms per host
    assert m["eq22_gain_4"] == pytest.approx((70 + 37 * 4) / (95.83 + 4.17 * 4))   # 218 / 112.51
    assert m["eq22_gain_10"] == pytest.approx(440 / 137.53)             # 3.2, "approximately 3.2"
    assert m["eq22_gain_at_n"] == m["eq22_gain_4"] and m["n_receivers_used"] == 4
    assert m["eq22_den_spread_ms"] == pytest.approx(12.51)              # 3 x 4.17 from one host to four
    assert (m["mcast_serial_ms"], m["mcast_parallel_ms"]) == (218.0, 112.5)


# ----------------------------------------------------------------------------- HIPPI over ATM
def test_accounting_texts_and_the_other_accounting():
    assert text.accounting_text("tcp_per_packet") == \
        "40 bytes of IP and TCP header per packet (a what-if: the text does not describe it)"
    assert text.accounting_text("ip_fragments") == "IP fragments of one datagram, a 20-byte IP header each (the text's reading)"
    assert text.accounting_short_text("tcp_per_packet") == "40 bytes of IP and TCP header per packet"
    assert text.accounting_short_text("ip_fragments") == "IP fragments of one datagram"
    assert text.other_accounting("ip_fragments") == "tcp_per_packet"


def test_crossover_sentences():
    assert text.crossover_sentence(6040.0, 8936.0, 2056) == (
        "IP routing first beats tunnelling with 2056-byte H-PDUs at an MTU of 6,040 bytes, and beats it at every "
        "MTU from 8,936 bytes up (whole cells make the curve a sawtooth).")
    assert text.crossover_sentence(math.inf, math.inf, 1032) == "IP routing never beats tunnelling in this run's MTU range."
    assert text.crossover_other_sentence(math.inf, "ip_fragments") == \
        "Under the other accounting there is no crossing in this MTU range."


def _ov(first, first_other):
    return {"u_1032": 0.9675, "u_2056": 0.9899, "u_chosen": 0.9899, "aal_mbps": 135.632, "ceiling_mbps": 134.26,
            "crossover": {"tcp_per_packet": (first, math.inf), "ip_fragments": (first_other, math.inf)},
            "u_ip_8k": 0.9}


OV_PARAMS = {"hpdu_bytes": 2056, "header_cells": 3, "data_bytes": 61440, "link_rate_mbps": 155.52,
             "header_accounting": "tcp_per_packet"}


def test_record_overhead_with_a_crossing(ch):
    text.record_overhead(ch, _ov(6040.0, 5000.0), OV_PARAMS)
    m = ch.metrics
    assert (m["tunnel_u_chosen"], m["hpdu_used"], m["header_cells_used"], m["link_rate_used"]) == \
        (0.9899, 2056, 3, 155.52)
    assert (m["crossover_mtu_first"], m["crossover_mtu_other"]) == (6040.0, 5000.0)
    assert ch.glued["accounting_other_text"] == "IP fragments of one datagram"
    assert ch.glued["crossover_sentence"].endswith("6,040 bytes, though not at every larger MTU in this run's range.")
    assert ch.glued["crossover_other_sentence"] == \
        "Under the other accounting (ip fragments) the first crossing moves to 5,000 bytes."


def test_record_overhead_without_a_crossing_records_undefined(ch):
    text.record_overhead(ch, _ov(math.inf, math.inf), OV_PARAMS)
    assert ch.undefined_metrics == {
        "crossover_mtu_first": "IP routing never beats tunnelling in this run's MTU range",
        "crossover_mtu_other": "no crossing under the other accounting in this MTU range"}
    assert ch.glued["crossover_sentence"] == "IP routing never beats tunnelling in this run's MTU range."


# ----------------------------------------------------------------------------- units, Chapter 3
def test_units_inside_at_the_band_edge():
    units = pd.DataFrame({"Mbit/s (ours)": [10.0, 10.0], "Mbit/s (paper)": [10.5, 10.75],
                          "band (Mbit/s)": [0.5, 0.5]})
    assert text.units_inside(units) == [True, False]


def test_record_units(ch):
    units = pd.DataFrame({"Mbit/s (ours)": [1.0, 2.0, 3.0], "Mbit/s (paper)": [1.0, 2.0, 9.0],
                          "band (Mbit/s)": [0.1, 0.1, 0.1]})
    values = {"lan_16m_fp_mbps": 644.363, "lan_2m_fp_mbps": 400.0, "tun_2m_tcp_mbps": 111.32,
              "aal_rate_oc3c_mbps": 135.632}
    text.record_units(ch, units, values)
    assert ch.metrics["pct_16m_ours"] == pytest.approx(80.545375)       # not the printed 80.05
    assert ch.metrics["pct_2m_ours"] == 50.0
    assert ch.metrics["pct_tunnel_ours"] == pytest.approx(100 * 111.32 / 135.632)
    assert ch.metrics["unit_band_mbit"] == pytest.approx(0.005 * 2 ** 20 * 8 / 1e6)   # 0.04194304
    assert ch.glued["unit_sentence"] == "2 of the 3 conversions lie inside the band."


def test_record_chapter3_names_by_case_and_size(ch):
    c3 = pd.DataFrame({"case": ["HIPPI LAN, HIPPI-FP", "HIPPI LAN, TCP", "Tunnelling, TCP"],
                       "m_bytes": [65536, 2 * 2 ** 20, 65536], "hockney_MBps": [30.0, 45.0, 9.0]})
    text.record_chapter3(ch, c3)
    assert ch.metrics == {"c3_fp_64k": 30.0, "c3_tcp_2048k": 45.0, "c3_tun_64k": 9.0}


# ----------------------------------------------------------------------------- windows
def test_caps_and_cap256_sentences_at_their_edges():
    assert text.caps_sentence(1.09) == "The caps follow from those round trips."   # 1.1 - 1 is above 0.1 in floats
    assert text.caps_sentence(1.11) == "The caps do not follow from those round trips."
    assert text.caps_sentence(0.89) == "The caps do not follow from those round trips."
    assert text.cap256_sentence(12.5, 12.5).startswith("With the fitted value a window of 256 KB already allows 12.5")
    assert "would no longer fill the pipe" in text.cap256_sentence(12.4, 12.5)


def test_record_windows(ch):
    caps = pd.DataFrame({"network": ["HIPPI LAN", "HIPPI LAN"], "window_kb": [64, 128],
                         "cap_paper_MBps": [7.5, 12.0], "naive_MBps": [24.0, 48.0]})
    win = {"bdp_lan_bytes": 260000.0, "bdp_tunnel_bytes": 53460.0, "caps": caps, "ceiling_MBps": 16.0,
           "window_MBps": 6.5, "fits": {"lan": {"rtt_eff_ms": 8.0, "se_ms": 0.5},
                                        "tunnel": {"rtt_eff_ms": 16.0, "se_ms": 2.0}}}
    params = {"window_kb": 64.0, "mss_bytes": 61440, "lan_rtt_ms": 2.0, "tunnel_rtt_ms": 2.75, "link_rate_mbps": 155.52}
    text.record_windows(ch, win, params)
    m = ch.metrics
    assert (m["bdp_lan_kb"], m["bdp_tunnel_kb"]) == (260.0, 53.46)
    assert (m["rtt_eff_lan_ms"], m["rtt_eff_lan_ci_ms"], m["rtt_eff_tunnel_se_ms"]) == (8.0, 0.98, 2.0)
    assert (m["naive_lan_64_mbyte_s"], m["ratio_naive_lan_64"]) == (24.0, 3.2)
    assert m["rtt_eff_over_short"] == 4.0
    assert m["cap256_tunnel"] == pytest.approx(256 / 1024 / 16.0e-3)                  # 256 KB per 16 ms = 15.625 MByte/s
    assert ch.glued["caps_sentence"] == "The caps do not follow from those round trips."
    assert "below this run's tunnel ceiling of 16.00 MByte/s" in ch.glued["cap256_sentence"]


def test_cap256_sentence_off_oc3_states_where_the_fit_holds():
    """At 622.08 Mbit/s the fitted round trip is not used to judge: the thesis's rule with 2.75 ms asks for
    622.08e6 x 2.75e-3 / 8 / 1000 = 213.8 KBytes."""
    words = text.cap256_sentence(10.0, 50.0, 622.08, 622.08e6 * 2.75e-3 / 8 / 1000)
    assert "holds there only" in words and "asks for 214 KBytes" in words and "256 KB" not in words


# ----------------------------------------------------------------------------- scorecard
def test_failed_sentence_counts_by_group():
    failed = ["n_1/2 from the Hockney form, PVM-ATM AAL5", "n_1/2 from the Hockney form, PVM/LLA",
              "Direct/Normal r_max, equal-hop model", "something else"]
    assert text.failed_sentence(failed) == ("The predictions that are not reproduced: 2 × the Hockney n_1/2 of a "
                                            "table row; 1 × the equal-hop route model.")
    assert text.failed_sentence(["something else"]) == "Every prediction with a verdict is reproduced."


def test_record_scorecard(ch):
    sc = ch.scorecard
    assert isinstance(sc, Scorecard)
    sc.compare("n_1/2 from the Hockney form, X", "here", paper=1.0, ours=2.0, rel=0.25, evidence="prediction",
               reason="test")
    sc.compare("a Hockney curve (LAN) value", "here", paper=1.0, ours=1.1, rel=0.25, evidence="prediction", reason="test")
    sc.compare("a transcription", "here", paper=1.0, ours=5.0, tol=0, evidence="transcription", reason="test")
    text.record_scorecard(ch)
    assert (ch.metrics["score_predictions_reproduced"], ch.metrics["score_predictions_checked"]) == (1, 2)
    assert ch.glued["failed_sentence"] == \
        "The predictions that are not reproduced: 1 × the Hockney n_1/2 of a table row."
    assert ch.glued["scorecard_sentence"] == ch.scorecard_summary()
    assert ch.glued["headline_sentence"] == "Headline: 1 of 2 applicable predictions reproduced."


def test_aal_rate_assumption_of_the_exercise_holds():
    # the exercise's OC-12 arithmetic above assumes analytic.aal_rate_mbps = line x 26/27 x 48/53
    assert analytic.aal_rate_mbps(155.52) == pytest.approx(135.632, abs=1e-3)
    assert np.isclose(analytic.aal_rate_mbps(622.08), 4 * analytic.aal_rate_mbps(155.52))


# -- the independent review (issue 23 item 7): the page's summary is counted from the record ------------------------

def _review_csv():
    import csv

    from mmperf.paths import data_dir

    with open(data_dir() / "hsieh" / "review-hsieh-messaging.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_independent_review_summary_is_counted_from_the_csv():
    # count the record by hand with the csv module (not the function under test): a row agrees when all four
    # flags are "yes"
    rows = _review_csv()
    flags = ("paper_value_ok", "kind_ok", "verdict_ok", "conditions_ok")
    agree = sum(all(r[f] == "yes" for f in flags) for r in rows)
    after = agree + sum(r["response"] in ("fixed", "answered") for r in rows)
    page = text.independent_review_rows()
    assert page[0][0] == (f"Independent review ({text.INDEPENDENT_REVIEW_DATE}, {len(rows)} checks sampled, "
                          f"{agree} agree = {100 * agree / len(rows):.1f} %; after the author's response {after} of "
                          f"{len(rows)} = {100 * after / len(rows):.1f} %)")
    # one row per disagreement, each naming its check
    disagree = [r["check_id"] for r in rows if not all(r[f] == "yes" for f in flags)]
    assert [row[0].split(":")[0] for row in page[1:]] == [f"(independent review) {c}" for c in disagree]
    # the brief's minimum sample, spread over the kinds
    assert len(rows) >= 30


def test_independent_review_summary_moves_with_the_record():
    # flip one agreeing row to a disagreement: the summary's numbers must follow (they are not typed)
    from mmperf.data import load_table
    from mmstudies.hsieh_messaging import checks

    kinds = {c.id: c.kind for c in checks.table().checks}
    record = load_table("hsieh", "review_hsieh_messaging").copy()
    before = text.review_agreement(record)
    i = int(record.index[(record[list(text.REVIEW_FLAGS)] == "yes").all(axis=1)][0])
    record.loc[i, "kind_ok"] = "no"
    record.loc[i, "response"] = "open"      # a disagreement needs a response: not yet decided
    after = text.review_agreement(record)
    assert (after["agree"], after["open"]) == (before["agree"] - 1, before["open"] + 1)
    rows = text.independent_review(record, kinds)
    assert f"{after['agree']} agree" in rows[0][0]
    assert len(rows) == 1 + after["open"] + after["fixed"] + after["answered"]


def test_every_disagreement_of_the_review_is_decided():
    """Issue 23 item 7: each disagreeing row of the record says fixed or answered (with the author's reason unless
    the review fixed it); agreeing rows say nothing; and the decided kinds are in the checks table."""
    from mmstudies.hsieh_messaging import checks

    flags = ("paper_value_ok", "kind_ok", "verdict_ok", "conditions_ok")
    for r in _review_csv():
        agrees = all(r[f] == "yes" for f in flags)
        assert (r["response"] == "") == agrees, r["check_id"]
        if not agrees:
            assert r["response"] in ("fixed", "answered"), r["check_id"]
            assert r["change"].startswith("fixed") or r["response_reason"].strip(), r["check_id"]
    specs = {c.id: c for c in checks.table().checks}
    assert specs["fp-16m-share-slip-h17"].kind == "arithmetic"
    assert specs["eq22-denominator-spread"].tolerance == {"range": [0, 25]}
    assert "model adequacy" in specs["hockney-nhalf-pvm-hippi-direct"].reason


def test_independent_review_rejects_unknown_checks_and_bad_flags():
    record = pd.DataFrame({"check_id": ["no-such-check"], "source_line": ["x"], "paper_value_ok": ["yes"],
                           "kind_ok": ["yes"], "verdict_ok": ["yes"], "conditions_ok": ["yes"], "note": [""],
                           "change": [""]})
    with pytest.raises(ValueError, match="no-such-check"):
        text.independent_review(record, {"other": "prediction"})
    record["kind_ok"] = "maybe"
    with pytest.raises(ValueError, match="yes or no"):
        text.review_agreement(record)


def test_page_appends_the_independent_review_rows():
    from mmperf.paths import notebooks_dir

    page = (notebooks_dir() / "hsieh-messaging.md").read_text(encoding="utf-8")
    assert "text.review_rows(ch) + text.independent_review_rows()" in page


def test_trend_reason_writes_a_small_p_value_without_e_notation():
    """Issue 25: a trend's p-value of 1.2e-5 printed "p = 1.2e-05" (``.3g``); the book's numbers (mmperf.tables.sig,
    three significant digits) write 1.20×10⁻⁵, and 0.0312 as 0.0312."""
    assert text._trend_check({"trends": True, "p_value": 1.2e-5, "slope": 1.0}, "the normal route's sojourn").reason == (
        "the normal route's sojourn trends within the run (batch means, p = 1.20×10⁻⁵): not a steady-state mean")
    assert "(batch means, p = 0.0312)" in text._trend_check({"trends": True, "p_value": 0.0312, "slope": 1.0}, "x").reason
    assert text._trend_check({"trends": False, "p_value": 0.5, "slope": 0.0}, "x").reason is None
