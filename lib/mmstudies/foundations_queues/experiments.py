"""The runs the chapter needs: every single-queue model at the run's utilisation, theory beside a Ciw
simulation, and the output analysis of one long run (batch means, run length, the power of a test)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mmperf import queueing
from mmperf.stats import mean_ci
from mmstudies.foundations_queues import analytic, model


def cases(utilisation: float, servers: int, service_scv: float, buffer: int) -> list[dict]:
    """The five queues of the chapter at per-server ``utilisation``, service of mean 1: each with its
    simulation settings and its theory (mean sojourn ``W``, and the quantity the model is about)."""
    lam = utilisation
    mm1, md1 = queueing.mm1(lam, 1.0), queueing.md1(lam, 1.0)
    mg1 = queueing.mg1(lam, 1.0, service_scv)
    mmc = queueing.mmc(lam * servers, 1.0, servers)
    loss = analytic.mm1k(lam, 1.0, buffer)
    return [
        {"model": "M/M/1", "arrival_rate": lam, "servers": 1, "cv": 1.0, "capacity": None, "W": mm1.W,
         "what": "utilisation", "theory": mm1.rho},
        {"model": "M/D/1", "arrival_rate": lam, "servers": 1, "cv": 0.0, "capacity": None, "W": md1.W,
         "what": "Wq", "theory": md1.Wq},
        {"model": "M/G/1", "arrival_rate": lam, "servers": 1, "cv": math.sqrt(service_scv), "capacity": None,
         "W": mg1.W, "what": "Wq", "theory": mg1.Wq},
        {"model": f"M/M/{servers}", "arrival_rate": lam * servers, "servers": servers, "cv": 1.0, "capacity": None,
         "W": mmc.W, "what": "waited", "theory": queueing.erlang_c(servers, lam * servers)},
        {"model": f"M/M/1/{buffer}", "arrival_rate": lam, "servers": 1, "cv": 1.0, "capacity": buffer,
         "W": loss.W, "what": "loss", "theory": loss.blocking},
    ]


def theory_vs_simulation(utilisation: float, servers: int, service_scv: float, buffer: int, sim_time: float,
                         replications: int, seed: int) -> pd.DataFrame:
    """One row per queue: theory, the replications' mean and 95 % half width, for the mean sojourn and for
    the model's own quantity, with each replication's relative spread of the sojourn (for the power)."""
    rows = []
    for i, case in enumerate(cases(utilisation, servers, service_scv, buffer)):
        runs = model.replicate_queue(case["arrival_rate"], case["servers"], case["cv"], case["capacity"],
                                     sim_time, replications, seed + 1000 * i)
        w, w_half = mean_ci(runs["W"].to_numpy())
        x, x_half = mean_ci(runs[case["what"]].to_numpy())
        rows.append({"model": case["model"], "W_theory": case["W"], "W_sim": w, "W_half": w_half,
                     "quantity": case["what"], "theory": case["theory"], "sim": x, "half": x_half,
                     "W_rel_sd": float(runs["W"].std(ddof=1) / w) if len(runs) > 1 else math.nan})
    return pd.DataFrame(rows)


def long_run(utilisation: float, customers: int, batches: int, seed: int) -> dict:
    """One long M/M/1 run by the Lindley recursion: the batch-means interval of the mean wait, the naive
    interval that treats every customer as independent, and the lag-1 correlation of the batch means."""
    waits = model.lindley_run(utilisation, customers, seed)
    bm = analytic.batch_means(waits, batches)
    naive_mean, naive_half = mean_ci(waits)
    return {"waits_mean": float(waits.mean()), "batch": bm, "naive_half": naive_half, "naive_mean": naive_mean,
            "customers": int(customers)}


def run_length_curve(utilisations: list[float], customers: int, batches: int, seed: int) -> pd.DataFrame:
    """Relative 95 % half width of the mean wait (batch means of one Lindley run of ``customers``) at each
    utilisation: how much longer a run must be as the queue fills (the half width falls as one over the
    square root of the run length, so the length for a target width grows with its square)."""
    rows = []
    for i, rho in enumerate(utilisations):
        bm = analytic.batch_means(model.lindley_run(rho, customers, seed + i), batches)
        rows.append({"utilisation": rho, "relative_half": bm.half_width / bm.mean,
                     "theory": queueing.mm1(rho, 1.0).Wq})
    return pd.DataFrame(rows)


def curves(servers: int, service_scv: float, buffer: int, points: int = 60) -> pd.DataFrame:
    """Theory over utilisation (per server) for the figures: mean wait of M/M/1, M/D/1, M/G/1, M/M/c in
    units of the mean service time, and the M/M/1/K blocking probability."""
    rho = np.linspace(0.02, 0.97, points)
    return pd.DataFrame({
        "utilisation": rho,
        "M/M/1": [queueing.mm1(r, 1.0).Wq for r in rho],
        "M/D/1": [queueing.md1(r, 1.0).Wq for r in rho],
        "M/G/1": [queueing.mg1(r, 1.0, service_scv).Wq for r in rho],
        f"M/M/{servers}": [queueing.mmc(r * servers, 1.0, servers).Wq for r in rho],
        "blocking": [analytic.mm1k(r, 1.0, buffer).blocking for r in rho],
    })


# ----------------------------------------------------------------------------- exercises at their own settings
def exercise_answers() -> dict[str, float]:
    """Every exercise's answer, each computed at the setting its exercise states (not at the defaults)."""
    out = {}
    m = queueing.mm1(0.9, 1.0)                               # ex 1: M/M/1 at rho 0.9
    out.update(ex1_rho=0.9, ex1_wq=m.Wq, ex1_w=m.W, ex1_l=m.L)
    out.update(ex2_lam=1.5, ex2_c=2, ex2_pwait=queueing.erlang_c(2, 1.5),   # ex 2: M/M/2, lambda 1.5, mu 1
               ex2_wq=queueing.mmc(1.5, 1.0, 2).Wq, ex2_wq_one_fast=queueing.mm1(1.5, 2.0).Wq)
    out.update(ex3_rho=0.7, ex3_ratio=queueing.md1(0.7, 1.0).Wq / queueing.mm1(0.7, 1.0).Wq)   # ex 3
    out.update(ex4_rho=0.8, ex4_scv=4.0, ex4_wq=queueing.mg1(0.8, 1.0, 4.0).Wq,                # ex 4
               ex4_wq_exp=queueing.mm1(0.8, 1.0).Wq)
    loss = analytic.mm1k(1.0, 1.0, 5)                                                          # ex 5: r 1, K 5
    out.update(ex5_k=5, ex5_blocking=loss.blocking, ex5_l=loss.L)
    out.update(ex6_rho=10 / 11, ex6_wq=queueing.mm1(10 / 11, 1.0).Wq)                        # ex 6: Wq = 10
    out.update(ex7_c=3, ex7_a=2.0, ex7_b=analytic.erlang_b(3, 2.0))                            # ex 7: M/M/3/3
    out.update(ex8_sd=0.2, ex8_n=analytic.replications_needed(0.2),                            # ex 8: power
               ex8_n_half=analytic.replications_needed(0.2, relative_error=0.025))
    return out


def exercise_run_length(customers: int, batches: int, seed: int) -> dict[str, float]:
    """Exercise 9 at its own settings: the batch-means relative half width at utilisation 0.5 and 0.9 with
    the run's length, and how many times longer the run at 0.9 must be to match the width at 0.5.

    Each width is what the exercise's re-run (``-p utilisation 0.5``, ``-p utilisation 0.9``) prints as
    ``batch_half_pct``: the long run of :func:`long_run` at the same ``seed``, so the key is the student's own
    two numbers, not another draw (the ratio of two 20-batch widths varies by a factor of two or more from seed
    to seed, far beyond any tolerance that would still reject a wrong method).
    """
    low, high = (_relative_half(long_run(rho, customers, batches, seed)["batch"]) for rho in (0.5, 0.9))
    return {"ex9_half_low_pct": 100 * low, "ex9_half_high_pct": 100 * high, "ex9_length_factor": (high / low) ** 2}


def _relative_half(bm) -> float:
    """A batch-means interval's half width over its mean (the chapter's ``batch_half_pct`` / 100)."""
    return bm.half_width / bm.mean
