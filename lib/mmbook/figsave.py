"""Saving a chapter's figures: laid out once, the PNG at once, the SVG on the other core.

A chapter saves each figure twice (PNG for the page, SVG for the download) and shows it once. Done
naively that is six draws per figure: ``savefig(bbox_inches="tight")`` lays the figure out before it
draws, a figure with a layout engine is laid out again for every save, and the notebook's display is a
third rendering. Here a figure is laid out once, its tight box computed once, the PNG drawn once and
reused as the displayed image (:func:`displayed_png`), and the SVG drawn in a forked copy of the process
on a spare core while the chapter goes on (:class:`FigureWriter`; under the runner the PNG too, and the
figures queue for the spare cores until the chapter's cells are done, when the notebook's own process
joins in). Figures are the larger part of a fast chapter's run (``benchmarks/bench_runner.py``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import tempfile
from pathlib import Path

#: at most this many figures are drawn at once in forked processes (one per spare core); the others wait in
#: the queue, and the notebook's own process helps with them once its cells are done (FigureWriter.wait)
MAX_BACKGROUND = max(1, (os.cpu_count() or 2) - 1)


def tight_box(fig):
    """Lay ``fig`` out once and return the box ``savefig`` would save, or None for ``savefig.bbox``
    other than ``"tight"``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(4, 3))
    >>> with plt.rc_context({"savefig.bbox": "tight", "savefig.pad_inches": 0.1}):
    ...     box = tight_box(fig)
    >>> bool(0 < box.width < 4.2 and 0 < box.height < 3.2)
    True
    >>> plt.close(fig)
    """
    import matplotlib as mpl

    if fig.stale:  # laid out already (e.g. by mmperf.plotting.check_overprint) and unchanged since: not again
        fig.draw_without_rendering()  # lays the figure out (its layout engine places the axes)
    if mpl.rcParams["savefig.bbox"] != "tight":
        return None
    pad = mpl.rcParams["savefig.pad_inches"]
    return fig.get_tightbbox().padded(pad if isinstance(pad, int | float) else 0.1)


def save_laid_out(fig, path: Path, box) -> None:
    """Save ``fig`` (laid out by :func:`tight_box`) into ``box`` without laying it out again.

    With a layout engine, ``savefig`` lays the figure out again before it draws; the axes keep the places
    :func:`tight_box` found, so the engine is set aside for the save and put back afterwards. Matplotlib's
    public ``set_layout_engine("none")`` leaves a placeholder engine that still triggers that pass, hence
    the attribute (tests/test_figsave.py counts the draws, so a Matplotlib upgrade that changes this shows).
    """
    engine, fig._layout_engine = fig._layout_engine, None
    # An SVG records the moment it was written unless told not to: undated, the file depends on the figure only.
    undated = {"metadata": {"Date": None}} if Path(path).suffix == ".svg" else {}
    try:
        fig.savefig(path, bbox_inches=box, **undated)
    finally:
        fig._layout_engine = engine


class FigureWriter:
    """Saves figures as PNG now and SVG in the background; :meth:`wait` before relying on the files.

    ``background=False`` (or a platform without ``fork``) saves both in the calling process.
    ``defer_png=True`` draws the PNG in the background too: the caller shows the figure through
    :class:`DeferredFigure`, and whoever reads the executed notebook afterwards puts the PNG in with
    :func:`fill_deferred` (the runner does, when it sets ``MMPERF_DEFER_FIGURES``).

    Figures wait in a queue for a spare core. When one is free (:meth:`poll`, called by :meth:`save` and
    by the chapter as it records results), a forked copy of the process takes every figure queued so
    far: a fork costs tens of milliseconds (the page tables are copied, then every page either process
    writes to), so a few copies drawing several figures each are cheaper than one per figure. The calling
    process draws nothing while its cells run; in :meth:`wait` it draws too, taking figures from the same
    batches as the copies (:class:`_Batch`), so that every core draws until the last figure is done. A
    queued figure is drawn with the Matplotlib settings of the moment it was saved.

    Examples
    --------
    >>> import tempfile, matplotlib.pyplot as plt
    >>> folder = Path(tempfile.mkdtemp())
    >>> writer = FigureWriter()
    >>> fig, ax = plt.subplots(figsize=(4, 3)); _ = ax.plot([0, 1], [0, 1])
    >>> writer.save(fig, folder / "a.png", folder / "a.svg"); plt.close(fig)
    >>> writer.wait()
    >>> (folder / "a.png").read_bytes()[:4], (folder / "a.svg").read_text()[:5]
    (b'\\x89PNG', '<?xml')
    """

    def __init__(self, background: bool | None = None, defer_png: bool = False) -> None:
        self.background = hasattr(os, "fork") if background is None else background
        self.defer_png = defer_png and self.background
        self._queue: list[_Job] = []  # figures no copy has been given yet
        self._copies: list[_Copy] = []  # forked copies drawing
        self._batches: list[_Batch] = []  # the figures given to copies, until every copy has finished
        self._failures: list[str] = []  # of copies collected by poll(), for wait() to report

    def save(self, fig, png: Path, svg: Path, measure=None, into: dict | None = None) -> None:
        """Write ``png`` before returning (unless deferred) and ``svg`` now or in a forked process.

        ``measure(fig)``, when given, returns a dict of JSON values measured on the figure as laid out (at
        ``figure.dpi``, before it is saved: e.g. :func:`mmperf.plotting.check_overprint`), which is merged
        into ``into``: here, at once, or, with ``defer_png``, by :meth:`wait`, measured by the process that
        draws the figure right after the layout it draws with (one layout for both, none in the notebook).
        """
        if self.defer_png:  # everything in the copy, even the layout
            self._queue.append(_Job(fig, [png, svg], box=None, rc=_settings(), measure=measure, into=into))
        else:
            if measure is not None:
                into.update(measure(fig))
            box = tight_box(fig)
            save_laid_out(fig, png, box)
            if not self.background:
                save_laid_out(fig, svg, box)
                return
            self._queue.append(_Job(fig, [svg], box=box, rc=_settings()))
        self.poll()

    def poll(self) -> None:
        """Collect the copies that have finished and give the queued figures to a copy on a core they
        freed; never waits (a few system calls: cheap enough to call whenever the chapter records a
        result)."""
        self._failures += self._reap(block=False)
        if self._queue and len(self._copies) < MAX_BACKGROUND:
            for batch in self._batch_queue():
                self._start_copy(batch)

    def wait(self) -> None:
        """Draw every queued figure, here and in copies on the spare cores, and wait for every copy;
        raise RuntimeError naming the first figure that failed."""
        errors, self._failures = self._failures + self._reap(block=False), []
        self._batch_queue()
        for batch in self._batches:  # this process takes its share of every batch still being drawn
            while (job := batch.claim()) is not None:
                errors += self._reap(block=False)
                if len(self._copies) < MAX_BACKGROUND:  # a core is free: a copy shares the rest of the batch
                    self._start_copy(batch)
                errors += batch.draw(job)
        errors += self._reap(block=True)
        for batch in self._batches:
            batch.close()
            batch.deliver_measures()
        self._batches = []
        if errors:
            raise RuntimeError(errors[0] + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))

    def _batch_queue(self) -> list[_Batch]:
        jobs, self._queue = self._queue, []
        batches = [_Batch(jobs[i:i + _Batch.MAX]) for i in range(0, len(jobs), _Batch.MAX)]
        self._batches += batches
        return batches

    def _start_copy(self, batch: _Batch) -> None:
        read_end, write_end = os.pipe()  # the copy reports failures through it
        pid = os.fork()
        if pid == 0:  # the copy: draw and leave without running the kernel's exit handlers
            os.close(read_end)
            os._exit(_draw_in_copy(batch, write_end))
        os.close(write_end)
        self._copies.append(_Copy(pid, read_end, batch))

    def _reap(self, block: bool) -> list[str]:
        """Collect the copies that have finished (with ``block``, every copy); return their failures."""
        errors, running = [], []
        for copy in self._copies:
            pid, status = os.waitpid(copy.pid, 0 if block else os.WNOHANG)
            if pid:
                errors += copy.failures(status)
            else:
                running.append(copy)
        self._copies = running
        return errors


class _Job:
    """A figure to save into ``files``: laid out first when ``box`` is None, with Matplotlib's settings
    ``rc`` (those of the moment it was saved; the drawing reads some of them, e.g. ``savefig.*``)."""

    def __init__(self, fig, files: list[Path], box, rc: dict, measure=None, into: dict | None = None) -> None:
        self.fig, self.files, self.box, self.rc = fig, files, box, rc
        self.measure, self.into = measure, into
        self.measured: dict | None = None  # what measure(fig) found, in the process that drew the figure

    def draw(self) -> None:
        import matplotlib as mpl

        changed = {k: v for k, v in self.rc.items() if mpl.rcParams[k] != v}
        with mpl.rc_context(changed):  # usually nothing changed: no settings to validate
            if self.measure is not None:  # lays the figure out as it measures; tight_box then finds it done
                self.measured = self.measure(self.fig)
            box = tight_box(self.fig) if self.box is None else self.box
            for file in self.files:
                save_laid_out(self.fig, file, box)

    def failure(self, exc: BaseException) -> str:
        return f"figure {self.files[-1].name} could not be saved: {type(exc).__name__}: {exc}"


class _Batch:
    """Figures shared out among the processes drawing them: a pipe holds one byte per figure (its index),
    and whoever reads a byte draws that figure. A read of one byte is atomic, so no figure is drawn twice
    and none is missed, whichever process is faster."""

    MAX = 256  # figures per batch: one byte each

    def __init__(self, jobs: list[_Job]) -> None:
        self.jobs = jobs
        # the copies write what they measured here, one JSON file each (any size: a pipe's buffer is 64 KiB)
        self._measures = (Path(tempfile.mkdtemp(prefix="mmperf-measures-", dir=os.environ.get("MMPERF_KERNEL_DIR")))
                          if any(getattr(job, "measure", None) is not None for job in jobs) else None)
        self._read_end, write_end = os.pipe()
        os.write(write_end, bytes(range(len(jobs))))  # far below a pipe's buffer: never blocks
        os.close(write_end)  # so that a read after the last figure finds the end at once

    def claim(self) -> _Job | None:
        """The next figure nobody has taken yet, or None."""
        index = os.read(self._read_end, 1)
        return self.jobs[index[0]] if index else None

    @staticmethod
    def draw(job: _Job) -> list[str]:
        """Draw ``job``; return its failure, if any."""
        try:
            job.draw()
        except Exception as exc:  # noqa: BLE001 - reported with the others, naming the figure
            return [job.failure(exc)]
        return []

    def draw_all(self) -> list[str]:
        """Draw every figure still unclaimed; return the failures."""
        return [failure for job in iter(self.claim, None) for failure in self.draw(job)]

    def keep_measures(self) -> None:
        """In a copy: write what it measured (figure index -> values) for :meth:`deliver_measures`."""
        found = {i: job.measured for i, job in enumerate(self.jobs) if getattr(job, "measured", None) is not None}
        if found:
            (self._measures / f"{os.getpid()}.json").write_text(json.dumps(found))

    def deliver_measures(self) -> None:
        """Once every process drawing this batch has finished: merge each figure's measures, wherever they
        were taken, into its ``into``."""
        if self._measures is None:  # nothing to measure in this batch
            return
        for file in self._measures.glob("*.json"):
            for index, measured in json.loads(file.read_text()).items():
                self.jobs[int(index)].measured = measured
        shutil.rmtree(self._measures, ignore_errors=True)
        for job in self.jobs:
            if job.measured is not None:
                job.into.update(job.measured)

    def close(self) -> None:
        os.close(self._read_end)

    def names(self) -> str:
        return ", ".join(job.files[-1].name for job in self.jobs)


class _Copy:
    """A forked copy drawing from ``batch``, reporting failures through the pipe ``report``."""

    def __init__(self, pid: int, report: int, batch: _Batch) -> None:
        self.pid, self.report, self.batch = pid, report, batch

    def failures(self, status: int) -> list[str]:
        with os.fdopen(self.report, "rb") as pipe:
            lines = pipe.read().decode("utf-8", "replace").splitlines()
        code = os.waitstatus_to_exitcode(status)
        if code != 0 and not lines:
            lines = [f"a process drawing figures {self.batch.names()} ended with status {code}"]
        return lines


def _settings() -> dict:
    """Matplotlib's settings now (without ``backend``, which a figure being saved does not read)."""
    import matplotlib as mpl

    return {k: v for k, v in mpl.rcParams.items() if k != "backend"}


