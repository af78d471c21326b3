"""The claypool-load coverage list: every table and figure of thesis chapters 4-7 and how it is regenerated.

The chapter's checks are data: ``checks.yml`` beside this module, computed by ``checks.py``.
"""

from __future__ import annotations


# ----------------------------------------------------------------------------- coverage
def _compression_label(name: str) -> str:
    """The tables' row "None" read as words (a bare "None" reads like a missing value)."""
    return "no compression" if str(name) == "None" else str(name)


def coverage(ch) -> None:
    """Every numbered table and figure of thesis chapters 4-7 and the unnumbered tables of chapter 6."""
    add = ch.coverage.add
    t, m, a, s, x = ("computed from transcribed data", "computed from the model",
                     "reconstructed under a labelled assumption", "redrawn schematic", "not reproducible")
    add("Figure 4.1", s, "boxes and arrows from section 4.1 (application, model, micro, macro, predictions)")
    add("Figure 4.2", x, "the scope of Lucas's benchmark categories is drawn in the figure only; the seed keeps the "
                         "caption, not the categories' layout")
    add("Figure 4.3", s, "the chain users - applications - user requirements - system requirements - architecture - "
                         "hardware - quality of section 4.3")
    add("Figure 4.4", s, "counter columns from the section 4.5 numbers (1.7 M, 0.85 M each, 1.69 M); the printed "
                         "caption duplicates Figure 4.3's (errata)")
    add("Figure 4.5", a, "prediction curve bare/(N+1) from Table 5.1 (exact) with the caption's largest interval as a "
                         "band and our Ciw counters; the measured points are not in the seed")
    add("Table 5.1", t, "load_table5_1.csv, with per-second rates derived")
    add("Figure 5.1", s, "the six components of section 5.3")
    for f, name in (("5.2", "Absolute"), ("5.3", "Ham"), ("5.4", "Exponential"), ("5.5", "Differential")):
        add(f"Figure {f}", s, f"{name} algorithm drawn on a synthetic energy trace (no thresholds, chunk sizes or "
                              "decays in the seed)")
    add("Figure 5.6", a, "processor time for 300 s of sound from Table 5.2's per-byte costs (the per-packet terms are "
                         "zero); the measured points and intervals are not in the seed")
    add("Table 5.2", t, "ch5_table5_2.csv (shared with the quality chapter), shown and used as the cost lines")
    add("Table 5.3", t, "load_table5_3.csv with the relative errors, our re-prediction of all seven runs from "
                        "Table 5.2 (1280-byte packets, 10 % deleted; scored against the measurements) and the deleted "
                        "share each printed prediction implies")
    for f in ("5.7", "5.8", "5.9", "5.10", "5.11", "5.12", "5.13", "5.15", "5.17", "5.19", "5.20"):
        add(f"Figure {f}", a, "the load model of analytic.audio_components under the labelled counting rules of the "
                              "study notes (our reconstruction: mix rule, one talker at a time, 1280-byte packets; "
                              "x-range 2-10 participants not in the seed)")
    add("Figure 5.14", a, "compression cost = the deletion algorithm's per-byte cost (the thesis's lower bound); "
                          "decompression cost is our assumption")
    add("Figure 5.16", a, "hardware deletion in the kernel plus hardware compression at the compression_ratio "
                          "parameter (not in the seed)")
    add("Figure 5.18", a, "SLC and IPX record slopes from Table 5.2; the IPC slope from the caption's 20:50:170 ratio")
    for f in ("5.21", "5.22", "5.23"):
        add(f"Figure {f}", a, "in the claypool-jitter chapter (simulated traces), not drawn here")
    for f in ("5.24", "5.25", "5.26"):
        add(f"Figure {f}", a, "in the claypool-quality chapter (calibrated audio pipeline), not drawn here")
    add("Table 5.4", a, "in the claypool-jitter chapter (transcribed, with simulated counterpart), not shown here")
    add("Figure 6.1", s, "the three server pipelines of section 6.3")
    add("Figure 6.2", x, "the measured JPEG points are not in the seed, only the regression constants (U6-b)")
    for f in ("6.3", "6.4", "6.5", "6.6"):
        add(f"Figure {f}", m, "bandwidth arithmetic of section 6.5 (720 or 216 Mbit/s per user) with the OC rates (U6-d)")
    for f in ("6.7", "6.8"):
        add(f"Figure {f}", a, "per-user disk demand about 80 Mbit/s inferred from the stated server counts (the seed "
                              "takes it from [15]); arrays at 14.5 Mbit/s each")
    for f in ("6.9", "6.10"):
        add(f"Figure {f}", a, "throughputs from Tables 6.1 and 6.3; which processor lines are drawn is our choice "
                              "except the caption's two-processor Indigo 2 with hardware")
    add("Table 6.1", t, "load_table6_1.csv; Mbit/s recomputed; Table 6.2 sums compared (errata)")
    add("Table 6.2", t, "load_table6_2.csv, summed per pipeline")
    add("Table 6.3", t, "load_table6_3.csv; Mbit/s recomputed and the hardware sums / 4 shown (errata)")
    for f in ("6.11", "6.12"):
        add(f"Figure {f}", a, "in the claypool-quality chapter (flying client and server model), not drawn here")
    add("Figure 6.13", s, "the section 6.6 topology with its four printed bandwidths drawn (backbone, NAPs, "
                          "individual connections, 50 processor servers; the '4680' is drawn as printed, not derivable)")
    add("Figure 6.14", x, "the proposal's bandwidths are not in the seed")
    add("Figure 6.15", a, "the Figure 6.13 diagram with the relaxation factors of U6-f applied (numbers not in the seed)")
    for u in ("U6-a simultaneous users", "U6-b JPEG cost", "U6-c flying bandwidth", "U6-d OC rates",
              "U6-e backbone requirements", "U6-f relaxations"):
        add(f"Unnumbered table {u}", t, "load_u6.csv, shown; fractions printed as x/y stored as decimals (derived)")
    add("Figure 7.1", s, "a synthetic path with threshold-triggered dead-reckoning updates")
    add("Figure 7.2", s, "synthetic error triangles against the 1 m threshold (no missed update drawn)")
    add("Figure 7.3", s, "the seven components of section 7.3 in the send, receive and display groups")
    add("Table 7.1", t, "ch7_table7_1.csv (shared with the quality chapter), shown with the intervals")
    add("Table 7.2", t, "load_table7_2.csv with our counts from the section 7.3 rules (the N-1 others) and the "
                        "differences")
    add("Figure 7.4", m, "N u (144 + header) 8 bit/s (multicast) and N(N-1) ... (unicast) with the T1, Ethernet, ATM lines")
    add("Figure 7.5", m, "Table 7.1 costs with the section 7.3 counting rules at the frame-rate parameter; Personal "
                         "Iris and Indigo 2 capacities")
    for f in ("7.6", "7.7", "7.8", "7.9"):
        add(f"Figure {f}", a, "in the claypool-quality chapter (calibrated Virtual Cockpit pipeline), not drawn here")
