"""Experiment designs and runs, and the chapter's findings from them (``run``, ``analyse``, ``record``)."""

from __future__ import annotations

import inspect
import math
from dataclasses import fields

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from test_claypool_jitter_scoring import score  # noqa: E402  (the notebook's score_table, without the audit)

from mmbook.params import load_chapter  # noqa: E402
from mmperf.checks import Scorecard  # noqa: E402
from mmperf.data import load_table  # noqa: E402
from mmstudies import claypool_jitter as cj  # noqa: E402
from mmstudies.claypool_jitter import experiments as ex  # noqa: E402
from mmstudies.claypool_jitter import figures, text  # noqa: E402
from mmstudies.claypool_jitter.data import load_inputs  # noqa: E402

SETTINGS = cj.MetricSettings()


def _chapter_kwargs(generator: str) -> dict:
    """The chapter's default parameters, with cost settings cut to a quick run."""
    p = load_chapter("claypool-jitter").defaults()
    featured = {k: p[k] for k in ("specint92", "processor_load", "priority", "network_Mbps", "network_load",
                                  "period_ms", "frame_bytes")}
    mechanisms = {k: p[k] for k in ("quantum_ms", "stall_rate_per_min", "stall_mean_ms", "stall_distribution",
                                    "cross_message_bytes", "cpu_burst_ms", "environment_sd_ms")}
    settings = {k: p[k] for k in ("gap_buffer_ms", "buffer_max_ms", "latency_limit_ms", "gap_limit_pct",
                                  "range_definition", "lateness_reference")}
    return {"seed": p["seed"], "replications": 2, "run_length_s": 10.0, "warmup_s": 1.0, "generator": generator,
            "featured": featured, "mechanisms": mechanisms, "settings": settings,
            "loaded_network_utilisation": p["loaded_network_utilisation"], "light_load": p["light_load"],
            "years": 2, "annual_growth": p["annual_growth"], "miniexp1": [(160.0, 1280), (33.0, 6000)],
            "miniexp2": [(30.0, 1280), (160.0, 1280)], "loads": [1.0, 2.0, 3.0], "workers": 1}


@pytest.mark.parametrize("generator", ["timeslice", "ciw"])
def test_both_generators_run_from_the_chapters_parameters(generator):
    study = cj.simulate_study(**_chapter_kwargs(generator))
    expected = {"processor": 4 * 3 * 2, "power": 4 * 2, "priority": 3 * 3 * 2, "network": 6 * 2,
                "additivity": 6 * 2, "miniexp1": 2 * 2, "miniexp2": 2 * 2, "environment": 5, "years": 2 * 3 * 2,
                "featured": 2}
    for name, n in expected.items():
        assert len(study[name]) == n, name
        assert study[name]["Variance"].notna().all()
    assert set(study["network_traces"]) == {(k, r) for k in range(6) for r in range(2)}
    pooled = cj.pooled_chapter3_runs(study)
    assert len(pooled) == (24 + 8 + 18 + 12)


def test_designs_cover_the_thesis_experiments():
    loads = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert len(cj.processor_design(loads)) == 4 * 6
    assert len(cj.priority_design(loads, 21.8)) == 3 * 6
    assert len(cj.network_design(0.5, 21.8)) == 3 * 2
    power = cj.power_design(0.25)
    assert {r["system"].specint92 for r in power} == set(load_table("claypool", "ch3_table3_3")["SPECint92"])
    assert all(r["system"].stall_factor == 0.0 for r in power)          # isolated: no stalls
    mini = cj.miniexp_design(cj.EndSystem(processor_load=3.0), [(30.0, 1280)], "m")
    assert mini[0]["system"].processor_load == 0.0                      # unloaded mini-experiments
    years = cj.years_design(cj.EndSystem(), 3, 2.0)
    assert max(r["system"].specint92 for r in years) == pytest.approx(21.8 * 8)


def test_run_design_is_deterministic_and_independent_of_workers():
    rows = cj.priority_design([1.0, 3.0], 21.8)[:2]
    kw = {"replications": 2, "run_length_s": 10, "warmup_s": 1, "seed": 5, "generator": "timeslice"}
    a, _ = cj.run_design(rows, cj.Mechanisms(), SETTINGS, workers=1, **kw)
    b, _ = cj.run_design(rows, cj.Mechanisms(), SETTINGS, workers=2, **kw)
    pd.testing.assert_frame_equal(a, b)
    assert list(a["replication"]) == [0, 1, 0, 1]


