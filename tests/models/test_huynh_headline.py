"""The chapter's default headline metrics (``notebooks/huynh.yml``, ``headline:``), each pinned by a derivation.

The calibration (``mmstudies.huynh.calibration``) fixes, from the paper's anchors: the i386 at 8550 KLOCS/s
(60 KLOCS/frame saturate it: 90 x (60 + 5 + 2 x 10) + 30 x (5 + 5 + 2 x 10) = 8550), the per-request host
overhead S = 10 KLOCS (file transfers 20 % of the host at 30 frames/s), the 80C186 at 1485 KLOCS/s
(16 KLOCS/frame saturate the video adapter: 90 x 16.5), the ring's per-packet overhead h = 1665.33 B
(53 % at 30 frames/s: (0.53 x 2e6 - 860160) / 120) and the i386's memory at 0.35 / 1720320 s per byte.
``predictions_reproduced`` is a count of checks, each decided by its own row of checks.yml (tests/models/test_huynh_checks.py, tests/test_evidence_audit.py);
it is not pinned here.
"""

from __future__ import annotations

import numpy as np
import pytest

from mmstudies.huynh import analytic as A
from mmstudies.huynh.config import Config
from mmstudies.huynh.model import run_once

EXACT = 1e-12
KB = 1024


def test_cpu_386_15kloc_pct_by_hand():
    """Locate, i386, 3-way distributed, 30 frames/s: 90 frames/s x (15 + 5 + 2 x 10) KLOCS + 30 requests/s x
    (5 + 5 + 2 x 10) KLOCS = 3600 + 900 = 4500 KLOCS/s of 8550: 52.63 %."""
    u = A.host_utilisation(Config(io_mode="locate", host="386", frame_rate=30.0, host_vc_kloc=15.0))
    assert 100 * u == pytest.approx(100 * 4500 / 8550, rel=EXACT)


def test_mc_max_pct_by_hand():
    """The busiest channel is Locate's on the i386 at the top rate (30 frames/s, distributed): every byte crosses
    twice, 2 x (3 x 30 x 8192 + 30 x 4096) = 1720320 B/s of 13.33 MB/s: 12.906 %. Centralized carries two
    streams, Move half the bytes, the i486 a 40 MB/s channel, and lower rates fewer frames."""
    grid = [8.0, 15.0, 30.0]
    largest = max(A.channel_utilisation(Config(io_mode=m, host=h, frame_rate=f, mixing=x))
                  for m in ("locate", "move") for h in ("386", "486") for f in grid
                  for x in ("distributed", "centralized"))
    assert 100 * largest == pytest.approx(100 * 1720320 / 13.33e6, rel=EXACT)


def test_ring_8_pct_by_hand():
    """8 frames/s, 3 streams + 30 file requests/s: payload 24 x 8192 + 30 x 4096 = 319488 B/s, 54 packets/s with
    h = (0.53 x 2e6 - 860160) / 120 = 1665.33 B each: 8 x (319488 + 54 h) / 16e6 = 20.47 % (the paper: 20 %)."""
    h = (0.53 * 16e6 / 8 - (90 * 8192 + 30 * 4096)) / 120
    expected = 8 * (24 * 8192 + 30 * 4096 + 54 * h) / 16e6
    assert A.ring_utilisation(Config(frame_rate=8.0)) == pytest.approx(expected, rel=1e-12)
    assert 100 * expected == pytest.approx(20.4708, abs=1e-4)


def _no_queue_send_ms() -> float:
    """Locate, i386, distributed, 30 frames/s: what a sent frame spends in service, without any wait.

    compress stage 1/30 s = 33.333 ms; host (VC 15 + S/2 5) KLOCS = 20 / 8550 KLOCS/s = 2.339 ms; video 80C186
    0.5 / 1485 = 0.337 ms; channel 8192 / 13.33e6 = 0.615 ms; memory 8192 x 0.35 / 1720320 = 1.667 ms; host
    (S/2 + network 5 + S/2) = 15 KLOCS = 1.754 ms; ring 80C186 0.337 ms; channel 0.615 ms; memory 1.667 ms; ring
    8 x (8192 + 1665.33) / 16e6 = 4.929 ms (the mean frame is 8 kB, and every term is linear in its size).
    """
    mem = 0.35 / 1720320
    ring_h = (0.53 * 16e6 / 8 - (90 * 8192 + 30 * 4096)) / 120
    parts = [1 / 30, 20 / 8550, 0.5 / 1485, 8192 / 13.33e6, 8192 * mem, 15 / 8550, 0.5 / 1485, 8192 / 13.33e6,
             8192 * mem, 8 * (8192 + ring_h) / 16e6]
    return 1e3 * sum(parts)


