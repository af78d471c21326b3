"""Zeadally Ciw models against their closed forms.

Deterministic stages give the analytic values exactly. With random stages the serial loop is a
renewal process: its throughput is 1 / E[cycle], whatever the variance.

Power calculation for ``test_serial_mean_with_random_stages``: at cv = 0.5 the stage times of the
Eq. 1 path (10.5, 8.75 and 9.13 ms) give a cycle with mean 28.38 ms and standard deviation
0.5 x sqrt(10.5^2 + 8.75^2 + 9.13^2) = 8.22 ms, a coefficient of variation of 0.29. One replication
of 6000 frames measures about 5400 cycles, so its throughput has a relative standard error of
0.29 / sqrt(5400) = 0.39 %, and the mean of 5 replications 0.18 %. A 5 % error in one stage rate
moves the throughput by that stage's share of the cycle: at least 5 % x 8.75 / 28.38 = 1.54 %
(the smallest stage). The tolerance of 0.8 % is 4.5 standard errors (false alarm below 1e-5), and the
smallest 5 % error lies 0.74 % = 4.1 standard errors beyond it (power 0.9999).
"""

import pytest

from mmperf.data import load_table
from mmstudies.zeadally import analytic as a
from mmstudies.zeadally import model


@pytest.mark.parametrize("rates", [[200, 240, 230], [200, 230], [200, 240, 460]])
def test_ciw_serial_equals_eq1_deterministic(rates):
    r = model.simulate_data_path(rates, frames=300, seed=3)
    assert r["throughput_mbps"] == pytest.approx(1 / sum(1 / z for z in rates), rel=1e-9)


@pytest.mark.parametrize("rates", [[200, 240, 230], [300, 240, 230], [200, 230]])
def test_ciw_pipelined_equals_min_z_deterministic(rates):
    r = model.simulate_data_path(rates, mode="pipelined", frames=300, seed=3)
    assert r["throughput_mbps"] == pytest.approx(min(rates), rel=1e-9)


def test_serial_mean_with_random_stages():
    rates = [200, 240, 230]
    s = model.replicate_data_path(rates, a.FRAME_BITS_PAPER, "serial", 0.5, 6000, 5, 11)
    assert s["n"] == 5 and s["ci_half_width"] > 0
    assert s["mean"] == pytest.approx(1 / sum(1 / z for z in rates), rel=0.008)


def test_pipeline_loses_to_blocking_with_random_stages():
    """Blocking pulls the pipeline below min Z (200) but it stays far above the serial sum (74)."""
    p = model.replicate_data_path([200, 240, 230], a.FRAME_BITS_PAPER, "pipelined", 0.5, 1500, 5, 11)
    assert p["mean"] + p["ci_half_width"] < 200
    assert p["mean"] - p["ci_half_width"] > 74


def test_seeded_runs_repeat_and_seeds_differ():
    a1 = model.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=5)
    a2 = model.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=5)
    b = model.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=6)
    assert a1 == a2 and a1 != b


def test_bad_arguments():
    with pytest.raises(ValueError, match="mode"):
        model.simulate_data_path([200], mode="parallel")
    with pytest.raises(ValueError, match="frames"):
        model.simulate_data_path([200], frames=10)


def test_ps_model_calibration_and_deadline():
    """Calibration columns by construction; fair sharing halves the CPU of a 30 ms video frame.

    Graphics alone cycles in 930/33 + 70/33 = 1000/33 ms: 33 frames/s. With a greedy competitor a
    30 ms video frame needs about 60 ms > the 33.3 ms deadline, so every frame is dropped; a 15 ms
    frame needs 30 ms < 33.3 ms and none is.
    """
    ps = model.cpu_sharing_scenarios(1000 / 30, run_s=12.0).set_index("configuration")
    assert ps.loc["GRAPHICS", "graphics_fps"] == pytest.approx(33, abs=0.2)
    assert ps.loc["GRAPHICS-SHARED-M", "graphics_fps"] == pytest.approx(50, abs=0.2)
    assert ps.loc["VIDEO", "video_dropped_pct"] == 0
    assert ps.loc["VIDEO+GRAPHICS", "video_dropped_pct"] == 100
    assert model.simulate_cpu_sharing(15.0, 28.0, 2.0, run_s=6, warmup_s=1)["video_dropped_pct"] == 0
    assert len(ps) == len(load_table("zeadally", "table2"))


def test_importing_the_package_does_not_import_ciw():
    """The chapter's warm-cache path must not pay for Ciw or statsmodels (issue 11)."""
    import subprocess
    import sys

    code = ("import sys; import mmstudies.zeadally, mmstudies.zeadally.model, "
            "mmstudies.zeadally.costfit, mmstudies.zeadally.record, mmstudies.zeadally.checks, "
            "mmstudies.zeadally.narrative; print('ciw' in sys.modules, 'statsmodels' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
