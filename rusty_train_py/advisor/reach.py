"""Where a company's track network reaches: the hex sides it may lay track to, the revenue
centres it can run to (a networkx graph of the track, searched from its station tokens).

The reading follows the 18xx.games engine (``Graph#compute`` and ``Path#walk``): from every
city holding one of the company's tokens, walk the track. A walk along a piece of track goes
on, at a hex side, into the pieces of the neighbouring hex that meet that side (never back
into its own hex: a train does not reverse at a hex side), across no impassable border and
only onto track of a matching gauge (dual meets both); at a node it goes on into the node's
other pieces, unless the node is a city full of other companies' tokens (blocked for the
company, as the route finder reads it) or an off-board: those are reached, never passed.
Every piece walked marks the sides it reaches and, across each of them, the side of the
neighbouring hex; a hex holding one of the company's tokens has every side marked. A new tile
connects to the network when one of its exits is on a marked side.

The graph is directed: a vertex ``(hex, piece, end)`` is the walk along piece ``piece`` of the
hex's tile entered at its end ``end`` (0: ``a``, 1: ``b``); the vertex ``("tokens",)`` leads to
every piece leaving a city that holds one of the company's tokens.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..grid.hexgrid import opposite_edge
from ..grid.tile import End, NodeKind, Tile
from ..mapstate.state import MapState
from ..route.graph import build_graph

_SOURCE = ("tokens",)


@dataclass(frozen=True, slots=True)
class Reach:
    """What a company's network reaches on one map.

    ``sides``: hex -> the sides new track may connect to; ``centres``: the (hex, node) revenue
    centres the network reaches (blocked cities and off-boards included, as ends);
    ``token_hexes``: the hexes holding one of its tokens.
    """

    company: str
    sides: dict[str, frozenset[int]]
    centres: frozenset[tuple[str, int]]
    token_hexes: frozenset[str]

    def connects(self, hex_name: str, exits: frozenset[int]) -> bool:
        """Whether a tile with these exits on ``hex_name`` connects to the network."""
        return not exits.isdisjoint(self.sides.get(hex_name, ()))

    @property
    def hexes(self) -> frozenset[str]:
        """The hexes where the company may lay track (some side marked)."""
        return frozenset(h for h, s in self.sides.items() if s)


def passable_nodes(
    state: MapState, company: str
) -> tuple[dict[tuple[str, int], bool], set[tuple[str, int]]]:
    """(hex, node) -> whether a route of ``company`` may pass the node, for every node of the
    map; and the (hex, node) cities holding the company's tokens. Blocking is read from the
    route finder's graph, so both agree on which city is full."""
    graph = build_graph(state, company)
    flags = {(c.hex, c.node): c for c in graph.centres}
    passable: dict[tuple[str, int], bool] = {}
    tokens: set[tuple[str, int]] = set()
    for h in state.game.hex_order:
        tile, _ = state.tile_at(h)
        for node in tile.nodes:
            if node.kind is NodeKind.JUNCTION:
                passable[(h, node.index)] = True
                continue
            c = flags[(h, node.index)]
            passable[(h, node.index)] = c.token or not (c.blocked or c.terminal)
            if c.token:
                tokens.add((h, node.index))
    return passable, tokens


def _gauges_meet(a: str, b: str) -> bool:
    return a == b or "dual" in (a, b)


def _edge_of(end: End, rotation: int) -> int | None:
    return None if end.edge is None else (end.edge + rotation) % 6


def track_network(state: MapState, company: str) -> nx.DiGraph:
    """The company's walks along the map's track as a directed networkx graph (see the
    module docstring)."""
    game = state.game
    passable, tokens = passable_nodes(state, company)
    tiles: dict[str, tuple[Tile, int]] = {h: state.tile_at(h) for h in game.hex_order}
    # (hex, side) -> [(piece, end)] and (hex, node) -> [(piece, end)]: the pieces meeting there
    at_side: dict[tuple[str, int], list[tuple[int, int]]] = {}
    at_node: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for h, (tile, rot) in tiles.items():
        for i, p in enumerate(tile.paths):
            for n, end in enumerate((p.a, p.b)):
                e = _edge_of(end, rot)
                if e is not None:
                    at_side.setdefault((h, e), []).append((i, n))
                elif end.node is not None:
                    at_node.setdefault((h, end.node), []).append((i, n))
    g = nx.DiGraph()
    g.add_node(_SOURCE)
    for h, (tile, rot) in tiles.items():
        for i, p in enumerate(tile.paths):
            for n in (0, 1):
                here = (h, i, n)
                g.add_node(here)
                out = (p.b, p.a)[n]  # the end the walk leaves by
                e = _edge_of(out, rot)
                if e is not None:
                    other = game.neighbour(h, e)
                    border = game.border(h, e)
                    if other is None or (border is not None and border.type == "impassable"):
                        continue
                    o_tile = tiles[other][0]
                    for j, m in at_side.get((other, opposite_edge(e)), ()):
                        if _gauges_meet(p.track, o_tile.paths[j].track):
                            g.add_edge(here, (other, j, m))
                elif out.node is not None and passable[(h, out.node)]:
                    for j, m in at_node.get((h, out.node), ()):
                        if j != i:
                            g.add_edge(here, (h, j, m))
    for h, node in sorted(tokens, key=lambda hn: (game.hexes[hn[0]].coord, hn[1])):
        for j, m in at_node.get((h, node), ()):
            g.add_edge(_SOURCE, (h, j, m))
    return g


def company_reach(state: MapState, company: str) -> Reach:
    """What the network of ``company`` reaches on ``state``."""
    game = state.game
    abbrev = game.company(company).abbrev
    g = track_network(state, abbrev)
    sides: dict[str, set[int]] = {}
    centres: set[tuple[str, int]] = set()
    for v in nx.descendants(g, _SOURCE):
        h, i = v[0], v[1]
        tile, rot = state.tile_at(h)
        p = tile.paths[i]
        for end in (p.a, p.b):
            e = _edge_of(end, rot)
            if e is not None:
                sides.setdefault(h, set()).add(e)
                other = game.neighbour(h, e)
                border = game.border(h, e)
                if other is not None and (border is None or border.type != "impassable"):
                    sides.setdefault(other, set()).add(opposite_edge(e))
            elif end.node is not None and tile.nodes[end.node].kind is not NodeKind.JUNCTION:
                centres.add((h, end.node))
    token_hexes: set[str] = set()
    held = [(h, state.tile_at(h)[0].token_spaces[s].city, c) for h, s, c in state.all_tokens()]
    held += [(h, state.tile_at(h)[0].cities[k].index, c) for h, k, c in state.all_extra_tokens()]
    for h, node, c in held:
        if c == abbrev:
            token_hexes.add(h)
            centres.add((h, node))
            for e in range(6):
                if game.neighbour(h, e) is not None:
                    sides.setdefault(h, set()).add(e)
    return Reach(
        abbrev,
        {h: frozenset(s) for h, s in sides.items()},
        frozenset(centres),
        frozenset(token_hexes),
    )
