"""Smoke test in a real browser: headless Chromium (Debian's package) driven by Playwright.

Every page of the built book loads over HTTP from a local server with no console errors, no
page errors and no failed requests, and every image on it has loaded. Needs /usr/bin/chromium
(`apt-get install chromium`; `.ci/run` installs it). Without it the test is skipped locally and
fails in CI.
"""

import os
import shutil
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from mmperf.params import chapter_names

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STATIC_PAGES = ["index.html", "book/intro.html", "book/using.html", "book/teaching.html", "book/scorecard.html"]
PAGES = STATIC_PAGES + [f"book/chapters/{name}.html" for name in chapter_names()]


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


@pytest.mark.parametrize("page_path", PAGES)
def test_page_loads_cleanly_with_all_images(server, browser, page_path):
    page = browser.new_page()
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    response = page.goto(f"{server}/{page_path}", wait_until="networkidle")
    assert response is not None and response.ok, f"{page_path}: HTTP {response.status if response else '?'}"
    broken = page.evaluate(
        "Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
    title = page.title()
    page.close()
    assert not problems, f"{page_path}: {problems}"
    assert not broken, f"{page_path}: images that did not load: {broken}"
    assert title, f"{page_path}: no title"


def test_chapter_figures_are_visible_images(server, browser):
    for name in chapter_names():
        page = browser.new_page()
        page.goto(f"{server}/book/chapters/{name}.html", wait_until="networkidle")
        sizes = page.evaluate(
            "Array.from(document.querySelectorAll('figure img')).map(i => [i.naturalWidth, i.naturalHeight])")
        page.close()
        assert sizes, f"{name}: no figure images"
        assert all(w > 100 and h > 100 for w, h in sizes), f"{name}: a figure image is tiny or empty: {sizes}"
