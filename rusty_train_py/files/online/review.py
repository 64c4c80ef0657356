"""Review a played game run by run: for every ``run_routes`` of an 18xx.games log, what the
players earned against our proven best with the company's own trains and privates.

Each run's position is the replay's, captured once (``realcheck.positions``); the searches
run in parallel, one process per core by default, each with a time limit that the report
names. Who ran: the player who parred the company, or the last player who acted for it (the
``user`` of its actions), at the time of the run. Operating rounds are counted from the runs:
a company running a second time starts the next round.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .log import GameLog
from .realcheck import RunCheck, RunPosition, check_position, positions

ProgressFn = Callable[[int, int], None]  # (runs reviewed, runs in all)
CancelFn = Callable[[], bool]


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One run of the game: the players' revenue and our proven best."""

    action: int
    round: str  # "OR 3": the operating round, counted from the runs
    company: str
    trains: tuple[str, ...]
    president: str  # the player at the time ("" when the log does not say)
    players_revenue: int | None  # what the log records, else our price of their routes
    best_revenue: int | None  # our optimum with the company's trains (None: no answer)
    proven: bool
    cpu_s: float
    problem: str = ""  # why a figure is missing (a route our rules refuse, the finder's error)

    @property
    def difference(self) -> int | None:
        """How much more the best would have earned (None when either figure is missing)."""
        if self.players_revenue is None or self.best_revenue is None:
            return None
        return self.best_revenue - self.players_revenue


@dataclass(frozen=True, slots=True)
class Review:
    title: str
    where: str
    time_limit: float | None
    rows: tuple[ReviewRow, ...]
    complete: bool  # False when cancelled: ``rows`` are the runs reviewed so far

    def lost(self) -> int:
        """What the runs earned less than the best, over the game."""
        return sum(r.difference or 0 for r in self.rows)

    def by_company(self) -> dict[str, tuple[int, int, int]]:
        """Per company: (players' revenue, best revenue, runs), in order of first run."""
        return _totals(self.rows, lambda r: r.company)

    def by_player(self) -> dict[str, tuple[int, int, int]]:
        """Per president: (players' revenue, best revenue, runs)."""
        return _totals(self.rows, lambda r: r.president or "(unknown)")

    def summary(self) -> str:
        """One line: what the runs lost over the game, and the company that lost most in the
        last three rounds."""
        lost = self.lost()
        line = f"over the game, runs earned ${lost:,} less than the best"
        rounds = sorted({_round_no(r.round) for r in self.rows})[-3:]
        late: dict[str, int] = defaultdict(int)
        for r in self.rows:
            if _round_no(r.round) in rounds and r.difference:
                late[r.company] += r.difference
        if late:
            company, amount = max(late.items(), key=lambda kv: (kv[1], kv[0]))
            line += f", ${amount:,} of it by {company} in the last three rounds"
        unproven = sum(1 for r in self.rows if not r.proven)
        if unproven:
            line += f" ({unproven} best not proven within {self.time_limit:g} s)"
        return line

    def as_json(self) -> Iterator[dict[str, Any]]:
        """One object per run, then the ``total`` object (``review --json``)."""
        for r in self.rows:
            row = asdict(r)
            row["trains"] = list(r.trains)
            row["difference"] = r.difference
            yield row
        yield {
            "total": {
                "title": self.title,
                "runs": len(self.rows),
                "players_revenue": sum(r.players_revenue or 0 for r in self.rows),
                "best_revenue": sum(r.best_revenue or 0 for r in self.rows),
                "difference": self.lost(),
                "unproven": sum(1 for r in self.rows if not r.proven),
                "time_limit_s": self.time_limit,
                "complete": self.complete,
                "cpu_s": round(sum(r.cpu_s for r in self.rows), 3),
                "companies": {c: list(t) for c, t in self.by_company().items()},
                "players": {p: list(t) for p, t in self.by_player().items()},
                "summary": self.summary(),
            }
        }


def _round_no(label: str) -> int:
    return int(label.split()[-1])


