"""The Huynh network against exact hand computations, conservation and reproducibility.

Runs are short (a few hundred frames); the deterministic cases are exact to 1e-9 s.
"""

from __future__ import annotations

import pytest

from mmbook.params import ParameterError
from mmstudies.huynh import calibration, run_once
from mmstudies.huynh import model as M
from mmstudies.huynh.config import Config, check_config, paper_values

KB = 1024


def test_deterministic_outgoing_locate_frame_has_the_hand_computed_delay():
    """One stream, fixed 8 kB frames, no contention: every delay is the sum of the stage times.

    Host: (VC 15 + S/2) then (S/2 + net 5 + S/2) KLOCS with S = 10; two control blocks on the
    adapters (0.5 KLOCS each); two DMAs (channel then memory); the ring transmission of
    8 (bytes + h) bits; the compression stage one frame time (periodic: no wait).
    """
    v, c = paper_values(), calibration()
    out = run_once(Config(frames=250, streams=("out",), frame_size="deterministic"), seed=1)
    b = 8 * KB
    host = (15 + 10 / 2) * 1e3 / c.host_ips_386 + (10 / 2 + 5 + 10 / 2) * 1e3 / c.host_ips_386
    adapters = 2 * 0.5e3 / c.adapter_ips
    dma = 2 * (b / 13.33e6 + b * c.mem_s_per_byte_386)
    ring = 8 * (b + c.ring_overhead_bytes) / (v["ring_mbit_s"] * 1e6)
    expected = 1 / 30 + host + adapters + dma + ring
    assert out["delay_send"] == pytest.approx(expected, abs=1e-12)
    assert out["delay_send_max"] == pytest.approx(expected, abs=1e-12)
    assert out["comp_send_compress_decompress"] == pytest.approx(1 / 30, abs=1e-12)   # D/D/1 at rho = 1: no wait


def test_deterministic_incoming_move_with_join_is_exact():
    """Two in-phase fixed-size incoming streams, Move Mode with Table 1's 5 KLOCS of network code on the
    ring adapter (Move's route with 5 KLOCS): queue, join, mix and decompress add exactly.

    Both frames of a frame time leave the ring together. The ring adapter serves them one after the
    other, adp = (5 + 0.5) KLOCS each; the video adapter takes vid = (1 + 0.5) KLOCS < adp, so the first
    frame is through it before the second arrives and neither waits there; the channel transfer
    (m < adp) never overlaps. The second frame completes the join at 2 adp + vid + m, the composite is
    mixed (8.33 ms) and decompressed: the i750's 8.33 ms plus the rest of the frame time, 1/f in all
    (periodic composites: no wait). The first frame waits adp at the join.
    """
    c = calibration()
    f = 10.0
    out = run_once(Config(io_mode="move", frames=250, streams=("in",), frame_size="deterministic",
                          frame_rate=f), seed=3)
    adp, vid, m = 5.5e3 / c.adapter_ips, 1.5e3 / c.adapter_ips, 8 * KB / 13.33e6
    assert adp > vid and adp > m
    expected = 2 * adp + vid + m + 8.33e-3 + 1 / f
    assert out["n_recv"] == 2 * (250 - 50)
    assert out["delay_recv"] == pytest.approx(expected, abs=1e-9)
    assert out["delay_recv_max"] == pytest.approx(expected, abs=1e-9)
    assert out["comp_recv_video_mixing"] == pytest.approx(8.33e-3 + adp / 2, abs=1e-9)


def test_deterministic_incoming_move_without_adapter_code_is_exact():
    """The same with move_adapter_kloc = 0 (the earlier reading): adp = 0.5 KLOCS < vid = 1.5 KLOCS, so the
    second frame waits at the video adapter: join at adp + 2 vid + m, the first frame's join wait vid."""
    c = calibration()
    f = 10.0
    out = run_once(Config(io_mode="move", frames=250, streams=("in",), frame_size="deterministic",
                          frame_rate=f, move_adapter_kloc=0.0), seed=3)
    adp, vid, m = 0.5e3 / c.adapter_ips, 1.5e3 / c.adapter_ips, 8 * KB / 13.33e6
    assert out["delay_recv"] == pytest.approx(adp + 2 * vid + m + 8.33e-3 + 1 / f, abs=1e-9)
    assert out["comp_recv_video_mixing"] == pytest.approx(8.33e-3 + vid / 2, abs=1e-9)


def test_codec_stage_lasts_one_frame_time_and_its_i750_only_the_compute_time():
    """frame_latency: a lone periodic outgoing stream (Move, fixed frames) spends exactly 1/f in compression
    (16.66 ms on the i750 + 1/f - 16.66 ms of pure delay), and the i750's utilisation is f x 16.66 ms =
    0.4998 at 30 frames/s (Table 1's 50 % cycle); frame_time keeps the server busy 1/f: utilisation 1."""
    cfg = Config(io_mode="move", frames=300, streams=("out",), frame_size="deterministic", frame_rate=30.0)
    out = run_once(cfg, seed=2)
    assert out["comp_send_compress_decompress"] == pytest.approx(1 / 30, abs=1e-9)
    assert out["util_compress"] == pytest.approx(0.4998, rel=1e-9)
    assert run_once(cfg.with_(pipeline_model="frame_time"), seed=2)["util_compress"] == pytest.approx(1.0, rel=1e-9)


@pytest.mark.parametrize("engine", ["lean", "ciw"])
def test_conservation_every_frame_leaves_or_is_counted(engine):
    """An overloaded host cut off without draining leaves frames inside; with the drain, none.

    Arrivals: 3 video streams x 200 frames + 30 requests/s x (200 / 30) s = 800.
    """
    cfg = Config(frames=200, host_vc_kloc=120)          # host at load 1.6: frames still inside at the end
    run = M.simulate_lean(cfg, seed=5, drain=0.0) if engine == "lean" else M.ciw_run(M.simulate(cfg, 5, drain=0.0))
    out = M.summarise_run(run, cfg, warmup=50)
    assert out["in_system"] > 0
    assert out["arrived"] == out["finished"] + out["in_system"]
    assert out["conservation_ok"] == 1.0
    drained = run_once(Config(frames=200), seed=5, engine=engine)
    assert drained["in_system"] == 0 and drained["arrived"] == 3 * 200 + round(30 * 200 / 30)


def test_move_mode_host_cpu_below_0_01_percent_with_the_paper_protocol():
    """Move: only the start-up code, 3 streams x 5 KLOCS / 8.55e6 instr/s over 66.7 s = 0.0026 %."""
    out = run_once(Config(io_mode="move", frames=2000), seed=1)
    assert out["util_host"] == pytest.approx(3 * 5e3 / 8.55e6 / (2000 / 30), rel=1e-9)
    assert out["util_memory"] == 0.0


def test_same_seed_same_numbers_and_seeds_differ():
    a = run_once(Config(frames=150), seed=11)
    b = run_once(Config(frames=150), seed=11)
    c = run_once(Config(frames=150), seed=12)
    assert a == b and a["delay_recv"] != c["delay_recv"]


def test_out_of_range_configurations_are_refused():
    with pytest.raises(ParameterError, match="frame_rate = 0 is not allowed"):
        check_config(Config(frame_rate=0))
    with pytest.raises(ParameterError, match="io_mode = 'burst' is not allowed"):
        check_config(Config(io_mode="burst"))
    with pytest.raises(ParameterError, match="streams"):
        check_config(Config(streams=()))
