"""The independence audit (mmperf.checktable.audit) of every chapter whose checks live in a checks table.

For each check declared ``prediction``: (a) perturbing the paper value it is compared with (and the transcribed
values printed with it or derived from it) in the loaded data must not move our value; (b) perturbing the
model's stated assumptions and free inputs one at a time must move it for at least one; (c) no two predictions
share their computation and paper value. For every check compared with a paper value, a parameter of the paper's
setting that moves our value must be among its conditions (or scaling rules), so that a what-if run never judges
it against the paper's setting. A disagreement fails here, naming the check.

A chapter is audited as soon as its study package has a checks table (``lib/mmstudies/<study>/checks.yml`` with a
``checks.py`` holding ``table()`` and the record function); see CONTRIBUTING.md.
"""

import dataclasses
import importlib
import importlib.util

import pytest

from mmbook.params import chapter_names, load_chapter
from mmperf import checktable


def _find_spec(name: str):
    """``importlib.util.find_spec``, None also when the parent package is missing (a chapter whose study package
    is not named after it, such as the foundations chapters, has no checks table found by its name)."""
    try:
        return importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None


def _checks_module(chapter: str) -> str | None:
    """The study module holding a chapter's checks table functions, if its study has a checks table."""
    name = f"mmstudies.{load_chapter(chapter).package}.checks"
    return name if _find_spec(name) is not None else None


#: chapter -> the study module holding its checks table's functions (``table()`` and the record function)
AUDITED = {c: m for c in chapter_names() if (m := _checks_module(c))}


def _audit(chapter: str, table: checktable.CheckTable | None = None) -> dict[str, checktable.AuditResult]:
    module = importlib.import_module(AUDITED[chapter])
    table = table or module.table()
    return checktable.audit(table, table.function(table.record), load_chapter(chapter).defaults())


def _chapter_audit(chapter: str) -> dict[str, checktable.AuditResult]:
    """The audit exactly as the chapter's notebook calls it (``cached(checks.audit, parameters=defaults,
    table_digest=...)``): the same simulation-cache entry, so that after ``make book`` the audit of every
    chapter is read, not run again (huynh's alone took two minutes of ``make test``). The entry's key holds
    the code of the checks module and of everything it imports, the checks table's digest and the defaults:
    a change to any of them computes the audit again here."""
    from mmperf.simcache import cached

    module = importlib.import_module(AUDITED[chapter])
    return cached(module.audit, parameters=load_chapter(chapter).defaults(), table_digest=module.table_digest())


@pytest.fixture(scope="module", params=sorted(AUDITED))
def audited(request):
    return request.param, _chapter_audit(request.param)


def test_the_cached_audit_is_the_audit():
    """The cached call the tests read is the audit itself, on the cheapest audited chapter: computed afresh,
    the same checks get the same marks."""
    fresh = _audit("laws")
    assert {cid: (r.kind, r.mark, r.agrees) for cid, r in fresh.items()} == {
        cid: (r.kind, r.mark, r.agrees) for cid, r in _chapter_audit("laws").items()}


def test_declared_kinds_agree_with_the_audit(audited):
    chapter, results = audited
    disagreements = [f"{cid}: {r.detail}" for cid, r in results.items() if not r.agrees]
    assert not disagreements, f"{chapter}: " + "; ".join(disagreements)


#: chapters whose table has no prediction, and why (without this list an empty audit would pass silently)
NO_PREDICTIONS = {"hsieh-video": "the thesis's traces are not in the source: no check can use the thesis's data",
                  "laws": "a foundations chapter: it recomputes the paper's own numbers with the laws it teaches "
                          "(its review found its two 'predictions' to be the paper's own comparisons)"}


def test_every_prediction_is_audited(audited):
    chapter, results = audited
    predictions = [r for r in results.values() if r.kind == "prediction"]
    assert (bool(predictions) != (chapter in NO_PREDICTIONS)) and all(r.mark.startswith("✓") for r in predictions), \
        chapter


def test_the_audit_catches_the_paper_arithmetic_if_declared_a_prediction():
    """Eq. 1 at the paper's own stage throughputs (200, 240, 230 Mbit/s) is the paper's 74: declared a prediction,
    the audit must see it move when those printed values move (test a). This is the finding of issue 24."""
    module = importlib.import_module(AUDITED["zeadally"])
    table = module.table()
    wrong = dataclasses.replace(table, checks=(dataclasses.replace(table.spec("eq1-value"), kind="prediction"),))
    result = _audit("zeadally", wrong)["eq1-value"]
    assert not result.agrees and "arithmetic or transcription" in result.detail
    assert "parameters[z_ax]" in result.uses_paper
