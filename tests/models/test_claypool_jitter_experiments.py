"""Experiment designs and runs, and the chapter's findings from them (``run``, ``analyse``, ``record``)."""

from __future__ import annotations

import inspect
import math
from dataclasses import fields, replace
from types import SimpleNamespace

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


# ----------------------------------------------------------------------------- added from the mutation run (2026-11-27)
# Fast tests for the mutation run (benchmarks/mutation.py FAST_TESTS): the simulations, the pool and the cache
# are faked, so the designs, the seeds, the runs' rows and every section of analyse run in well under a second.
PRIORITY_SD = {"default": 1.0, "nice": 1.5, "realtime": 0.2}


def _fake_trace(system, mech, *, generator, run_length_s, warmup_s, seed):
    """A made-up trace: 40 interarrival times (µs) around the period, spread by the load, network and priority."""
    sd = (1000.0 * (1.0 + system.processor_load + 40.0 * system.network_load / system.network_Mbps)
          * (21.8 / system.specint92) ** 0.5 * PRIORITY_SD[system.priority] * (1.0 + system.stall_factor))
    x = 1000.0 * system.period_ms + sd * np.random.default_rng(seed).standard_normal(40)
    return x, system.processor_load + 0.125


class PmapLog:
    """:func:`mmperf.parallel.pmap` in this process, logging its tasks and workers."""

    def __init__(self):
        self.calls = []

    def __call__(self, func, tasks, workers=None):
        tasks = list(tasks)
        self.calls.append((tasks, workers))
        return [func(t) for t in tasks]


@pytest.fixture
def faked(monkeypatch):
    pm = PmapLog()
    monkeypatch.setattr(ex, "simulate_trace", _fake_trace)
    monkeypatch.setattr(ex, "pmap", pm)
    return pm


def _faked_study(**changes):
    p = _params(**changes)
    inputs = load_inputs()
    return p, inputs, ex.simulate_study(**ex.study_arguments(p, inputs.v3), workers=1)


def test_one_run_passes_its_task_to_the_simulation_and_the_metrics(monkeypatch):
    calls = []

    def sim(system, mech, **kw):
        calls.append(("sim", system, mech, kw))
        return np.array([1.0, 2.0]), 3.5

    def metrics(x, period_ms, settings):
        calls.append(("metrics", x.tolist(), period_ms, settings))
        return {"Variance": 7.0}

    monkeypatch.setattr(ex, "simulate_trace", sim)
    monkeypatch.setattr(ex, "trace_metrics", metrics)
    system, mech = cj.EndSystem(period_ms=30.0), cj.Mechanisms()
    out, x = ex._one_run((system, mech, SETTINGS, "ciw", 10.0, 2.0, 17, True))
    assert out == {"Variance": 7.0, "load": 3.5} and x.tolist() == [1.0, 2.0]
    assert calls == [("sim", system, mech, {"generator": "ciw", "run_length_s": 10.0, "warmup_s": 2.0, "seed": 17}),
                     ("metrics", [1.0, 2.0], 30.0, SETTINGS)]
    out, x = ex._one_run((system, mech, SETTINGS, "ciw", 10.0, 2.0, 17, False))
    assert x is None


def test_run_design_seeds_rows_and_traces_with_the_runs_faked(faked):
    rows = [{"experiment": "e", "machine": "m1", "system": cj.EndSystem(processor_load=1.0)},
            {"experiment": "e", "machine": "m2", "system": cj.EndSystem(processor_load=2.0)}]
    mech = cj.Mechanisms()
    runs, traces = ex.run_design(rows, mech, SETTINGS, generator="timeslice", replications=2, run_length_s=10.0,
                                 warmup_s=1.0, seed=40, keep_traces=True, workers=3)
    (tasks, workers), = faked.calls
    assert workers == 3
    assert [t[6] for t in tasks] == [40, 41, 42, 43]
    assert [t[0].processor_load for t in tasks] == [1.0, 1.0, 2.0, 2.0]
    assert all(t[1:6] == (mech, SETTINGS, "timeslice", 10.0, 1.0) and t[7] is True for t in tasks)
    assert runs["replication"].tolist() == [0, 1, 0, 1] and runs["machine"].tolist() == ["m1", "m1", "m2", "m2"]
    assert runs["load"].tolist() == [1.125, 1.125, 2.125, 2.125]
    assert "system" not in runs.columns and runs["processor_load"].tolist() == [1.0, 1.0, 2.0, 2.0]
    assert sorted(traces) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    x, _ = _fake_trace(rows[1]["system"], mech, generator="timeslice", run_length_s=10.0, warmup_s=1.0, seed=43)
    assert traces[(1, 1)].tolist() == x.tolist()
    assert runs["Variance"].iloc[3] == cj.trace_metrics(x, 160.0, SETTINGS)["Variance"]
    runs, traces = ex.run_design(rows, mech, SETTINGS, generator="ciw", replications=1, run_length_s=10.0,
                                 warmup_s=1.0, seed=0)
    assert traces == {} and faked.calls[1][1] is None and [t[7] for t in faked.calls[1][0]] == [False, False]
    # a pool that returned fewer results than tasks is an error, not a shorter table
    ex.pmap = lambda func, tasks, workers=None: [func(t) for t in list(tasks)[:-1]]
    with pytest.raises(ValueError, match="zip"):
        ex.run_design(rows, mech, SETTINGS, generator="ciw", replications=1, run_length_s=10.0, warmup_s=1.0, seed=0)


#: a featured condition unlike EndSystem's defaults in every field, so each design shows what it keeps of it
ODD_FEATURED = {"specint92": 30.0, "processor_load": 2.0, "priority": "nice", "network_Mbps": 100.0,
                "network_load": 0.2, "period_ms": 50.0, "frame_bytes": 2000}


