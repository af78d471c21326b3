"""The Huynh scorecard's helpers and verdicts, on hand-made replications."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mmperf.checks import Scorecard
from mmperf.stats import mean_ci
from mmstudies.huynh.scoring import Reps, crossing, decide, mismatches, overlap, sign


def test_crossing_interpolates_linearly_and_says_when_it_never_crosses():
    # 0.5 at 30, 0.9 at 60: 0.95 is never reached before 90 where y = 1.0; between 60 and 90: 60 + 0.05/0.1 x 30
    assert crossing([0, 30, 60, 90], [0.2, 0.5, 0.9, 1.0], 0.95) == pytest.approx(75.0)
    assert np.isnan(crossing([0, 1], [0.1, 0.2], 0.5))


def test_sign_and_decide():
    assert (sign(1.0, 0.5), sign(-1.0, 0.5), sign(0.2, 0.5)) == (1, -1, 0)
    assert decide([1, 1]) is True and decide([1, 0]) is None and decide([1, 0, -1]) is False
    assert overlap((1.0, 0.1), (1.15, 0.1)) and not overlap((1.0, 0.1), (1.3, 0.1))


def _runs():
    # two configurations, three replications each; b - a = 1, 2, 3 per replication
    return pd.DataFrame({"io_mode": ["locate"] * 3 + ["move"] * 3, "replication": [0, 1, 2] * 2,
                         "delay": [10.0, 20.0, 30.0, 11.0, 22.0, 33.0]})


def test_paired_difference_uses_the_replication_pairs():
    """b - a per replication is (1, 2, 3): mean 2, half-width t(0.95, 2) x 1 / sqrt(3) = 2.484."""
    R = Reps(_runs(), 0.95)
    m, h = R.diff("delay", {"io_mode": "locate"}, {"io_mode": "move"})
    assert (m, h) == pytest.approx(mean_ci([1.0, 2.0, 3.0], 0.95))
    assert h == pytest.approx(2.484, abs=1e-3)
    # unpaired, the two configurations' own intervals are much wider (the seeds' common part)
    assert R.mean("delay", io_mode="move")[1] > 10 * h / 2
    # relative difference: 10 % in every replication, so the interval has zero width
    assert R.rel("delay", {"io_mode": "locate"}, {"io_mode": "move"}) == pytest.approx((10.0, 0.0))
    assert R.n() == 3
    with pytest.raises(KeyError):
        R.vals("delay", io_mode="burst")


def test_mismatches_lists_what_the_run_does_not_settle_with_the_reason():
    sc = Scorecard("huynh")
    sc.within("Q5 centralized receive/decompress: Locate-386 only slightly worse than Move", "Section 5.5",
              paper="0-10 %", ours=56.0, low=0, high=10, unit="%", evidence="prediction", reason="judgement",
              basis="simulated", ci_half_width=20.0, n=5)
    sc.within("Q11 Move delays about equal", "Section 5.6", paper="same", ours=9.0, low=0, high=10, unit="%",
              evidence="prediction", reason="judgement", basis="simulated", ci_half_width=2.0, n=5)
    sc.claim("Q12 Move Mode has no OS-queueing component", "Section 5.6", paper="none", ours="0", holds=True,
             evidence="construction")
    miss = mismatches(sc)
    assert list(miss["status"]) == ["not reproduced", "inconclusive"]
    assert "Locate-386 frame's host code" in miss["why"].iloc[0]
    assert "replications would decide" in miss["why"].iloc[1]
    assert miss["ours"].iloc[0] == "56 %"


def test_coverage_entries_in_page_order():
    from mmstudies.huynh.scoring import COVERAGE, add_coverage

    added = []

    class Cov:
        def add(self, *entry):
            added.append(entry)

    class Ch:
        coverage = Cov()

    add_coverage(Ch())
    assert added == COVERAGE and len(added) == 16
    assert [e[0] for e in added[:6]] == ["Table 1", "Fig. 1", "Fig. 2", "Fig. 3", "Fig. 4a", "Fig. 4b"]
    assert added[-1][0] == "Pipeline sensitivity (not in the paper)"


def test_check_metric_rows_reason_per_name():
    from mmstudies.huynh.scoring import check_metric_rows

    rows = check_metric_rows({"a": 1.0, "q5_locate386_over_move_pct": float("nan")})
    assert rows[0] == ("a", 1.0, "", "not computable at these parameters")
    assert rows[1] == ("q5_locate386_over_move_pct", rows[1][1], "", "not computable at these parameters")
