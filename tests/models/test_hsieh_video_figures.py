"""The Hsieh video figures on tiny traces: what each draws (lines, points, scales, labels) is checked
against numbers worked by hand, and every figure is legible and fits the book's column."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from mmperf.plotting import check_legible, check_overprint, use_book_style  # noqa: E402
from mmstudies.hsieh_video import analytic as an  # noqa: E402
from mmstudies.hsieh_video import figures as figs  # noqa: E402
from mmstudies.hsieh_video.experiments import STUDY_47  # noqa: E402

FPS = 30.0
#: frame sizes 1000, 3000, 2000, 500 bytes: A = 0, 1000, 4000, 6000, 6500
A = an.cumulative([1000.0, 3000.0, 2000.0, 500.0])


@pytest.fixture(autouse=True)
def _style():
    use_book_style()
    yield
    plt.close("all")


def _legible(fig):
    """Fits the column, legible, and no text drawn over another, a legend or an edge (issue 25)."""
    assert fig.get_size_inches()[0] <= 6.9 + 1e-9
    assert check_legible(fig) == []
    assert check_overprint(fig) == []


def _study(r_cbr=2000.0):
    """Two start-up delays; 2000 bytes per frame time at 30 frames/s = 2000 x 8 x 30 / 1e6 = 0.48 Mbit/s."""
    return pd.DataFrame({"P": [1, 2], "r_cbr": [r_cbr, r_cbr / 2], "r_pcbr": [4000.0, 3000.0],
                         "r_high": [2500.0, 1500.0], "r_low": [500.0, 250.0],
                         "b_cbr": [an.MBYTE, 2 * an.MBYTE], "b_pcbr": [an.MBYTE / 4, an.MBYTE / 2],
                         "b_pdcbr": [an.MBYTE / 8, an.MBYTE / 4]})


def test_staircase_holds_each_frame_until_its_consumption():
    """Frame n is consumed at n + P: just before, A_{n-1}; from then on, A_n (P = 1, two frames)."""
    t, y = figs._staircase(A, 1.0, 2)
    assert t.tolist() == [0.0, 2.0, 2.0, 3.0, 3.0]
    assert y.tolist() == [0.0, 0.0, 1000.0, 1000.0, 4000.0]


def test_delivery_model_draws_the_band_of_one_buffer():
    fig = figs.delivery_model(A, 1.0, rate=1500.0, buffer=2000.0, fps=FPS, n_max=4)
    ax = fig.axes[0]
    cons, ref, deliv = ax.lines[:3]
    # the reference curve is the consumption curve shifted up by the buffer (2000 B = 2 kbytes)
    assert np.allclose(ref.get_ydata() - cons.get_ydata(), 2.0)
    assert deliv.get_xdata()[-1] == pytest.approx(4 + 1.0)      # up to n_max + P
    assert ax.get_xlabel() == "time (frame times of 33.33 ms)"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "feasible band", "consumption curve", "reference = consumption + buffer", "delivery curve (PCBR)"]
    # the legend in the lower half, below the curves: the note at the top stays clear of it
    fig.canvas.draw()
    legend, frame = ax.get_legend().get_window_extent(), ax.get_window_extent()
    assert legend.y1 < (frame.y0 + frame.y1) / 2 and legend.x0 > (frame.x0 + frame.x1) / 2
    _legible(fig)


def test_cbr_hull_marks_the_tangent_frame_and_both_gaps():
    """P = 1: slopes A_n / (n + 1) = 500, 1333, 1500, 1300: R_CBR = 1500 B per frame time = 0.36 Mbit/s,
    touching at H = 3 (point (4, 6 kbytes)). Gaps min(1500 (n + 1), 6500) - A_{n-1} = 3000, 3500, 2000, 500:
    b1 = 3500 at n = 2, b2 = 500 at n = 4; each label is anchored at its arrow's top, on the CBR line:
    (2 + 1, 1000 + 3500 B) and (4 + 1, 6000 + 500 B), and drawn up and to the left of it."""
    fig = figs.cbr_hull(A, 1.0, FPS)
    ax = fig.axes[0]
    line = ax.lines[1]
    assert line.get_label() == "CBR delivery, R_CBR = 0.36 Mbit/s"
    assert line.get_xdata().tolist() == [0.0, 5.0] and np.allclose(line.get_ydata(), [0.0, 6.5])
    h = ax.lines[2]
    assert (h.get_xdata()[0], h.get_ydata()[0]) == (4.0, 6.0)
    labels = {t.get_text(): t for t in ax.texts if t.get_text() in ("b1", "b2")}
    assert labels["b1"].xy == pytest.approx((3.0, 4.5)) and labels["b2"].xy == pytest.approx((5.0, 6.5))
    assert all((t.get_ha(), t.get_va()) == ("right", "bottom") for t in labels.values())
    assert ax.get_title() == "Synthetic mtv trace, first 4 frames, P = 1: buffer = max(b1, b2)"
    _legible(fig)


def test_cbr_hull_without_frames_after_the_tangent_draws_no_b2():
    # sizes 1000, 1000, 4000 B, P = 0: slopes A_n / n = 1000, 1000, 2000: H = 3 = N, so there is no b2
    fig = figs.cbr_hull(an.cumulative([1000.0, 1000.0, 4000.0]), 0.0, FPS)
    assert {t.get_text() for t in fig.axes[0].texts} & {"b1", "b2"} == {"b1"}
    _legible(fig)


def test_cbr_vs_startup_one_line_per_trace_in_both_panels():
    study = {"horse": _study(), "acup": _study(3000.0)}
    fig = figs.cbr_vs_startup(study, ["horse", "acup"], FPS)
    left, right = fig.axes
    assert [ln.get_label() for ln in left.lines] == ["horse", "acup"]
    # 2000 and 1000 B per frame time at 30 frames/s: 0.48 and 0.24 Mbit/s
    assert np.allclose(left.lines[0].get_ydata(), [0.48, 0.24])
    # 1 MByte = 2^20 x 8 / 1e6 = 8.388608 Mbit
    assert np.allclose(right.lines[0].get_ydata(), [8.388608, 16.777216])
    assert (left.get_ylabel(), right.get_ylabel()) == ("minimum CBR rate (Mbit/s)", "CBR buffer (Mbit)")
    assert right.get_legend().get_title().get_text() == "synthetic"
    _legible(fig)


def test_system_schematics_three_titled_panels():
    fig = figs.system_schematics()
    titles = [ax.get_title() for ax in fig.axes]
    assert [t.split(":")[0] for t in titles] == ["After Figure 4.4", "After Figure 4.5", "After Figure 4.6"]
    _legible(fig)


def test_scheme_curve_marks_each_unit_when_sent():
    """PDCBR at 2000 / 1000 B per frame time on sizes 2000, 1000, 1000: frame 1 done at 1, frame 2 at 1.5,
    ahead of its deadline, so frame 3 goes at the low rate and is done at 2.5 (analytic.schedule's example
    scaled by 1000)."""
    B = an.cumulative([2000.0, 1000.0, 1000.0])
    fig = figs.scheme_curve(B, 1.0, 2000.0, 1000.0, FPS, 3, "PDCBR on three frames")
    ax = fig.axes[0]
    pts = [ln for ln in ax.lines if ln.get_label() == "PCR observed (unit sent)"][0]
    assert pts.get_xdata().tolist() == [1.0, 1.5, 2.5] and pts.get_ydata().tolist() == [2.0, 3.0, 4.0]
    delivery = [ln for ln in ax.lines if ln.get_label() == "delivery curve"][0]
    assert delivery.get_color() == figs.COLOURS["PDCBR"]
    # one grey line per PCR tick: frame times 1, 2, 3
    grey = [ln for ln in ax.lines if ln.get_xdata()[0] == ln.get_xdata()[-1] and ln.get_label().startswith("_")]
    assert sorted(ln.get_xdata()[0] for ln in grey) == [1, 2, 3]
    assert ax.get_title() == "PDCBR on three frames"
    # r_low = 0 is PCBR: its colour
    fig2 = figs.scheme_curve(B, 1.0, 2000.0, 0.0, FPS, 3, "PCBR")
    assert [ln for ln in fig2.axes[0].lines if ln.get_label() == "delivery curve"][0].get_color() == figs.COLOURS["PCBR"]
    _legible(fig)


def test_comparison_log_buffers_and_four_rates_per_trace():
    study = {"mtv": _study(), "adv": _study()}
    fig = figs.comparison(study, ["mtv", "adv"], FPS)
    assert len(fig.axes) == 4
    buf, rate = fig.axes[0], fig.axes[1]
    assert buf.get_yscale() == "log" and rate.get_yscale() == "linear"
    assert [ln.get_label() for ln in buf.lines] == ["CBR", "PDCBR", "PCBR"]
    assert np.allclose(buf.lines[0].get_ydata(), [1.0, 2.0])          # MB of 2^20 bytes
    assert [ln.get_label() for ln in rate.lines] == ["PCBR", "PDCBR high", "CBR", "PDCBR low"]
    # PCBR 4000 B per frame time = 0.96 Mbit/s; PDCBR low is dashed
    assert np.allclose(rate.lines[0].get_ydata(), [0.96, 0.72])
    assert rate.lines[3].get_linestyle() == "--"
    # "(synthetic)" once per row, on the left; the right title is short so that the two never crowd
    assert buf.get_title(loc="left") == "mtv (synthetic): buffer" and fig.axes[3].get_title(loc="left") == "rates"
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["PCBR", "PDCBR (buffer; high rate)", "CBR",
                                                                  "PDCBR low rate"]
    assert fig.axes[2].get_xlabel() == "start-up delay (frame times)" and fig.axes[0].get_xlabel() == ""
    _legible(fig)


def test_t260_trace_averages_whole_blocks_of_ten():
    """25 frames: the last 5 are dropped; frames 0-9 of 1000 B, 10-19 of 3000 B: points (0, 1), (10, 3) kbytes,
    y axis up to 1.2 x 3 = 3.6."""
    sizes = np.array([1000.0] * 10 + [3000.0] * 10 + [9e9] * 5)
    fig = figs.t260_trace(sizes, FPS)
    ax = fig.axes[0]
    assert ax.lines[0].get_xdata().tolist() == [0, 10] and ax.lines[0].get_ydata().tolist() == [1.0, 3.0]
    assert ax.get_ylim() == pytest.approx((0.0, 3.6))
    _legible(fig)


def _fixed_buffer_results():
    return {n: pd.DataFrame({"P": [3, 30], "r_pcbr": [4000.0, 2000.0], "r_high": [3000.0, 2000.0],
                             "r_low": [1000.0, 500.0]}) for n in STUDY_47}


def test_fixed_buffer_six_panels_in_seconds_on_a_log_axis():
    fig = figs.fixed_buffer(_fixed_buffer_results(), {n: 2.0 if n == "mtv" else 4.0 for n in STUDY_47}, FPS)
    assert len(fig.axes) == 6
    ax = fig.axes[0]
    assert ax.get_xscale() == "log"
    # 3 and 30 frame times at 30 frames/s: 0.1 and 1 s; 4000 B per frame time = 0.96 Mbit/s
    assert np.allclose(ax.lines[0].get_xdata(), [0.1, 1.0]) and np.allclose(ax.lines[0].get_ydata(), [0.96, 0.48])
    assert ax.get_title(loc="left") == "mtv (synthetic), buffer 2 MB" and fig.axes[5].get_title(loc="left") == "fugitive (synthetic), buffer 4 MB"
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["PCBR", "PDCBR high", "PDCBR low"]
    assert [a.get_ylabel() for a in fig.axes] == ["rate (Mbit/s)", "", "rate (Mbit/s)", "", "rate (Mbit/s)", ""]
    _legible(fig)


def test_fixed_buffer_needs_exactly_six_traces():
    res = _fixed_buffer_results()
    res.pop("fugitive")
    with pytest.raises(ValueError):
        figs.fixed_buffer(res, {n: 1.0 for n in STUDY_47}, FPS)


def test_fixed_rate_delays_in_seconds():
    res = {n: pd.DataFrame({"multiplier": [1.0, 1.1], "p_pcbr": [60.0, 30.0], "p_pdcbr": [45.0, 15.0]})
           for n in STUDY_47}
    fig = figs.fixed_rate(res, {n: 8.0 for n in STUDY_47}, FPS)
    ax = fig.axes[1]
    # 60 and 30 frame times = 2 and 1 s; PDCBR dashed
    assert ax.lines[0].get_ydata().tolist() == [2.0, 1.0] and ax.lines[1].get_ydata().tolist() == [1.5, 0.5]
    assert ax.lines[1].get_linestyle() == "--"
    assert ax.get_title(loc="left") == "adv (synthetic), cap 8 MB"
    assert fig.axes[4].get_xlabel() == "rate / R_average"
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["PCBR", "PDCBR"]
    _legible(fig)


def test_queue_view_sojourn_and_the_no_starvation_bound():
    """PCBR at 1500 B per frame time: frame n is released at its PCR tick n - 1 and served after frame n - 1
    (Lindley): finishes 1000/1500 = 2/3, 1 + 3000/1500 = 3, 3 + 2000/1500 = 13/3; sojourns 2/3, 2, 7/3.
    The Ciw series is the records' own finish - arrival (here made 0.5 later, to tell the two apart)."""
    s = an.schedule(A, 1500.0, 0.0)
    recs = pd.DataFrame({"arrival": np.arange(4.0), "finish": s.finish + 0.5})
    fig = figs.queue_view(A, 1500.0, 2.0, recs, n_max=3)
    ax = fig.axes[0]
    rec, ciw, bound = ax.lines
    expected = [2 / 3, 2.0, 7 / 3]
    assert np.allclose(rec.get_ydata(), expected) and np.allclose(ciw.get_ydata(), np.add(expected, 0.5))
    assert bound.get_ydata()[0] == 3.0 and bound.get_label() == "no starvation iff sojourn <= P + 1 = 3"
    _legible(fig)


