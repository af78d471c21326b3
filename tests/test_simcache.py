"""The simulation cache: same call, stored result; a different argument, code or installed version, a new run;
a broken entry or an unusable folder never stops a run (issue 22)."""

import errno
import importlib
import pickle
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mmperf import fingerprint, simcache

CALLS = []


def _expensive(x, y=1):
    CALLS.append((x, y))
    return {"sum": x + y}


def _total(data):
    CALLS.append(1)
    return float(np.asarray(data, dtype=float).sum())


@pytest.fixture(autouse=True)
def _fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MMPERF_NO_SIMCACHE", raising=False)
    monkeypatch.setattr(simcache, "_REPORTED", set())
    CALLS.clear()


def test_cached_call_runs_once(tmp_path):
    assert simcache.cached(_expensive, x=1, y=2) == {"sum": 3}
    assert simcache.cached(_expensive, x=1, y=2) == {"sum": 3}
    assert CALLS == [(1, 2)]
    assert simcache.cached(_expensive, x=2, y=2) == {"sum": 4}
    assert CALLS == [(1, 2), (2, 2)]
    assert not list((tmp_path / "cache").glob("*.tmp"))


def test_cache_can_be_disabled(monkeypatch):
    monkeypatch.setenv("MMPERF_NO_SIMCACHE", "1")
    simcache.cached(_expensive, x=1)
    simcache.cached(_expensive, x=1)
    assert len(CALLS) == 2


def test_a_changed_middle_element_of_a_long_array_misses_the_cache():
    """numpy prints a 2,000-element array as its first and last three values: the two arrays below have the
    same repr (the old key), and the second call returned the first call's sum. 2,000 ones sum to 2,000; with
    element 1,000 set to 5 the sum is 2,004."""
    a, b = np.ones(2000), np.ones(2000)
    b[1000] = 5.0
    assert repr(a) == repr(b)
    assert simcache.cached(_total, data=a) == 2000.0
    assert simcache.cached(_total, data=b) == 2004.0
    assert simcache.cached(_total, data=b.copy()) == 2004.0 and len(CALLS) == 2  # same content: a hit
    assert simcache.cached(_total, data=a.astype(np.float32)) == 2000.0 and len(CALLS) == 3  # another dtype
    assert simcache.cached(_total, data=a.reshape(40, 50)) == 2000.0 and len(CALLS) == 4  # another shape


def test_a_changed_middle_value_of_a_200_row_frame_misses_the_cache():
    """pandas prints a 200-row frame as its first and last five rows: the same repr, different content. Rows
    0..199 of column x hold 0..199 (sum 19,900); row 100 set to 1,100 adds 1,000."""
    a = pd.DataFrame({"x": np.arange(200.0), "label": [f"r{i}" for i in range(200)]})
    b = a.copy()
    b.loc[100, "x"] = 1100.0
    assert repr(a) == repr(b)
    assert simcache.cached(_total, data=a["x"]) == 19900.0
    assert simcache.cached(_total, data=b["x"]) == 20900.0
    keys = {simcache.cache_key(_total, {"data": frame}) for frame in (a, b, a.rename(columns={"x": "y"}),
                                                                      a.set_index("label"))}
    assert len(keys) == 4  # values, column names and index each count
    assert simcache.cache_key(_total, {"data": a.copy()}) == simcache.cache_key(_total, {"data": a})


def test_arguments_count_exactly_and_nested():
    key = simcache.cache_key
    assert key(_expensive, {"x": 0.1 + 0.2}) != key(_expensive, {"x": 0.3})  # 0.30000000000000004
    assert key(_expensive, {"x": 1}) != key(_expensive, {"x": 1.0}) != key(_expensive, {"x": True})
    big, other = np.zeros(2000), np.zeros(2000)
    other[999] = 1e-300
    assert key(_expensive, {"x": {"arrays": [big]}}) != key(_expensive, {"x": {"arrays": [other]}})
    assert key(_expensive, {"x": {"a": 1, "b": 2}}) == key(_expensive, {"x": {"b": 2, "a": 1}})
    assert key(_expensive, {"x": [1, 2]}) != key(_expensive, {"x": (1, 2)})
    assert key(_expensive, {"x": 1, "y": 2}) != key(_expensive, {"x": 2, "y": 1})


