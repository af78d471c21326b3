"""Sentences composed from the run: they follow the numbers and say 'undefined' rather than 'nan'."""

from __future__ import annotations

from mmperf.checks import Scorecard
from mmstudies.huynh import text as T


def test_verdicts_and_units():
    assert T.verdict_phrase("not reproduced") == "unlike the paper"
    assert T.pct(float("nan")) == "undefined" and T.ms(12.34) == "12.3 ms"


def test_delay_text_uses_the_values_and_names_undefined_ones():
    sc = Scorecard("huynh")
    sc.within("Compression and decompression dominate both delays", "Abstract", paper="x", ours=80.0, low=50,
              high=100, evidence="prediction", reason="judgement")
    m = {"delay_send_ms": 51.2, "delay_send_ci_ms": 0.4, "delay_recv_ms": 117.4, "delay_recv_ci_ms": 9.0,
         "delay_send_move_ms": 40.0, "delay_recv_move_ms": 70.0, "delay_send_locate_ms": 51.2,
         "delay_recv_locate_ms": 117.4, "codec_share_min_pct": 80.0, "codec_share_min_ci_pct": 2.0}
    text = T.delay_text(m, {"delay_ft_ms": "no file transfers"}, sc, "Locate Mode")
    assert "51.2 ms ± 0.4 ms" in text and "80.0 %" in text and "as the paper says" in text
    assert "file transfer takes" not in text
    assert "undefined" in T.pipeline_text({}, 300) and "nan" not in T.components_text({})
    # an undefined delay is named once, with its reason, never "undefined ± undefined"
    text = T.delay_text({**m, "delay_recv_ms": float("nan")}, {"delay_recv_ms": "station x is offered 1.0",
                        "delay_recv_ci_ms": "station x", "delay_ft_ms": "off"}, sc, "Locate Mode")
    assert "undefined (station x is offered 1.0)" in text and "undefined ±" not in text


def test_scorecard_intro_counts_the_predictions():
    sc = Scorecard("huynh")
    sc.claim("Q1", "s", paper="p", ours="o", holds=True, evidence="prediction")
    sc.claim("Q2", "s", paper="p", ours="o", holds=False, evidence="prediction")
    sc.claim("Q12", "s", paper="p", ours="o", holds=True, evidence="construction")
    text = T.scorecard_intro(sc, 1)
    assert text.startswith("This run reproduces 1 of the 2 predictions") and "1 check this run" in text


def test_focus_and_exercise_sentences():
    assert T.focus_text("locate", "386", "distributed", 30.0) == "Locate Mode, 386, distributed mixing, 30 frames/s"
    assert T.ex4_verdict({"ex4_net_ms": 3.7, "ex4_locate_486_ms": 1.6}) == "no longer"
    assert T.ex4_verdict({"ex4_net_ms": 1.6, "ex4_locate_486_ms": 1.6}) == "still"


def test_simulation_text_reads_the_run_metrics():
    m = dict(runs=2.0, simulated_events=1e6, simulation_cpu_s=12.4, simulation_wall_s=7.6,
             conservation_all=0.0, max_outstanding_locate=1.0)
    text = T.simulation_text(m, 1)
    assert text.startswith("The chapter simulates 2 replications (1,000,000 events on the lean loop; 12 s of CPU "
                           "time and 8 s of wall time over 1 process when")
    assert "FAILED in at least one run" in text and "more than 1 outstanding request." in text
