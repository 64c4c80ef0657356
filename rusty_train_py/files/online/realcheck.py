"""The real-game check: at a ``run_routes`` action of a log, price the players' recorded
routes with our rules (must equal the revenue the log records) and run our finder with the
company's trains (must earn at least as much)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...mapstate.state import MapState
from .engine_routes import engine_company, engine_routes
from .log import GameLog
from .replay import Replay


@dataclass(frozen=True)
class RunPosition:
    """The position just before a run_routes action, and what the players ran there."""

    action_id: int
    company: str
    state: MapState
    trains: tuple[str, ...]  # our train names the company owns
    bonuses: tuple[str, ...]  # the bonus options it holds
    # (train, stops, revenue, the hexes it runs through in order: () when not recorded)
    routes: tuple[tuple[str, tuple[str, ...], int | None, tuple[str, ...]], ...]
    entity: str = ""  # the engine's id of the company (the action's entity, or its owner)
    train_ids: tuple[str, ...] = ()  # the engine's ids of ``trains``, in their order


@dataclass(frozen=True)
class RunCheck:
    action_id: int
    company: str
    recorded: int | None  # the revenue the log records (None: routes without revenue)
    priced: int | None  # our price of the players' routes (None: not a route by our rules)
    best: int | None  # our finder's optimum with the company's trains
    proven: bool
    cpu: float  # CPU seconds of the finder
    problem: str = ""
    # our optimum's routes in the engine's terms (engine_routes.py), for the engine's check
    best_routes: tuple[dict[str, Any], ...] = ()


def route_stops(route: dict[str, Any], state: MapState) -> tuple[str, ...]:
    """The hexes of the stops a recorded route passes, in order: from its ``connections``
    (each the hexes from one stop to the next, either way round) or, in older logs, its
    ``hexes`` (every hex it passes: those with a revenue centre are its stops)."""
    conns = [c for c in route.get("connections") or [] if isinstance(c, list) and c]
    if len(conns) == 1 and len(conns[0]) == 2 and conns[0][0] == "local":
        return (conns[0][1],)  # a local train's route of one city (1822's L: "local", hex)
    if not conns:
        hexes = [h for h in route.get("hexes") or [] if isinstance(h, str)]
        return tuple(h for h in hexes if _has_stop(state, h))
    if len(conns) == 1 and len(conns[0]) == 2 and conns[0][0] == "local":
        return (conns[0][1],)  # one stop, no track (18EU's Pullman)
    if len(conns) == 1:
        return (conns[0][0], conns[0][-1])
    chains = [_chain(conns, start) for start in (conns[0][0], conns[0][-1])]
    # the start from which every connection joins the one before (a route that comes back
    # to a hex, two cities of Denver, has both ends of its first connection in the second)
    # both may join when the route comes back to a hex (a town between two cities of one
    # hex): the one the route's ``hexes`` (its stops' hexes in order, in newer logs) lists
    listed = tuple(h for h in route.get("hexes") or [] if isinstance(h, str))
    ok = [c for c in chains if c is not None]
    for chain in ok:
        if listed in (chain, chain[::-1]):
            return chain
    if ok:
        return ok[0]
    first, second = conns[0], conns[1]
    start = first[0] if first[-1] in (second[0], second[-1]) else first[-1]
    return _chain(conns, start, loose=True) or ()


def _chain(conns: list[list[Any]], start: Any, loose: bool = False) -> tuple[str, ...] | None:
    stops = [start]
    for c in conns:
        here = stops[-1]
        if not loose and here not in (c[0], c[-1]):
            return None
        stops.append(c[-1] if c[0] == here else c[0])
    return tuple(stops)


def route_walk(route: dict[str, Any], stops: tuple[str, ...]) -> tuple[str, ...]:
    """Every hex a recorded route runs through, in the order of ``stops``, from its
    ``connections`` (each joined to the stop before it); () when it has none or they do not
    join up."""
    conns = [c for c in route.get("connections") or [] if isinstance(c, list) and c]
    if not conns or len(conns) != len(stops) - 1:
        return ()
    out = [stops[0]]
    for c, (a, b) in zip(conns, zip(stops, stops[1:], strict=False), strict=True):
        chain = [str(h) for h in c]
        if chain[0] != a:
            chain = chain[::-1]
        if chain[0] != a or chain[-1] != b:
            return ()
        out += chain[1:]
    return tuple(out)


def _has_stop(state: MapState, hex_name: str) -> bool:
    if not state.game.has_hex(hex_name):
        return False
    tile, _ = state.tile_at(state.game.hex(hex_name).name)
    return bool(tile.revenue_centres)


def capture(replay: Replay, action: dict[str, Any]) -> RunPosition | None:
    """The position before ``action`` (a run_routes) and the routes it records."""
    company = replay.acting_company()
    routes = action.get("routes")
    if company is None or not isinstance(routes, list):
        return None
    recorded = []
    for route in routes:
        if not isinstance(route, dict) or not isinstance(route.get("train"), str):
            continue
        name = replay.train_name(route["train"])
        revenue = route.get("revenue")
        if name is None:
            continue
        stops = route_stops(route, replay.state)
        revenue = revenue if isinstance(revenue, int) else None
        recorded.append((name, stops, revenue, route_walk(route, stops)))
    owned = replay.company_trains().get(company.abbrev, ())
    ids = tuple(t for t in replay.trains.get(company.abbrev, ()) if replay.is_run(t))
    entity = action.get("entity")
    if action.get("entity_type") == "company" or not isinstance(entity, str):
        entity = engine_company(dict(replay.game.eighteen_xx.companies), company.abbrev)
    return RunPosition(
        action["id"],
        company.abbrev,
        replay.state.copy(),
        owned,
        tuple(replay.bonuses_for(company.abbrev)),
        tuple(recorded),
        entity,
        ids if len(ids) == len(owned) else (),
    )


def positions(log: GameLog) -> list[RunPosition]:
    """Every run_routes position of ``log``."""
    from . import replay_log

    out: list[RunPosition] = []

    def keep(replay: Replay, action: dict[str, Any]) -> None:
        pos = capture(replay, action)
        if pos is not None:
            out.append(pos)

    replay_log(log, on_run=keep)
    return out


def price_routes(
    pos: RunPosition, routes: Sequence[tuple[str, tuple[str, ...], int | None, tuple[str, ...]]]
) -> tuple[int | None, str]:
    """Our revenue of the players' routes, each fixed by its stops and the hexes it runs
    through (a lock); when locks resolved one after another collide (two ways between the
    same stops), the other orders are tried. (None, why) when no order is a valid run by our
    rules."""
    from itertools import islice, permutations

    from ...route.locks import RouteLock
    from ...route.search import find_routes

    first = ""
    for order in islice(permutations(routes), 24):
        try:
            locks = [RouteLock(t, stops, via=via or None) for t, stops, _, via in order]
            res = find_routes(
                pos.state, pos.company, [r[0] for r in order], pos.bonuses, locked=locks
            )
            return res.net_revenue, ""
        except ValueError as exc:
            first = first or f"players' routes: {exc}"
            if "shares track" not in str(exc):
                break
    return None, first


def _rides(pos: RunPosition, train: str) -> bool:
    """Whether ``train`` rides with another route (its recorded route is one stop)."""
    try:
        return bool(pos.state.game.train(train).kind.rides)
    except KeyError:
        return False


def engine_route_set(pos: RunPosition, routes: Sequence[Any]) -> list[dict[str, Any]]:
    """Our ``routes`` (a result's) at ``pos`` in the engine's terms (engine_routes.py)."""
    riders = {t for t in pos.trains if _rides(pos, t)}
    return engine_routes(routes, pos.trains, pos.train_ids, riders)


def check_position(pos: RunPosition, time_limit: float | None = 60.0) -> RunCheck:
    """(a) our price of the players' routes, (b) our optimum with the company's trains."""
    from ...route.search import find_routes

    recorded = None
    if pos.routes and all(r[2] is not None for r in pos.routes):
        recorded = sum(r[2] or 0 for r in pos.routes)
    priced = None
    problem = ""
    game = pos.state.game
    with_stops = [
        r
        for r in pos.routes
        if len(r[1]) >= 2
        or (
            len(r[1]) == 1
            and (_rides(pos, r[0]) or game.train(r[0]).kind.min_stops(game.train(r[0]).params) < 2)
        )
    ]  # a route of one stop: a riding train's (18EU's Pullman) or a local's (1822's L)
    if with_stops:
        priced, problem = price_routes(pos, with_stops)
    elif not pos.routes:
        priced = 0
    best = None
    proven = False
    best_routes: tuple[dict[str, Any], ...] = ()
    found: tuple[Any, ...] | None = None
    t0 = time.process_time()
    if pos.trains:
        try:
            res = find_routes(
                pos.state, pos.company, list(pos.trains), pos.bonuses, time_limit=time_limit
            )
            best, proven = res.net_revenue, res.optimal
            found = res.routes
        except ValueError as exc:
            problem = (problem + "; " if problem else "") + f"finder: {exc}"
    else:
        best, proven = 0, True
    cpu = time.process_time() - t0
    if found is not None and pos.train_ids:
        try:
            best_routes = tuple(engine_route_set(pos, found))
        except ValueError as exc:
            problem = (problem + "; " if problem else "") + f"engine's terms: {exc}"
    return RunCheck(
        pos.action_id,
        pos.company,
        recorded,
        priced,
        best,
        proven,
        cpu,
        problem,
        best_routes,
    )