def _design_systems(p: dict) -> dict[str, list]:
    """Each design's conditions of simulate_study at ``p``, written out from the thesis's sections."""
    E = cj.EndSystem
    feat = E(**{k: p[k] for k in ex.FEATURED_KEYS})
    loads, u, growth = [1.0, 2.0, 3.0], p["loaded_network_utilisation"], p["annual_growth"]
    specs = [8.6, 13.8, 21.8, 64.0]
    nets = [10.0, 266.0, 800.0]
    return {
        "processor": [E(specint92=s, processor_load=L) for s in specs for L in loads],
        "power": [E(specint92=s, processor_load=p["light_load"], stall_factor=0.0) for s in specs],
        "priority": [E(specint92=21.8, processor_load=L, priority=q) for q in ("default", "nice", "realtime")
                     for L in loads],
        "network": [E(specint92=feat.specint92, network_Mbps=b, network_load=v) for b in nets for v in (0.0, u)],
        "additivity": [replace(feat, network_Mbps=b, network_load=v) for b in nets for v in (0.0, u)],
        "miniexp1": [replace(feat, period_ms=t, frame_bytes=int(n), processor_load=0.0, network_load=0.0,
                             priority="default") for t, n in ((160.0, 1280), (100.0, 4000), (33.0, 6000))],
        "miniexp2": [replace(feat, period_ms=t, processor_load=0.0, network_load=0.0, priority="default")
                     for t in (30.0, 70.0, 110.0, 160.0)],
        "environment": [replace(feat, processor_load=L, network_load=v, stall_factor=f, priority="default")
                        for L, v, f in ((1.0, 0.3, 1.0), (1.0, 0.3, 1.0), (0.0, 0.3, 1.0), (0.0, 0.1, 0.5),
                                        (0.0, 0.0, 0.0))],
        "years": [replace(feat, priority=q, specint92=feat.specint92 * growth**t,
                          network_Mbps=feat.network_Mbps * growth**t) for q in ("default", "realtime")
                  for t in range(3)],
        "featured": [feat],
    }


def test_simulate_study_designs_seed_blocks_and_traces_with_the_runs_faked(faked):
    p, inputs, study = _faked_study()
    seeds = [tasks[0][6] for tasks, _ in faked.calls]
    assert seeds == [p["seed"] + 100_000 * k for k in range(10)]
    assert [len(tasks) for tasks, _ in faked.calls] == [24, 8, 18, 12, 12, 6, 8, 5, 12, 2]
    assert sorted(study) == sorted(["processor", "power", "priority", "network", "additivity", "miniexp1",
                                    "miniexp2", "environment", "years", "featured", "network_traces",
                                    "environment_traces", "featured_traces"])
    pooled = ex.pooled_chapter3_runs(study)
    assert len(pooled) == 62 and pooled.index.tolist() == list(range(62))
    assert pooled["experiment"].tolist() == ["processor"] * 24 + ["power"] * 8 + ["priority"] * 18 + ["network"] * 12
    # every task of every design, at a featured condition and mechanisms unlike the defaults
    faked.calls.clear()
    changes = {**ODD_FEATURED, "seed": 9, "generator": "ciw", "run_length_s": 7.0, "warmup_s": 0.5,
               "quantum_ms": 20.0, "gap_buffer_ms": 100.0, "loaded_network_utilisation": 0.4, "light_load": 2.0,
               "annual_growth": 3.0}
    p = {**_params(), **changes}       # past the chapter's ranges: a made-up run costs nothing
    study = ex.simulate_study(**ex.study_arguments(p, inputs.v3), workers=1)
    mech = cj.Mechanisms(**{k: p[k] for k in ex.MECHANISM_KEYS})
    settings = cj.MetricSettings(**{k: p[k] for k in ex.SETTING_KEYS})
    assert mech.quantum_ms == 20.0 and settings.gap_buffer_ms == 100.0
    keep = {"network", "environment", "featured"}
    for block, (name, systems) in enumerate(_design_systems(p).items()):
        reps = 1 if name == "environment" else 2
        tasks, workers = faked.calls[block]
        assert workers == 1, name
        expected = [(s, mech, settings, "ciw", 7.0, 0.5, 9 + 100_000 * block + k, name in keep)
                    for k, s in enumerate(x for x in systems for _ in range(reps))]
        assert tasks == expected, name
        assert len(study[name]) == len(expected), name
        if name in keep:
            assert sorted(study[f"{name}_traces"]) == [(i, r) for i in range(len(systems)) for r in range(reps)]
    assert len(faked.calls) == 10
    assert study["processor"]["machine"].tolist() == [m for m in ("SLC", "IPC", "IPX", "Sparc 5") for _ in range(6)]
    assert study["power"]["machine"].tolist() == [m for m in ("SLC", "IPC", "IPX", "Sparc 5") for _ in range(2)]
    assert set(study["priority"]["machine"]) == {"Classic (stand-in)"}
    assert set(study["network"]["machine"]) == {"Challenge (stand-in)"}
    nets = ["Ethernet", "Fibre Channel", "HIPPI"]
    assert study["network"]["network"].tolist() == [n for n in nets for _ in range(4)]
    assert study["additivity"]["network"].tolist() == [n for n in nets for _ in range(4)]
    assert study["additivity"]["case"].tolist() == ["processor", "processor", "both", "both"] * 3
    assert study["environment"]["environment"].tolist() == ["Multi/Day", "Multi/Night", "Single/Day",
                                                            "Single/Night", "Dedicated"]
    assert study["years"]["year"].tolist() == [0, 0, 1, 1, 2, 2] * 2
    assert study["years"]["priority"].tolist() == ["default"] * 6 + ["realtime"] * 6
    for name in _design_systems(p):
        assert set(study[name]["experiment"]) == {name}, name
    # the priority design runs on the processor it is given (the chapter gives it the IPX, EndSystem's default)
    assert [r["system"] for r in ex.priority_design([1.0], 30.0)] == [
        cj.EndSystem(specint92=30.0, processor_load=1.0, priority=q) for q in ("default", "nice", "realtime")]
    # and a year's row names its priority beside the system's own
    assert ex.years_design(cj.EndSystem(), 0, 2.0) == [
        {"experiment": "years", "year": 0, "priority": q, "system": cj.EndSystem(priority=q)}
        for q in ("default", "realtime")]


