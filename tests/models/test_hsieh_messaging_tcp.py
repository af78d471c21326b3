"""Hsieh chapter 3: the window-limited sender against hand-computed cycles."""

import pytest

from mmstudies.hsieh_messaging import tcp


def test_trace_by_hand():
    """3 segments of 1000 B at 1e6 B/s, window 2000, RTT 10 ms: sends end at 1, 2 and 12 ms; last ack 22 ms."""
    tr = tcp.window_sender(3000, 2000, 1000, 1e6, 0.01)
    seq = tr[tr["kind"] == "seq"]
    assert seq["time_s"].tolist() == pytest.approx([0.001, 0.002, 0.012])
    assert tr["time_s"].max() == pytest.approx(0.022)


def test_long_transfer_approaches_the_steady_cap():
    """Window of 4 segments, 1 ms each, RTT 10 ms: cap = 4 x 1000 / 11 ms; 400 segments get within 1 %."""
    cap = tcp.steady_cap(4000, 1000, 1e6, 0.01)
    assert cap == pytest.approx(4000 / 0.011)
    assert tcp.transfer_throughput(400_000, 4000, 1000, 1e6, 0.01) == pytest.approx(cap, rel=0.01)


def test_big_window_fills_the_link():
    assert tcp.steady_cap(10**9, 1000, 1e6, 0.01) == 1e6
    assert tcp.transfer_throughput(1_000_000, 10**9, 1000, 1e6, 0.0) == pytest.approx(1e6)


def test_echo_trace_pattern():
    tr = tcp.echo_trace(4000, 2000, 1000, 1e6, 0.002, repeats=2)
    assert tr["number"].max() == 4000
    assert (tr["kind"] == "seq").sum() == 8 and (tr["kind"] == "ack").sum() == 8
    assert tr["time_s"].is_monotonic_increasing
