"""The ``port`` bonus kind: a route counting a port on ``at`` needs ``min_stops`` counted stops;
``pays = "token_cities"``: the port pays its value once per counted city holding the
company's token (1836Jr30). The port effect (effects.py), which the exact model does not
state (the finder enumerates paths).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import PortEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import one_of, strings, whole


@dataclass(frozen=True, slots=True)
class PortParams(KindParams):
    at: tuple[str, ...]
    min_stops: int
    pays: str | None = None  # "self" (None) or "token_cities"


@BONUS_KINDS.register("port")
class PortBonus(BonusKind[PortParams]):
    """A route counting a port needs ``min_stops`` counted stops; ``pays = "token_cities"``:
    the port pays its value once per counted city with the company's token (1836Jr30)."""

    Params = PortParams
    keys = {"at": strings, "min_stops": whole(1), "pays": one_of("self", "token_cities")}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: PortParams = bonus.params
        ports = frozenset(t.centres_on(p.at))
        if ports:
            t.add_effect(PortEffect(bonus.id, ports, p.min_stops, p.pays == "token_cities"))
