"""Explained survivors of the mutation run over ``mmstudies.foundations_laws.experiments`` (see
benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    # -- experiments (mut4a, 2026-11-26)
    (r"mmstudies\.foundations_laws\.experiments\.x_(measurement|claypool_fits)",
     r"zip\(edges\[:-1\], edges\[1:\], (strict=(None|False))?\)|"
     r"zip\(table\[\"ci95_left_s\"\], table\[\"ci95_right_s\"\], (strict=(None|False))?\)",
     "equivalent: both sides of the zip are cut from the same array (the bin edges without the last and without "
     "the first) or are two columns of the same table, so they always have the same length and zip's strict "
     "check can never fire."),
    (r"mmstudies\.foundations_laws\.experiments\.x_replications_needed", r"np\.asarray\(values, (None)?\)",
     "equivalent for the documented input (numbers): numpy's std(ddof=1) and mean of an integer array are "
     "computed in float64 all the same."),
    (r"mmstudies\.foundations_laws\.experiments\.x_replications_needed",
     r"stats\.t\.ppf\(0\.5 - level / 2, x\.size - 1\)",
     "equivalent: Student's t is symmetric, so the lower quantile is the upper one negated, and the formula "
     "squares it."),
]
