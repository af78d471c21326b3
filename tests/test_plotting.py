"""The book's figure style, the legibility check and the schematic helpers (mmperf.plotting).

The size convention (module docstring): the book shows a figure's PNG at 110 px per inch in a text column
740 CSS px wide (a 1366 px window). A figure whose tight box is at most 740 / 110 = 6.7273 in wide is shown
at full size, where s points read as s * 110 / 96 CSS points; a wider one (tight width w) is shrunk by
740 / (110 w), so s points read as s * 110/96 * 740/(110 w) = s * 740 / (96 w). Text must read at least 9 pt.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib as mpl  # noqa: E402
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

from mmperf import plotting  # noqa: E402
from mmperf.plotting import (  # noqa: E402
    BOOK_RC,
    FULL_SIZE_WIDTH_IN,
    MIN_DISPLAY_PT,
    PALETTE,
    arrow,
    blank_axes,
    box,
    check_legible,
    check_overprint,
    display_scale,
    label_assumption,
    paper_marker_style,
    text_sizes,
    use_book_style,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _figure_exactly(width_in: float):
    """A figure whose tight box is exactly ``width_in`` wide: one text touching each side edge."""
    fig = plt.figure(figsize=(width_in, 3.0))
    fig.text(0.0, 0.5, "left edge", ha="left", fontsize=20)
    fig.text(1.0, 0.5, "right edge", ha="right", fontsize=20)
    return fig


# ----------------------------------------------------------------------------- constants and style
def test_constants_of_the_size_convention():
    """740 CSS px column / 110 px per inch = 6.727272... in, the docstring's '6.73 in'; 9 pt minimum."""
    assert plotting.BOOK_COLUMN_PX == 740
    assert plotting.DISPLAY_DPI == 110
    assert FULL_SIZE_WIDTH_IN == pytest.approx(6.727272727272, abs=1e-9)
    assert round(FULL_SIZE_WIDTH_IN, 2) == 6.73
    assert MIN_DISPLAY_PT == 9.0


def test_use_book_style_sets_the_documented_rc_and_is_idempotent():
    mpl.rcdefaults()
    assert mpl.rcParams["axes.spines.top"] is True  # matplotlib's default, so the call below must change it
    use_book_style()
    first = {k: mpl.rcParams[k] for k in BOOK_RC}
    assert mpl.rcParams["figure.dpi"] == 110  # the display resolution the convention rests on
    assert tuple(mpl.rcParams["figure.figsize"]) == (6.7, 4.2)
    assert mpl.rcParams["axes.spines.top"] is False and mpl.rcParams["axes.spines.right"] is False
    assert mpl.rcParams["axes.grid"] is True
    assert mpl.rcParams["svg.fonttype"] == "none"
    assert [c["color"] for c in mpl.rcParams["axes.prop_cycle"]] == PALETTE
    use_book_style()
    assert {k: mpl.rcParams[k] for k in BOOK_RC} == first


def test_default_figure_is_shown_at_full_size():
    """Default 6.7 in wide < 6.73 in ('keep figures' tight boxes at most 6.7 in wide'); 6.8 in is not."""
    assert BOOK_RC["figure.figsize"][0] <= 6.7 < FULL_SIZE_WIDTH_IN < 6.8
    use_book_style()
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    ax.set_xlabel("load")
    assert display_scale(fig) == pytest.approx(110 / 96, rel=1e-12)


def test_style_font_sizes_are_10_to_11_5_pt_except_the_figure_title():
    """The docstring: 'use the style's font sizes (10-11.5 pt)'; at full size the smallest, 10 pt, reads
    10 * 110 / 96 = 11.46 pt >= 9."""
    sizes = {k: v for k, v in BOOK_RC.items() if k.endswith("size") and "figsize" not in k
             and "marker" not in k}
    assert sizes == {"font.size": 10.5, "axes.titlesize": 11.5, "axes.labelsize": 10.5, "xtick.labelsize": 10,
                     "ytick.labelsize": 10, "legend.fontsize": 10, "legend.title_fontsize": 10,
                     "figure.titlesize": 12}
    assert min(sizes.values()) * 110 / 96 >= MIN_DISPLAY_PT


