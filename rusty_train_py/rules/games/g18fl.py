"""18FL: hotels pay double from phase 5.

The game's ``hotel_value`` is $10, $20 while the phase has the status ``hotels_doubled``
(phases 5 and 6, the phases allowing brown tiles; tobymao/18xx g_18_fl game.rb). The
``hotels`` bonus (rules/kinds/hotels.py) states $10; this game pays it twice over when the
phase allows brown tiles.
"""

from __future__ import annotations

from ..bonus_kinds import BonusFacts
from ..facts import TrainTable
from . import game_rules
from .common import GameRules

HOTELS = "hotels"
DOUBLED_WITH = "brown"  # the first phase allowing brown tiles (5) doubles the hotels


@game_rules("18FL")
class Rules18FL(GameRules):
    def apply_bonus(self, bonus: BonusFacts, table: TrainTable, scale: int) -> None:
        doubled = bonus.id == HOTELS and DOUBLED_WITH in self.phase_colours
        super().apply_bonus(bonus, table, scale * 2 if doubled else scale)
