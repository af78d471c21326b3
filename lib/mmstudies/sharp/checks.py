"""The functions behind the Sharp & Todirica chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run (``run["r"]``, the chapter's
:class:`~mmstudies.sharp.experiments.Run`, or any object with the same fields) and returns
:class:`mmperf.checktable.Ours`. The claims, paper values, places, kinds, tolerances and conditions are in
the table, not here. :func:`run_record` recomputes a run from the data and the parameters without a
notebook (for the independence audit); :func:`chapter_record` wraps a notebook's own run.

Kinds of evidence, in short (the table says it per check). The stage distributions are fitted to Table 1's
minimum, mean and standard deviation, so the stage rows are calibration **targets**, and the end-to-end
mean and standard deviation are the table's own sums (the stage means added, the variances added), not
predictions: **arithmetic**, like "about 40 ms". What the model adds beyond the table are the extremes
(the end-to-end minimum and maximum of a sample, under the spike assumption A1) and frame loss: those are
the **predictions**. The tracer-overhead check follows from our assumed slowdown law A6 (**construction**);
the interactivity check compares with an external limit (**not comparable**).
"""

from __future__ import annotations

from typing import Any

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord

from .analytic import clopper_pearson, ip_fragments

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)
#: The stage's column prefix in the replications' summary, per Table 1 key.
STAGE_OF = {"sl": "sl_src", "net": "net", "dec": "dec", "pres": "pres", "e2e": "e2e"}



def loss_verdict(k: int, n: int, bound: float) -> tuple[bool | None, float, float]:
    """Decide "rate below ``bound``" from ``k`` events in ``n``: True if the 95 % exact upper bound is
    below it, False if the lower bound is above it, None (inconclusive) otherwise.

    Examples
    --------
    >>> loss_verdict(0, 150000, 1e-3)[0], loss_verdict(1200, 150000, 1e-3)[0], loss_verdict(1, 1500, 1e-3)[0]
    (True, False, None)
    """
    lo, hi = clopper_pearson(k, n)
    if hi < bound:
        return True, lo, hi
    if lo > bound:
        return False, lo, hi
    return None, lo, hi


def _size_note(r: Any) -> str:
    n = r.params["frames_per_replication"]
    return "" if n == int(r.V["measured_frames"]) else \
        f"our samples have {n} frames, the paper's about {r.V['measured_frames']:.0f}"


# -- statistics of one sample: Table 1's rows ----------------------------------------------------------

def sample_stat(run: RunRecord, stage: str, col: str) -> Ours:
    """One statistic (``min``, ``max``, ``mean``, ``sd``) of one sample of a stage, averaged over replications.

    ``spread`` is the statistic's standard deviation over the replications' samples: the paper's value
    is one such sample (see the ``sample`` tolerance of :mod:`mmperf.checktable`).
    """
    r = run["r"]
    name = f"{STAGE_OF[stage]}_{col}"
    mean, half, sd = (float(r.S.loc[name, c]) for c in ("mean", "ci_half_width", "sd"))
    undefined = r.unstable if stage == "e2e" else None
    return Ours(mean, low=mean - half, high=mean + half, basis="simulated", n=len(r.runs), spread=sd,
                undefined=undefined, note=_size_note(r))


def about_40(run: RunRecord) -> Ours:
    """Our end-to-end mean, against "low (~40 ms)"."""
    r = run["r"]
    mean, half = float(r.S.loc["e2e_mean", "mean"]), float(r.S.loc["e2e_mean", "ci_half_width"])
    return Ours(mean, low=mean - half, high=mean + half, basis="simulated", n=len(r.runs), undefined=r.unstable)


def delivered_rate(run: RunRecord) -> Ours:
    """Frames shown per second: the capture rate times (1 - loss)."""
    r = run["r"]
    mean, half = float(r.S.loc["delivered_fps", "mean"]), float(r.S.loc["delivered_fps", "ci_half_width"])
    return Ours(mean, low=mean - half, high=mean + half, basis="simulated", n=len(r.runs), undefined=r.unstable)


# -- frame loss -------------------------------------------------------------------------------------

def loss_claim(run: RunRecord, count: str) -> Ours:
    """Loss below the paper's bound in our replications: ``count`` is ``lost`` (frames the sink drops) or
    ``late`` (frames still in the sink when the next one arrives, the paper's wording)."""
    r = run["r"]
    k = r.lost if count == "lost" else r.late
    holds, lo, hi = loss_verdict(k, r.n_frames, r.bound)
    return Ours(f"{k} of {r.n_frames} frames; 95 % interval {lo:.2g} to {hi:.2g}", holds=holds,
                undefined=r.unstable)


def loss_long(run: RunRecord) -> Ours:
    """The long run's drops against a tenth of the bound ("considerably less")."""
    r = run["r"]
    holds, lo, hi = loss_verdict(r.long_lost, r.long_n, 0.1 * r.bound)
    undefined = r.unstable or (None if r.long_exact else
                               "a queue would fill in the long run, where the exact recursion is not the Ciw model")
    return Ours(f"{r.long_lost} of {r.long_n} frames; 95 % interval {lo:.2g} to {hi:.2g}", holds=holds,
                undefined=undefined)


def sample_supports(run: RunRecord) -> Ours:
    """Can 1500 frames with no loss show a rate below the bound? The exact upper bound says."""
    r = run["r"]
    return Ours(f"no: even 0 losses in {r.V['measured_frames']:.0f} frames allow {r.cp_hi_sample:.4f} (95 %)",
                holds=r.cp_hi_sample < r.bound)


