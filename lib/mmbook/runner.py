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
import html
import json
import os
import shutil
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mmbook import params as params_mod
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
    limit = _name_max(output_dir.parent)
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


def _name_max(folder: Path) -> int:
    """The longest file name (bytes) allowed in ``folder`` or its nearest existing ancestor; 255 if unknown."""
    for candidate in (folder, *folder.parents):
        try:
            return os.pathconf(candidate, "PC_NAME_MAX")
        except (OSError, ValueError):
            continue
    return 255


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


def _user_cached(folder: str, stem: str, suffix: str, parts: list[bytes], write) -> bytes:
    """The content of ``<per-user cache>/<folder>/<stem>-<hash of parts><suffix>``, made by ``write(path)``
    the first time (into a partial file moved into place: whole or not at all, so a concurrent run never
    reads half a file). The cache is the simulation cache's folder (:func:`mmperf.simcache.cache_dir`);
    where it cannot be used (said once by :func:`mmperf.simcache.usable_cache_dir`), or cannot be written,
    the file is made in a temporary folder and not kept."""
    import hashlib

    from mmperf.simcache import usable_cache_dir

    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    name = f"{stem}-{digest.hexdigest()[:40]}{suffix}"
    home = usable_cache_dir(folder)
    if home is not None and (home / name).is_file():
        return (home / name).read_bytes()
    if home is not None:
        partial = home / f".{name}.{os.getpid()}"
        try:
            write(partial)
            os.replace(partial, home / name)
            return (home / name).read_bytes()
        except OSError:  # a full or read-only cache: made again below, without it
            partial.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="mmbook-") as scratch:
        made = Path(scratch) / name
        write(made)
        return made.read_bytes()


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
    target.write_bytes(_user_cached("notebooks", source.stem, ".ipynb", parts, convert))


