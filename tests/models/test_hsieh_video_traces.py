"""Synthetic traces and reading a reader's trace file (lib/mmstudies/hsieh_video/traces.py)."""

import numpy as np
import pytest

from mmstudies.hsieh_video import traces as tr

SHAPE = tr.TraceShape(1.0, 0.40, 0.20, 0.45, 0.80, 0.15, 6.0, 0.02, 2.5)


def test_expand_patterns_of_tables_4_2_to_4_4():
    # IBB(PBB)^4 = 3 + 4 x 3 = 15 frames (the notes: a 15-frame GOP read literally)
    assert len(tr.expand_pattern("IBB(PBB)^4")) == 15
    assert tr.expand_pattern("IBB(PBB)^3") == "IBBPBBPBBPBB"
    assert tr.expand_pattern("IBB") == "IBB"
    with pytest.raises(ValueError):
        tr.expand_pattern("BBI")


def test_synthetic_mean_rate_is_exact_and_seeded():
    a = tr.make_synthetic("mtv", "MPEG-1", 40000, "IBB(PBB)^4", SHAPE, 0.6, 30.0, seed=1)
    b = tr.make_synthetic("mtv", "MPEG-1", 40000, "IBB(PBB)^4", SHAPE, 0.6, 30.0, seed=1)
    c = tr.make_synthetic("mtv", "MPEG-1", 40000, "IBB(PBB)^4", SHAPE, 0.6, 30.0, seed=2)
    np.testing.assert_array_equal(a.sizes, b.sizes)
    assert not np.array_equal(a.sizes, c.sizes)
    # rounding to whole bytes moves the mean by at most 0.5 byte per frame: 0.5 x 8 x 30 / 1e6
    assert abs(a.sizes.mean() * 8 * 30 / 1e6 - 0.6) <= 0.5 * 8 * 30 / 1e6
    assert a.synthetic and a.types[:15] == "IBBPBBPBBPBBPBB"
    stats = tr.trace_statistics(a, 30.0)
    # with weights 1 : 0.4 : 0.2 the I frames are the largest on average
    assert stats["mean_I_bytes"] > stats["mean_P_bytes"] > stats["mean_B_bytes"]


def test_near_cbr_class_varies_less():
    mpeg2 = tr.TraceShape(1.0, 0.75, 0.60, 0.10, 0.50, 0.05, 8.0, 0.0, 1.0)
    a = tr.make_synthetic("t260", "MPEG-2", 20000, "IBB", mpeg2, 1.5, 30.0, seed=1)
    b = tr.make_synthetic("mtv", "MPEG-1", 20000, "IBB(PBB)^4", SHAPE, 0.6, 30.0, seed=1)
    assert tr.trace_statistics(a, 30)["cv"] < tr.trace_statistics(b, 30)["cv"]


def test_gop_rate_control_keeps_the_cumulative_data_near_the_line():
    """The MPEG-2 class's GOP rate control (issue 24: t260's CBR buffer was above 10 MB).

    Derivation: with equal GOPs up to c (e_g - e_{g-1}) of the mean GOP G, the data after g GOPs is
    g G + c G (e_g - e_0), so its distance from the line g G is c G |e_g - e_0| < c G x 8 for 17,359
    GOPs (|e_g - e_0| > 8 has probability ~1e-8 per GOP). Without it (scene levels as an AR(1) with sd
    0.10 over 8 s scenes) the distance grows with the length: on t260's 52,077 frames it exceeds 20 GOPs.
    """
    base = tr.TraceShape(1.0, 0.75, 0.60, 0.10, 0.50, 0.05, 8.0, 0.0, 1.0)
    ctrl = tr.TraceShape(1.0, 0.75, 0.60, 0.10, 0.50, 0.05, 8.0, 0.0, 1.0, 0.18)
    for shape, bound_gops, below in ((ctrl, 0.18 * 8, True), (base, 20.0, False)):
        t = tr.make_synthetic("t260", "MPEG-2", 52077, "IBB", shape, 1.5, 30.0, seed=1)
        gops = t.sizes[: 52077 // 3 * 3].reshape(-1, 3).sum(axis=1)
        drift = np.abs(np.cumsum(gops - gops.mean())).max() / gops.mean()
        assert bool(drift < bound_gops) is below, drift


def test_read_trace_file_with_and_without_header(tmp_path):
    f = tmp_path / "clip.csv"
    f.write_text("bytes\n1000\n250\n250\n")
    t = tr.read_trace_file(f)
    assert t.name == "clip" and t.sizes.tolist() == [1000.0, 250.0, 250.0] and not t.synthetic
    f.write_text("1000\n250\n\n\n")
    assert tr.read_trace_file(f).sizes.tolist() == [1000.0, 250.0]


@pytest.mark.parametrize("text,message", [
    ("", "empty"),
    ("bytes\n", "the file is empty|only 0 frame"),
    ("1000\n-5\n", "line 2: frame size -5 must be a positive"),
    ("1000\n0\n", "line 2: frame size 0 must be a positive"),
    ("1000\nabc\n", "line 2: 'abc' is not a frame size"),
    ("1000\n\n250\n", "line 2: blank line"),
    ("1000,2\n250\n", "line 1: '1000,2' has more than one field"),
    ("1000\nnan\n", "line 2: frame size nan"),
    ("1000\n", "only 1 frame"),
])
def test_malformed_trace_files_are_refused_naming_file_and_line(tmp_path, text, message):
    f = tmp_path / "bad.csv"
    f.write_text(text)
    with pytest.raises(tr.TraceFileError, match=message) as err:
        tr.read_trace_file(f)
    assert str(f) in str(err.value) and "\n" not in str(err.value)


def test_missing_trace_file(tmp_path):
    with pytest.raises(tr.TraceFileError, match="no such trace file"):
        tr.read_trace_file(tmp_path / "nope.csv")
    tr.check_trace_file("")   # '' means: synthetic traces only
