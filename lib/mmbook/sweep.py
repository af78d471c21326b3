"""Parameter sweeps: many runs of one chapter, on this machine or on a Dask cluster, with the same numbers.

A sweep is a list of points (parameter overrides). :func:`grid_points` makes the Cartesian product
of ``--grid NAME=V1,V2,...`` options (each value read by the parameter's own rule; a value listed
twice is refused); :func:`sample_points` draws a Latin hypercube over the ranges of the parameters
named with ``--vary NAME[=LOW:HIGH]``. Every point is validated with the chapter's own rules before
anything runs.

Each point is an ordinary chapter run (``mmbook run``) in its own process and its own kernel, so its
random numbers are isolated (Ciw draws from the global ``random`` module: points never share a
process). A chapter with a ``seed`` parameter gets, at every point, a seed derived from the base seed
(``--seed``, default the chapter's default seed) and the point's parameters (:func:`point_seed`, a
numpy ``SeedSequence`` mapped into the chapter's declared range of ``seed``), so results depend
neither on the order of the points nor on the number of workers.

Locally, ``--workers N`` runs N points at a time. With ``--scheduler ADDRESS`` the same points run on
an existing Dask distributed cluster: each task carries the chapter's notebook and specification and
returns the run folder as a zip, so the workers need the same environment and a checkout of the
repository (for the library and the data) but no shared file system.

Every check of the options (the scheduler answers, the workers, the base seed, the metrics to plot,
the output folder) happens before anything is written or run. SIGINT or SIGTERM stops the running
points within seconds (locally and on the cluster's workers), keeps every finished point in
``manifest.jsonl`` and raises :class:`SweepInterrupted`; ``--resume`` then runs exactly the missing
points. A resume whose points differ from the earlier sweep's is refused (``--force`` runs the new
points and keeps the earlier ones: rows are never dropped).

Output in ``DIR``: ``points/<id>/`` (each a normal run folder), ``sweep.json`` (how the points were
chosen, and their ids), ``manifest.jsonl`` (one line per finished point: parameters, seed, status,
duration, package versions, failing cell and error), ``results.csv`` (one row per point: the point id,
parameter columns, then metric columns; sorted by point id, so byte-identical however the points were
run) and ``index.html`` (failures and plots).
"""

from __future__ import annotations

import base64
import hashlib
import io
import itertools
import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import zipfile
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mmbook import params as params_mod
from mmperf import paths

#: packages whose versions each manifest line records
VERSIONED = ("mmperf", "ciw", "numpy", "scipy", "pandas", "statsmodels", "papermill", "matplotlib")
#: messages of kernel start races under parallel papermill, worth a bounded retry
TRANSIENT = ("address already in use", "kernel didn't respond", "kernel died before replying",
             "timeout waiting for kernel", "zmqerror")
RETRIES = 3
#: the largest derived seed of a chapter whose ``seed`` has no declared maximum (2**31 - 2: accepted by
#: ``random.seed``, numpy's legacy ``RandomState`` and ``default_rng`` alike, with room for ``seed + i``)
SEED_CEILING = 2**31 - 2
#: the largest ``--seed`` of a chapter without a ``seed`` parameter (it seeds only the Latin hypercube)
HYPERCUBE_SEED_MAX = 2**32 - 1
#: seconds a stopped point gets between SIGTERM and SIGKILL (to its whole process group)
STOP_GRACE_S = 3.0
#: seconds to wait for a Dask scheduler to answer before the sweep is refused
CONNECT_TIMEOUT_S = 5.0
#: the longest file or folder name most file systems allow (NAME_MAX), in bytes
NAME_MAX = 255
#: the file that records how a sweep's points were chosen (for --resume)
PLAN_FILE = "sweep.json"
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


class SweepError(ValueError):
    """A sweep that cannot start: a bad grid, range, point, option or output folder (exit status 2)."""


class SweepInterrupted(BaseException):  # noqa: N818 - like KeyboardInterrupt, not an error of the input
    """A sweep stopped by SIGINT or SIGTERM; its finished points are kept.

    ``exit_status`` is 128 + the signal's number (130 for SIGINT, 143 for SIGTERM); ``str()`` is the
    one line to show.
    """

    def __init__(self, signum: int, kept: int, total: int, output: Path) -> None:
        name = signal.Signals(signum).name
        super().__init__(f"interrupted by {name}: {kept} of {total} points finished and are kept in "
                         f"{output / 'manifest.jsonl'}; add --resume to the same command to run the other "
                         f"{total - kept}")
        self.exit_status = 128 + signum
        self.kept = kept


@dataclass
class Point:
    """One run of a sweep: its overrides (what the sweep set) and its identity."""

    overrides: dict[str, Any]
    point_id: str = ""
    seed: int | None = None
    values: dict[str, Any] = field(default_factory=dict)


# -- making the points -------------------------------------------------------------------------------

def parse_grid(option: str) -> tuple[str, list[str]]:
    """``NAME=V1,V2,...`` -> (NAME, [V1, V2, ...]); an empty item is refused.

    Examples
    --------
    >>> parse_grid("frame_rate_fps=15, 25,30")
    ('frame_rate_fps', ['15', '25', '30'])
    """
    name, sep, values = option.partition("=")
    items = [v.strip() for v in values.split(",")]
    if not sep or not name.strip() or not values.strip():
        raise SweepError(f"--grid {option!r}: expected NAME=V1,V2,... (e.g. --grid frame_rate_fps=15,25,30)")
    if "" in items:
        raise SweepError(f"--grid {option!r}: an empty value between commas; list each value once, "
                         "e.g. --grid frame_rate_fps=15,25,30")
    return name.strip(), items


