"""The functions behind the Zeadally chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run's record (:class:`mmperf.checktable.RunRecord`:
the parameters, the metrics, and ``P``, ``tables``, ``reg``, ``sims`` and ``ps`` in ``extra``) and returns
:class:`mmperf.checktable.Ours`. The claims, paper values, places, kinds, tolerances and conditions are in the
table, not here. :func:`run_record` recomputes a run from the data and the parameters without a notebook (for
the independence audit); :func:`chapter_record` wraps a notebook's own results.

Kinds of evidence, in short (the table says it per check): the numbers this paper prints are mostly its own
arithmetic on its own measurements (33 frames/s x 2.1 Mbit = 69.3 Mbit/s; Eq. 1 at its measured stage
throughputs = 74 Mbit/s, 4.7 above the measurement), so recomputing them is ``arithmetic`` or ``transcription``.
The predictions are the model's outputs set against measurements it was not built from: Eq. 1 on the two-copy
runs of Table 1 (our pairing), the regression against the serial-sum form, the processor-sharing model's
combined columns of Table 2. The Ciw serial path equals Eq. 1 by construction; the processor-sharing model
meets its calibration columns (targets).
"""

from __future__ import annotations

from typing import Any

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord
from mmstudies.zeadally import analytic as a

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)

#: Section 6 restates twelve numbers of Table 2 (seed lines 146-164); (configuration, column) -> text value.
TEXT_RESTATES_TABLE2 = {
    ("VIDEO+GRAPHICS", "cpu_system_pct"): 56, ("VIDEO+GRAPHICS", "cpu_user_pct"): 34,
    ("VIDEO", "cpu_user_pct"): 42, ("GRAPHICS", "cpu_system_pct"): 66,
    ("VIDEO+GRAPHICS", "video_frames_dropped_pct"): 39, ("VIDEO+GRAPHICS", "graphics_fps"): 26,
    ("GRAPHICS", "graphics_fps"): 33, ("VIDEO+GRAPHICS-SHARED-M", "video_frames_dropped_pct"): 10,
    ("VIDEO+GRAPHICS-SHARED-M", "graphics_fps"): 35, ("VIDEO+GRAPHICS-SHARED-M", "cpu_system_pct"): 50,
    ("VIDEO+GRAPHICS-SHARED-M", "cpu_user_pct"): 41, ("GRAPHICS-SHARED-M", "cpu_system_pct"): 54,
}

#: The metric key of each network in the record (``t1_<key>_mbps``, ``nominal_<key>_mbps``, ``eq1_<key>_mbps``).
NETWORK_KEYS = {"Ethernet": "ethernet", "FDDI": "fddi", "Jetstream": "jetstream"}
EQ1_KEYS = {"Ethernet": "eth", "FDDI": "fddi", "Jetstream": "jet2"}



# -- arithmetic and transcription: the paper's own numbers -------------------------------------------

def metric(run: RunRecord, name: str) -> Ours:
    """A metric of the run, as it is."""
    return Ours(run.metrics[name])


def raw_shares(run: RunRecord) -> Ours:
    """Raw two-copy TCP as a share of each network's data rate: below 100 % and falling with speed."""
    shares = [run.metrics[f"raw_share_{k}_pct"] for k in ("ethernet", "fddi", "jetstream")]
    return Ours(" > ".join(f"{s:.1f} %" for s in shares), holds=shares[0] > shares[1] > shares[2] and shares[0] < 100)


def final_over_table1(run: RunRecord, network: str) -> Ours:
    """The final 105 Mbit/s over an unoptimised Table 1 result, both at this run's frame size."""
    key = NETWORK_KEYS[network]
    return Ours(run.metrics["measured_shm_mbps"] / run.metrics[f"t1_{key}_mbps"])


def text_restates_table2(run: RunRecord) -> Ours:
    """How many of the twelve numbers Section 6 restates equal the transcribed Table 2."""
    t2 = run["tables"]["table2"].set_index("configuration")
    agree = sum(t2.loc[c, col] == v for (c, col), v in TEXT_RESTATES_TABLE2.items())
    return Ours(f"{agree} of {len(TEXT_RESTATES_TABLE2)} equal the transcribed table",
                holds=agree == len(TEXT_RESTATES_TABLE2))


