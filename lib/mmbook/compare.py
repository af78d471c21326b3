"""``mmbook compare A [B]``: what changed in run A relative to run B (B omitted: the book's default build).

The change of a metric is ``(A - B) / |B|``: positive when A's value is larger than B's. A is the run
being looked at (``runs/faster-bus``), B what it is compared with, so a faster bus that raises the
throughput shows as a positive change. The header of the table says so.

Every bad input is one line naming the path and what is wrong (:class:`CompareError`, exit status 2): a
missing folder, a file where a run folder is expected, a folder without ``results.json``, a malformed or
unreadable ``results.json``, two runs of different chapters, and for ``--output`` an existing file (never
overwritten), a folder, a missing parent folder, a name too long, a place that cannot be written or a full
disk (nothing half-written is left).
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
from pathlib import Path
from typing import Any

from mmperf import paths

#: the direction of the change column, printed in the header and used by the CSV
CHANGE = "(A - B) / |B|"


class CompareError(ValueError):
    """Bad input to ``mmbook compare`` (exit status 2)."""


def read_results(folder: Path | str, label: str = "run") -> dict[str, Any]:
    """The ``results.json`` of a run folder, checked enough to compare it.

    Raises
    ------
    CompareError
        one line naming the folder or file: missing, not a folder, no ``results.json``, unreadable,
        not JSON, or without a ``metrics`` mapping.
    """
    folder = Path(folder)
    if not folder.exists():
        raise CompareError(f"{label} {folder} does not exist; give a folder written by `mmbook run`")
    if not folder.is_dir():
        raise CompareError(f"{label} {folder} is a file, not a run folder; give a folder written by `mmbook run`")
    file = folder / "results.json"
    if not file.is_file():
        raise CompareError(f"{label} {folder} is not a run folder (no results.json)")
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CompareError(f"{file} cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        results = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CompareError(f"{file} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(results, dict) or not isinstance(results.get("metrics"), dict) \
            or not isinstance(results.get("undefined") or {}, dict):
        raise CompareError(f"{file} is not the results of a chapter run (no 'metrics' mapping)")
    return results


def chapter_of(folder: Path, results: dict[str, Any]) -> str | None:
    """The chapter a run folder belongs to: ``results.json``'s ``chapter``, else the run marker's."""
    if isinstance(results.get("chapter"), str):
        return results["chapter"]
    marker = Path(folder) / ".mmbook-run.json"
    try:
        return json.loads(marker.read_text(encoding="utf-8")).get("chapter")
    except (OSError, ValueError, AttributeError):
        return None


def relative_change(a: float, b: float) -> float | None:
    """``(a - b) / |b|``, the change of A relative to B; ``None`` when B is zero.

    Examples
    --------
    >>> relative_change(460.0, 230.0), relative_change(1.0, 2.0), relative_change(-1.0, -2.0)
    (1.0, -0.5, 0.5)
    >>> relative_change(1.0, 0.0) is None
    True
    """
    return (a - b) / abs(b) if b != 0 else None


def compare_runs(run_a: Path | str, run_b: Path | str | None = None,
                 rel_tol: float = 1e-9) -> tuple[list[dict[str, Any]], Path]:
    """The metrics that differ between run A and run B, and the folder used as B.

    Each row holds ``metric``, ``a``, ``b`` (a number, or ``"undefined"``) and ``change``
    (:func:`relative_change`, ``None`` where it is not defined). B omitted is the book's default build of
    A's chapter.

    Raises
    ------
    CompareError
        for a bad folder (see :func:`read_results`), a missing default build, or two different chapters.
    """
    a = read_results(run_a, "A:")
    chapter_a = chapter_of(Path(run_a), a)
    if run_b is None:
        if not chapter_a:
            raise CompareError(f"cannot tell which chapter {run_a} is a run of; give B explicitly")
        run_b = paths.default_chapter_dir(chapter_a)
        if not (run_b / "results.json").is_file():
            raise CompareError(f"no default build of {chapter_a!r} to compare with ({run_b}; run `make book` "
                               "first) or give B explicitly")
    b = read_results(run_b, "B:")
    chapter_b = chapter_of(Path(run_b), b)
    if chapter_a and chapter_b and chapter_a != chapter_b:
        raise CompareError(f"A ({run_a}) is a run of {chapter_a!r} and B ({run_b}) of {chapter_b!r}: "
                           "compare two runs of the same chapter")
    rows = []
    undefined_a, undefined_b = a.get("undefined") or {}, b.get("undefined") or {}
    for name in sorted(set(a["metrics"]) | set(b["metrics"]) | set(undefined_a) | set(undefined_b)):
        va, vb = _number(a["metrics"].get(name)), _number(b["metrics"].get(name))
        if va is None or vb is None:
            if (va is None) != (vb is None):
                rows.append({"metric": name, "a": "undefined" if va is None else va,
                             "b": "undefined" if vb is None else vb, "change": None})
            continue
        if abs(va - vb) > rel_tol * max(abs(va), abs(vb), 1e-300):
            rows.append({"metric": name, "a": va, "b": vb, "change": relative_change(va, vb)})
    return rows, Path(run_b)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def format_comparison(rows: list[dict[str, Any]], a: str, b: str) -> str:
    """Plain-text table of :func:`compare_runs` rows, the direction of the change in its header.

    Examples
    --------
    >>> print(format_comparison([{"metric": "mbps", "a": 75.0, "b": 60.0, "change": 0.25}], "runs/x", "default"))
    A = runs/x
    B = default
    change = (A - B) / |B|: positive when A is larger
    metric                                                A              B    change
    mbps                                                 75             60   +25.0 %
    """
    if not rows:
        return f"no metric differs between A = {a} and B = {b}"
    from mmperf.tables import signed

    def fmt(v: Any) -> str:
        return f"{v:.6g}" if isinstance(v, float) else str(v)
    lines = [f"A = {a}", f"B = {b}", f"change = {CHANGE}: positive when A is larger",
             f"{'metric':40s} {'A':>14s} {'B':>14s} {'change':>9s}"]
    for r in rows:
        change = "—" if r["change"] is None else f"{signed(100 * r['change'], 1)} %"
        lines.append(f"{r['metric']:40s} {fmt(r['a']):>14s} {fmt(r['b']):>14s} {change:>9s}")
    return "\n".join(lines)


def comparison_csv(rows: list[dict[str, Any]]) -> str:
    """The rows as CSV text: ``metric,A,B,change (A - B) / |B|``.

    Examples
    --------
    >>> print(comparison_csv([{"metric": "mbps", "a": 75.0, "b": 60.0, "change": 0.25}]), end="")
    metric,A,B,change (A - B) / |B|
    mbps,75.0,60.0,0.25
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["metric", "A", "B", f"change {CHANGE}"])
    for r in rows:
        writer.writerow([r["metric"], r["a"], r["b"], "" if r["change"] is None else r["change"]])
    return buffer.getvalue()