def run_chapter(name: str, overrides: dict[str, Any] | None = None, output_dir: Path | str | None = None,
                *, allow_book_build: bool = False, progress: bool = False) -> RunResult:
    """Execute chapter ``name`` with ``overrides`` into ``output_dir``.

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
            return _run_locked(name, spec, values, output_dir, allow_book_build, progress)
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
                allow_book_build: bool, progress: bool) -> RunResult:
    """:func:`run_chapter` once the output folder is checked and locked."""
    work = Path(tempfile.mkdtemp(prefix=f".{output_dir.name}.", suffix=".partial", dir=output_dir.parent))
    kernel_dir = _kernel_dir()
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
            report_mode=False, engine_name=_prestarted_engine(), km=km,
            request_save_on_cell_execute=False,  # one save at the end, not one per cell
            # The kernel is stopped at once when the last cell is done: a graceful shutdown waits for
            # exit handlers that have nothing to do (ch.save() has waited for every figure file).
            shutdown_kernel="immediate",
        )
        source.unlink()
    except _papermill_execution_error() as exc:  # evaluated only when an exception is raised
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
        box, exporter = page_tools.result()
        decorated = decorate_notebook(executed, spec, values, results, book=allow_book_build, run_box_html=box)
        _export_html(decorated, work / f"{name}.html", spec, results, exporter)
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


def start_kernel(cwd: Path) -> LocalKernelManager:
    """Launch a Python kernel in ``cwd`` and return its manager without waiting for it to be ready
    (papermill's client waits for that)."""
    from jupyter_core.utils import run_sync

    km = LocalKernelManager(kernel_name="python3")
    km.kernel_spec.argv = kernel_command(km.kernel_spec.argv)
    run_sync(km.start_kernel)(cwd=str(cwd))
    return km


def kernel_command(argv: list[str]) -> list[str]:
    """The kernel specification's command with :mod:`mmbook.kernel` (ipykernel without its debugger) in
    place of ``ipykernel_launcher``, and IPython's history off: a chapter's cells are not the user's
    commands, and not opening the history database saves the kernel a twentieth of a second of start-up.
    A command that does not start ``ipykernel_launcher`` is left alone.

    Examples
    --------
    >>> kernel_command(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"])
    ['python', '-m', 'mmbook.kernel', '-f', '{connection_file}', '--HistoryManager.enabled=False']
    >>> kernel_command(["R", "--slave", "-e", "IRkernel::main()", "--args", "{connection_file}"])[0]
    'R'
    """
    if argv[1:3] != ["-m", "ipykernel_launcher"]:
        return argv
    return [argv[0], "-m", "mmbook.kernel", *argv[3:], "--HistoryManager.enabled=False"]


def stop_kernel(km: LocalKernelManager | None) -> None:
    """Kill the kernel of ``km`` if it still runs (after a normal run papermill's client has killed it
    already), wait for its process to end, and remove its connection file and sockets.

    The process is waited for directly: jupyter_client's own shutdown polls it every tenth of a second.
    """
    if km is None or not km.has_kernel:
        return
    from jupyter_core.utils import run_sync

    try:
        run_sync(km.provisioner.kill)()  # nothing happens to a process that has ended
        km.provisioner.process.wait(timeout=30)
    finally:
        run_sync(km.cleanup_resources)()


def _papermill_execution_error() -> type[Exception]:
    from papermill.exceptions import PapermillExecutionError

    return PapermillExecutionError


def _prestarted_engine() -> str:
    """The name of a papermill engine (registered on first use) that executes in a kernel the runner
    launched itself (engine argument ``km``), and stops that kernel when done, as papermill's own engine
    stops the kernels it starts."""
    from jupyter_core.utils import run_sync
    from papermill.clientwrap import PapermillNotebookClient
    from papermill.engines import NBClientEngine, papermill_engines
    from papermill.log import logger

    class Client(PapermillNotebookClient):
        async def _async_cleanup_kernel(self) -> None:
            """Kill the kernel (SIGKILL to its process group) and close the channels, without the tenth of a
            second jupyter_client waits for the process to be gone: :func:`stop_kernel` reaps it later.

            nbclient's pollers still pending (an interrupt leaves them so) are cancelled and awaited first:
            one that saw the kernel die would end the program with a stray "DeadKernelError" traceback.
            """
            import asyncio

            current = asyncio.current_task()
            others = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)
            try:
                if self.km is not None and self.km.has_kernel:
                    await self.km.provisioner.kill()
            finally:
                if self.kc is not None:
                    self.kc.stop_channels()
                    self.kc = None

        # nbclient's setup_kernel calls this name, bound to its own coroutine: rebound to the one above
        _cleanup_kernel = run_sync(_async_cleanup_kernel)

        async def async_start_new_kernel_client(self):
            """nbclient's, with :func:`kernel_ready` in place of jupyter_client's ``wait_for_ready``."""
            from nbclient.util import run_hook

            self.kc = self.km.client()
            try:
                self.kc.start_channels()
                await kernel_ready(self.kc, self.startup_timeout)
            except Exception:
                await self._async_cleanup_kernel()
                raise
            self.kc.allow_stdin = False
            await run_hook(self.on_notebook_start, notebook=self.nb)
            return self.kc

        start_new_kernel_client = run_sync(async_start_new_kernel_client)  # what papermill's execute() calls

    class PrestartedKernelEngine(NBClientEngine):
        @classmethod
        def execute_managed_notebook(cls, nb_man, kernel_name, log_output=False, stdout_file=None,
                                     stderr_file=None, start_timeout=60, execution_timeout=None, km=None,
                                     **kwargs):
            for unused in ("input_path", "timeout", "startup_timeout"):
                kwargs.pop(unused, None)
            client = Client(
                nb_man, km=km, timeout=execution_timeout, startup_timeout=start_timeout,
                kernel_name=kernel_name, log=logger, log_output=log_output, stdout_file=stdout_file,
                stderr_file=stderr_file, **kwargs)
            client.owns_km = True  # so that it closes its channels and kills the kernel when done
            return client.execute()

    name = "mmperf-prestarted"
    if name not in papermill_engines._engines:
        papermill_engines.register(name, PrestartedKernelEngine)
    return name


