"""Free spots: revenue discs, labels, terrain marks and names go where they hide the least of
what is already drawn (least overlap, computed with shapely)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ...grid.hexgrid import Orientation
from .curves import _dir, _mul
from .values import NAME_SIZE, NAME_WIDTH, Point, TextItem, _point


class _Occupancy:
    """What is already drawn, to place text and discs where they hide the least."""

    def __init__(self, hexp: Polygon):
        self.hexp = hexp
        self.inner = hexp.buffer(-0.03)
        self.geoms: list[BaseGeometry] = []
        self._union: BaseGeometry | None = None

    def add(self, geom: BaseGeometry | None) -> None:
        if geom is not None and not geom.is_empty:
            self.geoms.append(geom)
            self._union = None

    @property
    def union(self) -> BaseGeometry:
        if self._union is None:
            self._union = shapely.unary_union(self.geoms) if self.geoms else Polygon()
        return self._union

    def costs(self, shapes: Sequence[BaseGeometry], out_weight: float = 30.0) -> np.ndarray:
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
        self,
        shapes: Sequence[BaseGeometry],
        prefs: Sequence[float] | None = None,
        out_weight: float = 30.0,
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


def name_lines(location: str) -> list[str]:
    """A place name as drawn: a parenthesised remark goes on a second line."""
    if " (" in location:
        head, _, tail = location.partition(" (")
        return [head, "(" + tail]
    return [location]


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
    return _point(spots[i])


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
    assert best is not None  # the loop above always sets it
    _, spot, sz, box = best
    occ.add(box)
    return TextItem(_point(spot), text, sz, colour)
