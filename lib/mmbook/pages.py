"""What the reader of a run sees around the executed notebook: the warnings box, the what-if banner, the
"run this chapter yourself" box, the headline comparison with the book's build, and the standalone HTML
page. :mod:`mmbook.runner` executes; this module decorates.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from mmbook import params as params_mod
from mmbook.usercache import user_cached
from mmperf import paths


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
    box = with_rerun_command(box, spec, results.get("defaults_differ") or {})
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

    An undefined result is given in words, its reason; its internal name stays in ``results.json``:

    >>> box = warnings_box({"warnings": [], "undefined": {"vc_pi_soldier_limit": "zero soldiers overload it"}})
    >>> "zero soldiers overload it" in box, "vc_pi_soldier_limit" in box
    (True, False)
    """
    warns = results.get("warnings") or []
    undefined = results.get("undefined") or {}
    if not warns and not undefined:
        return ""
    items = "".join(f"<li><strong>{html.escape(w['what'])}</strong>: {html.escape(w['why'])}</li>" for w in warns)
    items += "".join(f"<li><strong>A result is undefined</strong>: {html.escape(v)}</li>" for v in undefined.values())
    return (f'<div class="admonition warning mmbook-warnings"><p class="admonition-title">'
            f"Warnings of this run ({len(warns)} warning{'s' if len(warns) != 1 else ''}, "
            f"{len(undefined)} undefined result{'s' if len(undefined) != 1 else ''})</p><ul>{items}</ul>"
            "<p>Where a check of the scorecard depends on one of these results, it is marked <em>not "
            "applicable</em> rather than given a verdict. The run's <code>results.json</code> names each undefined "
            "result under <code>undefined</code>.</p></div>")


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

    from mmbook.chapter import reader_words
    from mmperf.tables import show_table

    # the run box is also the downloadable notebook's first cell, where no page filter rewrites it: the help
    # texts in the book's words (a source-text line stays in the spec, for `mmbook params`)
    table = pd.DataFrame([{"parameter": p.name, "default": _plain(p.default), "allowed": p.allowed(),
                           "unit": p.unit or "", "meaning": reader_words(p.help)} for p in spec.parameters.values()])
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


def with_rerun_command(box: str, spec: params_mod.ChapterSpec, differ: dict[str, Any]) -> str:
    """The run box of a what-if shows the command that repeats this run (every parameter that differs from
    the defaults, with this run's value), not the example the book's own page shows.

    Examples
    --------
    >>> from mmbook.params import ChapterSpec, ParamSpec
    >>> spec = ChapterSpec("x", "X", 1, None, (), {"rate": ParamSpec("rate", "float", 30.0, help="h")})
    >>> box = "<pre><code>mmbook run x --output runs/x -p rate 30</code></pre>"
    >>> with_rerun_command(box, spec, {"rate": {"default": 30.0, "value": 55.0}})
    '<pre><code>mmbook run x --output runs/x -p rate 55</code></pre>'
    >>> with_rerun_command(box, spec, {}) == box
    True
    """
    import shlex

    if not differ:
        return box
    args = "".join(f" -p {shlex.quote(name)} {shlex.quote(_plain(d['value'] if isinstance(d, dict) else d))}"
                   for name, d in differ.items())
    command = html.escape(f"mmbook run {spec.name} --output runs/{spec.name}{args}")
    return re.sub(r"<pre><code>mmbook run .*?</code></pre>", lambda m: f"<pre><code>{command}</code></pre>", box,
                  count=1, flags=re.S)


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
    # by module name, not by folder: tables is the library's (mmperf), pages (the box itself) and params the engine's
    parts += [module_file(code).read_bytes() for code in ("mmbook.pages", "mmperf.tables", "mmbook.params")]
    parts.append(f"{spec.name}|book={book}".encode())
    made = user_cached("pages", f"runbox-{spec.name}", ".html", parts,
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


def export_page_html(notebook, target: Path, spec: params_mod.ChapterSpec, results: dict[str, Any],
                 exporter=None) -> None:
    from mmbook.standalone import export_html

    export_html(notebook, target, headline_comparison=headline_comparison(spec, results), exporter=exporter)


def headline_comparison(spec: params_mod.ChapterSpec, results: dict[str, Any]) -> list[dict[str, Any]]:
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
