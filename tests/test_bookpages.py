"""The generated book pages (status, instructor, studies table, course map) and the student edition."""

import json
import re
import shlex

import pytest

from mmbook import bookpages
from mmbook.params import chapter_names, load_chapter
from mmperf import paths

CHAPTERS = chapter_names()

EXERCISE_MD = """
Some text.

```{exercise} Halving the frame rate
:label: ex-demo-half
What happens to the loss if `frame_rate_fps` is halved? Try
`mmbook run demo -p frame_rate_fps 12.5 -p seed 2 --output runs/x`.
```

````{solution} ex-demo-half
:class: dropdown
The loss falls to {glue:text}`demo_loss:.2e` because the sink is idle more often than not at the lower rate.

```python
print("code inside a solution")
```
````

```{exercise}
:label: ex-demo-read
Read section 3 again. Which assumption is weakest?
```
"""


def test_parse_exercises_with_solutions_and_parameters():
    half, read = bookpages.parse_exercises(EXERCISE_MD, "demo", ["frame_rate_fps", "seed", "queue_capacity"])
    assert (half.label, half.title) == ("ex-demo-half", "Halving the frame rate")
    assert half.parameters == ["frame_rate_fps", "seed"]
    assert half.settings == [("frame_rate_fps", "12.5"), ("seed", "2")]
    assert half.solution.startswith("The loss falls to {glue:text}`demo_loss:.2e`")
    assert 'print("code inside a solution")' in half.solution, "a longer outer fence keeps inner code"
    assert (read.label, read.title, read.solution, read.parameters) == ("ex-demo-read", "", "", [])


def test_exercise_tags_come_from_the_class_option():
    md = EXERCISE_MD.replace(":label: ex-demo-half", ":label: ex-demo-half\n:class: level-3 kind-figure")
    half, read = bookpages.parse_exercises(md, "demo")
    assert (half.kind, half.level) == ("figure", 3), "order of the two words does not matter"
    assert (read.kind, read.level) == ("", 0), "an untagged exercise has no kind and level 0"
    assert half.body.startswith("What happens"), "the class option is not part of the body"
    with pytest.raises(ValueError, match="level must be one of 1, 2, 3"):
        bookpages.parse_exercises(md.replace("level-3", "level-4"), "demo")


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_chapter_tags_solves_and_keys_its_exercises(name):
    """Issue 26 item 3, for every chapter: at least eight exercises, each saying its kind and its level and each
    solved; at least four kinds among them, one extending the model's code and one reading a figure; the
    instructor's page names every exercise's kind and level; the auto-grader's key (the spec's ``answers``) holds
    at least five of the chapter's exercises. (Each chapter's own answers are tested in
    tests/models/test_<study>_exercises.py.)"""
    exercises = bookpages.chapter_exercises(name)
    assert len(exercises) >= 8, f"{name}: {len(exercises)} exercises, at least 8 wanted"
    untagged = [ex.label for ex in exercises if not ex.kind or not ex.level]
    assert not untagged, f"{name}: exercises without ':class: kind-... level-...': {untagged}"
    unsolved = [ex.label for ex in exercises if not ex.solution]
    assert not unsolved, f"{name}: exercises without a solution: {unsolved}"
    kinds = {ex.kind for ex in exercises}
    assert len(kinds) >= 4 and {"extend", "figure"} <= kinds, f"{name}: kinds {sorted(kinds)}"
    page = bookpages.instructor_page([name])
    named = re.findall(r"Kind: ([a-z' -]+); level ([123])\.", page)
    assert len(named) == len(exercises), "the instructor's page names every exercise's kind and level"
    assert {k for k, _ in named} <= set(bookpages.EXERCISE_KIND_WORDS.values())
    key = load_chapter(name).answers
    assert len(key) >= 5 and set(key) <= {ex.label for ex in exercises}, f"{name}: answer key {sorted(key)}"


def test_glue_roles_point_at_the_chapter_notebook():
    text = "{glue:text}`a:.2e`, {glue:text}`b`, {glue}`c`, {glue:md}`d`, {glue:text}`other.ipynb::e:.1f`"
    values = {"d": {"text/markdown": "the *composed* sentence\n", "text/plain": "'x'"}}
    assert bookpages.crossdoc_glue(text, "chapters/demo.ipynb", values) == (
        "{glue:text}`chapters/demo.ipynb::a:.2e`, {glue:text}`chapters/demo.ipynb::b:s`, "
        "{glue}`chapters/demo.ipynb::c`, the *composed* sentence, {glue:text}`other.ipynb::e:.1f`")
    assert bookpages.crossdoc_glue("{glue:md}`missing`", "x.ipynb", {}) == "—"


