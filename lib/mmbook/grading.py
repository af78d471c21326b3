"""Grade a student's answers to a chapter's exercises against the model: ``mmbook check``.

A chapter's specification declares its key (``answers:`` in ``notebooks/<chapter>.yml``, read by
:func:`mmbook.params.load_chapter`): for each exercise with a numeric answer, the glued value that is the
answer (the notebook computes it at the exercise's own settings, whatever the chapter's parameters), the
tolerance (``abs`` or ``rel``), its unit and, in a few words, which number is asked. A student's answers
file maps exercise labels to numbers::

    ex-single-queues-1: 10
    ex-single-queues-3: 0.5

``mmbook check CHAPTER --template FILE`` writes an empty one to fill in. The model's values come from a run
of the chapter at its defaults: the book's own build when it is up to date, else one run cached per user
beside the simulation cache under the chapter's cache key (:func:`mmperf.fingerprint.chapter_cache_key`),
so only the first check after a change of the chapter runs it.

Feedback: by default (the instructor's grader) each line gives the model's value and how far the answer is
from it; ``--student`` says only right or wrong and, when wrong, whether the answer is too high or too low,
never the model's value. Exit status 0 when every exercise of the key is right, 1 when any is wrong or not
answered, 2 for bad input (found before anything runs).
"""

from __future__ import annotations

import json
import math
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mmbook import params as params_mod
from mmbook import userfile

#: the folder of the per-user cache (beside the simulations) that keeps the model's answers
CACHE_FOLDER = "grading"


class AnswersError(ValueError):
    """Bad input to ``mmbook check`` (exit status 2): one line naming the file, the label and what is allowed."""


@dataclass(frozen=True)
class KeyEntry:
    """One exercise of a chapter's key: what the grader compares an answer with."""

    label: str
    number: int  # the exercise's place in its chapter, from 1
    title: str
    glue: str
    tolerance_kind: str  # "abs" or "rel"
    tolerance: float
    unit: str = ""
    ask: str = ""

    def tolerance_words(self) -> str:
        """How close an answer must be, in words.

        >>> KeyEntry("ex-a-1", 1, "", "x", "rel", 0.05).tolerance_words()
        "within 5 % of the model's value"
        >>> KeyEntry("ex-a-1", 1, "", "x", "abs", 0.5, unit="ms").tolerance_words()
        "within 0.5 ms of the model's value"
        >>> KeyEntry("ex-a-1", 1, "", "x", "abs", 0.2, unit="%").tolerance_words()
        "within 0.2 percentage points of the model's value"
        """
        if self.tolerance_kind == "rel":  # "(relative)" where the answer is itself a percentage
            relative = " (relative)" if self.unit == "%" else ""
            return f"within {_number(100 * self.tolerance)} %{relative} of the model's value"
        unit = " percentage points" if self.unit == "%" else f" {self.unit}" if self.unit else ""
        return f"within {_number(self.tolerance)}{unit} of the model's value"


@dataclass(frozen=True)
class Verdict:
    """The grade of one exercise: ``status`` is ``right``, ``wrong``, ``unanswered`` or ``undefined`` (the model
    has no value there)."""

    entry: KeyEntry
    status: str
    yours: float | None = None
    model: float | None = None

    @property
    def right(self) -> bool:
        return self.status == "right"


def _number(x: float) -> str:
    """A number as a person writes it: at most four significant figures, no trailing zeros.

    >>> _number(5.0), _number(0.012345), _number(12345.6), _number(2.5)
    ('5', '0.01235', '1.235e+04', '2.5')
    """
    return f"{x:.4g}"


