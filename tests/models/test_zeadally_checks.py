"""The Zeadally checks table (lib/mmstudies/zeadally/checks.yml) and its functions (mmstudies.zeadally.checks).

The run record is recomputed without the notebook (``run_record``), with a short processor-sharing run
(6 s: its deterministic demands give the same columns as the chapter's 60 s) and without the Ciw data path,
which only construction checks read (they are left out here; test_chapter_zeadally.py runs them).
"""

import pytest

from mmbook.params import load_chapter
from mmperf import checktable
from mmperf.data import load_table, load_values
from mmstudies.zeadally import checks

SMALL = {"data_path_sims": False, "ps_run_s": 6.0}
DEFAULTS = load_chapter("zeadally").defaults()
TABLE = checks.table()
NEEDS_DATA_PATH = {c.id for c in TABLE.checks if c.compute == "ciw_equals"}


def _evaluate(**changes) -> dict[str, checktable.TableCheck]:
    run = checks.run_record({**DEFAULTS, **SMALL, **changes})
    specs = [c for c in TABLE.checks if c.id not in NEEDS_DATA_PATH]
    return {c.id: checktable.evaluate_one(TABLE, c, run) for c in specs}


@pytest.fixture(scope="module")
def default_checks():
    return _evaluate()


def _data_value(ref: str) -> tuple[float, str]:
    """The transcribed value at ``table[row].column`` and its label (paper, derived, ...)."""
    match = checktable.DATA_REF.match(ref)
    table = load_table("zeadally", match["table"])
    if match["table"] in ("parameters", "testbed"):
        value = load_values("zeadally", match["table"])[match["row"]]
        return value.value, value.label
    row = table[table.iloc[:, 0] == match["row"]].iloc[0]
    provenance = table.attrs["provenance"]["columns"][match["column"]]
    return float(row[match["column"]]), provenance["label"]


def test_the_paper_column_holds_only_what_the_paper_prints():
    """Issue 24: a number in the paper column is a paper-labelled transcribed value (the check's first data
    reference); our ratios and the study notes' sums are `derived`, beside the paper's print."""
    for spec in TABLE.checks:
        if isinstance(spec.paper, int | float):
            assert spec.data, f"{spec.id}: a printed number names where it is transcribed"
            value, label = _data_value(spec.data[0])
            assert (value, label) == (pytest.approx(spec.paper), "paper"), spec.id
        if spec.derived is not None:
            assert spec.label == "derived" and not isinstance(spec.paper, int | float), spec.id
    ratio = TABLE.spec("final-over-ethernet")
    assert ratio.derived == {"value": 12.5, "how": "105 / 8.4"}      # 105 / 8.4 = 12.5 exactly
    assert TABLE.spec("additive-demand-no-shm").derived["value"] == 128


def test_paper_defaults_are_the_transcribed_values():
    """The audit perturbs z_na/z_ax/z_xf and frame_bits with the data they were transcribed from: 200, 240 and
    230 Mbit/s and 2.1 Mbit = 2,100,000 bit."""
    to_parameter_unit = {"Mbit/s": 1.0, "Mbit": 1e6}
    for name, ref in TABLE.paper_defaults.items():
        value = load_values("zeadally", "parameters")[checktable.DATA_REF.match(ref)["row"]]
        assert DEFAULTS[name] == pytest.approx(value.value * to_parameter_unit[value.unit]), name


def test_eq1_and_eq2_are_compared_with_the_measurement_once_each_as_arithmetic():
    """Issue 24: the Eq. 1/Eq. 2 comparisons were scored as arithmetic and again as predictions."""
    reads = {c.id: (c.kind, c.args.get("name")) for c in TABLE.checks}
    eq_metrics = {"eq1_mbps", "eq2_mbps", "gap_eq1_mbps", "gap_eq2_mbps"}
    assert {k for k, (_, name) in reads.items() if name in eq_metrics} == \
        {"eq1-value", "eq2-value", "eq1-above-measured", "eq2-above-measured"}
    assert {kind for kind, name in reads.values() if name in eq_metrics} == {"arithmetic"}
    assert TABLE.spec("overhead-shrinks").kind == "arithmetic"


