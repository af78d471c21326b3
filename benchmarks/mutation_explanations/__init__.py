"""Explanations of the surviving mutants of each study's ``analytic`` module, one file per study.

Each ``<study>.py`` defines ``EXPLANATIONS``: a list of ``(mutant-name pattern, pattern of the mutated
line(s), why)`` as in :data:`benchmarks.mutation.EXPLANATIONS`; ``python -m benchmarks.mutation`` reads
them all.
"""
