"""Closed forms of the Huynh model: utilisations by the utilisation law U = X E[S].

Every frame and file request of a configuration brings a known amount of work to each device
(host code is deterministic per request; bytes have a known mean), so a device's utilisation
over the arrival window is exact without simulating: the simulated *work over the window*
equals it up to the sampling of frame sizes (host: exactly, as the host's work per request
does not depend on the frame size). ``tests/models/test_huynh_analytic.py`` checks both.

The chapter uses these where they are exact: the host-CPU sweep against the video-conferencing
path length (the paper's Fig. 5, CPU panel: 70 simulations before) and the utilisation-law
arithmetic the scorecard compares at 8 frames/s.

Examples
--------
>>> from mmstudies.huynh.config import Config
>>> round(host_utilisation(Config(host_vc_kloc=60.0)), 6)   # the 386 calibration anchor: saturated
1.0
>>> round(100 * ft_share(Config(frame_rate=30.0)), 6)          # the other anchor: 20 %
20.0
"""

from __future__ import annotations

import math

from .config import Config, calibration, codec_times, paper_values


def _video_streams(cfg: Config) -> int:
    """Video streams the host and the channel handle: the outgoing one plus the incoming ones."""
    return (1 if "out" in cfg.streams else 0) + cfg.n_incoming


def _ft_rate(cfg: Config) -> float:
    v = paper_values()
    return v["file_transfer_rate"] if ("ft" in cfg.streams and cfg.file_transfer) else 0.0


def host_work_per_s(cfg: Config) -> tuple[float, float]:
    """Host instructions per second (video, file transfers), Locate Mode; Move Mode runs none per frame.

    Per Locate video frame the host runs VC + network + 2 S KLOCS, per file request
    file system + network + 2 S (S: the calibrated per-request overhead).
    """
    if cfg.io_mode == "move":
        return 0.0, 0.0
    v, cal = paper_values(), calibration()
    s = cal.host_overhead_kloc
    video = cfg.frame_rate * _video_streams(cfg) * (cfg.host_vc_kloc + v["net_kloc"] + 2 * s)
    ft = _ft_rate(cfg) * (v["fs_kloc"] + v["net_kloc"] + 2 * s)
    return 1000.0 * video, 1000.0 * ft


def host_utilisation(cfg: Config, saturate: bool = True) -> float:
    """Host CPU utilisation (Locate); ``saturate`` caps it at 1 (a busy fraction cannot exceed 1).

    Move Mode: only the start-up code (5 KLOCS per stream) over the arrival window.
    """
    v, cal = paper_values(), calibration()
    ips = cal.host_ips_386 if cfg.host == "386" else cal.host_ips_486
    if cfg.io_mode == "move":
        n_streams = _video_streams(cfg)
        u = 1000.0 * v["init_kloc_move"] * n_streams / ips / cfg.duration
    else:
        u = sum(host_work_per_s(cfg)) / ips
    return min(1.0, u) if saturate else u


def ft_share(cfg: Config) -> float:
    """File transfers' share of the host's work (Locate Mode)."""
    video, ft = host_work_per_s(cfg)
    return ft / (video + ft) if video + ft > 0 else 0.0


def ring_utilisation(cfg: Config) -> float:
    """Whole-ring utilisation: every video stream once (mean frame size) plus the file transfers.

    The ring carries the outgoing stream and each incoming stream (the other participants'
    multicasts) and the file requests, each packet with the calibrated overhead h bytes.
    """
    v, cal = paper_values(), calibration()
    kb = v["bytes_per_kb"]
    f, n = cfg.frame_rate, _video_streams(cfg)
    ft = _ft_rate(cfg)
    payload = f * n * cfg.frame_kb * kb + ft * v["file_transfer_kb"] * kb
    packets = f * n + ft
    return 8.0 * (payload + packets * cal.ring_overhead_bytes) / (v["ring_mbit_s"] * 1e6)


