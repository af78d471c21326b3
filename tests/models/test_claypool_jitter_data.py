"""The jitter chapter's inputs (``mmstudies.claypool_jitter.data``), checked against the CSV files by hand."""

from __future__ import annotations

from mmperf import jitter
from mmstudies.claypool_jitter.data import load_inputs


def test_tables_have_the_printed_shapes():
    inp = load_inputs()
    assert inp.table31.shape == (8, 2)                                 # Table 3.1: eight techniques
    assert list(inp.table33["workstation"]) == ["SLC", "IPC", "IPX", "Sparc 5"]
    assert list(inp.table54["network"]) == ["Ethernet", "Fibre Channel", "HIPPI"]
    # Table 3.2 indexed by measure, in the order of the six metrics, with ones on the diagonal
    assert list(inp.table32.index) == list(jitter.METRIC_NAMES) == list(inp.table32.columns)
    assert all(inp.table32.loc[m, m] == 1.0 for m in inp.table32.index)
    # the printed asymmetry the errata list: Range-Area 0.34 in the first row, 0.33 in the last
    assert (inp.table32.loc["Range", "Area"], inp.table32.loc["Area", "Range"]) == (0.34, 0.33)


def test_values_are_plain_floats_by_name():
    inp = load_inputs()
    assert inp.v3["period_us"] == 160000.0 and inp.v3["miniexp2_interval_3_us"] == 110000.0
    assert inp.vb["fig521_frames_per_s"] == 6.25 and inp.vb["fig521_zero_drop_buffer_ms"] == 200.0
    assert all(type(v) is float for v in (*inp.v3.values(), *inp.vb.values()))
    assert (len(inp.v3), len(inp.vb)) == (33, 17)                     # one per data row of each CSV
