"""The book's Sphinx extension: figure provenance lines, downloads, alt text, build stamp, teacher-only blocks.

The functions are tested on hand-built docutils trees and hand-written chapter records, so every
expected string below is written out from the format documented in mmbook.sphinxext.
"""

import json
import re
from types import SimpleNamespace

import pytest
from docutils import nodes
from docutils.utils import new_document

from mmbook import sphinxext


def _chapter_dir(tmp_path, figures, results=None, png=True, svg=True):
    folder = tmp_path / "sharp"
    (folder / "figures").mkdir(parents=True)
    (folder / "coverage.json").write_text(json.dumps({"chapter": "sharp", "title": "Sharp", "items": [],
                                                      "figures": figures}))
    (folder / "results.json").write_text(json.dumps(results or {"defaults_differ": {}}))
    for fig in figures:
        name = fig if isinstance(fig, str) else fig["name"]
        if png:
            (folder / "figures" / f"{name}.png").write_bytes(b"\x89PNG fake")
        if svg:
            (folder / "figures" / f"{name}.svg").write_text("<svg/>")
    return folder


def _doctree(figure_id, image_alt="../../_images/abc.png", caption="The loss against the load."):
    doc = new_document("test")
    figure = nodes.figure(ids=[figure_id])
    figure += nodes.image(uri="_images/abc.png", alt=image_alt)
    figure += nodes.caption(text=caption)
    doc += figure
    return doc, figure


def _app(tmp_path, hide_solutions=False):
    return SimpleNamespace(builder=SimpleNamespace(format="html"), outdir=str(tmp_path / "html"),
                           mmperf_stamp={"commit": "abc1234", "date": "2026-11-22 19:00 UTC", "versions": {}},
                           config=SimpleNamespace(hide_solutions=hide_solutions))


def test_new_format_records_give_alt_text_provenance_and_downloads(tmp_path, monkeypatch):
    record = {"name": "fig-sharp-loss", "png": "figures/fig-sharp-loss.png", "svg": "figures/fig-sharp-loss.svg",
              "alt": "Frame loss rises steeply above a background load of 0.25.", "cell": 14,
              "function": "mmstudies.sharp.figures.loss", "source": "lib/mmstudies/sharp/figures.py:40",
              "data_files": ["data/sharp/table1.csv"]}
    folder = _chapter_dir(tmp_path, [record])
    monkeypatch.setattr(sphinxext.paths, "default_chapter_dir", lambda name: folder)
    doc, figure = _doctree("fig-sharp-loss")
    sphinxext.add_figure_provenance(_app(tmp_path), doc, "book/chapters/sharp")
    image = next(iter(figure.findall(nodes.image)))
    assert image["alt"] == "Frame loss rises steeply above a background load of 0.25."
    raw = next(iter(figure.findall(nodes.raw)))
    assert raw.astext() == (
        '<details class="mm-provenance"><summary>Provenance: chapter <code>sharp</code>, code cell [14], drawn by '
        '<code>mmstudies.sharp.figures.loss</code>, commit <code>abc1234</code>.</summary>'
        '<p>Drawn by <code>mmstudies.sharp.figures.loss</code> in <code>lib/mmstudies/sharp/figures.py:40</code>. '
        "Cell [14] is numbered as in the chapter's downloadable executed notebook. Parameters changed from the "
        'defaults: none (the defaults). Transcribed data tables among its inputs: '
        '<code>data/sharp/table1.csv</code>.</p></details><p class="mm-downloads">Download: '
        '<a class="mm-download" href="../../_figures/sharp/fig-sharp-loss.png" download>PNG</a> · '
        '<a class="mm-download" href="../../_figures/sharp/fig-sharp-loss.svg" download>SVG</a></p>')
    assert (tmp_path / "html" / "_figures" / "sharp" / "fig-sharp-loss.png").read_bytes() == b"\x89PNG fake"
    assert (tmp_path / "html" / "_figures" / "sharp" / "fig-sharp-loss.svg").read_text() == "<svg/>"


