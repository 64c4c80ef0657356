"""The small QPainter helpers every drawing module uses: points, pens, fonts, paths and text."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from ..geometry import Point

FONT_FAMILY = "DejaVu Sans"  # the labels' widths are estimated with its metrics
# where it is not installed (Windows, macOS): the nearest in width, then the system's own
# sans-serif (Qt takes the first family it has, then any sans-serif font)
FONT_FALLBACKS = ("Verdana", "Segoe UI", "Helvetica Neue", "Arial", "Liberation Sans")


def qpoint(p: Point, c: Point = (0.0, 0.0)) -> QPointF:
    """The point ``p`` moved by ``c``, as Qt takes it."""
    return QPointF(p[0] + c[0], p[1] + c[1])


def drawing_font() -> QFont:
    """The map's font: DejaVu Sans, else a fallback (FONT_FALLBACKS), else any sans-serif."""
    f = QFont()
    f.setFamilies([FONT_FAMILY, *FONT_FALLBACKS])
    f.setStyleHint(QFont.StyleHint.SansSerif)
    return f


def make_font(size: float, bold: bool = False) -> QFont:
    """The drawing font, ``size`` pixels high, unhinted (it scales with the zoom)."""
    f = drawing_font()
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


def draw_text(
    painter: QPainter,
    centre: QPointF,
    text: str,
    size: float,
    *,
    bold: bool = False,
    colour: str | QColor = "#000000",
    max_width: float | None = None,
) -> None:
    """Draw ``text`` centred on ``centre`` with a font ``size`` pixels high."""
    font = make_font(size, bold)
    if max_width is not None:
        w = QFontMetricsF(font).horizontalAdvance(text)
        if w > max_width > 0:
            font = make_font(size * max_width / w, bold)
    painter.setFont(font)
    painter.setPen(QColor(colour))
    h = size * 2
    painter.drawText(
        QRectF(centre.x() - 2000, centre.y() - h / 2, 4000, h), Qt.AlignmentFlag.AlignCenter, text
    )


def make_pen(
    colour: str | QColor, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap
) -> QPen:
    """A pen of ``colour`` and ``width`` with round joins."""
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def path_through(points: Sequence[Point], c: Point) -> QPainterPath:
    """The open path through ``points`` moved by ``c``."""
    path = QPainterPath(qpoint(points[0], c))
    for p in points[1:]:
        path.lineTo(qpoint(p, c))
    return path


def qpolygon(points: Sequence[Point], c: Point) -> QPolygonF:
    """The polygon of ``points`` moved by ``c``."""
    return QPolygonF([qpoint(p, c) for p in points])


def halo_text(
    painter: QPainter,
    centre: QPointF,
    text: str,
    size: float,
    *,
    max_width: float | None = None,
    colour: str = "#202020",
    halo: str = "#ffffff",
    bold: bool = False,
) -> None:
    """Text with a pale halo, legible over track."""
    font = make_font(size, bold)
    fm = QFontMetricsF(font)
    w = fm.horizontalAdvance(text)
    if max_width is not None and w > max_width > 0:
        font = make_font(size * max_width / w, bold)
        fm = QFontMetricsF(font)
        w = fm.horizontalAdvance(text)
    path = QPainterPath()
    baseline = centre.y() + (fm.ascent() - fm.descent()) / 2
    path.addText(QPointF(centre.x() - w / 2, baseline), font, text)
    halo_colour = QColor(halo)
    halo_colour.setAlpha(235)
    painter.strokePath(path, make_pen(halo_colour, max(1.0, size * 0.3), Qt.PenCapStyle.RoundCap))
    painter.fillPath(path, QColor(colour))
