"""Baseline: Ciw's speed on an M/M/1 queue, and what the simulation cache saves.

Reported: simulated customers per second for M/M/1 and for a 3-station tandem line (the ratio
shows how cost grows with network size), and the ratio of a cache hit to a cache miss.
"""

from __future__ import annotations

import os
import tempfile
import time

import ciw

from mmperf import queueing as q
from mmperf import simcache


def _customers_per_second(network, max_time: float) -> float:
    start = time.perf_counter()
    records = q.simulate(network, max_time=max_time, warmup=0.0, seed=1)
    return len(records) / (time.perf_counter() - start)


def _mm1_network():
    return ciw.create_network(arrival_distributions=[ciw.dists.Exponential(0.8)],
                              service_distributions=[ciw.dists.Exponential(1.0)], number_of_servers=[1])


def _tandem_network():
    return ciw.create_network(
        arrival_distributions=[ciw.dists.Exponential(0.8), None, None],
        service_distributions=[ciw.dists.Exponential(1.0)] * 3,
        routing=[[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]], number_of_servers=[1, 1, 1])


def _mm1_mean_sojourn(max_time: float, seed: int) -> float:
    return float(q.simulate(_mm1_network(), max_time=max_time, warmup=0.0, seed=seed)["sojourn"].mean())


def main() -> dict:
    mm1 = _customers_per_second(_mm1_network(), 20000.0)
    tandem = _customers_per_second(_tandem_network(), 20000.0)
    os.environ["MMPERF_CACHE_DIR"] = tempfile.mkdtemp()
    start = time.perf_counter()
    simcache.cached(_mm1_mean_sojourn, max_time=20000.0, seed=2)
    miss = time.perf_counter() - start
    start = time.perf_counter()
    simcache.cached(_mm1_mean_sojourn, max_time=20000.0, seed=2)
    hit = time.perf_counter() - start
    return {
        "mm1_customer_records_per_s": round(mm1),
        "tandem3_customer_records_per_s": round(tandem),
        "tandem3_over_mm1_speed_ratio": round(tandem / mm1, 3),
        "simcache_hit_over_miss_time_ratio": round(hit / miss, 5),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(main(), indent=2))
