"""Which tiles may replace the tile on a hex, and in which rotations (Qt-free).

Two lists serve the Replace-tile mode: every tile that fits the hex (``e``: for correcting
a map, any tile of the hex's kind and label whose tokens fit) and the valid upgrades (``u``): the next colour, the same
revenue centres and label, every piece of existing track kept, no impassable border crossed
(nor a partition, in games whose partitions block track: partitions.py) and copies of the
tile left.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ..grid.tile import Node, NodeKind, Tile
from .state import MapEditError, MapState

# The colour a hex of each colour upgrades to; a white hex takes yellow.
NEXT_COLOUR = {"white": "yellow", "yellow": "green", "green": "brown", "brown": "grey"}


@dataclass(frozen=True, slots=True)
class Candidate:
    """A tile that may be placed on a hex and the rotations it may take there."""

    tile: str
    rotations: tuple[int, ...]


def current_colour(state: MapState, hex_name: str) -> str:
    """The colour showing on a hex: the laid tile's, or the printed hex's."""
    tile, _ = state.tile_at(hex_name)
    return tile.colour


def required_label(state: MapState, hex_name: str, colour: str) -> str | None:
    """The label a tile of ``colour`` must carry on this hex, as 18xx.games decides it.

    A future label (printed on the hex, or on the tile showing) applies to the tile of its
    colour; the printed hex's future label stays with the tiles laid there until that colour
    is reached (18AL Montgomery L5 green must be labelled M; 18TN Nashville's green N tile
    carries a future P for brown). Otherwise the tile showing passes on its own label.
    """
    printed = state.game.hexes[hex_name].tile
    tile, _ = state.tile_at(hex_name)
    future = tile.future_label
    if printed.future_label is not None and _before(tile.colour, printed.future_label[1]):
        future = printed.future_label
    if future is not None and future[1] == colour:
        return future[0] or None
    return tile.label


COLOUR_ORDER = ("white", "yellow", "green", "brown", "grey")


def _before(colour: str, other: str) -> bool:
    """Whether tile colour ``colour`` comes before ``other`` in the upgrade order."""
    if colour not in COLOUR_ORDER or other not in COLOUR_ORDER:
        return False
    return COLOUR_ORDER.index(colour) < COLOUR_ORDER.index(other)


def special_tiles(state: MapState, hex_name: str) -> tuple[str, ...] | None:
    """The only tiles a game's ``[[upgrade_rules]]`` allow on the hex now (None: no rule)."""
    tile, _ = state.tile_at(hex_name)
    allowed: set[str] | None = None
    for rule in state.game.upgrade_rules:
        if rule.applies(hex_name, tile):
            allowed = set(rule.to) if allowed is None else allowed & set(rule.to)
    return None if allowed is None else tuple(sorted(allowed))


def crosses_impassable(state: MapState, hex_name: str, tile: Tile, rotation: int) -> bool:
    """Whether the tile's track, turned ``rotation``, runs over an impassable border."""
    for edge in tile.edges_at(rotation):
        border = state.game.border(hex_name, edge)
        if border is not None and border.type == "impassable":
            return True
    return False


def crossed_partition(state: MapState, hex_name: str, tile: Tile, rotation: int) -> str | None:
    """The partition printed on the hex that the tile's track, turned ``rotation``, would
    cross (partitions.py), described; None when it crosses none or the game's partitions
    restrict no lay (``partitions_block`` false, as in the 18xx.games engine's base)."""
    partitions = state.game.hexes[hex_name].tile.partitions
    if not partitions or not state.game.partitions_block:
        return None
    conn = tile.connectivity(rotation)
    edges = tile.edges_at(rotation)
    for partition in partitions:
        if partition.refuses(edges, conn.edge_pairs):
            return partition.describe()
    return None


_Centre = tuple[Node, frozenset[int]]  # a revenue centre and the edges it reaches


def _centres(tile: Tile, rotation: int) -> list[_Centre]:
    conn = tile.connectivity(rotation)
    return [(n, conn.node_edges[n.index]) for n in tile.revenue_centres]


def _towns_kept(old: list[_Centre], new: list[_Centre], merge: bool = False) -> bool:
    """Every old town matches its own new town reaching all of its edges; with ``merge``,
    several old towns may go to one new town reaching all their edges."""
    if merge and len(new) < len(old):
        return all(any(oe <= ne for _, ne in new) for _, oe in old)
    if len(old) != len(new):
        return False
    return any(
        all(oe <= ne for (_, oe), (_, ne) in zip(old, perm, strict=True))
        for perm in itertools.permutations(new)
    )


