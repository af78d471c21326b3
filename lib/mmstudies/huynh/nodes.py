"""Custom Ciw nodes for the Huynh & Khoshgoftaar model.

Ciw has no native way to hold a resource across several service centres, nor to join
frames of several streams. The paper's RESQ model needs both:

- :class:`TokenGateNode` - the operating system's device-driver queue of one device in
  Locate Mode together with the device's single *token* (the paper's RESQ tokens): a request
  leaves the driver queue only when the device has no outstanding request, and the token
  comes back only when a later step of the same request finishes (the adapter's last step:
  the DMA, or the ring transmission of a send, after which it reports I/O complete). So there is never more than one outstanding request per
  device, however many service centres the request visits in between.
- :class:`JoinNode` - the mixing join: the frames of the ``n`` incoming streams that belong to
  the same frame time wait here until all have arrived; the last one to arrive carries the
  composite frame on (to the mixing and decompression stages), the others leave the network.
- :class:`StepNode` / :class:`StepPSNode` - ordinary FCFS and processor-sharing nodes that
  hand back a token when a request's releasing step ends.
- :class:`FastSimulation` - a Ciw simulation that, after each event, refreshes only the
  nodes whose state changed (Ciw refreshes every node after every event; for this
  14-node network that was most of the run time).

Every individual carries ``ind.steps``: one :class:`Step` per node visit, the first node
included (service time, delay category), and ``ind.token_release``: ``{step index: gate}``,
the gate whose token comes back when that step ends.

Examples
--------
A token gate in front of a 10-second "device" step: two requests arriving together are
served one after the other, the second waits for the first's token.

>>> import ciw
>>> from mmstudies.huynh.nodes import demo_gate_run
>>> [round(t, 3) for t in demo_gate_run()]
[10.0, 20.0]
"""

from __future__ import annotations

from math import inf
from typing import NamedTuple

import ciw
from ciw.auxiliary import random_choice

_new_record = ciw.DataRecord._make


class Step(NamedTuple):
    """One visit of a frame to a node: its service time and the delay category it counts in.

    ``wait_category`` is the category of time spent waiting at the node (for example the
    delivery-pipe queue in front of an adapter counts as *data transfers*). A named tuple,
    not a dataclass: every frame builds a dozen of these, and tuples are cheap to create.
    """

    node: int
    service: float
    category: str
    wait_category: str
    work: float | None = None   # busy time for utilisation when it differs from the delay added

    @property
    def load(self) -> float:
        return self.service if self.work is None else self.work


class StepService(ciw.dists.Distribution):
    """Service time read from the individual's precomputed steps (the k-th visit uses step k)."""

    def sample(self, t=None, ind=None):
        return ind.steps[len(ind.data_records)].service


class _TokenReleaseMixin:
    """Hand back a device token when the individual's releasing step ends."""

    def release(self, next_individual, next_node, reroute=False):
        step_index = len(next_individual.data_records)
        super().release(next_individual, next_node, reroute)
        gate = next_individual.token_release.get(step_index)
        if gate is not None:
            gate.return_token(next_individual)
        self.simulation.dirty.add(self)

    def accept(self, next_individual, completed=False):
        super().accept(next_individual, completed)
        self.simulation.dirty.add(self)


