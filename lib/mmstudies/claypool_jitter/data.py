"""The transcribed inputs of the jitter chapter, read from ``data/claypool`` (provenance:
``data/claypool/provenance-jitter.yml``): Tables 3.1-3.3 and 5.4, the chapter-3 values and the
section 5.6.4 values."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from mmperf.data import load_table, load_values

STUDY = "claypool"


@dataclass(frozen=True)
class Inputs:
    """Every transcribed number the chapter uses.

    ``table32`` is indexed by ``measure`` (the printed correlation matrix); ``v3`` maps the names of
    ``ch3_values`` and ``vb`` those of ``jitter_values`` to plain floats.
    """

    table31: pd.DataFrame
    table32: pd.DataFrame
    table33: pd.DataFrame
    table54: pd.DataFrame
    v3: dict[str, float]
    vb: dict[str, float]


def _floats(name: str) -> dict[str, float]:
    return {k: float(v) for k, v in load_values(STUDY, name).items()}


def load_inputs() -> Inputs:
    """Read every table and value list of the chapter (in the order the chapter first read them).

    Examples
    --------
    >>> inp = load_inputs()
    >>> inp.v3["period_us"], inp.vb["fig521_buffer_ms"], inp.table32.loc["Range", "Range"]
    (160000.0, 100.0, np.float64(1.0))
    """
    return Inputs(
        table31=load_table(STUDY, "ch3_table3_1"),
        table32=load_table(STUDY, "ch3_table3_2").set_index("measure"),
        table33=load_table(STUDY, "ch3_table3_3"),
        table54=load_table(STUDY, "jitter_table5_4"),
        v3=_floats("ch3_values"),
        vb=_floats("jitter_values"),
    )
