"""Prose lint: no typed result in a chapter's text.

Every sentence that states one of our results, compares it with the paper, counts checks or
judges agreement must be generated from the run (glue, or text composed in code), so that a
what-if never reads a stale number. The lint reads every markdown cell of a MyST notebook and
reports each standalone numeral that is not one of the allowed forms:

- inside a glue reference (``{glue:text}`name:.1f```), inline code or maths (``$...$``, ``$$``);
- a reference number right after Table, Figure, Fig., Eq., Equation, Section, Chapter, Ch.,
  Appendix, page, line(s), Part, Step, week, item, exercise, row, column, H (a headline id);
- a year from 1900 to 2099;
- in a sentence that carries a location in the paper - ``(Section 4.1)``, ``(Table 2)``, ``(Huynh and
  Khoshgoftaar, Figure 5)``, ``(Eq. 4.2)``, ``(page 7)`` in parentheses, or a source-text line in
  provenance style ``(seed line 123)`` - which marks the sentence's numbers as the paper's, at that place;
- digits that touch letters (MPEG-1, OC-3, SPECint92, i486, G.114, 10BASE-T, H.261) are names.

A second lint (:func:`lint_judgements`, issue 23 item 5) finds sentences that *judge* in a chapter's own
text: "reproduces", "agrees", "exceeds", "saturates", "is the bottleneck", "is acceptable", and
"because" / "due to" / "owing to" in a sentence that speaks of a gap (a difference, higher, lower, more,
less, than, a mismatch, a miss). Such a sentence must be composed from a record at run time (glued, or
``ch.judge`` in code), so that it is not printed where its premise does not hold. Allowed: composed
text (glue roles, inline code, maths), a sentence carrying a seed location (the paper's own judgement,
with its place), words in quotation marks (quoted), questions, and a judging verb after a modal ("cannot
exceed W/RTT", "to reproduce": a rule or an aim, not a verdict).

Run ``python -m mmbook.prose notebooks/sharp.md`` to lint one chapter (exit 1 on findings);
``--judgements`` adds the judgement lint.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

# Spans removed before looking for numerals (replaced by spaces so that positions hold).
_MASKS = [
    re.compile(r"\{[a-z:-]+\}`[^`]*`"),      # roles: {glue:text}`x:.1f`, {numref}`fig-x`, {cite}`k`
    re.compile(r"``[^`]*``|`[^`]*`"),         # inline code
    re.compile(r"\$\$.*?\$\$", re.S),          # display maths
    re.compile(r"\$[^$\n]+\$"),                # inline maths
    re.compile(r"\]\([^)]*\)"),                # link targets
    re.compile(r"<[^>\n]+>"),                  # html tags and autolinks
    re.compile(r"\(\s*seed\b[^)]*\)", re.I),   # the seed location itself
    re.compile(r"^\s*\d+[.)](?=\s)", re.M),      # numbered-list markers
    re.compile(r"\[\^?[\w-]+\]"),               # footnote and reference labels
]
_REFERENCE = re.compile(
    r"\b(?:tables?|figures?|figs?\.|eqs?\.|equations?|sections?|§|chapters?|ch\.|appendix|appendices|pages?|"
    r"pp?\.|lines?|parts?|steps?|weeks?|items?|exercises?|rows?|columns?|notes?|errat(?:um|a)|stop)\s*$",
    re.I)
_NUMERAL = re.compile(r"(?<![\w.\-/])[-−+]?\d+(?:[.,]\d+)*(?:\s?%)?(?![\w\-])")
_SEED_LOCATION = re.compile(
    r"\bseed\b[^.]*?\blines?\s+\d+"
    # a place a reader holding the paper can find, in parentheses: (Section 4.1), (Zeadally et al., Table 2)
    # (not "(see Table 3)", which points the reader at our own table)
    r"|\((?:[^()]*,\s*)?(?:sections?|§|tables?|figures?|figs?\.|eqs?\.|equations?|pages?|pp?\.)\s*\d[^()]*\)",
    re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(*])|\n\s*\n|\n\s*[-*|#] ")
_FENCE = re.compile(r"^(`{3,}|:{3,})(.*)$")


@dataclass(frozen=True)
class Finding:
    """A numeral in prose that is not one of the allowed forms."""

    file: str
    line: int
    numeral: str
    text: str
    kind: str = "typed numeral"  # or "judgement" (lint_judgements): then ``numeral`` holds the judging words

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.kind} {self.numeral!r} in: {self.text.strip()[:120]}"


def markdown_blocks(source: str) -> list[tuple[int, str]]:
    """The prose of a MyST notebook: (first line number, text) of every markdown stretch.

    Code cells are skipped; the bodies of directives such as ``{admonition}``, ``{exercise}``,
    ``{solution}`` and ``{glue:figure}`` (captions) are prose and are kept.
    """
    lines = source.splitlines()
    blocks, current, start = [], [], 1
    in_code, fence, i, open_directives = False, "", 0, 0
    if lines and lines[0].strip() == "---":  # front matter
        i = next((k for k in range(1, len(lines)) if lines[k].strip() == "---"), 0) + 1
    while i < len(lines):
        line = lines[i]
        m = _FENCE.match(line.strip())
        # a fence is code unless it opens a MyST directive other than code-cell ("```{admonition}")
        info = m.group(2).strip() if m else ""
        is_code_fence = m and m.group(1).startswith("`") and (not info.startswith("{") or "{code-cell}" in info
                                                              or "{code-block}" in info or "{code}" in info)
        if not in_code and is_code_fence and not (info == "" and open_directives > 0):
            in_code, fence = True, m.group(1)
            if current:
                blocks.append((start, "\n".join(current)))
                current = []
        elif in_code:
            if line.strip() == fence:
                in_code = False
                start = i + 2
        else:
            if not current:
                start = i + 1
            stripped = line.strip()
            # directive option lines (":name: fig-x", ":label: ex-1") are not prose
            if re.match(r"^:[a-z-]+:", stripped):
                current.append("")
            elif stripped.startswith(("```", ":::")):
                # a directive's fence: counted, not prose (its body and title are prose)
                open_directives += 1 if "{" in stripped else -1
                title = stripped.split("}", 1)[1] if "}" in stripped else ""
                current.append(title)
            else:
                current.append(line)
        i += 1
    if current:
        blocks.append((start, "\n".join(current)))
    return blocks


def lint_text(text: str, file: str = "<text>", first_line: int = 1) -> list[Finding]:
    """Findings in one stretch of markdown.

    Examples
    --------
    >>> [f.numeral for f in lint_text("The model gives 74 Mbit/s.")]
    ['74']
    >>> lint_text("The model gives {glue:text}`eq1:.1f` Mbit/s against Table 2 (seed line 104).")
    []
    >>> lint_text("The paper prints 74 Mbit/s (seed line 104), in 1997, for MPEG-1 on OC-3.")
    []
    >>> lint_text("The paper computes 74 Mbit/s and measures 69.3 Mbit/s (Zeadally et al., Section 5).")
    []
    """
    masked = text
    for pattern in _MASKS:
        masked = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), masked)
    findings = []
    for sentence_start, sentence in _sentences(text):
        if _SEED_LOCATION.search(sentence):
            continue
        masked_sentence = masked[sentence_start:sentence_start + len(sentence)]
        for m in _NUMERAL.finditer(masked_sentence):
            token = m.group(0)
            before = masked_sentence[:m.start()]
            if _REFERENCE.search(before) or _is_year(token) or _in_reference_list(before):
                continue
            line = first_line + text.count("\n", 0, sentence_start + m.start())
            findings.append(Finding(file, line, token, sentence))
    return findings


def _sentences(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append((pos, text[pos:m.start()]))
        pos = m.end()
    out.append((pos, text[pos:]))
    return out


def _is_year(token: str) -> bool:
    return bool(re.fullmatch(r"(19|20)\d\d", token))


def _in_reference_list(before: str) -> bool:
    """A numeral continuing a reference list: "Tables 5.1, 5.2 and 5.3", "Figures 4.1-4.5"."""
    return bool(re.search(r"\b(?:tables?|figures?|figs?\.|eqs?\.|equations?|sections?|chapters?|lines?)"
                          r"\s*[\d.]+(?:\s*(?:,|-|–|and|or|to)\s*[\d.]+)*\s*(?:,|-|–|and|or|to)\s*$", before, re.I))


_JUDGEMENT = re.compile(
    r"\b(?:reproduc(?:e|es|ed|ing)|agree(?:s|d|ing|ment)?|exceed(?:s|ed|ing)?|saturat(?:e|es|ed)|"
    r"(?:is|are|was|were|becomes?|became|remains?|stays?)\s+(?:not\s+)?(?:the|a)\s+bottlenecks?|"
    r"bottlenecks?\s+(?:is|are|was|were)|(?:is|are|was|were|remains?)\s+(?:not\s+)?(?:un)?acceptable)\b", re.I)
_CAUSE = re.compile(r"\b(?:because|due\s+to|owing\s+to)\b", re.I)
_GAP = re.compile(r"\b(?:gaps?|differ(?:s|ed|ence|ences)?|mismatch(?:es)?|higher|lower|more|less|fewer|faster|slower|"
                  r"than|miss(?:es|ed)?|short\s+of|over-?predict\w*|under-?predict\w*|errors?)\b", re.I)
#: a judging verb after a modal states a rule or an aim ("cannot exceed W/RTT", "to reproduce"), not a verdict
_MODAL = re.compile(r"\b(?:can|cannot|could|must|may|might|should|would|to)\s+$", re.I)
_QUOTES = re.compile(r'"[^"\n]*"|“[^”]*”|\'[^\'\n]{3,}\'(?!\w)')


def lint_judgement_text(text: str, file: str = "<text>", first_line: int = 1) -> list[Finding]:
    """Judging sentences typed into one stretch of markdown (see the module docstring).

    Examples
    --------
    >>> [f.numeral for f in lint_judgement_text("The model reproduces Table 2. It is the bottleneck.")]
    ['reproduces', 'is the bottleneck']
    >>> [f.numeral for f in lint_judgement_text("Ours is lower because the disk is slow.")]
    ['because']
    >>> lint_judgement_text("{glue:text}`verdict_text` The paper says it is the bottleneck (seed line 46).")
    []
    >>> lint_judgement_text("We use exponential stages because the paper gives no distribution.")
    []
    >>> lint_judgement_text("A window-limited sender cannot exceed W/RTT; we set out to reproduce it.")
    []
    """
    masked = text
    for pattern in [*_MASKS, _QUOTES]:
        masked = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), masked)
    findings = []
    for sentence_start, sentence in _sentences(text):
        if _SEED_LOCATION.search(sentence) or sentence.rstrip().endswith("?"):
            continue
        shown = masked[sentence_start:sentence_start + len(sentence)]
        hits = [m for m in _JUDGEMENT.finditer(shown) if not _MODAL.search(shown[:m.start()])]
        if _GAP.search(shown):
            hits += list(_CAUSE.finditer(shown))
        for m in sorted(hits, key=lambda m: m.start()):
            line = first_line + text.count("\n", 0, sentence_start + m.start())
            findings.append(Finding(file, line, re.sub(r"\s+", " ", m.group(0)), sentence, "judgement"))
    return findings


def lint_judgements(path: Path) -> list[Finding]:
    """Judging sentences typed into the markdown cells of a MyST notebook (:func:`lint_judgement_text`)."""
    source = path.read_text(encoding="utf-8")
    return [f for start, block in markdown_blocks(source) for f in lint_judgement_text(block, str(path), start)]


def lint_notebook(path: Path) -> list[Finding]:
    """Findings in every markdown cell of a MyST notebook."""
    source = path.read_text(encoding="utf-8")
    findings = []
    for start, block in markdown_blocks(source):
        findings += lint_text(block, str(path), start)
    return findings


def main(argv: list[str] | None = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    judgements = "--judgements" in args
    paths = [Path(a) for a in args if a != "--judgements"]
    if not paths:
        print("usage: python -m mmbook.prose [--judgements] notebooks/CHAPTER.md [...]", file=sys.stderr)
        return 2
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"python -m mmbook.prose: no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    findings = [f for p in paths for f in lint_notebook(p)]
    judged = [f for p in paths for f in lint_judgements(p)] if judgements else []
    for f in findings + judged:
        print(f)
    print(f"{len(findings)} typed numeral(s)" + (f", {len(judged)} typed judgement(s)" if judgements else "")
          + f" in {len(paths)} file(s)", file=sys.stderr)
    return 1 if findings or judged else 0


if __name__ == "__main__":
    sys.exit(main())
