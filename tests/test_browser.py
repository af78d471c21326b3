"""The built book in a real browser: headless Chromium (Debian's package) driven by Playwright.

Every page of the built book loads over HTTP from a local server with no console errors, no page
errors and no failed requests, and every image on it has loaded. Beyond that, the reader's edition
(issue 17) is checked where a reader sees it, at a 1400 px desktop window:

- no table is wider than the text column (only narrow screens may scroll a table);
- no ``NaN``, ``nan``, ``None``, ``np.float64`` or ``Name(field=...)`` repr in the page's text
  (code listings excepted);
- every figure of a chapter has a provenance line and PNG/SVG downloads that exist, and its alt
  text describes it (not a file path);
- every chapter opens with its "Run this chapter yourself" box;
- the bibliography and the build-status pages exist and list what they should.

Every page is also photographed at 1366 px and at 390 px, each light and dark, into
``_build/screenshots/`` for review (``PAGE-1366-light.png``, ``PAGE-390-dark.png``, ...).

Needs /usr/bin/chromium (`apt-get install chromium`; `.ci/run` installs it). Without it the tests
are skipped locally and fail in CI.
"""

import json
import os
import re
import shutil
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from mmbook.params import chapter_names
from mmbook.sphinxext import looks_like_path
from mmperf import paths

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STATIC_PAGES = ["index.html", "book/intro.html", "book/source-texts.html", "book/using.html", "book/teaching.html", "book/sweeping.html",
                "book/instructor.html",
                "book/scorecard.html", "book/status.html", "book/bibliography.html"]
CHAPTER_PAGES = [f"book/chapters/{name}.html" for name in chapter_names()]
PAGES = STATIC_PAGES + CHAPTER_PAGES
DESKTOP = {"width": 1400, "height": 1000}
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

#: axe-core, installed from npm by `make install` (tests/axe/package.json, pinned in its package-lock.json)
AXE_JS = paths.project_root() / "tests" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: violations in the theme's own markup (sphinx-book-theme 1.3 / pydata-sphinx-theme 0.17), which the book
#: does not write: rule id -> ((a pattern the offending element's HTML matches, as axe gives it, why it is the
#: theme's), ...). The HTML, not axe's selector: axe spells one element's selector differently from page to page
#: (the hidden-code summary is summary[aria-label=...] on most pages, .hide > summary where it is the only one).
THEME_VIOLATIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "label-content-name-mismatch": (
        (r'^<button [^>]*\bsearch-button__button\b[^>]*\baria-label="Search"',
         'pydata-sphinx-theme labels its header search button "Search" while the button shows "Search Ctrl+K": '
         "the theme's own template, not the book's markup"),
        (r'^<summary aria-label="Toggle hidden content">',
         'sphinx-togglebutton labels every dropdown summary (a hidden code cell, a solution) "Toggle hidden '
         "content\" whatever title it shows: the extension's own template, not the book's markup"),
    ),
}
#: a chapter page's weight on opening and scrolling through it (issue 25, item 8: the README records them):
#: the issue's target. The math is MathML written at build time (mmbook.mathml) and each page links one
#: stylesheet (mmbook.stylebundle); before, MathJax's script and fonts (1.2 MB, up to 8 requests) and ten
#: stylesheets made the study chapters 2.9-3.6 MB in 37-47 requests
WEIGHT_BUDGET = {"bytes": 3_000_000, "requests": 35}

#: reprs and missing-value spellings that must never reach a reader
BAD_TEXT = [
    (re.compile(r"\bNaN\b"), "NaN"),
    (re.compile(r"\bnan\b"), "nan"),
    # "None of the checks ..." is English; a bare None is a Python value
    (re.compile(r"\bNone\b(?! (?:of|the|is|are|was|were|has|have|had|in|at|but|so)\b)"), "None"),
    (re.compile(r"np\.float64|np\.int64|numpy\.float64"), "numpy scalar repr"),
    (re.compile(r"\b[A-Z][A-Za-z0-9]+\((?:[a-z_][a-z0-9_]*)=[^)]"), "Name(field=...) repr"),
    (re.compile(r"<pandas\.|dtype: (?:float|int|object)"), "pandas repr"),
    # math reaches the page as MathML (mmbook.mathml): raw $...\cmd...$ or \( in the text is TeX left unconverted
    (re.compile(r"\$[^$\n]{0,40}\\[A-Za-z]+[^$\n]{0,40}\$|\\\(|\\\["), "raw TeX"),
]

