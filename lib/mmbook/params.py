"""Chapter specifications: title, notebook, data and typed parameters with allowed ranges.

Each chapter ``NAME`` has ``notebooks/NAME.md`` (the MyST notebook) and ``notebooks/NAME.yml``::

    title: "Zeadally et al. (1997): the end-system data path"
    order: 40
    data: [zeadally]                 # sub-folders of data/ the chapter reads
    headline: [eq1_throughput_mbps]   # the chapter's key metrics (what-if pages, sweeps)
    rules:                            # cross-parameter checks, evaluated before any compute
      - require: "z_xf_mbps <= 4 * z_na_mbps"
        message: "..."
    design:                           # the parameter-space test (mmbook.design)
      fixed: {replications: 2}        # cheap settings every design and random point keeps
      exclude: [seed]                 # parameters the design leaves at their defaults
      levels: {platform: [a, b, c]}   # the levels of a parameter with many choices (default: all of them)
    parameters:
      z_na_mbps:
        type: float                  # float, int, bool, str, file, list[float], list[int], list[str]
        default: 200.0
        min: 0
        min_exclusive: true
        max: 400
        unit: "Mbit/s"
        help: "Network-to-application stage throughput"
      host:
        type: str
        default: "386"
        choices: ["386", "486"]
        help: "Host system"
      trace_file:
        type: file                   # a path: resolved against the user's working folder, must exist
        default: ""                  # ("" = no file)
        help: "A reader's trace"

Numbers are read by one strict rule wherever parameters are read (:func:`parse_number`): decimal
literals only (``15``, ``-2.5``, ``1e3``); ``2_5``, ``0x10``, full-width digits and ``inf``/``nan`` are
refused (a parameter may allow infinities with ``allow_infinite: true``). Lists are written ``8,15,30``
or ``[8, 15, 30]`` and may not hold an empty item (:func:`split_list`).

The notebook's ``parameters`` cell must assign exactly these names with these defaults (a test
checks it), so that papermill and ``mmbook params`` agree.
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mmperf import paths
from mmperf.data import load_yaml
from mmperf.errors import ParameterError  # noqa: F401  (raised here, re-exported for the engine)

SCALAR_TYPES = ("float", "int", "bool", "str", "file")
LIST_TYPES = tuple(f"list[{t}]" for t in ("float", "int", "str"))
RESERVED_NAMES = ("output_dir",)


class ChapterNotFound(LookupError):
    """No chapter of that name exists in ``notebooks/``."""


@dataclass(frozen=True)
class ParamSpec:
    """One parameter: its type, default, allowed range and meaning.

    Examples
    --------
    >>> p = ParamSpec("frame_rate", "float", 30.0, help="frames per second", min=0, min_exclusive=True, max=60)
    >>> p.allowed()
    '0 < value <= 60'
    >>> p.coerce("15")
    15.0
    """

    name: str
    type: str
    default: Any
    help: str = ""
    min: float | None = None
    max: float | None = None
    min_exclusive: bool = False
    max_exclusive: bool = False
    choices: tuple | None = None
    unit: str | None = None  # None: not declared; "": declared dimensionless
    allow_infinite: bool = False  # a float parameter that may be inf or -inf (never NaN)

    def __post_init__(self) -> None:
        if self.type not in SCALAR_TYPES + LIST_TYPES:
            raise ValueError(f"parameter {self.name!r}: unknown type {self.type!r}")
        if not self.help:
            raise ValueError(f"parameter {self.name!r}: a one-line meaning ('help') is required")

    @property
    def element_type(self) -> str:
        return self.type[5:-1] if self.type.startswith("list[") else self.type

    def allowed(self) -> str:
        """Describe the allowed values in one short phrase."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.element_type == "bool":
            return "true or false"
        if self.element_type == "file":
            return "the path of an existing file, or '' for none"
        lo = None if self.min is None else f"{format_number(self.min)} {'<' if self.min_exclusive else '<='} "
        hi = None if self.max is None else f" {'<' if self.max_exclusive else '<='} {format_number(self.max)}"
        if lo is None and hi is None:
            return f"any {self.element_type}"
        return f"{lo or ''}value{hi or ''}"

    def coerce(self, value: Any) -> Any:
        """Convert ``value`` (a Python value or a command-line string) to this type, then check it.

        Strings are read by :func:`parse_number` (numbers) and :func:`split_list` (lists); a ``file``
        parameter's path is made absolute against the current working folder (:func:`resolve_file`).

        Raises
        ------
        ParameterError
            naming the parameter and what is allowed.
        """
        if self.type.startswith("list["):
            if isinstance(value, str):
                try:
                    value = split_list(value)
                except ValueError as exc:
                    raise self._error(value, f"a list of {self.element_type} without empty items, "
                                             f"e.g. 8,15,30 ({exc})") from None
            if not isinstance(value, list | tuple) or len(value) == 0:
                raise self._error(value, f"a non-empty list of {self.element_type}")
            return [self._check(self._coerce_scalar(v)) for v in value]
        return self._check(self._coerce_scalar(value))

    def _coerce_scalar(self, value: Any) -> Any:
        kind = self.element_type
        if kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no", "1", "0"):
                return value.strip().lower() in ("true", "yes", "1")
            raise self._error(value, "true or false")
        if kind == "str":
            if isinstance(value, bool) or not isinstance(value, str | int | float):
                raise self._error(value, self.allowed())
            return str(value)
        if kind == "file":
            if not isinstance(value, str | Path):
                raise self._error(value, self.allowed())
            try:
                return resolve_file(value)
            except ValueError as exc:
                raise ParameterError(f"parameter {self.name!r}: {exc} ({self.help})") from None
        if isinstance(value, bool):
            raise self._error(value, f"a number ({self.allowed()})")
        what = f"{'a number' if kind == 'float' else 'a whole number'}"
        try:
            if isinstance(value, str):
                number = parse_number(value, kind, allow_infinite=self.allow_infinite)
            else:
                number = float(value) if kind == "float" else _to_int(value)
        except (TypeError, ValueError, OverflowError):
            if isinstance(value, str) and _NOT_FINITE.fullmatch(value.strip()):
                raise self._error(value, f"a finite number ({self.allowed()})") from None
            raise self._error(value, f"{what} written as a decimal literal such as "
                                     f"{'2.5 or 1e3' if kind == 'float' else '25'} ({self.allowed()})") from None
        if kind == "float" and not math.isfinite(number) and not (self.allow_infinite and not math.isnan(number)):
            raise self._error(value, f"a finite number ({self.allowed()})")
        return number

    def _check(self, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            raise self._error(value, self.allowed())
        if self.element_type in ("float", "int"):
            too_low = self.min is not None and (value <= self.min if self.min_exclusive else value < self.min)
            too_high = self.max is not None and (value >= self.max if self.max_exclusive else value > self.max)
            if too_low or too_high:
                raise self._error(value, self.allowed())
        return value

    def _error(self, value: Any, allowed: str) -> ParameterError:
        return ParameterError(f"parameter {self.name!r} = {value!r} is not allowed: expected {allowed}. "
                              f"({self.help})")


def format_number(x: float) -> str:
    """A number as people write it: 2,100,000 rather than 2.1e+06, 0.5 rather than 0.500000 (bounds in
    messages, defaults on pages).

    Examples
    --------
    >>> format_number(2100000.0), format_number(0.5), format_number(1e-9)
    ('2,100,000', '0.5', '1e-09')
    """
    if float(x).is_integer() and abs(x) < 1e15:
        return f"{int(x):,}"
    return f"{x:g}"


#: a decimal literal: optional sign, ASCII digits with an optional fraction, an optional exponent
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_NOT_FINITE = re.compile(r"[+-]?\.?(?:inf(?:inity)?|nan)", re.IGNORECASE)
_INFINITE = re.compile(r"[+-]?\.?inf(?:inity)?", re.IGNORECASE)  # .inf as YAML writes it


def parse_number(text: str, kind: str = "float", *, allow_infinite: bool = False) -> int | float:
    """Read a number from text by the one rule every parameter, grid and file value follows.

    Only decimal literals are numbers: an optional sign, ASCII digits with an optional fraction and
    an optional exponent (``15``, ``-2.5``, ``.5``, ``1e3``). Python's own ``float`` and ``int`` also
    accept ``2_5``, full-width digits and (``int(x, 0)``) ``0x10``, and YAML 1.1 reads ``0x10``,
    ``1_000`` and ``1:30``: each silently turns a typing slip into another number, so all are refused.
    ``inf`` and ``nan`` are refused unless ``allow_infinite`` (then ``inf``, ``+inf``, ``-inf``;
    NaN never). With ``kind="int"`` an integral value written as a float (``3000.0``, ``3e3``) is
    allowed, as in a YAML file, and a fraction is refused. Surrounding spaces are ignored.

    Raises
    ------
    ValueError
        when ``text`` is not such a literal (or not whole, for ``kind="int"``).

    Examples
    --------
    >>> parse_number("2.5"), parse_number("1e3"), parse_number("3000.0", "int"), parse_number("-7", "int")
    (2.5, 1000.0, 3000, -7)
    >>> parse_number("-inf", allow_infinite=True)
    -inf
    >>> for bad in ("2_5", "\uff13\uff10", "0x10", "inf", "nan", "", "1:30", "7.5"):
    ...     try:
    ...         parse_number(bad, "int" if bad == "7.5" else "float")
    ...     except ValueError:
    ...         print("refused", repr(bad))
    refused '2_5'
    refused '３０'
    refused '0x10'
    refused 'inf'
    refused 'nan'
    refused ''
    refused '1:30'
    refused '7.5'
    """
    if kind not in ("float", "int"):
        raise ValueError(f"parse_number: kind must be 'float' or 'int', not {kind!r}")
    stripped = text.strip(" \t")
    if _DECIMAL.fullmatch(stripped):
        if kind == "float":
            return float(stripped)
        if re.fullmatch(r"[+-]?[0-9]+", stripped):
            return int(stripped)
        return _to_int(float(stripped))
    if allow_infinite and kind == "float" and _INFINITE.fullmatch(stripped):
        return float(stripped.replace(".", ""))
    raise ValueError(f"{text!r} is not a decimal number")


def parse_value(param: ParamSpec, text: str) -> Any:
    """A parameter's value from the text a user typed (``-p NAME TEXT``, ``--grid NAME=TEXT,...`` item, a
    parameter file's value), by the parameter's type and the one strict rule for numbers
    (:func:`parse_number`) and lists (:func:`split_list`); checked against its range and choices.

    Raises
    ------
    ParameterError
        one line naming the parameter and what is allowed.

    Examples
    --------
    >>> parse_value(ParamSpec("fps", "float", 30.0, help="frame rate", min=1, max=60), "25")
    25.0
    >>> parse_value(ParamSpec("n", "int", 1, help="count"), "2_5")
    Traceback (most recent call last):
    ...
    mmperf.errors.ParameterError: parameter 'n' = '2_5' is not allowed: expected a whole number written as a decimal literal such as 25 (any int). (count)
    """
    return param.coerce(text)


def split_list(text: str) -> list[str]:
    """The items of a list written ``8,15,30`` or ``[8, 15, 30]``, as stripped strings, refusing an
    empty item (``8,,30`` or a trailing comma is a typing slip, not a two-item list).

    Items may be quoted in the bracketed form (``['a, b', c]``); the items are then read by the
    parameter's element type.

    Raises
    ------
    ValueError
        for an empty list, an empty item or unbalanced brackets or quotes.

    Examples
    --------
    >>> split_list("8,15, 30"), split_list("[8, 15]"), split_list("['a, b', c]")
    (['8', '15', '30'], ['8', '15'], ['a, b', 'c'])
    >>> split_list("8,,30")
    Traceback (most recent call last):
    ...
    ValueError: item 2 of '8,,30' is empty
    """
    import csv

    body = text.strip()
    if body.startswith("[") or body.endswith("]"):
        if not (body.startswith("[") and body.endswith("]")):
            raise ValueError(f"unbalanced brackets in {text!r}")
        body = body[1:-1]
    if not body.strip():
        raise ValueError(f"{text!r} has no items")
    try:
        rows = list(csv.reader([body], skipinitialspace=True, quotechar="'", strict=True)) if "'" in body else \
            list(csv.reader([body], skipinitialspace=True, strict=True))
    except csv.Error as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    items = rows[0] if rows else []
    for i, item in enumerate(items, 1):
        if not item.strip():
            raise ValueError(f"item {i} of {text!r} is empty")
    return [item.strip() for item in items]


def resolve_file(value: str | Path, base: Path | None = None) -> str:
    """A ``file`` parameter's value as an absolute path (``""`` stays ``""``: no file).

    A relative path is resolved against ``base``, by default the current working folder: the folder the
    user typed the command in, not the ``notebooks/`` folder the chapter's kernel runs in. ``~`` is
    expanded.

    Raises
    ------
    ValueError
        when the file does not exist or is a folder.

    Examples
    --------
    >>> resolve_file("")
    ''
    >>> resolve_file("setup.cfg", base=Path("/nowhere"))
    Traceback (most recent call last):
    ...
    ValueError: no such file: setup.cfg (looked for /nowhere/setup.cfg)
    """
    text = str(value)
    if not text.strip():
        return ""
    path = Path(text).expanduser()
    full = path if path.is_absolute() else (base or Path.cwd()) / path
    if full.is_dir():
        raise ValueError(f"{text} is a folder, not a file")
    if not full.is_file():
        raise ValueError(f"no such file: {text}" + ("" if path.is_absolute() else f" (looked for {full})"))
    return os.path.abspath(full)  # not resolve(): a symlinked file keeps the name the user gave


def _to_int(value: Any) -> int:
    """A whole number from an int or an integral float (3000.0 is allowed, as in YAML; 3000.5 is not)."""
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError
        return int(value)
    if isinstance(value, int):
        return int(value)
    if hasattr(value, "item"):  # a numpy scalar
        return _to_int(value.item())
    raise TypeError


@dataclass(frozen=True)
class ChapterSpec:
    """A chapter: its notebook, data folders and parameters."""

    name: str
    title: str
    order: int
    notebook: Path
    data: tuple[str, ...]
    parameters: dict[str, ParamSpec] = field(default_factory=dict)
    validate: str | None = None
    rules: tuple[dict[str, str], ...] = ()
    headline: tuple[str, ...] = ()
    design: dict[str, Any] = field(default_factory=dict)
    #: the home page's row: ``cite`` (a bibliography key), ``teaches``, ``prerequisites``, ``read``, ``whatif``
    guide: dict[str, str] = field(default_factory=dict)
    #: the chapter's weeks of the course map: each a ``week`` number, ``title``, ``part``, ``read``,
    #: ``objectives`` and optionally its own ``whatif``
    course: tuple[dict[str, Any], ...] = ()
    #: the part of the book the chapter belongs to: ``foundations`` (Part I, before the studies) or ``studies``
    book_part: str = "studies"
    #: the chapter's study package under ``lib/mmstudies/`` (spec key ``package``; by default the chapter's
    #: name with ``-`` as ``_``): where tests find its checks table (``mmstudies.<package>.checks``)
    package: str = ""
    #: the auto-grader's key (spec key ``answers``): for each exercise label, the glued value that is its
    #: answer (``glue``, computed by the notebook at the exercise's own settings), the ``tolerance`` (``abs``
    #: or ``rel``) and optionally the ``unit`` and ``ask`` (which number of the exercise is asked, in a few
    #: words, for the answers template); read by ``mmbook check``
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)

    def defaults(self) -> dict[str, Any]:
        """The default value of every parameter (these reproduce the paper)."""
        return {name: spec.default for name, spec in self.parameters.items()}

    def resolve(self, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults updated with ``overrides``, every value coerced and checked.

        Raises
        ------
        ParameterError
            for an unknown name (listing the known ones), a wrong type or an out-of-range value,
            or when the chapter's own cross-parameter check rejects the combination.
        """
        overrides = dict(overrides or {})
        unknown = sorted(set(overrides) - set(self.parameters))
        if unknown:
            raise ParameterError(
                f"chapter {self.name!r} has no parameter {', '.join(repr(u) for u in unknown)}; "
                f"its parameters are: {', '.join(self.parameters)} (see `mmbook params {self.name}`)"
            )
        values = self.defaults()
        for name, value in overrides.items():
            values[name] = self.parameters[name].coerce(value)
        for rule in self.rules:
            if not _rule_holds(self.name, rule, values):
                raise ParameterError(f"chapter {self.name!r}: {rule['message']} (rule: {rule['require']}; "
                                     f"values: {_rule_values(rule, values)})")
        if self.validate:
            module_name, _, func_name = self.validate.partition(":")
            getattr(importlib.import_module(module_name), func_name)(values)
        return values

    def describe(self) -> list[dict[str, Any]]:
        """One row per parameter: name, type, default, min, max, exclusive bounds, choices, unit,
        allowed (in words) and help."""
        return [
            {"name": p.name, "type": p.type, "default": p.default, "min": p.min, "max": p.max,
             "min_exclusive": p.min_exclusive, "max_exclusive": p.max_exclusive,
             "choices": list(p.choices) if p.choices is not None else None, "unit": p.unit or "",
             "allowed": p.allowed(), "help": p.help}
            for p in self.parameters.values()
        ]


#: names a rule's expression may use besides the parameters
RULE_FUNCTIONS = {"min": min, "max": max, "abs": abs, "len": len, "all": all, "any": any, "round": round,
                  "sqrt": math.sqrt, "ceil": math.ceil, "floor": math.floor}


def _rule_holds(chapter: str, rule: dict[str, str], values: dict[str, Any]) -> bool:
    """Evaluate a cross-parameter rule (a Python expression over the parameter names).

    Examples
    --------
    >>> _rule_holds("demo", {"require": "warmup < frames", "message": "m"}, {"warmup": 10, "frames": 100})
    True
    """
    try:
        return bool(eval(rule["require"], {"__builtins__": {}, **RULE_FUNCTIONS}, dict(values)))  # noqa: S307
    except Exception as exc:  # a broken rule is the chapter author's error, said plainly
        raise ValueError(f"chapter {chapter!r}: rule {rule['require']!r} cannot be evaluated: {exc}") from None


def _rule_values(rule: dict[str, str], values: dict[str, Any]) -> str:
    used = [n for n in values if re.search(rf"\b{re.escape(n)}\b", rule["require"])]
    return ", ".join(f"{n} = {values[n]!r}" for n in used)


def _param_from_yaml(name: str, raw: dict[str, Any]) -> ParamSpec:
    if name in RESERVED_NAMES:
        raise ValueError(f"parameter name {name!r} is reserved for the runner")
    known = {"type", "default", "help", "min", "max", "min_exclusive", "max_exclusive", "choices", "unit",
             "allow_infinite"}
    extra = set(raw) - known
    if extra:
        raise ValueError(f"parameter {name!r}: unknown keys {sorted(extra)}")
    _check_choices(name, raw)
    spec = ParamSpec(
        name=name,
        type=raw["type"],
        default=raw["default"],
        help=raw.get("help", ""),
        min=_bound(name, "min", raw.get("min")),
        max=_bound(name, "max", raw.get("max")),
        min_exclusive=raw.get("min_exclusive", False),
        max_exclusive=raw.get("max_exclusive", False),
        choices=tuple(raw["choices"]) if "choices" in raw else None,
        unit=None if raw.get("unit") is None else str(raw["unit"]),
        allow_infinite=bool(raw.get("allow_infinite", False)),
    )
    # The default itself must be allowed, or the chapter could never run as shipped.
    object.__setattr__(spec, "default", spec.coerce(spec.default))
    return spec


def _check_choices(name: str, raw: dict[str, Any]) -> None:
    """Refuse a ``str`` parameter's choice that YAML read as something else.

    YAML 1.1 reads unquoted ``off``, ``on``, ``yes``, ``no`` as booleans and ``1e3`` or ``486`` as numbers,
    so ``choices: [off, shaping]`` would offer ``False`` where the author meant the word.

    Examples
    --------
    >>> _check_choices("mode", {"type": "str", "choices": [False, "shaping"]})
    Traceback (most recent call last):
    ...
    ValueError: parameter 'mode': choice False is not a string (YAML reads unquoted off/on/yes/no as booleans and bare numbers as numbers); quote it: "off"
    """
    if raw.get("type") not in ("str", "list[str]") or "choices" not in raw:
        return
    for choice in raw["choices"]:
        if not isinstance(choice, str):
            word = {False: "off", True: "on"}.get(choice, choice) if isinstance(choice, bool) else choice
            raise ValueError(f"parameter {name!r}: choice {choice!r} is not a string (YAML reads unquoted "
                             f'off/on/yes/no as booleans and bare numbers as numbers); quote it: "{word}"')


def _bound(name: str, key: str, value: Any) -> float | None:
    """A range bound as a number; YAML reads ``1.0e9`` (no sign in the exponent) as a string."""
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"parameter {name!r}: {key} must be a number, got {value!r}") from None


def load_chapter(name: str) -> ChapterSpec:
    """Read ``notebooks/NAME.yml``.

    Raises
    ------
    ChapterNotFound
        listing the chapters that exist.
    """
    folder = paths.notebooks_dir()
    spec_file = folder / f"{name}.yml"
    if not spec_file.is_file():
        raise ChapterNotFound(f"no chapter {name!r}; chapters are: {', '.join(chapter_names()) or '(none)'}")
    raw = _read_spec_yaml(spec_file, spec_file.stat().st_mtime_ns) or {}
    unknown = set(raw) - SPEC_KEYS
    if unknown:
        raise ValueError(f"{spec_file}: unknown keys {sorted(unknown)}; allowed: {sorted(SPEC_KEYS)}")
    notebook = folder / f"{name}.md"
    if not notebook.is_file():
        raise ChapterNotFound(f"chapter {name!r}: {notebook} is missing")
    return ChapterSpec(
        name=name,
        title=raw["title"],
        order=int(raw.get("order", 100)),
        notebook=notebook,
        data=tuple(raw.get("data", ())),
        parameters={k: _param_from_yaml(k, v) for k, v in (raw.get("parameters") or {}).items()},
        validate=raw.get("validate"),
        rules=tuple(_rule_from_yaml(spec_file, r) for r in raw.get("rules") or ()),
        headline=_headline(spec_file, raw.get("headline") or (), raw.get("parameters") or {}),
        design=dict(raw.get("design") or {}),
        guide=dict(raw.get("guide") or {}),
        course=tuple(dict(w) for w in raw.get("course") or ()),
        book_part=_book_part(spec_file, raw.get("book_part", "studies")),
        package=_package(spec_file, raw.get("package", name.replace("-", "_"))),
        answers=_answers(spec_file, name, raw.get("answers") or {}),
    )


def _answers(spec_file: Path, chapter: str, raw: Any) -> dict[str, dict[str, Any]]:
    """The ``answers`` key: ``{exercise label: {glue, tolerance: {abs|rel: x}, unit?}}``, each checked.

    >>> _answers(Path("demo.yml"), "demo", {"ex-demo-1": {"glue": "ex1_wait_ms", "tolerance": {"rel": 0.05},
    ...                                                   "unit": "ms"}})
    {'ex-demo-1': {'glue': 'ex1_wait_ms', 'tolerance': {'rel': 0.05}, 'unit': 'ms'}}
    >>> _answers(Path("demo.yml"), "demo", {"ex-demo-1": {"glue": "x", "tolerance": {"abs": 0}, "ask": "the wait"}})
    {'ex-demo-1': {'glue': 'x', 'tolerance': {'abs': 0}, 'ask': 'the wait'}}
    >>> _answers(Path("demo.yml"), "demo", {"ex-demo-1": {"glue": "x", "tolerance": {"pct": 5}}})
    Traceback (most recent call last):
    ...
    ValueError: demo.yml: answers: ex-demo-1: tolerance must be one of {abs: x} or {rel: x} with x >= 0, got {'pct': 5}
    """
    if not isinstance(raw, dict):
        raise ValueError(f"{spec_file}: answers must map exercise labels to their answer, got {raw!r}")
    answers = {}
    for label, entry in raw.items():
        where = f"{spec_file}: answers: {label}"
        if not str(label).startswith(f"ex-{chapter}-"):
            raise ValueError(f"{where}: an exercise label of this chapter starts with 'ex-{chapter}-'")
        if not isinstance(entry, dict) or not {"glue", "tolerance"} <= set(entry) or set(entry) - {
                "glue", "tolerance", "unit", "ask"}:
            raise ValueError(f"{where}: needs the keys glue and tolerance (and optionally unit and ask), "
                             f"got {entry!r}")
        if not str(entry["glue"]).isidentifier():
            raise ValueError(f"{where}: glue must be the name of a glued value, got {entry['glue']!r}")
        tolerance = entry["tolerance"]
        if (not isinstance(tolerance, dict) or len(tolerance) != 1 or set(tolerance) - {"abs", "rel"}
                or not isinstance(next(iter(tolerance.values())), int | float)
                or next(iter(tolerance.values())) < 0):
            raise ValueError(f"{where}: tolerance must be one of {{abs: x}} or {{rel: x}} with x >= 0, "
                             f"got {tolerance!r}")
        answers[str(label)] = {"glue": str(entry["glue"]), "tolerance": dict(tolerance),
                               **{key: str(entry[key]) for key in ("unit", "ask") if key in entry}}
    return answers


def _headline(spec_file: Path, metrics: Any, parameters: dict) -> tuple[str, ...]:
    """The ``headline`` key: the chapter's key metrics, none named as a parameter (a metric and a parameter of
    one name would be one column in ``results.json`` tables, sweeps and comparisons).

    >>> _headline(Path("demo.yml"), ["wait_ms"], {"rate": {}})
    ('wait_ms',)
    >>> _headline(Path("demo.yml"), ["wait_ms", "rate"], {"rate": {}})
    Traceback (most recent call last):
    ...
    mmperf.errors.ParameterError: demo.yml: headline metric 'rate' has the name of a parameter; a metric's name must differ from every parameter's
    """
    names = tuple(metrics)
    clash = next((m for m in names if m in parameters), None)
    if clash is not None:
        raise ParameterError(f"{spec_file}: headline metric {clash!r} has the name of a parameter; a metric's name "
                             "must differ from every parameter's")
    return names


BOOK_PARTS = ("foundations", "studies")


def _book_part(spec_file: Path, value: Any) -> str:
    if value not in BOOK_PARTS:
        raise ValueError(f"{spec_file}: book_part must be one of {', '.join(BOOK_PARTS)}, got {value!r}")
    return str(value)


def _package(spec_file: Path, value: Any) -> str:
    if not isinstance(value, str) or not value.isidentifier():
        raise ValueError(f"{spec_file}: package must be a Python identifier (a folder of lib/mmstudies), got {value!r}")
    return value


SPEC_KEYS = {"title", "order", "data", "validate", "parameters", "rules", "headline", "design", "guide",
             "course", "book_part", "package", "answers"}


def _rule_from_yaml(spec_file: Path, raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or set(raw) != {"require", "message"}:
        raise ValueError(f"{spec_file}: each rule needs exactly the keys 'require' and 'message', got {raw!r}")
    compile(raw["require"], str(spec_file), "eval")  # a syntax error shows when the spec is read
    return {"require": str(raw["require"]), "message": str(raw["message"])}


@functools.lru_cache(maxsize=256)
def _read_spec_yaml(file: Path, mtime_ns: int) -> Any:
    """A specification file, parsed once per process and version (keyed by its modification time), with
    libyaml's C loader where it is installed."""
    return load_yaml(file.read_text(encoding="utf-8"))


def chapter_names() -> list[str]:
    """Names of all chapters, in book order."""
    folder = paths.notebooks_dir()
    names = [p.stem for p in folder.glob("*.yml") if (folder / f"{p.stem}.md").is_file()]
    raw = {n: _read_spec_yaml(folder / f"{n}.yml", (folder / f"{n}.yml").stat().st_mtime_ns) or {} for n in names}
    # Part I (foundations) comes before the studies whatever the orders say
    return sorted(names, key=lambda n: (raw[n].get("book_part", "studies") != "foundations",
                                        int(raw[n].get("order", 100)), n))
