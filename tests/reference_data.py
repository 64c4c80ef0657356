"""Where the public reference data lives (for interop tests), and how tests read it.

Tests that need it skip with a reason when it is missing, so a fresh clone elsewhere passes.
``RUSTY_TRAIN_REFERENCE`` overrides the folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

GAMES = ("1830", "1861", "1867", "1889")


def _find_reference() -> Path:
    env = os.environ.get("RUSTY_TRAIN_REFERENCE")
    if env:
        return Path(env)
    beside = Path(__file__).resolve().parents[2] / "shared" / "reference"
    return beside if beside.exists() else Path("/work/shared/reference")


REFERENCE = _find_reference()


def reference_json(*parts: str) -> dict:
    path = REFERENCE.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference data {path} is not available (only on the project's build machine)")
    return json.loads(path.read_text(encoding="utf-8"))


def reference_game(game_id: str) -> dict:
    return reference_json("18xx_games", f"{game_id}.json")
