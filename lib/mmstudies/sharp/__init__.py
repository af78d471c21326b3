"""Sharp & Todirica (~2002): one video stream of the Virtual Seminar Room as a queueing pipeline.

Modules: :mod:`.config` (Table 1 rows, stage names, the measured condition), :mod:`.analytic`
(the fitted stage-time family, the exact recursion, closed forms and arithmetic on the paper's
numbers), :mod:`.model` (the Ciw model), :mod:`.experiments` (replications, long runs, the load
sweep), :mod:`.scoring` (every reproduction check) and :mod:`.figures` (every figure).
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
