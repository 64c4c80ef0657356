"""The ``end_again`` bonus kind: a stop on one of the listed hexes is paid again when it is an
end of the route and counted (1870-style destination runs pay the destination twice).

It pays the stop's own value for the train once more (column, doubling, multiplier; not the
stop bonuses paid at it, as tobymao/18xx g_1870 ``destination_revenue`` pays the stop's
``route_revenue``), at the stop. One file: its parameters, its effect and its statement in
the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import ModelRoute, Need, Pay, RouteEffect, TrainTable
from ..params import KindParams
from ..registry import strings

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class EndAgainParams(KindParams):
    at: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndAgainEffect(RouteEffect):
    id: str
    at: frozenset[int]

    def centres(self) -> frozenset[int]:
        return self.at

    @staticmethod
    def _own(t: TrainTable, c: int) -> int:
        """The stop's value for the train without the stop bonuses at it."""
        return int(t.worth[c] - sum(amount for _, amount in t.stop_bonuses[c]))

    def _ends(self, stops: Sequence[int]) -> list[int]:
        last = len(stops) - 1
        return [i for i in sorted({0, last}) if stops[i] in self.at]

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        ends = self._ends(stops)
        return [None, *(Need(must=frozenset((i,))) for i in ends)] if ends else None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        return [(i, self._own(t, stops[i])) for i in self._ends(stops) if i in chosen]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        terms = []
        for c in sorted(self.at):
            own = self._own(t, c)
            if not own:
                continue
            paid = m.new_bool_var("")
            m.add_implication(paid, route.counted[c])
            m.add(paid <= route.starts[c] + route.ends[c])
            terms.append(own * paid)
        return sum(terms)


@BONUS_KINDS.register("end_again")
class EndAgainBonus(BonusKind[EndAgainParams]):
    """A counted stop on ``at`` at an end of the route is paid again."""

    Params = EndAgainParams
    keys = {"at": strings}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: EndAgainParams = bonus.params
        at = frozenset(t.centres_on(p.at))
        if at:
            t.add_effect(EndAgainEffect(bonus.id, at))
