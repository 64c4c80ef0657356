"""Replaying an 18xx.games log onto our map: tiles, station tokens, phase and each company's
trains, action by action, up to a chosen action.

The generic replay knows what every game shares (tile lays, tokens placed and removed, home
tokens the engine places without an action, trains bought, traded, discarded, rusted and
exported, phases from trains leaving the depot). What a game does on its own (1867's
mergers, ...) is a ``GameSpecials`` class in its title's home (rusty_train_py/titles/),
found by the game's id.
An action that would shape the map or the trains and that the replay cannot follow becomes a
warning naming its id and type; an action that contradicts the map (an unknown tile or hex,
a token space that does not exist) is a GameFileError naming the file and the action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...gamedata.eighteen_xx import EighteenXX
from ...gamedata.game import Company, Game
from ...mapstate.state import MapEditError, MapState, carry_tokens, city_edges
from ..errors import GameFileError, short
from .log import GameLog
from .rounds import RoundCounter, RunPoint

# Actions that change nothing on the map or in the trains (shares, money, auctions, ...).
NO_MAP_EFFECT = frozenset(
    {
        "pass", "bid", "buy_shares", "sell_shares", "dividend", "message", "end_game",
        "log", "program_share_pass", "program_buy_shares", "program_disable",
        "program_merger_pass", "program_auction_bid", "program_harzbahn_draft_pass",
        "program_independent_mines", "program_close_pass", "take_loan", "payoff_loan",
        "payoff_debt", "redeem_shares", "buy_power", "assign", "sell_company",
        "short", "undo", "redo", "choose_ability", "reserve",
    }
)  # fmt: skip


# The order of the colours a hex goes through: a lay that goes back is no game's (none of the
# 135 logs of tests/data does it); the replay lays it as recorded, with a warning.
_RANK = {"white": 0, "yellow": 1, "green": 2, "brown": 3, "grey": 4}


@dataclass
class Replay:
    """The position being built: our map state, each company's trains (engine train ids),
    which trains have left the depot, and the warnings so far."""

    game: Game
    log: GameLog
    state: MapState
    table: EighteenXX
    trains: dict[str, list[str]] = field(default_factory=dict[str, Any])  # company -> train ids
    train_names: dict[str, str] = field(
        default_factory=dict[str, Any]
    )  # train id -> our train name
    gone: set[str] = field(default_factory=set)  # train ids that left the depot
    exported: set[str] = field(default_factory=set)  # train ids the replay had exported
    departed: set[str] = field(default_factory=set)  # our train names that left the depot
    tile_hex: dict[str, str] = field(default_factory=dict[str, Any])  # engine tile id -> hex
    home_done: set[str] = field(default_factory=set)
    private_owner: dict[str, str] = field(default_factory=dict[str, Any])
    assigned: dict[str, str] = field(
        default_factory=dict[str, Any]
    )  # private (or one of its bonuses) -> hex it was assigned
    global_bonuses: dict[str, str] = field(
        default_factory=dict[str, Any]
    )  # bonus -> hex, every company
    assigned_to: dict[str, str] = field(
        default_factory=dict[str, Any]
    )  # private -> corporation it pays
    rights: dict[str, list[str]] = field(
        default_factory=dict[str, Any]
    )  # company -> bonuses it holds for good (1856's bridge and tunnel rights)
    pending_tokens: list[tuple[str, str]] = field(
        default_factory=list
    )  # (hex, company): tokens a tile lay took off, put back by the next place_token actions
    held: dict[str, set[str]] = field(
        default_factory=dict[str, Any]
    )  # company -> bonus options it bought (1894's ferry marker)
    warnings: list[str] = field(default_factory=list)
    runs: list[RunPoint] = field(default_factory=list)
    rounds: RoundCounter = field(default_factory=RoundCounter)  # read from the actions
    action: dict[str, Any] = field(default_factory=dict[str, Any])  # the action being replayed
    specials: Any = None  # the game's GameSpecials (on_phase is called on phase changes)

    # ---- the rounds ----------------------------------------------------------------------

    def count_turn(self, a: dict[str, Any]) -> None:
        """The operating rounds, counted from the actions (rounds.RoundCounter)."""
        self.rounds.count(a)

    @property
    def operating_round(self) -> int:
        return self.rounds.operating_round

    # ---- naming ------------------------------------------------------------------------

    def at(self) -> str:
        a = self.action
        return f"{self.log.where}: action {a.get('id')} ({a.get('type')})"

    def fail(self, why: str) -> GameFileError:
        return GameFileError(f"{self.at()}: {why}")

    def warn(self, why: str) -> None:
        a = self.action
        self.warnings.append(f"action {a.get('id')} ({a.get('type')}): {why}")

    def company(self, name: object) -> Company | None:
        """Our company for an engine corporation id (None: not one of ours, e.g. a player)."""
        if not isinstance(name, str):
            return None
        ours = self.table.companies.get(name, name)
        try:
            return self.game.company(ours)
        except KeyError:
            return None

    def acting_company(self) -> Company | None:
        """The company an action acts for: the corporation itself, or the corporation that
        owns the private company acting."""
        a = self.action
        if a.get("entity_type") == "company":
            owner = self.private_owner.get(str(a.get("entity")))
            return self.company(owner) if owner else None
        if a.get("entity_type") in ("corporation", "minor", None):
            return self.company(a.get("entity"))
        return None

    def tile_name(self, tile_id: object) -> str:
        if not isinstance(tile_id, str) or "-" not in tile_id:
            raise self.fail(f"bad tile {short(tile_id)} (expected name-copy, e.g. 57-0)")
        name = tile_id.rsplit("-", 1)[0]
        name = self.table.tiles.get(name, name)
        if name not in self.game.catalogue:
            raise self.fail(f"unknown tile {short(name)} for game {self.game.id}")
        return name

    def hex_name(self, text: object) -> str:
        if not isinstance(text, str) or not self.game.has_hex(text):
            raise self.fail(f"no hex {short(text)} on the {self.game.id} map")
        return self.game.hex(text).name

    def our_train(self, name: object) -> str | None:
        """Our train type for an engine train name (``[eighteen_xx.trains]`` maps the
        names that differ); None when the game has no such train."""
        if not isinstance(name, str):
            return None
        ours = self.table.trains.get(name, name)
        try:
            return self.game.train(ours).name
        except KeyError:
            return None

    def train_name(self, train_id: str) -> str | None:
        """Our train type of an engine train id (``"5-2"``): the one it was bought as, or
        its name."""
        if train_id in self.train_names:
            return self.train_names[train_id]
        return self.our_train(train_id.rsplit("-", 1)[0])

    # ---- map edits ---------------------------------------------------------------------

    def lay(self, hex_name: str, tile: str, rotation: object) -> None:
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
            raise self.fail(f"{hex_name}: bad rotation {short(rotation)} (0-5)")
        old, new = self.state.tile_at(hex_name)[0], self.game.tile(tile)
        if _RANK.get(new.colour, 0) < _RANK.get(old.colour, 0):  # never in a real log
            self.warn(f"{hex_name}: the {new.colour} tile {tile} replaces a {old.colour} tile")
        try:
            edit = self.state.place_tile_edit(hex_name, tile, rotation, check_available=False)
        except MapEditError as exc:
            raise self.fail(str(exc)) from None
        self.state.apply(edit)

    def city_space(self, hex_name: str, part: int, slot: int) -> int:
        """Our token space of slot ``slot`` of the engine's part ``part`` (a city) of the tile
        on ``hex_name``."""
        tile, _ = self.state.tile_at(hex_name)
        city = city_of_part(tile.code, part)
        cities = tile.cities
        if not 0 <= city < len(cities):
            raise self.fail(f"{hex_name}: tile {tile.name} has no city {city}")
        for space in tile.token_spaces:
            if space.city == cities[city].index and space.slot == slot:
                return space.index
        raise self.fail(f"{hex_name}: city {city} of tile {tile.name} has no slot {slot}")

    def city_of(self, city_id: object) -> tuple[str, int]:
        """The hex and part index of an engine city id (``"57-1-0"``: part 0 of the second
        tile 57; ``"C1-0-1"``: part 1, the city after a border, of the printed hex C1)."""
        if not isinstance(city_id, str) or city_id.count("-") < 2:
            raise self.fail(f"bad city {short(city_id)}")
        tile_id, _, index = city_id.rpartition("-")
        if not index.isdigit() or len(index) > 3:
            raise self.fail(f"bad city {short(city_id)}")
        if tile_id in self.tile_hex:
            return self.tile_hex[tile_id], int(index)
        printed = tile_id.rsplit("-", 1)[0]
        if self.game.has_hex(printed):
            name = self.game.hex(printed).name
            if self.state.laid_tile(name) is None or self.table.printed_ids_kept:
                return name, int(index)
        raise self.fail(f"city {short(city_id)}: no such tile on the map")

    def place_extra_token(self, hex_name: str, city: int, company: str) -> None:
        """``company``'s token in the extra slot of city ``city`` (counted among the tile's
        cities) of ``hex_name``; nothing when it is there already."""
        if (city, company) in self.state.extra_tokens_at(hex_name):
            return
        try:
            edit = self.state.place_extra_token_edit(hex_name, city, company)
        except MapEditError as exc:
            raise self.fail(str(exc)) from None
        self.state.apply(edit)

    def place_token(self, hex_name: str, space: int, company: str) -> None:
        taken = self.state.tokens_at(hex_name)
        if space in taken:
            if taken[space] == company:
                return
            raise self.fail(f"{hex_name}: token space {space} is taken by {taken[space]}")
        try:
            edit = self.state.place_token_edit(hex_name, space, company, check_available=False)
        except MapEditError as exc:
            raise self.fail(str(exc)) from None
        self.state.apply(edit)

    def remove_token(self, hex_name: str, space: int) -> None:
        current = self.state.tokens_at(hex_name)
        current.pop(space, None)
        self.state.apply(self.state.set_tokens_edit(hex_name, current, check_available=False))

    def move_tokens(self, source: str, target: str) -> None:
        """Every token of ``source`` becomes ``target``'s (mergers, nationalisation): each a
        token the game gives ``target`` beyond its charter (the engine's ``Token.new``)."""
        for hex_name, space, owner in self.state.all_tokens():
            if owner == source:
                current = self.state.tokens_at(hex_name)
                current[space] = target
                edit = self.state.set_tokens_edit(hex_name, current, check_available=False)
                self.state.apply(edit)
                self.state.grant_tokens(target)
        for hex_name, city, owner in self.state.all_extra_tokens():
            if owner == source:
                self.state.apply(self.state.remove_extra_token_edit(hex_name, city, owner))
                if (city, target) not in self.state.extra_tokens_at(hex_name):
                    self.state.apply(self.state.place_extra_token_edit(hex_name, city, target))

    def close(self, company: str) -> None:
        """A company closes: its tokens leave the map and its trains the game."""
        for hex_name, space, owner in self.state.all_tokens():
            if owner == company:
                self.remove_token(hex_name, space)
        for hex_name, city, owner in self.state.all_extra_tokens():
            if owner == company:
                self.state.apply(self.state.remove_extra_token_edit(hex_name, city, owner))
        self.trains.pop(company, None)
        self.home_done.discard(company)  # started again, it places its home token again

    def free_space_of_part(self, hex_name: str, part: int) -> int | None:
        tile, _ = self.state.tile_at(hex_name)
        return self.free_space(hex_name, city_of_part(tile.code, part))

    def free_space(self, hex_name: str, city: int) -> int | None:
        tile, _ = self.state.tile_at(hex_name)
        if not 0 <= city < len(tile.cities):
            return None
        taken = self.state.tokens_at(hex_name)
        for space in tile.token_spaces:
            if space.city == tile.cities[city].index and space.index not in taken:
                return space.index
        return None

    def place_home(self, company: Company) -> None:
        """The home token the engine places without an action, if the company has a fixed
        home city (a home hex with several cities, no ``home_city`` and track on its tile is
        chosen by an action, which the log holds; with no track, the first city)."""
        if company.abbrev in self.home_done or company.home is None:
            return
        self.home_done.add(company.abbrev)
        hex_name = self.game.hex(company.home).name
        if any(c == company.abbrev for c in self.state.tokens_at(hex_name).values()):
            return
        tile, rot = self.state.tile_at(hex_name)
        city = company.home_city
        if city is None:
            # several cities: on a tile with no track yet the engine takes the first (the
            # token moves with its city when a tile is laid); else an action chooses
            if len(tile.cities) != 1 and tile.paths:
                return
            city = 0
        elif self.state.laid_tile(hex_name) is not None:
            city = self.moved_city(hex_name, city)
        space = self.free_space(hex_name, city)
        if space is None:
            self.warn(f"{company.abbrev}'s home {hex_name}: no free token space")
            return
        self.place_token(hex_name, space, company.abbrev)

    def moved_city(self, hex_name: str, city: int) -> int:
        """The city of the tile now on ``hex_name`` that city ``city`` of the printed hex
        became (the engine's home reservation moves with its city, as a token would)."""
        printed = self.game.hexes[hex_name].tile
        tile, rotation = self.state.tile_at(hex_name)
        if not 0 <= city < len(printed.cities) or not city_edges(printed, 0)[city]:
            return city  # no track to follow: the same city number
        node = printed.cities[city].index
        spaces = [s.index for s in printed.token_spaces if s.city == node]
        if not spaces:
            return city
        try:
            moved = carry_tokens(printed, 0, ((spaces[0], "home"),), tile, rotation)
        except MapEditError:
            return city
        now = tile.token_spaces[moved[0][0]].city
        return next(i for i, c in enumerate(tile.cities) if c.index == now)

    # ---- trains ------------------------------------------------------------------------

    def depart(self, train_id: str, name: str) -> None:
        """A train leaves the depot (bought or exported): the phase it starts, the trains
        it rusts. Trains of the same name with a lower copy number left before it, and a
        train sold only from a phase on (``available_on``) means that phase's train left."""
        needs = self.game.train(name).available_on
        if needs is not None and needs not in self.departed:
            self.first_of(needs)
        base, _, copy = train_id.rpartition("-")
        if copy.isdigit():
            for k in range(int(copy)):
                earlier = f"{base}-{k}"
                if earlier not in self.gone:
                    self.gone.add(earlier)
                    self.first_of(name)
        self.gone.add(train_id)
        self.first_of(name)

    def first_of(self, name: str) -> None:
        if name in self.departed:
            return
        self.departed.add(name)
        for company, ids in self.trains.items():
            self.trains[company] = [
                t
                for t in ids
                if not self.is_run(t) or self.game.train(self.train_names[t]).rusts_on != name
            ]
        if self.specials is not None:
            self.specials.on_first(self, name)
        names = [p.name for p in self.game.phases]
        current = names.index(self.state.phase)
        extra = self.table.phase_on  # phases the game's data starts by no train
        for i, phase in enumerate(self.game.phases):
            starts = phase.on == name or name in extra.get(phase.name, [])
            if starts and i > current:
                self.state.phase = phase.name
                current = i
                if phase.name == self.table.privates_close_on:
                    self.privates_close()
                if self.specials is not None:
                    self.specials.on_phase(self, phase.name)

    def privates_close(self) -> None:
        """The privates close; in 1867 and 1861 the national takes every one (the event
        nationalize_companies), and the RSR earns their bonuses from then on."""
        self.private_owner.clear()
        self.assigned_to.clear()
        national = self.table.national
        if national:
            for private in self.table.private_bonuses:
                self.private_owner[private] = national

    def next_depot_train(self) -> tuple[str, str] | None:
        """(train id, name) of the next train of the depot: the first copy not yet gone of
        the first train type, in the game's order, sold from the start."""
        for t in self.game.trains:
            if t.available_on is not None:
                continue
            k = 0
            while f"{t.name}-{k}" in self.gone and (t.count is None or k < t.count):
                k += 1
            if t.count is None or k < t.count:
                return f"{t.name}-{k}", t.name
        return None

    def export_next(self) -> None:
        """The engine exports the next train of the depot."""
        nxt = self.next_depot_train()
        if nxt is not None:
            self.exported.add(nxt[0])
            self.depart(*nxt)

    def buy_next(self, company: str) -> None:
        """``company`` buys the next train of the depot without an action (1861's RSR)."""
        nxt = self.next_depot_train()
        if nxt is not None:
            self.give_train(company, *nxt)
            self.depart(*nxt)

    def give_train(self, company: str, train_id: str, name: str) -> None:
        for ids in self.trains.values():
            if train_id in ids:
                ids.remove(train_id)
        self.train_names[train_id] = name
        self.trains.setdefault(company, []).append(train_id)

    def drop_train(self, train_id: str) -> None:
        for ids in self.trains.values():
            if train_id in ids:
                ids.remove(train_id)

    def drop_obsolete(self, company: str) -> None:
        """A company's obsolete trains (``obsolete_on`` a train that has left the depot) run
        once more and rust after that run, as the engine's dividend step does."""
        self.trains[company] = [
            t
            for t in self.trains.get(company, [])
            if not self.is_run(t)
            or self.game.train(self.train_names[t]).obsolete_on not in self.departed
        ]

    def is_run(self, train_id: str) -> bool:
        """Whether a held train is one of the game's trains: a company may hold one the game
        never runs (1822's pullman P+, attached to another train by a choice)."""
        return self.train_names[train_id] in {t.name for t in self.game.trains}

    def owner_of_train(self, train_id: str) -> str | None:
        for company, ids in self.trains.items():
            if train_id in ids:
                return company
        return None

    def move_trains(self, source: str, target: str) -> None:
        """``source``'s trains and private companies become ``target``'s (a merger)."""
        for t in list(self.trains.get(source, [])):
            self.give_train(target, t, self.train_names[t])
        for private, owner in list(self.private_owner.items()):
            company = self.company(owner)
            if company is not None and company.abbrev == source:
                self.private_owner[private] = target

    def bonuses_for(self, company: str) -> list[str]:
        """The bonus options ``company`` holds now: the privates it owns that pay a route
        bonus (``[eighteen_xx.private_bonuses]``), placed ones on the hex assigned."""
        out = []
        for private, bonus_ids in self.table.private_bonuses.items():
            owner = self.company(self.private_owner.get(private) or self.assigned_to.get(private))
            if owner is None or owner.abbrev != company:
                continue
            for bonus_id in bonus_ids:
                try:
                    bonus = self.game.bonus(bonus_id)
                except KeyError:
                    continue
                if bonus.removed_on is not None and bonus.removed_on in self.departed:
                    continue  # ``removed_on`` names the train whose purchase ends it
                if bonus.placed:  # on the hex assigned to the bonus, or to its private
                    hex_name = self.assigned.get(bonus.id, self.assigned.get(private))
                    if hex_name is not None:
                        out.append(f"{bonus.id}:{hex_name}")
                else:
                    out.append(bonus.id)
        out += [b for b in self.rights.get(company, []) if b not in out]
        for bonus_id, hex_name in self.global_bonuses.items():  # placed ones on their hex
            placed = self.game.bonus(bonus_id).placed
            out.append(f"{bonus_id}:{hex_name}" if placed else bonus_id)
        if self.specials is not None:
            out += self.specials.bonuses(self, company)
        out += sorted(self.held.get(company, ()))
        return out

    def phase_reached(self, phase_or_train: str) -> bool:
        names = [p.name for p in self.game.phases]
        if phase_or_train in names:
            return names.index(self.state.phase) >= names.index(phase_or_train)
        return phase_or_train in self.departed

    def company_trains(self) -> dict[str, tuple[str, ...]]:
        """Our train names per company holding any, companies in game order."""
        out = {}
        for c in self.game.companies:
            ids = self.trains.get(c.abbrev)
            if ids:
                out[c.abbrev] = tuple(self.train_names[t] for t in ids if self.is_run(t))
        return out


Handler = Callable[[Replay, dict[str, Any]], None]


def city_of_part(code: str, part: int) -> int:
    """The city (in the tile's order of cities) that is part ``part`` of tile code ``code``:
    the engine numbers a tile's parts (borders, cities, paths, labels ...) in code order. A
    part that is no city of the code gives ``part`` (read as a city number)."""
    items = [item.strip() for item in code.split(";") if item.strip()]
    if 0 <= part < len(items) and items[part].startswith("city="):
        return sum(1 for item in items[:part] if item.startswith("city="))
    return part
