"""The Huynh checks table (mmstudies.huynh.checks): its helpers on hand-made replications, and the table's rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mmperf import checktable
from mmperf.checktable import Ours
from mmperf.stats import mean_ci
from mmstudies.huynh import checks
from mmstudies.huynh.checks import Reps, decide, metric_rows, sign, within_tenth


def test_sign_and_decide():
    assert (sign(1.0, 0.5), sign(-1.0, 0.5), sign(0.2, 0.5)) == (1, -1, 0)
    assert decide([1, 1]) is True and decide([1, 0]) is None and decide([1, 0, -1]) is False
    # within a tenth: |r| + hw <= 10 holds, |r| - hw > 10 fails, else undecided
    assert (within_tenth(3.0, 1.0), within_tenth(-12.0, 1.0), within_tenth(9.5, 1.0)) == (1, -1, 0)


def _runs():
    # two configurations, three replications each; b - a = 1, 2, 3 per replication
    return pd.DataFrame({"io_mode": ["locate"] * 3 + ["move"] * 3, "replication": [0, 1, 2] * 2,
                         "delay": [10.0, 20.0, 30.0, 11.0, 22.0, 33.0]})


def test_paired_difference_uses_the_replication_pairs():
    """b - a per replication is (1, 2, 3): mean 2, half-width t(0.95, 2) x 1 / sqrt(3) = 2.484."""
    R = Reps(_runs(), 0.95)
    m, h = R.diff("delay", {"io_mode": "locate"}, {"io_mode": "move"})
    assert (m, h) == pytest.approx(mean_ci([1.0, 2.0, 3.0], 0.95))
    assert h == pytest.approx(2.484, abs=1e-3)
    # unpaired, the two configurations' own intervals are much wider (the seeds' common part)
    assert R.mean("delay", io_mode="move")[1] > 10 * h / 2
    # relative difference: 10 % in every replication, so the interval has zero width
    assert R.rel("delay", {"io_mode": "locate"}, {"io_mode": "move"}) == pytest.approx((10.0, 0.0))
    assert R.n() == 3
    with pytest.raises(KeyError):
        R.vals("delay", io_mode="burst")


def test_metric_rows_give_the_reason_a_number_may_be_undefined():
    rows = metric_rows({"a": 1.0, "q5_locate386_over_move_pct": float("nan")})
    assert rows[0] == ("a", 1.0, "", "not computable at these parameters")
    assert rows[1][0] == "q5_locate386_over_move_pct" and np.isnan(rows[1][1])


def test_the_table_has_the_43_checks_and_13_predictions():
    """The old scorecard's 14 predictions less Q10 (Locate lower on the 486), re-classified construction after
    the independent review (data/huynh/review-huynh.csv)."""
    table = checks.table()
    kinds = [c.kind for c in table.checks]
    assert len(kinds) == 43
    assert {k: kinds.count(k) for k in set(kinds)} == {"prediction": 13, "construction": 16, "target": 8,
                                                       "arithmetic": 5, "not comparable": 1}


def test_every_prediction_is_conditioned_on_the_papers_setting():
    """A what-if that changes the conference, the frames or the code per frame makes a delay ordering not
    applicable, never 'not reproduced'."""
    for c in checks.table().checks:
        if c.kind == "prediction":
            assert {"participants": 3, "frame_kb": 8, "file_transfer": True, "host_vc_kloc": 15,
                    "adapter_vc_kloc": 1}.items() <= c.conditions.items(), c.id


def test_q17_writes_seconds_without_e_notation(monkeypatch):
    """Issue 25: the mixing claim formatted seconds with ``.3g``, so a floating-point remainder of 2e-17 s read
    "2e-17 s"; the book's numbers (mmperf.tables.sig, three significant digits) write 2.00×10⁻¹⁷ and 0 as 0.
    The components are stubbed: send 0 s, centralized receive 2e-17 s, distributed receive 4.2 and 5 ms."""
    def component(run, kind, cat, m, h, mix=checks.DIST):
        if kind == "send":
            return np.array([0.0])
        return np.array([2e-17]) if mix == checks.CENT else np.array([0.0042, 0.005])

    monkeypatch.setattr(checks, "_comp", component)
    ours = checks.q17_mixing_component({"na": None})
    assert ours.value == "send 0 s, centralized 2.00×10⁻¹⁷ s, distributed min 4.2 ms"
    assert ours.holds is False  # 2e-17 is not zero: the claim's "zero under centralized mixing" fails


# -- added from the mutation run (2026-11-27) ------------------------------------------------------------------
# Each check function on sweeps made by hand: every configuration of the main sweep (scheme, mode, host, paper
# rate) with three replications whose values scale as 2^r, so that a ratio is the same in every replication
# (a zero-width interval) and a difference is not; every Ours compared whole.

RATES = [8.0, 15.0, 30.0]
V = {"frame_rate_low": 8.0, "frame_rate_mid": 15.0, "frame_rate_high": 30.0}
D, C, L, M = checks.DIST, checks.CENT, checks.LOCATE, checks.MOVE
SLUG = {"mix": "video_mixing", "osq": "operating_system_queuing", "data": "data_transfers",
        "netsw": "network_software", "vcsw": "video_conferencing_software", "codec": "compress_decompress"}


def _main(rates=tuple(RATES), **cols):
    """The main sweep's raw runs; each column a function of (mixing, mode, host, rate, replication)."""
    rows = []
    for mix in (D, C):
        for m in (L, M):
            for h in checks.HOSTS:
                for f in rates:
                    for r in (2, 0, 1):            # out of order: Reps sorts by replication
                        row = {"mixing": mix, "io_mode": m, "host": h, "frame_rate": f, "replication": r}
                        row.update({k: float(fn(mix, m, h, f, r)) for k, fn in cols.items()})
                        rows.append(row)
    return pd.DataFrame(rows)


def _run(main=None, single=None, na=None, summary=None, **extra):
    return checktable.RunRecord({}, {"x": 2.5}, {}, {"runs": {"main": main, "single": single}, "level": 0.95,
                                                     "rates": RATES, "na": na, "v": V, "main": summary, **extra})


def _fixed(value, n=3, note="", na=None):
    """A zero-width simulated interval (what _interval gives when every replication agrees)."""
    if na:
        return Ours(pytest.approx(value), undefined=na, note=note)
    return Ours(pytest.approx(value), low=pytest.approx(value), high=pytest.approx(value), basis="simulated", n=n,
                note=note)



