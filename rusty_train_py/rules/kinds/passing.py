"""The ``passing`` bonus kind: money once per route whose track runs through a hex of ``at``,
a stop there or not (1817's coal mines and ranches: tobymao/18xx g_1817 ``revenue_for`` counts
``route.all_hexes``, every hex a path of the route is on). Paid to the route as a whole; the
finder adds it per corridor run (each marked hex once per route) and the exact model states
it as one variable per marked hex, set when a corridor of the route runs through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import integer, strings


@dataclass(frozen=True, slots=True)
class PassingParams(KindParams):
    at: tuple[str, ...]
    amount: int


@BONUS_KINDS.register("passing")
class PassingBonus(BonusKind[PassingParams]):
    """``amount`` for each hex of ``at`` the route's track runs through."""

    Params = PassingParams
    keys = {"at": strings, "amount": integer}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: PassingParams = bonus.params
        for h in dict.fromkeys(p.at):
            t.add_track_bonus(h, bonus.id, p.amount * scale)
