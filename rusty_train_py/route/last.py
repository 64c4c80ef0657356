"""The routes a company ran last: kept in the save (key ``last_routes``), shown faded on the
map, compared with this run.

A kept route is what a lock needs to fix it exactly (train, the hexes of its stops in order,
its track pieces in travel order) and what it earned then. The map may have changed since
(a tile upgraded, a token gone): ``check_last_routes`` says which kept routes are no longer
routes of their train, by the same checks as a lock (locks.py); they load with a warning.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..mapstate.state import MapState
from ..titles import rules_for

if TYPE_CHECKING:
    from ..gamedata.game import TrainType
    from .graph import TrackGraph
    from .locks import RouteLock
    from .result import RouteResult, TrainRoute

Track = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class LastRoute:
    """One route a company ran: its train, stops (hexes, in order), track ((hex, tile path
    index) pieces, in travel order) and the revenue it earned then."""

    company: str
    train: str
    revenue: int
    stops: tuple[str, ...]
    track: Track

    @property
    def lock_text(self) -> str:
        return f"{self.train}:{','.join(self.stops)}"

    def lock(self) -> RouteLock:  # locks.py is imported when needed: it brings numpy
        from .locks import RouteLock

        return RouteLock(self.train, self.stops, self.track)


def last_routes_of(result: RouteResult) -> tuple[LastRoute, ...]:
    """The routes of a RouteResult as the company's last run (routes not paid kept too)."""
    return tuple(
        LastRoute(
            result.company,
            r.train,
            r.revenue,
            tuple(s.hex for s in r.stops),
            tuple(r.track),
        )
        for r in result.routes
    )


def replace_company(
    routes: Iterable[LastRoute], company: str, new: Sequence[LastRoute]
) -> tuple[LastRoute, ...]:
    """``routes`` with ``company``'s last run replaced by ``new`` (in its place, or at the
    end when the company had none)."""
    out: list[LastRoute] = []
    placed = False
    for r in routes:
        if r.company == company:
            if not placed:
                out.extend(new)
                placed = True
            continue
        out.append(r)
    if not placed:
        out.extend(new)
    return tuple(out)


def check_last_routes(state: MapState, routes: Sequence[LastRoute]) -> list[tuple[int, str]]:
    """(index, why) for every kept route that is not a route of its train for its company on
    ``state`` now, or shares track with another kept route of the company before it."""
    from .earner import Earner
    from .graph import build_graph
    from .locks import LockError, resolve_locks

    game = state.game
    problems: list[tuple[int, str]] = []
    by_company: dict[str, list[int]] = {}
    for i, r in enumerate(routes):
        by_company.setdefault(r.company, []).append(i)
    rules = rules_for(game.id, state.phase_colours)
    for company, indices in by_company.items():
        graph = build_graph(state, company)
        earners: dict[str, Earner] = {}

        def earner_of(
            t: TrainType, graph: TrackGraph = graph, earners: dict[str, Earner] = earners
        ) -> Earner:
            e: Earner | None = earners.get(t.name)
            if e is None:
                e = earners[t.name] = Earner(t, graph, (), game.readings, rules)
            return e

        good: list[int] = []
        for i in indices:
            try:
                resolve_locks(game, graph, company, [routes[i].lock()], earner_of)
            except LockError as exc:
                problems.append((i, str(exc)))
                continue
            try:
                resolve_locks(
                    game, graph, company, [routes[j].lock() for j in good + [i]], earner_of
                )
            except LockError as exc:
                problems.append((i, str(exc)))
                continue
            good.append(i)
    return sorted(problems)


def routes_to_draw(state: MapState, routes: Sequence[LastRoute]) -> list[TrainRoute | None]:
    """Each kept route as a TrainRoute on ``state`` (stops, track, what it would earn now),
    or None where it is no longer a route there: what the map draws of a last run."""
    from .earner import Earner
    from .graph import build_graph
    from .locks import LockError, resolve_locks
    from .routes import build_train_route

    game = state.game
    rules = rules_for(game.id, state.phase_colours)
    out: list[TrainRoute | None] = [None] * len(routes)
    graphs: dict[str, TrackGraph] = {}
    for i, r in enumerate(routes):
        if r.company not in graphs:
            graphs[r.company] = build_graph(state, r.company)
        graph = graphs[r.company]

        def earner_of(t: TrainType, graph: TrackGraph = graph) -> Earner:
            return Earner(t, graph, (), game.readings, rules)

        try:
            (fixed,) = resolve_locks(game, graph, r.company, [r.lock()], earner_of)
        except LockError:
            continue
        out[i] = build_train_route(graph, earner_of(fixed.train), fixed.path, game)
    return out