def check_new_file(target: Path, option: str = "--output") -> None:
    """Refuse a file ``mmbook compare`` must not write: an existing file or folder (compare never
    overwrites), a missing parent folder, a name longer than the file system allows, a parent that
    cannot be written.

    Raises
    ------
    CompareError
        one line naming the option and the path.
    """
    parent = target.parent
    limit = paths.name_max(parent)
    if len(os.fsencode(target.name)) > limit:  # checked first: stat() of such a name fails itself
        raise CompareError(f"{option} {target}: the name is longer than the {limit} bytes a file name may have")
    if target.is_symlink() or target.exists():
        kind = "a folder" if target.is_dir() else "a file that exists"
        raise CompareError(f"{option} {target} is {kind}; compare never overwrites: give a new file name")
    if not parent.is_dir():
        raise CompareError(f"{option} {target}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CompareError(f"{option} {target}: cannot write in {parent} (permission denied)")



def write_new_file(target: Path, text: str, option: str = "--output") -> None:
    """Write ``text`` to ``target``, which must not exist, whole or not at all.

    The text goes to a hidden partial file beside ``target``, linked into place only when complete
    (``os.link`` fails rather than replace a file that appeared meanwhile); on any error, a full disk
    included, the partial file is removed and one line says what happened.

    Raises
    ------
    CompareError
        for a refused target (:func:`check_new_file`) or a failed write.
    """
    check_new_file(target, option)
    partial = target.with_name(f".{target.name[:200]}.{os.getpid()}.partial")
    try:
        with partial.open("x", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.link(partial, target)
    except FileExistsError:
        raise CompareError(f"{option} {target} appeared while writing; compare never overwrites") from None
    except OSError as exc:
        why = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc))
        raise CompareError(f"{option} {target}: cannot write ({why}); nothing was written") from None
    finally:
        partial.unlink(missing_ok=True)
