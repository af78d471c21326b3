"""CBR, PCR-assisted CBR (PCBR) and dual-rate PCBR (PDCBR) as exact schedules (Hsieh 1997, Ch. 4).

Conventions (the thesis's Eqs. 4.2 and 4.6; study notes section 2.7)
--------------------------------------------------------------------
* Frame sizes ``S_1..S_N`` in **bytes**; cumulative ``A_n = S_1 + ... + S_n`` with ``A_0 = 0``
  (arrays ``A`` of length ``N + 1``).
* Time in **frame times** (``F = 1``); rates in **bytes per frame time**. The analysis is
  invariant under the frame rate, which only converts units (:func:`mbps`, :func:`mbytes`).
* Transmission starts at time 0. With a start-up delay of ``P`` frame times the decoder consumes
  frame ``n`` instantaneously at time ``n + P``.
* No starvation: the last byte of frame ``n`` is delivered by ``n + P`` (``D(n + P) >= A_n``).
  Client buffer: ``B(P) = max_n [D(n + P) - A_{n-1}]``, the occupancy just before each
  consumption, which is where the occupancy peaks.
* A PCR opens every ``m`` frames (``m = 1`` in the thesis: "a PCR occurs every 33.33 ms"); the data
  between two PCRs is a *unit* (``m`` frames). The PCR-assist counter starts with the first PCR at
  time 0, so unit ``g`` (1-based) is on schedule if it starts by ``(g - 1) m``.

Schemes
-------
* **CBR** (Eq. 4.2): ``R_CBR(P) = max_n A_n / (n + P)``; delivery ``D(t) = min(R t, A_N)``. The cap
  at the end of the file is our labelled assumption (the server cannot send past the file);
  Eq. 4.2 taken literally is ``D(t) = R t`` (``cap=False``).
* **PCBR** (Eqs. 4.4-4.6): rate ``R`` while data is sendable; a unit that would start before its
  PCR time is held until then ("go-and-stop"). Eq. 4.4 prints ``S-bar_i`` on both sides; the right
  side is read ``S-hat_i + S_i`` as the text's explanation says.
* **PDCBR** (Eqs. 4.7-4.8 and the 18-line algorithm): rate ``R_high`` for the first unit; when a
  unit finishes at ``v`` (the next PCR is observed), the next unit is sent at ``R_low`` if
  ``v < g m`` (ahead of schedule) and at ``R_high`` otherwise. The rate changes only at PCRs.
  ``R_low = 0`` is PCBR (the algorithm's lines 15-17).

Three implementations, equal on every scheme (the tests check it):

* :func:`reference_pcbr_eq44` and :func:`reference_dual_rate_algorithm` transcribe the thesis's
  recurrences and algorithm literally, frame interval by frame interval, in plain Python;
* :func:`pcbr_departures` is the PCBR queue's Lindley recursion in closed form (vectorised numpy);
* :func:`evaluate` runs a numba kernel over units that stops at the first starvation or as soon
  as the buffer exceeds a bound (used by the rate searches).

Examples
--------
>>> A = cumulative([3.0, 1.0, 1.0, 1.0])
>>> cbr_rate(A, 1)                  # max(3/2, 4/3, 5/4, 6/5)
1.5
>>> evaluate(A, r_high=1.5, r_low=0.0, P=1)
(0, 3.0, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit

#: Tolerance in frame times for "delivered in time" and for the ahead-of-schedule test. Both
#: implementations use it, so that rounding in the last bit cannot split them.
EPS = 1e-9
#: Bytes per MByte and bits per Mbit (seed-unstated; Chapter 3 of the thesis uses 2^20 and 10^6).
MBYTE = 2**20
MBIT = 1e6

OK, STARVED, OVER_BOUND = 0, 1, 2


# ----------------------------------------------------------------------------------------------
# Units and basic quantities
# ----------------------------------------------------------------------------------------------
def cumulative(sizes) -> np.ndarray:
    """``A`` with ``A[0] = 0`` and ``A[n] = S_1 + ... + S_n`` (float64).

    >>> cumulative([2, 3]).tolist()
    [0.0, 2.0, 5.0]
    """
    s = np.asarray(sizes, dtype=float)
    if s.ndim != 1 or s.size == 0:
        raise ValueError("a trace needs at least one frame")
    if not np.all(np.isfinite(s)) or np.any(s <= 0):
        raise ValueError("frame sizes must be finite and positive")
    return np.concatenate([[0.0], np.cumsum(s)])


def mbps(rate_bytes_per_frame: float, fps: float) -> float:
    """Bytes per frame time to Mbit/s (10^6 bit/s).

    >>> round(mbps(2000.0, 30.0), 6)
    0.48
    """
    return rate_bytes_per_frame * 8.0 * fps / MBIT


def mbytes(n_bytes: float) -> float:
    """Bytes to MBytes (2^20 bytes).

    >>> mbytes(3 * 2**20)
    3.0
    """
    return n_bytes / MBYTE


def unit_bounds(N: int, m: int) -> np.ndarray:
    """Frame index (0..N) at the end of each unit of ``m`` frames: ``[m, 2m, ..., N]``.

    >>> unit_bounds(5, 2).tolist()
    [2, 4, 5]
    """
    if m < 1:
        raise ValueError("the PCR interval must be at least one frame")
    return np.minimum(np.arange(1, math.ceil(N / m) + 1) * m, N)


# ----------------------------------------------------------------------------------------------
# CBR (Eq. 4.2)
# ----------------------------------------------------------------------------------------------
def cbr_rate(A: np.ndarray, P: float) -> float:
    """Minimum CBR rate for start-up delay ``P``: the largest slope ``A_n / (n + P)``.

    The thesis takes the slope to the convex hull of the consumption curve (Jarvis' march); the
    maximum over the curve's corner points is the same number.

    >>> cbr_rate(cumulative([1.0, 1.0, 4.0]), 0)
    2.0
    """
    n = np.arange(1, len(A))
    return float(np.max(A[1:] / (n + P)))


def cbr_rates(A: np.ndarray, Ps) -> np.ndarray:
    """:func:`cbr_rate` for several start-up delays at once."""
    n = np.arange(1, len(A))[:, None]
    return np.max(A[1:, None] / (n + np.asarray(Ps, dtype=float)[None, :]), axis=0)


def cbr_tangent_frame(A: np.ndarray, P: float) -> int:
    """The frame ``n`` (1-based) where the CBR line touches the consumption curve (point H)."""
    n = np.arange(1, len(A))
    return int(np.argmax(A[1:] / (n + P))) + 1


def cbr_gaps(A: np.ndarray, P: float, rate: float | None = None, cap: bool = True) -> np.ndarray:
    """``D(n + P) - A_{n-1}`` for ``n = 1..N`` under CBR (the buffer just before each consumption)."""
    r = cbr_rate(A, P) if rate is None else rate
    n = np.arange(1, len(A))
    d = r * (n + P)
    if cap:
        d = np.minimum(d, A[-1])
    return d - A[:-1]


def cbr_buffer(A: np.ndarray, P: float, rate: float | None = None, cap: bool = True) -> float:
    """Eq. 4.2: ``max_n [min(R (n + P), A_N) - A_{n-1}]`` (``cap=False``: without the minimum).

    >>> A = cumulative([4.0, 1.0, 1.0])   # R = 4: capped gaps 4, 2, 1; uncapped 4, 4, 7
    >>> cbr_buffer(A, 0), cbr_buffer(A, 0, cap=False)
    (4.0, 7.0)
    """
    return float(np.max(cbr_gaps(A, P, rate, cap)))


def cbr_b1_b2(A: np.ndarray, P: float, cap: bool = True) -> tuple[float, float, int]:
    """The thesis's Figure 4.2 decomposition: ``(b1, b2, H)``.

    ``b1`` is the largest gap at or before the tangent frame ``H``, ``b2`` the largest after it
    (``0`` if ``H`` is the last frame); the CBR buffer is ``max(b1, b2)``.
    """
    h = cbr_tangent_frame(A, P)
    gaps = cbr_gaps(A, P, cap=cap)
    b1 = float(np.max(gaps[:h]))
    b2 = float(np.max(gaps[h:])) if h < len(gaps) else 0.0
    return b1, b2, h


# ----------------------------------------------------------------------------------------------
# PCBR in closed form (the queue's Lindley recursion, vectorised)
# ----------------------------------------------------------------------------------------------
def pcbr_departures(A: np.ndarray, rate: float, m: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Start and finish times of every unit under PCBR at ``rate``.

    Unit ``g`` (0-based) is released at ``g m`` and served FIFO at ``rate``, so its finish is
    ``d_g = max(d_{g-1}, g m) + U_g / R``, i.e. ``d_g = C_g / R + max_{k<=g} (k m - C_{k-1} / R)``
    with ``C`` the cumulative unit sizes: a running maximum, computed without a Python loop.

    >>> s, d = pcbr_departures(cumulative([2.0, 1.0, 1.0]), rate=2.0)
    >>> s.tolist(), d.tolist()
    ([0.0, 1.0, 2.0], [1.0, 1.5, 2.5])
    """
    ends = unit_bounds(len(A) - 1, m)
    C = A[ends]
    Cprev = np.concatenate([[0.0], C[:-1]])
    release = np.arange(len(C), dtype=float) * m
    finish = C / rate + np.maximum.accumulate(release - Cprev / rate)
    start = finish - (C - Cprev) / rate
    return start, finish


def pcbr_lateness(A: np.ndarray, rate: float, m: int = 1) -> float:
    """``max_n (done_n - n)``: the smallest start-up delay without starvation under PCBR at ``rate``."""
    start, finish = pcbr_departures(A, rate, m)
    return float(np.max(frame_done(A, start, np.full(len(start), rate), m) - np.arange(1, len(A))))


def frame_done(A: np.ndarray, start: np.ndarray, rate: np.ndarray, m: int = 1) -> np.ndarray:
    """Delivery time of the last byte of every frame, from the units' start times and rates."""
    N = len(A) - 1
    g = (np.arange(1, N + 1) - 1) // m
    first = g * m                       # frame index before the unit's first frame
    return start[g] + (A[1:] - A[first]) / rate[g]


def delivered(A: np.ndarray, start: np.ndarray, rate: np.ndarray, t, m: int = 1) -> np.ndarray:
    """``D(t)``: bytes delivered by time ``t`` (vectorised over ``t``)."""
    t = np.atleast_1d(np.asarray(t, dtype=float))
    ends = unit_bounds(len(A) - 1, m)
    C = A[ends]
    Cprev = np.concatenate([[0.0], C[:-1]])
    g = np.searchsorted(start, t, side="right") - 1
    out = np.zeros_like(t)
    ok = g >= 0
    gg = g[ok]
    out[ok] = Cprev[gg] + np.minimum(rate[gg] * (t[ok] - start[gg]), C[gg] - Cprev[gg])
    return out


def buffer_from_schedule(A: np.ndarray, start: np.ndarray, rate: np.ndarray, P: float, m: int = 1) -> float:
    """``max_n [D(n + P) - A_{n-1}]`` for a schedule given by unit start times and rates."""
    n = np.arange(1, len(A))
    return float(np.max(delivered(A, start, rate, n + P, m) - A[:-1]))


# ----------------------------------------------------------------------------------------------
# The fast kernel: any dual-rate schedule (CBR, PCBR, PDCBR) with early exits
# ----------------------------------------------------------------------------------------------
@njit(cache=True)
def _kernel(A, m, r_high, r_low, P, bound, eps, out_start, out_rate, record):  # pragma: no cover - compiled
    N = A.shape[0] - 1
    G = (N + m - 1) // m
    t = 0.0
    n = 1
    best = -np.inf
    late_max = -np.inf
    for g in range(G):
        j0 = g * m + 1
        j1 = min((g + 1) * m, N)
        if g == 0:
            start = 0.0
            rate = r_high
        elif t < g * m - eps:            # the unit before finished ahead of its PCR time
            if r_low == 0.0:             # PCBR: hold until the counter reaches the PCR
                start = float(g * m)
                rate = r_high
            else:
                start = t
                rate = r_low
        else:
            start = t
            rate = r_high
        u_prev = A[j0 - 1]
        finish = start + (A[j1] - u_prev) / rate
        if record:
            out_start[g] = start
            out_rate[g] = rate
        while n <= N and n + P < finish:
            c = n + P
            if c < start:
                d = u_prev
            else:
                d = u_prev + rate * (c - start)
            b = d - A[n - 1]
            if b > best:
                best = b
                if best > bound:
                    return 2, best, late_max
            n += 1
        for j in range(j0, j1 + 1):
            late = start + (A[j] - u_prev) / rate - j
            if late > late_max:
                late_max = late
                if late > P + eps:
                    return 1, best, late_max
        t = finish
    if n <= N:
        b = A[N] - A[n - 1]
        if b > best:
            best = b
    if best > bound:
        return 2, best, late_max
    return 0, best, late_max


_EMPTY = np.zeros(0)


def evaluate(A: np.ndarray, r_high: float, r_low: float, P: float, m: int = 1,
             bound: float = math.inf) -> tuple[int, float, float]:
    """Run one dual-rate schedule; ``(status, buffer, lateness)``.

    ``status`` is 0 (no starvation, buffer <= bound), 1 (starved: stopped at the first frame
    delivered after ``n + P``) or 2 (stopped as soon as the buffer exceeded ``bound``). With status
    0, ``buffer`` is ``B(P)`` and ``lateness`` is ``max_n (done_n - n)``; otherwise both are the
    values up to the stop. ``r_low = 0`` is PCBR; ``r_low = r_high`` is CBR at that rate (with the
    end-of-file cap).

    >>> A = cumulative([2.0, 1.0, 1.0])
    >>> evaluate(A, 2.0, 0.0, P=0)   # PCBR at 2: frames done at 1, 1.5, 2.5 (frame 3 held to 2)
    (0, 2.0, 0.0)
    >>> evaluate(A, 1.0, 0.0, P=0)   # at 1 frame 1 is done at 2 > 1: starved, stop at once
    (1, 1.0, 1.0)
    """
    return _kernel(A, int(m), float(r_high), float(r_low), float(P), float(bound), EPS, _EMPTY, _EMPTY, False)


@dataclass(frozen=True)
class Schedule:
    """A full schedule: unit start times, rates and finish times; frame delivery times."""

    start: np.ndarray
    rate: np.ndarray
    finish: np.ndarray
    done: np.ndarray
    m: int

    @property
    def lateness(self) -> float:
        """Smallest start-up delay (frame times) without starvation; may be negative."""
        return float(np.max(self.done - np.arange(1, len(self.done) + 1)))

    def delivered(self, A: np.ndarray, t) -> np.ndarray:
        return delivered(A, self.start, self.rate, t, self.m)

    def buffer(self, A: np.ndarray, P: float) -> float:
        return buffer_from_schedule(A, self.start, self.rate, P, self.m)


def schedule(A: np.ndarray, r_high: float, r_low: float, m: int = 1) -> Schedule:
    """The complete dual-rate schedule (no early exit); independent of the start-up delay.

    >>> s = schedule(cumulative([2.0, 1.0, 1.0]), 2.0, 1.0)   # frame 2 done at 1.5 < 2: ahead -> low
    >>> s.start.tolist(), s.rate.tolist(), s.finish.tolist()
    ([0.0, 1.0, 1.5], [2.0, 2.0, 1.0], [1.0, 1.5, 2.5])
    """
    N = len(A) - 1
    G = math.ceil(N / m)
    start, rate = np.empty(G), np.empty(G)
    _kernel(A, int(m), float(r_high), float(r_low), math.inf, math.inf, EPS, start, rate, True)
    ends = unit_bounds(N, m)
    finish = start + (A[ends] - A[np.concatenate([[0], ends[:-1]])]) / rate
    return Schedule(start, rate, finish, frame_done(A, start, rate, m), m)


# ----------------------------------------------------------------------------------------------
# Searches: Section 4.6 (minimum rates for a start-up delay)
# ----------------------------------------------------------------------------------------------
def grid_rate(base: float, step: float, k: int) -> float:
    """The ``k``-th rate of a grid ``base x (1 + step k)`` (one formula for every implementation)."""
    return base * (1.0 + step * k)


def pcbr_min_rate(A: np.ndarray, P: float, step: float = 0.01, m: int = 1,
                  r_cbr: float | None = None) -> tuple[float, int]:
    """Section 4.6's PCBR search: the smallest ``R_CBR (1 + step k)``, ``k = 0, 1, ...``, without starvation.

    PCBR's delivery times fall as the rate rises (every unit's finish is a maximum of terms
    ``c / R``), so feasibility is monotone in ``k``: an exponential search followed by bisection
    returns the same ``k`` as the thesis's linear search. Returns ``(rate, k)``.

    >>> A = cumulative([3.0, 1.0, 1.0, 1.0])
    >>> pcbr_min_rate(A, 1, step=0.01)     # R_CBR = 1.5 is already feasible
    (1.5, 0)
    """
    base = cbr_rate(A, P) if r_cbr is None else r_cbr

    def feasible(k: int) -> bool:      # the kernel stops at the first starved frame
        return _kernel(A, int(m), grid_rate(base, step, k), 0.0, float(P), math.inf, EPS, _EMPTY, _EMPTY,
                       False)[0] == OK

    if feasible(0):
        return base, 0
    hi = 1
    while not feasible(hi):
        hi *= 2
        if hi > 10**7:
            raise RuntimeError("PCBR rate search did not converge")
    lo = hi // 2          # infeasible (or 0, which is infeasible)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if feasible(mid):
            hi = mid
        else:
            lo = mid
    return grid_rate(base, step, hi), hi


@dataclass(frozen=True)
class PdcbrChoice:
    """The Section 4.6 PDCBR choice: least buffer over the grid (``None`` fields if none feasible)."""

    r_high: float
    r_low: float
    buffer: float
    i_high: int
    i_low: int


def pdcbr_grid(high_values: int = 20, high_step: float = 0.01, low_step: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """The thesis's grids: ``R_H = {1.00, 1.01, ..., 1.19} x R_CBR`` and ``R_L = {0.05, ..., 0.95} x R_high``.

    >>> h, lo = pdcbr_grid()
    >>> len(h), round(float(h[-1]), 2), len(lo), round(float(lo[0]), 2), round(float(lo[-1]), 2)
    (20, 1.19, 19, 0.05, 0.95)
    """
    highs = 1.0 + high_step * np.arange(high_values)
    n_low = int(round(1.0 / low_step)) - 1
    lows = low_step * np.arange(1, n_low + 1)
    return highs, lows


def pdcbr_least_buffer(A: np.ndarray, P: float, r_cbr: float, highs, lows, m: int = 1) -> PdcbrChoice | None:
    """Every ``(R_high, R_low)`` of the grid; the feasible pair with the least buffer.

    Ties keep the first pair in scan order (``R_high`` ascending, then ``R_low`` ascending); the
    thesis states no tie rule. Branch and bound: a candidate is abandoned as soon as its buffer
    exceeds the best so far (it could not win), or at its first starvation.
    """
    best = math.inf
    choice = None
    for i, h in enumerate(highs):
        rh = r_cbr * float(h)
        for j, lo in enumerate(lows):
            rl = rh * float(lo)
            status, buf, _ = _kernel(A, int(m), rh, rl, float(P), best, EPS, _EMPTY, _EMPTY, False)
            if status == OK and buf < best:
                best = buf
                choice = PdcbrChoice(rh, rl, buf, i, j)
    return choice


def compare_schemes(A: np.ndarray, Ps, *, m: int = 1, pcbr_step: float = 0.01, highs=None, lows=None,
                    cap: bool = True) -> list[dict]:
    """Section 4.6 for one trace: per start-up delay, CBR, PCBR and PDCBR rates and buffers (bytes, frame times).

    ``highs`` and ``lows`` are the PDCBR grid's multipliers (:func:`pdcbr_grid`); the thesis's grid for either
    one not given.
    """
    grid_highs, grid_lows = pdcbr_grid()      # the thesis's grid for whichever is not given
    highs = grid_highs if highs is None else highs
    lows = grid_lows if lows is None else lows
    rows = []
    for P, r_cbr in zip(Ps, cbr_rates(A, Ps), strict=True):
        P = float(P)
        r_pcbr, k = pcbr_min_rate(A, P, pcbr_step, m, r_cbr=float(r_cbr))
        _, b_pcbr, _ = evaluate(A, r_pcbr, 0.0, P, m)
        pd = pdcbr_least_buffer(A, P, float(r_cbr), highs, lows, m)
        b1, b2, h = cbr_b1_b2(A, P, cap)
        rows.append({"P": P, "r_cbr": float(r_cbr), "b_cbr": cbr_buffer(A, P, float(r_cbr), cap), "b1": b1, "b2": b2,
                     "tangent_frame": h, "r_pcbr": r_pcbr, "k_pcbr": k, "b_pcbr": b_pcbr,
                     "r_high": pd.r_high if pd else math.nan, "r_low": pd.r_low if pd else math.nan,
                     "b_pdcbr": pd.buffer if pd else math.nan})
    return rows


# ----------------------------------------------------------------------------------------------
# Section 4.7.1: fixed buffer -> minimum rates; Section 4.7.2: fixed rate -> minimum start-up delay
# ----------------------------------------------------------------------------------------------
def fixed_buffer_rates(A: np.ndarray, P: float, B: float, *, m: int = 1, step: float = 0.01, lows=None,
                       max_k: int = 400) -> dict:
    """Minimum PCBR rate and PDCBR pair for start-up delay ``P`` and client buffer ``B`` (bytes).

    Rates are searched on the grid ``R_CBR(P) (1 + step k)``; ``R_CBR(P)`` is a lower bound for
    every scheme (no delivery curve can beat a line at the highest rate). PCBR: its buffer grows
    with the rate, so the smallest feasible rate is the one to check against ``B``. PDCBR: the
    smallest ``R_high`` for which some ``R_low`` of the grid is feasible with buffer ``<= B``; among
    those ``R_low``, the least buffer (our rule; the thesis does not state how it chose ``R_low``).
    NaN where no grid point qualifies (``k`` up to ``max(max_k, 2 k_PCBR)``, recorded as ``k_max``).
    """
    if lows is None:
        _, lows = pdcbr_grid()
    r_cbr = cbr_rate(A, P)
    out = {"P": float(P), "r_cbr": r_cbr, "r_pcbr": math.nan, "r_high": math.nan, "r_low": math.nan,
           "b_pcbr": math.nan, "b_pdcbr": math.nan}
    r_pcbr, k_pcbr = pcbr_min_rate(A, P, step, m, r_cbr=r_cbr)
    status, b, _ = evaluate(A, r_pcbr, 0.0, P, m, bound=B)
    if status == OK:
        out.update(r_pcbr=r_pcbr, b_pcbr=b)
    out["k_max"] = max(max_k, 2 * k_pcbr)
    for k in range(0, out["k_max"] + 1):
        rh = grid_rate(r_cbr, step, k)
        best, pick = math.inf, None
        for lo in lows:
            status, b, _ = _kernel(A, int(m), rh, rh * float(lo), float(P), float(B), EPS, _EMPTY, _EMPTY, False)
            if status == OK and b < best:
                best, pick = b, rh * float(lo)
        if pick is not None:
            out.update(r_high=rh, r_low=pick, b_pdcbr=best)
            break
    return out


def prefetch_time(A: np.ndarray, r_high: float, r_low: float, Q: float, m: int = 1) -> float:
    """When a dual-rate schedule has delivered ``Q`` bytes: the start-up delay if playback waits for them.

    Section 4.7.1 (seed line 1471): "The start-up delay is controlled by the amount of data
    pre-fetched into the receiver's buffer. It is the time required to pre-fetch a certain amount of
    data before the playback." The schedule is causal (a unit's start and rate depend only on the
    units before it), so it is computed on the prefix of units that holds ``Q`` bytes. ``inf`` if
    ``Q`` exceeds the file.

    >>> A = cumulative([2.0, 1.0, 1.0])
    >>> prefetch_time(A, 2.0, 0.0, 2.5)   # frame 1 done at 1; frame 2 from 1 at rate 2: 0.5 more byte
    1.25
    >>> prefetch_time(A, 2.0, 0.0, 3.5)   # frame 3 held to its PCR at 2: half a byte at 2 -> 2.25
    2.25
    >>> prefetch_time(A, 2.0, 0.0, 5.0)
    inf
    """
    N = len(A) - 1
    if Q > A[-1] + EPS:
        return math.inf
    n = min(N, int(np.searchsorted(A, Q - EPS)))
    n_u = min(N, -(-max(n, 1) // m) * m)
    s = schedule(A[: n_u + 1], r_high, r_low, m)
    ends = unit_bounds(n_u, m)
    before = A[np.concatenate([[0], ends[:-1]])]
    g = min(int(np.searchsorted(A[ends], Q - EPS)), len(ends) - 1)
    return float(s.start[g] + (Q - before[g]) / s.rate[g])


def prefetch_rates(A: np.ndarray, Q: float, B: float, *, m: int = 1, step: float = 0.01, lows=None,
                   below_mean: float = 0.10, max_k: int = 400) -> dict:
    """Figure 4.15 by the thesis's mechanism: the least rates when playback waits for ``Q`` bytes, buffer ``B``.

    For each candidate rate the start-up delay is :func:`prefetch_time` (the time to pre-fetch ``Q``
    bytes, ``Q <= B``: seed line 1469, the pre-loaded data cannot exceed the buffer); the rate is
    feasible if nothing starves at that delay and the buffer stays within ``B``. Rates are scanned on
    the grid ``R_average (1 + step k)``, ``k`` from ``-below_mean / step`` up (the thesis gives no
    grid; a rate below the mean can suffice when the delay is long, so the scan starts 10 % below it,
    and a rate found at the grid's first point is flagged ``at_floor``). PCBR: the least feasible
    rate. PDCBR: the least ``R_high`` with a feasible ``R_low`` of the grid, the least buffer among
    those (as :func:`fixed_buffer_rates`). Returns rates (bytes per frame time), the delays each
    scheme's pre-fetch takes (frame times) and buffers; NaN where no grid rate qualifies.

    >>> A = cumulative([4.0, 4.0, 4.0, 4.0])    # constant frames of 4 bytes: R_average = 4
    >>> r = prefetch_rates(A, 4.0, 8.0, step=0.25, below_mean=0.0, max_k=4)
    >>> r["r_pcbr"], r["p_pcbr"], r["b_pcbr"]   # at 4: frame 1 in by 1 = P; frames then arrive as consumed
    (4.0, 1.0, 8.0)
    """
    if lows is None:
        _, lows = pdcbr_grid()
    N = len(A) - 1
    base = float(A[-1] / N)
    k_lo = -int(math.floor(below_mean / step + EPS))
    out = {"Q": float(Q), "r_average": base, "r_pcbr": math.nan, "p_pcbr": math.nan, "b_pcbr": math.nan,
           "r_high": math.nan, "r_low": math.nan, "p_pdcbr": math.nan, "b_pdcbr": math.nan,
           "pcbr_at_floor": False, "pdcbr_at_floor": False}
    if Q > B + EPS:
        return out
    for k in range(k_lo, max_k + 1):
        r = grid_rate(base, step, k)
        P = prefetch_time(A, r, 0.0, Q, m)
        status, b, _ = evaluate(A, r, 0.0, P, m, bound=B)
        if status == OK:
            out.update(r_pcbr=r, p_pcbr=P, b_pcbr=b, pcbr_at_floor=k == k_lo)
            break
    for k in range(k_lo, max_k + 1):
        rh = grid_rate(base, step, k)
        best = None
        for lo in lows:
            rl = rh * float(lo)
            P = prefetch_time(A, rh, rl, Q, m)
            status, b, _ = evaluate(A, rh, rl, P, m, bound=B)
            if status == OK and (best is None or b < best[2]):
                best = (rl, P, b)
        if best is not None:
            out.update(r_high=rh, r_low=best[0], p_pdcbr=best[1], b_pdcbr=best[2], pdcbr_at_floor=k == k_lo)
            break
    return out


def fixed_rate_delays(A: np.ndarray, rate: float, cap: float, *, m: int = 1, lows=None) -> dict:
    """Minimum start-up delay (frame times) for PCBR at ``rate`` and PDCBR with ``R_high = rate``.

    A schedule does not depend on the start-up delay, so the smallest delay without starvation
    is its lateness ``max_n (done_n - n)`` (at least 0); the buffer at that delay must not exceed
    ``cap`` (a longer delay only adds buffer). For PDCBR the ``R_low`` of the grid with the
    shortest delay is chosen (Section 4.7.2). NaN where the cap cannot be met.
    """
    if lows is None:
        _, lows = pdcbr_grid()
    out = {"rate": rate, "p_pcbr": math.nan, "p_pdcbr": math.nan, "r_low": math.nan}
    s = schedule(A, rate, 0.0, m)
    P = max(s.lateness, 0.0)
    if s.buffer(A, P) <= cap:
        out["p_pcbr"] = P
    best = math.inf
    for lo in lows:
        s = schedule(A, rate, rate * float(lo), m)
        P = max(s.lateness, 0.0)
        if P < best and s.buffer(A, P) <= cap:
            best = P
            out.update(p_pdcbr=P, r_low=rate * float(lo))
    return out


# ----------------------------------------------------------------------------------------------
# Plain-Python references: the thesis's equations and algorithm, transcribed
# ----------------------------------------------------------------------------------------------
def reference_cbr(sizes, P: float, cap: bool = True) -> tuple[float, float]:
    """Eq. 4.2 with loops: ``(R_CBR, C_CBR(P))``.

    >>> reference_cbr([3.0, 1.0, 1.0, 1.0], 1)
    (1.5, 3.0)
    """
    sizes = [float(s) for s in sizes]
    total, r = 0.0, 0.0
    for n, s in enumerate(sizes, start=1):
        total += s
        r = max(r, total / (n + P))
    buf, consumed = -math.inf, 0.0
    for n, s in enumerate(sizes, start=1):
        d = r * (n + P)
        if cap:
            d = min(d, total)
        buf = max(buf, d - consumed)
        consumed += s
    return r, buf


def reference_pcbr_eq44(sizes, rate: float, P: int) -> tuple[bool, float, list[float]]:
    """Eqs. 4.4-4.6, literally (PCR interval = frame interval, integer ``P``).

    ``S-bar_i = min(R F, S-hat_i + S_i)``, ``S-hat_{i+1} = max(S-hat_i + S_i - S-bar_i, 0)``,
    ``S-hat_1 = 0`` (``S_i = 0`` after the last frame); ``D(kF) = sum_{i<=k} S-bar_i``;
    ``f(P) = max_n (D((n+P)F) - A_{n-1})``. Returns ``(no starvation, f(P), [D(F), D(2F), ...])``.

    >>> ok, f, D = reference_pcbr_eq44([2.0, 1.0, 1.0], rate=2.0, P=1)
    >>> ok, f, D
    (True, 3.0, [2.0, 3.0, 4.0, 4.0])
    """
    sizes = [float(s) for s in sizes]
    N = len(sizes)
    s_hat, D, total = 0.0, [], 0.0
    for i in range(N + int(P)):
        s_i = sizes[i] if i < N else 0.0
        s_bar = min(rate * 1.0, s_hat + s_i)
        s_hat = max(s_hat + s_i - s_bar, 0.0)
        total += s_bar
        D.append(total)
    return _feasible_and_buffer(sizes, D, int(P), rate)


def _feasible_and_buffer(sizes: list[float], D: list[float], P: int, r_max: float) -> tuple[bool, float, list[float]]:
    ok, buf, consumed = True, -math.inf, 0.0
    for n, s in enumerate(sizes, start=1):
        d = D[n + P - 1] if n + P - 1 < len(D) else D[-1]
        if d < consumed + s - EPS * r_max:
            ok = False
        buf = max(buf, d - consumed)
        consumed += s
    return ok, buf, D


def reference_dual_rate_algorithm(sizes, r_high: float, r_low: float, P: int, m: int = 1) -> tuple[bool, float, list[float]]:
    """The thesis's 18-line PDCBR algorithm, frame interval by frame interval (plain Python).

    For frame interval ``i`` = ``(F_{i-1}, F_i)`` it splits the interval at every PCR observed,
    giving the periods ``T`` and rates ``R`` of Eq. 4.7; ``S-bar_i = sum_k T_k Rate_k``. Lines 4-5
    are taken in exact arithmetic: when the remaining data fits in the interval it is sent to
    zero (no rounding residue). Lines 15-17 (``Rate == 0``, PCBR) hold until the counter reaches
    the PCR, which for ``m = 1`` is the end of the frame interval (line 16: ``V_i = F_i``).
    The ahead test (line 9) is ``V < b m`` with the tolerance :data:`EPS`.

    Returns ``(no starvation, buffer, [D(F), D(2F), ...])`` like :func:`reference_pcbr_eq44`.

    >>> reference_dual_rate_algorithm([2.0, 1.0, 1.0], 2.0, 0.0, P=1)[:2]
    (True, 3.0)
    >>> reference_dual_rate_algorithm([2.0, 1.0, 1.0], 2.0, 1.0, P=1)[:2]   # D(2) = 3.5
    (True, 3.5)
    """
    if not (math.isfinite(r_high) and r_high > 0 and math.isfinite(r_low) and 0 <= r_low):
        raise ValueError(f"rates must be finite with r_high > 0 and r_low >= 0, got {r_high!r}, {r_low!r}")
    sizes = [float(s) for s in sizes]
    N = len(sizes)
    units = [sum(sizes[g:g + m]) for g in range(0, N, m)]
    G = len(units)
    b, s_last, rate = 1, units[0], r_high       # initial values (text before the listing)
    hold_until = -math.inf
    D, total, i = [], 0.0, 0
    while b <= G:
        i += 1
        f_prev, f_i = float(i - 1), float(i)
        u = v = f_prev                                    # line 2
        sent = 0.0
        while v < f_i:                                    # line 3
            if rate == 0.0:                               # lines 15-17 (PCBR): hold
                v = min(hold_until, f_i)
                if v >= hold_until:
                    rate = r_high
                u = v
                continue
            if s_last / rate + u <= f_i:                  # line 4, first argument of min
                v = s_last / rate + u
                sent += s_last
                s_last = 0.0                              # line 5
            else:
                v = f_i
                sent += (v - u) * rate
                s_last = s_last - (v - u) * rate
            if s_last == 0.0:                             # line 8: the next PCR is observed at v
                rate = r_low if v < b * m - EPS else r_high   # lines 9-11
                if rate == 0.0:
                    hold_until = float(b * m)
                b += 1                                    # line 12
                if b > G:
                    break
                s_last = units[b - 1]                     # line 13
            u = v                                         # line 18
        total += sent
        D.append(total)
    return _feasible_and_buffer(sizes, D, int(P), r_high)
