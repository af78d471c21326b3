"""The Huynh page's mismatch list and coverage entries (mmstudies.huynh.scoring)."""

from __future__ import annotations

from mmperf.checks import Scorecard
from mmstudies.huynh.scoring import mismatches


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
