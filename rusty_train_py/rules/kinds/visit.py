"""The ``visit`` bonus kind: money at every counted stop on a hex of ``at`` (1867's NFB, MB
...), the same ``amount`` or one per hex (``amounts``). A stop bonus, folded into the stop's
worth, so the chooser and the exact model take it as part of the stop.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import RuleDataError, strings, table_of, whole


@dataclass(frozen=True, slots=True)
class VisitParams(KindParams):
    at: tuple[str, ...]
    amount: int | None = None
    amounts: tuple[tuple[str, int], ...] | None = None  # per hex, over amount


@BONUS_KINDS.register("visit")
class VisitBonus(BonusKind[VisitParams]):
    """Money at every counted stop on a hex of ``at`` (1867 NFB, MB ...)."""

    Params = VisitParams
    keys = {"at": strings, "amount": whole(0), "amounts": table_of(whole(0))}
    hex_keys = ("at", "amounts")

    def check(self, p: VisitParams, where: str) -> None:
        if p.amount is None and p.amounts is None:
            raise RuleDataError(f"{where}: needs amount or amounts")
        for h, _ in p.amounts or ():
            if h not in p.at:
                raise RuleDataError(f"{where}: amounts names {h!r}, which is not in at")

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: VisitParams = bonus.params
        amounts = dict(p.amounts or ())
        for h in p.at:
            t.add_stop_bonus(h, bonus.id, amounts.get(h, p.amount or 0) * scale)