def test_sensitivity_varies_one_value_at_a_time():
    kw = _chapter_kwargs("timeslice")
    paper = load_table("claypool", "ch3_table3_2").set_index("measure")
    sens = cj.sensitivity(seed=1, replications=1, warmup_s=1.0, featured=kw["featured"], mechanisms=kw["mechanisms"],
                          settings=kw["settings"], paper=paper, loaded_network_utilisation=0.5, light_load=0.25,
                          loads=[1.0, 2.0, 3.0], run_lengths=[10.0, 20.0], stall_rates=[0.0, 2.0], quanta=[50.0],
                          run_length_s=10.0, workers=1)
    assert len(sens) == 15 * 5
    assert set(sens["parameter"]) == {"run_length_s", "stall_rate_per_min", "quantum_ms"}
    assert sens["ours_r"].between(-1, 1).all()


# ----------------------------------------------------------------------------- the chapter's runs and findings
#: the chapter's design-test cost settings (notebooks/claypool-jitter.yml, design: fixed), shorter still
SMALL = {"replications": 2, "run_length_s": 10.0, "warmup_s": 1.0, "years": 2, "max_load": 3,
         "sensitivity_replications": 1}


def _params(**changes) -> dict:
    return load_chapter("claypool-jitter").resolve({**SMALL, **changes})


def test_the_parameter_groups_are_the_fields_of_their_dataclasses():
    """Each group of chapter parameters is exactly the dataclass it builds, so none is dropped on the way."""
    names = lambda cls: {f.name for f in fields(cls)}  # noqa: E731
    assert set(ex.FEATURED_KEYS) == names(cj.EndSystem) - {"stall_factor"}     # stall_factor: per design
    assert set(ex.SETTING_KEYS) == names(cj.MetricSettings)
    assert set(ex.MECHANISM_KEYS) == names(cj.Mechanisms)
    spec = load_chapter("claypool-jitter").parameters
    assert set(ex.FEATURED_KEYS + ex.SETTING_KEYS + ex.MECHANISM_KEYS) <= set(spec)


def test_study_and_sensitivity_arguments_fill_every_parameter_of_their_functions():
    p, inputs = _params(), load_inputs()
    study = ex.study_arguments(p, inputs.v3)
    assert set(study) == set(inspect.signature(ex.simulate_study).parameters) - {"workers"}
    assert study["loads"] == [1.0, 2.0, 3.0] and study["replications"] == 2
    assert study["miniexp1"] == [(160.0, 1280.0), (100.0, 4000.0), (33.0, 6000.0)]        # seed lines 784-790
    assert study["miniexp2"] == [(30.0, 1280), (70.0, 1280), (110.0, 1280), (160.0, 1280)]  # seed line 792
    sens = ex.sensitivity_arguments(p, inputs.table32)
    assert set(sens) == set(inspect.signature(ex.sensitivity).parameters) - {"workers"}
    assert sens["replications"] == 1                          # sensitivity_replications, not replications
    assert sens["run_lengths"] == pytest.approx([3.0, 10.0, 30.0])   # a third, one and three times 10 s


def test_pairs_with_bands_marks_ours_inside_the_fisher_band():
    """n = 103: the band is tanh(atanh(r) +- 1.959964 / 10); for r = 0 that is +-0.193525
    (tanh x = x - x³/3 + 2x⁵/15 - ...: 0.195996 - 0.002510 + 0.000039)."""
    pairs = pd.DataFrame({"pair": ["A-B", "A-C", "B-C"], "paper_r": [0.0, 0.0, 0.5], "ours_r": [0.19, 0.2, 0.0],
                          "difference": [0.19, 0.2, -0.5]})
    t = ex.pairs_with_bands(pairs, 103)
    assert t["band_low"][0] == pytest.approx(-0.193525, abs=1e-6)
    assert t["band_high"][0] == pytest.approx(0.193525, abs=1e-6)
    assert t["inside"].tolist() == [True, False, False]


def test_best_sensitivity_setting_counts_pairs_within_a_tenth():
    sens = pd.DataFrame({"parameter": ["quantum_ms"] * 3 + ["stall_rate_per_min"] * 3,
                         "value": [20.0, 20.0, 50.0, 0.25, 0.25, 0.25],
                         "difference": [0.1, -0.05, 0.0, 0.11, -0.09, 0.0]})
    # quantum 20: two within (|0.1| counts), quantum 50: one, stall 0.25: two; the first of the tied wins
    assert ex.best_sensitivity_setting(sens) == (2, "quantum_ms = 20")
    assert ex.best_sensitivity_setting(sens, within=0.099) == (2, "stall_rate_per_min = 0.25")


