"""mmperf: the science library of an executable research book on multimedia-systems performance.

The lowest of the book's three layers under ``lib/``: it imports neither the studies (:mod:`mmstudies`)
nor the book engine (:mod:`mmbook`). One module per concept, as in Ciw's own source:

- :mod:`mmperf.queueing` - analytic queueing results, the exact Lindley recursion and seeded Ciw runs.
- :mod:`mmperf.stats` - replication statistics (means, confidence intervals).
- :mod:`mmperf.regression` - small OLS fits reported honestly.
- :mod:`mmperf.jitter` - jitter metrics of a trace.
- :mod:`mmperf.quality` - the application quality metric.
- :mod:`mmperf.checks` - reproduction checks, kinds of evidence, verdicts and coverage.
- :mod:`mmperf.data` - transcribed tables with provenance and per-value labels.
- :mod:`mmperf.tables` - the one table helper.
- :mod:`mmperf.plotting` - the book's figure style and schematic helpers.
- :mod:`mmperf.paths` - where the project's data, notebooks and build live.
- :mod:`mmperf.parallel` - the parallel map (processes).
- :mod:`mmperf.simcache` - caching expensive simulations apart from plotting.
- :mod:`mmperf.fingerprint` - what a cached result depends on (code, data), for the cache and the build.
- :mod:`mmperf.steady` - steady state checked: offered utilisation per station, drift with run length.
- :mod:`mmperf.errors` - errors shared by the layers (``ParameterError``).
"""

__version__ = "0.1.0"