def channel_utilisation(cfg: Config) -> float:
    """Micro Channel utilisation: bytes moved per second over the channel rate.

    Locate moves every frame and file request twice (adapter to memory, memory to adapter),
    Move once (adapter to adapter); no control traffic crosses the channel in this model.
    """
    v = paper_values()
    kb = v["bytes_per_kb"]
    rate = 1e6 * (v["mc_rate_386_mb_s"] if cfg.host == "386" else v["mc_rate_486_mb_s"])
    nbytes = cfg.frame_rate * _video_streams(cfg) * cfg.frame_kb * kb + _ft_rate(cfg) * v["file_transfer_kb"] * kb
    crossings = 2 if cfg.io_mode == "locate" else 1
    return crossings * nbytes / rate


def host_kloc_sweep(base: Config, host_klocs: list[float], frame_rate: float):
    """Host CPU utilisation against the VC path length (Fig. 5, CPU panel), both hosts, Locate, 3-way.

    A frame with the columns of a simulated summary (``util_host_busy_mean``, ``_ci`` = 0: exact).
    """
    import pandas as pd

    rows = []
    for h in ("386", "486"):
        for k in host_klocs:
            cfg = base.with_(io_mode="locate", host=h, mixing="distributed", frame_rate=float(frame_rate),
                             host_vc_kloc=float(k))
            rows.append({"host": h, "host_vc_kloc": float(k), "util_host_busy_mean": host_utilisation(cfg),
                         "util_host_busy_ci": 0.0, "util_host_offered": host_utilisation(cfg, saturate=False)})
    return pd.DataFrame(rows)


def saturation_kloc(host: str, base: Config, frame_rate: float, level: float = 1.0) -> float:
    """VC path length (KLOCS/frame) at which the Locate host's utilisation reaches ``level``.

    U is affine in the path length, so this is exact: solve U(k) = level.
    """
    cfg0 = base.with_(io_mode="locate", host=host, mixing="distributed", frame_rate=float(frame_rate),
                      host_vc_kloc=0.0)
    u0 = host_utilisation(cfg0, saturate=False)
    u1 = host_utilisation(cfg0.with_(host_vc_kloc=1.0), saturate=False)
    slope = u1 - u0
    return (level - u0) / slope if slope > 0 else float("nan")


def adapter_saturation_kloc(cfg: Config) -> float:
    """Video-conferencing path length (KLOCS/frame) at which the video adapter's 80C186 saturates in Move Mode.

    Every video frame through the adapter (the outgoing one and each incoming one) costs it
    ``k + adapter_scb_kloc`` KLOCS, so its load is ``f x streams x (k + a) x 1000 / ips``; it reaches 1
    at ``k = ips / (1000 f streams) - a`` (the utilisation law, exact: no grid of path lengths).

    Examples
    --------
    >>> round(adapter_saturation_kloc(Config(io_mode="move", frame_rate=30.0)), 9)   # the calibration anchor
    16.0
    >>> round(adapter_saturation_kloc(Config(io_mode="move", frame_rate=55.0)), 9)   # 16.5 x 30 / 55 - 0.5
    8.5
    """
    v, cal = paper_values(), calibration()
    streams = _video_streams(cfg)
    return cal.adapter_ips / (1000.0 * cfg.frame_rate * streams) - v["adapter_scb_kloc"]


