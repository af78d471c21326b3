"""Figures are saved with one layout pass, the PNG at once and the SVG in a forked process."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mmbook import figsave  # noqa: E402
from mmperf.plotting import use_book_style  # noqa: E402


def _figure():
    fig, axes = plt.subplots(1, 2, figsize=(6, 3), layout="constrained")
    for ax in axes:
        ax.plot([0, 1, 2], [0, 1, 4], label="a")
        ax.set_xlabel(r"load $\rho$")
        ax.legend()
    return fig


def _count_draws(monkeypatch):
    calls = []
    original = matplotlib.figure.Figure.draw

    def draw(self, renderer):
        calls.append(type(renderer).__name__)
        return original(self, renderer)

    monkeypatch.setattr(matplotlib.figure.Figure, "draw", draw)
    return calls


def test_three_draws_per_figure_not_six(monkeypatch, tmp_path):
    """Layout once, PNG once, SVG once (saved in this process here, to count them): savefig's own
    layout passes are skipped. Without :func:`figsave.save_laid_out`'s engine swap each save draws twice."""
    use_book_style()
    fig = _figure()
    calls = _count_draws(monkeypatch)
    figsave.FigureWriter(background=False).save(fig, tmp_path / "a.png", tmp_path / "a.svg")
    assert len(calls) == 3, calls
    assert fig.get_layout_engine() is not None  # put back
    plt.close(fig)
    fig = _figure()
    calls.clear()
    fig.savefig(tmp_path / "b.png")
    fig.savefig(tmp_path / "b.svg")
    assert len(calls) == 4, calls  # what the swap saves: the layout pass of each savefig


def test_saved_box_matches_savefig_tight(tmp_path):
    """The PNG saved into the precomputed box has savefig's own tight size, to a pixel or two (text is
    measured at the display resolution, 110 dpi, instead of 150)."""
    import struct

    use_book_style()
    fig = _figure()
    fig.savefig(tmp_path / "ref.png")
    figsave.FigureWriter(background=False).save(fig, tmp_path / "a.png", tmp_path / "a.svg")
    size = lambda p: struct.unpack(">II", p.read_bytes()[16:24])  # noqa: E731
    (w0, h0), (w1, h1) = size(tmp_path / "ref.png"), size(tmp_path / "a.png")
    assert abs(w0 - w1) <= 4 and abs(h0 - h1) <= 4, ((w0, h0), (w1, h1))
    plt.close(fig)


def test_background_svg_is_complete_after_wait(tmp_path):
    use_book_style()
    writer = figsave.FigureWriter(background=True)
    for i in range(3):
        fig = _figure()
        writer.save(fig, tmp_path / f"f{i}.png", tmp_path / f"f{i}.svg")
        plt.close(fig)
        assert (tmp_path / f"f{i}.png").is_file()  # the PNG is there at once
    writer.wait()
    for i in range(3):
        assert (tmp_path / f"f{i}.svg").read_text().rstrip().endswith("</svg>")


def test_background_failure_names_the_figure(tmp_path):
    """An SVG that cannot be written (its folder is missing) fails wait() with the figure's name and the
    reason; nothing is left behind."""
    use_book_style()
    writer = figsave.FigureWriter(background=True)
    fig = _figure()
    folder = tmp_path / "gone"
    writer.save(fig, tmp_path / "a.png", folder / "a.svg")
    plt.close(fig)
    with pytest.raises(RuntimeError, match=r"figure a\.svg could not be saved: .*No such file"):
        writer.wait()
    writer.wait()  # nothing pending any more
    assert not list(tmp_path.glob(".*"))


def test_a_failure_collected_by_poll_is_still_reported_by_wait(tmp_path):
    """A copy that failed and was collected by poll() while the chapter went on: wait() still names the
    figure (a failure is never lost because the copy ended early)."""
    import time

    use_book_style()
    writer = figsave.FigureWriter(background=True)
    fig = _figure()
    writer.save(fig, tmp_path / "a.png", tmp_path / "gone" / "a.svg")
    plt.close(fig)
    deadline = time.monotonic() + 60
    while writer._copies and time.monotonic() < deadline:
        time.sleep(0.05)
        writer.poll()
    assert writer._copies == []
    with pytest.raises(RuntimeError, match=r"figure a\.svg could not be saved: .*No such file"):
        writer.wait()
    writer.wait()  # reported once


