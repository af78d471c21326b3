"""Explained survivors of the mutation run over ``mmstudies.hsieh_messaging.analytic`` (see benchmarks/mutation.py)."""

from __future__ import annotations

_EXPERIMENTS = r"mmstudies\.hsieh_messaging\.experiments\."
_MODEL = r"mmstudies\.hsieh_messaging\.model\."

EXPLANATIONS: list[tuple[str, str, str]] = [
    # -- checks (mutation run of 2026-11-27, mchk8)
    (r"mmstudies\.hsieh_messaging\.checks\.x_run_record__", r"",
     "not in the fast selection (no tests per mutant), for cost, not because it is untested: run_record "
     "recomputes a whole chapter run (about 30 s on the shared machine for the mirror file's module fixture; "
     "the audit, built by checktable.study_checks, calls it once per perturbation). It is tested by the slow "
     "tests (test_hsieh_messaging_checks.py's verdicts at the thesis values and its what-ifs, "
     "test_evidence_audit.py, test_chapter_hsieh_messaging.py), which the mutation run leaves out; the check "
     "functions it feeds and its lazy _Results are tested on records made by hand."),
    (r"mmstudies\.hsieh_messaging\.checks\.x_(_not_run|crossover|jackson|synthetic_rate|wls_coverage)__",
     r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
    (r"mmstudies\.hsieh_messaging\.checks\.x_multicast_line__", r"sim\.get\(\"ci_half_width\", (None)?\) or 0\.0",
     "equivalent: without a half-width get() returns None instead of 0.0, and `None or 0.0` is 0.0, the "
     "value the original reaches (0.0 or 0.0)."),
    (r"mmstudies\.hsieh_messaging\.checks\.x_sp2_comparable__", r"\) <= 0\.05 and r >=",
     "equivalent: |t0 / rtt - 1| can equal 0.05 only for a ratio in [0.5, 2], where the subtraction is exact "
     "(Sterbenz) and gives a multiple of 2^-53, while the float 0.05 (0x3FA999999999999A) has bits set down to "
     "2^-56; so the difference is never exactly 0.05 and < and <= agree on every input."),
    (r"mmstudies\.hsieh_messaging\.checks\.x_wls_coverage__", r"holds=cover > low\)",
     "equivalent for any run the chapter can make: cover is a share k / n of the WLS data sets, and the bound "
     "0.95 - 2.58 sqrt(0.95 x 0.05 / n) is irrational unless n = 19 m^2, where k = 18.05 m^2 - 2.451 m is whole "
     "only for m a multiple of 1000 (19 million data sets); as floats no k / n equals it for any n up to "
     "200,000 (checked for every k within one of n x bound), so >= and > never differ."),
    (r"mmstudies\.hsieh_messaging\.analytic\.x_(hockney_rtt|echo_throughput)",
     r"np\.asarray\(m, (dtype=None)?\) / (r_Bps|rtt_s) if np\.ndim\(m\)",
     "equivalent for the documented input (message sizes as numbers): an integer array of sizes is multiplied "
     "by the float 2.0 first, which gives the same float64 array as converting it beforehand (numpy turns "
     "each integer into the nearest float64 either way, and sizes below 2^53 are exact)."),
    (r"mmstudies\.hsieh_messaging\.analytic\.x_ols_line",
     r"x = np\.asarray\(x, (dtype=None)?\)|np\.asarray\(y, (dtype=None)?\), sm\.add_constant\(x\)",
     "equivalent for the documented input (numbers): add_constant stacks the regressor with a float column "
     "of ones, so the design is float64 either way, and statsmodels' least squares (pinv of the design times "
     "the response) and the residuals come out in float64 whatever the integer dtype of the response; "
     "checked on the chapter's five points: params, bse, R^2, SSR, fitted values, residuals, conf_int and "
     "prediction intervals are bit-for-bit identical with integer and float inputs."),
    (r"mmstudies\.hsieh_messaging\.analytic\.x_hockney_comparison",
     r"zip\(df\[\"(t0_us|a_us)\"\], df\[\"r_Bps\"\], (strict=(None|False))?\)",
     "equivalent: both sequences zipped are columns of the same DataFrame, so they always have the same length "
     "and zip's strict check can never fire."),
    (r"mmstudies\.hsieh_messaging\.analytic\.x_fit_rtt_eff",
     r"np\.asarray\(windows_kb, (dtype=None)?\) \* 1024 / MEBI|np\.asarray\(caps_MBps, (dtype=None)?\), w\)",
     "equivalent for the documented input (numbers): integer windows become float64 at the division by "
     "MEBI (true division), so w is the same float64 array; and with a float64 design statsmodels' estimate "
     "(pinv of the design times the response), residuals and standard errors come out in float64 whatever "
     "the integer dtype of the caps (as for ols_line, whose outputs were checked bit for bit)."),
    (r"mmstudies\.hsieh_messaging\.analytic\.x_ip_routing_cells", r"^\s*if per <= 1:$",
     "equivalent in the ip_fragments branch (the mutated line; the tcp_per_packet check, where per = 1 is "
     "possible, is pinned by the MTU 41 case): there per = (MTU - 20) // 8 * 8 is a multiple of 8, so it is "
     "never 1, and per <= 1 holds exactly when per <= 0."),
    (r"mmstudies\.hsieh_messaging\.analytic\.x_crossover_mtu", r"mtus = np\.asarray\(list\(mtus\), (dtype=None)?\)",
     "equivalent for the documented input (`mtus: Sequence[int]`, a range in the chapter): a list of Python "
     "integers becomes an int64 array with or without dtype=int, so the utilisations and the returned "
     "float(mtus[...]) are the same."),
    # -- model (mutation run of 2026-11-26, mut4b)
    (_MODEL + r"x__cycle_network", r"1\.0 if j == \(i - 1\) % n else",
     "not worth a test: the echo's loop is a palindrome (the stages out, then the same stages back), so the "
     "reversed cycle visits the same stages in the mirrored order; with deterministic stages every round trip "
     "is the same sum (the tests' exact cases), with random ones each round trip is still one draw per stage "
     "from the same distributions, and only which seeded draw goes to which stage changes. A test could only "
     "pin Ciw's order of random draws."),
    (_MODEL + r"x__cycle_network", r"number_of_servers=\[2\] \* n",
     "equivalent: the closed loop holds one message (one arrival, then never), so no stage ever has a second "
     "customer for a second server."),
    (_MODEL + r"x_simulate_echo", r"total \* messages \* \((2\.0 \+ 3\.0|1\.0 \+ 4\.0) \* cv\)",
     "equivalent: a longer horizon only simulates further echoes, which are cut off (ends[:messages]); Ciw's "
     "events up to the original horizon, and so the first `messages` echoes, are the same."),
    (_MODEL + r"x_simulate_echo", r"raise RuntimeError\((None|\"XX.*XX\"|\"TOO FEW.*\")\)",
     "not worth a test (unreachable in practice): the guard needs fewer than 3 of at least 3 echoes to finish "
     "within (1 + 3 cv) times their mean duration plus one; with deterministic stages all finish, and with "
     "gamma stages (cv <= 2 in the chapter) no seed found does it."),
    (_MODEL + r"x_replicate_echo", r"mean_ci\(values\) if \(?replications (>= 1|> 1\) or True) else",
     "equivalent: mean_ci of one value returns (that value, 0.0), the other branch's pair."),
    (_MODEL + r"x_replicate_echo", r"half = 0\.0 if \(cv == 0\) and False else",
     "equivalent: at cv = 0 every replication's round trip is the same sum of the stage times (each echo "
     "crosses deterministic stages alone), so mean_ci's half-width of identical values is 0.0 already."),
    (_MODEL + r"x_simulate_stream", r"horizon = customers \* lam",
     "killed in effect (timeout): at the tests' rates (hundreds per second) the horizon grows by lam^2, so "
     "the run simulates millions of messages until mutmut stops it."),
    (_MODEL + r"x_simulate_stream",
     r"sorted\(done, (key=None)?\)|arrive\.get\((None, -1\.0|k, None|k, |k, \+1\.0|k, -2\.0)\)",
     "equivalent: Ciw numbers customers in order of arrival, and a single-server FIFO tandem line keeps that "
     "order, so sorting the finished messages by id, by arrival, or not at all (dict order of their exits) "
     "gives the same list; and every message that left the last stage left the first one (where its arrival "
     "was recorded), so the default of arrive.get is never used."),
    (_MODEL + r"x_simulate_stream", r"arrive\[i\] > warm\]|if d > warm\)",
     "equivalent in practice: an arrival or exit exactly at the warm-up instant 0.1 x horizon has probability "
     "0 under Poisson arrivals (continuous times), so >= and > select the same messages."),
    (_MODEL + r"x_simulate_stream", r"float\(\"NAN\"\)",
     "equivalent: float() reads 'NAN' as NaN (case-insensitive)."),
    (_MODEL + r"x_simulate_multicast", r"\[ciw\.dists\.Sequential\(\[3 \* eps\]",
     "equivalent: the first per-receiver job arriving at 3 eps instead of 2 eps (eps = 1 ns) changes nothing: "
     "every job arrives within nanoseconds, long before the set-up job (class 0, first, at eps) ends, and they "
     "are then served in the same order."),
    (_MODEL + r"x_simulate_multicast", r"routing=\[\[0\.0, 1\.0\], \[(1\.0, 0\.0|0\.0, 1\.0)\]\]",
     "killed in effect (timeout): acknowledgements routed back into the network never leave it, so the "
     "simulation runs to its horizon of 1e9 ms with jobs cycling."),
    (_MODEL + r"x_simulate_multicast", r"simulate_until_max_time\(1000000001\.0\)",
     "equivalent: every job has finished after a few hundred ms, so a horizon 1 ms longer than 1e9 ms "
     "changes nothing."),
    (_MODEL + r"x_simulate_multicast", r"raise RuntimeError\(None\)",
     "not worth a test (unreachable): all k jobs arrive within k nanoseconds and each finishes after finite "
     "service, long before the horizon of 1e9 ms, so the count always matches."),
    (_MODEL + r"x_replicate_multicast", r"if cv == 0 and replications < 2:",
     "equivalent: at cv = 0 with two or more replications mean_ci is used instead, whose mean of identical "
     "deterministic times is that time and whose half-width is 0.0, the values of the other branch."),
    # -- experiments (mutation run of 2026-11-26, mut4b)
    (_EXPERIMENTS + r"x_errata", r'^\s*\(?"[^\n]*"',
     "not worth a test: errata() is a table of notes (where the seed is damaged or inconsistent, and how the "
     "book reads it) that the chapter prints as written; a mutant changes a note's wording or case ('XX' "
     "padding, lower or upper case). A test restating all 64 strings would be a second copy of the text, "
     "not a check of it; the table's shape, columns, every cell being present and the one note the "
     "chapter's prose relies on (least squares gives 48.7 + 46.9n, which test_multicast_experiment_"
     "least_squares_and_deterministic_lines computes) are tested."),
    (_EXPERIMENTS + r"x_unit_checks_table", r"rounding_band_mbit\(None, 2\)",
     "equivalent: the band is half a unit of the printed value's last decimal, 0.5 x 10^-2 MByte/s in "
     "Mbit/s, whatever the value printed; analytic.rounding_band_mbit ignores its first argument."),
    (_EXPERIMENTS + r"x_route_experiment", r"st = stream_stages\(platform, mbyte_base, unix_hop_factor, stream_load, \)",
     "equivalent: the streams' message size m_stream is 65536.0, stream_stages' default (pinned by "
     "test_route_stations_names_and_stream_stages_default_size)."),
    (_EXPERIMENTS + r"x_stream_stages", r"route_stage_times\(\"direct\", m_bytes, a_d, r_d, \)",
     "equivalent: the Direct route is one network hop, which the local hops' factor does not touch; the "
     "factor is only checked (>= 0), and the Normal route's call just before refuses a negative one."),
    (_EXPERIMENTS + r"x_route_stations", r"strict=(None|False)\)|zip\((NORMAL_STATIONS, \(unix_hop_factor, 1\.0, "
     r"unix_hop_factor\)|names, s\[\"normal\"\]), \)",
     "equivalent: the names and factors are three each, and the names kept are exactly the hops whose factor "
     "is positive, which are the stages stream_stages keeps (a hop of zero time is left out there), so the "
     "zipped sequences always have the same length and zip's strict check can never fire."),
    (_EXPERIMENTS + r"x_route_stations", r"\(unix_hop_factor, 2\.0, unix_hop_factor\)",
     "equivalent: the factor of the network hop is only compared with 0 (a positive factor keeps the hop), "
     "and 2.0 is as positive as 1.0."),
    (_EXPERIMENTS + r"x_multicast_experiment",
     r"if \(hasattr\(fit\.params, \"iloc\"\)\) and False else|fit\.params\.iloc\[[12]\] if|"
     r"hasattr\(None, \"iloc\"\)|hasattr\(fit\.params, \"(XXilocXX|ILOC)\"\)",
     "equivalent: analytic.ols_line fits arrays (np.asarray of the regressor), so statsmodels' params is a "
     "numpy array, which has no `iloc`: the pandas branch is never taken, and the array branch it falls back "
     "to is the one always taken (left for a caller that passes a DataFrame's columns to statsmodels)."),
    (_EXPERIMENTS + r"x_multicast_experiment", r"\.astype\(None\)",
     "equivalent: astype(None) converts to numpy's default dtype, float64, exactly as astype(float)."),
]
