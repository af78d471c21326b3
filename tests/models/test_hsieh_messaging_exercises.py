"""The hsieh-messaging exercises' answers, each checked by hand or by an independent computation at the
exercise's own setting (derivations in the tests; no frozen output of the code)."""

import math

import pytest

from mmstudies.hsieh_messaging import analytic, exercises, experiments, synthetic


@pytest.fixture(scope="module")
def answers():
    return exercises.exercise_answers()


def test_ex1_hockney_n_half_of_the_aal5_direct_row(answers):
    """r = 27.202e6 / 8 = 3,400,250 byte/s; n_1/2 = a r / 2 = (t0 r - 32) / 2
    = (1905.5e-6 x 3,400,250 - 32) / 2 = (6479.176 - 32) / 2 = 3223.588 bytes; 7867 / 3223.588 = 2.4404."""
    assert answers["ex_r_bps"] == 3_400_250
    assert answers["ex_nhalf"] == pytest.approx(3223.588, abs=1e-3)
    assert answers["ex_a_us"] == pytest.approx(1905.5 - 32 / 3_400_250 * 1e6)
    assert answers["ex_nhalf_ratio"] == pytest.approx(7867 / 3223.588, rel=1e-6)


def test_ex2_three_times_faster_from_nine_hosts(answers):
    """G(8) = 366 / 129.19 = 2.833 < 3 and G(9) = 403 / 133.36 = 3.022 > 3, so nine hosts; the bound solves
    (3 x 95.83 - 70) / (37 - 3 x 4.17) = 217.49 / 24.49."""
    assert (70 + 37 * 8) / (95.83 + 4.17 * 8) < 3 < (70 + 37 * 9) / (95.83 + 4.17 * 9)
    assert answers["ex_gain3_n"] == 9
    assert answers["ex_gain3_bound"] == pytest.approx(217.49 / 24.49)
    assert analytic.eq22_gain(answers["ex_gain3_bound"]) == pytest.approx(3.0)


def test_ex3_a_32_kb_mtu_in_2056_byte_h_pdus(answers):
    """32768 / 2048 = 16 full H-PDUs of ceil((2056 + 8) / 48) = 43 cells, plus 3 header cells: 691 cells;
    U = 32768 / (691 x 48) = 32768 / 33168. At 61440 bytes: 3 + 30 x 43 = 1293 cells, U = 61440 / 62064."""
    assert answers["ex_mtu32k_cells"] == 3 + 16 * 43 == 691
    assert answers["ex_mtu32k_u"] == pytest.approx(32768 / 33168)
    assert answers["ex_mtu32k_u_61440"] == pytest.approx(61440 / 62064)
    assert answers["ex_mtu32k_u"] < answers["ex_mtu32k_u_61440"]


def test_ex4_oc12_tunnel(answers):
    """AAL rate = 622.08 x 26/27 x 48/53 Mbit/s; the tunnel carries 61440 / (1293 x 48) of it; the BDP with the
    short round trip is 622.08e6 / 8 x 2.75e-3 = 213,840 bytes; the effective round trip is the origin-line fit
    cap = W / RTT_eff through the thesis's two caps: slope = sum(w c) / sum(w^2) with w = W / 1024 MByte."""
    aal = 622.08 * 26 / 27 * 48 / 53
    assert answers["ex_oc12_aal"] == pytest.approx(aal)
    assert answers["ex_oc12_ceiling"] == pytest.approx(aal * 61440 / (1293 * 48))
    assert answers["ex_oc12_bdp_kb"] == pytest.approx(213.84)
    v = experiments.values()
    w = (128 / 1024, 64 / 1024)
    c = (v["tun_cap_w128_MBps"], v["tun_cap_w64_MBps"])
    slope = (w[0] * c[0] + w[1] * c[1]) / (w[0] ** 2 + w[1] ** 2)
    assert answers["ex_oc12_rtt_eff_ms"] == pytest.approx(1e3 / slope)
    assert answers["ex_oc12_window_eff_kb"] == pytest.approx(622.08e6 / 8 * (1 / slope) / 1024)


