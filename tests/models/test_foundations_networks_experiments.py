"""Every exercise of the networks chapter at its own setting, by hand."""

import pytest

from mmstudies.foundations_networks import analytic, experiments

D = (16.66, 8192 / 13.33e6 * 1000, 8192 * 8 / 16e6 * 1000)


def test_every_exercise_answer_by_hand():
    """1. U = 8 x 16.66 ms = 13.328 %.  2. 1000 / 16.66 = 60.024 frames/s.
    3. Z = 0. N = 1: R = D, X = 1000 / 21.37055. N = 2: Q_k(1) = D_k / sum D, R_k = D_k (1 + Q_k(1)),
       X = 2000 / sum R_k.  5. N* = (21.37055 + 100) / 16.66.
    7. Ring at 0.03 per ms, mean 4.096 ms: rho = 0.12288, M/M/1 Wq = rho 4.096 / (1 - rho) = 0.57384 ms;
       M/D/1 half of it.  8. (2.801585 x 0.05 / 0.02)^2 = 49.05, so 50.
    9. 15 frames/s: sum of D_k / (1 - 0.015 D_k); with an M/D/1 codec its sojourn is
       16.66 + 0.015 x 16.66^2 / (2 (1 - 0.2499))."""
    a = experiments.exercise_answers(analytic.station_times())
    assert a["ex1_u_pct"] == pytest.approx(13.328)
    assert a["ex2_xmax"] == pytest.approx(1000 / 16.66)
    total = sum(D)
    r2 = [d * (1 + d / total) for d in D]
    assert (a["ex3_x1"], a["ex3_x2"], a["ex3_r2"]) == pytest.approx((1000 / total, 2000 / sum(r2), sum(r2)))
    assert a["ex4_low"] <= a["ex4_mva"] <= a["ex4_high"]
    assert a["ex5_knee"] == pytest.approx((total + 100) / 16.66)
    rho = 0.03 * 4.096
    assert (a["ex7_mm1_wq"], a["ex7_md1_wq"]) == pytest.approx((rho * 4.096 / (1 - rho), rho * 4.096 / (1 - rho) / 2))
    assert a["ex8_n"] == 50
    assert a["ex9_delay"] == pytest.approx(sum(d / (1 - 0.015 * d) for d in D))
    codec = 16.66 + 0.015 * 16.66**2 / (2 * (1 - 0.015 * 16.66))
    assert a["ex9_md1_delay"] == pytest.approx(codec + sum(d / (1 - 0.015 * d) for d in D[1:]))


def test_populations():
    assert experiments.populations(2) == [1, 2]
    assert experiments.populations(16) == [1, 2, 4, 16]


# -- added from the mutation run (2026-11-26, mut4a) --------------------------------------------------------------

def _mva_by_hand(demands, population, think):
    """The MVA recursion written out: R_k(n) = D_k (1 + Q_k(n-1)), X(n) = n / (Z + sum R_k), Q_k = X R_k."""
    q = [0.0] * len(demands)
    out = []
    for n in range(1, population + 1):
        r = [d * (1 + qk) for d, qk in zip(demands, q, strict=True)]
        x = n / (think + sum(r))
        q = [x * rk for rk in r]
        out.append((x, sum(r)))
    return out


def test_every_exercise_answer_to_the_last_digit_and_its_settings():
    """The settings each exercise states are returned with its answer (8 frames/s, think 100 ms, sd 0.05,
    15 frames/s), and exercise 4's three throughputs are the balanced job bounds and MVA at N = 4, Z = 33.3:
    with D = sum D_k, s = 1 + Z / (N D), o = 1 + Z / D, low = N / (D + Z + (N - 1) D_max / s) and
    high = min(1 / D_max, N / (D + Z + (N - 1) (D / 3) / o)), all per ms, times 1000 for per second."""
    a = experiments.exercise_answers(analytic.station_times())
    assert (a["ex1_rate"], a["ex5_think"], a["ex8_sd"], a["ex9_rate"]) == (8.0, 100.0, 0.05, 15.0)
    total, z, n = sum(D), 33.3, 4
    s, o = 1 + z / (n * total), 1 + z / total
    low = n / (total + z + (n - 1) * 16.66 / s)
    high = min(1 / 16.66, n / (total + z + (n - 1) * (total / 3) / o))
    assert a["ex4_low"] == pytest.approx(1000 * low, rel=1e-12)
    assert a["ex4_high"] == pytest.approx(1000 * high, rel=1e-12)
    assert a["ex4_mva"] == pytest.approx(1000 * _mva_by_hand(D, 4, z)[-1][0], rel=1e-12)
    codec = 16.66 + 0.015 * 16.66**2 / (2 * (1 - 0.015 * 16.66))
    assert a["ex9_md1_delay"] == pytest.approx(codec + sum(d / (1 - 0.015 * d) for d in D[1:]), rel=1e-12)


def test_populations_include_the_maximum_once_and_the_powers_at_or_below_it():
    assert experiments.populations(4) == [1, 2, 4]
    assert experiments.populations(1) == [1]


class _FakeRuns:
    """A stand-in for the simulation: each run returns its own seed as the measured value, and every call's
    arguments are recorded, so the seeds and settings passed on can be read back."""

    def __init__(self, column):
        self.column, self.calls = column, []

    def __call__(self, **kwargs):
        self.calls.append(kwargs)
        return {self.column: float(kwargs["seed"])}