def parse_vary(option: str) -> tuple[str, tuple[float, float] | None]:
    """``NAME`` or ``NAME=LOW:HIGH`` -> (NAME, None or (LOW, HIGH)).

    Examples
    --------
    >>> parse_vary("background_load=0:0.3"), parse_vary("seed")
    (('background_load', (0.0, 0.3)), ('seed', None))
    """
    name, sep, rng = option.partition("=")
    if not sep:
        return name.strip(), None
    low, colon, high = rng.partition(":")
    try:
        bounds = (float(low), float(high))
    except ValueError:
        bounds = None
    if not colon or bounds is None or not all(math.isfinite(b) for b in bounds):
        raise SweepError(f"--vary {option!r}: expected NAME or NAME=LOW:HIGH (e.g. --vary load=0:0.3)")
    return name.strip(), bounds


def typed_grids(spec: params_mod.ChapterSpec, grids: list[tuple[str, list[Any]]]) -> list[tuple[str, list[Any]]]:
    """Each ``--grid`` value read by its parameter's own rule; a value that reads the same as another
    (``230``, ``230.0`` and ``2.3e2``) is refused, so no point runs twice.

    Examples
    --------
    >>> from mmbook.params import ChapterSpec, ParamSpec
    >>> spec = ChapterSpec("d", "D", 1, None, (), {"rate": ParamSpec("rate", "float", 1.0, help="h", min=0)})
    >>> typed_grids(spec, [("rate", ["1", "2.5"])])
    [('rate', [1.0, 2.5])]
    >>> typed_grids(spec, [("rate", ["230", "2.3e2"])])
    Traceback (most recent call last):
    ...
    mmbook.sweep.SweepError: --grid rate: 230.0 is listed 2 times ('230', '2.3e2'); list each value once
    """
    names = [n for n, _ in grids]
    _known(spec, names)
    typed = []
    for name, values in grids:
        param = spec.parameters[name]
        read = []
        for value in values:
            try:
                read.append(param.coerce(value))
            except params_mod.ParameterError as exc:
                raise SweepError(f"--grid {name}: {exc}") from None
        for value in read:
            same = [raw for raw, v in zip(values, read, strict=True) if _canonical(v) == _canonical(value)]
            if len(same) > 1:
                raise SweepError(f"--grid {name}: {value!r} is listed {len(same)} times "
                                 f"({', '.join(repr(str(s)) for s in same)}); list each value once")
        typed.append((name, read))
    return typed


def grid_points(spec: params_mod.ChapterSpec, grids: list[tuple[str, list[Any]]],
                fixed: dict[str, Any]) -> list[Point]:
    """The Cartesian product of the grids (values read by :func:`typed_grids`), each point on top of
    ``fixed``."""
    names = [n for n, _ in grids]
    _known(spec, names + list(fixed))
    duplicated = sorted({n for n in names if names.count(n) > 1} | (set(names) & set(fixed)))
    if duplicated:
        raise SweepError(f"parameter {duplicated[0]!r} is given twice (in --grid and -p/-f, or in two --grid)")
    grids = typed_grids(spec, grids)
    return [Point({**fixed, **dict(zip(names, combo, strict=True))})
            for combo in itertools.product(*[values for _, values in grids])]


def sample_points(spec: params_mod.ChapterSpec, vary: list[tuple[str, tuple[float, float] | None]], n: int,
                  fixed: dict[str, Any], seed: int = 0) -> list[Point]:
    """``n`` points of a Latin hypercube over the ranges of the varied (numeric) parameters."""
    from scipy.stats import qmc

    if n < 1:
        raise SweepError(f"--sample {n}: expected a whole number >= 1")
    if not 0 <= seed <= HYPERCUBE_SEED_MAX:
        raise SweepError(f"--seed {seed}: expected a whole number with 0 <= value <= {HYPERCUBE_SEED_MAX:,}")
    names = [name for name, _ in vary]
    _known(spec, names + list(fixed))
    duplicated = sorted({n for n in names if names.count(n) > 1} | (set(names) & set(fixed)))
    if duplicated:
        raise SweepError(f"parameter {duplicated[0]!r} is given twice (in --vary and -p/-f, or in two --vary)")
    bounds = []
    for name, rng in vary:
        p = spec.parameters[name]
        if p.type not in ("float", "int"):
            raise SweepError(f"--vary {name}: only numeric parameters can be sampled ({name} is {p.type})")
        low, high = rng if rng else (p.min, p.max)
        if low is None or high is None or not low < high:
            raise SweepError(f"--vary {name}: give a range NAME=LOW:HIGH ({name} allows {p.allowed()})")
        bounds.append((name, p, float(low), float(high)))
    unit = qmc.LatinHypercube(d=len(bounds), seed=seed).random(n)
    points = []
    for row in unit:
        values = {}
        for (name, p, low, high), u in zip(bounds, row, strict=True):
            x = low + u * (high - low)
            values[name] = int(round(x)) if p.type == "int" else float(f"{x:.6g}")
        points.append(Point({**fixed, **values}))
    return points


def _known(spec: params_mod.ChapterSpec, names: list[str]) -> None:
    unknown = [n for n in names if n not in spec.parameters]
    if unknown:
        raise SweepError(f"chapter {spec.name!r} has no parameter {unknown[0]!r}; its parameters are: "
                         f"{', '.join(spec.parameters)}")


