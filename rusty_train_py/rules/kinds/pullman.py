"""The ``pullman`` train kind: a train that runs no route of its own but rides with one other
route of the company's run and earns the value of one city or off-board that route counts
(18EU's Pullman: tobymao/18xx g_18_eu ``check_overlap``, "Pullman cannot be run alone",
"Pullman must reuse another route's city or off-board"; it needs no token and no connection
of its own, ``check_route_token`` and ``check_connected`` skip it).

The finder never places it on a path (``rides``): the runs (route/runs.py) hand it to each
other train in turn, as a bonus paid to one route of the run, and keep the best; with no other
train it earns nothing. On the route it rides with it is a route effect: the best value among
the counted cities and off-boards (``at``: only stops on those hexes, when a lock names the
stop), paid at that stop. One file: the kind, its effect and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import ModelRoute, Need, Pay, RouteEffect, TrainTable
from ..params import KindParams
from ..train_kinds import TRAIN_RULES, TrainKind

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, LinearExprT


@dataclass(frozen=True, slots=True)
class RideEffect(RouteEffect):
    """Pays the best of ``values`` (centre id -> what the rider earns there) among the route's
    counted stops, at that stop."""

    id: str
    values: tuple[tuple[int, int], ...]

    def centres(self) -> frozenset[int]:
        return frozenset(c for c, _ in self.values)

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        at = self.centres()
        return [None] if any(s in at for s in stops) else None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        values = dict(self.values)
        best: tuple[int, int] | None = None
        for i in sorted(chosen):
            v = values.get(stops[i])
            if v is not None and (best is None or v > best[1]):
                best = (i, v)
        return [] if best is None else [best]

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        picks = []
        for c, v in self.values:
            p = m.new_bool_var("")
            m.add_implication(p, route.counted[c])
            picks.append((v, p))
        if not picks:
            return 0
        m.add_at_most_one(p for _, p in picks)
        return sum(v * p for v, p in picks)


@TRAIN_RULES.register("pullman")
class PullmanTrain(TrainKind[KindParams]):
    """Rides with another route of the run: the value of one city or off-board it counts."""

    Params = KindParams
    rides = True

    def limit(self, p: KindParams) -> int | None:
        return 0

    def ride_effect(
        self, p: KindParams, t: TrainTable, name: str, at: Collection[str] | None = None
    ) -> RouteEffect | None:
        values = tuple(
            (c, t.base_value[c])
            for c in range(len(t.base_value))
            if t.is_major[c] and t.base_value[c] > 0 and (at is None or t.centre_hex(c) in at)
        )
        return RideEffect(name, values) if values else None

    def describe(self, p: KindParams) -> str:
        return "rides with another route: one of its cities or off-boards again"
