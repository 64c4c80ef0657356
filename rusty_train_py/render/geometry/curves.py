"""Track curves in a hex: small vector helpers, lines, arcs and Bezier curves, and the frame
giving the directions of a tile's edges in one rotation and orientation (unit radius)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from shapely.geometry import Polygon

from ...grid.hexgrid import Orientation, edge_angle
from .values import INRADIUS, Point


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
    data: tuple[Any, ...]  # by kind: (p0, p1); (centre, radius, a0, sweep); (p0, p1, p2, p3)

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


def _hex_polygon(orientation: Orientation, radius: float = 1.0) -> Polygon:
    return Polygon(_corners(orientation, radius))


def _corners(orientation: Orientation, radius: float = 1.0) -> list[Point]:
    return [_mul(_dir(edge_angle(orientation, k + 0.5)), radius) for k in range(6)]