def offered_loads(cfg: Config) -> dict[str, float]:
    """Offered load (utilisation law, before any saturation) of every single-server device.

    The i750's stages are included with the service the model gives them
    (:func:`~.routes.codec_times`): at Table 1's cycle shares under ``frame_latency`` and
    ``compute_time``, at exactly 1 under ``frame_time`` (the stage busy the whole frame time).
    The token ring is included too, although the model treats it as a pure delay (the paper:
    token waiting negligible): at an offered load of 1 or more that assumption cannot hold.
    """

    v, cal = paper_values(), calibration()
    kb = v["bytes_per_kb"]
    f, n = cfg.frame_rate, _video_streams(cfg)
    ft = _ft_rate(cfg)
    frames_per_s = f * n
    nbytes = frames_per_s * cfg.frame_kb * kb + ft * v["file_transfer_kb"] * kb
    a_scb = v["adapter_scb_kloc"]
    ips = cal.adapter_ips / 1000.0
    mem = cal.mem_s_per_byte_386 if cfg.host == "386" else cal.mem_s_per_byte_486
    if cfg.io_mode == "locate":
        video_adapter = frames_per_s * a_scb / ips
        ring_adapter = (frames_per_s + ft) * a_scb / ips
        scsi_adapter = ft * a_scb / ips
        memory = 2 * nbytes * mem
    else:
        video_adapter = frames_per_s * (cfg.adapter_vc_kloc + a_scb) / ips
        ring_adapter = (frames_per_s + ft) * (cfg.move_adapter_kloc + a_scb) / ips
        scsi_adapter = ft * (cfg.move_adapter_kloc + a_scb) / ips
        memory = 0.0
    compress, decompress, _, _ = codec_times(cfg)
    if cfg.pipeline_model == "frame_time":       # f x (1/f), exactly 1 (the product rounds below 1 for some f)
        compress = decompress = None
    out_rate = cfg.frame_rate if "out" in cfg.streams else 0.0
    in_rate = cfg.frame_rate if cfg.n_incoming else 0.0       # one composite (or single) frame per frame time
    mixing = cfg.frame_rate * v["mix_ms"] / 1e3 if cfg.mixing == "distributed" and cfg.n_incoming > 1 else 0.0
    return {"i750 compression": _stage_load(out_rate, compress),
            "i750 decompression": _stage_load(in_rate, decompress), "i750 mixing": mixing,
            "host CPU": host_utilisation(cfg, saturate=False), "memory controller": memory,
            "Micro Channel": channel_utilisation(cfg), "video adapter 80C186": video_adapter,
            "token-ring adapter 80C186": ring_adapter, "SCSI adapter 80C186": scsi_adapter,
            "disk": ft * calibration().disk_service_s, "token ring": ring_utilisation(cfg)}


def _stage_load(rate: float, service: float | None) -> float:
    """Offered load of a codec stage: ``rate x service``, or exactly 1 for a fed stage busy one frame time
    (``service`` None)."""
    if service is None:
        return 1.0 if rate > 0 else 0.0
    return rate * service


RING = "token ring"
# The stations each headline delay passes through (names of :func:`offered_loads`), the ring left out:
# the model treats it as a pure delay (its overload is warned about on its own).
DELAY_STATIONS = {
    "delay_send": ("i750 compression", "host CPU", "memory controller", "Micro Channel", "video adapter 80C186",
                   "token-ring adapter 80C186"),
    "delay_recv": ("token-ring adapter 80C186", "host CPU", "memory controller", "Micro Channel",
                   "video adapter 80C186", "i750 mixing", "i750 decompression"),
    "delay_ft": ("SCSI adapter 80C186", "disk", "host CPU", "memory controller", "Micro Channel",
                 "token-ring adapter 80C186"),
}


def station_name(device: str, io_mode: str) -> str:
    """A station of one mode, as the chapter records it: ``"host CPU, Locate"``."""
    return f"{device}, {io_mode.title()}"


def stations(cfg: Config) -> list:
    """The queueing stations of one configuration as :class:`mmperf.steady.Station` records, named by
    :func:`station_name`; the token ring, a pure delay in the model, is left out.

    Rates are in work per second: ``arrival_rate`` is the offered work (seconds of service per second,
    :func:`offered_loads`) and ``service_rate`` one second of service per second, so the utilisation
    is the offered load.

    Examples
    --------
    >>> from mmperf.steady import check_stations
    >>> [c.station for c in check_stations(stations(Config(pipeline_model="frame_time"))) if not c.steady]
    ['i750 compression, Locate', 'i750 decompression, Locate']
    >>> all(c.steady for c in check_stations(stations(Config())))
    True
    """
    from mmperf.steady import Station

    return [Station(station_name(device, cfg.io_mode), arrival_rate=rho, service_rate=1.0)
            for device, rho in offered_loads(cfg).items() if device != RING]


def overloaded(configs: list[Config]) -> list[tuple[Config, str, float]]:
    """(configuration, device, offered load) for every device at or above load 1.

    At load >= 1 a queue grows for as long as frames arrive: its delays depend on the run
    length and mean nothing as steady-state values.

    Examples
    --------
    >>> [(c.io_mode, d) for c, d, _ in overloaded([Config(io_mode="move", adapter_vc_kloc=30.0)])]
    [('move', 'video adapter 80C186')]
    """
    out = []
    for cfg in configs:
        for device, rho in offered_loads(cfg).items():
            if rho >= 1.0:
                out.append((cfg, device, rho))
    return out


