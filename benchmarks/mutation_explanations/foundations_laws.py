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
    # -- analytic (manalytic5a, 2026-11-26, fourth session)
    (r"mmstudies\.foundations_laws\.analytic\.x_weighted_line",
     r"np\.asarray\(x, (None)?\), np\.asarray\(y, float\)|np\.asarray\(x, float\), np\.asarray\(y, (None)?\)|"
     r"np\.asarray\(sigma, (None)?\)",
     "equivalent for the documented input (numbers): integer x or y make integer design, weight and product "
     "arrays, whose sums are exact as in float64 for any size a fit has, np.linalg.solve and inv work in float64, "
     "and the residuals are floats; an integer sigma is compared with 0 as the float is and 1.0 / sigma**2 is a "
     "float array all the same."),
    (r"mmstudies\.foundations_laws\.analytic\.x_factorial_effects",
     r"responses\[list\(factors\)\]\.to_numpy\(None\)|responses\[response\]\.to_numpy\(None\)",
     "equivalent for the documented input (numbers): integer codes or responses give an integer array, which "
     "np.isin compares with -1.0 and 1.0, the set of rows counts and np.prod multiplies exactly as floats; the "
     "mean is a float and `sign @ y / 2**k` a true division, so every q is the same float."),
    (r"mmstudies\.foundations_laws\.analytic\.x_factorial_effects", r"for size in range\(1, k \+ 2\):",
     "equivalent: there are no combinations of k + 1 of the k factors, so the extra size adds no row."),
    (r"mmstudies\.foundations_laws\.analytic\.x_factorial_effects", r"ss = (2 \* k|3\*\*k) \* out",
     "equivalent: every fraction is ss / sst with sst the sum of the same ss, so any positive factor cancels "
     "(and the sign of sst, which decides the NaN branch, does not change)."),
    (r"mmstudies\.foundations_laws\.analytic\.x_factorial_effects",
     r"ss / sst if \(?sst (>= 0|> 0\) or True) else np\.nan",
     "equivalent: sst is a sum of squares, never negative, and at sst = 0 pandas divides the Series ss (all 0) "
     "by 0.0 into NaN without raising, the value of the other branch (tested: a constant response)."),
    (r"mmstudies\.foundations_laws\.analytic\.x_weighted_line", r"if not np\.all\(s >= 0\) or",
     "equivalent: the one sigma that `>=` lets through where `>` refuses is 0, whose weight 1 / 0**2 is infinite, "
     "so the next condition (every weight finite) refuses it with the same message (tested)."),
]
