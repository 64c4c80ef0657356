"""1822MX's own actions and engine events in a replayed log (tobymao/18xx g_1822, g_1822_mx).

- The builder cube (tile BC, laid by the privates P10 and P11 or a company's extra lay) is an
  icon put on the hex's tile, not a tile: nothing a route sees changes.
- The national NDEM: at set-up the first of the minors M14, M15, M17 in the engine's shuffled
  company order (``sort_by { rand }``, the log's seed) leaves the game and the NDEM takes its
  home city. At each stock round's end the bid boxes are settled: every minor of the first
  four still unsold with no bid sends the next depot L to the NDEM (an L flipped to a 2 in
  phase 2), and if the first of them had no bid the next depot train goes to the NDEM too and
  the NDEM takes that minor's home city (unless it already holds that city); the NDEM keeps
  its newest trains up to the phase's limit.
- A depot train bought by an action naming a copy some company already owns: the engine sells
  the next copy of the depot (the logs keep the id shown before the round began).
- The 2 bought in phase 1 (a variant of the L, bought or traded for an L) starts phase 2.
- The privates P1 to P4 bring their trains (5P, 2P, 3/2P, LP) to the company that acquires
  them.
- A major acquiring a minor (``merge``, then a pay choice and a token choice): the minor's
  trains become the major's; ``replace`` makes its token the major's (removed if the major is
  already in that city), ``exchange`` and ``remove`` take it off the map.
- The NDEM privatised (its turn after the first 7 or E left the depot): each ``remove_token``
  puts one of its tokens up for auction and the ``merge`` that follows gives it to the buying
  company; the NDEM keeps its other tokens and its trains (as the engine's positions show).
- The destination token the engine places by an auto action (``hex_token``) goes in the
  destination hex's first city; when that city is full the engine adds a slot for it: the
  token goes in that city's extra slot on our map (the company's token there, filling nothing).
"""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials, Lcg

# a player selling in an operating round raises cash for a train: not a stock round
STOCK_ACTIONS = frozenset({"bid", "par", "buy_shares", "program_share_pass", "program_buy_shares"})


