"""The transcribed inputs of the processor-load chapter (``data/claypool``, tables ``load_*`` and two
tables shared with the quality chapter, read only: Table 5.2 and Table 7.1)."""

from __future__ import annotations

from dataclasses import dataclass

from mmperf.data import load_table, load_values

from .analytic import Costs

STUDY = "claypool"


@dataclass(frozen=True)
class Inputs:
    """Every number the chapter uses, read from ``data/claypool``."""

    values: dict
    table5_1: object
    table5_2: object
    table5_3: object
    table6_1: object
    table6_2: object
    table6_3: object
    table7_1: object
    table7_2: object
    u6: object
    vc_costs: dict           # component -> ms per unit (Table 7.1 central values)

    def v(self, name: str) -> float:
        return float(self.values[name])

    def costs(self, machine: str) -> Costs:
        """Table 5.2's line fits of one machine (``"IPX"`` or ``"SLC"``)."""
        return Costs({r.operation: (float(getattr(r, f"{machine}_per_packet_ms")),
                                    float(getattr(r, f"{machine}_per_byte_ms"))) for r in self.table5_2.itertuples()})

    def bare_per_s(self, machine: str) -> float:
        row = self.table5_1.set_index("machine").loc[machine]
        return float(row.bare_count_200s) / self.v("counter_run_s")

    def u6_value(self, table: str, item: str) -> float:
        df = self.u6
        return float(df[(df.table == table) & (df["item"] == item)].value.iloc[0])


def load_inputs() -> Inputs:
    """Read every table of the chapter.

    >>> inp = load_inputs()
    >>> round(inp.bare_per_s("IPX")), inp.costs("IPX").table["Mix"]
    (1702700, (0.0, 0.00245))
    """
    t71 = load_table(STUDY, "ch7_table7_1")
    return Inputs(
        values=load_values(STUDY, "load_values"),
        table5_1=load_table(STUDY, "load_table5_1"),
        table5_2=load_table(STUDY, "ch5_table5_2"),
        table5_3=load_table(STUDY, "load_table5_3"),
        table6_1=load_table(STUDY, "load_table6_1"),
        table6_2=load_table(STUDY, "load_table6_2"),
        table6_3=load_table(STUDY, "load_table6_3"),
        table7_1=t71,
        table7_2=load_table(STUDY, "load_table7_2"),
        u6=load_table(STUDY, "load_u6"),
        vc_costs={r.component: float(r.msec) for r in t71.itertuples()},
    )
