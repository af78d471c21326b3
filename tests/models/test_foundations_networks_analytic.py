"""The networks chapter's closed forms, by hand, on Huynh's transcribed inputs."""

import pytest

from mmperf import queueing
from mmstudies.foundations_networks import analytic

D = (16.66, 8192 / 13.33e6 * 1000, 8192 * 8 / 16e6 * 1000)   # ms: compress, channel, ring (see station_times)


def test_station_times_from_the_data_by_hand():
    """compress_ms 16.66 (seed line 72); 8 kB = 8192 bytes at 13.33 MB/s (10^6 bytes) = 0.61455 ms; 65,536 bit at
    16 Mbit/s = 4.096 ms; a 4 kB file request takes half of each. The 486's 40 MB/s channel: 0.2048 ms."""
    t = analytic.station_times()
    assert t.demands == pytest.approx(D)
    assert (t.ft_channel_ms, t.ft_ring_ms) == pytest.approx((D[1] / 2, D[2] / 2))
    assert analytic.station_times(host="486").channel_ms == pytest.approx(0.2048)
    with pytest.raises(ValueError, match="host = 'x' is not allowed"):
        analytic.station_times(host="x")


def test_open_network_by_hand():
    """15 frames/s, no file transfers: lambda = 0.015 per ms; rho = (0.2499, 0.0092183, 0.06144); each M/M/1
    sojourn D / (1 - rho); the delay is their sum. With file transfers at 30/s (0.03 per ms) the channel and
    ring serve a merged class of rate 0.045 with mean (0.015 D + 0.03 D/2) / 0.045 = 2 D / 3: the frame's
    delay is each station's Wq plus its own service time."""
    t = analytic.station_times()
    rho = [0.015 * d for d in D]
    assert analytic.open_network(t, 15.0, 0.0)["video_delay_ms"] == pytest.approx(
        sum(d / (1 - r) for d, r in zip(D, rho, strict=True)))
    got = analytic.open_network(t, 15.0, 30.0)
    s1, s2 = 2 * D[1] / 3, 2 * D[2] / 3
    wq = [rho[0] * D[0] / (1 - rho[0])] + [0.045 * s * s / (1 - 0.045 * s) for s in (s1, s2)]
    assert got["video_delay_ms"] == pytest.approx(sum(wq) + sum(D))
    assert got["rho_1"] == pytest.approx(0.045 * s1)


def test_knee_and_replications_by_hand():
    """N* = (D + Z) / D_max = (21.37055 + 100) / 16.66 = 7.2851. Replications: (2.801585 x 0.05 / 0.02)^2 =
    49.05, so 50."""
    assert analytic.knee(D, 100.0) == pytest.approx((sum(D) + 100) / 16.66)
    assert analytic.replications_needed(0.05, relative_error=0.02) == 50
    with pytest.raises(ValueError, match="relative_sd = 0 is not allowed"):
        analytic.replications_needed(0)


def test_headline_bounds_at_the_defaults():
    """The chapter's headline knee at Z = 33.3 ms: (21.37055 + 33.3) / 16.66 = 3.2816; the throughput can never
    exceed 1000 / 16.66 = 60.02 frames/s (the codec's capacity), which the exact MVA approaches from below."""
    assert analytic.knee(D, 33.3) == pytest.approx(54.67055 / 16.66)
    x = [1000 * m.throughput for m in queueing.mva(list(D), 16, think_time=33.3)]
    assert all(a < b < 1000 / 16.66 for a, b in zip(x, x[1:], strict=False))


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_station_times_read_the_values_given_to_the_last_digit():
    """Values of our own (1000-byte kB, a 10 MB/s channel, an 8 Mbit/s ring, 5 kB frames, 2 kB requests, 20 ms
    compression): 5000 bytes x 1000 / 10e6 = 0.5 ms on the channel, 5000 x 8000 / 8e6 = 5 ms on the ring, the
    2000-byte request 0.2 ms and 2 ms. MB and Mbit are 10^6 exactly: the book's 8 kB frame on the 386 is
    8192 x 1000 / 13.33e6 = 0.61455363840960 ms and on the ring 4.096 ms, to twelve digits."""
    values = {"bytes_per_kb": 1000, "mc_rate_386_mb_s": 10, "mc_rate_486_mb_s": 40, "frame_kb_mean": 5,
              "file_transfer_kb": 2, "ring_mbit_s": 8, "compress_ms": 20}
    t = analytic.station_times(values)
    assert (t.compress_ms, t.channel_ms, t.ring_ms, t.ft_channel_ms, t.ft_ring_ms) == pytest.approx(
        (20.0, 0.5, 5.0, 0.2, 2.0), rel=1e-12)
    assert analytic.station_times(values, host="486").channel_ms == pytest.approx(0.125, rel=1e-12)
    book = analytic.station_times()
    assert (book.channel_ms, book.ring_ms) == pytest.approx((0.61455363840960, 4.096), rel=1e-12)


def test_replications_at_an_exact_square_are_not_rounded_up():
    """z = z_0.975 + z_0.8 = 1.959963984540054 + 0.841621233572914 = 2.8015852181129683; with relative_sd 0.1
    and relative_error 0.1 z / 7 the count is (z 0.1 / (0.1 z / 7))^2 = 7^2 = 49 exactly (up to the last bit),
    so 49 replications, not 50: the 1e-9 strips float noise downwards only."""
    assert analytic.replications_needed(0.1, relative_error=0.1 * 2.8015852181129683 / 7) == 49
    assert analytic.replications_needed(0.1, relative_error=0.1 * 2.8015852181129683 / 6) == 36
