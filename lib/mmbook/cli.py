"""The ``mmbook`` command: list chapters, show their parameters, re-run one, build the book.

Examples::

    mmbook list
    mmbook params huynh            # a table; --json for machines
    mmbook run zeadally -p z_xf_mbps 460 --output runs/faster-bus
    mmbook run huynh -f my-params.yaml --output runs/huynh-15fps
    mmbook build                   # what `make book` calls; --force re-runs every chapter
    mmbook sweep sharp --grid frame_rate_fps=15,25,30 --grid background_load=0,0.1 --output runs/s
    mmbook sweep zeadally --vary z_xf_mbps=100:400 --sample 20 --output runs/lhs
    mmbook compare runs/a runs/b   # change of A relative to B, (A - B) / |B| (B omitted: the book's build)
    mmbook check single-queues --template answers.yml   # an answers file to fill in
    mmbook check single-queues answers.yml --student    # grade it: right or wrong, too high or too low
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from mmbook import params as params_mod
from mmbook import userfile

EXIT_CODES = """exit status:
  0    success
  1    a chapter failed (the log and the notebook up to the failing cell are kept beside --output),
       or the book did not build
  2    bad input: unknown chapter or parameter, a value outside its range, a parameter given twice,
       an unreadable or malformed parameter file, an output folder mmbook must not write into
  130  interrupted (Ctrl-C); nothing partial is left behind
  143  terminated (SIGTERM) during `mmbook run`; nothing partial is left behind

simulation cache: $MMPERF_CACHE_DIR, else $XDG_CACHE_HOME/mmperf/simcache (~/.cache/mmperf/simcache);
`mmbook run` writes nothing into the book's build (_build/)."""


CHECK_EXIT_CODES = """exit status:
  0    every exercise of the chapter's key answered and right
  1    an answer wrong or missing (or the chapter's run failed)
  2    bad input: unknown chapter, a chapter without a key, an unreadable or malformed answers file, a label
       the chapter does not have, an exercise without a numeric answer, a value that is not a number,
       a --template file that exists

The model's values come from the chapter run at its defaults: the book's build when up to date, else one
run cached per user (a second check takes about a second)."""


