"""Explained survivors of the mutation run over ``mmstudies.foundations_networks.model`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.foundations_networks\.model\.x_open_run",
     r"f, g = frame_rate \* 1000\.0,|max\(ft_rate, 1e-9\) \* 1000\.0",
     "killed in effect (timeout): a rate per second multiplied by 1000 instead of divided is a million times too "
     "many arrivals per millisecond (30,000 frames or 5,000 requests per ms), so the run does not end within "
     "mutmut's time limit; a timeout is a failure of the mutant, counted apart from the killed ones."),
    (r"mmstudies\.foundations_networks\.model\.x_(open_run|closed_run|summary)", r"float\(\"(INF|NAN)\"\)",
     "equivalent: float() parses 'inf' and 'nan' case-insensitively."),
    # -- experiments (mut4a, 2026-11-26)
    (r"mmstudies\.foundations_networks\.experiments\.x_populations",
     r"if n < max_population\} \| \{int\(max_population\)\}",
     "equivalent: the one power (1, 2 or 4) that `<` drops where `<=` keeps it is max_population itself, which "
     "the union adds anyway."),
    (r"mmstudies\.foundations_networks\.experiments\.x_exercise_answers",
     r"two = queueing\.mva\(list\(d\), 2, \)",
     "equivalent: think_time=0.0 is mva's default."),
    (r"mmstudies\.foundations_networks\.experiments\.x_exercise_answers",
     r"two = queueing\.mva\(list\(d\), 3, think_time=0\.0\)",
     "equivalent: the exercise reads populations 1 and 2 (two[0], two[1]); the MVA recursion is the same up to "
     "them whatever population it goes on to."),
]
