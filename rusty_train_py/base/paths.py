"""Where the bundled data lives: tiles/, games/, resources/ and screenshots/ at the project root.

``RUSTY_TRAIN_DATA`` overrides the root (a folder holding ``tiles/`` and ``games/``).
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


def data_root() -> Path:
    env = os.environ.get("RUSTY_TRAIN_DATA")
    return Path(env) if env else PROJECT_ROOT


def tiles_dir() -> Path:
    return data_root() / "tiles"


def games_dir() -> Path:
    return data_root() / "games"


def resources_dir() -> Path:
    return data_root() / "resources"


def screenshots_dir() -> Path:
    return data_root() / "screenshots"


def default_game_file() -> Path:
    return resources_dir() / "1867_bc.json"
