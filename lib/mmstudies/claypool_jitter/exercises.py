"""The chapter's exercises: each answer computed at the exercise's own settings, never at the run's.

Every function returns plain numbers (glued by the notebook as ``exN_...``). The hand exercises are
closed forms on the thesis's numbers; the re-run and extend exercises simulate with the time-slice
generator at the chapter's *default* parameters (``defaults``, the specification's), changed only where
the exercise changes them, on a reduced design (one trace per condition, as the thesis ran its
chapter-3 conditions) so that the answers cost a few seconds once and are then cached.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mmperf import jitter
from mmperf.simcache import cached
from mmstudies.claypool_jitter.analytic import fisher_ci, printed_chain
from mmstudies.claypool_jitter.config import REFERENCE_SPECINT92, EndSystem, Mechanisms, MetricSettings
from mmstudies.claypool_jitter.model import burst_ms, simulate_trace

#: exercise 4's trace: interarrival times (ms) of a 160 ms stream in which one frame is 90 ms late
HAND_TRACE_MS = (160.0, 160.0, 250.0, 70.0, 160.0, 160.0)
#: exercise 3: the slowest and the fastest Sun of Table 3.3 (SPECint92)
SLOW_FAST_SPECINT92 = (8.6, 64.0)
#: the metric columns correlated with Range (Table 3.2's first row)
OTHER_METRICS = ("Variance", "Stddev", "Absdev", "Gaps", "Area")


def hand_trace(x_ms=HAND_TRACE_MS, period_ms: float = 160.0, buffer_ms: float = 50.0) -> dict[str, float]:
    """Exercise 4: the metrics of a short trace by hand (variance, both ranges, lateness, drops).

    Examples
    --------
    >>> a = hand_trace()
    >>> a["variance_ms2"], a["range_max_ms"], a["range_maxmin_ms"], a["max_late_ms"], round(a["dropped_pct"], 2)
    (3240.0, 250.0, 180.0, 90.0, 14.29)
    """
    x = np.asarray(x_ms, dtype=float)
    late = jitter.lateness(x, period_ms)
    return {"variance_ms2": jitter.variance(x), "range_max_ms": jitter.jitter_range(x, "max"),
            "range_maxmin_ms": jitter.jitter_range(x, "max-min"), "max_late_ms": float(late.max()),
            "frames": float(late.size), "dropped_pct": jitter.dropped_percent(late, buffer_ms),
            "buffer_ms": buffer_ms}


def fisher_band(r: float, n: int) -> dict[str, float]:
    """Exercise 5: the 95 % Fisher-z band of a printed r from ``n`` points.

    Examples
    --------
    >>> b = fisher_band(0.98, 4)          # atanh 0.98 = 2.298 +- 1.96 / 1
    >>> round(b["low"], 3), round(b["high"], 4)
    (0.325, 0.9996)
    """
    low, high = fisher_ci(r, n)
    return {"r": r, "n": float(n), "low": low, "high": high}


def runs_to_exclude_zero(r: float, level: float = 0.95) -> int:
    """Exercise 6: the fewest points for which the Fisher-z band of ``r`` excludes zero.

    The band's lower end ``tanh(atanh r - q / sqrt(n - 3))`` is above zero when ``n > 3 + (q / atanh r)^2``.

    Examples
    --------
    >>> runs_to_exclude_zero(0.34)        # (1.96 / 0.3541)^2 = 30.6, so n > 33.6
    34
    """
    from scipy import stats

    q = stats.norm.ppf(0.5 + level / 2)
    return int(math.floor(3 + (q / math.atanh(r)) ** 2)) + 1


def chain_jitter_for_buffer(values: dict, buffer_ms: float) -> dict[str, float]:
    """Exercise 7: the jitter (µs²) the printed chained line Buf. = a Jitter + b needs for ``buffer_ms``.

    ``values`` holds the printed coefficients (:func:`.analytic.printed_chain`'s keys).

    Examples
    --------
    >>> v = {"buf_area_slope": 26.5, "buf_area_intercept": -624000, "area_jitter_slope": 0.000198,
    ...      "area_jitter_intercept": 1590000, "area_no_buffer": 75000, "jitter_threshold_us2": 1e9}
    >>> a = chain_jitter_for_buffer(v, 100.0)
    >>> round(a["chain_intercept_ms"]), f"{a['jitter_us2']:.3e}"
    (41511, '-7.892e+09')
    """
    chain = printed_chain(values)
    return {"buffer_ms": buffer_ms, "chain_slope": chain["chain_slope"],
            "chain_intercept_ms": chain["chain_intercept"] / 1000,
            "jitter_us2": (1000 * buffer_ms - chain["chain_intercept"]) / chain["chain_slope"]}


def burst_scaling(cpu_burst_ms: float, slow_fast=SLOW_FAST_SPECINT92) -> dict[str, float]:
    """Exercise 3: how the Ciw generator's counter bursts, and so its waits and variances, scale with power.

    Examples
    --------
    >>> a = burst_scaling(20.0)           # bursts 20 x 21.8 / 8.6 and 20 x 21.8 / 64 ms
    >>> round(a["burst_slow_ms"], 2), round(a["burst_fast_ms"], 2), round(a["variance_ratio"], 1)
    (50.7, 6.81, 55.4)
    """
    slow, fast = (burst_ms(s, cpu_burst_ms) for s in slow_fast)
    return {"spec_slow": slow_fast[0], "spec_fast": slow_fast[1], "burst_slow_ms": slow, "burst_fast_ms": fast,
            "burst_ratio": slow / fast, "variance_ratio": (slow / fast) ** 2, "reference_spec": REFERENCE_SPECINT92}


def rtp_jitter(x_us, period_us: float) -> float:
    """The RTP interarrival jitter of RFC 3550 (section 6.4.1), averaged over the trace (exercise 9's metric).

    For consecutive frames the transit-time difference is ``D = x_i - T`` (sent every period ``T``); the
    estimate moves a sixteenth of the way to ``|D|`` at each frame: ``J += (|D| - J) / 16``, from ``J = 0``.

    Examples
    --------
    >>> rtp_jitter([160.0, 160.0], 160.0)
    0.0
    >>> rtp_jitter([176.0], 160.0)        # J = 16 / 16 after one frame
    1.0
    """
    j, total = 0.0, 0.0
    for d in np.abs(np.asarray(x_us, dtype=float) - period_us).tolist():
        j += (d - j) / 16.0
        total += j
    return total / max(len(x_us), 1)


def chapter3_conditions(max_load: int, light_load: float, loaded_utilisation: float,
                        specint92: float) -> list[EndSystem]:
    """The conditions pooled for Table 3.2 (:func:`.experiments.chapter3_rows`), one system each."""
    from mmstudies.claypool_jitter.experiments import chapter3_rows, load_levels

    rows = chapter3_rows(load_levels(max_load), light_load, loaded_utilisation, specint92)
    return [r["system"] for design in rows.values() for r in design]


def pooled_metrics(*, defaults: dict, stall_rate_per_min: float, seed: int) -> pd.DataFrame:
    """One time-slice trace per Table 3.2 condition at the chapter's ``defaults`` with another stall rate:
    the six metrics with Range by both definitions, and the RTP jitter (exercises 1 and 9; cacheable)."""
    p = defaults
    mech = Mechanisms(**{**{k: p[k] for k in Mechanisms.__dataclass_fields__}, "stall_rate_per_min": stall_rate_per_min})
    rows = []
    for k, system in enumerate(chapter3_conditions(p["max_load"], p["light_load"], p["loaded_network_utilisation"],
                                                   p["specint92"])):
        x, _ = simulate_trace(system, mech, generator="timeslice", run_length_s=p["run_length_s"],
                              warmup_s=p["warmup_s"], seed=seed + k)
        period = 1000.0 * system.period_ms
        m = jitter.all_metrics(x, period=period, gap_buffer=1000.0 * p["gap_buffer_ms"],
                               buffers=_settings(p).buffers_us(), reference=p["lateness_reference"])
        rows.append({**m, "Range max": jitter.jitter_range(x, "max"), "Range max-min": jitter.jitter_range(x, "max-min"),
                     "RTP": rtp_jitter(x, period)})
    return pd.DataFrame(rows)


def _settings(p: dict) -> MetricSettings:
    return MetricSettings(**{k: p[k] for k in MetricSettings.__dataclass_fields__})


def range_correlations(runs: pd.DataFrame, definition: str) -> tuple[float, float]:
    """The smallest and largest r of Range (by ``definition``) with the five other metrics.

    Examples
    --------
    >>> t = pd.DataFrame({"Range max": [1.0, 2.0, 3.0], **{m: [1.0, 2.0, 4.0] for m in OTHER_METRICS}})
    >>> [round(v, 3) for v in range_correlations(t, "max")]
    [0.982, 0.982]
    """
    r = [float(np.corrcoef(runs[f"Range {definition}"], runs[m])[0, 1]) for m in OTHER_METRICS]
    return min(r), max(r)


def optimal_at_gap_limits(*, defaults: dict, gap_limits: tuple[float, float], seed: int) -> dict[str, float]:
    """Exercise 2: the featured traces at the chapter's ``defaults``; their mean optimal buffer (ms) and drops
    (%) under each drop limit, and how many optima sit at the top of the buffer sweep (cacheable)."""
    p = defaults
    system = EndSystem(**{k: p[k] for k in ("specint92", "processor_load", "priority", "network_Mbps", "network_load",
                                            "period_ms", "frame_bytes")})
    mech = Mechanisms(**{k: p[k] for k in Mechanisms.__dataclass_fields__})
    buffers = _settings(p).buffers_us()
    lates = [jitter.lateness(simulate_trace(system, mech, generator="timeslice", run_length_s=p["run_length_s"],
                                            warmup_s=p["warmup_s"], seed=seed + k)[0], 1000.0 * p["period_ms"],
                             p["lateness_reference"]) for k in range(p["replications"])]
    out = {"traces": float(len(lates)), "buffer_max_ms": float(buffers[-1]) / 1000}
    for name, limit in zip(("base", "strict"), gap_limits, strict=True):
        best = [jitter.optimal_buffer(late, buffers, 1000.0 * p["latency_limit_ms"], limit) for late in lates]
        out[f"{name}_limit_pct"] = limit
        out[f"{name}_buffer_ms"] = float(np.mean([b for b, _, _ in best])) / 1000
        out[f"{name}_drop_pct"] = float(np.mean([d for _, d, _ in best]))
        out[f"{name}_at_top"] = float(sum(b >= buffers[-1] - 0.5 for b, _, _ in best))
    return out


#: the settings the exercises change: exercise 2's drop limits (the default's and half of it), exercise 5's
#: printed r and its points (Fig 3.9, seed line 855: four classes), exercise 6's r (Range-Area, Table 3.2),
#: exercise 7's buffer (the 100 ms of Fig 5.21), exercise 4's buffer
EXERCISE_SETTINGS = {"ex2_gap_limit_pct": 3.0, "ex5_r": 0.98, "ex5_n": 4, "ex6_r": 0.34, "ex7_buffer_ms": 100.0,
                     "ex4_buffer_ms": 50.0}


def answers(defaults: dict, values: dict, settings: dict = EXERCISE_SETTINGS) -> dict[str, float]:
    """Every exercise's answer, glued by the notebook as ``exN_...``: ``defaults`` are the chapter's default
    parameters (the exercises' own settings start there), ``values`` the thesis's printed values
    (``jitter_values`` and ``ch3_values``). The simulations go through the simulation cache.
    """
    s, p = settings, defaults
    out = {f"ex4_{k}": v for k, v in hand_trace(buffer_ms=s["ex4_buffer_ms"]).items()}
    out |= {f"ex5_{k}": v for k, v in fisher_band(s["ex5_r"], s["ex5_n"]).items()}
    out |= {"ex6_r": s["ex6_r"], "ex6_n": float(runs_to_exclude_zero(s["ex6_r"]))}
    out |= {f"ex7_{k}": v for k, v in chain_jitter_for_buffer(values, s["ex7_buffer_ms"]).items()}
    out |= {f"ex3_{k}": v for k, v in burst_scaling(p["cpu_burst_ms"]).items()}
    gaps = cached(optimal_at_gap_limits, defaults=p, gap_limits=(p["gap_limit_pct"], s["ex2_gap_limit_pct"]),
                  seed=p["seed"] + 3_000_000)
    out |= {f"ex2_{k}": v for k, v in gaps.items()}
    stalls = cached(pooled_metrics, defaults=p, stall_rate_per_min=p["stall_rate_per_min"], seed=p["seed"] + 3_100_000)
    quiet = cached(pooled_metrics, defaults=p, stall_rate_per_min=0.0, seed=p["seed"] + 3_100_000)
    for tag, runs in (("stalls", stalls), ("quiet", quiet)):
        for definition in ("max", "max-min"):
            low, high = range_correlations(runs, definition)
            key = definition.replace("-", "")
            out[f"ex1_{tag}_{key}_low"], out[f"ex1_{tag}_{key}_high"] = low, high
    out["ex1_runs"] = float(len(stalls))
    out["ex1_stall_rate"] = p["stall_rate_per_min"]
    out["ex9_r_variance"] = float(np.corrcoef(stalls["RTP"], stalls["Variance"])[0, 1])
    out["ex9_r_range"] = float(np.corrcoef(stalls["RTP"], stalls["Range max"])[0, 1])
    out["ex9_r_stddev"] = float(np.corrcoef(stalls["RTP"], stalls["Stddev"])[0, 1])
    return {k: float(v) for k, v in out.items()}   # plain floats: numpy scalars would glue as their repr
