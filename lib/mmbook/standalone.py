"""A standalone HTML page of an executed chapter, readable without Jupyter Book.

The book renders MyST constructs (glued numbers and figures, admonitions, dropdowns,
cross-references) with Sphinx. A re-run made with ``mmbook run`` gets a single HTML page
from nbconvert instead, so before export the MyST constructs are rewritten into plain
Markdown/HTML: glued values are substituted, glued figures become embedded images with
their captions, dropdowns become ``<details>``, admonitions become block quotes.
"""

from __future__ import annotations

import copy
import re
from typing import Any

#: myst-nb's glue format: a glued value's displayed data is stored under this prefix (mmbook.chapter writes
#: it, this module reads it back; defined here because this module is the lighter of the two to import)
GLUE_PREFIX = "application/papermill.record/"
ROLE = re.compile(r"\{glue(?::text|:md|:any|:)?\}`([^`:]+)(?::([^`]*))?`")
OTHER_ROLE = re.compile(r"\{[a-z]+(?::[a-z]+)?\}`([^`]*)`")
FENCE = re.compile(r"^(`{3,}|:{3,})\{([a-z:-]+)\}[ \t]*(.*?)\n(.*?)^\1[ \t]*$", re.S | re.M)


def glued_values(nb) -> dict[str, dict[str, Any]]:
    """Map each glued name to its mime bundle (without the papermill prefix)."""
    values = {}
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                values[name] = {k[len(GLUE_PREFIX):]: v for k, v in out.get("data", {}).items()
                                if k.startswith(GLUE_PREFIX)}
                width = out.get("metadata", {}).get("image/png", {}).get("width")
                if width:  # the size the figure is shown at (mmbook.figsave.displayed_png)
                    values[name]["width"] = width
    return values


def _format_text(bundle: dict[str, Any], fmt: str | None) -> str:
    text = str(bundle.get("text/plain", "")).strip("'\"")
    if fmt:
        try:
            return format(float(text), fmt)
        except ValueError:
            return text
    return text


def _render_bundle(bundle: dict[str, Any], caption: str = "") -> str:
    if "image/png" in bundle:
        width = f' width="{int(bundle["width"])}"' if bundle.get("width") else ""
        html = (f'<img alt="{caption[:80]}" src="data:image/png;base64,{bundle["image/png"]}"{width} '
                'style="max-width:100%; height:auto">')
    elif "text/html" in bundle:
        html = bundle["text/html"]
    else:
        html = f"<pre>{bundle.get('text/plain', '')}</pre>"
    if caption:
        return f"<figure>\n{html}\n<figcaption><em>{caption}</em></figcaption>\n</figure>\n"
    return html + "\n"


def _body_without_options(body: str) -> str:
    return "\n".join(line for line in body.splitlines() if not re.match(r"^:[a-z-]+:", line)).strip()


def rewrite_markdown(text: str, values: dict[str, dict[str, Any]]) -> str:
    r"""Rewrite the MyST constructs of one markdown cell into plain Markdown/HTML.

    Examples
    --------
    >>> vals = {"w": {"text/plain": "2.0"}}
    >>> rewrite_markdown("The wait is {glue:text}`w:.2f` s, see {numref}`fig-x`.", vals)
    'The wait is 2.00 s, see fig-x.'
    >>> rewrite_markdown("```{solution} ex-a\n:class: dropdown\nIt is {glue:text}`w`.\n```\n", vals)
    '<details class="mm-solution"><summary>Solution</summary>\n\nIt is 2.0.\n\n</details>\n\n'
    """
    def fence(match: re.Match) -> str:
        kind, arg, body = match.group(2), match.group(3).strip(), match.group(4)
        if kind in ("glue:figure", "glue", "glue:any"):
            bundle = values.get(arg)
            if bundle is None:
                return f"*(missing glued output {arg})*\n"
            return _render_bundle(bundle, _body_without_options(body))
        inner = rewrite_markdown(_body_without_options(body), values)
        if kind == "dropdown":
            return f"<details><summary>{arg or 'Details'}</summary>\n\n{inner}\n\n</details>\n"
        if kind == "solution":  # closed, as the book shows it: a reader tries the exercise first
            return f"<details class=\"mm-solution\"><summary>Solution</summary>\n\n{inner}\n\n</details>\n"
        if kind in ("math", "code-cell"):
            return match.group(0)
        if kind == "bibliography":
            return "*(The works cited are listed in the book's bibliography.)*\n"
        title = arg or kind.capitalize()
        quoted = "\n".join(f"> {line}" if line else ">" for line in inner.splitlines())
        return f"> **{title}**\n>\n{quoted}\n"

    text = FENCE.sub(fence, text)
    text = ROLE.sub(lambda m: _format_text(values.get(m.group(1), {}), m.group(2)), text)
    return OTHER_ROLE.sub(lambda m: re.sub(r"^.*<(.+)>$", r"\1", m.group(1)), text)


