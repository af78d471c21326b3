"""Parameter sweeps: many runs of one chapter, on this machine or on a Dask cluster, with the same numbers.

A sweep is a list of points (parameter overrides). :func:`grid_points` makes the Cartesian product
of ``--grid NAME=V1,V2,...`` options; :func:`sample_points` draws a Latin hypercube over the ranges
of the parameters named with ``--vary NAME[=LOW:HIGH]``. Every point is validated with the chapter's
own rules before anything runs.

Each point is an ordinary chapter run (``mmbook run``) in its own process and its own kernel, so its
random numbers are isolated (Ciw draws from the global ``random`` module: points never share a
process). A chapter with a ``seed`` parameter gets, at every point, a seed derived from the base seed
and the point's parameters (:func:`point_seed`, a numpy ``SeedSequence``), so results depend neither
on the order of the points nor on the number of workers.

Locally, ``--workers N`` runs N points at a time. With ``--scheduler ADDRESS`` the same points run on
an existing Dask distributed cluster: each task carries the chapter's notebook and specification and
returns the run folder as a zip, so the workers need the same environment and a checkout of the
repository (for the library and the data) but no shared file system.

Output in ``DIR``: ``points/<id>/`` (each a normal run folder), ``manifest.jsonl`` (one line per
point: parameters, seed, status, duration, package versions, failing cell and error),
``results.csv`` (one row per point: the point id, parameter columns, then metric columns; sorted by
point id, so byte-identical however the points were run) and ``index.html`` (failures and plots).
"""

from __future__ import annotations

import base64
import hashlib
import io
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from mmbook import params as params_mod
from mmperf import paths

#: packages whose versions each manifest line records
VERSIONED = ("mmperf", "ciw", "numpy", "scipy", "pandas", "statsmodels", "papermill", "matplotlib")
#: messages of kernel start races under parallel papermill, worth a bounded retry
TRANSIENT = ("address already in use", "kernel didn't respond", "kernel died before replying",
             "timeout waiting for kernel", "zmqerror")
RETRIES = 3


class SweepError(ValueError):
    """A sweep that cannot start: a bad grid, range or point (exit status 2)."""


@dataclass
class Point:
    """One run of a sweep: its overrides (what the sweep set) and its identity."""

    overrides: dict[str, Any]
    point_id: str = ""
    seed: int | None = None
    values: dict[str, Any] = field(default_factory=dict)


# -- making the points -------------------------------------------------------------------------------

def parse_grid(option: str) -> tuple[str, list[str]]:
    """``NAME=V1,V2,...`` -> (NAME, [V1, V2, ...]).

    Examples
    --------
    >>> parse_grid("frame_rate_fps=15, 25,30")
    ('frame_rate_fps', ['15', '25', '30'])
    """
    name, sep, values = option.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not sep or not name.strip() or not items:
        raise SweepError(f"--grid {option!r}: expected NAME=V1,V2,... (e.g. --grid frame_rate_fps=15,25,30)")
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
        return name.strip(), (float(low), float(high))
    except ValueError:
        raise SweepError(f"--vary {option!r}: expected NAME or NAME=LOW:HIGH (e.g. --vary load=0:0.3)") from None


def grid_points(spec: params_mod.ChapterSpec, grids: list[tuple[str, list[str]]],
                fixed: dict[str, Any]) -> list[Point]:
    """The Cartesian product of the grids, each point on top of ``fixed``."""
    names = [n for n, _ in grids]
    _known(spec, names + list(fixed))
    duplicated = sorted({n for n in names if names.count(n) > 1} | (set(names) & set(fixed)))
    if duplicated:
        raise SweepError(f"parameter {duplicated[0]!r} is given twice (in --grid and -p/-f, or in two --grid)")
    return [Point({**fixed, **dict(zip(names, combo, strict=True))})
            for combo in itertools.product(*[values for _, values in grids])]


def sample_points(spec: params_mod.ChapterSpec, vary: list[tuple[str, tuple[float, float] | None]], n: int,
                  fixed: dict[str, Any], seed: int = 0) -> list[Point]:
    """``n`` points of a Latin hypercube over the ranges of the varied (numeric) parameters."""
    from scipy.stats import qmc

    if n < 1:
        raise SweepError(f"--sample {n}: expected a whole number >= 1")
    _known(spec, [name for name, _ in vary] + list(fixed))
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


