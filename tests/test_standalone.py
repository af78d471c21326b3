"""The standalone page of a run: MyST constructs rewritten for nbconvert."""

from mmbook.standalone import headline_table, rewrite_markdown


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


def _page_notebook():
    """A notebook with what a chapter's page has: markdown, code with and without output, an image
    without alternative text, an HTML table with its own image, and a hidden cell."""
    import nbformat

    png = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
    code = nbformat.v4.new_code_cell("x = 1\nx")
    code.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "1"}, execution_count=1),
                    nbformat.v4.new_output("display_data", data={"image/png": png}),
                    nbformat.v4.new_output("display_data", data={
                        "text/html": '<table><tr><td><img src="x.png" alt="kept"></td></tr></table>'})]
    cells = [nbformat.v4.new_markdown_cell("# Title\n\nText with ![](a.png) and <img src='b.png'>."), code,
             nbformat.v4.new_code_cell("print('<div class=\"jp-OutputArea-output\">')")]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
    return nb


def _what_nbconvert_adds(page: str) -> tuple[list, list]:
    """The alternative texts of the page's images and the classes of its focusable elements."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(page, features="html.parser")
    return ([img.get("alt") for img in soup.find_all("img")],
            [" ".join(el.get("class")) for el in soup.find_all(attrs={"tabindex": "0"})])


def test_page_exporter_marks_up_the_page_as_nbconvert_does():
    """The page exporter skips nbconvert's BeautifulSoup pass and adds what that pass adds (alt text on
    images without one, tabindex on each cell's input and output) itself: same images, same alt texts,
    same focusable elements, and code that merely prints such markup is left alone."""
    from nbconvert import HTMLExporter

    from mmbook.standalone import NO_ALT, html_exporter

    nb = _page_notebook()
    ours, _ = html_exporter().from_notebook_node(nb)
    reference = HTMLExporter(template_name="lab")
    reference.exclude_input_prompt = reference.exclude_output_prompt = True
    theirs, _ = reference.from_notebook_node(nb)
    assert _what_nbconvert_adds(ours) == _what_nbconvert_adds(theirs)
    alts, focusable = _what_nbconvert_adds(ours)
    assert alts == ["", NO_ALT, NO_ALT, "kept"]  # markdown's ![](a.png) has an empty one
    assert sum("jp-OutputArea-output" in c for c in focusable) == 3  # the three outputs, not the printed markup
    assert sum("jp-Cell-inputWrapper" in c for c in focusable) == 3  # one per cell, markdown too
