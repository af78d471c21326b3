"""Fingerprints of the project's code and data: what a cached result depends on.

One place answers "which project files does this module (or this chapter) depend on?", for the
simulation cache (:mod:`mmperf.simcache`, keyed by :func:`code_fingerprint`) and for the book's build,
which re-executes a chapter only when :func:`chapter_cache_key` changes. Dependencies are found by
reading import statements, never by importing: a key computation must not load numpy, Ciw or Matplotlib.

The project's packages are the three layers under ``lib/``: ``mmperf`` (the science library),
``mmstudies`` (one package per study) and ``mmbook`` (the book engine).
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from mmperf import paths

#: the project's own top-level packages, each a folder under ``lib/``
PROJECT_PACKAGES = ("mmperf", "mmstudies", "mmbook")
LIB_DIR = Path(__file__).resolve().parent.parent

#: an import statement on its own lines (a parenthesised list may continue over several)
_IMPORT_STATEMENT = re.compile(r"^[ \t]*(?:from[ \t]+[.\w]+[ \t]+import[ \t]+(?:\([^)]*\)|[^\n]*)|import[ \t]+[^\n]+)",
                               re.M)


def is_project_module(name: str) -> bool:
    """Whether a dotted module name belongs to one of the project's packages.

    Examples
    --------
    >>> is_project_module("mmstudies.huynh.model"), is_project_module("numpy")
    (True, False)
    """
    return name.split(".")[0] in PROJECT_PACKAGES


@cache
def module_file(module: str) -> Path | None:
    """The source file of a project module, found by its path (importing it to ask would load numpy,
    Ciw and the rest, which a key computation must not pay for).

    Examples
    --------
    >>> module_file("mmperf.queueing").name, module_file("mmstudies.huynh").name
    ('queueing.py', '__init__.py')
    >>> module_file("numpy") is None
    True
    """
    parts = module.split(".")
    if parts[0] not in PROJECT_PACKAGES:
        return None
    target = LIB_DIR.joinpath(*parts)
    if parts[1:] and target.with_suffix(".py").is_file():
        return target.with_suffix(".py")
    if (target / "__init__.py").is_file():
        return target / "__init__.py"
    return None


def _import_nodes(source: str) -> list[ast.stmt]:
    """The import statements of a module's source, parsed one by one (parsing only them is many times
    faster than parsing the whole module; a line that only looks like one is skipped)."""
    nodes = []
    for match in _IMPORT_STATEMENT.finditer(source):
        try:
            nodes.extend(ast.parse(match.group(0).strip()).body)
        except SyntaxError:
            continue
    return nodes


def imports_in_source(source: str, package: str = "") -> set[str]:
    """The project modules that ``source`` imports (``from pkg import name`` counts ``pkg`` and
    ``pkg.name``, since ``name`` may be a module). ``package`` resolves relative imports.

    Examples
    --------
    >>> sorted(imports_in_source("from mmperf import stats\\nimport numpy"))
    ['mmperf', 'mmperf.stats']
    """
    names: set[str] = set()
    for node in _import_nodes(source):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if is_project_module(a.name))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative import: resolve against this module's package
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            if is_project_module(base):
                names.add(base)
                names.update(f"{base}.{a.name}" for a in node.names)
    return names


@cache
def project_imports(module: str, file: Path) -> frozenset[str]:
    """The project modules that ``module`` (whose source is ``file``) imports directly."""
    package = module if file.name == "__init__.py" else module.rpartition(".")[0]
    return frozenset(imports_in_source(file.read_text(encoding="utf-8"), package))


def library_files(modules: Iterable[str]) -> list[Path]:
    """The source files of ``modules`` and of every project module they import, transitively
    (a study package counts with all its modules, which may load lazily).

    Examples
    --------
    >>> sorted(p.name for p in library_files(["mmperf.queueing"]))
    ['queueing.py', 'stats.py']
    """
    seen: set[str] = set()
    files: set[Path] = set()
    todo = sorted(modules)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        file = module_file(name)
        if file is None:
            continue
        files.add(file)
        todo.extend(sorted(project_imports(name, file) - seen))
        if file.name == "__init__.py" and name.startswith("mmstudies.") and name.count(".") == 1:
            todo.extend(f"{name}.{sub.stem}" for sub in sorted(file.parent.glob("*.py")))
        files.update(module_data(file))
    return sorted(files)


def module_data(file: Path) -> list[Path]:
    """The data file a module keeps beside itself under its own name (``checks.py`` reads ``checks.yml``).

    Examples
    --------
    >>> [p.name for p in module_data(module_file("mmstudies.zeadally.checks"))]
    ['checks.yml']
    >>> module_data(module_file("mmstudies.zeadally.model"))
    []
    """
    data = file.with_suffix(".yml")
    return [data] if file.name != "__init__.py" and data.is_file() else []


def study_data_files(module: str) -> list[Path]:
    """The data files a study module may read: its study's folder, ``data/<study>/``.

    The study is the package's name (``mmstudies.huynh.experiments`` -> ``huynh``) or its first word
    (``mmstudies.claypool_jitter`` -> ``claypool``). A module outside ``mmstudies`` (or a study with no
    folder) depends on every data file, to be safe.

    Examples
    --------
    >>> {p.parent.name for p in study_data_files("mmstudies.zeadally")}
    {'zeadally'}
    """
    data = paths.data_dir()
    parts = module.split(".")
    folders = []
    if len(parts) >= 2 and parts[0] == "mmstudies":
        for candidate in (parts[1], parts[1].split("_")[0]):
            if (data / candidate).is_dir():
                folders = [data / candidate]
                break
    if not folders:
        folders = [data] if data.is_dir() else []
    return sorted(f for folder in folders for f in folder.rglob("*") if f.is_file())


@cache
def code_fingerprint(module: str) -> str:
    """Hash of a module's source, of every project module it imports (transitively) and of its study's
    data files: a simulation is re-run when its own code, the library code it uses or its data change.

    Examples
    --------
    >>> len(code_fingerprint("mmperf.queueing"))
    64
    """
    digest = hashlib.sha256()
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        file = module_file(name)
        if name in seen or file is None:
            continue
        seen.add(name)
        digest.update(name.encode())
        digest.update(file.read_bytes())
        todo.extend(sorted(project_imports(name, file) - seen))
    for file in study_data_files(module):
        digest.update(file.relative_to(paths.data_dir()).as_posix().encode())
        digest.update(file.read_bytes())
    for file in sorted({f for name in seen for f in module_data(module_file(name))}):
        digest.update(file.name.encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


#: modules every chapter's output depends on, whatever its notebook imports (the engine writes the page
#: around the notebook; checks and tables shape the scorecard)
CORE_MODULES = ("mmbook.runner", "mmbook.standalone", "mmbook.chapter", "mmperf.checks", "mmperf.tables",
                "mmbook.params", "mmperf.plotting", "mmperf.data", "mmperf.paths")


def notebook_imports(notebook: Path) -> set[str]:
    """The project modules a MyST notebook's code cells import directly.

    Examples
    --------
    >>> "mmbook.chapter" in notebook_imports(paths.notebooks_dir() / "zeadally.md")
    True
    """
    names: set[str] = set()
    for block in re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", notebook.read_text(encoding="utf-8"), re.S):
        code = "\n".join(line for line in block.splitlines() if not line.startswith((":", "%", "!")))
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names if is_project_module(a.name))
            elif isinstance(node, ast.ImportFrom) and is_project_module(node.module or ""):
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def files_digest(files: Iterable[Path], root: Path) -> str:
    """One hash over files' names (relative to ``root``) and contents; a missing file counts as such."""
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.relative_to(root).as_posix().encode() if file.is_relative_to(root) else file.name.encode())
        digest.update(file.read_bytes() if file.is_file() else b"<missing>")
    return digest.hexdigest()


def chapter_cache_key(spec) -> str:
    """Hash of everything a chapter's default output depends on: its notebook and specification, the
    project modules it imports (transitively) and the core modules, its data folders and the pinned
    dependencies. Editing one study's model re-executes only the chapters that import it.

    ``spec`` is a chapter specification (:class:`mmbook.params.ChapterSpec`): anything with a
    ``notebook`` path and a ``data`` list of study folders.
    """
    root = paths.project_root()
    files = [spec.notebook, spec.notebook.with_suffix(".yml"), root / "requirements.lock", root / "pyproject.toml"]
    files += library_files(notebook_imports(spec.notebook) | set(CORE_MODULES))
    for study in spec.data:
        files += sorted(p for p in (root / "data" / study).rglob("*") if p.is_file())
    return files_digest(files, root)
