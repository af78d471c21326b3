"""The coverage rows of the Hsieh video chapter (every table and figure of the thesis's Chapter 4 and how the
page regenerates it). The reproduction checks are data: ``checks.yml`` and :mod:`.checks`.
"""

from __future__ import annotations

_RECONSTRUCTED = "reconstructed under a labelled assumption"
_COMPARISON = ("Section 4.6's method on the synthetic {} (which trace is in which figure is our choice, "
               "except soccer in 4.10)")

#: The coverage rows (item, category, how, where) of each section of the page, in the page's order.
COVERAGE = {
    "model": [("Figure 4.1 (a model of video delivery)", _RECONSTRUCTED,
               "the three curves drawn from the synthetic mtv trace (first frames, PCBR at its minimum rate)",
               "fig-hsieh-video-model; the thesis's drawing is a sketch without data")],
    "traces": [("Table 4.1 (video contents)", "computed from transcribed data",
                "data/hsieh/video_table4_1.csv re-rendered in table-hsieh-video-traces", "")]
    + [(tab, "computed from transcribed data",
        "transcribed columns beside the synthetic stand-ins' statistics (table-hsieh-video-traces)",
        f"the {kind} traces themselves are synthetic")
       for tab, kind in (("Table 4.2 (MPEG-1 streams)", "MPEG-1"), ("Table 4.3 (MPEG-2 streams)", "MPEG-2"),
                         ("Table 4.4 (M-JPEG streams)", "M-JPEG"))],
    "t260": [("Figure 4.11 (t260 trace, averaged over 10 frames)", "not reproducible",
              "an illustration: our synthetic near-CBR t260 stand-in, averaged the same way",
              "fig-hsieh-video-t260; the thesis's trace is not available")],
    "cbr": [("Figure 4.2 (CBR delivery and consumption curves)", _RECONSTRUCTED,
             "Eq. 4.2 on the first frames of the synthetic mtv trace, H, b1 and b2 computed", "fig-hsieh-video-cbr"),
            ("Figure 4.3 (minimum rate and buffer against start-up delay, MPEG-2)", _RECONSTRUCTED,
             "Eq. 4.2 on the four synthetic MPEG-2 traces, units of the caption (Mbit/s, Mbit)",
             "fig-hsieh-video-fig43; the thesis does not name the four traces")],
    "system": [(f"Figure {fig_id} ({what})", "redrawn schematic", "boxes and arrows from the text of Section 4.3",
                "fig-hsieh-video-system")
               for fig_id, what in (("4.4", "end-to-end model of MPEG-2 over ATM"),
                                    ("4.5", "MPEG-2 encoder and decoder for TS"), ("4.6", "constructing a TS from PES"))],
    "pcbr": [("Figure 4.7 (PCBR delivery and consumption)", _RECONSTRUCTED,
              "Eqs. 4.4-4.5 on the first 12 frames of the synthetic mtv trace, P = 2, rate from the 1 % search",
              "fig-hsieh-video-pcbr; the thesis's curve came from an unnamed MPEG-2 trace")],
    "pdcbr": [("Figure 4.8 (PDCBR delivery and consumption)", _RECONSTRUCTED,
               "the reconstructed algorithm on the first 12 frames of the synthetic mtv trace, P = 2, least-buffer pair",
               "fig-hsieh-video-pdcbr")],
    "comparison": [(f"{f} ({what})", _RECONSTRUCTED, _COMPARISON.format(names),
                    "fig-hsieh-video-mpeg1 / -mpeg2 / -mjpeg")
                   for f, what, names in (("Figure 4.9", "CBR, PCBR, PDCBR with MPEG-1 traces", "mtv and adv"),
                                          ("Figure 4.10", "more MPEG-1 traces", "silence and soccer"),
                                          ("Figure 4.12", "CBR, PCBR, PDCBR with MPEG-2 traces", "6trans and horse"),
                                          ("Figure 4.13", "more MPEG-2 traces", "t260 and acup"),
                                          ("Figure 4.14", "CBR, PCBR, PDCBR with M-JPEG traces",
                                           "backdraft and fugitive"))],
    "section47": [("Figure 4.15 (required rates with fixed buffer sizes)", _RECONSTRUCTED,
                   "buffers from the text; the control is the amount pre-fetched (seed line 1471); the rate grid, "
                   "the pre-fetch grid and the rule for R_low are ours",
                   "fig-hsieh-video-fixed-buffer"),
                  ("Figure 4.16 (required start-up delays with fixed rates)", _RECONSTRUCTED,
                   "rates and caps from the text; the R_low grid is Section 4.6's", "fig-hsieh-video-fixed-rate")],
}


def cover(ch, section: str) -> None:
    """Add the coverage rows of one section of the page (a key of :data:`COVERAGE`) to ``ch.coverage``."""
    for item, category, how, where in COVERAGE[section]:
        ch.coverage.add(item, category, how, where)
