"""What a module or a chapter depends on: imports read from source, never by importing."""

import hashlib
import sys
from pathlib import Path

import pytest

from mmperf import fingerprint, paths


def test_notebook_imports_reads_code_cells_only(tmp_path):
    nb = tmp_path / "n.md"
    nb.write_text("# T\n\nText `import mmperf.quality`.\n\n```{code-cell} ipython3\n:tags: [remove-cell]\n"
                  "from mmstudies import zeadally as z\nimport mmperf.stats\n%matplotlib inline\n```\n")
    assert fingerprint.notebook_imports(nb) == {"mmstudies", "mmstudies.zeadally", "mmperf.stats"}


def test_library_files_follow_imports_transitively():
    files = {f.name for f in fingerprint.library_files({"mmbook.chapter"})}
    assert {"chapter.py", "checks.py", "params.py", "paths.py"} <= files
    assert "queueing.py" not in files  # the chapter record does not simulate


# -- exact cases on a small project tree of our own (added from the mutation run) -----------------------------
# Every function below is read against a tree written here (fingerprint.LIB_DIR and MMPERF_ROOT point at it),
# so each expected set of files and each expected hash is worked out from the files the test writes.

CACHED = ("module_file", "project_imports", "code_fingerprint", "_third_party_imports", "_installed_distributions",
          "dependency_versions")


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts and ends with empty caches, so a cached answer of another tree (or of the code before a
    mutant) is never returned."""
    for name in CACHED:
        getattr(fingerprint, name).cache_clear()
    yield
    for name in CACHED:
        getattr(fingerprint, name).cache_clear()


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A project root with lib/ (mmperf with two modules, one study ``toy`` whose model imports a helper
    relatively (with ``zeta``, a name of the package that is no module) and the library's stats), data/toy/ and
    data/other/."""
    _write(tmp_path, {
        "_config.yml": "",
        "lib/mmperf/__init__.py": "",
        "lib/mmperf/stats.py": "import numpy as np\nfrom scipy import special\n",
        "lib/mmperf/queueing.py": "from mmperf import stats\n",
        "lib/mmstudies/__init__.py": "",
        "lib/mmstudies/toy/__init__.py": "",
        "lib/mmstudies/toy/model.py": "from . import helper, zeta\nfrom mmperf import stats\n",
        "lib/mmstudies/toy/helper.py": "X = 1\n",
        "lib/mmstudies/toy/checks.py": "",
        "lib/mmstudies/toy/checks.yml": "study: toy\n",
        "lib/mmstudies/toy_extra/__init__.py": "",
        "data/toy/t.csv": "a\n",
        "data/other/u.csv": "b\n",
    })
    monkeypatch.setattr(fingerprint, "LIB_DIR", tmp_path / "lib")
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    return tmp_path


def _sha(*parts: bytes) -> str:
    return hashlib.sha256(b"".join(parts)).hexdigest()


def test_is_project_module_reads_the_first_dotted_part_only():
    assert [fingerprint.is_project_module(n) for n in ("mmbook", "mmbook.cli", "mmperfx", "numpy.mmperf", "")] \
        == [True, True, False, False, False]


def test_module_file_finds_modules_and_packages_by_path(tree):
    lib = tree / "lib"
    assert fingerprint.module_file("mmstudies.toy.model") == lib / "mmstudies/toy/model.py"
    assert fingerprint.module_file("mmstudies.toy") == lib / "mmstudies/toy/__init__.py"
    assert fingerprint.module_file("mmperf") == lib / "mmperf/__init__.py"
    assert fingerprint.module_file("mmstudies.toy.missing") is None
    assert fingerprint.module_file("mmbook") is None  # a project package the tree does not hold
    assert fingerprint.module_file("numpy") is None
    (lib / "mmperf.py").write_text("")  # a top-level name is a package only, never a file beside it
    fingerprint.module_file.cache_clear()
    assert fingerprint.module_file("mmperf") == lib / "mmperf/__init__.py"


