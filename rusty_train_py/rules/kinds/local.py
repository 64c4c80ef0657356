"""The ``local`` train kind (1822 and its maps: the L and LP trains): a route of at most
``cities`` cities and ``towns`` towns, every one paid, no off-board; the company's token city
alone is a route; and two local routes of one run never use the same city (tobymao/18xx
g_1822: the train's distance ``[{city: visit 1}, {town: visit 1}]``, a train of city visit 1
being ``local?``, whose route may be a single city; ``check_local_cities``: "Local train can
only use each token once"). One file: its limits on a path's stops (the check of a path and
the exact model derive from them; a route of one stop starts and ends at its city), and the
cities it holds against the other local trains.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..facts import Limit, StopFacts, TrainTable, weights
from ..params import KindParams
from ..registry import whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES, TrainKind


@dataclass(frozen=True, slots=True)
class LocalParams(KindParams):
    cities: int = 1
    towns: int = 1


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

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        p: LocalParams = t.params
        towns = [not major for major in t.is_major]
        return (
            Limit(weights(t.is_city, t.visit), most=p.cities),
            Limit(weights(towns, t.visit), most=p.towns),
            Limit(weights(t.is_offboard), most=0),  # the distance keeps paths off them too
        )

    def exclusive_centres(self, t: TrainTable) -> frozenset[int]:
        return frozenset(i for i, city in enumerate(t.is_city) if city)

    def describe(self, p: LocalParams) -> str:
        return (
            f"local: up to {p.cities} city and {p.towns} town, the token city alone a route,"
            " each city one local route"
        )
