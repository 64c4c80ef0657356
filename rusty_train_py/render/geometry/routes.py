"""Geometry of routes drawn over a map, in map pixels: the lines along each route's track
(routes sharing a piece run side by side) and a ring round each stop that counts (one ring
inside the other where several trains stop at one place); ``route_shapes``: the area each
covers as drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ...grid.hexgrid import HexLayout
from ...grid.tile import NodeKind
from .tile_layout import tile_layout
from .values import (
    ROUTE_WIDTH,
    HexLabels,
    PhaseRevenueRow,
    Point,
    RevenueDisc,
    TileLayout,
    _points,
)

if TYPE_CHECKING:
    from ...mapstate.state import MapState

Piece = tuple[str, int]  # (hex, index of the tile's path)
StopAt = tuple[str, int]  # (hex, node index)

# Pens of a route as drawn, in route widths: the line's edge, casing and colour; the ring's.
LINE_EDGE, LINE_CASING = 1.85, 1.55
RING_EDGE, RING_CASING, RING_LINE = 1.4, 1.1, 0.7
RING_STEP = 1.0  # from one ring to the next where several trains stop at one place
RING_CLEARANCE = RING_EDGE / 2 + 0.15  # from a ringed value (off-board) to its ring's middle


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


def route_overlay(
    state: MapState,
    hex_layout: HexLayout,
    routes: Sequence[Any],
    labels: Mapping[str, HexLabels] | None = None,
) -> RouteOverlay:
    """The lines and stop rings of ``routes`` (see ``route_parts``) on the map of ``state``.

    An off-board's ring goes round its value (its phase row or disc), where ``labels`` put
    it when given; the k-th train stopping at a place gets the k-th ring out."""
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
    seen: dict[StopAt, int] = {}
    for i, (_, stops) in enumerate(parts):
        for h, node_index in dict.fromkeys(stops):
            if h not in game.hexes:
                continue
            k = seen.get((h, node_index), 0)
            seen[(h, node_index)] = k + 1
            centre = hex_layout.centre(game.hexes[h].coord)
            hex_labels = labels.get(h) if labels is not None else None
            ring = _ring(i, layout_of(h), node_index, centre, width, k, hex_labels)
            if ring is not None:
                rings.append(ring)
    hexes = tuple(dict.fromkeys(h for pieces, _ in parts for h, _ in pieces if h in game.hexes))
    return RouteOverlay(tuple(lines), tuple(rings), hexes, width)


def ringed_value(
    layout: TileLayout | HexLabels, node_index: int, kind: NodeKind
) -> PhaseRevenueRow | RevenueDisc | None:
    """The value a stop's ring goes round: an off-board's phase row or revenue disc (None for
    other stops, ringed round their city or town)."""
    if kind is not NodeKind.OFFBOARD:
        return None
    row = next((r for r in layout.phase_revenues if r.node == node_index), None)
    if row is not None:
        return row
    return next((d for d in layout.revenues if node_index in d.node_indices), None)


def _ring(
    route: int,
    layout: TileLayout,
    node_index: int,
    c: Point,
    width: float,
    k: int = 0,
    labels: HexLabels | None = None,
) -> StopRing | None:
    node = layout.node(node_index)
    if node is None:
        return None
    out = k * RING_STEP * width  # the k-th ring of a place
    centre = (node.centre[0] + c[0], node.centre[1] + c[1])
    if node.kind is NodeKind.CITY and node.outline:
        outline = Polygon(node.outline).buffer(width * 0.5 + out).exterior.coords
        return StopRing(route, "polygon", points=_points((x + c[0], y + c[1]) for x, y in outline))
    if node.kind is NodeKind.CITY:
        return StopRing(route, "circle", centre, node.radius + width * 0.5 + out)
    if node.kind is NodeKind.OFFBOARD:
        value = ringed_value(labels if labels is not None else layout, node_index, node.kind)
        if value is None:
            return StopRing(route, "circle", centre, layout.radius * 0.3 + out)
        at = (value.centre[0] + c[0], value.centre[1] + c[1])
        margin = 2 * (RING_CLEARANCE * width + out)
        if isinstance(value, PhaseRevenueRow):
            size = (value.box_width * len(value.columns) + margin, value.box_height + margin)
            return StopRing(route, "box", at, size=size)
        return StopRing(route, "circle", at, value.radius + margin / 2)
    radius = max(node.radius, layout.radius * 0.12) + width * 0.4 + out
    return StopRing(route, "circle", centre, radius)


def route_shapes(overlay: RouteOverlay) -> list[BaseGeometry]:
    """The area each line and ring of ``overlay`` covers as drawn (shapely, map pixels)."""
    w = overlay.width
    out = [LineString(line.points).buffer(w * LINE_EDGE / 2) for line in overlay.lines]
    for ring in overlay.rings:
        if ring.shape == "polygon":
            edge = Polygon(ring.points).exterior
        elif ring.shape == "box":
            (x, y), (bw, bh) = ring.centre, ring.size
            edge = shapely.box(x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2).exterior
        else:
            edge = ShapelyPoint(ring.centre).buffer(ring.radius, 32).exterior
        out.append(edge.buffer(w * RING_EDGE / 2))
    return out