def test_sign_decide_and_within_tenth_at_their_edges():
    assert (sign(1.0, 1.0), sign(-1.0, 1.0), sign(0.0, 0.0), sign(float("nan"), 1.0)) == (0, 0, 0, 0)
    assert decide([]) is True and decide([0]) is None and decide([1, -1]) is False and decide([-1, 0]) is False
    assert (within_tenth(9.0, 1.0), within_tenth(-9.0, 1.0), within_tenth(11.0, 1.0), within_tenth(-11.5, 1.0)) \
        == (1, 1, 0, -1)


def test_interval_and_claim_by_hand():
    run = _run(na="overloaded")
    assert checks._interval(2.0, 0.5, 4, None, "n") == Ours(2.0, low=1.5, high=2.5, basis="simulated", n=4, note="n")
    assert checks._interval(2.0, 0.5, 4, None) == Ours(2.0, low=1.5, high=2.5, basis="simulated", n=4)
    assert checks._interval(2.0, 0.5, 4, "why") == Ours(2.0, undefined="why")
    for value, half in ((float("inf"), 0.5), (2.0, float("nan"))):
        ours = checks._interval(value, half, 4, None, "n")
        assert (ours.undefined, ours.note, ours.low, ours.basis) == (checks.UNDEFINED, "n", None, "exact")
    assert checks.UNDEFINED == "not computable: no frame of some configuration left the network (an overloaded device)"
    assert checks._claim("a nan b", True, run) == Ours("a undefined b", holds=True, undefined="overloaded")
    assert checks._claim("a nan b", None, run, simulated=False) == Ours("a undefined b")
    assert checks._ms((0.0125, 0.00049)) == "12.5 ± 0.5 ms"
    assert checks.metric(_run(), "x") == Ours(2.5)


def _falling(mix, m, h, f, r, rising=None):
    if rising and (mix, m, h) == (C, L, "486") and f == 30.0:
        return (1 + 0.1 * r) / rising
    return (1 + 0.1 * r) / f


def test_q1_falling_every_configuration_and_rate_pair():
    ok = _main(delay_send=_falling, delay_recv=_falling)
    assert checks.q1_falling(_run(ok)) == Ours("all fall", holds=True)
    assert checks.q1_falling(_run(ok, na="why")) == Ours("all fall", holds=True, undefined="why")
    flat = _main(delay_send=_falling, delay_recv=lambda *a: _falling(*a, rising=15.0))
    assert checks.q1_falling(_run(flat)) == Ours("not falling (or undecided): recv locate-486 cent 15->30", holds=None)
    up = _main(delay_send=lambda *a: _falling(*a, rising=10.0), delay_recv=_falling)
    assert checks.q1_falling(_run(up)) == Ours("not falling (or undecided): send locate-486 cent 15->30", holds=False)


def test_q2_spread_is_the_largest_relative_difference_to_move_486():
    """Centralized send: Locate-386 10 % above Move-486 everywhere, Locate-486 25 % below it at 15 frames/s."""
    def send(mix, m, h, f, r):
        factor = {(L, "386"): 1.1, (L, "486"): 0.75 if f == 15.0 else 1.0}.get((m, h), 1.0)
        return 2 ** r * factor * (1.0 if mix == C else 7.0)

    run = _run(_main(delay_send=send))
    assert checks.q2_spread(run) == _fixed(25.0, note="locate-486 15/s")
    assert checks.q2_spread(_run(_main(delay_send=send), na="why")) == _fixed(25.0, note="locate-486 15/s", na="why")


def test_q3_send_modes_within_a_tenth_below_the_top_rate_and_above_at_it():
    def send(locate_at):
        return lambda mix, m, h, f, r: 2 ** r * (locate_at(f) if (m, h) == (L, "386") else 1.0)

    words = ("8/s: Locate +6.2 ± 0.0 % vs Move; 15/s: Locate +6.2 ± 0.0 % vs Move; "
             "30/s: Locate +25.0 ± 0.0 % vs Move")
    good = _main(delay_send=send(lambda f: 1.25 if f == 30.0 else 1.0625))
    assert checks.q3_send_modes(_run(good)) == Ours(words, holds=True)
    below = _main(delay_send=send(lambda f: 1.25))
    assert checks.q3_send_modes(_run(below)).holds is False
    top_lower = _main(delay_send=send(lambda f: 0.75 if f == 30.0 else 1.0625))
    assert checks.q3_send_modes(_run(top_lower)) == Ours(
        "8/s: Locate +6.2 ± 0.0 % vs Move; 15/s: Locate +6.2 ± 0.0 % vs Move; 30/s: Locate -25.0 ± 0.0 % vs Move",
        holds=False)


def test_q4_send_mixing_beyond_the_band_at_the_top_rate_only():
    def send(dist_at):
        return lambda mix, m, h, f, r: 2 ** r * (dist_at(f) if mix == D else 1.0)

    good = _main(delay_send=send(lambda f: 1.25 if f == 30.0 else 1.0625))
    assert checks.q4_send_mixing(_run(good)) == Ours(
        "8/s: distributed +6.2 ± 0.0 %; 15/s: distributed +6.2 ± 0.0 %; 30/s: distributed +25.0 ± 0.0 %", holds=True)
    inside = _main(delay_send=send(lambda f: 1.09375 if f == 30.0 else 1.0625))     # 9.4 % at the top: not beyond
    assert checks.q4_send_mixing(_run(inside)).holds is False
    low_rate = _main(delay_send=send(lambda f: 1.25))                                # 25 % below the top: not equal
    assert checks.q4_send_mixing(_run(low_rate)).holds is False


def _q5_recv(mix, m, h, f, r):
    """Receive delays where Locate-386 is 25 % above Move-386 and 37.5 % below Move-486 (twice Move-386), but at
    15 frames/s half Move-386's: -50 % and -75 % (the distributed mix far above both)."""
    if mix == D:
        return 2 ** r * 9.0
    if (m, h) == (L, "386"):
        return 2 ** r * (0.5 if f == 15.0 else 1.25)
    return 2 ** r * (2.0 if (m, h) == (M, "486") else 1.0)


