"""The Huynh network against exact hand computations, conservation and reproducibility.

Runs are short (a few hundred frames); the deterministic cases are exact to 1e-9 s.
"""

from __future__ import annotations

import warnings
from math import inf

import ciw
import numpy as np
import pytest

from mmbook.params import ParameterError
from mmstudies.huynh import calibration, run_once
from mmstudies.huynh import model as M
from mmstudies.huynh.config import Config, check_config, paper_values
from mmstudies.huynh.lean import Individual, Rec, Run, simulate_lean
from mmstudies.huynh.nodes import FastSimulation, Step, _LeanFCFSMixin

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


# ---------------------------------------------------------------------------- added from the mutation run
# (2026-11-26, third session): the summary of a run made by hand (every number below is worked from the records
# written in the test), the arrival distribution, and the two engines' plumbing.

def _ind(id_number, cls, frame_index, steps, recs, window=(0, 0), nbytes=None, merged=False):
    ind = Individual(id_number, cls)
    ind.frame_index, ind.steps, ind.data_records, ind.window = frame_index, steps, [Rec(*r) for r in recs], window
    ind.nbytes, ind.merged = nbytes, merged
    return ind


#: an incoming route: ring adapter, channel, the mixing join, mixing, decompression; the delay window is all of it
IN_STEPS = [Step(M.TR_ADP, 0.01, M.DATA, M.DATA), Step(M.MC, 0.004, M.DATA, M.DATA), Step(M.JOIN, 0.0, M.MIXING, M.MIXING),
            Step(M.MIX, 0.008, M.MIXING, M.MIXING), Step(M.DECOMPRESS, 0.01, M.CODEC, M.CODEC)]


def _hand_run():
    """T = 20 frames / 10 frames/s = 2 s, warm-up 2 frames.

    - frame 9 (in2): merged at a join whose composite never finished (no frame 9 composite): not counted;
    - frame 5 (out): host 0.6-0.7 after 0.1 s waiting, ring 0.7-0.75, memory 0.75-0.77 (work 0.03 s);
    - frame 6 (out): host 1.95-2.05 (0.05 s inside the window), then still inside at the end;
    - file request 3: host 0.0-0.4, disk 0.5-0.8 after 0.1 s waiting; its delay window is the disk visit;
    - the start-up job: 0.25 s at INIT;
    - frame 4 (in1): ring adapter, then decompression 0.52-0.528 (8 ms after 20 ms waiting) and 25 ms of codec
      latency; its window is those two;
    - frame 7 (in1): one decompression of 10 ms, then still inside (window to step 1);
    - frame 8: in2 finishes the join at 1.024 and goes on (mixing 1.034-1.042 after 0.01 s waiting, decompression
      to 1.052); in1 waited 0.01 s at the join and is merged into it;
    - frame 8 (out): 0.1 s on the ring.
    """
    mem = Step(M.MEM, 0.02, M.DATA, M.DATA, 0.03)
    out_steps = [Step(M.HOST, 0.1, M.VCSW, M.OSQ), Step(M.RING, 0.05, M.DATA, M.DATA), mem]
    decompress = [Step(M.TR_ADP, 0.01, M.DATA, M.DATA), Step(M.DECOMPRESS, 0.008, M.CODEC, M.CODEC),
                  Step(M.CODEC_LATENCY, 0.025, M.CODEC, M.CODEC)]
    return Run([
        _ind(1, "in2", 9, IN_STEPS, [(M.TR_ADP, 1.5, 1.5, 1.51)], window=(0, 4), merged=True),
        _ind(2, "out", 5, out_steps, [(M.HOST, 0.5, 0.6, 0.7), (M.RING, 0.7, 0.7, 0.75), (M.MEM, 0.75, 0.75, 0.77)],
             window=(0, 2), nbytes=1000),
        _ind(3, "out", 6, out_steps, [(M.HOST, 1.9, 1.95, 2.05)], window=(0, 2), nbytes=3000),
        _ind(4, "ft", 3, [Step(M.HOST, 0.4, M.NETSW, M.OSQ), Step(M.DISK, 0.3, M.DATA, M.DATA)],
             [(M.HOST, 0.0, 0.0, 0.4), (M.DISK, 0.4, 0.5, 0.8)], window=(1, 1)),
        _ind(5, "init", 0, [Step(M.INIT, 0.25, M.VCSW, M.VCSW)], [(M.INIT, 0.0, 0.0, 0.25)]),
        _ind(6, "in1", 4, decompress,
             [(M.TR_ADP, 0.49, 0.49, 0.5), (M.DECOMPRESS, 0.5, 0.52, 0.528), (M.CODEC_LATENCY, 0.528, 0.528, 0.553)],
             window=(1, 2)),
        _ind(7, "in1", 7, [Step(M.DECOMPRESS, 0.01, M.CODEC, M.CODEC)], [(M.DECOMPRESS, 0.9, 0.9, 0.91)], window=(0, 1)),
        _ind(8, "in2", 8, IN_STEPS, [(M.TR_ADP, 1.0, 1.01, 1.02), (M.MC, 1.02, 1.02, 1.024), (M.JOIN, 1.024, 1.024, 1.024),
                                     (M.MIX, 1.024, 1.034, 1.042), (M.DECOMPRESS, 1.042, 1.042, 1.052)], window=(0, 4)),
        _ind(9, "in1", 8, IN_STEPS, [(M.TR_ADP, 0.995, 1.0, 1.01), (M.MC, 1.01, 1.01, 1.014), (M.JOIN, 1.014, 1.024, 1.024)],
             window=(0, 4), merged=True),
        _ind(10, "out", 8, [Step(M.RING, 0.1, M.DATA, M.DATA)], [(M.RING, 1.5, 1.5, 1.6)], nbytes=2000),
    ], arrived=11, finished=8, in_system=2, max_outstanding=2, events=77)


