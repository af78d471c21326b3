"""mmbook.mathml: the book's TeX as MathML at build time, and the Sphinx renderer around it."""

from __future__ import annotations

import pytest

from mmbook.mathml import to_mathml

NS = 'xmlns="http://www.w3.org/1998/Math/MathML"'


def test_inline_expression_by_hand():
    # X = C/T: three identifiers and two operators in one row; latex2mathml writes every operator as a
    # numeric character reference (= is U+003D, / is U+002F)
    assert to_mathml("X = C/T") == (f'<math {NS} display="inline"><mrow><mi>X</mi><mo>&#x0003D;</mo><mi>C</mi>'
                                    "<mo>&#x0002F;</mo><mi>T</mi></mrow></math>")


def test_block_fraction_by_hand():
    assert to_mathml(r"\frac{1}{R}", display="block") == (
        f'<math {NS} display="block"><mrow><mfrac><mrow><mn>1</mn></mrow><mrow><mi>R</mi></mrow></mfrac>'
        "</mrow></math>")


def test_a_grouped_comma_is_a_thousands_separator_without_space():
    # TeX: 624{,}000 is one number; a bare comma separates a list (x, y) and keeps its space
    assert to_mathml("624{,}000") == (f'<math {NS} display="inline"><mrow><mn>624</mn><mrow>'
                                      '<mo lspace="0" rspace="0">&#x0002C;</mo></mrow><mn>000</mn></mrow></math>')
    assert 'rspace="0"' not in to_mathml("x, y")


def test_limits_go_under_max_and_min_in_display_only():
    # TeX sets a limit under \max in display style and beside it in a line of text
    for op in ("max", "min", "lim", "sup", "inf"):
        assert f"<munder><mo>{op}</mo>" in to_mathml(rf"\{op}_{{n}} x_n", display="block"), op
        assert f"<msub><mo>{op}</mo>" in to_mathml(rf"\{op}_{{n}} x_n", display="inline"), op
    # an operator without a subscript is left alone
    assert "limits" not in to_mathml(r"\max(a, b)", display="block")


@pytest.mark.parametrize("tex, message", [
    ("x^", "cannot convert it (MissingSuperScriptOrSubscriptError"),
    (r"\left( x", "cannot convert it (ExtraLeftOrMissingRightError"),
    (r"\begin{aligned} a &= b \end{aligned}", "bare '&'"),
    (r"\notacommand x", r"does not know the command \notacommand"),
])
def test_tex_that_would_reach_the_reader_unconverted_is_refused(tex, message):
    with pytest.raises(ValueError, match="latex2mathml") as err:
        to_mathml(tex)
    assert message in str(err.value)


def test_display_must_be_inline_or_block():
    with pytest.raises(ValueError, match=r"display must be 'inline' or 'block', not 'center'"):
        to_mathml("x", display="center")


def _build(tmp_path, source: str):
    """A one-page Sphinx project with the book's math renderer; returns the page's HTML."""
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text("extensions = ['mmbook.mathml']\nhtml_math_renderer = 'mathml'\n")
    (src / "index.rst").write_text(source)
    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                 status=None, warning=None, freshenv=True)
    app.build()
    return (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_a_page_gets_mathml_and_no_math_script(tmp_path):
    page = _build(tmp_path, "Title\n=====\n\nInline :math:`a^2` here.\n\n.. math::\n   :label: one\n\n"
                            "   \\frac{1}{R} = 1\n\n   y = 2\n")
    assert f'<span class="math notranslate nohighlight"><math {NS} display="inline"><mrow><msup>' in page
    # the numbered block: Sphinx's number with its link, then one <math> per equation (blank-line separated)
    assert '<span class="eqno">(1)<a class="headerlink" href="#equation-one"' in page
    assert page.count('display="block"') == 2
    # each block takes keyboard focus: it scrolls inside its box on a phone (axe: scrollable-region-focusable)
    assert page.count(f'<math tabindex="0" {NS} display="block">') == 2
    assert "mathjax" not in page.lower() and "tex-chtml" not in page


def test_tex_the_converter_cannot_write_stops_the_build_naming_page_and_tex(tmp_path):
    from sphinx.errors import ExtensionError

    with pytest.raises(ExtensionError, match=r"index:\d+: the math '\\\\notacommand x' cannot be written as MathML"):
        _build(tmp_path, "Title\n=====\n\n.. math:: \\notacommand x\n")
