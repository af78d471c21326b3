"""The book's generated pages and the student edition.

``mmbook build`` calls, after executing the chapters and before rendering:

- :func:`write_book_pages` (``names``, ``outcomes``): writes ``book/status.md`` (each chapter's
  execution time, status, whether it came from the cache, package versions, commit, build date) and
  ``book/instructor.md`` (every exercise with its solution and the parameters it uses, gathered
  from the chapters' ``{exercise}`` / ``{solution}`` directives), and ``book/_generated/studies.md``
  and ``book/_generated/course-map.md``, which the home page and the teaching page include (the
  chapters' links, what each teaches, the weekly course plan with run times from the last build).
  The bibliography page
  ``book/bibliography.md`` is a static page (the entries are in ``book/references.bib``).

``mmbook build --student`` then calls :func:`build_student` (or :func:`render_student_book` with the
chapter names), which renders the
same assembled sources a second time with sphinx-exercise's ``hide_solutions`` into
``_build/student/html``, without the instructor page, with the solutions stripped from the
downloadable notebooks and without page sources, and fails
if any solution's text is found in the output (:func:`solution_leaks`).

Exercise convention in a chapter notebook (MyST)::

    ```{exercise} Halving the frame rate
    :label: ex-sharp-halve
    What happens to ... ? Try `mmbook run sharp -p frame_rate_fps 15`.
    ```
    ```{solution} ex-sharp-halve
    :class: dropdown
    ... {glue:text}`sharp_ex1_loss:.2e` ...
    ```
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from mmperf import paths

GENERATED_PAGES = ("book/status", "book/instructor")
STATIC_BACK_PAGES = ("book/bibliography",)
STATUS_FILE = "build-status.json"

FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{(?P<kind>exercise|solution)\}[ \t]*(?P<arg>[^\n]*)\n"
                   r"(?P<body>.*?)^(?P=fence)[ \t]*$", re.S | re.M)
OPTION = re.compile(r"^:(?P<key>[a-z-]+):[ \t]*(?P<value>.*)$")
GLUE_ROLE = re.compile(r"\{(?P<role>glue(?::text|:md|:any|:)?)\}`(?P<text>[^`]+)`")
#: a ``-p NAME VALUE`` pair of an ``mmbook run`` command; a placeholder value (``<twice the value>``) whole
MMBOOK_P = re.compile(r"-p\s+(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s+(?P<value><[^>`]*>|[^\s`]+)")


# ----------------------------------------------------------------------------- exercises
@dataclass
class Exercise:
    chapter: str
    label: str
    title: str
    body: str
    solution: str = ""
    parameters: list[str] = field(default_factory=list)
    settings: list[tuple[str, str]] = field(default_factory=list)
    # from the exercise's ``:class:`` option, e.g. ``:class: kind-hand level-2`` ("" when untagged)
    kind: str = ""
    level: int = 0


EXERCISE_KINDS = ("hand", "rerun", "extend", "figure", "design")
EXERCISE_LEVELS = (1, 2, 3)
#: how the instructor's page names each kind
EXERCISE_KIND_WORDS = {"hand": "by hand", "rerun": "re-run the chapter", "extend": "extend the model's code",
                       "figure": "read a figure", "design": "design an experiment"}


def exercise_tags(class_option: str) -> tuple[str, int]:
    """The kind and the level an exercise's ``:class:`` option names (``"", 0`` for what it leaves out).

    The kinds are by hand, re-run the chapter, extend the model's code, read a figure, design an
    experiment (:data:`EXERCISE_KINDS`); the levels 1 (direct) to 3 (open). A tag that looks like one
    but names no kind or level is refused, so that a typo cannot pass for an untagged exercise.

    Examples
    --------
    >>> exercise_tags("kind-hand level-2")
    ('hand', 2)
    >>> exercise_tags("dropdown")
    ('', 0)
    >>> exercise_tags("kind-essay level-1")
    Traceback (most recent call last):
    ...
    ValueError: exercise class 'kind-essay': kind must be one of hand, rerun, extend, figure, design
    """
    kind, level = "", 0
    for word in class_option.split():
        if word.startswith("kind-"):
            if word[5:] not in EXERCISE_KINDS:
                raise ValueError(f"exercise class {word!r}: kind must be one of {', '.join(EXERCISE_KINDS)}")
            kind = word[5:]
        elif word.startswith("level-"):
            if word[6:] not in {str(n) for n in EXERCISE_LEVELS}:
                raise ValueError(f"exercise class {word!r}: level must be one of 1, 2, 3")
            level = int(word[6:])
    return kind, level


def _split_options(body: str) -> tuple[dict[str, str], str]:
    options, lines = {}, body.splitlines()
    while lines and (m := OPTION.match(lines[0].strip())):
        options[m["key"]] = m["value"].strip()
        lines.pop(0)
    return options, "\n".join(lines).strip()


def parse_exercises(text: str, chapter: str = "", parameter_names: list[str] | None = None) -> list[Exercise]:
    """The ``{exercise}`` blocks of a MyST notebook, each with its ``{solution}`` and the parameters used.

    A parameter is "used" when its name appears in the exercise or its solution; ``-p NAME VALUE``
    pairs (from ``mmbook run`` commands) are kept as settings. The exercise's ``:class:`` option gives
    its ``kind`` and ``level`` (:func:`exercise_tags`).

    Examples
    --------
    >>> md = '''
    ... ```{exercise} Halving the rate
    ... :label: ex-demo-half
    ... What if `rate` were halved? Run `mmbook run demo -p rate 0.5`.
    ... ```
    ... ```{solution} ex-demo-half
    ... :class: dropdown
    ... The wait falls to {glue:text}`w:.1f` s.
    ... ```
    ... '''
    >>> [ex] = parse_exercises(md, "demo", ["rate", "seed"])
    >>> ex.label, ex.title, ex.parameters, ex.settings
    ('ex-demo-half', 'Halving the rate', ['rate'], [('rate', '0.5')])
    >>> parse_exercises(md.replace("-p rate 0.5", "-p rate <twice the value>"))[0].settings
    [('rate', '<twice the value>')]
    >>> [ex] = parse_exercises(md.replace("`rate`", "the seed line 12 rate"), "demo", ["rate", "seed"])
    >>> ex.parameters
    ['rate']
    >>> ex.solution
    'The wait falls to {glue:text}`w:.1f` s.'
    >>> ex.kind, ex.level
    ('', 0)
    >>> [ex] = parse_exercises(md.replace(":label: ex-demo-half", ":label: ex-demo-half\\n:class: kind-rerun level-1"))
    >>> ex.kind, ex.level, ex.body.startswith("What if")
    ('rerun', 1, True)
    """
    exercises: dict[str, Exercise] = {}
    order: list[str] = []
    solutions: dict[str, str] = {}
    for n, m in enumerate(FENCE.finditer(text)):
        options, body = _split_options(m["body"])
        if m["kind"] == "exercise":
            label = options.get("label") or f"{chapter}-exercise-{n + 1}"
            kind, level = exercise_tags(options.get("class", ""))
            exercises[label] = Exercise(chapter, label, m["arg"].strip(), body, kind=kind, level=level)
            order.append(label)
        else:
            solutions[m["arg"].strip()] = body
    names = parameter_names or []
    out = []
    for label in order:
        ex = exercises[label]
        ex.solution = solutions.get(label, "")
        both = ex.body + "\n" + ex.solution
        ex.settings = [(p["name"], p["value"]) for p in MMBOOK_P.finditer(both)]
        used = {name for name, _ in ex.settings}
        used |= {g for g in re.findall(r"--(?:grid|vary)[ =]+([A-Za-z_][A-Za-z0-9_]*)", both)}
        # a name with an underscore is an identifier wherever it appears; a plain word ("seed", "host")
        # counts only as code (`seed`), since "seed line 120" is prose
        used |= {name for name in names
                 if re.search(rf"`{re.escape(name)}\b" if "_" not in name
                              else rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", both)}
        ex.parameters = [name for name in names if name in used] + sorted(used - set(names))
        out.append(ex)
    return out


def crossdoc_glue(text: str, notebook: str, values: dict[str, dict[str, Any]] | None = None) -> str:
    """Point every glue role of ``text`` at ``notebook`` (a path relative to the page that shows it).

    myst-nb resolves ``{glue:text}`` and ``{glue}`` from another page, but not ``{glue:md}``: its
    markdown is pasted from ``values`` (the executed notebook's glued outputs, see
    :func:`mmbook.standalone.glued_values`), or an em dash when it is not there.

    Examples
    --------
    >>> crossdoc_glue("loss {glue:text}`a:.2e`, delay {glue:text}`b`, {glue}`c`", "chapters/x.ipynb")
    'loss {glue:text}`chapters/x.ipynb::a:.2e`, delay {glue:text}`chapters/x.ipynb::b:s`, {glue}`chapters/x.ipynb::c`'
    >>> crossdoc_glue("{glue:md}`s` and {glue:md}`t`", "x.ipynb", {"s": {"text/markdown": "**bold**"}})
    '**bold** and —'
    """
    def repl(m: re.Match) -> str:
        role, inner = m["role"], m["text"]
        if "::" in inner:
            return m.group(0)
        if role == "glue:md":
            key = inner.rsplit(":", 1)[0] if inner.count(":") else inner
            return str((values or {}).get(key, {}).get("text/markdown", "—")).strip()
        if role == "glue:text" and ":" not in inner:
            inner += ":s"
        return f"{{{role}}}`{notebook}::{inner}`"

    return GLUE_ROLE.sub(repl, text)


def _glued(name: str) -> dict[str, dict[str, Any]]:
    """The glued outputs of a chapter's executed notebook (empty when it is not assembled)."""
    source = paths.project_root() / "book" / "chapters" / f"{name}.ipynb"
    if not source.is_file():
        return {}
    import nbformat

    from mmbook.standalone import glued_values

    return glued_values(nbformat.read(source, as_version=4))


