"""The Ciw counter model (``claypool_load.model``) against the analytic processor share.

Power: a replication of H = 60 s has H/T = 375 component periods; with gamma work of coefficient of
variation 0.5 the sd of the reported load is about u x 0.5 / sqrt(375) = 0.026 u. The mean of 20
replications has sd <= 0.026 x 0.9 / sqrt(20) = 0.0052 at u <= 0.9, so a tolerance of 0.02 is about
four standard deviations (two-sided miss probability ~1e-4 per check), while a wrong share (e.g.
reporting u instead of 1/2 at u = 0.9, off by 0.4) is 80 sd away.
"""

import pytest

from mmperf.stats import mean_ci
from mmstudies.claypool_load import analytic as an
from mmstudies.claypool_load import model


@pytest.mark.parametrize("u", [0.1, 0.3, 0.7, 0.9])
def test_one_process_component_reports_min_of_u_and_half(u):
    reps = model.replicate(u, 1, replications=20, seed=11, horizon_s=60.0)
    m, h = mean_ci([x["measured"] for x in reps])
    assert abs(m - an.measured_load(u, 1)) < 0.02
    assert h < 0.02


def test_one_process_per_job_reports_the_true_load_below_saturation():
    reps = model.replicate(0.3, 3, replications=20, seed=5, horizon_s=60.0, one_process=False)
    assert abs(mean_ci([x["measured"] for x in reps])[0] - 0.3) < 0.02


def test_deterministic_response_time_is_stretched_by_the_sharers():
    """cv = 0, u = 0.2, one counter: each job of 32 ms shares the processor with one counter and takes
    64 ms < 160 ms, so every response is exactly (k+1) w."""
    out = model.simulate(0.2, 1, cv=0.0, horizon_s=20.0)
    assert out["mean_response_s"] == pytest.approx(2 * 0.2 * 0.16, rel=1e-9)
