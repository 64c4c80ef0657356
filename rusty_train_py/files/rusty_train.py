"""Import of saved games of the Rust program Rusty Train (``.game`` JSON files).

A save holds the game title, the phase and, per hex, ``row``/``col`` with an optional Rust
tile name, rotation and station tokens (``[token_space_index, company]``). We turn it into
a MapState of our game with the same title (games/*.toml ``[rusty_train]``).

Two things differ between Rust's tiles and ours, although both number rotations in sixths
of a turn clockwise:

- Base orientation. Rusty Train draws some tiles turned against the 18xx.games drawing
  that our tile files use (its tile 8 is our 8 turned 4 sixths, its 120 our 120 turned 1).
  A Rust rotation ``r`` of such a tile is our rotation ``r + offset`` (the game file's
  ``[rusty_train.rotation_offsets]``).
- City order. A Rust token-space index counts the token spaces of the tile's cities in
  Rust's own city order; ours counts them in the order of our tile code. For tiles with
  more than one city, the game's title home (``rusty_train_cities``) gives, per Rust city in Rust's order, its token
  spaces and the hex edges its track reaches (our edge numbers, Rust's base orientation);
  each Rust city goes to the city of our tile whose track reaches the same edges.

Both tables were derived from the tile definitions of robmoss/rusty_train (its
``tile_<game>.json`` serialisation): track end points were placed with that program's
hex geometry and joined to the city they end in. tests/test_rusty_train_import.py
derives them again from the reference files and compares.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from ..gamedata.game import Game, GameDataError
from ..gamedata.loader.gamefile import available_games, load_game
from ..gamedata.loader.index import rusty_train_game_id
from ..grid.hexgrid import HexAddressError, Orientation, coord_to_name
from ..grid.tile import Tile
from ..mapstate.state import MapEditError, MapState
from ..titles import home_of
from .errors import GameFileError, short

ROTATIONS = {"Zero": 0, "Cw1": 1, "Cw2": 2, "Half": 3, "Acw2": 4, "Acw1": 5}
# Rusty Train's ``Orientation`` enum (n18hex) is FlatTop / PointedTop; "PointyTop" is read too
# (earlier versions of this importer expected that spelling, and tests wrote it).
ORIENTATIONS = {"FlatTop": Orientation.FLAT, "PointedTop": Orientation.POINTY}
ORIENTATION_ALIASES = {"PointyTop": "PointedTop"}


def game_for_title(title: object, where: str) -> Game:
    """Our game whose ``[rusty_train] title`` is ``title``; GameFileError naming ``where``.
    The title index names the game to load; without an entry (an unknown title) every game
    is loaded, for the list of those known."""
    gid = rusty_train_game_id(title) if isinstance(title, str) else None
    if gid is not None:
        try:
            game = load_game(gid)
        except GameDataError as exc:
            raise GameFileError(f"{where}: {exc}") from None
        if game.rusty_train.get("title") == title:
            return game
    known = []
    for gid in available_games():
        try:
            game = load_game(gid)
        except GameDataError as exc:
            raise GameFileError(f"{where}: {exc}") from None
        rt_title = game.rusty_train.get("title")
        if rt_title is None:  # a game Rusty Train does not have
            continue
        known.append(str(rt_title))
        if rt_title == title:
            return game
    raise GameFileError(
        f"{where}: unknown Rusty Train game {short(title)} (known: {', '.join(sorted(known))})"
    )


def hex_name_for(game: Game, row: object, col: object) -> str:
    """Our hex name for Rust's (row, col) address; HexAddressError if it is not on the map."""
    if not (
        isinstance(row, int)
        and isinstance(col, int)
        and not isinstance(row, bool)
        and not isinstance(col, bool)
    ):
        raise HexAddressError(
            f"bad hex address row {short(row)}, col {short(col)}: expected integers"
        )
    if game.orientation is Orientation.FLAT:
        x = col
        y = 2 * row + col % 2 + int(game.rusty_train.get("row_offset", 0))
    else:
        y = row
        x = 2 * col + row % 2 + int(game.rusty_train.get("col_offset", 0))
    name = game.by_coord.get((x, y))
    if name is None:
        try:
            text = coord_to_name(game.orientation, (x, y))
        except HexAddressError:
            text = f"({x}, {y})"
        raise HexAddressError(f"row {row}, col {col} ({text}) is not a hex of the {game.id} map")
    return name


def rotation_offset(game: Game, tile_name: str) -> int:
    """Sixths of a turn to add to a Rust rotation of ``tile_name`` to get ours (0 when the two
    programs draw the tile the same way; the smallest that fits for symmetric tiles)."""
    return int(game.rusty_train.get("rotation_offsets", {}).get(tile_name, 0))