def test_the_same_figure_gives_the_same_files(tmp_path):
    """Saved twice (apart, in forked copies), a figure gives byte-identical PNG and SVG files: the SVG
    carries no date and its element ids come from the book style's fixed salt, not a random one."""
    use_book_style()
    for run in ("a", "b"):
        writer = figsave.FigureWriter(background=True, defer_png=True)
        fig = _figure()
        writer.save(fig, tmp_path / f"{run}.png", tmp_path / f"{run}.svg")
        plt.close(fig)
        writer.wait()
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    svg = (tmp_path / "a.svg").read_text()
    assert svg == (tmp_path / "b.svg").read_text()
    assert "<dc:date>" not in svg and 'clip-path="url(#p' in svg


def test_displayed_png_keeps_the_display_size(tmp_path):
    """A 4-inch figure saved at 150 dpi (600 px) is shown 440 px wide: its size at 110 dpi."""
    fig, _ = plt.subplots(figsize=(4, 3))
    fig.savefig(tmp_path / "a.png", dpi=150, bbox_inches=fig.bbox_inches)
    plt.close(fig)
    image = figsave.displayed_png(tmp_path / "a.png", shown_dpi=110, saved_dpi=150)
    assert image.width == 440
    assert image.data[:4] == b"\x89PNG"


def _stand_in_notebook(stand_in):
    """A notebook whose one output is a glued stand-in, as chapter._glue writes it."""
    import nbformat

    from mmbook.chapter import GLUE_PREFIX

    bundle = stand_in._repr_mimebundle_()
    cell = nbformat.v4.new_code_cell("ch.figure(...)")
    cell.outputs = [nbformat.v4.new_output("display_data", data={GLUE_PREFIX + "text/plain": bundle["text/plain"]},
                                           metadata={"scrapbook": {"name": "fig-a", "mime_prefix": GLUE_PREFIX}})]
    return nbformat.v4.new_notebook(cells=[cell])


def test_deferred_png_is_drawn_in_the_copy_and_filled_in_afterwards(tmp_path):
    """With defer_png the notebook's process does not draw at all; after wait() both files exist, and
    fill_deferred puts the PNG into the stand-in's output at the width of the figure at 110 dpi (the PNG's
    pixel width times 110/150), as displayed_png would."""
    import base64

    from mmbook.chapter import GLUE_PREFIX

    use_book_style()
    (tmp_path / "figures").mkdir()
    writer = figsave.FigureWriter(background=True, defer_png=True)
    fig = _figure()
    writer.save(fig, tmp_path / "figures" / "a.png", tmp_path / "figures" / "a.svg")
    stand_in = figsave.DeferredFigure("figures/a.png", shown_dpi=fig.dpi, saved_dpi=figsave.saved_dpi(fig))
    plt.close(fig)
    writer.wait()
    png = (tmp_path / "figures" / "a.png").read_bytes()
    assert (tmp_path / "figures" / "a.svg").read_text().rstrip().endswith("</svg>")
    nb = _stand_in_notebook(stand_in)
    assert figsave.fill_deferred(nb, tmp_path) == 1
    output = nb.cells[0].outputs[0]
    assert base64.b64decode(output.data[GLUE_PREFIX + "image/png"]) == png
    width_px = int.from_bytes(png[16:20], "big")
    assert output.metadata["image/png"] == {"width": round(width_px * 110 / 150)}
    assert figsave.fill_deferred(nb, tmp_path) == 0  # nothing left to fill


def test_deferred_figure_without_its_png_is_named(tmp_path):
    nb = _stand_in_notebook(figsave.DeferredFigure("figures/gone.png", shown_dpi=110, saved_dpi=150))
    with pytest.raises(RuntimeError, match=r"figure figures/gone\.png was not saved"):
        figsave.fill_deferred(nb, tmp_path)


def test_chapter_defers_figures_only_under_the_runner(tmp_path, monkeypatch):
    from mmbook.chapter import Chapter

    monkeypatch.delenv("MMPERF_DEFER_FIGURES", raising=False)
    assert not Chapter("zeadally", {}, tmp_path / "a")._figure_writer.defer_png
    monkeypatch.setenv("MMPERF_DEFER_FIGURES", "1")
    assert Chapter("zeadally", {}, tmp_path / "b")._figure_writer.defer_png


