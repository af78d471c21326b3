"""Closed forms and the exact recursion of the Sharp & Todirica pipeline.

- the *spiked shifted gamma* stage-time family fitted to Table 1's min / mean / sd (max bounds
  the spikes);
- the background-load stretch of CPU-bound stages;
- :func:`pipeline_recursion`, the four-node pipeline as a Lindley-type recursion: the same frames
  give the same times as the Ciw model (:func:`mmstudies.sharp.model.run_pipeline`) whenever no
  bounded queue fills, which the recursion itself detects (``peaks``);
- arithmetic on the paper's numbers (IP fragments, distance budget, exact binomial bounds,
  sink saturation).

All times are in milliseconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as sstats

from .config import TABLE1_ROWS, StageStats, measured_background_load


# ----------------------------------------------------------------------------------------------
# Stage-time distributions fitted to Table 1
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SpikedGamma:
    """``shift + Gamma(shape, scale)`` with probability ``1 - p_spike``, else ``Uniform(spike_low, spike_high)``.

    Examples
    --------
    Mean and sd by hand: body mean 1 + 4 * 0.5 = 3, body variance 4 * 0.5^2 = 1.

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
    Without spikes this is the method of moments: shape = (mean - min)^2 / sd^2 = 3.9^2 / 1.57^2 = 6.17,
    scale = sd^2 / (mean - min) = 2.4649 / 3.9 = 0.632.

    >>> d = fit_spiked_gamma(StageStats(15.6, 29.0, 19.5, 1.57), p_spike=0.0)
    >>> round(d.shape, 2), round(d.scale, 3)
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

    ``notebooks/sharp.yml`` caps ``p_spike`` below the smallest of these over Table 1's rows.

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


def fit_stages(table1_stats: dict[str, StageStats], p_spike: float) -> dict[str, SpikedGamma]:
    """Fitted distributions of the four measured inputs ``sl, net, dec, pres``."""
    return {k: fit_spiked_gamma(table1_stats[k], p_spike) for k in ("sl", "net", "dec", "pres")}


def cpu_stretch(background_load: float, measured_load: float | None = None) -> float:
    """Factor on CPU-bound stage times when other processes take ``background_load`` of the CPU.

    A fluid processor-sharing approximation (our assumption): a thread that gets ``1 - load``
    of the CPU runs ``1 / (1 - load)`` times slower, relative to the measured condition
    (``measured_load``, by default the paper's value from the data).

    Examples
    --------
    >>> cpu_stretch(0.10)
    1.0
    >>> round(cpu_stretch(0.55), 3)            # 0.9 / 0.45
    2.0
    """
    if not 0 <= background_load < 1:
        raise ValueError(f"background_load must be in [0, 1), got {background_load!r}")
    ref = measured_background_load() if measured_load is None else measured_load
    return (1 - ref) / (1 - background_load)


def offered_sink_utilisation(sink_mean_ms: float, frame_period_ms: float, background_load: float,
                             measured_load: float | None = None) -> float:
    """Work offered to the sink thread per unit time: stretched mean sink time / frame period.

    At 1 or more the sink cannot keep up: a FIFO sink's delays grow without bound, a newest-frame
    sink drops frames.

    Examples
    --------
    >>> round(offered_sink_utilisation(32.6, 40.0, 0.10, 0.10), 3)     # Table 1: (19.5 + 13.1) / 40
    0.815
    >>> round(offered_sink_utilisation(32.6, 1000 / 60, 0.10, 0.10), 2)
    1.96
    """
    return sink_mean_ms * cpu_stretch(background_load, measured_load) / frame_period_ms


def saturation_load(sink_mean_ms: float, frame_period_ms: float, measured_load: float | None = None) -> float:
    """Background load at which the stretched mean sink time equals the frame period.

    Solves ``sink * (1 - ref) / (1 - L) = period``; a value at or below 0 means the sink is
    saturated even with no background load (the caller reports it as undefined, never as a load).

    Examples
    --------
    By hand at 25 frames/s: 1 - 0.9 * 32.6 / 40 = 0.2665.

    >>> round(saturation_load(32.6, 40.0, 0.10), 4)
    0.2665
    >>> saturation_load(32.6, 1000 / 60, 0.10) < 0
    True
    """
    ref = measured_background_load() if measured_load is None else measured_load
    return 1 - (1 - ref) * sink_mean_ms / frame_period_ms