# ----------------------------------------------------------------------------- the key
def answer_key(chapter: str) -> dict[str, KeyEntry]:
    """The chapter's key, in the order of its exercises.

    Raises
    ------
    mmbook.params.ChapterNotFound
        no chapter of that name.
    AnswersError
        the chapter declares no ``answers:`` (nothing to check).
    """
    from mmbook.bookpages import parse_exercises

    spec = params_mod.load_chapter(chapter)
    if not spec.answers:
        raise AnswersError(f"chapter {chapter!r} declares no answers to check (no 'answers:' in "
                           f"{spec.notebook.with_suffix('.yml').name}); chapters with a key: "
                           f"{', '.join(chapters_with_answers()) or 'none'}")
    exercises = parse_exercises(spec.notebook.read_text(encoding="utf-8"), chapter)
    place = {ex.label: (n, ex.title) for n, ex in enumerate(exercises, 1)}
    missing = sorted(set(spec.answers) - set(place))
    if missing:  # a defect of the book, not of the student's file
        raise RuntimeError(f"{spec.notebook.with_suffix('.yml')}: answers: {missing[0]} is no exercise of the chapter")
    entries = []
    for label, raw in spec.answers.items():
        (kind, amount), = raw["tolerance"].items()
        entries.append(KeyEntry(label, place[label][0], place[label][1], raw["glue"], kind, float(amount),
                                raw.get("unit", ""), raw.get("ask", "")))
    return {e.label: e for e in sorted(entries, key=lambda e: e.number)}


def chapters_with_answers() -> list[str]:
    """The chapters whose specification declares a key."""
    return [n for n in params_mod.chapter_names() if params_mod.load_chapter(n).answers]


# ----------------------------------------------------------------------------- the student's file
#: a ``mmbook check`` answers file: its words and rules for :func:`mmbook.userfile.read_yaml`
ANSWERS_FILE = userfile.FileKind(
    name="answers file", example="answers.yml", error=AnswersError,
    missing=" (mmbook check CHAPTER --template {path} writes one to fill in)",
    twice="{path}, line {line}: {key} is answered twice; give one answer per exercise")


def answer_value(path: Path, label: str, value: Any) -> float | None:
    """One answer as a number (``None``: left empty, not answered).

    >>> answer_value(Path("a.yml"), "ex-a-1", 12.5), answer_value(Path("a.yml"), "ex-a-1", "1e-3")
    (12.5, 0.001)
    >>> answer_value(Path("a.yml"), "ex-a-1", None) is None
    True
    >>> answer_value(Path("a.yml"), "ex-a-1", "12 ms")
    Traceback (most recent call last):
    ...
    mmbook.grading.AnswersError: a.yml: ex-a-1: '12 ms' is not a number; write a decimal number without its unit, e.g. 12.5
    """
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:  # YAML reads 1e-3 as text; the book's one rule for numbers reads it
            number = float(params_mod.parse_number(value.strip(), "float"))
        except ValueError:
            raise AnswersError(f"{path}: {label}: {value!r} is not a number; write a decimal number without "
                               "its unit, e.g. 12.5") from None
    else:
        raise AnswersError(f"{path}: {label}: {value!r} is not a number; write a decimal number without its "
                           "unit, e.g. 12.5")
    if not math.isfinite(number):
        raise AnswersError(f"{path}: {label}: {value!r} is not a finite number")
    return number


def read_answers(path: Path, chapter: str, key: dict[str, KeyEntry]) -> dict[str, float | None]:
    """The student's answers, every label checked against the chapter's exercises and its key.

    Raises
    ------
    AnswersError
        one line naming the file and the label: a missing, unreadable or malformed file, not a mapping of
        labels to numbers, a label the chapter does not have, an exercise without a numeric answer to check, a
        value that is not a number.
    """
    from mmbook.bookpages import chapter_exercises

    loaded = userfile.read_yaml(path, ANSWERS_FILE)
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise AnswersError(f"answers file {path} must map exercise labels to numbers (ex-{chapter}-1: 12.5, "
                           "one per line)")
    labels = {ex.label for ex in chapter_exercises(chapter)}
    answers: dict[str, float | None] = {}
    for label, value in loaded.items():
        label = str(label)
        if label not in labels:
            raise AnswersError(f"{path}: {label}: chapter {chapter!r} has no exercise of that label (its "
                               f"exercises with a numeric answer: {', '.join(key)})")
        if label not in key:
            raise AnswersError(f"{path}: {label}: this exercise has no numeric answer to check (exercises "
                               f"with one: {', '.join(key)})")
        answers[label] = answer_value(path, label, value)
    return answers


