"""The video-conferencing station of Huynh and Khoshgoftaar as a small queueing network, from the study's
transcribed inputs (``data/huynh/parameters.csv`` through :func:`mmperf.data.load_values`), and its
product-form solutions. Times are in milliseconds.

A video frame is compressed by the i750 (a fixed number of cycles: a deterministic stage), crosses the Micro
Channel and then the token ring; frame sizes are exponential with a mean of 8 kB (the paper's assumption), so
both transfer times are exponential. Background file-transfer requests (4 kB, fixed) share the channel and the
ring. This is a teaching reduction of the chapter huynh's model, not that model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import stats

from mmperf import queueing
from mmperf.data import load_values

STATIONS = ("i750 compression", "Micro Channel", "token ring")


@dataclass(frozen=True)
class StationTimes:
    """Mean service time of a video frame at each station (ms), and of a file-transfer request at the
    channel and the ring (ms)."""

    compress_ms: float
    channel_ms: float
    ring_ms: float
    ft_channel_ms: float
    ft_ring_ms: float

    @property
    def demands(self) -> tuple[float, float, float]:
        """A frame's service demand at each station, in the order of :data:`STATIONS`."""
        return (self.compress_ms, self.channel_ms, self.ring_ms)


def station_times(values: dict | None = None, host: str = "386") -> StationTimes:
    """Service times from Huynh's inputs: compression ``compress_ms``; a transfer of ``b`` bytes takes
    ``b / rate`` on the Micro Channel (13.33 MB/s on the 386 host, 40 MB/s on the 486; MB = 10^6 bytes, as
    4 bytes per 300 ns cycle give 13.33) and ``8 b / 16 Mbit/s`` on the ring; a kB is 1024 bytes.

    Examples
    --------
    8 kB = 8192 bytes: 8192 / 13.33e6 s = 0.6146 ms on the channel, 65,536 bit / 16e6 bit/s = 4.096 ms on the
    ring.

    >>> t = station_times()
    >>> round(t.compress_ms, 2), round(t.channel_ms, 4), round(t.ring_ms, 3), round(t.ft_ring_ms, 3)
    (16.66, 0.6146, 4.096, 2.048)
    """
    v = values if values is not None else load_values("huynh", "parameters")
    num = {k: float(x) for k, x in v.items()}
    kb = num["bytes_per_kb"]
    if host not in ("386", "486"):
        raise ValueError(f"host = {host!r} is not allowed: expected '386' or '486'")
    rate = num["mc_rate_386_mb_s"] if host == "386" else num["mc_rate_486_mb_s"]
    frame, ft = num["frame_kb_mean"] * kb, num["file_transfer_kb"] * kb
    channel = 1000.0 / (rate * 1e6)            # ms per byte
    ring = 1000.0 * 8 / (num["ring_mbit_s"] * 1e6)
    return StationTimes(num["compress_ms"], frame * channel, frame * ring, ft * channel, ft * ring)


def open_network(times: StationTimes, frame_rate: float, ft_rate: float) -> dict[str, float]:
    """Jackson's solution with every station M/M/1 and the two classes merged per station (arrival rates
    added, mean service time the rate-weighted mean): each station's utilisation and mean sojourn, and a video
    frame's mean delay through the three stations (ms). Rates are per second.

    Examples
    --------
    Without file transfers the line is a tandem of three M/M/1 stations (sojourns add):

    >>> t = StationTimes(10.0, 1.0, 4.0, 0.5, 2.0)
    >>> round(open_network(t, 50.0, 0.0)["video_delay_ms"], 6) == round(
    ...     queueing.tandem(0.05, [0.1, 1.0, 0.25]).W, 6)
    True
    """
    f, g = frame_rate / 1000.0, ft_rate / 1000.0   # per ms
    channel = (f * times.channel_ms + g * times.ft_channel_ms) / (f + g)
    ring = (f * times.ring_ms + g * times.ft_ring_ms) / (f + g)
    net = queueing.jackson([f, g, 0.0], [[0, 1, 0], [0, 0, 1], [0, 0, 0]],
                           [1 / times.compress_ms, 1 / channel, 1 / ring])
    wq = [s.Wq for s in net.stations]
    # a frame waits as the merged queue does and is then served for its own (frame-sized) time
    return {"video_delay_ms": sum(wq) + sum(times.demands), **{f"rho_{i}": s.rho for i, s in enumerate(net.stations)},
            **{f"wq_{i}": x for i, x in enumerate(wq)}}


def knee(demands: tuple[float, ...], think_ms: float) -> float:
    """The population ``N* = (D + Z) / D_max`` where the asymptotic bounds cross: below it the jobs barely
    meet, above it the bottleneck is saturated.

    Examples
    --------
    ``(16.66 + 0.6 + 4.0 + 33.34) / 16.66 = 54.6 / 16.66``:

    >>> round(knee((16.66, 0.6, 4.0), 33.34), 4)
    3.2773
    """
    return (sum(demands) + think_ms) / max(demands)


def replications_needed(relative_sd: float, relative_error: float = 0.05, alpha: float = 0.05,
                        power: float = 0.8) -> int:
    """Replications a two-sided test at ``alpha`` needs to detect ``relative_error`` with ``power``, when one
    replication has relative standard deviation ``relative_sd``: ``((z_{1-alpha/2} + z_power) s / delta)^2``.

    Examples
    --------
    >>> replications_needed(0.10)
    32
    """
    if not math.isfinite(relative_sd) or relative_sd <= 0:
        raise ValueError(f"relative_sd = {relative_sd!r} is not allowed: expected a finite number > 0")
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    return int(math.ceil((z * relative_sd / relative_error) ** 2 - 1e-9))
