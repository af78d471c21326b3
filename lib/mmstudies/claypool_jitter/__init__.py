"""Claypool (1997) chapter 3 and section 5.6.4: jitter traces, metrics, relations and the buffer.

Modules (the shape of CONTRIBUTING.md): :mod:`.config` (constants, conditions, mechanism values),
:mod:`.data` (the transcribed tables and values), :mod:`.model` (the Ciw generator and the dispatch
between the two generators), :mod:`.analytic` (closed forms, fits, printed arithmetic),
:mod:`.experiments` (designs, runs, and every number the chapter reports from them: ``run``,
``analyse``, ``record``), :mod:`.checks` (the checks table's functions, ``checks.yml``), :mod:`.scoring`
(the scorecard's summaries and the coverage list), :mod:`.figures`
(every figure), :mod:`.text` (the sentences and text tables that depend on the run).

One variant: :mod:`.timeslice` holds the chapter's second, default trace generator (the
time-slice generator, an exact event recursion) beside :mod:`.model`'s Ciw generator, because the
two are compared throughout the chapter.
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
