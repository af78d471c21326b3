"""The parameter-space design: its construction (exact cases) and, for every chapter, every point run.

Issue 9 item 1: each chapter must run over its whole declared space - every numeric parameter at its
minimum, middle and maximum, every choice at each value - exiting 0 with every metric finite or declared
undefined with a reason.
"""

import json

import pytest

from mmbook import design
from mmbook.params import ChapterSpec, ParamSpec, chapter_names, load_chapter


def _spec(**kw) -> ChapterSpec:
    params = {
        "rate": ParamSpec("rate", "float", 1.0, help="h", min=0, min_exclusive=True, max=10),
        "n": ParamSpec("n", "int", 5, help="h", min=1, max=9),
        "policy": ParamSpec("policy", "str", "a", help="h", choices=("a", "b", "c", "d")),
        "on": ParamSpec("on", "bool", False, help="h"),
        "seed": ParamSpec("seed", "int", 1, help="h", min=0),
    }
    return ChapterSpec("demo", "Demo", 1, None, (), params, **kw)


def test_levels_visit_min_middle_and_max():
    """(0, 10] with an exclusive minimum: 0 + 1 % of the span = 0.1, middle 5, max 10; ints 1, 5, 9."""
    spec = _spec()
    assert design.levels(spec.parameters["rate"]) == [0.1, 5.0, 10.0]
    assert design.levels(spec.parameters["n"]) == [1, 5, 9]
    assert design.levels(spec.parameters["policy"]) == ["a", "b", "c", "d"]
    assert design.levels(spec.parameters["seed"]) == [1]  # no maximum: the default only


def test_every_level_of_every_parameter_appears():
    spec = _spec(design={"fixed": {"n": 2}, "exclude": ["seed"]})
    points = design.design_points(spec)
    assert len(points) == 4  # the most levels any parameter has (policy)
    assert all(p["n"] == 2 and "seed" not in p for p in points)
    for name in ("rate", "policy", "on"):
        assert {p[name] for p in points} == set(design.levels(spec.parameters[name]))
    # levels of different parameters meet in different combinations (offset by the parameter's position)
    assert len({(p["rate"], p["on"]) for p in points}) > 2


def test_a_point_breaking_a_rule_is_repaired_towards_the_defaults():
    rule = {"require": "not (on and rate > 5)", "message": "on needs rate <= 5"}
    spec = _spec(rules=(rule,), design={"exclude": ["seed"]})
    for point in design.design_points(spec):
        spec.resolve(point)  # never raises


def test_unknown_design_names_are_refused():
    with pytest.raises(ValueError, match="unknown parameters"):
        design.design_points(_spec(design={"fixed": {"speed": 1}}))


@pytest.mark.slow
@pytest.mark.parametrize("name", chapter_names())
def test_every_design_point_runs(name, tmp_path):
    records = design.run_design(name, tmp_path)
    assert records, f"{name}: the design has no points"
    failures = [f"point {r['point']} {r['parameters']}: exit {r['exit']}\n{r['stderr'][-800:]}"
                for r in records if r["exit"] != 0]
    assert not failures, f"{name}: design points failed:\n" + "\n".join(failures)
    for r in records:
        assert not r["bad_metrics"], f"{name} point {r['point']}: metrics not finite {r['bad_metrics']}"
        assert all(reason.strip() for reason in r["undefined"].values())
        results = json.loads((tmp_path / f"point-{r['point']}" / "results.json").read_text())
        # no negative distance, load, rate or count is ever reported as a result
        negative = {k: v for k, v in results["metrics"].items() if v < 0 and _is_nonnegative_quantity(k)}
        assert not negative, f"{name} point {r['point']}: negative results {negative}"


def _is_nonnegative_quantity(metric: str) -> bool:
    """A metric named as a distance, load, rate, count or throughput - unless the name says it is a
    correlation, slope, difference or error of one, which may be negative."""
    words = metric.split("_")
    signed = ("r", "corr", "correlation", "slope", "intercept", "diff", "delta", "change", "gap", "error",
              "residual", "margin", "log", "bias", "z")
    return not any(w in words for w in signed) and any(
        w in words for w in ("distance", "km", "load", "rate", "count", "frames", "utilisation", "utilization",
                             "throughput"))


@pytest.mark.parametrize("name", chapter_names())
def test_every_chapter_declares_a_design_and_units(name):
    spec = load_chapter(name)
    assert spec.design, f"{name}.yml has no design section"
    assert spec.headline, f"{name}.yml names no headline metrics"
    missing = [p.name for p in spec.parameters.values() if p.unit is None]
    assert not missing, f"{name}: parameters without a declared unit (unit: \"\" if dimensionless): {missing}"
