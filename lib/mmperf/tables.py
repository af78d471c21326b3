"""One way to show a table in the book: :func:`show_table`.

Every table a chapter displays goes through :func:`show_table` (``Chapter.table`` calls it). It
returns a :class:`Table`, which Jupyter, papermill, myst-nb's ``glue`` and Jupyter Book all
display as HTML (``_repr_html_``), and which prints as aligned plain text elsewhere.

What it does, so no chapter has to:

- **formats per column** (``formats={"delay": "sig3"}``):

  ==========  ===========================================================  ===================
  format      meaning                                                      ``12345.678`` gives
  ==========  ===========================================================  ===================
  ``"sigN"``  N significant digits, thousands separators, never ``e+04``;  ``sig3``: 12,300
              values below 1e-4 or from 1e15 up as ``1.23×10⁻⁵``
  ``"int"``   rounded to a whole number, thousands separators              12,346
  ``".Nf"``   any Python format spec (``".2f"``, ``",.1f"``, ``".3e"``)    ``.1f``: 12345.7
  ``"pctN"``  a *fraction* shown as a percentage with N decimals           ``pct1`` of 0.123:
                                                                           12.3 %
  ``"bool"``  yes / no                                                     yes
  ``"text"``  ``str(value)``, wrapped, never cut                           12345.678
  callable    ``f(value) -> str``
  ==========  ===========================================================  ===================

  Columns without a format are formatted by value: booleans as yes/no, integers with thousands
  separators, other numbers with four significant digits (trailing zeros dropped), text as is.
- **units in the header**: ``units={"delay": "ms"}`` heads the column "delay (ms)".
- **no index column**: a default ``RangeIndex`` is dropped; a meaningful (named or non-numeric)
  index becomes an ordinary first column.
- **missing values** (``None``, ``NaN``, ``pd.NA``, ``NaT`` and the strings "nan", "None") are
  shown as an em dash "—"; infinities as "∞" / "-∞". A column with nothing in it (every cell empty
  or missing) is left out.
- **long text wraps** inside its cell, between words: nothing is ever cut with "...", and no word is
  split between two letters (a long name or path may break after its ``_`` and ``/``:
  :func:`breakable`). Columns named in ``wrap`` (by default: text columns with a cell longer than 40
  characters) get a wider minimum width.
- **status column**: the column named by ``status`` (default: a column called "status", if any)
  is colour-coded *and* keeps its word (green: reproduced / target met / holds; red: not
  reproduced / target missed / fails; amber: inconclusive; grey: not applicable / not comparable),
  with a glyph before the word for readers who do not see the colours.
- **fits the text column**: the table takes the column's width and wraps text (a table of eight
  or more columns uses a smaller type and narrower padding); only when the
  screen is too narrow does the table scroll sideways inside its own box. Colours are
  translucent, so the table reads in light and dark mode.

Examples
--------
>>> import pandas as pd
>>> t = show_table(pd.DataFrame({"stage": ["disk", "net"], "delay": [12.345, 0.5]}),
...                formats={"delay": "sig3"}, units={"delay": "ms"})
>>> t.header
['stage', 'delay (ms)']
>>> t.rows
[['disk', '12.3'], ['net', '0.500']]
>>> print(t)
stage delay (ms)
 disk       12.3
  net      0.500
"""

from __future__ import annotations

import html
import math
import numbers
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pandas as pd

MISSING = "—"
#: tables with this many columns or more use a smaller type, so that they fit the text column
DENSE_COLUMNS = 8
MISSING_STRINGS = {"nan", "none", "<na>", "nat", "null"}

STATUS_CLASSES = {
    "reproduced": "good", "target met": "good", "holds": "good",
    "not reproduced": "bad", "target missed": "bad", "fails": "bad", "failed": "bad",
    "inconclusive": "unsure",
    "not applicable": "neutral", "not comparable": "neutral", "cached": "neutral",
    "executed": "good",
}

Format = str | Callable[[Any], str] | None

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")

