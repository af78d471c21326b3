"""The Sharp chapter's default headline metrics (notebooks/sharp.yml ``headline:``), pinned by derivation.

Each metric is computed by the chapter's own code at the default parameters (fewer replications and frames,
so the test stays short: the metrics are means, so the size changes only their noise) and compared with a
value derived independently: by hand from Table 1 (the mixture means are exact by the fit, so the stage means
add up to 0.05 + 10.5 + 0.05 + 19.5 + 13.1 = 43.2 ms), or by a separate implementation of the newest-frame
sink written below from the model's description (A4, A5), run on the same stage-time draws.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from mmbook.params import load_chapter
from mmstudies.sharp import experiments
from mmstudies.sharp.analytic import cpu_stretch, distance_for_limit, fit_stages
from mmstudies.sharp.config import load_inputs
from mmstudies.sharp.model import sample_stage_times

P = load_chapter("sharp").defaults()
INP = load_inputs()
STAGE_SUM = 0.05 + 10.5 + 0.05 + 19.5 + 13.1      # Table 1's means, the Stream Layer row twice (A3)
SINK_MEAN = 19.5 + 13.1                            # decoding + presentation (A4)
PERIOD = 1000.0 / 25.0


def newest_sink(times: dict[str, np.ndarray], period: float) -> tuple[int, int, np.ndarray]:
    """(frames dropped, frames late, delays of shown frames): an independent newest-frame sink.

    The Stream Layer (at most 0.13 ms per frame, spikes included) never queues a frame captured 40 ms after
    the last, and network times differ by at most 20.1 - 8.9 = 11.2 ms < 40 ms, so frames reach the sink in
    capture order at capture + sl_src + net + sl_dst. The sink serves one frame at a time (decode + present);
    when it frees, it takes the newest frame that has arrived and drops any older one still waiting. A shown
    frame is late when it is displayed after the next frame reaches the sink.
    """
    n = len(times["net"])
    capture = np.arange(1, n + 1) * period
    arrive = capture + times["sl_src"] + times["net"] + times["sl_dst"]
    service = times["dec"] + times["pres"]
    display = np.full(n, np.nan)
    free, waiting = -math.inf, None
    for k in range(n):
        if waiting is not None and free <= arrive[k]:
            display[waiting] = free + service[waiting]
            free, waiting = display[waiting], None
        if free <= arrive[k]:
            display[k] = arrive[k] + service[k]
            free = display[k]
        else:
            waiting = k          # supersedes an older waiting frame, which stays dropped
    if waiting is not None:
        display[waiting] = free + service[waiting]
    shown = ~np.isnan(display)
    late = int(np.sum(display[:-1][shown[:-1]] > arrive[1:][shown[:-1]]))
    return int(n - shown.sum()), late, (display - capture)[shown]


@pytest.fixture(scope="module")
def replications():
    return experiments.replicate_pipeline(
        p_spike=P["p_spike"], frame_rate_fps=P["frame_rate_fps"], background_load=P["background_load"],
        queue_capacity=P["queue_capacity"], sink_policy=P["sink_policy"], frames_per_replication=1500,
        warmup_frames=P["warmup_frames"], replications=10, seed=P["seed"], table1_stats=INP.paper,
        measured_load=INP.reference_load, ciw_checked=0)


def _independent(seed: int, n: int, load: float = 0.1, warmup: int = 0):
    times = sample_stage_times(fit_stages(INP.paper, P["p_spike"]), n, seed, load, INP.reference_load)
    return newest_sink(times, PERIOD)


def test_e2e_mean_is_table1s_stage_sum_plus_the_sinks_wait(replications):
    """Each frame's delay is its five stage times plus its wait at the sink (no other queue waits, see
    newest_sink), so the mean is at least 43.2 ms; D/G/1 at rho = 32.6 / 40 = 0.815 with service sd
    sqrt(1.57^2 + 1.50^2) = 2.17 ms gives Kingman's wait rho / (1 - rho) x cs^2 / 2 x s = 4.41 x 0.00222 x 32.6
    = 0.32 ms, an upper estimate for deterministic arrivals. And the independent sink gives the same mean."""
    runs = replications["runs"]
    mean, half = runs["e2e_mean"].mean(), 2.262 * runs["e2e_mean"].std(ddof=1) / math.sqrt(len(runs))
    assert STAGE_SUM - half <= mean <= STAGE_SUM + 0.32
    own = np.concatenate([_independent(P["seed"] + i, 1525)[2][P["warmup_frames"]:] for i in range(10)])
    assert mean == pytest.approx(own.mean(), abs=0.05)   # warm-up cut by frame index vs by shown frame


def test_e2e_sd_is_the_root_of_table1s_summed_variances(replications):
    """Independent stages: sqrt(2 x 0.03^2 + 0.96^2 + 1.57^2 + 1.50^2) = sqrt(5.6383) = 2.3745 ms; the sink's
    waits add a little. Per-sample sds over 10 samples of 1500: within 0.1 ms."""
    sd = math.sqrt(2 * 0.03 ** 2 + 0.96 ** 2 + 1.57 ** 2 + 1.50 ** 2)
    assert sd == pytest.approx(2.3745, abs=1e-4)
    assert replications["runs"]["e2e_sd"].mean() == pytest.approx(sd, abs=0.1)


def test_sink_utilisation_is_the_utilisation_law(replications):
    """No frame is dropped, so the sink is busy (19.5 + 13.1) / 40 = 0.815 of the time, up to sampling noise:
    the sd of a 1500-frame mean of the sink time is 2.17 / sqrt(1500) = 0.056 ms, 0.0014 of 40 ms; 10 samples
    average it to 0.00044; 4 of those is 0.0018."""
    assert SINK_MEAN / PERIOD == pytest.approx(0.815)
    assert replications["runs"]["sink_utilisation"].mean() == pytest.approx(0.815, abs=0.0018)


def test_loss_and_late_rates_equal_the_independent_sink(replications):
    """Dropped and late frames counted by the chapter's recursion equal those of newest_sink on the same draws
    (seeds seed, seed + 1, ...; the first 25 frames are warm-up). The default headline is 0 dropped and about
    0.8 % late (late frames are shown, a little late)."""
    runs = replications["runs"]
    dropped = late = 0
    for i in range(10):
        d, lt, _ = _independent(P["seed"] + i, 1525)
        dropped, late = dropped + d, late + lt
    assert int(runs["dropped"].sum()) == dropped == 0
    ours_late = int(round((runs["late_rate"] * runs["frames"]).sum()))
    assert abs(ours_late - late) <= 10   # warm-up frames (25 per sample) are counted by the independent sink
    assert 0.004 < late / 15250 < 0.013


def test_long_run_loss_equals_the_independent_sink():
    """The long run (seeds from seed + 1000) through the chapter's code and through newest_sink: the same drops."""
    long = experiments.long_run_loss(p_spike=P["p_spike"], frame_rate_fps=25.0, background_load=0.1,
                                     total_frames=40000, replications=4, seed=P["seed"], table1_stats=INP.paper,
                                     measured_load=INP.reference_load)
    own = sum(_independent(P["seed"] + 1000 + i, 10000)[0] for i in range(4))
    assert int(long["dropped"].sum()) == own == 0


