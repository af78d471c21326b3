"""The chapter runner on a tiny demo project: outputs, bad input, failing cells, protected build."""

import json

import pytest

from mmperf.cli import main
from mmperf.params import ParameterError
from mmperf.runner import ChapterRunError, run_chapter

pytestmark = pytest.mark.slow


def test_run_writes_notebook_page_figures_and_results(demo_project):
    out = demo_project / "runs" / "a"
    result = run_chapter("demo", {"rate": "1.5"}, out)
    assert sorted(p.name for p in out.iterdir()) == ["coverage.json", "demo.html", "demo.ipynb", "figures",
                                                     "results.json"]
    results = json.loads((out / "results.json").read_text())
    assert set(results) == {"parameters", "metrics", "checks"}
    assert results["parameters"] == {"rate": 1.5, "fail": False}
    assert results["metrics"]["mm1_wait"] == pytest.approx(2.0)
    assert results["checks"][0]["status"] == "not reproduced"
    assert (out / "figures" / "fig-demo-line.png").stat().st_size > 1000
    assert result.results == results
    # The standalone page shows the glued figure and the glued number, not raw roles.
    page = (out / "demo.html").read_text()
    assert "data:image/png;base64" in page
    assert "{glue" not in page and "The wait is 2.00" in page


def test_bad_parameter_stops_before_anything_is_written(demo_project, capsys):
    out = demo_project / "runs" / "bad"
    assert main(["run", "demo", "-p", "rate", "-3", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert "parameter 'rate' = -3.0 is not allowed: expected 0 < value <= 10" in err
    assert not out.exists() and not list((demo_project / "runs").glob("*")) if (demo_project / "runs").exists() \
        else not out.exists()
    with pytest.raises(ParameterError, match="no parameter 'speed'"):
        run_chapter("demo", {"speed": 1}, out)


def test_failing_cell_names_chapter_and_cell_and_leaves_only_a_log(demo_project):
    out = demo_project / "runs" / "boom"
    with pytest.raises(ChapterRunError, match=r"chapter 'demo' failed in cell \[\d+\] `if fail:` \(RuntimeError: asked to fail\)"):
        run_chapter("demo", {"fail": True}, out)
    assert not out.exists()
    log = demo_project / "runs" / "boom.error.log"
    assert "asked to fail" in log.read_text() and "Traceback" in log.read_text()
    assert not [p for p in (demo_project / "runs").iterdir() if p.name.endswith(".partial")]


def test_run_never_writes_into_the_book_build(demo_project):
    with pytest.raises(ValueError, match="inside the book's default build"):
        run_chapter("demo", None, demo_project / "_build" / "chapters" / "demo")


def test_unknown_chapter_and_params_listing(demo_project, capsys):
    assert main(["params", "nosuch"]) == 2
    assert "no chapter 'nosuch'; chapters are: demo" in capsys.readouterr().err
    assert main(["params", "demo", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["parameters"][0] == {"name": "rate", "type": "float", "default": 1.0,
                                        "allowed": "0 < value <= 10", "help": "Arrival rate (per second)"}


def test_parameter_file(demo_project, tmp_path):
    pfile = tmp_path / "p.yaml"
    pfile.write_text("rate: 0.5\n")
    out = demo_project / "runs" / "f"
    assert main(["run", "demo", "-f", str(pfile), "--output", str(out)]) == 0
    assert json.loads((out / "results.json").read_text())["parameters"]["rate"] == 0.5