# ----------------------------------------------------------------------------------------------
# The exact recursion of the pipeline
# ----------------------------------------------------------------------------------------------
def fifo_single_server(arrivals: np.ndarray, service: np.ndarray) -> np.ndarray:
    """Departure times of a FIFO single server (Lindley), arrivals in order.

    Examples
    --------
    By hand: arrivals 0, 1, 10 with service 3 each leave at 3, 6, 13.

    >>> fifo_single_server(np.array([0.0, 1.0, 10.0]), np.array([3.0, 3.0, 3.0])).tolist()
    [3.0, 6.0, 13.0]
    """
    done = np.empty(len(arrivals))
    free = -math.inf
    for i, (a, s) in enumerate(zip(arrivals.tolist(), np.asarray(service, dtype=float).tolist(), strict=True)):
        free = (a if a > free else free) + s
        done[i] = free
    return done


def _present_at_arrival(arrivals: np.ndarray, done: np.ndarray) -> np.ndarray:
    """Frames already at a FIFO single server when each frame arrives (arrivals in FIFO order).

    Departures leave in arrival order, so the count is ``i`` minus the earlier frames already gone.

    Examples
    --------
    >>> _present_at_arrival(np.array([0.0, 1.0, 10.0]), np.array([3.0, 6.0, 13.0])).tolist()
    [0, 1, 0]
    """
    idx = np.arange(len(arrivals))
    gone = np.searchsorted(done, arrivals, side="right")
    return idx - np.minimum(gone, idx)


