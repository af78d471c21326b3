"""Locations of the project's files.

The project root is the folder holding ``_config.yml`` and ``data/``. It is found from the
``MMPERF_ROOT`` environment variable, else from this package's own location (an editable
install inside the repository), else by walking up from the working directory.
"""

from __future__ import annotations

import os
from pathlib import Path


def _looks_like_root(path: Path) -> bool:
    return (path / "_config.yml").is_file() and (path / "data").is_dir()


def project_root() -> Path:
    """Return the repository root.

    Examples
    --------
    >>> (project_root() / "_config.yml").is_file()
    True
    """
    env = os.environ.get("MMPERF_ROOT")
    if env:
        root = Path(env).resolve()
        if not _looks_like_root(root):
            raise FileNotFoundError(f"MMPERF_ROOT={env} does not hold _config.yml and data/")
        return root
    for start in (Path(__file__).resolve().parent, Path.cwd().resolve()):
        for candidate in (start, *start.parents):
            if _looks_like_root(candidate):
                return candidate
    raise FileNotFoundError(
        "cannot find the project root (a folder with _config.yml and data/); set MMPERF_ROOT"
    )


def data_dir() -> Path:
    """Folder of transcribed tables, one sub-folder per study."""
    return project_root() / "data"


def notebooks_dir() -> Path:
    """Folder of the chapter notebooks (MyST markdown) and their ``.yml`` specifications."""
    return project_root() / "notebooks"


def build_dir() -> Path:
    """Folder of generated output (executed chapters, HTML, caches); never committed."""
    return project_root() / "_build"


def default_chapter_dir(chapter: str) -> Path:
    """Where the book's default build of ``chapter`` is written."""
    return build_dir() / "chapters" / chapter


def name_max(folder: Path) -> int:
    """The longest file name (in bytes) the file system of ``folder`` (or of its nearest existing ancestor)
    allows; 255 where it cannot be asked.

    Examples
    --------
    >>> name_max(Path("/no/such/folder")) > 0
    True
    """
    for candidate in (folder, *folder.parents):
        try:
            return os.pathconf(candidate, "PC_NAME_MAX")
        except (OSError, ValueError):
            continue
    return 255
