"""The track graph of a map for one company: revenue centres joined by corridors of track.

A *corridor* is a stretch of track from one revenue centre to the next that passes no other
revenue centre (it may pass junctions and plain track, and branch: every distinct stretch is
its own corridor). Everything a route must not reuse gets one bit in a Python int:

- every hex side crossing and every node-to-node track piece (shared track: also forbidden
  between the routes of different trains), and
- every junction (unless the game's ``junction_reentry``), every revenue centre (and,
  where the game allows one stop per hex, its hex), every off-board group, and (where a
  route may not come back to a hex it left) every hex a route is in (forbidden only within
  one route).

What is data here comes from the game's ``[rules]``: one stop per hex, hex re-entry, junction
re-entry, whether neutral tokens block, whose tokens some trains pass (``tokens_passed_by``: a
city full only with them is passed by those trains and is an end for the others,
``Centre.pass_only``). Track gauge (1849) splits corridors: between two stops the track is all
broad/dual or all narrow/dual, and each corridor counts the sides it crosses per gauge.

A path of ``lanes:N`` is N tracks side by side: a side crossed in each lane is its own bit,
and a track goes on only into the track of the facing lane (18MEX's Mexico City and Puebla).
The stretch of track from an off-centre town to its other edges (grid/node_edges.py) is one
piece the paths over it share: one bit.

Node and bit numbering follows the map's hex order and each tile's declaration order, so the
graph, and every result built from it, is the same on every run.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..grid.hexgrid import opposite_edge
from ..grid.node_edges import town_stretches
from ..grid.tile import TILE_COLOURS, End, Lane, Node, NodeKind, Tile
from ..mapstate.state import MapState


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
    hex_token: bool = False  # a city of its hex holds a token of the company
    # full of other companies' tokens, passed through only by these trains (an end for others)
    pass_only: frozenset[str] = frozenset()
    extra_token: bool = False  # the company's token sits in the city's extra slot

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
    build = _GraphBuild(state, company)
    n_track_bits = build.add_track_bits()
    build.add_centres()
    build.add_corridors()
    return TrackGraph(
        build.centres,
        build.corridors,
        build.adjacency,
        n_track_bits,
        (1 << n_track_bits) - 1,
        build.bits.names,
        _icons(state),
        build.company,
    )


PathEnd = tuple[str, int]  # ("e", hex side after rotation) or ("n", node index)


@dataclass(frozen=True, slots=True)
class _Track:
    """One track of a laid tile: a path in one of its lanes, its ends after rotation."""

    path: int  # index in tile.paths
    a: PathEnd
    b: PathEnd
    lanes: tuple[Lane, Lane]
    stretch: tuple[int, int] | None  # an off-centre town's stretch it runs over

    def lane_at(self, end: PathEnd) -> Lane:
        return self.lanes[0] if end == self.a else self.lanes[1]


def _tracks(tile: Tile, rotation: int) -> list[_Track]:
    out = []
    stretches = town_stretches(tile, rotation)
    for i, p in enumerate(tile.paths):
        a, b = _rotated(p.a, rotation), _rotated(p.b, rotation)
        for lanes, stretch in zip(p.lanes, stretches[i], strict=True):
            out.append(_Track(i, a, b, lanes, stretch))
    return out


def lanes_meet(mine: Lane, other: Lane) -> bool:
    """Whether two tracks facing each other across a side are in the same lane
    (18xx.games ``Path#lane_match?``: lanes count from opposite sides of a side; of
    different widths, the narrower set is centred on the wider)."""
    if mine[0] == other[0]:
        return other[1] == mine[0] - mine[1] - 1
    small, large = sorted((mine, other))
    return small[1] + (large[0] - small[0]) // 2 == large[0] - large[1] - 1


def _rotated(end: End, rotation: int) -> PathEnd:
    if end.edge is not None:
        return ("e", (end.edge + rotation) % 6)
    if end.node is None:
        raise ValueError(f"a path end with neither a side nor a node: {end}")
    return ("n", end.node)


class _Bits:
    """Bit numbers handed out in order of first use, each with a name (``bit_names``)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.number: dict[tuple[object, ...], int] = {}

    def __call__(self, key: tuple[object, ...], name: str) -> int:
        b = self.number.get(key)
        if b is None:
            b = self.number[key] = len(self.names)
            self.names.append(name)
        return b


