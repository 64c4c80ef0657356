"""Locked routes: a train's route fixed by the player, resolved on the company's track graph.

A lock names a train and the revenue centres its route passes, in order, by hex (every one
the route passes, skipped ones included: ``5:F16,E17,D16``), and optionally the exact track
(``(hex, tile path index)`` pieces in travel order, as a search result or a save gives them).
Resolving walks the graph's corridors from stop to stop; every way of joining the stops is
checked by the same rules the path enumeration applies (paths.py: a token on the route, no
track, junction, stop, hex or group used twice, terminal track and full cities only at the
ends), so a lock is valid exactly when the finder could have found that route itself.

When several track paths join the stops, the lock takes the one earning its train the most
(alone, with the per-route bonuses), then the one whose stops hold most of the company's
tokens (a hex of several cities: its own city, where a company-scoped bonus such as 1822's
destinations counts it), then the first in path order (stops' centres, then corridors, in
graph order), among those clear of the locks resolved before it; the result says how many
there were. A lock may also name the hexes its route runs through (``via``, as an 18xx.games
log records a route): then only the track paths walking exactly those hexes are taken, when
any does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..base.errors import SearchError
from ..base.money import DOLLARS, money
from ..gamedata.game import Game, TrainType
from .earner import Earner
from .graph import TrackGraph
from .paths import RoutePath
from .result import TrainRoute

Track = tuple[tuple[str, int], ...]


class LockError(SearchError):
    """A lock that is not a route of its train for the company; the message says why."""


@dataclass(frozen=True, slots=True)
class RouteLock:
    """A train's route as the player fixes it: the hexes of its stops in order, and
    optionally the exact track pieces in travel order (None: any track joining the stops)."""

    train: str
    stops: tuple[str, ...]
    track: Track | None = None
    via: tuple[str, ...] | None = None  # every hex the route runs through, in order

    def describe(self) -> str:
        return f"{self.train}:{','.join(self.stops)}"


def parse_lock(text: str) -> RouteLock:
    """``"5:F16,E17,D16"`` -> RouteLock("5", ("F16", "E17", "D16"))."""
    train, sep, rest = text.partition(":")
    stops = tuple(s.strip() for s in rest.split(",") if s.strip())
    if not sep or not train.strip() or not stops:
        raise LockError(
            f"lock {text!r}: write the train, a colon and its stops in order, e.g. 5:F16,E17,D16"
        )
    return RouteLock(train.strip(), stops)


def lock_of_route(route: TrainRoute) -> RouteLock:
    """The lock that fixes a found route (a TrainRoute) exactly: its stops and its track."""
    return RouteLock(route.train, tuple(s.hex for s in route.stops), tuple(route.track))


@dataclass(frozen=True)
class ResolvedLock:
    """A lock resolved on the graph: its train, the path (stops in the lock's order) and how
    many valid track paths for the train joined its stops."""

    lock: RouteLock
    train: TrainType
    path: RoutePath
    revenue: int  # the train's revenue on it alone (per-route bonuses)
    choices: int
    hexes_shown: tuple[str, ...]  # the lock's stops as map hex names

    @property
    def note(self) -> str | None:
        return self.note_in(DOLLARS)

    def note_in(self, currency: str) -> str | None:
        """Why the lock's track was chosen among several, amounts in ``currency``."""
        if self.choices < 2:
            return None
        return (
            f"lock {self.train.name}:{','.join(self.hexes_shown)}: {self.choices} track paths"
            f" join these stops; took the best-earning for the {self.train.name}"
            f" ({money(self.revenue, currency)}), the first in path order among equals"
        )


def _twin(graph: TrackGraph, corridor_id: int) -> int | None:
    """The corridor walking the same track the other way."""
    k = graph.corridors[corridor_id]
    back = k.track[::-1]
    for cid, other in graph.adjacency[k.b]:
        if other == k.a and graph.corridors[cid].track == back:
            return cid
    return None


def path_problem(graph: TrackGraph, stops: Sequence[int], corridors: Sequence[int]) -> str | None:
    """Why the route (centres ``stops``, corridor i from stop i to stop i + 1) is not one the
    path enumeration keeps, or None when it is. Distance is the train's business."""
    centres = graph.centres
    if not stops:
        return "a route needs a stop"
    tokens = [i for i, s in enumerate(stops) if centres[s].token]
    if not tokens:
        return "it passes no station token of the company"
    if len(stops) == 1:
        return None  # the token city alone: a train's rule says whether it runs it
    # The enumeration builds a path from its lowest-ordered token outwards, in two halves.
    p = min(tokens, key=lambda i: stops[i])
    anchor = stops[p]
    halves = []
    for direction in (-1, 1):
        steps: list[tuple[int, int]] = []
        i = p
        while 0 <= i + direction < len(stops):
            if direction == 1:
                cid = corridors[i]
            else:
                twin = _twin(graph, corridors[i - 1])
                if twin is None:
                    return f"its track between {centres[stops[i - 1]].hex} and {centres[stops[i]].hex} cannot be run backwards"
                cid = twin
            steps.append((cid, stops[i + direction]))
            i += direction
        halves.append(steps)
    start_bit = centres[anchor].bit
    inner_of = []
    for steps in halves:
        inner = 0
        end_at_anchor = False
        for n, (cid, nxt) in enumerate(steps):
            k = graph.corridors[cid]
            c = centres[nxt]
            if k.a_terminal and n > 0:
                return f"terminal track leaves {centres[k.a].hex} in the middle of the route"
            if (inner | start_bit) & (k.inner_mask | c.bit):
                return (
                    f"it uses a piece of track, a junction, a stop, a hex or an off-board area"
                    f" twice (at {c.hex})"
                )
            inner |= k.inner_mask | c.bit
            end_at_anchor = end_at_anchor or (n == 0 and k.a_terminal)
            if n < len(steps) - 1:
                if c.terminal:
                    return f"it passes through the off-board {c.hex} (an end only)"
                if c.blocked:
                    return f"it passes through {c.hex}, full of other companies' tokens"
                if k.b_terminal:
                    return f"terminal track reaches {c.hex} in the middle of the route"
        inner_of.append((inner, end_at_anchor))
    (ia, ea), (ib, eb) = inner_of
    if halves[0] and halves[1]:
        if ia & ib:
            return "it uses a piece of track, a junction, a stop, a hex or an off-board area twice"
        if ea or eb:
            return f"terminal track leaves {centres[anchor].hex} in the middle of the route"
    return None


def route_candidates(
    graph: TrackGraph, hexes: Sequence[str], track: Track | None = None
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (centres, corridors) walk through centres on ``hexes`` in order (corridor i
    from centre i to centre i + 1), in path order; with ``track``, only the walk laying
    exactly those pieces. A route and its reverse (stops on the same hexes both ways) are
    kept once."""
    centres = graph.centres
    starts = [c.id for c in centres if c.hex == hexes[0]]
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    seen: set[object] = set()

    def walk(stops: list[int], corrs: list[int], laid: Track) -> None:
        n = len(stops)
        if n == len(hexes):
            if track is not None and laid != track:
                return
            # a route of one stop lays no track: told apart by its centre (a hex of cities)
            key: object = min(laid, laid[::-1]) if laid else stops[0]
            if key not in seen:
                seen.add(key)
                out.append((tuple(stops), tuple(corrs)))
            return
        for cid, other in graph.adjacency[stops[-1]]:
            if centres[other].hex != hexes[n] or other in stops:
                continue
            pieces = graph.corridors[cid].track
            if track is not None and track[len(laid) : len(laid) + len(pieces)] != pieces:
                continue
            walk(stops + [other], corrs + [cid], laid + pieces)

    for s in starts:
        walk([s], [], ())
    return out


def hex_walk(graph: TrackGraph, stops: Sequence[int], corridors: Sequence[int]) -> tuple[str, ...]:
    """The hexes a walk (corridor i from stop i to stop i + 1) runs through, in order, a hex
    once per stretch in it."""
    out = [graph.centres[stops[0]].hex]
    for cid in corridors:
        for h in graph.corridors[cid].hexes:
            if h != out[-1]:
                out.append(h)
    return tuple(out)


def _hexes_of_bits(game: Game, graph: TrackGraph, bits: int) -> list[str]:
    """The hexes of shared-track bits (a side crossed: both its hexes), in map order."""
    out: set[str] = set()
    for b in range(bits.bit_length()):
        if bits >> b & 1:
            name = graph.bit_names[b]
            if "/" in name:
                out.add(name.split("/")[0])
            else:
                h, _, edge = name.partition(":")[0].rpartition(".")  # "O10.5:1": a lane
                out.add(h)
                other = game.neighbour(h, int(edge))
                if other is not None:
                    out.add(other)
    return [h for h in game.hex_order if h in out]


def _route_path(
    graph: TrackGraph, stops: Sequence[int], corridors: Sequence[int], earner: Earner
) -> RoutePath:
    mask = 0
    for cid in corridors:
        mask |= graph.corridors[cid].track_mask
    return RoutePath(tuple(stops), mask, (earner.distance(stops, corridors),), tuple(corridors), 0)


def resolve_locks(
    game: Game,
    graph: TrackGraph,
    company: str,
    locks: Sequence[RouteLock],
    earner_of: Callable[[TrainType], Earner],
) -> list[ResolvedLock]:
    """Each lock's route on ``graph``, checked; LockError naming the lock and what is wrong.
    Locks of trains of one ``track_class`` may not share track."""
    resolved: list[ResolvedLock] = []
    for lock in locks:
        train, hexes, what = _named_stops(game, lock)
        _check_stops(graph, hexes, what, earner_of(train).min_stops)
        track = tuple((h, int(i)) for h, i in lock.track) if lock.track is not None else None
        cands = route_candidates(graph, hexes, track)
        if lock.via is not None:  # the hexes the route runs through, when a walk takes them
            walked = [c for c in cands if hex_walk(graph, *c) in (lock.via, lock.via[::-1])]
            cands = walked or cands
        if not cands:
            raise LockError(
                f"{what}: no track "
                + ("of the one given " if track is not None else "")
                + f"joins {', '.join(hexes)} in this order"
            )
        valid = _runnable(graph, train, earner_of(train), cands, company, what)
        clear = _clear_of(resolved, valid, train, game, graph, what)
        best = max(rev for _p, rev in clear)
        tops = [p for p, rev in clear if rev == best]
        most = max(_tokens(graph, p) for p in tops)  # a hex of cities: the company's own
        path = next(p for p in tops if _tokens(graph, p) == most)
        resolved.append(ResolvedLock(lock, train, path, best, len(valid), tuple(hexes)))
    return resolved


def _tokens(graph: TrackGraph, path: RoutePath) -> int:
    """How many of the path's stops hold the company's token."""
    return sum(1 for s in path.stops if graph.centres[s].token)


def _named_stops(game: Game, lock: RouteLock) -> tuple[TrainType, list[str], str]:
    """The lock's train, its stops as the map names them, and the lock as messages name it."""
    what = f"lock {lock.describe()}"
    try:
        train = game.train(lock.train)
    except KeyError as exc:
        raise LockError(f"{what}: {exc.args[0]}") from None
    hexes = []
    for h in lock.stops:
        try:
            hexes.append(game.hex(h).name)
        except ValueError as exc:
            raise LockError(f"{what}: {exc}") from None
    return train, hexes, f"lock {train.name}:{','.join(hexes)}"


def _check_stops(graph: TrackGraph, hexes: Sequence[str], what: str, fewest: int = 2) -> None:
    """``fewest`` stops or more (the train's rule: 1822's local trains run one city alone),
    each a revenue centre, each joined to the next by track."""
    centres = graph.centres
    if len(hexes) < fewest:
        need = "a stop" if fewest == 1 else "at least two stops"
        raise LockError(f"{what}: a route needs {need}")
    on_hex = {c.hex for c in centres}
    for h in hexes:
        if h not in on_hex:
            raise LockError(f"{what}: {h} has no revenue centre (city, town or off-board)")
    for a, b in zip(hexes, hexes[1:], strict=False):
        if not any(
            centres[o].hex == b for c in centres if c.hex == a for _k, o in graph.adjacency[c.id]
        ):
            raise LockError(f"{what}: no track joins {a} to {b} without passing another stop")


def _runnable(
    graph: TrackGraph,
    train: TrainType,
    earner: Earner,
    cands: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    company: str,
    what: str,
) -> list[tuple[RoutePath, int]]:
    """The candidates the train can run, with what each earns; LockError with the first
    reason when none."""
    valid = []
    first_problem = None
    for stops, corrs in cands:
        problem = path_problem(graph, stops, corrs)
        if problem is None:
            path = _route_path(graph, stops, corrs, earner)
            rev = earner.revenue(stops, path.dist[0], path.corridors)
            if rev >= 0:
                valid.append((path, rev))
                continue
            if earner.limit is not None and path.dist[0] > earner.limit:
                problem = (
                    f"too long for a {train.name} (it needs {path.dist[0]},"
                    f" the train runs {earner.limit})"
                )
            else:
                problem = f"a {train.name} cannot run it (its rule refuses this route)"
        first_problem = first_problem or problem
    if not valid:
        raise LockError(f"{what}: not a route {company} can run: {first_problem}")
    return valid


def _clear_of(
    resolved: Sequence[ResolvedLock],
    valid: Sequence[tuple[RoutePath, int]],
    train: TrainType,
    game: Game,
    graph: TrackGraph,
    what: str,
) -> list[tuple[RoutePath, int]]:
    """The paths of ``valid`` sharing no track with the locks of the train's class already
    resolved; LockError naming the lock in the way when none."""
    shift = {}
    clear = []
    for path, rev in valid:
        clash = [
            r
            for r in resolved
            if r.train.track_class == train.track_class and r.path.track & path.track
        ]
        if not clash:
            clear.append((path, rev))
        else:
            shift[id(path)] = clash[0]
    if not clear:
        other = shift[id(valid[0][0])]
        shared = valid[0][0].track & other.path.track
        where = _hexes_of_bits(game, graph, shared)
        raise LockError(
            f"{what}: shares track with lock {other.train.name}:"
            f"{','.join(other.hexes_shown)} (at {', '.join(where)})"
        )
    return clear