def _chapter_source(name: str) -> Path:
    """The assembled (executed) notebook if present, else the chapter's MyST source."""
    assembled = paths.project_root() / "book" / "chapters" / f"{name}.ipynb"
    return assembled if assembled.is_file() else paths.notebooks_dir() / f"{name}.md"


def chapter_markdown(name: str) -> str:
    """All markdown of a chapter (from its executed notebook, else its MyST source)."""
    source = _chapter_source(name)
    if source.suffix == ".ipynb":
        return _notebook_markdown(json.loads(source.read_text(encoding="utf-8")))
    return source.read_text(encoding="utf-8")


def _notebook_markdown(nb: dict) -> str:
    """All markdown cells of a notebook, joined by blank lines."""
    return "\n\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                       for c in nb["cells"] if c["cell_type"] == "markdown")


def chapter_exercises(name: str) -> list[Exercise]:
    from mmbook import params as params_mod

    spec = params_mod.load_chapter(name)
    return parse_exercises(chapter_markdown(name), name, list(spec.parameters))


# ----------------------------------------------------------------------------- status page
def _outcome_dicts(outcomes) -> list[dict[str, Any]] | None:
    if outcomes is None:
        file = paths.build_dir() / STATUS_FILE
        if not file.is_file():
            return None
        try:
            outcomes = json.loads(file.read_text(encoding="utf-8"))
        except ValueError:
            return None
    rows = []
    for o in outcomes:
        d = dict(o) if isinstance(o, dict) else {k: getattr(o, k, None) for k in ("chapter", "status", "seconds",
                                                                                      "cached", "message")}
        if d.get("cached") is None:
            d["cached"] = d.get("status") == "cached"
        rows.append(d)
    return rows


