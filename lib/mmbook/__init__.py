"""mmbook: the book engine, the top of the book's three layers under ``lib/``.

It executes chapters, builds the book, sweeps parameters and writes the pages; it uses the science library
(:mod:`mmperf`) and reaches the studies (:mod:`mmstudies`) only through the chapters' notebooks, which it
finds by their specifications in ``notebooks/`` (:func:`mmbook.params.chapter_names`), never by name.

- :mod:`mmbook.params` - chapter specifications (parameters, rules, the home-page row and course weeks).
- :mod:`mmbook.chapter` - what a notebook records: metrics, checks, figures.
- :mod:`mmbook.runner` / :mod:`mmbook.kernel` / :mod:`mmbook.standalone` - running one chapter.
- :mod:`mmbook.build` / :mod:`mmbook.bookpages` / :mod:`mmbook.sphinxext` - building the book.
- :mod:`mmbook.sweep` / :mod:`mmbook.design` - sweeps and the parameter-space test.
- :mod:`mmbook.figsave` - figures drawn on the spare cores; :mod:`mmbook.prose` - the prose lint.
- :mod:`mmbook.cli` - the ``mmbook`` command.
- :mod:`mmbook.lockfile` - reads ``requirements.lock``; ``make lock`` completes it.
"""
