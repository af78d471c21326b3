"""Huynh & Khoshgoftaar: a PC in a LAN video conference, Locate Mode vs Move Mode.

Modules by concern (CONTRIBUTING.md, "One shape for every study"): :mod:`.analytic`
(utilisation-law closed forms, and the exercise and errata numbers), :mod:`.model` (the
network, its routes and one replication, on Ciw or on the lean loop), :mod:`.checks` (the functions of
the reproduction checks, declared in ``checks.yml``), :mod:`.scoring` (the mismatch list, the coverage
entries), :mod:`.figures` (every figure and
its alt text), :mod:`.text` (sentences composed from the run), :mod:`.config` (one model
configuration, the paper's values and Table 1) and :mod:`.experiments` (sweeps, replications,
confidence intervals, and the metrics the page reads off them).

Variants: no ``data.py``, because :mod:`.config` loads the transcribed data
(``paper_values``, ``table1``); the model is split over :mod:`.routes` (stations and routes
shared by both engines), :mod:`.nodes` (custom Ciw nodes: device tokens, mixing join, a faster
Ciw event loop) and :mod:`.lean` (the lean event loop, checked record for record against Ciw);
:mod:`.calibration` fits the hardware numbers the paper does not print to its anchors and
builds the calibration table.

The chapter's cross-parameter rules live in ``notebooks/huynh.yml`` (``rules:``), so that
validating parameters does not import this package.

Examples
--------
>>> cfg = Config(frames=200, io_mode="move")
>>> run_once(cfg, seed=1)["conservation_ok"]
1.0
"""

from .config import Config, calibration, paper_values
from .model import CATEGORIES, run_once

__all__ = ["Config", "calibration", "paper_values", "CATEGORIES", "run_once"]