def test_a_code_change_misses_the_cache(tmp_path, monkeypatch):
    """A module outside the project (read from its file at each call) is edited and reloaded: the cached
    result of the old code is not returned."""
    folder = tmp_path / "mods"
    folder.mkdir()
    module_file = folder / "simcache_temp_model.py"
    module_file.write_text("def simulate(n):\n    return n + 1\n")
    monkeypatch.syspath_prepend(str(folder))
    module = importlib.import_module("simcache_temp_model")
    try:
        assert simcache.cached(module.simulate, n=1) == 2
        assert simcache.cached(module.simulate, n=1) == 2
        module_file.write_text("def simulate(n):\n    return n + 2\n")
        module = importlib.reload(module)
        assert simcache.cached(module.simulate, n=1) == 3
    finally:
        sys.modules.pop("simcache_temp_model", None)


def test_a_change_to_a_project_module_the_simulation_imports_misses_the_cache(tmp_path, monkeypatch):
    """A study model that imports a helper module of its package: editing the helper (not the model) changes
    the key. The project tree is a temporary copy (fingerprint.LIB_DIR), so nothing of the real one changes."""
    lib = tmp_path / "lib"
    study = lib / "mmstudies" / "tempstudy"
    study.mkdir(parents=True)
    (lib / "mmstudies" / "__init__.py").write_text("")
    (study / "__init__.py").write_text("")
    (study / "model.py").write_text("from . import helper\n\ndef simulate(n):\n    return helper.step(n)\n")
    (study / "helper.py").write_text("def step(n):\n    return n + 1\n")
    monkeypatch.setattr(fingerprint, "LIB_DIR", lib)
    for cached_function in (fingerprint.module_file, fingerprint.project_imports, fingerprint.code_fingerprint,
                            fingerprint.dependency_versions):
        cached_function.cache_clear()

    def simulate(n):
        CALLS.append(n)
        return n
    simulate.__module__ = "mmstudies.tempstudy.model"
    try:
        before = simcache.cache_key(simulate, {"n": 1})
        (study / "helper.py").write_text("def step(n):\n    return n + 2\n")
        fingerprint.code_fingerprint.cache_clear()
        assert simcache.cache_key(simulate, {"n": 1}) != before
    finally:
        for cached_function in (fingerprint.module_file, fingerprint.project_imports,
                                fingerprint.code_fingerprint, fingerprint.dependency_versions):
            cached_function.cache_clear()


