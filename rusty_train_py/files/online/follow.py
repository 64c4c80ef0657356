"""Following a game on 18xx.games as it is played (Qt-free: the CLI loops over it, the window
runs it on a worker thread).

Each poll reads ``GET /api/game/<id>`` (``poll.get_game``); when the actions changed, the log
is replayed: the position, the round, the company acting, the tiles and tokens new since the
last refresh, and the runs the players made since then. The company acting before it runs
(its turn begun, no run yet) is searched with its own trains and privates; after the players
run, "NYC ran $320 · best $340". Searches are tasks the caller runs (``search``), so the window
can show the map first.

Polite: every ``interval`` seconds (default 15, never under 5), doubling up to 5 minutes after
a 503 or a network error. The table's agreement is kept: a game created without auto-routing
(``settings.auto_routing`` false, not a hotseat game) is searched only when asked (``ask``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...base.errors import RustyTrainError
from ...mapstate.state import MapState
from ..follow_pace import DEFAULT_INTERVAL, MIN_INTERVAL
from . import replay_log
from .log import GameLog, log_from_data
from .poll import PollError, get_game
from .replay import Replay

MAX_BACKOFF = 300.0
BY_HAND = (
    "the players chose to route by hand (auto-routing is off in this game):"
    " no search unless you ask"
)

GetFn = Callable[[int, str], dict[str, Any]]
CancelFn = Callable[[], bool]


@dataclass(frozen=True)
class SearchTask:
    """A best-routes search the follower wants: ``company`` with its trains and privates on
    ``state``. ``ran``: the revenue the players ran there (None: the run is still to come);
    ``action``: the run_routes action (0: not yet run)."""

    key: tuple[object, ...]
    company: str
    state: MapState
    trains: tuple[str, ...]
    bonuses: tuple[str, ...]
    action: int = 0
    ran: int | None = None


@dataclass(frozen=True)
class Found:
    """A search's answer: the result (None: the finder refused, ``problem`` says why)."""

    task: SearchTask
    result: Any  # route.result.RouteResult | None
    problem: str = ""
    cpu_s: float = 0.0

    @property
    def best(self) -> int | None:
        return None if self.result is None else int(self.result.net_revenue)

    def line(self) -> str:
        """ "NYC ran $320 · best $340", or "NYC's best run: $340" before it runs."""
        t = self.task
        if self.result is None:
            best = f"no best ({self.problem})"
        else:
            best = f"best ${self.best:,}" + ("" if self.result.optimal else " (not proven)")
        if t.action:
            ran = "?" if t.ran is None else f"${t.ran:,}"
            return f"{t.company} ran {ran} · {best}"
        return f"{t.company} to run: {best}"


@dataclass(frozen=True)
class Snapshot:
    """The game after one refresh."""

    data: dict[str, Any]
    log: GameLog
    state: MapState
    trains: dict[str, tuple[str, ...]]
    bonuses: dict[str, tuple[str, ...]]
    last_action: int  # the last kept action's id (0: none)
    round: str  # the site's round and turn, e.g. "Operating Round 3"
    acting: str | None  # the company whose turn it is (None: a player's, e.g. a stock round)
    to_run: str | None  # the company acting that has not run yet this turn
    new_tiles: tuple[str, ...]  # hexes whose tile changed since the last refresh
    new_tokens: tuple[tuple[str, int, str], ...]  # (hex, space, company) new since then
    ran: tuple[SearchTask, ...]  # the runs made since the last refresh (each with ``ran``)
    warnings: tuple[str, ...]
    finished: bool


@dataclass(frozen=True)
class FollowStep:
    """What one poll brought: a new snapshot (None: nothing new or a failure), the messages
    to show, the searches to run now, the seconds to the next poll, and whether to stop."""

    snapshot: Snapshot | None
    messages: tuple[str, ...]
    tasks: tuple[SearchTask, ...]
    delay: float
    done: bool = False


