"""Tests of the closed forms of the Sharp & Todirica model (lib/mmstudies/sharp/analytic.py)."""

import math

import numpy as np
import pytest

from mmbook.params import ParameterError, load_chapter
from mmperf.data import load_table
from mmstudies import sharp
from mmstudies.sharp import analytic as A
from mmstudies.sharp.config import StageStats


@pytest.fixture(scope="module")
def paper():
    return sharp.stage_stats(load_table("sharp", "table1"))


def test_fit_matches_table1_moments(paper):
    """The fit solves the mixture's first two moments exactly; a sample of 200,000 draws then has a mean
    within 1 % (the sampling sd of the mean is sd / sqrt(n), at most 0.15 % of the mean here) and an sd
    within 5 % (the spike term makes the sample sd heavy-tailed)."""
    for key in ("sl", "net", "dec", "pres"):
        d = sharp.fit_spiked_gamma(paper[key], 1 / 1500)
        assert d.mean == pytest.approx(paper[key].mean, abs=1e-12)
        assert d.sd == pytest.approx(paper[key].sd, abs=1e-12)
        x = d.sample(np.random.default_rng(0), 200_000)
        assert x.mean() == pytest.approx(paper[key].mean, rel=0.01)
        assert x.std() == pytest.approx(paper[key].sd, rel=0.05)
        assert x.min() >= paper[key].min - 1e-12


def test_declared_spike_range_stays_feasible(paper):
    """notebooks/sharp.yml caps p_spike at 0.015, below the tightest row's feasibility limit."""
    limit = min(sharp.max_feasible_p_spike(paper[k]) for k in ("sl", "net", "dec", "pres"))
    assert load_chapter("sharp").parameters["p_spike"].max < limit
    sharp.fit_stages(paper, load_chapter("sharp").parameters["p_spike"].max)


def test_cpu_stretch_saturation_and_distance_by_hand():
    """cpu_stretch(L) = 0.9 / (1 - L); saturation 1 - 0.9 * 32.6 / 40 = 0.2665; at 60 frames/s the
    sink's 32.6 * 0.9 / 0.9 = 32.6 ms exceeds the 16.7 ms period (utilisation 1.956): no saturation load;
    distance 400 + (150 - 44.4) / 0.005 = 21,520 km."""
    assert sharp.cpu_stretch(0.10, 0.10) == 1.0
    assert sharp.cpu_stretch(0.55, 0.10) == pytest.approx(2.0)
    with pytest.raises(ValueError, match="background_load"):
        sharp.cpu_stretch(1.0)
    assert sharp.saturation_load(32.6, 40.0, 0.10) == pytest.approx(0.2665)
    assert sharp.saturation_load(32.6, 1000 / 60, 0.10) < 0
    assert sharp.offered_sink_utilisation(32.6, 1000 / 60, 0.10, 0.10) == pytest.approx(1.956)
    assert sharp.distance_for_limit(44.4, 150, 400, 5) == pytest.approx(21520.0)
    assert sharp.ip_fragments(16500) == 12 and sharp.ip_fragments(16272) == 11 and sharp.ip_fragments(16273) == 12


def test_clopper_pearson_zero_events_closed_form():
    """With k = 0 the upper bound is 1 - (alpha/2)^(1/n) exactly."""
    assert sharp.clopper_pearson(0, 1500)[1] == pytest.approx(1 - 0.025 ** (1 / 1500), rel=1e-9)


def test_loss_grid_brackets_saturation_at_every_declared_rate():
    """The search grid follows the frame rate: at every rate whose saturation load lies inside [0, 0.95]
    the grid has points on both sides of it (so the loss bound's crossing can be found)."""
    for fps in (1, 10, 15, 20, 25, 30, 60):
        period = 1000 / fps
        sat = sharp.saturation_load(32.6, period, 0.10)
        grid = sharp.loss_grid(32.6, period, 0.10)
        assert min(grid) == 0.0 and max(grid) <= 0.95
        if 0 < sat < 0.9:
            assert min(grid) < sat < max(grid)


