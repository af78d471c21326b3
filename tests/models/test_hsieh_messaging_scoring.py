"""Hsieh chapters 2-3: the scorecard's checks at the thesis's values (exact verdicts derived by hand)."""

from types import SimpleNamespace

import pytest

from mmperf.checks import Coverage, Scorecard
from mmstudies.hsieh_messaging import analytic, scoring
from mmstudies.hsieh_messaging import experiments as ex

PARAMS = {"unix_hop_factor": 1.0, "route_cv": 0.0, "replications": 2, "noise_cv": 0.03, "fit_method": "wls",
          "n_receivers": 4, "multicast_cv": 0.0, "header_accounting": "tcp_per_packet"}


@pytest.fixture(scope="module")
def card():
    R = {"values": ex.values(), "hockney": analytic.hockney_comparison(analytic.platform_table()),
         "hops": ex.equal_hop_table("binary", 1.0),
         "synth": ex.synthetic_experiment("aal5_direct", "binary", "A", 1.0, 1.0, 0.03, 10, 4, 22, "wls", 20, 1),
         "routes": ex.route_experiment("aal5_direct", "binary", 1.0, 0.0, 20, 0.5, 400, 2, 1),
         "mcast": ex.multicast_experiment(4, 0.0, 2, 1),
         "overhead": ex.overhead_experiment(2056, 61440, 3, "tcp_per_packet", 576, 65280, 155.52),
         "windows": ex.window_experiment(2.6, 2.75, 800, 155.52, 2056, 3, 64, 61440),
         "ch3": ex.chapter3_hockney(800), "params": PARAMS}
    ch = SimpleNamespace(scorecard=Scorecard("hsieh-messaging"), coverage=Coverage("hsieh-messaging"))
    scoring.score(ch, R)
    scoring.add_coverage(ch)
    return ch


def _status(ch, what):
    found = [c for c in ch.scorecard.checks if c.what == what]
    assert len(found) == 1, what
    return found[0].status


def test_every_check_states_evidence_and_reason(card):
    assert len(card.scorecard.checks) > 80
    assert all(c.reason.strip() for c in card.scorecard.checks)
    assert all(c.ci_low is not None for c in card.scorecard.checks if c.basis != "exact")


def test_verdicts_at_the_thesis_values(card):
    # 61440 / 63504 = 0.967498 is within 0.00005 of the printed 0.9675
    assert _status(card, "Eq. 3.1: tunnel utilisation, 1032-byte H-PDUs (H13)") == "reproduced"
    # 13.47 x 8.388608 = 112.995; the band of a 2-decimal MByte/s is 0.042 Mbit/s; printed 113.01
    assert _status(card, "TCP over IP routing 2 MB (H24): MByte/s as Mbit/s") == "reproduced"
    # least squares slope 46.9 vs printed 37 (tolerance 0.5)
    assert _status(card, "Eq. 2.2 numerator slope vs least squares of the 64 KB points") == "not reproduced"
    # 644.363 / 800 = 80.545 %, printed 80.05 %
    assert _status(card, "HIPPI-FP 16 MB as % of 800 Mbit/s (H17)") == "not comparable"
    # AAL5 Direct: table 7867 B vs Hockney 3224 B, far outside a factor 1.25
    assert _status(card, "n_1/2 from the Hockney form, Table 2.3 Direct, PVM-ATM using AAL5") == "not reproduced"
    assert _status(card, "MTU above which IP routing beats tunnelling (H15, Figure 3.4)") == "reproduced"
    assert _status(card, "Ciw echo (deterministic) = sum of stage times") == "holds"


def test_coverage_lists_every_table_and_figure_of_chapters_2_and_3(card):
    items = set(card.coverage.table()["item"])
    expected = {f"Table 2.{i}" for i in range(1, 7)} | {f"Figure 2.{i}" for i in range(1, 14)} \
        | {f"Figure 3.{i}" for i in range(1, 20)}
    assert expected <= items
