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

Besides the covering design, :func:`random_points` draws seeded random points of the same declared
space (uniform between each numeric parameter's bounds, each choice and boolean equally likely, the
``fixed`` cost settings kept), and :func:`result_problems` reads a run's ``results.json`` for what
no point may show: text that is not strict JSON, an undefined value without its reason, a check
judged against conditions the run changed, a delay that is a number where one of its stations has no
steady state, and a composed judgement that disagrees with its record.

``python -m mmbook.design CHAPTER`` lists the points; ``--run DIR`` runs each with ``mmbook run``;
``--random N`` adds N seeded random points.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mmbook import params as params_mod

#: the base seed of :func:`random_points` (fixed, so that a failing point can be re-run by hand)
RANDOM_SEED = 20261126


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
    # a chapter may name the levels of a parameter with many choices (one run per choice would make the
    # design as long as its list); the random points visit the others
    chosen = dict(spec.design.get("levels") or {})
    unknown = (set(fixed) | exclude | set(chosen)) - set(spec.parameters)
    if unknown:
        raise ValueError(f"chapter {spec.name!r}: design names unknown parameters {sorted(unknown)}")
    varied = [p for n, p in spec.parameters.items() if n not in fixed and n not in exclude]
    grid = {p.name: list(chosen[p.name]) if p.name in chosen else levels(p) for p in varied}
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


def random_points(spec: params_mod.ChapterSpec, n: int = 3, seed: int = RANDOM_SEED) -> list[dict[str, Any]]:
    """``n`` seeded random points of the chapter's declared space, each valid under its rules.

    A numeric parameter with both bounds is drawn uniformly between them (an exclusive bound moved in
    by 1 % of the span, as in :func:`levels`; an integer uniformly among the integers), a choice or a
    boolean uniformly among its values; a parameter without bounds (a file, a string) keeps its
    default. The design's ``fixed`` settings are kept and its ``exclude`` list is left at the
    defaults. The draw depends on the chapter's name and ``seed`` only.

    Examples
    --------
    >>> p = {"rate": params_mod.ParamSpec("rate", "float", 1.0, help="h", min=0, max=10),
    ...      "on": params_mod.ParamSpec("on", "bool", False, help="h")}
    >>> spec = params_mod.ChapterSpec("demo", "Demo", 1, None, (), p, design={"fixed": {}})
    >>> points = random_points(spec, n=3)
    >>> len(points), all(0 <= q["rate"] <= 10 for q in points), points == random_points(spec, n=3)
    (3, True, True)
    """
    fixed = dict(spec.design.get("fixed") or {})
    exclude = set(spec.design.get("exclude") or ())
    rng = random.Random(f"{spec.name}:{seed}")
    points = []
    for _ in range(n):
        point = {**fixed}
        for name, p in spec.parameters.items():
            if name not in fixed and name not in exclude:
                point[name] = _draw(p, rng)
        points.append(_repair(spec, point, fixed))
    return points


def _draw(p: params_mod.ParamSpec, rng: random.Random) -> Any:
    """One random value of one parameter (see :func:`random_points`)."""
    if p.choices is not None:
        return rng.choice(list(p.choices))
    if p.type == "bool":
        return rng.random() < 0.5
    if p.type not in ("float", "int") or p.min is None or p.max is None:
        return p.default
    ends = levels(p)
    low, high = ends[0], ends[-1]
    if p.type == "int":
        return rng.randint(int(low), int(high))
    return _tidy(rng.uniform(float(low), float(high)))


# -- what no point may show -----------------------------------------------------------------------

def strict_results(text: str) -> dict[str, Any]:
    """``results.json`` text parsed as strict JSON: a bare ``NaN`` or ``Infinity`` raises ValueError.

    Examples
    --------
    >>> strict_results('{"x": 1.5}')
    {'x': 1.5}
    >>> strict_results('{"x": NaN}')
    Traceback (most recent call last):
    ...
    ValueError: results.json is not strict JSON: it holds NaN
    """
    def refuse(constant: str) -> Any:
        raise ValueError(f"results.json is not strict JSON: it holds {constant}")

    return json.loads(text, parse_constant=refuse)


