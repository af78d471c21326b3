"""The Huynh checks table (mmstudies.huynh.checks): its helpers on hand-made replications, and the table's rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mmperf.stats import mean_ci
from mmstudies.huynh import checks
from mmstudies.huynh.checks import Reps, decide, metric_rows, sign, within_tenth


def test_sign_and_decide():
    assert (sign(1.0, 0.5), sign(-1.0, 0.5), sign(0.2, 0.5)) == (1, -1, 0)
    assert decide([1, 1]) is True and decide([1, 0]) is None and decide([1, 0, -1]) is False
    # within a tenth: |r| + hw <= 10 holds, |r| - hw > 10 fails, else undecided
    assert (within_tenth(3.0, 1.0), within_tenth(-12.0, 1.0), within_tenth(9.5, 1.0)) == (1, -1, 0)


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


def test_metric_rows_give_the_reason_a_number_may_be_undefined():
    rows = metric_rows({"a": 1.0, "q5_locate386_over_move_pct": float("nan")})
    assert rows[0] == ("a", 1.0, "", "not computable at these parameters")
    assert rows[1][0] == "q5_locate386_over_move_pct" and np.isnan(rows[1][1])


def test_the_table_has_the_43_checks_and_13_predictions():
    """The old scorecard's 14 predictions less Q10 (Locate lower on the 486), re-classified construction after
    the independent review (data/huynh/review-huynh.csv)."""
    table = checks.table()
    kinds = [c.kind for c in table.checks]
    assert len(kinds) == 43
    assert {k: kinds.count(k) for k in set(kinds)} == {"prediction": 13, "construction": 16, "target": 8,
                                                       "arithmetic": 5, "not comparable": 1}


def test_every_prediction_is_conditioned_on_the_papers_setting():
    """A what-if that changes the conference, the frames or the code per frame makes a delay ordering not
    applicable, never 'not reproduced'."""
    for c in checks.table().checks:
        if c.kind == "prediction":
            assert {"participants": 3, "frame_kb": 8, "file_transfer": True, "host_vc_kloc": 15,
                    "adapter_vc_kloc": 1}.items() <= c.conditions.items(), c.id


def test_q17_writes_seconds_without_e_notation(monkeypatch):
    """Issue 25: the mixing claim formatted seconds with ``.3g``, so a floating-point remainder of 2e-17 s read
    "2e-17 s"; the book's numbers (mmperf.tables.sig, three significant digits) write 2.00×10⁻¹⁷ and 0 as 0.
    The components are stubbed: send 0 s, centralized receive 2e-17 s, distributed receive 4.2 and 5 ms."""
    def component(run, kind, cat, m, h, mix=checks.DIST):
        if kind == "send":
            return np.array([0.0])
        return np.array([2e-17]) if mix == checks.CENT else np.array([0.0042, 0.005])

    monkeypatch.setattr(checks, "_comp", component)
    ours = checks.q17_mixing_component({"na": None})
    assert ours.value == "send 0 s, centralized 2.00×10⁻¹⁷ s, distributed min 4.2 ms"
    assert ours.holds is False  # 2e-17 is not zero: the claim's "zero under centralized mixing" fails
