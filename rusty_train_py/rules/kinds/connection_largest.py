"""The ``connection_largest`` bonus kind: once per route counting a stop in ``at`` and another
in ``with_any``, the worth of the route's largest counted stop once more (18Neb's east-west
bonus: tobymao/18xx g_18_neb ``east_west_bonus``, a route whose stops hold an E and a W label
earns ``stops.map { |s| s.route_revenue(phase, train) }.max`` again).

The largest is read on the stop's worth for the train (its value in the phase times the
train's multipliers), stop bonuses left out, as the engine's ``route_revenue``. One file: its
parameters, its effect and its statement in the exact model.
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
class ConnectionLargestParams(KindParams):
    at: tuple[str, ...]
    with_any: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConnectionLargestEffect(RouteEffect):
    """Paid to the route: the largest ``base_worth`` of its counted stops, once, when they hold
    a centre of ``side_a`` and another of ``side_b``."""

    id: str
    side_a: frozenset[int]
    side_b: frozenset[int]

    def centres(self) -> frozenset[int]:
        return self.side_a | self.side_b

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        ia = [i for i, s in enumerate(stops) if s in self.side_a]
        ib = [j for j, s in enumerate(stops) if s in self.side_b]
        if not ia or not ib:
            return None
        # the pair counted, and each other stop that may be the largest counted with it (the
        # chooser fills the rest by worth, which stop bonuses may order otherwise)
        out: list[Need | None] = [None]
        for i in ia:
            for j in ib:
                if i == j:
                    continue
                out.append(Need(must=frozenset((i, j))))
                out.extend(
                    Need(must=frozenset((i, j, k)))
                    for k, s in enumerate(stops)
                    if k not in (i, j) and t.base_worth[s] > 0
                )
        return out

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        counted = [stops[i] for i in chosen]
        a = [c for c in counted if c in self.side_a]
        b = [c for c in counted if c in self.side_b]
        if not any(x != y for x in a for y in b):
            return []
        return [(None, max(t.base_worth[c] for c in counted))]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        # ``paid``: a centre of each side counted (two centres: the sides may share one);
        # then one counted stop picked, the model maximising picks the largest
        counted = route.counted
        pairs = []
        for x in sorted(self.side_a):
            for y in sorted(self.side_b):
                if x != y:
                    p = m.new_bool_var("")
                    m.add_implication(p, counted[x])
                    m.add_implication(p, counted[y])
                    pairs.append(p)
        if not pairs:
            return 0
        paid = m.new_bool_var("")
        m.add(paid <= sum(pairs))
        picks = []
        for c, worth in enumerate(t.base_worth):
            if worth > 0:
                q = m.new_bool_var("")
                m.add_implication(q, counted[c])
                picks.append((worth, q))
        if not picks:
            return 0
        m.add(sum(q for _, q in picks) <= paid)
        return sum(w * q for w, q in picks)


@BONUS_KINDS.register("connection_largest")
class ConnectionLargestBonus(BonusKind[ConnectionLargestParams]):
    """Once per route counting a stop in ``at`` and another in ``with_any``: the worth of the
    route's largest counted stop again."""

    Params = ConnectionLargestParams
    keys = {"at": strings, "with_any": strings}
    hex_keys = ("at", "with_any")

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: ConnectionLargestParams = bonus.params
        a = frozenset(t.centres_on(p.at))
        b = frozenset(t.centres_on(p.with_any))
        if a and b:
            t.add_effect(ConnectionLargestEffect(bonus.id, a, b))
