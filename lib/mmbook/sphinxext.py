"""The book's Sphinx extension (loaded through ``_config.yml``).

What it adds to the HTML that Jupyter Book makes of the executed chapters:

- **figure provenance and downloads**: under every figure a chapter records with
  ``ch.figure(fig, name, alt=...)``, a line gives the chapter, the code cell that drew it, the
  parameters that differ from the chapter's defaults (none in the book's own build), the data files
  it read and the commit, with links to download the figure as PNG and SVG (copied into
  ``_figures/<chapter>/`` of the HTML output). The image's alt text becomes the recorded ``alt``
  (never the image's path). The records come from each chapter's ``coverage.json`` (key
  ``figures``) and ``results.json`` (``defaults_differ``) in ``_build/chapters/<chapter>/``.
- **the build stamp** in every page's footer: commit, build date and the versions of the main
  packages, with a link to the build-status page.
- **the book's stylesheets**: ``book/_static/mmperf.css`` (figures on phones and in dark mode, the
  provenance line, Markdown tables, print) and ``_static/mmperf-tables.css``, written from
  :data:`mmperf.tables.CSS` (tables of class ``mm-table`` wherever they come from).
- **lighter pages**: the scripts and stylesheets of the theme's extensions that a page does not use
  are left out of it (:func:`drop_unused_assets`); Sphinx's search scripts and index load only on the
  search page (``book/_templates/layout.html``).
- a fix: Jupyter Book 1 registers sphinx-thebe's inline configuration script twice on notebook
  pages, so the browser reports "Identifier 'THEBE_JS_URL' has already been declared"; each script
  is kept once per page.
"""

from __future__ import annotations

import datetime as _dt
import html
import json
import posixpath
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from mmbook import stylebundle
from mmperf import paths

CHAPTER_DOC_PREFIX = "book/chapters/"
FIGURES_OUT = "_figures"
STAMP_PACKAGES = ("numpy", "scipy", "pandas", "statsmodels", "matplotlib", "seaborn", "ciw", "papermill",
                  "jupyter-book")


# ----------------------------------------------------------------------------- scripts
def _script_key(script) -> tuple:
    attributes = getattr(script, "attributes", {}) or {}
    # Inline scripts are registered with filename None or "", so both count as the same.
    return str(getattr(script, "filename", script) or ""), attributes.get("body", "")