@dataclass
class Follower:
    """Follows game ``gid`` on ``site``: call ``poll`` every ``step.delay`` seconds."""

    gid: int
    site: str
    interval: float = DEFAULT_INTERVAL
    min_interval: float = MIN_INTERVAL
    get: GetFn = get_game
    time_limit: float | None = 30.0
    snapshot: Snapshot | None = None
    asked: bool = False  # the player asked for searches in a game routed by hand
    failures: int = 0
    found: dict[tuple[object, ...], Found] = field(default_factory=dict)
    _said: set[str] = field(default_factory=set)
    _actions_seen: object = None

    def __post_init__(self) -> None:
        self.interval = max(self.interval, self.min_interval)

    # ---- polling -----------------------------------------------------------------------

    def poll(self) -> FollowStep:
        try:
            data = self.get(self.gid, self.site)
        except PollError as exc:
            if not exc.retry:
                return FollowStep(None, (str(exc),), (), 0.0, done=True)
            if not exc.backoff:
                return FollowStep(None, (str(exc),), (), self.interval)
            self.failures += 1
            delay = self.backoff()
            return FollowStep(None, (f"{exc}; next try in {delay:.0f} s",), (), delay)
        return self.take(data)

    def backoff(self) -> float:
        """The wait after ``failures`` failures in a row: doubling, at most MAX_BACKOFF."""
        if not self.failures:
            return self.interval
        return float(min(MAX_BACKOFF, self.interval * 2**self.failures))

    def take(self, data: dict[str, Any]) -> FollowStep:
        """One answer of the site: replay it when its actions changed."""
        self.failures = 0
        messages: list[str] = []
        status = data.get("status")
        settings = data.get("settings") if isinstance(data.get("settings"), dict) else {}
        assert isinstance(settings, dict)
        if status == "archived":
            return FollowStep(
                None,
                (
                    f"game {self.gid} is archived: the site deleted its actions; open a log"
                    " file saved before",
                ),
                (),
                0.0,
                done=True,
            )
        if settings.get("pin") and self._once("pin"):
            messages.append(
                f"game {self.gid} is pinned to an older version of the site's engine"
                f" ({settings.get('pin')}): its actions follow older rules, and this replay"
                " may differ from what the site shows"
            )
        if not self.searches_alone(data) and self._once("by hand"):
            messages.append(BY_HAND)
        finished = status == "finished"
        actions = data.get("actions")
        if self.snapshot is not None and actions == self._actions_seen:
            if finished:
                messages.append(f"game {self.gid} has ended")
            return FollowStep(None, tuple(messages), (), self.interval, done=finished)
        try:
            snap = self._replay(data, finished)
        except RustyTrainError as exc:  # a log we cannot replay (yet): the game shown stays
            if self._once(str(exc)):  # said once, not at every look
                messages.append(f"{exc} (the game shown stays; trying again)")
            return FollowStep(None, tuple(messages), (), self.interval)
        self._actions_seen = actions
        self.snapshot = snap
        messages += [line for t in snap.ran if (line := self.ran_line(t)) is not None]
        if finished:
            messages.append(f"game {self.gid} has ended")
        tasks = self.tasks() if self.searches_alone(data) or self.asked else ()
        return FollowStep(snap, tuple(messages), tasks, self.interval, done=finished)

    def _once(self, what: str) -> bool:
        if what in self._said:
            return False
        self._said.add(what)
        return True

    @staticmethod
    def searches_alone(data: dict[str, Any]) -> bool:
        """Whether the table agreed to auto-routing (or plays hotseat, where it is always on)."""
        settings = data.get("settings")
        auto = settings.get("auto_routing", True) if isinstance(settings, dict) else True
        return bool(auto) or data.get("mode") == "hotseat"

    def ask(self) -> tuple[SearchTask, ...]:
        """The player asks for the searches of the current position (and the runs to come)."""
        self.asked = True
        return self.tasks()

    def tasks(self) -> tuple[SearchTask, ...]:
        """The searches the current snapshot needs and no earlier search answered."""
        snap = self.snapshot
        if snap is None:
            return ()
        out = [t for t in snap.ran if t.key not in self.found]
        if snap.to_run is not None and not snap.finished and snap.trains.get(snap.to_run):
            out.append(self._task(snap, snap.to_run))
        return tuple(t for t in out if t.key not in self.found)

    # ---- replaying ---------------------------------------------------------------------

    def _replay(self, data: dict[str, Any], finished: bool) -> Snapshot:
        where = f"18xx.games game {self.gid} ({self.site})"
        log = log_from_data(data, where)
        before = self.snapshot
        seen = before.last_action if before is not None else None
        ran: list[SearchTask] = []
        end: dict[str, Any] = {}

        def on_run(replay: Replay, action: dict[str, Any]) -> None:
            if seen is None or action["id"] <= seen:
                return  # runs before the follow began: the review's business
            company = replay.acting_company()
            if company is None:
                return
            ran.append(_run_task(replay, action, company.abbrev))

        def on_end(replay: Replay) -> None:
            end["acting"] = _acting(log)
            end["last"] = _last_kept(log)

        imported = replay_log(log, on_run=on_run, on_end=on_end)
        state = imported.state
        acting, ran_yet = end["acting"]
        acting_ours = _ours(state, acting)
        tiles, tokens = _changes(before.state if before is not None else None, state)
        return Snapshot(
            data,
            log,
            state,
            dict(imported.trains),
            dict(imported.bonuses),
            end["last"],
            _round(data, [r.company for r in imported.runs], acting_ours, ran_yet),
            acting_ours,
            acting_ours if acting_ours is not None and not ran_yet else None,
            tiles,
            tokens,
            tuple(ran),
            imported.warnings,
            finished,
        )

    def _task(self, snap: Snapshot, company: str) -> SearchTask:
        trains = snap.trains.get(company, ())
        bonuses = snap.bonuses.get(company, ())
        return SearchTask(
            (company, snap.last_action, trains, bonuses), company, snap.state, trains, bonuses
        )

    # ---- searching ---------------------------------------------------------------------

    def search(self, task: SearchTask, cancel: CancelFn | None = None) -> Found:
        """Run one task's search (on any thread) and remember its answer."""
        from ...route.search import find_routes

        t0 = time.process_time()
        if not task.trains:
            found = Found(task, None, "it owns no trains")
        else:
            try:
                result = find_routes(
                    task.state,
                    task.company,
                    list(task.trains),
                    list(task.bonuses),
                    cancel=cancel,
                    time_limit=self.time_limit,
                )
                found = Found(task, result, "", time.process_time() - t0)
            except ValueError as exc:  # our SearchError: trains or bonuses the finder refuses
                found = Found(task, None, str(exc), time.process_time() - t0)
        if found.result is None or not found.result.cancelled:
            self.found[task.key] = found
        # the same position's answer serves the run that follows it (and the other way)
        return found

    def ran_line(self, task: SearchTask) -> str | None:
        """ "NYC ran $320 · best $340" once the position before the run was searched."""
        found = self.found.get(task.key)
        if found is None:
            return None
        return Found(task, found.result, found.problem, found.cpu_s).line()


