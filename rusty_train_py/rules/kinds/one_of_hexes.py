"""The ``one_of_hexes`` bonus kind: a route visits at most one revenue centre on the hexes of
``at`` (18Neb's North and South Chicago, L4 and L6: tobymao/18xx g_18_neb ``check_other``
refuses a route whose stops hold both).

It pays nothing. The engine reads the route's paid stops; both Chicagos are terminal, so a
route visiting both has them as its two ends, and one left unpaid can be cut off the route for
the same paid stops and revenue: the best run is the same when no route visits two. One
file: its parameters, its effect and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import ModelRoute, Need, RouteEffect, TrainTable
from ..params import KindParams
from ..registry import strings

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class OneOfHexesParams(KindParams):
    at: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OneOfHexesEffect(RouteEffect):
    """A path visiting two centres of ``at`` gets one impossible alternative; the exact model
    lets a route visit one of them at most."""

    id: str
    at: frozenset[int]

    def centres(self) -> frozenset[int]:
        return self.at

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        pos = frozenset(i for i, s in enumerate(stops) if s in self.at)
        return [Need(must=pos, excluded=pos)] if len(pos) > 1 else None

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        m.add(sum(route.visited[c] for c in sorted(self.at)) <= 1)
        return 0


@BONUS_KINDS.register("one_of_hexes")
class OneOfHexesBonus(BonusKind[OneOfHexesParams]):
    """A route visits at most one revenue centre on the hexes of ``at``."""

    Params = OneOfHexesParams
    keys = {"at": strings}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: OneOfHexesParams = bonus.params
        at = frozenset(t.centres_on(p.at))
        if len(at) > 1:
            t.add_effect(OneOfHexesEffect(bonus.id, at))
