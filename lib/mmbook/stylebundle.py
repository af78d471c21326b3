"""One stylesheet per page instead of ten (issue 25, page weight: at most 35 requests a chapter).

The theme and each Sphinx extension link their own stylesheet, so every page asked for ten files (eleven
with the ``@import`` in the theme's ``theme.css``) before its first figure. When the build has finished,
:func:`bundle_pages` joins the stylesheets a page links, in the order it links them, into one file under
``_static/`` (named by the list of sheets), and links that file instead. The cascade is unchanged: the rules
come in the same order, each ``url(...)`` is rewritten to point at the same file from the bundle's folder, and
each local ``@import`` is replaced by the file it imports. A link with any other attribute (``media``, an
integrity hash, ...) or to another site is left as it is, and so is every stylesheet after it, so nothing
moves across it.

Examples
--------
>>> rebase_urls('a { background: url(../img/x.png) }', "_static/styles/theme.css", "_static")
'a { background: url("img/x.png") }'
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from pathlib import Path

#: a ``<link>`` tag in a page's head
_LINK = re.compile(r"<link\b[^>]*>", re.I)
#: one attribute of a tag
_ATTRIBUTE = re.compile(r'([\w:-]+)\s*=\s*("[^"]*"|\'[^\']*\'|[^\s>]+)')
#: the attributes a bundled link may have: anything else (media, integrity, title, ...) could change
#: whether or how the sheet applies
_PLAIN_ATTRIBUTES = {"rel", "type", "href"}
#: ``url(...)`` with a quoted or a bare address (quoted data URIs contain parentheses)
_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]+))\s*\)""")
#: ``@import "file";`` or ``@import url(file);`` with no media condition
_IMPORT = re.compile(r"""@import\s+(?:url\(\s*)?["']?([^"')\s;]+)["']?\s*\)?\s*;""")
#: what the bundle leaves out: ``@charset`` (valid only first in a file) and source-map comments (they name
#: files relative to the original sheet, for developer tools only)
_DROPPED = re.compile(r"@charset\s+\"[^\"]*\"\s*;|/\*#\s*sourceMappingURL=[^*]*\*/")


def _is_local(address: str) -> bool:
    """Whether a URL in a page or a stylesheet names a file of the book (relative, no scheme).

    >>> [_is_local(a) for a in ("x.css", "../a/b.woff2", "data:image/png;base64,AA", "https://x.org/a.css",
    ...                         "//cdn/x.css", "/abs.css", "#frag")]
    [True, True, False, False, False, False, False]
    """
    return not re.match(r"^([a-z][a-z0-9+.-]*:|/|#)", address, re.I)


def _resolve(file: str, address: str) -> str:
    """A local address written in ``file`` as a path from the site's root, without its query.

    >>> _resolve("book/chapters/x.html", "../../_static/a.css?v=1")
    '_static/a.css'
    """
    return posixpath.normpath(posixpath.join(posixpath.dirname(file), address.split("?")[0]))


def rebase_urls(css: str, sheet: str, folder: str) -> str:
    """``css`` from the file ``sheet`` with every local ``url(...)`` rewritten relative to ``folder``.

    Both paths are relative to the site's root, with ``/`` separators.

    Examples
    --------
    >>> rebase_urls("src: url('../fonts/a.woff2?v=1')", "_static/styles/x.css", "_static")
    'src: url("fonts/a.woff2?v=1")'
    >>> rebase_urls('i { b: url("data:image/svg+xml,%3Cpath d=\\'M1 (2)\\'/%3E") }', "_static/x.css", "_static")
    'i { b: url("data:image/svg+xml,%3Cpath d=\\'M1 (2)\\'/%3E") }'
    """
    base = posixpath.dirname(sheet)

    def rebase(match: re.Match) -> str:
        address = next(group for group in match.groups() if group is not None)
        if not _is_local(address):
            return match.group(0)
        target = posixpath.normpath(posixpath.join(base, address))
        return f'url("{posixpath.relpath(target, folder)}")'

    return _URL.sub(rebase, css)


def flattened_sheet(site: Path, sheet: str, folder: str, _seen: frozenset = frozenset()) -> str:
    """The stylesheet ``sheet`` (relative to ``site``) as it would apply, written for a file in ``folder``:
    its local ``@import`` rules replaced by the imported files (themselves flattened), its ``url(...)``
    rebased, ``@charset`` and source-map comments dropped.

    Raises
    ------
    ValueError
        For an ``@import`` of another site, one with a media condition, or an import cycle: such a sheet
        cannot be joined without changing what applies.
    """
    if sheet in _seen:
        raise ValueError(f"{sheet} imports itself (through {sorted(_seen)})")
    css = _DROPPED.sub("", (site / sheet).read_text(encoding="utf-8"))

    def inline(match: re.Match) -> str:
        address = match.group(1)
        if not _is_local(address):
            raise ValueError(f"{sheet} imports {address}, which is not a file of the book")
        return flattened_sheet(site, _resolve(sheet, address), folder, _seen | {sheet})

    flat = _IMPORT.sub(inline, css)
    if re.search(r"@import\b", flat):
        raise ValueError(f"{sheet} has an @import this bundler cannot inline (a media condition?)")
    return rebase_urls(flat, sheet, folder)