def test_load_at_loss_bound_lies_at_the_sinks_saturation():
    """Saturation: 32.6 x (1 - 0.1) / (1 - L) = 40 gives L = 1 - 0.9 x 32.6 / 40 = 0.2665. One grid step above
    it (0.2815) the sink is offered 0.9 x 32.6 / (0.7185 x 40) = 1.021 of its capacity, so it must drop at least
    1 - 1 / 1.021 = 2 % of the frames: loss passes 1e-3 at 0.2815 at the latest. The chapter's sweep finds the
    first load above the bound where the independent sink does."""
    sat = 1 - 0.9 * 32.6 / 40
    assert sat == pytest.approx(0.2665)
    loads = experiments.loss_grid(SINK_MEAN, PERIOD, 0.1)
    sweep = experiments.loss_sweep(loads=loads, p_spike=P["p_spike"], frame_rate_fps=25.0, frames=10000,
                                   seed=P["seed"], table1_stats=INP.paper, measured_load=0.1, workers=1)
    first = experiments.first_load_over(sweep, 1e-3)
    assert sat - 0.05 <= first <= round(sat + 0.015, 4)
    assert cpu_stretch(round(sat + 0.015, 4), 0.1) * SINK_MEAN / PERIOD == pytest.approx(1.021, abs=1e-3)
    for j, load in enumerate(loads):       # the independent sink, on the sweep's own draws (5 x 2000 frames)
        dropped = sum(_independent(P["seed"] + 100 * j + 1000 + i, 2000, load)[0] for i in range(5))
        assert (dropped / 10000 > 1e-3) == (load >= first), load


def test_max_distance_follows_from_the_mean_and_the_fibre_delay(replications):
    """Propagation at 5 us/km: the mean reaches 150 ms at 400 km + (150 - e2e) / 0.005 km. With the mean in
    [43.2, 43.52] ms that is 21,696-21,760 km."""
    mean = replications["runs"]["e2e_mean"].mean()
    far = distance_for_limit(mean, 150.0, 400.0, 5.0)
    assert far == pytest.approx(400 + (150 - mean) / 0.005)
    assert 21_690 <= far <= 21_760
