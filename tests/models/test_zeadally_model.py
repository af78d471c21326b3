"""Zeadally Ciw models against their closed forms.

Deterministic stages give the analytic values exactly. With random stages the serial loop is a
renewal process: its throughput is 1 / E[cycle], whatever the variance.

Power calculation for ``test_serial_mean_with_random_stages``: at cv = 0.5 the stage times of the
Eq. 1 path (10.5, 8.75 and 9.13 ms) give a cycle with mean 28.38 ms and standard deviation
0.5 x sqrt(10.5^2 + 8.75^2 + 9.13^2) = 8.22 ms, a coefficient of variation of 0.29. One replication
of 6000 frames measures about 5400 cycles, so its throughput has a relative standard error of
0.29 / sqrt(5400) = 0.39 %, and the mean of 5 replications 0.18 %. A 5 % error in one stage rate
moves the throughput by that stage's share of the cycle: at least 5 % x 8.75 / 28.38 = 1.54 %
(the smallest stage). The tolerance of 0.8 % is 4.5 standard errors (false alarm below 1e-5), and the
smallest 5 % error lies 0.74 % = 4.1 standard errors beyond it (power 0.9999).
"""

import numpy as np
import pytest

from mmperf.data import load_table
from mmstudies.zeadally import analytic as a
from mmstudies.zeadally import model


@pytest.mark.parametrize("rates", [[200, 240, 230], [200, 230], [200, 240, 460]])
def test_ciw_serial_equals_eq1_deterministic(rates):
    r = model.simulate_data_path(rates, frames=300, seed=3)
    assert r["throughput_mbps"] == pytest.approx(1 / sum(1 / z for z in rates), rel=1e-9)


@pytest.mark.parametrize("rates", [[200, 240, 230], [300, 240, 230], [200, 230]])
def test_ciw_pipelined_equals_min_z_deterministic(rates):
    r = model.simulate_data_path(rates, mode="pipelined", frames=300, seed=3)
    assert r["throughput_mbps"] == pytest.approx(min(rates), rel=1e-9)


def test_serial_mean_with_random_stages():
    rates = [200, 240, 230]
    s = model.replicate_data_path(rates, a.FRAME_BITS_PAPER, "serial", 0.5, 6000, 5, 11)
    assert s["n"] == 5 and s["ci_half_width"] > 0
    assert s["mean"] == pytest.approx(1 / sum(1 / z for z in rates), rel=0.008)


def test_pipeline_loses_to_blocking_with_random_stages():
    """Blocking pulls the pipeline below min Z (200) but it stays far above the serial sum (74)."""
    p = model.replicate_data_path([200, 240, 230], a.FRAME_BITS_PAPER, "pipelined", 0.5, 1500, 5, 11)
    assert p["mean"] + p["ci_half_width"] < 200
    assert p["mean"] - p["ci_half_width"] > 74


def test_seeded_runs_repeat_and_seeds_differ():
    a1 = model.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=5)
    a2 = model.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=5)
    b = model.simulate_data_path([200, 240, 230], mode="pipelined", service_cv=0.7, frames=300, seed=6)
    assert a1 == a2 and a1 != b


def test_bad_arguments():
    with pytest.raises(ValueError, match="mode"):
        model.simulate_data_path([200], mode="parallel")
    with pytest.raises(ValueError, match="frames"):
        model.simulate_data_path([200], frames=10)


def test_ps_model_calibration_and_deadline():
    """Calibration columns by construction; fair sharing halves the CPU of a 30 ms video frame.

    Graphics alone cycles in 930/33 + 70/33 = 1000/33 ms: 33 frames/s. With a greedy competitor a
    30 ms video frame needs about 60 ms > the 33.3 ms deadline, so every frame is dropped; a 15 ms
    frame needs 30 ms < 33.3 ms and none is.
    """
    ps = model.cpu_sharing_scenarios(1000 / 30, run_s=12.0).set_index("configuration")
    assert ps.loc["GRAPHICS", "graphics_fps"] == pytest.approx(33, abs=0.2)
    assert ps.loc["GRAPHICS-SHARED-M", "graphics_fps"] == pytest.approx(50, abs=0.2)
    assert ps.loc["VIDEO", "video_dropped_pct"] == 0
    assert ps.loc["VIDEO+GRAPHICS", "video_dropped_pct"] == 100
    assert model.simulate_cpu_sharing(15.0, 28.0, 2.0, run_s=6, warmup_s=1)["video_dropped_pct"] == 0
    assert len(ps) == len(load_table("zeadally", "table2"))


