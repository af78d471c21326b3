"""`make mutation`: mutation testing of the analytic modules with mutmut, and its report.

mutmut 3 finds the mutated package only under ``./``, ``src/`` or ``source/``, and this project keeps
its library in ``lib/``; so the run happens in a scratch copy of the project with ``lib/`` renamed
``src/`` (the tests import ``mmperf`` either way). Nothing in the working tree is mutated.

Usage::

    python -m benchmarks.mutation                 # the modules in MODULES, their fast tests
    python -m benchmarks.mutation --report FILE   # also write the survivors to FILE (markdown)

Every surviving mutant in the committed report (``benchmarks/mutation-report.md``) is either killed by
a new test or explained there as equivalent.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: analytic modules and the fast, exact tests that must kill their mutants
#: (each module's own doctests run too: ``src/mmperf/<module>.py`` is added to its selection)
MODULES = {
    "queueing": ["tests/test_queueing.py"],
    "stats": ["tests/test_stats.py"],
    "checks": ["tests/test_checks.py"],
    "regression": ["tests/test_regression.py"],
    "jitter": ["tests/test_jitter.py"],
    "quality": ["tests/test_quality.py"],
}
#: simulation tests are excluded: they cost seconds per mutant and the exact tests are meant to suffice
DESELECT = "not simulation_matches and not slow"


def selection(modules: dict[str, list[str]]) -> list[str]:
    """The test files of ``modules`` plus each module itself (for its doctests), sorted."""
    tests = {t for ts in modules.values() for t in ts} | {f"src/mmperf/{m}.py" for m in modules}
    tests |= {t for m in modules for t in sorted((ROOT / "tests").glob(f"test_mutation_{m}*.py"))
              for t in [f"tests/{t.name}"]}
    return sorted(tests)


def prepare(copy: Path, modules: dict[str, list[str]]) -> None:
    """A scratch copy of the project with the library under ``src/`` and mutmut's configuration."""
    for name in ("tests", "data", "notebooks"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "lib", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copy2(ROOT / "_config.yml", copy / "_config.yml")
    pyproject = (ROOT / "pyproject.toml").read_text()
    tests = selection(modules)
    pyproject += (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = {[f'src/mmperf/{m}.py' for m in modules]!r}\n".replace("'", '"')
        + f"pytest_add_cli_args_test_selection = {tests!r}\n".replace("'", '"')
        + f'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "-k", "{DESELECT}"]\n'
    )
    (copy / "pyproject.toml").write_text(pyproject.replace('"tests", "lib/mmperf"', '"tests"'))


def run(copy: Path, children: int) -> str:
    exe = Path(sys.executable).parent / "mutmut"
    subprocess.run([str(exe), "run", "--max-children", str(children)], cwd=copy, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return subprocess.run([str(exe), "results", "--all", "true"], cwd=copy, capture_output=True, text=True).stdout


def survivors(results: str) -> list[str]:
    return [line.split(":")[0].strip() for line in results.splitlines() if line.strip().endswith(": survived")]


def show(copy: Path, mutant: str) -> str:
    exe = Path(sys.executable).parent / "mutmut"
    return subprocess.run([str(exe), "show", mutant], cwd=copy, capture_output=True, text=True).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mutation")
    parser.add_argument("--report", type=Path, help="write the survivors and their diffs (markdown)")
    parser.add_argument("--children", type=int, default=2)
    parser.add_argument("--module", action="append", choices=sorted(MODULES), help="only these modules")
    args = parser.parse_args(argv)
    modules = {m: MODULES[m] for m in (args.module or MODULES)}
    with tempfile.TemporaryDirectory(prefix="mmperf-mutation-") as tmp:
        copy = Path(tmp)
        prepare(copy, modules)
        results = run(copy, args.children)
        counts: dict[str, int] = {}
        for line in results.splitlines():
            m = re.match(r"\s*\S+: (.+)$", line)
            if m:
                counts[m.group(1)] = counts.get(m.group(1), 0) + 1
        alive = survivors(results)
        print(f"mutants: {sum(counts.values())}; " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
        for mutant in alive:
            print(f"survived: {mutant}")
        if args.report:
            lines = ["# Mutation report", "", f"Modules: {', '.join(modules)}; tests: "
                     f"{', '.join(selection(modules))} (`-k \"{DESELECT}\"`).", "",
                     "| outcome | mutants |", "|---|---|"]
            lines += [f"| {k} | {v} |" for k, v in sorted(counts.items())]
            lines += ["", "## Survivors", ""]
            for mutant in alive:
                lines += [f"### `{mutant}`", "", "```diff", show(copy, mutant).strip(), "```", "",
                          "Explanation: (to be written: a new test that kills it, or why it is equivalent)", ""]
            args.report.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
