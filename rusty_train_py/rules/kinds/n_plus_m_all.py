"""The ``n_plus_m_all`` train kind: an N+M train that is paid every stop it visits, at most N
cities and off-boards and at most N+M stops in all, so a town takes one of the M places or,
when they are full, one of the N (18GB, 1880, 1894 ...: tobymao/18xx distance rows
``{town: M}`` and ``{city, offboard, town: N}``, each visit paid; the engine's
``check_distance`` fills the shared row with cities and off-boards first). Unlike
``n_plus_m`` (towns passed freely, the best M paid) a town uses distance here. One file: its
limits on a path's stops (the check of a path and the exact model derive from them).
"""

from __future__ import annotations

from ..facts import Limit, TrainTable, weights
from ..registry import whole
from ..train_kinds import TRAIN_RULES, TrainKind
from .n_plus_m import CitiesPlusTownsParams


@TRAIN_RULES.register("n_plus_m_all")
class CitiesPlusTownsAllTrain(TrainKind[CitiesPlusTownsParams]):
    """Every stop visited paid: at most ``stops`` cities/off-boards, ``stops`` + ``towns`` in
    all."""

    Params = CitiesPlusTownsParams
    keys = {"stops": whole(1), "towns": whole(0)}

    def limit(self, p: CitiesPlusTownsParams) -> int | None:
        return p.stops + p.towns

    def max_counted(self, p: CitiesPlusTownsParams) -> int | None:
        return p.stops + p.towns

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        p: CitiesPlusTownsParams = t.params
        return (
            Limit(weights(t.is_major, t.visit), most=p.stops),
            Limit(tuple(t.visit), most=p.stops + p.towns),
        )

    def describe(self, p: CitiesPlusTownsParams) -> str:
        return (
            f"{p.stops} cities and off-boards + {p.towns} towns, every stop paid"
            f" (a town may take a city's place)"
        )
