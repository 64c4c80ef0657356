"""Import of games played on 18xx.games: a game's JSON log replayed onto our map.

``import_log`` gives the position just before a chosen action (default: after the last):
our map state, each company's trains, the operating rounds' runs up to that point and the
warnings naming each action the replay could not follow. Pure Python, no Qt, no network
(``fetch.py`` downloads a log when the user asks for one by its id or address).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...gamedata.game import Game, GameDataError
from ...gamedata.loader.gamefile import available_games, load_game
from ...mapstate.state import MapState
from ..errors import GameFileError, short
from .actions import HANDLERS, run_point
from .log import GameLog, is_log, log_from_data, read_log_file
from .replay import NO_MAP_EFFECT, Replay, RunPoint
from .specials import specials_for

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


def game_for_title(title: str, where: str) -> Game:
    """Our game for an 18xx.games title (a game's ``[eighteen_xx] titles``, or its id)."""
    for gid in available_games():
        try:
            game = load_game(gid)
        except GameDataError:
            continue
        titles = game.eighteen_xx.get("titles", [gid])
        if title in titles:
            return game
        other = game.eighteen_xx.get("other_editions", {}).get(title)
        if other:  # 18 Los Angeles' 1st edition: another map, other privates
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
) -> ImportedGame:
    """Replay ``log`` up to (not including) action ``at``; ``on_run(replay, run)`` is called
    at every run_routes action with the position just before it (the real-game check), and
    ``on_end(replay)`` with the position reached."""
    game = game_for_title(log.title, log.where)
    for option in log.options:
        refused = game.eighteen_xx.get("refused_options", {}).get(option)
        if refused:  # 1870's diesels variant: other trains and phases
            raise GameFileError(
                f"{log.where}: the game is played with the option {short(option)}, {refused};"
                f" this program models {game.title} without it"
            )
    ids = log.action_ids()
    if at is not None and at not in ids:
        span = f"{ids[0]} to {ids[-1]}" if ids else "none"
        raise GameFileError(f"{log.where}: no action {short(at)} in this log (its actions: {span})")
    specials = specials_for(game.id)
    r = Replay(game, log, MapState(game), game.eighteen_xx, specials=specials)
    handlers = dict(HANDLERS)
    handlers.update(specials.handlers())
    specials.setup(r)
    timing = r.table.get("home_token_timing", "operate")
    stop = ids.index(at) if at is not None else len(ids)
    next_run: RunPoint | None = None
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
        try:
            handler(r, action)
        except GameFileError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # a malformed action: one clear error naming it, never a traceback
            raise r.fail(f"cannot replay it ({type(exc).__name__}: {short(exc)})") from None
    if on_end is not None:
        on_end(r)
    bonuses = {c.abbrev: tuple(r.bonuses_for(c.abbrev)) for c in game.companies}
    return ImportedGame(
        r.state,
        r.company_trains(),
        {c: b for c, b in bonuses.items() if b},
        tuple(r.warnings),
        tuple(r.runs),
        at,
        log.title,
        next_run,
    )


def import_log(path: str, where: str, at: int | None = None) -> ImportedGame:
    """Read and replay the log in the file ``path``."""
    return replay_log(read_log_file(path, where), at)
