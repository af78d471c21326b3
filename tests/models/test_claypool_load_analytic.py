"""Hand-computed cases of the claypool-load closed forms (``claypool_load.analytic``).

Anchor points of the study notes (section 2.6, IPX, Differential, P = 1280 B, f = 0.15, T = 200 s,
r = 8000 B/s, so n = 1250 packets). Table 5.2 IPX costs (ms): Record 0.597 + 0.00169 P, Send
0.210 + 0.0001 P, Receive 0.187 + 0.000103 P, Play 0.726 + 0.00103 P, Mix 0.00245 P,
Differential 0.00300 P.
"""

import math
from dataclasses import replace

import pytest

from mmstudies.claypool_load import analytic as an
from mmstudies.claypool_load.data import load_inputs

P = 1280
REC = 0.597 + 0.00169 * P      # 2.7602 ms
SEND = 0.210 + 0.0001 * P      # 0.338
RECV = 0.187 + 0.000103 * P    # 0.31884
PLAY = 0.726 + 0.00103 * P     # 2.0444
MIX = 0.00245 * P              # 3.136
DEL = 0.00300 * P              # 3.84
n = 8000 * 200 / P             # 1250


@pytest.fixture(scope="module")
def ipx():
    return load_inputs().costs("IPX")


def L(costs, **kw):
    return an.audio_load(costs, an.Audio(**kw))


def test_two_people_without_deletion(ipx):
    """N = 2: n (rec + send + recv + play), no mix (N-2 = 0): 1250 x 5.46124 ms = 6.8266 s."""
    assert L(ipx, participants=2, silence=False) == pytest.approx(n * (REC + SEND + RECV + PLAY) / 1000)
    assert L(ipx, participants=2, silence=False) == pytest.approx(6.8266, abs=1e-3)


def test_two_people_with_deletion(ipx):
    """N = 2: n (rec + del) + k (send + recv + play), k = (1/2)(0.85) n = 531.25: 9.6853 s."""
    k = 0.5 * 0.85 * n
    expected = (n * (REC + DEL) + k * (SEND + RECV + PLAY)) / 1000
    assert L(ipx, participants=2) == pytest.approx(expected)
    assert expected == pytest.approx(9.685, abs=1e-3)


def test_three_people_with_and_without_deletion(ipx):
    """N = 3 without: n (rec + 2 send + 2 recv + 1 mix + play) = 11.568 s; with: k = (2/3)(0.85) n: 10.164 s."""
    no = n * (REC + 2 * SEND + 2 * RECV + MIX + PLAY) / 1000
    k = 2 / 3 * 0.85 * n
    sd = (n * (REC + DEL) + k * (SEND + RECV + PLAY)) / 1000
    assert L(ipx, participants=3, silence=False) == pytest.approx(no)
    assert L(ipx, participants=3) == pytest.approx(sd)
    assert sd < no                      # deletion pays from three people (section 5.6.1)


def test_fig5_11_six_people_eight_times_faster(ipx):
    """N = 6, no deletion, all costs / 8: n (rec + 5 send + 5 recv + 4 mix + play) / 8 = 3.2237 s = 1.61 % of 200 s."""
    expected = n * (REC + 5 * SEND + 5 * RECV + 4 * MIX + PLAY) / 8 / 1000
    got = L(ipx, participants=6, silence=False, cpu_speedup=8.0)
    assert got == pytest.approx(expected)
    assert 100 * got / 200 == pytest.approx(1.612, abs=1e-3)


def test_multicast_sends_once_and_hardware_mixing_plays_every_stream(ipx):
    """N = 4 without deletion: multicast send n instead of 3n; hardware mixing: no mix, play 3n."""
    base = L(ipx, participants=4, silence=False)
    assert base - L(ipx, participants=4, silence=False, multicast=True) == pytest.approx(2 * n * SEND / 1000)
    hw = L(ipx, participants=4, silence=False, hw_mixing=True)
    assert base - hw == pytest.approx(n * (2 * MIX - 2 * PLAY) / 1000)


