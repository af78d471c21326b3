"""Calibration of the hardware numbers the paper does not print, to the paper's own anchors.

The paper (Huynh & Khoshgoftaar) gives Table 1 and the component rates, but not the host's
instruction rate, the memory controller's time per byte, the disk service time, the token
ring's per-packet overhead, the host's per-request SCB/interrupt overhead or the 80C186
speed. Each is fixed here by one anchor number the paper states (its section 5), with the
utilisation law U = X * E[S] applied to the workload of the anchor's configuration
(three-way conference, fully distributed mixing, background file transfers, Locate Mode,
unless said otherwise). Those anchors are therefore calibration *targets*, not checks.

All sizes use 1 kB = 1024 bytes; rates in the paper's decimal MB/s.

Examples
--------
>>> from mmstudies.huynh.calibration import host_overhead_kloc
>>> round(host_overhead_kloc(share=0.20, f=30, n_video=3, vc=15, net=5, fs=5, ft_rate=30), 6)
10.0
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Calibration:
    """The calibrated hardware numbers (all labelled *derived* in the book)."""

    host_overhead_kloc: float       # S: host SCB + interrupt work per I/O request (KLOCS)
    host_ips_386: float             # instructions per second
    host_ips_486: float
    mem_s_per_byte_386: float       # memory-controller time per byte moved
    mem_s_per_byte_486: float
    disk_service_s: float           # mean disk service time per 4 kB request
    ring_overhead_bytes: float      # per-packet framing/protocol overhead on the ring
    adapter_ips: float              # 80C186 instructions per second (all three adapters)

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


def host_overhead_kloc(*, share: float, f: float, n_video: int, vc: float, net: float, fs: float,
                       ft_rate: float) -> float:
    """Host work S per I/O request that makes file transfers ``share`` of the host's load.

    Host work per second is ``f*n_video*(vc + net + 2S) + ft_rate*(fs + net + 2S)`` (two I/O
    requests per video frame and per file transfer: one per adapter). Solving
    ``ft_work / total = share`` for S gives the formula below.
    """
    video, ft = f * n_video, ft_rate
    denom = 2 * (ft * (1 - share) - share * video)
    if denom <= 0:
        raise ValueError("no positive per-request overhead reproduces that file-transfer share")
    return (share * video * (vc + net) - ft * (1 - share) * (fs + net)) / denom


def host_work_kloc_per_s(*, f: float, n_video: int, vc: float, net: float, fs: float, ft_rate: float,
                         overhead: float) -> float:
    """Host work (KLOCS/s) of Locate Mode: video frames plus file transfers.

    Examples
    --------
    >>> host_work_kloc_per_s(f=30, n_video=3, vc=60, net=5, fs=5, ft_rate=30, overhead=10)
    8550
    """
    return f * n_video * (vc + net + 2 * overhead) + ft_rate * (fs + net + 2 * overhead)


def memory_bytes_per_s(*, f: float, n_video: int, frame_bytes: float, ft_rate: float, ft_bytes: float) -> float:
    """Bytes through the memory controller per second in Locate Mode (each transfer writes and reads once).

    Examples
    --------
    >>> memory_bytes_per_s(f=30, n_video=3, frame_bytes=8192, ft_rate=30, ft_bytes=4096)
    1720320.0
    """
    return 2.0 * (f * n_video * frame_bytes + ft_rate * ft_bytes)


def ring_overhead_bytes(*, target: float, f: float, n_video: int, frame_bytes: float, ft_rate: float,
                        ft_bytes: float, ring_bps: float) -> float:
    """Per-packet overhead h that makes the whole-ring utilisation equal ``target``.

    The ring carries every participant's multicast stream once (``n_video`` streams at f) and
    the file transfer: ``U = 8 * (bytes/s + packets/s * h) / ring_bps``.
    """
    packets = f * n_video + ft_rate
    payload = f * n_video * frame_bytes + ft_rate * ft_bytes
    return (target * ring_bps / 8.0 - payload) / packets


def ring_utilisation(*, f: float, n_video: int, frame_bytes: float, ft_rate: float, ft_bytes: float,
                     ring_bps: float, overhead: float) -> float:
    """Whole-ring utilisation by the utilisation law.

    Examples
    --------
    >>> round(ring_utilisation(f=30, n_video=3, frame_bytes=8192, ft_rate=30, ft_bytes=4096,
    ...                        ring_bps=16e6, overhead=0), 5)
    0.43008
    """
    packets = f * n_video + ft_rate
    payload = f * n_video * frame_bytes + ft_rate * ft_bytes
    return 8.0 * (payload + packets * overhead) / ring_bps


def calibrate(v: dict[str, float]) -> Calibration:
    """All calibrated numbers from the paper's anchors in ``v`` (``data/huynh/parameters.csv`` values).

    Examples
    --------
    >>> from mmstudies.huynh.config import paper_values
    >>> c = calibrate(paper_values())
    >>> round(c.host_ips_386 / 1e6, 2), round(c.host_ips_486 / 1e6, 2)
    (8.55, 24.75)
    >>> round(c.disk_service_s * 1e3, 3)
    8.0
    """
    kb = v["bytes_per_kb"]
    f = v["frame_rate_high"]
    n_video = int(v["participants_distributed"])     # 1 outgoing + (N-1) incoming
    frame_bytes = v["frame_kb_mean"] * kb
    ft_bytes = v["file_transfer_kb"] * kb
    ft_rate = v["file_transfer_rate"]
    common = dict(f=f, n_video=n_video, net=v["net_kloc"], fs=v["fs_kloc"], ft_rate=ft_rate)
    s = host_overhead_kloc(share=v["anchor_ft_share_30_pct"] / 100, vc=v["vc_kloc_locate"], **common)
    ips = {h: 1000.0 * host_work_kloc_per_s(vc=v[f"anchor_cpu_saturation_{h}_kloc"], overhead=s, **common)
           for h in ("386", "486")}
    mem_bytes = memory_bytes_per_s(f=f, n_video=n_video, frame_bytes=frame_bytes, ft_rate=ft_rate,
                                   ft_bytes=ft_bytes)
    ring_h = ring_overhead_bytes(target=v["anchor_ring_30_pct"] / 100, f=f, n_video=n_video,
                                 frame_bytes=frame_bytes, ft_rate=ft_rate, ft_bytes=ft_bytes,
                                 ring_bps=v["ring_mbit_s"] * 1e6)
    # Video 80C186 in Move Mode saturates at the knee: every frame (1 out, N-1 in) costs
    # the VC code plus one control element.
    adapter_ips = 1000.0 * f * n_video * (v["anchor_adapter_knee_kloc"] + v["adapter_scb_kloc"])
    return Calibration(
        host_overhead_kloc=s,
        host_ips_386=ips["386"],
        host_ips_486=ips["486"],
        mem_s_per_byte_386=v["anchor_mem_386_pct"] / 100 / mem_bytes,
        mem_s_per_byte_486=v["anchor_mem_486_pct"] / 100 / mem_bytes,
        disk_service_s=v["anchor_disk_pct"] / 100 / ft_rate,
        ring_overhead_bytes=ring_h,
        adapter_ips=adapter_ips,
    )


def ring_no_overhead_pct(v: dict[str, float]) -> float:
    """Whole-ring utilisation (%) at the ring anchor's configuration with no per-packet overhead.

    The bits alone, at the paper's top frame rate, three video streams and the file transfer:
    what the fitted overhead has to make up to reach the anchor (53 %).

    Examples
    --------
    >>> from mmstudies.huynh.config import paper_values
    >>> round(ring_no_overhead_pct(paper_values()), 3)     # 8 * (3*30*8192 + 30*4096) / 16e6
    43.008
    """
    kb = v["bytes_per_kb"]
    return 100 * ring_utilisation(
        f=v["frame_rate_high"], n_video=int(v["participants_distributed"]), frame_bytes=v["frame_kb_mean"] * kb,
        ft_rate=v["file_transfer_rate"], ft_bytes=v["file_transfer_kb"] * kb, ring_bps=v["ring_mbit_s"] * 1e6,
        overhead=0)


def calibration_table(cal: Calibration):
    """The chapter's calibration table: each calibrated number, its value in a readable unit, its anchor.

    Returns a :class:`pandas.DataFrame` with the columns ``calibrated number (derived)``, ``value``,
    ``unit`` and ``paper anchor used``, one row per field of :class:`Calibration`, in its order.

    Examples
    --------
    >>> from mmstudies.huynh.config import calibration
    >>> t = calibration_table(calibration())
    >>> round(float(t.loc[5, "value"]), 6), t.loc[5, "unit"]    # the disk: 24 % at 30 requests/s, 8 ms each
    (8.0, 'ms')
    """
    import pandas as pd

    return pd.DataFrame([
        ("host SCB + interrupt work per I/O request", cal.host_overhead_kloc, "KLOCS",
         "file transfers = 20 % of host CPU at 30 frames/s (seed line 205)"),
        ("386 host instruction rate", cal.host_ips_386 / 1e6, "M instr/s",
         "386 saturates at 60 KLOCS/frame (seed line 199)"),
        ("486 host instruction rate", cal.host_ips_486 / 1e6, "M instr/s",
         "486 saturates at 240 KLOCS/frame (seed line 199)"),
        ("memory time per byte, 386", cal.mem_s_per_byte_386 * 1e9, "ns/byte",
         "memory 35 % at 30 frames/s (seed line 211)"),
        ("memory time per byte, 486", cal.mem_s_per_byte_486 * 1e9, "ns/byte",
         "memory 10 % at 30 frames/s (seed line 211)"),
        ("disk service time per 4 kB request", cal.disk_service_s * 1e3, "ms", "disk 24 % (seed line 211)"),
        ("token-ring overhead per packet", cal.ring_overhead_bytes, "bytes",
         "ring 53 % at 30 frames/s (seed line 213)"),
        ("80C186 instruction rate", cal.adapter_ips / 1e6, "M instr/s",
         "Move delay knee at 16 KLOCS/frame (seed line 201)"),
    ], columns=["calibrated number (derived)", "value", "unit", "paper anchor used"])
