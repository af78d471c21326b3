# Two commands: `make book` builds the book, `make test` runs the whole test suite.
# Both create .venv with the pinned dependencies when it is missing or out of date.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: book test install lint bench mutation clean

install: $(STAMP)

$(STAMP): pyproject.toml requirements.lock tests/axe/package-lock.json
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@# axe-core for the browser test's accessibility audit, at the version package-lock.json pins
	@if command -v npm >/dev/null 2>&1; then npm ci --prefix tests/axe --no-audit --no-fund --silent; \
	else echo "npm not found: the browser test's accessibility audit will be skipped (apt-get install npm)"; fi
	@touch $@

book: $(STAMP)
	$(BIN)/mmbook build

test: $(STAMP)
	$(BIN)/mmbook build
	$(BIN)/ruff check lib tests benchmarks notebooks
	$(BIN)/python -m pytest -n 2

lint: $(STAMP)
	$(BIN)/ruff check lib tests benchmarks notebooks

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Mutation testing of the analytic modules, the library's and each study's (the better part of an hour; not part of `make test`).
mutation: $(STAMP)
	$(BIN)/python -m benchmarks.mutation --report benchmarks/mutation-report.md

clean:
	rm -rf _build book/chapters book/_toc.yml book/scorecard.md book/sweeping.md book/_extra/downloads mutants tests/axe/node_modules