class _GraphBuild:
    """The stages of ``build_graph``, in order: the shared-track bits (hex sides crossed and
    node-to-node pieces, numbered first so that they are one low range), the revenue centres
    with their within-route bits, then the corridors walked from every centre."""

    def __init__(self, state: MapState, company: str | None) -> None:
        self.state = state
        self.game = game = state.game
        self.company = game.company(company).abbrev if company else None
        self.bits = _Bits()
        readings = game.readings
        self.no_reentry = not readings.get("hex_reentry", True)
        self.one_stop_per_hex = readings.get("one_stop_per_hex", True)
        self.two_stops_hexes = frozenset(readings.get("two_stops_hexes", ()))
        self.one_stop_hexes = frozenset(readings.get("one_stop_hexes", ()))
        self.neutral_block = readings.get("neutral_tokens_block", False)
        self.junction_reentry = readings.get("junction_reentry", False)
        self.neutral = {c.abbrev for c in game.companies if c.tokens_neutral}
        self.passed_by: dict[str, tuple[str, ...]] = dict(readings.get("tokens_passed_by", ()))
        self.phase_colours = state.phase_colours
        # every laid tile (or printed hex) with its tracks (paths by lane), ends rotated
        self.tiles: dict[str, tuple[Tile, list[_Track]]] = {}
        for h in game.hex_order:
            tile, rot = state.tile_at(h)
            self.tiles[h] = (tile, _tracks(tile, rot))
        self.crossable = self._crossable_sides()
        self.centres: list[Centre] = []
        self.centre_of: dict[tuple[str, int], int] = {}
        self.corridors: list[Corridor] = []
        self.adjacency: list[list[tuple[int, int]]] = []

    def _crossable_sides(self) -> dict[tuple[str, int], str]:
        """(hex, side) -> the hex across, where both have track on the side and no
        impassable border lies between them."""
        game = self.game
        crossable: dict[tuple[str, int], str] = {}
        for h in game.hex_order:
            tracks = self.tiles[h][1]
            my_edges = {end[1] for t in tracks for end in (t.a, t.b) if end[0] == "e"}
            for e in sorted(my_edges):
                other = game.neighbour(h, e)
                if other is None:
                    continue
                oe = opposite_edge(e)
                if not any(("e", oe) in (t.a, t.b) for t in self.tiles[other][1]):
                    continue
                border = game.border(h, e)
                if border is not None and border.type == "impassable":
                    continue
                crossable[(h, e)] = other
        return crossable

    def crossing_key(self, h: str, e: int) -> tuple[str, int]:
        """The side ``e`` of ``h`` named from the hex first in map order (one name a side)."""
        other = self.crossable[(h, e)]
        a, b = (h, e), (other, opposite_edge(e))
        return min(a, b, key=lambda t: (self.game.hexes[t[0]].coord, t[1]))

    def lanes_at(self, h: str, e: int) -> list[Lane]:
        """The lanes of the tracks of ``h`` at side ``e``, each once, in order."""
        out: list[Lane] = []
        for t in self.tiles[h][1]:
            for end in (t.a, t.b):
                if end == ("e", e) and t.lane_at(end) not in out:
                    out.append(t.lane_at(end))
        return sorted(out)

    def add_track_bits(self) -> int:
        """Number the shared-track bits; returns how many there are."""
        for h in self.game.hex_order:
            for e in range(6):
                if (h, e) in self.crossable:
                    k = self.crossing_key(h, e)
                    for width, i in self.lanes_at(*k):
                        in_lane = f":{i}" if width > 1 else ""
                        self.bits(("x", *k, i), f"{k[0]}.{k[1]}{in_lane}")
        for h in self.game.hex_order:
            for i, t in enumerate(self.tiles[h][1]):
                if t.a[0] == "n" and t.b[0] == "n":
                    self.bits(("s", h, i), f"{h}/path{t.path}")
        for h in self.game.hex_order:
            stretches = [t.stretch for t in self.tiles[h][1] if t.stretch is not None]
            for town, lane in sorted(set(stretches)):
                if stretches.count((town, lane)) > 1:  # one path over it: its side is its bit
                    self.bits(("t", h, town, lane), f"{h}/town{town}" + f":{lane}" * (lane > 0))
        return len(self.bits.names)

    def entered_bit(self, h: str) -> int:
        """The bit of being in hex ``h`` (where a route may not come back to a hex)."""
        return 1 << self.bits(("e", h), f"visited {h}") if self.no_reentry else 0

    def add_centres(self) -> None:
        """Every revenue centre of the map, in map order, with its within-route bits."""
        for h in self.game.hex_order:
            tile = self.tiles[h][0]
            hex_bit = None
            one_per_hex = self.one_stop_per_hex is True or (
                self.one_stop_per_hex == "cities"
                and not any(n.kind is NodeKind.TOWN for n in tile.nodes)
            )
            for node in tile.nodes:
                if node.kind is NodeKind.JUNCTION:
                    continue
                node_bit = 1 << self.bits(("c", h, node.index), f"{h}/node{node.index}")
                if self.no_reentry:
                    node_bit |= self.entered_bit(h)  # its hex is visited: no coming back
                if (one_per_hex and h not in self.two_stops_hexes) or h in self.one_stop_hexes:
                    if hex_bit is None:
                        hex_bit = self.bits(("h", h), f"hex {h}")
                    node_bit |= 1 << hex_bit
                for g in node.groups:
                    node_bit |= 1 << self.bits(("g", g), f"group {g}")
                self._add_centre(h, tile, node, node_bit)
        tokened = {c.hex for c in self.centres if c.token}
        self.centres = [replace(c, hex_token=c.hex in tokened) for c in self.centres]
        self.adjacency = [[] for _ in self.centres]

    def _add_centre(self, h: str, tile: Tile, node: Node, node_bit: int) -> None:
        game, state = self.game, self.state
        token = blocked = extra_token = False
        pass_only: frozenset[str] = frozenset()
        if node.kind is NodeKind.CITY:
            tokens = state.tokens_at(h)
            held = [tokens.get(sp.index) for sp in tile.token_spaces if sp.city == node.index]
            token = self.company is not None and self.company in held
            if self.company is not None:  # its token in the city's extra slot
                city = [n.index for n in tile.cities].index(node.index)
                extra_token = (city, self.company) in state.extra_tokens_at(h)
                token = token or extra_token
            opened = not self.neutral_block and any(c in self.neutral for c in held)
            blocked = not token and not opened and all(c is not None for c in held)
            if blocked:  # trains passing some holder's tokens pass it (18SJ's E and SJ)
                pass_only = frozenset(t for c in held for t in self.passed_by.get(str(c), ()))
                blocked = not pass_only
        value = node.revenue.value(self.phase_colours)
        phase_revenue = game.phase_revenue
        if h in phase_revenue and state.phase in phase_revenue[h]:
            value = phase_revenue[h][state.phase]
        columns = tuple((col, v) for col, v in node.revenue.by_column if col not in TILE_COLOURS)
        cid = len(self.centres)
        self.centre_of[(h, node.index)] = cid
        self.centres.append(
            Centre(
                id=cid,
                hex=h,
                node=node.index,
                kind=node.kind.value,
                value=value,
                token=token,
                blocked=blocked,
                terminal=node.kind is NodeKind.OFFBOARD,
                bit=node_bit,
                name=game.hexes[h].location,
                visit_cost=node.visit_cost,
                columns=columns,
                pass_only=pass_only,
                extra_token=extra_token,
            )
        )

    def add_corridors(self) -> None:
        """Walk from every centre along each of its paths, recording corridors."""
        for c in self.centres:
            here = ("n", c.node)
            for i, t in enumerate(self.tiles[c.hex][1]):
                if here in (t.a, t.b):
                    self.walk(c.id, c.hex, i, here, _Walk())

    def junction_bit(self, h: str, n: int) -> int:
        return 1 << self.bits(("j", h, n), f"{h}/junction{n}")

    def walk(self, start: int, h: str, track_i: int, from_end: PathEnd, w: _Walk) -> None:
        """Follow track ``track_i`` of hex ``h`` from ``from_end`` onward, recording
        corridors."""
        tile, tracks = self.tiles[h]
        t = tracks[track_i]
        ea, eb = t.a, t.b
        to_end = eb if ea == from_end else ea
        p = tile.paths[t.path]
        gauges = w.gauges | {p.track}
        if "broad" in gauges and "narrow" in gauges:
            return  # the gauge changes only at a station
        w = w.step((h, t.path), gauges, w.a_terminal if w.track else p.terminal)
        pieces: list[tuple[object, ...]] = []
        if ea[0] == "n" and eb[0] == "n":
            pieces.append(("s", h, track_i))
        if t.stretch is not None:
            pieces.append(("t", h, *t.stretch))
        for key in pieces:
            if key not in self.bits.number:
                continue  # the only path over an off-centre town's stretch
            b = 1 << self.bits.number[key]
            if w.track_mask & b:
                return
            w = w.add(b, b)
        if to_end[0] == "e":
            self._cross(start, h, to_end[1], p.track, t.lane_at(to_end), w)
            return
        n = to_end[1]
        if tile.nodes[n].kind is NodeKind.JUNCTION:
            # passed once per route, unless the game lets a route pass it again on other
            # paths (its side crossings keep each path to one use)
            jb = 0 if self.junction_reentry else self.junction_bit(h, n)
            if w.inner_mask & jb:
                return
            for j, other in enumerate(tracks):
                if j != track_i and to_end in (other.a, other.b):
                    self.walk(start, h, j, to_end, w.add(0, jb))
            return
        cid = self.centre_of[(h, n)]
        if cid == start:
            return
        corridor = Corridor(
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
        self.adjacency[start].append((len(self.corridors), cid))
        self.corridors.append(corridor)

    def _cross(self, start: int, h: str, e: int, track: str, lane: Lane, w: _Walk) -> None:
        """Go on across side ``e`` of ``h`` (in ``lane``) into the track of the hex there."""
        other = self.crossable.get((h, e))
        if other is None:
            return
        eb_ = self.entered_bit(other)
        if w.inner_mask & eb_ or (self.no_reentry and other == self.centres[start].hex):
            return  # a route visits each hex in one stretch
        oe = ("e", opposite_edge(e))
        key = self.crossing_key(h, e)
        other_tile, other_tracks = self.tiles[other]
        for j, t in enumerate(other_tracks):
            if oe not in (t.a, t.b) or not lanes_meet(lane, t.lane_at(oe)):
                continue
            # the side in the lane of the hex that names it
            b = 1 << self.bits.number[("x", *key, (lane if key == (h, e) else t.lane_at(oe))[1])]
            if w.track_mask & b:
                continue
            gauge = _crossing_gauge(track, other_tile.paths[t.path].track)
            self.walk(start, other, j, oe, w.cross(b, eb_, other, gauge))


def _icons(state: MapState) -> dict[str, dict[str, int]]:
    """Hex -> icon name -> how many of it the printed hex shows."""
    game = state.game
    icons: dict[str, dict[str, int]] = {}
    for h in game.hex_order:
        for icon in game.hexes[h].tile.icons:
            name = icon.rsplit("/", 1)[-1]
            icons.setdefault(h, {})
            icons[h][name] = icons[h].get(name, 0) + 1
    return icons


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

    def step(self, piece: tuple[str, int], gauges: frozenset[str], a_terminal: bool) -> _Walk:
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
