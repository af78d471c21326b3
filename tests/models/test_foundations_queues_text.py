"""The single-queues chapter's composed sentences."""

import pandas as pd

from mmstudies.foundations_queues import text


def test_comparison_counts_and_names_the_misses():
    """Theory 2.0 inside 2.1 +- 0.2; 1.5 outside 2.0 +- 0.1 (distance 0.5 > 0.1); 3.0 exactly on the edge
    3.2 +- 0.2 counts as inside."""
    t = pd.DataFrame([{"model": "M/M/1", "W_theory": 2.0, "W_sim": 2.1, "W_half": 0.2},
                      {"model": "M/D/1", "W_theory": 1.5, "W_sim": 2.0, "W_half": 0.1},
                      {"model": "M/G/1", "W_theory": 3.0, "W_sim": 3.25, "W_half": 0.25}])
    assert text.outside_models(t) == ["M/D/1"]
    assert text.comparison(t, 3).endswith("for 2 of the 3 queues; outside for M/D/1.")
    assert text.comparison(t.iloc[[0]], 3).endswith("for 1 of the 1 queues.")


def test_outside_note_by_count():
    assert "no evidence against" in text.outside_note(0, 5)
    assert "2 misses in 5 intervals" in text.outside_note(2, 5)
