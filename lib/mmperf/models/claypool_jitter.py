"""Claypool (1997) chapter 3: a Ciw model of an audio stream through a loaded end system.

**Our simulation, not the thesis's data.** The thesis measured real workstations and printed
no traces; this model generates traces with the same structure so that the six jitter metrics,
their correlations and the chapter-3 relations can be recomputed and compared. Every modelling
choice below is a labelled assumption of the chapter.

The stream: a ``frame_bytes`` datagram every ``period_ms`` (thesis: 1280 B every 160 ms). Each
frame visits three Ciw nodes (time unit: millisecond):

1. **sender** - infinite-server node; a random delay with standard deviation
   ``environment_sd_ms`` stands for the timer, operating-system and LAN noise present even on
   an idle system (gamma distributed, mean :data:`ENVIRONMENT_MEAN_MS`).
2. **network link** - one FIFO server. The frame needs ``8 * frame_bytes / bandwidth``;
   background "netperf" messages arrive as a Poisson stream, exponential in size with mean
   ``cross_message_bytes``, at the rate that keeps the link busy ``network_load`` of the time.
3. **receiver CPU** - one server shared with the "counter processes". The CPU demand the
   counters put in front of the receive process arrives as Poisson bursts, exponential in length
   with mean ``cpu_burst_ms * 21.8 / SPECint92`` (a fixed amount of work, so a faster processor
   has shorter bursts). The burst utilisation is ``L / (1 + L)`` for a Unix load average ``L``,
   the M/M/1 relation between utilisation and mean number in system. Priorities: ``default``
   - the frame queues FIFO with the bursts; ``nice`` - the frame goes ahead of waiting bursts
   but waits for the one in service (non-preemptive priority); ``realtime`` - the frame
   preempts the bursts (preemptive-resume priority).

The receive timestamps are the exit times from the CPU, in arrival order.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace

import ciw
import numpy as np
import pandas as pd

from mmperf import jitter
from mmperf.params import ParameterError
from mmperf.queueing import service_distribution, simulate
from mmperf.regression import fit_ols

PRIORITIES = ("default", "nice", "realtime")
REFERENCE_SPECINT92 = 21.8      # Sun IPX (Table 3.3): the machine cpu_burst_ms refers to
ENVIRONMENT_MEAN_MS = 5.0       # mean of the sender delay; a constant delay adds no jitter
RECEIVE_COST_MS = 0.187 + 0.000103 * 1280   # Table 5.2 IPX receive line at 1280 B (derived): 0.319 ms
MACHINES = {"SLC": 8.6, "IPC": 13.8, "IPX": 21.8, "Sparc 5": 64.0}     # Table 3.3 SPECint92
NETWORKS = {"Ethernet": 10.0, "Fibre Channel": 266.0, "HIPPI": 800.0}  # Section 3.6.1, Mbit/s

# Figure 3.8: the thesis names five environments but gives no numbers; these settings are
# our illustrative assumption (processor load average, network utilisation), noisiest first.
ENVIRONMENTS = {
    "Multi/Day": (1.0, 0.3),
    "Multi/Night": (1.0, 0.3),
    "Single/Day": (0.6, 0.3),
    "Single/Night": (0.4, 0.1),
    "Dedicated": (0.0, 0.0),
}


@dataclass(frozen=True)
class EndSystem:
    """One experimental condition: machine, load, priority and network."""

    specint92: float = 21.8
    processor_load: float = 0.0
    priority: str = "default"
    network_Mbps: float = 10.0
    network_load: float = 0.0
    period_ms: float = 160.0
    frame_bytes: int = 1280


@dataclass(frozen=True)
class Assumptions:
    """Model constants the thesis does not give (each a chapter parameter)."""

    cpu_burst_ms: float = 20.0
    cross_message_bytes: float = 65536.0
    environment_sd_ms: float = 2.0


def counter_utilisation(load_average: float) -> float:
    """CPU share of the counter bursts for a Unix load average (M/M/1: ``L / (1 + L)``).

    Examples
    --------
    >>> counter_utilisation(1.0), round(counter_utilisation(6.0), 4)
    (0.5, 0.8571)
    """
    if load_average < 0:
        raise ValueError(f"processor_load must be >= 0, got {load_average}")
    return load_average / (1.0 + load_average)


def burst_ms(specint92: float, cpu_burst_ms: float) -> float:
    """Mean counter burst on a machine: fixed work, so inversely proportional to SPECint92.

    Examples
    --------
    >>> burst_ms(21.8, 19.0), round(burst_ms(8.6, 19.0), 2)
    (19.0, 48.16)
    """
    return cpu_burst_ms * REFERENCE_SPECINT92 / specint92


def transmission_ms(n_bytes: float, mbps: float) -> float:
    """Time to put ``n_bytes`` on a link of ``mbps`` Mbit/s, in ms.

    Examples
    --------
    >>> transmission_ms(1250, 10.0)
    1.0
    """
    return 8.0 * n_bytes / (mbps * 1000.0)


def _priority_classes(priority: str):
    if priority == "default":
        return None
    if priority not in PRIORITIES:
        raise ValueError(f"priority must be one of {PRIORITIES}, got {priority!r}")
    # The cross traffic shares the audio's priority so that the link stays FIFO.
    levels = {"audio": 0, "cross": 0, "counter": 1}
    preempt = "resume" if priority == "realtime" else False
    return (levels, [False, False, preempt])


def build_network(system: EndSystem, assumptions: Assumptions) -> ciw.Network:
    """The three-node Ciw network of one condition (time unit: ms)."""
    rho_cpu = counter_utilisation(system.processor_load)
    cross_ms = transmission_ms(assumptions.cross_message_bytes, system.network_Mbps)
    burst = burst_ms(system.specint92, assumptions.cpu_burst_ms)
    env = (ciw.dists.Deterministic(ENVIRONMENT_MEAN_MS) if assumptions.environment_sd_ms == 0
           else service_distribution(ENVIRONMENT_MEAN_MS, assumptions.environment_sd_ms / ENVIRONMENT_MEAN_MS))
    unused = ciw.dists.Deterministic(1.0)   # a class never visits that node
    arrivals = {
        "audio": [ciw.dists.Deterministic(system.period_ms), None, None],
        "cross": [None, ciw.dists.Exponential(system.network_load / cross_ms) if system.network_load > 0 else None,
                  None],
        "counter": [None, None, ciw.dists.Exponential(rho_cpu / burst) if rho_cpu > 0 else None],
    }
    services = {
        "audio": [env, ciw.dists.Deterministic(transmission_ms(system.frame_bytes, system.network_Mbps)),
                  ciw.dists.Deterministic(RECEIVE_COST_MS * REFERENCE_SPECINT92 / system.specint92)],
        "cross": [unused, ciw.dists.Exponential(1.0 / cross_ms), unused],
        "counter": [unused, unused, ciw.dists.Exponential(1.0 / burst)],
    }
    routing = {
        "audio": [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
        "cross": [[0.0] * 3 for _ in range(3)],
        "counter": [[0.0] * 3 for _ in range(3)],
    }
    kwargs = {}
    classes = _priority_classes(system.priority)
    if classes is not None:
        kwargs["priority_classes"] = classes
    return ciw.create_network(arrival_distributions=arrivals, service_distributions=services,
                              routing=routing, number_of_servers=[float("inf"), 1, 1], **kwargs)


def simulate_trace(system: EndSystem, assumptions: Assumptions, *, run_seconds: float,
                   warmup_seconds: float, seed: int) -> np.ndarray:
    """Interarrival times (microseconds) of the frames sent after the warm-up.

    Examples
    --------
    >>> x = simulate_trace(EndSystem(), Assumptions(environment_sd_ms=0.0), run_seconds=2,
    ...                    warmup_seconds=0.5, seed=1)
    >>> np.allclose(x, 160_000)
    True
    """
    max_time = 1000.0 * (warmup_seconds + run_seconds)
    records = simulate(build_network(system, assumptions), max_time=max_time,
                       warmup=1000.0 * warmup_seconds, seed=seed)
    audio = records[(records["customer_class"] == "audio") & (records["node"] == 3)]
    received = np.sort(audio["exit_date"].to_numpy())
    return 1000.0 * np.diff(received)


@dataclass(frozen=True)
class MetricSettings:
    """How the six metrics and the optimal buffer are computed (thesis 3.3 and 5.6.4)."""

    gap_buffer_ms: float = 250.0
    buffer_max_ms: float = 230.0
    latency_limit_ms: float = 230.0
    gap_limit_pct: float = 6.0
    range_definition: str = "max"
    lateness_reference: str = "min"

    def buffers_us(self) -> np.ndarray:
        """The buffer sweep, 0 to ``buffer_max_ms`` in 1 ms steps, in microseconds."""
        return 1000.0 * np.arange(0.0, self.buffer_max_ms + 0.5, 1.0)


def trace_metrics(x_us: np.ndarray, period_ms: float, settings: MetricSettings) -> dict[str, float]:
    """Six metrics, optimal buffer and its drops, and the positive-deviation variance of a trace."""
    period = 1000.0 * period_ms
    buffers = settings.buffers_us()
    out = jitter.all_metrics(x_us, period=period, gap_buffer=1000.0 * settings.gap_buffer_ms,
                             buffers=buffers, range_definition=settings.range_definition,
                             reference=settings.lateness_reference)
    late = jitter.lateness(x_us, period, settings.lateness_reference)
    b, d, q = jitter.optimal_buffer(late, buffers, 1000.0 * settings.latency_limit_ms, settings.gap_limit_pct)
    out.update({"optimal_buffer_us": b, "optimal_drop_pct": d, "optimal_distance": q,
                "positive_dev_variance": jitter.positive_deviation_variance(x_us)})
    return out


# ---------------------------------------------------------------- experiment designs

def processor_design(loads: list[float]) -> list[dict]:
    """Section 3.4.2: four Sun classes, default priority, idle Ethernet, loads 1..6."""
    return [{"experiment": "processor", "machine": m, "system": EndSystem(specint92=s, processor_load=L)}
            for m, s in MACHINES.items() for L in loads]


def power_design(light_load: float) -> list[dict]:
    """Section 3.4.3 / Fig 3.9: the four classes lightly loaded on a quiet network."""
    return [{"experiment": "power", "machine": m, "system": EndSystem(specint92=s, processor_load=light_load)}
            for m, s in MACHINES.items()]


def priority_design(loads: list[float], specint92: float) -> list[dict]:
    """Section 3.5: default, nice and real-time priority, loads 1..6 (SPARC Classic stand-in)."""
    return [{"experiment": "priority", "machine": "Classic (stand-in)", "system":
             EndSystem(specint92=specint92, processor_load=L, priority=p)} for p in PRIORITIES for L in loads]


def network_design(loaded_utilisation: float, specint92: float) -> list[dict]:
    """Section 3.6: three networks, quiet or loaded by cross traffic, idle processor."""
    return [{"experiment": "network", "machine": "Challenge (stand-in)", "network": n, "system":
             EndSystem(specint92=specint92, network_Mbps=b, network_load=u)}
            for n, b in NETWORKS.items() for u in (0.0, loaded_utilisation)]


def additivity_design(featured: EndSystem, loaded_utilisation: float) -> list[dict]:
    """Table 5.4: processor loaded alone and processor + network loaded, on each network.

    The network-alone case is the loaded run of :func:`network_design` (the same condition).
    """
    rows = []
    for n, b in NETWORKS.items():
        for case, L, u in (("processor", featured.processor_load, 0.0),
                           ("both", featured.processor_load, loaded_utilisation)):
            rows.append({"experiment": "additivity", "network": n, "case": case,
                         "system": replace(featured, network_Mbps=b, processor_load=L, network_load=u)})
    return rows


def miniexp_design(featured: EndSystem, combos: list[tuple[float, int]], name: str) -> list[dict]:
    """Section 3.3 mini-experiments: (period ms, frame bytes) combinations under the featured load."""
    return [{"experiment": name, "system": replace(featured, period_ms=p, frame_bytes=int(nb))}
            for p, nb in combos]


def environment_design(featured: EndSystem) -> list[dict]:
    """Figure 3.8: five environments at illustrative settings (:data:`ENVIRONMENTS`)."""
    return [{"experiment": "environment", "environment": e,
             "system": replace(featured, processor_load=L, network_load=u, priority="default")}
            for e, (L, u) in ENVIRONMENTS.items()]


def years_design(featured: EndSystem, years: int, growth: float) -> list[dict]:
    """Figure 3.14: processor power and bandwidth multiplied by ``growth`` each year."""
    return [{"experiment": "years", "year": t, "priority": p,
             "system": replace(featured, priority=p, specint92=featured.specint92 * growth**t,
                               network_Mbps=featured.network_Mbps * growth**t)}
            for p in ("default", "realtime") for t in range(years + 1)]


def _one_run(task: tuple) -> tuple[dict, np.ndarray]:
    system, assumptions, settings, run_seconds, warmup_seconds, seed = task
    x = simulate_trace(system, assumptions, run_seconds=run_seconds, warmup_seconds=warmup_seconds, seed=seed)
    return trace_metrics(x, system.period_ms, settings), x


def _map(tasks: list[tuple], workers: int) -> list[tuple[dict, np.ndarray]]:
    if workers <= 1 or len(tasks) < 2:
        return [_one_run(t) for t in tasks]
    # Each run carries its own seed, so the result does not depend on the number of workers.
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(_one_run, tasks, chunksize=1))


def run_design(rows: list[dict], assumptions: Assumptions, settings: MetricSettings, *,
               replications: int, run_seconds: float, warmup_seconds: float, seed: int,
               keep_traces: bool = False, workers: int = 1) -> tuple[pd.DataFrame, dict]:
    """Simulate every row ``replications`` times (seed ``seed + k`` for the k-th run).

    Returns one row per run (condition, replication, metrics) and, if asked, every trace keyed
    by ``(row index, replication)``.
    """
    tasks, meta = [], []
    for i, row in enumerate(rows):
        for rep in range(replications):
            tasks.append((row["system"], assumptions, settings, run_seconds, warmup_seconds, seed + len(tasks)))
            meta.append((i, rep, {key: v for key, v in row.items() if key != "system"}, row["system"]))
    out, traces = [], {}
    for (i, rep, info, system), (metrics, x) in zip(meta, _map(tasks, workers), strict=True):
        if keep_traces:
            traces[(i, rep)] = x
        out.append({**info, **asdict(system), "replication": rep, "n_frames": len(x) + 1, **metrics})
    return pd.DataFrame(out), traces


def simulate_study(*, seed: int, replications: int, run_seconds: float, warmup_seconds: float,
                   featured: dict, assumptions: dict, settings: dict, loaded_network_utilisation: float,
                   light_load: float, years: int, annual_growth: float, miniexp1: list, miniexp2: list,
                   loads: list[float]) -> dict:
    """Every simulated experiment of the chapter (picklable, for :func:`mmperf.simcache.cached`).

    Each design gets its own block of seeds, so adding replications to one design does not
    change the others.
    """
    workers = min(2, os.cpu_count() or 1)
    feat = EndSystem(**featured)
    a = Assumptions(**assumptions)
    s = MetricSettings(**settings)
    common = {"run_seconds": run_seconds, "warmup_seconds": warmup_seconds}
    designs = {
        "processor": (processor_design(loads), replications, False),
        "power": (power_design(light_load), replications, False),
        "priority": (priority_design(loads, REFERENCE_SPECINT92), replications, False),
        "network": (network_design(loaded_network_utilisation, feat.specint92), replications, True),
        "additivity": (additivity_design(feat, loaded_network_utilisation), replications, False),
        "miniexp1": (miniexp_design(feat, miniexp1, "miniexp1"), replications, False),
        "miniexp2": (miniexp_design(feat, miniexp2, "miniexp2"), replications, False),
        "environment": (environment_design(feat), 1, True),
        "years": (years_design(feat, years, annual_growth), 1, False),
        "featured": ([{"experiment": "featured", "system": feat}], replications, True),
    }
    result = {}
    for block, (name, (rows, reps, keep)) in enumerate(designs.items()):
        runs, traces = run_design(rows, a, s, replications=reps, seed=seed + 100_000 * block,
                                  keep_traces=keep, workers=workers, **common)
        result[name] = runs
        if keep:
            result[f"{name}_traces"] = traces
    return result


# ---------------------------------------------------------------- parameter checks

def validate_parameters(values: dict) -> None:
    """Cross-parameter checks of the ``claypool-jitter`` chapter.

    Raises
    ------
    mmperf.params.ParameterError
        naming the parameters and the allowed combination.

    Examples
    --------
    >>> validate_parameters({"warmup_seconds": 5, "run_seconds": 60, "gap_buffer_ms": 250,
    ...                      "period_ms": 160, "buffer_max_ms": 230})
    >>> validate_parameters({"warmup_seconds": 5, "run_seconds": 60, "gap_buffer_ms": 250,
    ...                      "period_ms": 160, "buffer_max_ms": 230, "network_load": 0.5,
    ...                      "network_Mbps": 10, "frame_bytes": 1280})
    """
    run = values.get("run_seconds")
    period = values.get("period_ms")
    if run is not None and period is not None and 1000.0 * run / period < 50:
        raise ParameterError(f"run_seconds={run} with period_ms={period} gives fewer than 50 frames per "
                             "trace; allowed: run_seconds >= 0.05 * period_ms")
    if {"annual_growth", "years"} <= values.keys() and values["annual_growth"] ** values["years"] > 128:
        raise ParameterError(f"annual_growth**years = {values['annual_growth'] ** values['years']:.0f} is too "
                             "large to simulate (the CPU bursts shrink by that factor); allowed: <= 128")
    # The audio frames themselves must fit on the link next to the cross traffic.
    if {"network_load", "network_Mbps", "frame_bytes", "period_ms"} <= values.keys():
        audio = transmission_ms(values["frame_bytes"], values["network_Mbps"]) / values["period_ms"]
        if values["network_load"] + audio >= 1.0:
            raise ParameterError(f"network_load={values['network_load']} plus the audio stream's own share "
                                 f"{audio:.3f} of the {values['network_Mbps']} Mbit/s link must stay below 1")


# ---------------------------------------------------------------- analysis of the runs

def pooled_chapter3_runs(study: dict) -> pd.DataFrame:
    """The runs of "all experiments in Sections 3.4 through 3.6" (processor, power, priority, network)."""
    return pd.concat([study[k] for k in ("processor", "power", "priority", "network")], ignore_index=True)


def correlation_matrix(runs: pd.DataFrame) -> pd.DataFrame:
    """Pearson correlation among the six metrics over runs (Table 3.2 layout)."""
    names = list(jitter.METRIC_NAMES)
    return runs[names].astype(float).corr(method="pearson")


def pairwise_comparison(ours: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """The 15 metric pairs: the paper's r (upper triangle, as printed), ours and the difference.

    Examples
    --------
    >>> names = list(jitter.METRIC_NAMES)
    >>> eye = pd.DataFrame(np.eye(6), index=names, columns=names)
    >>> float(pairwise_comparison(eye, eye)["difference"].abs().max())
    0.0
    """
    names = list(jitter.METRIC_NAMES)
    rows = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p, o = float(paper.loc[a, b]), float(ours.loc[a, b])
            rows.append({"pair": f"{a}-{b}", "paper_r": p, "ours_r": o, "difference": o - p})
    return pd.DataFrame(rows)


def fit_line(x, y) -> dict:
    """Least-squares line ``y = a + b x`` (:func:`mmperf.regression.fit_ols`) with r and x-intercept.

    Examples
    --------
    >>> f = fit_line([1, 2, 3, 4], [3, 5, 7, 9])
    >>> round(f["slope"], 6), round(f["intercept"], 6), round(f["r"], 6), round(f["x_intercept"], 6)
    (2.0, 1.0, 1.0, -0.5)
    """
    data = pd.DataFrame({"x": np.asarray(x, dtype=float), "y": np.asarray(y, dtype=float)})
    fit = fit_ols(data, "y", ["x"])
    slope, intercept = fit.coef("x"), fit.coef("const")
    r = float(np.corrcoef(data["x"], data["y"])[0, 1])
    return {"slope": slope, "intercept": intercept, "r": r, "r2": r * r, "n": fit.n,
            "slope_ci_low": float(fit.coefficients.loc["x", "ci_low"]),
            "slope_ci_high": float(fit.coefficients.loc["x", "ci_high"]),
            "x_intercept": -intercept / slope if slope != 0 else float("nan"), "verdict": fit.verdict}


def confidence_band(x, y, x_grid) -> pd.DataFrame:
    """Least-squares line and its 95 % confidence band on ``x_grid`` (as drawn in Figs 3.6, 3.9, 5.22).

    Examples
    --------
    >>> band = confidence_band([1, 2, 3, 4], [3, 5, 7, 9.5], [0, 5])
    >>> bool((band["low"] <= band["fit"]).all() and (band["fit"] <= band["high"]).all())
    True
    """
    import statsmodels.api as sm

    model = sm.OLS(np.asarray(y, dtype=float), sm.add_constant(np.asarray(x, dtype=float))).fit()
    grid = np.asarray(x_grid, dtype=float)
    pred = model.get_prediction(sm.add_constant(grid, has_constant="add")).summary_frame(alpha=0.05)
    return pd.DataFrame({"x": grid, "fit": pred["mean"].to_numpy(), "low": pred["mean_ci_lower"].to_numpy(),
                         "high": pred["mean_ci_upper"].to_numpy()})


def group_fits(runs: pd.DataFrame, by: str, x: str, y: str) -> pd.DataFrame:
    """One least-squares line per group (e.g. variance vs load per machine)."""
    rows = []
    for key, g in runs.groupby(by, sort=False):
        f = fit_line(g[x], g[y])
        rows.append({by: key, **f})
    return pd.DataFrame(rows)


def additivity_table(additivity: pd.DataFrame, network: pd.DataFrame) -> pd.DataFrame:
    """Our Table 5.4: mean variance with processor loaded, network loaded, both; predicted = sum."""
    proc = additivity[additivity["case"] == "processor"].groupby("network", sort=False)["Variance"].mean()
    both = additivity[additivity["case"] == "both"].groupby("network", sort=False)["Variance"].mean()
    net = network[network["network_load"] > 0].groupby("network", sort=False)["Variance"].mean()
    out = pd.DataFrame({"network": list(NETWORKS), "bandwidth_Mbit_s": list(NETWORKS.values())})
    out["processor_jitter"] = out["network"].map(proc)
    out["network_jitter"] = out["network"].map(net)
    out["predicted_jitter"] = out["processor_jitter"] + out["network_jitter"]
    out["actual_jitter"] = out["network"].map(both)
    out["error_pct"] = 100 * (out["predicted_jitter"] - out["actual_jitter"]) / out["actual_jitter"]
    return out


def first_year_below(years: pd.DataFrame, priority: str, threshold: float) -> float:
    """First simulated year whose variance is at or below ``threshold`` (NaN if none)."""
    g = years[years["priority"] == priority].sort_values("year")
    hit = g[g["Variance"] <= threshold]
    return float(hit["year"].iloc[0]) if len(hit) else float("nan")


def printed_chain(v: dict) -> dict:
    """Arithmetic on the printed 5.6.4 regressions that exposes their clash with section 3.7.

    ``v`` maps names of ``jitter_values``/``ch3_values`` to numbers.

    Examples
    --------
    >>> c = printed_chain({"buf_area_slope": 26.5, "buf_area_intercept": -624000,
    ...     "area_jitter_slope": 0.000198, "area_jitter_intercept": 1590000,
    ...     "area_no_buffer": 75000, "jitter_threshold_us2": 1e9})
    >>> round(c["chain_slope"], 6), c["chain_intercept"], c["buffer_at_area_threshold_us"]
    (0.005247, 41511000.0, 1363500.0)
    """
    a1, b1 = v["buf_area_slope"], v["buf_area_intercept"]
    a2, b2 = v["area_jitter_slope"], v["area_jitter_intercept"]
    return {
        "chain_slope": a1 * a2,
        "chain_intercept": a1 * b2 + b1,
        "buffer_at_area_threshold_us": a1 * v["area_no_buffer"] + b1,
        "area_for_zero_buffer": -b1 / a1,
        "area_at_jitter_threshold": a2 * v["jitter_threshold_us2"] + b2,
        "buffer_at_jitter_threshold_us": a1 * (a2 * v["jitter_threshold_us2"] + b2) + b1,
    }
