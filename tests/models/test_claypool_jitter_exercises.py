"""The claypool-jitter chapter's exercise answers (lib/mmstudies/claypool_jitter/exercises.py), each checked by
hand or by an independent computation at the exercise's own settings; the simulated ones on a reduced design."""

import math
import re

import numpy as np
import pytest

from mmbook.params import load_chapter
from mmperf import jitter, paths
from mmstudies.claypool_jitter import data, exercises
from mmstudies.claypool_jitter.analytic import fisher_ci

CHAPTER = "claypool-jitter"


def small_defaults() -> dict:
    """The chapter's defaults at a reduced size (short traces, one to two counters, two replications)."""
    return load_chapter(CHAPTER).defaults() | {"run_length_s": 30.0, "warmup_s": 2.0, "max_load": 2,
                                               "replications": 2}


def test_hand_trace_by_hand():
    """x = (160, 160, 250, 70, 160, 160) ms: mean 160, deviations (0, 0, 90, -90, 0, 0), so the variance is
    2 x 90^2 / 5 = 3240 ms^2; range 250 (max) and 250 - 70 = 180 (max - min); the arrival offsets against the
    period are cumsum(x - 160) = (0, 0, 0, 90, 0, 0, 0) over 7 frames, so one frame of 7 is later than 50 ms."""
    a = exercises.hand_trace(buffer_ms=50.0)
    assert a["variance_ms2"] == pytest.approx(2 * 90**2 / 5)
    assert (a["range_max_ms"], a["range_maxmin_ms"]) == (250.0, 180.0)
    assert (a["max_late_ms"], a["frames"]) == (90.0, 7.0)
    assert a["dropped_pct"] == pytest.approx(100 / 7)
    assert exercises.hand_trace(buffer_ms=90.0)["dropped_pct"] == 0.0, "a frame exactly as late as the buffer plays"


def test_fisher_band_by_hand():
    """r = 0.98 from 4 points: z = atanh 0.98 = ln(1.98 / 0.02) / 2 = ln(99) / 2, standard error 1 / sqrt(1)."""
    z = math.log(99) / 2
    b = exercises.fisher_band(0.98, 4)
    assert b["low"] == pytest.approx(math.tanh(z - 1.959964), abs=1e-6)
    assert b["high"] == pytest.approx(math.tanh(z + 1.959964), abs=1e-6)
    assert b["low"] < 0.5 < 0.98 < b["high"]


@pytest.mark.parametrize("r", [0.34, 0.21, 0.66])
def test_runs_to_exclude_zero_is_the_first_n_whose_band_excludes_zero(r):
    """Counted independently: the first n from 4 upward whose Fisher band's lower end is above zero."""
    n = next(n for n in range(4, 10_000) if math.tanh(math.atanh(r) - 1.959964 / math.sqrt(n - 3)) > 0)
    assert exercises.runs_to_exclude_zero(r) == n
    assert fisher_ci(r, n)[0] > 0 >= fisher_ci(r, n - 1)[0]


def test_runs_to_exclude_zero_for_range_area_by_hand():
    """atanh 0.34 = 0.35409; (1.95996 / 0.35409)^2 = 30.64, so n - 3 > 30.64 and n = 34."""
    assert exercises.runs_to_exclude_zero(0.34) == 34


def test_chain_jitter_for_a_100_ms_buffer_by_hand():
    """The printed lines (section 5.6.4): Buf. = 26.5 Area - 624,000 and Area = 0.000198 Jitter + 1,590,000 chain
    to slope 26.5 x 0.000198 = 0.005247 and intercept 26.5 x 1,590,000 - 624,000 = 41,511,000 µs; a buffer of
    100,000 µs then needs Jitter = (100,000 - 41,511,000) / 0.005247 = -7.8923e9 µs²."""
    inputs = data.load_inputs()
    a = exercises.chain_jitter_for_buffer({**inputs.vb, **inputs.v3}, 100.0)
    assert a["chain_slope"] == pytest.approx(0.005247)
    assert a["chain_intercept_ms"] == pytest.approx(41_511.0)
    assert a["jitter_us2"] == pytest.approx((100_000 - 41_511_000) / 0.005247)
    assert a["jitter_us2"] < 0


def test_burst_scaling_by_hand():
    """Bursts of 20 ms on the IPX (SPECint92 21.8): 20 x 21.8 / 8.6 = 50.70 ms on the SLC, 20 x 21.8 / 64 = 6.8125 ms
    on the Sparc 5; their ratio is 64 / 8.6 = 7.442 and its square 55.38."""
    a = exercises.burst_scaling(20.0)
    assert a["burst_slow_ms"] == pytest.approx(20 * 21.8 / 8.6)
    assert a["burst_fast_ms"] == pytest.approx(6.8125)
    assert a["variance_ratio"] == pytest.approx((64 / 8.6) ** 2)


