"""One parallel map for every study: independent seeded runs in worker processes.

Each task carries its own seed, so results do not depend on the number of workers; results come
back in task order. Processes, never threads: Ciw draws from the global ``random`` module, which
threads would share.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    """``$MMPERF_WORKERS`` if set, else the number of cores this process may use."""
    env = os.environ.get("MMPERF_WORKERS")
    if env:
        return max(1, int(env))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def pmap(func: Callable[[T], R], tasks: Iterable[T], workers: int | None = None, progress: bool = False,
         label: str = "runs") -> list[R]:
    """``[func(t) for t in tasks]``, in worker processes when ``workers > 1``.

    ``func`` must be a module-level function (it is pickled) and its results picklable (plain
    numbers, arrays, frames, dicts - never Ciw objects). ``progress`` shows a plain-text bar.

    Examples
    --------
    >>> pmap(abs, [-1, 2, -3], workers=1)
    [1, 2, 3]
    """
    items = list(tasks)
    workers = default_workers() if workers is None else max(1, workers)
    bar = None
    if progress:
        from tqdm import tqdm  # plain text: no widget needed inside papermill

        bar = tqdm(total=len(items), desc=label, unit="run", mininterval=5.0)
    results: list[Any] = []
    try:
        if workers == 1 or len(items) < 2:
            for item in items:
                results.append(func(item))
                if bar:
                    bar.update(1)
        else:
            with ProcessPoolExecutor(max_workers=min(workers, len(items))) as pool:
                for out in pool.map(func, items, chunksize=1):
                    results.append(out)
                    if bar:
                        bar.update(1)
    finally:
        if bar:
            bar.close()
    return results