def seed_range(spec: params_mod.ChapterSpec, seed_parameter: str = "seed") -> tuple[int, int] | None:
    """The whole numbers the chapter's ``seed`` allows, ``(low, high)``; ``None`` without a seed.

    A seed without a declared maximum is kept at most :data:`SEED_CEILING`.

    Examples
    --------
    >>> from mmbook.params import ChapterSpec, ParamSpec
    >>> seed = ParamSpec("seed", "int", 1, help="h", min=0, max=1_000_000)
    >>> seed_range(ChapterSpec("d", "D", 1, None, (), {"seed": seed}))
    (0, 1000000)
    >>> seed_range(ChapterSpec("d", "D", 1, None, (), {}))
    """
    p = spec.parameters.get(seed_parameter)
    if p is None or p.type != "int":
        return None
    low = 0 if p.min is None else math.floor(p.min) + 1 if p.min_exclusive else math.ceil(p.min)
    high = SEED_CEILING if p.max is None else math.ceil(p.max) - 1 if p.max_exclusive else math.floor(p.max)
    return max(low, 0), min(high, SEED_CEILING)


def point_seed(base_seed: int, overrides: dict[str, Any], low: int = 0, high: int = SEED_CEILING) -> int:
    """A seed for one point in ``low..high``, from the base seed and the point's own parameters (not its
    position, not the number of workers).

    Examples
    --------
    >>> point_seed(1, {"a": 1, "b": 2}) == point_seed(1, {"b": 2, "a": 1})
    True
    >>> point_seed(1, {"a": 1}) != point_seed(2, {"a": 1})
    True
    >>> 0 <= point_seed(1, {"a": 1}, 0, 1_000_000) <= 1_000_000
    True
    """
    import numpy as np

    digest = hashlib.sha256(_canonical(overrides).encode()).digest()
    words = [int.from_bytes(digest[i:i + 4], "little") for i in range(0, 16, 4)]
    state = int(np.random.SeedSequence([int(base_seed), *words]).generate_state(1, dtype=np.uint64)[0])
    return low + state % (high - low + 1)


def base_seed(spec: params_mod.ChapterSpec, given: int | None, fixed: dict[str, Any],
              seed_parameter: str = "seed") -> int:
    """The sweep's base seed: ``--seed`` if given (checked against the chapter's range of ``seed``), else
    the chapter's default seed (0 for a chapter without one).

    Raises
    ------
    SweepError
        naming ``--seed`` and the whole numbers allowed.
    """
    allowed = seed_range(spec, seed_parameter)
    if given is None:
        return int(spec.parameters[seed_parameter].default) if allowed else 0
    if seed_parameter in fixed:
        raise SweepError(f"--seed and -p/-f {seed_parameter} are both given: -p {seed_parameter} runs every point "
                         f"with that one seed, --seed derives a seed per point; give one of them")
    if allowed is None:
        if not 0 <= given <= HYPERCUBE_SEED_MAX:
            raise SweepError(f"--seed {given}: expected a whole number with 0 <= value <= {HYPERCUBE_SEED_MAX:,} "
                             f"(it seeds the Latin hypercube; {spec.name} has no seed parameter)")
        return given
    low, high = allowed
    if not low <= given <= high:
        raise SweepError(f"--seed {given}: expected a whole number with {low:,} <= value <= {high:,} "
                         f"(the range of {spec.name}'s parameter {seed_parameter!r})")
    return given


def _canonical(values: Any) -> str:
    return json.dumps(values, sort_keys=True, default=str)


def prepare(spec: params_mod.ChapterSpec, points: list[Point], seed_parameter: str = "seed",
            base: int | None = None) -> list[Point]:
    """Validate every point (before anything runs), derive its seed and its id.

    Each point's overrides are first read by their parameters' own rules, so ``230`` and ``230.0`` are the
    same point with the same seed. The seed lies in the chapter's range of ``seed``.

    Raises
    ------
    SweepError
        naming the first invalid point and why, or two points with the same parameters.
    """
    allowed = seed_range(spec, seed_parameter)
    if base is None:
        base = base_seed(spec, None, {}, seed_parameter)
    for i, point in enumerate(points):
        try:
            typed = {k: spec.parameters[k].coerce(v) if k in spec.parameters else v
                     for k, v in point.overrides.items()}
            overrides = dict(typed)
            if allowed and seed_parameter not in overrides:
                point.seed = point_seed(base, typed, *allowed)
                overrides[seed_parameter] = point.seed
            elif allowed:
                point.seed = spec.parameters[seed_parameter].coerce(overrides[seed_parameter])
            point.values = spec.resolve(overrides)
        except params_mod.ParameterError as exc:
            raise SweepError(f"point {i + 1} ({_canonical(point.overrides)}) is not valid: {exc}") from None
        point.overrides = {k: point.values[k] for k in overrides}  # typed, as the chapter reads them
        point.point_id = hashlib.sha256(_canonical(point.values).encode()).hexdigest()[:12]
    ids = [p.point_id for p in points]
    if len(set(ids)) != len(ids):
        raise SweepError("two points of the sweep have the same parameters; list each value once")
    return points


# -- checking the options before anything runs ---------------------------------------------------------

def max_workers() -> int:
    """The most points a local sweep runs at once: the cores of this machine (``os.cpu_count()``).

    Each point is a process of its own (and its kernel draws figures on the spare cores), so more would
    only queue for the processors and the memory.
    """
    return max(1, os.cpu_count() or 1)


def check_workers(workers: int | None, scheduler: str | None) -> None:
    """Refuse ``--workers`` outside 1..:func:`max_workers`, or given with ``--scheduler``.

    Examples
    --------
    >>> check_workers(1, None)
    >>> check_workers(0, None)
    Traceback (most recent call last):
    ...
    mmbook.sweep.SweepError: --workers 0: expected a whole number from 1 to ... (the cores of this machine; each point is a process of its own)
    """
    if workers is None:
        return
    if scheduler:
        raise SweepError(f"--workers {workers}: with --scheduler the cluster's workers run the points; leave "
                         "--workers out and start each `dask worker` with --nworkers N")
    if not 1 <= workers <= max_workers():
        raise SweepError(f"--workers {workers}: expected a whole number from 1 to {max_workers()} (the cores of "
                         "this machine; each point is a process of its own)")


