"""mmperf.checktable: a checks table is validated on load, judged per run with applicability, and audited.

The toy study below is small enough to work every expected value by hand: a "paper" value 10 in the
loaded data, a model y = a * x with the free input a = 2 (the paper's setting x = 5), and checks that
are honest predictions, arithmetic in disguise, construction in disguise and duplicates.
"""

import contextlib
import types

import pytest

from mmperf import checktable
from mmperf.checks import Scorecard, predictions_headline
from mmperf.checktable import CheckTableError, Ours, RunRecord

# -- a toy study ---------------------------------------------------------------------------------------

PAPER = {"y": 10.0}   # the "loaded data": the paper prints y = 10 at x = 5


def _model(run, **_):           # a prediction: a * x, independent of the paper's y
    return Ours(run.metrics["model_y"])


def _copied(run, **_):          # arithmetic in disguise: reads the paper's y
    return Ours(run.metrics["paper_y"])


def _constant(run, **_):        # construction in disguise: moves with nothing
    return Ours(10.0)


def _claim(run, **_):
    return Ours("y > 9", holds=run.metrics["model_y"] > 9)


def _with_interval(run, **_):
    return Ours(10.4, low=10.1, high=10.7, basis="simulated", n=5)


FUNCTIONS = types.SimpleNamespace(model=_model, copied=_copied, constant=_constant, claim=_claim,
                                  interval=_with_interval, compute=None)


def _compute(parameters):
    return RunRecord(parameters, {"model_y": parameters["a"] * parameters["x"], "paper_y": PAPER["y"]})


@contextlib.contextmanager
def _perturbed(refs):
    saved = dict(PAPER)
    for ref in refs:
        assert ref == "values[y]"
        PAPER["y"] *= 1.1
    try:
        yield
    finally:
        PAPER.update(saved)


CHECK = ("  - id: {id}\n    claim: a claim\n    paper: 10\n    location: Table 1\n    source: 'line 1'\n"
         "    kind: {kind}\n    compute: {compute}\n    tolerance: {{abs: 0.5}}\n    reason: whole numbers\n"
         "    conditions: {{x: 5}}\n    data: ['values[y]']\n")
HEAD = "study: toy\naudit:\n  setting: {x: 1.1}\n  assumptions: {a: 1.1}\nchecks:\n"


def _table(tmp_path, *checks: str, head: str = HEAD):
    file = tmp_path / "checks.yml"
    file.write_text(head + "".join(checks))
    return checktable.load(file, FUNCTIONS)


def _check(**kw) -> str:
    return CHECK.format(**{"id": "c", "kind": "prediction", "compute": "model", **kw})


# -- loading ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace("    claim: a claim\n", "    claim: a claim\n    colour: red\n"), "unknown key(s) colour"),
    (lambda t: t.replace("    source: 'line 1'\n", ""), "missing source"),
    (lambda t: t.replace("compute: model", "compute: nowhere"), "compute function 'nowhere' is not defined"),
    (lambda t: t.replace("kind: prediction", "kind: hunch"), "kind 'hunch' is not one of"),
    (lambda t: t.replace("    reason: whole numbers\n", ""), "every tolerance needs its reason"),
    (lambda t: t.replace("{abs: 0.5}", "{about: 0.5}"), "tolerance must be"),
    (lambda t: t.replace("data: ['values[y]']", "data: ['values.y']"), "must look like table[row].column"),
    (lambda t: t + "    scales: {a: proportional}\n", "scales a but gives no paper value"),
    (lambda t: t + "    scales: {x: quadratic}\n", "scaling rule 'quadratic'"),
])
def test_a_malformed_table_fails_with_one_line_naming_file_and_check(tmp_path, edit, message):
    with pytest.raises(CheckTableError) as err:
        _table(tmp_path, edit(_check()))
    assert message in str(err.value) and "checks.yml" in str(err.value) and "\n" not in str(err.value)


def test_repeated_id_and_unknown_top_key_are_refused(tmp_path):
    with pytest.raises(CheckTableError, match="appears twice"):
        _table(tmp_path, _check(), _check())
    with pytest.raises(CheckTableError, match="unknown key.*owner"):
        _table(tmp_path, _check(), head=HEAD.replace("study: toy\n", "study: toy\nowner: me\n"))


