"""The ``ends_token_cities`` bonus kind: a route whose two ends are counted stops on hexes of
``at`` earns ``per_token`` for each counted city holding the company's token, at most
``most``; both amounts by the phase's newest tile colour (a colour not listed: nothing).

18EU's red-to-red bonus (tobymao/18xx g_18_eu ``revenue_for_red_to_red_bonus``: a route
ending at red hexes at both ends, per tokened city of the owner, capped, by phase: 2 none,
3-4 10 up to 10, 5-6 20 up to 80, 8 30 up to 150; the phases' newest colours are yellow,
green, brown and grey). One file: its parameters, its effect and its statement in the exact
model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, combinations
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import ModelRoute, Need, Pay, RouteEffect, TrainTable
from ..params import KindParams
from ..registry import RuleDataError, strings, table_of, whole

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class EndsTokenCitiesParams(KindParams):
    at: tuple[str, ...]
    per_token: tuple[tuple[str, int], ...]  # phase colour -> money per tokened city
    most: tuple[tuple[str, int], ...]  # phase colour -> the most it pays


@dataclass(frozen=True, slots=True)
class EndsTokenCitiesEffect(RouteEffect):
    id: str
    at: frozenset[int]
    per_token: int
    most: int

    def centres(self) -> frozenset[int]:
        return self.at

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        last = len(stops) - 1
        if stops[0] not in self.at or stops[last] not in self.at:
            return None
        # both ends counted, with each set of the company's cities on the way (a train that
        # may skip stops can earn more counting a poorer city that holds a token)
        tokened = [i for i in range(1, last) if t.is_city[stops[i]] and t.token[stops[i]]]
        out: list[Need | None] = [None]
        for subset in chain.from_iterable(
            combinations(tokened, k) for k in range(len(tokened) + 1)
        ):
            out.append(Need(must=frozenset((0, last, *subset))))
        return out

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        last = len(stops) - 1
        if 0 not in chosen or last not in chosen or stops[0] not in self.at:
            return []
        if stops[last] not in self.at:
            return []
        cities = sum(1 for i in chosen if t.is_city[stops[i]] and t.token[stops[i]])
        amount = min(self.per_token * cities, self.most)
        return [(None, amount)] if amount else []

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        red = sorted(self.at)
        ends = []
        for at_end in (route.starts, route.ends):
            here = []
            for c in red:
                x = m.new_bool_var("")
                m.add_implication(x, at_end[c])
                m.add_implication(x, route.counted[c])
                here.append(x)
            ends.append(here)
        both = m.new_bool_var("")
        m.add(both <= sum(ends[0]))
        m.add(both <= sum(ends[1]))
        pay = m.new_int_var(0, self.most, "")
        m.add(pay <= self.most * both)
        tokened = [c for c in range(len(t.token)) if t.is_city[c] and t.token[c]]
        m.add(pay <= self.per_token * sum(route.counted[c] for c in tokened))
        return pay


def _amount(table: tuple[tuple[str, int], ...], colours: tuple[str, ...]) -> int:
    by_colour = dict(table)
    for colour in reversed(colours):
        if colour in by_colour:
            return by_colour[colour]
    return 0


@BONUS_KINDS.register("ends_token_cities")
class EndsTokenCitiesBonus(BonusKind[EndsTokenCitiesParams]):
    """Both ends on ``at``: ``per_token`` per counted city with the company's token, at most
    ``most`` (by the phase's newest colour)."""

    Params = EndsTokenCitiesParams
    keys = {"at": strings, "per_token": table_of(whole(0)), "most": table_of(whole(0))}
    hex_keys = ("at",)

    def check(self, p: EndsTokenCitiesParams, where: str) -> None:
        colours = ("yellow", "green", "brown", "grey")
        for name, table in (("per_token", p.per_token), ("most", p.most)):
            for colour, _ in table:
                if colour not in colours:
                    raise RuleDataError(
                        f"{where}: {name} names {colour!r}, not a tile colour"
                        f" ({', '.join(colours)})"
                    )

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: EndsTokenCitiesParams = bonus.params
        per = _amount(p.per_token, t.phase_colours) * scale
        most = _amount(p.most, t.phase_colours) * scale
        at = frozenset(t.centres_on(p.at))
        if at and per and most:
            t.add_effect(EndsTokenCitiesEffect(bonus.id, at, per, most))