def test_default_verdicts_by_hand(default_checks):
    """Eq. 1 on two-copy runs, Z_NA = each network's raw two-copy maximum, Z_AX = 240, Z_XF = 230:
    Ethernet 1/(1/9.6 + 1/240 + 1/230) = 8.875 in 8.4 +- 10 % = [7.56, 9.24]: reproduced;
    Jetstream 1/(1/90 + 1/240 + 1/230) = 50.95 > 46.2 x 1.1 = 50.82: not reproduced;
    FDDI 1/(1/74 + 1/240 + 1/230) = 45.40 > 25.41: not reproduced.
    Eq. 1 = 1/(1/200 + 1/240 + 1/230) = 73.995, 4.695 above 69.3 (paper 4.7 +- 0.05)."""
    c = default_checks
    assert c["eq1-two-copy-ethernet"].ours == pytest.approx(1 / (1 / 9.6 + 1 / 240 + 1 / 230))
    assert [c[f"eq1-two-copy-{n}"].status for n in ("ethernet", "jetstream", "fddi")] == \
        ["reproduced", "not reproduced", "not reproduced"]
    assert c["eq1-above-measured"].ours == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 230) - 69.3)
    assert c["eq1-above-measured"].status == "reproduced"
    assert c["final-over-fddi"].ours == pytest.approx(50 / 11)   # 105 / 23.1 = 50 frames/s / 11 frames/s
    assert (c["final-over-fddi"].derived, c["final-over-fddi"].status) == (4.55, "reproduced")
    assert c["regression-b1"].status == "inconclusive"           # 1.051 +- 0.090 straddles [0.9, 1.1]
    assert c["single-copy-gain"].status == "not comparable"


def test_default_headline(default_checks):
    """Eight predictions (three Eq. 1 two-copy runs, Figure 6's order, two regression coefficients, two PS
    graphics columns); one reproduced (Ethernet). 'X SHM improves graphics' (17.0 -> 25.6 frames/s under the PS
    model, as the paper's 26 -> 35) is construction since the independent review: the calibration fixes the
    direction, so it holds without counting."""
    preds = [c for c in default_checks.values() if c.evidence == "prediction"]
    assert len(preds) == 8
    assert sorted(c.id for c in preds if c.status == "reproduced") == ["eq1-two-copy-ethernet"]
    assert (default_checks["shm-improves-graphics"].evidence, default_checks["shm-improves-graphics"].status) == (
        "construction", "holds")


def test_faster_bus_makes_its_checks_not_applicable():
    """-p z_xf_mbps 460: every check with z_xf_mbps among its conditions is not applicable (naming it), never
    'not reproduced'; checks without it are still judged (Table 1's arithmetic, the PS model)."""
    c = _evaluate(z_xf_mbps=460.0)
    with_xf = [spec.id for spec in TABLE.checks if "z_xf_mbps" in spec.conditions]
    assert {"eq1-value", "eq1-two-copy-jetstream", "figure6-order"} <= set(with_xf)
    for cid in with_xf:
        assert c[cid].status == "not applicable", cid
        assert c[cid].not_applicable == ("z_xf_mbps = 460 (the paper: 230)",), cid
    assert c["table1-fddi"].status == "reproduced" and c["ps-vg-graphics"].status == "not reproduced"


def test_frame_size_scales_table1_and_stays_applicable():
    """frame_bits = 2,000,000: Table 1's 23.1 Mbit/s = 11 frames/s x 2.1 Mbit becomes 11 x 2.0 = 22.0 by the
    paper's own rule (seed line 112), and our 11 x 2.0 reproduces it."""
    c = _evaluate(frame_bits=2.0e6)
    assert (c["table1-fddi"].status, c["table1-fddi"].derived) == ("reproduced", pytest.approx(22.0))
    assert c["eq1-above-measured"].status == "not applicable"
    assert c["eq1-two-copy-fddi"].derived == pytest.approx(22.0)   # the measurement moves with the frame size