# -- one run: verdicts and applicability -----------------------------------------------------------

def test_verdicts_at_the_papers_setting(tmp_path):
    """a x = 2 x 5 = 10 lies in [9.5, 10.5]; a = 2.2 gives 11, outside: not reproduced."""
    table = _table(tmp_path, _check())
    (c,) = checktable.evaluate(table, _compute({"x": 5, "a": 2}))
    assert (c.id, c.status, c.ours, c.tolerance, c.not_applicable) == ("c", "reproduced", 10.0, "±0.5", ())
    (c,) = checktable.evaluate(table, _compute({"x": 5, "a": 2.2}))
    assert c.status == "not reproduced"


def test_changed_condition_makes_the_check_not_applicable_and_uncounted(tmp_path):
    """x = 6 is not the paper's setting: 2 x 6 = 12 would be 'not reproduced', it is not applicable instead."""
    table = _table(tmp_path, _check())
    (c,) = checktable.evaluate(table, _compute({"x": 6, "a": 2}))
    assert c.status == "not applicable"
    assert c.not_applicable == ("x = 6 (the paper: 5)",)
    assert "not applicable at these parameters: x = 6 (the paper: 5)" in c.note
    assert predictions_headline([{"evidence": c.evidence, "status": c.status}]) == \
        {"reproduced": 0, "applicable": 0, "not_applicable": 1}


def test_a_scaling_rule_keeps_the_check_applicable(tmp_path):
    """The paper value 10 at x = 5, proportional to x: at x = 6 it is 12, and 2 x 6 = 12 is reproduced."""
    table = _table(tmp_path, _check() + "    scales: {x: proportional}\n")
    (c,) = checktable.evaluate(table, _compute({"x": 6, "a": 2}))
    assert (c.status, c.derived, c.paper) == ("reproduced", pytest.approx(12.0), 10.0)
    assert "scaled (proportional) to x = 6" in c.derived_how
    (c,) = checktable.evaluate(table, _compute({"x": 5, "a": 2}))
    assert c.derived is None   # at the paper's setting nothing is derived


def test_interval_claim_and_derived_value(tmp_path):
    """[10.1, 10.7] straddles 10.5: inconclusive; 10.4 is 0.1 from the edge, so 5 x (0.3/0.1)^2 = 45 would decide."""
    derived = _check(id="d", kind="arithmetic", compute="copied").replace(
        "    paper: 10\n", "    paper: 'twice 5'\n    derived: {value: 10, how: '2 x 5'}\n")
    table = _table(tmp_path, _check(id="i", compute="interval"), derived,
                   _check(id="q", compute="claim").replace("tolerance: {abs: 0.5}", "tolerance: qualitative"))
    by = {c.id: c for c in checktable.evaluate(table, _compute({"x": 5, "a": 2}))}
    assert (by["i"].status, by["i"].ci_low, by["i"].needed_n) == ("inconclusive", 10.1, 45)
    assert (by["d"].paper, by["d"].derived, by["d"].derived_how, by["d"].status) == ("twice 5", 10.0, "2 x 5",
                                                                                     "reproduced")
    assert (by["q"].status, by["q"].tolerance) == ("reproduced", "qualitative")


def _sampled(run, **_):
    return Ours(10.3, basis="simulated", n=5, spread=run.metrics["spread"])


def test_a_sample_tolerance_is_the_wider_of_printed_precision_and_the_sampling_range(tmp_path):
    """The paper's value is one sample: band = max(0.05, 1.96 x spread). Ours 10.3 against the paper's 10:
    spread 0.1 gives 0.196 < 0.3 (not reproduced); spread 0.2 gives 0.392 >= 0.3 (reproduced); no spread
    leaves the printed 0.05."""
    functions = types.SimpleNamespace(**vars(FUNCTIONS), sampled=_sampled)
    file = tmp_path / "checks.yml"
    file.write_text(HEAD + _check(compute="sampled").replace("{abs: 0.5}", "{sample: 0.05}"))
    table = checktable.load(file, functions)
    for spread, status, words in ((0.1, "not reproduced", "±0.196"), (0.2, "reproduced", "±0.392"),
                                  (None, "not reproduced", "±0.05")):
        (c,) = checktable.evaluate(table, RunRecord({"x": 5, "a": 2}, {"spread": spread}))
        assert (c.status, c.tolerance) == (status, words)


