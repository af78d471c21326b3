"""The operational laws chapter's runs: the measurement experiment against M/M/1 theory, the replication count,
the regression and the factorial design on the book's data."""

import math

import numpy as np
import pytest
from scipy import stats

from mmstudies.foundations_laws import checks
from mmstudies.foundations_laws import experiments as e


def test_mm1_waits_start_empty_and_are_lindley():
    """The first customer never waits; the second waits max(0, S_1 - A_2), by hand from the same draws."""
    rng = np.random.default_rng(3)
    gaps, service = rng.exponential(1 / 0.7, 2), rng.exponential(1.0, 2)
    w = e.mm1_waits(0.7, 2, seed=3)
    assert w[0] == 0.0 and w[1] == pytest.approx(max(0.0, service[0] - gaps[1]))


def test_measured_wait_agrees_with_mm1_theory():
    """M/M/1 at rho = 0.5, mean service 1: Wq = rho / (1 - rho) = 1.

    Power: to detect a 5 % error (delta = 0.05) with a two-sided test at alpha = 0.05 and power 0.8 needs
    n >= ((z_0.975 + z_0.8) sigma / delta)^2 = (2.80 sigma / 0.05)^2 replications, with sigma the sd of one
    replication's mean. The test measures sigma on its own runs and asserts that its replications meet that
    bound, so that agreement is evidence; the interval (false-alarm rate 5 %, the seed fixes the outcome) must
    contain the theory.
    """
    m = e.measurement(0.5, 20000, 0.1, 24, seed=11)
    sigma = m["runs"]["mean_wait"].std(ddof=1)
    needed = ((stats.norm.ppf(0.975) + stats.norm.ppf(0.8)) * sigma / 0.05) ** 2
    assert m["n"] >= needed, f"{m['n']} replications cannot detect a 5 % error ({needed:.1f} needed)"
    assert m["theory"] == pytest.approx(1.0)
    assert abs(m["mean"] - 1.0) <= m["half"]


def test_warmup_bias_of_short_runs_from_empty():
    """Runs of 300 customers from empty at rho = 0.9 (Wq = 9): the queue's relaxation time is of the order of
    1 / (1 - sqrt(rho))^2 = 380 service times, longer than the run, so the mean is biased low: the whole
    interval lies below the theory."""
    m = e.measurement(0.9, 300, 0.0, 30, seed=1)
    assert m["mean"] + m["half"] < m["theory"] == pytest.approx(9.0)


def test_replications_needed_by_hand():
    """Pilot 9, 11, 10, 10: mean 10, s = sqrt(2/3), t_{0.975, 3} = 3.1824; n = ceil((3.1824 x 0.8165 / 0.5)^2)
    = ceil(27.0) = 28 for a 5 % half-width... (3.1824 * 0.81650 / 0.5)^2 = 5.1969^2 = 27.008 -> 28."""
    t = stats.t.ppf(0.975, 3)
    expected = math.ceil((t * math.sqrt(2 / 3) / 0.5) ** 2)
    assert expected == 28
    assert e.replications_needed([9.0, 11.0, 10.0, 10.0], 0.05) == 28


def test_claypool_fits_weight_the_narrowest_interval():
    """SLC Ham's interval (48.45, 48.46) is 0.01 s wide, the next narrowest 0.07 s (IPX Differential and IPX
    None), so its weight is (0.07/0.01)^2 = 49 times theirs: the weighted line passes nearer to it than the
    ordinary one does."""
    _, tables = checks.load_inputs()
    fits = e.claypool_fits(tables["table5_3"])
    assert fits["tightest"] == "SLC Ham"
    pts = fits["points"].set_index("run")
    ham = pts.loc["SLC Ham"]
    ols_resid = ham["actual_s"] - fits["ols"]["b0"] - fits["ols"]["b1"] * ham["predicted_s"]
    assert abs(fits["tightest_resid_wls"]) < abs(ols_resid)
    assert fits["wls"]["chi2"] / (len(pts) - 2) > 100, "the printed intervals do not explain the scatter"


def test_zeadally_factorial_reads_table2():
    """The four graphics configurations of Table 2: GRAPHICS 33, VIDEO+GRAPHICS 26, GRAPHICS-SHARED-M 50,
    VIDEO+GRAPHICS-SHARED-M 35 frames/s: q_shm = (-33 - 26 + 50 + 35) / 4 = 6.5."""
    _, tables = checks.load_inputs()
    q = e.zeadally_factorial(tables["table2"]).set_index("effect")["q"]
    assert q.to_dict() == pytest.approx({"I": 36.0, "video": -5.5, "shm": 6.5, "video shm": -2.0})


# -- added from the mutation run (2026-11-26, mut4a) --------------------------------------------------------------

def _fake_waits(calls):
    """A stand-in for the M/M/1 run: replication i (seed 10 + i) of 80 customers waits 0, 1, ..., 79 plus 80 i."""
    def waits(rho, customers, seed):
        calls.append((rho, customers, seed))
        return np.arange(float(customers)) + 80.0 * (seed - 10)
    return waits