def test_two_point_fit_by_hand(paper):
    p, mean, sd = sharp.two_point_fit(paper["sl"])
    assert p == pytest.approx(1 / 9) and mean == pytest.approx(0.05)
    assert sd == pytest.approx(0.09 * math.sqrt(8 / 81))


def test_bad_parameters_are_refused_without_importing_the_model():
    spec = load_chapter("sharp")
    assert spec.validate is None
    with pytest.raises(ParameterError, match="p_spike"):
        spec.resolve({"p_spike": 0.03})
    with pytest.raises(ParameterError, match="warmup_frames"):
        spec.resolve({"warmup_frames": 2000, "frames_per_replication": 1500})
    with pytest.raises(ParameterError, match="ciw_checked"):
        spec.resolve({"replications": 3, "ciw_checked_replications": 5})
    with pytest.raises(ParameterError, match="sink_policy"):
        spec.resolve({"sink_policy": "oldest"})


# --- exact tests added from the mutation run (benchmarks/mutation-report.md) ---
EXACT = 1e-12
DEC_ROW = StageStats(15.6, 29.0, 19.5, 1.57)       # Table 1's decompression row: spikes land in [24.25, 29.0]


def test_spiked_gamma_moments_with_spikes():
    """Body shift 1 + Gamma(4, 0.5) (mean 3, variance 1), spikes Uniform(5, 7) (mean 6, variance 1/3), half each:
    mean 4.5; variance 0.5 x 1 + 0.5 x 1/3 + 0.25 x (6 - 3)^2 = 35/12. A point mass (shape 0) has sd 0."""
    d = A.SpikedGamma(shift=1.0, shape=4.0, scale=0.5, p_spike=0.5, spike_low=5.0, spike_high=7.0)
    assert d.mean == pytest.approx(4.5, rel=EXACT)
    assert d.sd == pytest.approx(math.sqrt(35 / 12), rel=EXACT)
    assert A.SpikedGamma(2.0, 0.0, 1.0, 0.0, 5.0, 6.0).sd == 0.0


def test_spiked_gamma_sample_draws_spikes_with_their_weight():
    """Spikes in [100, 101) cannot be gamma draws (Gamma(1, 1) > 100 has probability e^-100): with p_spike = 0.5
    about half of 2,000 draws are spikes (sd of the share 1.1 %, band +-5 %), every spike a fresh uniform draw;
    with p_spike = 1 every draw is a spike, all different; with p_spike = 0 none."""
    d = A.SpikedGamma(0.0, 1.0, 1.0, 0.5, 100.0, 101.0)
    x = d.sample(np.random.default_rng(1), 2000)
    spikes = x[x >= 100.0]
    assert 0.45 < len(spikes) / 2000 < 0.55
    assert len(set(spikes.tolist())) == len(spikes) and spikes.max() < 101.0
    allspikes = A.SpikedGamma(0.0, 1.0, 1.0, 1.0, 100.0, 101.0).sample(np.random.default_rng(1), 50)
    assert ((allspikes >= 100.0) & (allspikes < 101.0)).all() and len(set(allspikes.tolist())) == 50
    assert (A.SpikedGamma(0.0, 1.0, 1.0, 0.0, 100.0, 101.0).sample(np.random.default_rng(1), 2000) < 100).all()


@pytest.mark.parametrize("p", [1, 1.5, -0.1])
def test_fit_refuses_a_spike_weight_outside_zero_one(p):
    with pytest.raises(ValueError) as err:
        A.fit_spiked_gamma(DEC_ROW, p)
    assert str(err.value) == f"p_spike must be in [0, 1), got {p!r}"


def test_fit_refuses_a_spike_weight_that_leaves_no_body():
    """p = 0.5: spike mean (24.25 + 29) / 2 = 26.625, so the body's mean would be (19.5 - 13.3125) / 0.5 = 12.375,
    below the minimum 15.6."""
    with pytest.raises(ValueError) as err:
        A.fit_spiked_gamma(DEC_ROW, 0.5)
    assert str(err.value) == "p_spike = 0.5 leaves no gamma body with mean 19.5 and sd 1.57 above the minimum 15.6"