def test_imports_in_source_resolves_relative_and_parenthesised_imports():
    source = ("import numpy, mmperf.stats as s\n"
              "from mmperf import (\n    queueing,\n    jitter)\n"
              "from . import helper\n"
              "from .model import simulate\n"
              "from .. import other\n"
              "import 3rd\n"            # looks like an import, is no statement: skipped
              "from scipy import stats\n")
    assert fingerprint.imports_in_source(source, "mmstudies.toy") == {
        "mmperf.stats", "mmperf", "mmperf.queueing", "mmperf.jitter",
        "mmstudies.toy", "mmstudies.toy.helper", "mmstudies.toy.model", "mmstudies.toy.model.simulate",
        "mmstudies", "mmstudies.other"}
    assert fingerprint.imports_in_source("from . import x\n", "mmstudies.toy.sub") == {
        "mmstudies.toy.sub", "mmstudies.toy.sub.x"}
    assert fingerprint.imports_in_source("from ... import x\n", "mmstudies.toy.sub") == {
        "mmstudies", "mmstudies.x"}


def test_project_imports_resolve_against_the_module_or_its_package(tree):
    lib = tree / "lib"
    (lib / "mmstudies/toy/__init__.py").write_text("from . import model\n")
    assert fingerprint.project_imports("mmstudies.toy", lib / "mmstudies/toy/__init__.py") == {
        "mmstudies.toy", "mmstudies.toy.model"}
    assert fingerprint.project_imports("mmstudies.toy.model", lib / "mmstudies/toy/model.py") == {
        "mmstudies.toy", "mmstudies.toy.helper", "mmstudies.toy.zeta", "mmperf", "mmperf.stats"}


def test_library_files_of_a_study_package_are_all_its_modules_and_checks_table(tree):
    lib = tree / "lib"
    names = {p.relative_to(lib).as_posix() for p in fingerprint.library_files(["mmstudies.toy"])}
    assert names == {"mmstudies/toy/__init__.py", "mmstudies/toy/model.py", "mmstudies/toy/helper.py",
                     "mmstudies/toy/checks.py", "mmstudies/toy/checks.yml", "mmperf/__init__.py",
                     "mmperf/stats.py"}
    assert {p.name for p in fingerprint.library_files(["mmperf.queueing"])} == {"queueing.py", "__init__.py",
                                                                               "stats.py"}
    assert fingerprint.library_files(["numpy", "mmstudies.toy.missing"]) == []


def test_study_data_files_by_name_then_first_word_else_everything(tree):
    data = tree / "data"
    assert fingerprint.study_data_files("mmstudies.toy.model") == [data / "toy/t.csv"]
    assert fingerprint.study_data_files("mmstudies.toy_extra") == [data / "toy/t.csv"]  # first word
    (data / "toy_extra").mkdir()
    (data / "toy_extra/v.csv").write_text("c\n")
    assert fingerprint.study_data_files("mmstudies.toy_extra") == [data / "toy_extra/v.csv"]
    everything = [data / "other/u.csv", data / "toy/t.csv", data / "toy_extra/v.csv"]
    assert fingerprint.study_data_files("mmperf.queueing") == everything
    assert fingerprint.study_data_files("mmstudies.nostudy") == everything
    assert fingerprint.study_data_files("mmstudies") == everything


def test_code_fingerprint_hashes_names_sources_data_and_tables_in_order(tree):
    """By hand: the modules in the order they are taken from the stack (the module itself, then its imports
    sorted and taken from the end: zeta, no module, is skipped, then helper, toy, mmperf.stats, mmperf), each as its dotted name then its bytes; then each study data file as its
    path under data/ then its bytes; then the checks table beside a module as its file name then bytes."""
    expected = _sha(b"mmstudies.toy.model", b"from . import helper, zeta\nfrom mmperf import stats\n",
                    b"mmstudies.toy.helper", b"X = 1\n",
                    b"mmstudies.toy", b"",
                    b"mmperf.stats", b"import numpy as np\nfrom scipy import special\n",
                    b"mmperf", b"",
                    b"toy/t.csv", b"a\n")
    assert fingerprint.code_fingerprint("mmstudies.toy.model") == expected
    with_table = _sha(b"mmstudies.toy.checks", b"", b"toy/t.csv", b"a\n", b"checks.yml", b"study: toy\n")
    assert fingerprint.code_fingerprint("mmstudies.toy.checks") == with_table
    assert fingerprint.code_fingerprint("numpy") == _sha(*[p for f in fingerprint.study_data_files("numpy")
                                                          for p in (f.relative_to(tree / "data").as_posix().encode(),
                                                                    f.read_bytes())])