def test_sensitivity_and_other_reading_with_the_runs_faked(faked):
    p, inputs = _params(), load_inputs()
    sens = ex.sensitivity(**ex.sensitivity_arguments(p, inputs.table32), workers=1)
    assert len(sens) == 15 * 11
    reading = ex.other_reading(**ex.reading_arguments(p), workers=1)
    assert set(reading["default_wakeup"]) == {"io-boost"}
    # every task, at a featured condition and mechanisms unlike the defaults
    p = {**p, **ODD_FEATURED, "seed": 3, "replications": 5, "sensitivity_replications": 2, "run_length_s": 20.0,
         "warmup_s": 0.5, "stall_mean_ms": 50.0, "gap_buffer_ms": 100.0, "light_load": 2.0,
         "loaded_network_utilisation": 0.4}
    mechanisms = {k: p[k] for k in ex.MECHANISM_KEYS}
    settings = cj.MetricSettings(**{k: p[k] for k in ex.SETTING_KEYS})
    systems = [s for name in ("processor", "power", "priority", "network") for s in _design_systems(p)[name]]
    faked.calls.clear()
    sens = ex.sensitivity(**ex.sensitivity_arguments(p, inputs.table32), workers=4)
    variants = ([("run_length_s", v, {}, v) for v in (6.0, 20.0, 60.0)]
                + [("stall_rate_per_min", v, {"stall_rate_per_min": v}, 20.0) for v in (0.0, 0.25, 1.0, 4.0)]
                + [("quantum_ms", v, {"quantum_ms": v}, 20.0) for v in (20.0, 50.0, 100.0, 200.0)])
    assert len(faked.calls) == 11
    for k, ((name, value, change, length), (tasks, workers)) in enumerate(zip(variants, faked.calls, strict=True)):
        mech = cj.Mechanisms(**{**mechanisms, **change})
        assert workers == 4
        assert tasks == [(s, mech, settings, "timeslice", pytest.approx(length), 0.5, 3 + 1_000_000 + 10_000 * k + i,
                          False) for i, s in enumerate(x for x in systems for _ in range(2))], name
        part = sens.iloc[15 * k:15 * (k + 1)]
        assert set(part["parameter"]) == {name} and part["value"].tolist() == pytest.approx([value] * 15)
        assert set(part["n_runs"]) == {31 * 2}              # 12 + 4 + 9 + 6 conditions, twice
    assert sens["value"].dtype == float
    assert sens.index.tolist() == list(range(165))
    # the other reading: the default-priority designs under the other wake-up rule, seeds from seed + 2,000,000
    for given, other in (("tail", "io-boost"), ("io-boost", "tail"), (None, "io-boost")):
        faked.calls.clear()
        args = ex.reading_arguments(p)
        args["mechanisms"] = {k: v for k, v in mechanisms.items() if k != "default_wakeup" or given}
        if given:
            args["mechanisms"]["default_wakeup"] = given
        reading = ex.other_reading(**args, workers=3)
        mech = cj.Mechanisms(**{**mechanisms, "default_wakeup": other})
        rows = _design_systems(p)["processor"] + _design_systems(p)["priority"][:3]
        (tasks, workers), = faked.calls
        assert workers == 3
        assert tasks == [(s, mech, settings, "timeslice", 20.0, 0.5, 3 + 2_000_000 + i, False)
                         for i, s in enumerate(x for x in rows for _ in range(2))]
        assert reading["default_wakeup"].tolist() == [other] * 30
        assert reading["experiment"].tolist() == ["processor"] * 24 + ["priority"] * 6


def test_stations_reading_arguments_and_reflection_traces(faked, monkeypatch):
    p = _params()
    assert [s.name for s in ex.stations(p)][:2] == ["featured link", "receive process"]
    args = ex.reading_arguments(p)
    assert args["replications"] == 1
    slow, fast = ex.reflection_traces(p)
    assert len(slow) == len(fast) == 40
    # by hand: 2000-B frames every 50 ms are 8 x 2000 x 1000 / 50 = 320,000 bit/s and 20 frames/s; their receive
    # work is 0.187 + 0.000103 x 2000 = 0.393 IPX ms, 0.1965 ms on a machine twice the IPX's 21.8
    p = {**ODD_FEATURED, "specint92": 43.6, "loaded_network_utilisation": 0.4}
    got = ex.stations(p)
    want = [("featured link", 0.2 * 100e6 + 320_000, 100e6), ("receive process", 20.0, 1000 / 0.1965),
            ("Ethernet link (loaded runs)", 0.4 * 10e6 + 320_000, 10e6),
            ("Fibre Channel link (loaded runs)", 0.4 * 266e6 + 320_000, 266e6),
            ("HIPPI link (loaded runs)", 0.4 * 800e6 + 320_000, 800e6)]
    assert [(s.name, s.arrival_rate, s.service_rate) for s in got] == [
        (n, pytest.approx(a, rel=1e-12), pytest.approx(r, rel=1e-12)) for n, a, r in want]
    assert all(s.servers == 1 and not s.bounded for s in got)
    # the other reading's arguments in full
    p = {**_params(), "seed": 4, "sensitivity_replications": 3, "run_length_s": 20.0, "warmup_s": 0.5, "max_load": 2}
    assert ex.reading_arguments(p) == {"seed": 4, "replications": 3, "run_length_s": 20.0, "warmup_s": 0.5,
                                       "mechanisms": {k: p[k] for k in ex.MECHANISM_KEYS},
                                       "settings": {k: p[k] for k in ex.SETTING_KEYS}, "loads": [1.0, 2.0]}
    # Fig 3.3's traces: the featured condition unloaded, 12 s at its period and 2.25 s at 30 ms, seed + 7
    calls = []

    def sim(system, mech, **kw):
        calls.append((system, mech, kw))
        return np.array([float(len(calls))]), 0.0

    monkeypatch.setattr(ex, "simulate_trace", sim)
    p = {**_params(), **ODD_FEATURED, "seed": 5, "generator": "ciw", "warmup_s": 0.5, "quantum_ms": 20.0}
    slow, fast = ex.reflection_traces(p)
    assert (slow.tolist(), fast.tolist()) == ([1.0], [2.0])
    quiet = cj.EndSystem(specint92=30.0, processor_load=0.0, priority="default", network_Mbps=100.0,
                         network_load=0.0, period_ms=50.0, frame_bytes=2000)
    mech = cj.Mechanisms(**{k: p[k] for k in ex.MECHANISM_KEYS})
    common = {"generator": "ciw", "warmup_s": 0.5, "seed": 12}
    assert calls == [(quiet, mech, {"run_length_s": 12, **common}),
                     (replace(quiet, period_ms=30.0), mech, {"run_length_s": 2.25, **common})]


