"""The closed station in Ciw against exact MVA: agreement where product form holds (exponential codec), a
gap where it fails (deterministic codec).

Power calculation. A pilot of 8 replications of 20 s at N = 4, Z = 33.3 ms (exponential codec) gave a
replication relative standard deviation of the throughput of 2.6 %. With 16 replications the standard error is
0.64 %; the test rejects when MVA lies outside the replications' 99 % t interval (t = 2.947 for 15 degrees of
freedom, +-1.9 %), a false-alarm rate of 1 %, and a 5 % error (7.8 standard errors) is detected with probability
P(Z > 2.947 - 7.8) > 0.999. The same interval for the deterministic codec must lie wholly above MVA: the chapter's
default run measured a gap of 7 % at this population, 3.6 times the half width.
"""

import warnings

import numpy as np
import pandas as pd
import pytest

from mmperf import queueing
from mmperf.stats import mean_ci
from mmstudies.foundations_networks import analytic, model

REPS, RUN_S, SEED = 16, 20.0, 20261126


def _throughput(deterministic: bool):
    runs = model.replicate(model.closed_run, REPS, SEED, times=analytic.station_times(), population=4,
                           think_ms=33.3, run_s=RUN_S, deterministic=deterministic)
    return mean_ci(np.asarray(runs["throughput"]), 0.99)


def test_mva_matches_ciw_where_product_form_holds():
    exact = 1000 * queueing.mva(list(analytic.station_times().demands), 4, think_time=33.3)[-1].throughput
    mean, half = _throughput(deterministic=False)
    assert abs(mean - exact) <= half, (mean, half, exact)


def test_a_deterministic_codec_beats_mva():
    exact = 1000 * queueing.mva(list(analytic.station_times().demands), 4, think_time=33.3)[-1].throughput
    mean, half = _throughput(deterministic=True)
    assert mean - half > exact, (mean, half, exact)


def test_one_frame_never_queues():
    """N = 1 with a deterministic codec: a lone frame never waits, so its response time is the sum of its
    service times, 16.66 ms plus exponential transfers of means 0.6146 and 4.096 ms; over 20 s (about 350 cycles)
    the mean transfer part is within 15 % of 4.71 ms (its standard error is about 4.1 / sqrt(350) = 0.22 ms)."""
    r = model.closed_run(analytic.station_times(), 1, 33.3, 20.0, seed=3)
    assert abs(r["response_ms"] - 16.66 - 4.7106) < 0.15 * 4.7106


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session): the networks each run builds, read from what it hands to queueing.simulate, and
# the reductions of its records, on records made by hand. Cheap and exact: no replication is needed.

TIMES = analytic.StationTimes(compress_ms=16.0, channel_ms=0.5, ring_ms=4.0, ft_channel_ms=0.25, ft_ring_ms=2.0)


def _capture(monkeypatch, records=None):
    """Replace queueing.simulate by one that records its arguments and returns ``records`` (or runs Ciw)."""
    seen = {}
    real = queueing.simulate

    def fake(network, **kwargs):
        seen.update(network=network, **kwargs)
        return records if records is not None else real(network, **kwargs)

    monkeypatch.setattr(queueing, "simulate", fake)
    return seen


def _routes(network, cls):
    return [r.probs[:-1] for r in network.customer_classes[cls].routing.routers]


def test_codec_is_deterministic_or_exponential_of_the_compression_time():
    assert model._codec(TIMES, True).sample() == 16.0
    exponential = model._codec(TIMES, False)
    assert (exponential.shape, exponential.scale) == (1.0, 16.0)


def test_open_run_builds_the_station_in_milliseconds(monkeypatch):
    """Frames at 30 /s are Poisson at 0.03 per ms into the i750; file requests at 5 /s at 0.005 per ms into the
    channel; both go i750 -> channel -> ring (file requests never visit the i750, they arrive at the channel);
    one server each; the run is run_s x 1000 ms with its first tenth as warm-up."""
    seen = _capture(monkeypatch)
    model.open_run(TIMES, 30.0, 5.0, run_s=2.0, seed=4, deterministic=False)
    net = seen["network"]
    video, ft = net.customer_classes["video"], net.customer_classes["ft"]
    assert video.arrival_distributions[0].rate == pytest.approx(0.03) and video.arrival_distributions[1:] == [None, None]
    assert ft.arrival_distributions[0] is None and ft.arrival_distributions[2] is None
    assert ft.arrival_distributions[1].rate == pytest.approx(0.005)
    assert video.service_distributions[0].mean == 16.0 and video.service_distributions[0].shape == 1.0
    assert [d.rate for d in video.service_distributions[1:]] == [2.0, 0.25]
    assert [d.value for d in ft.service_distributions] == [1.0, 0.25, 2.0]
    for cls in ("video", "ft"):
        assert _routes(net, cls) == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    assert [c.number_of_servers for c in net.service_centres] == [1, 1, 1]
    assert (seen["max_time"], seen["warmup"], seen["seed"]) == (2000.0, 200.0, 4)
    model.open_run(TIMES, 30.0, 0.5, run_s=1.0, seed=1)          # half a request per second: 0.0005 per ms
    assert seen["network"].customer_classes["ft"].arrival_distributions[1].rate == pytest.approx(0.0005)
    model.open_run(TIMES, 30.0, 0.0, run_s=1.0, seed=1)
    net = seen["network"]
    assert net.customer_classes["ft"].arrival_distributions == [None, None, None]   # no file requests
    assert net.customer_classes["video"].service_distributions[0].value == 16.0     # deterministic by default


