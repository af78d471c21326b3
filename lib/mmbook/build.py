"""Build the whole book: execute every chapter (cached, in parallel), then render with Jupyter Book.

A chapter is re-executed only when its cache key changes: a hash of its notebook, its
parameter specification, the ``mmperf`` library, its data folders and the pinned
dependencies. Executed notebooks are copied into ``book/chapters/``, the table of contents
and the book-level scorecard page are generated, and Jupyter Book renders the executed
notebooks (without executing them again) with warnings treated as errors.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import yaml

from mmbook import params as params_mod
from mmperf import paths
from mmperf.fingerprint import chapter_cache_key

CACHE_KEY_FILE = ".cache-key"
#: written beside the cache key when a chapter executes: how long that execution took, and when
EXECUTION_FILE = ".last-execution.json"
#: written after a complete build: the state of its inputs and outputs (see :func:`build_state`)
STATE_FILE = ".mmbook-state.json"
STATIC_PAGES = ("book/intro", "book/source-texts", "book/using", "book/teaching")
#: the notation page (Kendall notation, every symbol of the chapters), last page of the front matter
GLOSSARY_PAGE = "book/glossary"


@dataclass(frozen=True)
class ChapterOutcome:
    chapter: str
    status: str  # "cached", "executed", "failed"
    seconds: float | None  # a cached chapter's last real execution time; None when never recorded
    message: str = ""


def is_up_to_date(spec: params_mod.ChapterSpec) -> bool:
    folder = paths.default_chapter_dir(spec.name)
    key_file = folder / CACHE_KEY_FILE
    return (key_file.is_file() and (folder / "results.json").is_file()
            and key_file.read_text().strip() == chapter_cache_key(spec))


def _execute_default(name: str) -> ChapterOutcome:
    """Run one chapter with its defaults into the book's build (in a worker process)."""
    from mmbook.runner import ChapterRunError, run_chapter

    start = time.perf_counter()
    spec = params_mod.load_chapter(name)
    key = chapter_cache_key(spec)
    try:
        run_chapter(name, None, paths.default_chapter_dir(name), allow_book_build=True)
    except ChapterRunError as exc:
        return ChapterOutcome(name, "failed", time.perf_counter() - start, str(exc))
    seconds = time.perf_counter() - start
    folder = paths.default_chapter_dir(name)
    finished = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    (folder / EXECUTION_FILE).write_text(json.dumps({"key": key, "seconds": round(seconds, 1),
                                                     "finished": finished}) + "\n")
    (folder / CACHE_KEY_FILE).write_text(key + "\n")
    return ChapterOutcome(name, "executed", seconds)


def last_execution(name: str) -> dict | None:
    """``{"key", "seconds", "finished"}`` of the chapter's last execution into the book's build, or None
    when it was never recorded (a build from before this record existed).

    A cached chapter's outcome carries these seconds: the time it took when it last really ran, not the
    zero seconds of taking it from the cache.
    """
    try:
        record = json.loads((paths.default_chapter_dir(name) / EXECUTION_FILE).read_text())
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and isinstance(record.get("seconds"), int | float) else None


def cached_outcome(name: str) -> ChapterOutcome:
    """The outcome of a chapter taken from the cache, with its last real execution time."""
    record = last_execution(name)
    return ChapterOutcome(name, "cached", record["seconds"] if record else None)


def execute_chapters(names: list[str], force: bool = False, jobs: int = 2) -> list[ChapterOutcome]:
    """Execute the stale chapters in parallel processes, with a progress bar."""
    from tqdm import tqdm

    specs = {n: params_mod.load_chapter(n) for n in names}
    fresh = {n: not force and is_up_to_date(specs[n]) for n in names}  # one cache key per chapter
    outcomes = [cached_outcome(n) for n in names if fresh[n]]
    stale = [n for n in names if not fresh[n]]
    for o in outcomes:
        print(f"  {o.chapter}: up to date (cached)", file=sys.stderr)
    if not stale:
        return outcomes
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(stale)))) as pool, \
            tqdm(total=len(stale), desc="executing chapters", unit="chapter", file=sys.stderr) as bar:
        futures = {pool.submit(_execute_default, n): n for n in stale}
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            bar.set_postfix_str(f"{outcome.chapter} {outcome.status} in {outcome.seconds:.0f}s")
            bar.update(1)
    return sorted(outcomes, key=lambda o: names.index(o.chapter))


def assemble_book(names: list[str]) -> None:
    """Copy executed chapters into ``book/chapters`` and write the TOC and the scorecard page."""
    root = paths.project_root()
    target = root / "book" / "chapters"
    target.mkdir(parents=True, exist_ok=True)
    for stale in target.glob("*.ipynb"):  # a chapter that no longer exists
        if stale.stem not in names:
            stale.unlink()
    for name in names:
        _copy_if_changed(paths.default_chapter_dir(name) / f"{name}.ipynb", target / f"{name}.ipynb")
    _write_if_changed(root / "book" / "_toc.yml", toc_yaml(names, [n for n in names if params_mod.load_chapter(n).book_part == "foundations"]))
    _write_if_changed(root / "book" / "scorecard.md", scorecard_page(names))
    copy_downloads(names)


