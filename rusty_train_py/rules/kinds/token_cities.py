"""The ``token_cities`` bonus kind: money at every counted city holding the running company's
token (1817's modern trains option: its 7 train earns +$10 and its 8 train +$20 per such
city, tobymao/18xx g_1817 ``revenue_for``; the bonus's ``train`` names the train). A stop
bonus like any other, so the chooser and the exact model take it as part of the stop's worth.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import integer


@dataclass(frozen=True, slots=True)
class TokenCitiesParams(KindParams):
    amount: int


@BONUS_KINDS.register("token_cities")
class TokenCitiesBonus(BonusKind[TokenCitiesParams]):
    """``amount`` at each counted city holding the company's token."""

    Params = TokenCitiesParams
    keys = {"amount": integer}

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: TokenCitiesParams = bonus.params
        for c, (city, token) in enumerate(zip(t.is_city, t.token, strict=True)):
            if city and token:
                t.add_centre_bonus(c, bonus.id, p.amount * scale)
