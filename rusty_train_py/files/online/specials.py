"""Each game's own actions and events that move tokens or trains, as small registered
classes found by our game id (never an ``if title == ...`` in the generic replay)."""

from __future__ import annotations

from .replay import Handler, Replay

_REGISTRY: dict[str, type[GameSpecials]] = {}


def register(*game_ids: str):
    def wrap(cls: type[GameSpecials]) -> type[GameSpecials]:
        for gid in game_ids:
            _REGISTRY[gid] = cls
        return cls

    return wrap


def specials_for(game_id: str) -> GameSpecials:
    return _REGISTRY.get(game_id, GameSpecials)()


class GameSpecials:
    """What every game does: set-up tokens from the game's ``[eighteen_xx]`` table, no
    action of its own."""

    def handlers(self) -> dict[str, Handler]:
        return {}

    def setup(self, r: Replay) -> None:
        r.gone.update(r.table.get("private_trains", {}).values())  # held apart from the start
        for hex_name, city, company in r.table.get("setup_tokens", []):
            space = r.free_space(hex_name, city)
            if space is not None:
                r.place_token(hex_name, space, company)

    def on_phase(self, r: Replay, phase: str) -> None:
        """Called when the phase changes (a train left the depot)."""

    def on_first(self, r: Replay, train: str) -> None:
        """Called when the first train of a type leaves the depot (after the rusting)."""

    def before_action(self, r: Replay, action: dict) -> None:
        """Called before every action the engine keeps (round bookkeeping)."""


@register("1867", "1861")
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

    def turn_end(self, r: Replay, company: str) -> None:
        """A company's operating turn ends (another entity acts): the engine nationalises a
        company that leaves its buy-train step with no train (G1867 BuyTrain#pass!)."""
        self.turn_of = None
        if company != r.table.get("national") and not r.trains.get(company):
            if r.state.tokens_placed(company):
                self.nationalise(r, company)

    def before_action(self, r: Replay, a: dict) -> None:
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
        if kind == "run_routes" and company is not None and company.abbrev == r.table.get("national"):
            self.national_turn(r)
        other = company is not None and company.abbrev != self.turn_of
        if self.turn_of is not None and (other or outside):  # messages do not end a turn
            self.turn_end(r, self.turn_of)
        if self.in_or and (outside or again):
            self.in_or = False
            self.operated = set()
            self.national_turn(r)
            if r.state.phase in r.table.get("export_phases", []):
                r.export_next()
        if kind in self.OPERATING and company is not None:
            self.turn_of = company.abbrev
            self.in_or = True
            self.operated.add(company.abbrev)
            self.last_operator = company.abbrev

    def national_turn(self, r: Replay) -> None:
        """1861: the RSR operates last in the operating rounds of the phases in
        ``national_operates``: on its first turn it puts its home token in the city
        ``national_home`` (unless a nationalisation gave it a token on that hex), and with
        no train it buys the next one of the depot (its own cash and loans: no action)."""
        national = r.table.get("national")
        if r.state.phase not in r.table.get("national_operates", []) or not national:
            return
        home = r.table.get("national_home")
        if home and not self.national_home_done:
            self.national_home_done = True
            hex_name = r.hex_name(home[0])
            if national not in r.state.tokens_at(hex_name).values():
                space = r.free_space(hex_name, int(home[1]))
                if space is not None:
                    r.place_token(hex_name, space, national)
        if not r.trains.get(national):
            r.buy_next(national)

    def handlers(self) -> dict[str, Handler]:
        return {
            "convert": self.convert,
            "merge": self.merge,
            "choose": self.choose,
            "lay_tile": self.lay_tile,
        }

    def lay_tile(self, r: Replay, a: dict) -> None:
        """The tile ``national_token_tile`` (639: Montreal, Moscow) laid while the national
        still has reservations gets a national token in its first city (place_639_token)."""
        from .actions import lay_tile

        lay_tile(r, a)
        national = r.table.get("national")
        if not national or r.tile_name(a.get("tile")) != r.table.get("national_token_tile"):
            return
        hex_name = r.hex_name(a.get("hex"))
        reserved = [
            h for h in r.table.get("national_reservations", [])
            if national not in r.state.tokens_at(r.hex_name(h)).values()
        ]  # fmt: skip
        if reserved and national not in r.state.tokens_at(hex_name).values():
            space = r.free_space(hex_name, 0)
            if space is not None:
                r.place_token(hex_name, space, national)

    def convert(self, r: Replay, a: dict) -> None:
        company = r.company(a.get("entity"))
        self.converting = company.abbrev if company else None

    def merge(self, r: Replay, a: dict) -> None:
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

    def _absorb(self, r: Replay, sources: list[str], target: str) -> None:
        for source in sources:
            r.move_tokens(source, target)
            r.move_trains(source, target)

    def choose(self, r: Replay, a: dict) -> None:
        if a.get("choice") == "nationalize":
            company = r.company(a.get("entity"))
            if company is not None:
                self.nationalise(r, company.abbrev)

    def on_phase(self, r: Replay, phase: str) -> None:
        every_minor = phase == r.table.get("minors_nationalized_on")
        trainless = phase in r.table.get("trainless_nationalization_on", [])
        for c in r.game.companies:
            if c.kind != "minor" or not r.state.tokens_placed(c.abbrev):
                continue
            if every_minor or trainless and not r.trains.get(c.abbrev):
                self.nationalise(r, c.abbrev)

    def nationalise(self, r: Replay, company: str) -> None:
        national = r.table.get("national")
        if not national:
            r.warn(f"nationalisation of {company}: the game names no national company")
            return
        limit = r.game.company(national).tokens
        reserved = set(r.table.get("national_reservations", []))
        tokens = [(h, s) for h, s, c in r.state.all_tokens() if c == company]

        def best(item: tuple[str, int]) -> tuple[int, str]:
            tile, _ = r.state.tile_at(item[0])
            revenue = max((n.revenue.max_value for n in tile.cities), default=0)
            return (revenue, item[0])

        for hex_name, space in sorted(tokens, key=best, reverse=True):
            r.remove_token(hex_name, space)
            if national in r.state.tokens_at(hex_name).values():
                continue
            placed = r.state.tokens_placed(national)
            open_reservations = {
                h for h in reserved if national not in r.state.tokens_at(h).values()
            }
            if hex_name not in open_reservations and limit - placed <= len(open_reservations):
                continue
            r.place_token(hex_name, space, national)
        if r.table.get("national_takes_assets"):  # 1861: trains and privates go to the RSR
            r.move_trains(company, national)
        r.trains.pop(company, None)