def toc_yaml(names: list[str], foundations: tuple[str, ...] | list[str] = ()) -> str:
    """The book's table of contents: the front matter (ending with the notation page), Part I (``foundations``, the chapters whose spec says
    ``book_part: foundations``), the studies, the reproduction pages, the instructor's guide, the references.

    >>> toc = yaml.safe_load(toc_yaml(["laws", "huynh"], foundations=["laws"]))
    >>> [(p["caption"], [c["file"] for c in p["chapters"]]) for p in toc["parts"][1:3]]
    [('Part I: Foundations', ['book/chapters/laws']), ('The studies', ['book/chapters/huynh'])]
    """
    studies = [n for n in names if n not in foundations]
    first = [n for n in names if n in foundations]
    toc = {
        "format": "jb-book",
        "root": STATIC_PAGES[0],
        "parts": [
            # book/instructor.md and book/status.md are written by mmbook.bookpages.write_book_pages
            {"caption": "Using this book",
             "chapters": [{"file": p} for p in (*STATIC_PAGES[1:], "book/sweeping", GLOSSARY_PAGE)]},
            # Numbered, so that figures read "Fig. 2.3" (chapter 2) rather than counting across the book.
            *([{"caption": "Part I: Foundations", "numbered": True,
                "chapters": [{"file": f"book/chapters/{n}"} for n in first]}] if first else []),
            {"caption": "The studies", "numbered": True,
             "chapters": [{"file": f"book/chapters/{n}"} for n in studies]},
            {"caption": "Reproduction", "chapters": [{"file": "book/scorecard"}, {"file": "book/status"}]},
            # after the chapters: "Next" from the front matter leads to chapter 1, never to every solution
            {"caption": "For instructors", "chapters": [{"file": "book/instructor"}]},
            {"caption": "References", "chapters": [{"file": "book/bibliography"}]},
        ],
    }
    return "# Generated by `mmbook build`; do not edit.\n" + yaml.safe_dump(toc, sort_keys=False)


def _write_if_changed(file: Path, text: str) -> bool:
    """Write ``text`` unless the file already holds it (so Sphinx sees no change on a no-op build)."""
    if file.is_file() and file.read_text(encoding="utf-8") == text:
        return False
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    return True


def _copy_if_changed(source: Path, target: Path) -> bool:
    if target.is_file() and target.read_bytes() == source.read_bytes():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)
    return True


def copy_downloads(names: list[str]) -> None:
    """Put each chapter's source notebook and executed notebook where the pages' run boxes link to
    them (``book/_extra/downloads/``, served at ``/downloads/`` by ``html_extra_path``)."""
    target = paths.project_root() / "book" / "_extra" / "downloads"
    for name in names:
        folder = paths.default_chapter_dir(name)
        for file in (folder / f"{name}.md", folder / f"{name}.ipynb"):
            if file.is_file():
                _copy_if_changed(file, target / file.name)


def short_chapter_names(titles: dict[str, str]) -> dict[str, str]:
    """Chapter -> a short name for a table row: the title's part before its colon (the study, e.g.
    "Sharp and Todirica (1998)"), followed by the chapter's own part of its name where several chapters
    share a study ("Claypool (1997), load").

    Examples
    --------
    >>> short_chapter_names({"sharp": "Sharp (1998): the latency budget", "claypool-load": "Claypool (1997): load",
    ...                      "claypool-jitter": "Claypool (1997): jitter metrics"})
    {'sharp': 'Sharp (1998)', 'claypool-load': 'Claypool (1997), load', 'claypool-jitter': 'Claypool (1997), jitter'}
    """
    study = {name: title.split(":")[0].strip() for name, title in titles.items()}
    shared = {s for s in study.values() if list(study.values()).count(s) > 1}
    return {name: f"{s}, {name.split('-', 1)[1]}" if s in shared and "-" in name else s for name, s in study.items()}


def printed_number(value):
    """A paper value as the paper prints it: no padding (``0.5``, not ``0.5000``; ``240``, not ``240.0``),
    thousands separated; text (a bound, a range) as it is.

    Examples
    --------
    >>> printed_number(0.5), printed_number(240.0), printed_number(1700000.0), printed_number("<= 20 %")
    ('0.5', '240', '1,700,000', '<= 20 %')
    >>> printed_number(0.000021), printed_number(True)
    ('2.1×10⁻⁵', 'True')
    """
    from mmperf.tables import sig

    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if float(value).is_integer():
        return f"{int(value):,}"
    shortest = repr(float(value))  # the fewest digits that give the value back: what was typed
    mantissa = shortest.split("e")[0].lstrip("-").replace(".", "").lstrip("0")
    return sig(value, len(mantissa))


