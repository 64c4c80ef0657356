"""QPainter drawing of a tile's marks: phase revenue rows, terrain costs and icons."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from ...grid.tile import Icon
from .. import geometry
from ..colours import PHASE_FILL
from ..geometry import IconMark, PhaseRevenueRow, Point, TerrainMark
from .primitives import draw_text, make_pen, qpoint
from .terrain_icons import draw_terrain_icon


def draw_phase_row(
    painter: QPainter, row: PhaseRevenueRow, c: Point, R: float, current: int | None
) -> None:
    centres = row.box_centres()
    w, h = row.box_width, row.box_height
    thin = max(0.6, R * 0.012)
    for i, ((colour, value), bc) in enumerate(zip(row.columns, centres, strict=True)):
        rect = QRectF(c[0] + bc[0] - w / 2, c[1] + bc[1] - h / 2, w, h)
        painter.setPen(make_pen("#000000", thin))
        painter.setBrush(QColor(PHASE_FILL.get(colour, "#ffffff")))
        painter.drawRect(rect)
        draw_text(
            painter, rect.center(), str(value), h * 0.68, bold=(i == current), max_width=w * 0.92
        )
    if current is not None:
        bc = centres[current]
        grow = R * 0.03
        rect = QRectF(
            c[0] + bc[0] - w / 2 - grow, c[1] + bc[1] - h / 2 - grow, w + 2 * grow, h + 2 * grow
        )
        painter.setPen(make_pen("#000000", R * 0.04, Qt.PenCapStyle.SquareCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)


def draw_terrain(painter: QPainter, mark: TerrainMark, c: Point) -> None:
    s = mark.size
    x = (
        c[0]
        + mark.centre[0]
        - (geometry.text_width(mark.text, s) + 0.22 / 0.17 * s * len(mark.kinds)) / 2
    )
    y = c[1] + mark.centre[1]
    for kind in mark.kinds:
        draw_terrain_icon(painter, kind, x, y, s)
        x += s * 0.22 / 0.17
    if mark.text:
        w = geometry.text_width(mark.text, s)
        draw_text(painter, QPointF(x + w / 2, y), mark.text, s, bold=True)


def draw_icon(painter: QPainter, icon: IconMark, c: Point) -> None:
    centre = qpoint(icon.centre, c)
    r = icon.size / 2
    painter.setPen(make_pen("#1c3f8a", max(0.6, r * 0.1)))
    painter.setBrush(QColor("#ffffff"))
    painter.drawEllipse(centre, r, r)
    if icon.name == "port":
        # A small anchor.
        x, y = centre.x(), centre.y()
        path = QPainterPath()
        path.moveTo(x, y - r * 0.6)
        path.lineTo(x, y + r * 0.6)
        path.moveTo(x - r * 0.35, y - r * 0.3)
        path.lineTo(x + r * 0.35, y - r * 0.3)
        path.moveTo(x - r * 0.55, y + r * 0.15)
        path.quadTo(x - r * 0.45, y + r * 0.65, x, y + r * 0.6)
        path.quadTo(x + r * 0.45, y + r * 0.65, x + r * 0.55, y + r * 0.15)
        painter.strokePath(path, make_pen("#1c3f8a", max(0.6, r * 0.16), Qt.PenCapStyle.RoundCap))
    else:
        # A value icon (1846/20) shows its number; others the start of their last path part.
        value = Icon(icon.name).value
        base = icon.name.rsplit("/", 1)[-1]
        text = (
            str(value)
            if value is not None
            else (base.upper() if len(base) <= 3 else base[:1].upper())
        )
        draw_text(painter, centre, text, r * 1.1, bold=True, colour="#1c3f8a", max_width=r * 1.7)
