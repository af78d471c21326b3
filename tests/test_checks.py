"""Scorecard and coverage: statuses follow the tolerance, targets are kept apart from checks."""

import math

import pytest

from mmperf.checks import Coverage, Scorecard


def test_absolute_and_relative_tolerance():
    sc = Scorecard("t")
    assert sc.compare("a", "s", paper=74, ours=74.5, tol=0.5).status == "reproduced"
    assert sc.compare("b", "s", paper=74, ours=74.51, tol=0.5).status == "not reproduced"
    assert sc.compare("c", "s", paper=100, ours=109, rel=0.1).status == "reproduced"
    assert sc.compare("d", "s", paper=100, ours=111, rel=0.1).status == "not reproduced"


def test_targets_are_not_checks():
    sc = Scorecard("t")
    assert sc.compare("t", "s", paper=1, ours=1, tol=0.1, role="target").status == "target met"
    assert sc.compare("t2", "s", paper=1, ours=2, tol=0.1, role="target").status == "target missed"
    assert sc.totals() == {"reproduced": 0, "not reproduced": 0, "target met": 1, "target missed": 1}


def test_nan_is_never_reproduced_and_range_checks():
    sc = Scorecard("t")
    assert sc.compare("n", "s", paper=1, ours=math.nan, tol=10).status == "not reproduced"
    assert sc.within("u", "s", paper="<= 20 %", ours=19.0, low=0, high=20).status == "reproduced"
    assert sc.within("u", "s", paper="<= 20 %", ours=21.0, low=0, high=20).status == "not reproduced"


def test_bad_arguments_are_refused():
    sc = Scorecard("t")
    with pytest.raises(ValueError, match="exactly one of tol"):
        sc.compare("a", "s", paper=1, ours=1)
    with pytest.raises(ValueError, match="kind must be one of"):
        sc.compare("a", "s", paper=1, ours=1, tol=1, kind="guess")
    with pytest.raises(ValueError, match="category must be one of"):
        Coverage("t").add("Fig 1", "made up", "somehow")


def test_table_has_one_row_per_check():
    sc = Scorecard("t")
    sc.compare("a", "s", paper=1, ours=1, tol=0)
    sc.claim("b", "s", paper="A > B", ours="A 2 > B 1", holds=True)
    table = sc.table()
    assert list(table["status"]) == ["reproduced", "reproduced"]
    assert list(table.columns[:4]) == ["what", "where", "paper", "ours"]