def test_implied_packet_size_solves_the_none_row(ipx):
    """P = A / (L/(rT) - B): A = 1.72 ms, B = 0.002923 ms/B; L = 6.96 s gives 1205.3 B; it reproduces L."""
    p = an.implied_packet_bytes(ipx, 6.96)
    assert p == pytest.approx(1.72 / (6.96e3 / 1.6e6 - 0.002923), rel=1e-9)
    assert L(ipx, participants=2, silence=False, packet_bytes=p) == pytest.approx(6.96)


def test_counter_predictions_of_figure_4_5():
    """IPX bare 340,539,937 / 200 s = 1,702,699.685 per s; N = 1..4 gives / 2, 3, 4, 5."""
    bare = 340_539_937 / 200
    assert [round(an.counter_prediction(bare, k)) for k in range(1, 5)] == [851350, 567567, 425675, 340540]


def test_measured_load_under_the_three_priorities():
    assert an.measured_load(0.4, 1) == 0.4
    assert an.measured_load(0.6, 1) == 0.5            # one counter: the component gets at most half
    assert an.measured_load(0.3, 3) == 0.25           # three counters: a quarter
    assert an.measured_load(0.9, 1, "higher") == 0.9
    assert an.measured_load(0.9, 1, "lower") == 0.0


def test_soldier_limits():
    """Multicast, 4 frames/s, 2088 B/frame on a Personal Iris (ms): fixed = 3 x 1.57 + 4 (305 + 0.194 +
    2088 x 0.000327) = 4.71 + 4 x 305.876776 = 1228.217104; per other soldier = 3 (1.12 + 0.00813) + 4 x 0.949
    = 3.38439 + 3.796 = 7.18039. The default rule counts the N-1 others (seed lines 1968, 2001): the load is
    fixed + (N - 1) x 7.18039, so an Indigo 2 (6.5 x 1000 ms per s) holds N = (6500 - 1228.217104) / 7.18039 + 1
    = 734.1917 + 1 = 735.19 soldiers; counting N (Table 7.2's print) gives one fewer, 734.19. Personal Iris:
    1000 < 1228.22, none."""
    c = load_inputs().vc_costs
    fixed = 3 * 1.57 + 4 * (305 + 0.194 + 2088 * 0.000327)
    slope = 3 * (1.12 + 0.00813) + 4 * 0.949
    assert fixed == pytest.approx(1228.217104) and slope == pytest.approx(7.18039)
    assert an.VC().count_rule == "N-1"
    assert an.vc_soldier_limit(c, an.VC(speedup=6.5)) == pytest.approx((6500 - fixed) / slope + 1)
    assert an.vc_soldier_limit(c, an.VC(speedup=6.5)) == pytest.approx(735.19, abs=0.01)
    assert an.vc_soldier_limit(c, an.VC(speedup=6.5, count_rule="N")) == pytest.approx(734.19, abs=0.01)
    assert math.isnan(an.vc_soldier_limit(c, an.VC(speedup=1.0)))


def test_network_saturation():
    """Multicast N u 144 x 8: T1 1.5e6 / (30 x 1152) = 43.40; unicast N(N-1) 3 x 1152 = 10e6 -> N = 54.4."""
    assert an.vc_saturation_soldiers(1.5, 30, 144) == pytest.approx(43.40, abs=0.01)
    n_u = an.vc_saturation_soldiers(10, 3, 144, multicast=False)
    assert n_u * (n_u - 1) * 3 * 1152 == pytest.approx(10e6)


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---
# A made-up cost table with round numbers, so every component can be computed by hand: c(P) = a + b P (ms)
# with a = 1..7 and b = a / 100, so at P = 100 bytes each cost is 2a: Record 2, Send 4, Receive 6, Play 8,
# Mix 10, Differential 12, Ham 14 ms. With r = 1000 B/s and T = 10 s, n = rT/P = 100 packets.
TOY = an.Costs({"Record": (1.0, 0.01), "Send": (2.0, 0.02), "Receive": (3.0, 0.03), "Play": (4.0, 0.04),
                "Mix": (5.0, 0.05), "Differential": (6.0, 0.06), "Ham": (7.0, 0.07)})
