"""The claypool-quality scorecard and coverage: every check with its kind of evidence and reason.

:func:`score` adds the checks of one :class:`~.experiments.Run` to a chapter's scorecard and returns
them by key, so the prose can be composed from their statuses (:mod:`.text`). The kinds:

- *construction*: the Ethernet/ATM identity below saturation, which holds by the model's design (the
  metric's exact facts are tests of our code, in the tests, not rows here);
- *target*: the two calibration anchors (Figures 5.24 and 7.6) and the Figure 6.12 crossover, which
  the OC-12 server link was chosen to meet after a processor-only server missed it;
- *not comparable*: sentences of the seed that are ambiguous (the "region defined by the
  user-defined minimums", seed line 430), conditions the seed states twice differently (Figure
  6.12's clients) and claims its own numbers contradict (constant missed updates, Figure 7.9);
- *prediction*: everything else. When a calibration cannot meet its anchor, the predictions that
  rest on it are marked not applicable.

Every value is a closed form or a root of one (``basis="exact"``): no interval is needed.
"""

from __future__ import annotations

import math

from mmperf.checks import Check

from .experiments import MAX_USERS_SEARCHED, Run

JUDGEMENT_ROUND = ("judgement: the thesis's user and soldier counts are round figures read off its plots; "
                   "read as within ±10 %")


