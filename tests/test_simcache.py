"""The simulation cache: same call, stored result; different arguments, a new run."""

from mmperf import simcache

CALLS = []


def _expensive(x, y=1):
    CALLS.append((x, y))
    return {"sum": x + y}


def test_cached_call_runs_once(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path))
    CALLS.clear()
    assert simcache.cached(_expensive, x=1, y=2) == {"sum": 3}
    assert simcache.cached(_expensive, x=1, y=2) == {"sum": 3}
    assert CALLS == [(1, 2)]
    assert simcache.cached(_expensive, x=2, y=2) == {"sum": 4}
    assert CALLS == [(1, 2), (2, 2)]
    assert not list(tmp_path.glob("*.tmp"))


def test_cache_can_be_disabled(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("MMPERF_NO_SIMCACHE", "1")
    CALLS.clear()
    simcache.cached(_expensive, x=1)
    simcache.cached(_expensive, x=1)
    assert len(CALLS) == 2