def test_table_checks_join_an_ordinary_scorecard(tmp_path):
    sc = Scorecard("toy")
    sc.compare("old style", "Table 1", paper=1, ours=1, tol=0.1, evidence="prediction", reason="r")
    for c in checktable.evaluate(_table(tmp_path, _check()), _compute({"x": 6, "a": 2})):
        sc.add(c)
    records = sc.to_records()
    assert "id" not in records[0] and records[1]["id"] == "c"
    assert sc.headline() == {"reproduced": 1, "checked": 1}   # the not-applicable one is not counted


# -- the audit -----------------------------------------------------------------------------------------

def _audit(tmp_path, *checks):
    return checktable.audit(_table(tmp_path, *checks), _compute, {"x": 5, "a": 2}, perturbed=_perturbed)


def test_audit_passes_an_independent_prediction(tmp_path):
    (r,) = _audit(tmp_path, _check()).values()
    assert r.agrees and r.mark.startswith("✓") and r.moved_by == ("x", "a") and r.uses_paper == ()


def test_audit_a_finds_arithmetic_declared_as_prediction(tmp_path):
    """Our value is the paper's y: perturbing y to 11 moves it."""
    (r,) = _audit(tmp_path, _check(compute="copied")).values()
    assert not r.agrees and r.uses_paper == ("values[y]",) and "arithmetic or transcription" in r.mark


def test_audit_b_finds_construction_declared_as_prediction(tmp_path):
    (r,) = _audit(tmp_path, _check(compute="constant")).values()
    assert not r.agrees and r.moved_by == () and "holds by construction" in r.mark


def test_audit_c_finds_one_prediction_counted_twice(tmp_path):
    results = _audit(tmp_path, _check(id="first"), _check(id="second"))
    assert results["first"].agrees
    assert not results["second"].agrees and results["second"].duplicate_of == "first"


def test_audit_finds_a_setting_parameter_missing_from_the_conditions(tmp_path):
    """a x moves with x, but this check names no condition: a what-if on x would judge it wrongly."""
    check = _check(kind="arithmetic").replace("    conditions: {x: 5}\n", "")
    (r,) = _audit(tmp_path, check).values()
    assert not r.agrees and r.unconditioned == ("x",) and "x, which its conditions do not name" in r.mark


def test_audit_b_counts_a_transcribed_input_the_prediction_names(tmp_path):
    """y = a * x with a read from the loaded data instead of the parameters: no parameter moves it, but perturbing
    its input (values[a], 2 -> 2.2, so y 10 -> 11) does; named in ``inputs``, the prediction passes (b).
    Perturbing the input does not touch the paper's y (values[y] stays 10)."""
    data = {"a": 2.0}

    @contextlib.contextmanager
    def perturbed(refs):
        saved = (dict(PAPER), dict(data))
        for ref in refs:
            if ref == "values[a]":
                data["a"] *= 1.1
            else:
                PAPER["y"] *= 1.1
        try:
            yield
        finally:
            PAPER.update(saved[0])
            data.update(saved[1])

    def compute(parameters):
        return RunRecord(parameters, {"model_y": data["a"] * 5.0, "paper_y": PAPER["y"]})

    head = "study: toy\naudit:\n  setting: {x: 1.1}\nchecks:\n"
    check = _check().replace("    conditions: {x: 5}\n", "")
    (r,) = checktable.audit(_table(_dir(tmp_path, "0"), check, head=head), compute, {"x": 5},
                            perturbed=perturbed).values()
    assert not r.agrees and r.moved_by == () and "holds by construction" in r.mark
    (r,) = checktable.audit(_table(_dir(tmp_path, "1"), check + "    inputs: ['values[a]']\n", head=head), compute,
                            {"x": 5}, perturbed=perturbed).values()
    assert r.agrees and r.moved_by == ("values[a]",) and r.uses_paper == ()
    with pytest.raises(CheckTableError, match="both the paper's value"):
        _table(_dir(tmp_path, "2"), check + "    inputs: ['values[y]']\n", head=head)


