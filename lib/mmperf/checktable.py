"""A chapter's reproduction checks as data: one reviewable table, small functions, applicability, an audit.

Each chapter that uses this module declares its checks in a YAML file beside its study package
(``lib/mmstudies/<study>/checks.yml``). One entry per check::

    - id: eq1-two-copy-ethernet
      claim: Eq. 1 on two-copy Ethernet (Z_NA = its raw two-copy maximum) against the measurement
      paper: 8.4                    # what the paper prints (a number, or its words)
      unit: Mbit/s
      location: Table 1             # where a reader finds it in the paper
      source: "seed 002 line 108: 'Throughput (Mbit/s) 8.4 23.1 46.2'"
      kind: prediction              # the kind of evidence (mmperf.checks.EVIDENCE)
      tolerance: {rel: 0.10}        # {abs: x}, {rel: x}, {range: [low, high]}, {sample: x}, {fisher: n} or qualitative
      reason: "judgement: about 1.5 times the paper's own accepted Eq. 1 gap (7 %)"
      conditions: {z_ax_mbps: 240, z_xf_mbps: 230, frame_bits: 2100000}
      scales: {frame_bits: proportional}   # optional: how the paper value follows a parameter
      compute: eq1_two_copy         # a function of the study's checks module: (run, **args) -> Ours
      args: {network: Ethernet}
      data: ["table1[Ethernet].throughput_Mbit_s", "table1[Ethernet].frame_rate_fps"]

A correlation coefficient is compared through its sampling distribution: ``tolerance: {fisher: n}`` is the
95 % Fisher-z band of the paper's r from the ``n`` points the paper's r rests on (:func:`fisher_tolerance`);
the check function gives our r's own interval in ``Ours.low``/``high``. With 3 points or fewer the band is
[-1, 1]: it excludes nothing, so it decides nothing (inconclusive).

Optional fields: ``derived`` (``{value: 12.5, how: "105 / 8.4"}``: our arithmetic on what the paper
prints, the value actually compared with; the paper column keeps the paper's print), ``label`` (the
label of the compared value, :data:`mmperf.checks.KINDS`), ``note``, ``inputs`` (data references of
the transcribed values a prediction's model reads as its inputs, other than the paper value: a
measured t0 and r_max from which a model predicts a third column; the audit perturbs each one at a
time, as it does the parameters of ``audit.setting`` and ``audit.assumptions``). A ``{sample: x}`` tolerance is for a
statistic the paper computed on one sample (a minimum, a standard deviation): the band's half-width is
the wider of ``x`` (the paper's printed precision) and 1.96 times the statistic's standard deviation over
samples of the same size under the model, which the check function returns as ``Ours.spread``. ``data`` names where the paper
value and every transcribed value printed with it or derived from it sit in the loaded data
(``table[row].column``; a name/value table's column defaults to ``value``): the audit perturbs them.

The file's head names the chapter's study, the function that recomputes the run's record from the
data and the parameters (``record``), and what the audit perturbs::

    study: zeadally
    record: run_record
    audit:
      setting: {z_na_mbps: 1.1, z_ax_mbps: 1.1, z_xf_mbps: 1.1, frame_bits: 1.02}  # the paper's setting
      assumptions: {video_deadline_frames: 1.1, service_cv: 0.5}                   # the model's free inputs
      size: {sim_frames: 100, replications: 2}      # simulated checks are audited at this size
      paper_defaults: {z_xf_mbps: "parameters[z_xf]"}  # parameters whose defaults are transcribed paper values

A parameter of ``setting`` or ``assumptions`` whose value is words (a choice such as a counting rule) is
perturbed by setting it to those words, the other choice: ``assumptions: {mix_rule: "N-1"}``.

:func:`load` validates the table (an unknown key, a missing field, an unknown function or kind:
one :class:`CheckTableError` naming the file and the check). :func:`evaluate` computes every check
for one run: a check whose conditions differ from the run's parameters is *not applicable at
these parameters* (naming them) and is not counted, unless each differing parameter has a scaling
rule (:data:`SCALING_RULES`), which moves the paper value with it. :func:`audit` is the
independence audit; see its docstring.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from mmperf.checks import (
    DECIDED,
    EVIDENCE,
    KINDS,
    Check,
    _verdict,
    equivalence,
    fisher_band,
    replications_needed,
)
from mmperf.data import load_yaml

REQUIRED = ("id", "claim", "paper", "location", "source", "kind", "compute")
OPTIONAL = ("unit", "tolerance", "reason", "conditions", "scales", "derived", "args", "data", "label", "note",
            "inputs")
TOP_KEYS = ("study", "record", "audit", "checks")
AUDIT_KEYS = ("setting", "assumptions", "size", "paper_defaults")
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
DATA_REF = re.compile(r"^(?P<table>\w+)\[(?P<row>[^\]]+)\](?:\.(?P<column>\w+))?$")

#: How a paper value follows a parameter, when the paper gives the rule: (paper value, parameter now,
#: parameter in the paper's setting) -> the paper value at this run's parameter.
SCALING_RULES: dict[str, Callable[[float, float, float], float]] = {
    "proportional": lambda value, now, paper: value * now / paper,
    "inverse": lambda value, now, paper: value * paper / now,
}


class CheckTableError(ValueError):
    """A checks table is malformed: the message names the file, the check and what is allowed."""


@dataclass(frozen=True)
class Ours:
    """What a check function returns: our value, and what the verdict needs besides it.

    ``value`` is a number, or words for a qualitative claim (then ``holds`` says whether our results
    show it; None: the run cannot decide). ``low``/``high`` bound a simulated or fitted value
    (``basis``) over ``n`` replications or points. ``reference`` is the model's own value a
    *construction* check compares with. ``undefined`` says why our value cannot be computed at
    these parameters (the check is then not applicable).

    Examples
    --------
    >>> Ours(73.99).value, Ours("Move < Locate", holds=True).holds
    (73.99, True)
    """

    value: float | str
    holds: bool | None = None
    low: float | None = None
    high: float | None = None
    basis: str = "exact"
    n: int | None = None
    reference: float | None = None
    undefined: str | None = None
    note: str = ""
    spread: float | None = None  # sd of one sample's statistic under the model, for a {sample: x} tolerance


@dataclass(frozen=True)
class TableCheck(Check):
    """A :class:`mmperf.checks.Check` declared in a checks table, with what the table adds.

    ``id`` names it in the table; ``source`` is the paper's line it rests on; ``derived`` the value
    compared with when it is our arithmetic on the paper's print (``derived_how`` says which);
    ``not_applicable`` lists the parameters that differ from its conditions (empty when it applies);
    ``audit`` is the independence audit's mark.
    """

    id: str = ""
    source: str = ""
    derived: float | None = None
    derived_how: str = ""
    not_applicable: tuple[str, ...] = ()
    audit: str = ""


@dataclass(frozen=True)
class CheckSpec:
    """One row of a checks table (see the module docstring for the fields)."""

    id: str
    claim: str
    paper: float | str
    location: str
    source: str
    kind: str
    compute: str
    unit: str = ""
    tolerance: dict[str, Any] | str = "qualitative"
    reason: str = ""
    conditions: dict[str, Any] = field(default_factory=dict)
    scales: dict[str, str] = field(default_factory=dict)
    derived: dict[str, Any] | None = None
    args: dict[str, Any] = field(default_factory=dict)
    data: tuple[str, ...] = ()
    label: str = "paper"
    note: str = ""
    inputs: tuple[str, ...] = ()

    @property
    def reference(self) -> float | None:
        """The value compared with in the paper's setting: the derived value if any, else the paper's number."""
        if self.derived is not None:
            return float(self.derived["value"])
        return float(self.paper) if _is_number(self.paper) else None


@dataclass(frozen=True)
class CheckTable:
    """A chapter's validated checks table and the functions that compute its values."""

    file: Path
    study: str
    checks: tuple[CheckSpec, ...]
    functions: ModuleType
    record: str = ""
    setting: dict[str, float | str] = field(default_factory=dict)
    assumptions: dict[str, float | str] = field(default_factory=dict)
    size: dict[str, Any] = field(default_factory=dict)
    paper_defaults: dict[str, str] = field(default_factory=dict)

    def function(self, name: str) -> Callable[..., Ours]:
        return getattr(self.functions, name)

    def spec(self, check_id: str) -> CheckSpec:
        return next(c for c in self.checks if c.id == check_id)