#: the visible text of the article, without code listings, scripts and styles (hidden dropdowns included)
ARTICLE_TEXT_JS = """() => {
  const root = document.querySelector('article') || document.body;
  const skip = el => el.closest('script, style, noscript, pre, code, .cell_input, .highlight, .mm-provenance');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts = [];
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (n.parentElement && !skip(n.parentElement)) parts.push(n.nodeValue);
  }
  return parts.join(' ');
}"""

#: scorecards and coverage lists are folded (issue 25 item 5): the layout checks open them first
UNFOLD_JS = "() => document.querySelectorAll('details.mm-collapsed').forEach(d => { d.open = true; })"

WIDE_TABLES_JS = """() => {
  const article = document.querySelector('article.bd-article') || document.querySelector('article');
  if (!article) return [];
  const cs = getComputedStyle(article);
  const a = article.getBoundingClientRect();
  const right = a.right - parseFloat(cs.paddingRight);
  const out = [];
  for (const t of article.querySelectorAll('table')) {
    const r = t.getBoundingClientRect();
    if (r.width === 0) continue;  // inside a closed dropdown
    const box = t.parentElement;  // a scroll box (mm-table-box, the theme's table container) or the text
    if (r.width > box.clientWidth + 1 || r.right > right + 1) {
      const head = (t.querySelector('tr') || t).innerText.replace(/\\s+/g, ' ').slice(0, 60);
      out.push(`${Math.round(r.width)} px in a column of ${Math.round(Math.min(box.clientWidth, right - r.left))} px: ${head}`);
    }
  }
  return out;
}"""

