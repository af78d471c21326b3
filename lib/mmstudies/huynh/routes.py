"""The network's stations and the routes a frame takes through them, shared by the Ciw model
(:mod:`.model`) and the lean event loop (:mod:`.lean`), so that neither imports the other.

The station list and the route narratives are documented in :mod:`.model`.
"""

from __future__ import annotations

import random
from collections import defaultdict
from math import inf

from .config import Config, calibration, codec_times, paper_values
from .nodes import Step

COMPRESS, DECOMPRESS, MIX, JOIN, HOST, MEM, MC, VIDEO_ADP, TR_ADP, SCSI_ADP, DISK, RING, \
    GATE_VIDEO, GATE_TR, GATE_DISK, INIT, CODEC_LATENCY = range(1, 18)
NODE_NAMES = {COMPRESS: "compress", DECOMPRESS: "decompress", MIX: "mix", JOIN: "join", HOST: "host",
              MEM: "memory", MC: "channel", VIDEO_ADP: "video_adapter", TR_ADP: "ring_adapter",
              SCSI_ADP: "scsi_adapter", DISK: "disk", RING: "ring", GATE_VIDEO: "gate_video",
              GATE_TR: "gate_ring", GATE_DISK: "gate_disk", INIT: "host_init", CODEC_LATENCY: "codec_latency"}
NODE_KINDS = ["fcfs", "fcfs", "fcfs", "join", "fcfs", "fcfs", "ps", "fcfs", "fcfs", "fcfs", "fcfs",
              "fcfs", "gate", "gate", "gate", "fcfs", "fcfs"]
NODE_SERVERS = [1, 1, 1, inf, 1, 1, inf, 1, 1, 1, 1, inf, inf, inf, inf, 1, inf]

CATEGORIES = ("video mixing", "operating system queuing", "data transfers", "network software",
              "video conferencing software", "compress/decompress")
MIXING, OSQ, DATA, NETSW, VCSW, CODEC = CATEGORIES
OUTSIDE = "outside"   # steps outside the measured delay window


def _shifted(steps, release: dict[int, int], start: int, end: int, shift: int):
    """Token releases and delay window of a route whose first ``shift`` extra steps (the codec latency)
    move every later index."""
    return steps, {k + shift: g for k, g in release.items()}, start, end + shift


class Timing:
    """Service times of one configuration (seconds)."""

    def __init__(self, cfg: Config):
        v, cal = paper_values(), calibration()
        self.kb = v["bytes_per_kb"]
        self.host_ips = cal.host_ips_386 if cfg.host == "386" else cal.host_ips_486
        self.adapter_ips = cal.adapter_ips
        self.mc_rate = 1e6 * (v["mc_rate_386_mb_s"] if cfg.host == "386" else v["mc_rate_486_mb_s"])
        self.mem_per_byte = cal.mem_s_per_byte_386 if cfg.host == "386" else cal.mem_s_per_byte_486
        self.ring_bps = v["ring_mbit_s"] * 1e6
        self.ring_overhead = cal.ring_overhead_bytes
        self.disk_mean = cal.disk_service_s
        self.disk_cv = v["disk_cv"]
        self.S = cal.host_overhead_kloc
        self.split = v["host_scb_split"]
        self.a_scb = v["adapter_scb_kloc"]
        self.net, self.fs, self.init = v["net_kloc"], v["fs_kloc"], v["init_kloc_move"]
        self.move_net = self.move_fs = cfg.move_adapter_kloc
        self.ft_overlap = cfg.ft_overlap
        self.vc_host, self.vc_adapter = cfg.host_vc_kloc, cfg.adapter_vc_kloc
        self.compress, self.decompress, self.compress_latency, self.decompress_latency = codec_times(cfg)
        self.mix = v["mix_ms"] / 1e3
        self.ft_bytes = v["file_transfer_kb"] * self.kb
        self.ft_rate = v["file_transfer_rate"]

    def host(self, kloc: float) -> float:
        return 1000.0 * kloc / self.host_ips

    def codec(self, node: int) -> list[Step]:
        """The compression (``COMPRESS``) or decompression (``DECOMPRESS``) stage: the i750's service and,
        under ``frame_latency``, the rest of the frame time as a pure delay."""
        service, latency = ((self.compress, self.compress_latency) if node == COMPRESS
                            else (self.decompress, self.decompress_latency))
        steps = [Step(node, service, CODEC, CODEC)]
        if latency > 0:
            steps.append(Step(CODEC_LATENCY, latency, CODEC, CODEC))
        return steps

    def adapter(self, kloc: float) -> float:
        return 1000.0 * kloc / self.adapter_ips

    def ring(self, nbytes: float) -> float:
        return 8.0 * (nbytes + self.ring_overhead) / self.ring_bps


