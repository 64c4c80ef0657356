"""Open and save games: one entry point for every saved-game format.

``open_game`` reads our JSON saves, Rusty Train ``.game`` saves and 18xx.games game logs
(replayed up to a chosen action: files/online/). Format errors (not a
saved game, wrong types, unknown tile or hex, bad rotation, a missing or repeated key,
another version ...) raise GameFileError naming the file and the entry. Rule violations a
real table can produce (more station tokens than the company has, more copies of a tile
than the manifest, ...) load, and are listed in ``OpenedGame.warnings``; ``strict=True``
turns them into a GameFileError.

``save_game`` writes the format it is given, atomically.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..mapstate.state import MapState
from ..route.last import LastRoute
from . import savefile
from .checks import rule_warnings
from .errors import GameFileError
from .reader import MAX_BYTES as MAX_SAVE_BYTES
from .reader import decode, describe_path, parse_json, read_bytes, shown
from .rusty_train import state_from_rusty_train

if TYPE_CHECKING:  # the log reader is imported only when a log is opened
    from .online import ImportedGame
    from .online.rounds import RunPoint

OURS = savefile.FORMAT  # "rusty-train-py"
RUSTY_TRAIN = "rusty-train"
EIGHTEEN_XX = "18xx.games"  # a game log, read only
FORMATS = (OURS, RUSTY_TRAIN, EIGHTEEN_XX)

__all__ = [
    "EIGHTEEN_XX",
    "FORMATS",
    "OURS",
    "RUSTY_TRAIN",
    "GameFileError",
    "OpenedGame",
    "open_data",
    "open_game",
    "save_game",
]


@dataclass(frozen=True)
class OpenedGame:
    """A game read from a file: the map state, the format it was in and what was odd in it."""

    state: MapState
    format: str  # OURS, RUSTY_TRAIN or EIGHTEEN_XX
    warnings: tuple[str, ...] = ()
    last_routes: tuple[LastRoute, ...] = ()  # what each company ran last (our saves only)
    trains: savefile.Trains = field(default_factory=dict)  # each company's trains, if known
    runs: tuple[RunPoint, ...] = ()  # a log's run_routes actions replayed, oldest first
    # a log's: company -> the bonus options it holds
    bonuses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    next_run: RunPoint | None = None  # a log opened at a run: the company about to run
    # a log opened with ``keep_runs``: the position before each run, from the same replay
    before_runs: Mapping[int, ImportedGame] = field(default_factory=dict)
    where: str = ""

    def before_run(self, action_id: int) -> OpenedGame:
        """The position just before the run_routes action ``action_id``, as opening the log
        ``at`` it gives, without replaying the log again (it was opened with ``keep_runs``)."""
        imported = self.before_runs.get(action_id)
        if imported is None:
            raise GameFileError(f"{self.where}: no run at action {action_id} was kept")
        return _from_import(imported, self.where)


def open_game(
    path: str | os.PathLike[str],
    strict: bool = False,
    at: int | None = None,
    keep_runs: bool = False,
) -> OpenedGame:
    """Read a saved game (ours or Rusty Train's) or an 18xx.games log into a new MapState.

    A log is replayed up to just before action ``at`` (None: after its last action); what
    the replay could not follow is a warning naming the action. Raises GameFileError (only)
    for anything that is not a readable game; with ``strict`` also for rule violations,
    which otherwise come back as warnings. Kept routes that no longer fit the map
    (``last_routes``) are warnings, never an error, strict or not.
    """
    from .log_shape import MAX_LOG_BYTES, is_log

    name = describe_path(path)
    where = shown(name)
    raw = read_bytes(name, MAX_LOG_BYTES)
    if len(raw) > MAX_SAVE_BYTES:  # only a game log may be this long
        try:
            data = parse_json(decode(raw, where), where)
        except GameFileError:
            data = None
        if not is_log(data):
            raise GameFileError(
                f"{where}: not a saved game: {len(raw):,} bytes (saved games are small;"
                f" the limit is {MAX_SAVE_BYTES:,})"
            )
    else:
        data = parse_json(decode(raw, where), where)
    return open_data(data, where, strict, at, keep_runs)


def open_data(
    data: object,
    where: str,
    strict: bool = False,
    at: int | None = None,
    keep_runs: bool = False,
) -> OpenedGame:
    """``open_game`` for a JSON value already read (``where`` names it in messages): a
    downloaded 18xx.games log, or a file's contents. ``keep_runs``: a log's positions before
    each run are kept from the one replay (``OpenedGame.before_run``)."""
    from .log_shape import is_log

    notes: list[str] = []
    last: tuple[LastRoute, ...] = ()
    trains: savefile.Trains = {}
    if at is not None and not is_log(data):
        raise GameFileError(f"{where}: --at picks an action of an 18xx.games log; this is a save")
    if is_log(data):
        from .online import log_from_data, replay_log

        imported = replay_log(log_from_data(data, where), at, keep_runs=keep_runs)
        return _from_import(imported, where, strict)
    elif isinstance(data, dict) and "format" not in data and "map" in data:
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
        trains = savefile.trains_from_data(data, state.game, where)
        last = savefile.last_routes_from_data(data, state.game, where)
    warnings = _checked(state, notes, where, strict)
    if last:
        warnings += tuple(last_route_warnings(state, last))
    return OpenedGame(state, fmt, warnings, last, trains, where=where)


def _checked(state: MapState, notes: Sequence[str], where: str, strict: bool) -> tuple[str, ...]:
    """What was odd in reading ``state`` and the rules it breaks; refused when ``strict``."""
    warnings = tuple(notes) + tuple(rule_warnings(state))
    if strict and warnings:
        raise GameFileError(
            f"{where}: breaks the rules of the game (strict reading): " + "; ".join(warnings)
        )
    return warnings


def _from_import(imported: ImportedGame, where: str, strict: bool = False) -> OpenedGame:
    """The opened game of a log's position."""
    return OpenedGame(
        imported.state,
        EIGHTEEN_XX,
        _checked(imported.state, imported.warnings, where, strict),
        trains=imported.trains,
        runs=imported.runs,
        bonuses=imported.bonuses,
        next_run=imported.next_run,
        before_runs=imported.before_runs,
        where=where,
    )


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
    trains: savefile.Trains | None = None,
) -> None:
    """Write ``state`` to ``path`` in ``format`` (atomically: a temporary file, then a rename),
    with each company's trains and the routes each company ran last (``trains`` and
    ``last_routes``, our format only).

    Rusty Train saves list the pre-printed tile of every hex of that program's map, which
    this program does not know: writing them is refused with a GameFileError.
    """
    if format == OURS:
        savefile.save_game(state, path, last_routes, trains)
        return
    if format == EIGHTEEN_XX:
        raise GameFileError(
            f"{os.fspath(path)}: cannot write 18xx.games logs; save in the"
            f" {OURS} format (a .json file) instead"
        )
    if format == RUSTY_TRAIN:
        raise GameFileError(
            f"{os.fspath(path)}: cannot write Rusty Train saves; save in the"
            f" {OURS} format (a .json file) instead"
        )
    raise GameFileError(f"{os.fspath(path)}: unknown save format {format!r}")
