"""The book build: chapter cache keys cover exactly what a chapter depends on; a no-op build writes nothing."""

import os

from mmbook import build
from mmbook.params import load_chapter


def test_key_covers_own_notebook_and_data_not_other_studies(tmp_path, monkeypatch):
    """A scratch project with two studies: editing study b's data leaves chapter a's key unchanged;
    editing a's data or notebook changes it."""
    for study in ("a", "b"):
        (tmp_path / "data" / study).mkdir(parents=True)
        (tmp_path / "data" / study / "t.csv").write_text("x\n1\n")
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "_config.yml").write_text("title: t\n")
    (tmp_path / "notebooks" / "ch.yml").write_text("title: Ch\ndata: [a]\nparameters: {}\n")
    notebook = tmp_path / "notebooks" / "ch.md"
    notebook.write_text("# Ch\n\n```{code-cell} ipython3\nfrom mmbook.chapter import Chapter\n```\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    key = lambda: build.chapter_cache_key(load_chapter("ch"))  # noqa: E731
    before = key()
    (tmp_path / "data" / "b" / "t.csv").write_text("x\n2\n")
    assert key() == before
    (tmp_path / "data" / "a" / "t.csv").write_text("x\n2\n")
    after_data = key()
    assert after_data != before
    notebook.write_text(notebook.read_text() + "\nMore prose.\n")
    assert key() != after_data


def test_write_if_changed_leaves_an_equal_file_alone(tmp_path):
    file = tmp_path / "a.md"
    assert build._write_if_changed(file, "x")
    stamp = file.stat().st_mtime_ns
    os.utime(file, ns=(stamp - 10**9, stamp - 10**9))
    assert not build._write_if_changed(file, "x")
    assert file.stat().st_mtime_ns == stamp - 10**9
    assert build._write_if_changed(file, "y") and file.read_text() == "y"


def test_toc_numbers_the_studies():
    toc = build.toc_yaml(["a", "b"])
    assert "book/chapters/a" in toc and "numbered: true" in toc


def test_toc_puts_the_instructors_guide_after_every_chapter():
    """Issue 25: "Next" from the last front-matter page led to the instructor's guide (every solution)
    before chapter 1. In reading order the guide comes after the last chapter."""
    toc = build.yaml.safe_load(build.toc_yaml(["a", "b"]))
    order = [c["file"] for part in toc["parts"] for c in part["chapters"]]
    assert order.index("book/instructor") > order.index("book/chapters/b")
    assert order.index("book/sweeping") < order.index("book/chapters/a")


def _scratch_book(root):
    """A scratch project with one notebook, one data file, one book page and a rendered index."""
    for folder in ("data/a", "notebooks", "book", "_build/html", "_build/chapters/ch"):
        (root / folder).mkdir(parents=True)
    (root / "_config.yml").write_text("title: t\n")
    (root / "data" / "a" / "t.csv").write_text("x\n1\n")
    (root / "notebooks" / "ch.md").write_text("# Ch\n")
    (root / "book" / "intro.md").write_text("# Intro\n")
    (root / "_build" / "html" / "index.html").write_text("<html></html>")
    (root / "_build" / "chapters" / "ch" / "results.json").write_text("{}")


def test_build_state_sees_edits_additions_and_deletions(tmp_path, monkeypatch):
    """Inputs and outputs are hashed separately: editing a notebook changes the inputs' state only,
    deleting an executed chapter's results or the rendered index changes the outputs' state only."""
    _scratch_book(tmp_path)
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    inputs, outputs = build.build_state("inputs"), build.build_state("outputs")
    assert build.build_state("inputs") == inputs and build.build_state("outputs") == outputs
    notebook = tmp_path / "notebooks" / "ch.md"
    notebook.write_text("# Ch, edited\n")
    assert build.build_state("inputs") != inputs and build.build_state("outputs") == outputs
    inputs = build.build_state("inputs")
    (tmp_path / "data" / "a" / "new.csv").write_text("x\n")
    assert build.build_state("inputs") != inputs
    (tmp_path / "_build" / "chapters" / "ch" / "results.json").unlink()
    assert build.build_state("outputs") != outputs
    outputs = build.build_state("outputs")
    (tmp_path / "_build" / "html" / "index.html").unlink()
    assert build.build_state("outputs") != outputs
    # a rewrite with the same size is seen through its modification time
    outputs = build.build_state("outputs")
    page = tmp_path / "book" / "intro.md"
    stamp = page.stat().st_mtime_ns
    page.write_text("# Intra\n")
    os.utime(page, ns=(stamp + 10**9, stamp + 10**9))
    assert build.build_state("outputs") != outputs


def test_noop_build_stops_before_running_anything(tmp_path, monkeypatch, capsys):
    """With the state of the last complete build unchanged, build() returns the cached chapters without
    looking for stale ones; after an edit it goes on (here into a stub that stops it), and a build that
    stops half-way leaves no state behind, so the next one cannot be skipped."""
    _scratch_book(tmp_path)
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    state = tmp_path / "_build" / build.STATE_FILE

    class Reached(Exception):
        pass

    def execute_chapters(*args, **kwargs):
        raise Reached

    monkeypatch.setattr(build, "execute_chapters", execute_chapters)
    monkeypatch.setattr(build.params_mod, "chapter_names", lambda: ["ch"])
    state.write_text(build.json.dumps({"inputs": build.build_state("inputs"),
                                       "outputs": build.build_state("outputs"), "chapters": ["ch"]}))
    outcomes = build.build()
    assert [(o.chapter, o.status) for o in outcomes] == [("ch", "cached")]
    assert "nothing changed since the last build" in capsys.readouterr().err
    try:  # --force never takes the shortcut
        build.build(force=True)
        raise AssertionError("a forced build took the no-op shortcut")
    except Reached:
        pass
    assert not state.exists()
    state.write_text(build.json.dumps({"inputs": build.build_state("inputs"),
                                       "outputs": build.build_state("outputs"), "chapters": ["ch"]}))
    (tmp_path / "notebooks" / "ch.md").write_text("# Ch, edited\n")
    try:
        build.build()
        raise AssertionError("an edited notebook did not reach the chapters' execution")
    except Reached:
        pass
    assert not state.exists()


def _chapter_results(root, name: str, title: str, checks: list[dict], items: list[tuple[str, str]] = ()) -> None:
    folder = root / "_build" / "chapters" / name
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(__import__("json").dumps({"checks": checks}))
    rows = [{"item": item, "category": category, "how": "h", "note": ""} for item, category in items]
    (folder / "coverage.json").write_text(__import__("json").dumps({"title": title, "items": rows}))


def _record(evidence: str, status: str, **extra) -> dict:
    return {"what": f"{evidence} {status}", "where": "Table 1", "paper": 1.0, "ours": 1.0, "tolerance": "±0.5",
            "reason": "r", "evidence": evidence, "status": status, **extra}


def test_scorecard_page_counts_applicable_predictions_and_the_audit(tmp_path, monkeypatch):
    """Chapter t (a checks table): 1 reproduced, 1 not reproduced, 1 not applicable, audit 1 passed 1 failed;
    chapter s (old style, no audit): 1 reproduced of 1. The book: 2 reproduced of 3 applicable."""
    (tmp_path / "_config.yml").write_text("title: t\n")
    (tmp_path / "data").mkdir()
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    _chapter_results(tmp_path, "t", "Table chapter", [
        _record("prediction", "reproduced", id="a", audit="✓ moved by x"),
        _record("prediction", "not reproduced", id="b", audit="✗ holds by construction"),
        _record("prediction", "not applicable", id="c", audit="✓ moved by x", ci_low=0.5, ci_high=None),
        _record("arithmetic", "reproduced", id="d", audit="– conditions complete")])
    _chapter_results(tmp_path, "s", "Old chapter", [_record("prediction", "reproduced")])
    page = build.scorecard_page(["t", "s"])
    assert "Predictions reproduced / predictions applicable, whole book: 2 / 3." in page
    assert "Predictions reproduced / applicable: **1 / 2** (1 not applicable at these parameters)" in page
    assert "Predictions reproduced / applicable: **1 / 1**." in page
    assert ">2 passed, 1 failed<" in page and ">not yet (no checks table)<" in page
    assert "Independence audit of the book's predictions: 2 passed, 1 failed, 1 not audited" in page
    assert "✗ holds by construction" in page
    assert "[0.5" not in page   # an interval with an unbounded end (None) shows the value alone, as on the chapter
    # every chapter with a table: no "0 not audited (their chapters' checks are not yet a table)"
    assert "book's predictions: 2 passed, 1 failed, 1 not audited" not in build.scorecard_page(["t"])
    assert "Independence audit of the book's predictions: 2 passed, 1 failed.\n" in build.scorecard_page(["t"])


MODEL, DATA, ASSUMED, SCHEMATIC, NONE = ("computed from the model", "computed from transcribed data",
                                         "reconstructed under a labelled assumption", "redrawn schematic",
                                         "not reproducible")


def test_scorecard_page_counts_the_papers_tables_and_figures_not_coverage_rows(tmp_path, monkeypatch):
    """Ten coverage rows in three chapters; two chapters (t, u) reproduce one source text S1, s another (S2).

    t: Fig. 4a (model) and 4b (not reproducible) are one figure, in its weakest part: not reproducible;
    Table 2's two rows (data, model) are one table, in its weakest: data; Figure 5 assumed; Eq. 1 and our own
    sensitivity plot are not the paper's tables or figures. t covers 2 of its 3 items (Table 2, Figure 5).
    u: Figure 4 (model), Figure 6 (schematic), Figures 7-8 (not reproducible): 2 of 4.
    S1 counts Figure 4 once, in the better chapter's category (u: model): model 1, data 1, assumed 1,
    schematic 1, not reproducible 2 (Figures 7, 8): 4 of 6. S2 (s): Table 1, data: 1 of 1. The book: 5 of 7.
    """
    (tmp_path / "_config.yml").write_text("title: t\n")
    (tmp_path / "data").mkdir()
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    _chapter_results(tmp_path, "t", "Chapter T", [], [
        ("Fig. 4a", MODEL), ("Fig. 4b", NONE), ("The paper's Table 2, four stage rows", DATA),
        ("The paper's Table 2, end-to-end row", MODEL), ("Figure 5 (a caption, with a comma)", ASSUMED),
        ("Eq. 1", MODEL), ("Pipeline sensitivity (not in the paper)", ASSUMED)])
    _chapter_results(tmp_path, "u", "Chapter U", [], [("Figure 4", MODEL), ("Figure 6", SCHEMATIC),
                                                      ("Figures 7-8", NONE)])
    _chapter_results(tmp_path, "s", "Chapter S", [], [("Table 1", DATA)])
    sources = {"t": "S1", "u": "S1", "s": "S2"}
    coverage = [(n, sources[n], build.json.loads((tmp_path / "_build" / "chapters" / n / "coverage.json")
                                                  .read_text())) for n in ("t", "u", "s")]
    table = build.source_coverage_table(coverage)
    assert table.to_dict("records") == [
        {"source text": "S1", "chapters": "t, u", MODEL: 1, DATA: 1, ASSUMED: 1, SCHEMATIC: 1, NONE: 2,
         "covered / listed": "4 / 6"},
        {"source text": "S2", "chapters": "s", MODEL: 0, DATA: 1, ASSUMED: 0, SCHEMATIC: 0, NONE: 0,
         "covered / listed": "1 / 1"},
        {"source text": "the book", "chapters": "", MODEL: 1, DATA: 2, ASSUMED: 1, SCHEMATIC: 1, NONE: 2,
         "covered / listed": "5 / 7"}]
    page = build.scorecard_page(["t", "u", "s"], sources=sources)
    assert ">2 / 3<" in page and ">2 / 4<" in page and ">1 / 1<" in page and ">5 / 7<" in page
    assert f"lists: 1 {DATA}, 1 {ASSUMED}, 1 {NONE}." in page


def test_cached_chapter_keeps_its_last_real_execution_time(tmp_path, monkeypatch):
    """Issue 25: the status page said 0.0 s for every cached chapter. An execution records its seconds
    beside the cache key (here 52.5 - 10.0 = 42.5 s on a stubbed clock); the next build takes the chapter
    from the cache and reports those 42.5 s, and a chapter with no record reports None (shown as a dash),
    never 0."""
    _scratch_book(tmp_path)
    (tmp_path / "notebooks" / "ch.yml").write_text("title: Ch\ndata: [a]\nparameters: {}\n")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    import mmbook.runner

    def run_chapter(name, overrides, output_dir, allow_book_build=False):
        (output_dir / "results.json").write_text("{}")

    clock = iter([10.0, 52.5])
    monkeypatch.setattr(mmbook.runner, "run_chapter", run_chapter)
    monkeypatch.setattr(build.time, "perf_counter", lambda: next(clock))
    executed = build._execute_default("ch")
    assert (executed.status, executed.seconds) == ("executed", 42.5)
    [cached] = build.execute_chapters(["ch"])
    assert (cached.status, cached.seconds) == ("cached", 42.5)
    (tmp_path / "_build" / "chapters" / "ch" / build.EXECUTION_FILE).unlink()
    [unknown] = build.execute_chapters(["ch"])
    assert (unknown.status, unknown.seconds) == ("cached", None)
    build.write_status([unknown])
    assert build.json.loads((tmp_path / "_build" / "build-status.json").read_text())[0]["seconds"] is None


def test_a_no_op_build_watches_all_three_layers():
    """After the layout move the build watched only lib/mmbook/*.py: an edited study model or checks table
    left the book 'up to date'. Every layer's files are inputs now."""
    names = {f.relative_to(build.paths.project_root()).as_posix() for f in build._state_files("inputs")}
    assert {"lib/mmperf/queueing.py", "lib/mmstudies/zeadally/model.py", "lib/mmstudies/zeadally/checks.yml",
            "lib/mmbook/build.py"} <= names


def test_toc_puts_the_foundations_chapters_in_part_one_before_the_studies():
    toc = build.yaml.safe_load(build.toc_yaml(["laws", "a", "b"], foundations=["laws"]))
    captions = [part["caption"] for part in toc["parts"]]
    assert captions.index("Part I: Foundations") == captions.index("The studies") - 1
    studies = next(p for p in toc["parts"] if p["caption"] == "The studies")
    assert [c["file"] for c in studies["chapters"]] == ["book/chapters/a", "book/chapters/b"]
    assert "Part I: Foundations" not in build.toc_yaml(["a"])  # no empty part without foundations chapters


def test_book_scorecard_names_and_paper_values_as_printed():
    """Issue 25 item 5: one short name per chapter (the study, and the chapter's part where a study has
    several), and paper values without padding."""
    from mmbook.build import printed_number, short_chapter_names

    titles = {"hsieh-messaging": "Hsieh (1997): message passing over ATM and HIPPI",
              "hsieh-video": "Hsieh (1997): MPEG video delivery", "zeadally": "Zeadally et al. (1997): the data path"}
    assert short_chapter_names(titles) == {"hsieh-messaging": "Hsieh (1997), messaging",
                                           "hsieh-video": "Hsieh (1997), video", "zeadally": "Zeadally et al. (1997)"}
    assert [printed_number(v) for v in (0.5, 240.0, 0.05, 1.2e-5, 16.5, "[0, 20] %")] == [
        "0.5", "240", "0.05", "1.2×10⁻⁵", "16.5", "[0, 20] %"]


def test_renderer_digest_is_the_hash_of_the_sphinx_side_sources():
    """A change to how pages are written (mmbook.sphinxext, mathml, stylebundle) must make the build write every
    page again (Sphinx itself rewrites only pages whose sources changed): the stamp is their SHA-256, by hand."""
    import hashlib
    from pathlib import Path

    from mmbook import build

    folder = Path(build.__file__).parent
    expected = hashlib.sha256(b"".join((folder / f"{m}.py").read_bytes()
                                       for m in ("sphinxext", "mathml", "stylebundle"))).hexdigest()
    assert build.RENDERER_MODULES == ("sphinxext", "mathml", "stylebundle")
    assert build.renderer_digest() == expected
