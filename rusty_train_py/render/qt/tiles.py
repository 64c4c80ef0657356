"""QPainter drawing of one tile: fill, outline, track, cities with their tokens, towns,
revenue, labels, marks and the place name. The shapes come from render/geometry."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from ...gamedata.game import Company
from ...grid.hexgrid import HexLayout, Orientation
from ...grid.tile import TILE_COLOURS, NodeKind, Tile
from ...mapstate.state import MapState
from .. import geometry
from ..colours import CASING, DARK_FILLS, HEX_FILL, OUTLINE, PHASE_FILL, TRACK
from ..geometry import NodeLayout, Point, TileLayout
from .labels import draw_location, draw_values
from .primitives import draw_text, halo_text, make_pen, path_through, qpoint, qpolygon
from .tile_marks import draw_icon, draw_terrain


def companies_by_abbrev(state: MapState) -> dict[str, Company]:
    """The game's companies by abbreviation, for token colours."""
    return {c.abbrev: c for c in state.game.companies}


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
    painter.drawPolygon(qpolygon(corners, (0.0, 0.0)))
    if outline:
        draw_outline(painter, corners, hex_layout.size, skip_edges)


def draw_outline(painter: QPainter, corners: list[Point], size: float, skip: Iterable[int]) -> None:
    skip = set(skip)
    painter.setPen(make_pen(OUTLINE, max(0.6, size * 0.015), Qt.PenCapStyle.RoundCap))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if not skip:
        painter.drawPolygon(qpolygon(corners, (0.0, 0.0)))
        return
    for e in range(6):
        if e not in skip:
            painter.drawLine(qpoint(corners[(e - 1) % 6]), qpoint(corners[e]))


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
    name: bool = True,
) -> TileLayout:
    """Draw one tile (fill, outline, track, cities, tokens, revenue, label) centred on ``centre``.

    ``tokens`` maps token space index -> company abbreviation; ``companies`` gives their
    colours; ``name`` False leaves out the place name (a ghost over a map that names it).
    Returns the layout used, in hex-local coordinates.
    """
    hex_layout = hex_layout or HexLayout(Orientation.FLAT, 60.0)
    layout = geometry.tile_layout(tile, rotation, hex_layout.orientation, hex_layout.size, location)
    if background:
        draw_hex_background(painter, tile.colour, centre, hex_layout)
    shown = location if name else None
    draw_tile_content(
        painter, tile, layout, tokens, centre, phase_colours, companies, location=shown
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
    labels: bool = True,
    extra: tuple[tuple[int, str], ...] = (),
) -> None:
    """Draw everything on a tile except its fill and outline.

    ``phase_value``: the revenue the hex pays in the current phase when the game gives it by
    phase name (``Game.phase_revenue``); its column is the one highlighted. ``zoom``: screen
    pixels per map pixel, for the legible size of place names. ``labels`` False leaves out
    the revenue discs, phase rows and place name (the map draws them last, over routes).
    ``extra``: the tokens in the cities' extra slots, ``(city, company)``, drawn beside them."""
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
    casing = make_pen(CASING, layout.casing_width)
    black = make_pen(TRACK, layout.track_width)
    for piece in layout.tracks:
        path = path_through(piece.points, c)
        painter.strokePath(path, casing)
        if piece.gauge == "narrow":
            narrow = make_pen(TRACK, layout.track_width * 0.6)
            narrow.setDashPattern([2.2, 1.1])
            painter.strokePath(path, narrow)
        else:
            painter.strokePath(path, black)
            if piece.gauge == "dual":
                painter.strokePath(path, make_pen(CASING, layout.track_width * 0.3))
        if piece.terminal:
            _draw_terminal_bar(painter, piece.points, c, layout)
    for piece in layout.stubs:
        path = path_through(piece.points, c)
        painter.strokePath(path, casing)
        painter.strokePath(path, black)
    painter.setPen(make_pen(CASING, R * 0.015))
    painter.setBrush(QColor(TRACK))
    for arrow in layout.arrows:
        painter.drawPolygon(qpolygon(arrow.points, c))

    draw_nodes(painter, layout, tokens, c, companies)
    line = max(0.8, R * 0.02)
    for centre, radius, company in geometry.extra_token_spots(tile, layout, extra):
        # a dashed ring round it says it takes no space of the city
        pen = make_pen("#000000", line)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(qpoint(centre, c), radius * 1.18, radius * 1.18)
        _draw_token(painter, qpoint(centre, c), radius, company, companies, line)
    _draw_tile_text(painter, tile, layout, c, phase_colours, location, phase_value, zoom, labels)
    _draw_visit_costs(painter, tile, layout, c)


