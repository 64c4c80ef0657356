"""Drawing proposals over a map: ghost tiles (a lay shown see-through, with a label such as
its gain) and tinted hexes (where a tile can go). In map pixels, like ``map.draw_map``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPolygonF

from ...grid.hexgrid import HexLayout
from ...mapstate.state import MapEditError, MapState
from ..geometry import HexLabels
from .overlays import draw_selection
from .primitives import drawing_font
from .tiles import companies_by_abbrev, draw_tile

GHOST_OPACITY = 0.62  # a proposed tile, see-through
CHOSEN_OPACITY = 0.9  # the one the player has chosen
LABEL_FILL = "#fffaf0"


class GhostLike(Protocol):
    @property
    def hex(self) -> str: ...
    @property
    def tile(self) -> str: ...
    @property
    def rotation(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def chosen(self) -> bool: ...


def _hex_polygon(
    hex_layout: HexLayout, centre: tuple[float, float], inset: float = 1.0
) -> QPolygonF:
    cx, cy = centre
    return QPolygonF(
        [QPointF(cx + dx * inset, cy + dy * inset) for dx, dy in hex_layout.corner_offsets()]
    )


def draw_marks(
    painter: QPainter, state: MapState, hex_layout: HexLayout, marks: Iterable[tuple[str, str]]
) -> None:
    """Tint each (hex, colour) of ``marks``: a translucent fill and a line inside its edge."""
    game = state.game
    painter.save()
    for hex_name, colour in marks:
        if hex_name not in game.hexes:
            continue
        centre = hex_layout.centre(game.hexes[hex_name].coord)
        fill = QColor(colour)
        fill.setAlpha(70)
        painter.setBrush(fill)
        line = QColor(colour)
        line.setAlpha(200)
        painter.setPen(QPen(line, hex_layout.size * 0.07))
        painter.drawPolygon(_hex_polygon(hex_layout, centre, 0.93))
    painter.restore()


def draw_ghosts(
    painter: QPainter,
    state: MapState,
    hex_layout: HexLayout,
    ghosts: Sequence[GhostLike],
    colour: str,
    labels: Mapping[str, HexLabels] | None = None,
) -> None:
    """Each ghost's tile (its tokens carried as the lay would) see-through on its hex, ringed
    in ``colour``, its label in a box at the top (at the bottom where the hex's name is at
    the top); the chosen ghost more solid, ringed as the selection is. The place's name is
    the map's (``labels``, drawn over the ghosts), not drawn a second time."""
    labels = labels or {}
    game = state.game
    companies = companies_by_abbrev(state)
    size = hex_layout.size
    for g in sorted(ghosts, key=lambda g: g.chosen):  # the chosen one drawn last, on top
        if g.hex not in game.hexes:
            continue
        centre = hex_layout.centre(game.hexes[g.hex].coord)
        try:
            tokens = state.place_tile_edit(g.hex, g.tile, g.rotation).after.tokens
        except MapEditError:
            tokens = ()
        painter.save()
        painter.setOpacity(CHOSEN_OPACITY if g.chosen else GHOST_OPACITY)
        draw_tile(
            painter,
            game.tile(g.tile),
            g.rotation,
            tokens,
            centre,
            hex_layout,
            state.phase_colours,
            companies,
            location=game.hexes[g.hex].location,
            name=False,
        )
        painter.restore()
        if g.chosen:
            draw_selection(painter, centre, hex_layout, colour)
        else:
            pen = QPen(QColor(colour), size * 0.05)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(_hex_polygon(hex_layout, centre, 0.95))
        if g.label:
            hl = labels.get(g.hex)
            name_top = hl is not None and hl.name is not None and hl.name.centre[1] < 0
            _label(painter, centre, g.label, size, colour, g.chosen, top=not name_top)


def _label(
    painter: QPainter,
    centre: tuple[float, float],
    text: str,
    size: float,
    colour: str,
    bold: bool,
    top: bool = True,
) -> None:
    font = drawing_font()
    font.setPixelSize(max(1, round(size * 0.3)))
    font.setBold(True)
    metrics = QFontMetricsF(font)
    w = metrics.horizontalAdvance(text) + size * 0.16
    h = metrics.height() + size * 0.04
    cx, cy = centre
    y = cy - size * 0.78 if top else cy + size * 0.78 - h
    rect = QRectF(cx - w / 2, y, w, h)
    painter.save()
    painter.setPen(QPen(QColor(colour), size * (0.05 if bold else 0.03)))
    painter.setBrush(QColor(LABEL_FILL))
    painter.drawRoundedRect(rect, h * 0.3, h * 0.3)
    painter.setFont(font)
    painter.setPen(QColor("#1a1a1a"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()
