"""Geometry of routes drawn over a map, in map pixels: the lines along each route's track
(routes sharing a piece run side by side) and a ring round each stop that counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Polygon

from ...hexgrid import HexLayout
from ...tile import NodeKind
from .tile_layout import tile_layout
from .values import ROUTE_WIDTH, Point, TileLayout, _points

if TYPE_CHECKING:
    from ...mapstate import MapState

Piece = tuple[str, int]  # (hex, index of the tile's path)
StopAt = tuple[str, int]  # (hex, node index)


@dataclass(frozen=True, slots=True)
class RouteLine:
    """One drawn piece of route ``route`` (its index in the routes given)."""

    route: int
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class StopRing:
    """A ring round a counted stop: a ``polygon`` (``points``), a ``circle`` (``centre``,
    ``radius``) or a rounded ``box`` (``centre``, ``size`` = (width, height))."""

    route: int
    shape: str
    centre: Point = (0.0, 0.0)
    radius: float = 0.0
    points: tuple[Point, ...] = ()
    size: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True, slots=True)
class RouteOverlay:
    """Everything drawn for a set of routes; ``hexes``: the hexes they run through (whose
    cities and towns are drawn again on top), ``width``: the route line's width."""

    lines: tuple[RouteLine, ...]
    rings: tuple[StopRing, ...]
    hexes: tuple[str, ...]
    width: float


def route_parts(item: Any) -> tuple[list[Piece], list[StopAt]]:
    """The track pieces and counted stops of a route given as a ``TrainRoute``-like object
    (``track``, ``stops`` with ``hex``, ``node``, ``skipped``) or as ``(pieces, stops)``."""
    if isinstance(item, tuple) and len(item) == 2:
        pieces, stops = item
    else:
        pieces = getattr(item, "track", item)
        stops = getattr(item, "stops", ())
    stop_pairs = []
    for s in stops or ():
        if hasattr(s, "hex"):
            if not getattr(s, "skipped", False):
                stop_pairs.append((s.hex, s.node))
        else:
            stop_pairs.append((s[0], s[1]))
    return [(h, int(p)) for h, p in pieces], stop_pairs


def route_overlay(state: MapState, hex_layout: HexLayout, routes: Sequence[Any]) -> RouteOverlay:
    """The lines and stop rings of ``routes`` (see ``route_parts``) on the map of ``state``."""
    game = state.game
    size = hex_layout.size
    width = size * ROUTE_WIDTH
    parts = [route_parts(r) for r in routes]

    def layout_of(h: str) -> TileLayout:
        tile, rot = state.tile_at(h)
        return tile_layout(tile, rot, hex_layout.orientation, size, game.hexes[h].location)

    users: dict[Piece, list[int]] = {}
    for i, (pieces, _) in enumerate(parts):
        for key in dict.fromkeys(pieces):
            users.setdefault(key, []).append(i)
    lines: list[RouteLine] = []
    for i, (pieces, _) in enumerate(parts):
        for key in dict.fromkeys(pieces):
            h, pi = key
            if h not in game.hexes:
                continue
            piece = next((t for t in layout_of(h).tracks if t.path_index == pi), None)
            if piece is None:
                continue
            pts = piece.points
            sharing = users[key]
            if len(sharing) > 1:
                k = sharing.index(i)
                off = (k - (len(sharing) - 1) / 2) * width * 1.1
                line = LineString(pts).offset_curve(off)
                if not line.is_empty and line.geom_type == "LineString":
                    pts = tuple(line.coords)
            cx, cy = hex_layout.centre(game.hexes[h].coord)
            lines.append(RouteLine(i, _points((x + cx, y + cy) for x, y in pts)))
    rings: list[StopRing] = []
    for i, (_, stops) in enumerate(parts):
        for h, node_index in stops:
            if h not in game.hexes:
                continue
            ring = _ring(i, layout_of(h), node_index, hex_layout.centre(game.hexes[h].coord), width)
            if ring is not None:
                rings.append(ring)
    hexes = tuple(dict.fromkeys(h for pieces, _ in parts for h, _ in pieces if h in game.hexes))
    return RouteOverlay(tuple(lines), tuple(rings), hexes, width)


def _ring(
    route: int, layout: TileLayout, node_index: int, c: Point, width: float
) -> StopRing | None:
    node = layout.node(node_index)
    if node is None:
        return None
    centre = (node.centre[0] + c[0], node.centre[1] + c[1])
    if node.kind is NodeKind.CITY and node.outline:
        outline = Polygon(node.outline).buffer(width * 0.5).exterior.coords
        return StopRing(route, "polygon", points=_points((x + c[0], y + c[1]) for x, y in outline))
    if node.kind is NodeKind.CITY:
        return StopRing(route, "circle", centre, node.radius + width * 0.5)
    if node.kind is NodeKind.OFFBOARD:
        row = next((r for r in layout.phase_revenues if r.node == node_index), None)
        if row is not None:
            w = row.box_width * len(row.columns) + width
            at = (row.centre[0] + c[0], row.centre[1] + c[1])
            return StopRing(route, "box", at, size=(w, row.box_height + width))
        return StopRing(route, "circle", centre, layout.radius * 0.3)
    return StopRing(route, "circle", centre, max(node.radius, layout.radius * 0.12) + width * 0.4)