def test_a_changed_dependency_version_misses_the_cache(monkeypatch):
    assert simcache.cached(_total, data=[1, 2]) == 3.0
    real = fingerprint.installed_version
    monkeypatch.setattr(fingerprint, "installed_version",
                        lambda name: "0.0.1-upgraded" if name == "numpy" else real(name))
    fingerprint.dependency_versions.cache_clear()
    try:
        assert ("numpy", "0.0.1-upgraded") in fingerprint.dependency_versions("test_simcache")
        assert simcache.cached(_total, data=[1, 2]) == 3.0
        assert len(CALLS) == 2
    finally:
        monkeypatch.setattr(fingerprint, "installed_version", real)
        fingerprint.dependency_versions.cache_clear()
    assert simcache.cached(_total, data=[1, 2]) == 3.0 and len(CALLS) == 2  # the real version: a hit again


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "unreadable"])
def test_a_broken_entry_is_removed_and_computed_again_with_one_notice(tmp_path, monkeypatch, capfd, damage):
    assert simcache.cached(_expensive, x=20, y=1) == {"sum": 21}
    [entry] = list((tmp_path / "cache").glob("_expensive-*.pkl"))
    good = entry.read_bytes()
    if damage == "truncated":
        entry.write_bytes(good[: len(good) // 2])
    elif damage == "garbage":
        entry.write_bytes(b"\x80\x05not a pickle at all")
    elif damage == "empty":
        entry.write_bytes(b"")
    else:
        real_load = pickle.load

        def unreadable(fh, *a, **k):
            if str(getattr(fh, "name", "")).endswith(".pkl"):
                raise PermissionError(errno.EACCES, "Permission denied")
            return real_load(fh, *a, **k)
        monkeypatch.setattr(simcache.pickle, "load", unreadable)
    assert simcache.cached(_expensive, x=20, y=1) == {"sum": 21}
    assert CALLS == [(20, 1), (20, 1)]
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"mmperf.simcache: the cache entry {entry} could not be read (")
    assert err[0].endswith("removed it and computing it again")
    assert entry.read_bytes() == good or damage == "unreadable"  # stored whole again


@pytest.mark.parametrize("case", ["regular file", "inside a file", "read-only", "write fails"])
def test_an_unusable_cache_folder_runs_without_the_cache_and_says_so_once(tmp_path, monkeypatch, capfd, case):
    folder = tmp_path / "cache"
    if case == "regular file":
        folder.write_text("not a folder")
    elif case == "inside a file":
        (tmp_path / "f").write_text("x")
        folder = tmp_path / "f" / "cache"
        monkeypatch.setenv("MMPERF_CACHE_DIR", str(folder))
    elif case == "read-only":  # the tests run as root, who may write anywhere: os.access stands for it
        folder.mkdir()
        monkeypatch.setattr(simcache.os, "access", lambda *a, **k: False)
    else:
        def full(*a, **k):
            raise OSError(errno.EROFS, "Read-only file system")
        monkeypatch.setattr(simcache.pickle, "dump", full)
    for x in (1, 1, 2):
        assert simcache.cached(_expensive, x=x) == {"sum": x + 1}
    assert CALLS == [(1, 1), (1, 1), (2, 1)]
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "running without the simulation cache" in err[0] and str(folder) in err[0], err
    if folder.is_dir():
        assert list(folder.iterdir()) == []  # no partial file left


# -- exact cases added from the mutation run -------------------------------------------------------------------

def test_cache_dir_is_the_variable_else_xdg_else_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", "")  # empty: not set
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert simcache.cache_dir() == tmp_path / "xdg" / "mmperf" / "simcache"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert simcache.cache_dir() == tmp_path / "home" / ".cache" / "mmperf" / "simcache"
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "mine"))
    assert simcache.cache_dir() == tmp_path / "mine"


def test_usable_cache_dir_creates_parents_and_subfolders(tmp_path, monkeypatch):
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "a" / "b"))
    assert simcache.usable_cache_dir("kernels") == tmp_path / "a" / "b" / "kernels"
    assert (tmp_path / "a" / "b" / "kernels").is_dir()
    assert simcache.usable_cache_dir() == tmp_path / "a" / "b"
    asked = []
    monkeypatch.setattr(simcache.os, "access", lambda path, mode: asked.append(mode) or True)
    simcache.usable_cache_dir()
    assert asked == [simcache.os.W_OK | simcache.os.X_OK]


def _notice(folder, why):
    return (f"mmperf.simcache: cannot use the cache folder {folder} ({why}); running without the simulation cache "
            "(set MMPERF_CACHE_DIR to a writable folder)")