def test_a_plain_book_figure_is_legible():
    use_book_style()
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2], [0, 1, 4], label="measured")
    ax.set_xlabel("load")
    ax.set_ylabel("delay (ms)")
    ax.set_title("A title")
    ax.legend()
    assert check_legible(fig) == []


def test_palette_and_markers():
    """Okabe-Ito: eight distinct valid colours, eight distinct markers."""
    assert len(PALETTE) == len(set(PALETTE)) == 8
    assert all(mcolors.is_color_like(c) for c in PALETTE)
    assert len(plotting.MARKERS) == len(set(plotting.MARKERS)) == 8


def test_paper_marker_style_is_hollow_black_points_without_a_line():
    style = paper_marker_style()
    assert style == {"marker": "o", "markerfacecolor": "none", "markeredgecolor": "black", "color": "black",
                     "linestyle": "none", "markersize": 8, "label": "paper"}
    fig, ax = plt.subplots()
    (line,) = ax.plot([1, 2], [3, 4], **style)
    assert line.get_label() == "paper" and line.get_linestyle() == "None"
    assert paper_marker_style() is not style  # a fresh dict each call: a caller may change it


# ----------------------------------------------------------------------------- display scale
def test_display_scale_at_full_size_is_110_over_96():
    fig = _figure_exactly(6.0)
    assert display_scale(fig) == pytest.approx(110 / 96, rel=1e-12)


def test_display_scale_of_a_wide_figure_is_740_over_96_width():
    """Tight width 10 in: 110/96 * 740/(110 * 10) = 740/960 = 0.7708333."""
    fig = _figure_exactly(10.0)
    assert display_scale(fig) == pytest.approx(740 / 960, rel=1e-9)


def test_display_scale_uses_the_given_column_and_dpi():
    """Column 384 px, 96 dpi, 6 in tight: 96/96 * min(1, 384 / 576) = 2/3."""
    fig = _figure_exactly(6.0)
    assert display_scale(fig, column_px=384, dpi=96) == pytest.approx(2 / 3, rel=1e-9)


# ----------------------------------------------------------------------------- check_legible
def test_eight_pt_is_legible_at_full_size_and_7_8_is_not():
    """'A figure shown at full size may use text down to 8 pt': 8 * 110/96 = 9.167 pt; 7.8 pt reads 8.9375."""
    fig = _figure_exactly(6.0)
    fig.text(0.5, 0.2, "eight", fontsize=8)
    fig.text(0.5, 0.8, "seven point eight", fontsize=7.8)
    assert check_legible(fig) == [
        "'seven point eight' is 8.9 pt at display size (at least 9 pt; the figure is 6 in wide)"]


def test_wide_figure_needs_9_times_96_w_over_740_pt():
    """At 10 in every text must be at least 9 * 960 / 740 = 11.676 pt: 11.7 reads 11.7 * 740/960 = 9.019
    (accepted), 11.6 reads 8.942 (refused), and the 20 pt edge texts read 15.417."""
    fig = _figure_exactly(10.0)
    fig.text(0.5, 0.2, "just over nine", fontsize=11.7)
    fig.text(0.5, 0.8, "just under", fontsize=11.6)
    assert check_legible(fig) == [
        "'just under' is 8.9 pt at display size (at least 9 pt; the figure is 10 in wide)"]
    sizes = dict(text_sizes(fig))
    assert sizes["just over nine"] == pytest.approx(9.01875, rel=1e-9)
    assert sizes["just under"] == pytest.approx(8.941666666, rel=1e-9)
    assert sizes["left edge"] == pytest.approx(15.416666666, rel=1e-9)


