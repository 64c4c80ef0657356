"""What a player asks the finder for, read against the game: the bonuses (always-on ones and
the options held, placed ones on a hex) and the rule readings that bear on the search."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base.errors import SearchError
from ..gamedata.game import Bonus, Game, TrainType
from ..gamedata.loader.rules import READING_TEXT


class RouteSearchError(SearchError):
    """Bad search request (unknown company, train or bonus)."""


def select_bonuses(game: Game, names: Sequence[str]) -> list[Bonus]:
    """The game's always-on bonuses plus the options named by the player; a bonus placed on a
    hex is named ``id:HEX`` (``steamboat:B8``)."""
    chosen = [b for b in game.bonuses if b.always]
    known = {b.id.lower(): b for b in game.bonuses}
    seen = set()
    for raw in names:
        name, _, where = raw.strip().partition(":")
        b = known.get(name.strip().lower())
        if b is None:
            raise RouteSearchError(
                f"unknown bonus {name!r} for {game.id} "
                f"(bonuses: {', '.join(b.id for b in game.bonuses) or 'none'})"
            )
        if b.placed:
            if not where:
                raise RouteSearchError(
                    f"bonus {b.id} is placed on a hex: name it as {b.id}:HEX "
                    f"(one of {', '.join(b.kind.placeable(b.params))})"
                )
            try:
                b = b.place("+".join(_hex_named(game, w) for w in where.split("+")))
            except KeyError as exc:
                raise RouteSearchError(exc.args[0]) from None
        elif where:
            raise RouteSearchError(f"bonus {b.id} is not placed on a hex")
        if b.id in seen:
            continue
        seen.add(b.id)
        if b not in chosen:
            chosen.append(b)
    return chosen


def _hex_named(game: Game, name: str) -> str:
    """A hex as the player typed it: the exact name, else the upper-cased one if the map has
    it (``b7`` is B7)."""
    name = name.strip()
    return name.upper() if game.has_hex(name.upper()) and not game.has_hex(name) else name


def readings_used(
    game: Game, train_types: Sequence[TrainType], bonuses: Sequence[Bonus]
) -> tuple[str, ...]:
    """The rule readings of the game that bear on this search, in words."""
    out: list[str] = []
    readings: dict[str, Any] = game.readings
    for key in ("one_stop_per_hex", "hex_reentry"):
        out.append(_reading_text(key, readings[key]))
    if readings["one_stop_per_hex"] and readings.get("two_stops_hexes"):
        hexes = ", ".join(readings["two_stops_hexes"])
        out.append(f"two revenue centres of {hexes} may be in one route")
    if readings["junction_reentry"]:  # named where a game takes it (1817)
        out.append(_reading_text("junction_reentry", True))
    for t in train_types:
        for key in t.kind.readings:
            text = _reading_text(key, readings[key])
            if text not in out:
                out.append(text)
    return tuple(out)


def _reading_text(key: str, value: Any) -> str:
    """A reading of the game in words (loading.py ``READING_TEXT``)."""
    texts = READING_TEXT[key]
    if isinstance(texts, str):
        return texts.format(", ".join(str(v) for v in value))
    return str(texts[value])
