"""The chapter's sentences that depend on the run, composed from its metrics and check statuses.

Every sentence here states one of our results, compares it with the paper or judges agreement, so
it is written from the values of the run and never typed into the notebook: a what-if reads true.
Paper values carry their seed location. Each function returns plain text without quotes or markup (glue it with ``{glue:text}``), so that the
book and the standalone page render it alike. A sentence that judges a check's verdict goes through
``ch.judge`` (the check's id and the statuses under which it holds), so that it is printed only where its
premise holds and ``results.json`` keeps it beside its record.
"""

from __future__ import annotations

from typing import Any


def _f(x: float, digits: int = 1) -> str:
    return f"{x:,.{digits}f}"


def equations(ch, P: dict[str, float]) -> str:
    """Eq. 1 and Eq. 2 at this run's stage throughputs, against the paper's values and the measurements."""
    M, p = ch.metrics, ch.parameters
    paper_z = (p["z_na_mbps"], p["z_ax_mbps"], p["z_xf_mbps"]) == (P["z_na_single_copy_256kb"], P["z_ax"], P["z_xf"])
    out = [f"With Z_NA = {p['z_na_mbps']:g}, Z_AX = {p['z_ax_mbps']:g} and Z_XF = "
           f"{p['z_xf_mbps']:g} Mbit/s, Eq. 1 gives {_f(M['eq1_mbps'], 2)} Mbit/s "
           f"({_f(M['eq1_fps'])} frames/s) and Eq. 2 gives {_f(M['eq2_mbps'], 2)} Mbit/s "
           f"({_f(M['eq2_fps'])} frames/s)."]
    if paper_z:
        agree = round(M["eq1_mbps"]) == P["eq1_r"] and round(M["eq2_mbps"]) == P["eq2_r"]
        out.append(f"These are the paper's stage throughputs, and the paper rounds the results to "
                   f"{P['eq1_r']:g} and {P['eq2_r']:g} Mbit/s (Section 5)"
                   + ("." if agree else "; our values do not round to them."))
    else:
        out.append(f"The paper's {P['eq1_r']:g} and {P['eq2_r']:g} Mbit/s (Section 5) are Eq. 1 and "
                   f"Eq. 2 at its own measured stage throughputs of {P['z_na_single_copy_256kb']:g}, {P['z_ax']:g} and "
                   f"{P['z_xf']:g} Mbit/s (Section 5); this run's differ, so our values answer a "
                   "different question.")
    for eq, gap, meas, fps_key in (("Eq. 1", M["gap_eq1_mbps"], M["measured_no_shm_mbps"], "fps_single_copy_256kb"),
                                   ("Eq. 2", M["gap_eq2_mbps"], M["measured_shm_mbps"], "fps_single_copy_256kb_shm")):
        where = "without" if eq == "Eq. 1" else "with"
        head = (f"The measured {P[fps_key]:g} frames/s {where} shared memory (Section 5) are {_f(meas)} Mbit/s at "
                "this run's frame size")
        if gap >= 0:
            out.append(f"{head}; {eq} lies {_f(gap, 2)} Mbit/s above them.")
        else:
            out.append(f"{head}; {eq} lies {_f(-gap, 2)} Mbit/s below them, so with these stage throughputs "
                       "the model is not the upper bound the paper's argument needs.")
    return " ".join(out)


def overheads(ch) -> str:
    """The fixed per-frame overhead the model leaves out, and whether it shrinks with shared memory."""
    M, U = ch.metrics, ch.undefined_metrics
    if "t0_no_shm_ms" in U or "t0_shm_ms" in U:
        cases = (("t0_no_shm_ms", "without shared memory"), ("t0_shm_ms", "with shared memory"))
        slower = [w for k, w in cases if k in U]
        text = ("In frame times the model is slower than the measurement " + " and ".join(slower)
                + ": it leaves no fixed overhead to explain, so the paper's explanation of the gap by "
                "unmodelled overheads (Section 5) does not apply at these parameters (see the "
                "warning at the top of the page).")
        defined = [(k, w) for k, w in cases if k in M]
        for k, w in defined:
            text += f" {w.capitalize()} the model leaves {_f(M[k], 2)} ms per frame."
        return text
    a, b = M["t0_no_shm_ms"], M["t0_shm_ms"]
    text = (f"In frame times, the model leaves a fixed overhead of {_f(a, 2)} ms per frame without shared memory "
            f"and {_f(b, 2)} ms with it.")
    if b < a:
        return text + (" The overhead shrinks with shared memory, as the paper explains: removing the IPC copy "
                       "also removed the X server's memory allocation (Section 5).")
    return text + (" The overhead does not shrink with shared memory here, against the paper's explanation "
                   "(Section 5).")


