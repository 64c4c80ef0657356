"""The ``hotels`` bonus kind: a company's hotels, placed by the player on several hexes (18FL:
a corporation's token on a town, shown as its icon on the tile; tobymao/18xx g_18_fl
``revenue_for`` adds ``hotel_value`` per stop of the route on a hex holding the company's
hotel). ``amount`` at every counted stop on a hex with one of the company's hotels; trains
of ``except_trains`` get nothing from them (18FL's 3E "doesn't count hotels"). Named
``hotels:B7+C14`` (the hexes joined by ``+``). One file: its parameters and what it pays (a
stop bonus, which the exact model states).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..facts import TrainTable
from ..params import KindParams
from ..registry import strings, whole

SEPARATOR = "+"  # between the hexes of ``placed_at``


@dataclass(frozen=True, slots=True)
class HotelsParams(KindParams):
    hexes: tuple[str, ...]  # where a hotel may stand
    amount: int
    except_trains: tuple[str, ...] | None = None  # trains the hotels pay nothing


def hotel_hexes(placed_at: str | None) -> tuple[str, ...]:
    """The hexes of a placed ``hotels`` bonus (``B7+C14`` -> B7, C14)."""
    return tuple(h for h in (placed_at or "").split(SEPARATOR) if h)


@BONUS_KINDS.register("hotels")
class HotelsBonus(BonusKind[HotelsParams]):
    """``amount`` at every counted stop on a hex holding one of the company's hotels."""

    Params = HotelsParams
    keys = {"hexes": strings, "amount": whole(0), "except_trains": strings}
    hex_keys = ("hexes",)
    placed = True
    placed_many = True

    def placeable(self, p: HotelsParams) -> tuple[str, ...]:
        return tuple(p.hexes)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: HotelsParams = bonus.params
        if t.train_name.upper() in {x.upper() for x in p.except_trains or ()}:
            return
        for h in hotel_hexes(bonus.placed_at):
            t.add_stop_bonus(h, bonus.id, p.amount * scale)
