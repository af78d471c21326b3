"""The chapter's exercises, each answered at the setting its exercise states, never at the run's parameters.

An exercise's setting is the chapter's defaults (``defaults``: the spec's default parameters, which reproduce
the paper's setting: 25 frames/s, the measured background load, the newest-frame sink) with the change the
exercise names. :func:`answers` holds the closed forms; :func:`simulated_answers` runs the exact recursion
through :func:`mmperf.simcache.cached` (exercise 6 reads the book's own load sweep, the same cached call as the
chapter's at its defaults); :func:`solution_texts` composes the sentences that compare values.

The extension of exercise 7 (:func:`sample_stage_times_exempt`, :func:`long_run_loss_exempt`) takes the
decoding stage out of assumption A6's stretch, as if the decoder ran at real-time priority.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from mmperf.parallel import pmap
from mmperf.simcache import cached
from mmperf.tables import sig

from .analytic import (
    clopper_pearson,
    cpu_stretch,
    distance_for_limit,
    fit_stages,
    frames_to_support,
    offered_sink_utilisation,
    pipeline_recursion,
    saturation_load,
)
from .config import StageStats, load_inputs
from .experiments import first_load_over, long_run_loss, loss_grid, loss_sweep
from .model import sample_stage_times

#: exercise 2: the chapter re-run at this background load
EX2_LOAD = 0.25
#: exercise 3: the true loss rate (half the paper's bound)
EX3_RATE = 5e-4
#: exercise 4: the spike weights compared
EX4_SPIKES = (0.0, 0.005)
#: exercise 7: the background load of the extension's test, and its stages exempt from A6's stretch
EX7_LOAD = 0.35
EX7_EXEMPT = ("dec",)
#: exercise 8: the interactive one-way limit (ITU-T G.114, external)
EX8_LIMIT_MS = 150.0


def _common(defaults: dict[str, Any], inp) -> dict[str, Any]:
    """The keyword arguments the chapter's simulations share (``experiments.Run.common``), at the defaults."""
    return {"p_spike": defaults["p_spike"], "frame_rate_fps": defaults["frame_rate_fps"], "table1_stats": inp.paper,
            "measured_load": inp.reference_load, "queue_capacity": defaults["queue_capacity"]}


def answers(defaults: dict[str, Any]) -> dict[str, float]:
    """The closed-form answers of exercises 1, 3, 5 and 8 at the chapter's defaults.

    Examples
    --------
    Exercise 1 by hand at 25 frames/s: L = 1 - 0.9 x (19.5 + 13.1) / 40 = 0.2665:

    >>> round(answers({"frame_rate_fps": 25.0})["ex1_sat_load"], 4)
    0.2665
    """
    inp = load_inputs()
    paper, ref, V = inp.paper, inp.reference_load, inp.V
    period = 1000.0 / defaults["frame_rate_fps"]
    sink = paper["dec"].mean + paper["pres"].mean
    bound = V["frame_loss_bound"]
    n_zero, n_rate = frames_to_support(0.0, bound), frames_to_support(EX3_RATE, bound)
    half_dec = paper["dec"].mean / 2
    return {"ex1_sink_ms": sink, "ex1_period_ms": period, "ex1_ref_load": ref,
            "ex1_sat_load": saturation_load(sink, period, ref),
            "ex3_rate": EX3_RATE, "ex3_n_zero": float(n_zero), "ex3_n_rate": float(n_rate),
            "ex3_minutes_zero": n_zero * period / 60000, "ex3_minutes_rate": n_rate * period / 60000,
            "ex3_cp_sample": clopper_pearson(0, int(V["measured_frames"]))[1],
            "ex5_half_net_ms": paper["net"].mean / 2, "ex5_half_dec_ms": half_dec,
            "ex5_util_now": offered_sink_utilisation(sink, period, ref, ref),
            "ex5_util_half": offered_sink_utilisation(sink - half_dec, period, ref, ref),
            "ex5_sat_half": saturation_load(sink - half_dec, period, ref),
            "ex8_limit_ms": EX8_LIMIT_MS, "ex8_e2e_ms": paper["e2e"].mean,
            "ex8_distance_km": distance_for_limit(paper["e2e"].mean, EX8_LIMIT_MS, V["distance_km"],
                                                  V["fibre_delay_us_per_km"]),
            "ex7_sat_load": saturation_load(sink, period, ref),
            "ex7_sat_load_exempt": exempt_saturation_load(paper["dec"].mean, paper["pres"].mean, period, ref)}


