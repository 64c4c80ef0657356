# Quick start: `make run` opens the program on the bundled 1867 game; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench lint screenshots fuzz

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,dev]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m rusty_train_py

test: $(VENV)/.installed
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) bench/routes.py

# ruff (lint and formatting) on the whole tree, mypy on the Qt-free core ([tool.mypy] in
# pyproject.toml: strict on hexgrid, tile, mapstate, route/). CI runs it before the tests.
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

screenshots: $(VENV)/.installed
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py

# A long fuzz run of everything that reads a saved game (tests/test_fuzz.py runs a short one).
fuzz: $(VENV)/.installed
	QT_QPA_PLATFORM=offscreen $(PY) tests/fuzz_saves.py --cases $${FUZZ_CASES:-20000}