class Lcg:
    """The engine's random numbers (Game::Base#rand: a linear congruential generator)."""

    def __init__(self, seed: int) -> None:
        self.value = seed % 2**31

    def next(self) -> int:
        self.value = (1_103_515_245 * self.value + 12_345) % 2**31
        return self.value

    def shuffled(self, names: list[str]) -> list[str]:
        keys = [self.next() for _ in names]
        return [n for _, n in sorted(zip(keys, names, strict=True))]


@register("1846")
class Setup1846(GameSpecials):
    """1846: the set-up removes corporations at random (the engine's seeded draws; a removed
    corporation's home token stays as a blocker), the two minors start with a 2 train and a
    token, a corporation buying a minor takes its train and its token (or drops the token
    where it has one), and the minors close when the phase in ``minors_close_on`` starts."""

    # the engine's draws before the corporation removal: one per player, then 10 (first
    # edition) or 12, then one per private of the orange and blue groups (3 and 3 in the
    # first edition, 4 and 4 in the second): read from the engine's generator state in
    # every fixture (tools/engine_check)
    DRAWS_BEFORE = {"first_ed": 16, "": 20}
    GROUPS = (["C&O", "ERIE", "PRR"],)
    GROUPS_2P = (["ERIE", "GT", "NYC", "PRR"], ["B&O", "C&O", "IC"])
    MINOR_TRAINS = {"MS": "2-0", "BIG4": "2-1"}

    def __init__(self) -> None:
        self.owner: dict[str, object] = {}  # minor or corporation -> the player owning it

    def handlers(self) -> dict[str, Handler]:
        return {
            "buy_company": self.buy_company,
            "bid": self.bid,
            "par": self.par,
            "bankrupt": self.bankrupt,
        }

    def bid(self, r: Replay, a: dict) -> None:
        """The draft: a player taking a minor owns it (1846's draft has no auction)."""
        if a.get("company") in self.MINOR_TRAINS:
            self.owner[str(a["company"])] = a.get("entity")

    def par(self, r: Replay, a: dict) -> None:
        from .actions import par

        par(r, a)
        self.owner[str(a.get("corporation"))] = a.get("entity")

    def bankrupt(self, r: Replay, a: dict) -> None:
        """The president goes bankrupt: the corporation stays (in receivership, its tokens
        and trains kept); the minors the player owns close."""
        player = self.owner.get(str(a.get("entity")))
        for minor, owner in self.owner.items():
            company = r.company(minor)
            if minor in self.MINOR_TRAINS and owner == player and company is not None:
                r.close(company.abbrev)

    def setup(self, r: Replay) -> None:
        super().setup(r)
        lcg = Lcg(r.log.seed)
        edition = "first_ed" if "first_ed" in r.log.options else ""
        for _ in range(self.DRAWS_BEFORE[edition] + r.log.players):
            lcg.next()
        two = r.log.players == 2
        removals = 1 if two else max(0, 5 - r.log.players)
        removed = []
        for group in self.GROUPS_2P if two else self.GROUPS:
            removed += lcg.shuffled(list(group))[:removals]
        started = {
            a.get("corporation") for a, kept in zip(r.log.actions, r.log.kept, strict=True)
            if kept and a["type"] == "par"
        }  # fmt: skip
        for name in removed:
            company = r.company(name)
            if company is None:
                continue
            if name in started:
                r.warnings.append(
                    f"set-up: the replay removes {name} at random as the engine does, but the"
                    " log starts it: its home token is not placed as a blocker"
                )
                continue
            r.place_home(company)
        for minor, train_id in self.MINOR_TRAINS.items():
            company = r.company(minor)
            if company is not None:
                r.place_home(company)
                r.give_train(company.abbrev, train_id, r.train_name(train_id) or "2")
                r.depart(train_id, r.train_names[train_id])

    def buy_company(self, r: Replay, a: dict) -> None:
        from .actions import buy_company

        buy_company(r, a)
        minor = r.company(a.get("company"))
        buyer = r.acting_company()
        if minor is None or buyer is None or minor.kind != "minor":
            return
        r.move_trains(minor.abbrev, buyer.abbrev)
        for hex_name, space, owner in r.state.all_tokens():
            if owner == minor.abbrev:
                if buyer.abbrev in r.state.tokens_at(hex_name).values():
                    r.remove_token(hex_name, space)
        r.move_tokens(minor.abbrev, buyer.abbrev)

    def on_phase(self, r: Replay, phase: str) -> None:
        if phase == r.table.get("minors_close_on"):
            for minor in self.MINOR_TRAINS:
                company = r.company(minor)
                if company is not None:
                    r.close(company.abbrev)


