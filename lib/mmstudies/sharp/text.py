"""Sentences of the Sharp & Todirica chapter, composed from the run.

Every sentence that states one of our results, compares it with the paper or judges agreement is
built here from numbers and statuses, never typed into the notebook, so that a what-if run never
prints a sentence its results contradict. Each function is pure: it takes numbers (or the
scorecard's checks) and returns the text the chapter glues; :mod:`.experiments` calls them while
it records the run, and :func:`prose_values` gives the plain numbers the prose quotes.

Examples
--------
>>> gap_sentence(1.2, 0.01)
"The gap of 1.20 ms (ours below the paper's) is not noise"
>>> ltt_sentence(0.5, 0.0125, 0.0, 1e-5)[:100]
'in our model, that much more background load moves the mean delay by 0.50 ms (1.2%) and the drop rat'
"""

from __future__ import annotations

from typing import Any

from mmperf.tables import sig

from .config import Inputs


def prose_values(params: dict[str, Any], inp: Inputs, period_ms: float, sink_mean: float) -> dict[str, float]:
    """The plain numbers the prose quotes: this run's parameters and the paper's values, by glue name.

    Examples
    --------
    >>> from mmstudies.sharp.config import load_inputs
    >>> p = {"frame_rate_fps": 25.0, "background_load": 0.1, "replications": 100, "ciw_checked_replications": 5,
    ...      "frames_per_replication": 1500, "warmup_frames": 25, "queue_capacity": 10, "p_spike": 0.0,
    ...      "sink_policy": "newest", "one_way_limit_ms": 150.0, "sweep_frames": 1000}
    >>> g = prose_values(p, load_inputs(), 40.0, 32.6)
    >>> g["frame_period_ms"], g["paper_e2e_mean"], g["reference_load_pct"], g["ci_pct"]
    (40.0, 44.4, 10.0, 95)
    """
    V, paper, ref_load = inp.V, inp.paper, inp.reference_load
    return {
        "frame_period_ms": period_ms, "frame_rate_param": params["frame_rate_fps"],
        "background_load_param": params["background_load"], "replications_param": params["replications"],
        "ciw_checked_param": params["ciw_checked_replications"],
        "frames_per_rep_param": params["frames_per_replication"], "warmup_param": params["warmup_frames"],
        "queue_capacity_param": params["queue_capacity"], "p_spike_param": params["p_spike"],
        "sink_policy_param": params["sink_policy"], "limit_param": params["one_way_limit_ms"],
        "paper_distance_km": V["distance_km"], "paper_measured_frames": V["measured_frames"],
        "paper_e2e_mean": paper["e2e"].mean, "paper_e2e_sd": paper["e2e"].sd,
        "paper_sl_mean": paper["sl"].mean, "paper_fps": V["frame_rate_fps"],
        "paper_period_ms": V["frame_period_ms"], "paper_dec_mean": paper["dec"].mean,
        "paper_pres_mean": paper["pres"].mean, "paper_net_mean": paper["net"].mean,
        "paper_sink_mean": sink_mean, "reference_load": ref_load,
        "reference_load_pct": 100 * ref_load, "fibre_us_per_km": V["fibre_delay_us_per_km"],
        "loss_bound": V["frame_loss_bound"], "ci_pct": 95, "g114_limit_ms": V["one_way_delay_limit_ms"],
        "sweep_frames_param": params["sweep_frames"], "ltt_share_pct": 100 * V["ltt_cpu_share_max"],
        "paper_frame_kbytes": V["video_frame_kbytes"],
    }