def test_measurement_of_runs_made_by_hand(monkeypatch):
    """Two replications of 80 customers from seed 10, a quarter deleted (cut 20), level 0.9. Replication 0's
    waits are 0..79: mean 39.5, 49.5 after the cut; replication 1's are 80 more. Both intervals have two values
    80 apart: sd 80 / sqrt(2), half width t(0.95, 1) x 80 / sqrt(2) / sqrt(2) = 40 t. The ensemble has 40 bins of
    two customers (edges 0, 2, ..., 80): bin k's centre is 2k + 1 and its wait the mean of 2k, 2k + 1, 80 + 2k,
    81 + 2k, which is 2k + 40.5. Theory at rho 0.5: 0.5 / 0.5 = 1."""
    calls = []
    monkeypatch.setattr(e, "mm1_waits", _fake_waits(calls))
    m = e.measurement(0.5, 80, 0.25, 2, seed=10, level=0.9)
    assert calls == [(0.5, 80, 10), (0.5, 80, 11)]
    assert set(m) == {"runs", "mean", "half", "mean_all", "half_all", "theory", "cut", "ensemble", "n"}
    assert (m["cut"], m["n"], m["theory"]) == (20, 2, 1.0)
    assert list(m["runs"].columns) == ["replication", "mean_wait", "mean_wait_all"]
    assert m["runs"]["replication"].tolist() == [0, 1]
    assert m["runs"]["mean_wait"].tolist() == [49.5, 129.5]
    assert m["runs"]["mean_wait_all"].tolist() == [39.5, 119.5]
    t = stats.t.ppf(0.95, 1)
    assert (m["mean"], m["mean_all"]) == (89.5, 79.5)
    assert (m["half"], m["half_all"]) == pytest.approx((40 * t, 40 * t), rel=1e-12)
    assert list(m["ensemble"].columns) == ["customer", "wait"]
    k = np.arange(40)
    assert m["ensemble"]["customer"].tolist() == (2.0 * k + 1).tolist()
    assert m["ensemble"]["wait"].tolist() == (2.0 * k + 40.5).tolist()


def test_measurement_short_runs_have_one_bin_per_customer(monkeypatch):
    """Four customers (fewer than WARMUP_BINS): edges 0, 1, 2, 3, 4, one bin each, centres 0.5 .. 3.5; the
    waits 0..3 and 80..83 average to 40, 41, 42, 43."""
    monkeypatch.setattr(e, "mm1_waits", _fake_waits([]))
    m = e.measurement(0.5, 4, 0.0, 2, seed=10)
    assert m["ensemble"]["customer"].tolist() == [0.5, 1.5, 2.5, 3.5]
    assert m["ensemble"]["wait"].tolist() == [40.0, 41.0, 42.0, 43.0]
    assert m["cut"] == 0


def test_replications_needed_is_at_least_two():
    """Pilot 10, 10.001: t(0.975, 1) = 12.706, s = 0.000707, (12.706 x 0.000707 / (0.05 x 10.0005))^2 = 3e-4,
    whose ceiling 1 is raised to the floor of 2."""
    assert e.replications_needed([10.0, 10.001], 0.05) == 2


def test_compute_wires_every_result_by_hand():
    """Rates 200, 100, 400 Mb/s and frames of 2e6 bits: demands 0.01, 0.02, 0.005 s (D = 0.035). Eq. 1:
    1 / (1/200 + 1/100 + 1/400) = 1 / 0.0175 = 57.142857 Mb/s; Eq. 2 (the first and third stages): 1 / 0.0075 =
    133.33 Mb/s. Bottleneck: stage 1 at 100 Mb/s; knee D / D_max = 1.75. Two frames in flight: MVA at N = 2 has
    R = 0.035 + (0.01^2 + 0.02^2 + 0.005^2) / 0.035 = 0.05 s, X = 40 frames/s = 80 Mb/s; the asymptotic bound
    min(1 / 0.02, 2 / 0.035) = 50 frames/s = 100 Mb/s. Utilisations at 20 frames/s: 0.2, 0.4, 0.1. The bounds
    table has max(8, frames) rows."""
    paper, tables = checks.load_inputs()
    paper = {**paper, "fps_single_copy_256kb": 20.0}
    p = {"z_na_mbps": 200.0, "z_ax_mbps": 100.0, "z_xf_mbps": 400.0, "frame_bits": 2e6, "frames_in_flight": 2,
         "rho": 0.5, "customers": 40, "warmup_fraction": 0.1, "replications": 3, "target_half_width_pct": 20.0,
         "seed": 4}
    r = e.compute(p, paper, tables)
    assert r["rates"] == [200.0, 100.0, 400.0]
    assert r["demands"] == pytest.approx((0.01, 0.02, 0.005), rel=1e-12)
    assert r["eq1_mbps"] == pytest.approx(1 / 0.0175, rel=1e-12)
    assert r["eq2_mbps"] == pytest.approx(1 / 0.0075, rel=1e-12)
    assert (r["bottleneck"], r["bottleneck_mbps"]) == (1, 100.0)
    assert r["knee_frames"] == pytest.approx(1.75, rel=1e-12)
    assert (r["mva_mbps"], r["asym_high_mbps"]) == pytest.approx((80.0, 100.0), rel=1e-12)
    assert len(r["bounds"]) == 8
    assert r["utilisations_measured"] == pytest.approx([0.2, 0.4, 0.1], rel=1e-12)
    m = e.measurement(0.5, 40, 0.1, 3, seed=4)
    assert (r["measurement"]["mean"], r["measurement"]["half"], r["measurement"]["cut"]) == (m["mean"], m["half"], 4)
    assert r["replications_needed"] == e.replications_needed(m["runs"]["mean_wait"], 0.2)
    assert r["claypool"]["tightest"] == "SLC Ham"
    assert r["factorial"].set_index("effect")["q"].to_dict() == pytest.approx(
        {"I": 36.0, "video": -5.5, "shm": 6.5, "video shm": -2.0})
    assert len(e.compute({**p, "frames_in_flight": 10}, paper, tables)["bounds"]) == 10
