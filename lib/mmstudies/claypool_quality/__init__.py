"""Claypool (1997): the application quality metric and calibrated reconstructions of its quality figures.

Modules by concern:

- :mod:`.data` - the transcribed inputs (limits, anchors, system values, assumptions, cost tables);
- :mod:`.analytic` - the audioconference, flying and Virtual Cockpit pipelines and their calibrations
  (closed forms and roots of closed forms; nothing in this study is simulated);
- :mod:`.experiments` - every result of the chapter from its parameters (:func:`~.experiments.run`);
- :mod:`.checks` - the functions of the checks table (``checks.yml``) and the coverage table;
- :mod:`.text` - the chapter's sentences composed from the run and the checks' statuses;
- :mod:`.figures` - every figure.
"""

from .analytic import (
    AudioSettings,
    Calibration,
    FlyingSettings,
    VCSettings,
    audio_kappa_calibration,
    audio_point,
    audio_quality,
    audio_settings,
    calibrate_audio_kappa,
    calibrate_vc_lambda,
    flying_crossover,
    flying_point,
    flying_settings,
    max_users,
    optimal_buffer,
    spec_threshold,
    vc_lambda_calibration,
    vc_max_soldiers,
    vc_point,
    vc_settings,
)
from .data import Inputs, calibrated_values, load_inputs
from .experiments import Run, run

__all__ = [
    "AudioSettings", "Calibration", "FlyingSettings", "Inputs", "Run", "VCSettings", "audio_kappa_calibration",
    "audio_point", "audio_quality", "audio_settings", "calibrate_audio_kappa", "calibrate_vc_lambda",
    "calibrated_values", "flying_crossover", "flying_point", "flying_settings", "load_inputs", "max_users",
    "optimal_buffer", "run", "spec_threshold", "vc_lambda_calibration", "vc_max_soldiers", "vc_point", "vc_settings",
]