def _totals(
    rows: Sequence[ReviewRow], key: Callable[[ReviewRow], str]
) -> dict[str, tuple[int, int, int]]:
    out: dict[str, list[int]] = {}
    for r in rows:
        t = out.setdefault(key(r), [0, 0, 0])
        t[0] += r.players_revenue or 0
        t[1] += r.best_revenue or 0
        t[2] += 1
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def rounds_of(companies: Sequence[str]) -> list[str]:
    """The operating round of each run, in order: a company running again starts the next."""
    out, ran, n = [], set[str](), 1
    for company in companies:
        if company in ran:
            n, ran = n + 1, set()
        ran.add(company)
        out.append(f"OR {n}")
    return out


def presidents(log: GameLog, players: dict[object, str]) -> dict[int, str]:
    """For every action id, who runs each company then: action id -> {company: player},
    flattened to the run actions' ids (the player who parred it, or the last ``user`` who
    acted for it)."""
    who: dict[str, str] = {}
    out: dict[int, str] = {}
    for action, kept in zip(log.actions, log.kept, strict=True):
        if not kept:
            continue
        kind, entity = action.get("type"), action.get("entity")
        corp = action.get("corporation")
        if kind == "par" and isinstance(corp, str) and entity in players:
            who[corp] = players[entity]
        user = action.get("user")
        if isinstance(entity, str) and user in players and action.get("entity_type") != "player":
            who[entity] = players[user]
        if kind == "run_routes" and isinstance(entity, str):
            out[action["id"]] = who.get(entity, "")
    return out


def player_names(data: object) -> dict[object, str]:
    """The log's players, id -> name (none when it lists none)."""
    players = data.get("players") if isinstance(data, dict) else None
    out: dict[object, str] = {}
    for p in players if isinstance(players, list) else []:
        if isinstance(p, dict) and isinstance(p.get("name"), str):
            out[p.get("id")] = p["name"]
    return out


# ---- the searches, in parallel -------------------------------------------------------------

_POSITIONS: list[RunPosition] = []


def _init_worker(log: GameLog) -> None:
    """Each worker process replays the log once and keeps its positions."""
    global _POSITIONS
    _POSITIONS = positions(log)


def _check(task: tuple[int, float | None]) -> tuple[int, RunCheck]:
    index, limit = task
    return index, check_position(_POSITIONS[index], limit)


def review_log(
    log: GameLog,
    data: object = None,
    time_limit: float | None = 30.0,
    jobs: int = 0,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
) -> Review:
    """Every run of ``log`` reviewed (``data``: the log's JSON, for the players' names).
    ``jobs``: processes (0: one per core; 1: in this process)."""
    runs = positions(log)
    tasks = [(i, time_limit) for i in range(len(runs))]
    checks: dict[int, RunCheck] = {}
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(runs) <= 1:
        for i, _ in tasks:
            if cancel is not None and cancel():
                break
            checks[i] = check_position(runs[i], time_limit)
            if progress is not None:
                progress(len(checks), len(runs))
    else:
        ctx = mp.get_context("spawn") if os.name == "nt" else mp.get_context()
        with ctx.Pool(min(jobs, len(runs)), _init_worker, (log,)) as pool:
            for i, check in pool.imap_unordered(_check, tasks):
                checks[i] = check
                if progress is not None:
                    progress(len(checks), len(runs))
                if cancel is not None and cancel():
                    pool.terminate()
                    break
    done = sorted(checks)
    rounds = rounds_of([r.company for r in runs])
    who = presidents(log, player_names(data))
    rows = tuple(_row(runs[i], checks[i], rounds[i], who.get(runs[i].action_id, "")) for i in done)
    return Review(log.title, log.where, time_limit, rows, len(done) == len(runs))


def _row(pos: RunPosition, c: RunCheck, round_label: str, president: str) -> ReviewRow:
    players = c.recorded if c.recorded is not None else c.priced
    return ReviewRow(
        c.action_id,
        round_label,
        c.company,
        pos.trains,
        president,
        players,
        c.best,
        c.proven,
        round(c.cpu, 3),
        c.problem,
    )
