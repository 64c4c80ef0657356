"""The ``placed`` bonus kind: an option the player places on one hex of ``hexes`` (``amount``,
or one per hex; ``per_icon``: times the icons of that name on the hex); negative amounts are
penalties. A stop bonus at the hex, paid once per route counting it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import integer, strings, table_of, text


@dataclass(frozen=True, slots=True)
class PlacedParams(KindParams):
    hexes: tuple[str, ...]
    amount: int
    amounts: tuple[tuple[str, int], ...] | None = None  # per hex, over amount
    per_icon: str | None = None  # times the icons of this name on the hex


@BONUS_KINDS.register("placed")
class PlacedBonus(BonusKind[PlacedParams]):
    """An option the player places on one hex; paid once per route counting it (one stop per
    hex, or one per group, keeps that exact). Negative amounts are penalties."""

    Params = PlacedParams
    keys = {
        "hexes": strings,
        "amount": integer,
        "amounts": table_of(integer),
        "per_icon": text,
    }
    hex_keys = ("hexes", "amounts")
    placed = True

    def placeable(self, p: PlacedParams) -> tuple[str, ...]:
        return tuple(p.hexes)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: PlacedParams = bonus.params
        h = bonus.placed_at
        if h is None:
            return
        amount = dict(p.amounts or ()).get(h, p.amount)
        if p.per_icon is not None:
            amount *= t.icon_count(h, p.per_icon)
        t.add_stop_bonus(h, bonus.id, amount * scale)
