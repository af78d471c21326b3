"""The chapter's mismatch list, the helpers the page reads the sweep with, and its coverage entries.

The checks themselves are data: ``checks.yml`` beside this module, with their functions in :mod:`.checks`.
:func:`mismatches` lists the checks a run does not settle in the paper's favour, each with the reason the
model gives (:data:`EXPLANATIONS`, keyed by the start of the check's claim).

Examples
--------
>>> [e[0] for e in COVERAGE[:2]]
['Table 1', 'Fig. 1']
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from .model import CATEGORIES, _slug

DELAYS = ("delay_send", "delay_recv", "delay_ft")
UTILS = ("util_channel", "util_host", "util_host_busy", "util_memory", "util_disk", "util_ring",
         "util_video_adapter", "util_ring_adapter", "host_ft_share", "util_host_without_ft")
COMPONENTS = tuple(f"comp_{k}_{_slug(c)}" for k in ("send", "recv") for c in CATEGORIES)
MAIN_METRICS = list(DELAYS + UTILS + COMPONENTS) + ["out_bit_rate_mbit_s", "decompress_service_mean",
                                                   "max_outstanding", "conservation_ok"]


class Lookup:
    """Mean and CI of a metric for one configuration of a summary frame."""

    def __init__(self, summary: pd.DataFrame):
        self.s = summary

    def row(self, **where) -> pd.Series:
        mask = np.ones(len(self.s), bool)
        for k, v in where.items():
            mask &= (self.s[k] == v).to_numpy()
        rows = self.s[mask]
        if len(rows) != 1:
            raise KeyError(f"{where}: {len(rows)} rows")
        return rows.iloc[0]

    def __call__(self, metric: str, **where) -> tuple[float, float]:
        r = self.row(**where)
        return float(r[f"{metric}_mean"]), float(r[f"{metric}_ci"])

    def m(self, metric: str, **where) -> float:
        return self(metric, **where)[0]




# Why a check can fail in this reconstruction; shown in the chapter only for the checks that do.
_ANCHOR = ("The calibration fits this anchor in the paper's configuration (three-way distributed conference, "
           "8 kB frames, file transfers at 30 requests/s, 15 KLOCS of host code); a run that changes the "
           "configuration moves it, as it should.")
EXPLANATIONS = {
    "386 host CPU saturates": _ANCHOR, "486 host CPU saturates": _ANCHOR, "File transfers' share": _ANCHOR,
    "Memory utilisation": _ANCHOR, "Disk utilisation": _ANCHOR, "Token-ring utilisation": _ANCHOR,
    "Move receive/decompress delay rises": _ANCHOR,
    "386 host CPU at the measured": "The host's load grows with the frame rate, the conference size and the "
                                    "frames' code; at the paper's settings it is about half the i386.",
    "Micro Channel utilisation never": "More bytes per frame (frame_kb) or a larger conference than the paper's.",
    "Compression and decompression dominate": "The codec part of a delay is its stage's frame time plus the "
        "i750's queue; the rest is host, memory, channel and adapter work and queueing. Where the other "
        "categories together exceed half a delay, the codec no longer takes 'most of the time' in this "
        "calibration.",
    "Move Mode host CPU": "Only the start-up code (5 KLOCS per stream) runs on the host; over short runs "
                         "(few frames) it is a larger share of the window.",
    "Q1": "Each codec stage lasts one frame time; queueing elsewhere that grows faster than 1/f falls would "
          "reverse the slope (a heavily loaded station).",
    "Q8": "A single incoming stream queues at the decompression stage's i750 behind jittered arrivals; the "
          "outgoing one, captured at exactly the frame rate, never queues at compression.",
    "Q10": "The 486's faster host and memory shorten every Locate step.",
    "Q12": "Move Mode has no driver queues in the model.",
    "Q18": "Centralized mixing has one incoming stream instead of two.",
    "Q2": "Locate's frame path adds host code (VC + network + 2 S) and two trips through the memory "
          "controller that Move skips: several milliseconds, more than a tenth of a delay of one frame time "
          "at the top rate, and the paper's replications and run length make the intervals narrow enough to resolve it. The paper's 'no "
          "significant difference' suggests its per-frame Locate overheads were smaller than our calibration "
          "(which fits the host rate to the saturation anchors, not to delays).",
    "Q3": "The mode difference at 8 and 15 frames/s is the same few milliseconds of Locate overhead as in Q2; "
          "relative to stage delays of one frame time it is small but can exceed a tenth.",
    "Q4": "Distributed mixing adds one incoming stream's work; at 30 frames/s the extra contention on the "
          "compress/send path (host, memory, ring adapter) is only a few milliseconds in our calibration.",
    "Q5": "The paper's Fig. 9a has no significant difference and Locate-386 only slightly worse. In the model "
          "a Locate-386 frame's host code (VC + network + 2 S), memory and channel steps add several "
          "milliseconds that Move's path does not have, more than a tenth of a delay at the higher rates.",
    "Q6": "Move's receive path now carries Table 1's network code on the ring adapter's 80C186 (5 KLOCS per "
          "packet); where it costs more than Locate's host steps the ordering flips, and an interval that "
          "contains zero cannot decide.",
    "Q7": "The gap is the mixing stage (8.33 ms), the join's wait for the slower frame and the extra "
          "queueing at the decompression i750 that the join's jitter causes; none of these grows "
          "with the frame rate in our calibration, where the shared resources stay lightly loaded at the "
          "top rate (see the utilisation figures). The paper's growing gap implies more contention at 30 "
          "frames/s than its printed utilisations give our model.",
    "Q9": "The Move file transfer saves the host code, the memory trips and (with ft_overlap) the serial "
          "disk-then-ring order, but runs Table 1's file-system and network code on two 80C186s (exercise 4).",
    "Q11": "Move's path does not touch the host; only the channel speed differs, by under a millisecond.",
    "Q13": "The compression stage has no queue (D/D/1) in either mode.",
    "Q14a": "In our model the delivery pipes hardly ever queue: the 80C186s are lightly loaded at the "
            "paper's estimate of 1 KLOC per frame (seed line 201), while each Locate transfer crosses the channel and the memory "
            "controller twice. The paper's larger Move data-transfer component implies much busier "
            "adapters than its 1 KLOC estimate gives, which the paper does not quantify.",
    "Q14b": "See Q14a.",
    "Q15": "Move's software is the 1 KLOC of VC code plus Table 1's 5 KLOCS of network code at 80C186 speed; "
           "Locate's is VC + network + 2 S on the host (exercise 4 computes both): on the faster i486 host "
           "Locate's is the smaller.",
    "Q16": "Both directions share the ring adapter's token in our model, and a received frame must also "
           "wait for the video adapter's token that outgoing frames hold during their DMA; the paper's "
           "sentence compares with the 'SCSI disk device driver', which a received frame never uses "
           "(an error in the paper), so its intended comparison is unclear.",
    "Q17": "Mixing is modelled only under distributed mixing.",
    "Q19": "The file transfers' constant load gives the intercept.",
    "Q20": "Memory traffic is proportional to the frame rate plus the constant file transfers.",
}


def mismatches(sc) -> pd.DataFrame:
    """Every check this run does not settle in the paper's favour, with the reason the model gives.

    Lists the statuses not reproduced, target missed, fails and inconclusive (with the
    replications that would decide), never the not-applicable ones (the warnings say why).
    """
    rows = []
    for c in sc.checks:
        if c.status in ("not reproduced", "target missed", "fails", "inconclusive"):
            key = next((k for k in sorted(EXPLANATIONS, key=len, reverse=True) if c.what.startswith(k)), None)
            why = EXPLANATIONS[key] if key else "See the discussion above."
            if c.status == "inconclusive":
                why = ("The confidence interval straddles the tolerance band's edge"
                       + (f"; about {c.needed_n} replications would decide" if c.needed_n else "")
                       + ". " + why)
            ours = f"{c.ours:.4g} {c.unit}".strip() if isinstance(c.ours, float) else str(c.ours)
            rows.append({"check": c.what, "status": c.status, "paper": str(c.paper), "ours": ours, "why": why})
    return pd.DataFrame(rows, columns=["check", "status", "paper", "ours", "why"])


# The chapter's coverage of the paper: (item, how, detail[, caveat]) for ``ch.coverage.add``, in page order.
COVERAGE = [
    ("Table 1", "computed from transcribed data", "data/huynh/table1.csv, re-rendered as printed"),
    ("Fig. 1", "redrawn schematic", "matplotlib boxes from section 2 (fig-huynh-system)"),
    ("Fig. 2", "redrawn schematic", "matplotlib, both modes (fig-huynh-dataflow)"),
    ("Fig. 3", "redrawn schematic", "matplotlib, a Locate / b Move (fig-huynh-scb)"),
    ("Fig. 4a", "computed from the model", "Micro Channel utilisation, 4 series, CIs (fig-huynh-channel)"),
    ("Fig. 4b", "not reproducible", "never cited in the text and its caption is lost; content unknown"),
    ("Fig. 5", "reconstructed under a labelled assumption",
     "(a) host CPU by the utilisation law (exact), (b) Move receive delay simulated with shorter runs, both "
     "at the single-point frame rate (fig-huynh-kloc)",
     "frame rate of the sweeps not given; the anchors are calibration targets"),
    ("Fig. 6a, 6b", "computed from the model", "Locate host CPU vs frame rate (fig-huynh-host-cpu)"),
    ("Fig. 7a", "computed from the model", "host CPU with / without file transfers (fig-huynh-utilisation)",
     "which host is shown is not given: the chapter's host parameter"),
    ("Fig. 7b", "computed from the model", "memory, disk, ring (fig-huynh-utilisation)"),
    ("Fig. 8a, 8b", "computed from the model", "compress/send delay (fig-huynh-send-delay)",
     "8b's host not given: the chapter's host parameter"),
    ("Fig. 9a, 9b", "computed from the model", "receive/decompress delay (fig-huynh-recv-delay)"),
    ("Fig. 10", "reconstructed under a labelled assumption", "one chain at a time (fig-huynh-single)",
     "'single data stream' read as each chain run alone"),
    ("Fig. 11a-d", "computed from the model", "stacked components, distributed (fig-huynh-components-distributed)",
     "panel lettering conflicts between caption and text"),
    ("Fig. 12a-d", "computed from the model", "stacked components, centralized (fig-huynh-components-centralized)"),
    ("Pipeline sensitivity (not in the paper)", "reconstructed under a labelled assumption",
     "stage = one frame time vs i750 compute time, two run lengths (fig-huynh-pipeline)"),
]


def add_coverage(ch: Any) -> None:
    """Add every :data:`COVERAGE` entry to ``ch.coverage``, in order.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> added = []
    >>> add_coverage(SimpleNamespace(coverage=SimpleNamespace(add=lambda *a: added.append(a))))
    >>> len(added), added[5][:2]
    (16, ('Fig. 4b', 'not reproducible'))
    """
    for entry in COVERAGE:
        ch.coverage.add(*entry)