class Specials1822MX(GameSpecials):
    """1822MX: see the module's text."""

    CUBE_TILE = "BC"
    NATIONAL = "NDEM"
    NATIONAL_MINORS = ("M14", "M15", "M17")  # the first of these in the order: the NDEM's
    LAST_MINOR = "M18"  # moved to the end of the minors (bought with the concession C1)
    BIDBOX = 4
    VARIANTS = {"2": "L", "E": "7"}  # engine variants sharing the copies of their base train
    LOCAL = "L"
    FLIP_PHASE = "2"  # an L given to the NDEM in this phase becomes a 2
    PRIVATE_TRAINS = {"P1": "5P-0", "P2": "2P-0", "P3": "3/2P-0", "P4": "LP-0"}
    PULLMAN_PRIVATES = {"P5": "P+-0", "P6": "P+-1"}
    PULLMANS = tuple(PULLMAN_PRIVATES.values())
    PULLMAN = "P+"
    NO_PULLMAN = frozenset({"L", "LP", "E"})  # trains the pullman never joins

    def __init__(self) -> None:
        self.minors: list[str] = []  # the unsold minors (engine company ids), in bid-box order
        self.bids: dict[str, int] = {}  # this stock round's highest bids
        self.in_stock = True  # the game starts with a stock round
        self.merging: str | None = None  # the minor a major is acquiring
        self.attached: tuple[str, str] | None = None  # (train id, its name) the P+ joined
        self.privatising = False  # the NDEM's tokens being auctioned (its closing turn)
        self.up_for_bid: tuple[str, int] | None = None  # (hex, token space) being auctioned

    # ---- set-up -------------------------------------------------------------------------

    def setup(self, r: Moves) -> None:
        super().setup(r)
        r.mark_gone(tuple(self.PRIVATE_TRAINS.values()))
        r.mark_gone(self.PULLMANS)
        ids = [f"P{i}" for i in range(1, 19)] + [f"C{i}" for i in range(1, 8)]
        ids += [f"M{i}" for i in range(1, 25)]
        order = [c for c in Lcg(r.seed).shuffled(ids) if c.startswith("M")]
        order.remove(self.LAST_MINOR)
        order.append(self.LAST_MINOR)
        first = min(order.index(m) for m in self.NATIONAL_MINORS)
        self.minors = order
        self.to_national(r, order.pop(first))

    def to_national(self, r: Moves, minor_id: str) -> None:
        """The NDEM takes the home city of the minor ``minor_id`` (``M15``)."""
        minor = r.company(minor_id[1:])
        if minor is None or minor.home is None:
            return
        hex_name = r.game.hex(minor.home).name
        tile, _ = r.tile_at(hex_name)
        city = minor.home_city or 0
        holds = {
            s.index for s in tile.token_spaces if city < len(tile.cities)
            and s.city == tile.cities[city].index
        }  # fmt: skip
        taken = r.tokens_at(hex_name)
        if any(taken.get(s) == self.NATIONAL for s in holds):
            return
        space = r.free_space(hex_name, city)
        if space is None:
            r.warn(f"the NDEM takes {minor_id}'s home {hex_name}: no free token space")
            return
        r.place_token(hex_name, space, self.NATIONAL)

    # ---- the depot and the national's trains -------------------------------------------

    def next_depot(self, r: Moves) -> tuple[str, str] | None:
        """(train id, name) of the depot's next train (variants share their base's copies;
        the private companies' trains never are in the depot)."""
        for t in r.game.trains:
            if t.name in self.VARIANTS or t.count == 0 or t.name in _private_names(self):
                continue
            k = 0
            while r.has_gone(f"{t.name}-{k}") and (t.count is None or k < t.count):
                k += 1
            if t.count is None or k < t.count:
                return f"{t.name}-{k}", t.name
        return None

    def give_national(self, r: Moves) -> None:
        nxt = self.next_depot(r)
        if nxt is None:
            return
        train_id, name = nxt
        ours = self.FLIP_PHASE if name == self.LOCAL and r.phase == self.FLIP_PHASE else name
        r.give_train(self.NATIONAL, train_id, ours)
        r.depart(train_id, name)
        phase = next(p for p in r.game.phases if p.name == r.phase)
        limit = phase.train_limit.get("major") if isinstance(phase.train_limit, dict) else None
        held = r.trains_of(self.NATIONAL)
        if isinstance(limit, int) and len(held) > limit:  # its newest trains up to the limit
            r.keep_trains(self.NATIONAL, held[len(held) - limit :])

    def stock_round_end(self, r: Moves) -> None:
        box = self.minors[: self.BIDBOX]
        bidless = [m for m in box if m not in self.bids]
        for m in box:
            if m in self.bids:
                self.minors.remove(m)
        for _ in bidless:
            nxt = self.next_depot(r)
            if nxt is None or nxt[1] != self.LOCAL:
                break
            self.give_national(r)
        if box and box[0] in bidless and self.national_open(r):
            self.give_national(r)
            self.to_national(r, box[0])
            self.minors.remove(box[0])
        self.bids = {}

    def national_open(self, r: Moves) -> bool:
        """The NDEM takes minors' homes until the first 7 or E leaves the depot."""
        return not r.has_departed("7")

    # ---- actions ------------------------------------------------------------------------

    def before_action(self, r: Moves, a: Action) -> None:
        kind, who = a.get("type"), a.get("entity_type")
        national = a.get("entity") == self.NATIONAL and who == "corporation"
        if not self.national_open(r) and national and kind != "run_routes":
            self.privatising = True
        elif self.privatising and who == "corporation" and not national:
            self.privatising = False  # the auction is over; the engine's NDEM keeps the rest
        if who == "player" and (kind in STOCK_ACTIONS or kind == "pass"):
            self.in_stock = True
        elif who in ("corporation", "company") and self.in_stock:
            self.in_stock = False
            self.stock_round_end(r)
        if kind == "bid" and isinstance(a.get("company"), str):
            company, price = a["company"], a.get("price", 0)
            if isinstance(price, int) and price >= self.bids.get(company, -1):
                self.bids[company] = price

    def handlers(self) -> dict[str, Handler]:
        return {
            "lay_tile": self.lay_tile,
            "buy_train": self.buy_train,
            "acquire_company": self.acquire_company,
            "merge": self.merge,
            "choose": self.choose,
            "run_routes": self.run_routes,
            "remove_token": self.remove_token,
            "pass": self.auto_actions,
        }

    def lay_tile(self, r: Moves, a: Action) -> None:
        tile = a.get("tile")
        if not (isinstance(tile, str) and tile.rsplit("-", 1)[0] == self.CUBE_TILE):
            r.common(a)
        self.auto_actions(r, a)

    def buy_train(self, r: Moves, a: Action) -> None:
        train_id, buyer = a.get("train"), r.acting_company()
        if isinstance(train_id, str) and buyer is not None and self.stale(r, a, buyer.abbrev):
            base = train_id.rsplit("-", 1)[0]
            nxt = self.next_depot(r)
            if nxt is not None and nxt[1] == base:
                a = dict(a, train=nxt[0])
        r.common(a)
        if r.our_train(a.get("variant")) == self.FLIP_PHASE:  # G1822 BuyTrain: phase 2 starts
            r.first_of(self.FLIP_PHASE)
        self.auto_actions(r, a)

    def stale(self, r: Moves, a: Action, buyer: str) -> bool:
        """Whether a buy names a copy that has left the depot where the engine sold the
        depot's next one: a copy nobody holds any more (rusted, discarded), or one another
        company holds, bought at the depot's price."""
        train_id = str(a.get("train"))
        if isinstance(a.get("exchange"), str):
            return False
        owner = r.owner_of_train(train_id)
        if owner is None:
            return r.has_gone(train_id) and not r.was_exported(train_id)
        base = r.our_train(train_id.rsplit("-", 1)[0])
        return owner != buyer and base is not None and a.get("price") == r.game.train(base).price

    def acquire_company(self, r: Moves, a: Action) -> None:
        company = r.acting_company()
        private = a.get("company")
        if company is None or not isinstance(private, str):
            return
        r.set_owner_of_private(private, company.abbrev)
        pullman = self.PULLMAN_PRIVATES.get(private)
        if pullman is not None:
            r.give_train(company.abbrev, pullman, self.PULLMAN)
        train_id = self.PRIVATE_TRAINS.get(private)
        if train_id is not None:
            name = r.train_name(train_id)
            if name is not None:
                r.give_train(company.abbrev, train_id, name)

    def remove_token(self, r: Moves, a: Action) -> None:
        """The NDEM's closing turn: the token chosen is put up for auction, not removed."""
        if not self.privatising:
            r.common(a)
            return
        hex_name, part = r.city_of(a.get("city"))
        space = r.city_space(hex_name, part, int(a.get("slot", 0)))
        tile, _ = r.tile_at(hex_name)
        city = next(t.city for t in tile.token_spaces if t.index == space)
        taken = r.tokens_at(hex_name)
        ndem = [
            t.index
            for t in tile.token_spaces
            if t.city == city and taken.get(t.index) == self.NATIONAL
        ]
        self.up_for_bid = (hex_name, ndem[0] if ndem else space)  # our slots: our own order

    def merge(self, r: Moves, a: Action) -> None:
        major, minor = r.company(a.get("entity")), r.company(a.get("corporation"))
        if self.privatising and self.up_for_bid is not None and minor is not None:
            hex_name, space = self.up_for_bid  # the buyer's token replaces the NDEM's
            self.up_for_bid = None
            r.remove_token(hex_name, space)
            if minor.abbrev not in r.tokens_at(hex_name).values():
                r.place_token(hex_name, space, minor.abbrev)
            r.grant_tokens(minor.abbrev)  # the engine's Token.new for the buyer
            return
        if major is None or minor is None:
            r.warn("a merger of companies that are not ours: not replayed")
            return
        self.merging = minor.abbrev
        r.move_trains(minor.abbrev, major.abbrev)

    def run_routes(self, r: Moves, a: Action) -> None:
        r.common(a)
        if self.attached is not None:  # the pullman leaves the train after the run
            train_id, name = self.attached
            r.rename_train(train_id, name)
            self.attached = None

    def attach_pullman(self, r: Moves, company: str, index: int) -> None:
        """G1822 Route#process_choose: the P+ joins the ``index``-th train that may take it
        (not an L, LP or E) for this run; the N-train runs as our N+."""
        held = r.trains_of(company)
        if not any(r.train_name(t) == self.PULLMAN for t in held):
            return
        choices = [t for t in held if r.is_run(t) and r.train_name(t) not in self.NO_PULLMAN]
        if not 0 <= index < len(choices):
            r.warn(f"{company}: no train {index} to attach the pullman to")
            return
        train_id = choices[index]
        name = r.train_name(train_id)
        if name is None:
            return
        if r.our_train(f"{name}+") is None:
            r.warn(f"{company}: the {name} with the pullman is no train of ours")
            return
        self.attached = (train_id, name)
        r.rename_train(train_id, f"{name}+")

    def choose(self, r: Moves, a: Action) -> None:
        choice, major = a.get("choice"), r.company(a.get("entity"))
        if isinstance(choice, str) and choice.isdigit() and major is not None:
            self.attach_pullman(r, major.abbrev, int(choice))
            return
        if self.merging is None or major is None or choice not in ("replace", "exchange", "remove"):
            return
        minor, self.merging = self.merging, None
        if f"M{minor}" in self.minors:  # taken from a bid box
            self.minors.remove(f"M{minor}")
        if choice in ("replace", "exchange"):  # an exchange token becomes a real one
            r.grant_tokens(major.abbrev)
        if not r.tokens_placed(minor):  # it never operated: no token yet
            self.home_replaced(r, minor, major.abbrev, choice)
        for hex_name, space, owner in r.all_tokens():
            if owner != minor:
                continue
            r.remove_token(hex_name, space)
            if choice == "replace" and major.abbrev not in r.tokens_at(hex_name).values():
                r.place_token(hex_name, space, major.abbrev)
        r.drop_trains(minor)

    def home_replaced(self, r: Moves, minor: str, major: str, choice: str) -> None:
        """A minor that never operated has no token yet: ``replace`` puts the major's in
        the minor's home city (G1822 MinorAcquisition, the reserved city)."""
        company = r.company(minor)
        if choice != "replace" or company is None or company.home is None:
            return
        hex_name = r.game.hex(company.home).name
        if major in r.tokens_at(hex_name).values():
            return
        city = company.home_city or 0
        if city >= len(r.tile_at(hex_name)[0].cities):
            city = 0  # an upgrade joined the home's cities into one
        space = r.free_space(hex_name, city)
        if space is not None:
            r.place_token(hex_name, space, major)

    def auto_actions(self, r: Moves, a: Action) -> None:
        """The destination tokens the engine placed after this action (``hex_token``)."""
        for auto in a.get("auto_actions") or []:
            if not isinstance(auto, dict) or auto.get("type") != "hex_token":
                continue
            company = r.company(auto.get("entity"))
            hex_name = r.hex_name(auto.get("hex"))
            if company is None:
                continue
            space = r.free_space(hex_name, 0)
            if space is None:  # a slot the engine adds to the full city: our extra slot
                r.place_extra_token(hex_name, 0, company.abbrev)
                continue
            r.place_token(hex_name, space, company.abbrev)
            r.grant_tokens(company.abbrev)  # the destination token, beyond the charter


def _private_names(s: Specials1822MX) -> set[str]:
    return {t.rsplit("-", 1)[0] for t in (*s.PRIVATE_TRAINS.values(), *s.PULLMANS)}


@title("1822MX")
class Home1822MX(TitleHome):
    specials = Specials1822MX
