"""The one table helper (mmperf.tables.show_table): exact, hand-checked cases.

Each expected string is written out by hand from the rule in the module docstring (e.g. 12345.678
to three significant digits is 12,300: the digits 1, 2, 3 kept, the rest rounded away, the thousands
separated by commas), never copied from the code's output.
"""

import math

import numpy as np
import pandas as pd
import pytest

from mmperf.tables import MISSING, format_value, show_table, sig


@pytest.mark.parametrize(("x", "digits", "expected"), [
    (12345.678, 3, "12,300"),
    (12345.678, 5, "12,346"),
    (0.000123456, 3, "0.000123"),
    (9.996, 3, "10.0"),        # rounding carries into a new digit: still three significant digits
    (0.9996, 3, "1.00"),
    (2.0, 3, "2.00"),
    (-1043.2, 4, "-1,043"),
    (1556262974.899, 3, "1,560,000,000"),
    (2.1e-5, 2, "2.1×10⁻⁵"),
    (3.2e16, 2, "3.2×10¹⁶"),
    (0.0, 3, "0"),
    (0.0001, 2, "0.00010"),   # 1e-4 is the smallest value still written without a power of ten
    (float("inf"), 3, "∞"),    # composed sentences meet these at unstable design points (huynh's mixing
    (float("-inf"), 3, "-∞"),  # claim failed on a NaN when it moved to sig)
    (float("nan"), 3, "undefined"),
])
def test_significant_digits(x, digits, expected):
    assert sig(x, digits) == expected


@pytest.mark.parametrize(("value", "fmt", "expected"), [
    (12345.678, "int", "12,346"),
    (np.int64(1234567), "int", "1,234,567"),
    (12345.678, ".1f", "12345.7"),
    (12345.678, ",.2f", "12,345.68"),
    (0.1234, "pct1", "12.3 %"),
    (1.0, "pct0", "100 %"),
    (True, "bool", "yes"),
    (np.bool_(False), "bool", "no"),
    ("True", "bool", "yes"),
    (0, "bool", "no"),
    ("a long sentence", "text", "a long sentence"),
    (3.14159, lambda v: f"{v:.2f} rad", "3.14 rad"),
    (np.float64(0.25), "sig2", "0.25"),
    ("not a number", "sig3", "not a number"),   # a number format never fails on text
    (float("inf"), "sig3", "∞"),
    (-math.inf, "int", "-∞"),
])
def test_formats(value, fmt, expected):
    assert format_value(value, fmt) == expected


@pytest.mark.parametrize("missing", [None, float("nan"), np.nan, pd.NA, pd.NaT, "nan", "NaN", "None", "<NA>"])
@pytest.mark.parametrize("fmt", [None, "sig3", "int", ".2f", "pct1", "bool", "text"])
def test_missing_values_are_an_em_dash(missing, fmt):
    assert format_value(missing, fmt) == MISSING == "—"


@pytest.mark.parametrize(("value", "expected"), [
    (True, "yes"), (np.bool_(True), "yes"), (7, "7"), (np.int32(10432), "10,432"),
    (10430.0, "10,430"),            # the "1.043e+04" case
    (0.3400000, "0.34"), (1556262974.899, "1,556,000,000"), (2e-5, "2×10⁻⁵"), (74.0, "74"),
    ("reproduced", "reproduced"),
])
def test_automatic_formats(value, expected):
    assert format_value(value) == expected


def test_units_in_header_no_index_and_named_index_kept():
    df = pd.DataFrame({"delay": [1.5, 2.25]}, index=pd.Index(["disk", "net"], name="stage"))
    t = show_table(df, units={"delay": "ms"})
    assert t.header == ["stage", "delay (ms)"]
    assert t.rows == [["disk", "1.5"], ["net", "2.25"]]
    plain = show_table(pd.DataFrame({"a": [1, 2]}, index=[5, 9]))
    assert plain.header == ["a"], "an unnamed integer index is not a column"
    html = plain.to_html()
    assert "<th" in html and ">5<" not in html and ">9<" not in html


