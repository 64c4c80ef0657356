"""The ``no_mines`` train kind (1824's N-trains; tobymao/18xx g_1837 ``check_other``: "Only
goods trains can visit a mine"): an N-train counting every stop it visits, whose route may
not visit a hex of the game's ``[rules] mines``. One file: the check on a path's stops and
its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..facts import TrainTable
from ..train_kinds import TRAIN_RULES, StopsParams, StopsTrain
from .goods import mine_centres

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


def _no_mine(t: TrainTable, stops: Sequence[int]) -> bool:
    mines: frozenset[int] = t.state
    return not any(s in mines for s in stops)


@TRAIN_RULES.register("no_mines")
class NoMinesTrain(StopsTrain):
    """As ``stops``; the route visits no mine."""

    readings = ("mines",)

    def prepare(self, t: TrainTable) -> frozenset[int]:
        return mine_centres(t)

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return _no_mine(t, stops)

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
        mines: frozenset[int] = t.state
        for i in sorted(mines):
            m.add(v[i] == 0)
        return v

    def describe(self, p: StopsParams) -> str:
        return super().describe(p) + ", no mine"
