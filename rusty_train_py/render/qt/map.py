"""QPainter drawing of the whole map, free of widget state.

``draw_map`` is what a QWidget.paintEvent (or an image export) calls: map pixels are those of
``hexgrid.HexLayout.centre``; zoom and pan belong in the painter's transform. The shapes come
from :mod:`rusty_train_py.render.geometry`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from ...base.money import DOLLARS, money
from ...grid.hexgrid import HexLayout
from ...mapstate.state import MapState
from .. import geometry
from ..colours import BORDER_COLOUR, DRAWN_ONLY_BORDERS, PARTITION_COLOUR, PARTITION_OTHER
from ..geometry import BorderMark, HexLabels, PartitionMark, Point
from ..geometry.labels import MIN_TEXT_PX
from .labels import draw_labels
from .overlays import (
    DEFAULT_HIGHLIGHT,
    FADED_ROUTE_OPACITY,
    draw_marks,
    draw_route_overlay,
    draw_routes,
    draw_selection,
    route_colours,
    route_items,
)
from .primitives import draw_text, make_pen, qpoint
from .tiles import companies_by_abbrev, draw_hex_background, draw_outline, draw_tile_content


def draw_map(
    painter: QPainter,
    state: MapState,
    hex_layout: HexLayout,
    *,
    highlight_hex: str | None = None,
    highlight_colour: str | None = None,
    routes: Sequence[Any] | None = None,
    faded: bool = False,
    coordinates: bool = True,
    zoom: float = 1.0,
    faded_routes: Sequence[Any] | None = None,
    marked: Collection[str] = (),
    mark_colour: str = "#1f6fd1",
    margin: float | None = None,
    under_labels: Callable[[QPainter, Mapping[str, HexLabels]], None] | None = None,
) -> None:
    """Draw the map of ``state`` in map pixels (hex centres from ``hex_layout.centre``).

    ``faded_routes`` (as ``routes``) are drawn pale under the routes (the last run kept);
    ``marked`` hexes get a translucent ``mark_colour`` fill and outline (where a tile can go).
    ``margin``: the room round the hexes for the coordinates (``geometry.map_bounds``'s).
    ``under_labels(painter, labels)`` draws what goes over the map but under its labels
    (ghost tiles, the selected hex's halo): the selection, marks and those never hide a name.

    ``routes``: a sequence of ``(colour, train_route)`` where ``train_route`` has ``track``
    ((hex, path index) pairs) and ``stops`` (objects with ``hex``, ``node``, ``skipped``), or
    of ``(colour, pieces, stops)`` with ``stops`` as (hex, node index) pairs. ``faded`` draws
    the map pale under the routes. ``zoom``: screen pixels per map pixel (text is kept
    legible on screen).
    """
    game = state.game
    size = hex_layout.size
    companies = companies_by_abbrev(state)
    phase_colours = state.phase_colours
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if faded:
        painter.setOpacity(0.45)

    names = [h for h in game.hex_order if game.hexes[h].colour != "empty"]  # 18MS B14: not drawn
    shown = {h: state.tile_at(h) for h in names}
    centres = {h: hex_layout.centre(game.hexes[h].coord) for h in names}

    # Fills, then outlines (skipping invisible sides), then contents, then special sides.
    for h in names:
        tile, _ = shown[h]
        draw_hex_background(painter, tile.colour, centres[h], hex_layout, outline=False)
    for h in names:
        printed = game.hexes[h].tile
        corners = [
            (centres[h][0] + dx, centres[h][1] + dy) for dx, dy in hex_layout.corner_offsets()
        ]
        draw_outline(painter, corners, size, geometry.invisible_edges(printed))
    for h in names:
        tile, rot = shown[h]
        layout = geometry.tile_layout(
            tile, rot, hex_layout.orientation, size, game.hexes[h].location
        )
        layout = geometry.in_currency(layout, game.currency)  # its laying cost: "40₽"
        draw_tile_content(
            painter,
            tile,
            layout,
            state.hex_state(h).tokens,
            centres[h],
            phase_colours,
            companies,
            location=game.hexes[h].location,
            zoom=zoom,
            labels=False,
            extra=state.hex_state(h).extra,
        )
    drawn: set[frozenset[str]] = set()
    for h in names:
        for line in geometry.partition_marks(game.hexes[h].tile, hex_layout.orientation, size):
            _draw_partition(painter, line, centres[h], size)
        for mark in geometry.border_marks(game.hexes[h].tile, hex_layout.orientation, size):
            key = frozenset((h, game.neighbour(h, mark.edge) or f"{h}/{mark.edge}"))
            if key in drawn:
                continue
            drawn.add(key)
            _draw_border(painter, mark, centres[h], size, game.currency)
    if coordinates:
        painter.setOpacity(1.0 if not faded else 0.6)
        room = geometry.coordinate_margin(hex_layout) if margin is None else margin
        text_size = min(size * 0.5, room * 0.85, max(size * 0.24, MIN_TEXT_PX / zoom))
        for pos, text in geometry.coordinate_labels(game, hex_layout, margin):
            draw_text(painter, qpoint(pos), text, text_size, bold=True, colour="#404040")
    painter.setOpacity(1.0)

    # Labels go above the routes, moved off them (off the last runs' when no routes are shown).
    main = route_items(routes or ())
    overlay = geometry.map_overlay(state, hex_layout, main or route_items(faded_routes or ()), zoom)
    labels = {hl.hex: hl for hl in overlay.labels}
    if faded_routes:
        painter.setOpacity(FADED_ROUTE_OPACITY)
        draw_routes(painter, state, hex_layout, faded_routes, labels)
        painter.setOpacity(1.0)
    if routes and overlay.routes is not None:
        draw_route_overlay(painter, state, hex_layout, overlay.routes, route_colours(routes))
    # The marks and the selection go under the labels: an outline never cuts a name.
    if marked:
        draw_marks(painter, [centres[h] for h in names if h in marked], hex_layout, mark_colour)
    if highlight_hex is not None and highlight_hex in game.hexes:
        # an undrawn hex (18MS B14, colour "empty") can be selected too: its outline shows
        c = hex_layout.centre(game.hexes[highlight_hex].coord)
        draw_selection(painter, c, hex_layout, highlight_colour or DEFAULT_HIGHLIGHT)
    if under_labels is not None:
        painter.save()
        under_labels(painter, labels)
        painter.restore()
    painter.setOpacity(1.0 if not faded else 0.45)
    draw_labels(painter, state, overlay.labels, hex_layout)
    painter.setOpacity(1.0)
    painter.restore()


def _draw_partition(painter: QPainter, mark: PartitionMark, c: Point, size: float) -> None:
    """A river across the hex as a blue line, a divider as a thinner dashed grey one."""
    a, b = mark.line
    water = mark.type in PARTITION_COLOUR
    pen = make_pen(
        PARTITION_COLOUR.get(mark.type, PARTITION_OTHER),
        size * (0.07 if water else 0.04),
        Qt.PenCapStyle.RoundCap,
    )
    if not water:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawLine(qpoint(a, c), qpoint(b, c))


def _draw_border(
    painter: QPainter, mark: BorderMark, c: Point, size: float, currency: str = DOLLARS
) -> None:
    a, b = mark.line
    pen = make_pen(BORDER_COLOUR.get(mark.type, "#d01c1f"), size * 0.09, Qt.PenCapStyle.RoundCap)
    if mark.type in DRAWN_ONLY_BORDERS:
        pen.setWidthF(size * 0.05)
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawLine(qpoint(a, c), qpoint(b, c))
    if mark.cost:
        pos = qpoint(mark.cost_pos, c)
        s = size * 0.16
        cost = money(mark.cost, currency)
        w = geometry.text_width(cost, s) + s * 0.2
        painter.setPen(make_pen(BORDER_COLOUR.get(mark.type, "#000000"), max(0.6, size * 0.012)))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(
            QRectF(pos.x() - w / 2, pos.y() - s * 0.65, w, s * 1.3), s * 0.3, s * 0.3
        )
        draw_text(painter, pos, cost, s, bold=True)
