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
