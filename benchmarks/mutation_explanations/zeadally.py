"""Explanations of the surviving mutants of ``mmstudies.zeadally`` (analytic, model, checks; see benchmarks/mutation.py)."""

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.zeadally\.analytic\.x_model_vs_measured",
     r"zip\(df\[\"z_na_mbps\"\], df\[\"shm\"\], (strict=(None|False))?\)",
     "equivalent: both columns belong to the same DataFrame, so they always have the same length and zip's "
     "strict check can never fire."),
    (r"mmstudies\.zeadally\.analytic\.x_regression_points",
     r"\(~configs\[\"shm\"\]\.astype\(bool\)\)\.astype\(None\)",
     "equivalent: pandas' astype(None) converts to numpy's default dtype, float64, exactly as astype(float) "
     "(the tests compare the column with [1.0, 1.0, 1.0, 1.0, 0.0])."),
    # -- model
    (r"mmstudies\.zeadally\.model\.x_(_data_path_network|simulate_cpu_sharing)", r"never = 1e\+18",
     "equivalent: 1e+18 and 1e18 are the same float literal."),
    (r"mmstudies\.zeadally\.model\.x_(_data_path_network|simulate_cpu_sharing)", r"float\(\"INF\"\)",
     "equivalent: float() parses 'inf' case-insensitively."),
    (r"mmstudies\.zeadally\.model\.x_simulate_data_path", r"\"exit_date\"\]\.to_numpy\(dtype=None\)",
     "equivalent: Ciw records its exit dates as floats, so the column is float64 with or without the dtype, and the "
     "rate is a float division either way."),
    (r"mmstudies\.zeadally\.model\.x_simulate_cpu_sharing", r"^\s*ciw\.dists\.Deterministic\(1\.0\)\]$",
     "equivalent: a video frame leaves after the CPU (its routing row is all zeros), so the service time of the "
     "second node, the graphics' off-CPU time, is never drawn for video, whatever its value."),
    (r"mmstudies\.zeadally\.model\.x_simulate_cpu_sharing",
     r"routing\[\"video\"\] = \[\[0\.0, [01]\.0\], \[[01]\.0, [01]\.0\]\]",
     "equivalent: only the CPU's (node 1) records are counted, and the second node has unlimited servers and a "
     "deterministic 0 s service for video: a video frame sent there after the CPU leaves at once (a deterministic "
     "service draws no random number; the routing draw after the CPU is made either way) without delaying any "
     "graphics frame, and the second row is never used, since no video frame "
     "starts there."),
    (r"mmstudies\.zeadally\.model\.x_replicate_data_path", r"workers=(None|2)\)|pmap\(_one_run, tasks, \)",
     "equivalent in every value: pmap returns the results in task order whatever the number of worker "
     "processes, and each task seeds its own Ciw run (seed + i), so only where the replications run changes."),
    # -- checks
    (r"mmstudies\.zeadally\.checks\.x_run_record__", r"",
     "not in the fast selection (no tests per mutant), for cost, not because it is untested: run_record "
     "recomputes a whole chapter run (7-45 s per call on the shared machine; the audit, built by "
     "checktable.study_checks, calls it once per perturbation). It is tested by the slow tests "
     "(test_zeadally_checks.py's test_run_record_recomputes_the_metrics and default verdicts, "
     "test_evidence_audit.py, test_chapter_zeadally.py), which the mutation run leaves out."),
    (r"mmstudies\.zeadally\.checks\.x_figure6_order", r"holds=\(m\[\"fig6_margin\"\] >= 0\)",
     "equivalent: holds is read only when |margin| > tol, and tol = error % x rate is never negative, so the "
     "margin is never 0 there."),
    (r"mmstudies\.zeadally\.checks\.x_regression_xf", r"float\(\"(NAN|INF)\"\)",
     "equivalent: float() parses 'nan' and 'inf' case-insensitively."),
]
