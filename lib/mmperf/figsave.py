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
import struct
import traceback
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
    try:
        fig.savefig(path, bbox_inches=box)
    finally:
        fig._layout_engine = engine


class FigureWriter:
    """Saves figures as PNG now and SVG in the background; :meth:`wait` before relying on the files.

    ``background=False`` (or a platform without ``fork``) saves both in the calling process.
    ``defer_png=True`` draws the PNG in the background too: the caller shows the figure through
    :class:`DeferredFigure`, and whoever reads the executed notebook afterwards puts the PNG in with
    :func:`fill_deferred` (the runner does, when it sets ``MMPERF_DEFER_FIGURES``).

    A figure waits in a queue until a spare core is free (at most :data:`MAX_BACKGROUND` forked copies
    draw at once; :meth:`poll`, called by :meth:`save` and by the chapter as it records results, starts the
    next). The calling process never draws a queued figure while it still has its own work to do: in
    :meth:`wait` it draws from the back of the queue while the copies take the front, so that every core
    draws until the queue is empty. A queued figure is drawn with the Matplotlib settings of the moment it
    was saved.

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
        self._pending: list[tuple[int, int, Path]] = []  # forked copies drawing: pid, report pipe, file
        self._queue: list[_Job] = []  # figures waiting for a spare core

    def save(self, fig, png: Path, svg: Path) -> None:
        """Write ``png`` before returning (unless deferred) and ``svg`` now or in a forked process."""
        if self.defer_png:  # everything in the copy, even the layout
            self._enqueue(_Job(fig, [png, svg], box=None, rc=_settings()))
            return
        box = tight_box(fig)
        save_laid_out(fig, png, box)
        if self.background:
            self._enqueue(_Job(fig, [svg], box=box, rc=_settings()))
        else:
            save_laid_out(fig, svg, box)

    def _enqueue(self, job: _Job) -> None:
        self._queue.append(job)
        self.poll()

    def poll(self) -> None:
        """Collect the copies that have finished and start queued figures on the cores they freed; never
        waits (a few system calls: cheap enough to call whenever the chapter records a result)."""
        self._reap_finished()
        while self._queue and len(self._pending) < MAX_BACKGROUND:
            self._fork(self._queue.pop(0))

    def _fork(self, job: _Job) -> None:
        read_end, write_end = os.pipe()  # the copy reports a failure through it
        pid = os.fork()
        if pid == 0:  # the copy: draw and leave without running the kernel's exit handlers
            os.close(read_end)
            os._exit(_save_in_copy(job, write_end))
        os.close(write_end)
        self._pending.append((pid, read_end, job.files[-1]))

    def wait(self) -> None:
        """Draw every queued figure and wait for every copy; raise RuntimeError naming the first figure
        that failed."""
        errors = []
        while self._queue:
            self.poll()
            if self._queue:  # every spare core is drawing: this process takes the last figure itself
                job = self._queue.pop()
                try:
                    job.draw()
                except Exception as exc:  # noqa: BLE001 - reported with the others, naming the figure
                    errors.append(f"figure {job.files[-1].name} could not be saved: {exc}")
        pending, self._pending = self._pending, []
        for job in pending:
            try:
                self._reap(*job)
            except RuntimeError as exc:
                errors.append(str(exc))
        if errors:
            raise RuntimeError(errors[0] + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))

    def _reap_finished(self) -> None:
        """Collect the copies that have finished, without waiting for the others."""
        running = []
        for pid, read_end, last in self._pending:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                self._reap(pid, read_end, last, status)
            else:
                running.append((pid, read_end, last))
        self._pending = running

    @staticmethod
    def _reap(pid: int, read_end: int, svg: Path, status: int | None = None) -> None:
        with os.fdopen(read_end, "rb") as pipe:
            report = pipe.read().decode("utf-8", "replace").strip()
        if status is None:
            _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0 or report:
            why = report.splitlines()[-1] if report else f"the process drawing it ended with status {code}"
            raise RuntimeError(f"figure {svg.name} could not be saved: {why}")


class _Job:
    """A figure to save into ``files``: laid out first when ``box`` is None, with Matplotlib's settings
    ``rc`` (those of the moment it was saved; the drawing reads some of them, e.g. ``savefig.*``)."""

    def __init__(self, fig, files: list[Path], box, rc: dict) -> None:
        self.fig, self.files, self.box, self.rc = fig, files, box, rc

    def draw(self) -> None:
        import matplotlib as mpl

        changed = {k: v for k, v in self.rc.items() if mpl.rcParams[k] != v}
        with mpl.rc_context(changed):  # usually nothing changed: no settings to validate
            box = tight_box(self.fig) if self.box is None else self.box
            for file in self.files:
                save_laid_out(self.fig, file, box)


def _settings() -> dict:
    """Matplotlib's settings now (without ``backend``, which a figure being saved does not read)."""
    import matplotlib as mpl

    return {k: v for k, v in mpl.rcParams.items() if k != "backend"}


def _save_in_copy(job: _Job, report_fd: int) -> int:
    """In the forked copy: draw ``job``; on failure write the traceback into ``report_fd``. Returns the
    exit code.

    The copy writes nothing to the inherited standard streams: in a Jupyter kernel they are sockets
    served by a thread that was not copied.
    """
    import io
    import sys

    sys.stdout = sys.stderr = io.StringIO()
    os.nice(5)  # where cores are short, the notebook (the run's critical path) goes first
    code = 0
    try:
        job.draw()
    except BaseException:
        os.write(report_fd, traceback.format_exc().encode("utf-8")[-60000:])  # within the pipe's buffer
        code = 1
    os.close(report_fd)
    return code


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
