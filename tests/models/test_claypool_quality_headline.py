"""The chapter's default headline metrics (``headline:`` of notebooks/claypool-quality.yml), each pinned by a
derivation written here (issue 27 item 4): by hand where the model is a closed form (the what-if point, the
flying crossover), and otherwise by the property that defines the number, checked at the number and its
neighbours with the model's point function rather than the search or root finder that produced it (the two
calibrations are roots of Q = 1 at their anchors; the user and soldier limits are where Q crosses 1).
"""

from __future__ import annotations

import math

import pytest

from mmbook.params import load_chapter
from mmstudies.claypool_quality import analytic as an
from mmstudies.claypool_quality import experiments as ex
from mmstudies.claypool_quality.data import load_inputs

DEFAULTS = load_chapter("claypool-quality").defaults()


@pytest.fixture(scope="module")
def run():
    return ex.run(DEFAULTS)


def test_the_headline_list_is_the_one_pinned_here():
    assert list(load_chapter("claypool-quality").headline) == [
        "audio_kappa_ms2_per_load", "fig5_25_sparc5_fc_max_users", "fig6_12_crossover_clients",
        "vc_display_delay_frames", "fig7_7_15x_max_soldiers", "whatif_quality_2d"]


def test_whatif_quality_by_hand(run):
    """(150 ms, 3 %) against the limits (230 ms, 6 %): Q = sqrt((150/230)^2 + (3/6)^2) = sqrt(0.425331 + 0.25)
    = 0.821786 (Euclidean, section 2.3)."""
    assert run["whatif_quality_2d"] == pytest.approx(math.sqrt((150 / 230) ** 2 + 0.5 ** 2), rel=1e-12)
    assert run["whatif_quality_2d"] == pytest.approx(0.821786, abs=1e-6)


def test_flying_crossover_by_hand(run):
    """20-processor clients. Compressed: a client decompresses a 24 Mbit frame in 0.000341 ms/bit x 24e6 bit / 4
    (Indigo 2 over IPX) / 20 = 102.3 ms, so it takes at most 24 x 1000 / 102.3 = 234.60 Mbit/s; the server
    sends min(1608, 622 / 0.3) = 1608 Mbit/s, over 234.60 per client up to 6 clients. Q = sqrt(x^2 + y^2) with
    the shortfall x = (720 - 234.60) / (720 - 20) = 0.69342 and y = 102.3 / 230 = 0.44478: Q = 0.82381 at 4 and 5
    clients. Uncompressed: the OC-12 (622 Mbit/s, below the server's 1416) is shared, 155.5 Mbit/s each at 4
    clients (Q = x = 564.5 / 700 = 0.80643 < 0.82381: compression worse) and 124.4 at 5 (Q = 595.6 / 700 = 0.85086
    > 0.82381: compression better). The crossover is 5 clients."""
    cap = 24 * 1000 / (0.000341 * 24e6 / 4 / 20)
    q_comp = math.hypot((720 - cap) / 700, 102.3 / 230)
    q_none = {c: (720 - 622 / c) / 700 for c in (4, 5)}
    assert q_none[4] < q_comp < q_none[5]
    assert q_comp == pytest.approx(0.82381, abs=1e-5)
    assert run["fig6_12_crossover_clients"] == 5


def test_kappa_is_the_root_of_the_figure_5_24_anchor(run):
    """kappa is the jitter scale at which 20 users on 10 Mbit/s Ethernet with a SPECint92-40 processor have Q = 1
    exactly at the thesis's limits and load (the anchor: 'a SPECint92 of 40 or greater', seed line 1557); a
    little less jitter makes that conference acceptable, a little more unacceptable."""
    kappa, inp = run["audio_kappa_ms2_per_load"], load_inputs()
    s = an.audio_settings(inp)
    q = {f: an.audio_quality(kappa * f, 40.0, 10.0, 20, inp, s) for f in (0.99, 1.0, 1.01)}
    assert q[1.0] == pytest.approx(1.0, abs=1e-9)
    assert q[0.99] < 1.0 < q[1.01]
    assert kappa == pytest.approx(run["audio_kappa_stored"], rel=1e-5)


def test_sparc5_users_are_where_quality_crosses_1(run):
    """The Sparc 5 (SPECint92 64) on Fibre Channel (266 Mbit/s) at background load 1: the headline is the largest
    conference with Q < 1, so Q(n) < 1 at that n and Q(n + 1) >= 1 (and every smaller conference is acceptable)."""
    n = int(run["fig5_25_sparc5_fc_max_users"])
    kappa, inp = run["audio_kappa_ms2_per_load"], run.inputs
    s = run.extra["aset"]
    q = [an.audio_quality(kappa, 64.0, 266.0, k, inp, s) for k in range(2, n + 2)]
    assert all(x < 1.0 for x in q[:-1]) and q[-1] >= 1.0
    assert n == 97


def test_display_delay_is_the_root_of_the_figure_7_6_anchor(run):
    """lambda puts the Indigo 2 (6.5 Personal Irises) on Ethernet at 3 updates/s exactly at Q = 1 with 500
    soldiers (seed line 2095); a shorter delay leaves 500 soldiers acceptable, a longer one not."""
    lam, inp = run["vc_display_delay_frames"], load_inputs()
    vs = an.vc_settings(inp)
    q = {f: an.vc_point(lam * f, 500.0, 6.5, 10.0, 3.0, inp, vs)["quality"] for f in (0.99, 1.0, 1.01)}
    assert q[1.0] == pytest.approx(1.0, abs=1e-6)
    assert q[0.99] < 1.0 < q[1.01]
    assert 0.5 < lam < 1.0   # between the half-frame mean wait and a full frame


def test_15x_soldiers_are_where_quality_crosses_1(run):
    """A processor 15 x 6.5 = 97.5 Personal Irises on an unlimited network at 3 updates/s, with the calibrated
    lambda: Q = 1 at the headline count, below 1 just under it and above just over it."""
    n, lam, inp = run["fig7_7_15x_max_soldiers"], run["vc_display_delay_frames"], load_inputs()
    vs = an.vc_settings(inp)
    q = {f: an.vc_point(lam, n * f, 15 * 6.5, 1e9, 3.0, inp, vs)["quality"] for f in (0.999, 1.0, 1.001)}
    assert q[1.0] == pytest.approx(1.0, abs=1e-6)
    assert q[0.999] < 1.0 < q[1.001]
