"""The ``closed`` and ``marker`` bonus kinds: stops a company's routes may not touch unless it
holds an option (1894's London, A10: ``check_distance`` refuses a route to London of a
corporation without a ferry marker, and London's city blocks it; the ferry marker is the
``marker`` option the corporation holds once bought).

A ``closed`` bonus pays nothing: for a company not holding the option ``unless`` (a bonus of
the game, ticked for the company), no route may visit a stop on ``at``. A ``marker`` bonus
pays nothing either: it is an option a company holds that another kind reads. One file:
their parameters; the effect (a barred stop, effects.py) is stated in the exact model.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import BarredEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import strings, text


@dataclass(frozen=True, slots=True)
class ClosedParams(KindParams):
    at: tuple[str, ...]
    unless: str


@BONUS_KINDS.register("closed")
class ClosedBonus(BonusKind[ClosedParams]):
    """No route of a company without the option ``unless`` visits a stop on ``at``."""

    Params = ClosedParams
    keys = {"at": strings, "unless": text}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: ClosedParams = bonus.params
        if p.unless in t.held:
            return
        at = frozenset(t.centres_on(p.at))
        if at:
            t.add_effect(BarredEffect(bonus.id, at))


@BONUS_KINDS.register("marker")
class MarkerBonus(BonusKind[KindParams]):
    """An option a company holds (1894's ferry marker): pays nothing, read by other kinds."""

    Params = KindParams