# -- loading and validation ------------------------------------------------------------------------

def load(file: str | Path, functions: ModuleType) -> CheckTable:
    """Read and validate a checks table; ``functions`` is the study's module holding the check functions.

    Raises
    ------
    CheckTableError
        one line naming the file, the check and what is wrong (unknown key, missing field,
        unknown function, unknown kind, a tolerance without its reason, ...).

    Examples
    --------
    >>> import tempfile, types
    >>> mod = types.SimpleNamespace(double=lambda run: Ours(2 * run.metrics["x"]))
    >>> text = '''study: demo
    ... checks:
    ...   - {id: two-x, claim: "twice x", paper: 4, location: Eq. 1, source: "line 1", kind: arithmetic,
    ...      compute: double, tolerance: {abs: 0.5}, reason: "the paper rounds"}
    ... '''
    >>> path = Path(tempfile.mkdtemp()) / "checks.yml"
    >>> _ = path.write_text(text)
    >>> [c.id for c in load(path, mod).checks]
    ['two-x']
    >>> _ = path.write_text(text.replace("kind: arithmetic", "kind: guess"))
    >>> load(path, mod)
    Traceback (most recent call last):
    ...
    mmperf.checktable.CheckTableError: checks.yml, check 'two-x': kind 'guess' is not one of prediction, arithmetic, transcription, construction, target, not comparable
    """
    path = Path(file)
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))  # libyaml's loader: on every chapter run's path
    except (OSError, yaml.YAMLError) as exc:
        raise CheckTableError(f"{path.name}: cannot be read as YAML: {exc}") from None
    if not isinstance(raw, dict):
        raise CheckTableError(f"{path.name}: must be a mapping with keys {', '.join(TOP_KEYS)}")
    _no_unknown(path.name, "the file", raw, TOP_KEYS)
    for key in ("study", "checks"):
        if key not in raw:
            raise CheckTableError(f"{path.name}: missing {key!r}")
    if not isinstance(raw["checks"], list) or not raw["checks"]:
        raise CheckTableError(f"{path.name}: 'checks' must be a non-empty list")
    audit = raw.get("audit") or {}
    _no_unknown(path.name, "audit", audit, AUDIT_KEYS)
    record = raw.get("record", "")
    if record and not callable(getattr(functions, record, None)):
        raise CheckTableError(f"{path.name}: record function {record!r} is not defined in {_module_name(functions)}")
    specs = [_spec(path.name, entry, functions) for entry in raw["checks"]]
    seen: set[str] = set()
    for spec in specs:
        if spec.id in seen:
            raise CheckTableError(f"{path.name}: check id {spec.id!r} appears twice")
        seen.add(spec.id)
    return CheckTable(path, str(raw["study"]), tuple(specs), functions, record,
                      {k: _factor_or_choice(v) for k, v in (audit.get("setting") or {}).items()},
                      {k: _factor_or_choice(v) for k, v in (audit.get("assumptions") or {}).items()},
                      dict(audit.get("size") or {}), dict(audit.get("paper_defaults") or {}))


