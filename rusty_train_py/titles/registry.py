"""The titles' homes, found by their game id: a home (a module ``t<id>.py`` of this package)
registers one class with ``@title("<id>")``, naming what is code about that title: the
finder's rules (``rules``: a GameRules subclass wrapping the common rule), the log replay's
specials (``specials``: a GameSpecials subclass) and the Rusty Train import's cities of its
tiles. The package imports every module of its own (pkgutil): there is no list to keep.
Generic code never tests a game's id; it asks ``home_of(game_id)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from .finder import GameRules
from .specials import GameSpecials

# Per Rust tile name (catalogue tiles and pre-printed map tiles) with two or more cities:
# per city in Rust's order, (token spaces, edges) (files/rusty_train.py reads it).
CityEdges = tuple[tuple[int, tuple[int, ...]], ...]


class TitleHome:
    """What is code about one title; the defaults are every title's common rules."""

    game_id: ClassVar[str] = ""
    rules: ClassVar[type[GameRules]] = GameRules
    specials: ClassVar[type[GameSpecials]] = GameSpecials
    rusty_train_cities: ClassVar[Mapping[str, CityEdges]] = {}  # Rust tile -> its cities
    opens_first: ClassVar[bool] = False  # the game the window shows when it starts


_HOMES: dict[str, type[TitleHome]] = {}


def title(game_id: str) -> Callable[[type[TitleHome]], type[TitleHome]]:
    """Class decorator: this is the home of the title ``game_id`` (a games/<id>.toml)."""

    def add(cls: type[TitleHome]) -> type[TitleHome]:
        if game_id in _HOMES:
            raise ValueError(f"title {game_id!r} has two homes")
        cls.game_id = game_id
        if cls.rules is not GameRules:
            cls.rules.game_id = game_id
        _HOMES[game_id] = cls
        return cls

    return add


def home_of(game_id: str) -> type[TitleHome]:
    """The home of ``game_id`` (the common one when the title has no code of its own)."""
    return _HOMES.get(game_id, TitleHome)


def titles_with_homes() -> tuple[str, ...]:
    return tuple(sorted(_HOMES))


def rules_for(game_id: str, phase_colours: tuple[str, ...] = ()) -> GameRules:
    """The finder's rules of ``game_id`` in a phase allowing ``phase_colours``."""
    return home_of(game_id).rules(phase_colours)


def games_with_rules() -> tuple[str, ...]:
    """The titles whose finder rules are their own."""
    return tuple(sorted(g for g, home in _HOMES.items() if home.rules is not GameRules))


def specials_for(game_id: str) -> GameSpecials:
    """A fresh specials object for ``game_id`` (the common one when it has none)."""
    return home_of(game_id).specials()


def first_title() -> str:
    """The title the window opens with."""
    found = [g for g, home in _HOMES.items() if home.opens_first]
    if len(found) != 1:
        raise ValueError(f"one title opens first, not {len(found)} ({', '.join(sorted(found))})")
    return found[0]
