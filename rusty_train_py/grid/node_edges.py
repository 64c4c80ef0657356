"""Where 18xx.games draws a tile's cities and towns, and the track an off-centre town shares.

The 18xx.games engine (tobymao/18xx ``Tile#compute_city_town_edges``) draws each city and
town of a tile either in the middle or toward one edge (its *preferred edge*): toward its
``loc`` when the code gives one, in the middle for a lone city, or a lone town without
exactly two exits, else toward the least crowded of its own exits. A town drawn toward an edge
sits on the track to that edge; its track to any other edge starts with one short stretch
from the town inward, which every such path uses. So a route may use at most one of them, and
two routes of one company may not share it (``Game#check_overlap``: "Route cannot reuse
track"): a route entering the town by one of those edges cannot leave it by another. The
stretch is per lane of the town's end (parallel tracks keep their own). Cities are drawn the
same way but the engine keeps no such stretch for them.
"""

from __future__ import annotations

from .tile import Lane, NodeKind, Tile


def preferred_edges(tile: Tile, rotation: int) -> dict[int, float | None]:
    """Node index -> the edge (a corner: ``x.5``) 18xx.games draws that city or town at,
    None for the middle, with the tile turned ``rotation`` sixths; only for tiles with track
    (the engine's placements of trackless tiles decide nothing)."""
    cities = [n for n in tile.nodes if n.kind is NodeKind.CITY]
    towns = [n for n in tile.nodes if n.kind is NodeKind.TOWN]
    if not tile.paths:
        return {}

    def loc(index: int) -> float | None:
        at = tile.nodes[index].loc
        return None if at is None else (at + rotation) % 6

    if len(cities) == 1 and not towns and loc(cities[0].index) is None:
        return {cities[0].index: None}
    # the engine's Node#exits: one per lane of each path from the node to an edge
    exits = {n.index: 0 for n in towns}
    track: list[tuple[int, int]] = []  # (city or town, edge after rotation), lanes repeated
    for p in tile.paths:
        for node_end, edge_end in ((p.a, p.b), (p.b, p.a)):
            if node_end.node is None or edge_end.edge is None:
                continue
            if tile.nodes[node_end.node].kind in (NodeKind.CITY, NodeKind.TOWN):
                for _ in p.lanes:
                    track.append((node_end.node, (edge_end.edge + rotation) % 6))
                    exits[node_end.node] = exits.get(node_end.node, 0) + 1
    if not cities and len(towns) == 1 and exits[towns[0].index] != 2:
        if loc(towns[0].index) is None:
            return {towns[0].index: None}
    # edge -> how crowded: 1 for each track there, 0.1 for each on a neighbouring edge, 0.1
    # on edge 0 (room kept for the location name); the same sums in the same order as the
    # engine's, so that ties fall the same way
    crowd = [0.0] * 6
    crowd[0] += 0.1
    edges: dict[int, list[int]] = {}
    for node, edge in track:
        edges.setdefault(node, []).append(edge)
        _crowd(crowd, edge)
    out: dict[int, float | None] = {}
    for node, node_edges in sorted(edges.items(), key=lambda item: sorted(item[1])):
        n = tile.nodes[node]
        if n.loc is not None or n.centred:
            out[node] = loc(node)
            continue
        edge = min(sorted(node_edges), key=lambda e: crowd[e])
        _crowd(crowd, edge)
        out[node] = float(edge)
    return out


def _crowd(crowd: list[float], edge: int) -> None:
    crowd[edge] += 1
    crowd[(edge + 1) % 6] += 0.1
    crowd[(edge - 1) % 6] += 0.1


def town_stretches(tile: Tile, rotation: int) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
    """Per path, per lane: the off-centre town's stretch the track runs over, as (town node,
    lane index at the town), or None; with the tile turned ``rotation`` sixths."""
    at = preferred_edges(tile, rotation)
    out: list[tuple[tuple[int, int] | None, ...]] = []
    for p in tile.paths:
        per_lane: list[tuple[int, int] | None] = []
        for lane_a, lane_b in p.lanes:
            per_lane.append(_stretch(tile, at, rotation, p.a.node, p.b.edge, lane_a))
            if per_lane[-1] is None:
                per_lane[-1] = _stretch(tile, at, rotation, p.b.node, p.a.edge, lane_b)
        out.append(tuple(per_lane))
    return tuple(out)


def _stretch(
    tile: Tile,
    at: dict[int, float | None],
    rotation: int,
    node: int | None,
    edge: int | None,
    lane: Lane,
) -> tuple[int, int] | None:
    if node is None or edge is None or tile.nodes[node].kind is not NodeKind.TOWN:
        return None
    drawn = at.get(node)
    if drawn is None or drawn == (edge + rotation) % 6:
        return None
    return (node, lane[1])
