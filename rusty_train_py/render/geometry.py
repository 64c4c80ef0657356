"""Qt-free layout of a tile in hex-local coordinates: track, cities, towns, revenues, labels.

Coordinates are screen pixels relative to the hex centre, y pointing down; ``radius`` is the
hex's centre-to-corner radius. Edges follow :mod:`rusty_train_py.hexgrid` (flat: edge 0 is
the bottom; pointy: edge 0 is the lower left; both clockwise). The layout is computed once at
unit radius per (tile, rotation, orientation) and scaled, so zooming is cheap.

Placement of revenue centres: a lone centre sits in the middle (a lone town on a two-edge
track sits on the track's curve); several centres are spread along their own track, toward
their single edge, or toward ``loc``; a small search picks the combination whose cities do
not overlap each other or foreign track. Free spots for revenue discs, labels, terrain marks
and names are chosen with shapely by least overlap with what is already drawn.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.prepared import prep

from ..hexgrid import SQRT3, HexLayout, Orientation, coord_to_name, edge_angle
from ..tile import TILE_COLOURS, NodeKind, Revenue, Tile

Point = tuple[float, float]

# Sizes in units of the hex radius (centre to corner).
INRADIUS = SQRT3 / 2.0
TRACK_WIDTH = 0.085
CASING_WIDTH = 0.14
SLOT_RADIUS = 0.25
TOWN_BAR_LENGTH = 0.36
TOWN_BAR_WIDTH = 0.1
TOWN_DOT_RADIUS = 0.1
REVENUE_RADIUS = 0.16
LABEL_SIZE = 0.3  # label font height
NAME_SIZE = 0.15  # location name font height
PHASE_BOX_HEIGHT = 0.26
STUB_LENGTH = 0.3
ARROW_LENGTH = 0.2
ARROW_WIDTH = 0.26
ARROW_START = 0.26  # track length from the edge to the arrow's base
LOC_DISTANCE = 0.5
ROUTE_WIDTH = 0.13


# ---------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True, slots=True)
class TrackPiece:
    """One drawn piece of track: a polyline, and the index of its path in ``tile.paths``.

    ``path_index`` is -1 for a stub. ``terminal`` marks a path that ends a route.
    """

    points: tuple[Point, ...]
    path_index: int
    terminal: bool = False


@dataclass(frozen=True, slots=True)
class TokenSpaceLayout:
    """A token space: its index in ``tile.token_spaces``, centre and radius."""

    index: int
    centre: Point
    radius: float


@dataclass(frozen=True, slots=True)
class NodeLayout:
    """A drawn node. Cities have ``spaces`` and an ``outline`` (the white body around the
    spaces); towns have a ``bar`` (two end points) or, with ``bar`` None, are a dot of
    ``radius``; off-boards and junctions draw nothing themselves."""

    index: int
    kind: NodeKind
    centre: Point
    radius: float
    spaces: tuple[TokenSpaceLayout, ...] = ()
    outline: tuple[Point, ...] = ()
    bar: tuple[Point, Point] | None = None


@dataclass(frozen=True, slots=True)
class RevenueDisc:
    """A white revenue disc; ``node_indices``: the nodes it stands for."""

    centre: Point
    radius: float
    text: str
    node_indices: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PhaseRevenueRow:
    """Off-board revenues by phase: a row of boxes, ``columns`` = (colour, value)."""

    centre: Point
    box_width: float
    box_height: float
    columns: tuple[tuple[str, int], ...]
    node: int = 0

    def box_centres(self) -> list[Point]:
        """Centre of each column's box, left to right."""
        n = len(self.columns)
        x0 = self.centre[0] - self.box_width * (n - 1) / 2.0
        return [(x0 + i * self.box_width, self.centre[1]) for i in range(n)]


@dataclass(frozen=True, slots=True)
class TextItem:
    """A piece of text centred on ``centre``, ``size`` high."""

    centre: Point
    text: str
    size: float  # font height
    colour: str = ""


@dataclass(frozen=True, slots=True)
class TerrainMark:
    """A laying cost: ``kinds`` ("mountain", "water") drawn as small icons, then ``text``."""

    centre: Point
    kinds: tuple[str, ...]
    text: str
    size: float


@dataclass(frozen=True, slots=True)
class OffboardArrow:
    """An arrow where off-board track meets the hex side."""

    edge: int  # screen edge (after rotation)
    points: tuple[Point, ...]  # a filled triangle


@dataclass(frozen=True, slots=True)
class IconMark:
    """A small symbol such as a port."""

    centre: Point
    name: str
    size: float