def z_na_from_section5(run: RunRecord) -> Ours:
    """Z_NA as Section 5 states it (seed line 114), to set against the raw maximum of line 100."""
    return Ours(run["P"]["z_na_single_copy_256kb"])


def single_copy_gain(run: RunRecord) -> Ours:
    """The 56 % gain has no value of ours: its baseline is not named."""
    return Ours("no value: the baseline is not named and Figure 5 is absent")


def overhead_shrinks(run: RunRecord) -> Ours:
    """The per-frame time Eq. 1/Eq. 2 leave out, without and with shared memory: does it shrink?"""
    na = next((r for k, r in run.undefined.items() if k in ("t0_no_shm_ms", "t0_shm_ms")), None)
    if na:
        return Ours("no overhead is defined", undefined=na)
    m = run.metrics
    return Ours(f"{m['t0_no_shm_ms']:.2f} -> {m['t0_shm_ms']:.2f} ms per frame", holds=m["t0_shm_ms"] < m["t0_no_shm_ms"])


# -- predictions ------------------------------------------------------------------------------------

def eq1_two_copy(run: RunRecord, network: str) -> Ours:
    """Eq. 1 on a two-copy Table 1 run, with that network's raw two-copy maximum as Z_NA (our pairing)."""
    return Ours(run.metrics[f"eq1_{EQ1_KEYS[network]}_mbps"])


def figure6_order(run: RunRecord) -> Ours:
    """Eq. 1/2 at 32 KB: two-copy + SHM against single-copy without SHM, decided only beyond the model's error."""
    m = run.metrics
    tol = m["model_error_pct"] / 100 * m["fig6_one_noshm"]
    decided = abs(m["fig6_margin"]) > tol
    words = (f"Eq. 1/2 at 32 KB: {m['fig6_two_shm']:.1f} vs {m['fig6_one_noshm']:.1f} Mbit/s; the margin "
             f"{m['fig6_margin']:.1f} is {'outside' if decided else 'inside'} the model's error (±{tol:.1f})")
    return Ours(words, holds=(m["fig6_margin"] > 0) if decided else None)


def _regression(run: RunRecord, name: str) -> tuple[float, float, int, int]:
    fit = run["reg"]["fit"]
    row = fit["coefficients"].loc[name]
    return float(row["coef"]), float(row["ci_half_width"]), int(fit["n"]), int(fit["df_resid"])


def regression_xf(run: RunRecord) -> Ours:
    """The X server -> frame buffer throughput the regression's intercept implies, F / b0, with its interval.

    The interval maps the intercept's 95 % t interval through F / b0 (decreasing, so the ends swap); an
    interval reaching zero leaves the upper end unbounded.
    """
    b0, half, n, df = _regression(run, "const")
    if df < 1:
        return Ours(float("nan"), undefined="the fit has no residual degree of freedom, so no interval")
    bits = run.parameters["frame_bits"]
    rate = (lambda ms: bits / ms / 1e3 if ms > 0 else float("inf"))  # noqa: E731 - a one-line map
    return Ours(rate(b0), low=rate(b0 + half), high=rate(b0 - half), basis="fitted", n=n,
                note=f"intercept {b0:.2f} ± {half:.2f} ms; {df} residual df; demonstration fit without FDDI")


def regression_b1(run: RunRecord) -> Ours:
    """The network-stage weight of the regression, with its 95 % t interval."""
    b1, half, n, df = _regression(run, "na_ms")
    if df < 1:
        return Ours(b1, undefined="the fit has no residual degree of freedom, so no interval")
    return Ours(b1, low=b1 - half, high=b1 + half, basis="fitted", n=n,
                note=f"{df} residual df; demonstration fit without FDDI")


def ps_column(run: RunRecord, configuration: str, column: str) -> Ours:
    """One column of the processor-sharing model (``graphics_fps`` or ``video_dropped_pct``)."""
    return Ours(float(run["ps"].loc[configuration, column]))


def shm_improves_graphics(run: RunRecord) -> Ours:
    """Does the processor-sharing model give graphics more frames under contention with shared memory?"""
    ps = run["ps"]
    before, after = ps.loc["VIDEO+GRAPHICS", "graphics_fps"], ps.loc["VIDEO+GRAPHICS-SHARED-M", "graphics_fps"]
    return Ours(f"PS model: {before:.1f} -> {after:.1f}", holds=bool(after > before))


