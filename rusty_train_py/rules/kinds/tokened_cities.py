"""The ``tokened_cities`` train kind (1822 and its maps: the E train): a train that runs any
distance, pays only the cities holding the company's token (each at the train's multiplier),
passes every other stop unpaid, and whose route starts and ends at such cities (tobymao/18xx
g_1822 ``check_distance``: "E-train route must start and end at tokened cities", and
``revenue_for``: a non-normal train sums the tokened cities only). Its own track class in the
game file lets it share track with the other trains (g_1822 ``check_overlap``). One file: the
check on a path's stops and what it pays (``split``, from which its fast path derives) and
its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..facts import ModelTrain, TrainTable
from ..params import KindParams
from ..train_kinds import TRAIN_RULES, Split, TrainKind, forced_sum

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import IntVar


def _paid(t: TrainTable, s: int) -> bool:
    return bool(t.is_city[s] and t.token[s])


@TRAIN_RULES.register("tokened_cities")
class TokenedCitiesTrain(TrainKind[KindParams]):
    """Unlimited distance; counts only the cities holding the company's token; its route
    starts and ends at such a city."""

    Params = KindParams
    keys = {}

    def split(self, t: TrainTable, stops: Sequence[int]) -> Split | None:
        if not (_paid(t, stops[0]) and _paid(t, stops[-1])):
            return None
        return Split(tuple(i for i, s in enumerate(stops) if _paid(t, s)), (), 0)

    def fast(self, t: TrainTable, stops: Sequence[int]) -> int | None:
        return forced_sum(t, stops, self.split(t, stops))

    def describe(self, p: KindParams) -> str:
        return "any distance, only the company's tokened cities paid, ends at them"

    def model_counting(self, r: ModelTrain) -> list[IntVar] | None:
        m, t, v = r.m, r.t, r.visited
        counted = r.fresh_counted()
        for i in range(len(v)):
            if t.is_city[i] and t.token[i]:
                m.add(counted[i] == v[i])
            else:
                m.add(counted[i] == 0)
                m.add(r.starts[i] == 0)
                m.add(r.ends[i] == 0)
        return counted
