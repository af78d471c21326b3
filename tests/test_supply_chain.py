"""The supply chain: the licence, the citation and the hashed lock agree with ``pyproject.toml``.

Each check is a small function returning the problems it finds, so that it runs once on the project's
own files and once on hand-made bad files, to show it can fail:

- ``LICENSE`` is the licence ``pyproject.toml`` declares (its full text, only the copyright line free) and
  names the book's authors as ``CITATION.cff`` does;
- ``CITATION.cff`` is valid Citation File Format 1.2.0 (the required keys, and the schema kept in
  ``tests/data``), carries pyproject's licence and version, and cites the studies (the entries of
  ``book/references.bib`` whose note names their seed: five today) exactly as the bibliography does: same
  titles, same authors, a year only where the bibliography has one;
- every requirement of ``requirements.lock`` is pinned with ``==`` and carries sha256 hashes;
- every direct dependency pinned in ``pyproject.toml`` (the ``test`` extra too) has that version in the
  lock; the install step installs the lock with ``--require-hashes``.
"""

from __future__ import annotations

import json
import re
import textwrap
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

from mmbook.lockfile import normalize, read_requirements

ROOT = Path(__file__).resolve().parents[1]
CFF_SCHEMA = ROOT / "tests" / "data" / "citation-file-format-1.2.0.schema.json"

# The licence texts this project may declare, by the SPDX name pyproject.toml gives. Only the copyright
# line (the first line that starts with "Copyright") may differ from the template.
LICENSE_TEMPLATES = {
    "MIT": """\
        MIT License

        Copyright (c) <year> <copyright holders>

        Permission is hereby granted, free of charge, to any person obtaining a copy
        of this software and associated documentation files (the "Software"), to deal
        in the Software without restriction, including without limitation the rights
        to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
        copies of the Software, and to permit persons to whom the Software is
        furnished to do so, subject to the following conditions:

        The above copyright notice and this permission notice shall be included in all
        copies or substantial portions of the Software.

        THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
        IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
        FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
        AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
        LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
        OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
        SOFTWARE.
        """,
}
COPYRIGHT = re.compile(r"^Copyright \(c\) (?P<year>\d{4}) (?P<holder>\S.*)$")


# ----------------------------------------------------------------------------- the project's files
def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _citation() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def declared_license(pyproject: dict) -> str:
    """The licence name in ``[project]``: ``license = "MIT"`` (PEP 639) or ``license = {text = "MIT"}``."""
    license_ = pyproject["project"].get("license")
    return license_ if isinstance(license_, str) else (license_ or {}).get("text", "")


# ----------------------------------------------------------------------------- the checks
def license_problems(license_text: str | None, license_name: str, holder: str) -> list[str]:
    """What is wrong with a LICENSE text for a project declaring ``license_name``, by ``holder``."""
    if license_text is None:
        return ["LICENSE is missing"]
    template = LICENSE_TEMPLATES.get(license_name)
    if template is None:
        return [f"pyproject.toml declares {license_name!r}, a licence this test has no text for"]
    lines = [line.rstrip() for line in license_text.strip().splitlines()]
    expected = textwrap.dedent(template).strip().splitlines()
    problems = []
    copyright_at = next((i for i, line in enumerate(lines) if line.startswith("Copyright")), None)
    if copyright_at is None or not (match := COPYRIGHT.match(lines[copyright_at])):
        problems.append("LICENSE has no line 'Copyright (c) YEAR HOLDER'")
    elif match["holder"] != holder:
        problems.append(f"LICENSE names {match['holder']!r}, CITATION.cff's author is {holder!r}")
    template_at = next(i for i, line in enumerate(expected) if line.startswith("Copyright"))
    body = [line for i, line in enumerate(lines) if i != copyright_at]
    if body != [line for i, line in enumerate(expected) if i != template_at]:
        problems.append(f"LICENSE is not the {license_name} licence that pyproject.toml declares")
    return problems


