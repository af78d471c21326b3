"""mmstudies: the studies, one package per chapter, the middle of the book's three layers under ``lib/``.

A study imports the science library (:mod:`mmperf`) and its own package only, never the book engine
(:mod:`mmbook`) and never another study; ``tests/test_layers.py`` enforces it.
"""