def score(ch, r: Run) -> dict[str, Check]:
    """Add every check of the chapter to ``ch.scorecard``; return them by key."""
    sc = ch.scorecard
    A = r.inputs.anchors
    x = r.extra
    c: dict[str, Check] = {}
    audio_na = None if x["kappa_cal"].met else "the jitter scale kappa could not be calibrated (see the warning)"
    vc_na = None if x["lambda_cal"].met else "the display delay lambda could not be calibrated (see the warning)"

    # --- the metric (section 2.3) ----------------------------------------------------------------------
    # The metric's exact facts (one axis at its limit gives 1, the distance is a metric, the region is convex)
    # cannot fail for a Euclidean distance: they are tests of our code (tests/test_quality.py,
    # tests/models/test_claypool_quality_scoring.py), not evidence, so they are not scorecard rows (issue 24).
    c["box"] = sc.not_comparable(
        "points inside the region defined by the user minimums are acceptable", "Section 2.3, seed line 430",
        paper="inside the region defined by the user-defined minimums: acceptable",
        ours=f"a point at 90 % of two limits is inside their box but has Q = {r['q_box_corner_09']:.2f}",
        reason="ambiguous: 'the region defined by the user-defined minimums' may be the box of the limits (then "
               "the sentence contradicts the metric) or the sphere the scaled limits define (then it restates it); "
               "the same paragraph defines the Euclidean distance, and the seed does not decide")

    # --- audioconference (section 5.6.4) ---------------------------------------------------------------
    spec = r.get("fig5_24_spec_threshold_calibration")   # at the calibration's (the paper's) background load
    where524 = "Figure 5.24, seed line 1557"
    if math.isfinite(spec):
        c["spec40"] = sc.compare(
            "20 users on Ethernet acceptable from SPECint92 40 (at the load kappa is calibrated at)", where524, paper=float(A["fig5_24_specint92_acceptable"]),
            ours=spec, tol=0.5, unit="SPECint92", evidence="target",
            reason="the thesis states a whole SPECint92 ('40 or greater'); kappa is found by root finding",
            note="the processor jitter scale kappa is calibrated to this anchor, once, at the paper's background "
                 "load (our assumption: 1)")
    else:
        c["spec40"] = sc.claim(
            "20 users on Ethernet acceptable from SPECint92 40 (at the load kappa is calibrated at)", where524, paper="acceptable from SPECint92 40",
            ours="no SPECint92 in 1-10000 is the threshold", holds=False, evidence="target",
            reason="calibration anchor", note="the processor jitter scale kappa is calibrated to this anchor")
    q_inf = r["fig5_24_ipx_quality_at_100000_mbps"]
    c["ipx_bw"] = sc.claim(
        "IPX: more bandwidth never makes 20 users acceptable", where524, paper="never acceptable",
        ours=f"Q = {q_inf:.2f} at 100 Gbit/s", holds=q_inf >= 1, evidence="prediction", na_reason=audio_na)
    n_star = x["n_star"]
    where525 = "Figure 5.25, seed line 1559"
    c["sparc5"] = sc.compare(
        "Sparc 5 + Fibre Channel: most users with acceptable quality", where525,
        paper=float(A["fig5_25_sparc5_fc_max_users"]), ours=n_star["Sparc 5 + Fibre Channel"], rel=0.1,
        unit="users", evidence="prediction", reason=JUDGEMENT_ROUND, na_reason=audio_na,
        note="per-user CPU work is linear in users (Table 5.2); see the text")
    c["alpha"] = sc.within(
        "DEC Alpha + HIPPI: over 70 users", where525, paper="over 70 users", ours=n_star["DEC Alpha + HIPPI"],
        low=float(A["fig5_25_alpha_hippi_min_users"]) + 1, high=MAX_USERS_SEARCHED, unit="users",
        evidence="prediction", na_reason=audio_na,
        reason=f"the thesis states a lower bound; our search stops at {MAX_USERS_SEARCHED} users",
        note=f"depends on the Alpha's SPECint92 (our assumption: {r.params['alpha_specint92']:g})")
    n_ipx = n_star["IPX + Ethernet"]
    few = min(float(A["fig5_24_users"]), n_star["Sparc 5 + Fibre Channel"])
    c["ipx_small"] = sc.claim(
        "IPX + Ethernet has trouble with a small number of users", where525,
        paper="supports a small number of users, with trouble",
        ours=(f"acceptable up to {n_ipx} users" if n_ipx else "not even a two-person conference is acceptable"),
        holds=2 <= n_ipx < few, evidence="prediction", na_reason=audio_na,
        reason="'trouble supporting a small number' read as: some conferences but fewer than the other systems "
               "and fewer than 20 users; none at all is a stronger claim than the thesis makes",
        note="" if n_ipx else "our model supports no IPX conference at the assumed background load")
    sweep = x["sweep526"]
    rt_from = r.get("fig5_26_rt_lowest_from_load")
    c["rt_lowest"] = sc.claim(
        "real-time priorities give the best quality under load", "Figure 5.26, seed line 1572",
        paper="the real-time IPX + Ethernet is the bottom line",
        ours=("lowest at every load above 0" if sweep["rt_lowest_everywhere"] else
              (f"lowest only from load {rt_from:.1f}" if math.isfinite(rt_from) else "never the lowest line")),
        holds=sweep["rt_lowest_everywhere"], evidence="prediction", na_reason=audio_na)
    spread = r["fig5_26_max_spread_rel"]
    c["identical"] = sc.claim(
        "the three default-priority systems are almost identical under load", "Figure 5.26, seed line 1570",
        paper="almost identical", ours=f"largest spread {spread:.2f} of the mean", holds=spread < 0.2,
        evidence="prediction", na_reason=audio_na,
        reason="judgement: 'almost identical' read as a spread within 20 % of the mean",
        note="our jitter slopes fall with SPECint92, as chapter 3 of the thesis reports")

    # --- flying (section 6.5.5) ------------------------------------------------------------------------
    k, k_other = r.params["flying_client_processors"], x["flying_other_processors"]
    cross = r.get("fig6_12_crossover_clients")
    where612 = "Figure 6.12, seed line 1861"
    link_note = ("the OC-12 server link (section 6.5.1) was assumed after a server limited by its processor alone "
                 "missed this check, so meeting it is a calibration of the model's structure, not a prediction")
    if math.isfinite(cross):
        c["crossover"] = sc.within(
            "flying: compression worse below 4 clients, better from 5", where612, paper="crossover at 4-5 clients",
            ours=cross, low=float(A["fig6_12_compression_worse_below_clients"]),
            high=float(A["fig6_12_compression_better_from_clients"]), unit="clients", evidence="target",
            reason="the thesis brackets the first client count at which compression wins between 4 and 5",
            note=f"{k:g}-processor clients; {link_note}")
    else:
        c["crossover"] = sc.claim(
            "flying: compression worse below 4 clients, better from 5", where612, paper="crossover at 4-5 clients",
            ours=r.undefined["fig6_12_crossover_clients"], holds=False, evidence="target",
            reason="the thesis brackets the crossover between 4 and 5 clients", note=f"{k:g}-processor clients; {link_note}")
    cross_other = r.get("fig6_12_crossover_clients_other")
    c["crossover_other"] = sc.not_comparable(
        f"flying crossover with the other reading of the clients ({k_other:g} processors)",
        "Figure 6.12 caption, seed line 1859, against the text, seed line 1861", paper="crossover at 4-5 clients",
        ours=(f"crossover at {cross_other:.0f} client{'s' if cross_other != 1 else ''}" if math.isfinite(cross_other)
              else "compression never wins"),
        reason="the caption gives 100-processor clients, the text 20-processor clients; the crossover is stated "
               "in the text, so only the parameter's client is scored and the other reading is shown")

    # --- Virtual Cockpit (section 7.6.3) -----------------------------------------------------------------
    n_i2 = r.get("fig7_6_indigo2_max_soldiers")
    c["i2_500"] = _compare_or_missing(
        sc, r, "fig7_6_indigo2_max_soldiers", "Indigo 2s acceptable to about 500 soldiers", "Figure 7.6, seed line 2095",
        paper=float(A["fig7_6_indigo2_max_soldiers"]), ours=n_i2, tol=0.5, unit="soldiers", evidence="target",
        reason="lambda is found by root finding; the band is half a soldier",
        note="the display delay lambda is calibrated to this anchor")
    # 'Indigo 2 about 1000 soldiers by frame rate alone' (Figure 7.5) is scored once, in claypool-load, with
    # the same N-1 rule (issue 24: one rule, one check); this chapter shows the metric in its prose only.
    rising = x["rising"]
    c["rising"] = sc.claim(
        "latency, jitter and missed updates all increase with soldiers", "Section 7.6.3, seed line 2095",
        paper="all three increase",
        ours=", ".join(f"{key.split('_')[0]} {'rises' if v else 'does not rise'}" for key, v in rising.items())
        + " from 10 to 500 soldiers", holds=all(rising.values()), evidence="prediction", na_reason=vc_na,
        note="our missed updates stay at the transmission loss until the network saturates")
    c["x15"] = _compare_or_missing(
        sc, r, "fig7_7_15x_max_soldiers", "15 x Indigo 2 acceptable to about 7000 soldiers", "Figure 7.7, seed line 2105",
        paper=float(A["fig7_7_15x_max_soldiers"]), ours=r.get("fig7_7_15x_max_soldiers"), rel=0.1, unit="soldiers",
        evidence="prediction", reason=JUDGEMENT_ROUND, na_reason=vc_na)
    c["pi_never"] = sc.claim(
        "Personal Irises never give acceptable quality", "Figure 7.7, seed line 2105", paper="never acceptable",
        ours=("acceptable for some exercise of 2-100000 soldiers" if x["pi_ok"] else
              "unacceptable for every exercise of 2-100000 soldiers"),
        holds=not x["pi_ok"], evidence="prediction", na_reason=vc_na)
    gap = r["fig7_8_max_gap_before_saturation"]
    c["eth_atm"] = sc.claim(
        "Ethernet and ATM indistinguishable until the Ethernet saturates", "Figure 7.8, seed line 2121",
        paper="indistinguishable until saturation", ours=f"largest |dQ| below saturation {gap:.4f}",
        holds=gap < 0.05, evidence="construction",
        reason="below saturation the network enters our model only through the transmission time of a 144-byte "
               "update, a fraction of a millisecond on either network, so the curves coincide by design")
    cpu_out, atm_sat = r["fig7_8_cpu_exhausted_soldiers"], r["fig7_8_atm_saturation_soldiers"]
    knee = r.get("fig7_8_knee_soldiers")
    c["atm_bends"] = sc.claim(
        "ATM curve bends first at the frame-rate knee, then at ATM saturation", "Figure 7.8, seed line 2121",
        paper="knee, then ATM saturation",
        ours=(f"knee at {knee:.0f} soldiers; " if math.isfinite(knee) else "no knee; ")
        + f"the processor runs out at {cpu_out:.0f} soldiers, "
        + ("before" if cpu_out < atm_sat else "after") + f" the ATM saturates at {atm_sat:.0f}",
        holds=atm_sat < cpu_out, evidence="prediction", na_reason=vc_na)
    ok79, p79 = x["ok79"], x["p79"]
    where79 = "Figure 7.9, seed line 2141"
    c["fig79_only"] = sc.claim(
        "of four 100-soldier configurations only Indigo 2 + Ethernet is acceptable", where79,
        paper="only Indigo 2 + Ethernet", ours=", ".join(ok79) or "none", holds=ok79 == ["Indigo 2 + Ethernet"],
        evidence="prediction", na_reason=vc_na)
    gain = r["fig7_9_atm_gain_rel"]
    c["fig79_atm"] = sc.claim(
        "ATM does not significantly improve the Personal Iris", where79, paper="no significant improvement",
        ours=f"ATM lowers Q by {100 * gain:.2f} %", holds=abs(gain) < 0.1, evidence="prediction", na_reason=vc_na,
        reason="judgement: 'not significantly' read as a change of Q under 10 %")
    drawn = x["q79_drawn"]
    q_uni, q_eth = drawn["PI + Ethernet, unicast"], drawn["PI + Ethernet"]
    q4_uni, q4_eth = p79["PI + Ethernet, unicast"]["quality"], p79["PI + Ethernet"]["quality"]
    ratio = r["fig7_9_unicast_q_ratio_drawn"]
    c["fig79_unicast"] = sc.claim(
        "unicast greatly decreases the Personal Iris's quality (on the axes Figure 7.9 draws)", where79,
        paper="greatly decreases quality", ours=f"Q {q_uni:.2f} with unicast against {q_eth:.2f} with multicast "
        f"(×{ratio:.2f}) on latency, jitter and frame rate", holds=ratio > 2, evidence="prediction",
        na_reason=vc_na,
        reason="judgement: 'greatly' read as more than doubling Q; scored on the three axes the figure draws, "
               "because the thesis leaves missed updates out of it as constant (seed line 2141)",
        note=f"with the missed-updates axis, which our unicast point saturates, Q is {q4_uni:.1f} against "
             f"{q4_eth:.1f}: that axis alone would make the claim hold")
    c["fig79_missed"] = sc.not_comparable(
        "missed updates are the same for all four configurations", where79, paper="constant for all configurations",
        ours=f"unicast misses {r['fig7_9_unicast_missed_pct']:.0f} % of updates, multicast "
             f"{100 * p79['PI + Ethernet']['missed_frac']:.1f} %",
        reason="the seed's own numbers contradict it: unicast at 100 soldiers needs more than an Ethernet carries "
               "by its Figure 7.4 rule (see the errata)")
    return c


