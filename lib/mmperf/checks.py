"""Reproduction checks and coverage: how each paper number and each table/figure is reproduced.

A :class:`Scorecard` records, for each number the paper states, what we computed and
whether it lies within a stated tolerance. A check's ``role`` says whether the number is an
independent ``check`` or a calibration ``target`` (a value we tuned the model to hit, which
therefore proves nothing by matching). A :class:`Coverage` table lists every table and
figure of a study with how the chapter regenerates it.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import pandas as pd

KINDS = ("paper", "derived", "assumption", "external")
ROLES = ("check", "target")
STATUSES = ("reproduced", "not reproduced", "target met", "target missed")
COVERAGE_CATEGORIES = (
    "computed from the model",
    "computed from transcribed data",
    "reconstructed under a labelled assumption",
    "redrawn schematic",
    "not reproducible",
)


@dataclass(frozen=True)
class Check:
    """One reproduction check. ``paper`` is the seed's value (a number or a quoted claim)."""

    what: str
    where: str
    paper: float | str
    ours: float | str
    tolerance: str
    kind: str
    role: str
    status: str
    unit: str = ""
    note: str = ""


def _status(ok: bool, role: str) -> str:
    if role == "target":
        return "target met" if ok else "target missed"
    return "reproduced" if ok else "not reproduced"


def _validate(kind: str, role: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, got {role!r}")


class Scorecard:
    """The reproduction checks of one chapter.

    Examples
    --------
    >>> sc = Scorecard("demo")
    >>> sc.compare("Eq. 1 throughput", "Section 5", paper=74, ours=73.99, tol=0.5, unit="Mbit/s").status
    'reproduced'
    >>> sc.compare("gap", "Section 5", paper=4.7, ours=5.2, tol=0.1).status
    'not reproduced'
    >>> sc.claim("Move beats Locate", "Section 5", paper="Move < Locate", ours="Move 10 ms < Locate 12 ms",
    ...          holds=True).status
    'reproduced'
    >>> sc.totals()["reproduced"], sc.totals()["not reproduced"]
    (2, 1)
    """

    def __init__(self, chapter: str) -> None:
        self.chapter = chapter
        self.checks: list[Check] = []

    def compare(self, what: str, where: str, *, paper: float, ours: float, tol: float | None = None,
                rel: float | None = None, unit: str = "", kind: str = "paper", role: str = "check",
                note: str = "") -> Check:
        """Compare a number: within ``tol`` (absolute) or ``rel`` (relative to the paper value).

        Exactly one of ``tol`` and ``rel`` must be given.
        """
        _validate(kind, role)
        if (tol is None) == (rel is None):
            raise ValueError("give exactly one of tol (absolute) or rel (relative)")
        paper_f, ours_f = float(paper), float(ours)
        if not math.isfinite(ours_f):
            ok = False
        elif tol is not None:
            ok = abs(ours_f - paper_f) <= tol
        else:
            ok = abs(ours_f - paper_f) <= rel * abs(paper_f)
        tolerance = f"±{tol:g} {unit}".strip() if tol is not None else f"±{rel * 100:g} %"
        check = Check(what, where, paper_f, ours_f, tolerance, kind, role, _status(ok, role), unit, note)
        self.checks.append(check)
        return check

    def within(self, what: str, where: str, *, paper: str, ours: float, low: float, high: float,
               unit: str = "", kind: str = "paper", role: str = "check", note: str = "") -> Check:
        """Check a number against a stated range (for claims such as "never exceeds 20 %")."""
        _validate(kind, role)
        ok = math.isfinite(float(ours)) and low <= float(ours) <= high
        check = Check(what, where, paper, float(ours), f"[{low:g}, {high:g}] {unit}".strip(), kind, role,
                      _status(ok, role), unit, note)
        self.checks.append(check)
        return check

    def claim(self, what: str, where: str, *, paper: str, ours: str, holds: bool, kind: str = "paper",
              role: str = "check", note: str = "") -> Check:
        """Record a qualitative claim (an ordering, a trend) and whether our results show it."""
        _validate(kind, role)
        check = Check(what, where, paper, ours, "qualitative", kind, role, _status(bool(holds), role), "", note)
        self.checks.append(check)
        return check

    def to_records(self) -> list[dict[str, Any]]:
        return [asdict(c) for c in self.checks]

    def table(self) -> pd.DataFrame:
        """The scorecard as a frame, ready to display."""
        cols = ["what", "where", "paper", "ours", "tolerance", "unit", "kind", "role", "status", "note"]
        return pd.DataFrame(self.to_records(), columns=list(Check.__dataclass_fields__))[cols]

    def totals(self) -> dict[str, int]:
        counts = {s: 0 for s in STATUSES}
        for c in self.checks:
            counts[c.status] += 1
        return counts


@dataclass(frozen=True)
class CoverageItem:
    item: str
    category: str
    how: str
    note: str = ""


class Coverage:
    """Every table and figure of a study, with how the chapter regenerates it.

    Examples
    --------
    >>> cov = Coverage("demo")
    >>> cov.add("Table 1", "computed from transcribed data", "data/zeadally/table1.csv").category
    'computed from transcribed data'
    >>> cov.add("Figure 4 curves", "not reproducible", "")
    Traceback (most recent call last):
    ...
    ValueError: Figure 4 curves: a 'not reproducible' item needs the reason in `how`
    """

    def __init__(self, chapter: str) -> None:
        self.chapter = chapter
        self.items: list[CoverageItem] = []

    def add(self, item: str, category: str, how: str, note: str = "") -> CoverageItem:
        if category not in COVERAGE_CATEGORIES:
            raise ValueError(f"{item}: category must be one of {COVERAGE_CATEGORIES}, got {category!r}")
        if not how.strip():
            reason = "the reason" if category == "not reproducible" else "how it is regenerated"
            raise ValueError(f"{item}: a {category!r} item needs {reason} in `how`")
        entry = CoverageItem(item, category, how, note)
        self.items.append(entry)
        return entry

    def to_records(self) -> list[dict[str, Any]]:
        return [asdict(i) for i in self.items]

    def table(self) -> pd.DataFrame:
        return pd.DataFrame(self.to_records(), columns=["item", "category", "how", "note"])
