"""The ``connection_run`` bonus kind: a run of one company in which one train must run from its
home to its destination (1870's connection run, made when the company reaches its
destination: tobymao/18xx g_1870 ``check_route_combination``, "At least one train has to run
from the home station to the destination"). It pays nothing; it is a rule of the run.

It is handed to one train of the run (``once_per_run``: the finder tries each train in turn),
and that train must run a route both of whose ends are on ``home`` or ``at``: the effect
``allows`` no other route of it and is ``required`` (the train may not stay idle). Routes of
other companies are not touched: the kind reads the running company from the train table.
One file: its parameters, its effect and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import ModelRoute, RouteEffect, TrainTable
from ..params import KindParams
from ..registry import strings, text

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class ConnectionRunParams(KindParams):
    company: str
    home: tuple[str, ...]
    at: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConnectionRunEffect(RouteEffect):
    """The train must run a route whose two ends are both among ``ends`` (centre ids)."""

    id: str
    ends: frozenset[int]
    required = True

    def allows(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return stops[0] in self.ends and stops[-1] in self.ends

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        n = len(route.starts)
        m.add(sum(route.starts) >= 1)  # it runs
        for c in range(n):
            if c not in self.ends:
                m.add(route.starts[c] == 0)
                m.add(route.ends[c] == 0)
        return 0


@BONUS_KINDS.register("connection_run")
class ConnectionRunBonus(BonusKind[ConnectionRunParams]):
    """One train of ``company``'s run runs between ``home`` and ``at`` (both ends there)."""

    Params = ConnectionRunParams
    keys = {"company": text, "home": strings, "at": strings}
    hex_keys = ("home", "at")

    def once_per_run(self, p: ConnectionRunParams) -> bool:
        return True

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p = bonus.params
        if t.company != p.company:
            return
        t.add_effect(ConnectionRunEffect(bonus.id, frozenset(t.centres_on((*p.home, *p.at)))))
