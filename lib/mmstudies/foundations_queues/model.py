"""Simulation of one queue: seeded Ciw replications (any number of servers, any service variability, a finite
buffer), and the exact Lindley recursion for a long single-server FCFS run (equal to Ciw customer by customer,
tests/test_queueing.py), which batch means need at a length Ciw would take minutes for.
"""

from __future__ import annotations

import ciw
import numpy as np
import pandas as pd

from mmperf import queueing


def _network(arrival_rate: float, servers: int, service_cv: float, capacity: int | None) -> ciw.Network:
    """One station with Poisson arrivals and service of mean 1 and coefficient of variation ``service_cv``;
    ``capacity`` is the room in the whole system (None: unbounded). Ciw's queue capacity excludes the
    customers in service, hence ``capacity - servers``."""
    extra = {} if capacity is None else {"queue_capacities": [int(capacity) - int(servers)]}
    return ciw.create_network(arrival_distributions=[ciw.dists.Exponential(arrival_rate)],
                              service_distributions=[queueing.service_distribution(1.0, service_cv)],
                              number_of_servers=[int(servers)], **extra)


def run_once(arrival_rate: float, servers: int, service_cv: float, capacity: int | None, sim_time: float,
             seed: int) -> dict[str, float]:
    """One seeded run: mean sojourn and wait of the customers served, the fraction that waited, the
    per-server utilisation and the fraction of arrivals lost, over ``[sim_time / 10, sim_time)`` (the first
    tenth is warm-up, started empty)."""
    warmup = sim_time / 10
    ciw.seed(int(seed))
    sim = ciw.Simulation(_network(arrival_rate, servers, service_cv, capacity))
    sim.simulate_until_max_time(sim_time)
    records = pd.DataFrame(sim.get_all_records())
    records = records[records["arrival_date"] >= warmup]
    served = records[records["record_type"] == "service"]
    window = sim_time - warmup
    return {"W": float((served["waiting_time"] + served["service_time"]).mean()),
            "Wq": float(served["waiting_time"].mean()),
            "waited": float((served["waiting_time"] > 1e-12).mean()),
            "utilisation": float(served["service_time"].sum() / window / servers),
            "loss": float((records["record_type"] == "rejection").mean())}


def replicate_queue(arrival_rate: float, servers: int = 1, service_cv: float = 1.0, capacity: int | None = None,
                    sim_time: float = 1000.0, replications: int = 4, seed: int = 1) -> pd.DataFrame:
    """``replications`` independent runs (seeds ``seed, seed + 1, ...``): one row per run.

    Examples
    --------
    Deterministic service of length 1: no sojourn is shorter than the service, and nothing is lost without
    a buffer:

    >>> runs = replicate_queue(0.1, service_cv=0.0, sim_time=200.0, replications=2, seed=3)
    >>> bool((runs["W"] >= 1.0).all()), runs["loss"].tolist()
    (True, [0.0, 0.0])
    """
    return pd.DataFrame([run_once(arrival_rate, servers, service_cv, capacity, sim_time, seed + i)
                         for i in range(int(replications))])


def lindley_run(utilisation: float, customers: int, seed: int, service_cv: float = 1.0) -> np.ndarray:
    """Waiting times of ``customers`` successive customers of an M/G/1 FCFS queue (Poisson arrivals at
    ``utilisation``, gamma service of mean 1 and coefficient of variation ``service_cv``), started empty.

    Examples
    --------
    >>> w = lindley_run(0.5, 1000, seed=1)
    >>> w.shape, float(w[0])
    ((1000,), 0.0)
    """
    rng = np.random.default_rng(int(seed))
    gaps = rng.exponential(1.0 / utilisation, int(customers))
    if service_cv == 0:
        services = np.ones(int(customers))
    else:
        shape = 1.0 / service_cv**2
        services = rng.gamma(shape, 1.0 / shape, int(customers))
    return queueing.lindley_waits(gaps, services)
