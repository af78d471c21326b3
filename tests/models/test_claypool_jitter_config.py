"""Constants and settings of the claypool-jitter model (claypool_jitter.config), against their sources:
the transcribed tables (data/claypool), the chapter's parameter file (notebooks/claypool-jitter.yml) and
hand arithmetic."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from mmbook.params import load_chapter
from mmperf.data import load_table
from mmstudies.claypool_jitter.config import (
    ENVIRONMENT_MEAN_MS,
    ENVIRONMENTS,
    GENERATORS,
    MACHINES,
    NETWORKS,
    PRIORITIES,
    RECEIVE_COST_MS,
    REFERENCE_SPECINT92,
    SEND_COST_MS,
    STALL_DISTRIBUTIONS,
    EndSystem,
    Mechanisms,
    MetricSettings,
    host_cost_ms,
    transmission_ms,
)


@pytest.fixture(scope="module")
def spec():
    return load_chapter("claypool-jitter")


# ----------------------------------------------------------------------------- names and the parameter file
def test_choices_are_the_chapter_parameters_choices(spec):
    assert GENERATORS == ("timeslice", "ciw") == spec.parameters["generator"].choices
    assert PRIORITIES == ("default", "nice", "realtime") == spec.parameters["priority"].choices
    assert STALL_DISTRIBUTIONS == ("exponential", "constant") == spec.parameters["stall_distribution"].choices


@pytest.mark.parametrize("cls", [Mechanisms, MetricSettings])
def test_mechanism_and_metric_defaults_are_the_chapters_defaults(spec, cls):
    """Every field of Mechanisms and MetricSettings is a chapter parameter with the same default."""
    for f in dataclasses.fields(cls):
        assert f.name in spec.parameters, f.name
        assert f.default == spec.parameters[f.name].default, f.name


def test_end_system_defaults_are_the_quiet_ipx_on_ethernet(spec):
    """The featured condition's fields are chapter parameters; the dataclass's own defaults are the idle
    IPX on 10 Mbit/s Ethernet with the thesis's 160 ms, 1280-byte audio stream and normal stalls."""
    assert EndSystem() == EndSystem(specint92=21.8, processor_load=0.0, priority="default", network_Mbps=10.0,
                                    network_load=0.0, period_ms=160.0, frame_bytes=1280, stall_factor=1.0)
    for name in ("specint92", "priority", "network_Mbps", "network_load", "period_ms", "frame_bytes"):
        assert getattr(EndSystem(), name) == spec.parameters[name].default, name
    assert "stall_factor" not in spec.parameters  # set per experiment, not by the reader


def test_settings_are_frozen():
    for obj in (EndSystem(), Mechanisms(), MetricSettings()):
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.period_ms = 1.0


# ----------------------------------------------------------------------------- values from the thesis's tables
def test_machines_are_table_3_3():
    t = load_table("claypool", "ch3_table3_3")
    assert MACHINES == dict(zip(t["workstation"], t["SPECint92"].astype(float), strict=True))
    assert list(MACHINES) == ["SLC", "IPC", "IPX", "Sparc 5"]  # slowest first
    assert REFERENCE_SPECINT92 == MACHINES["IPX"] == 21.8


def test_networks_are_the_bandwidths_of_table_5_4():
    t = load_table("claypool", "jitter_table5_4")
    assert NETWORKS == dict(zip(t["network"], t["bandwidth_Mbit_s"].astype(float), strict=True))
    assert NETWORKS == {"Ethernet": 10.0, "Fibre Channel": 266.0, "HIPPI": 800.0}


def test_send_and_receive_costs_are_table_5_2_ipx_lines_at_1280_bytes():
    """Send 0.210 + 0.000100 x 1280 = 0.338 ms; receive 0.187 + 0.000103 x 1280 = 0.31884 ms."""
    t = load_table("claypool", "ch5_table5_2").set_index("operation")
    for op, cost in (("Send", SEND_COST_MS), ("Receive", RECEIVE_COST_MS)):
        assert cost == pytest.approx(t.loc[op, "IPX_per_packet_ms"] + 1280 * t.loc[op, "IPX_per_byte_ms"], abs=1e-12)
    assert SEND_COST_MS == pytest.approx(0.338, abs=1e-12)
    assert RECEIVE_COST_MS == pytest.approx(0.31884, abs=1e-12)