SMALL = dict(packet_bytes=100.0, rate_Bps=1000.0, seconds=10.0)


def comps(**kw):
    return an.audio_components(TOY, an.Audio(**{**SMALL, **kw}))


def approx_dict(d):
    return pytest.approx(d, abs=1e-12)


def test_counter_share_bounds_and_message():
    """1/(k+1): k = 0 alone gets everything, k = 3 a quarter; k = -1 is refused with the parameter named."""
    assert an.counter_share(0) == 1.0
    assert an.counter_share(3) == 0.25
    assert an.counter_prediction(100.0, 3) == 25.0
    with pytest.raises(ValueError, match=r"^other_counters must be >= 0$"):
        an.counter_share(-1)


def test_component_load_is_the_lost_share_of_the_bare_count():
    """(200 - 150) / 200 = 0.25."""
    assert an.component_load(200.0, 150.0) == 0.25


def test_measured_load_defaults_edges_and_messages():
    """Defaults: one counter, equal priority, so the report is min(u, 1/2). u = 0 and u = 1 are in the
    domain; just outside they are refused, as is an unknown rule, with whole messages."""
    assert an.measured_load(0.7) == 0.5                       # default counters = 1 and rule "equal"
    assert an.measured_load(0.3, 3) == 0.25                   # 1/(3+1) caps 0.3
    assert an.measured_load(0.2, 3) == 0.2                    # under the cap the true load
    assert an.measured_load(0.0) == 0.0 and an.measured_load(1.0) == 0.5
    assert an.measured_load(1.0, 2, "higher") == 1.0 and an.measured_load(0.0, 2, "lower") == 0.0
    with pytest.raises(ValueError, match=r"^u must be in \[0, 1\], got 1\.5$"):
        an.measured_load(1.5)
    with pytest.raises(ValueError, match=r"^u must be in \[0, 1\], got -0\.5$"):
        an.measured_load(-0.5)
    with pytest.raises(ValueError, match=r"^rule must be equal, higher or lower, got 'same'$"):
        an.measured_load(0.5, 1, "same")


def test_costs_line_and_scaling():
    """c = a + b P: Send at 100 B is 2 + 2 = 4 ms; scaled(2) halves every line, scaled(2, ops) only those."""
    assert TOY.c("Send", 100) == 4.0
    assert TOY.scaled(2.0).table == {k: (a / 2, b / 2) for k, (a, b) in TOY.table.items()}
    half_send = TOY.scaled(2.0, ["Send"]).table
    assert half_send["Send"] == (1.0, 0.01)
    assert {k: v for k, v in half_send.items() if k != "Send"} == {k: v for k, v in TOY.table.items() if k != "Send"}


def test_audio_defaults_are_the_section_5_6_predictions():
    """8 people, 1280-byte packets, 8000 B/s, 200 s, Differential deletion of 15 %, N-2 mixes, unicast, no
    speed-ups, no compression, no DSP, no hardware mixing; ``but`` changes only what it is given."""
    a = an.Audio()
    assert (a.participants, a.packet_bytes, a.rate_Bps, a.seconds, a.silence, a.algorithm, a.frac_deleted,
            a.mix_rule, a.multicast) == (8, 1280.0, 8000.0, 200.0, True, "Differential", 0.15, "N-2", False)
    assert (a.cpu_speedup, a.protocol_speedup, a.audio_device_speedup, a.compression_ratio, a.dsp_silence,
            a.dsp_compression, a.dsp_compression_ratio, a.hw_mixing) == (1.0, 1.0, 1.0, 0.0, "none", False, 0.0,
                                                                         False)
    assert a.but(participants=3) == an.Audio(participants=3)


def test_mixes_rules_and_their_floor():
    """N-2 mixes (at least 0), or N-1 for any other rule name."""
    assert [an.mixes(n, "N-2") for n in (0, 1, 2, 3, 8)] == [0, 0, 0, 1, 6]
    assert [an.mixes(n, "N-1") for n in (0, 1, 2, 8)] == [0, 0, 1, 7]


