"""What a module or a chapter depends on: imports read from source, never by importing."""

from mmperf import fingerprint


def test_notebook_imports_reads_code_cells_only(tmp_path):
    nb = tmp_path / "n.md"
    nb.write_text("# T\n\nText `import mmperf.quality`.\n\n```{code-cell} ipython3\n:tags: [remove-cell]\n"
                  "from mmstudies import zeadally as z\nimport mmperf.stats\n%matplotlib inline\n```\n")
    assert fingerprint.notebook_imports(nb) == {"mmstudies", "mmstudies.zeadally", "mmperf.stats"}


def test_library_files_follow_imports_transitively():
    files = {f.name for f in fingerprint.library_files({"mmbook.chapter"})}
    assert {"chapter.py", "checks.py", "params.py", "paths.py"} <= files
    assert "queueing.py" not in files  # the chapter record does not simulate
