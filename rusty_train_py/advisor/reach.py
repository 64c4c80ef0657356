"""Where a company's track network reaches: the hex sides it may lay track to, the revenue
centres it can run to (a networkx graph of the track, searched from its station tokens).

The reading follows the 18xx.games engine (``Graph#compute``): from every city holding one of
the company's tokens, walk the track; a city full of other companies' tokens (blocked for the
company, as the route finder reads it) and an off-board are reached but never passed through.
Every piece of track walked marks the hex sides it reaches and, across each of them, the side
of the neighbouring hex; a hex holding one of the company's tokens has every side marked. A
new tile connects to the network when one of its exits is on a marked side.

The graph: one vertex per hex side that track touches (``("side", hex, edge)``), one per node
a route may pass (``("node", hex, index)``: junctions, towns, open cities, the company's
cities), and for a node a route may only end at (a blocked city, an off-board) one vertex per
piece of track reaching it (``("stop", hex, index, piece)``), so nothing passes it. Each tile
path joins its two ends; two sides facing each other across a passable border are joined.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..hexgrid import opposite_edge
from ..mapstate import MapState
from ..route.graph import build_graph
from ..tile import NodeKind

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


def track_network(state: MapState, company: str) -> nx.Graph:
    """The company's view of the map's track as an undirected networkx graph (see the module
    docstring); the vertex ``("tokens",)`` joins every city holding one of its tokens."""
    game = state.game
    passable, tokens = passable_nodes(state, company)
    g = nx.Graph()
    g.add_node(_SOURCE)
    track_sides: set[tuple[str, int]] = set()
    for h in game.hex_order:
        tile, rot = state.tile_at(h)
        for i, p in enumerate(tile.paths):
            ends: list[tuple[object, ...]] = []
            for end in (p.a, p.b):
                if end.edge is not None:
                    e = (end.edge + rot) % 6
                    track_sides.add((h, e))
                    ends.append(("side", h, e))
                elif end.node is not None and passable[(h, end.node)]:
                    ends.append(("node", h, end.node))
                else:
                    ends.append(("stop", h, end.node, i))
            g.add_edge(ends[0], ends[1])
    for h, e in sorted(track_sides, key=lambda he: (game.hexes[he[0]].coord, he[1])):
        other = game.neighbour(h, e)
        if other is None:
            continue
        border = game.border(h, e)
        if border is not None and border.type == "impassable":
            continue
        g.add_edge(("side", h, e), ("side", other, opposite_edge(e)))
    for h, n in sorted(tokens, key=lambda hn: (game.hexes[hn[0]].coord, hn[1])):
        g.add_edge(_SOURCE, ("node", h, n))
    return g


def company_reach(state: MapState, company: str) -> Reach:
    """What the network of ``company`` reaches on ``state``."""
    game = state.game
    abbrev = game.company(company).abbrev
    g = track_network(state, abbrev)
    reached = nx.node_connected_component(g, _SOURCE)
    sides: dict[str, set[int]] = {}
    centres: set[tuple[str, int]] = set()
    token_hexes: set[str] = set()
    for v in reached:
        if v[0] == "side":
            sides.setdefault(v[1], set()).add(v[2])
        elif v[0] in ("node", "stop"):
            tile, _ = state.tile_at(v[1])
            if tile.nodes[v[2]].kind is not NodeKind.JUNCTION:
                centres.add((v[1], v[2]))
    for h, _space, c in state.all_tokens():
        if c == abbrev:
            token_hexes.add(h)
            for e in range(6):
                if game.neighbour(h, e) is not None:
                    sides.setdefault(h, set()).add(e)
    return Reach(
        abbrev,
        {h: frozenset(s) for h, s in sides.items()},
        frozenset(centres),
        frozenset(token_hexes),
    )
