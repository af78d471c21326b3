"""Explained survivors of the mutation run over ``mmstudies.claypool_load.analytic`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.claypool_load\.analytic\.x_break_even_participants", r"(?m)^\s+silence=None\)\):$",
     "equivalent: on the no-deletion side audio_components tests `a.silence and ...`, and None is falsy like "
     "False, so the load compared against is the same (silence=None on the deletion side is killed)."),
]
