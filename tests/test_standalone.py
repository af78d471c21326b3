"""The standalone page of a run: MyST constructs rewritten for nbconvert."""

from mmperf.standalone import headline_table, rewrite_markdown


def test_glue_roles_are_substituted_with_their_format():
    values = {"w": {"text/plain": "2.0"}, "s": {"text/plain": "'The wait is short.'"}}
    text = "Wait {glue:text}`w:.2f` s. {glue:md}`s` See {numref}`fig-x`."
    assert rewrite_markdown(text, values) == "Wait 2.00 s. The wait is short. See fig-x."


def test_admonitions_dropdowns_and_missing_glue():
    out = rewrite_markdown("```{dropdown} Solution\nIt is {glue:text}`x`.\n```\n", {"x": {"text/plain": "4"}})
    assert "<details><summary>Solution</summary>" in out and "It is 4." in out
    assert "missing glued output fig-y" in rewrite_markdown("```{glue:figure} fig-y\nCaption\n```\n", {})
    assert rewrite_markdown("```{note}\nCareful.\n```\n", {}).startswith("> **Note**")


def test_headline_table_formats_numbers_and_undefined():
    html = headline_table([{"metric": "delay_ms", "default build": 10430.0, "this run": "undefined", "unit": "ms"},
                           {"metric": "x", "default build": None, "this run": 2.5, "unit": ""}])
    assert "10,430" in html and "undefined" in html and "—" in html and "2.5" in html


def test_bibliography_block_becomes_a_pointer():
    out = rewrite_markdown("```{bibliography}\n:filter: docname in docnames\n```\n", {})
    assert "bibliography" in out and ":filter:" not in out