def _factor_or_choice(value: Any) -> float | str:
    """An audit perturbation: a factor (a number) or, for a parameter with choices, the other choice (words).

    Examples
    --------
    >>> _factor_or_choice(1.1), _factor_or_choice("N-1"), _factor_or_choice(True)
    (1.1, 'N-1', 1.0)
    """
    return value if isinstance(value, str) else float(value)


def _spec(file: str, entry: Any, functions: ModuleType) -> CheckSpec:
    if not isinstance(entry, dict):
        raise CheckTableError(f"{file}: every check must be a mapping, got {entry!r}")
    name = f"{file}, check {entry.get('id', '?')!r}"
    _no_unknown(name, "the check", entry, REQUIRED + OPTIONAL)
    missing = [k for k in REQUIRED if k not in entry or entry[k] in (None, "")]
    if missing:
        raise CheckTableError(f"{name}: missing {', '.join(missing)}")
    if not ID.match(str(entry["id"])):
        raise CheckTableError(f"{name}: id must be lower-case words joined by '-'")
    if entry["kind"] not in EVIDENCE:
        raise CheckTableError(f"{name}: kind {entry['kind']!r} is not one of {', '.join(EVIDENCE)}")
    if not callable(getattr(functions, str(entry["compute"]), None)):
        raise CheckTableError(f"{name}: compute function {entry['compute']!r} is not defined in "
                              f"{_module_name(functions)}")
    label = entry.get("label", "paper")
    if label not in KINDS:
        raise CheckTableError(f"{name}: label {label!r} is not one of {', '.join(KINDS)}")
    tolerance = _tolerance(name, entry)
    conditions = dict(entry.get("conditions") or {})
    scales = dict(entry.get("scales") or {})
    for param, rule in scales.items():
        if rule not in SCALING_RULES:
            raise CheckTableError(f"{name}: scaling rule {rule!r} for {param} is not one of {', '.join(SCALING_RULES)}")
        if param not in conditions:
            raise CheckTableError(f"{name}: scales {param} but gives no paper value of it in 'conditions'")
    derived = entry.get("derived")
    if derived is not None and (not isinstance(derived, dict) or set(derived) != {"value", "how"}
                                or not _is_number(derived["value"])):
        raise CheckTableError(f"{name}: derived must be {{value: <number>, how: <words>}}")
    data = tuple(entry.get("data") or ())
    for ref in data:
        if not DATA_REF.match(str(ref)):
            raise CheckTableError(f"{name}: data reference {ref!r} must look like table[row].column")
    inputs = tuple(entry.get("inputs") or ())
    for ref in inputs:
        if not DATA_REF.match(str(ref)):
            raise CheckTableError(f"{name}: input reference {ref!r} must look like table[row].column")
        if ref in data:
            raise CheckTableError(f"{name}: {ref} is both the paper's value (data) and a model input (inputs)")
    spec = CheckSpec(str(entry["id"]), str(entry["claim"]), entry["paper"], str(entry["location"]),
                     str(entry["source"]), entry["kind"], str(entry["compute"]), str(entry.get("unit", "")),
                     tolerance, str(entry.get("reason", "")), conditions, scales, derived,
                     dict(entry.get("args") or {}), data, label, str(entry.get("note", "")), inputs)
    if isinstance(tolerance, dict) and "range" not in tolerance and spec.reference is None \
            and spec.kind != "construction":
        raise CheckTableError(f"{name}: a numeric tolerance needs a number to compare with: a numeric paper "
                              "value or a derived value")
    return spec


