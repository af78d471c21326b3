"""Run every ``benchmarks/bench_*.py`` module's ``main()`` and print one JSON report.

Usage: ``make bench`` (or ``.venv/bin/python -m benchmarks``). Numbers are machine-dependent;
compare the ratios, which are measured against a baseline in the same run.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from pathlib import Path


def main() -> int:
    folder = Path(__file__).parent
    report = {}
    for module in sorted(m.name for m in pkgutil.iter_modules([str(folder)]) if m.name.startswith("bench_")):
        print(f"running {module} ...", file=sys.stderr)
        report[module] = importlib.import_module(f"benchmarks.{module}").main()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