def point_seed(base_seed: int, overrides: dict[str, Any]) -> int:
    """A seed for one point, from the base seed and the point's own parameters (not its position).

    Examples
    --------
    >>> point_seed(1, {"a": 1, "b": 2}) == point_seed(1, {"b": 2, "a": 1})
    True
    >>> point_seed(1, {"a": 1}) != point_seed(2, {"a": 1})
    True
    """
    import numpy as np

    digest = hashlib.sha256(_canonical(overrides).encode()).digest()
    words = [int.from_bytes(digest[i:i + 4], "little") for i in range(0, 16, 4)]
    return int(np.random.SeedSequence([int(base_seed), *words]).generate_state(1)[0] % (2**31 - 1))


def _canonical(values: dict[str, Any]) -> str:
    return json.dumps(values, sort_keys=True, default=str)


def prepare(spec: params_mod.ChapterSpec, points: list[Point], seed_parameter: str = "seed") -> list[Point]:
    """Validate every point (before anything runs), derive its seed and its id.

    Raises
    ------
    SweepError
        naming the first invalid point and why.
    """
    seeded = seed_parameter in spec.parameters
    for i, point in enumerate(points):
        overrides = dict(point.overrides)
        if seeded and seed_parameter not in overrides:
            base = spec.parameters[seed_parameter].default
            point.seed = point_seed(base, overrides)
            overrides[seed_parameter] = point.seed
        try:
            point.values = spec.resolve(overrides)
        except params_mod.ParameterError as exc:
            raise SweepError(f"point {i + 1} ({_canonical(point.overrides)}) is not valid: {exc}") from None
        point.overrides = {k: point.values[k] for k in overrides}  # typed, as the chapter reads them
        point.point_id = hashlib.sha256(_canonical(point.values).encode()).hexdigest()[:12]
    ids = [p.point_id for p in points]
    if len(set(ids)) != len(ids):
        raise SweepError("two points of the sweep have the same parameters; list each value once")
    return points


# -- running one point --------------------------------------------------------------------------------

def package_versions() -> dict[str, str]:
    out = {}
    for name in VERSIONED:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def run_point(task: dict[str, Any]) -> dict[str, Any]:
    """Run one point as ``mmbook run`` in a process of its own; return a small JSON-able summary.

    ``task`` holds ``chapter``, ``values`` (all parameters), ``notebook`` and ``spec`` (their texts) and
    ``output`` (a folder; ``None`` to return the run folder as zip bytes instead, for a remote worker).
    The chapter's notebook and specification travel with the task: the run uses a temporary project
    root holding them, with the worker's own ``data/`` and ``_config.yml``.
    """
    start = time.perf_counter()
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
        proc = None
        for attempt in range(1, RETRIES + 1):
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
            transient = any(t in proc.stderr.lower() for t in TRANSIENT)
            if proc.returncode == 0 or not transient:
                break
            time.sleep(0.5 * attempt)
        summary: dict[str, Any] = {"status": "ok" if proc.returncode == 0 else "failed",
                                   "exit": proc.returncode, "attempts": attempt,
                                   "seconds": round(time.perf_counter() - start, 1),
                                   "versions": package_versions()}
        if proc.returncode == 0:
            results = json.loads((out / "results.json").read_text())
            summary["metrics"] = results["metrics"]
            summary["undefined"] = results.get("undefined", {})
            summary["warnings"] = results.get("warnings", [])
            if not task.get("output"):
                summary["zip"] = _zip_folder(out)
        else:
            lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
            summary["error"] = lines[-1] if lines else f"exit status {proc.returncode}"
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

