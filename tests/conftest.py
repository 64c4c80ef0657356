"""Fixtures for every test: a bug's traceback goes to a temporary log folder, never the
user's own (base/buglog.py reads RUSTY_TRAIN_LOG_DIR), and the parsed games to a cache
folder of the test run's own (gamedata/loader/cache.py reads RUSTY_TRAIN_CACHE)."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def game_cache_dir(tmp_path_factory):
    if "RUSTY_TRAIN_CACHE" not in os.environ:
        os.environ["RUSTY_TRAIN_CACHE"] = str(tmp_path_factory.mktemp("game-cache"))
    return os.environ["RUSTY_TRAIN_CACHE"]


@pytest.fixture(autouse=True)
def bug_log_dir(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("buglog")
    monkeypatch.setenv("RUSTY_TRAIN_LOG_DIR", str(folder))
    return folder