def _collapsed_checks(table, head: dict) -> str:
    """A chapter's checks on the book page, folded under one line (the chapter's own page shows them too)."""
    from mmbook.chapter import _worded

    summary = (f"{len(table)} checks; predictions reproduced / applicable: {head['reproduced']} / "
               f"{head['applicable']}")
    return f'<details class="mm-collapsed"><summary>{html.escape(summary)}</summary>{_worded(table).to_html()}</details>'


def _link(title: str, name: str) -> str:
    return f'<a href="chapters/{name}.html">{html.escape(title)}</a>'


def scorecard_page(names: list[str], sources: dict[str, str] | None = None) -> str:
    """The book-level page: predictions reproduced / applicable for the book and per chapter with the
    independence audit's marks summarised, the source texts' tables and figures covered per category, each
    chapter's counts per kind and status, and every check.

    ``sources`` maps a chapter to its source text (by default its specification's ``guide: cite``, else its
    own name): chapters of one source text share its tables and figures, which are counted once.
    """
    import pandas as pd

    from mmbook.chapter import reader_location
    from mmperf.checks import COVERAGE_CATEGORIES, EVIDENCE, STATUSES, predictions_headline
    from mmperf.checktable import audit_summary
    from mmperf.tables import show_table

    chapters = []
    for name in names:
        folder = paths.default_chapter_dir(name)
        results = json.loads((folder / "results.json").read_text())
        coverage = json.loads((folder / "coverage.json").read_text())
        chapters.append((name, results, coverage))
    sources = sources if sources is not None else {name: _source_of(name) for name in names}
    every = [c for _, r, _ in chapters for c in r["checks"]]
    book_head = predictions_headline(every)
    book_audit = audit_summary([c for c in every if c["evidence"] == "prediction"])
    short = short_chapter_names({name: coverage["title"] for name, _r, coverage in chapters})
    summary_rows = []
    for name, results, coverage in chapters:
        head = predictions_headline(results["checks"])
        row = {"chapter": short[name],
               "predictions reproduced / applicable": f"{head['reproduced']} / {head['applicable']}"}
        for evidence in EVIDENCE[1:]:
            row[evidence] = sum(c["evidence"] == evidence for c in results["checks"])
        items = chapter_paper_items(coverage["items"])
        row["tables & figures covered"] = f"{_covered(items)} / {len(items)}"
        row["independence audit"] = _audit_cell(results["checks"], audit_summary)
        summary_rows.append(row)
    summary = show_table(pd.DataFrame(summary_rows)).to_html()
    for name, _results, _coverage in chapters:  # the chapter names link to the chapters
        summary = summary.replace(f">{html.escape(short[name])}<", f">{_link(short[name], name)}<", 1)
    kind_rows = []
    for name, results, _coverage in chapters:
        for evidence in EVIDENCE:
            group = [c for c in results["checks"] if c["evidence"] == evidence]
            if group:
                kind_rows.append({"chapter": short[name], "evidence": evidence,
                                  **{s: sum(c["status"] == s for c in group) for s in STATUSES}})
    kinds = pd.DataFrame(kind_rows)
    kinds = kinds.loc[:, (kinds != 0).any(axis=0)] if len(kinds) else kinds
    sections = []
    for _name, results, coverage in chapters:
        head = predictions_headline(results["checks"])
        table = pd.DataFrame([{"what": c["what"], "where": reader_location(str(c["where"])),
                               "paper": printed_number(c["paper"]),
                               "ours": _ours(c), "tolerance": c["tolerance"], "reason": c.get("reason", ""),
                               "evidence": c["evidence"], "status": c["status"]} for c in results["checks"]])
        if any("audit" in c for c in results["checks"]):
            # the audit's mark goes beside the kind it audits: a ninth column made the table wider than the page
            table["evidence"] = [f"{c['evidence']} (audit: {c['audit']})" if c.get("audit") else c["evidence"]
                                 for c in results["checks"]]
        items = chapter_paper_items(coverage["items"])
        counts = {k: sum(c == k for c in items.values()) for k in COVERAGE_CATEGORIES}
        cov = ", ".join(f"{v} {k}" for k, v in counts.items() if v) or "none listed"
        sections.append(
            f"## {coverage['title']}\n\nPredictions reproduced / applicable: **{head['reproduced']} / "
            f"{head['applicable']}**{_not_applicable(head)}. The paper's tables and figures this chapter "
            f"lists: {cov}.\n\n"
            + (_collapsed_checks(show_table(table, status="status", formats={"paper": "text", "ours": "sig4"},
                                            wrap=["what", "where", "reason"]), head) if len(table) else "No checks.")
            + "\n")
    coverage_table = show_table(source_coverage_table(
        [(name, sources.get(name, name), coverage) for name, _r, coverage in chapters]), formats={})
    return (
        "# Reproduction scorecard\n\n"
        f"**Predictions reproduced / predictions applicable, whole book: {book_head['reproduced']} / "
        f"{book_head['applicable']}.** Independence audit of the book's predictions: {book_audit['passed']} "
        f"passed, {book_audit['failed']} failed"
        + (f", {book_audit['not audited']} not audited (their chapters' checks are not yet a table)"
           if book_audit["not audited"] else "") + ".\n\n"
        "A *prediction* is an output of a model that was not calibrated to it: only predictions test the\n"
        "models. The other kinds are counted beside them: *arithmetic* (a number the paper derives from its\n"
        "own numbers, recomputed), *transcription* (a printed value re-rendered from our data), *construction*\n"
        "(holds by the model's design: a sanity check), *target* (a calibration target: meeting it proves\n"
        "nothing by itself) and *not comparable* (an error in the source text or an unstated condition). A simulated\n"
        "or fitted value carries its confidence interval: it is *reproduced* when the whole interval lies\n"
        "inside the tolerance band, *not reproduced* when it lies wholly outside, and *inconclusive* when the\n"
        "run cannot decide. A prediction is *applicable* when the run's parameters are the paper's setting for\n"
        "it (its conditions); the book is built at the defaults, the paper's setting. The column\n"
        "*independence audit* counts, for chapters whose checks are declared in a checks table, the predictions\n"
        "the audit passes and fails (see {ref}`how-to-read-a-scorecard`). *Tables & figures covered* counts\n"
        "the paper's own numbered tables and figures (and its unnumbered tables) the chapter regenerates, out of\n"
        "those it lists: not the rows of its coverage list, so panels of one figure count once, items that are\n"
        "not in the paper (equations, numbers in the text, our own sensitivity plots) are left out, and a\n"
        "*not reproducible* item is listed but not covered.\n"
        "Every number comes from the chapters' `results.json` and `coverage.json`, written when the book was\n"
        "built; each chapter explains its mismatches.\n\n"
        + summary
        + "\n\n## Tables and figures of the source texts\n\n"
        "Each table and figure of a source text counted once, in one category. Within a chapter an item whose\n"
        "parts are regenerated in different ways counts in the weakest of them (a figure with one panel not\n"
        "reproducible is not covered); across the chapters of one source text it counts in the best chapter's.\n\n"
        + coverage_table.to_html()
        + "\n\n## Checks per kind of evidence and status\n\n"
        + (show_table(kinds).to_html() if len(kinds) else "") + "\n\n" + "\n".join(sections)
    )