def sink_overload_warning(offered_util: float, sink_policy: str) -> tuple[str, str] | None:
    """The warning (title, reason) for a sink offered at least its capacity; None below it.

    A FIFO sink then has no steady state ("Sink unstable"); the newest-frame sink stays bounded
    and drops frames ("Sink overloaded").

    Examples
    --------
    >>> sink_overload_warning(0.8, "fifo") is None
    True
    >>> sink_overload_warning(1.25, "fifo")[0], sink_overload_warning(1.25, "newest")[0]
    ('Sink unstable', 'Sink overloaded')
    """
    if offered_util < 1:
        return None
    if sink_policy == "fifo":
        return "Sink unstable", (f"the FIFO sink is offered {offered_util:.2f} of its capacity (at least 1): its "
                                 "queue and every delay grow with the length of the run, so there is no steady "
                                 "state to report")
    return "Sink overloaded", (f"the sink is offered {offered_util:.2f} of its capacity (at least 1): the "
                               "newest-frame sink keeps delays bounded by dropping frames, so frame loss is high")


def engine_sentence(*, n_runs: int, n_ciw: int, n_checked: int, n_equal: int, worst_ms: float,
                    ciw_checked: int, n_fill: int, queue_capacity: int) -> str:
    """Which engine ran how many replications, and whether the checked subset agreed.

    Examples
    --------
    >>> engine_sentence(n_runs=10, n_ciw=2, n_checked=2, n_equal=2, worst_ms=0.0, ciw_checked=2, n_fill=0,
    ...                 queue_capacity=10).endswith("difference 0 ms); no queue could fill in any replication.")
    True
    """
    text = (f"In this run {n_runs - n_ciw} of {n_runs} replications ran by the recursion alone and {n_ciw} "
            f"through Ciw: {n_checked} as the stated check subset (the first {ciw_checked}), where "
            f"{n_equal} of {n_checked} agreed with the recursion frame by frame (fates equal, largest time difference "
            f"{sig(worst_ms, 2)} ms)")
    return text + (f", and {n_fill} because a queue of {queue_capacity} could fill there, where only Ciw's blocking "
                   "is exact." if n_fill else "; no queue could fill in any replication.")


def gap_sentence(gap_ms: float, ci_half_width_ms: float) -> str:
    """Whether the paper-minus-ours gap in the end-to-end mean exceeds twice our interval (no full stop).

    Examples
    --------
    >>> gap_sentence(-0.5, 0.1)
    "The gap of 0.50 ms (ours above the paper's) is not noise"
    >>> gap_sentence(0.1, 0.1)
    'The difference of 0.10 ms is within twice our interval'
    """
    if abs(gap_ms) > 2 * ci_half_width_ms:
        return (f"The gap of {abs(gap_ms):.2f} ms (ours {'below' if gap_ms > 0 else 'above'} the paper's) "
                "is not noise")
    return f"The difference of {abs(gap_ms):.2f} ms is within twice our interval"


def e2e_sentence(*, e2e_mean: float, ci_half_width: float, paper_e2e_mean: float, stage_sum: float,
                 wait_mean: float, sink_wait_mean: float, gap_ms: float, paper_stage_sum: float,
                 differs: list[str], unstable: str | None) -> str:
    """The end-to-end mean, ours against the paper's, and a cause for the gap only where it holds.

    ``differs`` lists the paper's conditions this run changed (then the two are not compared). The
    unitemised residual of Table 1 is offered as the cause only when the gap (paper minus ours) is not
    noise and lies between zero and the residual plus twice our interval.

    Examples
    --------
    >>> e2e_sentence(e2e_mean=0, ci_half_width=0, paper_e2e_mean=0, stage_sum=0, wait_mean=0, sink_wait_mean=0,
    ...              gap_ms=0, paper_stage_sum=0, differs=[], unstable="no steady state")
    'Undefined in this run: no steady state.'
    >>> s = e2e_sentence(e2e_mean=68.2, ci_half_width=0.1, paper_e2e_mean=44.4, stage_sum=60.0, wait_mean=8.2,
    ...                  sink_wait_mean=8.0, gap_ms=-23.8, paper_stage_sum=43.15,
    ...                  differs=["background_load = 0.3 (the paper: 0.1)"], unstable=None)
    >>> "not itemised" in s, "not compared" in s
    (False, True)
    """
    if unstable:
        return f"Undefined in this run: {unstable}."
    at_sink = sink_wait_mean / wait_mean if wait_mean > 0 else 0.0
    waits = (f"plus queueing waits of {wait_mean:.3f} ms per frame, {at_sink:.0%} of them at the sink"
             if wait_mean >= 0.0005 else "with no queueing wait")
    text = (f"The model gives {e2e_mean:.2f} ms (± {ci_half_width:.2f} ms): the sum of the simulated stage means "
            f"({stage_sum:.2f} ms) {waits}. ")
    if differs:
        return text + (f"The paper's {paper_e2e_mean:.1f} ms (Table 1) was measured at its own setting, which this "
                       f"run changes ({'; '.join(differs)}), so the two are not compared.")
    residual = paper_e2e_mean - paper_stage_sum
    text += f"The paper measured {paper_e2e_mean:.1f} ms (Table 1). {gap_sentence(gap_ms, ci_half_width)}"
    if abs(gap_ms) > 2 * ci_half_width and 0 < gap_ms <= residual + 2 * ci_half_width:
        return text + (f": Table 1's own stage means add up to only {paper_stage_sum:.2f} ms, so {residual:.2f} ms "
                       "of the measured end-to-end delay is not itemised in the table (the destination-side Stream "
                       "Layer beyond our assumed copy, thread wake-ups, the hand-off from capture, and whatever of "
                       "the reflector's turnaround the halving did not remove). A model built from the table cannot "
                       "recover time the table does not list, and we do not add a fudge term to hide it.")
    return text + "."