@pytest.mark.parametrize("edit", ["model", "helper", "library", "data", "table"])
def test_a_code_or_data_change_changes_the_code_fingerprint(tree, edit):
    """The cache key of a simulation must move with any file its code reads (issue 27: a key that ignores a
    code change serves the old model's results)."""
    file = {"model": "lib/mmstudies/toy/model.py", "helper": "lib/mmstudies/toy/helper.py",
            "library": "lib/mmperf/stats.py", "data": "data/toy/t.csv", "table": "lib/mmstudies/toy/checks.yml"}[edit]
    module = "mmstudies.toy.checks" if edit == "table" else "mmstudies.toy.model"
    before = fingerprint.code_fingerprint(module)
    (tree / file).write_text((tree / file).read_text() + "# edited\n")
    fingerprint.code_fingerprint.cache_clear()
    assert fingerprint.code_fingerprint(module) != before
    (tree / "data/other/u.csv").write_text("unrelated\n")  # another study's data: no change
    fingerprint.code_fingerprint.cache_clear()
    after = fingerprint.code_fingerprint(module)
    fingerprint.code_fingerprint.cache_clear()
    assert fingerprint.code_fingerprint(module) == after


def test_third_party_imports_and_imported_top_level(tree):
    (tree / "lib/mmstudies/toy/helper.py").write_text("import os, ciw.dists\nfrom . import model\n"
                                                      "from pandas import DataFrame\nimport mmbook\n")
    assert fingerprint._third_party_imports(tree / "lib/mmstudies/toy/helper.py") == {"ciw", "pandas"}
    assert fingerprint.imported_top_level("mmstudies.toy.model") == {"ciw", "pandas", "numpy", "scipy"}
    assert fingerprint.imported_top_level("numpy") == frozenset()


def test_installed_versions_from_dist_info_folder_names(tmp_path, monkeypatch):
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in ("Foo.Bar-1.2.3.dist-info", "PyYAML-6.0.1.dist-info", "old_pkg-0.9-py3.11.egg-info",
                   "notadist"):
        (first / folder).mkdir(parents=True)
    (second / "foo_bar-9.9.dist-info").mkdir(parents=True)
    (second / "other-2.0.dist-info").mkdir(parents=True)
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    assert fingerprint._installed_distributions() == {"foo_bar": "1.2.3", "pyyaml": "6.0.1", "old_pkg": "0.9",
                                                      "other": "2.0"}
    assert [fingerprint.installed_version(n) for n in ("foo-bar", "yaml", "Other", "notadist")] == [
        "1.2.3", "6.0.1", "2.0", None]


def test_dependency_versions_name_python_the_imports_and_numpy_pandas(tree, monkeypatch):
    monkeypatch.setattr(fingerprint, "installed_version", lambda name: {"numpy": "1", "scipy": "2"}.get(name))
    python = ".".join(map(str, sys.version_info[:3]))
    assert fingerprint.dependency_versions("mmperf.queueing") == (
        ("numpy", "1"), ("pandas", "not installed"), ("python", python), ("scipy", "2"))
    assert fingerprint.dependency_versions("somebody.else") == (
        ("numpy", "1"), ("pandas", "not installed"), ("python", python))