def _tolerance(name: str, entry: dict) -> dict[str, Any] | str:
    tol = entry.get("tolerance", "qualitative")
    if entry["kind"] == "not comparable":
        if not str(entry.get("reason", "")).strip():
            raise CheckTableError(f"{name}: a not-comparable check needs its reason")
        return "—"
    if tol == "qualitative":
        return tol
    if not isinstance(tol, dict) or len(tol) != 1 or next(iter(tol)) not in ("abs", "rel", "range", "sample", "fisher"):
        raise CheckTableError(f"{name}: tolerance must be qualitative, {{abs: x}}, {{rel: x}}, {{range: [low, high]}}, "
                              "{sample: x} or {fisher: n}")
    if not str(entry.get("reason", "")).strip():
        raise CheckTableError(f"{name}: every tolerance needs its reason")
    if "range" in tol and (not isinstance(tol["range"], list) or len(tol["range"]) != 2):
        raise CheckTableError(f"{name}: a range tolerance is [low, high]")
    if "fisher" in tol and (isinstance(tol["fisher"], bool) or not isinstance(tol["fisher"], int)
                            or tol["fisher"] < 2):
        raise CheckTableError(f"{name}: a fisher tolerance is the whole number of points the paper's r rests on (>= 2)")
    return tol


def _no_unknown(where: str, what: str, mapping: dict, allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(mapping) - set(allowed))
    if unknown:
        raise CheckTableError(f"{where}: unknown key(s) {', '.join(unknown)} in {what}; allowed: {', '.join(allowed)}")


def _module_name(module: Any) -> str:
    return getattr(module, "__name__", "the functions module")


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


# -- one run: the record and the checks -------------------------------------------------------------

@dataclass
class RunRecord:
    """What a check function reads: the run's parameters and metrics, and the study's own objects.

    ``extra`` holds what a study keeps beside its metrics (a fit, simulation summaries, loaded tables).
    """

    parameters: dict[str, Any]
    metrics: dict[str, float]
    undefined: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.extra[name]


class Recorder:
    """A chapter record without a notebook: metrics, undefined metrics and warnings only.

    A study's record functions take ``ch`` and call ``ch.metric``, ``ch.undefined``, ``ch.warn`` and
    ``ch.glue``; this class gives them what they need, so that the audit can recompute a run
    outside the notebook.

    Examples
    --------
    >>> rec = Recorder()
    >>> rec.metric("x", 2.0), rec.undefined("y", "no value"), rec.metrics
    (2.0, nan, {'x': 2.0})
    """

    def __init__(self) -> None:
        self.metrics: dict[str, float] = {}
        self.units: dict[str, str] = {}
        self.undefined_metrics: dict[str, str] = {}
        self.warnings: list[dict[str, str]] = []

    def metric(self, name: str, value: float, unit: str = "", glue: bool = True) -> float:
        self.metrics[name] = float(value)
        return float(value)

    def undefined(self, name: str, reason: str) -> float:
        self.metrics.pop(name, None)
        self.undefined_metrics[name] = reason
        return math.nan

    def warn(self, what: str, why: str) -> None:
        self.warnings.append({"what": what, "why": why})

    def glue(self, name: str, value: Any) -> Any:
        return value


def differing(spec: CheckSpec, parameters: dict[str, Any]) -> list[str]:
    """The conditions of ``spec`` this run's parameters break, in words (scaled parameters never do).

    Examples
    --------
    >>> s = CheckSpec("a", "c", 74, "Eq. 1", "line 118", "arithmetic", "f", conditions={"z_xf_mbps": 230})
    >>> differing(s, {"z_xf_mbps": 460.0})
    ['z_xf_mbps = 460 (the paper: 230)']
    >>> differing(s, {"z_xf_mbps": 230.0})
    []
    """
    out = []
    for name, paper_value in spec.conditions.items():
        if name in spec.scales or name not in parameters:
            continue
        if not _same(parameters[name], paper_value):
            out.append(f"{name} = {parameters[name]:g} (the paper: {paper_value:g})"
                       if _is_number(parameters[name]) and _is_number(paper_value)
                       else f"{name} = {parameters[name]!r} (the paper: {paper_value!r})")
    return out


def scaled_reference(spec: CheckSpec, parameters: dict[str, Any]) -> float | None:
    """The value compared with at this run's parameters: the reference moved by each scaling rule.

    Examples
    --------
    Table 1's 8.4 Mbit/s is 4 frames/s x 2.1 Mbit; at 2.0 Mbit per frame the paper's rule gives 8.0:

    >>> s = CheckSpec("t1", "c", 8.4, "Table 1", "line 108", "arithmetic", "f",
    ...               conditions={"frame_bits": 2.1e6}, scales={"frame_bits": "proportional"})
    >>> round(scaled_reference(s, {"frame_bits": 2.0e6}), 6)
    8.0
    """
    ref = spec.reference
    if ref is None:
        return None
    for name, rule in spec.scales.items():
        if name in parameters:
            ref = SCALING_RULES[rule](ref, float(parameters[name]), float(spec.conditions[name]))
    return ref


