"""Frame-size traces: seeded synthetic stand-ins for the thesis's traces, and reading a reader's trace.

The thesis's ten traces (Table 4.1) are not part of the seed and are not used here. Each
synthetic stand-in has the stated frame count and picture pattern (GOP) of Tables 4.2-4.4, the
stated mean rate where there is one (the M-JPEG traces, seed line 1439) and otherwise a labelled
book choice, and a shape per encoding class (``data/hsieh/video_synthetic_classes.csv``):

* frame type weights (I, P, B) repeated along the GOP pattern;
* scenes of geometric length whose log level follows an AR(1) process from scene to scene,
  with an occasional "burst" scene (a larger level, e.g. action or a scene cut);
* log-normal frame-level noise;
* finally a scale factor so that the mean rate at the reference frame rate is exact.

MPEG-2 is near-CBR (Section 4.6.2: "very close to CBR-encoded"): its class has a *GOP rate
control* (``gop_rate_control > 0``), as a CBR encoder's buffer (VBV) keeps the data sent from
drifting away from the constant-rate line: every GOP carries the same data up to a deviation
``c (e_g - e_{g-1})`` of the mean GOP size, ``e`` standard normal, so that the cumulative data stays
within a bounded distance of the line however long the trace is. Without it the scene levels'
random walk gives a 29-minute trace such as t260 a CBR buffer above 10 MB and the PCR-assist
schemes a buffer reduction of up to 100 %, against the 5-20 % the thesis saw on its MPEG-2 traces
(seed line 1409). M-JPEG is all I frames. Every trace is labelled synthetic wherever it is shown.

A reader's trace file is a text/CSV file with one frame size in **bytes** per line, in display
order, optionally preceded by one header line (any non-numeric first line). Blank lines are
allowed only at the end. :func:`read_trace_file` refuses anything else with a one-line message
naming the file and the line.
"""

from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np


class TraceFileError(ValueError):
    """A trace file is missing or malformed (the message names the file and the line)."""


# ----------------------------------------------------------------------------------------------
# GOP patterns
# ----------------------------------------------------------------------------------------------
def expand_pattern(pattern: str) -> str:
    """Expand the thesis's picture-pattern notation into one GOP.

    >>> expand_pattern("IBB(PBB)^4")
    'IBBPBBPBBPBBPBB'
    >>> len(expand_pattern("IBB(PBB)^3")), expand_pattern("IBBPBB"), expand_pattern("I")
    (12, 'IBBPBB', 'I')
    """
    out = re.sub(r"\(([IPB]+)\)\^(\d+)", lambda mt: mt.group(1) * int(mt.group(2)), pattern.replace(" ", ""))
    if not out or set(out) - set("IPB") or out[0] != "I":
        raise ValueError(f"picture pattern {pattern!r} is not of the form I..., with (XYZ)^k groups")
    return out


# ----------------------------------------------------------------------------------------------
# Synthetic traces
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TraceShape:
    """The class-level shape of a synthetic trace (one row of ``video_synthetic_classes.csv``)."""

    i_weight: float
    p_weight: float
    b_weight: float
    scene_log_sd: float
    scene_ar: float
    frame_log_sd: float
    mean_scene_s: float
    burst_prob: float
    burst_factor: float
    gop_rate_control: float = 0.0


@dataclass(frozen=True)
class Trace:
    """A named frame-size trace (bytes per frame, display order)."""

    name: str
    sizes: np.ndarray
    types: str           # one letter per frame ('I', 'P', 'B'), or '' when unknown (a reader's file)
    encoding: str
    synthetic: bool
    source: str

    @property
    def n_frames(self) -> int:
        return int(self.sizes.size)


def trace_seed(seed: int, name: str) -> np.random.Generator:
    """An independent generator per (seed, trace name), stable across runs and platforms.

    >>> bool(trace_seed(1, "mtv").integers(1000) == trace_seed(1, "mtv").integers(1000))
    True
    """
    return np.random.default_rng([int(seed), zlib.crc32(name.encode())])


