"""The chapter's parameter specification: ranges, rules (no model import), the design points."""

from __future__ import annotations

import pytest

from mmbook.design import design_points
from mmbook.params import ParameterError, load_chapter


def test_bad_parameters_are_refused_with_the_promised_message():
    spec = load_chapter("huynh")
    with pytest.raises(ParameterError, match=r"parameter 'frame_rate' = -5.0 is not allowed: expected 1 <= value <= 60"):
        spec.resolve({"frame_rate": -5})
    with pytest.raises(ParameterError, match="parameter 'io_mode'"):
        spec.resolve({"io_mode": "burst"})
    with pytest.raises(ParameterError, match="at least two different path lengths"):
        spec.resolve({"adapter_klocs": [16, 16]})
    with pytest.raises(ParameterError, match="at least two different path lengths"):
        spec.resolve({"host_klocs": [60]})
    # one frame rate is enough: the chapter always adds the paper's 8 and 30 frames/s
    assert spec.resolve({"frame_rates": [30]})["frame_rates"] == [30.0]


def test_every_parameter_has_a_unit_and_the_design_is_small():
    spec = load_chapter("huynh")
    assert all(p.unit is not None for p in spec.parameters.values())
    points = design_points(spec)
    assert 2 <= len(points) <= 6
    assert all(p["replications"] == 2 and p["frames"] == 200 for p in points)
    levels = {p["frame_rate"] for p in points}
    assert {1.0, 60.0} <= levels


def test_table1_shows_values_as_printed():
    from mmstudies.huynh.config import table1

    t = table1()
    assert list(t.columns) == ["group", "item", "value", "unit", "printed"]
    rate = t[t["item"] == "bit rate"].iloc[0]
    assert (rate["value"], rate["unit"]) == ("2", "Mbit/s")      # 2.0 in the CSV, no padded zero
    assert t[t["item"] == "compression ratio"]["value"].tolist() == ["45"]
