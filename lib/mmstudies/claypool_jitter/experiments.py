"""The chapter's experiment designs (sections 3.3-3.7 and 5.6.4) and the runs over them."""

from __future__ import annotations

from dataclasses import asdict, replace

import numpy as np
import pandas as pd

from mmperf.parallel import pmap
from mmstudies.claypool_jitter.analytic import correlation_matrix, pairwise_comparison
from mmstudies.claypool_jitter.config import (
    ENVIRONMENTS,
    MACHINES,
    NETWORKS,
    PRIORITIES,
    REFERENCE_SPECINT92,
    EndSystem,
    Mechanisms,
    MetricSettings,
)
from mmstudies.claypool_jitter.model import simulate_trace, trace_metrics


def processor_design(loads: list[float]) -> list[dict]:
    """Section 3.4.2: four Sun classes, default priority, idle Ethernet, 1..6 counters."""
    return [{"experiment": "processor", "machine": m, "system": EndSystem(specint92=s, processor_load=L)}
            for m, s in MACHINES.items() for L in loads]


def power_design(light_load: float) -> list[dict]:
    """Section 3.4.3 / Fig 3.9: the four classes in single-user mode on a disconnected network.

    Isolated (seed line 850): no receiver stalls; ``light_load`` counters (the time-slice generator
    runs ``round(light_load)`` of them).
    """
    return [{"experiment": "power", "machine": m,
             "system": EndSystem(specint92=s, processor_load=light_load, stall_factor=0.0)}
            for m, s in MACHINES.items()]


def priority_design(loads: list[float], specint92: float) -> list[dict]:
    """Section 3.5: default, nice and real-time priority, 1..6 counters (SPARC Classic stand-in)."""
    return [{"experiment": "priority", "machine": "Classic (stand-in)", "system":
             EndSystem(specint92=specint92, processor_load=L, priority=p)} for p in PRIORITIES for L in loads]


def network_design(loaded_utilisation: float, specint92: float) -> list[dict]:
    """Section 3.6: three networks, quiet or loaded by cross traffic, no counters."""
    return [{"experiment": "network", "machine": "Challenge (stand-in)", "network": n, "system":
             EndSystem(specint92=specint92, network_Mbps=b, network_load=u)}
            for n, b in NETWORKS.items() for u in (0.0, loaded_utilisation)]


def additivity_design(featured: EndSystem, loaded_utilisation: float) -> list[dict]:
    """Table 5.4: processor loaded alone and processor + network loaded, on each network.

    The network-alone case is the loaded run of :func:`network_design`.
    """
    rows = []
    for n, b in NETWORKS.items():
        for case, u in (("processor", 0.0), ("both", loaded_utilisation)):
            rows.append({"experiment": "additivity", "network": n, "case": case,
                         "system": replace(featured, network_Mbps=b, network_load=u)})
    return rows


def miniexp_design(featured: EndSystem, combos: list[tuple[float, int]], name: str) -> list[dict]:
    """Section 3.3 mini-experiments on an unloaded system (the text states no load)."""
    return [{"experiment": name, "system": replace(featured, period_ms=p, frame_bytes=int(nb), processor_load=0.0,
                                                   network_load=0.0, priority="default")}
            for p, nb in combos]


def environment_design(featured: EndSystem) -> list[dict]:
    """Figure 3.8: five environments at illustrative settings (:data:`ENVIRONMENTS`)."""
    return [{"experiment": "environment", "environment": e,
             "system": replace(featured, processor_load=L, network_load=u, stall_factor=f, priority="default")}
            for e, (L, u, f) in ENVIRONMENTS.items()]


def years_design(featured: EndSystem, years: int, growth: float) -> list[dict]:
    """Figure 3.14: processor power and bandwidth multiplied by ``growth`` each year."""
    return [{"experiment": "years", "year": t, "priority": p,
             "system": replace(featured, priority=p, specint92=featured.specint92 * growth**t,
                               network_Mbps=featured.network_Mbps * growth**t)}
            for p in ("default", "realtime") for t in range(years + 1)]


def _one_run(task: tuple) -> tuple[dict, np.ndarray | None]:
    system, mech, settings, generator, run_length_s, warmup_s, seed, keep = task
    x, load = simulate_trace(system, mech, generator=generator, run_length_s=run_length_s, warmup_s=warmup_s,
                             seed=seed)
    return {**trace_metrics(x, system.period_ms, settings), "load": load}, (x if keep else None)


