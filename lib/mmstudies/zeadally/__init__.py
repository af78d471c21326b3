"""Zeadally, Gheorghiu and Levi: the network-to-display data path of a bus-based workstation.

Modules by concern:

- :mod:`.analytic` - the paper's Eq. 1 and Eq. 2, their application to every measured
  configuration, and the arithmetic on Table 2 (no Ciw, no statsmodels);
- :mod:`.costfit` - the fixed-plus-per-byte regression (a demonstration on four or five points);
- :mod:`.model` - the Ciw models: the serial and pipelined data path, CPU processor sharing;
- :mod:`.checks` - the functions behind the chapter's checks table (``checks.yml``), the run record and the audit;
- :mod:`.narrative` - the sentences of the chapter that depend on the run, composed from it;
- :mod:`.figures` - every figure of the chapter.

Importing the package imports only :mod:`.analytic`; the others are imported where they are used,
so that a chapter run with a warm simulation cache never imports Ciw or statsmodels.
"""

from mmstudies.zeadally.analytic import (  # noqa: F401
    FRAME_BITS_PAPER,
    STAGE_NAMES,
    STUDY,
    cpu_sharing_setups,
    eq1_throughput,
    eq2_throughput,
    frame_bits,
    frame_rate,
    frame_time_ms,
    measured_configurations,
    model_vs_measured,
    pipelined_throughput,
    regression_points,
    serial_throughput,
    stage_rates,
    table2_checks,
    throughput_mbps,
)
