"""Explained survivors of the mutation run over ``mmstudies.hsieh_messaging.analytic`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
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
]