def test_q5_the_largest_relative_difference_keeps_its_sign():
    """Locate-386 against Move-386 and Move-486 by :func:`_q5_recv`: the largest difference is -75 %, its sign kept."""
    assert checks.q5_recv_locate386(_run(_main(delay_recv=_q5_recv))) == _fixed(-75.0, note="15/s vs Move-486")


def test_q6_recv_modes_both_schemes_by_hand():
    def recv(gap_at):
        return lambda mix, m, h, f, r: 2 ** r + (gap_at(mix, f) if (m, h) == (L, "386") else 0.0)

    ok = _run(_main(delay_recv=recv(lambda mix, f: 0.25)))
    parts = "; ".join(f"{mix} {f:g}/s +250.0 ± 0.0 ms" for mix in ("cent", "dist") for f in RATES)
    assert checks.q6_recv_modes(ok) == Ours("Locate - Move: " + parts, holds=True)
    bad = _run(_main(delay_recv=recv(lambda mix, f: -0.125 if (mix, f) == (D, 30.0) else 0.25)))
    assert checks.q6_recv_modes(bad) == Ours("Locate - Move: " + parts.replace("dist 30/s +250.0", "dist 30/s -125.0"),
                                             holds=False)


def test_q7_mixing_gap_positive_and_largest_at_the_top_rate():
    def recv(gaps):
        return lambda mix, m, h, f, r: 2 ** r + (gaps[f] if mix == D else 0.0)

    ok = _main(delay_recv=recv({8.0: 0.125, 15.0: 0.25, 30.0: 0.5}))
    assert checks.q7_mixing_gap(_run(ok)) == Ours("gaps 8/s 125.0 ± 0.0 ms, 15/s 250.0 ± 0.0 ms, 30/s 500.0 ± 0.0 ms",
                                                  holds=True)
    tie = _main(delay_recv=recv({8.0: 0.125, 15.0: 0.5, 30.0: 0.5}))
    assert checks.q7_mixing_gap(_run(tie)).holds is None
    over = _main(delay_recv=recv({8.0: 0.75, 15.0: 0.25, 30.0: 0.5}))
    assert checks.q7_mixing_gap(_run(over)).holds is False
    negative = _main(delay_recv=recv({8.0: -0.125, 15.0: 0.25, 30.0: 0.5}))
    assert checks.q7_mixing_gap(_run(negative)).holds is False


def _single(recv_minus_send=0.25, ft_locate=(0.5, 0.75, 1.0), ft_move=0.25):
    rows = []
    for m in (L, M):
        for h in checks.HOSTS:
            for r in (1, 0, 2):
                rows.append({"io_mode": m, "host": h, "streams": "out", "replication": r, "delay_send": 2.0 ** r,
                             "delay_recv": 99.0, "delay_ft": 99.0})
                rows.append({"io_mode": m, "host": h, "streams": "in", "replication": r,
                             "delay_recv": 2.0 ** r + recv_minus_send * (2 if (m, h) == (M, "486") else 1),
                             "delay_send": 99.0, "delay_ft": 99.0})
                rows.append({"io_mode": m, "host": h, "streams": "ft", "replication": r, "delay_send": 99.0,
                             "delay_recv": 99.0, "delay_ft": ft_locate[r] if m == L else ft_move * 2 ** r})
    return pd.DataFrame(rows)


def test_q8_single_stream_receive_above_send():
    assert checks.q8_single_stream(_run(single=_single())) == Ours(
        "receive - send: Locate-386 +250.0 ± 0.0 ms, Locate-486 +250.0 ± 0.0 ms, Move-386 +250.0 ± 0.0 ms, "
        "Move-486 +500.0 ± 0.0 ms", holds=True)
    assert checks.q8_single_stream(_run(single=_single(-0.25))).holds is False
    assert checks.q8_single_stream(_run(single=_single(0.0))).holds is None


def test_q9_file_transfer_locate_above_move():
    """Locate 0.5, 0.75, 1.0 s (mean 750 ms); Move 0.25 x 2^r = 0.25, 0.5, 1.0 s; Locate - Move 0.25, 0.25, 0."""
    lo, mo = mean_ci([0.5, 0.75, 1.0], 0.95), mean_ci([0.25, 0.5, 1.0], 0.95)
    part = f"Locate {1e3 * lo[0]:.1f} ± {1e3 * lo[1]:.1f} ms, Move {1e3 * mo[0]:.1f} ± {1e3 * mo[1]:.1f} ms"
    ours = checks.q9_file_transfer(_run(single=_single()))
    # mean difference 1/6 s with half-width t(0.975, 2) x 0.1443 / sqrt(3) = 0.358: undecided
    assert ours == Ours(f"386: {part}; 486: {part}", holds=None)
    assert part == "Locate 750.0 ± 621.0 ms, Move 583.3 ± 948.6 ms"
    clear = _single(ft_locate=(0.5, 0.75, 1.25), ft_move=0.125)
    assert checks.q9_file_transfer(_run(single=clear)).holds is True
    assert checks.q9_file_transfer(_run(single=_single(ft_locate=(0.25, 0.5, 1.0), ft_move=0.25))).holds is None
    assert checks.q9_file_transfer(_run(single=_single(ft_locate=(0.15, 0.4, 0.9), ft_move=0.25))).holds is False


def test_q10_and_q11_hosts_at_the_top_rate():
    def delay(send_486, recv_486, mode=L):
        def fn(kind):
            return lambda mix, m, h, f, r: (1 + 0.1 * r) * (({"send": send_486, "recv": recv_486}[kind])
                                                     if (h, m, f, mix) == ("486", mode, 30.0, D) else 1.0)
        return _main(delay_send=fn("send"), delay_recv=fn("recv"))

    # 386 - 486 = (1 + r / 10) (1 - 0.75) and (1 + r / 10) (1 - 0.5): 0.25, 0.275, 0.3 s (mean 275 ms, half-width
    # t(0.975, 2) x 0.025 / sqrt(3) = 62.1 ms) and twice that
    assert checks.q10_locate_hosts(_run(delay(0.75, 0.5))) == Ours(
        "386 - 486: 275.0 ± 62.1 ms, 550.0 ± 124.2 ms", holds=True)
    assert checks.q10_locate_hosts(_run(delay(1.25, 0.5))).holds is False
    # Move: 486 over 386 is -25 % (send) and +12.5 % (receive): the larger in size, as a size
    assert checks.q11_move_hosts(_run(delay(0.75, 1.125, mode=M))) == _fixed(25.0)
    assert checks.q11_move_hosts(_run(delay(1.0625, 1.125, mode=M))) == _fixed(12.5)
    assert checks.q11_move_hosts(_run(delay(0.75, 1.125, mode=M), na="why")) == _fixed(25.0, na="why")


