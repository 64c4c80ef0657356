"""18EU: the minors (a free 2 train each at set-up, their home token when auctioned), a major
formed on a minor's home, minors exchanged for a major's share (stock rounds and the final
exchange round), and the Pullman a company may not keep alone or over its limit.

What the engine does (tobymao/18xx g_18_eu): ``setup`` gives each minor, in order, the
depot's next 2 train; ``ModifiedDutchAuction`` places a minor's home token when it is won
(the last bid on it: placed at its first bid here, before any run); ``HomeToken`` puts a new
major's home token on a city of one of its president's minors, which merges into it (its
trains to the major, its token gone); ``MinorExchange#merge_minor!`` exchanges a minor for a
share: from the major's treasury its trains go to the major and the major may replace the
minor's token (``ReplaceToken``: a place_token on the minor's city, or a pass that drops it),
from the market its trains go back to the depot and its token leaves the map; in the final
exchange round a player passing closes every minor it still owns; ``maybe_discard_pullman``
returns a Pullman to the depot when its company holds no other train or more than its limit.
"""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

PULLMAN = "P"
EXCHANGE_TRAIN = "5"  # its first purchase calls the final exchange round (minor_exchange)
NORMAL_FORMATION = ("5", "6", "8")  # phases whose new majors put their treasury on the market


