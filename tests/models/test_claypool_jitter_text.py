"""The chapter's composed sentences and text tables (``mmstudies.claypool_jitter.text``)."""

from __future__ import annotations

import pytest
from test_claypool_jitter_scoring import (  # the scorecard tests' fake chapter and results
    _chapter,
    _results,
    score,
)

from mmstudies.claypool_jitter import text

PARAMS = {"quantum_ms": 100.0, "stall_rate_per_min": 1.0, "stall_distribution": "exponential",
          "stall_mean_ms": 200.0, "cross_message_bytes": 65536.0, "loaded_network_utilisation": 0.5,
          "run_length_s": 200.0, "warmup_s": 5.0, "replications": 5}


@pytest.mark.parametrize(("x", "expected"), [
    (13300000000.0, "1.33 × 10¹⁰"),     # 1.33e10
    (-8.46e7, "-8.46 × 10⁷"),
    (0.000198, "1.98 × 10⁻⁴"),          # a negative exponent gets the superscript minus
    (5.0, "5.00 × 10⁰"),
    (0.0, "0"),                          # no logarithm of zero
    (float("inf"), "inf"),
])
def test_sci_writes_mantissa_and_superscript_exponent(x, expected):
    assert text.sci(x) == expected


def test_mechanisms_table_states_this_runs_values():
    """Every value the table states comes from the parameters: change each and the row changes."""
    t = text.mechanisms_table(PARAMS)
    assert list(t.columns) == text.MECHANISM_COLUMNS
    assert list(t["mechanism"]) == ["counter processes", "scheduling", "default priority", "nice priority",
                                    "real-time priority", "receiver stalls", "send and receive work", "network",
                                    "load average", "run length"]
    rows = t.set_index("mechanism")["rule and value"]
    assert rows["receiver stalls"] == ("Poisson, 1 per minute, exponential lengths with mean 200 ms; none on the "
                                       "isolated system")
    # Table 5.2 IPX lines at 1280 B: 0.210 + 0.000100 x 1280 = 0.338 ms; 0.187 + 0.000103 x 1280 = 0.31884 ms
    assert rows["send and receive work"].startswith("Table 5.2 IPX lines (0.338 and 0.319 ms at 1280 B)")
    assert rows["network"] == "FIFO link, Poisson netperf messages of 65536 B mean, 0.5 of the link when loaded"
    assert rows["run length"] == "200 s after 5 s warm-up, 5 traces per condition"
    other = text.mechanisms_table({**PARAMS, "quantum_ms": 20.0, "stall_distribution": "constant",
                                   "run_length_s": 60.0, "replications": 3})
    rows = other.set_index("mechanism")["rule and value"]
    assert rows["scheduling"] == "round robin, time slice quantum_ms = 20 ms; a slice in progress runs out"
    assert "constant lengths" in rows["receiver stalls"]
    assert rows["run length"] == "60 s after 5 s warm-up, 3 traces per condition"


def test_generator_names_cover_every_generator():
    from mmstudies.claypool_jitter.config import GENERATORS

    assert set(text.GENERATOR_NAMES) == set(GENERATORS)


#: the metrics text.explain reads beyond the fake chapter's
EXPLAIN_METRICS = dict(table32_mean_abs_difference=0.05, table32_pairs_in_band=15, table32_pairs_within_01=15,
                       ours_r_load_min=0.97, ours_r_load_max=0.99, ours_x_intercept_default=1.1,
                       ours_quiet_network_spread=1.2, ours_loaded_ethernet_over_hippi=20.0,
                       ours_spec_exponent_loaded=0.0, ours_spec_exponent_isolated=2.0)