def test_max_feasible_p_spike_of_the_stream_layer_row():
    """Stream layer (0.04, 0.13, mean 0.05): spikes in [0.09, 0.13], mean 0.11; the body's mean reaches the minimum
    when (0.05 - 0.11 p) / (1 - p) = 0.04, i.e. p = 0.01 / 0.07 = 1/7 (the variance condition binds later)."""
    assert A.max_feasible_p_spike(StageStats(0.04, 0.13, 0.05, 0.03)) == pytest.approx(1 / 7, rel=1e-12)


def test_cpu_stretch_and_sink_load_use_the_given_reference():
    """Reference 0.2, background 0.5: stretch 0.8 / 0.5 = 1.6 (with the paper's 0.1: 1.8); a 20 ms sink per 40 ms
    frame offers 20 x 1.6 / 40 = 0.8 (0.9 with the default reference); the saturation load solves
    20 x 0.8 / (1 - L) = 40: L = 0.6. No background load (0) is allowed: stretch 0.9 with the paper's reference."""
    assert A.cpu_stretch(0.5, 0.2) == pytest.approx(1.6, rel=EXACT)
    assert A.cpu_stretch(0.0) == pytest.approx(0.9, rel=EXACT)
    assert A.offered_sink_utilisation(20.0, 40.0, 0.5, 0.2) == pytest.approx(0.8, rel=EXACT)
    assert A.offered_sink_utilisation(20.0, 40.0, 0.5) == pytest.approx(0.9, rel=EXACT)
    assert A.saturation_load(20.0, 40.0, 0.2) == pytest.approx(0.6, rel=EXACT)
    assert A.saturation_load(32.6, 40.0) == pytest.approx(1 - 0.9 * 32.6 / 40, rel=EXACT)    # default 0.1


def test_fifo_server_and_presence_at_equal_times():
    """A frame arriving exactly when the previous one leaves finds the server empty (the departure counts first);
    arrivals and services of different lengths are refused."""
    assert A.fifo_single_server(np.array([0.0, 3.0]), np.array([3.0, 3.0])).tolist() == [3.0, 6.0]
    assert A._present_at_arrival(np.array([0.0, 3.0]), np.array([3.0, 6.0])).tolist() == [0, 0]
    with pytest.raises(ValueError):
        A.fifo_single_server(np.array([0.0, 1.0]), np.array([1.0]))


def _times(**kw):
    return {k: np.asarray(kw[k], dtype=float) for k in ("sl_src", "net", "sl_dst", "dec", "pres")}


COLUMNS = ["frame", "capture", "fate", "sl_src_arrive", "sl_src_wait", "sl_src_service", "sl_src_blocked",
           "sl_src_exit", "net_arrive", "net_wait", "net_service", "net_blocked", "net_exit", "sl_dst_arrive",
           "sl_dst_wait", "sl_dst_service", "sl_dst_blocked", "sl_dst_exit", "sink_arrive", "sink_wait",
           "sink_service", "sink_blocked", "sink_exit", "arrive_sink", "sink_start", "display", "e2e", "dec", "pres"]
NAN = float("nan")


def _check(frames, expected):
    """Columns in order; the expected values (NaN for a dropped frame's sink columns), every one a float column."""
    assert list(frames.columns) == COLUMNS
    for col, values in expected.items():
        assert col == "frame" or frames[col].dtype == np.float64, col
        np.testing.assert_allclose(frames[col].to_numpy(dtype=float), values, rtol=0, atol=1e-12, err_msg=col)


