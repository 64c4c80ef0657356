"""The ``towns_free`` train kind (1861/1867 N-trains): up to N cities and off-boards, every one
counted; the towns it passes use no distance of their own, and the best of them fill the
places the cities leave. ``split`` states the rule; ``fast`` is its hot path (checked against
the chooser by the tests), ``model_counting`` its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from ..facts import ModelTrain, StopFacts, TrainTable
from ..params import KindParams
from ..registry import whole
from ..train_kinds import TRAIN_RULES, Split, TrainKind, fill_best, split_fill

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import IntVar


@dataclass(frozen=True, slots=True)
class NStopsParams(KindParams):
    """A train that must name how many stops it counts."""

    stops: int


Q = TypeVar("Q", bound=NStopsParams)


class TownsPassFree(TrainKind[Q]):
    """Base of the kinds whose distance is their cities and off-boards, at most ``stops``; the
    towns they pass use none (``towns_free``, ``plus_towns``, ``n_plus_m``)."""

    def limit(self, p: Q) -> int | None:
        return p.stops

    def centre_cost(self, p: Q, c: StopFacts) -> int:
        return c.visit_cost if c.kind != "town" else 0


@TRAIN_RULES.register("towns_free")
class TownsFreeTrain(TownsPassFree[NStopsParams]):
    """Up to N cities/off-boards; towns passed freely, the best fill spare places (1861/1867)."""

    Params = NStopsParams
    keys = {"stops": whole(1)}

    def max_counted(self, p: NStopsParams) -> int | None:
        return p.stops

    @staticmethod
    def _room(e: TrainTable, stops: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
        forced = tuple(i for i, s in enumerate(stops) if e.is_major[s])
        limit: int | None = e.params.stops
        if limit is None:
            return forced, None
        return forced, limit - sum(e.visit[stops[i]] for i in forced)

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        forced, room = self._room(e, stops)
        if room is not None and room < 0:
            return None
        return split_fill(e, stops, forced, room)

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        if not e.visit_all_one:
            forced, room = self._room(e, stops)
            return -1 if room is not None and room < 0 else fill_best(e, stops, forced, room)
        # every stop costs 1 (the usual case): cities and off-boards, then the best towns
        worth = e.worth
        is_major = e.is_major
        total = 0
        count = 0
        towns = []
        for s in stops:
            if is_major[s]:
                total += worth[s]
                count += 1
            elif worth[s] > 0:
                towns.append(worth[s])
        limit: int = e.params.stops
        if count > limit:
            return -1
        room = limit - count
        if len(towns) > room:
            towns.sort(reverse=True)
            del towns[room:]
        return total + sum(towns)

    def describe(self, p: NStopsParams) -> str:
        return f"up to {p.stops} cities and off-boards, towns free"

    def model_counting(self, r: ModelTrain) -> list[IntVar]:
        e, v = r.t, r.visited
        counted = r.majors_counted()
        r.m.add(sum(e.visit[i] * counted[i] for i in range(len(v))) <= e.params.stops)
        return counted
