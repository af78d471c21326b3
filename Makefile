# Two commands: `make book` builds the book, `make test` runs the whole test suite.
# Both create .venv with the pinned dependencies when it is missing or out of date.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# `make lock` writes requirements.lock from pyproject.toml (dependencies and the `test` extra) with uv, which
# runs in a venv of its own (.venv-lock) so that it is no part of the book's environment. One resolution for
# every platform and every Python >= 3.11 (markers where they differ), every distribution file hashed, the
# versions already in requirements.lock kept unless pyproject.toml needs others; then mmbook.lockfile adds
# the plain pin of each project locked only with extras (pip < 23.3 needs it in hash-checking mode).
# `make lock LOCK_FLAGS=--upgrade` (or `LOCK_FLAGS="--upgrade-package NAME"`) moves pins on.
LOCK_VENV  := .venv-lock
LOCK_TOOL  := uv==0.13.8
LOCK_FLAGS ?=

.PHONY: book test quick install lock lint bench mutation clean screenshots

install: $(STAMP)

$(STAMP): pyproject.toml requirements.lock tests/axe/package-lock.json
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@# axe-core for the browser test's accessibility audit, at the version package-lock.json pins
	@if command -v npm >/dev/null 2>&1; then npm ci --prefix tests/axe --no-audit --no-fund --silent; \
	else echo "npm not found: the browser test's accessibility audit will be skipped (apt-get install npm)"; fi
	@touch $@

lock:
	@test -x $(LOCK_VENV)/bin/python || $(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet --disable-pip-version-check $(LOCK_TOOL)
	$(LOCK_VENV)/bin/uv pip compile pyproject.toml --extra test --universal --python-version 3.11 \
	    --generate-hashes --no-strip-extras --quiet --custom-compile-command "make lock" --output-file requirements.lock $(LOCK_FLAGS)
	PYTHONPATH=lib $(LOCK_VENV)/bin/python -m mmbook.lockfile requirements.lock

book: $(STAMP)
	$(BIN)/mmbook build

# Two workers take the longest tests first, and the tests that share a module-scoped fixture go to one
# worker together (tests/conftest.py, schedule_order): a 160-second test started last left one worker idle,
# and each worker built its own copy of a module's fixture.
PYTEST_DIST := --dist loadgroup --no-loadscope-reorder

test: $(STAMP)
	$(BIN)/mmbook build
	$(BIN)/ruff check lib tests benchmarks notebooks
	$(BIN)/python -m pytest -n 2 $(PYTEST_DIST) --durations=25

# The fast subset (no chapter executions, no browser; under 3 minutes idle): what to run while editing.
quick: $(STAMP)
	$(BIN)/ruff check lib tests benchmarks notebooks
	$(BIN)/python -m pytest -n 2 $(PYTEST_DIST) -m "not slow and not browser"

# Every page of the built book at 1366 and 390 px, light and dark, into _build/screenshots/ (the browser
# test's screenshot test alone; `make test` takes them too).
screenshots: $(STAMP)
	$(BIN)/mmbook build
	$(BIN)/python -m pytest tests/test_browser.py -k screenshots -q

lint: $(STAMP)
	$(BIN)/ruff check lib tests benchmarks notebooks

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Mutation testing of the analytic modules, the library's and each study's (the better part of an hour; not part of `make test`).
mutation: $(STAMP)
	$(BIN)/python -m benchmarks.mutation --record --report benchmarks/mutation-report.md

clean:
	rm -rf _build book/chapters book/_toc.yml book/scorecard.md book/sweeping.md book/_extra/downloads mutants tests/axe/node_modules
