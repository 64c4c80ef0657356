"""The upgrade chart of a game: which tiles each tile of the manifest may become, the way
rulebooks print it (yellow -> green -> brown -> grey, grouped by label and by the kind of
revenue centres), computed from the game data (Qt-free).

It is about tiles, not hexes: a tile's upgrades are what ``u`` (upgrades.py,
``upgrade_candidates``) offers on a hex showing that tile when nothing about the hex itself
restricts them (a plain white hex: no printed label, track stub, border, token or hex rule;
every colour allowed; every copy of the manifest left). So the chart follows the same rules
as ``u``: the next colour, the same label (a merging labelled city may lose cities), every
revenue centre and piece of track kept in some rotation, the game's tile rules (rules
without ``hexes``) and, where the game says so (``upgrade_max_exits``), only the upgrades
with the most exits for a tile holding such a revenue centre.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..gamedata.game import Game, MapHex, Phase
from ..grid.tile import NodeKind, Tile
from ..grid.tile_code import parse_tile
from .state import MapState
from .upgrades import NEXT_COLOUR, upgrade_candidates

CHART_COLOURS = ("yellow", "green", "brown", "grey")

_KIND_ORDER = ("track", "town", "two towns", "city", "city and town", "two cities")


def centre_kind(tile: Tile) -> str:
    """What a tile holds, in words: ``track``, ``town``, ``two towns``, ``city``, ``two
    cities``, ``city and town`` ... (off-boards and junctions aside)."""
    counts = Counter(n.kind for n in tile.revenue_centres if n.kind is not NodeKind.OFFBOARD)
    cities, towns = counts[NodeKind.CITY], counts[NodeKind.TOWN]
    words = {1: "", 2: "two ", 3: "three ", 4: "four "}
    parts = []
    if cities:
        parts.append(f"{words.get(cities, f'{cities} ')}cit{'ies' if cities > 1 else 'y'}")
    if towns:
        parts.append(f"{words.get(towns, f'{towns} ')}town{'s' if towns > 1 else ''}")
    return " and ".join(parts) or "track"


@dataclass(frozen=True)
class ChartGroup:
    """One row of the chart: tiles of one label and kind, by colour (catalogue order)."""

    label: str | None
    kind: str
    tiles: dict[str, tuple[str, ...]]  # colour -> tile names

    @property
    def title(self) -> str:
        return f"{self.label}: {self.kind}" if self.label else self.kind


def _lone_hex_game(game: Game) -> tuple[Game, str]:
    """The game reduced to one plain white hex, in one phase allowing every colour."""
    name = game.hex_order[0]
    blank = parse_tile("", "white", "", where=f"{game.id} chart hex")
    lone = MapHex(name, game.hexes[name].coord, "white", blank)
    phase = Phase("chart", CHART_COLOURS)
    return (
        replace(
            game,
            hexes={name: lone},
            phases=(phase,),
            default_phase="chart",
            upgrade_rules=tuple(r for r in game.upgrade_rules if not r.hexes),
            phase_revenue={},
        ),
        name,
    )


def upgrade_chart(game: Game) -> dict[str, tuple[str, ...]]:
    """Every manifest tile of a chart colour -> the manifest tiles it may be upgraded to
    (catalogue order; grey tiles and tiles of other colours upgrade to nothing)."""
    lone, hex_name = _lone_hex_game(game)
    out: dict[str, tuple[str, ...]] = {}
    for tile in game.placeable_tiles:
        if tile.colour not in CHART_COLOURS:
            continue
        if tile.colour not in NEXT_COLOUR:
            out[tile.name] = ()
            continue
        state = MapState(lone)
        state.apply(state.place_tile_edit(hex_name, tile.name, 0, check_available=False))
        out[tile.name] = tuple(c.tile for c in upgrade_candidates(state, hex_name))
    return out


def hex_rule_notes(game: Game) -> dict[str, str]:
    """Tiles that the game's hex rules (``[[upgrade_rules]]`` with ``hexes``) lay on named
    hexes, which a chart about tiles cannot draw as arrows: tile -> ``only on D10``."""
    hexes: dict[str, list[str]] = {}
    for rule in game.upgrade_rules:
        if rule.hexes:
            for t in rule.to:
                hexes.setdefault(t, []).extend(h for h in rule.hexes if h not in hexes.get(t, []))
    return {t: "only on " + ", ".join(hs) for t, hs in hexes.items()}


def chart_groups(game: Game) -> list[ChartGroup]:
    """The chart's rows: unlabelled tiles first, one row per kind (track, towns, cities ...),
    then one row per label (a labelled city keeps its label as it grows or merges: 1867's
    Montreal goes from three cities to one), in label order; within a row, each colour's
    tiles in catalogue order."""
    rows: dict[tuple[str | None, str], dict[str, list[str]]] = {}
    kinds: dict[tuple[str | None, str], list[str]] = {}
    for tile in game.placeable_tiles:
        if tile.colour not in CHART_COLOURS:
            continue
        kind = centre_kind(tile)
        key = (tile.label, kind if tile.label is None else "")
        rows.setdefault(key, {c: [] for c in CHART_COLOURS})[tile.colour].append(tile.name)
        seen = kinds.setdefault(key, [])
        if kind not in seen:
            seen.append(kind)

    def order(key: tuple[str | None, str]) -> tuple[bool, str, int, str]:
        label, kind = key
        k = _KIND_ORDER.index(kind) if kind in _KIND_ORDER else len(_KIND_ORDER)
        return (label is not None, label or "", k, kind)

    out = []
    for key in sorted(rows, key=order):
        tiles = {c: tuple(ts) for c, ts in rows[key].items()}
        # the kinds in colour order (a merging city: "three cities / two cities / city")
        by_colour = [centre_kind(game.tile(t)) for c in CHART_COLOURS for t in tiles[c]]
        shown = " / ".join(dict.fromkeys(by_colour))
        out.append(ChartGroup(key[0], shown if key[0] is not None else key[1], tiles))
    return out
