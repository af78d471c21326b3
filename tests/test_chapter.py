"""The chapter record (mmbook.chapter): metrics, undefined results, warnings, figures, results.json."""

import json
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mmbook.chapter import Chapter  # noqa: E402
from mmbook.params import ParameterError  # noqa: E402


@pytest.fixture
def ch(demo_project):
    return Chapter("demo", {"rate": 1.5}, demo_project / "out")


def test_start_validates_every_parameter_first(demo_project):
    with pytest.raises(ParameterError, match="parameter 'rate' = 11.0 is not allowed"):
        Chapter.start("demo", {"rate": 11, "scale": 1.0, "fail": False})
    with pytest.raises(ParameterError, match="does not define"):
        Chapter.start("demo", {"rate": 1.0})


def test_metric_refuses_nan_at_once_naming_it(ch):
    assert ch.metric("wait_s", 2.0, unit="s") == 2.0
    with pytest.raises(ValueError, match=r"metric 'load_at_bound' is nan: record it with ch.undefined"):
        ch.metric("load_at_bound", math.nan)
    with pytest.raises(ValueError, match="lower_snake_case"):
        ch.metric("Wait", 1.0)


def test_undefined_and_warnings_land_in_results(ch):
    ch.metric("x", 1.0)
    assert math.isnan(ch.undefined("x", "no load in the sweep reaches the bound"))
    ch.warn("queue unstable", "utilisation 1.2 >= 1")
    ch.warn("queue unstable", "utilisation 1.2 >= 1")  # the same warning once
    assert ch.value_or_undefined("y", math.inf, "diverges") != ch.value_or_undefined("z", 3.0, "never")
    results = json.loads(ch.save().read_text())
    assert results["metrics"] == {"z": 3.0}
    assert results["undefined"] == {"x": "no load in the sweep reaches the bound", "y": "diverges"}
    assert results["warnings"] == [{"what": "queue unstable", "why": "utilisation 1.2 >= 1"}]
    assert results["defaults_differ"] == {"rate": {"default": 1.0, "value": 1.5}}
    with pytest.raises(ValueError, match="needs its reason"):
        ch.undefined("w", " ")


def test_a_delay_through_an_unsteady_station_is_undefined_naming_it(ch):
    """Codec at 30 frames/s offered 30 frames/s: utilisation 1, unbounded, so no steady-state delay;
    the host at 18 of 30 (utilisation 0.6) is steady; a delay that drifts with run length is undefined."""
    from mmperf.steady import Station, check_stations, run_length_drift

    bad = ch.stations(check_stations([Station("host", 18.0, 30.0), Station("codec", 30.0, 30.0)]))
    assert [c.station for c in bad] == ["codec"]
    assert math.isnan(ch.delay("receive_delay_ms", 117.7, through=["host", "codec"]))
    assert ch.delay("send_delay_ms", 40.0, through=["host"]) == 40.0
    drifting = run_length_drift((117.7, 2.0), (132.9, 2.5), "host delay")
    assert math.isnan(ch.delay("host_delay_ms", 117.7, through=["host"], drift=drifting))
    with pytest.raises(ValueError, match=r"passes through \['disk'\], not recorded"):
        ch.delay("disk_delay_ms", 1.0, through=["disk"])
    results = json.loads(ch.save().read_text())
    assert results["metrics"] == {"send_delay_ms": 40.0}
    assert "station codec is offered utilisation 1.000" in results["undefined"]["receive_delay_ms"]
    assert "drifts with the run length" in results["undefined"]["host_delay_ms"]
    assert results["delay_stations"]["receive_delay_ms"] == ["host", "codec"]
    assert [(s["station"], s["steady"]) for s in results["stations"]] == [("host", True), ("codec", False)]
    assert results["warnings"][0]["what"] == "station codec has no steady state"