def test_run_with_the_cache_and_the_runs_faked(faked, monkeypatch):
    cache = []

    def cached(func, **kw):
        cache.append(func.__name__)
        return func(**kw, workers=1)

    monkeypatch.setattr(ex, "cached", cached)
    f = ex.run(_params(processor_load=2.0))
    assert cache == ["simulate_study", "sensitivity", "other_reading"]
    assert f.warnings == [] and f.glued["simulation_seconds"] >= 0
    assert f.sens is not None and len(f.sens) == 15 * 11 and f.R["reading"]["wakeup"] == "io-boost"
    assert f.metrics["sens_best_within_01"][2] == ""
    # the sensitivity section with the runs, and the other reading's fits recomputed
    from mmstudies.claypool_jitter.analytic import fit_line

    p, inputs = _params(processor_load=2.0), load_inputs()
    sens = ex.sensitivity(**ex.sensitivity_arguments(p, inputs.table32), workers=1)
    pd.testing.assert_frame_equal(f.sens, sens)
    assert f.R["sens"] is f.sens
    assert f.plots["sensitivity"][0] is f.sens
    assert f.plots["sensitivity"][1] == {"run_length_s": 10.0, "stall_rate_per_min": 1.0, "quantum_ms": 100.0}
    count, setting = ex.best_sensitivity_setting(sens)
    assert f.metrics["sens_best_within_01"] == (count, "", "")
    assert f.R["sens_best_setting"] == f.glued["sens_best_setting"] == setting
    reading = ex.other_reading(**ex.reading_arguments(p), workers=1)
    got = f.R["reading"]
    assert sorted(got) == ["class_r", "default_slope", "n", "slopes", "wakeup"]
    assert got["wakeup"] == "io-boost" and got["n"] == 12 + 3 and type(got["n"]) is int     # one replication
    for machine in ("SLC", "IPC", "IPX", "Sparc 5"):
        rows = reading[(reading["experiment"] == "processor") & (reading["machine"] == machine)]
        fit = fit_line(rows["load"], rows["Variance"])
        assert got["class_r"][machine] == pytest.approx(fit["r"], rel=1e-12), machine
        assert got["slopes"][machine] == pytest.approx(fit["slope"], rel=1e-12), machine
    assert list(got["class_r"]) == list(got["slopes"]) == ["SLC", "IPC", "IPX", "Sparc 5"]
    rows = reading[reading["experiment"] == "priority"]
    fit = fit_line(rows["load"], rows["Variance"])
    assert got["default_slope"] == pytest.approx((fit["slope"], fit["slope_ci_low"], fit["slope_ci_high"]), rel=1e-12)
    cache.clear()
    f = ex.run(_params(processor_load=1.5, sensitivity_replications=0))
    assert cache == ["simulate_study"] and f.sens is None and f.R["reading"] is None
    assert f.warnings == [("processor_load rounded", "the time-slice generator runs whole counter processes: "
                           "processor_load = 1.5 runs 2 counters in the featured condition")]
    cache.clear()
    f = ex.run(_params(processor_load=1.5, generator="ciw"))
    assert cache == ["simulate_study", "sensitivity"] and f.warnings == [] and f.R["reading"] is None
    # what goes into the cache and into analyse, and how the study's time is measured
    calls = []
    inputs = load_inputs()

    def cached_log(func, **kw):
        calls.append((func, kw))
        return {"simulate_study": "study", "sensitivity": "sens", "other_reading": "reading"}[func.__name__]

    def analyse(study, p, given_inputs, sens=None, reflection=None):
        calls.append(("analyse", study, p, given_inputs, sens, reflection))
        return ex.Findings(params=p, inputs=given_inputs, study=study, sens=sens, warnings=[("w", "from analyse")])

    ticks = iter([100.0, 102.5])
    monkeypatch.setattr(ex, "cached", cached_log)
    monkeypatch.setattr(ex, "analyse", analyse)
    monkeypatch.setattr(ex, "reflection_traces", lambda p: ("slow", p["seed"]))
    monkeypatch.setattr(ex, "_reading", lambda f, reading: calls.append(("_reading", reading)))
    monkeypatch.setattr(ex, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))
    p = _params(processor_load=2.5)
    f = ex.run(p, inputs)
    assert calls == [(ex.simulate_study, ex.study_arguments(p, inputs.v3)),
                     (ex.sensitivity, ex.sensitivity_arguments(p, inputs.table32)),
                     ("analyse", "study", p, inputs, "sens", ("slow", 1)),
                     (ex.other_reading, ex.reading_arguments(p)), ("_reading", "reading")]
    assert f.glued == {"simulation_seconds": 2.5}
    assert f.warnings == [("processor_load rounded", "the time-slice generator runs whole counter processes: "
                           "processor_load = 2.5 runs 2 counters in the featured condition"), ("w", "from analyse")]
    # without inputs, run loads them
    calls.clear()
    ticks = iter([0.0, 1.0])
    monkeypatch.setattr(ex, "load_inputs", lambda: inputs)
    ex.run(_params(sensitivity_replications=0))
    assert calls[1][3] is inputs and calls[-1] == ("_reading", None)


