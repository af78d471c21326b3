"""Small per-user caches of the engine (the converted notebook, the run box), keyed by content."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def user_cached(folder: str, stem: str, suffix: str, parts: list[bytes], write) -> bytes:
    """The content of ``<per-user cache>/<folder>/<stem>-<hash of parts><suffix>``, made by ``write(path)``
    the first time (into a partial file moved into place: whole or not at all, so a concurrent run never
    reads half a file). The cache is the simulation cache's folder (:func:`mmperf.simcache.cache_dir`);
    where it cannot be used (said once by :func:`mmperf.simcache.usable_cache_dir`), or cannot be written,
    the file is made in a temporary folder and not kept."""
    import hashlib

    from mmperf.simcache import usable_cache_dir

    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    name = f"{stem}-{digest.hexdigest()[:40]}{suffix}"
    home = usable_cache_dir(folder)
    if home is not None and (home / name).is_file():
        return (home / name).read_bytes()
    if home is not None:
        partial = home / f".{name}.{os.getpid()}"
        try:
            write(partial)
            os.replace(partial, home / name)
            return (home / name).read_bytes()
        except OSError:  # a full or read-only cache: made again below, without it
            partial.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="mmbook-") as scratch:
        made = Path(scratch) / name
        write(made)
        return made.read_bytes()
