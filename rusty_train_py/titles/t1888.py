"""1888: the next 2, 3 or 4 train leaves the depot at the end of every set of operating
rounds."""

from __future__ import annotations

from .moves import Action, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class ExportAfterSet1888(GameSpecials):
    """1888 (tobymao/18xx ``G1888::Game#or_set_finished``): when a set of operating rounds
    ends, the engine exports the depot's next train if it is one of ``export_after_set``
    (its phase and rusting follow, as if bought). A set ends where the actions show the
    stock round starting (a par, shares bought or sold, a bid, a player passing) after
    operating actions."""

    OPERATING = frozenset({"lay_tile", "place_token", "run_routes", "dividend", "buy_train"})
    STOCK = frozenset({"par", "buy_shares", "sell_shares", "bid"})

    def __init__(self) -> None:
        self.in_or = False

    def before_action(self, r: Moves, a: Action) -> None:
        kind, player = a.get("type"), a.get("entity_type") == "player"
        if self.in_or and player and (kind in self.STOCK or kind == "pass"):
            self.in_or = False
            nxt = r.next_depot_train()
            if nxt is not None and nxt[1] in r.table.export_after_set:
                r.export_next()
        elif kind in self.OPERATING and a.get("entity_type") == "corporation":
            self.in_or = True


@title("1888")
class Home1888(TitleHome):
    specials = ExportAfterSet1888