#: Frames every 10 ms; source stream layer 15, 1, 1 ms; network 10, 1, 1 ms (frame 1 is overtaken); destination
#: stream layer 2, 6, 2 ms; decode 4, 5, 3 and present 2, 1, 3 ms (sink 6 ms each).
#: Source: frame 1 runs 10-25, frame 2 waits 5 (runs 25-26), frame 3 runs 30-31: a peak of 1 frame found there.
#: Network exits 35, 27, 32. Destination in that order: frame 2 runs 27-33, frame 3 arrives 32, waits 1, runs
#: 33-35, frame 1 arrives 35 (frame 3 leaves at 35: not counted) and runs 35-37: peak 1.
#: The sink sees frames 2, 3, 1 at 33, 35, 37.
OVERTAKE = _times(sl_src=[15, 1, 1], net=[10, 1, 1], sl_dst=[2, 6, 2], dec=[4, 5, 3], pres=[2, 1, 3])
UPSTREAM = {"frame": [1, 2, 3], "capture": [10, 20, 30],
            "sl_src_arrive": [10, 20, 30], "sl_src_wait": [0, 5, 0], "sl_src_service": [15, 1, 1],
            "sl_src_blocked": [0, 0, 0], "sl_src_exit": [25, 26, 31],
            "net_arrive": [25, 26, 31], "net_wait": [0, 0, 0], "net_service": [10, 1, 1], "net_blocked": [0, 0, 0],
            "net_exit": [35, 27, 32],
            "sl_dst_arrive": [35, 27, 32], "sl_dst_wait": [0, 0, 1], "sl_dst_service": [2, 6, 2],
            "sl_dst_blocked": [0, 0, 0], "sl_dst_exit": [37, 33, 35], "arrive_sink": [37, 33, 35]}


def test_recursion_newest_sink_by_hand():
    """Newest-frame sink: frame 2 is shown 33-39; frame 3 arrives at 35 and waits (sink busy); frame 1 arrives at
    37, older than frame 3 (accepted), and is dropped on arrival, finding 2 frames there; frame 3 is shown 39-45."""
    frames, peaks = A.pipeline_recursion(OVERTAKE, 10.0)
    assert peaks == {"sl_src": 1, "sl_dst": 1, "sink": 2}
    assert list(frames["fate"]) == ["dropped", "shown", "shown"]
    _check(frames, {**UPSTREAM, "sink_arrive": [NAN, 33, 35], "sink_wait": [NAN, 0, 4], "sink_service": [NAN, 6, 6],
                    "sink_blocked": [NAN, 0, 0], "sink_exit": [NAN, 39, 45], "sink_start": [NAN, 33, 39],
                    "display": [NAN, 39, 45], "e2e": [NAN, 19, 15], "dec": [NAN, 5, 3], "pres": [NAN, 1, 3]})


def test_recursion_fifo_sink_by_hand():
    """FIFO sink over the same arrivals (33, 35, 37): frame 2 shown 33-39, frame 3 39-45 (waits 4), frame 1 45-51
    (waits 8); frame 1 finds 2 frames there. Every frame is shown."""
    frames, peaks = A.pipeline_recursion(OVERTAKE, 10.0, "fifo")
    assert peaks == {"sl_src": 1, "sl_dst": 1, "sink": 2}
    assert list(frames["fate"]) == ["shown"] * 3
    _check(frames, {**UPSTREAM, "sink_arrive": [37, 33, 35], "sink_wait": [8, 0, 4], "sink_service": [6, 6, 6],
                    "sink_blocked": [0, 0, 0], "sink_exit": [51, 39, 45], "sink_start": [45, 33, 39],
                    "display": [51, 39, 45], "e2e": [41, 19, 15], "dec": [4, 5, 3], "pres": [2, 1, 3]})


@pytest.mark.parametrize("policy", ["newest", "fifo"])
def test_recursion_back_to_back_frames_find_nobody(policy):
    """Frames every 40 ms, a 40 ms sink and nothing else: each frame arrives as the previous one leaves, so no frame
    finds another anywhere (every peak 0) and all are shown at 80, 120, 160."""
    frames, peaks = A.pipeline_recursion(_times(sl_src=[0] * 3, net=[0] * 3, sl_dst=[0] * 3, dec=[40] * 3,
                                                pres=[0] * 3), 40.0, policy)
    assert peaks == {"sl_src": 0, "sl_dst": 0, "sink": 0}
    assert frames["display"].tolist() == [80.0, 120.0, 160.0]
    assert A.exact_for_capacity(peaks, 0)