def test_silence_deletion_components_by_hand():
    """N = 4, f = 0.2, n = 100: talk = 3/4 x 0.8 x 100 = 60 packets sent, received and played; deletion runs on
    all 100 (12 ms each). Seconds: record 2 x 100, deletion 12 x 100, send 4 x 60, receive 6 x 60, play 8 x 60
    (/1000); no mix."""
    assert comps(participants=4, frac_deleted=0.2) == approx_dict(
        {"record": 0.2, "deletion": 1.2, "send": 0.24, "receive": 0.36, "mix": 0.0, "play": 0.48})
    # the Ham algorithm's line (14 ms at 100 B) replaces Differential's
    assert comps(participants=4, frac_deleted=0.2, algorithm="Ham")["deletion"] == pytest.approx(1.4)
    # multicast: one send of each of the station's own (1 - f) n / N = 20 talk packets
    assert comps(participants=4, frac_deleted=0.2, multicast=True)["send"] == pytest.approx(0.08)


def test_dsp_silence_and_compression_by_hand():
    """DSP silence detection removes the deletion cost; in the kernel it also shrinks the recorded bytes to
    P (1 - f) / N = 20 (Record 1 + 0.2 = 1.2 ms x 100). DSP compression of 50 % sends, receives and plays
    50-byte packets: Send 3, Receive 4.5, Play 6 ms x 60."""
    base = dict(participants=4, frac_deleted=0.2)
    assert comps(**base, dsp_silence="user") == approx_dict(
        {"record": 0.2, "deletion": 0.0, "send": 0.24, "receive": 0.36, "mix": 0.0, "play": 0.48})
    assert comps(**base, dsp_silence="kernel") == approx_dict(
        {"record": 0.12, "deletion": 0.0, "send": 0.24, "receive": 0.36, "mix": 0.0, "play": 0.48})
    assert comps(**base, dsp_compression=True, dsp_compression_ratio=0.5) == approx_dict(
        {"record": 0.2, "deletion": 1.2, "send": 0.18, "receive": 0.27, "mix": 0.0, "play": 0.36})


def test_no_deletion_components_by_hand():
    """N = 4, n = 100: 3 streams, 300 sends and receives, N-2 = 2 mixes per interval, one play per interval:
    record 2 x 100, send 4 x 300, receive 6 x 300, mix 10 x 2 x 100, play 8 x 100 (ms, /1000)."""
    assert comps(participants=4, silence=False) == approx_dict(
        {"record": 0.2, "compress": 0.0, "send": 1.2, "receive": 1.8, "decompress": 0.0, "mix": 2.0, "play": 0.8})
    assert comps(participants=4, silence=False, mix_rule="N-1")["mix"] == pytest.approx(3.0)
    assert comps(participants=4, silence=False, multicast=True)["send"] == pytest.approx(0.4)
    hw = comps(participants=4, silence=False, hw_mixing=True)       # every incoming packet played: 8 x 300
    assert (hw["mix"], hw["play"]) == (0.0, pytest.approx(2.4))


def test_compression_replaces_deletion_by_hand():
    """compression_ratio 0.5 (even with silence=True): record and compress at P = 100 (2 and 12 ms x 100),
    send, receive, decompress, mix and play at 50 B: Send 3 x 300, Receive 4.5 x 300, Differential 9 x 300,
    Mix 7.5 x 2 x 100, Play 6 x 100."""
    assert comps(participants=4, compression_ratio=0.5) == approx_dict(
        {"record": 0.2, "compress": 1.2, "send": 0.9, "receive": 1.35, "decompress": 2.7, "mix": 1.5, "play": 0.6})


def test_speedups_scale_their_components_only():
    """cpu / 2 halves everything; protocol / 2 only send and receive; audio device / 2 only record and play."""
    base = comps(participants=4, frac_deleted=0.2)
    assert comps(participants=4, frac_deleted=0.2, cpu_speedup=2.0) == approx_dict({k: v / 2 for k, v in base.items()})
    assert comps(participants=4, frac_deleted=0.2, protocol_speedup=2.0) == approx_dict(
        {**base, "send": 0.12, "receive": 0.18})
    assert comps(participants=4, frac_deleted=0.2, audio_device_speedup=2.0) == approx_dict(
        {**base, "record": 0.1, "play": 0.24})


