"""The oracle's own reading of two track details of the tile codes (route_oracle.py uses it).

Parallel tracks (``lanes``)
    A path with ``lanes:N`` is N separate tracks side by side, numbered 0..N-1 clockwise
    around the hex at each edge they reach; ``a_lane:W.I`` (``b_lane``) puts a single track
    in place I of W at that end. Going across a side, a track is picked up only by the
    neighbour's track in the same physical place: counting clockwise on each hex, place I of
    W here is place W-1-I there; a set of w places faces the middle w of a wider set of W
    (here place i is place i + (W-w)//2 of the wider set counted from our own end). What a
    route uses up at a side is its place: (hex, edge, place number) on each of the two hexes.

Off-centre towns
    A town is drawn in the middle of its tile only when the tile has no city and the town is
    its one town and does not have exactly two exits, or when its code says ``loc:center``;
    with a number ``loc`` it sits toward that edge (or corner); otherwise it sits toward one
    of its own exits, the least crowded one: an edge is crowded by 1 for every track of a
    city or town reaching it and 0.1 for every one reaching a neighbouring edge, edge 0 by an
    extra 0.1 (the room for the place name), and by every city or town already placed there
    the same way; cities and towns are placed in the order of their sorted exits, each at the
    first of its exits that is least crowded. A town not in the middle lies on its track to
    the edge it sits at; its tracks to every other edge leave it over one shared stretch, so
    together the routes of a company use at most one of them (one per place, with lanes).
"""

from __future__ import annotations

from rusty_train_py.grid.tile import NodeKind


def place(spec: str | None) -> tuple[int, int]:
    """``W.I`` -> (W, I); a plain end is place 0 of 1."""
    if spec is None:
        return (1, 0)
    whole, _, tenth = spec.partition(".")
    return (int(whole), int(tenth or 0))


def path_places(opts: dict[str, str]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The tracks of one path: per track, the place (width, number) of its a and b ends."""
    if "lanes" in opts:
        n = int(opts["lanes"])
        both_edges = not opts["a"].startswith("_") and not opts["b"].startswith("_")
        return [((n, k), (n, n - 1 - k) if both_edges else (n, k)) for k in range(n)]
    return [(place(opts.get("a_lane")), place(opts.get("b_lane")))]


def faces(here: tuple[int, int], there: tuple[int, int]) -> bool:
    """Whether track in place ``here`` of one hex meets track in place ``there`` across the
    side (both counted clockwise around their own hex)."""
    (w1, i1), (w2, i2) = here, there
    if w1 == w2:
        return i1 + i2 == w1 - 1
    (ws, i_s), (wl, il) = sorted([here, there])
    return i_s + (wl - ws) // 2 + il == wl - 1


def town_sides(tile, rot: int, node_opts: list[dict[str, str]], tracks) -> dict[int, float | None]:
    """Town node -> the edge (after rotation) it is drawn at, None in the middle.

    ``tracks``: every track of the tile as (a end, b end), ends ("e", edge) or ("n", node),
    lanes repeated, in code order."""
    kinds = {n.index: n.kind for n in tile.nodes}
    cities = [i for i, k in kinds.items() if k is NodeKind.CITY]
    towns = [i for i, k in kinds.items() if k is NodeKind.TOWN]

    def loc_of(i):
        return node_opts[i].get("loc") if i < len(node_opts) else None

    exits: dict[int, list[int]] = {}
    for a, b in tracks:
        for node_end, edge_end in ((a, b), (b, a)):
            if node_end[0] == "n" and edge_end[0] == "e":
                if kinds[node_end[1]] in (NodeKind.CITY, NodeKind.TOWN):
                    exits.setdefault(node_end[1], []).append(edge_end[1])
    if not tracks:
        return {}
    lone_city = len(cities) == 1 and not towns and loc_of(cities[0]) in (None, "center")
    if lone_city:
        return {}
    if not cities and len(towns) == 1 and len(exits.get(towns[0], [])) != 2:
        if loc_of(towns[0]) in (None, "center"):
            return {towns[0]: None}
    crowd = {e: 0.0 for e in range(6)}
    crowd[0] += 0.1

    def crowd_at(e):
        crowd[e] += 1
        crowd[(e + 1) % 6] += 0.1
        crowd[(e + 5) % 6] += 0.1

    for a, b in tracks:
        for node_end, edge_end in ((a, b), (b, a)):
            if node_end[0] == "n" and edge_end[0] == "e" and node_end[1] in exits:
                crowd_at(edge_end[1])
    drawn: dict[int, float | None] = {}
    for node in sorted(exits, key=lambda n: sorted(exits[n])):
        loc = loc_of(node)
        if loc == "center":
            drawn[node] = None
        elif loc is not None:
            drawn[node] = (float(loc) + rot) % 6
        else:
            best = sorted(exits[node])[0]
            for e in sorted(exits[node]):
                if crowd[e] < crowd[best]:
                    best = e
            crowd_at(best)
            drawn[node] = float(best)
    return {n: e for n, e in drawn.items() if kinds[n] is NodeKind.TOWN}
