"""The Claypool quality pipelines (``claypool_quality.analytic``): hand-derived cases and calibrations.

Nothing in this study is simulated: every expected value below is derived by hand (in the test's
docstring) or by an independent re-implementation of the stated formula, never frozen from the
code's own output.
"""

import math

import numpy as np
import pytest

from mmperf import quality as qm
from mmperf.models.claypool_quality import analytic as an
from mmperf.models.claypool_quality.data import calibrated_values, load_inputs


@pytest.fixture(scope="module")
def inputs():
    return load_inputs()


@pytest.fixture(scope="module")
def aset(inputs):
    return an.audio_settings(inputs)


def _hand_quality_at_anchor(kappa, inputs):
    """Q of 20 users at SPECint92 40 on a 10 Mbit/s Ethernet, re-implemented from the stated chain.

    Table 5.2 IPX costs of one 1280-byte frame (ms): record 0.597 + 0.00169 p, send 0.210 + 0.000100 p,
    play 0.726 + 0.00103 p, receive 0.187 + 0.000103 p (19 streams), mix 0.00245 p (18 streams), at
    6.25 frames/s: U_IPX = 0.42280. At SPECint92 40 the speed is s = 40/21.8 = 1.8349, so U = 0.23043,
    load = 1 + U/(1-U) = 1.29942, processor variance kappa * load / s = 0.70817 kappa, network variance
    (Ethernet, Table 5.4 ratio 411.37/564.63) 0.72857 kappa: J = 1.43674 kappa. Lateness exponential with
    theta = sqrt(J/2); the buffer minimises (b/230)^2 + (100 exp(-b/theta)/6)^2 (searched here on a
    0.01 ms grid, not by the code's root finder). Latency = CPU path (record, send, receive, play:
    5.46144 ms on an IPX) / s * (1 + background 1) / (1 - U) + transmission 1280*8/10e3 ms + b; loss =
    dropped + 0.5 % * network utilisation (20 * 1280 * 8 / 160 ms = 1.28 Mbit/s of 10).
    """
    costs = inputs.audio_costs
    p = 1280.0

    def c(op):
        return costs[op][0] + costs[op][1] * p

    u_ipx = (c("Record") + c("Send") + c("Play") + 19 * c("Receive") + 18 * c("Mix")) * 6.25 / 1000
    s = 40.0 / 21.8
    u = u_ipx / s
    load = 1.0 + u / (1 - u)
    j = kappa * load / s + 411.37 / 564.63 * kappa
    theta = math.sqrt(j / 2)
    b = np.arange(0.0, 2000.0, 0.01)
    d = 100 * np.exp(-b / theta)
    k = int(np.argmin((b / 230) ** 2 + (d / 6) ** 2))
    path = c("Record") + c("Send") + c("Receive") + c("Play")
    latency = path / s * 2 / (1 - u) + 1280 * 8 / 10e3 + b[k]
    loss = d[k] + 0.5 * (20 * 1280 * 8 / 160 / 1000) / 10
    return math.hypot(latency / 230, loss / 6)


def test_audio_calibration_solves_the_anchor_equation_re_implemented_by_hand(inputs, aset):
    """kappa found by the code makes the hand re-implementation give Q = 1 at the Figure 5.24 anchor.

    The expected kappa is found here by bisection on :func:`_hand_quality_at_anchor` (an independent
    implementation of the chain derived in its docstring); the grid of 0.01 ms on the buffer limits
    the agreement to about 1e-4 relative.
    """
    lo, hi = 10.0, 1e5
    for _ in range(80):
        mid = math.sqrt(lo * hi)
        if _hand_quality_at_anchor(mid, inputs) < 1:
            lo = mid
        else:
            hi = mid
    by_hand = math.sqrt(lo * hi)
    kappa = an.calibrate_audio_kappa(inputs, aset)
    assert kappa == pytest.approx(by_hand, rel=1e-3)
    # and the calibration is a crossing, not a touch: 5 % either side moves Q across 1
    assert _hand_quality_at_anchor(0.95 * kappa, inputs) < 1 < _hand_quality_at_anchor(1.05 * kappa, inputs)


def test_the_stored_calibration_is_what_the_code_finds_at_the_defaults(inputs, aset):
    """quality_calibration.csv records the calibrations (shown in the chapter); they must stay current."""
    stored = calibrated_values()
    assert an.calibrate_audio_kappa(inputs, aset) == pytest.approx(float(stored["audio_kappa_ms2_per_load"]), rel=1e-5)
    vs = an.vc_settings(inputs)
    assert an.calibrate_vc_lambda(inputs, vs) == pytest.approx(float(stored["vc_display_delay_frames"]), rel=1e-4)


