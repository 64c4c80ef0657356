"""Our saved games: versioned JSON holding the game id, phase, laid tiles and tokens.

Saves are atomic (a temporary file in the same folder, then a rename). Loading builds a
new MapState and raises GameFileError naming the file and entry at fault; nothing that
exists is touched until the load has succeeded.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..game import GameDataError, load_game
from ..mapstate import MapEditError, MapState

FORMAT = "rusty-train-py"
VERSION = 1


class GameFileError(ValueError):
    """A saved game that cannot be read; the message names the file and entry."""


def state_to_data(state: MapState) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.id,
        "phase": state.phase,
        "tiles": [{"hex": h, "tile": t, "rotation": r} for h, (t, r) in state.laid_tiles().items()],
        "tokens": [{"hex": h, "space": s, "company": c} for h, s, c in state.all_tokens()],
    }


def dumps(state: MapState) -> str:
    """The saved text: one line per laid tile and per token, so saves read and diff well."""
    data = state_to_data(state)
    lines = ["{"]
    for key in ("format", "version", "game", "phase"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},")
    for key, last in (("tiles", False), ("tokens", True)):
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


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_game(state: MapState, path: str | os.PathLike) -> None:
    atomic_write_text(path, dumps(state))


def load_game_state(path: str | os.PathLike) -> MapState:
    """Read a saved game (ours, or a Rusty Train ``.game`` save) into a new MapState."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameFileError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameFileError(
            f"{path}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg});"
            " the file may be truncated"
        ) from None
    if isinstance(data, dict) and "map" in data and "format" not in data:
        from .rusty_train import state_from_rusty_train

        return state_from_rusty_train(data, str(path))
    return state_from_data(data, str(path))


def state_from_data(data: object, where: str) -> MapState:
    if not isinstance(data, dict):
        raise GameFileError(f"{where}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise GameFileError(f"{where}: not a {FORMAT} saved game (format {data.get('format')!r})")
    version = data.get("version")
    if version != VERSION:
        raise GameFileError(
            f"{where}: saved with file version {version!r}; this program reads version {VERSION}"
        )
    gid = data.get("game")
    if not isinstance(gid, str):
        raise GameFileError(f"{where}: missing game id")
    try:
        game = load_game(gid)
    except GameDataError as exc:
        raise GameFileError(f"{where}: {exc}") from None
    phase = data.get("phase", game.default_phase)
    try:
        state = MapState(game, str(phase))
    except KeyError:
        raise GameFileError(f"{where}: unknown phase {phase!r} for game {gid}") from None
    tiles = data.get("tiles", [])
    if not isinstance(tiles, list):
        raise GameFileError(f"{where}: 'tiles' should be a list")
    for i, entry in enumerate(tiles):
        ewhere = f"{where}: tiles[{i}]"
        if not isinstance(entry, dict):
            raise GameFileError(f"{ewhere}: expected an object")
        hex_name, tile, rot = entry.get("hex"), entry.get("tile"), entry.get("rotation", 0)
        if not isinstance(hex_name, str) or not game.has_hex(hex_name):
            raise GameFileError(f"{ewhere}: bad hex {hex_name!r}")
        ewhere = f"{ewhere} ({hex_name})"
        if not isinstance(tile, str) or tile not in game.catalogue:
            raise GameFileError(f"{ewhere}: unknown tile {tile!r}")
        if not isinstance(rot, int) or isinstance(rot, bool) or not 0 <= rot <= 5:
            raise GameFileError(f"{ewhere}: bad rotation {rot!r} (0-5)")
        if state.laid_tile(game.hex(hex_name).name) is not None:
            raise GameFileError(f"{ewhere}: a second tile on the same hex")
        try:
            state.apply(state.place_tile_edit(hex_name, tile, rot, check_available=False))
        except MapEditError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
    tokens = data.get("tokens", [])
    if not isinstance(tokens, list):
        raise GameFileError(f"{where}: 'tokens' should be a list")
    for i, entry in enumerate(tokens):
        ewhere = f"{where}: tokens[{i}]"
        if not isinstance(entry, dict):
            raise GameFileError(f"{ewhere}: expected an object")
        hex_name, space, company = entry.get("hex"), entry.get("space"), entry.get("company")
        if not isinstance(hex_name, str) or not game.has_hex(hex_name):
            raise GameFileError(f"{ewhere}: bad hex {hex_name!r}")
        ewhere = f"{ewhere} ({hex_name})"
        if not isinstance(company, str):
            raise GameFileError(f"{ewhere}: missing company")
        try:
            game.company(company)
        except KeyError:
            raise GameFileError(f"{ewhere}: unknown company {company!r}") from None
        tile, _ = state.tile_at(game.hex(hex_name).name)
        if (
            not isinstance(space, int)
            or isinstance(space, bool)
            or not 0 <= space < len(tile.token_spaces)
        ):
            raise GameFileError(
                f"{ewhere}: no token space {space!r} on tile {tile.name}"
                f" (it has {len(tile.token_spaces)})"
            )
        taken = state.tokens_at(game.hex(hex_name).name)
        if space in taken:
            raise GameFileError(f"{ewhere}: token space {space} is already taken by {taken[space]}")
        try:
            state.apply(state.place_token_edit(hex_name, space, company))
        except MapEditError as exc:
            raise GameFileError(f"{ewhere}: {exc}") from None
    return state
