"""The chapter's experiment designs (sections 3.3-3.7 and 5.6.4), the runs over them, and every
number the chapter reports from those runs.

Designs (``*_design``) list the conditions; :func:`run_design` simulates them; :func:`simulate_study`
runs every design of the chapter and :func:`sensitivity` the Table 3.2 sensitivity runs.
:func:`run` does all of it at the chapter's parameters (through the simulation cache) and
:func:`analyse` turns the runs into a :class:`Findings`: the metrics (or why one is undefined),
the dictionary ``R`` the scorecard and the prose read, the chapter's tables and the arguments of
each figure. :func:`record` writes a :class:`Findings` into the chapter record.
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field, replace

import numpy as np
import pandas as pd

from mmperf import jitter
from mmperf.parallel import pmap
from mmperf.simcache import cached
from mmperf.stats import mean_ci
from mmperf.steady import Station
from mmstudies.claypool_jitter.analytic import (
    additivity_error_ci,
    additivity_table,
    correlation_matrix,
    first_year_below,
    fisher_ci,
    fit_line,
    group_fits,
    pairwise_comparison,
    printed_chain,
    range_example,
    scaling_exponent,
    x_intercept_ci,
)
from mmstudies.claypool_jitter.config import (
    ENVIRONMENTS,
    MACHINES,
    N_CHAPTER3_CONDITIONS,
    NETWORKS,
    PRIORITIES,
    REFERENCE_SPECINT92,
    EndSystem,
    Mechanisms,
    MetricSettings,
    host_cost_ms,
)
from mmstudies.claypool_jitter.data import Inputs, load_inputs
from mmstudies.claypool_jitter.model import simulate_trace, trace_metrics
from mmstudies.claypool_jitter.text import GENERATOR_NAMES
from mmstudies.claypool_jitter.timeslice import cost_scale


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


def other_reading(*, seed: int, replications: int, run_length_s: float, warmup_s: float, mechanisms: dict,
                  settings: dict, loads: list[float], workers: int | None = None) -> pd.DataFrame:
    """The default-priority designs (Figs 3.6-3.7 and the default line of Fig 3.10) under the other reading of
    the default-priority rule: ``io-boost`` (seed line 875) when the chapter runs ``tail``, and the reverse.

    The time-slice generator only (the rule is one of its mechanisms). Returns one row per run, with the
    reading in ``default_wakeup``.
    """
    other = "io-boost" if mechanisms.get("default_wakeup", "tail") == "tail" else "tail"
    mech = Mechanisms(**{**mechanisms, "default_wakeup": other})
    rows = processor_design(loads) + [r for r in priority_design(loads, REFERENCE_SPECINT92)
                                      if r["system"].priority == "default"]
    runs, _ = run_design(rows, mech, MetricSettings(**settings), generator="timeslice", replications=replications,
                         run_length_s=run_length_s, warmup_s=warmup_s, seed=seed + 2_000_000, workers=workers)
    return runs.assign(default_wakeup=other)


# ----------------------------------------------------------------------------- the chapter's runs
#: the chapter parameters that make the featured condition (:class:`EndSystem` fields)
FEATURED_KEYS = ("specint92", "processor_load", "priority", "network_Mbps", "network_load", "period_ms",
                 "frame_bytes")
#: the chapter parameters that say how the metrics are computed (:class:`MetricSettings` fields)
SETTING_KEYS = ("gap_buffer_ms", "buffer_max_ms", "latency_limit_ms", "gap_limit_pct", "range_definition",
                "lateness_reference")
#: the generators' mechanism values among the chapter parameters (:class:`Mechanisms` fields)
MECHANISM_KEYS = ("quantum_ms", "stall_rate_per_min", "stall_mean_ms", "stall_distribution", "cross_message_bytes",
                  "cpu_burst_ms", "environment_sd_ms", "default_wakeup")
#: the sensitivity runs: trace lengths as multiples of ``run_length_s``, stall rates (1/min), time slices (ms)
SENSITIVITY_LENGTH_FACTORS = (0.3, 1.0, 3.0)
SENSITIVITY_STALL_RATES = [0.0, 0.25, 1.0, 4.0]
SENSITIVITY_QUANTA = [20.0, 50.0, 100.0, 200.0]
#: the thesis's points per line in Figs 3.6 and 3.7: one per counter count 1-6 (our reading of seed line 879)
THESIS_LOAD_POINTS = 6


def _pick(p: dict, keys: tuple[str, ...]) -> dict:
    return {k: p[k] for k in keys}


def load_levels(max_load: int) -> list[float]:
    """The counter counts of the processor and priority experiments, 1 to ``max_load``.

    Examples
    --------
    >>> load_levels(3)
    [1.0, 2.0, 3.0]
    """
    return [float(x) for x in range(1, max_load + 1)]


def miniexp_combos(v3: dict, frame_bytes: int) -> tuple[list, list]:
    """The (period in ms, frame bytes) pairs of the two mini-experiments of section 3.3.

    The first uses the thesis's three size/rate pairs (``ch3_values``), the second its four
    intervals with ``frame_bytes``.

    Examples
    --------
    >>> v3 = {"miniexp1_audio_interval_us": 160000, "miniexp1_audio_bytes": 1280,
    ...       "miniexp1_mid_interval_us": 100000, "miniexp1_mid_bytes": 4000,
    ...       "miniexp1_video_interval_us": 33000, "miniexp1_video_bytes": 6000,
    ...       **{f"miniexp2_interval_{i}_us": 1000 * t for i, t in ((1, 30), (2, 70), (3, 110), (4, 160))}}
    >>> one, two = miniexp_combos(v3, 1280)
    >>> one, two
    ([(160.0, 1280), (100.0, 4000), (33.0, 6000)], [(30.0, 1280), (70.0, 1280), (110.0, 1280), (160.0, 1280)])
    """
    one = [(v3[f"miniexp1_{k}_interval_us"] / 1000, v3[f"miniexp1_{k}_bytes"]) for k in ("audio", "mid", "video")]
    two = [(v3[f"miniexp2_interval_{i}_us"] / 1000, frame_bytes) for i in (1, 2, 3, 4)]
    return one, two


def study_arguments(p: dict, v3: dict) -> dict:
    """The keyword arguments of :func:`simulate_study` at the chapter's parameters ``p``."""
    miniexp1, miniexp2 = miniexp_combos(v3, p["frame_bytes"])
    return {"seed": p["seed"], "replications": p["replications"], "run_length_s": p["run_length_s"],
            "warmup_s": p["warmup_s"], "generator": p["generator"], "featured": _pick(p, FEATURED_KEYS),
            "mechanisms": _pick(p, MECHANISM_KEYS), "settings": _pick(p, SETTING_KEYS),
            "loaded_network_utilisation": p["loaded_network_utilisation"], "light_load": p["light_load"],
            "years": p["years"], "annual_growth": p["annual_growth"], "miniexp1": miniexp1, "miniexp2": miniexp2,
            "loads": load_levels(p["max_load"])}


