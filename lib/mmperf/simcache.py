"""Keep expensive simulation apart from plotting.

:func:`cached` stores a simulation's result on disk, keyed by the function, its arguments
and the source of the function's module and of the ``mmperf`` modules it imports. Re-executing
a notebook after restyling a figure (or editing prose) reuses the stored result; a change to the
code the simulation runs, or to its arguments, re-runs it. Results must be picklable (frames, dicts, arrays).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from mmperf.fingerprint import code_fingerprint

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