def test_importing_the_package_does_not_import_ciw():
    """The chapter's warm-cache path must not pay for Ciw or statsmodels (issue 11)."""
    import subprocess
    import sys

    code = ("import sys; import mmstudies.zeadally, mmstudies.zeadally.model, "
            "mmstudies.zeadally.costfit, mmstudies.zeadally.record, mmstudies.zeadally.checks, "
            "mmstudies.zeadally.narrative; print('ciw' in sys.modules, 'statsmodels' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


# -- exact cases added from the mutation run (deterministic stages: every count is worked out by hand) ---------

def test_data_path_counts_and_rates_by_hand():
    """Serial, 3 stages, 100 frames: the run lasts 100 cycles c, the warm-up 10. Frame k (k = 1, 2, ...) reaches
    the last stage at k c - t3 and leaves at k c (+1e-12); counted are frames that reach it after the warm-up
    (k >= 11) and leave before the end (k <= 99): 89 frames, 88 gaps of c, so the rate is 1/c exactly.
    One stage of 200 Mbit/s and 1 Mbit frames: c = 5 ms, 200 frames/s and 200 Mbit/s; 50 frames (the smallest
    run allowed) count k = 6..49 (arrival (k-1) c >= 5 c, exit k c <= 50 c): 44. Pipelined [200, 100] Mbit/s:
    the slower stage paces it, 100 frames/s."""
    r = model.simulate_data_path([200, 240, 230], frames=100)
    assert r["frames_measured"] == 89.0
    assert r["throughput_fps"] == pytest.approx(1 / sum(a.FRAME_BITS_PAPER / (z * 1e6) for z in [200, 240, 230]),
                                                rel=1e-9)
    one = model.simulate_data_path([200], frame_bits=1e6, frames=50)
    assert one == pytest.approx({"throughput_fps": 200.0, "throughput_mbps": 200.0, "frames_measured": 44.0},
                                rel=1e-9)
    pipe = model.simulate_data_path([200, 100], frame_bits=1e6, mode="pipelined", frames=50)
    assert pipe["throughput_fps"] == pytest.approx(100.0, rel=1e-9)
    assert pipe["throughput_mbps"] == pytest.approx(100.0, rel=1e-9)


def test_data_path_refusals_say_what_is_allowed():
    with pytest.raises(ValueError, match=r"^mode must be 'serial' or 'pipelined', got 'parallel'$"):
        model.simulate_data_path([200], mode="parallel")
    with pytest.raises(ValueError, match=r"^frames must be >= 50 for a measurable run, got 49$"):
        model.simulate_data_path([200], frames=49)
    with pytest.raises(ValueError, match="stage throughput"):
        model.simulate_data_path([200, 0], frames=50)


def test_replications_use_consecutive_seeds_and_mean_ci():
    """Replication i is the run with seed + i: the summary is mean_ci of exactly those runs."""
    from mmperf.stats import mean_ci

    runs = [model.simulate_data_path([200, 240], 1e6, "serial", 0.5, 60, seed)["throughput_mbps"] for seed in (7, 8)]
    assert runs[0] != runs[1]
    mean, half = mean_ci(runs)
    assert model.replicate_data_path([200, 240], 1e6, "serial", 0.5, 60, 2, 7) == {"mean": mean, "ci_half_width": half,
                                                                                  "n": 2}


def test_variability_sweep_rows_by_hand():
    """Deterministic stages: serial 1/(1/200 + 1/240) = 109.0909 Mbit/s, pipelined min = 200, half-width 0."""
    df = model.variability_sweep([200, 240], 1e6, [0], 60, 2, 1)
    assert list(df.columns) == ["service_cv", "mode", "mbps", "ci_half_width", "replications"]
    assert df["mode"].tolist() == ["serial", "pipelined"]
    assert df["service_cv"].tolist() == [0.0, 0.0] and isinstance(df["service_cv"].iloc[0], float)
    assert df["mbps"].tolist() == pytest.approx([1 / (1 / 200 + 1 / 240), 200.0], rel=1e-9)
    assert df["ci_half_width"].tolist() == [0.0, 0.0] and df["replications"].tolist() == [2, 2]


def test_cpu_sharing_counts_by_hand():
    """Run 3 s, warm-up 0.31 s (a window of 2.69 s). Video alone, 15 ms per frame at 30 frames/s: frames
    arriving at k/30 s with k = 10..89 (after the warm-up, finished before 3 s) are shown, 80 / 2.69 per s;
    at 10 frames/s k = 4..29: 26 / 2.69. A 20 ms frame with a 10 ms deadline is always dropped. Graphics
    alone with a negative off-CPU time (counted as 0) cycles every 28 ms: arrivals 28 k ms, k = 12..106, 95
    frames. With the 30 ms video frame beside it, fair sharing halves the CPU and every video frame misses
    its 33.3 ms deadline."""
    window = 3.0 - 0.31
    assert model.simulate_cpu_sharing(15.0, None, 0.0, run_s=3, warmup_s=0.31) == pytest.approx(
        {"graphics_fps": 0.0, "video_dropped_pct": 0.0, "video_shown_fps": 80 / window})
    assert model.simulate_cpu_sharing(15.0, None, 0.0, video_fps=10, run_s=3, warmup_s=0.31)["video_shown_fps"] \
        == pytest.approx(26 / window)
    assert model.simulate_cpu_sharing(20.0, None, 0.0, deadline_ms=10, run_s=3, warmup_s=0.31) == pytest.approx(
        {"graphics_fps": 0.0, "video_dropped_pct": 100.0, "video_shown_fps": 0.0})
    assert model.simulate_cpu_sharing(None, 28.0, -5.0, run_s=3, warmup_s=0.31) == pytest.approx(
        {"graphics_fps": 95 / window, "video_dropped_pct": 0.0, "video_shown_fps": 0.0})
    assert model.simulate_cpu_sharing(None, 28.0, 2.0, run_s=3, warmup_s=0)["graphics_fps"] == pytest.approx(100 / 3)
    both = model.simulate_cpu_sharing(30.0, 28.0, 2.0, run_s=3, warmup_s=0.31)
    assert both["video_dropped_pct"] == 100.0 and both["video_shown_fps"] == 0.0 and 0 < both["graphics_fps"] < 33.4


def test_cpu_sharing_random_video_and_seeds():
    """A 30 ms frame fits its 33.3 ms deadline when deterministic; with cv 0.9 some frames exceed it, a seed
    repeats its run and another seed gives another."""
    kw = {"run_s": 3, "warmup_s": 0.31}
    assert model.simulate_cpu_sharing(30.0, None, 0.0, **kw)["video_dropped_pct"] == 0.0
    one = model.simulate_cpu_sharing(30.0, None, 0.0, video_cv=0.9, seed=1, **kw)
    assert 0 < one["video_dropped_pct"] < 100
    assert model.simulate_cpu_sharing(30.0, None, 0.0, video_cv=0.9, seed=1, **kw) == one
    assert model.simulate_cpu_sharing(30.0, None, 0.0, video_cv=0.9, seed=2, **kw) != one


def test_cpu_sharing_refusals():
    with pytest.raises(ValueError, match=r"^simulate at least one of video and graphics$"):
        model.simulate_cpu_sharing(None, None, 0.0)
    with pytest.raises(ValueError, match=r"^warmup_s must be in \[0, run_s\); got 3\.0, run_s=3\.0$"):
        model.simulate_cpu_sharing(15.0, None, 0.0, run_s=3.0, warmup_s=3.0)
    with pytest.raises(ValueError, match=r"^warmup_s must be in \[0, run_s\); got -0\.1, run_s=3\.0$"):
        model.simulate_cpu_sharing(15.0, None, 0.0, run_s=3.0, warmup_s=-0.1)
    with pytest.raises(ValueError, match=r"^video_fps must be a finite positive number, got 0\.0$"):
        model.simulate_cpu_sharing(15.0, None, 0.0, video_fps=0.0)


def test_cpu_sharing_scenarios_columns_follow_table2():
    """Each configuration's inputs are cpu_sharing_setups' (Table 2); an application left out has NaN for its
    result; the run's warm-up is a tenth of it."""
    from mmstudies.zeadally.analytic import cpu_sharing_setups

    df = model.cpu_sharing_scenarios(1000 / 30, run_s=3.0).set_index("configuration")
    setups = cpu_sharing_setups(load_table("zeadally", "table2"))
    assert list(df.index) == list(setups)
    for name, (vid, gr, io) in setups.items():
        row = df.loc[name]
        inputs = [row["video_cpu_ms"], row["graphics_cpu_ms"], row["graphics_off_cpu_ms"]]
        assert inputs == pytest.approx([np.nan if v is None else v for v in (vid, gr, io)], nan_ok=True)
        assert np.isnan(row["graphics_fps"]) == (gr is None) and np.isnan(row["video_dropped_pct"]) == (vid is None)
        direct = model.simulate_cpu_sharing(vid, gr, io, deadline_ms=1000 / 30, run_s=3.0, warmup_s=0.3)
        if gr is not None:
            assert row["graphics_fps"] == direct["graphics_fps"]
        if vid is not None:
            assert row["video_dropped_pct"] == direct["video_dropped_pct"]


# -- added from the mutation run of 2026-11-26 (second session): the network's shape and what is passed on -----

def test_data_path_network_shape_by_hand():
    """The network itself: ``frames_in_flight`` frames released at 1e-12 s apart, then never again (1e18 s);
    one server per stage; the first stage's queue unbounded, the later ones' ``buffer_frames`` (0 by default,
    blocking after service) when blocking, unbounded otherwise; stage i routes to i + 1 and the last to the
    first."""
    def shape(**kw):
        net = model._data_path_network([1e-3, 2e-3, 3e-3], 0.0, 5, **kw)
        return [c.queueing_capacity for c in net.service_centres], [c.number_of_servers for c in net.service_centres]

    inf = float("inf")
    assert shape(blocking=True) == ([inf, 0, 0], [1, 1, 1])
    assert shape(blocking=True, buffer_frames=2) == ([inf, 2, 2], [1, 1, 1])
    assert shape(blocking=False) == ([inf, inf, inf], [1, 1, 1])
    assert shape(blocking=False, buffer_frames=2)[0] == [inf, inf, inf]
    customers = model._data_path_network([1e-3, 2e-3, 3e-3], 0.0, 5, blocking=True).customer_classes["Customer"]
    first, *rest = customers.arrival_distributions
    assert first.sequence == [1e-12] * 5 + [1e18] and rest == [None, None]
    assert [d.value for d in customers.service_distributions] == [1e-3, 2e-3, 3e-3]


def test_data_path_passes_frames_in_flight_blocking_and_buffers(monkeypatch):
    """Serial: 1 frame in flight, no blocking. Pipelined over n stages with b frames of buffer: 2 n + b (n - 1)
    frames (3 stages, b = 2: 6 + 4 = 10), blocking, the buffers passed on; stage times are frame_bits / Z
    seconds (1 Mbit at 200, 250 and 500 Mbit/s: 5, 4 and 2 ms)."""
    seen = []

    def network(stage_times, service_cv, frames_in_flight, blocking, buffer_frames=0):
        seen.append((stage_times, service_cv, frames_in_flight, blocking, buffer_frames))
        raise RuntimeError("stop before simulating")

    monkeypatch.setattr(model, "_data_path_network", network)
    for kw in ({"mode": "serial"}, {"mode": "pipelined"}, {"mode": "pipelined", "buffer_frames": 2}):
        with pytest.raises(RuntimeError, match="stop before simulating"):
            model.simulate_data_path([200, 250, 500], frame_bits=1e6, service_cv=0.3, **kw)
    times = pytest.approx([5e-3, 4e-3, 2e-3], rel=1e-12)
    assert seen == [(times, 0.3, 1, False, 0), (times, 0.3, 6, True, 0), (times, 0.3, 10, True, 2)]


def test_data_path_defaults_and_refusals_in_full(monkeypatch):
    """The documented defaults, as a call without them runs: the paper's 2.1 Mbit frame, serial, deterministic,
    2000 frames, seed 1, no buffers. Two stages of 200 Mbit/s in series carry 100 Mbit/s, so 2000 frames of
    1 Mbit last 2000 x 1e6 / 100e6 = 20 s (warm-up 2 s); 2000 frames of 2.1 Mbit through one 200 Mbit/s stage
    last 2000 x 2.1e6 / 200e6 = 21 s (warm-up 2.1 s); a pipelined run lasts its frames at the pipeline's rate,
    min Z (100 frames of 1 Mbit at 200 Mbit/s: 0.5 s). Then the rate from the last stage's completions, and
    each refusal's whole message."""
    from mmperf import queueing

    seen = []

    def network(stage_times, service_cv, frames_in_flight, blocking, buffer_frames=0):
        seen.append(("network", service_cv, frames_in_flight, blocking, buffer_frames))
        return "net"

    def simulate(net, max_time, warmup, seed):
        seen.append(("simulate", net, pytest.approx(max_time, rel=1e-12), pytest.approx(warmup, rel=1e-12), seed))
        raise RuntimeError("stop before simulating")

    monkeypatch.setattr(model, "_data_path_network", network)
    monkeypatch.setattr(queueing, "simulate", simulate)
    with pytest.raises(RuntimeError, match="stop before simulating"):
        model.simulate_data_path([200, 200], frame_bits=1e6)
    with pytest.raises(RuntimeError, match="stop before simulating"):
        model.simulate_data_path([200])
    with pytest.raises(RuntimeError, match="stop before simulating"):  # pipelined: paced by min Z = 200 Mbit/s
        model.simulate_data_path([200, 200], frame_bits=1e6, mode="pipelined", frames=100, seed=4)
    assert seen == [("network", 0.0, 1, False, 0), ("simulate", "net", 20.0, 2.0, 1),
                    ("network", 0.0, 1, False, 0), ("simulate", "net", 21.0, 2.1, 1),
                    ("network", 0.0, 4, True, 0), ("simulate", "net", 0.5, 0.05, 4)]
    # the rate is read from the completions at the last stage: two, 2 s apart, give (2 - 1) / 2 = 0.5 frames/s;
    # one is refused (no gap to measure)
    import pandas as pd

    completions = pd.DataFrame({"node": [1, 2, 2], "exit_date": [0.5, 4.0, 2.0]})
    monkeypatch.setattr(queueing, "simulate", lambda net, max_time, warmup, seed: completions)
    assert model.simulate_data_path([200, 200], frame_bits=1e6) == {"throughput_fps": 0.5, "throughput_mbps": 0.5,
                                                                    "frames_measured": 2.0}
    monkeypatch.setattr(queueing, "simulate", lambda net, max_time, warmup, seed: completions.iloc[:2])
    with pytest.raises(RuntimeError, match=r"^the data-path simulation completed fewer than two frames after "
                                           r"warm-up$"):
        model.simulate_data_path([200, 200], frame_bits=1e6)
    monkeypatch.undo()
    with pytest.raises(ValueError, match=r"^stage throughput must be a finite positive number, got 0$"):
        model.simulate_data_path([200, 0], frames=50)
    for mode, buffers in (("serial", 1), ("pipelined", -1), ("pipelined", 1.5)):
        with pytest.raises(ValueError, match=rf"^buffer_frames must be a whole number >= 0, and 0 in serial mode, "
                                             rf"got {buffers}$"):
            model.simulate_data_path([200, 240], mode=mode, frames=60, buffer_frames=buffers)


def test_buffered_pipeline_by_hand():
    """Deterministic stages [100, 200] Mbit/s, 1 Mbit frames, 2 frames of buffer: the slow first stage paces
    the loop at 100 frames/s = 100 Mbit/s, buffers or not; a serial run of the same stages is 1/(1/100 + 1/200)
    = 66.67 Mbit/s."""
    r = model.simulate_data_path([100, 200], frame_bits=1e6, mode="pipelined", frames=60, buffer_frames=2)
    assert r["throughput_mbps"] == pytest.approx(100.0, rel=1e-9)
    assert model.simulate_data_path([100, 200], frame_bits=1e6, frames=60)["throughput_mbps"] == pytest.approx(
        200 / 3, rel=1e-9)


def test_replications_pass_every_argument_on(monkeypatch):
    """Replication i calls simulate_data_path with the rates as a list, the frame size, mode, cv as a float,
    frames, seed + i and the buffers; the summary is mean_ci of the throughputs in that order."""
    from mmperf.stats import mean_ci

    calls = []

    def simulate(*args):
        calls.append(args)
        return {"throughput_mbps": [10.0, 20.0, 60.0][len(calls) - 1]}

    monkeypatch.setattr(model, "simulate_data_path", simulate)
    out = model.replicate_data_path((200, 240), 1e6, "pipelined", 1, 70, 3, 5, buffer_frames=2)
    assert calls == [([200, 240], 1e6, "pipelined", 1.0, 70, seed, 2) for seed in (5, 6, 7)]
    assert all(isinstance(c[3], float) for c in calls)
    mean, half = mean_ci([10.0, 20.0, 60.0])
    assert out == {"mean": mean, "ci_half_width": half, "n": 3}


def test_cpu_sharing_defaults_as_a_call_without_them_runs(monkeypatch):
    """The defaults of the Table 2 model, read from what a call without them does: the refusal of a warm-up
    not shorter than the run names the default run (60 s) and warm-up (5 s); a 33.34 ms video frame every
    100 ms (no overlap) misses the default deadline of 1000/30 = 33.33 ms every time, and a 33.32 ms one never;
    without a seed the random run is seed 1's. cpu_sharing_scenarios runs each Table 2 column for 60 s with a
    6 s warm-up, deterministic video, seed 1."""
    with pytest.raises(ValueError, match=r"^warmup_s must be in \[0, run_s\); got 60\.0, run_s=60\.0$"):
        model.simulate_cpu_sharing(15.0, None, 0.0, warmup_s=60.0)
    with pytest.raises(ValueError, match=r"^warmup_s must be in \[0, run_s\); got 5\.0, run_s=5\.0$"):
        model.simulate_cpu_sharing(15.0, None, 0.0, run_s=5.0)
    kw = {"video_fps": 10.0, "run_s": 1.0, "warmup_s": 0.05}
    assert model.simulate_cpu_sharing(33.34, None, 0.0, **kw)["video_dropped_pct"] == 100.0
    assert model.simulate_cpu_sharing(33.32, None, 0.0, **kw)["video_dropped_pct"] == 0.0
    # a frame arriving at the end of the warm-up counts: at 4 frames/s (periods exact in binary) the frames of
    # 0.5 and 0.75 s are shown in the last 0.5 s of a 1 s run (the one of 1.0 s ends after it): 2 / 0.5 = 4 per s
    assert model.simulate_cpu_sharing(15.0, None, 0.0, video_fps=4.0, run_s=1.0, warmup_s=0.5)["video_shown_fps"] \
        == 4.0
    random = {"video_cv": 0.9, "run_s": 3, "warmup_s": 0.31}
    assert model.simulate_cpu_sharing(30.0, None, 0.0, **random) == model.simulate_cpu_sharing(
        30.0, None, 0.0, seed=1, **random)

    calls = []

    def simulate(vid, gr, io, **kwargs):
        calls.append((vid, gr, io, kwargs))
        return {"graphics_fps": 1.0, "video_dropped_pct": 2.0, "video_shown_fps": 3.0}

    monkeypatch.setattr(model, "simulate_cpu_sharing", simulate)
    df = model.cpu_sharing_scenarios(40.0)
    assert [c[3] for c in calls] == [{"deadline_ms": 40.0, "run_s": 60.0, "warmup_s": 6.0, "video_cv": 0.0,
                                      "seed": 1}] * len(df)
    setups = a.cpu_sharing_setups(load_table("zeadally", "table2"))
    assert [c[:3] for c in calls] == [tuple(v) for v in setups.values()] and list(df["configuration"]) == list(setups)
