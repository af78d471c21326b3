"""The parallel map: results in task order, independent of the number of workers."""

import random

from mmperf.parallel import default_workers, pmap


def _draw(seed: int) -> float:
    rng = random.Random(seed)  # each task seeds its own generator
    return rng.random()


def test_order_and_results_do_not_depend_on_workers():
    tasks = list(range(8))
    assert pmap(_draw, tasks, workers=1) == pmap(_draw, tasks, workers=2) == [_draw(s) for s in tasks]


def test_default_workers_reads_the_environment(monkeypatch):
    monkeypatch.setenv("MMPERF_WORKERS", "3")
    assert default_workers() == 3
    monkeypatch.delenv("MMPERF_WORKERS")
    assert default_workers() >= 1
