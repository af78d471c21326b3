"""Hsieh (1997), thesis chapters 2-3: PVM message passing over ATM and HIPPI, HIPPI over ATM.

The study has the shape CONTRIBUTING.md asks of every study ("One shape for every study"):

- :mod:`.analytic`: closed forms, unit checks, the Hockney form, Eqs. 2.2 and 3.1-3.2, Figure 3.4;
- :mod:`.model`: Ciw (the echo over PVM's routes, message streams, multicast);
- :mod:`.checks` (+ ``checks.yml``): the checks table's functions, the run's record and the independence audit;
- :mod:`.coverage`: how each table and figure of the thesis is regenerated;
- :mod:`.figures`: every figure, and the alternative text of each (``ALT``);
- :mod:`.text`: the numbers and sentences the page prints, recorded into the chapter (``record_*``);
- :mod:`.experiments`: the runs the chapter needs (``run`` calls one through the simulation cache) and
  the tables the chapter shows.

Variants, documented here rather than as empty modules:

- no ``config.py``: the chapter's parameters, their defaults and ranges live in the notebook's spec
  (``notebooks/hsieh-messaging.yml``), and the study has no configuration beyond them;
- no ``data.py``: the transcribed tables and values are read with :func:`mmperf.data.load_table` and
  :func:`mmperf.data.load_values` where they are used (``experiments.values`` gathers the values);
- two further model modules: :mod:`.synthetic` (synthetic echo measurements and the statsmodels fits,
  standing in for the thesis's lost curves) and :mod:`.tcp` (a window-limited TCP sender, for the
  thesis's window caps and its Figure 3.15).
"""

from mmstudies.hsieh_messaging import analytic, model, synthetic  # noqa: F401
