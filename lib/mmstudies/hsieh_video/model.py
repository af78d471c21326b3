"""The three delivery schemes as trace-driven single-server queues in Ciw.

The thesis has no queueing model; this is the book's re-expression of its schedules, and the
Ciw runs must equal the recurrences of :mod:`.analytic` frame by frame:

* **PCBR** is a FIFO queue with one server of speed ``R`` (bytes per frame time). Customer ``g``
  is the data between two PCRs (one frame when the PCR interval is one frame); it *arrives* when
  the PCR-assist counter reaches its PCR, at ``(g - 1) m``, and needs ``U_g / R`` of service. The
  server works whenever a customer is present, which is exactly "send at ``R``, hold when ahead".
  No starvation at start-up delay ``P`` iff every frame's data is out by ``n + P``; with one frame
  per customer this is "every sojourn time is at most ``(P + 1)`` frame times".
* **CBR** is the same queue with every customer present at time 0 (the server never idles until
  the file is sent, which is the end-of-file cap).
* **PDCBR** also has every customer present at time 0, and a *state-dependent* service time:
  customer ``g`` is served at ``R_low`` if customer ``g - 1`` left before ``(g - 1) m`` (ahead of
  the PCR clock), otherwise at ``R_high``. The server never idles, so the start of a service is
  the previous departure, which the service-time distribution reads from Ciw's clock ``t``.

Ciw's simulation clock starts at 0 and an inter-arrival sample of 0 puts an arrival at time 0,
so no shift of the origin is needed.
"""

from __future__ import annotations

import math

import ciw
import numpy as np
import pandas as pd

from .analytic import EPS, unit_bounds


class _InterArrivals(ciw.dists.Distribution):
    """Inter-arrival times from a list, then no more arrivals."""

    def __init__(self, gaps) -> None:
        self.gaps = [float(x) for x in gaps]
        self.i = 0

    def __repr__(self) -> str:
        return f"_InterArrivals(n={len(self.gaps)})"

    def sample(self, t=None, ind=None) -> float:
        if self.i >= len(self.gaps):
            return math.inf
        gap = self.gaps[self.i]
        self.i += 1
        return gap


class _ConstantRateService(ciw.dists.Distribution):
    """Service time ``U_g / rate`` for customer ``g`` (Ciw's ``id_number``)."""

    def __init__(self, units: np.ndarray, rate: float) -> None:
        self.units, self.rate = np.asarray(units, dtype=float), float(rate)

    def __repr__(self) -> str:
        return f"_ConstantRateService(rate={self.rate})"

    def sample(self, t=None, ind=None) -> float:
        return float(self.units[ind.id_number - 1]) / self.rate


class _DualRateService(ciw.dists.Distribution):
    """PDCBR: ``U_g / R_low`` if the previous customer left before ``(g - 1) m``, else ``U_g / R_high``.

    ``t`` is the service start; with every customer present from time 0 and a work-conserving
    server it is the previous departure, i.e. the instant the next PCR is observed.
    """

    def __init__(self, units: np.ndarray, r_high: float, r_low: float, m: int) -> None:
        if r_low <= 0:
            raise ValueError("the PDCBR queue needs r_low > 0 (r_low = 0 is PCBR: use the PCBR queue)")
        self.units, self.r_high, self.r_low, self.m = np.asarray(units, dtype=float), float(r_high), float(r_low), m
        self.rates: list[float] = []

    def __repr__(self) -> str:
        return f"_DualRateService({self.r_high}, {self.r_low})"

    def sample(self, t=None, ind=None) -> float:
        g = ind.id_number
        ahead = g > 1 and t < (g - 1) * self.m - EPS
        rate = self.r_low if ahead else self.r_high
        self.rates.append(rate)
        return float(self.units[g - 1]) / rate


def _units(A: np.ndarray, m: int) -> np.ndarray:
    ends = unit_bounds(len(A) - 1, m)
    return np.diff(np.concatenate([[0.0], A[ends]]))


def _run(arrival_gaps, service, n_customers: int) -> pd.DataFrame:
    network = ciw.create_network(arrival_distributions=[_InterArrivals(arrival_gaps)],
                                 service_distributions=[service], number_of_servers=[1])
    sim = ciw.Simulation(network)
    sim.simulate_until_max_customers(n_customers, method="Finish")
    recs = pd.DataFrame([(r.id_number, r.arrival_date, r.service_start_date, r.service_time, r.exit_date)
                         for r in sim.get_all_records()],
                        columns=["unit", "arrival", "start", "service", "finish"]).sort_values("unit")
    if len(recs) != n_customers:
        raise RuntimeError(f"Ciw finished {len(recs)} of {n_customers} customers")
    return recs.reset_index(drop=True)


def ciw_pcbr(A: np.ndarray, rate: float, m: int = 1) -> pd.DataFrame:
    """PCBR as a Ciw FIFO queue: arrivals at ``0, m, 2m, ...``; one row per unit (customer).

    >>> from mmstudies.hsieh_video.analytic import cumulative
    >>> ciw_pcbr(cumulative([2.0, 1.0, 1.0]), rate=2.0)[["arrival", "start", "finish"]].values.tolist()
    [[0.0, 0.0, 1.0], [1.0, 1.0, 1.5], [2.0, 2.0, 2.5]]
    """
    u = _units(A, m)
    return _run([0.0] + [float(m)] * (len(u) - 1), _ConstantRateService(u, rate), len(u))


def ciw_cbr(A: np.ndarray, rate: float) -> pd.DataFrame:
    """CBR (capped at the end of the file) as a Ciw queue with every frame present at time 0.

    >>> from mmstudies.hsieh_video.analytic import cumulative
    >>> ciw_cbr(cumulative([2.0, 1.0, 1.0]), rate=2.0)["finish"].tolist()
    [1.0, 1.5, 2.0]
    """
    u = np.diff(A)
    return _run([0.0] * len(u), _ConstantRateService(u, rate), len(u))


def ciw_pdcbr(A: np.ndarray, r_high: float, r_low: float, m: int = 1) -> pd.DataFrame:
    """PDCBR as a Ciw queue with a state-dependent service rate; adds the column ``rate``.

    >>> from mmstudies.hsieh_video.analytic import cumulative
    >>> df = ciw_pdcbr(cumulative([2.0, 1.0, 1.0]), r_high=2.0, r_low=1.0)
    >>> df[["start", "finish", "rate"]].values.tolist()    # frame 2 done at 1.5 < 2: low rate
    [[0.0, 1.0, 2.0], [1.0, 1.5, 2.0], [1.5, 2.5, 1.0]]
    """
    u = _units(A, m)
    service = _DualRateService(u, r_high, r_low, m)
    recs = _run([0.0] * len(u), service, len(u))
    recs["rate"] = recs["unit"].map(lambda g: u[g - 1]) / recs["service"]
    return recs


def frames_from_units(A: np.ndarray, recs: pd.DataFrame, m: int = 1) -> np.ndarray:
    """Delivery time of each frame's last byte from a Ciw run (one row per unit)."""
    N = len(A) - 1
    g = (np.arange(1, N + 1) - 1) // m
    start = recs["start"].to_numpy()
    rate = np.diff(np.concatenate([[0.0], A[unit_bounds(N, m)]]))[g] / recs["service"].to_numpy()[g]
    return start[g] + (A[1:] - A[g * m]) / rate


def sojourn_feasible(recs: pd.DataFrame, P: float) -> bool:
    """PCBR with one frame per customer: no starvation iff every sojourn is at most ``P + 1`` frame times."""
    return bool(((recs["finish"] - recs["arrival"]) <= P + 1 + EPS).all())