def to_standalone(nb):
    """A copy of ``nb`` whose markdown cells no longer need Sphinx."""
    nb = copy.deepcopy(nb)
    values = glued_values(nb)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = rewrite_markdown(cell.source, values)
        if cell.cell_type == "code":
            # Glue records are not displayable; their content was substituted into the markdown.
            cell.outputs = [o for o in cell.get("outputs", []) if "scrapbook" not in o.get("metadata", {})]
        tags = cell.get("metadata", {}).get("tags", [])
        if "injected-parameters" in tags:  # a re-run's page shows the values it used
            continue
        if cell.cell_type == "code" and ("remove-cell" in tags or "remove-input" in tags
                                         or "hide-input" in tags):
            cell.metadata["transient"] = {"remove_source": True}
            if "remove-cell" in tags:
                cell.outputs = []
    return nb


def headline_table(rows: list[dict[str, Any]]) -> str:
    """HTML table of headline metrics: the book's default build beside a what-if's values.

    Examples
    --------
    >>> "12.5" in headline_table([{"metric": "delay_ms", "default build": 10.0, "this run": 12.5, "unit": "ms"}])
    True
    """
    import html

    def cell(v: Any) -> str:
        if v is None:
            return "—"
        if isinstance(v, float):
            from mmperf.tables import format_value

            return format_value(v)
        return html.escape(str(v))

    body = "".join(f"<tr><td><code>{html.escape(r['metric'])}</code></td><td>{cell(r['default build'])}</td>"
                   f"<td><strong>{cell(r['this run'])}</strong></td><td>{html.escape(r['unit'])}</td></tr>"
                   for r in rows)
    return ('<div class="mmbook-headline"><p><strong>Headline results: the book\'s default build and this '
            'what-if</strong></p><table class="mm-table"><thead><tr><th>metric</th><th>default build</th>'
            f"<th>this run</th><th>unit</th></tr></thead><tbody>{body}</tbody></table></div>")


def html_exporter(warm: bool = False):
    """nbconvert's HTML exporter as the standalone page uses it (``warm``: after one tiny export, so that
    its templates and code highlighter are loaded; the runner prepares it while the kernel runs)."""
    exporter = _page_exporter_class()(template_name="lab")
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    # Code cells the book hides are hidden here too.
    exporter.register_preprocessor(_HideSourcePreprocessor(), enabled=True)
    if warm:
        import nbformat

        tiny = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A"),
                                               nbformat.v4.new_code_cell("x = 1")])
        tiny.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}  # a chapter's lexer
        exporter.from_notebook_node(tiny)
    return exporter


