"""Explained survivors of the mutation runs over ``mmstudies.claypool_load.analytic``, ``.model`` and ``.experiments``
(see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.claypool_load\.analytic\.x_break_even_participants", r"(?m)^\s+silence=None\)\):$",
     "equivalent: on the no-deletion side audio_components tests `a.silence and ...`, and None is falsy like "
     "False, so the load compared against is the same (silence=None on the deletion side is killed)."),
    # -- model (run of 2026-11-26, third session)
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"counter_work = horizon_s \+ 2\.0",
     "equivalent: a counter does at most horizon_s of work before the horizon, so any work above that keeps it "
     "running to the end; 2 s instead of 1 s above it keeps the float spacing as fine (about 1e-14 s)."),
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"\[1e-9\] \* counters \+ \[1000000000001\.0\]",
     "equivalent: the interarrival after the last counter only has to lie beyond the horizon (at most a few "
     "minutes), and 1e12 + 1 s does as well as 1e12 s."),
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"counters \+ int\(horizon_s / period_s\) \+ 3\]",
     "equivalent: with one process per job the capacity only has to exceed the most processes ever present, the "
     "counters plus the jobs arrived by the horizon (at period_s, 2 period_s, ...: at most int(horizon_s / "
     "period_s)); + 2 and + 3 both do."),
    (r"mmstudies\.claypool_load\.model\.x_simulate", r"else float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
    # -- checks (mutation run of 2026-11-26, fourth session)
    (r"mmstudies\.claypool_load\.checks\.x_table7_2_setting_rows__", r"zip\(ours, rows, (strict=(None|False))?\)",
     "equivalent: `ours` is made from `rows` element by element, so the two always have the same length and zip's "
     "strict check can never fire."),
    (r"mmstudies\.claypool_load\.checks\.x_table7_2_printed_counts__", r"^\s*\)$",
     "equivalent: without read_bytes_per_frame the macro run takes VC's default; it enters only the Read count "
     "(frames x bytes per frame), which this check leaves out of its comparison (rows other than Read)."),
    (r"mmstudies\.claypool_load\.checks\.x_run_record__", r"experiments\.run\(None\)",
     "killed in effect (timeout): without the parameters the chapter runs at its defaults, counter_sims included, "
     "so the Ciw counter sweep runs (minutes on the shared machine, beyond 3 x the test's time); had it finished, "
     "test_records_by_hand_and_at_the_audits_size would fail on its 8 participants for the 4 asked."),
    # -- experiments (run of 2026-11-26, fourth session, mexp5)
    (r"mmstudies\.claypool_load\.experiments\.x_run", r"network_nosd_kbps_at_n.*inp\.v\(\"voice_kbps\"\), None,$|^ {55}None, bool\(p\[\"multicast\"\]\)\)$",
     "equivalent: the load without deletion (silence False) is N(N-1) or N streams of voice: network_load_kbps "
     "tests `if silence`, where None is false like False, and never reads frac_deleted on that branch, so None "
     "in its place changes nothing (the call with deletion, indented two columns less, is not matched)."),
    (r"mmstudies\.claypool_load\.experiments\.x__counter", r"for n in range\(5\)\]",
     "equivalent: range(5) is range(0, 5)."),
    (r"mmstudies\.claypool_load\.experiments\.x__counter", r"an\.measured_load\(u, k, \) if one",
     "equivalent: measured_load's rule defaults to \"equal\", the rule passed."),
    (r"mmstudies\.claypool_load\.experiments\.x__flying", r"pop / 1\.0 / h",
     "equivalent: multiplying and dividing by 1.0 give the same float."),
    (r"mmstudies\.claypool_load\.experiments\.x_soldier_limits", r"else float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
    (r"mmstudies\.claypool_load\.experiments\.x__flying", r"if per_user >= 0 else 0$|if \(per_user > 0\) or True else 0$",
     "equivalent: with nothing to send (per_user 0, full compression) ceil(0 / oc12) is the int 0 of the other "
     "branch; per_user is never negative for a compression in [0, 1] (frame x fps x (1 - rho)), so the guard "
     "only ever separates 0 from positive rates (0.072 Mbit/s a user, one server, is tested)."),
    (r"mmstudies\.claypool_load\.experiments\.x__vc",
     r"vc_components_ms_per_s\(c, 0, replace\(v, (count_rule=(None|\"XXNXX\"|\"n\"))?\)\)",
     "equivalent: with zero soldiers vc_components_ms_per_s counts R = 0 others under every rule (N gives 0, "
     "any other rule max(0 - 1, 0) = 0), so the load of an empty scene is the same whatever count_rule says."),
    (r"mmstudies\.claypool_load\.experiments\.x__vc", r"^ +multicast=None\)$",
     "equivalent: vc_saturation_soldiers tests `if multicast`, where None is false like False (the unicast "
     "rows are tested against the analytic model with multicast=False)."),
    (r"mmstudies\.claypool_load\.experiments\.x__audio", r"silence=None",
     "equivalent: audio_components reads `silence` only in `if a.silence and a.compression_ratio == 0`, where "
     "None is false like False, so an Audio without deletion spelt with None loads the same."),
    (r"mmstudies\.claypool_load\.experiments\.x__audio", r"other = \"(XXN-1XX|n-1)\" if b\.mix_rule == \"N-2\"",
     "equivalent: analytic.mixes counts N-2 mixes for the rule \"N-2\" and N-1 for every other string, so any "
     "spelling other than \"N-2\" is the N-1 rule (the share under the other rule is tested both ways)."),
    (r"mmstudies\.claypool_load\.experiments\.x__audio",
     r"n2_sd_at_f1_s\"\] = L\(b\.but\((participants=3, )?frac_deleted=1\.0\)\)",
     "equivalent: with every byte deleted (f = 1) nothing is sent, received or played, and deletion has no mix "
     "component, so the load is record plus deletion, 1250 x 6.6002 ms, whatever the number of people."),
    (r"mmstudies\.claypool_load\.experiments\.x__audio",
     r"max\(v\[0\]\) <= v\[1\] for n|compression_ratio=rho\)\) <= L\(b\.but\(|slope_c >= slope_s|"
     r"hw_mixing=True\)\) >= L\(b\.but\(participants=n\)\)",
     "not worth a test: `<=` for `<` (or `>=` for `>`) differs only when the two loads are the same float, a tie of "
     "sums of products of Table 5.2's costs that no setting of the chapter produces (and at a tie neither is lighter)."),
    (r"mmstudies\.claypool_load\.experiments\.x__audio",
     r"b\.but\(participants=(n|\d+), (silence=True, )?compression_ratio=rho\)|"
     r"slope_c = .*L\(b\.but\(participants=9, silence=True,$",
     "equivalent: audio_components takes the deletion branch only when `silence and compression_ratio == 0`; "
     "at the 70 % compression ratio the compression branch is taken whatever `silence` says (left out, True "
     "or None)."),
    (r"mmstudies\.claypool_load\.experiments\.x__audio", r"V\[\"whatif_load_nosd_pct\"\]\) >= 100:",
     "not worth a test: the warning at exactly 100 % instead of above it differs only when a what-if load is "
     "the conversation's length to the last bit of a float, which no setting hits (100.49 % is tested)."),
]