def test_run_record_recomputes_the_metrics():
    """The record the audit recomputes holds the chapter's metrics (test_chapter_zeadally.py compares it with a
    notebook run metric by metric)."""
    run = checks.run_record({**DEFAULTS, **SMALL})
    assert run.metrics["eq1_mbps"] == pytest.approx(1 / (1 / 200 + 1 / 240 + 1 / 230))
    assert run.metrics["t1_fddi_mbps"] == pytest.approx(23.1)
    assert run["ps"].loc["GRAPHICS", "graphics_fps"] == pytest.approx(33, abs=0.2)


# -- each check function on a record made by hand (added from the mutation run: exact and without a run) -----

def _record(metrics=None, undefined=None, parameters=None, **extra) -> checktable.RunRecord:
    return checktable.RunRecord(parameters or {}, metrics or {}, undefined or {}, extra)


def test_metric_and_section5_and_eq1_read_their_own_key():
    run = _record({"a": 1.5, "eq1_eth_mbps": 8.0, "eq1_fddi_mbps": 45.0, "eq1_jet2_mbps": 51.0},
                  P={"z_na_single_copy_256kb": 105.0})
    assert checks.metric(run, "a") == checktable.Ours(1.5)
    assert checks.z_na_from_section5(run) == checktable.Ours(105.0)
    assert [checks.eq1_two_copy(run, n).value for n in ("Ethernet", "FDDI", "Jetstream")] == [8.0, 45.0, 51.0]
    assert checks.single_copy_gain(run) == checktable.Ours("no value: the baseline is not named and Figure 5 is "
                                                           "absent")


@pytest.mark.parametrize("shares, holds", [((90.0, 50.0, 40.0), True), ((100.0, 50.0, 40.0), False),
                                           ((90.0, 50.0, 50.0), False), ((90.0, 90.0, 40.0), False),
                                           ((99.99, 50.0, 40.0), True)])
def test_raw_shares_must_fall_and_stay_below_100(shares, holds):
    run = _record(dict(zip(("raw_share_ethernet_pct", "raw_share_fddi_pct", "raw_share_jetstream_pct"), shares,
                           strict=True)))
    ours = checks.raw_shares(run)
    assert ours.holds is holds
    assert ours.value == " > ".join(f"{s:.1f} %" for s in shares)


def test_final_over_table1_divides_by_that_networks_result():
    run = _record({"measured_shm_mbps": 105.0, "t1_ethernet_mbps": 8.4, "t1_fddi_mbps": 23.1, "t1_jetstream_mbps": 46.2})
    assert [checks.final_over_table1(run, n).value for n in ("Ethernet", "FDDI", "Jetstream")] == \
        [105.0 / 8.4, 105.0 / 23.1, 105.0 / 46.2]


def test_text_restates_table2_counts_equal_cells():
    import pandas as pd

    rows = sorted({c for c, _ in checks.TEXT_RESTATES_TABLE2})
    columns = sorted({col for _, col in checks.TEXT_RESTATES_TABLE2})
    t2 = pd.DataFrame({"configuration": rows, **{col: [0] * len(rows) for col in columns}})
    for (c, col), v in checks.TEXT_RESTATES_TABLE2.items():
        t2.loc[t2["configuration"] == c, col] = v
    assert checks.text_restates_table2(_record(tables={"table2": t2})) == checktable.Ours(
        "12 of 12 equal the transcribed table", holds=True)
    t2.loc[t2["configuration"] == "GRAPHICS", "graphics_fps"] = 34
    assert checks.text_restates_table2(_record(tables={"table2": t2})) == checktable.Ours(
        "11 of 12 equal the transcribed table", holds=False)


