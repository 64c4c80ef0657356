"""18MS: the New Orleans token bonus is paid once per route.

The game's ``revenue_for`` adds ``hex_bonus_amount``: +10 to a route whose stops include
New Orleans I1 (18xx.games lib/engine/game/g_18_ms/game.rb; the reference route note: "+10 on
each of its routes whose paid stops include I1"). I1 holds a city and a town joined only to
it, and a route may count both: the common ``visit`` rule would pay +10 at each, so this
game pays it once, at the first counted stop on I1.
"""

from __future__ import annotations

from ..bonus_kinds import BonusFacts
from ..effects import OnceAtEffect
from ..facts import TrainTable
from ..kinds.visit import VisitParams
from . import game_rules
from .common import GameRules

NEW_ORLEANS_BONUS = "new_orleans"


@game_rules("18MS")
class Rules18MS(GameRules):
    def apply_bonus(self, bonus: BonusFacts, table: TrainTable, scale: int) -> None:
        if bonus.id != NEW_ORLEANS_BONUS:
            super().apply_bonus(bonus, table, scale)
            return
        p: VisitParams = bonus.params
        at = frozenset(table.centres_on(p.at))
        if at:
            table.add_effect(OnceAtEffect(bonus.id, at, (p.amount or 0) * scale))
