"""The Claypool quality pipelines (``claypool_quality.analytic``): hand-derived cases and calibrations.

Nothing in this study is simulated: every expected value below is derived by hand (in the test's
docstring) or by an independent re-implementation of the stated formula, never frozen from the
code's own output.
"""

import math

import numpy as np
import pytest

from mmperf import quality as qm
from mmstudies.claypool_quality import analytic as an
from mmstudies.claypool_quality.data import calibrated_values, load_inputs


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


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---


def _bisect(f, lo, hi, n=200):
    """Root of an increasing ``f`` on [lo, hi] by plain bisection (independent of the code's Brent calls)."""
    for _ in range(n):
        mid = 0.5 * (lo + hi)
        if f(mid) < 0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _hand_buffer(theta, limit, gaps):
    """Minimum of (b/L)^2 + (100 e^{-b/theta}/G)^2 over b >= 0: its derivative 2b/L^2 - 2 A^2 e^{-2b/theta}/theta
    (A = 100/G) increases from -2A^2/theta < 0, so the minimum is the derivative's single root."""
    if theta == 0:
        return 0.0, 0.0
    big_a = 100.0 / gaps
    b = _bisect(lambda x: 2 * x / limit**2 - 2 * big_a**2 * math.exp(-2 * x / theta) / theta, 0.0, 1e6)
    return b, 100 * math.exp(-b / theta)


def _hand_audio_point(kappa, spec, bw, n, inputs, *, bg=1.0, realtime=False, e=1.0, ref=1.0, cap=0.99,
                      tx_loss=0.5, limit=230.0, gaps=6.0, frame=1280.0, interval=160.0):
    """The module docstring's audio chain written out again, step by step (Table 5.2 IPX costs, r and c/d as
    derived in the data tests below)."""
    costs = inputs.audio_costs

    def c(op):
        return costs[op][0] + costs[op][1] * frame

    s = spec / 21.8
    demand = (c("Record") + c("Send") + c("Play") + (n - 1) * c("Receive") + max(n - 2, 0) * c("Mix")) / interval
    u = demand / s
    ue = min(u, cap)
    load = ue / (1 - ue) + (0.0 if realtime else bg)
    c_over_d = an.network_jitter_fit(inputs)[0] / an.network_jitter_fit(inputs)[1]
    jitter = kappa * load / s**e + 411.37 / 564.63 * kappa * ref * (c_over_d + 10) / (c_over_d + bw)
    b, dropped = _hand_buffer(math.sqrt(jitter / 2), limit, gaps)
    path = c("Record") + c("Send") + c("Receive") + c("Play")
    cpu = path / s * (1.0 if realtime else 1.0 + bg) / (1 - ue)
    rho = n * frame * 8 / interval / 1000 / bw
    sat = max(0.0, 1 - 1 / u) + max(0.0, 1 - 1 / rho)
    loss = min(100.0, dropped + 100 * sat + tx_loss * min(1.0, rho))
    latency = cpu + frame * 8 / (bw * 1e3) + b
    return {"quality": math.hypot(latency / limit, loss / gaps), "latency_ms": latency, "loss_pct": loss,
            "buffer_ms": b, "dropped_pct": dropped, "jitter_ms2": jitter, "cpu_utilisation": u,
            "net_utilisation": rho, "load_average": load}


def test_settings_read_every_field_from_the_data(inputs):
    """Each setting is the transcribed value (limits 230 ms and 6 %, loads 1, 0.5 % loss, cap 0.99, 1280-byte
    frames every 160 ms, IPX 21.8 SPECint92, r = 411.37/564.63, exponent 1); overrides win."""
    s = an.audio_settings(inputs)
    c, d = an.network_jitter_fit(inputs)
    assert s == an.AudioSettings(230.0, 6.0, 1.0, 1.0, 0.5, 0.99, 1280.0, 160.0, 21.8, 411.37 / 564.63, c / d, 1.0)
    assert s.net_c_over_d == pytest.approx(96.083, abs=5e-4)   # issue 24: the code's copy had drifted to 96.07
    assert an.audio_settings(inputs, gaps_limit_pct=3.0).gaps_limit_pct == 3.0
    fs = an.flying_settings(inputs)
    assert fs == an.FlyingSettings(230.0, 20.0, 720.0, 24.0, 30.0, 4.0, 0.000341, 1416.0, 1608.0, 622.0, 0.7)
    assert an.flying_settings(inputs, max_fps=15.0).max_fps == 15.0
    no_link = an.replace(inputs, assumptions={**inputs.assumptions, "flying_server_link_is_oc12": 0.0})
    assert an.flying_settings(no_link).server_link_mbps == math.inf
    vs = an.vc_settings(inputs)
    assert vs == an.VCSettings(300.0, 0.10, 3.0, 30.0, 0.95, 0.005, 144.0, 2088.33)
    assert an.vc_settings(inputs, min_fps=5.0).min_fps == 5.0