def evaluate(table: CheckTable, run: RunRecord, audit_marks: dict[str, str] | None = None) -> list[TableCheck]:
    """Every check of ``table`` for one run, with its verdict or why it does not apply."""
    return [evaluate_one(table, spec, run, (audit_marks or {}).get(spec.id, "")) for spec in table.checks]


def evaluate_one(table: CheckTable, spec: CheckSpec, run: RunRecord, audit_mark: str = "") -> TableCheck:
    """One check for one run (see :func:`evaluate`)."""
    differs = differing(spec, run.parameters)
    ours = table.function(spec.compute)(run, **spec.args)
    if not isinstance(ours, Ours):
        raise CheckTableError(f"{table.file.name}, check {spec.id!r}: {spec.compute} must return Ours, "
                              f"got {type(ours).__name__}")
    if ours.reference is not None and spec.kind != "construction":
        raise CheckTableError(f"{table.file.name}, check {spec.id!r}: only a construction check compares with "
                              "a value of the model's own (Ours.reference)")
    reference = ours.reference if ours.reference is not None else scaled_reference(spec, run.parameters)
    why_not = "; ".join(filter(None, ["not applicable at these parameters: " + ", ".join(differs) if differs
                                      else "", ours.undefined or ""]))
    status, tolerance, needed = _judge(spec, ours, reference, bool(why_not))
    note = "; ".join(filter(None, [why_not, spec.note, ours.note]))
    value = ours.value if not _is_number(ours.value) else float(ours.value)
    scaled = bool(spec.scales) and reference is not None and not _same(reference, spec.reference)
    own = ours.reference is not None
    derived = reference if (spec.derived is not None or own or scaled) else None
    how = spec.derived["how"] if spec.derived else "the model's own value" if own else ""
    if scaled:
        how = (how + "; " if how else "") + ", ".join(f"the paper's value scaled ({rule}) to {n} = "
                                                      f"{run.parameters[n]:g}" for n, rule in spec.scales.items())
    return TableCheck(spec.claim, spec.location, spec.paper if not _is_number(spec.paper) else float(spec.paper),
                      value, tolerance, spec.reason, spec.kind, spec.label, status, spec.unit, ours.basis,
                      _finite(ours.low), _finite(ours.high), ours.n, needed, note, spec.id, spec.source, derived, how,
                      tuple(differs), audit_mark)


def _judge(spec: CheckSpec, ours: Ours, reference: float | None, not_applicable: bool) -> tuple[str, str, int | None]:
    """Status, tolerance in words and replications needed, for one check."""
    if spec.kind == "not comparable":
        return "not comparable", "—", None
    tol = spec.tolerance
    if tol == "qualitative":
        status = "not applicable" if not_applicable else _verdict(ours.holds, spec.kind)
        return status, "qualitative", None
    unit = "percentage points" if spec.unit.strip() in ("%", "percent") else spec.unit
    if "range" in tol:
        band_low, band_high = (float(x) for x in tol["range"])
        words = f"[{band_low:g}, {band_high:g}] {spec.unit}".strip()
    elif "sample" in tol:
        width = sample_width(float(tol["sample"]), ours.spread)
        band_low, band_high = reference - width, reference + width
        words = f"±{width:.3g} {unit}".strip()
    elif "fisher" in tol:
        band_low, band_high, words = fisher_tolerance(reference, tol["fisher"])
    else:
        width = tol["abs"] if "abs" in tol else tol["rel"] * abs(reference)
        band_low, band_high = reference - width, reference + width
        words = f"±{tol['abs']:g} {unit}".strip() if "abs" in tol else f"±{tol['rel'] * 100:g} %"
    if not_applicable:
        return "not applicable", words, None
    value = float(ours.value)
    if not math.isfinite(value):
        return _verdict(False, spec.kind), words, None
    low = ours.low if ours.low is not None else value
    high = ours.high if ours.high is not None else value
    decision = equivalence(low, high, band_low, band_high)
    if "fisher" in tol and tol["fisher"] <= 3:  # the band is [-1, 1]: it excludes nothing, so it confirms nothing
        return _verdict(None, spec.kind), words, None
    needed = None
    if decision is None and ours.n:
        margin = min(abs(value - band_low), abs(band_high - value))
        half = max(value - low, high - value)
        needed = replications_needed(ours.n, half, margin) if margin > 0 and math.isfinite(half) else None
    return _verdict(decision, spec.kind), words, needed


def sample_width(printed: float, spread: float | None) -> float:
    """Half-width of a ``{sample: printed}`` band: the wider of the printed precision and 1.96 ``spread``.

    The paper's statistic is one draw of that statistic over samples of its size; under the model such
    draws fall within 1.96 standard deviations (``spread``) of our mean about 95 % of the time.

    Examples
    --------
    >>> sample_width(0.05, 0.1), sample_width(0.05, 0.01), sample_width(0.05, None)
    (0.196, 0.05, 0.05)
    """
    spread_width = 1.96 * spread if spread is not None and math.isfinite(spread) else 0.0
    return max(printed, spread_width)


