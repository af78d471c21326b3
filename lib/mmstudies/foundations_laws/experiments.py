"""The runs of the operational laws chapter, as one function of the parameters (the notebook and the checks'
audit both call :func:`compute`).

The measurement experiment is an M/M/1 queue (mean service time 1, arrival rate ``rho``) started empty and
simulated by Lindley's recursion (:func:`mmperf.queueing.lindley_waits`, proved equal to Ciw customer by
customer in the library's tests): it is cheap, so the chapter can show warm-up bias and the run-to-run spread.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from mmperf.queueing import lindley_waits, mm1
from mmperf.stats import mean_ci
from mmstudies.foundations_laws import analytic as a

#: customers per point of the warm-up figure's ensemble average (bins keep the figure light)
WARMUP_BINS = 40


def mm1_waits(rho: float, customers: int, seed: int) -> np.ndarray:
    """The waiting times of ``customers`` successive customers of an M/M/1 queue started empty (service mean 1).

    >>> w = mm1_waits(0.5, 5, seed=1)
    >>> len(w), float(w[0])
    (5, 0.0)
    """
    rng = np.random.default_rng(int(seed))
    return lindley_waits(rng.exponential(1.0 / rho, int(customers)), rng.exponential(1.0, int(customers)))


def measurement(rho: float, customers: int, warmup_fraction: float, replications: int, seed: int,
                level: float = 0.95) -> dict[str, Any]:
    """Replicated runs of the M/M/1 queue: per replication the mean wait with and without the warm-up deleted.

    Returns ``runs`` (one row per replication), the interval ``mean``/``half`` (warm-up deleted) and
    ``mean_all``/``half_all`` (every customer kept), the theory ``theory`` (``rho / (1 - rho)``), and
    ``ensemble`` (the average over replications of the waits in bins of customers, for the warm-up figure).
    """
    cut = int(round(warmup_fraction * customers))
    waits = np.vstack([mm1_waits(rho, customers, seed + i) for i in range(int(replications))])
    runs = pd.DataFrame({"replication": np.arange(int(replications)),
                         "mean_wait": waits[:, cut:].mean(axis=1), "mean_wait_all": waits.mean(axis=1)})
    mean, half = mean_ci(runs["mean_wait"].to_numpy(), level)
    mean_all, half_all = mean_ci(runs["mean_wait_all"].to_numpy(), level)
    edges = np.linspace(0, customers, min(WARMUP_BINS, customers) + 1).astype(int)
    ensemble = pd.DataFrame({"customer": (edges[:-1] + edges[1:]) / 2,
                             "wait": [waits[:, lo:hi].mean() for lo, hi in zip(edges[:-1], edges[1:], strict=True)]})
    return {"runs": runs, "mean": mean, "half": half, "mean_all": mean_all, "half_all": half_all,
            "theory": mm1(rho, 1.0).Wq, "cut": cut, "ensemble": ensemble, "n": int(replications)}


def replications_needed(values, rel_half_width: float, level: float = 0.95) -> int:
    """Replications for a half-width of ``rel_half_width`` times the mean, from a pilot's spread:
    ``n = ceil((t s / (e mean))^2)`` with ``t`` the pilot's Student quantile (at least 2).

    >>> replications_needed([9.0, 11.0, 10.0, 10.0], 0.05)
    28
    """
    x = np.asarray(values, float)
    t = stats.t.ppf(0.5 + level / 2, x.size - 1)
    return max(2, math.ceil((t * x.std(ddof=1) / (rel_half_width * x.mean())) ** 2))


def claypool_fits(table: pd.DataFrame) -> dict[str, Any]:
    """Ordinary and weighted least squares of Claypool's measured processor time on his per-event prediction
    (Table 5.3), the weights from each measurement's printed 95 % interval."""
    sigma = [a.se_from_ci95(lo, hi) for lo, hi in zip(table["ci95_left_s"], table["ci95_right_s"], strict=True)]
    points = table.assign(sigma_s=sigma)
    ols = a.weighted_line(points["predicted_s"], points["actual_s"])
    wls = a.weighted_line(points["predicted_s"], points["actual_s"], points["sigma_s"])
    tightest = points.loc[points["sigma_s"].idxmin()]
    return {"points": points, "ols": ols, "wls": wls, "tightest": str(tightest["run"]),
            "tightest_resid_wls": float(tightest["actual_s"] - wls["b0"] - wls["b1"] * tightest["predicted_s"])}


def zeadally_factorial(table2: pd.DataFrame) -> pd.DataFrame:
    """The 2^2 design inside Zeadally's Table 2: graphics frame rate with video off/on and X shared memory
    off/on (the four configurations that run the graphics application)."""
    rows = table2.dropna(subset=["graphics_fps"]).copy()
    rows["video"] = np.where(rows["configuration"].str.startswith("VIDEO"), 1, -1)
    rows["shm"] = np.where(rows["configuration"].str.endswith("SHARED-M"), 1, -1)
    return a.factorial_effects(rows, ["video", "shm"], "graphics_fps")


def compute(p: dict[str, Any], paper: dict[str, float], tables: dict[str, pd.DataFrame]) -> dict[str, Any]:
    """Everything the chapter shows, from its parameters ``p``, Zeadally's values ``paper`` and the ``tables``
    (``table2`` of Zeadally, ``table5_3`` of Claypool)."""
    rates = [p["z_na_mbps"], p["z_ax_mbps"], p["z_xf_mbps"]]
    demands = a.stage_demands(rates, p["frame_bits"])
    frames = int(p["frames_in_flight"])
    bounds = a.data_path_bounds(rates, p["frame_bits"], max(8, frames))
    at_n = bounds.iloc[frames - 1]
    meas = measurement(p["rho"], p["customers"], p["warmup_fraction"], p["replications"], p["seed"])
    return {
        "rates": rates, "demands": demands, "bounds": bounds,
        "eq1_mbps": a.serial_throughput_mbps(rates),
        "eq2_mbps": a.serial_throughput_mbps([rates[0], rates[2]]),
        "bottleneck": a.bottleneck_index(demands), "bottleneck_mbps": min(rates),
        "knee_frames": a.knee_population(demands),
        "mva_mbps": float(at_n["mva"]), "asym_high_mbps": float(at_n["asym_high"]),
        "utilisations_measured": [a.utilisation(paper["fps_single_copy_256kb"], d) for d in demands],
        "measurement": meas,
        "replications_needed": replications_needed(meas["runs"]["mean_wait"], p["target_half_width_pct"] / 100),
        "claypool": claypool_fits(tables["table5_3"]),
        "factorial": zeadally_factorial(tables["table2"]),
    }
