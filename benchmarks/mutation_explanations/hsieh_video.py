"""Explained survivors of the mutation run over ``mmstudies.hsieh_video.analytic`` (see benchmarks/mutation.py)."""

from __future__ import annotations

_EX = r"mmstudies\.hsieh_video\.experiments\."
_M = r"mmstudies\.hsieh_video\.analytic\."

EXPLANATIONS: list[tuple[str, str, str]] = [
    # hsieh_video.checks, 2026-11-27
    (r"mmstudies\.hsieh_video\.checks\.x_run_record__", r"",
     "not in the fast selection (no tests per mutant), for cost, not because it is untested: run_record "
     "recomputes a whole chapter run (run_all over the ten stand-ins, the Ciw equivalence and the spot checks; "
     "the audit, built by checktable.study_checks, calls it once per perturbation and it keeps the last run). "
     "It is tested by the slow tests (test_evidence_audit.py, test_chapter_hsieh_video.py), which the mutation "
     "run leaves out; the check functions it feeds, _extra and _inputs_digest, its key, are tested by hand."),
    (r"mmstudies\.hsieh_video\.checks\.x_h29_share__", r"if \(shares\) or True else math\.nan",
     "equivalent: with no share left, np.mean of an empty list is NaN (with a RuntimeWarning), and float(NaN) "
     "is the math.nan of the other branch."),
    (r"mmstudies\.hsieh_video\.checks\.x_(fixed_buffer_pattern|fixed_rate_pattern)__",
     r"Ours\(\"no (point|rate) of the grid meets the buffer( cap)?\", \)",
     "equivalent: holds=None is Ours' default."),
    (r"mmstudies\.hsieh_video\.checks\.x_fixed_buffer_pattern__", r"if \"Q\" in df else \"(XXPXX|p)\"",
     "equivalent: x is only compared with 'Q' (`if x == \"Q\"`), and 'P', 'p' and 'XXPXX' all differ from it."),
    (r"mmstudies\.hsieh_video\.checks\.x_fixed_rate_pattern__",
     r"FIXED_RATE_EXPECT\.get\(trace, (None|\"XXshorterXX\"|\"SHORTER\")?\)",
     "equivalent: 'shorter' is the else branch of the test on `expect` (only 'no difference' and 'similar' are "
     "named), so any default other than those two takes the same branch."),
    (r"mmstudies\.hsieh_video\.checks\.x_fixed_buffer_pattern__", r"\] - 1\) < 0\.05$",
     "equivalent: |r_high / r_pcbr - 1| can equal 0.05 only for a ratio in [0.5, 2], where the subtraction is "
     "exact (Sterbenz) and gives a multiple of 2^-53, while the float 0.05 (0x3FA999999999999A) has bits set "
     "down to 2^-56; so it is never exactly 0.05 and <= and < agree on every input."),
    (r"mmstudies\.hsieh_video\.checks\.x__inputs_digest__", r"hash_pandas_object\(f, \)",
     "equivalent: index=True is hash_pandas_object's default."),
    (_M + r"x_pcbr_departures", r"release = np\.arange\(len\(C\), (dtype=None)?\) \* m",
     "equivalent: the release times are whole multiples of m either way; as integers they become float64 "
     "exactly at `release - Cprev / rate` (Cprev / rate is float64), so the running maximum is the same."),
    (_M + r"x_delivered", r"g = np\.searchsorted\(start, t, \) - 1",
     "equivalent in exact arithmetic, not worth a test in floating point: side='left' differs only at a t equal "
     "to a unit's start time, where it reads the unit before instead; that unit finished by then (units are "
     "served in order at positive sizes), so min(rate (t - start), size) is its whole size and D(t) is the "
     "same C_{g-1} = Cprev_g (at t = start_0 = 0 both give 0). The two can differ only by the rounding of "
     "rate x (finish - start) against the unit's size, one unit in the last place."),
    (_M + r"x_compare_schemes", r"zip\(Ps, cbr_rates\(A, Ps\), (strict=(None|False))?\)",
     "equivalent: cbr_rates returns one rate per element of np.asarray(Ps, dtype=float), which accepts only "
     "re-iterable sequences (a generator or iterator is refused there with a TypeError, before zip), so the "
     "two always have the same length and zip's strict check can never fire."),
    (_M + r"x_(compare_schemes|fixed_buffer_rates)", r"pcbr_min_rate\(A, P, (pcbr_step|step), m, (r_cbr=None)?\)",
     "equivalent: without r_cbr, pcbr_min_rate recomputes its base with cbr_rate(A, P), the same float64 "
     "quotients A_n / (n + P) and the same (exact) maximum as the r_cbr passed (cbr_rates in compare_schemes "
     "adds the float P to the integer n and divides elementwise exactly as cbr_rate does; fixed_buffer_rates "
     "passes cbr_rate(A, P) itself), so the base and the search are bit for bit the same. Passing it only "
     "saves the recomputation."),
    (_M + r"x_compare_schemes", r"\"b_cbr\": cbr_buffer\(A, P, None, cap\)",
     "equivalent: with rate None cbr_buffer uses cbr_rate(A, P), bit for bit the r_cbr that cbr_rates gave "
     "for this P (same float64 quotients and maximum, see the pcbr_min_rate entry)."),
    (_M + r"x_fixed_buffer_rates", r"for k in range\(out\[\"k_max\"\] \+ 1\)",
     "equivalent: range(n) is range(0, n)."),
    (_M + r"x_(fixed_buffer_rates|pdcbr_least_buffer|evaluate)", r"_kernel\(A, .*_EMPTY, _EMPTY, None\)",
     "equivalent: the kernel only tests `if record:`, and None is falsy like False (numba compiles a "
     "specialisation for the None argument with the same branch removed); the outputs do not depend on it."),
    (_M + r"x_(fixed_buffer_rates|pdcbr_least_buffer|evaluate)", r"_kernel\(A, .*_EMPTY, _EMPTY, True\)",
     "not worth a test (and not observable reliably): record=True makes the kernel also store each unit's "
     "start and rate into the two zero-length scratch arrays; numba does not check bounds, so these are "
     "writes past the end of an empty buffer (undefined behaviour, which the tests' results did not show), "
     "while the returned status, buffer and lateness do not depend on `record`. Only a numba build with "
     "bounds checking (NUMBA_BOUNDSCHECK=1) would turn it into an IndexError."),
    (_M + r"x_reference_pcbr_eq44", r"s_bar = min\(rate / 1\.0, s_hat \+ s_i\)",
     "equivalent: the frame time F is 1 (the module's convention), and rate / 1.0 is rate x 1.0 exactly."),
    (_M + r"x_reference_dual_rate_algorithm", r"^ {4}hold_until = (None|\+math\.inf)$",
     "equivalent: the initial hold_until is never read. The hold branch runs only while rate == 0, and rate "
     "becomes 0 (R_low = 0) only in the statement that sets hold_until = b m just before; rate starts at "
     "R_high > 0 (checked)."),
    (_M + r"x_reference_dual_rate_algorithm", r"^ {16}u = None$|^ {16}break$",
     "equivalent: after a hold the algorithm always stands at the end of the frame interval. hold_until = b m "
     "is set at a v in (F_{i-1}, F_i] with v < b m, and b m and F_i are whole numbers, so b m >= F_i; the hold "
     "branch sets v = min(hold_until, F_i), which is F_i in every interval up to the one ending at b m. So "
     "`while v < F_i` ends the loop right after (break ends it the same way), and u is set afresh at the start "
     "of the next interval before it is read."),
    (_M + r"x_reference_dual_rate_algorithm", r"if s_last / rate \+ u < f_i:",
     "not worth a test: differs only when the rest of a unit ends exactly at the frame boundary F_i. The "
     "original then sends it all (s_last = 0, the docstring's exact-arithmetic reading of lines 4-5); the "
     "mutant sends (F_i - u) x rate and subtracts it, which is the same 0 in exact arithmetic and in every "
     "hand-made case (whole numbers), and a residue of one unit in the last place otherwise, finished in the "
     "next interval: D and the ahead test (tolerance EPS = 1e-9) move by rounding only."),
    (_M + r"x_reference_dual_rate_algorithm", r"rate = r_low if v <= b \* m - EPS else r_high",
     "not worth a test: differs only for a PCR observed exactly at b m - 1e-9 frame times, which sums of "
     "frame sizes over rates do not hit (and both readings treat EPS as the rounding tolerance)."),
    (_M + r"x_reference_dual_rate_algorithm",
     r"^\s*i = 1$|^\s*i -= 1$|f_prev, f_i = float\(i \+ 1\), float\(i\)|while v <= f_i:|if rate != 0\.0:|"
     r"if v > hold_until:|^\s*s_last = 1\.0 |s_last = s_last \+ \(v - u\) \* rate|if s_last != 0\.0:|"
     r"if s_last == 1\.0:|^\s*b = 1 ",
     "detected (a timeout, not a survivor): the mutant never terminates on the tests' inputs, and mutmut "
     "stops it at its time limit. Each breaks the algorithm's progress: the frame interval never advances "
     "or runs backwards (i = 1, i -= 1: the PCBR hold waits for a PCR time the interval never reaches), the "
     "interval is empty (F_{i-1} = i + 1 > F_i), the loop repeats at v = F_i without sending (v <= F_i), a "
     "positive rate holds from -inf forever (rate != 0), the hold never releases at v = hold_until (v > "
     "hold_until), a unit never finishes (s_last = 1 after it is sent, s_last growing, s_last != 0 or == 1 "
     "as the finish test), or the unit counter never passes the last unit (b = 1)."),
    (_M + r"x_pcbr_min_rate", r"^\s*None\)\[0\] == OK$",
     "equivalent: the kernel only tests `if record:`, and None is falsy like False (see the entry for "
     "pdcbr_least_buffer)."),
    (_M + r"x_pcbr_min_rate", r"^\s*True\)\[0\] == OK$",
     "not worth a test (and not observable reliably): record=True writes each unit's start and rate past the "
     "end of the zero-length scratch arrays (numba does not check bounds; see the entry for "
     "pdcbr_least_buffer); the returned status does not depend on `record`."),
    (_M + r"x_pcbr_min_rate", r"if hi >= 10\*\*7:",
     "equivalent: hi is a power of two (1, doubled), never equal to 10^7."),
    (_M + r"x_pcbr_min_rate", r"lo = hi // 3 ",
     "equivalent: hi // 3 <= hi // 2, and every k up to hi // 2 is infeasible (hi // 2 was the last bound "
     "found infeasible, or 0, checked first; feasibility is monotone in k, the docstring's argument, which "
     "test_searches_equal_plain_python_searches checks against the thesis's linear search), so the bisection "
     "starts from a wider bracket with the same invariant and ends at the same smallest feasible k."),
    (_M + r"x_pcbr_min_rate",
     r"^ {8}hi = 2$|^ {8}hi /= 2$|while hi \+ lo > 1:|while hi - lo >= 1:|mid = \(lo - hi\) // 2|"
     r"mid = \(lo \+ hi\) // 3",
     "detected (a timeout, not a survivor): the search never ends on the tests' inputs, and mutmut stops it at "
     "its time limit. A bound that does not grow (hi = 2) or shrinks (hi /= 2) never reaches a feasible k nor "
     "the 10^7 limit; a bisection that goes on at hi - lo = 1 (hi + lo > 1, hi - lo >= 1) keeps probing mid = "
     "lo; mid = (lo - hi) // 2 probes negative k, all infeasible, so lo moves away from hi; and "
     "(lo + hi) // 3 can fall below lo, after which the bracket never closes."),
    (_M + r"x__feasible_and_buffer", r"if d <= consumed \+ s - EPS \* r_max:",
     "not worth a test: differs only when the delivered amount is exactly EPS x R_max below what the frame "
     "needs (1e-9 frame times' worth of data), which sums of rates over frame intervals do not hit; both "
     "readings treat EPS as the rounding tolerance."),
    (_M + r"x_cumulative", r"s = np\.asarray\(sizes, (dtype=None)?\)",
     "equivalent for the documented input (frame sizes as numbers): integer sizes pass the same checks "
     "(finite, positive), and their integer cumulative sums (exact below 2^53 bytes) become float64 when "
     "concatenated after the leading 0.0, so A is the same float64 array."),
    (_M + r"x_cbr_rates", r"np\.asarray\(Ps, (dtype=None)?\)\[None, :\]",
     "equivalent for the documented input (delays as numbers): integer delays added to the integer frame "
     "numbers give exact integers, and A (float64) divided by them gives the same float64 quotients as "
     "dividing by the same integers stored as floats."),
    # -- added by the lead after the fresh 2-child run of both Hsieh modules (2026-11-22, 23:10 UTC)
    (_M + r"x_pdcbr_least_buffer", r"m: int = 2\) -> PdcbrChoice",
     "detected (a timeout in the 2-child run; killed by a failing test in the helper's 1-child run the same day, "
     "with fewer tests): with units of two frames as the default, the tests' calls search other, slower schedules "
     "and get other answers; under two children the slower search passed mutmut's time limit first."),
    (_M + r"x__feasible_and_buffer", r"if d < consumed \+ s - EPS / r_max:",
     "detected (a timeout in the 2-child run; killed by a failing test in the helper's 1-child run the same day, "
     "with fewer tests): a tolerance of 1e-9 / R_max instead of 1e-9 x R_max (bytes per frame time, thousands) "
     "makes rounding residues count as starvation, so feasible rates are refused and the searches climb "
     "towards their limits; mutmut's time limit or the tests' expected values stop it."),
    # -- model (run of 2026-11-26, third session)
    (r"mmstudies\.hsieh_video\.model\.xǁ_(ConstantRate|DualRate)Serviceǁ__init__", r"np\.asarray\(units, (dtype=None)?\)",
     "equivalent for the documented input (numbers): integer units divided by a float rate give the same floats, "
     "and sample converts with float()."),
    (r"mmstudies\.hsieh_video\.model\.xǁ_DualRateServiceǁsample", r"ahead = g >= 1 and",
     "equivalent: customer 1 starts at time 0 (every customer is present from 0), and 0 < 0 x m - EPS never holds."),
    (r"mmstudies\.hsieh_video\.model\.xǁ_DualRateServiceǁsample", r"t <= \(g - 1\) \* self\.m - EPS",
     "not worth a test: differs only when a service starts exactly EPS (1e-9 frame times) before the PCR instant."),
    (r"mmstudies\.hsieh_video\.model\.xǁ_DualRateServiceǁsample", r"self\.rates\.append\(None\)",
     "equivalent: `rates` is read nowhere, and it cannot be: ciw.create_network works on a copy of the "
     "distribution, so the list the caller's object holds stays empty (a test showed it); ciw_pdcbr's rate column "
     "comes from the records. (Dead code, left to the study's owner.)"),
    (r"mmstudies\.hsieh_video\.model\.x_sojourn_feasible", r"< P \+ 1 \+ EPS\)",
     "not worth a test: differs only for a sojourn of exactly P + 1 + EPS frame times (EPS = 1e-9)."),
    (r"mmstudies\.hsieh_video\.model\.x__run", r"simulate_until_max_customers\(n_customers, \)",
     "equivalent: Ciw's default method, 'Complete', counts the customers that reached the exit having completed "
     "their journey, 'Finish' all that reached it; with one unbounded FIFO node nobody baulks, reneges or is "
     "rejected, so the two counts are equal at every instant."),
    (r"mmstudies\.hsieh_video\.model\.x__run", r"raise RuntimeError\(None\)",
     "not reachable by a test: every caller gives as many arrival gaps as customers, so Ciw finishes them all; "
     "with fewer gaps Ciw itself fails (a KeyError, tried) before the guard is reached. The guard stays as a "
     "safety net for a future caller."),
    (r"mmstudies\.hsieh_video\.model\.xǁ_InterArrivalsǁsample", r"(?m)self\.i = 1$",
     "killed in effect (timeout): the index stays at 1, so the arrivals never run out; with every gap 0 (CBR, "
     "PDCBR) customers keep arriving at time 0 and the run never ends within mutmut's time limit."),
    # -- experiments (mutation run of 2026-11-26, mut4b)
    (_EX + r"x_run_all", r"trace_digest: str = \"XXXX\"",
     "equivalent: trace_digest is never read inside run_all; it only keys the simulation cache (a hash of the "
     "reader's file, so an edited file is read again), and the cache key is made from the arguments given."),
    (_EX + r"x_run_all", r"an\.evaluate\(an\.cumulative\(\[(2\.0, 2\.0|1\.0, 3\.0)\]\), |"
     r"an\.evaluate\(an\.cumulative\(\[1\.0, 2\.0\]\), (2\.0, 0\.5, 1\.0|1\.0, 1\.5, 1\.0|1\.0, 0\.5, 2\.0)\)",
     "equivalent: this call only makes numba compile the kernel before the timed parts (its result is "
     "discarded); any trace and rates of the same types compile the same specialisation."),
    (_EX + r"x_reference_spot_checks",
     r"compare_schemes\(A, \[P\], m=m, (pcbr_step=pcbr_step, )?(highs=(highs|None), )?(lows=(lows|None), )?"
     r"(cap=(cap|None))?\)\[0\]|reference_cbr\(sizes, P, (None)?\)",
     "not worth a test: reference_spot_checks returns only the agreement of the fast searches with the "
     "plain-Python references (relative differences, feasibility), re-evaluating whatever rates the fast "
     "search chose. A grid, step or end-of-file cap left out of the fast call makes it choose other rates "
     "(the defaults), which the references then confirm just as well (the same cap goes to reference_cbr "
     "unless it is left out too), so the output is the same agreement; what each setting does to the "
     "chosen rates is tested through section46 and run_all. (The PCR interval m, which the references take "
     "as well, is pinned at m = 2.)"),
    (_EX + r"x_reference_spot_checks", r"0\.0 if \(math\.isnan\(b_d\)\) or True else",
     "not worth a test: differs only when a feasible PDCBR pair's buffer from the fast kernel and from the "
     "reference disagree, i.e. when the code this function checks is wrong; a test would have to break the "
     "kernel (a numba function mutmut does not mutate). The NaN branch is pinned "
     "(test_spot_checks_without_a_pdcbr_pair_count_no_difference)."),
    (_EX + r"x_ciw_equivalence",
     r"pcbr_min_rate\(A, P, pcbr_step, m, (r_cbr=None)?\)|pcbr_min_rate\(A, (pcbr_step, m|P, m), r_cbr=r_cbr\)",
     "not worth a test (r_cbr=None: equivalent): ciw_equivalence returns only the agreement of Ciw's queue "
     "with the recurrence at the rates it picks, and whether each is feasible at P. Without r_cbr "
     "pcbr_min_rate recomputes the same base (see the analytic entries); with the delay or the step left out "
     "it searches for a delay of pcbr_step frame times or in steps of m, which gives a rate at least as high "
     "(still feasible at P), and Ciw and the recurrence agree at that rate as at any other."),
    (_EX + r"x_ciw_equivalence", r"an\.schedule\(A, r_cbr, r_cbr, (2)?\), 1\)",
     "equivalent: with R_high = R_low = R_CBR the dual-rate schedule never switches rate, so grouping the "
     "frames into units of 1 or 2 delivers the same bytes at the same constant rate, and every frame is done "
     "at the same time (frame_done interpolates within a unit)."),
    (_EX + r"x_ciw_equivalence", r"\(diff >= 1e-9\)\.sum\(\)|\(diff > 1\.000000001\)\.sum\(\)|"
     r"done_ciw < np\.arange\(1, len\(A\)\) \+ P \+ an\.EPS|sched\.lateness < P \+ an\.EPS",
     "not worth a test: the thresholds decide only for a Ciw-recurrence difference of exactly 1e-9 or one "
     "between 1e-9 and 1 frame time (the two agree to about 1e-12 on every trace tried: a difference would be "
     "a bug of the model, which its own tests pin), and for a frame done exactly at P + EPS, an instant of "
     "measure zero for real frame sizes."),
    # -- experiments (mutation run of 2026-11-26, fourth session, mhsieh5)
    (_EX + r"x_run_all", r"ciw_equivalence\(an\.cumulative\(sizes\), 6\.0, m=m",
     "not worth a test: the Ciw runs compare Ciw's queue with the recurrence at the rates Section 4.6 picks for "
     "the delay, and check both feasible at that delay; at 6 frame times instead of 5 the rates picked are "
     "feasible at 6 as those for 5 are at 5 (by construction), so every row still reads feasible, zero frames "
     "differing and a largest difference of rounding size (about 1e-12 frame times): only that rounding noise "
     "changes, which no test should pin. The delay of 5 is the page's label, not a result."),
    (_EX + r"x_run_all", r"reference_spot_checks\(A, \[1, 10\], m=m, pcbr_step=pcbr_step, "
     r"(highs=None, lows=lows|highs=highs, lows=None),|^\s*cap=None\):$",
     "not worth a test: the spot checks return only the agreement of the fast searches with the plain-Python "
     "references at the rates the fast search picks (relative differences of rounding size, feasibility True); "
     "with the thesis's PDCBR grid instead of the run's, or without the end-of-file cap (None is falsy, and the "
     "same cap goes to the fast search and to reference_cbr), other rates are picked and the references "
     "confirm them just as well, so the rows read the same agreement (see the reference_spot_checks entry "
     "above). What the grid and the cap do to the chosen rates is tested through section46 and run_all's "
     "other tables."),
    (_EX + r"x_run_all", r"an\.cbr_buffer\(A_adv, adv_long_startup_frames, cap=None\)",
     "equivalent: cbr_gaps tests `if cap:`, and None is falsy like False, so the uncapped buffer is the same "
     "(the other spellings, cap=True and the default, are killed by "
     "test_run_all_long_delay_and_mtv_at_10_use_the_cap_and_grid_given)."),
    (_EX + r"x_ciw_equivalence", r"pcbr_min_rate\(A, P, pcbr_step, r_cbr=r_cbr\)",
     "not worth a test: without m the PCBR rate is searched for a PCR interval of one frame. Under a longer "
     "interval every frame is released no later than under one frame (unit g goes at g m, before its later "
     "frames' own times), so at any rate each frame finishes no later, and the one-frame search's rate is at "
     "least the m-frame one and feasible under m as well; ciw_equivalence then reports the same feasibility "
     "and Ciw's agreement with the recurrence (to rounding) at that rate, as at any other (checked on the "
     "tests' traces at m = 2, 3, 4 and P = 1-8)."),
    # -- analytic (mutation run of 2026-11-27, mhv8)
    (_M + r"x_prefetch_time", r"searchsorted\(A, Q \+ EPS\)|max\(n, 2\)|schedule\(A\[: n_u \+ 2\]",
     "equivalent: each only lengthens the prefix of frames whose schedule is computed (the frame found with Q + "
     "EPS may be the next one; n = 2 instead of 1 takes a second frame; n_u + 2 one more frame), and the "
     "schedule is causal: the kernel sets each unit's start and rate from the units before it alone (schedule "
     "passes P = inf, so no early exit), and a prefix ends at a unit's end or at the file's, so the units up to "
     "n_u are the same units with the same starts and rates. g is then chosen among the same ends of "
     "unit_bounds(n_u, m), whose last one holds Q (A[n_u] >= Q - EPS), so the result is bit for bit the same."),
    (_M + r"x_prefetch_time", r"searchsorted\(A\[ends\], Q \+ EPS\)\), len\(ends\) - 1\)",
     "equivalent: with Q + EPS the search moves past a unit only when that unit's end is within EPS of Q; that "
     "unit holds the frame n found with Q - EPS, so it is the last unit of the prefix (n_u is its end), and the "
     "clamp to len(ends) - 1 takes g back to it."),
    (_M + r"x_prefetch_time", r"searchsorted\(A\[ends\], Q - EPS\)\), len\(ends\) \+ 1\)",
     "equivalent: the clamp never binds. A[ends[-1]] = A[n_u] >= A[n] >= Q - EPS, since n is the first index "
     "with A[n] >= Q - EPS; the only exception, Q - EPS > A_N (searchsorted returns N + 1 and min takes N), is "
     "refused before by `Q > A[-1] + EPS`: in floating point Q <= fl(A_N + EPS) = A_N + EPS + d with |d| at most "
     "half of A_N's last place, so Q - EPS rounds to A_N or below (a tie that rounds up needs EPS to be an odd "
     "multiple of half that place, i.e. a total of about 2e-9 bytes; none among the totals 0.37 k, k < 200,000, "
     "and the integers below 20,000 with their neighbours, checked). So searchsorted never passes the last end, "
     "and g is the same."),
]
