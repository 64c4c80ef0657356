"""The ``connection`` bonus kind: ``amount`` once per route counting a stop in ``at`` and one
in ``with_any`` (``once_per_run``: to one route of the run only). The pair effect
(effects.py), which the exact model states.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import PairEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import flag, strings, whole


@dataclass(frozen=True, slots=True)
class ConnectionParams(KindParams):
    at: tuple[str, ...]
    with_any: tuple[str, ...]
    amount: int
    once_per_run: bool | None = None  # None: every route


@BONUS_KINDS.register("connection")
class ConnectionBonus(BonusKind[ConnectionParams]):
    """Once per route counting a stop in ``at`` and one in ``with_any``; ``once_per_run``:
    to one route of the run only."""

    Params = ConnectionParams
    keys = {"at": strings, "with_any": strings, "amount": whole(0), "once_per_run": flag}
    hex_keys = ("at", "with_any")

    def once_per_run(self, p: ConnectionParams) -> bool:
        return bool(p.once_per_run)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: ConnectionParams = bonus.params
        a = {c: p.amount * scale for c in t.centres_on(p.at)}
        b = {c: 0 for c in t.centres_on(p.with_any)}
        if a and b:
            t.add_effect(PairEffect(bonus.id, ((a, b),)))