def test_strip_solutions_keeps_exercises():
    stripped = bookpages.strip_solutions(EXERCISE_MD)
    assert "{solution}" not in stripped and "The loss falls" not in stripped
    assert "code inside a solution" not in stripped
    assert stripped.count("{exercise}") == 2


def test_solution_markers_find_every_word_run_and_the_computed_answer(tmp_path):
    """Issue 26 item 5: a solution is found by every 6-word run of it as rendered (here with its computed
    answer), except runs the rest of the chapter shows too, and by its solution-only glued outputs."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "application/papermill.record/text/plain": "'the sink idles, so the queue empties'"},
        metadata={"scrapbook": {"name": "answer", "mime_prefix": "application/papermill.record/"}})]
    nb.cells = [cell]
    nbformat.write(nb, tmp_path / "demo.ipynb")
    md = ("Because the sink is idle more often than not.\n\n```{exercise} Half\n:label: ex-demo-half\nWhy?\n```\n"
          "```{solution} ex-demo-half\nBecause the sink is idle more often than not: {glue:text}`answer`.\n```\n")
    [marker] = bookpages.solution_markers("demo", md, tmp_path / "demo.ipynb")
    assert marker.glue_names == {"answer"}
    assert "not the sink idles so the" in marker.shingles  # the computed answer, as the reader sees it
    assert "because the sink is idle more" not in marker.shingles  # the chapter says that outside too
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "page.html").write_text("<p>It <em>idles</em>, so the queue empties.</p>")
    assert bookpages.solution_leaks(tmp_path / "site", ["demo"], [marker]) == []  # no run of six of its words
    (tmp_path / "site" / "page.html").write_text("<p>than not: the sink <em>idles</em>, so the queue</p>")
    assert bookpages.solution_leaks(tmp_path / "site", ["demo"], [marker]) == [
        "demo ex-demo-half: 'not the sink idles so the' in page.html"]
    (tmp_path / "site" / "page.html").unlink()
    nbformat.write(nb, tmp_path / "site" / "demo.ipynb")  # a stored output is a leak, whatever it says
    assert bookpages.solution_leaks(tmp_path / "site", ["demo"], [marker]) == [
        "demo ex-demo-half: stored output 'answer' in demo.ipynb"]
    nb.cells.insert(0, nbformat.v4.new_markdown_cell(md))  # the notebook the student edition strips
    stripped = bookpages.student_notebook(json.loads(nbformat.writes(nb)))
    assert stripped["cells"][1]["outputs"] == [] and "{solution}" not in stripped["cells"][0]["source"]
    assert "{exercise}" in stripped["cells"][0]["source"]


def test_a_solution_without_words_of_its_own_cannot_be_checked_and_is_refused(tmp_path):
    md = "Yes.\n```{exercise} E\n:label: ex-e\nQ?\n```\n```{solution} ex-e\nYes.\n```\n"
    with pytest.raises(ValueError, match="the solution of ex-e has no words of its own"):
        bookpages.solution_markers("demo", md, tmp_path / "none.ipynb")


def test_status_page_from_outcomes_and_without_a_record(tmp_path, monkeypatch):
    stamp = {"commit": "abc1234", "date": "2026-11-22 19:00 UTC", "versions": {"python": "3.11.7"}}
    names = CHAPTERS[:2]
    outcomes = [{"chapter": names[0], "status": "executed", "seconds": 61.24, "cached": False},
                {"chapter": names[1], "status": "cached", "seconds": 18.0, "cached": True}]
    page = bookpages.status_page(names, outcomes, stamp)
    assert "- **commit**: `abc1234`" in page and "- **built**: 2026-11-22 19:00 UTC" in page
    assert '<td class="mm-num">61.2</td><td>no</td>' in page
    assert '<td class="mm-status mm-status-neutral">cached</td><td class="mm-num">18.0</td><td>yes</td>' in page
    assert "<td>3.11.7</td>" in page
    for name in names:
        assert load_chapter(name).title.replace("&", "&amp;").replace("'", "&#x27;") in page
    monkeypatch.setattr(bookpages.paths, "build_dir", lambda: tmp_path)
    page = bookpages.status_page(names, None, stamp)
    assert "No execution record was found" in page and "—" in page


def test_write_unless_same_ignores_the_build_date(tmp_path):
    file = tmp_path / "status.md"
    assert bookpages._write_unless_same(file, "# S\n- **built**: 2026-11-22 19:00 UTC\nx\n")
    assert not bookpages._write_unless_same(file, "# S\n- **built**: 2026-11-22 20:00 UTC\nx\n")
    assert "19:00" in file.read_text()
    assert bookpages._write_unless_same(file, "# S\n- **built**: 2026-11-22 20:00 UTC\ny\n")


def test_instructor_page_lists_every_chapter():
    page = bookpages.instructor_page(CHAPTERS)
    for name in CHAPTERS:
        assert f"## {load_chapter(name).title}" in page
        assert f"[](chapters/{name}.ipynb)" in page
    for ex in (ex for name in CHAPTERS for ex in bookpages.chapter_exercises(name)):
        assert f"{{ref}}`{ex.label}`" in page


def test_studies_table_links_and_cites_every_chapter():
    table = bookpages.studies_table(CHAPTERS)
    assert table.count("\n") == len(CHAPTERS) + 2
    for name in CHAPTERS:
        assert f"](chapters/{name}.ipynb)" in table
    bib = (paths.project_root() / "book" / "references.bib").read_text()
    for key in re.findall(r"\{cite:t\}`([^`]+)`", table):
        assert f"{{{key}," in bib, f"{key} is not in book/references.bib"


def test_course_map_weeks():
    text = bookpages.course_map(CHAPTERS, outcomes=[{"chapter": CHAPTERS[0], "status": "executed",
                                                      "seconds": 157.0, "cached": False}])
    weeks = re.findall(r"^### Week (\d+): ", text, re.M)
    assert [int(w) for w in weeks] == list(range(1, len(bookpages.course_weeks(CHAPTERS)) + 1))
    assert 10 <= len(weeks) <= 14
    for name in CHAPTERS:  # every chapter has a week: the map is made from the chapters' specs
        assert f"](chapters/{name}.ipynb)" in text, f"the course map has no week for {name}"
    assert "about 2.6 min in the last build" in text


def _commands():
    for week in bookpages.course_weeks(CHAPTERS):
        yield from re.findall(r"mmbook (?:run|sweep) [^`]+", week.get("whatif", "") + " " + week.get("work", ""))
    for guide in (load_chapter(name).guide for name in CHAPTERS):
        yield from re.findall(r"mmbook (?:run|sweep) [^`]+", guide["whatif"] if "`" in guide["whatif"]
                              else "`" + guide["whatif"] + "`")


@pytest.mark.parametrize("command", sorted(set(_commands())))
def test_suggested_commands_use_valid_parameters(command):
    """Every what-if a teacher is told to hand out names a real chapter and valid parameter values."""
    words = shlex.split(command)
    chapter = words[2]
    if chapter.isupper():
        pytest.skip("a template (CHAPTER), not a command")
    if chapter not in CHAPTERS:
        pytest.skip(f"chapter {chapter} is not written yet")
    spec = load_chapter(chapter)
    overrides = {}
    for i, word in enumerate(words):
        if word == "-p" and not words[i + 1].isupper():
            overrides[words[i + 1]] = words[i + 2]
        if word == "--grid":
            name, values = words[i + 1].split("=")
            for value in values.split(","):
                spec.resolve({name: value})
        if word == "--plot":
            headline = set(spec.headline or ())
            for metric in words[i + 1:]:
                if metric.startswith("--"):
                    break
                assert metric in headline or not headline, f"{metric} is not a headline metric of {chapter}"
    spec.resolve(overrides)


def test_student_config_and_toc():
    config = bookpages.student_build_config()
    assert config["sphinx"]["config"]["hide_solutions"] is True
    assert "book/instructor.md" in config["exclude_patterns"]
    assert config["title"].endswith("(student edition)")
    toc = "root: book/intro\nparts:\n- caption: Using\n  chapters:\n  - file: book/using\n  - file: book/instructor\n"
    assert "instructor" not in bookpages.student_toc(toc)


def test_student_edition_has_no_solutions(built_book):
    """Build the student edition from the assembled book and look for every solution's text in it."""
    html = bookpages.build_student(CHAPTERS)
    assert (html / "index.html").is_file()
    assert bookpages.solution_leaks(html, CHAPTERS) == []
    assert not (html / "book" / "instructor.html").exists()
    for name in CHAPTERS:
        page = (html / "book" / "chapters" / f"{name}.html").read_text(encoding="utf-8")
        for ex in bookpages.chapter_exercises(name):
            assert f'id="{ex.label}"' in page, f"{name}: exercise {ex.label} missing from the student edition"