def test_rtp_jitter_by_hand():
    """x = (176, 160, 160), T = 160: |d| = (16, 0, 0); J = 1, then 1 - 1/16 = 0.9375, then 0.9375 x 15/16 = 0.87890625;
    their mean is (1 + 0.9375 + 0.87890625) / 3. x = (144, 176): |d| = (16, 16), J = 1 then 1 + 15/16."""
    assert exercises.rtp_jitter([176.0, 160.0, 160.0], 160.0) == pytest.approx((1 + 0.9375 + 0.87890625) / 3)
    assert exercises.rtp_jitter([144.0, 176.0], 160.0) == pytest.approx((1 + 1.9375) / 2), "|d| counts early frames too"


def test_range_correlations_pick_the_extremes():
    """Range = (1, 2, 3) against metrics proportional to it (r = 1) and one anti-correlated (r = -1)."""
    import pandas as pd

    t = pd.DataFrame({"Range max": [1.0, 2.0, 3.0], "Variance": [2.0, 4.0, 6.0], "Stddev": [3.0, 2.0, 1.0],
                      "Absdev": [1.0, 2.0, 3.0], "Gaps": [1.0, 2.0, 3.0], "Area": [5.0, 6.0, 7.0]})
    low, high = exercises.range_correlations(t, "max")
    assert low == pytest.approx(-1.0) and high == pytest.approx(1.0)


def test_a_stricter_drop_limit_never_shortens_the_optimal_buffer():
    """Halving the drop limit weighs drops twice as much in the distance, so on the same traces the optimum moves
    to a buffer at least as large with drops no larger (the nearest point of one curve under two metrics);
    and the same limit twice gives the same optimum."""
    p = small_defaults()
    a = exercises.optimal_at_gap_limits(defaults=p, gap_limits=(6.0, 3.0), seed=5)
    assert a["traces"] == p["replications"]
    assert a["strict_buffer_ms"] >= a["base_buffer_ms"] and a["strict_drop_pct"] <= a["base_drop_pct"]
    same = exercises.optimal_at_gap_limits(defaults=p, gap_limits=(6.0, 6.0), seed=5)
    assert same["strict_buffer_ms"] == same["base_buffer_ms"] == a["base_buffer_ms"]


def test_pooled_metrics_has_one_run_per_table32_condition():
    """Table 3.2's conditions at max_load = 2: 4 classes x 2 loads + 4 isolated + 3 priorities x 2 loads +
    3 networks x 2 = 24 runs; Range by the maximum is the metrics' own Range, and max - min never exceeds it."""
    runs = exercises.pooled_metrics(defaults=small_defaults(), stall_rate_per_min=1.0, seed=3)
    assert len(runs) == 4 * 2 + 4 + 3 * 2 + 3 * 2
    assert np.allclose(runs["Range max"], runs["Range"])
    assert (runs["Range max-min"] <= runs["Range max"]).all() and (runs["RTP"] > 0).all()


def test_answers_give_every_glued_value_of_the_exercises():
    """Every value the exercises and solutions glue (the notebook's ``exN_...`` names) is an answer, a finite number;
    every glue of the auto-grader's key is an answer or a metric the chapter records."""
    inputs = data.load_inputs()
    a = exercises.answers(small_defaults(), {**inputs.vb, **inputs.v3})
    text = (paths.project_root() / "notebooks" / f"{CHAPTER}.md").read_text(encoding="utf-8")
    section = text[text.index("## Exercises"):text.index("## Review")]
    glued = set(re.findall(r"\{glue:text\}`(ex\d+_\w+)", section))
    # a "_text" name is an answer written for the page (exercise 7's jitter in the chapter's power-of-ten
    # form): the notebook glues it from an answer
    as_text = {name for name in glued if name.endswith("_text")}
    for name in as_text:
        source = re.search(rf'ch\.glue\("{name}", [^\n]*answers\["(ex\d+_\w+)"\]', text)
        assert source and source.group(1) in a, f"{name} is not glued from an answer"
    glued -= as_text
    assert glued and glued <= set(a), sorted(glued - set(a))
    assert all(math.isfinite(v) for v in a.values())
    key = load_chapter(CHAPTER).answers
    assert len(key) >= 5
    assert {e["glue"] for e in key.values()} - set(a) <= {"ours_drop_pct_at_100ms"}
    assert a["ex4_variance_ms2"] == jitter.variance(exercises.HAND_TRACE_MS)
