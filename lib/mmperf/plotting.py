"""The book's figure style: one look for every chapter, colour-blind-safe, readable in print.

Call :func:`use_book_style` once at the top of a notebook (in a hidden cell).

Size and font convention (text at least 9 pt where the figure is shown)
---------------------------------------------------------------------
The book shows a figure as the PNG the notebook displayed, at ``figure.dpi`` = 110 pixels per
inch (the PNG itself is saved at 150 dpi and given that width in CSS pixels), shrunk to the text
column when it is wider. The column is the width an image may take in a chapter page at a 1366 px
laptop window, the narrowest desktop window the browser test checks: 740 CSS pixels (measured in the
built book with sphinx-book-theme 1.3: the figure box is 756.8 px and the image 16 px narrower; at
1400 px it is 768, at 1280 px 672). A figure whose tight box is up to :data:`FULL_SIZE_WIDTH_IN`
(6.73 in) wide is shown at full size, where a font of ``s`` points reads as ``s * 110/96`` CSS points
(``s * 110/72`` CSS pixels); a wider figure is shrunk by ``740 / (110 * width)``. So:

- keep figures' tight boxes at most 6.7 in wide (a 6.9 in figure's tight box is about 6.8 in: shown at
  0.99) and use the style's font sizes (10-11.5 pt); a figure shown at full size may use text down to 8 pt;
- a wider figure needs proportionally larger text: at width ``w`` inches every text must be at
  least ``9 * w * 110 / (96 * 740)`` pt (about 1.39 * w pt: 13.9 pt at 10 in);
- :func:`check_legible` lists every text of a figure smaller than 9 pt at display size (12 CSS
  pixels, above the browser test's 10 px), so a test can require ``check_legible(fig) == []``; the
  chapter record stores the list with each figure (``too_small``) and the book's tests require it empty.
- :func:`check_overprint` lists the texts of a figure drawn over other texts or over a legend (the
  chapter record stores the list with each figure; the book's tests require it empty).

On phones (390 px) the book's stylesheet scales every figure to the column (about 342 CSS pixels); the
image is a link to the full PNG, and the PNG and SVG downloads are offered for zooming.

Schematics (boxes and arrows redrawn from a paper) use :func:`blank_axes`, :func:`box` and
:func:`arrow`, the one version of the helpers each chapter once had its own copy of.
"""

from __future__ import annotations

import matplotlib as mpl
from cycler import cycler

# Okabe-Ito palette: distinguishable with the common colour-vision deficiencies.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]

#: Width, in CSS pixels, an image may take in a chapter page at a 1366 px laptop window (measured in the built
#: book: the figure box is 756.8 px, the image 16 px narrower), the window tests/test_browser.py checks figure
#: text at. (At 1400 px it is 768; the old value here, which let figures 6.8-7 in wide be shown shrunk at 1366.)
BOOK_COLUMN_PX = 740
#: Pixels per inch of the figure images the book shows (``figure.dpi``: the notebook's inline PNG).
DISPLAY_DPI = 110
#: The widest figure (inches) the book shows at full size.
FULL_SIZE_WIDTH_IN = BOOK_COLUMN_PX / DISPLAY_DPI
#: The smallest text, in points at display size, a book figure may carry.
MIN_DISPLAY_PT = 9.0

BOOK_RC = {
    "figure.figsize": (6.7, 4.2),
    "figure.dpi": DISPLAY_DPI,
    "figure.facecolor": "white",
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "font.size": 10.5,
    "axes.titlesize": 11.5,
    "axes.labelsize": 10.5,
    "xtick.labelsize": 10,
    "ytick.labelsize": 10,
    "legend.fontsize": 10,
    "legend.title_fontsize": 10,
    "figure.titlesize": 12,
    "legend.loc": "best",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "lines.linewidth": 1.8,
    "lines.markersize": 6,
    "axes.prop_cycle": cycler(color=PALETTE),
    "svg.fonttype": "none",
    # the SVG's element ids from a fixed salt, not a random one (with figsave's undated SVG metadata, the
    # same figure gives the same file on every run: a rebuild changes only the figures whose data changed)
    "svg.hashsalt": "mmperf",
}