def test_meet_spread_is_the_height_spread_over_the_mean_slope():
    fits = pd.DataFrame({"intercept": [-1.0, 0.0, 1.0], "slope": [1.0, 2.0, 3.0]})
    assert ex.meet_spread(fits) == 2.0                 # heights 0, 2, 4 at load 1: spread 4 / mean slope 2
    assert ex.meet_spread(fits, at=0.0) == 1.0         # intercepts -1..1: spread 2 / 2


def test_fits_table_rescales_only_the_coefficients():
    fits = pd.DataFrame({"machine": ["SLC", "IPC"], "slope": [3e9, 1e9], "slope_ci_low": [2e9, 0.0],
                         "slope_ci_high": [4e9, 2e9], "intercept": [-3e9, 5e8], "r": [0.99, 0.5],
                         "x_intercept": [1.0, -0.5], "n": [18, 18]})
    t = ex.fits_table(fits, ["machine", *ex.FIT_COLUMNS, "r", "x_intercept", "n"])
    assert t.iloc[0].tolist() == ["SLC", 3.0, 2.0, 4.0, -3.0, 0.99, 1.0, 18]
    assert fits["slope"].tolist() == [3e9, 1e9]        # the input is left alone


def test_paper_additivity_recomputes_table_5_4s_errors():
    """(976.00 - 913.72) / 913.72 = 6.816 %; (648.93 - 641.14) / 641.14 = 1.215 %; (529.77 - 538.41) / 538.41
    = -1.605 %."""
    t = ex.paper_additivity(load_inputs().table54)
    assert t["error_pct"].round(3).tolist() == [6.816, 1.215, -1.605]


def test_additivity_comparison_puts_the_thesis_above_ours_in_ms2():
    paper = ex.paper_additivity(load_inputs().table54)
    ours = pd.DataFrame({"network": ["Ethernet"], "bandwidth_Mbit_s": [10.0], "processor_jitter": [2e6],
                         "network_jitter": [1e6], "predicted_jitter": [3e6], "actual_jitter": [4e6],
                         "error_pct": [-25.0]})
    t = ex.additivity_comparison(paper, ours)
    assert list(t.columns) == ["source", "network", *ex.JITTER_COLUMNS, "error_pct"]
    assert t["source"].tolist() == ["thesis Table 5.4 (no units)"] * 3 + ["ours (variance, ms²)"]
    assert t.iloc[3][list(ex.JITTER_COLUMNS)].tolist() == [2.0, 1.0, 3.0, 4.0]    # µs² / 10^6 = ms²
    assert t.iloc[0]["processor_jitter"] == 564.63                                 # the thesis's, unscaled


def test_regressions_table_puts_the_printed_lines_beside_ours():
    vb = load_inputs().vb
    ours = {"slope": 2.0, "intercept": 3.0, "r": 0.5}
    t = ex.regressions_table(vb, ours, {"slope": 4.0, "intercept": 5.0, "r": 0.6})
    assert t.iloc[0].tolist() == ["Buf. vs Area", 26.5, -624000.0, 0.96, 2.0, 3.0, 0.5]   # seed lines 1502-1518
    assert t.iloc[1].tolist() == ["Area vs Jitter", 0.000198, 1590000.0, 0.95, 4.0, 5.0, 0.6]


def test_first_years_uses_the_mean_of_each_year():
    yr = pd.DataFrame({"priority": ["default"] * 4 + ["realtime"] * 2, "year": [0, 0, 1, 1, 0, 1],
                       "Variance": [0.0, 4.0, 3.0, 1.0, 0.5, 9.0]})
    # default: mean 2 in year 0 and 2 in year 1; realtime: 0.5 then 9
    assert ex.first_years(yr, 2.0) == {"default": 0.0, "realtime": 0.0}
    got = ex.first_years(yr, 1.0)
    assert got["realtime"] == 0.0 and math.isnan(got["default"])


def test_findings_refuse_an_undefined_metric_without_a_reason():
    f = ex.Findings(params={}, inputs=None, study={})
    assert f.put("a", np.float64(2.5), unit="ms") == 2.5
    assert math.isnan(f.put("b", math.nan, reason="no crossing"))
    with pytest.raises(ValueError, match="'c' is nan"):
        f.put("c", math.nan)
    assert f.metrics == {"a": (2.5, "ms", ""), "b": (f.value("b"), "", "no crossing")}