_PAPER_ITEM = re.compile(r"^(?:the paper's\s+)?(?P<kind>unnumbered\s+(?:table|figure)|tables?|figures?|figs?\.)\s+"
                         r"(?P<rest>.+)$", re.I)
_ITEM_NUMBER = re.compile(r"(?P<a>\d+(?:\.\d+)?)[a-z]?(?:-[a-z])?(?:\s*[-–]\s*(?P<b>\d+(?:\.\d+)?)[a-z]?)?")


def paper_items(item: str) -> list[str]:
    """The source text's tables and figures one coverage row stands for (none for anything else).

    Panels count as their figure, a range is enumerated, a caption or a qualifier after the number is
    dropped; equations, numbers in the text and items marked "not in the paper" are not tables or figures
    of the paper.

    Examples
    --------
    >>> paper_items("Fig. 11a-d"), paper_items("Fig. 6a, 6b"), paper_items("Figures 3.10-3.12")
    (['Figure 11'], ['Figure 6'], ['Figure 3.10', 'Figure 3.11', 'Figure 3.12'])
    >>> paper_items("The paper's Table 1, end-to-end row"), paper_items("Figure 4.11 (t260 trace, averaged)")
    (['Table 1'], ['Figure 4.11'])
    >>> paper_items("Unnumbered table U6-a simultaneous users")
    ['Unnumbered table U6-a']
    >>> paper_items("Eqs. 3.1-3.2"), paper_items("Pipeline sensitivity (not in the paper)")
    ([], [])
    """
    match = _PAPER_ITEM.match(item.strip())
    if not match or "not in the paper" in item.lower():
        return []
    kind = re.sub(r"\s+", " ", match["kind"].lower())
    if kind.startswith("unnumbered"):
        return [f"{kind.capitalize()} {match['rest'].split()[0]}"]
    noun = "Table" if kind.startswith("table") else "Figure"
    numbers = re.split(r"\s*\(|,\s*(?=[A-Za-z]{2})", match["rest"])[0]  # drop "(caption)" or ", four rows"
    keys: list[str] = []
    for part in re.split(r"\s*(?:,|\band\b|&)\s*", numbers):
        found = _ITEM_NUMBER.fullmatch(part.strip())
        if found:
            keys += [f"{noun} {n}" for n in _enumerate(found["a"], found["b"]) if f"{noun} {n}" not in keys]
    return keys


