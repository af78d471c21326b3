"""The functions behind the Hsieh video chapter's checks table (``checks.yml`` beside this module).

Each check of the table names one function here; it reads the run's record (:class:`mmperf.checktable.RunRecord`:
the parameters, the metrics, and ``res`` (:func:`.experiments.run_all`), ``V`` (the transcribed values) and
``stats`` (Tables 4.2-4.4) in ``extra``) and returns :class:`mmperf.checktable.Ours`. The claims, paper
values, places, kinds, tolerances and conditions are in the table, not here.

Kinds of evidence, in short (the table says it per check). The thesis's ten traces are not in our source, so
no check compares the model with the thesis's data: every statement the thesis makes about what it saw on its
traces (the orderings and trends of Sections 4.6-4.7, H29-H31, the quoted numbers H25-H28) is *not comparable*;
the run shows what the same method gives on our synthetic stand-ins beside it, a check of the method on our
traces, not a prediction of the thesis's numbers. The checks that use the thesis's data are its own arithmetic
(``arithmetic``), the properties the stand-ins are built to have (``target``: the M-JPEG means of seed line 1439,
the 5-20 % MPEG-2 buffer reduction of line 1409), and theorems of the equations (``construction``: H32, Ciw =
recurrences, fast = reference).
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import numpy as np
import pandas as pd

from mmperf import checktable
from mmperf.checktable import Ours, RunRecord

from . import analytic as an
from .experiments import MJPEG, MPEG1, MPEG2

#: the chapter's checks table (``checks.yml`` beside this module), its independence audit at given
#: parameters (with :func:`run_record`) and the digest that keys a cached audit
table, audit, table_digest = checktable.study_checks(__name__)
REL = 1e-9



# -- helpers -----------------------------------------------------------------------------------------

def _fmt_p(ps) -> str:
    ps = [int(p) for p in ps]
    return ", ".join(str(p) for p in ps[:6]) + (" ..." if len(ps) > 6 else "") if ps else "none"


def h29_detail(df: pd.DataFrame) -> tuple[bool | None, str, float]:
    """Rate ordering PCBR >= PDCBR high >= CBR >= PDCBR low at every start-up delay with a PDCBR pair.

    Start-up delays where no grid pair is feasible are left out and named; if there is none left
    the answer is ``None`` (inconclusive).

    >>> df = pd.DataFrame({"P": [1, 2], "r_pcbr": [3.0, 3.0], "r_high": [2.0, 4.0], "r_cbr": [1.0, 1.0],
    ...                    "r_low": [0.5, 0.5]})
    >>> h29_detail(df)
    (False, 'holds at 1 of 2 start-up delays; PDCBR high > PCBR at P = 2', 0.5)
    """
    missing = df["r_high"].isna()
    note = f"; no feasible PDCBR pair at P = {_fmt_p(df['P'][missing])}" if missing.any() else ""
    df = df[~missing]
    if df.empty:
        return None, "no feasible PDCBR pair at any start-up delay", math.nan
    a = df["r_pcbr"] >= df["r_high"] * (1 - REL)
    b = df["r_high"] >= df["r_cbr"] * (1 - REL)
    c = df["r_cbr"] >= df["r_low"] * (1 - REL)
    ok = a & b & c
    parts = [f"{what} at P = {_fmt_p(df['P'][~mask])}" for mask, what in
             ((a, "PDCBR high > PCBR"), (b, "PDCBR high < CBR"), (c, "PDCBR low > CBR")) if (~mask).any()]
    text = f"holds at {int(ok.sum())} of {len(df)} start-up delays" + (f"; {'; '.join(parts)}" if parts else "") + note
    return bool(ok.all()), text, float(ok.mean())


def h29_share(study: dict[str, pd.DataFrame]) -> float:
    """The rate order's share of start-up delays with a PDCBR pair, averaged over the ten stand-ins."""
    shares = [s for s in (h29_detail(study[n])[2] for n in MPEG1 + MPEG2 + MJPEG) if not math.isnan(s)]
    return float(np.mean(shares)) if shares else math.nan