def deduplicate_scripts(app, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        key = _script_key(script)
        if key not in seen:
            seen.add(key)
            unique.append(script)
    context["script_files"] = unique


#: scripts and stylesheets a page loads only when its body uses them (issue 25 item 8, page weight): the
#: asset's file name (its last path part) -> a test on the page's HTML body. sphinx-thebe is never used
#: (the book has no launch buttons: ``launch_buttons.thebe`` is false); sphinx-design only draws its
#: components (class ``sd-...``); sphinx-copybutton only acts on highlighted code (``div.highlight pre``);
#: sphinx-togglebutton only on ``.toggle`` and ``.admonition.dropdown``.
PAGE_ASSETS: dict[str, Any] = {
    "sphinx-thebe.js": lambda body: False,
    "sphinx-thebe.css": lambda body: False,
    "design-tabs.js": lambda body: bool(re.search(r'class="[^"]*\bsd-tab', body)),
    "sphinx-design.min.css": lambda body: bool(re.search(r'class="[^"]*\bsd-', body)),
    "clipboard.min.js": lambda body: 'class="highlight' in body,
    "copybutton.js": lambda body: 'class="highlight' in body,
    "copybutton.css": lambda body: 'class="highlight' in body,
    "togglebutton.js": lambda body: bool(re.search(r'class="[^"]*\b(toggle|dropdown)\b', body)),
    "togglebutton.css": lambda body: bool(re.search(r'class="[^"]*\b(toggle|dropdown)\b', body)),
}


def _asset_name(asset) -> str:
    return posixpath.basename(str(getattr(asset, "filename", asset) or "").split("?")[0])


def unused_asset(asset, body: str) -> bool:
    """True for a script or stylesheet that the page with this ``body`` does not use (see PAGE_ASSETS);
    also sphinx-thebe's inline configuration script.

    Examples
    --------
    >>> unused_asset("_static/sphinx-thebe.js", "<p>x</p>"), unused_asset("_static/doctools.js", "<p>x</p>")
    (True, False)
    >>> unused_asset("copybutton.js", '<div class="highlight-python notranslate"><div class="highlight"><pre>')
    False
    >>> unused_asset("sphinx-design.min.css", "<p>x</p>"), unused_asset("togglebutton.js", '<div class="toggle">')
    (True, False)
    """
    attributes = getattr(asset, "attributes", {}) or {}
    if "THEBE_JS_URL" in str(attributes.get("body", "")):
        return True
    used = PAGE_ASSETS.get(_asset_name(asset))
    return used is not None and not used(body)


def drop_unused_assets(app, pagename, templatename, context, doctree) -> None:
    """Leave out of a page the scripts and stylesheets it does not use (see :func:`unused_asset`): the
    theme's extensions register theirs on every page."""
    body = context.get("body")
    if body is None:
        return
    for key in ("script_files", "css_files"):
        if context.get(key):
            context[key] = [a for a in context[key] if not unused_asset(a, body)]


# ----------------------------------------------------------------------------- build stamp
def git_commit(root: Path | None = None) -> str:
    """The checkout's short commit, with "+ uncommitted changes" when tracked files differ from it.

    Returns "unknown (not a git checkout)" outside git.
    """
    from mmbook.provenance import short_commit

    root = root or paths.project_root()
    commit = short_commit(root)
    if commit is None:
        return "unknown (not a git checkout)"
    try:
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, check=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        dirty = ""
    return commit + (" + uncommitted changes" if dirty else "")


def package_versions(names: tuple[str, ...] = STAMP_PACKAGES) -> dict[str, str]:
    """Installed versions of ``names`` (and Python), "not installed" for a missing one.

    Examples
    --------
    >>> v = package_versions(("pandas", "no-such-package-xyz"))
    >>> sorted(v), v["no-such-package-xyz"]
    (['no-such-package-xyz', 'pandas', 'python'], 'not installed')
    """
    import platform
    from importlib import metadata

    versions = {"python": platform.python_version()}
    for name in names:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def build_stamp(root: Path | None = None) -> dict[str, Any]:
    """``{"commit", "date", "versions"}`` of this build (date in UTC, to the minute)."""
    now = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return {"commit": git_commit(root), "date": now, "versions": package_versions()}


def stamp_html(stamp: dict[str, Any], status_href: str | None = None) -> str:
    """The footer line of the build stamp.

    Examples
    --------
    >>> stamp_html({"commit": "abc1234", "date": "2026-11-22 19:00 UTC", "versions": {"python": "3.11.2"}},
    ...            "book/status.html")
    '<p class="mm-stamp">Built from commit <code>abc1234</code> on 2026-11-22 19:00 UTC with python 3.11.2 (<a href="book/status.html">build status</a>).</p>'
    """
    versions = ", ".join(f"{k} {v}" for k, v in stamp["versions"].items())
    link = f' (<a href="{html.escape(status_href)}">build status</a>)' if status_href else ""
    return (f'<p class="mm-stamp">Built from commit <code>{html.escape(stamp["commit"])}</code> on '
            f'{html.escape(stamp["date"])} with {html.escape(versions)}{link}.</p>')


def _on_config_inited(app, config) -> None:
    static = paths.project_root() / "book" / "_static"
    if static.is_dir() and str(static) not in config.html_static_path:
        config.html_static_path.append(str(static))
    templates = paths.project_root() / "book" / "_templates"  # layout.html: the theme's without Font Awesome's script
    if templates.is_dir() and str(templates) not in config.templates_path:
        config.templates_path.append(str(templates))
    app.add_css_file("mmperf.css")
    app.add_css_file(TABLES_CSS)


TABLES_CSS = "mmperf-tables.css"


def _write_tables_css(app, exception) -> None:
    """The table style of :mod:`mmperf.tables` as a stylesheet of its own, so that tables with the
    ``mm-table`` class written by other code (the run box, the status page) look the same."""
    if exception is not None or getattr(app.builder, "format", "") != "html":
        return
    from mmperf.tables import CSS

    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / TABLES_CSS).write_text(CSS.strip() + "\n", encoding="utf-8")


