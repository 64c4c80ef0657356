"""Games: the printed map, companies, trains, phases, tile manifest and route bonuses.

A game is a data file ``games/<id>.toml`` (schema in games/README.md); loading validates
every entry and reports the file and entry at fault.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from . import hexgrid
from .catalogue import Catalogue
from .hexgrid import HexAddressError, Orientation
from .paths import games_dir, tiles_dir
from .rules.bonus_kinds import BONUS_KINDS, BonusKind
from .rules.loading import SourceLines, parse_bonuses, parse_rules, parse_trains
from .rules.registry import RuleDataError
from .rules.train_kinds import TRAIN_RULES, TrainKind
from .tile import COLOURS, TILE_COLOURS, Tile, TileDataError, normalise_colour, parse_tile


class GameDataError(ValueError):
    """Bad game data; the message names the file and the entry at fault."""


@dataclass(frozen=True, slots=True)
class TrainType:
    """A train type: its name, price and counts, and the rule kind deciding what it earns."""

    name: str
    price: int = 0
    count: int | None = None  # None: unlimited
    rule: str = "stops"  # the registered train rule kind (rules/train_kinds.py)
    params: tuple[tuple[str, Any], ...] = ()  # the kind's parameters
    multiplier: int = 1
    track_class: str = "train"  # routes of different classes may share track
    rusts_on: str | None = None
    obsolete_on: str | None = None
    available_on: str | None = None

    @property
    def kind(self) -> TrainKind:
        return TRAIN_RULES.get(self.rule, f"train {self.name}")

    @property
    def params_dict(self) -> dict[str, Any]:
        return dict(self.params)

    @property
    def stops(self) -> int | None:
        return self.params_dict.get("stops")

    @property
    def description(self) -> str:
        mult = f", x{self.multiplier}" if self.multiplier != 1 else ""
        return f"{self.name}: {self.kind.describe(self.params_dict)}{mult}"


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    tiles: tuple[str, ...]
    on: str | None = None
    train_limit: Any = None


@dataclass(frozen=True, slots=True)
class Company:
    abbrev: str
    name: str
    kind: str = "major"
    shares: int = 10
    tokens: int = 1
    colour: str = "#808080"
    text_colour: str = "#ffffff"
    home: str | None = None
    home_city: int | None = None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bonus:
    """A route bonus of a registered kind (rules/bonus_kinds.py) and its parameters."""

    id: str
    name: str
    kind_name: str
    params: tuple[tuple[str, Any], ...] = ()
    always: bool = True
    multiplied: bool = False
    train: str | None = None
    removed_on: str | None = None
    placed_at: str | None = None  # the hex a placed bonus is on (chosen by the player)

    @property
    def kind(self) -> BonusKind:
        return BONUS_KINDS.get(self.kind_name, f"bonus {self.id}")

    @property
    def params_dict(self) -> dict[str, Any]:
        return dict(self.params)

    @property
    def once_per_run(self) -> bool:
        return self.kind.once_per_run(self.params_dict)

    @property
    def placed(self) -> bool:
        return self.kind.placed

    def place(self, hex_name: str) -> Bonus:
        """This bonus placed on ``hex_name`` (one of the hexes it may go to)."""
        allowed = self.params_dict.get("hexes", ())
        if hex_name not in allowed:
            raise KeyError(
                f"bonus {self.id} cannot be placed on {hex_name} (only {', '.join(allowed)})"
            )
        return replace(self, placed_at=hex_name)


@dataclass(frozen=True, slots=True)
class MapHex:
    name: str
    coord: tuple[int, int]
    colour: str
    tile: Tile  # the pre-printed content (possibly blank)
    location: str | None = None

    @property
    def accepts_tiles(self) -> bool:
        """Whether players may lay a tile here (white, or a yellow/green/brown printed tile)."""
        return self.colour in ("white", "yellow", "green", "brown")


@dataclass
class Game:
    id: str
    title: str
    orientation: Orientation
    hexes: dict[str, MapHex]
    catalogue: Catalogue
    manifest: dict[str, int | None]
    companies: tuple[Company, ...]
    trains: tuple[TrainType, ...]
    phases: tuple[Phase, ...]
    bonuses: tuple[Bonus, ...] = ()
    default_phase: str = ""
    parity: int = 0
    source: str = ""
    rusty_train: dict[str, Any] = field(default_factory=dict)
    upgrade_max_exits: tuple[str, ...] = ()  # node kinds whose hexes take only the most exits
    readings: dict[str, Any] = field(default_factory=dict)  # rule readings ([rules])
    phase_revenue: dict[str, dict[str, int]] = field(default_factory=dict)  # hex -> phase -> $

    @cached_property
    def by_coord(self) -> dict[tuple[int, int], str]:
        return {h.coord: h.name for h in self.hexes.values()}

    @cached_property
    def hex_order(self) -> tuple[str, ...]:
        """Hex names in a stable map order (by coordinate)."""
        return tuple(sorted(self.hexes, key=lambda n: self.hexes[n].coord))

    def hex(self, name: str) -> MapHex:
        try:
            coord = hexgrid.name_to_coord(self.orientation, name)
        except HexAddressError as exc:
            raise HexAddressError(f"{self.id}: {exc}") from None
        found = self.by_coord.get(coord)
        if found is None:
            raise HexAddressError(f"{self.id}: there is no hex {name!r} on the map")
        return self.hexes[found]

    def has_hex(self, name: str) -> bool:
        try:
            self.hex(name)
        except HexAddressError:
            return False
        return True

    def neighbour(self, name: str, edge: int) -> str | None:
        """The hex across ``edge`` of hex ``name``, or None off the map."""
        coord = hexgrid.neighbour(self.orientation, self.hexes[name].coord, edge)
        return self.by_coord.get(coord)

    def border(self, name: str, edge: int):
        """The border printed on ``edge`` of ``name`` (or its partner across), if any."""
        for b in self.hexes[name].tile.borders:
            if b.edge == edge:
                return b
        other = self.neighbour(name, edge)
        if other is not None:
            for b in self.hexes[other].tile.borders:
                if b.edge == hexgrid.opposite_edge(edge):
                    return b
        return None

    def company(self, abbrev: str) -> Company:
        key = abbrev.strip().upper()
        for c in self.companies:
            if c.abbrev.upper() == key or key in (a.upper() for a in c.aliases):
                return c
        raise KeyError(f"{self.id}: unknown company {abbrev!r}")

    def phase(self, name: str) -> Phase:
        for p in self.phases:
            if p.name == name:
                return p
        raise KeyError(f"{self.id}: unknown phase {name!r}")

    def phase_index(self, name: str) -> int:
        return [p.name for p in self.phases].index(name)

    def train(self, name: str) -> TrainType:
        for t in self.trains:
            if t.name.upper() == name.strip().upper():
                return t
        raise KeyError(
            f"{self.id}: unknown train {name!r} (trains: {', '.join(t.name for t in self.trains)})"
        )

    def bonus(self, bonus_id: str) -> Bonus:
        for b in self.bonuses:
            if b.id.lower() == bonus_id.strip().lower():
                return b
        raise KeyError(
            f"{self.id}: unknown bonus {bonus_id!r} (bonuses: {', '.join(b.id for b in self.bonuses)})"
        )

    def tile(self, name: str) -> Tile:
        return self.catalogue[name]

    @property
    def placeable_tiles(self) -> list[Tile]:
        """Tiles of the manifest, in catalogue order."""
        return [t for t in self.catalogue if t.name in self.manifest]


# ---------------------------------------------------------------------------------------------
# Loading


def available_games(folder: Path | None = None) -> list[str]:
    folder = folder or games_dir()
    return sorted(p.stem for p in folder.glob("*.toml"))


_GAME_CACHE: dict[tuple[str, str], Game] = {}


def load_game(game_id: str, folder: Path | None = None, tiles_folder: Path | None = None) -> Game:
    """Load and validate ``games/<game_id>.toml`` (cached per path)."""
    folder = folder or games_dir()
    path = folder / f"{game_id}.toml"
    key = (str(path.resolve()), str((tiles_folder or tiles_dir()).resolve()))
    if key not in _GAME_CACHE:
        if not path.exists():
            raise GameDataError(
                f"unknown game {game_id!r}: no file {path} (games: {', '.join(available_games(folder))})"
            )
        _GAME_CACHE[key] = load_game_file(path, tiles_folder)
    return _GAME_CACHE[key]


def load_game_file(path: Path, tiles_folder: Path | None = None) -> Game:
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise GameDataError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise GameDataError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise GameDataError(f"{path}: not valid TOML: {exc}") from None
    return game_from_data(data, str(path), tiles_folder, text)


def _req(d: dict, key: str, typ, where: str):
    if key not in d:
        raise GameDataError(f"{where}: missing {key!r}")
    v = d[key]
    if not isinstance(v, typ):
        raise GameDataError(
            f"{where}: {key!r} should be {getattr(typ, '__name__', typ)}, got {v!r}"
        )
    return v


def _count(v, where: str) -> int | None:
    if v == "unlimited":
        return None
    if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
        return v
    raise GameDataError(f'{where}: count should be a number >= 0 or "unlimited", got {v!r}')


TOP_KEYS = {
    "id",
    "title",
    "layout",
    "numbers",
    "tiles",
    "default_phase",
    "rules",
    "rusty_train",
    "hexes",
    "names",
    "manifest",
    "companies",
    "trains",
    "phases",
    "bonuses",
    "phase_revenue",
}
HEX_KEYS = {"hexes", "colour", "code"}
COMPANY_KEYS = {
    "abbrev",
    "aliases",
    "name",
    "kind",
    "shares",
    "tokens",
    "colour",
    "text_colour",
    "home",
    "home_city",
}
PHASE_KEYS = {"name", "tiles", "on", "train_limit"}


def _check_keys(
    table: object, allowed: set[str], lines: SourceLines, array: str, index: int | None
):
    if not isinstance(table, dict):
        raise GameDataError(f"{lines.where(array, index)}: should be a table")
    for key in table:
        if key not in allowed:
            raise GameDataError(
                f"{lines.where(array, index, key)}: unknown key {key!r} "
                f"(known: {', '.join(sorted(allowed))})"
            )


def game_from_data(
    data: dict, source: str, tiles_folder: Path | None = None, text: str | None = None
) -> Game:
    lines = SourceLines(source, text)
    for key in data:
        if key not in TOP_KEYS:
            raise GameDataError(
                f"{source}: unknown top-level key {key!r} (known: {', '.join(sorted(TOP_KEYS))})"
            )
    try:
        return _game_from_data(data, source, tiles_folder, lines)
    except RuleDataError as exc:
        raise GameDataError(str(exc)) from None


def _game_from_data(data: dict, source: str, tiles_folder: Path | None, lines: SourceLines) -> Game:
    gid = str(_req(data, "id", str, source))
    title = _req(data, "title", str, source)
    layout = _req(data, "layout", str, source)
    try:
        orientation = Orientation(layout)
    except ValueError:
        raise GameDataError(
            f"{source}: layout should be 'flat' or 'pointy', got {layout!r}"
        ) from None
    tile_sets = _req(data, "tiles", list, source)
    try:
        catalogue = Catalogue.load([str(t) for t in tile_sets], tiles_folder)
    except TileDataError as exc:
        raise GameDataError(f"{source}: tiles: {exc}") from None

    names = data.get("names", {})
    if not isinstance(names, dict):
        raise GameDataError(f"{source}: [names] should be a table")
    hexes: dict[str, MapHex] = {}
    coords: dict[tuple[int, int], str] = {}
    for gi, group in enumerate(_req(data, "hexes", list, source)):
        _check_keys(group, HEX_KEYS, lines, "hexes", gi)
        where = f"{lines.where('hexes', gi)}: hexes[{gi}]"
        colour = normalise_colour(str(_req(group, "colour", str, where)))
        if colour not in COLOURS:
            raise GameDataError(f"{where}: unknown colour {colour!r}")
        code = group.get("code", "")
        for name in _req(group, "hexes", list, where):
            hwhere = f"{where} ({name})"
            try:
                coord = hexgrid.name_to_coord(orientation, str(name))
            except HexAddressError as exc:
                raise GameDataError(f"{hwhere}: {exc}") from None
            canon = hexgrid.coord_to_name(orientation, coord)
            if coord in coords:
                raise GameDataError(f"{hwhere}: hex {canon} listed twice")
            try:
                tile = parse_tile(canon, colour, code, where=f"{hwhere}")
            except TileDataError as exc:
                raise GameDataError(str(exc)) from None
            coords[coord] = canon
            hexes[canon] = MapHex(canon, coord, colour, tile, names.get(canon))
    if not hexes:
        raise GameDataError(f"{source}: the map has no hexes")
    parities = {(x + y) % 2 for x, y in coords}
    if len(parities) != 1:
        odd = sorted(n for (x, y), n in coords.items() if (x + y) % 2 == 1)
        raise GameDataError(
            f"{source}: hexes mix both coordinate parities (odd: {', '.join(odd[:5])})"
        )
    for n in names:
        if n not in hexes:
            raise GameDataError(f"{source}: names: {n} is not a hex of the map")

    manifest: dict[str, int | None] = {}
    for tname, cnt in _req(data, "manifest", dict, source).items():
        where = f"{source}: manifest[{tname!r}]"
        if tname not in catalogue:
            raise GameDataError(f"{where}: no tile {tname!r} in tile files {tile_sets}")
        manifest[str(tname)] = _count(cnt, where)

    companies = []
    for i, c in enumerate(_req(data, "companies", list, source)):
        _check_keys(c, COMPANY_KEYS, lines, "companies", i)
        where = f"{lines.where('companies', i)}: companies[{i}]"
        abbrev = _req(c, "abbrev", str, where)
        where = f"{source}: company {abbrev}"
        home = c.get("home")
        if home is not None:
            if home not in hexes:
                raise GameDataError(f"{where}: home {home!r} is not a hex of the map")
        companies.append(
            Company(
                abbrev=abbrev,
                name=_req(c, "name", str, where),
                kind=c.get("kind", "major"),
                shares=int(c.get("shares", 10)),
                tokens=int(_req(c, "tokens", int, where)),
                colour=c.get("colour", "#808080"),
                text_colour=c.get("text_colour", "#ffffff"),
                home=home,
                home_city=c.get("home_city"),
                aliases=tuple(c.get("aliases", ())),
            )
        )
    if len({c.abbrev for c in companies}) != len(companies):
        raise GameDataError(f"{source}: company abbreviations are not unique")

    trains = parse_trains(_req(data, "trains", list, source), lines)

    phases = []
    for i, p in enumerate(_req(data, "phases", list, source)):
        _check_keys(p, PHASE_KEYS, lines, "phases", i)
        where = f"{lines.where('phases', i)}: phases[{i}]"
        pname = str(_req(p, "name", str, where))
        tiles = tuple(
            normalise_colour(c) for c in _req(p, "tiles", list, f"{source}: phase {pname}")
        )
        for c in tiles:
            if c not in TILE_COLOURS:
                raise GameDataError(f"{source}: phase {pname}: unknown tile colour {c!r}")
        phases.append(Phase(pname, tiles, p.get("on"), p.get("train_limit")))
    if not phases:
        raise GameDataError(f"{source}: no phases")

    bonuses = parse_bonuses(data.get("bonuses", []), lines, hexes, {t.name for t in trains})
    rules = parse_rules(data.get("rules"), lines)

    default_phase = str(data.get("default_phase", phases[0].name))
    if default_phase not in {p.name for p in phases}:
        raise GameDataError(f"{source}: default_phase {default_phase!r} is not a phase")
    return Game(
        id=gid,
        title=title,
        orientation=orientation,
        hexes=hexes,
        catalogue=catalogue,
        manifest=manifest,
        companies=tuple(companies),
        trains=tuple(trains),
        phases=tuple(phases),
        bonuses=tuple(bonuses),
        default_phase=default_phase,
        parity=parities.pop(),
        source=source,
        rusty_train=dict(data.get("rusty_train", {})),
        upgrade_max_exits=tuple(rules.pop("upgrade_max_exits")),
        readings=rules,
    )