#: words of table cells split across two lines: a column squeezed below its longest word (what CSS's
#: ``overflow-wrap: anywhere`` allows) cuts "construction" into "constructi / on"
SPLIT_WORDS_JS = r"""() => {
  const article = document.querySelector('article.bd-article') || document.querySelector('article');
  if (!article) return [];
  const out = [];
  for (const cell of article.querySelectorAll('td, th')) {
    if (cell.getBoundingClientRect().width === 0) continue;  // inside a closed dropdown
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const word = /[A-Za-z]{2,15}/g;  // a word no column should need to split
      let m;
      while ((m = word.exec(node.nodeValue))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""

FIGURES_JS = """() => Array.from(document.querySelectorAll('article figure')).filter(f => f.querySelector('img'))
  .map(f => ({id: f.id, alt: f.querySelector('img').getAttribute('alt') || '',
              provenance: (f.querySelector('.mm-provenance') || {innerText: ''}).innerText,
              downloads: Array.from(f.querySelectorAll('a.mm-download')).map(a => [a.innerText, a.href])}))"""


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server(built_book):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(built_book)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}; .ci/run installs it with apt-get install chromium")
        pytest.skip("Chromium not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def screenshots():
    folder = paths.build_dir() / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _slug(page_path: str) -> str:
    return page_path.removesuffix(".html").replace("/", "-")


def _open(browser, server, page_path, viewport=DESKTOP, dark=False):
    context = browser.new_context(viewport=viewport, color_scheme="dark" if dark else "light")
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    response = page.goto(f"{server}/{page_path}", wait_until="networkidle")
    if dark:  # the theme's own switch: what a reader gets from the dark-mode button
        page.evaluate("document.documentElement.dataset.theme = 'dark'; "
                      "document.documentElement.dataset.mode = 'dark'")
    return context, page, response, problems


@pytest.mark.parametrize("page_path", PAGES)
def test_page_loads_cleanly_with_all_images(server, browser, page_path):
    context, page, response, problems = _open(browser, server, page_path)
    assert response is not None and response.ok, f"{page_path}: HTTP {response.status if response else '?'}"
    broken = page.evaluate(
        "Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
    title = page.title()
    context.close()
    assert not problems, f"{page_path}: {problems}"
    assert not broken, f"{page_path}: images that did not load: {broken}"
    assert title, f"{page_path}: no title"


#: the screenshots a reviewer looks at (issue 25, "Done when"): every page at both widths, light and dark
SCREENSHOT_VIEWS = [(LAPTOP, False, "1366-light"), (LAPTOP, True, "1366-dark"),
                    (PHONE, False, "390-light"), (PHONE, True, "390-dark")]


@pytest.mark.parametrize("page_path", PAGES)
def test_phone_and_dark_mode_screenshots(server, browser, page_path, screenshots):
    """Every page photographed at 1366 px and 390 px, light and dark, into _build/screenshots/ (the file
    names say width and mode); at 390 px the page itself never scrolls sideways and no table column splits
    a word."""
    problems, overflow, split = [], 0, []
    for viewport, dark, suffix in SCREENSHOT_VIEWS:
        context, page, _, seen = _open(browser, server, page_path, viewport=viewport, dark=dark)
        path = screenshots / f"{_slug(page_path)}-{suffix}.png"
        page.screenshot(path=str(path), full_page=True)
        if viewport is PHONE and not dark:
            # wide tables and figures scroll in their own boxes
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            page.evaluate(UNFOLD_JS)
            split = page.evaluate(SPLIT_WORDS_JS)
        context.close()
        problems += seen
        assert path.stat().st_size > 0, f"{path}: empty screenshot"
    assert not problems, f"{page_path}: {problems}"
    assert overflow <= 1, f"{page_path}: at {PHONE['width']} px the page scrolls sideways by {overflow} px"
    assert not split, f"{page_path}: at {PHONE['width']} px table columns split {len(split)} words: {split[:10]}"


@pytest.mark.parametrize("page_path", PAGES)
def test_tables_fit_the_column_and_no_raw_values(server, browser, page_path):
    context, page, _, _ = _open(browser, server, page_path)
    page.evaluate(UNFOLD_JS)
    wide = page.evaluate(WIDE_TABLES_JS)
    split = page.evaluate(SPLIT_WORDS_JS)
    text = page.evaluate(ARTICLE_TEXT_JS)
    context.close()
    assert not wide, f"{page_path}: tables wider than the text column at {DESKTOP['width']} px: {wide}"
    assert not split, f"{page_path}: at {DESKTOP['width']} px table columns split {len(split)} words: {split[:10]}"
    found = []
    for pattern, what in BAD_TEXT:
        for m in pattern.finditer(text):
            found.append(f"{what}: ...{text[max(0, m.start() - 40):m.end() + 40]}...")
    assert not found, f"{page_path}: raw values in the page text:\n  " + "\n  ".join(found[:10])




@pytest.mark.parametrize("page_path", CHAPTER_PAGES)
def test_chapter_figures_have_provenance_downloads_and_alt_text(server, browser, page_path):
    context, page, _, _ = _open(browser, server, page_path)
    figures = page.evaluate(FIGURES_JS)
    missing = []
    for fig in figures:
        for kind, href in fig["downloads"]:
            if not page.request.get(href).ok:
                missing.append(f"{fig['id']}: {kind} download {href} not found")
    sizes = page.evaluate(
        "Array.from(document.querySelectorAll('figure img')).map(i => [i.naturalWidth, i.naturalHeight])")
    context.close()
    assert figures, f"{page_path}: no figures"
    assert all(w > 100 and h > 100 for w, h in sizes), f"{page_path}: a figure image is tiny or empty: {sizes}"
    no_line = [f["id"] for f in figures if "Provenance:" not in f["provenance"]]
    assert not no_line, f"{page_path}: figures without a provenance line: {no_line}"
    for fig in figures:
        kinds = sorted(k for k, _ in fig["downloads"])
        assert {"PNG", "SVG"} <= set(kinds), f"{page_path}: {fig['id']} offers downloads {kinds}, not PNG and SVG"
        assert "commit" in fig["provenance"] and "chapter" in fig["provenance"], fig
    bad_alt = [(f["id"], f["alt"]) for f in figures if looks_like_path(f["alt"])]
    assert not bad_alt, f"{page_path}: alt text is empty or a path: {bad_alt}"
    assert not missing, f"{page_path}: {missing}"


@pytest.mark.parametrize("page_path", CHAPTER_PAGES)
def test_chapter_opens_with_run_box(server, browser, page_path):
    context, page, _, _ = _open(browser, server, page_path)
    box = page.evaluate("""() => {
      const article = document.querySelector('article');
      const title = Array.from(article.querySelectorAll('.admonition-title, summary, p.admonition-title'))
          .find(e => /Run this chapter yourself/.test(e.textContent));
      if (!title) return null;
      const el = title.closest('.admonition, details, aside') || title.parentElement;
      const heads = Array.from(article.querySelectorAll('h2'));
      return {text: el.textContent,
              beforeFirstH2: !heads.length || (title.compareDocumentPosition(heads[0]) & Node.DOCUMENT_POSITION_FOLLOWING) > 0};
    }""")
    context.close()
    assert box, f"{page_path}: no 'Run this chapter yourself' box"
    assert "mmbook run" in box["text"], f"{page_path}: the run box gives no mmbook run command"
    assert box["beforeFirstH2"], f"{page_path}: the run box is not at the top of the chapter"


def test_bibliography_and_status_pages(server, browser):
    context, page, response, _ = _open(browser, server, "book/bibliography.html")
    assert response is not None and response.ok, "no bibliography page"
    entries = page.evaluate("document.querySelectorAll('article .citation, article dl.citation > dt, "
                            "article div.citation').length")
    bib_text = page.evaluate("document.querySelector('article').innerText")
    context.close()
    assert entries >= 5, f"the bibliography lists {entries} works (at least the five studies expected)"
    for author in ("Huynh", "Claypool", "Zeadally", "Sharp", "Hsieh"):
        assert author in bib_text, f"the bibliography does not list {author}"
    context, page, response, _ = _open(browser, server, "book/status.html")
    assert response is not None and response.ok, "no build-status page"
    status_text = page.evaluate("document.querySelector('article').innerText")
    footer = page.evaluate("(document.querySelector('.bd-footer-content') || document.body).innerText")
    context.close()
    for word in ("commit", "numpy", "seconds"):
        assert word in status_text, f"the status page does not give {word}"
    assert "Built from commit" in footer, "the build stamp is not in the footer"


@pytest.fixture(scope="module")
def axe_source():
    if not AXE_JS.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"axe-core not found at {AXE_JS}; `make install` installs it with npm ci")
        pytest.skip("axe-core not installed (make install; needs npm)")
    return AXE_JS.read_text(encoding="utf-8")


AXE_RUN_JS = """async tags => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                      nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html}))}));
}"""


def _project_violations(violations: list[dict]) -> list[str]:
    """The violations left once the theme's own (THEME_VIOLATIONS, matched on each node's HTML) are set aside.

    >>> v = [{"id": "label-content-name-mismatch", "impact": "serious", "help": "h",
    ...       "nodes": [{"target": ".hide > summary", "html": '<summary aria-label="Toggle hidden content">'},
    ...                 {"target": "#x", "html": '<a id="x" aria-label="Go">Back</a>'}]}]
    >>> _project_violations(v)
    ["label-content-name-mismatch (serious: h) on 1 elements, e.g. ['#x']"]
    """
    left = []
    for v in violations:
        patterns = [pattern for pattern, _ in THEME_VIOLATIONS.get(v["id"], ())]
        targets = [n["target"] for n in v["nodes"] if not any(re.search(p, n["html"]) for p in patterns)]
        if targets:
            left.append(f"{v['id']} ({v['impact']}: {v['help']}) on {len(targets)} elements, e.g. {targets[:3]}")
    return left


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366px", "390px"])
@pytest.mark.parametrize("page_path", PAGES)
def test_accessibility_audit(server, browser, axe_source, page_path, viewport):
    """axe-core (WCAG 2.1 A and AA rules) on every page at laptop and phone width: no violation the
    project can fix; the theme's own are listed in THEME_VIOLATIONS with the reason."""
    context, page, _, _ = _open(browser, server, page_path, viewport=viewport)
    page.add_script_tag(content=axe_source)
    violations = page.evaluate(AXE_RUN_JS, AXE_TAGS)
    context.close()
    left = _project_violations(violations)
    assert not left, f"{page_path} at {viewport['width']} px: " + "\n  ".join(left)


