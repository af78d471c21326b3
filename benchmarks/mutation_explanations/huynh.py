"""Explained survivors of the mutation runs over ``mmstudies.huynh.analytic``, ``.model`` and ``.experiments`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    # -- checks (mutation run of 2026-11-27, mchk8)
    (r"mmstudies\.huynh\.checks\.x_run_record__", r"",
     "not in the fast selection (no tests per mutant), for cost, not because it is untested: run_record "
     "simulates the main sweep and the single streams (every mode, host, scheme and paper rate, with "
     "replications; a minute and more here), and the audit, built by checktable.study_checks, calls it once "
     "per perturbation. It is tested by the slow tests (test_evidence_audit.py, test_chapter_huynh.py), which the "
     "mutation run leaves out; _extra, _with_metrics, metrics and every check function it feeds are tested on "
     "sweeps made by hand."),
    (r"mmstudies\.huynh\.checks\.x_q(4_send_mixing|7_mixing_gap)__", r"_at\(LOCATE, \"386\", f, \)",
     "equivalent: DIST is _at's default scheme, so leaving it out where DIST is written selects the same "
     "distributed runs."),
    (r"mmstudies\.huynh\.checks\.x_q1_falling__", r"zip\(rates, rates\[1:\], (strict=None)?\)",
     "equivalent: strict=False is zip's default and None is as false; the pairs of consecutive rates stop at "
     "the shorter rates[1:] either way."),
    (r"mmstudies\.huynh\.checks\.x_q17_mixing_component__", r"sig\(mix_(send|cent), \)",
     "equivalent: three significant digits is sig's default."),
    (r"mmstudies\.huynh\.checks\.x_metrics__", r"\{\"io_mode\": m, \"host\": \"XX486XX\"\}",
     "equivalent: the analytic model reads the host only as `host == \"386\"` (else the 486's rates), so any "
     "other name is the 486."),
    (r"mmstudies\.huynh\.checks\.x_metrics__", r"A\.saturation_kloc\(h, b, hi_f, \)",
     "equivalent: level=1.0 is saturation_kloc's default."),
    (r"mmstudies\.huynh\.checks\.x_metrics__",
     r"A\.ring_utilisation\(b\.with_\((io_mode=(LOCATE|None), )?(host=(\"386\"|None|\"XX386XX\"), )?frame_rate=lo_f, "
     r"mixing=DIST\)\)",
     "equivalent: the ring's load depends on the frame rate, the streams (the scheme) and the file transfers, "
     "never on the mode or the host (ring_utilisation reads neither), so leaving them out or changing them "
     "gives the same utilisation."),
    (r"mmstudies\.huynh\.checks\.x_metrics__",
     r"A\.ft_share\(b\.with_\((io_mode=None, host=\"386\"|io_mode=LOCATE, host=(None|\"XX386XX\")|io_mode=LOCATE), "
     r"frame_rate=f, mixing=DIST\)\)",
     "equivalent: ft_share reads the mode only as `io_mode == \"move\"` (None is Locate, as LOCATE is) and "
     "never the host."),
    (r"mmstudies\.huynh\.checks\.x_metrics__",
     r"A\.host_utilisation\(b\.with_\(io_mode=None, host=\"386\", frame_rate=hi_f,",
     "equivalent: host_utilisation reads the mode only as `io_mode == \"move\"`, so None is Locate."),
    (r"mmstudies\.huynh\.checks\.x_metrics__",
     r"A\.adapter_saturation_kloc\(b\.with_\((io_mode=None, host=\"386\"|io_mode=MOVE, host=(None|\"XX386XX\")|"
     r"io_mode=MOVE|host=\"386\"), frame_rate=hi_f,",
     "equivalent: adapter_saturation_kloc is Move Mode's knee by definition and reads neither the mode nor the "
     "host (only the frame rate, the streams and the adapter's code), so they may be left out or changed."),
    (r"mmstudies\.huynh\.checks\.xǁRepsǁci__", r"np\.asarray\(values, (None)?\)",
     "equivalent for the values it is given: vals() returns float arrays (to_numpy(dtype=float)), and their "
     "differences and per-cent ratios are float arrays too, so converting them to float again changes nothing."),
    (r"mmstudies\.huynh\.checks\.x_metrics__", r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
    (r"mmstudies\.huynh\.checks\.x_metrics__", r"float\(\"nan\"\) if \(na\) and False else",
     "equivalent: with a reason `na` codec_share's _interval returns the value without its ends (high is None), "
     "so the inner conditional gives NaN, the value of the skipped branch."),
    (r"mmstudies\.huynh\.checks\.x_q18_host_mixing__", r"\(main\[\"host\"\] != h\)",
     "equivalent: the study has two hosts, so `host != h` selects the other host's row, and all() runs over "
     "both hosts: the same set of (host, rate) comparisons, in the other order."),
    (r"mmstudies\.huynh\.checks\.x_q(18_host_mixing|19_affine|20_memory_rises)__",
     r"(, None, simulated=False|, run, simulated=None)\)$",
     "equivalent: with simulated false (None is as false as False) _claim never reads the run (it reads "
     "run['na'] only for a simulated claim), so None in its place changes nothing."),
    (r"mmstudies\.huynh\.checks\.x_q13_compress_equal__", r"min\(codec\) - 1 <= 0\.01, run\)",
     "equivalent: max / min - 1 is exact (Sterbenz) for a ratio in [1, 2] and a multiple of 2^-52, while the "
     "float 0.01 (0x3F847AE147AE147B) has bits set down to 2^-59; so the difference is never exactly 0.01 and "
     "< and <= agree on every input."),
    (r"mmstudies\.huynh\.checks\.x_q19_affine__", r"bool\(intercept >= 0\.01\)",
     "not worth a test: it differs only when np.polyfit returns an intercept of exactly 0.01, a least-squares "
     "value whose last bits depend on the LAPACK build (the lesson of the closed-form runs: an exact value from "
     "a library routine is not a portable test); the tests pin the check at 5 % (holds) and 0.5 % (fails)."),
    (r"mmstudies\.huynh\.analytic\.x_(host_kloc_sweep|saturation_kloc|offered_loads)", r"saturate=None",
     "equivalent: host_utilisation tests `if saturate`, and None is falsy exactly like False, so the "
     "utilisation is returned uncapped either way."),
    (r"mmstudies\.huynh\.analytic\.x_(host_kloc_sweep|saturation_kloc)",
     r"base\.with_\(io_mode=(None|\"XXlocateXX\"|\"LOCATE\"), host=",
     "equivalent: the configuration built here is only passed to host_utilisation (and through it to "
     "host_work_per_s), which branch on io_mode == 'move' alone; any other value, None or a misspelt "
     "'locate' included, computes the Locate work, and io_mode is not part of the returned frame or number. "
     "(Dropping the override is killed: a Move base then gives a different answer.)"),
    (r"mmstudies\.huynh\.analytic\.x_ft_share", r"if video \+ ft > 1 else",
     "equivalent over the configurations check_config allows: the host work per second is either 0 (Move "
     "Mode, or no stream selected) or at least 1000 x 1 frame/s x (0 + 5 + 2 x 10) KLOCS = 25,000 "
     "instructions/s (one video stream at the lowest rate and path length; file transfers alone give "
     "900,000), so 'more than 1' and 'more than 0' select the same configurations."),
    (r"mmstudies\.huynh\.analytic\.x_saturation_kloc", r"else float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively, so float('NAN') is the same NaN."),
    # -- model (run of 2026-11-26, third session)
    (r"mmstudies\.huynh\.model\.x_build_network", r"if \(i == node\) or True else|if i != node else",
     "killed in effect (timeout): every class then gets an arrival stream at every node (or at every node but its "
     "own), so frames enter routes in the middle and the run never ends within mutmut's time limit; a timeout is "
     "a failure of the mutant, counted apart from the killed ones."),
    (r"mmstudies\.huynh\.model\.x_summarise_run", r"ind\.steps, strict=None\)|ind\.steps, \)",
     "equivalent: zip reads strict as a truth value (None is false like False), and False is its default; the "
     "records are a prefix of the steps on purpose (completed visits only), so strictness must stay off."),
    (r"mmstudies\.huynh\.model\.x_summarise_run",
     r"\(end if end <= T else T\)|\(start if start >= 0\.0 else 0\.0\)|\(start if \(start > 0\.0\) or True else",
     "equivalent: a service start is never negative (the simulation starts at 0), so `start if start > 0 else 0` is "
     "start whatever the guard; and at end == T both branches of the end's clamp give T."),
    (r"mmstudies\.huynh\.model\.x_summarise_run", r"_delays\(individuals, None, warmup\)",
     "equivalent: _delays does not read its cfg argument (the delay windows travel with each frame)."),
    (r"mmstudies\.huynh\.model\.x__(components|delays)",
     r"min\(hi, len\(recs\) \+ 1\)|_components\(ind, j \+ 1, len\(ind\.steps\) \+ 1\)",
     "equivalent: every caller passes hi <= len(records) - 1 (a frame with len(records) <= hi is skipped as still "
     "inside; the composite's part after the join is read only for a frame whose records cover all its steps), so "
     "min(hi, len - 1) is hi, and so is min(hi, len + 1)."),
    (r"mmstudies\.huynh\.model\.x__delays", r"comp = _components\(ind, lo, len\(ind\.data_records\) \+ 1\)",
     "equivalent: _components stops at min(hi, len(records) - 1), so asking for two steps past the last record "
     "reads up to the last record, as len(records) - 1 does."),
    (r"mmstudies\.huynh\.model\.x__(stage_time|delays)", r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively."),
    # -- experiments (run of 2026-11-26, fourth session)
    (r"mmstudies\.huynh\.experiments\.x_load_metrics", r"at = base\.with_\(io_mode=(None|\"XXlocateXX\"|\"LOCATE\"), host=",
     "equivalent: `at` is only passed to host_utilisation, which branches on io_mode == 'move' alone (host_work_per_s "
     "too), so None or a misspelt 'locate' computes the Locate load. (Dropping the override is killed: the test's "
     "base is in Move Mode.)"),
    (r"mmstudies\.huynh\.experiments\.x_load_metrics", r"saturation_kloc\((None|\"XX486XX\"), base, f\)",
     "equivalent: saturation_kloc hands its host to host_utilisation only, which reads cfg.host == '386' and takes "
     "the i486's rate for any other value, None or a misspelt '486' included."),
    (r"mmstudies\.huynh\.experiments\.x_load_metrics",
     r"adapter_saturation_kloc\(base\.with_\((io_mode=(None|\"XXmoveXX\"|\"MOVE\"), )?mixing=\"distributed\", frame_rate=f\)\)",
     "equivalent: adapter_saturation_kloc reads only the frame rate and the number of video streams (the streams "
     "selected, the mixing scheme and the participants), never io_mode: the Move override only names the mode the "
     "number belongs to."),
    (r"mmstudies\.huynh\.experiments\.x_load_metrics", r"host_utilisation\(at, saturate=None\)",
     "equivalent: host_utilisation tests `if saturate`, and None is falsy exactly like False, so the load is returned "
     "uncapped either way (the test's 163 % kills True and the default)."),
    (r"mmstudies\.huynh\.experiments\.x_record_delays",
     r"cfg = base\.with_\((io_mode=None, |io_mode=m, host=None|io_mode=m, mixing=|host=focus\[\"host\"\], mixing=)",
     "equivalent: this configuration is read for the token ring's offered load alone (offered_loads(cfg)[RING], i.e. "
     "ring_utilisation), which counts the video streams' bytes and the file requests on the ring: the same in both "
     "modes and on either host, so neither the mode nor the host (None, or the base's) can change it. (Dropping the "
     "focus's mixing or frame rate is killed: the ring's load depends on both.)"),
    (r"mmstudies\.huynh\.experiments\.x_record_delays", r"\(mean, mean, half\), (strict=None)?\)",
     "equivalent: zip reads strict as a truth value (None is false like False), and False is its default; the names "
     "are one or three and the values three on purpose (a non-focus mode records only its own name), so strictness "
     "must stay off."),
    (r"mmstudies\.huynh\.experiments\.x_summarise", r"out\.merge\(s\.drop\(columns=\"n\"\), (on=None, )?how=\"left\"\)"
     r"|out\.merge\(s\.drop\(columns=\"n\"\), on=list\(by\), \)",
     "equivalent: every summarize(runs, by, m) has one row per group of `by` in the same runs (it drops no group and "
     "no NaN), so the frames merged have the same groups and share exactly the `by` columns once `n` is dropped: "
     "merging on the common columns (on=None) is merging on `by`, and the inner join (the default) keeps every row "
     "the left join keeps."),
    (r"mmstudies\.huynh\.experiments\.x_component_metrics", r"float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively, so float('NAN') is the same NaN."),
]