def sensitivity_arguments(p: dict, paper: pd.DataFrame) -> dict:
    """The keyword arguments of :func:`sensitivity` at the chapter's parameters ``p``."""
    return {"seed": p["seed"], "replications": p["sensitivity_replications"], "warmup_s": p["warmup_s"],
            "featured": _pick(p, FEATURED_KEYS), "mechanisms": _pick(p, MECHANISM_KEYS),
            "settings": _pick(p, SETTING_KEYS), "paper": paper,
            "loaded_network_utilisation": p["loaded_network_utilisation"], "light_load": p["light_load"],
            "loads": load_levels(p["max_load"]),
            "run_lengths": [p["run_length_s"] * f for f in SENSITIVITY_LENGTH_FACTORS],
            "stall_rates": SENSITIVITY_STALL_RATES, "quanta": SENSITIVITY_QUANTA, "run_length_s": p["run_length_s"]}


def stations(p: dict) -> list[Station]:
    """The queues of the featured condition and of the loaded-network design, at the chapter's parameters ``p``.

    Rates in bits per second on the links (the stream's frames plus the cross traffic, which keeps the link busy
    ``network_load`` of the time) and frames per second at the receive process. The counters are not a queue of
    frames: they take the processor in turns, and the receive process drains its socket at each of its turns,
    so the frames' queue is stable whenever the receive work of the frames arriving in one period fits in it.
    The stream's own share is ``8 frame_bytes / (Mbit/s x 1000) / period_ms``.

    Examples
    --------
    >>> p = {"network_Mbps": 10.0, "network_load": 0.5, "period_ms": 160.0, "frame_bytes": 1280, "specint92": 21.8,
    ...      "loaded_network_utilisation": 0.5}
    >>> [(s.name, round(s.utilisation, 4)) for s in stations(p)][:2]
    [('featured link', 0.5064), ('receive process', 0.002)]
    """
    stream_bps = 8.0 * p["frame_bytes"] * 1000.0 / p["period_ms"]
    rate = 1000.0 / p["period_ms"]
    recv_ms = host_cost_ms(cost_scale(EndSystem(frame_bytes=p["frame_bytes"]))[1], p["specint92"])
    out = [Station("featured link", p["network_load"] * p["network_Mbps"] * 1e6 + stream_bps, p["network_Mbps"] * 1e6),
           Station("receive process", rate, 1000.0 / recv_ms)]
    for name, mbps in NETWORKS.items():
        out.append(Station(f"{name} link (loaded runs)", p["loaded_network_utilisation"] * mbps * 1e6 + stream_bps,
                           mbps * 1e6))
    return out