def test_with_no_spare_core_the_notebook_draws_the_queue_when_it_waits(tmp_path, monkeypatch):
    """No spare core (MAX_BACKGROUND, here 0): save() only queues the figure - the notebook's cells go on
    undisturbed - and wait() draws both files in the calling process, leaving nothing pending."""
    use_book_style()
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 0)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    fig = _figure()
    writer.save(fig, tmp_path / "a.png", tmp_path / "a.svg")
    plt.close(fig)
    assert not (tmp_path / "a.png").exists() and len(writer._queue) == 1 and writer._copies == []
    writer.wait()
    assert writer._queue == [] and writer._copies == []
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "a.svg").read_text().rstrip().endswith("</svg>")


def test_a_queued_figure_is_drawn_with_the_settings_it_was_saved_with(tmp_path, monkeypatch):
    """Settings changed after save() (here the saved resolution, 150 dpi, then 50) do not reach a figure
    drawn later from the queue, and are in force again afterwards."""
    import struct

    use_book_style()
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 0)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    fig, _ = plt.subplots(figsize=(4, 3))
    with plt.rc_context({"savefig.bbox": "standard", "savefig.dpi": 150}):
        writer.save(fig, tmp_path / "a.png", tmp_path / "a.svg")
    with plt.rc_context({"savefig.dpi": 50}):
        writer.wait()
        assert matplotlib.rcParams["savefig.dpi"] == 50
    plt.close(fig)
    assert struct.unpack(">II", (tmp_path / "a.png").read_bytes()[16:24]) == (600, 450)  # 4 x 3 in at 150 dpi


def test_poll_starts_the_next_figure_when_a_core_frees_up(tmp_path, monkeypatch):
    """One spare core: the second figure waits in the queue while the first is drawn, and poll() (which
    the chapter calls as it records results) forks it once the first copy has finished - before wait()."""
    import time

    use_book_style()
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 1)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    for name in ("a", "b"):
        fig = _figure()
        writer.save(fig, tmp_path / f"{name}.png", tmp_path / f"{name}.svg")
        plt.close(fig)
    assert len(writer._copies) == 1 and len(writer._queue) == 1
    deadline = time.monotonic() + 60
    while writer._queue and time.monotonic() < deadline:
        time.sleep(0.05)
        writer.poll()
    assert writer._queue == [] and len(writer._copies) == 1
    assert (tmp_path / "a.svg").read_text().rstrip().endswith("</svg>")  # the first copy is done
    writer.wait()
    assert (tmp_path / "b.svg").read_text().rstrip().endswith("</svg>")


def test_a_figure_failing_in_the_notebook_process_is_named_by_wait(tmp_path, monkeypatch):
    use_book_style()
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 0)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    fig = _figure()
    writer.save(fig, tmp_path / "gone" / "a.png", tmp_path / "gone" / "a.svg")
    plt.close(fig)
    with pytest.raises(RuntimeError, match=r"figure a\.svg could not be saved: .*No such file"):
        writer.wait()
    assert writer._queue == []


class _Mark:
    """A stand-in figure job that appends its number to a file (O_APPEND: whole lines, any process)."""

    def __init__(self, number: int, log) -> None:
        self.number, self.log, self.files = number, log, [log]

    def draw(self) -> None:
        import os
        import time

        time.sleep(0.005)  # long enough for the two processes to interleave
        fd = os.open(self.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        os.write(fd, f"{self.number} {os.getpid()}\n".encode())
        os.close(fd)


def test_a_batch_shared_by_two_processes_draws_each_figure_once(tmp_path):
    """Two processes drawing from one batch at once: each of 200 figures is drawn exactly once, and both
    processes draw some (the work is shared, not done twice or left undone)."""
    import os

    log = tmp_path / "drawn.txt"
    batch = figsave._Batch([_Mark(i, log) for i in range(200)])
    pid = os.fork()
    if pid == 0:  # the copy leaves whatever happens: an exception must not run the rest of pytest in it
        code = 99
        try:
            code = len(batch.draw_all())
        finally:
            os._exit(code)
    assert batch.draw_all() == []
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    batch.close()
    drawn = [line.split() for line in log.read_text().splitlines()]
    assert sorted(int(number) for number, _ in drawn) == list(range(200))
    assert {who for _, who in drawn} == {str(os.getpid()), str(pid)}


def test_wait_shares_the_queue_with_a_copy(tmp_path, monkeypatch):
    """One spare core, twelve figures queued while it was busy: wait() draws them here and in one copy,
    every file is written, and no copy is left."""
    import os

    use_book_style()
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 1)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    log = tmp_path / "drawn.txt"
    writer._queue = [figsave._Job(_figure(), [tmp_path / f"f{i}.png", tmp_path / f"f{i}.svg"], None, figsave._settings())
                     for i in range(12)]
    plt.close("all")
    original = figsave._Job.draw

    def draw(job):
        original(job)
        _Mark(int(job.files[0].stem[1:]), log).draw()

    monkeypatch.setattr(figsave._Job, "draw", draw)
    writer.wait()
    assert writer._copies == [] and writer._queue == []
    drawn = [line.split() for line in log.read_text().splitlines()]
    assert sorted(int(n) for n, _ in drawn) == list(range(12))
    assert len({who for _, who in drawn}) == 2 and str(os.getpid()) in {who for _, who in drawn}
    assert all((tmp_path / f"f{i}.svg").read_text().rstrip().endswith("</svg>") for i in range(12))


