"""Every lab of the course map (a week's what-if command) shows an effect: a sweep's plotted metric changes
across its grid by more than its interval, a run changes a headline metric of the chapter. Each point runs at
the chapter's cheapest settings (its spec's ``design: fixed``, as the parameter-space test does) with the
simulation cache of the build, so the test stays as cheap as the chapters allow; it is marked slow.

A metric's interval is its ``_ci`` companion (``ciw_pipelined_mbps`` and ``ciw_pipelined_ci_mbps``,
``ours_optimal_buffer_ms`` and ``ours_optimal_buffer_ms_ci``) or its ``_half`` one (``sim_wait_mean`` and
``sim_wait_half``) where the chapter records it; a metric without one is a closed form and must simply change."""

import shlex

import pytest

from mmbook import bookpages
from mmbook.params import chapter_names, load_chapter

CHAPTERS = chapter_names()


def _labs():
    """(week, command) of every chapter week of the course map."""
    for week in bookpages.course_weeks(CHAPTERS):
        if week["chapters"]:
            command = week.get("whatif") or load_chapter(week["chapters"][0]).guide.get("whatif", "")
            yield week["week"], command.strip("`")


def parse_lab(command: str) -> tuple[str, dict[str, str], tuple[str, list[str]] | None, list[str]]:
    """The chapter, the fixed ``-p`` parameters, the one ``--grid`` (name, values) and the ``--plot`` metrics.

    >>> parse_lab("mmbook sweep z --grid cv=0,1 -p a 2 --output runs/x --plot m n")
    ('z', {'a': '2'}, ('cv', ['0', '1']), ['m', 'n'])
    """
    words = shlex.split(command)
    fixed, grid, plot = {}, None, []
    for i, word in enumerate(words):
        if word == "-p":
            fixed[words[i + 1]] = words[i + 2]
        elif word == "--grid":
            name, values = words[i + 1].split("=")
            grid = (name, values.split(","))
        elif word == "--plot":
            plot = [w for w in words[i + 1:] if not w.startswith("--")]
    return words[2], fixed, grid, plot


def half_width(metrics: dict, name: str) -> float:
    """The metric's interval half width from its companion (0 for a closed form).

    >>> half_width({"x_mbps": 2.0, "x_ci_mbps": 0.5}, "x_mbps"), half_width({"y": 1.0}, "y")
    (0.5, 0.0)
    >>> half_width({"sim_wait_mean": 3.9, "sim_wait_half": 0.24}, "sim_wait_mean")
    0.24
    """
    stem, _, unit = name.rpartition("_")
    for companion in (f"{stem}_ci_{unit}", f"{name}_ci", f"{name}_half", f"{stem}_half_{unit}", f"{stem}_half"):
        if isinstance(metrics.get(companion), int | float):
            return float(metrics[companion])
    return 0.0


#: results of the runs made so far in this process, by chapter and resolved parameters: two weeks of one
#: chapter run the same point (week 4's claypool-jitter at its defaults is week 5's processor_load = 1; week
#: 10's huynh frame_kb = 8 is week 11's defaults), once
_RUNS: dict[str, dict] = {}


def _run(chapter: str, overrides: dict, folder):
    import json

    from mmbook.runner import run_chapter

    spec = load_chapter(chapter)
    # the design's cheap run lengths, but the chapter's own replications: with the design's 2 the interval's
    # t quantile is 12.7 and hides any effect (zeadally's 200 -> 95 Mbit/s over service_cv did not clear it)
    cheap = {k: v for k, v in (spec.design.get("fixed") or {}).items() if k not in overrides and k != "replications"}
    values = spec.resolve({**cheap, **overrides})
    key = json.dumps([chapter, values], sort_keys=True, default=str)
    if key not in _RUNS:
        _RUNS[key] = run_chapter(chapter, {**cheap, **overrides}, folder).results
    return _RUNS[key]


def _lab_params():
    """One case per lab; the labs of a chapter that has several share an xdist group, so that they run in
    one process and a point two of them run is run once (``_RUNS``)."""
    labs = list(_labs())
    chapters = [c.split()[2] for _, c in labs]
    for week, command in labs:
        chapter = command.split()[2]
        marks = [pytest.mark.xdist_group(f"labs-{chapter}")] if chapters.count(chapter) > 1 else []
        yield pytest.param(week, command, id=f"week{week}-{chapter}", marks=marks)


@pytest.mark.slow
@pytest.mark.parametrize("week, command", list(_lab_params()))
def test_every_lab_shows_an_effect(week, command, tmp_path):
    chapter, fixed, grid, plot = parse_lab(command)
    spec = load_chapter(chapter)
    if grid is None:  # a single what-if run: some headline metric moves from the defaults' value
        base = _run(chapter, {}, tmp_path / "base")["metrics"]
        ran = _run(chapter, fixed, tmp_path / "whatif")["metrics"]
        moved = [m for m in spec.headline or base if isinstance(base.get(m), int | float)
                 and isinstance(ran.get(m), int | float)
                 and abs(ran[m] - base[m]) > half_width(base, m) + half_width(ran, m) + 1e-9 * max(1, abs(base[m]))]
        assert moved, f"week {week}: `{command}` changes no headline metric of {chapter}"
        return
    name, values = grid
    runs = [_run(chapter, {**fixed, name: value}, tmp_path / f"p{i}")["metrics"] for i, value in enumerate(values)]
    for metric in plot or list(spec.headline or ())[:1]:
        series = [(r[metric], half_width(r, metric)) for r in runs if isinstance(r.get(metric), int | float)]
        assert len(series) == len(values), f"week {week}: {metric} is undefined at a grid point"
        low, high = min(series), max(series)
        assert high[0] - low[0] > high[1] + low[1] + 1e-9 * max(1, abs(high[0])), (
            f"week {week}: `{command}` plots {metric}, which stays within its interval across "
            f"{name} = {values}: {[round(v, 4) for v, _ in series]}")


def test_lab_list_covers_every_chapter_week():
    """The slow test above has one case per chapter week and reads each command's grid and metrics."""
    labs = list(_labs())
    assert len(labs) == sum(len(load_chapter(n).course) for n in CHAPTERS)
    for _, command in labs:
        chapter, _, grid, plot = parse_lab(command)
        assert chapter in CHAPTERS and (grid is None or grid[1]) and (grid is not None or not plot)
