"""Map-level geometry: special hex sides, the map's bounds and its coordinate labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid.hexgrid import HexLayout, Orientation, edge_angle
from ...grid.tile import Tile
from .curves import _add, _corners, _dir, _mul, _sub
from .values import INRADIUS, BorderMark, PartitionMark, Point, _point

if TYPE_CHECKING:
    from ...gamedata.game import Game, MapHex


def border_marks(
    tile: Tile, orientation: Orientation | str, radius: float
) -> tuple[BorderMark, ...]:
    """The visible special sides (impassable, water, mountain) of a printed hex."""
    orientation = Orientation(orientation)
    corners = _corners(orientation, radius)
    out = []
    for b in tile.borders:
        if not b.type:
            continue
        line = (corners[(b.edge - 1) % 6], corners[b.edge % 6])
        cost_pos = _mul(_dir(edge_angle(orientation, b.edge)), radius * INRADIUS)
        out.append(
            BorderMark(b.edge, b.type, b.cost, (_point(line[0]), _point(line[1])), _point(cost_pos))
        )
    return tuple(out)


PARTITION_SHIFT = 0.15  # how far a signed end (``3+``) moves along the hex side


def partition_marks(
    tile: Tile, orientation: Orientation | str, radius: float
) -> tuple[PartitionMark, ...]:
    """The partition lines of a printed hex, corner to corner (partitions.py)."""
    orientation = Orientation(orientation)
    corners = _corners(orientation, radius)

    def end(corner: int, sign: int) -> Point:
        # partition corner k is where side k-1 meets side k: drawing corner k-1
        at = corners[(corner - 1) % 6]
        towards = corners[corner % 6] if sign > 0 else corners[(corner - 2) % 6]
        return _add(at, _mul(_sub(towards, at), PARTITION_SHIFT * abs(sign)))

    out = []
    for p in tile.partitions:
        a, b = end(p.a, p.a_sign), end(p.b, p.b_sign)
        if p.length is not None:
            b = _add(a, _mul(_sub(b, a), p.length))
        out.append(PartitionMark(p.type, (_point(a), _point(b))))
    return tuple(out)


def invisible_edges(tile: Tile) -> frozenset[int]:
    """Sides of a printed hex not to outline (multi-hex areas read as one)."""
    return frozenset(b.edge for b in tile.borders if not b.type)


def coordinate_margin(hex_layout: HexLayout) -> float:
    """Room left around the map for the coordinate letters and numbers."""
    return hex_layout.size * 0.7


def map_bounds(
    game: Game, hex_layout: HexLayout, margin: float | None = None
) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the map's hexes plus room for the coordinates, in map pixels."""
    margin = coordinate_margin(hex_layout) if margin is None else margin
    xs: list[float] = []
    ys: list[float] = []
    offs = hex_layout.corner_offsets()
    for h in drawn_hexes(game):
        cx, cy = hex_layout.centre(h.coord)
        for dx, dy in offs:
            xs.append(cx + dx)
            ys.append(cy + dy)
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def drawn_hexes(game: Game) -> list[MapHex]:
    """The hexes a map drawing shows: all but the ``empty`` ones (18MS B14)."""
    return [h for h in game.hexes.values() if h.colour != "empty"]


def coordinate_labels(
    game: Game, hex_layout: HexLayout, margin: float | None = None
) -> list[tuple[Point, str]]:
    """Hex coordinate letters and numbers along the four sides of the map, in the middle of
    a ``margin`` (``coordinate_margin`` unless given) round the hexes."""
    x0, y0, x1, y1 = map_bounds(game, hex_layout, 0.0)
    m = (coordinate_margin(hex_layout) if margin is None else margin) / 2
    coords = [h.coord for h in drawn_hexes(game)]
    out: list[tuple[Point, str]] = []
    cols = sorted({c[0] for c in coords})
    rows = sorted({c[1] for c in coords})
    for x in cols:
        y = next(c[1] for c in coords if c[0] == x)
        px = hex_layout.centre((x, y))[0]
        text = _coord_part(game, (x, y), column=True)
        out.append(((px, y0 - m), text))
        out.append(((px, y1 + m), text))
    for y in rows:
        x = next(c[0] for c in coords if c[1] == y)
        py = hex_layout.centre((x, y))[1]
        text = _coord_part(game, (x, y), column=False)
        out.append(((x0 - m, py), text))
        out.append(((x1 + m, py), text))
    return out


def _coord_part(game: Game, coord: tuple[int, int], column: bool) -> str:
    """The letter or the number of the hex names in a column (or row) of the map: the
    letter names columns where the numbers count rows (``game.numbers``)."""
    name = game.name_of(coord)
    letters = name.rstrip("-0123456789")
    number = name[len(letters) :]
    if game.numbers == "rows":
        return letters if column else number
    return number if column else letters