def every_configuration(ch) -> str:
    """Eq. 1 on the two-copy runs of Table 1 (our pairing), in words that follow the checks."""
    M = ch.metrics
    parts = []
    for net, key in (("Ethernet", "eth"), ("two-copy Jetstream", "jet2"), ("FDDI", "fddi")):
        check = f"eq1-two-copy-{net.split()[-1].lower()}"
        over = M[f"eq1_{key}_over_pct"]
        direction = "too high" if over > 0 else "too low"
        verdict = (ch.judge(" (within ±10 %)", check=check, status=("reproduced",))
                   + ch.judge(" (outside ±10 %)", check=check, status=("not reproduced",))
                   + ch.judge(" (the verdict does not apply at these parameters)", check=check,
                              status=("not applicable",)))
        parts.append(f"for {net} it predicts {_f(M[f'eq1_{key}_mbps'], 2)} Mbit/s, {_f(abs(over), 0)} % {direction}"
                     + verdict)
    text = "Eq. 1 then gives: " + "; ".join(parts) + "."
    if "t0_jet2_ms" in M:
        text += f" On two-copy Jetstream that leaves {_f(M['t0_jet2_ms'])} ms per frame unmodelled."
    if M["eq1_fddi_ratio"] > 1.5:
        text += (f" It fails for FDDI, by a factor of {_f(M['eq1_fddi_ratio'], 2)}. The paper does not discuss "
                 "this. Whatever slowed the FDDI runs (the EISA FDDI adapter, or contention on its bus, are guesses) "
                 "is not in the stage throughputs, and we do not tune anything to hide it.")
    return text


def figure6(ch) -> str:
    """The Figure 6 ordering at the small socket buffer, judged against the model's error."""
    M = ch.metrics
    order = "the paper's ordering" if M["fig6_margin"] > 0 else "the opposite of the paper's ordering"
    text = (f"Using the derived single-copy rate at the small buffer, the model gives {_f(M['fig6_two_shm'])} Mbit/s "
            f"for two-copy with shared memory and {_f(M['fig6_one_noshm'])} Mbit/s for single-copy without it: "
            f"{order}, by {_f(abs(M['fig6_margin']))} Mbit/s ({_f(abs(M['fig6_margin_pct']), 0)} %).")
    err = f"the model's largest error on the other configurations ({_f(M['model_error_pct'], 0)} %)"
    return text + "".join(
        ch.judge(f" That margin is {where} {err}, so the check is {words}.", check="figure6-order", status=(status,))
        for where, words, status in (("inside", "inconclusive", "inconclusive"),
                                     ("outside", "decided: reproduced", "reproduced"),
                                     ("outside", "decided: not reproduced", "not reproduced")))


def raw_shares(ch) -> str:
    """Whether each network's raw two-copy share of its data rate falls as the networks get faster."""
    return (ch.judge("A faster wire helps less and less: each faster network delivers a smaller share of its data "
                     "rate.", check="raw-share-falls", status=("reproduced",))
            + ch.judge("With these numbers a faster wire does not always deliver a smaller share of its data rate.",
                       check="raw-share-falls", status=("not reproduced",)))


def headline(ch) -> str:
    """The scorecard's headline: applicable predictions reproduced, as counts."""
    head = ch.scorecard.headline()
    return f"Headline: {head['reproduced']} of {head['checked']} applicable predictions reproduced."


def regression(ch) -> str:
    """What the demonstration fit says, with its intervals."""
    M, U = ch.metrics, ch.undefined_metrics
    s = (f"Without FDDI, β1 = {_f(M['reg_b1'], 3)} ± {_f(M['reg_b1_ci'], 3)} (95 % interval): the "
         f"serial-sum value of one is {'inside' if abs(M['reg_b1'] - 1) <= M['reg_b1_ci'] else 'outside'} it. "
         f"The intercept, {_f(M['reg_b0_ms'], 2)} ± {_f(M['reg_b0_ci_ms'], 2)} ms, is to be compared with the "
         f"{_f(M['xf_frame_ms'], 2)} ms a frame takes at this run's Z_XF")
    if "reg_z_xf_implied" in M:
        s += f"; as a rate it is {_f(M['reg_z_xf_implied'], 0)} Mbit/s."
    else:
        s += f"; it implies no rate ({U['reg_z_xf_implied']})."
    if "reg_z_ax_implied" in M:
        s += (f" The no-SHM step, {_f(M['reg_b2_ms'], 1)} ± {_f(M['reg_b2_ci_ms'], 1)} ms, implies "
              f"{_f(M['reg_z_ax_implied'], 0)} Mbit/s for the IPC copy including its overheads.")
    s += (f" With all points (FDDI included) β2 becomes {_f(M['reg_all_b2_ms'], 1)} ms. The intervals are "
          "wide because a fit of three coefficients to four points has one residual degree of freedom; the "
          "regression checks in the scorecard say so by being inconclusive where the interval straddles the band.")
    if "reg_loo_max_err_pct" in M:
        s += (f" Left out one at a time, each point that can be left out is predicted to within "
              f"{_f(M['reg_loo_max_err_pct'], 0)} % of its frame time.")
    n_und = int(M["reg_loo_undetermined"])
    if n_und:
        s += (f" {'One point' if n_und == 1 else f'{n_und} points'} cannot be left out at all: the shared-memory "
              "configuration is the only one that fixes β2, and without it the fit is not determined.")
    return s