def spread_sentence(*, sd: float, sd_ci: float, paper_sd: float, sd_independent: float, e2e_min: float,
                    paper_min: float, stretch: float, differs: list[str], unstable: str | None) -> str:
    """The end-to-end standard deviation and minimum, ours against the paper's, with a cause only where it holds.

    Examples
    --------
    >>> spread_sentence(sd=2.4, sd_ci=0.01, paper_sd=3.4, sd_independent=2.2, e2e_min=37.8, paper_min=38.9,
    ...                 stretch=1.0, differs=[], unstable=None).count("lower than the measured one (37.8 against 38.9 ms)")
    1
    >>> s = spread_sentence(sd=3.1, sd_ci=0.01, paper_sd=2.33, sd_independent=2.3, e2e_min=48.0, paper_min=41.3,
    ...                     stretch=1.286, differs=["background_load = 0.3 (the paper: 0.1)"], unstable=None)
    >>> "reach down to their stage minima" in s, "stretches every CPU-bound stage" in s
    (False, True)
    """
    if unstable:
        return "Undefined in this run, for the same reason."
    text = (f"The model gives {sd:.2f} ms (± {sd_ci:.2f}) against the paper's {paper_sd:.2f} ms (Table 1). "
            f"Independent stages give √(Σ sd²) = {sd_independent:.2f} ms from the table alone")
    if differs:
        text += f"; this run changes the paper's setting ({'; '.join(differs)}), so neither is compared with ours. "
    else:
        text += ", so at the paper's setting the standard deviation, like the mean, is Table 1's own arithmetic. "
    lower = e2e_min < paper_min
    text += (f"The simulated minimum per sample is {'lower' if lower else 'higher'} than the measured one "
             f"({e2e_min:.1f} against {paper_min:.1f} ms)")
    if lower and not differs:
        return text + (": the four fitted gamma bodies can all reach down to their stage minima at once, which the "
                       "measured frames did not.")
    if not lower and stretch > 1:
        return text + (f": this run's background load stretches every CPU-bound stage by ×{stretch:.3f} "
                       "(assumption A6), minima included.")
    return text + "."