def fisher_tolerance(paper_r: float, n: int, level: float = 0.95) -> tuple[float, float, str]:
    """The band a ``{fisher: n}`` tolerance allows around the paper's ``r``, and its words.

    Examples
    --------
    Worked by hand: r = 0.9 from n = 12 points: atanh(0.9) = 1.4722, se = 1/sqrt(9) = 1/3, z ± 1.96 se =
    (0.8189, 2.1255), tanh gives (0.674, 0.972). With 3 points the band is all of [-1, 1].

    >>> low, high, words = fisher_tolerance(0.9, 12)
    >>> round(low, 3), round(high, 3)
    (0.674, 0.972)
    >>> print(words)
    95 % Fisher-z band of the paper's r from n = 12: [0.67, 0.97]
    >>> print(fisher_tolerance(0.98, 3)[2])
    95 % Fisher-z band of the paper's r from n = 3: [-1.00, 1.00] (excludes nothing: no verdict)
    """
    low, high = fisher_band(float(paper_r), int(n), level)
    words = f"{level:.0%} Fisher-z band of the paper's r from n = {n}: [{low:.2f}, {high:.2f}]".replace("%", " %", 1)
    return low, high, words + (" (excludes nothing: no verdict)" if n <= 3 else "")


def _finite(x: float | None) -> float | None:
    """An interval end for results.json: an unbounded end (an interval reaching a pole) is recorded as None."""
    return None if x is None or not math.isfinite(x) else float(x)


def _same(a: Any, b: Any) -> bool:
    if _is_number(a) and _is_number(b):
        return math.isclose(float(a), float(b), rel_tol=1e-12, abs_tol=0.0)
    return a == b


# -- the independence audit -------------------------------------------------------------------------

PERTURBATION = 1.1  # each perturbed paper value is multiplied by this (a zero is set to 1)


@dataclass(frozen=True)
class AuditResult:
    """The audit of one check: its mark, whether it agrees with the declared kind, and why.

    ``uses_paper`` lists the data references whose perturbation moved our value (test a),
    ``moved_by`` the inputs whose perturbation moved it (test b), ``duplicate_of`` the id of an
    earlier prediction with the same computation and the same paper value (test c), and
    ``unconditioned`` the parameters of the paper's setting that move our value without being among
    the check's conditions or scaling rules.
    """

    id: str
    kind: str
    mark: str
    agrees: bool
    detail: str
    uses_paper: tuple[str, ...] = ()
    moved_by: tuple[str, ...] = ()
    duplicate_of: str = ""
    unconditioned: tuple[str, ...] = ()


def audit(table: CheckTable, compute: Callable[[dict[str, Any]], RunRecord], parameters: dict[str, Any],
          perturbed: Callable[[tuple[str, ...]], contextlib.AbstractContextManager] | None = None
          ) -> dict[str, AuditResult]:
    """The independence audit of a checks table at ``parameters`` (the paper's setting).

    ``compute(parameters)`` recomputes the run's record from the loaded data; ``perturbed(refs)``
    is a context manager under which the data references ``refs`` read as perturbed values (by
    default :func:`perturbed_data` on the table's study). For each check declared ``prediction``:

    (a) perturb the paper value it is compared with, and every transcribed value printed with it or
        derived from it (its ``data``), and recompute our value: if it moves, the check is
        arithmetic or transcription, not a prediction. A parameter whose default is one of those
        values (``audit.paper_defaults``: parameter -> data reference) is perturbed with it;
    (b) perturb each of the model's stated assumptions and free inputs (``audit.setting`` and
        ``audit.assumptions``, one at a time, by their factors, and each transcribed input a prediction
        names in ``inputs``): if our value moves for none, the check holds by construction;
    (c) two predictions with the same computation (our value equal under every perturbation) and
        the same paper value are one prediction: the later one is a duplicate.

    For every check compared with a paper value, a parameter of the paper's setting (``audit.setting``)
    that moves our value must be among its conditions or scaling rules, so that a what-if run never
    judges it against a paper value of another setting. Non-predictions are otherwise not audited.
    """
    perturbed = perturbed or (lambda refs: perturbed_data(table.study, refs))
    base_params = {**parameters, **table.size}
    signatures: dict[str, list[Any]] = {c.id: [_signature(table, c, compute(base_params))] for c in table.checks}
    moved_by: dict[str, list[str]] = {c.id: [] for c in table.checks}
    for name, factor in {**table.setting, **table.assumptions}.items():
        run = compute({**base_params, name: _perturb_parameter(base_params[name], factor)})
        for spec in table.checks:
            sig = _signature(table, spec, run)
            signatures[spec.id].append(sig)
            if not _same_signature(sig, signatures[spec.id][0]):
                moved_by[spec.id].append(name)
    inputs = {ref: [c for c in table.checks if c.kind == "prediction" and ref in c.inputs]
              for c in table.checks for ref in c.inputs}
    for ref, specs in inputs.items():  # each transcribed input once, for every prediction that reads it
        if not specs:
            continue
        with perturbed((ref,)):  # signatures inside: a record may read its data when a check asks
            run = compute(dict(base_params))
            moved = [spec for spec in specs
                     if not _same_signature(_signature(table, spec, run), signatures[spec.id][0])]
        for spec in moved:
            moved_by[spec.id].append(ref)
    results: dict[str, AuditResult] = {}
    first_of: dict[tuple, str] = {}
    for spec in table.checks:
        uses_paper: list[str] = []
        if spec.kind == "prediction" and spec.data:
            linked = {n: _perturb_parameter(base_params[n], PERTURBATION)
                      for n, ref in table.paper_defaults.items() if ref in spec.data}
            with perturbed(spec.data):
                sig = _signature(table, spec, compute({**base_params, **linked}))
            if not _same_signature(sig, signatures[spec.id][0]):
                uses_paper = list(spec.data)
        unconditioned = [] if spec.kind in ("construction", "not comparable") else [
            n for n in moved_by[spec.id] if n in table.setting and n not in spec.conditions and n not in spec.scales]
        key = (_rounded(spec.reference), spec.paper if spec.reference is None else None,
               tuple(_rounded_signature(s) for s in signatures[spec.id]))
        duplicate = first_of.get(key, "") if spec.kind == "prediction" else ""
        if spec.kind == "prediction" and not duplicate:
            first_of[key] = spec.id
        results[spec.id] = _mark(spec, uses_paper, moved_by[spec.id], duplicate, unconditioned)
    return results