def parse_scheduler(address: str) -> tuple[str, int]:
    """``tcp://HOST:PORT`` (or ``tls://``, ``ws://``, ``wss://``, ``ucx://``) -> (HOST, PORT).

    Examples
    --------
    >>> parse_scheduler("tcp://127.0.0.1:8786")
    ('127.0.0.1', 8786)
    >>> parse_scheduler("not a url")
    Traceback (most recent call last):
    ...
    mmbook.sweep.SweepError: --scheduler 'not a url': expected a Dask scheduler address tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786, as `dask scheduler` prints it)
    """
    bad = SweepError(f"--scheduler {address!r}: expected a Dask scheduler address tcp://HOST:PORT "
                     "(e.g. tcp://10.0.0.5:8786, as `dask scheduler` prints it)")
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        raise bad from None
    if parts.scheme not in SCHEMES or not parts.hostname or port is None or parts.path not in ("", "/") \
            or parts.query or parts.fragment or any(c.isspace() for c in address):
        raise bad
    return parts.hostname, port


def check_scheduler(address: str, timeout: float = CONNECT_TIMEOUT_S) -> None:
    """Refuse a scheduler address that is malformed or where nothing answers within ``timeout`` seconds."""
    host, port = parse_scheduler(address)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc)).lower()
        raise SweepError(f"--scheduler {address}: no Dask scheduler answers there ({reason}); start one with "
                         "`dask scheduler` and give the address it prints") from None


def recorded_metrics(spec: params_mod.ChapterSpec) -> list[str]:
    """The metrics a chapter is known to record: its headline metrics, and every metric (defined or not)
    of its default build's ``results.json`` when the book has been built."""
    names = list(spec.headline)
    results = paths.default_chapter_dir(spec.name) / "results.json"
    try:
        built = json.loads(results.read_text(encoding="utf-8"))
        names += [*built.get("metrics", {}), *built.get("undefined", {})]
    except (OSError, ValueError, AttributeError):
        pass  # no build (or an unreadable one): the headline metrics
    return list(dict.fromkeys(names))


def check_plot(spec: params_mod.ChapterSpec, metrics: list[str] | None) -> None:
    """Refuse a ``--plot`` metric the chapter does not record."""
    known = recorded_metrics(spec)
    for metric in metrics or ():
        if metric not in known:
            more = "" if len(known) == len(spec.headline) else f" (or any of the {len(known)} metrics of its results.json)"
            raise SweepError(f"--plot {metric}: chapter {spec.name!r} records no metric of that name; its headline "
                             f"metrics are {', '.join(spec.headline) or '(none)'}{more}")


def check_outside_build(output: Path) -> None:
    """Refuse an ``--output`` inside the book's build folder ``_build/`` (``make clean`` deletes it; the
    book's own example sweep is written there by ``mmbook build``, not from the command line)."""
    build = paths.build_dir().resolve()
    target = output.absolute()
    resolved = Path(os.path.realpath(target))
    if any(p == build for p in (resolved, *resolved.parents)) or target.is_relative_to(paths.build_dir()):
        raise SweepError(f"--output {output} is inside the book's build folder {build}, which `make clean` "
                         "deletes; choose a folder outside it, e.g. runs/my-sweep")


def check_output(output: Path, resume: bool) -> None:
    """Refuse an output folder a sweep must not write into, before anything is written.

    Raises
    ------
    SweepError
        for a name longer than :data:`NAME_MAX` bytes, a dangling symbolic link, a file, a non-empty
        folder that is not a sweep, an earlier sweep without ``--resume``, a place this user cannot write.
    """
    for part in output.parts:
        if len(os.fsencode(part)) > NAME_MAX:
            raise SweepError(f"--output: the name {part[:40]!r}... is {len(os.fsencode(part))} bytes long; file "
                             f"and folder names may have at most {NAME_MAX} bytes")
    if output.is_symlink() and not output.exists():
        raise SweepError(f"--output {output} is a symbolic link to {os.readlink(output)}, which does not exist; "
                         "remove the link or choose another folder")
    if output.exists() and not output.is_dir():
        raise SweepError(f"--output {output} exists and is not a folder")
    if output.is_dir() and any(output.iterdir()):
        if not (output / "manifest.jsonl").is_file():
            raise SweepError(f"--output {output} is a non-empty folder that is not a sweep; choose a new folder")
        if not resume:
            raise SweepError(f"--output {output} holds an earlier sweep: add --resume to complete it, or "
                             "choose a new folder")
    ancestor = next(p for p in (output, *output.parents) if p.exists())
    if not ancestor.is_dir():
        raise SweepError(f"--output {output}: {ancestor} is a file, not a folder")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise SweepError(f"--output {output}: cannot write there (permission denied on {ancestor})")


# -- resuming ------------------------------------------------------------------------------------------

def plan_difference(output: Path, plan: dict[str, Any], point_ids: list[str]) -> str | None:
    """How the points of this sweep differ from the earlier sweep in ``output`` (``None``: they do not).

    ``plan`` says how the points were chosen (chapter, grid or vary and sample, fixed values, base seed);
    a folder without ``sweep.json`` (an older sweep) is compared by its finished points, which must all
    be among this sweep's.
    """
    file = output / PLAN_FILE
    if file.is_file():
        try:
            earlier = json.loads(file.read_text(encoding="utf-8"))
        except ValueError:
            return f"{file} is not valid JSON"
        return _describe_difference(earlier.get("plan", {}), plan)
    finished = set(_read_manifest(output / "manifest.jsonl"))
    extra = finished - set(point_ids)
    if extra:
        return (f"the earlier sweep has {len(extra)} finished point(s) that are not points of this one "
                f"(e.g. {sorted(extra)[0]})")
    return None