def test_environment_mean_is_a_constant_five_ms():
    assert ENVIRONMENT_MEAN_MS == 5.0


# ----------------------------------------------------------------------------- Figure 3.8's environments
def test_environments_are_five_in_the_thesis_order():
    assert list(ENVIRONMENTS) == ["Multi/Day", "Multi/Night", "Single/Day", "Single/Night", "Dedicated"]


def test_environments_follow_the_stated_rules():
    """Multi-user: one background process and the normal stall rate; single-user: no background process;
    the dedicated, disconnected system: no load, no network share, no stalls."""
    for name, (load, share, _stalls) in ENVIRONMENTS.items():
        assert load == (1.0 if name.startswith("Multi") else 0.0), name
        assert 0.0 <= share < 1.0
    assert ENVIRONMENTS["Multi/Day"][2] == 1.0
    assert ENVIRONMENTS["Single/Night"][2] == 0.5 * ENVIRONMENTS["Single/Day"][2]  # night halves the stalls
    assert ENVIRONMENTS["Dedicated"] == (0.0, 0.0, 0.0)


def test_environments_noisiest_first():
    """'Noisiest first': no setting grows from one environment to the next."""
    settings = list(ENVIRONMENTS.values())
    for before, after in zip(settings, settings[1:], strict=False):
        assert all(a <= b for a, b in zip(after, before, strict=True)), (before, after)


def test_multi_user_night_is_no_quieter_than_day_as_the_seed_says():
    """Seed line 842: the jitter at night 'appears no better than' during the day (multi-user); only
    single-user mode at night is 'noticeably less' (half the stalls, less network)."""
    assert ENVIRONMENTS["Multi/Night"] == ENVIRONMENTS["Multi/Day"]
    assert ENVIRONMENTS["Single/Night"][2] == 0.5 * ENVIRONMENTS["Single/Day"][2]
    assert ENVIRONMENTS["Single/Night"][1] < ENVIRONMENTS["Single/Day"][1]


# ----------------------------------------------------------------------------- the buffer sweep
def test_buffer_sweep_default_is_0_to_230_ms_in_1_ms_steps():
    b = MetricSettings().buffers_us()
    assert b.shape == (231,)
    assert b[0] == 0.0 and b[-1] == 230_000.0
    assert np.all(np.diff(b) == 1000.0)


@pytest.mark.parametrize("max_ms, last_us", [(10.0, 10_000.0), (10.4, 10_000.0), (57.0, 57_000.0)])
def test_buffer_sweep_ends_at_the_last_whole_ms_not_above_the_maximum(max_ms, last_us):
    b = MetricSettings(buffer_max_ms=max_ms).buffers_us()
    assert b[-1] == last_us and len(b) == last_us / 1000 + 1


def test_buffer_sweep_never_exceeds_the_maximum():
    """A maximum of 10.6 ms sweeps to 10 ms (np.arange(0, max + 0.5, 1) used to reach 11)."""
    b = MetricSettings(buffer_max_ms=10.6).buffers_us()
    assert b[-1] <= 10_600.0


# ----------------------------------------------------------------------------- helpers
@pytest.mark.parametrize("n_bytes, mbps, ms", [
    (1250, 10.0, 1.0),          # 10,000 bits at 10,000 bits/ms
    (1280, 10.0, 1.024),        # the audio frame on Ethernet: 10,240 bits
    (1280, 800.0, 0.0128),      # on HIPPI: 10,240 / 800,000
    (0, 10.0, 0.0),
])
def test_transmission_ms_by_hand(n_bytes, mbps, ms):
    assert transmission_ms(n_bytes, mbps) == pytest.approx(ms, rel=1e-12)


@pytest.mark.parametrize("cost, spec, ms", [
    (0.338, 21.8, 0.338),                   # the reference machine: unchanged
    (0.338, 64.0, 0.338 * 21.8 / 64.0),     # Sparc 5: 7.3684 / 64 = 0.11513
    (1.0, 10.9, 2.0),                       # half the reference power: twice the time
])
def test_host_cost_scales_inversely_with_specint92(cost, spec, ms):
    assert host_cost_ms(cost, spec) == pytest.approx(ms, rel=1e-12)
    assert host_cost_ms(0.338, 64.0) == pytest.approx(0.11513125, rel=1e-12)
