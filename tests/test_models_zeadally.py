"""The Zeadally model: Eq. 1/2 exactly, Ciw against the analytic results, Table 2 arithmetic, parameters."""

import pytest

from mmperf.data import load_table, load_values, validate_study
from mmperf.models import zeadally as z
from mmperf.params import ParameterError, load_chapter


def test_data_validates_and_matches_docstring_examples():
    assert "table1" in validate_study("zeadally")
    t1 = load_table("zeadally", "table1")
    assert list(t1["network"]) == ["Ethernet", "FDDI", "Jetstream"]
    assert load_values("zeadally", "parameters")["z_na_single_copy_256kb"].label == "paper"


def test_eq1_eq2_exact():
    # Hand computation: 1 / (1/200 + 1/240 + 1/230) and 1 / (1/200 + 1/230).
    assert z.eq1_throughput(200, 240, 230) == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 230), rel=1e-12)
    assert z.eq1_throughput(200, 240, 230) == pytest.approx(73.9946, abs=1e-4)
    assert z.eq2_throughput(200, 230) == pytest.approx(46000 / 430, rel=1e-12)
    assert round(z.eq1_throughput(200, 240, 230)) == 74
    assert round(z.eq2_throughput(200, 230)) == 107


def test_model_on_every_configuration_shows_fddi_failure():
    df = z.model_vs_measured(z.measured_configurations(), 240, 230).set_index("config")
    assert df.loc["FDDI, two-copy, 32 KB", "ratio"] == pytest.approx(1.965, abs=0.01)
    assert df.loc["Jetstream, two-copy, 32 KB", "predicted_mbps"] == pytest.approx(50.95, abs=0.01)
    assert df.loc["Ethernet, two-copy, 32 KB", "predicted_mbps"] == pytest.approx(8.87, abs=0.01)


def test_regression_matches_notes_refit():
    pts = z.regression_points(z.measured_configurations())
    fit = z.fit_frame_cost(pts, exclude=["FDDI"])
    # Golden values: the notes' pure-Python refit (8.96, 1.051, 11.1), recomputed by statsmodels.
    assert fit.coef("const") == pytest.approx(8.96, abs=0.01)
    assert fit.coef("na_ms") == pytest.approx(1.051, abs=0.001)
    assert fit.coef("no_shm") == pytest.approx(11.1, abs=0.05)
    assert fit.is_demonstration


@pytest.mark.parametrize("rates", [[200, 240, 230], [200, 230], [200, 240, 460]])
def test_ciw_serial_equals_eq1_deterministic(rates):
    r = z.simulate_data_path(rates, frames=300, seed=3)
    assert r["throughput_mbps"] == pytest.approx(z.serial_throughput(rates), rel=1e-9)


@pytest.mark.parametrize("rates", [[200, 240, 230], [300, 240, 230], [200, 230]])
def test_ciw_pipelined_equals_min_z_deterministic(rates):
    r = z.simulate_data_path(rates, mode="pipelined", frames=300, seed=3)
    assert r["throughput_mbps"] == pytest.approx(min(rates), rel=1e-9)


def test_ciw_serial_mean_unchanged_and_pipeline_loses_with_variability():
    rates = [200, 240, 230]
    ser = z.replicate_data_path(rates, z.FRAME_BITS_PAPER, "serial", 0.5, 1500, 5, 11)
    pip = z.replicate_data_path(rates, z.FRAME_BITS_PAPER, "pipelined", 0.5, 1500, 5, 11)
    m, h = ser.loc["throughput_mbps", ["mean", "ci_half_width"]]
    # Serial throughput is 1/E[cycle] whatever the variance: the CI (plus 1 % slack) covers Eq. 1.
    assert abs(m - z.serial_throughput(rates)) <= h + 0.01 * m
    pm, ph = pip.loc["throughput_mbps", ["mean", "ci_half_width"]]
    assert pm + ph < 200  # blocking pulls the pipeline below min Z
    assert pm > z.serial_throughput(rates)


def test_seeded_runs_repeat():
    a = z.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=5)
    b = z.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=5)
    assert a == b


def test_table2_additive_demand_does_not_fit():
    c = z.table2_checks(load_table("zeadally", "table2"))
    assert c["additive_demand_pct_no_shm"] == pytest.approx(128.17, abs=0.01)
    assert c["additive_demand_pct_shm"] == pytest.approx(146.8, abs=0.01)
    assert c["measured_busy_pct_no_shm"] == 90


def test_ps_model_calibration_and_deadline():
    ps = z.cpu_sharing_scenarios(1000 / 30, run_s=12.0).set_index("configuration")
    assert ps.loc["GRAPHICS", "graphics_fps"] == pytest.approx(33, abs=0.2)
    assert ps.loc["GRAPHICS-SHARED-M", "graphics_fps"] == pytest.approx(50, abs=0.2)
    assert ps.loc["VIDEO", "video_dropped_pct"] == 0
    # Fair sharing: a 30 ms video frame needs ~60 ms with a greedy competitor -> all dropped.
    assert ps.loc["VIDEO+GRAPHICS", "video_dropped_pct"] == 100
    # Half the deadline is the threshold with one competitor always present.
    assert z.simulate_cpu_sharing(15.0, 28.0, 2.0, run_s=6, warmup_s=1)["video_dropped_pct"] == 0


def test_bad_parameters_refused():
    spec = load_chapter("zeadally")
    with pytest.raises(ParameterError, match="'z_xf_mbps' = -1"):
        spec.resolve({"z_xf_mbps": -1})
    with pytest.raises(ParameterError, match="replications must be >= 2"):
        spec.resolve({"service_cv": 0.5, "replications": 1})
    with pytest.raises(ParameterError, match="service_cv"):
        spec.resolve({"service_cv": 5})
    assert spec.resolve({"z_xf_mbps": 460})["z_xf_mbps"] == 460.0
    with pytest.raises(ValueError, match="stage throughput"):
        z.serial_throughput([200, 0])