def test_audio_load_is_the_float_sum_of_components():
    """0.2 + 1.2 + 0.24 + 0.36 + 0 + 0.48 = 2.48 s."""
    got = an.audio_load(TOY, an.Audio(participants=4, frac_deleted=0.2, **SMALL))
    assert type(got) is float and got == pytest.approx(2.48)


# Per-packet-only costs (b = 0) make the loads exact binary fractions: with n = 1000 packets (r = 1000 B/s,
# T = 100 s, P = 100 B) a 1 ms cost is exactly 1 s.
def flat(**a):
    return an.Costs({k: (float(v), 0.0) for k, v in a.items()})


N1000 = an.Audio(packet_bytes=100.0, rate_Bps=1000.0, seconds=100.0, frac_deleted=0.0)


def test_break_even_is_strictly_below():
    """Record 1, Send = Receive = Play 1, Mix 1, Differential 1.5 ms, f = 0. N = 2: deletion 1 + 1.5 + 3 x 500/1000
    = 4.0 s, none 1 + 1 + 1 + 1 = 4.0 s: a tie, not below. N = 3: deletion 1 + 1.5 + 3 x 2/3 = 4.5, none
    1 + 2 + 2 + 1 + 1 = 7: below, so 3."""
    c = flat(Record=1, Send=1, Receive=1, Play=1, Mix=1, Differential=1.5)
    assert an.audio_load(c, N1000.but(participants=2)) == 4.0
    assert an.audio_load(c, N1000.but(participants=2, silence=False)) == 4.0
    assert an.break_even_participants(c, N1000) == 3.0
    assert an.break_even_participants(c, N1000, n_max=3) == 3.0        # n_max itself is tried
    assert math.isnan(an.break_even_participants(c, N1000, n_max=2))
    # Differential 0.5: deletion at N = 2 is 1 + 0.5 + 1.5 = 3 < 4, so the search starts at 2
    assert an.break_even_participants(flat(Record=1, Send=1, Receive=1, Play=1, Mix=1, Differential=0.5), N1000) == 2.0


def test_break_even_default_search_stops_at_100():
    """Only Send (1 ms) and Differential (98.5 ms) cost, f = 0: deletion minus none is
    n (98.5 + (N-1)/N - (N-1)) = n (98.5 - (N-1)^2/N); (N-1)^2/N is 98.01 at N = 100 and 99.0099 at 101, so
    deletion first pays at 101: beyond the default n_max = 100 (NaN), found with n_max = 101."""
    c = flat(Record=0, Send=1, Receive=0, Play=0, Mix=0, Differential=98.5)
    assert math.isnan(an.break_even_participants(c, N1000))
    assert an.break_even_participants(c, N1000, n_max=101) == 101.0


def test_implied_packet_bytes_by_hand():
    """TOY: A = 1 + 2 + 3 + 4 = 10 ms, B = 0.1 ms/B. r T = 1e4 B: L = 2 s gives 2000/1e4 - 0.1 = 0.1, P = 100
    (and 100 packets of 2 + 4 + 6 + 8 ms is indeed 2 s). Defaults r T = 1.6e6 B: L = 320 s gives 0.2 - 0.1,
    P = 100. L = 1 s leaves no per-packet budget (denominator 0): NaN, as for L = 0.5 (negative)."""
    assert an.implied_packet_bytes(TOY, 2.0, 1000.0, 10.0) == pytest.approx(100.0)
    assert an.implied_packet_bytes(TOY, 320.0) == pytest.approx(100.0)
    assert math.isnan(an.implied_packet_bytes(TOY, 1.0, 1000.0, 10.0))
    assert math.isnan(an.implied_packet_bytes(TOY, 0.5, 1000.0, 10.0))


