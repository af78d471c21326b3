"""A lean event loop for the Huynh network: the same model as the Ciw one, without Ciw.

Ciw is a general simulator: every event passes through its node, router, server, record and
state-tracker machinery. This network needs little of it: single-server FCFS nodes, one pure
delay (the ring), one processor-sharing node (the Micro Channel), the token gates and the
mixing join, routes fixed at arrival. This module runs exactly that with a heap of events,
about five times faster per event than the Ciw model with :class:`~.nodes.FastSimulation`.

It is a re-implementation, so it is checked against Ciw: ``tests/models/test_huynh_lean.py``
runs both on the same configurations and seeds and requires every node visit of every frame
(node, arrival, service start, service end) to agree to 1e-9 s. The two agree because:

- the arrivals come from the same plan (:func:`~.model.arrival_plan`: same phases, the same
  cumulative sums as Ciw's arrival node, ties in Ciw's order: time, node, sorted class name),
  and the routes from the same :class:`~.model.RouteBuilder` drawing from the same seeded
  generator in the same order (the order of arrivals);
- a node visit starts when Ciw's would: FCFS in arrival order, the gate grants its token in
  arrival order when the previous holder's releasing step ends, the join releases a group when
  its last frame arrives, and the processor-sharing node updates every job's remaining work
  with Ciw's own arithmetic (``time_left -= elapsed / occupancy``; end = now + time_left x n);
- zero-time steps (gate, join) complete at the instant they are granted, as in Ciw.

Events at exactly the same instant at the same node are resolved in arrival order here and by
a random draw in Ciw; with continuous frame sizes they do not occur between different frames
(the test would show it).

Examples
--------
>>> from mmstudies.huynh.config import Config
>>> run = simulate_lean(Config(frames=200, io_mode="move"), seed=1)
>>> run.arrived == run.finished + run.in_system, run.max_outstanding
(True, 0)
"""

from __future__ import annotations

import gc
import random
from heapq import heapify, heappop, heappush
from itertools import count as counter
from typing import NamedTuple

from .config import Config, check_config, paper_values

__all__ = ["Rec", "Individual", "Run", "simulate_lean"]

FCFS1, DELAY, PS, GATE, JOIN = range(5)     # node kinds of the loop


class Rec(NamedTuple):
    """One completed node visit (the fields of Ciw's data record the model reads).

    The loop stores plain tuples in this order (cheaper to make); this class names the fields.
    """

    node: int
    arrival_date: float
    service_start_date: float
    service_end_date: float

    @property
    def waiting_time(self) -> float:
        return self.service_start_date - self.arrival_date

    @property
    def service_time(self) -> float:
        return self.service_end_date - self.service_start_date

    @property
    def time_blocked(self) -> float:
        return 0.0          # no blocking in this network: a frame leaves when its service ends

    @property
    def exit_date(self) -> float:
        return self.service_end_date


class Individual:
    """One frame (or file request, or start-up job) and its node visits."""

    __slots__ = ("id_number", "customer_class", "frame_index", "merged", "steps", "release", "window", "nbytes",
                 "join_group", "data_records", "k", "arr", "start", "done", "time_left", "last_update", "ps_end")

    def __init__(self, id_number: int, cls: str):
        self.id_number, self.customer_class = id_number, cls
        self.merged, self.data_records, self.k, self.done = False, [], 0, False
        self.nbytes, self.join_group = None, 0


class Run(NamedTuple):
    """What a finished simulation gives the summary (:func:`~.model.summarise_run`)."""

    individuals: list
    arrived: int
    finished: int
    in_system: int
    max_outstanding: int
    events: int


def _ps_end(job) -> float:
    return job.ps_end