def exempt_saturation_load(dec_ms: float, pres_ms: float, period_ms: float, measured_load: float) -> float:
    """The saturation load when decoding is not stretched (exercise 7): ``dec + pres (1 - L0)/(1 - L) = period``.

    Examples
    --------
    By hand at 25 frames/s: L = 1 - 0.9 x 13.1 / (40 - 19.5) = 0.4249:

    >>> round(exempt_saturation_load(19.5, 13.1, 40.0, 0.10), 4)
    0.4249
    """
    if period_ms <= dec_ms:
        return -math.inf
    return 1 - (1 - measured_load) * pres_ms / (period_ms - dec_ms)


def sample_stage_times_exempt(dists, n_frames: int, seed: int, background_load: float, measured_load: float,
                              exempt: tuple[str, ...] = EX7_EXEMPT) -> dict[str, np.ndarray]:
    """:func:`~mmstudies.sharp.model.sample_stage_times` with the stages ``exempt`` left out of A6's stretch:
    the same draws, the exempt stages divided back by the stretch (exercise 7's extension).

    Examples
    --------
    >>> from mmstudies.sharp.analytic import SpikedGamma
    >>> d = {k: SpikedGamma(1.0, 1.0, 1.0, 0.0, 2.0, 3.0) for k in ("sl", "net", "dec", "pres")}
    >>> t = sample_stage_times_exempt(d, 3, 1, 0.55, 0.10)
    >>> u = sample_stage_times(d, 3, 1)
    >>> bool(np.allclose(t["dec"], u["dec"])), bool(np.allclose(t["pres"], 2 * u["pres"]))
    (True, True)
    """
    times = sample_stage_times(dists, n_frames, seed, background_load, measured_load)
    stretch = cpu_stretch(background_load, measured_load)
    return {stage: x / stretch if stage in exempt else x for stage, x in times.items()}


def _exempt_replication(task: dict) -> dict:
    times = sample_stage_times_exempt(task["dists"], task["n"], task["seed"], task["load"], task["measured_load"],
                                      task["exempt"])
    f, _ = pipeline_recursion(times, task["period"], "newest")
    shown = f[f["fate"] == "shown"]
    return {"frames": task["n"], "dropped": int(task["n"] - len(shown)), "e2e_mean": float(shown["e2e"].mean())}