def _enumerate(first: str, last: str | None) -> list[str]:
    """'3.10', '3.12' -> 3.10, 3.11, 3.12; '4', '6' -> 4, 5, 6; anything else: the two ends."""
    if last is None:
        return [first]
    a, b = first.split("."), last.split(".")
    if len(a) == len(b) == 2 and a[0] == b[0] and int(a[1]) <= int(b[1]):
        return [f"{a[0]}.{k}" for k in range(int(a[1]), int(b[1]) + 1)]
    if len(a) == len(b) == 1 and int(a[0]) <= int(b[0]):
        return [str(k) for k in range(int(a[0]), int(b[0]) + 1)]
    return [first, last]


def _rank(category: str) -> int:
    from mmperf.checks import COVERAGE_CATEGORIES

    return COVERAGE_CATEGORIES.index(category) if category in COVERAGE_CATEGORIES else len(COVERAGE_CATEGORIES)


def chapter_paper_items(items: list[dict]) -> dict[str, str]:
    """The paper's tables and figures a chapter's coverage list names, each with one category: the weakest
    of its rows (the order of :data:`mmperf.checks.COVERAGE_CATEGORIES`, strongest first).

    Examples
    --------
    >>> chapter_paper_items([{"item": "Fig. 4a", "category": "computed from the model"},
    ...                      {"item": "Fig. 4b", "category": "not reproducible"},
    ...                      {"item": "Eq. 1", "category": "computed from the model"}])
    {'Figure 4': 'not reproducible'}
    """
    out: dict[str, str] = {}
    for row in items:
        for key in paper_items(row["item"]):
            if key not in out or _rank(row["category"]) > _rank(out[key]):
                out[key] = row["category"]
    return out


def _covered(items: dict[str, str]) -> int:
    return sum(category != "not reproducible" for category in items.values())


def source_coverage_table(chapters: list[tuple[str, str, dict]]):
    """One row per source text: its tables and figures counted once per category, covered and listed.

    ``chapters`` holds (chapter, source text, coverage.json) triples. An item listed by several chapters of
    one source text takes the best of their categories (each chapter's being the weakest of its rows).
    """
    import pandas as pd

    from mmperf.checks import COVERAGE_CATEGORIES

    by_source: dict[str, dict[str, str]] = {}
    chapter_names_of: dict[str, list[str]] = {}
    for name, source, coverage in chapters:
        chapter_names_of.setdefault(source, []).append(name)
        items = by_source.setdefault(source, {})
        for key, category in chapter_paper_items(coverage["items"]).items():
            if key not in items or _rank(category) < _rank(items[key]):
                items[key] = category
    rows = []
    for source, items in by_source.items():
        row = {"source text": source, "chapters": ", ".join(chapter_names_of[source])}
        row.update({category: sum(c == category for c in items.values()) for category in COVERAGE_CATEGORIES})
        row["covered / listed"] = f"{_covered(items)} / {len(items)}"
        rows.append(row)
    if rows:
        rows.append({"source text": "the book", "chapters": "",
                     **{c: sum(r[c] for r in rows) for c in COVERAGE_CATEGORIES},
                     "covered / listed": f"{sum(_covered(i) for i in by_source.values())} / "
                                         f"{sum(len(i) for i in by_source.values())}"})
    return pd.DataFrame(rows, columns=["source text", "chapters", *COVERAGE_CATEGORIES, "covered / listed"])


def _source_of(name: str) -> str:
    """The source text a chapter reproduces: its specification's ``guide: cite`` key, else its own name."""
    try:
        spec = params_mod.load_chapter(name)
    except Exception:  # a chapter without a readable specification (a test's fake) stands for itself  # noqa: BLE001
        return name
    guide = getattr(spec, "guide", None) or {}
    return str(guide.get("cite") or name)


def _audit_cell(checks: list[dict], audit_summary) -> str:
    """The independence audit of a chapter's predictions in words ('not yet' before its checks table)."""
    if not any("audit" in c for c in checks):
        return "not yet (no checks table)"
    counts = audit_summary([c for c in checks if c["evidence"] == "prediction"])
    return f"{counts['passed']} passed, {counts['failed']} failed" + (
        f", {counts['not audited']} not audited" if counts["not audited"] else "")


def _not_applicable(head: dict) -> str:
    n = head["not_applicable"]
    return f" ({n} not applicable at these parameters)" if n else ""


def _ours(check: dict) -> str | float:
    """Our value with its interval when both ends are known (as on the chapter's page); an interval with an
    unbounded end (None in results.json) shows the value alone, its note says more."""
    ours = check["ours"]
    low, high = check.get("ci_low"), check.get("ci_high")
    if low is None or high is None or not isinstance(ours, int | float):
        return ours
    from mmbook.chapter import readable_numbers

    return readable_numbers(f"{ours:.4g} [{low:.4g}, {high:.4g}]")


