"""The planner's lower bound: a relaxed hex-side graph of one map, searched backwards from the
target (Qt-free).

A vertex ``(hex, side)`` means "track arrives at ``hex`` over its ``side``". From it a walk
may go on through the hex to another side ``b`` and so arrive at the neighbour across:

- for no lay when the track showing joins the two sides (through junctions and through
  revenue centres the company may pass, as ``advisor/reach.py`` reads blocking);
- for one lay when the hex can still take a tile (it takes tiles, no icon blocks it, its next
  colour is allowed in the phase, its upgrade rules allow some tile) and both sides are
  exits a tile may have there (``exit_open``): any tile, any rotation, any copies left.

The target is reached from ``(t, a)`` for no lay when the track at side ``a`` of a target
hex reaches one of its revenue centres (any track, on a hex without one), else for one lay
when the hex can take a tile with an exit at ``a``. Money: a lay pays at least the terrain
of the tile showing (the printed terrain while the hex is unlaid, always in games with
``terrain_every_lay``), and at least the game's ``min_cost``; crossing a costed border pays
it unless track already reaches it from both sides.

Every real plan gives a walk of this graph costing no more lays and no more money (a hex
laid once and passed twice is passed once, from its first entry to its last exit), so the
cheapest walk is a lower bound of both, separately. The search starts from the sides the
company's network marks (``Reach.sides``).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..advisor.lays import blocks_lay, exit_open
from ..gamedata.game import Game
from ..grid.hexgrid import opposite_edge
from ..grid.tile import NodeKind, Tile
from ..mapstate.state import MapState
from ..mapstate.upgrades import (
    COLOUR_ORDER,
    NEXT_COLOUR,
    centre_kinds,
    crossed_partition,
    special_tiles,
)

INF = float("inf")
START = 6  # the "side" of a hex's own station token: the walk starts in its city

Vertex = tuple[str, int]  # (hex, side): track arrives at the hex over that side (or START)
GOAL: Vertex = ("", -1)  # the one vertex every target hex leads to; no hex is named ""


class BackEdge(NamedTuple):
    """An edge of the relaxed graph read backwards: from ``source`` a walk reaches the vertex
    the edge is listed under, for ``lays`` lays and at least ``money``."""

    source: Vertex
    lays: int
    money: int


BackGraph = dict[Vertex, list[BackEdge]]  # vertex -> the edges arriving at it


Moves = tuple[tuple[frozenset[int], ...], frozenset[int]]


def _tile_moves(tile: Tile, rotation: int, passable: tuple[bool, ...]) -> Moves:
    """For each side ``a``: the sides the tile's track joins to ``a`` (through junctions and
    passable nodes), and the sides whose track reaches a revenue centre. Kept on the tile
    (immutable), as its connectivity is."""
    cache: dict[tuple[int, tuple[bool, ...]], Moves] = tile.__dict__.setdefault(
        "_planner_moves", {}
    )
    key = (rotation, passable)
    if key not in cache:
        cache[key] = _compute_moves(tile, rotation, passable)
    return cache[key]


def _compute_moves(tile: Tile, rotation: int, passable: tuple[bool, ...]) -> Moves:
    conn = tile.connectivity(rotation)
    moves: list[frozenset[int]] = []
    centre_sides: set[int] = set()
    centres = {n.index for n in tile.revenue_centres}
    for a in range(6):
        out: set[int] = {b for x, b in conn.edge_pairs if x == a}
        out |= {x for x, b in conn.edge_pairs if b == a}
        todo = [n for n, es in enumerate(conn.node_edges) if a in es]
        seen = set(todo)
        while todo:
            n = todo.pop()
            if n in centres:
                centre_sides.add(a)
            if not passable[n]:
                continue
            out |= conn.node_edges[n]
            for x, y in conn.node_pairs:
                for m in (y,) if x == n else (x,) if y == n else ():
                    if m not in seen:
                        seen.add(m)
                        todo.append(m)
        out.discard(a)
        moves.append(frozenset(out))
    return tuple(moves), frozenset(centre_sides)


ExitPairs = tuple[frozenset[tuple[int, int]], frozenset[int]]
# what tile_exit_pairs depends on: hex, tile showing, rotation, phase, tiles gone, counts
ExitsKey = tuple[str, str, int, str, frozenset[str], bool]
ExitsCache = dict[ExitsKey, ExitPairs]


def tile_exit_pairs(state: MapState, hex_name: str, counts: bool = True) -> ExitPairs:
    """The pairs of sides (a, b) the last tile of any sequence of lays on the hex could join
    by track (through a revenue centre or not), and the sides its track could join to a
    revenue centre (to any track, on a hex without one): a tile of a later colour the phase allows, with a copy
    left now (``counts``; copies only ever run out), the same kinds of revenue centre as the
    tile showing, keeping its track edges and the printed stubs, every exit open
    (``exit_open``), crossing no partition that blocks (``crossed_partition``), in some
    rotation."""
    game = state.game
    tile, rot = state.tile_at(hex_name)
    kept = tile.edges_at(rot) | frozenset(game.hexes[hex_name].tile.stubs)
    kinds = centre_kinds(tile)
    start = COLOUR_ORDER.index(tile.colour) if tile.colour in COLOUR_ORDER else len(COLOUR_ORDER)
    later = set(COLOUR_ORDER[start + 1 :]) & set(state.phase_colours)
    open_sides = frozenset(e for e in range(6) if exit_open(state, hex_name, e))
    pairs: set[tuple[int, int]] = set()
    singles: set[int] = set()
    for t in _placeable(game):
        if t.colour not in later or centre_kinds(t) != kinds:
            continue
        if counts:
            left = state.tiles_available(t.name)
            if left is not None and left <= 0:
                continue
        for r in range(6):
            edges = t.edges_at(r)
            if kept <= edges <= open_sides and crossed_partition(state, hex_name, t, r) is None:
                conn = t.connectivity(r)
                joined = [frozenset(p) for p in conn.edge_pairs] + list(conn.node_edges)
                for group in joined:
                    pairs.update((a, b) for a in group for b in group if a != b)
                if kinds:
                    for n in t.revenue_centres:
                        singles |= conn.node_edges[n.index]
                else:
                    singles |= edges
    return frozenset(pairs), frozenset(singles)


def _placeable(game: Game) -> tuple[Tile, ...]:
    """The game's placeable tiles, listed once (the catalogue sorts them on every call)."""
    found = game.__dict__.get("_planner_placeable")
    if found is None:
        found = game.__dict__["_planner_placeable"] = tuple(game.placeable_tiles)
    return found