def buffer_order(df: pd.DataFrame, order: tuple[str, str, str]) -> pd.Series:
    return (df[order[0]] >= df[order[1]] * (1 - REL)) & (df[order[1]] >= df[order[2]] * (1 - REL))


def mpeg2_reductions(study: dict[str, pd.DataFrame], column: str = "b_pcbr") -> pd.Series:
    """1 - (a PCR-assist buffer) / (CBR buffer) over every MPEG-2 (trace, start-up delay) pair.

    >>> df = pd.DataFrame({"b_cbr": [100.0, 200.0], "b_pcbr": [90.0, 150.0]})
    >>> float(mpeg2_reductions({n: df for n in MPEG2}).median())
    0.175
    """
    return pd.concat([1 - study[n][column] / study[n]["b_cbr"] for n in MPEG2], ignore_index=True)


def _study(run: RunRecord) -> dict[str, pd.DataFrame]:
    return run["res"]["study"]


# -- method checks on our synthetic traces (not comparable with the thesis's traces) ----------------

def rate_order(run: RunRecord, trace: str) -> Ours:
    """H29 on one stand-in: PCBR >= PDCBR high >= CBR >= PDCBR low at every start-up delay."""
    holds, text, _ = h29_detail(_study(run)[trace])
    return Ours(text, holds=holds)


def reader_rate_order(run: RunRecord) -> Ours:
    """H29 on the reader's trace, if a trace file was given."""
    user = run["res"]["user"]
    if user is None:
        return Ours("no trace file", undefined="no trace file was given")
    holds, text, _ = h29_detail(user["study"])
    return Ours(f"{user['trace'].name}: {text}", holds=holds)


def buffer_order_mpeg1(run: RunRecord, trace: str) -> Ours:
    """H30 on one MPEG-1 stand-in: CBR >= PDCBR >= PCBR buffer at every start-up delay with a pair."""
    df = _study(run)[trace].dropna(subset=["b_pdcbr"])
    ok = buffer_order(df, ("b_cbr", "b_pdcbr", "b_pcbr"))
    return Ours(f"holds at {int(ok.sum())} of {len(df)} start-up delays", holds=bool(ok.all()))


def pcbr_buffer_grows(run: RunRecord, trace: str) -> Ours:
    """H31 on one MPEG-1 stand-in: PCBR's buffer never falls as the start-up delay grows."""
    b = _study(run)[trace]["b_pcbr"].to_numpy()
    d = np.diff(b)
    ok = d >= -REL * b[1:]
    return Ours(f"{int(ok.sum())} of {len(d)} steps non-decreasing", holds=bool(ok.all()))


def cbr_buffer_falls(run: RunRecord, trace: str) -> Ours:
    """Section 4.6.1 on one MPEG-1 stand-in: CBR's buffer never rises as the start-up delay grows."""
    b = _study(run)[trace]["b_cbr"].to_numpy()
    ok = np.diff(b) <= REL * b[:-1]
    return Ours(f"{int(ok.sum())} of {len(b) - 1} steps non-increasing", holds=bool(ok.all()))


def cbr_buffer_u_shape(run: RunRecord, trace: str) -> Ours:
    """Figure 4.3 on one MPEG-2 stand-in: the CBR buffer's minimum lies strictly inside the delays studied."""
    df = _study(run)[trace]
    i = int(np.argmin(df["b_cbr"].to_numpy()))
    return Ours(f"minimum at P = {int(df['P'].iloc[i])} of {int(df['P'].iloc[0])}-{int(df['P'].iloc[-1])}",
                holds=0 < i < len(df) - 1)


