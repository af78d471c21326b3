"""The open multi-chain queueing network of one participant's PC, on Ciw.

Service centres (node numbers of the Ciw network)::

    1 COMPRESS   i750 compression pipeline, one stage, deterministic
    2 DECOMPRESS i750 decompression pipeline, one stage, deterministic
    3 MIX        i750 mixing, 8.33 ms per composite frame (distributed mixing only)
    4 JOIN       mixing join: frames of one frame time wait for each other (custom node)
    5 HOST       host CPU, FCFS, one server
    6 MEM        memory controller, FCFS, one server (channel-initiated traffic only)
    7 MC         Micro Channel, processor sharing (unlimited sharing)
    8 VIDEO_ADP  video adapter's 80C186, FCFS (Move Mode: its delivery pipes are this queue)
    9 TR_ADP     token-ring adapter's 80C186, FCFS
   10 SCSI_ADP   SCSI-2 adapter's 80C186, FCFS
   11 DISK       SCSI disk, FCFS, exponential service
   12 RING       16 Mbit/s token ring, a pure delay (the paper: token waiting negligible)
   13-15 GATE_* OS device-driver queues + device tokens of video, token ring, disk (Locate)
   16 INIT      host work at stream start-up (Move Mode), a second host-CPU queue
   17 CODEC_LATENCY the rest of a codec stage's frame time after the i750's service, a pure
              delay (``pipeline_model = "frame_latency"`` only)

Routes follow the paper's narratives (section 3.1 Locate, 3.2 Move); the steps it leaves
open are assumptions listed in the chapter. Approximations, stated in the chapter too:

- **Memory controller.** One FIFO server carries the channel-side (DMA) traffic; the
  host-side FIFO of the dual-path controller (CPU instruction and control-block traffic)
  is not modelled, so the two queues never compete.
- **DMA.** A transfer visits the Micro Channel and then the memory controller in series
  (in the machine they overlap), so both times count in the delay.
- **Delivery pipes.** The paper has one pipe (FIFO) per source adapter in front of each
  destination adapter; the service order across pipes is not given, so the pipes into one
  80C186 are merged into that node's single FIFO queue.
- **Mixing join.** The frames of the incoming streams that belong to the same frame time
  are joined (:class:`~.nodes.JoinNode`); the composite frame is mixed once (8.33 ms) and
  decompressed once. Streams are matched by frame number, each stream has its own random
  phase.
- **Pipeline semantics** (``pipeline_model``, :func:`~.routes.codec_times`): ``frame_latency``
  (default: the i750 is busy its compute time, 16.66 ms / 8.33 ms, and the frame leaves the
  single-stage pipeline one frame time after it entered, the paper's 125 ms / 33.33 ms "without
  any queuing"), ``frame_time`` (the stage's server is busy the whole frame time: utilisation
  exactly 1, no steady state) or ``compute_time`` (the stage takes only the compute time).

Examples
--------
>>> from mmstudies.huynh.config import Config
>>> out = run_once(Config(frames=200, io_mode="move"), seed=1)
>>> out["conservation_ok"], out["util_host"] < 1e-3   # start-up code only
(1.0, True)
"""

from __future__ import annotations

import random
from collections import defaultdict
from math import inf

import ciw
import numpy as np

from .config import Config, check_config, paper_values
from .lean import Rec, Run, simulate_lean
from .nodes import FastSimulation, StepService, node_classes
from .routes import (  # noqa: F401  (re-exported: the model's public names)
    CATEGORIES,
    CODEC,
    CODEC_LATENCY,
    COMPRESS,
    DATA,
    DECOMPRESS,
    DISK,
    GATE_DISK,
    GATE_TR,
    GATE_VIDEO,
    HOST,
    INIT,
    JOIN,
    MC,
    MEM,
    MIX,
    MIXING,
    NETSW,
    NODE_KINDS,
    NODE_NAMES,
    NODE_SERVERS,
    OSQ,
    OUTSIDE,
    RING,
    SCSI_ADP,
    TR_ADP,
    VCSW,
    VIDEO_ADP,
    RouteBuilder,
    Timing,
    arrival_plan,
)


class Frames(ciw.dists.Distribution):
    """Deterministic interarrival ``period`` after a first arrival at ``phase``; ``count`` arrivals."""

    def __init__(self, phase: float, period: float, count: int):
        self.phase, self.period, self.count, self.n = phase, period, count, 0

    def sample(self, t=None, ind=None):
        self.n += 1
        if self.n > self.count:
            return inf
        return self.phase if self.n == 1 else self.period