CSS = """
.mm-table-box{overflow-x:auto;max-width:100%;margin:0.6em 0 1.2em 0;}
.mm-table-box table.mm-table{width:100%;border-collapse:collapse;font-size:0.86em;line-height:1.35;
  margin:0;table-layout:auto;color:inherit;background:transparent;}
.mm-table-box table.mm-table.mm-dense{font-size:0.78em;}
table.mm-table caption{caption-side:top;text-align:left;font-style:italic;color:inherit;padding:0 0 0.3em 0;}
table.mm-table th,table.mm-table td{padding:0.25em 0.4em;vertical-align:top;text-align:left;
  border:none;border-bottom:1px solid rgba(128,128,128,0.35);white-space:normal;overflow-wrap:break-word;
  word-break:normal;hyphens:auto;-webkit-hyphens:auto;background:transparent;color:inherit;}
table.mm-table.mm-dense th,table.mm-table.mm-dense td{padding:0.25em 0.3em;}
table.mm-table thead th{border-bottom:2px solid rgba(128,128,128,0.7);font-weight:600;overflow-wrap:normal;}
table.mm-table td.mm-num,table.mm-table th.mm-num{text-align:right;font-variant-numeric:tabular-nums;}
table.mm-table td.mm-num{white-space:nowrap;overflow-wrap:normal;}
table.mm-table td.mm-wrap{min-width:6em;}
table.mm-table td.mm-status{white-space:normal;overflow-wrap:normal;border-left:4px solid transparent;}
table.mm-table td.mm-status-good{background:rgba(0,158,115,0.16);border-left-color:#009E73;}
table.mm-table td.mm-status-bad{background:rgba(213,94,0,0.18);border-left-color:#D55E00;}
table.mm-table td.mm-status-unsure{background:rgba(230,159,0,0.20);border-left-color:#E69F00;}
table.mm-table td.mm-status-neutral{background:rgba(128,128,128,0.14);border-left-color:#999999;}
table.mm-table td.mm-status-good::before{content:"\\2713\\00a0";}
table.mm-table td.mm-status-bad::before{content:"\\2717\\00a0";}
table.mm-table td.mm-status-unsure::before{content:"?\\00a0";}
table.mm-table td.mm-status-neutral::before{content:"\\2013\\00a0";}
@media (max-width: 720px){.mm-table-box table.mm-table{min-width:36em;}table.mm-table td.mm-wrap{min-width:11em;}}
@media print{.mm-table-box{overflow:visible;}table.mm-table{font-size:0.78em;}}
"""




def _zero_specificity(css: str) -> str:
    """``css`` with every selector wrapped in ``:where()``, so any stylesheet of the page overrides it.

    A table carries this copy of the style for Jupyter and the standalone page; in the book the
    stylesheet ``mmperf-tables.css`` (the same rules at full specificity, written by
    :mod:`mmbook.sphinxext`) wins, so a style change shows without re-executing the chapters.

    Examples
    --------
    >>> _zero_specificity("a.b td,th{x:1}@media (max-width: 9px){td.c::before{y:2}}")
    ':where(a.b td),:where(th){x:1}@media (max-width: 9px){:where(td.c)::before{y:2}}'
    """
    def wrap(selector: str) -> str:
        selector = selector.strip()
        base, sep, pseudo = selector.partition("::")
        return f":where({base}){sep}{pseudo}"

    return re.sub(r"([^{}@;]+)\{([^{}]*)\}",
                  lambda m: ",".join(wrap(s) for s in m[1].split(",")) + "{" + m[2] + "}", css)


CSS_EMBEDDED = _zero_specificity(CSS)


# ----------------------------------------------------------------------------- cell formatting
def is_missing(value: Any) -> bool:
    """True for the values shown as an em dash.

    Examples
    --------
    >>> [is_missing(v) for v in (None, float("nan"), pd.NA, "nan", "None", "", 0, "text")]
    [True, True, True, True, True, False, False, False]
    """
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    if isinstance(value, str):
        return value.strip().lower() in MISSING_STRINGS
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            return math.isnan(float(value))
        except (TypeError, ValueError):
            return False
    try:
        return bool(pd.isna(value)) if pd.api.types.is_scalar(value) else False
    except (TypeError, ValueError):
        return False


def _plain(value: Any) -> Any:
    """numpy scalars to Python scalars."""
    if hasattr(value, "item") and not isinstance(value, (str, bytes)) and getattr(value, "ndim", 0) == 0:
        try:
            return value.item()
        except (ValueError, AttributeError):
            return value
    return value


def _infinite(x: float) -> str | None:
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return None


