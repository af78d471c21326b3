"""The book's math as MathML, written when the book is built (issue 25, page weight).

MathJax's script and fonts were 1.2 MB of every chapter page (more than its text and figures together) and
up to eight of its requests. Browsers draw MathML themselves (Chromium since 109, Firefox, Safari), so the
book converts each TeX expression once, at build time, with ``latex2mathml``, and no page loads a math
script. Screen readers read MathML as math, which they could not do with MathJax's CHTML output.

Sphinx chooses the renderer by ``html_math_renderer`` (``_config.yml`` sets it to ``mathml``); this module
registers the renderer. An expression the converter cannot write stops the build with its page and TeX,
rather than showing the reader raw TeX.

Examples
--------
>>> to_mathml(r"X = C/T", display="inline")  # doctest: +ELLIPSIS
'<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><mrow><mi>X</mi><mo>&#x0003D;</mo>...</math>'
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.util.math import get_node_equation_number

#: the name ``html_math_renderer`` selects
RENDERER = "mathml"
#: an ampersand that starts no character reference: latex2mathml copies the column separator ``&`` of an
#: environment it does not know (``aligned``, for one) into the output as text, which a reader would see
_BARE_AMPERSAND = re.compile(r"&(?!#?\w+;)")
#: a TeX command copied into the output as an identifier or operator: latex2mathml passes a command it does
#: not know through as text (``<mi>\\foo</mi>``) instead of failing
_UNKNOWN_COMMAND = re.compile(r">(\\[A-Za-z]+)")
#: operators whose subscript TeX sets under them in display style (as ``\sum`` already is by latex2mathml)
_LIMIT_OPERATORS = re.compile(r"\\(max|min|lim|sup|inf|limsup|liminf)(?=\s*_)")


def to_mathml(tex: str, display: str = "inline") -> str:
    """One TeX expression (without delimiters) as a ``<math>`` element.

    Parameters
    ----------
    tex : str
        The TeX, as written between ``$...$`` or in a ``math`` block.
    display : {"inline", "block"}
        MathML's ``display``: in the line of text, or a block of its own.

    Raises
    ------
    ValueError
        When latex2mathml cannot convert the TeX, or writes it into the output unconverted: a bare ``&``
        (an alignment environment it does not know) or a command name (a command it does not know).

    Examples
    --------
    >>> to_mathml(r"\\frac{1}{2}", display="block")  # doctest: +ELLIPSIS
    '<math ... display="block"><mrow><mfrac><mrow><mn>1</mn></mrow><mrow><mn>2</mn></mrow></mfrac></mrow></math>'
    >>> "<munder><mo>max</mo>" in to_mathml(r"\\max_{n} x_n", display="block")  # limits under, as TeX sets them
    True
    >>> to_mathml(r"\\begin{aligned} a &= b \\end{aligned}")
    Traceback (most recent call last):
    ...
    ValueError: latex2mathml leaves a bare '&' (an alignment environment it does not know)
    >>> to_mathml(r"\\foo + 1")
    Traceback (most recent call last):
    ...
    ValueError: latex2mathml does not know the command \\foo
    """
    from latex2mathml.converter import convert  # imported by the build only, not by chapter runs

    if display not in ("inline", "block"):
        raise ValueError(f"display must be 'inline' or 'block', not {display!r}")
    if display == "block":
        tex = _LIMIT_OPERATORS.sub(r"\\\1\\limits", tex)
    try:
        out = convert(tex.strip(), display=display)
    except Exception as err:  # latex2mathml raises its own exceptions, and IndexError on unbalanced input
        raise ValueError(f"latex2mathml cannot convert it ({type(err).__name__}: {err})") from err
    if _BARE_AMPERSAND.search(out):
        raise ValueError("latex2mathml leaves a bare '&' (an alignment environment it does not know)")
    # TeX's {,} is a comma with no space after it, a thousands separator (624{,}000); latex2mathml writes it
    # as an operator in a group, which browsers space like a list's comma ("624, 000")
    out = out.replace("<mrow><mo>&#x0002C;</mo></mrow>", '<mrow><mo lspace="0" rspace="0">&#x0002C;</mo></mrow>')
    unknown = _UNKNOWN_COMMAND.search(out)
    if unknown:
        raise ValueError(f"latex2mathml does not know the command {unknown.group(1)}")
    return out


def _convert_or_stop(translator, node, tex: str, display: str) -> str:
    """:func:`to_mathml`, or a build error naming the page, the line and the TeX."""
    try:
        return to_mathml(tex, display)
    except ValueError as err:
        where = f"{translator.builder.current_docname}:{node.line or '?'}"
        raise ExtensionError(f"{where}: the math {tex.strip()!r} cannot be written as MathML: {err}") from err


def visit_math(translator, node: nodes.math) -> None:
    """Inline math: ``<span class="math">`` around the MathML (the classes Sphinx's renderers use)."""
    translator.body.append(translator.starttag(node, "span", "", CLASS="math notranslate nohighlight"))
    translator.body.append(_convert_or_stop(translator, node, node.astext(), "inline") + "</span>")
    raise nodes.SkipNode


def visit_displaymath(translator, node: nodes.math_block) -> None:
    """Display math: a ``<div class="math">`` with the equation number and its link, as Sphinx writes them,
    then one ``<math display="block" tabindex="0">`` per equation (Sphinx separates equations by a blank
    line)."""
    translator.body.append(translator.starttag(node, "div", CLASS="math notranslate nohighlight"))
    if node.get("number"):
        translator.body.append(f'<span class="eqno">({get_node_equation_number(translator, node)})')
        translator.add_permalink_ref(node, "Link to this equation")
        translator.body.append("</span>")
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        # focusable: a formula wider than a phone's column scrolls inside its own box (mmperf.css), and a
        # keyboard must reach what a scroll box hides (axe's scrollable-region-focusable), as table boxes do
        mathml = _convert_or_stop(translator, node, part, "block")
        translator.body.append(mathml.replace("<math ", '<math tabindex="0" ', 1))
    translator.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app) -> dict:
    """Register the renderer (``html_math_renderer: mathml`` in the Sphinx config selects it)."""
    app.add_html_math_renderer(RENDERER, (visit_math, None), (visit_displaymath, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