def test_callable_fingerprint_of_project_outside_and_notebook_functions(tree, tmp_path, monkeypatch):
    def project_function():
        return 1
    project_function.__module__ = "mmstudies.toy.model"
    assert fingerprint.callable_fingerprint(project_function) == fingerprint.code_fingerprint("mmstudies.toy.model")

    namespace: dict = {}
    exec(compile("def f():\n    return 1\n", "<notebook>", "exec"), namespace)
    exec(compile("def g():\n    return 2\n", "<notebook>", "exec"), namespace)
    namespace["f"].__module__ = namespace["g"].__module__ = "__main__"
    assert fingerprint.callable_fingerprint(namespace["f"]) != fingerprint.callable_fingerprint(namespace["g"])

    import marshal
    import types
    user = tree / "user_model.py"
    user.write_text("if False:  # read, not run\n    from mmstudies.toy import helper\n\n"
                    "def run():\n    return 1\n")
    module = types.ModuleType("user_model")
    module.__file__ = str(user)
    exec(compile(user.read_text(), str(user), "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, "user_model", module)
    expected = hashlib.sha256(b"user_model")
    expected.update(user.read_bytes())
    for name in ("mmstudies.toy", "mmstudies.toy.helper"):
        expected.update(fingerprint.code_fingerprint(name).encode())
    expected.update(marshal.dumps(module.run.__code__))
    assert fingerprint.callable_fingerprint(module.run) == expected.hexdigest()
    before = expected.hexdigest()
    (tree / "lib/mmstudies/toy/helper.py").write_text("X = 2\n")  # the project module it imports changes
    fingerprint.code_fingerprint.cache_clear()
    assert fingerprint.callable_fingerprint(module.run) != before


def test_value_fingerprint_tells_kinds_and_contents_apart():
    import dataclasses

    import numpy as np
    import pandas as pd

    vf = fingerprint.value_fingerprint
    values = [None, False, True, 0, 1, 0.0, 1.0, 1j, "1", b"1", bytearray(b"2"), [1], (1,), {1: 1}, {1}, frozenset({1}),
              Path("1"), np.array([1]), np.array([1.0]), np.array([[1]]), np.int64(1), np.array([1, "a"], dtype=object),
              pd.Index([1]), pd.Series([1]), pd.Series([1], name="s"), pd.DataFrame({"a": [1]}), range(1)]
    assert len({vf(v) for v in values}) == len(values)
    assert vf(np.float64(1.0)) == vf(1.0)  # numpy's float64 is a Python float
    assert vf({"a": 1, "b": 2}) == vf({"b": 2, "a": 1}) and vf({1, 2, 3}) == vf({3, 1, 2})
    assert vf(1 + 2j) != vf(1 + 3j) != vf(2 + 2j)
    assert vf([1, [2]]) != vf([[1], 2]) and vf("ab") != vf("ba")
    assert vf(np.array([1, "a"], dtype=object)) != vf(np.array([1, "b"], dtype=object))
    assert vf(pd.DataFrame({"a": [1], "b": [2]})) != vf(pd.DataFrame({"a": [1], "b": [3]}))
    assert vf(pd.Series([1], index=["x"])) != vf(pd.Series([1], index=["y"]))

    @dataclasses.dataclass
    class Point:
        x: int
        y: int
    assert vf(Point(1, 2)) != vf(Point(2, 1)) and vf(Point(1, 2)) == vf(Point(1, 2))
    assert vf(Point(1, 2)) != vf((1, 2))
    with pytest.raises(TypeError, match=r"^cannot fingerprint an argument of type function \(.*\); pass numbers, "
                                        r"strings, containers, numpy arrays or pandas objects$"):
        vf(lambda: 0)


def test_value_fingerprint_of_a_small_value_by_hand():
    """tag(kind, payload) feeds kind, NUL, the payload's length, NUL, the payload: an int 7 is b"int\\x001\\x007";
    a list [7] is its tag (length "1" as payload) followed by the int's."""
    assert fingerprint.value_fingerprint(7) == _sha(b"int\x001\x007")
    assert fingerprint.value_fingerprint([7]) == _sha(b"list\x001\x001", b"int\x001\x007")
    assert fingerprint.value_fingerprint(None) == _sha(b"None\x000\x00")
    assert fingerprint.value_fingerprint(0.5) == _sha(b"float\x00" + str(len((0.5).hex())).encode() + b"\x00"
                                                      + (0.5).hex().encode())


def test_files_digest_names_relative_paths_and_missing_files(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    outside = tmp_path.parent / "outside-of-root.txt"
    assert fingerprint.files_digest([tmp_path / "a.txt", tmp_path / "gone.txt"], tmp_path) == _sha(
        b"a.txt", b"x", b"gone.txt", b"<missing>")
    assert fingerprint.files_digest([outside], tmp_path / "sub") == _sha(b"outside-of-root.txt", b"<missing>")


def test_module_data_is_the_yml_beside_a_module_never_a_package(tree):
    lib = tree / "lib"
    assert fingerprint.module_data(lib / "mmstudies/toy/checks.py") == [lib / "mmstudies/toy/checks.yml"]
    (lib / "mmstudies/toy/__init__.yml").write_text("")
    assert fingerprint.module_data(lib / "mmstudies/toy/__init__.py") == []
    assert fingerprint.module_data(lib / "mmstudies/toy/model.py") == []


def test_paths_root_is_the_tree(tree):
    assert paths.project_root() == tree.resolve()


def test_chapter_cache_key_covers_notebook_spec_lock_imported_code_and_data(tree):
    """The key is files_digest over, in this order: the notebook, its .yml, requirements.lock, pyproject.toml
    (missing here: they count as missing), the library files of the notebook's imports and the core modules
    (here the whole toy study, as a study package, and the mmperf files its model imports; the core modules are
    not in this tree), then the data folders the spec names."""
    notebook = tree / "notebooks/toy.md"
    _write(tree, {"notebooks/toy.md": "```{code-cell} ipython3\nfrom mmstudies.toy import helper\n```\n",
                  "notebooks/toy.yml": "title: toy\n"})

    class Spec:
        data = ["toy"]
    Spec.notebook = notebook
    lib = tree / "lib"
    files = [notebook, tree / "notebooks/toy.yml", tree / "requirements.lock", tree / "pyproject.toml",
             *sorted([lib / "mmperf/__init__.py", lib / "mmperf/stats.py", lib / "mmstudies/toy/__init__.py",
                      lib / "mmstudies/toy/checks.py", lib / "mmstudies/toy/checks.yml",
                      lib / "mmstudies/toy/helper.py", lib / "mmstudies/toy/model.py"]),
             tree / "data/toy/t.csv"]
    assert fingerprint.chapter_cache_key(Spec) == fingerprint.files_digest(files, tree)
    before = fingerprint.chapter_cache_key(Spec)
    (tree / "data/toy/t.csv").write_text("changed\n")
    assert fingerprint.chapter_cache_key(Spec) != before


def test_a_library_subpackage_counts_by_its_imports_only(tree):
    """Only a study package brings all its modules (they may load lazily); a package of the library does not."""
    _write(tree, {"lib/mmperf/sub/__init__.py": "", "lib/mmperf/sub/extra.py": ""})
    assert fingerprint.library_files(["mmperf.sub"]) == [tree / "lib/mmperf/sub/__init__.py"]


def test_notebook_imports_skip_magics_shell_lines_and_broken_cells(tmp_path):
    nb = tmp_path / "n.md"
    nb.write_text("```{code-cell} ipython3\nthis is not python\n```\n\n"
                  "```{code-cell} ipython3\n:tags: [hide-input]\n!ls\n%time x = 1\nimport mmperf.stats\n```\n")
    assert fingerprint.notebook_imports(nb) == {"mmperf.stats"}


def test_more_exact_cases_from_the_mutation_run(tree, tmp_path, monkeypatch):
    """A relative import names no package outside the project; a dotted import counts by its first part; a
    files digest names a file by its path under the root; a string with a lone surrogate has a fingerprint of
    its own; the empty sys.path entry is the working folder, and a folder that only has a dash is no
    distribution."""
    (tree / "lib/mmstudies/toy/helper.py").write_text("from .model import x\nfrom scipy.special import erf\n")
    assert fingerprint._third_party_imports(tree / "lib/mmstudies/toy/helper.py") == {"scipy"}
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("x")
    assert fingerprint.files_digest([tmp_path / "sub" / "a.txt"], tmp_path) == _sha(b"sub/a.txt", b"x")
    assert fingerprint.value_fingerprint("\ud800") != fingerprint.value_fingerprint("\ud801")
    here = tmp_path / "here"
    (here / "localdist-3.1.dist-info").mkdir(parents=True)
    (here / "some-folder").mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setattr(sys, "path", [""])
    assert fingerprint._installed_distributions() == {"localdist": "3.1"}


# -- added from the mutation run of 2026-11-26 (second session): whole digests by hand ------------------------

def _tagged(kind: bytes, payload: bytes = b"") -> bytes:
    """What tag(kind, payload) feeds: kind, NUL, the payload's length in decimal, NUL, the payload."""
    return kind + b"\0" + str(len(payload)).encode() + b"\0" + payload


def test_value_fingerprint_of_dicts_and_sets_by_hand():
    """A dict is its length, then key and value in the order of the keys' own fingerprints: sha256 of
    int 2 sorts before that of int 1 (worked out in the test), so {1: "a", 2: "b"} feeds 2, "b", 1, "a" (neither
    the keys' natural order nor the values' fingerprints' order). A set is the sorted hex fingerprints of its
    members, joined."""
    fp_1, fp_2 = _sha(_tagged(b"int", b"1")), _sha(_tagged(b"int", b"2"))
    fp_a, fp_b = _sha(_tagged(b"str", b"a")), _sha(_tagged(b"str", b"b"))
    assert fp_2 < fp_1 and fp_a < fp_b  # the orders this case relies on
    assert fingerprint.value_fingerprint({1: "a", 2: "b"}) == _sha(
        _tagged(b"dict", b"2"), _tagged(b"int", b"2"), _tagged(b"str", b"b"), _tagged(b"int", b"1"),
        _tagged(b"str", b"a"))
    assert fingerprint.value_fingerprint({"a", "b"}) == _sha(_tagged(b"set", (fp_a + fp_b).encode()))
    assert fingerprint.value_fingerprint(frozenset({2, 1})) == _sha(_tagged(b"frozenset", (fp_2 + fp_1).encode()))


def test_value_fingerprint_of_numpy_values_by_hand():
    """An array is its dtype and shape, then its bytes; a numpy scalar an array of shape (); an object array its
    shape, then each element as the Python value it holds."""
    import numpy as np

    floats = np.array([1.0, 2.0])
    assert fingerprint.value_fingerprint(floats) == _sha(_tagged(b"ndarray", b"<f8|(2,)"),
                                                         _tagged(b"data", floats.tobytes()))
    assert fingerprint.value_fingerprint(np.int64(3)) == _sha(_tagged(b"ndarray", b"<i8|()"),
                                                              _tagged(b"data", np.array(3, dtype="<i8").tobytes()))
    assert fingerprint.value_fingerprint(np.array([[1, "a"]], dtype=object)) == _sha(
        _tagged(b"ndarray[object]", b"(1, 2)"), _tagged(b"int", b"1"), _tagged(b"str", b"a"))


def test_value_fingerprint_of_pandas_values_by_hand():
    """An Index is its class, dtype and names, then its values as an array; a Series its dtype and name, its
    index, its values; a DataFrame its shape, columns, index, then each column as a Series."""
    import numpy as np
    import pandas as pd

    def array(values) -> list[bytes]:
        values = np.asarray(values)
        return [_tagged(b"ndarray", f"{values.dtype.str}|{values.shape}".encode()), _tagged(b"data", values.tobytes())]

    range_index = [_tagged(b"index:RangeIndex", b"int64|[None]"), *array(np.array([0, 1], dtype="<i8"))]
    named = pd.Index([1, 2], name="i")
    assert fingerprint.value_fingerprint(named) == _sha(_tagged(b"index:Index", b"int64|['i']"),
                                                        *array(np.array([1, 2], dtype="<i8")))
    column = [_tagged(b"series", b"int64|'a'"), *range_index, *array(np.array([5, 6], dtype="<i8"))]
    assert fingerprint.value_fingerprint(pd.Series([5, 6], name="a")) == _sha(*column)
    frame = pd.DataFrame({"a": [5, 6]})
    columns = [_tagged(b"index:Index", f"{frame.columns.dtype}|[None]".encode()),
               _tagged(b"ndarray[object]", b"(1,)"), _tagged(b"str", b"a")]
    assert fingerprint.value_fingerprint(frame) == _sha(_tagged(b"frame", b"(2, 1)"), *columns, *range_index, *column)


def test_value_fingerprint_of_dataclasses_paths_and_pickles_by_hand():
    """A dataclass is its module and qualified name, then each field's name and value; a path its text; any
    other value its class and its pickle at protocol 5 (which differs from the default protocol's here)."""
    import dataclasses
    import pickle
    from fractions import Fraction

    @dataclasses.dataclass
    class Point:
        x: int
        y: int

    name = f"{Point.__module__}.{Point.__qualname__}".encode()
    assert fingerprint.value_fingerprint(Point(1, 2)) == _sha(
        _tagged(b"dataclass", name), _tagged(b"str", b"x"), _tagged(b"int", b"1"), _tagged(b"str", b"y"),
        _tagged(b"int", b"2"))
    assert fingerprint.value_fingerprint(Path("a/b")) == _sha(_tagged(b"path", b"a/b"))
    third = Fraction(1, 3)
    assert pickle.dumps(third, protocol=5) != pickle.dumps(third)
    assert fingerprint.value_fingerprint(third) == _sha(_tagged(b"pickle:fractions.Fraction",
                                                                pickle.dumps(third, protocol=5)))


def test_relative_imports_two_and_three_levels_up_and_a_broken_line_first():
    """In package a.b.c (a project one here: mmperf.a.b), ``from ..`` is mmperf.a and ``from ...`` is mmperf; a
    line that only looks like an import (a syntax error) is skipped and the walk goes on."""
    source = "import a b\nfrom .. import stats\nfrom ..sub import x\nfrom ... import q\n"
    assert fingerprint.imports_in_source(source, "mmperf.a.b") == {
        "mmperf.a", "mmperf.a.stats", "mmperf.a.sub", "mmperf.a.sub.x", "mmperf", "mmperf.q"}


def test_notebook_imports_go_on_after_a_broken_cell(tmp_path):
    nb = tmp_path / "n.md"
    nb.write_text("```{code-cell} ipython3\ndef (:\n```\n\n```{code-cell} ipython3\nimport mmperf.stats\n```\n")
    assert fingerprint.notebook_imports(nb) == {"mmperf.stats"}


def test_callable_fingerprint_of_builtins_nameless_and_relative_user_modules(tree, monkeypatch):
    """A builtin has no source file and no code: its module's name alone. A function whose module is None
    (made where no __name__ is defined) counts as module "" plus its code. A module of a project package that has
    no file in the library (here mmstudies.toy.probe, whose source holds a byte that is not UTF-8) counts its
    source and the fingerprints of what it imports relatively from its package, sorted."""
    import marshal
    import types

    assert fingerprint.callable_fingerprint(len) == _sha(b"builtins")
    namespace: dict = {}
    exec(compile("def f():\n    return 1\n", "<notebook>", "exec"), namespace)
    assert namespace["f"].__module__ is None
    assert fingerprint.callable_fingerprint(namespace["f"]) == _sha(marshal.dumps(namespace["f"].__code__))

    probe = tree / "probe.py"
    probe.write_bytes(b"from . import helper  # \xff\n")
    module = types.ModuleType("mmstudies.toy.probe")
    module.__file__ = str(probe)
    exec(compile("def run():\n    return 1\n", str(probe), "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, "mmstudies.toy.probe", module)
    assert fingerprint.module_file("mmstudies.toy.probe") is None
    assert fingerprint.callable_fingerprint(module.run) == _sha(
        b"mmstudies.toy.probe", probe.read_bytes(), fingerprint.code_fingerprint("mmstudies.toy").encode(),
        fingerprint.code_fingerprint("mmstudies.toy.helper").encode(), marshal.dumps(module.run.__code__))