def test_network_jitter_fit_is_the_least_squares_line(inputs):
    """1/var = c + d B through (10, 1/411.37), (266, 1/58.33), (800, 1/28.62), by the normal equations:
    d = sum((B - mean B)(y - mean y)) / sum((B - mean B)^2), c = mean y - d mean B."""
    inp = inputs
    xs = [10.0, 266.0, 800.0]
    ys = [1 / 411.37, 1 / 58.33, 1 / 28.62]
    mx, my = sum(xs) / 3, sum(ys) / 3
    d = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
    c = my - d * mx
    got = an.network_jitter_fit(inp)
    assert got == (pytest.approx(c, rel=1e-12), pytest.approx(d, rel=1e-12))
    assert type(got[0]) is float and type(got[1]) is float


def test_cpu_demand_two_users_mix_nothing_and_path_latency(inputs, aset):
    """Two users receive one stream and mix none (max(N - 2, 0) = 0); arrays give one demand per N.

    Path (record + send + receive + play at 1280 bytes): (0.597 + 2.1632) + (0.21 + 0.128) + (0.187 + 0.13184)
    + (0.726 + 1.3184) = 5.46144 ms; at 640 bytes (0.597 + 1.0816) + (0.21 + 0.064) + (0.187 + 0.06592) +
    (0.726 + 0.6592) = 3.59072 ms.
    """
    per = {op: a + b * 1280 for op, (a, b) in inputs.audio_costs.items()}
    two = 6.25 * (per["Record"] + per["Send"] + per["Play"] + per["Receive"]) / 1000
    assert float(an.audio_cpu_demand(2, inputs, aset)) == pytest.approx(two, rel=1e-14)
    both = an.audio_cpu_demand([2, 3], inputs, aset)
    assert list(both) == pytest.approx([two, two + 6.25 * (per["Receive"] + per["Mix"]) / 1000], rel=1e-14)
    # another frame interval: 320 ms is 3.125 frames/s, half the demand
    slow = an.replace(aset, frame_interval_ms=320.0)
    assert float(an.audio_cpu_demand(2, inputs, slow)) == pytest.approx(two / 2, rel=1e-14)
    assert an.audio_path_latency_ms(inputs, aset) == pytest.approx(5.46144, rel=1e-13)
    assert an.audio_path_latency_ms(inputs, an.replace(aset, frame_bytes=640.0)) == pytest.approx(3.59072, rel=1e-13)


def test_optimal_buffer_root_and_edges():
    """The buffer is the root of the derivative (bisection here), for a short and a long lateness scale (the
    long one, theta = 2000 ms > A L / e, needs the bracket doubled); a non-positive scale needs no buffer."""
    for theta in (25.6, 2000.0):
        b, d = an.optimal_buffer(theta, 230.0, 6.0)
        hb, hd = _hand_buffer(theta, 230.0, 6.0)
        assert (b, d) == (pytest.approx(hb, rel=1e-9), pytest.approx(hd, rel=1e-9))
    assert an.optimal_buffer(-1.0, 230.0, 6.0) == (0.0, 0.0)
    # other limits: 100 ms and 2 %
    assert an.optimal_buffer(40.0, 100.0, 2.0)[0] == pytest.approx(_hand_buffer(40.0, 100.0, 2.0)[0], rel=1e-9)
    # with no limit on gaps (A = 0) the drops cost nothing: no buffer, every packet late
    assert an.optimal_buffer(30.0, 230.0, math.inf) == (0.0, 100.0)


@pytest.mark.parametrize("args, kw, hand", [
    ((2000.0, 40.0, 10.0, 20), {}, {}),
    ((2000.0, 5.0, 1.0, 20), {}, {}),                       # CPU over capacity (U = 1.84) and network at 128 %
    ((2000.0, 2.0, 1.0, 100), {}, {}),                      # loss capped at 100 %
    ((3000.0, 21.8, 10.0, 2), {"background_load": 3.0, "realtime": True}, {"bg": 3.0, "realtime": True}),
    ((3000.0, 21.8, 10.0, 2), {"background_load": 2.5}, {"bg": 2.5}),
    ((0.0, 30.0, 100.0, 5), {}, {}),                        # no jitter at all: no buffer, no drops
])
def test_audio_point_every_field_against_the_chain_by_hand(inputs, aset, args, kw, hand):
    got = an.audio_point(*args, inputs, aset, **kw)
    want = _hand_audio_point(*args, inputs, **hand)
    assert list(got) == list(want)
    for k in want:
        assert got[k] == pytest.approx(want[k], rel=1e-9, abs=1e-12), k
    assert an.audio_quality(*args, inputs, aset, **kw) == got["quality"]


def test_audio_point_uses_every_setting(inputs, aset):
    """Jitter exponent 2, reference load 2, cap 0.9, 1 % transmission loss, limits 200 ms and 4 %, 640-byte
    frames every 80 ms: each setting enters the chain where the module docstring says."""
    s = an.replace(aset, jitter_spec_exponent=2.0, reference_load=2.0, utilisation_cap=0.9, transmission_loss_pct=1.0,
                   latency_limit_ms=200.0, gaps_limit_pct=4.0, frame_bytes=640.0, frame_interval_ms=80.0,
                   background_load=0.5)
    for spec, n in ((43.6, 10), (3.0, 20)):
        got = an.audio_point(1500.0, spec, 10.0, n, inputs, s)
        want = _hand_audio_point(1500.0, spec, 10.0, n, inputs, e=2.0, ref=2.0, cap=0.9, tx_loss=1.0, limit=200.0,
                                 gaps=4.0, frame=640.0, interval=80.0, bg=0.5)
        for k in want:
            assert got[k] == pytest.approx(want[k], rel=1e-9), k