class _LeanFCFSMixin:
    """Faster versions of Ciw's node methods for this model's FCFS, gate and join nodes.

    Valid because the model uses one priority class, FIFO, and no reneging, schedules,
    class changes, blocking or state tracking: the records are identical to those of Ciw's own
    methods (a test runs both, see ``node_classes(..., lean=False)``).
    """

    def accept(self, ind, completed=False):
        # Ciw's accept for one priority class, without the (no-op) state-tracker call
        ind.node = self.id_number
        ind.exit_date = False
        ind.is_blocked = False
        ind.original_class = ind.customer_class
        ind.queue_size_at_arrival = self.number_of_individuals
        self.individuals[0].append(ind)
        self.number_of_individuals += 1
        self.begin_service_if_possible_accept(ind)

    def write_individual_record(self, ind):
        # Ciw's record, built positionally (keyword construction of a 16-field tuple is slow)
        start, end = ind.service_start_date, ind.service_end_date
        ind.data_records.append(_new_record((
            ind.id_number, ind.previous_class, ind.original_class, self.id_number, ind.arrival_date,
            start - ind.arrival_date, start, end - start, end, ind.exit_date - end, ind.exit_date,
            ind.destination, ind.queue_size_at_arrival, ind.queue_size_at_departure,
            False if self.c == inf else ind.server.id_number, "service")))

    def choose_next_customer(self):
        for ind in self.individuals[0]:
            if not ind.server:
                return ind
        return None

    def update_next_event_date(self):
        best, who = inf, None
        if self.c == inf:
            now = self.simulation.current_time
            for ind in self.individuals[0]:
                d = ind.service_end_date
                if d is not False and d >= now and not ind.is_blocked:
                    if d < best:
                        best, who = d, [ind]
                    elif d == best and d != inf:
                        who.append(ind)
        else:
            for s in self.servers:
                d = s.next_end_service_date
                if d < best:
                    best, who = d, [s.cust]
                elif d == best and d != inf:
                    who.append(s.cust)
        self.next_event_date, self.next_individual, self.next_event_type = best, who, "end_service"

    # The three methods below are Ciw's finish_service / release / accept path with the
    # branches this model never takes removed (blocking, class changes, reneging, preemption,
    # schedules, deadlock detection, state tracking): the same events, fewer calls.
    def finish_service(self):
        who = self.next_individual
        ind = who[0] if len(who) == 1 else random_choice(who)
        next_node = self.simulation.routers[ind.customer_class].next_node(ind, self.id_number)
        ind.destination = next_node.id_number
        if self.c != inf:
            ind.server.next_end_service_date = inf
        self.release(ind, next_node)

    def release(self, ind, next_node, reroute=False):
        now = self.simulation.current_time
        self.individuals[0].remove(ind)
        self.number_of_individuals -= 1
        self.number_in_service -= 1
        ind.queue_size_at_departure = self.number_of_individuals
        ind.exit_date = now
        self.write_individual_record(ind)
        server = None
        if self.c != inf:
            server = ind.server
            server.cust, server.busy, ind.server = False, False, False
            server.busy_time += now - ind.service_start_date
            server.total_time = now - server.start_date
        self.reset_individual_attributes(ind)
        if server is not None:
            nxt = self.choose_next_customer()
            if nxt is not None:
                self._start(nxt, server, now)
        next_node.accept(ind)

    def begin_service_if_possible_accept(self, ind):
        now = self.simulation.current_time
        ind.arrival_date = now
        if self.c == inf:
            self._start(ind, None, now)
            return
        for server in self.servers:
            if not server.busy:
                self._start(self.choose_next_customer(), server, now)
                return

    def _start(self, ind, server, now):
        if server is not None:
            server.cust, server.busy, ind.server = ind, True, server
        ind.service_start_date = now
        # = StepService.sample: the service time precomputed for this visit
        ind.service_time = ind.steps[len(ind.data_records)].service
        ind.service_end_date = now + ind.service_time
        self.number_in_service += 1
        if server is not None:
            server.next_end_service_date = ind.service_end_date


class StepNode(_TokenReleaseMixin, _LeanFCFSMixin, ciw.Node):
    """FCFS node (one or more servers) that can hand back a token."""


class StepPSNode(_TokenReleaseMixin, ciw.PSNode):
    """Processor-sharing node (the Micro Channel) that can hand back a token."""


class _TokenGate:
    """A device-driver queue plus the device's single token (Locate Mode).

    Declare it with ``number_of_servers=float("inf")`` and a zero service time: the gate
    itself does no work; it only decides *when* a request may leave. A request that finds the
    token free leaves at once and takes the token; otherwise it waits, in arrival (FIFO)
    order, until :meth:`return_token` is called by the step that completes the outstanding
    request.

    Attributes
    ----------
    holder : int or None
        ``id_number`` of the individual holding the token.
    max_outstanding : int
        Largest number of outstanding requests ever seen on the device (must stay 1).
    outstanding : int
        Requests granted and not yet completed.
    """

    def __init__(self, id_, simulation):
        super().__init__(id_, simulation)
        self.holder = None
        self.outstanding = 0
        self.max_outstanding = 0
        self.grants = 0

    def begin_service_if_possible_accept(self, next_individual):
        next_individual.arrival_date = self.now
        next_individual.service_end_date = inf
        if self.holder is None:
            self._grant(next_individual)

    def _grant(self, ind):
        self.holder = ind.id_number
        self.outstanding += 1
        self.grants += 1
        self.max_outstanding = max(self.max_outstanding, self.outstanding)
        ind.service_start_date = self.now
        ind.service_time = 0.0
        ind.service_end_date = self.now
        self.number_in_service += 1
        self.simulation.dirty.add(self)

    def return_token(self, ind):
        """End the outstanding request of ``ind`` and grant the token to the next waiting one."""
        if self.holder != ind.id_number:
            raise RuntimeError(f"{self}: individual {ind.id_number} returns a token held by {self.holder}")
        self.holder = None
        self.outstanding -= 1
        for waiting in self.all_individuals:
            if waiting.service_end_date == inf:
                self._grant(waiting)
                break


class _Join:
    """The mixing join: frames of the same frame time wait for each other (infinite servers).

    ``ind.frame_index`` identifies the frame time and ``ind.join_group`` the number of frames
    that make a composite. The last frame to arrive leaves first and continues on its route;
    the others leave the network at the same instant (their data are already in VRAM).
    """

    def __init__(self, id_, simulation):
        super().__init__(id_, simulation)
        self.waiting: dict[int, list] = {}
        self.composites = 0

    def begin_service_if_possible_accept(self, next_individual):
        next_individual.arrival_date = self.now
        next_individual.service_end_date = inf
        group = self.waiting.setdefault(next_individual.frame_index, [])
        group.append(next_individual)
        if len(group) == next_individual.join_group:
            del self.waiting[next_individual.frame_index]
            self.composites += 1
            for ind in group:
                ind.service_start_date = self.now
                ind.service_time = 0.0
                ind.service_end_date = self.now
                self.number_in_service += 1
                if ind is not next_individual:
                    ind.route = []          # merged into the composite: leave the network
                    ind.merged = True
            self.simulation.dirty.add(self)


