"""The provenance line under every figure and regenerated table, and the one commit-hash length.

One line (an HTML ``<details>`` whose summary is the line) names the chapter, the notebook cell as it is
numbered in the downloadable executed notebook, the study function that drew the figure and the commit,
with the downloads; opened, it gives the function's file and line, the parameters that differ from the
defaults and the transcribed data tables among the inputs of the figure's drawing function or of
the table.
"""

from __future__ import annotations

import html
import subprocess
from pathlib import Path
from typing import Any

from mmperf import paths

#: every commit hash the book shows has this many hexadecimal digits
COMMIT_DIGITS = 10


def short_commit(root: Path | None = None) -> str | None:
    """The checkout's commit, ``COMMIT_DIGITS`` long; None outside a git checkout.

    Cut from the full hash rather than ``--short`` (which lengthens a hash that would be ambiguous),
    so that every hash in the book has the same length.
    """
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root or paths.project_root(), capture_output=True,
                             text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    full = out.stdout.strip()
    return full[:COMMIT_DIGITS] if out.returncode == 0 and full else None


def _code_list(items: list[str] | None) -> str:
    return ", ".join(f"<code>{html.escape(str(i))}</code>" for i in items or [])


def provenance_html(chapter: str, record: dict[str, Any], differ: str, commit: str,
                    links: dict[str, str] | None = None, regenerated: str = "") -> str:
    """The provenance line of a figure or table ``record`` (keys ``cell``, ``function``, ``source``,
    ``data_files``).

    ``differ`` describes the parameters changed from the defaults; ``links`` maps a download's label to
    its address; ``regenerated`` is an extra sentence for the detail.

    Examples
    --------
    >>> print(provenance_html("sharp", {"cell": 12, "function": "mmstudies.sharp.figures.loss",
    ...                                 "source": "lib/mmstudies/sharp/figures.py:40",
    ...                                 "data_files": ["data/sharp/t1.csv"]},
    ...                       "none (the defaults)", "abc1234567", {"PNG": "a.png"}))
    <details class="mm-provenance"><summary>Provenance: chapter <code>sharp</code>, code cell [12], drawn by <code>mmstudies.sharp.figures.loss</code>, commit <code>abc1234567</code>.</summary><p>Drawn by <code>mmstudies.sharp.figures.loss</code> in <code>lib/mmstudies/sharp/figures.py:40</code>. Cell [12] is numbered as in the chapter's downloadable executed notebook. Parameters changed from the defaults: none (the defaults). Transcribed data tables among its inputs: <code>data/sharp/t1.csv</code>.</p></details><p class="mm-downloads">Download: <a class="mm-download" href="a.png" download>PNG</a></p>
    """
    esc = html.escape
    cell = record.get("cell")
    cell_text = f"code cell [{esc(str(cell))}]" if cell not in (None, "") else "code cell not recorded"
    function = record.get("function")
    summary = f"Provenance: chapter <code>{esc(chapter)}</code>, {cell_text}"
    if function:
        summary += f", drawn by <code>{esc(function)}</code>"
    summary += f", commit <code>{esc(commit)}</code>."
    detail = []
    if function:
        where = f" in <code>{esc(record['source'])}</code>" if record.get("source") else ""
        detail.append(f"Drawn by <code>{esc(function)}</code>{where}.")
    elif "function" in record:
        detail.append("Drawn in the notebook cell itself.")
    if cell not in (None, ""):
        detail.append(f"Cell [{esc(str(cell))}] is numbered as in the chapter's downloadable executed notebook.")
    detail.append(f"Parameters changed from the defaults: {esc(differ)}.")
    files = record.get("data_files")
    if files is None:
        detail.append("Data tables: not recorded.")
    else:
        detail.append(f"Transcribed data tables among its inputs: {_code_list(files) or 'none'}.")
    if regenerated:
        detail.append(regenerated)
    line = f'<details class="mm-provenance"><summary>{summary}</summary><p>{" ".join(detail)}</p></details>'
    if links:  # beside the summary, not in it: a link inside a <summary> is a control nested in a control
        line += ('<p class="mm-downloads">Download: ' + " · ".join(
            f'<a class="mm-download" href="{esc(href)}" download>{esc(kind)}</a>' for kind, href in links.items())
            + "</p>")
    return line