def _components(over=None):
    """Every component column at the top rate; ``over`` maps (kind, slug key) to a function of
    (mixing, mode, host, replication)."""
    cols = {}
    for kind in ("send", "recv"):
        for key, slug in SLUG.items():
            cols[f"comp_{kind}_{slug}"] = _at_top((over or {}).get((kind, key), lambda mix, m, h, r: 0.001))
    return _main(**cols)


def _at_top(fn):
    """``fn`` at the top rate; -1 (never read) at the others."""
    return lambda mix, m, h, f, r: fn(mix, m, h, r) if f == 30.0 else -1.0


def test_q12_and_q13_by_hand():
    zero = _components({(k, "osq"): (lambda mix, m, h, r: 0.0 if m == M else 0.5) for k in ("send", "recv")})
    assert checks.q12_move_no_os_queue(_run(zero)) == Ours("largest 0.000 ms", holds=True)
    some = _components({("recv", "osq"): lambda mix, m, h, r: 0.0005 if (m, h, r) == (M, "486", 2) else 0.0,
                        ("send", "osq"): lambda mix, m, h, r: 0.0})
    assert checks.q12_move_no_os_queue(_run(some, na="why")) == Ours("largest 0.500 ms", holds=False, undefined="why")
    # compression 10.0 ms, and 10.08 ms for Move-486 (0.8 % more): equal within 1 %; 10.2 ms is not
    close = _components({("send", "codec"): lambda mix, m, h, r: 0.01008 if (m, h) == (M, "486") else 0.01})
    assert checks.q13_compress_equal(_run(close)) == Ours("compress ms: 10.0, 10.0, 10.0, 10.1", holds=True)
    far = _components({("send", "codec"): lambda mix, m, h, r: 0.0102 if (m, h) == (L, "386") else 0.01})
    assert checks.q13_compress_equal(_run(far)) == Ours("compress ms: 10.2, 10.0, 10.0, 10.0", holds=False)


def test_q14_transfer_parts_by_hand():
    """Locate: data 2 ms, queueing 3 ms; Move: data 4 ms (plus 0.5 ms x r, so the differences vary)."""
    over = {(k, "data"): (lambda mix, m, h, r: 0.004 + 0.0005 * r if m == M else 0.002) for k in ("send", "recv")}
    over.update({(k, "osq"): (lambda mix, m, h, r: 0.003 if m == L else 0.0) for k in ("send", "recv")})
    run = _run(_components(over))
    words = "ms " + "; ".join(f"{k}-{h}: L 2.0+3.0, M 4.5" for h in checks.HOSTS for k in ("send", "recv"))
    assert checks.q14a_transfer(run) == Ours(words, holds=True)
    # Locate's 5 ms against Move's 4, 4.5, 5 ms: the interval of 1, 0.5, 0 ms contains 0
    assert checks.q14b_transfer_and_queue(run) == Ours(words, holds=None)
    over[("send", "osq")] = lambda mix, m, h, r: 0.0035 if m == L else 0.0
    low = _run(_components(over))
    assert checks.q14b_transfer_and_queue(low).holds is None
    over.update({(k, "osq"): (lambda mix, m, h, r: 0.01 if m == L else 0.0) for k in ("send", "recv")})
    assert checks.q14b_transfer_and_queue(_run(_components(over))).holds is True
    over.update({(k, "data"): (lambda mix, m, h, r: 0.001 if m == M else 0.002 + 0.0001 * r) for k in ("send", "recv")})
    assert checks.q14a_transfer(_run(_components(over))).holds is False


def test_q15_and_q16_by_hand():
    """Software: network + VC software, send + receive: Locate 4 x 2 ms, Move 4 x 1 ms (+ r ms on one)."""
    over = {(k, c): (lambda mix, m, h, r: 0.002 if m == L else 0.001) for k in ("send", "recv") for c in ("netsw", "vcsw")}
    over[("recv", "vcsw")] = lambda mix, m, h, r: 0.002 + 0.001 * r if m == L else 0.001
    over[("send", "osq")] = lambda mix, m, h, r: {"386": 0.00125, "486": 0.0025}[h]
    over[("recv", "osq")] = lambda mix, m, h, r: {"386": 0.005, "486": 0.0075}[h]
    run = _run(_components(over))
    assert checks.q15_software(run) == Ours(
        "locate-386 9.0 ms, locate-486 9.0 ms, move-386 4.0 ms, move-486 4.0 ms", holds=True)
    assert checks.q16_os_queues(run) == Ours("send 1.25 / recv 5.00 ms, send 2.50 / recv 7.50 ms")
    over.update({(k, c): (lambda mix, m, h, r: 0.0 if (m, h) == (L, "486") else 0.001)
                 for k in ("send", "recv") for c in ("netsw", "vcsw")})
    assert checks.q15_software(_run(_components(over))).holds is False


def test_q17_mixing_component_by_hand():
    def mix_(send=0.0, cent=0.0, dist_min=0.0042):
        return _components({("send", "mix"): lambda mix, m, h, r: send if (m, h, r) == (M, "486", 1) else 0.0,
                              ("recv", "mix"): lambda mix, m, h, r: (cent if (m, h) == (L, "486") else 0.0)
                              if mix == C else (dist_min if (m, h, r) == (M, "386", 0) else 0.005)})

    assert checks.q17_mixing_component(_run(mix_())) == Ours(
        "send 0 s, centralized 0 s, distributed min 4.2 ms", holds=True)
    assert checks.q17_mixing_component(_run(mix_(send=0.25))).holds is False
    assert checks.q17_mixing_component(_run(mix_(cent=0.25))) == Ours(
        "send 0 s, centralized 0.250 s, distributed min 4.2 ms", holds=False)
    assert checks.q17_mixing_component(_run(mix_(dist_min=0.0))).holds is False