WEIGHT_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const bytes = nav.decodedBodySize + resources.reduce((sum, r) => sum + r.decodedBodySize, 0);
  const biggest = resources.map(r => [r.name.replace(location.origin, ''), r.decodedBodySize])
    .sort((a, b) => b[1] - a[1]).slice(0, 5);
  return {bytes, requests: 1 + resources.length, biggest};
}"""


@pytest.mark.parametrize("page_path", CHAPTER_PAGES)
def test_chapter_page_weight(server, browser, page_path):
    """Bytes (uncompressed, as served) and requests of a chapter page opened and scrolled to its end (so
    that lazily loaded images count), written to _build/page-weight/ for the README; each page must stay
    within WEIGHT_BUDGET."""
    context, page, _, _ = _open(browser, server, page_path, viewport=LAPTOP)
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, LAPTOP["height"]):
        page.evaluate(f"window.scrollTo(0, {y})")
    page.wait_for_load_state("networkidle")
    weight = page.evaluate(WEIGHT_JS)
    context.close()
    folder = paths.build_dir() / "page-weight"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{_slug(page_path)}.json").write_text(json.dumps({"page": page_path, **weight}, indent=1) + "\n")
    assert weight["bytes"] <= WEIGHT_BUDGET["bytes"] and weight["requests"] <= WEIGHT_BUDGET["requests"], (
        f"{page_path}: {weight['bytes'] / 1e6:.2f} MB in {weight['requests']} requests "
        f"(budget {WEIGHT_BUDGET['bytes'] / 1e6:.1f} MB, {WEIGHT_BUDGET['requests']}); biggest: {weight['biggest']}")


#: figures and tables that reach past the viewport's right edge: a figure must scale to the column, a
#: table must scroll inside a box that itself fits (its nearest ancestor that scrolls sideways)
OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth;
  const article = document.querySelector('article.bd-article') || document.querySelector('article');
  if (!article) return [];
  const out = [];
  const scrollBox = el => {
    for (let p = el.parentElement; p && p !== article; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return p;
    }
    return el;
  };
  for (const img of article.querySelectorAll('figure img')) {
    const r = img.getBoundingClientRect();
    if (r.width && (r.right > width + 1 || r.left < -1))
      out.push(`figure ${img.closest('figure').id}: ${Math.round(r.left)}..${Math.round(r.right)} px`);
  }
  for (const table of article.querySelectorAll('table')) {
    if (!table.getBoundingClientRect().width) continue;  // inside a closed dropdown
    const r = scrollBox(table).getBoundingClientRect();
    if (r.right > width + 1 || r.left < -1) {
      const head = (table.querySelector('tr') || table).innerText.replace(/\\s+/g, ' ').slice(0, 50);
      out.push(`table "${head}": its box spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("page_path", PAGES)
def test_nothing_overflows_a_phone(server, browser, page_path):
    """Issue 25: at 390 px figures kept 500-795 CSS px in a 358 px column and every chapter table ran off the
    screen. Every figure scales to the column (a tap opens the full image) and every table scrolls inside a
    box that fits the viewport."""
    context, page, _, _ = _open(browser, server, page_path, viewport=PHONE)
    page.evaluate(UNFOLD_JS)
    over = page.evaluate(OVERFLOW_JS)
    links = page.evaluate("Array.from(document.querySelectorAll('article figure img'))"
                          ".filter(i => !i.closest('a[href]')).map(i => i.closest('figure').id)")
    context.close()
    assert not over, f"{page_path} at {PHONE['width']} px: " + "; ".join(over[:10])
    assert not links, f"{page_path}: figures whose image does not open the full image on a tap: {links}"


#: the smallest text a reader sees in a figure, in CSS pixels (issue 25: Zeadally's Fig. 6.10 was shown at
#: 0.61 of its size, its tick labels 9 px)
MIN_SHOWN_TEXT_PX = 10.0

#: each figure's smallest text in CSS px as the page shows it: its size in figure points (the chapter record,
#: the hidden mark mmbook.sphinxext.text_size_html writes) is pt * dpi / 72 px on the image at full size, the
#: full size being the width Sphinx writes into the img's style (the figure at figure.dpi, 110: the notebook's
#: Image width), times the width shown over that full width. Not the PNG's natural width: the PNG is saved at
#: savefig.dpi (150), so measuring against it understated every figure's text by 110/150 (the 8.4-9.9 px of
#: the clean clone of 2026-11-26 were 11.5-13.5 px as shown). A figure without that width is reported.
SHOWN_TEXT_JS = """() => Array.from(document.querySelectorAll('article figure')).map(f => {
  const img = f.querySelector('img'), mark = f.querySelector('.mm-text-size');
  if (!img || !mark) return null;
  const full = parseFloat(img.getAttribute('width')) || parseFloat(img.style.width);
  if (!full) return {id: f.id, px: 0, scale: 'unknown: the img has no width at figure.dpi'};
  const scale = img.getBoundingClientRect().width / full;
  const px = parseFloat(mark.dataset.pt) * parseFloat(mark.dataset.dpi) / 72 * scale;
  return {id: f.id, px: Math.round(px * 10) / 10, scale: Math.round(scale * 100) / 100};
}).filter(x => x)"""


#: chapters whose figures are known to show text under MIN_SHOWN_TEXT_PX at 1366 px. Strict: a chapter whose
#: figures are redrawn passes and must leave this set. Empty since issue 25's figures work: the 8.4-9.9 px the
#: clean clone of 2026-11-26 measured in the eight study chapters came from SHOWN_TEXT_JS's natural-width
#: measure (110/150 of the truth), and the figures drawn 6.8-6.9 in wide for a 768 px column are 6.7 in wide
#: for the 740 px one a 1366 px window gives (mmperf.plotting.BOOK_COLUMN_PX). Measured on the figs branch's
#: build: smallest text 12.2-15.3 px per chapter, every figure at 0.99 of full size or more (the old measure gave
#: the same build 9.0-10.1 px: 8 pt text, 12.2 px as shown, read 9.0).
TEXT_TOO_SMALL: set[str] = set()


def _legibility_params():
    for page in CHAPTER_PAGES:
        chapter = page.rsplit("/", 1)[-1].removesuffix(".html")
        marks = [pytest.mark.xfail(strict=True, reason="issue 25: figure text shown under 10 px (TEXT_TOO_SMALL)")
                 ] if chapter in TEXT_TOO_SMALL else []
        yield pytest.param(page, marks=marks, id=page)


@pytest.mark.parametrize("page_path", list(_legibility_params()))
def test_figure_text_is_legible_as_shown(server, browser, page_path):
    """At a 1366 px laptop window every figure's smallest text reads at least MIN_SHOWN_TEXT_PX CSS pixels at
    the scale the page shows the figure (mmperf.plotting.check_legible assumes the 768 px column of a
    1400 px window; this measures the column the page really has)."""
    context, page, _, _ = _open(browser, server, page_path, viewport=LAPTOP)
    shown = page.evaluate(SHOWN_TEXT_JS)
    context.close()
    assert shown, f"{page_path}: no figure carries its smallest text size (mmbook.sphinxext.text_size_html)"
    small = [f"{f['id']}: {f['px']} px (shown at {f['scale']} of full size)" for f in shown
             if f["px"] < MIN_SHOWN_TEXT_PX]
    assert not small, f"{page_path} at {LAPTOP['width']} px: figure text under {MIN_SHOWN_TEXT_PX:g} px: {small}"