def test_what_if_parameters_and_missing_files(tmp_path, monkeypatch):
    record = {"name": "fig-sharp-loss", "png": "figures/fig-sharp-loss.png", "svg": "figures/fig-sharp-loss.svg",
              "alt": "", "cell": None, "data_files": []}
    folder = _chapter_dir(tmp_path, [record], {"defaults_differ": {"frame_rate_fps": {"default": 25, "value": 15}},
                                               "commit": "fff0000"}, svg=False)
    monkeypatch.setattr(sphinxext.paths, "default_chapter_dir", lambda name: folder)
    doc, figure = _doctree("fig-sharp-loss")
    sphinxext.add_figure_provenance(_app(tmp_path), doc, "book/chapters/sharp")
    text = next(iter(figure.findall(nodes.raw))).astext()
    assert "frame_rate_fps = 15 (default 25)" in text
    assert "among its inputs: none." in text and "commit <code>fff0000</code>" in text
    assert ">PNG</a>" in text and "SVG" not in text, "a missing SVG file is not offered"
    # no recorded alt text: the caption describes the figure, never the image path
    assert next(iter(figure.findall(nodes.image)))["alt"] == "The loss against the load."


def test_old_format_names_still_get_a_line_and_the_cell_from_the_notebook(tmp_path, monkeypatch):
    folder = _chapter_dir(tmp_path, ["fig-sharp-loss"], svg=False)
    nb = {"cells": [{"cell_type": "code", "execution_count": 3, "outputs": []},
                    {"cell_type": "markdown", "source": "x"},
                    {"cell_type": "code", "execution_count": 9,
                     "outputs": [{"metadata": {"scrapbook": {"name": "fig-sharp-loss"}}}]}]}
    (folder / "sharp.ipynb").write_text(json.dumps(nb))
    monkeypatch.setattr(sphinxext.paths, "default_chapter_dir", lambda name: folder)
    doc, figure = _doctree("fig-sharp-loss")
    sphinxext.add_figure_provenance(_app(tmp_path), doc, "book/chapters/sharp")
    text = next(iter(figure.findall(nodes.raw))).astext()
    assert "code cell [9]," in text and "Data tables: not recorded." in text


def test_unrecorded_figure_and_other_pages(tmp_path, monkeypatch):
    folder = _chapter_dir(tmp_path, [])
    monkeypatch.setattr(sphinxext.paths, "default_chapter_dir", lambda name: folder)
    doc, figure = _doctree("fig-other")
    sphinxext.add_figure_provenance(_app(tmp_path), doc, "book/chapters/sharp")
    assert next(iter(figure.findall(nodes.image)))["alt"] == "The loss against the load."
    assert not list(figure.findall(nodes.raw))
    doc, figure = _doctree("fig-sharp-loss")
    sphinxext.add_figure_provenance(_app(tmp_path), doc, "book/intro")  # not a chapter page: untouched
    assert next(iter(figure.findall(nodes.image)))["alt"] == "../../_images/abc.png"


@pytest.mark.parametrize(("differ", "expected"), [
    (None, "none (the defaults)"),
    ({}, "none (the defaults)"),
    ({"a": {"default": 1, "value": 2}, "b": {"default": "x", "value": "y"}}, "a = 2 (default 1), b = y (default x)"),
    ({"a": 3}, "a = 3"),
])
def test_defaults_differ_text(differ, expected):
    assert sphinxext._differ_text(differ) == expected


def test_stamp_html_and_versions():
    stamp = {"commit": "abc1234 + uncommitted changes", "date": "2026-11-22 19:00 UTC",
             "versions": {"python": "3.11.7", "numpy": "2.4.6"}}
    assert sphinxext.stamp_html(stamp, None) == (
        '<p class="mm-stamp">Built from commit <code>abc1234 + uncommitted changes</code> on 2026-11-22 19:00 UTC '
        'with python 3.11.7, numpy 2.4.6.</p>')
    versions = sphinxext.package_versions(("numpy",))
    assert set(versions) == {"python", "numpy"} and versions["numpy"][0].isdigit()
    real = sphinxext.build_stamp()
    assert real["commit"] and real["date"].endswith("UTC")


def test_teacher_only_blocks_are_dropped_only_in_the_student_edition(tmp_path):
    def doc():
        d = new_document("t")
        d += nodes.container("", nodes.paragraph(text="instructor link"), classes=[sphinxext.TEACHER_ONLY])
        d += nodes.paragraph(text="for everyone")
        return d

    teacher = doc()
    sphinxext.remove_teacher_only(_app(tmp_path, hide_solutions=False), teacher)
    assert "instructor link" in teacher.astext()
    student = doc()
    sphinxext.remove_teacher_only(_app(tmp_path, hide_solutions=True), student)
    assert "instructor link" not in student.astext() and "for everyone" in student.astext()