CFG = Config(frames=20, frame_rate=10.0)


def test_summary_of_a_run_made_by_hand():
    """Host work 0.1 + 0.1 + 0.4 = 0.6 s (the unfinished frame's completed host visit counts), of it 0.4 s the file
    request's; busy inside the window 0.1 + 0.05 + 0.4 = 0.55 s. Outgoing frames of 1000, 3000 and 2000 bytes at
    10 /s: 8 x 2000 x 10 / 1e6 = 0.16 Mbit/s. Utilisations are work over T = 2 s (memory: its work, 0.03 s; ring
    adapter 4 x 0.01 s; decompression 0.008 + 0.01 + 0.01 s). A decompression stage lasts (0.008 + 0.025), 0.01
    and 0.01 s: 0.053 / 3 on average."""
    out = M.summarise_run(_hand_run(), CFG, warmup=2)
    assert {k: out[k] for k in ("arrived", "finished", "in_system", "conservation_ok", "events", "max_outstanding")} \
        == {"arrived": 11, "finished": 8, "in_system": 2, "conservation_ok": 0.0, "events": 77, "max_outstanding": 2}
    expected = {"util_host_busy": 0.275, "out_bit_rate_mbit_s": 0.16, "util_host": (0.6 + 0.25) / 2,
                "host_ft_share": 0.4 / 0.6, "util_host_without_ft": 0.1, "util_host_init": 0.125,
                "util_memory": 0.015, "util_ring": 0.075, "util_disk": 0.15, "util_decompress": 0.014,
                "util_codec_latency": 0.0125, "util_ring_adapter": 0.02, "util_channel": 0.004, "util_mix": 0.004,
                "util_join": 0.0, "util_compress": 0.0, "decompress_service_mean": 0.053 / 3}
    assert {k: out[k] for k in expected} == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_summary_without_host_work_or_outgoing_frames():
    """No host visit: the file-transfer share is 0 (not 0 / 0); no outgoing frame: no bit rate; no decompression
    and no frame past the warm-up: undefined stage time and delays, without numpy's warning about an empty mean.
    The start-up job is no frame (warm-up 0 here). A run whose counts add up is conserved."""
    only = _ind(1, "init", 0, [Step(M.INIT, 0.25, M.VCSW, M.VCSW)], [(M.INIT, 0.0, 0.0, 0.25)])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = M.summarise_run(Run([only], 1, 1, 0, 0, 3), CFG, warmup=0)
    assert (out["host_ft_share"], out["out_bit_rate_mbit_s"], out["util_host"]) == (0.0, 0.0, 0.125)
    assert np.isnan(out["decompress_service_mean"]) and out["conservation_ok"] == 1.0
    assert (out["n_send"], out["n_recv"], out["n_ft"]) == (0, 0, 0)
    assert all(np.isnan(out[k]) for k in out if k.startswith(("delay_", "comp_")))