def _mean(values) -> float:
    values = [float(v) for v in values]
    return sum(values) / len(values)


def _expected_metrics(study, p, inputs):
    """Every metric analyse puts, in its order, recomputed from the runs with the analytic functions."""
    from mmperf import jitter
    from mmperf.stats import mean_ci
    from mmstudies.claypool_jitter import analytic as an

    v3, vb = inputs.v3, inputs.vb
    m = {}
    ex_ = an.range_example()
    m["example_range_maxmin"] = (ex_["range (max-min)"][0], "", "")
    m["example_variance_1"] = (ex_["variance"][0], "", "")
    m["example_variance_2"] = (ex_["variance"][1], "", "")
    m["simulated_traces"] = (24 + 8 + 18 + 12 + 12 + 6 + 8 + 5 + 12 + 2, "", "")
    for k in (1, 2):
        mini = study[f"miniexp{k}"]
        m[f"ours_r_exp{k}"] = (np.corrcoef(mini["period_ms"], mini["positive_dev_variance"])[0, 1], "", "")
    pooled = pd.concat([study[k] for k in ("processor", "power", "priority", "network")])
    pairs = an.pairwise_comparison(an.correlation_matrix(pooled), inputs.table32)
    m["table32_runs"] = (62, "", "")
    m["table32_mean_abs_difference"] = (_mean(abs(d) for d in pairs["difference"] if not math.isnan(d)), "", "")
    rng = [r for pair, r in zip(pairs["pair"], pairs["ours_r"], strict=True) if pair.startswith("Range")]
    other = [r for pair, r in zip(pairs["pair"], pairs["ours_r"], strict=True) if not pair.startswith("Range")]
    m["ours_range_r_max"], m["ours_range_r_min"] = (max(rng), "", ""), (min(rng), "", "")
    m["ours_other_r_min"], m["ours_other_r_max"] = (min(other), "", ""), (max(other), "", "")
    bands = [an.fisher_ci(r, 52) for r in pairs["paper_r"]]     # the thesis's 4 x 6 + 4 + 3 x 6 + 3 x 2 runs
    m["table32_pairs_in_band"] = (sum(lo <= r <= hi for (lo, hi), r in zip(bands, pairs["ours_r"], strict=True)), "", "")
    m["table32_pairs_within_01"] = (sum(abs(d) <= 0.1 for d in pairs["difference"]), "", "")
    m["sens_best_within_01"] = (math.nan, "", "sensitivity runs skipped (sensitivity_replications = 0)")
    proc = study["processor"]
    fits = {mach: an.fit_line(g["load"], g["Variance"]) for mach, g in proc.groupby("machine")}
    m["ours_r_load_slc"] = (fits["SLC"]["r"], "", "")
    m["ours_r_load_min"] = (min(v["r"] for v in fits.values()), "", "")
    m["ours_r_load_max"] = (max(v["r"] for v in fits.values()), "", "")
    heights = [v["intercept"] + v["slope"] for v in fits.values()]
    m["ours_meet_spread_load"] = ((max(heights) - min(heights)) / _mean(v["slope"] for v in fits.values()), "", "")
    power = study["power"]
    m["ours_r_power"] = (an.fit_line(power["specint92"], 1 / power["Variance"])["r"], "", "")
    top = proc[proc["processor_load"] == 3.0]
    spec = sorted(set(top["specint92"]))
    m["ours_spec_exponent_loaded"] = (an.scaling_exponent(
        spec, [_mean(top[top["specint92"] == s]["Variance"]) for s in spec]), "", "")
    spec = sorted(set(power["specint92"]))
    m["ours_spec_exponent_isolated"] = (an.scaling_exponent(
        spec, [_mean(power[power["specint92"] == s]["Variance"]) for s in spec]), "", "")
    prio = study["priority"]
    pf = {pr: an.fit_line(prio[prio["priority"] == pr]["load"], prio[prio["priority"] == pr]["Variance"])
          for pr in ("default", "nice", "realtime")}
    for pr in ("default", "nice", "realtime"):
        m[f"ours_slope_{pr}"] = (pf[pr]["slope"], "", "")
    for pr in ("default", "nice"):
        g = prio[prio["priority"] == pr]
        xi = an.x_intercept_ci(g["load"], g["Variance"], seed=p["seed"])[0]
        m[f"ours_x_intercept_{pr}"] = (xi if pf[pr]["slope_ci_low"] > 0 else math.nan, "load",
                                       f"the {pr} line's slope is not positive (its 95 % CI reaches zero)")
    for pr in ("default", "nice"):
        m[f"ours_max_variance_{pr}"] = (_mean(prio[(prio["priority"] == pr) & (prio["processor_load"] == 3.0)]
                                              ["Variance"]), "", "")
    net = study["network"]
    loaded = net[net["network_load"] == p["loaded_network_utilisation"]]
    m["ours_r_bandwidth"] = (an.fit_line(loaded["network_Mbps"], 1 / loaded["Variance"])["r"], "", "")
    t54 = inputs.table54
    m["table54_r_bandwidth"] = (an.fit_line(t54["bandwidth_Mbit_s"], 1 / t54["network_jitter"])["r"], "", "")
    quiet = [_mean(net[(net["network"] == n) & (net["network_load"] == 0)]["Variance"]) for n in cj.NETWORKS]
    m["ours_quiet_network_spread"] = (max(quiet) / min(quiet), "", "")
    lv = {n: _mean(loaded[loaded["network"] == n]["Variance"]) for n in cj.NETWORKS}
    m["ours_loaded_ethernet_over_hippi"] = (lv["Ethernet"] / lv["HIPPI"], "", "")
    paper_err = [100 * (a - b) / b for a, b in zip(t54["predicted_jitter"], t54["actual_jitter"], strict=True)]
    m["table54_max_abs_error_pct"] = (max(abs(e) for e in paper_err), "", "")
    errors = an.additivity_error_ci(study["additivity"], net)
    worst = max(range(len(errors)), key=lambda i: abs(errors["error_pct"].iloc[i]))
    m["ours_additivity_max_abs_error_pct"] = (abs(errors["error_pct"].iloc[worst]), "", "")
    m["ours_additivity_ci_pct"] = (errors["ci_half_width_pct"].iloc[worst], "", "")
    feat = study["featured"]
    buffers = cj.MetricSettings(**{k: p[k] for k in ex.SETTING_KEYS}).buffers_us()
    lates = [jitter.lateness(study["featured_traces"][(0, r)], 1000 * p["period_ms"], p["lateness_reference"])
             for r in (0, 1)]
    m100 = mean_ci([jitter.dropped_percent(late, 1000 * vb["fig521_buffer_ms"]) for late in lates])
    mz = mean_ci([late.max() / 1000 for late in lates])
    m["ours_drop_pct_at_100ms"], m["ours_drop_pct_at_100ms_ci"] = (m100[0], "", ""), (m100[1], "", "")
    m["ours_zero_drop_buffer_ms"], m["ours_zero_drop_buffer_ms_ci"] = (mz[0], "", ""), (mz[1], "", "")
    at_top = sum(b >= buffers[-1] - 0.5 for b in feat["optimal_buffer_us"])
    mb = mean_ci(feat["optimal_buffer_us"] / 1000)
    censored = (f"at least {buffers[-1] / 1000:g} ms: {at_top} of 2 featured traces have their optimum at the top of "
                "the buffer sweep (buffer_max_ms), so the optimal buffer is a lower bound, not a value")
    m["ours_optimal_buffer_at_top"] = (at_top, "", "")
    m["ours_optimal_buffer_ms"] = (mb[0] if at_top == 0 else math.nan, "ms", censored)
    m["ours_optimal_buffer_ms_ci"] = (mb[1] if at_top == 0 else math.nan, "ms", censored)
    m["ours_optimal_drop_pct"] = (_mean(feat["optimal_drop_pct"]), "", "")
    m["derived_seconds_per_drop"] = (8.0, "", "")
    m["featured_load"] = (p["processor_load"], "", "")
    m["featured_spec"] = (p["specint92"], "", "")
    for k, val in an.printed_chain({**vb, **v3}).items():
        m[f"printed_{k}"] = (val, "", "")
    m["pooled_optimum_at_top"] = (sum(b >= buffers[-1] - 0.5 for b in pooled["optimal_buffer_us"]), "", "")
    m["ours_buf_area_r"] = (an.fit_line(pooled["Area"], pooled["optimal_buffer_us"])["r"], "", "")
    m["ours_area_jitter_r"] = (an.fit_line(pooled["Variance"], pooled["Area"])["r"], "", "")
    yr = study["years"]
    for pr in ("default", "realtime"):
        years = [t for t in range(3) if _mean(yr[(yr["priority"] == pr) & (yr["year"] == t)]["Variance"])
                 <= p["jitter_threshold_us2"]]
        m[f"ours_first_year_{pr}"] = (float(years[0]) if years else math.nan, "year",
                                      f"{pr} priority stays above the threshold in every simulated year")
    return m