def test_codec_share_is_the_smallest_share_with_where():
    def comp(kind):
        return lambda mix, m, h, f, r: 2 ** r * (0.25 if (mix, m, h, kind) == (C, M, "486", "recv") else 0.5)

    main = _main(delay_send=lambda *a: 2 ** a[-1], delay_recv=lambda *a: 2 ** a[-1],
                 comp_send_compress_decompress=comp("send"), comp_recv_compress_decompress=comp("recv"))
    assert checks.codec_share(_run(main)) == _fixed(25.0, note="smallest share: receive, Move 486, centralized")
    main2 = main.assign(comp_send_compress_decompress=main["comp_send_compress_decompress"]
                        * np.where((main["mixing"] == D) & (main["io_mode"] == L) & (main["host"] == "386"), 0.25, 1))
    assert checks.codec_share(_run(main2, na="why")) == _fixed(12.5, note="smallest share: send, Locate 386, distributed",
                                                                 na="why")


def _summary(host_util, memory):
    rows = []
    for m in (M, L):
        for mix in (C, D):
            for h in checks.HOSTS:
                for f in (30.0, 8.0, 15.0):
                    rows.append({"io_mode": m, "mixing": mix, "host": h, "frame_rate": f,
                                 "util_host_mean": host_util(m, mix, h, f), "util_memory_mean": memory(m, mix, h, f)})
    return pd.DataFrame(rows)


def test_q18_q19_q20_read_the_summary():
    good = _summary(lambda m, mix, h, f: 0.05 + 0.01 * f - (0.001 if mix == C else 0.0),
                    lambda m, mix, h, f: f / 100 if m == L else 0.5)
    run = _run(summary=good, na="why")
    assert checks.q18_host_mixing(run) == Ours("lower at every rate and host", holds=True)
    assert checks.q19_affine(run) == Ours("U = 5.0 % + 1.00 % x f", holds=True)
    assert checks.q20_memory_rises(run) == Ours("rises for every host and scheme", holds=True)
    bad = _summary(lambda m, mix, h, f: 0.005 + 0.01 * f if (mix == D or (h, f) == ("486", 15.0)) else 0.001,
                   lambda m, mix, h, f: 0.3 if (m, h, mix, f) == (L, "486", C, 15.0) else f / 100)
    run = _run(summary=bad)
    assert checks.q18_host_mixing(run) == Ours("not lower everywhere", holds=False)
    assert checks.q19_affine(run) == Ours("U = 0.5 % + 1.00 % x f", holds=False)
    assert checks.q20_memory_rises(run) == Ours("does not rise everywhere", holds=False)
    flat = _summary(lambda m, mix, h, f: 0.05, lambda m, mix, h, f: 0.3 if (m, f) == (L, 30.0) else f / 100)
    assert checks.q20_memory_rises(_run(summary=flat)).holds is True
    tie = _summary(lambda m, mix, h, f: 0.05, lambda m, mix, h, f: 0.15 if (m, h, mix, f) == (L, "386", D, 30.0)
                   else f / 100)
    assert checks.q20_memory_rises(_run(summary=tie)).holds is False


def test_simulated_metric_and_stage_delay_by_hand():
    """Memory at Locate 386, 30 frames/s, distributed: 0.30, 0.32, 0.34 over the replications."""
    def mem(mix, m, h, f, r):
        return 0.30 + 0.02 * r if (mix, m, h, f) == (D, L, "386", 30.0) else 0.9

    def service(mix, m, h, f, r):
        return 0.001 * f * (1 + r) if (mix, m, h) == (D, L, "386") else 9.0

    run = _run(_main(util_memory=mem, decompress_service_mean=service))
    m, hw = mean_ci([0.30, 0.32, 0.34], 0.95)
    assert checks.simulated_metric(run, "util_memory", L, "386", "frame_rate_high") == Ours(
        pytest.approx(100 * m), low=pytest.approx(100 * (m - hw)), high=pytest.approx(100 * (m + hw)),
        basis="simulated", n=3)
    assert m == pytest.approx(0.32)
    # 8 frames/s: 8, 16, 24 ms, mean 16 ms
    assert checks.stage_delay(run, "frame_rate_low").value == pytest.approx(16.0)
    assert checks.stage_delay(run, "frame_rate_high").value == pytest.approx(60.0)


def _metrics_run(na=None):
    """Every column metrics() reads, at the rates 7.5 (a rate whose key has a point), 8, 15 and 30 frames/s."""
    from mmstudies.huynh.config import Config, paper_values

    rates = (7.5, 8.0, 15.0, 30.0)

    def send(mix, m, h, f, r):          # centralized: Locate-386 10 % above Move-486, Locate-486 20 % below at 8
        if mix == C:
            return 2 ** r * {(L, "386"): 1.1, (L, "486"): 0.8 if f == 8.0 else 1.0}.get((m, h), 1.0)
        return 2 ** r * (1.0625 if (m, h) == (L, "386") and f != 30.0 else 1.25 if (m, h) == (L, "386") else 1.0)

    def recv(mix, m, h, f, r):          # centralized Locate-386 half of Move-386's at 15
        return 2 ** r * (0.5 if (mix, m, h, f) == (C, L, "386", 15.0) else 1.0)

    main = _main(rates, delay_send=send, delay_recv=recv,
                 util_memory=lambda mix, m, h, f, r: 0.3 + (0.01 if h == "486" else 0.0) + 0.001 * f,
                 util_disk=lambda mix, m, h, f, r: 0.2 if (mix, m, h, f) == (D, L, "386", 30.0) else 0.9,
                 util_ring=lambda mix, m, h, f, r: 0.125 if (mix, m, h, f) == (D, L, "386", 30.0) else 0.9,
                 decompress_service_mean=lambda mix, m, h, f, r: 0.001 * f if (mix, m, h) == (D, L, "386") else 9.0,
                 comp_send_compress_decompress=lambda *a: 0.5 * send(*a),
                 comp_recv_compress_decompress=lambda *a: (0.25 if a[:3] == (C, M, "486") else 0.5) * recv(*a))
    summary = _summary(lambda m, mix, h, f: 0.05 + 0.01 * f, lambda m, mix, h, f: 0.4 + 0.001 * f if m == M else 0.3)
    # a base unlike every configuration metrics() asks for (mode, host, rate, scheme, host code): each call must
    # set what it needs
    base = Config().with_(io_mode=M, host="486", frame_rate=8.0, mixing=C, host_vc_kloc=20.0)
    extra = {"runs": {"main": main, "single": _single()}, "main": summary, "v": paper_values(), "base": base,
             "level": 0.95, "rates": list(rates), "na": na}
    return checktable.RunRecord({}, {}, {}, extra)