def citation_problems(cff: dict, pyproject: dict) -> list[str]:
    """What is wrong with a parsed CITATION.cff: required keys, schema, licence and version."""
    import jsonschema

    problems = [f"CITATION.cff lacks the required key {key!r}"
                for key in ("cff-version", "message", "title", "authors") if not cff.get(key)]
    if str(cff.get("cff-version")) != "1.2.0":
        problems.append(f"cff-version is {cff.get('cff-version')!r}, not '1.2.0'")
    for author in cff.get("authors") or []:
        if not (author.get("name") or author.get("family-names")):
            problems.append(f"an author without a name: {author}")
    schema = json.loads(CFF_SCHEMA.read_text(encoding="utf-8"))
    problems += [f"schema: {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
                 for e in jsonschema.Draft7Validator(schema).iter_errors(cff)]
    if cff.get("license") != declared_license(pyproject):
        problems.append(f"CITATION.cff says licence {cff.get('license')!r}, "
                        f"pyproject.toml {declared_license(pyproject)!r}")
    if str(cff.get("version")) != pyproject["project"]["version"]:
        problems.append(f"CITATION.cff says version {cff.get('version')!r}, "
                        f"pyproject.toml {pyproject['project']['version']!r}")
    return problems


def study_entries(bib: str) -> dict[str, dict]:
    """The bibliography's entries for the five studies (those whose note names their seed file):
    key -> title, family names of the authors, year (None where the entry has none)."""
    entries = {}
    for match in re.finditer(r"@\w+\{(?P<key>[^,]+),(?P<body>.*?)\n\}", bib, re.S):
        fields = {f["name"].lower(): re.sub(r"\s+", " ", f["value"]).strip()
                  for f in re.finditer(r"(?P<name>\w+)\s*=\s*\{(?P<value>(?:[^{}]|\{[^{}]*\})*)\}",
                                       match["body"])}
        if re.search(r"[Ss]eed 00\d", fields.get("note", "")):
            entries[match["key"].strip()] = {
                "title": fields["title"].replace("{", "").replace("}", ""),
                "family-names": [a.split(",")[0].strip() for a in fields["author"].split(" and ")],
                "year": int(fields["year"]) if "year" in fields else None,
            }
    return entries


def reference_problems(cff: dict, studies: dict[str, dict]) -> list[str]:
    """Each study cited in CITATION.cff as the bibliography has it (the reference names its key in
    ``notes``); a year only where the bibliography gives one."""
    references = cff.get("references") or []
    problems = []
    if not studies:
        problems.append("book/references.bib has no study entry (no note names a seed)")
    for key, entry in studies.items():
        cited = [r for r in references if f"references.bib key {key}" in " ".join(str(r.get("notes", "")).split())]
        if len(cited) != 1:
            problems.append(f"CITATION.cff cites {key} {len(cited)} times, not once")
            continue
        ref = cited[0]
        if ref.get("title") != entry["title"]:
            problems.append(f"{key}: title {ref.get('title')!r}, references.bib {entry['title']!r}")
        names = [a.get("family-names") for a in ref.get("authors") or []]
        if names != entry["family-names"]:
            problems.append(f"{key}: authors {names}, references.bib {entry['family-names']}")
        if ref.get("year") != entry["year"]:
            problems.append(f"{key}: year {ref.get('year')!r}, references.bib {entry['year']!r}")
    if len(references) != len(studies):
        problems.append(f"CITATION.cff has {len(references)} references for {len(studies)} studies")
    return problems


def lock_problems(lock_text: str) -> list[str]:
    """Every requirement of the lock pinned with ``==`` and carrying only sha256 hashes."""
    problems = []
    for pin in read_requirements(lock_text):
        if pin.version is None:
            problems.append(f"line {pin.line}: {pin.name} is not pinned with ==")
        if not pin.hashes:
            problems.append(f"line {pin.line}: {pin.name} has no --hash")
        problems += [f"line {pin.line}: {pin.name}: {h!r} is not sha256:<64 hex digits>"
                     for h in pin.hashes if not re.fullmatch(r"sha256:[0-9a-f]{64}", h)]
    return problems


