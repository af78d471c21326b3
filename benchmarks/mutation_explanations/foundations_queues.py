"""Explained survivors of the mutation run over ``mmstudies.foundations_queues.model`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.foundations_queues\.model\.x_run_once", r"records\[\"arrival_date\"\] > warmup\]",
     "not worth a test: differs only for a customer arriving exactly at the end of the warm-up, sim_time / 10; "
     "arrival times are sums of exponential draws, which hit a given instant with probability 0."),
    (r"mmstudies\.foundations_queues\.model\.x_run_once", r"served\[\"waiting_time\"\] >= 1e-12\)",
     "not worth a test: differs only for a wait of exactly 1e-12 (the threshold that tells a wait from rounding "
     "noise); a wait is 0 or a difference of continuous draws, which hits that value with probability 0."),
    # -- experiments (mut4a, 2026-11-26)
    (r"mmstudies\.foundations_queues\.experiments\.x_theory_vs_simulation",
     r"if (\(len\(runs\) > 1\) or True|len\(runs\) >= 1) else math\.nan",
     "equivalent: with one replication pandas' std(ddof=1) is NaN, so the relative sd is NaN either way (and "
     "replicate_queue never returns an empty frame)."),
    # -- analytic (manalytic5a, 2026-11-26, fourth session)
    (r"mmstudies\.foundations_queues\.analytic\.x_mm1k", r"np\.array\(\[r\*\*n for n in range\(k \+ 1\)\], (dtype=None)?\)",
     "equivalent: r = lam / mu is a true division of two floats (require_positive returns float), so every weight "
     "r**n is a float and numpy makes a float64 array with or without dtype=float."),
    (r"mmstudies\.foundations_queues\.analytic\.x_batch_means", r"np\.asarray\(values, (dtype=None)?\)",
     "equivalent for the documented input (numbers): integer or boolean observations make an integer array whose "
     "reshape, mean(axis=1) (which accumulates in float64), ptp and corrcoef give the same floats; the size, the "
     "refusal and the returned float() means are the same."),
]
