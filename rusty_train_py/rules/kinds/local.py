"""The ``local`` train kind (1822 and its maps: the L and LP trains): a route of at most
``cities`` cities and ``towns`` towns, every one paid, no off-board; the company's token city
alone is a route; and two local routes of one run never use the same city (tobymao/18xx
g_1822: the train's distance ``[{city: visit 1}, {town: visit 1}]``, a train of city visit 1
being ``local?``, whose route may be a single city; ``check_local_cities``: "Local train can
only use each token once"). One file: the check on a path's stops, what it pays, the cities
it holds against the other local trains, and its statement in the exact model (where a
route of one stop starts and ends at its city).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import StopFacts, TrainTable
from ..params import KindParams
from ..registry import whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES, TrainKind

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


@dataclass(frozen=True, slots=True)
class LocalParams(KindParams):
    cities: int = 1
    towns: int = 1


def _within(t: TrainTable, stops: Sequence[int]) -> bool:
    p: LocalParams = t.params
    cities = sum(t.visit[s] for s in stops if t.is_city[s])
    towns = sum(t.visit[s] for s in stops if not t.is_major[s])
    return cities <= p.cities and towns <= p.towns


@TRAIN_RULES.register("local")
class LocalTrain(TrainKind[LocalParams]):
    """Up to ``cities`` cities and ``towns`` towns (default 1 and 1), all paid, no
    off-board; the token city alone is a route; one local route per city in a run."""

    Params = LocalParams
    keys = {"cities": whole(1), "towns": whole(0)}

    def limit(self, p: LocalParams) -> int | None:
        return p.cities + p.towns

    def centre_cost(self, p: LocalParams, c: StopFacts) -> int:
        return NO_ROUTE if c.kind == "offboard" else c.visit_cost

    def min_stops(self, p: LocalParams) -> int:
        return 1

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return _within(t, stops)  # then every stop counts (the base split and fast)

    def exclusive_centres(self, t: TrainTable) -> frozenset[int]:
        return frozenset(i for i, city in enumerate(t.is_city) if city)

    def model_counting(
        self,
        m: CpModel,
        t: TrainTable,
        v: list[IntVar],
        s: list[IntVar],
        end: list[IntVar],
        run: IntVar,
        tokens: list[int],
    ) -> list[IntVar] | None:
        p: LocalParams = t.params
        cities = [i for i in range(len(v)) if t.is_city[i]]
        towns = [i for i in range(len(v)) if not t.is_major[i]]
        m.add(sum(t.visit[i] * v[i] for i in cities) <= p.cities)
        m.add(sum(t.visit[i] * v[i] for i in towns) <= p.towns)
        for i in range(len(v)):
            if t.is_offboard[i]:
                m.add(v[i] == 0)
        return v

    def describe(self, p: LocalParams) -> str:
        return (
            f"local: up to {p.cities} city and {p.towns} town, the token city alone a route,"
            " each city one local route"
        )
