"""Huynh & Khoshgoftaar: a PC in a LAN video conference, Locate Mode vs Move Mode.

Modules by concern: :mod:`.model` (the network, its routes and one replication, on Ciw or on
the lean loop), :mod:`.lean` (the lean event loop, checked record for record against Ciw),
:mod:`.nodes` (custom Ciw nodes: device tokens, mixing join, a faster Ciw event loop),
:mod:`.analytic` (utilisation-law closed forms), :mod:`.calibration` (hardware numbers fitted
to the paper's anchors), :mod:`.config`, :mod:`.experiments` (sweeps, replications,
confidence intervals), :mod:`.scoring` (the reproduction checks), :mod:`.text` (sentences
composed from the run) and :mod:`.figures`.

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
