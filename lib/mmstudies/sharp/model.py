"""The Ciw model of one Sharp & Todirica video stream.

========  ==============================  ===================================  ==========
node      what it stands for              service time                         queue
========  ==============================  ===================================  ==========
1 SL_src  Stream Layer, source side       Table 1 "Stream layer" row           bounded, blocking
2 NET     UDP/IP network (half the        Table 1 "Network transmission" row   none (a pure
          reflected round trip)                                                delay, c = inf)
3 SL_dst  Stream Layer, destination side  Table 1 "Stream layer" row (our      bounded, blocking
                                          assumption: not measured)
4 SINK    video sink thread t6: decode    "Video decoding" + "Video            newest frame
          then present (one thread)       presentation" rows, drawn apart      wins (or FIFO)
========  ==============================  ===================================  ==========

Frames are captured every ``1000 / fps`` ms. The newest-frame sink keeps only the newest waiting
frame: when a frame reaches the sink, any older frame still waiting is dropped, and a frame older
than one already accepted is dropped on arrival (Section 4.1 of the paper: "always present the
newest buffer and throw away older ones", seed line 191).

Every stage time is drawn up front (:func:`sample_stage_times`), so the Ciw model and the exact
recursion (:func:`mmstudies.sharp.analytic.pipeline_recursion`) see the same frames. All times
are in milliseconds.
"""

from __future__ import annotations

import math

import ciw
import numpy as np
import pandas as pd

from mmperf.queueing import simulate

from .analytic import SpikedGamma, cpu_stretch
from .config import CPU_STAGES, PIPELINE_STAGES, SINK_POLICIES


def sample_stage_times(dists: dict[str, SpikedGamma], n_frames: int, seed: int,
                       background_load: float | None = None,
                       measured_load: float | None = None) -> dict[str, np.ndarray]:
    """Per-frame times of the five pipeline stages (one array of ``n_frames`` per stage).

    CPU-bound stages are stretched by :func:`~mmstudies.sharp.analytic.cpu_stretch`; with
    ``background_load`` None the measured condition is used (no stretch).

    Examples
    --------
    >>> d = {k: SpikedGamma(1.0, 1.0, 1.0, 0.0, 2.0, 3.0) for k in ("sl", "net", "dec", "pres")}
    >>> sorted(sample_stage_times(d, 4, seed=1))
    ['dec', 'net', 'pres', 'sl_dst', 'sl_src']
    """
    rng = np.random.default_rng(seed)
    stretch = 1.0 if background_load is None else cpu_stretch(background_load, measured_load)
    times = {}
    for stage, source in PIPELINE_STAGES.items():
        x = dists[source].sample(rng, n_frames)
        times[stage] = x * stretch if stage in CPU_STAGES else x
    return times


def deterministic_stage_times(means: dict[str, float], n_frames: int) -> dict[str, np.ndarray]:
    """Constant per-frame times (for exact checks), keyed like :func:`sample_stage_times`.

    Examples
    --------
    >>> deterministic_stage_times({s: 1.0 for s in PIPELINE_STAGES}, 2)["dec"].tolist()
    [1.0, 1.0]
    """
    return {stage: np.full(n_frames, float(means[stage])) for stage in PIPELINE_STAGES}
class PerFrameTimes(ciw.dists.Distribution):
    """Ciw distribution returning a pre-drawn time for each frame (customer ``id_number``).

    Drawing all stage times up front lets the Ciw model and :func:`newest_frame_recursion`
    see exactly the same frames, and makes runs independent of Ciw's own random stream.
    """

    def __init__(self, times: np.ndarray) -> None:
        self.times = np.asarray(times, dtype=float)

    def __repr__(self) -> str:
        return f"PerFrameTimes(n={self.times.size})"

    def sample(self, t=None, ind=None) -> float:
        return float(self.times[ind.id_number - 1])

    @property
    def mean(self) -> float:
        return float(self.times.mean())


class FramePeriods(ciw.dists.Distribution):
    """Inter-capture times: ``period`` for ``n_frames`` frames, then no more arrivals."""

    def __init__(self, period: float, n_frames: int) -> None:
        self.period, self.remaining = float(period), int(n_frames)

    def __repr__(self) -> str:
        return f"FramePeriods({self.period}, {self.remaining})"

    def sample(self, t=None, ind=None) -> float:
        self.remaining -= 1
        return self.period if self.remaining >= 0 else math.inf

    @property
    def mean(self) -> float:
        return self.period


class NewestFrameNode(ciw.Node):
    """The video sink (thread t6): present the newest frame, drop older waiting ones.

    A frame arriving here replaces any older frame still waiting; a frame older than one
    already accepted is dropped on arrival. Dropped frames get a record and
    leave through the exit node (recorded as Ciw "renege" records).
    """

    def __init__(self, id_, simulation) -> None:
        super().__init__(id_, simulation)
        self.newest_accepted = 0

    def accept(self, next_individual, completed=False):
        if next_individual.id_number < self.newest_accepted:
            self._drop(next_individual, waiting=False)
            return
        self.newest_accepted = next_individual.id_number
        for older in [ind for ind in self.all_individuals if not ind.server]:
            self._drop(older, waiting=True)
        super().accept(next_individual, completed)
        self.release_blocked_individual()

    def _drop(self, ind, waiting: bool) -> None:
        if waiting:
            self.individuals[ind.priority_class].remove(ind)
            self.number_of_individuals -= 1
        else:
            ind.arrival_date = self.now
        ind.exit_date = self.now
        ind.data_records.append(ciw.DataRecord(
            id_number=ind.id_number, customer_class=ind.customer_class,
            original_customer_class=ind.customer_class, node=self.id_number,
            arrival_date=ind.arrival_date, waiting_time=self.now - ind.arrival_date,
            service_start_date=math.nan, service_time=math.nan, service_end_date=math.nan,
            time_blocked=math.nan, exit_date=self.now, destination=-1,
            queue_size_at_arrival=self.number_of_individuals, queue_size_at_departure=math.nan,
            server_id=math.nan, record_type="renege"))  # Ciw only reports known record types
        self.simulation.nodes[-1].accept(ind, completed=False)


