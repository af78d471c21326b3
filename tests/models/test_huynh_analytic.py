"""Utilisation-law closed forms of the Huynh model: by hand, and against the simulation.

The host's work per request does not depend on the frame size, so the simulated host
utilisation (work over the arrival window, every frame drained) equals the closed form to
rounding. Bytes are exponential, so channel, memory and ring agree only in expectation: five
replications of 400 frames (1,200 frames and 400 file requests each) give a relative standard
error of the mean bytes of about 1/sqrt(5 x 1,600) = 1.1 % (an exponential has cv 1; the file
requests are fixed), so a band of +-4 % fails a correct model with probability below 0.1 %,
and catches a factor-two error in the crossings (Locate's two trips over the channel) surely.
"""

from __future__ import annotations

import numpy as np
import pytest

from mmstudies.huynh import analytic as A
from mmstudies.huynh import run_once
from mmstudies.huynh.config import Config

KB = 1024


def test_host_utilisation_by_hand():
    """Locate i386, 30 frames/s, 3 streams: 90 x (15 + 5 + 20) + 30 x (5 + 5 + 20) = 4500 KLOCS/s / 8550."""
    assert A.host_utilisation(Config()) == pytest.approx(4500 / 8550)
    assert A.ft_share(Config()) == pytest.approx(900 / 4500)
    # 8 frames/s: 24 x 40 = 960 video, 900 file transfers: share 900 / 1860 ('almost 50 %')
    assert A.ft_share(Config(frame_rate=8.0)) == pytest.approx(900 / 1860)
    # saturation: U(k) = (90 (k + 25) + 900) / 8550 = 1 at k = 60 (i386), at 240 on the i486
    assert A.saturation_kloc("386", Config(), 30.0) == pytest.approx(60.0)
    assert A.saturation_kloc("486", Config(), 30.0) == pytest.approx(240.0)
    assert A.host_utilisation(Config(host_vc_kloc=100.0)) == 1.0          # capped
    assert A.host_utilisation(Config(host_vc_kloc=100.0), saturate=False) > 1


def test_channel_and_ring_by_hand():
    """Channel, Locate i386: 2 x (90 x 8192 + 30 x 4096) B/s / 13.33 MB/s; Move crosses once."""
    nbytes = 90 * 8 * KB + 30 * 4 * KB
    assert A.channel_utilisation(Config()) == pytest.approx(2 * nbytes / 13.33e6)
    assert A.channel_utilisation(Config(io_mode="move")) == pytest.approx(nbytes / 13.33e6)
    assert A.channel_utilisation(Config(host="486")) == pytest.approx(2 * nbytes / 40e6)
    assert A.ring_utilisation(Config()) == pytest.approx(0.53)             # the calibration anchor


def test_offered_loads_flag_an_overloaded_adapter():
    """Move, 30 frames/s, 3 streams, 30 KLOCS + 0.5 per frame at 1.485 M instr/s: 90 x 30.5 / 1485 = 1.85."""
    loads = A.offered_loads(Config(io_mode="move", adapter_vc_kloc=30.0))
    assert loads["video adapter 80C186"] == pytest.approx(90 * 30.5 / 1485)
    assert [d for _, d, _ in A.overloaded([Config(io_mode="move", adapter_vc_kloc=30.0)])] == ["video adapter 80C186"]
    assert A.overloaded([Config()]) == []


@pytest.mark.parametrize("cfg", [Config(frames=400), Config(frames=400, host="486", mixing="centralized"),
                                 Config(frames=400, io_mode="move", frame_rate=8.0)],
                         ids=["locate-386-dist", "locate-486-cent", "move-386-8fps"])
def test_simulation_obeys_the_utilisation_law(cfg):
    runs = [run_once(cfg, seed=s) for s in range(1, 6)]
    host = np.mean([r["util_host"] for r in runs])
    assert host == pytest.approx(A.host_utilisation(cfg, saturate=False), rel=1e-9)
    for metric, exact in (("util_channel", A.channel_utilisation(cfg)), ("util_ring", A.ring_utilisation(cfg))):
        assert np.mean([r[metric] for r in runs]) == pytest.approx(exact, rel=0.04), metric
    if cfg.io_mode == "locate":
        assert np.mean([r["host_ft_share"] for r in runs]) == pytest.approx(A.ft_share(cfg), rel=1e-9)