@dataclass(frozen=True, slots=True)
class TileLayout:
    """Everything needed to draw one tile (or printed hex) in hex-local coordinates."""

    radius: float
    corners: tuple[Point, ...]
    tracks: tuple[TrackPiece, ...]
    stubs: tuple[TrackPiece, ...]
    nodes: tuple[NodeLayout, ...]
    revenues: tuple[RevenueDisc, ...]
    phase_revenues: tuple[PhaseRevenueRow, ...]
    arrows: tuple[OffboardArrow, ...]
    label: TextItem | None
    future_label: TextItem | None
    terrain: TerrainMark | None
    icons: tuple[IconMark, ...]
    name_pos: Point
    name_size: float
    track_width: float
    casing_width: float

    def node(self, index: int) -> NodeLayout | None:
        """The layout of node ``index`` (None for nodes not drawn)."""
        for n in self.nodes:
            if n.index == index:
                return n
        return None

    def token_space_at(self, point: Point) -> int | None:
        """Index into ``tile.token_spaces`` of the space under ``point``, or None."""
        return token_space_at(self, point)


@dataclass(frozen=True, slots=True)
class BorderMark:
    """A special hex side of a printed hex: type "impassable", "water" or "mountain"."""

    edge: int
    type: str
    cost: int
    line: tuple[Point, Point]
    cost_pos: Point


# ---------------------------------------------------------------------------------------------
# Curves


def _add(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1])


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _mul(a: Point, k: float) -> Point:
    return (a[0] * k, a[1] * k)


def _len(a: Point) -> float:
    return math.hypot(a[0], a[1])


def _dir(angle: float) -> Point:
    return (math.cos(angle), math.sin(angle))


@dataclass(frozen=True, slots=True)
class _Curve:
    kind: str  # "line" | "arc" | "bezier"
    data: tuple

    def at(self, t: float) -> Point:
        if self.kind == "line":
            p0, p1 = self.data
            return (p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t)
        if self.kind == "arc":
            c, rho, a0, sweep = self.data
            a = a0 + sweep * t
            return (c[0] + rho * math.cos(a), c[1] + rho * math.sin(a))
        p0, p1, p2, p3 = self.data
        s = 1.0 - t
        return (
            s**3 * p0[0] + 3 * s * s * t * p1[0] + 3 * s * t * t * p2[0] + t**3 * p3[0],
            s**3 * p0[1] + 3 * s * s * t * p1[1] + 3 * s * t * t * p2[1] + t**3 * p3[1],
        )

    def tangent(self, t: float) -> Point:
        eps = 1e-4
        a = self.at(max(0.0, t - eps))
        b = self.at(min(1.0, t + eps))
        d = _sub(b, a)
        n = _len(d) or 1.0
        return (d[0] / n, d[1] / n)

    def sample(self, t0: float = 0.0, t1: float = 1.0) -> tuple[Point, ...]:
        if self.kind == "line":
            return (self.at(t0), self.at(t1))
        if self.kind == "arc":
            steps = max(2, math.ceil(abs(self.data[3] * (t1 - t0)) / math.radians(3.0)))
        else:
            steps = 24
        return tuple(self.at(t0 + (t1 - t0) * i / steps) for i in range(steps + 1))


def _line(p0: Point, p1: Point) -> _Curve:
    return _Curve("line", (p0, p1))


class _Frame:
    """Directions of a tile's edges in one rotation and orientation (unit radius)."""

    def __init__(self, orientation: Orientation, rotation: int):
        self.orientation = orientation
        self.rotation = rotation % 6

    def screen_edge(self, edge: float) -> float:
        return edge + self.rotation

    def u(self, edge: float) -> Point:
        """Unit vector toward tile edge ``edge`` (fractional: a corner)."""
        return _dir(edge_angle(self.orientation, self.screen_edge(edge)))

    def mid(self, edge: int) -> Point:
        return _mul(self.u(edge), INRADIUS)

    def edge_curve(self, ea: int, eb: int) -> _Curve:
        """Track from edge ``ea`` to edge ``eb``: straight, gentle arc or sharp arc."""
        d = (eb - ea) % 6
        ma, mb = self.mid(ea), self.mid(eb)
        if d == 3:
            return _line(ma, mb)
        if d in (1, 5):
            corner = ea + 0.5 if d == 1 else ea - 0.5
            centre = self.u(corner)  # at distance 1 (the corner)
            rho = 0.5
        else:
            middle = ea + 1 if d == 2 else ea - 1
            centre = _mul(self.u(middle), 2 * INRADIUS)
            rho = 1.5
        a0 = math.atan2(ma[1] - centre[1], ma[0] - centre[0])
        a1 = math.atan2(mb[1] - centre[1], mb[0] - centre[0])
        sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        return _Curve("arc", (centre, rho, a0, sweep))

    def edge_to_point(self, edge: int, p: Point) -> _Curve:
        """Track from the middle of ``edge`` to point ``p``, leaving the edge square."""
        m = self.mid(edge)
        inward = _mul(self.u(edge), -1.0)
        to_p = _sub(p, m)
        dist = _len(to_p)
        if dist < 1e-9:
            return _line(m, p)
        cross = inward[0] * to_p[1] - inward[1] * to_p[0]
        if abs(cross) / dist < 0.02:
            return _line(m, p)
        p1 = _add(m, _mul(inward, dist * 0.5))
        p2 = _add(p, _mul(_sub(p1, p), 0.25))
        return _Curve("bezier", (m, p1, p2, p))


