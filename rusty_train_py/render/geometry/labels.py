"""Labels over the map: place names, revenue discs and phase revenue rows, drawn above the
track and the routes. Each is kept legible on screen (a minimum text size; a place name that
does not fit takes more lines or a shorter form), placed where it hides the least of its tile
(shapely); map_labels.py moves those a route would cover."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from ...grid.hexgrid import Orientation
from ...grid.tile import NodeKind, Tile
from .curves import _hex_polygon
from .spots import name_lines, text_width
from .tile_layout import tile_layout
from .values import (
    NAME_WIDTH,
    TOWN_BAR_WIDTH,
    HexLabels,
    PhaseRevenueRow,
    PlaceName,
    Point,
    RevenueDisc,
    TileLayout,
)

MIN_TEXT_PX = 8.0  # labels are drawn at least this high on screen ...
HIDE_TEXT_PX = 6.0  # ... and place names that cannot be this high are left out
NAME_MAX_WIDTH = 1.85  # widest a place name grown to the minimum is drawn, in hex radii
NAME_FIT = 0.92  # text_width's estimate of a name's width over what DejaVu Sans draws
REMARK_SCALE = 0.85  # a name's remark "(...)" beside its head, where the size allows
DISC_TEXT = 1.05  # a revenue disc's text height, in disc radii
ROW_TEXT = 0.68  # a phase row's text height, in box heights
MAX_DISC = 0.24  # a revenue disc's largest radius, in hex radii
MAX_ROW_HEIGHT = 0.42  # a phase row's tallest box, in hex radii
MAX_ROW_WIDTH = 2.1  # and its widest row (an off-board may hang out of its hex a little)
ZOOM_BUCKET = 1.04  # label sizes are cached per zoom step of 4% (rounded down)

Label = PlaceName | RevenueDisc | PhaseRevenueRow  # one label drawn over a tile
LabelT = TypeVar("LabelT", PlaceName, RevenueDisc, PhaseRevenueRow)

# What a label weighs against: covering a route or another label, the tile's own drawing,
# leaving its hex.
COVER_ROUTE, COVER_TILE = 1000.0, 10.0


# ---------------------------------------------------------------------------------------------
# Place names


def _wrapped(text: str, size: float, max_width: float) -> list[str]:
    """``text`` on as few lines as keep each no wider than ``max_width`` (broken at spaces and
    after hyphens; a piece wider than that alone gets a line of its own)."""
    pieces: list[tuple[str, str]] = []
    for w, word in enumerate(text.split(" ")):
        for k, part in enumerate(re.findall(r"[^-]+-?|-", word)):
            pieces.append((" " if w and not k else "", part))
    lines: list[str] = []
    for joiner, part in pieces:
        if lines and text_width(lines[-1] + joiner + part, size) * NAME_FIT <= max_width:
            lines[-1] += joiner + part
        else:
            lines.append(part)
    return lines


def _short(head: str) -> str:
    words = head.split(" ")
    if len(words) > 1:
        return " ".join([words[0]] + [w if not w[:1].isalnum() else w[0] + "." for w in words[1:]])
    return head if len(head) <= 6 else head[:5] + "."


NAME_FORMS = 3  # as printed, wrapped, short
MAX_NAME_LINES = 4


def _name_form(
    name: str, form: int, size: float, remark_size: float, max_width: float
) -> tuple[tuple[str, float], ...] | None:
    """Form ``form`` of a place name (0: as printed, a remark on a second line; 1: wrapped to
    ``max_width``; 2: short, ``Charleroi & C.``), each line with its font height; None where
    the form is no different from the one before or too tall."""
    lines = name_lines(name)
    head, remark = lines[0], lines[1] if len(lines) > 1 else None
    if form == 0:
        return ((head, size),) + (((remark, remark_size),) if remark else ())
    if form == 1:
        out = tuple((t, size) for t in _wrapped(head, size, max_width))
        if remark:
            out += tuple((t, remark_size) for t in _wrapped(remark, remark_size, max_width))
        same = out == _name_form(name, 0, size, remark_size, max_width)
        return None if same or len(out) > MAX_NAME_LINES else out
    short = _short(head)
    return None if short == head and not remark else ((short, size),)


def fit_name(
    name: str, size: float, radius: float, zoom: float = 1.0, form: int = 0
) -> tuple[tuple[str, ...], tuple[float, ...], float] | None:
    """(lines, font heights, width) of a place name printed ``size`` high on a hex of
    ``radius``, drawn at ``zoom``: the first form from ``form`` on that fits at least
    MIN_TEXT_PX high on screen; else the narrowest form made to fit, None where that cannot
    be HIDE_TEXT_PX high."""
    least = MIN_TEXT_PX / zoom
    grown = size < least
    max_width = radius * (NAME_MAX_WIDTH if grown else NAME_WIDTH * 1.05)
    sizes = (max(size, least), max(size * REMARK_SCALE, least) if grown else size * REMARK_SCALE)
    options = []
    for f in range(form, NAME_FORMS):
        lines_sizes = _name_form(name, f, *sizes, max_width)
        if lines_sizes is None:
            continue
        width = max(text_width(t, s) for t, s in lines_sizes) * NAME_FIT
        lines, heights = tuple(t for t, _ in lines_sizes), tuple(s for _, s in lines_sizes)
        if width <= max_width:
            return lines, heights, width
        options.append((width, lines, heights))
    if not options:
        return None
    width, lines, heights = min(options)
    k = max_width / width
    if heights[0] * k * zoom < HIDE_TEXT_PX:
        return None
    return lines, tuple(s * k for s in heights), max_width


# ---------------------------------------------------------------------------------------------
# One tile's labels, before routes


def _box(c: Point, w: float, h: float) -> Polygon:
    return shapely.box(c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)


def label_shape(item: Label, at: Point = (0.0, 0.0)) -> BaseGeometry:
    """The area a label covers as drawn (shapely), its hex centre at ``at``."""
    x, y = item.centre[0] + at[0], item.centre[1] + at[1]
    if isinstance(item, PlaceName):
        x0, y0, x1, y1 = item.box()
        return shapely.box(x0 + at[0], y0 + at[1], x1 + at[0], y1 + at[1])
    if isinstance(item, RevenueDisc):
        return ShapelyPoint(x, y).buffer(item.radius, 8)
    return _box((x, y), item.box_width * len(item.columns), item.box_height)


@lru_cache(maxsize=4096)
def tile_obstacles(
    tile: Tile, rotation: int, orientation: Orientation, radius: float, location: str | None
) -> BaseGeometry:
    """What a tile draws besides its labels (track, cities, towns, arrows, marks), as one
    shapely shape in hex-local coordinates: labels are placed where they hide least of it."""
    lay = tile_layout(tile, rotation, orientation, radius, location)
    geoms: list[BaseGeometry] = [
        LineString(t.points).buffer(lay.casing_width / 2) for t in lay.tracks
    ]
    geoms += [LineString(t.points).buffer(lay.casing_width / 2) for t in lay.stubs]
    for n in lay.nodes:
        if n.outline:
            geoms.append(Polygon(n.outline))
        geoms += [ShapelyPoint(sp.centre).buffer(sp.radius, 12) for sp in n.spaces]
        if n.bar is not None:
            geoms.append(LineString(n.bar).buffer(radius * TOWN_BAR_WIDTH / 2))
        elif n.kind is NodeKind.TOWN:
            geoms.append(ShapelyPoint(n.centre).buffer(n.radius, 12))
    geoms += [Polygon(a.points) for a in lay.arrows]
    for text in (lay.label, lay.future_label):
        if text is not None:
            geoms.append(_box(text.centre, text_width(text.text, text.size, True), text.size))
    if lay.terrain is not None:
        t = lay.terrain
        w = text_width(t.text, t.size) + t.size * 1.3 * len(t.kinds)
        geoms.append(_box(t.centre, w, t.size * 1.3))
    geoms += [ShapelyPoint(i.centre).buffer(i.size / 2, 12) for i in lay.icons]
    return shapely.unary_union(geoms) if geoms else Polygon()


def _zoom_step(zoom: float) -> int:
    return math.floor(math.log(zoom) / math.log(ZOOM_BUCKET) + 1e-9)


def _grown_disc(disc: RevenueDisc, radius: float, zoom: float) -> RevenueDisc:
    r = min(max(disc.radius, MIN_TEXT_PX / zoom / DISC_TEXT), radius * MAX_DISC)
    return dataclasses.replace(disc, radius=max(r, disc.radius))


def _grown_row(row: PhaseRevenueRow, radius: float, zoom: float) -> PhaseRevenueRow:
    n = len(row.columns)
    k = MIN_TEXT_PX / zoom / (ROW_TEXT * row.box_height)
    k = min(
        k, radius * MAX_ROW_HEIGHT / row.box_height, radius * MAX_ROW_WIDTH / (n * row.box_width)
    )
    k = max(1.0, k)
    return dataclasses.replace(row, box_width=row.box_width * k, box_height=row.box_height * k)


NAME_YS = (0.62, -0.62, 0.72, -0.72, 0.5, -0.5, 0.35, -0.35, 0.2, -0.2, 0.85, -0.85, 0.0)
NAME_XS = (0.0, -0.15, 0.15, -0.3, 0.3, -0.45, 0.45)


def _name_spots(radius: float) -> tuple[list[Point], list[float]]:
    """Where a place name may go on its hex (never off it: a name on another hex names the
    wrong place), each with a preference (lower first)."""
    spots, prefs = [], []
    for y in NAME_YS:
        for x in NAME_XS:
            spots.append((x * radius, y * radius))
            prefs.append(0.05 * abs(x) + 0.03 * abs(0.62 - abs(y)))
    return spots, prefs


def _costs(
    shapes: Sequence[BaseGeometry] | np.ndarray,
    hard: BaseGeometry | None,
    soft: BaseGeometry | None,
    home: BaseGeometry,
    out_weight: float,
    share: Callable[[np.ndarray, BaseGeometry], np.ndarray] | None = None,
) -> np.ndarray:
    """Per shape: covering ``hard`` (routes, other labels: only the least covered count where
    all cover it), the share of it over ``soft`` (the tile's drawing) and outside ``home``
    (its hex), weighed; ``share(shapes, geom)`` measures the share of each shape over
    ``hard`` or ``soft`` (exact when not given; whether a shape touches ``hard`` at all is
    always exact)."""
    share = share or _exact_share
    arr = np.asarray(shapes, dtype=object)
    area = np.maximum(shapely.area(arr), 1e-9)
    total = np.zeros(len(arr))
    look = np.ones(len(arr), dtype=bool)  # the shapes whose finer costs matter
    if hard is not None and not hard.is_empty:
        hit = _hits(arr, hard)
        if hit.all():
            total += COVER_ROUTE / 20 + COVER_ROUTE * share(arr, hard)
        else:
            total[hit] += COVER_ROUTE * 2
            look = ~hit
    if soft is not None and not soft.is_empty:
        hit = look & _hits(arr, soft)
        if hit.any():
            total[hit] += COVER_TILE * share(arr[hit], soft)
    shapely.prepare(home)
    out = look & ~shapely.contains(home, arr)
    if out.any() and out_weight:
        total[out] += out_weight * shapely.area(shapely.difference(arr[out], home)) / area[out]
    return total


def _exact_share(arr: np.ndarray, geom: BaseGeometry) -> np.ndarray:
    """The share of each of ``arr`` that ``geom`` covers."""
    area = np.maximum(shapely.area(arr), 1e-9)
    out: np.ndarray = shapely.area(shapely.intersection(arr, geom)) / area
    return out


def _hits(arr: np.ndarray, geom: BaseGeometry | None) -> np.ndarray:
    """Which of ``arr`` touch ``geom`` by more than a point."""
    if geom is None or geom.is_empty:
        return np.zeros(len(arr), dtype=bool)
    shapely.prepare(geom)
    hits: np.ndarray = shapely.intersects(geom, arr) & ~shapely.touches(geom, arr)
    return hits


def _all_of(kind: type[LabelT], items: Sequence[Label]) -> list[LabelT] | None:
    """``items`` where every one is a ``kind``; else None."""
    out = [x for x in items if isinstance(x, kind)]
    return out if len(out) == len(items) else None


def _shapes(items: Sequence[Label], at: Point) -> np.ndarray:
    """``label_shape`` of each of ``items`` (all of one kind), made at once."""
    shapes: np.ndarray
    names = _all_of(PlaceName, items)
    if names is not None:
        b = np.array([x.box() for x in names])
        shapes = shapely.box(b[:, 0] + at[0], b[:, 1] + at[1], b[:, 2] + at[0], b[:, 3] + at[1])
        return shapes
    xs = np.array([x.centre[0] for x in items]) + at[0]
    ys = np.array([x.centre[1] for x in items]) + at[1]
    discs = _all_of(RevenueDisc, items)
    if discs is not None:
        radii = np.array([x.radius for x in discs])
        shapes = shapely.buffer(shapely.points(xs, ys), radii, quad_segs=8)
        return shapes
    rows = _all_of(PhaseRevenueRow, items)
    if rows is None:
        raise ValueError("labels of more than one kind placed together")
    hw = np.array([x.box_width * len(x.columns) / 2 for x in rows])
    hh = np.array([x.box_height / 2 for x in rows])
    shapes = shapely.box(xs - hw, ys - hh, xs + hw, ys + hh)
    return shapes


@dataclass(frozen=True, slots=True)
class _TileLabels:
    name: PlaceName | None
    revenues: tuple[RevenueDisc, ...]
    phase_revenues: tuple[PhaseRevenueRow, ...]


@lru_cache(maxsize=8192)
def _tile_labels(
    tile: Tile,
    rotation: int,
    orientation: Orientation,
    radius: float,
    location: str | None,
    zoom_step: int,
) -> _TileLabels:
    zoom = ZOOM_BUCKET**zoom_step
    lay = tile_layout(tile, rotation, orientation, radius, location)
    discs = tuple(_grown_disc(d, radius, zoom) for d in lay.revenues)
    rows = tuple(_grown_row(r, radius, zoom) for r in lay.phase_revenues)
    name = None
    fit = fit_name(location, lay.name_size, radius, zoom) if location else None
    if fit is not None:
        lines, sizes, width = fit
        name = PlaceName(lay.name_pos, lines, sizes, width)
        if len(lines) != len(name_lines(location or "")) or sizes[0] != lay.name_size:
            name = _place_name(name, lay, tile, rotation, orientation, location, discs, rows)
    return _TileLabels(name, discs, rows)


def _place_name(
    name: PlaceName,
    lay: TileLayout,
    tile: Tile,
    rotation: int,
    orientation: Orientation,
    location: str | None,
    discs: tuple[RevenueDisc, ...],
    rows: tuple[PhaseRevenueRow, ...],
) -> PlaceName:
    """``name`` (grown or on more lines than the layout placed) where it hides the least."""
    radius = lay.radius
    values: tuple[Label, ...] = (*discs, *rows)
    soft = shapely.unary_union(
        [tile_obstacles(tile, rotation, orientation, radius, location)]
        + [label_shape(x) for x in values]
    )
    spots, prefs = _name_spots(radius)
    shapes = [label_shape(dataclasses.replace(name, centre=s)) for s in spots]
    home = _hex_polygon(orientation, radius)
    cost = _costs(shapes, None, soft, home, 4.0) + np.asarray(prefs)
    return dataclasses.replace(name, centre=spots[int(np.argmin(np.round(cost, 9)))])


def tile_labels(
    tile: Tile,
    rotation: int,
    orientation: Orientation | str,
    radius: float,
    location: str | None = None,
    zoom: float = 1.0,
) -> tuple[PlaceName | None, tuple[RevenueDisc, ...], tuple[PhaseRevenueRow, ...]]:
    """The place name, revenue discs and phase rows of a tile drawn at ``zoom``, hex-local,
    before any route is drawn over it."""
    t = _tile_labels(
        tile, rotation % 6, Orientation(orientation), float(radius), location, _zoom_step(zoom)
    )
    return t.name, t.revenues, t.phase_revenues


def label_shapes(labels: Sequence[HexLabels]) -> list[tuple[str, str, Any]]:
    """(hex, what, shapely shape) of every label drawn, in map pixels: for tests and hit
    checks."""
    out = []
    for hl in labels:
        for kind, items in (
            ("row", hl.phase_revenues),
            ("revenue", hl.revenues),
            ("name", (hl.name,) if hl.name else ()),
        ):
            for item in items:
                out.append((hl.hex, kind, label_shape(item, hl.centre)))
    return out


def leaves_its_hex(name: PlaceName, orientation: Orientation | str, radius: float) -> bool:
    """Whether a place name (hex-local) reaches out of its hex, over another's fill (it is
    then drawn on a plate)."""
    return not _hex_polygon(Orientation(orientation), radius).contains(label_shape(name))


def text_height_px(item: Label, zoom: float) -> float:
    """The on-screen height of a label's text at ``zoom``."""
    if isinstance(item, PlaceName):
        return min(item.sizes) * zoom
    if isinstance(item, RevenueDisc):
        return item.radius * DISC_TEXT * zoom
    return item.box_height * ROW_TEXT * zoom