class Minors18EU(GameSpecials):
    def __init__(self) -> None:
        self.owner: dict[str, object] = {}  # minor or major -> the player owning it
        self.pool: set[str] = set()  # share ids on the market
        self.bought: set[str] = set()  # share ids players bought
        self.on_market: set[str] = set()  # majors formed with their treasury on the market
        self.pending: tuple[str, str] | None = None  # (minor, major) awaiting ReplaceToken
        self.exchange_called = False
        self.auto: list[Action] = []  # the previous action's auto_actions

    def handlers(self) -> dict[str, Handler]:
        return {
            "lay_tile": self.lay_tile,
            "bid": self.bid,
            "par": self.par,
            "place_token": self.place_token,
            "pass": self.pass_,
            "buy_shares": self.buy_shares,
            "sell_shares": self.to_market,
            "issue_shares": self.to_market,
            "redeem_shares": self.from_market,
        }

    def setup(self, r: Moves) -> None:
        super().setup(r)
        minors = [c for c in r.game.companies if c.kind == "minor"]
        for i, minor in enumerate(minors):
            r.give_train(minor.abbrev, f"2-{i}", "2")
            r.depart(f"2-{i}", "2")

    # ---- minors and majors ------------------------------------------------------------

    def lay_tile(self, r: Moves, a: Action) -> None:
        """A brown tile joining cities: a company's two tokens now in one city become one
        (Track#update_token!, maybe_remove_duplicate_token!)."""
        r.common(a)
        hex_name = r.hex_name(a.get("hex"))
        for company in set(r.tokens_at(hex_name).values()):
            self.drop_duplicate(r, hex_name, company)

    def bid(self, r: Moves, a: Action) -> None:
        minor = r.company(a.get("minor"))
        if minor is not None:
            self.owner[minor.abbrev] = a.get("entity")
            r.place_home(minor)

    def par(self, r: Moves, a: Action) -> None:
        company = r.company(a.get("corporation"))
        if company is not None:
            self.owner[company.abbrev] = a.get("entity")
            if r.phase in NORMAL_FORMATION:
                self.on_market.add(company.abbrev)

    def minor_at(self, r: Moves, hex_name: str, space: int, player: object) -> str | None:
        """The minor of ``player`` holding a token in the city of ``space`` on ``hex_name``."""
        tile, _ = r.tile_at(hex_name)
        city = next(s.city for s in tile.token_spaces if s.index == space)
        spaces = {s.index for s in tile.token_spaces if s.city == city}
        for sp, owner in sorted(r.tokens_at(hex_name).items()):
            if sp in spaces and self.owner.get(owner) == player and self._is_minor(r, owner):
                return owner
        return None

    @staticmethod
    def _is_minor(r: Moves, abbrev: str) -> bool:
        company = r.company(abbrev)
        return company is not None and company.kind == "minor"

    def place_token(self, r: Moves, a: Action) -> None:
        company = r.acting_company()
        hex_name, part = r.city_of(a.get("city"))
        slot = a.get("slot", 0)
        space = r.city_space(hex_name, part, slot if isinstance(slot, int) else 0)
        if company is not None and self.pending and self.pending[1] == company.abbrev:
            minor = self.pending[0]
            self.pending = None
            self.remove_tokens(r, minor)
            r.common(a)
            self.drop_duplicate(r, hex_name, company.abbrev)
            r.close(minor)
            return
        home = company is not None and not r.tokens_placed(company.abbrev)
        if company is not None and home and company.kind == "major":
            merging = self.minor_at(r, hex_name, space, self.owner.get(company.abbrev))
            if merging is not None:  # HomeToken: the minor merges into the new major
                self.merge(r, merging, company.abbrev)
        r.common(a)

    def pass_(self, r: Moves, a: Action) -> None:
        if self.pending and a.get("entity") == self.pending[1]:
            minor = self.pending[0]
            self.pending = None
            r.close(minor)
        elif self.exchange_called and a.get("entity_type") == "player":
            # the final exchange round: a player passing closes the minors it still owns
            for minor, player in list(self.owner.items()):
                if player == a.get("entity") and self._is_minor(r, minor):
                    self.drop_trains(r, minor)
                    r.close(minor)
                    del self.owner[minor]

    def before_action(self, r: Moves, a: Action) -> None:
        # what the engine did on its own after the previous action (a programmed bid, a
        # pass): the log keeps it inside that action
        auto, self.auto = self.auto, [x for x in a.get("auto_actions") or [] if isinstance(x, dict)]
        for sub in auto:
            if sub.get("type") == "bid":
                self.bid(r, sub)
            elif sub.get("type") == "pass":
                self.pass_(r, sub)
        if self.pending is None:
            return
        if a.get("entity") == self.pending[1] and a.get("type") in ("place_token", "pass"):
            return
        minor = self.pending[0]  # the engine passed for the major (it holds that city)
        self.pending = None
        r.close(minor)

    def buy_shares(self, r: Moves, a: Action) -> None:
        shares = [s for s in a.get("shares") or [] if isinstance(s, str)]
        if a.get("entity_type") != "minor":
            self.pool.difference_update(shares)
            self.bought.update(shares)
            return
        minor = r.company(a.get("entity"))
        major = r.company(shares[0].rpartition("_")[0]) if shares else None
        if minor is None or major is None:
            r.warn("a minor's exchange for no share of ours: not replayed")
            return
        share = shares[0]
        from_market = share in self.pool or (
            major.abbrev in self.on_market and share not in self.bought
        )
        self.pool.discard(share)
        self.bought.add(share)
        self.owner.pop(minor.abbrev, None)
        if from_market or not r.tokens_placed(major.abbrev):
            if from_market:
                self.drop_trains(r, minor.abbrev)
            else:
                self.merge(r, minor.abbrev, major.abbrev)
            r.close(minor.abbrev)
            return
        self.move_trains(r, minor.abbrev, major.abbrev)
        self.pending = (minor.abbrev, major.abbrev)

    def to_market(self, r: Moves, a: Action) -> None:
        self.pool.update(s for s in a.get("shares") or [] if isinstance(s, str))

    def from_market(self, r: Moves, a: Action) -> None:
        self.pool.difference_update(s for s in a.get("shares") or [] if isinstance(s, str))

    # ---- tokens and trains ------------------------------------------------------------

    def merge(self, r: Moves, minor: str, major: str) -> None:
        self.move_trains(r, minor, major)
        self.remove_tokens(r, minor)
        r.close(minor)
        self.owner.pop(minor, None)

    @staticmethod
    def remove_tokens(r: Moves, company: str) -> None:
        for hex_name, space, owner in r.all_tokens():
            if owner == company:
                r.remove_token(hex_name, space)

    @staticmethod
    def drop_duplicate(r: Moves, hex_name: str, company: str) -> None:
        """Two tokens of one company in one city: the engine removes one."""
        tile, _ = r.tile_at(hex_name)
        city_of = {s.index: s.city for s in tile.token_spaces}
        seen: dict[int, int] = {}
        for space, owner in sorted(r.tokens_at(hex_name).items()):
            if owner != company:
                continue
            city = city_of[space]
            if city in seen:
                r.remove_token(hex_name, seen[city])
            seen[city] = space

    def move_trains(self, r: Moves, minor: str, major: str) -> None:
        r.move_trains(minor, major)
        self.check_pullman(r, major)

    @staticmethod
    def drop_trains(r: Moves, company: str) -> None:
        for train_id in list(r.trains_of(company)):
            r.drop_train(train_id)

    # ---- the Pullman ------------------------------------------------------------------

    def limit(self, r: Moves, company: str) -> int:
        c = r.company(company)
        if c is not None and c.kind == "minor":
            return 1 if int(r.phase) > 3 else 2
        limit = next(p.train_limit for p in r.game.phases if p.name == r.phase)
        return limit if isinstance(limit, int) else 99

    def check_pullman(self, r: Moves, company: str) -> None:
        ids = r.trains_of(company)
        pullmans = [t for t in ids if r.train_name(t) == PULLMAN]
        if pullmans and not 1 < len(ids) <= self.limit(r, company):
            r.drop_train(pullmans[0])

    def on_first(self, r: Moves, train: str) -> None:
        for company in r.holders():
            self.check_pullman(r, company)
        if train == EXCHANGE_TRAIN:
            self.exchange_called = True


@title("18EU")
class Home18EU(TitleHome):
    specials = Minors18EU
