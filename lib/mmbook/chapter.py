"""What a chapter notebook records: its parameters, metrics, checks, coverage, warnings and figures.

A notebook starts, right after its ``parameters`` cell, with::

    ch = Chapter.start("zeadally", globals())

which checks every parameter against ``notebooks/zeadally.yml`` (so a bad value fails in
the first cell, before any simulation) and prepares ``output_dir``. It then records::

    ch.metric("eq1_throughput_mbps", r)          # a key output, also glued for the prose
    ch.undefined("load_at_loss_bound", "no load in the sweep reaches the loss bound")
    ch.warn("sink unstable", "utilisation 1.96 >= 1: delays grow without bound")
    ch.scorecard.compare(...)                    # reproduction checks (see mmperf.checks)
    ch.coverage.add(...)                         # how each table/figure is regenerated
    ch.figure(fig, "fig-zeadally-eq1", alt="...")  # PNG + SVG in output_dir/figures + glued figure

and ends with ``ch.save()``, which writes ``results.json`` and ``coverage.json``.

A chapter whose checks live in a checks table (:mod:`mmperf.checktable`) records them with
``ch.score_table(table, run, audit)`` instead of ``ch.scorecard.compare(...)``.

A sentence that judges (reproduced, agrees, exceeds, saturates, is the bottleneck, a cause offered for a
gap) is composed from a record with :meth:`Chapter.judge`, which prints it only where its premise holds::

    ch.judge("Eq. 1 lies within the paper's band.", check="eq1-two-copy-ethernet", status=("reproduced",))
    ch.judge("The host is the bottleneck.", metric="host_utilisation", above=0.9, name="host_text")

``results.json`` holds ``parameters``, ``defaults``, ``defaults_differ`` (name -> default and
value, for a what-if), ``metrics``, ``units``, ``undefined`` (name -> reason), ``warnings``
(a list of {what, why}), ``checks``, ``headline`` (predictions reproduced / checked),
``predictions`` (reproduced / applicable, and how many do not apply at these parameters), ``audit``
(the independence audit's marks counted, for a chapter with a checks table), ``counts`` (per kind
of evidence and status) and ``judgements`` (every sentence composed with :meth:`Chapter.judge`: the
sentence, its premise, the record it rests on, whether the premise held and what was printed). It is strict JSON (:func:`strict_json`): a value that is not a finite number
(a check's ``ours`` where the metric is undefined) is ``null``, and ``null_reasons`` maps its place
(``checks[3].ours``) to the reason.
"""

from __future__ import annotations

import functools
import html
import json
import math
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from mmbook import figsave
from mmbook import params as params_mod
from mmbook.standalone import GLUE_PREFIX
from mmperf import paths, plotting
from mmperf.checks import Coverage, Scorecard, headline, predictions_headline, summary_sentence

METRIC_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
FIGURE_NAME = re.compile(r"^fig-[a-z0-9-]+$")
UNDEFINED_TEXT = "undefined"


class GluedText(str):
    """A composed sentence: shown as plain text by ``{glue:text}`` and as Markdown by ``{glue:md}``.

    Examples
    --------
    >>> t = GluedText("The wait is *short*.")
    >>> repr(t), t._repr_markdown_()
    ('The wait is *short*.', 'The wait is *short*.')
    """

    def __repr__(self) -> str:  # text/plain without quotes
        return str(self)

    def _repr_markdown_(self) -> str:  # text/markdown, for {glue:md}
        return str(self)


def _glue(name: str, value: Any) -> None:
    """Glue ``value`` as ``name`` in myst-nb's format (``myst_nb.glue(name, value, display=False)``): its
    displayed data under GLUE_PREFIX, its name in the output's metadata.

    Written here so that a chapter's kernel does not import myst-nb and nbformat, and so that a number or
    a sentence skips IPython's formatters (a chapter glues a hundred of them); tests/test_chapter.py checks
    the output against myst-nb's own.
    """
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython comes with the kernel
        return
    if get_ipython() is None:  # outside a kernel there is no notebook to glue into; the value is recorded
        return
    bundle, metadata = glue_bundle(value)
    display({GLUE_PREFIX + mime: data for mime, data in bundle.items()}, raw=True,
            metadata={**metadata, "scrapbook": {"name": name, "mime_prefix": GLUE_PREFIX}})


def glue_bundle(value: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The displayed data and metadata of a glued value, as IPython's formatters give them.

    Examples
    --------
    >>> glue_bundle(0.25)
    ({'text/plain': '0.25'}, {})
    >>> glue_bundle("The wait is *short*.")[0]
    {'text/plain': 'The wait is *short*.', 'text/markdown': 'The wait is *short*.'}
    """
    if isinstance(value, str):  # a composed sentence: plain text and Markdown (see GluedText)
        return {"text/plain": str(value), "text/markdown": str(value)}, {}
    if type(value) in (int, float, bool):
        return {"text/plain": repr(value)}, {}
    from IPython.core.formatters import format_display_data

    return format_display_data(value)


def _execution_count() -> int | None:
    """The execution count of the running cell, as the executed notebook shows it (None outside a kernel).

    Read from the running cell's ``ExecutionResult`` (which IPython hands its display hook before the
    code runs), not from ``shell.execution_count``: IPython 9 increments that counter before the cell
    runs (IPython 8 after), so it named the next cell.

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> shell = NS(execution_count=13, displayhook=NS(exec_result=NS(execution_count=12)))
    >>> _running_cell_count(shell), _running_cell_count(NS(execution_count=13, displayhook=None))
    (12, None)
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the kernel
        return None
    return _running_cell_count(get_ipython())


def _running_cell_count(shell: Any) -> int | None:
    result = getattr(getattr(shell, "displayhook", None), "exec_result", None)
    count = getattr(result, "execution_count", None)
    return count if isinstance(count, int) else None


#: the attribute a figure's origin (see :func:`figure_origin`) is kept in
ORIGIN_ATTR = "_mmbook_origin"


def track_figure_origins() -> None:
    """Make every Matplotlib figure remember the study function that created it (idempotent).

    Wraps ``Figure.__init__`` so that a new figure records :func:`figure_origin` of the call stack:
    the chapter's provenance line then names the drawing function (``module.function``, file and line)
    and the data tables passed to it, without the notebook saying so.
    """
    from matplotlib.figure import Figure

    original = Figure.__init__
    if getattr(original, "_mmbook_tracks_origin", False):
        return

    @functools.wraps(original)
    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        try:
            setattr(self, ORIGIN_ATTR, figure_origin(sys._getframe(1)))
        except Exception:  # provenance must never break a figure  # noqa: BLE001
            setattr(self, ORIGIN_ATTR, None)

    init._mmbook_tracks_origin = True
    Figure.__init__ = init