def exercise_metrics(v: dict[str, float], cal) -> list[tuple[str, float, str, None]]:
    """The numbers of the exercises' solutions, by the utilisation law on the paper's values and the calibration.

    Rows ``(name, value, unit, None)`` for :func:`.experiments.record`. Exercise 1: the Micro
    Channel's bytes per second in Locate Mode at the top frame rate (three video streams and
    the file transfer, every byte crossing twice) and the i386 channel's utilisation in both
    modes. Exercise 2: the ratio of the calibrated host rates. Exercise 4: the network code plus
    one control element on the token-ring 80C186 (whose calibrated rate it gives in millions of
    instructions per second, as the calibration table does), per packet and as that adapter's
    utilisation, against Locate's per-frame host code on both hosts.

    Examples
    --------
    >>> from mmstudies.huynh.config import calibration, paper_values
    >>> m = {n: round(x, 4) for n, x, _, _ in exercise_metrics(paper_values(), calibration())}
    >>> m["ex1_mc_bytes"]          # 2 * (3 * 30 * 8192 + 30 * 4096) B/s
    1720320.0
    >>> m["ex4_packets_per_s"], m["ex4_host_code_kloc"]     # 3 * 30 + 30; 15 + 5 + 2 * 10
    (120.0, 40.0)
    """
    kb = v["bytes_per_kb"]
    f30, n3 = v["frame_rate_high"], int(v["participants_distributed"])
    mc_bytes = n3 * f30 * v["frame_kb_mean"] * kb + v["file_transfer_rate"] * v["file_transfer_kb"] * kb
    net_time = (v["net_kloc"] + v["adapter_scb_kloc"]) * 1e3 / cal.adapter_ips   # s per packet on the 80C186
    packets = n3 * f30 + v["file_transfer_rate"]
    host_code = v["vc_kloc_locate"] + v["net_kloc"] + 2 * cal.host_overhead_kloc
    return [("ex1_mc_locate_pct", 100 * 2 * mc_bytes / (v["mc_rate_386_mb_s"] * 1e6), "%", None),
            ("ex1_mc_move_pct", 100 * mc_bytes / (v["mc_rate_386_mb_s"] * 1e6), "%", None),
            ("ex1_mc_bytes", 2 * mc_bytes, "B/s", None),
            ("ips_ratio", cal.host_ips_486 / cal.host_ips_386, "", None),
            ("ex4_adapter_mips", cal.adapter_ips / 1e6, "M instr/s", None),   # the calibration table's unit
            ("ex4_net_ms", 1e3 * net_time, "ms", None),
            ("ex4_packets_per_s", packets, "", None),
            ("ex4_ring_adapter_pct", 100 * net_time * packets, "%", None),
            ("ex4_host_code_kloc", host_code, "", None),
            ("ex4_locate_386_ms", 1e6 * host_code / cal.host_ips_386, "ms", None),
            ("ex4_locate_486_ms", 1e6 * host_code / cal.host_ips_486, "ms", None)]


def errata_metrics(v: dict[str, float]) -> list[tuple[str, float, str, None]]:
    """Numbers of the errata section: the run length at 30 frames/s and the frames larger than a packet.

    ``run_length_30_s`` is the paper's 2000 frames at 30 frames/s ("over 1 s", it says);
    ``p_frame_over_packet_pct`` the share of exponential frames (mean 8 kB) above the 8 kB
    packet, ``exp(-1)``.

    Examples
    --------
    >>> from mmstudies.huynh.config import paper_values
    >>> [(n, round(x, 4)) for n, x, _, _ in errata_metrics(paper_values())]
    [('run_length_30_s', 66.6667), ('p_frame_over_packet_pct', 36.7879)]
    """
    return [("run_length_30_s", v["run_frames"] / v["frame_rate_high"], "s", None),
            ("p_frame_over_packet_pct", 100 * math.exp(-v["packet_max_kb"] / v["frame_kb_mean"]), "%", None)]