def test_metrics_every_number_by_hand_or_its_analytic_call():
    from mmstudies.huynh import analytic as A
    from mmstudies.huynh.config import Config

    run = _metrics_run()
    got = checks.metrics(run)
    b = run["base"]
    assert b != Config() and b.host_vc_kloc == 20.0

    def at(**k):
        return b.with_(**k)

    mc = [A.channel_utilisation(at(io_mode=m, host=h, frame_rate=f, mixing=x))
          for m in (L, M) for h in ("386", "486") for f in (7.5, 8.0, 15.0, 30.0) for x in (D, C)]
    want = {
        "mc_max_pct": 100 * max(mc),
        **{f"mc_move_over_locate_{h}": A.channel_utilisation(at(io_mode=M, host=h, frame_rate=30.0, mixing=D))
           / A.channel_utilisation(at(io_mode=L, host=h, frame_rate=30.0, mixing=D)) for h in ("386", "486")},
        **{f"mc_386_over_486_{m}": A.channel_utilisation(at(io_mode=m, host="386", frame_rate=30.0, mixing=D))
           / A.channel_utilisation(at(io_mode=m, host="486", frame_rate=30.0, mixing=D)) for m in (L, M)},
        **{f"cpu_saturation_kloc_{h}": A.saturation_kloc(h, b, 30.0, level=1.0) for h in ("386", "486")},
        "cpu_386_15kloc_pct": 100 * A.host_utilisation(at(io_mode=L, host="386", frame_rate=30.0, mixing=D,
                                                           host_vc_kloc=15.0)),
        "move_cpu_max_pct": 100 * max(A.host_utilisation(at(io_mode=M, host=h, frame_rate=f, mixing=x))
                                      for h in ("386", "486") for f in (7.5, 8.0, 15.0, 30.0) for x in (D, C)),
        "ft_share_30_pct": 100 * A.ft_share(at(io_mode=L, host="386", frame_rate=30.0, mixing=D)),
        "ft_share_8_pct": 100 * A.ft_share(at(io_mode=L, host="386", frame_rate=8.0, mixing=D)),
        "adapter_knee_kloc": A.adapter_saturation_kloc(at(io_mode=M, host="386", frame_rate=30.0, mixing=D)),
        "ring_8_pct": 100 * A.ring_utilisation(at(io_mode=L, host="386", frame_rate=8.0, mixing=D)),
        # 8 kB x 1024 B x 8 bit x 30 frames/s
        "bit_rate_mbit_s": 8.0 * 8 * 1024 * 30 / 1e6,
        # the summary's Move memory 0.4 + 0.001 f, largest at 30: 43 %
        "move_mem_max_pct": 43.0,
        # Locate at 30 frames/s, distributed: memory 0.3 (+ 0.01 on the 486) + 0.03; disk 0.2; ring 0.125
        "mem_386_pct": 33.0, "mem_486_pct": 34.0, "disk_pct": 20.0, "ring_30_pct": 12.5,
        "stage_delay_8_ms": 8.0, "stage_delay_30_ms": 30.0,
        # the smallest codec share: half of every delay but Move-486's centralized receive, a quarter
        "codec_share_min_pct": 25.0, "codec_share_min_ci_pct": 0.0,
        "q2_spread_pct": 20.0,
        "q3_7_5_pct": 6.25, "q3_7_5_ci_pct": 0.0, "q3_8_pct": 6.25, "q3_8_ci_pct": 0.0, "q3_15_pct": 6.25,
        "q3_15_ci_pct": 0.0, "q3_30_pct": 25.0, "q3_30_ci_pct": 0.0,
        "q5_locate386_over_move_pct": -50.0,
        # file transfer: Move 0.25 x 2^r (mean 7/12 s) over Locate 0.5, 0.75, 1.0 (mean 0.75 s)
        "ft_delay_ratio_386": (7 / 12) / 0.75, "ft_delay_ratio_486": (7 / 12) / 0.75,
        # host CPU 0.05 + 0.01 f: the intercept 5 %
        "cpu_intercept_pct": 5.0,
    }
    assert list(got) == list(want)
    for k, x in want.items():
        assert got[k] == pytest.approx(x, rel=1e-9, abs=1e-9), k
    none = checks.metrics(_metrics_run(na="overloaded"))
    assert np.isnan(none["codec_share_min_pct"]) and np.isnan(none["codec_share_min_ci_pct"])
    assert none["q2_spread_pct"] == pytest.approx(20.0) and none["q5_locate386_over_move_pct"] == pytest.approx(-50.0)


def test_mc_ratio_is_the_utilisation_laws_ratio_at_the_top_rate():
    from mmstudies.huynh import analytic as A

    run = _metrics_run()
    b = run["base"]
    num = A.channel_utilisation(b.with_(frame_rate=30.0, mixing=D, io_mode=M, host="486"))
    den = A.channel_utilisation(b.with_(frame_rate=30.0, mixing=D, io_mode=L, host="386"))
    assert checks.mc_ratio(run, {"io_mode": M, "host": "486"}, {"io_mode": L, "host": "386"}) == Ours(num / den)
    assert num != den


def test_the_record_with_its_metrics_and_the_notebooks_record():
    run = _metrics_run()
    got = checks.metrics(run)
    same = checks._with_metrics(_metrics_run())
    assert same.extra["got"].keys() == got.keys()
    assert same.metrics == {k: pytest.approx(x) for k, x in got.items()}
    nan = checks._with_metrics(_metrics_run(na="overloaded"))
    assert "codec_share_min_pct" not in nan.metrics and np.isnan(nan.extra["got"]["codec_share_min_pct"])
    assert set(nan.metrics) == set(got) - {"codec_share_min_pct", "codec_share_min_ci_pct"}