def test_crossing_edges():
    """A linear f = x/5 crosses 1 at 5 exactly (to Brent's 1e-10 relative tolerance); an f that is 1 on the
    whole bracket returns its left end; one that never reaches 1 gives NaN."""
    assert an._crossing(lambda x: x / 5.0, 1.0, 100.0) == pytest.approx(5.0, rel=1e-9)
    assert an._crossing(lambda x: 1.0, 2.0, 10.0) == 2.0
    assert math.isnan(an._crossing(lambda x: 2.0, 1.0, 10.0))
    assert math.isnan(an._crossing(lambda x: x / 50.0, 1.0, 10.0))
    # the root beyond the last grid point of [1, 100] but inside the bracket's last cell
    assert an._crossing(lambda x: x / 99.9, 1.0, 100.0) == pytest.approx(99.9, rel=1e-9)


def test_spec_threshold_and_max_users_are_crossings(inputs, aset):
    """The threshold puts Q at 1 (and 1 % less processor is unacceptable); max_users is the last acceptable
    whole N, the next one is not; searches stop at n_max; no acceptable N gives 0, no crossing NaN."""
    k = 4000.0
    spec = an.spec_threshold(k, 20, 10.0, inputs, aset)
    assert an.audio_quality(k, spec, 10.0, 20, inputs, aset) == pytest.approx(1.0, abs=1e-8)
    assert an.audio_quality(k, 0.99 * spec, 10.0, 20, inputs, aset) > 1
    assert an.audio_quality(k, 1.01 * spec, 10.0, 20, inputs, aset) < 1
    assert math.isnan(an.spec_threshold(1e6, 20, 10.0, inputs, aset))   # the network jitter alone is too much
    n = an.max_users(k, 64.0, 266.0, inputs, aset)
    assert an.audio_quality(k, 64.0, 266.0, n, inputs, aset) < 1 <= an.audio_quality(k, 64.0, 266.0, n + 1, inputs, aset)
    assert an.max_users(k, 64.0, 266.0, inputs, aset, n_max=10) == 10
    assert an.max_users(k, 64.0, 266.0, inputs, aset, n_max=2) == 2
    assert an.max_users(1e6, 64.0, 266.0, inputs, aset) == 0


def test_audio_calibration_ends_and_messages(inputs):
    """Floor and ceiling report the ends of the searched range, 1e-3 and 1e7; the wrapper's messages whole."""
    strict = an.audio_settings(inputs, latency_limit_ms=8.0)
    lax = an.audio_settings(inputs, latency_limit_ms=1e5, gaps_limit_pct=100.0)
    floor, ceiling = an.audio_kappa_calibration(inputs, strict), an.audio_kappa_calibration(inputs, lax)
    assert (floor.status, floor.met) == ("floor", False) and floor.value == pytest.approx(1e-3, rel=1e-12)
    assert (ceiling.status, ceiling.met) == ("ceiling", False) and ceiling.value == pytest.approx(1e7, rel=1e-12)
    with pytest.raises(an.ParameterError) as err:
        an.calibrate_audio_kappa(inputs, strict)
    assert str(err.value) == ("no processor jitter scale makes the Figure 5.24 anchor acceptable: the limits are "
                              "too strict for the non-jitter latency and loss alone")
    with pytest.raises(an.ParameterError) as err:
        an.calibrate_audio_kappa(inputs, lax)
    assert str(err.value) == "the Figure 5.24 anchor stays acceptable for any jitter scale: the limits are too lax"
    met = an.audio_kappa_calibration(inputs, an.audio_settings(inputs))
    assert met.met and met.status == "met"


def test_audio_calibration_arguments_move_the_anchor(inputs, aset):
    """The anchor's users, SPECint92 and bandwidth are passed through: the calibrated kappa puts Q = 1 at
    the anchor given (10 users, SPECint92 30, 100 Mbit/s)."""
    k = an.calibrate_audio_kappa(inputs, aset, n_users=10, target_spec=30.0, bandwidth_mbps=100.0)
    assert an.audio_quality(k, 30.0, 100.0, 10, inputs, aset) == pytest.approx(1.0, abs=1e-9)
    assert an.audio_kappa_calibration(inputs, aset, 10, 30.0, 100.0).value == k


def test_settings_have_no_defaults_of_their_own():
    """Issue 24: the data is the one place of these values, so no settings class can be built without it."""
    for cls in (an.AudioSettings, an.FlyingSettings, an.VCSettings):
        with pytest.raises(TypeError):
            cls()