# ----------------------------------------------------------------------------- course: weights, projects, exam
def test_assessment_weights_sum_to_100_and_name_labs_exercises_two_projects_and_an_exam():
    data = bookpages.course_data()
    weights = {row["part"]: row["weight"] for row in data["assessment"]}
    assert sum(weights.values()) == 100
    assert {"Labs", "Exercises", "Final exam"} <= set(weights)
    assert sum(part.startswith("Project") for part in weights) == 2
    table = bookpages.assessment_table(data)
    assert "| **total** | **100 %** | |" in table and table.count("\n") == len(weights) + 3


def test_two_project_briefs_with_rubrics_of_100_points_on_the_instructors_page_only():
    data = bookpages.course_data()
    assert len(data["projects"]) == 2
    section = bookpages.projects_section(data)
    for project in data["projects"]:
        assert {"title", "aim", "chapters", "deliverables", "rubric"} <= set(project)
        assert sum(r["points"] for r in project["rubric"]) == 100
        assert set(project["chapters"]) <= set(CHAPTERS)
        assert f"### {project['title']}" in section
    assert section.count("| **total** | **100** |") == 2
    assert bookpages.projects_section() in bookpages.instructor_page(CHAPTERS[:1])
    assert "book/instructor.md" in bookpages.student_build_config()["exclude_patterns"]


