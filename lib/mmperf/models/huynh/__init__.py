"""Huynh & Khoshgoftaar: a PC in a LAN video conference, Locate Mode vs Move Mode, on Ciw.

Modules: :mod:`.nodes` (custom Ciw nodes: device tokens, mixing join, a faster event loop),
:mod:`.calibration` (hardware numbers fitted to the paper's anchors), :mod:`.config`,
:mod:`.model` (the network and one replication), :mod:`.experiments` (sweeps, replications,
confidence intervals), :mod:`.scoring` (the reproduction checks) and :mod:`.figures`.

Examples
--------
>>> validate_parameters({"frame_rates": [8.0], "frame_rate": 30.0, "frames": 2000, "sweep_frames": 300,
...                      "host_klocs": [0.0, 60.0], "adapter_klocs": [1.0, 16.0]})
Traceback (most recent call last):
...
mmperf.params.ParameterError: frame_rates = [8.0] is not allowed: expected at least two different frame rates (the figures draw curves against the frame rate)
"""

from mmperf.params import ParameterError

from .config import Config, calibration, paper_values
from .model import CATEGORIES, run_once

__all__ = ["Config", "calibration", "paper_values", "CATEGORIES", "run_once", "validate_parameters"]


def validate_parameters(values: dict) -> None:
    """Cross-parameter checks of the chapter (the yml checks each parameter's own range).

    Raises
    ------
    mmperf.params.ParameterError
        naming the parameter and what is allowed.
    """
    rates = values["frame_rates"]
    if len(set(rates)) < 2:
        raise ParameterError(f"frame_rates = {rates} is not allowed: expected at least two different frame rates "
                             "(the figures draw curves against the frame rate)")
    warmup = int(paper_values()["warmup_frames"])
    for name in ("frames", "sweep_frames"):
        if values[name] < 4 * warmup:
            raise ParameterError(f"{name} = {values[name]} is not allowed: expected at least {4 * warmup} frames "
                                 f"(the first {warmup} frames of each stream are the warm-up)")
    for name in ("host_klocs", "adapter_klocs"):
        grid = values[name]
        if len(grid) < 2 or list(grid) != sorted(set(grid)):
            raise ParameterError(f"{name} = {grid} is not allowed: expected at least two path lengths in "
                                 "increasing order")