def test_overhead_shrinks_by_hand():
    ours = checks.overhead_shrinks(_record({"t0_no_shm_ms": 3.456, "t0_shm_ms": 1.2}))
    assert ours == checktable.Ours("3.46 -> 1.20 ms per frame", holds=True)
    assert checks.overhead_shrinks(_record({"t0_no_shm_ms": 1.0, "t0_shm_ms": 1.0})).holds is False
    for missing in ("t0_no_shm_ms", "t0_shm_ms"):
        ours = checks.overhead_shrinks(_record({}, {missing: "no overhead: Eq. 1 exceeds the measurement"}))
        assert ours == checktable.Ours("no overhead is defined", undefined="no overhead: Eq. 1 exceeds the measurement")
    other = checks.overhead_shrinks(_record({"t0_no_shm_ms": 2.0, "t0_shm_ms": 1.0}, {"something_else": "why"}))
    assert other.holds is True


@pytest.mark.parametrize("margin, holds, words", [(5.0, True, "outside"), (-5.0, False, "outside"),
                                                  (4.0, None, "inside"), (-4.0, None, "inside")])
def test_figure6_order_is_decided_only_beyond_the_models_error(margin, holds, words):
    """The model's error of 5 % of 80 Mbit/s is 4 Mbit/s: a margin of exactly 4 is not decided."""
    m = {"model_error_pct": 5.0, "fig6_one_noshm": 80.0, "fig6_two_shm": 80.0 + margin, "fig6_margin": margin}
    ours = checks.figure6_order(_record(m))
    assert ours.holds is holds
    assert ours.value == (f"Eq. 1/2 at 32 KB: {80 + margin:.1f} vs 80.0 Mbit/s; the margin {margin:.1f} is {words} "
                          "the model's error (±4.0)")


def _fit(b0, half0, b1, half1, n, df):
    import pandas as pd

    coefficients = pd.DataFrame({"coef": [b0, b1], "ci_half_width": [half0, half1]}, index=["const", "na_ms"])
    return {"fit": {"coefficients": coefficients, "n": n, "df_resid": df}}


def test_regression_xf_maps_the_intercept_interval_by_hand():
    """frame_bits 2.1 Mbit, intercept 10 +- 2 ms: F / b0 = 2.1e6 / 10 / 1e3 = 210 Mbit/s, interval
    [2.1e6 / 12e3, 2.1e6 / 8e3] = [175, 262.5]; an interval reaching 0 ms (10 +- 10) is unbounded above."""
    ours = checks.regression_xf(_record(parameters={"frame_bits": 2.1e6}, reg=_fit(10.0, 2.0, 1.0, 0.1, 4, 2)))
    assert (ours.value, ours.low, ours.high, ours.basis, ours.n) == (pytest.approx(210.0), pytest.approx(175.0),
                                                                     pytest.approx(262.5), "fitted", 4)
    assert ours.note == "intercept 10.00 ± 2.00 ms; 2 residual df; demonstration fit without FDDI"
    wide = checks.regression_xf(_record(parameters={"frame_bits": 2.1e6}, reg=_fit(10.0, 10.0, 1.0, 0.1, 4, 1)))
    assert wide.high == float("inf") and wide.low == pytest.approx(105.0)
    none = checks.regression_xf(_record(parameters={"frame_bits": 2.1e6}, reg=_fit(10.0, 2.0, 1.0, 0.1, 2, 0)))
    assert none.undefined == "the fit has no residual degree of freedom, so no interval"


def test_regression_b1_interval_by_hand():
    ours = checks.regression_b1(_record(reg=_fit(10.0, 2.0, 1.05, 0.09, 4, 1)))
    assert ours == checktable.Ours(1.05, low=pytest.approx(0.96), high=pytest.approx(1.14), basis="fitted", n=4,
                                   note="1 residual df; demonstration fit without FDDI")
    none = checks.regression_b1(_record(reg=_fit(10.0, 2.0, 1.05, 0.09, 2, 0)))
    assert (none.value, none.undefined) == (1.05, "the fit has no residual degree of freedom, so no interval")


