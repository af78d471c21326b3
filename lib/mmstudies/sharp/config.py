"""Names, Table 1 rows and the reference condition of the Sharp & Todirica model.

All times are in milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

#: Table 1 row of each model input.
TABLE1_ROWS = {
    "sl": "Stream layer",
    "dec": "Video decoding",
    "pres": "Video presentation",
    "net": "Network transmission",
    "e2e": "End-to-end video",
}
#: The five pipeline stages, in the order a frame meets them, and the Table 1 row each is drawn from.
PIPELINE_STAGES = {"sl_src": "sl", "net": "net", "sl_dst": "sl", "dec": "dec", "pres": "pres"}
#: Stages that run on the host CPU (stretched by background load); the network is not.
CPU_STAGES = ("sl_src", "sl_dst", "dec", "pres")
SINK_POLICIES = ("newest", "fifo")
#: The single-server nodes whose bounded queues the exact recursion must never fill.
QUEUED_NODES = ("sl_src", "sl_dst", "sink")


def measured_background_load() -> float:
    """The CPU share of "other processes" while Table 1 was measured, read from the transcribed data.

    The paper says "about 10 %" (seed line 201); the model's reference condition is this value,
    so a check comparing the two holds by construction.

    Examples
    --------
    >>> measured_background_load()
    0.1
    """
    from mmperf.data import load_values

    return float(load_values("sharp", "values")["other_processes_cpu_share"].value)


@dataclass(frozen=True)
class StageStats:
    """Table 1 summary of one stage (ms)."""

    min: float
    max: float
    mean: float
    sd: float


def stage_stats(table1: pd.DataFrame) -> dict[str, StageStats]:
    """Table 1 (as loaded by :func:`mmperf.data.load_table`) keyed ``sl, dec, pres, net, e2e``.

    Examples
    --------
    >>> from mmperf.data import load_table
    >>> stage_stats(load_table("sharp", "table1"))["dec"]
    StageStats(min=15.6, max=29.0, mean=19.5, sd=1.57)
    """
    by_stage = table1.set_index("stage")
    return {key: StageStats(*(float(by_stage.loc[row, c]) for c in ("min_ms", "max_ms", "avg_ms", "std_dev_ms")))
            for key, row in TABLE1_ROWS.items()}
