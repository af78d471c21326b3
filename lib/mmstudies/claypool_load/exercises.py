"""The chapter's exercises: each answer computed at the exercise's own settings, never at the run's.

The load model is closed-form arithmetic, so every answer is computed exactly and at once. The exercises start
from the thesis's prediction setting (the chapter's defaults, ``defaults``: machine, packet size, algorithm,
deleted share, counting rules) and change only what each exercise names. :func:`answers` returns the numbers
(glued ``exN_...``) and the few sentences that depend on them (``exN_text``).
"""

from __future__ import annotations

import math

from . import analytic as an
from .data import Inputs, load_inputs

#: the settings the exercises name: exercise 2's faster processor and DSP deletion, exercise 3's frame rate,
#: exercise 4's counters and true loads, exercise 6's participants, exercise 7's compression ratio and
#: participants, exercise 8's band (section 5.5.2's ten percent) and exercise 9's link and update rate
EXERCISE_SETTINGS = {"ex2_cpu_speedup": 2.0, "ex2_dsp": "user", "ex3_fps": 10.0, "ex4_other_counters": 1,
                     "ex4_light_load": 0.3, "ex4_heavy_load": 0.7, "ex5_participants": 2, "ex6_participants": 8,
                     "ex7_ratio": 0.5, "ex7_participants": 8, "ex8_band_pct": 10.0, "ex9_link_mbps": 10.0,
                     "ex9_updates": 3.0}
#: the band of the mix-share check: 'over 70 %' (seed line 1453) to 'approximately 70 %' read as at most 75 %
MIX_SHARE_BAND = (70.0, 75.0)


def base_audio(defaults: dict, inp: Inputs) -> an.Audio:
    """The thesis's prediction setting at the chapter's ``defaults`` (no improvements)."""
    return an.Audio(participants=int(defaults["participants"]), packet_bytes=float(defaults["packet_bytes"]),
                    rate_Bps=inp.v("audio_rate_Bps"), seconds=inp.v("conversation_s"),
                    algorithm=defaults["silence_algorithm"], frac_deleted=float(defaults["frac_deleted"]),
                    mix_rule=defaults["mix_rule"])


def mix_shares(costs: an.Costs, base: an.Audio, participants: int) -> dict[str, float]:
    """Exercise 1: the mix's share (%) of the load without deletion under each mix rule.

    Examples
    --------
    >>> c = an.Costs({"Record": (1.0, 0.0), "Send": (0.0, 0.0), "Receive": (0.0, 0.0), "Mix": (1.0, 0.0),
    ...               "Play": (1.0, 0.0)})
    >>> mix_shares(c, an.Audio(packet_bytes=1000.0), 4)     # per packet: record 1, play 1, mixes 2 or 3
    {'N-2': 50.0, 'N-1': 60.0}
    """
    out = {}
    for rule in ("N-2", "N-1"):
        comp = an.audio_components(costs, base.but(participants=participants, silence=False, mix_rule=rule))
        out[rule] = 100 * comp["mix"] / sum(comp.values())
    return out


def mix_rule_text(shares: dict[str, float], band=MIX_SHARE_BAND) -> str:
    """Which rule the share statement and the two-person macro run fit (exercise 1's conclusion).

    Examples
    --------
    >>> mix_rule_text({"N-2": 66.7, "N-1": 70.0})
    'The share statement, read as 70-75 %, is met by N-1; a two-person run without a mix fits only N-2: the two statements favour different rules, so neither settles it.'
    """
    low, high = band
    inside = [rule for rule, x in shares.items() if low <= x <= high]
    two_person = [rule for rule in shares if an.mixes(2, rule) == 0]
    return (f"The share statement, read as {low:g}-{high:g} %, is met by " + (" and ".join(inside) or "neither rule")
            + "; a two-person run without a mix fits only " + " and ".join(two_person) + ": "
            + ("the two statements favour the same rule." if set(inside) == set(two_person) else
               "the two statements favour different rules, so neither settles it." if inside else
               "the share statement fits neither rule."))


def break_even(costs: an.Costs, base: an.Audio, **change) -> float:
    """Exercise 2: the break-even participants of silence deletion with ``change`` applied (NaN if none)."""
    return an.break_even_participants(costs, base.but(**change))