def test_unusable_folder_notices_in_full(tmp_path, monkeypatch, capfd):
    (tmp_path / "cache").write_text("a file")
    assert simcache.usable_cache_dir() is None
    assert simcache.usable_cache_dir("sub") is None  # its cache folder was refused: said once, not again
    (tmp_path / "f").write_text("x")
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "f" / "inside"))
    assert simcache.usable_cache_dir() is None
    monkeypatch.setenv("MMPERF_CACHE_DIR", str(tmp_path / "ro"))
    monkeypatch.setattr(simcache.os, "access", lambda *a: False)
    assert simcache.usable_cache_dir() is None
    assert capfd.readouterr().err.splitlines() == [
        _notice(tmp_path / "cache", "a file is in its place"), _notice(tmp_path / "f" / "inside", "Not a directory"),
        _notice(tmp_path / "ro", "not writable")]


def test_a_refused_subfolder_is_said_once(tmp_path, capfd):
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "sub").write_text("a file")
    assert simcache.usable_cache_dir("sub") is None and simcache.usable_cache_dir("sub") is None
    assert simcache.usable_cache_dir() == tmp_path / "cache"  # the cache folder itself is still usable
    assert capfd.readouterr().err.splitlines() == [_notice(tmp_path / "cache" / "sub", "a file is in its place")]


def test_an_os_error_without_strerror_is_said_by_its_text(tmp_path, monkeypatch, capfd):
    def refuse(self, *a, **k):
        raise OSError("the disk said no")
    monkeypatch.setattr(simcache.Path, "mkdir", refuse)
    assert simcache.usable_cache_dir() is None
    assert capfd.readouterr().err.splitlines() == [_notice(tmp_path / "cache", "the disk said no")]


def test_cache_key_by_hand(monkeypatch):
    """The key is the first 32 hex digits of sha256 over four parts, each followed by a NUL: the function's
    module and qualified name, the arguments' fingerprint, the code's fingerprint and the repr of the
    dependency versions of its module."""
    import hashlib

    seen = []
    monkeypatch.setattr(fingerprint, "value_fingerprint", lambda v: seen.append(("value", v)) or "V")
    monkeypatch.setattr(fingerprint, "callable_fingerprint", lambda f: seen.append(("code", f)) or "C")
    monkeypatch.setattr(fingerprint, "dependency_versions", lambda m: seen.append(("deps", m)) or (("numpy", "1"),))
    expected = hashlib.sha256(b"test_simcache._expensive\0V\0C\0" + repr((("numpy", "1"),)).encode() + b"\0")
    assert simcache.cache_key(_expensive, {"x": 1}) == expected.hexdigest()[:32]
    assert seen == [("value", {"x": 1}), ("code", _expensive), ("deps", "test_simcache")]

    class NoModule:  # a callable without __module__ or __qualname__ on the instance: '' and its repr
        __module__ = None

        def __call__(self):
            return 0

        def __repr__(self):
            return "<no module>"
    assert simcache.cache_key(NoModule(), {}) == hashlib.sha256(
        b".<no module>\0V\0C\0" + repr((("numpy", "1"),)).encode() + b"\0").hexdigest()[:32]
    assert seen[-1] == ("deps", "")


def test_entries_are_named_after_the_function_else_call(tmp_path):
    import functools

    simcache.cached(_expensive, x=3)
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [
        f"_expensive-{simcache.cache_key(_expensive, {'x': 3})}.pkl"]
    simcache.cached(functools.partial(_expensive, y=5), x=3)
    assert len(list((tmp_path / "cache").glob("call-*.pkl"))) == 1


@pytest.mark.parametrize("exc, why", [(ValueError(), "ValueError"), (ValueError("bad"), "ValueError: bad"),
                                      (ValueError("x" * 200), "ValueError: " + "x" * 108)])
def test_an_unreadable_entry_is_said_by_its_error_cut_at_120_characters(tmp_path, monkeypatch, capfd, exc, why):
    simcache.cached(_expensive, x=4)
    [entry] = list((tmp_path / "cache").glob("*.pkl"))

    def broken(fh, *a, **k):
        raise exc
    monkeypatch.setattr(simcache.pickle, "load", broken)
    assert simcache._load(entry) == (False, None)
    assert capfd.readouterr().err.splitlines() == [
        f"mmperf.simcache: the cache entry {entry} could not be read ({why}); removed it and computing it again"]
    assert not entry.exists()