def _mark(spec: CheckSpec, uses_paper: list[str], moved_by: list[str], duplicate: str,
          unconditioned: list[str]) -> AuditResult:
    problems = []
    if unconditioned:
        problems.append(f"moves with {', '.join(unconditioned)}, which its conditions do not name")
    if spec.kind != "prediction":
        checked = spec.kind not in ("construction", "not comparable")
        mark = ("✗ " + problems[0] if problems else "– conditions complete" if checked else "– not audited")
        return AuditResult(spec.id, spec.kind, mark, not problems, "; ".join(problems) or "only predictions are "
                           "audited for independence", (), tuple(moved_by), "", tuple(unconditioned))
    if uses_paper:
        problems.append("moves when the paper value is perturbed: arithmetic or transcription")
    if not moved_by:
        problems.append("moves with none of the model's inputs: holds by construction")
    if duplicate:
        problems.append(f"the same computation and paper value as {duplicate}: one prediction")
    if problems:
        return AuditResult(spec.id, spec.kind, "✗ " + "; ".join(problems), False, "; ".join(problems),
                           tuple(uses_paper), tuple(moved_by), duplicate, tuple(unconditioned))
    detail = (f"moved by {', '.join(moved_by)}; not by the paper value"
              + ("" if spec.data else " (none in the loaded data)"))
    return AuditResult(spec.id, spec.kind, "✓ " + detail, True, detail, (), tuple(moved_by), "", ())


def _signature(table: CheckTable, spec: CheckSpec, run: RunRecord) -> tuple:
    """What the audit compares of our value: the number (or words and verdict) and its interval."""
    try:
        ours = table.function(spec.compute)(run, **spec.args)
    except (KeyError, ValueError, ZeroDivisionError) as exc:  # a perturbed run may leave a metric undefined
        return ("error", type(exc).__name__)
    value = float(ours.value) if _is_number(ours.value) else str(ours.value)
    return (value, ours.holds, ours.low, ours.high, ours.reference, ours.undefined)


def _same_signature(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))


def _close(x: Any, y: Any) -> bool:
    if _is_number(x) and _is_number(y):
        return (math.isnan(x) and math.isnan(y)) or math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
    return x == y


def _rounded(x: Any) -> Any:
    return round(float(x), 9) if _is_number(x) and math.isfinite(float(x)) else x


def _rounded_signature(sig: tuple) -> tuple:
    return tuple(_rounded(x) for x in sig)


def _perturb_parameter(value: Any, factor: float | str) -> Any:
    if isinstance(factor, str):  # a choice parameter is moved to the other choice the table names
        return factor
    if isinstance(value, bool):
        return not value
    if value == 0:
        return factor  # a zero input (a deterministic cv) is moved to the factor itself
    if isinstance(value, int):  # an integer input moves by at least one
        moved = round(value * factor)
        return moved if moved != value else value + (1 if factor >= 1 else -1)
    return value * factor


