"""Where a city's extra-slot tokens are drawn: beside the city, outside its spaces.

A token in a city's extra slot (1870's destination token) takes no token space, so it is
drawn just outside the city's body, the size of one of its spaces (of a slot, for a city with
none): at the first of eight directions round the city (up-right first) where it stays inside
the hex and clear of the tile's revenue discs, phase rows and the tokens placed before it.
"""

from __future__ import annotations

import math

from ...grid.tile import Tile
from .values import SLOT_RADIUS, NodeLayout, Point, TileLayout

# directions round the city (screen y grows downward): up-right, down-left, down-right, ...
_ANGLES = (-45.0, 135.0, 45.0, -135.0, -90.0, 90.0, 0.0, 180.0)


def _reach(node: NodeLayout) -> float:
    """How far the city's body reaches from its centre."""
    cx, cy = node.centre
    far = [math.hypot(x - cx, y - cy) for x, y in node.outline]
    far += [math.hypot(s.centre[0] - cx, s.centre[1] - cy) + s.radius for s in node.spaces]
    return max(far, default=node.radius)


def _taken(layout: TileLayout) -> list[tuple[Point, float]]:
    """Discs (centre, radius) a token should not cover: revenue discs and phase rows."""
    out = [(d.centre, d.radius) for d in layout.revenues]
    for row in layout.phase_revenues:
        half = max(row.box_width, row.box_height) * 0.75
        out += [(c, half) for c in row.box_centres()]
    return out


def _clear(centre: Point, r: float, layout: TileLayout, taken: list[tuple[Point, float]]) -> bool:
    inside = math.hypot(*centre) + r <= layout.radius * 0.86  # within the hex's inner circle
    return inside and all(math.dist(centre, c) >= r + rr for c, rr in taken)


def extra_token_spots(
    tile: Tile, layout: TileLayout, extra: tuple[tuple[int, str], ...]
) -> list[tuple[Point, float, str]]:
    """(centre, radius, company) of each extra-slot token (``(city, company)`` pairs, the
    city counted among the tile's cities), in hex-local coordinates."""
    cities = [n.index for n in tile.cities]
    by_index = {n.index: n for n in layout.nodes}
    out: list[tuple[Point, float, str]] = []
    taken = _taken(layout)
    for city, company in extra:
        if not 0 <= city < len(cities) or cities[city] not in by_index:
            continue
        node = by_index[cities[city]]
        r = node.spaces[0].radius if node.spaces else SLOT_RADIUS * layout.radius
        d = _reach(node) + r * 1.1
        spots = [
            (node.centre[0] + d * math.cos(a), node.centre[1] + d * math.sin(a))
            for a in map(math.radians, _ANGLES)
        ]
        centre = next((p for p in spots if _clear(p, r, layout, taken)), spots[0])
        taken.append((centre, r))
        out.append((centre, r, company))
    return out
