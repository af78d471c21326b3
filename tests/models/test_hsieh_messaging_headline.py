"""The chapter's default headline metrics (``headline:`` in notebooks/hsieh-messaging.yml), each pinned to a value
derived here by hand from the thesis's printed numbers, not frozen from the code's output (issue 27 item 4).

The metrics are recorded by the same ``text.record_*`` functions the notebook calls, into a
:class:`mmperf.checktable.Recorder`, from the experiments at the chapter's defaults (the Ciw echo at a small size:
with deterministic stages its round trips do not depend on the number of echoes).
"""

import pytest

from mmbook.params import load_chapter
from mmperf.checktable import Recorder
from mmstudies.hsieh_messaging import analytic, text
from mmstudies.hsieh_messaging import experiments as ex

SPEC = load_chapter("hsieh-messaging")
P = SPEC.defaults()


@pytest.fixture(scope="module")
def metrics():
    ch = Recorder()
    text.record_hockney(ch, analytic.hockney_comparison(analytic.platform_table(P["mbyte_base"])), P["platform"])
    text.record_multicast(ch, ex.multicast_experiment(P["n_receivers"], P["multicast_cv"], 2, P["seed"]),
                          P["n_receivers"])
    text.record_overhead(ch, ex.overhead_experiment(P["hpdu_bytes"], P["data_bytes"], P["header_cells"],
                                                    P["header_accounting"], P["mtu_min"], P["mtu_max"],
                                                    P["link_rate_mbps"]), P)
    win = ex.window_experiment(P["lan_rtt_ms"], P["tunnel_rtt_ms"], P["hippi_rate_mbps"], P["link_rate_mbps"],
                               P["hpdu_bytes"], P["header_cells"], P["window_kb"], P["mss_bytes"])
    text.record_windows(ch, win, P)
    routes = ex.route_experiment(P["platform"], P["mbyte_base"], P["unix_hop_factor"], P["route_cv"], 20,
                                 P["stream_load"], 300, 2, P["seed"])
    echo = routes["echo"].set_index(["m_bytes", "route"])["rtt_sim_s"]
    ch.metrics["route_rtt_ratio_64k"] = echo[(65536.0, "normal")] / echo[(65536.0, "direct")]
    return ch.metrics


def test_the_headline_is_the_one_pinned_here():
    assert list(SPEC.headline) == ["hockney_ratio_platform", "route_rtt_ratio_64k", "eq22_gain_at_n", "tunnel_u_chosen",
                             "crossover_mtu_first", "tunnel_ceiling_mbps", "rtt_eff_lan_ms", "bdp_tunnel_kb"]


def test_hockney_ratio_of_the_aal5_direct_row(metrics):
    """Table 2.3, PVM-ATM AAL5 Direct (seed line 600): r_max 27.202 Mbit/s = 3,400,250 byte/s, t0 1905.5 us, n_1/2
    7867 B. a = 1905.5 us - 32 / 3,400,250 s = 1896.089 us; a r / 2 = 3223.59 B; 7867 / 3223.59 = 2.4404."""
    assert P["platform"] == "aal5_direct"
    r = 27.202e6 / 8
    a = 1905.5e-6 - 32 / r
    assert a * r / 2 == pytest.approx(3223.59, abs=0.01)
    assert metrics["hockney_ratio_platform"] == pytest.approx(7867 / (a * r / 2), rel=1e-12)
    assert metrics["hockney_ratio_platform"] == pytest.approx(2.4404, abs=1e-4)


def test_route_ratio_is_one_plus_two_f(metrics):
    """Deterministic stages, one message in flight: Normal = 3 equal hops (f = 1), Direct = 1, so 1 + 2f = 3."""
    assert P["unix_hop_factor"] == 1.0 and P["route_cv"] == 0.0
    assert metrics["route_rtt_ratio_64k"] == pytest.approx(3.0, rel=1e-12)


def test_eq22_gain_at_four_hosts(metrics):
    """(70 + 37 x 4) / (95.83 + 4.17 x 4) = 218 / 112.51 = 1.93761 (seed line 633)."""
    assert P["n_receivers"] == 4
    assert metrics["eq22_gain_at_n"] == pytest.approx(218 / 112.51, rel=1e-12)


def test_tunnel_utilisation_and_ceiling(metrics):
    """Eq. 3.2: 61440 / ((3 + 43 x 30) x 48) = 61440 / 62064 = 0.989946; the ceiling is that share of the AAL rate,
    155.52 x 260/270 x 48/53 = 135.6317 Mbit/s, i.e. 134.268 Mbit/s."""
    u = 61440 / ((3 + 43 * 30) * 48)
    assert metrics["tunnel_u_chosen"] == pytest.approx(u, rel=1e-12)
    aal = 155.52 * 260 / 270 * 48 / 53
    assert aal == pytest.approx(135.632, abs=5e-4)
    assert metrics["tunnel_ceiling_mbps"] == pytest.approx(u * aal, rel=1e-12)
    assert metrics["tunnel_ceiling_mbps"] == pytest.approx(134.268, abs=1e-3)


def test_crossover_under_the_texts_reading(metrics):
    """One datagram (61440 + 20 TCP bytes) cut into fragments: at MTU 4444 they carry 4424 B (8-aligned), 13 full
    fragments of 4460 B on the wire (93 cells) and 3948 + 36 = 3984 B (83 cells): 1292 cells, one fewer than the
    tunnel's 3 + 43 x 30 = 1293; at 4443, 13 x 93 + 86 = 1295 (the full count is in test_hsieh_messaging_analytic)."""
    assert P["header_accounting"] == "ip_fragments"
    assert 13 * 93 + 83 < 3 + 43 * 30 < 13 * 93 + 86
    assert metrics["crossover_mtu_first"] == 4444


def test_fitted_lan_round_trip(metrics):
    """cap = W / RTT_eff through the origin on the three LAN caps (seed line 1022): W = 0.25, 0.125, 0.0625 MByte,
    caps 27, 14, 7.5 MByte/s; slope = (6.75 + 1.75 + 0.46875) / (0.0625 + 0.015625 + 0.00390625) = 109.333 per s,
    RTT_eff = 1000 / 109.333 = 9.1463 ms."""
    slope = (0.25 * 27 + 0.125 * 14 + 0.0625 * 7.5) / (0.25 ** 2 + 0.125 ** 2 + 0.0625 ** 2)
    assert metrics["rtt_eff_lan_ms"] == pytest.approx(1000 / slope, rel=1e-12)
    assert metrics["rtt_eff_lan_ms"] == pytest.approx(9.1463, abs=1e-4)


def test_tunnel_bandwidth_delay_product(metrics):
    """155.52 Mbit/s x 2.75 ms / 8 = 53,460 byte = 53.46 KBytes of 1000 byte (the thesis: 'around 53', line 1050)."""
    assert metrics["bdp_tunnel_kb"] == pytest.approx(155.52e6 * 2.75e-3 / 8 / 1000, rel=1e-12)
    assert metrics["bdp_tunnel_kb"] == pytest.approx(53.46)