def result_problems(results: dict[str, Any], table: Any = None) -> list[str]:
    """Everything wrong with one run's ``results.json`` (parsed), one line each; empty when all is well.

    ``table`` is the chapter's :class:`mmperf.checktable.CheckTable` when its study has one: then every
    check whose conditions this run's parameters break must be *not applicable* and uncounted.
    The checks, in order: (1) every metric is a finite number and every undefined value has a reason
    (each ``null`` that ``strict_json`` wrote has its entry in ``null_reasons``, and a check's ``ours``
    that is null is explained there); (2) applicability, with ``table``; (3) no delay through a
    station without a steady state is a number; (4) every composed judgement agrees with its record.

    Examples
    --------
    >>> ok = {"metrics": {"d": 3.0}, "undefined": {}, "checks": [], "stations": [], "delay_stations": {}}
    >>> result_problems(ok)
    []
    >>> bad = {**ok, "stations": [{"station": "codec", "steady": False, "reason": "utilisation 1"}],
    ...        "delay_stations": {"d": ["codec"]}}
    >>> result_problems(bad)
    ['delay d is a number (3) although station codec has no steady state']
    """
    return (_undefined_problems(results) + _applicability_problems(results, table)
            + _steady_problems(results) + judgement_problems(results))


def _undefined_problems(results: dict[str, Any]) -> list[str]:
    out = []
    for name, value in results.get("metrics", {}).items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            out.append(f"metric {name} is {value!r}, not a finite number")
    for name, reason in results.get("undefined", {}).items():
        if not str(reason).strip():
            out.append(f"undefined metric {name} has no reason")
        if name in results.get("metrics", {}):
            out.append(f"metric {name} is both a number and undefined")
    reasons = results.get("null_reasons", {})
    for i, check in enumerate(results.get("checks", [])):
        if check.get("ours") is None and not reasons.get(f"checks[{i}].ours") and not check.get("note"):
            out.append(f"check {check.get('id') or check.get('what')!r}: ours is null without a reason")
    return out


def _applicability_problems(results: dict[str, Any], table: Any) -> list[str]:
    """A check whose conditions the run changed must be not applicable, and the headline must not count it."""
    if table is None:
        return []
    from mmperf.checks import predictions_headline
    from mmperf.checktable import differing

    out = []
    specs = {c.id: c for c in table.checks}
    params = results.get("parameters", {})
    for check in results.get("checks", []):
        spec = specs.get(check.get("id"))
        if spec is None:
            continue
        changed = differing(spec, params)
        if changed and check.get("status") not in ("not applicable", "not comparable"):
            out.append(f"check {spec.id!r} is judged {check.get('status')!r} although the run changed its "
                       f"conditions ({', '.join(changed)})")
    recorded = results.get("predictions")
    if recorded is not None:
        recount = predictions_headline(results.get("checks", []))
        if recount != recorded:
            out.append(f"the predictions headline {recorded} does not count the checks' statuses ({recount})")
    return out


def _steady_problems(results: dict[str, Any]) -> list[str]:
    unsteady = {s["station"] for s in results.get("stations", []) if not s.get("steady", True)}
    out = []
    for delay, stations in results.get("delay_stations", {}).items():
        bad = [s for s in stations if s in unsteady]
        if bad and delay in results.get("metrics", {}):
            out.append(f"delay {delay} is a number ({results['metrics'][delay]:g}) although station "
                       f"{', '.join(bad)} has no steady state")
        elif bad and delay not in results.get("undefined", {}):
            out.append(f"delay {delay} passes through {', '.join(bad)} (no steady state) and is not declared undefined")
    return out