def _same_metrics(got: dict, expected: dict) -> None:
    assert list(got) == list(expected)
    for name, (value, unit, reason) in expected.items():
        g = got[name]
        assert (g[1], g[2]) == (unit, reason), name
        assert (math.isnan(g[0]) and math.isnan(value)) or g[0] == pytest.approx(value, rel=1e-12, abs=1e-12), name


def _same_frame(a, b) -> None:
    pd.testing.assert_frame_equal(a.reset_index(drop=True), b.reset_index(drop=True), check_exact=False, rtol=1e-12)


def _check_r_tables_and_plots(f, study, p, inputs) -> None:
    """What analyse hands the checks, the prose, the tables and the figures, against the runs and the inputs."""
    from mmperf import jitter
    from mmstudies.claypool_jitter import analytic as an

    v3, vb = inputs.v3, inputs.vb
    for k, want in (("v3", v3), ("vb", vb), ("generator", "timeslice"), ("replications", 2),
                    ("buffer_max_ms", p["buffer_max_ms"]), ("default_wakeup", "tail"),
                    ("stall_rate", p["stall_rate_per_min"]), ("gap_buffer_ms", p["gap_buffer_ms"])):
        assert f.R[k] == want, k
    # the mini-experiments
    mini1, mini2, printed, ours = f.plots["packet_rate"]
    assert mini1 is study["miniexp1"] and mini2 is study["miniexp2"]
    assert printed == (v3["r_packet_rate_exp1"], v3["r_packet_rate_exp2"])
    assert ours == (f.value("ours_r_exp1"), f.value("ours_r_exp2"))
    # Table 3.2
    pooled = pd.concat([study[k] for k in ("processor", "power", "priority", "network")])
    _same_frame(f.pooled, pooled)
    ours32 = an.correlation_matrix(pooled)
    pairs = an.pairwise_comparison(ours32, inputs.table32)
    _same_frame(f.R["pairs"], pairs)
    paper32, heat, n = f.plots["correlation_heatmaps"]
    assert paper32 is inputs.table32 and n == 62
    pd.testing.assert_frame_equal(heat, ours32)
    shown = ex.pairs_with_bands(pairs, 52)
    _same_frame(f.tables["table32-pairs"], shown[["pair", "paper_r", "band_low", "band_high", "ours_r", "difference",
                                                  "inside"]])
    pd.testing.assert_frame_equal(f.tables["range-example"], an.range_example())
    # the load lines
    proc = study["processor"]
    pfits = an.group_fits(proc, "machine", "load", "Variance")
    fits = pfits.set_index("machine")
    assert f.R["slc_x_intercept"] == fits.loc["SLC", "x_intercept"]
    assert f.R["class_r"] == fits["r"].to_dict()
    pd.testing.assert_series_equal(f.R["slopes"], fits["slope"])
    assert f.R["slope_ci"] == {m: (fits.loc[m, "slope_ci_low"], fits.loc[m, "slope_ci_high"]) for m in fits.index}
    got = f.plots["load_lines"]
    assert got[0] is proc and got[2:] == (3, v3["r_load_slc"])
    pd.testing.assert_frame_equal(got[1], pfits)
    _same_frame(f.tables["load-fits"], ex.fits_table(pfits, ["machine", *ex.FIT_COLUMNS, "r", "x_intercept", "n"]))
    # environments and power
    assert f.plots["environments"] == (study["environment_traces"], p["period_ms"], v3["fig3_8_offset_ms"])
    power = study["power"]
    got = f.plots["power"]
    assert got[0] is power and got[2] == v3["r_power"]
    assert got[1] == an.fit_line(power["specint92"], 1 / power["Variance"])
    assert f.R["n_power"] == 8
    # the priorities
    prio = study["priority"]
    prfits = an.group_fits(prio, "priority", "load", "Variance").set_index("priority")
    assert f.R["prio_slopes"] == prfits["slope"].to_dict()
    assert f.R["prio_slope_ci"] == {q: (prfits.loc[q, "slope_ci_low"], prfits.loc[q, "slope_ci_high"])
                                    for q in ("default", "nice", "realtime")}
    assert f.R["x_intercepts"] == {q: an.x_intercept_ci(prio[prio["priority"] == q]["load"],
                                                        prio[prio["priority"] == q]["Variance"], seed=p["seed"])
                                   for q in ("default", "nice")}
    from mmperf.stats import mean_ci
    assert f.R["max_mean_variance"] == {q: mean_ci(prio[(prio["priority"] == q) & (prio["load"] > 3)]["Variance"])
                                        for q in ("default", "nice", "realtime")}
    got = f.plots["priority"]
    assert got[0] is prio and got[2:] == (3, (v3["fig3_10_ymax_us2"], v3["fig3_11_ymax_us2"]))
    pd.testing.assert_frame_equal(got[1], prfits)
    _same_frame(f.tables["priority-fits"], ex.fits_table(prfits.reset_index(), ["priority", *ex.FIT_COLUMNS, "r"]))
    # the networks
    net = study["network"]
    loaded = net[net["network_load"] == 0.5]
    bw = an.fit_line(loaded["network_Mbps"], 1 / loaded["Variance"])
    assert f.R["bw_slope_ci"] == (bw["slope_ci_low"], bw["slope_ci_high"])
    got = f.plots["networks"]
    assert got[0] is study["network_traces"] and got[1] == ex.network_design(0.5, 21.8)
    assert got[2:4] == (160.0, v3["fig3_12_offset_us"]) and got[5] == bw and got[6] is inputs.table54
    assert got[7] == v3["r_bandwidth"] and len(got) == 8
    _same_frame(got[4], loaded)
    # additivity
    errors = an.additivity_error_ci(study["additivity"], net)
    worst = errors["network"][errors["error_pct"].abs().idxmax()]
    assert f.R["worst_network"] == f.glued["ours_additivity_worst_network"] == worst
    _same_frame(f.tables["table54"], ex.additivity_comparison(ex.paper_additivity(inputs.table54),
                                                              an.additivity_table(study["additivity"], net)))
    # compensation
    curves, buffers_ms, feat, readings = f.plots["compensation"]
    buffers = cj.MetricSettings(**{k: p[k] for k in ex.SETTING_KEYS}).buffers_us()
    assert buffers_ms.tolist() == (buffers / 1000).tolist() and feat is study["featured"]
    want = [jitter.compensation_curve(jitter.lateness(study["featured_traces"][(0, r)], 160_000.0,
                                                      p["lateness_reference"]), buffers) for r in (0, 1)]
    assert np.array_equal(curves, np.array(want))
    assert readings == {"drop_pct": vb["fig521_drop_pct"], "buffer_ms": vb["fig521_buffer_ms"],
                        "zero_drop_ms": vb["fig521_zero_drop_buffer_ms"]}
    # the buffer regressions and the years
    got = f.plots["buffer_regressions"]
    assert got[0] is f.pooled and got[3] is vb and got[4] == p["buffer_max_ms"]
    assert got[1] == an.fit_line(pooled["Area"], pooled["optimal_buffer_us"])
    assert got[2] == an.fit_line(pooled["Variance"], pooled["Area"])
    _same_frame(f.tables["buffer-regressions"], ex.regressions_table(vb, got[1], got[2]))
    assert list(f.tables["buffer-regressions"].columns) == ["regression", "thesis slope", "thesis intercept",
                                                            "thesis r", "our slope", "our intercept", "our r"]
    assert f.tables["table54"].index.tolist() == list(range(6))
    assert f.plots["years"] == (study["years"], p["jitter_threshold_us2"], v3["years_without_rt"],
                                p["annual_growth"])
    for k in ("default", "realtime"):          # "never below the threshold" is None for the checks, not NaN
        year = f.value(f"ours_first_year_{k}")
        assert f.R["first_year"][k] == (None if math.isnan(year) else year), k