class UsageError(ValueError):
    """Bad input from the command line or a parameter file (exit status 2)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mmbook", description=__doc__.split("\n\n")[0], epilog=EXIT_CODES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the chapters")
    p = sub.add_parser("params", help="list a chapter's parameters (type, default, allowed range, unit, meaning)")
    p.add_argument("chapter")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    r = sub.add_parser("run", help="re-run one chapter with new parameters into a folder of its own",
                       epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("chapter")
    r.add_argument("-p", "--param", action="append", metavar="NAME VALUE", default=[],
                   help="set a parameter (repeatable); lists as 8,15,30")
    r.add_argument("-f", "--file", type=Path, help="YAML file of parameter values")
    r.add_argument("--output", type=Path, required=True,
                   help="folder for this run: new, empty, or an earlier mmbook run (never the book's build)")
    r.add_argument("--student", action="store_true",
                   help="leave every exercise's solution out of the run's notebook, page and source")
    s = sub.add_parser("sweep", help="run a chapter over a grid or a Latin hypercube of parameters",
                       epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("chapter")
    s.add_argument("--grid", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="values of one parameter (repeatable: the Cartesian product is run)")
    s.add_argument("--vary", action="append", default=[], metavar="NAME[=LOW:HIGH]",
                   help="a parameter for --sample (default range: its allowed range)")
    s.add_argument("--sample", type=int, metavar="N", help="N points of a Latin hypercube over the --vary ranges")
    s.add_argument("-p", "--param", action="append", metavar="NAME VALUE", default=[],
                   help="a fixed parameter for every point (repeatable)")
    s.add_argument("-f", "--file", type=Path, help="YAML file of fixed parameter values")
    s.add_argument("--output", type=Path, required=True, help="folder for the sweep (new, or an earlier sweep "
                                                              "with --resume; never inside the book's _build/)")
    s.add_argument("--workers", type=int, help="points run at once on this machine (default: the cores; at most "
                                               "the cores; not with --scheduler)")
    s.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the points on a Dask distributed cluster (e.g. tcp://10.0.0.5:8786)")
    s.add_argument("--resume", action="store_true", help="complete an earlier (interrupted) sweep: run only the "
                                                         "points not yet finished with the same parameters and code")
    s.add_argument("--force", action="store_true", help="with --resume: run these points even if they differ "
                                                        "from the earlier sweep's (the earlier rows are kept)")
    s.add_argument("--plot", nargs="+", metavar="METRIC", help="metrics plotted in index.html "
                                                               "(default: the chapter's headline metrics)")
    s.add_argument("--seed", type=int, help="base seed: each point's seed is derived from it and the point's "
                                            "parameters, within the chapter's range of seed; it also seeds the "
                                            "Latin hypercube (default: the chapter's default seed, else 0)")
    c = sub.add_parser("compare", help="what changed in run A relative to run B (or the book's build): "
                                       "change = (A - B) / |B|")
    c.add_argument("run_a", type=Path, help="the run looked at, e.g. runs/faster-bus")
    c.add_argument("run_b", type=Path, nargs="?", help="what A is compared with; omitted: the book's default "
                                                       "build of the same chapter")
    c.add_argument("--output", type=Path, help="also write the comparison as CSV (a new file: never overwritten)")
    k = sub.add_parser("check", help="grade a student's answers to a chapter's exercises against the model",
                       epilog=CHECK_EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    k.add_argument("chapter")
    k.add_argument("answers", type=Path, nargs="?", metavar="ANSWERS.yml",
                   help="the answers: exercise label: number, one per line")
    k.add_argument("--template", nargs="?", const=True, metavar="FILE",
                   help="write an empty answers file to fill in (default CHAPTER-answers.yml; never over an "
                        "existing file)")
    k.add_argument("--student", action="store_true",
                   help="say only right or wrong and too high or too low, never the model's value")
    b = sub.add_parser("build", help="execute every chapter (cached) and build the HTML book")
    b.add_argument("--force", action="store_true", help="re-execute every chapter even if unchanged")
    b.add_argument("-j", "--jobs", type=int, default=2, help="chapters executed in parallel (default 2)")
    b.add_argument("--student", action="store_true",
                   help="build the student edition (no solutions) into _build/student/html")
    return parser


def _join_param_pairs(argv: list[str]) -> list[str]:
    """Turn ``-p NAME VALUE`` into ``--param=NAME=VALUE``, so a value may start with '-' (``-inf``, ``-3``).

    Examples
    --------
    >>> _join_param_pairs(["run", "x", "-p", "a", "-inf", "--output", "o"])
    ['run', 'x', '--param=a=-inf', '--output', 'o']
    """
    out, i = [], 0
    while i < len(argv):
        token = argv[i]
        if token in ("-p", "--param"):
            if i + 2 >= len(argv):
                raise UsageError(f"{token} needs a NAME and a VALUE, e.g. -p frame_rate 15")
            name, value = argv[i + 1], argv[i + 2]
            if name.startswith("-"):
                raise UsageError(f"{token} needs a NAME and a VALUE, e.g. -p frame_rate 15 (got {name!r})")
            out.append(f"--param={name}={value}")
            i += 3
        else:
            out.append(token)
            i += 1
    return out


#: a ``mmbook run -f`` file: its words and rules for :func:`mmbook.userfile.read_yaml`
PARAMETER_FILE = userfile.FileKind(
    name="parameter file", example="my-parameters.yaml", error=UsageError, strict_numbers=True,
    twice="{path}, line {line}: parameter {key!r} is given twice (first on line {first})")


def read_parameter_file(path: Path) -> dict[str, Any]:
    """Read a YAML file of parameter values, refusing what cannot be meant.

    Raises
    ------
    UsageError
        one line naming the file (and line) and what is wrong: missing, a folder, not UTF-8,
        indented with a tab, malformed YAML, a key given twice (:func:`mmbook.userfile.read_yaml`), not a mapping.
    """
    loaded = userfile.read_yaml(path, PARAMETER_FILE)
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise UsageError(f"parameter file {path} must map names to values (name: value, one per line)")
    return loaded


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    """Parameters from ``-f`` and ``-p``; a parameter given twice anywhere is refused.

    A ``-p`` value stays the text typed: the parameter's type reads it (:meth:`mmbook.params.ParamSpec.coerce`,
    by the strict rule of :func:`mmbook.params.parse_number`), as it reads the same text in a file.
    """
    values: dict[str, Any] = {}
    source: dict[str, str] = {}
    if args.file:
        for name, value in read_parameter_file(args.file).items():
            values[str(name)] = value
            source[str(name)] = f"the file {args.file}"
    for pair in args.param:
        name, _, text = pair.partition("=")
        if name in source:
            raise UsageError(f"parameter {name!r} is given twice (-p and {source[name]}); give it once")
        values[name] = text
        source[name] = "-p"
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
        unit = f" {r['unit']}" if r["unit"] else ""
        print(f"  {r['name']:<{width}}  {r['type']:<11} default {r['default']!r}{unit}\n"
              f"  {'':<{width}}  allowed: {r['allowed']}\n  {'':<{width}}  {r['help']}\n")
    return 0


class Terminated(KeyboardInterrupt):
    """SIGTERM during ``mmbook run``: unwinds exactly as Ctrl-C does (the partial work and the kernel are
    cleaned up by the same code), and exits 143 (128 + 15) instead of 130."""


@contextlib.contextmanager
def _terminate_like_interrupt():
    """While the block runs, SIGTERM raises :class:`Terminated` in the main thread (once: a second SIGTERM
    during the clean-up is ignored, so that the clean-up finishes); the previous handler is put back after
    (``main`` may be called in a process that has its own, such as a test runner)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return

    def handler(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise Terminated

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _cmd_run(args: argparse.Namespace) -> int:
    with _terminate_like_interrupt():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from mmbook.runner import check_output_dir, run_chapter

    spec = params_mod.load_chapter(args.chapter)
    overrides = _overrides(args)
    values = spec.resolve(overrides)  # validate everything before anything runs or is written
    check_output_dir(args.output.absolute())
    changed = {k: v for k, v in values.items() if v != spec.parameters[k].default}
    print(f"running {args.chapter} with {changed or 'the default parameters'} ...", file=sys.stderr)
    result = run_chapter(args.chapter, overrides, args.output, progress=True, student=args.student)
    res = result.results
    warn = f", {len(res.get('warnings', []))} warnings" if res.get("warnings") else ""
    print(f"done: {result.output_dir}\n  notebook {result.notebook.name}, page {args.chapter}.html, "
          f"figures/, tables/, results.json ({len(res['metrics'])} metrics, {len(res.get('undefined', {}))} "
          f"undefined, {len(res['checks'])} checks{warn})", file=sys.stderr)
    return 0


def _cmd_sweep(args: argparse.Namespace) -> int:
    from mmbook import sweep

    spec = params_mod.load_chapter(args.chapter)
    sweep.check_outside_build(args.output)
    if args.force and not args.resume:
        raise UsageError("--force goes with --resume (it runs points that differ from the earlier sweep's)")
    fixed = _overrides(args)
    base = sweep.base_seed(spec, args.seed, fixed)
    if args.sample is not None:
        if args.grid:
            raise UsageError("give either --grid or --sample with --vary, not both")
        if not args.vary:
            raise UsageError("--sample needs the parameters to vary: --vary NAME[=LOW:HIGH]")
        vary = [sweep.parse_vary(v) for v in args.vary]
        points = sweep.sample_points(spec, vary, args.sample, fixed, seed=base)
        how = {"vary": {name: list(rng) if rng else None for name, rng in vary}, "sample": args.sample}
    elif args.grid:
        if args.vary:
            raise UsageError("--vary goes with --sample N")
        grids = sweep.typed_grids(spec, [sweep.parse_grid(g) for g in args.grid])
        points = sweep.grid_points(spec, grids, fixed)
        how = {"grid": dict(grids)}
    else:
        raise UsageError("a sweep needs --grid NAME=V1,V2,... or --vary NAME --sample N")
    plan = {**how, "fixed": {name: spec.parameters[name].coerce(value) for name, value in fixed.items()},
            "seed": base}
    try:
        summary = sweep.run_sweep(args.chapter, points, args.output, workers=args.workers,
                                  scheduler=args.scheduler, resume=args.resume, force=args.force,
                                  plot=args.plot, plan=plan, seed=args.seed)
    except sweep.SweepInterrupted as stop:
        print(f"mmbook: {stop}", file=sys.stderr)
        return stop.exit_status
    kept = f", {summary['kept']} earlier points kept" if summary["kept"] else ""
    print(f"sweep done: {summary['points']} points ({summary['ran']} run, {summary['skipped']} resumed{kept}), "
          f"{len(summary['failed'])} failed; {args.output / 'index.html'}", file=sys.stderr)
    for point_id, overrides, error in summary["failed"]:
        print(f"  failed {point_id} {overrides}: {error}", file=sys.stderr)
    return 1 if summary["failed"] else 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from mmbook import compare

    if args.output is not None:
        compare.check_new_file(args.output)  # before reading anything: a bad --output is one line
    rows, run_b = compare.compare_runs(args.run_a, args.run_b)
    b_label = str(args.run_b) if args.run_b is not None else f"the book's default build ({run_b})"
    print(compare.format_comparison(rows, str(args.run_a), b_label))
    if args.output is not None:
        compare.write_new_file(args.output, compare.comparison_csv(rows))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from mmbook import grading

    if args.template is not None:
        if args.student:
            raise UsageError("--student goes with grading an answers file, not with --template")
        if args.answers is not None and args.template is not True:
            raise UsageError("give the template's file once: --template FILE")
        target = args.answers if args.template is True else Path(args.template)
        written = grading.write_template(args.chapter, target or Path(f"{args.chapter}-answers.yml"))
        print(f"wrote {written}: fill in a number after each label, then run "
              f"`mmbook check {args.chapter} {written} --student`", file=sys.stderr)
        return 0
    if args.answers is None:
        raise UsageError(f"mmbook check {args.chapter} needs the answers file (ANSWERS.yml), or --template to "
                         "write one")
    lines, status = grading.check(args.chapter, args.answers, student=args.student)
    print("\n".join(lines))
    return status


def _refusals() -> tuple[type[Exception], ...]:
    """The errors that mean "bad input" (exit 2). Called only while an exception is being matched, so that
    commands which never reach the runner (a no-op ``mmbook build``, ``mmbook list``) do not pay for
    importing it and Jupyter's client."""
    from mmbook.compare import CompareError
    from mmbook.grading import AnswersError
    from mmbook.runner import OutputError
    from mmbook.sweep import SweepError

    return (params_mod.ParameterError, params_mod.ChapterNotFound, UsageError, OutputError, SweepError,
            CompareError, AnswersError)


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(_join_param_pairs(list(sys.argv[1:] if argv is None else argv)))
        if args.command == "list":
            return _cmd_list()
        if args.command == "params":
            return _cmd_params(args.chapter, args.json)
        if args.command == "run":
            return _cmd_run(args)
        if args.command == "sweep":
            return _cmd_sweep(args)
        if args.command == "compare":
            return _cmd_compare(args)
        if args.command == "check":
            return _cmd_check(args)
        from mmbook.build import build

        build(force=args.force, jobs=args.jobs, student=args.student)
        return 0
    except Terminated:
        print("mmbook: terminated (SIGTERM); no partial output was kept", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("mmbook: interrupted; no partial output was kept", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `mmbook params x --json | head`: the reader left; not an error of ours
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except _refusals() as exc:  # evaluated only when an exception is raised
        print(f"mmbook: error: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # runner.ChapterRunError is one
        print(f"mmbook: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