def judgement_problems(results: dict[str, Any]) -> list[str]:
    """Every judgement of ``results["judgements"]`` re-decided from the records in ``results``.

    Its premise must hold on the record as ``results.json`` holds it (the check's status among the
    premise's statuses; the metric defined and beyond its bounds) exactly when the judgement says
    so, and the sentence is printed then and only then.

    Examples
    --------
    >>> results = {"checks": [{"id": "a", "status": "not reproduced"}], "metrics": {}, "undefined": {},
    ...            "judgements": [{"sentence": "A is reproduced.", "otherwise": "", "printed": "A is reproduced.",
    ...                            "premise": {"check": "a", "status": ["reproduced"]}, "holds": True}]}
    >>> judgement_problems(results)  # doctest: +NORMALIZE_WHITESPACE
    ["judgement 'A is reproduced.': its premise {'check': 'a', 'status': ['reproduced']} does not hold on
      the record (status 'not reproduced'), yet the judgement says it does",
     "judgement 'A is reproduced.': printed although its premise does not hold"]
    """
    out = []
    for j in results.get("judgements", []):
        holds, record = _premise_holds(j["premise"], results)
        label = f"judgement {j['sentence'][:60]!r}"
        if holds is None:
            out.append(f"{label}: its record {record} is not in results.json")
            continue
        if holds != j.get("holds"):
            out.append(f"{label}: its premise {j['premise']} {'holds' if holds else 'does not hold'} on the record "
                       f"({record}), yet the judgement says it {'does not' if holds else 'does'}")
        expected = j["sentence"] if holds else j.get("otherwise", "")
        if j.get("printed") != expected:
            out.append(f"{label}: printed although its premise does not hold" if not holds
                       else f"{label}: not printed although its premise holds")
    return out


def _premise_holds(premise: dict[str, Any], results: dict[str, Any]) -> tuple[bool | None, str]:
    if "check" in premise:
        found = [c for c in results.get("checks", []) if c.get("id") == premise["check"]] or [
            c for c in results.get("checks", []) if c.get("what") == premise["check"]]
        if not found:
            return None, f"check {premise['check']!r}"
        status = found[0]["status"]
        return status in premise["status"], f"status {status!r}"
    name = premise["metric"]
    if name not in results.get("metrics", {}):
        return (False, f"{name} undefined") if name in results.get("undefined", {}) else (None, f"metric {name!r}")
    value = results["metrics"][name]
    holds = ("above" not in premise or value > premise["above"]) and ("below" not in premise or value < premise["below"])
    return holds, f"{name} = {value:g}"


def run_design(chapter: str, folder: Path, mmbook: str | None = None,
               points: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Run every design point (or the ``points`` given) with ``mmbook run`` into ``folder/point-I``; return one
    record per point."""
    spec = params_mod.load_chapter(chapter)
    exe = mmbook or str(Path(sys.executable).parent / "mmbook")
    records = []
    for i, point in enumerate(design_points(spec) if points is None else points):
        out = folder / f"point-{i}"
        cmd = [exe, "run", chapter, "--output", str(out)]
        for name, value in point.items():
            cmd += ["-p", name, _as_text(value)]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        record = {"point": i, "parameters": point, "exit": proc.returncode,
                  "seconds": round(time.perf_counter() - start, 1), "stderr": proc.stderr.strip()[-2000:]}
        if proc.returncode == 0:
            text = (out / "results.json").read_text()
            try:
                results = strict_results(text)
                record["strict_json"] = True
            except ValueError:
                results, record["strict_json"] = json.loads(text), False
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
    parser.add_argument("--random", type=int, default=0, metavar="N", help="add N seeded random points")
    args = parser.parse_args(argv)
    if args.random < 0:
        parser.error(f"--random must be 0 or more, got {args.random}")
    spec = params_mod.load_chapter(args.chapter)
    points = design_points(spec) + random_points(spec, args.random)
    if not args.run:
        for i, point in enumerate(points):
            print(f"point {i}: {point}")
        return 0
    records = run_design(args.chapter, args.run, points=points)
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
