"""Moving about a map with the arrow keys, which hexes the cursor may rest on, and where it
starts (Qt-free)."""

from __future__ import annotations

from ..gamedata.game import Game
from ..grid import hexgrid

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def selectable(game: Game, name: str) -> bool:
    """Whether the cursor may rest on hex ``name``: a hex of the map that is drawn.

    A hex of colour ``empty`` (18MS B14) is a hole in the grid with nothing printed on it: the
    map does not draw it (``render.geometry.drawn_hexes``), so it cannot be selected either.
    """
    mh = game.hexes.get(name)
    return mh is not None and mh.colour != "empty"


def hex_in_direction(game: Game, name: str, direction: str) -> str | None:
    """The next selectable hex of the map from ``name`` going up/down/left/right (skipping
    holes and ``empty`` hexes).

    Rows and columns are the printed map's: on a flat-top map left/right stay in the row,
    zig-zagging between the two half-rows; on a pointed-top map up/down do the same.
    """
    o = game.orientation
    row, col = hexgrid.coord_to_offset(o, game.hexes[name].coord)
    dr, dc = DIRECTIONS[direction]
    offsets = [hexgrid.coord_to_offset(o, h.coord) for h in game.hexes.values()]
    rows = [r for r, _ in offsets]
    cols = [c for _, c in offsets]
    r, c = row, col
    while min(rows) <= r + dr <= max(rows) and min(cols) <= c + dc <= max(cols):
        r, c = r + dr, c + dc
        found = game.by_coord.get(hexgrid.offset_to_coord(o, r, c, game.parity))
        if found is not None and selectable(game, found):
            return found
    return None


def central_hex(game: Game) -> str:
    """The selectable hex nearest the middle of the map (where the cursor starts)."""
    shown = [h for h in game.hexes.values() if selectable(game, h.name)]
    coords = [h.coord for h in shown]
    mx = (min(x for x, _ in coords) + max(x for x, _ in coords)) / 2
    my = (min(y for _, y in coords) + max(y for _, y in coords)) / 2
    best = min(
        shown,
        key=lambda h: ((h.coord[0] - mx) ** 2 + (h.coord[1] - my) ** 2, h.coord),
    )
    return best.name