def direct_pins(pyproject: dict) -> dict[str, str]:
    """The direct dependencies pinned with ``==`` in pyproject.toml, the ``test`` extra included."""
    project = pyproject["project"]
    pins = {}
    for text in project["dependencies"] + project.get("optional-dependencies", {}).get("test", []):
        requirement = Requirement(text)
        exact = [s.version for s in requirement.specifier if s.operator == "=="]
        if exact:
            pins[normalize(requirement.name)] = exact[0]
    return pins


def pin_mismatches(pyproject: dict, lock_text: str) -> list[str]:
    """Direct dependencies whose version in the lock is not pyproject's pin (or that are not locked)."""
    locked: dict[str, set[str | None]] = {}
    for pin in read_requirements(lock_text):
        locked.setdefault(pin.name, set()).add(pin.version)
    problems = []
    for name, version in sorted(direct_pins(pyproject).items()):
        if name not in locked:
            problems.append(f"{name}=={version} is pinned in pyproject.toml but not in requirements.lock")
        elif locked[name] != {version}:
            problems.append(f"{name}: pyproject.toml pins {version}, requirements.lock {sorted(map(str, locked[name]))}")
    return problems


# ----------------------------------------------------------------------------- the project passes
def test_license_matches_pyproject():
    path = ROOT / "LICENSE"
    text = path.read_text(encoding="utf-8") if path.is_file() else None
    assert license_problems(text, declared_license(_pyproject()), _citation()["authors"][0]["name"]) == []


def test_citation_is_valid_and_agrees_with_pyproject():
    assert (ROOT / "CITATION.cff").is_file(), "CITATION.cff is missing"
    assert citation_problems(_citation(), _pyproject()) == []


def test_citation_cites_the_five_studies_as_the_bibliography_does():
    studies = study_entries((ROOT / "book" / "references.bib").read_text(encoding="utf-8"))
    assert len(studies) == 5, f"the bibliography's study entries: {sorted(studies)}"
    assert reference_problems(_citation(), studies) == []


def test_every_locked_requirement_has_hashes():
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    assert read_requirements(text), "requirements.lock holds no requirement"
    assert lock_problems(text) == []


def test_direct_dependencies_have_their_pyproject_versions_in_the_lock():
    pyproject = _pyproject()
    assert len(direct_pins(pyproject)) == len(pyproject["project"]["dependencies"]) + len(
        pyproject["project"]["optional-dependencies"]["test"]), "a direct dependency is not pinned with =="
    assert pin_mismatches(pyproject, (ROOT / "requirements.lock").read_text(encoding="utf-8")) == []


def test_install_step_requires_hashes_and_lock_has_one_command():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock" in makefile
    assert re.search(r"^lock:", makefile, re.M), "the Makefile has no `lock` target"
    assert "make lock" in (ROOT / "requirements.lock").read_text(encoding="utf-8").split("\n", 3)[1]
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    # one pip run reads the hashed lock; an editable project (no hash) in the same run would be refused
    assert "-r requirements.lock" in pip_section and not any(x.startswith("-e") for x in pip_section)


# ----------------------------------------------------------------------------- the checks can fail
MIT_TEXT = textwrap.dedent(LICENSE_TEMPLATES["MIT"]).replace(
    "Copyright (c) <year> <copyright holders>", "Copyright (c) 2026 The authors")


@pytest.mark.parametrize(("text", "name", "expected"), [
    (None, "MIT", "LICENSE is missing"),
    (MIT_TEXT, "Apache-2.0", "no text for"),
    (MIT_TEXT.replace("free of charge", "for a fee"), "MIT", "not the MIT licence"),
    (MIT_TEXT.replace("Copyright (c) 2026 The authors", "(c) The authors"), "MIT", "no line 'Copyright"),
    (MIT_TEXT.replace("The authors", "Someone else"), "MIT", "CITATION.cff's author"),
])
def test_license_check_fails_on(text, name, expected):
    problems = license_problems(text, name, "The authors")
    assert any(expected in p for p in problems), problems


def test_license_check_passes_the_template_with_a_copyright_line():
    assert license_problems(MIT_TEXT, "MIT", "The authors") == []


