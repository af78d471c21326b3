"""The sentences of the single-queues chapter that depend on the run, composed from its numbers."""

from __future__ import annotations

import pandas as pd


def inside(row: dict) -> bool:
    """Whether the theory's mean sojourn lies inside the simulation's 95 % interval.

    Examples
    --------
    >>> inside({"W_theory": 2.0, "W_sim": 2.1, "W_half": 0.2}), inside({"W_theory": 2.0, "W_sim": 2.5, "W_half": 0.2})
    (True, False)
    """
    return abs(row["W_sim"] - row["W_theory"]) <= row["W_half"]


def outside_models(table: pd.DataFrame) -> list[str]:
    """The queues whose theory lies outside the simulation's interval, in the table's order."""
    return [r["model"] for r in table.to_dict("records") if not inside(r)]


def comparison(table: pd.DataFrame, replications: int) -> str:
    """How many of the queues' mean sojourns lie inside their simulated intervals, naming those that do not.

    Examples
    --------
    >>> t = pd.DataFrame([{"model": "M/M/1", "W_theory": 2.0, "W_sim": 2.1, "W_half": 0.2},
    ...                   {"model": "M/D/1", "W_theory": 1.5, "W_sim": 2.0, "W_half": 0.1}])
    >>> comparison(t, 4)
    'With 4 replications per queue, the mean sojourn of theory lies inside the 95 % interval of the simulation for 1 of the 2 queues; outside for M/D/1.'
    """
    out = outside_models(table)
    head = (f"With {replications} replications per queue, the mean sojourn of theory lies inside the 95 % interval "
            f"of the simulation for {len(table) - len(out)} of the {len(table)} queues")
    return head + (f"; outside for {', '.join(out)}." if out else ".")


def outside_note(count: int, total: int) -> str:
    """What a 95 % interval missing the theory means, by how often it happens.

    Examples
    --------
    >>> outside_note(1, 5)[:40]
    'A 95 % interval misses the true mean one'
    """
    if count == 0:
        return ("A 95 % interval misses the true mean one time in twenty by design, so a miss now and then would "
                "be no evidence against the model.")
    return (f"A 95 % interval misses the true mean one time in twenty by design; {count} misses in {total} "
            "intervals are worth a re-run with more replications before anyone doubts the theory or the code.")
