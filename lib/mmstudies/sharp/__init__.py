"""Sharp & Todirica (~2002): one video stream of the Virtual Seminar Room as a queueing pipeline.

Modules, in the shape every study has: :mod:`.config` (Table 1 rows, stage names, the measured
condition, and the study's data: :func:`~.config.load_inputs` reads Table 1, the text's values and
Figure 8's events once; the chapter's node, values and Table 1 tables), :mod:`.analytic` (the fitted
stage-time family and its table, the exact recursion, closed forms and arithmetic on the paper's
numbers), :mod:`.model` (the Ciw model), :mod:`.experiments` (replications, long runs, the load sweep,
and the chapter's steps: :class:`~.experiments.Run` and one function per part of the chapter, each
running its simulations through the cache and recording its metrics), :mod:`.scoring` (every
reproduction check, the headline and the coverage of the paper's tables and figures), :mod:`.figures`
(every figure and its alternative text) and :mod:`.text` (every sentence composed from the run).

Variant: there is no separate ``data.py``; the study's data are three small transcribed tables,
loaded by :func:`~.config.load_inputs` beside the reference condition they define.
"""

from .analytic import (
                       SpikedGamma,
                       clopper_pearson,
                       cpu_stretch,
                       distance_for_limit,
                       e2e_at_distance,
                       exact_for_capacity,
                       expected_max_normal,
                       fit_spiked_gamma,
                       fit_stages,
                       frames_to_support,
                       ip_fragments,
                       max_feasible_p_spike,
                       offered_sink_utilisation,
                       pipeline_recursion,
                       saturation_load,
                       spike_range,
                       two_point_fit,
)
from .config import (
                       CPU_STAGES,
                       PIPELINE_STAGES,
                       SINK_POLICIES,
                       TABLE1_ROWS,
                       StageStats,
                       measured_background_load,
                       stage_stats,
)
from .experiments import (
                       first_load_over,
                       long_run_loss,
                       loss_grid,
                       loss_sweep,
                       policy_demo,
                       replicate_pipeline,
                       summarise_run,
                       summary_with_ci,
)
from .model import deterministic_stage_times, run_pipeline, sample_stage_times

__all__ = [
    "SpikedGamma", "clopper_pearson", "cpu_stretch", "distance_for_limit", "e2e_at_distance", "exact_for_capacity",
    "expected_max_normal", "fit_spiked_gamma", "fit_stages", "frames_to_support", "ip_fragments",
    "max_feasible_p_spike", "offered_sink_utilisation", "pipeline_recursion", "saturation_load", "spike_range",
    "two_point_fit", "CPU_STAGES", "PIPELINE_STAGES", "SINK_POLICIES", "TABLE1_ROWS", "StageStats",
    "measured_background_load", "stage_stats", "first_load_over", "long_run_loss", "loss_grid", "loss_sweep",
    "policy_demo", "replicate_pipeline", "summarise_run", "summary_with_ci", "deterministic_stage_times",
    "run_pipeline", "sample_stage_times",
]