def status_page(names: list[str], outcomes=None, stamp: dict[str, Any] | None = None) -> str:
    """The build-status page (MyST markdown).

    ``outcomes``: a list of ``{"chapter", "status", "seconds", "cached"}`` dicts or of
    ``mmbook.build.ChapterOutcome``; ``None`` reads ``_build/build-status.json`` (and says so when
    that is missing).
    """
    import datetime as dt

    import pandas as pd

    from mmbook import params as params_mod
    from mmbook.sphinxext import build_stamp
    from mmperf.tables import show_table

    stamp = stamp or build_stamp()
    rows = _outcome_dicts(outcomes)
    parts = ["# Build status\n",
             "How this copy of the book was built: each chapter's execution, the software it ran with and "
             "the commit it was built from. A chapter *from the cache* was not executed again in this build "
             "because nothing it depends on (its notebook, parameters, the `mmperf` library, its data and "
             "the pinned packages) changed since it last ran; its *seconds* are those of that last "
             "execution, and *last executed* tells when that was.\n",
             f"- **commit**: `{stamp['commit']}`",
             f"- **built**: {stamp['date']}",
             "- **command**: `mmbook build` (`make book`)\n",
             "## Chapters\n"]
    by_name = {r["chapter"]: r for r in rows or []}
    table = []
    for name in names:
        title = params_mod.load_chapter(name).title
        results = paths.default_chapter_dir(name) / "results.json"
        last = (dt.datetime.fromtimestamp(results.stat().st_mtime, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
                if results.is_file() else None)
        r = by_name.get(name, {})
        table.append({"chapter": title, "status": r.get("status"), "seconds": r.get("seconds"),
                      "from the cache": r.get("cached") if r else None, "last executed": last})
    if rows is None:
        parts.append("No execution record was found for this build (`_build/build-status.json` is missing: "
                     "the book was rendered without `mmbook build`), so status, time and cache are "
                     "shown as —.\n")
    html = show_table(pd.DataFrame(table), formats={"seconds": ".1f", "from the cache": "bool"},
                      units={"seconds": "s"}).to_html()
    for name, row in zip(names, table, strict=True):  # the chapter titles link to the chapters
        import html as html_mod

        title = html_mod.escape(row["chapter"])
        html = html.replace(f">{title}</td>", f'><a href="chapters/{name}.html">{title}</a></td>', 1)
    parts += ["```{raw} html", f'<div class="mm-status-page">{html}</div>', "```\n",
              "## Software\n"]
    versions = pd.DataFrame({"package": list(stamp["versions"]), "version": list(stamp["versions"].values())})
    parts += ["```{raw} html", show_table(versions).to_html(), "```\n",
              "The full list of pinned packages is `requirements.lock`.\n"]
    return "\n".join(parts)


# ----------------------------------------------------------------------------- instructor page
def instructor_page(names: list[str]) -> str:
    """Every exercise of every chapter with its solution and the parameters it uses (MyST markdown)."""
    from mmbook import params as params_mod

    parts = ["# Instructor's guide: exercises and solutions\n",
             "Every exercise of the book with its solution, chapter by chapter, and the parameters each one "
             "uses (so a lab can be prepared with `mmbook params CHAPTER` and `mmbook run`). The numbers in "
             "the solutions come from this build of the chapters. The student edition "
             "(`mmbook build --student`, in `_build/student/html`) leaves this page and every solution out.\n",
             GRADING_SECTION]
    total = 0
    for name in names:
        spec = params_mod.load_chapter(name)
        key = spec.answers
        exercises = chapter_exercises(name)
        total += len(exercises)
        parts.append(f"## {spec.title}\n")
        parts.append(f"Chapter page: [](chapters/{name}.ipynb). Parameters: `mmbook params {name}`.\n")
        if not exercises:
            parts.append("*This chapter has no exercises in `{exercise}` form yet.*\n")
            continue
        nb = f"chapters/{name}.ipynb"
        values = _glued(name)
        for ex in exercises:
            used = ", ".join(f"`{p}`" for p in ex.parameters) or "none (a reading or derivation exercise)"
            settings = ", ".join(f"`{k} = {v}`" for k, v in ex.settings)
            title = ex.title or ex.label
            parts.append(f"### {title[:1].upper() + title[1:]}\n")
            tags = f" Kind: {EXERCISE_KIND_WORDS[ex.kind]}; level {ex.level}." if ex.kind and ex.level else ""
            graded = (f" Graded by `mmbook check {name}`: {key[ex.label].get('ask', 'its answer')}, "
                      f"{_tolerance_words(key[ex.label])}." if ex.label in key else "")
            parts.append(f"In the chapter: {{ref}}`{ex.label}`. Parameters used: {used}."
                         + (f" Settings suggested: {settings}." if settings else "") + tags + graded + "\n")
            parts.append(_indent_block("admonition", "Exercise", crossdoc_glue(ex.body, nb, values)))
            solution = (crossdoc_glue(ex.solution, nb, values) if ex.solution
                        else "*No solution is given in the chapter.*")
            parts.append(_indent_block("admonition", "Solution", solution, cls="tip"))
    parts.insert(1, f"The book has {total} exercises in {len(names)} chapters.\n" if total else "")
    parts += [projects_section(), exam_section()]
    return "\n".join(parts)


#: the instructor page's account of the auto-grader (README, "Teaching with the book", says the same)
GRADING_SECTION = """## Grading the exercises

An exercise with a numeric answer grades itself: its chapter's specification names the glued value that is
the answer (computed at the exercise's own settings) and a tolerance. A student writes the answers into a file
(`mmbook check CHAPTER --template answers.yml` writes an empty one) and runs
`mmbook check CHAPTER answers.yml --student`, which says for each exercise *right* or *wrong* and, if wrong,
whether the answer is too high or too low, never the model's value, then "k of n right". Without `--student`
(the instructor's grader) each line also gives the model's value and how far the answer is from it, e.g.
"expected within 2 % of the model's value, 10 mean service times; yours is 30 % high". Exit status 0 when every
answer is right, 1 otherwise, 2 for a malformed file or a label the chapter does not have. The exercises below
say which number is graded and within what tolerance; the others (a reading, an explanation) are graded by
hand against their solutions.
"""


def _tolerance_words(entry: dict[str, Any]) -> str:
    """
    >>> _tolerance_words({"tolerance": {"rel": 0.02}}), _tolerance_words({"tolerance": {"abs": 1}, "unit": "ms"})
    ('within 2 % of the model', 'within 1 ms of the model')
    """
    (kind, amount), = entry["tolerance"].items()
    if kind == "rel":
        return f"within {100 * amount:g} % of the model"
    return f"within {amount:g}{' ' + entry['unit'] if entry.get('unit') else ''} of the model"


def _indent_block(kind: str, title: str, body: str, cls: str = "") -> str:
    fence = "`" * max(4, 1 + max((len(m) for m in re.findall(r"`{3,}", body)), default=3))
    opts = f":class: {cls}\n" if cls else ""
    return f"{fence}{{{kind}}} {title}\n{opts}{body}\n{fence}\n"


# ----------------------------------------------------------------------------- writing
def write_book_pages(names: list[str], outcomes=None) -> list[str]:
    """Write ``book/status.md`` and ``book/instructor.md``; return the docnames of the generated pages.

    ``outcomes``: the chapters' execution outcomes (``ChapterOutcome`` or dicts with ``chapter``,
    ``status``, ``seconds``, ``cached``); ``None`` reads ``_build/build-status.json``.
    """
    root = paths.project_root()
    _write_unless_same(root / "book" / "status.md", status_page(names, outcomes))
    _write_unless_same(root / "book" / "instructor.md", instructor_page(names))
    write_front_matter(names, outcomes)
    return list(GENERATED_PAGES)


def _write_unless_same(file: Path, text: str) -> bool:
    """Write unless the file holds the same text apart from its build-date line (so a no-op build
    renders nothing, and the date stays the date the pages were last rendered)."""
    def strip(t: str) -> str:
        return re.sub(r"^- \*\*built\*\*:.*$", "", t, flags=re.M)

    if file.is_file() and strip(file.read_text(encoding="utf-8")) == strip(text):
        return False
    file.write_text(text, encoding="utf-8")
    return True


# ----------------------------------------------------------------------------- student edition
def student_dir() -> Path:
    return paths.build_dir() / "student"


def student_build_config() -> dict[str, Any]:
    """The book's ``_config.yml`` for the student edition: solutions hidden, no page sources to download.

    Examples
    --------
    >>> c = student_build_config()
    >>> c["sphinx"]["config"]["hide_solutions"], c["sphinx"]["config"]["html_copy_source"]
    (True, False)
    """
    root = paths.project_root()
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    config["title"] = f"{config.get('title', '')} (student edition)"
    sphinx = config.setdefault("sphinx", {}).setdefault("config", {})
    sphinx["hide_solutions"] = True
    sphinx["html_copy_source"] = False
    sphinx["html_show_sourcelink"] = False
    # paths in _config.yml are relative to the config file; the student config lives elsewhere
    for key in ("html_extra_path",):
        if key in sphinx:
            sphinx[key] = [str(root / p) for p in sphinx[key]]
    if "bibtex_bibfiles" in config:
        config["bibtex_bibfiles"] = [str(root / p) for p in config["bibtex_bibfiles"]]
    html = config.setdefault("html", {})
    if "favicon" in html:
        html["favicon"] = str(root / html["favicon"])
    config.setdefault("exclude_patterns", []).append("book/instructor.md")
    return config


def student_toc(full_toc: str) -> str:
    r"""The book's table of contents without the instructor page.

    Examples
    --------
    >>> toc = ("parts:\n- caption: Using\n  chapters:\n  - file: book/using\n"
    ...        "- caption: For instructors\n  chapters:\n  - file: book/instructor\n")
    >>> "instructor" in student_toc(toc)
    False
    """
    toc = yaml.safe_load(full_toc)
    for part in toc.get("parts", []):
        part["chapters"] = [c for c in part.get("chapters", []) if c.get("file") != "book/instructor"]
    toc["parts"] = [part for part in toc.get("parts", []) if part["chapters"]]  # no empty "For instructors"
    return "# Generated by `mmbook build --student`; do not edit.\n" + yaml.safe_dump(toc, sort_keys=False)


def strip_solutions(text: str) -> str:
    r"""``text`` (MyST markdown) without its ``{solution}`` blocks.

    Examples
    --------
    >>> strip_solutions("```{exercise} E\n:label: ex-a\nQ?\n```\n```{solution} ex-a\nA.\n```\nafter")
    '```{exercise} E\n:label: ex-a\nQ?\n```\n\nafter'
    """
    return FENCE.sub(lambda m: "" if m["kind"] == "solution" else m.group(0), text)


def glue_names(text: str) -> set[str]:
    """The glued names a MyST text refers to (format specs and ``notebook::`` prefixes removed).

    Examples
    --------
    >>> sorted(glue_names("{glue:text}`a:.2e`, {glue}`b`, {glue:md}`x.ipynb::c`"))
    ['a', 'b', 'c']
    """
    names = set()
    for m in GLUE_ROLE.finditer(text):
        inner = m["text"].split("::")[-1]
        names.add(inner.split(":")[0])
    return names


def solution_only_glue_names(markdown: str) -> set[str]:
    r"""The glued names that a chapter's solutions refer to and nothing else in it does: their stored
    outputs are solutions (a computed answer) and leave the student edition with them.

    Examples
    --------
    >>> md = "Loss {glue:text}`loss:.2f`.\n```{solution} ex-a\nIt is {glue:text}`ans` (see {glue}`loss`).\n```\n"
    >>> solution_only_glue_names(md)
    {'ans'}
    """
    inside = set()
    for m in FENCE.finditer(markdown):
        if m["kind"] == "solution":
            inside |= glue_names(m["body"])
    return inside - glue_names(strip_solutions(markdown))


def _cell_text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell.get("source"), list) else cell.get("source", "")


