"""Checking an 18xx.games log against its game before any action is replayed.

A log comes from the network: every action is input from outside. ``check_actions`` reads
every action (kept or undone: the site records only actions its engine accepted) and
sorts what it finds in two:

- what the site could not have served (a key of the wrong type or missing, a hex, tile,
  corporation, minor or player the game does not have, a tile or train id not of the
  name-copy shape or past a thousand copies, a place_token without its slot, a route
  through a hex off the map): a GameFileError naming the file and the action, before the
  replay starts (an id past any game's is refused by log.py as it reads the log);
- what a hand-edited or hot-seat log holds (ids out of order or given twice, a tile copy
  past the game's manifest, a private acting before any action names it): a warning naming
  the action, as a save's rule breaks are; the replay goes on in file order.

Every check was run over the 135 real logs of tests/data: none is refused, and only the
three hand-edited or hot-seat ones warn (their ids out of order).
"""

from __future__ import annotations

from typing import Any

from ...gamedata.game import Game
from ..errors import GameFileError, short
from .log import GameLog

MAX_COPY = 999  # a tile's or a train's copy number ("57-3"): no game has a thousand copies

ENTITY_TYPES = frozenset({"corporation", "player", "company", "minor"})

_STR = (str,)
_INT = (int,)
_LIST = (list,)

# Keys an action of a type always has on the site (its to_h), with their JSON types.
REQUIRED: dict[str, dict[str, tuple[type, ...]]] = {
    "lay_tile": {"hex": _STR, "tile": _STR, "rotation": _INT},
    "place_token": {"city": _STR, "slot": _INT},
    "remove_token": {"city": _STR, "slot": _INT},
    "buy_train": {"train": _STR},
    "discard_train": {"train": _STR},
    "run_routes": {"routes": _LIST},
    "buy_company": {"company": _STR},
    "par": {"corporation": _STR},
    "hex_token": {"hex": _STR},
}
# Keys an action may have, with their JSON types when present.
OPTIONAL: dict[str, tuple[type, ...]] = {
    "company": _STR,
    "corporation": _STR,
    "minor": _STR,
    "tokener": _STR,
    "variant": _STR,
    "exchange": _STR,
    "token_type": _STR,
    "target_type": _STR,
    "action_id": _INT,
}


def _is(value: object, types: tuple[type, ...]) -> bool:
    return isinstance(value, types) and not isinstance(value, bool)