def util_sentence(*, sink_util: float, sink_util_ci: float, offered_util: float, paper_dec_mean: float,
                  paper_pres_mean: float, period_ms: float, slack_ms: float, max_queue: float,
                  queue_capacity: int, at_paper_setting: bool = True) -> str:
    """The sink thread's busy share against the offered work, and the deepest Stream Layer queue seen.

    Examples
    --------
    >>> s = util_sentence(sink_util=1.0, sink_util_ci=0.0, offered_util=1.1, paper_dec_mean=19.5,
    ...                   paper_pres_mean=13.1, period_ms=40.0, slack_ms=-4.0, max_queue=3, queue_capacity=10)
    >>> s[s.index("The sink cannot"):]
    'The sink cannot keep up with the frames. The bounded Stream Layer queues never held more than 3 waiting frames in any replication, against a capacity of 10.'
    """
    busy = (f"The sink thread is busy {sink_util:.3f} of the time (± {sink_util_ci:.4f})" if sink_util <= 1 else
            f"The sink thread is busy all of the time (the measure, shown frames' service time over the captured "
            f"span, reads {sink_util:.3f} because the last frames are served after the span ends)")
    if offered_util >= 1:
        middle = "The sink cannot keep up with the frames. "
    else:
        middle = (f"t6 is the busiest node, with {slack_ms:.1f} ms of slack per frame"
                  + (", as the LTT traces show at the paper's setting. " if at_paper_setting else ". "))
    return (busy + f"; the offered work at these parameters is {offered_util:.3f} (Table 1's {paper_dec_mean:g} + "
            f"{paper_pres_mean:g} ms, stretched by the background load, per {period_ms:.1f} ms frame period). "
            + middle + f"The bounded Stream Layer queues never held more than {max_queue:.0f} waiting frames "
            f"in any replication, against a capacity of {queue_capacity}.")


def loss_verdict_word(hi_reps: float, lo_reps: float, bound: float, long_exact: bool, hi_long: float) -> str:
    """Whether the replications (and the long run, where exact) support or contradict "loss below ``bound``".

    Examples
    --------
    >>> loss_verdict_word(5e-4, 0.0, 1e-3, True, 1e-5), loss_verdict_word(0.01, 2e-3, 1e-3, False, 0.0)
    ('supports', 'contradicts')
    >>> loss_verdict_word(2e-3, 1e-4, 1e-3, False, 0.0)
    'cannot decide'
    """
    if hi_reps < bound and (not long_exact or hi_long < bound):
        return "supports"
    return "contradicts" if lo_reps > bound else "cannot decide"


def loss_sentence(*, lost: int, n_frames: int, n_reps: int, frames_per_rep: int, hi_reps: float, lo_reps: float,
                  long_exact: bool, long_lost: int, long_n: int, long_hi: float, period_ms: float, bound: float,
                  unstable: str | None, differs: tuple[str, ...] | list[str] = ()) -> str:
    """The frame-loss result of the replications and of the long run, with the verdict on the claim.

    Examples
    --------
    >>> loss_sentence(lost=0, n_frames=150000, n_reps=100, frames_per_rep=1500, hi_reps=2.5e-5, lo_reps=0.0,
    ...               long_exact=False, long_lost=0, long_n=0, long_hi=0.0, period_ms=40.0, bound=1e-3,
    ...               unstable=None)[:60]
    'Our replications simulate 150,000 frames (100 samples of 1,5'
    """
    if unstable:
        return f"In this run the loss figures are not reported: {unstable}."
    text = (f"Our replications simulate {n_frames:,} frames ({n_reps} samples of {frames_per_rep:,}) "
            f"and lose {lost:,} of them: an estimated rate of {sig(lost / n_frames, 2)} with a 95 % upper bound of "
            f"{sig(hi_reps, 2)}. ")
    if long_exact:
        text += (f"A longer run of {long_n:,} frames ({long_n * period_ms / 3.6e6:.1f} hours of video) through "
                 f"the exact recursion loses {long_lost:,} frames, a rate of {sig(long_lost / long_n, 2)} with a 95 % "
                 f"upper bound of {sig(long_hi, 2)}. ")
    verdict = loss_verdict_word(hi_reps, lo_reps, bound, long_exact, long_hi)
    if differs:
        side = {"supports": "below", "contradicts": "above", "cannot decide": "not decidably on either side of"}
        return text + (f"Counting frames the newest-frame sink drops as lost, this run's rate is {side[verdict]} the "
                       f"paper's bound; the claim was made at the paper's setting, which this run changes "
                       f"({'; '.join(differs)}), so this is a what-if, not a test of it.")
    text += f"Counting frames the newest-frame sink drops as lost, the model {verdict} the claim at these parameters."
    if verdict == "supports":
        text += (" The reason: the sink can fall behind by a few milliseconds but almost never by a whole frame "
                 "period, which is what it takes for a waiting frame to be superseded.")
        if lost == 0 and (not long_exact or long_lost == 0):
            text += (" With every stage time bounded by Table 1's maximum (assumption A1), it never does here, whatever the "
                     "spike weight: at the paper's setting the drop checks hold by the model's design, so the "
                     "scorecard shows them as construction, not as predictions.")
    return text