def render_book(strict: bool = True, every_page: bool = False) -> None:
    """Run Jupyter Book on the assembled sources (offline; no notebook execution).

    ``every_page`` writes every page again (``--all``): Sphinx rewrites only the pages whose sources
    changed, so after a change of the table of contents the others would keep their old "Previous" and
    "Next" links.
    """
    root = paths.project_root()
    exe = Path(sys.executable).parent / "jupyter-book"
    cmd = [str(exe), "build", str(root), "--toc", str(root / "book" / "_toc.yml"), "--path-output",
           str(root), "--keep-going"]
    if strict:
        cmd.append("-W")
    if every_page:
        cmd.append("--all")
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    log = paths.build_dir() / "jupyter-book.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(proc.stdout + "\n" + proc.stderr, encoding="utf-8")
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
        raise RuntimeError(f"jupyter-book build failed (exit {proc.returncode}); full log: {log}\n{tail}")


#: the sweep the book runs at build time for its page "Sweeping a chapter": a fast chapter, a small grid
SWEEP_EXAMPLE = ("zeadally", [("z_xf_mbps", ["115", "230", "460"]), ("z_na_mbps", ["100", "200"])],
                 ["eq1_mbps", "ciw_pipelined_mbps"])


def write_sweep_page() -> None:
    """Run (or resume) the example sweep into ``_build/sweeps/example`` and write ``book/sweeping.md``.

    The sweep resumes: points already run with the same parameters and code are not run again, so a
    rebuild with no change costs nothing.
    """
    from mmbook import sweep

    chapter, grids, metrics = SWEEP_EXAMPLE
    spec = params_mod.load_chapter(chapter)
    missing = [m for m in metrics if m not in spec.headline]
    out = paths.build_dir() / "sweeps" / "example"
    page = paths.project_root() / "book" / "sweeping.md"
    key = hashlib.sha256(f"{chapter_cache_key(spec)}|{grids}|{metrics}".encode()).hexdigest()
    key_file = out / ".page-key"
    if page.is_file() and key_file.is_file() and key_file.read_text().strip() == key:
        return  # nothing the page shows has changed
    points = sweep.grid_points(spec, grids, {})
    if out.exists() and sweep.difference_from_earlier(chapter, points, out):
        shutil.rmtree(out)  # the example's grid (or its seeds) changed: its earlier points are not this page's
    print(f"example sweep of {chapter} ({len(points)} points, resumed where done) ...", file=sys.stderr)
    summary = sweep.run_sweep(chapter, points, out, workers=min(2, sweep.max_workers()), resume=out.exists(),
                              plot=metrics, progress=False)
    if summary["failed"]:
        raise RuntimeError(f"the example sweep failed at {summary['failed']}; see {out / 'index.html'}")
    _write_if_changed(page, sweep_page(out, spec, grids, metrics, missing))
    figure = paths.project_root() / "book" / "_static" / "sweep-example.png"
    _copy_if_changed(out / "plot.png", figure)
    key_file.write_text(key + "\n")