def simulation(ch) -> str:
    """The Ciw results in words."""
    M = ch.metrics
    same = abs(M["ciw_serial_eq1_mbps"] / M["eq1_mbps"] - 1) < 1e-6 and abs(M["ciw_serial_eq2_mbps"] / M["eq2_mbps"]
                                                                               - 1) < 1e-6
    text = (f"With deterministic stages the serial Ciw model gives {_f(M['ciw_serial_eq1_mbps'], 3)} Mbit/s for the "
            f"Eq. 1 path (Eq. 1: {_f(M['eq1_mbps'], 3)}) and {_f(M['ciw_serial_eq2_mbps'], 3)} Mbit/s for the Eq. 2 "
            f"path (Eq. 2: {_f(M['eq2_mbps'], 3)}); "
            + ("they agree up to floating-point rounding." if same else "they differ beyond rounding.")
            + f" The pipelined what-if gives {_f(M['ciw_pipelined_det_mbps'], 2)} Mbit/s against min Z = "
            f"{_f(M['pipelined_analytic_mbps'], 0)} Mbit/s ({_f(M['pipelined_analytic_fps'], 0)} frames/s).")
    speed = M["pipelined_analytic_mbps"] / M["serial_selected_analytic_mbps"]
    text += (f" This hypothetical switched host would move the slowest stage's full rate instead of the serial sum, "
             f"{_f(speed, 2)} times as much.")
    return text


def variability(ch) -> str:
    """Serial and pipelined throughput at this run's service_cv and at CV = 1, judged with their intervals."""
    M = ch.metrics
    text = (f"With this run's service_cv = {M['service_cv_used']:g}, the serial path gives "
            f"{_f(M['ciw_serial_mbps'])} ± {_f(M['ciw_serial_ci_mbps'])} Mbit/s and the pipelined path "
            f"{_f(M['ciw_pipelined_mbps'])} ± {_f(M['ciw_pipelined_ci_mbps'])} Mbit/s, a speed-up of "
            f"{_f(M['pipelined_speedup'], 2)}. At a coefficient of variation of one (exponential stages) the pipeline "
            f"delivers {_f(M['pipelined_cv1_mbps'], 0)} ± {_f(M['pipelined_cv1_ci_mbps'], 0)} Mbit/s")
    loss, half = M["pipelined_cv1_loss_pct"], 100 * M["pipelined_cv1_ci_mbps"] / M["pipelined_analytic_mbps"]
    if loss - half > 0:
        text += (f", {_f(loss, 0)} % below min Z: the pipeline loses throughput to blocking, because a stage that "
                 "finishes early has to wait for its successor and one that finishes late starves it.")
    else:
        text += (", not distinguishable from min Z at this run length and number of replications, so this run "
                 "shows no loss to blocking.")
    return text


def cpu_model(ch) -> str:
    """The processor-sharing model against the combined columns of Table 2."""
    M = ch.metrics
    g0, g1 = M["ps_video_graphics_graphics_fps"], M["ps_video_graphics_shared_m_graphics_fps"]
    v0, v1 = M["ps_video_graphics_video_dropped_pct"], M["ps_video_graphics_shared_m_video_dropped_pct"]
    targets = [c for c in ch.scorecard.checks if c.evidence == "target"]
    missed = [c.what for c in targets if c.status != "target met"]
    text = ("It meets all its calibration targets. " if not missed else
            f"It misses {len(missed)} of its {len(targets)} calibration targets at these parameters ("
            + "; ".join(missed) + "), so its other results mean little here. ")
    text += (f"Run together, the model drops {_f(v0, 0)} % of the video frames against the paper's 39 % and the "
            f"visualisation falls to {_f(g0, 1)} frames/s against 26 (Table 2). With shared "
            f"memory the model's visualisation {'improves' if g1 > g0 else 'does not improve'}, to {_f(g1, 1)} "
            f"frames/s (paper: 35); its video drops {_f(v1, 0)} % of the frames (paper: 10 %), "
            + ("an improvement." if v1 < v0 else "no improvement."))
    if v1 >= v0:
        text += (" Under egalitarian sharing a greedy competitor takes half the CPU whatever its per-frame cost, so "
                 "the paper's improvement must come from something this model lacks, such as the kernel "
                 "(system-mode) work that shared memory removes and that the video player cannot share fairly.")
    if g1 > g0:
        text += (" The visualisation's direction is the calibration's, not a test: with video frames always on the "
                 "CPU, the visualisation's cycle is its CPU time stretched by the sharing plus its off-CPU time, both "
                 "fitted to its single-application columns, where shared memory is already faster (the scorecard "
                 "shows it as construction).")
    return text


