"""Hit tests in hex-local coordinates."""

from __future__ import annotations

import math

from .values import Point, TileLayout


def token_space_at(layout: TileLayout, point: Point) -> int | None:
    """Index into ``tile.token_spaces`` of the token space containing ``point`` (hex-local)."""
    for n in layout.nodes:
        for sp in n.spaces:
            if math.hypot(point[0] - sp.centre[0], point[1] - sp.centre[1]) < sp.radius:
                return sp.index
    return None