def test_macro_prediction_and_its_inverse_by_hand():
    """n = 100 (r = 1000, T = 10, P = 100): "None" records all (2 ms) and sends, receives, plays all (18 ms):
    2000 ms = 2 s; Differential with f = 0.25: 2 x 100 + 12 x 100 + 18 x 75 = 2750 ms. Defaults (r T = 1.6e6,
    n = 16000): "None" 20 x 16000 = 320 s; Differential f = 0.25: (14 + 18 x 0.75) 16000 = 440 s.
    Inverse: f = 1 - (L - fixed)/per = 1 - (2750 - 1400)/1800 = 0.25, and 1 - (440000 - 224000)/288000 = 0.25."""
    assert an.macro_prediction(TOY, "None", 100, 0.25, 1000.0, 10.0) == pytest.approx(2.0)
    assert an.macro_prediction(TOY, "Differential", 100, 0.25, 1000.0, 10.0) == pytest.approx(2.75)
    assert an.macro_prediction(TOY, "None", 100, 0.25) == pytest.approx(320.0)
    assert an.macro_prediction(TOY, "Differential", 100, 0.25) == pytest.approx(440.0)
    assert an.implied_deleted_share(TOY, "Differential", 100, 2.75, 1000.0, 10.0) == pytest.approx(0.25)
    assert an.implied_deleted_share(TOY, "Differential", 100, 440.0) == pytest.approx(0.25)


def test_network_load_by_hand():
    """N = 8, 64 kbit/s, f = 0.25: unicast without deletion 8 x 7 x 64 = 3584, multicast 8 x 64 = 512; with
    deletion 7 x 0.75 x 64 = 336, multicast 0.75 x 64 = 48 (floats even from integer inputs)."""
    assert an.network_load_kbps(8, 64, False, 0.25) == 3584.0
    assert an.network_load_kbps(8, 64, False, 0.25, True) == 512.0
    assert an.network_load_kbps(8, 64, True, 0.25) == 336.0
    assert an.network_load_kbps(8, 64, True, 0.25, multicast=True) == 48.0
    assert type(an.network_load_kbps(8, 64, False, 0)) is float and type(an.network_load_kbps(8, 64, True, 0)) is float


# A made-up Virtual Cockpit cost table (ms): with fps 2, 3 updates/s and 10 bytes read per frame.
VCC = {"Multicast Receive": 1.0, "Unicast Receive": 2.0, "Multicast Send": 3.0, "Unicast Send": 4.0, "Update": 5.0,
       "Render": 6.0, "Display": 7.0, "Read": 0.5, "Compute": 8.0}
VC2 = an.VC(fps=2.0, updates=3.0, read_bytes_per_frame=10.0, count_rule="N")   # N counted; replace() for N-1


def test_vc_defaults():
    """The thesis's prediction setting: 4 frames/s, 3 updates/s, multicast, the N-1 others counted (seed lines
    1968, 2001), 2088 bytes read, a Personal Iris."""
    v = an.VC()
    assert (v.fps, v.updates, v.multicast, v.count_rule, v.read_bytes_per_frame, v.speedup) == (
        4.0, 3.0, True, "N-1", 2088.0, 1.0)


def test_vc_components_by_hand():
    """N = 4 counted: send 3 x 3 = 9; receive 4 x 3 x (1 + 5) = 72; display 2 (6 + 7 + 10 x 0.5) + 2 x 4 x 8 = 100.
    Unicast: send 3 x 4 = 12, receive 4 x 3 x (2 + 5) = 84. N-1 (3 others): receive 54, display 36 + 48 = 84;
    with no soldier the N-1 count stops at 0 (receive 0, display 36)."""
    assert an.vc_components_ms_per_s(VCC, 4, VC2) == {"send": 9.0, "receive": 72.0, "display": 100.0}
    uni = replace(VC2, multicast=False)
    assert an.vc_components_ms_per_s(VCC, 4, uni) == {"send": 12.0, "receive": 84.0, "display": 100.0}
    m1 = replace(VC2, count_rule="N-1")
    assert an.vc_components_ms_per_s(VCC, 4, m1) == {"send": 9.0, "receive": 54.0, "display": 84.0}
    assert an.vc_components_ms_per_s(VCC, 0, m1) == {"send": 9.0, "receive": 0.0, "display": 36.0}