def table2_demand(ch) -> str:
    """The additive-demand argument on Table 2."""
    M = ch.metrics
    return (f"Suppose each single-application column measured that application's CPU demand. Video would cost "
            f"{_f(M['t2_video_cpu_ms_per_frame'])} ms of CPU per frame, the visualisation "
            f"{_f(M['t2_graphics_cpu_ms_per_frame'])} ms without shared memory and "
            f"{_f(M['t2_graphics_shm_cpu_ms_per_frame'])} ms with it. The frames the combined runs actually "
            f"delivered would then need {_f(M['t2_additive_demand_pct_no_shm'], 0)} % and "
            f"{_f(M['t2_additive_demand_pct_shm'], 0)} % of one CPU, while the measured CPU was busy "
            f"{_f(M['t2_measured_busy_pct_no_shm'], 0)} % and {_f(M['t2_measured_busy_pct_shm'], 0)} % of the time. "
            "The single-application percentages are therefore not demands.")


#: Why each prediction that fails at the paper's parameters fails (keys: the start of the check's name).
EXPLANATIONS = {
    "Eq. 1 on two-copy FDDI": "FDDI is over-predicted {eq1_fddi_ratio:.2f}-fold: something outside the stage "
                              "throughputs (the EISA adapter or its bus, a guess) slowed those runs",
    "Eq. 1 on two-copy Jetstream": "the two-copy Jetstream run carries more unmodelled time per frame than the "
                                   "paper's own configuration",
    "PS model, VIDEO+GRAPHICS": "fair processor sharing with additive demands is a qualitative model; a greedy "
                                "competitor takes half the CPU and every video frame misses its deadline",
}


def mismatches(ch) -> str:
    """Every prediction that is not reproduced or inconclusive, each with its explanation where one is known."""
    checks = [c for c in ch.scorecard.checks if c.evidence == "prediction"]
    failed = [c for c in checks if c.status == "not reproduced"]
    undecided = [c for c in checks if c.status == "inconclusive"]
    out = []
    if failed:
        items = []
        for c in failed:
            why = next((v.format(**ch.metrics) for k, v in EXPLANATIONS.items() if c.what.startswith(k)), None)
            why = why or "no explanation is prepared: the case arises only at these parameters, away from the paper setting"
            items.append(f"{c.what} ({why})")
        out.append(f"{_count(len(failed), 'prediction')} not reproduced: " + "; ".join(items) + ".")
    else:
        out.append("Every prediction with a verdict is reproduced.")
    if undecided:
        out.append(f"{_count(len(undecided), 'prediction')} inconclusive, because the interval straddles the "
                   "tolerance band or the margin is inside the model error: " + "; ".join(c.what for c in undecided)
                   + ".")
    return " ".join(out)


def applicability(ch) -> str:
    """Which predictions do not apply at this run's parameters, and what the independence audit found.

    A prediction whose conditions (the paper's setting) this run changes is listed, not counted; the
    audit's marks come from the checks themselves (run at the paper's setting).
    """
    preds = [c for c in ch.scorecard.checks if c.evidence == "prediction"]
    out = []
    off = [c for c in preds if getattr(c, "not_applicable", ())]
    if off:
        changed = sorted({d.split(" = ")[0] for c in off for d in c.not_applicable})
        out.append(f"{_count(len(off), 'prediction')} not applicable at these parameters, because this run "
                   f"changes {', '.join(changed)} from the paper's setting; they are listed below and not counted.")
    passed = sum(getattr(c, "audit", "").startswith("✓") for c in preds)
    failed = [c for c in preds if getattr(c, "audit", "").startswith("✗")]
    if passed or failed:
        out.append(f"The independence audit finds {passed} of the {len(preds)} predictions independent of the paper "
                   "value they are compared with and moved by the model's inputs"
                   + (f"; it questions {', '.join(c.what for c in failed)}." if failed else "."))
    return " ".join(out)


def _count(n: int, noun: str) -> str:
    words = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}
    return f"{words.get(n, str(n))} {noun}{'' if n == 1 else 's'} {'is' if n == 1 else 'are'}"


def summary(ch) -> dict[str, Any]:
    """The scorecard headline numbers and sentence."""
    head = ch.scorecard.headline()
    return {"reproduced": head["reproduced"], "checked": head["checked"], "sentence": ch.scorecard_summary()}
