"""Explained survivors of the mutation run over ``mmstudies.huynh.analytic`` (see benchmarks/mutation.py)."""

from __future__ import annotations

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.huynh\.analytic\.x_(host_kloc_sweep|saturation_kloc|offered_loads)", r"saturate=None",
     "equivalent: host_utilisation tests `if saturate`, and None is falsy exactly like False, so the "
     "utilisation is returned uncapped either way."),
    (r"mmstudies\.huynh\.analytic\.x_(host_kloc_sweep|saturation_kloc)",
     r"base\.with_\(io_mode=(None|\"XXlocateXX\"|\"LOCATE\"), host=",
     "equivalent: the configuration built here is only passed to host_utilisation (and through it to "
     "host_work_per_s), which branch on io_mode == 'move' alone; any other value, None or a misspelt "
     "'locate' included, computes the Locate work, and io_mode is not part of the returned frame or number. "
     "(Dropping the override is killed: a Move base then gives a different answer.)"),
    (r"mmstudies\.huynh\.analytic\.x_ft_share", r"if video \+ ft > 1 else",
     "equivalent over the configurations check_config allows: the host work per second is either 0 (Move "
     "Mode, or no stream selected) or at least 1000 x 1 frame/s x (0 + 5 + 2 x 10) KLOCS = 25,000 "
     "instructions/s (one video stream at the lowest rate and path length; file transfers alone give "
     "900,000), so 'more than 1' and 'more than 0' select the same configurations."),
    (r"mmstudies\.huynh\.analytic\.x_saturation_kloc", r"else float\(\"NAN\"\)",
     "equivalent: float() parses 'nan' case-insensitively, so float('NAN') is the same NaN."),
]
