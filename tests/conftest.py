"""Shared fixtures: the project root, a scratch project for runner tests, the built book."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


DEMO_SPEC = """\
title: "Demo chapter"
order: 1
data: []
headline: [mm1_wait]
design:
  exclude: [fail]
parameters:
  rate:
    type: float
    default: 1.0
    min: 0
    min_exclusive: true
    max: 10
    unit: "1/s"
    help: "Arrival rate (per second)"
  scale:
    type: float
    default: 1.0
    min: 0.5
    max: 2
    unit: ""
    help: "Factor on the wait (a second parameter for sweeps)"
  fail:
    type: bool
    default: false
    help: "Raise an error in a cell"
"""

DEMO_NOTEBOOK = '''\
---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

# Demo

```{code-cell} ipython3
:tags: [parameters]
rate = 1.0
scale = 1.0
fail = False
output_dir = None
```

```{code-cell} ipython3
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from mmbook.chapter import Chapter
ch = Chapter.start("demo", globals())
```

```{code-cell} ipython3
if fail:
    raise RuntimeError("asked to fail")
if rate < 2:
    w = ch.metric("mm1_wait", scale / (2 - rate), unit="s")
    ch.glue("wait_text", f"The wait is {w:.2f}.")
    na = None
else:
    ch.warn("queue unstable", f"arrival rate {rate} >= service rate 2")
    w = ch.undefined("mm1_wait", "the queue is unstable")
    ch.glue("wait_text", "The wait is undefined: the queue is unstable.")
    na = "the queue is unstable"
fig, ax = plt.subplots()
ax.plot([0, 1], [0, rate])
ch.figure(fig, "fig-demo-line", alt="a straight line")
ch.scorecard.compare("wait", "here", paper=1.0, ours=w, tol=0.01, evidence="prediction",
                     reason="demo tolerance", na_reason=na)
ch.coverage.add("Figure 1", "computed from the model", "a line")
ch.save()
```

{glue:text}`wait_text`

```{glue:figure} fig-demo-line
:name: fig-demo-line

A line.
```
'''


@pytest.fixture
def demo_project(tmp_path, monkeypatch) -> Path:
    """A minimal project (one fast chapter) under tmp_path, selected through MMPERF_ROOT."""
    (tmp_path / "data").mkdir()
    (tmp_path / "notebooks").mkdir()
    shutil.copy(ROOT / "_config.yml", tmp_path / "_config.yml")
    (tmp_path / "notebooks" / "demo.yml").write_text(DEMO_SPEC)
    (tmp_path / "notebooks" / "demo.md").write_text(textwrap.dedent(DEMO_NOTEBOOK))
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "simcache"))
    return tmp_path


# -- scheduling under pytest-xdist (issue 27 item 6: `make test` within 20 minutes) ------------------------

#: Worker-seconds of the known-long tests, by node id, by parametrized case (``name[id]``) or by test function:
#: the 25 slowest of CI's ``--durations=25`` in the 47-minute ``make test`` of 2026-11-26 (issue 27 item 6), and
#: for the other cases of the same functions a number below the 25th (48 s). They only order the tests; a
#: wrong number costs balance, never coverage. A slow test not named here counts SLOW_DEFAULT seconds, a
#: browser test BROWSER_DEFAULT, every other test 0 (it keeps its place).
COSTS = {
    "test_every_design_point_runs": 45,
    "test_every_design_point_runs[huynh]": 115,
    "test_every_design_point_runs[hsieh-messaging]": 100,
    "test_every_design_point_runs[claypool-load]": 99,
    "test_every_design_point_runs[hsieh-video]": 97,
    "test_every_design_point_runs[claypool-jitter]": 82,
    "test_every_design_point_runs[claypool-quality]": 76,
    "test_every_design_point_runs[zeadally]": 63,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run": 45,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[huynh]": 160,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[hsieh-messaging]": 105,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[claypool-load]": 91,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[zeadally]": 86,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[sharp]": 75,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[claypool-quality]": 74,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[claypool-jitter]": 71,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[hsieh-video]": 63,
    "test_every_chapter_sweeps_its_random_points_and_a_point_equals_mmbook_run[laws]": 48,
    "test_every_lab_shows_an_effect": 40,
    "test_every_lab_shows_an_effect[week13-hsieh-video]": 100,
    "test_every_lab_shows_an_effect[week12-hsieh-messaging]": 68,
    "test_every_lab_shows_an_effect[week8-zeadally]": 62,
    "test_every_lab_shows_an_effect[week10-huynh]": 58,
    "test_every_lab_shows_an_effect[week5-claypool-jitter]": 57,
    "test_every_lab_shows_an_effect[week7-claypool-load]": 49,
    "test_phone_and_dark_mode_screenshots": 30,
    "test_phone_and_dark_mode_screenshots[instructor]": 62,
    "tests/test_chapter_hsieh_video.py::test_changed_parameters": 50,
    # the module fixture's three runs (96 s in CI) are counted on the first test that uses it
    "tests/test_chapter_claypool_jitter.py::test_changed_parameters_move_the_results_the_expected_way": 96,
}
SLOW_DEFAULT = 20.0
BROWSER_DEFAULT = 2.0


def _cost(item: pytest.Item) -> float:
    """The worker-seconds ``item`` is expected to take: COSTS by node id, case or function, else SLOW_DEFAULT
    for a slow test, BROWSER_DEFAULT for a browser test, 0 for any other."""
    for key in (item.nodeid, item.name, getattr(item, "originalname", None)):
        if key in COSTS:
            return float(COSTS[key])
    if item.get_closest_marker("slow"):
        return SLOW_DEFAULT
    return BROWSER_DEFAULT if item.get_closest_marker("browser") else 0.0


def _marked_group(item) -> str | None:
    """The name of the test's own ``xdist_group`` mark, if it has one."""
    mark = item.get_closest_marker("xdist_group") if hasattr(item, "get_closest_marker") else None
    if mark is None:
        return None
    return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))


