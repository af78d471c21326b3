"""Hand-computed cases of the claypool-load closed forms (``claypool_load.analytic``).

Anchor points of the study notes (section 2.6, IPX, Differential, P = 1280 B, f = 0.15, T = 200 s,
r = 8000 B/s, so n = 1250 packets). Table 5.2 IPX costs (ms): Record 0.597 + 0.00169 P, Send
0.210 + 0.0001 P, Receive 0.187 + 0.000103 P, Play 0.726 + 0.00103 P, Mix 0.00245 P,
Differential 0.00300 P.
"""

import math

import pytest

from mmperf.models.claypool_load import analytic as an
from mmperf.models.claypool_load.data import load_inputs

P = 1280
REC = 0.597 + 0.00169 * P      # 2.7602 ms
SEND = 0.210 + 0.0001 * P      # 0.338
RECV = 0.187 + 0.000103 * P    # 0.31884
PLAY = 0.726 + 0.00103 * P     # 2.0444
MIX = 0.00245 * P              # 3.136
DEL = 0.00300 * P              # 3.84
n = 8000 * 200 / P             # 1250


@pytest.fixture(scope="module")
def ipx():
    return load_inputs().costs("IPX")


def L(costs, **kw):
    return an.audio_load(costs, an.Audio(**kw))


def test_two_people_without_deletion(ipx):
    """N = 2: n (rec + send + recv + play), no mix (N-2 = 0): 1250 x 5.46124 ms = 6.8266 s."""
    assert L(ipx, participants=2, silence=False) == pytest.approx(n * (REC + SEND + RECV + PLAY) / 1000)
    assert L(ipx, participants=2, silence=False) == pytest.approx(6.8266, abs=1e-3)


def test_two_people_with_deletion(ipx):
    """N = 2: n (rec + del) + k (send + recv + play), k = (1/2)(0.85) n = 531.25: 9.6853 s."""
    k = 0.5 * 0.85 * n
    expected = (n * (REC + DEL) + k * (SEND + RECV + PLAY)) / 1000
    assert L(ipx, participants=2) == pytest.approx(expected)
    assert expected == pytest.approx(9.685, abs=1e-3)


def test_three_people_with_and_without_deletion(ipx):
    """N = 3 without: n (rec + 2 send + 2 recv + 1 mix + play) = 11.568 s; with: k = (2/3)(0.85) n: 10.164 s."""
    no = n * (REC + 2 * SEND + 2 * RECV + MIX + PLAY) / 1000
    k = 2 / 3 * 0.85 * n
    sd = (n * (REC + DEL) + k * (SEND + RECV + PLAY)) / 1000
    assert L(ipx, participants=3, silence=False) == pytest.approx(no)
    assert L(ipx, participants=3) == pytest.approx(sd)
    assert sd < no                      # deletion pays from three people (section 5.6.1)


def test_fig5_11_six_people_eight_times_faster(ipx):
    """N = 6, no deletion, all costs / 8: n (rec + 5 send + 5 recv + 4 mix + play) / 8 = 3.2237 s = 1.61 % of 200 s."""
    expected = n * (REC + 5 * SEND + 5 * RECV + 4 * MIX + PLAY) / 8 / 1000
    got = L(ipx, participants=6, silence=False, cpu_speedup=8.0)
    assert got == pytest.approx(expected)
    assert 100 * got / 200 == pytest.approx(1.612, abs=1e-3)


def test_multicast_sends_once_and_hardware_mixing_plays_every_stream(ipx):
    """N = 4 without deletion: multicast send n instead of 3n; hardware mixing: no mix, play 3n."""
    base = L(ipx, participants=4, silence=False)
    assert base - L(ipx, participants=4, silence=False, multicast=True) == pytest.approx(2 * n * SEND / 1000)
    hw = L(ipx, participants=4, silence=False, hw_mixing=True)
    assert base - hw == pytest.approx(n * (2 * MIX - 2 * PLAY) / 1000)


def test_implied_packet_size_solves_the_none_row(ipx):
    """P = A / (L/(rT) - B): A = 1.72 ms, B = 0.002923 ms/B; L = 6.96 s gives 1205.3 B; it reproduces L."""
    p = an.implied_packet_bytes(ipx, 6.96)
    assert p == pytest.approx(1.72 / (6.96e3 / 1.6e6 - 0.002923), rel=1e-9)
    assert L(ipx, participants=2, silence=False, packet_bytes=p) == pytest.approx(6.96)


def test_counter_predictions_of_figure_4_5():
    """IPX bare 340,539,937 / 200 s = 1,702,699.685 per s; N = 1..4 gives / 2, 3, 4, 5."""
    bare = 340_539_937 / 200
    assert [round(an.counter_prediction(bare, k)) for k in range(1, 5)] == [851350, 567567, 425675, 340540]


def test_measured_load_under_the_three_priorities():
    assert an.measured_load(0.4, 1) == 0.4
    assert an.measured_load(0.6, 1) == 0.5            # one counter: the component gets at most half
    assert an.measured_load(0.3, 3) == 0.25           # three counters: a quarter
    assert an.measured_load(0.9, 1, "higher") == 0.9
    assert an.measured_load(0.9, 1, "lower") == 0.0


def test_soldier_limits():
    """Multicast, count N, 4 frames/s, 2088 B/frame on a Personal Iris (ms):
    fixed = 3 x 1.57 + 4 (305 + 0.194 + 2088 x 0.000327) = 1228.2413; per soldier = 3 (1.12 + 0.00813)
    + 4 x 0.949 = 7.18039. Indigo 2 (6.5): (6500 - 1228.2413) / 7.18039 = 734.19; Personal Iris: none."""
    c = load_inputs().vc_costs
    fixed = 3 * 1.57 + 4 * (305 + 0.194 + 2088 * 0.000327)
    slope = 3 * (1.12 + 0.00813) + 4 * 0.949
    assert an.vc_soldier_limit(c, an.VC(speedup=6.5)) == pytest.approx((6500 - fixed) / slope)
    assert an.vc_soldier_limit(c, an.VC(speedup=6.5)) == pytest.approx(734.19, abs=0.01)
    assert math.isnan(an.vc_soldier_limit(c, an.VC(speedup=1.0)))


def test_network_saturation():
    """Multicast N u 144 x 8: T1 1.5e6 / (30 x 1152) = 43.40; unicast N(N-1) 3 x 1152 = 10e6 -> N = 54.4."""
    assert an.vc_saturation_soldiers(1.5, 30, 144) == pytest.approx(43.40, abs=0.01)
    n_u = an.vc_saturation_soldiers(10, 3, 144, multicast=False)
    assert n_u * (n_u - 1) * 3 * 1152 == pytest.approx(10e6)