def pipeline_recursion(times: dict[str, np.ndarray], frame_period: float,
                       sink_policy: str = "newest") -> tuple[pd.DataFrame, dict[str, int]]:
    """The pipeline as a Lindley-type recursion, without the bounded queues.

    Returns ``(frames, peaks)``: one row per captured frame with the same columns as the Ciw
    model's frame table (``fate``, ``display``, ``e2e``, per-node ``_arrive``, ``_wait``,
    ``_service``, ``_blocked``, ``_exit``), and, per single-server node, the largest number of
    frames a frame found there on arrival. Ciw refuses or blocks an arrival that finds
    ``capacity + 1`` frames, so the recursion equals the Ciw model frame by frame exactly when
    every peak is at most the queue capacity (:func:`exact_for_capacity`).

    Examples
    --------
    By hand: frames every 20 ms (captured at 20, 40, 60, 80), 1 ms network, sink 50 ms. Frame 1 is
    shown 21-71; frame 2 (at 41) waits and is superseded by frame 3 (at 61), shown 71-121; frame 4
    (at 81) waits and, with no newer frame, is shown 121-171. At frame 3's arrival the sink holds
    two frames (one in service, one waiting).

    >>> t = {k: np.full(4, v) for k, v in {"sl_src": 0.0, "net": 1.0, "sl_dst": 0.0, "dec": 50.0,
    ...                                      "pres": 0.0}.items()}
    >>> f, peaks = pipeline_recursion(t, 20.0)
    >>> list(f["fate"]), f["display"].tolist()[2:], peaks["sink"]
    (['shown', 'dropped', 'shown', 'shown'], [121.0, 171.0], 2)
    """
    if sink_policy not in ("newest", "fifo"):
        raise ValueError(f"sink_policy must be 'newest' or 'fifo', got {sink_policy!r}")
    n = len(times["net"])
    capture = np.arange(1, n + 1) * frame_period
    s_src = np.asarray(times["sl_src"], dtype=float)
    s_net = np.asarray(times["net"], dtype=float)
    s_dst = np.asarray(times["sl_dst"], dtype=float)
    sink_service = np.asarray(times["dec"], dtype=float) + np.asarray(times["pres"], dtype=float)

    src_done = fifo_single_server(capture, s_src)
    peaks = {"sl_src": int(_present_at_arrival(capture, src_done).max(initial=0))}
    net_exit = src_done + s_net
    order = np.argsort(net_exit, kind="stable")
    dst_done = np.empty(n)
    dst_done[order] = fifo_single_server(net_exit[order], s_dst[order])
    peaks["sl_dst"] = int(_present_at_arrival(net_exit[order], dst_done[order]).max(initial=0))

    start = np.full(n, np.nan)
    shown = np.zeros(n, dtype=bool)
    sink_order = np.argsort(dst_done, kind="stable")
    if sink_policy == "fifo":
        arr = dst_done[sink_order]
        done = fifo_single_server(arr, sink_service[sink_order])
        start[sink_order] = done - sink_service[sink_order]
        shown[:] = True
        peaks["sink"] = int(_present_at_arrival(arr, done).max(initial=0))
    else:
        free_at, waiting, newest, peak = -math.inf, -1, -1, 0
        for k in sink_order.tolist():
            a = dst_done[k]
            if waiting >= 0 and free_at <= a:
                start[waiting], shown[waiting] = free_at, True
                free_at, waiting = free_at + sink_service[waiting], -1
            present = int(free_at > a) + int(waiting >= 0)
            peak = max(peak, int(present))
            if k < newest:
                continue                      # older than a frame already accepted: dropped on arrival
            newest = k
            if free_at <= a:
                start[k], shown[k] = a, True
                free_at = a + sink_service[k]
            else:
                waiting = k                   # any older waiting frame is superseded (stays dropped)
        if waiting >= 0:
            start[waiting], shown[waiting] = free_at, True
        peaks["sink"] = peak
    display = np.where(shown, start + sink_service, np.nan)
    fate = np.where(shown, "shown", "dropped").astype(object)
    src_start = src_done - s_src
    dst_start = dst_done - s_dst
    frames = pd.DataFrame({
        "frame": np.arange(1, n + 1), "capture": capture, "fate": fate,
        "sl_src_arrive": capture, "sl_src_wait": np.maximum(src_start - capture, 0.0), "sl_src_service": s_src,
        "sl_src_blocked": 0.0, "sl_src_exit": src_done,
        "net_arrive": src_done, "net_wait": 0.0, "net_service": s_net, "net_blocked": 0.0, "net_exit": net_exit,
        "sl_dst_arrive": net_exit, "sl_dst_wait": np.maximum(dst_start - net_exit, 0.0), "sl_dst_service": s_dst,
        "sl_dst_blocked": 0.0, "sl_dst_exit": dst_done,
        "sink_arrive": np.where(shown, dst_done, np.nan), "sink_wait": np.where(shown, np.maximum(start - dst_done, 0.0), np.nan),
        "sink_service": np.where(shown, sink_service, np.nan), "sink_blocked": np.where(shown, 0.0, np.nan),
        "sink_exit": display,
    })
    frames["arrive_sink"] = dst_done
    frames["sink_start"] = start
    frames["display"] = display
    frames["e2e"] = display - capture
    frames["dec"] = np.where(shown, np.asarray(times["dec"], dtype=float), np.nan)
    frames["pres"] = np.where(shown, np.asarray(times["pres"], dtype=float), np.nan)
    return frames, peaks


def exact_for_capacity(peaks: dict[str, int], queue_capacity: int) -> bool:
    """True when no frame found a bounded queue full (the recursion then equals Ciw).

    Examples
    --------
    >>> exact_for_capacity({"sl_src": 0, "sl_dst": 1, "sink": 2}, 10), exact_for_capacity({"sink": 2}, 1)
    (True, False)
    """
    return all(v <= queue_capacity for v in peaks.values())


# ----------------------------------------------------------------------------------------------
# Arithmetic on the paper's numbers
# ----------------------------------------------------------------------------------------------
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


