"""QPainter drawing over the map: the routes found, hexes marked for the player (where a tile
can go) and the selected hex."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from ...grid.hexgrid import HexLayout
from ...mapstate.state import MapState
from .. import geometry
from ..colours import ROUTE_CASING, ROUTE_EDGE, SELECTION_CASING, SELECTION_EDGE
from ..geometry import HexLabels, Point, RouteOverlay, StopRing
from ..geometry.routes import LINE_CASING, LINE_EDGE, RING_CASING, RING_EDGE, RING_LINE
from .primitives import make_pen, path_through, qpoint, qpolygon
from .tiles import companies_by_abbrev, draw_nodes

DEFAULT_HIGHLIGHT = "#ff00c8"
FADED_ROUTE_OPACITY = 0.35


def draw_marks(
    painter: QPainter, centres: Sequence[Point], hex_layout: HexLayout, colour: str
) -> None:
    """Hexes marked for the player (where a tile can go): a translucent fill inside a line
    of ``colour`` on a white casing."""
    fill = QColor(colour)
    fill.setAlpha(70)
    size = hex_layout.size
    for c in centres:
        corners = [(c[0] + dx * 0.93, c[1] + dy * 0.93) for dx, dy in hex_layout.corner_offsets()]
        polygon = qpolygon(corners, (0.0, 0.0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen_colour, width in ((SELECTION_CASING, 0.08), (colour, 0.045)):
            painter.setPen(make_pen(pen_colour, size * width, Qt.PenCapStyle.RoundCap))
            painter.drawPolygon(polygon)


def draw_selection(painter: QPainter, centre: Point, hex_layout: HexLayout, colour: str) -> None:
    """The outline of the selected hex: a ``colour`` line on a white casing edged in black,
    visible on every hex colour."""
    size = hex_layout.size
    corners = [(centre[0] + dx, centre[1] + dy) for dx, dy in hex_layout.corner_offsets()]
    polygon = qpolygon(corners, (0.0, 0.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen_colour, width in (
        (SELECTION_EDGE, 0.14),
        (SELECTION_CASING, 0.1),
        (colour, 0.06),
    ):
        painter.setPen(make_pen(pen_colour, size * width, Qt.PenCapStyle.RoundCap))
        painter.drawPolygon(polygon)


def route_items(routes: Sequence[Any]) -> list[Any]:
    """The routes of ``(colour, train_route)`` or ``(colour, pieces, stops)`` without colours,
    as ``geometry.route_overlay`` takes them."""
    return [r[1] if len(r) == 2 else (r[1], r[2]) for r in routes]


def route_colours(routes: Sequence[Any]) -> list[QColor]:
    """The colour of each of ``routes`` (as ``route_items`` takes them)."""
    return [QColor(str(r[0])) for r in routes]


def draw_routes(
    painter: QPainter,
    state: MapState,
    hex_layout: HexLayout,
    routes: Sequence[Any],
    labels: Mapping[str, HexLabels] | None = None,
) -> None:
    """Draw routes over the map (``routes``: ``(colour, train_route)`` or ``(colour, pieces,
    stops)``, see ``map.draw_map``); an off-board's ring goes round its value where
    ``labels`` put it."""
    overlay = geometry.route_overlay(state, hex_layout, route_items(routes), labels)
    draw_route_overlay(painter, state, hex_layout, overlay, route_colours(routes))


def draw_route_overlay(
    painter: QPainter,
    state: MapState,
    hex_layout: HexLayout,
    overlay: RouteOverlay,
    colours: Sequence[QColor],
) -> None:
    """Draw the lines and rings of ``overlay``: each line on a casing (white, edged in black)
    so it stands out on every fill, the cities and towns again on top, and a ring round each
    stop (the k-th train stopping at a place: the k-th ring out)."""
    width = overlay.width
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    # Casings first (edge, then white), then the colours: where routes meet, no casing cuts
    # across a colour.
    paths = [(line.route, path_through(line.points, (0.0, 0.0))) for line in overlay.lines]
    cap = Qt.PenCapStyle.RoundCap
    for colour, extent in ((ROUTE_EDGE, LINE_EDGE), (ROUTE_CASING, LINE_CASING)):
        pen = make_pen(colour, width * extent, cap)
        for _, path in paths:
            painter.strokePath(path, pen)
    for route, path in paths:
        painter.strokePath(path, make_pen(colours[route], width, cap))
    # Cities and towns stay readable on top of the route lines.
    game = state.game
    companies = companies_by_abbrev(state)
    for h in overlay.hexes:
        tile, rot = state.tile_at(h)
        layout = geometry.tile_layout(
            tile, rot, hex_layout.orientation, hex_layout.size, game.hexes[h].location
        )
        draw_nodes(
            painter,
            layout,
            dict(state.hex_state(h).tokens),
            hex_layout.centre(game.hexes[h].coord),
            companies,
        )
    painter.setBrush(Qt.BrushStyle.NoBrush)
    ring_pens: tuple[tuple[str | None, float], ...] = (
        (ROUTE_EDGE, RING_EDGE),
        (ROUTE_CASING, RING_CASING),
        (None, RING_LINE),  # the route's own colour
    )
    for ring_colour, extent in ring_pens:
        for ring in overlay.rings:
            pen_colour = colours[ring.route] if ring_colour is None else QColor(ring_colour)
            painter.setPen(make_pen(pen_colour, width * extent, cap))
            _draw_ring(painter, ring, width)
    painter.restore()


def _draw_ring(painter: QPainter, ring: StopRing, width: float) -> None:
    if ring.shape == "polygon":
        painter.drawPolygon(qpolygon(ring.points, (0.0, 0.0)))
    elif ring.shape == "box":
        w, h = ring.size
        rect = QRectF(ring.centre[0] - w / 2, ring.centre[1] - h / 2, w, h)
        painter.drawRoundedRect(rect, width / 2, width / 2)
    else:
        painter.drawEllipse(qpoint(ring.centre), ring.radius, ring.radius)
