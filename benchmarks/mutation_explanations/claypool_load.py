"""Explained survivors of the mutation runs over ``mmstudies.claypool_load.analytic`` and ``.model`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.claypool_load\.analytic\.x_break_even_participants", r"(?m)^\s+silence=None\)\):$",
     "equivalent: on the no-deletion side audio_components tests `a.silence and ...`, and None is falsy like "
     "False, so the load compared against is the same (silence=None on the deletion side is killed)."),
    # -- model (run of 2026-11-26, third session)
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"counter_work = horizon_s \+ 2\.0",
     "equivalent: a counter does at most horizon_s of work before the horizon, so any work above that keeps it "
     "running to the end; 2 s instead of 1 s above it keeps the float spacing as fine (about 1e-14 s)."),
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"\[1e-9\] \* counters \+ \[1000000000001\.0\]",
     "equivalent: the interarrival after the last counter only has to lie beyond the horizon (at most a few "
     "minutes), and 1e12 + 1 s does as well as 1e12 s."),
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"counters \+ int\(horizon_s / period_s\) \+ 3\]",
     "equivalent: with one process per job the capacity only has to exceed the most processes ever present, the "
     "counters plus the jobs arrived by the horizon (at period_s, 2 period_s, ...: at most int(horizon_s / "
     "period_s)); + 2 and + 3 both do."),
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"else float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
]
