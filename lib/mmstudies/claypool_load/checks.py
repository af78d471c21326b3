"""The functions behind the claypool-load chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run's record
(:class:`mmperf.checktable.RunRecord`: the parameters, the metrics, and the chapter's
:class:`~mmstudies.claypool_load.experiments.Run` as ``run["r"]``) and returns
:class:`mmperf.checktable.Ours`. The claims, the thesis's values and places, kinds, tolerances and
conditions are in the table, not here. :func:`run_record` recomputes a run from the data and the
parameters without a notebook (for the independence audit); :func:`chapter_record` wraps a
notebook's own run.

Kinds of evidence, in short (the table says it per check): the thesis's numbers derived from its own
printed numbers (Table 5.3's errors, the chapter-6 sums, Table 7.2's printed counts, the network
saturation counts N = capacity / (u x 144 x 8 bit)) are ``arithmetic``; the outputs of our
reconstruction of the load model set against stated results or measurements it was not built from
(section 5.6's shares and break-even counts, the re-prediction of Table 5.3's seven runs, Table 7.2's
measured counts under the N-1 rule, the Indigo 2's soldier limit) are ``prediction``; the Personal
Iris's 'no soldier at all' is ``arithmetic`` (Table 7.1's render at 4 frames/s alone exceeds its
second); the Ciw counter model against its analytic share is ``construction``; the bytes read per
frame, set from Table 7.2's read count, is a ``target``.
"""

from __future__ import annotations

import math
from typing import Any

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord

from . import analytic as an
from . import experiments

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)



# -- metrics as they are -----------------------------------------------------------------------------

def metric(run: RunRecord, name: str) -> Ours:
    """A metric of the run; undefined (with the run's reason) when the run has none."""
    if name in run.undefined:
        return Ours(math.nan, undefined=run.undefined[name])
    return Ours(run.metrics[name])


def participants_or_never(run: RunRecord, name: str) -> Ours:
    """A count of participants from which something happens; 'never' (infinite) when it does not up to the grid."""
    if name in run.undefined:
        return Ours(math.inf, note=run.undefined[name])
    return Ours(run.metrics[name])


def soldiers_or_none(run: RunRecord, name: str) -> Ours:
    """A soldier limit; 0 when not even one soldier fits."""
    if name in run.undefined:
        return Ours(0.0, note=run.undefined[name])
    return Ours(run.metrics[name])


# -- chapter 4: the counter method -------------------------------------------------------------------

def bare_per_s(run: RunRecord) -> Ours:
    """Table 5.1's IPX bare count per second (counts/s)."""
    return Ours(run.metrics["bare_ipx_per_s"])


def send_example(run: RunRecord) -> Ours:
    """The section 4.5 example read literally, with Table 5.2's send line for the same sender as a note."""
    return Ours(run.metrics["text_send_load_ms_per_s"],
                note=f"Table 5.2's IPX send line gives {run.metrics['table5_2_send_load_ms_per_s']:.1f} ms/s for the "
                     "same sender (errata)")


def ciw(run: RunRecord, component: str, u: float) -> Ours:
    """One Ciw counter report (mean of the replications, 95 % interval) against its analytic share."""
    rows = [s for s in run["r"].extra.get("ciw", []) if s["component"] == component and s["u"] == u]
    if not rows:
        return Ours(math.nan, undefined="the Ciw counter model was not run (the audit's size)")
    s = rows[0]
    return Ours(s["mean"], low=s["mean"] - s["ci"], high=s["mean"] + s["ci"], basis="simulated", n=s["n"],
                reference=s["analytic"],
                note=f"{int(run.parameters['counter_other_counters'])} other counter(s); analytic min(u, 1/(k+1)) "
                     "for one process, u for one process per job")


def words(run: RunRecord, text: str) -> Ours:
    """Our side of a check that has no value of ours (not comparable)."""
    return Ours(text)


# -- chapter 5: macro experiments ----------------------------------------------------------------------

def table5_3_most(run: RunRecord) -> Ours:
    """How many of Table 5.3's printed predictions lie within 10 % of the measurement: 'most' = more than half."""
    m = run.metrics
    n_in, n_all = int(m["table5_3_within10_count"]), int(m["table5_3_rows"])
    t53 = run["r"].extra["t53"]
    ipx_out = int((~t53[t53.machine == "IPX"].within_10).sum())
    return Ours(f"{n_in} of {n_all} within 10 %", holds=n_in > n_all / 2,
                note=f"{ipx_out} of the 2 IPX rows (the machine of every prediction in section 5.6) are outside 10 %")