def test_calibration_statuses_at_unreachable_anchors(inputs):
    """Floor: a 10 ms latency limit is below the 7.7 ms CPU path + 1 ms transmission + drops of the
    anchor, so even kappa -> 0 leaves it unacceptable. Ceiling: with limits of 10^5 ms and 100 % gaps
    no jitter scale up to 10^7 makes it unacceptable. The raising wrapper names the problem."""
    strict = an.audio_settings(inputs, latency_limit_ms=8.0)
    assert an.audio_kappa_calibration(inputs, strict).status == "floor"
    lax = an.audio_settings(inputs, latency_limit_ms=1e5, gaps_limit_pct=100.0)
    assert an.audio_kappa_calibration(inputs, lax).status == "ceiling"
    with pytest.raises(an.ParameterError, match="too strict"):
        an.calibrate_audio_kappa(inputs, strict)
    vs = an.vc_settings(inputs)
    slow = an.vc_lambda_calibration(inputs, vs, speed=2.0)
    assert (slow.status, slow.value, slow.met) == ("floor", 0.0, False)


def test_cpu_demand_matches_table_5_2_by_hand(inputs, aset):
    """Three users: record, send and play once, receive two streams, mix one, 6.25 frames/s."""
    per = {op: a + b * 1280 for op, (a, b) in inputs.audio_costs.items()}
    by_hand = 6.25 * (per["Record"] + per["Send"] + per["Play"] + 2 * per["Receive"] + per["Mix"]) / 1000
    assert float(an.audio_cpu_demand(3, inputs, aset)) == pytest.approx(by_hand)


def test_optimal_buffer_is_the_closest_curve_point():
    """The returned buffer is no farther from the origin than any point of a 1 ms grid."""
    b, d = an.optimal_buffer(30.0, 230.0, 6.0)
    grid = [(x / 230) ** 2 + (100 * math.exp(-x / 30.0) / 6) ** 2 for x in range(0, 400)]
    assert (b / 230) ** 2 + (d / 6) ** 2 <= min(grid) + 1e-12
    assert d == pytest.approx(100 * math.exp(-b / 30.0))


def test_jitter_scales_with_processor_power_to_the_stated_exponent(inputs, aset):
    """J = kappa * load / s**e + J_net: with e = 2 at s = 2 the processor part is a quarter of kappa*load.

    With no users' own load (realtime=False, background 1, U from 2 users) the processor part is
    J - J_net; J_net at 10 Mbit/s is r * kappa (r = 411.37/564.63).
    """
    kappa = 1000.0
    for e in (1.0, 2.0):
        s = an.replace(aset, jitter_spec_exponent=e)
        pt = an.audio_point(kappa, 2 * 21.8, 10.0, 2, inputs, s)
        processor = pt["jitter_ms2"] - s.net_ratio * kappa
        assert processor == pytest.approx(kappa * pt["load_average"] / 2.0**e)


def test_audio_quality_falls_with_processor_power_and_bandwidth(inputs, aset):
    k = an.calibrate_audio_kappa(inputs, aset)
    q_spec = [an.audio_quality(k, spec, 10.0, 20, inputs, aset) for spec in (21.8, 40, 64, 200)]
    q_bw = [an.audio_quality(k, 21.8, bw, 20, inputs, aset) for bw in (10, 100, 1000)]
    assert q_spec == sorted(q_spec, reverse=True) and q_bw == sorted(q_bw, reverse=True)


def test_realtime_priority_ignores_background_load(inputs, aset):
    k = 4000.0
    rt = [an.audio_quality(k, 21.8, 10.0, 2, inputs, aset, background_load=x, realtime=True) for x in (0, 3, 6)]
    assert max(rt) - min(rt) < 1e-12
    assert an.audio_quality(k, 21.8, 10.0, 2, inputs, aset, background_load=3) > rt[0]


