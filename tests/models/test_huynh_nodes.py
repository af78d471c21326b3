"""The custom Ciw nodes of the Huynh model: device tokens, Ciw's own loop vs ours, processor sharing."""

from __future__ import annotations

import math

import ciw
import numpy as np
import pytest

from mmstudies.huynh import model as M
from mmstudies.huynh import nodes
from mmstudies.huynh.config import Config
from mmstudies.huynh.nodes import FastSimulation, StepPSNode, demo_gate_run


def test_token_gate_serialises_two_requests_exactly():
    """Two requests at time 0 through gate -> 10 s device: the second waits for the first's token: 10, 20."""
    assert demo_gate_run() == [10.0, 20.0]


def _token_intervals(sim):
    """Per gate node: (grant time, release time) of every request, from the individuals' records."""
    intervals = {}
    for ind in (i for node in sim.nodes[1:] for i in node.all_individuals):
        for rec in ind.data_records:
            gate = sim.nodes[rec.node]
            if isinstance(gate, M.node_classes(["gate"])[0]):
                release = next(j for j, g in ind.token_release.items() if g is gate)
                if release < len(ind.data_records):
                    intervals.setdefault(rec.node, []).append((rec.exit_date, ind.data_records[release].exit_date))
    return intervals


@pytest.mark.parametrize("host", ["386", "486"])
def test_locate_never_has_two_outstanding_requests_per_device(host):
    sim = M.simulate(Config(host=host, frames=300, host_vc_kloc=50), seed=4)
    intervals = _token_intervals(sim)
    assert set(intervals) == {M.GATE_VIDEO, M.GATE_TR, M.GATE_DISK}
    for node, spans in intervals.items():
        spans.sort()
        assert len(spans) > 250
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert start >= end - 1e-12, f"two outstanding requests at {sim.nodes[node]}"
        assert sim.nodes[node].max_outstanding == 1
    # and requests did queue in the drivers (the rule was exercised, not vacuous)
    waits = [r.waiting_time for r in sim.get_all_records() if r.node == M.GATE_TR]
    assert max(waits) > 0


@pytest.mark.parametrize(("io_mode", "mixing"), [("locate", "distributed"), ("move", "centralized")])
def test_fast_simulation_and_lean_nodes_match_plain_ciw(io_mode, mixing):
    """Ciw's own event loop and node methods against our faster ones: the same records, field by field."""
    class Plain(ciw.Simulation):
        def __init__(self, *args, **kwargs):
            self.dirty, self.events = set(), 0
            super().__init__(*args, **kwargs)

    cfg = Config(frames=150, io_mode=io_mode, mixing=mixing)
    fast = M.simulate(cfg, seed=2)
    plain = M.simulate(cfg, seed=2, simulation_class=Plain, lean_nodes=False)
    assert not any(isinstance(n, nodes._LeanFCFSMixin) for n in plain.nodes)
    key = lambda r: (r.id_number, r.node, r.arrival_date)  # noqa: E731
    a = sorted(fast.get_all_records(), key=key)
    b = sorted(plain.get_all_records(), key=key)
    assert len(a) == len(b) > 1000
    assert a == b


def test_ps_node_matches_mm1_processor_sharing():
    """Poisson arrivals (2/s), exponential work (rate 4/s), processor sharing: mean sojourn 1/(mu - lambda) = 0.5 s.

    Power: 5 replications of 4000 s (about 7,700 customers each after a 100 s warm-up). The
    replication means scatter with a standard deviation of about 0.017 s (measured over ten
    seeds), so the mean of five has a standard error of about 0.0076 s. The band is +-4 %
    (+-0.02 s): a correct node fails it with probability about 1 % (2.6 standard errors). A 5 %
    error in the service rate moves the mean to 0.556 s (caught with probability about 1); a 5 %
    error in the arrival rate moves it to 0.526 s (caught with probability about 0.8).
    """
    lam, mu = 2.0, 4.0

    def route(ind, simulation):
        ind.token_release = {}
        return []

    sojourns = []
    for rep in range(5):
        network = ciw.create_network(arrival_distributions=[ciw.dists.Exponential(lam)],
                                     service_distributions=[ciw.dists.Exponential(mu)],
                                     number_of_servers=[math.inf], routing=ciw.routing.ProcessBased(route))
        ciw.seed(100 + rep)
        sim = FastSimulation(network, node_class=[StepPSNode])
        sim.simulate_until_max_time(4000)
        recs = [r for r in sim.get_all_records() if r.arrival_date > 100]
        sojourns.append(np.mean([r.exit_date - r.arrival_date for r in recs]))
    assert np.mean(sojourns) == pytest.approx(1 / (mu - lam), rel=0.04)
