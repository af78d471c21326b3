"""A window-limited TCP sender (an illustration of the thesis's Figure 3.15; not its trace).

The sender has ``total`` bytes to send in segments of at most ``mss`` bytes over a link of
``link_Bps``; at most ``window`` unacknowledged bytes may be outstanding; each segment is
acknowledged ``rtt_s`` after its last byte left the sender (the receiver acknowledges every
segment at once; no losses, no slow start). The thesis's trace came from an ATM analyzer; its
data are not in the seed, so this model shows the mechanism only.
"""

from __future__ import annotations

from collections import deque

import numpy as np
import pandas as pd


def window_sender(total: int, window: int, mss: int, link_Bps: float, rtt_s: float) -> pd.DataFrame:
    """Event trace of one transfer: rows ``time_s, kind ('seq' or 'ack'), number`` (byte count).

    A segment may be sent when the bytes outstanding plus the segment fit the window, or when
    nothing is outstanding (so a window smaller than one segment still makes progress).

    Examples
    --------
    >>> tr = window_sender(3000, 2000, 1000, 1e6, 0.01)
    >>> tr[tr["kind"] == "seq"]["time_s"].round(6).tolist()
    [0.001, 0.002, 0.012]
    >>> round(float(tr["time_s"].max()), 6)
    0.022
    """
    if min(total, window, mss) <= 0 or link_Bps <= 0 or rtt_s < 0:
        raise ValueError("total, window, mss and link rate must be positive and rtt_s >= 0")
    t = 0.0
    link_free = 0.0
    next_seq = 0
    acked = 0
    pending: deque[tuple[float, int]] = deque()
    rows = []
    while acked < total:
        seg = min(mss, total - next_seq)
        can_send = next_seq < total and (next_seq - acked + seg <= window or next_seq == acked)
        if can_send:
            start = max(t, link_free)
            end = start + seg / link_Bps
            next_seq += seg
            rows.append((end, "seq", next_seq))
            pending.append((end + rtt_s, next_seq))
            link_free = end
            t = start
        else:
            when, number = pending.popleft()
            t = max(t, when)
            acked = number
            rows.append((when, "ack", number))
    return pd.DataFrame(rows, columns=["time_s", "kind", "number"]).sort_values("time_s", kind="stable") \
        .reset_index(drop=True)


def transfer_throughput(total: int, window: int, mss: int, link_Bps: float, rtt_s: float) -> float:
    """Bytes per second of one transfer, from the start to the last acknowledgement.

    Examples
    --------
    >>> round(transfer_throughput(3000, 2000, 1000, 1e6, 0.01))
    136364
    """
    tr = window_sender(total, window, mss, link_Bps, rtt_s)
    return float(total / tr["time_s"].max())


def steady_cap(window: int, mss: int, link_Bps: float, rtt_s: float) -> float:
    """Long-transfer throughput of the model: a window's worth of whole segments per cycle.

    Each cycle sends ``k = max(1, window // mss)`` segments back to back and waits for the first
    acknowledgement: the rate is ``min(link, k mss / (mss/link + rtt))``.

    Examples
    --------
    >>> round(steady_cap(2000, 1000, 1e6, 0.01))
    181818
    """
    k = max(1, int(window // mss))
    return float(min(link_Bps, k * mss / (mss / link_Bps + rtt_s)))


def echo_trace(total: int, window: int, mss: int, link_Bps: float, rtt_s: float, repeats: int = 2) -> pd.DataFrame:
    """The pattern of Figure 3.15 seen at one host: receive ``total`` bytes (its acks rise), then
    send them back (its sequence numbers rise), ``repeats`` times.

    Examples
    --------
    >>> tr = echo_trace(2000, 1000, 1000, 1e6, 0.001, repeats=1)
    >>> tr.groupby("kind")["number"].max().to_dict()
    {'ack': 2000, 'seq': 2000}
    """
    one = window_sender(total, window, mss, link_Bps, rtt_s)
    seq = one[one["kind"] == "seq"]
    span = float(one["time_s"].max())
    parts = []
    offset = 0.0
    for _ in range(int(repeats)):
        # the peer sends: this host's acknowledgements appear (shifted by half a round trip)
        recv = seq.assign(kind="ack", time_s=seq["time_s"] + offset + rtt_s / 2)
        parts.append(recv)
        offset += span
        send = seq.assign(time_s=seq["time_s"] + offset)
        parts.append(send)
        offset += span
    return pd.concat(parts, ignore_index=True).sort_values("time_s", kind="stable").reset_index(drop=True)


def window_throughputs(windows_kb, total: int, mss: int, link_Bps: float, rtt_s: float) -> np.ndarray:
    """Transfer throughput (byte/s) of :func:`window_sender` for each window (KByte = 1024 byte)."""
    return np.array([transfer_throughput(total, int(w * 1024), mss, link_Bps, rtt_s) for w in windows_kb])
