"""Calibrated reconstructions of Claypool's quality figures: inputs, calibration, structure, parameters."""

import math

import pytest

from mmperf import quality as qm
from mmperf.data import validate_study
from mmperf.models import claypool_quality as cq
from mmperf.params import ParameterError, load_chapter


@pytest.fixture(scope="module")
def inputs():
    return cq.load_inputs()


@pytest.fixture(scope="module")
def audio(inputs):
    s = cq.audio_settings(inputs)
    return s, cq.calibrate_audio_kappa(inputs, s)


@pytest.fixture(scope="module")
def vc(inputs):
    vs = cq.vc_settings(inputs)
    return vs, cq.calibrate_vc_lambda(inputs, vs)


def test_the_study_data_loads_with_provenance():
    names = validate_study("claypool")
    for table in ("ch1_table1_1", "quality_limits", "quality_anchors", "quality_calibration"):
        assert table in names


def test_transcribed_limits_are_the_seeds(inputs):
    assert inputs.lim("audio_latency_limit_ms") == 230 and inputs.lim("audio_gaps_limit_pct") == 6
    assert inputs.lim("vc_latency_limit_ms") == 300 and inputs.lim("vc_jitter_limit_pct") == 10
    assert inputs.lim("flying_min_useful_Mbit_s") == 20 and inputs.lim("flying_max_useful_Mbit_s") == 720
    assert inputs.limits["audio_latency_limit_ms"].label == "paper"


def test_every_calibrated_value_is_labelled_assumption():
    assert all(v.label == "assumption" for v in cq.calibrated_values().values())


def test_audio_calibration_reproduces_the_stored_value_and_its_anchor(inputs, audio):
    s, kappa = audio
    assert kappa == pytest.approx(float(cq.calibrated_values()["audio_kappa_ms2_per_load"]), rel=1e-5)
    assert cq.spec_threshold(kappa, 20, 10.0, inputs, s) == pytest.approx(40.0, abs=1e-6)
    assert cq.calibrate_audio_kappa(inputs, s) == kappa            # deterministic


def test_vc_calibration_reproduces_the_stored_value_and_its_anchor(inputs, vc):
    vs, lam = vc
    assert lam == pytest.approx(float(cq.calibrated_values()["vc_display_delay_frames"]), rel=1e-4)
    assert cq.vc_max_soldiers(lam, 6.5, 10.0, 3.0, inputs, vs) == pytest.approx(500.0, rel=1e-6)


def test_audio_quality_falls_with_processor_power_and_bandwidth(inputs, audio):
    s, k = audio
    q_spec = [cq.audio_quality(k, spec, 10.0, 20, inputs, s) for spec in (21.8, 40, 64, 200)]
    q_bw = [cq.audio_quality(k, 21.8, bw, 20, inputs, s) for bw in (10, 100, 1000)]
    assert q_spec == sorted(q_spec, reverse=True) and q_bw == sorted(q_bw, reverse=True)


def test_realtime_priority_ignores_background_load(inputs, audio):
    s, k = audio
    rt = [cq.audio_quality(k, 21.8, 10.0, 2, inputs, s, background_load=x, realtime=True) for x in (0, 3, 6)]
    assert max(rt) - min(rt) < 1e-12
    assert cq.audio_quality(k, 21.8, 10.0, 2, inputs, s, background_load=3) > rt[0]


def test_optimal_buffer_is_the_closest_curve_point(inputs):
    b, d = cq.optimal_buffer(30.0, 230.0, 6.0)
    grid = [(x / 230) ** 2 + (100 * math.exp(-x / 30.0) / 6) ** 2 for x in range(0, 400)]
    assert (b / 230) ** 2 + (d / 6) ** 2 <= min(grid) + 1e-12
    assert d == pytest.approx(100 * math.exp(-b / 30.0))


def test_cpu_demand_matches_table_5_2_by_hand(inputs):
    s = cq.audio_settings(inputs)
    per = {op: a + b * 1280 for op, (a, b) in inputs.audio_costs.items()}
    by_hand = 6.25 * (per["Record"] + per["Send"] + per["Play"] + 2 * per["Receive"] + per["Mix"]) / 1000
    assert float(cq.audio_cpu_demand(3, inputs, s)) == pytest.approx(by_hand)


def test_flying_compression_crossover_and_saturation(inputs):
    fs = cq.flying_settings(inputs)
    assert cq.flying_crossover(20, fs) == 5
    assert cq.flying_saturation_clients(False, 20, fs) == 1       # an OC-12 cannot carry one 720 Mbit/s user (6.5.1)
    assert cq.flying_saturation_clients(True, 20, fs) == 7        # 1608 / 234.6 Mbit/s per client
    nolink = cq.flying_settings(inputs, server_link_mbps=math.inf)
    assert cq.flying_crossover(20, nolink) == 0


def test_vc_fig7_9_orderings(inputs, vc):
    vs, lam = vc
    pts = {name: cq.vc_point(lam, 100, update_rate=3.0, inputs=inputs, vs=vs, **kw)["quality"] for name, kw in {
        "pi_eth": dict(speed=1.0, network_mbps=10.0), "pi_atm": dict(speed=1.0, network_mbps=155.0),
        "i2_eth": dict(speed=6.5, network_mbps=10.0),
        "pi_uni": dict(speed=1.0, network_mbps=10.0, multicast=False)}.items()}
    assert [k for k, q in pts.items() if qm.is_acceptable(q)] == ["i2_eth"]
    assert pts["pi_uni"] > pts["pi_eth"] == pytest.approx(pts["pi_atm"], rel=1e-3)


def test_faster_processors_support_more_soldiers(inputs, vc):
    vs, lam = vc
    n = [cq.vc_max_soldiers(lam, speed, 1e9, 3.0, inputs, vs) for speed in (6.5, 13.0, 97.5)]
    assert n == sorted(n)
    assert math.isnan(cq.vc_max_soldiers(lam, 1.0, 1e9, 3.0, inputs, vs))   # never acceptable


def test_fig1_1_text_bar_is_exact(inputs):
    assert cq.fig1_1_bytes(inputs)["Text"] == 66 * 80


def test_cross_parameter_check_names_the_parameter():
    cq.validate_parameters({"gaps_limit_pct": 6.0})
    with pytest.raises(ParameterError, match="gaps_limit_pct must exceed the 0.5 %"):
        cq.validate_parameters({"gaps_limit_pct": 0.5})
    with pytest.raises(ParameterError, match="gaps_limit_pct"):
        load_chapter("claypool-quality").resolve({"gaps_limit_pct": 0.3})


def test_chapter_spec_ranges_refuse_bad_values():
    spec = load_chapter("claypool-quality")
    with pytest.raises(ParameterError, match="metric_norm"):
        spec.resolve({"metric_norm": "manhattan"})
    with pytest.raises(ParameterError, match="flying_client_processors"):
        spec.resolve({"flying_client_processors": 0})