def reading_arguments(p: dict) -> dict:
    """The keyword arguments of :func:`other_reading` at the chapter's parameters ``p``."""
    return {"seed": p["seed"], "replications": p["sensitivity_replications"], "run_length_s": p["run_length_s"],
            "warmup_s": p["warmup_s"], "mechanisms": _pick(p, MECHANISM_KEYS), "settings": _pick(p, SETTING_KEYS),
            "loads": load_levels(p["max_load"])}


def reflection_traces(p: dict) -> tuple[np.ndarray, np.ndarray]:
    """Fig 3.3's two traces on an unloaded system: 12 s at the featured period and 2.25 s at 30 ms."""
    quiet = EndSystem(**{**_pick(p, FEATURED_KEYS), "processor_load": 0.0, "network_load": 0.0, "priority": "default"})
    mech = Mechanisms(**_pick(p, MECHANISM_KEYS))
    common = {"generator": p["generator"], "warmup_s": p["warmup_s"], "seed": p["seed"] + 7}
    slow, _ = simulate_trace(quiet, mech, run_length_s=12, **common)
    fast, _ = simulate_trace(replace(quiet, period_ms=30.0), mech, run_length_s=2.25, **common)
    return slow, fast


@dataclass
class Findings:
    """Every number, table and figure input the chapter reports from one run (see :func:`analyse`).

    ``pooled`` holds the runs Table 3.2 pools (:func:`pooled_chapter3_runs`). ``metrics`` maps a
    metric name to ``(value, unit, reason)`` in the order the chapter records them; a non-empty
    ``reason`` says why the value may be undefined (NaN). ``glued`` holds the texts (and the one
    timing) the page shows beside them; ``R`` what :mod:`.checks` and :func:`.text.explain`
    read; ``tables`` the chapter's tables by name; ``plots`` the positional arguments of each
    function of :mod:`.figures`, by the function's name.
    """

    params: dict
    inputs: Inputs
    study: dict
    sens: pd.DataFrame | None = None
    pooled: pd.DataFrame | None = None
    metrics: dict = field(default_factory=dict)
    glued: dict = field(default_factory=dict)
    R: dict = field(default_factory=dict)
    tables: dict = field(default_factory=dict)
    plots: dict = field(default_factory=dict)
    warnings: list = field(default_factory=list)

    def put(self, name: str, value: float, unit: str = "", reason: str = "") -> float:
        """Store a metric and return it as a float; NaN or infinity needs ``reason`` (else ValueError)."""
        number = float(value)
        if not math.isfinite(number) and not reason:
            raise ValueError(f"metric {name!r} is {number} and has no reason to be undefined")
        self.metrics[name] = (number, unit, reason)
        return number

    def value(self, name: str) -> float:
        """A stored metric's value (NaN when undefined)."""
        return self.metrics[name][0]


#: the simulated delays among the metrics, and the stations they pass (:func:`stations`): the featured traces'
#: largest lateness (the buffer that drops nothing) and their mean optimal buffer
DELAYS = {"ours_zero_drop_buffer_ms": ["featured link", "receive process"],
          "ours_optimal_buffer_ms": ["featured link", "receive process"]}


def record(ch, f: Findings) -> None:
    """Write ``f``'s warnings, metrics (undefined ones with their reasons) and glued texts into ``ch``."""
    for what, why in f.warnings:
        ch.warn(what, why)
    for name, (value, unit, reason) in f.metrics.items():
        if name in DELAYS and math.isfinite(value):   # a simulated delay: a number only through steady stations
            ch.delay(name, value, through=DELAYS[name], unit=unit or "ms")
        elif reason:
            ch.value_or_undefined(name, value, reason, unit=unit)
        else:
            ch.metric(name, value, unit=unit)
    for name, value in f.glued.items():
        ch.glue(name, value)