def figure_origin(frame) -> dict[str, Any] | None:
    """The study function that is drawing, seen from a frame inside it (or below it).

    The outermost frame of a ``mmstudies.<study>.figures`` module wins (the function the notebook
    called), else the outermost ``mmstudies`` frame. Returns ``{"function": "module.qualname",
    "file": project-relative path, "line": first line, "data_files": [...]}``, where ``data_files`` are
    the transcribed tables (:func:`mmperf.data.load_table` frames, directly or inside lists, dicts and
    objects) among the function's arguments; None when no study function is on the stack.
    """
    drawing = study = None
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module.startswith("mmstudies."):
            study = frame
            if module.endswith(".figures"):
                drawing = frame
        frame = frame.f_back
    frame = drawing or study
    if frame is None:
        return None
    code = frame.f_code
    file = Path(code.co_filename)
    try:
        file = file.resolve().relative_to(paths.project_root().resolve())
    except ValueError:
        pass
    return {"function": f"{frame.f_globals['__name__']}.{getattr(code, 'co_qualname', code.co_name)}",
            "file": file.as_posix(), "line": code.co_firstlineno, "data_files": _argument_data_files(frame)}


def _argument_data_files(frame) -> list[str]:
    import inspect

    info = inspect.getargvalues(frame)
    values = [info.locals[a] for a in info.args if a in info.locals]
    for extra in (info.varargs, info.keywords):
        if extra and extra in info.locals:
            values.append(info.locals[extra])
    found: set[str] = set()
    for value in values:
        _collect_data_files(value, found, depth=3, seen=set())
    return sorted(found)


def _collect_data_files(value: Any, found: set[str], depth: int, seen: set[int]) -> None:
    """The data files of the transcribed tables in ``value`` (a frame, or containers of frames)."""
    if depth < 0 or id(value) in seen or isinstance(value, str | bytes | int | float | bool) or value is None:
        return
    seen.add(id(value))
    if isinstance(value, pd.DataFrame | pd.Series):
        file = data_file_of(value)
        if file:
            found.add(file)
        return
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
    elif hasattr(value, "__dict__") and not isinstance(value, type) and type(value).__module__.startswith(
            ("mmstudies.", "mmperf.")):
        items = list(vars(value).values())
    else:
        return
    for item in items[:200]:
        _collect_data_files(item, found, depth - 1, seen)


def data_file_of(frame: Any) -> str | None:
    """The project-relative data file a frame was loaded from (its ``attrs["provenance"]``), else None.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"x": [1]})
    >>> df.attrs["provenance"] = {"study": "zeadally", "file": "table1.csv"}
    >>> data_file_of(df), data_file_of(pd.DataFrame())
    ('data/zeadally/table1.csv', None)
    """
    prov = getattr(frame, "attrs", {}).get("provenance")
    if not isinstance(prov, dict) or not prov.get("study") or not prov.get("file"):
        return None
    from mmperf import data as data_mod

    try:
        file = data_mod.study_dir(prov["study"]) / prov["file"]
        return file.resolve().relative_to(paths.project_root().resolve()).as_posix()
    except (data_mod.DataError, ValueError):
        return f"data/{prov['study']}/{prov['file']}"


