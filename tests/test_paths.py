"""Project paths: the root from MMPERF_ROOT or the package's place."""

import pytest

from mmperf import paths


def test_root_holds_config_and_data(root):
    assert paths.project_root() == root
    assert paths.data_dir() == root / "data" and paths.notebooks_dir() == root / "notebooks"
    assert paths.default_chapter_dir("x") == root / "_build" / "chapters" / "x"


def test_env_root_must_look_like_a_project(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="does not hold _config.yml and data/"):
        paths.project_root()
    (tmp_path / "_config.yml").write_text("title: t\n")
    (tmp_path / "data").mkdir()
    assert paths.project_root() == tmp_path.resolve()
