"""Tile-lay partitions: a line printed across a hex from one corner to another (a river, a
county line) that track laid there may not cross, in the games whose rules say so.

A partition joins corner ``a`` to corner ``b`` (0-5: corner k is where side k-1 meets side k,
as 18xx.games numbers them), splitting the six sides into an *inner* side (sides a .. b-1 of
the lower and higher corner) and an *outer* side (the others). It stays on the hex through every
upgrade. Whether partitions restrict tile lays is the game's rule, not the partition's: the
18xx.games engine ignores them unless a title checks them (1870 while its river company is
open, 18Mag), so a game file says ``partitions_block = true`` in ``[rules]``. Then a tile may
not join a side of one part to a side of the other by track (track ending at a town or city
on the line may reach both), and with ``restrict`` (``inner`` or ``outer``) every track side of
the tile must lie in that part (1870's river towns and cities). The ``type`` (``water``,
``divider``, ``province``) says how it is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

PARTITION_TYPES = ("water", "divider", "province")
RESTRICTS = ("inner", "outer")


@dataclass(frozen=True, slots=True)
class Partition:
    """One partition line of a printed hex (``partition=a:0+,b:3,type:water,restrict:inner``).

    ``a_sign``/``b_sign`` (-1, 0, +1) draw an end a little before or after its corner and
    ``length`` (0-1) draws a shorter line; neither changes the rule."""

    a: int
    b: int
    type: str
    restrict: str = ""
    a_sign: int = 0
    b_sign: int = 0
    length: float | None = None

    @property
    def inner(self) -> frozenset[int]:
        """The sides between the two corners, from the lower corner on."""
        lo, hi = sorted((self.a, self.b))
        return frozenset(range(lo, hi))

    @property
    def outer(self) -> frozenset[int]:
        return frozenset(range(6)) - self.inner

    def refuses(self, track_edges: frozenset[int], through: Iterable[tuple[int, int]]) -> bool:
        """Whether a tile whose track reaches ``track_edges`` and joins the side pairs
        ``through`` (track running from side to side, junctions included) breaks the rule."""
        if self.restrict == "inner":
            return not track_edges <= self.inner
        if self.restrict == "outer":
            return not track_edges <= self.outer
        inner = self.inner
        return any((x in inner) != (y in inner) for x, y in through)

    def describe(self) -> str:
        """What a refused tile does, for the message naming the hex (upgrades.py)."""
        line = f"the {self.type} partition from corner {self.a} to corner {self.b}"
        if self.restrict:
            return f"would put track outside the {self.restrict} side of {line}"
        return f"would cross {line}"