def student_notebook(nb: dict, answer_names: frozenset[str] | set[str] = frozenset()) -> dict:
    """A notebook (as JSON) without its solutions: ``{solution}`` blocks leave the markdown cells and the
    stored outputs of solution-only glued names (:func:`solution_only_glue_names`) and of ``answer_names``
    (the glued values the chapter's grading key names, :func:`answer_glue_names`) leave the code cells.
    The code that computes an answer stays: a student re-running it is doing the exercise."""
    markdown = "\n".join(_cell_text(c) for c in nb.get("cells", []) if c.get("cell_type") == "markdown")
    hidden = solution_only_glue_names(markdown) | set(answer_names)
    answers = _hidden_texts(nb, hidden)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            cell["source"] = strip_solutions(_cell_text(cell))
        elif cell.get("outputs"):
            cell["outputs"] = [o for o in cell["outputs"] if not _is_answer(o, hidden, answers)]
    return nb


def answer_glue_names(name: str) -> dict[str, str]:
    """The glued values chapter ``name``'s grading key names (``answers:`` in its specification), by exercise
    label: each is a computed answer, hidden from the student edition like a solution ({} for an unknown
    chapter)."""
    from mmbook import params as params_mod

    try:
        spec = params_mod.load_chapter(name)
    except params_mod.ChapterNotFound:
        return {}
    return {label: entry["glue"] for label, entry in spec.answers.items()}


def _plain_texts(output: dict) -> set[str]:
    """The text/plain forms an output shows (glued or displayed), quotes of a repr removed."""
    texts = set()
    for mime, value in output.get("data", {}).items():
        if mime.endswith("text/plain"):
            texts.add(("".join(value) if isinstance(value, list) else str(value)).strip().strip("'\""))
    return texts - {""}