PYPROJECT = {"project": {"version": "0.1.0", "license": {"text": "MIT"},
                         "dependencies": ["numpy==2.4.6", "tqdm>=4"],
                         "optional-dependencies": {"test": ["pytest==9.2.0"]}}}
GOOD_CFF = {"cff-version": "1.2.0", "message": "Cite it.", "title": "A book",
            "authors": [{"name": "The authors"}], "license": "MIT", "version": "0.1.0"}


def test_citation_check_passes_a_minimal_good_file():
    assert citation_problems(GOOD_CFF, PYPROJECT) == []


@pytest.mark.parametrize(("change", "expected"), [
    ({"title": None}, "required key 'title'"),
    ({"authors": []}, "required key 'authors'"),
    ({"cff-version": "1.1.0"}, "not '1.2.0'"),
    ({"license": "Apache-2.0"}, "pyproject.toml 'MIT'"),
    ({"version": "0.2.0"}, "pyproject.toml '0.1.0'"),
    ({"date-released": "yesterday"}, "schema: date-released"),
])
def test_citation_check_fails_on(change, expected):
    cff = {k: v for k, v in {**GOOD_CFF, **change}.items() if v is not None}
    assert any(expected in p for p in citation_problems(cff, PYPROJECT)), citation_problems(cff, PYPROJECT)


BIB = """\
@misc{one,
  author = {Doe, Jane and Roe, Richard},
  title  = {A {Study}},
  note   = {Seed 000},
}
@book{other,
  author = {Poe, Edgar},
  title  = {Not a study},
  year   = {1845},
}
"""


def test_study_entries_reads_the_seeded_entries_only():
    assert study_entries(BIB) == {"one": {"title": "A Study", "family-names": ["Doe", "Roe"], "year": None}}


@pytest.mark.parametrize(("reference", "expected"), [
    ({"title": "A Study", "authors": [{"family-names": "Doe"}, {"family-names": "Roe"}], "year": 1997},
     "one: year 1997, references.bib None"),
    ({"title": "A study", "authors": [{"family-names": "Doe"}, {"family-names": "Roe"}]}, "one: title"),
    ({"title": "A Study", "authors": [{"family-names": "Doe"}]}, "one: authors"),
])
def test_reference_check_fails_on(reference, expected):
    cff = {"references": [{**reference, "notes": "references.bib key one"}]}
    assert any(expected in p for p in reference_problems(cff, study_entries(BIB))), \
        reference_problems(cff, study_entries(BIB))


HASH = "sha256:" + "0" * 64


@pytest.mark.parametrize(("lock", "expected"), [
    ("numpy==2.4.6\n", "numpy has no --hash"),
    (f"numpy>=2 \\\n    --hash={HASH}\n", "numpy is not pinned with =="),
    ("numpy==2.4.6 \\\n    --hash=md5:abc\n", "is not sha256"),
    ("-e .\n", "no --hash"),
])
def test_lock_check_fails_on(lock, expected):
    assert any(expected in p for p in lock_problems(lock)), lock_problems(lock)


def test_lock_check_passes_hashed_pins():
    assert lock_problems(f"numpy==2.4.6 ; python_version >= '3.11' \\\n    --hash={HASH}\n    # via x\n") == []


@pytest.mark.parametrize(("lock", "expected"), [
    (f"numpy==2.4.5 --hash={HASH}\npytest==9.2.0 --hash={HASH}\n", "numpy: pyproject.toml pins 2.4.6"),
    (f"numpy==2.4.6 --hash={HASH}\n", "pytest==9.2.0 is pinned in pyproject.toml but not"),
])
def test_pin_check_fails_on(lock, expected):
    assert any(expected in p for p in pin_mismatches(PYPROJECT, lock)), pin_mismatches(PYPROJECT, lock)


def test_pin_check_passes_matching_versions():
    lock = f"NumPy==2.4.6 --hash={HASH}\npytest==9.2.0 --hash={HASH}\ntqdm==4.70.1 --hash={HASH}\n"
    assert pin_mismatches(PYPROJECT, lock) == []