def test_figure_saves_png_and_svg_with_provenance(ch):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    ch.figure(fig, "fig-demo-a", alt="a falling line")
    assert (ch.figures_dir / "fig-demo-a.png").stat().st_size > 0  # the PNG at once
    ch.save()  # the SVG is drawn in the background; complete when save() returns
    assert (ch.figures_dir / "fig-demo-a.svg").read_text().rstrip().endswith("</svg>")
    entry = ch.figures[0]
    # drawn in the test itself, not by a study function: no function, no data tables passed to it
    assert entry["alt"] == "a falling line" and entry["function"] is None and entry["data_files"] == []
    # the figure's only texts are its tick labels: the smallest text is their size as matplotlib resolves it
    ticks = [t.get_fontsize() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    assert entry["smallest_text_pt"] == min(ticks)
    assert entry["shown_dpi"] == fig.dpi
    assert entry["overprint"] == [] and entry["too_small"] == []  # 10 pt ticks shown at full size: 11.5 pt
    with pytest.raises(ValueError, match="recorded twice"):
        ch.figure(plt.figure(), "fig-demo-a")
    # a 6 pt note on a figure shown at full size reads 6 * 110 / 96 = 6.875 pt: recorded, named, as too small
    small, ax = plt.subplots(figsize=(4, 3))
    ax.text(0.5, 0.5, "tiny note", fontsize=6)
    ch.figure(small, "fig-demo-small", alt="a tiny note")
    assert ch.figures[-1]["too_small"] == [
        "'tiny note' is 6.9 pt at display size (at least 9 pt; the figure is 4 in wide)"]
    with pytest.raises(ValueError, match="must look like"):
        ch.figure(plt.figure(), "Figure 1")



def test_under_the_runner_the_figure_record_is_measured_where_the_figure_is_drawn(demo_project, monkeypatch):
    """MMPERF_DEFER_FIGURES=1 (the runner): the record's measures are empty until save() has waited for the
    figure, then the same as measured at once (the 6 pt note: 6 * 110 / 96 = 6.875 pt at display size)."""
    monkeypatch.setenv("MMPERF_DEFER_FIGURES", "1")
    ch = Chapter("demo", {"rate": 1.5}, demo_project / "deferred")
    small, ax = plt.subplots(figsize=(4, 3))
    ax.text(0.5, 0.5, "tiny note", fontsize=6)
    ch.figure(small, "fig-demo-small", alt="a tiny note")
    assert ch.figures[-1]["too_small"] is None  # not measured yet: the notebook's process did not lay it out
    ch.save()
    assert ch.figures[-1]["too_small"] == [
        "'tiny note' is 6.9 pt at display size (at least 9 pt; the figure is 4 in wide)"]
    assert ch.figures[-1]["overprint"] == [] and ch.figures[-1]["smallest_text_pt"] == 6.0

STUDY_FIGURES = """
import matplotlib.pyplot as plt


def helper(frame):
    return plt.subplots()


def curves(tables, label):
    fig, ax = helper(tables["t"])
    ax.plot(tables["t"]["x"])
    return fig
"""


def test_figure_names_the_study_function_that_drew_it_and_its_data_tables(ch, monkeypatch):
    """Issue 25: the provenance names the drawing function (the outermost function of a study's figures
    module on the stack when the figure was created, here ``curves``, not its ``helper``) with its file
    and first line, and only the transcribed tables passed to it (a dict holding one loaded table and
    one computed frame gives that table's file alone)."""
    import sys
    import types

    import pandas as pd

    from mmbook.chapter import track_figure_origins

    module = types.ModuleType("mmstudies.demo_study.figures")
    module.__file__ = "lib/mmstudies/demo_study/figures.py"
    exec(compile(STUDY_FIGURES, module.__file__, "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    loaded = pd.DataFrame({"x": [1.0, 2.0]})
    loaded.attrs["provenance"] = {"study": "demo_study", "file": "t.csv"}
    track_figure_origins()
    track_figure_origins()  # idempotent: one wrapper, not two
    ch.figure(module.curves({"t": loaded, "computed": pd.DataFrame({"y": [3.0]})}, "a"), "fig-demo-curves",
              alt="two points")
    entry = ch.figures[0]
    assert entry["function"] == "mmstudies.demo_study.figures.curves"
    assert entry["source"] == "lib/mmstudies/demo_study/figures.py:9"  # line 9 of STUDY_FIGURES: def curves
    assert entry["data_files"] == ["data/demo_study/t.csv"]


def test_running_cell_count_is_the_cells_own_not_the_next():
    """IPython 9 increments ``shell.execution_count`` before a cell runs: inside cell [12] it reads 13. The
    count recorded for a figure is the running cell's own, from its ExecutionResult."""
    from types import SimpleNamespace as NS

    from mmbook.chapter import _running_cell_count

    shell = NS(execution_count=13, displayhook=NS(exec_result=NS(execution_count=12)))
    assert _running_cell_count(shell) == 12
    assert _running_cell_count(NS(execution_count=13, displayhook=NS(exec_result=None))) is None


def test_headline_and_summary_follow_the_checks(ch):
    ch.scorecard.compare("a", "s", paper=1, ours=1, tol=0.1, evidence="prediction", reason="r")
    ch.scorecard.compare("b", "s", paper=1, ours=2, tol=0.1, evidence="target", reason="r")
    results = json.loads(ch.save().read_text())
    assert results["headline"] == {"reproduced": 1, "checked": 1}
    assert results["counts"] == {"prediction": {"reproduced": 1}, "target": {"target missed": 1}}
    assert ch.scorecard_summary().startswith("The model reproduces 1 of 1 prediction ")


def test_table_saves_csv_and_shows_the_one_table_helper(ch):
    import pandas as pd

    shown = ch.table(pd.DataFrame({"delay": [1.23456]}), "t1", formats={"delay": "sig3"}, units={"delay": "ms"})
    assert (ch.output_dir / "tables" / "t1.csv").read_text().splitlines() == ["delay", "1.23456"]
    html = shown._repr_html_()
    assert "delay (ms)" in html and "1.23" in html
    assert 'class="mm-provenance"' in html and "tables/t1.csv" in html and "rate = 1.5" in html
    # issue 25: a CSV download under every table, beside the run's page (the book rewrites the link)
    assert '<a class="mm-download" href="tables/t1.csv" download>CSV</a>' in html
    assert ch.tables[0]["csv"] == "tables/t1.csv"


@pytest.mark.parametrize("value", [0.25, 3, True, -1.5e-9, "A *sentence*.", "plain"])
def test_glue_bundle_is_what_myst_nb_would_glue(value):
    """chapter.glue_bundle builds numbers and sentences directly; the result must equal the bundle IPython's
    formatters give (what myst_nb.glue stores), sentences being glued as GluedText."""
    from IPython.core.formatters import format_display_data

    from mmbook.chapter import GluedText, glue_bundle

    expected = format_display_data(GluedText(value) if isinstance(value, str) else value)
    assert glue_bundle(value) == expected


def test_glue_prefix_is_myst_nb_s():
    from myst_nb.ext.glue import GLUE_PREFIX

    from mmbook.chapter import GLUE_PREFIX as ours

    assert ours == GLUE_PREFIX


def test_a_checks_table_lands_in_the_scorecard_results_and_page(ch, tmp_path):
    """Two table checks at rate = 1.5: one whose condition is rate = 1 (not applicable, named), one applicable
    and reproduced (2.0 within 2 +- 0.5); results.json counts 1 / 1 applicable and the audit's one pass;
    the shown table labels the derived value and carries the audit column and the seed line."""
    import types

    from mmperf import checktable

    file = tmp_path / "checks.yml"
    file.write_text(
        "study: demo\nchecks:\n"
        "  - {id: at-one, claim: 'At rate 1', paper: 2, location: Table 1, source: 'seed 9 line 3: quote',"
        " kind: prediction, compute: two, tolerance: {abs: 0.5}, reason: r, conditions: {rate: 1}}\n"
        "  - {id: any-rate, claim: 'Any rate', paper: 'four halves', derived: {value: 2, how: '4 / 2'}, label: derived,"
        " location: Eq. 2, source: 'seed 9 line 4: quote', kind: prediction, compute: two,"
        " tolerance: {abs: 0.5}, reason: r}\n")
    table = checktable.load(file, types.SimpleNamespace(two=lambda run: checktable.Ours(2.0)))
    audit = {"any-rate": checktable.AuditResult("any-rate", "prediction", "✓ moved by rate", True, "fine")}
    ch.score_table(table, checktable.RunRecord(dict(ch.parameters), {}), audit)
    by = {c.id: c for c in ch.scorecard.checks}
    assert (by["at-one"].status, by["at-one"].not_applicable) == ("not applicable", ("rate = 1.5 (the paper: 1)",))
    assert (by["any-rate"].status, by["any-rate"].audit) == ("reproduced", "✓ moved by rate")
    results = json.loads(ch.save().read_text())
    assert results["predictions"] == {"reproduced": 1, "applicable": 1, "not_applicable": 1}
    assert results["audit"] == {"passed": 1, "failed": 0, "not audited": 1}
    rows = ch.scorecard_table().rows
    assert rows[1][0] == "reproduced"  # the verdict first, then the claim
    assert rows[1][1] == "Any rate" and rows[1][2] == "Eq. 2" and rows[1][3] == "four halves; derived: 2 = 4 / 2"
    assert rows[1][-1] == "✓ moved by rate"
    assert ch.scorecard_table().summary == (
        "Scorecard: 2 checks, predictions reproduced / applicable 1 / 1 (unfold for every check)")


def test_a_judgement_is_printed_only_where_its_premise_holds_and_lands_in_results(ch):
    """Check 'a' is reproduced (1.0 within 1 +- 0.1) and 'b' not (2.0 outside 1 +- 0.1); metric u = 1.2.
    'a reproduced' prints; 'b reproduced' prints its otherwise text; u above 1 prints; u below 1 does not;
    a premise on an undefined metric does not hold. results.json keeps all five with their records."""
    ch.scorecard.compare("a", "s", paper=1, ours=1, tol=0.1, evidence="prediction", reason="r")
    ch.scorecard.compare("b", "s", paper=1, ours=2, tol=0.1, evidence="prediction", reason="r")
    ch.metric("u", 1.2)
    ch.undefined("v", "the queue is unstable")
    assert ch.judge("A is reproduced.", check="a", status=("reproduced",)) == "A is reproduced."
    assert ch.judge("B is reproduced.", check="b", status=("reproduced",), otherwise="B is not.") == "B is not."
    assert ch.judge("The host saturates.", metric="u", above=1.0, name="host_text") == "The host saturates."
    assert ch.judge("The host has room.", metric="u", below=1.0) == ""
    assert ch.judge("V is short.", metric="v", below=5.0) == ""
    with pytest.raises(ValueError, match="no check 'c' on the scorecard"):
        ch.judge("C.", check="c", status=("reproduced",))
    with pytest.raises(ValueError, match="exactly one record"):
        ch.judge("C.", check="a", metric="u", status=("reproduced",))
    with pytest.raises(ValueError, match="needs a bound"):
        ch.judge("C.", metric="u")
    results = json.loads(ch.save().read_text())
    got = [(j["holds"], j["printed"], j["record"]) for j in results["judgements"]]
    assert got == [(True, "A is reproduced.", {"check": "a", "status": "reproduced"}),
                   (False, "B is not.", {"check": "b", "status": "not reproduced"}),
                   (True, "The host saturates.", {"metric": "u", "value": 1.2}),
                   (False, "", {"metric": "u", "value": 1.2}),
                   (False, "", {"metric": "v", "value": None, "undefined": "the queue is unstable"})]
    from mmbook.design import judgement_problems

    assert judgement_problems(results) == []


# ----------------------------------------------------------------------------- tables a reader can use (issue 25 item 5)
def test_table_helper_captions_words_and_numbers(tmp_path):
    """One table helper for every chapter table: a caption (given, else from the name), headers in words
    with units, numbers without e-notation or open ranges; the CSV keeps the data as it is."""
    import pandas as pd

    from mmbook.chapter import Chapter

    ch = Chapter.__new__(Chapter)
    ch.name, ch.output_dir, ch.tables, ch.parameters = "demo", tmp_path, [], {}
    ch._figure_writer = type("W", (), {"poll": lambda self: None})()
    ch._provenance_line = lambda record: ""
    df = pd.DataFrame({"bare_count_200s": [1702699], "latency_ms": [3.396e6], "band": ["[2000, inf]"]})
    shown = ch.table(df, "demo_table5_1", formats={"latency_ms": ".3e", "band": "text"})
    assert shown.table.caption == "The source text's Table 5.1, regenerated"
    assert shown.table.header == ["bare count in 200 s", "latency (ms)", "band"]
    assert shown.table.rows == [["1,702,699", "3,396,000", "≥ 2000"]]
    assert (tmp_path / "tables" / "demo_table5_1.csv").read_text().splitlines() == [
        "bare_count_200s,latency_ms,band", "1702699,3396000.0,\"[2000, inf]\""]
    given = ch.table(df[["band"]], "demo_limits", caption="Limits the thesis states")
    assert given.table.caption == "Limits the thesis states"


def test_coverage_is_collapsed_and_links_the_book_figure():
    """The coverage list folds under a one-line summary; the row of the paper's Figure 5.3 links to the
    book figure that redraws Figures 5.2-5.5, a row the book does not redraw links nowhere."""
    from mmbook.chapter import Chapter
    from mmperf.checks import Coverage

    ch = Chapter.__new__(Chapter)
    ch.coverage = Coverage("demo")
    ch.coverage.add("Figure 5.3", "computed from transcribed data", "from Table 5.1")
    ch.coverage.add("Figure 4.2", "not reproducible", "the seed keeps only the caption")
    ch.figures = [{"name": "fig-demo-fig5-2-5"}, {"name": "fig-demo-method"}]
    page = ch.coverage_table()._repr_html_()
    assert page.startswith('<details class="mm-collapsed mm-coverage"><summary>Coverage: 2 tables and figures of the source '
                           "text, each with how it is regenerated</summary>")
    assert '<a href="#fig-demo-fig5-2-5">Figure 5.3</a>' in page and page.count("<a href") == 1
    assert "the source text keeps only the caption" in page and "seed" not in page


def test_the_scorecard_summary_says_when_no_check_is_a_prediction(ch):
    """One arithmetic check and no prediction: the folded scorecard's one line says so instead of "0 / 0"."""
    ch.scorecard.compare("a", "s", paper=1, ours=1, tol=0.1, evidence="arithmetic", reason="r")
    assert ch.scorecard_table().summary == "Scorecard: 1 check, none of them a prediction (unfold for every check)"


@pytest.mark.parametrize(("where", "kept"), [
    # "lines A and B-C": the range after "and" goes with the reference, not left behind as "-C"
    ("Table 2 (seed lines 118 and 140-142)", "Table 2"),
    ("Section 3, lines 5, 7 and 9-11", "Section 3"),
    # data/hsieh/review-hsieh-messaging.csv cites "line 587 and 600-601": it read "-601"; nothing else is left,
    # so the reference stays, in the book's words
    ("seed 004 line 587 and 600-601", "source text 004 line 587 and 600-601"),
    ("Section 4.1 (seed lines 205-207 and 229–231); Table 1", "Section 4.1; Table 1"),
    # the forms matched before, unchanged
    ("Table 2 (seed lines 118 and 140)", "Table 2"),
    ("Sec. 4.6.4 line 1449; line 1387", "Sec. 4.6.4"),
])
def test_reader_location_drops_every_form_of_line_citation(where, kept):
    from mmbook.chapter import reader_location

    assert reader_location(where) == kept


def test_reader_words_drop_a_parenthesis_citing_lines_a_and_b_c():
    """The parenthesis holds only source-text lines ("lines A and B-C"): it goes whole, no "(-142)" left."""
    from mmbook.chapter import SOURCE_LINE, reader_words

    assert SOURCE_LINE.search("x (seed lines 118 and 140-142)")[0] == "seed lines 118 and 140-142"
    assert reader_words("The paper prints 74 Mbit/s (seed lines 118 and 140-142); x") == "The paper prints 74 Mbit/s; x"