def test_chapter_record_and_extra_keep_the_papers_rates():
    from mmstudies.huynh.config import Config, paper_values

    class Chapter:
        parameters = {"seed": 3}

    run = _metrics_run()
    runs, summary = run["runs"], run["main"]
    with_half = pd.concat([summary, summary.assign(frame_rate=7.5)], ignore_index=True)
    rec = checks.chapter_record(Chapter(), runs, with_half, paper_values(), 0.9, Config(), [7.5, 8.0, 15.0, 30.0])
    assert rec.parameters == {"seed": 3} and rec.undefined == {}
    x = rec.extra
    assert set(x) == {"runs", "main", "v", "level", "base", "rates", "na", "got"}
    assert x["runs"]["main"] is runs["main"] and x["runs"]["single"] is runs["single"]
    assert x["runs"]["main_summary"] is with_half and set(x["runs"]) == {"main", "single", "main_summary"}
    assert sorted(set(x["main"]["frame_rate"])) == [8.0, 15.0, 30.0] and len(x["main"]) == len(summary)
    assert (x["v"], x["level"], x["base"], x["rates"], x["na"]) == (paper_values(), 0.9, Config(), [8.0, 15.0, 30.0],
                                                                     None)
    assert rec.metrics["q2_spread_pct"] == pytest.approx(20.0) and "q3_7_5_pct" not in rec.metrics
    # without a summary, the main sweep's is computed at the level given: the means of each configuration
    raw = runs["main"].assign(util_host=0.5)
    e = checks._extra({"main": raw}, paper_values(), 0.9, Config(), [8.0, 30.0])
    assert sorted(set(e["main"]["frame_rate"])) == [8.0, 15.0, 30.0] and len(e["main"]) == 2 * 2 * 2 * 3
    assert e["rates"] == [8.0, 15.0, 30.0] and e["level"] == 0.9 and e["na"] is None
    row = e["main"][(e["main"]["io_mode"] == L) & (e["main"]["host"] == "386") & (e["main"]["mixing"] == D)
                    & (e["main"]["frame_rate"] == 30.0)].iloc[0]
    assert row["util_disk_mean"] == pytest.approx(0.2) and row["delay_send_mean"] == pytest.approx(1.25 * 7 / 3)
    # an overloaded grid: the reason the delay checks do not apply (the 486 at 30 frames/s with 200 kloc)
    heavy = Config().with_(host_vc_kloc=200.0)
    assert checks._extra({"main": raw}, paper_values(), 0.9, heavy, [8.0, 30.0])["na"]



# second round, from the survivors of the first run: intervals of non-zero width (so that the ms factor shows in
# the words), values that differ by scheme, and a top-rate gap between 10 and 11 %

def test_q4_the_top_rate_must_clear_the_band_of_ten_percent():
    """10.55 % at the top rate is beyond 10 (it would not be beyond 11)."""
    send = lambda mix, m, h, f, r: 2 ** r * ((1.10546875 if f == 30.0 else 1.0625) if mix == D else 1.0)  # noqa: E731
    assert checks.q4_send_mixing(_run(_main(delay_send=send))).holds is True


def test_q6_compares_each_scheme_with_itself_and_writes_the_half_width():
    """Move's receive delay 2^r under centralized mixing, 3 x 2^r distributed; Locate's 0.25 + 0.05 r above it."""
    def recv(mix, m, h, f, r):
        base = 2 ** r * (1.0 if mix == C else 3.0)
        return base + (0.25 + 0.05 * r if (m, h) == (L, "386") else 0.0)

    mean, hw = mean_ci([0.25, 0.3, 0.35], 0.95)
    assert f"{1e3 * hw:.1f}" == "124.2"
    parts = "; ".join(f"{mix} {f:g}/s +300.0 ± 124.2 ms" for mix in ("cent", "dist") for f in RATES)
    assert checks.q6_recv_modes(_run(_main(delay_recv=recv))) == Ours("Locate - Move: " + parts, holds=True)


def test_q8_writes_the_half_width_in_ms():
    single = _single()
    bump = (single["streams"] == "in") & (single["io_mode"] == L) & (single["host"] == "386")
    single.loc[bump, "delay_recv"] += 0.05 * single.loc[bump, "replication"]
    # Locate-386: 0.25, 0.3, 0.35 s: 300.0 ± 124.2 ms
    assert checks.q8_single_stream(_run(single=single)).value.startswith(
        "receive - send: Locate-386 +300.0 ± 124.2 ms, Locate-486 +250.0 ± 0.0 ms")


def test_component_words_in_ms_to_the_digit():
    close = _components({("send", "codec"): lambda mix, m, h, r: 0.1008 if (m, h) == (M, "486") else 0.1})
    assert checks.q13_compress_equal(_run(close)) == Ours("compress ms: 100.0, 100.0, 100.0, 100.8", holds=True)
    over = {(k, c): (lambda mix, m, h, r: 0.2 if m == L else 0.1) for k in ("send", "recv") for c in ("netsw", "vcsw")}
    over[("send", "osq")] = lambda mix, m, h, r: {"386": 0.125, "486": 0.25}[h]
    over[("recv", "osq")] = lambda mix, m, h, r: {"386": 0.5, "486": 0.75}[h]
    run = _run(_components(over))
    assert checks.q15_software(run) == Ours(
        "locate-386 800.0 ms, locate-486 800.0 ms, move-386 400.0 ms, move-486 400.0 ms", holds=True)
    assert checks.q16_os_queues(run) == Ours("send 125.00 / recv 500.00 ms, send 250.00 / recv 750.00 ms")


def test_q18_reads_locates_own_rows():
    """Locate lower with centralized mixing everywhere; Move the other way round (never read)."""
    summary = _summary(lambda m, mix, h, f: 0.05 + 0.01 * f + ((-0.001 if mix == C else 0.0) if m == L
                                                             else (0.002 if mix == C else 0.0)),
                       lambda m, mix, h, f: f / 100)
    assert checks.q18_host_mixing(_run(summary=summary)) == Ours("lower at every rate and host", holds=True)


def test_q1_compares_each_scheme_with_itself_and_lists_every_failure():
    """Centralized delays five times the distributed ones: falling within each scheme, not across them."""
    def delay(mix, m, h, f, r):
        return (1 + 0.1 * r) / f * (1.0 if mix == D else 5.0)

    assert checks.q1_falling(_run(_main(delay_send=delay, delay_recv=delay))) == Ours("all fall", holds=True)

    def two_flat(mix, m, h, f, r):
        if (mix, m, h) == (D, M, "386") and f == 30.0:
            return (1 + 0.1 * r) / 15.0
        return delay(mix, m, h, f, r)

    assert checks.q1_falling(_run(_main(delay_send=two_flat, delay_recv=two_flat))) == Ours(
        "not falling (or undecided): send move-386 dist 15->30; recv move-386 dist 15->30", holds=None)


