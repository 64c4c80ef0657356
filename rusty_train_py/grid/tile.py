"""Tiles: revenue centres (cities, towns, off-boards, junctions), track paths and labels.

A tile is parsed from the tile notation of the largest online 18xx platform (parts separated
by ``;``, e.g. ``city=revenue:20;path=a:0,b:_0;path=a:_0,b:3``). Connectivity under a
rotation is computed from the parsed paths, never typed by hand.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from ..base.errors import DataError
from .partitions import Partition

# Map hex colours; "empty" is a hex of the grid with nothing on it (not drawn, takes no tile).
COLOURS: tuple[str, ...] = ("white", "yellow", "green", "brown", "grey", "red", "blue", "empty")
TILE_COLOURS: tuple[str, ...] = (
    "yellow",
    "green",
    "brown",
    "grey",
)  # colours of tiles players lay, in order
# Colours of tiles only a private company lays, on a printed hex of that colour (1888's
# ferries and Terracotta); never an upgrade players choose.
SPECIAL_TILE_COLOURS: tuple[str, ...] = ("red", "blue")


def own_colour_lay_allowed(colour: str) -> bool:
    """Whether a tile of ``colour`` may go on a printed hex of the same colour that takes
    no player's tiles: only the special colours (red, blue: 1888's, 1822MX's sea), never a
    grey tile on a grey hex."""
    return colour in SPECIAL_TILE_COLOURS


COLOUR_ALIASES = {"gray": "grey", "sepia": "grey", "purple": "grey"}
# Drawing-only parts we accept and keep but do not interpret.
ROUTE_OPTIONS = ("mandatory", "optional", "never")  # node option route:
TRACK_GAUGES = ("broad", "narrow", "dual")  # path option track:
IGNORED_PARTS = frozenset({"frame", "stripes", "pass", "halt", "assignment"})


class TileDataError(DataError):
    """Bad tile data; the message names the tile (and file and line when known)."""


def normalise_colour(name: str) -> str:
    c = name.strip().lower()
    return COLOUR_ALIASES.get(c, c)


class NodeKind(Enum):
    CITY = "city"
    TOWN = "town"
    OFFBOARD = "offboard"
    JUNCTION = "junction"


@dataclass(frozen=True, slots=True)
class Revenue:
    """A fixed revenue, or revenues by phase column (``yellow_20|brown_40``)."""

    fixed: int = 0
    by_column: tuple[tuple[str, int], ...] = ()

    @property
    def is_phased(self) -> bool:
        return bool(self.by_column)

    def value(self, phase_colours: tuple[str, ...] = TILE_COLOURS) -> int:
        """The revenue in a phase allowing ``phase_colours``: the most advanced colour listed."""
        if not self.by_column:
            return self.fixed
        columns = dict(self.by_column)
        for colour in reversed(phase_colours):
            if colour in columns:
                return columns[colour]
        # Before any listed colour is allowed: the first column.
        return self.by_column[0][1]

    def column(self, name: str) -> int | None:
        return dict(self.by_column).get(name)

    @property
    def max_value(self) -> int:
        return max((v for _, v in self.by_column), default=self.fixed)


@dataclass(frozen=True, slots=True)
class Node:
    """A city, town, off-board or junction on a tile, numbered in declaration order."""

    index: int
    kind: NodeKind
    revenue: Revenue = Revenue()
    slots: int = 0
    groups: tuple[str, ...] = ()
    hidden: bool = False
    loc: float | None = None
    centred: bool = False  # ``loc:center`` given (drawn in the middle: node_edges.py)
    visit_cost: int = 1  # distance a visit uses (1882 Fishing 0, 18 Los Angeles a5 100)
    route: str = "mandatory"  # 18xx.games graph hint: "mandatory", "optional" or "never"
    format: str | None = None  # how the revenue is printed ("+%s": 1836Jr30 ports)

    @property
    def is_revenue_centre(self) -> bool:
        return self.kind is not NodeKind.JUNCTION


@dataclass(frozen=True, slots=True)
class End:
    """One end of a path: a hex edge (0-5) or a node index."""

    edge: int | None = None
    node: int | None = None

    def __str__(self) -> str:
        return str(self.edge) if self.edge is not None else f"_{self.node}"


Lane = tuple[int, int]  # (width, index): the lane of a path end among parallel tracks
ONE_LANE: tuple[tuple[Lane, Lane], ...] = (((1, 0), (1, 0)),)


@dataclass(frozen=True, slots=True)
class Path:
    """A piece of track. ``lanes``: the parallel tracks it stands for (``lanes:N`` gives N),
    each as the lanes of its a and b ends (``a_lane``, ``b_lane``); one track by default."""

    a: End
    b: End
    terminal: bool = False
    track: str = "broad"
    lanes: tuple[tuple[Lane, Lane], ...] = ONE_LANE

    @property
    def edges(self) -> tuple[int, ...]:
        return tuple(e.edge for e in (self.a, self.b) if e.edge is not None)


@dataclass(frozen=True, slots=True)
class Icon:
    """A symbol printed on a hex (``icon=image:NAME``).

    ``name`` is the image path as written (``port``, ``1846/20``); ``sticky`` keeps it when
    a tile is laid; ``blocks_lay`` means a tile goes there only through a special ability.
    """

    name: str
    sticky: bool = False
    blocks_lay: bool = False

    @property
    def value(self) -> int | None:
        """The number of a value icon: the last part of its path when that is a number
        (``1846/20`` -> 20), else None."""
        last = self.name.rsplit("/", 1)[-1]
        return int(last) if last.isdigit() else None


@dataclass(frozen=True, slots=True)
class Border:
    edge: int
    type: str = ""  # "" (invisible), "impassable", "water", "mountain"; drawn only:
    # "divider", "province"
    cost: int = 0


@dataclass(frozen=True, slots=True)
class TokenSpace:
    """A token space: the ``slot``-th space of city node ``city`` (flat index ``index``)."""

    index: int
    city: int
    slot: int


@dataclass(frozen=True)
class Tile:
    name: str
    colour: str
    nodes: tuple[Node, ...] = ()
    paths: tuple[Path, ...] = ()
    label: str | None = None
    future_label: tuple[str, str] | None = None  # (label, colour)
    upgrade_cost: int = 0
    terrain: tuple[str, ...] = ()
    borders: tuple[Border, ...] = ()
    stubs: tuple[int, ...] = ()
    partitions: tuple[Partition, ...] = ()  # lines track may not cross (partitions.py)
    icons: tuple[str, ...] = ()  # icon names, in code order (details in ``icon_parts``)
    code: str = ""
    extras: tuple[str, ...] = field(default=(), compare=False)
    icon_parts: tuple[Icon, ...] = field(default=(), compare=False)

    # ---- derived facts -------------------------------------------------------------------

    @cached_property
    def token_spaces(self) -> tuple[TokenSpace, ...]:
        out: list[TokenSpace] = []
        for node in self.nodes:
            if node.kind is NodeKind.CITY:
                for s in range(node.slots):
                    out.append(TokenSpace(len(out), node.index, s))
        return tuple(out)

    @cached_property
    def cities(self) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.kind is NodeKind.CITY)

    @cached_property
    def towns(self) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.kind is NodeKind.TOWN)

    @cached_property
    def revenue_centres(self) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.is_revenue_centre)

    @cached_property
    def track_edges(self) -> frozenset[int]:
        """Edges (rotation 0) that track reaches."""
        return frozenset(e for p in self.paths for e in p.edges)

    @property
    def icon_values(self) -> tuple[int, ...]:
        """The numbers of the value icons (``1846/30`` -> 30), in code order."""
        return tuple(i.value for i in self.icon_parts if i.value is not None)

    @property
    def is_blank(self) -> bool:
        return not self.nodes and not self.paths

    def edges_at(self, rotation: int) -> frozenset[int]:
        return frozenset((e + rotation) % 6 for e in self.track_edges)

    def connectivity(self, rotation: int = 0) -> Connectivity:
        """Which edges and nodes the track joins, with the tile turned ``rotation`` sixths."""
        cache: dict[int, Connectivity] = self.__dict__.setdefault("_connectivity", {})  # immutable
        r = rotation % 6
        if r not in cache:
            cache[r] = connectivity_of(self, r)
        return cache[r]


@dataclass(frozen=True, slots=True)
class Connectivity:
    """The track network of one tile in one rotation.

    ``node_edges[i]``: edges reachable from node i along track that crosses no other
    revenue centre; ``edge_pairs``: pairs of edges joined by track that touches no revenue
    centre (through-track); ``node_pairs``: pairs of nodes joined directly.
    """

    node_edges: tuple[frozenset[int], ...]
    edge_pairs: frozenset[tuple[int, int]]
    node_pairs: frozenset[tuple[int, int]]

    @property
    def edges(self) -> frozenset[int]:
        out: set[int] = set()
        for es in self.node_edges:
            out |= es
        for a, b in self.edge_pairs:
            out.update((a, b))
        return frozenset(out)


def connectivity_of(tile: Tile, rotation: int) -> Connectivity:
    """Compute the connectivity of ``tile`` turned ``rotation`` sixths clockwise.

    Every path end is a vertex of its own, except at junctions, where the ends meet: so the
    connected components of the track graph are the stretches of track between revenue
    centres and edges. Paths sharing only an edge stay apart (a train leaves the hex there),
    and a revenue centre is an end, never a way through.
    """
    junctions = {n.index for n in tile.nodes if n.kind is NodeKind.JUNCTION}
    # Union-find over the path ends (a junction is one vertex for every end that meets it).
    parent: dict[tuple[object, ...], tuple[object, ...]] = {}
    attrs: dict[tuple[object, ...], tuple[str, int]] = {}

    def find(v: tuple[object, ...]) -> tuple[object, ...]:
        parent.setdefault(v, v)
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for i, p in enumerate(tile.paths):
        vertices: list[tuple[str, int] | tuple[str, int, str]] = []
        for side, end in (("a", p.a), ("b", p.b)):
            if end.node is not None and end.node in junctions:
                vertices.append(("junction", end.node))
                continue
            v = ("end", i, side)
            if end.edge is not None:
                attrs[v] = ("edge", (end.edge + rotation) % 6)
            elif end.node is not None:
                attrs[v] = ("node", end.node)
            vertices.append(v)
        ra, rb = find(vertices[0]), find(vertices[1])
        if ra != rb:
            parent[ra] = rb

    components: dict[tuple[object, ...], list[tuple[str, int]]] = {}
    for vertex, attr in attrs.items():
        components.setdefault(find(vertex), []).append(attr)
    node_edges: list[set[int]] = [set() for _ in tile.nodes]
    node_pairs: set[tuple[int, int]] = set()
    edge_pairs: set[tuple[int, int]] = set()
    for component in components.values():
        edges = sorted({x for kind, x in component if kind == "edge"})
        nodes = sorted({x for kind, x in component if kind == "node"})
        for n in nodes:
            node_edges[n].update(edges)
        node_pairs.update(itertools.combinations(nodes, 2))
        edge_pairs.update(itertools.combinations(edges, 2))
    return Connectivity(
        tuple(frozenset(es) for es in node_edges), frozenset(edge_pairs), frozenset(node_pairs)
    )
