"""The ``destination`` bonus kind: a bonus of one company only, paid once per route of that
company counting a stop on its home hex and one on a destination hex, for each destination
so reached (1888's destination bonuses: tobymao/18xx g_1888 ``revenue_for`` and
``destinated?``). Other companies' routes get nothing from it: the kind reads the running
company from the train table. One file: its parameters and its effect (the connection
effect, which the exact model states).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import PairEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import integer, strings, text


@dataclass(frozen=True, slots=True)
class DestinationParams(KindParams):
    company: str
    home: tuple[str, ...]
    at: tuple[str, ...]
    amount: int


@BONUS_KINDS.register("destination")
class DestinationBonus(BonusKind[DestinationParams]):
    """``amount`` per hex of ``at`` that a route of ``company`` counts with one of ``home``."""

    Params = DestinationParams
    keys = {"company": text, "home": strings, "at": strings, "amount": integer}
    hex_keys = ("home", "at")

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p = bonus.params
        if t.company != p.company:
            return
        home = {c: p.amount * scale for c in t.centres_on(p.home)}
        for dest in p.at:
            there = {c: 0 for c in t.centres_on((dest,)) if c not in home}
            if home and there:
                t.add_effect(PairEffect(bonus.id, ((home, there),)))
