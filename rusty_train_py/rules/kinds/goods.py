"""The ``goods`` train kind (1824's ``g`` trains; tobymao/18xx g_1837 ``check_other`` and
``revenue_for``): an N+ train (N cities and off-boards, every town paid and using no
distance) whose route must visit exactly one mine, a hex of the game's ``[rules] mines``.
The mine uses one of the N but pays the company's treasury, not the route (the engine's
``routes_subsidy``), so it is worth nothing here. One file: its limit on a path's stops (the
check of a path and the exact model derive from it).
"""

from __future__ import annotations

from ..facts import Limit, TrainTable
from ..train_kinds import TRAIN_RULES
from .plus_towns import PlusTownsParams, PlusTownsTrain


def mine_centres(t: TrainTable) -> frozenset[int]:
    """The centres of the track graph on the game's mine hexes."""
    return frozenset(t.centres_on(t.readings.get("mines", ())))


def mine_weights(t: TrainTable) -> tuple[int, ...]:
    """1 per centre on a mine hex, else 0."""
    mines = mine_centres(t)
    return tuple(1 if c in mines else 0 for c in range(len(t.worth)))


@TRAIN_RULES.register("goods")
class GoodsTrain(PlusTownsTrain):
    """As ``plus_towns``; the route visits exactly one mine, which pays the route nothing."""

    readings = ("mines",)

    def prepare(self, t: TrainTable) -> None:
        for c in mine_centres(t):
            t.worth[c] = 0  # paid to the treasury, outside the route's revenue

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        return (Limit(mine_weights(t), most=1, least=1),)

    def describe(self, p: PlusTownsParams) -> str:
        return super().describe(p) + ", exactly one mine (paid to the company, not the route)"
