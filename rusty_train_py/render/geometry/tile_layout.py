"""The layout of one tile: computed once at unit radius per (tile, rotation, orientation,
place name) and scaled, so zooming is cheap."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TypeVar, cast

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from ...base.money import DOLLARS, money
from ...grid.hexgrid import Orientation
from ...grid.tile import TILE_COLOURS, Node, NodeKind, Revenue, Tile
from .curves import _add, _corners, _Curve, _dir, _Frame, _hex_polygon, _len, _mul, _sub
from .nodes import (
    _TWELVE,
    _is_bar,
    _node_shape,
    _place_nodes,
    _Topology,
    _track_curves,
    slot_offsets,
)
from .spots import _box, _Occupancy, _place_name, _place_text, name_size, text_width
from .values import (
    ARROW_LENGTH,
    ARROW_START,
    ARROW_WIDTH,
    CASING_WIDTH,
    LABEL_SIZE,
    PHASE_BOX_HEIGHT,
    REVENUE_RADIUS,
    SLOT_RADIUS,
    STUB_LENGTH,
    TOWN_BAR_LENGTH,
    TOWN_BAR_WIDTH,
    TOWN_DOT_RADIUS,
    TRACK_WIDTH,
    IconMark,
    NodeLayout,
    OffboardArrow,
    PhaseRevenueRow,
    Point,
    RevenueDisc,
    TerrainMark,
    TileLayout,
    TokenSpaceLayout,
    TrackPiece,
    _point,
    _points,
)


def revenue_text(rev: Revenue) -> str:
    """Revenue as printed on a disc."""
    return str(rev.fixed if not rev.is_phased else rev.max_value)


def current_column(rev: Revenue, phase_colours: Sequence[str] = TILE_COLOURS) -> int | None:
    """Index of the phase column in effect (the most advanced allowed colour listed)."""
    if not rev.by_column:
        return None
    cols = [c for c, _ in rev.by_column]
    for colour in reversed(tuple(phase_colours)):
        if colour in cols:
            return cols.index(colour)
    return 0


def in_currency(layout: TileLayout, currency: str) -> TileLayout:
    """``layout`` with its laying cost written in the game's ``currency`` (base/money.py)."""
    mark = layout.terrain
    if mark is None or not mark.cost or currency == DOLLARS:
        return layout
    text = money(mark.cost, currency)
    return dataclasses.replace(layout, terrain=dataclasses.replace(mark, text=text))


def tile_layout(
    tile: Tile,
    rotation: int,
    orientation: Orientation | str,
    radius: float,
    location: str | None = None,
) -> TileLayout:
    """The layout of ``tile`` turned ``rotation`` sixths clockwise, for a hex of ``radius``.

    ``location`` (the hex's place name, if any) is given a free spot at ``name_pos``.
    """
    orientation = Orientation(orientation)
    return _scaled_layout(tile, rotation % 6, orientation, float(radius), location or None)


@lru_cache(maxsize=8192)
def _scaled_layout(
    tile: Tile, rotation: int, orientation: Orientation, radius: float, location: str | None
) -> TileLayout:
    unit = _unit_layout(tile, rotation, orientation, location)
    return unit if radius == 1.0 else _scale(unit, radius)


_T = TypeVar("_T")

_UNSCALED = frozenset({"index", "path_index", "edge", "node", "node_indices", "columns"})


def _scale(obj: _T, k: float) -> _T:
    if isinstance(obj, float):
        return cast(_T, obj * k)
    if isinstance(obj, tuple):
        return cast(_T, tuple(_scale(x, k) for x in obj))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        changes = {
            f.name: _scale(getattr(obj, f.name), k)
            for f in dataclasses.fields(obj)
            if f.name not in _UNSCALED
        }
        return dataclasses.replace(obj, **changes)
    return obj