def b2_then_b1(run: RunRecord, trace: str) -> Ours:
    """Figure 4.2 on one MPEG-2 stand-in: b2 dominates at the shortest delay, b1 at the longest."""
    df = _study(run)[trace]
    first, last = df.iloc[0], df.iloc[-1]
    return Ours(f"P = {int(first['P'])}: b1 {first['b1'] / 1e3:.1f} kB, b2 {first['b2'] / 1e3:.1f} kB; "
                f"P = {int(last['P'])}: b1 {last['b1'] / 1e3:.1f} kB, b2 {last['b2'] / 1e3:.1f} kB",
                holds=bool(first["b2"] > first["b1"] and last["b1"] >= last["b2"]))


def _mpeg2_pairs(run: RunRecord) -> pd.DataFrame:
    return pd.concat([_study(run)[n] for n in MPEG2]).dropna(subset=["r_high"])


def mpeg2_buffer_order(run: RunRecord) -> Ours:
    """Section 4.6.2: buffers CBR >= PCBR >= PDCBR 'for most of the cases' (read: more than half the pairs)."""
    share = float(buffer_order(_mpeg2_pairs(run), ("b_cbr", "b_pcbr", "b_pdcbr")).mean())
    return Ours(f"{share:.0%} of (trace, start-up delay) pairs", holds=share > 0.5)


def pdcbr_outperforms_mpeg2(run: RunRecord) -> Ours:
    """Section 4.6.2: PDCBR's high rate and buffer both at most PCBR's, at more than half the pairs."""
    mp2 = _mpeg2_pairs(run)
    both = float(((mp2["r_high"] <= mp2["r_pcbr"] * (1 + REL)) & (mp2["b_pdcbr"] <= mp2["b_pcbr"] * (1 + REL))).mean())
    return Ours(f"both lower or equal at {both:.0%} of (trace, start-up delay) pairs", holds=both > 0.5)


def mpeg2_rates_equal(run: RunRecord, beyond: int = 10) -> Ours:
    """Section 4.6.2: the three schemes' rates 'about the same' beyond ten frame times (read: within 5 %)."""
    mp2 = _mpeg2_pairs(run)
    late = mp2[mp2["P"] > beyond]
    if late.empty:
        return Ours("no start-up delay beyond ten frame times in this run",
                    undefined="the run studies no start-up delay beyond ten frame times")
    spread = float((late["r_pcbr"] / late["r_cbr"]).max())
    return Ours(f"largest PCBR / CBR rate {spread:.3f}", holds=spread <= 1.05)


def mjpeg_less_buffer(run: RunRecord, trace: str) -> Ours:
    """Section 4.6.3 on one M-JPEG stand-in: both PCR-assist buffers below CBR's at every start-up delay."""
    df = _study(run)[trace].dropna(subset=["b_pdcbr"])
    ok = (df["b_pcbr"] < df["b_cbr"]) & (df["b_pdcbr"] < df["b_cbr"])
    return Ours(f"both below CBR at {int(ok.sum())} of {len(df)} start-up delays", holds=bool(ok.all()))


def fixed_buffer_pattern(run: RunRecord, trace: str) -> Ours:
    """Section 4.7.1 on one stand-in: PDCBR's high rate below PCBR's at the smallest feasible control value
    (pre-fetch or start-up delay), within 5 % of it at the largest where both exist."""
    df = run["res"]["fixed_buffer"][trace]
    x = "Q" if "Q" in df else "P"
    pc = df.dropna(subset=["r_pcbr"])
    if pc.empty:
        return Ours("no point of the grid meets the buffer", holds=None)
    fps = run.parameters["fps"]
    first = pc.iloc[0]
    both = df.dropna(subset=["r_pcbr", "r_high"])
    low_ok = not math.isnan(first["r_high"]) and first["r_high"] < first["r_pcbr"]
    similar = (not both.empty) and abs(both.iloc[-1]["r_high"] / both.iloc[-1]["r_pcbr"] - 1) <= 0.05
    where = (f"smallest feasible pre-fetch {an.mbytes(first['Q']):.3g} MB" if x == "Q"
             else f"shortest feasible delay {first['P'] / fps:.2f} s")
    pdcbr = "none" if math.isnan(first["r_high"]) else f"{an.mbps(first['r_high'], fps):.2f} Mbit/s"
    return Ours(f"{where}: PCBR {an.mbps(first['r_pcbr'], fps):.2f} Mbit/s, PDCBR {pdcbr}",
                holds=bool(low_ok and similar))


