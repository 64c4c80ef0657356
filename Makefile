# Quick start: `make run` opens the program on the bundled 1867 game; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench bench-window lint screenshots fuzz bundle bundle-test install-test

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -m venv $(VENV) || { echo "Cannot create $(VENV): on Debian or Ubuntu run"; \
		echo "  sudo apt-get install -y python3-venv"; rm -rf $(VENV); exit 1; }
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,dev]'
	touch $@

# The window needs X11 libraries PySide6 does not bring: qt_deps.py installs the missing ones
# (as root, or with sudo that asks no password) or stops with the apt-get command to run.
run: $(VENV)/.installed
	$(PY) scripts/qt_deps.py
	$(PY) -m rusty_train_py

test: $(VENV)/.installed
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) bench/routes.py

# Slower: cancel latency at 30 random moments of a long search, and the window's overhead.
bench-window: $(VENV)/.installed
	$(PY) bench/cancel_latency.py
	QT_QPA_PLATFORM=offscreen $(PY) bench/window_overhead.py

# ruff (lint and formatting) on the whole tree, mypy on the whole package ([tool.mypy] in
# pyproject.toml: strict; files = the package). CI runs it before the tests.
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

screenshots: $(VENV)/.installed
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py

# A long fuzz run of everything that reads a saved game (tests/test_fuzz.py runs a short one),
# then of 18xx.games logs (10,000 structured mutations of real logs' actions), then of the game
# data (10,000 mutations of games/*.toml, their hand files and tiles/*.tiles, every game loaded
# drawn and searched within 20 s), then 10,000 random keys on the window over every game
# (tests/ui/test_ui_soak.py runs a few hundred).
fuzz: $(VENV)/.installed
	QT_QPA_PLATFORM=offscreen $(PY) tests/fuzz_saves.py --cases $${FUZZ_CASES:-20000}
	$(PY) tests/fuzz_logs.py --cases $${FUZZ_LOG_CASES:-10000}
	$(PY) tests/fuzz_game_data.py --cases $${FUZZ_DATA_CASES:-10000}
	QT_QPA_PLATFORM=offscreen $(PY) tests/soak_window.py --keys $${SOAK_KEYS:-10000}

# The one-folder application (packaging/rusty-train-py.spec: Python, Qt, OR-Tools and the game
# data) in dist/rusty-train-py/; docs/install.md gives the commands for Windows and macOS.
$(VENV)/.bundle: $(VENV)/.installed
	$(PY) -m pip install -q -e '.[bundle]'
	touch $@

bundle: $(VENV)/.bundle
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller \
		packaging/rusty-train-py.spec

# The bundle run from another folder with no Python of ours on PATH (builds it when missing).
bundle-test: $(VENV)/.installed
	@test -x dist/rusty-train-py/rusty-train-py || $(MAKE) bundle
	$(PY) packaging/smoke_test.py dist/rusty-train-py

# tests/test_installed.py (which `make test` runs with this Python's dependencies) with the
# wheel's dependencies installed from the package index, as pipx does: a few minutes.
install-test: $(VENV)/.installed
	RUSTY_TRAIN_INSTALL_FROM=pypi QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/test_installed.py