def use_book_style() -> None:
    """Apply the book's matplotlib style (idempotent).

    Examples
    --------
    >>> use_book_style()
    >>> import matplotlib as mpl
    >>> mpl.rcParams["axes.spines.top"]
    False
    """
    mpl.rcParams.update(BOOK_RC)


def paper_marker_style() -> dict:
    """Style for values printed in the paper (hollow black markers), so they read apart from ours."""
    return {"marker": "o", "markerfacecolor": "none", "markeredgecolor": "black", "color": "black",
            "linestyle": "none", "markersize": 8, "label": "paper"}


def label_assumption(ax, text: str = "reconstructed under a labelled assumption",
                     corner: str = "lower right") -> None:
    """Stamp a figure whose content rests on an assumption, so it is never mistaken for the paper's.

    ``corner`` is one of "lower right" (default), "lower left", "upper right", "upper left";
    a light box keeps the stamp readable where it crosses data.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> label_assumption(ax, "assumed", corner="upper left")
    >>> ax.texts[-1].get_text(), ax.texts[-1].get_position()
    ('assumed', (0.01, 0.99))
    >>> plt.close(fig)
    """
    vertical, horizontal = corner.split()
    x, y = (0.01 if horizontal == "left" else 0.99), (0.99 if vertical == "upper" else 0.01)
    ax.text(x, y, text, transform=ax.transAxes, ha=horizontal, va="top" if vertical == "upper" else "bottom",
            fontsize=8, color="#555555", style="italic",
            bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none", "alpha": 0.8})


# ----------------------------------------------------------------------------- legibility
def display_scale(fig, column_px: int = BOOK_COLUMN_PX, dpi: float = DISPLAY_DPI) -> float:
    """CSS points per figure point where the book shows ``fig`` (see the module docstring).

    The width is the figure's tight bounding box (what the book's PNG holds).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig = plt.figure(figsize=(6.0, 3.0)); _ = fig.add_subplot().plot([0, 1], [0, 1])
    >>> round(display_scale(fig), 4)  # shown at full size: 110/96
    1.1458
    >>> fig.set_size_inches(16, 3)  # the tight box is about 12.7 in wide: shrunk by 740 / (110 * 12.7)
    >>> bool(0.6 < display_scale(fig) < 0.65)
    True
    >>> display_scale(fig, column_px=float("inf")) == 110 / 96   # no column: the figure's own size, unmeasured
    True
    >>> plt.close("all")
    """
    if column_px == float("inf"):  # no column to shrink the figure into: its box (a costly measure) cannot matter
        return dpi / 96.0
    renderer = fig.canvas.get_renderer()
    stale = fig.stale
    width_px = fig.get_tightbbox(renderer).width * dpi
    # Measuring the box re-applies each axes' position as it stands, which marks the figure stale although
    # nothing moved; left stale, a figure measured after its layout would be laid out again before it is
    # saved (mmbook.figsave.tight_box), a second constrained layout costing about 40 ms a figure.
    fig.stale = stale
    return dpi / 96.0 * min(1.0, column_px / width_px)


def text_sizes(fig, column_px: int = BOOK_COLUMN_PX, dpi: float = DISPLAY_DPI) -> list[tuple[str, float]]:
    """Every visible, non-empty text of ``fig`` with its size in points at display size; tick labels
    matplotlib keeps but does not draw are left out, as :func:`check_overprint` leaves them out."""
    from matplotlib.text import Text

    scale = display_scale(fig, column_px, dpi)
    undrawn = _undrawn_tick_labels(fig)
    found = []
    for t in fig.findobj(Text):
        text = t.get_text().strip()
        if not text or not t.get_visible() or id(t) in undrawn:
            continue
        ax = getattr(t, "axes", None)
        if ax is not None and not ax.get_visible():
            continue
        found.append((text, t.get_fontsize() * scale))
    return found


def smallest_text_pt(fig) -> float | None:
    """The font size, in the figure's own points, of its smallest visible text (None: no text).

    The book's browser test turns it into CSS pixels at the scale a page really shows the figure
    (``pt * figure.dpi / 72`` pixels at full size, times the shown width over the full width), so a
    figure shrunk to a narrower column than :data:`BOOK_COLUMN_PX` is caught too.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set_xlabel("load", fontsize=11); _ = ax.tick_params(labelsize=10)
    >>> _ = ax.text(0.5, 0.5, "note", fontsize=8.5); _ = ax.text(0.5, 0.2, "hidden", fontsize=4, visible=False)
    >>> smallest_text_pt(fig)
    8.5
    >>> plt.close(fig)
    """
    sizes = [size for _text, size in text_sizes(fig, column_px=float("inf"), dpi=96.0)]
    return round(min(sizes), 2) if sizes else None


def check_legible(fig, min_pt: float = MIN_DISPLAY_PT, column_px: int = BOOK_COLUMN_PX,
                  dpi: float = DISPLAY_DPI) -> list[str]:
    """The texts of ``fig`` smaller than ``min_pt`` points where the book shows it (empty: legible).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> use_book_style()
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set_xlabel("load"); _ = ax.text(0.5, 0.5, "tiny note", fontsize=6)
    >>> check_legible(fig)
    ["'tiny note' is 6.9 pt at display size (at least 9 pt; the figure is 6.7 in wide)"]
    >>> plt.close(fig)
    """
    width_in = fig.get_size_inches()[0]
    return [f"{text[:40]!r} is {size:.1f} pt at display size (at least {min_pt:g} pt; the figure is "
            f"{width_in:.2g} in wide)"
            for text, size in text_sizes(fig, column_px, dpi) if size < min_pt - 1e-9]


# ----------------------------------------------------------------------------- overprint
#: two texts overprint when their boxes share more than this many display pixels in both directions
#: (glyph boxes include a little leading, so boxes that merely touch are not an overprint)
OVERPRINT_PX = 1.5


def _undrawn_tick_labels(fig) -> set[int]:
    """The ids of tick labels matplotlib keeps but does not draw (ticks outside the axis's view interval, or
    of an axes or axis switched off)."""
    undrawn: set[int] = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            hidden = not (ax.axison and axis.get_visible())  # ax.axis("off") hides every tick label
            low, high = sorted(axis.get_view_interval())
            span = (high - low) or 1.0
            for tick in [*axis.get_major_ticks(), *axis.get_minor_ticks()]:
                loc = tick.get_loc()
                if hidden or loc is None or not low - 1e-9 * span <= loc <= high + 1e-9 * span:
                    undrawn.update((id(tick.label1), id(tick.label2)))
    return undrawn


def _visible_texts(fig) -> list:
    """The visible, non-empty Text artists of ``fig`` that are drawn (clipped-away tick labels excluded)."""
    from matplotlib.text import Text

    renderer = fig.canvas.get_renderer()
    fig_box = fig.bbox
    undrawn = _undrawn_tick_labels(fig)
    texts = []
    for t in fig.findobj(Text):
        if not t.get_text().strip() or not t.get_visible() or id(t) in undrawn:
            continue
        ax = getattr(t, "axes", None)
        if ax is not None and not ax.get_visible():
            continue
        box = Text.get_window_extent(t, renderer)  # an annotation's own extent takes in its arrow: the text only
        if box.width <= 0 or box.height <= 0 or not box.overlaps(fig_box):
            continue
        texts.append((t, box))
    return texts


def _shared(a, b) -> tuple[float, float]:
    """How far two display boxes overlap horizontally and vertically (negative: a gap)."""
    return min(a.x1, b.x1) - max(a.x0, b.x0), min(a.y1, b.y1) - max(a.y0, b.y0)


def _inside(inner, outer, tolerance_px: float) -> bool:
    return (inner.x0 >= outer.x0 - tolerance_px and inner.x1 <= outer.x1 + tolerance_px
            and inner.y0 >= outer.y0 - tolerance_px and inner.y1 <= outer.y1 + tolerance_px)


def _label(text) -> str:
    return repr(text.get_text().strip().replace("\n", " ")[:40])


def _text_pairs(texts: list, tolerance_px: float) -> list[str]:
    problems = []
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            dx, dy = _shared(box_a, box_b)
            if dx > tolerance_px and dy > tolerance_px:
                problems.append(f"{_label(a)} overprints {_label(b)}")
    return problems


def _over_legends(fig, texts: list, renderer, tolerance_px: float) -> list[str]:
    legends = [leg for leg in fig.findobj(lambda a: type(a).__name__ == "Legend") if leg.get_visible()]
    own = {id(t) for leg in legends for t in [*leg.get_texts(), leg.get_title()]}
    problems = []
    for leg in legends:
        frame = leg.get_frame().get_window_extent(renderer)
        for t, box in texts:
            dx, dy = _shared(box, frame)
            if id(t) not in own and dx > tolerance_px and dy > tolerance_px:
                problems.append(f"{_label(t)} is drawn over a legend")
    return problems


def _across_edges(fig, texts: list, renderer, tolerance_px: float) -> list[str]:
    """Texts placed in an axes (``ax.text``, ``ax.annotate``) that cross its edge, and texts anchored inside
    a box of a schematic (a rectangle patch at least about as tall as the text: not a marker) that spill
    out of it."""
    boxes = {id(t): box for t, box in texts}
    problems = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        frame = ax.get_window_extent(renderer)
        patches = [p.get_window_extent(renderer) for p in ax.patches
                   if type(p).__name__ in ("FancyBboxPatch", "Rectangle") and p.get_visible()]
        for t in ax.texts:
            box = boxes.get(id(t))
            if box is None:
                continue
            dx, dy = _shared(box, frame)
            if ax.axison and dx > tolerance_px and dy > tolerance_px and not _inside(box, frame, tolerance_px):
                problems.append(f"{_label(t)} crosses the edge of its axes")
            anchor = t.get_transform().transform(t.get_position())
            for patch in patches:
                holds_anchor = patch.x0 < anchor[0] < patch.x1 and patch.y0 < anchor[1] < patch.y1
                if holds_anchor and patch.height > 0.8 * box.height and not _inside(box, patch, tolerance_px):
                    problems.append(f"{_label(t)} spills out of its box")
                    break
    return problems


def check_overprint(fig, tolerance_px: float = OVERPRINT_PX) -> list[str]:
    """What ``fig`` draws over something else (empty: nothing).

    Three kinds: two texts whose boxes (as drawn, in display pixels) share more than ``tolerance_px`` in
    both directions; a text, not part of a legend, that enters a legend's frame; a text placed in an
    axes (``ax.text``/``ax.annotate``) that crosses the axes' edge, or that is anchored inside a box of
    a schematic (a rectangle patch wider than half the text) and spills out of it.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.text(0.5, 0.5, "first label"); _ = ax.text(0.5, 0.5, "second label")
    >>> check_overprint(fig)
    ["'first label' overprints 'second label'"]
    >>> _ = ax.texts[1].set_position((0.5, 0.1))
    >>> check_overprint(fig)
    []
    >>> _ = ax.text(0.95, 0.3, "a long note near the edge")
    >>> check_overprint(fig)
    ["'a long note near the edge' crosses the edge of its axes"]
    >>> plt.close(fig)
    """
    # The layout (tight/constrained) moves texts: measure them where they are drawn. Laid out, not rendered:
    # the same renderer (the canvas's, at figure.dpi) places and measures every text, with no pixel painted
    # (a full render cost about a sixth of a second per figure; tests/test_plotting.py).
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    texts = _visible_texts(fig)
    return (_text_pairs(texts, tolerance_px) + _over_legends(fig, texts, renderer, tolerance_px)
            + _across_edges(fig, texts, renderer, tolerance_px))


# ----------------------------------------------------------------------------- schematics
def blank_axes(ax, xlim: tuple[float, float] = (0.0, 1.0), ylim: tuple[float, float] = (0.0, 1.0), *,
               equal: bool = False):
    """Prepare ``ax`` as a drawing surface for a schematic: limits, no axes, optionally equal aspect.

    Returns ``ax``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> blank_axes(ax, (0, 10), (0, 7), equal=True) is ax, ax.axison, ax.get_aspect()
    (True, False, 1.0)
    >>> [float(v) for v in ax.get_xlim()]
    [0.0, 10.0]
    >>> plt.close(fig)
    """
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    if equal:
        ax.set_aspect("equal")
    ax.axis("off")
    ax.grid(False)
    return ax


def _colour(kw: dict, default: str, *names: str) -> str:
    value = default
    for name in names:
        if name in kw:
            value = kw.pop(name)
    return value


def box(ax, xy: tuple[float, float], w: float, h: float, text: str = "", **kw):
    """A rounded box with centred text; returns the patch.

    ``xy`` is the lower-left corner in data coordinates. Keywords: ``fc`` (also ``facecolor``,
    ``colour``, ``color``; default light blue), ``ec`` (also ``edgecolor``), ``fontsize`` (also
    ``size``; default 9.5), ``lw``, ``ls``, ``boxstyle`` (default rounded corners scaled to the box),
    ``text_kw`` (a dict for the text: weight, colour, style ...); other keywords go to the patch
    (``zorder``, ``alpha``, ...).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> p = box(blank_axes(ax), (0.1, 0.2), 0.4, 0.2, "CPU", colour="#fde8d0", size=10)
    >>> ax.texts[0].get_text(), ax.texts[0].get_position(), ax.texts[0].get_fontsize()
    ('CPU', (0.30000000000000004, 0.30000000000000004), 10.0)
    >>> p.get_facecolor()[:3] == matplotlib.colors.to_rgb("#fde8d0")
    True
    >>> plt.close(fig)
    """
    from matplotlib.patches import FancyBboxPatch

    fc = _colour(kw, "#e8eef7", "fc", "facecolor", "colour", "color")
    ec = _colour(kw, "#333333", "ec", "edgecolor")
    fontsize = kw.pop("fontsize", kw.pop("size", 9.5))
    text_kw = dict(kw.pop("text_kw", {}))
    boxstyle = kw.pop("boxstyle", kw.pop("style", None)) or f"round,pad={0.03 * min(w, h):.4g}"
    lw = kw.pop("lw", kw.pop("linewidth", 1.0))
    patch = FancyBboxPatch(tuple(xy), w, h, boxstyle=boxstyle, fc=fc, ec=ec, lw=lw, **kw)
    ax.add_patch(patch)
    if text:
        text_kw.setdefault("ha", "center")
        text_kw.setdefault("va", "center")
        text_kw.setdefault("fontsize", fontsize)
        if "zorder" in kw:
            text_kw.setdefault("zorder", kw["zorder"] + 0.1)
        ax.text(xy[0] + w / 2, xy[1] + h / 2, text, **text_kw)
    return patch


def arrow(ax, start: tuple[float, float], end: tuple[float, float], text: str = "", **kw):
    """An arrow from ``start`` to ``end`` (data coordinates), with an optional label; returns the patch.

    Keywords: ``colour`` (also ``color``; default dark grey), ``style`` (also ``arrowstyle``; "-|>";
    "<|-|>" for both ways), ``ls``, ``lw`` (1.3), ``rad`` (curvature, 0 = straight),
    ``mutation_scale`` (12), ``fontsize`` (also ``size``; 9), ``offset`` (x, y) added to the label's
    place at the arrow's midpoint (the label sits just above it), ``text_kw`` (a dict for the label);
    other keywords go to the patch (``shrinkA``, ``zorder``, ...).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> p = arrow(blank_axes(ax), (0, 0), (1, 0), "DMA", colour="#0072B2", offset=(0, 0.05))
    >>> ax.texts[0].get_text(), ax.texts[0].get_position(), ax.texts[0].get_va()
    ('DMA', (0.5, 0.05), 'bottom')
    >>> plt.close(fig)
    """
    from matplotlib.patches import FancyArrowPatch

    colour = _colour(kw, "#333333", "colour", "color")
    style = kw.pop("style", kw.pop("arrowstyle", "-|>"))
    ls = kw.pop("ls", kw.pop("linestyle", "-"))
    lw = kw.pop("lw", kw.pop("linewidth", 1.3))
    rad = kw.pop("rad", 0.0)
    fontsize = kw.pop("fontsize", kw.pop("size", 9))
    offset = kw.pop("offset", (0.0, 0.0))
    text_kw = dict(kw.pop("text_kw", {}))
    kw.setdefault("mutation_scale", 12)
    patch = FancyArrowPatch(tuple(start), tuple(end), arrowstyle=style, color=colour, lw=lw, linestyle=ls,
                            connectionstyle=f"arc3,rad={rad}", **kw)
    ax.add_patch(patch)
    if text:
        text_kw.setdefault("ha", "center")
        text_kw.setdefault("va", "bottom")
        text_kw.setdefault("fontsize", fontsize)
        text_kw.setdefault("color", colour)
        ax.text((start[0] + end[0]) / 2 + offset[0], (start[1] + end[1]) / 2 + offset[1], text, **text_kw)
    return patch