async def kernel_ready(kc, timeout: float) -> None:
    """Wait until the kernel of the asynchronous client ``kc`` answers a ``kernel_info`` request and its
    IOPub channel delivers messages.

    jupyter_client's ``wait_for_ready`` does the same and then waits until IOPub has been silent for
    0.2 s, to throw away the request's status messages; nbclient ignores every message that does not
    answer the cell it runs, so here they are thrown away without waiting (0.2 s of every run).

    Raises
    ------
    RuntimeError
        when the kernel dies first or does not answer within ``timeout`` seconds.
    """
    import time
    from queue import Empty

    deadline = time.monotonic() + timeout
    while True:
        kc.kernel_info()
        try:
            reply = await kc.get_shell_msg(timeout=1)
        except Empty:
            reply = None
        if reply is not None and reply["msg_type"] == "kernel_info_reply":
            try:  # the kernel published its status for the request, so IOPub is connected
                await kc.get_iopub_msg(timeout=0.2)
            except Empty:  # not yet connected (its first messages were lost): ask again
                pass
            else:
                kc._handle_kernel_info_reply(reply)
                break
        if not await kc.is_alive():
            raise RuntimeError("the kernel died before replying to kernel_info")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the kernel did not reply in {timeout:g} seconds")
    while True:  # throw away what IOPub already holds, without waiting for more
        try:
            await kc.get_iopub_msg(timeout=0)
        except Empty:
            break


def _kernel_dir() -> Path:
    """A temporary folder for the kernel's IPC sockets, on a short path: a socket's path may not exceed
    107 bytes, so a long $TMPDIR falls back to /tmp."""
    base = Path(tempfile.gettempdir())
    if len(str(base)) > 60 and Path("/tmp").is_dir():
        base = Path("/tmp")
    return Path(tempfile.mkdtemp(prefix="mmperf-kernel-", dir=base))


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


try:
    # The asynchronous manager, as nbclient expects: with the blocking one, waiting for output blocks the
    # event loop, so a kernel that dies (killed for memory, say) is never noticed and the run hangs.
    from jupyter_client.manager import AsyncKernelManager as _KernelManager
except ImportError:  # pragma: no cover - jupyter_client comes with papermill
    _KernelManager = object


class LocalKernelManager(_KernelManager):
    """A kernel talking over local IPC sockets: the kernel runs on this machine only, so no TCP
    ports are opened (and ipykernel does not warn about unencrypted TCP on every run). The sockets
    live in the runner's own temporary folder (``$MMPERF_KERNEL_DIR``), removed after the run."""

    def __init__(self, **kwargs):
        kwargs.setdefault("transport", "ipc")
        folder = os.environ.get("MMPERF_KERNEL_DIR") or tempfile.gettempdir()
        kwargs.setdefault("ip", str(Path(folder) / f"kernel-{os.getpid()}"))
        super().__init__(**kwargs)


# -- what the reader of a run sees first ---------------------------------------------------------------

class PageTools:
    """What the pages around a run need and no cell changes: the "Run this chapter yourself" box (pandas
    and the table helper) and a warmed-up HTML exporter (nbconvert, its templates and highlighter).

    Prepared in a thread started before the kernel: the parent process only waits for the kernel's
    messages meanwhile, so on a machine with two cores this second of imports costs no time. If the
    preparation fails, :meth:`result` prepares them again in the caller's thread, where an error surfaces
    as it would have.
    """

    def __init__(self, spec: params_mod.ChapterSpec, book: bool) -> None:
        import threading

        self.spec, self.book = spec, book
        self._box: str | None = None
        self._exporter = None
        self._thread = threading.Thread(target=self._prepare, name="mmbook-page-tools", daemon=True)
        self._thread.start()

    def _prepare(self) -> None:
        from mmbook.standalone import html_exporter

        try:
            self._box = cached_run_box(self.spec, self.book)
            self._exporter = html_exporter(warm=True)
        except Exception:  # noqa: BLE001 - prepared again, visibly, by result()
            self._box = self._exporter = None

    def result(self) -> tuple[str, Any]:
        """The run box's HTML and the exporter."""
        from mmbook.standalone import html_exporter

        self._thread.join()
        box = self._box if self._box is not None else run_box(self.spec, self.book)
        return box, self._exporter or html_exporter()