def _shares_a_module_fixture(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture built once per module or class (built again on each worker that runs
    one of the module's tests, so those tests belong on one worker)."""
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info is not None else ()
    return any(d.scope in ("module", "class", "package") for chain in defs for d in chain)


def schedule_order(items: list, cost=_cost, shares=_shares_a_module_fixture) -> list[tuple]:
    """The units of work in the order two workers should take them, longest first, and each unit's items.

    A unit is one test; or the tests a test module marks ``xdist_group(NAME)`` (its unit is NAME); or every
    test of a module whose tests share a module-scoped fixture (its unit is the module's path); a unit costs
    the sum of its tests' costs. Longest
    first: a 160-second test started last leaves the other worker idle for most of it. Units of equal cost
    keep their collection order, and so does a unit's tests.

    >>> from types import SimpleNamespace as T
    >>> items = [T(nodeid="a.py::x", c=1), T(nodeid="b.py::y", c=5), T(nodeid="b.py::z", c=0),
    ...          T(nodeid="c.py::w", c=9)]
    >>> [(unit, [i.nodeid for i in its]) for unit, its in schedule_order(
    ...     items, cost=lambda i: i.c, shares=lambda i: i.nodeid.startswith("b"))]
    [('c.py::w', ['c.py::w']), ('b.py', ['b.py::y', 'b.py::z']), ('a.py::x', ['a.py::x'])]
    """
    units: dict[str, list] = {}
    for item in items:
        module = item.nodeid.split("::")[0]
        units.setdefault(_marked_group(item) or (module if shares(item) else item.nodeid), []).append(item)
    order = sorted(units.items(), key=lambda unit: -sum(cost(i) for i in unit[1]))
    return order


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    """Under ``make test`` (``pytest -n 2 --dist loadgroup --no-loadscope-reorder``): longest units first,
    and the tests that share a module-scoped fixture in one group, which xdist sends to one worker (see
    :func:`schedule_order`). Any other run keeps pytest's order: under ``--dist load`` the first quarter of
    the tests goes to one worker in one block, so long tests first would all land on it."""
    if not (hasattr(config, "workerinput") and config.getvalue("loadgroup")):
        return
    ordered = []
    for unit, members in schedule_order(items):
        for item in members:
            if len(members) > 1 or _marked_group(item):
                if not _marked_group(item):
                    item.add_marker(pytest.mark.xdist_group(unit))
                _name_the_group(item, unit)
            ordered.append(item)
    items[:] = ordered


def _name_the_group(item: pytest.Item, group: str) -> None:
    """Append ``@group`` to the item's node id, which is how xdist's scheduler sees a group. pytest-xdist
    3.8 writes the suffix to ``item._nodeid``, which pytest 9 no longer reads (it keeps the id in
    ``item._id``), so its ``--dist loadgroup`` silently groups nothing here; this writes where pytest reads.
    A later xdist that writes it itself adds a second suffix, which names the same group (xdist splits at
    the last ``@``)."""
    if item.nodeid.endswith(f"@{group}"):
        return
    from _pytest.nodeid import coerce_node_id

    item._id = coerce_node_id(f"{item.nodeid}@{group}")


def strict_json_load(text: str):
    """Parse JSON as JavaScript's JSON.parse does: the constants NaN, Infinity and -Infinity are refused."""
    import json

    def refuse(constant: str):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=refuse)


def run_chapter(chapter: str, output: Path, *params: str, timeout: float = 600) -> dict:
    """``mmbook run CHAPTER -p NAME VALUE ... --output OUTPUT`` from the project root; its results.json.

    ``params`` are names and values in turn. A failing run fails the test with the end of its output.
    """
    import json

    pairs = [token for i in range(0, len(params), 2) for token in ("-p", params[i], params[i + 1])]
    p = subprocess.run([str(Path(sys.executable).with_name("mmbook")), "run", chapter, *pairs, "--output",
                        str(output)], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, p.stderr[-2000:] + p.stdout[-2000:]
    return json.loads((output / "results.json").read_text())


@pytest.fixture(autouse=True)
def _every_results_json_is_strict_json(request):
    """After every test that used a temporary folder: each results.json and coverage.json in it (runs,
    sweep points, the book's build of a demo project) parses as strict JSON (issue 22: a bare NaN was
    written where a check was undefined)."""
    folder = request.getfixturevalue("tmp_path") if "tmp_path" in request.fixturenames else None
    yield
    if folder is None:
        return
    for file in [*folder.rglob("results.json"), *folder.rglob("coverage.json")]:
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # a test's own broken file
        try:
            strict_json_load(text)
        except ValueError as exc:
            if _written_by_mmbook(file):
                raise AssertionError(f"{file} is not strict JSON: {exc}") from None


def _written_by_mmbook(file: Path) -> bool:
    """Whether a results.json was written by a chapter run (the marker lists it), not by a test on purpose."""
    import json

    marker = file.parent / ".mmbook-run.json"
    try:
        return file.name in json.loads(marker.read_text()).get("files", [])
    except (OSError, ValueError):
        return False


@pytest.fixture(scope="session")
def built_book() -> Path:
    """The HTML book; `make test` builds it first, a bare pytest run builds it here (cached chapters)."""
    from mmperf import paths

    html = paths.build_dir() / "html"
    if not (html / "index.html").is_file():
        subprocess.run([str(Path(sys.executable).parent / "mmbook"), "build"], cwd=paths.project_root(),
                       check=True)
    return html


def default_run(chapter: str, scratch: Path) -> Path:
    """The folder of ``chapter``'s run at its defaults: the book's build when it is current (``make test``
    builds first, and the build runs every chapter at its defaults with the same ``run_chapter``), else a
    fresh ``mmbook run`` into ``scratch`` (:func:`run_chapter`). A test of the default run reads it here instead of running the
    chapter again (each default run costs tens of seconds; issue 27 keeps ``make test`` within 20 minutes).

    "Current" is the build's own test (:func:`mmbook.build.is_up_to_date`): the chapter's cache key, over
    its notebook, spec, data and the code it imports, equals the one the build recorded.
    """
    from mmbook import build, params
    from mmperf import paths

    if build.is_up_to_date(params.load_chapter(chapter)):
        return paths.default_chapter_dir(chapter)
    out = scratch / f"{chapter}-default"
    run_chapter(chapter, out, timeout=1800)  # the defaults are the chapter's longest run
    return out

