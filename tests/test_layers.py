"""The three layers under ``lib/`` and their direction: the science library (``mmperf``) imports neither
the studies nor the engine; a study (``mmstudies.<study>``) imports the science library and its own
package only; the book engine (``mmbook``) reaches the studies only through the chapters' notebooks, never
by importing them. No import cycle, counting imports inside functions too."""

import ast
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
