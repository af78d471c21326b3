"""The Hsieh messaging chapter runs with default and changed parameters, inside the book's conventions."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

MMBOOK = str(Path(sys.executable).with_name("mmbook"))
CHAPTER = "hsieh-messaging"
FAST = ["-p", "recovery_sets", "8", "-p", "repetitions", "10", "-p", "route_messages", "40",
        "-p", "stream_messages", "600", "-p", "replications", "2"]


def _run(tmp_path: Path, *params: str, name: str = "run") -> dict:
    out = tmp_path / name
    p = subprocess.run([MMBOOK, "run", CHAPTER, *params, "--output", str(out)], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-2000:] + p.stdout[-2000:]
    return json.loads((out / "results.json").read_text())


def _checks(r: dict) -> dict:
    return {c["what"]: c for c in r["checks"]}


@pytest.mark.slow
def test_defaults_reproduce_the_thesis_arithmetic(tmp_path):
    r = _run(tmp_path)
    m = r["metrics"]
    assert r["defaults_differ"] == {}
    assert m["tunnel_u_1032"] == pytest.approx(61440 / 63504, rel=1e-12)
    assert m["tunnel_u_2056"] == pytest.approx(61440 / 62064, rel=1e-12)
    assert m["bdp_lan_kb"] == pytest.approx(260.0) and m["bdp_tunnel_kb"] == pytest.approx(53.46)
    assert m["eq22_gain_4"] == pytest.approx(218 / 112.51) and m["eq22_gain_10"] == pytest.approx(440 / 137.53)
    assert m["crossover_mtu_first"] == 6223
    assert 2 < m["ratio_atm_min"] < m["ratio_atm_max"] < 3.3
    c = _checks(r)
    assert c["Eq. 3.1: tunnel utilisation, 1032-byte H-PDUs (H13)"]["status"] == "reproduced"
    assert c["HIPPI-FP 16 MB as % of 800 Mbit/s (H17)"]["status"] == "not comparable"
    assert c["Eq. 2.2 numerator slope vs least squares of the 64 KB points"]["status"] == "not reproduced"
    # every check states its kind of evidence and every tolerance its reason
    evidence = {"prediction", "arithmetic", "transcription", "construction", "target", "not comparable"}
    assert all(x["evidence"] in evidence and x["reason"] for x in r["checks"])
    assert all(x["ci_low"] is not None for x in r["checks"] if x["basis"] != "exact")
    assert r["headline"]["checked"] > 40
    assert set(r["metrics"]) | set(r["undefined"]) >= {"hockney_ratio_platform", "route_rtt_ratio_64k",
                                                       "eq22_gain_at_n", "tunnel_u_chosen", "crossover_mtu_first",
                                                       "tunnel_ceiling_mbps", "rtt_eff_lan_ms", "bdp_tunnel_kb"}


@pytest.mark.slow
def test_oc12_and_smaller_h_pdus(tmp_path):
    """OC-12: the AAL rate is 622.08 x 260/270 x 48/53; 1032-byte H-PDUs make Eq. 3.2's check the chosen one."""
    r = _run(tmp_path, *FAST, "-p", "link_rate_mbps", "622.08", "-p", "hpdu_bytes", "1032")
    m = r["metrics"]
    assert m["aal_rate_mbps"] == pytest.approx(622.08 * 26 / 27 * 48 / 53, rel=1e-12)
    assert m["tunnel_ceiling_mbps"] == pytest.approx(m["aal_rate_mbps"] * 61440 / 63504, rel=1e-12)
    assert m["bdp_tunnel_kb"] == pytest.approx(622.08e6 * 2.75e-3 / 8 / 1000)
    assert m["crossover_mtu_first"] < 6223           # the 1032-byte tunnel is easier to beat
    c = _checks(r)
    assert c["Tunnel bandwidth-delay product (H20)"]["status"] == "not reproduced"   # the thesis's 53 KB is for OC-3
    assert r["defaults_differ"]["link_rate_mbps"] == {"default": 155.52, "value": 622.08}


@pytest.mark.slow
def test_variability_and_other_platform(tmp_path):
    """Random stages give simulated checks with intervals; a HIPPI row and the decimal MByte change the ratios."""
    r = _run(tmp_path, *FAST, "-p", "route_cv", "0.5", "-p", "multicast_cv", "0.5", "-p", "platform",
             "tuned_hippi_direct", "-p", "mbyte_base", "decimal", "-p", "fit_method", "ols", "-p",
             "header_cells", "4")
    m = r["metrics"]
    assert m["n_half_table_platform"] == 7551
    r_bps = 16.103e6
    a = 540e-6 - 32 / r_bps
    assert m["n_half_hockney_platform"] == pytest.approx(a * r_bps / 2, rel=1e-12)
    assert m["tunnel_u_2056"] == pytest.approx(61440 / ((4 + 43 * 30) * 48), rel=1e-12)
    c = _checks(r)
    assert c["Eq. 3.2: tunnel utilisation, 2056-byte H-PDUs (H14)"]["status"] == "not reproduced"
    sim = [x for x in r["checks"] if x["basis"] == "simulated"]
    assert sim and all(x["ci_high"] > x["ci_low"] for x in sim)


@pytest.mark.slow
def test_rules_refuse_bad_combinations_before_running(tmp_path):
    p = subprocess.run([MMBOOK, "run", CHAPTER, "-p", "msg_log2_min", "12", "-p", "msg_log2_max", "14",
                        "--output", str(tmp_path / "bad")], capture_output=True, text=True, timeout=120)
    assert p.returncode != 0
    assert "msg_log2" in p.stderr + p.stdout
    assert not (tmp_path / "bad" / "results.json").exists()
