"""Claypool (1997) chapter 3 and section 5.6.4: jitter traces, metrics, relations and the buffer.

Modules: :mod:`.config` (constants, conditions, mechanism values), :mod:`.timeslice` (the
time-slice generator, an exact recursion), :mod:`.model` (the Ciw generator and the dispatch),
:mod:`.analytic` (closed forms, fits, printed arithmetic), :mod:`.experiments` (designs and runs),
:mod:`.scoring` (the scorecard), :mod:`.figures` (every figure).
"""

from mmstudies.claypool_jitter.analytic import (  # noqa: F401
    additivity_error_ci,
    additivity_table,
    confidence_band,
    correlation_matrix,
    counter_share,
    expected_stalls,
    first_year_below,
    fisher_ci,
    fit_line,
    group_fits,
    pairwise_comparison,
    printed_chain,
    scaling_exponent,
)
from mmstudies.claypool_jitter.config import (  # noqa: F401
    ENVIRONMENTS,
    GENERATORS,
    MACHINES,
    NETWORKS,
    PRIORITIES,
    RECEIVE_COST_MS,
    REFERENCE_SPECINT92,
    SEND_COST_MS,
    EndSystem,
    Mechanisms,
    MetricSettings,
    host_cost_ms,
    transmission_ms,
)
from mmstudies.claypool_jitter.experiments import (  # noqa: F401
    additivity_design,
    environment_design,
    miniexp_design,
    network_design,
    pooled_chapter3_runs,
    power_design,
    priority_design,
    processor_design,
    run_design,
    sensitivity,
    simulate_study,
    years_design,
)
from mmstudies.claypool_jitter.model import (  # noqa: F401
    burst_ms,
    ciw_trace,
    counter_utilisation,
    simulate_trace,
    trace_metrics,
)
from mmstudies.claypool_jitter.timeslice import generate, idle_variance_us2  # noqa: F401