def test_an_entry_gone_or_unremovable_while_reading(tmp_path, monkeypatch, capfd):
    """Another process may remove a broken entry first: that is no error. An entry that cannot be removed is said
    with the system's reason."""
    simcache.cached(_expensive, x=5)
    [entry] = list((tmp_path / "cache").glob("*.pkl"))

    def vanish(fh, *a, **k):
        entry.unlink()
        raise EOFError
    monkeypatch.setattr(simcache.pickle, "load", vanish)
    assert simcache._load(entry) == (False, None)
    assert capfd.readouterr().err.splitlines()[-1].endswith("(EOFError); removed it and computing it again")
    entry.write_bytes(b"junk")

    def refuse(self, *a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(simcache.pickle, "load", lambda fh: (_ for _ in ()).throw(EOFError()))
    monkeypatch.setattr(simcache.Path, "unlink", refuse)
    assert simcache._load(entry) == (False, None)
    assert capfd.readouterr().err.splitlines() == [
        f"mmperf.simcache: the cache entry {entry} could not be read (EOFError); could not remove it "
        "(Permission denied) and computing it again"]


def test_an_entry_is_written_to_a_hidden_partial_file_beside_it(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    folder.mkdir()
    real_dump = pickle.dump
    partials = []

    def watch(obj, fh, *a, **k):
        partials.append(Path(fh.name))
        return real_dump(obj, fh, *a, **k)
    monkeypatch.setattr(simcache.pickle, "dump", watch)
    simcache._store(folder, folder / "entry.pkl", {"a": 1})
    [partial] = partials
    assert partial.parent == folder and partial.name.startswith(".") and partial.name.endswith(".tmp")
    assert not partial.exists() and pickle.loads((folder / "entry.pkl").read_bytes()) == {"a": 1}
    assert sorted(p.name for p in folder.iterdir()) == ["entry.pkl"]


def test_a_folder_gone_before_writing_means_no_cache_and_no_exception(tmp_path, capfd):
    folder = tmp_path / "gone"
    simcache._store(folder, folder / "entry.pkl", 1)
    assert capfd.readouterr().err.splitlines() == [_notice(folder, "No such file or directory")]
    assert not folder.exists()


def test_a_result_that_cannot_be_pickled_is_the_callers_error_and_leaves_nothing(tmp_path):
    def unpicklable():
        return lambda: 0
    with pytest.raises((pickle.PicklingError, AttributeError)):
        simcache.cached(unpicklable)
    assert list((tmp_path / "cache").iterdir()) == []


def test_notices_go_to_the_process_stderr_not_a_replaced_sys_stderr(monkeypatch, capfd):
    """In a kernel sys.stderr is the page's stream; the notice belongs on the terminal (sys.__stderr__)."""
    import io

    page = io.StringIO()
    monkeypatch.setattr(sys, "stderr", page)
    simcache.notice("hello")
    assert page.getvalue() == "" and capfd.readouterr().err == "mmperf.simcache: hello\n"


def test_a_refused_subfolder_stays_refused_for_the_process(tmp_path):
    """Said once, refused for the rest of the process: mending the folder meanwhile does not bring it back."""
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "sub").write_text("a file")
    assert simcache.usable_cache_dir("sub") is None
    (tmp_path / "cache" / "sub").unlink()
    assert simcache.usable_cache_dir("sub") is None


def test_a_failed_write_without_strerror_is_said_by_its_text(tmp_path, monkeypatch, capfd):
    def full(*a, **k):
        raise OSError("the disk is full")
    monkeypatch.setattr(simcache.pickle, "dump", full)
    assert simcache.cached(_expensive, x=9) == {"sum": 10}
    assert capfd.readouterr().err.splitlines() == [_notice(tmp_path / "cache", "the disk is full")]