def test_host_kloc_sweep_is_the_closed_form_on_the_grid():
    df = A.host_kloc_sweep(Config(), [0.0, 60.0, 300.0], 30.0)
    assert list(df["host"]) == ["386"] * 3 + ["486"] * 3
    assert df["util_host_busy_mean"].iloc[1] == pytest.approx(1.0)
    assert df["util_host_busy_mean"].max() == 1.0 and (df["util_host_busy_ci"] == 0).all()


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---
#
# Calibrated numbers used below (mmstudies.huynh.calibration, from the paper's anchors): per-request host
# overhead S = 10 KLOCS; host 8.55 M instr/s (i386), 24.75 M (i486); 80C186 at 1.485 M instr/s; memory time per
# byte such that Locate at 30 frames/s, 3-way, uses 35 % (i386) and 10 % (i486); disk 8 ms per request; ring
# overhead h = (0.53 x 16e6 / 8 - 860160) / 120 = 1665.33 bytes per packet. Paper values: net = fs = 5 KLOCS,
# 0.5 KLOCS per control block on an adapter, 30 file requests/s of 4 kB, frames of 8 kB (1 kB = 1024 B).
EXACT = 1e-12


def test_host_work_counts_only_the_selected_streams():
    """Host work per Locate video frame: 15 + 5 + 2 x 10 = 40 KLOCS; per file request 5 + 5 + 20 = 30 KLOCS.

    Default (out + 2 in, file transfers at 30/s): 90 x 40 = 3600 and 30 x 30 = 900 KLOCS/s. Without the
    outgoing stream two video streams remain (60 x 40 = 2400); with only the outgoing one (no 'in') one
    stream (1200). File transfers count only when both the 'ft' chain is selected and file_transfer is on.
    """
    assert A.host_work_per_s(Config()) == pytest.approx((3.6e6, 9e5), rel=EXACT)
    assert A.host_work_per_s(Config(streams=("in", "ft"))) == pytest.approx((2.4e6, 9e5), rel=EXACT)
    assert A.host_work_per_s(Config(streams=("out",))) == (1.2e6, 0.0)
    assert A.host_work_per_s(Config(streams=("out", "in"))) == (3.6e6, 0.0)        # file_transfer on, no 'ft'
    assert A.host_work_per_s(Config(file_transfer=False)) == (3.6e6, 0.0)          # 'ft' selected, switched off


def test_move_mode_runs_no_host_code_per_frame():
    """Move Mode: no host instructions per frame or request, so the file-transfer share is 0 (not 0/0);
    the host only runs the start-up code: 5 KLOCS x 3 streams over 2000 / 30 s at 8.55 M instr/s."""
    assert A.host_work_per_s(Config(io_mode="move")) == (0.0, 0.0)
    assert A.ft_share(Config(io_mode="move")) == 0.0
    assert A.host_utilisation(Config(io_mode="move")) == pytest.approx(15000 / 8.55e6 / (2000 / 30), rel=EXACT)


def test_ft_share_when_file_transfers_outweigh_video():
    """Only file transfers ('ft' alone): the share is 1. At 7 frames/s the video work (21 x 40 = 840 KLOCS/s)
    is below the file transfers' 900: share 900 / 1740."""
    assert A.ft_share(Config(streams=("ft",))) == 1.0
    assert A.ft_share(Config(frame_rate=7.0)) == pytest.approx(900 / 1740, rel=EXACT)


def test_ring_and_channel_exactly():
    """Ring at 30 frames/s is the calibration anchor 0.53 exactly; at 8 frames/s: 24 frames and 30 requests,
    payload 24 x 8192 + 30 x 4096 = 319488 B/s, overhead 54 x 1665.33 = 89928 B/s, so
    8 x 409416 / 16e6 = 0.204708 (the paper's 'about 20 %'). Channel: MB/s are decimal (13.33e6 B/s)."""
    assert A.ring_utilisation(Config()) == pytest.approx(0.53, rel=EXACT)
    assert A.ring_utilisation(Config(frame_rate=8.0)) == pytest.approx(0.204708, rel=EXACT)
    assert A.channel_utilisation(Config()) == pytest.approx(2 * 860160 / 13.33e6, rel=EXACT)
    assert A.channel_utilisation(Config(host="486")) == pytest.approx(2 * 860160 / 40e6, rel=EXACT)