def sig(x: float, digits: int = 3) -> str:
    """``x`` to ``digits`` significant digits, with thousands separators and no ``e+NN``.

    Values with magnitude below 1e-4 or from 1e15 up use a power of ten. Infinities are "∞" / "-∞", as in
    the tables, and NaN is "undefined": a sentence composed at a run's parameters can meet either (an
    unstable station's delay), and a reader must never see "nan".

    Examples
    --------
    >>> sig(12345.678, 3), sig(0.000123456, 3), sig(9.996, 3), sig(2.0, 3), sig(-1043.2, 4)
    ('12,300', '0.000123', '10.0', '2.00', '-1,043')
    >>> sig(2.1e-5, 2), sig(3.2e16, 2), sig(0.0, 3)
    ('2.1×10⁻⁵', '3.2×10¹⁶', '0')
    >>> sig(float("inf")), sig(-float("inf")), sig(float("nan"))
    ('∞', '-∞', 'undefined')
    """
    x = float(x)
    if x == 0:
        return "0"
    if math.isnan(x):
        return "undefined"
    if math.isinf(x):
        return _infinite(x)
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    e = int(exponent)
    if e < -4 or e >= 15:
        return f"{mantissa}×10{str(e).translate(_SUPERSCRIPT)}"
    decimals = max(digits - 1 - e, 0)
    rounded = float(f"{x:.{digits - 1}e}")
    return f"{rounded:,.{decimals}f}"


def signed(x: float, decimals: int = 2) -> str:
    """``x`` with its sign and ``decimals`` decimals, for a difference; a value that rounds to zero is
    written without a sign (never "-0.00").

    Examples
    --------
    >>> signed(1.234), signed(-0.5, 1), signed(-0.0004), signed(0.004, 2), signed(0.0)
    ('+1.23', '-0.5', '0.00', '0.00', '0.00')
    """
    text = f"{float(x):+.{decimals}f}"
    return text[1:] if float(text) == 0 else text


def _auto_number(x: float) -> str:
    """Four significant digits, trailing zeros after the point dropped."""
    text = sig(x, 4)
    if "×" in text:
        mantissa, power = text.split("×")
        mantissa = mantissa.rstrip("0").rstrip(".") if "." in mantissa else mantissa
        return f"{mantissa}×{power}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_value(value: Any, fmt: Format = None) -> str:
    """One cell as text.

    Examples
    --------
    >>> format_value(12345.678, "sig3"), format_value(12345.678, "int"), format_value(12345.678, ".1f")
    ('12,300', '12,346', '12345.7')
    >>> format_value(0.1234, "pct1"), format_value(True, "bool"), format_value(0, "bool")
    ('12.3 %', 'yes', 'no')
    >>> format_value(float("nan"), "sig3"), format_value(None), format_value("nan", "text")
    ('—', '—', '—')
    >>> format_value(10430.0), format_value(0.25), format_value(7), format_value(False)
    ('10,430', '0.25', '7', 'no')
    >>> format_value(float("inf"), "sig3"), format_value(2.5, lambda v: f"<{v}>")
    ('∞', '<2.5>')
    >>> format_value([1, 2.5, None])
    '1, 2.5, —'
    """
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(v, fmt) for v in value)
    value = _plain(value)
    if is_missing(value):
        return MISSING
    if callable(fmt):
        return str(fmt(value))
    if fmt is None:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, numbers.Integral):
            return f"{value:,}"
        if isinstance(value, numbers.Real):
            return _infinite(float(value)) or _auto_number(float(value))
        return str(value)
    if fmt == "text":
        return str(value)
    if fmt == "bool":
        if isinstance(value, str):
            low = value.strip().lower()
            if low in ("true", "yes", "1"):
                return "yes"
            if low in ("false", "no", "0"):
                return "no"
            return value
        return "yes" if bool(value) else "no"
    if isinstance(value, str) or not isinstance(value, numbers.Real) or isinstance(value, bool):
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)  # a number format on text: show the text, do not fail
    check_format(fmt)
    x = float(value)
    inf = _infinite(x)
    if inf:
        return inf
    if fmt.startswith("sig"):
        return sig(x, int(fmt[3:] or 3))
    if fmt == "int":
        return f"{round(x):,}"
    if fmt.startswith("pct"):
        return f"{100 * x:,.{int(fmt[3:] or 1)}f} %"
    return format(x, fmt)