def test_flying_crossover_and_saturation_by_hand(inputs):
    """Derivation (section 6.5.5 values; 20-processor Indigo 2 clients, OC-12 server link).

    Decompression: 0.000341 ms/bit * 24e6 bit / 4 (Indigo 2 = 4 IPX) / 20 = 102.3 ms per frame, so
    a client takes at most 24 * 1000 / 102.3 = 234.6 Mbit/s. Without compression the server delivers
    min(1416, 622) = 622 Mbit/s, below one client's 720: saturated from 1 client. With compression the
    link carries 622 / 0.3 = 2073 > 1608, so the server delivers 1608 / c < 234.6 from c = 7.
    Quality with compression (c <= 6): x = (720 - 234.6) / 700 = 0.6934, y = 102.3 / 230 = 0.4448,
    Q = 0.8238. Without: Q = (720 - 622/c) / 700: 0.8064 at c = 4, 0.8509 at c = 5, so compression
    first wins at 5 clients. A processor-only server (no link) gives 1416/c against 1608/c and 102 ms
    of latency: compression never wins up to 200 clients.
    """
    fs = an.flying_settings(inputs)
    assert an.flying_client_decompress_ms(20, fs) == pytest.approx(102.3)
    assert an.flying_saturation_clients(False, 20, fs) == 1
    assert an.flying_saturation_clients(True, 20, fs) == 7
    q_comp = an.flying_point(20, 4, True, fs)["quality"]
    assert q_comp == pytest.approx(math.hypot((720 - 24000 / 102.3) / 700, 102.3 / 230))
    assert an.flying_point(20, 4, False, fs)["quality"] == pytest.approx((720 - 622 / 4) / 700)
    assert an.flying_crossover(20, fs) == 5
    assert an.flying_crossover(20, an.flying_settings(inputs, server_link_mbps=math.inf)) == 0


def test_vc_point_by_hand(inputs):
    """100 soldiers on a Personal Iris, 3 updates/s, multicast, Table 7.1 estimates.

    Update work per second: 3 * 1.57 (send) + 99 * 3 * (1.12 + 0.00813) = 339.77 ms; per frame:
    305 (render) + 0.194 (display) + 2088.33 * 0.000327 (read) + 99 * 0.949 (reckon) = 399.829 ms;
    frame rate (1000 - 339.77) / 399.829 = 1.6513 frames/s. Jitter: sqrt(99 * 3 / 1.6513) * (1.12 +
    0.00813) ms = 15.13 ms.
    """
    vs = an.vc_settings(inputs)
    p = an.vc_point(1.0, 100, 1.0, 10.0, 3.0, inputs, vs)
    update = 3 * 1.57 + 99 * 3 * (1.12 + 0.00813)
    frame = 305 + 0.194 + 2088.33 * 0.000327 + 99 * 0.949
    assert p["fps"] == pytest.approx((1000 - update) / frame, rel=1e-6)
    assert p["jitter_ms"] == pytest.approx(math.sqrt(99 * 3 / p["fps"]) * (1.12 + 0.00813), rel=1e-6)
    assert p["fps"] == pytest.approx(1.6513, abs=1e-4)


def test_cpu_exhausted_soldiers_is_where_updates_take_the_whole_processor(inputs):
    """At N* = 1 + (1000 s - u * send) / (u * (receive + update)) the update work is exactly 1000 s ms."""
    vs = an.vc_settings(inputs)
    n = an.vc_cpu_exhausted_soldiers(15 * 6.5, 17.0, inputs, vs)
    work = 17.0 * 1.57 + (n - 1) * 17.0 * (1.12 + 0.00813)
    assert work == pytest.approx(1000 * 15 * 6.5)


def test_vc_fig7_9_orderings(inputs):
    vs = an.vc_settings(inputs)
    lam = an.calibrate_vc_lambda(inputs, vs)
    pts = {name: an.vc_point(lam, 100, update_rate=3.0, inputs=inputs, vs=vs, **kw)["quality"] for name, kw in {
        "pi_eth": dict(speed=1.0, network_mbps=10.0), "pi_atm": dict(speed=1.0, network_mbps=155.0),
        "i2_eth": dict(speed=6.5, network_mbps=10.0),
        "pi_uni": dict(speed=1.0, network_mbps=10.0, multicast=False)}.items()}
    assert [k for k, q in pts.items() if qm.is_acceptable(q)] == ["i2_eth"]
    assert pts["pi_uni"] > pts["pi_eth"] == pytest.approx(pts["pi_atm"], rel=1e-3)


def test_faster_processors_support_more_soldiers(inputs):
    vs = an.vc_settings(inputs)
    lam = an.calibrate_vc_lambda(inputs, vs)
    n = [an.vc_max_soldiers(lam, speed, 1e9, 3.0, inputs, vs) for speed in (6.5, 13.0, 97.5)]
    assert n == sorted(n)
    assert math.isnan(an.vc_max_soldiers(lam, 1.0, 1e9, 3.0, inputs, vs))   # never acceptable


def test_fig1_1_text_bar_is_exact(inputs):
    """66 lines of 80 one-byte characters (Figure 1.1 caption, seed line 278)."""
    assert an.fig1_1_bytes(inputs)["Text"] == 66 * 80