def _compare_or_missing(sc, r: Run, metric: str, what: str, where: str, *, ours: float, na_reason=None,
                        **kw) -> Check:
    """``sc.compare`` when the metric is defined, else a claim that says why it is missing.

    A missing value of a check marked not applicable stays not applicable; otherwise the check fails
    (the model cannot produce what the paper states).
    """
    if math.isfinite(ours):
        return sc.compare(what, where, ours=ours, na_reason=na_reason, **kw)
    return sc.claim(what, where, paper=f"{kw['paper']:g} {kw.get('unit', '')}".strip(),
                    ours=f"undefined: {r.undefined[metric]}", holds=False, evidence=kw["evidence"],
                    reason=kw["reason"], note=kw.get("note", ""), na_reason=na_reason)


# ----------------------------------------------------------------------------- coverage
def coverage(ch) -> None:
    """Every table and figure of thesis sections 1-2, 5.6.4, 6.5.5 and 7.6-7.7, with how we regenerate it."""
    add = ch.coverage.add
    add("Table 1.1", "computed from transcribed data", "data/claypool/ch1_table1_1.csv (seed lines 336-341), shown "
        "verbatim")
    add("Figure 1.1", "reconstructed under a labelled assumption",
        "text bar exact (66 x 80 bytes); graphics, colour, audio and video bars from the assumptions in "
        "quality_assumptions.csv (reading rate, PostScript bytes per character, colour factor, frame size)")
    add("Figure 1.2", "redrawn schematic", "boxes and arrows from the caption (seed line 307)")
    add("Figure 2.1", "redrawn schematic", "boxes and arrows from the caption (seed line 419)")
    add("Figure 2.2", "computed from the model",
        "unit sphere octant of mmperf.quality in axes normalised by the parameter limits, with the what-if point")
    add("Figure 2.3", "redrawn schematic", "regions from the caption (seed line 461); curves illustrative")
    add("Figure 2.4", "redrawn schematic", "categories, sub-categories and examples of section 2.4")
    for f in ("5.24", "5.25", "5.26"):
        add(f"Figure {f}", "reconstructed under a labelled assumption",
            "audio pipeline of mmstudies.claypool_quality.analytic; jitter scale kappa calibrated to the "
            "Figure 5.24 anchor")
    add("Figure 6.11", "reconstructed under a labelled assumption",
        "client decompression latency and delivered rate from U6-b and the 4x speed ratio; processor counts of the "
        "points (not in the seed) are our choice; linear data-loss axis")
    add("Figure 6.12", "reconstructed under a labelled assumption",
        "server throughputs from Table 6.3 (its rows without compression and with network compression: our choice) behind an OC-12 link (assumption), "
        "client model of Figure 6.11")
    for f in ("7.6", "7.7", "7.8", "7.9"):
        add(f"Figure {f}", "reconstructed under a labelled assumption",
            "Virtual Cockpit pipeline of mmstudies.claypool_quality.analytic; display delay calibrated to the "
            "Figure 7.6 anchor" + ("; best and worst cases read as the Table 7.1 95 % bounds (definitions not in "
                                   "the seed)" if f == "7.6" else ""))
