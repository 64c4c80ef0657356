"""What the program says of itself: its version (from the installed package's metadata),
its licence and where its data comes from (``--version``, Help ▸ About)."""

from __future__ import annotations

import importlib.metadata

DISTRIBUTION = "rusty-train-py"
LICENCE = "MIT"
DATA_SOURCES = (
    "Game and tile data: the maps, tiles, companies, trains and phases of each game come from"
    " the tobymao/18xx engine (18xx.games, MIT licence), imported into games/*.toml and"
    " tiles/*.tiles; the rules the engine states in code are written by hand in games/hand/.",
    "The example game (resources/1867_bc.json) is a recorded game of 1867 saved by Rusty Train"
    " (robmoss/rusty_train, MIT or Apache-2.0); the example log (resources/1846_222264.json)"
    " is a game played on 18xx.games.",
)


def version() -> str:
    """The installed distribution's version; the package's own when it is not installed (a
    checkout run with PYTHONPATH)."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        from .. import __version__

        return __version__