class CallLog:
    """A chapter that logs the calls :func:`experiments.record` makes."""

    def __init__(self):
        self.calls = []

    def warn(self, what, why):
        self.calls.append(("warn", what, why))

    def metric(self, name, value, unit=""):
        self.calls.append(("metric", name, value, unit))

    def value_or_undefined(self, name, value, reason, unit=""):
        self.calls.append(("value_or_undefined", name, value, reason, unit))

    def glue(self, name, value):
        self.calls.append(("glue", name, value))


def test_record_writes_warnings_metrics_in_order_and_glued_texts():
    f = ex.Findings(params={}, inputs=None, study={}, warnings=[("w", "why")])
    f.put("z", 1.0)
    f.put("a", 2.0, unit="year", reason="never below")
    f.glued["t"] = "text"
    ch = CallLog()
    ex.record(ch, f)
    assert ch.calls == [("warn", "w", "why"), ("metric", "z", 1.0, ""),
                        ("value_or_undefined", "a", 2.0, "never below", "year"), ("glue", "t", "text")]


@pytest.fixture(scope="module")
def small_findings():
    """The whole analysis on a short simulated study (10-s traces, two replications, three loads)."""
    p, inputs = _params(), load_inputs()
    study = ex.simulate_study(**ex.study_arguments(p, inputs.v3), workers=1)
    return ex.analyse(study, p, inputs, reflection=ex.reflection_traces(p))


def test_analyse_records_every_metric_the_scorecard_and_the_prose_read(small_findings):
    f = small_findings
    for name, (value, _unit, reason) in f.metrics.items():
        assert math.isfinite(value) or reason, name
    assert f.value("table32_runs") == len(f.pooled) == 4 * 3 * 2 + 4 * 2 + 3 * 3 * 2 + 6 * 2
    assert f.value("simulated_traces") == sum(len(v) for v in f.study.values() if isinstance(v, pd.DataFrame))
    assert (f.value("example_variance_1"), f.value("example_variance_2")) == (12.5, 25.0)   # seed line 771
    assert f.value("derived_seconds_per_drop") == 8.0          # 1 / (2 % x 6.25 frames/s)
    assert math.isnan(f.value("sens_best_within_01"))          # no sensitivity runs were passed
    assert f.glued["sens_best_setting"] == "none (skipped)" and f.glued["generator_name"] == "time-slice generator"
    assert f.R["n_pooled"] == len(f.pooled) and f.R["n_load_points"] == 3 * 2
    # the scorecard and the prose read "never below the threshold" as None, never as NaN
    for k, year in f.R["first_year"].items():
        assert (year is None) == math.isnan(f.value(f"ours_first_year_{k}")), k

    from mmbook.chapter import Chapter

    class Ch(Chapter):  # the chapter record's own judge(): the text composes judgements from the scorecard
        def __init__(self):  # no notebook, no kernel: only what score() and explain() read
            self.scorecard, self.metrics, self.glued = Scorecard("claypool-jitter"), {}, {}
            self.judgements = []

        def glue(self, name, value):
            self.glued[name] = value

        def scorecard_summary(self):
            return "summary."

    ch = Ch()
    ch.metrics.update({k: v for k, (v, _, _) in f.metrics.items() if math.isfinite(v)})
    ch.parameters, ch.undefined_metrics = dict(f.params), {}
    score(ch, f.R)
    text.explain(ch, f.R)
    assert len(ch.scorecard.checks) >= 40 and ch.glued["cj_mismatches"].startswith("summary.")


def test_every_figure_draws_from_its_findings(small_findings):
    f = small_findings
    assert set(f.plots) == {"reflection", "packet_rate", "correlation_heatmaps", "note", "load_lines",
                            "environments", "power", "priority", "networks", "compensation", "buffer_regressions",
                            "years"}
    for name, args in f.plots.items():
        fig = getattr(figures, name)(*args)
        assert isinstance(fig, plt.Figure), name
        plt.close(fig)


def test_run_warns_when_the_time_slice_generator_rounds_the_load(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path))
    p = _params(processor_load=1.5, sensitivity_replications=0, run_length_s=10.0)
    f = ex.run(p)
    assert f.warnings == [("processor_load rounded", "the time-slice generator runs whole counter processes: "
                           "processor_load = 1.5 runs 2 counters in the featured condition")]
    assert f.glued["simulation_seconds"] > 0 and f.sens is None