@contextlib.contextmanager
def perturbed_data(study: str, refs: tuple[str, ...], factor: float = PERTURBATION) -> Iterator[None]:
    """While open, :func:`mmperf.data.load_table` reads each referenced cell multiplied by ``factor``.

    ``refs`` look like ``table[row].column``: the row whose first column equals ``row``; a name/value
    table's column defaults to ``value``.

    Examples
    --------
    >>> from mmperf.data import load_values
    >>> with perturbed_data("zeadally", ("parameters[eq1_r]",)):
    ...     round(load_values("zeadally", "parameters")["eq1_r"].value, 6)
    81.4
    >>> load_values("zeadally", "parameters")["eq1_r"].value
    74.0
    """
    from mmperf import data as data_mod

    frames: dict[str, Any] = {}
    for ref in refs:
        match = DATA_REF.match(ref)
        if not match:
            raise CheckTableError(f"data reference {ref!r} must look like table[row].column")
        name = match["table"]
        frame = frames.get(name)
        if frame is None:
            frame = data_mod.load_table(study, name)
        column = match["column"] or "value"
        rows = frame.index[frame.iloc[:, 0].astype(str) == match["row"]]
        if len(rows) != 1 or column not in frame.columns:
            raise CheckTableError(f"data reference {ref!r}: study {study!r} has no such cell")
        old = float(frame.loc[rows[0], column])
        frame.loc[rows[0], column] = old * factor if old != 0 else 1.0
        frames[name] = frame
    with data_mod.substituted(study, frames):
        yield


def marks(results: dict[str, AuditResult]) -> dict[str, str]:
    """The audit's mark per check id (for :func:`evaluate`)."""
    return {k: r.mark for k, r in results.items()}


def audit_summary(records: list[dict[str, Any]]) -> dict[str, int]:
    """Counts of the audit's marks over check records (``results.json``): passed, failed, not audited.

    Examples
    --------
    >>> audit_summary([{"audit": "✓ independent"}, {"audit": "✗ construction"}, {"audit": "– not audited"},
    ...                {"evidence": "prediction"}])
    {'passed': 1, 'failed': 1, 'not audited': 2}
    """
    out = {"passed": 0, "failed": 0, "not audited": 0}
    for r in records:
        mark = r.get("audit", "")
        key = "passed" if mark.startswith("✓") else "failed" if mark.startswith("✗") else "not audited"
        out[key] += 1
    return out


def with_audit(checks: list[TableCheck], results: dict[str, AuditResult]) -> list[TableCheck]:
    """The checks with the audit's marks filled in."""
    return [replace(c, audit=results[c.id].mark) if c.id in results else c for c in checks]



def study_checks(module_name: str) -> tuple[Callable[[], CheckTable],
                                            Callable[..., dict[str, AuditResult]], Callable[[], str]]:
    """A study's ``table``, ``audit`` and ``table_digest``, for its checks module ``module_name``.

    ``table()`` is the chapter's checks table (``checks.yml`` beside the module, validated against the module's
    functions); ``audit(parameters, table_digest="")`` is the independence audit (:func:`audit`) of that table
    at ``parameters`` (the paper's setting) with the module's ``run_record``; ``table_digest`` keys the
    simulation cache only (the audit's result depends on the table too); ``table_digest()`` is the first 16 hex
    digits of the file's sha256. The three are the module's own functions (their ``__module__`` is
    ``module_name``), so a cached audit is keyed by the study's code (:mod:`mmperf.simcache`).

    Examples
    --------
    A module whose folder holds a ``checks.yml`` (here one in a scratch folder):

    >>> import hashlib, sys, tempfile, types
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "checks.yml").write_bytes(b"study: toy")
    >>> sys.modules["toy_checks"] = types.SimpleNamespace(__file__=str(folder / "checks.py"))
    >>> table, audit, table_digest = study_checks("toy_checks")
    >>> audit.__module__, audit.__qualname__
    ('toy_checks', 'audit')
    >>> table_digest() == hashlib.sha256(b"study: toy").hexdigest()[:16]
    True
    >>> del sys.modules["toy_checks"]
    """
    import hashlib
    import sys

    def module() -> ModuleType:
        return sys.modules[module_name]

    file = Path(module().__file__).with_name("checks.yml")

    def table() -> CheckTable:
        """The chapter's checks table, validated."""
        return load(file, module())

    def audit_at(parameters: dict[str, Any], table_digest: str = "") -> dict[str, AuditResult]:
        """The independence audit of this chapter's checks at ``parameters`` (``table_digest`` keys the cache)."""
        return audit(table(), module().run_record, parameters)

    def table_digest() -> str:
        """A digest of ``checks.yml``, to key a cached audit."""
        return hashlib.sha256(file.read_bytes()).hexdigest()[:16]

    for function, name in ((table, "table"), (audit_at, "audit"), (table_digest, "table_digest")):
        function.__module__, function.__name__, function.__qualname__ = module_name, name, name
    return table, audit_at, table_digest

__all__ = ["DECIDED", "AuditResult", "CheckSpec", "CheckTable", "CheckTableError", "Ours", "Recorder", "RunRecord",
           "TableCheck", "audit", "audit_summary", "differing", "evaluate", "fisher_tolerance", "load", "marks",
           "perturbed_data", "sample_width", "scaled_reference", "study_checks", "with_audit"]