def test_min_pt_is_a_parameter():
    """20 pt at full size reads 20 * 110/96 = 22.92 pt: refused when 23 pt is required."""
    fig = _figure_exactly(6.0)
    assert check_legible(fig, min_pt=22.9) == []
    assert check_legible(fig, min_pt=23) == [
        "'left edge' is 22.9 pt at display size (at least 23 pt; the figure is 6 in wide)",
        "'right edge' is 22.9 pt at display size (at least 23 pt; the figure is 6 in wide)"]


def test_long_text_is_cut_to_40_characters_in_the_message():
    fig = _figure_exactly(6.0)
    long = "abcdefghij" * 5
    fig.text(0.5, 0.5, long, fontsize=5)
    (message,) = check_legible(fig)
    assert message.startswith(repr(long[:40]) + " is 5.7 pt")  # 5 * 110/96 = 5.73


def test_hidden_and_blank_texts_are_not_checked():
    """Invisible texts, texts in an invisible axes and whitespace-only texts are not shown, so not listed."""
    fig = _figure_exactly(6.0)
    fig.text(0.5, 0.5, "hidden", fontsize=4).set_visible(False)
    fig.text(0.5, 0.5, "   ", fontsize=4)
    ax = fig.add_axes((0.3, 0.3, 0.3, 0.3))
    ax.text(0.5, 0.5, "in hidden axes", fontsize=4)
    ax.tick_params(labelsize=4)
    ax.set_visible(False)
    assert check_legible(fig) == []
    assert [t for t, _ in text_sizes(fig)] == ["left edge", "right edge"]


def test_undrawn_tick_labels_are_not_checked():
    """Tick labels matplotlib keeps but does not draw are not shown, so not listed (as check_overprint skips
    them): those of an axes switched off (``ax.axis("off")``, as blank_axes does) and those of ticks outside
    the view interval (ticks at 0, 5 and 10 with the x axis cut to 0-4 draw only "0"). The y axis of the
    second axes has no ticks at all, so its drawn tick labels are "0" alone."""
    fig = _figure_exactly(6.0)
    off = fig.add_axes((0.1, 0.1, 0.3, 0.3))
    off.tick_params(labelsize=4)
    cut = fig.add_axes((0.6, 0.3, 0.3, 0.3))
    cut.set_xticks([0, 5, 10], ["0", "5", "10"], fontsize=12)
    cut.set_xlim(0, 4)
    cut.set_yticks([])
    fig.canvas.draw()  # the 4 pt tick labels "0.0" ... "1.0" get their text, then their axes is switched off
    off.axis("off")
    assert sorted(t for t, _ in text_sizes(fig)) == ["0", "left edge", "right edge"]
    assert check_legible(fig) == []


def test_label_assumption_stamp_is_legible_at_full_size_only():
    """The stamp is 8 pt: 9.17 pt at full size, 8 * 740/960 = 6.17 pt in a 10 in figure."""
    fig = _figure_exactly(6.0)
    ax = blank_axes(fig.add_axes((0.2, 0.2, 0.6, 0.6)))  # no tick labels: only the stamp is checked
    label_assumption(ax)
    assert check_legible(fig) == []
    fig = _figure_exactly(10.0)
    ax = blank_axes(fig.add_axes((0.2, 0.2, 0.6, 0.6)))
    label_assumption(ax, "assumed")
    assert check_legible(fig) == ["'assumed' is 6.2 pt at display size (at least 9 pt; the figure is 10 in wide)"]


# ----------------------------------------------------------------------------- label_assumption
@pytest.mark.parametrize("corner, position, ha, va", [
    ("lower right", (0.99, 0.01), "right", "bottom"),
    ("lower left", (0.01, 0.01), "left", "bottom"),
    ("upper right", (0.99, 0.99), "right", "top"),
    ("upper left", (0.01, 0.99), "left", "top"),
])
def test_label_assumption_corners(corner, position, ha, va):
    fig, ax = plt.subplots()
    label_assumption(ax, "x", corner=corner)
    t = ax.texts[-1]
    assert (t.get_position(), t.get_ha(), t.get_va()) == (position, ha, va)
    assert t.get_transform() == ax.transAxes
    assert t.get_style() == "italic" and t.get_fontsize() == 8