def test_flying_capacity_and_point_fields(inputs):
    """Server: compressed min(1608, 622/0.3 = 2073.3) = 1608, with a 300 Mbit/s link 300/0.3 = 1000;
    uncompressed min(1416, 622) = 622, with no link 1416. Uncompressed frames cost the client nothing: one
    client of an unlimited server gets all 720 Mbit/s (Q = 0); two clients of 622 get 311 each,
    x = (720 - 311)/700, reduction 409 Mbit/s, saturated (311 < 720)."""
    fs = an.flying_settings(inputs)
    assert an.flying_server_capacity(True, fs) == 1608.0
    assert an.flying_server_capacity(True, an.replace(fs, server_link_mbps=300.0)) == pytest.approx(1000.0)
    assert an.flying_server_capacity(False, an.replace(fs, server_link_mbps=math.inf)) == 1416.0
    assert an.flying_client_decompress_ms(10, fs) == pytest.approx(0.000341 * 24e6 / 4 / 10, rel=1e-14)
    free = an.flying_point(20, 1, False, fs, server_unlimited=True)
    assert free == {"quality": 0.0, "delivered_mbps": 720.0, "reduction_mbps": 0.0, "latency_ms": 0.0,
                    "server_saturated": False}
    two = an.flying_point(20, 2, False, fs)
    assert two["delivered_mbps"] == 311.0 and two["reduction_mbps"] == 409.0 and two["server_saturated"] is True
    assert two["quality"] == pytest.approx(409 / 700, rel=1e-14)
    comp = an.flying_point(20, 10, True, fs)   # 1608/10 = 160.8 < 234.6: server-limited, saturated
    t = 0.000341 * 24e6 / 4 / 20
    assert comp["latency_ms"] == pytest.approx(t, rel=1e-14) and comp["delivered_mbps"] == pytest.approx(160.8)
    assert comp["quality"] == pytest.approx(math.hypot((720 - 160.8) / 700, t / 230), rel=1e-13)
    assert comp["server_saturated"] is True
    # max_fps sets the demand: 24 Mbit x 10 frames/s = 240 Mbit/s
    ten = an.flying_point(20, 1, False, an.replace(fs, max_fps=10.0), server_unlimited=True)
    assert ten["delivered_mbps"] == 240.0 and ten["quality"] == pytest.approx(480 / 700, rel=1e-14)


def test_flying_saturation_is_strict_and_crossover_respects_c_max():
    """A server of exactly 1440 Mbit/s gives two clients 720 each, their whole demand: not saturated
    (share < demand is strict); three clients get 480: saturated from 3. The crossover of 20-processor
    clients is at 5 clients (by hand in the test above): not found when searching only up to 4."""
    fs = an.replace(an.flying_settings(load_inputs()), server_none_mbps=1440.0, server_link_mbps=1440.0)
    assert an.flying_point(20, 2, False, fs)["server_saturated"] is False
    assert an.flying_saturation_clients(False, 20, fs) == 3
    fs = an.flying_settings(load_inputs())
    assert an.flying_crossover(20, fs, c_max=4) == 0
    assert an.flying_crossover(20, fs, c_max=5) == 5


def _vc_hand(n, speed, bw, rate, lam, multicast, case, inputs):
    """Section 7.3 counting rules with Table 7.1 costs (``case`` column), written out again."""
    c = {k: v[case] for k, v in inputs.vc_costs.items()}
    others = max(n - 1, 0)
    send = c["Multicast Send"] if multicast else c["Unicast Send"]
    recv = c["Multicast Receive"] if multicast else c["Unicast Receive"]
    update = (rate if multicast else rate * others) * send + others * rate * (recv + c["Update"])
    frame = c["Render"] + c["Display"] + 2088.33 * c["Read"] + others * c["Compute"]
    fps = min(30.0, max((1000 * speed - update) / frame, 1e-3))
    demand = (n if multicast else n * others) * rate * 144 * 8 / 1e6
    latency = (send + recv + c["Update"]) / speed + 144 * 8 / (bw * 1e3) + lam * 1000 / fps
    jitter = math.sqrt(others * rate / fps) * (recv + c["Update"]) / speed
    missed = min(1.0, 0.005 + max(0.0, 1 - bw / demand))
    axes = [latency / 300, jitter / 30, max(30 - fps, 0) / 27, missed / 0.05]
    return {"quality": math.sqrt(sum(x * x for x in axes)), "fps": fps, "latency_ms": latency, "jitter_ms": jitter,
            "missed_frac": missed, "net_utilisation": demand / bw, "axes": axes}


@pytest.mark.parametrize("n, speed, bw, rate, lam, multicast, case", [
    (100, 1.0, 10.0, 3.0, 1.0, False, "msec"),      # unicast: 99 sends per update, 34.2 Mbit/s on 10: missed
    (100, 1.0, 10.0, 3.0, 0.5, True, "ci95_high"),
    (40, 6.5, 155.0, 3.0, 0.8, True, "ci95_low"),   # 30 frames/s cap
    (1, 1.0, 10.0, 3.0, 1.0, True, "msec"),          # alone: no others
    (3000, 1.0, 10.0, 17.0, 1.0, False, "msec"),     # no time left to render (1e-3 frames/s) and every update missed
])
def test_vc_point_every_field_by_hand(inputs, n, speed, bw, rate, lam, multicast, case):
    vs = an.vc_settings(inputs)
    got = an.vc_point(lam, n, speed, bw, rate, inputs, vs, multicast=multicast, case=case)
    want = _vc_hand(n, speed, bw, rate, lam, multicast, case, inputs)
    assert list(got) == list(want)
    assert list(got["axes"]) == ["latency", "jitter", "frame_loss", "missed_updates"]
    assert list(got["axes"].values()) == pytest.approx(want["axes"], rel=1e-12)
    for k in ("quality", "fps", "latency_ms", "jitter_ms", "missed_frac", "net_utilisation"):
        assert got[k] == pytest.approx(want[k], rel=1e-12), k


