"""mmperf: helpers for an executable research book on multimedia-systems performance.

One module per concept, as in Ciw's own source:

- :mod:`mmperf.paths` - where the project's data, notebooks and build live.
- :mod:`mmperf.params` - chapter parameter specifications and their validation.
- :mod:`mmperf.data` - transcribed tables with provenance and per-value labels.
- :mod:`mmperf.checks` - reproduction scorecards and coverage tables.
- :mod:`mmperf.stats` - replication statistics (means, confidence intervals).
- :mod:`mmperf.queueing` - analytic queueing results and seeded Ciw runs.
- :mod:`mmperf.regression` - small OLS fits reported honestly.
- :mod:`mmperf.simcache` - caching expensive simulations apart from plotting.
- :mod:`mmperf.plotting` - the book's figure style.
- :mod:`mmperf.chapter` - what a notebook records: metrics, checks, figures.
- :mod:`mmperf.runner` / :mod:`mmperf.build` / :mod:`mmperf.cli` - the ``mmbook`` command (a chapter runs in
  the kernel of :mod:`mmperf.kernel`; :mod:`mmperf.figsave` draws its figures on the spare cores).
"""

__version__ = "0.1.0"