FIXED_RATE_EXPECT = {"adv": "similar", "backdraft": "no difference"}


def fixed_rate_pattern(run: RunRecord, trace: str) -> Ours:
    """Section 4.7.2 on one stand-in: PDCBR's start-up delay against PCBR's over the rate grid.

    adv: similar (within 10 %) at R_average, shorter by more than a frame time at the highest rate;
    backdraft: within one frame time everywhere; the others: shorter by more than one frame time.
    """
    df = run["res"]["fixed_rate"][trace].dropna(subset=["p_pcbr", "p_pdcbr"])
    if df.empty:
        return Ours("no rate of the grid meets the buffer cap", holds=None)
    fps = run.parameters["fps"]
    d = (df["p_pcbr"] - df["p_pdcbr"]).to_numpy()
    expect = FIXED_RATE_EXPECT.get(trace, "shorter")
    if expect == "no difference":
        holds = bool(np.all(np.abs(d) <= 1.0))
    elif expect == "similar":
        holds = bool(abs(d[0]) <= 0.1 * df["p_pcbr"].iloc[0] and d[-1] > 1.0)
    else:
        holds = bool(np.all(d > 1.0))
    return Ours(f"PDCBR shorter by {d.min() / fps:+.2f} to {d.max() / fps:+.2f} s over {len(d)} rates "
                "(negative: longer)", holds=holds)


# -- the thesis's quoted numbers beside ours (not comparable) ----------------------------------------

QUOTED = {"adv_cbr_buffer": ("adv_long", "b_cbr", "MB"), "adv_pcbr_buffer": ("adv_long", "b_pcbr", "MB"),
          "adv_cbr_rate": ("adv_long", "r_cbr", "Mbit/s"), "adv_pcbr_rate": ("adv_long", "r_pcbr", "Mbit/s"),
          "mtv_cbr_buffer": ("mtv_p10", "b_cbr", "MB"), "mtv_cbr_rate": ("mtv_p10", "r_cbr", "Mbit/s"),
          "mtv_pcbr_buffer": ("mtv_p10", "b_pcbr", "MB"), "mtv_pcbr_rate": ("mtv_p10", "r_pcbr", "Mbit/s")}


def quoted(run: RunRecord, name: str) -> Ours:
    """One number the thesis quotes for its adv or mtv trace, computed on our stand-in."""
    where, column, unit = QUOTED[name]
    x = run["res"][where][column]
    value = an.mbytes(x) if unit == "MB" else an.mbps(x, run.parameters["fps"])
    return Ours(float(value), note="on the synthetic stand-in")


def horse_saving(run: RunRecord, startup: int = 20) -> Ours:
    """horse at P = 20: the CBR buffer over PDCBR's (the thesis's 'more than 100 % saving')."""
    horse = _study(run)["horse"].set_index("P")
    if startup not in horse.index:
        return Ours("start-up delay 20 not in the run", undefined="the run studies no start-up delay of 20")
    h = horse.loc[startup]
    return Ours(f"CBR / PDCBR buffer = {h['b_cbr'] / h['b_pdcbr']:.2f}")


def mpeg1_p10_ratios(run: RunRecord) -> Ours:
    """MPEG-1 at ten frame times: PCBR's buffer reduction and rate increase against CBR, over the stand-ins."""
    rat = [(r.loc[10, "b_cbr"] / r.loc[10, "b_pcbr"], r.loc[10, "r_pcbr"] / r.loc[10, "r_cbr"])
           for r in (_study(run)[n].set_index("P") for n in MPEG1) if 10 in r.index]
    if not rat:
        return Ours("no start-up delay of ten frame times", undefined="the run studies no start-up delay of 10")
    return Ours(f"buffer {min(r[0] for r in rat):.0f}-{max(r[0] for r in rat):.0f} times smaller, rate "
                f"{min(r[1] for r in rat):.2f}-{max(r[1] for r in rat):.2f} times higher")


