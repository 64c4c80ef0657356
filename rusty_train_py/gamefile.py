"""Reading a game file, ``games/<id>.toml`` (schema in games/README.md): every entry is
validated, and an error names the file and the entry (and its line where it can) at fault.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from . import hexgrid
from .catalogue import Catalogue
from .game import (
    COMPANY_KINDS,
    Company,
    Game,
    GameDataError,
    MapHex,
    Phase,
    UpgradeRule,
)
from .game_schema import check_game_data, check_game_references, top_line
from .gamefile_rules import SourceLines, parse_bonuses, parse_rules, parse_trains
from .hexgrid import HexAddressError, Orientation
from .paths import games_dir, tiles_dir
from .rules.registry import RuleDataError
from .tile import COLOURS, TILE_COLOURS, TileDataError, normalise_colour
from .tile_code import parse_tile


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
    except UnicodeDecodeError as exc:
        raise GameDataError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise GameDataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise GameDataError(
            f"{path}: not a game file: arrays or tables nested too deeply"
        ) from None
    return game_from_data(data, str(path), tiles_folder, text)


def _req(d: dict[str, Any], key: str, typ: type | tuple[type, ...], where: str) -> Any:
    if key not in d:
        raise GameDataError(f"{where}: missing {key!r}")
    v = d[key]
    if not isinstance(v, typ):
        raise GameDataError(
            f"{where}: {key!r} should be {getattr(typ, '__name__', typ)}, got {v!r}"
        )
    return v


def _bool(d: dict[str, Any], key: str, default: bool, where: str) -> bool:
    v = d.get(key, default)
    if not isinstance(v, bool):
        raise GameDataError(f"{where}: {key!r} should be true or false, got {v!r}")
    return v


def _count(v: object, where: str) -> int | None:
    if v == "unlimited":
        return None
    if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
        return v
    raise GameDataError(f'{where}: count should be a number >= 0 or "unlimited", got {v!r}')


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
    "neutral_tokens",
}
PHASE_KEYS = {"name", "tiles", "on", "train_limit"}


def _check_keys(
    table: object, allowed: set[str], lines: SourceLines, array: str, index: int | None
) -> None:
    if not isinstance(table, dict):
        raise GameDataError(f"{lines.where(array, index)}: should be a table")
    for key in table:
        if key not in allowed:
            raise GameDataError(
                f"{lines.where(array, index, key)}: unknown key {key!r} "
                f"(known: {', '.join(sorted(allowed))})"
            )


def _rusty_train(data: dict[str, Any], source: str, phase_names: set[str]) -> dict[str, Any]:
    """The ``[rusty_train]`` table (see games/README.md), ``phases``, ``companies`` and
    ``rotation_offsets`` checked."""
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
    companies = rt.get("companies", {})
    if not isinstance(companies, dict) or not all(isinstance(v, str) for v in companies.values()):
        raise GameDataError(f"{source}: rusty_train.companies: Rusty Train abbreviation = ours")
    offsets = rt.get("rotation_offsets", {})
    if not isinstance(offsets, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 5 for v in offsets.values()
    ):
        raise GameDataError(f"{source}: rusty_train.rotation_offsets: tile name = 0 to 5")
    return dict(rt)


EIGHTEEN_XX_KEYS = {
    "titles": list,
    "home_token_timing": str,
    "tiles": dict,
    "trains": dict,
    "companies": dict,
    "setup_tokens": list,
    "national": str,
    "national_reservations": list,
    "minors_nationalized_on": str,
    "minors_close_on": str,
    "trainless_nationalization_on": list,
    "private_bonuses": dict,
    "privates_close_on": str,
    "national_takes_assets": bool,
    "export_phases": list,
    "earthquake_on": str,
    "earthquake_hex": str,
    "private_trains": dict,
    "private_trains_until": str,
    "private_tokens": dict,
    "national_operates": list,
    "national_home": list,
    "national_token_tile": str,
    "rebellion_trains": list,
    "rebellion_hexes": list,
    "float_percent": int,
    "neutral_tokens_removed_on": str,
    "other_editions": dict,
    "neutral_token_company": str,
    "rust_after_or_sets": dict,
    "phase_at_or": dict,
    "phase_on": dict,
    "readings": list,
}


def eighteen_xx_table(table: object, source: str) -> dict[str, Any]:
    """The ``[eighteen_xx]`` table (games/README.md): how 18xx.games names this game's
    titles, tiles, trains and companies, and what its engine does without an action."""
    if not isinstance(table, dict):
        raise GameDataError(f"{source}: [eighteen_xx] should be a table")
    for key, value in table.items():
        kind = EIGHTEEN_XX_KEYS.get(key)
        if kind is None:
            raise GameDataError(
                f"{source}: eighteen_xx.{key}: unknown key (known: {', '.join(EIGHTEEN_XX_KEYS)})"
            )
        if not isinstance(value, kind):
            raise GameDataError(f"{source}: eighteen_xx.{key} should be a {kind.__name__}")
    for token in table.get("setup_tokens", []):
        if not (
            isinstance(token, list)
            and len(token) == 3
            and isinstance(token[0], str)
            and isinstance(token[1], int)
            and isinstance(token[2], str)
        ):
            raise GameDataError(f"{source}: eighteen_xx.setup_tokens: [hex, city, company]")
    timing = table.get("home_token_timing", "operate")
    if timing not in ("par", "float", "operate", "operating_round"):
        raise GameDataError(f"{source}: eighteen_xx.home_token_timing {timing!r}")
    return dict(table)


def game_from_data(
    data: dict[str, Any], source: str, tiles_folder: Path | None = None, text: str | None = None
) -> Game:
    lines = SourceLines(source, text)
    check_game_data(data, lines)  # every key's type and range (game_schema.py)
    try:
        game = _game_from_data(data, source, tiles_folder, lines)
    except RuleDataError as exc:
        raise GameDataError(str(exc)) from None
    except (TypeError, AttributeError, KeyError, IndexError) as exc:
        # a rule kind's parameter of the wrong shape that its checker let through
        raise GameDataError(
            f"{source}: a value of the wrong shape ({type(exc).__name__}: {exc})"
        ) from None
    check_game_references(game, lines)
    return game


def _game_from_data(
    data: dict[str, Any], source: str, tiles_folder: Path | None, lines: SourceLines
) -> Game:
    gid = str(_req(data, "id", str, source))
    title = _req(data, "title", str, source)
    layout = _req(data, "layout", str, source)
    try:
        orientation = Orientation(layout)
    except ValueError:
        raise GameDataError(
            f"{source}: layout should be 'flat' or 'pointy', got {layout!r}"
        ) from None
    numbers = data.get("numbers", hexgrid.default_numbers(orientation))
    if numbers not in hexgrid.NUMBERS:
        raise GameDataError(f"{source}: numbers should be 'rows' or 'columns', got {numbers!r}")
    tile_sets = _req(data, "tiles", list, source)
    folder = tiles_folder or tiles_dir()
    for name in tile_sets:
        if not (folder / f"{name}.tiles").is_file():
            raise GameDataError(
                f"{top_line(lines, 'tiles')}: tiles: no tile file {name}.tiles in {folder}"
            )
    try:
        catalogue = Catalogue.load([str(t) for t in tile_sets], tiles_folder)
    except TileDataError as exc:  # names the tile file and line at fault
        raise GameDataError(f"{exc} (a tile file of {source})") from None

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
                coord = hexgrid.name_to_coord(orientation, str(name), numbers)
            except HexAddressError as exc:
                raise GameDataError(f"{hwhere}: {exc}") from None
            canon = hexgrid.coord_to_name(orientation, coord, numbers)
            if canon != name:
                raise GameDataError(f"{hwhere}: write the hex name as {canon!r}")
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
        kind = c.get("kind", "major")
        if kind not in COMPANY_KINDS:
            raise GameDataError(
                f"{where}: kind should be one of {', '.join(COMPANY_KINDS)}, got {kind!r}"
            )
        companies.append(
            Company(
                abbrev=abbrev,
                name=_req(c, "name", str, where),
                kind=kind,
                shares=int(c.get("shares", 10)),
                tokens=int(_req(c, "tokens", int, where)),
                colour=c.get("colour", "#808080"),
                text_colour=c.get("text_colour", "#ffffff"),
                home=home,
                home_city=c.get("home_city"),
                aliases=tuple(c.get("aliases", ())),
                neutral_tokens=_bool(c, "neutral_tokens", False, where),
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

    phase_revenue = _phase_revenue(data, source, hexes, [p.name for p in phases])
    upgrade_rules = _upgrade_rules(data, source, hexes, catalogue)

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
        eighteen_xx=eighteen_xx_table(data.get("eighteen_xx", {}), source),
        upgrade_max_exits=tuple(rules.pop("upgrade_max_exits")),
        readings=rules,
        numbers=numbers,
        phase_revenue=phase_revenue,
        upgrade_rules=upgrade_rules,
    )


UPGRADE_RULE_KEYS = ("hexes", "from_colour", "from_tiles", "to")


def _upgrade_rules(
    data: dict[str, Any], source: str, hexes: dict[str, MapHex], catalogue: Catalogue
) -> tuple[UpgradeRule, ...]:
    """The ``[[upgrade_rules]]`` tables (see games/README.md)."""
    tables = data.get("upgrade_rules", [])
    if not isinstance(tables, list):
        raise GameDataError(f"{source}: upgrade_rules should be an array of tables")
    out = []
    for i, t in enumerate(tables):
        where = f"{source}: upgrade_rules[{i}]"
        if not isinstance(t, dict):
            raise GameDataError(f"{where}: should be a table")
        unknown = sorted(set(t) - set(UPGRADE_RULE_KEYS))
        if unknown:
            raise GameDataError(
                f"{where}: unknown key {unknown[0]!r} ({', '.join(UPGRADE_RULE_KEYS)})"
            )
        if "to" not in t:
            raise GameDataError(f"{where}: missing 'to' (the tiles allowed; [] for none)")
        lists = {}
        for key in ("hexes", "from_tiles", "to"):
            v = t.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise GameDataError(f"{where}: {key!r} should be a list of names")
            lists[key] = tuple(v)
        for h in lists["hexes"]:
            if h not in hexes:
                raise GameDataError(f"{where}: {h!r} is not a hex of the map")
        for name in lists["from_tiles"] + lists["to"]:
            if name not in catalogue:
                raise GameDataError(f"{where}: no tile {name!r} in the game's tile files")
        from_colour = t.get("from_colour")
        if from_colour is not None:
            from_colour = normalise_colour(str(from_colour))
            if from_colour not in ("white",) + TILE_COLOURS:
                raise GameDataError(f"{where}: from_colour {from_colour!r} is not a tile colour")
        if not (lists["hexes"] or lists["from_tiles"] or from_colour):
            raise GameDataError(f"{where}: give hexes, from_colour or from_tiles")
        out.append(UpgradeRule(lists["hexes"], from_colour, lists["from_tiles"], lists["to"]))
    return tuple(out)


def _phase_revenue(
    data: dict[str, Any], source: str, hexes: dict[str, MapHex], phase_names: list[str]
) -> dict[str, dict[str, int]]:
    """The ``[[phase_revenue]]`` tables: hex -> phase name -> revenue, every phase given."""
    tables = data.get("phase_revenue", [])
    if not isinstance(tables, list):
        raise GameDataError(f"{source}: phase_revenue should be an array of tables")
    out: dict[str, dict[str, int]] = {}
    for i, t in enumerate(tables):
        where = f"{source}: phase_revenue[{i}]"
        if not isinstance(t, dict):
            raise GameDataError(f"{where}: should be a table")
        unknown = set(t) - {"hexes", "values"}
        if unknown:
            raise GameDataError(f"{where}: unknown key {sorted(unknown)[0]!r} (hexes, values)")
        hex_list = _req(t, "hexes", list, where)
        values = _req(t, "values", dict, where)
        for p in values:
            if p not in phase_names:
                raise GameDataError(f"{where}: values names {p!r}, which is not a phase")
        missing = [p for p in phase_names if p not in values]
        if missing:
            raise GameDataError(f"{where}: values gives no revenue for phase {missing[0]!r}")
        for p, v in values.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise GameDataError(f"{where}: revenue in phase {p!r} should be a number >= 0")
        if not hex_list:
            raise GameDataError(f"{where}: hexes is empty")
        for h in hex_list:
            if h not in hexes:
                raise GameDataError(f"{where}: {h!r} is not a hex of the map")
            if h in out:
                raise GameDataError(f"{where}: {h} is in two phase_revenue tables")
            if not hexes[h].tile.revenue_centres:
                raise GameDataError(f"{where}: {h} has no revenue centre")
            out[h] = {p: values[p] for p in phase_names}
    return out
