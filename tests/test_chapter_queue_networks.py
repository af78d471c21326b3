"""Executes the queue-networks chapter with changed parameters through `mmbook run` (slow)."""

import pytest
from conftest import run_chapter

SMALL = ("replications", "2", "run_s", "5", "max_population", "4")


@pytest.mark.slow
def test_a_slower_sender_moves_the_knee(tmp_path):
    """think_ms = 100: N* = (16.66 + 0.61455 + 4.096 + 100) / 16.66 = 7.2851; the codec's capacity stays
    1000 / 16.66 = 60.02 frames/s whatever the think time."""
    m = run_chapter("queue-networks", tmp_path, *SMALL, "think_ms", "100")["metrics"]
    demand = 16.66 + 8192 / 13.33e6 * 1000 + 8192 * 8 / 16e6 * 1000
    assert m["knee"] == pytest.approx((demand + 100) / 16.66)
    assert m["xmax"] == pytest.approx(1000 / 16.66)
