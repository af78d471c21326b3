"""The three layers under ``lib/`` and their direction: the science library (``mmperf``) imports neither
the studies nor the engine; a study (``mmstudies.<study>``) imports the science library and its own
package only; the book engine (``mmbook``) reaches the studies only through the chapters' notebooks, never
by importing them. No import cycle, counting imports inside functions too."""

import ast
import re
from pathlib import Path

import pytest

from mmperf import fingerprint

LIB = fingerprint.LIB_DIR


def _modules() -> dict[str, Path]:
    found = {}
    for package in fingerprint.PROJECT_PACKAGES:
        for file in sorted((LIB / package).rglob("*.py")):
            parts = list(file.relative_to(LIB).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = file
    return found


MODULES = _modules()


def _imports(name: str, file: Path) -> set[str]:
    """The project modules ``name`` imports anywhere in its source (functions included): for
    ``from pkg import x`` the module ``pkg.x`` when it is one, else ``pkg``."""
    package = name if file.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(a.name for a in node.names if fingerprint.is_project_module(a.name))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            if not fingerprint.is_project_module(base):
                continue
            for alias in node.names:
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return targets - {name}


GRAPH = {name: _imports(name, file) for name, file in MODULES.items()}


def _allowed(importer: str, imported: str) -> bool:
    layer, imported_layer = importer.split(".")[0], imported.split(".")[0]
    if layer == "mmperf":
        return imported_layer == "mmperf"
    if layer == "mmstudies":
        study = importer.split(".")[:2]
        return imported_layer == "mmperf" or imported.split(".")[:2] == study or imported == "mmstudies"
    return imported_layer in ("mmperf", "mmbook")


def test_the_three_layers_exist():
    assert {n.split(".")[0] for n in MODULES} == set(fingerprint.PROJECT_PACKAGES)
    studies = [n for n in MODULES if n.count(".") == 1 and n.startswith("mmstudies.")]
    assert studies, "no study package under lib/mmstudies/"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_go_down_only(name):
    wrong = sorted(t for t in GRAPH[name] if not _allowed(name, t))
    assert not wrong, f"{name} imports {wrong} against the layers' direction"


def test_no_import_cycle():
    """Depth-first search for a back edge; the cycle found is named."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt in GRAPH and nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node] = 2
        stack.pop()
        return None

    for start in sorted(GRAPH):
        if start not in state and (cycle := visit(start)):
            pytest.fail("import cycle: " + " -> ".join(cycle))


def test_the_checker_finds_a_wrong_direction_and_a_cycle():
    """The rules themselves can fail: a science module importing the engine, a study importing another."""
    assert not _allowed("mmperf.queueing", "mmbook.runner")
    assert not _allowed("mmstudies.huynh.model", "mmstudies.sharp.model")
    assert not _allowed("mmstudies.huynh.model", "mmbook.params")
    assert _allowed("mmbook.build", "mmperf.fingerprint")


# --- the layout the docs describe is the tree -------------------------------------------------------------

ROOT = LIB.parent


def _table_rows(text: str, header: str) -> list[list[str]]:
    """The cells of the markdown table whose header row starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _names(cell: str) -> list[str]:
    """The names in backticks in a cell, without a trailing ``.py``."""
    return [re.sub(r"\.py$", "", name) for name in re.findall(r"`([^`]+)`", cell)]


def _study_files(package: str) -> set[str]:
    """A study package's modules and tables: ``model``, ``checks.yml``, ..."""
    folder = LIB / "mmstudies" / package
    return {f.stem for f in folder.glob("*.py") if f.stem != "__init__"} | {f.name for f in folder.glob("*.yml")}


CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
SHAPE = [name for row in _table_rows(CONTRIBUTING, "| module | concern |") for name in _names(row[0])]
#: the modules of the one shape that every study has unless its row says otherwise
REQUIRED = ["analytic", "model", "checks.yml", "checks", "figures", "text", "experiments", "exercises"]
VARIANTS = {_names(row[0])[0]: row for row in _table_rows(CONTRIBUTING, "| package | variants of the shape |")}


def _absent(variants: str) -> set[str]:
    """Names a row says a package does not have: after "no" (``no `a` or `b`, ``) or "for" (`x` for `text`)."""
    absent = set(re.findall(r"\bfor `([\w.]+)`", variants))
    for names in re.findall(r"\bno ((?:`[\w.]+`(?: or |, )?)+)", variants):
        absent.update(_names(names))
    return absent


def test_contributing_lists_every_study_package():
    assert set(VARIANTS) == {p.name for p in (LIB / "mmstudies").iterdir() if (p / "__init__.py").is_file()}
    assert set(REQUIRED) <= set(SHAPE)


@pytest.mark.parametrize("package", sorted(VARIANTS))
def test_contributing_describes_each_study_as_it_is(package):
    """CONTRIBUTING.md's row for the package against its files: what the row names exists (or is absent where
    the row says "no" or "for"), and nothing in the package goes unnamed."""
    _, variants, own = VARIANTS[package]
    files, absent = _study_files(package), _absent(variants)
    named = set(_names(variants)) | set(_names(own))
    assert absent & files == set(), f"{package}: CONTRIBUTING.md says it has no {sorted(absent & files)}"
    assert (named - absent) - files == set(), f"{package}: CONTRIBUTING.md names missing {sorted((named - absent) - files)}"
    assert set(REQUIRED) - absent - files == set(), f"{package}: missing {sorted(set(REQUIRED) - absent - files)}"
    assert files - set(SHAPE) - named == set(), f"{package}: CONTRIBUTING.md does not name {sorted(files - set(SHAPE) - named)}"


README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("package", ["mmperf", "mmbook"])
def test_readme_layout_names_every_module_of_the_layer(package):
    """The README's layout row for a layer names each of its modules, and names no module that is not there."""
    row = next(line for line in README.splitlines() if line.startswith(f"| `lib/{package}/` |"))
    named = {name for name in _names(row) if re.fullmatch(r"\w+", name)} - {package}
    modules = {f.stem for f in (LIB / package).glob("*.py") if f.stem != "__init__"}
    assert modules - named == set(), f"README's lib/{package}/ row does not name {sorted(modules - named)}"
    assert named - modules == set(), f"README's lib/{package}/ row names {sorted(named - modules)}, not in the tree"


def test_the_layout_check_reads_the_rows():
    """The row parser can fail: a "for" and a "no" list are absent, other names are not."""
    assert _absent("`narrative` for `text`; no `checks.yml` or `checks`, no `review`; coverage in `x`") == {
        "text", "checks.yml", "checks", "review"}