def test_vc_point_defaults_are_multicast_estimates(inputs):
    vs = an.vc_settings(inputs)
    assert an.vc_point(1.0, 100, 1.0, 10.0, 3.0, inputs, vs) == an.vc_point(
        1.0, 100, 1.0, 10.0, 3.0, inputs, vs, multicast=True, case="msec")


def test_vc_soldier_limits_closed_forms(inputs):
    """The uncapped frame rate (1000 s - u send - (N - 1) u (recv + update)) / (F0 + (N - 1) compute), with
    F0 = 305 + 0.194 + 2088.33 x 0.000327, is linear over linear in N, so fps = f at
    N - 1 = (1000 s - u send - f F0) / (u (recv + update) + f compute). The knee is f = 30 - 1e-9.
    Processing updates alone fills the processor at N - 1 = (1000 s - u send)/(u (recv + update)) with
    multicast, and at N - 1 = 1000 s / (u (send + recv + update)) with unicast (N - 1 sends per update)."""
    vs = an.vc_settings(inputs)
    f0 = 305 + 0.194 + 2088.33 * 0.000327
    recv_upd = 1.12 + 0.00813
    s, u = 6.5, 3.0
    assert an.vc_frame_rate_limit_soldiers(s, 4.0, u, inputs, vs) == pytest.approx(
        1 + (1000 * s - u * 1.57 - 4.0 * f0) / (u * recv_upd + 4.0 * 0.949), rel=1e-9)
    assert an.vc_knee_soldiers(97.5, u, inputs, vs) == pytest.approx(
        1 + (1000 * 97.5 - u * 1.57 - (30 - 1e-9) * f0) / (u * recv_upd + (30 - 1e-9) * 0.949), rel=1e-9)
    assert math.isnan(an.vc_frame_rate_limit_soldiers(1.0, 4.0, u, inputs, vs))   # 2 soldiers: 2.5 frames/s
    assert math.isnan(an.vc_knee_soldiers(6.5, u, inputs, vs))                   # an Indigo 2 never reaches 30
    assert an.vc_cpu_exhausted_soldiers(s, u, inputs, vs) == pytest.approx(1 + (6500 - 3 * 1.57) / (3 * recv_upd))
    n_uni = an.vc_cpu_exhausted_soldiers(s, u, inputs, vs, multicast=False)
    assert n_uni == pytest.approx(1 + 6500 / (3 * (1.58 + 0.579 + 0.00813)), rel=1e-14)
    # vc_point agrees: just below the unicast N* some time is left to render, just above none
    assert an.vc_point(1.0, n_uni - 1, s, 1e9, u, inputs, vs, multicast=False)["fps"] > 1e-3
    assert an.vc_point(1.0, n_uni + 1, s, 1e9, u, inputs, vs, multicast=False)["fps"] == 1e-3


def test_vc_max_soldiers_passes_options_through(inputs):
    """With unicast the crossing is where the unicast point's quality is 1 (a different N than multicast)."""
    vs = an.vc_settings(inputs)
    n_multi = an.vc_max_soldiers(0.8, 6.5, 10.0, 3.0, inputs, vs)
    n_uni = an.vc_max_soldiers(0.8, 6.5, 10.0, 3.0, inputs, vs, multicast=False)
    assert an.vc_point(0.8, n_uni, 6.5, 10.0, 3.0, inputs, vs, multicast=False)["quality"] == pytest.approx(1, abs=1e-8)
    assert an.vc_point(0.8, n_multi, 6.5, 10.0, 3.0, inputs, vs)["quality"] == pytest.approx(1, abs=1e-8)
    assert n_uni < n_multi


def test_vc_calibration_ceiling_and_message(inputs):
    """With a latency limit of 1e12 ms no delay up to 10^4 frames is unacceptable: the doubling stops at
    2^14 = 16384 > 10^4 and reports it. Arguments move the anchor (200 soldiers at 13 Personal Irises)."""
    vs = an.vc_settings(inputs)
    lax = an.replace(vs, latency_limit_ms=1e12)
    cal = an.vc_lambda_calibration(inputs, lax)
    assert (cal.status, cal.value) == ("ceiling", 16384.0)
    with pytest.raises(an.ParameterError) as err:
        an.calibrate_vc_lambda(inputs, lax)
    assert str(err.value) == ("no display delay puts the Virtual Cockpit limit at 500 soldiers "
                              "(calibration at its ceiling)")
    with pytest.raises(an.ParameterError) as err:
        an.calibrate_vc_lambda(inputs, vs, speed=2.0)
    assert str(err.value) == "no display delay puts the Virtual Cockpit limit at 500 soldiers (calibration at its floor)"
    lam = an.calibrate_vc_lambda(inputs, vs, target_soldiers=200.0, speed=13.0, network_mbps=155.0, update_rate=5.0)
    assert an.vc_point(lam, 200.0, 13.0, 155.0, 5.0, inputs, vs)["quality"] == pytest.approx(1.0, abs=1e-9)
    assert an.vc_lambda_calibration(inputs, vs, 200.0, 13.0, 155.0, 5.0).value == lam