def test_q7_the_top_rates_gap_is_compared_as_a_difference():
    """Centralized 2^r + 0.5, + 0.25, + 0 at 8, 15, 30 frames/s; distributed that plus 0.125, 0.25, 0.5."""
    cent = {8.0: 0.5, 15.0: 0.25, 30.0: 0.0}
    gaps = {8.0: 0.125, 15.0: 0.25, 30.0: 0.5}
    main = _main(delay_recv=lambda mix, m, h, f, r: 2 ** r + cent[f] + (gaps[f] if mix == D else 0.0))
    assert checks.q7_mixing_gap(_run(main)) == Ours(
        "gaps 8/s 125.0 ± 0.0 ms, 15/s 250.0 ± 0.0 ms, 30/s 500.0 ± 0.0 ms", holds=True)


def test_transfer_parts_and_mixing_in_ms_to_the_digit():
    over = {(k, "data"): (lambda mix, m, h, r: 0.45 if m == M else 0.2) for k in ("send", "recv")}
    over.update({(k, "osq"): (lambda mix, m, h, r: 0.3 if m == L else 0.0) for k in ("send", "recv")})
    words = "ms " + "; ".join(f"{k}-{h}: L 200.0+300.0, M 450.0" for h in checks.HOSTS for k in ("send", "recv"))
    assert checks.q14a_transfer(_run(_components(over))) == Ours(words, holds=True)
    mixing = {("send", "mix"): lambda mix, m, h, r: 0.25 if (m, h) == (L, "386") else 0.0,
              ("recv", "mix"): lambda mix, m, h, r: 0.0 if mix == C else 0.5}
    assert checks.q17_mixing_component(_run(_components(mixing))) == Ours(
        "send 0.250 s, centralized 0 s, distributed min 500.0 ms", holds=False)


def test_metrics_leave_the_codec_shares_interval_undefined_without_its_ends(monkeypatch):
    """A codec share without an interval (not computable: no ends) gives NaN for its half-width too."""
    monkeypatch.setattr(checks, "codec_share", lambda run: Ours(12.0, undefined="no frame"))
    got = checks.metrics(_metrics_run())
    assert got["codec_share_min_pct"] == 12.0 and np.isnan(got["codec_share_min_ci_pct"])


def test_reps_level_dtype_and_refusal_in_full():
    """Level 0.9: t(0.95, 2) x 1 / sqrt(3) = 2.920 / 1.732 = 1.686 for the pairs' differences 1, 2, 3; integer
    delays come back as floats; a configuration with no row is refused, naming it and its row count."""
    runs = _runs().assign(delay=[10, 20, 30, 11, 22, 33])
    R = Reps(runs, 0.9)
    assert R.diff("delay", {"io_mode": "locate"}, {"io_mode": "move"}) == pytest.approx((2.0, 1.686), abs=1e-3)
    assert R.mean("delay", io_mode="move") == pytest.approx(mean_ci([11.0, 22.0, 33.0], 0.9))
    assert R.vals("delay", io_mode="move").dtype == np.float64
    with pytest.raises(KeyError, match=r"^\"\{'io_mode': 'burst'\}: 0 rows\"$"):
        R.vals("delay", io_mode="burst")


def test_q19_fits_locate_386_distributed_only():
    """Locate-386 distributed: 5 % + 1 % per frame/s; every other row 0.1 % + 2 % per frame/s."""
    summary = _summary(lambda m, mix, h, f: 0.05 + 0.01 * f if (m, mix, h) == (L, D, "386") else 0.001 + 0.02 * f,
                       lambda m, mix, h, f: f / 100)
    assert checks.q19_affine(_run(summary=summary)) == Ours("U = 5.0 % + 1.00 % x f", holds=True)


def test_codec_share_divides_by_its_own_schemes_delay_and_q5_by_its_reason():
    """Centralized delays three times the distributed ones, with the codec half of each."""
    def delay(mix, m, h, f, r):
        return 2 ** r * (3.0 if mix == C else 1.0)

    def comp(mix, m, h, f, r):
        return delay(mix, m, h, f, r) * (0.25 if (mix, m, h) == (C, L, "486") else 0.5)

    main = _main(delay_send=delay, delay_recv=delay, comp_send_compress_decompress=comp,
                 comp_recv_compress_decompress=comp)
    assert checks.codec_share(_run(main)) == _fixed(25.0, note="smallest share: send, Locate 486, centralized")

    assert checks.q5_recv_locate386(_run(_main(delay_recv=_q5_recv), na="why")) == _fixed(
        -75.0, note="15/s vs Move-486", na="why")


def test_metrics_move_and_ring_calls_set_their_own_mode_and_rate():
    """_metrics_run's base is Move at 8 frames/s: the mode of move_cpu_max_pct's calls and the rate of
    ring_8_pct's, so a call that did not set its own mode or rate would still read the right one there. On a
    Locate base at 10 frames/s (no rate of the run) each call shows that it sets its own; the last two lines
    show that the base's own mode and rate give other values."""
    from mmstudies.huynh import analytic as A

    run = _metrics_run()
    base = run["base"].with_(io_mode=L, frame_rate=10.0)
    got = checks.metrics(checktable.RunRecord({}, {}, {}, {**run.extra, "base": base}))
    grid = [(h, f, x) for h in ("386", "486") for f in (7.5, 8.0, 15.0, 30.0) for x in (D, C)]
    move_max = 100 * max(A.host_utilisation(base.with_(io_mode=M, host=h, frame_rate=f, mixing=x)) for h, f, x in grid)
    ring_8 = 100 * A.ring_utilisation(base.with_(io_mode=L, host="386", frame_rate=8.0, mixing=D))
    assert got["move_cpu_max_pct"] == move_max and got["ring_8_pct"] == ring_8
    assert 100 * max(A.host_utilisation(base.with_(host=h, frame_rate=f, mixing=x)) for h, f, x in grid) != move_max
    assert 100 * A.ring_utilisation(base.with_(io_mode=L, host="386", mixing=D)) != ring_8
