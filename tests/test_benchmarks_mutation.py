"""Tests of benchmarks/mutation.py's kept records: what a run leaves in benchmarks/mutation_runs/ and the report
rendered from them (the mutation runs themselves are `make mutation`'s, far too slow for `make test`)."""

import hashlib
import json
import shutil

import pytest

from benchmarks import mutation as mu

STATS_DIFF = "--- a\n+++ b\n-    return x\n+    return None\n"


def fake_copy(tmp_path, *files):
    """A scratch copy holding ``files`` (project-relative) as the tree has them, lib/ renamed src/."""
    copy = tmp_path / "copy"
    for f in files:
        target = mu.in_copy(copy, f)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(mu.ROOT / f, target)
    return copy


def test_files_of_a_library_module_are_its_source_and_its_test_file():
    assert mu.files_of("mmperf.stats") == ["lib/mmperf/stats.py", "tests/test_stats.py"]
    assert mu.in_copy(mu.ROOT, "lib/mmperf/stats.py") == mu.ROOT / "src/mmperf/stats.py"
    assert mu.in_copy(mu.ROOT, "tests/test_stats.py") == mu.ROOT / "tests/test_stats.py"


def test_a_record_counts_outcomes_lists_the_not_killed_and_digests_the_copys_files(tmp_path):
    copy = fake_copy(tmp_path, "lib/mmperf/stats.py", "tests/test_stats.py")
    outcome = {"mmperf.stats.x_mean_ci__mutmut_1": "killed", "mmperf.stats.x_mean_ci__mutmut_2": "survived",
               "mmperf.stats.x_mean_ci__mutmut_3": "not checked", "mmperf.stats.x_summarize__mutmut_1": "timeout",
               "mmperf.regression.x_fit_ols__mutmut_1": "survived"}  # another module's: not in this record
    record = mu.make_record("mmperf.stats", outcome, {"mmperf.stats.x_mean_ci__mutmut_2": STATS_DIFF}, "a run", copy)
    assert record["counts"] == {"killed": 1, "survived": 1, "not checked": 1, "timeout": 1}
    assert record["not_killed"] == {"mmperf.stats.x_mean_ci__mutmut_2": {"outcome": "survived", "diff": STATS_DIFF},
                                    "mmperf.stats.x_summarize__mutmut_1": {"outcome": "timeout", "diff": ""}}
    source = (mu.ROOT / "lib/mmperf/stats.py").read_bytes()
    assert record["files"]["lib/mmperf/stats.py"] == hashlib.sha256(source).hexdigest()
    assert mu.stale_files_of_record(record) == []
    assert mu.stale_files(copy, ["mmperf.stats"]) == []


def test_a_changed_or_missing_test_file_makes_the_record_and_the_copy_stale(tmp_path):
    copy = fake_copy(tmp_path, "lib/mmperf/stats.py", "tests/test_stats.py")
    (copy / "tests/test_stats.py").write_text("# an older test file\n")
    record = mu.make_record("mmperf.stats", {}, {}, "a run", copy)
    assert mu.stale_files_of_record(record) == ["tests/test_stats.py"]
    assert mu.stale_files(copy, ["mmperf.stats"]) == ["tests/test_stats.py"]
    (copy / "tests/test_stats.py").unlink()
    assert mu.make_record("mmperf.stats", {}, {}, "a run", copy)["files"]["tests/test_stats.py"] is None


def records_for_report(tmp_path):
    copy = fake_copy(tmp_path, "lib/mmperf/stats.py", "tests/test_stats.py", "lib/mmperf/jitter.py",
                     "tests/test_jitter.py")
    stats = mu.make_record("mmperf.stats", {"mmperf.stats.x_a__mutmut_1": "killed",
                                            "mmperf.stats.x_a__mutmut_2": "killed",
                                            "mmperf.stats.x_a__mutmut_3": "survived"},
                           {"mmperf.stats.x_a__mutmut_3": STATS_DIFF}, "three mutants on commit abc", copy)
    jitter = mu.make_record("mmperf.jitter", {"mmperf.jitter.x_b__mutmut_1": "killed",
                                              "mmperf.jitter.x_b__mutmut_2": "timeout"},
                            {}, "two mutants on commit def", copy)
    return stats, jitter


def test_the_report_counts_current_records_by_hand_and_flags_the_unexplained(tmp_path):
    stats, jitter = records_for_report(tmp_path)
    text, unexplained = mu.report({"mmperf.stats": stats, "mmperf.jitter": jitter}, "Header.")
    assert "| mmperf.stats | 2 | 1 | 0 | 0 | 3 |" in text
    assert "| mmperf.jitter | 1 | 0 | 0 | 1 | 2 |" in text
    assert "| all | 3 | 1 | 0 | 1 | 5 |" in text
    assert "- mmperf.stats: three mutants on commit abc" in text
    assert unexplained == 2  # neither made-up mutant has an explanation
    assert "- `mmperf.stats.x_a__mutmut_3` (survived): **UNEXPLAINED**" in text
    assert "  +    return None" in text and "+++" not in text
    assert mu.unexplained_of({"mmperf.stats": stats}) == ["mmperf.stats.x_a__mutmut_3"]


def test_a_stale_record_is_named_and_not_counted(tmp_path):
    stats, jitter = records_for_report(tmp_path)
    jitter["files"]["tests/test_jitter.py"] = "0" * 64
    text, unexplained = mu.report({"mmperf.stats": stats, "mmperf.jitter": jitter}, "Header.")
    assert "| mmperf.jitter |" not in text and "| all | 2 | 1 | 0 | 0 | 3 |" in text
    assert "- mmperf.jitter: stale, not counted (tests/test_jitter.py changed since its run on two mutants" in text
    assert unexplained == 1
    assert "not run (no counts below): mmperf.queueing," in text


def test_records_are_saved_one_file_per_module_and_load_back(tmp_path):
    stats, jitter = records_for_report(tmp_path)
    path = mu.save_record(stats, tmp_path / "runs")
    assert path == tmp_path / "runs" / "mmperf.stats.json"
    assert json.loads(path.read_text()) == stats
    (tmp_path / "runs" / "mmperf.gone.json").write_text(json.dumps({**jitter, "module": "mmperf.gone"}))
    assert mu.load_records(tmp_path / "runs") == {"mmperf.stats": stats}  # a module no longer mutated is left out
    assert mu.load_records(tmp_path / "none") == {}


def test_records_alone_cannot_be_combined_with_a_run(capsys):
    with pytest.raises(SystemExit) as stop:
        mu.main(["--records", "--module", "mmperf.stats"])
    assert stop.value.code == 2
    assert "--records runs nothing: it cannot be given with --from, --module, --layer or --keep" in capsys.readouterr().err


def test_every_committed_record_has_its_survivors_explained():
    records = mu.load_records()
    assert records, "benchmarks/mutation_runs/ holds no record"
    assert mu.unexplained_of(records) == []
