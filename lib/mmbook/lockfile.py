"""``requirements.lock``, the hashed pin set: read it, and complete what the lock tool writes for pip.

``make lock`` writes ``requirements.lock`` with ``uv pip compile --generate-hashes`` and then runs this
module on it (``python -m mmbook.lockfile requirements.lock``). The module reads a requirements file into
one :class:`Pin` per requirement (the test of the supply chain checks every pin has its hashes and agrees
with ``pyproject.toml``), and adds, for every requirement pinned only with extras (``bleach[css]==6.4.0``),
the same pin without them (:func:`add_base_pins`).

Why the base pin: the pip that a Python 3.11 venv brings (23.2) treats ``markdown-it-py[linkify]`` and
``markdown-it-py`` as two projects. A dependency that asks for ``markdown-it-py>=1.0`` without the extra
then finds no ``==`` pin of its own, pip tries the newest release, and in hash-checking mode it stops
there ("all requirements must have their versions pinned with =="). With the base pinned too, both
resolve to the one locked version. The module uses the standard library only, so that ``make lock`` can
run it without the book's environment.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

_NAME = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[(?P<extras>[^\]]*)\])?\s*(?P<spec>.*)$")
_HASH = re.compile(r"^--hash[= ](?P<hash>\S+)$")
BASE_PIN_NOTE = ("# Added by `make lock` (mmbook.lockfile): the pin of each project locked above only with "
                 "extras,\n# also without them, for pip < 23.3 in hash-checking mode.")


@dataclass(frozen=True)
class Pin:
    """One requirement of a requirements file.

    ``name`` is normalised (PEP 503: lower case, runs of ``-_.`` as one ``-``); ``version`` is the
    version after ``==``, or None when the requirement is not pinned to one version; ``hashes`` are the
    ``--hash`` values as written (``sha256:<hex>``); ``line`` is the line where the requirement starts.
    """

    name: str
    extras: tuple[str, ...]
    version: str | None
    marker: str
    hashes: tuple[str, ...]
    line: int


def normalize(name: str) -> str:
    """A project name as PEP 503 compares it.

    >>> normalize("Sphinx_Design"), normalize("ruamel.yaml")
    ('sphinx-design', 'ruamel-yaml')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def _logical_lines(text: str):
    """(line number, text) of each requirement or option, continuation lines joined, comments dropped."""
    start, parts = None, []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()   # a comment runs to the end of its line
        if start is None:
            if not line.strip():
                continue
            start = number
        continued = line.endswith("\\")
        parts.append(line[:-1] if continued else line)
        if not continued:
            yield start, " ".join(p.strip() for p in parts if p.strip())
            start, parts = None, []
    if start is not None:
        yield start, " ".join(p.strip() for p in parts if p.strip())


def read_requirements(text: str) -> list[Pin]:
    """Every requirement of a requirements file, in order; editable requirements count, options do not.

    An editable or path requirement (``-e .``) comes back with no version and no hashes, as pip sees it.

    >>> pins = read_requirements(
    ...     "# a comment\\n"
    ...     "bleach[css]==6.4.0 ; python_version >= '3.11' \\\\\\n"
    ...     "    --hash=sha256:aa \\\\\\n"
    ...     "    --hash=sha256:bb\\n"
    ...     "    # via nbconvert\\n"
    ...     "--require-hashes\\n"
    ...     "Tqdm>=4\\n")
    >>> [(p.name, p.extras, p.version, p.marker, p.hashes, p.line) for p in pins]
    [('bleach', ('css',), '6.4.0', "python_version >= '3.11'", ('sha256:aa', 'sha256:bb'), 2), ('tqdm', (), None, '', (), 7)]
    """
    pins = []
    for number, logical in _logical_lines(text):
        if logical.startswith(("-e ", "--editable")):
            target = logical.split(None, 1)[1] if " " in logical else logical.partition("=")[2]
            pins.append(Pin(target, (), None, "", (), number))
            continue
        if logical.startswith("-"):
            continue                                        # an option: --require-hashes, -r FILE, ...
        requirement, *options = re.split(r"\s+(?=--)", logical)
        requirement, _, marker = requirement.partition(";")
        match = _NAME.match(requirement.strip())
        if match is None:
            raise ValueError(f"line {number}: not a requirement: {logical[:80]!r}")
        spec = match["spec"].strip()
        version = spec[2:].strip() if re.fullmatch(r"==\s*[^,=<>!~\s]+", spec) else None
        extras = tuple(e.strip() for e in (match["extras"] or "").split(",") if e.strip())
        hashes = tuple(m["hash"] for o in options if (m := _HASH.match(o.strip())))
        pins.append(Pin(normalize(match["name"]), extras, version, marker.strip(), hashes, number))
    return pins


