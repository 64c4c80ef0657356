"""The ``per_stop`` bonus kind: money per stop visited on one route of the run (1846's Mail
Contract; ``once_per_run = false``: every route). The per-visit effect (effects.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import PerVisitEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import flag, whole


@dataclass(frozen=True, slots=True)
class PerStopParams(KindParams):
    amount: int
    once_per_run: bool | None = None  # None: one route of the run


@BONUS_KINDS.register("per_stop")
class PerStopBonus(BonusKind[PerStopParams]):
    """Money per stop visited on one route of the run (1846 Mail Contract)."""

    Params = PerStopParams
    keys = {"amount": whole(0), "once_per_run": flag}

    def once_per_run(self, p: PerStopParams) -> bool:
        return p.once_per_run is not False

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        t.add_effect(PerVisitEffect(bonus.id, bonus.params.amount * scale))