def test_recursion_newest_sink_serves_the_waiting_frame_at_the_arrival_instant():
    """Frames every 20 ms, sink 40 ms: frame 1 shown 20-60; frame 2 arrives at 40 and waits; frame 3 arrives at 60,
    the instant frame 2 starts (shown 60-100), and waits; frame 4 arrives at 80 and supersedes frame 3 (2 frames
    present: one in service, one waiting); frame 4 is shown 100-140."""
    frames, peaks = A.pipeline_recursion(_times(sl_src=[0] * 4, net=[0] * 4, sl_dst=[0] * 4, dec=[40] * 4,
                                                pres=[0] * 4), 20.0)
    assert list(frames["fate"]) == ["shown", "shown", "dropped", "shown"]
    _check(frames, {"display": [60, 100, NAN, 140], "sink_start": [20, 60, NAN, 100]})
    assert peaks["sink"] == 2


def test_recursion_newest_sink_keeps_going_after_a_late_old_frame():
    """Frames every 10 ms, network 1, 20, 1, 1 ms, sink 25, 5, 10, 5 ms: frame 1 shown 11-36; frame 3 arrives at 31
    and waits; frame 2 arrives at 40 (after frame 3 started at 36, shown 36-46) and is dropped as older; frame 4
    arrives at 41, waits (one frame present) and is shown 46-51. No frame ever finds more than one there."""
    frames, peaks = A.pipeline_recursion(_times(sl_src=[0] * 4, net=[1, 20, 1, 1], sl_dst=[0] * 4,
                                                dec=[25, 5, 10, 5], pres=[0] * 4), 10.0)
    assert list(frames["fate"]) == ["shown", "dropped", "shown", "shown"]
    _check(frames, {"display": [36, NAN, 46, 51], "e2e": [26, NAN, 16, 11]})
    assert peaks["sink"] == 1