def _attributes(tag: str) -> dict[str, str]:
    return {name.lower(): value.strip("\"'") for name, value in _ATTRIBUTE.findall(tag)}


def bundled_links(page: str, page_path: str) -> list[tuple[str, str]]:
    """The stylesheet links of a page that can be joined: ``(tag, sheet)`` pairs in page order, ``sheet``
    relative to the site's root; the run stops at the first link that cannot be joined.

    Examples
    --------
    >>> head = ('<link href="../_static/a.css?v=1" rel="stylesheet" /><link rel="icon" href="f.png"/>'
    ...         '<link rel="stylesheet" type="text/css" href="../_static/b.css" />'
    ...         '<link rel="stylesheet" media="print" href="../_static/p.css" />'
    ...         '<link rel="stylesheet" href="../_static/c.css" />')
    >>> [sheet for _, sheet in bundled_links(head, "book/x.html")]
    ['_static/a.css', '_static/b.css']
    """
    out = []
    for tag in _LINK.findall(page.split("</head>", 1)[0]):
        attributes = _attributes(tag)
        if attributes.get("rel", "").lower() != "stylesheet":
            continue
        href = attributes.get("href", "")
        if set(attributes) - _PLAIN_ATTRIBUTES or not _is_local(href):
            break
        out.append((tag, _resolve(page_path, href)))
    return out


#: the bundles written so far and the sheets each joins (``{bundle: [sheet, ...]}``), kept in the site:
#: Sphinx rewrites only the pages whose sources changed, so a page bundled by an earlier build keeps its
#: one link, and its bundle must be written again from the current sheets when, say, mmperf.css changes
MANIFEST = "mmbook-bundles.json"


def bundle_name(sheets, folder: str = "_static") -> str:
    """The bundle of a list of sheets: named by the list (so a page bundled by an earlier build still finds
    it), not by the content.

    >>> bundle_name(["_static/a.css", "_static/b.css"])
    '_static/mmbook-107f1204854a.css'
    """
    return f"{folder}/mmbook-{hashlib.sha256(chr(10).join(sheets).encode()).hexdigest()[:12]}.css"


def bundle_pages(site: Path, folder: str = "_static") -> dict[str, list[str]]:
    """Give every HTML page under ``site`` one stylesheet in place of the ones it links (see the module's
    docstring); pages that link the same sheets in the same order share one bundle.

    Every bundle named in the site's manifest is (re)written from the sheets as they are now. Returns the
    manifest, ``{bundle: [sheet, ...]}``. A page with fewer than two joinable links, or whose sheets cannot
    be joined (a missing file, an ``@import`` of another site), is left as it is.
    """
    manifest_file = site / folder / MANIFEST
    manifest = json.loads(manifest_file.read_text(encoding="utf-8")) if manifest_file.is_file() else {}
    written: dict[str, bool] = {}

    def write(name: str, sheets) -> bool:
        if name not in written:
            try:
                css = "\n".join(f"/* {sheet} */\n" + flattened_sheet(site, sheet, folder) for sheet in sheets)
            except (OSError, ValueError):
                written[name] = False
            else:
                (site / name).write_text(css, encoding="utf-8")
                manifest[name] = list(sheets)
                written[name] = True
        return written[name]

    for html in sorted(site.rglob("*.html")):
        page_path = html.relative_to(site).as_posix()
        page = html.read_text(encoding="utf-8")
        links = bundled_links(page, page_path)
        sheets = [sheet for _, sheet in links]
        name = bundle_name(sheets, folder)
        if len(sheets) < 2 or not write(name, sheets):
            continue
        href = posixpath.relpath(name, posixpath.dirname(page_path) or ".")
        first, *rest = (tag for tag, _ in links)
        page = page.replace(first, f'<link rel="stylesheet" type="text/css" href="{href}" />', 1)
        for tag in rest:
            page = re.sub(r"[ \t]*" + re.escape(tag) + r"[ \t]*\n?", "", page, count=1)
        html.write_text(page, encoding="utf-8")
    for name, sheets in list(manifest.items()):
        write(name, sheets)
    manifest_file.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def on_build_finished(app, exception) -> None:
    """Sphinx ``build-finished``: bundle the HTML builder's pages (nothing after a failed build)."""
    if exception is None and app.builder.format == "html":
        bundle_pages(Path(app.outdir))