def export_html(notebook, target_path, headline_comparison: list[dict[str, Any]] | None = None,
                exporter=None) -> None:
    """Write the standalone HTML page of an executed notebook (a path, or the notebook itself).

    ``headline_comparison`` (rows of metric, default build, this run, unit) is shown under the
    what-if banner; ``exporter`` is one made by :func:`html_exporter`.
    """
    import nbformat

    exporter = exporter or html_exporter()
    if not isinstance(notebook, nbformat.NotebookNode):
        notebook = nbformat.read(notebook, as_version=4)
    nb = to_standalone(notebook)
    if headline_comparison:
        for cell in nb.cells:
            if "mmbook-run-header" in cell.get("metadata", {}).get("tags", []):
                cell.source += "\n\n" + headline_table(headline_comparison)
                break
    body, _ = exporter.from_notebook_node(nb)
    target_path.write_text(body, encoding="utf-8")


#: what nbconvert's HTML exporter adds to the page after rendering it (see :func:`accessible`)
NO_ALT = "No description has been provided for this image"
_IMG_WITHOUT_ALT = re.compile(r"<img\b(?![^>]*\balt=)")
_FOCUSABLE_DIV = re.compile(r'<div class="((?:[^"]*\s)?(?:jp-Cell-inputWrapper|jp-OutputArea-output)(?:\s[^"]*)?)"(?! tabindex)')


def accessible(page: str) -> str:
    """What nbconvert's HTML exporter does to a rendered page, without parsing the page: an image
    without alternative text gets nbconvert's placeholder, and each cell's input and output get
    ``tabindex="0"`` (focusable from the keyboard).

    nbconvert does it by parsing and re-serialising the whole page with BeautifulSoup, which for a
    chapter with its figures embedded takes a tenth of a second of every run; the page's markup comes
    from nbconvert's own template, so the two patterns are all there is to find
    (tests/test_standalone.py compares the result with nbconvert's).

    Examples
    --------
    >>> accessible('<div class="jp-OutputArea-output"><img src="a.png"></div>')
    '<div class="jp-OutputArea-output" tabindex="0"><img alt="No description has been provided for this image" src="a.png"></div>'
    """
    page = _IMG_WITHOUT_ALT.sub(f'<img alt="{NO_ALT}"', page)
    return _FOCUSABLE_DIV.sub(r'<div class="\1" tabindex="0"', page)


def _page_exporter_class():
    """nbconvert's HTML exporter with :func:`accessible` in place of its BeautifulSoup pass."""
    from nbconvert import HTMLExporter
    from nbconvert.exporters.templateexporter import TemplateExporter
    from nbconvert.filters.highlight import Highlight2HTML
    from nbconvert.filters.widgetsdatatypefilter import WidgetsDataTypeFilter

    class PageExporter(HTMLExporter):
        def from_notebook_node(self, nb, resources=None, **kw):
            # HTMLExporter.from_notebook_node (nbconvert 7) up to its BeautifulSoup pass
            langinfo = nb.metadata.get("language_info", {})
            lexer = langinfo.get("pygments_lexer", langinfo.get("name", None))
            highlight_code = self.filters.get("highlight_code", Highlight2HTML(pygments_lexer=lexer, parent=self))
            resources = self._init_resources(resources)
            filter_data_type = WidgetsDataTypeFilter(notebook_metadata=self._nb_metadata, parent=self,
                                                     resources=resources)
            self.register_filter("highlight_code", highlight_code)
            self.register_filter("filter_data_type", filter_data_type)
            page, resources = TemplateExporter.from_notebook_node(self, nb, resources, **kw)
            return accessible(page), resources

    return PageExporter


class _HideSourcePreprocessor:
    """Blank the source of cells marked transient/remove_source (nbconvert preprocessor protocol)."""

    def __call__(self, nb, resources):
        for cell in nb.cells:
            if cell.get("metadata", {}).get("transient", {}).get("remove_source"):
                cell.source = ""
                cell.metadata["jupyter"] = {"source_hidden": True}
        nb.cells = [c for c in nb.cells if not (c.cell_type == "code" and not c.source and not c.outputs)]
        return nb, resources