# ---------------------------------------------------------------------------------------------
# Node placement


@dataclass(frozen=True, slots=True)
class _Cand:
    pos: Point
    cost: float
    curve: _Curve | None = None  # placed on this edge-to-edge curve ...
    t: float = 0.5  # ... at this parameter
    edges: tuple[int, int] | None = None  # (edge at t=0, edge at t=1)
    angle: float = 0.0  # degrees: a two-space city turned from side by side


def slot_offsets(slots: int, s: float = SLOT_RADIUS, angle: float = 0.0) -> list[Point]:
    """Centres of a city's token spaces relative to the city centre (touching circles).

    Two spaces sit side by side, turned ``angle`` degrees clockwise.
    """
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        d = _mul(_dir(math.radians(angle)), s)
        return [(-d[0], -d[1]), d]
    if slots == 3:
        h = 2 * s / SQRT3
        return [(0.0, -h), (s, h / 2), (-s, h / 2)]
    if slots == 4:
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    rho = s / math.sin(math.pi / slots)
    return [_mul(_dir(-math.pi / 2 + 2 * math.pi * i / slots), rho) for i in range(slots)]


def _node_shape(kind: NodeKind, slots: int, pos: Point, bar: bool, angle: float = 0.0):
    """The outline a node covers (for overlap tests), or None for nodes not drawn."""
    unit = _unit_node_shape(kind, slots, bar, angle)
    if unit is None:
        return None
    return shapely.transform(unit, lambda xy: xy + np.asarray(pos))


@lru_cache(maxsize=256)
def _unit_node_shape(kind: NodeKind, slots: int, bar: bool, angle: float):
    if kind is NodeKind.CITY:
        circles = [
            ShapelyPoint(o).buffer(SLOT_RADIUS, 12) for o in slot_offsets(slots, angle=angle)
        ]
        return shapely.unary_union(circles).convex_hull
    if kind is NodeKind.TOWN:
        r = TOWN_BAR_LENGTH / 2 if bar else TOWN_DOT_RADIUS
        return ShapelyPoint(0.0, 0.0).buffer(r, 12)
    return None


def _hex_polygon(orientation: Orientation, radius: float = 1.0) -> Polygon:
    return Polygon(_corners(orientation, radius))


def _corners(orientation: Orientation, radius: float = 1.0) -> list[Point]:
    return [_mul(_dir(edge_angle(orientation, k + 0.5)), radius) for k in range(6)]


class _Topology:
    """Which edges and nodes each node's own track touches."""

    def __init__(self, tile: Tile):
        self.edges: dict[int, list[int]] = {n.index: [] for n in tile.nodes}
        self.links: dict[int, list[int]] = {n.index: [] for n in tile.nodes}
        for p in tile.paths:
            a, b = p.a, p.b
            if a.node is not None and b.edge is not None:
                self.edges[a.node].append(b.edge)
            elif b.node is not None and a.edge is not None:
                self.edges[b.node].append(a.edge)
            elif a.node is not None and b.node is not None:
                self.links[a.node].append(b.node)
                self.links[b.node].append(a.node)

    def degree(self, node: int) -> int:
        return len(self.edges[node]) + len(self.links[node])


_TWELVE = [k / 2.0 for k in range(12)]  # edge and corner directions, in edge units


def _candidates(tile: Tile, frame: _Frame, topo: _Topology, node_index: int) -> list[_Cand]:
    out = _base_candidates(tile, frame, topo, node_index)
    node = tile.nodes[node_index]
    if node.kind is NodeKind.CITY and node.slots == 2 and len(tile.revenue_centres) > 1:
        out += [
            dataclasses.replace(c, angle=float(a), cost=c.cost + 1.5)
            for a in (90, 30, 150, 60, 120)
            for c in out
            if c.curve is None and _len(c.pos) > 0.2
        ]
    return out