def test_fig1_1_every_medium_by_hand(inputs):
    """5280 characters; PostScript 2 bytes each = 10560; colour x 8 = 84480; reading 5280/6 = 880 words at 150
    words/min = 352 s, so audio 352 x 8000 = 2,816,000 bytes and video 352 x 3 x 19200 = 20,275,200 bytes."""
    got = an.fig1_1_bytes(inputs)
    want = {"Text": 5280, "Graphics": 10560, "Color": 84480, "Audio": 2_816_000, "Video": 20_275_200}
    assert list(got) == list(want)
    for k, v in want.items():
        assert got[k] == pytest.approx(v, rel=1e-14), k


def test_audio_systems(inputs):
    assert an.audio_systems(inputs, 128.0) == {"IPX + Ethernet": (21.8, 10.0), "Sparc 5 + Fibre Channel": (64.0, 266.0),
                                                "DEC Alpha + HIPPI": (128.0, 800.0)}


def test_audio_load_sweep_summaries(inputs, aset):
    """Each curve is the quality at each background load; the real-time IPX ignores the load. The summaries
    recomputed here: the largest (max - min)/mean across systems, and where the real-time IPX is lowest."""
    k = 4000.0
    systems = an.audio_systems(inputs, 128.0)
    loads = [0.0, 0.1, 4.0, 8.0]
    sw = an.audio_load_sweep(k, systems, 2, loads, inputs, aset)
    assert list(sw["loads"]) == loads
    for name, (s, b) in systems.items():
        assert list(sw["curves"][name]) == [an.audio_quality(k, s, b, 2, inputs, aset, background_load=x)
                                            for x in loads]
    rt = an.audio_quality(k, 21.8, 10.0, 2, inputs, aset, realtime=True)
    assert list(sw["realtime"]) == pytest.approx([rt] * 4, rel=1e-14)
    stack = np.array(list(sw["curves"].values()))
    spread = max((stack[:, i].max() - stack[:, i].min()) / stack[:, i].mean() for i in range(4))
    assert sw["max_spread_rel"] == pytest.approx(spread, rel=1e-14)
    better = [x > 0 and rt <= stack[:, i].min() + 1e-12 for i, x in enumerate(loads)]
    assert sw["rt_lowest_everywhere"] is all(b for b, x in zip(better, loads, strict=True) if x > 0)
    first = [x for b, x in zip(better, loads, strict=True) if b]
    assert sw["rt_lowest_from_load"] == first[0]
    assert sw["rt_lowest_everywhere"] is False and first == [8.0]   # the Alpha beats it up to load 4
    # the IPX alone: at every load above 0 the real-time process is below its default-priority self
    ipx = an.audio_load_sweep(k, {"IPX + Ethernet": (21.8, 10.0)}, 2, [0.0, 0.5, 2.0], inputs, aset)
    assert ipx["rt_lowest_everywhere"] is True and ipx["rt_lowest_from_load"] == 0.5
    assert ipx["max_spread_rel"] == 0.0
    # only load 0: never "better" (ties at 0 do not count)
    none = an.audio_load_sweep(k, {"IPX + Ethernet": (21.8, 10.0)}, 2, [0.0], inputs, aset)
    assert math.isnan(none["rt_lowest_from_load"]) and none["rt_lowest_everywhere"] is True


def test_spec_threshold_searches_exactly_1_to_10000(inputs, aset):
    """Everything in the audio chain depends on SPECint92 only through s = SPECint92 / ipx_specint92, so the
    threshold scales with ``ipx_specint92``: moved to T0 x f the threshold found at the defaults (T0 = 39.05
    at kappa 4000) lands at f. Inside [1, 10^4] it is found, just outside either end it is NaN."""
    k = 4000.0
    t0 = an.spec_threshold(k, 20, 10.0, inputs, aset)
    for target, found in ((1.5, True), (0.5, False), (9999.5, True), (10000.5, False)):
        s = an.replace(aset, ipx_specint92=21.8 * target / t0)
        got = an.spec_threshold(k, 20, 10.0, inputs, s)
        assert (got == pytest.approx(target, rel=1e-8)) if found else math.isnan(got), target


def test_max_users_default_search_stops_at_1000(inputs, aset):
    """With almost no jitter, a 10^4 SPECint92 host on HIPPI carries 1000 users easily (U = 0.05, 64 of
    800 Mbit/s): the default search stops at its n_max = 1000."""
    assert an.max_users(1e-3, 1e4, 800.0, inputs, aset) == 1000


def test_flying_crossover_at_one_client():
    """200-processor clients decompress in 0.000341 x 24e6 / 4 / 200 = 10.23 ms and take 2346 Mbit/s: one
    client gets min(720, 2346, 1608) = 720 Mbit/s, Q = 10.23/230 = 0.044, against (720 - 622)/700 = 0.14
    without compression: compression wins from the first client."""
    assert an.flying_crossover(200, an.flying_settings(load_inputs())) == 1


