"""1877: Venezuela: 1817 on a map of Venezuela (tobymao/18xx g_1877: its Game is g_1817's,
revenue_for and the acquisitions included), followed by 1817's specials with the buyer of an
acquisition no action names read from the runs to come (t18de.py's ``NamedBuyer1817``). No
private company is ever sold in it (the game opens with a stock round), so the markers of
1817's privates never come. Its own part: a corporation buys trains from the depot in the
stock round too (G1877::Step::BuySellParShares#corporate_actions: ``buy_train``), which
is no operating (the operating round's end, and with it the depot's export, is read from the
actions as in 1817)."""

from __future__ import annotations

from .moves import Action, Moves
from .registry import TitleHome, title
from .t18de import NamedBuyer1817


class Stock1877(NamedBuyer1817):
    """1817's specials, knowing a corporation's train bought in the stock round."""

    # a player's actions of the stock round only (a share sale comes in a cash crisis too)
    STOCK_ROUND = frozenset({"buy_shares", "short", "program_share_pass"})
    OPERATING_ONLY = frozenset({"lay_tile", "run_routes", "dividend"})

    def __init__(self) -> None:
        super().__init__()
        self.stock_round = True  # the game opens with one (G1877::Game#init_round)

    def before_action(self, r: Moves, action: Action) -> None:
        kind = action.get("type")
        corporation = action.get("entity_type") == "corporation"
        ipo = kind == "bid" and action.get("corporation") not in self.operated
        if corporation and kind in self.OPERATING_ONLY:
            self.stock_round = False
        elif not corporation and (kind in self.STOCK_ROUND or ipo):
            self.stock_round = True
        if self.stock_round and corporation and kind == "buy_train":
            return  # a corporate action of the stock round: the corporation has not operated
        super().before_action(r, action)


@title("1877Venezuela")
class Home1877Venezuela(TitleHome):
    specials = Stock1877