def test_vc_soldier_limit_by_hand():
    """L(N) = 45 + 34 N (send 9 + display 36, per soldier 3 x 6 + 2 x 8). Speed 1: (1000 - 45)/34; counting
    N-1 adds one soldier. Render 483.5 makes L(0) = 9 + 2 (483.5 + 7 + 5) = 1000 exactly: N* = 0, which fits
    (0 soldiers, not NaN); with N-1, 1. A slower processor fits nobody: NaN."""
    assert an.vc_soldier_limit(VCC, VC2) == pytest.approx(955 / 34)
    assert an.vc_soldier_limit(VCC, replace(VC2, speedup=2.0)) == pytest.approx(1955 / 34)
    assert an.vc_soldier_limit(VCC, replace(VC2, count_rule="N-1")) == pytest.approx(955 / 34 + 1)
    full = {**VCC, "Render": 483.5}
    assert an.vc_soldier_limit(full, VC2) == 0.0
    assert an.vc_soldier_limit(full, replace(VC2, count_rule="N-1")) == 1.0
    assert math.isnan(an.vc_soldier_limit(full, replace(VC2, speedup=0.5)))


def test_vc_table7_2_by_hand():
    """N = 4 counted, fps 2, 3 updates, 10 bytes per frame; N-1 counts 3 others."""
    assert an.vc_table7_2(VC2, 4) == {"Receive": 12.0, "Send": 3.0, "Update": 12.0, "Compute": 8.0, "Render": 2.0,
                                      "Display": 2.0, "Read": 20.0}
    m1 = an.vc_table7_2(replace(VC2, count_rule="N-1"), 4)
    assert (m1["Receive"], m1["Update"], m1["Compute"]) == (9.0, 9.0, 6.0)


def test_vc_bandwidth_and_saturation_by_hand():
    """N u (PDU + header) 8 / 1e6: 100 x 3 x (144 + 56) x 8 = 0.48 Mbit/s; unicast 10 x 9 x 3 x 144 x 8 = 0.31104.
    One update of 100,000 + 25,000 bytes is 1 Mbit/s: 2 Mbit/s saturates at 2 soldiers with multicast, and at
    N (N - 1) = 6, N = 3, with unicast (header 0: 125,000-byte PDU)."""
    assert an.vc_bandwidth_mbps(100, 3, 144, 56) == pytest.approx(0.48)
    assert an.vc_bandwidth_mbps(10, 3, 144, multicast=False) == pytest.approx(0.31104)
    assert an.vc_saturation_soldiers(2.0, 1, 100_000, 25_000) == pytest.approx(2.0)
    assert an.vc_saturation_soldiers(6.0, 1, 100_000, 25_000, multicast=False) == pytest.approx(3.0)
    assert an.vc_saturation_soldiers(6.0, 1, 125_000, multicast=False) == pytest.approx(3.0)


def test_vc_soldier_limit_counting_others_needs_room_for_the_fixed_load():
    """Bug found in the mutation review: counting N-1, L(N) = 45 + 34 max(N - 1, 0) >= 45 for every N, so a
    capacity of 28 ms/s (speed-up 0.028, between L0 - slope = 11 and L0 = 45) fits nobody: NaN. The old code
    added the one soldier after the sign check and returned (28 - 45)/34 + 1 = 0.5 soldiers."""
    assert math.isnan(an.vc_soldier_limit(VCC, replace(VC2, count_rule="N-1", speedup=0.028)))
    assert math.isnan(an.vc_soldier_limit(VCC, replace(VC2, speedup=0.028)))


def test_break_even_ignores_the_base_silence_setting():
    """The search compares deletion with no deletion itself: a base without deletion gives the same N = 3."""
    c = flat(Record=1, Send=1, Receive=1, Play=1, Mix=1, Differential=1.5)
    assert an.break_even_participants(c, N1000.but(silence=False)) == 3.0