def table5_3_repredicted(run: RunRecord, machine: str, algorithm: str) -> Ours:
    """Our re-prediction of one macro run from Table 5.2 (packet-size parameter, 10 % deleted)."""
    t53 = run["r"].extra["t53"]
    row = t53[(t53.machine == machine) & (t53.algorithm == algorithm)].iloc[0]
    return Ours(float(row.repredicted_s),
                note=f"printed prediction {row.predicted_s:g} s; ours {row.repredicted_error_pct:+.1f} % from the "
                     "measurement")


# -- chapter 5: section 5.6 ------------------------------------------------------------------------------

def mix_share(run: RunRecord) -> Ours:
    """The mix share at 8 participants without deletion, under this run's mix rule (the other rule as a note)."""
    m = run.metrics
    other = "N-1" if run.parameters["mix_rule"] == "N-2" else "N-2"
    return Ours(m["mix_share_n8_pct"], note=f"mix rule {run.parameters['mix_rule']}; {other} gives "
                                            f"{m['mix_share_n8_other_rule_pct']:.1f} %")


def two_never(run: RunRecord) -> Ours:
    m = run.metrics
    return Ours(f"{m['n2_sd_at_f1_s']:.2f} s with all packets removed against {m['n2_nosd_s']:.2f} s without deletion",
                holds=m["n2_sd_at_f1_s"] > m["n2_nosd_s"])


def four_eight_always(run: RunRecord) -> Ours:
    """Deletion at its heaviest (nothing removed) against no deletion, at four and eight people (Figure 5.10)."""
    fig = run["r"].extra["fig5_10"]
    ok = bool(run["r"].extra["sd_always_better_4_8"])
    margins = "; ".join(f"{n} people: at most {max(fig[n][0]):.1f} s against {fig[n][1]:.1f} s" for n in (4, 8))
    return Ours(("lighter at every share 0-100 % (" if ok else "heavier at some share (") + margins + ")", holds=ok)


def slight_gain(run: RunRecord, what: str) -> Ours:
    """A gain 'only slightly': both gains (without and with deletion) under the 10 % significance rule."""
    a, b = run.metrics[f"{what}_gain_nosd_pct"], run.metrics[f"{what}_gain_sd_pct"]
    return Ours(f"{a:.1f} % without deletion, {b:.1f} % with", holds=max(a, b) < 10)


def compression_beats(run: RunRecord) -> Ours:
    """Where 70 % compression beats deletion, with both loads at five people (the thesis's 'more than 4')."""
    X = run["r"].extra
    beats = X["compression70_beats_at"]
    from_n = run["r"].inputs.v("compression_beats_sd_from_n")
    at5 = f"; at 5 people {X['compression70_load_at_5_s']:.1f} s against {X['sd_load_at_5_s']:.1f} s with deletion"
    return Ours((("beats it at " + ", ".join(map(str, beats)) + " people") if beats else
                 "never beats it (2-10 people)") + at5, holds=bool(beats) and min(beats) <= from_n)


def compression_worse(run: RunRecord) -> Ours:
    """Slopes per added participant (9 -> 10) of 70 % compression and of deletion."""
    X = run["r"].extra
    worse = bool(X["compression_scales_worse"])
    return Ours(f"{'steeper' if worse else 'not steeper'} in participants: {X['compression70_slope_s']:.2f} s against "
                f"{X['sd_slope_s']:.2f} s per added participant", holds=worse)


def dsp_reduction_is_the_share(run: RunRecord) -> Ours:
    """The user-level hardware deletion's reduction of the load, against our own deletion share (construction).

    With a zero-cost user-level call the hardware removes the deletion component and nothing else, so the
    reduction is that component's share of the software-deletion load (``sd_deletion_share_pct``).

    Examples
    --------
    >>> ours = dsp_reduction_is_the_share(RunRecord({}, {"dsp_user_reduction_pct": 44.6,
    ...                                                  "sd_deletion_share_pct": 44.6}, {}, {}))
    >>> ours.value, ours.reference
    (44.6, 44.6)
    """
    m = run.metrics
    return Ours(m["dsp_user_reduction_pct"], reference=m["sd_deletion_share_pct"])


def dsp_same(run: RunRecord) -> Ours:
    m = run.metrics
    user, kernel = m["dsp_user_reduction_pct"], m["dsp_kernel_reduction_pct"]
    return Ours(f"user-level call {user:.0f} %, in the kernel {kernel:.0f} % lower", holds=abs(kernel - user) < 10)


# -- chapter 7: the Virtual Cockpit ----------------------------------------------------------------------

def table7_2_printed_counts(run: RunRecord) -> Ours:
    """Table 7.2's printed predicted counts recomputed with its own rule: every soldier counted (N)."""
    inp = run["r"].inputs
    macro = an.VC(fps=inp.v("vc_macro_updates"), updates=inp.v("vc_macro_updates"), count_rule="N",
                  read_bytes_per_frame=float(run.parameters["vc_read_bytes_per_frame"]))
    ours = an.vc_table7_2(macro, int(inp.v("vc_macro_soldiers")))
    t72 = run["r"].extra["t72"].set_index("component")
    rows = [c for c in t72.index if c != "Read"]
    same = all(ours[c] == t72.loc[c, "predicted_per_s"] for c in rows)
    return Ours(", ".join(f"{ours[c]:g}" for c in rows), holds=same)


