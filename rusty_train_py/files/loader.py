"""Open and save games: one entry point for every saved-game format.

``open_game`` reads our JSON saves and Rusty Train ``.game`` saves. Format errors (not a
saved game, wrong types, unknown tile or hex, bad rotation, a missing or repeated key,
another version ...) raise GameFileError naming the file and the entry. Rule violations a
real table can produce (more station tokens than the company has, more copies of a tile
than the manifest, ...) load, and are listed in ``OpenedGame.warnings``; ``strict=True``
turns them into a GameFileError.

``save_game`` writes the format it is given, atomically.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from ..mapstate import MapState
from ..route.last import LastRoute
from . import savefile
from .checks import rule_warnings
from .errors import GameFileError
from .reader import decode, describe_path, parse_json, read_bytes, shown
from .rusty_train import state_from_rusty_train

OURS = savefile.FORMAT  # "rusty-train-py"
RUSTY_TRAIN = "rusty-train"
FORMATS = (OURS, RUSTY_TRAIN)

__all__ = [
    "FORMATS",
    "OURS",
    "RUSTY_TRAIN",
    "GameFileError",
    "OpenedGame",
    "open_game",
    "save_game",
]


@dataclass(frozen=True)
class OpenedGame:
    """A game read from a file: the map state, the format it was in and what was odd in it."""

    state: MapState
    format: str  # OURS or RUSTY_TRAIN
    warnings: tuple[str, ...] = ()
    last_routes: tuple[LastRoute, ...] = ()  # what each company ran last (our saves only)


def open_game(path: str | os.PathLike[str], strict: bool = False) -> OpenedGame:
    """Read a saved game (ours or Rusty Train's) into a new MapState.

    Raises GameFileError (only) for anything that is not a readable game; with ``strict``
    also for rule violations, which otherwise come back as warnings. Kept routes that no
    longer fit the map (``last_routes``) are warnings, never an error, strict or not.
    """
    name = describe_path(path)
    where = shown(name)
    data = parse_json(decode(read_bytes(name), where), where)
    notes: list[str] = []
    last: tuple[LastRoute, ...] = ()
    if isinstance(data, dict) and "format" not in data and "map" in data:
        fmt = RUSTY_TRAIN
        state = state_from_rusty_train(data, where, notes.append)
    elif isinstance(data, dict) and "format" not in data:
        raise GameFileError(
            f"{where}: not a saved game: a JSON object with neither 'format'"
            " (a rusty-train-py save) nor 'map' (a Rusty Train save)"
        )
    else:
        fmt = OURS
        state = savefile.state_from_data(data, where)
        last = savefile.last_routes_from_data(data, state.game, where)
    warnings = tuple(notes) + tuple(rule_warnings(state))
    if strict and warnings:
        raise GameFileError(
            f"{where}: breaks the rules of the game (strict reading): " + "; ".join(warnings)
        )
    if last:
        warnings += tuple(last_route_warnings(state, last))
    return OpenedGame(state, fmt, warnings, last)


def last_route_warnings(state: MapState, routes: Sequence[LastRoute]) -> list[str]:
    """A warning for every kept route that is not a route of its train on ``state`` now."""
    from ..route.last import check_last_routes

    out = []
    for i, why in check_last_routes(state, routes):
        r = routes[i]
        if why.startswith("lock ") and ": " in why:
            why = why.split(": ", 1)[1]
        out.append(
            f"last_routes[{i}] ({r.company} {r.lock_text}): kept, but no longer a route"
            f" on this map: {why}"
        )
    return out


def save_game(
    state: MapState,
    path: str | os.PathLike[str],
    format: str = OURS,
    last_routes: Sequence[LastRoute] = (),
) -> None:
    """Write ``state`` to ``path`` in ``format`` (atomically: a temporary file, then a rename),
    with the routes each company ran last (``last_routes``, our format only).

    Rusty Train saves list the pre-printed tile of every hex of that program's map, which
    this program does not know: writing them is refused with a GameFileError.
    """
    if format == OURS:
        savefile.save_game(state, path, last_routes)
        return
    if format == RUSTY_TRAIN:
        raise GameFileError(
            f"{os.fspath(path)}: cannot write Rusty Train saves; save in the"
            f" {OURS} format (a .json file) instead"
        )
    raise GameFileError(f"{os.fspath(path)}: unknown save format {format!r}")