def _on_builder_inited(app) -> None:
    app.mmperf_stamp = build_stamp(Path(app.srcdir))


def add_footer_stamp(app, pagename, templatename, context, doctree) -> None:
    """Append the build stamp (with a page-relative link to the status page) to the theme's footer."""
    stamp = getattr(app, "mmperf_stamp", None)
    if stamp is None:
        return
    href = None
    if "book/status" in app.env.all_docs and "pathto" in context:
        href = context["pathto"]("book/status")
    base = (app.config.html_theme_options or {}).get("extra_footer", "") or ""
    context["theme_extra_footer"] = base + stamp_html(stamp, href)


# ----------------------------------------------------------------------------- figures
def chapter_records(name: str, chapter_dir: Path | None = None) -> dict[str, Any]:
    """What the chapter's build recorded about its figures: ``{"figures": {name: record},
    "defaults_differ": ..., "commit": ..., "folder": Path}``.

    Accepts both the current ``coverage.json`` format (``"figures"``: a list of records with
    ``name, png, svg, alt, cell, data_files``) and the older one (a list of names).
    """
    folder = Path(chapter_dir) if chapter_dir else paths.default_chapter_dir(name)
    out: dict[str, Any] = {"figures": {}, "defaults_differ": None, "commit": None, "folder": folder}
    try:
        coverage = json.loads((folder / "coverage.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    for item in coverage.get("figures", []):
        record = {"name": item} if isinstance(item, str) else dict(item)
        record.setdefault("png", f"figures/{record['name']}.png")
        out["figures"][record["name"]] = record
    try:
        results = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        results = {}
    out["defaults_differ"] = results.get("defaults_differ")
    out["commit"] = coverage.get("commit") or results.get("commit")
    out["data_files"] = results.get("data_files")
    return out


def _differ_text(differ: Any) -> str:
    """Describe ``defaults_differ`` (a dict name -> {default, value} or name -> value, or a list).

    Examples
    --------
    >>> _differ_text({}), _differ_text(None)
    ('none (the defaults)', 'none (the defaults)')
    >>> _differ_text({"frame_rate_fps": {"default": 30, "value": 15}})
    'frame_rate_fps = 15 (default 30)'
    >>> _differ_text([{"name": "seed", "default": 1, "value": 2}, "rate"])
    'seed = 2 (default 1), rate'
    """
    if not differ:
        return "none (the defaults)"
    items = []
    if isinstance(differ, dict):
        differ = [{"name": k, **v} if isinstance(v, dict) else {"name": k, "value": v} for k, v in differ.items()]
    for d in differ:
        if isinstance(d, dict):
            text = f"{d.get('name')} = {d.get('value')}"
            if "default" in d:
                text += f" (default {d['default']})"
            items.append(text)
        else:
            items.append(str(d))
    return ", ".join(items)


def _code_cell_of(notebook: Path, figure: str) -> int | None:
    """Execution count of the code cell that glued ``figure`` in the executed notebook (None if not found)."""
    try:
        nb = json.loads(notebook.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        for out in cell.get("outputs", []):
            if out.get("metadata", {}).get("scrapbook", {}).get("name") == figure:
                return cell.get("execution_count")
    return None


def provenance_html(chapter: str, record: dict[str, Any], records: dict[str, Any], commit: str,
                    links: dict[str, str]) -> str:
    """The line under a figure (see :func:`mmbook.provenance.provenance_html`); a record of an older
    build without its own ``data_files`` falls back on the chapter's."""
    from mmbook.provenance import provenance_html as line

    if record.get("data_files") is None and records.get("data_files") is not None:
        record = {**record, "data_files": records["data_files"]}
    return line(chapter, record, _differ_text(records.get("defaults_differ")), commit, links)


def looks_like_path(alt: str) -> bool:
    """True for an empty alt text or one that is a file name or path rather than a description.

    Examples
    --------
    >>> [looks_like_path(a) for a in ("", "../../_images/ab12.png", "fig.svg", "figures/x",
    ...                               "Bars of model/measured throughput for five configurations")]
    [True, True, True, True, False]
    """
    alt = alt.strip()
    return (not alt or "_images/" in alt or bool(re.search(r"\.(png|svg|jpe?g|gif|pdf)$", alt, re.I))
            or (" " not in alt and "/" in alt))


def _caption_text(figure_node) -> str:
    from docutils import nodes

    for child in figure_node.children:
        if isinstance(child, nodes.caption):
            return child.astext().strip()
    return ""


def add_figure_provenance(app, doctree, docname: str) -> None:
    """On chapter pages: alt text, provenance line and download links under every recorded figure."""
    if not docname.startswith(CHAPTER_DOC_PREFIX) or app.builder.format != "html":
        return
    from docutils import nodes

    chapter = docname[len(CHAPTER_DOC_PREFIX):]
    records = chapter_records(chapter)
    stamp = getattr(app, "mmperf_stamp", None) or {"commit": "unknown"}
    commit = records.get("commit") or stamp["commit"]
    folder: Path = records["folder"]
    out_dir = Path(app.outdir) / FIGURES_OUT / chapter
    page_dir = posixpath.dirname(docname)
    for figure in list(doctree.findall(nodes.figure)):
        name = next((i for i in figure.get("ids", []) if i in records["figures"]), None)
        images = list(figure.findall(nodes.image))
        caption = _caption_text(figure)
        if name is None:
            for image in images:  # an unrecorded figure still gets a describing alt text, never a path
                if looks_like_path(image.get("alt", "")):
                    image["alt"] = caption or "figure"
            continue
        record = records["figures"][name]
        alt = record.get("alt") or caption or name
        for image in images:
            image["alt"] = alt
        if record.get("cell") in (None, ""):
            cell = _code_cell_of(folder / f"{chapter}.ipynb", name)
            if cell is not None:
                record = {**record, "cell": cell}
        links = {}
        for kind in ("png", "svg", "pdf"):
            rel = record.get(kind)
            if not rel:
                continue
            src = folder / rel
            if not src.is_file():
                continue
            out_dir.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, out_dir / src.name)
            links[kind.upper()] = posixpath.relpath(f"{FIGURES_OUT}/{chapter}/{src.name}", page_dir)
        raw = nodes.raw("", provenance_html(chapter, record, records, commit, links), format="html")
        figure.append(raw)
        if record.get("smallest_text_pt"):
            figure.append(nodes.raw("", text_size_html(record), format="html"))


def text_size_html(record: dict[str, Any]) -> str:
    """A hidden mark under a figure with its smallest text (figure points) and the resolution the page's
    image width stands for, so that the browser test can check the text in CSS pixels as shown.

    Examples
    --------
    >>> text_size_html({"smallest_text_pt": 9.0, "shown_dpi": 110.0})
    '<span class="mm-text-size" data-pt="9.0" data-dpi="110.0" hidden></span>'
    """
    return (f'<span class="mm-text-size" data-pt="{float(record["smallest_text_pt"])}" '
            f'data-dpi="{float(record.get("shown_dpi") or 110)}" hidden></span>')


# ----------------------------------------------------------------------------- table downloads
TABLE_CSV_LINK = re.compile(r'<a class="mm-download" href="tables/(?P<file>[A-Za-z0-9_.-]+\.csv)" download>CSV</a>')


def table_csv_links(body: str, chapter: str, page_dir: str, copy: Any) -> str:
    """Point every table's CSV download (``tables/NAME.csv``, relative to a run's own page) at the copy
    the book serves under ``_figures/<chapter>/``; ``copy(file_name)`` puts the file there and says
    whether it exists (a link to a missing file is dropped, never left dangling).

    Examples
    --------
    >>> body = '<p class="mm-downloads">Download: <a class="mm-download" href="tables/t1.csv" download>CSV</a></p>'
    >>> table_csv_links(body, "sharp", "book/chapters", lambda name: True)
    '<p class="mm-downloads">Download: <a class="mm-download" href="../../_figures/sharp/t1.csv" download>CSV</a></p>'
    >>> table_csv_links(body, "sharp", "book/chapters", lambda name: False)
    ''
    """
    def link(m: re.Match) -> str:
        if not copy(m["file"]):
            return ""
        href = posixpath.relpath(f"{FIGURES_OUT}/{chapter}/{m['file']}", page_dir)
        return f'<a class="mm-download" href="{href}" download>CSV</a>'

    body = TABLE_CSV_LINK.sub(link, body)
    return body.replace('<p class="mm-downloads">Download: </p>', "")


def copy_table_csvs(app, pagename, templatename, context, doctree) -> None:
    """On chapter pages: copy each table's CSV into the HTML output and link it (see :func:`table_csv_links`)."""
    if not pagename.startswith(CHAPTER_DOC_PREFIX) or "body" not in context:
        return
    chapter = pagename[len(CHAPTER_DOC_PREFIX):]
    source = paths.default_chapter_dir(chapter) / "tables"
    target = Path(app.outdir) / FIGURES_OUT / chapter

    def copy(name: str) -> bool:
        if not (source / name).is_file():
            return False
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, target / name)
        return True

    context["body"] = table_csv_links(context["body"], chapter, posixpath.dirname(pagename), copy)


# ----------------------------------------------------------------------------- table numbers
TABLE_CAPTION = re.compile(r'(<table class="mm-table[^"]*">\s*<caption>)(?!Table \d)')


def number_table_captions(body: str, chapter_number: str | None) -> str:
    """Number a page's captioned tables "Table 3.1: ...", "Table 3.2: ..." in page order, apart from its
    figures (Sphinx numbers those); on a page without a chapter number, "Table 1: ...".

    Examples
    --------
    >>> body = ('<table class="mm-table"><caption>Costs</caption></table><p>x</p>'
    ...         '<table class="mm-table mm-dense"><caption>Fits</caption></table><table class="other"></table>')
    >>> print(number_table_captions(body, "3"))
    <table class="mm-table"><caption>Table 3.1: Costs</caption></table><p>x</p><table class="mm-table mm-dense"><caption>Table 3.2: Fits</caption></table><table class="other"></table>
    >>> number_table_captions('<table class="mm-table"><caption>Costs</caption>', None)
    '<table class="mm-table"><caption>Table 1: Costs</caption>'
    """
    count = 0

    def label(m: re.Match) -> str:
        nonlocal count
        count += 1
        return f"{m[1]}Table {chapter_number}.{count}: " if chapter_number else f"{m[1]}Table {count}: "

    return TABLE_CAPTION.sub(label, body)


def _chapter_number(env, docname: str) -> str | None:
    """The section number Sphinx gave a chapter page (its figures are numbered with it), if any."""
    numbers = getattr(env, "toc_secnumbers", {}).get(docname, {})
    top = numbers.get("") or next(iter(sorted(numbers.values(), key=len)), None)
    if top:
        return str(top[0])
    for kind in getattr(env, "toc_fignumbers", {}).get(docname, {}).values():
        for number in kind.values():
            return str(number[0])
    return None


def number_tables(app, pagename, templatename, context, doctree) -> None:
    """On chapter pages: number the tables (see :func:`number_table_captions`)."""
    if pagename.startswith(CHAPTER_DOC_PREFIX) and "body" in context:
        context["body"] = number_table_captions(context["body"], _chapter_number(app.env, pagename))


# ----------------------------------------------------------------------------- coverage rows to figures
_ITEM = re.compile(r"\b(Figures?|Fig\.|Tables?)\s+(\d+)(?:\.(\d+))?(?:[a-z])?"
                   r"(?:\s*(?:-|–|and|to)\s*(?:\d+\.)?(\d+))?")
_FIGURE = re.compile(r'<figure[^>]*\bid="(?P<id>[^"]+)"[^>]*>.*?<figcaption>(?P<caption>.*?)</figcaption>', re.S)
_COVERAGE = re.compile(r'<details class="mm-collapsed mm-coverage">.*?</details>', re.S)


def paper_items(text: str, first_only: bool = False) -> list[tuple[str, str]]:
    """The paper's figures and tables a text names, as ("Figure", "4.9") pairs; a range or a pair
    ("Figures 4.4-4.6", "Figures 4.9 and 4.10") gives each of its members.

    Examples
    --------
    >>> paper_items("The thesis's Figures 4.4-4.6, drawn from the text", first_only=True)
    [('Figure', '4.4'), ('Figure', '4.5'), ('Figure', '4.6')]
    >>> paper_items("The paper's Table 1, four stage rows; Fig. 4a")
    [('Table', '1'), ('Figure', '4')]
    """
    found = []
    for m in _ITEM.finditer(text):
        kind = "Table" if m[1].startswith("Table") else "Figure"
        first, last = int(m[3] if m[3] else m[2]), int(m[4]) if m[4] else None
        members = range(first, (last if last and last >= first else first) + 1)
        found += [(kind, f"{m[2]}.{n}" if m[3] else str(n)) for n in members]
        if first_only:
            break
    return found


def link_coverage_to_figures(body: str) -> str:
    """In a chapter's coverage list, make each item the page redraws a link to the figure that does: the
    figure whose caption (after its own number) names the paper's item first. A caption that says it is
    "not a reproduction" links nothing; an item already linked is left as it is.

    Examples
    --------
    >>> body = ('<figure id="fig-a"><figcaption><span>Fig. 8.4 </span>The thesis’s Figure 4.3, regenerated'
    ...         '</figcaption></figure><details class="mm-collapsed mm-coverage"><table><tbody>'
    ...         '<tr><td class="mm-wrap">Figure 4.3 (rates)</td><td>x</td></tr>'
    ...         '<tr><td>Figure 4.4</td></tr></tbody></table></details>')
    >>> out = link_coverage_to_figures(body)
    >>> '<td class="mm-wrap"><a href="#fig-a">Figure 4.3 (rates)</a></td>' in out, out.count('href=')
    (True, 1)
    """
    figures = {}
    for m in _FIGURE.finditer(body):
        caption = re.sub(r"<[^>]+>", " ", m["caption"])
        caption = re.sub(r"^\s*Fig\.\s+\d+(?:\.\d+)*\s*", "", caption)
        if "not a reproduction" in caption:
            continue
        for item in paper_items(caption, first_only=True):
            figures.setdefault(item, m["id"])

    def row(m: re.Match) -> str:
        items = paper_items(re.sub(r"<[^>]+>", "", m[2]))
        target = next((figures[i] for i in items if i in figures), None)
        if target is None or "<a " in m[2]:
            return m[0]
        return f'<tr><td{m[1]}><a href="#{target}">{m[2]}</a></td>'

    def table(m: re.Match) -> str:
        return re.sub(r"<tr><td([^>]*)>(.*?)</td>", row, m[0], flags=re.S)

    return _COVERAGE.sub(table, body) if figures else body


def coverage_links(app, pagename, templatename, context, doctree) -> None:
    """On chapter pages: coverage rows link to the figures that redraw them (see above)."""
    if pagename.startswith(CHAPTER_DOC_PREFIX) and "body" in context:
        context["body"] = link_coverage_to_figures(context["body"])


# ----------------------------------------------------------------------------- words
_NOT_PROSE = re.compile(r"(<(code|pre|script|style|kbd|samp)\b.*?</\2>|<[^>]+>)", re.S)


def reader_words_html(body: str) -> str:
    """Apply :func:`mmbook.chapter.reader_words` to the text a reader sees in ``body``: not inside tags,
    code, preformatted text, scripts or styles (where ``seed`` is the parameter's name).

    Examples
    --------
    >>> reader_words_html('<p>As the seed says (seed line 4), <code>the seed</code> <a title="the seed">x</a></p>')
    '<p>As the source text says, <code>the seed</code> <a title="the seed">x</a></p>'
    """
    from mmbook.chapter import reader_words

    parts = _NOT_PROSE.split(body)  # text, whole tag or element, its name (or None), text, ...
    return "".join(reader_words(part) if i % 3 == 0 else part if i % 3 == 1 else ""
                   for i, part in enumerate(parts) if part is not None)


def book_words(app, pagename, templatename, context, doctree) -> None:
    """Every page in the book's words (see :func:`reader_words_html`)."""
    if "body" in context:
        context["body"] = reader_words_html(context["body"])


# ----------------------------------------------------------------------------- table boxes
TABLE_BOX = re.compile(r'<div class="mm-table-box">(?P<rest>\s*<table[^>]*>\s*(?:<caption>(?P<caption>.*?)</caption>)?)',
                       re.S)


def focusable_table_boxes(body: str) -> str:
    """Let every table box take keyboard focus, as a labelled region: a box that scrolls sideways must be
    reachable without a mouse (WCAG 2.1.1; axe's rule scrollable-region-focusable). The label is the
    table's caption, else its column headers.

    Examples
    --------
    >>> print(focusable_table_boxes('<div class="mm-table-box"><table class="mm-table"><caption>Table 2: '
    ...                             'costs</caption><thead><tr><th>a</th></tr></thead></table></div>'))
    <div class="mm-table-box" tabindex="0" role="region" aria-label="Table 2: costs"><table class="mm-table"><caption>Table 2: costs</caption><thead><tr><th>a</th></tr></thead></table></div>
    >>> focusable_table_boxes('<div class="mm-table-box"><table><thead><tr><th>what</th><th>ours (ms)</th>').split('<table')[0]
    '<div class="mm-table-box" tabindex="0" role="region" aria-label="Table: what, ours (ms)">'
    """
    def label(m: re.Match) -> str:
        text = m["caption"]
        if not text:
            heads = re.findall(r"<th[^>]*>(.*?)</th>", body[m.end():m.end() + 4000], re.S)
            text = "Table: " + ", ".join(re.sub(r"<[^>]+>", "", h).strip() for h in heads[:6]) if heads else "Table"
        text = html.escape(html.unescape(re.sub(r"<[^>]+>", "", text)).strip(), quote=True)
        return f'<div class="mm-table-box" tabindex="0" role="region" aria-label="{text}">{m["rest"]}'

    return TABLE_BOX.sub(label, body)


def list_item_citations(body: str) -> str:
    """Docutils writes a bibliography as ``<div role="list">`` of ``role="doc-biblioentry"`` entries: a role
    ARIA 1.2 deprecates, and a list whose children are not list items (axe: aria-deprecated-role,
    aria-required-children). Each entry becomes a list item.

    Examples
    --------
    >>> list_item_citations('<div role="list" class="citation-list"><div class="citation" id="id3" '
    ...                     'role="doc-biblioentry">')
    '<div role="list" class="citation-list"><div class="citation" id="id3" role="listitem">'
    """
    return body.replace('role="doc-biblioentry"', 'role="listitem"')


def accessible_body(app, pagename, templatename, context, doctree) -> None:
    """Table boxes that take keyboard focus, bibliography entries as list items (see the two functions)."""
    if "body" in context:
        context["body"] = list_item_citations(focusable_table_boxes(context["body"]))


# ----------------------------------------------------------------------------- teacher-only content
TEACHER_ONLY = "mm-teacher-only"


def remove_teacher_only(app, doctree) -> None:
    """In the student edition (``hide_solutions``), drop every ``{container} mm-teacher-only`` block
    (e.g. links to the instructor's page, which the student edition does not have)."""
    if not getattr(app.config, "hide_solutions", False):
        return
    from docutils import nodes

    for node in list(doctree.findall(nodes.container)):
        if TEACHER_ONLY in node.get("classes", []):
            node.parent.remove(node)


def setup(app):
    app.connect("doctree-read", remove_teacher_only)
    app.connect("config-inited", _on_config_inited)
    app.connect("builder-inited", _on_builder_inited)
    app.connect("doctree-resolved", add_figure_provenance)
    app.connect("html-page-context", deduplicate_scripts, priority=900)
    app.connect("html-page-context", drop_unused_assets, priority=910)
    app.connect("html-page-context", add_footer_stamp)
    app.connect("html-page-context", number_tables, priority=450)  # before the boxes take their captions
    app.connect("html-page-context", accessible_body)
    app.connect("html-page-context", book_words)
    app.connect("html-page-context", coverage_links)
    app.connect("html-page-context", copy_table_csvs)
    app.connect("build-finished", _write_tables_css)
    # after every stylesheet is written (the tables' above): one bundle per page instead of ten links
    app.connect("build-finished", stylebundle.on_build_finished, priority=900)
    app.setup_extension("mmbook.mathml")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
