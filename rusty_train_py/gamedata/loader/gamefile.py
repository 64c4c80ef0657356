"""Reading a game file, ``games/<id>.toml`` (schema in games/README.md): every entry is
validated, and an error names the file and the entry (and its line where it can) at fault.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...base.money import DOLLARS
from ...base.paths import games_dir, tiles_dir
from ...grid import hexgrid
from ...grid.catalogue import Catalogue
from ...grid.hexgrid import HexAddressError, Orientation
from ...grid.tile import SPECIAL_TILE_COLOURS, TileDataError, normalise_colour
from ...grid.tile_code import parse_tile
from ...grid.tile_lays import TileLayDataError, parse_lay_rules
from ...rules.registry import RuleDataError
from ..game import (
    Company,
    Game,
    GameDataError,
    MapHex,
    Phase,
    UpgradeRule,
    split_location,
)
from .cache import cached, entry_name
from .eighteen_xx import read_eighteen_xx
from .hand import HandFileError, MergedLines, hand_file, merge_hand, read_hand, read_toml
from .rules import SourceLines, parse_bonuses, parse_rules, parse_trains
from .schema import check_game_data, check_game_references, top_line


def available_games(folder: Path | None = None) -> list[str]:
    folder = folder or games_dir()
    return sorted(p.stem for p in folder.glob("*.toml"))


_GAME_CACHE: dict[tuple[str, str], Game] = {}


def load_game(game_id: str, folder: Path | None = None, tiles_folder: Path | None = None) -> Game:
    """Load and validate ``games/<game_id>.toml`` (kept per path for the process; a game of
    the data folders, also in the user's cache folder between runs: cache.py). ``game_id`` is
    a name, matched against the games of the folder as written (``18co`` is no game on a
    case-insensitive system either), never read as a path (``../games/1867``)."""
    bundled = folder is None and tiles_folder is None
    folder = folder or games_dir()
    tiles = tiles_folder or tiles_dir()
    games = available_games(folder)
    if not isinstance(game_id, str) or game_id not in games:
        raise GameDataError(f"unknown game {game_id!r} (games: {', '.join(games)})")
    path = folder / f"{game_id}.toml"
    key = (str(path.resolve()), str(tiles.resolve()))
    if key not in _GAME_CACHE:
        if bundled:
            _GAME_CACHE[key] = cached(
                entry_name(f"game-{game_id}", *key),
                lambda: [path, hand_file(path), *sorted(tiles.glob("*.tiles"))],
                lambda: load_game_file(path, tiles_folder),
            )
        else:  # a test's or a user's own folder: read every time, nothing left behind
            _GAME_CACHE[key] = load_game_file(path, tiles_folder)
    return _GAME_CACHE[key]


def load_game_file(path: Path, tiles_folder: Path | None = None) -> Game:
    try:
        data, text = read_toml(path, "not a game file: arrays or tables nested too deeply")
    except HandFileError as exc:
        raise GameDataError(str(exc)) from None
    try:
        hand = read_hand(path)
        if hand is None:
            return game_from_data(data, str(path), tiles_folder, text)
        hand_data, hand_text, hand_source = hand
        merged = merge_hand(data, hand_data, str(path), hand_source)
    except HandFileError as exc:
        raise GameDataError(str(exc)) from None
    lines = MergedLines(str(path), text, hand_source, hand_text)
    return game_from_data(merged, str(path), tiles_folder, text, lines)


def _count(v: int | str) -> int | None:
    """A count the schema checked: a number, or ``"unlimited"`` (None)."""
    return None if v == "unlimited" else int(v)


def _rusty_train(data: dict[str, Any], source: str, phase_names: set[str]) -> dict[str, Any]:
    """The ``[rusty_train]`` table (see games/README.md; its shape checked by the schema),
    its ``phases`` naming phases of the game."""
    rt = data.get("rusty_train", {})
    for theirs, ours in rt.get("phases", {}).items():
        if ours not in phase_names:
            raise GameDataError(
                f"{source}: rusty_train.phases maps {theirs!r} to {ours!r}, which is not a phase"
            )
    return dict(rt)


def game_from_data(
    data: dict[str, Any],
    source: str,
    tiles_folder: Path | None = None,
    text: str | None = None,
    lines: SourceLines | None = None,
) -> Game:
    lines = lines or SourceLines(source, text)
    check_game_data(data, lines)  # every key's type and range (game_schema.py)
    try:
        game = _game_from_data(data, source, tiles_folder, lines)
    except RuleDataError as exc:
        raise GameDataError(str(exc)) from None
    check_game_references(game, lines)
    return game


def _game_from_data(
    data: dict[str, Any], source: str, tiles_folder: Path | None, lines: SourceLines
) -> Game:
    # check_game_data has checked every key's type and range: what is left are references
    orientation = Orientation(data["layout"])
    numbers = str(data.get("numbers", hexgrid.default_numbers(orientation)))
    catalogue = _catalogue(data["tiles"], source, tiles_folder, lines)
    hexes, parity = _map_hexes(data, source, lines, orientation, numbers)
    manifest: dict[str, int | None] = {}
    for tname, cnt in data["manifest"].items():
        if tname not in catalogue:
            raise GameDataError(
                f"{source}: manifest[{tname!r}]: no tile {tname!r} in tile files {data['tiles']}"
            )
        colour = catalogue[tname].colour
        if colour in SPECIAL_TILE_COLOURS and all(h.colour != colour for h in hexes.values()):
            raise GameDataError(
                f"{source}: manifest[{tname!r}]: a {colour} tile (a private's) needs a printed"
                f" {colour} hex, and the map has none"
            )
        manifest[str(tname)] = _count(cnt)
    companies = _companies(data["companies"], source, hexes)
    trains = parse_trains(data["trains"], lines)
    phases = [
        Phase(
            p["name"],
            tuple(normalise_colour(c) for c in p["tiles"]),
            p.get("on"),
            p.get("train_limit"),
        )
        for p in data["phases"]
    ]
    bonuses = parse_bonuses(data.get("bonuses", []), lines, hexes, {t.name for t in trains})
    rules = parse_rules(data.get("rules"), lines, hexes)
    for h in rules["two_stops_hexes"]:
        if h not in hexes:
            where = lines.where("rules", None, "two_stops_hexes")
            raise GameDataError(f"{where}: two_stops_hexes names {h!r}, not a hex of the map")
    for company, passers in rules["tokens_passed_by"]:  # names of the game's own
        where = f"{lines.where('rules', None, 'tokens_passed_by')}: tokens_passed_by"
        if company not in {c.abbrev for c in companies}:
            raise GameDataError(f"{where}: no company {company!r}")
        for name in passers:
            if name not in {t.name for t in trains}:
                raise GameDataError(f"{where}: {company}: no train {name!r}")
    phase_revenue = _phase_revenue(data, source, hexes, [p.name for p in phases])
    upgrade_rules = _upgrade_rules(data, source, hexes, catalogue)
    try:
        lay_rules = parse_lay_rules(data, source)
    except TileLayDataError as exc:
        text = str(exc)
        if text.startswith(f"{source}: lay_costs") or text.startswith(f"{source}: [lay_costs]"):
            # the file and line of the [lay_costs] table: the game file's or its hand file's
            text = lines.where("lay_costs", None) + text[len(source) :]
        raise GameDataError(text) from None
    default_phase = str(data.get("default_phase", phases[0].name))
    if default_phase not in {p.name for p in phases}:
        raise GameDataError(f"{source}: default_phase {default_phase!r} is not a phase")
    return Game(
        id=str(data["id"]),
        title=str(data["title"]),
        orientation=orientation,
        hexes=hexes,
        catalogue=catalogue,
        manifest=manifest,
        companies=tuple(companies),
        trains=tuple(trains),
        phases=tuple(phases),
        bonuses=tuple(bonuses),
        default_phase=default_phase,
        parity=parity,
        source=source,
        rusty_train=_rusty_train(data, source, {p.name for p in phases}),
        eighteen_xx=read_eighteen_xx(data.get("eighteen_xx", {}), lines),
        upgrade_max_exits=tuple(rules.pop("upgrade_max_exits")),
        partitions_block=bool(rules.pop("partitions_block")),
        readings=rules,
        numbers=numbers,
        phase_revenue=phase_revenue,
        upgrade_rules=upgrade_rules,
        lay_rules=lay_rules,
        currency=str(data.get("currency", DOLLARS)),
    )


def _catalogue(
    tile_sets: list[str], source: str, tiles_folder: Path | None, lines: SourceLines
) -> Catalogue:
    """The tiles of the game's tile files, each of which must exist."""
    folder = tiles_folder or tiles_dir()
    known = {p.stem for p in folder.glob("*.tiles")}
    for name in tile_sets:  # a name of a tile file there, never a path
        if name not in known:
            raise GameDataError(
                f"{top_line(lines, 'tiles')}: tiles: no tile file {name}.tiles in {folder}"
            )
    try:
        return Catalogue.load([str(t) for t in tile_sets], tiles_folder)
    except TileDataError as exc:  # names the tile file and line at fault
        raise GameDataError(f"{exc} (a tile file of {source})") from None


def _map_hexes(
    data: dict[str, Any],
    source: str,
    lines: SourceLines,
    orientation: Orientation,
    numbers: str,
) -> tuple[dict[str, MapHex], int]:
    """The map's hexes by name (written as the grid names them, each once, of one coordinate
    parity, which is returned) with their printed tiles and place names."""
    names: dict[str, str] = data.get("names", {})
    hexes: dict[str, MapHex] = {}
    coords: dict[tuple[int, int], str] = {}
    for gi, group in enumerate(data["hexes"]):
        where = f"{lines.where('hexes', gi)}: hexes[{gi}]"
        colour = normalise_colour(group["colour"])
        code = group.get("code", "")
        for name in group["hexes"]:
            hwhere = f"{where} ({name})"
            try:
                coord = hexgrid.name_to_coord(orientation, str(name), numbers)
            except HexAddressError as exc:
                raise GameDataError(f"{hwhere}: {exc}") from None
            canon = hexgrid.coord_to_name(orientation, coord, numbers)
            if canon != name:
                raise GameDataError(f"{hwhere}: write the hex name as {canon!r}")
            if coord in coords:
                raise GameDataError(f"{hwhere}: hex {canon} listed twice")
            try:
                tile = parse_tile(canon, colour, code, where=f"{hwhere}", printed=True)
            except TileDataError as exc:
                raise GameDataError(str(exc)) from None
            coords[coord] = canon
            hexes[canon] = MapHex(canon, coord, colour, tile, *split_location(names.get(canon)))
    parities = {(x + y) % 2 for x, y in coords}
    if len(parities) != 1:
        odd = sorted(n for (x, y), n in coords.items() if (x + y) % 2 == 1)
        raise GameDataError(
            f"{source}: hexes mix both coordinate parities (odd: {', '.join(odd[:5])})"
        )
    for n in names:
        if n not in hexes:
            raise GameDataError(f"{source}: names: {n} is not a hex of the map")
    return hexes, parities.pop()


def _companies(
    tables: list[dict[str, Any]], source: str, hexes: dict[str, MapHex]
) -> list[Company]:
    """The companies, each home on the map, no abbreviation twice."""
    companies = []
    for c in tables:
        abbrev = c["abbrev"]
        home = c.get("home")
        if home is not None and home not in hexes:
            raise GameDataError(
                f"{source}: company {abbrev}: home {home!r} is not a hex of the map"
            )
        companies.append(
            Company(
                abbrev=abbrev,
                name=c["name"],
                kind=c.get("kind", "major"),
                shares=int(c.get("shares", 10)),
                tokens=int(c["tokens"]),
                colour=c.get("colour", "#808080"),
                text_colour=c.get("text_colour", "#ffffff"),
                home=home,
                home_city=c.get("home_city"),
                aliases=tuple(c.get("aliases", ())),
                neutral_tokens=bool(c.get("neutral_tokens", False)),
            )
        )
    if len({c.abbrev for c in companies}) != len(companies):
        raise GameDataError(f"{source}: company abbreviations are not unique")
    return companies


def _upgrade_rules(
    data: dict[str, Any], source: str, hexes: dict[str, MapHex], catalogue: Catalogue
) -> tuple[UpgradeRule, ...]:
    """The ``[[upgrade_rules]]`` tables (see games/README.md; their shape checked by the
    schema): the hexes and tiles they name exist, each says where it applies."""
    out = []
    for i, t in enumerate(data.get("upgrade_rules", [])):
        where = f"{source}: upgrade_rules[{i}]"
        lists = {key: tuple(t.get(key, [])) for key in ("hexes", "from_tiles", "to")}
        for h in lists["hexes"]:
            if h not in hexes:
                raise GameDataError(f"{where}: {h!r} is not a hex of the map")
        for name in lists["from_tiles"] + lists["to"]:
            if name not in catalogue:
                raise GameDataError(f"{where}: no tile {name!r} in the game's tile files")
        from_colour = t.get("from_colour")
        if from_colour is not None:
            from_colour = normalise_colour(from_colour)
        if not (lists["hexes"] or lists["from_tiles"] or from_colour):
            raise GameDataError(f"{where}: give hexes, from_colour or from_tiles")
        out.append(UpgradeRule(lists["hexes"], from_colour, lists["from_tiles"], lists["to"]))
    return tuple(out)


def _phase_revenue(
    data: dict[str, Any], source: str, hexes: dict[str, MapHex], phase_names: list[str]
) -> dict[str, dict[str, int]]:
    """The ``[[phase_revenue]]`` tables: hex -> phase name -> revenue, every phase given (their
    shape checked by the schema)."""
    out: dict[str, dict[str, int]] = {}
    for i, t in enumerate(data.get("phase_revenue", [])):
        where = f"{source}: phase_revenue[{i}]"
        hex_list: list[str] = t["hexes"]
        values: dict[str, int] = t["values"]
        for p in values:
            if p not in phase_names:
                raise GameDataError(f"{where}: values names {p!r}, which is not a phase")
        missing = [p for p in phase_names if p not in values]
        if missing:
            raise GameDataError(f"{where}: values gives no revenue for phase {missing[0]!r}")
        for h in hex_list:
            if h not in hexes:
                raise GameDataError(f"{where}: {h!r} is not a hex of the map")
            if h in out:
                raise GameDataError(f"{where}: {h} is in two phase_revenue tables")
            if not hexes[h].tile.revenue_centres:
                raise GameDataError(f"{where}: {h} has no revenue centre")
            out[h] = {p: values[p] for p in phase_names}
    return out
