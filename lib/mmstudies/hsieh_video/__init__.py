"""Hsieh (1997), thesis Chapter 4: MPEG video delivery with CBR, PCR-assisted CBR (PCBR) and dual-rate PCBR (PDCBR).

Modules: :mod:`.analytic` (exact schedules, searches, plain-Python references), :mod:`.model`
(the schemes as Ciw queues), :mod:`.traces` (synthetic stand-in traces, a reader's trace file),
:mod:`.experiments` (the chapter's studies and the tables it shows), :mod:`.checks` with ``checks.yml`` (the
reproduction checks as data), :mod:`.scoring` (the coverage rows), :mod:`.figures` (all drawing, every figure's alt text)
and :mod:`.text` (the numbers and sentences the page prints, from the run). Submodules load on
first use, so that checking the chapter's parameters (:func:`validate_parameters`) does not
import numba or Ciw.

Variants of the one shape: :mod:`.traces` is this study's ``data`` module (the transcribed tables
are read by :func:`.experiments.load_inputs`, the frame-size traces are synthesised or read from
the reader's file); there is no ``config`` module, because every parameter lives in
``notebooks/hsieh-video.yml`` and the one check the rules there cannot express, a readable trace
file, is :func:`validate_parameters` below.

Examples
--------
>>> validate_parameters({"trace_file": ""})
>>> validate_parameters({"trace_file": "/no/such/file.csv"})
Traceback (most recent call last):
...
mmperf.errors.ParameterError: trace_file: /no/such/file.csv: no such trace file
"""

from __future__ import annotations

import importlib

__all__ = ["analytic", "model", "traces", "experiments", "checks", "scoring", "figures", "text", "validate_parameters"]


def validate_parameters(values: dict) -> None:
    """Refuse a bad ``trace_file`` before any computation, with one line naming the file and line."""
    from mmperf.errors import ParameterError

    from .traces import TraceFileError, check_trace_file

    try:
        check_trace_file(values.get("trace_file", ""))
    except TraceFileError as err:
        raise ParameterError(f"trace_file: {err}") from None


def __getattr__(name: str):
    if name in __all__:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(name)