def _dir(tmp_path, name):
    (tmp_path / name).mkdir()
    return tmp_path / name


def test_perturbed_data_reads_through_load_table():
    """parameters[eq1_r] is 74 in data/zeadally: it reads 74 x 1.1 = 81.4 while perturbed, 74 after."""
    from mmperf.data import load_values

    with checktable.perturbed_data("zeadally", ("parameters[eq1_r]", "table1[FDDI].frame_rate_fps")):
        assert load_values("zeadally", "parameters")["eq1_r"].value == pytest.approx(81.4)
        from mmperf.data import load_table
        assert load_table("zeadally", "table1").set_index("network").loc["FDDI", "frame_rate_fps"] == \
            pytest.approx(12.1)
    assert load_values("zeadally", "parameters")["eq1_r"].value == 74.0
    with pytest.raises(CheckTableError, match="no such cell"):
        with checktable.perturbed_data("zeadally", ("parameters[nothing]",)):
            pass


def test_an_unbounded_interval_end_is_recorded_as_none(tmp_path):
    """An implied rate F / b0 whose interval reaches b0 = 0 has no upper end: results.json must stay valid JSON
    (no Infinity), and the verdict is inconclusive (10 lies in [9.5, 10.5] but the interval leaves the band)."""
    unbounded = types.SimpleNamespace(**vars(FUNCTIONS), wide=lambda run: Ours(10.0, low=9.8, high=float("inf"),
                                                                              basis="fitted", n=4))
    file = tmp_path / "checks.yml"
    file.write_text(HEAD + _check(compute="wide"))
    (c,) = checktable.evaluate(checktable.load(file, unbounded), _compute({"x": 5, "a": 2}))
    assert (c.status, c.ci_low, c.ci_high, c.needed_n) == ("inconclusive", 9.8, None, None)


# -- the Fisher-z band of a correlation coefficient -------------------------------------------------------

def _r(value, low, high):
    return lambda run, **_: Ours(value, low=low, high=high, basis="fitted", n=12)


def test_a_fisher_tolerance_compares_a_correlation_through_its_sampling_band(tmp_path):
    """The paper's r = 0.9 from n = 12 points: atanh(0.9) = 1.4722, se = 1/sqrt(12 - 3) = 1/3, so the 95 % band
    is tanh(1.4722 -+ 1.96/3) = [0.674, 0.972] (worked by hand). Our r = 0.85 with interval [0.80, 0.90] lies
    inside it: reproduced; [0.40, 0.60] lies wholly below 0.674: not reproduced; [0.60, 0.90] straddles 0.674:
    inconclusive. With n = 3 the band is [-1, 1], which excludes nothing: no verdict even for an exact r."""
    functions = types.SimpleNamespace(inside=_r(0.85, 0.80, 0.90), below=_r(0.5, 0.40, 0.60),
                                      straddles=_r(0.75, 0.60, 0.90), exact=lambda run, **_: Ours(0.9))
    checks = "".join(
        f"  - {{id: {i}, claim: r, paper: 0.9, location: Fig 1, source: 'line 1', kind: prediction, compute: {f}, "
        f"tolerance: {{fisher: {n}}}, reason: 'Fisher-z band of the paper r'}}\n"
        for i, f, n in (("in", "inside", 12), ("out", "below", 12), ("mid", "straddles", 12), ("three", "exact", 3)))
    file = tmp_path / "checks.yml"
    file.write_text("study: toy\nchecks:\n" + checks)
    table = checktable.load(file, functions)
    by = {c.id: c for c in checktable.evaluate(table, RunRecord({}, {}))}
    assert [by[i].status for i in ("in", "out", "mid", "three")] == ["reproduced", "not reproduced", "inconclusive",
                                                                      "inconclusive"]
    assert by["in"].tolerance == "95 % Fisher-z band of the paper's r from n = 12: [0.67, 0.97]"
    assert by["three"].tolerance.endswith("[-1.00, 1.00] (excludes nothing: no verdict)")


@pytest.mark.parametrize("n", ["12", "1", "true", "2.5"])
def test_a_fisher_tolerance_needs_a_whole_number_of_points(tmp_path, n):
    text = _check().replace("{abs: 0.5}", "{fisher: " + n + "}")
    if n == "12":
        assert _table(tmp_path, text).checks[0].tolerance == {"fisher": 12}
        return
    with pytest.raises(CheckTableError, match="a fisher tolerance is the whole number of points"):
        _table(tmp_path, text)