class RouteBuilder:
    """Builds each individual's steps (node, service time, delay category) at its arrival."""

    def __init__(self, cfg: Config, timing: Timing, rng: random.Random):
        self.cfg, self.t, self.rng = cfg, timing, rng
        self.mean_bytes = cfg.frame_kb * timing.kb
        self.counters: dict[str, int] = defaultdict(int)

    # -- pieces of routes --------------------------------------------------------------------
    def _locate_io(self, gate: int, adapter: int, nbytes: float, pre: list[Step] = ()) -> list[Step]:
        """Driver queue -> adapter decodes the control block -> DMA over the channel and memory."""
        t = self.t
        return [Step(gate, 0.0, OSQ, OSQ), *pre, Step(adapter, t.adapter(t.a_scb), DATA, DATA),
                Step(MC, nbytes / t.mc_rate, DATA, DATA), Step(MEM, nbytes * t.mem_per_byte, DATA, DATA)]

    def _host(self, kloc: float, category: str) -> Step:
        return Step(HOST, self.t.host(kloc), category, category)

    # -- chains ------------------------------------------------------------------------------
    def outgoing(self, nbytes: float) -> tuple[list[Step], dict[int, int], int, int]:
        t, S, a = self.t, self.t.S, self.t.split
        if self.cfg.io_mode == "locate":
            steps = [*t.codec(COMPRESS),
                     self._host(t.vc_host + a * S, VCSW),                       # frame-ready interrupt, VC code, video SCB
                     *self._locate_io(GATE_VIDEO, VIDEO_ADP, nbytes),           # VRAM -> memory
                     self._host((1 - a) * S + t.net + a * S, NETSW),            # video complete; network code; ring SCB
                     *self._locate_io(GATE_TR, TR_ADP, nbytes),                 # memory -> ring adapter
                     Step(RING, t.ring(nbytes), DATA, DATA),                    # sent on the ring: delay ends
                     Step(HOST, t.host((1 - a) * S), OUTSIDE, OUTSIDE)]         # ring complete interrupt
            return _shifted(steps, {5: GATE_VIDEO, 11: GATE_TR}, 0, 11, len(steps) - 13)
        steps = [*t.codec(COMPRESS),
                 Step(VIDEO_ADP, t.adapter(t.vc_adapter + t.a_scb), VCSW, DATA),   # header, VC code, control element
                 Step(TR_ADP, t.adapter(t.move_net + t.a_scb), NETSW, DATA),      # pipe queue; sets up the DMA
                 Step(MC, nbytes / t.mc_rate, DATA, DATA),                        # VRAM -> ring adapter buffer
                 Step(RING, t.ring(nbytes), DATA, DATA)]
        return steps, {}, 0, len(steps) - 1

    def incoming(self, nbytes: float) -> tuple[list[Step], dict[int, int], int, int]:
        t, S, a = self.t, self.t.S, self.t.split
        tail = []
        if self.cfg.mixing == "distributed" and self.cfg.n_incoming > 1:
            tail = [Step(JOIN, 0.0, MIXING, MIXING), Step(MIX, t.mix, MIXING, MIXING)]
        tail.extend(t.codec(DECOMPRESS))
        if self.cfg.io_mode == "locate":
            steps = [Step(RING, t.ring(nbytes), OUTSIDE, OUTSIDE),              # remote sender's transmission
                     self._host(t.net + a * S, NETSW),                          # receive interrupt; network code; ring SCB
                     *self._locate_io(GATE_TR, TR_ADP, nbytes),                 # ring adapter -> memory
                     self._host((1 - a) * S + t.vc_host + a * S, VCSW),         # ring complete; VC code; video SCB
                     *self._locate_io(GATE_VIDEO, VIDEO_ADP, nbytes),           # memory -> VRAM
                     self._host((1 - a) * S, VCSW),                             # video complete interrupt
                     *tail]
            return steps, {5: GATE_TR, 10: GATE_VIDEO}, 1, len(steps) - 1
        steps = [Step(RING, t.ring(nbytes), OUTSIDE, OUTSIDE),
                 Step(TR_ADP, t.adapter(t.move_net + t.a_scb), NETSW, DATA),      # control element to the video adapter
                 Step(VIDEO_ADP, t.adapter(t.vc_adapter + t.a_scb), VCSW, DATA),  # pipe queue; VC code, sets up DMA
                 Step(MC, nbytes / t.mc_rate, DATA, DATA),                        # ring adapter buffer -> VRAM
                 *tail]
        return steps, {}, 1, len(steps) - 1

    def file_transfer(self, disk_time: float) -> tuple[list[Step], dict[int, int], int, int]:
        t, S, a, nbytes = self.t, self.t.S, self.t.split, self.t.ft_bytes
        if self.cfg.io_mode == "locate":
            steps = [self._host(t.fs + a * S, NETSW),                           # file system code; disk SCB
                     Step(GATE_DISK, 0.0, OSQ, OSQ),
                     Step(SCSI_ADP, t.adapter(t.a_scb), DATA, DATA),
                     Step(DISK, disk_time, DATA, DATA),
                     Step(MC, nbytes / t.mc_rate, DATA, DATA),
                     Step(MEM, nbytes * t.mem_per_byte, DATA, DATA),
                     self._host((1 - a) * S + t.net + a * S, NETSW),            # disk complete; network code; ring SCB
                     *self._locate_io(GATE_TR, TR_ADP, nbytes),
                     Step(RING, t.ring(nbytes), DATA, DATA),
                     Step(HOST, t.host((1 - a) * S), OUTSIDE, OUTSIDE)]
            return steps, {5: GATE_DISK, 11: GATE_TR}, 0, 11
        # Peer to peer, the ring adapter sends while the disk side is still reading (the paper:
        # "allows these two slow subsystems to operate in parallel", seed line 256): only the part of
        # the transmission longer than the disk read adds to the delay; the ring is busy for all of it.
        # With ft_overlap off the transmission follows the read, as in Locate Mode.
        ring = t.ring(nbytes)
        ring_delay = max(0.0, ring - disk_time) if t.ft_overlap else ring
        steps = [Step(SCSI_ADP, t.adapter(t.move_fs + t.a_scb), NETSW, DATA),    # control element
                 Step(DISK, disk_time, DATA, DATA),
                 Step(TR_ADP, t.adapter(t.move_net + t.a_scb), NETSW, DATA),      # pipe queue; sets up the DMA
                 Step(MC, nbytes / t.mc_rate, DATA, DATA),                        # SCSI buffer -> ring adapter
                 Step(RING, ring_delay, DATA, DATA, work=ring)]
        return steps, {}, 0, 4

    # -- routes ------------------------------------------------------------------------------
    def route(self, cls: str) -> tuple[int, float | None, list[Step], dict[int, int], int, int]:
        """The next individual of class ``cls``: frame index, bytes, steps, token releases, delay window.

        Draws from the seeded generator (frame size, disk time) in the order it is called: the
        order of arrivals, the same in the Ciw model and the lean loop.
        """
        index = self.counters[cls]
        self.counters[cls] += 1
        nbytes = None
        if cls == "init":
            steps, release, start, end = [Step(INIT, self.t.host(self.t.init), OUTSIDE, OUTSIDE)], {}, 0, 0
        elif cls == "ft":
            disk = self.rng.gammavariate(1 / self.t.disk_cv**2, self.t.disk_mean * self.t.disk_cv**2) \
                if self.t.disk_cv > 0 else self.t.disk_mean
            steps, release, start, end = self.file_transfer(disk)
        else:
            nbytes = self.rng.expovariate(1.0 / self.mean_bytes) if self.cfg.frame_size == "exponential" \
                else self.mean_bytes
            steps, release, start, end = (self.outgoing if cls == "out" else self.incoming)(nbytes)
        return index, nbytes, steps, release, start, end

    def __call__(self, ind, simulation):
        """The Ciw route function (``ciw.routing.ProcessBased``)."""
        cls = ind.customer_class
        index, nbytes, steps, release, start, end = self.route(cls)
        ind.frame_index, ind.stream, ind.merged, ind.nbytes = index, cls, False, nbytes
        ind.join_group = self.cfg.n_incoming
        ind.steps = steps
        ind.release = release
        ind.token_release = {i: simulation.nodes[g] for i, g in release.items()}
        ind.window = (start, end)
        return [s.node for s in steps[1:]]


def arrival_plan(cfg: Config, rng: random.Random, timing: Timing) -> dict[str, tuple[int, float, float, int]]:
    """Per class: (first node, first arrival, period, count). Draws the phases from ``rng``.

    The incoming streams share one phase (frame-synchronised, random relative to our camera);
    the file transfers have their own random phase; Move Mode's start-up jobs arrive at 0.
    """
    period = cfg.frame_time
    plan = {}
    if "out" in cfg.streams:
        plan["out"] = (COMPRESS, 0.0, period, cfg.frames)
    phase = rng.uniform(0, period)
    for k in range(cfg.n_incoming):
        plan[f"in{k + 1}"] = (RING, phase, period, cfg.frames)
    if "ft" in cfg.streams and cfg.file_transfer:
        count = int(round(timing.ft_rate * cfg.duration))
        first = HOST if cfg.io_mode == "locate" else SCSI_ADP
        plan["ft"] = (first, rng.uniform(0, 1 / timing.ft_rate), 1 / timing.ft_rate, count)
    if cfg.io_mode == "move":
        n_streams = sum(1 for c in plan if c != "ft")
        plan["init"] = (INIT, 0.0, 0.0, n_streams)
    return plan