@register("18LosAngeles")
class Setup18LosAngeles(Setup1846):
    """18 Los Angeles (built on 1846): at set-up every corporation with a fixed home places
    its home token, and the minors drafted (GT, OCR) start with a 2 train and a token (a
    minor nobody drafts closes); a corporation buying a minor takes its train and token. Its
    two-player removal of corporations is not followed (a warning says so)."""

    MINOR_TRAINS = {"GT": "2-0", "OCR": "2-1"}
    # two players: 2 of these are removed at random after the engine's 8 draws (the orange
    # and blue groups of privates, 4 each; read from the engine's generator state), each
    # leaving its home token and a second token
    DRAWS_18LA = 8
    GROUP_2P = ["ELA", "LA", "LAIR", "PER", "SF", "SP", "UP"]
    SECOND_TOKEN = {"ELA": "C4", "LA": "B9", "LAIR": "E6", "SF": "D11", "SP": "C6", "UP": "B13"}

    def setup(self, r: Replay) -> None:
        GameSpecials.setup(self, r)
        if r.log.players == 2:
            lcg = Lcg(r.log.seed)
            for _ in range(self.DRAWS_18LA):
                lcg.next()
            for name in lcg.shuffled(list(self.GROUP_2P))[:2]:
                company = r.company(name)
                second = self.SECOND_TOKEN.get(name)
                if company is None or second is None:
                    continue
                r.place_home(company)
                space = r.free_space(r.hex_name(second), 0)
                if space is not None:
                    r.place_token(r.hex_name(second), space, company.abbrev)
        drafted = {
            a.get("company") for a, kept in zip(r.log.actions, r.log.kept, strict=True)
            if kept and a["type"] == "bid"
        }  # fmt: skip
        for c in r.game.companies:
            if c.kind != "minor" and c.home is not None:
                r.place_home(c)
        for minor, train_id in self.MINOR_TRAINS.items():
            company = r.company(minor)
            if company is not None and minor in drafted:
                r.place_home(company)
                r.give_train(company.abbrev, train_id, r.train_name(train_id) or "2")
            r.depart(train_id, r.train_name(train_id) or "2")