def test_host_kloc_sweep_forces_locate_distributed_and_the_frame_rate():
    """The sweep overrides the base's mode, mixing and frame rate (a Move, centralized, 8 frames/s base gives
    the same rows as the default): U(k) = (90 (k + 25) + 900) / IPS, i.e. 3150, 8550 and 30150 KLOCS/s at
    k = 0, 60, 300, over 8550 (i386) and 24750 (i486); the busy mean is capped at 1, the offered load not."""
    base = Config(io_mode="move", host="486", mixing="centralized", frame_rate=8.0)
    df = A.host_kloc_sweep(base, [0.0, 60.0, 300.0], 30.0)
    assert list(df.columns) == ["host", "host_vc_kloc", "util_host_busy_mean", "util_host_busy_ci",
                                "util_host_offered"]
    assert list(df["host"]) == ["386"] * 3 + ["486"] * 3
    assert list(df["host_vc_kloc"]) == [0.0, 60.0, 300.0] * 2
    offered = [3150 / 8550, 8550 / 8550, 30150 / 8550, 3150 / 24750, 8550 / 24750, 30150 / 24750]
    assert list(df["util_host_offered"]) == pytest.approx(offered, rel=EXACT)
    assert list(df["util_host_busy_mean"]) == pytest.approx([min(1.0, u) for u in offered], rel=EXACT)
    assert list(df["util_host_busy_ci"]) == [0.0] * 6


def test_saturation_kloc_forces_the_configuration_and_uses_offered_loads():
    """U(k) = (f n (k + 25) + 900) / 8550 on the i386, Locate, distributed, whatever the base says.

    8 participants at 60 frames/s (480 frames/s): U(0) = 12900 / 8550 > 1 already, so uncapped
    utilisations are needed; level 2 is reached at (17100 - 12900) / 480 = 8.75 KLOCS. With a Move,
    centralized, 8 frames/s base and 30 frames/s asked: (8550 - 3150) / 90 = 60. With no video stream the
    utilisation does not depend on the path length: no solution (NaN)."""
    assert A.saturation_kloc("386", Config(participants=8), 60.0, level=2.0) == pytest.approx(8.75, rel=EXACT)
    base = Config(io_mode="move", mixing="centralized", frame_rate=8.0)
    assert A.saturation_kloc("386", base, 30.0) == pytest.approx(60.0, rel=EXACT)
    assert np.isnan(A.saturation_kloc("386", Config(streams=("ft",)), 30.0))


def test_offered_loads_every_device_by_hand():
    """Locate, 30 frames/s, 3-way (90 frames/s + 30 requests/s, 860160 B/s), 80C186 at 1485 KLOCS/s:
    video adapter 90 x 0.5 / 1485 = 1/33, ring adapter 120 x 0.5 / 1485 = 4/99, SCSI 30 x 0.5 / 1485 = 1/99;
    memory 2 x 860160 B/s at the calibrated time per byte = 0.35 (i386), 0.10 (i486); disk 30 x 8 ms = 0.24.
    The i750 (frame_latency): compression 30 x 16.66 ms = 0.4998, decompression of one composite frame
    30 x 8.33 ms = 0.2499, mixing 30 x 8.33 ms = 0.2499 (Table 1's 50 / 25 / 25 % cycle, to the paper's
    rounding of the compute times).
    Move's routes with Table 1's 5 KLOCS: video adapter 90 x (1 + 0.5) / 1485 = 1/11; the ring adapter runs
    the network code for every packet, 120 x (5 + 0.5) / 1485 = 4/9; the SCSI adapter the file-system code
    for every request, 30 x (5 + 0.5) / 1485 = 1/9; no memory traffic. With move_adapter_kloc = 0 (the
    earlier reading) the ring and SCSI adapters fall back to Locate's 4/99 and 1/99. The host load is
    offered (100 KLOCS/frame: 90 x 125 + 900 = 12150 KLOCS/s, 1.42, not capped)."""
    loads = A.offered_loads(Config())
    assert list(loads) == ["i750 compression", "i750 decompression", "i750 mixing", "host CPU", "memory controller",
                           "Micro Channel", "video adapter 80C186", "token-ring adapter 80C186", "SCSI adapter 80C186",
                           "disk", "token ring"]
    expected = {"i750 compression": 0.4998, "i750 decompression": 0.2499, "i750 mixing": 0.2499,
                "host CPU": 4500 / 8550, "memory controller": 0.35, "Micro Channel": 2 * 860160 / 13.33e6,
                "video adapter 80C186": 1 / 33, "token-ring adapter 80C186": 4 / 99, "SCSI adapter 80C186": 1 / 99,
                "disk": 0.24, "token ring": 0.53}
    assert loads == pytest.approx(expected, rel=EXACT)
    assert A.offered_loads(Config(host="486"))["memory controller"] == pytest.approx(0.10, rel=EXACT)
    move = A.offered_loads(Config(io_mode="move"))
    assert move["memory controller"] == 0.0
    adapters = ("video adapter 80C186", "token-ring adapter 80C186", "SCSI adapter 80C186")
    assert [move[d] for d in adapters] == pytest.approx([1 / 11, 4 / 9, 1 / 9], rel=EXACT)
    zero = A.offered_loads(Config(io_mode="move", move_adapter_kloc=0.0))
    assert [zero[d] for d in adapters] == pytest.approx([1 / 11, 4 / 99, 1 / 99], rel=EXACT)
    assert A.offered_loads(Config(host_vc_kloc=100.0))["host CPU"] == pytest.approx(12150 / 8550, rel=EXACT)