def test_delay_send_ms_is_the_service_sum_plus_a_short_wait():
    """delay_send_ms (Locate, i386, distributed, 30 frames/s): at least the no-queue sum (47.6 ms, derived above)
    and at most that plus the waits of an M/M/1 queue at each station's load, doubled for the device tokens
    (a bound by judgement: memory at 0.35 waits 0.35 / 0.65 x 1.667 ms, the host at 0.53 about 1.1 x 2 ms,
    the rest under 0.15): 47.6 + 2 x (0.90 + 2.35 + 0.1) < 55 ms. Two replications of 600 frames."""
    cfg = Config(frames=600)
    delays = [1e3 * run_once(cfg, seed=s)["delay_send"] for s in (1, 2)]
    low = _no_queue_send_ms()
    assert low == pytest.approx(47.59, abs=0.01)
    assert all(low <= d <= 55.0 for d in delays), delays


def test_delay_recv_ms_and_codec_share_by_their_parts():
    """delay_recv_ms (Locate, i386, distributed, 30 frames/s): the decompression stage alone is one frame time
    (8.33 ms on the i750 + 25 ms of pure delay: 33.33 ms), mixing 8.33 ms, the host's receive code (5 + 5 + 20
    + 5 + 5 = 40 KLOCS over three steps: 4.68 ms) and two DMA trips (2 x (0.615 + 1.667) ms) and two 80C186
    control blocks (0.67 ms): at least 33.33 + 8.33 + 4.68 + 4.56 + 0.67 = 51.6 ms; and the codec's share of
    it (codec_share_min_pct is the smallest such share) is 33.33 ms over the delay, exactly the component the
    run records: comp_recv_compress_decompress = 1/f plus the i750's wait."""
    out = run_once(Config(frames=600), seed=1)
    recv, codec = 1e3 * out["delay_recv"], 1e3 * out["comp_recv_compress_decompress"]
    assert recv >= 51.6
    assert codec >= 1e3 / 30 - 1e-9
    assert 50.0 < 100 * codec / recv < 100.0


def test_delay_ft_ms_locate_by_its_parts():
    """delay_ft_ms (Locate, i386): file system + S/2 = 10 KLOCS (1.17 ms), SCSI 80C186 0.34 ms, disk 8 ms
    (exponential mean), channel 4096 / 13.33e6 = 0.31 ms, memory 4096 x 0.35 / 1720320 = 0.83 ms, host
    S/2 + 5 + S/2 = 15 KLOCS (1.75 ms), ring 80C186 0.34 ms, channel 0.31 ms, memory 0.83 ms, ring
    8 x (4096 + 1665.33) / 16e6 = 2.88 ms: 16.76 ms in service, the rest is the wait for the device tokens."""
    parts_ms = [10 / 8550e-3, 0.5 / 1485e-3, 8.0, 4096 / 13.33e3, 4096 * 0.35 / 1720320e-3, 15 / 8550e-3,
                0.5 / 1485e-3, 4096 / 13.33e3, 4096 * 0.35 / 1720320e-3, 8 * (4096 + 1665.3333) / 16e3]
    low = sum(parts_ms)
    assert low == pytest.approx(16.76, abs=0.01)
    delays = [1e3 * run_once(Config(frames=600), seed=s)["delay_ft"] for s in (1, 2)]
    assert np.mean(delays) >= low - 1.5      # the disk is exponential: two short runs may sit below its mean
    assert np.mean(delays) <= low + 10.0
