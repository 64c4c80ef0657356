"""The ``company_double`` bonus kind: a bonus of one company only: a counted stop of its
routes on a hex of ``at`` pays its worth again (18JP-T's destination hexes: tobymao/18xx
g_18_jpt ``revenue_for`` adds ``stop.route_revenue`` for every stop on a hex of the
company's ``hex_bonus`` ability). Other companies' routes get nothing from it. One file: its
parameters and what it pays (a stop bonus, which the exact model states).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import strings, text


@dataclass(frozen=True, slots=True)
class CompanyDoubleParams(KindParams):
    company: str
    at: tuple[str, ...]


@BONUS_KINDS.register("company_double")
class CompanyDoubleBonus(BonusKind[CompanyDoubleParams]):
    """A counted stop of ``company`` on a hex of ``at`` earns its worth again, before other
    bonuses (the worth holds the train's multipliers)."""

    Params = CompanyDoubleParams
    keys = {"company": text, "at": strings}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: CompanyDoubleParams = bonus.params
        if t.company != p.company:
            return
        for c in t.centres_on(p.at):
            if t.base_worth[c] > 0:
                t.add_centre_bonus(c, bonus.id, t.base_worth[c])