def test_a_stage_busy_one_frame_time_is_at_load_exactly_one():
    """pipeline_model frame_time: the stage's server is busy 1/f for each of f frames per second, load f x 1/f = 1
    exactly (also at 49 frames/s, where 49 x (1/49) rounds to 0.9999999999999999 in floating point), so both
    codec stations are flagged; the chapter's frame_latency keeps them at the compute time's share."""
    for f in (30.0, 49.0):
        loads = A.offered_loads(Config(frame_rate=f, pipeline_model="frame_time"))
        assert loads["i750 compression"] == 1.0 and loads["i750 decompression"] == 1.0
    flagged = {d for _, d, _ in A.overloaded([Config(frame_rate=49.0, pipeline_model="frame_time")])}
    assert flagged == {"i750 compression", "i750 decompression"}
    assert A.overloaded([Config(frame_rate=49.0)]) == []


def test_adapter_saturation_by_the_utilisation_law():
    """The video 80C186 (1485 KLOCS/s) carries 3 frames per frame time at k + 0.5 KLOCS each: saturated at
    k = 1485 / (3 f) - 0.5, so 16 at 30 frames/s (the anchor) and 9 - 0.5 = 8.5 at 55 frames/s, where the
    simulated doubling point on the default grid (1, 8, ...) read 1.4 KLOCS."""
    assert A.adapter_saturation_kloc(Config(io_mode="move", frame_rate=30.0)) == pytest.approx(16.0, rel=EXACT)
    assert A.adapter_saturation_kloc(Config(io_mode="move", frame_rate=55.0)) == pytest.approx(8.5, rel=EXACT)


def test_overloaded_includes_a_load_of_exactly_one():
    """'At or above load 1': 60 KLOCS/frame on the i386 is the saturation anchor, 90 x 85 + 900 = 8550 KLOCS/s
    = the host's rate, exactly 1.0 in floating point (small integers); so is Move's video adapter at the knee,
    90 x (16 + 0.5) = 1485 KLOCS/s."""
    cfg = Config(host_vc_kloc=60.0)
    assert A.overloaded([cfg]) == [(cfg, "host CPU", 1.0)]
    knee = Config(io_mode="move", adapter_vc_kloc=16.0)
    assert A.overloaded([knee]) == [(knee, "video adapter 80C186", 1.0)]