def build_network(cfg: Config, rng: random.Random) -> tuple[ciw.Network, RouteBuilder]:
    """The Ciw network of one configuration (classes: out, in1.., ft, init)."""
    timing = Timing(cfg)
    plan = arrival_plan(cfg, rng, timing)
    builder = RouteBuilder(cfg, timing, rng)
    n = len(NODE_KINDS)
    classes = {c: [Frames(phase, period, count) if i == node else None for i in range(1, n + 1)]
               for c, (node, phase, period, count) in plan.items()}
    # Incoming classes in1, in2, ... all take the incoming chain (the builder's default branch).
    route = ciw.routing.ProcessBased(builder)
    network = ciw.create_network(
        arrival_distributions={c: a for c, a in classes.items()},
        service_distributions={c: [StepService() for _ in range(n)] for c in classes},
        number_of_servers=NODE_SERVERS,
        routing={c: route for c in classes},
    )
    return network, builder


def simulate(cfg: Config, seed: int, drain: float | None = None, simulation_class=FastSimulation,
             lean_nodes: bool = True):
    """Run one seeded replication and return the finished Ciw simulation.

    The run lasts the arrival window plus ``drain`` seconds (default: the data's
    ``drain_s``), so that every frame leaves. ``simulation_class=ciw.Simulation`` and
    ``lean_nodes=False`` run the same model on Ciw's own event loop and node methods.
    """
    check_config(cfg)
    v = paper_values()
    rng = random.Random(seed * 7919 + 17)
    network, _ = build_network(cfg, rng)
    ciw.seed(seed)
    sim = simulation_class(network, node_class=node_classes(NODE_KINDS, lean=lean_nodes))
    sim.simulate_until_max_time(cfg.duration + (v["drain_s"] if drain is None else drain))
    return sim


def ciw_run(sim) -> Run:
    """A finished Ciw simulation as the :class:`~.lean.Run` the summary reads.

    Each Ciw data record becomes the lean loop's (node, arrival, service start, service end);
    the model has no blocking, so a frame leaves a node when its service ends.
    """
    individuals = [ind for node in sim.nodes[1:] for ind in node.all_individuals]
    for ind in individuals:
        ind.data_records = [Rec(r.node, r.arrival_date, r.service_start_date, r.service_end_date)
                            for r in ind.data_records]
    finished = len(sim.nodes[-1].all_individuals)
    gates = (GATE_VIDEO, GATE_TR, GATE_DISK)
    return Run(individuals, sim.nodes[0].number_of_individuals, finished, len(individuals) - finished,
               max(sim.nodes[g].max_outstanding for g in gates), getattr(sim, "events", 0))


def simulate_run(cfg: Config, seed: int, engine: str = "lean") -> Run:
    """One seeded replication on the lean event loop (default) or on Ciw (``engine="ciw"``)."""
    if engine == "lean":
        return simulate_lean(cfg, seed)
    if engine == "ciw":
        return ciw_run(simulate(cfg, seed))
    raise ValueError(f"engine must be 'lean' or 'ciw', got {engine!r}")


def run_once(cfg: Config, seed: int, warmup_frames: int | None = None, engine: str = "lean") -> dict[str, float]:
    """One seeded replication: utilisations, mean delays, delay components, conservation.

    Utilisations are work over the arrival window (``cfg.duration``); delays are means over
    frames after the first ``warmup_frames`` of each stream. ``engine`` picks the lean event
    loop (:mod:`.lean`, default) or Ciw; both give the same records (a test compares them).
    """
    v = paper_values()
    warmup = int(v["warmup_frames"] if warmup_frames is None else warmup_frames)
    return summarise_run(simulate_run(cfg, seed, engine), cfg, warmup)