@lru_cache(maxsize=4096)
def _unit_layout(
    tile: Tile, rotation: int, orientation: Orientation, location: str | None = None
) -> TileLayout:
    frame = _Frame(orientation, rotation)
    topo = _Topology(tile)
    placed = _place_nodes(tile, frame, topo)
    curves = _track_curves(tile, frame, placed)
    hexp = _hex_polygon(orientation)
    occ = _Occupancy(hexp)

    tracks = []
    arrows = []
    for pi, (curve, t0, t1) in curves.items():
        p = tile.paths[pi]
        pts = curve.sample(t0, t1)
        tracks.append(TrackPiece(_points(pts), pi, p.terminal, p.track))
        occ.add(LineString(pts).buffer(CASING_WIDTH / 2, 8))
        node = p.b.node if p.a.edge is not None else p.a.node
        edge = p.a.edge if p.a.edge is not None else p.b.edge
        if edge is not None and node is not None and tile.nodes[node].kind is NodeKind.OFFBOARD:
            u = frame.u(edge)
            base = _sub(frame.mid(edge), _mul(u, ARROW_START))
            tip = _sub(base, _mul(u, ARROW_LENGTH))
            perp = (-u[1], u[0])
            tri = (
                _add(base, _mul(perp, ARROW_WIDTH / 2)),
                tip,
                _sub(base, _mul(perp, ARROW_WIDTH / 2)),
            )
            arrows.append(OffboardArrow((edge + rotation) % 6, _points(tri)))
            occ.add(Polygon(tri).buffer(0.02))

    stubs = []
    for e in tile.stubs:
        m = frame.mid(e)
        pts = (m, _sub(m, _mul(frame.u(e), STUB_LENGTH)))
        stubs.append(TrackPiece(_points(pts), -1))
        occ.add(LineString(pts).buffer(CASING_WIDTH / 2))

    nodes = []
    token_index = {(sp.city, sp.slot): sp.index for sp in tile.token_spaces}
    for n in tile.nodes:
        cand = placed[n.index]
        pos = cand.pos
        if n.kind is NodeKind.CITY:
            offs = slot_offsets(n.slots, angle=cand.angle) if n.slots else []  # 0: no space
            spaces = tuple(
                TokenSpaceLayout(token_index[(n.index, s)], _point(_add(pos, o)), SLOT_RADIUS)
                for s, o in enumerate(offs)
            )
            shape = _node_shape(n.kind, n.slots, pos, False, cand.angle)
            assert shape is not None  # a city always has an outline
            outline = _points(tuple(shape.exterior.coords)[:-1]) if n.slots > 1 else ()
            nodes.append(NodeLayout(n.index, n.kind, _point(pos), SLOT_RADIUS, spaces, outline))
            occ.add(shape.buffer(0.02))
        elif n.kind is NodeKind.TOWN:
            bar = None
            if _is_bar(tile, topo, n.index):
                if cand.curve is not None:
                    tan = cand.curve.tangent(cand.t)
                else:
                    tan = _track_tangent_at(tile, curves, n.index, pos)
                perp = (-tan[1], tan[0])
                half = TOWN_BAR_LENGTH / 2
                bar = (_point(_add(pos, _mul(perp, half))), _point(_sub(pos, _mul(perp, half))))
                occ.add(LineString(bar).buffer(TOWN_BAR_WIDTH / 2 + 0.02))
                nodes.append(NodeLayout(n.index, n.kind, _point(pos), half, bar=bar))
            else:
                nodes.append(NodeLayout(n.index, n.kind, _point(pos), TOWN_DOT_RADIUS))
                occ.add(ShapelyPoint(pos).buffer(TOWN_DOT_RADIUS + 0.02))
        else:
            nodes.append(NodeLayout(n.index, n.kind, _point(pos), 0.0))

    # Revenue: phase rows for phased revenue, discs for the rest (one disc when all equal).
    revenues: list[RevenueDisc] = []
    rows: list[PhaseRevenueRow] = []
    for n in tile.nodes:
        if n.is_revenue_centre and n.revenue.is_phased and not n.hidden:
            cols = n.revenue.by_column
            bw = max(0.27, max(text_width(str(v), 0.17) for _, v in cols) + 0.04)
            width = bw * len(cols)
            pos = placed[n.index].pos
            offsets = [(0.0, 0.0), (0.0, -0.22), (0.0, 0.22), (0.0, -0.4), (0.0, 0.4)]
            spots = [_add(pos, o) for o in offsets]
            i = occ.pick([_box(s, width, PHASE_BOX_HEIGHT) for s in spots])
            rows.append(PhaseRevenueRow(_point(spots[i]), bw, PHASE_BOX_HEIGHT, cols, n.index))
            occ.add(_box(spots[i], width + 0.04, PHASE_BOX_HEIGHT + 0.04))
    name_pos = _place_name(occ, location)
    plain = [
        n
        for n in tile.nodes
        if n.is_revenue_centre and not n.revenue.is_phased and not n.hidden and n.revenue.fixed > 0
    ]
    groups: list[list[Node]] = []
    cities = [n for n in plain if n.kind is NodeKind.CITY]
    if len(cities) > 1 and len({n.revenue.fixed for n in cities}) == 1:
        groups = [cities] + [[n] for n in plain if n.kind is not NodeKind.CITY]
    else:
        groups = [[n] for n in plain]
    for group in groups:
        text = revenue_text(group[0].revenue)
        spots = []
        prefs: list[float] = []
        for n in group:
            pos = placed[n.index].pos
            ext = _node_extent(tile, n.index, nodes)
            for d, pref in ((ext + REVENUE_RADIUS + 0.03, 0.0), (ext + REVENUE_RADIUS + 0.12, 0.3)):
                for k in _TWELVE:
                    spots.append(_add(pos, _mul(_dir(math.radians(180 + 30 * k * 2)), d)))
                    prefs.append(pref + 0.01 * len(prefs) / 24)
        if len(group) > 1 or not spots:
            for k in _TWELVE:
                spots.append(_mul(_dir(math.radians(30 * k * 2)), 0.6))
                prefs.append(0.5)
        shapes = [ShapelyPoint(s).buffer(REVENUE_RADIUS, 16) for s in spots]
        i = occ.pick(shapes, prefs)
        revenues.append(
            RevenueDisc(_point(spots[i]), REVENUE_RADIUS, text, tuple(n.index for n in group))
        )
        occ.add(shapes[i].buffer(0.02))

    label = None
    if tile.label:
        label = _place_text(occ, orientation, tile.label, LABEL_SIZE, bold=True)
    future = None
    if tile.future_label and tile.future_label[0]:
        future = _place_text(
            occ,
            orientation,
            tile.future_label[0],
            LABEL_SIZE * 0.6,
            bold=True,
            colour=tile.future_label[1],
            dist=0.62,
        )
    terrain = None
    if tile.upgrade_cost or tile.terrain:
        text = f"${tile.upgrade_cost}" if tile.upgrade_cost else ""
        size = 0.17
        w = text_width(text, size) + 0.22 * len(tile.terrain)
        spots = [_mul(_dir(math.radians(a)), d) for d in (0.55, 0.45) for a in range(0, 360, 30)]
        prefs = [0.02 * abs(math.sin(math.radians(a))) for _ in (0, 1) for a in range(0, 360, 30)]
        i = occ.pick([_box(s, w, size * 1.3) for s in spots], prefs)
        terrain = TerrainMark(
            _point(spots[i]), tuple(tile.terrain), text, size, tile.upgrade_cost or 0
        )
        occ.add(_box(spots[i], w, size * 1.3))
    icons = []
    for name in tile.icons:
        spots = [_mul(_dir(math.radians(a)), 0.55) for a in range(0, 360, 30)]
        i = occ.pick([ShapelyPoint(s).buffer(0.14) for s in spots])
        icons.append(IconMark(_point(spots[i]), name, 0.28))
        occ.add(ShapelyPoint(spots[i]).buffer(0.16))

    return TileLayout(
        radius=1.0,
        corners=_points(_corners(orientation)),
        tracks=tuple(tracks),
        stubs=tuple(stubs),
        nodes=tuple(nodes),
        revenues=tuple(revenues),
        phase_revenues=tuple(rows),
        arrows=tuple(arrows),
        label=label,
        future_label=future,
        terrain=terrain,
        icons=tuple(icons),
        name_pos=name_pos,
        name_size=name_size(location),
        track_width=TRACK_WIDTH,
        casing_width=CASING_WIDTH,
    )


def _node_extent(tile: Tile, index: int, nodes: Iterable[NodeLayout]) -> float:
    node = tile.nodes[index]
    if node.kind is NodeKind.CITY:
        return max(_len(o) for o in slot_offsets(node.slots)) + SLOT_RADIUS
    if node.kind is NodeKind.TOWN:
        for n in nodes:
            if n.index == index:
                return n.radius if n.bar is not None else TOWN_DOT_RADIUS
    return 0.1


def _track_tangent_at(
    tile: Tile, curves: Mapping[int, tuple[_Curve, float, float]], node: int, pos: Point
) -> Point:
    for pi, (curve, t0, t1) in curves.items():
        p = tile.paths[pi]
        if node in (p.a.node, p.b.node):
            a, b = curve.at(t0), curve.at(t1)
            d = _sub(b, a)
            n = _len(d) or 1.0
            return (d[0] / n, d[1] / n)
    return (1.0, 0.0)