def rotation_of(name: object) -> int:
    """Rust rotation name (None: ``Zero``) -> sixths clockwise; ValueError for anything else."""
    if name is None:
        return 0
    if isinstance(name, str) and name in ROTATIONS:
        return ROTATIONS[name]
    raise GameFileError(f"bad rotation {short(name)} (one of {', '.join(ROTATIONS)})")


def _city_edges_at(tile: Tile, rotation: int) -> list[tuple[int, frozenset[int]]]:
    conn = tile.connectivity(rotation)
    return [(n.slots, conn.node_edges[n.index]) for n in tile.cities]


def match_cities(
    rust: list[tuple[int, frozenset[int]]], ours: list[tuple[int, frozenset[int]]]
) -> list[int]:
    """For each Rust city, the index of the matching city of ours (same track edges).

    Tries every one-to-one assignment and keeps the best: equal edge sets first, then the
    largest overlap; cities with the same number of token spaces only. Ties keep Rust's
    order (the identity comes first). Cities that cannot be told apart (no track, as on
    the printed OO hexes of 1830) therefore keep Rust's order.
    """
    n = len(rust)
    if n != len(ours):
        return list(range(min(n, len(ours))))
    best: list[int] | None = None
    best_score = 0
    for perm in permutations(range(n)):
        score = 0
        for j, i in enumerate(perm):
            (rs, re), (os_, oe) = rust[j], ours[i]
            if rs > os_:
                break
            score += (1000 if re == oe else 0) + 10 * len(re & oe) - len(re ^ oe) + (rs == os_)
        else:
            if best is None or score > best_score:
                best, best_score = list(perm), score
    return best if best is not None else list(range(n))


def token_space_map(
    game: Game, rust_tile: str, rust_rotation: int, tile: Tile, rotation: int
) -> list[int]:
    """Rust flat token-space index -> ours, for ``rust_tile`` shown as our ``tile``.

    ``rust_rotation`` is the Rust rotation of the Rust tile; ``rotation`` ours of ``tile``.
    """
    cities = home_of(game.id).rusty_train_cities.get(rust_tile)
    ours_spaces = tile.token_spaces
    if cities is None or len(tile.cities) < 2:
        return [sp.index for sp in ours_spaces]
    rust = [(slots, frozenset((e + rust_rotation) % 6 for e in edges)) for slots, edges in cities]
    ours = _city_edges_at(tile, rotation)
    match = match_cities(rust, ours)
    index = {(sp.city, sp.slot): sp.index for sp in ours_spaces}
    out = []
    for j, (slots, _) in enumerate(cities):
        if j >= len(match):
            break
        node = tile.cities[match[j]].index
        for slot in range(slots):
            if (node, slot) in index:
                out.append(index[(node, slot)])
    return out


def phase_for(game: Game, phase: object, where: str, warn: Callable[[str], None]) -> str:
    """Our phase name for Rusty Train's ``phase`` (``[rusty_train] phases`` maps the names
    that differ, with a warning); GameFileError for a phase neither program names."""
    ours = {p.name for p in game.phases}
    mapping = game.rusty_train.get("phases", {})
    if isinstance(phase, str) and phase in mapping:
        warn(
            f"phase: Rusty Train's phase {phase!r} of {game.id} is read as phase"
            f" {mapping[phase]!r} (the names differ)"
        )
        return str(mapping[phase])
    if isinstance(phase, str) and phase in ours:
        return phase
    raise GameFileError(
        f"{where}: unknown phase {short(phase)} for game {game.id}"
        f" (phases: {', '.join(p.name for p in game.phases)})"
    )