def test_label_assumption_default_text_and_corner():
    fig, ax = plt.subplots()
    label_assumption(ax)
    t = ax.texts[-1]
    assert t.get_text() == "reconstructed under a labelled assumption"
    assert t.get_position() == (0.99, 0.01)


# ----------------------------------------------------------------------------- blank_axes
def test_blank_axes_defaults():
    fig, ax = plt.subplots()
    ax.set_aspect("equal")
    ax.plot([0, 5], [0, 5])
    ax.grid(True)
    assert all(line.get_visible() for line in ax.get_xgridlines())  # on before, so the check below can fail
    assert blank_axes(ax) is ax
    assert ax.get_xlim() == (0.0, 1.0) and ax.get_ylim() == (0.0, 1.0)
    assert ax.axison is False
    assert not any(line.get_visible() for line in ax.get_xgridlines() + ax.get_ygridlines())


def test_blank_axes_equal_aspect_only_when_asked():
    fig, (a, b) = plt.subplots(1, 2)
    blank_axes(a, (0, 10), (-2, 7), equal=True)
    blank_axes(b, (0, 10), (-2, 7))
    assert a.get_aspect() == 1.0 and b.get_aspect() == "auto"
    assert a.get_xlim() == (0, 10) and a.get_ylim() == (-2, 7)


# ----------------------------------------------------------------------------- box
def test_box_defaults():
    """Lower-left (1, 2), 4 x 2: text centred at (3, 3); pad 0.03 * min(4, 2) = 0.06; colours #e8eef7 on
    #333333, line width 1, font 9.5."""
    fig, ax = plt.subplots()
    p = box(blank_axes(ax, (0, 10), (0, 10)), (1, 2), 4, 2, "Server")
    assert isinstance(p, FancyBboxPatch) and p in ax.patches
    assert (p.get_x(), p.get_y(), p.get_width(), p.get_height()) == (1, 2, 4, 2)
    assert p.get_boxstyle().pad == pytest.approx(0.06)
    assert mcolors.to_hex(p.get_facecolor()) == "#e8eef7"
    assert mcolors.to_hex(p.get_edgecolor()) == "#333333"
    assert p.get_linewidth() == 1.0
    (t,) = ax.texts
    assert (t.get_text(), t.get_position(), t.get_fontsize()) == ("Server", (3.0, 3.0), 9.5)
    assert (t.get_ha(), t.get_va()) == ("center", "center")


def test_box_without_text_adds_no_text():
    fig, ax = plt.subplots()
    box(ax, (0, 0), 1, 1)
    assert len(ax.texts) == 0 and len(ax.patches) == 1


@pytest.mark.parametrize("name", ["fc", "facecolor", "colour", "color"])
def test_box_face_colour_aliases(name):
    fig, ax = plt.subplots()
    p = box(ax, (0, 0), 1, 1, **{name: "#fde8d0"})
    assert mcolors.to_hex(p.get_facecolor()) == "#fde8d0"
    assert mcolors.to_hex(p.get_edgecolor()) == "#333333"  # the face alias does not reach the edge


@pytest.mark.parametrize("name", ["ec", "edgecolor"])
def test_box_edge_colour_aliases(name):
    fig, ax = plt.subplots()
    p = box(ax, (0, 0), 1, 1, **{name: "#d55e00"})
    assert mcolors.to_hex(p.get_edgecolor()) == "#d55e00"
    assert mcolors.to_hex(p.get_facecolor()) == "#e8eef7"


def test_box_font_and_text_keywords():
    fig, ax = plt.subplots()
    box(ax, (0, 0), 1, 1, "a", size=12)
    box(ax, (0, 0), 1, 1, "b", fontsize=11, text_kw={"weight": "bold", "ha": "left"})
    box(ax, (0, 0), 1, 1, "c", text_kw={"fontsize": 7})
    a, b, c = ax.texts
    assert a.get_fontsize() == 12
    assert (b.get_fontsize(), b.get_weight(), b.get_ha()) == (11, "bold", "left")
    assert c.get_fontsize() == 7  # text_kw wins over the default


