"""Transcribed tables with provenance and a label per value.

Each study folder ``data/<study>/`` holds CSV files and a ``provenance.yml`` (or several
``provenance-<part>.yml``, merged)::

    study: zeadally
    seed: 002_b69c2c86fca704a3.txt
    citation: "S. Zeadally, G. Gheorghiu, A. F. J. Levi, ..."
    tables:
      table1:
        file: table1.csv
        source: "Table 1"                      # table or figure of the seed
        where: "Section 5; seed lines 104-108"  # section / page / line numbers
        description: "Frame rate and throughput, two-copy TCP/IP, 32 KB socket buffer"
        columns:
          network: {type: str}
          frame_rate_fps: {type: float, unit: "frames/s", label: paper}
          throughput_Mbit_s: {type: float, unit: "Mbit/s", label: paper}

Every numeric column carries a ``label``: ``paper`` (printed in the seed), ``derived`` (our
arithmetic on paper values), ``assumption`` (a modelling choice or calibrated value) or
``external`` (a standard or physical constant). A column whose rows differ declares
``label: row``, and the CSV then has a ``label`` column giving each row's label. Long
"name, value" tables (columns ``name,value,unit,label,source``) load with :func:`load_values`.
A column may be ``nullable: true`` (an empty cell is the seed's dash, not a missing value).
"""

from __future__ import annotations

import contextlib
import copy
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from mmperf import paths

if TYPE_CHECKING:  # pandas is imported where a table is read: `mmbook run` starts its kernel sooner without it
    import pandas as pd

LABELS = ("paper", "derived", "assumption", "external")
COLUMN_TYPES = {"str": "string", "float": "float64", "int": "Int64", "bool": "boolean"}
VALUES_COLUMNS = ["name", "value", "unit", "label", "source"]


#: data files read in this process (project-relative paths): a figure's provenance names them
_FILES_READ: set[str] = set()


#: tables read in place of the files while :func:`substituted` is open: (study, name) -> frame
_SUBSTITUTES: dict[tuple[str, str], pd.DataFrame] = {}


@contextlib.contextmanager
def substituted(study: str, frames: dict[str, pd.DataFrame]) -> Iterator[None]:
    """While open, :func:`load_table` returns a copy of ``frames[name]`` for the study's table ``name``.

    The independence audit (:mod:`mmperf.checktable`) reads perturbed paper values through it, so a
    model that loads its data deep inside reads them too. Nothing is written to disk.

    Examples
    --------
    >>> t1 = load_table("zeadally", "table1")
    >>> t1.loc[0, "frame_rate_fps"] = 5.0
    >>> with substituted("zeadally", {"table1": t1}):
    ...     float(load_table("zeadally", "table1").loc[0, "frame_rate_fps"])
    5.0
    >>> float(load_table("zeadally", "table1").loc[0, "frame_rate_fps"])
    4.0
    """
    keys = [(study, name) for name in frames]
    saved = {k: _SUBSTITUTES[k] for k in keys if k in _SUBSTITUTES}
    _SUBSTITUTES.update({(study, name): frame.copy() for name, frame in frames.items()})
    try:
        yield
    finally:
        for k in keys:
            _SUBSTITUTES.pop(k, None)
        _SUBSTITUTES.update(saved)


def files_read() -> list[str]:
    """The data files :func:`load_table` has read in this process, sorted (for provenance lines)."""
    return sorted(_FILES_READ)


class DataError(ValueError):
    """A transcribed data file is missing, malformed, or disagrees with its provenance."""


@dataclass(frozen=True)
class Value:
    """One labelled number from a long "name, value" table.

    Examples
    --------
    >>> v = Value("z_na", 200.0, "Mbit/s", "paper", "Section 5")
    >>> float(v) * 2
    400.0
    """

    name: str
    value: float
    unit: str
    label: str
    source: str
    note: str = ""

    def __float__(self) -> float:
        return float(self.value)


def study_dir(study: str) -> Path:
    folder = paths.data_dir() / study
    if not folder.is_dir():
        known = sorted(p.name for p in paths.data_dir().iterdir() if p.is_dir())
        raise DataError(f"no data folder for study {study!r} (expected {folder}); studies: {', '.join(known)}")
    return folder


