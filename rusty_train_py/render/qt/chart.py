"""The upgrade chart drawn as rulebooks print it: a column per tile colour (yellow, green,
brown, grey), a row per group of tiles (by label and kind of revenue centres), each tile a
small picture with its name, its count and the tiles it upgrades to (``-> 14, 15``), an
arrow between the colour columns of every row that has upgrades.

``chart_layout`` places everything (Qt-free numbers); ``draw_chart`` paints it; the chart
itself comes from ``upgrade_chart`` (rusty_train_py/upgrade_chart.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from ...gamedata.game import Game
from ...grid.hexgrid import HexLayout
from ...mapstate.upgrade_chart import CHART_COLOURS, chart_groups, hex_rule_notes, upgrade_chart
from .primitives import draw_text, make_font
from .tiles import draw_tile

PER_LINE = 4  # tiles side by side in one colour cell before the row wraps
NAMES_PER_LINE = 3  # upgrade names on one line under a tile
COLOUR_FILL = {"yellow": "#fff7d6", "green": "#e3f2df", "brown": "#efe2d6", "grey": "#ececec"}
COLOUR_HEAD = {"yellow": "#f2cf2e", "green": "#5aa64b", "brown": "#a36a3c", "grey": "#9a9a9a"}


@dataclass(frozen=True)
class PlacedTile:
    name: str
    x: float  # centre of the hex
    y: float
    lines: tuple[str, ...]  # name line, then the upgrade lines


@dataclass(frozen=True)
class ChartRow:
    title: str
    top: float
    height: float
    tiles: tuple[PlacedTile, ...]
    arrows: tuple[tuple[float, float], ...]  # (x from, x to) between colour columns


@dataclass(frozen=True)
class ChartLayout:
    width: float
    height: float
    title: str
    title_h: float
    head_h: float
    label_w: float
    columns: tuple[tuple[str, float, float], ...]  # (colour, left, width)
    rows: tuple[ChartRow, ...]
    hex_size: float
    hex_h: float
    text_size: float
    line_h: float


def _upgrade_lines(targets: tuple[str, ...]) -> tuple[str, ...]:
    if not targets:
        return ()
    chunks = [targets[i : i + NAMES_PER_LINE] for i in range(0, len(targets), NAMES_PER_LINE)]
    lines = [", ".join(c) for c in chunks]
    lines[0] = "\u2192 " + lines[0]
    return tuple(lines)


def chart_layout(game: Game, hex_size: float = 40.0, max_width: float | None = None) -> ChartLayout:
    """Where every part of the chart goes, in pixels: up to PER_LINE tiles side by side in a
    colour cell, fewer where that makes the chart wider than ``max_width`` (one at least)."""
    if max_width is None:
        return _chart_layout(game, hex_size, PER_LINE)
    for per_line in range(PER_LINE, 1, -1):
        lay = _chart_layout(game, hex_size, per_line)
        if lay.width <= max_width:
            return lay
    return _chart_layout(game, hex_size, 1)


def _chart_layout(game: Game, hex_size: float, per_line: int) -> ChartLayout:
    chart = upgrade_chart(game)
    groups = chart_groups(game)
    notes = hex_rule_notes(game)

    def lines_of(t: str) -> tuple[str, ...]:
        return _upgrade_lines(chart[t]) + ((notes[t],) if t in notes else ())

    hl = HexLayout(game.orientation, hex_size)
    xs = [dx for dx, _ in hl.corner_offsets()]
    ys = [dy for _, dy in hl.corner_offsets()]
    hex_w, hex_h = max(xs) - min(xs), max(ys) - min(ys)
    text_size = max(9.0, hex_size * 0.3)
    line_h = text_size * 1.3
    cell_w = max(hex_w, text_size * 7.5) + hex_size * 0.4
    used = [c for c in CHART_COLOURS if any(g.tiles[c] for g in groups)]
    per_colour = {c: min(per_line, max(len(g.tiles[c]) for g in groups)) for c in used}
    gap = hex_size * 0.9  # between columns: room for the arrow
    label_w = text_size * 9
    title_h = text_size * 2.6
    head_h = text_size * 2.0
    columns = []
    x = label_w
    for c in used:
        w = per_colour[c] * cell_w
        columns.append((c, x, w))
        x += w + gap
    width = x - gap + hex_size * 0.3
    col_at = {c: (left, w) for c, left, w in columns}
    rows = []
    y = title_h + head_h
    for g in groups:
        # lines of text under a tile in this row: its name and its upgrades
        n_lines = 1 + max((len(lines_of(t)) for c in used for t in g.tiles[c]), default=0)
        tile_h = hex_h + hex_size * 0.2 + n_lines * line_h + hex_size * 0.25
        n_wraps = max(math.ceil(len(g.tiles[c]) / per_line) for c in used)
        height = max(tile_h * max(1, n_wraps), line_h * 2)
        placed = []
        for c in used:
            left, _w = col_at[c]
            for i, t in enumerate(g.tiles[c]):
                r, k = divmod(i, per_line)
                cx = left + cell_w * (k + 0.5)
                cy = y + tile_h * r + hex_size * 0.15 + hex_h / 2
                count = game.manifest.get(t)
                name = f"{t}  \u00d7{count}" if count is not None else f"{t}  \u00d7\u221e"
                placed.append(PlacedTile(t, cx, cy, (name,) + lines_of(t)))
        arrows = []
        for (c, left, w), nxt in zip(columns, columns[1:], strict=False):
            if any(chart[t] for t in g.tiles[c]) and g.tiles[nxt[0]]:
                arrows.append((left + w + gap * 0.15, nxt[1] - gap * 0.15))
        rows.append(ChartRow(g.title, y, height, tuple(placed), tuple(arrows)))
        y += height
    return ChartLayout(
        width=math.ceil(width),
        height=math.ceil(y + hex_size * 0.2),
        title=f"{game.title}: upgrade chart",
        title_h=title_h,
        head_h=head_h,
        label_w=label_w,
        columns=tuple(columns),
        rows=tuple(rows),
        hex_size=hex_size,
        hex_h=hex_h,
        text_size=text_size,
        line_h=line_h,
    )


def draw_chart(p: QPainter, game: Game, lay: ChartLayout) -> None:
    """Paint the chart laid out by ``chart_layout``."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    hl = HexLayout(game.orientation, lay.hex_size)
    ts = lay.text_size
    draw_text(p, QPointF(lay.width / 2, lay.title_h / 2), lay.title, ts * 1.4, bold=True)
    body_top = lay.title_h
    for c, left, w in lay.columns:
        p.fillRect(QRectF(left, body_top, w, lay.height - body_top), QColor(COLOUR_FILL[c]))
        p.fillRect(QRectF(left, body_top, w, lay.head_h * 0.85), QColor(COLOUR_HEAD[c]))
        draw_text(
            p,
            QPointF(left + w / 2, body_top + lay.head_h * 0.42),
            c,
            ts * 1.1,
            bold=True,
            colour="#ffffff" if c != "yellow" else "#000000",
        )
    p.setPen(QPen(QColor("#b0b0b0"), 1))
    for row in lay.rows:
        p.drawLine(QPointF(0, row.top), QPointF(lay.width, row.top))
        _label(p, row.title, lay.label_w, row.top, row.height, ts)
        for x0, x1 in row.arrows:
            _arrow(p, x0, x1, row.top + min(row.height / 2, lay.hex_size * 1.2), lay.hex_size)
        for t in row.tiles:
            draw_tile(p, game.tile(t.name), 0, None, (t.x, t.y), hl, CHART_COLOURS)
            y = t.y + lay.hex_h / 2 + lay.line_h * 0.75
            for n, text in enumerate(t.lines):
                draw_text(
                    p,
                    QPointF(t.x, y + n * lay.line_h),
                    text,
                    ts,
                    bold=n == 0,
                    colour="#000000" if n == 0 else "#303030",
                )


def _label(p: QPainter, title: str, width: float, top: float, height: float, ts: float) -> None:
    """The group's title, left-aligned and wrapped at word boundaries."""
    p.setFont(make_font(ts * 1.05, True))
    p.setPen(QColor("#202020"))
    rect = QRectF(ts * 0.5, top, width - ts, min(height, ts * 8))
    p.drawText(
        rect,
        int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap),
        title,
    )


def _arrow(p: QPainter, x0: float, x1: float, y: float, size: float) -> None:
    colour = QColor("#505050")
    p.setPen(QPen(colour, max(1.5, size * 0.06)))
    head = size * 0.22
    p.drawLine(QPointF(x0, y), QPointF(x1 - head, y))
    p.setBrush(colour)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPolygon(
        QPolygonF(
            [QPointF(x1, y), QPointF(x1 - head, y - head * 0.6), QPointF(x1 - head, y + head * 0.6)]
        )
    )
    p.setBrush(Qt.BrushStyle.NoBrush)