def test_ex5_coverage_is_what_the_rerun_computes():
    """The exercise's answer is the recovery study of a re-run with -p noise_cv 0.15: the chapter's own
    synthetic experiment at that setting (made small here: a short grid, few data sets) gives the same shares."""
    small = {"msg_log2_max": 12, "repetitions": 4, "recovery_sets": 4}
    setting = {**exercises.WLS_SETTING, **small}
    ours = exercises.wls_coverage(setting)
    run = experiments.synthetic_experiment(**setting, fit_method="wls")
    shares = run["recovery"].groupby("method")["covered_r"].mean()
    for method in synthetic.FIT_METHODS:
        assert ours[f"ex_wls_cover_{method}_pct"] == pytest.approx(100 * shares[method])
    assert ours["ex_wls_noise_cv"] == 0.15 == exercises.WLS_SETTING["noise_cv"]


def test_ex7_gain_at_seven_hosts(answers):
    """G(7) = (70 + 259) / (95.83 + 29.19) = 329 / 125.02."""
    assert answers["ex_gainfig_gain"] == pytest.approx(329 / 125.02)


def test_ex8_ipv6_fragments_at_8_kb(answers):
    """MTU 8192, 61440 + 20 = 61460 bytes of TCP segment. IPv4: 8168 data per fragment, 7 full + 4284;
    cells ceil(8204/48) = 171 x 7 + ceil(4320/48) = 90: 1287. IPv6: 8152 per fragment, 7 full + 4396;
    ceil(8208/48) = 171 x 7 + ceil(4452/48) = 93: 1290, U = 61440 / 61920."""
    assert exercises.ip_fragment_cells(8192, ip_header=20) == 171 * 7 + 90
    assert exercises.ip_fragment_cells(8192, ip_header=40) == 171 * 7 + 93
    assert answers["ex_ipv6_u8k_v6"] == pytest.approx(61440 / 61920)
    assert answers["ex_ipv6_u8k_v4"] == pytest.approx(61440 / (1287 * 48))


def test_ex8_ipv6_first_crossing_by_hand(answers):
    """Tunnelling needs 1293 cells, so IP routing wins with 1292 or fewer. IPv6 at MTU 6896: 6856 data per
    fragment, 61460 = 8 x 6856 + 6612: 8 x ceil(6912/48) = 8 x 144 + ceil(6668/48) = 139: 1291, wins.
    At 6895: 6848 per fragment, 8 x 6848 + 6676: 8 x ceil(6904/48) = 8 x 144 + ceil(6732/48) = 141: 1293, not."""
    assert exercises.ip_fragment_cells(6896, ip_header=40) == 8 * 144 + 139
    assert exercises.ip_fragment_cells(6895, ip_header=40) == 8 * 144 + 141
    assert answers["ex_ipv6_first_v6"] == 6896
    assert answers["ex_ipv6_first_v4"] == 4444


def test_ex8_extension_is_the_one_line_change(monkeypatch):
    """Changing IP_HEADER in the model (what the exercise asks) gives the exercise's crossings."""
    u = analytic.tunnel_utilisation(2056)
    monkeypatch.setattr(analytic, "IP_HEADER", 40)
    first, _ = analytic.crossover_mtu(u, range(576, 65281))
    assert first == exercises.first_crossover(u, 40) == 6896
    assert analytic.ip_routing_cells(8192) == exercises.ip_fragment_cells(8192, ip_header=40)


def test_ex9_pilot_is_the_chapters_fit_and_the_plan_meets_its_target():
    """The pilot is the chapter's WLS fit at -p repetitions 5 (same data); n = ceil(5 (h / 0.5 %)^2); a fit
    with n echoes per size (another seed) has a half width near 0.5 % (the 1/sqrt(n) law; a pilot's own
    sampling error of the SE is about 1/sqrt(2 x 93 residual degrees of freedom), so 25 % is generous)."""
    d = exercises.design_repetitions()
    run = experiments.synthetic_experiment("aal5_direct", "binary", "A", 1.0, 1.0, 0.03, 5, 4, 22, "wls", 1, 1)
    wls = run["fits"]["wls"]
    assert d["ex_design_half_pct"] == pytest.approx(100 * 1.96 * wls["r_se"] / wls["r_Bps"])
    assert d["ex_design_reps"] == math.ceil(5 * (d["ex_design_half_pct"] / 0.5) ** 2)
    truth = run["truth"]
    sizes = synthetic.message_sizes(4, 22)
    fit = synthetic.fit(synthetic.generate(sizes, truth["a_s"], truth["r_Bps"], 0.03, d["ex_design_reps"], 99), "wls")
    assert 100 * 1.96 * fit["r_se"] / fit["r_Bps"] == pytest.approx(0.5, rel=0.25)