def test_tables_are_numbered_apart_from_figures():
    """Issue 25 item 5: "Table 3.1", "Table 3.2" in page order on chapter 3, whatever the figures' count;
    a caption already numbered is left alone, an uncaptioned table gets no number."""
    body = ('<figure id="fig-a"></figure><table class="mm-table"><caption>Costs</caption></table>'
            '<table class="mm-table"><thead></thead></table>'
            '<table class="mm-table mm-dense"><caption>Table 3.9: kept</caption></table>'
            '<table class="mm-table"><caption>Fits</caption></table>')
    out = sphinxext.number_table_captions(body, "3")
    assert re.findall(r"<caption>(.*?)</caption>", out) == ["Table 3.1: Costs", "Table 3.9: kept", "Table 3.2: Fits"]


def test_reader_words_leave_code_and_the_generator_seed_alone():
    body = ('<h2>Errata in the seed</h2><p>The seed misprints it (Table 2, seed lines 151-154); '
            'the base seed is <code>seed</code>, runs are seeded.</p><pre>the seed</pre>')
    assert sphinxext.reader_words_html(body) == (
        '<h2>Errata in the source text</h2><p>The source text misprints it (Table 2); '
        'the base seed is <code>seed</code>, runs are seeded.</p><pre>the seed</pre>')


def test_coverage_rows_link_the_figure_whose_caption_names_the_item():
    """A range in a caption covers each member; an illustration that says it is not a reproduction, and an
    item no figure names, link nowhere."""
    body = ('<figure id="fig-sys"><figcaption><span class="caption-number">Fig. 8.5 </span>Schematics after the '
            "thesis's Figures 4.4-4.6</figcaption></figure>"
            '<figure id="fig-t"><figcaption>Fig. 8.2 In the manner of Figure 4.11 (not a reproduction)</figcaption>'
            '</figure><details class="mm-collapsed mm-coverage"><table><tbody>'
            "<tr><td>Figure 4.5 (encoder)</td></tr><tr><td>Figure 4.11 (trace)</td></tr>"
            "<tr><td>Table 4.1</td></tr></tbody></table></details>")
    out = sphinxext.link_coverage_to_figures(body)
    assert re.findall(r'<a href="#([^"]+)">([^<]+)</a>', out) == [("fig-sys", "Figure 4.5 (encoder)")]


def test_a_page_loads_only_the_assets_its_body_uses():
    """Issue 25 item 8: thebe never, copy buttons only with highlighted code, sphinx-design only with its
    components, toggle buttons only with toggles; everything else (the theme's own, MathJax) untouched."""
    script = SimpleNamespace
    scripts = [script(filename="_static/doctools.js", attributes={}),
               script(filename="_static/sphinx-thebe.js", attributes={"async": "async"}),
               script(filename=None, attributes={"body": 'const THEBE_JS_URL = "https://unpkg.com/thebe"'}),
               script(filename="_static/clipboard.min.js", attributes={}),
               script(filename="_static/copybutton.js?v=f281be69", attributes={}),
               script(filename="_static/design-tabs.js", attributes={}),
               script(filename="_static/togglebutton.js", attributes={}),
               script(filename="_static/mathjax/tex-chtml.js", attributes={"defer": "defer"})]
    styles = [script(filename=name, attributes={}) for name in
              ("_static/pygments.css", "_static/sphinx-thebe.css", "_static/copybutton.css",
               "_static/sphinx-design.min.css", "_static/togglebutton.css", "_static/mmperf.css")]

    def kept(body):
        context = {"body": body, "script_files": list(scripts), "css_files": list(styles)}
        sphinxext.drop_unused_assets(None, "book/x", "page.html", context, None)
        return [s.filename.split("/")[-1].split("?")[0] for s in context["script_files"] + context["css_files"]]

    assert kept("<p>Prose only.</p>") == ["doctools.js", "tex-chtml.js", "pygments.css", "mmperf.css"]
    code = '<div class="highlight-ipython3 notranslate"><div class="highlight"><pre>x</pre></div></div>'
    assert kept(code + '<div class="admonition dropdown">') == [
        "doctools.js", "clipboard.min.js", "copybutton.js", "togglebutton.js", "tex-chtml.js",
        "pygments.css", "copybutton.css", "togglebutton.css", "mmperf.css"]
    assert "sphinx-design.min.css" in kept('<details class="sd-sphinx-override sd-dropdown">')
