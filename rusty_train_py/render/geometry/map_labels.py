"""The labels of the whole map with routes over it: every hex's labels (render/geometry/labels.py)
and the routes' lines and rings, each label a route line or ring would cover moved where it
covers none (off every route, other label and the tile's drawing where it can)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ...grid.hexgrid import HexLayout, Orientation, edge_angle
from ...grid.tile import NodeKind, Tile
from .curves import _dir, _hex_polygon, _mul
from .labels import (
    COVER_ROUTE,
    NAME_FORMS,
    ZOOM_BUCKET,
    Label,
    _costs,
    _exact_share,
    _hits,
    _name_spots,
    _shapes,
    _zoom_step,
    fit_name,
    label_shape,
    tile_labels,
    tile_obstacles,
)
from .routes import (
    RING_CLEARANCE,
    RING_EDGE,
    RING_STEP,
    Piece,
    RouteOverlay,
    StopAt,
    StopRing,
    ringed_value,
    route_overlay,
    route_parts,
    route_shapes,
)
from .spots import name_size
from .tile_layout import tile_layout
from .values import HexLabels, PlaceName, Point, RevenueDisc

if TYPE_CHECKING:
    from ...mapstate.state import MapState


# A moved label keeps at least this share of itself on its own hex (it may hang over the
# edge a little, on a plate, as a long name does); a spot leaving more costs more than
# covering any route.
MAX_OUTSIDE = 0.3
LEAVE_HOME = 5 * COVER_ROUTE
SAMPLE_STEP = 0.04  # routes and drawing are weighed on a lattice this many radii apart ...
NEAR_SPOTS = 2.0  # ... this far round the hex centre (each way)
MOSTLY_OUTSIDE = 0.5  # a label this much off its hex is moved, routes or not
NEAR_LABELS = 3.0  # labels of hexes this many radii away (each way) are kept clear of


@dataclass(frozen=True, slots=True)
class MapOverlay:
    """What is drawn above the tiles: the routes (None without routes) and every hex's labels."""

    routes: RouteOverlay | None
    labels: tuple[HexLabels, ...]


# ---------------------------------------------------------------------------------------------
# The whole map: labels moved off the routes


# The last few map overlays, for repeated paints.
_OVERLAYS: dict[tuple[object, ...], MapOverlay] = {}
KEEP_OVERLAYS = 8


def map_overlay(
    state: MapState, hex_layout: HexLayout, routes: Sequence[Any] = (), zoom: float = 1.0
) -> MapOverlay:
    """Every hex's labels at ``zoom`` and the routes' lines and rings (``routes`` as for
    ``route_overlay``); a label a route line or ring would cover is moved where it hides the
    least (off every route, other label and the tile's drawing where it can)."""
    parts = tuple(tuple(map(tuple, route_parts(r))) for r in routes)
    key = (
        id(state.game),
        state.game.id,
        tuple(sorted(state.laid_tiles().items())),
        parts,
        _zoom_step(zoom),
        hex_layout.size,
        hex_layout.orientation,
    )
    if key in _OVERLAYS:
        return _OVERLAYS[key]
    overlay = _map_overlay(state, hex_layout, [(list(p), list(s)) for p, s in parts], zoom)
    while len(_OVERLAYS) >= KEEP_OVERLAYS:
        del _OVERLAYS[next(iter(_OVERLAYS))]
    _OVERLAYS[key] = overlay
    return overlay


def _map_overlay(
    state: MapState,
    hex_layout: HexLayout,
    routes: list[tuple[list[Piece], list[StopAt]]],
    zoom: float,
) -> MapOverlay:
    game = state.game
    labels: dict[str, HexLabels] = {}
    for h in game.hex_order:
        if game.hexes[h].colour == "empty":
            continue
        tile, rot = state.tile_at(h)
        name, discs, rows = tile_labels(
            tile, rot, hex_layout.orientation, hex_layout.size, game.hexes[h].location, zoom
        )
        if name is not None or discs or rows:
            centre = hex_layout.centre(game.hexes[h].coord)
            labels[h] = HexLabels(h, centre, name, discs, rows)
    _Mover(state, hex_layout, routes, labels, zoom).run()
    if not routes:
        return MapOverlay(None, tuple(labels.values()))
    overlay = route_overlay(state, hex_layout, routes, labels)
    return MapOverlay(overlay, tuple(labels.values()))


