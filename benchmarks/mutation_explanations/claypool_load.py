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
    # -- checks (mutation run of 2026-11-26, fourth session)
    (r"mmstudies\.claypool_load\.checks\.x_table7_2_setting_rows__", r"zip\(ours, rows, (strict=(None|False))?\)",
     "equivalent: `ours` is made from `rows` element by element, so the two always have the same length and zip's "
     "strict check can never fire."),
    (r"mmstudies\.claypool_load\.checks\.x_table7_2_printed_counts__", r"^\s*\)$",
     "equivalent: without read_bytes_per_frame the macro run takes VC's default; it enters only the Read count "
     "(frames x bytes per frame), which this check leaves out of its comparison (rows other than Read)."),
    (r"mmstudies\.claypool_load\.checks\.x_run_record__", r"experiments\.run\(None\)",
     "killed in effect (timeout): without the parameters the chapter runs at its defaults, counter_sims included, "
     "so the Ciw counter sweep runs (minutes on the shared machine, beyond 3 x the test's time); had it finished, "
     "test_records_by_hand_and_at_the_audits_size would fail on its 8 participants for the 4 asked."),
]
