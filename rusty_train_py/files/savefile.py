"""Our saved games: versioned JSON holding the game id, phase, laid tiles and tokens, and
optionally the tokens in cities' extra slots (``extra_tokens``), the station tokens the game
gave a company beyond its charter (``token_grants``: a minor's taken over), each company's trains
(``trains``) and the routes each company ran last (``last_routes``).

Saves are atomic (``atomic.atomic_write_text``: a temporary file, then a rename). Reading
builds a new MapState and raises GameFileError naming the file and entry at fault; nothing
that exists is touched until the load has succeeded. ``loader.open_game`` is the way in.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from ..gamedata.game import Game, GameDataError
from ..gamedata.loader.gamefile import available_games, load_game
from ..mapstate.state import MapEditError, MapState
from ..route.last import LastRoute
from .atomic import atomic_write_text
from .errors import GameFileError, short

FORMAT = "rusty-train-py"
VERSION = 1

__all__ = [
    "FORMAT",
    "VERSION",
    "GameFileError",
    "dumps",
    "last_routes_from_data",
    "save_game",
    "state_from_data",
]


Trains = dict[str, tuple[str, ...]]  # company -> its trains (train names), game order


def state_to_data(
    state: MapState, last_routes: Sequence[LastRoute] = (), trains: Trains | None = None
) -> dict[str, Any]:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.id,
        "phase": state.phase,
        "tiles": [{"hex": h, "tile": t, "rotation": r} for h, (t, r) in state.laid_tiles().items()],
        "tokens": [{"hex": h, "space": s, "company": c} for h, s, c in state.all_tokens()],
    }
    extra = state.all_extra_tokens()
    if extra:
        data["extra_tokens"] = [{"hex": h, "city": k, "company": c} for h, k, c in extra]
    grants = state.token_grants()
    if grants:
        data["token_grants"] = grants
    if trains:
        data["trains"] = {c: list(t) for c, t in trains.items()}
    if last_routes:
        data["last_routes"] = [
            {
                "company": r.company,
                "train": r.train,
                "revenue": r.revenue,
                "stops": list(r.stops),
                "track": [[h, i] for h, i in r.track],
            }
            for r in last_routes
        ]
    return data


def dumps(
    state: MapState, last_routes: Sequence[LastRoute] = (), trains: Trains | None = None
) -> str:
    """The saved text: one line per laid tile, per token, per company's trains and per kept
    route, so saves read and diff well. ``trains`` and ``last_routes`` (none: no key) in
    the order given."""
    data = state_to_data(state, last_routes, trains)
    lines = ["{"]
    for key in ("format", "version", "game", "phase"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},")
    lists = ["tiles", "tokens"] + [k for k in OPTIONAL_KEYS if k in data]
    for n, key in enumerate(lists):
        last = n == len(lists) - 1
        if key == "token_grants":
            grants = json.dumps(data[key], ensure_ascii=False)
            lines.append(f'  "token_grants": {grants}' + ("" if last else ","))
            continue
        if key == "trains":
            entries = [
                f"{json.dumps(c, ensure_ascii=False)}: {json.dumps(t, ensure_ascii=False)}"
                for c, t in data[key].items()
            ]
            lines.append('  "trains": {')
            lines.extend(f"    {e}," for e in entries[:-1])
            lines.append(f"    {entries[-1]}")
            lines.append("  }" + ("" if last else ","))
            continue
        entries = [json.dumps(e, ensure_ascii=False) for e in data[key]]
        end = "" if last else ","
        if not entries:
            lines.append(f'  "{key}": []{end}')
            continue
        lines.append(f'  "{key}": [')
        lines.extend(f"    {e}," for e in entries[:-1])
        lines.append(f"    {entries[-1]}")
        lines.append(f"  ]{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_game(
    state: MapState,
    path: str | os.PathLike[str],
    last_routes: Sequence[LastRoute] = (),
    trains: Trains | None = None,
) -> None:
    atomic_write_text(path, dumps(state, last_routes, trains))


TOP_KEYS = ("format", "version", "game", "phase", "tiles", "tokens")
OPTIONAL_KEYS = ("extra_tokens", "token_grants", "trains", "last_routes")  # in the order written
TILE_KEYS = ("hex", "tile", "rotation")
TOKEN_KEYS = ("hex", "space", "company")
EXTRA_TOKEN_KEYS = ("hex", "city", "company")
ROUTE_KEYS = ("company", "train", "revenue", "stops", "track")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _keys(
    obj: dict[str, Any], keys: tuple[str, ...], where: str, optional: tuple[str, ...] = ()
) -> None:
    """Every key of ``keys`` present and no other but ``optional``; GameFileError naming the
    first at fault."""
    for key in keys:
        if key not in obj:
            raise GameFileError(f"{where}: missing key {key!r}")
    for key in obj:
        if key not in keys and key not in optional:
            raise GameFileError(
                f"{where}: unknown key {short(key)} (expected {', '.join(keys + optional)})"
            )


def state_from_data(data: object, where: str) -> MapState:
    """Build a MapState from the JSON value of one of our saves; GameFileError naming
    ``where`` and the entry for any format error. Rule violations (too many tokens or
    tiles) load: ``checks.rule_warnings`` names them."""
    if not isinstance(data, dict):
        raise GameFileError(f"{where}: expected a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise GameFileError(
            f"{where}: not a {FORMAT} saved game (format {short(data.get('format'))})"
        )
    version = data.get("version")
    if version != VERSION or not _is_int(version):
        raise GameFileError(
            f"{where}: saved with file version {short(version)};"
            f" this program reads version {VERSION}"
        )
    _keys(data, TOP_KEYS, where, OPTIONAL_KEYS)
    gid = data["game"]
    if not isinstance(gid, str):
        raise GameFileError(f"{where}: 'game' should be a game id, not {short(gid)}")
    known = available_games()
    if gid not in known:  # never a path built from the file's text
        raise GameFileError(f"{where}: unknown game {short(gid)} (games: {', '.join(known)})")
    try:
        game = load_game(gid)
    except GameDataError as exc:
        raise GameFileError(f"{where}: {exc}") from None
    phase = data["phase"]
    if not isinstance(phase, str) or not any(p.name == phase for p in game.phases):
        raise GameFileError(
            f"{where}: unknown phase {short(phase)} for game {gid}"
            f" (phases: {', '.join(p.name for p in game.phases)})"
        )
    state = MapState(game, phase)
    tiles = data["tiles"]
    if not isinstance(tiles, list):
        raise GameFileError(f"{where}: 'tiles' should be a list")
    for i, entry in enumerate(tiles):
        ewhere = f"{where}: tiles[{i}]"
        if not isinstance(entry, dict):
            raise GameFileError(f"{ewhere}: expected an object")
        hex_name = entry.get("hex")
        if not isinstance(hex_name, str) or not game.has_hex(hex_name):
            if "hex" not in entry:
                raise GameFileError(f"{ewhere}: missing key 'hex'")
            raise GameFileError(f"{ewhere}: bad hex {short(hex_name)}")
        ewhere = f"{ewhere} ({hex_name})"
        _keys(entry, TILE_KEYS, ewhere)
        tile, rot = entry["tile"], entry["rotation"]
        if not isinstance(tile, str) or tile not in game.catalogue:
            raise GameFileError(f"{ewhere}: unknown tile {short(tile)}")
        if not _is_int(rot) or not 0 <= rot <= 5:
            raise GameFileError(f"{ewhere}: bad rotation {short(rot)} (0-5)")
        if state.laid_tile(game.hex(hex_name).name) is not None:
            raise GameFileError(f"{ewhere}: a second tile on the same hex")
        try:
            state.apply(state.place_tile_edit(hex_name, tile, rot, check_available=False))
        except MapEditError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
    tokens = data["tokens"]
    if not isinstance(tokens, list):
        raise GameFileError(f"{where}: 'tokens' should be a list")
    for i, entry in enumerate(tokens):
        hex_name, company, ewhere = _token_entry(entry, game, f"{where}: tokens[{i}]", TOKEN_KEYS)
        space = entry["space"]
        tile, _ = state.tile_at(game.hex(hex_name).name)
        if not _is_int(space) or not 0 <= space < len(tile.token_spaces):
            raise GameFileError(
                f"{ewhere}: no token space {short(space)} on tile {tile.name}"
                f" (it has {len(tile.token_spaces)})"
            )
        taken = state.tokens_at(game.hex(hex_name).name)
        if space in taken:
            raise GameFileError(f"{ewhere}: token space {space} is already taken by {taken[space]}")
        try:
            state.apply(state.place_token_edit(hex_name, space, company, check_available=False))
        except MapEditError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
    _extra_tokens_from_data(data.get("extra_tokens", []), state, where)
    _token_grants_from_data(data.get("token_grants", {}), state, where)
    return state


def _token_grants_from_data(grants: object, state: MapState, where: str) -> None:
    """The ``token_grants`` of a save (company -> tokens beyond its charter) onto ``state``."""
    if not isinstance(grants, dict):
        raise GameFileError(f"{where}: 'token_grants' should be an object")
    for company, n in grants.items():
        ewhere = f"{where}: token_grants[{short(company)}]"
        try:
            state.game.company(company)
        except KeyError:
            raise GameFileError(f"{ewhere}: no company {short(company)} in the game") from None
        if not _is_int(n) or n < 1:
            raise GameFileError(f"{ewhere}: should be a number of tokens (1 or more)")
        state.grant_tokens(company, n)


def _extra_tokens_from_data(entries: object, state: MapState, where: str) -> None:
    """The ``extra_tokens`` of a save (tokens in a city's extra slot) onto ``state``."""
    game = state.game
    if not isinstance(entries, list):
        raise GameFileError(f"{where}: 'extra_tokens' should be a list")
    for i, entry in enumerate(entries):
        where_i = f"{where}: extra_tokens[{i}]"
        hex_name, company, ewhere = _token_entry(entry, game, where_i, EXTRA_TOKEN_KEYS)
        city = entry["city"]
        if not _is_int(city):
            raise GameFileError(f"{ewhere}: 'city' should be a city number, not {short(city)}")
        try:
            state.apply(state.place_extra_token_edit(hex_name, city, company))
        except MapEditError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None


def _token_entry(
    entry: object, game: Game, ewhere: str, keys: tuple[str, ...]
) -> tuple[str, str, str]:
    """The hex and company of a token entry of a save (``tokens``, ``extra_tokens``), each
    checked, and the place errors name (the entry and its hex)."""
    if not isinstance(entry, dict):
        raise GameFileError(f"{ewhere}: expected an object")
    hex_name = entry.get("hex")
    if not isinstance(hex_name, str) or not game.has_hex(hex_name):
        if "hex" not in entry:
            raise GameFileError(f"{ewhere}: missing key 'hex'")
        raise GameFileError(f"{ewhere}: bad hex {short(hex_name)}")
    ewhere = f"{ewhere} ({hex_name})"
    _keys(entry, keys, ewhere)
    company = entry["company"]
    if not isinstance(company, str):
        raise GameFileError(f"{ewhere}: 'company' should be a company, not {short(company)}")
    try:
        game.company(company)
    except KeyError:
        raise GameFileError(f"{ewhere}: unknown company {short(company)}") from None
    return hex_name, company, ewhere


def trains_from_data(data: object, game: Game, where: str) -> Trains:
    """The ``trains`` of one of our saves (none when the key is absent): company -> its
    train names, made canonical; GameFileError naming the entry for an unknown company or
    train or a wrong type."""
    entries = data.get("trains", {}) if isinstance(data, dict) else {}
    if not isinstance(entries, dict):
        raise GameFileError(f"{where}: 'trains' should be an object: company -> [train, ...]")
    out: Trains = {}
    for company, names in entries.items():
        ewhere = f"{where}: trains: {short(company)}"
        try:
            abbrev = game.company(company).abbrev
        except KeyError:
            raise GameFileError(f"{ewhere}: unknown company") from None
        if abbrev in out:
            raise GameFileError(f"{ewhere}: the company {abbrev} is given twice")
        if not isinstance(names, list) or len(names) > 64:
            raise GameFileError(f"{ewhere}: should be a list of train names")
        canonical = []
        for name in names:
            if not isinstance(name, str):
                raise GameFileError(f"{ewhere}: unknown train {short(name)}")
            try:
                canonical.append(game.train(name).name)
            except KeyError:
                raise GameFileError(f"{ewhere}: unknown train {short(name)}") from None
        out[abbrev] = tuple(canonical)
    return out


def last_routes_from_data(data: object, game: Game, where: str) -> tuple[LastRoute, ...]:
    """The ``last_routes`` of one of our saves (none when the key is absent), names made
    canonical; GameFileError naming the entry for a format error (an unknown company, train
    or hex, a wrong type). Whether each route still fits the map is ``check_last_routes``'s
    business: it loads either way."""
    entries = data.get("last_routes", []) if isinstance(data, dict) else []
    if not isinstance(entries, list):
        raise GameFileError(f"{where}: 'last_routes' should be a list")
    out = []
    for i, entry in enumerate(entries):
        ewhere = f"{where}: last_routes[{i}]"
        if not isinstance(entry, dict):
            raise GameFileError(f"{ewhere}: expected an object")
        _keys(entry, ROUTE_KEYS, ewhere)
        company, train, revenue = entry["company"], entry["train"], entry["revenue"]
        try:
            if not isinstance(company, str):
                raise KeyError(f"unknown company {short(company)}")
            company = game.company(company).abbrev
            if not isinstance(train, str):
                raise KeyError(f"unknown train {short(train)}")
            train = game.train(train).name
        except KeyError as exc:
            raise GameFileError(f"{ewhere}: {exc.args[0]}") from None
        ewhere = f"{ewhere} ({company} {train})"
        if not _is_int(revenue):
            raise GameFileError(
                f"{ewhere}: 'revenue' should be a whole number, not {short(revenue)}"
            )
        stops = entry["stops"]
        if not isinstance(stops, list) or len(stops) < 2:
            raise GameFileError(f"{ewhere}: 'stops' should be a list of two or more hexes")
        names = []
        for h in stops:
            if not isinstance(h, str) or not game.has_hex(h):
                raise GameFileError(f"{ewhere}: stops: bad hex {short(h)}")
            names.append(game.hex(h).name)
        track = entry["track"]
        if not isinstance(track, list) or not track:
            raise GameFileError(f"{ewhere}: 'track' should be a list of [hex, path] pairs")
        pieces = []
        for piece in track:
            if (
                not isinstance(piece, list)
                or len(piece) != 2
                or not isinstance(piece[0], str)
                or not game.has_hex(piece[0])
                or not _is_int(piece[1])
                or piece[1] < 0
            ):
                raise GameFileError(
                    f"{ewhere}: track: {short(piece)} is not a [hex, path number] pair"
                )
            pieces.append((game.hex(piece[0]).name, piece[1]))
        out.append(LastRoute(company, train, revenue, tuple(names), tuple(pieces)))
    return tuple(out)
