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