# -- arithmetic on the paper's numbers ----------------------------------------------------------------

def frame_kbytes(run: RunRecord) -> Ours:
    """3.30 Mbit/s at 25 frames/s, in kbytes per frame."""
    V = run["r"].V
    return Ours(V["video_bw_avg_mbps"] * 1e3 / 8 / V["frame_rate_fps"])


def ethernet_packets(run: RunRecord) -> Ours:
    """IPv4 fragments (MTU 1500) of one frame: at 16.5 kbytes, and over the frame sizes the text's 3.15-3.50
    Mbit/s give at 25 frames/s (the interval)."""
    V = run["r"].V
    sizes = [V[k] * 1e6 / 8 / V["frame_rate_fps"] for k in ("video_bw_min_mbps", "video_bw_max_mbps")]
    low, high = (ip_fragments(s) for s in sizes)
    return Ours(ip_fragments(V["video_frame_kbytes"] * 1000), low=low, high=high,
                note=f"{sizes[0]:,.0f}-{sizes[1]:,.0f} bytes per frame need {low}-{high} fragments of 1480 bytes "
                     "(MTU 1500, external)")


def audio_bytes(run: RunRecord) -> Ours:
    """670 kbit/s over one 10 ms audio period, in bytes."""
    V = run["r"].V
    return Ours(V["audio_bw_kbps"] * 1000 / 8 * V["audio_period_ms"] / 1000)


def stream_layer_share(run: RunRecord) -> Ours:
    """Table 1's stream layer mean over its end-to-end mean."""
    paper = run["r"].paper
    return Ours(paper["sl"].mean / paper["e2e"].mean, note="computed from Table 1 itself: the model's "
                "stream-layer time is an input")


def trace_vs_table1(run: RunRecord, what: str) -> Ours:
    """Table 1's means set against Figure 8's event times: ``rtt`` (2 x stream layer + 2 x network) or
    ``busy`` (decoding + presentation)."""
    p = run["r"].paper
    if what == "rtt":
        return Ours(2 * p["sl"].mean + 2 * p["net"].mean)
    return Ours(p["dec"].mean + p["pres"].mean)


def audio_gap(run: RunRecord) -> Ours:
    """The mean gap between the audio-source events of Figure 8."""
    return Ours(run["r"].trace["audio_gap"])


# -- construction ---------------------------------------------------------------------------------------

def utilisation_law(run: RunRecord) -> Ours:
    """The sink's simulated busy share, with the offered work (the utilisation law) as the reference."""
    r = run["r"]
    mean, half = float(r.S.loc["sink_utilisation", "mean"]), float(r.S.loc["sink_utilisation", "ci_half_width"])
    undefined = r.unstable or (None if r.lost == 0 else "frames were dropped: the sink's busy share is below the "
                               "offered work by design")
    return Ours(mean, low=mean - half, high=mean + half, basis="simulated", n=len(r.runs), reference=r.offered_util,
                undefined=undefined)


def reference_load(run: RunRecord) -> Ours:
    """The model's reference load, read from the same value as the paper's "about 10 %"."""
    r = run["r"]
    return Ours(f"reference load {r.inputs.reference_load:.2f}, read from the same data",
                holds=r.inputs.reference_load == r.V["other_processes_cpu_share"])


def ltt_overhead(run: RunRecord) -> Ours:
    """2.5 % more background load under assumption A6: the shift of the mean delay and the drop rate."""
    r = run["r"]
    ltt = r.ltt
    holds = abs(ltt["rel"]) < 0.05 and ((ltt["loss_base"] < r.bound) == (ltt["loss_ltt"] < r.bound))
    return Ours(f"2.5 % more background load moves the mean delay by {ltt['d_mean']:.2f} ms ({ltt['rel']:.1%}); "
                f"drop rate {ltt['loss_base']:.2g} -> {ltt['loss_ltt']:.2g}", holds=holds, undefined=r.unstable)


def interactivity(run: RunRecord) -> Ours:
    """Our 99th percentile at the paper's distance against the run's external one-way limit."""
    r = run["r"]
    if r.unstable:
        return Ours("no steady state", undefined=r.unstable)
    return Ours(f"99th percentile {r.e2e_p99:.1f} ms at {r.V['distance_km']:.0f} km vs the external limit "
                f"{r.params['one_way_limit_ms']:g} ms", holds=r.e2e_p99 < r.params["one_way_limit_ms"])


# -- the run's record -----------------------------------------------------------------------------------

def chapter_record(ch: Any, r: Any) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`, ``r`` its Run)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics), {"r": r})


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    Only the steps the checks read run: the replications, the frame-loss runs, the trace, the tracer
    overhead and the arithmetic (not the load sweep, the overload demonstration or the exercises). The
    simulations are keyed by every input they read (Table 1 is an argument), so a perturbed table never
    reads a cached result of the unperturbed one.
    """
    from . import experiments

    ch = checktable.Recorder()
    ch.parameters = dict(parameters)
    r = experiments.start(ch, ch.parameters)
    experiments.replications(ch, r)
    experiments.frame_loss(ch, r)
    experiments.trace(ch, r)
    experiments.tracer_overhead(ch, r)
    experiments.paper_arithmetic(ch, r)
    return RunRecord(dict(parameters), dict(ch.metrics), dict(ch.undefined_metrics), {"r": r})




__all__ = ["audit", "chapter_record", "loss_verdict", "run_record", "table", "table_digest"]
