"""Fixtures for every test: a bug's traceback goes to a temporary log folder, never the
user's own (base/buglog.py reads RUSTY_TRAIN_LOG_DIR)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def bug_log_dir(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("buglog")
    monkeypatch.setenv("RUSTY_TRAIN_LOG_DIR", str(folder))
    return folder
