"""The ``n_plus_m_all`` train kind: an N+M train that is paid every stop it visits, at most N
cities and off-boards and at most N+M stops in all, so a town takes one of the M places or,
when they are full, one of the N (18GB, 1880, 1894 ...: tobymao/18xx distance rows
``{town: M}`` and ``{city, offboard, town: N}``, each visit paid; the engine's
``check_distance`` fills the shared row with cities and off-boards first). Unlike
``n_plus_m`` (towns passed freely, the best M paid) a town uses distance here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..facts import TrainTable
from ..registry import whole
from ..train_kinds import TRAIN_RULES, CitiesPlusTownsParams, TrainKind

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


def _within(t: TrainTable, stops: Sequence[int]) -> bool:
    p: CitiesPlusTownsParams = t.params
    majors = sum(t.visit[s] for s in stops if t.is_major[s])
    return (
        majors <= p.stops
        and majors + sum(t.visit[s] for s in stops if not t.is_major[s]) <= p.stops + p.towns
    )


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

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return _within(t, stops)  # then every stop counts (the base split and fast)

    def describe(self, p: CitiesPlusTownsParams) -> str:
        return (
            f"{p.stops} cities and off-boards + {p.towns} towns, every stop paid"
            f" (a town may take a city's place)"
        )

    def model_counting(
        self,
        m: CpModel,
        t: TrainTable,
        v: list[IntVar],
        s: list[IntVar],
        end: list[IntVar],
        run: IntVar,
        tokens: list[int],
    ) -> list[IntVar]:
        p: CitiesPlusTownsParams = t.params
        majors = [i for i in range(len(v)) if t.is_major[i]]
        m.add(sum(t.visit[i] * v[i] for i in majors) <= p.stops)
        m.add(sum(t.visit[i] * v[i] for i in range(len(v))) <= p.stops + p.towns)
        return v