def test_vc_searches_cover_exactly_their_brackets(inputs):
    """vc_max_soldiers searches N in [2, 10^6]: a display delay calibrated to put the limit at 2.5 soldiers
    (Indigo 2) or at 999999.5 (a 2e4-Iris processor, where the frame rate falls to 17.5 frames/s near 10^6
    soldiers, so quality changes quickly with N) is found; at 1000000.5 it is outside: NaN. The frame-rate
    limits solve on [2, ...]: with the closed form of the frame rate (test above) fps = f at N = 2.5 for
    f = (1000 - 3 x 1.57 - 1.5 x 3 x 1.12813) / (F0 + 1.5 x 0.949) on a Personal Iris, and the knee is at
    2.5 soldiers for speed (29.999999999 (F0 + 1.5 x 0.949) + 3 x 1.57 + 1.5 x 3 x 1.12813) / 1000."""
    vs = an.vc_settings(inputs)
    lam = an.calibrate_vc_lambda(inputs, vs, target_soldiers=2.5)
    assert an.vc_max_soldiers(lam, 6.5, 10.0, 3.0, inputs, vs) == pytest.approx(2.5, rel=1e-9)
    lam = an.calibrate_vc_lambda(inputs, vs, target_soldiers=999999.5, speed=2e4, network_mbps=1e9)
    assert an.vc_max_soldiers(lam, 2e4, 1e9, 3.0, inputs, vs) == pytest.approx(999999.5, rel=1e-9)
    lam = an.calibrate_vc_lambda(inputs, vs, target_soldiers=1000000.5, speed=2e4, network_mbps=1e9)
    assert math.isnan(an.vc_max_soldiers(lam, 2e4, 1e9, 3.0, inputs, vs))
    f0 = 305 + 0.194 + 2088.33 * 0.000327
    ru = 1.12 + 0.00813
    f = (1000 - 3 * 1.57 - 1.5 * 3 * ru) / (f0 + 1.5 * 0.949)
    assert an.vc_frame_rate_limit_soldiers(1.0, f, 3.0, inputs, vs) == pytest.approx(2.5, rel=1e-9)
    speed = ((30 - 1e-9) * (f0 + 1.5 * 0.949) + 3 * 1.57 + 1.5 * 3 * ru) / 1000
    assert an.vc_knee_soldiers(speed, 3.0, inputs, vs) == pytest.approx(2.5, rel=1e-9)


def test_audio_load_sweep_counts_only_positive_loads(inputs, aset):
    """Loads 0, 0.1 and 8: the real-time IPX is lowest only at 8 (the Alpha beats it at 0.1), so it is not
    lowest at every positive load, though it is at every load above 1."""
    sw = an.audio_load_sweep(4000.0, an.audio_systems(inputs, 128.0), 2, [0.0, 0.1, 8.0], inputs, aset)
    assert sw["rt_lowest_everywhere"] is False and sw["rt_lowest_from_load"] == 8.0
    sw = an.audio_load_sweep(4000.0, an.audio_systems(inputs, 128.0), 2, [0, 8], inputs, aset)
    assert sw["rt_lowest_everywhere"] is True and sw["rt_lowest_from_load"] == 8.0
    assert type(sw["rt_lowest_from_load"]) is float


def _scaled_inputs(inputs, factor):
    """The same inputs with every limit, system value and assumption multiplied by ``factor``."""
    def scale(d):
        return {k: factor * float(v) for k, v in d.items()}
    return an.replace(inputs, limits=scale(inputs.limits), systems=scale(inputs.systems),
                      assumptions=scale(inputs.assumptions))


def test_settings_follow_the_data_not_the_class_defaults(inputs):
    """The dataclass defaults equal the transcribed data, so only changed data shows that every field is read:
    with every value doubled each field doubles (the Table 5.4 ratio stays; 1/var = c + d B through doubled
    points gives c/2, d/4, so c/d doubles; percentages turn into fractions of the doubled values)."""
    two = _scaled_inputs(inputs, 2.0)
    s, s2 = an.audio_settings(inputs), an.audio_settings(two)
    for f in ("latency_limit_ms", "gaps_limit_pct", "background_load", "reference_load", "transmission_loss_pct",
              "utilisation_cap", "frame_bytes", "frame_interval_ms", "ipx_specint92", "net_c_over_d",
              "jitter_spec_exponent"):
        assert getattr(s2, f) == pytest.approx(2 * getattr(s, f), rel=1e-9), f
    assert s2.net_ratio == pytest.approx(s.net_ratio, rel=1e-14)
    fs, fs2 = an.flying_settings(inputs), an.flying_settings(two)
    for f in ("latency_limit_ms", "min_useful_mbps", "max_useful_mbps", "frame_mbit", "indigo2_over_ipx",
              "decompress_ms_per_bit", "server_none_mbps", "server_compressed_mbps", "server_link_mbps",
              "compression_reduction"):
        assert getattr(fs2, f) == pytest.approx(2 * getattr(fs, f), rel=1e-14), f
    assert fs2.max_fps == 30.0   # not in the data
    vs, vs2 = an.vc_settings(inputs), an.vc_settings(two)
    for f in ("latency_limit_ms", "jitter_limit_frac", "min_fps", "max_fps", "accuracy_min", "transmission_loss",
              "update_bytes", "read_bytes_per_frame"):
        assert getattr(vs2, f) == pytest.approx(2 * getattr(vs, f), rel=1e-14), f