def run(p: dict, inputs: Inputs | None = None) -> Findings:
    """Simulate and analyse the whole chapter at its parameters ``p`` (a full set, as the chapter has).

    The study and the sensitivity runs go through the simulation cache
    (:func:`mmperf.simcache.cached`); the glued ``simulation_seconds`` is the time the study took.
    """
    inputs = inputs or load_inputs()
    warnings = []
    if p["generator"] == "timeslice" and p["processor_load"] != round(p["processor_load"]):
        warnings.append(("processor_load rounded", "the time-slice generator runs whole counter processes: "
                         f"processor_load = {p['processor_load']:g} runs {round(p['processor_load'])} counters "
                         "in the featured condition"))
    started = time.perf_counter()
    study = cached(simulate_study, **study_arguments(p, inputs.v3))
    seconds = time.perf_counter() - started
    sens = (cached(sensitivity, **sensitivity_arguments(p, inputs.table32)) if p["sensitivity_replications"] > 0
            else None)
    f = analyse(study, p, inputs, sens=sens, reflection=reflection_traces(p))
    reading = (cached(other_reading, **reading_arguments(p)) if p["sensitivity_replications"] > 0
               and p["generator"] == "timeslice" else None)
    _reading(f, reading)
    f.warnings[:0] = warnings
    f.glued["simulation_seconds"] = seconds
    return f


def analyse(study: dict, p: dict, inputs: Inputs, sens: pd.DataFrame | None = None,
            reflection: tuple | None = None) -> Findings:
    """Turn the runs of :func:`simulate_study` (and :func:`sensitivity`) into the chapter's findings.

    ``reflection`` is the pair of Fig 3.3 traces (:func:`reflection_traces`), only passed on to the figure.
    """
    f = Findings(params=p, inputs=inputs, study=study, sens=sens)
    f.glued["generator_name"] = GENERATOR_NAMES[p["generator"]]
    f.R.update(v3=inputs.v3, vb=inputs.vb, generator=p["generator"], replications=p["replications"],
               buffer_max_ms=p["buffer_max_ms"], default_wakeup=p["default_wakeup"],
               stall_rate=p["stall_rate_per_min"], gap_buffer_ms=p["gap_buffer_ms"])
    examples = f.tables["range-example"] = range_example()
    f.put("example_range_maxmin", examples["range (max-min)"][0])
    f.put("example_variance_1", examples["variance"][0])
    f.put("example_variance_2", examples["variance"][1])
    f.put("simulated_traces", sum(len(v) for v in study.values() if isinstance(v, pd.DataFrame)))
    f.plots["reflection"] = reflection
    for section in (_miniexp, _table32, _sensitivity, _load, _power, _priority, _network, _additivity,
                    _compensation, _regressions, _years):
        section(f)
    return f


def pairs_with_bands(pairs: pd.DataFrame, n: int = N_CHAPTER3_CONDITIONS) -> pd.DataFrame:
    """Table 3.2's pairs with the Fisher-z band of each printed r from ``n`` runs and whether ours is inside.

    Examples
    --------
    >>> pairs = pd.DataFrame({"pair": ["A-B", "A-C"], "paper_r": [0.0, 0.5], "ours_r": [0.1, 0.0],
    ...                       "difference": [0.1, -0.5]})
    >>> t = pairs_with_bands(pairs, 103)      # half-width 1.96 / 10 in z
    >>> t["band_high"].round(4).tolist(), t["inside"].tolist()
    ([0.1935, 0.6323], [True, False])
    """
    band = [fisher_ci(r, n) for r in pairs["paper_r"]]
    shown = pairs.assign(band_low=[b[0] for b in band], band_high=[b[1] for b in band])
    shown["inside"] = (shown["ours_r"] >= shown["band_low"]) & (shown["ours_r"] <= shown["band_high"])
    return shown


def best_sensitivity_setting(sens: pd.DataFrame, within: float = 0.1) -> tuple[int, str]:
    """The sensitivity setting with the most pairs within ``within`` of the thesis: (count, "name = value").

    Examples
    --------
    >>> sens = pd.DataFrame({"parameter": ["quantum_ms"] * 4, "value": [20.0, 20.0, 50.0, 50.0],
    ...                      "difference": [0.05, 0.3, -0.1, 0.02]})
    >>> best_sensitivity_setting(sens)
    (2, 'quantum_ms = 50')
    """
    ok = sens.assign(ok=sens["difference"].abs() <= within).groupby(["parameter", "value"])["ok"].sum()
    best = ok.idxmax()
    return int(ok.max()), f"{best[0]} = {best[1]:g}"