def frames_to_support(rate: float, bound: float, level: float = 0.95, n_max: int = 10_000_000) -> int:
    """Smallest sample size n at which the exact upper bound for ``round(rate * n)`` losses is below ``bound``.

    Found by bisection between 1 and ``n_max`` (returned when even ``n_max`` frames do not bring the bound
    below); the bisection stops within 0.1 % of the answer (exactly for answers below 2,000 frames).

    Examples
    --------
    With no loss the two-sided 95 % upper bound is 1 - 0.025^(1/n), below 0.001 once
    n > ln(40) / -ln(0.999) = 3687.3 frames (the "rule of three", 3 / n, is the one-sided version).

    >>> 3686 <= frames_to_support(0.0, 1e-3) <= 3692
    True
    """
    lo, hi = 1, n_max
    if clopper_pearson(round(rate * hi), hi, level)[1] >= bound:
        return n_max
    if clopper_pearson(round(rate), 1, level)[1] < bound:
        return 1                              # the bisection below only ever returns n > lo = 1
    while hi - lo > max(1, lo // 1000):
        mid = (lo + hi) // 2
        if clopper_pearson(round(rate * mid), mid, level)[1] < bound:
            hi = mid
        else:
            lo = mid
    return hi


def expected_max_normal(n: int) -> float:
    """Expected maximum of ``n`` independent standard normal draws (numerical integral).

    Examples
    --------
    >>> round(expected_max_normal(2), 4)     # 1 / sqrt(pi)
    0.5642
    """
    from scipy import integrate

    def integrand(x):
        return x * n * sstats.norm.pdf(x) * sstats.norm.cdf(x) ** (n - 1)

    return float(integrate.quad(integrand, -10, 10)[0])


def two_point_fit(s: StageStats) -> tuple[float, float, float]:
    """A two-valued distribution on ``{min, max}`` with Table 1's mean: (weight at max, mean, sd).

    Examples
    --------
    By hand for the Stream layer row (0.04, 0.13, mean 0.05): p = 0.01 / 0.09 = 0.111,
    sd = 0.09 * sqrt(p (1 - p)) = 0.0283.

    >>> [round(v, 4) for v in two_point_fit(StageStats(0.04, 0.13, 0.05, 0.03))]
    [0.1111, 0.05, 0.0283]
    """
    p = (s.mean - s.min) / (s.max - s.min)
    return p, s.min + p * (s.max - s.min), (s.max - s.min) * math.sqrt(p * (1 - p))


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

    A result at or below 0 means the limit is missed even with the sites side by side; the chapter
    reports that as undefined, never as a distance.

    Examples
    --------
    >>> distance_for_limit(44.4, 150, 400, 5)
    21520.0
    """
    return base_km + (limit_ms - e2e_ms) * 1000.0 / delay_us_per_km


def fits_table(table1_stats: dict[str, StageStats], p_spike: float) -> pd.DataFrame:
    """The fitted stage-time family of each Table 1 stage row, beside the row's own extremes.

    One row per stage (``sl, dec, pres, net``): the shift (the row's minimum), the gamma's shape and
    scale, the spike range, how many standard deviations the row's maximum lies above its mean, and
    the mixture's mean and sd (which equal the row's by construction).

    Examples
    --------
    Video decoding (min 15.6, max 29.0, mean 19.5, sd 1.57): its maximum lies (29.0 - 19.5) / 1.57 = 6.05
    standard deviations above its mean.

    >>> from mmperf.data import load_table
    >>> from mmstudies.sharp.config import stage_stats
    >>> t = fits_table(stage_stats(load_table("sharp", "table1")), 0.0).set_index("Table 1 row")
    >>> dec = t.loc["Video decoding"]
    >>> round(float(dec["max in sd above mean"]), 2), round(float(dec["mixture mean"]), 6)
    (6.05, 19.5)
    """
    dists = fit_stages(table1_stats, p_spike)
    return pd.DataFrame([{
        "Table 1 row": TABLE1_ROWS[k], "shift = min": d.shift, "gamma shape": d.shape,
        "gamma scale": d.scale, "spike range": f"{d.spike_low:.2f} to {d.spike_high:.2f}",
        "max in sd above mean": (table1_stats[k].max - table1_stats[k].mean) / table1_stats[k].sd,
        "mixture mean": d.mean, "mixture sd": d.sd} for k, d in dists.items()])
