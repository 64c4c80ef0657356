"""Terrain icons: each terrain kind a hex's ``upgrade=...,terrain:KIND`` names is drawn with its
own small icon before the laying cost (water is waves, desert a sun over a dune, not waves).

``TERRAIN_ICONS`` maps a kind to its drawing function; a kind no function draws gets a plain
grey diamond (never another kind's icon). Each function draws one icon ``s`` high with its
left edge at ``x`` and its middle at ``y``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

Draw = Callable[[QPainter, float, float, float], None]
TERRAIN_ICONS: dict[str, Draw] = {}


def terrain_icon(*kinds: str) -> Callable[[Draw], Draw]:
    def add(draw: Draw) -> Draw:
        for kind in kinds:
            TERRAIN_ICONS[kind] = draw
        return draw

    return add


def _pen(colour: str, width: float) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


@terrain_icon("mountain", "hill")
def mountain(painter: QPainter, x: float, y: float, s: float) -> None:
    w = s * 1.1
    tri = QPolygonF(
        [QPointF(x, y + s * 0.45), QPointF(x + w / 2, y - s * 0.5), QPointF(x + w, y + s * 0.45)]
    )
    painter.setPen(_pen("#4a3520", max(0.5, s * 0.08)))
    painter.setBrush(QColor("#a0774a"))
    painter.drawPolygon(tri)


@terrain_icon("swamp")
def swamp(painter: QPainter, x: float, y: float, s: float) -> None:  # tufts of reed over a line
    w = s * 1.1
    path = QPainterPath()
    path.moveTo(x, y + s * 0.4)
    path.lineTo(x + w, y + s * 0.4)
    for k in range(3):
        bx = x + w * (0.2 + 0.3 * k)
        path.moveTo(bx, y + s * 0.4)
        path.lineTo(bx + (k - 1) * s * 0.15, y - s * 0.4)
    painter.strokePath(path, _pen("#3d7a2a", max(0.6, s * 0.12)))


@terrain_icon("water", "river", "lake")
def water(painter: QPainter, x: float, y: float, s: float) -> None:  # two waves
    w = s * 1.1
    path = QPainterPath()
    for k in range(2):
        yy = y - s * 0.18 + k * s * 0.36
        path.moveTo(x, yy)
        steps = 12
        for i in range(1, steps + 1):
            t = i / steps
            path.lineTo(x + w * t, yy + math.sin(t * 2 * math.pi) * s * 0.13)
    painter.strokePath(path, _pen("#1c6fd0", max(0.6, s * 0.12)))


@terrain_icon("desert")
def desert(painter: QPainter, x: float, y: float, s: float) -> None:  # a sun over a dune
    w = s * 1.1
    painter.setPen(_pen("#b8860b", max(0.5, s * 0.08)))
    painter.setBrush(QColor("#f2c14e"))
    painter.drawEllipse(QPointF(x + w * 0.62, y - s * 0.12), s * 0.24, s * 0.24)
    dune = QPainterPath()
    dune.moveTo(x, y + s * 0.45)
    dune.quadTo(QPointF(x + w * 0.35, y - s * 0.05), QPointF(x + w, y + s * 0.45))
    dune.closeSubpath()
    painter.setBrush(QColor("#d9a066"))
    painter.drawPath(dune)


@terrain_icon("wall")
def wall(painter: QPainter, x: float, y: float, s: float) -> None:  # a brick wall
    w = s * 1.1
    painter.setPen(_pen("#5a2d0c", max(0.5, s * 0.07)))
    painter.setBrush(QColor("#b5562b"))
    rows = ((0.0, 0.5, 1.0), (0.0, 0.25, 0.75, 1.0))  # brick joints across, per row
    for r, joints in enumerate(rows):
        top = y - s * 0.4 + r * s * 0.4
        for a, b in zip(joints, joints[1:], strict=False):
            painter.drawRect(QRectF(x + a * w, top, (b - a) * w, s * 0.4))


def unknown(painter: QPainter, x: float, y: float, s: float) -> None:  # a grey diamond
    w = s * 1.1
    diamond = QPolygonF(
        [
            QPointF(x + w / 2, y - s * 0.45),
            QPointF(x + w, y),
            QPointF(x + w / 2, y + s * 0.45),
            QPointF(x, y),
        ]
    )
    painter.setPen(_pen("#404040", max(0.5, s * 0.08)))
    painter.setBrush(QColor("#a0a0a0"))
    painter.drawPolygon(diamond)


def draw_terrain_icon(painter: QPainter, kind: str, x: float, y: float, s: float) -> None:
    TERRAIN_ICONS.get(kind, unknown)(painter, x, y, s)
