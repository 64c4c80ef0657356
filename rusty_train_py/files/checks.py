"""Rule checks on a loaded map: what a real table can get wrong, which loads with a warning.

A saved game is a record of the table; the table is right even when it breaks a rule (the
program Rusty Train never counts tokens, players miscount tiles). Each check names the
hexes involved, in map order.
"""

from __future__ import annotations

from collections import Counter

from ..grid.tile import SPECIAL_TILE_COLOURS, own_colour_lay_allowed
from ..mapstate.state import MapState


def _hexes(names: list[str]) -> str:
    """``["L12", "L12", "N12"]`` -> ``"L12 x2, N12"`` (order kept)."""
    counts = Counter(names)
    return ", ".join(h if counts[h] == 1 else f"{h} x{counts[h]}" for h in dict.fromkeys(names))


def rule_warnings(state: MapState) -> list[str]:
    """Human-readable rule violations of ``state`` (empty when it keeps every rule)."""
    game = state.game
    out: list[str] = []

    where_tile: dict[str, list[str]] = {}
    for hex_name, (tile, _rot) in state.laid_tiles().items():
        where_tile.setdefault(tile, []).append(hex_name)
    for tile, hexes in where_tile.items():
        if tile not in game.manifest:
            out.append(f"{_hexes(hexes)}: tile {tile} is not in the {game.id} tile manifest")
            continue
        allowed = game.manifest[tile]
        if allowed is not None and len(hexes) > allowed:
            out.append(
                f"tile {tile}: {len(hexes)} copies laid ({_hexes(hexes)});"
                f" the {game.id} manifest has {allowed}"
            )

    for hex_name, (tile, _rot) in state.laid_tiles().items():
        mh, colour = game.hexes[hex_name], game.tile(tile).colour
        if not mh.accepts_tiles and not own_colour_lay_allowed(colour):
            out.append(
                f"{hex_name}: {colour} tile {tile} on a printed {mh.colour} hex, which takes no"
                f" tiles (only {' and '.join(SPECIAL_TILE_COLOURS)} hexes take a tile of their"
                " own colour)"
            )

    where_token: dict[str, list[str]] = {}
    for hex_name, _space, owner in state.all_tokens():
        where_token.setdefault(owner, []).append(hex_name)
    for company in game.companies:
        hexes = where_token.get(company.abbrev, [])
        given = state.tokens_given(company.abbrev)
        if len(hexes) > given:
            out.append(
                f"{company.abbrev}: {len(hexes)} station tokens on the map ({_hexes(hexes)});"
                f" the game gives it {given}"
            )
        for hex_name, n in Counter(hexes).items():
            if n > 1:
                out.append(f"{hex_name}: {n} station tokens of {company.abbrev} on one hex")
    return out
