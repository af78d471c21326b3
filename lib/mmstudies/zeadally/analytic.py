"""Closed forms of the Zeadally data path: the paper's Eq. 1 and Eq. 2, and the arithmetic on its tables.

The paper's model adds the *inverse* throughputs of the stages a frame passes through, because
one CPU and one memory/system-bus controller carry every stage in turn:

.. math:: 1/R = 1/Z_{NA} + 1/Z_{AX} + 1/Z_{XF}

(network -> application, application -> X server, X server -> frame buffer); the X shared
memory extension removes the middle term (Eq. 2). This module holds the equations, their
application to every configuration the paper measured, and the arithmetic on Table 2. It
imports neither Ciw nor statsmodels, so a chapter run with a warm simulation cache stays cheap.

Units: throughputs in Mbit/s (10^6 bit/s), frame sizes in bit, times in ms where a name says ``_ms``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pandas as pd

from mmperf.data import load_table, load_values

STUDY = "zeadally"

#: The paper converts every frame rate with "almost 2.1 Mbit per frame" (512 x 512 x 8 = 2,097,152 bit).
FRAME_BITS_PAPER = 2.1e6

STAGE_NAMES = {"NA": "network -> application", "AX": "application -> X server",
               "XF": "X server -> frame buffer"}


def require_positive(name: str, value: float) -> float:
    """``value`` as a float if it is a finite positive number, else a ValueError naming it.

    Examples
    --------
    >>> require_positive("Z_NA", 200)
    200.0
    >>> require_positive("stage throughput", 0)
    Traceback (most recent call last):
    ...
    ValueError: stage throughput must be a finite positive number, got 0
    """
    x = float(value)
    if not math.isfinite(x) or x <= 0:
        raise ValueError(f"{name} must be a finite positive number, got {value!r}")
    return x


# ----------------------------------------------------------------------------------------------
# Eq. 1 and Eq. 2
# ----------------------------------------------------------------------------------------------

def stage_rates(z_na_mbps: float, z_ax_mbps: float, z_xf_mbps: float, use_shm: bool = False) -> dict[str, float]:
    """The stages a frame passes through, in order, with their throughputs (Mbit/s).

    With the X shared memory extension the application -> X server copy disappears.

    Examples
    --------
    >>> stage_rates(200, 240, 230)
    {'NA': 200.0, 'AX': 240.0, 'XF': 230.0}
    >>> stage_rates(200, 240, 230, use_shm=True)
    {'NA': 200.0, 'XF': 230.0}
    """
    rates = {"NA": z_na_mbps, "AX": z_ax_mbps, "XF": z_xf_mbps}
    out = {k: require_positive(f"Z_{k} (Mbit/s)", v) for k, v in rates.items()}
    if use_shm:
        del out["AX"]
    return out


def serial_throughput(rates: Iterable[float]) -> float:
    """Throughput of stages done one after another by the same resources: ``1 / sum(1/Z)``.

    Examples
    --------
    Two stages of 100 Mbit/s each take 1/100 + 1/100 = 1/50 s per Mbit:

    >>> serial_throughput([100, 100])
    50.0
    """
    rates = [require_positive("stage throughput", z) for z in rates]
    if not rates:
        raise ValueError("at least one stage is needed")
    return 1.0 / sum(1.0 / z for z in rates)


def pipelined_throughput(rates: Iterable[float]) -> float:
    """Throughput of the same stages overlapped on independent paths (a switched bus): ``min Z``.

    This is our extrapolation of the paper's Section 7, not a formula the paper writes.

    Examples
    --------
    >>> pipelined_throughput([200, 240, 230])
    200.0
    """
    rates = [require_positive("stage throughput", z) for z in rates]
    if not rates:
        raise ValueError("at least one stage is needed")
    return float(min(rates))


def eq1_throughput(z_na_mbps: float, z_ax_mbps: float, z_xf_mbps: float) -> float:
    """The paper's Eq. 1 (no X shared memory): ``1/R = 1/Z_NA + 1/Z_AX + 1/Z_XF``.

    Examples
    --------
    By hand: 1/200 + 1/240 + 1/230 = 0.005 + 0.0041667 + 0.0043478 = 0.0135145, R = 73.995:

    >>> round(eq1_throughput(200, 240, 230), 3)
    73.995
    """
    return serial_throughput(stage_rates(z_na_mbps, z_ax_mbps, z_xf_mbps).values())


def eq2_throughput(z_na_mbps: float, z_xf_mbps: float) -> float:
    """The paper's Eq. 2 (with X shared memory): ``1/R = 1/Z_NA + 1/Z_XF``.

    Examples
    --------
    By hand: 200 x 230 / (200 + 230) = 46000 / 430 = 106.977:

    >>> round(eq2_throughput(200, 230), 3)
    106.977
    """
    return serial_throughput([z_na_mbps, z_xf_mbps])


def frame_rate(mbps: float, frame_bits: float = FRAME_BITS_PAPER) -> float:
    """Frames per second carried by a throughput of ``mbps`` Mbit/s.

    Examples
    --------
    >>> frame_rate(105.0)
    50.0
    """
    return float(mbps) * 1e6 / require_positive("frame_bits", frame_bits)


def throughput_mbps(fps: float, frame_bits: float = FRAME_BITS_PAPER) -> float:
    """Throughput (Mbit/s) of ``fps`` frames per second, the paper's conversion.

    Examples
    --------
    >>> round(throughput_mbps(33), 6)
    69.3
    """
    return float(fps) * require_positive("frame_bits", frame_bits) / 1e6


def frame_bits(width: int, height: int, bits_per_pixel: int) -> int:
    """Size of an uncompressed frame in bit.

    Examples
    --------
    >>> frame_bits(512, 512, 8)
    2097152
    """
    return int(width) * int(height) * int(bits_per_pixel)


def frame_time_ms(mbps: float, frame_bits: float = FRAME_BITS_PAPER) -> float:
    """Time to move one frame at ``mbps`` Mbit/s, in ms.

    Examples
    --------
    >>> frame_time_ms(210.0)
    10.0
    """
    return require_positive("frame_bits", frame_bits) / require_positive("throughput", mbps) / 1e3


# ----------------------------------------------------------------------------------------------
# Every measured configuration, beside the model
# ----------------------------------------------------------------------------------------------

def measured_configurations() -> pd.DataFrame:
    """The five visualisation configurations the paper measured, with the Z_NA we pair them with.

    Table 1 gives three two-copy configurations (32 KB socket buffer); Section 5 gives the two
    single-copy ones (256 KB). The paper applies Eq. 1 only to the single-copy configuration
    with Z_NA = 200 Mbit/s. For Table 1 we pair each network with its two-copy raw TCP
    maximum (Figure 4 text); that pairing is ours (``z_na_source`` says so).

    Examples
    --------
    >>> list(measured_configurations()["config"])[:2]
    ['Ethernet, two-copy, 32 KB', 'FDDI, two-copy, 32 KB']
    """
    table1 = load_table(STUDY, "table1")
    networks = load_table(STUDY, "networks").set_index("network")
    values = load_values(STUDY, "parameters")
    rows = []
    for _, r in table1.iterrows():
        rows.append({"config": f"{r['network']}, two-copy, 32 KB", "network": r["network"],
                     "copy_mode": "two", "shm": False,
                     "z_na_mbps": float(networks.loc[r["network"], "raw_two_copy_32kb_Mbit_s"]),
                     "z_na_source": "raw two-copy maximum (our pairing, derived)",
                     "measured_fps": float(r["frame_rate_fps"]),
                     "measured_mbps": float(r["throughput_Mbit_s"])})
    for shm, fps_key, mbps_key in ((False, "fps_single_copy_256kb", "mbps_single_copy_256kb"),
                                   (True, "fps_single_copy_256kb_shm", "mbps_single_copy_256kb_shm")):
        rows.append({"config": f"Jetstream, single-copy, 256 KB{', X SHM' if shm else ''}",
                     "network": "Jetstream", "copy_mode": "single", "shm": shm,
                     "z_na_mbps": float(values["z_na_single_copy_256kb"]),
                     "z_na_source": "measured stage throughput (paper)",
                     "measured_fps": float(values[fps_key]), "measured_mbps": float(values[mbps_key])})
    return pd.DataFrame(rows)


def model_vs_measured(configs: pd.DataFrame, z_ax_mbps: float, z_xf_mbps: float,
                      z_na_single_copy_mbps: float | None = None,
                      frame_bits: float = FRAME_BITS_PAPER) -> pd.DataFrame:
    """Apply Eq. 1 (or Eq. 2 where X SHM is used) to every configuration.

    ``z_na_single_copy_mbps`` replaces the paper's 200 Mbit/s for the single-copy rows (the
    chapter's ``z_na_mbps`` parameter). Adds the predicted throughput and frame rate, the
    ratio predicted/measured and ``t0_ms``, the measured frame time minus the model's: the
    fixed per-frame overhead the model leaves out. A negative ``t0_ms`` means the model is
    *slower* than the measurement, so it is no overhead at all (the caller must say so).

    Examples
    --------
    Ethernet by hand: 1/(1/9.6 + 1/240 + 1/230) = 8.875 Mbit/s; the single-copy rows are Eq. 1
    and Eq. 2 at the paper's stage throughputs (73.995 and 106.977):

    >>> df = model_vs_measured(measured_configurations(), 240, 230)
    >>> [round(x, 1) for x in df["predicted_mbps"]]
    [8.9, 45.4, 51.0, 74.0, 107.0]
    """
    df = configs.copy()
    if z_na_single_copy_mbps is not None:
        df.loc[df["copy_mode"] == "single", "z_na_mbps"] = float(z_na_single_copy_mbps)
    df["predicted_mbps"] = [
        serial_throughput(stage_rates(z, z_ax_mbps, z_xf_mbps, use_shm=bool(shm)).values())
        for z, shm in zip(df["z_na_mbps"], df["shm"], strict=True)
    ]
    df["equation"] = np.where(df["shm"], "Eq. 2", "Eq. 1")
    df["predicted_fps"] = df["predicted_mbps"] * 1e6 / frame_bits
    df["ratio"] = df["predicted_mbps"] / df["measured_mbps"]
    df["t0_ms"] = 1000.0 / df["measured_fps"] - 1000.0 / df["predicted_fps"]
    return df


def regression_points(configs: pd.DataFrame, frame_bits: float = FRAME_BITS_PAPER) -> pd.DataFrame:
    """Per-frame times of the measured configurations, for the cost regression.

    ``frame_ms`` is the measured time per frame; ``na_ms`` the network -> application time of
    one frame at Z_NA; ``no_shm`` is 1 where the application -> X server copy is still made.

    Examples
    --------
    The shared-memory row: 2.1 Mbit at 200 Mbit/s takes 10.5 ms:

    >>> pts = regression_points(measured_configurations())
    >>> round(float(pts["na_ms"].iloc[4]), 3), int(pts["no_shm"].iloc[4])
    (10.5, 0)
    """
    return pd.DataFrame({
        "config": configs["config"],
        "frame_ms": 1000.0 / configs["measured_fps"],
        "na_ms": frame_bits / configs["z_na_mbps"] / 1e3,
        "no_shm": (~configs["shm"].astype(bool)).astype(float),
    })


# ----------------------------------------------------------------------------------------------
# Table 2: arithmetic on CPU use
# ----------------------------------------------------------------------------------------------

def table2_checks(table2: pd.DataFrame, video_fps: float = 30.0) -> dict[str, float]:
    """Derived arithmetic on Table 2, including the additive CPU-demand test that fails.

    Per-frame CPU costs are taken from the single-application columns as if their whole-system
    CPU busy percentage were the application's demand; the combined runs should then need
    the sum of the demands. The measured combined CPU is about 90 %, the sum is far above
    100 %, so the single-application percentages are not additive demands.

    Examples
    --------
    Video alone: (42 + 48) % of a second = 900 ms of CPU per 30 frames = 30 ms per frame.

    >>> c = table2_checks(load_table("zeadally", "table2"))
    >>> c["video_cpu_ms_per_frame"], round(c["additive_demand_pct_no_shm"]), round(c["additive_demand_pct_shm"])
    (30.0, 128, 147)
    """
    t = table2.set_index("configuration")
    busy = (t["cpu_user_pct"] + t["cpu_system_pct"]) * 10.0   # ms of CPU per second
    video_ms = busy["VIDEO"] / video_fps
    graphics_ms = busy["GRAPHICS"] / t.loc["GRAPHICS", "graphics_fps"]
    graphics_shm_ms = busy["GRAPHICS-SHARED-M"] / t.loc["GRAPHICS-SHARED-M", "graphics_fps"]

    def demand(config: str, per_frame_graphics: float) -> float:
        video_shown = video_fps * (1 - t.loc[config, "video_frames_dropped_pct"] / 100)
        return (t.loc[config, "graphics_fps"] * per_frame_graphics + video_shown * video_ms) / 10.0

    return {
        "video_cpu_ms_per_frame": float(video_ms),
        "graphics_cpu_ms_per_frame": float(graphics_ms),
        "graphics_shm_cpu_ms_per_frame": float(graphics_shm_ms),
        "additive_demand_pct_no_shm": float(demand("VIDEO+GRAPHICS", graphics_ms)),
        "additive_demand_pct_shm": float(demand("VIDEO+GRAPHICS-SHARED-M", graphics_shm_ms)),
        "measured_busy_pct_no_shm": float(busy["VIDEO+GRAPHICS"] / 10.0),
        "measured_busy_pct_shm": float(busy["VIDEO+GRAPHICS-SHARED-M"] / 10.0),
        "graphics_drop_pct_no_shm": float(100 * (1 - t.loc["VIDEO+GRAPHICS", "graphics_fps"]
                                                 / t.loc["GRAPHICS", "graphics_fps"])),
        "graphics_drop_pct_shm": float(100 * (1 - t.loc["VIDEO+GRAPHICS-SHARED-M", "graphics_fps"]
                                              / t.loc["GRAPHICS-SHARED-M", "graphics_fps"])),
    }


def cpu_sharing_setups(table2: pd.DataFrame) -> dict[str, tuple[float | None, float | None, float]]:
    """Per-configuration inputs of the processor-sharing model: (video CPU ms, graphics CPU ms, off-CPU ms).

    The per-frame CPU costs come from the single-application columns (:func:`table2_checks`);
    the time a graphics frame spends off the CPU is the rest of its measured frame time
    (1000/33 - 28.18 = 2.12 ms without shared memory). ``None`` leaves an application out.

    Examples
    --------
    >>> s = cpu_sharing_setups(load_table("zeadally", "table2"))
    >>> s["VIDEO"], [round(x, 2) for x in s["GRAPHICS"][1:]]
    ((30.0, None, 0.0), [28.18, 2.12])
    """
    c = table2_checks(table2)
    t = table2.set_index("configuration")
    g_io = 1000 / t.loc["GRAPHICS", "graphics_fps"] - c["graphics_cpu_ms_per_frame"]
    gs_io = 1000 / t.loc["GRAPHICS-SHARED-M", "graphics_fps"] - c["graphics_shm_cpu_ms_per_frame"]
    v = c["video_cpu_ms_per_frame"]
    return {
        "VIDEO": (v, None, 0.0),
        "GRAPHICS": (None, c["graphics_cpu_ms_per_frame"], float(g_io)),
        "VIDEO+GRAPHICS": (v, c["graphics_cpu_ms_per_frame"], float(g_io)),
        "GRAPHICS-SHARED-M": (None, c["graphics_shm_cpu_ms_per_frame"], float(gs_io)),
        "VIDEO+GRAPHICS-SHARED-M": (v, c["graphics_shm_cpu_ms_per_frame"], float(gs_io)),
    }
