"""The track graph of a map for one company: revenue centres joined by corridors of track.

A *corridor* is a stretch of track from one revenue centre to the next that passes no other
revenue centre (it may pass junctions and plain track, and branch: every distinct stretch is
its own corridor). Everything a route must not reuse gets one bit in a Python int:

- every hex side crossing and every node-to-node track piece (shared track: also forbidden
  between the routes of different trains), and
- every junction, every hex holding a revenue centre, and every off-board group (forbidden
  only within one route).

Node and bit numbering follows the map's hex order and each tile's declaration order, so the
graph, and every result built from it, is the same on every run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hexgrid import opposite_edge
from ..mapstate import MapState
from ..tile import NodeKind


@dataclass(frozen=True, slots=True)
class Centre:
    """A revenue centre of the map (city, town or off-board)."""

    id: int
    hex: str
    node: int  # index of the node on its tile
    kind: str  # "city" | "town" | "offboard"
    value: int  # revenue in the current phase
    token: bool  # holds a token of the company
    blocked: bool  # full of other companies' tokens: an end, never passed through
    terminal: bool  # off-board: an end only
    bit: int  # the within-route bit of its hex (and group)
    name: str | None = None

    @property
    def is_major(self) -> bool:
        """Cities and off-boards (what 1861/1867 trains count), as opposed to towns."""
        return self.kind != "town"


@dataclass(frozen=True, slots=True)
class Corridor:
    """Track from centre ``a`` to centre ``b`` passing no other revenue centre."""

    a: int
    b: int
    track_mask: int  # crossings and node-to-node pieces (shared-track conflicts)
    inner_mask: int  # plus junctions (within-route conflicts)
    track: tuple[tuple[str, int], ...]  # (hex, tile path index) pieces from a to b
    hexes: tuple[str, ...]  # hexes entered after leaving a's hex, in order (b's hex last)
    crossings: int


@dataclass
class TrackGraph:
    centres: list[Centre]
    corridors: list[Corridor]
    adjacency: list[list[tuple[int, int]]]  # centre id -> [(corridor id, other centre id)]
    n_track_bits: int
    track_bits: int  # mask of all shared-track bits
    bit_names: list[str] = field(default_factory=list)

    def tokens(self) -> list[int]:
        return [c.id for c in self.centres if c.token]


def build_graph(state: MapState, company: str | None) -> TrackGraph:
    """Build the track graph of ``state`` as seen by ``company`` (None: no tokens count)."""
    game = state.game
    phase_colours = state.phase_colours
    hex_order = game.hex_order

    bit_names: list[str] = []
    bit_of: dict[object, int] = {}

    def bit(key: object, name: str) -> int:
        b = bit_of.get(key)
        if b is None:
            b = len(bit_names)
            bit_of[key] = b
            bit_names.append(name)
        return b

    # Pass 1: tiles as laid, with rotated path ends; shared-track bits first so that the
    # shared-track mask is one contiguous low range.
    tiles = {}
    for h in hex_order:
        tile, rot = state.tile_at(h)
        ends = []
        for p in tile.paths:
            ea = ("e", (p.a.edge + rot) % 6) if p.a.edge is not None else ("n", p.a.node)
            eb = ("e", (p.b.edge + rot) % 6) if p.b.edge is not None else ("n", p.b.node)
            ends.append((ea, eb))
        tiles[h] = (tile, rot, ends)

    def crossing_key(h: str, e: int):
        other = game.neighbour(h, e)
        if other is None:
            return None
        a, b = (h, e), (other, opposite_edge(e))
        return min(a, b, key=lambda t: (game.hexes[t[0]].coord, t[1]))

    # Which sides can be crossed: both hexes have track on the shared side, no impassable border.
    crossable: dict[tuple[str, int], str] = {}
    for h in hex_order:
        tile, rot, ends = tiles[h]
        my_edges = {end[1] for pair in ends for end in pair if end[0] == "e"}
        for e in sorted(my_edges):
            other = game.neighbour(h, e)
            if other is None:
                continue
            o_ends = tiles[other][2]
            oe = opposite_edge(e)
            if not any(end == ("e", oe) for pair in o_ends for end in pair):
                continue
            border = game.border(h, e)
            if border is not None and border.type == "impassable":
                continue
            crossable[(h, e)] = other
    for h in hex_order:
        for e in range(6):
            if (h, e) in crossable:
                k = crossing_key(h, e)
                bit(("x",) + k, f"{k[0]}.{k[1]}")
    for h in hex_order:
        tile, rot, ends = tiles[h]
        for i, (ea, eb) in enumerate(ends):
            if ea[0] == "n" and eb[0] == "n":
                bit(("s", h, i), f"{h}/path{i}")
    n_track_bits = len(bit_names)
    track_bits = (1 << n_track_bits) - 1

    # Revenue centres.
    centres: list[Centre] = []
    centre_of: dict[tuple[str, int], int] = {}
    company_abbrev = game.company(company).abbrev if company else None
    for h in hex_order:
        tile, rot, ends = tiles[h]
        tokens = state.tokens_at(h)
        hex_bit = None
        for node in tile.nodes:
            if node.kind is NodeKind.JUNCTION:
                continue
            if hex_bit is None:
                hex_bit = bit(("h", h), f"hex {h}")
            node_bit = 1 << hex_bit
            for g in node.groups:
                node_bit |= 1 << bit(("g", g), f"group {g}")
            token = False
            blocked = False
            if node.kind is NodeKind.CITY:
                held = [tokens.get(sp.index) for sp in tile.token_spaces if sp.city == node.index]
                token = company_abbrev is not None and company_abbrev in held
                blocked = not token and all(c is not None for c in held)
            cid = len(centres)
            centre_of[(h, node.index)] = cid
            centres.append(
                Centre(
                    id=cid,
                    hex=h,
                    node=node.index,
                    kind=node.kind.value,
                    value=node.revenue.value(phase_colours),
                    token=token,
                    blocked=blocked,
                    terminal=node.kind is NodeKind.OFFBOARD,
                    bit=node_bit,
                    name=game.hexes[h].location,
                )
            )

    # Corridors: walk from every centre along each of its paths.
    corridors: list[Corridor] = []
    adjacency: list[list[tuple[int, int]]] = [[] for _ in centres]
    junction_bit: dict[tuple[str, int], int] = {}

    def jbit(h: str, n: int) -> int:
        if (h, n) not in junction_bit:
            junction_bit[(h, n)] = bit(("j", h, n), f"{h}/junction{n}")
        return 1 << junction_bit[(h, n)]

    def is_junction(h: str, n: int) -> bool:
        return tiles[h][0].nodes[n].kind is NodeKind.JUNCTION

    def walk(
        start: int, h: str, path_i: int, from_end, track_mask, inner_mask, track, hexes, crossings
    ):
        """Follow path ``path_i`` of hex ``h`` from ``from_end`` onward, recording corridors."""
        ea, eb = tiles[h][2][path_i]
        to_end = eb if ea == from_end else ea
        track = track + ((h, path_i),)
        if ea[0] == "n" and eb[0] == "n":
            b = 1 << bit_of[("s", h, path_i)]
            if track_mask & b:
                return
            track_mask |= b
            inner_mask |= b
        if to_end[0] == "n":
            n = to_end[1]
            if is_junction(h, n):
                jb = jbit(h, n)
                if inner_mask & jb:
                    return
                for j, (pa, pb) in enumerate(tiles[h][2]):
                    if j != path_i and (pa == to_end or pb == to_end):
                        walk(
                            start,
                            h,
                            j,
                            to_end,
                            track_mask,
                            inner_mask | jb,
                            track,
                            hexes,
                            crossings,
                        )
                return
            cid = centre_of[(h, n)]
            if cid == start:
                return
            corr = Corridor(start, cid, track_mask, inner_mask, track, hexes, crossings)
            adjacency[start].append((len(corridors), cid))
            corridors.append(corr)
            return
        e = to_end[1]
        other = crossable.get((h, e))
        if other is None:
            return
        k = crossing_key(h, e)
        b = 1 << bit_of[("x",) + k]
        if track_mask & b:
            return
        oe = ("e", opposite_edge(e))
        for j, (pa, pb) in enumerate(tiles[other][2]):
            if pa == oe or pb == oe:
                walk(
                    start,
                    other,
                    j,
                    oe,
                    track_mask | b,
                    inner_mask | b,
                    track,
                    hexes + (other,),
                    crossings + 1,
                )

    for c in centres:
        tile, rot, ends = tiles[c.hex]
        here = ("n", c.node)
        for i, (ea, eb) in enumerate(ends):
            if ea == here or eb == here:
                walk(c.id, c.hex, i, here, 0, 0, (), (), 0)

    return TrackGraph(centres, corridors, adjacency, n_track_bits, track_bits, bit_names)
