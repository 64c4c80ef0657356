"""The ``destination_end`` bonus kind: one company's destination run. A counted stop on the
company's destination hex at an end of one of its routes is paid again, its whole worth to
the train (1870: tobymao/18xx g_1870 ``destination_revenue``). With ``extra_token = true``
it is paid only once the company's token sits in the extra slot of a city on ``at`` (1870:
the destination token the company put on the map when it reached its destination, the
"Map" choice of G1870::Step::ConnectionToken; before that, or when it kept the token on its
charter, the engine pays nothing). Routes of other companies get nothing from it: the kind
reads the running company from the train table. The effect, and its statement in the exact
model, is the ``end_again`` kind's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import flag, strings, text
from .end_again import EndAgainEffect


@dataclass(frozen=True, slots=True)
class DestinationEndParams(KindParams):
    company: str
    at: tuple[str, ...]
    extra_token: bool | None = None  # None: false


@BONUS_KINDS.register("destination_end")
class DestinationEndBonus(BonusKind[DestinationEndParams]):
    """A counted end of a route of ``company`` on ``at`` is paid again (with
    ``extra_token``: once the company's token is in the extra slot of a city on ``at``)."""

    Params = DestinationEndParams
    keys = {"company": text, "at": strings, "extra_token": flag}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p = bonus.params
        if t.company != p.company:
            return
        at = frozenset(t.centres_on(p.at))
        if p.extra_token and not any(t.extra_token[c] for c in at):
            return  # the destination token is not on the map (yet)
        if at:
            t.add_effect(EndAgainEffect(bonus.id, at))
