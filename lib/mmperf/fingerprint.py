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
import os
import re
import sys
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
    return _module_file_uncached(module)


def _module_file_uncached(module: str) -> Path | None:
    """The work of :func:`module_file`, undecorated (mutmut 3 mutates no decorated function)."""
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
    return _project_imports_uncached(module, file)


def _project_imports_uncached(module: str, file: Path) -> frozenset[str]:
    """The work of :func:`project_imports`, undecorated (mutmut 3 mutates no decorated function)."""
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
    return _code_fingerprint_uncached(module)


def _code_fingerprint_uncached(module: str) -> str:
    """The work of :func:`code_fingerprint`, undecorated (mutmut 3 mutates no decorated function)."""
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


# -- what a cached call depends on besides the project's code ----------------------------------------------

def imported_top_level(module: str) -> frozenset[str]:
    """The top-level names of the packages outside the project that ``module`` and the project modules it
    uses import (``numpy``, ``scipy``, ``ciw``, ...), read from their import statements.

    Examples
    --------
    >>> {"numpy", "scipy"} <= imported_top_level("mmperf.stats")
    True
    """
    return frozenset().union(*(_third_party_imports(file) for file in library_files([module])))


@cache
def _third_party_imports(file: Path) -> frozenset[str]:
    """The top-level names outside the project and the standard library that one source file imports."""
    return _third_party_imports_uncached(file)


def _third_party_imports_uncached(file: Path) -> frozenset[str]:
    """The work of :func:`_third_party_imports`, undecorated (mutmut 3 mutates no decorated function)."""
    names: set[str] = set()
    for node in _import_nodes(file.read_text(encoding="utf-8")):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return frozenset(n for n in names if not is_project_module(n) and n not in sys.stdlib_module_names)


def installed_version(top_level: str) -> str | None:
    """The installed version of the distribution that provides the import name ``top_level`` (``yaml`` ->
    PyYAML's), or ``None`` when it is not installed.

    Read from the names of the ``*.dist-info`` folders on ``sys.path`` (one listing per folder, cached):
    ``importlib.metadata`` takes a tenth of a second per lookup here, and mapping import names to
    distributions with it takes seconds, which a warm run of a chapter must not pay.

    Examples
    --------
    >>> installed_version("yaml") is not None, installed_version("no_such_package_xyz")
    (True, None)
    """
    name = _normalise(IMPORT_NAMES.get(top_level, top_level))
    return _installed_distributions().get(name)


#: import names whose distribution is called otherwise
IMPORT_NAMES = {"yaml": "PyYAML", "sklearn": "scikit-learn", "PIL": "Pillow", "dateutil": "python-dateutil",
                "mpl_toolkits": "matplotlib", "skimage": "scikit-image", "bs4": "beautifulsoup4"}


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@cache
def _installed_distributions() -> dict[str, str]:
    """Normalised distribution name -> version, from the ``NAME-VERSION.dist-info`` folders on ``sys.path``
    (the first one found wins, as for an import)."""
    return _installed_distributions_uncached()