def sweep_page(out: Path, spec: params_mod.ChapterSpec, grids: list, metrics: list[str],
               missing: list[str]) -> str:
    """The page "Sweeping a chapter": the command, the table and the plot of the sweep run at build time."""
    import pandas as pd

    from mmbook import sweep
    from mmperf.tables import show_table

    frame = pd.read_csv(out / "results.csv")
    varied = [n for n, _ in grids]
    table = frame[[*varied, *[m for m in metrics if m in frame.columns]]].sort_values(varied)
    units = {n: spec.parameters[n].unit for n in varied if spec.parameters[n].unit}
    grid_args = " ".join(f"--grid {n}={','.join(v)}" for n, v in grids)
    sweep.plot_png(out, spec, varied, metrics[0])
    return f"""# Sweeping a chapter

A reader asks one what-if with `mmbook run`; a course or a study asks how a result moves across a range.
`mmbook sweep` runs a chapter at many parameter points, on this machine or on a Dask cluster, and gathers
the results in one table.

## The sweep this page ran

When the book was built, this command ran the chapter *{spec.title}* at {len(frame)} points:

```bash
mmbook sweep {spec.name} {grid_args} --output runs/sweep-example
```

Each point is an ordinary chapter run (its own process, its own kernel), so its random numbers are its
own; a chapter with a `seed` parameter gets a seed derived from the base seed and the point's parameters,
so the numbers do not depend on the order of the points or on the number of workers. The results
(`results.csv`, one row per point):

{show_table(table, units=units).to_html()}

```{{figure}} _static/sweep-example.png
:alt: {metrics[0]} against {varied[0]} for each value of {', '.join(varied[1:]) or 'the other parameters'}
:width: 90%

`{metrics[0]}` against `{varied[0]}`, one line per value of `{varied[1] if len(varied) > 1 else varied[0]}`,
from the sweep above (seaborn, the book's style).
```

## The output folder

- `points/<id>/`: each point's run folder (notebook, standalone page, figures, tables, `results.json`);
- `manifest.jsonl`: one line per point: parameters, seed, status, duration, package versions, and for a
  failed point the failing cell and the error;
- `results.csv`: one row per point, the parameters then the metrics (empty where a metric is undefined at
  that point), sorted by point id: the same sweep gives a byte-identical file wherever it ran;
- `index.html`: failures and plots of the chapter's headline metrics (or those named with `--plot`)
  against the swept parameters, faceted by the others.

A failed point does not stop the others; `mmbook sweep` then exits with status 1 and lists the failed
points. Ctrl-C or SIGTERM stops the running points within seconds, keeps every finished point in
`manifest.jsonl` and says how many (exit status 130 or 143); `--resume` with the same options then runs
exactly the missing points (and those whose code changed). A resume whose points differ from the earlier
sweep's is refused, naming the difference; `--resume --force` runs the new points and keeps the earlier
rows. `mmbook compare RUN_A RUN_B` lists the metrics that differ between two runs (or, without
`RUN_B`, between a run and the book's default build), with both values and the relative change.

## A larger sweep for a course

A Latin hypercube of 40 points over two ranges of the Sharp chapter, two at a time:

```bash
mmbook sweep sharp --vary frame_rate_fps=10:30 --vary background_load=0:0.3 --sample 40 \
    --workers 2 --output runs/sharp-lhs
```

Expect about 40 chapter runs' worth of time divided by the workers (at most the machine's cores), a progress bar (points done, failed,
time left), and `runs/sharp-lhs/index.html` with the chapter's headline metrics against both parameters.
Students can then answer, from `results.csv` alone, at what frame rate and load the loss bound is crossed.

## On a Dask cluster

Start a scheduler on one machine and workers on the others (each with a clone of this repository and the
environment `make book` installs: the workers need the library and the data, not a shared file system),
then point the sweep at the scheduler:

```bash
dask scheduler                          # on the scheduler machine; prints tcp://HOST:8786
dask worker tcp://HOST:8786 --nworkers 4 --nthreads 1   # on each worker machine
mmbook sweep sharp --vary frame_rate_fps=10:30 --sample 200 --scheduler tcp://HOST:8786 --output runs/big
```

Each task carries the chapter's notebook and parameter specification and returns its run folder, so the
results land in `runs/big/` on the machine that started the sweep, and `results.csv` is the same as a
local run of the same sweep would give.
""" + ("" if not missing else f"\n(Metrics {missing} are not headline metrics of {spec.name}.)\n")


#: the engine's Sphinx side (what each page is written with): Sphinx rewrites only the pages whose sources
#: changed, so after a change here (say, how math is written) every page must be written again
RENDERER_MODULES = ("sphinxext", "mathml", "stylebundle")


def _renderer_files() -> list[Path]:
    return [Path(__file__).with_name(f"{name}.py") for name in RENDERER_MODULES]


def renderer_digest() -> str:
    """SHA-256 of the :data:`RENDERER_MODULES` sources, in that order (the stamp that decides ``--all``)."""
    digest = hashlib.sha256()
    for file in _renderer_files():
        digest.update(file.read_bytes())
    return digest.hexdigest()


def book_sources_digest() -> str:
    """Hash of everything Jupyter Book reads: the book's pages, the executed chapters, the configuration
    and the engine's Sphinx side (:data:`RENDERER_MODULES`). Equal to the last render's: nothing to render."""
    root = paths.project_root()
    files = sorted(p for p in (root / "book").rglob("*") if p.is_file())
    files += [root / "_config.yml", *_renderer_files()]
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.as_posix().encode())
        digest.update(file.read_bytes() if file.is_file() else b"<missing>")
    return digest.hexdigest()


def _state_files(part: str) -> list[Path]:
    """The files whose state :func:`build_state` records: ``"inputs"``, what the build reads (the library,
    the notebooks and their specifications, the data, the configuration and the pinned dependencies), or
    ``"outputs"``, what it writes and a no-op build would otherwise check (the book's pages, the executed
    chapters, the example sweep's key and the rendered book's stamp)."""
    root, out = paths.project_root(), paths.build_dir()
    if part == "inputs":
        # all three layers under lib/ (science, studies, engine), every file (a study's checks table too)
        files = [*Path(__file__).resolve().parents[1].rglob("*"), *(root / "notebooks").rglob("*"),
                 *(root / "data").rglob("*")]
        files += [root / "_config.yml", root / "requirements.lock", root / "pyproject.toml"]
    else:
        files = [*(root / "book").rglob("*"), *(out / "chapters").rglob("*")]
        files += [out / "sweeps" / "example" / ".page-key", out / "html" / ".mmbook-sources",
                  out / "html" / "index.html"]
    return sorted(f for f in files if "__pycache__" not in f.parts and ".egg-info" not in f.as_posix()
                  and not f.is_dir())