def check_format(fmt: Format) -> None:
    """Refuse a format that is not one of the documented kinds.

    Examples
    --------
    >>> check_format("sig3"); check_format(",.2f"); check_format(None)
    >>> check_format("sigma")
    Traceback (most recent call last):
    ...
    ValueError: unknown table format 'sigma'; use sigN, int, .Nf (any Python float format), pctN, bool, text or a callable
    """
    if fmt is None or callable(fmt) or fmt in ("int", "bool", "text"):
        return
    if isinstance(fmt, str):
        if re.fullmatch(r"sig[1-9][0-9]?|pct[0-9]", fmt):
            return
        if not fmt.startswith(("sig", "pct")):
            try:
                format(1.5, fmt)
                return
            except ValueError:
                pass
    raise ValueError(f"unknown table format {fmt!r}; use sigN, int, .Nf (any Python float format), pctN, "
                     "bool, text or a callable")


#: a word long enough that a column should be able to be narrower than it
_LONG_WORD = re.compile(r"[^\s<>]{13,}")


def breakable(text: str) -> str:
    """``text`` escaped for HTML, with a line-break opportunity (``<wbr>``) after each ``_`` and ``/`` of a
    long word.

    A column holding a name such as ``video_frames_dropped_pct`` or a path such as
    ``data/hsieh/msg_multicast.csv`` could otherwise be no narrower than the whole name: the table
    would overflow its column, or (with CSS's ``overflow-wrap: anywhere``) every word of the column
    would be split between two letters. With these opportunities the name breaks where a reader
    expects it to, and no word is split.

    Examples
    --------
    >>> breakable("see data/hsieh/msg.csv for <rates>")
    'see data/<wbr>hsieh/<wbr>msg.csv for &lt;rates&gt;'
    >>> breakable("video_frames_dropped_pct, short_name")
    'video_<wbr>frames_<wbr>dropped_<wbr>pct, short_name'
    """
    return _LONG_WORD.sub(lambda m: re.sub(r"([_/])", r"\1<wbr>", m[0]), html.escape(text))


# ----------------------------------------------------------------------------- the table
class Table:
    """A formatted table: ``header`` (list of str), ``rows`` (list of lists of str) and per-column
    classes; displays as HTML in Jupyter and in the book, as aligned text in a terminal."""

    def __init__(self, header: list[str], rows: list[list[str]], numeric: list[bool],
                 wrapped: list[bool], status_col: int | None, caption: str | None,
                 source: pd.DataFrame, dense: bool = False) -> None:
        self.header = header
        self.rows = rows
        self.numeric = numeric
        self.wrapped = wrapped
        self.status_col = status_col
        self.caption = caption
        self.source = source
        self.dense = dense

    @property
    def data(self) -> pd.DataFrame:
        """The formatted cells as a DataFrame of strings (headers with units)."""
        return pd.DataFrame(self.rows, columns=self.header)

    def to_html(self, style: bool = True) -> str:
        esc = html.escape
        parts = [f"<style>{CSS_EMBEDDED}</style>"] if style else []
        parts.append(f'<div class="mm-table-box"><table class="mm-table{" mm-dense" if self.dense else ""}">')
        if self.caption:
            parts.append(f"<caption>{esc(self.caption)}</caption>")
        parts.append("<thead><tr>")
        for j, head in enumerate(self.header):
            cls = ' class="mm-num"' if self.numeric[j] else ""
            parts.append(f'<th scope="col"{cls}>{breakable(head)}</th>')
        parts.append("</tr></thead><tbody>")
        for row in self.rows:
            parts.append("<tr>")
            for j, cell in enumerate(row):
                classes = []
                if j == self.status_col:
                    classes += ["mm-status", f"mm-status-{STATUS_CLASSES.get(cell.strip().lower(), 'neutral')}"]
                elif self.numeric[j]:
                    classes.append("mm-num")
                elif self.wrapped[j]:
                    classes.append("mm-wrap")
                cls = f' class="{" ".join(classes)}"' if classes else ""
                parts.append(f"<td{cls}>{esc(cell) if self.numeric[j] else breakable(cell)}</td>")
            parts.append("</tr>")
        parts.append("</tbody></table></div>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_markdown(self) -> str:
        """A Markdown (pipe) table of the formatted cells."""
        def cell(text: str) -> str:
            return text.replace("|", "\\|").replace("\n", " ")

        lines = ["| " + " | ".join(cell(h) for h in self.header) + " |",
                 "|" + "|".join("---:" if n else "---" for n in self.numeric) + "|"]
        lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in self.rows]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.data.to_string(index=False)

    def __repr__(self) -> str:
        return str(self)

    def __len__(self) -> int:
        return len(self.rows)


def _flat(name: Any) -> str:
    if isinstance(name, tuple):
        return " / ".join(str(n) for n in name if str(n))
    return str(name)


