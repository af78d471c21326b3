"""Build the whole book: execute every chapter (cached, in parallel), then render with Jupyter Book.

A chapter is re-executed only when its cache key changes: a hash of its notebook, its
parameter specification, the ``mmperf`` library, its data folders and the pinned
dependencies. Executed notebooks are copied into ``book/chapters/``, the table of contents
and the book-level scorecard page are generated, and Jupyter Book renders the executed
notebooks (without executing them again) with warnings treated as errors.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import yaml

from mmperf import params as params_mod
from mmperf import paths

CACHE_KEY_FILE = ".cache-key"
STATIC_PAGES = ("book/intro", "book/using", "book/teaching")


@dataclass(frozen=True)
class ChapterOutcome:
    chapter: str
    status: str  # "cached", "executed", "failed"
    seconds: float
    message: str = ""


def chapter_cache_key(spec: params_mod.ChapterSpec) -> str:
    """Hash of everything a chapter's default output depends on."""
    root = paths.project_root()
    files = [spec.notebook, spec.notebook.with_suffix(".yml"), root / "requirements.lock", root / "pyproject.toml"]
    files += sorted((root / "lib" / "mmperf").rglob("*.py"))
    for study in spec.data:
        files += sorted(p for p in (root / "data" / study).rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.relative_to(root).as_posix().encode())
        digest.update(file.read_bytes() if file.is_file() else b"<missing>")
    return digest.hexdigest()


def is_up_to_date(spec: params_mod.ChapterSpec) -> bool:
    folder = paths.default_chapter_dir(spec.name)
    key_file = folder / CACHE_KEY_FILE
    return (key_file.is_file() and (folder / "results.json").is_file()
            and key_file.read_text().strip() == chapter_cache_key(spec))


def _execute_default(name: str) -> ChapterOutcome:
    """Run one chapter with its defaults into the book's build (in a worker process)."""
    from mmperf.runner import ChapterRunError, run_chapter

    start = time.perf_counter()
    spec = params_mod.load_chapter(name)
    key = chapter_cache_key(spec)
    try:
        run_chapter(name, None, paths.default_chapter_dir(name), allow_book_build=True)
    except ChapterRunError as exc:
        return ChapterOutcome(name, "failed", time.perf_counter() - start, str(exc))
    (paths.default_chapter_dir(name) / CACHE_KEY_FILE).write_text(key + "\n")
    return ChapterOutcome(name, "executed", time.perf_counter() - start)


def execute_chapters(names: list[str], force: bool = False, jobs: int = 2) -> list[ChapterOutcome]:
    """Execute the stale chapters in parallel processes, with a progress bar."""
    from tqdm import tqdm

    specs = {n: params_mod.load_chapter(n) for n in names}
    outcomes = [ChapterOutcome(n, "cached", 0.0) for n in names if not force and is_up_to_date(specs[n])]
    stale = [n for n in names if force or not is_up_to_date(specs[n])]
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
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in names:
        shutil.copy2(paths.default_chapter_dir(name) / f"{name}.ipynb", target / f"{name}.ipynb")
    (root / "book" / "_toc.yml").write_text(toc_yaml(names), encoding="utf-8")
    (root / "book" / "scorecard.md").write_text(scorecard_page(names), encoding="utf-8")


def toc_yaml(names: list[str]) -> str:
    toc = {
        "format": "jb-book",
        "root": STATIC_PAGES[0],
        "parts": [
            {"caption": "Using this book", "chapters": [{"file": p} for p in STATIC_PAGES[1:]]},
            # Numbered, so that figures read "Fig. 2.3" (chapter 2) rather than counting across the book.
            {"caption": "The studies", "numbered": True,
             "chapters": [{"file": f"book/chapters/{n}"} for n in names]},
            {"caption": "Reproduction", "chapters": [{"file": "book/scorecard"}]},
        ],
    }
    return "# Generated by `mmbook build`; do not edit.\n" + yaml.safe_dump(toc, sort_keys=False)


