"""The ``n_plus_m`` train kind: up to ``stops`` cities and off-boards, every one counted, plus
the best ``towns`` of the towns it passes, which use no distance. ``split`` states the rule
(the exact chooser takes it: no fast path of its own), ``model_counting`` its statement in
the exact model. ``n_plus_m_all`` (its own file) is the variant paying every stop visited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import ModelTrain, TrainTable
from ..registry import whole
from ..train_kinds import TRAIN_RULES, Split
from .towns_free import NStopsParams, TownsPassFree

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import IntVar


@dataclass(frozen=True, slots=True)
class CitiesPlusTownsParams(NStopsParams):
    towns: int


@TRAIN_RULES.register("n_plus_m")
class CitiesPlusTownsTrain(TownsPassFree[CitiesPlusTownsParams]):
    """Counts up to ``stops`` cities/off-boards plus up to ``towns`` towns."""

    Params = CitiesPlusTownsParams
    keys = {"stops": whole(1), "towns": whole(0)}

    def max_counted(self, p: CitiesPlusTownsParams) -> int | None:
        return p.stops + p.towns

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        forced = tuple(i for i, s in enumerate(stops) if e.is_major[s])
        if len(forced) > e.params.stops:
            return None
        optional = tuple(i for i, s in enumerate(stops) if not e.is_major[s])
        return Split(forced, optional, e.params.towns)

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        return None

    def describe(self, p: CitiesPlusTownsParams) -> str:
        return f"{p.stops} cities and off-boards + {p.towns} towns"

    def model_counting(self, r: ModelTrain) -> list[IntVar]:
        e, v = r.t, r.visited
        counted = r.majors_counted()
        r.m.add(sum(counted[i] for i in range(len(v)) if not e.is_major[i]) <= e.params.towns)
        return counted
