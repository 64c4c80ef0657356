"""Qt-free geometry of the map as drawn: tiles in hex-local coordinates, the map's layout.

Coordinates are screen pixels relative to the hex centre, y pointing down; ``radius`` is the
hex's centre-to-corner radius. Edges follow :mod:`rusty_train_py.grid.hexgrid` (flat: edge 0 is
the bottom; pointy: edge 0 is the lower left; both clockwise).

One concern per module, each importing only those above it:

- ``values``: the layout value types and the sizes they are drawn at;
- ``curves``: vector helpers, track curves and the frame of a rotated tile;
- ``nodes``: where a tile's cities and towns go, and the track joining them;
- ``spots``: free spots for discs, labels and names (least overlap, with shapely);
- ``tile_layout``: the whole layout of one tile, cached and scaled;
- ``map_layout``: special hex sides, the map's bounds, coordinate labels;
- ``routes``: routes drawn over the map (lines side by side where they share track, rings
  round the stops);
- ``labels``: a tile's place name, revenue discs and phase rows, legible at every zoom;
- ``map_labels``: every hex's labels with routes over the map, moved off their lines and rings;
- ``extra_tokens``: where tokens in a city's extra slot are drawn, beside the city;
- ``hits``: hit tests.
"""

from .extra_tokens import extra_token_spots
from .hits import token_space_at
from .labels import label_shapes
from .map_labels import MapOverlay, map_overlay
from .map_layout import (
    border_marks,
    coordinate_labels,
    coordinate_margin,
    drawn_hexes,
    invisible_edges,
    map_bounds,
    partition_marks,
)
from .nodes import slot_offsets
from .routes import RouteLine, RouteOverlay, StopRing, route_overlay, route_parts
from .spots import name_lines, name_size, text_width
from .tile_layout import current_column, in_currency, revenue_text, tile_layout
from .values import (
    CASING_WIDTH,
    NAME_WIDTH,
    ROUTE_WIDTH,
    SLOT_RADIUS,
    TOWN_BAR_WIDTH,
    TRACK_WIDTH,
    BorderMark,
    HexLabels,
    IconMark,
    NodeLayout,
    OffboardArrow,
    PartitionMark,
    PhaseRevenueRow,
    PlaceName,
    Point,
    RevenueDisc,
    TerrainMark,
    TextItem,
    TileLayout,
    TokenSpaceLayout,
    TrackPiece,
)

__all__ = [
    "CASING_WIDTH",
    "NAME_WIDTH",
    "ROUTE_WIDTH",
    "SLOT_RADIUS",
    "TOWN_BAR_WIDTH",
    "TRACK_WIDTH",
    "BorderMark",
    "PartitionMark",
    "IconMark",
    "HexLabels",
    "MapOverlay",
    "NodeLayout",
    "OffboardArrow",
    "PhaseRevenueRow",
    "PlaceName",
    "Point",
    "RevenueDisc",
    "RouteLine",
    "RouteOverlay",
    "StopRing",
    "TerrainMark",
    "TextItem",
    "TileLayout",
    "TokenSpaceLayout",
    "TrackPiece",
    "border_marks",
    "partition_marks",
    "coordinate_labels",
    "drawn_hexes",
    "coordinate_margin",
    "current_column",
    "extra_token_spots",
    "invisible_edges",
    "label_shapes",
    "map_overlay",
    "map_bounds",
    "name_lines",
    "name_size",
    "revenue_text",
    "route_overlay",
    "route_parts",
    "slot_offsets",
    "text_width",
    "tile_layout",
    "in_currency",
    "token_space_at",
]