def difference_from_earlier(chapter: str, points: list[Point], output: Path, plan: dict[str, Any] | None = None,
                            seed: int | None = None) -> str | None:
    """How the sweep of ``points`` differs from the earlier sweep in ``output`` (``None``: it does not, or
    there is none), as ``--resume`` would see it: for a caller that starts afresh instead (the book's own
    example sweep when its grid changes)."""
    if not (output / "manifest.jsonl").is_file():
        return None
    spec = params_mod.load_chapter(chapter)
    prepared = prepare(spec, [Point(dict(p.overrides)) for p in points], base=base_seed(spec, seed, {}))
    ids = sorted(p.point_id for p in prepared)
    return plan_difference(output, {"chapter": chapter, **(plan or {"points": ids})}, ids)


OPTION_OF = {"chapter": "the chapter", "grid": "--grid", "vary": "--vary", "sample": "--sample",
             "fixed": "-p/-f", "seed": "--seed", "points": "the points"}


def _describe_difference(earlier: dict[str, Any], now: dict[str, Any]) -> str | None:
    def show(value: Any) -> str:
        if value is None:
            return "not given"
        if isinstance(value, list):
            return ",".join(_canonical(v) if not isinstance(v, str) else v for v in value)
        return _canonical(value)

    for key in OPTION_OF:
        old, new = earlier.get(key), now.get(key)
        if _canonical(old) == _canonical(new):
            continue
        if key == "chapter":
            return f"the earlier sweep is of chapter {old!r}, not {new!r}"
        if key in ("grid", "vary", "fixed") and isinstance(old, dict) and isinstance(new, dict):
            for name in [*old, *[n for n in new if n not in old]]:
                if _canonical(old.get(name)) != _canonical(new.get(name)):
                    return (f"{OPTION_OF[key]} {name}: earlier {show(old.get(name))}, now "
                            f"{show(new.get(name))}")
        if key == "points":
            return f"the points differ ({len(old or [])} earlier, {len(new or [])} now)"
        return f"{OPTION_OF[key]}: earlier {show(old)}, now {show(new)}"
    return None


# -- running one point --------------------------------------------------------------------------------

#: point processes running in this process, by sweep token (the threads of a local sweep, or of a Dask
#: worker); :func:`stop_points` ends them
_RUNNING: dict[str, set[subprocess.Popen]] = {}
#: sweeps stopped in this process: their points not yet started return at once
_STOPPED: set[str] = set()
_LOCK = threading.Lock()


def package_versions() -> dict[str, str]:
    out = {}
    for name in VERSIONED:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def stop_points(token: str, wait: bool = False) -> int:
    """Stop every point of the sweep ``token`` running in this process and start no more of them.

    Each point runs in a process group of its own (``mmbook run``, its kernel and its figure copies):
    the group gets SIGTERM now and SIGKILL as soon as ``mmbook run`` has exited, or after
    :data:`STOP_GRACE_S` seconds. Returns the number of points stopped: at once (on a Dask worker, through
    ``Client.run``, whose process lives on), or with ``wait`` when every group has been killed (a local
    sweep, whose process is about to exit).
    """
    with _LOCK:
        _STOPPED.add(token)
        running = list(_RUNNING.get(token, ()))
    for proc in running:
        _signal_group(proc, signal.SIGTERM)
    if running:
        reaper = threading.Thread(target=_kill_after_grace, args=(running,), daemon=True)
        reaper.start()
        if wait:
            reaper.join()
    return len(running)


