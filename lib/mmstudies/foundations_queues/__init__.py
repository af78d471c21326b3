"""Part I, Foundations: single queues (M/M/1, M/M/c, M/G/1, M/D/1, finite buffers) and the output analysis
of their simulation.

Modules by concern:

- :mod:`.analytic` - closed forms not in :mod:`mmperf.queueing` (M/M/1/K, Erlang B), batch means and the
  power of a test (no Ciw);
- :mod:`.model` - the Ciw runs of one queue and the exact Lindley recursion for long single-server runs;
- :mod:`.experiments` - the runs the chapter needs, theory beside simulation;
- :mod:`.figures` - every figure of the chapter;
- :mod:`.text` - the sentences that depend on the run and the exercises' answers.
"""
