"""The parameter-space design: a few runs of a chapter that together visit its whole declared space.

Each numeric parameter appears at least once at its minimum, its middle and its maximum, each
choice and each boolean at every value, combined across parameters as a covering array: point
``i`` gives parameter ``j`` its level ``(i + j) mod L_j``, so that the levels of different
parameters meet in different combinations. The chapter's ``design`` section fixes the cost
parameters (replications, run lengths) at small values and excludes parameters that are not
worth varying (a seed)::

    design:
      fixed: {replications: 2, sim_frames: 500}
      exclude: [seed]

A point that breaks a cross-parameter rule is repaired by setting the offending parameters back
to their defaults one at a time (the rule refuses the combination before any compute anyway).

``python -m mmbook.design CHAPTER`` lists the points; ``--run DIR`` runs each with ``mmbook run``.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mmbook import params as params_mod


def levels(p: params_mod.ParamSpec) -> list[Any]:
    """The values of one parameter the design visits.

    Examples
    --------
    >>> p = params_mod.ParamSpec("rate", "float", 1.0, help="h", min=0, min_exclusive=True, max=10)
    >>> levels(p)
    [0.1, 5.0, 10.0]
    >>> levels(params_mod.ParamSpec("n", "int", 5, help="h", min=1, max=100))
    [1, 50, 100]
    >>> levels(params_mod.ParamSpec("on", "bool", False, help="h"))
    [False, True]
    """
    if p.choices is not None:
        return list(p.choices)
    if p.type == "bool":
        return [False, True]
    if p.type not in ("float", "int") or p.min is None or p.max is None:
        return [p.default]
    lo, hi = float(p.min), float(p.max)
    span = hi - lo
    if p.type == "int":
        low = int(math.floor(lo)) + (1 if p.min_exclusive else 0)
        high = int(math.ceil(hi)) - (1 if p.max_exclusive else 0)
        return sorted({low, (low + high) // 2, high})
    low = lo + 0.01 * span if p.min_exclusive else lo
    high = hi - 0.01 * span if p.max_exclusive else hi
    return [_tidy(low), _tidy((lo + hi) / 2), _tidy(high)]


def _tidy(x: float) -> float:
    return float(f"{x:.6g}")


def design_points(spec: params_mod.ChapterSpec) -> list[dict[str, Any]]:
    """The design's points: overrides of the defaults, each valid under the chapter's rules."""
    fixed = dict(spec.design.get("fixed") or {})
    exclude = set(spec.design.get("exclude") or ())
    unknown = (set(fixed) | exclude) - set(spec.parameters)
    if unknown:
        raise ValueError(f"chapter {spec.name!r}: design names unknown parameters {sorted(unknown)}")
    varied = [p for n, p in spec.parameters.items() if n not in fixed and n not in exclude]
    grid = {p.name: levels(p) for p in varied}
    size = max((len(v) for v in grid.values()), default=1)
    points = []
    for i in range(size):
        point = {**fixed}
        for j, (name, values) in enumerate(grid.items()):
            point[name] = values[(i + j) % len(values)]
        points.append(_repair(spec, point, fixed))
    return points


def _repair(spec: params_mod.ChapterSpec, point: dict[str, Any], fixed: dict[str, Any]) -> dict[str, Any]:
    """Set parameters back to their defaults until the point passes the chapter's rules."""
    defaults = spec.defaults()
    candidate = dict(point)
    for name in [n for n in point if n not in fixed]:
        try:
            spec.resolve(candidate)
            return candidate
        except params_mod.ParameterError:
            candidate[name] = defaults[name]
    spec.resolve(candidate)  # raises with the rule's message if even the defaults fail
    return candidate


def run_design(chapter: str, folder: Path, mmbook: str | None = None) -> list[dict[str, Any]]:
    """Run every design point with ``mmbook run`` into ``folder/point-I``; return one record per point."""
    spec = params_mod.load_chapter(chapter)
    exe = mmbook or str(Path(sys.executable).parent / "mmbook")
    records = []
    for i, point in enumerate(design_points(spec)):
        out = folder / f"point-{i}"
        cmd = [exe, "run", chapter, "--output", str(out)]
        for name, value in point.items():
            cmd += ["-p", name, _as_text(value)]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        record = {"point": i, "parameters": point, "exit": proc.returncode,
                  "seconds": round(time.perf_counter() - start, 1), "stderr": proc.stderr.strip()[-2000:]}
        if proc.returncode == 0:
            results = json.loads((out / "results.json").read_text())
            record["bad_metrics"] = {k: v for k, v in results["metrics"].items()
                                     if not isinstance(v, int | float) or not math.isfinite(v)}
            record["undefined"] = results.get("undefined", {})
            record["warnings"] = results.get("warnings", [])
        records.append(record)
    return records


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mmbook.design", description=__doc__.split("\n\n")[0])
    parser.add_argument("chapter")
    parser.add_argument("--run", type=Path, metavar="DIR", help="run every point into DIR/point-I")
    args = parser.parse_args(argv)
    spec = params_mod.load_chapter(args.chapter)
    points = design_points(spec)
    if not args.run:
        for i, point in enumerate(points):
            print(f"point {i}: {point}")
        return 0
    records = run_design(args.chapter, args.run)
    failed = 0
    for r in records:
        ok = r["exit"] == 0 and not r.get("bad_metrics")
        failed += not ok
        print(f"point {r['point']}: exit {r['exit']} in {r['seconds']} s, "
              f"{len(r.get('undefined', {}))} undefined, {len(r.get('warnings', []))} warnings"
              + ("" if ok else f"\n  {r['stderr'][-600:]}"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
