"""Utilisation-law closed forms of the Huynh model: by hand, and against the simulation.

The host's work per request does not depend on the frame size, so the simulated host
utilisation (work over the arrival window, every frame drained) equals the closed form to
rounding. Bytes are exponential, so channel, memory and ring agree only in expectation: five
replications of 400 frames (1,200 frames and 400 file requests each) give a relative standard
error of the mean bytes of about 1/sqrt(5 x 1,600) = 1.1 % (an exponential has cv 1; the file
requests are fixed), so a band of +-4 % fails a correct model with probability below 0.1 %,
and catches a factor-two error in the crossings (Locate's two trips over the channel) surely.
"""

from __future__ import annotations

import numpy as np
import pytest

from mmperf.models.huynh import analytic as A
from mmperf.models.huynh import run_once
from mmperf.models.huynh.config import Config

KB = 1024


def test_host_utilisation_by_hand():
    """Locate i386, 30 frames/s, 3 streams: 90 x (15 + 5 + 20) + 30 x (5 + 5 + 20) = 4500 KLOCS/s / 8550."""
    assert A.host_utilisation(Config()) == pytest.approx(4500 / 8550)
    assert A.ft_share(Config()) == pytest.approx(900 / 4500)
    # 8 frames/s: 24 x 40 = 960 video, 900 file transfers: share 900 / 1860 ('almost 50 %')
    assert A.ft_share(Config(frame_rate=8.0)) == pytest.approx(900 / 1860)
    # saturation: U(k) = (90 (k + 25) + 900) / 8550 = 1 at k = 60 (i386), at 240 on the i486
    assert A.saturation_kloc("386", Config(), 30.0) == pytest.approx(60.0)
    assert A.saturation_kloc("486", Config(), 30.0) == pytest.approx(240.0)
    assert A.host_utilisation(Config(host_vc_kloc=100.0)) == 1.0          # capped
    assert A.host_utilisation(Config(host_vc_kloc=100.0), saturate=False) > 1


def test_channel_and_ring_by_hand():
    """Channel, Locate i386: 2 x (90 x 8192 + 30 x 4096) B/s / 13.33 MB/s; Move crosses once."""
    nbytes = 90 * 8 * KB + 30 * 4 * KB
    assert A.channel_utilisation(Config()) == pytest.approx(2 * nbytes / 13.33e6)
    assert A.channel_utilisation(Config(io_mode="move")) == pytest.approx(nbytes / 13.33e6)
    assert A.channel_utilisation(Config(host="486")) == pytest.approx(2 * nbytes / 40e6)
    assert A.ring_utilisation(Config()) == pytest.approx(0.53)             # the calibration anchor


def test_offered_loads_flag_an_overloaded_adapter():
    """Move, 30 frames/s, 3 streams, 30 KLOCS + 0.5 per frame at 1.485 M instr/s: 90 x 30.5 / 1485 = 1.85."""
    loads = A.offered_loads(Config(io_mode="move", adapter_vc_kloc=30.0))
    assert loads["video adapter 80C186"] == pytest.approx(90 * 30.5 / 1485)
    assert [d for _, d, _ in A.overloaded([Config(io_mode="move", adapter_vc_kloc=30.0)])] == ["video adapter 80C186"]
    assert A.overloaded([Config()]) == []


@pytest.mark.parametrize("cfg", [Config(frames=400), Config(frames=400, host="486", mixing="centralized"),
                                 Config(frames=400, io_mode="move", frame_rate=8.0)],
                         ids=["locate-386-dist", "locate-486-cent", "move-386-8fps"])
def test_simulation_obeys_the_utilisation_law(cfg):
    runs = [run_once(cfg, seed=s) for s in range(1, 6)]
    host = np.mean([r["util_host"] for r in runs])
    assert host == pytest.approx(A.host_utilisation(cfg, saturate=False), rel=1e-9)
    for metric, exact in (("util_channel", A.channel_utilisation(cfg)), ("util_ring", A.ring_utilisation(cfg))):
        assert np.mean([r[metric] for r in runs]) == pytest.approx(exact, rel=0.04), metric
    if cfg.io_mode == "locate":
        assert np.mean([r["host_ft_share"] for r in runs]) == pytest.approx(A.ft_share(cfg), rel=1e-9)


def test_host_kloc_sweep_is_the_closed_form_on_the_grid():
    df = A.host_kloc_sweep(Config(), [0.0, 60.0, 300.0], 30.0)
    assert list(df["host"]) == ["386"] * 3 + ["486"] * 3
    assert df["util_host_busy_mean"].iloc[1] == pytest.approx(1.0)
    assert df["util_host_busy_mean"].max() == 1.0 and (df["util_host_busy_ci"] == 0).all()
