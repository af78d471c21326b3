"""Claypool (1997), chapters 4-7: predicting processor load from per-event costs.

Modules by concern:

- :mod:`.data` - the transcribed tables (``data/claypool/load_*`` plus Tables 5.2 and 7.1);
- :mod:`.analytic` - the counter method, the audioconference and Virtual Cockpit load equations,
  the flying and network arithmetic (closed forms);
- :mod:`.model` - a Ciw processor-sharing model of the counter method (an extension);
- :mod:`.experiments` - every result of the chapter from its parameters (:func:`~.experiments.run`);
- :mod:`.scoring` - the scorecard checks and the coverage table;
- :mod:`.text` - sentences composed from the run and the checks' statuses;
- :mod:`.figures` - every figure.
"""

from .analytic import VC, Audio, Costs, audio_components, audio_load, counter_prediction, measured_load
from .experiments import Run, run

__all__ = ["Audio", "Costs", "VC", "Run", "audio_components", "audio_load", "counter_prediction", "measured_load",
           "run"]