T_975_1 = 12.706204736174707  # Student's t, 0.975 quantile, 1 degree of freedom


def test_open_comparison_passes_seeds_and_settings_and_summarises_by_hand(monkeypatch):
    """Two replications from seed 7 (deterministic codec: seeds 7, 8; exponential: 507, 508). Each run's value
    is its seed, so the mean is seed + 0.5, the sd sqrt(1/2), the half width t(0.975, 1) sqrt(1/2) / sqrt(2) =
    t / 2 and the relative sd sqrt(1/2) / mean. Jackson at 15 frames/s without file transfers is
    sum D_k / (1 - 0.015 D_k)."""
    from mmstudies.foundations_networks import model

    fake = _FakeRuns("video_delay_ms")
    monkeypatch.setattr(model, "open_run", fake)
    times = analytic.station_times()
    out = experiments.open_comparison(times, 15.0, 0.0, run_s=3.0, replications=2, seed=7)
    assert [c["seed"] for c in fake.calls] == [7, 8, 507, 508]
    assert [c["deterministic"] for c in fake.calls] == [True, True, False, False]
    assert all(c["times"] is times and c["frame_rate"] == 15.0 and c["ft_rate"] == 0.0 and c["run_s"] == 3.0
               for c in fake.calls)
    assert out["jackson_ms"] == pytest.approx(sum(d / (1 - 0.015 * d) for d in D), rel=1e-12)
    assert (out["ciw_det_ms"], out["ciw_exp_ms"]) == (7.5, 507.5)
    assert out["ciw_det_half"] == pytest.approx(T_975_1 / 2, rel=1e-9)
    assert out["ciw_exp_half"] == pytest.approx(T_975_1 / 2, rel=1e-9)
    assert out["ciw_det_rel_sd"] == pytest.approx(0.5**0.5 / 7.5, rel=1e-12)
    assert out["ciw_exp_rel_sd"] == pytest.approx(0.5**0.5 / 507.5, rel=1e-12)
    assert set(out) == {"jackson_ms", *(f"ciw_{k}_{m}" for k in ("det", "exp") for m in ("ms", "half", "rel_sd"))}


def test_closed_comparison_rows_by_hand(monkeypatch):
    """Populations 1 and 2, think 10 ms, two replications from seed 7: the deterministic runs of population n
    use seeds 7 + 100 n and the next, the exponential ones 7 + 100 n + 50 and the next (a run's throughput is its
    seed). MVA, asymptotic bound min(1 / D_max, N / (D + Z)) (1 / D_max binds at N = 2) and balanced job bounds worked as in
    test_every_exercise_answer_to_the_last_digit_and_its_settings; the MVA error is relative to the
    deterministic Ciw mean."""
    from mmstudies.foundations_networks import model

    fake = _FakeRuns("throughput")
    monkeypatch.setattr(model, "closed_run", fake)
    times = analytic.station_times()
    table = experiments.closed_comparison(times, think_ms=10.0, max_population=2, run_s=3.0, replications=2, seed=7)
    assert [c["seed"] for c in fake.calls] == [107, 108, 157, 158, 207, 208, 257, 258]
    assert [c["population"] for c in fake.calls] == [1] * 4 + [2] * 4
    assert [c["deterministic"] for c in fake.calls] == [True, True, False, False] * 2
    assert all(c["times"] is times and c["think_ms"] == 10.0 and c["run_s"] == 3.0 for c in fake.calls)
    assert table["population"].tolist() == [1, 2]
    total, z = sum(D), 10.0
    exact = _mva_by_hand(D, 2, z)
    for i, n in enumerate((1, 2)):
        row = table.iloc[i]
        s, o = 1 + z / (n * total), 1 + z / total
        assert row["mva"] == pytest.approx(1000 * exact[i][0], rel=1e-12)
        assert row["mva_response_ms"] == pytest.approx(exact[i][1], rel=1e-12)
        assert row["asymptotic_high"] == pytest.approx(1000 * min(1 / 16.66, n / (total + z)), rel=1e-12)
        assert row["balanced_low"] == pytest.approx(1000 * n / (total + z + (n - 1) * 16.66 / s), rel=1e-12)
        assert row["balanced_high"] == pytest.approx(
            1000 * min(1 / 16.66, n / (total + z + (n - 1) * (total / 3) / o)), rel=1e-12)
        det, exp = 7 + 100 * n + 0.5, 7 + 100 * n + 50.5
        assert (row["ciw_det"], row["ciw_exp"]) == (det, exp)
        assert row["ciw_det_half"] == pytest.approx(T_975_1 / 2, rel=1e-9)
        assert row["ciw_exp_half"] == pytest.approx(T_975_1 / 2, rel=1e-9)
        assert row["mva_error_pct"] == pytest.approx(100 * (1000 * exact[i][0] - det) / det, rel=1e-12)
    assert list(table.columns) == ["population", "mva", "mva_response_ms", "asymptotic_high", "balanced_low",
                                   "balanced_high", "ciw_det", "ciw_det_half", "ciw_exp", "ciw_exp_half",
                                   "mva_error_pct"]