def summarise_run(run: Run, cfg: Config, warmup: int) -> dict[str, float]:
    """Reduce one finished simulation (a :class:`~.lean.Run`) to the chapter's metrics."""
    individuals = run.individuals
    arrived, finished, inside = run.arrived, run.finished, run.in_system
    out: dict[str, float] = {"arrived": arrived, "finished": finished, "in_system": inside,
                             "conservation_ok": float(arrived == finished + inside),
                             "events": run.events}
    # Utilisations: completed work over the arrival window.
    T = cfg.duration
    work = defaultdict(float)
    work_ft_host = host_busy = 0.0
    out_bytes = []
    for ind in individuals:
        cls = ind.customer_class
        if cls == "out":
            out_bytes.append(ind.nbytes)
        for rec, step in zip(ind.data_records, ind.steps, strict=False):   # completed visits only
            node = rec[0]
            work[node] += step.service if step.work is None else step.work
            if node == HOST:
                # busy time inside the arrival window (saturates at 1 when overloaded)
                start, end = rec[2], rec[3]
                host_busy += max(0.0, (end if end < T else T) - (start if start > 0.0 else 0.0))
                if cls == "ft":
                    work_ft_host += step.service
    out["util_host_busy"] = host_busy / T
    out["out_bit_rate_mbit_s"] = 8.0 * float(np.mean(out_bytes)) * cfg.frame_rate / 1e6 if out_bytes else 0.0
    for node, name in NODE_NAMES.items():
        out[f"util_{name}"] = work[node] / T
    out["util_host"] = (work[HOST] + work[INIT]) / T
    out["host_ft_share"] = work_ft_host / work[HOST] if work[HOST] > 0 else 0.0
    out["util_host_without_ft"] = (work[HOST] - work_ft_host) / T
    out["max_outstanding"] = run.max_outstanding
    out["decompress_service_mean"] = _stage_time(individuals, DECOMPRESS)
    out.update(_delays(individuals, cfg, warmup))
    return out


def _stage_time(individuals: list, node: int) -> float:
    """Mean time a frame spends in a codec stage without its queue: the i750's service at ``node`` plus
    the pure delay that follows it (``frame_latency``)."""
    times = []
    for ind in individuals:
        recs = ind.data_records
        for k, rec in enumerate(recs):
            if rec[0] == node:
                after = recs[k + 1] if k + 1 < len(recs) and recs[k + 1][0] == CODEC_LATENCY else None
                times.append(rec[3] - rec[2] + (after[3] - after[2] if after else 0.0))
    return float(np.mean(times)) if times else float("nan")


def _components(ind, lo: int, hi: int) -> dict[str, float]:
    comp = defaultdict(float)
    recs, steps = ind.data_records, ind.steps
    for k in range(lo, min(hi, len(recs) - 1) + 1):
        _node, arrival, start, end = recs[k]
        step = steps[k]
        comp[step.wait_category] += start - arrival     # waiting
        comp[step.category] += end - start              # service (no blocking in this network)
    return comp


def _delays(individuals: list, cfg: Config, warmup: int) -> dict[str, float]:
    """Mean compress/send, receive/decompress and file-transfer delays and their components."""
    sums = {kind: defaultdict(float) for kind in ("send", "recv", "ft")}
    counts = defaultdict(int)
    delays = defaultdict(list)
    composite = {}    # frame index -> (done time, components after the join)
    for ind in individuals:
        if ind.customer_class.startswith("in") and not ind.merged and len(ind.data_records) == len(ind.steps):
            j = next((k for k, s in enumerate(ind.steps) if s.node == JOIN), None)
            after = _components(ind, j + 1, len(ind.steps) - 1) if j is not None else {}
            composite[ind.frame_index] = (ind.data_records[-1][3], after)
    for ind in individuals:
        cls = ind.customer_class
        if cls == "init" or ind.frame_index < warmup:
            continue
        kind = "send" if cls == "out" else "ft" if cls == "ft" else "recv"
        lo, hi = ind.window
        if kind == "recv" and ind.merged:
            if ind.frame_index not in composite:
                continue
            done, after = composite[ind.frame_index]
            comp = _components(ind, lo, len(ind.data_records) - 1)
            for c, x in after.items():
                comp[c] += x
            delay = done - ind.data_records[lo][1]
        else:
            if len(ind.data_records) <= hi:
                continue            # still in the network at the end of the run
            comp = _components(ind, lo, hi)
            delay = ind.data_records[hi][3] - ind.data_records[lo][1]
        delays[kind].append(delay)
        counts[kind] += 1
        for c, x in comp.items():
            sums[kind][c] += x
    out = {}
    for kind in ("send", "recv", "ft"):
        n = counts[kind]
        out[f"delay_{kind}"] = float(np.mean(delays[kind])) if n else float("nan")
        out[f"delay_{kind}_max"] = float(np.max(delays[kind])) if n else float("nan")
        out[f"n_{kind}"] = n
        for c in CATEGORIES:
            out[f"comp_{kind}_{_slug(c)}"] = sums[kind][c] / n if n else float("nan")
    return out


def _slug(category: str) -> str:
    return category.replace("/", "_").replace(" ", "_")