def soldier_limit(inp: Inputs, defaults: dict, fps: float) -> float:
    """Exercise 3: soldiers an Indigo 2 (``vc_speedup`` Personal Irises) supports at ``fps`` (NaN if none)."""
    v = an.VC(fps=fps, updates=float(defaults["vc_updates"]), multicast=bool(defaults["vc_multicast"]),
              count_rule=defaults["vc_count_rule"], read_bytes_per_frame=float(defaults["vc_read_bytes_per_frame"]),
              speedup=float(defaults["vc_speedup"]))
    return an.vc_soldier_limit(inp.vc_costs, v)


def audio_components_combined(costs: an.Costs, a: an.Audio, ratio: float) -> dict[str, float]:
    """Exercise 7's extension: silence deletion *and* compression of the packets that survive it.

    :func:`.analytic.audio_components` with deletion (``a.silence``), changed in a few lines: the surviving
    packets are compressed at the deletion algorithm's per-byte cost on the full packet (the thesis's lower
    bound for compression), sent, received and played at ``P (1 - ratio)`` bytes, and every received packet is
    decompressed at that cost on its compressed bytes (the model's assumption for compression alone).

    Examples
    --------
    >>> from mmstudies.claypool_load.data import load_inputs
    >>> c, a = load_inputs().costs("IPX"), an.Audio()
    >>> plain = an.audio_components(c, a)
    >>> same = audio_components_combined(c, a, 0.0)      # no compression: the same load plus a compress pass
    >>> round(sum(same.values()) - sum(plain.values()) - same["compress"] - same["decompress"], 9)
    0.0
    """
    comp = an.audio_components(costs, a)
    n = a.rate_Bps * a.seconds / a.packet_bytes
    N, P, f = a.participants, a.packet_bytes, a.frac_deleted
    talk = (N - 1) / N * (1 - f) * n
    sent = (1 - f) * n / N if a.multicast else talk
    small = P * (1 - ratio)
    c = costs
    comp["compress"] = c.c(a.algorithm, P) * sent / 1000
    comp["send"] = c.c("Send", small) * sent / 1000
    comp["receive"] = c.c("Receive", small) * talk / 1000
    comp["decompress"] = c.c(a.algorithm, small) * talk / 1000
    comp["play"] = c.c("Play", small) * talk / 1000
    return comp


def rule_difference_pct(costs: an.Costs, base: an.Audio, participants: int) -> float:
    """Exercise 8: how much more N-1 mixing loads than N-2 without deletion, in % of the N-2 load.

    Examples
    --------
    >>> c = an.Costs({"Record": (1.0, 0.0), "Send": (0.0, 0.0), "Receive": (0.0, 0.0), "Mix": (1.0, 0.0),
    ...               "Play": (1.0, 0.0)})
    >>> round(rule_difference_pct(c, an.Audio(packet_bytes=1000.0), 4), 9)    # 2 + 3 mixes against 2 + 2
    25.0
    """
    two = an.audio_load(costs, base.but(participants=participants, silence=False, mix_rule="N-2"))
    one = an.audio_load(costs, base.but(participants=participants, silence=False, mix_rule="N-1"))
    return 100 * (one - two) / two


def rules_within_band_from(costs: an.Costs, base: an.Audio, band_pct: float, n_max: int = 100) -> float:
    """Exercise 8: the fewest participants from which the two mix rules differ by at most ``band_pct`` % at every
    count up to ``n_max`` (NaN if they differ by more at ``n_max``)."""
    within = [n for n in range(2, n_max + 1) if rule_difference_pct(costs, base, n) <= band_pct]
    if not within or within[-1] != n_max:
        return math.nan
    first = n_max
    while first - 1 in within:
        first -= 1
    return float(first)