def shm_reduces_drops(run: RunRecord) -> Ours:
    """Does the processor-sharing model drop fewer video frames with shared memory?"""
    ps = run["ps"]
    before = ps.loc["VIDEO+GRAPHICS", "video_dropped_pct"]
    after = ps.loc["VIDEO+GRAPHICS-SHARED-M", "video_dropped_pct"]
    return Ours(f"PS model: {before:.0f} % -> {after:.0f} %", holds=bool(after < before))


# -- construction: Ciw against the closed forms ------------------------------------------------------

def ciw_equals(run: RunRecord, sim: str, analytic: str) -> Ours:
    """A Ciw run's mean throughput, with the analytic value it equals by construction as the reference."""
    s = run["sims"][sim]
    half = float(s["ci_half_width"])
    return Ours(float(s["mean"]), low=s["mean"] - half, high=s["mean"] + half, basis="simulated", n=int(s["n"]),
                reference=run.metrics[analytic])


# -- the run's record ---------------------------------------------------------------------------------

def chapter_record(ch, P: dict[str, float], tables: dict[str, Any], reg: dict[str, Any],
                   sims: dict[str, Any], ps) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics),
                     {"P": P, "tables": tables, "reg": reg, "sims": sims, "ps": ps})


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    Simulations run uncached (the audit perturbs the data they read), at the size ``parameters`` gives:
    ``sim_frames`` and ``replications`` for the data path (``data_path_sims: false`` leaves it out) and
    ``ps_run_s`` (default 60 s, the chapter's) for the processor-sharing model.
    """
    from mmperf.data import load_table, load_values
    from mmstudies.zeadally import costfit, model, record

    p = dict(parameters)
    ch = checktable.Recorder()
    ch.parameters = p
    P = {k: float(v) for k, v in load_values(a.STUDY, "parameters").items()}
    tables = {n: load_table(a.STUDY, n) for n in ("table1", "table2", "figure7", "networks")}
    tables["points"] = load_table(a.STUDY, "figure_points")
    testbed = load_values(a.STUDY, "testbed")
    fb = p["frame_bits"]
    exact = record.setting(ch, P, testbed, tables["networks"], tables["points"])["exact_bits"]
    record.table1(ch, tables["table1"], fb)
    mvm = record.equations(ch, p, P, exact)
    record.figure6(ch, p, tables["networks"], tables["points"])
    record.staircase(ch, tables["table1"])
    reg = costfit.frame_cost_summary(a.regression_points(mvm, fb), exclude=("FDDI",))
    record.regression(ch, reg, fb, p["z_xf_mbps"])
    rates = {shm: list(a.stage_rates(p["z_na_mbps"], p["z_ax_mbps"], p["z_xf_mbps"], use_shm=shm).values())
             for shm in (False, True)}
    sel = rates[bool(p["use_shm"])]
    common = dict(frame_bits=fb, frames=p["sim_frames"], replications=p["replications"], seed=p["seed"])
    runs = {"serial_eq1": (rates[False], "serial", 0.0), "serial_eq2": (rates[True], "serial", 0.0),
            "pipelined_det": (sel, "pipelined", 0.0), "serial": (sel, "serial", p["service_cv"]),
            "pipelined": (sel, "pipelined", p["service_cv"])}
    sims = {}
    if p.get("data_path_sims", True):  # the audit leaves them out: only construction checks read them
        sims = {k: model.replicate_data_path(rates_mbps=r, mode=m, service_cv=cv, **common)
                for k, (r, m, cv) in runs.items()}
        record.simulation(ch, p, sims, model.variability_sweep(rates_mbps=sel, cvs=[1.0], **common), sel)
    deadline_ms = p["video_deadline_frames"] * 1000.0 / P["video_fps"]
    ps = model.cpu_sharing_scenarios(deadline_ms=deadline_ms, video_cv=0.0, run_s=float(p.get("ps_run_s", 60.0)),
                                     seed=p["seed"]).set_index("configuration")
    record.table2(ch, tables["table2"], ps, P, deadline_ms)
    return RunRecord(p, dict(ch.metrics), dict(ch.undefined_metrics),
                     {"P": P, "tables": tables, "reg": reg, "sims": sims, "ps": ps})