def _hidden_texts(nb: dict, hidden: set[str]) -> set[str]:
    """The values of the solution-only glued outputs of ``nb``."""
    return {t for c in nb.get("cells", []) for o in c.get("outputs", [])
            if o.get("metadata", {}).get("scrapbook", {}).get("name") in hidden for t in _plain_texts(o)}


def _is_answer(output: dict, hidden: set[str], answers: set[str]) -> bool:
    """A solution-only glued output, or any output showing one's value (``ch.glue`` returns the value, so a
    cell ending with it displays the answer a second time, unnamed)."""
    if output.get("metadata", {}).get("scrapbook", {}).get("name") in hidden:
        return True
    return bool(_plain_texts(output) & answers)


def _strip_file(file: Path) -> None:
    """Remove the solutions from a downloadable notebook (.ipynb) or MyST source (.md) in place."""
    if file.suffix == ".md":
        file.write_text(strip_solutions(file.read_text(encoding="utf-8")), encoding="utf-8")
    elif file.suffix == ".ipynb":
        nb = student_notebook(json.loads(file.read_text(encoding="utf-8")),
                              frozenset(answer_glue_names(file.stem).values()))
        file.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")


def _student_extra(root: Path, out: Path) -> list[str]:
    """A copy of the book's extra files (downloads) with the solutions stripped; the new html_extra_path."""
    extra = []
    for i, folder in enumerate(yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
                                   .get("sphinx", {}).get("config", {}).get("html_extra_path", [])):
        source = root / folder
        if not source.is_dir():
            continue
        target = out / f"extra-{i}"
        shutil.copytree(source, target)
        for file in target.rglob("*"):
            if file.suffix in (".ipynb", ".md"):
                _strip_file(file)
        extra.append(str(target))
    return extra


# ----------------------------------------------------------------------------- the leak check
#: a solution is found by every run of this many words of it (as the reader sees it: glued values in)
#: that the rest of its chapter does not also contain; one phrase per solution missed computed answers
SHINGLE_WORDS = 6
WORD = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")


#: math, left out of the words on both sides of the comparison: a solution is looked for in its TeX, a page
#: shows MathML (mmbook.mathml), whose identifiers read like words ("k c k m k 2" from the chapter's own
#: formula matched a solution's TeX by chance), so math is no marker and no page's math can match one
MATH = re.compile(r"<math\b.*?</math>|\$\$.*?\$\$|\$[^$\n]+\$|\\\(.*?\\\)|\\\[.*?\\\]", re.S)


def _words(text: str) -> list[str]:
    """Lower-case words and numbers of a text, math, markup and punctuation dropped (math first, then HTML
    tags).

    >>> _words(r"Use $\\sum_k (c_k/m_k)^2$ here: <math><mi>k</mi></math> Q<sub>1</sub> = 2.5")
    ['use', 'here', 'q', '1', '2.5']
    """
    import html as html_mod

    plain = html_mod.unescape(re.sub(r"<[^>]+>", " ", MATH.sub(" ", text))).lower()
    return WORD.findall(plain)


def _shingles(words: list[str], n: int = SHINGLE_WORDS) -> set[str]:
    return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}


def _rendered(text: str, glued: dict[str, dict[str, Any]]) -> str:
    """``text`` with every glue role replaced by its value as the page shows it."""
    from mmbook.standalone import _format_text

    def value(m: re.Match) -> str:
        inner = m["text"].split("::")[-1]
        name, _, fmt = inner.partition(":")
        bundle = glued.get(name, {})
        if m["role"] == "glue:md" and "text/markdown" in bundle:
            return str(bundle["text/markdown"])
        return _format_text(bundle, fmt or None) if bundle else " "

    return GLUE_ROLE.sub(value, text)


@dataclass(frozen=True)
class SolutionMarkers:
    """What betrays one solution: runs of its words (``shingles``) and its solution-only glued names."""

    chapter: str
    label: str
    shingles: frozenset[str]
    glue_names: frozenset[str]


@dataclass(frozen=True)
class LoadedChapter:
    """A chapter as its solutions' markers and the book's visible text need it, its executed notebook read once:
    its markdown, the notebook's path and content (None when it is not there), its glued values and the glued
    names only its solutions use."""

    name: str
    markdown: str
    notebook: Path
    nb: dict | None
    glued: dict
    only: frozenset[str]

    @functools.cached_property
    def visible(self) -> frozenset[str]:
        """Runs of words of the chapter a student sees (:func:`_visible_shingles`), computed once."""
        return frozenset(_visible_shingles(self))


def load_chapter(name: str, markdown: str | None = None, notebook: Path | None = None) -> LoadedChapter:
    """Chapter ``name`` read once: ``notebook`` (default: the book's executed one) and ``markdown`` (default:
    the book's executed notebook's, else the MyST source's)."""
    import nbformat

    from mmbook.standalone import glued_values

    book = paths.project_root() / "book" / "chapters" / f"{name}.ipynb"
    notebook = notebook or book
    nb = nbformat.reads(notebook.read_text(encoding="utf-8"), as_version=4) if notebook.is_file() else None
    if markdown is None:
        markdown = _notebook_markdown(nb) if nb is not None and notebook == book else chapter_markdown(name)
    # the grading key's glued values are answers too (laws glues its answers as numbers no sentence shows)
    return LoadedChapter(name, markdown, notebook, nb, glued_values(nb) if nb is not None else {},
                         frozenset(solution_only_glue_names(markdown) | set(answer_glue_names(name).values())))