def answers(defaults: dict, settings: dict = EXERCISE_SETTINGS) -> dict:
    """Every exercise's answer at its own settings (numbers ``exN_...`` and sentences ``exN_text``)."""
    s, p, inp = settings, defaults, load_inputs()
    costs = inp.costs(p["machine"])
    b = base_audio(p, inp)
    L = lambda a: an.audio_load(costs, a)  # noqa: E731
    out: dict = {"ex_machine": p["machine"], "ex_algorithm": p["silence_algorithm"]}
    shares = mix_shares(costs, b, int(inp.v("mix_share_n")))
    out |= {"ex1_participants": inp.v("mix_share_n"), "ex1_share_n2": shares["N-2"], "ex1_share_n1": shares["N-1"],
            "ex1_text": mix_rule_text(shares)}
    be = {"base": break_even(costs, b), "cpu": break_even(costs, b, cpu_speedup=s["ex2_cpu_speedup"]),
          "dsp": break_even(costs, b, dsp_silence=s["ex2_dsp"])}
    for k, v in be.items():
        out |= _number_and_text(f"ex2_break_even_{k}", v)
    out["ex2_cpu_speedup"] = s["ex2_cpu_speedup"]
    at = {f: soldier_limit(inp, p, f) for f in (s["ex3_fps"], float(p["vc_fps"]))}
    out |= {"ex3_fps": s["ex3_fps"], "ex3_base_fps": p["vc_fps"], "ex3_speedup": p["vc_speedup"],
            **_number_and_text("ex3_soldiers", at[s["ex3_fps"]]),
            **_number_and_text("ex3_base_soldiers", at[float(p["vc_fps"])])}
    k = s["ex4_other_counters"]
    out |= {"ex4_bare_per_s": inp.bare_per_s(p["machine"]), "ex4_other_counters": float(k),
            "ex4_count_per_s": an.counter_prediction(inp.bare_per_s(p["machine"]), k),
            "ex4_light_load": s["ex4_light_load"], "ex4_heavy_load": s["ex4_heavy_load"],
            "ex4_light_reported": an.measured_load(s["ex4_light_load"], k),
            "ex4_heavy_reported": an.measured_load(s["ex4_heavy_load"], k)}
    two = b.but(participants=s["ex5_participants"], silence=False)
    out |= {"ex5_participants": float(s["ex5_participants"]), "ex5_packets": b.rate_Bps * b.seconds / b.packet_bytes,
            "ex5_load_s": L(two), "ex5_packet_bytes": b.packet_bytes}
    n6 = b.but(participants=s["ex6_participants"])
    out |= {"ex6_participants": float(s["ex6_participants"]), "ex6_load_sd_s": L(n6),
            "ex6_load_nosd_s": L(n6.but(silence=False))}
    n7 = b.but(participants=s["ex7_participants"])
    out |= {"ex7_ratio": s["ex7_ratio"], "ex7_participants": float(s["ex7_participants"]), "ex7_sd_s": L(n7),
            "ex7_compression_s": L(n7.but(silence=False, compression_ratio=s["ex7_ratio"])),
            "ex7_combined_s": sum(audio_components_combined(costs, n7, s["ex7_ratio"]).values())}
    out |= {"ex8_band_pct": s["ex8_band_pct"], "ex8_diff_two_pct": rule_difference_pct(costs, b, 2),
            "ex8_diff_three_pct": rule_difference_pct(costs, b, 3),
            "ex8_diff_eight_pct": rule_difference_pct(costs, b, int(inp.v("mix_share_n"))),
            **_number_and_text("ex8_within_from", rules_within_band_from(costs, b, s["ex8_band_pct"]))}
    out |= {"ex9_link_mbps": s["ex9_link_mbps"], "ex9_updates": s["ex9_updates"], "ex9_pdu_bytes": inp.v("vc_pdu_bytes"),
            "ex9_soldiers": an.vc_saturation_soldiers(s["ex9_link_mbps"], s["ex9_updates"], inp.v("vc_pdu_bytes"))}
    return out


def _number_and_text(name: str, x: float) -> dict:
    """``name``: the number (left out where the model gives none, NaN) and ``name_text``: it rounded, or "none".

    Examples
    --------
    >>> _number_and_text("ex3_soldiers", 734.4), _number_and_text("ex3_soldiers", math.nan)
    ({'ex3_soldiers': 734.4, 'ex3_soldiers_text': '734'}, {'ex3_soldiers_text': 'none'})
    """
    if math.isfinite(x):
        return {name: x, f"{name}_text": f"{x:.0f}"}
    return {f"{name}_text": "none"}
