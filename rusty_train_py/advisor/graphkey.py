"""What a company's trains can use of a map, as one comparable value (a *graph key*).

The route finder's optimum depends only on the part of the company's track graph that some
path of its trains can use: the revenue centres there (kind, value, token, blocked, terminal,
the bits a route may not take twice, visit cost, other revenue columns, a token elsewhere on
the hex, the trains that alone may pass it) and the corridors
between them (the pieces of track and junctions they use, named, their hexes, sides crossed
and terminal ends). Two maps with the same key give the same optimum, so a tile lay whose key
equals the map's own cannot change the revenue, and lays with equal keys share one search.

"Can use" is read generously, so the key never leaves out what a path could take: the
centres and corridors within reach of the company's tokens, passing only centres a route
may pass (a token, or neither blocked nor an off-board), and, when every train has a distance
limit, only what some train could reach within its limit from a token (each train's distance
measure, a shortest-distance search; distances never decrease along a path).

Bits are named by what they stand for (``E15.2`` a hex side, ``H14/path3`` a piece of track,
``hex F16``), never by their number, which shifts when a lay adds track elsewhere.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from ..gamedata.game import TrainType
from ..mapstate.state import MapState
from ..route.graph import TrackGraph, build_graph

# (centres, corridors): each a sorted tuple of plain values (see graph_key)
GraphKey = tuple[tuple[tuple[object, ...], ...], tuple[tuple[object, ...], ...]]
Measure = tuple[tuple[int, ...], tuple[int, ...], int | None]


def _names(graph: TrackGraph, mask: int) -> tuple[str, ...]:
    names = graph.bit_names
    out = []
    while mask:
        low = mask & -mask
        out.append(names[low.bit_length() - 1])
        mask ^= low
    return tuple(sorted(out))


def _measures(train_types: Sequence[TrainType], graph: TrackGraph) -> list[Measure]:
    """Each distinct distance measure of the trains: (centre costs, corridor costs, limit)."""
    out: dict[tuple[tuple[int, ...], tuple[int, ...]], Measure] = {}
    for t in train_types:
        kind, p = t.kind, t.params
        cc = tuple(kind.centre_cost(p, c) for c in graph.centres)
        kc = tuple(kind.corridor_cost(p, k) for k in graph.corridors)
        key = (cc, kc)
        limit = kind.limit(p)
        if key in out:
            old = out[key][2]
            limit = None if old is None or limit is None else max(old, limit)
        out[key] = (cc, kc, limit)
    return list(out.values())


def usable(graph: TrackGraph, train_types: Sequence[TrainType]) -> tuple[set[int], set[int]]:
    """The centres and corridors (ids) some path of the trains could use: every corridor a
    path takes is taken away from its token, so it is one some measure's shortest-distance
    search from the tokens takes within the limit."""
    centres = graph.centres
    tokens = graph.tokens()
    passable = [c.token or not (c.terminal or c.blocked) for c in centres]
    corr_ok: set[int] = set()
    for cc, kc, limit in _measures(train_types, graph):
        dist = {t: cc[t] for t in tokens}
        heap = [(cc[t], t) for t in tokens]
        heapq.heapify(heap)
        done: set[int] = set()
        while heap:
            d, u = heapq.heappop(heap)
            if u in done:
                continue
            done.add(u)
            if not passable[u]:
                continue
            for k, v in graph.adjacency[u]:
                d2 = d + kc[k] + cc[v]
                if limit is not None and d2 > limit:
                    continue
                corr_ok.add(k)
                if d2 < dist.get(v, d2 + 1):
                    dist[v] = d2
                    heapq.heappush(heap, (d2, v))
    used = set(tokens)
    for i in corr_ok:
        used.add(graph.corridors[i].a)
        used.add(graph.corridors[i].b)
    return used, corr_ok


def graph_key(
    state: MapState, company: str, train_types: Sequence[TrainType], graph: TrackGraph | None = None
) -> GraphKey:
    """The key of what ``company``'s trains can use on ``state`` (see the module docstring)."""
    graph = graph if graph is not None else build_graph(state, company)
    cids, kids = usable(graph, train_types)
    centres = graph.centres

    def where(cid: int) -> tuple[str, int]:
        return centres[cid].hex, centres[cid].node

    ckey = tuple(
        sorted(
            (
                c.hex,
                c.node,
                c.kind,
                c.value,
                c.token,
                c.blocked,
                c.terminal,
                _names(graph, c.bit),
                c.visit_cost,
                c.columns,
                c.hex_token,
                c.pass_only,
            )
            for c in (centres[i] for i in cids)
        )
    )
    kkey = tuple(
        sorted(
            (
                where(k.a),
                where(k.b),
                _names(graph, k.track_mask),
                _names(graph, k.inner_mask),
                k.hexes,
                k.crossings,
                k.gauge_crossings,
                k.a_terminal,
                k.b_terminal,
            )
            for k in (graph.corridors[i] for i in kids)
        )
    )
    return (ckey, kkey)
