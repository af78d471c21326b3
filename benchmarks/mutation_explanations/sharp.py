"""Explained survivors of the mutation run over ``mmstudies.sharp.analytic`` (see benchmarks/mutation.py)."""

from __future__ import annotations

_P = r"mmstudies\.sharp\.analytic\."

EXPLANATIONS: list[tuple[str, str, str]] = [
    # 2026-11-27, part B
    (r"mmstudies\.sharp\.experiments\.x__paper_setting__", r"read_text\(encoding=(None|\"UTF-8\")\)",
     "equivalent here: codec names are case-insensitive, and this machine's locale encoding is UTF-8 (Python "
     "coerces the C locale to UTF-8, PEP 538), so reading checks.yml (which holds non-ASCII text) with the default "
     "encoding gives the same text."),
    (r"mmstudies\.sharp\.experiments\.x_loss_sweep__", r"zip\(loads, results, (strict=(None|False))?\)",
     "equivalent: pmap returns one result per task and the tasks are built one per load, so the zipped sequences "
     "always have the same length and zip's strict check can never fire."),
    (r"mmstudies\.sharp\.experiments\.x_first_load_over__", r"if \(len\(over\)\) or True else",
     "equivalent: when no load is over the bound, `over` is empty and pandas' min of an empty column is NaN, so "
     "float(...) gives the NaN of the else branch."),
    (r"mmstudies\.sharp\.experiments\.x_load_sweep__", r"^\s*why = \"\"$",
     "equivalent: `why` is only tested with `if why:` afterwards, and '' is false like None."),
    (r"mmstudies\.sharp\.experiments\.x_run_length_check__", r"to_numpy\(dtype=None\)",
     "equivalent: the e2e_mean column of replicate_pipeline's runs is float64 (summarise_run gives float(...) for "
     "every replication, NaN included), so to_numpy() already gives the float array mean_ci reads."),
    (_P + r"xǁSpikedGammaǁsample", r"rng\.random\(n\) <= self\.p_spike",
     "not worth a test: differs only when a uniform draw equals p_spike exactly (probability about 2^-53 per "
     "draw for a p_spike that is a double at all)."),
    (_P + r"x_max_feasible_p_spike", r"lo, hi = 0\.0, 1\.999|for _ in range\(61\)",
     "not worth a test: the bisection starts from a wider bracket or halves it once more; both end on the same "
     "feasibility boundary (the tests pin the Stream layer row's 1/7 to 1e-12), differing only in the last "
     "digits (relative 1e-13 on Table 1's rows), where rounding makes fit_spiked_gamma's feasibility itself "
     "flicker; the chapter uses the limit only to check that the declared p_spike range stays below it."),
    (_P + r"x_fifo_single_server", r"np\.asarray\(service, (dtype=None)?\)",
     "equivalent for the documented input (numbers): integer services give Python ints in the loop, added to "
     "float or int arrival times and stored in a float array: the same values."),
    (_P + r"x_fifo_single_server", r"free = \(a if a >= free else free\) \+ s",
     "equivalent: at a == free both branches give the same value."),
    (_P + r"x_pipeline_recursion", r"np\.asarray\(times\[\"(sl_src|net|sl_dst|dec|pres)\"\], (dtype=None)?\)",
     "equivalent for the documented input (stage times sampled as floats): the times are only added, compared "
     "and stored; an integer array would hold the same values (only the dtype of a *_service, dec or pres "
     "column of integer input would differ, never its numbers)."),
    (_P + r"x_pipeline_recursion", r"shown = np\.zeros\(n, (dtype=None)?\)",
     "equivalent: a float array of 0.0 and 1.0 in place of booleans; `shown` is only set to True and read as "
     "np.where's condition, where 1.0 and 0.0 select exactly as True and False."),
    (_P + r"x_pipeline_recursion", r"np\.argsort\((net_exit|dst_done), kind=\"STABLE\"\)",
     "equivalent: numpy reads the sort kind case-insensitively ('STABLE' is 'stable')."),
    (_P + r"x_pipeline_recursion", r"free_at, waiting, newest, peak = -math\.inf, -(2, -1|1, -2), 0",
     "equivalent: `waiting` and `newest` are only compared with `>= 0` and with a frame index (>= 0), so -2 "
     "means 'none' exactly as -1 does."),
    (_P + r"x_pipeline_recursion", r"free_at, waiting = free_at \+ sink_service\[waiting\], -2",
     "equivalent: `waiting` is only tested with `>= 0`, so -2 means 'no frame waiting' as -1 does."),
    (_P + r"x_pipeline_recursion",
     r"if waiting > 0 and free_at <= a:|if waiting >= 1 and free_at <= a:|int\(waiting > 0\)|"
     r"int\(waiting >= 1\)|^\s*if waiting > 0:|^\s*if waiting >= 1:",
     "equivalent: frame index 0 (the first captured) never waits at a newest-frame sink: it either reaches the "
     "sink first, finds it idle and starts at once, or reaches it after a later frame was accepted and is "
     "dropped on arrival (k < newest); so `waiting` is never 0, and > 0, >= 1 and >= 0 agree."),
    (_P + r"x_pipeline_recursion", r"if k <= newest:",
     "equivalent: each frame reaches the sink once, and `newest` is an earlier-visited frame (or -1), so k is "
     "never equal to it."),
    (_P + r"x_pipeline_recursion", r"^\s*if free_at < a:$",
     "equivalent: when the sink frees exactly at a new frame's arrival with nobody waiting, the original "
     "starts it at a; the mutant makes it wait, and it is started at free_at == a on the next arrival (which "
     "is never earlier) or at the end, so start times, fates and presence counts are the same."),
    (_P + r"x_frames_to_support", r"max\(1, lo / 1000\)",
     "equivalent: hi - lo is an integer, and for an integer d, d > x holds exactly when d > floor(x), so "
     "comparing with lo / 1000 or lo // 1000 stops the bisection at the same step."),
    (_P + r"x_frames_to_support", r"max\(1, lo // 1001\)",
     "not worth a test: the tolerance of the bisection (documented: within 0.1 % of the answer, exact below "
     "2,000 frames) becomes 1/1001 instead of 1/1000; the stopping step differs only for some answers above "
     "2,000 frames, and both results are within the documented 0.1 %."),
    (_P + r"x_frames_to_support", r"clopper_pearson\(round\(rate \* hi\), hi, level\)\[1\] > bound:",
     "not worth a test: differs only when the upper bound at n_max frames equals the requested bound to the last "
     "bit; the mutant then searches instead of giving up, and with no loss (the bound falls with n) no smaller n "
     "is below either, so it ends at n_max too. (Strictness is pinned where it matters, at n = 1 and in the "
     "bisection.)"),
    (_P + r"x_frames_to_support", r"while hi \+ lo > |mid = \(lo - hi\) // 2|mid = \(lo \+ hi\) // 3|"
     r"while hi - lo >= max\(1,",
     "detected, not killed: on the tests' inputs the mutated bisection never ends (its condition stays true, or "
     "lo and mid stop moving), so mutmut stops it as a timeout; a test could only fail it by a time limit."),
    (_P + r"x_expected_max_normal", r"integrate\.quad\(integrand, (-11, 10|-10, 11)\)",
     "not worth a test: for 10 <= |x| <= 11 the integrand x n phi(x) Phi(x)^(n-1) is at most 11 n phi(10) = "
     "n x 8.5e-22, so widening the range by one adds at most 1.3e-18 for the chapter's n = 1500; the quadrature's "
     "result moves only by rounding (2e-16 for n = 2 and 3, 6e-15 for n = 1500, measured), far below the 4 "
     "digits the chapter reports."),
    # -- model (run of 2026-11-26, third session)
    (r"mmstudies\.sharp\.model\.xǁPerFrameTimesǁ__init__", r"np\.asarray\(times, (dtype=None)?\)",
     "equivalent for the documented input (numbers): an integer array of times is indexed and averaged as the "
     "float one, and sample and mean convert their results with float()."),
    (r"mmstudies\.sharp\.model\.xǁNewestFrameNodeǁ__init__", r"(?m)self\.newest_accepted = 1$",
     "equivalent: Ciw numbers individuals from 1, so no frame has an id below 1 and starting the newest accepted id "
     "at 1 instead of 0 drops nothing more."),
    (r"mmstudies\.sharp\.model\.xǁNewestFrameNodeǁaccept",
     r"(?m)completed=True\):$|super\(\)\.accept\(next_individual, (None)?\)",
     "equivalent: ciw.Node.accept (Ciw 3.2.7) does not read `completed` (only the exit node counts it), and Ciw calls "
     "a node's accept with the individual alone; so neither the default nor the value passed on changes anything."),
    (r"mmstudies\.sharp\.model\.xǁNewestFrameNodeǁaccept", r"next_individual\.id_number <= self\.newest_accepted",
     "equivalent: every frame reaches the sink once, and newest_accepted is the id of a frame that already did, so "
     "no arriving frame has that id: `<` and `<=` drop the same frames."),
    (r"mmstudies\.sharp\.model\.xǁNewestFrameNodeǁaccept", r"self\._drop\(next_individual, waiting=None\)",
     "equivalent: _drop tests `if waiting`, and None is false like False."),
    (r"mmstudies\.sharp\.model\.xǁNewestFrameNodeǁ_drop", r"(?m)self\.number_of_individuals = 1$",
     "equivalent: the sink has one server and the newest-frame rule keeps at most one frame waiting, so a waiting "
     "frame is dropped only while another is in service: the count before the drop is always 2, and 2 - 1 = 1."),
    (r"mmstudies\.sharp\.model\.xǁNewestFrameNodeǁ_drop", r"accept\(ind, completed=None\)",
     "equivalent: Ciw's exit node tests `if completed`, and None is false like False (the tests pin that a dropped "
     "frame is not counted as completed)."),
    (r"mmstudies\.sharp\.model\.x_run_pipeline", r"seed: int = 1\)",
     "not worth a test: every stage time is drawn up front (PerFrameTimes) and arrivals are periodic "
     "(FramePeriods), so Ciw draws nothing from its generator; the seed could only order events at the same "
     "instant, and on the tie-rich deterministic cases of the tests (frames every 20 or 25 ms, 50 ms sink, and "
     "the queue of test_a_full_capture_queue...) seeds 0 and 5 give identical frame tables (checked 2026-11-26)."),
    (r"mmstudies\.sharp\.model\.x_run_pipeline", r"horizon = \(n \+ 3\) \* frame_period|\.values\(\)\) \+ 2\.0$",
     "equivalent: the horizon only has to pass the last departure (no frame arrives after the n-th); a longer one "
     "adds nothing to the records."),
    (r"mmstudies\.sharp\.model\.x_frame_table", r"\]\)\.astype\(None\)",
     "equivalent: pandas' astype(None) converts to numpy's default dtype, float64, exactly as astype(float)."),
    (r"mmstudies\.sharp\.model\.x_frame_table", r"\[\"dec\", \"pres\"\]\] = None$",
     "equivalent: pandas stores None set into a float column as NaN."),
    (r"mmstudies\.sharp\.model\.x_frame_table", r"np\.asarray\(times\[\"(dec|pres)\"\], (dtype=None)?\)",
     "equivalent: the table's last line sets NaN into the columns ['dec', 'pres'] for the frames not shown, and "
     "pandas (2.x) makes both columns float64 then even when no row is selected, so integer times end as floats "
     "either way (test_frame_table_of_records_made_by_hand pins the dtype with every frame shown)."),
    # -- checks (mutation run of 2026-11-26, fourth session)
    (r"mmstudies\.sharp\.checks\.x_run_record__", r"",
     "not in the fast selection (no tests per mutant), for cost, not because it is untested: run_record "
     "recomputes a whole chapter run (the replications, the frame-loss runs, the trace and the tracer overhead, "
     "seconds per call; the audit, built by checktable.study_checks, calls it once per perturbation). It is tested "
     "by the slow test_evidence_audit.py (the audit of every chapter, which calls it at each perturbation), "
     "which the mutation run leaves out."),
    # 2026-11-27, part A
    (r"mmstudies\.sharp\.experiments\.x_frames_differ__", r"both_nan = np\.isnan\(x\) \| np\.isnan\(y\)",
     "equivalent: both_nan is only used after the check that returns (False, inf) when one table has a NaN where "
     "the other has none, so from there on NaNs stand in the same places in both and 'either NaN' is 'both NaN'."),
    (r"mmstudies\.sharp\.experiments\.x_summary_with_ci__", r"orient=\"INDEX\"",
     "equivalent: pandas' DataFrame.from_dict reads orient case-insensitively ('INDEX' is 'index')."),
    (r"mmstudies\.sharp\.experiments\.x_result_sentences__", r"^\s*(strict=(False|None))?\):$",
     "equivalent: zip's strict only checks the lengths, and two_point_fit always returns three values for the "
     "three names (p, mean, sd), so the glued names and values are the same."),
]