def words(run: RunRecord, text: str) -> Ours:
    """A reading of the thesis's text with no value of ours."""
    return Ours(text)


# -- targets: what the stand-ins are built to have ---------------------------------------------------

def mjpeg_mean(run: RunRecord, trace: str) -> Ours:
    """The mean rate of an M-JPEG stand-in at this run's frame rate (scaled to the stated mean at 30)."""
    sizes = run["res"]["traces"][trace].sizes
    return Ours(float(sizes.mean() * 8 * run.parameters["fps"] / 1e6))


def mpeg2_reduction(run: RunRecord, scheme: str = "pcbr") -> Ours:
    """A PCR-assist scheme's (``pcbr`` or ``pdcbr``) buffer reduction against CBR, median over the MPEG-2 (trace,
    start-up delay) pairs (for PDCBR those with a feasible pair), in %; the note gives the other scheme's median."""
    study = _study(run)
    red = {s: mpeg2_reductions(study, f"b_{s}").dropna() for s in ("pcbr", "pdcbr")}
    ours, other = red[scheme], red["pdcbr" if scheme == "pcbr" else "pcbr"]
    if ours.empty:
        return Ours(math.nan, undefined=f"no MPEG-2 (trace, start-up delay) pair has a feasible {scheme.upper()} "
                                        "schedule in this run")
    return Ours(float(100 * ours.median()),
                note=f"quartiles {100 * ours.quantile(0.25):.0f}-{100 * ours.quantile(0.75):.0f} %; "
                     f"{'PDCBR' if scheme == 'pcbr' else 'PCBR'}'s median "
                     + (f"{100 * other.median():.0f} %" if len(other) else "undefined (no pair)"))


# -- arithmetic on the thesis's own numbers ----------------------------------------------------------

def frame_time(run: RunRecord) -> Ours:
    """1000 / 30 ms, the frame time the thesis states."""
    return Ours(1000 / run["V"]["fps"])


def ten_frames(run: RunRecord) -> Ours:
    """Ten frame times in ms."""
    return Ours(run["V"]["mtv_startup_frames"] * 1000 / run["V"]["fps"])


def tp_bytes(run: RunRecord) -> Ours:
    """A Transport Packet: header + payload."""
    return Ours(run["V"]["tp_header_bytes"] + run["V"]["tp_payload_bytes"])


def ratio(run: RunRecord, num: str, den: str, minus_one_pct: bool = False) -> Ours:
    """The ratio of two printed values (``minus_one_pct``: as a per-cent increase)."""
    r = run["V"][num] / run["V"][den]
    return Ours(100 * (r - 1) if minus_one_pct else r)


def implied_fps(run: RunRecord, table_name: str) -> Ours:
    """Frames / length of a thesis table's traces, averaged."""
    names = {"Table 4.2": MPEG1, "Table 4.3": MPEG2, "Table 4.4": MJPEG}[table_name]
    st = run["stats"].set_index("video").loc[names]
    secs = st["length"] * np.where(st["length_unit"] == "min", 60.0, 1.0)
    return Ours(float((st["n_frames"] / secs).mean()))


# -- construction: theorems and the code against itself ----------------------------------------------

def cbr_rate_falls(run: RunRecord) -> Ours:
    """H32: R_CBR(P) = max_n A_n / (n + P) never rises with P, on every stand-in (a theorem of Eq. 4.2)."""
    study = _study(run)
    worst = max(float(np.max(np.diff(df["r_cbr"].to_numpy()) / df["r_cbr"].to_numpy()[:-1])) for df in study.values())
    return Ours(f"largest relative step {worst:+.2e}", holds=worst <= 1e-12)