def solution_markers(name: str, markdown: str | None = None, notebook: Path | None = None,
                     elsewhere: frozenset[str] = frozenset(),
                     chapter: LoadedChapter | None = None) -> list[SolutionMarkers]:
    """The markers of every solution of chapter ``name``: each run of :data:`SHINGLE_WORDS` words of the
    solution as rendered with this build's glued values, except runs the rest of the chapter also has
    (an exercise quoting its own question), and the glued names only its solutions use (their stored
    outputs in a notebook are the computed answer). A solution with no marker raises: it could leak
    unseen. ``notebook`` is the executed chapter whose values the solutions show (default: the book's).
    ``elsewhere`` holds runs of words a student sees on other pages (:func:`book_visible_shingles`).
    ``chapter`` is the chapter already read (:func:`load_chapter`; then ``markdown`` and ``notebook`` are
    not read again).
    """
    chapter = chapter or load_chapter(name, markdown, notebook)
    # what a student may see: the text outside solutions, every other glued value and cell output (the
    # scorecard's claims, composed sentences), so that a phrase a solution shares with them is no marker
    rest = chapter.visible | elsewhere
    key = answer_glue_names(name)
    out = []
    for ex in parse_exercises(chapter.markdown, name):
        if not ex.solution.strip():
            continue
        shingles = frozenset(_shingles(_words(_rendered(ex.solution, chapter.glued))) - rest)
        names = frozenset(glue_names(ex.solution) & chapter.only | ({key[ex.label]} if ex.label in key else set()))
        if not shingles and not names:
            raise ValueError(f"{name}: the solution of {ex.label} has no words of its own to find it by "
                             f"(at least {SHINGLE_WORDS} words, or a glued value only solutions use)")
        out.append(SolutionMarkers(name, ex.label, shingles, names))
    return out


def exam_markers(elsewhere: frozenset[str] = frozenset(), data: dict[str, Any] | None = None) -> list[SolutionMarkers]:
    """The markers of every answer key of the exam question bank (``book/course.yml``): each run of
    :data:`SHINGLE_WORDS` words of the answer (glued values left out) that a student sees nowhere else.
    An answer too short to have one is found by its question's words instead (the question too is
    instructor material).

    >>> data = {"exam": [{"week": 1, "question": "What is N for X = 33/s and R = 0.06 s here?",
    ...                   "answer": "N = X R = 33 x 0.060 = 1.98 frames on average."}]}
    >>> [m] = exam_markers(data=data)
    >>> m.label, "n x r 33 x 0.060" in m.shingles
    ('week-1-q1', True)
    """
    bank = (course_data() if data is None else data).get("exam", [])
    out, count = [], {}
    for q in bank:
        count[q["week"]] = count.get(q["week"], 0) + 1
        answer = GLUE_ROLE.sub(" ", q["answer"])
        shingles = _shingles(_words(answer)) - elsewhere or _shingles(_words(q["question"])) - elsewhere
        out.append(SolutionMarkers("exam", f"week-{q['week']}-q{count[q['week']]}", frozenset(shingles),
                                   frozenset()))
    return out


def _visible_shingles(chapter: LoadedChapter) -> set[str]:
    """Runs of words of a chapter a student sees: the text outside solutions, every glued value and cell
    output except the solutions' own (the scorecard's claims, composed sentences), figure texts."""
    visible = [_rendered(strip_solutions(chapter.markdown), chapter.glued),
               *_visible_outputs(chapter.nb, set(chapter.only)), *_figure_texts(chapter.name, chapter.notebook)]
    return set().union(*(_shingles(_words(text)) for text in visible))


def book_visible_shingles(names: list[str], chapters: dict[str, LoadedChapter] | None = None) -> frozenset[str]:
    """Runs of words the student edition shows outside any solution: every chapter's visible text and the
    book's scorecard page and the CSV downloads of the chapters' tables. A solution of one chapter may quote another chapter's result (claypool-load's
    Indigo 2 count is claypool-quality's), and the scorecard sets one check's verdict beside the next
    check's claim; neither is a leak. ``chapters`` holds chapters already read (:func:`load_chapter`)."""
    chapters = chapters or {}
    seen: set[str] = set()
    for name in names:
        seen |= (chapters.get(name) or load_chapter(name)).visible
        for table in sorted((paths.default_chapter_dir(name) / "tables").glob("*.csv")):  # the tables' downloads
            seen |= _shingles(_words(table.read_text(encoding="utf-8", errors="replace")))
    scorecard = paths.project_root() / "book" / "scorecard.md"  # written by the build from the checks
    if scorecard.is_file():
        seen |= _shingles(_words(scorecard.read_text(encoding="utf-8")))
    return frozenset(seen)


def _visible_outputs(nb: dict | None, hidden: set[str]) -> list[str]:
    """The texts of an executed chapter's outputs (HTML, markdown or plain) except the answers: the glued
    ``hidden`` and any output showing one of their values (see :func:`student_notebook`)."""
    if nb is None:
        return []
    answers = _hidden_texts(nb, hidden)
    texts = []
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            if _is_answer(out, hidden, answers):
                continue
            data = out.get("data", {})
            for mime, value in data.items():
                if mime.endswith(("text/html", "text/markdown", "text/plain")):
                    texts.append("".join(value) if isinstance(value, list) else str(value))
    return texts


