"""Explained survivors of the mutation runs over ``mmstudies.claypool_quality.analytic`` and ``.experiments`` (see benchmarks/mutation.py)."""

from __future__ import annotations

_M = r"mmstudies\.claypool_quality\.analytic\."
_E = r"mmstudies\.claypool_quality\.experiments\."

EXPLANATIONS: list[tuple[str, str, str]] = [
    (_M + r"x_", r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively, so float('NAN') is the same NaN."),
    (_M + r"x_(vc_knee_soldiers|vc_frame_rate_limit_soldiers)",
     r"vc_point\((2\.0|None), n, speed, 1e9,|vc_point\(1\.0, n, speed, (1000000001\.0|None), update_rate",
     "equivalent: only the frame rate of vc_point is read here, and the frame rate depends on the costs, the "
     "speed, N and the update rate, not on the display delay `lam` (latency only) nor on the network's "
     "Mbit/s (transmission time and missed updates only)."),
    (_M + r"x_(vc_knee_soldiers|vc_frame_rate_limit_soldiers)", r"if margin\(2\.0\) <= 0:",
     "not worth a test: differs only when the frame rate at exactly 2 soldiers equals the target to the last "
     "bit (for the knee: 30 - 1e-9 frames/s); then both readings return a root at 2 or NaN for a root that "
     "is at 2 itself. The tests pin the bracket's end (a root at 2.5 is found, and NaN below 2)."),
    (_M + r"x_vc_knee_soldiers", r"brentq\(margin, 2\.0, 10000001\.0\)",
     "equivalent: the margin decreases in N (the frame rate falls as soldiers are added), so a bracket one "
     "soldier wider holds the same single root; Brent's method returns it to its tolerance (2e-12 + 4 eps N), "
     "far below the tests' 1e-9 relative."),
    (_M + r"x_vc_frame_rate_limit_soldiers", r"brentq\(margin, 2\.0, 100000001\.0\)",
     "equivalent: the margin decreases in N (the frame rate falls as soldiers are added), so a bracket one "
     "soldier wider holds the same single root; Brent's method returns it to its tolerance (2e-12 + 4 eps N), "
     "far below the tests' 1e-9 relative."),
    (_M + r"x_audio_load_sweep", r"loads = np\.asarray\(loads, (dtype=None)?\)",
     "equivalent for the documented input (numbers): integer loads compare with 0, pass to audio_quality as "
     "background loads (which adds them to floats) and are returned through float() the same way; the test "
     "with loads [0, 8] runs the integer case."),
    (_M + r"x_audio_load_sweep", r"settings, (background_load=None, )?realtime=True\)",
     "equivalent: with realtime=True audio_point does not use the background load at all (its own load and "
     "no sharing), so passing None (the settings' default load) instead of x changes nothing."),
    (_M + r"x_audio_load_sweep", r"better = \(rt (< lowest \+|<= lowest -) 1e-12\)",
     "not worth a test: the 1e-12 only decides exact ties between the real-time IPX and the lowest "
     "default-priority system at a positive load, and there are none: the real-time process skips the "
     "(1 + load) sharing factor and the background load in its load average, so its quality is strictly "
     "lower than its default-priority self at every positive load and never equal to another system's "
     "to 1e-12 except by coincidence."),
    (_M + r"x_flying_crossover", r"flying_point\(None, c, False, fs\)|flying_point\(processors, c, None, fs\)",
     "equivalent: without compression flying_point does not use the client's processors (no decompression: "
     "t = 0, no client cap), and `compressed` is only read as a truth value, where None is False."),
    (_M + r"x_flying_crossover", r"\[\"quality\"\] <= flying_point",
     "not worth a test: differs only when compressed and uncompressed quality are equal to the last bit at "
     "some client count; the thesis's question is where compression is *better*, and equality happens only "
     "at a crossing that falls exactly on an integer, which the tests' settings do not."),
    (_M + r"x_flying_saturation_clients", r"(?m)if c (>=|>) (100_000|100001):|^            return 1$",
     "not worth a test: the cap of 100,000 clients is reached only by a server that never saturates (both "
     "server limits infinite), and reaching it takes 100,000 flying_point calls, about 30 s, per mutant; the "
     "function's useful answers (1, 3, 4, 7 clients in the tests) are pinned."),
    (_M + r"x_flying_saturation_clients", r"(?m)^        c = 1$",
     "killed in effect: c never grows, so every input whose first client is not saturated loops forever (the "
     "tests ask for saturation at 3, 4 and 7 clients); mutmut reports the timeout."),
    (_M + r"x_flying_point", r"share = math\.inf if \(server_unlimited\) or True else|server \* clients",
     "killed in effect when it times out: the server's share never falls (always infinite, or growing with "
     "the clients), so flying_saturation_clients loops to its 100,000-client cap (about 30 s) in the tests "
     "that ask for saturation at 3, 4 and 7 clients; mutmut's timeout stops it first. The direct tests of "
     "flying_point (two clients of 622 Mbit/s get 311 each) fail on it as well."),
    (_M + r"x_audio_kappa_calibration", r"if excess\(lo\) > 0:|if excess\(hi\) < 0:",
     "not worth a test: differs only when the anchor's quality is exactly 1 (to the last bit) at kappa = 1e-3 "
     "or at kappa = 1e7, the ends of the search: the original then reports that end as 'floor' or 'ceiling', "
     "the mutant as 'met' at the same value (Brent's method returns an end where the function is 0). No "
     "smooth setting of the limits lands the quality on 1 exactly there; the tests pin both statuses and "
     "their values away from the tie."),
    (_M + r"x_audio_kappa_calibration", r"brentq\(excess, lo, hi, \)",
     "equivalent to the tests' precision: without xtol Brent's method stops at its default 2e-12 instead of "
     "1e-12 on log(kappa), i.e. kappa to 2e-12 relative instead of 1e-12, far below every tolerance of the "
     "chapter and the tests (the stored kappa is printed to 6 digits)."),
    (_M + r"x_vc_lambda_calibration", r"if excess\(0\.0\) > 0:",
     "not worth a test: differs only when the anchor's quality with no display delay is exactly 1 (to the "
     "last bit): the original reports 'floor' at 0, the mutant 'met' at 0 (Brent's method returns the end "
     "where the function is 0). The tests pin the floor away from the tie (a Personal Iris-class speed 2)."),
    (_M + r"x_vc_lambda_calibration", r"    hi = 2\.0$",
     "equivalent: the quality rises with the delay (latency grows linearly in it), so the root is unique; "
     "starting the doubling at 2 instead of 1 brackets the same root (Brent's method returns it to 1e-12), "
     "skips only the bracket [0, 1], which [0, 2] contains, and reaches the same ceiling value 2^14 = "
     "16384, the first power of two above 10^4."),
    (_M + r"x_vc_lambda_calibration", r"while excess\(hi\) <= 0:",
     "not worth a test: differs only when the quality is exactly 1 (to the last bit) at a power-of-two delay; "
     "the mutant then doubles once more and Brent's method finds the same unique root (to 1e-12) in the wider "
     "bracket, except at 8192 frames, where it would report the ceiling instead of 8192."),
    (_M + r"x_optimal_buffer", r"if slope\(0\.0\) (> 0|>= 1):",
     "equivalent: slope(0) = -2 A^2 / theta with A = 100 / gaps limit, negative for every finite limit and "
     "theta > 0, so neither branch is taken; it is 0 only for an infinite gaps limit (A = 0), where the "
     "original returns (0, 100) and the mutant brackets [0, theta] (slope(theta) = 2 theta / L^2 > 0), on "
     "which Brent's method returns the end 0 where the slope is 0: the same (0.0, 100.0), which the tests pin."),
    (_M + r"x_optimal_buffer", r"(?m)^        hi (= 2|/= 2)$",
     "killed in effect (timeout): when the first bracket end theta is too short (theta = 2000 ms in the tests, "
     "where slope(theta) < 0), the bracket never grows (hi stays 2, or halves towards 0 where the slope is "
     "negative), so the loop never ends and mutmut stops it."),
    (_M + r"x_optimal_buffer", r"(?m)while slope\(hi\) (<= 0|< 1):|^        hi \*= 3$",
     "equivalent: the slope increases in b and has one root, so any bracket [0, hi] with slope(hi) >= 0 "
     "holds it: doubling further (while the slope is below 1, or also at 0), or tripling, only widens the "
     "bracket, and Brent's method returns the same root to its 1e-9 ms tolerance."),
    (_M + r"x__crossing", r"xs = np\.geomspace\(lo, hi, (81)?\)",
     "equivalent for the functions it is used on: quality rises with the soldiers and falls with the "
     "SPECint92 (one crossing of 1 on each bracket), so a grid of 81 or numpy's default 50 points brackets "
     "the same single root as 80, which Brent's method returns to 1e-10 relative; the tests' roots (5, 99.9, "
     "the thresholds) are found on any grid that has the bracket's ends, which all have."),
    (_M + r"x__crossing", r"xs\[i \+ 1\], (xtol=1e-10 / xs\[i\])?\)\)",
     "equivalent to the precision used: without xtol Brent's method stops at 2e-12 absolute, and 1e-10 / x is "
     "at most 1e-10 absolute on brackets starting at 1 or 2: both are tighter than 1e-10 x, so the root "
     "agrees to better than 1e-10 relative, below every tolerance in the chapter and the tests (1e-8)."),
    (_M + r"x_vc_lambda_calibration", r"(?m)^        hi (= 2|/= 2)$",
     "killed in effect (timeout): when two frames of delay are still acceptable (the tests with latency "
     "limits of 10^6 and 10^12 ms), hi stays at 2, or halves towards 0 where the anchor is acceptable too, "
     "so the loop never ends and mutmut stops it."),
    (_M + r"x_vc_lambda_calibration", r"if hi (>= 1e4|> 10001\.0):",
     "equivalent: hi is a power of two (1, 2, 4, ...), never 10^4 and never between 10^4 and 10001, so the "
     "doubling stops at the same 16384 either way."),
    (_M + r"x_vc_lambda_calibration", r"brentq\(excess, 0\.0, hi, \)",
     "equivalent to the precision used: without xtol Brent's method stops at its default 2e-12 instead of "
     "1e-12 frames of delay, far below the tests' (1e-9 on the quality) and the chapter's (5 digits) precision."),
    (_M + r"x_audio_cpu_demand", r"n = np\.asarray\(n_users, (dtype=None)?\)",
     "equivalent for the documented input (numbers of users): an integer N gives integer N - 1 and "
     "max(N - 2, 0), which multiply the float per-frame costs into the same float64 demand."),
    (_M + r"x_optimal_buffer", r"brentq\(slope, 0\.0, hi, \)",
     "equivalent to the precision used: without xtol Brent's method stops at its default 2e-12 ms instead of "
     "1e-9 ms, a tighter tolerance on the same unique root; the tests compare to 1e-9 relative."),
    # -- added by the lead after the fresh 2-child run (2026-11-22, timeout multiplier 3)
    (_M + r"x_flying_point", r'"server_saturated": bool\(None\)\}',
     "detected (a timeout in the lead's 2-child run; killed by test_claypool_quality_analytic's direct "
     "server_saturated asserts in the helper's run): with the flag always False, flying_saturation_clients "
     "counts clients up to its 100,000 cap (about 30 s), so whichever test reaches it first decides "
     "between a failure and mutmut's time limit."),
    # -- experiments (run of 2026-11-26, fourth session)
    (_E + r"x__metric_facts", r'\{"latency_ms": lat, "(XXgaps_pctXX|GAPS_PCT)": gap\}|\{"latency_ms": lat, "gaps_pct": None\}',
     "equivalent: quality_from_values normalises only the axes of the point, here latency alone, and ignores the "
     "limits of axes the point does not use, so the gap limit's name or value cannot change the result (1.0)."),
    (_E + r"x__metric_facts", r'r\.put\("whatif_latency_allowance_ms", None,',
     "equivalent: Run.put treats None as it treats NaN (not a number: the name becomes undefined with the reason "
     "given), so storing None instead of NaN leaves the same undefined entry and no value."),
    (_E + r"x__audio", r"search range \(\{sig\(kappa, \)\}\)",
     "equivalent: 3 significant digits is mmperf.tables.sig's default, so sig(kappa) writes the same text."),
    (_E + r"x__audio", r'if pt20\["cpu_utilisation"\] > 1:',
     "not worth a test: differs only when the IPX's 20-user utilisation is exactly 1 to the last bit (with the "
     "transcribed costs it is 0.4228; the test at three times the costs, 1.268, pins the warning); at exactly 1 "
     "the original warns of an overload the mutant does not, while the shown utilisation is 100 % in both."),
    (_E + r"x__flying", r'sat if sat else math\.nan, (None|"XXthe server never saturatesXX"|"THE SERVER NEVER SATURATES")?\)|sat if \(sat\) or True else',
     "not worth a test: the reason (and the NaN) is used only when flying_saturation_clients finds no saturation, "
     "which it reports after counting clients to its 100,000 cap, about 30 s of flying_point calls per search and "
     "two searches per run; a server with no limit is the only way there (the tests pin saturation at 1 and 7 "
     "clients)."),
    (_E + r"x__flying", r'server_unlimited=True\)\["quality"\]\)\), None\)',
     "equivalent: min_ok is only read as a truth value (min_ok if min_ok else NaN), where None is false like 0."),
    (_E + r"x__flying", r"for c in range\(1, 1002\)",
     "not worth a test: differs only when the first acceptable Indigo 2 client has exactly 1001 processors; the "
     "tests pin the search's start (one processor) and its failure (no client of 1-1000 acceptable)."),
    (_E + r"x__flying", r"an\.flying_point\(c, (None|2), True, fs, server_unlimited=True\)",
     "equivalent: with server_unlimited=True flying_point gives the client an infinite share and never reads "
     "the number of clients."),
    (_E + r"x__vc", r"an\.vc_max_soldiers\(lam, f15, 1000000001\.0, u_avg, inp, vs\)",
     "equivalent to the precision used: 1e9 Mbit/s stands for a network that costs nothing, and one Mbit/s more "
     "changes the 144-byte updates' transmission time (about 1e-9 ms) by a part in 10^9, far below the root "
     "finder's tolerance; the tests compare the count to 1e-12 and see no difference."),
    (_E + r"x__vc", r"trend_n = \((11, 100|10, 101), target\)",
     "equivalent for the transcribed inputs: the trend's latency and jitter rise with the soldiers at 10, 11, 100 "
     "and 101 alike, and its missed-update fraction is 0.005 at every count (the 144-byte updates never fill the "
     "Ethernet this far below saturation), so `rising` and `missed_trend` come out the same."),
    (_E + r"x__vc", r"trend\[0\]\[k\] <= trend\[1\]\[k\] < trend\[2\]\[k\]|trend\[0\]\[k\] < trend\[1\]\[k\] <= trend\[2\]\[k\]",
     "equivalent for the transcribed inputs: latency and jitter rise strictly from 10 to 100 to 500 soldiers, and "
     "the missed fraction is equal at all three (0.005), so each chain is True or False under < and <= alike "
     "(for the missed fraction the other comparison of the chain is already False)."),
    (_E + r"x__vc", r"an\.vc_point\(lam, n, 1\.0, 1000000001\.0, u_avg|np\.geomspace\(2, (60|1e5, |100001\.0, 60|1e5, 61)\)\]",
     "equivalent: the Personal Iris's quality rises with the soldiers (its latency, jitter and missed updates grow), "
     "so over any grid that starts at 2 soldiers its minimum is the value at 2 and some point is acceptable exactly "
     "when that one is; the grid's end and length (and a network one Mbit/s faster than the free 1e9) cannot "
     "change `pi_ok` or `pi_min_quality`."),
    (_E + r"x__vc", r"ns_below = np\.geomspace\(2, (30|0\.9 \* eth_sat, (31)?)\)",
     "equivalent for the transcribed inputs: below 0.9 of Ethernet's saturation the Ethernet and ATM qualities "
     "differ by the same 0.000244 at every soldier count (only the update's transmission time differs), largest "
     "to the last bit at the first point, 2 soldiers, which every such grid shares (30, 31 or numpy's default 50 "
     "points up to 0.9 of saturation, or 50 up to 30 soldiers)."),
    (_E + r"x__vc", r"an\.vc_cpu_exhausted_soldiers\(f15, u_max, inp, None\)",
     "equivalent: vc_cpu_exhausted_soldiers takes the Virtual Cockpit settings for a uniform signature but reads "
     "only the speed, the update rate and the cost table."),
    (_E + r"x__vc", r'"PI \+ Ethernet, unicast": dict\(speed=1\.0, network_mbps=eth, multicast=None\)',
     "equivalent: vc_point reads `multicast` only as a truth value (`if multicast`, `... if multicast else ...`), "
     "where None is false like False."),
]
