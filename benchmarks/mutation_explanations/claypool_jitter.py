"""Explained survivors of the mutation runs over ``mmstudies.claypool_jitter`` (see benchmarks/mutation.py)."""

from __future__ import annotations

_E = r"mmstudies\.claypool_jitter\.experiments\."

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.claypool_jitter\.analytic\.x_scaling_exponent",
     r"np\.asarray\((specint92|variance), (None)?\)",
     "equivalent for the documented input (numbers): np.log turns an integer array into float64 with the same "
     "values, so the fit on the logarithms is the same."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_fit_line", r"np\.asarray\([xy], (dtype=None)?\)",
     "equivalent for the documented input (numbers): fit_ols converts the columns with astype(float) before "
     "fitting, and np.corrcoef computes an integer column's correlation in float64, so every returned number "
     "is the same."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_(fit_line|first_year_below)", r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively, so float('NAN') is the same NaN."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_confidence_band", r"has_constant=(None|\"XXaddXX\"|\"ADD\")",
     "equivalent: statsmodels' add_constant treats only 'skip' and 'raise' specially (and only when a column "
     "is a non-zero constant); any other value, None or a misspelt 'add' included, adds the constant column "
     "as 'add' does. (Dropping the argument, i.e. 'skip', is killed by the one-point grid test.)"),
    (r"mmstudies\.claypool_jitter\.analytic\.x_additivity_table", r"groupby\(\"network\", (sort=(None|True))?\)",
     "equivalent: the three group means are only read through Series.map by network name, so the order of "
     "their index (sorted or in order of appearance) cannot change any row of the table."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_group_fits", r"groupby\(by, sort=None\)",
     "equivalent: pandas reads `sort` as a truth value, and None is falsy like False, so the groups keep their "
     "order of appearance (sort=True, which would reorder them, is killed)."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_x_intercept_ci", r"np\.asarray\([xy], (None)?\)",
     "equivalent for the documented input (numbers): np.polyfit converts its arguments to float64, an "
     "integer x has the same spread (np.ptp) as its float copy, and the results are returned through float()."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_correlation_matrix", r"\.astype\(None\)",
     "equivalent: pandas' astype(None) converts to numpy's default dtype, float64, exactly as astype(float)."),
    (r"mmstudies\.claypool_jitter\.analytic\.x_confidence_band",
     r"sm\.OLS\(np\.asarray\(y, (dtype=None)?\), sm\.add_constant\(np\.asarray\(x, dtype=float\)\)\)|"
     r"sm\.OLS\(np\.asarray\(y, dtype=float\), sm\.add_constant\(np\.asarray\(x, (dtype=None)?\)\)\)",
     "equivalent for the documented input (numbers): add_constant stacks x beside a float column of ones, so "
     "the design is float64 either way, and statsmodels multiplies an integer y by the float pseudo-inverse, "
     "which numpy does after converting y to float64: the same fit and band. (The grid's dtype is visible "
     "in the returned x column and is tested.)"),
    (r"mmstudies\.claypool_jitter\.analytic\.x_x_intercept_ci", r"vals\.append\(\+aa / bb\)",
     "equivalent: only the half-width of the resampled x-intercepts is returned, and the percentiles are "
     "taken at levels symmetric about the median (50 (1 - level) and 50 (1 + level)); numpy's linear "
     "interpolation gives percentile(-v, q) = -percentile(v, 100 - q), so negating every value mirrors the "
     "interval and keeps its width (up to the rounding of the interpolation)."),
    # -- model (run of 2026-11-26, third session)
    (r"mmstudies\.claypool_jitter\.model\.x_build_network", r"unused = (None|ciw\.dists\.Deterministic\(2\.0\))",
     "equivalent: `unused` is the service of a class at a node it never visits (cross traffic only at the link, "
     "counters only at the CPU: their routing rows are empty and they arrive nowhere else), so it is never "
     "sampled, and Ciw accepts None there."),
    (r"mmstudies\.claypool_jitter\.model\.x_build_network",
     r"if \(assumptions\.environment_sd_ms == 0\) and False",
     "equivalent: without the shortcut a noiseless sender gets service_distribution(5, 0 / 5), and "
     "service_distribution gives Deterministic(5) for a coefficient of variation of 0, the shortcut's value."),
    (r"mmstudies\.claypool_jitter\.model\.x_build_network", r"float\(\"INF\"\)",
     "equivalent: float() parses 'inf' case-insensitively."),
    # -- checks (mutation run of 2026-11-26, fourth session)
    (r"mmstudies\.claypool_jitter\.checks\.x_run_record__", r"",
     "not in the tests per mutant, for cost, not because it is untested: run_record recomputes a whole chapter run "
     "(every simulated experiment of chapters 3 and 5, through the simulation cache; the audit, built by "
     "checktable.study_checks, calls it once per perturbation). It is tested by the slow test_evidence_audit.py "
     "(the audit of every chapter), which the mutation run leaves out."),
    (r"mmstudies\.claypool_jitter\.checks\.x_(metric|x_intercept)__", r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
    (r"mmstudies\.claypool_jitter\.checks\.x_power_r__",
     r"2\.0 / idle_variance_us2|period_ms=None|EndSystem\(specint92=s, frame_bytes=|^\s*\)\) for s in spec\]\)$",
     "equivalent: the reference is the correlation of SPECint92 with 1 / idle variance, and the idle variance is "
     "2 (a^2 + b^2) (21.8 / SPECint92)^2 (host_cost_ms), where only the send and receive works a and b depend on "
     "the system's other settings (the frame size; the period not at all): the default frame size, a missing "
     "period or a 2 in place of the 1 each scale every point's 1 / variance by one positive factor, which leaves a "
     "correlation unchanged."),
    (r"mmstudies\.claypool_jitter\.checks\.x_slopes_fall__", r"holds=\(falling or separated\) if falling == separated",
     "equivalent: the verdict is computed only when falling and separated are equal, where 'or' and 'and' of two "
     "equal booleans are both that boolean."),
    # mmstudies.claypool_jitter.experiments (helper mjit8, 2026-11-27)
    (_E + r"x__reading__mutmut_", r"reading\[\"default_wakeup\"\]\.iloc\[1\]",
     "equivalent: other_reading assigns its one reading to every row (runs.assign(default_wakeup=other)) and has "
     "at least the 4 classes' processor rows, so row 1 holds the same text as row 0."),
    (_E + r"x_analyse__mutmut_", r"examples\[\"range \(max-min\)\"\]\[1\]",
     "equivalent: the thesis's two range-example samples have the same max-min range, 10 (that is the example's "
     "point: equal ranges, variances 12.5 and 25), so row 1 gives the same value as row 0."),
    (_E + r"x__table32__mutmut_", r"\(pairs\[\"difference\"\]\.abs\(\) < 0\.1\)",
     "not worth a test: differs only for a pair whose |our r - the thesis's r| is 0.1 to the last bit, which a "
     "correlation of simulated runs against a two-digit printed r does not give but by coincidence (the count "
     "itself is pinned by the test against the pairs recomputed from the runs)."),
    (_E + r"x__priority__mutmut_", r"prfits\.loc\[p, \"slope_ci_low\"\] >= 0",
     "not worth a test: differs only when a priority line's lower 95 % slope bound is exactly 0.0 (a fit of "
     "simulated variances does not give it but by coincidence); the test pins both sides, a bound in (0, 1) "
     "and one below zero."),
    (_E + r"x__network__mutmut_", r"t54_fit = fit_line\(table54\[\"bandwidth_Mbit_s\"\], 2 / table54",
     "equivalent: only the printed Table 5.4 fit's r is read, and doubling every y (a power of two, so exactly) "
     "scales the covariance and the y spread alike, leaving r the same."),
    (_E + r"x_at_sweep_top__mutmut_", r"np\.asarray\(optimal_buffers_us, (dtype=None)?\)",
     "equivalent for the documented input (numbers): comparing an integer or float array with the float "
     "threshold gives the same booleans, and the optima are float columns anyway."),
    (_E + r"x_first_years__mutmut_", r"groupby\(\[\"priority\", \"year\"\], as_index=None\)",
     "equivalent: pandas reads `as_index` as a truth value, and None is falsy like False, so the means come back "
     "as columns (as_index=True, which would put them in the index, is killed)."),
]