def test_calibration_defaults_are_the_printed_anchors(inputs, aset):
    """Figure 5.24: 20 users, SPECint92 40, 10 Mbit/s Ethernet; Figure 7.6: 500 soldiers on an Indigo 2 (6.5
    Personal Irises), 10 Mbit/s, 3 updates/s. The defaults give exactly the values of the explicit calls."""
    k = an.audio_kappa_calibration(inputs, aset, 20, 40.0, 10.0).value
    assert an.audio_kappa_calibration(inputs, aset).value == k
    assert an.calibrate_audio_kappa(inputs, aset) == k
    vs = an.vc_settings(inputs)
    lam = an.vc_lambda_calibration(inputs, vs, 500.0, 6.5, 10.0, 3.0).value
    assert an.vc_lambda_calibration(inputs, vs).value == lam
    assert an.calibrate_vc_lambda(inputs, vs) == lam


def test_flying_crossover_default_search_is_200_clients():
    """Clients limited by their own decompression (server unlimited for compressed frames): compression
    wins once x_n^2 - x_c^2 > y^2, with x_n = (720 - 1416/c)/700 rising in c, x_c = (720 - client cap)/700
    (0 beyond 720) and y = t/230 fixed. The processor count is chosen here (bisection on that hand formula) to put the
    first win between 200 and 201 clients: the default search (200) finds none, one more client finds 201."""
    fs = an.flying_settings(load_inputs(), server_link_mbps=math.inf, server_compressed_mbps=1e9)

    def win(c, p):
        t = 0.000341 * 24e6 / 4 / p
        return ((720 - 1416 / c) / 700) ** 2 - (max(720 - 24000 / t, 0) / 700) ** 2 - (t / 230) ** 2

    p = _bisect(lambda q: win(200.5, q), 1.0, 1000.0)
    assert win(200, p) < 0 < win(201, p)
    assert an.flying_crossover(p, fs) == 0
    assert an.flying_crossover(p, fs, c_max=201) == 201


def test_flying_saturation_counts_every_client():
    """A 2160 Mbit/s server gives 720 (not saturated) to each of 3 clients and 540 < 720 to each of 4."""
    fs = an.replace(an.flying_settings(load_inputs()), server_none_mbps=2160.0, server_link_mbps=2160.0)
    assert an.flying_saturation_clients(False, 20, fs) == 4


def test_audio_calibration_ceiling_only_when_the_largest_kappa_is_still_acceptable(inputs):
    """With limits of 1000 ms and 60 % gaps the anchor at kappa = 1e7 has 1 < Q < 2: unacceptable, so the
    calibration is met inside the range (a crossing where Q = 1), not at its ceiling."""
    s = an.audio_settings(inputs, latency_limit_ms=1000.0, gaps_limit_pct=60.0)
    assert 1 < an.audio_quality(1e7, 40.0, 10.0, 20, inputs, s) < 2
    cal = an.audio_kappa_calibration(inputs, s)
    assert cal.status == "met" and an.audio_quality(cal.value, 40.0, 10.0, 20, inputs, s) == pytest.approx(1, abs=1e-9)


def test_vc_calibration_met_when_the_last_doubling_is_unacceptable(inputs):
    """With a 10^6 ms latency limit, 500 soldiers on an Indigo 2 are unacceptable (1 < Q < 2) at a delay of
    8192 frames, the last doubling before 10^4: the delay is found inside the bracket, not at a ceiling."""
    vs = an.replace(an.vc_settings(inputs), latency_limit_ms=1e6)
    assert 1 < an.vc_point(8192.0, 500, 6.5, 10.0, 3.0, inputs, vs)["quality"] < 2
    cal = an.vc_lambda_calibration(inputs, vs)
    assert cal.status == "met"
    assert an.vc_point(cal.value, 500, 6.5, 10.0, 3.0, inputs, vs)["quality"] == pytest.approx(1, abs=1e-9)


def test_optimal_buffer_small_scales_and_lax_gaps():
    """A lateness scale of 0.5 ms still needs a buffer (only theta <= 0 needs none); with a gaps limit of
    10^4 % (A = 0.01) the root of the derivative lies below 1 ms: b ~ L^2 A^2 / theta = 52900 x 1e-4 / 30 =
    0.18 ms, so the search must start at 0."""
    for theta, gaps in ((0.5, 6.0), (30.0, 1e4)):
        b, d = an.optimal_buffer(theta, 230.0, gaps)
        hb, hd = _hand_buffer(theta, 230.0, gaps)
        assert 0 < b and (b, d) == (pytest.approx(hb, rel=1e-9), pytest.approx(hd, rel=1e-9))
    assert an.optimal_buffer(30.0, 230.0, 1e4)[0] < 1


def test_audio_net_ratio_is_read_from_table_5_4(inputs):
    """r = network / processor jitter of Table 5.4 (Ethernet, load 1): halving the network value halves r."""
    half = an.replace(inputs, systems={**inputs.systems, "table5_4_ethernet_network_jitter": 411.37 / 2})
    assert an.audio_settings(half).net_ratio == pytest.approx(411.37 / 2 / 564.63, rel=1e-14)