def test_box_style_linewidth_and_patch_keywords():
    """A given boxstyle replaces the default; zorder goes to the patch and puts the text 0.1 above it."""
    fig, ax = plt.subplots()
    p = box(ax, (0, 0), 2, 1, "z", boxstyle="square,pad=0.5", lw=2.5, ls="--", zorder=4, alpha=0.5)
    assert type(p.get_boxstyle()).__name__ == "Square" and p.get_boxstyle().pad == 0.5
    assert p.get_linewidth() == 2.5 and p.get_linestyle() == "--"
    assert p.get_zorder() == 4 and p.get_alpha() == 0.5
    assert ax.texts[0].get_zorder() == pytest.approx(4.1)


def test_box_text_zorder_is_matplotlibs_default_without_zorder():
    fig, ax = plt.subplots()
    box(ax, (0, 0), 1, 1, "t")
    assert ax.texts[0].get_zorder() == 3  # matplotlib's Text default


# ----------------------------------------------------------------------------- arrow
def test_arrow_defaults():
    """From (0, 0) to (4, 2): label at the midpoint (2, 1), just above it (va bottom), in the arrow's colour."""
    fig, ax = plt.subplots()
    p = arrow(blank_axes(ax, (0, 5), (0, 5)), (0, 0), (4, 2), "flow")
    assert isinstance(p, FancyArrowPatch) and p in ax.patches
    assert mcolors.to_hex(p.get_edgecolor()) == "#333333"
    assert p.get_linewidth() == 1.3 and p.get_linestyle() == "-"
    assert p.get_mutation_scale() == 12
    assert type(p.get_arrowstyle()).__name__ == "CurveFilledB"  # "-|>"
    assert p.get_connectionstyle().rad == 0.0
    (t,) = ax.texts
    assert (t.get_text(), t.get_position(), t.get_fontsize()) == ("flow", (2.0, 1.0), 9)
    assert (t.get_ha(), t.get_va()) == ("center", "bottom")
    assert mcolors.to_hex(t.get_color()) == "#333333"


def test_arrow_without_text_adds_no_text():
    fig, ax = plt.subplots()
    arrow(ax, (0, 0), (1, 1))
    assert len(ax.texts) == 0 and len(ax.patches) == 1


@pytest.mark.parametrize("name", ["colour", "color"])
def test_arrow_colour_aliases_colour_the_label_too(name):
    fig, ax = plt.subplots()
    p = arrow(ax, (0, 0), (1, 0), "x", **{name: "#0072B2"})
    assert mcolors.to_hex(p.get_edgecolor()) == "#0072b2"
    assert mcolors.to_hex(ax.texts[0].get_color()) == "#0072b2"


def test_arrow_keywords():
    """Both-way style, curvature, offset (-1, 0.5) from the midpoint (1, 1) of (0, 0)-(2, 2), font size alias,
    label keywords, and patch keywords passed through."""
    fig, ax = plt.subplots()
    p = arrow(ax, (0, 0), (2, 2), "both", style="<|-|>", rad=0.3, ls=":", lw=2, mutation_scale=20,
              size=11, offset=(-1, 0.5), text_kw={"color": "red", "va": "top"}, zorder=5)
    assert type(p.get_arrowstyle()).__name__ == "CurveFilledAB"
    assert p.get_connectionstyle().rad == 0.3
    assert p.get_linestyle() == ":" and p.get_linewidth() == 2
    assert p.get_mutation_scale() == 20 and p.get_zorder() == 5
    (t,) = ax.texts
    assert (t.get_position(), t.get_fontsize(), t.get_va()) == ((0.0, 1.5), 11, "top")
    assert mcolors.to_hex(t.get_color()) == "#ff0000"


