"""The ``mmbook`` command: list chapters, show their parameters, re-run one, build the book.

Examples::

    mmbook list
    mmbook params huynh            # a table; --json for machines
    mmbook run zeadally -p z_xf_mbps 460 --output runs/faster-bus
    mmbook run huynh -f my-params.yaml --output runs/huynh-15fps
    mmbook build                   # what `make book` calls; --force re-runs every chapter

Exit status: 0 on success, 2 for bad input (unknown chapter or parameter, bad value),
1 when a chapter fails or the book does not build.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

from mmperf import params as params_mod


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mmbook", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the chapters")
    p = sub.add_parser("params", help="list a chapter's parameters (type, default, allowed range, meaning)")
    p.add_argument("chapter")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    r = sub.add_parser("run", help="re-run one chapter with new parameters into a folder of its own")
    r.add_argument("chapter")
    r.add_argument("-p", "--param", nargs=2, action="append", metavar=("NAME", "VALUE"), default=[],
                   help="set a parameter (repeatable); lists as 8,15,30")
    r.add_argument("-f", "--file", type=Path, help="YAML file of parameter values")
    r.add_argument("--output", type=Path, required=True, help="folder for this run (not the book's build)")
    b = sub.add_parser("build", help="execute every chapter (cached) and build the HTML book")
    b.add_argument("--force", action="store_true", help="re-execute every chapter even if unchanged")
    b.add_argument("-j", "--jobs", type=int, default=2, help="chapters executed in parallel (default 2)")
    return parser


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if args.file:
        if not args.file.is_file():
            raise params_mod.ParameterError(f"parameter file {args.file} does not exist")
        loaded = yaml.safe_load(args.file.read_text(encoding="utf-8")) or {}
        if not isinstance(loaded, dict):
            raise params_mod.ParameterError(f"parameter file {args.file} must map names to values")
        values.update(loaded)
    for name, value in args.param:
        if name in values and not args.file:
            raise params_mod.ParameterError(f"parameter {name!r} given twice")
        values[name] = value  # command-line strings; the spec converts them
    return values


def _cmd_list() -> int:
    for name in params_mod.chapter_names():
        spec = params_mod.load_chapter(name)
        print(f"{name:20s} {spec.title}  ({len(spec.parameters)} parameters)")
    return 0


def _cmd_params(chapter: str, as_json: bool) -> int:
    spec = params_mod.load_chapter(chapter)
    rows = spec.describe()
    if as_json:
        print(json.dumps({"chapter": chapter, "title": spec.title, "parameters": rows}, indent=2))
        return 0
    print(f"{spec.title}\n")
    width = max((len(r["name"]) for r in rows), default=4)
    for r in rows:
        print(f"  {r['name']:<{width}}  {r['type']:<11} default {r['default']!r}\n"
              f"  {'':<{width}}  allowed: {r['allowed']}\n  {'':<{width}}  {r['help']}\n")
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    from mmperf.runner import run_chapter

    spec = params_mod.load_chapter(args.chapter)
    overrides = _overrides(args)
    values = spec.resolve(overrides)  # validate everything before anything runs or is written
    changed = {k: v for k, v in values.items() if v != spec.parameters[k].default}
    print(f"running {args.chapter} with {changed or 'the default parameters'} ...", file=sys.stderr)
    result = run_chapter(args.chapter, overrides, args.output, progress=True)
    print(f"done: {result.output_dir}\n  notebook {result.notebook.name}, page {args.chapter}.html, "
          f"figures/, results.json ({len(result.results['metrics'])} metrics, "
          f"{len(result.results['checks'])} checks)", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from mmperf.runner import ChapterRunError

    try:
        if args.command == "list":
            return _cmd_list()
        if args.command == "params":
            return _cmd_params(args.chapter, args.json)
        if args.command == "run":
            return _cmd_run(args)
        from mmperf.build import build

        build(force=args.force, jobs=args.jobs)
        return 0
    except (params_mod.ParameterError, params_mod.ChapterNotFound, ValueError) as exc:
        print(f"mmbook: error: {exc}", file=sys.stderr)
        return 2
    except (ChapterRunError, RuntimeError) as exc:
        print(f"mmbook: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