def can_take_tile(state: MapState, hex_name: str) -> bool:
    """Whether some lay on the hex may still be legal in this phase (relaxed: any tile, any
    rotation, copies left or not)."""
    game = state.game
    if not game.hexes[hex_name].accepts_tiles or blocks_lay(state, hex_name):
        return False
    tile, _ = state.tile_at(hex_name)
    nxt = NEXT_COLOUR.get(tile.colour)
    if nxt is None or nxt not in state.phase_colours:
        return False
    return special_tiles(state, hex_name) != ()


def lay_money_floor(state: MapState, hex_name: str) -> int:
    """The least a lay on the hex can cost before borders and the slot's own cost."""
    rules = state.game.lay_rules
    if rules.terrain_every_lay:
        terrain = state.game.hexes[hex_name].tile.upgrade_cost
    else:
        terrain = state.tile_at(hex_name)[0].upgrade_cost
    return max(terrain, rules.min_cost)


def border_money(state: MapState, hex_name: str, edge: int) -> int:
    """What crossing the side still costs: a costed border not yet reached from both sides."""
    game = state.game
    border = game.border(hex_name, edge)
    if border is None or not border.cost:
        return 0
    other = game.neighbour(hex_name, edge)
    if other is None:
        return 0
    t, r = state.tile_at(hex_name)
    o, orot = state.tile_at(other)
    if edge in t.edges_at(r) and opposite_edge(edge) in o.edges_at(orot):
        return 0
    return border.cost


@dataclass(slots=True)
class Bounds:
    """Backward distances (lays, money) from every vertex to the target on one map, and the
    bound from the network's sides: ``lays``/``money`` (INF: no walk reaches the target)."""

    to_goal_lays: dict[Vertex, float]
    to_goal_money: dict[Vertex, float]
    lays: float
    money: float

    def at(self, hex_name: str, side: int) -> tuple[float, float]:
        key = (hex_name, side)
        return self.to_goal_lays.get(key, INF), self.to_goal_money.get(key, INF)


