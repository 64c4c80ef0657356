"""The ``destination_value`` bonus kind: a bonus of one company only, paid to one route of its
run (the best) that counts its home city and its destination city, both holding the
company's tokens: the destination city's value for that train once more (1822 and its maps:
tobymao/18xx g_1822 ``destination_bonus`` and ``calculate_destination_bonus``: the route
visits the home token and the destination token, and earns
``destination_token.city.route_revenue``, so an E train's double value). Other companies'
routes get nothing from it. ``home_node`` (optional): only the company's token in that node
of the home hex's tile is its home (the engine's first token: 1822NRS's LNWR in the first
of London N29's two cities, where it may also hold minor 15's). One file: its parameters and its effect (the pair effect, which
the exact model states).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import PairEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import strings, text, whole


@dataclass(frozen=True, slots=True)
class DestinationValueParams(KindParams):
    company: str
    home: tuple[str, ...]
    at: tuple[str, ...]
    home_node: int | None = None


@BONUS_KINDS.register("destination_value")
class DestinationValueBonus(BonusKind[DestinationValueParams]):
    """Once per run: a route of ``company`` counting its tokened city on ``home`` and its
    tokened city on ``at`` earns the latter's worth for the train again."""

    Params = DestinationValueParams
    keys = {"company": text, "home": strings, "at": strings, "home_node": whole(0)}
    hex_keys = ("home", "at")

    def once_per_run(self, p: DestinationValueParams) -> bool:
        return True

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: DestinationValueParams = bonus.params
        if t.company != p.company:
            return
        home = {
            c: 0
            for c in t.centres_on(p.home)
            if t.is_city[c] and t.token[c] and p.home_node in (None, t.centre_node(c))
        }
        there = {
            c: t.worth[c]
            for c in t.centres_on(p.at)
            if t.is_city[c] and t.token[c] and c not in home
        }
        if home and there:
            t.add_effect(PairEffect(bonus.id, ((home, there),)))