def _kill_after_grace(procs: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + STOP_GRACE_S
    for proc in procs:
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        _signal_group(proc, signal.SIGKILL)  # the kernel or a figure copy may outlive `mmbook run`


def _signal_group(proc: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(proc.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass  # the group is gone already


def _run_mmbook(cmd: list[str], env: dict[str, str], token: str) -> tuple[int, str] | None:
    """Run one ``mmbook run`` in a new session (its own process group); ``None`` if the sweep was stopped
    before it started."""
    with _LOCK:
        if token in _STOPPED:
            return None
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                text=True, env=env, start_new_session=True)
        _RUNNING.setdefault(token, set()).add(proc)
    try:
        _, stderr = proc.communicate()
    finally:
        with _LOCK:
            _RUNNING[token].discard(proc)
    return proc.returncode, stderr


def run_point(task: dict[str, Any]) -> dict[str, Any]:
    """Run one point as ``mmbook run`` in a process of its own; return a small JSON-able summary.

    ``task`` holds ``chapter``, ``values`` (all parameters), ``notebook`` and ``spec`` (their texts),
    ``token`` (the sweep's, for :func:`stop_points`) and ``output`` (a folder; ``None`` to return the run
    folder as zip bytes instead, for a remote worker). The chapter's notebook and specification travel
    with the task: the run uses a temporary project root holding them, with the worker's own ``data/``
    and ``_config.yml``. A point stopped by :func:`stop_points` returns the status ``interrupted``.
    """
    start = time.perf_counter()
    token = task.get("token", "")
    root = paths.project_root()
    with tempfile.TemporaryDirectory(prefix="mmperf-point-") as tmp:
        project = Path(tmp) / "project"
        (project / "notebooks").mkdir(parents=True)
        (project / "notebooks" / f"{task['chapter']}.md").write_text(task["notebook"], encoding="utf-8")
        (project / "notebooks" / f"{task['chapter']}.yml").write_text(task["spec"], encoding="utf-8")
        (project / "data").symlink_to(root / "data")
        shutil.copy2(root / "_config.yml", project / "_config.yml")
        pfile = Path(tmp) / "parameters.yaml"
        pfile.write_text(json.dumps(task["values"]), encoding="utf-8")  # JSON is YAML
        out = Path(task["output"]) if task.get("output") else Path(tmp) / "run"
        env = {**os.environ, "MMPERF_ROOT": str(project)}
        cmd = [str(Path(sys.executable).parent / "mmbook"), "run", task["chapter"], "-f", str(pfile),
               "--output", str(out)]
        finished = None
        for attempt in range(1, RETRIES + 1):
            finished = _run_mmbook(cmd, env, token)
            if finished is None:
                break
            transient = any(t in finished[1].lower() for t in TRANSIENT)
            if finished[0] == 0 or not transient:
                break
            time.sleep(0.5 * attempt)
        with _LOCK:
            stopped = token in _STOPPED
        if finished is None or (stopped and finished[0] != 0):
            return {"status": "interrupted"}
        returncode, stderr = finished
        summary: dict[str, Any] = {"status": "ok" if returncode == 0 else "failed",
                                   "exit": returncode, "attempts": attempt,
                                   "seconds": round(time.perf_counter() - start, 1),
                                   "versions": package_versions()}
        if returncode == 0:
            results = json.loads((out / "results.json").read_text())
            summary["metrics"] = results["metrics"]
            summary["undefined"] = results.get("undefined", {})
            summary["warnings"] = results.get("warnings", [])
            if not task.get("output"):
                summary["zip"] = _zip_folder(out)
        else:
            lines = [ln for ln in stderr.strip().splitlines() if ln.strip()]
            summary["error"] = lines[-1] if lines else f"exit status {returncode}"
            log = out.parent / f"{out.name}.error.log"
            if log.is_file():
                summary["log"] = log.read_text()[-4000:]
                cell = [ln for ln in summary["log"].splitlines() if ln.startswith("cell (execution count)")]
                summary["failing_cell"] = cell[0].split(":", 1)[1].strip() if cell else ""
        return summary


def _zip_folder(folder: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                zf.write(file, file.relative_to(folder).as_posix())
    return buffer.getvalue()


def _unzip(data: bytes, folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        zf.extractall(folder)


# -- the sweep -----------------------------------------------------------------------------------------

class _Signals:
    """SIGINT and SIGTERM set a flag the sweep's loop polls (no exception thrown into the middle of writing
    the manifest); the previous handlers come back on exit. Outside the main thread nothing is installed."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                self._previous[signum] = signal.signal(signum, self._note)
        return self

    def _note(self, signum: int, frame: Any) -> None:
        self.received = self.received or signum

    def __exit__(self, *exc: Any) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)


def run_sweep(chapter: str, points: list[Point], output: Path, *, workers: int | None = None,
              scheduler: str | None = None, resume: bool = False, force: bool = False,
              plot: list[str] | None = None, progress: bool = True, plan: dict[str, Any] | None = None,
              seed: int | None = None) -> dict[str, Any]:
    """Run every point (skipping, with ``resume``, those already done with the same parameters and
    code), then write ``manifest.jsonl``, ``results.csv`` and ``index.html``. Returns a summary.

    Everything is checked before anything is written: the points, ``seed`` (the base seed), ``workers``,
    ``scheduler`` (it must answer), ``plot``, the output folder and, with ``resume``, that the points are
    those of the earlier sweep (``plan``; ``force`` runs the new points and keeps the earlier ones).

    Raises
    ------
    SweepError
        bad input (exit status 2), nothing written.
    SweepInterrupted
        SIGINT or SIGTERM: the running points were stopped, the finished ones are in the manifest.
    """
    from mmperf.fingerprint import chapter_cache_key

    spec = params_mod.load_chapter(chapter)
    base = base_seed(spec, seed, points[0].overrides if points else {})
    points = prepare(spec, points, base=base)
    output = output.absolute()
    check_workers(workers, scheduler)
    check_plot(spec, plot)
    check_output(output, resume)
    plan = {"chapter": chapter, **(plan or {"points": sorted(p.point_id for p in points)})}
    if resume and (output / "manifest.jsonl").is_file():
        difference = plan_difference(output, plan, [p.point_id for p in points])
        if difference and not force:
            raise SweepError(f"--resume: the points differ from the earlier sweep in {output}: {difference}; "
                             "resume with the same options, or add --force to run these points and keep the "
                             "earlier ones")
    if scheduler:
        check_scheduler(scheduler)
    code_version = chapter_cache_key(spec)
    previous = _read_manifest(output / "manifest.jsonl") if resume else {}
    kept = {i: e for i, e in previous.items() if i not in {p.point_id for p in points}}  # --force: kept rows
    done: dict[str, dict[str, Any]] = {}
    todo = []
    for point in points:
        old = previous.get(point.point_id)
        if old and old["status"] == "ok" and old["code_version"] == code_version \
                and (output / "points" / point.point_id / "results.json").is_file():
            done[point.point_id] = old
        else:
            todo.append(point)
    try:
        (output / "points").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SweepError(f"--output {output}: cannot create it ({exc.strerror})") from None
    _write_plan(output, plan, sorted({*(p.point_id for p in points), *kept}))
    _rewrite_manifest(output / "manifest.jsonl", [*kept.values(), *(done[i] for i in sorted(done))])
    token = uuid.uuid4().hex
    base_task = {"chapter": chapter, "notebook": spec.notebook.read_text(encoding="utf-8"),
                 "spec": spec.notebook.with_suffix(".yml").read_text(encoding="utf-8"), "token": token}
    tasks = [{**base_task, "values": p.values,
              "output": None if scheduler else str(output / "points" / p.point_id)} for p in todo]
    by_id = {p.point_id: p for p in points}

    def record(point: Point, summary: dict[str, Any]) -> None:
        if summary["status"] == "interrupted" or point.point_id in done:
            return
        if "zip" in summary:
            _unzip(summary["zip"], output / "points" / point.point_id)
        entry = {k: v for k, v in summary.items() if k != "zip"}
        done[point.point_id] = {"id": point.point_id, "parameters": point.overrides, "seed": point.seed,
                                "code_version": code_version, **entry}
        _append_manifest(output / "manifest.jsonl", done[point.point_id])

    bar = _progress(len(todo), progress)
    with _Signals() as signals:
        if scheduler and todo:
            _run_on_cluster(scheduler, chapter, tasks, todo, record, bar, signals, token)
        elif todo:
            _run_here(workers, tasks, todo, record, bar, signals, token)
    if bar:
        bar.close()
    entries = [*kept.values(), *(done[i] for i in sorted(done))]
    entries.sort(key=lambda e: e["id"])
    _rewrite_manifest(output / "manifest.jsonl", entries)
    if signals.received:
        _remove_unfinished(output, set(done) | set(kept))
        raise SweepInterrupted(signals.received, len(done), len(points), output)
    write_results_csv(output / "results.csv", entries, spec)
    metrics = plot or list(spec.headline)
    varied = _varied([*points, *(Point(e["parameters"]) for e in kept.values())])
    write_index(output / "index.html", spec, entries, varied, metrics)
    failures = [e for e in entries if e["status"] != "ok"]
    return {"points": len(points), "ran": len(todo), "skipped": len(points) - len(todo), "kept": len(kept),
            "failed": [(e["id"], by_id[e["id"]].overrides if e["id"] in by_id else e["parameters"],
                        e.get("error", "")) for e in failures]}


def _summary_of(future) -> dict[str, Any]:
    """A finished point's summary; a task that raised (a lost Dask worker, an unreadable results.json) is a
    failed point with the error in one line, not a traceback that ends the sweep."""
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - reported as the point's error
        return {"status": "failed", "exit": None, "error": f"{type(exc).__name__}: {exc}".splitlines()[0][:500],
                "seconds": 0.0, "versions": package_versions()}


def _run_here(workers: int | None, tasks: list[dict[str, Any]], todo: list[Point], record, bar,
              signals: _Signals, token: str) -> None:
    """Run the points in threads of this process, each waiting for its own ``mmbook run`` process."""
    from mmperf.parallel import default_workers

    pool = ThreadPoolExecutor(max_workers=max(1, workers or default_workers()))
    futures = {pool.submit(run_point, t): p for t, p in zip(tasks, todo, strict=True)}
    pending = set(futures)
    failed = 0
    try:
        while pending and not signals.received:
            finished, pending = wait_futures(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                summary = _summary_of(future)
                record(futures[future], summary)
                failed += summary["status"] == "failed"
                _tick(bar, failed)
    finally:
        if pending:  # interrupted (or an error of our own): stop what runs, keep what finished
            pool.shutdown(wait=False, cancel_futures=True)
            stop_points(token, wait=True)
            for future in pending:
                if not future.cancelled():
                    record(futures[future], _summary_of(future))
        pool.shutdown(wait=True)


def _run_on_cluster(scheduler: str, chapter: str, tasks: list[dict[str, Any]], todo: list[Point], record,
                    bar, signals: _Signals, token: str) -> None:
    """Run the points on a Dask cluster; on a signal, cancel the queued ones and stop the running ones on
    every worker (:func:`stop_points` through ``Client.run``)."""
    from distributed import Client
    from distributed import as_completed as dask_completed
    from distributed import wait as dask_wait

    try:
        client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT_S}s")
    except (OSError, TimeoutError) as exc:
        raise SweepError(f"--scheduler {scheduler}: no Dask scheduler answers there ({exc})") from None
    with client:
        futures = {client.submit(run_point, t, pure=False, key=f"mmperf-{chapter}-{p.point_id}-{token[:8]}"): p
                   for t, p in zip(tasks, todo, strict=True)}
        queue = dask_completed(futures)
        failed = 0
        while not queue.is_empty() and not signals.received:
            batch = queue.next_batch(block=False)
            if not batch:
                time.sleep(0.2)
                continue
            for future in batch:
                summary = _summary_of(future)
                record(futures[future], summary)
                failed += summary["status"] == "failed"
                _tick(bar, failed)
        if signals.received:
            try:
                client.run(stop_points, token)
            except Exception as exc:  # noqa: BLE001 - a lost worker: its points are lost with it
                print(f"mmbook: could not reach every worker to stop its points ({exc})", file=sys.stderr)
            try:
                dask_wait(list(futures), timeout=STOP_GRACE_S + 5)
            except TimeoutError:
                pass
            for future, point in futures.items():
                if future.status == "finished":
                    record(point, _summary_of(future))
            client.cancel(list(futures))


def _remove_unfinished(output: Path, finished: set[str]) -> None:
    """After an interruption: remove the folders of points that did not finish (and the partial folders
    their runs left), so that ``points/`` holds exactly the points of the manifest."""
    for child in (output / "points").iterdir():
        if child.name not in finished:
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child, ignore_errors=True)
            else:
                child.unlink(missing_ok=True)


def _write_plan(output: Path, plan: dict[str, Any], point_ids: list[str]) -> None:
    text = json.dumps({"plan": plan, "points": point_ids}, sort_keys=True, indent=1, default=str) + "\n"
    tmp = output / f".{PLAN_FILE}.tmp"
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(output / PLAN_FILE)


def _progress(total: int, show: bool):
    if not show or not total:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc="sweep", unit="point", file=sys.stderr)


def _tick(bar, failed: int) -> None:
    if bar:
        bar.set_postfix_str(f"failed {failed}")
        bar.update(1)


def read_manifest(output: Path) -> dict[str, dict[str, Any]]:
    """The finished points of the sweep in ``output``, by point id (an empty dict if there is none)."""
    return _read_manifest(output / "manifest.jsonl")


def _read_manifest(file: Path) -> dict[str, dict[str, Any]]:
    if not file.is_file():
        return {}
    entries = [json.loads(line) for line in file.read_text().splitlines() if line.strip()]
    return {e["id"]: e for e in entries}


def _append_manifest(file: Path, entry: dict[str, Any]) -> None:
    with file.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry, sort_keys=True, default=str) + "\n")


def _rewrite_manifest(file: Path, entries: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(e, sort_keys=True, default=str) + "\n" for e in entries)
    tmp = file.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(file)


def _varied(points: list[Point]) -> list[str]:
    names = sorted({k for p in points for k in p.overrides})
    return [n for n in names if len({json.dumps(p.overrides.get(n), default=str) for p in points}) > 1
            and n != "seed"]


def write_results_csv(file: Path, entries: list[dict[str, Any]], spec: params_mod.ChapterSpec) -> None:
    """One row per point: the point id, every parameter, then every metric (empty when undefined or when
    the point failed). Sorted by point id and written with fixed float formatting (repr), so equal runs
    give byte-identical files."""
    import csv

    metric_names = sorted({m for e in entries for m in e.get("metrics", {})})
    param_names = list(spec.parameters)
    with file.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["point", "status", *param_names, *metric_names])
        for e in sorted(entries, key=lambda e: e["id"]):
            values = spec.resolve(e["parameters"])
            writer.writerow([e["id"], e["status"], *[_csv(values[n]) for n in param_names],
                             *[_csv(e.get("metrics", {}).get(m)) for m in metric_names]])


def _csv(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return ",".join(_csv(v) for v in value)
    return str(value)


def write_index(file: Path, spec: params_mod.ChapterSpec, entries: list[dict[str, Any]], varied: list[str],
                metrics: list[str]) -> None:
    """The sweep's summary page: counts, failures, and each chosen metric against the swept parameters."""
    import html

    import pandas as pd

    from mmperf.tables import show_table

    ok = [e for e in entries if e["status"] == "ok"]
    failures = [e for e in entries if e["status"] != "ok"]
    parts = [f"<h1>Sweep of {html.escape(spec.title)}</h1>",
             f"<p>{len(entries)} points: {len(ok)} completed, {len(failures)} failed. Swept: "
             f"{html.escape(', '.join(varied) or 'nothing')}. Results: <a href='results.csv'>results.csv</a>, "
             "<a href='manifest.jsonl'>manifest.jsonl</a>; each point's page is in points/&lt;id&gt;/.</p>"]
    if failures:
        table = pd.DataFrame([{"point": e["id"], "parameters": _canonical(e["parameters"]),
                               "failing cell": e.get("failing_cell", ""), "error": e.get("error", "")}
                              for e in failures])
        parts += ["<h2>Failed points</h2>", show_table(table, wrap=["parameters", "error"]).to_html()]
    for metric in metrics:
        image = _plot(spec, ok, varied, metric)
        if image:
            parts.append(f"<h2>{html.escape(metric)}</h2><img alt='{html.escape(metric)} against "
                         f"{html.escape(', '.join(varied))}' style='max-width:100%' "
                         f"src='data:image/png;base64,{image}'>")
    file.write_text("<!doctype html><html><head><meta charset='utf-8'><title>Sweep</title></head><body "
                    "style='font-family:sans-serif;max-width:60em;margin:auto'>" + "\n".join(parts)
                    + "</body></html>\n", encoding="utf-8")


def plot_png(output: Path, spec: params_mod.ChapterSpec, varied: list[str], metric: str) -> Path:
    """Write ``output/plot.png``: ``metric`` against the swept parameters (for the book's sweep page)."""
    entries = list(_read_manifest(output / "manifest.jsonl").values())
    image = _plot(spec, [e for e in entries if e["status"] == "ok"], varied, metric)
    target = output / "plot.png"
    target.write_bytes(base64.b64decode(image))
    return target


def _plot(spec: params_mod.ChapterSpec, entries: list[dict[str, Any]], varied: list[str], metric: str) -> str:
    """A PNG (base64) of ``metric`` against the first swept parameter, faceted by the others (seaborn)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd
    import seaborn as sns

    from mmperf.plotting import use_book_style

    rows = [{**spec.resolve(e["parameters"]), metric: e["metrics"][metric]} for e in entries
            if metric in e.get("metrics", {})]
    if not rows or not varied:
        return ""
    use_book_style()
    frame = pd.DataFrame(rows)
    x, hue = varied[0], (varied[1] if len(varied) > 1 else None)
    col = varied[2] if len(varied) > 2 else None
    for name in (hue, col):
        if name:
            frame[name] = frame[name].astype(str)
    grid = sns.relplot(data=frame, x=x, y=metric, hue=hue, col=col, kind="line", marker="o", height=3.2,
                       aspect=1.4, col_wrap=3 if col else None, errorbar=None)
    unit = spec.parameters[x].unit
    grid.set_axis_labels(f"{x} ({unit})" if unit else x, metric)
    buffer = io.BytesIO()
    grid.figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(grid.figure)
    return base64.b64encode(buffer.getvalue()).decode()
