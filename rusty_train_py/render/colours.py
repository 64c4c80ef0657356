"""The colours the map is drawn in (Qt-free): hex fills, phases, borders, routes, selection.

Route colours are chosen for colour-blind players and against the map: the first four stay
far apart (CIE Lab distance at least 25) in normal vision and in simulated protanopia,
deuteranopia and tritanopia, all six at least 12, and each is at least 15 away from every
tile, off-board and phase colour (tests/test_colours.py checks it). Each route line is also
drawn over a white casing edged in near-black, so it stands out from every fill below it;
the selection outline is a colour line on the same casing, visible on the red off-boards too.
"""

from __future__ import annotations

HEX_FILL = {
    "white": "#f7f2e0",
    "yellow": "#fde900",
    "green": "#70b050",
    "brown": "#cb7745",
    "grey": "#bcbdc0",
    "red": "#e8262c",
    "blue": "#5aa9e6",
}
PHASE_FILL = {
    "yellow": "#fde900",
    "green": "#70b050",
    "brown": "#cb7745",
    "grey": "#bcbdc0",
    "diesel": "#8fb3d9",
}
BORDER_COLOUR = {
    "impassable": "#d01c1f",
    "water": "#1c6fd0",
    "mountain": "#7a4a1c",
    "divider": "#404040",
    "province": "#404040",
}
DRAWN_ONLY_BORDERS = frozenset({"divider", "province"})  # dashed: no rule goes with them
# Partition lines across a hex: a river in the water blue, a divider or province line in grey.
PARTITION_COLOUR = {"water": "#1c6fd0"}
PARTITION_OTHER = "#404040"
OUTLINE = "#5a5a5a"
TRACK = "#000000"
CASING = "#ffffff"

# One colour per train, in the order of the routes: blue, orange, wine, indigo, magenta,
# purple (from Paul Tol's colour-blind-safe schemes and ColorBrewer).
ROUTE_COLOURS = ("#4477aa", "#ff7f00", "#882255", "#332288", "#ee3377", "#6a3d9a")
ROUTE_CASING = "#ffffff"  # under every route line and stop ring ...
ROUTE_EDGE = "#1a1a1a"  # ... edged in near-black

SELECTION_EDGE = "#1a1a1a"
SELECTION_CASING = "#ffffff"

# Dark fills take their place names on a light plate rather than with a halo.
DARK_FILLS = frozenset({"red", "blue", "green", "brown"})


def route_colour(index: int) -> str:
    """The colour of the route of train ``index`` (counting from 0)."""
    return ROUTE_COLOURS[index % len(ROUTE_COLOURS)]