def test_analyse_with_the_runs_faked(faked):
    from mmstudies.claypool_jitter import analytic as an

    p, inputs, study = _faked_study()
    f = ex.analyse(study, p, inputs, reflection=("slow", "fast"))
    assert f.plots["reflection"] == ("slow", "fast")
    _same_metrics(f.metrics, _expected_metrics(study, p, inputs))
    assert f.glued == {"generator_name": "time-slice generator", "sens_best_setting": "none (skipped)",
                       "ours_additivity_worst_network": f.R["worst_network"], "featured_priority": "default"}
    assert sorted(f.tables) == ["buffer-regressions", "load-fits", "priority-fits", "range-example", "table32-pairs",
                                "table54"]
    assert sorted(f.plots) == ["buffer_regressions", "compensation", "correlation_heatmaps", "environments",
                               "load_lines", "networks", "note", "packet_rate", "power", "priority", "reflection",
                               "years"]
    assert f.plots["note"] == ("sensitivity runs skipped (sensitivity_replications = 0)",)
    assert len(f.pooled) == f.R["n_pooled"] == 62 and f.R["n_exp1"] == 6 and f.R["n_exp2"] == 8
    assert (f.R["n_loads"], f.R["n_load_points"], f.R["n_power"], f.R["n_prio_points"]) == (6, 6, 8, 6)
    assert f.R["first_year"] == {"default": 0.0, "realtime": 0.0}
    _check_r_tables_and_plots(f, study, p, inputs)
    # priority lines made by hand: default rises 0.5 µs² a load (its slope's CI, about 0.49-0.51, is above zero
    # but below one), nice is flat but for its last point (its CI reaches below zero): its x-intercept is undefined
    prio = study["priority"].copy()
    loads = prio["load"].to_numpy()
    by = {"default": 0.5 * loads + np.tile([0.01, -0.01], 9), "nice": np.array([5.0, 6.0, 6.0, 5.0, 5.0, 6.1] * 3),
          "realtime": 2.0 + 0.1 * loads}
    prio["Variance"] = [by[q][i] for i, q in enumerate(prio["priority"])]
    hand = {**study, "priority": prio}
    f = ex.analyse(hand, p, inputs)
    _same_metrics(f.metrics, _expected_metrics(hand, p, inputs))
    assert 0 < f.R["prio_slope_ci"]["default"][0] < 1 and f.R["prio_slope_ci"]["nice"][0] < 0
    assert math.isfinite(f.value("ours_x_intercept_default")) and math.isnan(f.value("ours_x_intercept_nice"))
    # featured traces made by hand: in the first, frame 2 comes 100.05 ms late and the three frames from it stay
    # 100.05 ms behind, so a 100-ms buffer drops 3 of its 5 frames (60 %); the second is periodic (0 %)
    traces = {(0, 0): np.array([160_000.0, 260_050.0, 160_000.0, 160_000.0]), (0, 1): np.full(4, 160_000.0)}
    hand = {**study, "featured_traces": traces}
    f = ex.analyse(hand, p, inputs)
    _same_metrics(f.metrics, _expected_metrics(hand, p, inputs))
    assert f.value("ours_drop_pct_at_100ms") == 30.0 and f.value("ours_zero_drop_buffer_ms") == 50.025
    assert f.plots["compensation"][0][:, 100].tolist() == [60.0, 0.0]         # the curves at the 100-ms buffer
    # a printed r's band includes both its ends
    lo, hi = an.fisher_ci(0.5, 52)
    pairs = pd.DataFrame({"pair": ["A-B", "A-C"], "paper_r": [0.5, 0.5], "ours_r": [lo, hi], "difference": [0.0, 0.0]})
    assert ex.pairs_with_bands(pairs, 52)["inside"].tolist() == [True, True]
    # at_sweep_top counts the optima within half a microsecond of the sweep's last buffer
    assert ex.at_sweep_top([229_999.5, 229_999.4, 229_998.6, 231_000.0], np.array([0.0, 230_000.0])) == 2
    # a threshold crossed in year 2 by default priority and a buffer sweep too short for the optima
    # (and lateness against the first frame rather than the earliest)
    for changes in ({"jitter_threshold_us2": 5e6, "buffer_max_ms": 20.0},
                    {"jitter_threshold_us2": 1e5, "lateness_reference": "first"}):
        p, inputs, study = _faked_study(**changes)
        f = ex.analyse(study, p, inputs)
        _same_metrics(f.metrics, _expected_metrics(study, p, inputs))
        _check_r_tables_and_plots(f, study, p, inputs)