def late_sentence(*, late: int, n_frames: int, long_exact: bool, late_long: int, long_n: int, bound: float,
                  unstable: str | None) -> str:
    """How many frames finish after their successor arrives (the paper's own reading of a lost frame).

    Examples
    --------
    >>> late_sentence(late=15, n_frames=1500, long_exact=False, late_long=0, long_n=1, bound=1e-3, unstable=None)
    "That happens to 0.0100 of frames in our replications, above the paper's bound; those frames are still shown, a little late, and their successors wait."
    """
    if unstable:
        return "Not reported in this run, for the same reason."
    return (f"That happens to {late / n_frames:.4f} of frames in our replications"
            + (f" ({late_long / long_n:.4f} in the long run)" if long_exact else "")
            + f", {'above' if late / n_frames > bound else 'below'} the paper's bound; those frames are still shown, "
            "a little late, and their successors wait.")


def cliff_sentence(first_over: float, bound: float, sat_load: float, reference_load: float) -> str:
    """Where loss first passes the bound, against the sink's saturation load and the measured load.

    Only for a first load above zero; the runs where none is found give their own reason.

    Examples
    --------
    >>> cliff_sentence(0.25, 1e-3, 0.2665, 0.1)
    'Loss first passes 0.001 at a background load of 0.250 among the loads swept, close to the load at which the stretched sink time fills the frame period (0.267). The margin between the measured 10% and the cliff is small.'
    """
    return (f"Loss first passes {bound:g} at a background load of {first_over:.3f} among the loads swept, "
            + (f"close to the load at which the stretched sink time fills the frame period ({sat_load:.3f}). "
               if sat_load > 0 else "")
            + f"The margin between the measured {reference_load:.0%} and the cliff is "
            f"{'small' if first_over - reference_load < 0.25 else 'wide'}.")


def ltt_sentence(d_mean: float, rel: float, loss_base: float, loss_ltt: float) -> str:
    """What the tracer's extra CPU load does to the mean delay and the drop rate (ends the paragraph)."""
    return (f"in our model, that much more background load moves the mean delay by {d_mean:.2f} ms "
            f"({rel:.1%}) and the drop rate from {sig(loss_base, 2)} to {sig(loss_ltt, 2)}. That follows from our slowdown "
            "law (assumption A6), which the paper does not state: it is what the law implies, not a measurement of "
            "the tracer's distortion.")


def budget_shares_sentence(*, sink_share: float, middleware_share: float, distance_km: float, prop_ms: float,
                           net_mean: float) -> str:
    """The opening of the budget paragraph: shares of the sink and the Stream Layer, and what distance costs.

    Examples
    --------
    >>> budget_shares_sentence(sink_share=0.75, middleware_share=0.0023, distance_km=190, prop_ms=0.95,
    ...                        net_mean=10.5)[:79]
    'Decoding and presentation in the sink thread take 75% of the end-to-end delay; '
    """
    return (f"Decoding and presentation in the sink thread take {sink_share:.0%} "
            f"of the end-to-end delay; the whole Stream Layer, on both sides, "
            f"{middleware_share:.2%}. The network stage is mostly not distance: "
            f"{distance_km:.0f} km of fibre account for {prop_ms:.1f} ms of its {net_mean:.1f} ms, the rest "
            "being hosts, protocol stacks and routers. ")


