"""The built book: every chapter page, every recorded figure, the results files and the scorecard page."""

import json
import re

import pytest

from mmperf import paths
from mmperf.params import chapter_names, load_chapter

CHAPTERS = chapter_names()


@pytest.mark.parametrize("name", CHAPTERS)
def test_default_results_have_the_three_keys(built_book, name):
    folder = paths.default_chapter_dir(name)
    results = json.loads((folder / "results.json").read_text())
    assert set(results) == {"parameters", "metrics", "checks"}
    assert results["parameters"] == load_chapter(name).defaults()
    assert results["metrics"], f"{name} records no metrics"
    assert all(isinstance(v, float) for v in results["metrics"].values())
    assert results["checks"], f"{name} records no reproduction checks"
    coverage = json.loads((folder / "coverage.json").read_text())
    assert coverage["items"], f"{name} has no coverage table"


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_recorded_figure_is_in_the_page(built_book, name):
    page = (built_book / "book" / "chapters" / f"{name}.html").read_text()
    figures = json.loads((paths.default_chapter_dir(name) / "coverage.json").read_text())["figures"]
    assert figures, f"{name} records no figures"
    for fig in figures:
        assert (paths.default_chapter_dir(name) / "figures" / f"{fig}.png").is_file()
        block = re.search(rf'<figure[^>]*id="{re.escape(fig)}"[^>]*>(.*?)</figure>', page, re.S)
        assert block, f"{name}: figure {fig} is recorded but not shown with a glue:figure directive"
        assert "<img" in block.group(1), f"{name}: figure {fig} has no image"


@pytest.mark.parametrize("name", CHAPTERS)
def test_no_unrendered_myst_or_errors_in_page(built_book, name):
    page = (built_book / "book" / "chapters" / f"{name}.html").read_text()
    assert "{glue" not in page, f"{name}: a glue role was not rendered"
    assert "Traceback (most recent call last)" not in page, f"{name}: an error output is in the page"


def test_scorecard_page_gathers_every_chapter(built_book):
    page = (built_book / "book" / "scorecard.html").read_text()
    assert "all chapters" in page
    for name in CHAPTERS:
        assert f"chapters/{name}.html" in page, f"scorecard page does not link {name}"
