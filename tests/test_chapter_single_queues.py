"""Executes the single-queues chapter with changed parameters through `mmbook run` (slow)."""

import pytest
from conftest import run_chapter

SMALL = ("replications", "2", "sim_time", "300", "long_customers", "5000")


@pytest.mark.slow
def test_a_busier_queue_by_hand(tmp_path):
    """At utilisation 0.9: M/M/1 W = 1 / (1 - 0.9) = 10; M/G/1 with C_s^2 = 2: Wq = 0.9 x 3 / (2 x 0.1) = 13.5;
    M/M/1/5 blocking 0.9^5 x 0.1 / (1 - 0.9^6) = 0.059049 / 0.468559 = 0.12602."""
    m = run_chapter("single-queues", tmp_path, *SMALL, "utilisation", "0.9")["metrics"]
    assert m["mm1_w_theory"] == pytest.approx(10.0)
    assert m["mg1_wq_theory"] == pytest.approx(13.5)
    assert m["loss_theory"] == pytest.approx(0.9**5 * 0.1 / (1 - 0.9**6))