def _installed_distributions_uncached() -> dict[str, str]:
    """The work of :func:`_installed_distributions`, undecorated (mutmut 3 mutates no decorated function)."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        for folder in names:
            if folder.endswith((".dist-info", ".egg-info")) and "-" in folder:
                dist, _, version = folder.rsplit(".", 1)[0].partition("-")
                found.setdefault(_normalise(dist), version.partition("-")[0])
    return found


#: packages every simulation may depend on without importing them itself (pickled results hold their types)
BASE_DEPENDENCIES = ("numpy", "pandas")


@cache
def dependency_versions(module: str) -> tuple[tuple[str, str], ...]:
    """The Python version and the installed version of every package outside the project that ``module``
    (and the project code it uses) imports, plus numpy and pandas, sorted: part of a cached simulation's key,
    so that upgrading Ciw or numpy re-runs what they compute.

    Examples
    --------
    >>> dict(dependency_versions("mmperf.queueing"))["python"] == ".".join(map(str, sys.version_info[:3]))
    True
    """
    return _dependency_versions_uncached(module)


def _dependency_versions_uncached(module: str) -> tuple[tuple[str, str], ...]:
    """The work of :func:`dependency_versions`, undecorated (mutmut 3 mutates no decorated function)."""
    names = set(imported_top_level(module)) | set(BASE_DEPENDENCIES) if module_file(module) else \
        set(BASE_DEPENDENCIES)
    versions = {"python": ".".join(map(str, sys.version_info[:3]))}
    for name in sorted(names):
        versions[name] = installed_version(name) or "not installed"
    return tuple(sorted(versions.items()))


def callable_fingerprint(func) -> str:
    """The code a call of ``func`` runs, as a hash: for a function of the project, :func:`code_fingerprint`
    of its module; for one outside it (a user's module, a test's), the source file of its module and the
    fingerprints of the project modules that file imports, read again at each call (such a module may be
    edited and reloaded within one process); for one without a source file (defined in a notebook), its
    compiled code.

    Examples
    --------
    >>> from mmperf.paths import data_dir
    >>> callable_fingerprint(data_dir) == code_fingerprint("mmperf.paths")
    True
    """
    import marshal

    module = getattr(func, "__module__", None) or ""
    if module_file(module) is not None:
        return code_fingerprint(module)
    digest = hashlib.sha256(module.encode())
    source = getattr(sys.modules.get(module), "__file__", None)
    if source and Path(source).is_file():
        text = Path(source).read_bytes()
        digest.update(text)
        package = module.rpartition(".")[0]
        for name in sorted(imports_in_source(text.decode("utf-8", "replace"), package)):
            if module_file(name) is not None:
                digest.update(code_fingerprint(name).encode())
    code = getattr(func, "__code__", None)
    if code is not None:
        digest.update(marshal.dumps(code))
    return digest.hexdigest()


def value_fingerprint(value) -> str:
    """A hash of a value's content, for the keys of cached calls: equal for equal content, different
    whenever one element differs.

    ``repr()`` is not such a key: numpy and pandas shorten the repr of a long array or frame (``...`` in the
    middle), so two 2,000-element arrays that differ in one middle element had the same key. Here an array
    counts by its dtype, shape and bytes; a pandas Series or DataFrame by its values, dtypes, index and
    columns; floats exactly (``float.hex``); dicts, lists, tuples, sets and dataclasses by their items;
    anything else by its pickle.

    Examples
    --------
    >>> import numpy as np
    >>> a, b = np.zeros(2000), np.zeros(2000)
    >>> b[1000] = 1e-12
    >>> repr(a) == repr(b), value_fingerprint(a) == value_fingerprint(b)
    (True, False)
    >>> value_fingerprint(0.1 + 0.2) == value_fingerprint(0.3), value_fingerprint(1) == value_fingerprint(1.0)
    (False, False)
    """
    digest = hashlib.sha256()
    _feed(digest, value)
    return digest.hexdigest()


def _feed(digest, value) -> None:
    """Add ``value`` to ``digest``, tagged with its kind, so that values of different kinds never collide."""
    import dataclasses
    import pickle

    def tag(kind: str, payload: bytes = b"") -> None:
        digest.update(kind.encode() + b"\0" + str(len(payload)).encode() + b"\0" + payload)

    if value is None or isinstance(value, bool):
        tag(repr(value))
    elif isinstance(value, int):
        tag("int", str(value).encode())
    elif isinstance(value, float):
        tag("float", value.hex().encode())
    elif isinstance(value, complex):
        tag("complex", f"{value.real.hex()},{value.imag.hex()}".encode())
    elif isinstance(value, str):
        tag("str", value.encode("utf-8", "surrogatepass"))
    elif isinstance(value, bytes | bytearray):
        tag("bytes", bytes(value))
    elif isinstance(value, list | tuple):
        tag(type(value).__name__, str(len(value)).encode())
        for item in value:
            _feed(digest, item)
    elif isinstance(value, dict):
        tag("dict", str(len(value)).encode())
        for key, item in sorted(value.items(), key=lambda kv: value_fingerprint(kv[0])):
            _feed(digest, key)
            _feed(digest, item)
    elif isinstance(value, set | frozenset):
        tag(type(value).__name__, "".join(sorted(value_fingerprint(v) for v in value)).encode())
    elif _is_numpy(value):
        _feed_numpy(digest, tag, value)
    elif _is_pandas(value):
        _feed_pandas(digest, tag, value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        tag("dataclass", f"{type(value).__module__}.{type(value).__qualname__}".encode())
        for f in dataclasses.fields(value):
            _feed(digest, f.name)
            _feed(digest, getattr(value, f.name))
    elif isinstance(value, Path):
        tag("path", str(value).encode())
    else:
        try:
            payload = pickle.dumps(value, protocol=5)
        except Exception as exc:  # noqa: BLE001 - any failure means: this value cannot be a key
            raise TypeError(f"cannot fingerprint an argument of type {type(value).__name__} ({exc}); pass "
                            "numbers, strings, containers, numpy arrays or pandas objects") from None
        tag(f"pickle:{type(value).__module__}.{type(value).__qualname__}", payload)


def _is_numpy(value) -> bool:
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.ndarray | numpy.generic)


def _is_pandas(value) -> bool:
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(value, pandas.DataFrame | pandas.Series | pandas.Index)


def _feed_numpy(digest, tag, value) -> None:
    import numpy as np

    array = np.asarray(value)
    if array.dtype.hasobject:  # object arrays: element by element (their bytes are pointers)
        tag("ndarray[object]", str(array.shape).encode())
        for item in array.ravel().tolist():
            _feed(digest, item)
        return
    tag("ndarray", f"{array.dtype.str}|{array.shape}".encode())
    tag("data", np.ascontiguousarray(array).tobytes())


def _feed_pandas(digest, tag, value) -> None:
    import pandas as pd

    if isinstance(value, pd.Index):
        tag(f"index:{type(value).__name__}", f"{value.dtype}|{value.names}".encode())
        _feed(digest, value.to_numpy())
    elif isinstance(value, pd.Series):
        tag("series", f"{value.dtype}|{value.name!r}".encode())
        _feed(digest, value.index)
        _feed(digest, value.to_numpy())
    else:
        tag("frame", str(value.shape).encode())
        _feed(digest, value.columns)
        _feed(digest, value.index)
        for column in range(value.shape[1]):
            _feed(digest, value.iloc[:, column])