def run_design(rows: list[dict], mech: Mechanisms, settings: MetricSettings, *, generator: str,
               replications: int, run_length_s: float, warmup_s: float, seed: int, keep_traces: bool = False,
               workers: int | None = None) -> tuple[pd.DataFrame, dict]:
    """Simulate every row ``replications`` times (seed ``seed + k`` for the k-th run).

    Returns one row per run (condition, replication, metrics, measured load) and, if asked, every
    trace keyed by ``(row index, replication)``.
    """
    tasks, meta = [], []
    for i, row in enumerate(rows):
        for rep in range(replications):
            tasks.append((row["system"], mech, settings, generator, run_length_s, warmup_s, seed + len(tasks),
                          keep_traces))
            meta.append((i, rep, {k: v for k, v in row.items() if k != "system"}, row["system"]))
    out, traces = [], {}
    for (i, rep, info, system), (metrics, x) in zip(meta, pmap(_one_run, tasks, workers=workers), strict=True):
        if keep_traces:
            traces[(i, rep)] = x
        out.append({**info, **asdict(system), "replication": rep, **metrics})
    return pd.DataFrame(out), traces


def chapter3_rows(loads: list[float], light_load: float, loaded_utilisation: float,
                  specint92: float) -> dict[str, list[dict]]:
    """The designs pooled for Table 3.2 ("all experiments in Sections 3.4 through 3.6")."""
    return {"processor": processor_design(loads), "power": power_design(light_load),
            "priority": priority_design(loads, REFERENCE_SPECINT92),
            "network": network_design(loaded_utilisation, specint92)}


def simulate_study(*, seed: int, replications: int, run_length_s: float, warmup_s: float, generator: str,
                   featured: dict, mechanisms: dict, settings: dict, loaded_network_utilisation: float,
                   light_load: float, years: int, annual_growth: float, miniexp1: list, miniexp2: list,
                   loads: list[float], workers: int | None = None) -> dict:
    """Every simulated experiment of the chapter (picklable, for :func:`mmperf.simcache.cached`).

    Each design gets its own block of seeds, so adding replications to one design does not
    change the others.
    """
    feat = EndSystem(**featured)
    mech = Mechanisms(**mechanisms)
    s = MetricSettings(**settings)
    common = {"run_length_s": run_length_s, "warmup_s": warmup_s, "generator": generator, "workers": workers}
    base = chapter3_rows(loads, light_load, loaded_network_utilisation, feat.specint92)
    designs = {
        "processor": (base["processor"], replications, False),
        "power": (base["power"], replications, False),
        "priority": (base["priority"], replications, False),
        "network": (base["network"], replications, True),
        "additivity": (additivity_design(feat, loaded_network_utilisation), replications, False),
        "miniexp1": (miniexp_design(feat, miniexp1, "miniexp1"), replications, False),
        "miniexp2": (miniexp_design(feat, miniexp2, "miniexp2"), replications, False),
        "environment": (environment_design(feat), 1, True),
        "years": (years_design(feat, years, annual_growth), replications, False),
        "featured": ([{"experiment": "featured", "system": feat}], replications, True),
    }
    result = {}
    for block, (name, (rows, reps, keep)) in enumerate(designs.items()):
        runs, traces = run_design(rows, mech, s, replications=reps, seed=seed + 100_000 * block,
                                  keep_traces=keep, **common)
        result[name] = runs
        if keep:
            result[f"{name}_traces"] = traces
    return result


def pooled_chapter3_runs(study: dict) -> pd.DataFrame:
    """The runs of "all experiments in Sections 3.4 through 3.6" (processor, power, priority, network)."""
    return pd.concat([study[k] for k in ("processor", "power", "priority", "network")], ignore_index=True)


def sensitivity(*, seed: int, replications: int, warmup_s: float, featured: dict, mechanisms: dict,
                settings: dict, paper: pd.DataFrame, loaded_network_utilisation: float, light_load: float,
                loads: list[float], run_lengths: list[float], stall_rates: list[float], quanta: list[float],
                run_length_s: float, workers: int | None = None) -> pd.DataFrame:
    """Table 3.2's 15 correlations from the time-slice generator, one mechanism varied at a time.

    Each variant re-runs the pooled chapter-3 designs with the chapter's other values. Returns one
    row per (varied parameter, value, pair) with our r and the thesis's.
    """
    feat = EndSystem(**featured)
    s = MetricSettings(**settings)
    rows = chapter3_rows(loads, light_load, loaded_network_utilisation, feat.specint92)
    flat = [r for v in rows.values() for r in v]
    variants = ([("run_length_s", v, {}, v) for v in run_lengths]
                + [("stall_rate_per_min", v, {"stall_rate_per_min": v}, run_length_s) for v in stall_rates]
                + [("quantum_ms", v, {"quantum_ms": v}, run_length_s) for v in quanta])
    out = []
    for k, (name, value, change, length) in enumerate(variants):
        mech = Mechanisms(**{**mechanisms, **change})
        runs, _ = run_design(flat, mech, s, generator="timeslice", replications=replications, run_length_s=length,
                             warmup_s=warmup_s, seed=seed + 1_000_000 + 10_000 * k, workers=workers)
        pairs = pairwise_comparison(correlation_matrix(runs), paper)
        out.append(pairs.assign(parameter=name, value=float(value), n_runs=len(runs)))
    return pd.concat(out, ignore_index=True)
