"""The notation page (book/glossary.md) lists every symbol each chapter's mathematics uses, for that chapter."""

import re

import pytest

from mmbook import build
from mmbook.params import chapter_names
from mmperf import paths

MATH = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+?)\$", re.S)
WORDS = re.compile(r"\\(?:text|mathrm|operatorname)\{[^}]*\}")
GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "kappa", "lambda", "mu", "rho", "sigma", "tau", "ell",
         "theta", "phi", "pi", "omega", "nu", "eta", "xi", "zeta", "chi", "psi"}
GLOSSARY = paths.project_root() / "book" / "glossary.md"


def symbols(tex: str) -> set[str]:
    """The symbols of a TeX formula: single letters standing alone and Greek letters (words, \\text{...} and
    \\mathrm{...} are not symbols)."""
    tex = WORDS.sub(" ", tex)
    found = {m for m in re.findall(r"\\([a-zA-Z]+)", tex) if m in GREEK}
    return found | set(re.findall(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])", tex))


def test_symbols_by_hand():
    assert symbols(r"D_k = V_k S_k") == {"D", "k", "V", "S"}
    assert symbols(r"\text{bare}/(N+1) + \lambda \cdot \mathrm{RTT}") == {"N", "lambda"}


def glossary_rows() -> list[tuple[set[str], set[str]]]:
    """(symbols, chapters) of every table row of the glossary whose first cell is maths."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3 and cells[0].startswith("$"):
            found = set().union(*(symbols(m.group(2) or "") for m in MATH.finditer(cells[0])))
            rows.append((found, {c.strip() for c in cells[-1].split(",")}))
    return rows


@pytest.mark.parametrize("name", chapter_names())
def test_every_symbol_of_a_chapter_is_in_the_glossary(name):
    text = (paths.project_root() / "notebooks" / f"{name}.md").read_text(encoding="utf-8")
    used = set().union(set(), *(symbols(m.group(1) or m.group(2)) for m in MATH.finditer(text)))
    listed = set().union(set(), *(syms for syms, chapters in glossary_rows() if name in chapters))
    assert not used - listed, f"book/glossary.md lists no meaning in {name} for {sorted(used - listed)}"


def test_glossary_is_in_the_front_matter():
    toc = build.yaml.safe_load(build.toc_yaml(["laws", "a"], foundations=["laws"]))
    front = toc["parts"][0]
    assert front["caption"] == "Using this book" and {"file": "book/glossary"} in front["chapters"]
    assert GLOSSARY.is_file()
