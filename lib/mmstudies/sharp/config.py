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


@dataclass(frozen=True)
class Inputs:
    """Everything the chapter reads from ``data/sharp/``, loaded once by :func:`load_inputs`.

    ``table1`` is Table 1 as transcribed, ``values`` the text's numbers (:class:`mmperf.data.Value`
    by name), ``events`` Figure 8's event times, ``paper`` Table 1 as :class:`StageStats` by key,
    ``V`` the text's numbers as plain floats and ``reference_load`` the measured background load.
    """

    table1: pd.DataFrame
    values: dict
    events: pd.DataFrame
    paper: dict[str, StageStats]
    V: dict[str, float]
    reference_load: float


def load_inputs() -> Inputs:
    """Load the study's transcribed data (Table 1, the text's values, Figure 8's events).

    Examples
    --------
    >>> inp = load_inputs()
    >>> inp.paper["e2e"].mean, inp.V["frame_rate_fps"], inp.reference_load
    (44.4, 25.0, 0.1)
    """
    from mmperf.data import load_table, load_values

    table1 = load_table("sharp", "table1")
    values = load_values("sharp", "values")
    return Inputs(table1=table1, values=values, events=load_table("sharp", "fig8_events"),
                  paper=stage_stats(table1), V={k: float(v.value) for k, v in values.items()},
                  reference_load=measured_background_load())


def table1_display(table1: pd.DataFrame) -> pd.DataFrame:
    """Table 1 as the chapter shows it: the transcribed columns renamed ``min, max, mean, sd``.

    Examples
    --------
    >>> list(table1_display(pd.DataFrame(columns=["stage", "min_ms", "max_ms", "avg_ms", "std_dev_ms"])).columns)
    ['stage', 'min', 'max', 'mean', 'sd']
    """
    return table1.rename(columns={"min_ms": "min", "max_ms": "max", "avg_ms": "mean", "std_dev_ms": "sd"})


def values_table(values: dict) -> pd.DataFrame:
    """The text's numbers (``name -> Value``) as a table: quantity (spaces for underscores), value, unit,
    label and source.

    Examples
    --------
    >>> from mmperf.data import Value
    >>> row = values_table({"frame_rate_fps": Value("frame_rate_fps", 25.0, "1/s", "paper", "line 164")}).iloc[0]
    >>> row["quantity"], float(row["value"]), row["unit"], row["label"], row["source"]
    ('frame rate fps', 25.0, '1/s', 'paper', 'line 164')
    """
    return pd.DataFrame([{"quantity": v.name.replace("_", " "), "value": v.value, "unit": v.unit,
                          "label": v.label, "source": v.source} for v in values.values()])


#: The model's four queueing nodes: the stages each runs, its servers, its queue and where its service
#: time comes from (the chapter's node table).
NODES = [
    ("SL_src", "Stream Layer, source side", "one", "bounded, blocking", "Table 1 'Stream layer'"),
    ("NET", "network (half the round trip)", "infinite (a pure delay)", "none", "Table 1 'Network transmission'"),
    ("SL_dst", "Stream Layer, destination side", "one", "bounded, blocking", "Table 1 'Stream layer' (assumption A3)"),
    ("SINK", "video decoding, then presentation, in thread t6", "one",
     "newest frame wins (or FIFO, a parameter)", "'Video decoding' + 'Video presentation', drawn separately"),
]


def nodes_table() -> pd.DataFrame:
    """:data:`NODES` as a table with columns ``node, stages, servers, queue, service time``.

    Examples
    --------
    >>> nodes_table()["node"].tolist()
    ['SL_src', 'NET', 'SL_dst', 'SINK']
    """
    return pd.DataFrame(NODES, columns=["node", "stages", "servers", "queue", "service time"])