def ciw_equals(run: RunRecord, scheme: str) -> Ours:
    """The scheme as a Ciw queue against the recurrences, frame by frame."""
    eq = pd.DataFrame(run["res"]["equivalence"])
    rows = eq[eq["scheme"] == scheme]
    if rows.empty:
        return Ours("no run", undefined=f"no feasible {scheme} run to compare")
    return Ours(f"{int(rows['frames'].sum())} frames, largest difference {rows['max_abs_diff'].max():.1e} frame times",
                holds=bool((rows["frames_differing"] == 0).all()
                           and (rows["feasible_ciw"] == rows["feasible_recurrence"]).all()))


def fast_equals_reference(run: RunRecord) -> Ours:
    """The compiled kernel's answers against the plain-Python transcription of Eqs. 4.2-4.8 and the algorithm."""
    spot = pd.DataFrame(run["res"]["spot"])
    worst = float(spot[["cbr_rate_rel_diff", "cbr_buf_rel_diff", "pcbr_buf_rel_diff", "pdcbr_buf_rel_diff"]].max().max())
    return Ours(f"{len(spot)} (trace, start-up delay) pairs, largest relative difference {worst:.1e}",
                holds=bool(worst < 1e-9 and spot["pcbr_ok"].all() and spot["pdcbr_ok"].all()))


def mean_below_bound(run: RunRecord, trace: str) -> Ours:
    """A stand-in's mean rate at 30 frames/s against the bound R_CBR (N + P) / N the thesis's CBR rate implies."""
    V = run["V"]
    n, rate, frames = {"adv": (16317, V["adv_cbr_rate_Mbps"], V["adv_startup_frames"]),
                       "mtv": (40000, V["mtv_cbr_rate_Mbps"], V["mtv_startup_frames"])}[trace]
    bound = rate * (n + frames) / n
    mean = float(run["res"]["traces"][trace].sizes.mean() * 8 * 30.0 / 1e6)
    return Ours(f"{mean:.3f} Mbit/s against the bound {bound:.3f}", holds=mean <= bound)


# -- the run's record ---------------------------------------------------------------------------------

def chapter_record(ch, res: dict, inputs: dict) -> RunRecord:
    """The record of a notebook run (``ch`` is its :class:`mmbook.chapter.Chapter`)."""
    return RunRecord(dict(ch.parameters), dict(ch.metrics), dict(ch.undefined_metrics), _extra(res, inputs))


def _extra(res: dict, inputs: dict) -> dict[str, Any]:
    return {"res": res, "V": {k: float(v) for k, v in inputs["values"].items()}, "stats": inputs["stats"]}


_LAST: dict[str, Any] = {}


def _inputs_digest(inputs: dict) -> str:
    """A digest of the loaded data a run reads, so that a perturbed table is never served a stale run."""
    frames = [inputs[k] for k in ("stats", "synthetic", "studies", "table4_1")]
    rest = repr([sorted((k, float(v)) for k, v in inputs["values"].items()), sorted(inputs["classes"].items())])
    return hashlib.sha256(b"".join(pd.util.hash_pandas_object(f, index=True).to_numpy().tobytes() for f in frames)
                          + rest.encode()).hexdigest()


def run_record(parameters: dict[str, Any]) -> RunRecord:
    """Recompute the chapter's record from the data and ``parameters``, as the notebook does, without it.

    The audit asks for the same record once per check; the last run is kept, keyed on the parameters
    and a digest of the loaded data (a perturbed data table is a different key).
    """
    from .experiments import load_inputs, run_all

    p = {k: v for k, v in parameters.items() if k != "output_dir"}
    inputs = load_inputs()
    key = repr(sorted(p.items())) + _inputs_digest(inputs)
    if _LAST.get("key") != key:
        _LAST.clear()
        _LAST.update(key=key, record=RunRecord(p, {}, {}, _extra(run_all(**p), inputs)))
    return _LAST["record"]


