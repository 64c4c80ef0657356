"""The ``linked_port`` bonus kind: ports each linked to a city hex (18VA's ``PORT_TO_CITY``,
tobymao/18xx g_18_va ``check_port``: "Train cannot visit port without token in connecting
city"). A route may visit a port only while the company holds a token in its linked hex; a
train of ``pays_again`` counting a port and its linked city earns both again (18VA's
``freight_port_bonus``: freight trains double the port and its city). One file: its
parameters and its route effect (stated in the exact model).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import Need, Pay, RouteEffect
from ..facts import ModelRoute, TrainTable
from ..params import KindParams
from ..registry import RuleDataError, strings, table_of, text

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class LinkedPortParams(KindParams):
    ports: tuple[tuple[str, str], ...]  # port hex -> its linked city hex
    pays_again: tuple[str, ...] | None = None  # trains whose port and city pay twice


@dataclass(frozen=True, slots=True)
class LinkedPortEffect(RouteEffect):
    """``barred``: ports the route may not visit (no token in their linked hex); ``again``:
    (port centre, linked city centres, amount) paid when both are counted."""

    id: str
    barred: frozenset[int]
    again: tuple[tuple[int, frozenset[int], int], ...]

    def centres(self) -> frozenset[int]:
        return self.barred | frozenset(port for port, _, _ in self.again)

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        barred = frozenset(i for i, s in enumerate(stops) if s in self.barred)
        if barred:
            return [Need(excluded=barred)]  # every stop visited counts: the path cannot run
        return None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        counted = {stops[i]: i for i in chosen}
        out: list[Pay] = []
        for port, cities, amount in self.again:
            if port in counted and not cities.isdisjoint(counted):
                out.append((counted[port], amount))
        return out

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        for c in self.barred:
            m.add(route.visited[c] == 0)
        terms = []
        for port, cities, amount in self.again:
            p = m.new_bool_var("")
            m.add_implication(p, route.counted[port])
            m.add(p <= sum(route.counted[c] for c in sorted(cities)))
            terms.append(amount * p)
        return sum(terms) if terms else 0


def _ports(v: object, where: str) -> tuple[tuple[str, str], ...]:
    return table_of(text)(v, where)


@BONUS_KINDS.register("linked_port")
class LinkedPortBonus(BonusKind[LinkedPortParams]):
    """Ports open to the routes of a company holding a token in their linked hex; the trains
    of ``pays_again`` earn a port and its linked city twice."""

    Params = LinkedPortParams
    keys = {"ports": _ports, "pays_again": strings}
    hex_keys = ("ports",)

    def check(self, p: LinkedPortParams, where: str) -> None:
        for port, city in p.ports:
            if port == city:
                raise RuleDataError(f"{where}: port {port} is linked to itself")

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: LinkedPortParams = bonus.params
        again_trains = {x.upper() for x in p.pays_again or ()}
        barred: set[int] = set()
        again = []
        for port_hex, city_hex in p.ports:
            ports = t.centres_on((port_hex,))
            cities = [c for c in t.centres_on((city_hex,)) if t.is_city[c]][:1]  # the first
            if not any(t.token[c] for c in cities):
                barred.update(ports)
                continue
            if t.train_name.upper() not in again_trains:
                continue
            for port in ports:
                for city in cities:
                    amount = (t.worth[port] + t.worth[city]) * scale
                    again.append((port, frozenset((city,)), amount))
        if barred or again:
            t.add_effect(LinkedPortEffect(bonus.id, frozenset(barred), tuple(again)))
