"""QPainter drawing of place names, legible on screen at every zoom where they can be."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF

from .. import geometry
from .primitives import draw_text, halo_text, make_font

MIN_TEXT_PX = 8.0  # place names and coordinates are drawn at least this high on screen ...
HIDE_TEXT_PX = 6.0  # ... and place names that cannot be this high are left out


def name_font_sizes(name: str, size: float, R: float, zoom: float = 1.0) -> list[float] | None:
    """Font heights (map pixels) of the lines of a place name drawn ``size`` high on a hex of
    radius ``R`` at ``zoom``: at least MIN_TEXT_PX on screen where the name fits (it may then
    be drawn a little wider), None where even the first line cannot be HIDE_TEXT_PX high."""
    wanted = max(size, MIN_TEXT_PX / zoom)
    max_width = R * (geometry.NAME_WIDTH * 1.05 if wanted == size else 1.6)
    sizes = []
    for i, line in enumerate(geometry.name_lines(name)):
        s = wanted * (1.0 if i == 0 else 0.85)
        w = QFontMetricsF(make_font(s)).horizontalAdvance(line)
        sizes.append(s * min(1.0, max_width / w) if w > 0 else s)
    return sizes if sizes[0] * zoom >= HIDE_TEXT_PX else None


def draw_location(
    painter, name: str, centre: QPointF, size: float, R: float, zoom: float = 1.0, dark=False
) -> None:
    """A place name, at least MIN_TEXT_PX high on screen where it fits (a little wider than
    drawn at full size), left out where it cannot be HIDE_TEXT_PX high. On a dark fill it
    sits on a light plate, which a halo cannot make legible at small sizes."""
    lines = geometry.name_lines(name)
    n = len(lines)
    sizes = name_font_sizes(name, size, R, zoom)
    if sizes is None:
        return
    step = sizes[0] * 1.15
    if dark:
        widths = [
            QFontMetricsF(make_font(s)).horizontalAdvance(t)
            for s, t in zip(sizes, lines, strict=True)
        ]
        rect = QRectF(
            centre.x() - max(widths) / 2 - sizes[0] * 0.25,
            centre.y() - step * n / 2 - sizes[0] * 0.05,
            max(widths) + sizes[0] * 0.5,
            step * n + sizes[0] * 0.1,
        )
        plate = QColor("#ffffff")
        plate.setAlpha(225)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(plate)
        painter.drawRoundedRect(rect, sizes[0] * 0.3, sizes[0] * 0.3)
    for i, line in enumerate(lines):
        at = QPointF(centre.x(), centre.y() + (i - (n - 1) / 2) * step)
        if dark:
            draw_text(painter, at, line, sizes[i], colour="#202020")
        else:
            halo_text(painter, at, line, sizes[i])