def test_multiindex_columns_are_flattened():
    df = pd.DataFrame([[1, 2]], columns=pd.MultiIndex.from_tuples([("delay", "mean"), ("delay", "ci")]))
    assert show_table(df).header == ["delay / mean", "delay / ci"]


def test_status_is_coloured_and_written():
    df = pd.DataFrame({"what": ["a", "b", "c", "d", "e"],
                       "status": ["reproduced", "not reproduced", "inconclusive", "not applicable", "target met"]})
    html = show_table(df).to_html()
    for word, cls in [("reproduced", "good"), ("not reproduced", "bad"), ("inconclusive", "unsure"),
                      ("not applicable", "neutral"), ("target met", "good")]:
        assert f'<td class="mm-status mm-status-{cls}">{word}</td>' in html
    other = pd.DataFrame({"verdict": ["holds"], "status": ["ignored"]})
    html = show_table(other, status="verdict").to_html()
    assert '<td class="mm-status mm-status-good">holds</td>' in html
    assert "mm-status" not in show_table(df, status=False).to_html().split("</style>")[1]


def test_long_text_is_never_cut_and_is_escaped():
    long = "why: " + "the paper rounds its values and omits the warm-up period " * 4
    t = show_table(pd.DataFrame({"why": [long], "x": ["<b>&"]}))
    html = t.to_html()
    assert long in html and "..." not in html and "…" not in html
    assert '<td class="mm-wrap">' in html, "a long text column gets the wrap class by default"
    assert "&lt;b&gt;&amp;" in html and "<b>&" not in html
    assert str(t).count("...") == 0 or long not in str(t)  # plain text may abbreviate; HTML never


def test_numeric_columns_are_right_aligned_text_is_not():
    t = show_table(pd.DataFrame({"name": ["x"], "n": [1234], "flag": [True]}))
    assert t.numeric == [False, True, False]
    assert '<td class="mm-num">1,234</td>' in t.to_html()


def test_unknown_columns_are_refused_by_name():
    df = pd.DataFrame({"a": [1]})
    for kwargs in ({"formats": {"b": "int"}}, {"units": {"b": "ms"}}, {"wrap": ["b"]}, {"status": "b"}):
        with pytest.raises(KeyError, match="b"):
            show_table(df, **kwargs)


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown table format 'sigma'"):
        format_value(1.0, "sigma")


def test_no_raw_reprs_in_the_html():
    df = pd.DataFrame({"v": [np.float64(1.5), None, np.nan], "w": [np.int64(3), pd.NA, 4],
                       "b": [np.bool_(True), False, None]})
    body = show_table(df).to_html().split("</style>", 1)[1]
    for bad in ("nan", "NaN", "None", "np.float64", "True", "False", "<NA>"):
        assert bad not in body, bad


def test_displays_as_html_in_jupyter_and_has_a_caption():
    t = show_table({"a": [1]}, caption="Table of a")
    html = t._repr_html_()
    assert html.startswith("<style>") and '<div class="mm-table-box">' in html
    assert "<caption>Table of a</caption>" in html
    assert t.to_markdown() == "| a |\n|---:|\n| 1 |"
    assert len(t) == 1


def test_empty_columns_are_left_out_and_wide_tables_are_dense():
    df = pd.DataFrame({"what": ["a", "b"], "note": ["", None], "gap": [np.nan, None], "status": ["", ""]})
    t = show_table(df)
    assert t.header == ["what", "status"], "the status column stays, empty or not"
    assert 'class="mm-table"' in t.to_html()
    wide = show_table(pd.DataFrame([[1] * 8], columns=list("abcdefgh")))
    assert 'class="mm-table mm-dense"' in wide.to_html()
    assert show_table(pd.DataFrame({"a": []})).header == ["a"], "an empty table keeps its header"
