"""Sharp & Todirica: one video stream of the Virtual Seminar Room as a Ciw pipeline.

The paper (seed 003) measures one video stream from capture at Lyngby, through the Stream
Layer and the network to Aarhus and back (Aarhus reflects), to display at Lyngby. Table 1
summarises four stages by min / max / mean / standard deviation; the end-to-end row is the
result. This module turns that into a queueing model:

========  ==============================  ===================================  ==========
node      what it stands for              service time                         queue
========  ==============================  ===================================  ==========
1 SL_src  Stream Layer, source side       Table 1 "Stream layer" row           10, blocking
2 NET     UDP/IP network (half the        Table 1 "Network transmission" row   none (a pure
          reflected round trip)                                                delay, c = inf)
3 SL_dst  Stream Layer, destination side  Table 1 "Stream layer" row (our      10, blocking
                                          assumption: not measured)
4 SINK    video sink thread t6: decode    "Video decoding" + "Video            newest frame
          then present (one thread)       presentation" rows, drawn apart      wins
========  ==============================  ===================================  ==========

Frames are captured every ``1000 / fps`` ms. The sink keeps only the newest waiting frame:
when a frame reaches the sink, any older frame still waiting is dropped, and a frame older
than one already accepted is dropped on arrival, so an older frame is never shown after a
newer one (Section 4.1 of the paper: "always present the newest buffer and throw away older
ones").

Stage times follow a *spiked shifted gamma* (our choice, labelled as an assumption): with
probability ``1 - p_spike`` the time is ``min + Gamma(shape, scale)``, otherwise it is a spike
drawn uniformly between the midpoint of mean and max and the max of Table 1. The gamma body is
solved so that the mixture has exactly Table 1's mean and standard deviation. Background CPU
load stretches the CPU-bound stages by ``(1 - 0.10) / (1 - load)``, since Table 1 was measured
with "other processes" using about 10 % of the CPU.

All times are in milliseconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import ciw
import numpy as np
import pandas as pd
from scipy import stats as sstats

from mmperf.params import ParameterError
from mmperf.queueing import simulate
from mmperf.stats import mean_ci

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
#: The CPU share of "other processes" while Table 1 was measured (paper, L201).
MEASURED_BACKGROUND_LOAD = 0.10
SINK_POLICIES = ("newest", "fifo")


# ----------------------------------------------------------------------------------------------
# Stage-time distributions fitted to Table 1
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StageStats:
    """Table 1 summary of one stage (ms)."""

    min: float
    max: float
    mean: float
    sd: float


@dataclass(frozen=True)
class SpikedGamma:
    """``shift + Gamma(shape, scale)`` with probability ``1 - p_spike``, else ``Uniform(spike_low, spike_high)``.

    Examples
    --------
    >>> d = SpikedGamma(shift=1.0, shape=4.0, scale=0.5, p_spike=0.0, spike_low=5.0, spike_high=6.0)
    >>> d.mean, d.sd
    (3.0, 1.0)
    """

    shift: float
    shape: float
    scale: float
    p_spike: float
    spike_low: float
    spike_high: float

    @property
    def mean(self) -> float:
        body = self.shift + self.shape * self.scale
        return (1 - self.p_spike) * body + self.p_spike * (self.spike_low + self.spike_high) / 2

    @property
    def sd(self) -> float:
        body_mean = self.shift + self.shape * self.scale
        body_m2 = self.shape * self.scale**2 + body_mean**2
        spike_m2 = (self.spike_high - self.spike_low) ** 2 / 12 + ((self.spike_low + self.spike_high) / 2) ** 2
        m2 = (1 - self.p_spike) * body_m2 + self.p_spike * spike_m2
        return math.sqrt(max(m2 - self.mean**2, 0.0))

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """Draw ``n`` stage times.

        Examples
        --------
        >>> d = SpikedGamma(0.0, 1.0, 1.0, 0.0, 1.0, 2.0)
        >>> d.sample(np.random.default_rng(0), 3).shape
        (3,)
        """
        body = self.shift + rng.gamma(self.shape, self.scale, n)
        if self.p_spike == 0:
            return body
        spikes = rng.random(n) < self.p_spike
        body[spikes] = rng.uniform(self.spike_low, self.spike_high, int(spikes.sum()))
        return body


def spike_range(s: StageStats) -> tuple[float, float]:
    """Where a spike lands: uniformly between the midpoint of mean and max, and the max (our choice).

    Examples
    --------
    >>> spike_range(StageStats(min=15.6, max=29.0, mean=19.5, sd=1.57))
    (24.25, 29.0)
    """
    return ((s.mean + s.max) / 2, s.max)


def fit_spiked_gamma(s: StageStats, p_spike: float) -> SpikedGamma:
    """Solve the gamma body so that the mixture has Table 1's mean and sd, with shift = Table 1's min.

    Raises
    ------
    ValueError
        if no body fits (the spike term alone would exceed the stated mean or variance).

    Examples
    --------
    >>> d = fit_spiked_gamma(StageStats(15.6, 29.0, 19.5, 1.57), p_spike=0.0)
    >>> round(d.shape, 2), round(d.scale, 3)        # method of moments: (mean - min)^2 / sd^2
    (6.17, 0.632)
    >>> d = fit_spiked_gamma(StageStats(15.6, 29.0, 19.5, 1.57), p_spike=1 / 1500)
    >>> round(d.mean, 9), round(d.sd, 9)
    (19.5, 1.57)
    """
    if not 0 <= p_spike < 1:
        raise ValueError(f"p_spike must be in [0, 1), got {p_spike!r}")
    lo, hi = spike_range(s)
    spike_mean = (lo + hi) / 2
    spike_m2 = (hi - lo) ** 2 / 12 + spike_mean**2
    body_mean = (s.mean - p_spike * spike_mean) / (1 - p_spike)
    body_m2 = (s.sd**2 + s.mean**2 - p_spike * spike_m2) / (1 - p_spike)
    body_var = body_m2 - body_mean**2
    excess = body_mean - s.min
    if excess <= 0 or body_var <= 0:
        raise ValueError(f"p_spike = {p_spike:g} leaves no gamma body with mean {s.mean} and sd {s.sd} "
                         f"above the minimum {s.min}")
    return SpikedGamma(s.min, excess**2 / body_var, body_var / excess, p_spike, lo, hi)


def max_feasible_p_spike(s: StageStats) -> float:
    """Largest spike weight for which :func:`fit_spiked_gamma` still finds a body (bisection).

    Examples
    --------
    >>> 0.001 < max_feasible_p_spike(StageStats(8.9, 20.1, 10.5, 0.96)) < 0.1
    True
    """
    lo, hi = 0.0, 0.999
    for _ in range(60):
        mid = (lo + hi) / 2
        try:
            fit_spiked_gamma(s, mid)
            lo = mid
        except ValueError:
            hi = mid
    return lo


def stage_stats(table1: pd.DataFrame) -> dict[str, StageStats]:
    """Table 1 (as loaded by :func:`mmperf.data.load_table`) keyed ``sl, dec, pres, net, e2e``."""
    by_stage = table1.set_index("stage")
    return {key: StageStats(*(float(by_stage.loc[row, c]) for c in ("min_ms", "max_ms", "avg_ms", "std_dev_ms")))
            for key, row in TABLE1_ROWS.items()}


def fit_stages(table1_stats: dict[str, StageStats], p_spike: float) -> dict[str, SpikedGamma]:
    """Fitted distributions of the four measured inputs ``sl, net, dec, pres``."""
    return {k: fit_spiked_gamma(table1_stats[k], p_spike) for k in ("sl", "net", "dec", "pres")}


def cpu_stretch(background_load: float, measured_load: float = MEASURED_BACKGROUND_LOAD) -> float:
    """Factor on CPU-bound stage times when other processes take ``background_load`` of the CPU.

    A fluid processor-sharing approximation (our assumption): a thread that gets ``1 - load``
    of the CPU runs ``1 / (1 - load)`` times slower, relative to the measured condition.

    Examples
    --------
    >>> cpu_stretch(0.10)
    1.0
    >>> round(cpu_stretch(0.55), 3)
    2.0
    """
    if not 0 <= background_load < 1:
        raise ValueError(f"background_load must be in [0, 1), got {background_load!r}")
    return (1 - measured_load) / (1 - background_load)


def sample_stage_times(dists: dict[str, SpikedGamma], n_frames: int, seed: int,
                       background_load: float = MEASURED_BACKGROUND_LOAD) -> dict[str, np.ndarray]:
    """Per-frame times of the five pipeline stages (one array of ``n_frames`` per stage).

    Examples
    --------
    >>> d = {k: SpikedGamma(1.0, 1.0, 1.0, 0.0, 2.0, 3.0) for k in ("sl", "net", "dec", "pres")}
    >>> sorted(sample_stage_times(d, 4, seed=1))
    ['dec', 'net', 'pres', 'sl_dst', 'sl_src']
    """
    rng = np.random.default_rng(seed)
    stretch = cpu_stretch(background_load)
    times = {}
    for stage, source in PIPELINE_STAGES.items():
        x = dists[source].sample(rng, n_frames)
        times[stage] = x * stretch if stage in CPU_STAGES else x
    return times


def deterministic_stage_times(means: dict[str, float], n_frames: int) -> dict[str, np.ndarray]:
    """Constant per-frame times (for exact checks), keyed like :func:`sample_stage_times`."""
    return {stage: np.full(n_frames, float(means[stage])) for stage in PIPELINE_STAGES}


# ----------------------------------------------------------------------------------------------
# The Ciw model
# ----------------------------------------------------------------------------------------------
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
    >>> list(df["fate"]), round(float(df["e2e"].iloc[0]), 6)
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


# ----------------------------------------------------------------------------------------------
# A fast recursion of the same model (for long loss runs), cross-checked against Ciw in tests
# ----------------------------------------------------------------------------------------------
def newest_frame_recursion(times: dict[str, np.ndarray], frame_period: float) -> pd.DataFrame:
    """The pipeline as a Lindley-type recursion, without the bounded queues.

    Exact for the Ciw model whenever no queue reaches its capacity (the Ciw runs report the
    largest queue seen). Returns ``frame``, ``capture``, ``arrive_sink``, ``sink_start``,
    ``display``, ``e2e`` and ``fate`` (``shown`` or ``dropped``).

    Examples
    --------
    >>> t = deterministic_stage_times({"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0,
    ...                                "pres": 0.0}, 4)
    >>> list(newest_frame_recursion(t, 20.0)["fate"])
    ['shown', 'dropped', 'shown', 'shown']
    """
    n = len(times["net"])
    capture = np.arange(1, n + 1) * frame_period
    sl_src_done = _fifo_single_server(capture, times["sl_src"])
    arrive_dst = sl_src_done + times["net"]
    order = np.argsort(arrive_dst, kind="stable")
    done_dst = np.empty(n)
    done_dst[order] = _fifo_single_server(arrive_dst[order], np.asarray(times["sl_dst"])[order])
    sink_service = np.asarray(times["dec"]) + np.asarray(times["pres"])
    start = np.full(n, np.nan)
    fate = np.full(n, "dropped", dtype=object)
    free_at, waiting, newest = 0.0, -1, -1
    for k in np.argsort(done_dst, kind="stable"):
        a = done_dst[k]
        if waiting >= 0 and free_at <= a:
            start[waiting], fate[waiting] = free_at, "shown"
            free_at, waiting = free_at + sink_service[waiting], -1
        if k < newest:
            continue
        newest = k
        if free_at <= a:
            start[k], fate[k] = a, "shown"
            free_at = a + sink_service[k]
        else:
            waiting = k  # any older waiting frame is superseded (stays "dropped")
    if waiting >= 0:
        start[waiting], fate[waiting] = free_at, "shown"
    display = start + sink_service
    return pd.DataFrame({"frame": np.arange(1, n + 1), "capture": capture, "arrive_sink": done_dst,
                         "sink_start": start, "display": display, "e2e": display - capture,
                         "fate": fate})


def _fifo_single_server(arrivals: np.ndarray, service: np.ndarray) -> np.ndarray:
    """Departure times of a FIFO single server (Lindley), arrivals in order."""
    done = np.empty(len(arrivals))
    free = -math.inf
    for i, (a, s) in enumerate(zip(arrivals, service, strict=True)):
        free = max(a, free) + s
        done[i] = free
    return done


# ----------------------------------------------------------------------------------------------
# Summaries of one run and of replications
# ----------------------------------------------------------------------------------------------
def summarise_run(frames: pd.DataFrame, frame_period: float, warmup_frames: int) -> dict[str, float]:
    """Per-run metrics on the frames captured after ``warmup_frames``.

    ``late_rate`` counts shown frames whose presentation ended after the next frame reached
    the sink (the paper's "failure to complete decoding before the arrival of the next frame").
    """
    f = frames[frames["frame"] > warmup_frames]
    shown = f[f["fate"] == "shown"]
    n = len(f)
    nxt = frames.set_index("frame")["arrive_sink"]
    next_arrival = shown["frame"].add(1).map(nxt)
    late = (shown["display"] > next_arrival).sum()
    span = n * frame_period
    sink_busy = (shown["display"] - shown["sink_start"]).sum()
    out = {
        "frames": float(n),
        "shown": float(len(shown)),
        "dropped": float((f["fate"] == "dropped").sum()),
        "rejected": float((f["fate"] == "rejected").sum()),
        "loss_rate": float((n - len(shown)) / n),
        "late_rate": float(late / n),
        "delivered_fps": float(len(shown) / span * 1000.0),
        "sink_utilisation": float(sink_busy / span),
        "e2e_mean": float(shown["e2e"].mean()),
        "e2e_sd": float(shown["e2e"].std(ddof=1)),
        "e2e_min": float(shown["e2e"].min()),
        "e2e_max": float(shown["e2e"].max()),
        "e2e_p99": float(shown["e2e"].quantile(0.99)),
    }
    if "sl_src_service" in f.columns:
        stage_cols = {"sl_src": shown["sl_src_service"], "net": shown["net_service"],
                      "sl_dst": shown["sl_dst_service"], "dec": shown["dec"], "pres": shown["pres"],
                      "wait": shown["sl_src_wait"] + shown["sl_src_blocked"] + shown["net_blocked"]
                      + shown["sl_dst_wait"] + shown["sl_dst_blocked"] + shown["sink_wait"]}
        for stage, x in stage_cols.items():
            out[f"{stage}_mean"] = float(x.mean())
            out[f"{stage}_sd"] = float(x.std(ddof=1))
            out[f"{stage}_min"] = float(x.min())
            out[f"{stage}_max"] = float(x.max())
        out["sink_wait_mean"] = float(shown["sink_wait"].mean())
        out["max_queue_sl_src"] = float(_max_queue(f, "sl_src"))
        out["max_queue_sl_dst"] = float(_max_queue(f, "sl_dst"))
    return out


def _max_queue(f: pd.DataFrame, node: str) -> int:
    """Largest number of frames waiting (not in service) at a single-server node."""
    arrive = f[f"{node}_arrive"].dropna().to_numpy()
    start = (f[f"{node}_arrive"] + f[f"{node}_wait"]).dropna().to_numpy()
    events = np.concatenate([np.column_stack([arrive, np.ones_like(arrive)]),
                             np.column_stack([start, -np.ones_like(start)])])
    events = events[np.lexsort((events[:, 1], events[:, 0]))]
    return int(np.max(np.cumsum(events[:, 1]), initial=0))


def replicate_pipeline(*, p_spike: float, frame_rate_fps: float, background_load: float,
                       queue_capacity: int, sink_policy: str, frames_per_replication: int,
                       warmup_frames: int, replications: int, seed: int,
                       table1_stats: dict[str, StageStats]) -> dict[str, object]:
    """Independent Ciw replications of the pipeline.

    Replication ``i`` draws its stage times with seed ``seed + i``. Returns ``runs`` (one row
    of :func:`summarise_run` metrics per replication), ``e2e`` (the end-to-end delay of every
    shown frame after warm-up, all replications) and ``frames0`` (replication 0, frame by frame).
    """
    period = 1000.0 / frame_rate_fps
    dists = fit_stages(table1_stats, p_spike)
    rows, e2e, first = [], [], None
    n = frames_per_replication + warmup_frames
    for i in range(replications):
        times = sample_stage_times(dists, n, seed + i, background_load)
        frames = run_pipeline(times, frame_period=period, queue_capacity=queue_capacity,
                              sink_policy=sink_policy, seed=seed + i)
        rows.append({"replication": i, **summarise_run(frames, period, warmup_frames)})
        kept = frames[(frames["frame"] > warmup_frames) & (frames["fate"] == "shown")]
        e2e.append(kept["e2e"].to_numpy())
        first = frames if first is None else first
    return {"runs": pd.DataFrame(rows), "e2e": np.concatenate(e2e), "frames0": first}


def long_run_loss(*, p_spike: float, frame_rate_fps: float, background_load: float, total_frames: int,
                  replications: int, seed: int, table1_stats: dict[str, StageStats]) -> pd.DataFrame:
    """Frame loss over many frames with the fast recursion; one row per replication.

    Columns ``frames``, ``dropped``, ``late``, ``loss_rate``, ``late_rate``, ``e2e_mean``.
    Seeds start at ``seed + 1000`` so they never reuse the Ciw replications' draws.
    """
    period = 1000.0 / frame_rate_fps
    dists = fit_stages(table1_stats, p_spike)
    per = total_frames // replications
    rows = []
    for i in range(replications):
        times = sample_stage_times(dists, per, seed + 1000 + i, background_load)
        f = newest_frame_recursion(times, period)
        shown = f[f["fate"] == "shown"]
        next_arrival = shown["frame"].add(1).map(f.set_index("frame")["arrive_sink"])
        late = int((shown["display"] > next_arrival).sum())
        dropped = int(per - len(shown))
        rows.append({"replication": i, "frames": per, "dropped": dropped, "late": late,
                     "loss_rate": dropped / per, "late_rate": late / per,
                     "e2e_mean": float(shown["e2e"].mean())})
    return pd.DataFrame(rows)


def loss_sweep(*, loads: list[float], p_spike: float, frame_rate_fps: float, frames: int, seed: int,
               table1_stats: dict[str, StageStats]) -> pd.DataFrame:
    """Loss and late-frame rates against background CPU load (fast recursion, one long run per load)."""
    rows = []
    for j, load in enumerate(loads):
        r = long_run_loss(p_spike=p_spike, frame_rate_fps=frame_rate_fps, background_load=load,
                          total_frames=frames, replications=5, seed=seed + 100 * j, table1_stats=table1_stats)
        d, m = int(r["dropped"].sum()), int(r["frames"].sum())
        lo, hi = clopper_pearson(d, m)
        rows.append({"background_load": load, "frames": m, "dropped": d, "loss_rate": d / m,
                     "loss_low": lo, "loss_high": hi, "late_rate": r["late"].sum() / m,
                     "e2e_mean": float(r["e2e_mean"].mean())})
    return pd.DataFrame(rows)


def policy_demo(*, p_spike: float, frame_rate_fps: float, background_load: float, queue_capacity: int,
                frames: int, seed: int, table1_stats: dict[str, StageStats]) -> dict[str, pd.DataFrame]:
    """The same frames through a newest-frame sink and a FIFO sink (Ciw), keyed by policy."""
    times = sample_stage_times(fit_stages(table1_stats, p_spike), frames, seed, background_load)
    return {policy: run_pipeline(times, frame_period=1000.0 / frame_rate_fps, queue_capacity=queue_capacity,
                                 sink_policy=policy, seed=seed) for policy in SINK_POLICIES}


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact binomial confidence interval for ``k`` events in ``n`` trials.

    Examples
    --------
    >>> lo, hi = clopper_pearson(0, 1500)
    >>> lo, round(hi, 5)                     # close to the rule of three, 3 / 1500 = 0.002
    (0.0, 0.00246)
    """
    alpha = 1 - level
    lo = 0.0 if k == 0 else float(sstats.beta.ppf(alpha / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(sstats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lo, hi


def summary_with_ci(runs: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Mean and t-based CI half-width of every metric column over replications."""
    rows = {c: dict(zip(("mean", "ci_half_width"), mean_ci(runs[c].to_numpy(), level), strict=True))
            for c in runs.columns if c != "replication"}
    return pd.DataFrame.from_dict(rows, orient="index")


# ----------------------------------------------------------------------------------------------
# Parameter checks
# ----------------------------------------------------------------------------------------------
def validate_parameters(values: dict) -> None:
    """Cross-parameter checks for the chapter (named in ``notebooks/sharp.yml``).

    Raises
    ------
    ParameterError
        if ``p_spike`` is too large for Table 1's moments, or the warm-up is not shorter than a
        replication.

    Examples
    --------
    >>> validate_parameters({"p_spike": 0.5, "warmup_frames": 10, "frames_per_replication": 1500})
    Traceback (most recent call last):
    ...
    mmperf.params.ParameterError: parameter 'p_spike' = 0.5 is not allowed: with Table 1's means and standard deviations the spike weight must stay below 0.0169 (Network transmission row).
    """
    from mmperf.data import load_table

    stats_ = stage_stats(load_table("sharp", "table1"))
    p = float(values.get("p_spike", 0.0))
    for key in ("net", "pres", "dec", "sl"):
        limit = max_feasible_p_spike(stats_[key])
        if p >= limit:
            raise ParameterError(
                f"parameter 'p_spike' = {p!r} is not allowed: with Table 1's means and standard deviations "
                f"the spike weight must stay below {limit:.3g} ({TABLE1_ROWS[key]} row).")
    warm, per = values.get("warmup_frames"), values.get("frames_per_replication")
    if warm is not None and per is not None and warm >= per:
        raise ParameterError(f"parameter 'warmup_frames' = {warm!r} is not allowed: it must be smaller than "
                             f"frames_per_replication = {per!r}.")


# ----------------------------------------------------------------------------------------------
# Derived arithmetic on the paper's numbers
# ----------------------------------------------------------------------------------------------
def ip_fragments(payload_bytes: float, mtu_bytes: float = 1500, ip_header: float = 20, udp_header: float = 8) -> int:
    """Ethernet frames needed for one UDP datagram of ``payload_bytes`` after IPv4 fragmentation.

    Examples
    --------
    >>> ip_fragments(16500)                  # 16508 bytes of UDP datagram, 1480 per fragment
    12
    >>> ip_fragments(1000)
    1
    """
    return math.ceil((payload_bytes + udp_header) / (mtu_bytes - ip_header))


def e2e_at_distance(e2e_ms: float, distance_km: float, base_km: float, delay_us_per_km: float) -> float:
    """One-way delay if the sites were ``distance_km`` apart instead of ``base_km`` (propagation only).

    Examples
    --------
    >>> e2e_at_distance(44.4, 1400, 400, 5)
    49.4
    """
    return e2e_ms + (distance_km - base_km) * delay_us_per_km / 1000.0


def distance_for_limit(e2e_ms: float, limit_ms: float, base_km: float, delay_us_per_km: float) -> float:
    """Site separation at which ``e2e_ms`` (measured at ``base_km``) reaches ``limit_ms``.

    Examples
    --------
    >>> distance_for_limit(44.4, 150, 400, 5)
    21520.0
    """
    return base_km + (limit_ms - e2e_ms) * 1000.0 / delay_us_per_km


# ----------------------------------------------------------------------------------------------
# Figures: schematics redrawn from the text, and results
# ----------------------------------------------------------------------------------------------
def _box(ax, x, y, w, h, text, fc="#eef3f8", ec="#335", fontsize=9, **kw):
    from matplotlib.patches import FancyBboxPatch

    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.08", fc=fc, ec=ec,
                                lw=1.2, **kw))
    if text:
        ax.text(x + w / 2, y + h / 2, text, ha="center", va="center", fontsize=fontsize)


def _arrow(ax, x0, y0, x1, y1, text="", color="#333", style="-|>", ls="-", fontsize=8, offset=(0, 0.12)):
    from matplotlib.patches import FancyArrowPatch

    ax.add_patch(FancyArrowPatch((x0, y0), (x1, y1), arrowstyle=style, mutation_scale=12, color=color,
                                 lw=1.3, linestyle=ls))
    if text:
        ax.text((x0 + x1) / 2 + offset[0], (y0 + y1) / 2 + offset[1], text, ha="center", va="bottom",
                fontsize=fontsize, color=color)


def _blank(ax, xlim, ylim):
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.axis("off")


def draw_site_layout():
    """Schematic after Figure 1: a typical VSR site, drawn from the description at seed line 35."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    _blank(ax, (0, 10), (0, 7))
    ax.add_patch(Rectangle((0.2, 0.2), 9.6, 6.6, fill=False, lw=2, ec="#555"))
    _box(ax, 2.5, 6.0, 5.0, 0.45, "large screen (remote sites' video)", fc="#dde8f3")
    _box(ax, 4.6, 5.35, 0.8, 0.45, "camera", fc="#fde9c9", fontsize=7)
    for x in (0.6, 8.6):
        _box(ax, x, 5.4, 0.8, 0.7, "loud-\nspeaker", fc="#e7f4ec", fontsize=7)
    _box(ax, 2.0, 1.8, 6.0, 1.6, "", fc="#f4efe6")
    ax.text(5.0, 3.2, "ordinary table", ha="center", fontsize=8, color="#666")
    _box(ax, 4.5, 2.4, 1.0, 0.5, "microphone\n(or array)", fc="#fde9c9", fontsize=6.5)
    _box(ax, 2.3, 2.0, 1.3, 0.6, "writing\ntablet", fc="#eee", fontsize=7)
    _box(ax, 6.4, 2.0, 1.3, 0.6, "keyboard", fc="#eee", fontsize=7)
    for x in (3.0, 5.0, 7.0):
        ax.add_patch(Circle((x, 1.2), 0.35, fc="#cfd8e3", ec="#335"))
    ax.text(5.0, 0.45, "participants", ha="center", fontsize=8)
    _box(ax, 8.6, 1.0, 1.0, 1.0, "standard\nPC", fc="#eef3f8", fontsize=7)
    ax.set_title("Schematic after Figure 1 (drawn from the text, seed line 35)", fontsize=10)
    return fig


def _socket(ax, x, y, kind, label="", r=0.22):
    """Our glyphs: a filled circle for an OutSocket, a hollow one for an InSocket."""
    from matplotlib.patches import Circle

    ax.add_patch(Circle((x, y), r, fc="#335" if kind == "out" else "white", ec="#335", lw=1.5, zorder=3))
    if label:
        ax.text(x, y - r - 0.12, label, ha="center", va="top", fontsize=7.5)


def draw_stream_concepts():
    """Schematics after Figures 2, 3 and 4: two sites, a connection, and a multicast connection."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(11, 3.6), gridspec_kw={"width_ratios": [2.2, 1, 1.2]})
    ax = axes[0]
    _blank(ax, (0, 10), (0, 5))
    for x0, site in ((0.2, "Site A"), (5.4, "Site B")):
        _box(ax, x0, 0.3, 4.4, 4.2, "", fc="#fafafa", ec="#999")
        ax.text(x0 + 2.2, 4.2, site, ha="center", fontsize=9, weight="bold")
    _box(ax, 0.6, 1.6, 1.6, 1.4, "video\ncomponent", fc="#dde8f3")
    _box(ax, 2.8, 1.6, 1.6, 1.4, "network\ncomponent", fc="#e7f4ec")
    _box(ax, 5.8, 1.6, 1.6, 1.4, "network\ncomponent", fc="#e7f4ec")
    _box(ax, 8.0, 1.6, 1.6, 1.4, "video\ncomponent", fc="#dde8f3")
    _arrow(ax, 2.2, 2.6, 2.8, 2.6)
    _arrow(ax, 2.8, 2.0, 2.2, 2.0)
    _arrow(ax, 4.4, 2.6, 5.8, 2.6, "UDP/IP")
    _arrow(ax, 5.8, 2.0, 4.4, 2.0)
    _arrow(ax, 7.4, 2.6, 8.0, 2.6)
    _arrow(ax, 8.0, 2.0, 7.4, 2.0)
    ax.set_title("after Fig. 2: two sites, four system components", fontsize=9.5)
    ax = axes[1]
    _blank(ax, (0, 4), (0, 3))
    _socket(ax, 0.8, 1.5, "out", "OutSocket")
    _socket(ax, 3.2, 1.5, "in", "InSocket")
    _arrow(ax, 1.05, 1.5, 2.95, 1.5, "connection")
    ax.set_title("after Fig. 3: a connection\n(glyphs are ours)", fontsize=9.5)
    ax = axes[2]
    _blank(ax, (0, 4), (0, 3.6))
    _socket(ax, 0.7, 1.8, "out", "OutSocket")
    for y in (0.6, 1.8, 3.0):
        _socket(ax, 3.2, y, "in")
        _arrow(ax, 0.95, 1.8, 2.95, y)
    ax.text(3.55, 1.8, "InSockets\n(3 drawn;\nnumber not\ngiven)", fontsize=7, va="center")
    ax.set_title("after Fig. 4: one stream,\nseveral destinations", fontsize=9.5)
    fig.tight_layout()
    return fig


def draw_backbone(stm4_mbps: float, fe_mbps: float, distance_km: float):
    """Schematic after Figure 6: only the nodes and links the text names (seed line 162)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.0, 3.8))
    _blank(ax, (0, 10), (0, 6))
    nodes = {"Aarhus": (2.0, 4.6), "Odense": (3.2, 1.6), "Lyngby (DTU)": (8.2, 2.4)}
    for name, (x, y) in nodes.items():
        _box(ax, x - 0.9, y - 0.35, 1.8, 0.7, name, fc="#dde8f3", fontsize=8.5)
    (ax_, ay), (ox, oy), (lx, ly) = nodes["Aarhus"], nodes["Odense"], nodes["Lyngby (DTU)"]
    ax.plot([lx - 0.9, ox + 0.9], [ly, oy], color="#0072B2", lw=2.5)
    ax.plot([ox, ax_], [oy + 0.35, ay - 0.35], color="#0072B2", lw=2.5, label=f"STM-4c, {stm4_mbps:g} Mbit/s")
    ax.plot([lx - 0.6, ax_ + 0.9], [ly + 0.35, ay], color="#D55E00", lw=2, ls="--",
            label=f"IP network, double {fe_mbps:g} Mbit/s Fast Ethernet")
    ax.text(5.6, 4.0, f"about {distance_km:g} km\n(paper)", fontsize=8, ha="center", color="#333")
    ax.legend(loc="lower center", fontsize=8, bbox_to_anchor=(0.5, -0.08))
    ax.set_title("Schematic after Figure 6: the links named in the text\n(other backbone nodes not given)",
                 fontsize=9.5)
    return fig


def draw_site_architecture(queue_capacity: int):
    """Schematic after Figure 7 (video half), with the Ciw node each part maps to."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    fig, ax = plt.subplots(figsize=(10.5, 4.6))
    _blank(ax, (0, 17), (-1.2, 6.2))
    _box(ax, 0.2, 0.8, 3.0, 4.6, "", fc="#f5f8fc", ec="#6a7f99")
    ax.text(1.7, 5.1, "C1 video component", ha="center", fontsize=9, weight="bold")
    _box(ax, 7.0, 0.8, 5.6, 4.6, "", fc="#f3faf5", ec="#6a9977")
    ax.text(9.8, 5.1, "C3 network component", ha="center", fontsize=9, weight="bold")
    sockets = {"s11": (2.6, 3.9, "out"), "s12": (2.6, 1.7, "in"), "s31": (7.6, 3.9, "in"),
               "n31": (12.0, 3.9, "out"), "n32": (12.0, 1.7, "in"), "s32": (7.6, 1.7, "out")}
    for name, (x, y, kind) in sockets.items():
        _socket(ax, x, y, kind, name)
    for x, y, name in ((4.0, 3.65, "c13"), (4.0, 1.45, "c31")):
        ax.add_patch(Rectangle((x, y), 2.2, 0.5, fc="white", ec="#333", hatch="////", lw=1))
        ax.text(x + 1.1, y + 0.65, f"{name}: queue of {queue_capacity}", ha="center", fontsize=7.5)
    _arrow(ax, 2.85, 3.9, 4.0, 3.9)
    _arrow(ax, 6.2, 3.9, 7.35, 3.9)
    _arrow(ax, 7.35, 1.7, 6.2, 1.7)
    _arrow(ax, 4.0, 1.7, 2.85, 1.7)
    _arrow(ax, 7.85, 3.9, 11.75, 3.9, "internal connection")
    _arrow(ax, 11.75, 1.7, 7.85, 1.7, "internal connection")
    _arrow(ax, 12.25, 3.9, 15.5, 3.9, "UDP to remote site")
    _arrow(ax, 15.5, 1.7, 12.25, 1.7, "UDP from remote site")
    ax.text(1.3, 1.7, "sink:\ndecode +\npresent", ha="center", va="center", fontsize=7.5)
    ax.text(1.3, 3.9, "source:\ncapture", ha="center", va="center", fontsize=7.5)
    ax.text(2.6, 1.0, "thread t6", ha="center", va="top", fontsize=7.5, color="#D55E00")
    ax.text(9.8, 2.8, "one thread per socket (yellow circles in the paper;\nthread numbers other than t6 are not given)",
            ha="center", fontsize=7, color="#555")
    spans = [("Ciw node 1: SL_src", 2.6, 12.0, 4.75, "#0072B2"), ("Ciw node 2: NET (c = inf)", 12.0, 16.5, 4.75, "#009E73"),
             ("Ciw node 3: SL_dst", 12.0, 4.0, 0.45, "#E69F00"), ("Ciw node 4: SINK, newest frame wins", 4.0, 0.3, 0.45,
                                                                   "#D55E00")]
    for text, x0, x1, y, colour in spans:
        ax.plot([x0, x1], [y, y], color=colour, lw=4, alpha=0.6, solid_capstyle="butt")
        ax.text((x0 + x1) / 2, y + (0.12 if y > 3 else -0.45), text, ha="center", fontsize=8, color=colour)
    ax.set_title("Schematic after Figure 7 (video stream only; audio component C2 omitted), "
                 "with our Ciw nodes", fontsize=10)
    return fig


FIG8_ROWS = ["audio_src", "audio_in", "video_src", "video_in", "t6_release", "net_burst"]
FIG8_LABELS = {"audio_src": "audio source", "audio_in": "audio in -> sink", "video_src": "video source",
               "video_in": "video in -> sink (t6)", "t6_release": "t6 releases resources",
               "net_burst": "network interrupt burst"}


def draw_trace(events: pd.DataFrame, sink_busy_ms: float, round_trip_ms: float, zoom: tuple[float, float]):
    """Figures 8 and 9 redrawn from the event times stated in the text (ms, assuming the unit is us).

    Bars: t6 busy from each "video in" event to the next "t6 release" event (read from the
    text); hatched where the start or end lies outside the window. The orange bars are the
    model's mean sink time and mean reflected round trip, drawn from each video-source event.
    """
    import matplotlib.pyplot as plt

    t = events.assign(ms=events["time_us"] / 1000.0)
    fig, axes = plt.subplots(2, 1, figsize=(9.0, 7.4), gridspec_kw={"height_ratios": [1.3, 1]})
    rows = FIG8_ROWS + ["t6_busy", "model"]
    labels = [FIG8_LABELS[r] for r in FIG8_ROWS] + ["t6 busy (from the events)", "model: mean times (ours)"]
    starts = sorted(t.loc[t["series"] == "video_in", "ms"])
    ends = sorted(t.loc[t["series"] == "t6_release", "ms"])
    video_src = sorted(t.loc[t["series"] == "video_src", "ms"])
    for ax, (lo, hi) in zip(axes, [(555.0, 640.0), zoom], strict=True):
        for i, r in enumerate(FIG8_ROWS):
            x = t.loc[t["series"] == r, "ms"]
            ax.plot(x, [i] * len(x), "x" if r == "net_burst" else "|", color="#009E73" if r == "net_burst" else "black",
                    ms=11, mew=2)
        y = rows.index("t6_busy")
        ax.barh(y, ends[0] - lo, left=lo, height=0.5, color="#CC79A7", alpha=0.4, hatch="//", edgecolor="#CC79A7")
        ax.barh(y, ends[1] - starts[0], left=starts[0], height=0.5, color="#CC79A7")
        ax.barh(y, hi - starts[1], left=starts[1], height=0.5, color="#CC79A7", alpha=0.4, hatch="//",
                edgecolor="#CC79A7")
        ax.text(starts[0] + (ends[1] - starts[0]) / 2, y, f"{ends[1] - starts[0]:.1f} ms", ha="center",
                va="center", fontsize=8, color="white", clip_on=True)
        y = rows.index("model")
        for v in video_src:
            ax.barh(y + 0.15, round_trip_ms, left=v, height=0.3, color="#56B4E9")
            ax.barh(y - 0.15, sink_busy_ms, left=v + round_trip_ms, height=0.3, color="#E69F00")
        ax.set_yticks(range(len(rows)), labels, fontsize=8)
        ax.set_xlim(lo, hi)
        ax.set_ylim(-0.6, len(rows) - 0.4)
        ax.invert_yaxis()
        ax.set_xlabel("time in the trace (ms; the text's units taken as microseconds)")
        ax.grid(axis="y", visible=False)
    axes[0].set_title("Figure 8 redrawn from the event times in the text (80 ms, two video frames)", fontsize=10)
    axes[1].set_title(f"Figure 9 stand-in: close-up of {zoom[0]:g}-{zoom[1]:g} ms (window chosen by us)",
                      fontsize=10)
    from matplotlib.patches import Patch

    axes[0].legend(handles=[Patch(color="#56B4E9", label=f"model: reflected round trip, {round_trip_ms:.1f} ms"),
                            Patch(color="#E69F00", label=f"model: sink decode + present, {sink_busy_ms:.1f} ms")],
                   loc="upper left", bbox_to_anchor=(0.0, -0.16), ncols=2, fontsize=8)
    fig.tight_layout()
    return fig


def plot_table1(paper: dict[str, StageStats], ours: pd.DataFrame):
    """Table 1 per stage: the paper's min, mean, max (hollow black) next to ours (filled).

    ``ours`` is indexed by Table 1 key with columns ``min, mean, max`` (averages over
    replications of the per-replication statistic).
    """
    import matplotlib.pyplot as plt

    from mmperf.plotting import paper_marker_style

    keys = ["sl", "net", "dec", "pres", "e2e"]
    fig, axes = plt.subplots(len(keys), 1, figsize=(7.0, 5.6))
    for ax, k in zip(axes, keys, strict=True):
        p, o = paper[k], ours.loc[k]
        style = paper_marker_style()
        ax.plot([p.min, p.max], [1, 1], color="black", lw=1)
        ax.plot([p.min, p.mean, p.max], [1, 1, 1], **style)
        ax.plot([o["min"], o["max"]], [0, 0], color="#0072B2", lw=1)
        ax.plot([o["min"], o["mean"], o["max"]], [0, 0, 0], "o", color="#0072B2", label="ours (Ciw)")
        ax.set_yticks([0, 1], ["ours", "paper"], fontsize=8)
        ax.set_ylim(-0.7, 1.7)
        ax.set_title(TABLE1_ROWS[k], fontsize=9, loc="left", pad=2)
        ax.grid(axis="y", visible=False)
        lo, hi = min(p.min, o["min"]), max(p.max, o["max"])
        ax.set_xlim(lo - 0.08 * (hi - lo), hi + 0.08 * (hi - lo))
    axes[-1].set_xlabel("time (ms): min, mean, max per 1500-frame sample")
    axes[0].legend(loc="upper right", fontsize=8, ncols=2)
    fig.tight_layout()
    return fig


def plot_e2e_distribution(e2e: np.ndarray, paper: StageStats):
    """Histogram of our simulated end-to-end delays with Table 1's end-to-end row overlaid."""
    import matplotlib.pyplot as plt

    from mmperf.plotting import paper_marker_style

    fig, ax = plt.subplots(figsize=(7.0, 3.8))
    ax.hist(e2e, bins=120, density=True, color="#0072B2", alpha=0.7, label="ours: simulated frames (Ciw)")
    top = ax.get_ylim()[1]
    style = paper_marker_style() | {"label": "paper: min, mean, max"}
    ax.plot([paper.min, paper.mean, paper.max], [top * 0.9] * 3, **style)
    ax.errorbar([paper.mean], [top * 0.8], xerr=[paper.sd], fmt="none", ecolor="black", capsize=4,
                label="paper: mean +- sd")
    ax.set_xlabel("end-to-end video delay (ms)")
    ax.set_ylabel("density (1/ms)")
    ax.set_yscale("log")
    ax.legend(fontsize=8)
    return fig


def plot_budget(stages_ours: dict[str, float], stages_paper: dict[str, float], limit_ms: float,
                e2e_mean: float, e2e_p99: float, base_km: float, delay_us_per_km: float, paper_e2e: float):
    """The latency budget: where the end-to-end delay goes, and how far the sites could be apart."""
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(8.0, 6.6), gridspec_kw={"height_ratios": [1, 1.3]})
    colours = {"stream layer (both sides)": "#56B4E9", "network: propagation over 400 km": "#009E73",
               "network: hosts, routers, reflector": "#8fd3b6", "queueing waits": "#F0E442",
               "video decoding": "#0072B2", "video presentation": "#E69F00", "not itemised in Table 1": "#bbbbbb",
               "margin to the limit": "white"}
    labelled = set()
    for y, parts in ((0, stages_ours), (1, stages_paper)):
        left = 0.0
        for name, v in parts.items():
            ax.barh(y, v, left=left, color=colours[name], edgecolor="#333" if name == "margin to the limit" else None,
                    hatch="..." if name == "margin to the limit" else None,
                    label=None if name in labelled else name)
            labelled.add(name)
            left += v
    ax.axvline(limit_ms, color="#D55E00", lw=2)
    ax.text(limit_ms, 1.45, f" limit {limit_ms:g} ms (external)", color="#D55E00", fontsize=8, va="bottom",
            ha="right")
    ax.set_yticks([0, 1], ["ours (Ciw)", "paper (Table 1)"])
    ax.set_xlabel("one-way delay (ms)")
    ax.set_ylim(-0.6, 1.9)
    ax.legend(fontsize=7, ncols=2, loc="upper center", bbox_to_anchor=(0.5, -0.28))
    ax.grid(axis="y", visible=False)
    far = distance_for_limit(e2e_mean, limit_ms, base_km, delay_us_per_km)
    d = np.linspace(0, max(far, distance_for_limit(e2e_p99, limit_ms, base_km, delay_us_per_km)) * 1.15, 200)
    ax2.plot(d, [e2e_at_distance(e2e_mean, x, base_km, delay_us_per_km) for x in d], label="ours: mean")
    ax2.plot(d, [e2e_at_distance(e2e_p99, x, base_km, delay_us_per_km) for x in d], ls="--",
             label="ours: 99th percentile")
    ax2.axhline(limit_ms, color="#D55E00", lw=2, label=f"interactive limit {limit_ms:g} ms (external)")
    from mmperf.plotting import paper_marker_style

    ax2.plot([base_km], [paper_e2e], **(paper_marker_style() | {"label": "paper: Table 1 mean at 400 km"}))
    ax2.axvline(base_km, color="#777", ls=":", lw=1.5)
    ax2.text(base_km, limit_ms * 0.15, f" measured: {base_km:g} km", fontsize=8, color="#555")
    ax2.plot([far], [limit_ms], "o", color="#0072B2")
    ax2.text(far, limit_ms * 1.04, f"{far:,.0f} km", ha="center", fontsize=8, color="#0072B2", va="bottom")
    ax2.set_xlabel(f"site separation (km), fibre at {delay_us_per_km:g} us/km (external)")
    ax2.set_ylabel("one-way video delay (ms)")
    ax2.set_ylim(0, limit_ms * 1.25)
    ax2.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def plot_loss_vs_load(sweep: pd.DataFrame, bound: float, measured_load: float, unresolved_upper: float):
    """Frame-loss and late-frame rates against background CPU load (fast recursion, Clopper-Pearson CIs)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.0, 4.2))
    seen = sweep[sweep["dropped"] > 0]
    none = sweep[sweep["dropped"] == 0]
    ax.errorbar(seen["background_load"], seen["loss_rate"],
                yerr=[seen["loss_rate"] - seen["loss_low"], seen["loss_high"] - seen["loss_rate"]],
                fmt="o-", capsize=3, label="ours: frames dropped by the newest-frame sink (95 % CI)")
    ax.plot(none["background_load"], none["loss_high"], "v", color="#0072B2", mfc="none",
            label="ours: no frame dropped; 95 % upper bound")
    ax.plot(sweep["background_load"], sweep["late_rate"], "s--", color="#E69F00",
            label="ours: finished after the next frame arrived (still shown)")
    ax.axhline(bound, color="black", lw=1.5, label="paper: loss < 1e-3")
    ax.axhline(unresolved_upper, color="#777", ls=":", label="best bound from 1500 frames with no loss")
    ax.axvline(measured_load, color="#777", lw=1)
    ax.text(measured_load, 2e-6, " load while Table 1\n was measured", fontsize=8, color="#555")
    ax.set_yscale("log")
    ax.set_ylim(1e-6, 3.0)
    ax.set_xlabel("CPU share of other processes (background load)")
    ax.set_ylabel("rate per captured frame")
    ax.legend(fontsize=7.5, loc="upper left")
    return fig


def plot_policy(newest: pd.DataFrame, fifo: pd.DataFrame, load: float):
    """End-to-end delay per frame under overload: newest-frame sink against a FIFO sink."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.0, 3.8))
    for df, name, colour in ((fifo, "FIFO sink", "#D55E00"), (newest, "newest-frame sink (paper)", "#0072B2")):
        shown = df[df["fate"] == "shown"]
        ax.plot(shown["capture"] / 1000, shown["e2e"], ".", ms=2.5, color=colour, label=name)
    ax.set_xlabel("capture time (s)")
    ax.set_ylabel("end-to-end delay of shown frames (ms)")
    ax.set_yscale("log")
    ax.set_title(f"Overload: background CPU load {load:g}", fontsize=10)
    ax.legend(fontsize=8, markerscale=4)
    return fig