def measure_figure(fig) -> dict[str, Any]:
    """What a figure's record says of its texts, measured as the figure is laid out (before it is saved).

    ``overprint`` (:func:`mmperf.plotting.check_overprint`, which lays the figure out), ``too_small`` (texts
    under 9 pt where a 1366 px window's column shows it, :func:`mmperf.plotting.check_legible`) and, for the
    browser test, ``smallest_text_pt`` (:func:`mmperf.plotting.smallest_text_pt`). :meth:`Chapter.figure`
    has it measured by whichever process draws the figure (:class:`mmbook.figsave.FigureWriter`).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(4, 3))
    >>> _ = ax.text(0.5, 0.5, "note", fontsize=6)
    >>> found = measure_figure(fig)
    >>> found["overprint"], found["smallest_text_pt"], found["too_small"][0][:28]
    ([], 6.0, "'note' is 6.9 pt at display ")
    >>> plt.close(fig); measure_figure(fig) == found   # closed (as Chapter.figure leaves it): the same
    True
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if not isinstance(fig.canvas, FigureCanvasAgg):  # closed by pyplot (which leaves a bare canvas): measured
        FigureCanvasAgg(fig)  # with the renderer of an open figure, the one its PNG is drawn with
    return {"overprint": plotting.check_overprint(fig), "too_small": plotting.check_legible(fig),
            "smallest_text_pt": plotting.smallest_text_pt(fig)}


class Chapter:
    """The record of one chapter run."""

    def __init__(self, name: str, parameters: dict[str, Any], output_dir: str | Path | None = None) -> None:
        self.name = name
        self.spec = params_mod.load_chapter(name)
        self.parameters = self.spec.resolve(parameters)
        self.output_dir = Path(output_dir) if output_dir else paths.build_dir() / "scratch" / name
        self.figures_dir = self.output_dir / "figures"
        self.figures_dir.mkdir(parents=True, exist_ok=True)
        # Under the runner the PNGs are drawn in the background too and put into the notebook afterwards.
        self._figure_writer = figsave.FigureWriter(defer_png=os.environ.get("MMPERF_DEFER_FIGURES") == "1")
        self.metrics: dict[str, float] = {}
        self.units: dict[str, str] = {}
        self.undefined_metrics: dict[str, str] = {}
        self.warnings: list[dict[str, str]] = []
        self.station_checks: dict[str, Any] = {}  # station name -> mmperf.steady.StationCheck
        self.delay_stations: dict[str, list[str]] = {}  # delay metric -> the stations it passes through
        self.judgements: list[dict[str, Any]] = []  # sentences composed from records (see judge)
        self.figures: list[dict[str, Any]] = []
        self.tables: list[dict[str, Any]] = []
        self.scorecard = Scorecard(name)
        self.coverage = Coverage(name)
        track_figure_origins()  # figures made from here on remember the study function that drew them

    @classmethod
    def start(cls, name: str, namespace: dict[str, Any]) -> Chapter:
        """Collect the chapter's parameters (and ``output_dir``) from the notebook's namespace.

        Raises
        ------
        mmbook.params.ParameterError
            if a parameter is missing from the namespace or has a bad value.
        """
        spec = params_mod.load_chapter(name)
        missing = [p for p in spec.parameters if p not in namespace]
        if missing:
            raise params_mod.ParameterError(f"chapter {name!r}: parameters cell does not define {missing}")
        return cls(name, {p: namespace[p] for p in spec.parameters}, namespace.get("output_dir"))

    # -- numbers ---------------------------------------------------------------------------------
    def metric(self, name: str, value: float, unit: str = "", glue: bool = True) -> float:
        """Record a key numeric output (and glue it under the same name for the prose).

        Raises
        ------
        ValueError
            at once, in the cell that made it, if ``value`` is NaN or infinite: a quantity that cannot
            be computed at these parameters is recorded with :meth:`undefined` instead.
        """
        self._check_name(name)
        number = float(value)
        if not math.isfinite(number):
            raise ValueError(f"metric {name!r} is {number}: record it with ch.undefined({name!r}, reason) "
                             "if it cannot be computed at these parameters")
        self.metrics[name] = number
        if unit:
            self.units[name] = unit
        if glue:
            _glue(name, number)
        self._figure_writer.poll()  # a figure waiting for a core that has just become free starts now
        return number

    def undefined(self, name: str, reason: str) -> float:
        """Record that metric ``name`` cannot be computed at these parameters, and why.

        The metric is glued as the text ``undefined`` (so prose must compose its sentence rather than
        format the value as a number) and lands in ``results.json`` under ``undefined``. Returns NaN
        for the notebook's own arithmetic.
        """
        self._check_name(name)
        if not reason.strip():
            raise ValueError(f"undefined metric {name!r} needs its reason")
        self.metrics.pop(name, None)
        self.undefined_metrics[name] = reason
        _glue(name, UNDEFINED_TEXT)
        return math.nan

    def value_or_undefined(self, name: str, value: float, reason: str, unit: str = "") -> float:
        """:meth:`metric` when ``value`` is finite, else :meth:`undefined` with ``reason``."""
        if value is not None and math.isfinite(float(value)):
            return self.metric(name, value, unit=unit)
        return self.undefined(name, reason)

    def stations(self, checks: Any) -> list[Any]:
        """Record the model's stations (:func:`mmperf.steady.check_stations`); warn for each without a steady state.

        Call it before the simulation. Each station lands in ``results.json`` under ``stations``; a
        station at or above utilisation 1 with an unbounded queue gives a warning naming it, and every
        delay recorded through it with :meth:`delay` is undefined. Returns the unsteady checks.
        """
        from mmperf import steady

        for c in checks:
            self.station_checks[c.station] = c
        for c in steady.unsteady(checks):
            self.warn(f"station {c.station} has no steady state", c.reason)
        return steady.unsteady(checks)

    def delay(self, name: str, value: float | None, through: Sequence[str], drift: Any = None,
              unit: str = "ms") -> float:
        """Record a simulated delay: a number only where every station it passes through is steady and
        the value does not drift with the run length (``drift``: a :class:`mmperf.steady.DriftCheck`
        or :class:`~mmperf.steady.TrendCheck`); otherwise undefined, with the reason.

        ``through`` names stations recorded with :meth:`stations` (an unknown name raises at once).
        ``results.json`` lists under ``delay_stations`` the stations of every delay, so a test can
        check that no delay through an unsteady station is a number.
        """
        unknown = [s for s in through if s not in self.station_checks]
        if unknown:
            raise ValueError(f"delay {name!r} passes through {unknown}, not recorded with ch.stations(...); "
                             f"recorded: {sorted(self.station_checks)}")
        self.delay_stations[name] = list(through)
        reasons = [self.station_checks[s].reason for s in through if not self.station_checks[s].steady]
        if drift is not None and (getattr(drift, "drifts", False) or getattr(drift, "trends", False)):
            reasons.append(getattr(drift, "reason", None) or f"{name} trends within the run (batch means): "
                           "not a steady-state mean")
        if reasons:
            return self.undefined(name, "; ".join(reasons))
        return self.value_or_undefined(name, value if value is not None else math.nan,
                                       "the simulation gave no value", unit=unit)

    def judge(self, sentence: str, *, check: str | None = None, status: Sequence[str] = (),
              metric: str | None = None, above: float | None = None, below: float | None = None,
              otherwise: str = "", name: str | None = None) -> str:
        """A judging sentence composed from one record, printed only where its premise holds.

        The premise rests on either a check already on the scorecard (``check``: its id in a checks
        table, else its ``what``; it holds when the check's status is one of ``status``) or a metric
        (``metric``: it holds when the metric is defined at these parameters and lies strictly
        ``above`` and/or ``below`` the given bounds). Where the premise holds the sentence is returned
        (and glued as ``name`` if given); where it does not, ``otherwise`` (by default nothing). Both,
        the premise, the record's value and what was printed land in ``results.json`` under
        ``judgements``, so a test can check every printed judgement against its record.

        Raises
        ------
        ValueError
            for a premise that names no record or both, a check not on the scorecard, a metric premise
            without a bound, or a check premise without statuses.

        Examples
        --------
        >>> ch = Chapter.__new__(Chapter)
        >>> ch.judgements, ch.metrics, ch.undefined_metrics = [], {"u": 1.2}, {}
        >>> print(ch.judge("The host saturates.", metric="u", above=1.0))
        The host saturates.
        >>> ch.judge("The host is idle.", metric="u", below=0.1) == ""
        True
        >>> [j["holds"] for j in ch.judgements], ch.judgements[0]["record"]
        ([True, False], {'metric': 'u', 'value': 1.2})
        """
        premise, record, holds = self._premise(check, tuple(status), metric, above, below)
        printed = sentence if holds else otherwise
        self.judgements.append({"name": name, "sentence": sentence, "otherwise": otherwise, "premise": premise,
                                "record": record, "holds": holds, "printed": printed})
        if name is not None:
            self._check_name(name)
            _glue(name, GluedText(printed))
        return GluedText(printed)

    def _premise(self, check: str | None, status: tuple[str, ...], metric: str | None, above: float | None,
                 below: float | None) -> tuple[dict[str, Any], dict[str, Any], bool]:
        """(premise, the record it rests on, whether it holds) for :meth:`judge`."""
        if (check is None) == (metric is None):
            raise ValueError("ch.judge needs exactly one record: check=... or metric=...")
        if check is not None:
            if not status:
                raise ValueError(f"ch.judge on check {check!r} needs the statuses under which it holds (status=...)")
            found = next((c for c in self.scorecard.checks if getattr(c, "id", "") == check), None) or next(
                (c for c in self.scorecard.checks if c.what == check), None)
            if found is None:
                raise ValueError(f"ch.judge: no check {check!r} on the scorecard (add the checks before judging)")
            return ({"check": check, "status": list(status)}, {"check": check, "status": found.status},
                    found.status in status)
        if above is None and below is None:
            raise ValueError(f"ch.judge on metric {metric!r} needs a bound (above=... and/or below=...)")
        premise = {"metric": metric, **({"above": float(above)} if above is not None else {}),
                   **({"below": float(below)} if below is not None else {})}
        if metric not in self.metrics:
            reason = self.undefined_metrics.get(metric)
            if reason is None:
                raise ValueError(f"ch.judge: metric {metric!r} is not recorded (record it before judging)")
            return premise, {"metric": metric, "value": None, "undefined": reason}, False
        value = self.metrics[metric]
        holds = (above is None or value > above) and (below is None or value < below)
        return premise, {"metric": metric, "value": value}, holds

    def warn(self, what: str, why: str) -> None:
        """Record a warning (an instability, an answer outside a search grid, too few points).

        The runner shows every warning in a box at the top of the chapter page.
        """
        entry = {"what": str(what), "why": str(why)}
        if entry not in self.warnings:
            self.warnings.append(entry)

    def glue(self, name: str, value: Any) -> Any:
        """Glue a value for the prose without recording it as a metric (text, composed sentences); a
        sentence reaches the reader in the book's words (:func:`reader_words`)."""
        if isinstance(value, str):
            value = reader_words(value)
        _glue(name, value)
        self._figure_writer.poll()
        return value

    @staticmethod
    def _check_name(name: str) -> None:
        if not METRIC_NAME.match(name):
            raise ValueError(f"metric name {name!r} must be lower_snake_case")

    # -- figures and tables ----------------------------------------------------------------------
    def figure(self, fig, name: str, alt: str = "") -> None:
        """Save ``fig`` as ``figures/NAME.png`` and ``.svg`` and glue it as NAME.

        The PNG is written before this returns and the SVG is drawn in a forked process on a spare core
        (:class:`mmbook.figsave.FigureWriter`), complete when :meth:`save` returns. Under the runner
        (``MMPERF_DEFER_FIGURES=1``) the PNG is drawn in that process too, and the runner puts it into the
        executed notebook.

        ``alt`` describes what the figure shows (the book uses it as the image's alt text). The
        provenance - the code cell, the study function that drew it and the data tables passed to that
        function (see :func:`figure_origin`) - is recorded in ``coverage.json``, with what
        :func:`mmperf.plotting.check_overprint` (``overprint``) and :func:`mmperf.plotting.check_legible`
        (``too_small``) find in the figure as laid out; the book's tests require both lists empty.
        Returns nothing, so that a cell ending with this call shows no output.
        """
        if not FIGURE_NAME.match(name):
            raise ValueError(f"figure name {name!r} must look like 'fig-chapter-what'")
        if any(f["name"] == name for f in self.figures):
            raise ValueError(f"figure {name!r} recorded twice")
        png, svg = self.figures_dir / f"{name}.png", self.figures_dir / f"{name}.svg"
        origin = getattr(fig, ORIGIN_ATTR, None) or {}
        record = {"name": name, "png": f"figures/{png.name}", "svg": f"figures/{svg.name}",
                  "alt": alt.strip(), "cell": _execution_count(), "function": origin.get("function"),
                  "source": f"{origin['file']}:{origin['line']}" if origin else None,
                  "data_files": origin.get("data_files", []),
                  # filled in by measure_figure: at once, or under the runner by the process drawing the
                  # figure, from the layout it draws with (complete when save() returns)
                  "overprint": None, "too_small": None, "smallest_text_pt": None, "shown_dpi": fig.dpi}
        self.figures.append(record)
        self._figure_writer.save(fig, png, svg, measure=measure_figure, into=record)
        if self._figure_writer.defer_png:
            _glue(name, figsave.DeferredFigure(f"figures/{png.name}", fig.dpi, figsave.saved_dpi(fig)))
        else:
            _glue(name, figsave.displayed_png(png, shown_dpi=fig.dpi, saved_dpi=figsave.saved_dpi(fig)))
        import matplotlib.pyplot as plt

        plt.close(fig)

    def table(self, df: pd.DataFrame, name: str, index: bool = False, caption: str | None = None, **fmt: Any):
        """Save a regenerated table as ``tables/NAME.csv``, glue it, and return it for display.

        ``fmt`` goes to :func:`mmperf.tables.show_table` (``formats``, ``units``, ``status``, ``wrap``).
        ``caption`` is shown above the table; the book numbers it "Table 3.2: ..." apart from the figures
        (:func:`mmbook.sphinxext.number_table_captions`); without one the caption is made from ``name``
        (:func:`default_caption`). Column names reach the page as words (:func:`header_words`); the CSV
        keeps them as they are.
        """
        folder = self.output_dir / "tables"
        folder.mkdir(exist_ok=True)
        df.to_csv(folder / f"{name}.csv", index=index)
        source = data_file_of(df)  # a transcribed table shown as loaded names its file
        record = {"name": name, "csv": f"tables/{name}.csv", "cell": _execution_count(),
                  "data_files": [source] if source else []}
        self.tables.append(record)
        shown = ProvenancedTable(_worded(_show(df.reset_index() if index else df,
                                               caption=caption or default_caption(name, self.name), **fmt)),
                                 self._provenance_line(record))
        _glue(name, shown)
        self._figure_writer.poll()
        return shown

    def _provenance_line(self, record: dict[str, Any]) -> str:
        """Where a regenerated table comes from: chapter, cell, changed parameters, data, commit."""
        from mmbook.provenance import provenance_html, short_commit

        changed = ", ".join(f"{k} = {v['value']!r}" for k, v in self.defaults_differ().items()) or "none (the defaults)"
        if not hasattr(self, "_commit"):
            self._commit = short_commit() or "unknown"
        # the CSV sits beside the run's page (tables/NAME.csv); the book copies it and rewrites the link
        links = {"CSV": record["csv"]} if "csv" in record else None
        return provenance_html(self.name, record, changed, self._commit, links,
                               regenerated=f"Regenerated as <code>{html.escape(record['csv'])}</code> by "
                                           f"<code>mmbook run {html.escape(self.name)}</code>.")

    def score_table(self, table, run, audit: dict | None = None) -> None:
        """Add every check of a checks table (:mod:`mmperf.checktable`) for this run to the scorecard.

        ``run`` is the run's :class:`mmperf.checktable.RunRecord`; ``audit`` the independence audit's
        results (check id -> :class:`mmperf.checktable.AuditResult`), whose marks the scorecard shows.
        A check whose conditions this run's parameters break is recorded as not applicable.
        """
        from mmperf import checktable

        marks = checktable.marks(audit) if audit else None
        for check in checktable.evaluate(table, run, marks):
            self.scorecard.add(check)

    def scorecard_table(self):
        """The scorecard, statuses coloured and written, for display at the end of the chapter.

        Seven columns, so that it fits the text column, the verdict first: the note is folded into *what*,
        the reason into *tolerance*. A chapter with a checks table shows an eighth, the independence audit's mark, and
        a derived value compared with is labelled so beside the paper's print.
        """
        table = self.scorecard.table()
        records = self.scorecard.to_records()
        table["what"] = [w if not n else f"{w} ({n})" for w, n in zip(table["what"], table["note"], strict=True)]
        table["tolerance"] = [(r if t == "—" else f"{t}: {r}") if r else t
                              for t, r in zip(table["tolerance"], table["reason"], strict=True)]
        table = table.drop(columns=["note", "reason"])
        table["where"] = [_where_cell(r) for r in records]
        if any("id" in r for r in records):
            table["paper"] = [_paper_cell(r) for r in records]
            table["audit"] = [r.get("audit", "") for r in records]
        # the verdict first: on a phone the box scrolls sideways and the verdict must be on screen
        table = table[["status", *(c for c in table.columns if c != "status")]]
        shown = _show(table, status="status", wrap=["what", "where", "tolerance", "paper", "audit"]
                      if "audit" in table else ["what", "where", "tolerance"],
                      caption="Reproduction scorecard: every check of this run")
        from mmperf.checks import predictions_headline

        head = predictions_headline(records)
        # "open" would read as a review status: the summary says what unfolding the box shows
        predictions = (f"predictions reproduced / applicable {head['reproduced']} / {head['applicable']}"
                       if head["applicable"] else "none of them a prediction")
        checks = f"{len(records)} check" + ("" if len(records) == 1 else "s")
        summary = f"Scorecard: {checks}, {predictions} (unfold for every check)"
        return Collapsed(_worded(shown), summary)

    def coverage_table(self):
        """The coverage table (every table and figure of the study and how it is regenerated), collapsed
        under a one-line summary; an item the book redraws links to its figure."""
        table = self.coverage.table()
        shown = _worded(_show(table, wrap=["item", "how", "note"],
                              caption="Coverage: every table and figure of the source text"))
        summary = f"Coverage: {len(table)} tables and figures of the source text, each with how it is regenerated"
        return Collapsed(shown, summary, links=self._coverage_links(table), kind="mm-coverage")

    def _coverage_links(self, table: pd.DataFrame) -> dict[int, str]:
        """Row -> the id of the book figure that redraws the paper's item of that row (see
        :func:`coverage_figure_links`)."""
        return coverage_figure_links(list(table["item"]) if "item" in table else [],
                                     [f["name"] for f in self.figures])

    def totals(self) -> dict[str, int]:
        return self.scorecard.totals()

    def scorecard_summary(self) -> str:
        """A sentence counting this run's checks by kind and status (glue it into the prose)."""
        return summary_sentence(self.scorecard.to_records())

    # -- output ----------------------------------------------------------------------------------
    def defaults_differ(self) -> dict[str, dict[str, Any]]:
        """The parameters of this run that differ from the chapter's defaults."""
        defaults = self.spec.defaults()
        return {k: {"default": defaults[k], "value": v} for k, v in self.parameters.items() if v != defaults[k]}

    def save(self) -> Path:
        """Write ``results.json`` and ``coverage.json`` (once every figure is on disk); return the results path."""
        self._figure_writer.wait()
        records = self.scorecard.to_records()
        results = {
            "chapter": self.name,
            "parameters": self.parameters,
            "defaults": self.spec.defaults(),
            "defaults_differ": self.defaults_differ(),
            "metrics": self.metrics,
            "units": self.units,
            "undefined": self.undefined_metrics,
            "warnings": self.warnings,
            "stations": [{"station": c.station, "utilisation": c.utilisation if math.isfinite(c.utilisation)
                          else None, "steady": c.steady, "loses_work": c.loses_work, "reason": c.reason}
                         for c in self.station_checks.values()],
            "delay_stations": self.delay_stations,
            "checks": records,
            "headline": headline(records),
            "predictions": predictions_headline(records),
            "counts": self.scorecard.counts(),
            "judgements": self.judgements,
        }
        if any("id" in r for r in records):
            from mmperf.checktable import audit_summary

            results["audit"] = audit_summary([r for r in records if r["evidence"] == "prediction"])
        file = self.output_dir / "results.json"
        file.write_text(strict_json(results), encoding="utf-8")
        if not hasattr(self, "_commit"):
            from mmbook.provenance import short_commit

            self._commit = short_commit() or "unknown"
        coverage = {"chapter": self.name, "title": self.spec.title, "commit": self._commit,
                    "items": self.coverage.to_records(), "figures": self.figures, "tables": self.tables}
        (self.output_dir / "coverage.json").write_text(strict_json(coverage), encoding="utf-8")
        return file


#: a source-text line reference as the chapters write it ("seed 002 line 108", "seed lines 246-248",
#: "line 1449", "lines 118 and 140-142"): provenance for the book's reviewers, not something a reader
#: holding the paper can find
SOURCE_LINE = re.compile(r"(?:seed\s+(?:\d+\s+)?|source text,?\s+)?\blines?\s+\d+(?:\s*[-–,]\s*\d+)*"
                         r"(?:\s+and\s+\d+(?:\s*[-–]\s*\d+)?)?", re.I)


def reader_location(where: str) -> str:
    """Where a reader holding the paper finds a value: the section, table, figure or equation of ``where``,
    without the source text's line numbers (they stay in the check's provenance, ``source``).

    Examples
    --------
    >>> reader_location("Section 5.1 (seed line 195); Section 6 (seed line 325)")
    'Section 5.1; Section 6'
    >>> reader_location("Sec. 4.6.4 line 1449; line 1387")
    'Sec. 4.6.4'
    >>> reader_location("Sec. 4.6.1, seed line 1387")
    'Sec. 4.6.1'
    >>> reader_location("Table 4.2; analysis rate seed line 1334")
    'Table 4.2; analysis rate'
    >>> reader_location("Table 2 (seed lines 118 and 140-142)")
    'Table 2'
    >>> reader_location("seed line 12")  # nothing else to say: keep the reference rather than nothing
    'source text line 12'
    """
    text = SOURCE_LINE.sub("", where)
    text = re.sub(r"\(\s*[,;]?\s*\)", "", text)          # an emptied parenthesis
    text = re.sub(r"\s*[,;]\s*(?=[,;]|$)", "", text)       # a separator left before another or at the end
    text = re.sub(r"\s+(?=[,;)])", "", text)
    text = re.sub(r"\s{2,}", " ", text).strip(" ,;")
    return text or re.sub(r"\bseed\b", "source text", where)


#: the study's text in the sense of "the paper" ("the seed says", "seed line 12"), never the random-number
#: generator's ``seed`` parameter ("the base seed", "seeded replications", "the chapter's default seed")
_SEED_TEXT = re.compile(r"(?<![-`\w])(?:(?P<the>[Tt]he)\s+)?(?P<seed>[Ss])eed(?P<own>'s)?(?P<line>\s+(?:\d{3}\s+)?lines?\b)?(?![-`\w])")
_LINE_PARENTHESIS = re.compile(r"(?P<space>\s?)\((?P<inner>[^()]*?\bseed\s+(?:\d{3}\s+)?lines?\s+\d[^()]*)\)")


def reader_words(text: str) -> str:
    """Text for a reader of the book: the study's text is its *source text* (book/source-texts.md), never
    the "seed"; a parenthesis citing source-text lines keeps only what a reader holding the paper can find
    (:func:`reader_location`) or goes, the lines staying in the check's provenance. The random-number
    generator's seed ("the base seed", "seeded") is left alone.

    Examples
    --------
    >>> reader_words("The paper prints 74 Mbit/s (seed lines 118 and 140); the seed says 3.")
    'The paper prints 74 Mbit/s; the source text says 3.'
    >>> reader_words("falls to 20.0 frames/s (Table 2, seed lines 151-154). The seed's caption, in the seed.")
    "falls to 20.0 frames/s (Table 2). The source text's caption, in the source text."
    >>> reader_words("a sentence of seed line 626; seed 004 line 9. Seed line 205 says")
    'a sentence of source text line 626; source text line 9. Source text line 205 says'
    >>> reader_words("the base seed, the chapter's default seed and seeded runs; seed_table")
    "the base seed, the chapter's default seed and seeded runs; seed_table"
    """
    def parenthesis(m: re.Match) -> str:
        kept = reader_location(m["inner"])
        return "" if "source text" in kept or not kept.strip() else f"{m['space']}({kept})"

    def word(m: re.Match) -> str:
        if not (m["the"] or m["own"] or m["line"]):  # a lone "seed" may be the generator's: left alone
            return m[0]
        the = f"{m['the']} " if m["the"] else ""
        line = (" lines" if m["line"].rstrip().endswith("s") else " line") if m["line"] else ""
        source = "Source" if m["seed"] == "S" and not the else "source"
        return f"{the}{source} text{m['own'] or ''}{line}"

    text = _LINE_PARENTHESIS.sub(parenthesis, text)
    return _SEED_TEXT.sub(word, text)


def _where_cell(record: dict[str, Any]) -> str:
    """Where a check sits in the paper, as a reader holding it can find it (see :func:`reader_location`).

    Examples
    --------
    >>> _where_cell({"where": "Table 1", "source": "seed 002 line 108: 'Throughput 8.4'"})
    'Table 1'
    """
    return reader_location(str(record["where"]))


def _paper_cell(record: dict[str, Any]) -> str | float:
    """The paper column of a checks-table check: what the paper prints, and a derived value labelled so."""
    paper = record["paper"]
    if record.get("derived") is None:
        return paper
    shown = f"{paper:g}" if isinstance(paper, float) else str(paper)
    how = f" = {record['derived_how']}" if record.get("derived_how") else ""
    return f"{shown}; derived: {record['derived']:.4g}{how}"


#: notations and abbreviations in column names, as a reader of the paper writes them
HEADER_NOTATION = {"n_1/2": "n½", "n_half_bytes": "n½", "n_half": "n½", "r_max": "rₘₐₓ",
                   "ci95_low": "95 % CI low", "ci95_high": "95 % CI high",
                   "ci95_left": "95 % CI low", "ci95_right": "95 % CI high", "ci95": "95 % CI"}
#: a last word of a column name that is its unit
HEADER_UNITS = {"ms": "ms", "s": "s", "us": "µs", "mbps": "Mbit/s", "pct": "%", "kb": "KB", "mb": "MB",
                "mhz": "MHz", "hz": "Hz", "fps": "frames/s"}


def header_words(header: str) -> str:
    """A column header as words with its unit: no snake_case reaches a page.

    The words before a unit in parentheses are rewritten: notations (``n_1/2``, ``r_max``, ``ci95_low``)
    as the paper writes them, ``6_2`` as ``6.2``, a last word that is a unit (``_ms``, ``_mbps``, ``_pct``)
    as the unit in parentheses (dropped when the header already gives one), a count over a run
    (``_200s``) as "in 200 s", and the remaining underscores as spaces. A header with no underscore is
    unchanged.

    Examples
    --------
    >>> header_words("bare_count_200s"), header_words("ci95_left"), header_words("IPX_per_byte_ms")
    ('bare count in 200 s', '95 % CI low', 'IPX per byte (ms)')
    >>> header_words("error_pct (%)"), header_words("table_6_2_sum_s"), header_words("Direct n_1/2 (byte)")
    ('error (%)', 'table 6.2 sum (s)', 'Direct n½ (byte)')
    >>> header_words("ours (ms)"), header_words("z_na_mbps (Mbit/s)"), header_words("network_jitter")
    ('ours (ms)', 'z na (Mbit/s)', 'network jitter')
    >>> header_words("frames_per_s"), header_words("r_max_Mbit_s"), header_words("n_half_bytes (byte)")
    ('frames per second', 'rₘₐₓ (Mbit/s)', 'n½ (byte)')
    >>> header_words("slope_ci_high (10⁹ µs²)")
    'slope CI high (10⁹ µs²)'
    """
    name, sep, unit = header.partition(" (")
    if "_" not in name:
        return header
    for notation, words in HEADER_NOTATION.items():
        name = name.replace(notation, words)
    name = re.sub(r"(\d)_(\d)", r"\1.\2", name)
    rate = re.search(r"_([MKkG]?(?:bit|Byte|byte|B))_s$", name)  # r_max_Mbit_s: a unit per second
    if rate and not sep:
        name, sep, unit = name[:rate.start()], " (", f"{rate[1]}/s)"
    words = ["CI" if w == "ci" else w for w in name.split("_")]
    last = words[-1]
    if len(words) > 2 and words[-2] == "per" and last.lower() in HEADER_UNITS:  # frames_per_s
        words[-1] = "second" if last == "s" else HEADER_UNITS[last.lower()]
    elif len(words) > 1 and last.lower() in HEADER_UNITS:
        words = words[:-1]
        if not sep:
            sep, unit = " (", HEADER_UNITS[last.lower()] + ")"
    elif len(words) > 1 and re.fullmatch(r"\d+s", last):
        words[-1] = f"in {last[:-1]} s"
    return " ".join(words) + sep + unit


_E_NUMBER = re.compile(r"(?<![\w.])(?P<m>-?\d+(?:\.(?P<d>\d+))?)[eE](?P<e>[+-]?\d+)\b")
_OPEN_RANGE = re.compile(r"\[(?P<a>[^,\[\]]+), inf\]|\[-inf, (?P<b>[^,\[\]]+)\]")


def readable_numbers(text: str) -> str:
    """Numbers in a table cell as people write them: no ``3.396e+06``, ``0.0e+00`` or ``[2000, inf]``.

    A number in e-notation keeps its significant digits (:func:`mmperf.tables.sig`); a range open at one
    end becomes a bound; a lone ``inf`` becomes ∞.

    Examples
    --------
    >>> readable_numbers("3.396e+06 [3.384e+06, 3.407e+06]")
    '3,396,000 [3,384,000, 3,407,000]'
    >>> readable_numbers("0.0e+00"), readable_numbers("±1e-12: exact"), readable_numbers("0 to 2.5e-05")
    ('0', '±1×10⁻¹²: exact', '0 to 2.5×10⁻⁵')
    >>> readable_numbers("[2000, inf] soldiers"), readable_numbers("[-inf, 3] ms"), readable_numbers("inf")
    ('≥ 2000 soldiers', '≤ 3 ms', '∞')
    >>> readable_numbers("frame 1e3x and 802.11e")  # not a number on its own: unchanged
    'frame 1e3x and 802.11e'
    """
    from mmperf.tables import sig

    def number(m: re.Match) -> str:
        digits = len((m["m"].lstrip("-").split(".")[0] + (m["d"] or "")).lstrip("0")) or 1
        return sig(float(m[0]), digits)

    text = _OPEN_RANGE.sub(lambda m: f"≥ {m['a']}" if m["a"] is not None else f"≤ {m['b']}", text)
    text = _E_NUMBER.sub(number, text)
    return "∞" if text.strip() == "inf" else text


def _worded(table):
    """``table`` (an :class:`mmperf.tables.Table`) with its headers as words (:func:`header_words`) and
    its numbers as people write them (:func:`readable_numbers`)."""
    table.header = [reader_words(header_words(h)) for h in table.header]
    table.rows = [[reader_words(readable_numbers(cell)) for cell in row] for row in table.rows]
    if table.caption:
        table.caption = reader_words(readable_numbers(table.caption))
    return table


def default_caption(name: str, chapter: str) -> str:
    """A caption made from a table's name when the chapter gives none: the paper's table it regenerates,
    else the name in words without the chapter's prefix.

    Examples
    --------
    >>> default_caption("claypool_load_table5_1", "claypool-load"), default_caption("table2_4", "hsieh-messaging")
    ("The source text's Table 5.1, regenerated", "The source text's Table 2.4, regenerated")
    >>> default_caption("table-sharp-fits", "sharp"), default_caption("claypool_load_soldier_limits", "claypool-load")
    ('Fits', 'Soldier limits')
    >>> default_caption("claypool-jitter-table32-pairs", "claypool-jitter")
    "The source text's Table 3.2 (pairs), regenerated"
    >>> default_caption("table-sharp-table1-ours", "sharp"), default_caption("hsieh_messaging_review", "hsieh-messaging")
    ("The source text's Table 1 (ours), regenerated", "The chapter's review: findings, our responses and what changed")
    """
    stem = re.sub(r"[-_]+", "_", name)
    for prefix in (chapter.replace("-", "_") + "_", "table_" + chapter.replace("-", "_") + "_", "table_"):
        if stem.startswith(prefix) and len(stem) > len(prefix):
            stem = stem[len(prefix):]
    stem = re.sub(r"^table(\d)(\d)(?=_|$)", r"table\1_\2", stem)  # table31: a thesis's Table 3.1
    paper = re.fullmatch(r"table_?(\d+)(?:_(\d+))?(?:_(?P<rest>[a-z_]+))?", stem)
    if paper:
        number = paper[1] + (f".{paper[2]}" if paper[2] else "")
        rest = f" ({paper['rest'].replace('_', ' ')})" if paper["rest"] else ""
        return f"The source text's Table {number}{rest}, regenerated"
    if stem == "review":
        return "The chapter's review: findings, our responses and what changed"
    words = stem.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


_PAPER_ITEM = re.compile(r"(Figure|Table)s?\s+(\d+)(?:\.(\d+))?")
_BOOK_ITEM = re.compile(r"-(fig|table)(\d+)(?:-(\d+))?(?:-(\d+))?$")


def coverage_figure_links(items: Sequence[str], figures: Sequence[str]) -> dict[int, str]:
    """Row of the coverage table -> the book figure that redraws that item of the paper.

    A book figure names what it redraws at the end of its id: ``...-fig5-2-5`` is Figures 5.2 to 5.5 of a
    source text numbered by chapter, ``...-fig6`` (or ``...-fig4-5``) Figure 6 (or Figures 4 and 5) of one
    numbered straight through, ``...-table2`` its Table 2.

    Examples
    --------
    >>> figs = ["fig-c-method", "fig-c-fig5-1", "fig-c-fig5-2-5", "fig-z-fig6", "fig-z-table2"]
    >>> coverage_figure_links(["Figure 5.1", "Figure 5.3", "Figure 5.6", "Figure 6", "Table 2", "Eq. 1"], figs)
    {0: 'fig-c-fig5-1', 1: 'fig-c-fig5-2-5', 3: 'fig-z-fig6', 4: 'fig-z-table2'}
    """
    spans = []
    for fig in figures:
        m = _BOOK_ITEM.search(fig)
        if m:
            numbers = [int(n) for n in m.groups()[1:] if n is not None]
            spans.append((fig, "Figure" if m[1] == "fig" else "Table", numbers))
    links = {}
    for row, item in enumerate(items):
        m = _PAPER_ITEM.match(str(item).strip())
        if not m:
            continue
        kind, major, minor = m[1], int(m[2]), m[3]
        for fig, fig_kind, numbers in spans:
            if fig_kind != kind:
                continue
            if minor is not None:
                hit = len(numbers) >= 2 and numbers[0] == major and numbers[1] <= int(minor) <= numbers[-1]
            else:
                hit = numbers[0] <= major <= numbers[-1] and len(numbers) <= 2
            if hit:
                links[row] = fig
                break
    return links


class Collapsed:
    """A long table (the scorecard, the coverage list) shown folded under a one-line summary (an HTML
    ``<details>``); ``links`` makes the first cell of a row a link to a figure of the page (row -> id).

    Examples
    --------
    >>> import pandas as pd
    >>> shown = _show(pd.DataFrame({"item": ["Figure 1", "Table 1"], "how": ["redrawn", "copied"]}))
    >>> html_text = Collapsed(shown, "Coverage: 2 items", {0: "fig-x-fig1"})._repr_html_()
    >>> html_text.startswith('<details class="mm-collapsed"><summary>Coverage: 2 items</summary>')
    True
    >>> '<td><a href="#fig-x-fig1">Figure 1</a></td>' in html_text, html_text.count("<a href")
    (True, 1)
    """

    def __init__(self, table: Any, summary: str, links: dict[int, str] | None = None, kind: str = "") -> None:
        self.table = table
        self.summary = summary
        self.links = links or {}
        self.kind = kind  # an extra class: "mm-coverage" lets the book link rows to figures by their captions

    def _linked_rows(self, body: str) -> str:
        head, sep, rows = body.partition("<tbody>")
        parts = rows.split("<tr>")
        for row, target in self.links.items():
            if row + 1 < len(parts):
                parts[row + 1] = re.sub(r"^<td([^>]*)>(.*?)</td>",
                                        lambda m, to=target: f'<td{m[1]}><a href="#{html.escape(to)}">{m[2]}</a></td>',
                                        parts[row + 1], count=1, flags=re.S)
        return head + sep + "<tr>".join(parts)

    def _repr_html_(self) -> str:
        classes = f"mm-collapsed {self.kind}".strip()
        return (f'<details class="{classes}"><summary>{html.escape(self.summary)}</summary>'
                f"{self._linked_rows(self.table._repr_html_())}</details>")

    def __getattr__(self, name: str) -> Any:  # rows, header, data: the folded table's
        if name == "table":
            raise AttributeError(name)
        return getattr(self.table, name)

    def __len__(self) -> int:
        return len(self.table)

    def __str__(self) -> str:
        return f"{self.summary}\n{self.table}"

    def __repr__(self) -> str:
        return str(self)


class ProvenancedTable:
    """A displayed table with its provenance line under it (HTML); prints as the plain table."""

    def __init__(self, table: Any, provenance: str) -> None:
        self.table = table
        self.provenance = provenance

    def _repr_html_(self) -> str:
        return self.table._repr_html_() + self.provenance

    def __str__(self) -> str:
        return str(self.table)

    def __repr__(self) -> str:
        return str(self.table)


def _show(df: pd.DataFrame, **fmt: Any):
    from mmperf.tables import show_table

    return show_table(df, **fmt)


def strict_json(document: dict[str, Any]) -> str:
    """``document`` as strict JSON text (``allow_nan=False``: no bare ``NaN`` or ``Infinity``, which
    JavaScript's ``JSON.parse`` and other strict parsers reject).

    Every float that is not finite becomes ``null``, and the key ``null_reasons`` maps its place to
    why: for a value inside a check, the check's ``note`` (where ``na_reason`` is recorded) when the
    check is *not applicable*, else "not a finite number (nan)".

    Examples
    --------
    >>> print(strict_json({"checks": [{"ours": float("nan"), "status": "not applicable",
    ...                                "note": "the queue is unstable"}], "x": 1.5}))
    {
      "checks": [
        {
          "ours": null,
          "status": "not applicable",
          "note": "the queue is unstable"
        }
      ],
      "x": 1.5,
      "null_reasons": {
        "checks[0].ours": "the queue is unstable"
      }
    }
    <BLANKLINE>
    """
    reasons: dict[str, str] = {}

    def clean(value: Any, where: str, context: dict[str, Any] | None) -> Any:
        if hasattr(value, "item") and not isinstance(value, list | dict | tuple):  # a numpy scalar
            value = value.item()
        if isinstance(value, float) and not math.isfinite(value):
            if context is not None and context.get("status") == "not applicable" and context.get("note"):
                reasons[where] = str(context["note"])
            else:
                reasons[where] = f"not a finite number ({value})"
            return None
        if isinstance(value, dict):
            inner = value if "status" in value else context
            return {k: clean(v, f"{where}.{k}" if where else str(k), inner) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [clean(v, f"{where}[{i}]", context) for i, v in enumerate(value)]
        return value

    cleaned = clean(document, "", None)
    if reasons:
        cleaned["null_reasons"] = {**cleaned.get("null_reasons", {}), **reasons}
    return json.dumps(cleaned, indent=2, default=_json_default, allow_nan=False) + "\n"


def _json_default(x: Any) -> Any:
    if hasattr(x, "item"):
        return x.item()
    raise TypeError(f"cannot store {type(x).__name__} in results.json")
