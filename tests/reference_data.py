"""Where the public reference data lives (for interop tests), and how tests read it.

Tests that need it skip with a reason when it is missing, so a fresh clone elsewhere passes.
``RUSTY_TRAIN_REFERENCE`` overrides the folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rusty_train_py.gamedata.loader.gamefile import available_games, load_game

# Every game of games/: a game added there is checked by every test that iterates over GAMES.
GAMES = tuple(available_games())
# The games Rusty Train (the Rust program) knows: those whose file has a [rusty_train] section.
RUSTY_TRAIN_GAMES = tuple(g for g in GAMES if load_game(g).rusty_train)


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


def reference_game_file(game_id: str) -> str:
    """The reference file of a game: ``<id>.json``, matched without regard to case, spaces,
    dashes or underscores (``18LosAngeles.json`` for a game ``18_los_angeles``)."""

    def key(s: str) -> str:
        return "".join(ch for ch in s.lower() if ch.isalnum())

    folder = REFERENCE / "18xx_games"
    if folder.exists():
        for path in sorted(folder.glob("*.json")):
            if key(path.stem) == key(game_id):
                return path.name
    return f"{game_id}.json"


def reference_game(game_id: str) -> dict:
    return reference_json("18xx_games", reference_game_file(game_id))
