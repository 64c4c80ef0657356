"""1889: the home tokens every floated corporation puts down when an operating round starts."""

from __future__ import annotations

from .moves import Action, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class OperatingRoundHomes(GameSpecials):
    """1889 (HOME_TOKEN_TIMING :operating_round): every floated corporation's home token
    goes down when an operating round starts. A corporation floats when ``float_percent``
    of it has been sold from the IPO: its president's share at its par, then the shares
    bought that were not in the market pool (shares sold go to the pool)."""

    PRESIDENT_PERCENT = 20
    OPERATING = frozenset({"lay_tile", "place_token", "run_routes", "dividend", "buy_train"})
    STOCK = frozenset({"par", "buy_shares", "sell_shares", "bid"})

    def __init__(self) -> None:
        self.sold: dict[str, float] = {}
        self.pool: set[str] = set()
        self.in_or = False

    def before_action(self, r: Moves, a: Action) -> None:
        kind, player = a.get("type"), a.get("entity_type") == "player"
        if kind in self.STOCK and player or (kind == "pass" and player):
            self.in_or = False
        elif kind in self.OPERATING and not self.in_or:
            self.in_or = True
            limit = float(r.table.float_percent)
            for c in r.game.companies:
                if self.sold.get(c.abbrev, 0) >= limit:
                    r.place_home(c)
        if kind == "par":
            company = r.company(a.get("corporation"))
            if company is not None:
                self.sold[company.abbrev] = self.PRESIDENT_PERCENT
        shares = a.get("shares")
        if kind in ("buy_shares", "sell_shares") and isinstance(shares, list) and shares:
            each = float(a.get("percent", 10)) / len(shares)
            for share in map(str, shares):
                if kind == "sell_shares":
                    self.pool.add(share)
                elif share in self.pool:
                    self.pool.discard(share)
                else:
                    company = r.company(share.rsplit("_", 1)[0])
                    if company is not None:
                        self.sold[company.abbrev] = self.sold.get(company.abbrev, 0) + each


@title("1889")
class Home1889(TitleHome):
    specials = OperatingRoundHomes
