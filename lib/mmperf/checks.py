"""Reproduction checks and coverage: what kind of evidence each check is, and its verdict.

A :class:`Scorecard` records, for each number or claim the paper states, what we computed,
the tolerance with its reason, and a verdict. Every check says what kind of evidence it is:

``prediction``
    an output of the model that it was not calibrated to (the only kind that tests the model);
``arithmetic``
    a number the paper derives from its own numbers, recomputed by us;
``transcription``
    a printed value re-rendered from our transcribed data;
``construction``
    holds by the model's design (a sanity check: shown, never counted as evidence);
``target``
    a calibration target (meeting it proves nothing by itself);
``not comparable``
    an error inside the seed, or a condition the seed does not state (the reason is shown).

A simulated or fitted value carries its confidence interval, and its verdict is an
equivalence test against the tolerance band around the paper value: the interval inside the
band is ``reproduced``, wholly outside is ``not reproduced``, straddling is ``inconclusive``
(and the check records how many replications would decide). A :class:`Coverage` table lists
every table and figure of a study with how the chapter regenerates it.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import pandas as pd

KINDS = ("paper", "derived", "assumption", "external")
EVIDENCE = ("prediction", "arithmetic", "transcription", "construction", "target", "not comparable")
BASES = ("exact", "simulated", "fitted")
STATUSES = ("reproduced", "not reproduced", "inconclusive", "not applicable", "target met", "target missed",
            "holds", "fails", "not comparable")
#: statuses that are a verdict (the check decided something)
DECIDED = ("reproduced", "not reproduced", "target met", "target missed", "holds", "fails")
COVERAGE_CATEGORIES = (
    "computed from the model",
    "computed from transcribed data",
    "reconstructed under a labelled assumption",
    "redrawn schematic",
    "not reproducible",
)


@dataclass(frozen=True)
class Check:
    """One reproduction check.

    ``paper`` is the seed's value (a number or a quoted claim), ``ours`` what the run computed,
    ``tolerance`` the band in words and ``reason`` why it is that wide. ``ci_low``/``ci_high`` bound
    ``ours`` when it is simulated or fitted (``basis``); ``needed_n`` is the number of replications
    that would turn an ``inconclusive`` verdict into a decision (``None`` otherwise).
    """

    what: str
    where: str
    paper: float | str
    ours: float | str
    tolerance: str
    reason: str
    evidence: str
    kind: str
    status: str
    unit: str = ""
    basis: str = "exact"
    ci_low: float | None = None
    ci_high: float | None = None
    n: int | None = None
    needed_n: int | None = None
    note: str = ""


def _validate(kind: str, evidence: str, basis: str = "exact") -> None:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    if evidence not in EVIDENCE:
        raise ValueError(f"evidence must be one of {EVIDENCE}, got {evidence!r}")
    if basis not in BASES:
        raise ValueError(f"basis must be one of {BASES}, got {basis!r}")


def _verdict(decision: bool | None, evidence: str) -> str:
    """The status word for a decision (True, False, or None for undecided)."""
    if decision is None:
        return "inconclusive"
    if evidence == "target":
        return "target met" if decision else "target missed"
    if evidence == "construction":
        return "holds" if decision else "fails"
    return "reproduced" if decision else "not reproduced"


def equivalence(low: float, high: float, band_low: float, band_high: float) -> bool | None:
    """Equivalence test of an interval against a tolerance band.

    Returns True when ``[low, high]`` lies inside ``[band_low, band_high]``, False when the two do
    not overlap, and None when they overlap only in part (the run cannot decide).

    Examples
    --------
    >>> equivalence(9.8, 10.2, 9.5, 10.5)     # inside: reproduced
    True
    >>> equivalence(11.0, 11.4, 9.5, 10.5)    # wholly outside: not reproduced
    False
    >>> equivalence(10.3, 10.9, 9.5, 10.5)    # straddles the edge: inconclusive
    """
    if any(math.isnan(v) for v in (low, high, band_low, band_high)):
        return False
    if band_low <= low and high <= band_high:
        return True
    if high < band_low or low > band_high:
        return False
    return None


def replications_needed(n: int, half_width: float, target_half_width: float) -> int | None:
    """Replications that would shrink a CI half-width from ``half_width`` to ``target_half_width``.

    The half-width falls as 1/sqrt(n), so ``n * (h / target)^2``, rounded up.

    Examples
    --------
    >>> replications_needed(5, 2.0, 1.0)      # halve the interval: four times the replications
    20
    >>> replications_needed(5, 2.0, 0.0) is None   # an estimate on the band's edge never decides
    True
    """
    if target_half_width <= 0 or not math.isfinite(half_width) or n < 1:
        return None
    # round before ceil: 0.3 / 0.1 is 2.9999999999999996 in floating point
    return max(n + 1, math.ceil(round(n * (half_width / target_half_width) ** 2, 9)))


def fisher_band(r: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """Confidence interval of a correlation coefficient ``r`` from ``n`` points (Fisher z).

    z = atanh(r) is nearly normal with standard error 1/sqrt(n - 3).

    Examples
    --------
    Worked by hand: r = 0.9, n = 12: atanh(0.9) = 1.4722, se = 1/3 = 0.3333,
    z +- 1.96 se = (0.8189, 2.1255), tanh gives (0.6741, 0.9720).

    >>> lo, hi = fisher_band(0.9, 12)
    >>> round(lo, 3), round(hi, 3)
    (0.674, 0.972)
    """
    from scipy import stats

    if n <= 3:
        return -1.0, 1.0
    r = min(max(r, -0.999999), 0.999999)
    z, se = math.atanh(r), 1.0 / math.sqrt(n - 3)
    q = float(stats.norm.ppf(0.5 + level / 2))
    return math.tanh(z - q * se), math.tanh(z + q * se)


class Scorecard:
    """The reproduction checks of one chapter.

    Examples
    --------
    >>> sc = Scorecard("demo")
    >>> sc.compare("Eq. 1 throughput", "Section 5", paper=74, ours=73.99, tol=0.5, unit="Mbit/s",
    ...            evidence="prediction", reason="the paper rounds to whole Mbit/s").status
    'reproduced'
    >>> sc.compare("mean delay", "Table 1", paper=10.0, ours=10.4, tol=0.5, evidence="prediction",
    ...            reason="judgement", basis="simulated", ci_half_width=0.3, n=5).status
    'inconclusive'
    >>> sc.checks[-1].needed_n
    45
    >>> sc.claim("Move beats Locate", "Section 5", paper="Move < Locate", ours="Move 10 ms < Locate 12 ms",
    ...          holds=True, evidence="prediction").status
    'reproduced'
    >>> sc.compare("calibrated rate", "Table 1", paper=5, ours=5, tol=0, evidence="target",
    ...            reason="calibrated exactly").status
    'target met'
    >>> sc.headline()
    {'reproduced': 2, 'checked': 3}
    """

    def __init__(self, chapter: str) -> None:
        self.chapter = chapter
        self.checks: list[Check] = []

    def add(self, check: Check) -> Check:
        """Add a check built elsewhere (a checks table's, :mod:`mmperf.checktable`)."""
        _validate(check.kind, check.evidence, check.basis)
        if check.status not in STATUSES:
            raise ValueError(f"{check.what}: status must be one of {STATUSES}, got {check.status!r}")
        self.checks.append(check)
        return check

    # -- adding checks ---------------------------------------------------------------------------
    def compare(self, what: str, where: str, *, paper: float, ours: float, evidence: str, reason: str,
                tol: float | None = None, rel: float | None = None, unit: str = "", kind: str = "paper",
                basis: str = "exact", ci_half_width: float | None = None, n: int | None = None,
                na_reason: str | None = None, note: str = "") -> Check:
        """Compare a number within ``tol`` (absolute) or ``rel`` (relative to the paper value).

        Exactly one of ``tol`` and ``rel`` must be given; ``reason`` says why the band is that wide.
        A ``simulated`` or ``fitted`` value needs ``ci_half_width``.
        """
        if (tol is None) == (rel is None):
            raise ValueError(f"{what}: give exactly one of tol (absolute) or rel (relative)")
        paper_f = float(paper)
        width = tol if tol is not None else rel * abs(paper_f)
        # an absolute band on a percentage is in percentage points, not relative
        abs_unit = "percentage points" if unit.strip() in ("%", "percent") else unit
        tolerance = f"±{tol:g} {abs_unit}".strip() if tol is not None else f"±{rel * 100:g} %"
        return self._banded(what, where, paper_f, ours, paper_f - width, paper_f + width, tolerance, reason,
                            evidence, kind, unit, basis, ci_half_width, n, na_reason, note)

    def within(self, what: str, where: str, *, paper: str, ours: float, low: float, high: float,
               evidence: str, reason: str, unit: str = "", kind: str = "paper", basis: str = "exact",
               ci_half_width: float | None = None, n: int | None = None, na_reason: str | None = None,
               note: str = "") -> Check:
        """Check a number against a stated range (for claims such as "never exceeds 20 %")."""
        tolerance = f"[{low:g}, {high:g}] {unit}".strip()
        return self._banded(what, where, paper, ours, low, high, tolerance, reason, evidence, kind, unit, basis,
                            ci_half_width, n, na_reason, note)

    def correlation(self, what: str, where: str, *, paper_r: float, ours_r: float, n_paper: int,
                    evidence: str = "prediction", n_ours: int | None = None,
                    ours_ci: tuple[float, float] | None = None, level: float = 0.95, kind: str = "paper",
                    na_reason: str | None = None, note: str = "") -> Check:
        """Compare a correlation coefficient with the band its sampling distribution allows.

        The band is the Fisher-z interval of the paper's ``r`` from its ``n_paper`` points; our
        interval is ``ours_ci`` (e.g. over replications) or the Fisher-z interval of ``ours_r`` from
        ``n_ours`` points.
        """
        band_low, band_high = fisher_band(paper_r, n_paper, level)
        if ours_ci is None:
            ours_ci = fisher_band(ours_r, n_ours, level) if n_ours else (ours_r, ours_r)
        reason = f"{level:.0%} Fisher-z band of the paper's r from n = {n_paper} points"
        tolerance = f"[{band_low:.2f}, {band_high:.2f}]"
        _validate(kind, evidence, "fitted")
        decision = None if na_reason else equivalence(float(ours_ci[0]), float(ours_ci[1]), band_low, band_high)
        if n_paper <= 3:  # the band is [-1, 1]: it excludes nothing, so it cannot confirm anything either
            decision = None
            reason += " (with 3 points or fewer the band excludes nothing: no verdict)"
        status = "not applicable" if na_reason else _verdict(decision, evidence)
        check = Check(what, where, float(paper_r), float(ours_r), tolerance, reason, evidence, kind, status, "",
                      "fitted", float(ours_ci[0]), float(ours_ci[1]), n_ours, None, _join(note, na_reason))
        self.checks.append(check)
        return check

    def claim(self, what: str, where: str, *, paper: str, ours: str, holds: bool | None, evidence: str,
              reason: str = "qualitative", kind: str = "paper", na_reason: str | None = None,
              note: str = "") -> Check:
        """Record a qualitative claim (an ordering, a trend) and whether our results show it.

        ``holds=None`` means the run cannot decide (``inconclusive``).
        """
        _validate(kind, evidence)
        status = "not applicable" if na_reason else _verdict(None if holds is None else bool(holds), evidence)
        check = Check(what, where, paper, ours, "qualitative", reason, evidence, kind, status,
                      note=_join(note, na_reason))
        self.checks.append(check)
        return check

    def not_comparable(self, what: str, where: str, *, paper: float | str, ours: float | str, reason: str,
                       kind: str = "paper", note: str = "") -> Check:
        """Record a paper value that cannot be compared (an error in the seed, an unstated condition)."""
        _validate(kind, "not comparable")
        if not reason.strip():
            raise ValueError(f"{what}: a not-comparable check needs its reason")
        check = Check(what, where, _number_or_text(paper), _number_or_text(ours), "—", reason,
                      "not comparable", kind, "not comparable", note=note)
        self.checks.append(check)
        return check

    def _banded(self, what, where, paper, ours, band_low, band_high, tolerance, reason, evidence, kind, unit,
                basis, ci_half_width, n, na_reason, note) -> Check:
        _validate(kind, evidence, basis)
        if not str(reason).strip():
            raise ValueError(f"{what}: every tolerance needs a reason")
        if evidence == "not comparable":
            raise ValueError(f"{what}: use Scorecard.not_comparable for a not-comparable value")
        if basis != "exact" and ci_half_width is None:
            raise ValueError(f"{what}: a {basis} value needs its ci_half_width")
        ours_f = float(ours)
        half = float(ci_half_width or 0.0)
        low, high = ours_f - half, ours_f + half
        needed = None
        if na_reason:
            status = "not applicable"
        elif not math.isfinite(ours_f):
            status = _verdict(False, evidence)
        else:
            decision = equivalence(low, high, band_low, band_high)
            status = _verdict(decision, evidence)
            if decision is None and n:
                # the distance from the estimate to the nearest band edge, inside or outside the band:
                # the interval must shrink below it for the run to decide either way
                margin = min(abs(ours_f - band_low), abs(band_high - ours_f))
                needed = replications_needed(n, half, margin) if margin > 0 else None
        ci = (low, high) if basis != "exact" else (None, None)
        check = Check(what, where, paper, ours_f, tolerance, reason, evidence, kind, status, unit, basis,
                      ci[0], ci[1], n, needed, _join(note, na_reason))
        self.checks.append(check)
        return check

    # -- reading the scorecard -------------------------------------------------------------------
    def to_records(self) -> list[dict[str, Any]]:
        return [asdict(c) for c in self.checks]

    def table(self) -> pd.DataFrame:
        """The scorecard as a frame, ready to display."""
        cols = ["what", "where", "paper", "ours", "tolerance", "reason", "evidence", "status", "note"]
        frame = pd.DataFrame(self.to_records(), columns=list(Check.__dataclass_fields__))
        frame["ours"] = [_with_interval(c) for c in self.checks]
        return frame[cols]

    def counts(self) -> dict[str, dict[str, int]]:
        """Counts per kind of evidence and status (only the non-zero ones)."""
        out: dict[str, dict[str, int]] = {}
        for c in self.checks:
            out.setdefault(c.evidence, {}).setdefault(c.status, 0)
            out[c.evidence][c.status] += 1
        return out

    def totals(self) -> dict[str, int]:
        """Counts per status over every check."""
        counts = {s: 0 for s in STATUSES}
        for c in self.checks:
            counts[c.status] += 1
        return counts

    def headline(self) -> dict[str, int]:
        """Predictions reproduced and predictions checked (with a verdict or inconclusive)."""
        return headline(self.to_records())


def headline(records: list[dict[str, Any]]) -> dict[str, int]:
    """Predictions reproduced / predictions checked, from check records (``results.json``).

    A prediction marked ``not applicable`` is not checked.

    Examples
    --------
    >>> headline([{"evidence": "prediction", "status": "reproduced"},
    ...           {"evidence": "prediction", "status": "inconclusive"},
    ...           {"evidence": "prediction", "status": "not applicable"},
    ...           {"evidence": "arithmetic", "status": "reproduced"}])
    {'reproduced': 1, 'checked': 2}
    """
    predictions = [r for r in records if r["evidence"] == "prediction" and r["status"] != "not applicable"]
    return {"reproduced": sum(r["status"] == "reproduced" for r in predictions), "checked": len(predictions)}


def predictions_headline(records: list[dict[str, Any]]) -> dict[str, int]:
    """Predictions reproduced / predictions applicable, and how many do not apply at the run's parameters.

    A prediction is *applicable* unless it is marked ``not applicable`` (its conditions differ from the
    run's parameters, or our value is undefined there); inconclusive ones are applicable.

    Examples
    --------
    >>> predictions_headline([{"evidence": "prediction", "status": "reproduced"},
    ...                       {"evidence": "prediction", "status": "inconclusive"},
    ...                       {"evidence": "prediction", "status": "not applicable"},
    ...                       {"evidence": "arithmetic", "status": "reproduced"}])
    {'reproduced': 1, 'applicable': 2, 'not_applicable': 1}
    """
    predictions = [r for r in records if r["evidence"] == "prediction"]
    applicable = [r for r in predictions if r["status"] != "not applicable"]
    return {"reproduced": sum(r["status"] == "reproduced" for r in applicable), "applicable": len(applicable),
            "not_applicable": len(predictions) - len(applicable)}


def summary_sentence(records: list[dict[str, Any]]) -> str:
    """One sentence counting the checks, for glue into a chapter's prose.

    Examples
    --------
    >>> summary_sentence([{"evidence": "prediction", "status": "reproduced"},
    ...                   {"evidence": "prediction", "status": "not reproduced"},
    ...                   {"evidence": "arithmetic", "status": "reproduced"}])
    'The model reproduces 1 of 2 predictions it was not calibrated to (1 not reproduced); besides them, 1 arithmetic check (1 reproduced).'
    >>> summary_sentence([{"evidence": "prediction", "status": "not applicable"}])
    "No prediction applies at these parameters (1 not applicable: their conditions are the paper's setting)."
    """
    head = headline(records)
    preds = [r for r in records if r["evidence"] == "prediction"]
    pred_detail = _status_phrase(preds, skip="reproduced")
    if not preds:
        text = "The chapter has no prediction the model was not calibrated to;"
    elif head["checked"] == 0:  # not "reproduces 0 of 0": say that none applies, and how many there are
        text = (f"No prediction applies at these parameters ({len(preds)} not applicable: their conditions "
                "are the paper's setting);")
    else:
        text = (f"The model reproduces {head['reproduced']} of {head['checked']} "
                f"prediction{'s' if head['checked'] != 1 else ''} it was not calibrated to"
                + (f" ({pred_detail})" if pred_detail else "") + ";")
    others = []
    for evidence in EVIDENCE[1:]:
        group = [r for r in records if r["evidence"] == evidence]
        if group:
            noun = {"arithmetic": "arithmetic check", "transcription": "transcription check",
                    "construction": "construction (sanity) check", "target": "calibration target",
                    "not comparable": "paper value that is not comparable"}[evidence]
            plural = noun.replace("check", "checks").replace("target", "targets").replace("value that is",
                                                                                            "values that are")
            detail = _status_phrase(group) if evidence != "not comparable" else ""
            others.append(f"{len(group)} {noun if len(group) == 1 else plural}" + (f" ({detail})" if detail else ""))
    if others:
        text += " besides them, " + ", ".join(others) + "."
    else:
        text = text[:-1] + "."
    return text


def _status_phrase(records: list[dict[str, Any]], skip: str | None = None) -> str:
    counts: dict[str, int] = {}
    for r in records:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return ", ".join(f"{v} {k}" for k, v in counts.items() if k != skip)


def _join(note: str, na_reason: str | None) -> str:
    if not na_reason:
        return note
    return f"not applicable: {na_reason}" + (f"; {note}" if note else "")


def _number_or_text(x: Any) -> float | str:
    if isinstance(x, int | float) and not isinstance(x, bool):
        return float(x)
    return str(x)


def _with_interval(c: Check) -> str | float:
    if c.ci_low is None or c.ci_high is None or not isinstance(c.ours, float):
        return c.ours
    return f"{c.ours:.4g} [{c.ci_low:.4g}, {c.ci_high:.4g}]"


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