def test_summary_delays_of_the_hand_made_run():
    """Frame 5 (out): 0.77 - 0.5 = 0.27 s, of it 0.1 s waiting (operating system queuing), 0.1 s of video-conferencing
    software, 0.05 + 0.02 s of data transfers; out frame 8: 0.1 s of data transfers; frame 6 is still inside.
    The file request: 0.8 - 0.4 = 0.4 s, all data transfers (0.1 s waiting, 0.3 s served).
    Incoming: frame 4, 0.553 - 0.5 = 0.053 s of compress/decompress; frame 8's in2, from 1.0 to the composite's end
    1.052: 0.024 s data transfers, 0.018 s mixing, 0.01 s decompression; in1, merged, from 0.995 to the same
    1.052 = 0.057 s: its own 0.019 s of data transfers and 0.01 s at the join, plus the composite's 0.018 s of
    mixing and 0.01 s of decompression after the join. Frames 7 and 9 are not counted (still inside; merged into a
    composite that never finished)."""
    out = M.summarise_run(_hand_run(), CFG, warmup=2)
    assert (out["n_send"], out["n_ft"], out["n_recv"]) == (2, 1, 3)
    expected = {"delay_send": 0.185, "delay_send_max": 0.27, "comp_send_operating_system_queuing": 0.05,
                "comp_send_video_conferencing_software": 0.05, "comp_send_data_transfers": 0.085,
                "comp_send_network_software": 0.0, "delay_ft": 0.4, "delay_ft_max": 0.4, "comp_ft_data_transfers": 0.4,
                "comp_ft_network_software": 0.0, "comp_ft_operating_system_queuing": 0.0,
                "delay_recv": (0.053 + 0.052 + 0.057) / 3, "delay_recv_max": 0.057,
                "comp_recv_compress_decompress": (0.053 + 0.01 + 0.01) / 3,
                "comp_recv_data_transfers": (0.024 + 0.019) / 3, "comp_recv_video_mixing": (0.018 + 0.028) / 3}
    assert {k: out[k] for k in expected} == pytest.approx(expected, rel=1e-12, abs=1e-15)
    late = M.summarise_run(_hand_run(), CFG, warmup=6)      # frames 3, 4 and 5 now in the warm-up
    assert (late["n_send"], late["n_ft"], late["n_recv"]) == (2 - 1, 0, 3 - 1)
    assert np.isnan(late["delay_ft"]) and np.isnan(late["comp_ft_data_transfers"])


def test_frames_arrive_at_the_phase_then_every_period_then_never():
    frames = M.Frames(phase=0.3, period=0.1, count=3)
    assert [frames.sample() for _ in range(5)] == [0.3, 0.1, 0.1, inf, inf]


def _by_frame(run):
    return {(ind.customer_class, ind.frame_index): [tuple(r) for r in ind.data_records] for ind in run.individuals}