def _cell(value) -> str:
    if isinstance(value, float):
        value = f"{value:.4g}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def scorecard_page(names: list[str]) -> str:
    """The book-level page gathering every chapter's scorecard and coverage, with totals."""
    from mmperf.checks import COVERAGE_CATEGORIES, STATUSES

    totals = {s: 0 for s in STATUSES}
    sections, summary = [], []
    for name in names:
        folder = paths.default_chapter_dir(name)
        results = json.loads((folder / "results.json").read_text())
        coverage = json.loads((folder / "coverage.json").read_text())
        counts = {s: sum(c["status"] == s for c in results["checks"]) for s in STATUSES}
        for s in STATUSES:
            totals[s] += counts[s]
        cov_counts = {c: sum(i["category"] == c for i in coverage["items"]) for c in COVERAGE_CATEGORIES}
        link = f"[{coverage['title']}](chapters/{name}.ipynb)"
        summary.append(f"| {link} | " + " | ".join(str(counts[s]) for s in STATUSES)
                       + f" | {len(coverage['items'])} |")
        rows = "\n".join(
            f"| {_cell(c['what'])} | {_cell(c['where'])} | {_cell(c['paper'])} | {_cell(c['ours'])} | "
            f"{_cell(c['tolerance'])} | {c['kind']} | {c['role']} | {c['status']} |"
            for c in results["checks"])
        cov = ", ".join(f"{v} {k}" for k, v in cov_counts.items() if v)
        sections.append(
            f"## {coverage['title']}\n\nCoverage of the study's tables and figures: {cov}.\n\n"
            "| what | where | paper | ours | tolerance | kind | role | status |\n"
            "|---|---|---|---|---|---|---|---|\n" + rows + "\n")
    header = " | ".join(STATUSES)
    total_line = "| **all chapters** | " + " | ".join(f"**{totals[s]}**" for s in STATUSES) + " | |"
    return (
        "# Reproduction scorecard\n\n"
        "Every number each chapter compares with its study, gathered from the chapters' `results.json`\n"
        "files written when the book was built. *Paper* is the value printed in the seed, *ours* is computed\n"
        "in that build. A *check* is independent evidence; a *target* is a value the model was calibrated\n"
        "to, so meeting it proves nothing by itself. Mismatches are shown, and each chapter explains them.\n\n"
        f"| chapter | {header} | tables & figures covered |\n"
        f"|---|{'---|' * len(STATUSES)}---|\n" + "\n".join(summary) + "\n" + total_line + "\n\n"
        + "\n".join(sections)
    )


def render_book(strict: bool = True) -> None:
    """Run Jupyter Book on the assembled sources (offline; no notebook execution)."""
    root = paths.project_root()
    exe = Path(sys.executable).parent / "jupyter-book"
    cmd = [str(exe), "build", str(root), "--toc", str(root / "book" / "_toc.yml"), "--path-output",
           str(root), "--keep-going"]
    if strict:
        cmd.append("-W")
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    log = paths.build_dir() / "jupyter-book.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(proc.stdout + "\n" + proc.stderr, encoding="utf-8")
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
        raise RuntimeError(f"jupyter-book build failed (exit {proc.returncode}); full log: {log}\n{tail}")


def build(force: bool = False, jobs: int = 2) -> list[ChapterOutcome]:
    """Execute stale chapters and render the HTML book into ``_build/html``."""
    names = params_mod.chapter_names()
    if not names:
        raise RuntimeError("no chapters found in notebooks/")
    start = time.perf_counter()
    outcomes = execute_chapters(names, force=force, jobs=jobs)
    failed = [o for o in outcomes if o.status == "failed"]
    if failed:
        raise RuntimeError("chapters failed:\n" + "\n".join(f"  - {o.message}" for o in failed))
    assemble_book(names)
    print("rendering the book with Jupyter Book ...", file=sys.stderr)
    render_book()
    print(f"book built in {time.perf_counter() - start:.0f} s: {paths.build_dir() / 'html' / 'index.html'}",
          file=sys.stderr)
    return outcomes
