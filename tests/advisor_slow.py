"""An independent slow check of the advisor's legal lays, for its tests: every tile of the
manifest in every rotation on every hex, judged by the upgrade rules (``is_valid_upgrade``,
the most-exits rule, no track off the map or into a closed hex) and a connectivity search of
its own (a plain walk over the track, not the advisor's networkx graph)."""

from __future__ import annotations

from rusty_train_py.grid.tile import NodeKind
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.mapstate.upgrades import is_valid_upgrade

CLOSED = ("blue", "grey", "red", "empty")  # track may enter only along their own track


def slow_rule_lays(state: MapState, h: str) -> set[tuple[str, int]]:
    """(tile, rotation) for every rotation of every manifest tile the rules allow on ``h``."""
    game = state.game
    if not game.hexes[h].accepts_tiles:
        return set()
    old, _ = state.tile_at(h)
    if any(icon.blocks_lay for icon in old.icon_parts):
        return set()
    ok = {
        (t.name, r)
        for t in game.placeable_tiles
        for r in range(6)
        if is_valid_upgrade(state, h, t.name, r)
    }
    if ok and any(n.kind.value in game.upgrade_max_exits for n in old.nodes):
        most = max(len(game.tile(t).track_edges) for t, _ in ok)
        ok = {(t, r) for t, r in ok if len(game.tile(t).track_edges) == most}

    def open_side(e: int) -> bool:
        other = game.neighbour(h, e)
        if other is None:
            return False
        b = game.border(h, e)
        if b is not None and b.type == "impassable":
            return False
        printed = game.hexes[other]
        back = {(x + 3) % 6 for p in printed.tile.paths for x in p.edges}
        return printed.colour not in CLOSED or e in back

    return {(t, r) for t, r in ok if all(open_side((x + r) % 6) for x in game.tile(t).track_edges)}


def slow_sides(state: MapState, company: str) -> dict[str, set[int]]:
    """Hex -> the sides ``company``'s network reaches: walk every piece of track from its
    token cities, onward at a side into the facing hex's pieces, at a node into its other
    pieces unless the node is an off-board or a city full of other companies' tokens."""
    game = state.game
    me = game.company(company).abbrev
    neutral = {c.abbrev for c in game.companies if c.tokens_neutral}
    neutral_blocks = game.readings.get("neutral_tokens_block", False)

    def through(h: str, n: int) -> bool:
        tile, _ = state.tile_at(h)
        node = tile.nodes[n]
        if node.kind is NodeKind.OFFBOARD:
            return False
        if node.kind is not NodeKind.CITY:
            return True
        held = [state.tokens_at(h).get(s.index) for s in tile.token_spaces if s.city == n]
        if me in held or None in held:
            return True
        return not neutral_blocks and any(x in neutral for x in held)

    def ends(h: str, i: int) -> list[tuple[str, int]]:
        tile, rot = state.tile_at(h)
        p = tile.paths[i]
        return [
            ("e", (x.edge + rot) % 6) if x.edge is not None else ("n", x.node) for x in (p.a, p.b)
        ]

    def pieces_at(h: str, end: tuple[str, int]) -> list[tuple[int, int]]:
        tile, _ = state.tile_at(h)
        return [
            (i, k) for i in range(len(tile.paths)) for k, x in enumerate(ends(h, i)) if x == end
        ]

    def crossing(h: str, e: int) -> str | None:
        other = game.neighbour(h, e)
        b = game.border(h, e)
        return None if other is None or (b is not None and b.type == "impassable") else other

    sides: dict[str, set[int]] = {}
    todo = []
    for h, space, c in state.all_tokens():
        if c == me:
            sides.setdefault(h, set()).update(e for e in range(6) if game.neighbour(h, e))
            city = state.tile_at(h)[0].token_spaces[space].city
            todo += [(h, i, k) for i, k in pieces_at(h, ("n", city))]
    seen = set()
    while todo:
        h, i, k = todo.pop()
        if (h, i, k) in seen:
            continue
        seen.add((h, i, k))
        tile, _ = state.tile_at(h)
        for x in ends(h, i):
            if x[0] == "e":
                sides.setdefault(h, set()).add(x[1])
                other = crossing(h, x[1])
                if other is not None:
                    sides.setdefault(other, set()).add((x[1] + 3) % 6)
        kind, where = ends(h, i)[1 - k]
        if kind == "e":
            other = crossing(h, where)
            if other is not None:
                for j, m in pieces_at(other, ("e", (where + 3) % 6)):
                    a, b = tile.paths[i].track, state.tile_at(other)[0].paths[j].track
                    if a == b or "dual" in (a, b):
                        todo.append((other, j, m))
        elif through(h, where):
            todo += [(h, j, m) for j, m in pieces_at(h, ("n", where)) if j != i]
    return sides


def look(state: MapState, h: str, tile: str, r: int) -> tuple:
    """What a lay looks like on the map: the tile and its pieces of track (with their gauge), a
    city named by its index (its
    token spaces tell it apart), any other node by its kind, value and the sides its own
    pieces reach (two such nodes alike are interchangeable), so rotations that look the same
    compare equal."""
    t = state.game.tile(tile)
    sides: dict[int, set[int]] = {}
    for p in t.paths:
        for x, y in ((p.a, p.b), (p.b, p.a)):
            if x.node is not None and y.edge is not None:
                sides.setdefault(x.node, set()).add((y.edge + r) % 6)

    def end(x):
        if x.edge is not None:
            return ("e", (x.edge + r) % 6)
        node = t.nodes[x.node]
        if node.kind is NodeKind.CITY:
            return ("city", x.node)
        return (node.kind.value, repr(node.revenue), tuple(sorted(sides.get(x.node, ()))))

    pieces = sorted(tuple(sorted((end(p.a), end(p.b)), key=repr)) + (p.track,) for p in t.paths)
    return (tile, tuple(pieces))


def all_rule_lays(state: MapState) -> dict[str, set[tuple[str, int]]]:
    return {h: slow_rule_lays(state, h) for h in state.game.hex_order}


def slow_legal_lays(state: MapState, company: str) -> set[tuple[str, str, int]]:
    """(hex, tile, rotation) of every legal lay of ``company``, every rotation of each."""
    sides = slow_sides(state, company)
    out = set()
    for h in state.game.hex_order:
        for t, r in slow_rule_lays(state, h):
            if any((x + r) % 6 in sides.get(h, ()) for x in state.game.tile(t).track_edges):
                out.add((h, t, r))
    return out