def test_exercise_metrics_by_hand():
    """Exercise numbers from the paper's values: 3 streams x 30 frames/s x 8192 B + 30 x 4096 B per s,
    the 80C186 at 1000 * 30 * 3 * (16 + 0.5) = 1.485e6 instructions/s, the hosts at 8.55e6 and 24.75e6."""
    from mmstudies.huynh.analytic import exercise_metrics
    from mmstudies.huynh.config import calibration, paper_values

    got = {n: (x, u) for n, x, u, _ in exercise_metrics(paper_values(), calibration())}
    bytes_once = 3 * 30 * 8192 + 30 * 4096
    assert got["ex1_mc_bytes"] == (2 * bytes_once, "B/s")
    assert got["ex1_mc_locate_pct"][0] == pytest.approx(100 * 2 * bytes_once / 13.33e6, rel=1e-12)
    assert got["ex1_mc_move_pct"][0] == pytest.approx(100 * bytes_once / 13.33e6, rel=1e-12)
    assert got["ips_ratio"][0] == pytest.approx(24.75 / 8.55, rel=1e-12)
    assert got["ex4_adapter_mips"] == (pytest.approx(1.485, rel=1e-12), "M instr/s")
    assert got["ex4_net_ms"] == (pytest.approx(1e3 * 5500 / 1.485e6, rel=1e-12), "ms")
    assert got["ex4_packets_per_s"][0] == 120
    assert got["ex4_ring_adapter_pct"][0] == pytest.approx(100 * 120 * 5500 / 1.485e6, rel=1e-12)
    assert got["ex4_host_code_kloc"][0] == pytest.approx(15 + 5 + 2 * 10, rel=1e-12)
    assert got["ex4_locate_386_ms"][0] == pytest.approx(1e6 * 40 / 8.55e6, rel=1e-12)
    assert got["ex4_locate_486_ms"][0] == pytest.approx(1e6 * 40 / 24.75e6, rel=1e-12)


def test_errata_metrics_by_hand():
    import math

    from mmstudies.huynh.analytic import errata_metrics
    from mmstudies.huynh.config import paper_values

    got = {n: (x, u) for n, x, u, _ in errata_metrics(paper_values())}
    assert got == {"run_length_30_s": (pytest.approx(2000 / 30), "s"),
                   "p_frame_over_packet_pct": (pytest.approx(100 * math.exp(-1)), "%")}


# --- added from the mutation run (2026-11-26, fourth session) ---


def test_codec_and_mixing_loads_follow_the_selected_streams():
    """File transfers alone (streams ("ft",)): no outgoing frame is compressed, no incoming one decompressed or
    mixed, so the three i750 loads are 0, whether the stage serves its compute time (frame_latency) or a whole
    frame time (frame_time: 'exactly 1 for a fed stage', and an unfed one is idle)."""
    i750 = ("i750 compression", "i750 decompression", "i750 mixing")
    for model in ("frame_latency", "frame_time"):
        loads = A.offered_loads(Config(streams=("ft",), pipeline_model=model))
        assert [loads[d] for d in i750] == [0.0, 0.0, 0.0], model


def test_mixing_needs_distributed_mixing_of_two_incoming_streams():
    """Two participants under distributed mixing receive one stream (participants - 1 = 1): nothing to mix,
    mixing 0, while the one frame per frame time is still decompressed, 30 x 8.33 ms = 0.2499. Three
    participants mix two streams: 30 x 8.33 ms = 0.2499 (test_offered_loads_every_device_by_hand); central
    mixing sends one composite stream: nothing to mix either."""
    two = A.offered_loads(Config(participants=2))
    assert two["i750 mixing"] == 0.0
    assert two["i750 decompression"] == pytest.approx(0.2499, rel=EXACT)
    assert A.offered_loads(Config(mixing="centralized"))["i750 mixing"] == 0.0


def test_a_stage_busy_one_frame_time_at_one_frame_per_second():
    """frame_time at the lowest frame rate check_config allows, 1 frame/s: each codec stage is fed (one frame
    a second) and busy the whole second: load exactly 1."""
    loads = A.offered_loads(Config(frame_rate=1.0, pipeline_model="frame_time"))
    assert (loads["i750 compression"], loads["i750 decompression"]) == (1.0, 1.0)


def test_exercise_metrics_names_and_units_in_full():
    """The rows in order with their units, as the exercises' solutions print them."""
    from mmstudies.huynh.config import calibration, paper_values

    rows = A.exercise_metrics(paper_values(), calibration())
    assert [(n, u, note) for n, _, u, note in rows] == [
        ("ex1_mc_locate_pct", "%", None), ("ex1_mc_move_pct", "%", None), ("ex1_mc_bytes", "B/s", None),
        ("ips_ratio", "", None), ("ex4_adapter_mips", "M instr/s", None), ("ex4_net_ms", "ms", None),
        ("ex4_packets_per_s", "", None), ("ex4_ring_adapter_pct", "%", None), ("ex4_host_code_kloc", "", None),
        ("ex4_locate_386_ms", "ms", None), ("ex4_locate_486_ms", "ms", None)]