def synthetic_sizes(n_frames: int, pattern: str, shape: TraceShape, mean_bytes: float, rng: np.random.Generator,
                    variability: float = 1.0) -> tuple[np.ndarray, str]:
    """Frame sizes (whole bytes, at least 1) and frame types of one synthetic trace.

    ``variability`` multiplies both log standard deviations (0 gives a trace that varies only
    by frame type). The mean frame size is ``mean_bytes`` up to the rounding to whole bytes.

    >>> shape = TraceShape(1.0, 0.5, 0.25, 0.3, 0.8, 0.1, 2.0, 0.0, 1.0)
    >>> s, t = synthetic_sizes(30, "IBBPBB", shape, 1000.0, np.random.default_rng(0))
    >>> len(s), t[:7], bool(abs(s.mean() - 1000) < 1)
    (30, 'IBBPBBI', True)
    >>> s0, _ = synthetic_sizes(12, "IBBPBB", shape, 1000.0, np.random.default_rng(0), variability=0.0)
    >>> s0[:6].tolist()   # weights 1, .25, .25, .5, .25, .25: mean 2.5/6, so I = 1000 x 6/2.5 = 2400
    [2400.0, 600.0, 600.0, 1200.0, 600.0, 600.0]
    """
    if n_frames < 1:
        raise ValueError("n_frames must be at least 1")
    gop = expand_pattern(pattern)
    types = (gop * (n_frames // len(gop) + 1))[:n_frames]
    weight = {"I": shape.i_weight, "P": shape.p_weight, "B": shape.b_weight}
    w = np.array([weight[c] for c in types])
    # scenes: geometric lengths, AR(1) log level, occasional bursts
    mean_len = max(shape.mean_scene_s, 1e-9)
    level = np.empty(n_frames)
    pos, x = 0, 0.0
    sd = shape.scene_log_sd * variability
    first = True
    while pos < n_frames:
        length = int(rng.geometric(min(1.0, 1.0 / mean_len)))
        e = rng.standard_normal()
        x = sd * e if first else shape.scene_ar * x + math.sqrt(1 - shape.scene_ar**2) * sd * e
        first = False
        burst = math.log(shape.burst_factor) if rng.random() < shape.burst_prob else 0.0
        level[pos:pos + length] = x + burst
        pos += length
    noise = rng.standard_normal(n_frames) * shape.frame_log_sd * variability
    raw = w * np.exp(level + noise)
    if shape.gop_rate_control > 0:
        raw = rate_controlled(raw, len(gop), shape.gop_rate_control * variability, rng)
    sizes = np.maximum(np.round(raw * (mean_bytes / raw.mean())), 1.0)
    return sizes, types


def rate_controlled(raw: np.ndarray, gop: int, c: float, rng: np.random.Generator) -> np.ndarray:
    """Frame sizes whose GOPs carry equal data up to the deviation ``c (e_g - e_{g-1})`` of the mean GOP.

    The deviations telescope: the cumulative data after ``g`` whole GOPs is ``g`` mean GOPs plus
    ``c (e_g - e_0)`` of one, bounded in distribution, as under a CBR encoder's rate control. The
    frames inside a GOP keep their relative sizes; a trailing partial GOP keeps its frames' sizes.
    A factor is never below 0.1 (a GOP of no data is not a picture).

    >>> out = rate_controlled(np.array([4.0, 1.0, 1.0, 2.0, 2.0, 2.0, 5.0]), 3, 0.0, np.random.default_rng(0))
    >>> out.tolist()      # both whole GOPs rescaled to their mean total 6; the partial GOP kept
    [4.0, 1.0, 1.0, 2.0, 2.0, 2.0, 5.0]
    >>> big = rate_controlled(np.ones(3 * 2000), 3, 0.1, np.random.default_rng(1))
    >>> gops = big.reshape(-1, 3).sum(1)
    >>> bool(abs(np.cumsum(gops - 3.0)).max() < 3.0 * 0.1 * 8)   # bounded: |e_g - e_0| < 8 sd here
    True
    """
    n = raw.size // gop * gop
    if n == 0:
        return raw
    blocks = raw[:n].reshape(-1, gop)
    e = rng.standard_normal(blocks.shape[0] + 1)
    factor = np.maximum(1.0 + c * (e[1:] - e[:-1]), 0.1)
    totals = blocks.sum(axis=1, keepdims=True)
    out = raw.copy()
    out[:n] = (blocks / totals * totals.mean() * factor[:, None]).ravel()
    return out


def make_synthetic(name: str, encoding: str, n_frames: int, pattern: str, shape: TraceShape, mean_rate_mbps: float,
                   reference_fps: float, seed: int, variability: float = 1.0) -> Trace:
    """A labelled synthetic trace whose mean rate at ``reference_fps`` is ``mean_rate_mbps``.

    Scene lengths are drawn in frames from ``shape.mean_scene_s x reference_fps``.

    >>> shape = TraceShape(1.0, 1.0, 1.0, 0.2, 0.8, 0.05, 6.0, 0.0, 1.0)
    >>> t = make_synthetic("backdraft", "M-JPEG", 3000, "I", shape, 3.3, 30.0, seed=1)
    >>> t.synthetic, round(float(t.sizes.mean()) * 8 * 30 / 1e6, 3)
    (True, 3.3)
    """
    frames_shape = TraceShape(**{**shape.__dict__, "mean_scene_s": shape.mean_scene_s * reference_fps})
    mean_bytes = mean_rate_mbps * 1e6 / 8.0 / reference_fps
    sizes, types = synthetic_sizes(n_frames, pattern, frames_shape, mean_bytes, trace_seed(seed, name), variability)
    return Trace(name, sizes, types, encoding, True, f"synthetic (seed {seed}); pattern {pattern}")


def build_synthetic_traces(table_rows: list[dict], classes: dict[str, TraceShape], *, reference_fps: float,
                           seed: int, length_scale: float = 1.0, variability: float = 1.0,
                           min_frames: int = 300) -> dict[str, Trace]:
    """The ten stand-ins from rows ``{video, encoding, n_frames, picture_pattern, mean_rate_Mbps}``.

    ``length_scale`` shortens every trace (for quick runs) to ``round(n_frames x length_scale)``
    frames, but never below ``min(n_frames, min_frames)``.
    """
    out = {}
    for row in table_rows:
        n = int(row["n_frames"])
        n_use = max(int(round(n * length_scale)), min(n, min_frames))
        out[row["video"]] = make_synthetic(row["video"], row["encoding"], n_use, row["picture_pattern"],
                                           classes[row["encoding"]], float(row["mean_rate_Mbps"]), reference_fps,
                                           seed, variability)
    return out


# ----------------------------------------------------------------------------------------------
# A reader's trace file
# ----------------------------------------------------------------------------------------------
def parse_trace_text(text: str, where: str) -> np.ndarray:
    """Frame sizes from the text of a trace file; ``where`` names the file in error messages.

    >>> parse_trace_text("size\\n1200\\n800.5\\n\\n", "t.csv").tolist()
    [1200.0, 800.5]
    >>> parse_trace_text("1200\\nabc\\n", "t.csv")
    Traceback (most recent call last):
    ...
    mmstudies.hsieh_video.traces.TraceFileError: t.csv, line 2: 'abc' is not a frame size in bytes (one number per line; only the first line may be a header)
    """
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise TraceFileError(f"{where}: the file is empty (expected one frame size in bytes per line)")
    sizes = []
    for k, line in enumerate(lines, start=1):
        item = line.strip()
        if k == 1 and item and not _is_number(item.split(",")[0]):
            continue                                    # a header line
        if not item:
            raise TraceFileError(f"{where}, line {k}: blank line inside the trace (one frame size per line)")
        if "," in item or ";" in item or "\t" in item or " " in item:
            raise TraceFileError(f"{where}, line {k}: {item!r} has more than one field "
                                 f"(expected one frame size in bytes per line)")
        if not _is_number(item):
            raise TraceFileError(f"{where}, line {k}: {item!r} is not a frame size in bytes "
                                 f"(one number per line; only the first line may be a header)")
        value = float(item)
        if not math.isfinite(value) or value <= 0:
            raise TraceFileError(f"{where}, line {k}: frame size {item} must be a positive finite number of bytes")
        sizes.append(value)
    if len(sizes) < 2:
        raise TraceFileError(f"{where}: only {len(sizes)} frame size(s); a trace needs at least 2 frames")
    return np.asarray(sizes, dtype=float)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def read_trace_file(path: str | Path) -> Trace:
    """Read and validate a reader's trace (see the module docstring for the format)."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise TraceFileError(f"{path}: no such trace file")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise TraceFileError(f"{path}: not a text file (expected one frame size in bytes per line)") from None
    sizes = parse_trace_text(text, str(path))
    return Trace(p.stem, sizes, "", "reader's trace", False, f"file {p.name}")


def check_trace_file(path: str) -> None:
    """Raise :class:`TraceFileError` if ``path`` (non-empty) is not a valid trace file; '' is fine."""
    if path:
        read_trace_file(path)


# ----------------------------------------------------------------------------------------------
# Statistics
# ----------------------------------------------------------------------------------------------
def trace_statistics(trace: Trace, fps: float) -> dict:
    """Length, mean rate, burstiness and mean frame sizes by type of one trace.

    >>> t = Trace("x", np.array([300.0, 100.0, 100.0]), "IBB", "MPEG-1", True, "")
    >>> s = trace_statistics(t, 30.0)
    >>> s["n_frames"], s["mean_rate_Mbps"], s["peak_to_mean"], s["mean_I_bytes"]
    (3, 0.04, 1.8, 300.0)
    """
    s = trace.sizes
    out = {"video": trace.name, "encoding": trace.encoding, "n_frames": int(s.size),
           "length_s": s.size / fps, "mean_rate_Mbps": float(s.mean() * 8 * fps / 1e6),
           "mean_frame_bytes": float(s.mean()), "cv": float(s.std() / s.mean()),
           "peak_to_mean": float(s.max() / s.mean()), "synthetic": trace.synthetic}
    for kind in "IPB":
        mask = np.array([c == kind for c in trace.types]) if trace.types else np.zeros(s.size, bool)
        out[f"mean_{kind}_bytes"] = float(s[mask].mean()) if mask.any() else math.nan
    return out