def state_from_rusty_train(
    data: object, where: str, warn: Callable[[str], None] | None = None
) -> MapState:
    """Build a MapState from a Rusty Train save; GameFileError naming ``where`` and the entry.

    A company may hold more tokens than our data gives it (that program never counts them)
    and phases may be named as Rusty Train names them: ``warn`` receives the notes.
    """
    warn = warn or (lambda _text: None)
    if not isinstance(data, dict):
        raise GameFileError(f"{where}: expected a JSON object")
    for key in ("game", "phase", "map"):
        if key not in data:
            raise GameFileError(f"{where}: missing key {key!r}")
    game = game_for_title(data["game"], where)
    rt = game.rusty_train
    map_tiles = set(rt.get("map_tiles", ()))
    state = MapState(game, phase_for(game, data["phase"], where, warn))

    the_map = data["map"]
    if not isinstance(the_map, dict):
        raise GameFileError(f"{where}: 'map' should be an object")
    for key in ("orientation", "tiles"):
        if key not in the_map:
            raise GameFileError(f"{where}: map: missing key {key!r}")
    orientation = the_map["orientation"]
    if isinstance(orientation, str):
        orientation = ORIENTATION_ALIASES.get(orientation, orientation)
    if not isinstance(orientation, str) or orientation not in ORIENTATIONS:
        raise GameFileError(
            f"{where}: map.orientation: {short(orientation)} is not {' or '.join(ORIENTATIONS)}"
        )
    if ORIENTATIONS[orientation] is not game.orientation:
        raise GameFileError(
            f"{where}: map orientation {orientation} does not match game {game.id}"
            f" ({game.orientation.value} hexes)"
        )
    entries = the_map["tiles"]
    if not isinstance(entries, list):
        raise GameFileError(f"{where}: 'map.tiles' should be a list")

    renamed = rt.get("companies", {})
    renamed_at: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    pending_tokens: list[tuple[str, str, dict[int, str], str]] = []
    for i, entry in enumerate(entries):
        ewhere = f"{where}: map.tiles[{i}]"
        if not isinstance(entry, dict):
            raise GameFileError(f"{ewhere}: expected an object")
        for key in ("row", "col"):
            if key not in entry:
                raise GameFileError(f"{ewhere}: missing key {key!r}")
        row, col = entry["row"], entry["col"]
        try:
            hex_name = hex_name_for(game, row, col)
        except HexAddressError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
        ewhere = f"{ewhere} (row {row}, col {col} = {hex_name})"
        if hex_name in seen:
            raise GameFileError(
                f"{ewhere}: hex listed twice (first at map.tiles[{seen[hex_name]}])"
            )
        seen[hex_name] = i
        tile_name = entry.get("tile")
        tokens = entry.get("tokens", [])
        if tile_name is None:
            if tokens:
                raise GameFileError(f"{ewhere}: tokens on a hex without a tile")
            continue
        try:
            rust_rot = rotation_of(entry.get("rotation"))
        except ValueError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
        if not isinstance(tile_name, str):
            raise GameFileError(f"{ewhere}: bad tile name {short(tile_name)}")
        if tile_name in game.catalogue:
            rotation = (rust_rot + rotation_offset(game, tile_name)) % 6
            try:
                state.apply(
                    state.place_tile_edit(hex_name, tile_name, rotation, check_available=False)
                )
            except MapEditError as exc:
                raise GameFileError(f"{ewhere}: {exc}") from None
            tile = game.tile(tile_name)
        elif tile_name in map_tiles:
            rotation = 0
            tile = game.hexes[hex_name].tile
        else:
            raise GameFileError(
                f"{ewhere}: unknown tile {short(tile_name)}: neither a tile of game {game.id}"
                " nor one of its Rusty Train map tiles"
            )
        if not isinstance(tokens, list):
            raise GameFileError(f"{ewhere}: 'tokens' should be a list")
        if not tokens:
            continue
        spaces = token_space_map(game, tile_name, rust_rot, tile, rotation)
        placed: dict[int, str] = {}
        for k, token in enumerate(tokens):
            twhere = f"{ewhere}: tokens[{k}]"
            if (
                not isinstance(token, list)
                or len(token) != 2
                or not isinstance(token[0], int)
                or isinstance(token[0], bool)
                or not isinstance(token[1], str)
            ):
                raise GameFileError(
                    f"{twhere}: expected [token space, company], got {short(token)}"
                )
            space, abbrev = token
            if not 0 <= space < len(spaces):
                raise GameFileError(
                    f"{twhere}: no token space {space} on tile {tile_name} (it has {len(spaces)})"
                )
            try:
                company = game.company(renamed.get(abbrev, abbrev)).abbrev
            except KeyError:
                raise GameFileError(f"{twhere}: unknown company {short(abbrev)}") from None
            ours = spaces[space]
            if ours in placed:
                raise GameFileError(f"{twhere}: token space {space} is already taken")
            placed[ours] = company
            if abbrev in renamed:
                renamed_at.setdefault(abbrev, []).append(hex_name)
        pending_tokens.append((hex_name, tile_name, placed, ewhere))

    for abbrev, hexes in renamed_at.items():
        warn(
            f"{', '.join(hexes)}: Rusty Train's company {abbrev} is read as"
            f" {renamed[abbrev]}, as that program reads it ({game.id}: {abbrev} names two"
            " companies there)"
        )
    for hex_name, _tile_name, placed, ewhere in pending_tokens:
        try:
            state.apply(state.set_tokens_edit(hex_name, placed, check_available=False))
        except MapEditError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
    return state