def test_a_choice_parameter_is_perturbed_to_the_other_choice(tmp_path):
    """A words-valued assumption (a counting rule) is perturbed by setting it to the words the table gives:
    y = 2x under rule "double" and 3x under "triple", so the prediction moves with the rule (5 x 2 = 10 -> 15)."""
    head = "study: toy\naudit:\n  setting: {x: 1.1}\n  assumptions: {rule: triple}\nchecks:\n"

    def compute(parameters):
        factor = {"double": 2, "triple": 3}[parameters["rule"]]
        return RunRecord(parameters, {"model_y": factor * parameters["x"], "paper_y": PAPER["y"]})

    table = _table(tmp_path, _check(), head=head)
    assert table.assumptions == {"rule": "triple"}
    (r,) = checktable.audit(table, compute, {"x": 5, "rule": "double"}, perturbed=_perturbed).values()
    assert r.agrees and r.moved_by == ("x", "rule")
    seen = []
    checktable.audit(table, lambda p: seen.append(p["rule"]) or compute(p), {"x": 5, "rule": "double"},
                     perturbed=_perturbed)
    assert "triple" in seen and seen.count("double") >= 2


# -- a study's table, audit and digest -------------------------------------------------------------------

def test_study_checks_are_the_modules_table_audit_and_digest(tmp_path, monkeypatch):
    """A toy checks module: table() loads the checks.yml beside it against its functions, audit() is the audit of
    that table with its run_record (the honest prediction a x passes: 10 at the setting, 11 at a = 2.2), and
    table_digest() is the first 16 hex digits of the file's sha256; all three belong to the module (so a cached
    audit is keyed by the study's code)."""
    import hashlib
    import sys

    text = HEAD + _check()
    (tmp_path / "checks.yml").write_text(text)
    module = types.SimpleNamespace(**vars(FUNCTIONS), __file__=str(tmp_path / "checks.py"), run_record=_compute)
    monkeypatch.setitem(sys.modules, "toy_study_checks", module)
    table, audit, table_digest = checktable.study_checks("toy_study_checks")
    assert [spec.id for spec in table().checks] == ["c"]
    with monkeypatch.context() as m:      # the audit perturbs the toy's loaded data through _perturbed
        m.setattr(checktable, "perturbed_data", lambda study, refs: _perturbed(refs))
        ours = audit({"x": 5, "a": 2}, table_digest="ignored")
    assert ours["c"].mark.startswith("✓") and ours["c"].mark == checktable.audit(
        table(), _compute, {"x": 5, "a": 2}, perturbed=_perturbed)["c"].mark
    assert table_digest() == hashlib.sha256(text.encode()).hexdigest()[:16] and len(table_digest()) == 16
    assert {(f.__module__, f.__name__) for f in (table, audit, table_digest)} == {
        ("toy_study_checks", "table"), ("toy_study_checks", "audit"), ("toy_study_checks", "table_digest")}


def test_every_studys_table_is_read_by_libyaml_as_by_the_python_loader(monkeypatch):
    """load() reads with libyaml's CSafeLoader (a tenth of the time of yaml.safe_load, on every chapter run's
    path): with safe_load made to fail, every study's checks.yml still loads, and libyaml gives the same
    objects as the pure-Python loader for each of them."""
    from pathlib import Path

    import yaml

    pytest.importorskip("yaml._yaml")  # libyaml present: the environment the book is built in
    files = sorted((Path(checktable.__file__).parents[1] / "mmstudies").glob("*/checks.yml"))
    assert len(files) >= 9
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=yaml.CSafeLoader) == yaml.safe_load(text), file  # noqa: S506
    monkeypatch.setattr(yaml, "safe_load", lambda *_: pytest.fail("the pure-Python loader was used"))
    monkeypatch.setattr(yaml, "SafeLoader", None)

    class AnyFunction:  # every compute function the table names exists
        def __getattr__(self, name):
            return lambda run: Ours(0.0)

    table = checktable.load(files[0], AnyFunction())
    assert table.checks
