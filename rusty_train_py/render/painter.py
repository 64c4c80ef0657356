"""QPainter drawing of tiles and whole maps, free of widget state.

``draw_map`` is what a QWidget.paintEvent (or an image export) calls: map pixels are those of
``hexgrid.HexLayout.centre``; zoom and pan belong in the painter's transform. The shapes come
from :mod:`rusty_train_py.render.geometry`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from ..game import Company
from ..hexgrid import HexLayout, Orientation
from ..mapstate import MapState
from ..tile import TILE_COLOURS, Icon, NodeKind, Tile
from . import geometry
from .colours import (
    BORDER_COLOUR,
    CASING,
    DARK_FILLS,
    HEX_FILL,
    OUTLINE,
    PHASE_FILL,
    ROUTE_CASING,
    ROUTE_EDGE,
    SELECTION_CASING,
    SELECTION_EDGE,
    TRACK,
)
from .geometry import Point, TileLayout
from .terrain_icons import draw_terrain_icon

FONT_FAMILY = "DejaVu Sans"
DEFAULT_HIGHLIGHT = "#ff00c8"
MIN_TEXT_PX = 8.0  # place names and coordinates are drawn at least this high on screen ...
HIDE_TEXT_PX = 6.0  # ... and place names that cannot be this high are left out


def _qp(p: Point, c: Point = (0.0, 0.0)) -> QPointF:
    return QPointF(p[0] + c[0], p[1] + c[1])


def _font(size: float, bold: bool = False) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


def _text(
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
    font = _font(size, bold)
    if max_width is not None:
        w = QFontMetricsF(font).horizontalAdvance(text)
        if w > max_width > 0:
            font = _font(size * max_width / w, bold)
    painter.setFont(font)
    painter.setPen(QColor(colour))
    h = size * 2
    painter.drawText(
        QRectF(centre.x() - 2000, centre.y() - h / 2, 4000, h), Qt.AlignmentFlag.AlignCenter, text
    )


def _pen(colour: str | QColor, width: float, cap=Qt.PenCapStyle.FlatCap) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _polyline(points: Sequence[Point], c: Point) -> QPainterPath:
    path = QPainterPath(_qp(points[0], c))
    for p in points[1:]:
        path.lineTo(_qp(p, c))
    return path


def _polygon(points: Sequence[Point], c: Point) -> QPolygonF:
    return QPolygonF([_qp(p, c) for p in points])


# ---------------------------------------------------------------------------------------------
# One tile


def hex_fill_colour(colour: str) -> QColor:
    """The fill colour of a hex or tile of game colour ``colour``."""
    return QColor(HEX_FILL.get(colour, HEX_FILL["white"]))


def draw_hex_background(
    painter: QPainter,
    colour: str,
    centre: Point,
    hex_layout: HexLayout,
    *,
    outline: bool = True,
    skip_edges: Iterable[int] = (),
) -> None:
    """Fill a hex with the colour for ``colour`` and outline its sides (except ``skip_edges``)."""
    corners = [(centre[0] + dx, centre[1] + dy) for dx, dy in hex_layout.corner_offsets()]
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(hex_fill_colour(colour))
    painter.drawPolygon(_polygon(corners, (0.0, 0.0)))
    if outline:
        _outline(painter, corners, hex_layout.size, skip_edges)


def _outline(painter: QPainter, corners: list[Point], size: float, skip: Iterable[int]) -> None:
    skip = set(skip)
    painter.setPen(_pen(OUTLINE, max(0.6, size * 0.015), Qt.PenCapStyle.RoundCap))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if not skip:
        painter.drawPolygon(_polygon(corners, (0.0, 0.0)))
        return
    for e in range(6):
        if e not in skip:
            painter.drawLine(_qp(corners[(e - 1) % 6]), _qp(corners[e]))


def draw_tile(
    painter: QPainter,
    tile: Tile,
    rotation: int = 0,
    tokens: Mapping[int, str] | Iterable[tuple[int, str]] | None = None,
    centre: Point = (0.0, 0.0),
    hex_layout: HexLayout | None = None,
    phase_colours: Sequence[str] = TILE_COLOURS,
    companies: Mapping[str, Company] | None = None,
    *,
    location: str | None = None,
    background: bool = True,
) -> TileLayout:
    """Draw one tile (fill, outline, track, cities, tokens, revenue, label) centred on ``centre``.

    ``tokens`` maps token space index -> company abbreviation; ``companies`` gives their
    colours. Returns the layout used, in hex-local coordinates.
    """
    hex_layout = hex_layout or HexLayout(Orientation.FLAT, 60.0)
    layout = geometry.tile_layout(tile, rotation, hex_layout.orientation, hex_layout.size, location)
    if background:
        draw_hex_background(painter, tile.colour, centre, hex_layout)
    draw_tile_content(
        painter, tile, layout, tokens, centre, phase_colours, companies, location=location
    )
    return layout


def draw_tile_content(
    painter: QPainter,
    tile: Tile,
    layout: TileLayout,
    tokens: Mapping[int, str] | Iterable[tuple[int, str]] | None,
    centre: Point,
    phase_colours: Sequence[str] = TILE_COLOURS,
    companies: Mapping[str, Company] | None = None,
    *,
    location: str | None = None,
    phase_value: int | None = None,
    zoom: float = 1.0,
) -> None:
    """Draw everything on a tile except its fill and outline.

    ``phase_value``: the revenue the hex pays in the current phase when the game gives it by
    phase name (``Game.phase_revenue``); its column is the one highlighted. ``zoom``: screen
    pixels per map pixel, for the legible size of place names."""
    R = layout.radius
    c = centre
    tokens = dict(tokens or {})
    companies = companies or {}
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)

    # Track: each piece with its casing, so crossings read as over and under. Narrow gauge is
    # a thinner dashed line, dual gauge a track with a white line along its middle; a terminal
    # path (a route must end at its node) has a bar across it.
    casing = _pen(CASING, layout.casing_width)
    black = _pen(TRACK, layout.track_width)
    for piece in layout.tracks:
        path = _polyline(piece.points, c)
        painter.strokePath(path, casing)
        if piece.gauge == "narrow":
            narrow = _pen(TRACK, layout.track_width * 0.6)
            narrow.setDashPattern([2.2, 1.1])
            painter.strokePath(path, narrow)
        else:
            painter.strokePath(path, black)
            if piece.gauge == "dual":
                painter.strokePath(path, _pen(CASING, layout.track_width * 0.3))
        if piece.terminal:
            _draw_terminal_bar(painter, piece.points, c, layout)
    for piece in layout.stubs:
        path = _polyline(piece.points, c)
        painter.strokePath(path, casing)
        painter.strokePath(path, black)
    painter.setPen(_pen(CASING, R * 0.015))
    painter.setBrush(QColor(TRACK))
    for arrow in layout.arrows:
        painter.drawPolygon(_polygon(arrow.points, c))

    draw_nodes(painter, layout, tokens, c, companies)
    _draw_tile_text(painter, tile, layout, c, phase_colours, location, phase_value, zoom)
    _draw_visit_costs(painter, tile, layout, c)


def _draw_terminal_bar(painter, points, c, layout) -> None:
    """A bar across a terminal path, halfway along it (a buffer stop)."""
    a, b = points[len(points) // 2 - 1], points[len(points) // 2]
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    half = layout.casing_width * 1.1
    px, py = -dy / n * half, dx / n * half
    painter.setPen(_pen(TRACK, layout.track_width * 1.2))
    painter.drawLine(_qp((mx + px, my + py), c), _qp((mx - px, my - py), c))


def _draw_visit_costs(painter, tile, layout, c) -> None:
    """A caption under stops whose visit uses other than one unit of distance."""
    R = layout.radius
    for node in layout.nodes:
        cost = tile.nodes[node.index].visit_cost
        if cost == 1:
            continue
        text = "free stop" if cost == 0 else ("no stop" if cost >= 99 else f"costs {cost}")
        pos = _qp((node.centre[0], node.centre[1] + R * 0.5), c)
        _halo_text(painter, pos, text, R * 0.15, bold=True, max_width=R * 1.2)


def draw_nodes(
    painter: QPainter,
    layout: TileLayout,
    tokens: Mapping[int, str],
    c: Point,
    companies: Mapping[str, Company],
) -> None:
    """Draw the cities (with their tokens) and towns of a laid-out tile."""
    R = layout.radius
    for node in layout.nodes:
        if node.kind is NodeKind.CITY:
            _draw_city(painter, node, c, R, tokens, companies)
        elif node.kind is NodeKind.TOWN:
            if node.bar is not None:
                a, b = node.bar
                painter.setPen(_pen(CASING, R * (geometry.TOWN_BAR_WIDTH + 0.04)))
                painter.drawLine(_qp(a, c), _qp(b, c))
                painter.setPen(_pen(TRACK, R * geometry.TOWN_BAR_WIDTH))
                painter.drawLine(_qp(a, c), _qp(b, c))
            else:
                painter.setPen(_pen(CASING, R * 0.025))
                painter.setBrush(QColor(TRACK))
                painter.drawEllipse(_qp(node.centre, c), node.radius, node.radius)


def _draw_tile_text(
    painter, tile, layout, c, phase_colours, location, phase_value=None, zoom=1.0
) -> None:
    R = layout.radius
    for disc in layout.revenues:
        painter.setPen(_pen("#000000", max(0.6, R * 0.012)))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(_qp(disc.centre, c), disc.radius, disc.radius)
        _text(
            painter, _qp(disc.centre, c), disc.text, disc.radius * 1.05, max_width=disc.radius * 1.8
        )
    node_revenue = {n.index: n.revenue for n in tile.nodes}
    for row in layout.phase_revenues:
        current = geometry.current_column(node_revenue[row.node], phase_colours)
        if phase_value is not None:  # revenue by phase name: the column showing that value
            values = [v for _, v in row.columns]
            current = values.index(phase_value) if phase_value in values else None
        _draw_phase_row(painter, row, c, R, current)

    # Labels and marks.
    if layout.label is not None:
        _text(painter, _qp(layout.label.centre, c), layout.label.text, layout.label.size, bold=True)
    if layout.future_label is not None:
        fl = layout.future_label
        w = geometry.text_width(fl.text, fl.size, True)
        rect = QRectF(
            c[0] + fl.centre[0] - w / 2, c[1] + fl.centre[1] - fl.size * 0.6, w, fl.size * 1.2
        )
        painter.setPen(_pen("#000000", max(0.5, R * 0.01)))
        painter.setBrush(QColor(PHASE_FILL.get(fl.colour, "#ffffff")))
        painter.drawRoundedRect(rect, fl.size * 0.2, fl.size * 0.2)
        _text(painter, _qp(fl.centre, c), fl.text, fl.size, bold=True)
    if layout.terrain is not None:
        _draw_terrain(painter, layout.terrain, c)
    for icon in layout.icons:
        _draw_icon(painter, icon, c)
    if location:
        dark = tile.colour in DARK_FILLS
        _draw_location(painter, location, _qp(layout.name_pos, c), layout.name_size, R, zoom, dark)


def _draw_city(painter, node, c, R, tokens, companies) -> None:
    line = max(0.8, R * 0.02)
    painter.setPen(_pen("#000000", line))
    painter.setBrush(QColor("#ffffff"))
    if node.outline:
        painter.drawPolygon(_polygon(node.outline, c))
    if not node.spaces:  # a city with no token space (1870): a ring around a black dot
        centre = _qp(node.centre, c)
        painter.drawEllipse(centre, node.radius * 0.6, node.radius * 0.6)
        painter.setBrush(QColor("#000000"))
        painter.drawEllipse(centre, node.radius * 0.25, node.radius * 0.25)
    for sp in node.spaces:
        centre = _qp(sp.centre, c)
        company = tokens.get(sp.index)
        painter.setPen(_pen("#000000", line if not node.outline else line * 0.7))
        if company is None:
            painter.setBrush(QColor("#ffffff"))
            painter.drawEllipse(centre, sp.radius, sp.radius)
            continue
        info = companies.get(company)
        fill = QColor(info.colour if info else "#808080")
        text_colour = QColor(info.text_colour if info else "#ffffff")
        painter.setBrush(fill)
        painter.drawEllipse(centre, sp.radius, sp.radius)
        painter.setPen(_pen("#ffffff", line * 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, sp.radius * 0.86, sp.radius * 0.86)
        size = sp.radius * (0.85 if len(company) <= 2 else 0.7)
        _text(
            painter, centre, company, size, bold=True, colour=text_colour, max_width=sp.radius * 1.6
        )


def _draw_phase_row(painter, row, c, R, current: int | None) -> None:
    centres = row.box_centres()
    w, h = row.box_width, row.box_height
    thin = max(0.6, R * 0.012)
    for i, ((colour, value), bc) in enumerate(zip(row.columns, centres, strict=True)):
        rect = QRectF(c[0] + bc[0] - w / 2, c[1] + bc[1] - h / 2, w, h)
        painter.setPen(_pen("#000000", thin))
        painter.setBrush(QColor(PHASE_FILL.get(colour, "#ffffff")))
        painter.drawRect(rect)
        _text(painter, rect.center(), str(value), h * 0.68, bold=(i == current), max_width=w * 0.92)
    if current is not None:
        bc = centres[current]
        grow = R * 0.03
        rect = QRectF(
            c[0] + bc[0] - w / 2 - grow, c[1] + bc[1] - h / 2 - grow, w + 2 * grow, h + 2 * grow
        )
        painter.setPen(_pen("#000000", R * 0.04, Qt.PenCapStyle.SquareCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)


def _draw_terrain(painter, mark, c) -> None:
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
        _text(painter, QPointF(x + w / 2, y), mark.text, s, bold=True)


def _draw_icon(painter, icon, c) -> None:
    centre = _qp(icon.centre, c)
    r = icon.size / 2
    painter.setPen(_pen("#1c3f8a", max(0.6, r * 0.1)))
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
        painter.strokePath(path, _pen("#1c3f8a", max(0.6, r * 0.16), Qt.PenCapStyle.RoundCap))
    else:
        # A value icon (1846/20) shows its number; others the start of their last path part.
        value = Icon(icon.name).value
        base = icon.name.rsplit("/", 1)[-1]
        text = (
            str(value)
            if value is not None
            else (base.upper() if len(base) <= 3 else base[:1].upper())
        )
        _text(painter, centre, text, r * 1.1, bold=True, colour="#1c3f8a", max_width=r * 1.7)


def _halo_text(
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
    font = _font(size, bold)
    fm = QFontMetricsF(font)
    w = fm.horizontalAdvance(text)
    if max_width is not None and w > max_width > 0:
        font = _font(size * max_width / w, bold)
        fm = QFontMetricsF(font)
        w = fm.horizontalAdvance(text)
    path = QPainterPath()
    baseline = centre.y() + (fm.ascent() - fm.descent()) / 2
    path.addText(QPointF(centre.x() - w / 2, baseline), font, text)
    halo_colour = QColor(halo)
    halo_colour.setAlpha(200)
    painter.strokePath(path, _pen(halo_colour, max(1.0, size * 0.22), Qt.PenCapStyle.RoundCap))
    painter.fillPath(path, QColor(colour))


def name_font_sizes(name: str, size: float, R: float, zoom: float = 1.0) -> list[float] | None:
    """Font heights (map pixels) of the lines of a place name drawn ``size`` high on a hex of
    radius ``R`` at ``zoom``: at least MIN_TEXT_PX on screen where the name fits (it may then
    be drawn a little wider), None where even the first line cannot be HIDE_TEXT_PX high."""
    wanted = max(size, MIN_TEXT_PX / zoom)
    max_width = R * (geometry.NAME_WIDTH * 1.05 if wanted == size else 1.6)
    sizes = []
    for i, line in enumerate(geometry.name_lines(name)):
        s = wanted * (1.0 if i == 0 else 0.85)
        w = QFontMetricsF(_font(s)).horizontalAdvance(line)
        sizes.append(s * min(1.0, max_width / w) if w > 0 else s)
    return sizes if sizes[0] * zoom >= HIDE_TEXT_PX else None


def _draw_location(
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
            QFontMetricsF(_font(s)).horizontalAdvance(t) for s, t in zip(sizes, lines, strict=True)
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
            _text(painter, at, line, sizes[i], colour="#202020")
        else:
            _halo_text(painter, at, line, sizes[i])


# ---------------------------------------------------------------------------------------------
# The whole map


def companies_by_abbrev(state: MapState) -> dict[str, Company]:
    """The game's companies by abbreviation, for token colours."""
    return {c.abbrev: c for c in state.game.companies}


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
) -> None:
    """Draw the map of ``state`` in map pixels (hex centres from ``hex_layout.centre``).

    ``faded_routes`` (as ``routes``) are drawn pale under the routes (the last run kept);
    ``marked`` hexes get a translucent ``mark_colour`` fill and outline (where a tile can go).

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
        _outline(painter, corners, size, geometry.invisible_edges(printed))
    for h in names:
        tile, rot = shown[h]
        layout = geometry.tile_layout(
            tile, rot, hex_layout.orientation, size, game.hexes[h].location
        )
        draw_tile_content(
            painter,
            tile,
            layout,
            state.hex_state(h).tokens,
            centres[h],
            phase_colours,
            companies,
            location=game.hexes[h].location,
            phase_value=game.revenue_in_phase(h, state.phase)
            if tile is game.hexes[h].tile
            else None,
            zoom=zoom,
        )
    drawn: set[frozenset] = set()
    for h in names:
        for mark in geometry.border_marks(game.hexes[h].tile, hex_layout.orientation, size):
            key = frozenset((h, game.neighbour(h, mark.edge) or f"{h}/{mark.edge}"))
            if key in drawn:
                continue
            drawn.add(key)
            _draw_border(painter, mark, centres[h], size)
    if coordinates:
        painter.setOpacity(1.0 if not faded else 0.6)
        text_size = min(size * 0.5, max(size * 0.24, MIN_TEXT_PX / zoom))
        for pos, text in geometry.coordinate_labels(game, hex_layout):
            _text(painter, _qp(pos), text, text_size, bold=True, colour="#404040")
    painter.setOpacity(1.0)

    if faded_routes:
        painter.setOpacity(FADED_ROUTE_OPACITY)
        draw_routes(painter, state, hex_layout, faded_routes)
        painter.setOpacity(1.0)
    if routes:
        draw_routes(painter, state, hex_layout, routes)
    if marked:
        draw_marks(painter, [centres[h] for h in names if h in marked], hex_layout, mark_colour)
    if highlight_hex is not None and highlight_hex in game.hexes:
        c = centres[highlight_hex]
        draw_selection(painter, c, hex_layout, highlight_colour or DEFAULT_HIGHLIGHT)
    painter.restore()


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
        polygon = _polygon(corners, (0.0, 0.0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen_colour, width in ((SELECTION_CASING, 0.08), (colour, 0.045)):
            painter.setPen(_pen(pen_colour, size * width, Qt.PenCapStyle.RoundCap))
            painter.drawPolygon(polygon)


def draw_selection(painter: QPainter, centre: Point, hex_layout: HexLayout, colour: str) -> None:
    """The outline of the selected hex: a ``colour`` line on a white casing edged in black,
    visible on every hex colour."""
    size = hex_layout.size
    corners = [(centre[0] + dx, centre[1] + dy) for dx, dy in hex_layout.corner_offsets()]
    polygon = _polygon(corners, (0.0, 0.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen_colour, width in (
        (SELECTION_EDGE, 0.14),
        (SELECTION_CASING, 0.1),
        (colour, 0.06),
    ):
        painter.setPen(_pen(pen_colour, size * width, Qt.PenCapStyle.RoundCap))
        painter.drawPolygon(polygon)


def _draw_border(painter, mark, c, size) -> None:
    a, b = mark.line
    painter.setPen(
        _pen(BORDER_COLOUR.get(mark.type, "#d01c1f"), size * 0.09, Qt.PenCapStyle.RoundCap)
    )
    painter.drawLine(_qp(a, c), _qp(b, c))
    if mark.cost:
        pos = _qp(mark.cost_pos, c)
        s = size * 0.16
        w = geometry.text_width(f"${mark.cost}", s) + s * 0.2
        painter.setPen(_pen(BORDER_COLOUR.get(mark.type, "#000000"), max(0.6, size * 0.012)))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(
            QRectF(pos.x() - w / 2, pos.y() - s * 0.65, w, s * 1.3), s * 0.3, s * 0.3
        )
        _text(painter, pos, f"${mark.cost}", s, bold=True)


def draw_routes(
    painter: QPainter, state: MapState, hex_layout: HexLayout, routes: Sequence[Any]
) -> None:
    """Draw routes over the map: each line on a casing (white, edged in black) so it stands
    out on every fill, the cities and towns again on top, and a ring round each stop.

    ``routes``: ``(colour, train_route)`` or ``(colour, pieces, stops)`` (see ``draw_map``).
    """
    colours = [QColor(str(r[0])) for r in routes]
    items = [r[1] if len(r) == 2 else (r[1], r[2]) for r in routes]
    overlay = geometry.route_overlay(state, hex_layout, items)
    width = overlay.width
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    # Casings first (edge, then white), then the colours: where routes meet, no casing cuts
    # across a colour.
    paths = [(line.route, _polyline(line.points, (0.0, 0.0))) for line in overlay.lines]
    cap = Qt.PenCapStyle.RoundCap
    for colour, extra in ((ROUTE_EDGE, 0.85), (ROUTE_CASING, 0.55)):
        pen = _pen(colour, width * (1.0 + extra), cap)
        for _, path in paths:
            painter.strokePath(path, pen)
    for route, path in paths:
        painter.strokePath(path, _pen(colours[route], width, cap))
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
    for colour, extra in ((ROUTE_EDGE, 0.7), (ROUTE_CASING, 0.4), (None, 0.0)):
        for ring in overlay.rings:
            pen_colour = colours[ring.route] if colour is None else QColor(colour)
            painter.setPen(_pen(pen_colour, width * (0.7 + extra), cap))
            _draw_ring(painter, ring, width)
    painter.restore()


def _draw_ring(painter: QPainter, ring, width: float) -> None:
    if ring.shape == "polygon":
        painter.drawPolygon(_polygon(ring.points, (0.0, 0.0)))
    elif ring.shape == "box":
        w, h = ring.size
        rect = QRectF(ring.centre[0] - w / 2, ring.centre[1] - h / 2, w, h)
        painter.drawRoundedRect(rect, width / 2, width / 2)
    else:
        painter.drawEllipse(_qp(ring.centre), ring.radius, ring.radius)