def table7_2_count(run: RunRecord, component: str) -> Ours:
    """Our count of one component per second in the 9-soldier macro run, under this run's counting rule."""
    return Ours(float(run["r"].extra["t72_ours"][component]),
                note=f"count rule {run.parameters['vc_count_rule']}")


def table7_2_setting_rows(run: RunRecord) -> Ours:
    """Send, Render and Display per second: the run's 3 updates/s and 3 frames/s, as Table 7.2 prints them."""
    t72 = run["r"].extra["t72"].set_index("component")
    rows = ("Send", "Render", "Display")
    ours = [run["r"].extra["t72_ours"][c] for c in rows]
    return Ours(", ".join(f"{v:g}" for v in ours), holds=all(v == t72.loc[c, "predicted_per_s"]
                                                            for v, c in zip(ours, rows, strict=True)))


def read_bytes_per_frame(run: RunRecord) -> Ours:
    return Ours(float(run.parameters["vc_read_bytes_per_frame"]))


def table7_2_within(run: RunRecord) -> Ours:
    """The largest difference of Table 7.2's printed predicted and actual counts."""
    worst = float(run["r"].extra["t72"].error_pct.abs().max())
    return Ours(f"largest difference {worst:.1f} %", holds=worst <= run["r"].inputs.v("vc_within_pct"))


def table7_1_send(run: RunRecord) -> Ours:
    t71 = run["r"].inputs.table7_1.set_index("component")
    ms, us = t71.loc["Multicast Send"], t71.loc["Unicast Send"]
    return Ours(f"intervals [{ms.ci95_low:g}, {ms.ci95_high:g}] and [{us.ci95_low:g}, {us.ci95_high:g}] ms",
                holds=bool(ms.ci95_low <= us.ci95_high and us.ci95_low <= ms.ci95_high))


def table7_1_receive(run: RunRecord) -> Ours:
    t71 = run["r"].inputs.table7_1.set_index("component")
    mr, ur = t71.loc["Multicast Receive"], t71.loc["Unicast Receive"]
    return Ours(f"{mr.ci95_low:g} ms lower bound against {ur.ci95_high:g} ms upper bound",
                holds=bool(mr.ci95_low > ur.ci95_high))


def personal_iris_none(run: RunRecord) -> Ours:
    """The Personal Iris's soldier limit, with its work per second with no soldier against its 1000 ms."""
    pi = run["r"].extra["vc_limits"]["pi"]
    l0 = run.metrics["vc_load_no_soldier_ms_per_s"]
    return Ours(("none" if not math.isfinite(pi) else f"{pi:.0f} soldiers") + f" ({l0:.0f} ms of work per second "
                "with no soldier, against 1000)", holds=not math.isfinite(pi))


def saturation(run: RunRecord, rate: str, link: str) -> Ours:
    """Soldiers at which a multicast exercise fills a link (Figure 7.4's arithmetic)."""
    return Ours(float(run["r"].extra["vc_sat"][(rate, link)]),
                note=f"header bytes per update: {run.parameters['vc_header_bytes']:g} (not in the seed)")


# -- chapter 6: flying ----------------------------------------------------------------------------------

def users(run: RunRecord, usage: str) -> Ours:
    return Ours(float(run["r"].extra["users"][usage]))


def table6_throughput(run: RunRecord, table: str, compression: str) -> Ours:
    """24 Mbit over a row's printed seconds per frame (Table 6.1 or 6.3)."""
    t = run["r"].extra[table]
    return Ours(float(t[t.compression == compression].ours_mbps.iloc[0]))


def table6_2_sum(run: RunRecord, compression: str) -> Ours:
    return Ours(float(run["r"].extra["t62_sums"][compression]))


def per_server_at_75(run: RunRecord) -> Ours:
    """Per-server bandwidth of the run's users over its servers (the thesis: 200 users, 75 servers, 70 %)."""
    return Ours(run.metrics["flying_per_server_mbps"])


def network_orders(run: RunRecord) -> Ours:
    return Ours("N(N-1) streams against N-1 streams", holds=True)


# -- the run's record -------------------------------------------------------------------------------------

def chapter_record(ch, r: experiments.Run) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`, ``r`` the chapter's run)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics), {"r": r})


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    ``counter_sims: false`` (the audit's size) leaves the Ciw counter model out: only construction
    checks read it, and they are not audited for independence.
    """
    r = experiments.run(dict(parameters))
    return RunRecord(dict(r.params), dict(r.values), dict(r.undefined), {"r": r})