# ---- helpers -----------------------------------------------------------------------------


def _run_task(replay: Replay, action: dict[str, Any], company: str) -> SearchTask:
    from .realcheck import capture

    pos = capture(replay, action)
    previous = _kept_before(replay.log, action["id"])
    trains = pos.trains if pos is not None else ()
    bonuses = pos.bonuses if pos is not None else ()
    ran = None
    if pos is not None and pos.routes and all(r[2] is not None for r in pos.routes):
        ran = sum(r[2] or 0 for r in pos.routes)
    elif pos is not None and pos.routes:
        from .realcheck import price_routes

        ran, _ = price_routes(pos, pos.routes)
    elif pos is not None:
        ran = 0
    state = pos.state if pos is not None else replay.state.copy()
    return SearchTask(
        (company, previous, trains, bonuses), company, state, trains, bonuses, action["id"], ran
    )


def _kept_before(log: GameLog, action_id: int) -> int:
    last = 0
    for action, kept in zip(log.actions, log.kept, strict=True):
        if action["id"] >= action_id:
            break
        if kept and action["type"] != "message":
            last = action["id"]
    return last


def _last_kept(log: GameLog) -> int:
    kept = [
        a["id"] for a, k in zip(log.actions, log.kept, strict=True) if k and a["type"] != "message"
    ]
    return kept[-1] if kept else 0


def _acting(log: GameLog) -> tuple[str | None, bool]:
    """The corporation of the last kept action (None when a player acted last) and whether
    it is past its run this turn (its actions since another entity's last one)."""
    acting: str | None = None
    ran = False
    for action, kept in zip(log.actions, log.kept, strict=True):
        if not kept or action["type"] in ("message", "undo", "redo"):
            continue
        entity = action.get("entity")
        kind = action.get("entity_type")
        if kind == "company":
            continue  # a private acting (its owner's turn goes on)
        corp = entity if kind in ("corporation", "minor") and isinstance(entity, str) else None
        if corp != acting:
            acting, ran = corp, False
        if action["type"] in ("run_routes", "buy_train", "dividend"):
            ran = True  # past its run step (a company without trains buys one after it)
    return acting, ran


def _ours(state: MapState, name: str | None) -> str | None:
    """Our company for the engine's corporation id (None: not one we model)."""
    if name is None:
        return None
    table = state.game.eighteen_xx
    ours = table.companies.get(name, name)
    try:
        return state.game.company(ours).abbrev
    except KeyError:
        return None


def _round(data: dict[str, Any], runs: list[str], acting: str | None, ran: bool) -> str:
    """The site's round and turn ("Operating Round 3"), else the operating round counted
    from the runs ("OR 3", while a company acts; "" in a stock round or before any run)."""
    from .review import rounds_of

    name, turn = data.get("round"), data.get("turn")
    if isinstance(name, str) and name:
        return f"{name} {turn}" if isinstance(turn, int) else name
    if acting is None:
        return ""
    just_ran = ran and runs and runs[-1] == acting  # else it acts (or passed its run) now
    return rounds_of(runs if just_ran else [*runs, acting])[-1]


def _changes(
    old: MapState | None, new: MapState
) -> tuple[tuple[str, ...], tuple[tuple[str, int, str], ...]]:
    """The hexes whose tile changed and the tokens new in ``new`` since ``old``."""
    if old is None:
        return (), ()
    was, now = old.laid_tiles(), new.laid_tiles()
    tiles = tuple(sorted(h for h in set(was) | set(now) if was.get(h) != now.get(h)))
    before = set(old.all_tokens())
    tokens = tuple(t for t in new.all_tokens() if t not in before)
    return tiles, tokens