def test_recursion_takes_simultaneous_arrivals_in_capture_order():
    """40 frames every 1 ms; network 40 - i - (i mod 2) ms for frame index i, so the odd-indexed frames all reach the
    destination at 40 ms and the even-indexed ones at 41 ms: ties, served in capture order (as a FIFO queue would
    take frames arriving together). Destination 1 ms each: odd index 2j + 1 leaves at 41 + j, even index 2j at
    61 + j. With no destination time, the same ties reach a FIFO sink of 1 ms: displayed at the same instants."""
    i = np.arange(40)
    net = 40.0 - i - (i % 2)
    expected = np.where(i % 2 == 1, 41 + i // 2, 61 + i // 2)
    frames, _ = A.pipeline_recursion(_times(sl_src=[0] * 40, net=net, sl_dst=[1] * 40, dec=[0] * 40,
                                            pres=[0] * 40), 1.0, "fifo")
    assert frames["sl_dst_exit"].tolist() == expected.tolist()
    frames, _ = A.pipeline_recursion(_times(sl_src=[0] * 40, net=net, sl_dst=[0] * 40, dec=[1] * 40,
                                            pres=[0] * 40), 1.0, "fifo")
    assert frames["display"].tolist() == expected.tolist()


def test_recursion_of_no_frames_and_a_bad_policy():
    frames, peaks = A.pipeline_recursion(_times(sl_src=[], net=[], sl_dst=[], dec=[], pres=[]), 10.0)
    assert peaks == {"sl_src": 0, "sl_dst": 0, "sink": 0} and list(frames.columns) == COLUMNS and len(frames) == 0
    frames, peaks = A.pipeline_recursion(_times(sl_src=[], net=[], sl_dst=[], dec=[], pres=[]), 10.0, "fifo")
    assert peaks == {"sl_src": 0, "sl_dst": 0, "sink": 0}
    with pytest.raises(ValueError) as err:
        A.pipeline_recursion(OVERTAKE, 10.0, "oldest")
    assert str(err.value) == "sink_policy must be 'newest' or 'fifo', got 'oldest'"


def test_exact_for_capacity_allows_a_peak_equal_to_the_capacity():
    """Ciw refuses an arrival that finds capacity + 1 frames; finding exactly `capacity` is fine."""
    assert A.exact_for_capacity({"sl_src": 0, "sl_dst": 1, "sink": 2}, 2)
    assert not A.exact_for_capacity({"sl_src": 0, "sl_dst": 3, "sink": 2}, 2)


def test_clopper_pearson_closed_forms():
    """Beta(1, b) has cdf 1 - (1 - x)^b and Beta(a, 1) has cdf x^a. One event in two trials: lower bound
    1 - sqrt(1 - alpha/2), upper sqrt(1 - alpha/2); all n events: lower (alpha/2)^(1/n), upper 1."""
    lo, hi = A.clopper_pearson(1, 2)
    assert (lo, hi) == (pytest.approx(1 - math.sqrt(0.975), rel=1e-9), pytest.approx(math.sqrt(0.975), rel=1e-9))
    lo, hi = A.clopper_pearson(1, 2, level=0.90)
    assert (lo, hi) == (pytest.approx(1 - math.sqrt(0.95), rel=1e-9), pytest.approx(math.sqrt(0.95), rel=1e-9))
    lo, hi = A.clopper_pearson(3, 3)
    assert lo == pytest.approx(0.025 ** (1 / 3), rel=1e-9) and hi == 1.0


def _smallest(rate, bound, level=0.95):
    """The definition, by exhaustive search: the first n whose upper bound for round(rate n) losses is below."""
    n = 1
    while A.clopper_pearson(round(rate * n), n, level)[1] >= bound:
        n += 1
    return n


def test_frames_to_support_small_answers_exactly():
    """No loss: 1 - 0.025^(1/n) < 0.1 once n > ln 0.025 / ln 0.9 = 35.01, so 36; at level 0.90 1 - 0.05^(1/n) < 0.1
    once n > ln 0.05 / ln 0.9 = 28.43, so 29 (also when n_max = 30, where the 95 % bound would still be 0.116);
    1 - 0.025^(1/n) < 0.9 from n = 2 (n = 1 gives 0.975), < 0.98 from n = 1. With losses the answer is the
    definition's (exhaustive search), e.g. 3 % losses below a 10 % bound."""
    assert A.frames_to_support(0.0, 0.1) == 36 and isinstance(A.frames_to_support(0.0, 0.1), int)
    assert A.frames_to_support(0.0, 0.1, level=0.90) == 29
    assert A.frames_to_support(0.0, 0.1, level=0.90, n_max=30) == 29
    assert A.frames_to_support(0.0, 0.9) == 2
    assert A.frames_to_support(0.0, 0.98) == 1
    assert A.frames_to_support(0.0, 0.96, level=0.90) == 1          # n = 1 at level 0.90: 1 - 0.05 = 0.95
    # 'below' is strict: a bound equal to the upper bound at n frames needs n + 1 (the bound decreases with n)
    assert A.frames_to_support(0.0, A.clopper_pearson(0, 1)[1]) == 2
    assert A.frames_to_support(0.0, A.clopper_pearson(0, 36)[1]) == 37
    for rate, bound in ((0.03, 0.1), (0.05, 0.2), (0.01, 0.05)):
        assert A.frames_to_support(rate, bound) == _smallest(rate, bound)


def test_frames_to_support_gives_up_at_n_max():
    """Half the frames lost: the bound stays near 0.5 whatever n, so the default n_max = 10,000,000 comes back."""
    assert A.frames_to_support(0.5, 1e-3) == 10_000_000
    assert A.frames_to_support(0.0, 1e-3, n_max=1000) == 1000            # 1 - 0.025^(1/1000) = 0.0037
    # with 3 % losses n_max = 84 frames means 3 losses (round(2.52)), upper bound 0.1008 >= 0.1: n_max comes back,
    # as documented, although 70 frames (2 losses, 0.0994) would do
    assert A.frames_to_support(0.03, 0.1, n_max=84) == 84
    assert A.clopper_pearson(3, 84)[1] >= 0.1 > A.clopper_pearson(2, 70)[1]


def test_expected_max_of_three_normals():
    """E max of 3 standard normals = 3 / (2 sqrt(pi)) = 0.846284 (a classical closed form; 2 gives 1 / sqrt(pi))."""
    assert A.expected_max_normal(3) == pytest.approx(3 / (2 * math.sqrt(math.pi)), rel=1e-9)


def test_fits_table_reproduces_each_rows_moments():
    """The mixture's mean and sd equal Table 1's by construction; the maximum's distance above the mean in sd is
    (max - mean) / sd by hand: sl (0.13 - 0.05) / 0.03 = 2.67, dec 6.05, pres (27.2 - 13.1) / 1.5 = 9.4,
    net (20.1 - 10.5) / 0.96 = 10.0."""
    paper = sharp.stage_stats(load_table("sharp", "table1"))
    t = A.fits_table(paper, 0.000667).set_index("Table 1 row")
    assert list(t.index) == ["Stream layer", "Network transmission", "Video decoding", "Video presentation"]
    assert [round(float(z), 2) for z in t["max in sd above mean"]] == [2.67, 10.0, 6.05, 9.4]
    for key, row in (("sl", "Stream layer"), ("dec", "Video decoding"), ("pres", "Video presentation")):
        assert t.loc[row, "shift = min"] == paper[key].min
        assert t.loc[row, "mixture mean"] == pytest.approx(paper[key].mean, rel=1e-9)
        assert t.loc[row, "mixture sd"] == pytest.approx(paper[key].sd, rel=1e-9)


# --- added from the mutation run (2026-11-26, fourth session) ---
def test_fits_table_every_column_by_hand():
    """Four made-up rows whose fits are exact binary fractions (p_spike = 0: the method of moments,
    shape = (mean - min)^2 / sd^2, scale = sd^2 / (mean - min); spikes between (mean + max) / 2 and max):
    sl (min 1, max 9, mean 3, sd 1): shape 4, scale 0.5, spikes 6 to 9, max 6 sd above the mean;
    net (2, 12, 4, 2): shape 1, scale 2, spikes 8 to 12, 4 sd; dec (0, 5, 1, 0.5): shape 4, scale 0.25,
    spikes 3 to 5, 8 sd; pres (10, 20, 12, 1): shape 4, scale 0.5, spikes 16 to 20, 8 sd. The rows come in
    fit_stages' order (sl, net, dec, pres), named as Table 1 names them."""
    stats = {"sl": StageStats(1.0, 9.0, 3.0, 1.0), "net": StageStats(2.0, 12.0, 4.0, 2.0),
             "dec": StageStats(0.0, 5.0, 1.0, 0.5), "pres": StageStats(10.0, 20.0, 12.0, 1.0)}
    t = A.fits_table(stats, 0.0)
    assert list(t.columns) == ["Table 1 row", "shift = min", "gamma shape", "gamma scale", "spike range",
                               "max in sd above mean", "mixture mean", "mixture sd"]
    assert t.to_dict("records") == [
        {"Table 1 row": "Stream layer", "shift = min": 1.0, "gamma shape": 4.0, "gamma scale": 0.5,
         "spike range": "6.00 to 9.00", "max in sd above mean": 6.0, "mixture mean": 3.0, "mixture sd": 1.0},
        {"Table 1 row": "Network transmission", "shift = min": 2.0, "gamma shape": 1.0, "gamma scale": 2.0,
         "spike range": "8.00 to 12.00", "max in sd above mean": 4.0, "mixture mean": 4.0, "mixture sd": 2.0},
        {"Table 1 row": "Video decoding", "shift = min": 0.0, "gamma shape": 4.0, "gamma scale": 0.25,
         "spike range": "3.00 to 5.00", "max in sd above mean": 8.0, "mixture mean": 1.0, "mixture sd": 0.5},
        {"Table 1 row": "Video presentation", "shift = min": 10.0, "gamma shape": 4.0, "gamma scale": 0.5,
         "spike range": "16.00 to 20.00", "max in sd above mean": 8.0, "mixture mean": 12.0, "mixture sd": 1.0},
    ]
