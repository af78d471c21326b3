"""Ciw runs of the station with its real service distributions: a deterministic i750 stage, exponential
transfers of exponential frames, fixed-size file transfers sharing the channel and the ring first come, first
served. Times are in milliseconds."""

from __future__ import annotations

import ciw
import numpy as np
import pandas as pd

from mmperf import queueing
from mmstudies.foundations_networks.analytic import StationTimes


def _codec(times: StationTimes, deterministic: bool):
    return queueing.service_distribution(times.compress_ms, 0.0 if deterministic else 1.0)


def open_run(times: StationTimes, frame_rate: float, ft_rate: float, run_s: float, seed: int,
             deterministic: bool = True) -> dict[str, float]:
    """One run of the open station: video frames (Poisson at ``frame_rate`` per second) through the i750, the
    channel and the ring; file requests (Poisson at ``ft_rate``) through the channel and the ring. Returns
    the video frames' mean delay through the three stations (ms), over the run after its first tenth."""
    f, g = frame_rate / 1000.0, max(ft_rate, 1e-9) / 1000.0
    net = ciw.create_network(
        arrival_distributions={"video": [ciw.dists.Exponential(f), None, None],
                               "ft": [None, ciw.dists.Exponential(g) if ft_rate > 0 else None, None]},
        service_distributions={"video": [_codec(times, deterministic), ciw.dists.Exponential(1 / times.channel_ms),
                                         ciw.dists.Exponential(1 / times.ring_ms)],
                               "ft": [ciw.dists.Deterministic(1.0), ciw.dists.Deterministic(times.ft_channel_ms),
                                      ciw.dists.Deterministic(times.ft_ring_ms)]},
        routing={c: [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]] for c in ("video", "ft")},
        number_of_servers=[1, 1, 1])
    end = run_s * 1000.0
    records = queueing.simulate(net, max_time=end, warmup=end / 10, seed=seed)
    video = records[records["customer_class"] == "video"]
    per_frame = video.groupby("id_number")["sojourn"].agg(["sum", "count"])
    return {"video_delay_ms": float(per_frame.loc[per_frame["count"] == 3, "sum"].mean())}


def closed_run(times: StationTimes, population: int, think_ms: float, run_s: float, seed: int,
               deterministic: bool = True) -> dict[str, float]:
    """One run of the closed station: ``population`` frames circulate, each spending a think time (a delay
    station, exponential with mean ``think_ms``) before it is compressed and sent again. Returns throughput
    (frames per second) and response time (ms, the three queueing stations) after the first tenth."""
    end = run_s * 1000.0
    k = 4
    net = ciw.create_network(
        arrival_distributions=[ciw.dists.Sequential([1e-9] * int(population) + [1e12]), None, None, None],
        service_distributions=[ciw.dists.Exponential(1 / think_ms), _codec(times, deterministic),
                               ciw.dists.Exponential(1 / times.channel_ms), ciw.dists.Exponential(1 / times.ring_ms)],
        routing=[[1.0 if j == (i + 1) % k else 0.0 for j in range(k)] for i in range(k)],
        number_of_servers=[float("inf"), 1, 1, 1])
    records = queueing.simulate(net, max_time=end, warmup=end / 10, seed=seed)
    window_s = (end - end / 10) / 1000.0
    stations = records[records["node"] > 1]
    return {"throughput": float((records["node"] == 4).sum() / window_s),
            "response_ms": float(stations["sojourn"].sum() / max((records["node"] == 4).sum(), 1))}


def replicate(run, replications: int, seed: int, **kwargs) -> pd.DataFrame:
    """``replications`` runs of ``run`` with seeds ``seed, seed + 1, ...``, one row each.

    Examples
    --------
    >>> replicate(lambda seed, x: {"v": seed * x}, 2, 5, x=2.0)["v"].tolist()
    [10.0, 12.0]
    """
    return pd.DataFrame([run(seed=seed + i, **kwargs) for i in range(int(replications))])


def summary(runs: pd.DataFrame, column: str) -> tuple[float, float, float]:
    """Mean, 95 % half width and relative standard deviation of one column of the replications."""
    mean, half = queueing.mean_ci(runs[column].to_numpy())
    rel = float(np.std(runs[column].to_numpy(), ddof=1) / mean) if len(runs) > 1 else float("nan")
    return mean, half, rel
