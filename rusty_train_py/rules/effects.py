"""Route effects: what a bonus adds to a route beyond the worth of its counted stops.

A bonus kind compiles into stop bonuses (money at a stop, folded into the stop's worth) and
effects. An effect tells the finder, for one path:

- ``needs``: the alternatives the exact chooser tries (None: nothing asked; a ``Need``: stops
  that must be counted, may not be counted, or a least count), or None when it cannot matter;
- ``pays``: what it adds for a choice of counted stops, each amount at a stop (a position of
  the path) or to the route as a whole (None), so the stops' earnings add up to the route;
- ``model``: its revenue term in the exact CP-SAT model (route/exact.py), or None when the
  model cannot state it (the finder then enumerates paths).

``centres`` are the centres that make it matter (a path touching none of them takes the
train kind's fast sum), ``per_visit`` money per stop visited whatever is counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .facts import ModelRoute, Need, Pay, RouteEffect, TrainTable

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


__all__ = [
    "BarredEffect",
    "ModelRoute",
    "Need",
    "OnceAtEffect",
    "PairEffect",
    "Pay",
    "PerVisitEffect",
    "PortEffect",
    "RouteEffect",
    "port_needs",
]


@dataclass(frozen=True, slots=True)
class PairEffect(RouteEffect):
    """Pays once per route whose counted stops hold a stop of one side and one of the other
    (centre id -> value on each side); the best pair when several match. Paid to the route."""

    id: str
    options: tuple[tuple[Mapping[int, int], Mapping[int, int]], ...]
    side_a: frozenset[int] = field(init=False)
    side_b: frozenset[int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "side_a", frozenset(c for a, _ in self.options for c in a))
        object.__setattr__(self, "side_b", frozenset(c for _, b in self.options for c in b))

    def centres(self) -> frozenset[int]:
        return self.side_a | self.side_b

    def best(self, counted: set[int] | frozenset[int]) -> int | None:
        best = None
        for a, b in self.options:
            for x, va in a.items():
                if x not in counted:
                    continue
                for y, vb in b.items():
                    if y != x and y in counted and (best is None or va + vb > best):
                        best = va + vb
        return best

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        ia = [i for i, s in enumerate(stops) if s in self.side_a]
        if not ia:
            return None
        ib = [j for j, s in enumerate(stops) if s in self.side_b]
        if not ib:
            return None
        pos = [
            Need(must=frozenset((i, j)))
            for i in ia
            for j in ib
            if i != j and any(stops[i] in a and stops[j] in b for a, b in self.options)
        ]
        return [None, *pos] if pos else None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        amount = self.best({stops[i] for i in chosen})
        return [] if amount is None else [(None, amount)]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        counted = route.counted
        pays = []
        for a, b in self.options:
            for x, va in a.items():
                for y, vb in b.items():
                    if x != y:
                        p = m.new_bool_var("")
                        m.add_implication(p, counted[x])
                        m.add_implication(p, counted[y])
                        pays.append((va + vb, p))
        if not pays:
            return 0
        m.add_at_most_one(p for _, p in pays)
        return sum(a * p for a, p in pays)


@dataclass(frozen=True, slots=True)
class BarredEffect(RouteEffect):
    """A route may not visit a centre of ``at`` (1894's London without the ferry marker,
    18VA's ports without a token in their linked city): a path visiting one gets one
    impossible alternative, the exact model keeps the route off them."""

    id: str
    at: frozenset[int]

    def centres(self) -> frozenset[int]:
        return self.at

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        pos = frozenset(i for i, s in enumerate(stops) if s in self.at)
        return [Need(must=pos, excluded=pos)] if pos else None

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        for c in sorted(self.at):
            m.add(route.visited[c] == 0)
        return 0


def port_needs(
    ports: frozenset[int], min_stops: int, stops: Sequence[int]
) -> list[Need | None] | None:
    """A path's ports either not counted or counted with ``min_stops`` counted stops."""
    at = frozenset(i for i, s in enumerate(stops) if s in ports)
    if not at:
        return None
    return [Need(excluded=at), Need(min_stops=min_stops, at=at)]


@dataclass(slots=True)
class PortEffect(RouteEffect):
    """A route counting one of ``ports`` needs ``min_stops`` counted stops; with ``per_token``
    the port pays its worth once per counted city holding the company's token (paid at the
    port). Not stated in the exact model."""

    id: str
    ports: frozenset[int]
    min_stops: int
    per_token: bool
    port_value: dict[int, int] = field(default_factory=dict)
    modelled = False

    def centres(self) -> frozenset[int]:
        return self.ports

    def finalize(self, t: TrainTable) -> None:
        if self.per_token:
            for port in self.ports:
                self.port_value[port] = t.worth[port]
                t.worth[port] = 0

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        return port_needs(self.ports, self.min_stops, stops)

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        if not self.per_token:
            return []
        counted = {stops[i] for i in chosen}
        cities = sum(1 for c in counted if t.token[c] and t.is_city[c] and c not in self.ports)
        return [
            (i, self.port_value[stops[i]] * cities)
            for i in sorted(chosen)
            if stops[i] in self.ports
        ]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        return None


@dataclass(frozen=True, slots=True)
class PerVisitEffect(RouteEffect):
    """Money per stop the route visits, counted or not (1846 Mail Contract); to the route."""

    id: str
    per_visit: int

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        return [(None, self.per_visit * len(stops))]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        return self.per_visit * sum(route.visited)


@dataclass(frozen=True, slots=True)
class OnceAtEffect(RouteEffect):
    """``amount`` once per route counting any of ``at`` (centre ids), paid at the first such
    counted stop."""

    id: str
    at: frozenset[int]
    amount: int

    def centres(self) -> frozenset[int]:
        return self.at

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        pos = [i for i, s in enumerate(stops) if s in self.at]
        return [None, *(Need(must=frozenset((i,))) for i in pos)] if pos else None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        first = next((i for i in sorted(chosen) if stops[i] in self.at), None)
        return [] if first is None else [(first, self.amount)]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        p = m.new_bool_var("")
        m.add(p <= sum(route.counted[c] for c in sorted(self.at)))
        return self.amount * p
