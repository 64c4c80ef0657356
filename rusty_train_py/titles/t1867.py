"""1867 (and 1861, its family: t1861.py uses its class): mergers, conversions and the
national's nationalisations, as the replay follows them; the Rusty Train import's cities of
its tiles; the game the window opens with."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import CityEdges, TitleHome, title
from .specials import GameSpecials


class Mergers1867(GameSpecials):
    """1867 and 1861: a minor converts into a major (its token and trains become the
    major's); minors merge into a major (the same, for each); a nationalised company's
    tokens become the national's (one per tile, the best cities first, keeping the
    national's reserved tokens); every minor is nationalised when the phase in
    ``minors_nationalized_on`` starts."""

    OPERATING = frozenset({"lay_tile", "run_routes", "dividend", "buy_train"})
    OUTSIDE_OR = frozenset({"bid", "par", "buy_shares", "merge", "convert", "choose"})

    def __init__(self) -> None:
        self.converting: str | None = None
        self.merging: list[str] = []
        self.in_or = False  # an operating round under way (seen from its actions)
        self.operated: set[str] = set()
        self.last_operator: str | None = None
        self.national_home_done = False
        self.turn_of: str | None = None  # the company whose operating turn is under way
        self.ever_operated: set[str] = set()  # since it last started

    def turn_end(self, r: Moves, company: str) -> None:
        """A company's operating turn ends (another entity acts): the engine nationalises a
        company that leaves its buy-train step with no train (G1867 BuyTrain#pass!)."""
        self.turn_of = None
        if company != r.table.national and not r.trains_of(company):
            if r.tokens_placed(company):
                self.nationalise(r, company)

    def before_action(self, r: Moves, a: Action) -> None:
        """The end of an operating round, read from the actions: a round's action outside
        operating rounds (a bid, a par, a share bought, a merger, a player passing), or a
        company operating again after others did. In the phases of ``export_phases`` the
        engine exports the next depot train then."""
        kind, entity = a.get("type"), a.get("entity")
        outside = kind in self.OUTSIDE_OR or (kind == "pass" and a.get("entity_type") == "player")
        company = r.company(entity) if a.get("entity_type") == "corporation" else None
        again = (
            self.in_or
            and kind in self.OPERATING
            and company is not None
            and company.abbrev in self.operated
            and company.abbrev != self.last_operator
        )
        if kind == "run_routes" and company is not None and company.abbrev == r.table.national:
            self.national_turn(r)
            self.national_bought(r, company.abbrev, a)
        other = company is not None and company.abbrev != self.turn_of
        if self.turn_of is not None and (other or outside):  # messages do not end a turn
            self.turn_end(r, self.turn_of)
        if self.in_or and (outside or again):
            self.in_or = False
            self.operated = set()
            self.national_turn(r)
            if r.phase in r.table.export_phases:
                r.export_next()
        if kind in self.OPERATING and company is not None:
            self.turn_of = company.abbrev
            self.ever_operated.add(company.abbrev)
            self.in_or = True
            self.operated.add(company.abbrev)
            self.last_operator = company.abbrev

    def national_bought(self, r: Moves, national: str, a: Action) -> None:
        """The trains the national runs that the replay has not seen leave the depot: it
        bought them with its cash and loans at one of its turns (no action says which)."""
        for route in a.get("routes") or []:
            train_id = route.get("train") if isinstance(route, dict) else None
            if not isinstance(train_id, str) or r.owner_of_train(train_id) is not None:
                continue
            name = r.train_name(train_id)
            if name is not None:  # (a copy below one bought later counts as gone already)
                r.give_train(national, train_id, name)
                if not r.has_gone(train_id):
                    r.depart(train_id, name)

    def buy_ahead(self, r: Moves, national: str, after: int) -> bool:
        """The national buys at the end of its turn, with its cash and no action: the
        trains its next run uses that no action buys before it (True: it bought some)."""
        later = [
            a for a in r.kept_actions() if isinstance(a.get("id"), int) and a["id"] > after
        ]  # fmt: skip
        bought_by_action = set()
        for a in later:
            if a.get("type") == "buy_train":
                bought_by_action.add(a.get("train"))
            company = r.company(a.get("entity"))
            if a.get("type") != "run_routes" or company is None or company.abbrev != national:
                continue
            before = len(r.trains_of(national))
            for route in a.get("routes") or []:
                train_id = route.get("train") if isinstance(route, dict) else None
                if isinstance(train_id, str) and train_id not in bought_by_action:
                    self.national_bought(r, national, {"routes": [route]})
            return len(r.trains_of(national)) > before
        return False

    def run_routes(self, r: Moves, a: Action) -> None:
        r.common(a)
        company = r.company(a.get("entity"))
        national = r.table.national
        if company is not None and company.abbrev == national and national:
            if r.phase in r.table.national_operates:
                self.buy_ahead(r, national, int(a["id"]))

    def national_turn(self, r: Moves) -> None:
        """1861: the RSR operates last in the operating rounds of the phases in
        ``national_operates``: on its first turn it puts its home token in the city
        ``national_home`` (unless a nationalisation gave it a token on that hex), and with
        no train it buys the next one of the depot (its own cash and loans: no action)."""
        national = r.table.national
        if r.phase not in r.table.national_operates or not national:
            return
        home = r.table.national_home
        if home and not self.national_home_done:
            self.national_home_done = True
            hex_name = r.hex_name(home[0])
            if national not in r.tokens_at(hex_name).values():
                space = r.free_space(hex_name, int(home[1]))
                if space is not None:
                    r.place_token(hex_name, space, national)
        if not r.trains_of(national):
            now = r.action.get("id")
            if not (isinstance(now, int) and self.buy_ahead(r, national, now - 1)):
                r.buy_next(national)

    def handlers(self) -> dict[str, Handler]:
        return {
            "convert": self.convert,
            "merge": self.merge,
            "choose": self.choose,
            "lay_tile": self.lay_tile,
            "run_routes": self.run_routes,
        }

    def lay_tile(self, r: Moves, a: Action) -> None:
        """The tile ``national_token_tile`` (639: Montreal, Moscow) laid while the national
        still has reservations gets a national token in its first city (place_639_token)."""
        r.common(a)
        national = r.table.national
        if not national or r.tile_name(a.get("tile")) != r.table.national_token_tile:
            return
        hex_name = r.hex_name(a.get("hex"))
        reserved = [
            h for h in r.table.national_reservations
            if national not in r.tokens_at(r.hex_name(h)).values()
        ]  # fmt: skip
        if reserved and national not in r.tokens_at(hex_name).values():
            space = r.free_space(hex_name, 0)
            if space is not None:
                r.place_token(hex_name, space, national)

    def convert(self, r: Moves, a: Action) -> None:
        company = r.company(a.get("entity"))
        self.converting = company.abbrev if company else None

    def merge(self, r: Moves, a: Action) -> None:
        source = r.company(a.get("entity"))
        target = r.company(a.get("corporation"))
        if source is None or target is None:
            r.warn("a merger of companies that are not ours: not replayed")
            return
        if self.converting is not None:
            self._absorb(r, [self.converting], target.abbrev)
            self.converting = None
        elif target.kind == "major" and self.merging:
            self._absorb(r, self.merging, target.abbrev)
            self.merging = []
        else:
            if not self.merging:
                self.merging = [source.abbrev]
            self.merging.append(target.abbrev)

    def _absorb(self, r: Moves, sources: list[str], target: str) -> None:
        for source in sources:
            r.move_tokens(source, target)
            r.move_trains(source, target)

    def choose(self, r: Moves, a: Action) -> None:
        if a.get("choice") == "nationalize":
            company = r.company(a.get("entity"))
            if company is not None:
                self.nationalise(r, company.abbrev)

    def on_phase(self, r: Moves, phase: str) -> None:
        neutral = r.table.neutral_token_company
        if phase == r.table.neutral_tokens_removed_on and neutral:  # 1867: phase 3
            for hex_name, space, owner in r.all_tokens():
                if owner == neutral:
                    r.remove_token(hex_name, space)
        every_minor = phase == r.table.minors_nationalized_on
        trainless = phase in r.table.trainless_nationalization_on
        for c in r.game.companies:
            if c.kind != "minor" or not r.tokens_placed(c.abbrev):
                continue
            # the trainless rule takes the minors that have operated (Corporation#operated?)
            operated = c.abbrev in self.ever_operated
            if every_minor or trainless and operated and not r.trains_of(c.abbrev):
                self.nationalise(r, c.abbrev)

    def nationalise(self, r: Moves, company: str) -> None:
        self.ever_operated.discard(company)
        national = r.table.national
        if not national:
            r.warn(f"nationalisation of {company}: the game names no national company")
            return
        limit = r.game.company(national).tokens
        reserved = set(r.table.national_reservations)
        tokens = [(h, s) for h, s, c in r.all_tokens() if c == company]

        def best(item: tuple[str, int]) -> tuple[int, str]:
            tile, _ = r.tile_at(item[0])
            revenue = max((n.revenue.max_value for n in tile.cities), default=0)
            return (revenue, item[0])

        for hex_name, space in sorted(tokens, key=best, reverse=True):
            r.remove_token(hex_name, space)
            if national in r.tokens_at(hex_name).values():
                continue
            placed = r.tokens_placed(national)
            open_reservations = {h for h in reserved if national not in r.tokens_at(h).values()}
            if hex_name not in open_reservations and limit - placed <= len(open_reservations):
                continue
            r.place_token(hex_name, space, national)
        if r.table.national_takes_assets:  # 1861: trains and privates go to the RSR
            r.move_trains(company, national)
        r.drop_trains(company)


CITIES: dict[str, CityEdges] = {
    "120": ((1, (1, 2)), (1, (3, 4))),
    "637": ((1, (0, 1)), (1, (2, 3)), (1, (4, 5))),
    "X1": ((1, (0, 3)), (1, (1, 4)), (1, (2, 5))),
    "X2": ((1, (0, 3)), (1, (2, 4)), (1, (1, 5))),
    "X3": ((1, (3, 5)), (1, (0, 4)), (1, (1, 2))),
    "X4": ((1, (0, 3)), (1, (1, 2)), (1, (4, 5))),
    "122": ((2, (1, 2)), (2, (3, 4))),
    "X5": ((1, (0, 3)), (2, (1, 2, 4, 5))),
    "X6": ((1, (1, 2)), (2, (0, 3, 4, 5))),
    "X7": ((1, (2, 4)), (2, (0, 1, 3, 5))),
    "Toronto": ((1, (1,)), (1, (4,))),
    "Montreal": ((1, (1,)), (1, (3,)), (1, ())),
}


@title("1867")
class Home1867(TitleHome):
    specials = Mergers1867
    rusty_train_cities = CITIES
    opens_first = True
