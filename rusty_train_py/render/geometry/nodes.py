"""Placement of a tile's revenue centres.

A lone centre sits in the middle (a lone town on a two-edge track sits on the track's curve);
several centres are spread along their own track, toward their single edge, or toward
``loc``; a small branch and bound picks the combination whose cities do not overlap each
other or foreign track. Also the track curves joining edges and placed nodes.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.prepared import prep

from ...grid.hexgrid import SQRT3
from ...grid.tile import NodeKind, Tile
from .curves import _Curve, _dir, _Frame, _hex_polygon, _len, _line, _mul, _sub
from .values import (
    ARROW_START,
    LOC_DISTANCE,
    SLOT_RADIUS,
    TOWN_BAR_LENGTH,
    TOWN_DOT_RADIUS,
    TRACK_WIDTH,
    Point,
)


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


def _node_shape(
    kind: NodeKind, slots: int, pos: Point, bar: bool, angle: float = 0.0
) -> BaseGeometry | None:
    """The outline a node covers (for overlap tests), or None for nodes not drawn."""
    unit = _unit_node_shape(kind, slots, bar, angle)
    if unit is None:
        return None
    return shapely.transform(unit, lambda xy: xy + np.asarray(pos))


@lru_cache(maxsize=256)
def _unit_node_shape(kind: NodeKind, slots: int, bar: bool, angle: float) -> BaseGeometry | None:
    if kind is NodeKind.CITY:
        circles = [
            ShapelyPoint(o).buffer(SLOT_RADIUS, 12) for o in slot_offsets(slots, angle=angle)
        ]
        return shapely.unary_union(circles).convex_hull
    if kind is NodeKind.TOWN:
        r = TOWN_BAR_LENGTH / 2 if bar else TOWN_DOT_RADIUS
        return ShapelyPoint(0.0, 0.0).buffer(r, 12)
    return None


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
        # nearer the middle only when a larger city does not fit there (1822NRS's Glasgow E6:
        # three slots at loc 1)
        for d, cost in ((LOC_DISTANCE, 0.0), (0.4, 2.0), (0.6, 3.0), (0.25, 6.0), (0.0, 8.0)):
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
        for corner in (edges[0] - 0.5, edges[0] + 0.5):
            out.append(_Cand(_mul(frame.u(corner), 0.45), 4.0))
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
    if not vecs:  # joined only to other nodes of the tile (18MEX tile 470's towns)
        out.append(_Cand((0.0, 0.0), 0.0))
        around([(0.3, 3.0), (0.45, 4.0)])
        return out
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


# Branch-and-bound steps at most per tile: real tiles (at most 6 revenue centres) finish in
# a few hundred; a made-up tile stops here with the best placement found (greedy or better).
PLACEMENT_STEPS = 5_000
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
    order = [sorted(range(len(cs)), key=unary[i].__getitem__) for i, cs in enumerate(cands)]
    own_cache: dict[tuple[object, ...], BaseGeometry | None] = {}

    def own_tracks(i: int, j: int) -> BaseGeometry | None:
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
    # a greedy start (each node the cheapest candidate beside those before it) bounds the
    # search from the first step; the search then improves on it within PLACEMENT_STEPS
    best: list[int] = []
    for i in range(n):
        costs = [
            unary[i][j] + sum(pair(k, ck, i, j) for k, ck in enumerate(best)) for j in order[i]
        ]
        best.append(order[i][min(range(len(costs)), key=costs.__getitem__)])
    best_cost = 1e-6 + sum(unary[i][j] for i, j in enumerate(best))  # a bound: the search
    best_cost += sum(pair(k, best[k], i, best[i]) for i in range(n) for k in range(i))  # still
    # finds the first placement of the least cost in its order, as without the greedy start
    chosen: list[int] = []
    steps = 0

    def search(i: int, cost: float) -> None:
        nonlocal best_cost, best, steps
        if i == n:
            if cost < best_cost:
                best_cost, best = cost, list(chosen)
            return
        steps += 1
        if steps > PLACEMENT_STEPS:
            return  # the best found so far stands: bounded work on any tile
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


def _track_lines(pieces: Sequence[tuple[_Curve, float, float]]) -> BaseGeometry:
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
        assert edge is not None and node is not None  # a path joins two ends
        seg = _edge_to_node(tile, frame, edge, node, placed[node])
        if reverse:
            seg = (seg[0], seg[2], seg[1])
        out[pi] = seg
    return out