def decorate_notebook(executed: Path, spec: params_mod.ChapterSpec, values: dict[str, Any],
                      results: dict[str, Any], book: bool, run_box_html: str | None = None):
    """Rewrite the executed notebook for readers; return it.

    The notebook's own ``parameters`` cell (the defaults) is removed from the page and the
    ``injected-parameters`` cell lists the effective values, folded. After the title, one markdown
    cell shows the warnings of this run, the what-if banner (when parameters differ from the
    defaults) and the "Run this chapter yourself" box (``run_box_html``, or made here).
    """
    import nbformat

    from mmbook.figsave import fill_deferred

    nb = nbformat.read(executed, as_version=4)
    fill_deferred(nb, executed.parent)
    for cell in nb.cells:
        tags = cell.get("metadata", {}).get("tags", [])
        if "parameters" in tags:
            cell.metadata["tags"] = [*tags, "remove-cell"]
        elif "injected-parameters" in tags:
            lines = [f"# Parameters of this run (`mmbook params {spec.name}` lists them; the defaults reproduce "
                     "the paper)"]
            lines += [f"{k} = {v!r}" for k, v in values.items()]
            cell.source = "\n".join(lines)
            cell.metadata["tags"] = [*tags, "hide-input"]
    title_index = next((i for i, c in enumerate(nb.cells)
                        if c.cell_type == "markdown" and c.source.lstrip().startswith("# ")), -1)
    box = run_box_html if run_box_html is not None else run_box(spec, book)
    html_parts = [warnings_box(results), whatif_banner(results), box]
    cell = nbformat.v4.new_markdown_cell("\n\n".join(p for p in html_parts if p))
    cell.metadata["tags"] = ["mmbook-run-header"]
    nb.cells.insert(title_index + 1, cell)
    nbformat.write(nb, executed)
    return nb


def warnings_box(results: dict[str, Any]) -> str:
    """An admonition listing this run's warnings (empty when there are none).

    Examples
    --------
    >>> "sink unstable" in warnings_box({"warnings": [{"what": "sink unstable", "why": "load 1.2"}]})
    True
    >>> warnings_box({"warnings": []})
    ''
    """
    warns = results.get("warnings") or []
    undefined = results.get("undefined") or {}
    if not warns and not undefined:
        return ""
    items = "".join(f"<li><strong>{html.escape(w['what'])}</strong>: {html.escape(w['why'])}</li>" for w in warns)
    items += "".join(f"<li><code>{html.escape(k)}</code> is undefined: {html.escape(v)}</li>"
                     for k, v in undefined.items())
    return (f'<div class="admonition warning mmbook-warnings"><p class="admonition-title">'
            f"Warnings of this run ({len(warns)} warning{'s' if len(warns) != 1 else ''}, "
            f"{len(undefined)} undefined result{'s' if len(undefined) != 1 else ''})</p><ul>{items}</ul>"
            "<p>Where a check of the scorecard depends on one of these results, it is marked <em>not "
            "applicable</em> rather than given a verdict.</p></div>")


def whatif_banner(results: dict[str, Any]) -> str:
    """The what-if banner: every changed parameter with its default and value (empty for the defaults)."""
    differ = results.get("defaults_differ") or {}
    if not differ:
        return ""
    rows = "".join(f"<tr><td><code>{html.escape(k)}</code></td><td>{html.escape(_plain(v['default']))}</td>"
                   f"<td><strong>{html.escape(_plain(v['value']))}</strong></td></tr>" for k, v in differ.items())
    return ('<div class="admonition important mmbook-whatif"><p class="admonition-title">A what-if: this run '
            "differs from the book's defaults</p><table class=\"mm-table\"><thead><tr><th>parameter</th>"
            f"<th>default</th><th>this run</th></tr></thead><tbody>{rows}</tbody></table>"
            "<p>Every number marked <em>ours</em> below comes from these parameters, and the scorecard now "
            "compares the paper with this what-if, not with the reproduction.</p></div>")


