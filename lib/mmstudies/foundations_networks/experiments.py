"""The runs the networks chapter needs: the open station (Jackson beside Ciw), the closed station (exact MVA
and the bounds beside Ciw) and the exercises' answers at their own settings."""

from __future__ import annotations

import pandas as pd

from mmperf import queueing
from mmstudies.foundations_networks import analytic, model


def populations(max_population: int) -> list[int]:
    """The populations the closed network is simulated at.

    Examples
    --------
    >>> populations(8), populations(3)
    ([1, 2, 4, 8], [1, 2, 3])
    """
    return sorted({n for n in (1, 2, 4) if n <= max_population} | {int(max_population)})


def open_comparison(times, frame_rate: float, ft_rate: float, run_s: float, replications: int,
                    seed: int) -> dict[str, float]:
    """A video frame's mean delay: Jackson (every station M/M/1, classes merged) and Ciw with the real
    (deterministic) codec and with an exponential one, each with its 95 % half width."""
    out = {"jackson_ms": analytic.open_network(times, frame_rate, ft_rate)["video_delay_ms"]}
    for label, det in (("det", True), ("exp", False)):
        runs = model.replicate(model.open_run, replications, seed + (0 if det else 500), times=times,
                               frame_rate=frame_rate, ft_rate=ft_rate, run_s=run_s, deterministic=det)
        out[f"ciw_{label}_ms"], out[f"ciw_{label}_half"], out[f"ciw_{label}_rel_sd"] = model.summary(
            runs, "video_delay_ms")
    return out


def closed_comparison(times, think_ms: float, max_population: int, run_s: float, replications: int,
                      seed: int) -> pd.DataFrame:
    """Per population: exact MVA, the asymptotic and balanced job bounds, and Ciw (deterministic and
    exponential codec) throughput in frames per second."""
    demands = list(times.demands)
    exact = {m.n: m for m in queueing.mva(demands, max_population, think_time=think_ms)}
    rows = []
    for n in populations(max_population):
        ab = queueing.asymptotic_bounds(demands, n, think_ms)
        bj = queueing.balanced_job_bounds(demands, n, think_ms)
        row = {"population": n, "mva": 1000 * exact[n].throughput, "mva_response_ms": exact[n].response,
               "asymptotic_high": 1000 * ab.throughput_high, "balanced_low": 1000 * bj.throughput_low,
               "balanced_high": 1000 * bj.throughput_high}
        for label, det in (("det", True), ("exp", False)):
            runs = model.replicate(model.closed_run, replications, seed + 100 * n + (0 if det else 50), times=times,
                                   population=n, think_ms=think_ms, run_s=run_s, deterministic=det)
            row[f"ciw_{label}"], row[f"ciw_{label}_half"], _ = model.summary(runs, "throughput")
        row["mva_error_pct"] = 100 * (row["mva"] - row["ciw_det"]) / row["ciw_det"]
        rows.append(row)
    return pd.DataFrame(rows)


def exercise_answers(times) -> dict[str, float]:
    """Every exercise's answer at the setting its exercise states (not at the chapter's defaults)."""
    d = times.demands
    out = {"ex1_rate": 8.0, "ex1_u_pct": 100 * 8.0 * times.compress_ms / 1000}
    out["ex2_xmax"] = 1000 / max(d)
    two = queueing.mva(list(d), 2, think_time=0.0)
    out.update(ex3_x1=1000 * two[0].throughput, ex3_x2=1000 * two[1].throughput, ex3_r2=two[1].response)
    bj = queueing.balanced_job_bounds(list(d), 4, 33.3)
    out.update(ex4_low=1000 * bj.throughput_low, ex4_high=1000 * bj.throughput_high,
               ex4_mva=1000 * queueing.mva(list(d), 4, think_time=33.3)[-1].throughput)
    out.update(ex5_think=100.0, ex5_knee=analytic.knee(d, 100.0))
    ring_f = 30 / 1000
    out.update(ex7_mm1_wq=queueing.mm1(ring_f, 1 / times.ring_ms).Wq, ex7_md1_wq=queueing.md1(ring_f, 1 / times.ring_ms).Wq)
    out.update(ex8_sd=0.05, ex8_n=analytic.replications_needed(0.05, relative_error=0.02))
    out.update(ex9_rate=15.0, ex9_delay=analytic.open_network(times, 15.0, 0.0)["video_delay_ms"],
               ex9_md1_delay=queueing.md1(15 / 1000, 1 / times.compress_ms).W + queueing.mm1(
                   15 / 1000, 1 / times.channel_ms).W + queueing.mm1(15 / 1000, 1 / times.ring_ms).W)
    return out