def _cities_kept(old: list[_Centre], new: list[_Centre], merge_allowed: bool) -> bool:
    """Every old city maps to a new city reaching all of its edges, with room for its tokens.

    With as many new cities as old, the map is one-to-one and no city loses token spaces;
    with fewer (a labelled city merging, as Toronto 122 -> 124), several old cities may share
    a new one that has as many spaces as they had together; with more (a labelled city
    splitting, as 1836Jr30 Amsterdam's one NY city -> tile 54's two), each old city goes to a
    new city of its own (18xx.games lets labelled cities change their count).
    """
    if len(new) == len(old) or (merge_allowed and len(new) > len(old) and old):
        for perm in itertools.permutations(new, len(old)):
            if all(
                oe <= ne and nn.slots >= on.slots
                for (on, oe), (nn, ne) in zip(old, perm, strict=True)
            ):
                return True
        return False
    if not merge_allowed or not new or len(new) > len(old):
        return False
    for choice in itertools.product(range(len(new)), repeat=len(old)):
        room = [n.slots for n, _ in new]
        ok = True
        for (on, oe), j in zip(old, choice, strict=True):
            room[j] -= on.slots
            if not oe <= new[j][1] or room[j] < 0:
                ok = False
                break
        if ok:
            return True
    return False


def keeps_track(
    old: Tile,
    old_rotation: int,
    new: Tile,
    new_rotation: int,
    merge_allowed: bool = False,
    towns_merge: bool = False,
) -> bool:
    """Whether ``new`` (turned ``new_rotation``) keeps every connection of ``old``.

    Each old revenue centre must find a new one of its kind reaching all of its edges, and
    every through-track pair of edges must still be joined. ``towns_merge``: old towns may
    share a new town (a tile the game names for the hex: 1847 AE's double towns).
    """
    old_c, new_c = _centres(old, old_rotation), _centres(new, new_rotation)
    if any(n.kind not in (NodeKind.CITY, NodeKind.TOWN) for n, _ in old_c + new_c):
        return False

    def of(kind: NodeKind, items: list[_Centre]) -> list[_Centre]:
        return [x for x in items if x[0].kind is kind]

    if not _towns_kept(of(NodeKind.TOWN, old_c), of(NodeKind.TOWN, new_c), towns_merge):
        return False
    if not _cities_kept(of(NodeKind.CITY, old_c), of(NodeKind.CITY, new_c), merge_allowed):
        return False
    old_pairs = old.connectivity(old_rotation).edge_pairs
    if not old_pairs <= new.connectivity(new_rotation).edge_pairs:
        return False
    return _gauges_kept(old, old_rotation, new, new_rotation)


# Which gauges of new track keep old track of a gauge (18xx.games Path#tracks_match?).
KEEPS_GAUGE = {"broad": ("broad", "dual"), "narrow": ("narrow", "dual"), "dual": ("dual",)}


def _edge_gauges(tile: Tile, rotation: int) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for p in tile.paths:
        for e in p.edges:
            out.setdefault((e + rotation) % 6, set()).add(p.track)
    return out


def _gauges_kept(old: Tile, old_rotation: int, new: Tile, new_rotation: int) -> bool:
    """Whether the track at every edge of ``old`` goes on in a gauge that keeps it (1849:
    narrow by narrow or dual, broad by broad or dual, dual only by dual)."""
    if all(p.track == "broad" for p in old.paths + new.paths):
        return True
    new_gauges = _edge_gauges(new, new_rotation)
    for edge, gauges in _edge_gauges(old, old_rotation).items():
        for g in gauges:
            if not set(KEEPS_GAUGE[g]) & new_gauges.get(edge, set()):
                return False
    return True


