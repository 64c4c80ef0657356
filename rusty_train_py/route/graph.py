"""The track graph of a map for one company: revenue centres joined by corridors of track.

A *corridor* is a stretch of track from one revenue centre to the next that passes no other
revenue centre (it may pass junctions and plain track, and branch: every distinct stretch is
its own corridor). Everything a route must not reuse gets one bit in a Python int:

- every hex side crossing and every node-to-node track piece (shared track: also forbidden
  between the routes of different trains), and
- every junction, every revenue centre (and, where the game allows one stop per hex, its
  hex), every off-board group, and (where a route may not come back to a hex it left) every
  hex a route is in (forbidden only within one route).

What is data here comes from the game's ``[rules]``: one stop per hex, hex re-entry, whether
neutral tokens block. Track gauge (1849) splits corridors: between two stops the track is all
broad/dual or all narrow/dual, and each corridor counts the sides it crosses per gauge.

Node and bit numbering follows the map's hex order and each tile's declaration order, so the
graph, and every result built from it, is the same on every run.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..hexgrid import opposite_edge
from ..mapstate import MapState
from ..tile import TILE_COLOURS, NodeKind


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
    bit: int  # its within-route bits (itself, its hex where one stop per hex, its groups)
    name: str | None = None
    visit_cost: int = 1  # distance a visit uses
    columns: tuple[tuple[str, int], ...] = ()  # other revenue columns (e.g. diesel)

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
    gauge_crossings: tuple[tuple[str, int], ...] = (("broad", 0),)  # sides crossed per gauge
    a_terminal: bool = False  # leaves a on a terminal path: a must end the route
    b_terminal: bool = False  # reaches b on a terminal path: the route ends at b


@dataclass
class TrackGraph:
    centres: list[Centre]
    corridors: list[Corridor]
    adjacency: list[list[tuple[int, int]]]  # centre id -> [(corridor id, other centre id)]
    n_track_bits: int
    track_bits: int  # mask of all shared-track bits
    bit_names: list[str] = field(default_factory=list)
    icons: dict[str, dict[str, int]] = field(default_factory=dict)  # hex -> icon name -> count
    company: str | None = None  # whose tokens count (a company-scoped bonus reads it)

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
    readings = game.readings
    no_reentry = not readings.get("hex_reentry", True)

    def entered_bit(h: str) -> int:
        return 1 << bit(("e", h), f"visited {h}") if no_reentry else 0

    one_stop_per_hex = readings.get("one_stop_per_hex", True)
    neutral_block = readings.get("neutral_tokens_block", False)
    neutral = {c.abbrev for c in game.companies if c.tokens_neutral}
    phase_revenue = game.phase_revenue
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
            node_bit = 1 << bit(("c", h, node.index), f"{h}/node{node.index}")
            if no_reentry:
                node_bit |= entered_bit(h)  # its hex is visited: no route may come back
            if one_stop_per_hex:
                if hex_bit is None:
                    hex_bit = bit(("h", h), f"hex {h}")
                node_bit |= 1 << hex_bit
            for g in node.groups:
                node_bit |= 1 << bit(("g", g), f"group {g}")
            token = False
            blocked = False
            if node.kind is NodeKind.CITY:
                held = [tokens.get(sp.index) for sp in tile.token_spaces if sp.city == node.index]
                token = company_abbrev is not None and company_abbrev in held
                opened = not neutral_block and any(c in neutral for c in held)
                blocked = not token and not opened and all(c is not None for c in held)
            terminal_node = node.kind is NodeKind.OFFBOARD
            value = node.revenue.value(phase_colours)
            if h in phase_revenue and state.phase in phase_revenue[h]:
                value = phase_revenue[h][state.phase]
            columns = tuple(
                (col, v) for col, v in node.revenue.by_column if col not in TILE_COLOURS
            )
            cid = len(centres)
            centre_of[(h, node.index)] = cid
            centres.append(
                Centre(
                    id=cid,
                    hex=h,
                    node=node.index,
                    kind=node.kind.value,
                    value=value,
                    token=token,
                    blocked=blocked,
                    terminal=terminal_node,
                    bit=node_bit,
                    name=game.hexes[h].location,
                    visit_cost=getattr(node, "visit_cost", 1),
                    columns=columns,
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

    def piece(h: str, i: int):
        return tiles[h][0].paths[i]

    def walk(start: int, h: str, path_i: int, from_end, w: _Walk):
        """Follow path ``path_i`` of hex ``h`` from ``from_end`` onward, recording corridors."""
        ea, eb = tiles[h][2][path_i]
        to_end = eb if ea == from_end else ea
        p = piece(h, path_i)
        gauges = w.gauges | {p.track}
        if "broad" in gauges and "narrow" in gauges:
            return  # the gauge changes only at a station
        w = w.step((h, path_i), gauges, w.a_terminal if w.track else p.terminal)
        if ea[0] == "n" and eb[0] == "n":
            b = 1 << bit_of[("s", h, path_i)]
            if w.track_mask & b:
                return
            w = w.add(b, b)
        if to_end[0] == "n":
            n = to_end[1]
            if is_junction(h, n):
                jb = jbit(h, n)
                if w.inner_mask & jb:
                    return
                for j, (pa, pb) in enumerate(tiles[h][2]):
                    if j != path_i and (pa == to_end or pb == to_end):
                        walk(start, h, j, to_end, w.add(0, jb))
                return
            cid = centre_of[(h, n)]
            if cid == start:
                return
            corr = Corridor(
                start,
                cid,
                w.track_mask,
                w.inner_mask,
                w.track,
                w.hexes,
                w.crossings,
                tuple(sorted(w.by_gauge.items())),
                w.a_terminal,
                p.terminal,
            )
            adjacency[start].append((len(corridors), cid))
            corridors.append(corr)
            return
        e = to_end[1]
        other = crossable.get((h, e))
        if other is None:
            return
        k = crossing_key(h, e)
        b = 1 << bit_of[("x",) + k]
        if w.track_mask & b:
            return
        eb_ = entered_bit(other)
        if w.inner_mask & eb_ or (no_reentry and other == centres[start].hex):
            return  # a route visits each hex in one stretch
        oe = ("e", opposite_edge(e))
        for j, (pa, pb) in enumerate(tiles[other][2]):
            if pa == oe or pb == oe:
                gauge = _crossing_gauge(p.track, piece(other, j).track)
                walk(start, other, j, oe, w.cross(b, eb_, other, gauge))

    for c in centres:
        tile, rot, ends = tiles[c.hex]
        here = ("n", c.node)
        for i, (ea, eb) in enumerate(ends):
            if ea == here or eb == here:
                walk(c.id, c.hex, i, here, _Walk())

    icons: dict[str, dict[str, int]] = {}
    for h in hex_order:
        for icon in game.hexes[h].tile.icons:
            name = icon.rsplit("/", 1)[-1]
            icons.setdefault(h, {})
            icons[h][name] = icons[h].get(name, 0) + 1

    return TrackGraph(
        centres, corridors, adjacency, n_track_bits, track_bits, bit_names, icons, company_abbrev
    )


def _crossing_gauge(a: str, b: str) -> str:
    """The gauge of a hex side crossed between two pieces of track."""
    if "narrow" in (a, b):
        return "narrow"
    if "broad" in (a, b):
        return "broad"
    return "dual"


@dataclass(frozen=True, slots=True)
class _Walk:
    """What a corridor walk has gathered so far."""

    track_mask: int = 0
    inner_mask: int = 0
    track: tuple[tuple[str, int], ...] = ()
    hexes: tuple[str, ...] = ()
    crossings: int = 0
    gauges: frozenset[str] = frozenset()
    by_gauge_items: tuple[tuple[str, int], ...] = ()
    a_terminal: bool = False

    @property
    def by_gauge(self) -> dict[str, int]:
        return dict(self.by_gauge_items) or {"broad": 0}

    def step(self, piece, gauges, a_terminal: bool) -> _Walk:
        return replace(
            self, track=self.track + (piece,), gauges=frozenset(gauges), a_terminal=a_terminal
        )

    def add(self, track_bits: int, inner_bits: int) -> _Walk:
        return replace(
            self, track_mask=self.track_mask | track_bits, inner_mask=self.inner_mask | inner_bits
        )

    def cross(self, side_bit: int, entered_bit: int, other: str, gauge: str) -> _Walk:
        counts = dict(self.by_gauge_items)
        counts[gauge] = counts.get(gauge, 0) + 1
        return replace(
            self,
            track_mask=self.track_mask | side_bit,
            inner_mask=self.inner_mask | side_bit | entered_bit,
            hexes=self.hexes + (other,),
            crossings=self.crossings + 1,
            by_gauge_items=tuple(sorted(counts.items())),
        )