def _figure_texts(name: str, notebook: Path) -> list[str]:
    """The alt texts of the chapter's figures (``coverage.json`` beside the run's notebook, else the book's)."""
    for folder in (notebook.parent, paths.default_chapter_dir(name)):
        try:
            coverage = json.loads((folder / "coverage.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        return [str(f.get("alt", "")) for f in coverage.get("figures", []) if isinstance(f, dict)]
    return []


def _stored_glue_names(nb_text: str) -> set[str]:
    try:
        nb = json.loads(nb_text)
    except ValueError:
        return set()
    return {o.get("metadata", {}).get("scrapbook", {}).get("name") for c in nb.get("cells", [])
            for o in c.get("outputs", []) if isinstance(o, dict)} - {None}


#: the files a solution could be copied into (figures are drawn before any solution is composed)
LEAK_SUFFIXES = (".html", ".js", ".ipynb", ".md", ".txt", ".json", ".csv")


def solution_leaks(folder: Path, names: list[str], markers: list[SolutionMarkers] | None = None) -> list[str]:
    """Solutions found in any text file under ``folder`` (HTML, search index, sources, notebooks): one
    line per solution and file, naming the marker found; [] if none. See :func:`solution_markers`."""
    if markers is None:
        chapters = {n: load_chapter(n) for n in names}  # each executed notebook read once
        elsewhere = book_visible_shingles(names, chapters)
        markers = [m for n in names for m in solution_markers(n, elsewhere=elsewhere, chapter=chapters[n])]
        markers += exam_markers(elsewhere)
    if not markers:
        return []
    leaks = []
    for file in sorted(Path(folder).rglob("*")):
        if not file.is_file() or file.suffix not in LEAK_SUFFIXES:
            continue
        raw = file.read_text(encoding="utf-8", errors="replace")
        found = _shingles(_words(raw.replace("\\n", " ")))
        stored = _stored_glue_names(raw) if file.suffix == ".ipynb" else set()
        for m in markers:
            words = sorted(m.shingles & found)
            # a glued name is the chapter's own: another chapter's notebook may glue the same name for itself
            outputs = sorted(m.glue_names & stored) if file.stem == m.chapter else []
            if words or outputs:
                what = f"stored output {outputs[0]!r}" if outputs else f"{words[0]!r}"
                leaks.append(f"{m.chapter} {m.label}: {what} in {file.relative_to(folder)}")
    return leaks


def render_student_book(names: list[str], strict: bool = True) -> Path:
    """Render the assembled book (``assemble_book`` first) without solutions into ``_build/student/html``.

    Raises RuntimeError if Jupyter Book fails or a solution's text is found in the output.
    """
    root = paths.project_root()
    out = student_dir()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    settings = student_build_config()
    settings["sphinx"]["config"]["html_extra_path"] = _student_extra(root, out)
    config = out / "_config.yml"
    config.write_text(yaml.safe_dump(settings, sort_keys=False), encoding="utf-8")
    toc = out / "_toc.yml"
    toc.write_text(student_toc((root / "book" / "_toc.yml").read_text(encoding="utf-8")), encoding="utf-8")
    exe = Path(sys.executable).parent / "jupyter-book"
    cmd = [str(exe), "build", str(root), "--config", str(config), "--toc", str(toc), "--path-output", str(out),
           "--keep-going"]
    if strict:
        cmd.append("-W")
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    log = out / "jupyter-book.log"
    log.write_text(proc.stdout + "\n" + proc.stderr, encoding="utf-8")
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
        raise RuntimeError(f"student edition: jupyter-book build failed (exit {proc.returncode}); log: {log}\n{tail}")
    built = out / "_build" / "html"
    html_dir = out / "html"
    shutil.move(str(built), str(html_dir))
    for folder in [*out.glob("extra-*"), out / "_build"]:  # _build keeps executed copies of the chapters
        shutil.rmtree(folder, ignore_errors=True)
    leaks = solution_leaks(out, names)  # every file the student build wrote, not only the pages
    if leaks:
        raise RuntimeError("student edition contains solution text:\n  " + "\n  ".join(leaks))
    return html_dir


def build_student(names: list[str] | None = None, strict: bool = True) -> Path:
    """The student edition of the assembled book (all chapters by default); see :func:`render_student_book`."""
    from mmbook import params as params_mod

    html_dir = render_student_book(names if names is not None else params_mod.chapter_names(), strict=strict)
    print(f"student edition: {html_dir / 'index.html'}", file=sys.stderr)
    return html_dir


# ----------------------------------------------------------------------------- studies table and course map
#: The course's weeks that belong to no chapter (the first and the last); every chapter's own weeks come
#: from its specification (``course:`` in ``notebooks/<chapter>.yml``), with its home-page row (``guide:``).
GENERAL_WEEKS: list[dict[str, Any]] = [
    {"week": 1, "title": "Reproducing a performance study",
     "pages": "[](intro.md), [](using.md), [](scorecard.md)",
     "objectives": "read a reproduction scorecard (paper, ours, tolerance, evidence, status); run a chapter "
                   "with changed parameters and compare the run with the book",
     "work": "`mmbook list`; `mmbook params zeadally`; `mmbook run zeadally -p z_xf_mbps 460 --output "
             "runs/faster-bus`; `mmbook compare runs/faster-bus`"},
    {"week": 14, "title": "Project: a what-if study",
     "pages": "any chapter; [](using.md)",
     "objectives": "pose a what-if question, answer it with a sweep over a chapter's parameters, and report "
                   "the result against the default build and the paper, with its uncertainty",
     "work": "a short report built on `mmbook sweep CHAPTER --vary NAME --sample 20 --output runs/project "
             "--plot METRIC`, with the parameter file in an appendix"},
]


def course_weeks(names: list[str]) -> list[dict[str, Any]]:
    """Every week of the course, in order: the general weeks and each chapter's own (from its spec); a chapter's
    week replaces the general week of the same number.

    Examples
    --------
    >>> from mmbook import params as params_mod
    >>> weeks = course_weeks(params_mod.chapter_names())
    >>> [w["week"] for w in weeks] == list(range(1, len(weeks) + 1))
    True
    """
    from mmbook import params as params_mod

    own = [dict(w, chapters=[name]) for name in names for w in params_mod.load_chapter(name).course]
    # a chapter that claims a general week's number takes its place (Part I's first chapter opens the course);
    # the general week's content is kept in that week (``also``), so nothing of it is lost
    general = {w["week"]: w for w in GENERAL_WEEKS}
    claimed = {w["week"] for w in own}
    for w in own:
        if w["week"] in general and "also" not in w and w is next(o for o in own if o["week"] == w["week"]):
            w["also"] = general[w["week"]]
    weeks = [dict(w, chapters=[]) for w in GENERAL_WEEKS if w["week"] not in claimed] + own
    return sorted(weeks, key=lambda w: w["week"])


def _guide(name: str) -> dict[str, str]:
    from mmbook import params as params_mod

    return params_mod.load_chapter(name).guide


def _chapter_link(name: str, names: list[str], prefix: str = "chapters/") -> str:
    from mmbook import params as params_mod

    if name in names:
        return f"[{params_mod.load_chapter(name).title}]({prefix}{name}.ipynb)"
    return f"{name} (chapter in preparation)"


def _last_seconds(outcomes=None) -> dict[str, float]:
    rows = _outcome_dicts(outcomes) or []
    return {r["chapter"]: r["seconds"] for r in rows if r.get("status") in ("executed", "cached")
            and isinstance(r.get("seconds"), int | float)}


def studies_table(names: list[str]) -> str:
    """The home page's table: every chapter linked, its study cited, what it teaches (MyST markdown)."""
    from mmbook import params as params_mod

    lines = ["| chapter | study | what it teaches |", "|---|---|---|"]
    for name in names:
        guide = _guide(name)
        cite = f"{{cite:t}}`{guide['cite']}`" if guide.get("cite") else ""
        title = params_mod.load_chapter(name).title
        lines.append(f"| [{title}](chapters/{name}.ipynb) | {cite} | {guide.get('teaches', '')} |")
    return "\n".join(lines) + "\n"


def course_map(names: list[str], outcomes=None) -> str:
    """The teaching page's weekly plan (MyST markdown); run times from ``outcomes`` or the last build."""
    seconds = _last_seconds(outcomes)
    counts = {n: len(chapter_exercises(n)) for n in names}
    out = []
    for week in course_weeks(names):
        number = week["week"]
        out.append(f"### Week {number}: {week['title']}\n")
        rows = []
        if week["chapters"]:
            name = week["chapters"][0]
            guide = _guide(name)
            rows.append(("Sections", f"{_chapter_link(name, names)}: {week.get('part', 'the whole chapter')}"))
            rows.append(("Prerequisites", guide.get("prerequisites", "")))
            rows.append(("Objectives", week.get("objectives") or guide.get("teaches", "")))
            run = (f"about {_duration(seconds[name])} in the last build ([](status.md))" if name in seconds
                   else "on the [](status.md) page once the chapter is built")
            read = week.get("read") or guide.get("read", "about 2 h")
            rows.append(("Time", f"reading {read}; running the chapter: {run}"))
            if name in names and counts.get(name):
                rows.append(("Exercises", f"the chapter's {counts[name]} exercises (their solutions are "
                                          "gathered on the instructor's page of the teacher's edition)"))
            else:
                rows.append(("Exercises", "the exercises at the end of the chapter"))
            whatif = week.get("whatif") or guide.get("whatif", "")
            rows.append(("What-if assignment", whatif if "`" in whatif else f"`{whatif}`"))
            if week.get("also"):  # a general week this chapter's week took the place of
                also = week["also"]
                rows.append((f"Also this week: {also['title'].lower()}",
                             f"{also['pages']}; {also['objectives']}; {also['work']}"))
        else:
            rows.append(("Sections", week["pages"]))
            rows.append(("Objectives", week["objectives"]))
            rows.append(("Work", week["work"]))
        out.append("\n".join(f"**{k}.** {v}  " for k, v in rows if v) + "\n")
    return "\n".join(out)


COURSE_FILE = "book/course.yml"


def course_data() -> dict[str, Any]:
    """``book/course.yml``: the assessment weights, the two project briefs and the exam question bank."""
    file = paths.project_root() / COURSE_FILE
    return yaml.safe_load(file.read_text(encoding="utf-8")) if file.is_file() else {}


def assessment_table(data: dict[str, Any] | None = None) -> str:
    """The assessment weights as a Markdown table (the teaching page, both editions).

    >>> print(assessment_table({"assessment": [{"part": "Labs", "weight": 40, "what": "reports"},
    ...                                        {"part": "Exam", "weight": 60, "what": "written"}]}))
    | part | weight | what |
    |---|---|---|
    | Labs | 40 % | reports |
    | Exam | 60 % | written |
    | **total** | **100 %** | |
    <BLANKLINE>
    """
    rows = (course_data() if data is None else data).get("assessment", [])
    lines = ["| part | weight | what |", "|---|---|---|"]
    lines += [f"| {r['part']} | {r['weight']:g} % | {r['what']} |" for r in rows]
    lines.append(f"| **total** | **{sum(r['weight'] for r in rows):g} %** | |")
    return "\n".join(lines) + "\n"


def _chapter_glue(text: str, prefix: str = "chapters/") -> str:
    """A course file's ``{glue:text}`CHAPTER::NAME:FMT``` as a glue role into that chapter's notebook.

    >>> _chapter_glue("{glue:text}`zeadally::eq1_mbps:.1f` Mbit/s")
    '{glue:text}`chapters/zeadally.ipynb::eq1_mbps:.1f` Mbit/s'
    """
    return re.sub(r"(\{glue(?::text)?\}`)([a-z0-9-]+)::", lambda m: f"{m[1]}{prefix}{m[2]}.ipynb::", text)


def projects_section(data: dict[str, Any] | None = None) -> str:
    """The two project briefs with their rubrics (the instructor's page only)."""
    parts = ["## Project briefs\n",
             "Two projects, weighted as the teaching page's assessment table says. Each brief gives the aim, the "
             "chapters it draws on, what is handed in and the rubric it is marked by (100 points).\n"]
    for project in (course_data() if data is None else data).get("projects", []):
        chapters = ", ".join(f"[](chapters/{c}.ipynb)" for c in project["chapters"])
        parts.append(f"### {project['title']}\n")
        parts.append(f"**Aim.** {project['aim']}  \n**Chapters.** {chapters}  \n"
                     f"**Deliverables.** {project['deliverables']}\n")
        rows = ["| criterion | points |", "|---|---|"]
        rows += [f"| {r['criterion']} | {r['points']} |" for r in project["rubric"]]
        rows.append(f"| **total** | **{sum(r['points'] for r in project['rubric'])}** |")
        parts.append("\n".join(rows) + "\n")
    return "\n".join(parts)


def exam_section(data: dict[str, Any] | None = None) -> str:
    """The exam question bank with its answer keys, week by week (the instructor's page only); an answer that
    cites a chapter's glued value shows this build's value."""
    bank = (course_data() if data is None else data).get("exam", [])
    parts = ["## Exam question bank\n",
             f"{len(bank)} questions, at least two per week of the course map, each with its answer key. A "
             "numeric answer is computed in the key or cites the chapter's value in this build. This section, "
             "like the whole page, is left out of the student edition.\n"]
    for week in sorted({q["week"] for q in bank}):
        parts.append(f"### Week {week}\n")
        for n, q in enumerate((q for q in bank if q["week"] == week), 1):
            parts.append(f"{n}. {q['question']}\n")
            parts.append(_indent_block("admonition", "Answer key", _chapter_glue(q["answer"]), cls="tip"))
    return "\n".join(parts)


def _duration(seconds: float) -> str:
    """
    Examples
    --------
    >>> _duration(24.4), _duration(157), _duration(3600)
    ('24 s', '2.6 min', '60.0 min')
    """
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.1f} min"


def write_front_matter(names: list[str], outcomes=None) -> None:
    """``book/_generated/studies.md`` (home page) and ``book/_generated/course-map.md`` (teaching page)."""
    folder = paths.project_root() / "book" / "_generated"
    folder.mkdir(parents=True, exist_ok=True)
    _write_unless_same(folder / "studies.md", studies_table(names))
    _write_unless_same(folder / "course-map.md", course_map(names, outcomes))
    _write_unless_same(folder / "assessment.md", assessment_table())
