"""Execute one chapter notebook with papermill.

:func:`run_chapter` validates the parameters, converts the MyST notebook with jupytext,
executes it with papermill in a temporary folder next to the destination, adds to the page what a
reader of this run must see first (warnings, the what-if banner, the "run this chapter yourself"
box), exports a standalone HTML page, and only then moves the files into place.

Safety rules:

- A bad parameter stops before anything is written.
- ``output_dir`` must be new, empty, or an earlier run of ``mmbook`` (marked by the file
  ``.mmbook-run.json``, which lists what the run wrote). Replacing an earlier run removes only the
  files it lists; anything else the user put there stays.
- A failing cell leaves ``OUTPUT.error.log`` (chapter, cell, traceback) and ``OUTPUT.failed.ipynb``
  (the notebook executed up to the failing cell) beside the output folder, which is left as it was;
  a later successful run into the same folder removes both.
- Ctrl-C (KeyboardInterrupt) and SIGTERM remove the partial work; the kernel is shut down by papermill.
  A work folder left by a killed run (``.NAME.xxxxxxxx.partial``) is removed by the next run into ``NAME``.
- One run at a time per output folder (:class:`OutputLock`); a second one stops with one line.
- A full disk while the run's files are written: one line, the partial work removed, nothing moved in.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mmbook import params as params_mod
from mmbook.adapter import (  # noqa: F401  (LocalKernelManager, kernel_command: re-exported for the benchmarks)
    LocalKernelManager,
    kernel_command,
    new_kernel_dir,
    papermill_execution_error,
    prestarted_engine,
    start_kernel,
    stop_kernel,
)
from mmbook.pages import PageTools, decorate_notebook, export_page_html
from mmbook.usercache import user_cached
from mmperf import paths

MARKER = ".mmbook-run.json"


class ChapterRunError(RuntimeError):
    """A cell of a chapter failed; ``log`` is the file holding the traceback."""

    def __init__(self, message: str, log: Path) -> None:
        super().__init__(message)
        self.log = log


class OutputError(ValueError):
    """The output folder cannot be used (not ours, not writable, inside the book's build)."""


@dataclass(frozen=True)
class RunResult:
    chapter: str
    output_dir: Path
    notebook: Path
    results: dict[str, Any]


def _is_inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _in_book_build(output_dir: Path) -> bool:
    """Whether ``output_dir`` is inside the book's own build of the chapters (``_build/chapters``)."""
    return _is_inside(output_dir, paths.build_dir() / "chapters")


def check_output_dir(output_dir: Path, allow_book_build: bool = False) -> None:
    """Refuse an output folder that ``mmbook`` must not write into, before anything runs.

    Raises
    ------
    OutputError
        a name longer than the file system allows, a symbolic link to nothing, inside the book's build
        folder ``_build/`` (``make book`` rewrites it and ``make clean`` deletes it; only the book's own
        build of the chapters may write there), a file, a non-empty folder that is not an earlier run, or
        a place this user cannot write.
    """
    limit = paths.name_max(output_dir.parent)
    too_long = [part for part in output_dir.parts if len(os.fsencode(part)) > limit]
    if too_long:  # checked first: the file system refuses even to look such a name up
        raise OutputError(f"--output: the name {too_long[0][:40]}... is {len(os.fsencode(too_long[0]))} bytes long; "
                          f"a file name may have at most {limit} bytes here")
    if output_dir.is_symlink() and not output_dir.exists():
        raise OutputError(f"--output {output_dir} is a symbolic link to {os.readlink(output_dir)}, which does not "
                          "exist; remove the link or choose another folder")
    in_book_build = _in_book_build(output_dir)
    if in_book_build and not allow_book_build:
        raise OutputError(f"--output {output_dir} is inside the book's default build "
                          f"({paths.build_dir() / 'chapters'}); choose another folder, e.g. runs/my-experiment")
    if _is_inside(output_dir, paths.build_dir()) and not (allow_book_build and in_book_build):
        raise OutputError(f"--output {output_dir} is inside the book's build folder ({paths.build_dir()}), which "
                          "`make clean` deletes; choose a folder outside it, e.g. runs/my-experiment")
    if output_dir.exists() and not output_dir.is_dir():
        raise OutputError(f"--output {output_dir} exists and is not a folder")
    own_book_build = allow_book_build and in_book_build
    if output_dir.is_dir() and any(output_dir.iterdir()) and not (output_dir / MARKER).is_file() \
            and not own_book_build:  # the book's own build folders are mmbook's, marked or not
        raise OutputError(f"--output {output_dir} is a non-empty folder that mmbook did not write (no {MARKER}); "
                          "refusing to write into it: choose a new or empty folder")
    parent = _existing_ancestor(output_dir)
    if not os.access(parent, os.W_OK | os.X_OK) or (output_dir.is_dir() and not os.access(output_dir, os.W_OK)):
        raise OutputError(f"--output {output_dir}: cannot write there (permission denied on "
                          f"{output_dir if output_dir.is_dir() else parent})")



def _existing_ancestor(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate if candidate.is_dir() else candidate.parent
    return Path("/")


def notebook_from_myst(source: Path):
    """Read a MyST markdown notebook as an nbformat notebook (in memory)."""
    import jupytext

    nb = jupytext.read(source)
    if not any("parameters" in c.get("metadata", {}).get("tags", []) for c in nb.cells):
        raise ValueError(f"{source} has no cell tagged 'parameters'")
    return nb




def write_source_notebook(source: Path, target: Path) -> None:
    """Write the MyST notebook ``source`` as the ``.ipynb`` papermill executes.

    The conversion is cached per user, beside the simulation cache (``notebooks/``), under a hash of the
    notebook's text and the jupytext version: importing jupytext and converting cost about 0.4 s of every
    run, and a re-run with other parameters converts the same text.
    """
    from importlib.metadata import version

    def convert(path: Path) -> None:
        import nbformat

        nbformat.write(notebook_from_myst(source), path)

    parts = [source.read_bytes(), b"\0jupytext " + version("jupytext").encode()]
    target.write_bytes(user_cached("notebooks", source.stem, ".ipynb", parts, convert))


def run_chapter(name: str, overrides: dict[str, Any] | None = None, output_dir: Path | str | None = None,
                *, allow_book_build: bool = False, progress: bool = False, student: bool = False) -> RunResult:
    """Execute chapter ``name`` with ``overrides`` into ``output_dir``.

    ``student``: the run's notebook, page and source carry no solution (see
    :func:`mmbook.bookpages.student_notebook`); the run is refused, nothing kept, if any file of it
    still shows one (:func:`mmbook.bookpages.solution_leaks`).

    Writes ``NAME.ipynb`` (executed), ``NAME.html`` (standalone page), ``NAME.md`` (the source),
    ``figures/`` (PNG and SVG), ``tables/`` (CSV), ``results.json``, ``coverage.json`` and the
    marker ``.mmbook-run.json``.

    Raises
    ------
    mmbook.params.ParameterError
        before anything runs, for an unknown name, a wrong type or an out-of-range value.
    OutputError
        before anything runs, for an output folder mmbook must not write into.
    ChapterRunError
        when a cell fails; the output folder is untouched and the log path is given.
    """
    spec = params_mod.load_chapter(name)
    values = spec.resolve(overrides)
    output_dir = Path(output_dir) if output_dir else paths.project_root() / "runs" / name
    output_dir = output_dir.absolute()
    check_output_dir(output_dir, allow_book_build)
    try:
        output_dir.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"--output {output_dir}: cannot create {output_dir.parent} ({exc.strerror})") from None
    with OutputLock(output_dir):
        remove_stale_partials(output_dir)
        check_output_dir(output_dir, allow_book_build)  # again: another run may have finished meanwhile
        try:
            return _run_locked(name, spec, values, output_dir, allow_book_build, progress, student)
        except OSError as exc:  # a full disk while writing: one line, nothing half-written
            if exc.errno not in _WRITE_ERRNOS:
                raise
            raise _write_error(output_dir, exc) from None


def _unusable_cache() -> bool:
    from mmperf.simcache import usable_cache_dir

    return not os.environ.get("MMPERF_NO_SIMCACHE") and usable_cache_dir() is None


#: errors of writing the run's files that are the place's, not the program's: said in one line
_WRITE_ERRNOS = (errno.ENOSPC, errno.EDQUOT, errno.EROFS)


def _write_error(output_dir: Path, exc: OSError) -> OutputError:
    why = "the disk is full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else (exc.strerror or str(exc))
    where = f" ({exc.filename})" if exc.filename else ""
    return OutputError(f"--output {output_dir}: cannot write the run ({why}{where}); nothing was kept")


def _run_locked(name: str, spec: params_mod.ChapterSpec, values: dict[str, Any], output_dir: Path,
                allow_book_build: bool, progress: bool, student: bool = False) -> RunResult:
    """:func:`run_chapter` once the output folder is checked and locked."""
    work = Path(tempfile.mkdtemp(prefix=f".{output_dir.name}.", suffix=".partial", dir=output_dir.parent))
    kernel_dir = new_kernel_dir()
    executed = work / f"{name}.ipynb"
    os.environ["MMPERF_KERNEL_DIR"] = str(kernel_dir)
    # One BLAS thread per kernel: chapters and sweep points already run in parallel processes, and
    # BLAS threads on top of them only contend for the same cores (a user's own setting wins).
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    os.environ.setdefault("MMPERF_ROOT", str(paths.project_root()))
    # The kernel draws each figure's PNG and SVG in a forked process and shows a stand-in, which
    # decorate_notebook replaces with the PNG: the figures cost the notebook only their layout.
    os.environ["MMPERF_DEFER_FIGURES"] = "1"
    # A cache folder that cannot be used is said once, here, and the kernel runs without it (instead of
    # finding out, and saying so, again).
    no_cache = _unusable_cache() and "MMPERF_NO_SIMCACHE" not in os.environ
    if no_cache:
        os.environ["MMPERF_NO_SIMCACHE"] = "1"
    km = None
    try:
        # The kernel is launched first and boots (about half a second) while the rest is prepared.
        km = start_kernel(spec.notebook.parent)
        import papermill as pm

        source = work / f"{name}.source.ipynb"
        write_source_notebook(spec.notebook, source)
        page_tools = PageTools(spec, allow_book_build)  # prepared on the other core while the kernel runs
        pm.execute_notebook(
            str(source), str(executed), parameters={**values, "output_dir": str(work)},
            kernel_name="python3", cwd=str(spec.notebook.parent), progress_bar=progress,
            report_mode=False, engine_name=prestarted_engine(), km=km,
            request_save_on_cell_execute=False,  # one save at the end, not one per cell
            # The kernel is stopped at once when the last cell is done: a graceful shutdown waits for
            # exit handlers that have nothing to do (ch.save() has waited for every figure file).
            shutdown_kernel="immediate",
        )
        source.unlink()
    except papermill_execution_error() as exc:  # evaluated only when an exception is raised
        log = _write_failure_log(output_dir, name, exc)
        failed_nb = output_dir.parent / f"{output_dir.name}.failed.ipynb"
        if executed.is_file():
            shutil.move(str(executed), failed_nb)
        shutil.rmtree(work, ignore_errors=True)
        first_line = next((ln for ln in (exc.source or "").splitlines() if ln.strip()), "")
        raise ChapterRunError(
            f"chapter {name!r} failed in cell [{exc.exec_count}] `{first_line[:60]}` "
            f"({exc.ename}: {exc.evalue}); traceback in {log}, notebook up to the failing cell in {failed_nb}",
            log) from None
    except BaseException as exc:
        shutil.rmtree(work, ignore_errors=True)
        if type(exc).__name__ == "DeadKernelError":  # nbclient: the kernel process died mid-run
            log = _write_failure_log(output_dir, name, exc)
            raise ChapterRunError(f"chapter {name!r}: the kernel died during the run (killed, e.g. for using too "
                                  f"much memory: see `dmesg`); log in {log}", log) from None
        raise
    finally:
        stop_kernel(km)
        shutil.rmtree(kernel_dir, ignore_errors=True)
        os.environ.pop("MMPERF_KERNEL_DIR", None)
        os.environ.pop("MMPERF_DEFER_FIGURES", None)
        if no_cache:
            os.environ.pop("MMPERF_NO_SIMCACHE", None)
    # The notebook wrote figures and results into the work folder; add what the reader sees first and
    # the HTML page, then move the whole run into place.
    try:
        if not (work / "results.json").is_file():
            raise RuntimeError(f"chapter {name!r} did not write results.json (does it call ch.save()?)")
        results = json.loads((work / "results.json").read_text())
        shutil.copy2(spec.notebook, work / f"{name}.md")
        markers = _strip_solutions(name, spec, work, executed) if student else None
        box, exporter = page_tools.result()
        decorated = decorate_notebook(executed, spec, values, results, book=allow_book_build, run_box_html=box)
        export_page_html(decorated, work / f"{name}.html", spec, results, exporter)
        if markers is not None:
            _refuse_leaks(name, work, markers)
        written = sorted(p.relative_to(work).as_posix() for p in work.rglob("*") if p.is_file())
        (work / MARKER).write_text(json.dumps({"chapter": name, "files": written}, indent=1) + "\n")
        _move_into_place(work, output_dir, book_build=allow_book_build and _in_book_build(output_dir))
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    for stale in (output_dir.parent / f"{output_dir.name}.error.log",
                  output_dir.parent / f"{output_dir.name}.failed.ipynb"):
        stale.unlink(missing_ok=True)
    return RunResult(name, output_dir, output_dir / f"{name}.ipynb", results)


#: the hidden work folder of a run into ``NAME`` (tempfile.mkdtemp's eight random characters)
def _strip_solutions(name: str, spec: params_mod.ChapterSpec, work: Path, executed: Path) -> list:
    """The student edition of a run: the markers of its solutions (from the executed notebook, before
    stripping), then the notebook and the source without them."""
    from mmbook import bookpages

    markers = bookpages.solution_markers(name, spec.notebook.read_text(encoding="utf-8"), executed)
    nb = bookpages.student_notebook(json.loads(executed.read_text(encoding="utf-8")),
                                    frozenset(entry["glue"] for entry in spec.answers.values()))
    executed.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    source = work / f"{name}.md"
    source.write_text(bookpages.strip_solutions(source.read_text(encoding="utf-8")), encoding="utf-8")
    return markers


def _refuse_leaks(name: str, work: Path, markers: list) -> None:
    from mmbook import bookpages

    leaks = bookpages.solution_leaks(work, [name], markers)
    if leaks:
        raise RuntimeError(f"chapter {name!r}: the student run still shows {len(leaks)} solution(s), nothing "
                           "was kept: " + "; ".join(leaks[:3]))


def _partial_pattern(output_dir: Path):
    import re

    return re.compile(rf"\.{re.escape(output_dir.name)}\.[a-z0-9_]{{8}}\.partial")


def remove_stale_partials(output_dir: Path) -> list[Path]:
    """Remove the hidden work folders (``.NAME.xxxxxxxx.partial``) that earlier runs into ``output_dir``
    left when they were killed (SIGKILL, a power cut); return them. Called with the output's lock held,
    so no running run owns one of them."""
    pattern = _partial_pattern(output_dir)
    stale = [p for p in output_dir.parent.iterdir() if p.is_dir() and pattern.fullmatch(p.name)] \
        if output_dir.parent.is_dir() else []
    for folder in stale:
        shutil.rmtree(folder, ignore_errors=True)
    return stale


class OutputLock:
    """An exclusive lock on an output folder, held for the whole run: two ``mmbook run`` into the same
    ``--output`` at once would each say "done" while the last writer wins.

    The lock is ``flock`` on the hidden file ``.NAME.lock`` beside the folder, holding the owner's process
    id; it is released (and the file removed) when the run ends, however it ends, and the kernel releases
    it if the process is killed. A second run does not wait: it stops at once with one line naming the
    running one.
    """

    def __init__(self, output_dir: Path) -> None:
        self.path = output_dir.parent / f".{output_dir.name}.lock"
        self.output_dir = output_dir
        self.fd: int | None = None

    def __enter__(self) -> OutputLock:
        import fcntl

        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise OutputError(f"--output {self.output_dir}: cannot create the lock file {self.path} "
                                  f"({exc.strerror})") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                owner = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                os.close(fd)
                raise OutputError(f"--output {self.output_dir} is being written by another mmbook run (process "
                                  f"{owner}); wait for it to finish or choose another folder") from None
            # The file may have been removed by the run that held it, between our open and our lock:
            # then the lock is on a file nobody else will see, and we try again.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self.fd = fd
        return self

    def __exit__(self, *exc_info: Any) -> None:
        if self.fd is not None:
            self.path.unlink(missing_ok=True)  # removed while still locked, so no one locks a stale file
            os.close(self.fd)
            self.fd = None
















def _move_into_place(work: Path, output_dir: Path, book_build: bool = False) -> None:
    """Replace an earlier run's own files (only those its marker lists) with the new run's. A folder of
    the book's own build written before runs were marked is replaced whole (it is mmbook's)."""
    if book_build and output_dir.is_dir() and not (output_dir / MARKER).is_file():
        shutil.rmtree(output_dir)
    if not output_dir.exists():
        work.rename(output_dir)
        return
    marker = output_dir / MARKER
    if marker.is_file():
        for rel in json.loads(marker.read_text()).get("files", []):
            target = output_dir / rel
            if target.is_file() and _is_inside(target, output_dir):
                target.unlink()
        marker.unlink()
        for folder in sorted((p for p in output_dir.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
            if not any(folder.iterdir()):
                folder.rmdir()
    for item in sorted(work.rglob("*")):
        if item.is_file():
            target = output_dir / item.relative_to(work)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(item, target)
    shutil.rmtree(work, ignore_errors=True)






# -- what the reader of a run sees first ---------------------------------------------------------------

















def _write_failure_log(output_dir: Path, name: str, exc: Exception) -> Path:
    log = output_dir.parent / f"{output_dir.name}.error.log"
    text = [f"chapter: {name}", f"cell (execution count): {getattr(exc, 'exec_count', '?')}",
            f"error: {getattr(exc, 'ename', type(exc).__name__)}: {getattr(exc, 'evalue', exc)}", "",
            "\n".join(getattr(exc, "traceback", []) or traceback.format_exception(exc))]
    log.write_text("\n".join(_strip_ansi(t) for t in text), encoding="utf-8")
    return log


def _strip_ansi(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)