def _ps(graphics_before, graphics_after, drops_before, drops_after):
    import pandas as pd

    return pd.DataFrame({"graphics_fps": [graphics_before, graphics_after],
                         "video_dropped_pct": [drops_before, drops_after]},
                        index=["VIDEO+GRAPHICS", "VIDEO+GRAPHICS-SHARED-M"])


def test_processor_sharing_checks_by_hand():
    run = _record(ps=_ps(17.04, 25.6, 100.0, 40.4))
    assert checks.ps_column(run, "VIDEO+GRAPHICS", "graphics_fps") == checktable.Ours(17.04)
    assert checks.shm_improves_graphics(run) == checktable.Ours("PS model: 17.0 -> 25.6", holds=True)
    assert checks.shm_reduces_drops(run) == checktable.Ours("PS model: 100 % -> 40 %", holds=True)
    same = _record(ps=_ps(20.0, 20.0, 50.0, 50.0))
    assert checks.shm_improves_graphics(same).holds is False and checks.shm_reduces_drops(same).holds is False


def test_ciw_equals_reports_the_interval_and_the_reference():
    run = _record({"eq1_mbps": 74.0}, sims={"serial_eq1": {"mean": 74.5, "ci_half_width": 0.5, "n": 3}})
    assert checks.ciw_equals(run, "serial_eq1", "eq1_mbps") == checktable.Ours(
        74.5, low=74.0, high=75.0, basis="simulated", n=3, reference=74.0)


def test_table_digest_is_the_files_sha256_head():
    import hashlib
    from pathlib import Path

    file = Path(checks.__file__).with_name("checks.yml")
    assert checks.table_digest() == hashlib.sha256(file.read_bytes()).hexdigest()[:16]
    assert len(checks.table_digest()) == 16


def test_table_loads_this_modules_checks_yml():
    assert [c.id for c in checks.table().checks] == [c.id for c in TABLE.checks]


def test_figure6_a_small_decided_margin_counts_as_holding():
    """Model error 0.1 % of 80 Mbit/s = 0.08: a margin of 0.5 Mbit/s is decided, and positive."""
    m = {"model_error_pct": 0.1, "fig6_one_noshm": 80.0, "fig6_two_shm": 80.5, "fig6_margin": 0.5}
    assert checks.figure6_order(_record(m)).holds is True


def test_regression_xf_below_one_millisecond_and_without_df():
    """Intercept 0.5 +- 0.2 ms: 2.1e6 / 0.5 / 1e3 = 4200 Mbit/s, interval [3000, 7000]; no residual df: NaN."""
    import math

    ours = checks.regression_xf(_record(parameters={"frame_bits": 2.1e6}, reg=_fit(0.5, 0.2, 1.0, 0.1, 4, 2)))
    assert (ours.value, ours.low, ours.high) == (pytest.approx(4200.0), pytest.approx(3000.0), pytest.approx(7000.0))
    none = checks.regression_xf(_record(parameters={"frame_bits": 2.1e6}, reg=_fit(10.0, 2.0, 1.0, 0.1, 2, 0)))
    assert isinstance(none.value, float) and math.isnan(none.value)


# -- added from the mutation run (2026-11-26, fourth session) ------------------------------------------------------

def test_chapter_record_copies_the_notebooks_run_and_keeps_its_objects():
    class Chapter:
        parameters = {"frame_bits": 2.1e6}
        metrics = {"eq1_mbps": 74.0}
        undefined_metrics = {"y": "no value"}

    ch = Chapter()
    P, tables, reg, sims, ps = {"a": 1.0}, {"table1": None}, {"fit": 2}, {"serial": 3}, "ps"
    run = checks.chapter_record(ch, P, tables, reg, sims, ps)
    assert run == checktable.RunRecord({"frame_bits": 2.1e6}, {"eq1_mbps": 74.0}, {"y": "no value"},
                                       {"P": P, "tables": tables, "reg": reg, "sims": sims, "ps": ps})
    assert run.parameters is not ch.parameters and run.metrics is not ch.metrics
    assert run.undefined is not ch.undefined_metrics