def run_sweep(chapter: str, points: list[Point], output: Path, *, workers: int | None = None,
              scheduler: str | None = None, resume: bool = False, plot: list[str] | None = None,
              progress: bool = True) -> dict[str, Any]:
    """Run every point (skipping, with ``resume``, those already done with the same parameters and
    code), then write ``manifest.jsonl``, ``results.csv`` and ``index.html``. Returns a summary."""
    from mmperf.fingerprint import chapter_cache_key
    from mmperf.parallel import default_workers

    spec = params_mod.load_chapter(chapter)
    points = prepare(spec, points)
    output = output.absolute()
    _check_output(output, resume)
    (output / "points").mkdir(parents=True, exist_ok=True)
    code_version = chapter_cache_key(spec)
    previous = _read_manifest(output / "manifest.jsonl") if resume else {}
    done: dict[str, dict[str, Any]] = {}
    todo = []
    for point in points:
        old = previous.get(point.point_id)
        if old and old["status"] == "ok" and old["code_version"] == code_version \
                and (output / "points" / point.point_id / "results.json").is_file():
            done[point.point_id] = old
        else:
            todo.append(point)
    base = {"chapter": chapter, "notebook": spec.notebook.read_text(encoding="utf-8"),
            "spec": spec.notebook.with_suffix(".yml").read_text(encoding="utf-8")}
    tasks = [{**base, "values": p.values,
              "output": None if scheduler else str(output / "points" / p.point_id)} for p in todo]
    by_id = {p.point_id: p for p in points}

    def record(point: Point, summary: dict[str, Any]) -> None:
        if "zip" in summary:
            _unzip(summary.pop("zip"), output / "points" / point.point_id)
        done[point.point_id] = {"id": point.point_id, "parameters": point.overrides, "seed": point.seed,
                                "code_version": code_version, **summary}
        _append_manifest(output / "manifest.jsonl", done[point.point_id])

    if resume and previous:
        _rewrite_manifest(output / "manifest.jsonl", [done[i] for i in sorted(done)])
    elif not resume:
        (output / "manifest.jsonl").write_text("")
    bar = _progress(len(todo), progress)
    failed = 0
    if scheduler and todo:
        from distributed import Client
        from distributed import as_completed as dask_completed

        with Client(scheduler, timeout="30s") as client:
            futures = {client.submit(run_point, t, pure=False, key=f"mmperf-{chapter}-{p.point_id}"): p
                       for t, p in zip(tasks, todo, strict=True)}
            for future in dask_completed(futures):
                summary = future.result()
                record(futures[future], summary)
                failed += summary["status"] != "ok"
                _tick(bar, failed)
    elif todo:
        with ThreadPoolExecutor(max_workers=max(1, workers or default_workers())) as pool:
            # threads only wait for `mmbook run` processes: every point has its own process and kernel
            futures = {pool.submit(run_point, t): p for t, p in zip(tasks, todo, strict=True)}
            for future in as_completed(futures):
                summary = future.result()
                record(futures[future], summary)
                failed += summary["status"] != "ok"
                _tick(bar, failed)
    if bar:
        bar.close()
    entries = [done[p.point_id] for p in sorted(points, key=lambda p: p.point_id)]
    _rewrite_manifest(output / "manifest.jsonl", entries)
    write_results_csv(output / "results.csv", entries, spec)
    metrics = plot or list(spec.headline)
    varied = _varied(points)
    write_index(output / "index.html", spec, entries, varied, metrics)
    failures = [e for e in entries if e["status"] != "ok"]
    return {"points": len(points), "ran": len(todo), "skipped": len(points) - len(todo),
            "failed": [(e["id"], by_id[e["id"]].overrides, e.get("error", "")) for e in failures]}


def _check_output(output: Path, resume: bool) -> None:
    if output.exists() and not output.is_dir():
        raise SweepError(f"--output {output} exists and is not a folder")
    if output.is_dir() and any(output.iterdir()):
        if not (output / "manifest.jsonl").is_file():
            raise SweepError(f"--output {output} is a non-empty folder that is not a sweep; choose a new folder")
        if not resume:
            raise SweepError(f"--output {output} holds an earlier sweep: add --resume to complete it, or "
                             "choose a new folder")


def _progress(total: int, show: bool):
    if not show or not total:
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc="sweep", unit="point", file=sys.stderr)


def _tick(bar, failed: int) -> None:
    if bar:
        bar.set_postfix_str(f"failed {failed}")
        bar.update(1)


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
