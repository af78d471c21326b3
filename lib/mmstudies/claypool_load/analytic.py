"""Closed forms of Claypool's processor-load planning (thesis chapters 4-7).

- The counter method (section 4.5): :func:`counter_share`, :func:`counter_prediction`,
  :func:`measured_load` (what a counter reports for a component of true load ``u``).
- The audioconference load model (sections 5.3-5.6): component costs are Table 5.2's lines
  ``c(P) = a + b P`` (ms per packet of ``P`` bytes); :func:`audio_load` adds them with the
  counting rules of the study notes (section 2.6; our reconstruction, checked against the
  thesis's stated results in the scorecard). Loads are seconds of processor time in a
  conversation of ``T`` seconds (the thesis's "maximum load is 200 seconds").
- The Virtual Cockpit (section 7.3): :func:`vc_load_ms_per_s`, :func:`vc_soldier_limit`,
  :func:`vc_bandwidth_mbps`, :func:`vc_saturation_soldiers`.
- Flying (chapter 6) and the network load of an audioconference: small arithmetic helpers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

ALGORITHMS = ("Absolute", "Differential", "Exponential", "Ham")


# ----------------------------------------------------------------------------- counter method
def counter_share(other_counters: int) -> float:
    """Share of the processor one of ``other_counters + 1`` equal-priority counters gets.

    >>> counter_share(0), counter_share(3)
    (1.0, 0.25)
    """
    if other_counters < 0:
        raise ValueError("other_counters must be >= 0")
    return 1.0 / (other_counters + 1)


def counter_prediction(bare: float, other_counters: int) -> float:
    """The thesis's Figure 4.5 prediction: bare x 1/(N+1).

    >>> round(counter_prediction(1_702_700, 1))
    851350
    """
    return bare * counter_share(other_counters)


def component_load(bare: float, count: float) -> float:
    """A component's load as a share of the processor: (bare - count) / bare (section 4.5).

    >>> round(component_load(1.7e6, 1.69e6), 6)   # the section 4.5 example: about 5.9 ms per second
    0.005882
    """
    return (bare - count) / bare


def measured_load(u: float, counters: int = 1, rule: str = "equal") -> float:
    """What ``counters`` equal counters report, via (bare - count)/bare, for a component of true load ``u``.

    ``rule``: ``"equal"`` - the component is one process of the counters' priority under processor
    sharing: it gets at most 1/(counters+1) of the processor, so the report is min(u, 1/(counters+1))
    (in the long run; above that the component's own work queues up); ``"higher"`` - the component
    pre-empts the counters: the report is u (up to 1); ``"lower"`` - the counters starve the
    component: the report is 0.

    >>> measured_load(0.3), measured_load(0.7), measured_load(0.7, rule="higher"), measured_load(0.7, rule="lower")
    (0.3, 0.5, 0.7, 0.0)
    """
    if not 0 <= u <= 1:
        raise ValueError(f"u must be in [0, 1], got {u}")
    if rule == "equal":
        return min(u, 1.0 / (counters + 1))
    if rule == "higher":
        return u
    if rule == "lower":
        return 0.0
    raise ValueError(f"rule must be equal, higher or lower, got {rule!r}")


# ----------------------------------------------------------------------------- audioconference
@dataclass(frozen=True)
class Costs:
    """Per-packet (ms) and per-byte (ms/byte) costs of each component (Table 5.2 rows)."""

    table: dict   # operation -> (a_ms, b_ms_per_byte)

    def c(self, op: str, nbytes: float) -> float:
        """Cost of one occurrence of ``op`` on ``nbytes`` bytes, ms.

        >>> round(Costs({"Send": (0.21, 0.0001)}).c("Send", 1280), 6)
        0.338
        """
        a, b = self.table[op]
        return a + b * nbytes

    def scaled(self, factor: float, ops=None) -> Costs:
        """Divide the costs of ``ops`` (all if None) by ``factor`` (a faster processor/protocol/device)."""
        ops = set(self.table) if ops is None else set(ops)
        return Costs({k: ((a / factor, b / factor) if k in ops else (a, b)) for k, (a, b) in self.table.items()})


@dataclass(frozen=True)
class Audio:
    """An audioconference configuration (defaults: the thesis's predictions, section 5.6)."""

    participants: int = 8
    packet_bytes: float = 1280.0
    rate_Bps: float = 8000.0
    seconds: float = 200.0
    silence: bool = True
    algorithm: str = "Differential"
    frac_deleted: float = 0.15
    mix_rule: str = "N-2"
    multicast: bool = False
    cpu_speedup: float = 1.0
    protocol_speedup: float = 1.0
    audio_device_speedup: float = 1.0
    compression_ratio: float = 0.0      # > 0: compression instead of silence deletion (Fig 5.14)
    dsp_silence: str = "none"           # none | user | kernel
    dsp_compression: bool = False       # with dsp_silence kernel: hardware compression too (Fig 5.16)
    dsp_compression_ratio: float = 0.0  # bytes removed by that hardware compression
    hw_mixing: bool = False

    def but(self, **kw) -> Audio:
        return replace(self, **kw)


def mixes(n: int, rule: str) -> int:
    """Mixes per recorded packet interval with ``n`` participants and no silence deletion.

    >>> mixes(2, "N-2"), mixes(8, "N-2"), mixes(8, "N-1")
    (0, 6, 7)
    """
    return max(n - 2, 0) if rule == "N-2" else max(n - 1, 0)


def audio_components(costs: Costs, a: Audio) -> dict[str, float]:
    """Processor seconds of each component in one conversation at one station.

    Counting rules (study notes section 2.6; our reconstruction): ``n = rate * T / P`` packets are
    recorded. Without silence deletion every packet is sent to the ``N-1`` others (once with
    multicast), the ``N-1`` incoming streams are received, mixed (``N-2`` mixes, or ``N-1``) and one
    mixed packet played (with hardware mixing: every incoming packet played, no mix). With silence
    deletion the algorithm runs over every recorded byte and, one person speaking at a time, a
    station sends ``(N-1)/N (1-f) n`` packets (``(1-f) n / N`` with multicast) and receives and plays
    ``(N-1)/N (1-f) n``. Compression (ratio rho, no deletion): record and compress (cost = the
    deletion algorithm's per-byte cost, the thesis's lower bound) at full size, send, receive, mix,
    play at ``P(1-rho)``, and decompress each received packet at the deletion per-byte cost on the
    compressed bytes (our assumption: the thesis gives no decompression cost).

    >>> from mmstudies.claypool_load.data import load_inputs
    >>> c = load_inputs().costs("IPX")
    >>> round(sum(audio_components(c, Audio(participants=2, silence=False)).values()), 2)
    6.83
    >>> round(sum(audio_components(c, Audio(participants=2)).values()), 2)
    9.69
    """
    c = costs
    if a.cpu_speedup != 1:
        c = c.scaled(a.cpu_speedup)
    if a.protocol_speedup != 1:
        c = c.scaled(a.protocol_speedup, ["Send", "Receive"])
    if a.audio_device_speedup != 1:
        c = c.scaled(a.audio_device_speedup, ["Record", "Play"])
    N, P, f = a.participants, a.packet_bytes, a.frac_deleted
    n = a.rate_Bps * a.seconds / P
    out = {}
    if a.silence and a.compression_ratio == 0:
        talk = (N - 1) / N * (1 - f) * n           # packets received (and played) from the others
        sent = (1 - f) * n / N if a.multicast else talk
        rec_bytes = P
        deletion = c.c(a.algorithm, P) * n
        if a.dsp_silence in ("user", "kernel"):
            deletion = 0.0
        if a.dsp_silence == "kernel":
            rec_bytes = P * (1 - f) / N             # silence removed before the record call (our reading)
        pkt = P
        if a.dsp_compression:
            pkt = P * (1 - a.dsp_compression_ratio)
        out["record"] = c.c("Record", rec_bytes) * n / 1000
        out["deletion"] = deletion / 1000
        out["send"] = c.c("Send", pkt) * sent / 1000
        out["receive"] = c.c("Receive", pkt) * talk / 1000
        out["mix"] = 0.0
        out["play"] = c.c("Play", pkt) * talk / 1000
        return out
    rho = a.compression_ratio
    Pc = P * (1 - rho)
    streams = N - 1
    sends = n if a.multicast else streams * n
    out["record"] = c.c("Record", P) * n / 1000
    out["compress"] = (c.c(a.algorithm, P) * n / 1000) if rho > 0 else 0.0
    out["send"] = c.c("Send", Pc) * sends / 1000
    out["receive"] = c.c("Receive", Pc) * streams * n / 1000
    out["decompress"] = (c.c(a.algorithm, Pc) * streams * n / 1000) if rho > 0 else 0.0
    if a.hw_mixing:
        out["mix"] = 0.0
        out["play"] = c.c("Play", Pc) * streams * n / 1000
    else:
        out["mix"] = c.c("Mix", Pc) * mixes(N, a.mix_rule) * n / 1000
        out["play"] = c.c("Play", Pc) * n / 1000
    return out


def audio_load(costs: Costs, a: Audio) -> float:
    """Total processor seconds of one station in one conversation."""
    return float(sum(audio_components(costs, a).values()))


def break_even_participants(costs: Costs, base: Audio, n_max: int = 100) -> float:
    """Smallest N at which silence deletion's load is below no deletion's (NaN if none up to n_max)."""
    for n in range(2, n_max + 1):
        if audio_load(costs, base.but(participants=n, silence=True)) < audio_load(costs, base.but(participants=n,
                                                                                                    silence=False)):
            return float(n)
    return math.nan


def implied_packet_bytes(costs: Costs, load_s: float, rate_Bps: float = 8000.0, seconds: float = 200.0) -> float:
    """Packet size at which a two-person conversation without deletion loads ``load_s`` seconds.

    With N = 2 and no deletion, ``L = (rT/P)(A + B P)`` where A and B sum the per-packet and per-byte
    costs of record, send, receive and play, so ``P = A / (L/(rT) - B)`` (NaN if no P > 0 fits).

    >>> from mmstudies.claypool_load.data import load_inputs
    >>> round(implied_packet_bytes(load_inputs().costs("IPX"), 6.96))
    1205
    """
    A = sum(costs.table[k][0] for k in ("Record", "Send", "Receive", "Play"))
    B = sum(costs.table[k][1] for k in ("Record", "Send", "Receive", "Play"))
    denom = load_s * 1000 / (rate_Bps * seconds) - B
    return A / denom if denom > 0 else math.nan


def macro_prediction(costs: Costs, algorithm: str, packet_bytes: float, frac_deleted: float,
                     rate_Bps: float = 8000.0, seconds: float = 200.0) -> float:
    """Processor seconds of one station in the two-person macro experiment (section 5.5).

    Both Speak processes play a recorded file, so each station records every packet, runs the
    deletion algorithm (``algorithm`` "None": none) on it, and sends, receives and plays the
    ``1-f`` share that survives; no mix (one incoming stream). Our reading of section 5.5.1.
    """
    n = rate_Bps * seconds / packet_bytes
    keep = 1.0 if algorithm == "None" else 1 - frac_deleted
    total = costs.c("Record", packet_bytes) * n
    if algorithm != "None":
        total += costs.c(algorithm, packet_bytes) * n
    total += sum(costs.c(op, packet_bytes) for op in ("Send", "Receive", "Play")) * keep * n
    return total / 1000


def implied_deleted_share(costs: Costs, algorithm: str, packet_bytes: float, load_s: float,
                          rate_Bps: float = 8000.0, seconds: float = 200.0) -> float:
    """The deleted share ``f`` at which :func:`macro_prediction` equals ``load_s`` (may fall outside [0, 1]).

    >>> from mmstudies.claypool_load.data import load_inputs
    >>> c = load_inputs().costs("IPX")
    >>> L = macro_prediction(c, "Ham", 1280, 0.25)
    >>> round(implied_deleted_share(c, "Ham", 1280, L), 6)
    0.25
    """
    n = rate_Bps * seconds / packet_bytes
    fixed = (costs.c("Record", packet_bytes) + costs.c(algorithm, packet_bytes)) * n
    per = sum(costs.c(op, packet_bytes) for op in ("Send", "Receive", "Play")) * n
    return 1 - (load_s * 1000 - fixed) / per


def network_load_kbps(participants: int, voice_kbps: float, silence: bool, frac_deleted: float,
                      multicast: bool = False) -> float:
    """Aggregate network load of an audioconference (our assumption; the thesis states only O(N^2) vs O(N)).

    Without deletion every station sends its stream to each of the N-1 others: N(N-1) streams
    (N with multicast). With deletion one person speaks at a time: N-1 streams (1 with multicast),
    thinned by the deleted share.

    >>> network_load_kbps(8, 64, False, 0.15), network_load_kbps(8, 64, True, 0.0)
    (3584.0, 448.0)
    """
    N = participants
    if silence:
        return float((1 if multicast else N - 1) * (1 - frac_deleted) * voice_kbps)
    return float((N if multicast else N * (N - 1)) * voice_kbps)


# ----------------------------------------------------------------------------- Virtual Cockpit
@dataclass(frozen=True)
class VC:
    """A Virtual Cockpit configuration (costs in ms on a Personal Iris, Table 7.1)."""

    fps: float = 4.0
    updates: float = 3.0
    multicast: bool = True
    count_rule: str = "N-1"          # updates each soldier receives: from the N-1 others (seed lines 1968, 2001) or N
    read_bytes_per_frame: float = 2088.0
    speedup: float = 1.0             # processor speed in Personal Irises


def vc_components_ms_per_s(costs: dict, soldiers: float, v: VC) -> dict[str, float]:
    """Processor ms per second on a Personal Iris, by the thesis's three pieces (Figure 7.5).

    send = u c_send; receive = R u (c_recv + c_update); display = F (c_render + c_display +
    B c_read) + F R c_reckon, with R = N-1 other soldiers (counting rules of section 7.3: a soldier
    receives the others' updates, seed line 2001, and reckons "another soldier", line 1968) or R = N
    (Table 7.2's printed counts, 27 at 9 soldiers).

    >>> from mmstudies.claypool_load.data import load_inputs
    >>> c = load_inputs().vc_costs
    >>> round(sum(vc_components_ms_per_s(c, 0, VC()).values()), 1) > 1000   # render alone: 4 x 305 ms
    True
    """
    R = soldiers if v.count_rule == "N" else max(soldiers - 1, 0)
    c_recv = costs["Multicast Receive" if v.multicast else "Unicast Receive"]
    send = costs["Multicast Send" if v.multicast else "Unicast Send"]
    return {
        "send": v.updates * send,
        "receive": R * v.updates * (c_recv + costs["Update"]),
        "display": v.fps * (costs["Render"] + costs["Display"] + v.read_bytes_per_frame * costs["Read"])
        + v.fps * R * costs["Compute"],
    }


def vc_soldier_limit(costs: dict, v: VC) -> float:
    """Largest (real) number of soldiers whose load fits ``1000 * speedup`` ms per second (NaN if none).

    The load is linear in N: L(N) = L0 + N * slope, so N* = (capacity - L0) / slope. Counting the
    N-1 others, L(N) = L0 + max(N - 1, 0) * slope, so N* = (capacity - L0) / slope + 1 when
    capacity >= L0; below L0 no number of soldiers fits, even with nobody else to hear (NaN).
    """
    cap = 1000.0 * v.speedup
    as_n = replace(v, count_rule="N")
    l0 = sum(vc_components_ms_per_s(costs, 0, as_n).values())
    slope = sum(vc_components_ms_per_s(costs, 1, as_n).values()) - l0
    n = (cap - l0) / slope
    if n < 0:
        return math.nan
    return n + 1 if v.count_rule == "N-1" else n


def vc_table7_2(v: VC, soldiers: int) -> dict[str, float]:
    """Occurrences per second that the counting rules predict (Table 7.2's 'Predicted' column)."""
    R = soldiers if v.count_rule == "N" else soldiers - 1
    return {"Receive": R * v.updates, "Send": v.updates, "Update": R * v.updates, "Compute": R * v.fps,
            "Render": v.fps, "Display": v.fps, "Read": v.fps * v.read_bytes_per_frame}


def vc_bandwidth_mbps(soldiers: float, updates: float, pdu_bytes: float, header_bytes: float = 0.0,
                      multicast: bool = True) -> float:
    """Network load of an exercise: N u (PDU + header) 8 bit/s, or N(N-1) ... with unicast.

    >>> vc_bandwidth_mbps(100, 3, 144)
    0.3456
    """
    streams = soldiers if multicast else soldiers * (soldiers - 1)
    return streams * updates * (pdu_bytes + header_bytes) * 8 / 1e6


def vc_saturation_soldiers(capacity_mbps: float, updates: float, pdu_bytes: float, header_bytes: float = 0.0,
                           multicast: bool = True) -> float:
    """Soldiers at which the exercise fills a link of ``capacity_mbps``.

    >>> round(vc_saturation_soldiers(1.5, 30, 144))
    43
    """
    per = updates * (pdu_bytes + header_bytes) * 8 / 1e6
    if multicast:
        return capacity_mbps / per
    return (1 + math.sqrt(1 + 4 * capacity_mbps / per)) / 2