def at_sweep_top(optimal_buffers_us, buffers_us) -> int:
    """How many optimal buffers sit at the last buffer of the sweep (there the optimum is only a lower bound).

    Examples
    --------
    >>> at_sweep_top([100_000.0, 230_000.0, 230_000.0], np.arange(0.0, 231_000.0, 1000.0))
    2
    """
    return int(np.sum(np.asarray(optimal_buffers_us, dtype=float) >= float(buffers_us[-1]) - 0.5))


def meet_spread(fits: pd.DataFrame, at: float = 1.0) -> float:
    """How far apart the per-class lines are at load ``at``, in load units (spread / mean slope).

    Examples
    --------
    >>> fits = pd.DataFrame({"intercept": [0.0, 1.0], "slope": [2.0, 2.0]})
    >>> meet_spread(fits)                 # heights 2 and 3 at load 1, mean slope 2
    0.5
    """
    height = fits["intercept"] + fits["slope"] * at
    return float((height.max() - height.min()) / fits["slope"].mean())


#: the coefficient columns of the fits tables, shown in units of 10^9 µs²
FIT_COLUMNS = ["slope", "slope_ci_low", "slope_ci_high", "intercept"]


def fits_table(fits: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """``columns`` of a fits table with :data:`FIT_COLUMNS` divided by 10^9 (µs² to 10^9 µs²).

    Examples
    --------
    >>> fits = pd.DataFrame({"machine": ["SLC"], "slope": [2e9], "slope_ci_low": [1e9], "slope_ci_high": [3e9],
    ...                      "intercept": [-5e8], "r": [0.9]})
    >>> t = fits_table(fits, ["machine", *FIT_COLUMNS, "r"])
    >>> t["slope"].tolist(), t["intercept"].tolist(), t["r"].tolist()
    ([2.0], [-0.5], [0.9])
    """
    return fits[columns].assign(**{c: fits[c] / 1e9 for c in FIT_COLUMNS})


def paper_additivity(table54: pd.DataFrame) -> pd.DataFrame:
    """Table 5.4 with the error of its predicted jitter against the actual, in %.

    Examples
    --------
    >>> t = pd.DataFrame({"predicted_jitter": [107.0], "actual_jitter": [100.0]})
    >>> paper_additivity(t)["error_pct"].tolist()
    [7.0]
    """
    out = table54.copy()
    out["error_pct"] = 100 * (out["predicted_jitter"] - out["actual_jitter"]) / out["actual_jitter"]
    return out


#: the jitter columns of Table 5.4
JITTER_COLUMNS = ("processor_jitter", "network_jitter", "predicted_jitter", "actual_jitter")


def additivity_comparison(paper: pd.DataFrame, ours: pd.DataFrame) -> pd.DataFrame:
    """Table 5.4 as printed above our counterpart (variances in ms², from µs²), with a ``source`` column."""
    ours_ms = ours.assign(**{c: ours[c] / 1e6 for c in JITTER_COLUMNS}, source="ours (variance, ms²)")
    both = pd.concat([paper.assign(source="thesis Table 5.4 (no units)"), ours_ms], ignore_index=True)
    return both[["source", "network", *JITTER_COLUMNS, "error_pct"]]


def regressions_table(vb: dict, buf_fit: dict, area_fit: dict) -> pd.DataFrame:
    """The printed buffer/area/jitter regressions (section 5.6.4) beside our fits."""
    rows = [[what, vb[f"{key}_slope"], vb[f"{key}_intercept"], vb[f"{key}_r"], fit["slope"], fit["intercept"],
             fit["r"]] for what, key, fit in (("Buf. vs Area", "buf_area", buf_fit),
                                               ("Area vs Jitter", "area_jitter", area_fit))]
    return pd.DataFrame(rows, columns=["regression", "thesis slope", "thesis intercept", "thesis r", "our slope",
                                       "our intercept", "our r"])


def first_years(years_runs: pd.DataFrame, threshold: float) -> dict[str, float]:
    """First year whose mean variance is at or below ``threshold``, per priority (NaN if none).

    Examples
    --------
    >>> yr = pd.DataFrame({"priority": ["default"] * 4 + ["realtime"] * 2, "year": [0, 0, 1, 1, 0, 0],
    ...                    "Variance": [3.0, 1.0, 2.0, 0.0, 5.0, 5.0]})
    >>> first_years(yr, 1.0)              # default's means: 2 in year 0, 1 in year 1
    {'default': 1.0, 'realtime': nan}
    """
    means = years_runs.groupby(["priority", "year"], as_index=False)["Variance"].mean()
    return {p: first_year_below(means, p, threshold) for p in ("default", "realtime")}


# ----------------------------------------------------------------------------- the sections of analyse
def _miniexp(f: Findings) -> None:
    v3 = f.inputs.v3
    mini1, mini2 = f.study["miniexp1"], f.study["miniexp2"]
    r1 = f.put("ours_r_exp1", np.corrcoef(mini1["period_ms"], mini1["positive_dev_variance"])[0, 1])
    r2 = f.put("ours_r_exp2", np.corrcoef(mini2["period_ms"], mini2["positive_dev_variance"])[0, 1])
    f.R.update(n_exp1=len(mini1), n_exp2=len(mini2))
    f.plots["packet_rate"] = (mini1, mini2, (v3["r_packet_rate_exp1"], v3["r_packet_rate_exp2"]), (r1, r2))


def _table32(f: Findings) -> None:
    pooled = f.pooled = pooled_chapter3_runs(f.study)
    ours32 = correlation_matrix(pooled)
    pairs = pairwise_comparison(ours32, f.inputs.table32)
    f.R.update(pairs=pairs, n_pooled=len(pooled))
    f.put("table32_runs", len(pooled))
    f.put("table32_mean_abs_difference", pairs["difference"].abs().mean())
    range_pairs = pairs[pairs["pair"].str.startswith("Range")]
    other_pairs = pairs[~pairs["pair"].str.startswith("Range")]
    f.put("ours_range_r_max", range_pairs["ours_r"].max())
    f.put("ours_range_r_min", range_pairs["ours_r"].min())
    f.put("ours_other_r_min", other_pairs["ours_r"].min())
    f.put("ours_other_r_max", other_pairs["ours_r"].max())
    shown = pairs_with_bands(pairs)
    f.put("table32_pairs_in_band", int(shown["inside"].sum()))
    f.put("table32_pairs_within_01", int((pairs["difference"].abs() <= 0.1).sum()))
    f.tables["table32-pairs"] = shown[["pair", "paper_r", "band_low", "band_high", "ours_r", "difference", "inside"]]
    f.plots["correlation_heatmaps"] = (f.inputs.table32, ours32, len(pooled))


def _sensitivity(f: Findings) -> None:
    p = f.params
    if f.sens is None:
        f.plots["note"] = ("sensitivity runs skipped (sensitivity_replications = 0)",)
        f.put("sens_best_within_01", math.nan, reason="sensitivity runs skipped (sensitivity_replications = 0)")
        f.glued["sens_best_setting"] = "none (skipped)"
        return
    f.plots["sensitivity"] = (f.sens, _pick(p, ("run_length_s", "stall_rate_per_min", "quantum_ms")))
    f.R["sens"] = f.sens
    count, setting = best_sensitivity_setting(f.sens)
    f.put("sens_best_within_01", count)
    f.R["sens_best_setting"] = f.glued["sens_best_setting"] = setting


def _load(f: Findings) -> None:
    proc = f.study["processor"]
    pfits = group_fits(proc, "machine", "load", "Variance")
    fits = pfits.set_index("machine")
    f.put("ours_r_load_slc", fits.loc["SLC", "r"])
    f.put("ours_r_load_min", pfits["r"].min())
    f.put("ours_r_load_max", pfits["r"].max())
    f.put("ours_meet_spread_load", meet_spread(fits))
    f.R["slc_x_intercept"] = float(fits.loc["SLC", "x_intercept"])
    f.R.update(n_loads=THESIS_LOAD_POINTS, n_load_points=int(len(proc) / len(MACHINES)), class_r=fits["r"].to_dict(),
               slopes=fits["slope"], slope_ci={m: (fits.loc[m, "slope_ci_low"], fits.loc[m, "slope_ci_high"])
                                               for m in fits.index})
    f.plots["load_lines"] = (proc, pfits, f.params["max_load"], f.inputs.v3["r_load_slc"])
    f.tables["load-fits"] = fits_table(pfits, ["machine", *FIT_COLUMNS, "r", "x_intercept", "n"])


def _power(f: Findings) -> None:
    v3, proc = f.inputs.v3, f.study["processor"]
    f.plots["environments"] = (f.study["environment_traces"], f.params["period_ms"], v3["fig3_8_offset_ms"])
    power = f.study["power"]
    power_fit = fit_line(power["specint92"], 1 / power["Variance"])
    f.put("ours_r_power", power_fit["r"])
    f.R["n_power"] = len(power)
    f.plots["power"] = (power, power_fit, v3["r_power"])
    hi_load = proc[proc["processor_load"] == proc["processor_load"].max()].groupby("specint92")["Variance"].mean()
    f.put("ours_spec_exponent_loaded", scaling_exponent(hi_load.index, hi_load.to_numpy()))
    iso = power.groupby("specint92")["Variance"].mean()
    f.put("ours_spec_exponent_isolated", scaling_exponent(iso.index, iso.to_numpy()))


def _priority(f: Findings) -> None:
    v3, prio = f.inputs.v3, f.study["priority"]
    prfits = group_fits(prio, "priority", "load", "Variance").set_index("priority")
    for p in PRIORITIES:
        f.put(f"ours_slope_{p}", prfits.loc[p, "slope"])
    xi = {p: x_intercept_ci(prio[prio["priority"] == p]["load"], prio[prio["priority"] == p]["Variance"],
                            seed=f.params["seed"]) for p in ("default", "nice")}
    for p in ("default", "nice"):
        ok = prfits.loc[p, "slope_ci_low"] > 0
        f.put(f"ours_x_intercept_{p}", xi[p][0] if ok else math.nan, unit="load",
              reason=f"the {p} line's slope is not positive (its 95 % CI reaches zero)")
    top = prio["processor_load"].max()
    mmv = {p: mean_ci(prio[(prio["priority"] == p) & (prio["processor_load"] == top)]["Variance"])
           for p in PRIORITIES}
    f.put("ours_max_variance_default", mmv["default"][0])
    f.put("ours_max_variance_nice", mmv["nice"][0])
    f.R.update(x_intercepts=xi, prio_slopes=prfits["slope"].to_dict(),
               prio_slope_ci={p: (prfits.loc[p, "slope_ci_low"], prfits.loc[p, "slope_ci_high"]) for p in PRIORITIES},
               n_prio_points=int(len(prio) / 3), max_mean_variance=mmv)
    f.plots["priority"] = (prio, prfits, f.params["max_load"], (v3["fig3_10_ymax_us2"], v3["fig3_11_ymax_us2"]))
    f.tables["priority-fits"] = fits_table(prfits.reset_index(), ["priority", *FIT_COLUMNS, "r"])


def _network(f: Findings) -> None:
    v3, p, table54, net = f.inputs.v3, f.params, f.inputs.table54, f.study["network"]
    loaded = net[net["network_load"] > 0]
    bw_fit = fit_line(loaded["network_Mbps"], 1 / loaded["Variance"])
    f.put("ours_r_bandwidth", bw_fit["r"])
    f.R["bw_slope_ci"] = (bw_fit["slope_ci_low"], bw_fit["slope_ci_high"])
    t54_fit = fit_line(table54["bandwidth_Mbit_s"], 1 / table54["network_jitter"])
    f.put("table54_r_bandwidth", t54_fit["r"])
    design = network_design(p["loaded_network_utilisation"], p["specint92"])
    f.plots["networks"] = (f.study["network_traces"], design, 160.0, v3["fig3_12_offset_us"], loaded, bw_fit, table54,
                           v3["r_bandwidth"])
    quiet_var = net[net["network_load"] == 0].groupby("network")["Variance"].mean()
    loaded_var = loaded.groupby("network")["Variance"].mean()
    f.put("ours_quiet_network_spread", float(quiet_var.max() / quiet_var.min()))
    f.put("ours_loaded_ethernet_over_hippi", float(loaded_var["Ethernet"] / loaded_var["HIPPI"]))


def _additivity(f: Findings) -> None:
    ours = additivity_table(f.study["additivity"], f.study["network"])
    errors = additivity_error_ci(f.study["additivity"], f.study["network"])
    paper = paper_additivity(f.inputs.table54)
    f.put("table54_max_abs_error_pct", paper["error_pct"].abs().max())
    worst = errors.loc[errors["error_pct"].abs().idxmax()]
    f.put("ours_additivity_max_abs_error_pct", abs(worst["error_pct"]))
    f.put("ours_additivity_ci_pct", worst["ci_half_width_pct"])
    f.R["worst_network"] = f.glued["ours_additivity_worst_network"] = worst["network"]
    f.tables["table54"] = additivity_comparison(paper, ours)


def _compensation(f: Findings) -> None:
    p, vb = f.params, f.inputs.vb
    feat_runs, feat_traces = f.study["featured"], f.study["featured_traces"]
    buffers_us = MetricSettings(**_pick(p, SETTING_KEYS)).buffers_us()
    lates = [jitter.lateness(feat_traces[(0, r)], p["period_ms"] * 1000, p["lateness_reference"])
             for r in range(p["replications"])]
    curves = np.array([jitter.compensation_curve(late, buffers_us) for late in lates])
    m100, h100 = mean_ci([jitter.dropped_percent(late, vb["fig521_buffer_ms"] * 1000) for late in lates])
    mz, hz = mean_ci([float(late.max()) / 1000 for late in lates])
    f.put("ours_drop_pct_at_100ms", m100)
    f.put("ours_drop_pct_at_100ms_ci", h100)
    f.put("ours_zero_drop_buffer_ms", mz)
    f.put("ours_zero_drop_buffer_ms_ci", hz)
    mb, hb = mean_ci(feat_runs["optimal_buffer_us"] / 1000)
    top = at_sweep_top(feat_runs["optimal_buffer_us"], buffers_us)
    f.put("ours_optimal_buffer_at_top", top)
    # an optimum at the last buffer of the sweep is only a lower bound ("at least buffer_max_ms"), not a value
    censored = (f"at least {buffers_us[-1] / 1000:g} ms: {top} of {len(feat_runs)} featured traces have their optimum "
                "at the top of the buffer sweep (buffer_max_ms), so the optimal buffer is a lower bound, not a value")
    f.put("ours_optimal_buffer_ms", mb if top == 0 else math.nan, unit="ms", reason=censored)
    f.put("ours_optimal_buffer_ms_ci", hb if top == 0 else math.nan, unit="ms", reason=censored)
    f.put("ours_optimal_drop_pct", feat_runs["optimal_drop_pct"].mean())
    f.put("derived_seconds_per_drop", 1 / (vb["fig521_drop_pct"] / 100 * vb["fig521_frames_per_s"]))
    f.put("featured_load", p["processor_load"])
    f.put("featured_spec", p["specint92"])
    f.glued["featured_priority"] = p["priority"]
    readings = {"drop_pct": vb["fig521_drop_pct"], "buffer_ms": vb["fig521_buffer_ms"],
                "zero_drop_ms": vb["fig521_zero_drop_buffer_ms"]}
    f.plots["compensation"] = (curves, buffers_us / 1000, feat_runs, readings)


def _regressions(f: Findings) -> None:
    vb, pooled = f.inputs.vb, f.pooled
    for k, val in printed_chain({**vb, **f.inputs.v3}).items():
        f.put(f"printed_{k}", val)
    f.put("pooled_optimum_at_top", at_sweep_top(pooled["optimal_buffer_us"],
                                                MetricSettings(**_pick(f.params, SETTING_KEYS)).buffers_us()))
    buf_fit = fit_line(pooled["Area"], pooled["optimal_buffer_us"])
    area_fit = fit_line(pooled["Variance"], pooled["Area"])
    f.put("ours_buf_area_r", buf_fit["r"])
    f.put("ours_area_jitter_r", area_fit["r"])
    f.tables["buffer-regressions"] = regressions_table(vb, buf_fit, area_fit)
    f.plots["buffer_regressions"] = (pooled, buf_fit, area_fit, vb, f.params["buffer_max_ms"])


def _years(f: Findings) -> None:
    p, yr = f.params, f.study["years"]
    first = first_years(yr, p["jitter_threshold_us2"])
    f.R["first_year"] = {k: (None if not np.isfinite(v) else v) for k, v in first.items()}
    for k, v in first.items():
        f.put(f"ours_first_year_{k}", v, unit="year",
              reason=f"{k} priority stays above the threshold in every simulated year")
    f.plots["years"] = (yr, p["jitter_threshold_us2"], f.inputs.v3["years_without_rt"], p["annual_growth"])


def _reading(f: Findings, reading: pd.DataFrame | None) -> None:
    """The default-priority results under the other reading of the rule (``R["reading"]``; None when not run)."""
    if reading is None:
        f.R["reading"] = None
        return
    proc = reading[reading["experiment"] == "processor"]
    fits = group_fits(proc, "machine", "load", "Variance").set_index("machine")
    default = fit_line(*(reading[reading["experiment"] == "priority"][c] for c in ("load", "Variance")))
    f.R["reading"] = {"wakeup": str(reading["default_wakeup"].iloc[0]), "class_r": fits["r"].to_dict(),
                      "slopes": fits["slope"].to_dict(),
                      "default_slope": (default["slope"], default["slope_ci_low"], default["slope_ci_high"]),
                      "n": int(len(reading))}