class _Mover:
    """Moves the labels that routes would cover, in two rounds: first the off-board values a
    ring goes round (off the route lines and the other rings), then every other label (off
    every line and ring, and any that stands mostly off its hex or over another hex's
    label, as a name grown to stay legible may)."""

    def __init__(
        self,
        state: MapState,
        hex_layout: HexLayout,
        routes: Sequence[Any],
        labels: dict[str, HexLabels],
        zoom: float,
    ) -> None:
        self.state = state
        self.zoom = ZOOM_BUCKET ** _zoom_step(zoom)
        self.game = state.game
        self.hex_layout = hex_layout
        self.radius = hex_layout.size
        self.routes = routes
        self.labels: dict[str, HexLabels] = labels
        self._shapes: dict[str, list[tuple[Label, BaseGeometry]]] = {}
        self._near = self._hexes_near()
        self.home = _hex_polygon(hex_layout.orientation, self.radius)
        first = route_overlay(state, hex_layout, routes, labels)
        self.width = first.width
        self.ringed = self._ringed_stops()
        self.lines = route_shapes(RouteOverlay(first.lines, (), (), first.width))
        plain_rings = tuple(
            r for r in first.rings if r.shape == "polygon" or not self._is_ringed(r)
        )
        self.plain = route_shapes(RouteOverlay((), plain_rings, (), first.width))

    def _ringed_stops(self) -> dict[str, dict[int, int]]:
        """hex -> {node index: trains stopping there} for off-board stops ringed by value."""
        out: dict[str, dict[int, int]] = {}
        for item in self.routes:
            for h, node in dict.fromkeys(route_parts(item)[1]):
                if h not in self.labels:
                    continue
                tile, _ = self.state.tile_at(h)
                if node < len(tile.nodes) and tile.nodes[node].kind is NodeKind.OFFBOARD:
                    if ringed_value(self.labels[h], node, NodeKind.OFFBOARD) is not None:
                        out.setdefault(h, {})
                        out[h][node] = out[h].get(node, 0) + 1
        return out

    def _is_ringed(self, ring: StopRing) -> bool:
        """A ring round an off-board's value (drawn again once the value is placed)."""
        for h, nodes in self.ringed.items():
            hl = self.labels[h]
            for node in nodes:
                v = ringed_value(hl, node, NodeKind.OFFBOARD)
                if v is None:
                    continue
                at = (v.centre[0] + hl.centre[0], v.centre[1] + hl.centre[1])
                if math.dist(at, ring.centre) < 1e-6:
                    return True
        return False

    def run(self) -> None:
        for h, nodes in self.ringed.items():
            for node, trains in nodes.items():
                value = ringed_value(self.labels[h], node, NodeKind.OFFBOARD)
                if value is None:
                    continue
                reach = (RING_CLEARANCE + RING_EDGE / 2 + RING_STEP * (trains - 1)) * self.width
                self._move(h, value, self.lines + self.plain, keep_out=reach)
        final = route_overlay(self.state, self.hex_layout, self.routes, self.labels)
        everything = route_shapes(final)
        tree = shapely.STRtree(everything)
        for h in list(self.labels):
            hl = self.labels[h]
            ringed = {id(ringed_value(hl, n, NodeKind.OFFBOARD)) for n in self.ringed.get(h, {})}
            for item in (*hl.phase_revenues, *hl.revenues, hl.name):
                if item is None or id(item) in ringed:
                    continue
                shape = label_shape(item, hl.centre)
                if any(
                    everything[i].intersection(shape).area > 1e-6 for i in tree.query(shape)
                ) or self._misplaced(h, shape):
                    self._move(h, item, everything)
                    hl = self.labels[h]

    def _hexes_near(self) -> dict[str, list[str]]:
        """hex -> the labelled hexes (itself first) whose labels may reach over its own."""
        names = list(self.labels)
        if not names:
            return {}
        xy = np.array([self.labels[h].centre for h in names])
        reach = NEAR_LABELS * self.radius
        out = {}
        for i, h in enumerate(names):
            close = np.flatnonzero(np.abs(xy - xy[i]).max(axis=1) <= reach)
            out[h] = [h] + [names[j] for j in close if j != i]
        return out

    def _label_shapes(self, h: str) -> list[tuple[Label, BaseGeometry]]:
        """Each label of ``h`` with the area it covers, in map pixels (kept until it moves)."""
        if h not in self._shapes:
            hl = self.labels[h]
            items = (*hl.phase_revenues, *hl.revenues, hl.name)
            self._shapes[h] = [(x, label_shape(x, hl.centre)) for x in items if x is not None]
        return self._shapes[h]

    def _misplaced(self, h: str, shape: BaseGeometry) -> bool:
        """Whether a label of ``h`` (``shape``) stands mostly off its hex or over a label of
        another hex."""
        c = self.labels[h].centre
        home = shapely.affinity.translate(self.home, c[0], c[1])
        if shape.intersection(home).area < (1 - MOSTLY_OUTSIDE) * shape.area:
            return True
        for other in self._near[h]:
            for _, s in self._label_shapes(other):
                if s.equals(shape):
                    continue  # itself
                if s.intersects(shape) and s.intersection(shape).area > 1e-6:
                    return True
        return False

    def _move(self, h: str, item: Label, avoid: list[BaseGeometry], keep_out: float = 0.0) -> None:
        hl = self.labels[h]
        c = hl.centre
        tile, rot = self.state.tile_at(h)
        location = self.game.hexes[h].location
        orientation = self.hex_layout.orientation
        soft = shapely.affinity.translate(
            tile_obstacles(tile, rot, orientation, self.radius, location), c[0], c[1]
        )
        near = shapely.box(
            c[0] - 2 * self.radius,
            c[1] - 2 * self.radius,
            c[0] + 2 * self.radius,
            c[1] + 2 * self.radius,
        )
        routes = shapely.unary_union([g for g in avoid if g.intersects(near)]).intersection(near)
        own = shapely.unary_union([s for x, s in self._label_shapes(h) if x is not item])
        theirs = shapely.unary_union(
            [s for n in self._near[h][1:] for _, s in self._label_shapes(n)]
        )
        others = shapely.unary_union([own, theirs])
        hard = shapely.unary_union([routes, own])
        sampled = _Sampled((hard, soft), c, NEAR_SPOTS * self.radius, SAMPLE_STEP * self.radius)
        home = shapely.affinity.translate(_hex_polygon(orientation, self.radius), c[0], c[1])
        out_weight = 2.0 if isinstance(item, PlaceName) else 5.0

        def best_of(items: list[Label], prefs: list[float]) -> tuple[float, Label]:
            shapes = _shapes(items, c)
            # A label belongs to its hex: it covers a route line rather than stand mostly
            # on another hex or over another hex's label, where it would name the wrong
            # place (those spots are weighed only where every spot is one).
            away = _outside_share(shapes, c, orientation, self.radius) > MAX_OUTSIDE
            if away.all():
                away[:] = False
            keep = np.flatnonzero(~away)
            items = [items[k] for k in keep]
            shapes = shapes[keep]
            cost = _costs(shapes, hard, soft, home, out_weight, sampled.share)
            cost += np.asarray(prefs)[keep]
            cost += LEAVE_HOME * _hits(shapes, theirs)
            if keep_out:  # its ring: clear of other labels, across route lines if it must
                rings = shapely.buffer(shapes, keep_out, quad_segs=4)
                cost += COVER_ROUTE * _hits(rings, others) + 0.5 * _hits(rings, routes)
            i = int(np.argmin(np.round(cost, 9)))
            return float(cost[i]), items[i]

        # Stage by stage (a name: as it is, then its other forms; never below the legible
        # size), the coarse spots, then a close grid; the first free place wins, else the
        # least covered.
        stages: list[tuple[int, float]] = [(0, 1.0)]
        if isinstance(item, PlaceName):
            stages += [(form, 1.0) for form in range(1, NAME_FORMS)]

        found: tuple[float, Label] | None = None
        for form, scale in stages:
            for fine in (False, True):
                items, prefs = self._candidates(hl, item, tile, fine, form, scale)
                if not items:
                    continue
                tried = best_of(items, prefs)
                if found is None or tried[0] < found[0]:
                    found = tried
                if found[0] < COVER_ROUTE / 20:
                    break
            if found is not None and found[0] < COVER_ROUTE / 20:
                break
        best = found[1] if found is not None else item
        self.labels[h] = _swap(hl, item, best)
        self._shapes.pop(h, None)

    def _candidates(
        self, hl: HexLabels, item: Label, tile: Tile, fine: bool, form: int = 0, scale: float = 1.0
    ) -> tuple[list[Label], list[float]]:
        """Where ``item`` may go, with a preference each (a name in its form ``form``, its
        font ``scale`` times the least legible); ``fine``: a close grid over the hex and
        round it instead of the usual spots."""
        R = self.radius
        out: list[Label] = []
        prefs: list[float] = []
        if fine:
            # the hex and a little round it (a spot mostly off it is never taken)
            grid = [(x * 0.075 * R, y * 0.075 * R) for y in range(-13, 14) for x in range(-13, 14)]
            grid_prefs = [0.05 * math.dist(g, item.centre) / R for g in grid]
        if isinstance(item, PlaceName):
            spots, spot_prefs = _name_spots(R) if not fine else (grid, grid_prefs)
            location = self.game.hexes[hl.hex].location or ""
            fit = fit_name(location, name_size(location) * R, R, self.zoom, form)
            if fit is None or (form and scale == 1.0 and fit[0] == item.lines):
                return [], []
            lines, sizes, width = fit
            sized = tuple(z * scale for z in sizes)
            for s, p in zip(spots, spot_prefs, strict=True):
                out.append(PlaceName(s, lines, sized, width * scale))
                prefs.append(p)
            return out, prefs
        if fine:
            return [dataclasses.replace(item, centre=g) for g in grid], grid_prefs
        anchors: list[tuple[Point, float]] = [((0.0, 0.0), 0.3 * R)]
        if isinstance(item, RevenueDisc):
            tile_rot = self.state.tile_at(hl.hex)[1]
            layout = tile_layout(tile, tile_rot, self.hex_layout.orientation, R)
            for index in item.node_indices:
                node = layout.node(index)
                if node is not None:
                    ext = max(
                        (math.dist(node.centre, sp.centre) + sp.radius for sp in node.spaces),
                        default=node.radius,
                    )
                    anchors.insert(0, (node.centre, ext + item.radius))
            for a, (at, d0) in enumerate(anchors):
                for step in (0.03, 0.12, 0.25, 0.4):
                    for k in range(12):
                        v = _mul(_dir(math.radians(90 + 30 * k)), d0 + step * R)
                        out.append(dataclasses.replace(item, centre=(at[0] + v[0], at[1] + v[1])))
                        prefs.append(0.02 * a + 0.05 * step + 0.001 * k)
            return out, prefs
        for y in (0.0, 0.22, -0.22, 0.4, -0.4, 0.55, -0.55, 0.65, -0.65, 0.8, -0.8):
            for x in (0.0, -0.1, 0.1, -0.2, 0.2, -0.3, 0.3, -0.4, 0.4):
                at = (x * R, y * R)
                out.append(dataclasses.replace(item, centre=at))
                prefs.append(0.02 * math.dist(at, item.centre) / R)
        return out, prefs