def _base_candidates(tile: Tile, frame: _Frame, topo: _Topology, node_index: int) -> list[_Cand]:
    node = tile.nodes[node_index]
    centres = [n for n in tile.nodes if n.is_revenue_centre]
    single = len(centres) <= 1
    edges = sorted(set(topo.edges[node.index]))
    out: list[_Cand] = []

    def on_curve(ts: Sequence[tuple[float, float]]) -> None:
        ea, eb = edges
        curve = frame.edge_curve(ea, eb)
        for t, cost in ts:
            out.append(_Cand(curve.at(t), cost, curve, t, (ea, eb)))

    def around(dists: Sequence[tuple[float, float]]) -> None:
        for d, cost in dists:
            for k in _TWELVE:
                out.append(_Cand(_mul(frame.u(k), d), cost))

    if node.kind is NodeKind.JUNCTION:
        return [_Cand((0.0, 0.0), 0.0)]
    if node.loc is not None:
        direction = frame.u(node.loc)
        if len(edges) == 2 and (edges[1] - edges[0]) % 6 != 3:
            curve = frame.edge_curve(edges[0], edges[1])
            mid = curve.at(0.5)
            if _len(mid) > 1e-6:
                cosang = (mid[0] * direction[0] + mid[1] * direction[1]) / _len(mid)
                if cosang > 0.99:
                    on_curve([(0.5, 0.0)])
                    return out
        for d, cost in ((LOC_DISTANCE, 0.0), (0.4, 2.0), (0.6, 3.0)):
            out.append(_Cand(_mul(direction, d), cost))
        return out
    if node.kind is NodeKind.OFFBOARD:
        return [_Cand((0.0, 0.0), 0.0)]
    if single:
        if len(edges) == 2 and node.kind is NodeKind.TOWN and topo.degree(node.index) == 2:
            on_curve([(0.5, 0.0), (0.4, 2.0), (0.6, 2.0)])
        else:
            out.append(_Cand((0.0, 0.0), 0.0))
            around([(0.3, 5.0)])
        return out
    if not edges and not topo.links[node.index]:
        free = [n.index for n in centres if not topo.edges[n.index] and not topo.links[n.index]]
        k = len(free)
        i = free.index(node.index)
        d = 0.45 if node.kind is NodeKind.CITY else 0.4
        if k == 1:
            out.append(_Cand((0.0, 0.0), 0.0))
            around([(0.35, 3.0)])
        else:
            base = math.pi + 2 * math.pi * i / k
            for j, cost in ((0, 0.0), (1, 2.0), (-1, 2.0)):
                out.append(_Cand(_mul(_dir(base + j * math.pi / 6), d), cost))
        return out
    if len(edges) == 1:
        u = frame.u(edges[0])
        for d, cost in ((0.45, 0.0), (0.35, 1.0), (0.55, 1.0), (0.25, 2.0)):
            out.append(_Cand(_mul(u, d), cost))
        for k in (edges[0] - 0.5, edges[0] + 0.5):
            out.append(_Cand(_mul(frame.u(k), 0.45), 4.0))
        return out
    if len(edges) == 2:
        straight = (edges[1] - edges[0]) % 6 == 3
        if straight:
            on_curve([(0.5, 0.0), (0.35, 1.0), (0.65, 1.0), (0.25, 2.0), (0.75, 2.0)])
        else:
            on_curve([(0.5, 0.0), (0.35, 1.0), (0.65, 1.0), (0.2, 2.0), (0.8, 2.0)])
        around([(0.45, 6.0), (0.3, 6.5)])
        return out
    vecs = [frame.u(e) for e in edges]
    m = (sum(v[0] for v in vecs) / len(vecs), sum(v[1] for v in vecs) / len(vecs))
    if _len(m) > 0.05:
        out.append(_Cand(_mul(m, 0.3 / _len(m)), 0.0))
        out.append(_Cand((0.0, 0.0), 1.0))
    else:
        out.append(_Cand((0.0, 0.0), 0.0))
    around([(0.3, 3.0), (0.45, 4.0)])
    return out


def _is_bar(tile: Tile, topo: _Topology, node_index: int) -> bool:
    return tile.nodes[node_index].kind is NodeKind.TOWN and topo.degree(node_index) in (1, 2)


CLASH = 1000.0  # cities or towns overlapping, or poking out of the hex
FOREIGN_TRACK = 60.0  # a city or town drawn over track that is not its own


