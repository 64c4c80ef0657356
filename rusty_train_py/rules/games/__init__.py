"""Per-game rules: a game's own class wraps a common rule and calls it, for the rules no kind
expresses (tobymao/18xx puts them in the game's override of ``revenue_for``).

``rules_for(game_id, phase_colours)`` gives the registered class of the game (found by its
id; every module of this package registers itself when the package is imported), or the
common rules. Generic code never tests a game's id.
"""

from __future__ import annotations

from collections.abc import Callable

from ..registry import import_modules_of
from .common import GameRules

_BY_GAME: dict[str, type[GameRules]] = {}


def game_rules(game_id: str) -> Callable[[type[GameRules]], type[GameRules]]:
    """Class decorator: these are the rules of the game ``game_id``."""

    def add(cls: type[GameRules]) -> type[GameRules]:
        if game_id in _BY_GAME:
            raise ValueError(f"game rules for {game_id!r} registered twice")
        cls.game_id = game_id
        _BY_GAME[game_id] = cls
        return cls

    return add


def rules_for(game_id: str, phase_colours: tuple[str, ...] = ()) -> GameRules:
    """The rules of ``game_id`` in a phase allowing ``phase_colours``."""
    return _BY_GAME.get(game_id, GameRules)(phase_colours)


def games_with_rules() -> tuple[str, ...]:
    return tuple(sorted(_BY_GAME))


import_modules_of(__name__, __path__, skip=("common",))

__all__ = ["GameRules", "game_rules", "games_with_rules", "rules_for"]