def provenance(study: str) -> dict[str, Any]:
    """The parsed provenance of a study, checked for required keys.

    A study folder has ``provenance.yml``, or several ``provenance-<part>.yml`` files (so that
    parts of a large study can be transcribed independently); their ``tables`` are merged and
    each file's tables remember which file declared them.
    """
    folder = study_dir(study)
    files = sorted(folder.glob("provenance*.yml"))
    if not files:
        raise DataError(f"{folder}/provenance.yml is missing: every data folder needs a provenance file")
    merged: dict[str, Any] = {"tables": {}}
    for file in files:
        prov = _read_provenance_file(file)
        for key in ("study", "seed", "citation"):
            merged.setdefault(key, prov[key])
        for name, table in prov["tables"].items():
            if name in merged["tables"]:
                raise DataError(f"{file}: table {name!r} is declared in more than one provenance file")
            merged["tables"][name] = {**table, "provenance_file": file.name}
    return merged


def _read_provenance_file(file: Path) -> dict[str, Any]:
    stat = file.stat()
    # A copy: callers may change what they get, and the parsed file is shared by every later call.
    prov = copy.deepcopy(_parse_provenance_yaml(file, stat.st_mtime_ns, stat.st_size))
    for key in ("study", "seed", "citation", "tables"):
        if key not in prov:
            raise DataError(f"{file}: required key {key!r} is missing")
    for name, table in (prov["tables"] or {}).items():
        for key in ("file", "source", "where", "description", "columns"):
            if key not in table:
                raise DataError(f"{file}: table {name!r} lacks required key {key!r}")
    return prov


def load_yaml(text: str) -> Any:
    """YAML text parsed safely, with libyaml's C loader where it is installed (a tenth of the pure-Python
    loader's time; the same objects): the one reader of the project's YAML files (provenance, checks tables,
    chapter specifications).

    Examples
    --------
    >>> load_yaml("a: [1, 2.5, x]")
    {'a': [1, 2.5, 'x']}
    """
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader


