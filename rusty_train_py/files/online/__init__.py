"""Import of games played on 18xx.games: a game's JSON log replayed onto our map.

``import_log`` gives the position just before a chosen action (default: after the last):
our map state, each company's trains, the operating rounds' runs up to that point and the
warnings naming each action the replay could not follow. Pure Python, no Qt, no network
(``fetch.py`` downloads a log when the user asks for one by its id or address).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...gamedata.game import Game, GameDataError
from ...gamedata.loader.gamefile import available_games, load_game
from ...mapstate.state import MapState
from ...titles import specials_for
from ..errors import GameFileError, short
from .actions import HANDLERS, run_point
from .log import GameLog, is_log, log_from_data, read_log_file
from .log_check import check_actions
from .moves import ReplayMoves
from .replay import NO_MAP_EFFECT, Replay
from .rounds import RunPoint

__all__ = [
    "GameLog",
    "ImportedGame",
    "RunPoint",
    "game_for_title",
    "import_log",
    "is_log",
    "log_from_data",
    "read_log_file",
    "replay_log",
]


@dataclass(frozen=True)
class ImportedGame:
    """The position of a log before action ``at`` (None: after the last action)."""

    state: MapState
    trains: dict[str, tuple[str, ...]]  # company -> our train names, in the order bought
    bonuses: dict[str, tuple[str, ...]]  # company -> the bonus options it holds (privates)
    warnings: tuple[str, ...]
    runs: tuple[RunPoint, ...]  # the run_routes actions replayed, oldest first
    at: int | None
    title: str
    next_run: RunPoint | None = None  # action ``at`` when it is a run: the company to run
    # with ``keep_runs``: the position just before each run_routes action, by its id, as a
    # replay up to it would give (read from the one replay, never replayed again)
    before_runs: Mapping[int, ImportedGame] = field(default_factory=dict)


def game_for_title(title: str, where: str) -> Game:
    """Our game for an 18xx.games title (a game's ``[eighteen_xx] titles``, or its id)."""
    for gid in available_games():
        try:
            game = load_game(gid)
        except GameDataError:
            continue
        titles = game.eighteen_xx.titles or (gid,)
        if title in titles:
            return game
        other = game.eighteen_xx.other_editions.get(title)
        if other:  # another edition: another map, other privates
            raise GameFileError(
                f"{where}: the game {short(title)} is {other}; this program models"
                f" {game.title} (18xx.games title {', '.join(map(repr, titles))}) only"
            )
    raise GameFileError(
        f"{where}: the game {short(title)} is not one this program models"
        f" (games: {', '.join(available_games())})"
    )


def replay_log(
    log: GameLog,
    at: int | None = None,
    on_run: Callable[[Replay, dict[str, Any]], None] | None = None,
    on_end: Callable[[Replay], None] | None = None,
    keep_runs: bool = False,
) -> ImportedGame:
    """Replay ``log`` up to (not including) action ``at``; ``on_run(replay, run)`` is called
    at every run_routes action with the position just before it (the real-game check), and
    ``on_end(replay)`` with the position reached."""
    game = game_for_title(log.title, log.where)
    for option in log.options:
        refused = game.eighteen_xx.refused_options.get(option)
        if refused:  # 1870's diesels variant: other trains and phases
            raise GameFileError(
                f"{log.where}: the game is played with the option {short(option)}, {refused};"
                f" this program models {game.title} without it"
            )
    ids = log.action_ids()
    if at is not None and at not in ids:
        span = f"{ids[0]} to {ids[-1]}" if ids else "none"
        raise GameFileError(f"{log.where}: no action {short(at)} in this log (its actions: {span})")
    checked = check_actions(log, game)  # refuses what the site could not have served
    specials = specials_for(game.id)
    r = ReplayMoves(game, log, MapState(game), game.eighteen_xx, specials=specials)
    r.warnings.extend(checked)
    handlers: dict[str, Callable[[ReplayMoves, dict[str, Any]], None]] = dict(HANDLERS)
    handlers.update(specials.handlers())
    timing = r.table.home_token_timing
    stop = ids.index(at) if at is not None else len(ids)
    before: dict[int, ImportedGame] = {}
    next_run: RunPoint | None = None
    try:
        specials.setup(r)
        for index, (action, kept) in enumerate(zip(log.actions, log.kept, strict=True)):
            if index > stop:
                break
            if not kept:
                continue
            r.action = action
            kind = action["type"]
            # what the engine does before this action (an operating round's end, a home token
            # at the start of a company's turn) belongs to the position just before it
            specials.before_action(r, action)
            r.count_turn(action)
            if timing != "par" and action.get("entity_type") == "corporation":
                company = r.company(action.get("entity"))
                if company is not None and company.abbrev not in r.home_done:
                    r.place_home(company)
            if index == stop:
                if kind == "run_routes":
                    next_run = run_point(r, action)
                break
            for auto in action.get("auto_actions") or []:  # the passes the engine made after it
                if isinstance(auto, dict):
                    r.count_turn(auto)
            handler = handlers.get(kind)
            if handler is None:
                if kind not in NO_MAP_EFFECT:
                    r.warn("not replayed (this program does not follow this action)")
                continue
            if kind == "run_routes" and on_run is not None:
                on_run(r, action)
            if kind == "run_routes" and keep_runs:
                before[action["id"]] = _position(
                    r, game, action["id"], log.title, copy=True, next_run=run_point(r, action)
                )
            try:
                handler(r, action)
            except GameFileError:
                raise
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                # a malformed action: one clear error naming it, never a traceback
                raise r.fail(f"cannot replay it ({type(exc).__name__}: {short(exc)})") from None
    except GameFileError as exc:
        raise _noting(exc, checked) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # a value of an action a game's own rules read unchecked: an error naming the
        # action, never a traceback
        failure = r.fail(f"cannot replay it ({type(exc).__name__}: {short(exc)})")
        raise _noting(failure, checked) from None
    if on_end is not None:
        on_end(r)
    return _position(r, game, at, log.title, next_run=next_run, before=before)


def _position(
    r: Replay,
    game: Game,
    at: int | None,
    title: str,
    copy: bool = False,
    next_run: RunPoint | None = None,
    before: Mapping[int, ImportedGame] | None = None,
) -> ImportedGame:
    """The replay's position as it stands (``copy``: of a copy of its map, while the replay
    goes on)."""
    bonuses = {c.abbrev: tuple(r.bonuses_for(c.abbrev)) for c in game.companies}
    return ImportedGame(
        r.state.copy() if copy else r.state,
        r.company_trains(),
        {c: b for c, b in bonuses.items() if b},
        tuple(r.warnings),
        tuple(r.runs),
        at,
        title,
        next_run,
        before or {},
    )


def _noting(exc: GameFileError, checked: list[str]) -> GameFileError:
    """``exc`` with the first irregularity the check found (ids out of order, ...), which is
    likely why the replay could not go on."""
    if not checked:
        return exc
    more = f" and {len(checked) - 1} more" if len(checked) > 1 else ""
    return GameFileError(f"{exc} (this log also has: {checked[0]}{more})")


def import_log(path: str, where: str, at: int | None = None) -> ImportedGame:
    """Read and replay the log in the file ``path``."""
    return replay_log(read_log_file(path, where), at)