def test_open_run_averages_frames_that_visited_all_three_stations(monkeypatch):
    """Frame 1 passed all three stations (1 + 2 + 3 = 6 ms), frame 2 only two (left out), frame 3 all three
    (2 + 3 + 4 = 9 ms); the file request's sojourn is no frame's: mean (6 + 9) / 2 = 7.5 ms."""
    records = pd.DataFrame({"customer_class": ["video"] * 3 + ["video"] * 2 + ["ft"] + ["video"] * 3,
                            "id_number": [1, 1, 1, 2, 2, 7, 3, 3, 3],
                            "sojourn": [1.0, 2.0, 3.0, 50.0, 50.0, 100.0, 2.0, 3.0, 4.0]})
    _capture(monkeypatch, records)
    assert model.open_run(TIMES, 30.0, 5.0, run_s=1.0, seed=1) == {"video_delay_ms": 7.5}


def test_closed_run_builds_the_cycle_and_reduces_its_records(monkeypatch):
    """population frames enter the think station (node 1, an infinite-server delay of mean think_ms) at 1e-9 ms
    and nothing else ever arrives; they cycle 1 -> 2 (i750) -> 3 (channel) -> 4 (ring) -> 1. Over a run of
    2 s with a 0.2 s warm-up (window 1.8 s), 3 ring completions give 3 / 1.8 frames/s, and the response is the
    sojourn at the three stations (nodes 2-4: 2 + 3 + 4 + 5 = 14 ms, the think node's 100 ms left out) per
    completion: 14 / 3 ms."""
    records = pd.DataFrame({"node": [1, 2, 3, 4, 4, 4, 1], "sojourn": [100.0, 2.0, 3.0, 4.0, 5.0, 0.0, 1.0]})
    seen = _capture(monkeypatch, records)
    out = model.closed_run(TIMES, 3, 30.0, run_s=2.0, seed=6, deterministic=False)
    assert out == {"throughput": pytest.approx(3 / 1.8, rel=1e-12), "response_ms": pytest.approx(14 / 3, rel=1e-12)}
    net = seen["network"]
    cls = net.customer_classes["Customer"]
    assert cls.arrival_distributions[0].sequence == [1e-9, 1e-9, 1e-9, 1e12]
    assert cls.arrival_distributions[1:] == [None, None, None]
    assert cls.service_distributions[0].rate == pytest.approx(1 / 30.0)
    assert (cls.service_distributions[1].mean, cls.service_distributions[1].shape) == (16.0, 1.0)
    assert [d.rate for d in cls.service_distributions[2:]] == [2.0, 0.25]
    assert _routes(net, "Customer") == [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0]]
    assert [c.number_of_servers for c in net.service_centres] == [float("inf"), 1, 1, 1]
    assert (seen["max_time"], seen["warmup"], seen["seed"]) == (2000.0, 200.0, 6)
    none_done = pd.DataFrame({"node": [1, 2], "sojourn": [5.0, 7.0]})   # no ring completion: divided by 1, not 0
    _capture(monkeypatch, none_done)
    assert model.closed_run(TIMES, 1, 30.0, run_s=1.0, seed=1) == {"throughput": 0.0, "response_ms": 7.0}


def test_closed_run_default_codec_is_deterministic(monkeypatch):
    seen = _capture(monkeypatch, pd.DataFrame({"node": [4], "sojourn": [1.0]}))
    model.closed_run(TIMES, 2, 30.0, run_s=1.0, seed=1)
    assert seen["network"].customer_classes["Customer"].service_distributions[1].value == 16.0


def test_replicate_passes_seeds_and_arguments_and_summary_by_hand():
    """Seeds seed, seed + 1, ...; summary of 1, 2, 3: mean 2, half width t(0.975, 2) x 1 / sqrt(3) = 4.302653 x
    0.577350 = 2.484138, relative sd 1 / 2; of 1 and 3: relative sd sqrt(2) / 2; one replication has none."""
    runs = model.replicate(lambda seed, a, b: {"seed": seed, "ab": a - b}, 3, 7, a=5, b=2)
    assert runs.to_dict("records") == [{"seed": 7, "ab": 3}, {"seed": 8, "ab": 3}, {"seed": 9, "ab": 3}]
    mean, half, rel = model.summary(pd.DataFrame({"x": [1.0, 2.0, 3.0], "y": [9.0, 9.0, 9.0]}), "x")
    assert (mean, rel) == (2.0, 0.5) and half == pytest.approx(2.484138, rel=1e-6)
    two = model.summary(pd.DataFrame({"x": [1.0, 3.0]}), "x")      # sd sqrt(2), mean 2
    assert two[2] == pytest.approx(2**0.5 / 2, rel=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                              # no numpy warning about 0 degrees of freedom
        assert np.isnan(model.summary(pd.DataFrame({"x": [4.0]}), "x")[2])
