"""Keep expensive simulation apart from plotting.

:func:`cached` stores a simulation's result on disk, keyed by the function, its arguments
and the source of the whole ``mmperf`` package. Re-executing a notebook after restyling a
figure (or editing prose) reuses the stored result; any change to the library code or the
arguments re-runs the simulation. Results must be picklable (frames, dicts, arrays).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from mmperf import paths

T = TypeVar("T")


def cache_dir() -> Path:
    """``$MMPERF_CACHE_DIR`` if set, else ``_build/simcache``."""
    env = os.environ.get("MMPERF_CACHE_DIR")
    return Path(env) if env else paths.build_dir() / "simcache"


@lru_cache(maxsize=1)
def library_fingerprint() -> str:
    """Hash of every source file of the ``mmperf`` package."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for file in sorted(package.rglob("*.py")):
        digest.update(file.relative_to(package).as_posix().encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


def cache_key(func: Callable[..., Any], kwargs: dict[str, Any]) -> str:
    """Stable key of a call: function name, sorted arguments, library fingerprint."""
    text = f"{func.__module__}.{func.__qualname__}|{sorted(kwargs.items())!r}|{library_fingerprint()}"
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
