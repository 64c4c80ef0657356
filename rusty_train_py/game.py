"""Games: the printed map, companies, trains, phases, tile manifest and route bonuses.

A game is a data file ``games/<id>.toml`` (schema in games/README.md); loading validates
every entry and reports the file and entry at fault.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from . import hexgrid
from .catalogue import Catalogue
from .hexgrid import HexAddressError, Orientation
from .paths import games_dir, tiles_dir
from .tile import COLOURS, TILE_COLOURS, Tile, TileDataError, normalise_colour, parse_tile


class GameDataError(ValueError):
    """Bad game data; the message names the file and the entry at fault."""


SKIP_RULES = ("none", "towns", "any")


@dataclass(frozen=True, slots=True)
class TrainType:
    """A train type and the rule deciding what it earns on a route."""

    name: str
    price: int = 0
    count: int | None = None  # None: unlimited
    stops: int | None = None  # None: unlimited stops
    skip: str = "none"  # "none" | "towns" | "any"
    multiplier: int = 1
    towns: int | None = None  # N+M trains: separate allowance for towns
    hexes: int | None = None  # hex trains: range in hexes travelled
    rusts_on: str | None = None
    available_on: str | None = None

    @property
    def description(self) -> str:
        if self.hexes is not None:
            return f"{self.name}: up to {self.hexes} hexes"
        lim = "unlimited stops" if self.stops is None else f"up to {self.stops} stops"
        if self.towns is not None:
            lim = f"{self.stops} cities + {self.towns} towns"
        skip = {"none": "", "towns": ", may skip towns", "any": ", may skip any stop"}[self.skip]
        mult = f", x{self.multiplier}" if self.multiplier != 1 else ""
        return f"{self.name}: {lim}{skip}{mult}"


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
    """A route bonus: ``visit`` (a stop at one of ``at``) or ``connection`` (also one of ``with_any``)."""

    id: str
    name: str
    kind: str
    at: tuple[str, ...]
    amount: int = 0
    amounts: tuple[tuple[str, int], ...] = ()
    with_any: tuple[str, ...] = ()
    always: bool = True
    multiplied: bool = False
    train: str | None = None

    def amount_at(self, hex_name: str) -> int:
        for h, a in self.amounts:
            if h == hex_name:
                return a
        return self.amount


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
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise GameDataError(f"{path}: cannot read ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise GameDataError(f"{path}: not valid TOML: {exc}") from None
    return game_from_data(data, str(path), tiles_folder)


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


RULES = {"upgrade_max_exits"}


def _rules(data: dict, source: str) -> tuple[str, ...]:
    """The game-specific rules of ``[rules]`` (see games/README.md)."""
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise GameDataError(f"{source}: [rules] should be a table")
    for key in rules:
        if key not in RULES:
            raise GameDataError(
                f"{source}: rules: unknown rule {key!r} (known: {', '.join(sorted(RULES))})"
            )
    kinds = rules.get("upgrade_max_exits", [])
    for k in kinds:
        if k not in ("city", "town"):
            raise GameDataError(f"{source}: rules: upgrade_max_exits lists {k!r} (city or town)")
    return tuple(kinds)


def _rusty_train(data: dict, source: str, phase_names: set[str]) -> dict[str, Any]:
    """The ``[rusty_train]`` table (see games/README.md), its ``phases`` mapping checked."""
    rt = data.get("rusty_train", {})
    if not isinstance(rt, dict):
        raise GameDataError(f"{source}: [rusty_train] should be a table")
    phases = rt.get("phases", {})
    if not isinstance(phases, dict):
        raise GameDataError(f"{source}: rusty_train.phases should be a table")
    for theirs, ours in phases.items():
        if ours not in phase_names:
            raise GameDataError(
                f"{source}: rusty_train.phases maps {theirs!r} to {ours!r}, which is not a phase"
            )
    return dict(rt)


def game_from_data(data: dict, source: str, tiles_folder: Path | None = None) -> Game:
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
        where = f"{source}: hexes[{gi}]"
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
        where = f"{source}: companies[{i}]"
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

    trains = []
    for i, t in enumerate(_req(data, "trains", list, source)):
        where = f"{source}: trains[{i}]"
        tname = str(_req(t, "name", str, where))
        where = f"{source}: train {tname}"
        skip = t.get("skip", "none")
        if skip not in SKIP_RULES:
            raise GameDataError(f"{where}: skip should be one of {SKIP_RULES}, got {skip!r}")
        stops = t.get("stops")
        if stops is not None and (not isinstance(stops, int) or stops < 1):
            raise GameDataError(f"{where}: stops should be a number >= 1, got {stops!r}")
        mult = t.get("multiplier", 1)
        if not isinstance(mult, int) or mult < 1:
            raise GameDataError(f"{where}: multiplier should be a whole number >= 1")
        trains.append(
            TrainType(
                name=tname,
                price=int(t.get("price", 0)),
                count=_count(t.get("count", "unlimited"), where),
                stops=stops,
                skip=skip,
                multiplier=mult,
                towns=t.get("towns"),
                hexes=t.get("hexes"),
                rusts_on=t.get("rusts_on"),
                available_on=t.get("available_on"),
            )
        )

    phases = []
    for i, p in enumerate(_req(data, "phases", list, source)):
        where = f"{source}: phases[{i}]"
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

    bonuses = []
    for i, b in enumerate(data.get("bonuses", [])):
        where = f"{source}: bonuses[{i}]"
        bid = str(_req(b, "id", str, where))
        where = f"{source}: bonus {bid}"
        kind = _req(b, "kind", str, where)
        if kind not in ("visit", "connection"):
            raise GameDataError(f"{where}: kind should be 'visit' or 'connection', got {kind!r}")
        at = tuple(_req(b, "at", list, where))
        with_any = tuple(b.get("with_any", ()))
        if kind == "connection" and not with_any:
            raise GameDataError(f"{where}: a connection bonus needs with_any")
        for h in at + with_any:
            if h not in hexes:
                raise GameDataError(f"{where}: {h!r} is not a hex of the map")
        amounts = b.get("amounts", {})
        for h in amounts:
            if h not in at:
                raise GameDataError(f"{where}: amounts names {h!r} which is not in at")
        train = b.get("train")
        if train is not None and train not in {t.name for t in trains}:
            raise GameDataError(f"{where}: unknown train {train!r}")
        bonuses.append(
            Bonus(
                id=bid,
                name=str(b.get("name", bid)),
                kind=kind,
                at=at,
                amount=int(b.get("amount", 0)),
                amounts=tuple(sorted((str(k), int(v)) for k, v in amounts.items())),
                with_any=with_any,
                always=bool(b.get("always", True)),
                multiplied=bool(b.get("multiplied", False)),
                train=train,
            )
        )

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
        rusty_train=_rusty_train(data, source, {p.name for p in phases}),
        upgrade_max_exits=_rules(data, source),
    )
