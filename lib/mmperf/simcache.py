"""Keep expensive simulation apart from plotting.

:func:`cached` stores a simulation's result on disk, keyed by the function, its arguments
and the source of the function's module and of the ``mmperf`` modules it imports. Re-executing
a notebook after restyling a figure (or editing prose) reuses the stored result; a change to the
code the simulation runs, or to its arguments, re-runs it. Results must be picklable (frames, dicts, arrays).
"""

from __future__ import annotations

import ast
import hashlib
import os
import pickle
import re
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from mmperf import paths

T = TypeVar("T")


def cache_dir() -> Path:
    """Where simulations are cached: ``$MMPERF_CACHE_DIR`` if set, else the per-user cache folder
    ``$XDG_CACHE_HOME/mmperf/simcache`` (``~/.cache/mmperf/simcache``); never inside the book's build,
    so ``mmbook run`` writes nothing there."""
    env = os.environ.get("MMPERF_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mmperf" / "simcache"


@cache
def _module_file(module: str) -> Path | None:
    """The source file of an ``mmperf`` module, found by its path (importing it to ask would load numpy,
    Ciw and the rest, which a cache-key computation must not pay for)."""
    parts = module.split(".")
    if parts[0] != "mmperf":
        return None
    target = Path(__file__).resolve().parent.joinpath(*parts[1:])
    if parts[1:] and target.with_suffix(".py").is_file():
        return target.with_suffix(".py")
    if (target / "__init__.py").is_file():
        return target / "__init__.py"
    return None


#: an import statement on its own lines (a parenthesised list may continue over several)
_IMPORT_STATEMENT = re.compile(r"^[ \t]*(?:from[ \t]+[.\w]+[ \t]+import[ \t]+(?:\([^)]*\)|[^\n]*)|import[ \t]+[^\n]+)",
                               re.M)


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


@cache
def _mmperf_imports(module: str, file: Path) -> frozenset[str]:
    is_package = file.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in _import_nodes(file.read_text(encoding="utf-8")):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith("mmperf"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative import: resolve against this module's package
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            if base.startswith("mmperf"):
                names.add(base)
                names.update(f"{base}.{a.name}" for a in node.names)  # `from mmperf import queueing`
    return frozenset(names)


@cache
def code_fingerprint(module: str) -> str:
    """Hash of a module's source and of every ``mmperf`` module it imports, transitively.

    A simulation is re-run when its own code or the library code it uses changes, and only then.
    """
    digest = hashlib.sha256()
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        file = _module_file(name)
        if name in seen or file is None:
            continue
        seen.add(name)
        digest.update(name.encode())
        digest.update(file.read_bytes())
        todo.extend(sorted(_mmperf_imports(name, file) - seen))
    # Models read transcribed data, so their study's data files are part of what a simulation depends on.
    for file in study_data_files(module):
        digest.update(file.relative_to(paths.data_dir()).as_posix().encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


def study_data_files(module: str) -> list[Path]:
    """The data files a model module may read: its study's folder, ``data/<study>/``.

    The study is the model package's name (``mmperf.models.huynh.experiments`` -> ``huynh``) or its
    first word (``mmperf.models.claypool_jitter`` -> ``claypool``). A module outside ``mmperf.models``
    (or a study with no folder) depends on every data file, to be safe.

    Examples
    --------
    >>> {p.parent.name for p in study_data_files("mmperf.models.zeadally")}
    {'zeadally'}
    """
    data = paths.data_dir()
    parts = module.split(".")
    folders = []
    if len(parts) >= 3 and parts[:2] == ["mmperf", "models"]:
        package = parts[2]
        for candidate in (package, package.split("_")[0]):
            if (data / candidate).is_dir():
                folders = [data / candidate]
                break
    if not folders:
        folders = [data] if data.is_dir() else []
    return sorted(f for folder in folders for f in folder.rglob("*") if f.is_file())


def cache_key(func: Callable[..., Any], kwargs: dict[str, Any]) -> str:
    """Stable key of a call: function name, sorted arguments, fingerprint of the code it runs."""
    text = f"{func.__module__}.{func.__qualname__}|{sorted(kwargs.items())!r}|{code_fingerprint(func.__module__)}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cached(func: Callable[..., T], /, **kwargs: Any) -> T:
    """Call ``func(**kwargs)``, or return the stored result of the same call.

    Examples
    --------
    >>> import os, tempfile
    >>> os.environ["MMPERF_CACHE_DIR"] = tempfile.mkdtemp()
    >>> def square(x):
    ...     return x * x
    >>> cached(square, x=3), cached(square, x=3)
    (9, 9)
    >>> del os.environ["MMPERF_CACHE_DIR"]
    """
    if os.environ.get("MMPERF_NO_SIMCACHE"):
        return func(**kwargs)
    folder = cache_dir()
    file = folder / f"{getattr(func, '__name__', 'call')}-{cache_key(func, kwargs)}.pkl"
    if file.is_file():
        with file.open("rb") as fh:
            return pickle.load(fh)
    result = func(**kwargs)
    folder.mkdir(parents=True, exist_ok=True)
    # Write then rename, so an interrupted run never leaves a truncated cache entry.
    with tempfile.NamedTemporaryFile(dir=folder, delete=False, suffix=".tmp") as fh:
        pickle.dump(result, fh)
    Path(fh.name).replace(file)
    return result