_SAMPLES = (np.arange(8) + 0.5) / 8, (np.arange(4) + 0.5) / 4  # across, down each box


def _outside_share(
    shapes: np.ndarray, centre: Point, orientation: Orientation, radius: float
) -> np.ndarray:
    """About the share of each of ``shapes`` (by its bounding box, sampled 8 x 4) that lies
    outside the hex of ``radius`` round ``centre``: numpy, not shapely, for it is asked of
    every spot tried."""
    b = shapely.bounds(shapes)
    fx, fy = np.meshgrid(*_SAMPLES)
    xs = b[:, 0:1] + (b[:, 2:3] - b[:, 0:1]) * fx.ravel() - centre[0]
    ys = b[:, 1:2] + (b[:, 3:4] - b[:, 1:2]) * fy.ravel() - centre[1]
    apothem = radius * math.sqrt(3) / 2
    out = np.zeros(xs.shape, dtype=bool)
    for k in range(3):  # inside a hex: within the apothem along each edge's normal
        nx, ny = _dir(edge_angle(orientation, k))
        out |= np.abs(xs * nx + ys * ny) > apothem
    share: np.ndarray = out.mean(axis=1)
    return share


class _Sampled:
    """Shapes sampled on a square lattice round a hex: the share of a box one covers is
    counted from a summed-area table, far faster than shapely's intersections when
    hundreds of spots are weighed."""

    def __init__(
        self, geoms: Sequence[BaseGeometry], centre: Point, half: float, step: float
    ) -> None:
        n = int(2 * half / step) + 1
        self.origin = (centre[0] - half, centre[1] - half)
        self.step, self.n = step, n
        xs, ys = np.meshgrid(
            self.origin[0] + step * np.arange(n), self.origin[1] + step * np.arange(n)
        )
        self.tables: dict[int, np.ndarray] = {}
        for g in geoms:
            shapely.prepare(g)
            inside = shapely.contains_xy(g, xs.ravel(), ys.ravel()).reshape(n, n)
            table = np.zeros((n + 1, n + 1))
            table[1:, 1:] = inside.cumsum(0).cumsum(1)
            self.tables[id(g)] = table

    def share(self, shapes: np.ndarray, geom: BaseGeometry) -> np.ndarray:
        """About the share of each of ``shapes`` (by its bounding box) that ``geom`` covers."""
        table = self.tables.get(id(geom))
        if table is None:
            return _exact_share(shapes, geom)
        b = shapely.bounds(shapes)
        step, n = self.step, self.n
        i0 = np.clip(np.ceil((b[:, 0] - self.origin[0]) / step), 0, n).astype(int)
        i1 = np.clip(np.floor((b[:, 2] - self.origin[0]) / step) + 1, 0, n).astype(int)
        j0 = np.clip(np.ceil((b[:, 1] - self.origin[1]) / step), 0, n).astype(int)
        j1 = np.clip(np.floor((b[:, 3] - self.origin[1]) / step) + 1, 0, n).astype(int)
        count = table[j1, i1] - table[j0, i1] - table[j1, i0] + table[j0, i0]
        total = np.maximum((i1 - i0) * (j1 - j0), 1)
        out: np.ndarray = count / total
        return out


def _swap(hl: HexLabels, old: Label, new: Label) -> HexLabels:
    """``hl`` with ``old`` replaced by ``new`` (a label of the same kind)."""
    if isinstance(new, PlaceName):
        return dataclasses.replace(hl, name=new)
    if isinstance(new, RevenueDisc):
        return dataclasses.replace(hl, revenues=tuple(new if d is old else d for d in hl.revenues))
    rows = tuple(new if r is old else r for r in hl.phase_revenues)
    return dataclasses.replace(hl, phase_revenues=rows)
