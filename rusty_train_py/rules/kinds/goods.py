"""The ``goods`` train kind (1824's ``g`` trains; tobymao/18xx g_1837 ``check_other`` and
``revenue_for``): an N+ train (N cities and off-boards, every town paid and using no
distance) whose route must visit exactly one mine, a hex of the game's ``[rules] mines``.
The mine uses one of the N but pays the company's treasury, not the route (the engine's
``routes_subsidy``), so it is worth nothing here. One file: its parameters, the check on a
path's stops and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..facts import TrainTable
from ..train_kinds import TRAIN_RULES, PlusTownsParams, PlusTownsTrain

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


def mine_centres(t: TrainTable) -> frozenset[int]:
    """The centres of the track graph on the game's mine hexes."""
    return frozenset(t.centres_on(t.readings.get("mines", ())))


def _one_mine(t: TrainTable, stops: Sequence[int]) -> bool:
    mines: frozenset[int] = t.state
    return sum(1 for s in stops if s in mines) == 1


@TRAIN_RULES.register("goods")
class GoodsTrain(PlusTownsTrain):
    """As ``plus_towns``; the route visits exactly one mine, which pays the route nothing."""

    readings = ("mines",)

    def prepare(self, t: TrainTable) -> frozenset[int]:
        mines = mine_centres(t)
        for c in mines:
            t.worth[c] = 0  # paid to the treasury, outside the route's revenue
        return mines

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return _one_mine(t, stops)

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
        m.add(run == sum(v[i] for i in sorted(mines)))
        return v

    def describe(self, p: PlusTownsParams) -> str:
        return super().describe(p) + ", exactly one mine (paid to the company, not the route)"
