"""The ``port_share`` bonus kind (1850Jr's ports, tobymao/18xx g_1850_jr ``revenue_for``): a
route counting a stop on ``at`` must count at least ``min_stops`` stops, and it earns
``percent`` per cent of its counted stops' worth again, rounded down to ``round_to``
(``revenue += (revenue / 2).floor(-1)``, the ports paying nothing themselves). Paid once per
route, however many ports it counts. One file: its parameters, the effect and its statement
in the exact model (a minimum of stops and one integer division).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import port_needs
from ..facts import ModelRoute, Need, Pay, RouteEffect, TrainTable
from ..params import KindParams
from ..registry import strings, whole

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT

REVENUE_CAP = 10**6  # far above any route's revenue (the model's variables need bounds)


@dataclass(frozen=True, slots=True)
class PortShareParams(KindParams):
    at: tuple[str, ...]
    min_stops: int
    percent: int
    round_to: int


def share(revenue: int, percent: int, round_to: int) -> int:
    """``percent`` per cent of ``revenue`` (0 or more), rounded down to ``round_to``
    (Ruby's ``(revenue / 2).floor(-1)`` for 50 and 10: nested floors compose)."""
    return revenue * percent // (100 * round_to) * round_to


@dataclass(frozen=True, slots=True)
class PortShareEffect(RouteEffect):
    """A route counting one of ``ports`` needs ``min_stops`` counted stops and earns
    ``percent`` per cent of its counted stops' worth again, rounded down to ``round_to``
    (paid to the route)."""

    id: str
    ports: frozenset[int]
    min_stops: int
    percent: int
    round_to: int

    def centres(self) -> frozenset[int]:
        return self.ports

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        return port_needs(self.ports, self.min_stops, stops)

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        if not any(stops[i] in self.ports for i in chosen):
            return []
        worth = sum(t.worth[stops[i]] for i in chosen)
        return [(None, share(max(worth, 0), self.percent, self.round_to))]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        counted = route.counted
        ports = sorted(self.ports)
        if not ports:
            return 0
        n_counted = sum(counted)
        for c in ports:  # a counted port: at least min_stops counted stops
            m.add(n_counted >= self.min_stops).only_enforce_if(counted[c])
        worth = sum(t.worth[i] * counted[i] for i in range(len(counted)) if t.worth[i])
        base = m.new_int_var(0, REVENUE_CAP, "")  # the worth, 0 if below
        m.add_max_equality(base, [worth, 0])
        units = m.new_int_var(0, REVENUE_CAP, "")
        m.add_division_equality(units, base * self.percent, 100 * self.round_to)
        paid = m.new_bool_var("")  # the route counts a port
        m.add(paid <= sum(counted[c] for c in ports))
        earned = m.new_int_var(0, REVENUE_CAP, "")
        m.add(earned <= units)
        m.add(earned <= REVENUE_CAP * paid)
        return self.round_to * earned


@BONUS_KINDS.register("port_share")
class PortShareBonus(BonusKind[PortShareParams]):
    """A route counting a stop on ``at`` needs ``min_stops`` counted stops and earns
    ``percent`` per cent of its stops' worth again, rounded down to ``round_to``."""

    Params = PortShareParams
    keys = {
        "at": strings,
        "min_stops": whole(1),
        "percent": whole(1, 1000),
        "round_to": whole(1),
    }
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: PortShareParams = bonus.params
        ports = frozenset(t.centres_on(p.at))
        if ports:
            t.add_effect(PortShareEffect(bonus.id, ports, p.min_stops, p.percent, p.round_to))