def _draw_in_copy(batch: _Batch, report_fd: int) -> int:
    """In the forked copy: draw the figures of ``batch`` nobody has taken; write each failure, one line,
    into ``report_fd``. Returns the exit code.

    The copy writes nothing to the inherited standard streams: in a Jupyter kernel they are sockets
    served by a thread that was not copied.
    """
    import io
    import sys

    sys.stdout = sys.stderr = io.StringIO()
    os.nice(5)  # where cores are short, the notebook (the run's critical path) goes first
    try:
        failures = batch.draw_all()
        batch.keep_measures()
    except BaseException as exc:  # noqa: BLE001 - e.g. a failure to read the batch: reported, not lost
        failures = [f"a process drawing figures {batch.names()} failed: {type(exc).__name__}: {exc}"]
    report = "".join(" ".join(f.split()) + "\n" for f in failures).encode("utf-8")
    os.write(report_fd, report[-60000:])  # within the pipe's buffer: the parent reads it after the exit
    os.close(report_fd)
    return 1 if failures else 0


#: what a deferred figure shows until :func:`fill_deferred` puts its PNG in (the text/plain of the output)
DEFERRED = "mmperf deferred figure "


class DeferredFigure:
    """The displayed stand-in of a figure whose PNG is being drawn in the background: its text names the
    PNG (relative to the run's folder) and the resolutions it is saved and shown at, for
    :func:`fill_deferred`.

    Examples
    --------
    >>> DeferredFigure("figures/a.png", shown_dpi=110, saved_dpi=150)._repr_mimebundle_()["text/plain"]
    'mmperf deferred figure {"png": "figures/a.png", "shown_dpi": 110, "saved_dpi": 150}'
    """

    def __init__(self, png: str, shown_dpi: float, saved_dpi: float) -> None:
        self.png, self.shown_dpi, self.saved_dpi = png, shown_dpi, saved_dpi

    def _repr_mimebundle_(self, include=None, exclude=None):
        spec = {"png": self.png, "shown_dpi": self.shown_dpi, "saved_dpi": self.saved_dpi}
        return {"text/plain": DEFERRED + json.dumps(spec)}