@functools.lru_cache(maxsize=64)
def _parse_provenance_yaml(file: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    """A provenance file parsed once per process and version (keyed by modification time and size), with
    libyaml's C loader where it is installed: every table a chapter loads reads its study's provenance, and
    the pure-Python parser took about 25 ms a time."""
    try:
        return load_yaml(file.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise DataError(f"{file} is not valid YAML: {exc}") from None


def table_names(study: str) -> list[str]:
    """Names of the tables a study's provenance declares."""
    return list(provenance(study)["tables"])


def load_table(study: str, name: str) -> pd.DataFrame:
    """Load and validate one transcribed table.

    The returned frame's ``attrs["provenance"]`` holds the table's provenance entry plus
    the study's seed and citation.

    Raises
    ------
    DataError
        naming the file and what is wrong (missing file, missing or extra columns, a value
        of the wrong type, an empty non-nullable cell, an unknown label).

    Examples
    --------
    >>> df = load_table("zeadally", "table1")
    >>> list(df["network"])
    ['Ethernet', 'FDDI', 'Jetstream']
    """
    if (study, name) in _SUBSTITUTES:
        return _SUBSTITUTES[(study, name)].copy()
    prov = provenance(study)
    if name not in prov["tables"]:
        raise DataError(f"study {study!r} has no table {name!r}; tables: {', '.join(prov['tables'])}")
    entry = prov["tables"][name]
    file = study_dir(study) / entry["file"]
    if not file.is_file():
        raise DataError(f"{file} is missing (declared as table {name!r} in provenance.yml)")
    _FILES_READ.add(file.relative_to(paths.project_root()).as_posix())
    import pandas as pd

    try:
        raw = pd.read_csv(file, dtype=str, keep_default_na=False, skipinitialspace=True)
    except (pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
        raise DataError(f"{file} is not a readable CSV: {exc}") from None
    columns = entry["columns"]
    expected = list(columns) + (["label"] if _has_row_labels(columns) else [])
    if list(raw.columns) != expected:
        raise DataError(f"{file}: columns are {list(raw.columns)} but provenance.yml declares {expected}")
    df = pd.DataFrame(index=raw.index)
    for col, spec in columns.items():
        df[col] = _convert_column(file, col, raw[col], spec)
    if "label" in expected:
        bad = sorted(set(raw["label"]) - set(LABELS))
        if bad:
            raise DataError(f"{file}: column 'label' has {bad}; allowed labels are {LABELS}")
        df["label"] = raw["label"].astype("string")
    df.attrs["provenance"] = {**entry, "study": study, "seed": prov["seed"], "citation": prov["citation"]}
    return df


def _has_row_labels(columns: dict[str, dict]) -> bool:
    return any(spec.get("label") == "row" for spec in columns.values())


def _convert_column(file: Path, col: str, values: pd.Series, spec: dict[str, Any]) -> pd.Series:
    import pandas as pd

    kind = spec.get("type")
    if kind not in COLUMN_TYPES:
        raise DataError(f"{file}: column {col!r} has type {kind!r}; allowed: {list(COLUMN_TYPES)}")
    if kind != "str":
        label = spec.get("label")
        if label not in LABELS + ("row",):
            raise DataError(f"{file}: numeric column {col!r} needs a label in {LABELS} (or 'row'), got {label!r}")
    empty = values.str.strip() == ""
    if empty.any() and not spec.get("nullable", False):
        rows = [int(i) + 2 for i in values.index[empty]]
        raise DataError(f"{file}: column {col!r} is empty on line(s) {rows} and is not declared nullable")
    if kind == "str":
        return values.astype("string")
    if kind == "bool":
        mapping = {"true": True, "false": False, "1": True, "0": False, "": pd.NA}
        lowered = values.str.strip().str.lower()
        bad = sorted(set(lowered) - set(mapping))
        if bad:
            raise DataError(f"{file}: column {col!r} must be true/false, found {bad}")
        return lowered.map(mapping).astype("boolean")
    numbers = pd.to_numeric(values.where(~empty, None), errors="coerce")
    bad = values[numbers.isna() & ~empty]
    if len(bad):
        raise DataError(f"{file}: column {col!r} must be {kind}, found {list(bad)[:3]} "
                        f"on line(s) {[int(i) + 2 for i in bad.index[:3]]}")
    if kind == "int":
        if ((numbers.dropna() % 1) != 0).any():
            raise DataError(f"{file}: column {col!r} must hold whole numbers")
        return numbers.astype("Int64")
    return numbers.astype("float64")


def load_values(study: str, name: str) -> dict[str, Value]:
    """Load a long table (``name,value,unit,label,source[,note]``) as a dict of :class:`Value`.

    Examples
    --------
    >>> z = load_values("zeadally", "parameters")
    >>> z["z_na_single_copy_256kb"].label
    'paper'
    """
    df = load_table(study, name)
    missing = [c for c in VALUES_COLUMNS if c not in df.columns]
    if missing:
        raise DataError(f"table {study}/{name} is not a name/value table: lacks {missing}")
    if df["name"].duplicated().any():
        dupes = sorted(df["name"][df["name"].duplicated()])
        raise DataError(f"table {study}/{name}: names repeated: {dupes}")
    return {
        row["name"]: Value(row["name"], float(row["value"]), row["unit"], row["label"], row["source"],
                           row["note"] if "note" in df.columns else "")
        for _, row in df.iterrows()
    }


def validate_study(study: str) -> list[str]:
    """Load every table of a study (raising :class:`DataError` on the first problem).

    Also refuses CSV files in the folder that the provenance does not declare, so nothing
    is transcribed without provenance. Returns the table names.
    """
    names = table_names(study)
    declared = {provenance(study)["tables"][n]["file"] for n in names}
    stray = sorted(p.name for p in study_dir(study).glob("*.csv") if p.name not in declared)
    if stray:
        raise DataError(f"data/{study}: {stray} have no entry in provenance.yml")
    for name in names:
        load_table(study, name)
    return names


def studies() -> list[str]:
    """Study folders under ``data/``."""
    return sorted(p.name for p in paths.data_dir().iterdir() if any(p.glob("provenance*.yml")))
