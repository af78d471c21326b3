"""A Ciw processor-sharing model of the counter method (an extension: the thesis has no queueing model).

One processor is shared equally (``ciw.PSNode``) by ``counters`` always-runnable counter processes
and one component that wakes every ``period_s`` with a random amount of work (gamma, mean
``u * period_s``, coefficient of variation ``cv``). The node's processor-sharing *capacity* decides
what the component is:

- ``one_process=True`` (capacity ``counters + 1``): the component is one process; its jobs queue
  behind each other and it never gets more than 1/(counters+1) of the processor;
- ``one_process=False`` (unlimited capacity): each job is its own process (an interrupt-driven
  handler, say) and a backlog gets a larger share.

The counters' work is read from the simulation at the horizon; the reported load is
``1 - count/bare`` with ``bare`` the work of the same counters alone (``horizon / counters`` each), the
thesis's (bare - count)/bare. :func:`replicate` returns the reports of independent replications.
"""

from __future__ import annotations

import ciw


def simulate(u: float, counters: int = 1, *, period_s: float = 0.16, horizon_s: float = 60.0, cv: float = 0.5,
             one_process: bool = True, seed: int = 1) -> dict:
    """One replication: the counter's report and the component's mean response time.

    Returns ``{"measured": ..., "mean_response_s": ..., "jobs": ...}``; ``mean_response_s`` is over
    the component jobs that finished (NaN if none).
    """
    if not 0 < u < 1:
        raise ValueError(f"u must be in (0, 1), got {u}")
    work = u * period_s
    if cv > 0:
        shape = 1.0 / cv ** 2
        service = ciw.dists.Gamma(shape, work / shape)
    else:
        service = ciw.dists.Deterministic(work)
    # A counter never finishes: it can do at most horizon_s of work before the horizon. Its work is kept
    # just above that (not 1e12 s), since the processor-sharing node counts down the work left in the
    # service's own magnitude, where 1e12 s has a float spacing of 1.2e-4 s: it shifted the reported
    # load by up to 4e-4 (u = 0.2, 125 jobs; found by the exact tests of the mutation run).
    counter_work = horizon_s + 1.0
    network = ciw.create_network(
        arrival_distributions={"counter": [ciw.dists.Sequential([1e-9] * counters + [1e12])],
                               "component": [ciw.dists.Deterministic(period_s)]},
        service_distributions={"counter": [ciw.dists.Deterministic(counter_work)], "component": [service]},
        number_of_servers=[counters + 1 if one_process else counters + int(horizon_s / period_s) + 2])
    ciw.seed(seed)
    sim = ciw.Simulation(network, node_class=ciw.PSNode)
    sim.simulate_until_max_time(horizon_s)
    node = sim.nodes[1]
    occupancy = max(node.last_occupancy, 1)
    done_counter = 0.0
    for ind in node.all_individuals:
        if ind.customer_class == "counter":
            done_counter += ind.service_time - ind.time_left + (horizon_s - ind.date_last_update) / occupancy
    # bare: with ``counters`` counters and no component each counter does horizon / counters of work
    measured = 1.0 - (done_counter / counters) / (horizon_s / counters)
    responses = [r.exit_date - r.arrival_date for r in sim.get_all_records() if r.customer_class == "component"]
    return {"measured": measured,
            "mean_response_s": (sum(responses) / len(responses)) if responses else float("nan"),
            "jobs": len(responses)}


def replicate(u: float, counters: int = 1, *, replications: int = 5, seed: int = 1, **kw) -> list[dict]:
    """Independent replications (seeds ``seed, seed+1, ...``)."""
    return [simulate(u, counters, seed=seed + i, **kw) for i in range(replications)]


def sweep(loads, counters: int = 1, *, replications: int = 5, seed: int = 1, **kw) -> list[dict]:
    """Replications at every load of ``loads``, flattened to rows (for :func:`mmperf.simcache.cached`)."""
    rows = []
    for j, u in enumerate(loads):
        for i, rep in enumerate(replicate(u, counters, replications=replications, seed=seed + 1000 * j, **kw)):
            rows.append({"u": float(u), "replication": i, **rep})
    return rows