class TokenGateNode(_TokenGate, _TokenReleaseMixin, _LeanFCFSMixin, ciw.Node):
    """The Locate Mode device-driver queue and token (:class:`_TokenGate`) as a Ciw node."""


class JoinNode(_Join, _TokenReleaseMixin, _LeanFCFSMixin, ciw.Node):
    """The mixing join (:class:`_Join`) as a Ciw node."""


class FastSimulation(ciw.Simulation):
    """A Ciw simulation that refreshes only the nodes an event touched.

    Ciw's own loop calls ``update_next_event_date`` on every node after every event. The
    state of a node changes only when an individual is accepted or released there, or when a
    token or join grants service; those places add the node to ``self.dirty``. The result is
    the same sequence of events (a test compares it with plain Ciw), several times faster.
    The next node is found with a C-level ``min`` and the no-op state tracker is skipped;
    with the lean node methods of :class:`_LeanFCFSMixin` that cut the chapter's default sweep
    by about a fifth (``benchmarks/bench_huynh.py`` profiles where the time goes).
    """

    def __init__(self, *args, **kwargs):
        self.dirty = set()
        self.events = 0
        super().__init__(*args, **kwargs)

    def event_and_return_nextnode(self, next_active_node):
        next_active_node.have_event()
        self.events += 1
        if next_active_node is not self.nodes[0]:
            self.dirty.add(next_active_node)
        for node in self.dirty:
            node.update_next_event_date()
        self.dirty.clear()
        return self.find_next_active_node()

    def find_next_active_node(self):
        """Ciw's choice of the next node (ties broken by the same random draw), with C-level min."""
        nodes = self.active_nodes
        dates = [nd.next_event_date for nd in nodes]
        first = min(dates)
        if dates.count(first) > 1:
            return random_choice([nd for nd, d in zip(nodes, dates, strict=True) if d == first])
        return nodes[dates.index(first)]

    def simulate_until_max_time(self, max_simulation_time, progress_bar=False):
        """Ciw's loop without the per-event state-tracker timestamp.

        The default state tracker records nothing for this model (its state hash is constant);
        any other tracker, or a progress bar, falls back to Ciw's own loop.
        """
        if progress_bar or type(self.statetracker) is not ciw.trackers.StateTracker:
            return super().simulate_until_max_time(max_simulation_time, progress_bar)
        node = self.find_next_active_node()
        self.current_time = node.next_event_date
        while self.current_time < max_simulation_time:
            node = self.event_and_return_nextnode(node)
            self.current_time = node.next_event_date
        self.current_time = max_simulation_time
        self.wrap_up_servers(max_simulation_time)


def node_classes(kinds: list[str], lean: bool = True) -> list[type]:
    """Ciw node classes for a list of node kinds ('fcfs', 'ps', 'gate', 'join').

    ``lean=False`` gives the same nodes on Ciw's own accept/finish/release/record methods
    (without :class:`_LeanFCFSMixin`): slower, and the reference the lean ones are tested against.
    """
    table = {"fcfs": StepNode, "ps": StepPSNode, "gate": TokenGateNode, "join": JoinNode}
    return [table[k] if lean else _on_plain_ciw(table[k]) for k in kinds]


def _on_plain_ciw(cls: type) -> type:
    bases = tuple(b for b in cls.__bases__ if b is not _LeanFCFSMixin)
    return cls if bases == cls.__bases__ else type(f"Plain{cls.__name__}", bases, {})


def demo_gate_run() -> list[float]:
    """Two requests through gate -> 10 s device -> exit; return their exit times from the device."""

    class TwoAtZero(ciw.dists.Distribution):
        def __init__(self):
            self.n = 0

        def sample(self, t=None, ind=None):
            self.n += 1
            return 0.0 if self.n <= 2 else inf

    def route(ind, simulation):
        ind.steps = [Step(1, 0.0, "os queueing", "os queueing"), Step(2, 10.0, "device", "device")]
        ind.token_release = {1: simulation.nodes[1]}
        return [2]

    network = ciw.create_network(
        arrival_distributions=[TwoAtZero(), None],
        service_distributions=[StepService(), StepService()],
        number_of_servers=[inf, 1],
        routing=ciw.routing.ProcessBased(route),
    )
    ciw.seed(0)
    sim = FastSimulation(network, node_class=node_classes(["gate", "fcfs"]))
    sim.simulate_until_max_time(100)
    return sorted(r.exit_date for r in sim.get_all_records() if r.node == 2)