def long_run_loss_exempt(*, p_spike: float, frame_rate_fps: float, background_load: float, total_frames: int,
                         replications: int, seed: int, table1_stats: dict[str, StageStats], measured_load: float,
                         exempt: tuple[str, ...] = EX7_EXEMPT) -> pd.DataFrame:
    """Exercise 7's extended model over many frames: :func:`~mmstudies.sharp.experiments.long_run_loss` with
    the stages ``exempt`` not stretched (the same seeds, ``seed + 1000`` onward, so only the extension differs)."""
    dists = fit_stages(table1_stats, p_spike)
    per = max(1, total_frames // replications)
    tasks = [{"seed": seed + 1000 + i, "dists": dists, "n": per, "load": background_load,
              "measured_load": measured_load, "period": 1000.0 / frame_rate_fps, "exempt": tuple(exempt)}
             for i in range(replications)]
    return pd.DataFrame(pmap(_exempt_replication, tasks, workers=1))


def _totals(df: pd.DataFrame) -> tuple[int, int, float]:
    """Frames, frames dropped and the frame-weighted mean delay of a long run."""
    n, d = int(df["frames"].sum()), int(df["dropped"].sum())
    return n, d, float((df["e2e_mean"] * df["frames"]).sum() / n)


def simulated_answers(defaults: dict[str, Any]) -> dict[str, float]:
    """Exercises 2, 4, 6 and 7 at the defaults and each exercise's change (each simulation cached)."""
    inp = load_inputs()
    common = _common(defaults, inp)
    frames, seed = defaults["sweep_frames"], defaults["seed"]
    out: dict[str, float] = {}
    runs = {load: cached(long_run_loss, **(common | {"background_load": load, "total_frames": frames,
                                                     "replications": 5, "seed": seed + 9000}))
            for load in (inp.reference_load, EX2_LOAD)}
    (_, d0, m0), (n, d, m) = _totals(runs[inp.reference_load]), _totals(runs[EX2_LOAD])
    out.update(ex2_load=EX2_LOAD, ex2_ref_load=inp.reference_load, ex2_frames=float(n), ex2_dropped=float(d),
               ex2_loss=d / n, ex2_loss_hi=clopper_pearson(d, n)[1], ex2_mean_ms=m, ex2_ref_mean_ms=m0,
               ex2_ref_dropped=float(d0), ex2_delta_ms=m - m0)
    for key, spike in zip(("low", "high"), EX4_SPIKES, strict=True):
        df = cached(long_run_loss, **(common | {"p_spike": spike, "background_load": inp.reference_load,
                                                "total_frames": frames, "replications": 5, "seed": seed + 9000}))
        n4, _, m4 = _totals(df)
        out.update({f"ex4_spike_{key}": spike, f"ex4_mean_{key}_ms": m4,
                    f"ex4_late_{key}": float(df["late"].sum()) / n4})
    paper, period = inp.paper, 1000.0 / defaults["frame_rate_fps"]
    loads = loss_grid(paper["dec"].mean + paper["pres"].mean, period, inp.reference_load)
    sweep = cached(loss_sweep, loads=loads, frames=frames, seed=seed, **common)
    out["ex6_first_over"] = first_load_over(sweep, inp.V["frame_loss_bound"])
    base = cached(long_run_loss, **(common | {"background_load": EX7_LOAD, "total_frames": frames // 2,
                                              "replications": 5, "seed": seed + 9000}))
    ext = cached(long_run_loss_exempt, **({k: v for k, v in common.items() if k != "queue_capacity"}
                                         | {"background_load": EX7_LOAD, "total_frames": frames // 2,
                                            "replications": 5, "seed": seed + 9000}))
    out.update(ex7_load=EX7_LOAD, ex7_loss_base=_totals(base)[1] / _totals(base)[0],
               ex7_loss_exempt=_totals(ext)[1] / _totals(ext)[0], ex7_frames=float(_totals(ext)[0]))
    return out


def _rate(x: float) -> str:
    """A loss rate to two significant digits as the book writes numbers (never e-notation).

    Examples
    --------
    >>> _rate(1.5e-05), _rate(0.00044), _rate(0.0)
    ('1.5×10⁻⁵', '0.00044', '0')
    """
    return sig(x, 2)


def solution_texts(a: dict[str, Any], bound: float) -> dict[str, str]:
    """The solution sentences that compare values (``a``: :func:`answers` | :func:`simulated_answers`)."""
    side = ("below" if a["ex2_loss_hi"] < bound else "above" if a["ex2_loss"] > bound else "too close to decide against")
    ex2 = (f"Over {a['ex2_frames']:,.0f} frames at a background load of {a['ex2_load']:g} the sink drops "
           f"{a['ex2_dropped']:,.0f}, a rate of {_rate(a['ex2_loss'])} (95 % upper bound {_rate(a['ex2_loss_hi'])}), "
           f"{side} the paper's {bound:g}; at the measured load of {a['ex2_ref_load']:g} it drops "
           f"{a['ex2_ref_dropped']:,.0f}. The mean delay moves from {a['ex2_ref_mean_ms']:.1f} to "
           f"{a['ex2_mean_ms']:.1f} ms ({a['ex2_delta_ms']:+.1f} ms), "
           + ("mostly from longer decode and presentation times (assumption A6) and partly from waiting at the sink."
              if a["ex2_delta_ms"] > 0 else "so the load does not lengthen the delay here."))
    d_mean = a["ex4_mean_high_ms"] - a["ex4_mean_low_ms"]
    ex4 = (f"The end-to-end mean moves by {d_mean:+.2f} ms, from {a['ex4_mean_low_ms']:.2f} to "
           f"{a['ex4_mean_high_ms']:.2f} ms, while the rate of late frames goes from {_rate(a['ex4_late_low'])} to "
           f"{_rate(a['ex4_late_high'])}.")
    first = a["ex6_first_over"]
    ex6 = ("The book's sweep finds no load in its grid at which loss passes the bound." if math.isnan(first) else
           f"The book's sweep first passes the bound at a background load of {first:.4f}, against the closed "
           f"form's saturation load of {a['ex1_sat_load']:.4f}: loss passes the bound "
           + ("before" if first < a["ex1_sat_load"] else "at or after")
           + " the sink's mean time fills the frame period.")
    ex7 = (f"At a background load of {a['ex7_load']:g} the model as published drops {_rate(a['ex7_loss_base'])} of the "
           f"frames and the extended one {_rate(a['ex7_loss_exempt'])}, over {a['ex7_frames']:,.0f} frames each "
           f"(the same draws); the saturation load moves from {a['ex7_sat_load']:.4f} to "
           f"{a['ex7_sat_load_exempt']:.4f}.")
    return {"sharp_ex2_text": ex2, "ex3_rate_text": sig(a["ex3_rate"], 1), "sharp_ex4_text": ex4,
            "sharp_ex6_text": ex6, "sharp_ex7_text": ex7}