def _draw_terminal_bar(
    painter: QPainter, points: Sequence[Point], c: Point, layout: TileLayout
) -> None:
    """A bar across a terminal path, halfway along it (a buffer stop)."""
    a, b = points[len(points) // 2 - 1], points[len(points) // 2]
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    half = layout.casing_width * 1.1
    px, py = -dy / n * half, dx / n * half
    painter.setPen(make_pen(TRACK, layout.track_width * 1.2))
    painter.drawLine(qpoint((mx + px, my + py), c), qpoint((mx - px, my - py), c))


def _draw_visit_costs(painter: QPainter, tile: Tile, layout: TileLayout, c: Point) -> None:
    """A caption under stops whose visit uses other than one unit of distance."""
    R = layout.radius
    for node in layout.nodes:
        cost = tile.nodes[node.index].visit_cost
        if cost == 1:
            continue
        text = "free stop" if cost == 0 else ("no stop" if cost >= 99 else f"costs {cost}")
        pos = qpoint((node.centre[0], node.centre[1] + R * 0.5), c)
        halo_text(painter, pos, text, R * 0.15, bold=True, max_width=R * 1.2)


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
                painter.setPen(make_pen(CASING, R * (geometry.TOWN_BAR_WIDTH + 0.04)))
                painter.drawLine(qpoint(a, c), qpoint(b, c))
                painter.setPen(make_pen(TRACK, R * geometry.TOWN_BAR_WIDTH))
                painter.drawLine(qpoint(a, c), qpoint(b, c))
            else:
                painter.setPen(make_pen(CASING, R * 0.025))
                painter.setBrush(QColor(TRACK))
                painter.drawEllipse(qpoint(node.centre, c), node.radius, node.radius)


def _draw_tile_text(
    painter: QPainter,
    tile: Tile,
    layout: TileLayout,
    c: Point,
    phase_colours: Sequence[str],
    location: str | None,
    phase_value: int | None = None,
    zoom: float = 1.0,
    labels: bool = True,
) -> None:
    R = layout.radius
    if labels:
        draw_values(
            painter, tile, layout.revenues, layout.phase_revenues, c, R, phase_colours, phase_value
        )
    # Labels and marks.
    if layout.label is not None:
        draw_text(
            painter, qpoint(layout.label.centre, c), layout.label.text, layout.label.size, bold=True
        )
    if layout.future_label is not None:
        fl = layout.future_label
        w = geometry.text_width(fl.text, fl.size, True)
        rect = QRectF(
            c[0] + fl.centre[0] - w / 2, c[1] + fl.centre[1] - fl.size * 0.6, w, fl.size * 1.2
        )
        painter.setPen(make_pen("#000000", max(0.5, R * 0.01)))
        painter.setBrush(QColor(PHASE_FILL.get(fl.colour, "#ffffff")))
        painter.drawRoundedRect(rect, fl.size * 0.2, fl.size * 0.2)
        draw_text(painter, qpoint(fl.centre, c), fl.text, fl.size, bold=True)
    if layout.terrain is not None:
        draw_terrain(painter, layout.terrain, c)
    for icon in layout.icons:
        draw_icon(painter, icon, c)
    if labels and location:
        draw_location(painter, location, layout, c, zoom, tile.colour in DARK_FILLS)


def _draw_city(
    painter: QPainter,
    node: NodeLayout,
    c: Point,
    R: float,
    tokens: Mapping[int, str],
    companies: Mapping[str, Company],
) -> None:
    line = max(0.8, R * 0.02)
    painter.setPen(make_pen("#000000", line))
    painter.setBrush(QColor("#ffffff"))
    if node.outline:
        painter.drawPolygon(qpolygon(node.outline, c))
    if not node.spaces:  # a city with no token space (1870): a ring around a black dot
        centre = qpoint(node.centre, c)
        painter.drawEllipse(centre, node.radius * 0.6, node.radius * 0.6)
        painter.setBrush(QColor("#000000"))
        painter.drawEllipse(centre, node.radius * 0.25, node.radius * 0.25)
    for sp in node.spaces:
        centre = qpoint(sp.centre, c)
        company = tokens.get(sp.index)
        painter.setPen(make_pen("#000000", line if not node.outline else line * 0.7))
        if company is None:
            painter.setBrush(QColor("#ffffff"))
            painter.drawEllipse(centre, sp.radius, sp.radius)
            continue
        _draw_token(painter, centre, sp.radius, company, companies, line)


def _draw_token(
    painter: QPainter,
    centre: QPointF,
    radius: float,
    company: str,
    companies: Mapping[str, Company],
    line: float,
) -> None:
    """One company's token: a disc of its colour, a white ring, its abbreviation."""
    info = companies.get(company)
    fill = QColor(info.colour if info else "#808080")
    text_colour = QColor(info.text_colour if info else "#ffffff")
    painter.setPen(make_pen("#000000", line))
    painter.setBrush(fill)
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(make_pen("#ffffff", line * 0.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, radius * 0.86, radius * 0.86)
    size = radius * (0.85 if len(company) <= 2 else 0.7)
    draw_text(painter, centre, company, size, bold=True, colour=text_colour, max_width=radius * 1.6)