def test_record_writes_delays_through_their_stations():
    f = ex.Findings(params={}, inputs=None, study={})
    f.put("ours_zero_drop_buffer_ms", 12.0)
    f.put("ours_optimal_buffer_ms", 0.5, unit="s")
    f.put("m", 3.0, unit="ms")
    ch = CallLog()
    ch.delay = lambda name, value, through, unit: ch.calls.append(("delay", name, value, through, unit))
    ex.record(ch, f)
    both = ["featured link", "receive process"]
    assert ch.calls == [("delay", "ours_zero_drop_buffer_ms", 12.0, both, "ms"),
                        ("delay", "ours_optimal_buffer_ms", 0.5, both, "s"), ("metric", "m", 3.0, "ms")]
    # put refuses an undefined value without a reason, infinities too, with the whole message
    with pytest.raises(ValueError) as e:
        f.put("x", math.inf)
    assert str(e.value) == "metric 'x' is inf and has no reason to be undefined"
    with pytest.raises(ValueError) as e:
        f.put("y", -math.inf, unit="ms")
    assert str(e.value) == "metric 'y' is -inf and has no reason to be undefined" and "y" not in f.metrics
    assert f.put("z", math.inf, reason="r") == math.inf and f.metrics["z"] == (math.inf, "", "r")
    assert type(f.put("n", np.int64(3))) is float and f.metrics["n"] == (3.0, "", "")
    # an undefined delay is recorded with its reason, not through the stations
    f = ex.Findings(params={}, inputs=None, study={})
    f.put("ours_optimal_buffer_ms", math.nan, unit="ms", reason="censored")
    ch = CallLog()
    ex.record(ch, f)
    assert len(ch.calls) == 1 and ch.calls[0][:2] == ("value_or_undefined", "ours_optimal_buffer_ms")
    assert math.isnan(ch.calls[0][2]) and ch.calls[0][3:] == ("censored", "ms")