class _Checker:
    def __init__(self, log: GameLog, game: Game) -> None:
        self.log, self.game = log, game
        self.players = set(log.player_ids)
        self.named: set[str] = set()  # the private companies earlier actions name
        self.table = game.eighteen_xx
        self.warnings: list[str] = []
        self.action: dict[str, Any] = {}

    def at(self) -> str:
        return f"action {self.action.get('id')} ({self.action.get('type')})"

    def fail(self, why: str) -> GameFileError:
        return GameFileError(f"{self.log.where}: {self.at()}: {why}")

    def warn(self, why: str) -> None:
        self.warnings.append(f"{self.at()}: {why}")

    # ---- names -------------------------------------------------------------------------

    def corporation(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        ours = str(self.table.companies.get(name, name))
        try:
            self.game.company(ours)
        except KeyError:
            return False
        return True

    def hex_(self, key: str, name: object) -> None:
        """A hex of the map, by its exact name (the site writes ``L10``, never ``l10``)."""
        if (
            not isinstance(name, str)
            or not self.game.has_hex(name)
            or self.game.hex(name).name != name
        ):
            where = "" if key == "hex" else f"{key}: "
            raise self.fail(f"{where}no hex {short(name)} on the {self.game.id} map")

    def copy(self, what: str, text: str) -> tuple[str, int]:
        """``"57-3"`` -> ("57", 3); refused when it is no name-copy id."""
        name, sep, copy = text.rpartition("-")
        if not sep or not name or not (copy.isascii() and copy.isdigit()) or len(copy) > 9:
            raise self.fail(f"bad {what} {short(text)} (expected name-copy, e.g. 57-0)")
        if int(copy) > MAX_COPY:
            raise self.fail(f"{what} {short(text)}: no game has {int(copy) + 1:,} copies of one")
        return name, int(copy)

    # ---- one action --------------------------------------------------------------------

    def entity(self, a: dict[str, Any]) -> None:
        kind, entity = a.get("entity_type"), a.get("entity")
        if "entity" not in a:
            raise self.fail("no 'entity' (who acts)")
        if not _is(entity, (str, int)):
            raise self.fail(f"bad entity {short(entity)}")
        if kind is None:
            return
        if not isinstance(kind, str) or kind not in ENTITY_TYPES:
            raise self.fail(f"bad entity_type {short(kind)}")
        if kind in ("corporation", "minor") and not self.corporation(entity):
            raise self.fail(f"no {kind} {short(entity)} in {self.game.id}")
        if kind == "player" and self.players and entity not in self.players:
            raise self.fail(f"no player {short(entity)} in this game")
        if kind == "company" and entity not in self.named:  # every real log names a private
            # (a bid, a purchase) before it acts: 440 of 440 in the fixtures of tests/data
            self.warn(f"private company {short(entity)} acts, but no earlier action names it")

    def keys(self, a: dict[str, Any]) -> None:
        for key, types in REQUIRED.get(a["type"], {}).items():
            if key not in a:
                raise self.fail(f"missing key {key!r}")
            if not _is(a[key], types):
                raise self.fail(f"{key}: bad value {short(a[key])}")
        for key, types in OPTIONAL.items():
            if key in a and a[key] is not None and not _is(a[key], types):
                raise self.fail(f"{key}: bad value {short(a[key])}")

    def lay_tile(self, a: dict[str, Any]) -> None:
        self.hex_("hex", a["hex"])
        name, copy = self.copy("tile", a["tile"])
        ours = str(self.table.tiles.get(name, name))
        if name in self.table.not_tiles:
            return  # an icon the game's own replay lays (1822MX's builder cube BC)
        if ours not in self.game.catalogue:
            raise self.fail(f"unknown tile {short(name)} for game {self.game.id}")
        count = self.game.manifest.get(ours)
        if count is not None and copy >= count:
            self.warn(f"tile {a['tile']}: the {self.game.id} manifest has {count} of tile {ours}")
        rotation = a["rotation"]
        if not 0 <= rotation <= 5:
            raise self.fail(f"bad rotation {short(rotation)} (0-5)")

    def city(self, a: dict[str, Any]) -> None:
        city = a["city"]
        tile, _, part = city.rpartition("-")
        if not tile or "-" not in tile or not (part.isascii() and part.isdigit()) or len(part) > 3:
            raise self.fail(f"bad city {short(city)} (expected tile-copy-part, e.g. 57-0-0)")
        if a["slot"] < 0 or a["slot"] > 99:
            raise self.fail(f"bad slot {short(a['slot'])}")

    def train(self, key: str, text: object) -> None:
        if not isinstance(text, str):
            raise self.fail(f"{key}: bad train {short(text)}")
        # the name-copy shape only: a train the engine has and ours lacks (1822's pullman) is
        # the replay's to judge, and our count is not the engine's (1846's 2 trains by the
        # number of players)
        self.copy(f"{key}: train", text)

    def run_routes(self, a: dict[str, Any]) -> None:
        for i, route in enumerate(a["routes"]):
            if not isinstance(route, dict):
                raise self.fail(f"routes[{i}]: expected an object, got {short(route)}")
            if not isinstance(route.get("train"), str):
                raise self.fail(f"routes[{i}]: bad train {short(route.get('train'))}")
            self.train(f"routes[{i}]", route["train"])
            hexes = route.get("hexes", [])
            connections = route.get("connections", [])
            if not isinstance(hexes, list) or not isinstance(connections, list):
                raise self.fail(f"routes[{i}]: 'hexes' and 'connections' should be lists")
            for name in hexes:
                self.hex_(f"routes[{i}]: hexes", name)
            for chain in connections:
                if not isinstance(chain, list):
                    raise self.fail(f"routes[{i}]: bad connection {short(chain)}")
                for name in chain:  # "local": a train that runs in one city (18EU's P)
                    if name != "local":
                        self.hex_(f"routes[{i}]: connections", name)

    def check(self, a: dict[str, Any]) -> None:
        self.action = a
        if a["type"] in ("lay_tile", "hex_token") and "hex" in a:
            self.hex_("hex", a["hex"])  # the hex first: the message a player reads first
        self.keys(a)
        self.entity(a)
        kind = a["type"]
        if kind == "lay_tile":
            self.lay_tile(a)
        elif kind in ("place_token", "remove_token"):
            self.city(a)
        elif kind == "hex_token":
            self.hex_("hex", a["hex"])
        elif kind in ("buy_train", "discard_train"):
            self.train("train", a["train"])
        elif kind == "run_routes":
            self.run_routes(a)
        if kind == "par" and not self.corporation(a["corporation"]):
            raise self.fail(f"no corporation {short(a['corporation'])} in {self.game.id}")
        for key in ("company", "target"):
            if isinstance(a.get(key), str):
                self.named.add(a[key])


def check_actions(log: GameLog, game: Game) -> list[str]:
    """Check every action of ``log`` against ``game``: GameFileError for what the site could
    not have served, the warnings (each naming its action) for what a table's own log may
    hold (its players are checked when the log lists them)."""
    checker = _Checker(log, game)
    seen: dict[int, int] = {}
    last = 0
    for index, action in enumerate(log.actions):
        aid = action["id"]
        checker.action = action
        if aid in seen:
            checker.warn(f"id {aid} given twice (actions[{seen[aid]}] and [{index}])")
        elif aid <= last:
            checker.warn(f"out of order (after action {last}): replayed in file order")
        seen.setdefault(aid, index)
        last = max(last, aid)
        checker.check(action)
    return checker.warnings
