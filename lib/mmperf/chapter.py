"""What a chapter notebook records: its parameters, metrics, checks, coverage and figures.

A notebook starts, right after its ``parameters`` cell, with::

    ch = Chapter.start("zeadally", globals())

which checks every parameter against ``notebooks/zeadally.yml`` (so a bad value fails in
the first cell, before any simulation) and prepares ``output_dir``. It then records::

    ch.metric("eq1_throughput_mbps", r)          # a key output, also glued for the prose
    ch.scorecard.compare(...)                    # reproduction checks
    ch.coverage.add(...)                         # how each table/figure is regenerated
    ch.figure(fig, "fig-zeadally-eq1")           # PNG in output_dir/figures + glued figure

and ends with ``ch.save()``, which writes ``results.json`` (keys ``parameters``,
``metrics``, ``checks``) and ``coverage.json``.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pandas as pd

from mmperf import params as params_mod
from mmperf import paths
from mmperf.checks import Coverage, Scorecard

METRIC_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
FIGURE_NAME = re.compile(r"^fig-[a-z0-9-]+$")


def _glue(name: str, value: Any) -> None:
    try:
        from myst_nb import glue
    except ImportError:  # outside the book toolchain the value is still recorded
        return
    glue(name, value, display=False)


class Chapter:
    """The record of one chapter run."""

    def __init__(self, name: str, parameters: dict[str, Any], output_dir: str | Path | None = None) -> None:
        self.name = name
        self.spec = params_mod.load_chapter(name)
        self.parameters = self.spec.resolve(parameters)
        self.output_dir = Path(output_dir) if output_dir else paths.build_dir() / "scratch" / name
        self.figures_dir = self.output_dir / "figures"
        self.figures_dir.mkdir(parents=True, exist_ok=True)
        self.metrics: dict[str, float] = {}
        self.figures: list[str] = []
        self.scorecard = Scorecard(name)
        self.coverage = Coverage(name)

    @classmethod
    def start(cls, name: str, namespace: dict[str, Any]) -> Chapter:
        """Collect the chapter's parameters (and ``output_dir``) from the notebook's namespace.

        Raises
        ------
        mmperf.params.ParameterError
            if a parameter is missing from the namespace or has a bad value.
        """
        spec = params_mod.load_chapter(name)
        missing = [p for p in spec.parameters if p not in namespace]
        if missing:
            raise params_mod.ParameterError(f"chapter {name!r}: parameters cell does not define {missing}")
        return cls(name, {p: namespace[p] for p in spec.parameters}, namespace.get("output_dir"))

    def metric(self, name: str, value: float, glue: bool = True) -> float:
        """Record a key numeric output (and glue it under the same name for the prose)."""
        if not METRIC_NAME.match(name):
            raise ValueError(f"metric name {name!r} must be lower_snake_case")
        number = float(value)
        self.metrics[name] = number
        if glue:
            _glue(name, number)
        return number

    def glue(self, name: str, value: Any) -> Any:
        """Glue a value for the prose without recording it as a metric (text, tables)."""
        _glue(name, value)
        return value

    def figure(self, fig, name: str) -> None:
        """Save ``fig`` as ``figures/NAME.png`` and glue it as NAME for a ``{glue:figure}`` directive.

        Returns nothing, so that a cell ending with this call shows no output (the figure appears
        where the directive places it, with its caption).
        """
        if not FIGURE_NAME.match(name):
            raise ValueError(f"figure name {name!r} must look like 'fig-chapter-what'")
        if name in self.figures:
            raise ValueError(f"figure {name!r} recorded twice")
        file = self.figures_dir / f"{name}.png"
        fig.savefig(file)
        self.figures.append(name)
        _glue(name, fig)
        import matplotlib.pyplot as plt

        plt.close(fig)

    def table(self, df: pd.DataFrame, name: str, index: bool = False) -> pd.DataFrame:
        """Save a regenerated table as ``tables/NAME.csv`` and glue it for the prose."""
        folder = self.output_dir / "tables"
        folder.mkdir(exist_ok=True)
        df.to_csv(folder / f"{name}.csv", index=index)
        _glue(name, df)
        return df

    def scorecard_table(self) -> pd.io.formats.style.Styler:
        """The scorecard, coloured by status, for display at the end of the chapter."""
        colours = {"reproduced": "#d9f2e3", "target met": "#e3ecf7", "not reproduced": "#fbe0d6",
                   "target missed": "#fbe0d6"}
        table = self.scorecard.table().drop(columns=["unit"])
        table["paper"] = table["paper"].map(_short)
        table["ours"] = table["ours"].map(_short)
        return (_compact(table.style.hide(axis="index"))
                .map(lambda s: f"background-color: {colours.get(s, '')}", subset=["status"]))

    def coverage_table(self) -> pd.io.formats.style.Styler:
        """The coverage table (every table and figure of the study and how it is regenerated)."""
        return _compact(self.coverage.table().style.hide(axis="index"))

    def totals(self) -> dict[str, int]:
        return self.scorecard.totals()

    def save(self) -> Path:
        """Write ``results.json`` and ``coverage.json``; return the results path."""
        bad = {k: v for k, v in self.metrics.items() if not math.isfinite(v)}
        if bad:
            raise ValueError(f"metrics are not finite: {bad}")
        results = {
            "parameters": self.parameters,
            "metrics": self.metrics,
            "checks": self.scorecard.to_records(),
        }
        file = self.output_dir / "results.json"
        file.write_text(json.dumps(results, indent=2, default=_json_default) + "\n", encoding="utf-8")
        coverage = {"chapter": self.name, "title": self.spec.title, "items": self.coverage.to_records(),
                    "figures": self.figures}
        (self.output_dir / "coverage.json").write_text(json.dumps(coverage, indent=2) + "\n", encoding="utf-8")
        return file


def _compact(styler: pd.io.formats.style.Styler) -> pd.io.formats.style.Styler:
    """Smaller type and left-aligned text, so wide reference tables stay readable in the book."""
    return styler.set_table_styles([
        {"selector": "td, th", "props": "font-size: 0.82em; padding: 3px 6px; text-align: left; "
                                       "vertical-align: top;"},
    ])


def _short(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


def _json_default(x: Any) -> Any:
    if hasattr(x, "item"):
        return x.item()
    raise TypeError(f"cannot store {type(x).__name__} in results.json")