def test_ciw_run_collects_every_node_and_the_lean_engine_is_the_default():
    """Cut 20 ms before the end of the arrival window: the last outgoing frame (arrived 33.3 ms before the end) is
    still on the compression i750 (16.66 ms), node 1, so ciw_run must collect the individuals of every node. Both
    engines draw frame sizes and phases from random.Random(seed x 7919 + 17): the same frames, the same counts."""
    cfg = Config(frames=100)
    sim = M.simulate(cfg, 4, drain=-0.02)
    assert len(sim.nodes[1].all_individuals) == 1
    ciw_cut, lean_cut = M.ciw_run(sim), simulate_lean(cfg, 4, drain=-0.02)
    assert (ciw_cut.arrived, ciw_cut.finished, ciw_cut.in_system, ciw_cut.max_outstanding) == \
        (lean_cut.arrived, lean_cut.finished, lean_cut.in_system, lean_cut.max_outstanding)
    a, b = _by_frame(ciw_cut), _by_frame(lean_cut)
    assert a.keys() == b.keys()
    assert all(x[0] == y[0] and x[1:] == pytest.approx(y[1:], abs=1e-9) for k in a for x, y in zip(a[k], b[k], strict=True))
    default = M.simulate_run(cfg, 4)                      # engine="lean" when not given
    assert default.events == simulate_lean(cfg, 4).events != M.simulate(cfg, 4).events
    assert M.run_once(cfg, 4, engine="ciw")["events"] == M.simulate(cfg, 4).events   # run_once passes the engine on
    assert M.run_once(cfg, 4, warmup_frames=30)["n_send"] == 100 - 30                 # and its warm-up


def test_ciw_run_events_and_node_classes():
    """FastSimulation counts its events and ciw_run passes the count on; Ciw's own loop counts none (0). lean_nodes=True
    (the default) runs the lean node methods, lean_nodes=False Ciw's own. (The nodes mark what an event touched in
    the simulation's ``dirty`` set, so Ciw's loop needs one too: test_huynh_nodes.py's Plain.)"""
    class Plain(ciw.Simulation):
        def __init__(self, *args, **kwargs):
            self.dirty = set()
            super().__init__(*args, **kwargs)

    cfg = Config(frames=100, streams=("out",))
    fast = M.simulate(cfg, 1)
    assert isinstance(fast, FastSimulation) and M.ciw_run(fast).events == fast.events > 0
    assert isinstance(fast.nodes[1], _LeanFCFSMixin)
    plain = M.simulate(cfg, 1, simulation_class=Plain, lean_nodes=False)
    assert not isinstance(plain.nodes[1], _LeanFCFSMixin) and M.ciw_run(plain).events == 0
    with pytest.raises(ValueError, match=r"^engine must be 'lean' or 'ciw', got 'fast'$"):
        M.simulate_run(cfg, 1, engine="fast")


def test_ciw_breaks_ties_with_its_own_seeded_generator():
    """Two in-phase fixed-size incoming streams reach the ring adapter at the same instants: Ciw breaks such ties
    at random, so the simulation seeds Ciw too (ciw.seed(seed)): the same seed gives the same frame-by-frame
    records, run after run."""
    cfg = Config(io_mode="move", frames=100, streams=("in",), frame_size="deterministic", frame_rate=10.0)
    assert _by_frame(M.ciw_run(M.simulate(cfg, 3))) == _by_frame(M.ciw_run(M.simulate(cfg, 3)))


def test_file_transfer_share_adds_every_request():
    """Two file requests with 0.1 s and 0.3 s of host work and a video frame with 0.2 s: the requests' share of the
    host is (0.1 + 0.3) / 0.6 = 2/3, and the host without them is busy 0.2 s of T = 2 s: 0.1."""
    run = Run([_ind(1, "ft", 0, [Step(M.HOST, 0.1, M.NETSW, M.OSQ)], [(M.HOST, 0.0, 0.0, 0.1)]),
               _ind(2, "ft", 1, [Step(M.HOST, 0.3, M.NETSW, M.OSQ)], [(M.HOST, 0.1, 0.1, 0.4)]),
               _ind(3, "out", 0, [Step(M.HOST, 0.2, M.VCSW, M.OSQ)], [(M.HOST, 0.4, 0.4, 0.6)], nbytes=100)],
              3, 3, 0, 0, 0)
    out = M.summarise_run(run, CFG, warmup=0)
    assert (out["host_ft_share"], out["util_host_without_ft"]) == (pytest.approx(2 / 3), pytest.approx(0.1))
