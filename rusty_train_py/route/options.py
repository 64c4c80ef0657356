"""What a player asks the finder for, read against the game: the bonuses (always-on ones and
the options held, placed ones on a hex) and the rule readings that bear on the search."""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Bonus
from ..gamefile_rules import READING_TEXT


class RouteSearchError(ValueError):
    """Bad search request (unknown company, train or bonus)."""


def select_bonuses(game, names: Sequence[str]) -> list[Bonus]:
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
                    f"(one of {', '.join(b.params_dict['hexes'])})"
                )
            try:
                b = b.place(
                    where.strip().upper() if game.has_hex(where.strip().upper()) else where.strip()
                )
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


def readings_used(game, train_types, bonuses) -> tuple[str, ...]:
    """The rule readings of the game that bear on this search, in words."""
    out = []
    readings = game.readings
    for key in ("one_stop_per_hex", "hex_reentry"):
        out.append(READING_TEXT[key][readings[key]])
    if any(t.rule == "express" for t in train_types):
        for key in ("express_stops", "express_token"):
            out.append(READING_TEXT[key][readings[key]])
    return tuple(out)