def relaxed_bounds(
    state: MapState,
    passable: Mapping[tuple[str, int], bool],
    sources: Mapping[str, Iterable[int]],
    targets: frozenset[str],
    token_hexes: Iterable[str] = (),
    exits_cache: ExitsCache | None = None,
    counts: bool = True,
) -> Bounds:
    """The relaxed graph of ``state`` searched backwards from the targets (module docstring);
    ``passable``: (hex, node) -> whether the company may pass it; ``sources``: hex -> the
    sides the network marks; ``token_hexes``: the hexes of its station tokens (a walk may
    start in their cities, vertex ``(hex, START)``); ``exits_cache``: ``tile_exit_pairs`` by what they depend on,
    kept between maps of one game and phase; ``counts``: copies left limit the tiles."""
    game = state.game
    cache: ExitsCache = exits_cache if exits_cache is not None else {}
    exhausted = exhausted_tiles(state) if counts else frozenset()
    back: BackGraph = {}
    for h in game.hex_order:
        tile, rot = state.tile_at(h)
        flags = tuple(passable.get((h, n.index), True) for n in tile.nodes)
        moves, centre_sides = _tile_moves(tile, rot, flags)
        layable = can_take_tile(state, h)
        floor = lay_money_floor(state, h) if layable else 0
        opened = [exit_open(state, h, e) for e in range(6)] if layable else [False] * 6
        pairs: frozenset[tuple[int, int]] = frozenset()
        singles: frozenset[int] = frozenset()
        if layable:
            key: ExitsKey = (h, tile.name, rot, state.phase, exhausted, counts)
            if key not in cache:
                cache[key] = tile_exit_pairs(state, h, counts)
            pairs, singles = cache[key]
        crossings: list[tuple[str, int, int] | None] = []
        for b in range(6):
            other = game.neighbour(h, b)
            border = game.border(h, b)
            if other is None or (border is not None and border.type == "impassable"):
                crossings.append(None)
            else:
                crossings.append((other, opposite_edge(b), border_money(state, h, b)))
        for b in range(6):
            cross = crossings[b]
            if cross is not None and opened[b] and b in singles:
                # from a station token in the hex, out by a new tile's exit
                back.setdefault((cross[0], cross[1]), []).append(
                    BackEdge((h, START), 1, floor + cross[2])
                )
        is_target = h in targets
        has_centre = bool(tile.revenue_centres)
        for a in range(6):
            here = (h, a)
            for b in range(6):
                cross = crossings[b]
                if b == a or cross is None:
                    continue
                to = (cross[0], cross[1])
                if b in moves[a]:
                    back.setdefault(to, []).append(BackEdge(here, 0, cross[2]))
                elif opened[a] and opened[b] and (a, b) in pairs:
                    back.setdefault(to, []).append(BackEdge(here, 1, floor + cross[2]))
            if is_target:
                reached = a in centre_sides if has_centre else a in tile.edges_at(rot)
                if reached:
                    back.setdefault(GOAL, []).append(BackEdge(here, 0, 0))
                elif opened[a] and a in singles:
                    back.setdefault(GOAL, []).append(BackEdge(here, 1, floor))
    lays = _dijkstra(back, by_money=False)
    money = _dijkstra(back, by_money=True)
    starts = [(h, START) for h in token_hexes]
    starts += [(h, side) for h, sides in sources.items() for side in sides]
    best_l = min((lays.get(v, INF) for v in starts), default=INF)
    best_m = min((money.get(v, INF) for v in starts), default=INF)
    return Bounds(lays, money, best_l, best_m)


def exhausted_tiles(state: MapState) -> frozenset[str]:
    """The tiles of the manifest with no copy left."""
    used = state.tiles_in_use()
    return frozenset(
        t for t, n in state.game.manifest.items() if n is not None and n - used[t] <= 0
    )


def _dijkstra(back: BackGraph, by_money: bool) -> dict[Vertex, float]:
    """The cheapest walk (in lays, or in money when ``by_money``) from every vertex to GOAL."""
    dist: dict[Vertex, float] = {GOAL: 0}
    heap: list[tuple[float, int, Vertex]] = [(0, 0, GOAL)]
    tie = 1
    while heap:
        d, _, v = heapq.heappop(heap)
        if d > dist.get(v, INF):
            continue
        for edge in back.get(v, ()):
            nd = d + (edge.money if by_money else edge.lays)
            if nd < dist.get(edge.source, INF):
                dist[edge.source] = nd
                heapq.heappush(heap, (nd, tie, edge.source))
                tie += 1
    dist.pop(GOAL)
    return dist


def centre_kind_hexes(state: MapState, kinds: tuple[NodeKind, ...]) -> list[str]:
    """The hexes (map order) whose tile showing has a node of one of ``kinds``."""
    return [
        h for h in state.game.hex_order if any(n.kind in kinds for n in state.tile_at(h)[0].nodes)
    ]
