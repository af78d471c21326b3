"""Names, Table 1 rows and the reference condition of the Sharp & Todirica model (sharp.config)."""

from __future__ import annotations

import dataclasses
import shutil

import pandas as pd
import pytest

from mmperf.data import load_table
from mmstudies.sharp.config import (
    CPU_STAGES,
    PIPELINE_STAGES,
    QUEUED_NODES,
    SINK_POLICIES,
    TABLE1_ROWS,
    StageStats,
    measured_background_load,
    stage_stats,
)


def test_table1_rows_name_every_row_of_the_transcribed_table_in_order():
    """The five keys map to the ``stage`` column of data/sharp/table1.csv, in the file's order."""
    assert list(TABLE1_ROWS) == ["sl", "dec", "pres", "net", "e2e"]
    assert list(TABLE1_ROWS.values()) == list(load_table("sharp", "table1")["stage"])


def test_pipeline_stages_in_the_order_a_frame_meets_them():
    """Source stream layer, network, destination stream layer, decoding, presentation; both stream-layer
    stages are drawn from the one Table 1 'Stream layer' row, and the end-to-end row is no stage."""
    assert list(PIPELINE_STAGES.items()) == [("sl_src", "sl"), ("net", "net"), ("sl_dst", "sl"), ("dec", "dec"),
                                             ("pres", "pres")]
    assert set(PIPELINE_STAGES.values()) == set(TABLE1_ROWS) - {"e2e"}


def test_cpu_stages_are_every_stage_but_the_network():
    assert CPU_STAGES == ("sl_src", "sl_dst", "dec", "pres")
    assert set(PIPELINE_STAGES) - set(CPU_STAGES) == {"net"}


def test_sink_policies_and_queued_nodes():
    assert SINK_POLICIES == ("newest", "fifo")
    assert QUEUED_NODES == ("sl_src", "sl_dst", "sink")
    assert set(QUEUED_NODES) - {"sink"} <= set(CPU_STAGES)


def test_measured_background_load_is_the_papers_ten_percent():
    """values.csv: other_processes_cpu_share = 0.10 ('about 10 %', seed line 201)."""
    load = measured_background_load()
    assert type(load) is float
    assert load == 0.1


def test_measured_background_load_is_read_from_the_data(root, tmp_path, monkeypatch):
    """A project whose values.csv says 0.25 gives 0.25: the reference condition is the data, not a constant."""
    shutil.copy(root / "_config.yml", tmp_path / "_config.yml")
    shutil.copytree(root / "data" / "sharp", tmp_path / "data" / "sharp")
    values = tmp_path / "data" / "sharp" / "values.csv"
    text = values.read_text()
    assert "\nother_processes_cpu_share,0.10," in text
    values.write_text(text.replace("\nother_processes_cpu_share,0.10,", "\nother_processes_cpu_share,0.25,"))
    monkeypatch.setenv("MMPERF_ROOT", str(tmp_path))
    assert measured_background_load() == 0.25


def test_stage_stats_of_the_transcribed_table():
    """Row by row from data/sharp/table1.csv: min, max, avg, std dev."""
    stats = stage_stats(load_table("sharp", "table1"))
    assert list(stats) == ["sl", "dec", "pres", "net", "e2e"]
    assert stats["sl"] == StageStats(min=0.04, max=0.13, mean=0.05, sd=0.03)
    assert stats["dec"] == StageStats(min=15.6, max=29.0, mean=19.5, sd=1.57)
    assert stats["pres"] == StageStats(min=11.2, max=27.2, mean=13.1, sd=1.50)
    assert stats["net"] == StageStats(min=8.9, max=20.1, mean=10.5, sd=0.96)
    assert stats["e2e"] == StageStats(min=41.3, max=58.7, mean=44.4, sd=2.33)


def _table(rows):
    return pd.DataFrame(rows, columns=["stage", "min_ms", "max_ms", "avg_ms", "std_dev_ms"])


def test_stage_stats_maps_columns_by_name_and_rows_by_stage():
    """Rows are found by their stage name whatever their order, columns by name whatever their order
    (min_ms -> min, max_ms -> max, avg_ms -> mean, std_dev_ms -> sd), extra columns ignored, and the
    values become floats."""
    rows = [["End-to-end video", 5, 6, 7, 8], ["Network transmission", 1, 2, 3, 4],
            ["Video presentation", 11, 12, 13, 14], ["Video decoding", 21, 22, 23, 24],
            ["Stream layer", 31, 32, 33, 34]]
    df = _table(rows)[["std_dev_ms", "stage", "avg_ms", "max_ms", "min_ms"]].assign(note="x")
    stats = stage_stats(df)
    assert stats == {"sl": StageStats(31.0, 32.0, 33.0, 34.0), "dec": StageStats(21.0, 22.0, 23.0, 24.0),
                     "pres": StageStats(11.0, 12.0, 13.0, 14.0), "net": StageStats(1.0, 2.0, 3.0, 4.0),
                     "e2e": StageStats(5.0, 6.0, 7.0, 8.0)}
    assert all(type(v) is float for s in stats.values() for v in dataclasses.astuple(s))


def test_stage_stats_without_a_row_fails_naming_it():
    df = _table([["Stream layer", 1, 2, 3, 4], ["Video decoding", 1, 2, 3, 4], ["Video presentation", 1, 2, 3, 4],
                 ["Network transmission", 1, 2, 3, 4]])
    with pytest.raises(KeyError, match="End-to-end video"):
        stage_stats(df)


def test_stage_stats_is_frozen():
    s = StageStats(1.0, 2.0, 1.5, 0.1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.mean = 3.0
    assert [f.name for f in dataclasses.fields(StageStats)] == ["min", "max", "mean", "sd"]


# ----------------------------------------------------------------------------- the chapter's inputs and tables
from mmstudies.sharp.config import NODES, load_inputs, nodes_table, table1_display, values_table  # noqa: E402


def test_load_inputs_reads_every_transcribed_table_once():
    inp = load_inputs()
    assert inp.paper["dec"] == StageStats(15.6, 29.0, 19.5, 1.57)
    assert inp.V["frame_loss_bound"] == 0.001 and inp.reference_load == 0.1
    assert set(inp.V) == set(inp.values) and all(type(v) is float for v in inp.V.values())
    assert len(inp.events) == 18 and set(inp.events["series"]) >= {"video_src", "video_in", "t6_release", "audio_src"}


def test_table1_display_renames_only_the_statistics():
    t = table1_display(load_inputs().table1)
    assert list(t.columns) == ["stage", "min", "max", "mean", "sd"]
    assert t.loc[t["stage"] == "End-to-end video", "mean"].item() == 44.4


def test_values_table_has_one_row_per_value_in_order():
    inp = load_inputs()
    t = values_table(inp.values)
    assert list(t.columns) == ["quantity", "value", "unit", "label", "source"]
    assert len(t) == len(inp.values) and t.loc[0, "quantity"] == "frame rate fps" and t.loc[0, "value"] == 25.0


def test_nodes_table_lists_the_four_nodes():
    t = nodes_table()
    assert list(t["node"]) == ["SL_src", "NET", "SL_dst", "SINK"] and len(t) == len(NODES)
    assert list(t.columns) == ["node", "stages", "servers", "queue", "service time"]