def test_arrow_style_and_font_long_names():
    fig, ax = plt.subplots()
    p = arrow(ax, (0, 0), (1, 0), "l", arrowstyle="-", linestyle="--", linewidth=0.5, fontsize=10)
    assert type(p.get_arrowstyle()).__name__ == "Curve"
    assert p.get_linestyle() == "--" and p.get_linewidth() == 0.5
    assert ax.texts[0].get_fontsize() == 10


def test_a_schematic_of_the_helpers_is_legible():
    """Default fonts (box 9.5, arrow 9) at full size read 10.9 and 10.3 pt."""
    use_book_style()
    fig, ax = plt.subplots(figsize=(6.0, 3.0))
    blank_axes(ax, (0, 10), (0, 5))
    box(ax, (0.5, 2), 3, 1.5, "Client")
    box(ax, (6.5, 2), 3, 1.5, "Server")
    arrow(ax, (3.5, 2.75), (6.5, 2.75), "request")
    assert check_legible(fig) == []


# ----------------------------------------------------------------------------- check_overprint
def test_overprint_finds_a_note_over_the_legend_and_a_label_out_of_its_box():
    use_book_style()
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.plot([0, 1], [0, 1], label="a line with a long legend entry")
    legend = ax.legend(loc="upper left")
    fig.canvas.draw()
    frame = legend.get_frame().get_window_extent(fig.canvas.get_renderer())
    centre = ax.transAxes.inverted().transform(((frame.x0 + frame.x1) / 2, (frame.y0 + frame.y1) / 2))
    ax.text(*centre, "note", transform=ax.transAxes)
    assert check_overprint(fig) == [
        "'note' overprints 'a line with a long legend entry'", "'note' is drawn over a legend"]
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3))
    blank_axes(ax, (0, 10), (0, 10))
    box(ax, (1, 1), 2.0, 1.0)  # a 2 x 1 box (about 105 px wide): a 250-px label centred in it spills out
    ax.text(2.0, 1.5, "a label much wider than its box", ha="center", va="center")
    assert check_overprint(fig) == ["'a label much wider than its box' spills out of its box"]
    plt.close(fig)


def test_overprint_ignores_tick_labels_matplotlib_does_not_draw():
    """Log axes keep tick labels outside the view interval as visible Text objects at stale positions;
    matplotlib never draws them, so they cannot overprint anything."""
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.plot([1, 10], [0.01, 100])
    ax.set_yscale("log")
    ax.set_ylim(0.01, 100)
    assert check_overprint(fig) == []
    ax.set_xticks([1, 1.01])  # two ticks 0.01 apart: their labels do overprint
    ax.set_xticklabels(["first", "second"])
    assert check_overprint(fig) == ["'first' overprints 'second'"]
    plt.close(fig)


def test_overprint_measures_an_annotation_by_its_text_not_its_arrow():
    """An annotation's window extent is the union of its text and its arrow; a label beside the arrow's path
    (here 'b1' at the middle of a long diagonal arrow, far from the annotation's text) is not under the text."""
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.annotate("transmission starts", (0.2, 0.2), xytext=(0.5, 8.5), arrowprops={"arrowstyle": "->"})
    ax.text(1.5, 4.0, "b1")   # inside the box around text and arrow, clear of both
    assert check_overprint(fig) == []
    ax.text(1.0, 8.5, "over the annotation's text")   # on the text itself it is found
    assert check_overprint(fig) == ["'transmission starts' overprints \"over the annotation's text\""]
    plt.close(fig)


def test_smallest_text_needs_no_measure_of_the_figure(monkeypatch):
    """smallest_text_pt gives sizes at the figure's own scale (no column to shrink into), so it must not
    measure the figure's tight box (a layout-sized cost per figure): here measuring raises. The 7 pt note is
    the smallest text beside 10 pt tick labels."""
    from mmperf.plotting import smallest_text_pt, use_book_style

    use_book_style()
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.text(0.5, 0.5, "note", fontsize=7)

    def measured(*args, **kwargs):
        raise AssertionError("the tight box was measured")

    monkeypatch.setattr(type(fig), "get_tightbbox", measured)
    assert smallest_text_pt(fig) == 7.0
    plt.close(fig)
