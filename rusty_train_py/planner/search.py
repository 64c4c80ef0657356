"""The planner's search (Qt-free): the cheapest sequence of legal lays joining a target to a
company's network, by A* over maps.

A search state is the map after some lays plus where the plan stands in its operating rounds
(``schedule.py``); its successors are the company's legal lays on that map, exactly as the
advisor lists them (``advisor/lays.py``: colour, phase, labels, kept track, borders, copies
left, connection to the network), each in the slots it may take. The cost is (rounds, money,
lays) compared in that order (``by="money"``: money first). States are evaluated lazily: a
new state is queued under a bound computed from its parent's relaxed distances
(``relaxed.py``), and only when it comes first is its own map built, its network walked and
its own bound computed. The bound never exceeds the cost still to pay, so the first state
taken from the queue that reaches a target is a cheapest plan. A map seen again in the same
schedule with no less money and no fewer lays is dropped.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..advisor.lays import Lay, hex_lays
from ..advisor.reach import Reach, company_reach, passable_nodes
from ..grid.tile import Tile
from ..grid.tile_lays import LayRules, TileLaySlot
from ..mapstate.state import HexState, MapState
from ..mapstate.upgrades import NEXT_COLOUR
from .explain import explain_unreachable
from .relaxed import INF, Bounds, ExitsCache, exhausted_tiles, relaxed_bounds
from .result import Plan, PlanCancelled, PlanError, PlannedLay, PlanProgress
from .schedule import (
    Labels,
    MapKey,
    Schedule,
    free_rounds_bound,
    paid_slots_bound,
    placements,
)
from .targets import reached_target

ProgressFn = Callable[[PlanProgress], None]
CancelFn = Callable[[], bool]
MAX_STATES = 4000
ORDERS = ("rounds", "money")


Cost = tuple[float, ...]  # compared in order: (rounds, money, lays) or (money, rounds, lays)


@dataclass(slots=True)
class _Node:
    parent: _Node | None
    lay: PlannedLay | None
    schedule: Schedule
    money: int
    lays: int
    tiles: dict[str, tuple[str, int]] = field(default_factory=dict)  # the plan's lays by hex
    bounds: Bounds | None = None
    reach: Reach | None = None
    goal: str | None = None
    state: MapState | None = None
    dead: bool = False  # another way to the same map is at least as good

    def path(self) -> tuple[PlannedLay, ...]:
        out = []
        node: _Node | None = self
        while node is not None and node.lay is not None:
            out.append(node.lay)
            node = node.parent
        return tuple(reversed(out))


_Queued = tuple[Cost, int, int, _Node]  # (bound, -lays, order queued, state): heap order


class _LayCache:
    """Legal lays of one hex by what they depend on: the hex's own state (tile, rotation,
    tokens) and which tiles have no copy left."""

    def __init__(self) -> None:
        self._lays: dict[tuple[str, HexState, frozenset[str]], list[Lay]] = {}

    def lays(self, state: MapState, hex_name: str, exhausted: frozenset[str]) -> list[Lay]:
        tile, _ = state.tile_at(hex_name)
        colour = NEXT_COLOUR.get(tile.colour)
        gone = frozenset(t for t in exhausted if state.game.tile(t).colour == colour)
        key = (hex_name, state.hex_state(hex_name), gone)
        if key not in self._lays:
            self._lays[key] = hex_lays(state, hex_name)
        return self._lays[key]


def plan_track(
    state: MapState,
    company: str,
    targets: Sequence[str],
    by: str = "rounds",
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    max_states: int = MAX_STATES,
) -> Plan:
    """The cheapest plan joining one of ``targets`` (hex names) to ``company``'s network on
    ``state`` (module docstring); ``state`` is not changed."""
    game = state.game
    try:
        comp = game.company(company)
    except KeyError as exc:
        raise PlanError(exc.args[0]) from None
    if by not in ORDERS:
        raise PlanError(f"plan by {by!r}: should be one of {', '.join(ORDERS)}")
    goal = frozenset(targets)
    unknown = sorted(h for h in goal if h not in game.hexes)
    if unknown:
        raise PlanError(f"{game.id}: no hex {unknown[0]!r} on the map")
    abbrev = comp.abbrev
    slots = game.lay_rules.slots_for(comp.kind)
    track_hexes = any(not s.reuse_hex for s in slots)
    cache = _LayCache()
    exits_cache: ExitsCache = {}
    base = state.copy()

    def make(node: _Node) -> None:
        s = base.copy()
        for lay in node.path():
            s.apply(s.place_tile_edit(lay.hex, lay.tile, lay.rotation, check_available=False))
        node.state = s
        node.reach = company_reach(s, abbrev)
        node.goal = reached_target(s, abbrev, goal, node.reach)
        if node.goal is None:
            passable, _ = passable_nodes(s, abbrev)
            node.bounds = relaxed_bounds(
                s, passable, node.reach.sides, goal, node.reach.token_hexes, exits_cache
            )

    def key_of(node: _Node) -> MapKey:
        return frozenset(node.tiles.items())

    def f_of(node: _Node, lays_left: float, money_left: float) -> Cost:
        money = node.money + money_left
        if by == "money":
            rounds = free_rounds_bound(node.schedule, lays_left, slots)
            return (money, rounds, node.lays + lays_left)
        rounds = node.schedule.rounds_bound(lays_left, len(slots))
        money += paid_slots_bound(node.schedule, lays_left, rounds, slots)
        return (rounds, money, node.lays + lays_left)

    def finish(node: _Node, evaluated: int) -> Plan:
        return Plan(abbrev, tuple(sorted(goal)), by, True, node.path(), node.goal, states=evaluated)

    root = _Node(None, None, Schedule(), 0, 0)
    make(root)
    assert root.reach is not None
    if not root.reach.token_hexes:
        return Plan(
            abbrev,
            tuple(sorted(goal)),
            by,
            False,
            reason=f"{abbrev} has no station token on the map",
        )
    if root.goal is not None:
        return finish(root, 1)
    assert root.bounds is not None
    if root.bounds.lays == INF:
        reason = explain_unreachable(base, abbrev, goal, root.reach, searched=False)
        return Plan(abbrev, tuple(sorted(goal)), by, False, reason=reason, states=1)
    counter = itertools.count()
    heap: list[_Queued] = []
    best = Labels(slots)
    best.add(key_of(root), root)
    heapq.heappush(heap, (f_of(root, root.bounds.lays, root.bounds.money), 0, next(counter), root))
    evaluated = 1
    while heap:
        f, _, _, node = heapq.heappop(heap)
        if node.dead:
            continue  # as good a way to the same map was found
        if node.state is None:
            if cancel is not None and cancel():
                raise PlanCancelled()
            if evaluated >= max_states:
                return Plan(
                    abbrev,
                    tuple(sorted(goal)),
                    by,
                    False,
                    complete=False,
                    states=evaluated,
                    reason=f"no plan found within {max_states} map states (the search stopped)",
                )
            make(node)
            evaluated += 1
            if progress is not None and (evaluated == 2 or evaluated % 25 == 0):
                progress(PlanProgress("plan", evaluated, len(heap)))
            if node.goal is not None:
                heapq.heappush(heap, (f_of(node, 0, 0), -node.lays, next(counter), node))
                continue
            assert node.bounds is not None
            if node.bounds.lays == INF:
                node.state = None  # nothing more to do with it; free the map
                continue
            exact = f_of(node, node.bounds.lays, node.bounds.money)
            heapq.heappush(heap, (exact, -node.lays, next(counter), node))
            continue
        if node.goal is not None:
            return finish(node, evaluated)
        _expand(node, heap, best, counter, cache, slots, track_hexes, goal, key_of, f_of)
        node.state = None  # expanded: the map is not needed again
    reason = explain_unreachable(base, abbrev, goal, root.reach, searched=True)
    return Plan(abbrev, tuple(sorted(goal)), by, False, reason=reason, states=evaluated)


def _expand(
    node: _Node,
    heap: list[_Queued],
    best: Labels,
    counter: Iterator[int],
    cache: _LayCache,
    slots: tuple[TileLaySlot, ...],
    track_hexes: bool,
    goal: frozenset[str],
    key_of: Callable[[_Node], MapKey],
    f_of: Callable[[_Node, float, float], Cost],
) -> None:
    """Queue every successor of an evaluated state (its map, reach and bounds known) under
    its parent-based bound."""
    state, reach, bounds = node.state, node.reach, node.bounds
    assert state is not None and reach is not None and bounds is not None, "not evaluated"
    game = state.game
    exhausted = exhausted_tiles(state)
    rules = game.lay_rules
    for h in game.hex_order:
        if h not in reach.sides:
            continue
        for lay in cache.lays(state, h, exhausted):
            tile = game.tile(lay.tile)
            exits = tile.edges_at(lay.rotation)
            if not reach.connects(h, exits):
                continue
            lays_left, money_left = _child_bound(state, h, tile, exits, bounds, goal, rules)
            for schedule, rnd, money in placements(state, lay, node.schedule, slots, track_hexes):
                tiles = dict(node.tiles)
                tiles[h] = (lay.tile, lay.rotation)
                child = _Node(
                    node,
                    PlannedLay(h, lay.tile, lay.rotation, rnd, money),
                    schedule,
                    node.money + money,
                    node.lays + 1,
                    tiles,
                )
                if not best.add(key_of(child), child):
                    continue
                heapq.heappush(
                    heap, (f_of(child, lays_left, money_left), -child.lays, next(counter), child)
                )


def _child_bound(
    state: MapState,
    h: str,
    tile: Tile,
    exits: frozenset[int],
    bounds: Bounds,
    goal: frozenset[str],
    rules: LayRules,
) -> tuple[float, float]:
    """A lower bound (lays, money) still to pay after a lay of ``tile`` on ``h``: the parent's
    bound, or a walk leaving the new tile by one of its exits, or by any side after a further
    lay on ``h`` (at the terrain left there)."""
    if h in goal:
        return 0, 0
    game = state.game
    lays, money = bounds.lays, bounds.money
    terrain = game.hexes[h].tile.upgrade_cost if rules.terrain_every_lay else tile.upgrade_cost
    floor = max(terrain, rules.min_cost)
    for b in range(6):
        other = game.neighbour(h, b)
        if other is None:
            continue
        bl, bm = bounds.at(other, (b + 3) % 6)
        if b in exits:
            lays, money = min(lays, bl), min(money, bm)
        else:
            money = min(money, floor + bm)
    return lays, money
