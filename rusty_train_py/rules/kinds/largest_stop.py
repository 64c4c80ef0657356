"""The ``largest_stop`` bonus kind: a counted stop on one of the listed hexes adds the worth of
the route's largest counted stop (1894's Luxembourg, worth the largest stop of the route, and
its London bonus, London raised by the largest other stop for the company holding a token on
the bonus hex: tobymao/18xx g_1894 ``luxembourg_value``, ``london_bonus``).

``others_only`` leaves the stop itself out of the largest (London's bonus); ``token_at``
limits the bonus to a company holding a token on one of those hexes. The worth read is the
stop's worth for the train (1894 has no multiplying train, where worth is the printed value
of the phase). One file: its parameters, its effect and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import ModelRoute, Need, Pay, RouteEffect, TrainTable
from ..params import KindParams
from ..registry import flag, strings

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class LargestStopParams(KindParams):
    at: tuple[str, ...]
    others_only: bool | None = None  # None: the stop itself may be the largest
    token_at: tuple[str, ...] | None = None  # None: every company


@dataclass(frozen=True, slots=True)
class LargestStopEffect(RouteEffect):
    id: str
    at: frozenset[int]
    others_only: bool

    def centres(self) -> frozenset[int]:
        return self.at

    def _largest(self, t: TrainTable, stops: Sequence[int], chosen: set[int], i: int) -> int:
        values = [t.worth[stops[j]] for j in chosen if not (self.others_only and j == i)]
        return max(values, default=0)

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        pos = [i for i, s in enumerate(stops) if s in self.at]
        return [None, *(Need(must=frozenset((i,))) for i in pos)] if pos else None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        return [
            (i, self._largest(t, stops, chosen, i)) for i in sorted(chosen) if stops[i] in self.at
        ]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        # Per stop of ``at``: one chosen stop among the counted ones when it is counted; the
        # model maximises, so the chosen one is the largest.
        terms: list[LinearExprT] = []
        for a in sorted(self.at):
            picks = []
            for c in range(len(t.worth)):
                if t.worth[c] <= 0 or (self.others_only and c == a):
                    continue
                p = m.new_bool_var("")
                m.add_implication(p, route.counted[c])
                picks.append((t.worth[c], p))
            if not picks:
                continue
            m.add(sum(p for _, p in picks) <= route.counted[a])
            terms.extend(v * p for v, p in picks)
        return sum(terms)


@BONUS_KINDS.register("largest_stop")
class LargestStopBonus(BonusKind[LargestStopParams]):
    """A counted stop on ``at`` adds the worth of the route's largest counted stop."""

    Params = LargestStopParams
    keys = {"at": strings, "others_only": flag, "token_at": strings}
    hex_keys = ("at", "token_at")

    def token_hexes(self, p: LargestStopParams) -> tuple[str, ...]:
        return p.token_at or ()

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: LargestStopParams = bonus.params
        if p.token_at is not None and not any(t.token[c] for c in t.centres_on(p.token_at)):
            return
        at = frozenset(t.centres_on(p.at))
        if at:
            t.add_effect(LargestStopEffect(bonus.id, at, bool(p.others_only)))