def test_alt_text_covers_exactly_the_pages_figures():
    import re

    from mmperf import paths

    page = (paths.notebooks_dir() / "hsieh-video.md").read_text(encoding="utf-8")
    on_page = set(re.findall(r"```\{glue:figure\} (fig-hsieh-video-[a-z0-9-]+)", page))
    assert len(on_page) == 14
    assert set(figs.ALT) == on_page
    assert all(len(alt) > 40 and "  " not in alt for alt in figs.ALT.values())


def test_delivery_and_cbr_demos_draw_the_given_frames():
    """delivery_demo draws the first 24 frames (it needs at least that many); cbr_demo min(N, 90) frames."""
    A30 = an.cumulative(np.full(30, 1000.0))
    _legible(figs.delivery_demo(A30, 1000.0, FPS))
    assert "first 4 frames, P = 3" in figs.cbr_demo(A, FPS).axes[0].get_title()
    A100 = an.cumulative(np.full(100, 1000.0))
    assert "first 90 frames, P = 3" in figs.cbr_demo(A100, FPS).axes[0].get_title()


def test_comparison_says_synthetic_once_and_not_for_a_readers_trace():
    """Fig. 8.14 said "(synthetic)" twice ("adv (synthetic, via the file) (synthetic): buffer"); a reader's own
    trace is not synthetic at all."""
    via_file = figs.comparison({"adv (synthetic, via the file)": _study()}, ["adv (synthetic, via the file)"], FPS)
    assert via_file.axes[0].get_title(loc="left") == "adv (synthetic, via the file): buffer"
    _legible(via_file)
    own = figs.comparison({"my.txt": _study()}, ["my.txt"], FPS, synthetic=False)
    assert own.axes[0].get_title(loc="left") == "my.txt: buffer"


def test_log_ticks_are_plain_numbers_that_do_not_collide():
    """A buffer axis spanning 0.03 to 0.4 MB (about one decade) is labelled 0.05, 0.1, 0.2 (1-2-5), never
    matplotlib's minor labels 3x10^-2, 4x10^-2, ... that overprinted in Figs. 8.10 and 8.12."""
    fig, ax = plt.subplots()
    ax.plot([1, 2], [0.03, 0.4])
    ax.set_yscale("log")
    ax.set_ylim(0.03, 0.4)
    figs._log_ticks(ax.yaxis)
    fig.canvas.draw()
    shown = [t.get_text() for t in ax.get_yticklabels() if 0.03 <= t.get_position()[1] <= 0.4]
    assert shown == ["0.05", "0.1", "0.2"]
    assert all(t.get_text() == "" for t in ax.yaxis.get_minorticklabels())
    assert check_overprint(fig) == []