def simulate_lean(cfg: Config, seed: int, drain: float | None = None) -> Run:
    """One seeded replication of the model on the lean event loop (see the module notes)."""
    from .routes import (
        GATE_DISK,
        GATE_TR,
        GATE_VIDEO,
        NODE_KINDS,
        NODE_SERVERS,
        RouteBuilder,
        Timing,
        arrival_plan,
    )

    check_config(cfg)
    v = paper_values()
    max_time = cfg.duration + (v["drain_s"] if drain is None else drain)
    rng = random.Random(seed * 7919 + 17)
    timing = Timing(cfg)
    plan = arrival_plan(cfg, rng, timing)
    builder = RouteBuilder(cfg, timing, rng)

    # Arrival times as Ciw's arrival node makes them: first the phase, then cumulative sums.
    arrivals = []
    for cls, (node, phase, period, count) in plan.items():
        t = phase
        for i in range(count):
            if i:
                t = t + period
            arrivals.append((t, node, cls))
    arrivals.sort()
    arrivals = [a for a in arrivals if a[0] < max_time]

    n_nodes = len(NODE_KINDS)
    codes = {"fcfs1": FCFS1, "delay": DELAY, "ps": PS, "gate": GATE, "join": JOIN}
    kind = [None] + [codes["fcfs1" if k == "fcfs" and s == 1 else "delay" if k == "fcfs" else k]
                     for k, s in zip(NODE_KINDS, NODE_SERVERS, strict=True)]
    busy = [False] * (n_nodes + 1)
    queue = [[] for _ in range(n_nodes + 1)]   # FCFS waiting lines (popped from the front: short lists)
    holder = {g: None for g in (GATE_VIDEO, GATE_TR, GATE_DISK)}
    gate_wait = {g: [] for g in holder}
    outstanding = dict.fromkeys(holder, 0)
    max_out = [0]
    join_wait: dict[int, list] = {}
    ps_jobs: list = []                   # jobs in service at the processor-sharing node
    ps_state = [0, 0.0, 0]               # last occupancy, (unused), version of the scheduled PS event
    heap: list = []
    seq = counter(1)                       # ties in time keep the order events were scheduled
    individuals: list = []
    finished = [0]

    def push(t, code, obj):
        heappush(heap, (t, next(seq), code, obj))

    def record(ind, end):
        ind.data_records.append((ind.steps[ind.k].node, ind.arr, ind.start, end))

    def ps_update(now, occupancy):
        last = ps_state[0]
        for job in ps_jobs:
            if last > 0:
                job.time_left -= (now - job.last_update) / last
            job.ps_end = now + job.time_left * max(occupancy, 1)
            job.last_update = now
        ps_state[0] = occupancy
        if ps_jobs:
            first = min(ps_jobs, key=_ps_end) if len(ps_jobs) > 1 else ps_jobs[0]
            ps_state[2] += 1
            push(first.ps_end, 2, ps_state[2])

    def enter(ind, t):
        step = ind.steps[ind.k]
        node = step.node
        ind.arr = t
        k = kind[node]
        if k == FCFS1:
            if busy[node]:
                queue[node].append(ind)
            else:
                busy[node] = True
                ind.start = t
                heappush(heap, (t + step.service, next(seq), 1, ind))
        elif k == DELAY:
            ind.start = t
            heappush(heap, (t + step.service, next(seq), 1, ind))
        elif k == PS:
            ind.start = t
            ind.time_left = step.service
            ind.last_update = t
            ps_jobs.append(ind)
            ps_update(t, len(ps_jobs))
        elif k == GATE:
            if holder[node] is None:
                grant(node, ind, t)
            else:
                gate_wait[node].append(ind)
        else:                            # join
            group = join_wait.setdefault(ind.frame_index, [])
            group.append(ind)
            if len(group) == ind.join_group:
                del join_wait[ind.frame_index]
                for other in group:
                    other.start = t
                    record(other, t)
                    if other is not ind:
                        other.merged = True
                        other.done = True
                        finished[0] += 1
                advance(ind, t)

    def grant(node, ind, t):
        holder[node] = ind
        outstanding[node] += 1
        if outstanding[node] > max_out[0]:
            max_out[0] = outstanding[node]
        ind.start = t
        record(ind, t)
        advance(ind, t)

    def advance(ind, t):
        ind.k += 1
        if ind.k == len(ind.steps):
            ind.done = True
            finished[0] += 1
        else:
            enter(ind, t)

    def finish(ind, t):
        k = ind.k
        node = ind.steps[k].node
        ind.data_records.append((node, ind.arr, ind.start, t))
        if kind[node] == FCFS1:
            line = queue[node]
            if line:
                nxt = line.pop(0)
                nxt.start = t
                heappush(heap, (t + nxt.steps[nxt.k].service, next(seq), 1, nxt))
            else:
                busy[node] = False
        gate = ind.release.get(k) if ind.release else None
        k += 1
        ind.k = k
        if k == len(ind.steps):
            ind.done = True
            finished[0] += 1
        else:
            enter(ind, t)
        if gate is not None:
            if holder[gate] is not ind:
                raise RuntimeError(f"gate {gate}: individual {ind.id_number} returns a token it does not hold")
            holder[gate] = None
            outstanding[gate] -= 1
            if gate_wait[gate]:
                grant(gate, gate_wait[gate].pop(0), t)

    # -- the event loop ------------------------------------------------------------------------
    for t, _node, cls in arrivals:
        heap.append((t, next(seq), 0, cls))
    heapify(heap)
    events = n_ind = 0
    # The loop makes ~10^5 small objects and frees none: Python's cyclic garbage collector would
    # walk them again and again; nothing here forms a cycle it needs to collect.
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        while heap:
            t, _, code, obj = heappop(heap)
            if t >= max_time:
                break
            events += 1
            if code == 1:
                finish(obj, t)
            elif code == 2:
                if obj != ps_state[2]:
                    events -= 1
                    continue             # superseded by a later change at the channel
                job = min(ps_jobs, key=_ps_end) if len(ps_jobs) > 1 else ps_jobs[0]
                ps_jobs.remove(job)
                finish(job, t)
                ps_update(t, len(ps_jobs))
            else:
                n_ind += 1
                ind = Individual(n_ind, obj)
                index, nbytes, steps, release, start, end = builder.route(obj)
                ind.frame_index, ind.nbytes, ind.steps, ind.window = index, nbytes, steps, (start, end)
                ind.release = release
                ind.join_group = cfg.n_incoming
                individuals.append(ind)
                enter(ind, t)
    finally:
        if gc_was_on:
            gc.enable()
    return Run(individuals, n_ind, finished[0], n_ind - finished[0], max_out[0], events)