def build_state(part: str) -> str:
    """Hash of the path, size and modification time of every file of ``part`` (see :func:`_state_files`).

    Like make, it trusts modification times: reading 60 MB of executed notebooks and figures to find that
    nothing changed would cost more than the floor this no-op build must stay under. Any edit, copy, checkout
    or deletion changes the hash; a change it cannot see (a file rewritten with the same size and its old
    modification time restored) needs ``mmbook build --force``.
    """
    root = paths.project_root()
    digest = hashlib.sha256()
    for file in _state_files(part):
        try:
            st = file.stat()
            stamp = f"{st.st_size}:{st.st_mtime_ns}"
        except FileNotFoundError:
            stamp = "missing"
        name = file.relative_to(root).as_posix() if file.is_relative_to(root) else file.as_posix()
        digest.update(f"{name}\0{stamp}\n".encode())
    return digest.hexdigest()


def _unchanged_since_last_build(state_file: Path, inputs: str) -> bool:
    """True when the last build completed and neither its inputs nor its outputs changed since."""
    try:
        last = json.loads(state_file.read_text())
    except (OSError, ValueError):
        return False
    return last.get("inputs") == inputs and last.get("outputs") == build_state("outputs")


def write_status(outcomes: list[ChapterOutcome]) -> None:
    """``_build/build-status.json``: each chapter's status, time and whether it came from the cache."""
    # a cached chapter's seconds are those of its last real execution (see cached_outcome)
    status = [{"chapter": o.chapter, "status": o.status,
               "seconds": round(o.seconds, 1) if o.seconds is not None else None,
               "cached": o.status == "cached", "message": o.message} for o in outcomes]
    folder = paths.build_dir()
    folder.mkdir(parents=True, exist_ok=True)
    _write_if_changed(folder / "build-status.json", json.dumps(status, indent=1) + "\n")


def build(force: bool = False, jobs: int = 2, student: bool = False) -> list[ChapterOutcome]:
    """Execute stale chapters and render the HTML book into ``_build/html`` (``student``: also the
    edition without solutions into ``_build/student/html``). Nothing is rendered again when no input
    of the book changed, and when nothing the build reads or writes changed since the last complete
    build (see :func:`build_state`), nothing is run, written or even imported: the build stops at once."""
    start = time.perf_counter()
    state_file = paths.build_dir() / STATE_FILE
    inputs = build_state("inputs")
    if not force and not student and _unchanged_since_last_build(state_file, inputs):
        print(f"book up to date: nothing changed since the last build: {paths.build_dir() / 'html' / 'index.html'}",
              file=sys.stderr)
        return [cached_outcome(n) for n in json.loads(state_file.read_text())["chapters"]]
    state_file.unlink(missing_ok=True)  # a build that stops half-way leaves no claim to be complete
    names = params_mod.chapter_names()
    if not names:
        raise RuntimeError("no chapters found in notebooks/")
    outcomes = execute_chapters(names, force=force, jobs=jobs)
    failed = [o for o in outcomes if o.status == "failed"]
    if failed:
        raise RuntimeError("chapters failed:\n" + "\n".join(f"  - {o.message}" for o in failed))
    write_status(outcomes)
    assemble_book(names)
    write_sweep_page()
    _write_book_pages(names, outcomes)
    stamp = paths.build_dir() / "html" / ".mmbook-sources"
    digest = book_sources_digest()
    if not force and stamp.is_file() and stamp.read_text().strip() == digest:
        print("book up to date: nothing to render", file=sys.stderr)
    else:
        print("rendering the book with Jupyter Book ...", file=sys.stderr)
        toc = (paths.project_root() / "book" / "_toc.yml").read_text(encoding="utf-8")
        rendered_toc, renderer = stamp.with_name(".mmbook-toc"), stamp.with_name(".mmbook-renderer")
        code = renderer_digest()
        render_book(every_page=force or not rendered_toc.is_file() or rendered_toc.read_text(encoding="utf-8") != toc
                    or not renderer.is_file() or renderer.read_text(encoding="utf-8").strip() != code)
        rendered_toc.write_text(toc, encoding="utf-8")
        renderer.write_text(code + "\n", encoding="utf-8")
        stamp.write_text(digest + "\n")
    if student:
        _build_student()
    state_file.write_text(json.dumps({"inputs": inputs, "outputs": build_state("outputs"), "chapters": names}) + "\n")
    print(f"book built in {time.perf_counter() - start:.0f} s: {paths.build_dir() / 'html' / 'index.html'}",
          file=sys.stderr)
    return outcomes


def _write_book_pages(names: list[str], outcomes: list[ChapterOutcome]) -> None:
    """The reader's-edition pages (status, bibliography, instructor's page), when that module exists."""
    try:
        from mmbook import bookpages
    except ImportError:
        return
    if hasattr(bookpages, "write_book_pages"):
        bookpages.write_book_pages(names, outcomes)


def _build_student() -> None:
    try:
        from mmbook import bookpages
    except ImportError:
        raise RuntimeError("the student edition is not available in this version") from None
    print("rendering the student edition (no solutions) ...", file=sys.stderr)
    bookpages.build_student()