def budget_limit_sentence(label: str, value_ms: float, limit_ms: float, far_km: float) -> str:
    """The margin of one delay statistic (``label``: "mean", "99th percentile") to the limit, as a distance.

    Examples
    --------
    >>> budget_limit_sentence("mean", 43.2, 150.0, 21000.0)
    'Against a 150 ms limit the margin on the mean is 107 ms, which propagation alone would use up at a separation of about 21,000 km. '
    >>> budget_limit_sentence("mean", 160.0, 150.0, -2000.0)
    'The mean delay misses the 150 ms limit at any distance. '
    """
    if far_km > 0:
        return (f"Against a {limit_ms:g} ms limit the margin on the {label} is {limit_ms - value_ms:.0f} ms, which "
                f"propagation alone would use up at a separation of about {far_km:,.0f} km. ")
    return f"The {label} delay misses the {limit_ms:g} ms limit at any distance. "


def headline_sentence(reproduced: int, checked: int, not_applicable: int = 0) -> str:
    """The scorecard's headline for the overview: predictions reproduced of those applicable at this run.

    Examples
    --------
    >>> headline_sentence(3, 5)
    'The model reproduces 3 of the 5 predictions that apply at these parameters (details in the scorecard at the end).'
    >>> headline_sentence(0, 0, 5)
    "No prediction applies at these parameters: each was made at the paper's setting, which this run changes (5 not applicable; details in the scorecard at the end)."
    """
    if checked == 0:
        return (f"No prediction applies at these parameters: each was made at the paper's setting, which this run "
                f"changes ({not_applicable} not applicable; details in the scorecard at the end).")
    extra = f"; {not_applicable} more do not apply here" if not_applicable else ""
    return (f"The model reproduces {reproduced} of the {checked} predictions that apply at these parameters "
            f"(details in the scorecard at the end{extra}).")


def targets_sentence(checks: list) -> str:
    """How many calibration targets are met, naming the missed and the undecided ones.

    Examples
    --------
    >>> from types import SimpleNamespace as C
    >>> targets_sentence([C(what="a", evidence="target", status="target met"),
    ...                   C(what="b", evidence="target", status="target missed"),
    ...                   C(what="c", evidence="prediction", status="reproduced")])
    '1 of 2 calibration targets are met; missed: b.'
    """
    targets = [c for c in checks if c.evidence == "target"]
    missed = [c.what for c in targets if c.status == "target missed"]
    unsure = [c.what for c in targets if c.status == "inconclusive"]
    return (f"{len(targets) - len(missed) - len(unsure)} of {len(targets)} calibration targets are met"
            + (f"; missed: {'; '.join(missed)}" if missed else "")
            + (f"; undecided: {'; '.join(unsure)}" if unsure else "") + ".")


#: Where the chapter discusses each check that can be not reproduced at the paper's setting (by check id).
DISCUSSED = {
    "e2e-mean": "Table 1's unitemised residual (the end-to-end mean)",
    "e2e-sd": "the end-to-end spread",
    "e2e-min": "the fitted stage minima (the end-to-end spread)",
    "e2e-max": "the spike term (Exercise 3)",
    "loss-late": "the paper's definition of a lost frame (the frame-loss claim)",
    "loss-dropped": "the frame-loss claim",
    "loss-long": "the frame-loss claim",
    "sample-supports-bound": "the paper's sample size (the frame-loss claim)",
}


def mismatch_sentence(checks: list) -> str:
    """The checks not reproduced, named, each with where the chapter discusses it.

    Examples
    --------
    >>> from types import SimpleNamespace as C
    >>> mismatch_sentence([C(what="a", status="reproduced", id="x")])
    'Every decided check is reproduced.'
    >>> mismatch_sentence([C(what="Late frames", status="not reproduced", id="loss-late")])
    "Not reproduced: Late frames (see the paper's definition of a lost frame (the frame-loss claim))."
    """
    bad = [c for c in checks if c.status == "not reproduced"]
    if not bad:
        return "Every decided check is reproduced."
    return "Not reproduced: " + "; ".join(
        c.what + (f" (see {DISCUSSED[c.id]})" if getattr(c, "id", "") in DISCUSSED else "") for c in bad) + "."