def test_headline_and_table32_sentences_follow_applicability():
    """At the defaults the fake run's every r is the printed one: 15 of the 15 applicable correlations. Its lowest
    non-range r (Gaps-Area, 0.72 from 150 runs: Fisher interval about [0.63, 0.79]) straddles the printed 0.72, so
    the conclusion that the choice among the metrics does not matter is not printed as holding; with every
    non-range r at least 0.9 (interval about [0.86, 0.93], inside [0.72, 1]) it is. With a what-if gap buffer (a
    condition of every Table 3.2 check) no correlation applies: the sentences say so instead of counting them as
    not reproduced, and the conclusion is not judged."""
    ch = _chapter()
    ch.metrics.update(EXPLAIN_METRICS)
    R = _results()
    score(ch, R)
    text.explain(ch, R)
    assert "15 of the 15 applicable correlations of Table 3.2 are reproduced" in ch.glued["cj_headline"]
    assert "does not matter is inconclusive here" in ch.glued["cj_table32_text"]
    high = _results()
    others = ~high["pairs"]["pair"].str.startswith("Range")
    high["pairs"].loc[others, "ours_r"] = high["pairs"].loc[others, "ours_r"].clip(lower=0.9)
    ch = _chapter()
    ch.metrics.update(EXPLAIN_METRICS)
    score(ch, high)
    text.explain(ch, high)
    assert "does not matter holds here too" in ch.glued["cj_table32_text"]
    ch = _chapter()
    ch.parameters = {**ch.parameters, "gap_buffer_ms": 100.0}
    ch.metrics.update(EXPLAIN_METRICS)
    score(ch, R)
    text.explain(ch, R)
    assert "the 15 correlations of Table 3.2 are not applicable at these parameters" in ch.glued["cj_headline"]
    assert "holds here too" not in ch.glued["cj_table32_text"]
    assert "does not matter is not applicable here" in ch.glued["cj_table32_text"]


def test_explanations_are_composed_for_every_glued_paragraph():
    ch = _chapter()
    ch.metrics.update(EXPLAIN_METRICS)
    R = _results()
    score(ch, R)
    text.explain(ch, R)
    for name in ("cj_headline", "cj_miniexp_text", "cj_table32_text", "cj_sensitivity_text", "cj_load_text",
                 "cj_power_text", "cj_priority_text", "cj_network_text", "cj_additivity_text", "cj_years_text",
                 "cj_scaling_text", "cj_mismatches", "cj_saturation_text",
                 "cj_reading_text", "cj_optimal_text"):
        assert ch.glued[name].strip(), name
    assert "inconclusive" in ch.glued["cj_additivity_text"]
    # the sentences carry the run's numbers: slopes in scientific notation, the default line's crossing
    assert "1.00 × 10¹⁰ µs² per load unit" in ch.glued["cj_priority_text"]
    assert "crosses the x-axis at load 1.10" in ch.glued["cj_priority_text"]
    assert ch.glued["cj_sensitivity_text"] == ("The sensitivity runs were skipped in this run "
                                               "(sensitivity_replications = 0).")


def test_review_rows_answer_each_finding_with_this_runs_statuses():
    """Six rows (five findings of issue 24, one of the audit); each response carries the run's own status."""
    ch = _chapter()
    R = _results()
    score(ch, R)
    rows = text.review_rows(ch.metrics, R, {c.id: c for c in ch.scorecard.checks})
    assert len(rows) == 6 and all(len(r) == 3 and all(x.strip() for x in r) for r in rows)
    assert "OUR ASSUMPTION" in rows[0][1] and "not run" in rows[0][1]       # R["reading"] is None here
    assert "not reproduced" in rows[2][1]                                    # 0.989 against 0.98 +- 0.005
    assert "the optimal buffer is 101 ± 1 ms" in rows[3][1]


def test_saturation_sentence_follows_the_censored_count():
    R = _results()
    for top, start in ((0, "No run has its optimal buffer at the end of the sweep"),
                       (4, "4 of 150 runs have their optimal buffer at the end")):
        ch = _chapter()
        ch.metrics.update(EXPLAIN_METRICS, pooled_optimum_at_top=top)
        score(ch, R)
        text.explain(ch, R)
        assert ch.glued["cj_saturation_text"].startswith(start)


def _review():
    from mmperf.data import load_table

    return load_table("claypool", "review_claypool_jitter")

def test_the_independent_review_refuses_a_renamed_check_the_table_does_not_have():
    """A reviewed check renamed since the review is looked up by its current_id, which must be in the table."""
    from mmperf import review
    from mmstudies.claypool_jitter import checks

    gone = _review()
    gone.loc[gone["current_id"].fillna("") != "", "current_id"] = "no-such-check"
    with pytest.raises(ValueError, match="no-such-check"):
        review.checked_rows(gone, text.INDEPENDENT_REVIEW, [c.id for c in checks.table().checks])