def run_box(spec: params_mod.ChapterSpec, book: bool) -> str:
    """"Run this chapter yourself": the command, the parameter table and the downloads."""
    import pandas as pd

    from mmperf.tables import show_table

    table = pd.DataFrame([{"parameter": p.name, "default": _plain(p.default), "allowed": p.allowed(),
                           "unit": p.unit or "", "meaning": p.help} for p in spec.parameters.values()])
    rows = show_table(table, formats={"default": "text"}, wrap=["meaning", "allowed"]).to_html() if len(table) else ""
    prefix = "../../downloads/" if book else ""
    executed = f"{prefix}{spec.name}.ipynb"
    example_cmd = html.escape(example_arguments(spec))
    return (
        '<details class="admonition tip mmbook-runbox"><summary class="admonition-title">Run this chapter '
        "yourself</summary>"
        f"<pre><code>mmbook run {spec.name} --output runs/{spec.name}{example_cmd}</code></pre>"
        f"<p>Change any parameter with <code>-p NAME VALUE</code> (repeatable) or a YAML file with "
        f"<code>-f FILE</code>; <code>mmbook params {spec.name}</code> lists them. Download the "
        f'<a href="{prefix}{spec.name}.md" download>source notebook (MyST markdown)</a> or the '
        f'<a href="{executed}" download>executed notebook</a>.</p>{rows}</details>')


def example_arguments(spec: params_mod.ChapterSpec) -> str:
    """`` -p NAME VALUE`` for the run box's example command: the first parameter whose default is not empty
    (an empty value would print as ``-p trace_file `` and exit 2 when pasted), quoted for the shell; ``""``
    when no parameter has a value to show.

    Examples
    --------
    >>> from mmbook.params import ChapterSpec, ParamSpec
    >>> spec = ChapterSpec("x", "X", 1, None, (), {"trace_file": ParamSpec("trace_file", "file", "", help="h"),
    ...                                             "host": ParamSpec("host", "str", "a b", help="h")})
    >>> example_arguments(spec)
    " -p host 'a b'"
    """
    import shlex

    for p in spec.parameters.values():
        text = _plain(p.default) if p.default is not None else ""
        if text.strip():
            return f" -p {shlex.quote(p.name)} {shlex.quote(text)}"
    return ""


def cached_run_box(spec: params_mod.ChapterSpec, book: bool) -> str:
    """:func:`run_box`, cached per user beside the simulation cache (``pages/``) under a hash of the
    chapter's specification and the code that draws the box: the box depends on nothing else, and making
    it imports pandas (a quarter of a second of every run).
    """
    from mmperf.fingerprint import module_file

    parts = [spec.notebook.with_suffix(".yml").read_bytes()]
    # by module name, not by folder: tables is the library's (mmperf), runner and params the engine's
    parts += [module_file(code).read_bytes() for code in ("mmbook.runner", "mmperf.tables", "mmbook.params")]
    parts.append(f"{spec.name}|book={book}".encode())
    made = _user_cached("pages", f"runbox-{spec.name}", ".html", parts,
                        lambda path: path.write_text(run_box(spec, book), encoding="utf-8"))
    return made.decode("utf-8")


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return params_mod.format_number(value)
    if isinstance(value, list):
        return ",".join(_plain(v) for v in value)
    return str(value)


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


def _export_html(notebook, target: Path, spec: params_mod.ChapterSpec, results: dict[str, Any],
                 exporter=None) -> None:
    from mmbook.standalone import export_html

    export_html(notebook, target, headline_comparison=_headline_comparison(spec, results), exporter=exporter)


def _headline_comparison(spec: params_mod.ChapterSpec, results: dict[str, Any]) -> list[dict[str, Any]]:
    """For a what-if: each headline metric of the book's default build beside this run's value."""
    if not results.get("defaults_differ") or not spec.headline:
        return []
    default_results = paths.default_chapter_dir(spec.name) / "results.json"
    defaults = json.loads(default_results.read_text()).get("metrics", {}) if default_results.is_file() else {}
    rows = []
    for name in spec.headline:
        ours = results.get("metrics", {}).get(name)
        rows.append({"metric": name, "default build": defaults.get(name),
                     "this run": ours if ours is not None else results.get("undefined", {}).get(name, "—"),
                     "unit": results.get("units", {}).get(name, "")})
    return rows