def _blocks(text: str) -> dict[int, str]:
    """The text of each requirement block of a file written by ``uv pip compile``, by its first line:
    the requirement's own lines (continuations), without the ``# via`` comments that follow."""
    lines = text.splitlines()
    blocks = {}
    for number, line in enumerate(lines, start=1):
        if line and not line[0].isspace() and not line.startswith(("#", "-")):
            block = [line]
            while block[-1].endswith("\\") and number - 1 + len(block) < len(lines):
                block.append(lines[number - 1 + len(block)])
            block[-1] = block[-1].rstrip(" \\")
            blocks[number] = "\n".join(block)
    return blocks


def add_base_pins(text: str) -> str:
    """``text`` with, at its end, the pin without extras of every project pinned only with extras.

    The added pin keeps the version, marker and hashes of the pin with extras. A file that already has
    the base pins is returned unchanged, so running this twice adds nothing the second time.

    >>> lock = "bleach[css]==6.4.0 \\\\\\n    --hash=sha256:aa\\n    # via nbconvert\\nsix==1.0 \\\\\\n    --hash=sha256:cc\\n"
    >>> print(add_base_pins(lock))  # doctest: +NORMALIZE_WHITESPACE
    bleach[css]==6.4.0 \\
        --hash=sha256:aa
        # via nbconvert
    six==1.0 \\
        --hash=sha256:cc
    <BLANKLINE>
    # Added by `make lock` (mmbook.lockfile): the pin of each project locked above only with extras,
    # also without them, for pip < 23.3 in hash-checking mode.
    bleach==6.4.0 \\
        --hash=sha256:aa
    >>> add_base_pins(add_base_pins(lock)) == add_base_pins(lock)
    True
    """
    pins = read_requirements(text)
    plain = {(p.name, p.marker) for p in pins if not p.extras}
    blocks = _blocks(text)
    added = []
    for pin in pins:
        if pin.extras and (pin.name, pin.marker) not in plain:
            block = blocks[pin.line]
            added.append(re.sub(r"^([A-Za-z0-9._-]+)\s*\[[^\]]*\]", r"\1", block, count=1))
            plain.add((pin.name, pin.marker))
    if not added:
        return text
    return text.rstrip("\n") + "\n\n" + BASE_PIN_NOTE + "\n" + "\n".join(added) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m mmbook.lockfile FILE``: add the base pins to FILE in place (exit 2 on a bad FILE)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m mmbook.lockfile REQUIREMENTS_FILE", file=sys.stderr)
        return 2
    path = Path(args[0])
    if not path.is_file():
        print(f"mmbook.lockfile: {path}: no such file (give the requirements file `make lock` wrote)",
              file=sys.stderr)
        return 2
    text = path.read_text(encoding="utf-8")
    try:
        completed = add_base_pins(text)
    except ValueError as err:
        print(f"mmbook.lockfile: {path}: {err}", file=sys.stderr)
        return 2
    if completed != text:
        partial = path.with_name(path.name + ".partial")
        partial.write_text(completed, encoding="utf-8")
        partial.replace(path)                       # never a half-written lock
    return 0


if __name__ == "__main__":
    sys.exit(main())
