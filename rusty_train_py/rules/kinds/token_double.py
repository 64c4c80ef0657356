"""The ``token_double`` bonus kind: a counted stop on one of ``at`` holding the running
company's token pays its worth to the train again (18VA: "offboard cities are doubled if
tokened, unless using a 4D in which case they are quadrupled", tobymao/18xx g_18_va
``revenue_for``; the 4D's doubling is its multiplier, so its tokened off-board city earns four
times its value). One file: its parameters and what it pays (a stop bonus, which the exact
model states).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import strings


@dataclass(frozen=True, slots=True)
class TokenDoubleParams(KindParams):
    at: tuple[str, ...]


@BONUS_KINDS.register("token_double")
class TokenDoubleBonus(BonusKind[TokenDoubleParams]):
    """A counted stop on ``at`` with the company's token earns its worth again, before other
    bonuses (``multiplied`` has no further effect: the worth holds the train's multipliers)."""

    Params = TokenDoubleParams
    keys = {"at": strings}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: TokenDoubleParams = bonus.params
        for c in t.centres_on(p.at):
            if t.token[c] and t.base_worth[c] > 0:
                t.add_centre_bonus(c, bonus.id, t.base_worth[c])