def fill_deferred(nb, folder: Path) -> int:
    """Put each deferred figure's PNG (read from ``folder``) into the executed notebook ``nb``, shown at
    its recorded width, as :func:`displayed_png` shows an immediate one. Returns how many were filled.

    Raises
    ------
    RuntimeError
        naming the figure, when its PNG is missing.
    """
    import base64

    filled = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            for key, text in list(data.items()):
                if not (key.endswith("text/plain") and isinstance(text, str) and text.startswith(DEFERRED)):
                    continue
                spec = json.loads(text[len(DEFERRED):])
                png = folder / spec["png"]
                if not png.is_file():
                    raise RuntimeError(f"figure {spec['png']} was not saved")
                prefix = key[: -len("text/plain")]
                shown = displayed_png(png, shown_dpi=spec["shown_dpi"], saved_dpi=spec["saved_dpi"])
                data[prefix + "image/png"] = base64.b64encode(shown.data).decode("ascii")
                data[key] = "<Figure>"
                output.setdefault("metadata", {})["image/png"] = {"width": shown.width}
                filled += 1
    return filled


def saved_dpi(fig) -> float:
    """The resolution ``savefig`` uses for ``fig`` (``savefig.dpi``, or the figure's own)."""
    import matplotlib as mpl

    dpi = mpl.rcParams["savefig.dpi"]
    return float(fig.dpi if dpi == "figure" else dpi)


def displayed_png(png: Path, shown_dpi: float, saved_dpi: float):
    """The PNG saved at ``saved_dpi`` as the image the notebook shows, at the size the figure has at
    ``shown_dpi`` (its ``figure.dpi``).

    Showing the saved PNG (``savefig.dpi``, 150 in the book's style) with its width scaled to the CSS
    pixels of a rendering at ``figure.dpi`` (110) costs no drawing, keeps the figure's size and legibility
    on the page (:mod:`mmperf.plotting`), and is sharper on high-density screens.

    Examples
    --------
    >>> import tempfile, matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(4, 3))
    >>> png = Path(tempfile.mkdtemp()) / "a.png"
    >>> fig.savefig(png, dpi=150, bbox_inches=fig.bbox_inches)   # the whole 4 x 3 in
    >>> displayed_png(png, shown_dpi=110, saved_dpi=150).width   # 4 in: 600 px saved, shown as 440 px
    440
    >>> plt.close(fig)
    """
    from IPython.display import Image

    data = png.read_bytes()
    width_px, _height_px = struct.unpack(">II", data[16:24])  # the PNG header's IHDR chunk
    return Image(data=data, format="png", width=round(width_px * shown_dpi / saved_dpi))