def upgrade_problem(state: MapState, hex_name: str, tile_name: str, rotation: int) -> str | None:
    """Why ``tile_name`` turned ``rotation`` is not a valid upgrade of the hex (None if it is)."""
    game = state.game
    mh = game.hexes[hex_name]
    if not mh.accepts_tiles:
        return f"{hex_name}: a {mh.colour} hex cannot take tiles"
    if tile_name not in game.manifest:
        return f"{hex_name}: tile {tile_name} is not in the game's manifest"
    old, old_rot = state.tile_at(hex_name)
    new = game.tile(tile_name)
    want = NEXT_COLOUR.get(old.colour)
    if new.colour != want:
        return f"{hex_name}: a {old.colour} hex takes a {want or 'no'} tile, not {new.colour}"
    if new.colour not in state.phase_colours:
        allowed = ", ".join(state.phase_colours)
        return f"{hex_name}: phase {state.phase} allows {allowed} tiles, not {new.colour}"
    label = required_label(state, hex_name, new.colour)
    special = special_tiles(state, hex_name)
    if special is not None:
        if tile_name not in special:
            if not special:
                return f"{hex_name}: tile {old.name} cannot be upgraded"
            return f"{hex_name}: only tile {', '.join(special)} may replace tile {old.name} here"
        label = new.label  # the game names the tile: its label is right
    if new.label != label:
        if label:
            return f"{hex_name}: needs a tile labelled {label}"
        return f"{hex_name}: tile {tile_name} is labelled {new.label}"
    left = state.tiles_available(tile_name)
    if left is not None and left <= 0 and state.laid_tile(hex_name) != tile_name:
        return f"{hex_name}: no tile {tile_name} left"
    missing = [e for e in mh.tile.stubs if e not in new.edges_at(rotation)]
    if missing:
        return (
            f"{hex_name}: tile {tile_name} must connect the printed track stub at edge {missing[0]}"
        )
    if crosses_impassable(state, hex_name, new, rotation):
        return f"{hex_name}: tile {tile_name} would cross an impassable border"
    crossed = crossed_partition(state, hex_name, new, rotation)
    if crossed is not None:
        return f"{hex_name}: tile {tile_name} turned {rotation} {crossed}"
    # a tile an upgrade rule names may join the old towns in one (18xx.games: the title's
    # upgrades_to? names it, and its track step keeps the old track's edges, not its towns)
    merged = special is not None
    if not keeps_track(old, old_rot, new, rotation, label is not None, merged):
        return f"{hex_name}: tile {tile_name} does not keep the existing track and stations"
    try:
        state.place_tile_edit(hex_name, tile_name, rotation)
    except MapEditError as exc:
        return str(exc)
    return None


def is_valid_upgrade(state: MapState, hex_name: str, tile_name: str, rotation: int) -> bool:
    return upgrade_problem(state, hex_name, tile_name, rotation) is None


def _fits(state: MapState, hex_name: str, tile_name: str, rotation: int) -> bool:
    try:
        state.place_tile_edit(hex_name, tile_name, rotation)
    except MapEditError:
        return False
    return True


def _unique_rotations(tile: Tile, rotations: Sequence[int]) -> tuple[int, ...]:
    """Drop rotations that look the same as an earlier one (a straight track has three).

    The gauge and terminal bar of the track at each side count: a city with narrow track on
    one side and broad on the other (1849's 657) looks different turned half round."""
    seen: set[object] = set()
    out = []
    for r in rotations:
        conn = tile.connectivity(r)
        key: object = (tuple(sorted(tuple(sorted(e)) for e in conn.node_edges)), conn.edge_pairs)
        if tile.cities:
            key = (conn.node_edges, conn.edge_pairs)  # token spaces tell cities apart
        sides = sorted(
            ((end.edge + r) % 6, p.track, p.terminal)
            for p in tile.paths
            for end in (p.a, p.b)
            if end.edge is not None
        )
        key = (key, tuple(sides))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return tuple(out)


def upgrade_candidates(state: MapState, hex_name: str) -> list[Candidate]:
    """Every valid upgrade of the hex with its valid rotations, in catalogue order.

    In games with the rule ``upgrade_max_exits`` (1861, 1867: cities), a hex holding such a
    revenue centre takes only the valid upgrades with the most track edges."""
    game = state.game
    out = []
    for tile in game.placeable_tiles:
        rots = [r for r in range(6) if is_valid_upgrade(state, hex_name, tile.name, r)]
        if rots:
            out.append(Candidate(tile.name, _unique_rotations(tile, rots)))
    old, _ = state.tile_at(hex_name)
    if out and any(n.kind.value in game.upgrade_max_exits for n in old.revenue_centres):
        most = max(len(game.tile(c.tile).track_edges) for c in out)
        out = [c for c in out if len(game.tile(c.tile).track_edges) == most]
    return out


def centre_kinds(tile: Tile) -> frozenset[str]:
    """The kinds of revenue centre on a tile ("city", "town"), none for plain track."""
    return frozenset(n.kind.value for n in tile.revenue_centres)


def fitting_candidates(state: MapState, hex_name: str) -> list[Candidate]:
    """Every tile of the manifest that can go on the hex at all: the kind of revenue centre
    the printed hex has (a town hex takes town tiles, a plain hex plain track), the label
    the hex asks for in that colour (Montreal's M tiles only on Montreal), copies left and
    room for the tokens there."""
    mh = state.game.hexes[hex_name]
    if not mh.accepts_tiles:
        return []
    kinds = centre_kinds(mh.tile)
    out = []
    for tile in state.game.placeable_tiles:
        if centre_kinds(tile) != kinds or tile.label != required_label(
            state, hex_name, tile.colour
        ):
            continue
        rots = [r for r in range(6) if _fits(state, hex_name, tile.name, r)]
        if rots:
            out.append(Candidate(tile.name, _unique_rotations(tile, rots)))
    return out
