"""The ``destination_end`` bonus kind: one company's destination run. A counted stop on the
company's destination hex at an end of one of its routes is paid again, its whole worth to
the train (1870: tobymao/18xx g_1870 ``destination_revenue``, paid until the company has
reached its destination). Routes of other companies get nothing from it: the kind reads the
running company from the train table. The effect, and its statement in the exact model, is
the ``end_again`` kind's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import strings, text
from .end_again import EndAgainEffect


@dataclass(frozen=True, slots=True)
class DestinationEndParams(KindParams):
    company: str
    at: tuple[str, ...]


@BONUS_KINDS.register("destination_end")
class DestinationEndBonus(BonusKind[DestinationEndParams]):
    """A counted end of a route of ``company`` on ``at`` is paid again."""

    Params = DestinationEndParams
    keys = {"company": text, "at": strings}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        if t.company != bonus.params.company:
            return
        at = frozenset(t.centres_on(bonus.params.at))
        if at:
            t.add_effect(EndAgainEffect(bonus.id, at))
