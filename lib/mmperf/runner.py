"""Execute one chapter notebook with papermill.

:func:`run_chapter` validates the parameters, converts the MyST notebook with jupytext,
executes it with papermill in a temporary folder next to the destination, exports a
standalone HTML page, and only then moves the folder into place. A bad parameter stops
before anything is written; a failing cell leaves no output folder, only a log naming the
chapter and the cell, with the traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mmperf import params as params_mod
from mmperf import paths


class ChapterRunError(RuntimeError):
    """A cell of a chapter failed; ``log`` is the file holding the traceback."""

    def __init__(self, message: str, log: Path) -> None:
        super().__init__(message)
        self.log = log


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


def check_output_dir(output_dir: Path, allow_book_build: bool = False) -> None:
    """Refuse to write a user run into the book's default build."""
    book_chapters = paths.build_dir() / "chapters"
    if not allow_book_build and _is_inside(output_dir, book_chapters):
        raise ValueError(f"--output {output_dir} is inside the book's default build ({book_chapters}); "
                         "choose another folder, e.g. runs/my-experiment")
    if output_dir.exists() and not output_dir.is_dir():
        raise ValueError(f"--output {output_dir} exists and is not a folder")
    if output_dir.is_dir() and any(output_dir.iterdir()) and not (output_dir / "results.json").exists():
        raise ValueError(f"--output {output_dir} is a non-empty folder that is not an earlier run; "
                         "refusing to replace it")


def notebook_from_myst(source: Path):
    """Read a MyST markdown notebook as an nbformat notebook (in memory)."""
    import jupytext

    nb = jupytext.read(source)
    if not any("parameters" in c.get("metadata", {}).get("tags", []) for c in nb.cells):
        raise ValueError(f"{source} has no cell tagged 'parameters'")
    return nb


def run_chapter(name: str, overrides: dict[str, Any] | None = None, output_dir: Path | str | None = None,
                *, allow_book_build: bool = False, progress: bool = False) -> RunResult:
    """Execute chapter ``name`` with ``overrides`` into ``output_dir``.

    Writes ``NAME.ipynb`` (executed), ``NAME.html`` (standalone page), ``figures/*.png``,
    ``results.json`` and ``coverage.json``.

    Raises
    ------
    mmperf.params.ParameterError
        before anything runs, for an unknown name, a wrong type or an out-of-range value.
    ChapterRunError
        when a cell fails; nothing is left in ``output_dir`` and the log path is given.
    """
    import nbformat
    import papermill as pm

    spec = params_mod.load_chapter(name)
    values = spec.resolve(overrides)
    output_dir = Path(output_dir) if output_dir else paths.project_root() / "runs" / name
    output_dir = output_dir.resolve()
    check_output_dir(output_dir, allow_book_build)
    output_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{output_dir.name}.", suffix=".partial", dir=output_dir.parent))
    executed = work / f"{name}.ipynb"
    try:
        nb = notebook_from_myst(spec.notebook)
        source = work / f"{name}.source.ipynb"
        nbformat.write(nb, source)
        os.environ.setdefault("MMPERF_ROOT", str(paths.project_root()))
        pm.execute_notebook(
            str(source), str(executed), parameters={**values, "output_dir": str(work)},
            kernel_name="python3", cwd=str(spec.notebook.parent), progress_bar=progress,
            report_mode=False, kernel_manager_class="mmperf.runner.LocalKernelManager",
        )
        source.unlink()
        _present_parameters(executed, name, values)
    except pm.PapermillExecutionError as exc:
        log = _write_failure_log(output_dir, name, exc)
        shutil.rmtree(work, ignore_errors=True)
        first_line = next((ln for ln in (exc.source or "").splitlines() if ln.strip()), "")
        raise ChapterRunError(
            f"chapter {name!r} failed in cell [{exc.exec_count}] `{first_line[:60]}` "
            f"({exc.ename}: {exc.evalue}); traceback in {log}", log) from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    # The notebook wrote figures and results into the work folder; add the HTML page, then move the
    # whole run into place at once.
    try:
        if not (work / "results.json").is_file():
            raise RuntimeError(f"chapter {name!r} did not write results.json (does it call ch.save()?)")
        _export_html(executed, work / f"{name}.html")
        results = json.loads((work / "results.json").read_text())
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    if output_dir.exists():
        shutil.rmtree(output_dir)
    work.rename(output_dir)
    return RunResult(name, output_dir, output_dir / f"{name}.ipynb", results)


try:
    from jupyter_client.manager import KernelManager as _KernelManager
except ImportError:  # pragma: no cover - jupyter_client comes with papermill
    _KernelManager = object


class LocalKernelManager(_KernelManager):
    """A kernel talking over local IPC sockets: the kernel runs on this machine only, so no TCP
    ports are opened (and ipykernel does not warn about unencrypted TCP on every run)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("transport", "ipc")
        # IPC sockets are files named after `ip`; keep them out of the working directory.
        kwargs.setdefault("ip", str(Path(tempfile.mkdtemp(prefix="mmperf-kernel-")) / "kernel"))
        super().__init__(**kwargs)


def _present_parameters(executed: Path, name: str, values: dict[str, Any]) -> None:
    """Show readers the parameters of this run once, folded, without the runner's temporary path.

    papermill keeps the notebook's own ``parameters`` cell (the defaults) and adds an
    ``injected-parameters`` cell after it; the first is removed from the page and the second
    is rewritten to list the effective values.
    """
    import nbformat

    nb = nbformat.read(executed, as_version=4)
    for cell in nb.cells:
        tags = cell.get("metadata", {}).get("tags", [])
        if "parameters" in tags:
            cell.metadata["tags"] = [*tags, "remove-cell"]
        elif "injected-parameters" in tags:
            lines = [f"# Parameters of this run (`mmbook params {name}` lists them; the defaults reproduce "
                     "the paper)"]
            lines += [f"{k} = {v!r}" for k, v in values.items()]
            cell.source = "\n".join(lines)
            cell.metadata["tags"] = [*tags, "hide-input"]
    nbformat.write(nb, executed)


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


def _export_html(notebook: Path, target: Path) -> None:
    from mmperf.standalone import export_html

    export_html(notebook, target)
