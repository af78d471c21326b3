"""mmbook.stylebundle: one stylesheet per page, with the cascade and every url() unchanged."""

from __future__ import annotations

import json

import pytest

from mmbook.stylebundle import bundle_name, bundle_pages, bundled_links, flattened_sheet, rebase_urls


def _write(root, files: dict[str, str]):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def _page(*hrefs, extra=""):
    links = "\n".join(f'    <link rel="stylesheet" type="text/css" href="{h}" />' for h in hrefs)
    return f"<html><head>\n{links}\n{extra}</head><body><p>text</p></body></html>\n"


def test_rebase_urls_from_a_sub_folder_to_the_static_folder():
    css = ("@font-face{src:url(../vendor/fa.woff2) format('woff2'),url('../vendor/fa.ttf')}"
           'a{background:url("img/dot.png")} b{background:url(data:image/png;base64,AAAA)} '
           "c{background:url(https://example.org/x.png)}")
    assert rebase_urls(css, "_static/styles/theme.css", "_static") == (
        "@font-face{src:url(\"vendor/fa.woff2\") format('woff2'),url(\"vendor/fa.ttf\")}"
        'a{background:url("styles/img/dot.png")} b{background:url(data:image/png;base64,AAAA)} '
        "c{background:url(https://example.org/x.png)}")


def test_flattened_sheet_inlines_imports_and_drops_charset_and_source_maps(tmp_path):
    _write(tmp_path, {
        "_static/basic.css": '@charset "utf-8";\nbody{margin:0}\n/*# sourceMappingURL=basic.css.map */',
        "_static/styles/theme.css": '/* theme */\n@import "../basic.css";\nh1{background:url(../i.png)}',
    })
    assert flattened_sheet(tmp_path, "_static/styles/theme.css", "_static") == (
        '/* theme */\n\nbody{margin:0}\n\nh1{background:url("i.png")}')


@pytest.mark.parametrize("css, message", [
    ('@import "https://fonts.example.org/f.css";', "imports https://fonts.example.org/f.css, which is not a file"),
    ('@import "x.css" screen;', "has an @import this bundler cannot inline"),
    ('@import "a.css";', "imports itself"),
])
def test_sheets_that_cannot_be_joined_unchanged_are_refused(tmp_path, css, message):
    _write(tmp_path, {"_static/a.css": css, "_static/x.css": "p{}"})
    with pytest.raises(ValueError, match=message):
        flattened_sheet(tmp_path, "_static/a.css", "_static")


def test_bundled_links_are_the_plain_local_stylesheets_up_to_the_first_other():
    head = _page("../_static/a.css?v=1", "../_static/b.css", "https://cdn.example.org/c.css", "../_static/d.css",
                 extra='<link rel="icon" href="../_static/f.png"/>')
    assert [sheet for _, sheet in bundled_links(head, "book/x.html")] == ["_static/a.css", "_static/b.css"]
    # a link to another site stops the run: d.css must still come after c.css
    assert bundled_links(_page("https://cdn.example.org/c.css", "../_static/d.css"), "book/x.html") == []


def test_pages_share_one_bundle_in_their_order_with_hrefs_from_their_own_folder(tmp_path):
    _write(tmp_path, {
        "_static/a.css": "a{color:red}", "_static/styles/b.css": "b{background:url(../img/b.png)}",
        "index.html": _page("_static/a.css", "_static/styles/b.css?digest=1"),
        "book/chapters/x.html": _page("../../_static/a.css", "../../_static/styles/b.css"),
        "one.html": _page("_static/a.css"),  # a single sheet: nothing to join
        "missing.html": _page("_static/a.css", "_static/gone.css"),  # a sheet that is not there: left alone
    })
    manifest = bundle_pages(tmp_path)
    name = bundle_name(["_static/a.css", "_static/styles/b.css"])
    assert manifest == {name: ["_static/a.css", "_static/styles/b.css"]}
    assert (tmp_path / name).read_text() == (
        '/* _static/a.css */\na{color:red}\n/* _static/styles/b.css */\nb{background:url("img/b.png")}')
    index = (tmp_path / "index.html").read_text()
    assert index.count("stylesheet") == 1 and f'href="{name}"' in index
    chapter = (tmp_path / "book/chapters/x.html").read_text()
    assert chapter.count("stylesheet") == 1 and f'href="../../{name}"' in chapter
    assert (tmp_path / "one.html").read_text() == _page("_static/a.css")
    assert (tmp_path / "missing.html").read_text() == _page("_static/a.css", "_static/gone.css")
    assert json.loads((tmp_path / "_static/mmbook-bundles.json").read_text()) == manifest


def test_a_later_build_rewrites_the_bundle_of_pages_it_did_not_rewrite(tmp_path):
    # Sphinx rewrites only pages whose sources changed: a page bundled before keeps its one link, so a
    # changed sheet must reach that page's bundle through the manifest
    _write(tmp_path, {"_static/a.css": "a{color:red}", "_static/b.css": "b{}",
                      "index.html": _page("_static/a.css", "_static/b.css")})
    bundle_pages(tmp_path)
    bundled = (tmp_path / "index.html").read_text()
    (tmp_path / "_static/a.css").write_text("a{color:blue}")
    bundle_pages(tmp_path)
    assert (tmp_path / "index.html").read_text() == bundled
    assert "a{color:blue}" in (tmp_path / bundle_name(["_static/a.css", "_static/b.css"])).read_text()