def test_a_deferred_measure_costs_the_notebook_no_draw(monkeypatch, tmp_path):
    """Deferred (as under the runner) with the chapter's measure: save() neither lays the figure out nor
    draws it (the measure is taken where the figure is drawn); after wait() the measure is in ``into``, the
    same as measured at once in the notebook's process without deferring."""
    from mmbook.chapter import measure_figure

    use_book_style()
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 0)  # drawn here, in wait()
    calls = _count_draws(monkeypatch)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    fig = _figure()
    deferred, at_once = {"overprint": None}, {}
    writer.save(fig, tmp_path / "a.png", tmp_path / "a.svg", measure=measure_figure, into=deferred)
    plt.close(fig)
    assert calls == [] and deferred == {"overprint": None}
    writer.wait()
    assert deferred == {"overprint": [], "too_small": [], "smallest_text_pt": 10.0}  # 10 pt ticks and legend
    fig = _figure()
    figsave.FigureWriter(background=False).save(fig, tmp_path / "b.png", tmp_path / "b.svg", measure=measure_figure,
                                                into=at_once)
    assert at_once == deferred
    plt.close(fig)


def test_measures_taken_in_the_copies_reach_the_notebook_process(tmp_path, monkeypatch):
    """Twelve figures shared by wait() and a copy: each figure's measure reaches its ``into`` dict, from
    whichever process drew it (the copy's through a file, removed afterwards), and the copy measured some."""
    import os

    use_book_style()
    monkeypatch.setenv("MMPERF_KERNEL_DIR", str(tmp_path))
    monkeypatch.setattr(figsave, "MAX_BACKGROUND", 1)
    writer = figsave.FigureWriter(background=True, defer_png=True)
    records = [{} for _ in range(12)]
    for i, record in enumerate(records):
        fig = _figure()
        writer._queue.append(figsave._Job(fig, [tmp_path / f"f{i}.png", tmp_path / f"f{i}.svg"], None,
                                          figsave._settings(), measure=lambda f, i=i: {"i": i, "pid": os.getpid()},
                                          into=record))
    plt.close("all")
    writer.wait()
    assert [r["i"] for r in records] == list(range(12))
    assert len({r["pid"] for r in records}) == 2 and os.getpid() in {r["pid"] for r in records}  # both measured
    assert not list(tmp_path.glob("mmperf-measures-*"))  # the copies' files are gone


def test_the_chapter_measure_leaves_one_layout_for_the_saves(monkeypatch, tmp_path):
    """Measured (which lays the figure out) and saved: three draws, the measure's layout, the PNG and the
    SVG. The legibility measure's box (mmperf.plotting.display_scale) used to leave the figure stale, and
    tight_box laid it out a second time (four draws)."""
    from mmbook.chapter import measure_figure

    use_book_style()
    fig = _figure()
    calls = _count_draws(monkeypatch)
    found: dict = {}
    figsave.FigureWriter(background=False).save(fig, tmp_path / "a.png", tmp_path / "a.svg", measure=measure_figure,
                                                into=found)
    assert len(calls) == 3, calls
    assert found["overprint"] == [] and found["too_small"] == []
    plt.close(fig)
