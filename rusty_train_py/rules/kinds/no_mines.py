"""The ``no_mines`` train kind (1824's N-trains; tobymao/18xx g_1837 ``check_other``: "Only
goods trains can visit a mine"): an N-train counting every stop it visits, whose route may
not visit a hex of the game's ``[rules] mines``. One file: its limit on a path's stops (the
check of a path and the exact model derive from it).
"""

from __future__ import annotations

from ..facts import Limit, TrainTable
from ..train_kinds import TRAIN_RULES
from .goods import mine_weights
from .stops import StopsParams, StopsTrain


@TRAIN_RULES.register("no_mines")
class NoMinesTrain(StopsTrain):
    """As ``stops``; the route visits no mine."""

    readings = ("mines",)

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        return (Limit(mine_weights(t), most=0),)

    def describe(self, p: StopsParams) -> str:
        return super().describe(p) + ", no mine"
