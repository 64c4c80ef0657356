"""QPainter drawing of labels: revenue discs, phase revenue rows and place names (a halo on
light fills, a plate on dark ones). On the map they are drawn last, above the routes, where
render/geometry/labels.py put them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from ...grid.hexgrid import HexLayout
from ...grid.tile import TILE_COLOURS, Tile
from ...mapstate.state import MapState
from .. import geometry
from ..colours import DARK_FILLS
from ..geometry import HexLabels, PhaseRevenueRow, PlaceName, Point, RevenueDisc, TileLayout
from ..geometry.labels import DISC_TEXT, fit_name, leaves_its_hex
from .primitives import draw_text, halo_text, make_pen, qpoint
from .tile_marks import draw_phase_row


def draw_values(
    painter: QPainter,
    tile: Tile,
    discs: Sequence[RevenueDisc],
    rows: Sequence[PhaseRevenueRow],
    c: Point,
    radius: float,
    phase_colours: Sequence[str] = TILE_COLOURS,
    phase_value: int | None = None,
) -> None:
    """A tile's revenue discs and phase rows (the current phase's column marked)."""
    for disc in discs:
        painter.setPen(make_pen("#000000", max(0.6, radius * 0.012)))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(qpoint(disc.centre, c), disc.radius, disc.radius)
        draw_text(
            painter,
            qpoint(disc.centre, c),
            disc.text,
            disc.radius * DISC_TEXT,
            max_width=disc.radius * 1.8,
        )
    node_revenue = {n.index: n.revenue for n in tile.nodes}
    for row in rows:
        current = geometry.current_column(node_revenue[row.node], phase_colours)
        if phase_value is not None:  # revenue by phase name: the column showing that value
            values = [v for _, v in row.columns]
            current = values.index(phase_value) if phase_value in values else None
        draw_phase_row(painter, row, c, radius, current)


def draw_place_name(painter: QPainter, name: PlaceName, c: Point, dark: bool = False) -> None:
    """A place name laid out by the geometry; ``dark``: on a light plate, which a halo cannot
    make legible at small sizes on a dark fill."""
    if dark:
        x0, y0, x1, y1 = name.box()
        plate = QColor("#ffffff")
        plate.setAlpha(225)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(plate)
        r = name.sizes[0] * 0.3
        painter.drawRoundedRect(QRectF(x0 + c[0], y0 + c[1], x1 - x0, y1 - y0), r, r)
    for line, size, at in zip(name.lines, name.sizes, name.line_centres(), strict=True):
        if dark:
            draw_text(painter, qpoint(at, c), line, size, colour="#202020", max_width=name.width)
        else:
            halo_text(painter, qpoint(at, c), line, size, max_width=name.width)


def draw_location(
    painter: QPainter, location: str, layout: TileLayout, c: Point, zoom: float, dark: bool
) -> None:
    """A place name on a tile drawn alone (a tile sheet, a ghost), at the layout's spot."""
    fit = fit_name(location, layout.name_size, layout.radius, zoom)
    if fit is not None:
        draw_place_name(painter, PlaceName(layout.name_pos, *fit), c, dark)


def draw_labels(
    painter: QPainter, state: MapState, labels: Sequence[HexLabels], hex_layout: HexLayout
) -> None:
    """Every hex's labels over the map drawn so far (tiles, routes); a name on a dark fill or
    reaching over another hex sits on a plate."""
    game = state.game
    radius = hex_layout.size
    for hl in labels:
        tile, _ = state.tile_at(hl.hex)
        printed = tile is game.hexes[hl.hex].tile
        phase_value = game.revenue_in_phase(hl.hex, state.phase) if printed else None
        draw_values(
            painter,
            tile,
            hl.revenues,
            hl.phase_revenues,
            hl.centre,
            radius,
            state.phase_colours,
            phase_value,
        )
        if hl.name is not None:
            plate = tile.colour in DARK_FILLS or leaves_its_hex(
                hl.name, hex_layout.orientation, radius
            )
            draw_place_name(painter, hl.name, hl.centre, plate)
