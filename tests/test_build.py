"""The book build: chapter cache keys cover exactly what a chapter depends on; a no-op build writes nothing."""

import os

from mmperf import build
from mmperf.params import load_chapter


def test_notebook_imports_reads_code_cells_only(tmp_path):
    nb = tmp_path / "n.md"
    nb.write_text("# T\n\nText `import mmperf.quality`.\n\n```{code-cell} ipython3\n:tags: [remove-cell]\n"
                  "from mmperf.models import zeadally as z\nimport mmperf.stats\n%matplotlib inline\n```\n")
    assert build.notebook_imports(nb) == {"mmperf.models", "mmperf.models.zeadally", "mmperf.stats"}


def test_library_files_follow_imports_transitively():
    files = {f.name for f in build.library_files({"mmperf.chapter"})}
    assert {"chapter.py", "checks.py", "params.py", "paths.py"} <= files
    assert "queueing.py" not in files  # the chapter record does not simulate


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
    notebook.write_text("# Ch\n\n```{code-cell} ipython3\nfrom mmperf.chapter import Chapter\n```\n")
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