def test_exam_bank_has_two_answered_questions_a_week_and_cites_real_glued_values():
    """Every week of the course map has at least two questions, each with an answer key; an answer citing a
    chapter's value names a chapter of the book and a number that chapter glues (a metric its spec's headline
    names, or a glue in its notebook's code)."""
    bank = bookpages.course_data()["exam"]
    weeks = {w["week"] for w in bookpages.course_weeks(CHAPTERS)}
    per_week = {week: sum(q["week"] == week for q in bank) for week in weeks}
    assert min(per_week.values()) >= 2, per_week
    assert all(q["question"].strip() and q["answer"].strip() for q in bank)
    for q in bank:
        for chapter, name in re.findall(r"\{glue:text\}`([a-z0-9-]+)::([a-z0-9_]+)", q["answer"]):
            spec = load_chapter(chapter)
            source = spec.notebook.read_text(encoding="utf-8")
            assert name in (spec.headline or ()) or f'"{name}"' in source, (chapter, name)
    section = bookpages.exam_section()
    assert section.count("Answer key") == len(bank)
    assert "{glue:text}`chapters/zeadally.ipynb::eq1_mbps:.1f`" in section


def test_the_leak_check_finds_an_exam_answer_in_a_student_file(tmp_path):
    """An answer key copied into any file of the student edition is a leak, named by its week and number."""
    data = bookpages.course_data()
    markers = bookpages.exam_markers(data=data)
    assert len(markers) == len(data["exam"]) and all(m.shingles for m in markers)
    week1 = next(q for q in data["exam"] if q["week"] == 1)
    (tmp_path / "page.html").write_text(f"<p>{week1['answer']}</p>", encoding="utf-8")
    leaks = bookpages.solution_leaks(tmp_path, [], markers)
    assert leaks and leaks[0].startswith("exam week-1-q1: ")
    (tmp_path / "page.html").write_text("<p>Nothing of the key here.</p>", encoding="utf-8")
    assert bookpages.solution_leaks(tmp_path, [], markers) == []


def test_week_one_keeps_the_general_weeks_content():
    """Part I's first chapter took week 1; the general week's reading and work are folded into it."""
    weeks = bookpages.course_weeks(CHAPTERS)
    general = bookpages.GENERAL_WEEKS[0]
    assert weeks[0]["chapters"] and weeks[0]["also"] == general
    text = bookpages.course_map(CHAPTERS, outcomes=[])
    week1 = text.split("### Week 2:")[0]
    assert general["work"] in week1 and general["pages"] in week1


def test_no_two_weeks_hand_out_the_same_lab():
    labs = {}
    for week in bookpages.course_weeks(CHAPTERS):
        if week["chapters"]:
            command = week.get("whatif") or load_chapter(week["chapters"][0]).guide.get("whatif", "")
            assert command not in labs, f"weeks {labs.get(command)} and {week['week']} share {command}"
            labs[command] = week["week"]
