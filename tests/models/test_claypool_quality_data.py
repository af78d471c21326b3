"""The transcribed inputs of the Claypool quality chapter (``claypool_quality.data``)."""

from mmperf.data import validate_study
from mmstudies.claypool_quality.data import calibrated_values, load_inputs


def test_the_study_data_loads_with_provenance():
    names = validate_study("claypool")
    for table in ("ch1_table1_1", "quality_limits", "quality_anchors", "quality_calibration", "quality_assumptions"):
        assert table in names


def test_transcribed_limits_are_the_seeds():
    """Seed lines 1481 (230 ms, 6 %), 2083-2084 (300 ms, 10 %), 1843 (20 and 720 Mbit/s)."""
    inputs = load_inputs()
    assert inputs.lim("audio_latency_limit_ms") == 230 and inputs.lim("audio_gaps_limit_pct") == 6
    assert inputs.lim("vc_latency_limit_ms") == 300 and inputs.lim("vc_jitter_limit_pct") == 10
    assert inputs.lim("flying_min_useful_Mbit_s") == 20 and inputs.lim("flying_max_useful_Mbit_s") == 720
    assert inputs.limits["audio_latency_limit_ms"].label == "paper"


def test_every_calibrated_value_and_modelling_choice_is_labelled_assumption():
    assert all(v.label == "assumption" for v in calibrated_values().values())
    a = load_inputs().assumptions
    assert a["audio_jitter_specint92_exponent"].label == "assumption"
    assert float(a["audio_jitter_specint92_exponent"]) == 1.0
