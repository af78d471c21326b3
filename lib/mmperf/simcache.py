"""Keep expensive simulation apart from plotting.

:func:`cached` stores a simulation's result on disk. Its key (:func:`cache_key`) is made of

- the function's name;
- the *content* of its arguments (:func:`mmperf.fingerprint.value_fingerprint`: arrays and frames by their
  bytes, dtypes, shapes, index and columns; floats exactly; nested containers item by item), never their
  ``repr()``, which numpy and pandas shorten for long arrays;
- the code it runs (:func:`mmperf.fingerprint.callable_fingerprint`: its module and every project module
  it imports, transitively, and its study's data files);
- the versions of the packages it depends on (:func:`mmperf.fingerprint.dependency_versions`: Python,
  numpy, pandas and whatever the code imports, such as SciPy or Ciw).

Re-executing a notebook after restyling a figure (or editing prose) reuses the stored result; a change
to the code, the arguments or an installed version re-runs it. Results must be picklable.

The cache never stops a run. An entry that cannot be read (truncated, corrupt, unreadable) is removed
and computed again, with a one-line notice on stderr; a cache folder that cannot be used (a regular
file, read-only, not creatable) means the run goes on without a cache, said once per process.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from mmperf import fingerprint

T = TypeVar("T")

#: cache folders already reported unusable in this process (each is said once)
_REPORTED: set[str] = set()


def cache_dir() -> Path:
    """Where simulations are cached: ``$MMPERF_CACHE_DIR`` if set, else the per-user cache folder
    ``$XDG_CACHE_HOME/mmperf/simcache`` (``~/.cache/mmperf/simcache``); never inside the book's build,
    so ``mmbook run`` writes nothing there."""
    env = os.environ.get("MMPERF_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mmperf" / "simcache"


def notice(message: str) -> None:
    """One line on the process's own stderr (in a chapter's kernel: the terminal of ``mmbook run``, not the
    page)."""
    stream = sys.__stderr__ or sys.stderr
    try:
        print(f"mmperf.simcache: {message}", file=stream, flush=True)
    except (OSError, ValueError):  # no usable stderr: the notice is not worth failing the run for
        pass


def _unusable(folder: Path, why: str) -> None:
    if str(folder) not in _REPORTED:
        _REPORTED.add(str(folder))
        notice(f"cannot use the cache folder {folder} ({why}); running without the simulation cache "
               "(set MMPERF_CACHE_DIR to a writable folder)")


def usable_cache_dir(subfolder: str = "") -> Path | None:
    """The cache folder (or its ``subfolder``), created if needed, or ``None`` when it cannot be used: a
    regular file in its place, a folder that cannot be created or written. The first refusal of a folder
    is said once on stderr (:func:`notice`)."""
    folder = cache_dir() / subfolder if subfolder else cache_dir()
    if str(folder) in _REPORTED or str(cache_dir()) in _REPORTED:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        _unusable(folder, "a file is in its place")
        return None
    except OSError as exc:
        _unusable(folder, exc.strerror or str(exc))
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        _unusable(folder, "not writable")
        return None
    return folder


def cache_key(func: Callable[..., Any], kwargs: dict[str, Any]) -> str:
    """The key of a call: name, content of the arguments, code and dependency versions (module docstring).

    Examples
    --------
    >>> import numpy as np
    >>> def total(x):
    ...     return x.sum()
    >>> a, b = np.ones(2000), np.ones(2000)
    >>> b[1000] = 2.0
    >>> cache_key(total, {"x": a}) == cache_key(total, {"x": b})
    False
    """
    module = getattr(func, "__module__", None) or ""
    digest = hashlib.sha256()
    for part in (f"{module}.{getattr(func, '__qualname__', repr(func))}",
                 fingerprint.value_fingerprint(dict(kwargs)),
                 fingerprint.callable_fingerprint(func),
                 repr(fingerprint.dependency_versions(module))):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


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
    folder = usable_cache_dir()
    if folder is None:
        return func(**kwargs)
    file = folder / f"{getattr(func, '__name__', 'call')}-{cache_key(func, kwargs)}.pkl"
    found, result = _load(file)
    if found:
        return result
    result = func(**kwargs)
    _store(folder, file, result)
    return result


def _load(file: Path) -> tuple[bool, Any]:
    """``(True, result)`` from a readable entry; ``(False, None)`` when there is none, or when it cannot be
    read (truncated, corrupt, unreadable, pickled by code that no longer exists): then it is removed,
    with a one-line notice, and the call computes it again."""
    try:
        with file.open("rb") as fh:
            return True, pickle.load(fh)
    except FileNotFoundError:
        return False, None
    except Exception as exc:  # noqa: BLE001 - whatever is wrong with the entry, it is recomputed
        why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        try:
            file.unlink(missing_ok=True)
            done = "removed it"
        except OSError as err:
            done = f"could not remove it ({err.strerror})"
        notice(f"the cache entry {file} could not be read ({why[:120]}); {done} and computing it again")
        return False, None


def _store(folder: Path, file: Path, result: Any) -> None:
    """Write the entry whole or not at all (a partial file renamed into place); a failed write (full disk,
    read-only folder) leaves no partial file and means: no cache for the rest of this process."""
    partial = None
    try:
        with tempfile.NamedTemporaryFile(dir=folder, delete=False, prefix=".", suffix=".tmp") as fh:
            partial = Path(fh.name)
            pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(file)
    except BaseException as exc:
        if partial is not None:
            partial.unlink(missing_ok=True)
        if not isinstance(exc, OSError):
            raise  # a result that cannot be pickled is the caller's error, said as it is
        _unusable(folder, exc.strerror or str(exc))