# ----------------------------------------------------------------------------- the template
def template(chapter: str) -> str:
    """An answers file to fill in: every exercise of the key, what it asks and its unit, the value empty."""
    spec = params_mod.load_chapter(chapter)
    key = answer_key(chapter)
    lines = [f"# Answers to the exercises of \"{spec.title}\" (chapter {chapter}).",
             "# Write a decimal number after each label, without its unit; a label left empty is not answered.",
             f"# Check them with:  mmbook check {chapter} THIS-FILE --student", ""]
    for e in key.values():
        asked = e.ask or "the answer"
        unit = f", in {e.unit}" if e.unit else ""
        lines.append(f"# Exercise {e.number}, {e.title}: {asked}{unit} ({e.tolerance_words()})")
        lines.append(f"{e.label}:")
    return "\n".join(lines) + "\n"


def write_template(chapter: str, path: Path) -> Path:
    """Write :func:`template` to ``path``, which must not exist (nothing of the user's is overwritten)."""
    text = template(chapter)
    if path.exists() or path.is_symlink():
        raise AnswersError(f"--template {path} exists; it is never overwritten: give a new file name")
    if not path.parent.is_dir():
        raise AnswersError(f"--template {path}: the folder {path.parent} does not exist")
    try:
        with path.open("x", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise AnswersError(f"--template {path}: cannot write it ({exc.strerror})") from None
    return path


# ----------------------------------------------------------------------------- the model's values
NUMPY_REPR = re.compile(r"^np\.[a-z0-9_]+\((?P<value>.*)\)$")


def glued_number(bundle: dict[str, Any]) -> float | None:
    """A glued value as a number (``None`` when it is not one, e.g. a sentence).

    >>> glued_number({"text/plain": "0.25"}), glued_number({"text/plain": "np.float64(2.5)"})
    (0.25, 2.5)
    >>> glued_number({"text/plain": "nan"}), glued_number({"text/plain": "Two queues."})
    (nan, None)
    """
    text = str(bundle.get("text/plain", "")).strip().strip("'\"")
    m = NUMPY_REPR.match(text)
    try:
        return float(m["value"] if m else text)
    except ValueError:
        return None


def _numbers_of_notebook(notebook: Path) -> dict[str, float]:
    import nbformat

    from mmbook.standalone import glued_values

    values = glued_values(nbformat.read(notebook, as_version=4))
    return {name: n for name, bundle in values.items() if (n := glued_number(bundle)) is not None}


def model_values(chapter: str) -> dict[str, float]:
    """Every glued number of the chapter run at its defaults (the answers among them).

    The book's build of the chapter when it is up to date; else a run of the chapter into a temporary
    folder, once per cache key: its numbers are kept in the per-user cache (``grading/``), so a second check
    reads them in well under a second.
    """
    from mmbook.build import is_up_to_date
    from mmbook.usercache import user_cached
    from mmperf import paths
    from mmperf.fingerprint import chapter_cache_key

    spec = params_mod.load_chapter(chapter)
    book = paths.default_chapter_dir(chapter) / f"{chapter}.ipynb"
    if book.is_file() and is_up_to_date(spec):
        return _numbers_of_notebook(book)

    def run(target: Path) -> None:
        from mmbook.runner import run_chapter

        print(f"mmbook check: running {chapter} at its defaults for the model's answers (once: they are "
              "cached) ...", file=sys.stderr)
        with tempfile.TemporaryDirectory(prefix="mmbook-check-") as scratch:
            result = run_chapter(chapter, None, Path(scratch) / chapter)
            numbers = _numbers_of_notebook(result.notebook)
        target.write_text(json.dumps(numbers, sort_keys=True, allow_nan=True) + "\n", encoding="utf-8")

    key = chapter_cache_key(spec).encode()
    return json.loads(user_cached(CACHE_FOLDER, chapter, ".json", [key], run))


# ----------------------------------------------------------------------------- grading
def grade_one(entry: KeyEntry, yours: float | None, model: float) -> Verdict:
    """Compare one answer with the model's value within the entry's tolerance.

    >>> e = KeyEntry("ex-a-1", 1, "", "x", "rel", 0.05)
    >>> grade_one(e, 10.4, 10.0).status, grade_one(e, 10.6, 10.0).status, grade_one(e, None, 10.0).status
    ('right', 'wrong', 'unanswered')
    >>> grade_one(KeyEntry("ex-a-1", 1, "", "x", "abs", 0.01), 0.005, 0.0).status
    'right'
    """
    if yours is None:
        return Verdict(entry, "unanswered", None, model)
    if not math.isfinite(model):
        return Verdict(entry, "undefined", yours, model)
    allowed = entry.tolerance * (abs(model) if entry.tolerance_kind == "rel" else 1.0)
    allowed += 1e-12 * max(1.0, abs(model))  # the last digit of a float is no error of the student's
    return Verdict(entry, "right" if abs(yours - model) <= allowed else "wrong", yours, model)


def grade(key: dict[str, KeyEntry], answers: dict[str, float | None], model: dict[str, float]) -> list[Verdict]:
    """Every exercise of the key graded (one not in ``answers`` is not answered)."""
    missing = [e.glue for e in key.values() if e.glue not in model]
    if missing:  # a defect of the book: its key names a value the chapter does not glue
        raise RuntimeError(f"the chapter's run glues no number named {missing[0]!r} (its answers key names it)")
    return [grade_one(e, answers.get(label), model[e.glue]) for label, e in key.items()]


def _deviation(v: Verdict) -> str:
    """How far the answer is from the model's value, in the tolerance's own terms."""
    high = v.yours > v.model
    if v.entry.tolerance_kind == "rel" and v.model != 0:
        return f"{100 * abs(v.yours - v.model) / abs(v.model):.3g} % {'high' if high else 'low'}"
    unit = f" {v.entry.unit}" if v.entry.unit else ""
    return f"{_number(abs(v.yours - v.model))}{unit} {'high' if high else 'low'}"


def feedback(v: Verdict, student: bool = False) -> str:
    """One line for one exercise; ``student``: right or wrong and the direction, never the model's value.

    >>> e = KeyEntry("ex-a-1", 1, "", "x", "rel", 0.05, unit="ms")
    >>> feedback(grade_one(e, 13.0, 10.0))
    "ex-a-1: wrong: expected within 5 % of the model's value, 10 ms; yours is 30 % high"
    >>> feedback(grade_one(e, 13.0, 10.0), student=True)
    "ex-a-1: wrong: expected within 5 % of the model's value; yours is too high"
    >>> feedback(grade_one(e, 10.1, 10.0), student=True)
    'ex-a-1: right'
    """
    e = v.entry
    unit = f" {e.unit}" if e.unit else ""
    if v.status == "unanswered":
        return f"{e.label}: not answered"
    if v.status == "undefined":
        return f"{e.label}: cannot be graded: the model has no value for it in this build"
    if v.right:
        return f"{e.label}: right" + ("" if student else f" (the model's value {_number(v.model)}{unit})")
    if student:
        return f"{e.label}: wrong: expected {e.tolerance_words()}; yours is too {'high' if v.yours > v.model else 'low'}"
    return f"{e.label}: wrong: expected {e.tolerance_words()}, {_number(v.model)}{unit}; yours is {_deviation(v)}"


def summary(verdicts: list[Verdict]) -> str:
    """
    >>> e = KeyEntry("ex-a-1", 1, "", "x", "abs", 0.1)
    >>> summary([grade_one(e, 1.0, 1.0), grade_one(e, 2.0, 1.0), grade_one(e, None, 1.0)])
    '1 of 3 right (1 not answered)'
    """
    right = sum(v.right for v in verdicts)
    blank = sum(v.status == "unanswered" for v in verdicts)
    return f"{right} of {len(verdicts)} right" + (f" ({blank} not answered)" if blank else "")


def check(chapter: str, answers_file: Path, student: bool = False) -> tuple[list[str], int]:
    """Grade ``answers_file`` for ``chapter``: the feedback lines (one per exercise, then the summary) and the
    exit status (0 all right, 1 otherwise). Bad input raises :class:`AnswersError` before anything runs."""
    key = answer_key(chapter)
    answers = read_answers(answers_file, chapter, key)
    verdicts = grade(key, answers, model_values(chapter))
    lines = [feedback(v, student) for v in verdicts] + [summary(verdicts)]
    return lines, 0 if all(v.right for v in verdicts) else 1
