"""One model configuration: workload, hardware and simulation settings.

The paper's values come from ``data/huynh/parameters.csv`` (labelled per value); the
hardware numbers the paper does not print come from :mod:`.calibration`.

Examples
--------
>>> cfg = Config(io_mode="move", host="486", frame_rate=15)
>>> cfg.n_incoming, cfg.frame_time
(2, 0.06666666666666667)
>>> cfg.with_(mixing="centralized").n_incoming
1
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache

from mmperf.data import load_table, load_values
from mmperf.errors import ParameterError

from .calibration import Calibration, calibrate

IO_MODES = ("locate", "move")
HOSTS = ("386", "486")
MIXINGS = ("centralized", "distributed")
PIPELINE_MODELS = ("frame_latency", "frame_time", "compute_time")
FRAME_SIZES = ("exponential", "deterministic")
STREAMS = ("out", "in", "ft")


@lru_cache(maxsize=1)
def paper_values() -> dict[str, float]:
    """``data/huynh/parameters.csv`` as ``{name: value}``."""
    return {k: float(v) for k, v in load_values("huynh", "parameters").items()}


@lru_cache(maxsize=1)
def calibration() -> Calibration:
    """The calibrated hardware numbers (see :mod:`.calibration`)."""
    return calibrate(paper_values())


def table1():
    """The paper's Table 1 as the chapter shows it: ``data/huynh/table1.csv``, each value as printed.

    Columns ``group``, ``item``, ``value`` (text, ``{:g}``: no padded zeros), ``unit``, ``printed``.

    Examples
    --------
    >>> t = table1()
    >>> list(t.columns)
    ['group', 'item', 'value', 'unit', 'printed']
    >>> isinstance(t["value"].iloc[0], str)
    True
    """
    t = load_table("huynh", "table1")
    return t[["group", "item", "value", "unit", "printed"]].assign(value=t["value"].map("{:g}".format))


@dataclass(frozen=True)
class Config:
    """Everything one simulation run needs (defaults: the paper's 386 Locate, 30 frames/s, 3-way).

    ``streams`` selects the open chains: ``out`` (outgoing video), ``in`` (the incoming
    stream(s)), ``ft`` (the background file transfer). ``participants`` sets the number of
    incoming streams under distributed mixing (participants - 1).
    """

    io_mode: str = "locate"
    host: str = "386"
    frame_rate: float = 30.0
    mixing: str = "distributed"
    file_transfer: bool = True
    frame_kb: float = 8.0
    host_vc_kloc: float = 15.0
    adapter_vc_kloc: float = 1.0
    participants: int = 3
    frames: int = 2000
    pipeline_model: str = "frame_latency"
    move_adapter_kloc: float = 5.0
    ft_overlap: bool = True
    frame_size: str = "exponential"
    streams: tuple[str, ...] = STREAMS

    def with_(self, **changes) -> Config:
        return replace(self, **changes)

    @property
    def frame_time(self) -> float:
        return 1.0 / self.frame_rate

    @property
    def n_incoming(self) -> int:
        if "in" not in self.streams:
            return 0
        return self.participants - 1 if self.mixing == "distributed" else 1

    @property
    def duration(self) -> float:
        """Length of the arrival window: ``frames`` frames of every video stream."""
        return self.frames / self.frame_rate

    def key(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def codec_times(cfg: Config) -> tuple[float, float, float, float]:
    """The codec stages of one configuration: i750 service of compression and decompression (s), and the
    pure delay after each that makes the stage last one frame time (``frame_latency`` only).

    - ``frame_latency`` (default): the i750 is busy its compute time (16.66 ms, 8.33 ms: seed line 72),
      and a frame leaves the single-stage pipeline one frame time after it entered it (the paper's
      stage delay "without any queuing", seed lines 246-248). The i750 stations run at Table 1's cycle
      shares (50 % and 25 % at 30 frames/s), so their queues are stable below 60 frames/s.
    - ``frame_time``: the stage's server is busy the whole frame time, the literal reading. Fed at the
      frame rate it runs at utilisation exactly 1: no steady state.
    - ``compute_time``: the stage takes only the i750's compute time.

    Examples
    --------
    >>> [round(1e3 * x, 2) for x in codec_times(Config(frame_rate=30.0))]
    [16.66, 8.33, 16.67, 25.0]
    >>> [round(1e3 * x, 2) for x in codec_times(Config(frame_rate=30.0, pipeline_model="frame_time"))]
    [33.33, 33.33, 0.0, 0.0]
    """
    v = paper_values()
    compress, decompress = v["compress_ms"] / 1e3, v["decompress_ms"] / 1e3
    if cfg.pipeline_model == "frame_time":
        return cfg.frame_time, cfg.frame_time, 0.0, 0.0
    if cfg.pipeline_model == "compute_time":
        return compress, decompress, 0.0, 0.0
    return compress, decompress, max(0.0, cfg.frame_time - compress), max(0.0, cfg.frame_time - decompress)


def check_config(cfg: Config) -> None:
    """Raise :class:`ParameterError` naming the field when a configuration is out of range.

    Examples
    --------
    >>> check_config(Config(frame_rate=-1))
    Traceback (most recent call last):
    ...
    mmperf.errors.ParameterError: frame_rate = -1 is not allowed: expected 1 <= frame_rate <= 60 (frames/s)
    """
    choices = {"io_mode": IO_MODES, "host": HOSTS, "mixing": MIXINGS, "pipeline_model": PIPELINE_MODELS,
               "frame_size": FRAME_SIZES}
    for name, allowed in choices.items():
        if getattr(cfg, name) not in allowed:
            raise ParameterError(f"{name} = {getattr(cfg, name)!r} is not allowed: expected one of {allowed}")
    ranges = {"frame_rate": (1, 60, "frames/s"), "frame_kb": (0.5, 64, "kB"),
              "host_vc_kloc": (0, 1000, "KLOCS/frame"), "adapter_vc_kloc": (0, 100, "KLOCS/frame"),
              "move_adapter_kloc": (0, 100, "KLOCS/request"),
              "participants": (2, 8, "participants"), "frames": (100, 100000, "frames")}
    for name, (lo, hi, unit) in ranges.items():
        value = getattr(cfg, name)
        if not lo <= value <= hi:
            raise ParameterError(f"{name} = {value!r} is not allowed: expected {lo} <= {name} <= {hi} ({unit})")
    bad = set(cfg.streams) - set(STREAMS)
    if bad or not cfg.streams:
        raise ParameterError(f"streams = {cfg.streams!r} is not allowed: expected a non-empty subset of {STREAMS}")
