"""Confidence intervals, checked against hand-computed values."""

import pandas as pd
import pytest

from mmperf.stats import mean_ci, summarize


def test_t_interval_by_hand():
    # mean 2, s = 1, n = 3, t_{0.975, 2} = 4.302653 -> half width 4.302653 / sqrt(3) = 2.484138
    mean, half = mean_ci([1.0, 2.0, 3.0], 0.95)
    assert mean == 2.0
    assert half == pytest.approx(2.484138, abs=1e-6)


def test_ninety_percent_interval_is_narrower():
    assert mean_ci([1.0, 2.0, 3.0], 0.90)[1] < mean_ci([1.0, 2.0, 3.0], 0.95)[1]


def test_single_value_and_bad_level():
    assert mean_ci([5.0]) == (5.0, 0.0)
    with pytest.raises(ValueError, match="level"):
        mean_ci([1.0, 2.0], 1.5)


# --- tests added from the mutation run (benchmarks/mutation-report.md) ---


@pytest.mark.parametrize("level", [0.0, 1.0, -0.5])
def test_level_must_be_strictly_inside_zero_one(level):
    """Level 0 and level 1 are refused (the interval would be empty or infinite), with the whole message."""
    with pytest.raises(ValueError) as err:
        mean_ci([1.0, 2.0], level)
    assert str(err.value) == f"level must be in (0, 1), got {level}"


def test_empty_input_is_refused_with_the_whole_message():
    with pytest.raises(ValueError) as err:
        mean_ci([])
    assert str(err.value) == "mean_ci needs at least one value"


def test_summarize_passes_the_level_and_names_the_columns():
    """Two replications 1 and 3: mean 2, s = sqrt(2), sem = s / sqrt(2) = 1, so the half-width is the
    t quantile with one degree of freedom: t_{0.95, 1} = 6.313752 at level 0.90 and t_{0.975, 1} =
    12.706205 at level 0.95 (tables of Student's t)."""
    df = pd.DataFrame({"group": ["only", "only"], "x": [1.0, 3.0]})
    out = summarize(df, "group", "x", level=0.90)
    assert list(out.columns) == ["group", "mean", "ci_half_width", "n"]
    assert out["ci_half_width"].iloc[0] == pytest.approx(6.313752, abs=1e-6)
    assert summarize(df, "group", "x")["ci_half_width"].iloc[0] == pytest.approx(12.706205, abs=1e-6)


def test_summarize_sorts_groups_and_handles_one_or_two_keys():
    """Groups come out sorted whatever the input order; a multi-character single key ("group") and a
    two-column key both map back to their column names. Group 'bb' holds 5 and 7 (mean 6), 'aa' holds
    1 (mean 1, half-width 0 for a single replication); integer keys 2 and 1 come out as 1, 2."""
    df = pd.DataFrame({"group": ["bb", "aa", "bb"], "sub": [10, 20, 10], "x": [5.0, 1.0, 7.0]})
    one = summarize(df, "group", "x")
    assert one["group"].tolist() == ["aa", "bb"]
    assert one["mean"].tolist() == [1.0, 6.0]
    assert one["n"].tolist() == [1, 2]
    assert one["ci_half_width"].iloc[0] == 0.0
    assert one["ci_half_width"].iloc[1] == pytest.approx(12.706205, abs=1e-6)  # s = sqrt(2), sem = 1
    two = summarize(df, ["group", "sub"], "x")
    assert two[["group", "sub", "mean", "n"]].values.tolist() == [["aa", 20, 1.0, 1], ["bb", 10, 6.0, 2]]
    num = summarize(pd.DataFrame({"k": [2, 1], "x": [4.0, 8.0]}), "k", "x")
    assert num[["k", "mean"]].values.tolist() == [[1, 8.0], [2, 4.0]]
