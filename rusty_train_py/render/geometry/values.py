"""Value types of a tile's layout, and the sizes they are drawn at (units of the hex radius).

Coordinates are screen pixels relative to the hex centre, y pointing down; ``radius`` is the
hex's centre-to-corner radius.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...grid.hexgrid import SQRT3
from ...grid.tile import NodeKind

Point = tuple[float, float]

# Sizes in units of the hex radius (centre to corner).
INRADIUS = SQRT3 / 2.0
TRACK_WIDTH = 0.085
CASING_WIDTH = 0.14
SLOT_RADIUS = 0.25
TOWN_BAR_LENGTH = 0.36
TOWN_BAR_WIDTH = 0.1
TOWN_DOT_RADIUS = 0.1
REVENUE_RADIUS = 0.16
LABEL_SIZE = 0.3  # label font height
NAME_SIZE = 0.15  # location name font height
PHASE_BOX_HEIGHT = 0.26
STUB_LENGTH = 0.3
ARROW_LENGTH = 0.2
ARROW_WIDTH = 0.26
ARROW_START = 0.26  # track length from the edge to the arrow's base
LOC_DISTANCE = 0.5
ROUTE_WIDTH = 0.13
NAME_WIDTH = 1.3  # widest a place name is drawn, in hex radii
NAME_LINE_STEP = 1.15  # a line of a place name, in font heights


# ---------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True, slots=True)
class TrackPiece:
    """One drawn piece of track: a polyline, and the index of its path in ``tile.paths``.

    ``path_index`` is -1 for a stub. ``terminal`` marks a path that ends a route; ``gauge``
    is the path's track (``broad``, ``narrow``, ``dual``).
    """

    points: tuple[Point, ...]
    path_index: int
    terminal: bool = False
    gauge: str = "broad"


@dataclass(frozen=True, slots=True)
class TokenSpaceLayout:
    """A token space: its index in ``tile.token_spaces``, centre and radius."""

    index: int
    centre: Point
    radius: float


@dataclass(frozen=True, slots=True)
class NodeLayout:
    """A drawn node. Cities have ``spaces`` and an ``outline`` (the white body around the
    spaces); towns have a ``bar`` (two end points) or, with ``bar`` None, are a dot of
    ``radius``; off-boards and junctions draw nothing themselves."""

    index: int
    kind: NodeKind
    centre: Point
    radius: float
    spaces: tuple[TokenSpaceLayout, ...] = ()
    outline: tuple[Point, ...] = ()
    bar: tuple[Point, Point] | None = None


@dataclass(frozen=True, slots=True)
class RevenueDisc:
    """A white revenue disc; ``node_indices``: the nodes it stands for."""

    centre: Point
    radius: float
    text: str
    node_indices: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PhaseRevenueRow:
    """Off-board revenues by phase: a row of boxes, ``columns`` = (colour, value)."""

    centre: Point
    box_width: float
    box_height: float
    columns: tuple[tuple[str, int], ...]
    node: int = 0

    def box_centres(self) -> list[Point]:
        """Centre of each column's box, left to right."""
        n = len(self.columns)
        x0 = self.centre[0] - self.box_width * (n - 1) / 2.0
        return [(x0 + i * self.box_width, self.centre[1]) for i in range(n)]


@dataclass(frozen=True, slots=True)
class TextItem:
    """A piece of text centred on ``centre``, ``size`` high."""

    centre: Point
    text: str
    size: float  # font height
    colour: str = ""


@dataclass(frozen=True, slots=True)
class TerrainMark:
    """A laying cost: ``kinds`` ("mountain", "water") drawn as small icons, then ``text``."""

    centre: Point
    kinds: tuple[str, ...]
    text: str
    size: float
    cost: int = 0  # the amount ``text`` writes (in dollars until ``in_currency``)


@dataclass(frozen=True, slots=True)
class OffboardArrow:
    """An arrow where off-board track meets the hex side."""

    edge: int  # screen edge (after rotation)
    points: tuple[Point, ...]  # a filled triangle


@dataclass(frozen=True, slots=True)
class IconMark:
    """A small symbol such as a port."""

    centre: Point
    name: str
    size: float


@dataclass(frozen=True, slots=True)
class TileLayout:
    """Everything needed to draw one tile (or printed hex) in hex-local coordinates."""

    radius: float
    corners: tuple[Point, ...]
    tracks: tuple[TrackPiece, ...]
    stubs: tuple[TrackPiece, ...]
    nodes: tuple[NodeLayout, ...]
    revenues: tuple[RevenueDisc, ...]
    phase_revenues: tuple[PhaseRevenueRow, ...]
    arrows: tuple[OffboardArrow, ...]
    label: TextItem | None
    future_label: TextItem | None
    terrain: TerrainMark | None
    icons: tuple[IconMark, ...]
    name_pos: Point
    name_size: float
    track_width: float
    casing_width: float

    def node(self, index: int) -> NodeLayout | None:
        """The layout of node ``index`` (None for nodes not drawn)."""
        for n in self.nodes:
            if n.index == index:
                return n
        return None


@dataclass(frozen=True, slots=True)
class PlaceName:
    """A place name as drawn: ``lines`` stacked round ``centre``, each ``sizes[i]`` high and
    no wider than ``width``; ``box`` adds the room of its halo or plate."""

    centre: Point
    lines: tuple[str, ...]
    sizes: tuple[float, ...]
    width: float

    @property
    def height(self) -> float:
        return sum(s * NAME_LINE_STEP for s in self.sizes)

    def line_centres(self) -> tuple[Point, ...]:
        """Centre of each line, top to bottom."""
        y = self.centre[1] - self.height / 2
        out = []
        for s in self.sizes:
            out.append((self.centre[0], y + s * NAME_LINE_STEP / 2))
            y += s * NAME_LINE_STEP
        return tuple(out)

    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the name with its halo or plate."""
        pad_x, pad_y = self.sizes[0] * 0.25, self.sizes[0] * 0.08
        x, y = self.centre
        w, h = self.width / 2 + pad_x, self.height / 2 + pad_y
        return (x - w, y - h, x + w, y + h)


@dataclass(frozen=True, slots=True)
class HexLabels:
    """The labels of one hex, drawn above track and routes: its place name, revenue discs and
    phase revenue rows, in hex-local coordinates round ``centre`` (map pixels)."""

    hex: str
    centre: Point
    name: PlaceName | None
    revenues: tuple[RevenueDisc, ...]
    phase_revenues: tuple[PhaseRevenueRow, ...]


@dataclass(frozen=True, slots=True)
class BorderMark:
    """A special hex side of a printed hex: type "impassable", "water", "mountain", or a
    drawn-only "divider" or "province"."""

    edge: int
    type: str
    cost: int
    line: tuple[Point, Point]
    cost_pos: Point


@dataclass(frozen=True, slots=True)
class PartitionMark:
    """A partition line across a printed hex (a river track may not cross, a divider)."""

    type: str
    line: tuple[Point, Point]


def _point(p: Sequence[float]) -> Point:
    """``p`` (two numbers) as a point of floats."""
    return (float(p[0]), float(p[1]))


def _points(ps: Iterable[Sequence[float]]) -> tuple[Point, ...]:
    """Every point of ``ps`` as a point of floats."""
    return tuple((float(p[0]), float(p[1])) for p in ps)