def build_network(times: dict[str, np.ndarray], frame_period: float, n_frames: int,
                  queue_capacity: int = 10) -> ciw.Network:
    """The four-node Ciw network of one video stream (see the module docstring)."""
    sink_times = np.asarray(times["dec"]) + np.asarray(times["pres"])
    return ciw.create_network(
        arrival_distributions=[FramePeriods(frame_period, n_frames), None, None, None],
        service_distributions=[PerFrameTimes(times["sl_src"]), PerFrameTimes(times["net"]),
                               PerFrameTimes(times["sl_dst"]), PerFrameTimes(sink_times)],
        number_of_servers=[1, math.inf, 1, 1],
        queue_capacities=[queue_capacity, math.inf, queue_capacity, queue_capacity],
        routing=[[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0]],
    )


def run_pipeline(times: dict[str, np.ndarray], *, frame_period: float, queue_capacity: int = 10,
                 sink_policy: str = "newest", seed: int = 0) -> pd.DataFrame:
    """Simulate every frame of ``times`` through the Ciw pipeline; one row per captured frame.

    Columns: ``frame`` (1, 2, ...), ``capture`` (ms), ``fate`` (``shown``, ``dropped`` at the
    sink, or ``rejected`` at a full capture queue), ``arrive_sink``, ``sink_start``, ``display``
    (end of presentation), ``e2e`` (display - capture), waits and service times per node,
    ``dec`` and ``pres`` (the drawn parts of the sink's service).

    Examples
    --------
    >>> t = deterministic_stage_times({"sl_src": 0.05, "net": 10.5, "sl_dst": 0.05, "dec": 19.5,
    ...                                "pres": 13.1}, 5)
    >>> df = run_pipeline(t, frame_period=40.0)
    >>> list(df["fate"]), round(float(df["e2e"].iloc[0]), 6)      # 0.05 + 10.5 + 0.05 + 19.5 + 13.1
    (['shown', 'shown', 'shown', 'shown', 'shown'], 43.2)
    """
    if sink_policy not in SINK_POLICIES:
        raise ValueError(f"sink_policy must be one of {SINK_POLICIES}, got {sink_policy!r}")
    n = len(times["net"])
    network = build_network(times, frame_period, n, queue_capacity)
    node_class = [ciw.Node, ciw.Node, ciw.Node, NewestFrameNode if sink_policy == "newest" else ciw.Node]
    # Long enough to drain every frame: n periods plus every service time back to back.
    horizon = (n + 2) * frame_period + sum(float(np.sum(v)) for v in times.values()) + 1.0
    records = simulate(network, max_time=horizon, warmup=0.0, seed=seed, node_class=node_class)
    return frame_table(records, times, frame_period)


def frame_table(records: pd.DataFrame, times: dict[str, np.ndarray], frame_period: float) -> pd.DataFrame:
    """Pivot Ciw records (one per frame and node) into one row per captured frame."""
    n = len(times["net"])
    df = pd.DataFrame({"frame": np.arange(1, n + 1), "capture": np.arange(1, n + 1) * frame_period})
    df["fate"] = "in flight"
    service = records[records["record_type"] == "service"]
    names = {1: "sl_src", 2: "net", 3: "sl_dst", 4: "sink"}
    for node, name in names.items():
        part = service[service["node"] == node].set_index("id_number")
        idx = df["frame"]
        df[f"{name}_arrive"] = idx.map(part["arrival_date"]).astype(float)
        df[f"{name}_wait"] = idx.map(part["waiting_time"]).astype(float)
        df[f"{name}_service"] = idx.map(part["service_time"]).astype(float)
        df[f"{name}_blocked"] = idx.map(part["time_blocked"]).astype(float)
        df[f"{name}_exit"] = idx.map(part["exit_date"]).astype(float)
    dropped = set(records.loc[records["record_type"] == "renege", "id_number"])
    rejected = set(records.loc[records["record_type"] == "rejection", "id_number"])
    df.loc[df["sink_exit"].notna(), "fate"] = "shown"
    df.loc[df["frame"].isin(dropped), "fate"] = "dropped"
    df.loc[df["frame"].isin(rejected), "fate"] = "rejected"
    df["arrive_sink"] = df["sink_arrive"]
    drop_rec = records[records["record_type"] == "renege"].set_index("id_number")
    df.loc[df["fate"] == "dropped", "arrive_sink"] = df["frame"].map(drop_rec["arrival_date"]).astype(float)
    df["sink_start"] = df["sink_arrive"] + df["sink_wait"]
    df["display"] = df["sink_exit"]
    df["e2e"] = df["display"] - df["capture"]
    df["dec"] = np.asarray(times["dec"], dtype=float)
    df["pres"] = np.asarray(times["pres"], dtype=float)
    df.loc[df["fate"] != "shown", ["dec", "pres"]] = np.nan
    return df
