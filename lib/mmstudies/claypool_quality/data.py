"""The transcribed inputs of the Claypool quality reconstructions (``data/claypool``).

:func:`load_inputs` reads the limits, anchors, system values, assumptions and the two cost
tables (Table 5.2 for the audioconference, Table 7.1 for the Virtual Cockpit);
:func:`calibrated_values` the stored calibration results, which every run re-derives.
"""

from __future__ import annotations

from dataclasses import dataclass

from mmperf.data import load_table, load_values

STUDY = "claypool"

@dataclass(frozen=True)
class Inputs:
    """Every number the reconstructions use, read from ``data/claypool`` (see :func:`load_inputs`)."""

    limits: dict
    anchors: dict
    systems: dict
    assumptions: dict
    audio_costs: dict          # operation -> (per_packet_ms, per_byte_ms) on the IPX
    vc_costs: dict             # component -> {"msec","ci95_low","ci95_high"} on the Personal Iris

    def lim(self, name: str) -> float:
        return float(self.limits[name])

    def sys(self, name: str) -> float:
        return float(self.systems[name])

    def ass(self, name: str) -> float:
        return float(self.assumptions[name])


def load_inputs() -> Inputs:
    """Read the transcribed limits, anchors, system values, assumptions and cost tables.

    Examples
    --------
    >>> inp = load_inputs()
    >>> inp.lim("audio_latency_limit_ms"), inp.audio_costs["Mix"]
    (230.0, (0.0, 0.00245))
    """
    t52 = load_table(STUDY, "ch5_table5_2")
    t71 = load_table(STUDY, "ch7_table7_1")
    return Inputs(
        limits=load_values(STUDY, "quality_limits"),
        anchors=load_values(STUDY, "quality_anchors"),
        systems=load_values(STUDY, "quality_systems"),
        assumptions=load_values(STUDY, "quality_assumptions"),
        audio_costs={r.operation: (float(r.IPX_per_packet_ms), float(r.IPX_per_byte_ms))
                     for r in t52.itertuples()},
        vc_costs={r.component: {"msec": float(r.msec), "ci95_low": float(r.ci95_low),
                                "ci95_high": float(r.ci95_high)} for r in t71.itertuples()},
    )


def calibrated_values() -> dict:
    """The calibrated values stored in ``data/claypool/quality_calibration.csv`` (label ``assumption``)."""
    return load_values(STUDY, "quality_calibration")