def _prepare(df: pd.DataFrame) -> pd.DataFrame:
    """Drop a default index; keep a meaningful one as a first column."""
    index = df.index
    default = isinstance(index, pd.RangeIndex) and index.name is None and not isinstance(index, pd.MultiIndex)
    if not default and (index.name is not None or getattr(index, "names", [None])[0] is not None
                        or not pd.api.types.is_integer_dtype(index)):
        df = df.reset_index()
    else:
        df = df.reset_index(drop=True)
    df = df.copy()
    df.columns = [_flat(c) for c in df.columns]
    return df


def _is_numeric_column(values: Iterable[Any], fmt: Format) -> bool:
    if fmt in ("text", "bool"):
        return False
    seen = False
    for v in values:
        v = _plain(v)
        if is_missing(v):
            continue
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            return False
        seen = True
    return seen


def show_table(df: pd.DataFrame | Mapping[str, Iterable[Any]], formats: Mapping[str, Format] | None = None,
               units: Mapping[str, str] | None = None, status: str | bool | None = None,
               wrap: Iterable[str] | None = None, caption: str | None = None) -> Table:
    """Format ``df`` for the book (see the module docstring for every rule).

    Parameters
    ----------
    df : DataFrame (or a dict of columns)
    formats : {column: "sigN" | "int" | ".Nf" | "pctN" | "bool" | "text" | callable}
    units : {column: unit}; the header becomes "column (unit)"
    status : the status column's name; default "status" if there is one; ``False`` for none
    wrap : columns of long text that should get a wider minimum width (all text wraps anyway)
    caption : a caption above the table

    Raises
    ------
    KeyError
        if ``formats``, ``units``, ``wrap`` or ``status`` name a column the table does not have.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"check": ["loss", "delay"], "ours": [2.1e-5, float("nan")],
    ...                    "ok": [True, False], "status": ["reproduced", "not applicable"]})
    >>> t = show_table(df, formats={"ours": "sig2"})
    >>> t.rows
    [['loss', '2.1×10⁻⁵', 'yes', 'reproduced'], ['delay', '—', 'no', 'not applicable']]
    >>> 'class="mm-status mm-status-good">reproduced<' in t.to_html()
    True
    >>> show_table(df, units={"nope": "ms"})
    Traceback (most recent call last):
    ...
    KeyError: "show_table: units names columns the table does not have: ['nope'] (columns: ['check', 'ours', 'ok', 'status'])"
    """
    if not isinstance(df, pd.DataFrame):
        df = pd.DataFrame(df)
    df = _prepare(df)
    columns = list(df.columns)
    formats = dict(formats or {})
    for fmt in formats.values():
        check_format(fmt)
    units = dict(units or {})
    for label, names in (("formats", formats), ("units", units), ("wrap", list(wrap or []))):
        unknown = [c for c in names if c not in columns]
        if unknown:
            raise KeyError(f"show_table: {label} names columns the table does not have: {unknown} "
                           f"(columns: {columns})")
    if status is None:
        status_name = "status" if "status" in columns else None
    elif status is False:
        status_name = None
    elif status is True:
        status_name = "status"
    else:
        status_name = status
    if status_name is not None and status_name not in columns:
        raise KeyError(f"show_table: status column {status_name!r} not in {columns}")
    rows = [[format_value(v, formats.get(c)) for c, v in zip(columns, rec, strict=True)]
            for rec in df.itertuples(index=False, name=None)]
    if rows:  # a column with nothing in it (every cell empty or missing) only takes room
        keep = [j for j, c in enumerate(columns)
                if c == status_name or any(r[j].strip() not in ("", MISSING) for r in rows)]
        if len(keep) < len(columns):
            columns = [columns[j] for j in keep]
            rows = [[r[j] for j in keep] for r in rows]
            df = df[columns]
    numeric = [_is_numeric_column(df[c], formats.get(c)) for c in columns]
    wanted = set(wrap) if wrap is not None else {
        c for j, c in enumerate(columns) if not numeric[j] and any(len(r[j]) > 40 for r in rows)}
    wrapped = [c in wanted for c in columns]
    header = [f"{c} ({units[c]})" if units.get(c) else c for c in columns]
    status_col = columns.index(status_name) if status_name is not None else None
    return Table(header, rows, numeric, wrapped, status_col, caption, df, dense=len(columns) >= DENSE_COLUMNS)