def _place_nodes(tile: Tile, frame: _Frame, topo: _Topology) -> dict[int, _Cand]:
    """Choose a position for every node (see the module docstring).

    Branch and bound over the nodes' candidate positions: a candidate's own cost, plus
    penalties for overlapping another node, leaving the hex, or covering track that is not
    its own (edge-to-edge track, or another node's track at that node's candidate).
    """
    nodes = list(tile.nodes)
    if not nodes:
        return {}
    cands = [_candidates(tile, frame, topo, n.index) for n in nodes]
    hexp = prep(_hex_polygon(frame.orientation).buffer(-0.04))
    shapes = [
        [_node_shape(n.kind, n.slots, c.pos, _is_bar(tile, topo, n.index), c.angle) for c in cs]
        for n, cs in zip(nodes, cands, strict=True)
    ]
    through = [
        _track_lines([(frame.edge_curve(p.a.edge, p.b.edge), 0.0, 1.0)])
        for p in tile.paths
        if p.a.edge is not None and p.b.edge is not None
    ]
    through_union = shapely.unary_union(through) if through else None
    half = TRACK_WIDTH / 2
    unary = []
    for i, cs in enumerate(cands):
        row = []
        for j, c in enumerate(cs):
            shape = shapes[i][j]
            cost = c.cost
            if shape is not None:
                if not hexp.contains(shape):
                    cost += CLASH
                if through_union is not None and shapely.dwithin(through_union, shape, half):
                    cost += FOREIGN_TRACK
            row.append(cost)
        unary.append(row)
    order = [sorted(range(len(cs)), key=lambda j, i=i: unary[i][j]) for i, cs in enumerate(cands)]
    own_cache: dict[tuple, object] = {}

    def own_tracks(i: int, j: int):
        c = cands[i][j]
        key = (i, c.pos, c.t, c.edges)
        if key not in own_cache:
            pieces = _node_track_curves(tile, frame, nodes[i].index, c)
            own_cache[key] = _track_lines(pieces) if pieces else None
        return own_cache[key]

    pair_cache: dict[tuple[int, int, int, int], float] = {}

    def pair(i: int, ci: int, j: int, cj: int) -> float:
        key = (i, ci, j, cj)
        if key not in pair_cache:
            a, b = shapes[i][ci], shapes[j][cj]
            cost = 0.0
            if a is not None and b is not None and shapely.dwithin(a, b, 0.04):
                cost += CLASH
            if cost < CLASH:
                ti, tj = own_tracks(i, ci), own_tracks(j, cj)
                if a is not None and tj is not None and shapely.dwithin(tj, a, half):
                    cost += FOREIGN_TRACK
                if b is not None and ti is not None and shapely.dwithin(ti, b, half):
                    cost += FOREIGN_TRACK
            pair_cache[key] = cost
        return pair_cache[key]

    n = len(nodes)
    rest_bound = [0.0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest_bound[i] = rest_bound[i + 1] + min(unary[i])
    best_cost = math.inf
    best: list[int] = [order[i][0] for i in range(n)]
    chosen: list[int] = []

    def search(i: int, cost: float) -> None:
        nonlocal best_cost, best
        if i == n:
            if cost < best_cost:
                best_cost, best = cost, list(chosen)
            return
        for j in order[i]:
            c = cost + unary[i][j]
            if c + rest_bound[i + 1] >= best_cost:
                break  # candidates are sorted by unary cost
            for k, ck in enumerate(chosen):
                c += pair(k, ck, i, j)
                if c + rest_bound[i + 1] >= best_cost:
                    break
            else:
                chosen.append(j)
                search(i + 1, c)
                chosen.pop()

    search(0, 0.0)
    return {nodes[i].index: cands[i][j] for i, j in enumerate(best)}


def _track_lines(pieces: Sequence[tuple[_Curve, float, float]]):
    return shapely.MultiLineString([curve.sample(t0, t1) for curve, t0, t1 in pieces])


def _edge_to_node(
    tile: Tile, frame: _Frame, edge: int, node: int, cand: _Cand
) -> tuple[_Curve, float, float]:
    """Track from ``edge`` to ``node`` placed at ``cand``, as (curve, t at edge, t at node)."""
    if cand.curve is not None and cand.edges is not None and edge in cand.edges:
        return (cand.curve, 0.0, cand.t) if edge == cand.edges[0] else (cand.curve, 1.0, cand.t)
    if tile.nodes[node].kind is NodeKind.OFFBOARD:
        m = frame.mid(edge)
        return (_line(m, _sub(m, _mul(frame.u(edge), ARROW_START))), 0.0, 1.0)
    return (frame.edge_to_point(edge, cand.pos), 0.0, 1.0)


def _node_track_curves(
    tile: Tile, frame: _Frame, node: int, cand: _Cand
) -> list[tuple[_Curve, float, float]]:
    """The edge-to-node track of one node placed at ``cand``."""
    out = []
    for p in tile.paths:
        if p.a.node == node and p.b.edge is not None:
            out.append(_edge_to_node(tile, frame, p.b.edge, node, cand))
        elif p.b.node == node and p.a.edge is not None:
            out.append(_edge_to_node(tile, frame, p.a.edge, node, cand))
    return out


def _track_curves(
    tile: Tile, frame: _Frame, placed: dict[int, _Cand]
) -> dict[int, tuple[_Curve, float, float]]:
    """Each path as (curve, t0, t1), running from its ``a`` end to its ``b`` end."""
    out: dict[int, tuple[_Curve, float, float]] = {}
    for pi, p in enumerate(tile.paths):
        a, b = p.a, p.b
        if a.edge is not None and b.edge is not None:
            out[pi] = (frame.edge_curve(a.edge, b.edge), 0.0, 1.0)
            continue
        if a.node is not None and b.node is not None:
            out[pi] = (_line(placed[a.node].pos, placed[b.node].pos), 0.0, 1.0)
            continue
        edge, node, reverse = (
            (a.edge, b.node, False) if a.edge is not None else (b.edge, a.node, True)
        )
        seg = _edge_to_node(tile, frame, edge, node, placed[node])
        if reverse:
            seg = (seg[0], seg[2], seg[1])
        out[pi] = seg
    return out


# ---------------------------------------------------------------------------------------------
# Free spots


class _Occupancy:
    """What is already drawn, to place text and discs where they hide the least."""

    def __init__(self, hexp: Polygon):
        self.hexp = hexp
        self.inner = hexp.buffer(-0.03)
        self.geoms: list = []
        self._union = None

    def add(self, geom) -> None:
        if geom is not None and not geom.is_empty:
            self.geoms.append(geom)
            self._union = None

    @property
    def union(self):
        if self._union is None:
            self._union = shapely.unary_union(self.geoms) if self.geoms else Polygon()
        return self._union

    def costs(self, shapes: Sequence, out_weight: float = 30.0) -> np.ndarray:
        """Cost of drawing each shape: the share of it over drawn things or outside the hex."""
        arr = np.asarray(shapes, dtype=object)
        area = np.maximum(shapely.area(arr), 1e-9)
        over = np.zeros(len(arr))
        union = self.union
        if not union.is_empty:
            shapely.prepare(union)
            hit = shapely.intersects(union, arr)
            if hit.any():
                over[hit] = shapely.area(shapely.intersection(arr[hit], union)) / area[hit]
        shapely.prepare(self.inner)
        out = np.zeros(len(arr))
        leaves = ~shapely.contains(self.inner, arr)
        if leaves.any():
            out[leaves] = shapely.area(shapely.difference(arr[leaves], self.inner)) / area[leaves]
        return 10.0 * over + out_weight * out

    def pick(
        self, shapes: Sequence, prefs: Sequence[float] | None = None, out_weight: float = 30.0
    ) -> int:
        """Index of the shape that hides the least (ties: the lowest preference, then first)."""
        extra = (
            np.asarray(prefs, dtype=float) if prefs is not None else 0.01 * np.arange(len(shapes))
        )
        total = self.costs(shapes, out_weight) + extra
        return int(np.argmin(np.round(total, 9)))


def _box(c: Point, w: float, h: float) -> Polygon:
    return shapely.box(c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimated width of ``text`` in a sans-serif font ``size`` high (DejaVu Sans metrics)."""
    em = 0.0
    for ch in text:
        if ch == " ":
            em += 0.32
        elif ch.isupper():
            em += 0.76 if bold else 0.7
        elif ch.isdigit():
            em += 0.7 if bold else 0.64
        elif ch.isalpha():
            em += 0.64 if bold else 0.58
        else:
            em += 0.45
    return em * size + size * 0.2


# ---------------------------------------------------------------------------------------------
# The layout


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


_UNSCALED = frozenset({"index", "path_index", "edge", "node", "node_indices", "columns"})


def _scale(obj, k: float):
    if isinstance(obj, float):
        return obj * k
    if isinstance(obj, tuple):
        return tuple(_scale(x, k) for x in obj)
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
        tracks.append(TrackPiece(_floats(pts), pi, p.terminal))
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
            arrows.append(OffboardArrow((edge + rotation) % 6, _floats(tri)))
            occ.add(Polygon(tri).buffer(0.02))

    stubs = []
    for e in tile.stubs:
        m = frame.mid(e)
        pts = (m, _sub(m, _mul(frame.u(e), STUB_LENGTH)))
        stubs.append(TrackPiece(_floats(pts), -1))
        occ.add(LineString(pts).buffer(CASING_WIDTH / 2))

    nodes = []
    token_index = {(sp.city, sp.slot): sp.index for sp in tile.token_spaces}
    for n in tile.nodes:
        cand = placed[n.index]
        pos = cand.pos
        if n.kind is NodeKind.CITY:
            offs = slot_offsets(n.slots, angle=cand.angle)
            spaces = tuple(
                TokenSpaceLayout(token_index[(n.index, s)], _floats(_add(pos, o)), SLOT_RADIUS)
                for s, o in enumerate(offs)
            )
            shape = _node_shape(n.kind, n.slots, pos, False, cand.angle)
            outline = _floats(tuple(shape.exterior.coords)[:-1]) if n.slots > 1 else ()
            nodes.append(NodeLayout(n.index, n.kind, _floats(pos), SLOT_RADIUS, spaces, outline))
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
                bar = (_floats(_add(pos, _mul(perp, half))), _floats(_sub(pos, _mul(perp, half))))
                occ.add(LineString(bar).buffer(TOWN_BAR_WIDTH / 2 + 0.02))
                nodes.append(NodeLayout(n.index, n.kind, _floats(pos), half, bar=bar))
            else:
                nodes.append(NodeLayout(n.index, n.kind, _floats(pos), TOWN_DOT_RADIUS))
                occ.add(ShapelyPoint(pos).buffer(TOWN_DOT_RADIUS + 0.02))
        else:
            nodes.append(NodeLayout(n.index, n.kind, _floats(pos), 0.0))

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
            rows.append(PhaseRevenueRow(_floats(spots[i]), bw, PHASE_BOX_HEIGHT, cols, n.index))
            occ.add(_box(spots[i], width + 0.04, PHASE_BOX_HEIGHT + 0.04))
    name_pos = _place_name(occ, location)
    plain = [
        n
        for n in tile.nodes
        if n.is_revenue_centre and not n.revenue.is_phased and not n.hidden and n.revenue.fixed > 0
    ]
    groups: list[list] = []
    cities = [n for n in plain if n.kind is NodeKind.CITY]
    if len(cities) > 1 and len({n.revenue.fixed for n in cities}) == 1:
        groups = [cities] + [[n] for n in plain if n.kind is not NodeKind.CITY]
    else:
        groups = [[n] for n in plain]
    for group in groups:
        text = revenue_text(group[0].revenue)
        spots, prefs = [], []
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
            RevenueDisc(_floats(spots[i]), REVENUE_RADIUS, text, tuple(n.index for n in group))
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
        terrain = TerrainMark(_floats(spots[i]), tuple(tile.terrain), text, size)
        occ.add(_box(spots[i], w, size * 1.3))
    icons = []
    for name in tile.icons:
        spots = [_mul(_dir(math.radians(a)), 0.55) for a in range(0, 360, 30)]
        i = occ.pick([ShapelyPoint(s).buffer(0.14) for s in spots])
        icons.append(IconMark(_floats(spots[i]), name, 0.28))
        occ.add(ShapelyPoint(spots[i]).buffer(0.16))

    return TileLayout(
        radius=1.0,
        corners=_floats(tuple(_corners(orientation))),
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


def _floats(obj):
    if isinstance(obj, (int, float)):
        return float(obj)
    return tuple(_floats(x) for x in obj)


def _node_extent(tile: Tile, index: int, nodes: Iterable[NodeLayout]) -> float:
    node = tile.nodes[index]
    if node.kind is NodeKind.CITY:
        return max(_len(o) for o in slot_offsets(node.slots)) + SLOT_RADIUS
    if node.kind is NodeKind.TOWN:
        for n in nodes:
            if n.index == index:
                return n.radius if n.bar is not None else TOWN_DOT_RADIUS
    return 0.1


def _track_tangent_at(tile: Tile, curves, node: int, pos: Point) -> Point:
    for pi, (curve, t0, t1) in curves.items():
        p = tile.paths[pi]
        if node in (p.a.node, p.b.node):
            a, b = curve.at(t0), curve.at(t1)
            d = _sub(b, a)
            n = _len(d) or 1.0
            return (d[0] / n, d[1] / n)
    return (1.0, 0.0)


def name_lines(location: str) -> list[str]:
    """A place name as drawn: a parenthesised remark goes on a second line."""
    if " (" in location:
        head, _, tail = location.partition(" (")
        return [head, "(" + tail]
    return [location]


NAME_WIDTH = 1.3  # widest a place name is drawn, in hex radii


def name_size(location: str | None) -> float:
    """Font height of a place name: NAME_SIZE, smaller for long names."""
    if not location:
        return NAME_SIZE
    w = text_width(name_lines(location)[0], NAME_SIZE)
    return NAME_SIZE * min(1.0, NAME_WIDTH / w)


def _place_name(occ: _Occupancy, location: str | None) -> Point:
    if not location:
        return (0.0, 0.62)
    lines = name_lines(location)
    size = name_size(location)
    widths = [text_width(line, size * (0.85 if i else 1.0)) for i, line in enumerate(lines)]
    w = min(NAME_WIDTH, max(widths))
    h = size * 1.15 * len(lines)
    spots = []
    for y in (0.62, -0.62, 0.72, -0.72, 0.5, -0.5, 0.35, -0.35, 0.2, -0.2):
        for x in (0.0, -0.15, 0.15, -0.3, 0.3):
            spots.append((x, y))
    prefs = [0.05 * abs(x) + 0.03 * abs(0.62 - abs(y)) for x, y in spots]
    i = occ.pick([_box(sp, w, h) for sp in spots], prefs, out_weight=4.0)
    occ.add(_box(spots[i], w, h))
    return _floats(spots[i])


def _place_text(
    occ: _Occupancy,
    orientation: Orientation,
    text: str,
    size: float,
    *,
    bold: bool = False,
    colour: str = "",
    dist: float = 0.6,
) -> TextItem:
    # Preference: the left of the hex first, then round both ways to the right; a smaller
    # size when the full one finds no free spot.
    angles = [180, 210, 150, 240, 120, 270, 90, 300, 60, 330, 30, 0]
    best = None
    for shrink in (1.0, 0.8, 0.65):
        sz = size * shrink
        w, h = text_width(text, sz, bold), sz * 1.1
        spots, prefs = [], []
        for extra, dd in ((0.0, dist), (0.15, dist - 0.12), (0.25, dist + 0.08)):
            for j, a in enumerate(angles):
                d = dd if a % 60 == (0 if orientation is Orientation.FLAT else 30) else dd * 0.92
                spots.append(_mul(_dir(math.radians(a)), d))
                prefs.append(extra + 0.01 * j + 0.3 * (1.0 - shrink))
        boxes = [_box(s, w, h) for s in spots]
        costs = occ.costs(boxes) + np.asarray(prefs)
        i = int(np.argmin(np.round(costs, 9)))
        if best is None or costs[i] < best[0]:
            best = (costs[i], spots[i], sz, boxes[i])
        if costs[i] < 0.5:
            break
    _, spot, sz, box = best
    occ.add(box)
    return TextItem(_floats(spot), text, sz, colour)


# ---------------------------------------------------------------------------------------------
# Hit tests


def token_space_at(layout: TileLayout, point: Point) -> int | None:
    """Index into ``tile.token_spaces`` of the token space containing ``point`` (hex-local)."""
    p = ShapelyPoint(point)
    for n in layout.nodes:
        for sp in n.spaces:
            if p.within(ShapelyPoint(sp.centre).buffer(sp.radius, 24)):
                return sp.index
    return None


def node_at(layout: TileLayout, point: Point, slack: float = 0.0) -> int | None:
    """Index of the city or town drawn under ``point`` (hex-local), or None."""
    p = ShapelyPoint(point)
    for n in layout.nodes:
        if n.kind is NodeKind.CITY:
            shape = shapely.unary_union(
                [ShapelyPoint(sp.centre).buffer(sp.radius, 24) for sp in n.spaces]
            )
        elif n.kind is NodeKind.TOWN:
            shape = (
                LineString(n.bar).buffer(TOWN_BAR_WIDTH * layout.radius)
                if n.bar is not None
                else ShapelyPoint(n.centre).buffer(n.radius)
            )
        else:
            continue
        if p.within(shape.buffer(slack)) if slack else p.within(shape):
            return n.index
    return None


def hex_at(game, hex_layout: HexLayout, point: Point) -> str | None:
    """Name of the map hex under map pixel ``point``, or None off the map."""
    return game.by_coord.get(hex_layout.coord_at(point[0], point[1]))


def token_space_at_map(state, hex_layout: HexLayout, point: Point) -> tuple[str, int] | None:
    """(hex, token space index) under map pixel ``point`` on a map state, or None."""
    game = state.game
    name = hex_at(game, hex_layout, point)
    if name is None:
        return None
    tile, rotation = state.tile_at(name)
    cx, cy = hex_layout.centre(game.hexes[name].coord)
    layout = tile_layout(tile, rotation, hex_layout.orientation, hex_layout.size)
    space = token_space_at(layout, (point[0] - cx, point[1] - cy))
    return None if space is None else (name, space)


# ---------------------------------------------------------------------------------------------
# Map-level geometry


def border_marks(
    tile: Tile, orientation: Orientation | str, radius: float
) -> tuple[BorderMark, ...]:
    """The visible special sides (impassable, water, mountain) of a printed hex."""
    orientation = Orientation(orientation)
    corners = _corners(orientation, radius)
    out = []
    for b in tile.borders:
        if not b.type:
            continue
        line = (corners[(b.edge - 1) % 6], corners[b.edge % 6])
        cost_pos = _mul(_dir(edge_angle(orientation, b.edge)), radius * INRADIUS)
        out.append(BorderMark(b.edge, b.type, b.cost, _floats(line), _floats(cost_pos)))
    return tuple(out)


def invisible_edges(tile: Tile) -> frozenset[int]:
    """Sides of a printed hex not to outline (multi-hex areas read as one)."""
    return frozenset(b.edge for b in tile.borders if not b.type)


def edge_line(orientation: Orientation | str, edge: int, radius: float) -> tuple[Point, Point]:
    """End points (hex-local) of side ``edge``."""
    corners = _corners(Orientation(orientation), radius)
    return corners[(edge - 1) % 6], corners[edge % 6]


def coordinate_margin(hex_layout: HexLayout) -> float:
    """Room left around the map for the coordinate letters and numbers."""
    return hex_layout.size * 0.7


def map_bounds(
    game, hex_layout: HexLayout, margin: float | None = None
) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the map's hexes plus room for the coordinates, in map pixels."""
    margin = coordinate_margin(hex_layout) if margin is None else margin
    xs, ys = [], []
    offs = hex_layout.corner_offsets()
    for h in game.hexes.values():
        cx, cy = hex_layout.centre(h.coord)
        for dx, dy in offs:
            xs.append(cx + dx)
            ys.append(cy + dy)
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def coordinate_labels(game, hex_layout: HexLayout) -> list[tuple[Point, str]]:
    """Hex coordinate letters and numbers along the four sides of the map."""
    x0, y0, x1, y1 = map_bounds(game, hex_layout, 0.0)
    m = coordinate_margin(hex_layout) / 2
    coords = [h.coord for h in game.hexes.values()]
    flat = hex_layout.orientation is Orientation.FLAT
    out: list[tuple[Point, str]] = []
    cols = sorted({c[0] for c in coords})
    rows = sorted({c[1] for c in coords})
    for x in cols:
        y = next(c[1] for c in coords if c[0] == x)
        px = hex_layout.centre((x, y))[0]
        text = _coord_part(hex_layout.orientation, (x, y), column=True)
        out.append(((px, y0 - m), text))
        out.append(((px, y1 + m), text))
    for y in rows:
        x = next(c[0] for c in coords if c[1] == y)
        py = hex_layout.centre((x, y))[1]
        text = _coord_part(hex_layout.orientation, (x, y), column=False)
        out.append(((x0 - m, py), text))
        out.append(((x1 + m, py), text))
    del flat
    return out


def _coord_part(orientation: Orientation, coord: tuple[int, int], column: bool) -> str:
    name = coord_to_name(orientation, coord)
    letters = name.rstrip("-0123456789")
    number = name[len(letters) :]
    if orientation is Orientation.FLAT:
        return letters if column else number
    return number if column else letters