@register("1849")
class Earthquake1849(GameSpecials):
    """1849: the Messina earthquake when the phase in ``earthquake_on`` starts: the tokens
    on ``earthquake_hex`` leave the game and the hex goes back to its printed tile. A
    ``choose`` closes a private ("Close SMS") or is about money (a loan, leaving the game)."""

    def handlers(self) -> dict[str, Handler]:
        return {"choose": self.choose}

    def choose(self, r: Replay, a: dict) -> None:
        choice = a.get("choice")
        if isinstance(choice, str) and choice.startswith("Close "):
            r.private_owner.pop(choice.removeprefix("Close ").strip(), None)

    def on_phase(self, r: Replay, phase: str) -> None:
        hex_name = r.table.get("earthquake_hex")
        if phase != r.table.get("earthquake_on") or not hex_name:
            return
        for space in list(r.state.tokens_at(hex_name)):
            r.remove_token(hex_name, space)
        if r.state.laid_tile(hex_name) is not None:
            r.state.apply(r.state.remove_tile_edit(hex_name))
        for tile_id, where in list(r.tile_hex.items()):
            if where == hex_name:
                del r.tile_hex[tile_id]


@register("18MS")
class RustByRound18MS(GameSpecials):
    """18MS: trains rust at the end of a set of operating rounds, not when a train is bought
    (``rust_after_or_sets``: the number of sets ended = the train that rusts), and a phase
    starts with an operating round (``phase_at_or``: the round's number = the phase). A set
    ends where the actions show the stock round starting (a par, shares bought, a bid, a
    player passing) after operating actions; a round ends there too, or where a company
    operates again after others did."""

    OPERATING = frozenset({"lay_tile", "run_routes", "dividend", "buy_train", "place_token"})
    STOCK = frozenset({"par", "buy_shares", "bid"})

    def __init__(self) -> None:
        self.in_or = False
        self.sets_ended = 0
        self.rounds = 0
        self.operated: set[str] = set()
        self.last_operator: str | None = None

    def before_action(self, r: Replay, a: dict) -> None:
        kind = a.get("type")
        player = a.get("entity_type") == "player"
        if self.in_or and (kind in self.STOCK or (kind == "pass" and player)):
            self.in_or = False
            self.sets_ended += 1
            rusting = r.table.get("rust_after_or_sets", {}).get(str(self.sets_ended))
            if rusting:
                for owner, ids in r.trains.items():
                    r.trains[owner] = [t for t in ids if r.train_names[t] != rusting]
        company = r.company(a.get("entity")) if a.get("entity_type") == "corporation" else None
        if kind not in self.OPERATING or company is None:
            return
        again = company.abbrev in self.operated and company.abbrev != self.last_operator
        if not self.in_or or again:
            self.rounds += 1
            self.operated = set()
            phase = r.table.get("phase_at_or", {}).get(str(self.rounds))
            names = [p.name for p in r.game.phases]
            if phase in names and names.index(phase) > names.index(r.state.phase):
                r.state.phase = phase
        self.in_or = True
        self.operated.add(company.abbrev)
        self.last_operator = company.abbrev


@register("1882")
class Rebellion1882(GameSpecials):
    """1882: the North West Rebellion when the phase in ``rebellion_on`` starts (the first 6
    train of a type the set-up draws among ``rebellion_trains``, the engine's first random
    number): every yellow tile laid on a hex of ``rebellion_hexes`` goes back to the printed
    hex. The NWR private removing its owner's home token leaves a neutral token of
    ``neutral_token_company`` (CN) in its place."""

    def __init__(self) -> None:
        self.rebellion: str | None = None

    def setup(self, r: Replay) -> None:
        super().setup(r)
        trains = r.table.get("rebellion_trains", [])
        if trains:
            self.rebellion = str(trains[Lcg(r.log.seed).next() % len(trains)])

    def handlers(self) -> dict[str, Handler]:
        return {"remove_token": self.remove_token}

    def remove_token(self, r: Replay, a: dict) -> None:
        from .actions import remove_token

        hex_name, part = r.city_of(a.get("city"))
        owner = r.acting_company()
        remove_token(r, a)
        neutral = r.table.get("neutral_token_company")
        if owner is not None and neutral and owner.home is not None:
            if r.game.hex(owner.home).name == hex_name:
                slot = a.get("slot", 0)
                r.place_token(hex_name, r.city_space(hex_name, part, int(slot)), neutral)

    def on_first(self, r: Replay, train: str) -> None:
        if train != self.rebellion:
            return
        for hex_name in r.table.get("rebellion_hexes", []):
            name = r.hex_name(hex_name)
            if r.state.laid_tile(name) is None:
                continue
            tile, _ = r.state.tile_at(name)
            if tile.colour == "yellow":
                r.state.apply(r.state.remove_tile_edit(name))
                for tile_id, where in list(r.tile_hex.items()):
                    if where == name:
                        del r.tile_hex[tile_id]

